//! The decisions of a step in words, shared by the decision panel and the SVG
//! export: a truncation (the question, the answer, the rule and the result), the
//! controller's epoch bump on a follower crash, a follower that keeps following
//! the same leader into a new epoch, and a broker that restarted without a leader,
//! waits, and later starts following one.

use crate::history::{self, Decision, DecisionKind};
use replab_core::event::{Event, FollowerNext, ShrinkReason, TruncationRule};
use replab_core::protocol::{FollowCause, FollowStart, Rules};
use replab_core::timeline::Timeline;
use replab_core::{BrokerSet, Cluster, Record};
use replab_narrate::{self as narrate, label, EpochRecord, Explain, Label, Lang, Names, Reaction};

/// A truncation as a picture: the follower's log before the decision, its HW
/// then, and where the leader's answer put the end of the epoch.
pub struct Cut {
    pub from: u64,
    pub to: u64,
    pub log: Vec<Record>,
    pub hw: u64,
    pub leader_end: Option<u64>,
}

pub struct Described {
    pub kind: DecisionKind,
    /// The broker the decision is about (the leader, for an epoch bump).
    pub broker: String,
    /// Labelled rows: question, answer, rule and result for a truncation; cause,
    /// rule and result (and followers, or what comes next) for the others.
    pub rows: Vec<(Label, String)>,
    /// For a truncation, its picture.
    pub cut: Option<Cut>,
}

impl Described {
    /// "Truncation decision · B".
    pub fn heading(&self, lang: Lang) -> String {
        format!("{} · {}", label(lang, kind_label(self.kind)), self.broker)
    }
}

/// The name of a kind of decision.
pub fn kind_label(kind: DecisionKind) -> Label {
    match kind {
        DecisionKind::Truncation => Label::Decision,
        DecisionKind::EpochBump => Label::DecisionEpochBump,
        DecisionKind::KeptFollowing => Label::DecisionSameLeader,
        DecisionKind::WaitForLeader => Label::DecisionWaiting,
        DecisionKind::LeaderFound => Label::DecisionLeaderFound,
    }
}

/// The `data-kind` of a decision in the page.
pub fn kind_name(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Truncation => "truncation",
        DecisionKind::EpochBump => "epoch-bump",
        DecisionKind::KeptFollowing => "kept-following",
        DecisionKind::WaitForLeader => "wait-for-leader",
        DecisionKind::LeaderFound => "leader-found",
    }
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

/// What follower `f` does, from what step `events` say it did: it kept following,
/// validates, truncated to its HW, or fetches (its fetches checked by the leader
/// when the protocol's fetches carry an epoch and it has one).
fn reaction(events: &[Event], rules: &dyn Rules, f: usize, has_epochs: bool) -> Option<Reaction> {
    let hw_cut = events.iter().find_map(|e| match *e {
        Event::Truncation {
            broker,
            from,
            rule: TruncationRule::HighWatermark { hw },
            ..
        } if broker == f => Some(Reaction::TruncatesToHw { hw, from }),
        _ => None,
    });
    events.iter().find_map(|e| match *e {
        Event::KeptFollowing { broker, .. } if broker == f => Some(Reaction::KeepsFollowing),
        Event::BecameFollower {
            broker,
            leader: Some(_),
            next,
        } if broker == f => Some(match (next, hw_cut) {
            (FollowerNext::Validate, _) => Reaction::Validates,
            (_, Some(cut)) => cut,
            _ if rules.fetch_carries_epoch() && has_epochs => Reaction::FetchChecked,
            _ => Reaction::Fetches,
        }),
        _ => None,
    })
}

/// The latest epoch broker `b` restarted with at step `k`, if it restarted then.
fn restarted_with(t: &Timeline, k: usize, b: usize) -> Option<Option<u32>> {
    t.events_of(k).iter().find_map(|e| match *e {
        Event::Restarted {
            broker, latest_epoch, ..
        } if broker == b => Some(latest_epoch),
        _ => None,
    })
}

