//! English.

use super::{Explain, Names};
use replab_core::command::CommandError;
use replab_core::event::{
    AckFailure, ElectionReason, EpochRecord, Event, FollowerNext, LossReason, ProduceRefusal, ShrinkReason,
    TruncationRule, Violation,
};
use replab_core::message::{Reply, Request};
use replab_core::scenario::{Found, ScriptErrorKind};
use replab_core::Protocol;

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", crate::thousands(n))
    }
}

fn epoch_opt(e: Option<u32>) -> String {
    e.map_or("no epoch".into(), |e| format!("epoch {e}"))
}

pub fn request(r: &Request) -> String {
    match r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            format!("OffsetsForLeaderEpoch({})", epoch_opt(*leader_epoch))
        }
        Request::Fetch {
            offset,
            last_fetched_epoch,
            max,
        } => {
            let mut s = format!("Fetch(offset {offset}");
            if let Some(e) = last_fetched_epoch {
                s += &format!(", last fetched epoch {e}");
            }
            if let Some(m) = max {
                s += &format!(", max {m}");
            }
            s + ")"
        }
    }
}

pub fn reply(r: &Reply) -> String {
    match r {
        Reply::EpochEndOffset { asked, answer } => match (answer.epoch, answer.end_offset) {
            (Some(e), Some(o)) => format!("epoch {e} ends at offset {o}"),
            (None, Some(o)) => format!("{} ends at offset {o}", epoch_opt(*asked)),
            _ => format!("undefined: it cannot place {}", epoch_opt(*asked)),
        },
        Reply::Records {
            from,
            count,
            high_watermark,
        } => {
            if *count == 0 {
                format!("no new records, HW {high_watermark}")
            } else {
                format!(
                    "{} from offset {from}, HW {high_watermark}",
                    plural(*count, "record", "records")
                )
            }
        }
        Reply::DivergingEpoch { epoch, end_offset, .. } => {
            format!("DivergingEpoch: epoch {epoch} ends at offset {end_offset}, no records")
        }
        Reply::OffsetOutOfRange { log_end_offset } => format!("OffsetOutOfRange: its log ends at {log_end_offset}"),
    }
}

pub fn truncation_reason(rule: &TruncationRule) -> String {
    match *rule {
        TruncationRule::HighWatermark { hw } => {
            format!("without leader epochs a new follower truncates to its own high watermark, {hw}")
        }
        TruncationRule::LeaderEndOffset {
            asked: Some(asked),
            end_offset,
        } => format!("the leader says epoch {asked} ends at offset {end_offset}"),
        TruncationRule::LeaderEndOffset { asked: None, end_offset } => {
            format!("asked with epoch -1, the leader, with no epochs either, answers its log end, {end_offset}")
        }
        TruncationRule::UndefinedEndOffset { asked, hw } => format!(
            "the leader cannot say where {} ends, so it falls back to its high watermark, {hw}",
            epoch_opt(asked)
        ),
        TruncationRule::SameEpoch { epoch, leader_end, follower_end, .. } => {
            if leader_end < follower_end {
                format!("the leader says epoch {epoch} ends at offset {leader_end} (here it ends at {follower_end})")
            } else {
                format!("epoch {epoch} ends at offset {follower_end} here and at {leader_end} on the leader")
            }
        }
        TruncationRule::FollowerEpochBelow { leader_epoch, leader_end, follower_epoch, follower_end, .. } => format!(
            "the leader says epoch {leader_epoch} ends at offset {leader_end}, but this log has no epoch {leader_epoch}: \
             its epoch {follower_epoch} ends at {follower_end}, so it cuts there and asks again"
        ),
        TruncationRule::NoFollowerEpochs { leader_epoch, leader_end, .. } => format!(
            "the leader says epoch {leader_epoch} ends at offset {leader_end} and this log has no epochs to compare"
        ),
        TruncationRule::LeaderLogEnd { log_end_offset } => {
            format!("its fetch offset is past the leader's log end, {log_end_offset}")
        }
    }
}

pub(crate) fn election_reason(names: &Names, leader: usize, r: &ElectionReason) -> String {
    let l = names.get(leader);
    match r {
        ElectionReason::LeaderFailed => format!("the leader failed and {l} is the first alive ISR member"),
        ElectionReason::UncleanAfterFailure => {
            format!("the leader failed, no ISR member is alive, and unclean election picks {l}")
        }
        ElectionReason::CameBack { unclean: false } => {
            format!("the partition was offline and {l}, an ISR member, came back")
        }
        ElectionReason::CameBack { unclean: true } => {
            format!("the partition was offline and {l} came back; unclean election lets it lead")
        }
        ElectionReason::Requested { unclean: false } => "the controller elected it".into(),
        ElectionReason::Requested { unclean: true } => "the controller elected it uncleanly".into(),
        ElectionReason::FollowersCrashed => format!(
            "{l} stays leader: the ZooKeeper controller writes a new leader epoch whenever it removes crashed followers from the ISR"
        ),
        ElectionReason::FromElr => format!("{l} elected from the ELR: the ISR was empty"),
        ElectionReason::LastKnownLeader => {
            format!("{l} elected as last known leader: no ISR or ELR member was left")
        }
    }
}

pub fn releases(p: Protocol) -> &'static str {
    match p {
        Protocol::Hw => "Kafka 0.10",
        Protocol::Kip101 => "Kafka 0.11",
        Protocol::Kip279 => "Kafka 2.1–2.6",
        Protocol::DivergingEpoch => "Kafka 2.8–3.x",
        Protocol::KraftElr => "Kafka 4.1",
    }
}

