//! The decision panel's rows (`Explain`) in words. Texts in `messages/decisions.msg`.

use crate::catalogue::id;
use crate::catalogue::msg;
use crate::words::{count, election_reason, list, request, Unit};
use crate::{catalogue, thousands, Lang, Names};
use replab_core::event::{ElectionReason, EpochRecord, FollowerNext};
use replab_core::message::Request;
use replab_core::{BrokerIx, BrokerSet, Value};
use std::fmt::Display;

/// One row of a decision the panel explains besides truncations: the controller's
/// epoch bump on a follower crash, a follower that keeps following the same leader
/// into a new epoch, a restarted broker that waits for a leader, then finds one;
/// elections from the ELR, of the last known leader and unclean ones; a KRaft
/// partition going offline; a high watermark held by strict min ISR or by a
/// caught-up replica outside the ISR; a fetch parked at the leader; a committed
/// write answered NOT_ENOUGH_REPLICAS_AFTER_APPEND; a follower that halts; a
/// bounce the controller notices; an election not needed; and, beside a
/// truncation, a follower that will ask the same question again (KAFKA-10706).
///
/// Variants come in families, the rows of one decision: `...Cause` says why it
/// happened, `...Rule` the Kafka rule that applies, `...Result` what came of it
/// and `...Next` what happens next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Explain<'a> {
    /// Which followers crashed and left the ISR.
    BumpCause {
        /// The followers that crashed.
        crashed: BrokerSet,
        /// The ISR after they left it.
        isr: BrokerSet,
    },
    /// KRaft 3.3–3.5: which brokers left the ISR in the change that bumped.
    ShrinkBumpCause {
        /// The brokers that left.
        left: BrokerSet,
        /// The ISR after they left it.
        isr: BrokerSet,
    },
    /// KRaft 3.3–3.5: why an ISR shrink is a new leader epoch.
    ShrinkBumpRule {
        /// The leader, which stays leader.
        leader: BrokerIx,
        /// The new leader epoch.
        epoch: u32,
    },
    /// Why the epoch changed although the leader did not.
    BumpRule {
        /// The leader, which stays leader.
        leader: BrokerIx,
        /// The new leader epoch.
        epoch: u32,
    },
    /// The leader in its new epoch.
    BumpLeader {
        /// The leader.
        leader: BrokerIx,
        /// The new leader epoch.
        epoch: u32,
        /// How the leader records the new epoch in its leader-epoch cache.
        record: EpochRecord,
    },
    /// What one follower does about the new epoch.
    BumpFollower {
        /// The follower.
        follower: BrokerIx,
        /// The leader it follows.
        leader: BrokerIx,
        /// What the follower does about the new epoch.
        next: FollowerNext,
    },
    /// No other replica is running to see the new epoch.
    NoFollowerRunning,
    /// The leader a follower already followed leads again, in a new epoch, and why.
    SameLeaderCause {
        /// The leader, the same as before.
        leader: BrokerIx,
        /// Its new leader epoch.
        epoch: u32,
        /// Why it was elected.
        reason: &'a ElectionReason,
    },
    /// Why the follower did nothing about it (KAFKA-7164).
    SameLeaderRule,
    /// Result: the follower keeps following the same leader without checking its log.
    KeptFollowingResult {
        /// The follower.
        follower: BrokerIx,
        /// The leader it keeps following.
        leader: BrokerIx,
    },
    /// A broker restarted while the partition had no leader.
    WaitingCause {
        /// The restarted broker.
        broker: BrokerIx,
        /// Its LEO after the restart.
        leo: u64,
        /// Its HW after the restart.
        hw: u64,
    },
    /// Rule: a replica follows only a live leader; until one is elected it neither truncates nor validates.
    WaitingRule,
    /// Result: the broker keeps its log as it is and waits.
    WaitingResult {
        /// The waiting broker.
        broker: BrokerIx,
    },
    /// What it will do once a leader is elected.
    WaitingNext {
        /// The waiting broker.
        broker: BrokerIx,
        /// What it will do once a leader is elected.
        next: FollowerNext,
    },
    /// A leader was elected while a restarted broker waited.
    LeaderFoundCause {
        /// The elected leader.
        leader: BrokerIx,
        /// Its leader epoch.
        epoch: u32,
        /// Why it was elected.
        reason: &'a ElectionReason,
    },
    /// Why it acts only now: it had waited since step `since`.
    LeaderFoundRule {
        /// The broker that waited.
        broker: BrokerIx,
        /// The step since which it waited.
        since: usize,
    },
    /// Result: the broker stops waiting, follows the new leader and does `next`.
    LeaderFoundResult {
        /// The broker that waited, now a follower.
        follower: BrokerIx,
        /// The leader it follows.
        leader: BrokerIx,
        /// What it does first.
        next: FollowerNext,
    },
    /// KRaft: the ISR was empty and `leader` was the first unfenced member of the
    /// ELR (`elr`, as it was at the election).
    ElrElectionCause {
        /// The broker elected from the ELR.
        leader: BrokerIx,
        /// The ELR at the election, the new leader included.
        elr: BrokerSet,
    },
    /// Rule: with the ISR empty, the KRaft controller elects the first unfenced ELR member (KIP-966).
    ElrElectionRule,
    /// "B elected from the ELR: the ISR was empty", with the epoch, ISR and ELR after.
    ElrElectionResult {
        /// The new leader.
        leader: BrokerIx,
        /// Its leader epoch.
        epoch: u32,
        /// The ISR after the election.
        isr: BrokerSet,
        /// The ELR after the election, without the new leader.
        elr: BrokerSet,
    },
    /// KRaft: the ISR and the ELR were both empty; `leader` led when the ISR emptied.
    LastKnownLeaderCause {
        /// The last known leader.
        leader: BrokerIx,
    },
    /// Rule: with no ISR or ELR member, the KRaft controller elects the last known leader once it is up (KIP-966).
    LastKnownLeaderRule,
    /// "A elected as last known leader: no ISR or ELR member was left".
    LastKnownLeaderResult {
        /// The last known leader, elected again.
        leader: BrokerIx,
        /// Its new leader epoch.
        epoch: u32,
    },
    /// Why an unclean election happened: after the leader `previous` failed with
    /// no ISR member up, on a return to an offline partition, or by request.
    /// `kraft`: the ELR counts too.
    UncleanCause {
        /// The broker elected uncleanly.
        leader: BrokerIx,
        /// The leader before the election, if there was one.
        previous: Option<BrokerIx>,
        /// Why it was elected.
        reason: &'a ElectionReason,
        /// Whether the partition keeps an ELR (KRaft 4.1+): no ELR member was up either.
        kraft: bool,
    },
    /// Rule: an unclean election trades durability for availability; it was asked for, or
    /// unclean.leader.election.enable let the controller make it.
    UncleanRule {
        /// Whether the election was asked for (`elect ... unclean`).
        requested: bool,
        /// Whether the partition keeps an ELR (KRaft 4.1+), which the election
        /// also clears with the last known leader.
        kraft: bool,
    },
    /// The new leader and the committed records it lacks (lost: their values and
    /// the first offset; none: nothing committed is lost).
    UncleanResult {
        /// The new leader.
        leader: BrokerIx,
        /// Its leader epoch.
        epoch: u32,
        /// The values of the committed records its log lacks.
        lost: &'a [replab_core::Value],
        /// The offset of the first of them (None: nothing committed is lost).
        from: Option<u64>,
    },
    /// KRaft: the leader `previous` stopped (`shut_down`: cleanly) and nobody may
    /// take over.
    OfflineCause {
        /// The leader that stopped.
        previous: BrokerIx,
        /// Whether it shut down cleanly rather than crashed.
        shut_down: bool,
    },
    /// "no eligible replica is up: the partition goes offline, and under KRaft
    /// that is a new leader epoch too".
    OfflineRule,
    /// Result: no leader in the new epoch, with the ISR, the ELR and the last known leader as they are then.
    OfflineResult {
        /// The new leader epoch, which has no leader.
        epoch: u32,
        /// The ISR after.
        isr: BrokerSet,
        /// The ELR after.
        elr: BrokerSet,
        /// The last known leader, if any.
        last_known_leader: Option<BrokerIx>,
    },
    /// Who may bring it back: the down brokers whose restart now would (`able`)
    /// and would not (`unable`) elect a leader, then the rule in general
    /// (`has_elr`: the ELR is kept; `unclean`: unclean leader election is enabled).
    OfflineNext {
        /// The down brokers whose restart now would elect a leader.
        able: BrokerSet,
        /// The down brokers whose restart now would not.
        unable: BrokerSet,
        /// Whether the partition keeps an ELR.
        has_elr: bool,
        /// Whether unclean.leader.election.enable is on.
        unclean: bool,
    },
    /// Strict min ISR: the ISR is below min.insync.replicas.
    HwHeldCause {
        /// The ISR.
        isr: BrokerSet,
        /// min.insync.replicas.
        min_isr: u32,
    },
    /// Rule: under strict min ISR (KAFKA-15583) the leader does not move the HW while the ISR has fewer
    /// than min.insync.replicas members.
    HwHeldRule,
    /// "HW held at 1: ISR has 1 of min.insync.replicas 2", and which of the
    /// leader's records stay uncommitted (offsets `hw` to `leo` - 1).
    HwHeldResult {
        /// The leader.
        leader: BrokerIx,
        /// The HW it holds.
        hw: u64,
        /// The leader's LEO.
        leo: u64,
        /// How many members the ISR has.
        isr: u32,
        /// min.insync.replicas.
        min_isr: u32,
    },
    /// The fetch found no records: it asked from the leader's log end.
    ParkedCause {
        /// The follower that fetched.
        follower: BrokerIx,
        /// The leader it fetched from.
        leader: BrokerIx,
        /// The fetch offset: the leader's log end.
        offset: u64,
    },
    /// Rule: a fetch that finds no records is not answered at once: the leader holds it (DelayedFetch)
    /// until it appends or replica.fetch.wait.max.ms passes.
    ParkedRule,
    /// Result: the fetch waits at the leader, and no response is on its way yet.
    ParkedResult {
        /// The follower whose fetch waits.
        follower: BrokerIx,
        /// The leader that holds it.
        leader: BrokerIx,
    },
    /// Next: the leader answers at its next append, or a delivery ends the wait with no records.
    ParkedNext {
        /// The follower whose fetch waits.
        follower: BrokerIx,
        /// The leader that holds it.
        leader: BrokerIx,
    },
    /// `replica`, outside the ISR, caught up within `lag_ms`: its log end counts
    /// until `until_ms`.
    HeldByReplicaCause {
        /// The leader whose HW is held.
        leader: BrokerIx,
        /// The replica outside the ISR that caught up.
        replica: BrokerIx,
        /// Its LEO, which counts for the HW.
        replica_leo: u64,
        /// The time, in ms, until which it counts.
        until_ms: u64,
        /// replica.lag.time.max.ms.
        lag_ms: u64,
    },
    /// Rule: the HW is the smallest log end over the ISR and every replica caught up within
    /// replica.lag.time.max.ms (KAFKA-4485).
    HeldByReplicaRule {
        /// From 3.6 (KAFKA-15021): only a replica that may join the ISR counts.
        only_eligible: bool,
    },
    /// Result: the leader's HW stays lower than the ISR alone would put it.
    HeldByReplicaResult {
        /// The leader.
        leader: BrokerIx,
        /// The HW it stays at.
        hw: u64,
        /// The HW it would move to without the replica.
        would_be: u64,
        /// The replica that holds it.
        replica: BrokerIx,
        /// The time, in ms, until which the replica counts.
        until_ms: u64,
    },
    /// The HW passed `values` while the ISR was below min.insync.replicas.
    AfterAppendCause {
        /// The leader.
        leader: BrokerIx,
        /// The values of the writes answered with the error.
        values: &'a [Value],
        /// The ISR.
        isr: BrokerSet,
        /// min.insync.replicas.
        min_isr: u32,
    },
    /// Rule: an acks=all write answered while the ISR is below min.insync.replicas gets
    /// NOT_ENOUGH_REPLICAS_AFTER_APPEND, although it is committed.
    AfterAppendRule,
    /// Result: the producers get the error, yet the records stay in the log, committed.
    AfterAppendResult {
        /// The values of those records.
        values: &'a [Value],
    },
    /// The follower's fetch offset was past the leader's log end.
    HaltedCause {
        /// The follower that halts.
        broker: BrokerIx,
        /// The leader it fetched from, if known.
        leader: Option<BrokerIx>,
        /// The offset it fetched from.
        fetch_offset: u64,
        /// The leader's log end offset.
        leader_log_end: u64,
    },
    /// Rule: in Kafka 0.10 and 0.11 with unclean election off, a follower may not truncate records
    /// that may be committed, so the broker's process exits.
    HaltedRule,
    /// Result: the broker is down with its whole log.
    HaltedResult {
        /// The halted broker.
        broker: BrokerIx,
        /// Its LEO, with its log kept whole.
        leo: u64,
    },
    /// The bounced broker came back in `broker_epoch`.
    BounceCause {
        /// The bounced broker.
        broker: BrokerIx,
        /// The broker epoch it came back in, if the step records its restart.
        broker_epoch: Option<u32>,
    },
    /// Rule: a controller that sees a new broker epoch (under ZooKeeper from Kafka 2.2, KIP-380) handles the
    /// bounce as a crash, then a restart.
    BounceRule {
        /// Whether the controller is KRaft rather than ZooKeeper.
        kraft: bool,
    },
    /// `isr`: the ISR after it left (None: it was not in the ISR).
    BounceResult {
        /// The bounced broker.
        broker: BrokerIx,
        /// The ISR after it left, if it was in the ISR.
        isr: Option<BrokerSet>,
    },
    /// Cause: an election was asked for the broker that already leads.
    NotNeededCause {
        /// The broker named, already leader.
        broker: BrokerIx,
        /// Its current leader epoch.
        epoch: u32,
    },
    /// Rule: electing the current leader changes nothing and writes no new leader epoch (KIP-460).
    NotNeededRule,
    /// Result: the leader stays leader in the same epoch.
    NotNeededResult {
        /// The leader.
        broker: BrokerIx,
        /// Its leader epoch, unchanged.
        epoch: u32,
    },
    /// The truncation removed nothing and the epoch cache kept its latest entry:
    /// the next question is this one again.
    SameQuestion {
        /// The broker that truncated.
        broker: BrokerIx,
        /// The epoch it asks about in OffsetsForLeaderEpoch (None: no epoch).
        leader_epoch: Option<u32>,
    },
    /// A consumer validates its position after a leader change (KIP-320).
    ConsumerValidateQuestion {
        /// The consumer.
        consumer: &'a str,
        /// The leader asked.
        leader: BrokerIx,
        /// The epoch asked: its position's.
        asked: u32,
        /// Its position.
        position: u64,
    },
    /// The leader's answer: where the epoch ends in its log.
    ConsumerValidateAnswer {
        /// The leader.
        leader: BrokerIx,
        /// The epoch answered for.
        epoch: u32,
        /// Where it ends.
        end_offset: u64,
    },
    /// KIP-320's rule on the consumer's side, from Kafka 2.3.
    ConsumerTruncationRule,
    /// What the consumer does once it detected the truncation.
    ConsumerTruncationResult {
        /// The consumer.
        consumer: &'a str,
        /// Where its position goes back to (None: it stays, auto.offset.reset=none).
        to: Option<u64>,
        /// The epoch the leader answered for.
        epoch: u32,
        /// Its position before.
        from: u64,
    },
    /// Why a consumer's position was reset.
    ConsumerResetCause {
        /// The consumer.
        consumer: &'a str,
        /// The leader.
        leader: BrokerIx,
        /// Its fetch was past the leader's log end (else: an undefined answer).
        out_of_range: bool,
        /// Its position before.
        from: u64,
        /// The leader's log end.
        leader_leo: u64,
    },
    /// auto.offset.reset and what ListOffsets gives.
    ConsumerResetRule {
        /// latest (else earliest).
        latest: bool,
    },
    /// Where the reset left the consumer: what it skips or reads again.
    ConsumerResetResult {
        /// The consumer.
        consumer: &'a str,
        /// Its position before.
        from: u64,
        /// Its position now (None: not available yet, KIP-207).
        to: Option<u64>,
    },
    /// Why a poll raised an error.
    ConsumerFailedCause {
        /// The consumer.
        consumer: &'a str,
        /// OffsetOutOfRangeException (else LogTruncationException).
        out_of_range: bool,
        /// Its position.
        at: u64,
        /// For a truncation, the end offset the leader answered.
        divergent: Option<u64>,
    },
    /// auto.offset.reset=none: the exception reaches the application.
    ConsumerFailedRule {
        /// OffsetOutOfRangeException (else LogTruncationException).
        out_of_range: bool,
    },
    /// The position stays; the next poll tries again.
    ConsumerFailedResult {
        /// The consumer.
        consumer: &'a str,
        /// Its position.
        at: u64,
    },
}

