//! The safety matrix: with which settings, under which protocol, can a
//! committed write be lost or can replicas diverge? Each cell is one
//! exhaustive search (`Explorer`) from the same setup with one combination of
//! settings, under one protocol, within the same bounds.
//!
//! Rows: min.insync.replicas from 1 to the brokers (at most 3) ×
//! unclean.leader.election.enable off and on × the kind of failure (crashes, or
//! crashes and bounces that lose the records not yet flushed, as a power
//! failure does). Columns: the five protocols. Producers use acks=all
//! throughout: with acks=1 every protocol loses an acknowledged write in two
//! steps (`acks_one_history`), which the matrix says once above the table.
//!
//! The cells are independent: a front end runs them in any order, on as many
//! threads or workers as it has, and shows each as it ends.

pub use replab_matrix::*;

use crate::bounds::Bounds;
use crate::explorer::{Explorer, Outcome, SetupError};
use crate::state::State;
use replab_core::{Command, KeySet, SettingKey, Setup, ViolationKind};

/// The page's default bounds for the table: the checker's, with the worker's
/// memory budget as the only limit. The tables answered at build time
/// (`built`, `replab matrix --replies`) are searched within them.
pub fn page_bounds() -> Bounds {
    Bounds {
        max_states: None,
        max_bytes: Some(WORKER_MEGABYTES * MEGABYTE),
        ..Bounds::default()
    }
}

/// The setup a cell searches from: `base` (its brokers, leader and other
/// settings) under the cell's protocol, with its row's settings and acks=all.
pub fn setup(base: &Setup, cell: Cell) -> Setup {
    cell_setup(base, cell)
}

/// The bounds a cell searches within: the table's, with its row's kind of
/// failure; either violation ends it.
pub fn bounds(base: Bounds, cell: Cell) -> Bounds {
    Bounds {
        unflushed_loss: cell.row.failures == Failures::Unflushed,
        only: None,
        ..base
    }
}

/// A cell's search, ready to run (in slices, or to the end).
pub fn explorer(base: &Setup, table: Bounds, cell: Cell) -> Result<Explorer, SetupError> {
    Explorer::new(setup(base, cell), bounds(table, cell))
}

/// What a cell says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The shortest history that breaks a safety check.
    Violation {
        /// Which safety check it breaks.
        kind: ViolationKind,
        /// The commands from the cell's setup.
        trace: Vec<Command>,
        /// Distinct states seen before it was found.
        states: usize,
    },
    /// None within the bounds: every history was explored.
    Safe {
        /// Distinct states seen.
        states: usize,
        /// The longest history needed to reach them all.
        depth: usize,
    },
    /// None in histories up to `depth` steps; the state limit cut the rest.
    Unfinished {
        /// Distinct states seen: the limit.
        states: usize,
        /// The depth every history was explored to.
        depth: usize,
    },
    /// The search failed (a bug, reported rather than hidden).
    Failed,
}

impl Verdict {
    /// What a search's outcome says of the cell.
    pub fn from_outcome(outcome: &Outcome) -> Verdict {
        match outcome {
            Outcome::Violation {
                kind, trace, states, ..
            } => Verdict::Violation {
                kind: *kind,
                trace: trace.clone(),
                states: *states,
            },
            Outcome::NoViolation { states, depth } => Verdict::Safe {
                states: *states,
                depth: *depth,
            },
            Outcome::StateLimit { states, depth } => Verdict::Unfinished {
                states: *states,
                depth: *depth,
            },
            Outcome::ReplayFailed { .. } => Verdict::Failed,
        }
    }
}

/// Runs one cell to the end.
pub fn run_cell(base: &Setup, table: Bounds, cell: Cell) -> Result<Verdict, SetupError> {
    Ok(Verdict::from_outcome(&explorer(base, table, cell)?.run()))
}

/// The verdict of `cell`'s twin, from `cell`'s own search, when that search
/// never consulted unclean.leader.election.enable (`Explorer::consulted`):
/// nothing else differs between the two setups, so the twin's search would
/// be the same one, state for state and step for step, with the same end.
/// A violation's history is replayed under the twin's setup all the same.
/// None: the setting decided some step (or the history did not replay, a
/// bug), so the twin must be searched.
pub fn twin_verdict(base: &Setup, table: Bounds, cell: Cell, consulted: KeySet, verdict: &Verdict) -> Option<Verdict> {
    if consulted.contains(SettingKey::UncleanLeaderElection) || *verdict == Verdict::Failed {
        return None;
    }
    if let Verdict::Violation { kind, trace, .. } = verdict {
        let other = twin(cell);
        let fired = replays(&setup(base, other), &bounds(table, other), trace);
        if fired != Some(*kind) {
            return None;
        }
    }
    Some(verdict.clone())
}

