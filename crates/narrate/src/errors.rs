//! What is wrong with a scenario, a command, an expectation or a share link, and
//! the page's short texts on protocols, folded lanes and the editor. Texts in
//! `messages/errors.msg`.

// Called once lib.rs switches over.
#![allow(dead_code)]

use crate::{mebibytes, say, thousands, words, Lang, LinkProblem, Names};
use replab_core::command::CommandError;
use replab_core::protocol::ControllerKind;
use replab_core::scenario::{Found, ScriptError, ScriptErrorKind};
use replab_core::Protocol;

/// A script error, with its line: `line 7: unknown broker 'D'`.
pub fn script_error(lang: Lang, names: &Names, e: &ScriptError) -> String {
    // A text too long is refused unread: no line is at fault.
    if matches!(e.kind, ScriptErrorKind::TextTooLong { .. }) {
        return script_error_kind(lang, &e.kind);
    }
    say!(
        lang,
        "error.at-line",
        line = e.line,
        error = kind_sentence(lang, names, &e.kind)
    )
}

/// What is wrong with a piece of scenario text, without a line.
pub fn script_error_kind(lang: Lang, kind: &ScriptErrorKind) -> String {
    kind_sentence(lang, &Names(&[]), kind)
}

/// `names` name the brokers of a refused command.
fn kind_sentence(lang: Lang, names: &Names, k: &ScriptErrorKind) -> String {
    use ScriptErrorKind as K;
    match k {
        K::UnknownVerb { verb } => say!(lang, "error.script.unknown-verb", verb = verb),
        K::UnknownBroker { id } => say!(lang, "error.script.unknown-broker", id = id),
        K::BadBrokerId { id } => say!(lang, "error.script.bad-broker-id", id = id),
        K::DuplicateBroker { id } => say!(lang, "error.script.duplicate-broker", id = id),
        K::BrokerCount { count } => say!(lang, "error.script.broker-count", count = count),
        K::DuplicateHeader { verb } => say!(lang, "error.script.duplicate-header", verb = verb),
        K::HeaderAfterAction { verb } => say!(lang, "error.script.header-after-action", verb = verb),
        K::MissingBrokers => say!(lang, "error.script.missing-brokers"),
        K::UnknownProtocol { name } => say!(lang, "error.script.unknown-protocol", name = name),
        K::UnknownSetting { key } => say!(lang, "error.script.unknown-setting", key = key),
        K::BadSettingValue { key, value } => {
            say!(lang, "error.script.bad-setting-value", key = key, value = value)
        }
        K::BadSetSyntax { text } => say!(lang, "error.script.bad-set-syntax", text = text),
        K::MissingArgument { verb, what } => say!(lang, "error.script.missing-argument", verb = verb, what = what),
        K::UnexpectedArgument { verb, arg } => {
            say!(lang, "error.script.unexpected-argument", verb = verb, arg = arg)
        }
        K::BadValue { value } => say!(lang, "error.script.bad-value", value = value),
        K::BadNumber { what, text } => say!(lang, "error.script.bad-number", what = what, text = text),
        K::BadAcks { text } => say!(lang, "error.script.bad-acks", text = text),
        K::BadCrashTarget { text } => say!(lang, "error.script.bad-crash-target", text = text),
        K::UnknownExpectation { what } => say!(lang, "error.script.unknown-expectation", what = what),
        K::UnknownViolationKind { kind } => say!(lang, "error.script.unknown-violation-kind", kind = kind),
        K::EmptyTitle => say!(lang, "error.script.empty-title"),
        K::TextTooLong { bytes, limit } => say!(
            lang,
            "error.script.text-too-long",
            size = mebibytes(*bytes),
            bytes = thousands(*bytes as u64),
            limit_size = mebibytes(*limit),
            limit = thousands(*limit as u64)
        ),
        K::TooManySteps { steps, limit } => say!(
            lang,
            "error.script.too-many-steps",
            steps = thousands(*steps as u64),
            limit = thousands(*limit as u64)
        ),
        K::Command { error } => command_error(lang, names, error),
    }
}

