//! Fixed explorations and the figures they give, in one place: a native test
//! (`tests/golden.rs`) and a wasm test in the worker hold the explorer to them,
//! so a run is shown to give the same result on both targets. The figures were
//! recorded from a run, not chosen; a change to the model or the explorer that
//! moves them must say why.

use crate::bounds::Bounds;
use crate::decisive::decisive_steps;
use crate::explorer::{Explorer, Outcome, SetupError};
use crate::trace::scenario_text;
use replab_core::{Protocol, Setup, ViolationKind};

/// What a run gives: its counts, how it ended, and the history it found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// Distinct states seen.
    pub states: usize,
    /// Steps tried, including those into states already seen (not a
    /// delivery right after its send, which the fetch before it stands for:
    /// see `Expand::state`).
    pub transitions: u64,
    /// The depth of the states being expanded when it ended.
    pub depth: usize,
    /// Every history within the bounds was explored.
    pub complete: bool,
    /// The violation found, if any.
    pub kind: Option<ViolationKind>,
    /// The history found, as `scenario_text` writes it.
    pub scenario: Option<String>,
    /// The indices of its decisive steps (`decisive_steps`).
    pub decisive: Vec<usize>,
}

/// One fixed exploration and the figures it must give.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its name in the tests' messages.
    pub name: &'static str,
    /// Where it starts.
    pub setup: Setup,
    /// How far it looks.
    pub bounds: Bounds,
    /// The figures it must give.
    pub expected: Figures,
}

/// Runs a whole search and reads its figures.
pub fn measure(setup: &Setup, bounds: Bounds) -> Result<Figures, SetupError> {
    let mut explorer = Explorer::new(setup.clone(), bounds)?;
    let progress = explorer.step(usize::MAX);
    let outcome = explorer.outcome();
    let (kind, scenario, decisive) = match outcome {
        Some(Outcome::Violation { kind, trace, .. }) => (
            Some(*kind),
            Some(scenario_text(setup, trace, Some(*kind))),
            decisive_steps(setup, trace)
                .map(|d| d.iter().map(|d| d.step).collect())
                .unwrap_or_default(),
        ),
        _ => (None, None, Vec::new()),
    };
    Ok(Figures {
        states: outcome.and_then(Outcome::states).unwrap_or(progress.states),
        transitions: progress.transitions,
        depth: progress.depth,
        complete: outcome.is_some_and(Outcome::is_complete),
        kind,
        scenario,
        decisive,
    })
}

fn two_brokers(protocol: Protocol) -> Setup {
    // Recorded with the 1.3 defaults (unclean election off, 30000 ms).
    Setup::of(&["A", "B"], protocol).pinned_to(replab_core::Config::LANGUAGE_1_3)
}

/// The fixed explorations: small enough to run in a debug build in a browser.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "hw, brokers A B, default bounds",
            setup: two_brokers(Protocol::Hw),
            bounds: Bounds::default(),
            expected: Figures {
                states: 434,
                transitions: 1111,
                depth: 4,
                complete: false,
                kind: Some(ViolationKind::CommittedWriteLost),
                scenario: Some(
                    "title Found by replab-check: committed-write-lost in 5 steps\n\
                     protocol hw\n\
                     brokers A B\n\
                     set unclean.leader.election.enable=false\n\
                     set replica.lag.time.max.ms=30000\n\
                     produce m1\n\
                     fetch B\n\
                     send B\n\
                     bounce B\n\
                     crash A\n\
                     expect violation committed-write-lost\n"
                        .into(),
                ),
                // send B parks B's fetch at A, whose HW moves at once: m1 is
                // committed while B's HW is 0; bounce B truncates it away, crash A
                // elects B. (With plain fetches the loss takes 6 steps.)
                decisive: vec![2, 3, 4],
            },
        },
        Case {
            name: "kip-279, brokers A B, 3 produces, 2 failures, max epoch 4",
            setup: two_brokers(Protocol::Kip279),
            bounds: Bounds {
                max_produces: 3,
                max_failures: 2,
                max_epoch: 4,
                ..Bounds::default()
            },
            expected: Figures {
                states: 212_596,
                transitions: 1_269_304,
                depth: 17,
                complete: true,
                kind: None,
                scenario: None,
                decisive: vec![],
            },
        },
    ]
}
