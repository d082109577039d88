//! The events' sentences, what a step's other events add to them, the short
//! labels of messages in motion, and the safety violations. Texts in
//! `messages/events.msg`.

use crate::catalogue::id;
use crate::words::{count, election_reason, list, reply, request, truncation_reason, Unit};
use crate::{catalogue, say, thousands, Lang, Names};
use replab_core::consumer::{ConsumerError, ResetCause};
use replab_core::event::{
    AckFailure, ElectionReason, Event, FollowerNext, LossReason, ProduceRefusal, ShrinkReason, Violation,
};
use replab_core::message::{Reply, Request};
use replab_core::{BrokerIx, Value};

/// One event as a sentence.
pub fn event(lang: Lang, names: &Names, e: &Event) -> String {
    let n = |b: usize| names.get(b);
    match e {
        Event::Appended {
            leader,
            offset,
            epoch,
            value,
            acks,
        } => say!(
            lang,
            id::EVENT_APPENDED,
            leader = n(*leader),
            value = value,
            offset = offset,
            epoch = epoch,
            acks = acks.name()
        ),
        Event::ProduceRefused { value, reason } => match reason {
            ProduceRefusal::NoLeader => say!(lang, id::EVENT_PRODUCE_REFUSED_NO_LEADER, value = value),
            ProduceRefusal::NotEnoughReplicas { isr, min_isr } => say!(
                lang,
                id::EVENT_PRODUCE_REFUSED_NOT_ENOUGH_REPLICAS,
                value = value,
                replicas = count(lang, u64::from(*isr), Unit::Replica),
                min_isr = min_isr
            ),
        },
        Event::Acked { value, offset } => say!(lang, id::EVENT_ACKED, value = value, offset = offset),
        Event::AckFailed { value, offset, reason } => match reason {
            AckFailure::LeadershipMoved => {
                say!(
                    lang,
                    id::EVENT_ACK_FAILED_LEADERSHIP_MOVED,
                    value = value,
                    offset = offset
                )
            }
            AckFailure::NotEnoughReplicasAfterAppend { isr, min_isr, .. } => say!(
                lang,
                id::EVENT_ACK_FAILED_NOT_ENOUGH_REPLICAS_AFTER_APPEND,
                value = value,
                offset = offset,
                replicas = count(lang, u64::from(*isr), Unit::Replica),
                min_isr = min_isr
            ),
        },
        Event::RequestSent {
            follower,
            leader,
            request: r,
        } => say!(
            lang,
            id::EVENT_REQUEST_SENT,
            follower = n(*follower),
            leader = n(*leader),
            request = request(lang, r)
        ),
        Event::NoLeaderToFetchFrom { follower } => {
            say!(lang, id::EVENT_NO_LEADER_TO_FETCH_FROM, follower = n(*follower))
        }
        Event::RequestAnswered {
            follower,
            leader,
            reply: r,
        } => say!(
            lang,
            id::EVENT_REQUEST_ANSWERED,
            leader = n(*leader),
            follower = n(*follower),
            reply = reply(lang, r)
        ),
        Event::FetchParked {
            follower,
            leader,
            offset,
        } => say!(
            lang,
            id::EVENT_FETCH_PARKED,
            follower = n(*follower),
            leader = n(*leader),
            offset = offset
        ),
        Event::ParkedFetchLost {
            follower,
            offset,
            reason,
        } => {
            let (f, offset) = (n(*follower), *offset);
            match reason {
                LossReason::Fenced { epoch } => say!(
                    lang,
                    id::EVENT_PARKED_FETCH_LOST_FENCED,
                    follower = f,
                    offset = offset,
                    epoch = epoch
                ),
                LossReason::FollowerCrashed => {
                    say!(
                        lang,
                        id::EVENT_PARKED_FETCH_LOST_FOLLOWER_CRASHED,
                        follower = f,
                        offset = offset
                    )
                }
                LossReason::LeaderCrashed => {
                    say!(
                        lang,
                        id::EVENT_PARKED_FETCH_LOST_LEADER_CRASHED,
                        follower = f,
                        offset = offset
                    )
                }
                LossReason::Dropped => say!(lang, id::EVENT_PARKED_FETCH_LOST_DROPPED, follower = f, offset = offset),
            }
        }
        Event::ResponseDelivered { follower, .. } => say!(lang, id::EVENT_RESPONSE_DELIVERED, follower = n(*follower)),
        Event::ResponseLost { follower, reason, .. } => {
            let f = n(*follower);
            match reason {
                LossReason::Fenced { epoch } => say!(lang, id::EVENT_RESPONSE_LOST_FENCED, follower = f, epoch = epoch),
                LossReason::FollowerCrashed => say!(lang, id::EVENT_RESPONSE_LOST_FOLLOWER_CRASHED, follower = f),
                LossReason::LeaderCrashed => say!(lang, id::EVENT_RESPONSE_LOST_LEADER_CRASHED, follower = f),
                LossReason::Dropped => say!(lang, id::EVENT_RESPONSE_LOST_DROPPED, follower = f),
            }
        }
        Event::Replicated { follower, from, to } => say!(
            lang,
            id::EVENT_REPLICATED,
            follower = n(*follower),
            records = count(lang, to - from, Unit::Record),
            from = from,
            last = to - 1
        ),
        Event::HighWatermarkChanged { broker, from, to } => say!(
            lang,
            id::EVENT_HIGH_WATERMARK_CHANGED,
            broker = n(*broker),
            from = from,
            to = to
        ),
        Event::Truncation {
            broker, from, to, rule, ..
        } => say!(
            lang,
            if to < from {
                id::EVENT_TRUNCATION
            } else {
                id::EVENT_TRUNCATION_LOG_KEPT
            },
            broker = n(*broker),
            from = from,
            to = to,
            why = truncation_reason(lang, rule)
        ),
        Event::EpochAssigned {
            broker,
            epoch,
            start_offset,
        } => say!(
            lang,
            id::EVENT_EPOCH_ASSIGNED,
            broker = n(*broker),
            epoch = epoch,
            start_offset = start_offset
        ),
        Event::AsksAgainUnchanged { broker, leader_epoch } => say!(
            lang,
            id::EVENT_ASKS_AGAIN_UNCHANGED,
            broker = n(*broker),
            request = request(
                lang,
                &Request::OffsetsForLeaderEpoch {
                    leader_epoch: *leader_epoch
                }
            )
        ),
        Event::HighWatermarkHeldByReplica {
            broker,
            hw,
            would_be,
            replica,
            replica_leo,
            until_ms,
        } => say!(
            lang,
            id::EVENT_HIGH_WATERMARK_HELD_BY_REPLICA,
            broker = n(*broker),
            would_be = would_be,
            hw = hw,
            replica = n(*replica),
            replica_leo = replica_leo,
            until = thousands(lang, *until_ms)
        ),
        Event::Crashed {
            broker,
            lost_from,
            lost,
            noticed,
        } => {
            // A bounce the controller never saw is told as such; either may lose records.
            let id = match (*noticed, lost_from.is_some(), *lost == 1) {
                (true, false, _) => id::EVENT_CRASHED,
                (true, true, true) => id::EVENT_CRASHED_LOSING_ONE,
                (true, true, false) => id::EVENT_CRASHED_LOSING_MANY,
                (false, false, _) => id::EVENT_BOUNCED,
                (false, true, true) => id::EVENT_BOUNCED_LOSING_ONE,
                (false, true, false) => id::EVENT_BOUNCED_LOSING_MANY,
            };
            let end = lost_from.map(|end| end.to_string()).unwrap_or_default();
            say!(lang, id, broker = n(*broker), lost = thousands(lang, *lost), end = end)
        }
        Event::Restarted {
            broker,
            leo,
            hw,
            latest_epoch,
            broker_epoch,
            clean,
        } => say!(
            lang,
            if *clean {
                id::EVENT_RESTARTED_CLEANLY
            } else {
                id::EVENT_RESTARTED
            },
            broker = n(*broker),
            leo = leo,
            hw = hw,
            latest = match latest_epoch {
                Some(epoch) => say!(lang, id::EVENT_RESTARTED_LATEST_EPOCH, epoch = epoch),
                None => say!(lang, id::EVENT_RESTARTED_NO_LEADER_EPOCHS),
            },
            broker_epoch = broker_epoch
        ),
        Event::ShutDown { broker } => say!(lang, id::EVENT_SHUT_DOWN, broker = n(*broker)),
        Event::Halted {
            broker,
            fetch_offset,
            leader_log_end,
            ..
        } => say!(
            lang,
            id::EVENT_HALTED,
            broker = n(*broker),
            fetch_offset = fetch_offset,
            leader_log_end = leader_log_end
        ),
        Event::BounceNoticed { broker } => say!(lang, id::EVENT_BOUNCE_NOTICED, broker = n(*broker)),
        Event::ElectionNotNeeded { broker, epoch } => {
            say!(lang, id::EVENT_ELECTION_NOT_NEEDED, broker = n(*broker), epoch = epoch)
        }
        Event::ElrChanged { elr, last_known_leader } => match last_known_leader {
            Some(b) => say!(
                lang,
                id::EVENT_ELR_CHANGED,
                elr = list(lang, names, *elr),
                leader = n(*b)
            ),
            None => say!(
                lang,
                id::EVENT_ELR_CHANGED_NO_LAST_KNOWN_LEADER,
                elr = list(lang, names, *elr)
            ),
        },
        Event::HighWatermarkHeld {
            broker,
            hw,
            isr,
            min_isr,
        } => say!(
            lang,
            id::EVENT_HIGH_WATERMARK_HELD,
            broker = n(*broker),
            hw = hw,
            isr = isr,
            min_isr = min_isr
        ),
        Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason: ElectionReason::FollowersCrashed,
            ..
        } => say!(
            lang,
            id::EVENT_LEADER_ELECTED_FOLLOWERS_CRASHED,
            leader = n(*leader),
            epoch = epoch,
            isr = list(lang, names, *isr)
        ),
        Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason,
            ..
        } => say!(
            lang,
            id::EVENT_LEADER_ELECTED,
            leader = n(*leader),
            epoch = epoch,
            isr = list(lang, names, *isr),
            reason = election_reason(lang, names, *leader, reason)
        ),
        Event::PartitionOffline { epoch, .. } => say!(lang, id::EVENT_PARTITION_OFFLINE, epoch = epoch),
        Event::BecameFollower { broker, leader, next } => match (leader, next) {
            (None, _) => say!(lang, id::EVENT_BECAME_FOLLOWER_NO_LEADER, broker = n(*broker)),
            (Some(l), FollowerNext::Validate) => {
                say!(
                    lang,
                    id::EVENT_BECAME_FOLLOWER_VALIDATE,
                    broker = n(*broker),
                    leader = n(*l)
                )
            }
            (Some(l), _) => say!(
                lang,
                id::EVENT_BECAME_FOLLOWER_FETCH,
                broker = n(*broker),
                leader = n(*l)
            ),
        },
        Event::KeptFollowing { broker, leader, epoch } => say!(
            lang,
            id::EVENT_KEPT_FOLLOWING,
            broker = n(*broker),
            leader = n(*leader),
            epoch = epoch
        ),
        Event::EpochsTrimmed {
            broker,
            log_end_offset,
            removed,
        } => say!(
            lang,
            if *removed == 1 {
                id::EVENT_EPOCHS_TRIMMED_ONE
            } else {
                id::EVENT_EPOCHS_TRIMMED_MANY
            },
            broker = n(*broker),
            log_end_offset = log_end_offset,
            removed = thousands(lang, *removed)
        ),
        Event::IsrShrunk { broker, isr, reason } => {
            let (b, isr) = (n(*broker), list(lang, names, *isr));
            match reason {
                ShrinkReason::Crashed => say!(lang, id::EVENT_ISR_SHRUNK_CRASHED, broker = b, isr = isr),
                ShrinkReason::ShutDown => say!(lang, id::EVENT_ISR_SHRUNK_SHUT_DOWN, broker = b, isr = isr),
                ShrinkReason::UncleanRestart => {
                    say!(lang, id::EVENT_ISR_SHRUNK_UNCLEAN_RESTART, broker = b, isr = isr)
                }
                ShrinkReason::Lagged {
                    since_ms: Some(since),
                    checked_at_ms,
                } => say!(
                    lang,
                    id::EVENT_ISR_SHRUNK_LAGGED,
                    broker = b,
                    isr = isr,
                    checked_at = thousands(lang, *checked_at_ms),
                    since = thousands(lang, *since)
                ),
                ShrinkReason::Lagged {
                    since_ms: None,
                    checked_at_ms,
                } => say!(
                    lang,
                    id::EVENT_ISR_SHRUNK_NEVER_CAUGHT_UP,
                    broker = b,
                    isr = isr,
                    checked_at = thousands(lang, *checked_at_ms)
                ),
            }
        }
        Event::IsrExpanded { broker, isr } => {
            say!(
                lang,
                id::EVENT_ISR_EXPANDED,
                broker = n(*broker),
                isr = list(lang, names, *isr)
            )
        }
        Event::ClockAdvanced { now_ms } => say!(lang, id::EVENT_CLOCK_ADVANCED, now_ms = now_ms),
        Event::ConfigChanged { setting } => {
            say!(
                lang,
                id::EVENT_CONFIG_CHANGED,
                key = setting.key(),
                value = setting.value_text()
            )
        }
        Event::ConsumeWithoutLeader { consumer } => say!(lang, id::EVENT_CONSUME_WITHOUT_LEADER, consumer = consumer),
        Event::PositionValidated {
            consumer,
            leader,
            asked,
            epoch,
            end_offset,
            position,
        } => say!(
            lang,
            id::EVENT_POSITION_VALIDATED,
            consumer = consumer,
            position = position,
            leader = n(*leader),
            asked = asked,
            epoch = epoch,
            end_offset = end_offset
        ),
        Event::TruncationDetected {
            consumer,
            leader,
            epoch,
            end_offset,
            from,
            moved,
            ..
        } => say!(
            lang,
            if *moved {
                id::EVENT_TRUNCATION_DETECTED
            } else {
                id::EVENT_TRUNCATION_DETECTED_KEPT
            },
            consumer = consumer,
            leader = n(*leader),
            epoch = epoch,
            end_offset = end_offset,
            from = from
        ),
        Event::ConsumerReset {
            consumer,
            leader,
            cause,
            policy,
            from,
            to,
        } => {
            let cause = reset_cause(lang, *cause);
            match to {
                Some(to) => say!(
                    lang,
                    id::EVENT_CONSUMER_RESET,
                    consumer = consumer,
                    from = from,
                    to = to,
                    policy = policy.name(),
                    cause = cause
                ),
                None => say!(
                    lang,
                    id::EVENT_CONSUMER_RESET_NOT_AVAILABLE,
                    consumer = consumer,
                    leader = n(*leader),
                    cause = cause
                ),
            }
        }
        Event::ConsumerFailed {
            consumer, error, at, ..
        } => say!(
            lang,
            match error {
                ConsumerError::OffsetOutOfRange => id::EVENT_CONSUMER_FAILED_OFFSET_OUT_OF_RANGE,
                ConsumerError::LogTruncation => id::EVENT_CONSUMER_FAILED_LOG_TRUNCATION,
            },
            consumer = consumer,
            at = at
        ),
        Event::Consumed {
            consumer,
            leader,
            from,
            records,
            high_watermark,
        } => match records.last() {
            None => say!(
                lang,
                id::EVENT_CONSUMED_NOTHING,
                consumer = consumer,
                from = from,
                leader = n(*leader),
                hw = high_watermark
            ),
            Some(last) => say!(
                lang,
                id::EVENT_CONSUMED,
                consumer = consumer,
                values = records
                    .iter()
                    .map(|r| r.value.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                leader = n(*leader),
                from = from,
                last = last.offset,
                position = last.offset + 1
            ),
        },
        Event::ViolationFound { violation } => say!(
            lang,
            match violation {
                Violation::CommittedWriteLost { .. } => id::EVENT_VIOLATION_FOUND_COMMITTED_WRITE_LOST,
                Violation::ReplicasDiverged { .. } => id::EVENT_VIOLATION_FOUND_REPLICAS_DIVERGED,
                Violation::ConsumerReadLost { .. } => id::EVENT_VIOLATION_FOUND_CONSUMER_READ_LOST,
                Violation::ConsumerReadDiverged { .. } => id::EVENT_VIOLATION_FOUND_CONSUMER_READ_DIVERGED,
            },
            violation = violation_sentence(lang, names, violation)
        ),
    }
}

