//! The messages of a history: every request a follower sends its leader and every
//! response the leader sends back, at the step it was sent, and where it ended:
//! delivered (in the same step, or by a later `deliver`), still in flight, or
//! lost. Read from the events alone; the records a response carries are read
//! from the leader's log after the step that answered.

use replab_core::event::{Event, LossReason};
use replab_core::message::{Reply, Request};
use replab_core::timeline::Timeline;
use replab_core::{BrokerIx, Cluster, Value};
use replab_narrate::{self as narrate, Lang};

/// What a message is, by Kafka's names. `name` is the page's `data-kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MessageKind {
    Fetch,
    OffsetsForLeaderEpoch,
    /// The answer to a Fetch: records (perhaps none) and the leader's HW.
    Records,
    /// The answer to OffsetsForLeaderEpoch: where the asked epoch ends.
    EpochAnswer,
    /// The answer to a Fetch whose last fetched epoch diverges (Kafka 2.8+).
    DivergingEpoch,
    /// The error answer to a Fetch past the leader's log end.
    OffsetOutOfRange,
}

impl MessageKind {
    pub fn name(self) -> &'static str {
        match self {
            MessageKind::Fetch => "fetch",
            MessageKind::OffsetsForLeaderEpoch => "offsets-for-leader-epoch",
            MessageKind::Records => "records",
            MessageKind::EpochAnswer => "epoch-answer",
            MessageKind::DivergingEpoch => "diverging-epoch",
            MessageKind::OffsetOutOfRange => "offset-out-of-range",
        }
    }

    pub fn is_request(self) -> bool {
        matches!(self, MessageKind::Fetch | MessageKind::OffsetsForLeaderEpoch)
    }
}

/// A request or a response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payload {
    Request(Request),
    Reply(Reply),
}

/// Where a message ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It arrived at this step (a request always in the step it was sent).
    Delivered { step: usize },
    /// It is still on its way at the end of the history.
    InFlight,
    /// It was lost at this step.
    Lost { step: usize, reason: LossReason },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The step it was sent at (1-based).
    pub step: usize,
    pub from: BrokerIx,
    pub to: BrokerIx,
    pub payload: Payload,
    pub fate: Fate,
    /// The values of the records a `Records` response carries (empty otherwise).
    pub values: Vec<Value>,
}

/// How a message moves during one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// From sender to receiver.
    Whole,
    /// Sent, and left on its way: to the middle of its path.
    ToMiddle,
    /// Waiting on its path since an earlier step, it arrives.
    FromMiddle,
    /// Waiting on its path since an earlier step, it is lost there.
    FallsAtMiddle,
}

impl Message {
    pub fn kind(&self) -> MessageKind {
        match self.payload {
            Payload::Request(Request::Fetch { .. }) => MessageKind::Fetch,
            Payload::Request(Request::OffsetsForLeaderEpoch { .. }) => MessageKind::OffsetsForLeaderEpoch,
            Payload::Reply(Reply::Records { .. }) => MessageKind::Records,
            Payload::Reply(Reply::EpochEndOffset { .. }) => MessageKind::EpochAnswer,
            Payload::Reply(Reply::DivergingEpoch { .. }) => MessageKind::DivergingEpoch,
            Payload::Reply(Reply::OffsetOutOfRange { .. }) => MessageKind::OffsetOutOfRange,
        }
    }

    /// Its label, by Kafka's names ("Fetch(offset 2)", "records m2 · HW 1").
    pub fn label(&self, lang: Lang) -> String {
        match &self.payload {
            Payload::Request(r) => narrate::request_label(lang, r),
            Payload::Reply(r) => narrate::reply_label(lang, r, &self.values),
        }
    }

    /// Why it was lost, as the event log says it, if it was.
    pub fn loss_sentence(&self, lang: Lang, names: &narrate::Names) -> Option<String> {
        match (self.fate, self.payload) {
            (Fate::Lost { reason, .. }, Payload::Reply(reply)) => Some(narrate::event(
                lang,
                names,
                &Event::ResponseLost {
                    follower: self.to,
                    reply,
                    reason,
                },
            )),
            _ => None,
        }
    }

    /// The step it arrived or was lost at, if it did.
    pub fn end_step(&self) -> Option<usize> {
        match self.fate {
            Fate::Delivered { step } | Fate::Lost { step, .. } => Some(step),
            Fate::InFlight => None,
        }
    }

    /// How it moves during step `k` (None: it does not move then).
    pub fn motion_at(&self, k: usize) -> Option<Motion> {
        let sent = self.step == k;
        let ends = self.end_step() == Some(k);
        match (sent, ends, self.fate) {
            (true, true, Fate::Delivered { .. }) => Some(Motion::Whole),
            (true, _, _) => Some(Motion::ToMiddle),
            (false, true, Fate::Delivered { .. }) => Some(Motion::FromMiddle),
            (false, true, _) => Some(Motion::FallsAtMiddle),
            _ => None,
        }
    }
}

