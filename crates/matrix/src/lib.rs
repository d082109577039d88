#![warn(missing_docs)]
//! The safety matrix's table, as data: its rows (min.insync.replicas ×
//! unclean election × kind of failure), its cells (a row under a protocol),
//! what a front end knows of each, the seed's claim read from them, and the
//! note on acks=1, and the order the cells are searched in (`Plan`). The
//! searches themselves are this module's parent's; the page holds only this
//! (its workers search), and draws the table with `replab_view::matrix`.
//!
//! Producers use acks=all throughout: with acks=1 every protocol loses an
//! acknowledged write in two steps (`acks_one_history`), which the matrix says
//! once above the table.

use replab_core::{Acks, Command, CrashTarget, Protocol, Setup, Value};
use serde::{Deserialize, Serialize};

/// A megabyte, as budgets are said: 10⁶ bytes.
pub const MEGABYTE: usize = 1_000_000;

/// What a cell's search may hold in the page's worker, in megabytes (and
/// natively, where the explorer counts what it holds): the largest cell of
/// the default three-broker table fits with room to spare (kraft-elr,
/// min.insync.replicas=3, unflushed loss: 2,494,386 states, 361 MB in a
/// worker, 330 MB counted natively). One search a worker; the worker is
/// stopped when it ends, giving its memory back.
pub const WORKER_MEGABYTES: usize = 512;

/// How brokers fail in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Failures {
    /// `crash`, `bounce`, `shutdown`: the log on disk survives.
    Crash,
    /// Also `crash X@offset` and `bounce X@offset`: records not yet flushed are
    /// lost, as in a power failure.
    Unflushed,
}

impl Failures {
    /// Both, in the table's order.
    pub const ALL: [Failures; 2] = [Failures::Crash, Failures::Unflushed];

    /// As `replab matrix --json` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Failures::Crash => "crash",
            Failures::Unflushed => "unflushed",
        }
    }
}

/// One row's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    /// min.insync.replicas.
    pub min_insync: u32,
    /// unclean.leader.election.enable.
    pub unclean: bool,
    /// How brokers fail.
    pub failures: Failures,
}

impl Row {
    /// Whether the seed's claim speaks of this row: acks=all (every row),
    /// min.insync.replicas above 1, and unclean election off. The claim is
    /// that no acknowledged write is lost there.
    pub fn under_claim(&self) -> bool {
        self.min_insync > 1 && !self.unclean
    }
}

/// A cell: a row's settings under one protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The row's settings.
    pub row: Row,
    /// The release line (or generation) searched under.
    pub protocol: Protocol,
}

/// The rows for `brokers` brokers, in the table's order.
pub fn rows(brokers: usize) -> Vec<Row> {
    let most = brokers.clamp(1, 3) as u32;
    let mut out = Vec::new();
    for min_insync in 1..=most {
        for unclean in [false, true] {
            for failures in Failures::ALL {
                out.push(Row {
                    min_insync,
                    unclean,
                    failures,
                });
            }
        }
    }
    out
}

/// Every cell for `brokers` brokers, row by row, protocols in their order.
pub fn cells(brokers: usize) -> Vec<Cell> {
    cells_of(brokers, &Protocol::ALL)
}

/// What a table's columns are: the five generations, or every release line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Columns {
    /// A column per release line that answers on its own: the lines that
    /// follow one another with the same rules, defaults and producer acks
    /// share one ("3.0–3.3").
    Releases,
    /// The five generations, a column each.
    Generations,
}

/// One column: the line whose cells it shows, and the lines it answers for
/// (the head first, in the release table's order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The line whose cells the column shows.
    pub head: Protocol,
    /// The lines it answers for, the head first.
    pub lines: Vec<Protocol>,
}

impl Column {
    /// A column of one line.
    pub fn single(p: Protocol) -> Column {
        Column {
            head: p,
            lines: vec![p],
        }
    }
}

impl Columns {
    /// Both, in the menu's order.
    pub const ALL: [Columns; 2] = [Columns::Releases, Columns::Generations];