/// Event `i` of a step as a sentence, with what the step's other events add: a
/// Records answer carries the leader's HW from before the fetch, so when the
/// fetch moved it the sentence says the follower learns the new one on its next
/// fetch; the crash the controller sees after a halt is told as that.
pub fn event_in_step(lang: Lang, names: &Names, events: &[Event], i: usize) -> String {
    let Some(e) = events.get(i) else {
        return String::new();
    };
    match *e {
        Event::RequestAnswered {
            follower,
            leader,
            reply: Reply::Records { high_watermark, .. },
        } => {
            if let Some(now) = crate::leader_hw_at(events, i, leader).filter(|&now| now > high_watermark) {
                return event(lang, names, e) + &hw_note(lang, names, leader, follower, now);
            }
        }
        Event::Crashed {
            broker,
            lost_from: None,
            noticed: true,
            ..
        } if events[..i]
            .iter()
            .any(|x| matches!(*x, Event::Halted { broker: b, .. } if b == broker)) =>
        {
            return say!(lang, id::EVENT_CRASHED_AFTER_HALT, broker = names.get(broker));
        }
        _ => {}
    }
    event(lang, names, e)
}

/// Every event of a step as a sentence (see `event_in_step`).
pub fn step_events(lang: Lang, names: &Names, events: &[Event]) -> Vec<String> {
    (0..events.len())
        .map(|i| event_in_step(lang, names, events, i))
        .collect()
}