pub fn protocol_note(p: Protocol) -> &'static str {
    match p {
        Protocol::Hw => {
            "Kafka 0.10 with the ZooKeeper controller: no leader epochs yet; a replica that becomes a follower \
             truncates to its own high watermark"
        }
        Protocol::Kip101 => {
            "Kafka 0.11 with the ZooKeeper controller: leader epochs (KIP-101); the leader answers \
             OffsetsForLeaderEpoch with an end offset only"
        }
        Protocol::Kip279 => {
            "Kafka 2.1 to 2.6 with the ZooKeeper controller: the leader answers OffsetsForLeaderEpoch with an epoch \
             and its end offset (KIP-279), and a follower checks its log on every new epoch (KAFKA-7164)"
        }
        Protocol::DivergingEpoch => {
            "Kafka 2.8 to 3.x with the ZooKeeper controller: truncation on fetch (KAFKA-10554, shipped in 2.8); \
             every fetch carries the follower's latest epoch and the leader answers DivergingEpoch"
        }
        Protocol::KraftElr => {
            "Kafka 4.1 with the KRaft controller: truncation on fetch as in 2.8; no ISR change moves the leader \
             epoch; Eligible Leader Replicas (KIP-966) and a strict min ISR (the HW holds below min.insync.replicas)"
        }
    }
}

/// What a follower does, without its subject ("must first validate its log ...").
fn reaction(names: &Names, leader: usize, r: FollowerNext) -> String {
    let l = names.get(leader);
    match r {
        FollowerNext::KeepFollowing => format!("keeps following {l} without checking its log"),
        FollowerNext::Validate => "must first validate its log with OffsetsForLeaderEpoch".into(),
        FollowerNext::FetchChecked => {
            format!("fetches from its log end, each fetch carrying its latest epoch for {l} to check")
        }
        FollowerNext::TruncateToHw { hw, from } if hw < from => {
            format!("truncates to its own high watermark, {hw}, then fetches")
        }
        FollowerNext::TruncateToHw { hw, .. } => {
            format!("keeps its log, which ends at its own high watermark, {hw}, and fetches")
        }
        FollowerNext::Fetch => "fetches from its log end".into(),
    }
}

/// The same, as what it will do once a leader is elected.
fn future_reaction(r: FollowerNext) -> String {
    match r {
        FollowerNext::Validate => "validate its log with OffsetsForLeaderEpoch first".into(),
        FollowerNext::FetchChecked => {
            "fetch from its log end, each fetch carrying its latest epoch for the leader to check".into()
        }
        FollowerNext::TruncateToHw { hw, .. } => format!("truncate to its own high watermark, {hw}, then fetch"),
        FollowerNext::KeepFollowing | FollowerNext::Fetch => "fetch from its log end".into(),
    }
}