    /// As the page's `data-columns` and its menu's values say it.
    pub fn name(self) -> &'static str {
        match self {
            Columns::Releases => "releases",
            Columns::Generations => "generations",
        }
    }

    /// Its columns, in the table's order.
    pub fn columns(self) -> Vec<Column> {
        match self {
            Columns::Generations => Protocol::ALL.into_iter().map(Column::single).collect(),
            Columns::Releases => {
                let mut out: Vec<Column> = Vec::new();
                for p in Protocol::releases() {
                    match out.last_mut() {
                        Some(c) if answers_alike(c.head, p) => c.lines.push(p),
                        _ => out.push(Column::single(p)),
                    }
                }
                out
            }
        }
    }

    /// The columns' heads: the lines whose cells the table holds.
    pub fn heads(self) -> Vec<Protocol> {
        self.columns().into_iter().map(|c| c.head).collect()
    }

    /// The lines whose cells are searched: a head whose rules another head's
    /// search answers (`rules_of`) is not.
    pub fn searched(self) -> Vec<Protocol> {
        match self {
            Columns::Generations => Protocol::ALL.to_vec(),
            Columns::Releases => self.heads().into_iter().filter(|&h| rules_of(h) == h).collect(),
        }
    }

    /// The cells of its table for `brokers` brokers, row by row.
    pub fn cells(self, brokers: usize) -> Vec<Cell> {
        cells_of(brokers, &self.heads())
    }
}

/// Whether line `q` answers as line `p` in every cell of a table: the same
/// rules and defaults, and the same producer's default acks (which the note
/// above the table reads).
fn answers_alike(p: Protocol, q: Protocol) -> bool {
    p.release().same_rules(q.release()) && p.release().producer_acks == q.release().producer_acks
}

/// Every cell for `brokers` brokers under `columns`, row by row.
pub fn cells_of(brokers: usize, columns: &[Protocol]) -> Vec<Cell> {
    rows(brokers)
        .into_iter()
        .flat_map(|row| columns.iter().map(move |&protocol| Cell { row, protocol }))
        .collect()
}

/// The release lines whose rules and defaults are their own: the first line
/// of each distinct row of the release table (19 of the 34). Every other line
/// answers as the one here with the same rules.
pub fn distinct_lines() -> Vec<Protocol> {
    let mut out: Vec<Protocol> = Vec::new();
    for p in Protocol::releases() {
        if !out.iter().any(|q| q.release().same_rules(p.release())) {
            out.push(p);
        }
    }
    out
}

/// The line of `distinct_lines` whose search answers `p`'s.
pub fn rules_of(p: Protocol) -> Protocol {
    distinct_lines()
        .into_iter()
        .find(|q| q.release().same_rules(p.release()))
        .unwrap_or(p)
}

/// Whether the seed's claim holds under one protocol and kind of failure: no
/// violation in any cell of a row it speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Every such cell was searched completely and is safe.
    Holds,
    /// This cell (the first in the table's order) breaks it.
    Broken(Cell),
    /// No cell breaks it, but one was not searched completely (or not yet).
    Open,
}

/// What a front end knows of a cell so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Its search found a history that breaks a check.
    Violation,
    /// Its search was complete and found none.
    Safe,
    /// Not searched yet, under way, cut by the state limit, or failed.
    Open,
}

/// The claim under `protocol` with `failures`, from what `known` says of each
/// cell (the runner's verdicts, or the page's cells so far). The seed speaks
/// of crashes; with unflushed loss (a power failure of several brokers) the
/// matrix asks the same question of it.
pub fn claim(protocol: Protocol, failures: Failures, rows: &[Row], known: impl Fn(Cell) -> Known) -> Claim {
    let mut open = false;
    for row in rows.iter().filter(|r| r.under_claim() && r.failures == failures) {
        let cell = Cell { row: *row, protocol };
        match known(cell) {
            Known::Violation => return Claim::Broken(cell),
            Known::Safe => {}
            Known::Open => open = true,
        }
    }
    if open {
        Claim::Open
    } else {
        Claim::Holds
    }
}

/// The two steps that lose an acknowledged write under every protocol when the
/// producer uses acks=1: the leader appends and acknowledges m1, then crashes
/// before any follower fetched it, and a follower that never had it leads.
pub fn acks_one_history(base: &Setup) -> Vec<Command> {
    vec![
        Command::Produce {
            value: Value::from("m1"),
            acks: Some(Acks::Leader),
        },
        Command::Crash {
            targets: vec![CrashTarget {
                broker: base.leader,
                unflushed_from: None,
            }],
        },
    ]
}

/// Whether `acks_one_history` loses the acknowledged write under `protocol`
/// (with `base`'s brokers and the default settings otherwise): m1 was
/// acknowledged, and the partition's new leader does not hold it. Asked of the
/// model, so the note above the table is what the model does.
pub fn acks_one_loses(base: &Setup, protocol: Protocol) -> bool {
    let setup = Setup {
        protocol,
        settings: replab_core::config::Settings::default(),
        ..base.clone()
    };
    let mut cluster = replab_core::Cluster::new(&setup);
    for command in acks_one_history(base) {
        if cluster.apply(&command).is_err() {
            return false;
        }
    }
    let acked = cluster.acked().iter().any(|v| &**v == "m1");
    let leader_has = cluster
        .leader()
        .and_then(|l| cluster.broker(l))
        .is_some_and(|b| b.durable.log.records().iter().any(|r| &*r.value == "m1"));
    acked && cluster.leader().is_some() && !leader_has
}

