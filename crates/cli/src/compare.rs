//! `replab run --compare P1,P2`: one scenario under two protocols, and where the
//! two first look different, in the words of the page's Compare view: the step,
//! what differs, and what each protocol did at that step that the other did not.

use replab_core::command::CommandError;
use replab_core::compare::Comparison;
use replab_core::scenario::{self, Script};
use replab_core::timeline::Timeline;
use replab_core::{Command, Protocol};
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use replab_view::compare::difference_words;
use std::fmt::Write as _;

/// The two protocols of `--compare P1,P2`.
pub fn protocols(value: &str) -> Result<[Protocol; 2], String> {
    let names: Vec<&str> = value.split(',').map(str::trim).collect();
    let [a, b] = names.as_slice() else {
        return Err(format!("--compare takes two protocols, as P1,P2, not '{value}'"));
    };
    let p = |name: &str| {
        Protocol::parse(name)
            .map_err(|why| format!("--compare: {}", narrate::protocol_not_offered(Lang::EN, name, &why)))
    };
    let (a, b) = (p(a)?, p(b)?);
    if a == b {
        return Err(format!(
            "--compare takes two different protocols, not {} twice",
            a.name()
        ));
    }
    Ok([a, b])
}

/// A scenario's history under one protocol, up to the first command it refuses.
struct Under {
    timeline: Timeline,
    /// The line of each step's command.
    lines: Vec<usize>,
    /// The command refused: its step index, line, text and why.
    stopped: Option<(usize, usize, String, CommandError)>,
}

fn under(script: &Script, protocol: Protocol) -> Under {
    let (lines, commands): (Vec<usize>, Vec<&Command>) = script.commands_under(protocol).unzip();
    let (timeline, refused) = Timeline::replay_until_refused(script.setup(Some(protocol)), commands.iter().copied());
    let stopped = refused.and_then(|r| {
        let text = scenario::command_line(&script.brokers, commands.get(r.index)?);
        Some((r.index, *lines.get(r.index)?, text, r.error))
    });
    Under {
        lines: lines[..timeline.len()].to_vec(),
        timeline,
        stopped,
    }
}

/// The comparison in words.
pub fn report(script: &Script, [pa, pb]: [Protocol; 2]) -> String {
    let names = Names(&script.brokers);
    let (a, b) = (under(script, pa), under(script, pb));
    let mut out = String::new();
    if let Some(t) = &script.title {
        let _ = writeln!(out, "{t}");
    }
    let (ta, tb) = (&a.timeline, &b.timeline);
    // The comparison the page's Compare view makes: here both histories are
    // the scenario's own under each protocol (its `under` lines apply).
    let comparison = Comparison::new(ta, tb.clone(), None);
    match comparison.first {
        Some(first) => {
            let w = difference_words(Lang::EN, &first, ta, tb);
            match a.lines.get(first.step.wrapping_sub(1)) {
                Some(line) => {
                    let _ = writeln!(out, "line {line}: {}", w.heading);
                }
                None => {
                    let _ = writeln!(out, "{}", w.heading);
                }
            }
            if let Some(other) = &w.other_command {
                let _ = writeln!(out, "  ({} {other})", narrate::under(Lang::EN, pb));
            }
            for d in &w.differences {
                let _ = writeln!(out, "  {d}");
            }
            if w.did.iter().any(|(_, s)| !s.is_empty()) {
                let _ = writeln!(out, "{}", label(Lang::EN, Label::DifferingEvents));
                for (p, said) in w.did.iter().filter(|(_, s)| !s.is_empty()) {
                    let _ = writeln!(out, "  {}", narrate::under(Lang::EN, *p));
                    for s in said {
                        let _ = writeln!(out, "    {s}");
                    }
                }
            }
        }
        None => {
            let until =
                (ta.len() != tb.len() || a.stopped.is_some() || b.stopped.is_some()).then(|| ta.len().min(tb.len()));
            let _ = writeln!(out, "{}", narrate::no_difference(Lang::EN, pa, pb, until));
        }
    }
    for (p, u) in [(pa, &a), (pb, &b)] {
        if let Some((step, line, command, error)) = &u.stopped {
            let _ = writeln!(
                out,
                "line {line}: {}",
                narrate::compare_refused(Lang::EN, &names, p, narrate::Refused::After, (*step, command), error)
            );
        }
    }
    out
}
