//! A run of the safety matrix as a plain value: every cell's state, from the
//! workers' replies. The pool (`matrix_pool.rs`) hears the workers and
//! dispatches here; the panel (`matrix.rs`) draws it.

use replab_check::matrix::{self, Cell, Claim, Column, Columns, Failures, Known, Row, Settled};
use replab_core::{Protocol, Setup, ViolationKind};
use replab_messages::built::BuiltTable;
use replab_messages::message::{Bounds, SearchReply};
use replab_narrate::MatrixCell;
use std::rc::Rc;
use yew::prelude::*;

/// What a cell has so far.
#[derive(Clone, Debug, PartialEq)]
pub enum CellState {
    Waiting,
    Running {
        states: u32,
    },
    /// The shortest history that breaks a safety check: the worker's
    /// wordless script (`replab_view::found::worded` titles and comments it).
    Violation {
        kind: ViolationKind,
        steps: u32,
        states: u32,
        script: Rc<str>,
    },
    Safe {
        states: u32,
    },
    Unfinished {
        states: u32,
        depth: u32,
    },
    /// The search held more than its worker's memory budget.
    OverBudget {
        states: u32,
        depth: u32,
        megabytes: u32,
    },
    /// The request was refused (worded in the page's language when the run
    /// started): the cell says so.
    Refused(Rc<str>),
    /// The worker stopped (a trap, out of memory): what the browser said.
    Error(Rc<str>),
}

impl CellState {
    pub fn is_done(&self) -> bool {
        !matches!(self, CellState::Waiting | CellState::Running { .. })
    }

    /// Distinct states this cell's search has seen.
    pub fn states(&self) -> u32 {
        match self {
            CellState::Running { states }
            | CellState::Violation { states, .. }
            | CellState::Safe { states }
            | CellState::Unfinished { states, .. }
            | CellState::OverBudget { states, .. } => *states,
            _ => 0,
        }
    }

    /// For the seed's claim.
    pub fn known(&self) -> Known {
        match self {
            CellState::Violation { .. } => Known::Violation,
            CellState::Safe { .. } => Known::Safe,
            _ => Known::Open,
        }
    }

    /// Its words' data (`narrate::matrix_cell`).
    pub fn words(&self) -> MatrixCell<'_> {
        match self {
            CellState::Waiting => MatrixCell::Waiting,
            CellState::Running { .. } => MatrixCell::Running,
            CellState::Violation { kind, steps, .. } => MatrixCell::Violation {
                kind: *kind,
                steps: *steps as usize,
            },
            CellState::Safe { states } => MatrixCell::Safe {
                states: *states as usize,
            },
            CellState::Unfinished { states, depth } => MatrixCell::Unfinished {
                states: *states as usize,
                depth: *depth as usize,
            },
            CellState::OverBudget { depth, megabytes, .. } => MatrixCell::OverBudget {
                megabytes: *megabytes as usize,
                depth: *depth as usize,
            },
            CellState::Refused(text) | CellState::Error(text) => MatrixCell::Error((&**text).into()),
        }
    }

    /// `data-state`, for scripts and tests.
    pub fn name(&self) -> &'static str {
        match self {
            CellState::Waiting => "waiting",
            CellState::Running { .. } => "running",
            CellState::Violation { .. } => "violation",
            CellState::Safe { .. } => "safe",
            CellState::Unfinished { .. } => "unfinished",
            CellState::OverBudget { .. } => "over-budget",
            CellState::Refused(_) => "refused",
            CellState::Error(_) => "error",
        }
    }
}

/// Where the run is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    Idle,
    Running,
    Finished,
    Cancelled,
}

