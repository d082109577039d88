//! What is wrong with a scenario, a command, an expectation or a share link, and
//! the page's short texts on protocols, folded lanes and the editor. Texts in
//! `messages/errors.msg`.

use crate::catalogue::msg;
use crate::{mebibytes, thousands, words, Lang, LinkProblem, Names};
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
    msg::error_at_line(lang, &e.line, &kind_sentence(lang, names, &e.kind))
}

/// What is wrong with a piece of scenario text, without a line.
pub fn script_error_kind(lang: Lang, kind: &ScriptErrorKind) -> String {
    kind_sentence(lang, &Names(&[]), kind)
}

/// `names` name the brokers of a refused command.
fn kind_sentence(lang: Lang, names: &Names, k: &ScriptErrorKind) -> String {
    use ScriptErrorKind as K;
    match k {
        K::UnknownVerb { verb } => msg::error_script_unknown_verb(lang, &verb),
        K::UnknownBroker { id } => msg::error_script_unknown_broker(lang, &id),
        K::BadBrokerId { id } => msg::error_script_bad_broker_id(lang, &id),
        K::DuplicateBroker { id } => msg::error_script_duplicate_broker(lang, &id),
        K::BrokerCount { count } => msg::error_script_broker_count(lang, &count),
        K::DuplicateHeader { verb } => msg::error_script_duplicate_header(lang, &verb),
        K::HeaderAfterAction { verb } => msg::error_script_header_after_action(lang, &verb),
        K::MissingBrokers => msg::error_script_missing_brokers(lang),
        K::UnknownProtocol { name } => protocol_not_offered(lang, name, &NotOffered::Unknown),
        K::ProtocolNotOffered { name, why } => protocol_not_offered(lang, name, why),
        K::BackwardRange { range } => msg::error_script_backward_range(lang, &range),
        K::ElrNotInRelease { release } => match release.as_str() {
            "kafka-4.0" => msg::error_script_elr_not_in_4_0(lang, &release),
            _ => msg::error_script_elr_not_in_3x(lang, &release),
        },
        K::UnknownSetting { key } => msg::error_script_unknown_setting(lang, &key),
        K::BadSettingValue { key, value } => msg::error_script_bad_setting_value(lang, &value, &key),
        K::BadSetSyntax { text } => msg::error_script_bad_set_syntax(lang, &text),
        K::MissingArgument { verb, what } => msg::error_script_missing_argument(lang, &verb, &what),
        K::UnexpectedArgument { verb, arg } => msg::error_script_unexpected_argument(lang, &arg, &verb),
        K::BadValue { value } => msg::error_script_bad_value(lang, &value),
        K::BadNumber { what, text } => msg::error_script_bad_number(lang, &text, &what),
        K::BadAcks { text } => msg::error_script_bad_acks(lang, &text),
        K::BadCrashTarget { text } => msg::error_script_bad_crash_target(lang, &text),
        K::UnknownExpectation { what } => msg::error_script_unknown_expectation(lang, &what),
        K::UnknownViolationKind { kind } => msg::error_script_unknown_violation_kind(lang, &kind),
        K::EmptyTitle => msg::error_script_empty_title(lang),
        K::BadConsumerName { name } => msg::error_script_bad_consumer_name(lang, &name),
        K::ConsumerIsBroker { name } => msg::error_script_consumer_is_broker(lang, &name),
        K::UnknownConsumer { name } => msg::error_script_unknown_consumer(lang, &name),
        K::UnknownConsumerError { error } => msg::error_script_unknown_consumer_error(lang, &error),
        K::TextTooLong { bytes, limit } => msg::error_script_text_too_long(
            lang,
            &mebibytes(*bytes),
            &thousands(lang, *bytes as u64),
            &mebibytes(*limit),
            &thousands(lang, *limit as u64),
        ),
        K::TooManySteps { steps, limit } => {
            msg::error_script_too_many_steps(lang, &thousands(lang, *steps as u64), &thousands(lang, *limit as u64))
        }
        K::Command { error } => command_error(lang, names, error),
    }
}