/// The kind of violation the bounds look for that `trace`'s last step fires
/// from `setup`, if the model takes every step and none fires one before.
fn replays(setup: &Setup, bounds: &Bounds, trace: &[Command]) -> Option<ViolationKind> {
    let mut state = State::start(setup);
    let mut fired = None;
    for command in trace {
        if fired.is_some() {
            return None;
        }
        let (next, events) = state.after(command)?;
        fired = State::wanted_violation(&events, bounds).map(|v| v.kind());
        state = next;
    }
    fired
}

/// The cells `cell`'s search settles besides itself, each with its verdict
/// and how (`Settled`), given `settled`, whether a cell has its answer
/// already: its twin with unclean election on, when the search never consulted
/// the setting (`twin_verdict`); and when its verdict (or the twin's so got)
/// is safe with unflushed loss, the same settings without it (`covering`).
pub fn settles(
    base: &Setup,
    table: Bounds,
    cell: Cell,
    verdict: &Verdict,
    consulted: KeySet,
    settled: impl Fn(Cell) -> bool,
) -> Vec<(Cell, Verdict, Settled)> {
    let mut out = Vec::new();
    let mut answered = vec![(cell, verdict.clone())];
    let other = twin(cell);
    if !cell.row.unclean && !settled(other) {
        if let Some(v) = twin_verdict(base, table, cell, consulted, verdict) {
            out.push((other, v.clone(), Settled::Twin));
            answered.push((other, v));
        }
    }
    for (by, verdict) in answered {
        let Verdict::Safe { .. } = verdict else { continue };
        let crash = Cell {
            row: Row {
                failures: Failures::Crash,
                ..by.row
            },
            ..by
        };
        if covering(crash) == Some(by) && !settled(crash) {
            out.push((crash, verdict, Settled::Covered));
        }
    }
    out
}

/// A cell's answer: its verdict, how it got it, and what its search held at
/// most (0 when another's search settled it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The cell.
    pub cell: Cell,
    /// What it says.
    pub verdict: Verdict,
    /// Whose search gave it.
    pub settled: Settled,
    /// The bytes its search held at most (`Explorer::peak_bytes`).
    pub peak_bytes: usize,
}

/// Runs every cell for `base`'s brokers, several at once on `threads` threads
/// natively (each search on one), in `Plan`'s order, each search settling
/// what it can of the others (`settles`); `done` hears each answer as it comes.
/// Returns the answers in the table's order.
#[cfg(feature = "parallel")]
pub fn run_all(
    base: &Setup,
    table: Bounds,
    threads: usize,
    done: impl Fn(&Answer) + Sync,
) -> Result<Vec<Answer>, SetupError> {
    run_all_of(base, table, threads, &replab_core::Protocol::ALL, done)
}

/// `run_all` for every offered release line: the lines of `distinct_lines`
/// are searched, each other line answers as the one with its rules
/// (`Settled::SameRules`, its history replayed under its own line). The
/// answers in the table's order, lines in `Protocol::releases`'s.
#[cfg(feature = "parallel")]
pub fn run_releases(
    base: &Setup,
    table: Bounds,
    threads: usize,
    done: impl Fn(&Answer) + Sync,
) -> Result<Vec<Answer>, SetupError> {
    let searched = run_all_of(base, table, threads, &distinct_lines(), &done)?;
    let mut answers = Vec::new();
    let lines: Vec<replab_core::Protocol> = replab_core::Protocol::releases().collect();
    for cell in cells_of(base.brokers.len(), &lines) {
        let by = Cell {
            protocol: rules_of(cell.protocol),
            ..cell
        };
        let Some(found) = searched.iter().find(|a| a.cell == by) else {
            continue;
        };
        if by.protocol == cell.protocol {
            answers.push(found.clone());
            continue;
        }
        // The same search: its history breaks the same check under this line.
        let verdict = match &found.verdict {
            Verdict::Violation { kind, trace, .. }
                if replays(&setup(base, cell), &bounds(table, cell), trace) != Some(*kind) =>
            {
                Verdict::Failed
            }
            v => v.clone(),
        };
        let answer = Answer {
            cell,
            verdict,
            settled: Settled::SameRules,
            peak_bytes: 0,
        };
        done(&answer);
        answers.push(answer);
    }
    Ok(answers)
}

