//! What is wrong with a scenario, a command, an expectation or a share link, and
//! the page's short texts on protocols, folded lanes and the editor. Texts in
//! `messages/errors.msg`.

use crate::catalogue::id;
use crate::{mebibytes, say, thousands, words, Lang, LinkProblem, Names};
use replab_core::command::CommandError;
use replab_core::protocol::NotOffered;
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
        id::ERROR_AT_LINE,
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
        K::UnknownVerb { verb } => say!(lang, id::ERROR_SCRIPT_UNKNOWN_VERB, verb = verb),
        K::UnknownBroker { id } => say!(lang, id::ERROR_SCRIPT_UNKNOWN_BROKER, id = id),
        K::BadBrokerId { id } => say!(lang, id::ERROR_SCRIPT_BAD_BROKER_ID, id = id),
        K::DuplicateBroker { id } => say!(lang, id::ERROR_SCRIPT_DUPLICATE_BROKER, id = id),
        K::BrokerCount { count } => say!(lang, id::ERROR_SCRIPT_BROKER_COUNT, count = count),
        K::DuplicateHeader { verb } => say!(lang, id::ERROR_SCRIPT_DUPLICATE_HEADER, verb = verb),
        K::HeaderAfterAction { verb } => say!(lang, id::ERROR_SCRIPT_HEADER_AFTER_ACTION, verb = verb),
        K::MissingBrokers => say!(lang, id::ERROR_SCRIPT_MISSING_BROKERS),
        K::UnknownProtocol { name } => protocol_not_offered(lang, name, &NotOffered::Unknown),
        K::ProtocolNotOffered { name, why } => protocol_not_offered(lang, name, why),
        K::BackwardRange { range } => say!(lang, id::ERROR_SCRIPT_BACKWARD_RANGE, range = range),
        K::ElrNotInRelease { release } => match release.as_str() {
            "kafka-4.0" => say!(lang, id::ERROR_SCRIPT_ELR_NOT_IN_4_0, release = release),
            _ => say!(lang, id::ERROR_SCRIPT_ELR_NOT_IN_3X, release = release),
        },
        K::UnknownSetting { key } => say!(lang, id::ERROR_SCRIPT_UNKNOWN_SETTING, key = key),
        K::BadSettingValue { key, value } => {
            say!(lang, id::ERROR_SCRIPT_BAD_SETTING_VALUE, key = key, value = value)
        }
        K::BadSetSyntax { text } => say!(lang, id::ERROR_SCRIPT_BAD_SET_SYNTAX, text = text),
        K::MissingArgument { verb, what } => say!(lang, id::ERROR_SCRIPT_MISSING_ARGUMENT, verb = verb, what = what),
        K::UnexpectedArgument { verb, arg } => {
            say!(lang, id::ERROR_SCRIPT_UNEXPECTED_ARGUMENT, verb = verb, arg = arg)
        }
        K::BadValue { value } => say!(lang, id::ERROR_SCRIPT_BAD_VALUE, value = value),
        K::BadNumber { what, text } => say!(lang, id::ERROR_SCRIPT_BAD_NUMBER, what = what, text = text),
        K::BadAcks { text } => say!(lang, id::ERROR_SCRIPT_BAD_ACKS, text = text),
        K::BadCrashTarget { text } => say!(lang, id::ERROR_SCRIPT_BAD_CRASH_TARGET, text = text),
        K::UnknownExpectation { what } => say!(lang, id::ERROR_SCRIPT_UNKNOWN_EXPECTATION, what = what),
        K::UnknownViolationKind { kind } => say!(lang, id::ERROR_SCRIPT_UNKNOWN_VIOLATION_KIND, kind = kind),
        K::EmptyTitle => say!(lang, id::ERROR_SCRIPT_EMPTY_TITLE),
        K::BadConsumerName { name } => say!(lang, id::ERROR_SCRIPT_BAD_CONSUMER_NAME, name = name),
        K::ConsumerIsBroker { name } => say!(lang, id::ERROR_SCRIPT_CONSUMER_IS_BROKER, name = name),
        K::UnknownConsumer { name } => say!(lang, id::ERROR_SCRIPT_UNKNOWN_CONSUMER, name = name),
        K::UnknownConsumerError { error } => say!(lang, id::ERROR_SCRIPT_UNKNOWN_CONSUMER_ERROR, error = error),
        K::TextTooLong { bytes, limit } => say!(
            lang,
            id::ERROR_SCRIPT_TEXT_TOO_LONG,
            size = mebibytes(*bytes),
            bytes = thousands(lang, *bytes as u64),
            limit_size = mebibytes(*limit),
            limit = thousands(lang, *limit as u64)
        ),
        K::TooManySteps { steps, limit } => say!(
            lang,
            id::ERROR_SCRIPT_TOO_MANY_STEPS,
            steps = thousands(lang, *steps as u64),
            limit = thousands(lang, *limit as u64)
        ),
        K::Command { error } => command_error(lang, names, error),
    }
}

