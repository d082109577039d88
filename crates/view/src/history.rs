//! Facts derived from the whole history for display: where safety checks fired,
//! where decisions happened (truncations, epoch bumps, followers that keep
//! following, brokers waiting for a leader, elections from the ELR, of the last
//! known leader and unclean ones, a KRaft partition going offline, a held high
//! watermark, a fetch parked at the leader, a committed write answered with an
//! error, a follower that halts, a bounce the controller notices, an election
//! not needed), what each replica has lost, how each broker last restarted, and
//! whether a caught-up replica outside the ISR holds the leader's HW.

use replab_core::event::{AckFailure, ElectionReason, Event, ViolationKind};
use replab_core::protocol::rule::Rule;
use replab_core::protocol::ControllerKind;
use replab_core::timeline::Timeline;
use replab_core::{Cluster, Record};
use replab_narrate::Label;

/// Steps (1-based) at which a safety check fired, with its kind.
pub fn violation_marks(t: &Timeline) -> Vec<(usize, ViolationKind)> {
    violation_marks_in(t, 1..=t.len())
}

/// Violation marks of the steps in `steps` (see `violation_marks`).
pub fn violation_marks_in(t: &Timeline, steps: std::ops::RangeInclusive<usize>) -> Vec<(usize, ViolationKind)> {
    steps
        .flat_map(|k| {
            t.events_of(k).iter().filter_map(move |e| match e {
                Event::ViolationFound { violation } => Some((k, violation.kind())),
                _ => None,
            })
        })
        .collect()
}

/// What a decision the panel explains is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DecisionKind {
    /// KRaft: the leader stopped and no eligible replica is up; going offline is
    /// a new leader epoch too. Its broker is the leader it lost.
    Offline,
    /// KRaft: the ISR was empty and the first unfenced ELR member was elected.
    ElectedFromElr,
    /// KRaft: ISR and ELR were empty and the last known leader was elected.
    LastKnownLeader,
    /// A broker outside the ISR was made leader (unclean.leader.election.enable,
    /// or `elect ... unclean`).
    UncleanElection,
    /// The ZooKeeper controller bumped the leader epoch when followers crashed,
    /// or the KRaft controller of 3.3–3.5 at an ISR shrink; the leader stays
    /// leader (it covers the followers that keep following).
    EpochBump,
    /// A broker that had waited for a leader starts following one.
    LeaderFound,
    /// A broker restarted while the partition had no leader, and waits.
    WaitForLeader,
    /// A follower keeps following the same leader into a new epoch (before KAFKA-7164).
    KeptFollowing,
    /// A truncation decision.
    Truncation,
    /// KRaft (strict min ISR, 3.7+): the leader's HW would move but holds while
    /// the ISR is below min.insync.replicas.
    HwHeld,
    /// A replica outside the ISR that caught up recently holds the leader's HW
    /// (KAFKA-4485); a decision at the step the hold begins or changes.
    HwHeldByReplica,
    /// acks=all writes committed while the ISR was below min.insync.replicas:
    /// answered NOT_ENOUGH_REPLICAS_AFTER_APPEND (one decision per step; its
    /// broker is the leader).
    AfterAppend,
    /// A Fetch that found no records waits at the leader past the step.
    FetchParked,
    /// Kafka 0.10/0.11: a follower whose fetch offset was past the leader's log
    /// end halts (FatalExitError).
    Halted,
    /// The controller saw a bounce (KIP-380; KRaft): a crash, then a restart.
    BounceNoticed,
    /// `elect` of the current leader: nothing happens.
    ElectionNotNeeded,
    /// A consumer's validation found the log it read truncated (KIP-320). Its
    /// broker is the leader asked; the panel names the consumer.
    TruncationDetected,
    /// A consumer's position was reset (auto.offset.reset).
    ConsumerReset,
    /// A consumer's poll raised an error to the application.
    ConsumerFailed,
}