pub fn explain(names: &Names, e: &Explain) -> String {
    let n = |b: usize| names.get(b);
    match *e {
        Explain::BumpCause { crashed, isr } => format!(
            "{} crashed, and the controller removed {} from the ISR (now {})",
            names.list(crashed),
            if crashed.len() == 1 { "it" } else { "them" },
            names.list(isr)
        ),
        Explain::BumpRule { leader, epoch } => format!(
            "the ZooKeeper controller writes a new leader epoch with every ISR change it makes \
             (LeaderAndIsr.newLeaderAndIsr): {} stays leader, in epoch {epoch}",
            n(leader)
        ),
        Explain::BumpLeader { leader, epoch, record } => match record {
            EpochRecord::AtOnce { offset } => format!(
                "{} leads on in epoch {epoch} and records it in its leader-epoch cache at once, from offset {offset}",
                n(leader)
            ),
            EpochRecord::WithNextWrite => format!(
                "{} leads on in epoch {epoch}; as in Kafka 0.11, it records the epoch only with its next write",
                n(leader)
            ),
            EpochRecord::NoCache => format!(
                "{} leads on in epoch {epoch}; before Kafka 0.11 no replica keeps a leader-epoch cache",
                n(leader)
            ),
        },
        Explain::BumpFollower {
            follower,
            leader,
            next: r,
        } => {
            let why = if r == FollowerNext::KeepFollowing {
                "before Kafka 2.1 the same leader in a new epoch was not a change (KAFKA-7164)"
            } else {
                "from Kafka 2.1 every new leader epoch is a change, even with the same leader (KAFKA-7164)"
            };
            format!("{} {}: {why}", n(follower), reaction(names, leader, r))
        }
        Explain::NoFollowerRunning => "no other replica is running to see the new epoch".into(),
        Explain::SameLeaderCause { leader, epoch, reason } => match reason {
            ElectionReason::FollowersCrashed => format!(
                "{} stays leader into epoch {epoch}: the controller removed crashed followers from the ISR",
                n(leader)
            ),
            r => format!(
                "{} leads again, in epoch {epoch}: {}",
                n(leader),
                election_reason(names, leader, r)
            ),
        },
        Explain::SameLeaderRule => "before Kafka 2.1 a follower started over only when the leader changed: the same \
             leader in a new epoch was not a change (Partition.makeFollower; KAFKA-7164, fixed in 2.1)"
            .into(),
        Explain::KeptFollowingResult { follower, leader } => format!(
            "{} keeps following {} without checking its log: its fetcher, and any response in flight, carry on",
            n(follower),
            n(leader)
        ),
        Explain::WaitingCause { broker, leo, hw } => format!(
            "{} restarts from disk (LEO {leo}, HW {hw}) while the partition has no leader",
            n(broker)
        ),
        Explain::WaitingRule => "a replica follows only a live leader: until one is elected it neither truncates \
             nor validates (ReplicaManager.makeFollowers)"
            .into(),
        Explain::WaitingResult { broker } => format!("{} keeps its log as it is and waits", n(broker)),
        Explain::WaitingNext { broker, next: r } => {
            format!("once a leader is elected, {} will {}", n(broker), future_reaction(r))
        }
        Explain::LeaderFoundCause { leader, epoch, reason } => format!(
            "{} becomes leader in epoch {epoch}: {}",
            n(leader),
            election_reason(names, leader, reason)
        ),
        Explain::LeaderFoundRule { broker, since } => format!(
            "{} had waited for a leader since step {since}, its log untouched; only now that a leader is alive \
             does it start following (ReplicaManager.makeFollowers)",
            n(broker)
        ),
        Explain::LeaderFoundResult {
            follower,
            leader,
            next: r,
        } => format!(
            "{} stops waiting, follows {} and {}",
            n(follower),
            n(leader),
            reaction(names, leader, r)
        ),
        Explain::ElrElectionCause { leader, elr } => {
            if elr.len() <= 1 {
                format!("the ISR was empty, and {} was in the ELR", n(leader))
            } else {
                format!(
                    "the ISR was empty; the ELR held {}, and {} was the first of them that was up (not fenced)",
                    names.list(elr),
                    n(leader)
                )
            }
        }
        Explain::ElrElectionRule => "with the ISR empty, the KRaft controller elects the first unfenced ELR member, \
             in assignment order (KIP-966): an ELR member left an ISR that was below min.insync.replicas, where the \
             HW could not move, so it holds every committed record"
            .into(),
        Explain::ElrElectionResult {
            leader,
            epoch,
            isr,
            elr,
        } => format!(
            "{} elected from the ELR: the ISR was empty. It leads in epoch {epoch}; the ISR is now {}{}",
            n(leader),
            names.list(isr),
            if elr.is_empty() {
                " and the ELR is empty".to_string()
            } else {
                format!(", the ELR {}", names.list(elr))
            }
        ),
        Explain::LastKnownLeaderCause { leader } => format!(
            "the ISR and the ELR were both empty; {} was the leader when the ISR became empty",
            n(leader)
        ),
        Explain::LastKnownLeaderRule => "with no ISR or ELR member, the KRaft controller waits for the last known \
             leader and elects it once it is up (KIP-966): it led last, so it holds what it committed, unless a \
             crash lost records it had not flushed"
            .into(),
        Explain::LastKnownLeaderResult { leader, epoch } => format!(
            "{} elected as last known leader: no ISR or ELR member was left. It leads in epoch {epoch}, with the ISR \
             just {}",
            n(leader),
            n(leader)
        ),
        Explain::UncleanCause {
            leader,
            previous,
            reason,
            kraft,
        } => {
            let members = if kraft { "no ISR or ELR member" } else { "no ISR member" };
            match (reason, previous) {
                (ElectionReason::UncleanAfterFailure, Some(p)) => {
                    format!("{}, the leader, stopped, and {members} was up to take over", n(p))
                }
                (ElectionReason::UncleanAfterFailure, None) => {
                    format!("the leader stopped, and {members} was up to take over")
                }
                (ElectionReason::CameBack { .. }, _) => format!(
                    "the partition was offline with {members} up, and {} came back",
                    n(leader)
                ),
                (ElectionReason::Requested { .. }, _) => format!(
                    "an unclean election of {} was asked for (elect {} unclean)",
                    n(leader),
                    n(leader)
                ),
                (r, _) => election_reason(names, leader, r),
            }
        }
        Explain::UncleanRule { requested, kraft } => format!(
            "{}, trading durability for availability; the ISR becomes just that broker{}",
            if requested {
                "an unclean election makes the named broker leader even outside the ISR"
            } else {
                "unclean.leader.election.enable is true: the controller may pick a broker outside the ISR"
            },
            if kraft {
                ", and the ELR and the last known leader are cleared"
            } else {
                ""
            }
        ),
        Explain::UncleanResult {
            leader,
            epoch,
            lost,
            from,
        } => match (lost, from) {
            ([], _) | (_, None) => format!(
                "{} leads in epoch {epoch}; its log holds every record committed so far, so nothing committed is \
                 lost this time",
                n(leader)
            ),
            (lost, Some(from)) => format!(
                "{} leads in epoch {epoch} without the committed {} (from offset {from}): {} lost",
                n(leader),
                lost.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
                if lost.len() == 1 { "it is" } else { "they are" }
            ),
        },
        Explain::OfflineCause { previous, shut_down } => format!(
            "{}, the leader, {}",
            n(previous),
            if shut_down { "shut down" } else { "crashed" }
        ),
        Explain::OfflineRule => "no eligible replica is up: the partition goes offline, and under KRaft that is a new \
             leader epoch too (every change of leader, to none as well, writes one: PartitionRegistration.merge)"
            .into(),
        Explain::OfflineResult {
            epoch,
            isr,
            elr,
            last_known_leader,
        } => format!(
            "no leader in epoch {epoch}; ISR: {}, ELR: {}, last known leader: {}",
            names.list(isr),
            names.list(elr),
            last_known_leader.map_or("none", n)
        ),
        Explain::OfflineNext {
            able,
            unable,
            has_elr,
            unclean,
        } => {
            let or = |set: replab_core::BrokerSet| {
                let v: Vec<&str> = set.iter().map(n).collect();
                match v.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                    _ => v.concat(),
                }
            };
            let mut s = match (able.is_empty(), unable.is_empty()) {
                (true, _) => "no single restart brings a leader back now".to_string(),
                (false, true) => format!("restarting {} would bring a leader back now", or(able)),
                (false, false) => format!(
                    "restarting {} would bring a leader back now, restarting {} would not",
                    or(able),
                    or(unable)
                ),
            };
            s += if has_elr {
                ". In general a leader returns when a broker that may lead restarts: an ISR member; with the ISR \
                 empty, an ELR member that shut down cleanly (a crashed one restarts uncleanly and leaves the ELR); \
                 with both empty, the last known leader"
            } else {
                ". In general a leader returns when an ISR member restarts"
            };
            if unclean {
                s += "; with unclean.leader.election.enable, any broker that restarts";
            }
            s
        }
        Explain::HwHeldCause { isr, min_isr } => format!(
            "the ISR is {}: {}, fewer than min.insync.replicas = {min_isr}",
            names.list(isr),
            plural(isr.len() as u64, "member", "members")
        ),
        Explain::HwHeldRule => "strict min ISR (Kafka 3.7+, KAFKA-15583): the leader does not move the HW while the \
             ISR has fewer than min.insync.replicas members, so nothing counts as committed on fewer replicas; \
             acks=all writes are refused meanwhile"
            .into(),
        Explain::HwHeldResult {
            leader,
            hw,
            leo,
            isr,
            min_isr,
        } => {
            let held = format!("HW held at {hw}: ISR has {isr} of min.insync.replicas {min_isr}");
            if leo > hw + 1 {
                format!(
                    "{held}; {}'s records at offsets {hw} to {} stay uncommitted until the ISR grows back",
                    n(leader),
                    leo - 1
                )
            } else if leo == hw + 1 {
                format!(
                    "{held}; {}'s record at offset {hw} stays uncommitted until the ISR grows back",
                    n(leader)
                )
            } else {
                held
            }
        }
        Explain::ParkedCause {
            follower,
            leader,
            offset,
        } => format!(
            "{} fetches from offset {offset}, {}'s log end: there is no record for it yet",
            n(follower),
            n(leader)
        ),
        Explain::ParkedRule => "a fetch that finds no records is not answered at once: the leader holds it \
             (DelayedFetch) until it appends or replica.fetch.wait.max.ms passes. It has already noted the fetch \
             offset, which counts for the ISR and the HW"
            .into(),
        Explain::ParkedResult { follower, leader } => format!(
            "{}'s fetch waits at {}: no response is on its way yet",
            n(follower),
            n(leader)
        ),
        Explain::ParkedNext { follower, leader } => format!(
            "{} answers it at its next append, with the new records and its HW then; deliver {} ends the wait now, \
             with no records",
            n(leader),
            n(follower)
        ),
        Explain::HeldByReplicaCause {
            leader,
            replica,
            replica_leo,
            until_ms,
            lag_ms,
        } => format!(
            "{} is outside the ISR but caught up with {} within replica.lag.time.max.ms ({} ms): its log end, \
             {replica_leo}, counts for the HW until {} ms",
            n(replica),
            n(leader),
            crate::thousands(lag_ms),
            crate::thousands(until_ms)
        ),
        Explain::HeldByReplicaRule => "the leader's HW is the smallest log end over the ISR and every replica that \
             caught up within replica.lag.time.max.ms, so that a follower catching up reaches the HW and can rejoin \
             the ISR instead of chasing it (Partition.maybeIncrementLeaderHW, KAFKA-4485)"
            .into(),
        Explain::HeldByReplicaResult {
            leader,
            hw,
            would_be,
            replica,
            until_ms,
        } => format!(
            "{}'s HW stays at {hw} instead of {would_be} until {}'s log end passes {hw} or the clock passes {} ms",
            n(leader),
            n(replica),
            crate::thousands(until_ms)
        ),
        Explain::AfterAppendCause {
            leader,
            values,
            isr,
            min_isr,
        } => format!(
            "{}'s HW passed {} while the ISR is {}: {}, fewer than min.insync.replicas = {min_isr}",
            n(leader),
            values.join(", "),
            names.list(isr),
            plural(isr.len() as u64, "member", "members")
        ),
        Explain::AfterAppendRule => "an acks=all write is answered when the HW passes it; if the ISR is then below \
             min.insync.replicas, the answer is the error NOT_ENOUGH_REPLICAS_AFTER_APPEND, although the record is \
             written and committed (Partition.checkEnoughReplicasReachOffset)"
            .into(),
        Explain::AfterAppendResult { values } => {
            let list = values.join(", ");
            if values.len() == 1 {
                format!(
                    "the producer of {list} gets NOT_ENOUGH_REPLICAS_AFTER_APPEND, yet {list} stays in the log and \
                     counts as committed"
                )
            } else {
                format!(
                    "the producers of {list} get NOT_ENOUGH_REPLICAS_AFTER_APPEND, yet {list} stay in the log and \
                     count as committed"
                )
            }
        }
        Explain::HaltedCause {
            broker,
            leader,
            fetch_offset,
            leader_log_end,
        } => format!(
            "{} fetched from offset {fetch_offset}, past {} log end, {leader_log_end} (OffsetOutOfRange)",
            n(broker),
            leader.map_or("the leader's".to_string(), |l| format!("{}'s", n(l)))
        ),
        Explain::HaltedRule => "in Kafka 0.10 and 0.11 with unclean.leader.election.enable off, a follower may \
             not truncate records that may be committed: its fetcher throws FatalExitError and the broker's process \
             exits (ReplicaFetcherThread.handleOffsetOutOfRange)"
            .into(),
        Explain::HaltedResult { broker, leo } => format!(
            "{} is down with its whole log (LEO {leo}); the controller sees it go, as after a crash, and it stays \
             down until it is restarted",
            n(broker)
        ),
        Explain::BounceCause { broker, broker_epoch } => match broker_epoch {
            Some(e) => format!("{} crashed and came straight back, in broker epoch {e}", n(broker)),
            None => format!("{} crashed and came straight back", n(broker)),
        },
        Explain::BounceRule { kraft: false } => "from Kafka 2.2 the ZooKeeper controller knows each broker's \
             registration epoch (KIP-380): a broker back with a new one has restarted, however fast, so the bounce \
             is handled as a crash, then a restart"
            .into(),
        Explain::BounceRule { kraft: true } => "the KRaft controller sees every restart as a new broker epoch: the \
             bounce is handled as a crash, then a restart"
            .into(),
        Explain::BounceResult { broker, isr } => match isr {
            Some(isr) => format!(
                "{} is handled as crashed: it leaves the ISR (now {}); then as restarted, it follows the leader again",
                n(broker),
                names.list(isr)
            ),
            None => format!(
                "{} is handled as crashed, then as restarted: it follows the leader again",
                n(broker)
            ),
        },
        Explain::NotNeededCause { broker, epoch } => {
            format!("elect {}: {} already leads, in epoch {epoch}", n(broker), n(broker))
        }
        Explain::NotNeededRule => "electing the replica that already leads changes nothing: the controller writes \
             no new leader epoch (from Kafka 2.4 the answer is ELECTION_NOT_NEEDED, KIP-460)"
            .into(),
        Explain::NotNeededResult { broker, epoch } => {
            format!("{} stays leader in epoch {epoch}; the followers carry on", n(broker))
        }
        Explain::SameQuestion { broker, leader_epoch } => format!(
            "the truncation removed nothing, and Kafka 2.1 then leaves the leader-epoch cache as it is \
             (Log.truncateTo at the log end): {} sends {} again, gets the same answer, and never fetches \
             (KAFKA-10706)",
            n(broker),
            request(&Request::OffsetsForLeaderEpoch { leader_epoch })
        ),
    }
}

