//! The events' sentences, what a step's other events add to them, the short
//! labels of messages in motion, and the safety violations. Texts in
//! `messages/events.msg`.

use crate::catalogue::id;
use crate::catalogue::msg;
use crate::words::{count, election_reason, list, reply, request, truncation_reason, Unit};
use crate::{catalogue, thousands, Lang, Names};
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
        } => msg::event_appended(lang, &n(*leader), &value, &offset, &epoch, &acks.name()),
        Event::ProduceRefused { value, reason } => match reason {
            ProduceRefusal::NoLeader => msg::event_produce_refused_no_leader(lang, &value),
            ProduceRefusal::NotEnoughReplicas { isr, min_isr } => msg::event_produce_refused_not_enough_replicas(
                lang,
                &value,
                &count(lang, u64::from(*isr), Unit::Replica),
                &min_isr,
            ),
        },
        Event::Acked { value, offset } => msg::event_acked(lang, &value, &offset),
        Event::AckFailed { value, offset, reason } => match reason {
            AckFailure::LeadershipMoved => msg::event_ack_failed_leadership_moved(lang, &value, &offset),
            AckFailure::NotEnoughReplicasAfterAppend { isr, min_isr, .. } => {
                msg::event_ack_failed_not_enough_replicas_after_append(
                    lang,
                    &value,
                    &offset,
                    &count(lang, u64::from(*isr), Unit::Replica),
                    &min_isr,
                )
            }
        },
        Event::RequestSent {
            follower,
            leader,
            request: r,
        } => msg::event_request_sent(lang, &n(*follower), &request(lang, r), &n(*leader)),
        Event::NoLeaderToFetchFrom { follower } => msg::event_no_leader_to_fetch_from(lang, &n(*follower)),
        Event::RequestAnswered {
            follower,
            leader,
            reply: r,
        } => msg::event_request_answered(lang, &n(*leader), &n(*follower), &reply(lang, r)),
        Event::FetchParked {
            follower,
            leader,
            offset,
        } => msg::event_fetch_parked(lang, &n(*follower), &n(*leader), &offset),
        Event::ParkedFetchLost {
            follower,
            offset,
            reason,
        } => {
            let (f, offset) = (n(*follower), *offset);
            match reason {
                LossReason::Fenced { epoch } => msg::event_parked_fetch_lost_fenced(lang, &f, &offset, &epoch),
                LossReason::FollowerCrashed => msg::event_parked_fetch_lost_follower_crashed(lang, &f, &offset),
                LossReason::LeaderCrashed => msg::event_parked_fetch_lost_leader_crashed(lang, &f, &offset),
                LossReason::Dropped => msg::event_parked_fetch_lost_dropped(lang, &f, &offset),
            }
        }
        Event::ResponseDelivered { follower, .. } => msg::event_response_delivered(lang, &n(*follower)),
        Event::ResponseLost { follower, reason, .. } => {
            let f = n(*follower);
            match reason {
                LossReason::Fenced { epoch } => msg::event_response_lost_fenced(lang, &f, &epoch),
                LossReason::FollowerCrashed => msg::event_response_lost_follower_crashed(lang, &f),
                LossReason::LeaderCrashed => msg::event_response_lost_leader_crashed(lang, &f),
                LossReason::Dropped => msg::event_response_lost_dropped(lang, &f),
            }
        }
        Event::Replicated { follower, from, to } => msg::event_replicated(
            lang,
            &n(*follower),
            &count(lang, to - from, Unit::Record),
            &from,
            &(to - 1),
        ),
        Event::HighWatermarkChanged { broker, from, to } => {
            msg::event_high_watermark_changed(lang, &n(*broker), &from, &to)
        }
        Event::Truncation {
            broker, from, to, rule, ..
        } => {
            let why = truncation_reason(lang, rule);
            if to < from {
                msg::event_truncation(lang, &n(*broker), &from, &to, &why)
            } else {
                msg::event_truncation_log_kept(lang, &n(*broker), &from, &why)
            }
        }
        Event::EpochAssigned {
            broker,
            epoch,
            start_offset,
        } => msg::event_epoch_assigned(lang, &n(*broker), &epoch, &start_offset),
        Event::AsksAgainUnchanged { broker, leader_epoch } => msg::event_asks_again_unchanged(
            lang,
            &n(*broker),
            &request(
                lang,
                &Request::OffsetsForLeaderEpoch {
                    leader_epoch: *leader_epoch,
                },
            ),
        ),
        Event::HighWatermarkHeldByReplica {
            broker,
            hw,
            would_be,
            replica,
            replica_leo,
            until_ms,
        } => msg::event_high_watermark_held_by_replica(
            lang,
            &n(*broker),
            &would_be,
            &hw,
            &n(*replica),
            &replica_leo,
            &thousands(lang, *until_ms),
        ),
        Event::Crashed {
            broker,
            lost_from,
            lost,
            noticed,
        } => {
            // A bounce the controller never saw is told as such; either may lose records.
            let b = n(*broker);
            match (*noticed, *lost_from, *lost == 1) {
                (true, None, _) => msg::event_crashed(lang, &b),
                (true, Some(end), true) => msg::event_crashed_losing_one(lang, &b, &end),
                (true, Some(end), false) => msg::event_crashed_losing_many(lang, &b, &thousands(lang, *lost), &end),
                (false, None, _) => msg::event_bounced(lang, &b),
                (false, Some(end), true) => msg::event_bounced_losing_one(lang, &b, &end),
                (false, Some(end), false) => msg::event_bounced_losing_many(lang, &b, &thousands(lang, *lost), &end),
            }
        }
        Event::Restarted {
            broker,
            leo,
            hw,
            latest_epoch,
            broker_epoch,
            clean,
        } => {
            let say: msg::Say5 = if *clean {
                msg::event_restarted_cleanly
            } else {
                msg::event_restarted
            };
            let epoch = match latest_epoch {
                Some(epoch) => msg::event_restarted_latest_epoch(lang, &epoch),
                None => msg::event_restarted_no_leader_epochs(lang),
            };
            say(lang, &n(*broker), &leo, &hw, &epoch, &broker_epoch)
        }
        Event::ShutDown { broker } => msg::event_shut_down(lang, &n(*broker)),
        Event::Halted {
            broker,
            fetch_offset,
            leader_log_end,
            ..
        } => msg::event_halted(lang, &n(*broker), &fetch_offset, &leader_log_end),
        Event::BounceNoticed { broker } => msg::event_bounce_noticed(lang, &n(*broker)),
        Event::ElectionNotNeeded { broker, epoch } => msg::event_election_not_needed(lang, &n(*broker), &epoch),
        Event::ElrChanged { elr, last_known_leader } => match last_known_leader {
            Some(b) => msg::event_elr_changed(lang, &list(lang, names, *elr), &n(*b)),
            None => msg::event_elr_changed_no_last_known_leader(lang, &list(lang, names, *elr)),
        },
        Event::HighWatermarkHeld {
            broker,
            hw,
            isr,
            min_isr,
        } => msg::event_high_watermark_held(lang, &n(*broker), &hw, &isr, &min_isr),
        Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason: ElectionReason::FollowersCrashed,
            ..
        } => msg::event_leader_elected_followers_crashed(lang, &n(*leader), &epoch, &list(lang, names, *isr)),
        Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason,
            ..
        } => msg::event_leader_elected(
            lang,
            &n(*leader),
            &epoch,
            &list(lang, names, *isr),
            &election_reason(lang, names, *leader, reason),
        ),
        Event::PartitionOffline { epoch, .. } => msg::event_partition_offline(lang, &epoch),
        Event::BecameFollower { broker, leader, next } => match (leader, next) {
            (None, _) => msg::event_became_follower_no_leader(lang, &n(*broker)),
            (Some(l), FollowerNext::Validate) => msg::event_became_follower_validate(lang, &n(*broker), &n(*l)),
            (Some(l), _) => msg::event_became_follower_fetch(lang, &n(*broker), &n(*l)),
        },
        Event::KeptFollowing { broker, leader, epoch } => {
            msg::event_kept_following(lang, &n(*broker), &n(*leader), &epoch)
        }
        Event::EpochsTrimmed {
            broker,
            log_end_offset,
            removed,
        } if *removed == 1 => msg::event_epochs_trimmed_one(lang, &n(*broker), &log_end_offset),
        Event::EpochsTrimmed {
            broker,
            log_end_offset,
            removed,
        } => msg::event_epochs_trimmed_many(lang, &n(*broker), &log_end_offset, &thousands(lang, *removed)),
        Event::IsrShrunk { broker, isr, reason } => {
            let (b, isr) = (n(*broker), list(lang, names, *isr));
            match reason {
                ShrinkReason::Crashed => msg::event_isr_shrunk_crashed(lang, &b, &isr),
                ShrinkReason::ShutDown => msg::event_isr_shrunk_shut_down(lang, &b, &isr),
                ShrinkReason::UncleanRestart => msg::event_isr_shrunk_unclean_restart(lang, &b, &isr),
                ShrinkReason::Lagged {
                    since_ms: Some(since),
                    checked_at_ms,
                } => msg::event_isr_shrunk_lagged(
                    lang,
                    &b,
                    &isr,
                    &thousands(lang, *checked_at_ms),
                    &thousands(lang, *since),
                ),
                ShrinkReason::Lagged {
                    since_ms: None,
                    checked_at_ms,
                } => msg::event_isr_shrunk_never_caught_up(lang, &b, &isr, &thousands(lang, *checked_at_ms)),
            }
        }
        Event::IsrExpanded { broker, isr } => msg::event_isr_expanded(lang, &n(*broker), &list(lang, names, *isr)),
        Event::ClockAdvanced { now_ms } => msg::event_clock_advanced(lang, &now_ms),
        Event::ConfigChanged { setting } => msg::event_config_changed(lang, &setting.key(), &setting.value_text()),
        Event::ConsumeWithoutLeader { consumer } => msg::event_consume_without_leader(lang, &consumer),
        Event::PositionValidated {
            consumer,
            leader,
            asked,
            epoch,
            end_offset,
            position,
        } => msg::event_position_validated(lang, &consumer, &position, &n(*leader), &asked, &epoch, &end_offset),
        Event::TruncationDetected {
            consumer,
            leader,
            epoch,
            end_offset,
            from,
            moved,
            ..
        } => {
            let say: msg::Say5 = if *moved {
                msg::event_truncation_detected
            } else {
                msg::event_truncation_detected_kept
            };
            say(lang, &consumer, &n(*leader), &epoch, &end_offset, &from)
        }
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
                Some(to) => msg::event_consumer_reset(lang, &consumer, &from, &to, &policy.name(), &cause),
                None => msg::event_consumer_reset_not_available(lang, &consumer, &n(*leader), &cause),
            }
        }
        Event::ConsumerFailed {
            consumer, error, at, ..
        } => match error {
            ConsumerError::OffsetOutOfRange => msg::event_consumer_failed_offset_out_of_range(lang, &consumer, &at),
            ConsumerError::LogTruncation => msg::event_consumer_failed_log_truncation(lang, &consumer, &at),
        },
        Event::Consumed {
            consumer,
            leader,
            from,
            records,
            high_watermark,
        } => match records.last() {
            None => msg::event_consumed_nothing(lang, &consumer, &from, &n(*leader), &high_watermark),
            Some(last) => msg::event_consumed(
                lang,
                &consumer,
                &(records
                    .iter()
                    .map(|r| r.value.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")),
                &n(*leader),
                &from,
                &last.offset,
                &(last.offset + 1),
            ),
        },
        Event::ViolationFound { violation } => {
            let say: msg::Say1 = match violation {
                Violation::CommittedWriteLost { .. } => msg::event_violation_found_committed_write_lost,
                Violation::ReplicasDiverged { .. } => msg::event_violation_found_replicas_diverged,
                Violation::ConsumerReadLost { .. } => msg::event_violation_found_consumer_read_lost,
                Violation::ConsumerReadDiverged { .. } => msg::event_violation_found_consumer_read_diverged,
            };
            say(lang, &violation_sentence(lang, names, violation))
        }
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
            return msg::event_crashed_after_halt(lang, &names.get(broker));
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
    msg::event_hw_note(lang, &names.get(leader), &now, &names.get(follower))
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
    msg::event_leader_hw_label(lang, &leader, &hw)
}

/// A fetch parked at the leader, where a response would be: "waiting at A for
/// new records".
pub fn waiting_at(lang: Lang, leader: &str) -> String {
    msg::event_waiting_at(lang, &leader)
}

/// The leader's badge while a replica outside the ISR holds its HW:
/// "HW held by C until 35,000 ms".
pub fn hw_held_badge(lang: Lang, replica: &str, until_ms: u64) -> String {
    msg::event_hw_held_badge(lang, &replica, &thousands(lang, until_ms))
}

/// An epoch as a label says it: "epoch 0", or that there is none.
fn label_epoch(lang: Lang, e: Option<u32>) -> String {
    match e {
        Some(epoch) => msg::event_label_epoch(lang, &epoch),
        None => msg::event_label_no_epoch(lang),
    }
}

/// A request as a message in motion is labelled, short ("Fetch(offset 2, epoch 0)",
/// "OffsetsForLeaderEpoch(epoch 0)").
pub fn request_label(lang: Lang, r: &Request) -> String {
    match *r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            msg::event_label_offsets_for_leader_epoch(lang, &label_epoch(lang, leader_epoch))
        }
        Request::Fetch { .. } => crate::words::fetch(
            lang,
            r,
            crate::words::FetchWords {
                sentence: msg::event_label_fetch,
                last_fetched: msg::event_label_fetch_last_fetched_epoch,
                max: msg::event_label_fetch_max,
            },
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
                Some(offset) => msg::event_label_ends_at(lang, &epoch, &offset),
                None => msg::event_label_undefined(lang, &epoch),
            }
        }
        Reply::Records {
            from,
            count,
            high_watermark: hw,
        } => match values {
            [] if count > 0 => msg::event_label_records_offsets(lang, &from, &count, &hw),
            [] => msg::event_label_records_none(lang, &hw),
            [first, .., last] if values.len() > 3 => {
                msg::event_label_records_first_last(lang, &first, &last, &values.len(), &hw)
            }
            _ => msg::event_label_records_values(lang, &values.join(" "), &hw),
        },
        Reply::DivergingEpoch { epoch, end_offset, .. } => msg::event_label_diverging_epoch(lang, &epoch, &end_offset),
        Reply::OffsetOutOfRange { log_end_offset } => msg::event_label_offset_out_of_range(lang, &log_end_offset),
    }
}