/// A refused command, without a line.
pub fn command_error(lang: Lang, names: &Names, e: &CommandError) -> String {
    use CommandError as C;
    let (id, broker) = match *e {
        // The broker's number, as there is no broker to name.
        C::NoSuchBroker { broker } => return say!(lang, id::ERROR_COMMAND_NO_SUCH_BROKER, broker = broker),
        C::NoTargets => return say!(lang, id::ERROR_COMMAND_NO_TARGETS),
        C::HasLeader => return say!(lang, id::ERROR_COMMAND_HAS_LEADER),
        C::HeaderOnlySetting { key } => return say!(lang, id::ERROR_COMMAND_HEADER_ONLY_SETTING, key = key.name()),
        C::BrokerDown { broker } => (id::ERROR_COMMAND_BROKER_DOWN, broker),
        C::BrokerAlreadyUp { broker } => (id::ERROR_COMMAND_BROKER_ALREADY_UP, broker),
        C::IsLeader { broker } => (id::ERROR_COMMAND_IS_LEADER, broker),
        C::AlreadyInFlight { follower } => (id::ERROR_COMMAND_ALREADY_IN_FLIGHT, follower),
        C::NothingInFlight { follower } => (id::ERROR_COMMAND_NOTHING_IN_FLIGHT, follower),
        C::NotInIsr { broker } => (id::ERROR_COMMAND_NOT_IN_ISR, broker),
        C::DuplicateTarget { broker } => (id::ERROR_COMMAND_DUPLICATE_TARGET, broker),
        C::NotEligible { broker } => (id::ERROR_COMMAND_NOT_ELIGIBLE, broker),
    };
    say!(lang, id, broker = names.get(broker))
}

/// What an expectation found instead.
pub fn found(lang: Lang, names: &Names, f: &Found) -> String {
    // Values, numbers, `epoch:offset` pairs and violation kinds are written as
    // the scenario writes them, the same in every language.
    match f {
        Found::Values(v) if v.is_empty() => say!(lang, id::ERROR_FOUND_NOTHING),
        Found::Values(v) => v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
        Found::Number(x) => x.to_string(),
        Found::Epochs(e) if e.is_empty() => say!(lang, id::ERROR_FOUND_NO_EPOCHS),
        Found::Epochs(e) => e.iter().map(|(e, o)| format!("{e}:{o}")).collect::<Vec<_>>().join(" "),
        Found::Leader(Some(b)) => names.get(*b).to_string(),
        Found::Leader(None) => say!(lang, id::ERROR_FOUND_NO_LEADER),
        Found::Position(Some(p)) => p.to_string(),
        Found::Position(None) => say!(lang, id::ERROR_FOUND_NO_POSITION),
        Found::ConsumerError(Some(e)) => e.name().to_string(),
        Found::ConsumerError(None) => say!(lang, id::ERROR_FOUND_NO_ERROR),
        Found::Brokers(s) => words::list(lang, names, *s),
        Found::Violations(v) if v.is_empty() => say!(lang, id::ERROR_FOUND_NO_VIOLATION),
        Found::Violations(v) => v.iter().map(|k| k.name()).collect::<Vec<_>>().join(" "),
    }
}