/// A refused command, without a line.
pub fn command_error(lang: Lang, names: &Names, e: &CommandError) -> String {
    use CommandError as C;
    let (id, broker) = match *e {
        // The broker's number, as there is no broker to name.
        C::NoSuchBroker { broker } => return say!(lang, "error.command.no-such-broker", broker = broker),
        C::NoTargets => return say!(lang, "error.command.no-targets"),
        C::HasLeader => return say!(lang, "error.command.has-leader"),
        C::BrokerDown { broker } => ("error.command.broker-down", broker),
        C::BrokerAlreadyUp { broker } => ("error.command.broker-already-up", broker),
        C::IsLeader { broker } => ("error.command.is-leader", broker),
        C::AlreadyInFlight { follower } => ("error.command.already-in-flight", follower),
        C::NothingInFlight { follower } => ("error.command.nothing-in-flight", follower),
        C::NotInIsr { broker } => ("error.command.not-in-isr", broker),
        C::DuplicateTarget { broker } => ("error.command.duplicate-target", broker),
        C::NotEligible { broker } => ("error.command.not-eligible", broker),
    };
    say!(lang, id, broker = names.get(broker))
}

/// What an expectation found instead.
pub fn found(lang: Lang, names: &Names, f: &Found) -> String {
    // Values, numbers, `epoch:offset` pairs and violation kinds are written as
    // the scenario writes them, the same in every language.
    match f {
        Found::Values(v) if v.is_empty() => say!(lang, "error.found.nothing"),
        Found::Values(v) => v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
        Found::Number(x) => x.to_string(),
        Found::Epochs(e) if e.is_empty() => say!(lang, "error.found.no-epochs"),
        Found::Epochs(e) => e.iter().map(|(e, o)| format!("{e}:{o}")).collect::<Vec<_>>().join(" "),
        Found::Leader(Some(b)) => names.get(*b).to_string(),
        Found::Leader(None) => say!(lang, "error.found.no-leader"),
        Found::Brokers(s) => words::list(lang, names, *s),
        Found::Violations(v) if v.is_empty() => say!(lang, "error.found.no-violation"),
        Found::Violations(v) => v.iter().map(|k| k.name()).collect::<Vec<_>>().join(" "),
    }
}

/// A share-link problem as a sentence.
pub fn link_error(lang: Lang, e: &LinkProblem) -> String {
    use replab_share::LinkError as L;
    match e {
        LinkProblem::Link(L::NotALink) => say!(lang, "error.link.not-a-link"),
        LinkProblem::Link(L::UnknownVersion { version }) => say!(
            lang,
            "error.link.unknown-version",
            version = version,
            latest = replab_share::VERSION
        ),
        LinkProblem::Link(L::BadEncoding) => say!(lang, "error.link.bad-encoding"),
        LinkProblem::Link(L::Corrupted) => say!(lang, "error.link.corrupted"),
        LinkProblem::Link(L::TooLarge) => say!(lang, "error.link.too-large"),
        LinkProblem::Link(L::MissingField { field }) => say!(lang, "error.link.missing-field", field = field),
        LinkProblem::Link(L::BadField { field, value }) => {
            say!(lang, "error.link.bad-field", field = field, value = value)
        }
        LinkProblem::Link(L::UnknownField { field }) => say!(lang, "error.link.unknown-field", field = field),
        LinkProblem::StepOutOfRange { step, len } => {
            say!(lang, "error.link.step-out-of-range", step = step, len = len)
        }
        LinkProblem::Script { error, names } => {
            say!(
                lang,
                "error.link.script",
                error = script_error(lang, &Names(names), error)
            )
        }
    }
}

/// A protocol as the selector lists it: its name and its releases
/// ("diverging-epoch (Kafka 2.8–3.x)").
pub fn protocol_option(lang: Lang, p: Protocol) -> String {
    say!(
        lang,
        "page.protocol-option",
        name = p.name(),
        releases = words::releases(lang, p)
    )
}

/// What a protocol stands for, in short: its releases and their controller
/// ("Kafka 2.8–3.x, ZooKeeper controller").
pub fn stands_for(lang: Lang, p: Protocol) -> String {
    // The controllers' names are Kafka's, the same in every language.
    let controller = match p.controller() {
        ControllerKind::ZooKeeper => "ZooKeeper",
        ControllerKind::KRaft => "KRaft",
    };
    say!(
        lang,
        "page.stands-for",
        releases = words::releases(lang, p),
        controller = controller
    )
}

/// A folded span of a lane: its first and last values, how many records, their
/// epochs. "m12 … m9980 · 9,969 records · epoch 0".
pub fn folded(lang: Lang, first: &str, last: &str, count: u64, epochs: (u32, u32)) -> String {
    let count = thousands(count);
    match epochs {
        (a, b) if a == b => say!(
            lang,
            "page.folded.one-epoch",
            first = first,
            last = last,
            count = count,
            epoch = a
        ),
        (a, b) => say!(
            lang,
            "page.folded.epochs",
            first = first,
            last = last,
            count = count,
            first_epoch = a,
            last_epoch = b
        ),
    }
}

