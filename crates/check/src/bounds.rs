//! How far the explorer looks: how many records and failures a history may have,
//! how high the leader epoch may go, and which kinds of step beyond the model's
//! own menu (`Cluster::enabled`) it tries.

use replab_core::{Command, ViolationKind};
use serde::{Deserialize, Serialize};

/// The limits of one exploration. Every history within them is explored. As a
/// message to the page's worker: a JS object with camelCase fields, any left out
/// taking the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Bounds {
    /// Records written: a `produce` counts when the leader appends it (a refused
    /// produce changes nothing, so it is never a step of its own).
    pub max_produces: u32,
    /// Brokers stopped by `crash`, `bounce` and `shutdown` together: `crash A B`
    /// counts two. Restarts are free (each needs a stop first).
    pub max_failures: u32,
    /// The highest leader epoch explored: a step that takes the partition past it
    /// is not taken. This bounds elections, and the epoch bumps of crashes.
    pub max_epoch: u32,
    /// `elect X`.
    pub clean_elections: bool,
    /// `elect X unclean`. The setup's unclean.leader.election.enable is left as it
    /// is: it decides what the controller does on its own after a failure.
    pub unclean_elections: bool,
    /// `crash X@offset` and `bounce X@offset` for every offset below X's log end:
    /// records not yet flushed are lost.
    pub unflushed_loss: bool,
    /// `tick <replica.lag.time.max.ms + 1>`: every follower not caught up since the
    /// last tick lags.
    pub lag_ticks: bool,
    /// `crash X Y`: two brokers at once, in both orders (KRaft fences them in the
    /// order written), each with or without `@offset` when `unflushed_loss` is on.
    pub multi_crashes: bool,
    /// Consumers c1 … cN, each polling (`consume cI`) at any step: the search
    /// then also looks for what an application read (`consumer-read-lost`,
    /// `consumer-read-diverged`). A poll spends no budget: one that changes
    /// nothing leaves a state already seen.
    pub consumers: u32,
    /// Only this kind ends the search (None: either kind).
    pub only: Option<ViolationKind>,
    /// Stop with `Outcome::StateLimit` past this many distinct states (None: no
    /// limit). A front end that runs in a browser tab wants one.
    pub max_states: Option<usize>,
    /// Stop with `Outcome::StateLimit` once the search holds more than this
    /// many bytes (its visited states, their links and its frontier; None: no
    /// budget): a memory budget a reader understands, and a browser tab
    /// survives.
    pub max_bytes: Option<usize>,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_produces: 2,
            max_failures: 2,
            max_epoch: 3,
            clean_elections: true,
            unclean_elections: false,
            unflushed_loss: false,
            lag_ticks: false,
            multi_crashes: false,
            consumers: 0,
            only: None,
            max_states: Some(1_000_000),
            max_bytes: None,
        }
    }
}

impl Bounds {
    /// The defaults with `max_states` as the limit.
    pub fn with_limit(max_states: usize) -> Bounds {
        Bounds {
            max_states: Some(max_states),
            ..Bounds::default()
        }
    }
}

/// What a history has used of its bounds so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spent {
    /// Records written so far (`produce`).
    pub produces: u32,
    /// Brokers stopped so far (`failures`).
    pub failures: u32,
}

impl Bounds {
    /// Whether `command` stays within the bounds after `spent`. The epoch bound is
    /// checked on the state a step leaves, not here.
    pub fn allows(&self, command: &Command, spent: Spent) -> bool {
        match command {
            Command::Produce { .. } => spent.produces < self.max_produces,
            Command::Crash { .. } | Command::Bounce { .. } | Command::Shutdown { .. } => {
                spent.failures + failures(command) <= self.max_failures
            }
            Command::Elect { unclean: false, .. } => self.clean_elections,
            Command::Elect { unclean: true, .. } => self.unclean_elections,
            Command::Tick { .. } => self.lag_ticks,
            Command::Consume { consumer, .. } => consumer_index(consumer).is_some_and(|i| i < self.consumers),
            Command::Set { .. } => false,
            Command::Fetch { .. }
            | Command::Send { .. }
            | Command::Deliver { .. }
            | Command::Drop { .. }
            | Command::Restart { .. } => true,
        }
    }

    /// Whether the clock can move at all: without ticks it stays at 0 and every
    /// time the leader keeps is 0 too.
    pub fn clock_moves(&self) -> bool {
        self.lag_ticks
    }

    /// Whether a violation of `kind` ends the search.
    pub fn wants(&self, kind: ViolationKind) -> bool {
        self.only.is_none_or(|k| k == kind)
    }
}

/// The consumers a search polls with: c1, c2, … (the first `n`).
pub fn consumer_name(i: u32) -> replab_core::Value {
    // Made once: the search asks at every state.
    static FIRST: std::sync::OnceLock<Vec<replab_core::Value>> = std::sync::OnceLock::new();
    let first = FIRST.get_or_init(|| (1..=8).map(|k| replab_core::Value::from(format!("c{k}"))).collect());
    first
        .get(i as usize)
        .copied()
        .unwrap_or_else(|| replab_core::Value::from(format!("c{}", i + 1)))
}

/// The index of a consumer `consumer_name` names.
fn consumer_index(name: &replab_core::Value) -> Option<u32> {
    let digits = name.strip_prefix('c')?;
    let n: u32 = digits.parse().ok()?;
    (n >= 1 && digits == n.to_string()).then(|| n - 1)
}

/// Brokers `command` stops.
pub fn failures(command: &Command) -> u32 {
    match command {
        Command::Crash { targets } => targets.len() as u32,
        Command::Bounce { .. } | Command::Shutdown { .. } => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::CrashTarget;

    fn crash(brokers: &[usize]) -> Command {
        Command::Crash {
            targets: brokers
                .iter()
                .map(|&broker| CrashTarget {
                    broker,
                    unflushed_from: None,
                })
                .collect(),
        }
    }

    #[test]
    fn a_crash_of_two_brokers_costs_two_failures() {
        let b = Bounds::default();
        let one_left = Spent {
            produces: 0,
            failures: 1,
        };
        assert!(b.allows(&crash(&[0]), one_left));
        assert!(!b.allows(&crash(&[0, 1]), one_left));
        assert!(b.allows(&crash(&[0, 1]), Spent::default()));
    }

    #[test]
    fn consumers_poll_only_within_their_number() {
        let consume = |name: &str| Command::Consume {
            consumer: replab_core::Value::from(name),
            max: None,
        };
        let b = Bounds::default();
        assert!(!b.allows(&consume("c1"), Spent::default()), "none by default");
        let b = Bounds { consumers: 2, ..b };
        assert!(b.allows(&consume("c1"), Spent::default()));
        assert!(b.allows(&consume("c2"), Spent::default()));
        for other in ["c3", "c0", "c01", "x"] {
            assert!(!b.allows(&consume(other), Spent::default()), "{other}");
        }
        assert_eq!(&*consumer_name(1), "c2");
    }

    #[test]
    fn the_defaults_elect_cleanly_only() {
        let b = Bounds::default();
        let elect = |unclean| Command::Elect { broker: 0, unclean };
        assert!(b.allows(&elect(false), Spent::default()));
        assert!(!b.allows(&elect(true), Spent::default()));
        assert!(!b.allows(&Command::Tick { ms: 30_001 }, Spent::default()));
    }
}
