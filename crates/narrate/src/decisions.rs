//! The decision panel's rows (`Explain`) in words. Texts in `messages/decisions.msg`.

use crate::catalogue::{id, Id};
use crate::words::{count, election_reason, list, request, Unit};
use crate::{catalogue, say, thousands, Explain, Lang, Names};
use replab_core::event::{ElectionReason, EpochRecord, FollowerNext};
use replab_core::message::Request;
use replab_core::{BrokerSet, Value};

/// What a follower does, without its subject ("must first validate its log ...").
fn reaction(lang: Lang, names: &Names, leader: usize, r: FollowerNext) -> String {
    let l = names.get(leader);
    match r {
        FollowerNext::KeepFollowing => say!(lang, id::DECISION_REACTION_KEEP_FOLLOWING, leader = l),
        FollowerNext::Validate => say!(lang, id::DECISION_REACTION_VALIDATE),
        FollowerNext::FetchChecked => say!(lang, id::DECISION_REACTION_FETCH_CHECKED, leader = l),
        FollowerNext::TruncateToHw { hw, from } if hw < from => {
            say!(lang, id::DECISION_REACTION_TRUNCATE_TO_HW, hw = hw)
        }
        FollowerNext::TruncateToHw { hw, .. } => say!(lang, id::DECISION_REACTION_KEEP_LOG_AT_HW, hw = hw),
        FollowerNext::Fetch => say!(lang, id::DECISION_REACTION_FETCH),
    }
}

/// The same, as what it will do once a leader is elected.
fn future_reaction(lang: Lang, r: FollowerNext) -> String {
    match r {
        FollowerNext::Validate => say!(lang, id::DECISION_FUTURE_REACTION_VALIDATE),
        FollowerNext::FetchChecked => say!(lang, id::DECISION_FUTURE_REACTION_FETCH_CHECKED),
        FollowerNext::TruncateToHw { hw, .. } => say!(lang, id::DECISION_FUTURE_REACTION_TRUNCATE_TO_HW, hw = hw),
        FollowerNext::KeepFollowing | FollowerNext::Fetch => say!(lang, id::DECISION_FUTURE_REACTION_FETCH),
    }
}

/// Record values as a list ("m1, m2").
fn values(lang: Lang, values: &[Value]) -> String {
    values.join(catalogue::text(lang, id::LIST_SEPARATOR))
}

/// The brokers of `set`, any one of them: "A, B or C".
fn any_of(lang: Lang, names: &Names, set: BrokerSet) -> String {
    let v: Vec<&str> = set.iter().map(|b| names.get(b)).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => say!(
            lang,
            id::DECISION_OFFLINE_NEXT_OR,
            rest = rest.join(catalogue::text(lang, id::DECISION_OFFLINE_NEXT_OR_SEPARATOR)),
            last = last
        ),
        _ => v.concat(),
    }
}