/// The editor holding a long scenario shows a window of its lines:
/// "Lines 2,001–4,000 of 100,207 (1.5 MB); the rest is kept as it is".
pub fn editor_window(lang: Lang, first: usize, last: usize, total: usize, bytes: usize) -> String {
    // Like `mebibytes`, a size is written the same in every language.
    let mb = bytes / 100_000;
    let size = format!("{}.{} MB", mb / 10, mb % 10);
    say!(
        lang,
        "page.editor-window",
        first = thousands(first as u64),
        last = thousands(last as u64),
        total = thousands(total as u64),
        size = size
    )
}

/// Values left out of a long list: "… 9,991 more …".
pub fn more(lang: Lang, n: u64) -> String {
    say!(lang, "page.more", n = thousands(n))
}

/// What a folded span's button does, for its label: "Show offsets 12 to 9,980".
pub fn unfold_title(lang: Lang, from: u64, last: u64) -> String {
    say!(
        lang,
        "page.unfold-title",
        from = thousands(from),
        last = thousands(last)
    )
}

/// A figure frame's heading: "Step 7 · bounce A"; step 0: "Step 0 · the start".
pub fn figure_heading(lang: Lang, step: usize, command: Option<&str>) -> String {
    match command {
        Some(c) => say!(lang, "page.figure-heading", step = step, command = c),
        None => say!(lang, "page.figure-heading.start", step = step),
    }
}

/// While the catalogue replaces the old per-language code: the same sentences.
#[cfg(test)]
mod same_as_before {
    use super::*;
    use replab_core::scenario::{parse, parse_within_limits, MAX_STEPS, MAX_TEXT_BYTES};
    use replab_core::{BrokerSet, ViolationKind};
    use replab_share::LinkError;

    const LANGS: [Lang; 2] = [Lang::En, Lang::Zh];

    fn names_v() -> Vec<String> {
        ["A", "B", "C"].iter().map(|s| s.to_string()).collect()
    }

    /// Broker 0 and 2 exist; 5 does not, and is named "?".
    fn command_errors() -> Vec<CommandError> {
        let mut out = vec![CommandError::NoTargets, CommandError::HasLeader];
        for b in [0, 2, 5] {
            out.extend([
                CommandError::NoSuchBroker { broker: b },
                CommandError::BrokerDown { broker: b },
                CommandError::BrokerAlreadyUp { broker: b },
                CommandError::IsLeader { broker: b },
                CommandError::AlreadyInFlight { follower: b },
                CommandError::NothingInFlight { follower: b },
                CommandError::NotInIsr { broker: b },
                CommandError::DuplicateTarget { broker: b },
                CommandError::NotEligible { broker: b },
            ]);
        }
        out
    }

    /// Malformed scenarios, one for each thing the parser refuses.
    const MALFORMED: &[&str] = &[
        "brokers A B\nfetch C",
        "brokers A B\njump A",
        "brokers A 1x",
        "brokers A A",
        "brokers",
        "brokers A B C D E F G H",
        "brokers A B\nbrokers A B",
        "brokers A B\nproduce m1\nprotocol hw",
        "brokers A B\nproduce m1\ntitle x",
        "produce m1",
        "protocol nope\nbrokers A B",
        "brokers A B\nset nope=1",
        "brokers A B\nset acks=7",
        "brokers A B\nset min.insync.replicas=x",
        "brokers A B\nset acks",
        "brokers A B\nset",
        "brokers A B\nproduce",
        "brokers A B\nfetch",
        "brokers A B\nproduce m1 extra",
        "brokers A B\nproduce m!",
        "brokers A B\nproduce m1 acks=2",
        "brokers A B\nfetch B max=x",
        "brokers A B\ntick x",
        "brokers A B\ncrash A@x",
        "brokers A B\nexpect A nope",
        "brokers A B\nexpect violation nope",
        "brokers A B\nexpect no-violation nope",
        "brokers A B\nexpect A hw x",
        "brokers A B\nexpect A epochs 1:x",
        "brokers A B\nexpect leader",
        "brokers A B\nexpect leader A B",
        "title\nbrokers A B",
        "brokers A B\nleader C\nproduce m1",
        "brokers A B\nset replica.lag.time.max.ms=10",
        "",
        "# only a comment",
    ];

