//! The decision panel's rows (`Explain`) in words. Texts in `messages/decisions.msg`.

use crate::words::{count, election_reason, list, request};
use crate::{catalogue, say, thousands, Explain, Lang, Names};
use replab_core::event::{ElectionReason, EpochRecord, FollowerNext};
use replab_core::message::Request;
use replab_core::{BrokerSet, Value};

/// What a follower does, without its subject ("must first validate its log ...").
fn reaction(lang: Lang, names: &Names, leader: usize, r: FollowerNext) -> String {
    let l = names.get(leader);
    match r {
        FollowerNext::KeepFollowing => say!(lang, "decision.reaction.keep-following", leader = l),
        FollowerNext::Validate => say!(lang, "decision.reaction.validate"),
        FollowerNext::FetchChecked => say!(lang, "decision.reaction.fetch-checked", leader = l),
        FollowerNext::TruncateToHw { hw, from } if hw < from => {
            say!(lang, "decision.reaction.truncate-to-hw", hw = hw)
        }
        FollowerNext::TruncateToHw { hw, .. } => say!(lang, "decision.reaction.keep-log-at-hw", hw = hw),
        FollowerNext::Fetch => say!(lang, "decision.reaction.fetch"),
    }
}

/// The same, as what it will do once a leader is elected.
fn future_reaction(lang: Lang, r: FollowerNext) -> String {
    match r {
        FollowerNext::Validate => say!(lang, "decision.future-reaction.validate"),
        FollowerNext::FetchChecked => say!(lang, "decision.future-reaction.fetch-checked"),
        FollowerNext::TruncateToHw { hw, .. } => say!(lang, "decision.future-reaction.truncate-to-hw", hw = hw),
        FollowerNext::KeepFollowing | FollowerNext::Fetch => say!(lang, "decision.future-reaction.fetch"),
    }
}

/// Record values as a list ("m1, m2").
fn values(lang: Lang, values: &[Value]) -> String {
    values.join(catalogue::text(lang, "list.separator"))
}

