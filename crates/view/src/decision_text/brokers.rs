//! Brokers' decisions: one that restarted with no leader to follow and waits,
//! a follower that halts, a bounce the controller notices.

use super::{Rows, Step};
use replab_core::event::Event;
use replab_core::protocol::ControllerKind;
use replab_narrate::{Explain, Label};

/// A restarted broker with no leader waits, with what it will do once one is
/// elected.
pub(super) fn wait_for_leader(s: &Step) -> Option<Rows> {
    let &Event::BecameFollower { broker, next, .. } = s.event()? else {
        return None;
    };
    let (leo, hw) = s
        .events
        .iter()
        .find_map(|e| match *e {
            Event::Restarted { broker: b, leo, hw, .. } if b == broker => Some((leo, hw)),
            _ => None,
        })
        .or_else(|| s.before.broker(broker).map(|b| (b.leo(), b.hw())))?;
    Some(vec![
        (Label::Cause, s.say(Explain::WaitingCause { broker, leo, hw })),
        (Label::Rule, s.say(Explain::WaitingRule)),
        (Label::Result, s.say(Explain::WaitingResult { broker })),
        (Label::Then, s.say(Explain::WaitingNext { broker, next })),
    ])
}

/// Kafka 0.10/0.11: a fetch offset past the leader's log end stops the
/// follower (FatalExitError).
pub(super) fn halted(s: &Step) -> Option<Rows> {
    let &Event::Halted {
        broker,
        leader,
        fetch_offset,
        leader_log_end,
    } = s.event()?
    else {
        return None;
    };
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::HaltedCause {
                broker,
                leader,
                fetch_offset,
                leader_log_end,
            }),
        ),
        (Label::Rule, s.say(Explain::HaltedRule)),
        (
            Label::Result,
            s.say(Explain::HaltedResult {
                broker,
                leo: s.before.broker(broker).map_or(0, |b| b.leo()),
            }),
        ),
    ])
}

/// KIP-380 / KRaft: a restart with a new broker epoch is a crash, then a restart.
pub(super) fn bounce_noticed(s: &Step) -> Option<Rows> {
    let &Event::BounceNoticed { broker } = s.event()? else {
        return None;
    };
    let later = &s.events[s.d.event..];
    let broker_epoch = later.iter().find_map(|e| match *e {
        Event::Restarted {
            broker: b,
            broker_epoch,
            ..
        } if b == broker => Some(broker_epoch),
        _ => None,
    });
    let isr = later.iter().find_map(|e| match *e {
        Event::IsrShrunk { broker: b, isr, .. } if b == broker => Some(isr),
        _ => None,
    });
    let kraft = s.before.controller() == ControllerKind::KRaft;
    Some(vec![
        (Label::Cause, s.say(Explain::BounceCause { broker, broker_epoch })),
        (Label::Rule, s.say(Explain::BounceRule { kraft })),
        (Label::Result, s.say(Explain::BounceResult { broker, isr })),
    ])
}