    fn script_errors() -> Vec<ScriptError> {
        let mut out: Vec<ScriptError> = MALFORMED.iter().filter_map(|t| parse(t).err()).collect();
        // Most of the scenarios are refused, each for its own reason.
        assert!(out.len() >= 30, "only {} refused", out.len());
        let long = "#".repeat(MAX_TEXT_BYTES + 1);
        out.extend(parse_within_limits(&long).err());
        let kinds = [
            ScriptErrorKind::UnknownVerb { verb: "jump".into() },
            ScriptErrorKind::UnknownBroker { id: "D".into() },
            ScriptErrorKind::BadBrokerId { id: "1x".into() },
            ScriptErrorKind::DuplicateBroker { id: "A".into() },
            ScriptErrorKind::BrokerCount { count: 0 },
            ScriptErrorKind::BrokerCount { count: 8 },
            ScriptErrorKind::DuplicateHeader { verb: "brokers".into() },
            ScriptErrorKind::HeaderAfterAction {
                verb: "set acks".into(),
            },
            ScriptErrorKind::MissingBrokers,
            ScriptErrorKind::UnknownProtocol { name: "nope".into() },
            ScriptErrorKind::UnknownSetting { key: "nope".into() },
            ScriptErrorKind::BadSettingValue {
                key: "acks".into(),
                value: "7".into(),
            },
            ScriptErrorKind::BadSetSyntax { text: "acks".into() },
            ScriptErrorKind::MissingArgument {
                verb: "produce".into(),
                what: "value".into(),
            },
            ScriptErrorKind::UnexpectedArgument {
                verb: "produce".into(),
                arg: "x".into(),
            },
            ScriptErrorKind::BadValue { value: "m!".into() },
            ScriptErrorKind::BadNumber {
                what: "epoch".into(),
                text: "x".into(),
            },
            ScriptErrorKind::BadAcks { text: "2".into() },
            ScriptErrorKind::BadCrashTarget { text: "A@x".into() },
            ScriptErrorKind::UnknownExpectation { what: "nope".into() },
            ScriptErrorKind::UnknownViolationKind { kind: "nope".into() },
            ScriptErrorKind::EmptyTitle,
            ScriptErrorKind::TextTooLong { bytes: 0, limit: 1 },
            ScriptErrorKind::TextTooLong {
                bytes: 123_456_789,
                limit: MAX_TEXT_BYTES,
            },
            ScriptErrorKind::TooManySteps { steps: 1, limit: 0 },
            ScriptErrorKind::TooManySteps {
                steps: MAX_STEPS + 1,
                limit: MAX_STEPS,
            },
        ];
        for (i, kind) in kinds.into_iter().enumerate() {
            out.push(ScriptError { line: i * 997, kind });
        }
        for (i, error) in command_errors().into_iter().enumerate() {
            out.push(ScriptError {
                line: i + 1,
                kind: ScriptErrorKind::Command { error },
            });
        }
        out
    }

    #[test]
    fn commands_and_scripts() {
        let v = names_v();
        for lang in LANGS {
            for names in [Names(&v), Names(&[])] {
                for e in command_errors() {
                    assert_eq!(command_error(lang, &names, &e), crate::command_error(lang, &names, &e));
                }
                for e in script_errors() {
                    assert_eq!(script_error(lang, &names, &e), crate::script_error(lang, &names, &e));
                    assert_eq!(
                        script_error_kind(lang, &e.kind),
                        crate::script_error_kind(lang, &e.kind)
                    );
                }
            }
        }
    }

    /// Scenarios that parse, then stop at a refused command or a failed
    /// expectation when they run.
    const RUNS: &[&str] = &[
        "brokers A B\nbounce A",
        "brokers A B\ndeliver B",
        "brokers A B\nsend B\nsend B",
        "brokers A B\ncrash B\ncrash B",
        "brokers A B\nrestart A",
        "brokers A B C\ncrash B\nelect B",
        "brokers A B C\ncrash B\nrestart B\nelect B",
        "protocol kraft-elr\nbrokers A B C\nelect A unclean",
        "brokers A B\ncrash A A",
        "brokers A B\nproduce m1\nexpect A log m2",
        "brokers A B\nexpect A log m1",
        "brokers A B\nexpect A hw 5",
        "brokers A B\nproduce m1\nexpect B leo 3",
        "brokers A B\nexpect A epochs 9:9",
        "brokers A B\nproduce m1\nexpect B epochs",
        "brokers A B\nexpect leader B",
        "brokers A B\ncrash A B\nexpect leader A",
        "brokers A B\nexpect isr A",
        "brokers A B\ncrash A B\nexpect isr A",
        "brokers A B\nexpect epoch 4",
        "brokers A B\nproduce m1\nexpect acked m1",
        "brokers A B\nexpect violation committed-write-lost",
    ];

