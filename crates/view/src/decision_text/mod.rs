//! The decisions of a step in words, shared by the decision panel and the SVG
//! export. Each kind of decision has one formatter, by family:
//!
//! - `followers`: a truncation (the question, the answer, the rule and the
//!   result; one after which the follower will ask the same question again says
//!   so, KAFKA-10706), a follower that keeps following the same leader into a
//!   new epoch, a broker that finds a leader after waiting, a fetch left waiting
//!   at the leader;
//! - `elections`: the controller's epoch bump on a follower crash, the
//!   elections worth explaining (from the ELR, of the last known leader,
//!   unclean), a KRaft partition going offline (a new leader epoch too) and an
//!   election not needed;
//! - `hw`: a high watermark held by strict min ISR or by a caught-up replica
//!   outside the ISR, writes committed but answered
//!   NOT_ENOUGH_REPLICAS_AFTER_APPEND;
//! - `brokers`: a broker that restarted without a leader and waits, a follower
//!   that halts, a bounce the controller notices.
//!
//! A formatter reads the facts the core's event carries (and the state before
//! or after the step); it decides nothing.

mod brokers;
mod consumers;
mod elections;
mod followers;
mod hw;
#[cfg(test)]
mod tests;

use crate::history::{self, Decision, DecisionKind};
use replab_core::event::{ElectionReason, Event};
use replab_core::timeline::Timeline;
use replab_core::{Cluster, Record};
use replab_narrate::{self as narrate, label, Explain, Label, Lang, Names};

/// A truncation as a picture: the follower's log before the decision, its HW
/// then, and where the leader's answer put the end of the epoch.
pub struct Cut {
    pub from: u64,
    pub to: u64,
    pub log: Vec<Record>,
    pub hw: u64,
    pub leader_end: Option<u64>,
}

pub struct Described {
    pub kind: DecisionKind,
    /// The broker the decision is about (the leader, for an epoch bump).
    pub broker: String,
    /// Labelled rows: question, answer, rule and result for a truncation; cause,
    /// rule and result (and followers, or what comes next) for the others.
    pub rows: Vec<(Label, String)>,
    /// For a truncation, its picture.
    pub cut: Option<Cut>,
}

impl Described {
    /// "Truncation decision · B"; "Partition offline" alone (its broker is the
    /// leader that stopped, named in its cause).
    pub fn heading(&self, lang: Lang) -> String {
        if self.kind == DecisionKind::Offline || self.broker.is_empty() {
            label(lang, self.kind.heading()).to_string()
        } else {
            format!("{} · {}", label(lang, self.kind.heading()), self.broker)
        }
    }
}

type Rows = Vec<(Label, String)>;

/// What a formatter reads: one decision of a step, with the step's events and
/// the states around it.
struct Step<'a> {
    lang: Lang,
    n: &'a Names<'a>,
    events: &'a [Event],
    before: &'a Cluster,
    /// The state after the step, for the kinds that tell where it left things
    /// (`needs_after`).
    after: Option<&'a Cluster>,
    d: &'a Decision,
}

impl<'a> Step<'a> {
    fn say(&self, e: Explain) -> String {
        narrate::explain(self.lang, self.n, &e)
    }

    /// The decision's event.
    fn event(&self) -> Option<&'a Event> {
        self.events.get(self.d.event)
    }

    /// The step's election, if any: leader, epoch and reason.
    fn elected(&self) -> Option<(usize, u32, &'a ElectionReason)> {
        self.events.iter().find_map(|e| match e {
            Event::LeaderElected {
                leader, epoch, reason, ..
            } => Some((*leader, *epoch, reason)),
            _ => None,
        })
    }
}