/// A refused command, without a line.
pub fn command_error(lang: Lang, names: &Names, e: &CommandError) -> String {
    use CommandError as C;
    let (say, broker): (msg::Say1, usize) = match *e {
        // The broker's number, as there is no broker to name.
        C::NoSuchBroker { broker } => return msg::error_command_no_such_broker(lang, &broker),
        C::NoTargets => return msg::error_command_no_targets(lang),
        C::HasLeader => return msg::error_command_has_leader(lang),
        C::HeaderOnlySetting { key } => return msg::error_command_header_only_setting(lang, &key.name()),
        C::BrokerDown { broker } => (msg::error_command_broker_down, broker),
        C::BrokerAlreadyUp { broker } => (msg::error_command_broker_already_up, broker),
        C::IsLeader { broker } => (msg::error_command_is_leader, broker),
        C::AlreadyInFlight { follower } => (msg::error_command_already_in_flight, follower),
        C::NothingInFlight { follower } => (msg::error_command_nothing_in_flight, follower),
        C::NotInIsr { broker } => (msg::error_command_not_in_isr, broker),
        C::DuplicateTarget { broker } => (msg::error_command_duplicate_target, broker),
        C::NotEligible { broker } => (msg::error_command_not_eligible, broker),
    };
    say(lang, &names.get(broker))
}

/// What an expectation found instead.
pub fn found(lang: Lang, names: &Names, f: &Found) -> String {
    // Values, numbers, `epoch:offset` pairs and violation kinds are written as
    // the scenario writes them, the same in every language.
    match f {
        Found::Values(v) if v.is_empty() => msg::error_found_nothing(lang),
        Found::Values(v) => v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
        Found::Number(x) => x.to_string(),
        Found::Epochs(e) if e.is_empty() => msg::error_found_no_epochs(lang),
        Found::Epochs(e) => e.iter().map(|(e, o)| format!("{e}:{o}")).collect::<Vec<_>>().join(" "),
        Found::Leader(Some(b)) => names.get(*b).to_string(),
        Found::Leader(None) => msg::error_found_no_leader(lang),
        Found::Position(Some(p)) => p.to_string(),
        Found::Position(None) => msg::error_found_no_position(lang),
        Found::ConsumerError(Some(e)) => e.name().to_string(),
        Found::ConsumerError(None) => msg::error_found_no_error(lang),
        Found::Brokers(s) => words::list(lang, names, *s),
        Found::Violations(v) if v.is_empty() => msg::error_found_no_violation(lang),
        Found::Violations(v) => v.iter().map(|k| k.name()).collect::<Vec<_>>().join(" "),
    }
}

/// A share-link problem as a sentence.
pub fn link_error(lang: Lang, e: &LinkProblem) -> String {
    use replab_share::LinkError as L;
    match e {
        LinkProblem::Link(L::NotALink) => msg::error_link_not_a_link(lang),
        LinkProblem::Link(L::UnknownVersion { version }) => {
            msg::error_link_unknown_version(lang, &version, &replab_share::VERSION)
        }
        LinkProblem::Link(L::BadEncoding) => msg::error_link_bad_encoding(lang),
        LinkProblem::Link(L::Corrupted) => msg::error_link_corrupted(lang),
        LinkProblem::Link(L::TooLarge) => msg::error_link_too_large(lang),
        LinkProblem::Link(L::MissingField { field }) => msg::error_link_missing_field(lang, &field),
        LinkProblem::Link(L::BadField { field, value }) => msg::error_link_bad_field(lang, &field, &value),
        LinkProblem::Link(L::UnknownField { field }) => msg::error_link_unknown_field(lang, &field),
        LinkProblem::StepOutOfRange { step, len } => msg::error_link_step_out_of_range(lang, &step, &len),
        LinkProblem::Script { error, names } => msg::error_link_script(lang, &script_error(lang, &Names(names), error)),
    }
}

