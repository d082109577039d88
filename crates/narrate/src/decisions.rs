//! The decision panel's rows (`Explain`) in words. Texts in `messages/decisions.msg`.

use crate::catalogue::{id, Id};
use crate::words::{count, election_reason, list, request, Unit};
use crate::{catalogue, say, thousands, Lang, Names};
use replab_core::event::{ElectionReason, EpochRecord, FollowerNext};
use replab_core::message::Request;
use replab_core::{BrokerIx, BrokerSet, Value};

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
        Explain::ShrinkBumpCause { left, isr } => say!(
            lang,
            id::DECISION_BUMP_CAUSE_SHRUNK,
            left = list(lang, names, left),
            isr = list(lang, names, isr)
        ),
        Explain::ShrinkBumpRule { leader, epoch } => {
            say!(lang, id::DECISION_BUMP_RULE_SHRINK, leader = n(leader), epoch = epoch)
        }
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
        Explain::HeldByReplicaRule { only_eligible: false } => say!(lang, id::DECISION_HELD_BY_REPLICA_RULE),
        Explain::HeldByReplicaRule { only_eligible: true } => {
            say!(lang, id::DECISION_HELD_BY_REPLICA_RULE_ELIGIBLE)
        }
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
        Explain::ConsumerValidateQuestion {
            consumer,
            leader,
            asked,
            position,
        } => say!(
            lang,
            id::DECISION_CONSUMER_VALIDATE_QUESTION,
            consumer = consumer,
            leader = n(leader),
            asked = asked,
            position = position
        ),
        Explain::ConsumerValidateAnswer {
            leader,
            epoch,
            end_offset,
        } => say!(
            lang,
            id::DECISION_CONSUMER_VALIDATE_ANSWER,
            leader = n(leader),
            epoch = epoch,
            end_offset = end_offset
        ),
        Explain::ConsumerTruncationRule => say!(lang, id::DECISION_CONSUMER_TRUNCATION_RULE),
        Explain::ConsumerTruncationResult {
            consumer,
            to,
            epoch,
            from,
        } => match to {
            Some(to) => say!(
                lang,
                id::DECISION_CONSUMER_TRUNCATION_RESULT,
                consumer = consumer,
                to = to,
                epoch = epoch,
                from = from
            ),
            None => say!(
                lang,
                id::DECISION_CONSUMER_TRUNCATION_RESULT_NONE,
                consumer = consumer,
                from = from
            ),
        },
        Explain::ConsumerResetCause {
            consumer,
            leader,
            out_of_range,
            from,
            leader_leo,
        } => say!(
            lang,
            if out_of_range {
                id::DECISION_CONSUMER_RESET_CAUSE_OUT_OF_RANGE
            } else {
                id::DECISION_CONSUMER_RESET_CAUSE_UNDEFINED
            },
            consumer = consumer,
            leader = n(leader),
            from = from,
            leader_leo = leader_leo
        ),
        Explain::ConsumerResetRule { latest } => say!(
            lang,
            if latest {
                id::DECISION_CONSUMER_RESET_RULE_LATEST
            } else {
                id::DECISION_CONSUMER_RESET_RULE_EARLIEST
            }
        ),
        Explain::ConsumerResetResult { consumer, from, to } => match to {
            None => say!(
                lang,
                id::DECISION_CONSUMER_RESET_RESULT_NOT_AVAILABLE,
                consumer = consumer
            ),
            Some(to) if to == from + 1 => say!(
                lang,
                id::DECISION_CONSUMER_RESET_RESULT_SKIPS_ONE,
                consumer = consumer,
                from = from,
                to = to
            ),
            Some(to) if to + 1 == from => say!(
                lang,
                id::DECISION_CONSUMER_RESET_RESULT_REREADS_ONE,
                consumer = consumer,
                from = from,
                to = to
            ),
            Some(to) if to > from => say!(
                lang,
                id::DECISION_CONSUMER_RESET_RESULT_SKIPS,
                consumer = consumer,
                from = from,
                to = to,
                last = to - 1
            ),
            Some(to) if to < from => say!(
                lang,
                id::DECISION_CONSUMER_RESET_RESULT_REREADS,
                consumer = consumer,
                from = from,
                to = to,
                last = from - 1
            ),
            Some(to) => say!(
                lang,
                id::DECISION_CONSUMER_RESET_RESULT_SAME,
                consumer = consumer,
                to = to
            ),
        },
        Explain::ConsumerFailedCause {
            consumer,
            out_of_range,
            at,
            divergent,
        } => match (out_of_range, divergent) {
            (true, _) => say!(
                lang,
                id::DECISION_CONSUMER_FAILED_CAUSE_OUT_OF_RANGE,
                consumer = consumer,
                at = at
            ),
            (false, Some(end)) => say!(
                lang,
                id::DECISION_CONSUMER_FAILED_CAUSE_TRUNCATED,
                consumer = consumer,
                at = at,
                end_offset = end
            ),
            (false, None) => say!(
                lang,
                id::DECISION_CONSUMER_FAILED_CAUSE_UNDEFINED,
                consumer = consumer,
                at = at
            ),
        },
        Explain::ConsumerFailedRule { out_of_range } => say!(
            lang,
            if out_of_range {
                id::DECISION_CONSUMER_FAILED_RULE_OUT_OF_RANGE
            } else {
                id::DECISION_CONSUMER_FAILED_RULE_TRUNCATION
            }
        ),
        Explain::ConsumerFailedResult { consumer, at } => {
            say!(lang, id::DECISION_CONSUMER_FAILED_RESULT, consumer = consumer, at = at)
        }
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
