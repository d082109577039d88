//! Commands and scripts back to scenario text (for share links and the editor).
//! `parse(script_text(s))` gives `s` back, line numbers aside.

use super::{Expectation, Script, StatementKind};
use crate::command::{Command, CrashTarget};
use std::fmt::Write;

fn target(names: &[String], t: &CrashTarget) -> String {
    let id = names.get(t.broker).map_or("?", |s| s.as_str());
    match t.unflushed_from {
        Some(o) => format!("{id}@{o}"),
        None => id.to_string(),
    }
}

/// One command as a statement of the language.
pub fn command_line(names: &[String], command: &Command) -> String {
    let n = |b: usize| names.get(b).map_or("?", |s| s.as_str());
    let max = |m: &Option<u32>| m.map(|m| format!(" max={m}")).unwrap_or_default();
    match command {
        Command::Produce { value, acks } => match acks {
            Some(a) => format!("produce {value} acks={}", a.name()),
            None => format!("produce {value}"),
        },
        Command::Fetch { follower, max: m } => format!("fetch {}{}", n(*follower), max(m)),
        Command::Send { follower, max: m } => format!("send {}{}", n(*follower), max(m)),
        Command::Deliver { follower } => format!("deliver {}", n(*follower)),
        Command::Drop { follower } => format!("drop {}", n(*follower)),
        Command::Crash { targets } => {
            let ts: Vec<String> = targets.iter().map(|t| target(names, t)).collect();
            format!("crash {}", ts.join(" "))
        }
        Command::Restart { broker } => format!("restart {}", n(*broker)),
        Command::Shutdown { broker } => format!("shutdown {}", n(*broker)),
        Command::Bounce { target: t } => format!("bounce {}", target(names, t)),
        Command::Elect { broker, unclean } => {
            format!("elect {}{}", n(*broker), if *unclean { " unclean" } else { "" })
        }
        Command::Tick { ms } => format!("tick {ms}"),
        Command::Set { setting } => format!("set {}={}", setting.key(), setting.value_text()),
    }
}

/// The `expect` line for `e`, naming brokers by `names`.
pub fn expectation_line(names: &[String], e: &Expectation) -> String {
    let n = |b: usize| names.get(b).map_or("?", |s| s.as_str()).to_string();
    let mut s = String::from("expect ");
    match e {
        Expectation::Log { broker, values } => {
            s += &n(*broker);
            s += " log";
            for v in values {
                let _ = write!(s, " {v}");
            }
        }
        Expectation::Hw { broker, n: x } => s += &format!("{} hw {x}", n(*broker)),
        Expectation::Leo { broker, n: x } => s += &format!("{} leo {x}", n(*broker)),
        Expectation::Epochs { broker, entries } => {
            s += &n(*broker);
            s += " epochs";
            for (e, o) in entries {
                let _ = write!(s, " {e}:{o}");
            }
        }
        Expectation::Leader(l) => s += &format!("leader {}", l.map_or("none".to_string(), n)),
        Expectation::Epoch(e) => s += &format!("epoch {e}"),
        Expectation::Isr(set) | Expectation::Elr(set) => {
            s += if matches!(e, Expectation::Isr(_)) { "isr" } else { "elr" };
            for b in set.iter() {
                s += " ";
                s += &n(b);
            }
        }
        Expectation::LastKnownLeader(l) => s += &format!("last-known-leader {}", l.map_or("none".to_string(), n)),
        Expectation::Acked(values) => {
            s += "acked";
            for v in values {
                let _ = write!(s, " {v}");
            }
        }
        Expectation::Violation(k) => s += &format!("violation {}", k.name()),
        Expectation::NoViolation(None) => s += "no-violation",
        Expectation::NoViolation(Some(k)) => s += &format!("no-violation {}", k.name()),
    }
    s
}

/// The whole script as text.
pub fn script_text(script: &Script) -> String {
    let mut out = String::new();
    if let Some(t) = &script.title {
        let _ = writeln!(out, "title {t}");
    }
    if let Some(p) = script.protocol {
        let _ = writeln!(out, "protocol {}", p.name());
    }
    let _ = writeln!(out, "brokers {}", script.brokers.join(" "));
    if script.leader != 0 {
        let _ = writeln!(out, "leader {}", script.brokers[script.leader]);
    }
    for s in &script.settings {
        let _ = writeln!(out, "set {}={}", s.key(), s.value_text());
    }
    for st in &script.statements {
        if let Some(ps) = &st.under {
            let names: Vec<&str> = ps.iter().map(|p| p.name()).collect();
            let _ = write!(out, "under {} ", names.join(","));
        }
        let line = match &st.kind {
            StatementKind::Command(c) => command_line(&script.brokers, c),
            StatementKind::Expect(e) => expectation_line(&script.brokers, e),
        };
        let _ = writeln!(out, "{line}");
    }
    out
}

/// A history found by a search as a scenario script: `history_text`, with
/// `notes` (a step's index, a comment) as `#` lines before their steps'
/// commands and, when `kind` is given, `expect violation <kind>` at the end.
/// A note's line breaks become spaces; an empty note is left out.
pub fn found_history_text(
    title: Option<&str>,
    setup: &crate::cluster::Setup,
    commands: &[Command],
    notes: &[(usize, String)],
    kind: Option<crate::ViolationKind>,
) -> String {
    let mut out = history_text(title, setup, []);
    for (i, c) in commands.iter().enumerate() {
        for (_, note) in notes.iter().filter(|(step, _)| *step == i) {
            let note = note.replace(['\r', '\n'], " ");
            if !note.trim().is_empty() {
                let _ = writeln!(out, "# {}", note.trim());
            }
        }
        let _ = writeln!(out, "{}", command_line(&setup.brokers, c));
    }
    if let Some(k) = kind {
        let _ = writeln!(out, "{}", expectation_line(&setup.brokers, &Expectation::Violation(k)));
    }
    out
}

/// A history (start and commands) as a scenario script.
pub fn history_text<'a>(
    title: Option<&str>,
    setup: &crate::cluster::Setup,
    commands: impl IntoIterator<Item = &'a Command>,
) -> String {
    let script = Script {
        title: title.map(str::to_string),
        protocol: Some(setup.protocol),
        brokers: setup.brokers.clone(),
        leader: setup.leader,
        settings: setup.config.settings(),
        statements: commands
            .into_iter()
            .map(|c| super::Statement {
                line: 0,
                under: None,
                kind: StatementKind::Command(c.clone()),
            })
            .collect(),
    };
    script_text(&script)
}