/// A decisive step of a history the checker found, as its comment says it: the
/// event, then the records it removed (`lost`) or committed (`committed`, those
/// a later step loses). "B truncates its log from 1 to 0: …; m1 is gone".
pub fn decisive_event(lang: Lang, names: &Names, e: &Event, lost: &[Value], committed: &[Value]) -> String {
    let mut out = event(lang, names, e);
    let values = |v: &[Value]| v.join(catalogue::text(lang, id::LIST_SEPARATOR));
    if !lost.is_empty() {
        let say = if lost.len() == 1 {
            msg::event_decisive_lost_one
        } else {
            msg::event_decisive_lost_many
        };
        out = say(lang, &out, &values(lost));
    }
    if !committed.is_empty() {
        let say = if committed.len() == 1 {
            msg::event_decisive_committed_one
        } else {
            msg::event_decisive_committed_many
        };
        out = say(lang, &out, &values(committed));
    }
    out
}

/// A violation's short detail ("m2 at offset 1").
pub fn violation_detail(lang: Lang, _names: &Names, v: &Violation) -> String {
    match v {
        Violation::CommittedWriteLost { offset, value, .. } => {
            msg::event_violation_detail_committed_write_lost(lang, &value, &offset)
        }
        Violation::ReplicasDiverged {
            offset,
            leader_record,
            follower_record,
            ..
        } => msg::event_violation_detail_replicas_diverged(lang, &follower_record.1, &leader_record.1, &offset),
        Violation::ConsumerReadLost {
            consumer,
            offset,
            value,
            ..
        } => msg::event_violation_detail_consumer_read_lost(lang, &value, &offset, &consumer),
        Violation::ConsumerReadDiverged {
            offset, before, now, ..
        } => msg::event_violation_detail_consumer_read_diverged(lang, &before.1, &now.1, &offset),
    }
}

