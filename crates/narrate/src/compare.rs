//! The sentences of a comparison (one history under two protocols) and of the
//! exhaustive checker's runs. Texts in `messages/compare.msg`.

use crate::catalogue::text;
use crate::words::{count, list};
use crate::{command_error, protocol_option, say, thousands, CheckerOutcome, Lang, Names};
use replab_core::command::CommandError;
use replab_core::compare::Difference;
use replab_core::{BrokerIx, BrokerSet, Cluster, Protocol, Value, ViolationKind};

/// "1 state", "300,000 states".
fn states_count(lang: Lang, n: u32) -> String {
    if n == 1 {
        say!(lang, "checker.count.state.one")
    } else {
        say!(lang, "checker.count.state.many", n = thousands(n))
    }
}

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
                ViolationKind::CommittedWriteLost => "checker.outcome.violation.committed-write-lost",
                ViolationKind::ReplicasDiverged => "checker.outcome.violation.replicas-diverged",
            },
            kind = kind.name(),
            steps_count = count(lang, steps.into(), "step"),
            states_count = states_count(lang, states),
            protocol = protocol.name(),
            steps = steps,
        ),
        CheckerOutcome::NoViolation {
            protocol,
            states,
            depth,
        } => say!(
            lang,
            "checker.outcome.no-violation",
            depth_count = count(lang, depth.into(), "step"),
            protocol = protocol.name(),
            states = thousands(states),
        ),
        CheckerOutcome::StateLimit {
            protocol, depth, limit, ..
        } => say!(
            lang,
            "checker.outcome.state-limit",
            limit = thousands(limit),
            protocol = protocol.name(),
            depth_count = count(lang, depth.into(), "step"),
        ),
        CheckerOutcome::ReplayFailed { at_step } => say!(lang, "checker.outcome.replay-failed", step = at_step),
    }
}

/// The title of a history the checker found ("Found by replab-check:
/// committed-write-lost in 5 steps").
pub fn checker_found_title(lang: Lang, kind: ViolationKind, steps: usize) -> String {
    say!(lang, "checker.found-title", kind = kind.name(), steps = steps)
}

/// A checker's progress: states seen, and the length of the histories all
/// checked so far (`depth`; `cancelled`: where it was stopped).
pub fn checker_progress(lang: Lang, states: u32, depth: u32, cancelled: bool) -> String {
    let states = thousands(states);
    match (cancelled, depth) {
        (true, 0) => say!(lang, "checker.progress.cancelled-at-start"),
        (true, _) => say!(
            lang,
            "checker.progress.cancelled",
            states = states,
            steps_count = count(lang, depth.into(), "step"),
        ),
        (false, 0) => say!(lang, "checker.progress.starting", states = states),
        (false, _) => say!(
            lang,
            "checker.progress.exploring",
            states = states,
            steps_count = count(lang, depth.into(), "step"),
            next = depth + 1,
        ),
    }
}

/// Which protocol of a run over several is being searched: "kip-101 (2 of 5):".
pub fn checker_under(lang: Lang, protocol: Protocol, nth: usize, of: usize) -> String {
    say!(lang, "checker.under", protocol = protocol.name(), nth = nth, of = of)
}

/// States per second, from `states` in `millis`: "(410,000 states/s)".
pub fn checker_rate(lang: Lang, states: u32, millis: f64) -> String {
    say!(lang, "checker.rate", rate = thousands(per_second(states, millis)))
}

/// How long a search took: "Took 0.42 s, 410,000 states/s.".
pub fn checker_timing(lang: Lang, states: u32, millis: f64) -> String {
    // Hundredths of a second in whole numbers: formatting a float with a
    // precision would add the float printer to the page's wasm.
    let hundredths = (millis.max(0.0) / 10.0).round().min(f64::from(u32::MAX)) as u32;
    let seconds = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    say!(
        lang,
        "checker.timing",
        seconds = seconds,
        rate = thousands(per_second(states, millis))
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
        .config
        .settings()
        .iter()
        .map(|s| format!("{}={}", s.key(), s.value_text()))
        .collect();
    let settings = if settings.is_empty() {
        say!(lang, "checker.setup.default-settings")
    } else {
        say!(
            lang,
            "checker.setup.settings",
            settings = settings.join(text(lang, "checker.setup.settings.separator"))
        )
    };
    say!(
        lang,
        "checker.setup",
        protocol = protocol_option(lang, setup.protocol),
        brokers = setup.brokers.join(text(lang, "list.separator")),
        leader = leader,
        settings = settings,
    )
}

/// Why the checker stops at `limit` states.
pub fn checker_limit(lang: Lang, limit: u32) -> String {
    say!(lang, "checker.limit", limit = thousands(limit))
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
    }
}

