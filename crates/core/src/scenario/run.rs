//! Runs a script: applies its commands in order and checks its expectations,
//! stopping at the first that fails. A command the model refuses is a script error.

use super::parse::{ScriptError, ScriptErrorKind};
use super::{Expectation, Found, Script, StatementKind};
use crate::cluster::{Cluster, Setup};
use crate::command::Command;
use crate::event::Event;
use crate::protocol::Protocol;

/// One command applied by a run.
#[derive(Clone, Debug)]
pub struct Step {
    /// The command's line in the script.
    pub line: usize,
    /// The command.
    pub command: Command,
    /// The events it caused.
    pub events: Vec<Event>,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every expectation held.
    Passed {
        /// How many expectations were checked.
        checked: usize,
    },
    /// An expectation did not hold; the run stopped there.
    ExpectationFailed {
        /// The expectation's line in the script.
        line: usize,
        /// What it expected.
        expectation: Expectation,
        /// What the state held instead.
        found: Found,
    },
}

/// A script run under one protocol.
#[derive(Clone, Debug)]
pub struct Run {
    /// The starting point.
    pub setup: Setup,
    /// The commands applied, in order.
    pub steps: Vec<Step>,
    /// The cluster after the last command applied.
    pub cluster: Cluster,
    /// How it ended.
    pub outcome: Outcome,
}

impl Run {
    /// The protocol it ran under.
    pub fn protocol(&self) -> Protocol {
        self.setup.protocol
    }

    /// The line of the command whose events include `pred`.
    pub fn line_of(&self, pred: impl Fn(&Event) -> bool) -> Option<usize> {
        self.steps.iter().find(|s| s.events.iter().any(&pred)).map(|s| s.line)
    }
}

/// Runs `script` under `protocol` (or its header's).
pub fn run(script: &Script, protocol: Option<Protocol>) -> Result<Run, ScriptError> {
    let setup = script.checked_setup(protocol)?;
    let mut cluster = Cluster::new(&setup);
    let mut steps = Vec::new();
    let mut checked = 0;
    for st in script.statements.iter().filter(|s| s.applies_under(setup.protocol)) {
        match &st.kind {
            StatementKind::Command(c) => {
                let events = cluster.apply(c).map_err(|error| ScriptError {
                    line: st.line,
                    kind: ScriptErrorKind::Command { error },
                })?;
                steps.push(Step {
                    line: st.line,
                    command: c.clone(),
                    events,
                });
            }
            StatementKind::Expect(e) => {
                if let Err(found) = e.check(&cluster) {
                    return Ok(Run {
                        setup,
                        steps,
                        cluster,
                        outcome: Outcome::ExpectationFailed {
                            line: st.line,
                            expectation: e.clone(),
                            found,
                        },
                    });
                }
                checked += 1;
            }
        }
    }
    Ok(Run {
        setup,
        steps,
        cluster,
        outcome: Outcome::Passed { checked },
    })
}

/// A script's commands applied into a `Timeline` (for the app): expectations are
/// not checked; a refused command is a script error naming its line.
pub fn load(script: &Script, protocol: Option<Protocol>) -> Result<Loaded, ScriptError> {
    let setup = script.checked_setup(protocol)?;
    let mut timeline = crate::timeline::Timeline::new(setup.clone());
    let mut lines = Vec::new();
    for (line, c) in script.commands_under(setup.protocol) {
        timeline.push(c.clone()).map_err(|error| ScriptError {
            line,
            kind: ScriptErrorKind::Command { error },
        })?;
        lines.push(line);
    }
    Ok(Loaded { timeline, lines })
}

/// A loaded script: its history, and the line of each step's command.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The history of the commands applied.
    pub timeline: crate::timeline::Timeline,
    /// The script line of each step's command, in step order.
    pub lines: Vec<usize>,
}
