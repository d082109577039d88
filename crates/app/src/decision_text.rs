//! A truncation decision in words — the question, the answer, the rule and the
//! result — shared by the decision panel and the SVG export.

use replab_core::event::{Event, TruncationRule};
use replab_core::timeline::Timeline;
use replab_core::Record;
use replab_narrate::{self as narrate, label, Label, Lang, Names};

pub struct Described {
    pub broker: String,
    pub from: u64,
    pub to: u64,
    pub question: String,
    pub answer: String,
    pub rule: String,
    pub result: String,
    /// The follower's log before the decision, its HW then, and where the leader's
    /// answer put the end of the epoch.
    pub log: Vec<Record>,
    pub hw: u64,
    pub leader_end: Option<u64>,
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

/// Every truncation decision of step `step` (1-based).
pub fn describe(lang: Lang, t: &Timeline, step: usize) -> Vec<Described> {
    let events = t.events_of(step);
    let before = t.state_at(step.saturating_sub(1));
    let names: Vec<String> = before.brokers().iter().map(|b| b.id.clone()).collect();
    let n = Names(&names);
    let request = events.iter().find_map(|e| match e {
        Event::RequestSent {
            request,
            leader,
            follower,
        } => Some((*request, *leader, *follower)),
        _ => None,
    });
    let answer = events.iter().find_map(|e| match e {
        Event::RequestAnswered { reply, leader, .. } => Some((*reply, *leader)),
        _ => None,
    });
    events
        .iter()
        .filter_map(|e| match e {
            Event::Truncation {
                broker,
                from,
                to,
                rule,
                complete,
            } => Some((*broker, *from, *to, rule, *complete)),
            _ => None,
        })
        .map(|(broker, from, to, rule, complete)| {
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
            let again = if complete {
                String::new()
            } else {
                format!(", {}", label(lang, Label::AsksAgain))
            };
            let b = before.broker(broker);
            Described {
                broker: n.get(broker).to_string(),
                from,
                to,
                question,
                answer,
                rule: narrate::truncation_reason(lang, rule),
                result: format!("{} {outcome}{again}", n.get(broker)),
                log: b.map(|b| b.durable.log.records().to_vec()).unwrap_or_default(),
                hw: b.map_or(0, |b| b.hw()),
                leader_end: leader_end(rule),
            }
        })
        .collect()
}
