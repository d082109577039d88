//! What is wrong with a scenario, a command, an expectation or a share link, and
//! the page's short texts on protocols, folded lanes and the editor. Texts in
//! `messages/errors.msg`.

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
