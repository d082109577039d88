//! The sentences of a comparison (one history under two protocols) and of the
//! exhaustive checker's runs. Texts in `messages/compare.msg`.

use crate::catalogue::id;
use crate::catalogue::text;
use crate::words::{count, list, Unit};
use crate::{command_error, protocol_option, say, thousands, CheckerOutcome, Lang, Names};
use replab_core::command::CommandError;
use replab_core::compare::Difference;
use replab_core::{BrokerIx, BrokerSet, Cluster, Protocol, Value, ViolationKind};

/// A checker's outcome as a sentence or two, saying clearly what holds only
/// within the bounds.
pub fn checker_outcome(lang: Lang, o: &CheckerOutcome) -> String {
    match *o {
        CheckerOutcome::Violation {
            protocol,
            kind,
            steps,
            states,
        } => say!(
            lang,
            match kind {
                ViolationKind::CommittedWriteLost => id::CHECKER_OUTCOME_VIOLATION_COMMITTED_WRITE_LOST,
                ViolationKind::ReplicasDiverged => id::CHECKER_OUTCOME_VIOLATION_REPLICAS_DIVERGED,
                ViolationKind::ConsumerReadLost => id::CHECKER_OUTCOME_VIOLATION_CONSUMER_READ_LOST,
                ViolationKind::ConsumerReadDiverged => id::CHECKER_OUTCOME_VIOLATION_CONSUMER_READ_DIVERGED,
            },
            kind = kind.name(),
            steps_count = count(lang, steps.into(), Unit::Step),
            states_count = count(lang, u64::from(states), Unit::State),
            protocol = protocol.name(),
            steps = steps,
        ),
        CheckerOutcome::NoViolation {
            protocol,
            states,
            depth,
        } => say!(
            lang,
            id::CHECKER_OUTCOME_NO_VIOLATION,
            depth_count = count(lang, depth.into(), Unit::Step),
            protocol = protocol.name(),
            states = thousands(lang, states),
        ),
        CheckerOutcome::StateLimit {
            protocol, depth, limit, ..
        } => say!(
            lang,
            id::CHECKER_OUTCOME_STATE_LIMIT,
            limit = thousands(lang, limit),
            protocol = protocol.name(),
            depth_count = count(lang, depth.into(), Unit::Step),
        ),
        CheckerOutcome::ReplayFailed { at_step } => say!(lang, id::CHECKER_OUTCOME_REPLAY_FAILED, step = at_step),
    }
}

/// The title of a history the checker found ("Found by replab-check:
/// committed-write-lost in 5 steps").
pub fn checker_found_title(lang: Lang, kind: ViolationKind, steps: usize) -> String {
    say!(lang, id::CHECKER_FOUND_TITLE, kind = kind.name(), steps = steps)
}

/// A checker's progress: states seen, and the length of the histories all
/// checked so far (`depth`; `cancelled`: where it was stopped).
pub fn checker_progress(lang: Lang, states: u32, depth: u32, cancelled: bool) -> String {
    let states = thousands(lang, states);
    match (cancelled, depth) {
        (true, 0) => say!(lang, id::CHECKER_PROGRESS_CANCELLED_AT_START),
        (true, _) => say!(
            lang,
            id::CHECKER_PROGRESS_CANCELLED,
            states = states,
            steps_count = count(lang, depth.into(), Unit::Step),
        ),
        (false, 0) => say!(lang, id::CHECKER_PROGRESS_STARTING, states = states),
        (false, _) => say!(
            lang,
            id::CHECKER_PROGRESS_EXPLORING,
            states = states,
            steps_count = count(lang, depth.into(), Unit::Step),
            next = depth + 1,
        ),
    }
}

/// Which protocol of a run over several is being searched: "kip-101 (2 of 5):".
pub fn checker_under(lang: Lang, protocol: Protocol, nth: usize, of: usize) -> String {
    say!(lang, id::CHECKER_UNDER, protocol = protocol.name(), nth = nth, of = of)
}