/// A row of a decision in words.
pub fn explain(lang: Lang, names: &Names, e: &Explain) -> String {
    let n = |b: usize| names.get(b);
    match *e {
        Explain::BumpCause { crashed, isr } => say!(
            lang,
            if crashed.len() == 1 {
                id::DECISION_BUMP_CAUSE_ONE
            } else {
                id::DECISION_BUMP_CAUSE_MANY
            },
            crashed = list(lang, names, crashed),
            isr = list(lang, names, isr)
        ),
        Explain::BumpRule { leader, epoch } => say!(lang, id::DECISION_BUMP_RULE, leader = n(leader), epoch = epoch),
        Explain::BumpLeader { leader, epoch, record } => match record {
            EpochRecord::AtOnce { offset } => say!(
                lang,
                id::DECISION_BUMP_LEADER_AT_ONCE,
                leader = n(leader),
                epoch = epoch,
                offset = offset
            ),
            EpochRecord::WithNextWrite => {
                say!(
                    lang,
                    id::DECISION_BUMP_LEADER_WITH_NEXT_WRITE,
                    leader = n(leader),
                    epoch = epoch
                )
            }
            EpochRecord::NoCache => say!(
                lang,
                id::DECISION_BUMP_LEADER_NO_CACHE,
                leader = n(leader),
                epoch = epoch
            ),
        },
        Explain::BumpFollower {
            follower,
            leader,
            next: FollowerNext::KeepFollowing,
        } => say!(
            lang,
            id::DECISION_BUMP_FOLLOWER_KEPT,
            follower = n(follower),
            leader = n(leader)
        ),
        Explain::BumpFollower { follower, leader, next } => say!(
            lang,
            id::DECISION_BUMP_FOLLOWER_CHANGED,
            follower = n(follower),
            reaction = reaction(lang, names, leader, next)
        ),
        Explain::NoFollowerRunning => say!(lang, id::DECISION_BUMP_NO_FOLLOWER_RUNNING),
        Explain::SameLeaderCause { leader, epoch, reason } => match reason {
            ElectionReason::FollowersCrashed => say!(
                lang,
                id::DECISION_SAME_LEADER_CAUSE_FOLLOWERS_CRASHED,
                leader = n(leader),
                epoch = epoch
            ),
            r => say!(
                lang,
                id::DECISION_SAME_LEADER_CAUSE,
                leader = n(leader),
                epoch = epoch,
                reason = election_reason(lang, names, leader, r)
            ),
        },
        Explain::SameLeaderRule => say!(lang, id::DECISION_SAME_LEADER_RULE),
        Explain::KeptFollowingResult { follower, leader } => say!(
            lang,
            id::DECISION_KEPT_FOLLOWING_RESULT,
            follower = n(follower),
            leader = n(leader)
        ),
        Explain::WaitingCause { broker, leo, hw } => {
            say!(lang, id::DECISION_WAITING_CAUSE, broker = n(broker), leo = leo, hw = hw)
        }
        Explain::WaitingRule => say!(lang, id::DECISION_WAITING_RULE),
        Explain::WaitingResult { broker } => say!(lang, id::DECISION_WAITING_RESULT, broker = n(broker)),
        Explain::WaitingNext { broker, next } => say!(
            lang,
            id::DECISION_WAITING_NEXT,
            broker = n(broker),
            action = future_reaction(lang, next)
        ),
        Explain::LeaderFoundCause { leader, epoch, reason } => say!(
            lang,
            id::DECISION_LEADER_FOUND_CAUSE,
            leader = n(leader),
            epoch = epoch,
            reason = election_reason(lang, names, leader, reason)
        ),
        Explain::LeaderFoundRule { broker, since } => {
            say!(lang, id::DECISION_LEADER_FOUND_RULE, broker = n(broker), since = since)
        }
        Explain::LeaderFoundResult { follower, leader, next } => say!(
            lang,
            id::DECISION_LEADER_FOUND_RESULT,
            follower = n(follower),
            leader = n(leader),
            reaction = reaction(lang, names, leader, next)
        ),
        Explain::ElrElectionCause { leader, elr } if elr.len() <= 1 => {
            say!(lang, id::DECISION_ELR_ELECTION_CAUSE_ONE, leader = n(leader))
        }
        Explain::ElrElectionCause { leader, elr } => say!(
            lang,
            id::DECISION_ELR_ELECTION_CAUSE_MANY,
            elr = list(lang, names, elr),
            leader = n(leader)
        ),
        Explain::ElrElectionRule => say!(lang, id::DECISION_ELR_ELECTION_RULE),
        Explain::ElrElectionResult {
            leader,
            epoch,
            isr,
            elr,
        } => say!(
            lang,
            if elr.is_empty() {
                id::DECISION_ELR_ELECTION_RESULT_ELR_EMPTY
            } else {
                id::DECISION_ELR_ELECTION_RESULT
            },
            leader = n(leader),
            epoch = epoch,
            isr = list(lang, names, isr),
            elr = list(lang, names, elr)
        ),
        Explain::LastKnownLeaderCause { leader } => {
            say!(lang, id::DECISION_LAST_KNOWN_LEADER_CAUSE, leader = n(leader))
        }
        Explain::LastKnownLeaderRule => say!(lang, id::DECISION_LAST_KNOWN_LEADER_RULE),
        Explain::LastKnownLeaderResult { leader, epoch } => {
            say!(
                lang,
                id::DECISION_LAST_KNOWN_LEADER_RESULT,
                leader = n(leader),
                epoch = epoch
            )
        }
        Explain::UncleanCause {
            leader,
            previous,
            reason,
            kraft,
        } => unclean_cause(lang, names, leader, previous, reason, kraft),
        Explain::UncleanRule { requested, kraft } => say!(
            lang,
            match (requested, kraft) {
                (true, false) => id::DECISION_UNCLEAN_RULE_REQUESTED,
                (true, true) => id::DECISION_UNCLEAN_RULE_REQUESTED_KRAFT,
                (false, false) => id::DECISION_UNCLEAN_RULE_ENABLED,
                (false, true) => id::DECISION_UNCLEAN_RULE_ENABLED_KRAFT,
            }
        ),
        Explain::UncleanResult {
            leader,
            epoch,
            lost,
            from,
        } => match (lost, from) {
            ([], _) | (_, None) => {
                say!(
                    lang,
                    id::DECISION_UNCLEAN_RESULT_NOTHING_LOST,
                    leader = n(leader),
                    epoch = epoch
                )
            }
            (lost, Some(from)) => say!(
                lang,
                if lost.len() == 1 {
                    id::DECISION_UNCLEAN_RESULT_LOST_ONE
                } else {
                    id::DECISION_UNCLEAN_RESULT_LOST_MANY
                },
                leader = n(leader),
                epoch = epoch,
                values = values(lang, lost),
                from = from
            ),
        },
        Explain::OfflineCause { previous, shut_down } => say!(
            lang,
            if shut_down {
                id::DECISION_OFFLINE_CAUSE_SHUT_DOWN
            } else {
                id::DECISION_OFFLINE_CAUSE_CRASHED
            },
            previous = n(previous)
        ),
        Explain::OfflineRule => say!(lang, id::DECISION_OFFLINE_RULE),
        Explain::OfflineResult {
            epoch,
            isr,
            elr,
            last_known_leader,
        } => {
            let (isr, elr) = (list(lang, names, isr), list(lang, names, elr));
            match last_known_leader {
                Some(l) => say!(
                    lang,
                    id::DECISION_OFFLINE_RESULT,
                    epoch = epoch,
                    isr = isr,
                    elr = elr,
                    leader = n(l)
                ),
                None => say!(
                    lang,
                    id::DECISION_OFFLINE_RESULT_NO_LAST_KNOWN_LEADER,
                    epoch = epoch,
                    isr = isr,
                    elr = elr
                ),
            }
        }
        Explain::OfflineNext {
            able,
            unable,
            has_elr,
            unclean,
        } => {
            let now = match (able.is_empty(), unable.is_empty()) {
                (true, _) => say!(lang, id::DECISION_OFFLINE_NEXT_NOW_NONE),
                (false, true) => say!(
                    lang,
                    id::DECISION_OFFLINE_NEXT_NOW_ABLE,
                    able = any_of(lang, names, able)
                ),
                (false, false) => say!(
                    lang,
                    id::DECISION_OFFLINE_NEXT_NOW_ABLE_UNABLE,
                    able = any_of(lang, names, able),
                    unable = any_of(lang, names, unable)
                ),
            };
            say!(
                lang,
                id::DECISION_OFFLINE_NEXT,
                now = now,
                general = catalogue::text(
                    lang,
                    if has_elr {
                        id::DECISION_OFFLINE_NEXT_GENERAL_ELR
                    } else {
                        id::DECISION_OFFLINE_NEXT_GENERAL_ISR
                    }
                ),
                unclean = if unclean {
                    catalogue::text(lang, id::DECISION_OFFLINE_NEXT_UNCLEAN)
                } else {
                    ""
                }
            )
        }
        Explain::HwHeldCause { isr, min_isr } => say!(
            lang,
            id::DECISION_HW_HELD_CAUSE,
            isr = list(lang, names, isr),
            members = count(lang, isr.len() as u64, Unit::Member),
            min_isr = min_isr
        ),
        Explain::HwHeldRule => say!(lang, id::DECISION_HW_HELD_RULE),
        Explain::HwHeldResult {
            leader,
            hw,
            leo,
            isr,
            min_isr,
        } => {
            // Which of the leader's records stay uncommitted: offsets hw to leo - 1.
            let id = if leo > hw + 1 {
                id::DECISION_HW_HELD_RESULT_UNCOMMITTED
            } else if leo == hw + 1 {
                id::DECISION_HW_HELD_RESULT_ONE_UNCOMMITTED
            } else {
                id::DECISION_HW_HELD_RESULT
            };
            say!(
                lang,
                id,
                hw = hw,
                isr = isr,
                min_isr = min_isr,
                leader = n(leader),
                last = leo.saturating_sub(1)
            )
        }
        Explain::ParkedCause {
            follower,
            leader,
            offset,
        } => say!(
            lang,
            id::DECISION_PARKED_CAUSE,
            follower = n(follower),
            offset = offset,
            leader = n(leader)
        ),
        Explain::ParkedRule => say!(lang, id::DECISION_PARKED_RULE),
        Explain::ParkedResult { follower, leader } => {
            say!(
                lang,
                id::DECISION_PARKED_RESULT,
                follower = n(follower),
                leader = n(leader)
            )
        }
        Explain::ParkedNext { follower, leader } => {
            say!(
                lang,
                id::DECISION_PARKED_NEXT,
                leader = n(leader),
                follower = n(follower)
            )
        }
        Explain::HeldByReplicaCause {
            leader,
            replica,
            replica_leo,
            until_ms,
            lag_ms,
        } => say!(
            lang,
            id::DECISION_HELD_BY_REPLICA_CAUSE,
            replica = n(replica),
            leader = n(leader),
            lag_ms = thousands(lang, lag_ms),
            replica_leo = replica_leo,
            until_ms = thousands(lang, until_ms)
        ),
        Explain::HeldByReplicaRule => say!(lang, id::DECISION_HELD_BY_REPLICA_RULE),
        Explain::HeldByReplicaResult {
            leader,
            hw,
            would_be,
            replica,
            until_ms,
        } => say!(
            lang,
            id::DECISION_HELD_BY_REPLICA_RESULT,
            leader = n(leader),
            hw = hw,
            would_be = would_be,
            replica = n(replica),
            until_ms = thousands(lang, until_ms)
        ),
        Explain::AfterAppendCause {
            leader,
            values: v,
            isr,
            min_isr,
        } => say!(
            lang,
            id::DECISION_AFTER_APPEND_CAUSE,
            leader = n(leader),
            values = values(lang, v),
            isr = list(lang, names, isr),
            members = count(lang, isr.len() as u64, Unit::Member),
            min_isr = min_isr
        ),
        Explain::AfterAppendRule => say!(lang, id::DECISION_AFTER_APPEND_RULE),
        Explain::AfterAppendResult { values: v } => say!(
            lang,
            if v.len() == 1 {
                id::DECISION_AFTER_APPEND_RESULT_ONE
            } else {
                id::DECISION_AFTER_APPEND_RESULT_MANY
            },
            values = values(lang, v)
        ),
        Explain::HaltedCause {
            broker,
            leader,
            fetch_offset,
            leader_log_end,
        } => match leader {
            Some(l) => say!(
                lang,
                id::DECISION_HALTED_CAUSE,
                broker = n(broker),
                fetch_offset = fetch_offset,
                leader = n(l),
                leader_log_end = leader_log_end
            ),
            None => say!(
                lang,
                id::DECISION_HALTED_CAUSE_NO_LEADER,
                broker = n(broker),
                fetch_offset = fetch_offset,
                leader_log_end = leader_log_end
            ),
        },
        Explain::HaltedRule => say!(lang, id::DECISION_HALTED_RULE),
        Explain::HaltedResult { broker, leo } => say!(lang, id::DECISION_HALTED_RESULT, broker = n(broker), leo = leo),
        Explain::BounceCause { broker, broker_epoch } => match broker_epoch {
            Some(e) => say!(lang, id::DECISION_BOUNCE_CAUSE, broker = n(broker), broker_epoch = e),
            None => say!(lang, id::DECISION_BOUNCE_CAUSE_NO_BROKER_EPOCH, broker = n(broker)),
        },
        Explain::BounceRule { kraft } => say!(
            lang,
            if kraft {
                id::DECISION_BOUNCE_RULE_KRAFT
            } else {
                id::DECISION_BOUNCE_RULE_ZOOKEEPER
            }
        ),
        Explain::BounceResult { broker, isr } => match isr {
            Some(isr) => say!(
                lang,
                id::DECISION_BOUNCE_RESULT_LEFT_ISR,
                broker = n(broker),
                isr = list(lang, names, isr)
            ),
            None => say!(lang, id::DECISION_BOUNCE_RESULT, broker = n(broker)),
        },
        Explain::NotNeededCause { broker, epoch } => {
            say!(lang, id::DECISION_NOT_NEEDED_CAUSE, broker = n(broker), epoch = epoch)
        }
        Explain::NotNeededRule => say!(lang, id::DECISION_NOT_NEEDED_RULE),
        Explain::NotNeededResult { broker, epoch } => {
            say!(lang, id::DECISION_NOT_NEEDED_RESULT, broker = n(broker), epoch = epoch)
        }
        Explain::SameQuestion { broker, leader_epoch } => say!(
            lang,
            id::DECISION_SAME_QUESTION,
            broker = n(broker),
            request = request(lang, &Request::OffsetsForLeaderEpoch { leader_epoch })
        ),
    }
}

