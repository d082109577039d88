//! The controller's decisions: the epoch bump for crashed followers, an
//! election from the ELR, of the last known leader or unclean, a KRaft
//! partition going offline, an election not needed.

use super::{Rows, Step};
use replab_core::event::{ElectionReason, Event, FollowerNext, ShrinkReason};
use replab_core::BrokerSet;
use replab_narrate::catalogue::msg;
use replab_narrate::{Explain, Label};

/// What follower `f` decided at this step, as its handler told it: it kept
/// following, or started following with its first move.
fn next_move(events: &[Event], f: usize) -> Option<FollowerNext> {
    events.iter().find_map(|e| match *e {
        Event::KeptFollowing { broker, .. } if broker == f => Some(FollowerNext::KeepFollowing),
        Event::BecameFollower {
            broker,
            leader: Some(_),
            next,
        } if broker == f => Some(next),
        _ => None,
    })
}

/// The ZooKeeper controller's new epoch for the same leader when followers
/// crash, and what each follower does about it.
pub(super) fn epoch_bump(s: &Step) -> Option<Rows> {
    let &Event::LeaderElected {
        leader,
        epoch,
        isr,
        record,
        reason,
    } = s.event()?
    else {
        return None;
    };
    let shrink = reason == ElectionReason::IsrShrinkBump;
    // The brokers that left the ISR in the step: crashed ones under ZooKeeper,
    // any under KRaft 3.3–3.5 (fenced, shut down, lagging).
    let mut left = BrokerSet::default();
    for e in s.events {
        if let Event::IsrShrunk { broker, reason, .. } = *e {
            if shrink || reason == ShrinkReason::Crashed {
                left.insert(broker);
            }
        }
    }
    let followers: Vec<String> = (0..s.n.0.len())
        .filter(|&f| f != leader)
        .filter_map(|f| {
            next_move(s.events, f).map(|next| {
                s.say(Explain::BumpFollower {
                    follower: f,
                    leader,
                    next,
                })
            })
        })
        .collect();
    let followers = if followers.is_empty() {
        s.say(Explain::NoFollowerRunning)
    } else {
        followers.join(&msg::words_semicolon(s.lang))
    };
    Some(vec![
        (
            Label::Cause,
            s.say(if shrink {
                Explain::ShrinkBumpCause { left, isr }
            } else {
                Explain::BumpCause { crashed: left, isr }
            }),
        ),
        (
            Label::Rule,
            s.say(if shrink {
                Explain::ShrinkBumpRule { leader, epoch }
            } else {
                Explain::BumpRule { leader, epoch }
            }),
        ),
        (Label::Result, s.say(Explain::BumpLeader { leader, epoch, record })),
        (Label::Followers, followers),
    ])
}

/// KRaft (KIP-966): a leader elected from the ELR.
pub(super) fn from_elr(s: &Step) -> Option<Rows> {
    let &Event::LeaderElected {
        leader,
        epoch,
        isr,
        reason: ElectionReason::FromElr { elr: elr_at },
        ..
    } = s.event()?
    else {
        return None;
    };
    // The leader leaves the ELR by the change that elects it.
    let elr_after = elr_at.minus(BrokerSet::only(leader));
    Some(vec![
        (Label::Cause, s.say(Explain::ElrElectionCause { leader, elr: elr_at })),
        (Label::Rule, s.say(Explain::ElrElectionRule)),
        (
            Label::Result,
            s.say(Explain::ElrElectionResult {
                leader,
                epoch,
                isr,
                elr: elr_after,
            }),
        ),
    ])
}

/// KRaft: the last known leader elected when ISR and ELR are empty.
pub(super) fn last_known_leader(s: &Step) -> Option<Rows> {
    let &Event::LeaderElected { leader, epoch, .. } = s.event()? else {
        return None;
    };
    Some(vec![
        (Label::Cause, s.say(Explain::LastKnownLeaderCause { leader })),
        (Label::Rule, s.say(Explain::LastKnownLeaderRule)),
        (Label::Result, s.say(Explain::LastKnownLeaderResult { leader, epoch })),
    ])
}

/// A leader from outside the ISR, and the committed records it lacks.
pub(super) fn unclean(s: &Step) -> Option<Rows> {
    let Event::LeaderElected {
        leader, epoch, reason, ..
    } = s.event()?
    else {
        return None;
    };
    let (leader, epoch) = (*leader, *epoch);
    // The KRaft texts speak of the ELR: only where there is one (4.1+).
    let kraft = s.before.has_elr();
    let requested = matches!(reason, ElectionReason::Requested { .. });
    // Every record committed so far that the new leader's log lacks.
    let lost = s.before.committed_lacked_by(leader);
    let values: Vec<replab_core::Value> = lost.iter().map(|r| r.value).collect();
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::UncleanCause {
                leader,
                previous: s.before.leader(),
                reason,
                kraft,
            }),
        ),
        (Label::Rule, s.say(Explain::UncleanRule { requested, kraft })),
        (
            Label::Result,
            s.say(Explain::UncleanResult {
                leader,
                epoch,
                lost: &values,
                from: lost.first().map(|r| r.offset),
            }),
        ),
    ])
}

/// KRaft: no broker may lead; the partition is offline, in a new epoch.
pub(super) fn offline(s: &Step) -> Option<Rows> {
    let &Event::PartitionOffline {
        epoch,
        previous: Some(previous),
        ..
    } = s.event()?
    else {
        return None;
    };
    let after = s.after?;
    let shut_down = s
        .events
        .iter()
        .any(|e| matches!(*e, Event::ShutDown { broker } if broker == previous));
    let mut rows = vec![(Label::Cause, s.say(Explain::OfflineCause { previous, shut_down }))];
    rows.push((Label::Rule, s.say(Explain::OfflineRule)));
    rows.push((
        Label::Result,
        s.say(Explain::OfflineResult {
            epoch,
            isr: after.isr(),
            elr: after.elr(),
            last_known_leader: after.last_known_leader(),
        }),
    ));
    // Which restart would bring a leader back now: the core says.
    let (able, unable) = after.restarts_electing();
    rows.push((
        Label::Then,
        s.say(Explain::OfflineNext {
            able,
            unable,
            has_elr: after.has_elr(),
            unclean: after.config().unclean_leader_election,
        }),
    ));
    Some(rows)
}

/// `elect` of the broker already leading.
pub(super) fn not_needed(s: &Step) -> Option<Rows> {
    let &Event::ElectionNotNeeded { broker, epoch } = s.event()? else {
        return None;
    };
    Some(vec![
        (Label::Cause, s.say(Explain::NotNeededCause { broker, epoch })),
        (Label::Rule, s.say(Explain::NotNeededRule)),
        (Label::Result, s.say(Explain::NotNeededResult { broker, epoch })),
    ])
}