/// What one side shows, as words.
fn shown_text(lang: Lang, names: &Names, s: &Shown) -> String {
    match s {
        Shown::Broker(b) => b.map_or_else(|| say!(lang, "compare.shown.no-leader"), |b| names.get(b).to_string()),
        Shown::Number(n) => n.to_string(),
        Shown::Brokers(set) => list(lang, names, *set),
        Shown::Up(true) => say!(lang, "compare.shown.up"),
        Shown::Up(false) => say!(lang, "compare.shown.down"),
        Shown::Log(records) if records.is_empty() => say!(lang, "compare.shown.log.empty"),
        // Values are data, written the same in every language: spaces between.
        Shown::Log(records) => records
            .iter()
            .map(|(v, e)| {
                e.map_or_else(
                    || v.to_string(),
                    |e| say!(lang, "compare.shown.record-with-epoch", value = v, epoch = e),
                )
            })
            .collect::<Vec<_>>()
            .join(" "),
        Shown::Values(v) if v.is_empty() => say!(lang, "compare.shown.values.none"),
        Shown::Values(v) => v.join(" "),
        Shown::Fired(true) => say!(lang, "compare.shown.fired"),
        Shown::Fired(false) => say!(lang, "compare.shown.not-fired"),
    }
}

/// Where the same history first looks different under two protocols, as a
/// heading: "First difference at step 7 (bounce A)".
pub fn first_difference(lang: Lang, step: usize, command: &str) -> String {
    say!(lang, "compare.first-difference", step = step, command = command)
}

/// One fact that differs at the same step of one history under two protocols,
/// with what each shows: "A's log: m1 under hw, m1 m2 under kip-101".
pub fn difference(lang: Lang, names: &Names, d: &Difference, a: &Cluster, b: &Cluster) -> String {
    let what = match *d {
        Difference::Leader => say!(lang, "compare.difference.what.leader"),
        Difference::LeaderEpoch => say!(lang, "compare.difference.what.leader-epoch"),
        Difference::Isr => say!(lang, "compare.difference.what.isr"),
        Difference::Elr => say!(lang, "compare.difference.what.elr"),
        Difference::Alive { broker } => say!(lang, "compare.difference.what.alive", broker = names.get(broker)),
        Difference::Log { broker } => say!(lang, "compare.difference.what.log", broker = names.get(broker)),
        Difference::Hw { broker } => say!(lang, "compare.difference.what.hw", broker = names.get(broker)),
        Difference::Acked => say!(lang, "compare.difference.what.acked"),
        Difference::Violation {
            kind: ViolationKind::CommittedWriteLost,
        } => say!(lang, "compare.difference.what.committed-write-lost"),
        Difference::Violation {
            kind: ViolationKind::ReplicasDiverged,
        } => say!(lang, "compare.difference.what.replicas-diverged"),
    };
    say!(
        lang,
        "compare.difference",
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
        None => say!(lang, "compare.no-difference", protocol_a = a, protocol_b = b),
        Some(k) => say!(
            lang,
            "compare.no-difference.until",
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
        (Some(p), _) => say!(lang, "compare.cache.keeps-none", protocol = p.name()),
        (None, None) => say!(lang, "compare.cache.same"),
        (None, Some((step, brokers))) => {
            let brokers: Vec<&str> = brokers.iter().map(|&b| names.get(b)).collect();
            say!(
                lang,
                "compare.cache.differ",
                step = step,
                brokers = brokers.join(text(lang, "list.separator"))
            )
        }
    }
}

/// A command the compared protocol refuses, shown in its column at that step:
/// "Step 8 (elect C) is refused under kip-279: …".
pub fn compare_refused(
    lang: Lang,
    names: &Names,
    p: Protocol,
    step: usize,
    command: &str,
    error: &CommandError,
) -> String {
    say!(
        lang,
        "compare.refused",
        step = step,
        command = command,
        protocol = p.name(),
        why = command_error(lang, names, error),
        previous = step - 1,
    )
}

/// The history could be replayed under `p` only up to `step`: the next command
/// (`command`, as scenario text) is refused with `error`.
pub fn comparison_stopped(
    lang: Lang,
    names: &Names,
    p: Protocol,
    step: usize,
    command: &str,
    error: &CommandError,
) -> String {
    say!(
        lang,
        "compare.stopped",
        protocol = p.name(),
        step = step,
        next = step + 1,
        command = command,
        why = command_error(lang, names, error),
    )
}

/// The cursor is past the end of the second history (it stopped, or the loaded
/// scenario has fewer steps under `p`): its last step, `len`, is shown.
pub fn comparison_ends(lang: Lang, p: Protocol, len: usize) -> String {
    say!(lang, "compare.ends", protocol = p.name(), len = len)
}

/// The comparison picker's label: "Compare hw with".
pub fn compare_with(lang: Lang, p: Protocol) -> String {
    say!(lang, "compare.with", protocol = p.name())
}

/// The second column's heading: "The same history under kip-101 (Kafka 0.11)".
pub fn compared_heading(lang: Lang, p: Protocol) -> String {
    say!(lang, "compare.compared-heading", option = protocol_option(lang, p))
}

/// The first column's heading while comparing: "This history under hw (Kafka 0.10)".
pub fn comparing_heading(lang: Lang, p: Protocol) -> String {
    say!(lang, "compare.comparing-heading", option = protocol_option(lang, p))
}

/// "under hw:" before what one protocol did at a step.
pub fn under(lang: Lang, p: Protocol) -> String {
    say!(lang, "compare.under", protocol = p.name())
}