/// `run_all` under `columns`.
#[cfg(feature = "parallel")]
pub fn run_all_of(
    base: &Setup,
    table: Bounds,
    threads: usize,
    columns: &[replab_core::Protocol],
    done: impl Fn(&Answer) + Sync,
) -> Result<Vec<Answer>, SetupError> {
    use std::sync::{Condvar, Mutex, PoisonError};
    let rows = rows(base.brokers.len());
    // Every cell's setup is checked before any thread starts.
    for &cell in &cells_of(base.brokers.len(), columns) {
        explorer(base, table, cell)?;
    }
    struct Shared {
        plan: Plan,
        answers: Vec<Answer>,
    }
    let shared = Mutex::new(Shared {
        plan: Plan::of(&rows, columns),
        answers: Vec::new(),
    });
    let changed = Condvar::new();
    let work = || loop {
        let cell = {
            let mut s = shared.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                match s.plan.next_search() {
                    Next::Search(cell) => break cell,
                    Next::Done => return,
                    Next::Wait => s = changed.wait(s).unwrap_or_else(PoisonError::into_inner),
                }
            }
        };
        let (verdict, consulted, peak_bytes) = match explorer(base, table, cell) {
            Ok(mut e) => {
                while e.outcome().is_none() {
                    e.step(usize::MAX);
                }
                let v = e.outcome().map_or(Verdict::Failed, Verdict::from_outcome);
                (v, e.consulted(), e.peak_bytes())
            }
            Err(_) => (Verdict::Failed, KeySet::default(), 0),
        };
        let mut s = shared.lock().unwrap_or_else(PoisonError::into_inner);
        let settled = |c: Cell| s.plan.is_settled(c);
        let more = settles(base, table, cell, &verdict, consulted, settled);
        let mine = Answer {
            cell,
            verdict,
            settled: Settled::Searched,
            peak_bytes,
        };
        done(&mine);
        s.plan.settle(cell);
        s.answers.push(mine);
        for (other, verdict, how) in more {
            let answer = Answer {
                cell: other,
                verdict,
                settled: how,
                peak_bytes: 0,
            };
            done(&answer);
            s.plan.settle(other);
            s.answers.push(answer);
        }
        changed.notify_all();
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(work);
        }
    });
    let mut answers = shared.into_inner().unwrap_or_else(PoisonError::into_inner).answers;
    let order = cells_of(base.brokers.len(), columns);
    answers.sort_by_key(|a| order.iter().position(|&c| c == a.cell));
    Ok(answers)
}