/// `acks_one_history` as one line of scenario text ("produce m1 acks=1;
/// crash A"), when the model loses the acknowledged write with it under every
/// one of `lines`: what the matrix says once above its table.
pub fn acks_one_line(base: &Setup, lines: &[Protocol]) -> Option<String> {
    lines.iter().all(|&p| acks_one_loses(base, p)).then(|| {
        acks_one_history(base)
            .iter()
            .map(|c| replab_core::scenario::command_line(&base.brokers, c))
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// Whether two setups make the same table: every cell of one searches from
/// what the same cell of the other does (the brokers, the leader, and the
/// settings in force under each release line once the cell's are set).
pub fn same_table(a: &Setup, b: &Setup) -> bool {
    a.brokers == b.brokers
        && a.leader == b.leader
        && rows(a.brokers.len()).into_iter().all(|row| {
            Protocol::releases().all(|protocol| {
                let cell = Cell { row, protocol };
                cell_setup(a, cell).config() == cell_setup(b, cell).config()
            })
        })
}

/// The setup a cell searches from: `base` under the cell's protocol, with
/// its row's settings and acks=all (`replab_check::matrix::setup` is this).
pub fn cell_setup(base: &Setup, cell: Cell) -> Setup {
    Setup {
        protocol: cell.protocol,
        ..base.clone()
    }
    .with(replab_core::Setting::MinInsyncReplicas(cell.row.min_insync))
    .with(replab_core::Setting::UncleanLeaderElection(cell.row.unclean))
    .with(replab_core::Setting::Acks(Acks::All))
}

/// How a cell got its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Settled {
    /// Its own search.
    Searched,
    /// Its twin's search (`twin`), which never consulted
    /// unclean.leader.election.enable: the two searches are one.
    Twin,
    /// The search of the same settings with unflushed loss (`covering`) was
    /// complete and found nothing: every history of this row is one of its
    /// histories, so none breaks a check either.
    Covered,
    /// The same row's search under a release line with the same rules and
    /// defaults (`Release::same_rules`): the two searches are one.
    SameRules,
}

impl Settled {
    /// Every way, in order.
    pub const ALL: [Settled; 4] = [Settled::Searched, Settled::Twin, Settled::Covered, Settled::SameRules];

    /// As `replab matrix --json` and the page's `data-settled` write it.
    pub fn name(self) -> &'static str {
        match self {
            Settled::Searched => "searched",
            Settled::Twin => "twin",
            Settled::Covered => "covered",
            Settled::SameRules => "same-rules",
        }
    }

    /// The one with this name.
    pub fn from_name(name: &str) -> Option<Settled> {
        Settled::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The cell that differs from `cell` only in unclean.leader.election.enable.
pub fn twin(cell: Cell) -> Cell {
    Cell {
        row: Row {
            unclean: !cell.row.unclean,
            ..cell.row
        },
        ..cell
    }
}

/// The cell whose histories include every one of `cell`'s: the same settings
/// with unflushed loss too (None: `cell` has it already).
pub fn covering(cell: Cell) -> Option<Cell> {
    (cell.row.failures == Failures::Crash).then_some(Cell {
        row: Row {
            failures: Failures::Unflushed,
            ..cell.row
        },
        ..cell
    })
}

/// The cells that may settle `cell` without a search of its own: its twin
/// with unclean election off, the cell that covers it.
fn sources(cell: Cell) -> impl Iterator<Item = Cell> {
    let twin = cell.row.unclean.then(|| twin(cell));
    twin.into_iter().chain(covering(cell))
}

/// Where a cell of a plan stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Waiting,
    Running,
    Settled,
}

/// What a front end does next for a plan (`Plan::next_search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Search this cell.
    Search(Cell),
    /// Every cell left may be settled by a search under way: wait for one to end.
    Wait,
    /// Every cell is settled.
    Done,
}

/// The order a table's cells are searched in, and which are left to others'
/// searches: with unflushed loss before without (a complete, safe search with
/// it settles the row without), unclean election off before on (a search
/// that never consults the setting settles its twin), and the protocols whose
/// searches are longest first, so that the threads or workers end together.
/// A cell one of whose sources is under way waits for it. The runner and the
/// page's pool both follow it; what settles which cell is the searches' own
/// answer (`replab_check::matrix::settles`).
#[derive(Clone, Debug)]
pub struct Plan {
    cells: Vec<Cell>,
    status: Vec<Status>,
}

impl Plan {
    /// Every cell of `rows`, in the order they are searched.
    pub fn new(rows: &[Row]) -> Plan {
        Plan::of(rows, &Protocol::ALL)
    }

    /// Every cell of `rows` under `columns`, in the order they are searched
    /// (the later columns first: their searches are the longest).
    pub fn of(rows: &[Row], columns: &[Protocol]) -> Plan {
        let mut cells: Vec<Cell> = rows
            .iter()
            .flat_map(|&row| columns.iter().rev().map(move |&protocol| Cell { row, protocol }))
            .collect();
        // Stable: within a group, the table's order of rows.
        cells.sort_by_key(|c| (c.row.unclean, c.row.failures == Failures::Crash));
        let status = vec![Status::Waiting; cells.len()];
        Plan { cells, status }
    }

    fn ix(&self, cell: Cell) -> Option<usize> {
        self.cells.iter().position(|&c| c == cell)
    }

    fn status(&self, cell: Cell) -> Option<Status> {
        self.ix(cell).map(|i| self.status[i])
    }

    /// The next cell to search (now marked under way), or whether to wait.
    pub fn next_search(&mut self) -> Next {
        let mut waiting = false;
        for i in 0..self.cells.len() {
            if self.status[i] != Status::Waiting {
                continue;
            }
            waiting = true;
            let cell = self.cells[i];
            if sources(cell).any(|s| self.status(s) == Some(Status::Running)) {
                continue;
            }
            self.status[i] = Status::Running;
            return Next::Search(cell);
        }
        if waiting || self.status.contains(&Status::Running) {
            Next::Wait
        } else {
            Next::Done
        }
    }

    /// `cell` has its answer (from its own search or another's, or it failed):
    /// it is not searched again.
    pub fn settle(&mut self, cell: Cell) {
        if let Some(i) = self.ix(cell) {
            self.status[i] = Status::Settled;
        }
    }

    /// Settles `cell` if it waits (another's search answered it); whether it
    /// did. A cell under way or settled already is left as it is.
    pub fn settle_waiting(&mut self, cell: Cell) -> bool {
        match self.ix(cell) {
            Some(i) if self.status[i] == Status::Waiting => {
                self.status[i] = Status::Settled;
                true
            }
            _ => false,
        }
    }

    /// Whether `cell` has its answer.
    pub fn is_settled(&self, cell: Cell) -> bool {
        self.status(cell) == Some(Status::Settled)
    }
}

#[cfg(test)]
mod plan_tests {
    use super::*;

    /// Unflushed loss before crashes only, unclean off before on, the longest
    /// protocols first; a cell waits while a search that may settle it runs.
    #[test]
    fn the_plan_searches_the_covering_and_clean_cells_first_and_waits_for_them() {
        let rows = rows(2);
        let mut plan = Plan::new(&rows);
        let first = plan.next_search();
        let Next::Search(first) = first else {
            panic!("{first:?}")
        };
        assert_eq!(
            (first.protocol, first.row.failures, first.row.unclean),
            (Protocol::KraftElr, Failures::Unflushed, false)
        );
        let mut searched = vec![first];
        // Two at a time: the second search starts beside the first.
        let Next::Search(second) = plan.next_search() else {
            panic!()
        };
        searched.push(second);
        for c in searched.drain(..) {
            plan.settle(c);
        }
        let mut order = vec![first, second];
        loop {
            match plan.next_search() {
                Next::Search(c) => {
                    // Every cell that may settle it has its answer.
                    for s in sources(c) {
                        assert!(plan.is_settled(s), "{c:?} before {s:?}");
                    }
                    order.push(c);
                    plan.settle(c);
                }
                Next::Wait => panic!("nothing runs"),
                Next::Done => break,
            }
        }
        assert_eq!(order.len(), 40);
        let kraft_crash = Cell {
            row: Row {
                min_insync: 1,
                unclean: false,
                failures: Failures::Crash,
            },
            protocol: Protocol::KraftElr,
        };
        let mut plan = Plan::new(&rows);
        let running = loop {
            match plan.next_search() {
                Next::Search(c) if covering(kraft_crash) == Some(c) => break c,
                Next::Search(c) => plan.settle(c),
                other => panic!("{other:?}"),
            }
        };
        // Everything else is searched; the cells it may settle wait for it.
        loop {
            match plan.next_search() {
                Next::Search(c) => {
                    assert_ne!(c, kraft_crash, "searched while its covering search runs");
                    plan.settle(c);
                }
                Next::Wait => break,
                Next::Done => panic!("done while a search runs"),
            }
        }
        plan.settle(running);
        assert_eq!(plan.next_search(), Next::Search(kraft_crash));
    }
}