/// Why an unclean election happened; the KRaft texts count the ELR too.
fn unclean_cause(
    lang: Lang,
    names: &Names,
    leader: usize,
    previous: Option<usize>,
    reason: &ElectionReason,
    kraft: bool,
) -> String {
    let pick = |zk: Id, kr: Id| if kraft { kr } else { zk };
    match (reason, previous) {
        (ElectionReason::UncleanAfterFailure, Some(p)) => say!(
            lang,
            pick(
                id::DECISION_UNCLEAN_CAUSE_AFTER_FAILURE_NAMED,
                id::DECISION_UNCLEAN_CAUSE_AFTER_FAILURE_NAMED_KRAFT
            ),
            previous = names.get(p)
        ),
        (ElectionReason::UncleanAfterFailure, None) => say!(
            lang,
            pick(
                id::DECISION_UNCLEAN_CAUSE_AFTER_FAILURE,
                id::DECISION_UNCLEAN_CAUSE_AFTER_FAILURE_KRAFT
            )
        ),
        (ElectionReason::CameBack { .. }, _) => say!(
            lang,
            pick(
                id::DECISION_UNCLEAN_CAUSE_CAME_BACK,
                id::DECISION_UNCLEAN_CAUSE_CAME_BACK_KRAFT
            ),
            leader = names.get(leader)
        ),
        (ElectionReason::Requested { .. }, _) => {
            say!(lang, id::DECISION_UNCLEAN_CAUSE_REQUESTED, leader = names.get(leader))
        }
        (r, _) => election_reason(lang, names, leader, r),
    }
}
