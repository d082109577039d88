//! A consumer's decisions: a truncation its validation detected (the question,
//! the answer, KIP-320's rule and where its position goes), a reset of its
//! position (why, auto.offset.reset, and what it skips or reads again), an
//! error raised to the application.

use super::{Rows, Step};
use replab_core::config::OffsetReset;
use replab_core::consumer::{ConsumerError, ResetCause};
use replab_core::event::Event;
use replab_narrate::{Explain, Label};

pub(super) fn truncation_detected(s: &Step) -> Option<Rows> {
    let Event::TruncationDetected {
        consumer,
        leader,
        asked,
        epoch,
        end_offset,
        from,
        moved,
    } = s.event()?
    else {
        return None;
    };
    let consumer = &**consumer;
    Some(vec![
        (
            Label::Question,
            s.say(Explain::ConsumerValidateQuestion {
                consumer,
                leader: *leader,
                asked: *asked,
                position: *from,
            }),
        ),
        (
            Label::Answer,
            s.say(Explain::ConsumerValidateAnswer {
                leader: *leader,
                epoch: *epoch,
                end_offset: *end_offset,
            }),
        ),
        (Label::Rule, s.say(Explain::ConsumerTruncationRule)),
        (
            Label::Result,
            s.say(Explain::ConsumerTruncationResult {
                consumer,
                to: moved.then_some(*end_offset),
                epoch: *epoch,
                from: *from,
            }),
        ),
    ])
}

pub(super) fn reset(s: &Step) -> Option<Rows> {
    let Event::ConsumerReset {
        consumer,
        leader,
        cause,
        policy,
        from,
        to,
    } = s.event()?
    else {
        return None;
    };
    let consumer = &**consumer;
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::ConsumerResetCause {
                consumer,
                leader: *leader,
                out_of_range: *cause == ResetCause::OffsetOutOfRange,
                from: *from,
                leader_leo: s.before.broker(*leader).map_or(0, |b| b.leo()),
            }),
        ),
        (
            Label::Rule,
            s.say(Explain::ConsumerResetRule {
                latest: *policy == OffsetReset::Latest,
            }),
        ),
        (
            Label::Result,
            s.say(Explain::ConsumerResetResult {
                consumer,
                from: *from,
                to: *to,
            }),
        ),
    ])
}

pub(super) fn failed(s: &Step) -> Option<Rows> {
    let Event::ConsumerFailed {
        consumer,
        error,
        at,
        divergent,
    } = s.event()?
    else {
        return None;
    };
    let consumer = &**consumer;
    let out_of_range = *error == ConsumerError::OffsetOutOfRange;
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::ConsumerFailedCause {
                consumer,
                out_of_range,
                at: *at,
                divergent: *divergent,
            }),
        ),
        (Label::Rule, s.say(Explain::ConsumerFailedRule { out_of_range })),
        (
            Label::Result,
            s.say(Explain::ConsumerFailedResult { consumer, at: *at }),
        ),
    ])
}