pub fn violation_detail(_names: &Names, v: &Violation) -> String {
    match v {
        Violation::CommittedWriteLost { offset, value, .. } => format!("{value} at offset {offset}"),
        Violation::ReplicasDiverged {
            offset,
            leader_record,
            follower_record,
            ..
        } => {
            format!("{} and {} at offset {offset}", follower_record.1, leader_record.1)
        }
    }
}

pub fn event(names: &Names, e: &Event) -> String {
    let n = |b: usize| names.get(b);
    match e {
        Event::Appended { leader, offset, epoch, value, acks } => {
            format!("{} appends {value} at offset {offset} in epoch {epoch} (acks={})", n(*leader), acks.name())
        }
        Event::ProduceRefused { value, reason } => match reason {
            ProduceRefusal::NoLeader => format!("the write of {value} fails: the partition has no leader"),
            ProduceRefusal::NotEnoughReplicas { isr, min_isr } => format!(
                "the write of {value} is refused with NotEnoughReplicas: the ISR has {}, min.insync.replicas is {min_isr}",
                plural(u64::from(*isr), "replica", "replicas")
            ),
        },
        Event::Acked { value, offset } => format!("{value} (offset {offset}) is acknowledged to the producer"),
        Event::AckFailed { value, offset, reason } => match reason {
            AckFailure::LeadershipMoved => {
                format!("the producer of {value} (offset {offset}) gets an error: leadership moved before it was committed")
            }
            AckFailure::NotEnoughReplicasAfterAppend { isr, min_isr } => format!(
                "the producer of {value} (offset {offset}) gets NOT_ENOUGH_REPLICAS_AFTER_APPEND: {value} is committed, \
                 but the ISR has {}, min.insync.replicas is {min_isr}; it stays in the log",
                plural(u64::from(*isr), "replica", "replicas")
            ),
        },
        Event::RequestSent { follower, leader, request: r } => format!("{} sends {} to {}", n(*follower), request(r), n(*leader)),
        Event::NoLeaderToFetchFrom { follower } => format!("{} has no leader to fetch from", n(*follower)),
        Event::RequestAnswered { follower, leader, reply: r } => {
            format!("{} answers {}: {}", n(*leader), n(*follower), reply(r))
        }
        Event::FetchParked { follower, leader, offset } => format!(
            "{}'s fetch waits at {} for new records (offset {offset}): {} holds it until its next append or the end \
             of the wait (DelayedFetch)",
            n(*follower),
            n(*leader),
            n(*leader)
        ),
        Event::ParkedFetchLost { follower, offset, reason } => {
            let f = n(*follower);
            let what = format!("{f}'s fetch waiting at the leader (offset {offset})");
            match reason {
                LossReason::Fenced { epoch } => {
                    format!("{what} ends unanswered: epoch {epoch} began while it waited (fenced)")
                }
                LossReason::FollowerCrashed => format!("{what} is gone: {f} crashed"),
                LossReason::LeaderCrashed => format!("{what} is lost with the crashed leader"),
                LossReason::Dropped => format!("{what} is dropped"),
            }
        }
        Event::ResponseDelivered { follower, .. } => format!("the response reaches {}", n(*follower)),
        Event::ResponseLost { follower, reason, .. } => match reason {
            LossReason::Fenced { epoch } => format!(
                "the response to {} is dropped: epoch {epoch} began while it was in flight (fenced)",
                n(*follower)
            ),
            LossReason::FollowerCrashed => format!("the response to {} is lost: {} crashed", n(*follower), n(*follower)),
            LossReason::LeaderCrashed => format!("the response to {} is lost with the crashed leader", n(*follower)),
            LossReason::Dropped => format!("the response to {} is lost on the way", n(*follower)),
        },
        Event::Replicated { follower, from, to } => {
            format!("{} appends {} (offsets {from} to {})", n(*follower), plural(to - from, "record", "records"), to - 1)
        }
        Event::HighWatermarkChanged { broker, from, to } => {
            format!("{}'s high watermark moves from {from} to {to}", n(*broker))
        }
        Event::Truncation { broker, from, to, rule, .. } => {
            let why = truncation_reason(rule);
            if to < from {
                format!("{} truncates its log from {from} to {to}: {why}", n(*broker))
            } else {
                format!("{} keeps its log (LEO {from}): {why}", n(*broker))
            }
        }
        Event::EpochAssigned { broker, epoch, start_offset } => {
            format!("{}'s leader-epoch cache: epoch {epoch} starts at offset {start_offset}", n(*broker))
        }
        Event::AsksAgainUnchanged { broker, leader_epoch } => format!(
            "{}'s truncation removed nothing, so its leader-epoch cache is unchanged: it will send {} again, the same \
             question (KAFKA-10706)",
            n(*broker),
            request(&Request::OffsetsForLeaderEpoch {
                leader_epoch: *leader_epoch
            })
        ),
        Event::HighWatermarkHeldByReplica {
            broker,
            hw,
            would_be,
            replica,
            replica_leo,
            until_ms,
        } => format!(
            "{}'s HW would move to {would_be} but stays at {hw}: {}, outside the ISR but caught up recently, counts \
             with its log end {replica_leo} until {} ms (replica.lag.time.max.ms; KAFKA-4485)",
            n(*broker),
            n(*replica),
            crate::thousands(*until_ms)
        ),
        Event::Crashed { broker, lost_from, lost, noticed } => {
            let what = if *noticed {
                format!("{} crashes", n(*broker))
            } else {
                format!("{} bounces: it crashes and is back before the controller notices", n(*broker))
            };
            match lost_from {
                Some(end) => format!(
                    "{what}, losing {} it had not flushed (its log now ends at {end})",
                    plural(*lost, "record", "records")
                ),
                None => what,
            }
        }
        Event::Restarted {
            broker,
            leo,
            hw,
            latest_epoch,
            broker_epoch,
            clean,
        } => format!(
            "{} restarts{} from disk with LEO {leo}, HW {hw} and {}, in broker epoch {broker_epoch}",
            n(*broker),
            if *clean { " cleanly" } else { "" },
            latest_epoch.map_or("no leader epochs".into(), |e| format!("latest epoch {e}"))
        ),
        Event::ShutDown { broker } => format!(
            "{} shuts down cleanly: it flushes its log, hands over leadership and leaves the ISR",
            n(*broker)
        ),
        Event::Halted {
            broker,
            fetch_offset,
            leader_log_end,
        } => format!(
            "{} halts: it fetched from offset {fetch_offset}, past the leader's log end {leader_log_end}, and may not \
             truncate records that may be committed, so its fetcher throws FatalExitError and the broker's process \
             exits, keeping its whole log",
            n(*broker)
        ),
        Event::BounceNoticed { broker } => format!(
            "the controller sees {} come back with a new broker epoch: the bounce counts as a crash, then a restart",
            n(*broker)
        ),
        Event::ElectionNotNeeded { broker, epoch } => {
            format!("no election needed: {} already leads, in epoch {epoch} (no new epoch)", n(*broker))
        }
        Event::ElrChanged { elr, last_known_leader } => format!(
            "the ELR is now {}; last known leader: {}",
            names.list(*elr),
            last_known_leader.map_or("none".to_string(), |b| n(b).to_string())
        ),
        Event::HighWatermarkHeld {
            broker,
            hw,
            isr,
            min_isr,
        } => format!(
            "{}'s HW is held at {hw}: the ISR has {isr} of min.insync.replicas {min_isr} (strict min ISR, Kafka 3.7+)",
            n(*broker)
        ),
        Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason: ElectionReason::FollowersCrashed,
            ..
        } => format!(
            "{} stays leader, now in epoch {epoch} (ISR: {}): the ZooKeeper controller writes a new leader epoch \
             whenever it removes crashed followers from the ISR",
            n(*leader),
            names.list(*isr)
        ),
        Event::LeaderElected {
            leader, epoch, isr, reason, ..
        } => format!(
            "{} becomes leader in epoch {epoch} (ISR: {}): {}",
            n(*leader),
            names.list(*isr),
            election_reason(names, *leader, reason)
        ),
        Event::PartitionOffline { epoch, .. } => {
            format!("the partition is offline in epoch {epoch}: no replica may lead")
        }
        Event::BecameFollower { broker, leader, next } => match (leader, next) {
            (None, _) => format!(
                "{} keeps its log as it is and waits: the partition has no leader to follow",
                n(*broker)
            ),
            (Some(l), FollowerNext::Validate) => format!(
                "{} follows {} and must first validate its log with OffsetsForLeaderEpoch",
                n(*broker),
                n(*l)
            ),
            (Some(l), _) => format!("{} follows {} and fetches from its log end", n(*broker), n(*l)),
        },
        Event::KeptFollowing { broker, leader, epoch } => format!(
            "{} keeps following {} in epoch {epoch} without checking its log: before Kafka 2.1 the same leader in a new epoch was not a change (KAFKA-7164)",
            n(*broker),
            n(*leader)
        ),
        Event::EpochsTrimmed {
            broker,
            log_end_offset,
            removed,
        } => format!(
            "log recovery trims {}'s leader-epoch checkpoint to its log end {log_end_offset}: {} started at or past it",
            n(*broker),
            plural(u64::from(*removed), "entry", "entries")
        ),
        Event::IsrShrunk { broker, isr, reason } => match reason {
            ShrinkReason::Crashed => format!("{} leaves the ISR (now {}): it crashed", n(*broker), names.list(*isr)),
            ShrinkReason::ShutDown => format!("{} leaves the ISR (now {}): it shut down", n(*broker), names.list(*isr)),
            ShrinkReason::UncleanRestart => format!(
                "{} leaves the ISR (now {}): it restarts without a clean shutdown, so the controller cannot trust its log end",
                n(*broker),
                names.list(*isr)
            ),
            ShrinkReason::Lagged {
                since_ms,
                checked_at_ms,
            } => format!(
                "{} leaves the ISR (now {}): at {} ms, when the leader looks for lagging followers, {}",
                n(*broker),
                names.list(*isr),
                crate::thousands(*checked_at_ms),
                match since_ms {
                    Some(t) => format!(
                        "it had not caught up since {} ms, longer than replica.lag.time.max.ms",
                        crate::thousands(*t)
                    ),
                    None => "it had never caught up with this leader".into(),
                }
            ),
        },
        Event::IsrExpanded { broker, isr } => format!("{} rejoins the ISR (now {})", n(*broker), names.list(*isr)),
        Event::ClockAdvanced { now_ms } => format!("the clock reaches {now_ms} ms"),
        Event::ConfigChanged { setting } => format!("{} is now {}", setting.key(), setting.value_text()),
        Event::ViolationFound { violation } => match violation {
            Violation::CommittedWriteLost { .. } => format!("SAFETY: committed write lost: {}", violation_sentence(names, violation)),
            Violation::ReplicasDiverged { .. } => format!("SAFETY: replicas diverged: {}", violation_sentence(names, violation)),
        },
    }
}

