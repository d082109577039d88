//! The safety matrix's words (`replab_check::matrix`): its cells, rows, the
//! seed's claim and the note on acks=1. Texts in `messages/matrix.msg`.

use crate::catalogue::id;
use crate::words::{controller_name, releases};
use crate::words::{count, Unit};
use crate::{say, thousands, Lang};
use replab_core::{Protocol, ViolationKind};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// What a cell shows, as plain data (the front ends hold their own verdicts).
/// The page sends it to its worker, which draws the figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatrixCell<'a> {
    /// Its search has not started.
    Waiting,
    /// Its search is running.
    Running,
    /// A history breaks a safety check.
    Violation {
        /// The safety check it breaks.
        kind: ViolationKind,
        /// The length of the shortest such history, in steps.
        steps: usize,
    },
    /// No violation: every history within the bounds was explored.
    Safe {
        /// The distinct states seen.
        states: usize,
    },
    /// No violation in histories up to `depth` steps; the state limit cut the rest.
    Unfinished {
        /// The distinct states seen: the limit.
        states: usize,
        /// The depth in steps to which every history was explored.
        depth: usize,
    },
    /// The search held more memory than its budget: no violation up to
    /// `depth` steps.
    OverBudget {
        /// What it held when it stopped, in megabytes.
        megabytes: usize,
        /// The depth in steps to which every history was explored.
        depth: usize,
    },
    /// The history found did not replay (a bug in the model or the checker).
    Failed,
    /// The search itself stopped (a worker that trapped, a panic): why.
    Error(Cow<'a, str>),
}

/// A cell's words: "lost in 5", "diverge in 4", "none (20,623 states)".
pub fn matrix_cell(lang: Lang, cell: &MatrixCell) -> String {
    match *cell {
        MatrixCell::Waiting => say!(lang, id::MATRIX_CELL_WAITING),
        MatrixCell::Running => say!(lang, id::MATRIX_CELL_RUNNING),
        MatrixCell::Violation {
            kind: ViolationKind::CommittedWriteLost,
            steps,
        } => say!(lang, id::MATRIX_CELL_LOST, steps = steps),
        MatrixCell::Violation {
            kind: ViolationKind::ReplicasDiverged,
            steps,
        } => say!(lang, id::MATRIX_CELL_DIVERGED, steps = steps),
        MatrixCell::Violation {
            kind: ViolationKind::ConsumerReadLost,
            steps,
        } => say!(lang, id::MATRIX_CELL_READ_LOST, steps = steps),
        MatrixCell::Violation {
            kind: ViolationKind::ConsumerReadDiverged,
            steps,
        } => say!(lang, id::MATRIX_CELL_READ_DIVERGED, steps = steps),
        MatrixCell::Safe { states: n } => say!(lang, id::MATRIX_CELL_SAFE, states = count(lang, n as u64, Unit::State)),
        MatrixCell::Unfinished { states: n, depth } => {
            say!(
                lang,
                id::MATRIX_CELL_UNFINISHED,
                depth = depth,
                states = count(lang, n as u64, Unit::State)
            )
        }
        MatrixCell::OverBudget { megabytes, depth } => {
            say!(
                lang,
                id::MATRIX_CELL_OVER_BUDGET,
                depth = depth,
                megabytes = thousands(lang, megabytes as u64)
            )
        }
        MatrixCell::Failed => say!(lang, id::MATRIX_CELL_FAILED),
        MatrixCell::Error(ref reason) => say!(lang, id::MATRIX_CELL_ERROR, reason = reason),
    }
}

/// A row's settings, one word each: unclean election "on"/"off".
pub fn matrix_unclean(lang: Lang, unclean: bool) -> String {
    say!(
        lang,
        if unclean {
            id::MATRIX_UNCLEAN_ON
        } else {
            id::MATRIX_UNCLEAN_OFF
        }
    )
}

/// A row's kind of failure: "crashes", "crashes, unflushed lost".
pub fn matrix_failures(lang: Lang, unflushed: bool) -> String {
    say!(
        lang,
        if unflushed {
            id::MATRIX_FAILURES_UNFLUSHED
        } else {
            id::MATRIX_FAILURES_CRASH
        }
    )
}

/// The table's headings: settings' column names, then the title.
pub fn matrix_heading(lang: Lang, which: MatrixHeading) -> String {
    say!(
        lang,
        match which {
            MatrixHeading::Title => id::MATRIX_TITLE,
            MatrixHeading::MinInsync => id::MATRIX_COLUMN_MIN_INSYNC,
            MatrixHeading::Unclean => id::MATRIX_COLUMN_UNCLEAN,
            MatrixHeading::Failures => id::MATRIX_COLUMN_FAILURES,
            MatrixHeading::Claim => id::MATRIX_CLAIM_ROW,
        }
    )
}

/// Which heading `matrix_heading` words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixHeading {
    /// The table's title.
    Title,
    /// The min.insync.replicas column.
    MinInsync,
    /// The unclean election column.
    Unclean,
    /// The failures column.
    Failures,
    /// The row of the seed's claim.
    Claim,
}