/// The brokers of `set`, any one of them: "A, B or C".
fn any_of(lang: Lang, names: &Names, set: BrokerSet) -> String {
    let v: Vec<&str> = set.iter().map(|b| names.get(b)).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => say!(
            lang,
            "decision.offline.next.or",
            rest = rest.join(catalogue::text(lang, "decision.offline.next.or.separator")),
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
                "decision.bump.cause.one"
            } else {
                "decision.bump.cause.many"
            },
            crashed = list(lang, names, crashed),
            isr = list(lang, names, isr)
        ),
        Explain::BumpRule { leader, epoch } => say!(lang, "decision.bump.rule", leader = n(leader), epoch = epoch),
        Explain::BumpLeader { leader, epoch, record } => match record {
            EpochRecord::AtOnce { offset } => say!(
                lang,
                "decision.bump.leader.at-once",
                leader = n(leader),
                epoch = epoch,
                offset = offset
            ),
            EpochRecord::WithNextWrite => {
                say!(
                    lang,
                    "decision.bump.leader.with-next-write",
                    leader = n(leader),
                    epoch = epoch
                )
            }
            EpochRecord::NoCache => say!(lang, "decision.bump.leader.no-cache", leader = n(leader), epoch = epoch),
        },
        Explain::BumpFollower {
            follower,
            leader,
            next: FollowerNext::KeepFollowing,
        } => say!(
            lang,
            "decision.bump.follower.kept",
            follower = n(follower),
            leader = n(leader)
        ),
        Explain::BumpFollower { follower, leader, next } => say!(
            lang,
            "decision.bump.follower.changed",
            follower = n(follower),
            reaction = reaction(lang, names, leader, next)
        ),
        Explain::NoFollowerRunning => say!(lang, "decision.bump.no-follower-running"),
        Explain::SameLeaderCause { leader, epoch, reason } => match reason {
            ElectionReason::FollowersCrashed => say!(
                lang,
                "decision.same-leader.cause.followers-crashed",
                leader = n(leader),
                epoch = epoch
            ),
            r => say!(
                lang,
                "decision.same-leader.cause",
                leader = n(leader),
                epoch = epoch,
                reason = election_reason(lang, names, leader, r)
            ),
        },
        Explain::SameLeaderRule => say!(lang, "decision.same-leader.rule"),
        Explain::KeptFollowingResult { follower, leader } => say!(
            lang,
            "decision.kept-following.result",
            follower = n(follower),
            leader = n(leader)
        ),
        Explain::WaitingCause { broker, leo, hw } => {
            say!(lang, "decision.waiting.cause", broker = n(broker), leo = leo, hw = hw)
        }
        Explain::WaitingRule => say!(lang, "decision.waiting.rule"),
        Explain::WaitingResult { broker } => say!(lang, "decision.waiting.result", broker = n(broker)),
        Explain::WaitingNext { broker, next } => say!(
            lang,
            "decision.waiting.next",
            broker = n(broker),
            action = future_reaction(lang, next)
        ),
        Explain::LeaderFoundCause { leader, epoch, reason } => say!(
            lang,
            "decision.leader-found.cause",
            leader = n(leader),
            epoch = epoch,
            reason = election_reason(lang, names, leader, reason)
        ),
        Explain::LeaderFoundRule { broker, since } => {
            say!(lang, "decision.leader-found.rule", broker = n(broker), since = since)
        }
        Explain::LeaderFoundResult { follower, leader, next } => say!(
            lang,
            "decision.leader-found.result",
            follower = n(follower),
            leader = n(leader),
            reaction = reaction(lang, names, leader, next)
        ),
        Explain::ElrElectionCause { leader, elr } if elr.len() <= 1 => {
            say!(lang, "decision.elr-election.cause.one", leader = n(leader))
        }
        Explain::ElrElectionCause { leader, elr } => say!(
            lang,
            "decision.elr-election.cause.many",
            elr = list(lang, names, elr),
            leader = n(leader)
        ),
        Explain::ElrElectionRule => say!(lang, "decision.elr-election.rule"),
        Explain::ElrElectionResult {
            leader,
            epoch,
            isr,
            elr,
        } => say!(
            lang,
            if elr.is_empty() {
                "decision.elr-election.result.elr-empty"
            } else {
                "decision.elr-election.result"
            },
            leader = n(leader),
            epoch = epoch,
            isr = list(lang, names, isr),
            elr = list(lang, names, elr)
        ),
        Explain::LastKnownLeaderCause { leader } => {
            say!(lang, "decision.last-known-leader.cause", leader = n(leader))
        }
        Explain::LastKnownLeaderRule => say!(lang, "decision.last-known-leader.rule"),
        Explain::LastKnownLeaderResult { leader, epoch } => {
            say!(
                lang,
                "decision.last-known-leader.result",
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
                (true, false) => "decision.unclean.rule.requested",
                (true, true) => "decision.unclean.rule.requested.kraft",
                (false, false) => "decision.unclean.rule.enabled",
                (false, true) => "decision.unclean.rule.enabled.kraft",
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
                    "decision.unclean.result.nothing-lost",
                    leader = n(leader),
                    epoch = epoch
                )
            }
            (lost, Some(from)) => say!(
                lang,
                if lost.len() == 1 {
                    "decision.unclean.result.lost.one"
                } else {
                    "decision.unclean.result.lost.many"
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
                "decision.offline.cause.shut-down"
            } else {
                "decision.offline.cause.crashed"
            },
            previous = n(previous)
        ),
        Explain::OfflineRule => say!(lang, "decision.offline.rule"),
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
                    "decision.offline.result",
                    epoch = epoch,
                    isr = isr,
                    elr = elr,
                    leader = n(l)
                ),
                None => say!(
                    lang,
                    "decision.offline.result.no-last-known-leader",
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
                (true, _) => say!(lang, "decision.offline.next.now.none"),
                (false, true) => say!(lang, "decision.offline.next.now.able", able = any_of(lang, names, able)),
                (false, false) => say!(
                    lang,
                    "decision.offline.next.now.able-unable",
                    able = any_of(lang, names, able),
                    unable = any_of(lang, names, unable)
                ),
            };
            say!(
                lang,
                "decision.offline.next",
                now = now,
                general = catalogue::text(
                    lang,
                    if has_elr {
                        "decision.offline.next.general.elr"
                    } else {
                        "decision.offline.next.general.isr"
                    }
                ),
                unclean = if unclean {
                    catalogue::text(lang, "decision.offline.next.unclean")
                } else {
                    ""
                }
            )
        }
        Explain::HwHeldCause { isr, min_isr } => say!(
            lang,
            "decision.hw-held.cause",
            isr = list(lang, names, isr),
            members = count(lang, isr.len() as u64, "member"),
            min_isr = min_isr
        ),
        Explain::HwHeldRule => say!(lang, "decision.hw-held.rule"),
        Explain::HwHeldResult {
            leader,
            hw,
            leo,
            isr,
            min_isr,
        } => {
            // Which of the leader's records stay uncommitted: offsets hw to leo - 1.
            let id = if leo > hw + 1 {
                "decision.hw-held.result.uncommitted"
            } else if leo == hw + 1 {
                "decision.hw-held.result.one-uncommitted"
            } else {
                "decision.hw-held.result"
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
            "decision.parked.cause",
            follower = n(follower),
            offset = offset,
            leader = n(leader)
        ),
        Explain::ParkedRule => say!(lang, "decision.parked.rule"),
        Explain::ParkedResult { follower, leader } => {
            say!(
                lang,
                "decision.parked.result",
                follower = n(follower),
                leader = n(leader)
            )
        }
        Explain::ParkedNext { follower, leader } => {
            say!(lang, "decision.parked.next", leader = n(leader), follower = n(follower))
        }
        Explain::HeldByReplicaCause {
            leader,
            replica,
            replica_leo,
            until_ms,
            lag_ms,
        } => say!(
            lang,
            "decision.held-by-replica.cause",
            replica = n(replica),
            leader = n(leader),
            lag_ms = thousands(lag_ms),
            replica_leo = replica_leo,
            until_ms = thousands(until_ms)
        ),
        Explain::HeldByReplicaRule => say!(lang, "decision.held-by-replica.rule"),
        Explain::HeldByReplicaResult {
            leader,
            hw,
            would_be,
            replica,
            until_ms,
        } => say!(
            lang,
            "decision.held-by-replica.result",
            leader = n(leader),
            hw = hw,
            would_be = would_be,
            replica = n(replica),
            until_ms = thousands(until_ms)
        ),
        Explain::AfterAppendCause {
            leader,
            values: v,
            isr,
            min_isr,
        } => say!(
            lang,
            "decision.after-append.cause",
            leader = n(leader),
            values = values(lang, v),
            isr = list(lang, names, isr),
            members = count(lang, isr.len() as u64, "member"),
            min_isr = min_isr
        ),
        Explain::AfterAppendRule => say!(lang, "decision.after-append.rule"),
        Explain::AfterAppendResult { values: v } => say!(
            lang,
            if v.len() == 1 {
                "decision.after-append.result.one"
            } else {
                "decision.after-append.result.many"
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
                "decision.halted.cause",
                broker = n(broker),
                fetch_offset = fetch_offset,
                leader = n(l),
                leader_log_end = leader_log_end
            ),
            None => say!(
                lang,
                "decision.halted.cause.no-leader",
                broker = n(broker),
                fetch_offset = fetch_offset,
                leader_log_end = leader_log_end
            ),
        },
        Explain::HaltedRule => say!(lang, "decision.halted.rule"),
        Explain::HaltedResult { broker, leo } => say!(lang, "decision.halted.result", broker = n(broker), leo = leo),
        Explain::BounceCause { broker, broker_epoch } => match broker_epoch {
            Some(e) => say!(lang, "decision.bounce.cause", broker = n(broker), broker_epoch = e),
            None => say!(lang, "decision.bounce.cause.no-broker-epoch", broker = n(broker)),
        },
        Explain::BounceRule { kraft } => say!(
            lang,
            if kraft {
                "decision.bounce.rule.kraft"
            } else {
                "decision.bounce.rule.zookeeper"
            }
        ),
        Explain::BounceResult { broker, isr } => match isr {
            Some(isr) => say!(
                lang,
                "decision.bounce.result.left-isr",
                broker = n(broker),
                isr = list(lang, names, isr)
            ),
            None => say!(lang, "decision.bounce.result", broker = n(broker)),
        },
        Explain::NotNeededCause { broker, epoch } => {
            say!(lang, "decision.not-needed.cause", broker = n(broker), epoch = epoch)
        }
        Explain::NotNeededRule => say!(lang, "decision.not-needed.rule"),
        Explain::NotNeededResult { broker, epoch } => {
            say!(lang, "decision.not-needed.result", broker = n(broker), epoch = epoch)
        }
        Explain::SameQuestion { broker, leader_epoch } => say!(
            lang,
            "decision.same-question",
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
    let pick = |zk: &'static str, kr: &'static str| if kraft { kr } else { zk };
    match (reason, previous) {
        (ElectionReason::UncleanAfterFailure, Some(p)) => say!(
            lang,
            pick(
                "decision.unclean.cause.after-failure.named",
                "decision.unclean.cause.after-failure.named.kraft"
            ),
            previous = names.get(p)
        ),
        (ElectionReason::UncleanAfterFailure, None) => say!(
            lang,
            pick(
                "decision.unclean.cause.after-failure",
                "decision.unclean.cause.after-failure.kraft"
            )
        ),
        (ElectionReason::CameBack { .. }, _) => say!(
            lang,
            pick(
                "decision.unclean.cause.came-back",
                "decision.unclean.cause.came-back.kraft"
            ),
            leader = names.get(leader)
        ),
        (ElectionReason::Requested { .. }, _) => {
            say!(lang, "decision.unclean.cause.requested", leader = names.get(leader))
        }
        (r, _) => election_reason(lang, names, leader, r),
    }
}