pub fn command_error(names: &Names, e: &CommandError) -> String {
    let n = |b: usize| names.get(b);
    match e {
        CommandError::NoSuchBroker { broker } => format!("there is no broker number {broker}"),
        CommandError::BrokerDown { broker } => format!("broker '{}' is down", n(*broker)),
        CommandError::BrokerAlreadyUp { broker } => format!("broker '{}' is already running", n(*broker)),
        CommandError::IsLeader { broker } => format!("broker '{}' is the leader", n(*broker)),
        CommandError::AlreadyInFlight { follower } => {
            format!(
                "broker '{}' already has a response in flight (deliver it first)",
                n(*follower)
            )
        }
        CommandError::NothingInFlight { follower } => format!("broker '{}' has no response in flight", n(*follower)),
        CommandError::NotInIsr { broker } => {
            format!(
                "broker '{}' is not in the ISR (add 'unclean' to elect it anyway)",
                n(*broker)
            )
        }
        CommandError::DuplicateTarget { broker } => format!("broker '{}' is named twice", n(*broker)),
        CommandError::NoTargets => "no broker named".into(),
        CommandError::NotEligible { broker } => format!(
            "broker '{}' may not lead: it must be an unfenced ISR member, or an ELR member while the ISR is empty",
            n(*broker)
        ),
        CommandError::HasLeader => "an unclean election acts only on a partition with no leader".into(),
    }
}