/// Why a consumer's reset was due, as words.
fn reset_cause(lang: Lang, cause: ResetCause) -> String {
    match cause {
        ResetCause::OffsetOutOfRange => msg::reset_cause_offset_out_of_range(lang),
        ResetCause::Undefined => msg::reset_cause_undefined(lang),
    }
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
        } => msg::event_violation_committed_write_lost(lang, &value, &epoch, &offset, &n(*leader)),
        Violation::CommittedWriteLost {
            leader,
            offset,
            epoch,
            value,
            now: Some((now_epoch, now_value)),
        } => msg::event_violation_committed_write_lost_replaced(
            lang,
            &value,
            &epoch,
            &offset,
            &n(*leader),
            &now_value,
            &now_epoch,
        ),
        Violation::ReplicasDiverged {
            leader,
            follower,
            offset,
            leader_record,
            follower_record,
        } => msg::event_violation_replicas_diverged(
            lang,
            &offset,
            &n(*follower),
            &follower_record.1,
            &follower_record.0,
            &n(*leader),
            &leader_record.1,
            &leader_record.0,
        ),
        Violation::ConsumerReadLost {
            consumer,
            leader,
            offset,
            epoch,
            value,
            now: None,
        } => msg::event_violation_consumer_read_lost(lang, &consumer, &value, &epoch, &offset, &n(*leader)),
        Violation::ConsumerReadLost {
            consumer,
            leader,
            offset,
            epoch,
            value,
            now: Some((now_epoch, now_value)),
        } => msg::event_violation_consumer_read_lost_replaced(
            lang,
            &consumer,
            &value,
            &epoch,
            &offset,
            &n(*leader),
            &now_value,
            &now_epoch,
        ),
        Violation::ConsumerReadDiverged {
            consumer,
            earlier,
            offset,
            before,
            now,
        } => msg::event_violation_consumer_read_diverged(
            lang, &offset, &consumer, &now.1, &now.0, &earlier, &before.1, &before.0,
        ),
    }
}