/// A share-link problem as a sentence.
pub fn link_error(lang: Lang, e: &LinkProblem) -> String {
    use replab_share::LinkError as L;
    match e {
        LinkProblem::Link(L::NotALink) => say!(lang, id::ERROR_LINK_NOT_A_LINK),
        LinkProblem::Link(L::UnknownVersion { version }) => say!(
            lang,
            id::ERROR_LINK_UNKNOWN_VERSION,
            version = version,
            latest = replab_share::VERSION
        ),
        LinkProblem::Link(L::BadEncoding) => say!(lang, id::ERROR_LINK_BAD_ENCODING),
        LinkProblem::Link(L::Corrupted) => say!(lang, id::ERROR_LINK_CORRUPTED),
        LinkProblem::Link(L::TooLarge) => say!(lang, id::ERROR_LINK_TOO_LARGE),
        LinkProblem::Link(L::MissingField { field }) => say!(lang, id::ERROR_LINK_MISSING_FIELD, field = field),
        LinkProblem::Link(L::BadField { field, value }) => {
            say!(lang, id::ERROR_LINK_BAD_FIELD, field = field, value = value)
        }
        LinkProblem::Link(L::UnknownField { field }) => say!(lang, id::ERROR_LINK_UNKNOWN_FIELD, field = field),
        LinkProblem::StepOutOfRange { step, len } => {
            say!(lang, id::ERROR_LINK_STEP_OUT_OF_RANGE, step = step, len = len)
        }
        LinkProblem::Script { error, names } => {
            say!(
                lang,
                id::ERROR_LINK_SCRIPT,
                error = script_error(lang, &Names(names), error)
            )
        }
    }
}

/// A protocol as the selector lists it: its name and its releases
/// ("diverging-epoch (Kafka 2.8–3.x)").
pub fn protocol_option(lang: Lang, p: Protocol) -> String {
    if !p.is_generation() {
        return release_option(lang, p);
    }
    let p = p.shown();
    say!(
        lang,
        id::PAGE_PROTOCOL_OPTION,
        name = p.name(),
        releases = words::releases(lang, p)
    )
}

/// A chip of the release strip: the line, its controller, what the story
/// comes to there ("Kafka 3.8 with ZooKeeper: committed write lost at step 6").
pub fn strip_chip(lang: Lang, p: Protocol, outcome: &str) -> String {
    say!(
        lang,
        id::PROTOCOL_RELEASE_STRIP_CHIP,
        version = p.release().version,
        controller = words::controller_name(p),
        outcome = outcome
    )
}

/// Why a story cannot run under line `p`: its settings are not in that
/// release (1.5 rule 5), as a script run under it would say, without a line.
pub fn not_in_release(lang: Lang, p: Protocol) -> String {
    script_error_kind(
        lang,
        &ScriptErrorKind::ElrNotInRelease {
            release: p.canonical().name().to_string(),
        },
    )
}

/// A history longer than the strip runs by itself.
pub fn strip_long(lang: Lang, steps: usize, limit: usize) -> String {
    say!(
        lang,
        id::PROTOCOL_RELEASE_STRIP_LONG,
        steps = thousands(lang, steps as u64),
        limit = thousands(lang, limit as u64)
    )
}

/// An outcome at a step of the history ("committed write lost at step 6").
pub fn strip_at_step(lang: Lang, what: &str, step: usize) -> String {
    say!(lang, id::PROTOCOL_RELEASE_STRIP_AT_STEP, what = what, step = step)
}

/// A release line as "Which Kafka?" lists it: its version, and a seed
/// generation's name beside it ("Kafka 0.10 · hw").
pub fn release_option(lang: Lang, p: Protocol) -> String {
    let r = p.release();
    match r.generation {
        Some(generation) => say!(
            lang,
            id::PROTOCOL_RELEASE_OPTION_GENERATION,
            version = r.version,
            generation = generation
        ),
        // A KRaft line of a release that also ran ZooKeeper says so.
        None if r.name.ends_with("-kraft") => say!(lang, id::PROTOCOL_RELEASE_OPTION_KRAFT, version = r.version),
        None => say!(lang, id::PROTOCOL_RELEASE_OPTION, version = r.version),
    }
}