pub fn script_error(names: &Names, k: &ScriptErrorKind) -> String {
    match k {
        ScriptErrorKind::UnknownVerb { verb } => format!("unknown statement '{verb}'"),
        ScriptErrorKind::UnknownBroker { id } => format!("unknown broker '{id}'"),
        ScriptErrorKind::BadBrokerId { id } => {
            format!("'{id}' is not a broker id (a letter, then letters, digits, '_' or '-')")
        }
        ScriptErrorKind::DuplicateBroker { id } => format!("broker '{id}' is listed twice"),
        ScriptErrorKind::BrokerCount { count } => format!("a partition has 1 to 7 brokers, not {count}"),
        ScriptErrorKind::DuplicateHeader { verb } => format!("'{verb}' is given twice"),
        ScriptErrorKind::HeaderAfterAction { verb } => format!("'{verb}' belongs in the header, before the first action"),
        ScriptErrorKind::MissingBrokers => "no 'brokers' line before the first action".into(),
        ScriptErrorKind::UnknownProtocol { name } => {
            format!("unknown protocol '{name}' (hw, kip-101, kip-279, diverging-epoch or kraft-elr)")
        }
        ScriptErrorKind::UnknownSetting { key } => format!(
            "unknown setting '{key}' (min.insync.replicas, unclean.leader.election.enable, replica.lag.time.max.ms, acks, eligible.leader.replicas.version)"
        ),
        ScriptErrorKind::BadSettingValue { key, value } => format!("'{value}' is not a valid value for {key}"),
        ScriptErrorKind::BadSetSyntax { text } => format!("'{text}' should be key=value"),
        ScriptErrorKind::MissingArgument { verb, what } => format!("'{verb}' needs a {what}"),
        ScriptErrorKind::UnexpectedArgument { verb, arg } => format!("unexpected '{arg}' after '{verb}'"),
        ScriptErrorKind::BadValue { value } => {
            format!("'{value}' is not a message value (letters, digits, '_', '.', ':' or '-')")
        }
        ScriptErrorKind::BadNumber { what, text } => format!("'{text}' is not a valid {what}"),
        ScriptErrorKind::BadAcks { text } => format!("acks must be 0, 1 or all, not '{text}'"),
        ScriptErrorKind::BadCrashTarget { text } => format!("'{text}' should be a broker or broker@offset"),
        ScriptErrorKind::UnknownExpectation { what } => {
            format!("unknown expectation '{what}' (log, hw, leo or epochs after a broker)")
        }
        ScriptErrorKind::UnknownViolationKind { kind } => {
            format!("unknown violation kind '{kind}' (committed-write-lost or replicas-diverged)")
        }
        ScriptErrorKind::EmptyTitle => "'title' needs some text".into(),
        ScriptErrorKind::TextTooLong { bytes, limit } => {
            let (m, n) = (crate::mebibytes(*bytes), crate::mebibytes(*limit));
            let (b, l) = (crate::thousands(*bytes as u64), crate::thousands(*limit as u64));
            format!("the scenario is {m} ({b} bytes); at most {n} ({l} bytes) can be loaded")
        }
        ScriptErrorKind::TooManySteps { steps, limit } => {
            let (s, l) = (crate::thousands(*steps as u64), crate::thousands(*limit as u64));
            format!("the scenario has {s} steps; at most {l} steps can be loaded")
        }
        ScriptErrorKind::Command { error } => command_error(names, error),
    }
}