/// A message just read from a step's events, before its fate is known.
fn sent(k: usize, e: &Event) -> Option<Message> {
    let (from, to, payload, fate) = match *e {
        Event::RequestSent {
            follower,
            leader,
            request,
        } => (follower, leader, Payload::Request(request), Fate::Delivered { step: k }),
        Event::RequestAnswered {
            follower,
            leader,
            reply,
        } => (leader, follower, Payload::Reply(reply), Fate::InFlight),
        _ => return None,
    };
    Some(Message {
        step: k,
        from,
        to,
        payload,
        fate,
        values: Vec::new(),
    })
}

/// The end of the response on its way to `follower`, if `e` is one.
fn ends(k: usize, e: &Event) -> Option<(BrokerIx, Fate)> {
    match *e {
        Event::ResponseDelivered { follower, .. } => Some((follower, Fate::Delivered { step: k })),
        Event::ResponseLost { follower, reason, .. } => Some((follower, Fate::Lost { step: k, reason })),
        _ => None,
    }
}

/// The values of the records a `Records` reply from `m.from` carries, read from
/// the sender's log in `state` (the state after the step that answered).
fn fill_values(m: &mut Message, state: &Cluster) {
    if let Payload::Reply(Reply::Records { from, count, .. }) = m.payload {
        if let Some(b) = state.broker(m.from) {
            m.values = (from..from.saturating_add(count))
                .filter_map(|o| b.durable.log.get(o).map(|r| r.value.clone()))
                .collect();
        }
    }
}

/// The messages sent at steps `first..=last` (1-based), with their fate as
/// known after `last`; the commands are replayed from the state before `first`
/// to read the records each response carries.
fn scan(t: &Timeline, first: usize, last: usize) -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    // The response on its way to each follower: its index in `out`.
    let mut pending: Vec<Option<usize>> = vec![None; t.setup().brokers.len()];
    let mut state = t.state_at(first - 1);
    for (k, command) in (first..=last).zip(&t.commands()[first - 1..last]) {
        // Replaying a stored command from the state it was applied to cannot fail.
        let _ = state.apply(command);
        let sent_before = out.len();
        for e in t.events_of(k) {
            if let Some(m) = sent(k, e) {
                if let (Payload::Reply(_), Some(slot)) = (m.payload, pending.get_mut(m.to)) {
                    *slot = Some(out.len());
                }
                out.push(m);
            } else if let Some((f, fate)) = ends(k, e) {
                if let Some(m) = pending.get_mut(f).and_then(Option::take).and_then(|ix| out.get_mut(ix)) {
                    m.fate = fate;
                }
            }
        }
        for m in &mut out[sent_before..] {
            fill_values(m, &state);
        }
    }
    out
}

/// Every message of the history, in the order sent.
pub fn all_messages(t: &Timeline) -> Vec<Message> {
    scan(t, 1, t.len())
}