/// What the table searched: "Brokers A, B, producers with acks=all. …".
/// `megabytes`: the memory budget a search stops at, said instead of the
/// state limit when there is one.
pub fn matrix_setup(
    lang: Lang,
    brokers: &[String],
    records: u32,
    failures: u32,
    epoch: u32,
    limit: usize,
    megabytes: Option<usize>,
) -> String {
    let bounds = match megabytes {
        Some(megabytes) => say!(
            lang,
            id::MATRIX_BOUNDS_BUDGET,
            records = records,
            failures = failures,
            epoch = epoch,
            megabytes = thousands(lang, megabytes as u64)
        ),
        None => say!(
            lang,
            id::MATRIX_BOUNDS,
            records = records,
            failures = failures,
            epoch = epoch,
            limit = thousands(lang, limit as u64)
        ),
    };
    say!(lang, id::MATRIX_SETUP, brokers = brokers.join(", "), bounds = bounds)
}

/// The hint on the page's memory budget per search.
pub fn matrix_budget(lang: Lang, megabytes: usize) -> String {
    say!(lang, id::MATRIX_BUDGET, megabytes = thousands(lang, megabytes as u64))
}

/// Whose search answered a cell, as said under its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixHeld {
    /// Its own.
    Searched {
        /// What the search held at most.
        megabytes: u32,
        /// The states it saw, when its verdict does not say them (a finding,
        /// a search stopped at its budget).
        states: Option<u32>,
    },
    /// Its twin's, which never consulted unclean election.
    Twin,
    /// The search of the same settings with unflushed loss, complete and safe.
    Covered,
    /// The search of a release line with the same rules.
    SameRules,
}

/// The line under a cell's verdict.
pub fn matrix_cell_held(lang: Lang, held: MatrixHeld) -> String {
    match held {
        MatrixHeld::Searched {
            megabytes,
            states: None,
        } => {
            say!(
                lang,
                id::MATRIX_CELL_HELD,
                megabytes = thousands(lang, u64::from(megabytes))
            )
        }
        MatrixHeld::Searched {
            megabytes,
            states: Some(states),
        } => say!(
            lang,
            id::MATRIX_CELL_HELD_STATES,
            states = count(lang, u64::from(states), Unit::State),
            megabytes = thousands(lang, u64::from(megabytes))
        ),
        MatrixHeld::Twin => say!(lang, id::MATRIX_CELL_BY_TWIN),
        MatrixHeld::Covered => say!(lang, id::MATRIX_CELL_BY_COVER),
        MatrixHeld::SameRules => say!(lang, id::MATRIX_CELL_BY_SAME_RULES),
    }
}

/// The line above a table the checker answered when the page was built.
pub fn matrix_built(lang: Lang, states: u64) -> String {
    say!(lang, id::MATRIX_BUILT, states = count(lang, states, Unit::State))
}

/// The line under the table on the cells another cell's search settled.
pub fn matrix_settled_by_others(lang: Lang, twins: usize, covered: usize) -> String {
    say!(lang, id::MATRIX_SETTLED_BY_OTHERS, twins = twins, covered = covered)
}

/// The note above the table: acks=1 loses an acknowledged write under every
/// protocol, with the history (its lines joined by "; ").
/// `generations`: the table's columns are the five generations, else release lines.
pub fn matrix_acks_one(lang: Lang, history: &str, generations: bool) -> String {
    let note = say!(lang, id::MATRIX_ACKS_ONE, history = history);
    if generations {
        note
    } else {
        // Release lines also say which of them a default producer loses in.
        format!("{note} {}", say!(lang, id::MATRIX_ACKS_DEFAULT))
    }
}

/// A column's heading, its name and the line under it: a generation's name
/// and its releases; release lines that answer alike, their versions
/// ("3.0–3.3"), their controller and their producer's default acks.
pub fn matrix_column(lang: Lang, lines: &[Protocol]) -> (String, String) {
    match lines {
        [] => (String::new(), String::new()),
        [p] if p.is_generation_spelling() => (p.name().to_string(), releases(lang, *p)),
        [first, .., last] if first.release().version != last.release().version => (
            format!("{}–{}", first.release().version, last.release().version),
            column_lines(lang, *first),
        ),
        [first, ..] => (first.release().version.to_string(), column_lines(lang, *first)),
    }
}

fn column_lines(lang: Lang, p: Protocol) -> String {
    let acks = p.release().producer_acks.name();
    say!(
        lang,
        id::MATRIX_COLUMN_LINES,
        controller = controller_name(p),
        acks = acks
    )
}

/// The seed's claim under one protocol.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatrixClaim<'a> {
    /// Every cell it speaks of was searched completely and is safe.
    Holds,
    /// A cell breaks it: the first in the table's order.
    Broken {
        /// That cell's min.insync.replicas.
        min_insync: u32,
        /// Whether that cell's crashes lose unflushed records.
        unflushed: bool,
        /// That cell's verdict.
        cell: MatrixCell<'a>,
    },
    /// No cell breaks it, but one was not searched completely (or not yet).
    Open,
}