impl DecisionKind {
    /// What a kind of decision is, in one table: where it comes among a step's
    /// decisions (elections and going offline first, in the order they
    /// happened, then the rest by kind), its heading in the panel, its
    /// `data-kind` in the page, and the release table's rule it follows
    /// (whose releases the panel names).
    fn facts(self) -> (u8, Label, &'static str, Option<Rule>) {
        match self {
            DecisionKind::Offline => (0, Label::DecisionOffline, "offline", None),
            DecisionKind::ElectedFromElr => (
                0,
                Label::DecisionElrElection,
                "elected-from-elr",
                Some(Rule::EligibleLeaderReplicas),
            ),
            DecisionKind::LastKnownLeader => (
                0,
                Label::DecisionLastKnownLeader,
                "last-known-leader",
                Some(Rule::EligibleLeaderReplicas),
            ),
            DecisionKind::UncleanElection => (0, Label::DecisionUnclean, "unclean-election", None),
            DecisionKind::Halted => (0, Label::DecisionHalted, "halted", Some(Rule::HaltsPastLeaderEnd)),
            DecisionKind::BounceNoticed => (
                0,
                Label::DecisionBounceNoticed,
                "bounce-noticed",
                Some(Rule::BrokerEpochs),
            ),
            DecisionKind::ElectionNotNeeded => (
                0,
                Label::DecisionElectionNotNeeded,
                "election-not-needed",
                Some(Rule::ReelectsCurrentLeader),
            ),
            DecisionKind::EpochBump => (1, Label::DecisionEpochBump, "epoch-bump", Some(Rule::ShrinkBumpsEpoch)),
            DecisionKind::LeaderFound => (2, Label::DecisionLeaderFound, "leader-found", None),
            DecisionKind::WaitForLeader => (3, Label::DecisionWaiting, "wait-for-leader", None),
            DecisionKind::KeptFollowing => (4, Label::DecisionSameLeader, "kept-following", Some(Rule::Truncation)),
            DecisionKind::Truncation => (5, Label::Decision, "truncation", Some(Rule::Truncation)),
            DecisionKind::HwHeld => (6, Label::DecisionHwHeld, "hw-held", Some(Rule::StrictMinIsr)),
            DecisionKind::HwHeldByReplica => (
                6,
                Label::DecisionHwHeldByReplica,
                "hw-held-by-replica",
                Some(Rule::HwOnlyEligible),
            ),
            DecisionKind::AfterAppend => (
                7,
                Label::DecisionAfterAppend,
                "not-enough-replicas-after-append",
                Some(Rule::StrictMinIsr),
            ),
            DecisionKind::FetchParked => (8, Label::DecisionFetchParked, "fetch-parked", None),
            DecisionKind::TruncationDetected => (
                9,
                Label::DecisionTruncationDetected,
                "truncation-detected",
                Some(Rule::ConsumerValidates),
            ),
            DecisionKind::ConsumerReset => (9, Label::DecisionConsumerReset, "consumer-reset", None),
            DecisionKind::ConsumerFailed => (9, Label::DecisionConsumerFailed, "consumer-failed", None),
        }
    }

    fn rank(self) -> u8 {
        self.facts().0
    }

    /// Its heading in the decision panel ("Truncation decision").
    pub fn heading(self) -> Label {
        self.facts().1
    }

    /// Its `data-kind` in the page.
    pub fn name(self) -> &'static str {
        self.facts().2
    }

    /// The rule of the release table it follows, if one decides it.
    pub fn rule(self) -> Option<Rule> {
        self.facts().3
    }
}

/// One decision of a step: its kind, the index of its event in the step's events,
/// the broker it is about, and for `LeaderFound` the step since which it waited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub kind: DecisionKind,
    pub event: usize,
    pub broker: usize,
    pub since: usize,
}

