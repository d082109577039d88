//! Sentences for the model's events, errors and findings. The core holds no
//! display text; the runner and the app both speak through this crate, so no
//! sentence is written twice.

mod en;

use replab_core::command::CommandError;
use replab_core::event::{Event, Violation};
use replab_core::scenario::{Found, ScriptError};

/// The languages narration is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
}

/// Broker names by index, as the cluster lists them.
pub struct Names<'a>(pub &'a [String]);

impl Names<'_> {
    pub fn get(&self, b: usize) -> &str {
        self.0.get(b).map_or("?", |s| s.as_str())
    }

    fn list(&self, set: replab_core::BrokerSet) -> String {
        let v: Vec<&str> = set.iter().map(|b| self.get(b)).collect();
        if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    }
}

/// One event as a sentence.
pub fn event(lang: Lang, names: &Names, e: &Event) -> String {
    match lang {
        Lang::En => en::event(names, e),
    }
}

/// A truncation event's reason alone ("the leader says epoch 0 ends at offset 1").
pub fn truncation_reason(lang: Lang, rule: &replab_core::TruncationRule) -> String {
    match lang {
        Lang::En => en::truncation_reason(rule),
    }
}

/// A violation's short detail ("m2 at offset 1").
pub fn violation_detail(lang: Lang, names: &Names, v: &Violation) -> String {
    match lang {
        Lang::En => en::violation_detail(names, v),
    }
}

/// A script error, with its line: `line 7: unknown broker 'D'`.
pub fn script_error(lang: Lang, names: &Names, e: &ScriptError) -> String {
    match lang {
        Lang::En => format!("line {}: {}", e.line, en::script_error(names, &e.kind)),
    }
}

/// A refused command, without a line.
pub fn command_error(lang: Lang, names: &Names, e: &CommandError) -> String {
    match lang {
        Lang::En => en::command_error(names, e),
    }
}

/// What an expectation found instead.
pub fn found(lang: Lang, names: &Names, f: &Found) -> String {
    match lang {
        Lang::En => en::found(names, f),
    }
}