/// The seed's claim in words: "holds", "does not hold: min.insync.replicas=2, crashes, lost in 5".
pub fn matrix_claim(lang: Lang, claim: &MatrixClaim) -> String {
    match claim {
        MatrixClaim::Holds => say!(lang, id::MATRIX_CLAIM_HOLDS),
        MatrixClaim::Open => say!(lang, id::MATRIX_CLAIM_OPEN),
        MatrixClaim::Broken {
            min_insync,
            unflushed,
            cell,
        } => say!(
            lang,
            id::MATRIX_CLAIM_BROKEN,
            min_insync = min_insync,
            failures = matrix_failures(lang, *unflushed),
            verdict = matrix_cell(lang, cell)
        ),
    }
}

/// A cell's settings and verdict in one line (a tooltip, a link's title).
pub fn matrix_cell_title(
    lang: Lang,
    protocol: &str,
    min_insync: u32,
    unclean: bool,
    unflushed: bool,
    cell: &MatrixCell,
) -> String {
    say!(
        lang,
        id::MATRIX_CELL_TITLE,
        protocol = protocol,
        min_insync = min_insync,
        unclean = matrix_unclean(lang, unclean),
        failures = matrix_failures(lang, unflushed),
        verdict = matrix_cell(lang, cell)
    )
}

/// The heading of a violation's history below the table.
pub fn matrix_history(
    lang: Lang,
    protocol: &str,
    min_insync: u32,
    unclean: bool,
    unflushed: bool,
    kind: ViolationKind,
    steps: usize,
) -> String {
    say!(
        lang,
        id::MATRIX_HISTORY,
        protocol = protocol,
        min_insync = min_insync,
        unclean = matrix_unclean(lang, unclean),
        failures = matrix_failures(lang, unflushed),
        kind = kind.name(),
        steps = steps
    )
}

/// Progress over the whole table: "12 of 40 cells · 35,000 states · …".
pub fn matrix_progress(lang: Lang, done: usize, cells: usize, states_seen: u64, rate: u64) -> String {
    say!(
        lang,
        id::MATRIX_PROGRESS,
        done = done,
        cells = cells,
        states = count(lang, states_seen, Unit::State),
        rate = thousands(lang, rate)
    )
}

/// How many searches run at once: "4 searches at once".
pub fn matrix_workers(lang: Lang, n: usize) -> String {
    say!(lang, id::MATRIX_WORKERS, n = n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_in_both_languages() {
        let lost = MatrixCell::Violation {
            kind: ViolationKind::CommittedWriteLost,
            steps: 5,
        };
        assert_eq!(matrix_cell(Lang::EN, &lost), "lost in 5");
        crate::said!("narrate/cells_read_in_both_languages", |lang| vec![(matrix_cell(
            lang, &lost
        ))
        .to_string()]);
        assert_eq!(
            matrix_cell(Lang::EN, &MatrixCell::Safe { states: 20_623 }),
            "none (20,623 states)"
        );
        assert_eq!(
            matrix_cell(
                Lang::EN,
                &MatrixCell::Unfinished {
                    states: 1_000_000,
                    depth: 9
                }
            ),
            "none up to 9 steps (1,000,000 states, cut)"
        );
        assert_eq!(
            matrix_claim(
                Lang::EN,
                &MatrixClaim::Broken {
                    min_insync: 2,
                    unflushed: false,
                    cell: lost.clone()
                }
            ),
            "does not hold: min.insync.replicas=2, crashes, lost in 5"
        );
        let line = |n: &str| Protocol::from_name(n).expect("a line");
        assert_eq!(
            matrix_column(Lang::EN, &[Protocol::Hw]),
            ("hw".to_string(), releases(Lang::EN, Protocol::Hw))
        );
        assert_eq!(
            matrix_column(Lang::EN, &[line("kafka-3.0"), line("kafka-3.1"), line("kafka-3.3")]),
            ("3.0–3.3".to_string(), "ZooKeeper · acks=all".to_string())
        );
        assert_eq!(
            matrix_column(Lang::EN, &[line("kafka-0.10")]),
            ("0.10".to_string(), "ZooKeeper · acks=1".to_string()),
            "a generation's line by its release name is a release column"
        );
        for &lang in Lang::ALL {
            assert_eq!(
                matrix_column(lang, &[line("kafka-3.9-kraft"), line("kafka-4.0")]).0,
                "3.9–4.0",
                "{lang:?}: versions are the same in every language"
            );
        }
        assert_eq!(
            matrix_column(Lang::EN, &[line("kafka-3.9-kraft"), line("kafka-4.0")]).1,
            "KRaft · acks=all"
        );
        assert!(matrix_acks_one(Lang::EN, "produce m1 acks=1; crash A", false).contains("before 3.0 (KIP-679)"));
        crate::said!("narrate/cells_read_in_both_languages-2", |lang| vec![(matrix_acks_one(
            lang,
            "produce m1 acks=1; crash A",
            true
        ))
        .to_string()]);
    }
}