/// The setup and bounds a run searches: the same for every cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// Scenario text with the setup's header (brokers, leader, settings).
    pub header: Rc<str>,
    /// The acks=1 history above the table (`matrix::acks_one_line`), asked of
    /// the model once for the setup.
    pub acks_one: Option<Rc<str>>,
    pub setup: Rc<Setup>,
    pub bounds: Bounds,
    /// The generations, or every release line.
    pub columns: Columns,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatrixRun {
    /// Replies of an older run are ignored.
    pub run: u32,
    pub job: Rc<Job>,
    pub rows: Rc<[Row]>,
    pub columns: Rc<[Column]>,
    /// A cell a row and column (the column's head), row by row.
    pub cells: Rc<[Cell]>,
    pub states: Vec<CellState>,
    /// How each cell got its answer (its own search until another's says).
    pub settled: Vec<Settled>,
    /// What each cell's search held at most, in megabytes (0: none yet, or
    /// another's search settled it).
    pub megabytes: Vec<u32>,
    /// The answers came with the page: the checker ran when it was built.
    pub built: bool,
    pub phase: Phase,
    /// The page's clock (ms) at the start, and at the latest reply.
    pub since: f64,
    pub now: f64,
}

pub enum Msg {
    Start(u32, Rc<Job>, f64),
    /// A reply of run `.0`'s worker for cell `.1`, at `.3`.
    SearchReply(u32, usize, SearchReply, f64),
    /// Cell `.1`'s worker stopped, saying `.2`.
    Failed(u32, usize, String, f64),
    Cancel,
}

impl MatrixRun {
    pub fn idle(job: Rc<Job>) -> MatrixRun {
        let brokers = job.setup.brokers.len();
        let cells: Rc<[Cell]> = job.columns.cells(brokers).into();
        MatrixRun {
            run: 0,
            rows: matrix::rows(brokers).into(),
            columns: job.columns.columns().into(),
            states: vec![CellState::Waiting; cells.len()],
            settled: vec![Settled::Searched; cells.len()],
            megabytes: vec![0; cells.len()],
            built: false,
            cells,
            job,
            phase: Phase::Idle,
            since: 0.0,
            now: 0.0,
        }
    }

    /// The table answered when the page was built (`BuiltTable::answers`
    /// this job): every cell as its worker would have replied it. None when
    /// the table lacks one of this run's cells.
    pub fn built(job: Rc<Job>, table: &BuiltTable) -> Option<MatrixRun> {
        let mut run = MatrixRun::idle(job);
        for (i, &cell) in run.cells.clone().iter().enumerate() {
            let c = table.cells.iter().find(|c| c.cell == cell)?;
            run.states[i] = cell_state(c.reply.clone())?;
            run.settled[i] = c.settled;
            run.megabytes[i] = c.megabytes;
        }
        run.phase = Phase::Finished;
        run.built = true;
        Some(run)
    }

    /// The cells whose answer is cell `i`'s: the same row under a column
    /// head whose rules its line's search answers (`matrix::rules_of`).
    fn same_rules_as(&self, i: usize) -> Vec<usize> {
        let Some(&mine) = self.cells.get(i) else {
            return Vec::new();
        };
        if self.job.columns != Columns::Releases {
            return Vec::new();
        }
        (0..self.cells.len())
            .filter(|&j| {
                let other = self.cells[j];
                j != i && other.row == mine.row && matrix::rules_of(other.protocol) == mine.protocol
            })
            .collect()
    }

    /// Cell `i` has its answer: so have the cells its line's search answers,
    /// each with the history under its own line.
    fn share_with_same_rules(&mut self, i: usize) {
        for j in self.same_rules_as(i) {
            let protocol = self.cells[j].protocol;
            self.states[j] = match &self.states[i] {
                CellState::Violation {
                    kind,
                    steps,
                    states,
                    script,
                } => CellState::Violation {
                    kind: *kind,
                    steps: *steps,
                    states: *states,
                    script: under_line(script, protocol.name()).into(),
                },
                other => other.clone(),
            };
            self.settled[j] = Settled::SameRules;
            self.megabytes[j] = 0;
        }
    }

