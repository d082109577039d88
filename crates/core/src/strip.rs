//! The release strip: one history run under every offered release line, each
//! with its outcome — the safety check that fires first in the whole history,
//! none, or the step the release refuses. The page's strip and `replab run
//! --releases` both ask here.

use crate::chunked::Slice;
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
    let mut line = LineRun::new(setup);
    for c in commands {
        if line.apply(c).is_some() {
            break;
        }
    }
    line.outcome.unwrap_or(LineOutcome::Safe)
}

/// One line's run: its partition until the outcome is decided.
// No Debug: it would link the partition's whole Debug into the page.
struct LineRun {
    cluster: Option<Cluster>,
    applied: usize,
    outcome: Option<LineOutcome>,
}

impl LineRun {
    fn new(setup: &Setup) -> LineRun {
        if setup.elr_unsupported() {
            return LineRun {
                cluster: None,
                applied: 0,
                outcome: Some(LineOutcome::Refused { step: 0 }),
            };
        }
        LineRun {
            cluster: Some(Cluster::new(setup)),
            applied: 0,
            outcome: None,
        }
    }

    /// Applies the next command; the outcome once it is decided (the cluster
    /// is then let go).
    fn apply(&mut self, c: &Command) -> Option<LineOutcome> {
        let cluster = self.cluster.as_mut()?;
        self.applied += 1;
        let step = self.applied;
        let decided = match cluster.apply(c) {
            Err(_) => Some(LineOutcome::Refused { step }),
            Ok(events) => events.iter().find_map(|e| match e {
                Event::ViolationFound { violation } => Some(LineOutcome::Violation {
                    kind: violation.kind(),
                    step,
                }),
                _ => None,
            }),
        };
        if decided.is_some() {
            self.cluster = None;
            self.outcome = decided;
        }
        decided
    }
}

/// A history's commands: a slice, or a timeline's (`Timeline::commands`).
pub trait Commands {
    /// How many.
    fn count(&self) -> usize;
    /// The `i`th.
    fn at(&self, i: usize) -> Option<&Command>;
}

impl Commands for [Command] {
    fn count(&self) -> usize {
        self.len()
    }
    fn at(&self, i: usize) -> Option<&Command> {
        self.get(i)
    }
}

impl Commands for Slice<'_, Command> {
    fn count(&self) -> usize {
        self.len()
    }
    fn at(&self, i: usize) -> Option<&Command> {
        self.get(i)
    }
}

/// `setup`'s history (`commands`) under every offered line, in the table's order.
pub fn strip(setup: &Setup, commands: &[Command]) -> Vec<(Protocol, LineOutcome)> {
    let mut run = StripRun::new(setup);
    run.advance(commands, usize::MAX);
    run.outcomes()
        .into_iter()
        .map(|(p, o)| (p, o.unwrap_or(LineOutcome::Safe)))
        .collect()
}

/// The strip computed a few commands at a time, for a front end that must not
/// block: the lines that share a row of rules run once, a decided line stops,
/// and a history that grows by a command costs one step a row.
pub struct StripRun {
    /// The history's setup, its protocol aside.
    setup: Setup,
    /// The commands applied so far, in order.
    applied: Vec<Command>,
    /// One run a distinct row of rules.
    rows: Vec<LineRun>,
    /// Every offered line and the row it runs as.
    lines: Vec<(Protocol, usize)>,
}

impl StripRun {
    /// A strip of `setup`'s history with nothing applied yet.
    pub fn new(setup: &Setup) -> StripRun {
        let mut firsts: Vec<Protocol> = Vec::new();
        let mut lines = Vec::new();
        for p in Protocol::releases() {
            let row = match firsts.iter().position(|f| f.release().same_rules(p.release())) {
                Some(row) => row,
                None => {
                    firsts.push(p);
                    firsts.len() - 1
                }
            };
            lines.push((p, row));
        }
        let rows = firsts
            .iter()
            .map(|&p| {
                LineRun::new(&Setup {
                    protocol: p,
                    ..setup.clone()
                })
            })
            .collect();
        StripRun {
            setup: setup.clone(),
            applied: Vec::new(),
            rows,
            lines,
        }
    }

    /// Whether this run is of `setup`'s history and `commands` go on from what
    /// it applied (the reader acted at the end): then `advance` continues it.
    pub fn continues(&self, setup: &Setup, commands: &(impl Commands + ?Sized)) -> bool {
        let same_setup = (&self.setup.brokers, self.setup.leader, &self.setup.settings)
            == (&setup.brokers, setup.leader, &setup.settings);
        same_setup
            && commands.count() >= self.applied.len()
            && self.applied.iter().enumerate().all(|(i, c)| commands.at(i) == Some(c))
    }

    /// Applies up to `budget` more of `commands` (which `continues` this run)
    /// to every row still undecided; true when all of them are applied.
    pub fn advance(&mut self, commands: &(impl Commands + ?Sized), budget: usize) -> bool {
        let start = self.applied.len();
        let end = commands.count().min(start.saturating_add(budget));
        for c in (start..end).filter_map(|i| commands.at(i)) {
            for row in &mut self.rows {
                row.apply(c);
            }
            self.applied.push(c.clone());
        }
        end == commands.count()
    }

    /// How many commands are applied.
    pub fn applied(&self) -> usize {
        self.applied.len()
    }

    /// Each line's outcome over the commands applied so far: decided, or None
    /// while no check fired and nothing was refused.
    pub fn outcomes(&self) -> Vec<(Protocol, Option<LineOutcome>)> {
        self.lines.iter().map(|&(p, row)| (p, self.rows[row].outcome)).collect()
    }
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

    // The strip a step at a time says what the whole strip says, at every step.
    #[test]
    fn a_strip_run_a_step_at_a_time_is_the_strip() {
        let script = parse(include_str!("../../../web/scenarios/data-loss.scn")).expect("parses");
        let setup = script.setup(None);
        let commands: Vec<Command> = script.commands_under(setup.protocol).map(|(_, c)| c.clone()).collect();
        let mut run = StripRun::new(&setup);
        for n in 0..=commands.len() {
            assert!(run.continues(&setup, &commands[..n]));
            assert!(run.advance(&commands[..n], 1) || n == 0);
            let whole = strip(&setup, &commands[..n]);
            let stepped: Vec<(Protocol, LineOutcome)> = run
                .outcomes()
                .into_iter()
                .map(|(p, o)| (p, o.unwrap_or(LineOutcome::Safe)))
                .collect();
            assert_eq!(stepped, whole, "after {n} commands");
        }
        // A history forked at a past step does not continue it.
        let mut forked = commands[..3].to_vec();
        forked.push(Command::Tick { ms: 5 });
        assert!(!run.continues(&setup, &forked[..]));
        let whole = strip(&setup, &commands);
        assert_eq!(
            whole[0].1,
            LineOutcome::Violation {
                kind: ViolationKind::CommittedWriteLost,
                step: 6
            }
        );
        // Its history under `hw` has 0.10's own steps: A, halted there, is the
        // one that fetches at step 8, which from 2.2 (a bounce seen) is refused.
        let names = |want: LineOutcome| -> Vec<&str> {
            whole
                .iter()
                .filter(|(_, o)| *o == want)
                .map(|(p, _)| p.name())
                .collect()
        };
        assert_eq!(
            names(LineOutcome::Safe),
            ["kafka-0.11", "kafka-1.0", "kafka-1.1", "kafka-2.1"]
        );
        assert_eq!(names(LineOutcome::Refused { step: 8 }).len(), 29);
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