/// States per second, from `states` in `millis`: "(410,000 states/s)".
pub fn checker_rate(lang: Lang, states: u32, millis: f64) -> String {
    say!(
        lang,
        id::CHECKER_RATE,
        rate = thousands(lang, per_second(states, millis))
    )
}

/// How long a search took: "Took 0.42 s, 410,000 states/s.".
pub fn checker_timing(lang: Lang, states: u32, millis: f64) -> String {
    // Hundredths of a second in whole numbers: formatting a float with a
    // precision would add the float printer to the page's wasm.
    let hundredths = (millis.max(0.0) / 10.0).round().min(f64::from(u32::MAX)) as u32;
    let seconds = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    say!(
        lang,
        id::CHECKER_TIMING,
        seconds = seconds,
        rate = thousands(lang, per_second(states, millis))
    )
}

/// Whole states per second; 0 for no time at all.
fn per_second(states: u32, millis: f64) -> u32 {
    if millis <= 0.0 {
        return 0;
    }
    (f64::from(states) * 1000.0 / millis).round().min(f64::from(u32::MAX)) as u32
}

/// The checker's starting point: "hw (Kafka 0.10) · brokers A, B · leader A ·
/// default settings".
pub fn checker_setup(lang: Lang, setup: &replab_core::Setup) -> String {
    let leader = setup.brokers.get(setup.leader).map_or("?", |s| s.as_str());
    let settings: Vec<String> = setup
        .settings
        .lines()
        .iter()
        .map(|s| format!("{}={}", s.key(), s.value_text()))
        .collect();
    let settings = if settings.is_empty() {
        say!(lang, id::CHECKER_SETUP_DEFAULT_SETTINGS)
    } else {
        say!(
            lang,
            id::CHECKER_SETUP_SETTINGS,
            settings = settings.join(text(lang, id::CHECKER_SETUP_SETTINGS_SEPARATOR))
        )
    };
    say!(
        lang,
        id::CHECKER_SETUP,
        protocol = protocol_option(lang, setup.protocol),
        brokers = setup.brokers.join(text(lang, id::LIST_SEPARATOR)),
        leader = leader,
        settings = settings,
    )
}

/// Why the checker stops at `limit` states.
pub fn checker_limit(lang: Lang, limit: u32) -> String {
    say!(lang, id::CHECKER_LIMIT, limit = thousands(lang, limit))
}

/// What one side of a comparison shows of a fact that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shown {
    Broker(Option<BrokerIx>),
    Number(u64),
    Brokers(BrokerSet),
    Up(bool),
    /// A log's values, each with its epoch when the two logs hold the same values.
    Log(Vec<(Value, Option<u32>)>),
    Values(Vec<Value>),
    Fired(bool),
}

/// What `c` shows of the fact `d`; `other` is the other side.
fn shown(d: &Difference, c: &Cluster, other: &Cluster) -> Shown {
    let log = |cl: &Cluster, b: BrokerIx| {
        cl.broker(b)
            .map(|x| x.durable.log.records().to_vec())
            .unwrap_or_default()
    };
    match *d {
        Difference::Leader => Shown::Broker(c.leader()),
        Difference::LeaderEpoch => Shown::Number(c.leader_epoch().into()),
        Difference::Isr => Shown::Brokers(c.isr()),
        Difference::Elr => Shown::Brokers(c.elr()),
        Difference::Alive { broker } => Shown::Up(c.broker(broker).is_some_and(|b| b.is_alive())),
        Difference::Log { broker } => {
            let (mine, theirs) = (log(c, broker), log(other, broker));
            let same_values = mine.len() == theirs.len() && mine.iter().zip(&theirs).all(|(a, b)| a.value == b.value);
            Shown::Log(
                mine.into_iter()
                    .map(|r| (r.value, same_values.then_some(r.epoch)))
                    .collect(),
            )
        }
        Difference::Hw { broker } => Shown::Number(c.broker(broker).map_or(0, |b| b.hw())),
        Difference::Acked => Shown::Values(c.acked().to_vec()),
        Difference::Violation { kind } => Shown::Fired(c.safety().has_fired(kind)),
        Difference::ConsumerRead { consumer } => Shown::Values(
            c.consumer(&consumer)
                .map(|x| x.read().iter().map(|r| r.value).collect())
                .unwrap_or_default(),
        ),
    }
}