/// " (A's HW is now 2: B learns it on its next fetch)".
fn hw_note(lang: Lang, names: &Names, leader: BrokerIx, follower: BrokerIx, now: u64) -> String {
    say!(
        lang,
        id::EVENT_HW_NOTE,
        leader = names.get(leader),
        follower = names.get(follower),
        now = now
    )
}

/// A response from `leader` to `follower`, as `reply` says it, and when it
/// carries records with a HW below the leader's HW now (`leader_hw`), that too:
/// "1 record from offset 1, HW 1 (A's HW is now 2: B learns it on its next fetch)".
pub fn reply_with_leader_hw(
    lang: Lang,
    names: &Names,
    r: &Reply,
    leader: BrokerIx,
    follower: BrokerIx,
    leader_hw: u64,
) -> String {
    let mut out = reply(lang, r);
    if let Reply::Records { high_watermark, .. } = *r {
        if leader_hw > high_watermark {
            out += &hw_note(lang, names, leader, follower, leader_hw);
        }
    }
    out
}

/// What a message label adds when the leader's HW has moved past the one its
/// records response carries: " (A's HW 2)".
pub fn leader_hw_label(lang: Lang, leader: &str, hw: u64) -> String {
    say!(lang, id::EVENT_LEADER_HW_LABEL, leader = leader, hw = hw)
}