pub fn found(names: &Names, f: &Found) -> String {
    match f {
        Found::Values(v) if v.is_empty() => "nothing".into(),
        Found::Values(v) => v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
        Found::Number(x) => x.to_string(),
        Found::Epochs(e) if e.is_empty() => "no epochs".into(),
        Found::Epochs(e) => e.iter().map(|(e, o)| format!("{e}:{o}")).collect::<Vec<_>>().join(" "),
        Found::Leader(l) => l.map_or("none".into(), |b| names.get(b).to_string()),
        Found::Brokers(s) => names.list(*s),
        Found::Violations(v) if v.is_empty() => "no violation".into(),
        Found::Violations(v) => v.iter().map(|k| k.name()).collect::<Vec<_>>().join(" "),
    }
}

pub fn violation_sentence(names: &Names, violation: &Violation) -> String {
    let n = |b: usize| names.get(b);
    match violation {
        Violation::CommittedWriteLost {
            leader,
            offset,
            epoch,
            value,
            now,
        } => format!(
            "{value} (epoch {epoch}) is no longer at offset {offset} in leader {}'s log{}",
            n(*leader),
            now.as_ref()
                .map_or(String::new(), |(e, v)| format!(", which holds {v} (epoch {e}) there"))
        ),
        Violation::ReplicasDiverged {
            leader,
            follower,
            offset,
            leader_record,
            follower_record,
        } => format!(
            "at committed offset {offset}, {} holds {} (epoch {}) but leader {} holds {} (epoch {})",
            n(*follower),
            follower_record.1,
            follower_record.0,
            n(*leader),
            leader_record.1,
            leader_record.0
        ),
    }
}

