//! Runs a script: applies its commands in order and checks its expectations,
//! stopping at the first that fails. A command the model refuses is a script error.

use super::parse::{ScriptError, ScriptErrorKind};
use super::{Expectation, Found, Script, StatementKind};
use crate::cluster::{Cluster, Setup};
use crate::command::Command;
use crate::event::Event;
use crate::protocol::Protocol;

#[derive(Clone, Debug)]
pub struct Step {
    pub line: usize,
    pub command: Command,
    pub events: Vec<Event>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every expectation held.
    Passed { checked: usize },
    ExpectationFailed {
        line: usize,
        expectation: Expectation,
        found: Found,
    },
}

#[derive(Clone, Debug)]
pub struct Run {
    pub setup: Setup,
    pub steps: Vec<Step>,
    pub cluster: Cluster,
    pub outcome: Outcome,
}

impl Run {
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
    let setup = script.setup(protocol);
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
    let setup = script.setup(protocol);
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
    pub timeline: crate::timeline::Timeline,
    pub lines: Vec<usize>,
}
