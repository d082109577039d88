//! The release strip: one history run under every offered release line, each
//! with its outcome — the safety check that fires first in the whole history,
//! none, or the step the release refuses. The page's strip and `replab run
//! --releases` both ask here.

use crate::cluster::{Cluster, Setup};
use crate::command::Command;
use crate::event::{Event, ViolationKind};
use crate::protocol::Protocol;
use crate::scenario::Script;
use serde::Serialize;

/// What a history comes to under one release line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LineOutcome {
    /// A safety check fired: the first to fire, at `step` (1-based).
    Violation {
        /// Its kind.
        kind: ViolationKind,
        /// The step of the history at which it fired (1-based).
        step: usize,
    },
    /// No safety check fired in the whole history.
    Safe,
    /// The release refused the history at `step` (1-based; 0: its setup).
    Refused {
        /// The step it refused (0: the setup itself).
        step: usize,
    },
}

impl LineOutcome {
    /// The name of the outcome as the page marks a chip (`data-outcome`): the
    /// violation kind's name, `none`, or `refused`.
    pub fn name(self) -> &'static str {
        match self {
            LineOutcome::Violation { kind, .. } => kind.name(),
            LineOutcome::Safe => "none",
            LineOutcome::Refused { .. } => "refused",
        }
    }
}

/// The outcome of `commands` applied from `setup`.
pub fn outcome<'a>(setup: &Setup, commands: impl IntoIterator<Item = &'a Command>) -> LineOutcome {
    let mut cluster = Cluster::new(setup);
    for (i, c) in commands.into_iter().enumerate() {
        let Ok(events) = cluster.apply(c) else {
            return LineOutcome::Refused { step: i + 1 };
        };
        let fired = events.iter().find_map(|e| match e {
            Event::ViolationFound { violation } => Some(violation.kind()),
            _ => None,
        });
        if let Some(kind) = fired {
            return LineOutcome::Violation { kind, step: i + 1 };
        }
    }
    LineOutcome::Safe
}

/// `setup`'s history (`commands`) under every offered line, in the table's order.
pub fn strip(setup: &Setup, commands: &[Command]) -> Vec<(Protocol, LineOutcome)> {
    Protocol::releases()
        .map(|p| {
            let setup = Setup {
                protocol: p,
                ..setup.clone()
            };
            (p, outcome(&setup, commands))
        })
        .collect()
}

/// A script under every offered line: the commands that apply under each
/// (`under`), and a setup the line refuses (contract 1.5 rule 5) as refused at 0.
pub fn script_strip(script: &Script) -> Vec<(Protocol, LineOutcome)> {
    Protocol::releases()
        .map(|p| {
            let outcome = match script.checked_setup(Some(p)) {
                Ok(setup) => outcome(&setup, script.commands_under(p).map(|(_, c)| c)),
                Err(_) => LineOutcome::Refused { step: 0 },
            };
            (p, outcome)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::parse;

    // The seed's story: m2 acknowledged by A and B, then both lose it before
    // 0.11; from 0.11 leader epochs keep it.
    #[test]
    fn the_data_loss_story_is_lost_before_leader_epochs_only() {
        let script = parse(
            "brokers A B
             set unclean.leader.election.enable=true
             produce m1
             fetch B
             fetch B
             produce m2
             fetch B
             crash B
             restart B
             crash A
             restart A",
        )
        .expect("parses");
        let strip = script_strip(&script);
        assert_eq!(strip.len(), 34);
        let lost: Vec<&str> = strip
            .iter()
            .filter(|(_, o)| o.name() == "committed-write-lost")
            .map(|(p, _)| p.name())
            .collect();
        assert_eq!(lost, ["kafka-0.10"], "{strip:?}");
    }

    // A setup a line refuses is refused at step 0, under that line alone.
    #[test]
    fn elr_under_a_kraft_line_before_4_1_is_refused_at_its_setup() {
        let script = parse("brokers A B\nset eligible.leader.replicas.version=1\nproduce m1").expect("parses");
        let refused: Vec<&str> = script_strip(&script)
            .into_iter()
            .filter(|(_, o)| *o == LineOutcome::Refused { step: 0 })
            .map(|(p, _)| p.name())
            .collect();
        assert_eq!(
            refused,
            [
                "kafka-3.3-kraft",
                "kafka-3.4-kraft",
                "kafka-3.5-kraft",
                "kafka-3.6-kraft",
                "kafka-3.7-kraft",
                "kafka-3.8-kraft",
                "kafka-3.9-kraft",
                "kafka-4.0"
            ]
        );
    }
}
