//! The messages of a history: every request a follower sends its leader and every
//! response the leader sends back, at the step it was sent, and where it ended:
//! delivered (in the same step, or by a later `deliver`), still in flight, or
//! lost. A Fetch that found no records waits at the leader (`DelayedFetch`)
//! until the leader answers it (at its next append, or when it is delivered) or
//! it is lost: its response is sent at the step it is answered. Read from the
//! events alone; the records a response carries are read from the leader's log
//! after the step that answered.

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

/// How a Fetch parked at the leader ended its wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// The leader answered it at this step: its response left then.
    Answered { step: usize },
    /// It still waits at the end of the history.
    Waiting,
    /// It was lost at this step, unanswered.
    Lost { step: usize, reason: LossReason },
}

impl Wait {
    /// The step its wait ended at, if it did.
    pub fn end_step(self) -> Option<usize> {
        match self {
            Wait::Answered { step } | Wait::Lost { step, .. } => Some(step),
            Wait::Waiting => None,
        }
    }
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
    /// A Fetch the leader parked: how its wait ended (None: not parked).
    pub wait: Option<Wait>,
    /// A `Records` response whose fetch moved the leader's HW past the one it
    /// carries: the leader's HW then (the follower learns it on its next fetch).
    pub leader_hw: Option<u64>,
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

    /// Its label, by Kafka's names ("Fetch(offset 2)", "records m2 · HW 1"); a
    /// response whose fetch moved the leader's HW adds it ("records m2 · HW 1
    /// (A's HW 2)"). `names` are the brokers'.
    pub fn label(&self, lang: Lang, names: &narrate::Names) -> String {
        match &self.payload {
            Payload::Request(r) => narrate::request_label(lang, r),
            Payload::Reply(r) => {
                let mut s = narrate::reply_label(lang, r, &self.values);
                if let Some(hw) = self.leader_hw {
                    s += &narrate::leader_hw_label(lang, names.get(self.from), hw);
                }
                s
            }
        }
    }

    /// Why it was lost, as the event log says it, if it was: a response, or a
    /// fetch lost while it waited at the leader.
    pub fn loss_sentence(&self, lang: Lang, names: &narrate::Names) -> Option<String> {
        let e = match (self.fate, self.payload, self.wait) {
            (Fate::Lost { reason, .. }, Payload::Reply(reply), _) => Event::ResponseLost {
                follower: self.to,
                reply,
                reason,
            },
            (_, Payload::Request(Request::Fetch { offset, .. }), Some(Wait::Lost { reason, .. })) => {
                Event::ParkedFetchLost {
                    follower: self.from,
                    offset,
                    reason,
                }
            }
            _ => return None,
        };
        Some(narrate::event(lang, names, &e))
    }