    /// How many cells another cell's search settled, by twin and by cover.
    pub fn settled_by_others(&self) -> (usize, usize) {
        let count = |how| self.settled.iter().filter(|&&s| s == how).count();
        (count(Settled::Twin), count(Settled::Covered))
    }

    pub fn busy(&self) -> bool {
        self.phase == Phase::Running
    }

    pub fn done(&self) -> usize {
        self.states.iter().filter(|s| s.is_done()).count()
    }

    /// States seen by every search so far (a cell another's search settled
    /// adds none).
    pub fn total_states(&self) -> u64 {
        self.states
            .iter()
            .zip(&self.settled)
            .filter(|(_, s)| **s == Settled::Searched)
            .map(|(c, _)| u64::from(c.states()))
            .sum()
    }

    pub fn state_of(&self, cell: Cell) -> Option<&CellState> {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .and_then(|i| self.states.get(i))
    }

    /// The seed's claim under `protocol` with `failures`, from the cells so far.
    pub fn claim(&self, protocol: Protocol, failures: Failures) -> Claim {
        matrix::claim(protocol, failures, &self.rows, |c: Cell| {
            self.state_of(c).map_or(Known::Open, CellState::known)
        })
    }
}

impl Reducible for MatrixRun {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut next = (*self).clone();
        match msg {
            Msg::Start(run, job, now) => {
                let mut fresh = MatrixRun::idle(job);
                fresh.run = run;
                fresh.phase = Phase::Running;
                fresh.since = now;
                fresh.now = now;
                return Rc::new(fresh);
            }
            Msg::Cancel if self.busy() => {
                next.phase = Phase::Cancelled;
                for s in &mut next.states {
                    if let CellState::Running { .. } = s {
                        *s = CellState::Waiting;
                    }
                }
            }
            Msg::Cancel => return self,
            Msg::SearchReply(run, ..) | Msg::Failed(run, ..) if run != self.run || !self.busy() => return self,
            Msg::SearchReply(_, i, reply, now) => {
                if i >= next.states.len() {
                    return self;
                }
                let reply = match reply {
                    SearchReply::Memory { megabytes } => {
                        next.megabytes[i] = megabytes;
                        return Rc::new(next);
                    }
                    SearchReply::Settles { settled, reply, .. } => {
                        next.settled[i] = settled;
                        *reply
                    }
                    reply => reply,
                };
                let Some(new) = cell_state(reply) else { return self };
                let done = new.is_done();
                next.states[i] = new;
                next.now = now;
                if done {
                    next.share_with_same_rules(i);
                }
            }
            Msg::Failed(_, i, text, now) => {
                let Some(state) = next.states.get_mut(i) else {
                    return self;
                };
                *state = CellState::Error(text.into());
                next.now = now;
                next.share_with_same_rules(i);
            }
        }
        if next.busy() && next.states.iter().all(CellState::is_done) {
            next.phase = Phase::Finished;
        }
        Rc::new(next)
    }
}

/// A found history's text under line `name`: its `protocol` line changed.
fn under_line(script: &str, name: &str) -> String {
    match script.split_once('\n') {
        Some((first, rest)) if first.starts_with("protocol ") => format!("protocol {name}\n{rest}"),
        _ => format!("protocol {name}\n{script}"),
    }
}