pub fn link_error(
    e: &super::LinkProblem,
    script: impl Fn(&replab_core::scenario::ScriptError, &[String]) -> String,
) -> String {
    use super::LinkProblem as P;
    use replab_share::LinkError as L;
    match e {
        P::Link(L::NotALink) => "this is not a share link (it should start with v1. or v2.)".into(),
        P::Link(L::UnknownVersion { version }) => format!(
            "this link is of version {version}, which this page cannot read (it reads v1 to v{})",
            replab_share::VERSION
        ),
        P::Link(L::BadEncoding) => "the link is damaged: its data is not valid base64url".into(),
        P::Link(L::Corrupted) => "the link is cut short or damaged: its data does not unpack".into(),
        P::Link(L::TooLarge) => "the link unpacks to more than 1 MiB".into(),
        P::Link(L::MissingField { field }) => format!("the link has no {field}"),
        P::Link(L::BadField { field, value }) => format!("the link's {field} '{value}' is not valid"),
        P::Link(L::UnknownField { field }) => format!("the link has an unknown field '{field}'"),
        P::StepOutOfRange { step, len } => {
            format!("the link asks for step {step}, but its scenario has only {len} steps")
        }
        P::Script { error, names } => format!("the link's scenario does not load: {}", script(error, names)),
    }
}

pub(crate) fn shown(names: &Names, s: &super::Shown) -> String {
    use super::Shown;
    let values = |v: &[replab_core::Value]| if v.is_empty() { "none".to_string() } else { v.join(" ") };
    match s {
        Shown::Broker(b) => b.map_or("none".into(), |b| names.get(b).to_string()),
        Shown::Number(n) => n.to_string(),
        Shown::Brokers(set) => names.list(*set),
        Shown::Up(up) => if *up { "up" } else { "down" }.into(),
        Shown::Log(records) if records.is_empty() => "empty".into(),
        Shown::Log(records) => records
            .iter()
            .map(|(v, e)| e.map_or(v.to_string(), |e| format!("{v} (epoch {e})")))
            .collect::<Vec<_>>()
            .join(" "),
        Shown::Values(v) => values(v),
        Shown::Fired(fired) => if *fired { "fired" } else { "not fired" }.into(),
    }
}

pub fn difference(
    names: &Names,
    d: &replab_core::compare::Difference,
    sides: &[(Protocol, super::Shown); 2],
) -> String {
    use replab_core::compare::Difference as D;
    use replab_core::ViolationKind;
    let n = |b: usize| names.get(b);
    let what = match d {
        D::Leader => "the leader".to_string(),
        D::LeaderEpoch => "the leader epoch".into(),
        D::Isr => "the ISR".into(),
        D::Elr => "the ELR".into(),
        D::Alive { broker } => format!("broker {}", n(*broker)),
        D::Log { broker } => format!("{}'s log", n(*broker)),
        D::Hw { broker } => format!("{}'s HW", n(*broker)),
        D::Acked => "acknowledged to producers".into(),
        D::Violation {
            kind: ViolationKind::CommittedWriteLost,
        } => "the safety check \"committed write lost\"".into(),
        D::Violation {
            kind: ViolationKind::ReplicasDiverged,
        } => "the safety check \"replicas diverged\"".into(),
    };
    let [(pa, a), (pb, b)] = sides;
    format!(
        "{what}: {} under {}, {} under {}",
        shown(names, a),
        pa.name(),
        shown(names, b),
        pb.name()
    )
}

pub fn checker_outcome(o: &super::CheckerOutcome) -> String {
    use super::{thousands, CheckerOutcome as O};
    use replab_core::ViolationKind;
    match *o {
        O::Violation {
            protocol,
            kind,
            steps,
            states,
        } => {
            let what = match kind {
                ViolationKind::CommittedWriteLost => "a committed record is lost",
                ViolationKind::ReplicasDiverged => "two replicas hold different records at the same offset",
            };
            format!(
                "{} in {} ({} explored). Under {}, {what} after these {steps} steps, and no shorter history breaks a safety check.",
                kind.name(),
                plural(steps.into(), "step", "steps"),
                if states == 1 {
                    "1 state".to_string()
                } else {
                    format!("{} states", thousands(states))
                },
                protocol.name()
            )
        }
        O::NoViolation {
            protocol,
            states,
            depth,
        } => format!(
            "No violation within these bounds: no history of up to {} breaks a safety check under {} ({} states explored). \
             Beyond the bounds (more records, more failures, a higher epoch, other kinds of step) one may still exist.",
            plural(depth.into(), "step", "steps"),
            protocol.name(),
            thousands(states)
        ),
        O::StateLimit {
            protocol,
            depth,
            limit,
            ..
        } => format!(
            "Stopped at the limit of {} states: under {}, no history of up to {} breaks a safety check, \
             but longer ones were not all tried. Lower a bound to search them all.",
            thousands(limit),
            protocol.name(),
            plural(depth.into(), "step", "steps")
        ),
        O::ReplayFailed { at_step } => {
            format!("The history found did not replay at step {at_step}: a bug in the model or the checker.")
        }
    }
}

pub fn checker_progress(states: u32, depth: u32, cancelled: bool) -> String {
    let states = super::thousands(states);
    let steps = plural(depth.into(), "step", "steps");
    match (cancelled, depth) {
        (true, 0) => "Cancelled before the checker had tried anything.".into(),
        (true, _) => format!(
            "Cancelled after {states} states: no history of up to {steps} breaks a safety check; longer ones were not all tried."
        ),
        (false, 0) => format!("Exploring: {states} states so far…"),
        (false, _) => format!(
            "Exploring: {states} states so far. No history of up to {steps} breaks a safety check; trying {} steps…",
            depth + 1
        ),
    }
}

pub fn checker_setup(protocol: &str, brokers: &str, leader: &str, settings: &[String]) -> String {
    let settings = if settings.is_empty() {
        "default settings".to_string()
    } else {
        settings.join(", ")
    };
    format!("{protocol} · brokers {brokers} · leader {leader} · {settings}")
}

pub fn checker_limit(limit: u32) -> String {
    format!(
        "It stops at {} states, so that a phone's browser tab is not exhausted.",
        super::thousands(limit)
    )
}