/// A protocol as the selector lists it: its name and its releases
/// ("diverging-epoch (Kafka 2.8–3.x)").
pub fn protocol_option(lang: Lang, p: Protocol) -> String {
    if !p.is_generation() {
        return release_option(lang, p);
    }
    let p = p.shown();
    msg::page_protocol_option(lang, &p.name(), &words::releases(lang, p))
}

/// A chip of the release strip: the line, its controller, what the story
/// comes to there ("Kafka 3.8 with ZooKeeper: committed write lost at step 6").
pub fn strip_chip(lang: Lang, p: Protocol, outcome: &str) -> String {
    msg::protocol_release_strip_chip(lang, &p.release().version, &words::controller_name(p), &outcome)
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
    msg::protocol_release_strip_long(lang, &thousands(lang, steps as u64), &thousands(lang, limit as u64))
}

/// An outcome at a step of the history ("committed write lost at step 6").
pub fn strip_at_step(lang: Lang, what: &str, step: usize) -> String {
    msg::protocol_release_strip_at_step(lang, &what, &step)
}

/// A release line as "Which Kafka?" lists it: its version, and a seed
/// generation's name beside it ("Kafka 0.10 · hw").
pub fn release_option(lang: Lang, p: Protocol) -> String {
    let r = p.release();
    match r.generation {
        Some(generation) => msg::protocol_release_option_generation(lang, &r.version, &generation),
        // A KRaft line of a release that also ran ZooKeeper says so.
        None if r.name.ends_with("-kraft") => msg::protocol_release_option_kraft(lang, &r.version),
        None => msg::protocol_release_option(lang, &r.version),
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
        NotOffered::Unknown => {
            msg::error_script_unknown_protocol(lang, &name, &lines(), &Protocol::ALL.map(|p| p.name()).join(", "))
        }
        NotOffered::Kafka20 => msg::error_script_protocol_kafka_2_0(lang, &name, &lines()),
        NotOffered::KraftBefore33 => {
            msg::error_script_protocol_kraft_before_3_3(lang, &name, &name.trim_end_matches("-kraft"))
        }
        NotOffered::Suffix { from_4_0: false } => msg::error_script_protocol_suffix(lang, &name),
        NotOffered::Suffix { from_4_0: true } => msg::error_script_protocol_suffix_from_4_0(lang, &name),
    }
}

/// What a protocol stands for, in short: its releases and their controller
/// ("Kafka 2.8–3.x, ZooKeeper controller").
pub fn stands_for(lang: Lang, p: Protocol) -> String {
    msg::page_stands_for(lang, &words::releases(lang, p), &words::controller_name(p))
}

/// A folded span of a lane: its first and last values, how many records, their
/// epochs. "m12 … m9980 · 9,969 records · epoch 0".
pub fn folded(lang: Lang, first: &str, last: &str, count: u64, epochs: (u32, u32)) -> String {
    let count = thousands(lang, count);
    match epochs {
        (a, b) if a == b => msg::page_folded_one_epoch(lang, &first, &last, &count, &a),
        (a, b) => msg::page_folded_epochs(lang, &first, &last, &count, &a, &b),
    }
}

/// The editor holding a long scenario shows a window of its lines:
/// "Lines 2,001–4,000 of 100,207 (1.5 MB); the rest is kept as it is".
pub fn editor_window(lang: Lang, first: usize, last: usize, total: usize, bytes: usize) -> String {
    // Like `mebibytes`, a size is written the same in every language.
    let mb = bytes / 100_000;
    let size = format!("{}.{} MB", mb / 10, mb % 10);
    msg::page_editor_window(
        lang,
        &thousands(lang, first as u64),
        &thousands(lang, last as u64),
        &thousands(lang, total as u64),
        &size,
    )
}

/// Values left out of a long list: "… 9,991 more …".
pub fn more(lang: Lang, n: u64) -> String {
    msg::page_more(lang, &thousands(lang, n))
}

/// What a folded span's button does, for its label: "Show offsets 12 to 9,980".
pub fn unfold_title(lang: Lang, from: u64, last: u64) -> String {
    msg::page_unfold_title(lang, &thousands(lang, from), &thousands(lang, last))
}