/// A protocol as a heading names it: a generation by its name (`hw`), another
/// line as "Which Kafka?" lists it ("Kafka 3.8 · KRaft").
pub fn protocol_name(lang: Lang, p: Protocol) -> String {
    if p.is_generation() {
        p.shown().name().to_string()
    } else {
        release_option(lang, p)
    }
}

/// Why `name` is no protocol (contract 1.5 rule 1): the runner's `--protocol`
/// and a script's `protocol` line say the same.
pub fn protocol_not_offered(lang: Lang, name: &str, why: &NotOffered) -> String {
    let lines = || Protocol::releases().map(|p| p.name()).collect::<Vec<_>>().join(", ");
    match why {
        NotOffered::Unknown => say!(
            lang,
            id::ERROR_SCRIPT_UNKNOWN_PROTOCOL,
            name = name,
            lines = lines(),
            generations = Protocol::ALL.map(|p| p.name()).join(", ")
        ),
        NotOffered::Kafka20 => say!(lang, id::ERROR_SCRIPT_PROTOCOL_KAFKA_2_0, name = name, lines = lines()),
        NotOffered::KraftBefore33 => say!(
            lang,
            id::ERROR_SCRIPT_PROTOCOL_KRAFT_BEFORE_3_3,
            name = name,
            suggested = name.trim_end_matches("-kraft")
        ),
        NotOffered::Suffix { from_4_0: false } => say!(lang, id::ERROR_SCRIPT_PROTOCOL_SUFFIX, name = name),
        NotOffered::Suffix { from_4_0: true } => say!(lang, id::ERROR_SCRIPT_PROTOCOL_SUFFIX_FROM_4_0, name = name),
    }
}

/// What a protocol stands for, in short: its releases and their controller
/// ("Kafka 2.8–3.x, ZooKeeper controller").
pub fn stands_for(lang: Lang, p: Protocol) -> String {
    say!(
        lang,
        id::PAGE_STANDS_FOR,
        releases = words::releases(lang, p),
        controller = words::controller_name(p)
    )
}

