//! The high watermark's decisions: held by strict min ISR, held by a caught-up
//! replica outside the ISR, writes committed but answered
//! NOT_ENOUGH_REPLICAS_AFTER_APPEND.

use super::{Rows, Step};
use replab_core::event::{AckFailure, Event};
use replab_narrate::{Explain, Label};

/// KRaft's strict min ISR (KAFKA-15583): the HW does not move while the ISR is
/// below min.insync.replicas.
pub(super) fn held(s: &Step) -> Option<Rows> {
    let &Event::HighWatermarkHeld {
        broker: leader,
        hw,
        isr,
        min_isr,
    } = s.event()?
    else {
        return None;
    };
    let after = s.after?;
    let leo = after.broker(leader).map_or(hw, |b| b.leo());
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::HwHeldCause {
                isr: after.isr(),
                min_isr,
            }),
        ),
        (Label::Rule, s.say(Explain::HwHeldRule)),
        (
            Label::Result,
            s.say(Explain::HwHeldResult {
                leader,
                hw,
                leo,
                isr,
                min_isr,
            }),
        ),
    ])
}

/// KAFKA-4485: a replica outside the ISR that caught up recently counts for the HW.
pub(super) fn held_by_replica(s: &Step) -> Option<Rows> {
    let &Event::HighWatermarkHeldByReplica {
        broker: leader,
        hw,
        would_be,
        replica,
        replica_leo,
        until_ms,
    } = s.event()?
    else {
        return None;
    };
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::HeldByReplicaCause {
                leader,
                replica,
                replica_leo,
                until_ms,
                lag_ms: s.before.config().replica_lag_time_max_ms,
            }),
        ),
        (
            Label::Rule,
            s.say(Explain::HeldByReplicaRule {
                only_eligible: s.before.capabilities().hw_counts_only_eligible,
            }),
        ),
        (
            Label::Result,
            s.say(Explain::HeldByReplicaResult {
                leader,
                hw,
                would_be,
                replica,
                until_ms,
            }),
        ),
    ])
}

/// acks=all writes committed while the ISR was below min.insync.replicas.
pub(super) fn after_append(s: &Step) -> Option<Rows> {
    let &Event::AckFailed {
        reason: AckFailure::NotEnoughReplicasAfterAppend { leader, min_isr, .. },
        ..
    } = s.event()?
    else {
        return None;
    };
    let after = s.after?;
    // Every write of the step answered so.
    let values: Vec<replab_core::Value> = s
        .events
        .iter()
        .filter_map(|e| match e {
            Event::AckFailed {
                value,
                reason: AckFailure::NotEnoughReplicasAfterAppend { .. },
                ..
            } => Some(*value),
            _ => None,
        })
        .collect();
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::AfterAppendCause {
                leader,
                values: &values,
                isr: after.isr(),
                min_isr,
            }),
        ),
        (Label::Rule, s.say(Explain::AfterAppendRule)),
        (Label::Result, s.say(Explain::AfterAppendResult { values: &values })),
    ])
}
