//! Commands and scripts back to scenario text (for share links and the editor).
//! `parse(script_text(s))` gives `s` back, line numbers aside.

use super::{Expectation, Script, StatementKind};
use crate::command::{Command, CrashTarget};
use crate::config::Setting;
use crate::protocol::Protocol;
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
        Command::Consume { consumer, max: m } => format!("consume {consumer}{}", max(m)),
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
        Expectation::ConsumerRead { consumer, values } => {
            let _ = write!(s, "consumer {consumer} read");
            for v in values {
                let _ = write!(s, " {v}");
            }
        }
        Expectation::ConsumerPosition { consumer, position } => {
            let p = position.map_or("none".to_string(), |p| p.to_string());
            let _ = write!(s, "consumer {consumer} position {p}");
        }
        Expectation::ConsumerError { consumer, error } => {
            let e = error.map_or("none", |e| e.name());
            let _ = write!(s, "consumer {consumer} error {e}");
        }
    }
    s
}

/// A script's header: its title, protocol, brokers, leader (when not the
/// first) and settings, a line each.
fn write_header(
    out: &mut String,
    title: Option<&str>,
    protocol: Option<Protocol>,
    brokers: &[String],
    leader: usize,
    settings: &[Setting],
) {
    if let Some(t) = title {
        let _ = writeln!(out, "title {t}");
    }
    if let Some(p) = protocol {
        let _ = writeln!(out, "protocol {}", p.name());
    }
    let _ = writeln!(out, "brokers {}", brokers.join(" "));
    if leader != 0 {
        let _ = writeln!(out, "leader {}", brokers[leader]);
    }
    for s in settings {
        let _ = writeln!(out, "set {}={}", s.key(), s.value_text());
    }
}

/// The whole script as text.
pub fn script_text(script: &Script) -> String {
    let mut out = String::new();
    write_header(
        &mut out,
        script.title.as_deref(),
        script.protocol,
        &script.brokers,
        script.leader,
        &script.settings,
    );
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
    // `expectation_line` of `Expectation::Violation`, written here so that the
    // page, which writes found histories but no other expectations, does not
    // carry every expectation's formatting.
    if let Some(k) = kind {
        let _ = writeln!(out, "expect violation {}", k.name());
    }
    out
}

/// A history (start and commands) as a scenario script: `script_text` of the
/// script with that header and those commands.
pub fn history_text<'a>(
    title: Option<&str>,
    setup: &crate::cluster::Setup,
    commands: impl IntoIterator<Item = &'a Command>,
) -> String {
    let mut out = String::new();
    write_header(
        &mut out,
        title,
        Some(setup.protocol),
        &setup.brokers,
        setup.leader,
        &setup.settings.lines(),
    );
    for c in commands {
        let _ = writeln!(out, "{}", command_line(&setup.brokers, c));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{parse, Statement};
    use crate::ViolationKind;

    // history_text and found_history_text write what script_text writes of the
    // same script, so a history parses back to itself.
    #[test]
    fn a_history_is_written_as_its_script_is() {
        let text = "title T\nprotocol kraft-elr\nbrokers A B C\nleader B\nset acks=1\nset min.insync.replicas=2\n\
                    produce m1\nfetch A\ncrash B@0\nelect C unclean\n";
        let parsed = parse(text).expect("parses");
        let setup = parsed.setup(None);
        let commands: Vec<Command> = parsed.commands_under(setup.protocol).map(|(_, c)| c.clone()).collect();
        let written = history_text(Some("T"), &setup, &commands);
        let script = Script {
            title: Some("T".into()),
            protocol: Some(setup.protocol),
            brokers: setup.brokers.clone(),
            leader: setup.leader,
            settings: setup.settings.lines(),
            elr_set_at: None,
            statements: commands
                .iter()
                .map(|c| Statement {
                    line: 0,
                    under: None,
                    kind: StatementKind::Command(c.clone()),
                })
                .collect(),
        };
        assert_eq!(written, script_text(&script));
        let found = found_history_text(Some("T"), &setup, &commands, &[], Some(ViolationKind::ReplicasDiverged));
        let expect = expectation_line(&setup.brokers, &Expectation::Violation(ViolationKind::ReplicasDiverged));
        assert_eq!(found, format!("{written}{expect}\n"));
    }
}