/// A folded span of a lane: its first and last values, how many records, their
/// epochs. "m12 … m9980 · 9,969 records · epoch 0".
pub fn folded(lang: Lang, first: &str, last: &str, count: u64, epochs: (u32, u32)) -> String {
    let count = thousands(lang, count);
    match epochs {
        (a, b) if a == b => say!(
            lang,
            id::PAGE_FOLDED_ONE_EPOCH,
            first = first,
            last = last,
            count = count,
            epoch = a
        ),
        (a, b) => say!(
            lang,
            id::PAGE_FOLDED_EPOCHS,
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
        id::PAGE_EDITOR_WINDOW,
        first = thousands(lang, first as u64),
        last = thousands(lang, last as u64),
        total = thousands(lang, total as u64),
        size = size
    )
}

/// Values left out of a long list: "… 9,991 more …".
pub fn more(lang: Lang, n: u64) -> String {
    say!(lang, id::PAGE_MORE, n = thousands(lang, n))
}

/// What a folded span's button does, for its label: "Show offsets 12 to 9,980".
pub fn unfold_title(lang: Lang, from: u64, last: u64) -> String {
    say!(
        lang,
        id::PAGE_UNFOLD_TITLE,
        from = thousands(lang, from),
        last = thousands(lang, last)
    )
}

/// A figure frame's heading: "Step 7 · bounce A"; step 0: "Step 0 · the start".
/// The produce button, with the value it writes: "Produce m1".
pub fn produce(lang: Lang, value: &str) -> String {
    say!(lang, id::PAGE_PRODUCE, value = value)
}

/// The partition's clock: "t = 15000 ms".
pub fn clock(lang: Lang, ms: u64) -> String {
    say!(lang, id::PAGE_CLOCK, ms = ms)
}

/// A menu's default choice, with its value: "all (default)".
pub fn default_choice(lang: Lang, value: &str) -> String {
    say!(lang, id::PAGE_DEFAULT_CHOICE, value = value)
}

/// The high watermark's mark in a log: "HW 2".
pub fn hw_mark(lang: Lang, offset: u64) -> String {
    say!(lang, id::PAGE_HW_MARK, offset = offset)
}

/// A consumer's position: "position 2, epoch 0"; "no position: …" while a reset is due.
pub fn consumer_position(lang: Lang, position: Option<u64>, epoch: Option<u32>) -> String {
    match (position, epoch) {
        (None, _) => say!(lang, id::PAGE_CONSUMER_NO_POSITION),
        (Some(offset), None) => say!(lang, id::PAGE_CONSUMER_POSITION, offset = offset),
        (Some(offset), Some(epoch)) => say!(lang, id::PAGE_CONSUMER_POSITION_EPOCH, offset = offset, epoch = epoch),
    }
}

/// Where a consumer read a record: "offset 1, epoch 0".
pub fn consumer_read_title(lang: Lang, offset: u64, epoch: u32) -> String {
    say!(lang, id::PAGE_CONSUMER_READ_TITLE, offset = offset, epoch = epoch)
}

/// Reads of a consumer's lane left out before those shown.
pub fn consumer_earlier_reads(lang: Lang, n: u64) -> String {
    say!(lang, id::PAGE_CONSUMER_EARLIER_READS, n = thousands(lang, n))
}

/// A setting's source: "Kafka 0.10.2.1's default", or "set by this story".
pub fn setting_source(lang: Lang, source: replab_core::config::SettingSource, p: Protocol) -> String {
    match source {
        replab_core::config::SettingSource::Script => crate::label(lang, crate::Label::SetByStory).to_string(),
        replab_core::config::SettingSource::Release => {
            say!(lang, id::PAGE_SETTING_RELEASE_DEFAULT, release = p.defaults_release())
        }
    }
}

/// The producer's acks: the lab's choice, beside Kafka's producer default of `p`'s release.
pub fn lab_acks(lang: Lang, p: Protocol) -> String {
    say!(
        lang,
        id::PAGE_LAB_ACKS,
        release = p.defaults_release(),
        acks = p.kafka_producer_acks().name()
    )
}

/// The release defaults that changed with a protocol switch to `p`, each as
/// (new, old): "Kafka 0.10.2.1's defaults apply: unclean.leader.election.enable=true (was false)".
pub fn defaults_changed(lang: Lang, p: Protocol, changes: &[(replab_core::Setting, replab_core::Setting)]) -> String {
    let list: Vec<String> = changes
        .iter()
        .map(|(new, old)| {
            say!(
                lang,
                id::PAGE_DEFAULT_CHANGED,
                key = new.key(),
                value = new.value_text(),
                old = old.value_text()
            )
        })
        .collect();
    say!(
        lang,
        id::PAGE_DEFAULTS_CHANGED,
        release = p.defaults_release(),
        changes = list.join(", ")
    )
}

/// The log end's mark in a log: "LEO 3".
pub fn leo_mark(lang: Lang, offset: u64) -> String {
    say!(lang, id::PAGE_LEO_MARK, offset = offset)
}

/// A broker's two offsets in a figure: "LEO 3 · HW 2".
pub fn leo_hw(lang: Lang, leo: u64, hw: u64) -> String {
    say!(lang, id::PAGE_LEO_HW, leo = leo, hw = hw)
}

/// The export dialog's animation could not be encoded, and why.
pub fn gif_failed(lang: Lang, error: &str) -> String {
    say!(lang, id::PAGE_GIF_FAILED, error = error)
}

/// A figure's heading: "Step 3 · crash A", or "Step 0 · the start" without a command.
pub fn figure_heading(lang: Lang, step: usize, command: Option<&str>) -> String {
    match command {
        Some(c) => say!(lang, id::PAGE_FIGURE_HEADING, step = step, command = c),
        None => say!(lang, id::PAGE_FIGURE_HEADING_START, step = step),
    }
}