/// A fetch parked at the leader, where a response would be: "waiting at A for
/// new records".
pub fn waiting_at(lang: Lang, leader: &str) -> String {
    say!(lang, id::EVENT_WAITING_AT, leader = leader)
}

/// The leader's badge while a replica outside the ISR holds its HW:
/// "HW held by C until 35,000 ms".
pub fn hw_held_badge(lang: Lang, replica: &str, until_ms: u64) -> String {
    say!(
        lang,
        id::EVENT_HW_HELD_BADGE,
        replica = replica,
        until = thousands(lang, until_ms)
    )
}

/// An epoch as a label says it: "epoch 0", or that there is none.
fn label_epoch(lang: Lang, e: Option<u32>) -> String {
    match e {
        Some(epoch) => say!(lang, id::EVENT_LABEL_EPOCH, epoch = epoch),
        None => say!(lang, id::EVENT_LABEL_NO_EPOCH),
    }
}

/// A request as a message in motion is labelled, short ("Fetch(offset 2, epoch 0)",
/// "OffsetsForLeaderEpoch(epoch 0)").
pub fn request_label(lang: Lang, r: &Request) -> String {
    match *r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => say!(
            lang,
            id::EVENT_LABEL_OFFSETS_FOR_LEADER_EPOCH,
            epoch = label_epoch(lang, leader_epoch)
        ),
        Request::Fetch { .. } => crate::words::fetch(
            lang,
            r,
            [
                id::EVENT_LABEL_FETCH,
                id::EVENT_LABEL_FETCH_LAST_FETCHED_EPOCH,
                id::EVENT_LABEL_FETCH_MAX,
            ],
        ),
    }
}

