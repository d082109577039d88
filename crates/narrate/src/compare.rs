//! The sentences of a comparison (one history under two protocols) and of the
//! exhaustive checker's runs. Texts in `messages/compare.msg`.

use crate::catalogue::id;
use crate::catalogue::msg;
use crate::catalogue::text;
use crate::words::{count, list, Unit};
use crate::{command_error, protocol_option, thousands, CheckerOutcome, Lang, Names};
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
        } => {
            let say: msg::Say5 = match kind {
                ViolationKind::CommittedWriteLost => msg::checker_outcome_violation_committed_write_lost,
                ViolationKind::ReplicasDiverged => msg::checker_outcome_violation_replicas_diverged,
                ViolationKind::ConsumerReadLost => msg::checker_outcome_violation_consumer_read_lost,
                ViolationKind::ConsumerReadDiverged => msg::checker_outcome_violation_consumer_read_diverged,
            };
            say(
                lang,
                &kind.name(),
                &count(lang, steps.into(), Unit::Step),
                &count(lang, u64::from(states), Unit::State),
                &protocol.name(),
                &steps,
            )
        }
        CheckerOutcome::NoViolation {
            protocol,
            states,
            depth,
        } => msg::checker_outcome_no_violation(
            lang,
            &count(lang, depth.into(), Unit::Step),
            &protocol.name(),
            &thousands(lang, states),
        ),
        CheckerOutcome::StateLimit {
            protocol, depth, limit, ..
        } => msg::checker_outcome_state_limit(
            lang,
            &thousands(lang, limit),
            &protocol.name(),
            &count(lang, depth.into(), Unit::Step),
        ),
        CheckerOutcome::ReplayFailed { at_step } => msg::checker_outcome_replay_failed(lang, &at_step),
    }
}

/// The title of a history the checker found ("Found by replab-check:
/// committed-write-lost in 5 steps").
pub fn checker_found_title(lang: Lang, kind: ViolationKind, steps: usize) -> String {
    msg::checker_found_title(lang, &kind.name(), &steps)
}

/// A checker's progress: states seen, and the length of the histories all
/// checked so far (`depth`; `cancelled`: where it was stopped).
pub fn checker_progress(lang: Lang, states: u32, depth: u32, cancelled: bool) -> String {
    let states = thousands(lang, states);
    match (cancelled, depth) {
        (true, 0) => msg::checker_progress_cancelled_at_start(lang),
        (true, _) => msg::checker_progress_cancelled(lang, &states, &count(lang, depth.into(), Unit::Step)),
        (false, 0) => msg::checker_progress_starting(lang, &states),
        (false, _) => {
            msg::checker_progress_exploring(lang, &states, &count(lang, depth.into(), Unit::Step), &(depth + 1))
        }
    }
}

/// Which protocol of a run over several is being searched: "kip-101 (2 of 5):".
pub fn checker_under(lang: Lang, protocol: Protocol, nth: usize, of: usize) -> String {
    msg::checker_under(lang, &protocol.name(), &nth, &of)
}

/// States per second, from `states` in `millis`: "(410,000 states/s)".
pub fn checker_rate(lang: Lang, states: u32, millis: f64) -> String {
    msg::checker_rate(lang, &thousands(lang, per_second(states, millis)))
}

/// How long a search took: "Took 0.42 s, 410,000 states/s.".
pub fn checker_timing(lang: Lang, states: u32, millis: f64) -> String {
    // Hundredths of a second in whole numbers: formatting a float with a
    // precision would add the float printer to the page's wasm.
    let hundredths = (millis.max(0.0) / 10.0).round().min(f64::from(u32::MAX)) as u32;
    let seconds = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    msg::checker_timing(lang, &seconds, &thousands(lang, per_second(states, millis)))
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
        msg::checker_setup_default_settings(lang)
    } else {
        msg::checker_setup_settings(lang, &settings.join(text(lang, id::CHECKER_SETUP_SETTINGS_SEPARATOR)))
    };
    msg::checker_setup(
        lang,
        &protocol_option(lang, setup.protocol),
        &setup.brokers.join(text(lang, id::LIST_SEPARATOR)),
        &leader,
        &settings,
    )
}

/// Why the checker stops at `limit` states.
pub fn checker_limit(lang: Lang, limit: u32) -> String {
    msg::checker_limit(lang, &thousands(lang, limit))
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
        Shown::Broker(b) => b.map_or_else(|| msg::compare_shown_no_leader(lang), |b| names.get(b).to_string()),
        Shown::Number(n) => n.to_string(),
        Shown::Brokers(set) => list(lang, names, *set),
        Shown::Up(true) => msg::compare_shown_up(lang),
        Shown::Up(false) => msg::compare_shown_down(lang),
        Shown::Log(records) if records.is_empty() => msg::compare_shown_log_empty(lang),
        // Values are data, written the same in every language: spaces between.
        Shown::Log(records) => records
            .iter()
            .map(|(v, e)| e.map_or_else(|| v.to_string(), |e| msg::compare_shown_record_with_epoch(lang, &v, &e)))
            .collect::<Vec<_>>()
            .join(" "),
        Shown::Values(v) if v.is_empty() => msg::compare_shown_values_none(lang),
        Shown::Values(v) => v.join(" "),
        Shown::Fired(true) => msg::compare_shown_fired(lang),
        Shown::Fired(false) => msg::compare_shown_not_fired(lang),
    }
}

