//! A history the checker found, as the scenario text a reader loads: titled
//! and with its decisive steps commented in the reader's language. The
//! checker's answer carries no words (`SearchReply::Violation`'s script); the
//! page, the worker's figure and the runner word it here, once.

use replab_core::decisive::notes;
use replab_core::scenario::{self, found_history_text, StatementKind};
use replab_core::{Command, Setup, ViolationKind};
use replab_narrate::{self as narrate, Lang, Names};

/// `trace` from `setup`, which fires `kind`, as scenario text in `lang`: the
/// checker's title, a `#` comment per decisive event before its step, and
/// `expect violation` at the end.
pub fn history(lang: Lang, setup: &Setup, trace: &[Command], kind: ViolationKind) -> String {
    let names = Names(&setup.brokers);
    let notes = notes(setup, trace, |d| {
        d.marks
            .iter()
            .map(|m| narrate::decisive_event(lang, &names, &m.event, &m.lost, &m.committed))
            .collect()
    });
    let title = narrate::checker_found_title(lang, kind, trace.len());
    found_history_text(Some(&title), setup, trace, &notes, Some(kind))
}

/// The checker's wordless script (its header and commands) worded in `lang`
/// as `history` does. None: it does not parse (a page and worker out of step).
pub fn worded(lang: Lang, script: &str, kind: ViolationKind) -> Option<String> {
    let parsed = scenario::parse(script).ok()?;
    let setup = parsed.setup(None);
    let trace: Vec<Command> = parsed
        .statements
        .into_iter()
        .filter_map(|s| match s.kind {
            StatementKind::Command(c) => Some(c),
            StatementKind::Expect(_) => None,
        })
        .collect();
    Some(history(lang, &setup, &trace, kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario::history_text;

    const LOST: &str =
        "protocol hw\nbrokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nbounce B\ncrash A\nrestart A\n";

    #[test]
    fn a_found_history_is_titled_and_commented_in_every_language_and_replays() {
        let parsed = scenario::parse(LOST).expect("parses");
        let setup = parsed.setup(None);
        let trace: Vec<Command> = parsed
            .statements
            .iter()
            .filter_map(|s| match &s.kind {
                StatementKind::Command(c) => Some(c.clone()),
                StatementKind::Expect(_) => None,
            })
            .collect();
        let kind = ViolationKind::CommittedWriteLost;
        let script = history_text(None, &setup, &trace);
        for &lang in Lang::ALL {
            let text = worded(lang, &script, kind).expect("parses");
            assert_eq!(text, history(lang, &setup, &trace, kind));
            let title = narrate::checker_found_title(lang, kind, 7);
            assert!(text.starts_with(&format!("title {title}\n")), "{text}");
            assert!(text.lines().filter(|l| l.starts_with("# ")).count() >= 2, "{text}");
            assert!(text.ends_with("expect violation committed-write-lost\n"), "{text}");
            // The words are comments and the title: the history is the same.
            let again = scenario::parse(&text).expect("parses");
            assert_eq!(again.statements.len(), trace.len() + 1, "{text}");
            let run = scenario::run(&again, None).expect("replays");
            assert_eq!(run.outcome, scenario::Outcome::Passed { checked: 1 }, "{lang:?}");
        }
        assert_eq!(worded(Lang::EN, "brokers A A\n", kind), None);
    }
}