/// A cell's state after a reply (None: nothing to show).
fn cell_state(reply: SearchReply) -> Option<CellState> {
    Some(match reply {
        SearchReply::Ready => return None,
        SearchReply::Progress { states, .. } => CellState::Running { states },
        SearchReply::Violation {
            kind,
            steps,
            states,
            script,
        } => CellState::Violation {
            kind,
            steps,
            states,
            script: script.into(),
        },
        SearchReply::NoViolation { states, .. } => CellState::Safe { states },
        SearchReply::StateLimit { states, depth, .. } => CellState::Unfinished { states, depth },
        SearchReply::OverBudget {
            states,
            depth,
            megabytes,
        } => CellState::OverBudget {
            states,
            depth,
            megabytes,
        },
        SearchReply::Settles { reply, .. } => return cell_state(*reply),
        SearchReply::Memory { .. } => return None,
        SearchReply::Invalid { message } => CellState::Refused(message.into()),
        SearchReply::ReplayFailed { at_step } => CellState::Error(format!("replay failed at step {at_step}").into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(brokers: &[&str]) -> Rc<Job> {
        Rc::new(Job {
            header: "brokers A B\n".into(),
            acks_one: None,
            setup: Rc::new(Setup::of(brokers, Protocol::Hw)),
            bounds: Bounds::default(),
            columns: Columns::Generations,
        })
    }

    fn started() -> Rc<MatrixRun> {
        Rc::new(MatrixRun::idle(job(&["A", "B"]))).reduce(Msg::Start(1, job(&["A", "B"]), 100.0))
    }

    fn violation(steps: u32) -> SearchReply {
        SearchReply::Violation {
            kind: ViolationKind::CommittedWriteLost,
            steps,
            states: 434,
            script: "brokers A B\n".into(),
        }
    }

    #[test]
    fn cells_fill_in_as_their_replies_come_and_the_run_ends_with_the_last() {
        let mut m = started();
        assert_eq!(m.cells.len(), 40);
        assert_eq!((m.phase, m.done()), (Phase::Running, 0));
        m = m.reduce(Msg::SearchReply(
            1,
            3,
            SearchReply::Progress {
                states: 50,
                frontier: 1,
                depth: 2,
            },
            150.0,
        ));
        assert_eq!(m.states[3], CellState::Running { states: 50 });
        m = m.reduce(Msg::SearchReply(1, 3, violation(5), 200.0));
        assert_eq!(m.done(), 1);
        m = m.reduce(Msg::Failed(1, 4, "unreachable".into(), 210.0));
        assert_eq!(
            m.states[4],
            CellState::Error("unreachable".into()),
            "a trap ends its cell only"
        );
        assert_eq!(m.phase, Phase::Running);
        for i in 0..40 {
            if !m.states[i].is_done() {
                m = m.reduce(Msg::SearchReply(
                    1,
                    i,
                    SearchReply::NoViolation { states: 10, depth: 3 },
                    300.0,
                ));
            }
        }
        assert_eq!((m.phase, m.done()), (Phase::Finished, 40));
        assert_eq!(m.total_states(), 434 + 38 * 10);
    }

    /// Over every release line, a column a group of lines that answer alike;
    /// a search answers its head's cell and every column whose rules are its
    /// line's, each with the history under its own line, and the run ends
    /// when the searched lines have answered.
    #[test]
    fn a_search_answers_every_column_with_its_rules() {
        let releases = Rc::new(Job {
            columns: Columns::Releases,
            ..(*job(&["A", "B"])).clone()
        });
        let mut m = Rc::new(MatrixRun::idle(releases.clone())).reduce(Msg::Start(1, releases, 0.0));
        let heads: Vec<&str> = m.columns.iter().map(|c| c.head.name()).collect();
        assert_eq!(heads.len(), 20, "{heads:?}");
        assert_eq!(m.cells.len(), 20 * 8);
        let line = |n: &str| Protocol::from_name(n).expect("a line");
        let three = m
            .columns
            .iter()
            .find(|c| c.head == line("kafka-3.0"))
            .expect("3.0's column");
        assert_eq!(
            three.lines,
            ["kafka-3.0", "kafka-3.1", "kafka-3.2", "kafka-3.3"].map(line),
            "3.0–3.3: the rules of 2.8, with acks=all by default"
        );
        let at = |m: &MatrixRun, name: &str| {
            m.cells
                .iter()
                .position(|c| {
                    c.protocol == line(name)
                        && c.row.min_insync == 2
                        && c.row.failures == Failures::Crash
                        && !c.row.unclean
                })
                .expect("a cell")
        };
        let script = "protocol kafka-2.8\nbrokers A B\nproduce m1\n";
        let searched_by_2_8 = at(&m, "kafka-2.8");
        m = m.reduce(Msg::SearchReply(
            1,
            searched_by_2_8,
            SearchReply::Violation {
                kind: ViolationKind::ReplicasDiverged,
                steps: 6,
                states: 99,
                script: script.into(),
            },
            10.0,
        ));
        let shared = at(&m, "kafka-3.0");
        assert_eq!(m.settled[shared], Settled::SameRules);
        let CellState::Violation { script, steps, .. } = &m.states[shared] else {
            panic!("{:?}", m.states[shared])
        };
        assert_eq!(
            (&**script, *steps),
            ("protocol kafka-3.0\nbrokers A B\nproduce m1\n", 6)
        );
        assert_eq!(m.total_states(), 99, "a shared answer adds no states");
        assert_eq!(
            m.states[at(&m, "kafka-3.4")],
            CellState::Waiting,
            "other rules wait for their own search"
        );
        // Every searched line answers (a trap among them): the run ends.
        let searched = Columns::Releases.searched();
        for i in 0..m.cells.len() {
            if searched.contains(&m.cells[i].protocol) && !m.states[i].is_done() {
                m = if i % 7 == 0 {
                    m.reduce(Msg::Failed(1, i, "trap".into(), 20.0))
                } else {
                    m.reduce(Msg::SearchReply(
                        1,
                        i,
                        SearchReply::NoViolation { states: 1, depth: 1 },
                        20.0,
                    ))
                };
            }
        }
        assert_eq!((m.phase, m.done()), (Phase::Finished, 160));
        assert!(matches!(m.claim(line("kafka-3.0"), Failures::Crash), Claim::Broken(_)));
    }

    #[test]
    fn replies_of_an_older_or_cancelled_run_change_nothing() {
        let m = started();
        let old = m.clone().reduce(Msg::SearchReply(0, 1, violation(5), 200.0));
        assert!(Rc::ptr_eq(&old, &m));
        let m = m.reduce(Msg::SearchReply(
            1,
            1,
            SearchReply::Progress {
                states: 5,
                frontier: 1,
                depth: 1,
            },
            150.0,
        ));
        let m = m.reduce(Msg::Cancel);
        assert_eq!(m.phase, Phase::Cancelled);
        assert_eq!(m.states[1], CellState::Waiting, "a search cut short says nothing");
        let after = m.clone().reduce(Msg::SearchReply(1, 2, violation(5), 200.0));
        assert!(Rc::ptr_eq(&after, &m));
    }

    #[test]
    fn the_claim_reads_the_rows_it_speaks_of() {
        let mut m = started();
        let hw_claim = m
            .cells
            .iter()
            .position(|c| c.protocol == Protocol::Hw && c.row.under_claim() && c.row.failures == Failures::Crash)
            .expect("a cell");
        assert_eq!(m.claim(Protocol::Hw, Failures::Crash), Claim::Open);
        m = m.reduce(Msg::SearchReply(1, hw_claim, violation(5), 200.0));
        assert_eq!(m.claim(Protocol::Hw, Failures::Crash), Claim::Broken(m.cells[hw_claim]));
        for (i, c) in m.cells.clone().iter().enumerate() {
            if c.protocol == Protocol::Kip279 && c.row.under_claim() && c.row.failures == Failures::Crash {
                m = m.reduce(Msg::SearchReply(
                    1,
                    i,
                    SearchReply::NoViolation { states: 10, depth: 3 },
                    300.0,
                ));
            }
        }
        assert_eq!(m.claim(Protocol::Kip279, Failures::Crash), Claim::Holds);
        assert_eq!(m.claim(Protocol::Kip279, Failures::Unflushed), Claim::Open);
    }
}