/// A figure frame's heading: "Step 7 · bounce A"; step 0: "Step 0 · the start".
/// The produce button, with the value it writes: "Produce m1".
pub fn produce(lang: Lang, value: &str) -> String {
    msg::page_produce(lang, &value)
}

/// The partition's clock: "t = 15000 ms".
pub fn clock(lang: Lang, ms: u64) -> String {
    msg::page_clock(lang, &ms)
}

/// A menu's default choice, with its value: "all (default)".
pub fn default_choice(lang: Lang, value: &str) -> String {
    msg::page_default_choice(lang, &value)
}

/// The high watermark's mark in a log: "HW 2".
pub fn hw_mark(lang: Lang, offset: u64) -> String {
    msg::page_hw_mark(lang, &offset)
}

/// A consumer's position: "position 2, epoch 0"; "no position: …" while a reset is due.
pub fn consumer_position(lang: Lang, position: Option<u64>, epoch: Option<u32>) -> String {
    match (position, epoch) {
        (None, _) => msg::page_consumer_no_position(lang),
        (Some(offset), None) => msg::page_consumer_position(lang, &offset),
        (Some(offset), Some(epoch)) => msg::page_consumer_position_epoch(lang, &offset, &epoch),
    }
}

/// Where a consumer read a record: "offset 1, epoch 0".
pub fn consumer_read_title(lang: Lang, offset: u64, epoch: u32) -> String {
    msg::page_consumer_read_title(lang, &offset, &epoch)
}

/// Reads of a consumer's lane left out before those shown.
pub fn consumer_earlier_reads(lang: Lang, n: u64) -> String {
    msg::page_consumer_earlier_reads(lang, &thousands(lang, n))
}

/// A setting's source: "Kafka 0.10.2.1's default", or "set by this story".
pub fn setting_source(lang: Lang, source: replab_core::config::SettingSource, p: Protocol) -> String {
    match source {
        replab_core::config::SettingSource::Script => crate::label(lang, crate::Label::SetByStory).to_string(),
        replab_core::config::SettingSource::Release => msg::page_setting_release_default(lang, &p.defaults_release()),
    }
}

/// The producer's acks: the lab's choice, beside Kafka's producer default of `p`'s release.
pub fn lab_acks(lang: Lang, p: Protocol) -> String {
    msg::page_lab_acks(lang, &p.defaults_release(), &p.kafka_producer_acks().name())
}

/// The release defaults that changed with a protocol switch to `p`, each as
/// (new, old): "Kafka 0.10.2.1's defaults apply: unclean.leader.election.enable=true (was false)".
pub fn defaults_changed(lang: Lang, p: Protocol, changes: &[(replab_core::Setting, replab_core::Setting)]) -> String {
    let list: Vec<String> = changes
        .iter()
        .map(|(new, old)| msg::page_default_changed(lang, &new.key(), &new.value_text(), &old.value_text()))
        .collect();
    msg::page_defaults_changed(lang, &p.defaults_release(), &list.join(", "))
}

/// The log end's mark in a log: "LEO 3".
pub fn leo_mark(lang: Lang, offset: u64) -> String {
    msg::page_leo_mark(lang, &offset)
}

/// A broker's two offsets in a figure: "LEO 3 · HW 2".
pub fn leo_hw(lang: Lang, leo: u64, hw: u64) -> String {
    msg::page_leo_hw(lang, &leo, &hw)
}

/// The export dialog's animation could not be encoded, and why.
pub fn gif_failed(lang: Lang, error: &str) -> String {
    msg::page_gif_failed(lang, &error)
}

/// A figure's heading: "Step 3 · crash A", or "Step 0 · the start" without a command.
pub fn figure_heading(lang: Lang, step: usize, command: Option<&str>) -> String {
    match command {
        Some(c) => msg::page_figure_heading(lang, &step, &c),
        None => msg::page_figure_heading_start(lang, &step),
    }
}
