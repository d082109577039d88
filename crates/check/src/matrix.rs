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

pub use replab_messages::matrix::*;

use crate::bounds::Bounds;
use crate::explorer::{Explorer, Outcome, SetupError};
use replab_core::{Acks, Command, Setting, Setup, ViolationKind};

/// The setup a cell searches from: `base` (its brokers, leader and other
/// settings) under the cell's protocol, with its row's settings and acks=all.
pub fn setup(base: &Setup, cell: Cell) -> Setup {
    Setup {
        protocol: cell.protocol,
        ..base.clone()
    }
    .with(Setting::MinInsyncReplicas(cell.row.min_insync))
    .with(Setting::UncleanLeaderElection(cell.row.unclean))
    .with(Setting::Acks(Acks::All))
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

/// Runs every cell for `base`'s brokers, several at once on `threads` threads
/// natively (each search on one), calling `done` as each ends (in the order
/// they end); returns the verdicts in the table's order.
#[cfg(feature = "parallel")]
pub fn run_all(
    base: &Setup,
    table: Bounds,
    threads: usize,
    done: impl Fn(Cell, &Verdict) + Sync,
) -> Result<Vec<(Cell, Verdict)>, SetupError> {
    use rayon::prelude::*;
    let cells = cells(base.brokers.len());
    let run = || {
        cells
            .par_iter()
            .map(|&cell| {
                let verdict = run_cell(base, table, cell)?;
                done(cell, &verdict);
                Ok((cell, verdict))
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
    use replab_core::Protocol;

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
        assert_eq!(acks_one_line(&b).as_deref(), Some("produce m1 acks=1; crash C"));
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