    /// For a Fetch the leader parked, that it waits there: "B's fetch waits at
    /// A for new records (offset 2): …".
    pub fn wait_sentence(&self, lang: Lang, names: &narrate::Names) -> Option<String> {
        match (self.payload, self.wait) {
            (Payload::Request(Request::Fetch { offset, .. }), Some(_)) => Some(narrate::event(
                lang,
                names,
                &Event::FetchParked {
                    follower: self.from,
                    leader: self.to,
                    offset,
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

/// A message just read from event `i` of step `k`, before its fate is known.
fn sent(k: usize, events: &[Event], i: usize) -> Option<Message> {
    let e = events.get(i)?;
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
    let leader_hw = match payload {
        Payload::Reply(Reply::Records { high_watermark, .. }) => {
            narrate::leader_hw_at(events, i, from).filter(|&hw| hw > high_watermark)
        }
        _ => None,
    };
    Some(Message {
        step: k,
        from,
        to,
        payload,
        fate,
        values: Vec::new(),
        wait: None,
        leader_hw,
    })
}

/// The end of the wait of a fetch parked for `follower`, if `e` is one.
fn wait_ends(k: usize, e: &Event) -> Option<(BrokerIx, Wait)> {
    match *e {
        Event::RequestAnswered { follower, .. } => Some((follower, Wait::Answered { step: k })),
        Event::ParkedFetchLost { follower, reason, .. } => Some((follower, Wait::Lost { step: k, reason })),
        _ => None,
    }
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
                .filter_map(|o| b.durable.log.get(o).map(|r| r.value))
                .collect();
        }
    }
}

/// The messages sent at steps `first..=last` (1-based), with their fate as
/// known after `last`; the commands are replayed from the state before `first`
/// to read the records each response carries.
fn scan(t: &Timeline, first: usize, last: usize) -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    // The response on its way to each follower, and the fetch each follower
    // has parked at its leader: their indices in `out`.
    let brokers = t.setup().brokers.len();
    let mut pending: Vec<Option<usize>> = vec![None; brokers];
    let mut parked: Vec<Option<usize>> = vec![None; brokers];
    let mut state = t.state_at(first - 1);
    for (k, command) in (first..=last).zip(t.commands().sub(first - 1, last)) {
        // Replaying a stored command from the state it was applied to cannot fail.
        let _ = state.apply(command);
        let sent_before = out.len();
        let events = t.events_of(k);
        for (i, e) in events.iter().enumerate() {
            if let Some((f, wait)) = wait_ends(k, e) {
                if let Some(m) = parked.get_mut(f).and_then(Option::take).and_then(|ix| out.get_mut(ix)) {
                    m.wait = Some(wait);
                }
            }
            if let Event::FetchParked { follower, .. } = *e {
                // The Fetch it parks was sent just before, in this step.
                let request = out.iter().rposition(|m| {
                    m.step == k && m.from == follower && matches!(m.payload, Payload::Request(Request::Fetch { .. }))
                });
                if let (Some(ix), Some(slot)) = (request, parked.get_mut(follower)) {
                    out[ix].wait = Some(Wait::Waiting);
                    *slot = Some(ix);
                }
            } else if let Some(m) = sent(k, events, i) {
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

/// The consumers of `t` in the order of their first `consume`: the parties
/// after the brokers (party `brokers + i` is the i-th).
pub fn consumer_names(t: &Timeline) -> Vec<Value> {
    let mut names: Vec<Value> = Vec::new();
    for c in t.commands() {
        if let replab_core::Command::Consume { consumer, .. } = c {
            if !names.contains(consumer) {
                names.push(*consumer);
            }
        }
    }
    names
}

/// The requests of consumers' polls and the leader's answers, each delivered in
/// its step, in step order: an OffsetsForLeaderEpoch validation with its answer,
/// a Fetch with its records (or OFFSET_OUT_OF_RANGE). A consumer is the party
/// after the brokers that `consumer_names` gives (`from` or `to`).
pub fn consumer_messages(t: &Timeline) -> Vec<Message> {
    let names = consumer_names(t);
    let brokers = t.setup().brokers.len();
    let party = |name: &Value| brokers + names.iter().position(|n| n == name).unwrap_or(0);
    let mut out = Vec::new();
    for k in 1..=t.len() {
        let mut pair = |consumer: &Value, leader: BrokerIx, request: Request, reply: Reply, values: Vec<Value>| {
            let c = party(consumer);
            let delivered = Fate::Delivered { step: k };
            let message = |from, to, payload, values| Message {
                step: k,
                from,
                to,
                payload,
                fate: delivered,
                values,
                wait: None,
                leader_hw: None,
            };
            out.push(message(c, leader, Payload::Request(request), Vec::new()));
            out.push(message(leader, c, Payload::Reply(reply), values));
        };
        for e in t.events_of(k) {
            match e {
                Event::PositionValidated {
                    consumer,
                    leader,
                    asked,
                    epoch,
                    end_offset,
                    ..
                }
                | Event::TruncationDetected {
                    consumer,
                    leader,
                    asked,
                    epoch,
                    end_offset,
                    ..
                } => pair(
                    consumer,
                    *leader,
                    Request::OffsetsForLeaderEpoch {
                        leader_epoch: Some(*asked),
                    },
                    Reply::EpochEndOffset {
                        asked: Some(*asked),
                        answer: replab_core::message::EpochAnswer {
                            epoch: Some(*epoch),
                            end_offset: Some(*end_offset),
                        },
                    },
                    Vec::new(),
                ),
                Event::Consumed {
                    consumer,
                    leader,
                    from,
                    records,
                    high_watermark,
                } => pair(
                    consumer,
                    *leader,
                    consumer_fetch(*from),
                    Reply::Records {
                        from: *from,
                        count: records.len() as u64,
                        high_watermark: *high_watermark,
                    },
                    records.iter().map(|r| r.value).collect(),
                ),
                Event::ConsumerReset {
                    consumer,
                    leader,
                    cause: replab_core::consumer::ResetCause::OffsetOutOfRange,
                    from,
                    ..
                } => {
                    // A consumer changes nothing: the leader's log end is as after the step.
                    let log_end_offset = t.state_at(k).broker(*leader).map_or(0, |b| b.leo());
                    pair(
                        consumer,
                        *leader,
                        consumer_fetch(*from),
                        Reply::OffsetOutOfRange { log_end_offset },
                        Vec::new(),
                    );
                }
                Event::ConsumerFailed {
                    consumer,
                    error: replab_core::consumer::ConsumerError::OffsetOutOfRange,
                    at,
                    ..
                } => {
                    let after = t.state_at(k);
                    if let Some(leader) = after.leader() {
                        let log_end_offset = after.broker(leader).map_or(0, |b| b.leo());
                        pair(
                            consumer,
                            leader,
                            consumer_fetch(*at),
                            Reply::OffsetOutOfRange { log_end_offset },
                            Vec::new(),
                        );
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// A consumer's Fetch from `offset`: it sends no last fetched epoch and
/// takes all it may read.
fn consumer_fetch(offset: u64) -> Request {
    Request::Fetch {
        offset,
        last_fetched_epoch: None,
        max: None,
    }
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

    /// B fetches m1 and m2 (the second fetch moves A's HW past the one its
    /// response carries); at A's log end its `send` waits at A (5) until A
    /// appends m3 (6), and is delivered (7); it waits again (8) and is lost when
    /// B bounces (9); after m4 its next response is lost with A (11, 12).
    const STORY: &str = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nsend B\nproduce m3\ndeliver B\n\
                         send B\nbounce B\nproduce m4\nsend B\ncrash A\n";

    fn story(protocol: Protocol) -> Timeline {
        let script = scenario::parse(STORY).expect("parses");
        scenario::load(&script, Some(protocol)).expect("loads").timeline
    }

    fn kinds(ms: &[Message]) -> Vec<&'static str> {
        ms.iter().map(|m| m.kind().name()).collect()
    }

    #[test]
    fn every_request_and_response_with_where_it_ended() {
        let t = story(Protocol::Hw);
        assert_eq!(t.len(), 12);
        let all = all_messages(&t);
        let steps: Vec<usize> = all.iter().map(|m| m.step).collect();
        assert_eq!(steps, [2, 2, 4, 4, 5, 6, 8, 11, 11]);
        assert_eq!(
            kinds(&all),
            ["fetch", "records", "fetch", "records", "fetch", "records", "fetch", "fetch", "records"]
        );
        // B (1) asks A (0); A answers.
        assert_eq!((all[0].from, all[0].to), (1, 0));
        assert_eq!((all[1].from, all[1].to), (0, 1));
        assert_eq!(all[1].fate, Fate::Delivered { step: 2 });
        // The fetch sent at 5 waits at A; A's append at 6 answers it, and the
        // response arrives at 7.
        assert_eq!(all[4].fate, Fate::Delivered { step: 5 });
        assert_eq!(all[4].wait, Some(Wait::Answered { step: 6 }));
        assert_eq!(all[5].fate, Fate::Delivered { step: 7 });
        assert_eq!(all[5].values, [replab_core::Value::from("m3")]);
        assert_eq!(
            all[6].wait,
            Some(Wait::Lost {
                step: 9,
                reason: LossReason::FollowerCrashed
            })
        );
        assert_eq!(all[7].wait, None);
        assert_eq!(
            all[8].fate,
            Fate::Lost {
                step: 12,
                reason: LossReason::LeaderCrashed
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
    fn labels_use_kafkas_names_and_say_the_hw_the_follower_learns_late() {
        let t = story(Protocol::Hw);
        let all = all_messages(&t);
        let names = narrate::Names(&t.setup().brokers);
        assert_eq!(all[2].label(Lang::EN, &names), "Fetch(offset 1)");
        assert_eq!(all[1].label(Lang::EN, &names), "records m1 · HW 0");
        assert_eq!(all[3].leader_hw, Some(1));
        assert_eq!(all[3].label(Lang::EN, &names), "records m2 · HW 0 (A's HW 1)");
        replab_narrate::said!(
            "view/labels_use_kafkas_names_and_say_the_hw_the_follower_learns_late",
            |lang| vec![(all[3].label(lang, &names)).to_string()]
        );
        // Answered at A's append: the HW then, which the fetch had moved.
        assert_eq!(all[5].label(Lang::EN, &names), "records m3 · HW 2");
        assert_eq!(all[8].label(Lang::EN, &names), "records m3 m4 · HW 3");
        assert_eq!(
            all[8].loss_sentence(Lang::EN, &names).as_deref(),
            Some("the response to B is lost with the crashed leader")
        );
        assert_eq!(
            all[6].loss_sentence(Lang::EN, &names).as_deref(),
            Some("B's fetch waiting at the leader (offset 3) is gone: B crashed")
        );
        replab_narrate::said!(
            "view/labels_use_kafkas_names_and_say_the_hw_the_follower_learns_late-2",
            |lang| all[6].loss_sentence(lang, &names).into_iter().collect()
        );
        assert!(all[4]
            .wait_sentence(Lang::EN, &names)
            .is_some_and(|s| s.starts_with("B's fetch waits at A for new records (offset 2)")));
        assert_eq!(all[7].wait_sentence(Lang::EN, &names), None);
        assert_eq!(all[2].loss_sentence(Lang::EN, &names), None);
    }

    #[test]
    fn messages_of_a_step_are_those_that_move_then() {
        let t = story(Protocol::Hw);
        assert!(messages_of(&t, 1).is_empty());
        let fetch = messages_of(&t, 4);
        assert_eq!(kinds(&fetch), ["fetch", "records"]);
        assert_eq!(fetch[1].values, [replab_core::Value::from("m2")]);
        assert_eq!(
            fetch.iter().map(|m| m.motion_at(4)).collect::<Vec<_>>(),
            [Some(Motion::Whole); 2]
        );
        // The parked fetch arrives; no response leaves.
        let send = messages_of(&t, 5);
        assert_eq!(kinds(&send), ["fetch"]);
        assert_eq!(send[0].motion_at(5), Some(Motion::Whole));
        // A's append answers it: the response leaves A then, and stays on its way.
        let produce = messages_of(&t, 6);
        assert_eq!(kinds(&produce), ["records"]);
        assert_eq!(produce[0].motion_at(6), Some(Motion::ToMiddle));
        assert_eq!(produce[0].fate, Fate::InFlight);
        assert_eq!(messages_of(&t, 7)[0].motion_at(7), Some(Motion::FromMiddle));
        // A fetch lost while it waits moves nowhere; a response lost on its way falls.
        assert!(messages_of(&t, 9).is_empty());
        let crash = messages_of(&t, 12);
        assert_eq!(kinds(&crash), ["records"]);
        assert_eq!(crash[0].step, 11);
        assert_eq!(crash[0].motion_at(12), Some(Motion::FallsAtMiddle));
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

    /// Under diverging-epoch each fetch carries the follower's last epoch, and
    /// B's bounce is seen (a crash, then a restart, in a new leader epoch).
    #[test]
    fn the_story_under_diverging_epoch() {
        let t = story(Protocol::DivergingEpoch);
        let all = all_messages(&t);
        let names = narrate::Names(&t.setup().brokers);
        assert_eq!(all.len(), 9);
        assert_eq!(all[2].label(Lang::EN, &names), "Fetch(offset 1, epoch 0)");
        assert_eq!(all[8].label(Lang::EN, &names), "records m4 · HW 4");
    }

    #[test]
    fn a_response_delivered_later_arrives_at_its_step() {
        let text = "brokers A B\nleader A\nproduce m1\nsend B\nproduce m2\ndeliver B\nsend B\n";
        let script = scenario::parse(text).expect("parses");
        let t = scenario::load(&script, None).expect("loads").timeline;
        let all = all_messages(&t);
        assert_eq!(all.len(), 4);
        assert_eq!(all[1].fate, Fate::Delivered { step: 4 });
        assert_eq!(all[1].values, [replab_core::Value::from("m1")]);
        assert_eq!(all[3].fate, Fate::InFlight);
        let deliver = messages_of(&t, 4);
        assert_eq!(deliver, [all[1].clone()]);
        assert_eq!(deliver[0].motion_at(4), Some(Motion::FromMiddle));
        assert_eq!(messages_of(&t, 5)[1].fate, Fate::InFlight);
        // Sent at 2, it is still on its way after step 3.
        assert_eq!(messages_of(&t, 2)[1].fate, Fate::InFlight);
    }
}