/// The messages that move during step `k`, in the order sent: those sent then,
/// and those sent earlier that arrive or are lost then. Their fate is as known
/// after step `k` (a response still on its way then is `InFlight`).
pub fn messages_of(t: &Timeline, k: usize) -> Vec<Message> {
    if k == 0 || k > t.len() {
        return Vec::new();
    }
    // From the step that sent the earliest response ending now.
    let first = t
        .events_of(k)
        .iter()
        .filter_map(|e| ends(k, e))
        .filter_map(|(f, _)| {
            (1..=k).rev().find(|&j| {
                t.events_of(j)
                    .iter()
                    .any(|e| matches!(e, Event::RequestAnswered { follower, .. } if *follower == f))
            })
        })
        .min()
        .unwrap_or(k);
    let mut out = scan(t, first, k);
    out.retain(|m| m.step == k || m.end_step() == Some(k));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario;
    use replab_core::Protocol;

    fn data_loss(protocol: Option<Protocol>) -> Timeline {
        let text = include_str!("../../../web/scenarios/data-loss.scn");
        let script = scenario::parse(text).expect("parses");
        scenario::load(&script, protocol).expect("loads").timeline
    }

    fn kinds(ms: &[Message]) -> Vec<&'static str> {
        ms.iter().map(|m| m.kind().name()).collect()
    }

    /// Under hw: fetch A at steps 2, 3, 5; send A at 6 (its response lost when A
    /// bounces at 7); fetch B at 10 (past A's log end) and 11.
    #[test]
    fn data_loss_under_hw_has_twelve_messages() {
        let t = data_loss(None);
        assert_eq!(t.len(), 11);
        let all = all_messages(&t);
        assert_eq!(all.len(), 12);
        let steps: Vec<usize> = all.iter().map(|m| m.step).collect();
        assert_eq!(steps, [2, 2, 3, 3, 5, 5, 6, 6, 10, 10, 11, 11]);
        assert_eq!(
            kinds(&all),
            [
                "fetch",
                "records",
                "fetch",
                "records",
                "fetch",
                "records",
                "fetch",
                "records",
                "fetch",
                "offset-out-of-range",
                "fetch",
                "records"
            ]
        );
        // A (0) asks B (1); B answers.
        assert_eq!((all[0].from, all[0].to), (0, 1));
        assert_eq!((all[1].from, all[1].to), (1, 0));
        assert_eq!(all[1].fate, Fate::Delivered { step: 2 });
        assert_eq!(
            all[7].fate,
            Fate::Lost {
                step: 7,
                reason: LossReason::FollowerCrashed
            }
        );
        // The count the page's diagram shows: one arrow per RequestSent and RequestAnswered.
        let events = (1..=t.len())
            .flat_map(|k| t.events_of(k))
            .filter(|e| matches!(e, Event::RequestSent { .. } | Event::RequestAnswered { .. }))
            .count();
        assert_eq!(all.len(), events);
    }

    #[test]
    fn labels_use_kafkas_names() {
        let t = data_loss(None);
        let all = all_messages(&t);
        assert_eq!(all[4].label(Lang::En), "Fetch(offset 1)");
        assert_eq!(all[5].label(Lang::En), "records m2 · HW 1");
        assert_eq!(all[7].label(Lang::En), "no records · HW 2");
        assert_eq!(all[9].label(Lang::En), "OffsetOutOfRange(log end 1)");
        assert_eq!(all[5].label(Lang::Zh), "消息 m2 · HW 1");
        let names = ["A".to_string(), "B".to_string()];
        assert_eq!(
            all[7].loss_sentence(Lang::En, &narrate::Names(&names)).as_deref(),
            Some("the response to A is lost: A crashed")
        );
        assert_eq!(all[6].loss_sentence(Lang::En, &narrate::Names(&names)), None);
    }

    #[test]
    fn messages_of_a_step_are_those_that_move_then() {
        let t = data_loss(None);
        assert!(messages_of(&t, 1).is_empty());
        let fetch = messages_of(&t, 5);
        assert_eq!(kinds(&fetch), ["fetch", "records"]);
        assert_eq!(fetch[1].values, [std::sync::Arc::<str>::from("m2")]);
        assert_eq!(
            fetch.iter().map(|m| m.motion_at(5)).collect::<Vec<_>>(),
            [Some(Motion::Whole); 2]
        );
        // send A: the request arrives, the response stays on its way.
        let send = messages_of(&t, 6);
        assert_eq!(
            send.iter().map(|m| m.motion_at(6)).collect::<Vec<_>>(),
            [Some(Motion::Whole), Some(Motion::ToMiddle)]
        );
        // bounce A: that response is lost on its way.
        let bounce = messages_of(&t, 7);
        assert_eq!(kinds(&bounce), ["records"]);
        assert_eq!(bounce[0].step, 6);
        assert_eq!(bounce[0].motion_at(7), Some(Motion::FallsAtMiddle));
        // Every message of every step is one of the history's, its fate as
        // known then.
        let all = all_messages(&t);
        for k in 0..=t.len() {
            for m in messages_of(&t, k) {
                assert!(all
                    .iter()
                    .any(|a| a.step == m.step && a.payload == m.payload && a.values == m.values));
                assert!(m.motion_at(k).is_some(), "step {k}: {m:?}");
            }
        }
    }

    /// Under diverging-epoch A keeps m2; B, back from its crash, fetches with its
    /// last epoch and learns where epoch 0 ends.
    #[test]
    fn data_loss_under_diverging_epoch() {
        let t = data_loss(Some(Protocol::DivergingEpoch));
        let all = all_messages(&t);
        assert_eq!(all.len(), 12);
        assert_eq!(kinds(&all)[8..], ["fetch", "records", "fetch", "records"]);
        assert_eq!(all[8].label(Lang::En), "Fetch(offset 2, epoch 0)");
    }

    #[test]
    fn a_response_delivered_later_arrives_at_its_step() {
        let text = "brokers A B\nleader A\nproduce m1\nsend B\nproduce m2\ndeliver B\nsend B\n";
        let script = scenario::parse(text).expect("parses");
        let t = scenario::load(&script, None).expect("loads").timeline;
        let all = all_messages(&t);
        assert_eq!(all.len(), 4);
        assert_eq!(all[1].fate, Fate::Delivered { step: 4 });
        assert_eq!(all[1].values, [std::sync::Arc::<str>::from("m1")]);
        assert_eq!(all[3].fate, Fate::InFlight);
        let deliver = messages_of(&t, 4);
        assert_eq!(deliver, [all[1].clone()]);
        assert_eq!(deliver[0].motion_at(4), Some(Motion::FromMiddle));
        assert_eq!(messages_of(&t, 5)[1].fate, Fate::InFlight);
        // Sent at 2, it is still on its way after step 3.
        assert_eq!(messages_of(&t, 2)[1].fate, Fate::InFlight);
    }
}