/// What a broker that restarted with `hw` and `latest_epoch` will do once a leader
/// is elected, as the protocol's rules say.
fn next_reaction(before: &Cluster, hw: u64, leo: u64, latest_epoch: Option<u32>) -> Reaction {
    let rules = before.rules();
    match rules.follow_start(FollowCause::Restart, latest_epoch.is_some()) {
        FollowStart::TruncateToHighWatermark => Reaction::TruncatesToHw { hw, from: leo },
        FollowStart::Validate => Reaction::Validates,
        FollowStart::Fetch if rules.fetch_carries_epoch() && latest_epoch.is_some() => Reaction::FetchChecked,
        FollowStart::Fetch | FollowStart::Continue => Reaction::Fetches,
    }
}

/// Every decision of step `step` (1-based), in words.
pub fn describe(lang: Lang, t: &Timeline, step: usize) -> Vec<Described> {
    let decisions = history::decisions_of(t, step);
    if decisions.is_empty() {
        return Vec::new();
    }
    let events = t.events_of(step);
    let before = t.state_at(step.saturating_sub(1));
    let names: Vec<String> = before.brokers().iter().map(|b| b.id.clone()).collect();
    let n = Names(&names);
    decisions
        .iter()
        .filter_map(|d| {
            let (rows, cut) = match d.kind {
                DecisionKind::Truncation => truncation(lang, &n, events, &before, d)?,
                _ => (other_rows(lang, &n, events, &before, d)?, None),
            };
            Some(Described {
                kind: d.kind,
                broker: n.get(d.broker).to_string(),
                rows,
                cut,
            })
        })
        .collect()
}

/// One line per decision of step `step`, for the list of earlier decisions: the
/// event's own sentence, or for a broker that found a leader, what it does now.
pub fn summaries(lang: Lang, t: &Timeline, step: usize) -> Vec<String> {
    let events = t.events_of(step);
    let names = Names(&t.setup().brokers);
    let rules = t.setup().protocol.rules();
    history::decisions_of(t, step)
        .iter()
        .filter_map(|d| match (d.kind, events.get(d.event)?) {
            (
                DecisionKind::LeaderFound,
                Event::BecameFollower {
                    broker,
                    leader: Some(leader),
                    ..
                },
            ) => {
                let has_epochs = restarted_with(t, d.since, *broker).flatten().is_some();
                let reaction = reaction(events, rules, *broker, has_epochs).unwrap_or(Reaction::Fetches);
                Some(narrate::explain(
                    lang,
                    &names,
                    &Explain::LeaderFoundResult {
                        follower: *broker,
                        leader: *leader,
                        reaction,
                    },
                ))
            }
            (_, e) => Some(narrate::event(lang, &names, e)),
        })
        .collect()
}

type Rows = Vec<(Label, String)>;

fn truncation(lang: Lang, n: &Names, events: &[Event], before: &Cluster, d: &Decision) -> Option<(Rows, Option<Cut>)> {
    let Event::Truncation {
        broker,
        from,
        to,
        ref rule,
        complete,
    } = *events.get(d.event)?
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
        Event::RequestAnswered { reply, leader, .. } => Some((*reply, *leader)),
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
    let again = if complete {
        String::new()
    } else {
        format!(", {}", label(lang, Label::AsksAgain))
    };
    let b = before.broker(broker);
    let rows = vec![
        (Label::Question, question),
        (Label::Answer, answer),
        (Label::Rule, narrate::truncation_reason(lang, rule)),
        (Label::Result, format!("{} {outcome}{again}", n.get(broker))),
    ];
    let cut = Cut {
        from,
        to,
        log: b.map(|b| b.durable.log.records().to_vec()).unwrap_or_default(),
        hw: b.map_or(0, |b| b.hw()),
        leader_end: leader_end(rule),
    };
    Some((rows, Some(cut)))
}