/// The decisions of step `k` (1-based): elections worth explaining (from the ELR,
/// of the last known leader, unclean, not needed), a KRaft partition going
/// offline, a follower that halts and a bounce noticed, in event order; then
/// the epoch bump, brokers that found or wait for a leader, followers that keep
/// following, truncations, a held high watermark, writes committed but answered
/// NOT_ENOUGH_REPLICAS_AFTER_APPEND and fetches left waiting at the leader, in
/// event order within a kind.
pub fn decisions_of(t: &Timeline, k: usize) -> Vec<Decision> {
    let events = t.events_of(k);
    // A parked fetch answered or lost in the same step (`fetch`) is no decision.
    let waits_on = |i: usize, f: usize| {
        !events[i..].iter().any(|e| {
            matches!(*e, Event::RequestAnswered { follower, .. } | Event::ParkedFetchLost { follower, .. } if follower == f)
        })
    };
    let bump = events.iter().any(|e| {
        matches!(
            e,
            Event::LeaderElected {
                reason: ElectionReason::FollowersCrashed | ElectionReason::IsrShrinkBump,
                ..
            }
        )
    });
    let elected = events.iter().any(|e| matches!(e, Event::LeaderElected { .. }));
    let detected_by = |name: replab_core::Value| {
        events
            .iter()
            .any(|e| matches!(*e, Event::TruncationDetected { consumer, .. } if consumer == name))
    };
    let mut out: Vec<Decision> = events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let (kind, broker, since) = match *e {
                Event::LeaderElected {
                    leader,
                    reason: ElectionReason::FollowersCrashed | ElectionReason::IsrShrinkBump,
                    ..
                } => (DecisionKind::EpochBump, leader, 0),
                Event::LeaderElected {
                    leader,
                    reason: ElectionReason::FromElr { .. },
                    ..
                } => (DecisionKind::ElectedFromElr, leader, 0),
                Event::LeaderElected {
                    leader,
                    reason: ElectionReason::LastKnownLeader,
                    ..
                } => (DecisionKind::LastKnownLeader, leader, 0),
                Event::LeaderElected {
                    leader,
                    reason:
                        ElectionReason::UncleanAfterFailure
                        | ElectionReason::CameBack { unclean: true }
                        | ElectionReason::Requested { unclean: true },
                    ..
                } => (DecisionKind::UncleanElection, leader, 0),
                // Under ZooKeeper going offline changes no epoch and is told by
                // the banner; under KRaft it is a leader change.
                Event::PartitionOffline {
                    new_epoch: true,
                    previous: Some(previous),
                    ..
                } => (DecisionKind::Offline, previous, 0),
                Event::HighWatermarkHeld { broker, .. } => (DecisionKind::HwHeld, broker, 0),
                Event::HighWatermarkHeldByReplica { broker, .. } => (DecisionKind::HwHeldByReplica, broker, 0),
                Event::AckFailed {
                    reason: AckFailure::NotEnoughReplicasAfterAppend { leader, .. },
                    ..
                } => (DecisionKind::AfterAppend, leader, 0),
                Event::FetchParked { follower, .. } if waits_on(i, follower) => {
                    (DecisionKind::FetchParked, follower, 0)
                }
                Event::Halted { broker, .. } => (DecisionKind::Halted, broker, 0),
                Event::BounceNoticed { broker } => (DecisionKind::BounceNoticed, broker, 0),
                Event::ElectionNotNeeded { broker, .. } => (DecisionKind::ElectionNotNeeded, broker, 0),
                // At an epoch bump the bump explains what each follower does.
                Event::KeptFollowing { broker, .. } if !bump => (DecisionKind::KeptFollowing, broker, 0),
                Event::BecameFollower {
                    broker, leader: None, ..
                } => (DecisionKind::WaitForLeader, broker, 0),
                // Only an election ends a wait.
                Event::BecameFollower {
                    broker,
                    leader: Some(_),
                    ..
                } if elected => (DecisionKind::LeaderFound, broker, t.waiting_since(k, broker)?),
                Event::Truncation { broker, .. } => (DecisionKind::Truncation, broker, 0),
                Event::TruncationDetected { leader, .. } => (DecisionKind::TruncationDetected, leader, 0),
                Event::ConsumerReset { leader, .. } => (DecisionKind::ConsumerReset, leader, 0),
                // A truncation detected with auto.offset.reset=none says what it raised.
                Event::ConsumerFailed { consumer, .. } if !detected_by(consumer) => {
                    (DecisionKind::ConsumerFailed, 0, 0)
                }
                _ => return None,
            };
            Some(Decision {
                kind,
                event: i,
                broker,
                since,
            })
        })
        .collect();
    out.sort_by_key(|d| d.kind.rank());
    // The leader may hold its HW more than once in a step, and commit several
    // writes answered with an error: each explained once.
    out.dedup_by(|a, b| {
        matches!(
            a.kind,
            DecisionKind::HwHeld | DecisionKind::HwHeldByReplica | DecisionKind::AfterAppend
        ) && a.kind == b.kind
            && a.broker == b.broker
    });
    out
}

/// Steps at or before `cursor` with a decision, latest first.
pub fn decision_steps(t: &Timeline, cursor: usize) -> impl Iterator<Item = usize> + '_ {
    (1..=cursor.min(t.len()))
        .rev()
        .filter(|&k| !decisions_of(t, k).is_empty())
}

/// Steps in `steps` with a decision, in order.
pub fn decision_steps_in(t: &Timeline, steps: std::ops::RangeInclusive<usize>) -> impl Iterator<Item = usize> + '_ {
    steps.filter(|&k| k <= t.len() && !decisions_of(t, k).is_empty())
}

/// Where in step `k` broker `b` lost records (truncated, or never flushed): the
/// offset its log now ends at.
fn lost_from(t: &Timeline, k: usize, b: usize) -> Option<u64> {
    t.events_of(k).iter().find_map(|e| match *e {
        Event::Truncation { broker, from, to, .. } if broker == b && to < from => Some(to),
        Event::Crashed {
            broker,
            lost_from: Some(end),
            ..
        } if broker == b => Some(end),
        _ => None,
    })
}