/// Runs every cell's own search, several at once on `threads` threads, none
/// settled by another's: the table as it was searched before `run_all`
/// shared searches, to compare with it. The answers in the table's order.
#[cfg(feature = "parallel")]
pub fn run_each(base: &Setup, table: Bounds, threads: usize) -> Result<Vec<Answer>, SetupError> {
    use rayon::prelude::*;
    let run = || {
        cells(base.brokers.len())
            .par_iter()
            .map(|&cell| {
                let mut e = explorer(base, table, cell)?;
                while e.outcome().is_none() {
                    e.step(usize::MAX);
                }
                Ok(Answer {
                    cell,
                    verdict: e.outcome().map_or(Verdict::Failed, Verdict::from_outcome),
                    settled: Settled::Searched,
                    peak_bytes: e.peak_bytes(),
                })
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    }
}

impl Verdict {
    /// What the claim reads of it.
    pub fn known(&self) -> Known {
        match self {
            Verdict::Violation { .. } => Known::Violation,
            Verdict::Safe { .. } => Known::Safe,
            _ => Known::Open,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::{Acks, Protocol, Setting};

    #[test]
    fn two_brokers_make_eight_rows_three_make_twelve() {
        assert_eq!(rows(2).len(), 8);
        assert_eq!(rows(3).len(), 12);
        assert_eq!(cells(2).len(), 40);
        let first = rows(2)[0];
        assert_eq!(
            first,
            Row {
                min_insync: 1,
                unclean: false,
                failures: Failures::Crash
            }
        );
        assert_eq!(rows(3).last().map(|r| r.min_insync), Some(3));
    }

    #[test]
    fn a_cell_sets_its_row_and_acks_all() {
        let b = Setup::of(&["A", "B"], Protocol::Hw).with(Setting::Acks(Acks::Leader));
        let cell = Cell {
            row: Row {
                min_insync: 2,
                unclean: true,
                failures: Failures::Unflushed,
            },
            protocol: Protocol::KraftElr,
        };
        let s = setup(&b, cell);
        assert_eq!(s.protocol, Protocol::KraftElr);
        assert_eq!(s.config().min_insync_replicas, 2);
        assert!(s.config().unclean_leader_election);
        assert_eq!(s.config().acks, Acks::All);
        let bounds = bounds(Bounds::default(), cell);
        assert!(bounds.unflushed_loss);
    }

    #[test]
    fn acks_one_line_names_the_leader() {
        let mut b = Setup::of(&["A", "B", "C"], Protocol::Hw);
        b.leader = 2;
        assert_eq!(
            acks_one_line(&b, &Protocol::ALL).as_deref(),
            Some("produce m1 acks=1; crash C")
        );
    }

    /// What the matrix keeps of a verdict: safe (and complete) or not, the
    /// kind and length of the shortest violation.
    fn answer(v: &Verdict) -> (Known, Option<(ViolationKind, usize)>) {
        match v {
            Verdict::Violation { kind, trace, .. } => (Known::Violation, Some((*kind, trace.len()))),
            other => (other.known(), None),
        }
    }

    /// Whenever a search never consulted unclean.leader.election.enable, its
    /// twin's own search is the same search: the same verdict, states and
    /// history. Two and three brokers, every protocol and row, small bounds;
    /// and some searches do consult it, so the rule is tested both ways.
    #[test]
    fn a_search_that_never_consulted_the_setting_is_its_twins() {
        let table = Bounds {
            max_produces: 1,
            max_failures: 2,
            max_epoch: 2,
            max_states: Some(10_000),
            ..Bounds::default()
        };
        let (mut shared, mut consulted) = (0, 0);
        for brokers in [&["A", "B"][..], &["A", "B", "C"]] {
            let base = Setup::of(brokers, Protocol::Hw);
            for cell in cells(brokers.len()).into_iter().filter(|c| !c.row.unclean) {
                let mut e = explorer(&base, table, cell).expect("setup");
                while e.outcome().is_none() {
                    e.step(5_000);
                }
                let mine = Verdict::from_outcome(e.outcome().expect("ended"));
                let theirs = run_cell(&base, table, twin(cell)).expect("setup");
                match twin_verdict(&base, table, cell, e.consulted(), &mine) {
                    Some(v) => {
                        assert_eq!(v, theirs, "{cell:?}");
                        shared += 1;
                    }
                    None => consulted += 1,
                }
            }
        }
        assert!(shared > 0 && consulted > 0, "shared {shared}, consulted {consulted}");
    }

    /// A whole table, each cell settled as `run_all` settles it, against every
    /// cell searched on its own: the same verdicts, kinds and lengths, and the
    /// same states for a cell its twin's search settled. Three brokers with
    /// small bounds, cut at 4,000 states (`./dev bench` compares the default
    /// tables with `replab matrix --each`).
    #[cfg(feature = "parallel")]
    #[test]
    fn every_cell_settled_by_another_search_says_what_its_own_would() {
        let base = Setup::of(&["A", "B", "C"], Protocol::Hw);
        let table = Bounds {
            max_produces: 1,
            max_failures: 1,
            max_epoch: 2,
            max_states: Some(4_000),
            ..Bounds::default()
        };
        assert!(same_answers(&base, table) > 0);
    }

    /// `run_all`'s answers against each cell's own search; how many cells
    /// another cell's search settled.
    #[cfg(feature = "parallel")]
    fn same_answers(base: &Setup, table: Bounds) -> usize {
        let answers = run_all(base, table, 2, |_| {}).expect("setup");
        assert_eq!(answers.len(), cells(base.brokers.len()).len());
        let mut by_others = 0;
        for a in &answers {
            let own = run_cell(base, table, a.cell).expect("setup");
            assert_eq!(answer(&a.verdict), answer(&own), "{:?} {:?}", a.cell, a.settled);
            match a.settled {
                Settled::Searched => assert_eq!(a.verdict, own, "{:?}", a.cell),
                Settled::Twin => {
                    assert_eq!(a.verdict, own, "{:?}", a.cell);
                    by_others += 1;
                }
                Settled::Covered => {
                    assert_eq!(a.verdict.known(), Known::Safe);
                    by_others += 1;
                }
                Settled::SameRules => {
                    assert_eq!(a.verdict, own, "{:?}", a.cell);
                    by_others += 1;
                }
            }
        }
        by_others
    }

    /// A line with another's rules and defaults answers as that line's
    /// search: its own search says the same, state for state (two brokers).
    #[cfg(feature = "parallel")]
    #[test]
    fn a_line_with_the_same_rules_answers_as_its_own_search_would() {
        let base = Setup::of(&["A", "B"], Protocol::DivergingEpoch);
        let table = page_bounds();
        let answers = run_releases(&base, table, 2, |_| {}).expect("setup");
        assert_eq!(answers.len(), 34 * 8);
        let mut shared = 0;
        for a in answers.iter().filter(|a| a.settled == Settled::SameRules) {
            assert_eq!(
                a.verdict,
                run_cell(&base, table, a.cell).expect("setup"),
                "{:?}",
                a.cell
            );
            shared += 1;
        }
        assert_eq!(shared, (34 - 19) * 8);
    }

    /// A covering search settles the row without unflushed loss only when it
    /// is complete and safe; a search settles its twin only when it never
    /// consulted the setting.
    #[test]
    fn a_search_settles_others_only_when_its_answer_carries_over() {
        let base = Setup::of(&["A", "B", "C"], Protocol::Hw);
        let cell = Cell {
            row: Row {
                min_insync: 2,
                unclean: false,
                failures: Failures::Unflushed,
            },
            protocol: Protocol::KraftElr,
        };
        let safe = Verdict::Safe { states: 9, depth: 3 };
        let none = |_| false;
        let table = Bounds::default();
        let got = settles(&base, table, cell, &safe, KeySet::default(), none);
        let crash = |unclean| Cell {
            row: Row {
                failures: Failures::Crash,
                unclean,
                ..cell.row
            },
            ..cell
        };
        assert_eq!(
            got,
            vec![
                (twin(cell), safe.clone(), Settled::Twin),
                (crash(false), safe.clone(), Settled::Covered),
                (crash(true), safe.clone(), Settled::Covered),
            ]
        );
        let asked = KeySet::default().with(SettingKey::UncleanLeaderElection);
        let got = settles(&base, table, cell, &safe, asked, none);
        assert_eq!(got, vec![(crash(false), safe.clone(), Settled::Covered)]);
        let cut = Verdict::Unfinished { states: 9, depth: 3 };
        assert_eq!(
            settles(&base, table, cell, &cut, asked, none),
            vec![],
            "a cut search settles nothing"
        );
        let settled = |c: Cell| c == crash(false);
        let got = settles(&base, table, cell, &safe, KeySet::default(), settled);
        assert_eq!(got.len(), 2, "a settled cell is left as it is");
    }

    #[test]
    fn acks_one_loses_an_acknowledged_write_under_every_protocol() {
        for protocol in Protocol::ALL {
            assert!(
                acks_one_loses(&Setup::of(&["A", "B"], Protocol::Hw), protocol),
                "{}",
                protocol.name()
            );
            assert!(
                acks_one_loses(&Setup::of(&["A", "B", "C"], Protocol::Hw), protocol),
                "{}",
                protocol.name()
            );
        }
    }

    #[test]
    fn the_claim_is_read_from_the_rows_it_speaks_of() {
        let rows = rows(2);
        let safe = Verdict::Safe { states: 1, depth: 1 };
        let lost = Verdict::Violation {
            kind: ViolationKind::CommittedWriteLost,
            trace: Vec::new(),
            states: 1,
        };
        let mut verdicts: Vec<(Cell, Verdict)> = cells(2).into_iter().map(|c| (c, safe.clone())).collect();
        let of = |verdicts: &[(Cell, Verdict)]| {
            let verdicts = verdicts.to_vec();
            move |cell: Cell| {
                verdicts
                    .iter()
                    .find(|(c, _)| *c == cell)
                    .map_or(Known::Open, |(_, v)| v.known())
            }
        };
        assert_eq!(claim(Protocol::Hw, Failures::Crash, &rows, of(&verdicts)), Claim::Holds);
        // A violation outside the claim's rows does not break it.
        verdicts[0].1 = lost.clone();
        assert_eq!(claim(Protocol::Hw, Failures::Crash, &rows, of(&verdicts)), Claim::Holds);
        let inside = verdicts
            .iter()
            .position(|(c, _)| c.protocol == Protocol::Hw && c.row.under_claim() && c.row.failures == Failures::Crash)
            .expect("a row under the claim");
        verdicts[inside].1 = lost.clone();
        assert_eq!(
            claim(Protocol::Hw, Failures::Crash, &rows, of(&verdicts)),
            Claim::Broken(verdicts[inside].0)
        );
        verdicts.retain(|(c, _)| c.protocol != Protocol::Kip101 || !c.row.under_claim());
        assert_eq!(
            claim(Protocol::Kip101, Failures::Crash, &rows, of(&verdicts)),
            Claim::Open
        );
    }
}