fn other_rows(lang: Lang, n: &Names, events: &[Event], before: &Cluster, d: &Decision) -> Option<Rows> {
    let say = |e: Explain| narrate::explain(lang, n, &e);
    let elected = events.iter().find_map(|e| match e {
        Event::LeaderElected {
            leader, epoch, reason, ..
        } => Some((*leader, *epoch, reason)),
        _ => None,
    });
    Some(match (d.kind, events.get(d.event)?) {
        (DecisionKind::EpochBump, Event::LeaderElected { leader, epoch, isr, .. }) => {
            let (leader, epoch) = (*leader, *epoch);
            let mut crashed = BrokerSet::default();
            for e in events {
                if let Event::IsrShrunk {
                    broker,
                    reason: ShrinkReason::Crashed,
                    ..
                } = *e
                {
                    crashed.insert(broker);
                }
            }
            let rules = before.rules();
            let record = match events.iter().find_map(|e| match *e {
                Event::EpochAssigned {
                    broker, start_offset, ..
                } if broker == leader => Some(start_offset),
                _ => None,
            }) {
                Some(offset) => EpochRecord::AtOnce { offset },
                None if !rules.has_epoch_cache() => EpochRecord::NoCache,
                None if !rules.records_epoch_on_election() => EpochRecord::WithNextWrite,
                None => EpochRecord::AtOnce {
                    offset: before.broker(leader).map_or(0, |b| b.leo()),
                },
            };
            let followers: Vec<String> = (0..n.0.len())
                .filter(|&f| f != leader)
                .filter_map(|f| {
                    let has_epochs = before.broker(f).is_some_and(|b| b.latest_epoch().is_some());
                    reaction(events, rules, f, has_epochs).map(|reaction| {
                        say(Explain::BumpFollower {
                            follower: f,
                            leader,
                            reaction,
                        })
                    })
                })
                .collect();
            let followers = if followers.is_empty() {
                say(Explain::NoFollowerRunning)
            } else {
                followers.join(if lang == Lang::Zh { "；" } else { "; " })
            };
            vec![
                (Label::Cause, say(Explain::BumpCause { crashed, isr: *isr })),
                (Label::Rule, say(Explain::BumpRule { leader, epoch })),
                (Label::Result, say(Explain::BumpLeader { leader, epoch, record })),
                (Label::Followers, followers),
            ]
        }
        (DecisionKind::KeptFollowing, Event::KeptFollowing { broker, leader, epoch }) => {
            let (leader, epoch) = (*leader, *epoch);
            let mut rows = Vec::new();
            if let Some((_, _, reason)) = elected.filter(|(l, _, _)| *l == leader) {
                rows.push((Label::Cause, say(Explain::SameLeaderCause { leader, epoch, reason })));
            }
            rows.push((Label::Rule, say(Explain::SameLeaderRule)));
            rows.push((
                Label::Result,
                say(Explain::KeptFollowingResult {
                    follower: *broker,
                    leader,
                }),
            ));
            rows
        }
        (DecisionKind::WaitForLeader, Event::BecameFollower { broker, .. }) => {
            let broker = *broker;
            let (leo, hw, latest_epoch) = events
                .iter()
                .find_map(|e| match *e {
                    Event::Restarted {
                        broker: b,
                        leo,
                        hw,
                        latest_epoch,
                        ..
                    } if b == broker => Some((leo, hw, latest_epoch)),
                    _ => None,
                })
                .or_else(|| before.broker(broker).map(|b| (b.leo(), b.hw(), b.latest_epoch())))?;
            let reaction = next_reaction(before, hw, leo, latest_epoch);
            vec![
                (Label::Cause, say(Explain::WaitingCause { broker, leo, hw })),
                (Label::Rule, say(Explain::WaitingRule)),
                (Label::Result, say(Explain::WaitingResult { broker })),
                (Label::Then, say(Explain::WaitingNext { broker, reaction })),
            ]
        }
        (
            DecisionKind::LeaderFound,
            Event::BecameFollower {
                broker,
                leader: Some(leader),
                ..
            },
        ) => {
            let (broker, leader) = (*broker, *leader);
            let mut rows = Vec::new();
            if let Some((l, epoch, reason)) = elected {
                rows.push((
                    Label::Cause,
                    say(Explain::LeaderFoundCause {
                        leader: l,
                        epoch,
                        reason,
                    }),
                ));
            }
            rows.push((Label::Rule, say(Explain::LeaderFoundRule { broker, since: d.since })));
            let has_epochs = before.broker(broker).is_some_and(|b| b.latest_epoch().is_some());
            let reaction = reaction(events, before.rules(), broker, has_epochs).unwrap_or(Reaction::Fetches);
            rows.push((
                Label::Result,
                say(Explain::LeaderFoundResult {
                    follower: broker,
                    leader,
                    reaction,
                }),
            ));
            rows
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::{scenario, Protocol};

    fn timeline(text: &str, protocol: Protocol) -> Timeline {
        let script = scenario::parse(text).expect("parses");
        scenario::load(&script, Some(protocol)).expect("loads").timeline
    }

    /// The rows of the only decision of `step`, as (label, text) in `lang`.
    fn only(lang: Lang, t: &Timeline, step: usize) -> (String, Vec<(&'static str, String)>) {
        let mut described = describe(lang, t, step);
        assert_eq!(described.len(), 1, "one decision at step {step}");
        let d = described.remove(0);
        assert!(d.cut.is_none());
        let heading = d.heading(lang);
        (
            heading,
            d.rows.into_iter().map(|(l, text)| (label(lang, l), text)).collect(),
        )
    }

    // Step 4 crashes follower C: the ZooKeeper controller shrinks the ISR and bumps
    // the epoch with A still leader.
    const BUMP: &str = "brokers A B C\nproduce m1\nfetch B\nfetch C\ncrash C\nproduce m2\nfetch B\n";

    #[test]
    fn a_follower_crash_bump_says_what_why_and_what_the_followers_do() {
        let t = timeline(BUMP, Protocol::Hw);
        assert_eq!(history::decision_steps(&t, t.len()).collect::<Vec<_>>(), vec![4]);
        let (heading, rows) = only(Lang::En, &t, 4);
        assert_eq!(heading, "Leader epoch bump · A");
        assert_eq!(
            rows,
            vec![
                (
                    "Cause",
                    "C crashed, and the controller removed it from the ISR (now A, B)".to_string()
                ),
                (
                    "Rule",
                    "the ZooKeeper controller writes a new leader epoch with every ISR change it makes \
                     (LeaderAndIsr.newLeaderAndIsr): A stays leader, in epoch 1"
                        .to_string()
                ),
                (
                    "Result",
                    "A leads on in epoch 1; before Kafka 0.11 no replica keeps a leader-epoch cache".to_string()
                ),
                (
                    "Followers",
                    "B keeps following A without checking its log: before Kafka 2.1 the same leader in a new \
                     epoch was not a change (KAFKA-7164)"
                        .to_string()
                ),
            ]
        );
        let (heading, rows) = only(Lang::Zh, &t, 4);
        assert_eq!(heading, "leader 纪元递增 · A");
        assert_eq!(
            rows[0],
            ("起因", "C 崩溃，控制器把它移出了 ISR（现在是 A、B）".to_string())
        );
        assert!(rows[1].1.contains("LeaderAndIsr.newLeaderAndIsr") && rows[1].1.ends_with("A 仍是 leader，进入纪元 1"));
        assert_eq!(
            rows[3],
            (
                "各 follower",
                "B 继续跟随 A，不校验日志：Kafka 2.1 之前，同一个 leader 进入新纪元不算变化（KAFKA-7164）".to_string()
            )
        );
    }

    #[test]
    fn the_bump_tells_each_generation_s_followers_apart() {
        let followers = |p: Protocol, lang: Lang| {
            let t = timeline(BUMP, p);
            let (_, rows) = only(lang, &t, 4);
            (rows[2].1.clone(), rows[3].1.clone())
        };
        let (leader, b) = followers(Protocol::Kip101, Lang::En);
        assert_eq!(
            leader,
            "A leads on in epoch 1; as in Kafka 0.11, it records the epoch only with its next write"
        );
        assert!(b.starts_with("B keeps following A without checking its log"), "{b}");
        let (leader, b) = followers(Protocol::Kip279, Lang::En);
        assert_eq!(
            leader,
            "A leads on in epoch 1 and records it in its leader-epoch cache at once, from offset 1"
        );
        assert_eq!(
            b,
            "B must first validate its log with OffsetsForLeaderEpoch: from Kafka 2.1 every new leader epoch \
             is a change, even with the same leader (KAFKA-7164)"
        );
        let (_, b) = followers(Protocol::DivergingEpoch, Lang::En);
        assert!(
            b.starts_with("B fetches from its log end, each fetch carrying its latest epoch for A to check"),
            "{b}"
        );
        let (_, b) = followers(Protocol::Kip279, Lang::Zh);
        assert_eq!(
            b,
            "B 要先用 OffsetsForLeaderEpoch 校验日志：从 Kafka 2.1 起，即使 leader 不变，每个新纪元也算变化（KAFKA-7164）"
        );
    }

    // B lags out of the ISR; A crashes (offline) and comes back as leader in epoch 1.
    const SAME_LEADER: &str = "brokers A B\nset acks=1\nproduce m1\ntick 40000\ncrash A\nrestart A\n";

    #[test]
    fn a_follower_that_keeps_following_the_same_leader_says_why() {
        let t = timeline(SAME_LEADER, Protocol::Kip101);
        let (heading, rows) = only(Lang::En, &t, 4);
        assert_eq!(heading, "Same leader, new epoch · B");
        assert_eq!(
            rows,
            vec![
                (
                    "Cause",
                    "A leads again, in epoch 1: the partition was offline and A, an ISR member, came back".to_string()
                ),
                (
                    "Rule",
                    "before Kafka 2.1 a follower started over only when the leader changed: the same leader in a \
                     new epoch was not a change (Partition.makeFollower; KAFKA-7164, fixed in 2.1)"
                        .to_string()
                ),
                (
                    "Result",
                    "B keeps following A without checking its log: its fetcher, and any response in flight, carry on"
                        .to_string()
                ),
            ]
        );
        let (heading, rows) = only(Lang::Zh, &t, 4);
        assert_eq!(heading, "同一个 leader，新的纪元 · B");
        assert_eq!(
            rows[0],
            (
                "起因",
                "A 再次成为 leader，进入纪元 1：分区原本离线，ISR 成员 A 恢复了".to_string()
            )
        );
        assert!(rows[1].1.contains("KAFKA-7164"));
        assert_eq!(
            rows[2],
            (
                "结果",
                "B 继续跟随 A，不校验日志：它的拉取线程和在途响应照常进行".to_string()
            )
        );
        // From kip-279 on the same leader in a new epoch is a change: no such decision.
        let t = timeline(SAME_LEADER, Protocol::Kip279);
        assert!(history::decisions_of(&t, 4)
            .iter()
            .all(|d| d.kind != DecisionKind::KeptFollowing));
    }

    // B crashes (a bump), then A (offline); B restarts without a leader and waits
    // (step 6); A comes back and leads, and B starts following (step 7).
    const WAIT: &str =
        "brokers A B\nproduce m1\nfetch B\nfetch B\ncrash B\nproduce m2\ncrash A\nrestart B\nrestart A\n";

    #[test]
    fn a_broker_that_restarts_without_a_leader_waits_then_follows() {
        let t = timeline(WAIT, Protocol::Kip279);
        assert_eq!(history::decision_steps(&t, t.len()).collect::<Vec<_>>(), vec![8, 7, 4]);
        let (heading, rows) = only(Lang::En, &t, 7);
        assert_eq!(heading, "Restarted without a leader · B");
        assert_eq!(
            rows[0].1,
            "B restarts from disk (LEO 1, HW 1) while the partition has no leader"
        );
        assert_eq!(rows[2].1, "B keeps its log as it is and waits");
        assert_eq!(
            rows[3],
            (
                "Then",
                "once a leader is elected, B will validate its log with OffsetsForLeaderEpoch first".to_string()
            )
        );
        let (heading, rows) = only(Lang::En, &t, 8);
        assert_eq!(heading, "A leader to follow at last · B");
        assert_eq!(
            rows[1].1,
            "B had waited for a leader since step 7, its log untouched; only now that a leader is alive does it \
             start following (ReplicaManager.makeFollowers)"
        );
        assert_eq!(
            rows[2].1,
            "B stops waiting, follows A and must first validate its log with OffsetsForLeaderEpoch"
        );
        assert_eq!(
            summaries(Lang::Zh, &t, 8),
            vec!["B 结束等待，跟随 A，要先用 OffsetsForLeaderEpoch 校验日志".to_string()]
        );
        // Before leader epochs it truncates to its HW instead, shown as a truncation too.
        let t = timeline(WAIT, Protocol::Hw);
        let (_, rows) = only(Lang::En, &t, 7);
        assert_eq!(
            rows[3].1,
            "once a leader is elected, B will truncate to its own high watermark, 1, then fetch"
        );
        let kinds: Vec<DecisionKind> = describe(Lang::En, &t, 8).iter().map(|d| d.kind).collect();
        assert_eq!(kinds, vec![DecisionKind::LeaderFound, DecisionKind::Truncation]);
    }
}
