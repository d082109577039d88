//! The scenario language (version 1): a plain-text script of what happens to one
//! partition, with `expect` lines that check it. `parse` turns text into a
//! `Script`; `run` applies it; `format` writes commands back as text.

mod expect;
mod format;
mod generate;
mod parse;
mod run;

pub use expect::{Expectation, Found};
pub use format::{command_line, expectation_line, found_history_text, history_text, script_text};
pub use generate::{long_history, long_history_steps, FETCH_EVERY};
pub use parse::{
    is_broker_id, is_value, parse, parse_within_limits, ScriptError, ScriptErrorKind, MAX_STEPS, MAX_TEXT_BYTES,
};
pub use run::{load, run, Loaded, Outcome, Run, Step};

use crate::broker_set::BrokerIx;
use crate::cluster::Setup;
use crate::command::Command;
use crate::config::{Setting, Settings};
use crate::protocol::Protocol;
use serde::Serialize;

/// A parsed scenario: its header and its statements.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Script {
    /// The `title` line's text.
    pub title: Option<String>,
    /// The header's protocol (the default `diverging-epoch` when None).
    pub protocol: Option<Protocol>,
    /// The broker ids from the `brokers` line, in assignment order.
    pub brokers: Vec<String>,
    /// The broker the `leader` line names (the first broker by default).
    pub leader: BrokerIx,
    /// The header's `set` lines, in order.
    pub settings: Vec<Setting>,
    /// The line of the header's last `set eligible.leader.replicas.version`.
    pub elr_set_at: Option<usize>,
    /// The statements after the header, in order.
    pub statements: Vec<Statement>,
}

/// One statement after the header.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Statement {
    /// 1-based line number in the text.
    pub line: usize,
    /// `under p1,p2 ...`: the statement applies only under these protocols.
    pub under: Option<Vec<Protocol>>,
    /// What it is.
    pub kind: StatementKind,
}

/// A command or an `expect` line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum StatementKind {
    /// A command to apply.
    Command(Command),
    /// An `expect` line to check.
    Expect(Expectation),
}

/// The protocol a script runs under when neither its header nor the runner names one.
pub const DEFAULT_PROTOCOL: Protocol = Protocol::DivergingEpoch;

impl Script {
    /// The starting point, under `protocol` if given (the runner's `--protocol`),
    /// else the header's.
    pub fn setup(&self, protocol: Option<Protocol>) -> Setup {
        Setup {
            brokers: self.brokers.clone(),
            leader: self.leader,
            settings: Settings::from_lines(&self.settings),
            protocol: protocol.or(self.protocol).unwrap_or(DEFAULT_PROTOCOL),
        }
    }

    /// The starting point as `setup` gives it, or the script error a run
    /// under it reports when it starts: `set eligible.leader.replicas.version=1`
    /// under a KRaft line before 4.1 (contract 1.5 rule 5).
    pub fn checked_setup(&self, protocol: Option<Protocol>) -> Result<Setup, parse::ScriptError> {
        let setup = self.setup(protocol);
        match self.elr_set_at {
            Some(line) if setup.elr_unsupported() => Err(parse::ScriptError {
                line,
                kind: ScriptErrorKind::ElrNotInRelease {
                    release: setup.protocol.canonical().name().to_string(),
                },
            }),
            _ => Ok(setup),
        }
    }

    /// This script with `base`'s value written into its header for every key
    /// it leaves to a release default that differs from `base` under some
    /// protocol: read as it was under `base` (a share link made before 1.4, or
    /// a test written for the 1.3 defaults, with `Config::LANGUAGE_1_3`).
    pub fn pinned_to(mut self, base: crate::config::Config) -> Script {
        self.settings = Settings::from_lines(&self.settings).pinned_to(base).lines();
        self
    }

    /// The commands that apply under `protocol`, with their lines.
    pub fn commands_under(&self, protocol: Protocol) -> impl Iterator<Item = (usize, &Command)> {
        self.statements.iter().filter_map(move |s| match &s.kind {
            StatementKind::Command(c) if s.applies_under(protocol) => Some((s.line, c)),
            _ => None,
        })
    }
}

/// `text` with a `set` line after its `brokers` line for every setting
/// `Script::pinned_to(base)` writes into its header: the same scenario as text
/// (a share link made before 1.4, reopened and shown in the editor, keeps its
/// meaning when it is edited or shared again). A text that does not parse, or
/// needs no line, is returned as it is.
pub fn pinned_text(text: &str, base: crate::config::Config) -> String {
    let Ok(script) = parse(text) else {
        return text.to_string();
    };
    let pinned = Settings::from_lines(&script.settings).pinned_to(base).lines();
    let added: Vec<&Setting> = pinned.iter().filter(|s| !script.settings.contains(s)).collect();
    let mut out = String::with_capacity(text.len() + 48 * added.len());
    let mut written = added.is_empty();
    for line in text.split_inclusive('\n') {
        out.push_str(line);
        if !written && line.split_whitespace().next() == Some("brokers") {
            if !line.ends_with('\n') {
                out.push('\n');
            }
            for s in &added {
                out.push_str(&format!("set {}={}\n", s.key(), s.value_text()));
            }
            written = true;
        }
    }
    out
}

impl Statement {
    /// Whether the statement applies under `protocol`.
    pub fn applies_under(&self, protocol: Protocol) -> bool {
        self.under.as_ref().is_none_or(|ps| ps.contains(&protocol))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn a_pinned_text_reads_as_the_pinned_script() {
        let base = Config::LANGUAGE_1_3;
        for text in [
            "title T\nbrokers A B\nproduce m1\ncrash A\n",
            "# a comment\nbrokers A B C\nleader B\nset unclean.leader.election.enable=true\n\nproduce m1",
            "brokers A\n",
            "brokers A B",
        ] {
            let pinned = pinned_text(text, base);
            let script = parse(text).expect("parses");
            let reread = parse(&pinned).expect("the pinned text parses");
            for p in Protocol::ALL {
                assert_eq!(
                    reread.setup(Some(p)),
                    script.clone().pinned_to(base).setup(Some(p)),
                    "{pinned}"
                );
                assert_eq!(reread.setup(Some(p)).config(), base_with(&script, base), "{pinned}");
            }
            assert_eq!(pinned_text(&pinned, base), pinned, "pinning twice adds nothing");
        }
        // The story's own line wins over the pin.
        let own = pinned_text("brokers A B\nset unclean.leader.election.enable=true\n", base);
        assert_eq!(own.matches("unclean.leader.election.enable").count(), 1, "{own}");
        // A text that does not parse is left alone.
        assert_eq!(pinned_text("brokers A B\nfly away\n", base), "brokers A B\nfly away\n");
    }

    /// `base` with the settings `script`'s header writes.
    fn base_with(script: &Script, base: Config) -> Config {
        let mut c = base;
        for s in &script.settings {
            s.apply_to(&mut c);
        }
        c
    }
}
