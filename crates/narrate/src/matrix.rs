//! The safety matrix's words (`replab_check::matrix`): its cells, rows, the
//! seed's claim and the note on acks=1. Texts in `messages/matrix.msg`.

use crate::catalogue::msg;
use crate::words::{controller_name, releases};
use crate::words::{count, Unit};
use crate::{thousands, Lang};
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
        MatrixCell::Waiting => msg::matrix_cell_waiting(lang),
        MatrixCell::Running => msg::matrix_cell_running(lang),
        MatrixCell::Violation {
            kind: ViolationKind::CommittedWriteLost,
            steps,
        } => msg::matrix_cell_lost(lang, &steps),
        MatrixCell::Violation {
            kind: ViolationKind::ReplicasDiverged,
            steps,
        } => msg::matrix_cell_diverged(lang, &steps),
        MatrixCell::Violation {
            kind: ViolationKind::ConsumerReadLost,
            steps,
        } => msg::matrix_cell_read_lost(lang, &steps),
        MatrixCell::Violation {
            kind: ViolationKind::ConsumerReadDiverged,
            steps,
        } => msg::matrix_cell_read_diverged(lang, &steps),
        MatrixCell::Safe { states: n } => msg::matrix_cell_safe(lang, &count(lang, n as u64, Unit::State)),
        MatrixCell::Unfinished { states: n, depth } => {
            msg::matrix_cell_unfinished(lang, &depth, &count(lang, n as u64, Unit::State))
        }
        MatrixCell::OverBudget { megabytes, depth } => {
            msg::matrix_cell_over_budget(lang, &depth, &thousands(lang, megabytes as u64))
        }
        MatrixCell::Failed => msg::matrix_cell_failed(lang),
        MatrixCell::Error(ref reason) => msg::matrix_cell_error(lang, &reason),
    }
}

/// A row's settings, one word each: unclean election "on"/"off".
pub fn matrix_unclean(lang: Lang, unclean: bool) -> String {
    if unclean {
        msg::matrix_unclean_on(lang)
    } else {
        msg::matrix_unclean_off(lang)
    }
}

/// A row's kind of failure: "crashes", "crashes, unflushed lost".
pub fn matrix_failures(lang: Lang, unflushed: bool) -> String {
    if unflushed {
        msg::matrix_failures_unflushed(lang)
    } else {
        msg::matrix_failures_crash(lang)
    }
}

/// The table's headings: settings' column names, then the title.
pub fn matrix_heading(lang: Lang, which: MatrixHeading) -> String {
    match which {
        MatrixHeading::Title => msg::matrix_title(lang),
        MatrixHeading::MinInsync => msg::matrix_column_min_insync(lang),
        MatrixHeading::Unclean => msg::matrix_column_unclean(lang),
        MatrixHeading::Failures => msg::matrix_column_failures(lang),
        MatrixHeading::Claim => msg::matrix_claim_row(lang),
    }
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
        Some(megabytes) => {
            msg::matrix_bounds_budget(lang, &records, &failures, &epoch, &thousands(lang, megabytes as u64))
        }
        None => msg::matrix_bounds(lang, &records, &failures, &epoch, &thousands(lang, limit as u64)),
    };
    msg::matrix_setup(lang, &brokers.join(", "), &bounds)
}

/// The hint on the page's memory budget per search.
pub fn matrix_budget(lang: Lang, megabytes: usize) -> String {
    msg::matrix_budget(lang, &thousands(lang, megabytes as u64))
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
        } => msg::matrix_cell_held(lang, &thousands(lang, u64::from(megabytes))),
        MatrixHeld::Searched {
            megabytes,
            states: Some(states),
        } => msg::matrix_cell_held_states(
            lang,
            &count(lang, u64::from(states), Unit::State),
            &thousands(lang, u64::from(megabytes)),
        ),
        MatrixHeld::Twin => msg::matrix_cell_by_twin(lang),
        MatrixHeld::Covered => msg::matrix_cell_by_cover(lang),
        MatrixHeld::SameRules => msg::matrix_cell_by_same_rules(lang),
    }
}

/// The line above a table the checker answered when the page was built.
pub fn matrix_built(lang: Lang, states: u64) -> String {
    msg::matrix_built(lang, &count(lang, states, Unit::State))
}

/// The line under the table on the cells another cell's search settled.
pub fn matrix_settled_by_others(lang: Lang, twins: usize, covered: usize) -> String {
    msg::matrix_settled_by_others(lang, &twins, &covered)
}

/// The note above the table: acks=1 loses an acknowledged write under every
/// protocol, with the history (its lines joined by "; ").
/// `generations`: the table's columns are the five generations, else release lines.
pub fn matrix_acks_one(lang: Lang, history: &str, generations: bool) -> String {
    let note = msg::matrix_acks_one(lang, &history);
    if generations {
        note
    } else {
        // Release lines also say which of them a default producer loses in.
        format!("{note} {}", msg::matrix_acks_default(lang))
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
    msg::matrix_column_lines(lang, &controller_name(p), &acks)
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
        MatrixClaim::Holds => msg::matrix_claim_holds(lang),
        MatrixClaim::Open => msg::matrix_claim_open(lang),
        MatrixClaim::Broken {
            min_insync,
            unflushed,
            cell,
        } => msg::matrix_claim_broken(
            lang,
            &min_insync,
            &matrix_failures(lang, *unflushed),
            &matrix_cell(lang, cell),
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
    msg::matrix_cell_title(
        lang,
        &protocol,
        &min_insync,
        &matrix_unclean(lang, unclean),
        &matrix_failures(lang, unflushed),
        &matrix_cell(lang, cell),
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
    msg::matrix_history(
        lang,
        &protocol,
        &min_insync,
        &matrix_unclean(lang, unclean),
        &matrix_failures(lang, unflushed),
        &kind.name(),
        &steps,
    )
}

/// Progress over the whole table: "12 of 40 cells · 35,000 states · …".
pub fn matrix_progress(lang: Lang, done: usize, cells: usize, states_seen: u64, rate: u64) -> String {
    msg::matrix_progress(
        lang,
        &done,
        &cells,
        &count(lang, states_seen, Unit::State),
        &thousands(lang, rate),
    )
}

/// How many searches run at once: "4 searches at once".
pub fn matrix_workers(lang: Lang, n: usize) -> String {
    msg::matrix_workers(lang, &n)
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
