//! Followers' decisions: a truncation, keeping the same leader into a new
//! epoch, a leader found after a wait, a fetch left waiting at the leader.

use super::{Cut, Rows, Step};
use replab_core::event::{Event, TruncationRule};
use replab_narrate::{self as narrate, label, Explain, Label};

/// A truncation: the question, the answer, the rule and the result, with its
/// picture.
pub(super) fn truncation(s: &Step) -> Option<(Rows, Cut)> {
    let (lang, n, events, before) = (s.lang, s.n, s.events, s.before);
    let Event::Truncation {
        broker,
        from,
        to,
        ref rule,
        complete,
    } = *s.event()?
    else {
        return None;
    };
    let request = events.iter().find_map(|e| match e {
        Event::RequestSent {
            request,
            leader,
            follower,
        } => Some((*request, *leader, *follower)),
        _ => None,
    });
    let answer = events.iter().find_map(|e| match e {
        // The answer to this follower (a produce may answer others' parked fetches).
        Event::RequestAnswered {
            reply,
            leader,
            follower,
        } if *follower == broker => Some((*reply, *leader)),
        _ => None,
    });
    let question = match (request, rule) {
        (_, TruncationRule::HighWatermark { .. }) => label(lang, Label::HwRule).to_string(),
        (Some((r, leader, f)), _) if f == broker => {
            format!("{} → {}: {}", n.get(f), n.get(leader), narrate::request(lang, &r))
        }
        _ => "—".into(),
    };
    let answer = match answer {
        Some((reply, leader)) => format!(
            "{} → {}: {}",
            n.get(leader),
            n.get(broker),
            narrate::reply(lang, &reply)
        ),
        None => "—".into(),
    };
    let outcome = if to < from {
        format!(
            "{} {to} ({} {from})",
            label(lang, Label::TruncatedTo),
            label(lang, Label::Before)
        )
    } else {
        label(lang, Label::Kept).to_string()
    };
    // Kafka 2.1 (KAFKA-10706): nothing removed, the epoch cache unchanged.
    let same_question = events.iter().find_map(|e| match *e {
        Event::AsksAgainUnchanged {
            broker: b,
            leader_epoch,
        } if b == broker => Some(leader_epoch),
        _ => None,
    });
    let again = match (complete, same_question) {
        (true, _) => String::new(),
        (false, Some(_)) => format!(", {}", label(lang, Label::AsksSameAgain)),
        (false, None) => format!(", {}", label(lang, Label::AsksAgain)),
    };
    let b = before.broker(broker);
    let mut rows = vec![
        (Label::Question, question),
        (Label::Answer, answer),
        (Label::Rule, narrate::truncation_reason(lang, rule)),
        (Label::Result, format!("{} {outcome}{again}", n.get(broker))),
    ];
    if let Some(leader_epoch) = same_question {
        rows.push((
            Label::Then,
            narrate::explain(lang, n, &Explain::SameQuestion { broker, leader_epoch }),
        ));
    }
    let cut = Cut {
        from,
        to,
        log: b.map(|b| b.durable.log.records().to_vec()).unwrap_or_default(),
        hw: b.map_or(0, |b| b.hw()),
        leader_end: leader_end(rule),
    };
    Some((rows, cut))
}

/// Where the leader's answer puts the cut, for the picture.
fn leader_end(rule: &TruncationRule) -> Option<u64> {
    match *rule {
        TruncationRule::LeaderEndOffset { end_offset, .. } => Some(end_offset),
        TruncationRule::SameEpoch { leader_end, .. }
        | TruncationRule::FollowerEpochBelow { leader_end, .. }
        | TruncationRule::NoFollowerEpochs { leader_end, .. } => Some(leader_end),
        TruncationRule::LeaderLogEnd { log_end_offset } => Some(log_end_offset),
        TruncationRule::HighWatermark { .. } | TruncationRule::UndefinedEndOffset { .. } => None,
    }
}

/// Before 2.1 the same leader in a new epoch changes nothing for its followers.
pub(super) fn kept_following(s: &Step) -> Option<Rows> {
    let &Event::KeptFollowing { broker, leader, epoch } = s.event()? else {
        return None;
    };
    let mut rows = Vec::new();
    if let Some((_, _, reason)) = s.elected().filter(|(l, _, _)| *l == leader) {
        rows.push((Label::Cause, s.say(Explain::SameLeaderCause { leader, epoch, reason })));
    }
    rows.push((Label::Rule, s.say(Explain::SameLeaderRule)));
    rows.push((
        Label::Result,
        s.say(Explain::KeptFollowingResult {
            follower: broker,
            leader,
        }),
    ));
    Some(rows)
}

/// A broker that waited for a leader follows the one just elected.
pub(super) fn leader_found(s: &Step) -> Option<Rows> {
    let &Event::BecameFollower {
        broker,
        leader: Some(leader),
        next,
    } = s.event()?
    else {
        return None;
    };
    let mut rows = Vec::new();
    if let Some((l, epoch, reason)) = s.elected() {
        rows.push((
            Label::Cause,
            s.say(Explain::LeaderFoundCause {
                leader: l,
                epoch,
                reason,
            }),
        ));
    }
    rows.push((
        Label::Rule,
        s.say(Explain::LeaderFoundRule {
            broker,
            since: s.d.since,
        }),
    ));
    rows.push((
        Label::Result,
        s.say(Explain::LeaderFoundResult {
            follower: broker,
            leader,
            next,
        }),
    ));
    Some(rows)
}

/// A Fetch that found no records waits at the leader (DelayedFetch).
pub(super) fn fetch_parked(s: &Step) -> Option<Rows> {
    let &Event::FetchParked {
        follower,
        leader,
        offset,
    } = s.event()?
    else {
        return None;
    };
    Some(vec![
        (
            Label::Cause,
            s.say(Explain::ParkedCause {
                follower,
                leader,
                offset,
            }),
        ),
        (Label::Rule, s.say(Explain::ParkedRule)),
        (Label::Result, s.say(Explain::ParkedResult { follower, leader })),
        (Label::Then, s.say(Explain::ParkedNext { follower, leader })),
    ])
}