/// For each broker, the latest step at or before `cursor` in which it lost
/// records (0: none). A cheap scan of the events.
pub fn loss_steps(t: &Timeline, cursor: usize, brokers: usize) -> Vec<usize> {
    latest_losses(&losses_in(t, 1..=cursor.min(t.len())), cursor, brokers)
}

/// The (step, broker) pairs in which a broker lost records, for the steps in
/// `steps`, in order: what `loss_steps` finds, kept by callers that grow it.
pub fn losses_in(t: &Timeline, steps: std::ops::RangeInclusive<usize>) -> Vec<(usize, usize)> {
    let brokers = t.setup().brokers.len();
    steps
        .flat_map(|k| {
            (0..brokers)
                .filter(move |&b| lost_from(t, k, b).is_some())
                .map(move |b| (k, b))
        })
        .collect()
}

/// For each broker, the latest step in `losses` (see `losses_in`) at or before
/// `cursor` (0: none).
pub fn latest_losses(losses: &[(usize, usize)], cursor: usize, brokers: usize) -> Vec<usize> {
    let mut out = vec![0; brokers];
    for &(k, b) in losses[..losses.partition_point(|&(k, _)| k <= cursor)].iter().rev() {
        if let Some(s) = out.get_mut(b).filter(|s| **s == 0) {
            *s = k;
        }
    }
    out
}

/// The records each broker lost at its loss step (see `loss_steps`), read from
/// the state before that step. One replay per distinct step, so callers cache the
/// result by the steps, not by the cursor.
pub fn lost_records(t: &Timeline, steps: &[usize]) -> Vec<(usize, Vec<Record>)> {
    let mut before: Vec<(usize, replab_core::Cluster)> = Vec::new();
    steps
        .iter()
        .enumerate()
        .map(|(b, &k)| {
            let Some(from) = (k > 0).then(|| lost_from(t, k, b)).flatten() else {
                return (0, Vec::new());
            };
            if !before.iter().any(|(s, _)| *s == k) {
                before.push((k, t.state_at(k - 1)));
            }
            let records = before
                .iter()
                .find(|(s, _)| *s == k)
                .and_then(|(_, c)| c.broker(b))
                .map(|x| x.durable.log.read(from, None).to_vec())
                .unwrap_or_default();
            (k, records)
        })
        .collect()
}

/// KRaft: for each broker, whether its latest restart at or before `cursor` was
/// clean (after `shutdown`); None if it has not restarted, and for every broker
/// under ZooKeeper, where nothing reads the mark. A scan back that stops once
/// each restarted broker (broker epoch above 0) is found.
pub fn last_restarts(t: &Timeline, cursor: usize, view: &Cluster) -> Vec<Option<bool>> {
    let mut out = vec![None; view.brokers().len()];
    if view.controller() != ControllerKind::KRaft {
        return out;
    }
    let mut pending = view.brokers().iter().filter(|b| b.broker_epoch > 0).count();
    for k in (1..=cursor.min(t.len())).rev() {
        if pending == 0 {
            break;
        }
        for e in t.events_of(k).iter().rev() {
            if let Event::Restarted { broker, clean, .. } = *e {
                if out.get(broker) == Some(&None) {
                    out[broker] = Some(clean);
                    pending = pending.saturating_sub(1);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario;

    /// Grown a step at a time, the facts are those of one scan.
    #[test]
    fn facts_grown_step_by_step_are_those_of_one_scan() {
        for text in [
            include_str!("../../../web/scenarios/data-loss.scn"),
            include_str!("../../../web/scenarios/divergence.scn"),
            include_str!("../../../web/scenarios/unclean-election.scn"),
        ] {
            let script = scenario::parse(text).expect("parses");
            let t = scenario::load(&script, None).expect("loads").timeline;
            let grown: Vec<(usize, usize)> = (1..=t.len()).flat_map(|k| losses_in(&t, k..=k)).collect();
            assert_eq!(grown, losses_in(&t, 1..=t.len()));
            assert!(!grown.is_empty());
            let brokers = t.setup().brokers.len();
            for cursor in 0..=t.len() {
                assert_eq!(latest_losses(&grown, cursor, brokers), loss_steps(&t, cursor, brokers));
                let steps: Vec<usize> = decision_steps_in(&t, 1..=cursor).collect();
                let mut latest: Vec<usize> = decision_steps(&t, cursor).collect();
                latest.reverse();
                assert_eq!(steps, latest);
            }
            let marks: Vec<_> = (1..=t.len()).flat_map(|k| violation_marks_in(&t, k..=k)).collect();
            assert_eq!(marks, violation_marks(&t));
        }
    }
}