/// A response as a message in motion is labelled, short, with the values of the
/// records it carries (three at most, else the first, the last and how many):
/// "records m2 · HW 1", "epoch 0 ends at 1", "DivergingEpoch(epoch 0, end 1)".
pub fn reply_label(lang: Lang, r: &Reply, values: &[Value]) -> String {
    match *r {
        Reply::EpochEndOffset { asked, answer } => {
            let epoch = label_epoch(lang, answer.epoch.or(asked));
            match answer.end_offset {
                Some(offset) => say!(lang, id::EVENT_LABEL_ENDS_AT, epoch = epoch, offset = offset),
                None => say!(lang, id::EVENT_LABEL_UNDEFINED, epoch = epoch),
            }
        }
        Reply::Records {
            from,
            count,
            high_watermark: hw,
        } => match values {
            [] if count > 0 => say!(
                lang,
                id::EVENT_LABEL_RECORDS_OFFSETS,
                from = from,
                count = count,
                hw = hw
            ),
            [] => say!(lang, id::EVENT_LABEL_RECORDS_NONE, hw = hw),
            [first, .., last] if values.len() > 3 => say!(
                lang,
                id::EVENT_LABEL_RECORDS_FIRST_LAST,
                first = first,
                last = last,
                count = values.len(),
                hw = hw
            ),
            _ => say!(lang, id::EVENT_LABEL_RECORDS_VALUES, values = values.join(" "), hw = hw),
        },
        Reply::DivergingEpoch { epoch, end_offset, .. } => {
            say!(
                lang,
                id::EVENT_LABEL_DIVERGING_EPOCH,
                epoch = epoch,
                offset = end_offset
            )
        }
        Reply::OffsetOutOfRange { log_end_offset } => {
            say!(lang, id::EVENT_LABEL_OFFSET_OUT_OF_RANGE, offset = log_end_offset)
        }
    }
}