/// Each kind's formatter: its rows, and a truncation's picture.
fn rows(kind: DecisionKind, s: &Step) -> Option<(Rows, Option<Cut>)> {
    let rows = match kind {
        DecisionKind::Truncation => return followers::truncation(s).map(|(rows, cut)| (rows, Some(cut))),
        DecisionKind::KeptFollowing => followers::kept_following(s),
        DecisionKind::LeaderFound => followers::leader_found(s),
        DecisionKind::FetchParked => followers::fetch_parked(s),
        DecisionKind::EpochBump => elections::epoch_bump(s),
        DecisionKind::ElectedFromElr => elections::from_elr(s),
        DecisionKind::LastKnownLeader => elections::last_known_leader(s),
        DecisionKind::UncleanElection => elections::unclean(s),
        DecisionKind::Offline => elections::offline(s),
        DecisionKind::ElectionNotNeeded => elections::not_needed(s),
        DecisionKind::HwHeld => hw::held(s),
        DecisionKind::HwHeldByReplica => hw::held_by_replica(s),
        DecisionKind::AfterAppend => hw::after_append(s),
        DecisionKind::WaitForLeader => brokers::wait_for_leader(s),
        DecisionKind::Halted => brokers::halted(s),
        DecisionKind::BounceNoticed => brokers::bounce_noticed(s),
        DecisionKind::TruncationDetected => consumers::truncation_detected(s),
        DecisionKind::ConsumerReset => consumers::reset(s),
        DecisionKind::ConsumerFailed => consumers::failed(s),
    };
    Some((rows?, None))
}

/// The consumer a consumer's event is about.
fn consumer_of(e: Option<&Event>) -> Option<String> {
    match e? {
        Event::TruncationDetected { consumer, .. }
        | Event::ConsumerReset { consumer, .. }
        | Event::ConsumerFailed { consumer, .. } => Some(consumer.to_string()),
        _ => None,
    }
}

/// The kinds whose words tell the state the step left.
fn needs_after(kind: DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::Offline | DecisionKind::HwHeld | DecisionKind::AfterAppend
    )
}

/// Every decision of step `step` (1-based), in words.
pub fn describe(lang: Lang, t: &Timeline, step: usize) -> Vec<Described> {
    let decisions = history::decisions_of(t, step);
    if decisions.is_empty() {
        return Vec::new();
    }
    let events = t.events_of(step);
    let before = t.state_at(step.saturating_sub(1));
    let after = decisions.iter().any(|d| needs_after(d.kind)).then(|| t.state_at(step));
    let names: Vec<String> = before.brokers().iter().map(|b| b.id.clone()).collect();
    let n = Names(&names);
    decisions
        .iter()
        .filter_map(|d| {
            let s = Step {
                lang,
                n: &n,
                events,
                before: &before,
                after: after.as_ref(),
                d,
            };
            let (mut rows, cut) = rows(d.kind, &s)?;
            // The releases whose rule decided, where they are not all of its controller's.
            if let Some(span) = d.kind.rule().and_then(|r| t.setup().protocol.span_of(r)) {
                rows.push((Label::RuleReleases, narrate::rule_span(lang, &span)));
            }
            Some(Described {
                kind: d.kind,
                // A consumer's decision is about the consumer, not a broker.
                broker: consumer_of(events.get(d.event)).unwrap_or_else(|| n.get(d.broker).to_string()),
                rows,
                cut,
            })
        })
        .collect()
}

/// One line per decision of step `step`, for the list of earlier decisions: the
/// event's own sentence, or for a broker that found a leader, what it does now.
pub fn summaries(lang: Lang, t: &Timeline, step: usize) -> Vec<String> {
    let events = t.events_of(step);
    let names = Names(&t.setup().brokers);
    history::decisions_of(t, step)
        .iter()
        .filter_map(|d| match (d.kind, events.get(d.event)?) {
            (
                DecisionKind::LeaderFound,
                Event::BecameFollower {
                    broker,
                    leader: Some(leader),
                    next,
                },
            ) => Some(narrate::explain(
                lang,
                &names,
                &Explain::LeaderFoundResult {
                    follower: *broker,
                    leader: *leader,
                    next: *next,
                },
            )),
            (_, _) => Some(narrate::event_in_step(lang, &names, events, d.event)),
        })
        .collect()
}