/// What a follower does, without its subject ("must first validate its log ...").
fn reaction(lang: Lang, names: &Names, leader: usize, r: FollowerNext) -> String {
    let l = names.get(leader);
    match r {
        FollowerNext::KeepFollowing => msg::decision_reaction_keep_following(lang, &l),
        FollowerNext::Validate => msg::decision_reaction_validate(lang),
        FollowerNext::FetchChecked => msg::decision_reaction_fetch_checked(lang, &l),
        FollowerNext::TruncateToHw { hw, from } if hw < from => msg::decision_reaction_truncate_to_hw(lang, &hw),
        FollowerNext::TruncateToHw { hw, .. } => msg::decision_reaction_keep_log_at_hw(lang, &hw),
        FollowerNext::Fetch => msg::decision_reaction_fetch(lang),
    }
}

/// The same, as what it will do once a leader is elected.
fn future_reaction(lang: Lang, r: FollowerNext) -> String {
    match r {
        FollowerNext::Validate => msg::decision_future_reaction_validate(lang),
        FollowerNext::FetchChecked => msg::decision_future_reaction_fetch_checked(lang),
        FollowerNext::TruncateToHw { hw, .. } => msg::decision_future_reaction_truncate_to_hw(lang, &hw),
        FollowerNext::KeepFollowing | FollowerNext::Fetch => msg::decision_future_reaction_fetch(lang),
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
        Some((last, rest)) if !rest.is_empty() => msg::decision_offline_next_or(
            lang,
            &rest.join(catalogue::text(lang, id::DECISION_OFFLINE_NEXT_OR_SEPARATOR)),
            &last,
        ),
        _ => v.concat(),
    }
}