/// A decisive step of a history the checker found, as its comment says it: the
/// event, then the records it removed (`lost`) or committed (`committed`, those
/// a later step loses). "B truncates its log from 1 to 0: …; m1 is gone".
pub fn decisive_event(lang: Lang, names: &Names, e: &Event, lost: &[Value], committed: &[Value]) -> String {
    let mut out = event(lang, names, e);
    let values = |v: &[Value]| v.join(catalogue::text(lang, id::LIST_SEPARATOR));
    if !lost.is_empty() {
        let id = if lost.len() == 1 {
            id::EVENT_DECISIVE_LOST_ONE
        } else {
            id::EVENT_DECISIVE_LOST_MANY
        };
        out = say!(lang, id, event = out, values = values(lost));
    }
    if !committed.is_empty() {
        let id = if committed.len() == 1 {
            id::EVENT_DECISIVE_COMMITTED_ONE
        } else {
            id::EVENT_DECISIVE_COMMITTED_MANY
        };
        out = say!(lang, id, event = out, values = values(committed));
    }
    out
}

/// A violation's short detail ("m2 at offset 1").
pub fn violation_detail(lang: Lang, _names: &Names, v: &Violation) -> String {
    match v {
        Violation::CommittedWriteLost { offset, value, .. } => {
            say!(
                lang,
                id::EVENT_VIOLATION_DETAIL_COMMITTED_WRITE_LOST,
                value = value,
                offset = offset
            )
        }
        Violation::ReplicasDiverged {
            offset,
            leader_record,
            follower_record,
            ..
        } => say!(
            lang,
            id::EVENT_VIOLATION_DETAIL_REPLICAS_DIVERGED,
            follower_value = follower_record.1,
            leader_value = leader_record.1,
            offset = offset
        ),
        Violation::ConsumerReadLost {
            consumer,
            offset,
            value,
            ..
        } => say!(
            lang,
            id::EVENT_VIOLATION_DETAIL_CONSUMER_READ_LOST,
            value = value,
            offset = offset,
            consumer = consumer
        ),
        Violation::ConsumerReadDiverged {
            offset, before, now, ..
        } => say!(
            lang,
            id::EVENT_VIOLATION_DETAIL_CONSUMER_READ_DIVERGED,
            before_value = before.1,
            now_value = now.1,
            offset = offset
        ),
    }
}