/// What one side shows, as words.
fn shown_text(lang: Lang, names: &Names, s: &Shown) -> String {
    match s {
        Shown::Broker(b) => b.map_or_else(|| say!(lang, id::COMPARE_SHOWN_NO_LEADER), |b| names.get(b).to_string()),
        Shown::Number(n) => n.to_string(),
        Shown::Brokers(set) => list(lang, names, *set),
        Shown::Up(true) => say!(lang, id::COMPARE_SHOWN_UP),
        Shown::Up(false) => say!(lang, id::COMPARE_SHOWN_DOWN),
        Shown::Log(records) if records.is_empty() => say!(lang, id::COMPARE_SHOWN_LOG_EMPTY),
        // Values are data, written the same in every language: spaces between.
        Shown::Log(records) => records
            .iter()
            .map(|(v, e)| {
                e.map_or_else(
                    || v.to_string(),
                    |e| say!(lang, id::COMPARE_SHOWN_RECORD_WITH_EPOCH, value = v, epoch = e),
                )
            })
            .collect::<Vec<_>>()
            .join(" "),
        Shown::Values(v) if v.is_empty() => say!(lang, id::COMPARE_SHOWN_VALUES_NONE),
        Shown::Values(v) => v.join(" "),
        Shown::Fired(true) => say!(lang, id::COMPARE_SHOWN_FIRED),
        Shown::Fired(false) => say!(lang, id::COMPARE_SHOWN_NOT_FIRED),
    }
}

/// Where the same history first looks different under two protocols, as a
/// heading: "First difference at step 7 (bounce A)".
pub fn first_difference(lang: Lang, step: usize, command: &str) -> String {
    say!(lang, id::COMPARE_FIRST_DIFFERENCE, step = step, command = command)
}

/// One fact that differs at the same step of one history under two protocols,
/// with what each shows: "A's log: m1 under hw, m1 m2 under kip-101".
pub fn difference(lang: Lang, names: &Names, d: &Difference, a: &Cluster, b: &Cluster) -> String {
    let what = match *d {
        Difference::Leader => say!(lang, id::COMPARE_DIFFERENCE_WHAT_LEADER),
        Difference::LeaderEpoch => say!(lang, id::COMPARE_DIFFERENCE_WHAT_LEADER_EPOCH),
        Difference::Isr => say!(lang, id::COMPARE_DIFFERENCE_WHAT_ISR),
        Difference::Elr => say!(lang, id::COMPARE_DIFFERENCE_WHAT_ELR),
        Difference::Alive { broker } => say!(lang, id::COMPARE_DIFFERENCE_WHAT_ALIVE, broker = names.get(broker)),
        Difference::Log { broker } => say!(lang, id::COMPARE_DIFFERENCE_WHAT_LOG, broker = names.get(broker)),
        Difference::Hw { broker } => say!(lang, id::COMPARE_DIFFERENCE_WHAT_HW, broker = names.get(broker)),
        Difference::Acked => say!(lang, id::COMPARE_DIFFERENCE_WHAT_ACKED),
        Difference::Violation {
            kind: ViolationKind::CommittedWriteLost,
        } => say!(lang, id::COMPARE_DIFFERENCE_WHAT_COMMITTED_WRITE_LOST),
        Difference::Violation {
            kind: ViolationKind::ReplicasDiverged,
        } => say!(lang, id::COMPARE_DIFFERENCE_WHAT_REPLICAS_DIVERGED),
        Difference::Violation {
            kind: ViolationKind::ConsumerReadLost,
        } => say!(lang, id::COMPARE_DIFFERENCE_WHAT_CONSUMER_READ_LOST),
        Difference::Violation {
            kind: ViolationKind::ConsumerReadDiverged,
        } => say!(lang, id::COMPARE_DIFFERENCE_WHAT_CONSUMER_READ_DIVERGED),
        Difference::ConsumerRead { consumer } => {
            say!(lang, id::COMPARE_DIFFERENCE_WHAT_CONSUMER_READ, consumer = consumer)
        }
    };
    say!(
        lang,
        id::COMPARE_DIFFERENCE,
        what = what,
        shown_a = shown_text(lang, names, &shown(d, a, b)),
        protocol_a = a.protocol().name(),
        shown_b = shown_text(lang, names, &shown(d, b, a)),
        protocol_b = b.protocol().name(),
    )
}