/// A row of a decision in words.
pub fn explain(lang: Lang, names: &Names, e: &Explain) -> String {
    let n = |b: usize| names.get(b);
    match *e {
        Explain::BumpCause { crashed, isr } => {
            let say: msg::Say2 = if crashed.len() == 1 {
                msg::decision_bump_cause_one
            } else {
                msg::decision_bump_cause_many
            };
            say(lang, &list(lang, names, crashed), &list(lang, names, isr))
        }
        Explain::BumpRule { leader, epoch } => msg::decision_bump_rule(lang, &n(leader), &epoch),
        Explain::ShrinkBumpCause { left, isr } => {
            msg::decision_bump_cause_shrunk(lang, &list(lang, names, left), &list(lang, names, isr))
        }
        Explain::ShrinkBumpRule { leader, epoch } => msg::decision_bump_rule_shrink(lang, &n(leader), &epoch),
        Explain::BumpLeader { leader, epoch, record } => match record {
            EpochRecord::AtOnce { offset } => msg::decision_bump_leader_at_once(lang, &n(leader), &epoch, &offset),
            EpochRecord::WithNextWrite => msg::decision_bump_leader_with_next_write(lang, &n(leader), &epoch),
            EpochRecord::NoCache => msg::decision_bump_leader_no_cache(lang, &n(leader), &epoch),
        },
        Explain::BumpFollower {
            follower,
            leader,
            next: FollowerNext::KeepFollowing,
        } => msg::decision_bump_follower_kept(lang, &n(follower), &n(leader)),
        Explain::BumpFollower { follower, leader, next } => {
            msg::decision_bump_follower_changed(lang, &n(follower), &reaction(lang, names, leader, next))
        }
        Explain::NoFollowerRunning => msg::decision_bump_no_follower_running(lang),
        Explain::SameLeaderCause { leader, epoch, reason } => match reason {
            ElectionReason::FollowersCrashed => {
                msg::decision_same_leader_cause_followers_crashed(lang, &n(leader), &epoch)
            }
            r => msg::decision_same_leader_cause(lang, &n(leader), &epoch, &election_reason(lang, names, leader, r)),
        },
        Explain::SameLeaderRule => msg::decision_same_leader_rule(lang),
        Explain::KeptFollowingResult { follower, leader } => {
            msg::decision_kept_following_result(lang, &n(follower), &n(leader))
        }
        Explain::WaitingCause { broker, leo, hw } => msg::decision_waiting_cause(lang, &n(broker), &leo, &hw),
        Explain::WaitingRule => msg::decision_waiting_rule(lang),
        Explain::WaitingResult { broker } => msg::decision_waiting_result(lang, &n(broker)),
        Explain::WaitingNext { broker, next } => {
            msg::decision_waiting_next(lang, &n(broker), &future_reaction(lang, next))
        }
        Explain::LeaderFoundCause { leader, epoch, reason } => {
            msg::decision_leader_found_cause(lang, &n(leader), &epoch, &election_reason(lang, names, leader, reason))
        }
        Explain::LeaderFoundRule { broker, since } => msg::decision_leader_found_rule(lang, &n(broker), &since),
        Explain::LeaderFoundResult { follower, leader, next } => {
            msg::decision_leader_found_result(lang, &n(follower), &n(leader), &reaction(lang, names, leader, next))
        }
        Explain::ElrElectionCause { leader, elr } if elr.len() <= 1 => {
            msg::decision_elr_election_cause_one(lang, &n(leader))
        }
        Explain::ElrElectionCause { leader, elr } => {
            msg::decision_elr_election_cause_many(lang, &list(lang, names, elr), &n(leader))
        }
        Explain::ElrElectionRule => msg::decision_elr_election_rule(lang),
        Explain::ElrElectionResult {
            leader,
            epoch,
            isr,
            elr,
        } => {
            let (leader, isr) = (n(leader), list(lang, names, isr));
            if elr.is_empty() {
                msg::decision_elr_election_result_elr_empty(lang, &leader, &epoch, &isr)
            } else {
                msg::decision_elr_election_result(lang, &leader, &epoch, &isr, &list(lang, names, elr))
            }
        }
        Explain::LastKnownLeaderCause { leader } => msg::decision_last_known_leader_cause(lang, &n(leader)),
        Explain::LastKnownLeaderRule => msg::decision_last_known_leader_rule(lang),
        Explain::LastKnownLeaderResult { leader, epoch } => {
            msg::decision_last_known_leader_result(lang, &n(leader), &epoch)
        }
        Explain::UncleanCause {
            leader,
            previous,
            reason,
            kraft,
        } => unclean_cause(lang, names, leader, previous, reason, kraft),
        Explain::UncleanRule { requested, kraft } => match (requested, kraft) {
            (true, false) => msg::decision_unclean_rule_requested(lang),
            (true, true) => msg::decision_unclean_rule_requested_kraft(lang),
            (false, false) => msg::decision_unclean_rule_enabled(lang),
            (false, true) => msg::decision_unclean_rule_enabled_kraft(lang),
        },
        Explain::UncleanResult {
            leader,
            epoch,
            lost,
            from,
        } => match (lost, from) {
            ([], _) | (_, None) => msg::decision_unclean_result_nothing_lost(lang, &n(leader), &epoch),
            (lost, Some(from)) => {
                let say: msg::Say4 = if lost.len() == 1 {
                    msg::decision_unclean_result_lost_one
                } else {
                    msg::decision_unclean_result_lost_many
                };
                say(lang, &n(leader), &epoch, &values(lang, lost), &from)
            }
        },
        Explain::OfflineCause { previous, shut_down } => {
            if shut_down {
                msg::decision_offline_cause_shut_down(lang, &n(previous))
            } else {
                msg::decision_offline_cause_crashed(lang, &n(previous))
            }
        }
        Explain::OfflineRule => msg::decision_offline_rule(lang),
        Explain::OfflineResult {
            epoch,
            isr,
            elr,
            last_known_leader,
        } => {
            let (isr, elr) = (list(lang, names, isr), list(lang, names, elr));
            match last_known_leader {
                Some(l) => msg::decision_offline_result(lang, &epoch, &isr, &elr, &n(l)),
                None => msg::decision_offline_result_no_last_known_leader(lang, &epoch, &isr, &elr),
            }
        }
        Explain::OfflineNext {
            able,
            unable,
            has_elr,
            unclean,
        } => {
            let now = match (able.is_empty(), unable.is_empty()) {
                (true, _) => msg::decision_offline_next_now_none(lang),
                (false, true) => msg::decision_offline_next_now_able(lang, &any_of(lang, names, able)),
                (false, false) => msg::decision_offline_next_now_able_unable(
                    lang,
                    &any_of(lang, names, able),
                    &any_of(lang, names, unable),
                ),
            };
            msg::decision_offline_next(
                lang,
                &now,
                &catalogue::text(
                    lang,
                    if has_elr {
                        id::DECISION_OFFLINE_NEXT_GENERAL_ELR
                    } else {
                        id::DECISION_OFFLINE_NEXT_GENERAL_ISR
                    },
                ),
                &(if unclean {
                    catalogue::text(lang, id::DECISION_OFFLINE_NEXT_UNCLEAN)
                } else {
                    ""
                }),
            )
        }
        Explain::HwHeldCause { isr, min_isr } => msg::decision_hw_held_cause(
            lang,
            &list(lang, names, isr),
            &count(lang, isr.len() as u64, Unit::Member),
            &min_isr,
        ),
        Explain::HwHeldRule => msg::decision_hw_held_rule(lang),
        Explain::HwHeldResult {
            leader,
            hw,
            leo,
            isr,
            min_isr,
        } => {
            // Which of the leader's records stay uncommitted: offsets hw to leo - 1.
            if leo > hw + 1 {
                msg::decision_hw_held_result_uncommitted(lang, &hw, &isr, &min_isr, &n(leader), &(leo - 1))
            } else if leo == hw + 1 {
                msg::decision_hw_held_result_one_uncommitted(lang, &hw, &isr, &min_isr, &n(leader))
            } else {
                msg::decision_hw_held_result(lang, &hw, &isr, &min_isr)
            }
        }
        Explain::ParkedCause {
            follower,
            leader,
            offset,
        } => msg::decision_parked_cause(lang, &n(follower), &offset, &n(leader)),
        Explain::ParkedRule => msg::decision_parked_rule(lang),
        Explain::ParkedResult { follower, leader } => msg::decision_parked_result(lang, &n(follower), &n(leader)),
        Explain::ParkedNext { follower, leader } => msg::decision_parked_next(lang, &n(leader), &n(follower)),
        Explain::HeldByReplicaCause {
            leader,
            replica,
            replica_leo,
            until_ms,
            lag_ms,
        } => msg::decision_held_by_replica_cause(
            lang,
            &n(replica),
            &n(leader),
            &thousands(lang, lag_ms),
            &replica_leo,
            &thousands(lang, until_ms),
        ),
        Explain::HeldByReplicaRule { only_eligible: false } => msg::decision_held_by_replica_rule(lang),
        Explain::HeldByReplicaRule { only_eligible: true } => msg::decision_held_by_replica_rule_eligible(lang),
        Explain::HeldByReplicaResult {
            leader,
            hw,
            would_be,
            replica,
            until_ms,
        } => msg::decision_held_by_replica_result(
            lang,
            &n(leader),
            &hw,
            &would_be,
            &n(replica),
            &thousands(lang, until_ms),
        ),
        Explain::AfterAppendCause {
            leader,
            values: v,
            isr,
            min_isr,
        } => msg::decision_after_append_cause(
            lang,
            &n(leader),
            &values(lang, v),
            &list(lang, names, isr),
            &count(lang, isr.len() as u64, Unit::Member),
            &min_isr,
        ),
        Explain::AfterAppendRule => msg::decision_after_append_rule(lang),
        Explain::AfterAppendResult { values: v } => {
            if v.len() == 1 {
                msg::decision_after_append_result_one(lang, &values(lang, v))
            } else {
                msg::decision_after_append_result_many(lang, &values(lang, v))
            }
        }
        Explain::HaltedCause {
            broker,
            leader,
            fetch_offset,
            leader_log_end,
        } => match leader {
            Some(l) => msg::decision_halted_cause(lang, &n(broker), &fetch_offset, &n(l), &leader_log_end),
            None => msg::decision_halted_cause_no_leader(lang, &n(broker), &fetch_offset, &leader_log_end),
        },
        Explain::ConsumerValidateQuestion {
            consumer,
            leader,
            asked,
            position,
        } => msg::decision_consumer_validate_question(lang, &consumer, &asked, &position, &n(leader)),
        Explain::ConsumerValidateAnswer {
            leader,
            epoch,
            end_offset,
        } => msg::decision_consumer_validate_answer(lang, &epoch, &end_offset, &n(leader)),
        Explain::ConsumerTruncationRule => msg::decision_consumer_truncation_rule(lang),
        Explain::ConsumerTruncationResult {
            consumer,
            to,
            epoch,
            from,
        } => match to {
            Some(to) => msg::decision_consumer_truncation_result(lang, &consumer, &from, &to, &epoch),
            None => msg::decision_consumer_truncation_result_none(lang, &consumer, &from),
        },
        Explain::ConsumerResetCause {
            consumer,
            leader,
            out_of_range,
            from,
            leader_leo,
        } if out_of_range => {
            msg::decision_consumer_reset_cause_out_of_range(lang, &consumer, &from, &n(leader), &leader_leo)
        }
        Explain::ConsumerResetCause {
            consumer, leader, from, ..
        } => msg::decision_consumer_reset_cause_undefined(lang, &n(leader), &consumer, &from),
        Explain::ConsumerResetRule { latest } => {
            if latest {
                msg::decision_consumer_reset_rule_latest(lang)
            } else {
                msg::decision_consumer_reset_rule_earliest(lang)
            }
        }
        Explain::ConsumerResetResult { consumer, from, to } => match to {
            None => msg::decision_consumer_reset_result_not_available(lang, &consumer),
            Some(to) if to == from + 1 => msg::decision_consumer_reset_result_skips_one(lang, &consumer, &from, &to),
            Some(to) if to + 1 == from => msg::decision_consumer_reset_result_rereads_one(lang, &consumer, &from, &to),
            Some(to) if to > from => msg::decision_consumer_reset_result_skips(lang, &consumer, &from, &to, &(to - 1)),
            Some(to) if to < from => {
                msg::decision_consumer_reset_result_rereads(lang, &consumer, &from, &to, &(from - 1))
            }
            Some(to) => msg::decision_consumer_reset_result_same(lang, &consumer, &to),
        },
        Explain::ConsumerFailedCause {
            consumer,
            out_of_range,
            at,
            divergent,
        } => match (out_of_range, divergent) {
            (true, _) => msg::decision_consumer_failed_cause_out_of_range(lang, &consumer, &at),
            (false, Some(end)) => msg::decision_consumer_failed_cause_truncated(lang, &consumer, &end, &at),
            (false, None) => msg::decision_consumer_failed_cause_undefined(lang, &consumer, &at),
        },
        Explain::ConsumerFailedRule { out_of_range } => {
            if out_of_range {
                msg::decision_consumer_failed_rule_out_of_range(lang)
            } else {
                msg::decision_consumer_failed_rule_truncation(lang)
            }
        }
        Explain::ConsumerFailedResult { consumer, at } => msg::decision_consumer_failed_result(lang, &consumer, &at),
        Explain::HaltedRule => msg::decision_halted_rule(lang),
        Explain::HaltedResult { broker, leo } => msg::decision_halted_result(lang, &n(broker), &leo),
        Explain::BounceCause { broker, broker_epoch } => match broker_epoch {
            Some(e) => msg::decision_bounce_cause(lang, &n(broker), &e),
            None => msg::decision_bounce_cause_no_broker_epoch(lang, &n(broker)),
        },
        Explain::BounceRule { kraft } => {
            if kraft {
                msg::decision_bounce_rule_kraft(lang)
            } else {
                msg::decision_bounce_rule_zookeeper(lang)
            }
        }
        Explain::BounceResult { broker, isr } => match isr {
            Some(isr) => msg::decision_bounce_result_left_isr(lang, &n(broker), &list(lang, names, isr)),
            None => msg::decision_bounce_result(lang, &n(broker)),
        },
        Explain::NotNeededCause { broker, epoch } => msg::decision_not_needed_cause(lang, &n(broker), &epoch),
        Explain::NotNeededRule => msg::decision_not_needed_rule(lang),
        Explain::NotNeededResult { broker, epoch } => msg::decision_not_needed_result(lang, &n(broker), &epoch),
        Explain::SameQuestion { broker, leader_epoch } => msg::decision_same_question(
            lang,
            &n(broker),
            &request(lang, &Request::OffsetsForLeaderEpoch { leader_epoch }),
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
    // The KRaft text or ZooKeeper's, each a message of the same placeholders.
    let pick = |zk: fn(Lang, &dyn Display) -> String, kr: fn(Lang, &dyn Display) -> String, arg: &dyn Display| {
        if kraft {
            kr(lang, arg)
        } else {
            zk(lang, arg)
        }
    };
    match (reason, previous) {
        (ElectionReason::UncleanAfterFailure, Some(p)) => pick(
            msg::decision_unclean_cause_after_failure_named,
            msg::decision_unclean_cause_after_failure_named_kraft,
            &names.get(p),
        ),
        (ElectionReason::UncleanAfterFailure, None) if kraft => msg::decision_unclean_cause_after_failure_kraft(lang),
        (ElectionReason::UncleanAfterFailure, None) => msg::decision_unclean_cause_after_failure(lang),
        (ElectionReason::CameBack { .. }, _) => pick(
            msg::decision_unclean_cause_came_back,
            msg::decision_unclean_cause_came_back_kraft,
            &names.get(leader),
        ),
        (ElectionReason::Requested { .. }, _) => msg::decision_unclean_cause_requested(lang, &names.get(leader)),
        (r, _) => election_reason(lang, names, leader, r),
    }
}