/// Why a consumer's reset was due, as words.
fn reset_cause(lang: Lang, cause: ResetCause) -> String {
    say!(
        lang,
        match cause {
            ResetCause::OffsetOutOfRange => id::RESET_CAUSE_OFFSET_OUT_OF_RANGE,
            ResetCause::Undefined => id::RESET_CAUSE_UNDEFINED,
        }
    )
}

/// A violation as a sentence, without the kind's name ("m2 (epoch 0) is no
/// longer at offset 1 in leader A's log").
pub fn violation_sentence(lang: Lang, names: &Names, v: &Violation) -> String {
    let n = |b: usize| names.get(b);
    match v {
        Violation::CommittedWriteLost {
            leader,
            offset,
            epoch,
            value,
            now: None,
        } => say!(
            lang,
            id::EVENT_VIOLATION_COMMITTED_WRITE_LOST,
            value = value,
            epoch = epoch,
            offset = offset,
            leader = n(*leader)
        ),
        Violation::CommittedWriteLost {
            leader,
            offset,
            epoch,
            value,
            now: Some((now_epoch, now_value)),
        } => say!(
            lang,
            id::EVENT_VIOLATION_COMMITTED_WRITE_LOST_REPLACED,
            value = value,
            epoch = epoch,
            offset = offset,
            leader = n(*leader),
            now_value = now_value,
            now_epoch = now_epoch
        ),
        Violation::ReplicasDiverged {
            leader,
            follower,
            offset,
            leader_record,
            follower_record,
        } => say!(
            lang,
            id::EVENT_VIOLATION_REPLICAS_DIVERGED,
            offset = offset,
            follower = n(*follower),
            follower_value = follower_record.1,
            follower_epoch = follower_record.0,
            leader = n(*leader),
            leader_value = leader_record.1,
            leader_epoch = leader_record.0
        ),
        Violation::ConsumerReadLost {
            consumer,
            leader,
            offset,
            epoch,
            value,
            now: None,
        } => say!(
            lang,
            id::EVENT_VIOLATION_CONSUMER_READ_LOST,
            consumer = consumer,
            value = value,
            epoch = epoch,
            offset = offset,
            leader = n(*leader)
        ),
        Violation::ConsumerReadLost {
            consumer,
            leader,
            offset,
            epoch,
            value,
            now: Some((now_epoch, now_value)),
        } => say!(
            lang,
            id::EVENT_VIOLATION_CONSUMER_READ_LOST_REPLACED,
            consumer = consumer,
            value = value,
            epoch = epoch,
            offset = offset,
            leader = n(*leader),
            now_value = now_value,
            now_epoch = now_epoch
        ),
        Violation::ConsumerReadDiverged {
            consumer,
            earlier,
            offset,
            before,
            now,
        } => say!(
            lang,
            id::EVENT_VIOLATION_CONSUMER_READ_DIVERGED,
            offset = offset,
            consumer = consumer,
            now_value = now.1,
            now_epoch = now.0,
            earlier = earlier,
            before_value = before.1,
            before_epoch = before.0
        ),
    }
}