/// No difference over the steps both histories have (`until`: the second one
/// stops there).
pub fn no_difference(lang: Lang, a: Protocol, b: Protocol, until: Option<usize>) -> String {
    let (a, b) = (a.name(), b.name());
    match until {
        None => say!(lang, id::COMPARE_NO_DIFFERENCE, protocol_a = a, protocol_b = b),
        Some(k) => say!(
            lang,
            id::COMPARE_NO_DIFFERENCE_UNTIL,
            protocol_a = a,
            protocol_b = b,
            step = k
        ),
    }
}

/// Where two histories' leader-epoch caches first part, compared apart from
/// the rest; `None`: they never do; `keeps_none`: a protocol that keeps no
/// cache, so none are compared.
pub fn cache_difference(
    lang: Lang,
    names: &Names,
    first: Option<(usize, &[BrokerIx])>,
    keeps_none: Option<Protocol>,
) -> String {
    match (keeps_none, first) {
        (Some(p), _) => say!(lang, id::COMPARE_CACHE_KEEPS_NONE, protocol = p.name()),
        (None, None) => say!(lang, id::COMPARE_CACHE_SAME),
        (None, Some((step, brokers))) => {
            let brokers: Vec<&str> = brokers.iter().map(|&b| names.get(b)).collect();
            say!(
                lang,
                id::COMPARE_CACHE_DIFFER,
                step = step,
                brokers = brokers.join(text(lang, id::LIST_SEPARATOR))
            )
        }
    }
}

/// Where a compared protocol refused a command of the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Shown in its column at that step: "Step 8 (elect C) is refused under
    /// kip-279: …".
    AtStep,
    /// The history could be replayed under it only up to `step`: the next
    /// command is refused.
    After,
}

/// Command `command` (as scenario text) refused under `p` with `error`, at
/// or after `step` as `refused` says.
pub fn compare_refused(
    lang: Lang,
    names: &Names,
    p: Protocol,
    refused: Refused,
    (step, command): (usize, &str),
    error: &CommandError,
) -> String {
    say!(
        lang,
        match refused {
            Refused::AtStep => id::COMPARE_REFUSED,
            Refused::After => id::COMPARE_STOPPED,
        },
        step = step,
        command = command,
        protocol = p.name(),
        why = command_error(lang, names, error),
        previous = step.saturating_sub(1),
        next = step + 1,
    )
}

/// The cursor is past the end of the second history (it stopped, or the loaded
/// scenario has fewer steps under `p`): its last step, `len`, is shown.
pub fn comparison_ends(lang: Lang, p: Protocol, len: usize) -> String {
    say!(lang, id::COMPARE_ENDS, protocol = p.name(), len = len)
}

/// The comparison picker's label: "Compare hw with".
pub fn compare_with(lang: Lang, p: Protocol) -> String {
    say!(lang, id::COMPARE_WITH, protocol = crate::protocol_name(lang, p))
}

/// The second column's heading: "The same history under kip-101 (Kafka 0.11)".
pub fn compared_heading(lang: Lang, p: Protocol) -> String {
    say!(lang, id::COMPARE_COMPARED_HEADING, option = protocol_option(lang, p))
}

/// The first column's heading while comparing: "This history under hw (Kafka 0.10)".
pub fn comparing_heading(lang: Lang, p: Protocol) -> String {
    say!(lang, id::COMPARE_COMPARING_HEADING, option = protocol_option(lang, p))
}

/// "under hw:" before what one protocol did at a step.
pub fn under(lang: Lang, p: Protocol) -> String {
    say!(lang, id::COMPARE_UNDER, protocol = p.name())
}