/// Where the same history first looks different under two protocols, as a
/// heading: "First difference at step 7 (bounce A)".
pub fn first_difference(lang: Lang, step: usize, command: &str) -> String {
    msg::compare_first_difference(lang, &step, &command)
}

/// One fact that differs at the same step of one history under two protocols,
/// with what each shows: "A's log: m1 under hw, m1 m2 under kip-101".
pub fn difference(lang: Lang, names: &Names, d: &Difference, a: &Cluster, b: &Cluster) -> String {
    let what = match *d {
        Difference::Leader => msg::compare_difference_what_leader(lang),
        Difference::LeaderEpoch => msg::compare_difference_what_leader_epoch(lang),
        Difference::Isr => msg::compare_difference_what_isr(lang),
        Difference::Elr => msg::compare_difference_what_elr(lang),
        Difference::Alive { broker } => msg::compare_difference_what_alive(lang, &names.get(broker)),
        Difference::Log { broker } => msg::compare_difference_what_log(lang, &names.get(broker)),
        Difference::Hw { broker } => msg::compare_difference_what_hw(lang, &names.get(broker)),
        Difference::Acked => msg::compare_difference_what_acked(lang),
        Difference::Violation {
            kind: ViolationKind::CommittedWriteLost,
        } => msg::compare_difference_what_committed_write_lost(lang),
        Difference::Violation {
            kind: ViolationKind::ReplicasDiverged,
        } => msg::compare_difference_what_replicas_diverged(lang),
        Difference::Violation {
            kind: ViolationKind::ConsumerReadLost,
        } => msg::compare_difference_what_consumer_read_lost(lang),
        Difference::Violation {
            kind: ViolationKind::ConsumerReadDiverged,
        } => msg::compare_difference_what_consumer_read_diverged(lang),
        Difference::ConsumerRead { consumer } => msg::compare_difference_what_consumer_read(lang, &consumer),
    };
    msg::compare_difference(
        lang,
        &what,
        &shown_text(lang, names, &shown(d, a, b)),
        &a.protocol().name(),
        &shown_text(lang, names, &shown(d, b, a)),
        &b.protocol().name(),
    )
}

/// No difference over the steps both histories have (`until`: the second one
/// stops there).
pub fn no_difference(lang: Lang, a: Protocol, b: Protocol, until: Option<usize>) -> String {
    let (a, b) = (a.name(), b.name());
    match until {
        None => msg::compare_no_difference(lang, &a, &b),
        Some(k) => msg::compare_no_difference_until(lang, &a, &b, &k),
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
        (Some(p), _) => msg::compare_cache_keeps_none(lang, &p.name()),
        (None, None) => msg::compare_cache_same(lang),
        (None, Some((step, brokers))) => {
            let brokers: Vec<&str> = brokers.iter().map(|&b| names.get(b)).collect();
            msg::compare_cache_differ(lang, &step, &brokers.join(text(lang, id::LIST_SEPARATOR)))
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
    let why = command_error(lang, names, error);
    match refused {
        Refused::AtStep => msg::compare_refused(lang, &step, &command, &p.name(), &why, &step.saturating_sub(1)),
        Refused::After => msg::compare_stopped(lang, &p.name(), &step, &(step + 1), &command, &why),
    }
}

/// The cursor is past the end of the second history (it stopped, or the loaded
/// scenario has fewer steps under `p`): its last step, `len`, is shown.
pub fn comparison_ends(lang: Lang, p: Protocol, len: usize) -> String {
    msg::compare_ends(lang, &p.name(), &len)
}

/// The comparison picker's label: "Compare hw with".
pub fn compare_with(lang: Lang, p: Protocol) -> String {
    msg::compare_with(lang, &crate::protocol_name(lang, p))
}

/// The second column's heading: "The same history under kip-101 (Kafka 0.11)".
pub fn compared_heading(lang: Lang, p: Protocol) -> String {
    msg::compare_compared_heading(lang, &protocol_option(lang, p))
}

/// The first column's heading while comparing: "This history under hw (Kafka 0.10)".
pub fn comparing_heading(lang: Lang, p: Protocol) -> String {
    msg::compare_comparing_heading(lang, &protocol_option(lang, p))
}

/// "under hw:" before what one protocol did at a step.
pub fn under(lang: Lang, p: Protocol) -> String {
    msg::compare_under(lang, &p.name())
}