    #[test]
    fn real_runs_refused_or_failing() {
        let (mut refused, mut failed) = (0, 0);
        for text in RUNS {
            let Ok(script) = parse(text) else { continue };
            let names_v = script.brokers.clone();
            let names = Names(&names_v);
            for lang in LANGS {
                match replab_core::scenario::run(&script, None) {
                    Err(e) => {
                        refused += 1;
                        assert_eq!(script_error(lang, &names, &e), crate::script_error(lang, &names, &e));
                    }
                    Ok(run) => {
                        if let replab_core::scenario::Outcome::ExpectationFailed { found: f, .. } = run.outcome {
                            failed += 1;
                            assert_eq!(found(lang, &names, &f), crate::found(lang, &names, &f));
                        }
                    }
                }
            }
        }
        assert!(refused >= 16 && failed >= 20, "{refused} refused, {failed} failed");
    }

    #[test]
    fn what_an_expectation_found() {
        let v = names_v();
        let names = Names(&v);
        let mut two = BrokerSet::only(0);
        two.insert(2);
        let founds = [
            Found::Values(vec![]),
            Found::Values(vec!["m1".into()]),
            Found::Values(vec!["m1".into(), "m2".into()]),
            Found::Number(0),
            Found::Number(12_345),
            Found::Epochs(vec![]),
            Found::Epochs(vec![(0, 0)]),
            Found::Epochs(vec![(0, 0), (3, 1234)]),
            Found::Leader(None),
            Found::Leader(Some(1)),
            Found::Leader(Some(6)),
            Found::Brokers(BrokerSet::all(0)),
            Found::Brokers(BrokerSet::only(1)),
            Found::Brokers(two),
            Found::Brokers(BrokerSet::all(5)),
            Found::Violations(vec![]),
            Found::Violations(vec![ViolationKind::CommittedWriteLost]),
            Found::Violations(ViolationKind::ALL.to_vec()),
        ];
        for lang in LANGS {
            for f in &founds {
                assert_eq!(found(lang, &names, f), crate::found(lang, &names, f));
            }
        }
    }

    #[test]
    fn share_links() {
        let mut problems = vec![
            LinkProblem::Link(LinkError::NotALink),
            LinkProblem::Link(LinkError::UnknownVersion { version: "v9".into() }),
            LinkProblem::Link(LinkError::UnknownVersion { version: String::new() }),
            LinkProblem::Link(LinkError::BadEncoding),
            LinkProblem::Link(LinkError::Corrupted),
            LinkProblem::Link(LinkError::TooLarge),
            LinkProblem::Link(LinkError::MissingField { field: "protocol" }),
            LinkProblem::Link(LinkError::BadField {
                field: "step".into(),
                value: "x".into(),
            }),
            LinkProblem::Link(LinkError::UnknownField { field: "nope".into() }),
            LinkProblem::StepOutOfRange { step: 0, len: 0 },
            LinkProblem::StepOutOfRange { step: 12, len: 1 },
            LinkProblem::StepOutOfRange { step: 12_345, len: 10 },
        ];
        for error in script_errors() {
            for names in [names_v(), vec![]] {
                problems.push(LinkProblem::Script {
                    error: error.clone(),
                    names,
                });
            }
        }
        for lang in LANGS {
            for p in &problems {
                assert_eq!(link_error(lang, p), crate::link_error(lang, p));
            }
        }
    }

    #[test]
    fn protocols_and_page_texts() {
        for lang in LANGS {
            for p in Protocol::ALL {
                assert_eq!(protocol_option(lang, p), crate::protocol_option(lang, p));
                assert_eq!(stands_for(lang, p), crate::stands_for(lang, p));
            }
            for count in [0, 1, 2, 999, 1000, 9_969, 1_234_567] {
                for epochs in [(0, 0), (1, 1), (0, 1), (2, 7), (7, 2)] {
                    for (first, last) in [("m12", "m9980"), ("", "")] {
                        assert_eq!(
                            folded(lang, first, last, count, epochs),
                            crate::folded(lang, first, last, count, epochs)
                        );
                    }
                }
                assert_eq!(more(lang, count), crate::more(lang, count));
                assert_eq!(
                    unfold_title(lang, count, count * 3),
                    crate::unfold_title(lang, count, count * 3)
                );
            }
            for (first, last, total) in [(0, 0, 0), (1, 1, 1), (2_001, 4_000, 100_207)] {
                for bytes in [0, 99_999, 100_000, 1_500_000, 123_456_789] {
                    assert_eq!(
                        editor_window(lang, first, last, total, bytes),
                        crate::editor_window(lang, first, last, total, bytes)
                    );
                }
            }
            for step in [0, 1, 7, 12_345] {
                for command in [None, Some("bounce A"), Some("")] {
                    assert_eq!(
                        figure_heading(lang, step, command),
                        crate::figure_heading(lang, step, command)
                    );
                }
            }
        }
    }
}
