//! Contract 1.3: eleven places ruled against Kafka's code once more. Each test
//! is named after the Kafka method it mirrors and asserts the exact events of
//! the step the rule decides.

// Each test loops over the protocols its rule holds for, sometimes just one.
#![allow(clippy::single_element_loop)]

use replab_core::config::Acks;
use replab_core::event::{AckFailure, ElectionReason, EpochRecord, Event, FollowerNext, ShrinkReason, TruncationRule};
use replab_core::message::{EpochAnswer, Reply, Request};
use replab_core::scenario::{self, Outcome};
use replab_core::Value;
use replab_core::{BrokerSet, Cluster, Protocol};

fn set(ids: &[usize]) -> BrokerSet {
    ids.iter().copied().collect()
}

/// The cluster after `text` under `protocol` (its header's protocol is replaced).
fn cluster(protocol: Protocol, text: &str) -> Cluster {
    let script = scenario::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    let r = scenario::run(&script, Some(protocol)).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(matches!(r.outcome, Outcome::Passed { .. }), "{:?}", r.outcome);
    r.cluster
}

/// The events of one more statement.
fn step(c: &mut Cluster, statement: &str) -> Vec<Event> {
    let ids: Vec<&str> = c.brokers().iter().map(|b| b.id.as_str()).collect();
    let text = format!("brokers {}\n{statement}", ids.join(" "));
    let script = scenario::parse(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let (_, command) = script.commands_under(c.protocol()).next().expect("a command");
    let command = command.clone();
    c.apply(&command).unwrap_or_else(|e| panic!("{e:?}"))
}

// Rule 1. ReplicaManager.fetchMessages (0.10.2.1 450-462) / Partition.readRecords
// (2.8.0 1095): the leader reads before it records the fetch offset, so a response
// with records carries the HW from before; an empty fetch is parked (DelayedFetch)
// and answered by the next append with the HW after it.
#[test]
fn replica_manager_fetch_messages_reads_before_it_moves_the_hw() {
    for p in [Protocol::DivergingEpoch] {
        let mut c = cluster(
            p,
            "brokers A B
             produce m1
             fetch B",
        );
        assert_eq!(
            step(&mut c, "fetch B"),
            vec![
                Event::RequestSent {
                    follower: 1,
                    leader: 0,
                    request: Request::Fetch {
                        offset: 1,
                        last_fetched_epoch: Some(0),
                        max: None
                    }
                },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
                Event::Acked {
                    value: Value::from("m1"),
                    offset: 0
                },
                Event::FetchParked {
                    follower: 1,
                    leader: 0,
                    offset: 1
                },
                Event::RequestAnswered {
                    follower: 1,
                    leader: 0,
                    reply: Reply::Records {
                        from: 1,
                        count: 0,
                        high_watermark: 1
                    }
                },
                Event::ResponseDelivered {
                    follower: 1,
                    reply: Reply::Records {
                        from: 1,
                        count: 0,
                        high_watermark: 1
                    }
                },
                Event::HighWatermarkChanged {
                    broker: 1,
                    from: 0,
                    to: 1
                },
            ],
            "{}: a caught-up fetch is answered with the HW it moved",
            p.name()
        );
        assert_eq!(
            step(&mut c, "send B"),
            vec![
                Event::RequestSent {
                    follower: 1,
                    leader: 0,
                    request: Request::Fetch {
                        offset: 1,
                        last_fetched_epoch: Some(0),
                        max: None
                    }
                },
                Event::FetchParked {
                    follower: 1,
                    leader: 0,
                    offset: 1
                },
            ],
            "{}: parked",
            p.name()
        );
        assert_eq!(
            step(&mut c, "produce m2"),
            vec![
                Event::Appended {
                    leader: 0,
                    offset: 1,
                    epoch: 0,
                    value: Value::from("m2"),
                    acks: Acks::All
                },
                Event::RequestAnswered {
                    follower: 1,
                    leader: 0,
                    reply: Reply::Records {
                        from: 1,
                        count: 1,
                        high_watermark: 1
                    }
                },
            ],
            "{}: the append fills the parked fetch",
            p.name()
        );
        assert_eq!(
            step(&mut c, "deliver B"),
            vec![
                Event::ResponseDelivered {
                    follower: 1,
                    reply: Reply::Records {
                        from: 1,
                        count: 1,
                        high_watermark: 1
                    }
                },
                Event::Replicated {
                    follower: 1,
                    from: 1,
                    to: 2
                },
            ],
            "{}: it arrives",
            p.name()
        );
    }
}

// Rule 2. Partition.checkEnoughReplicasReachOffset (0.10.2.1 327-335, 2.8.0
// 840-848): the HW passed m1 with the ISR below min.insync.replicas: committed,
// but answered NOT_ENOUGH_REPLICAS_AFTER_APPEND.
#[test]
fn partition_check_enough_replicas_reach_offset_after_append() {
    for p in [
        Protocol::Hw,
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
    ] {
        let mut c = cluster(
            p,
            "brokers A B
             set min.insync.replicas=2
             set replica.lag.time.max.ms=1000
             produce m1",
        );
        assert_eq!(
            step(&mut c, "tick 2000"),
            vec![
                Event::ClockAdvanced { now_ms: 2000 },
                Event::IsrShrunk {
                    broker: 1,
                    isr: set(&[0]),
                    reason: ShrinkReason::Lagged {
                        since_ms: Some(0),
                        checked_at_ms: 2000
                    }
                },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
                Event::AckFailed {
                    value: Value::from("m1"),
                    offset: 0,
                    reason: AckFailure::NotEnoughReplicasAfterAppend {
                        leader: 0,
                        isr: 1,
                        min_isr: 2
                    }
                },
            ],
            "{}: ",
            p.name()
        );
    }
}

// Rule 3. Partition.maybeIncrementLeaderHW (0.10.2.1 361-364, KAFKA-4485): B,
// out of the ISR but caught up at 1,500 ms, holds the HW at 2 until 2,500 ms,
// even after it crashes.
#[test]
fn partition_maybe_increment_leader_hw_waits_for_a_recently_caught_up_replica() {
    for p in [
        Protocol::Hw,
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
    ] {
        let mut c = cluster(
            p,
            "brokers A B
             set replica.lag.time.max.ms=1000
             produce m1
             tick 1500
             fetch B max=1
             produce m2
             fetch B",
        );
        assert_eq!(
            step(&mut c, "produce m3"),
            vec![
                Event::Appended {
                    leader: 0,
                    offset: 2,
                    epoch: 0,
                    value: Value::from("m3"),
                    acks: Acks::All
                },
                Event::HighWatermarkHeldByReplica {
                    broker: 0,
                    hw: 2,
                    would_be: 3,
                    replica: 1,
                    replica_leo: 1,
                    until_ms: 2500
                },
            ],
            "{}: held by B",
            p.name()
        );
        assert_eq!(
            step(&mut c, "crash B"),
            vec![Event::Crashed {
                broker: 1,
                lost_from: None,
                lost: 0,
                noticed: true
            }],
            "{}: B was out of the ISR, so the controller writes nothing",
            p.name()
        );
        assert_eq!(
            c.hw_held_by_replica(),
            Some(replab_core::hw::HwHold {
                leader: 0,
                hw: 2,
                would_be: 3,
                replica: 1,
                replica_leo: 1,
                until_ms: 2500
            }),
            "{}: still held after the crash",
            p.name()
        );
        assert_eq!(
            step(&mut c, "tick 1000"),
            vec![Event::ClockAdvanced { now_ms: 2500 }],
            "{}: the same hold, told when it began",
            p.name()
        );
        assert_eq!(
            c.hw_held_by_replica().map(|h| (h.replica, h.until_ms)),
            Some((1, 2500)),
            "{}: held at the lag time",
            p.name()
        );
        assert_eq!(
            step(&mut c, "tick 1"),
            vec![
                Event::ClockAdvanced { now_ms: 2501 },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 2,
                    to: 3
                },
                Event::Acked {
                    value: Value::from("m3"),
                    offset: 2
                },
            ],
            "{}: B no longer counts",
            p.name()
        );
    }
}

/// B holds the committed m1; A loses it in a power failure and leads again
/// with an empty log, so B's next fetch asks past the leader's log end.
fn past_the_leader_end(p: Protocol, unclean: bool) -> Cluster {
    cluster(
        p,
        &format!(
            "brokers A B
             set unclean.leader.election.enable={unclean}
             produce m1
             fetch B
             fetch B
             crash B
             crash A@0
             restart A
             restart B"
        ),
    )
}

// Rule 4. ReplicaFetcherThread.handleOffsetOutOfRange (0.10.2.1 176-187): with
// unclean election off the fetcher's FatalExitError ends B's process; its log is
// kept and the controller sees it go.
#[test]
fn replica_fetcher_thread_handle_offset_out_of_range_halts() {
    for p in [Protocol::Hw] {
        let mut c = past_the_leader_end(p, false);
        assert_eq!(
            step(&mut c, "fetch B"),
            vec![
                Event::RequestSent {
                    follower: 1,
                    leader: 0,
                    request: Request::Fetch {
                        offset: 1,
                        last_fetched_epoch: None,
                        max: None
                    }
                },
                Event::RequestAnswered {
                    follower: 1,
                    leader: 0,
                    reply: Reply::OffsetOutOfRange { log_end_offset: 0 }
                },
                Event::ResponseDelivered {
                    follower: 1,
                    reply: Reply::OffsetOutOfRange { log_end_offset: 0 }
                },
                Event::Halted {
                    broker: 1,
                    leader: Some(0),
                    fetch_offset: 1,
                    leader_log_end: 0
                },
                Event::Crashed {
                    broker: 1,
                    lost_from: None,
                    lost: 0,
                    noticed: true
                },
            ],
            "{}: ",
            p.name()
        );
    }
}

// Rule 4, its other branch. ReplicaFetcherThread.handleOffsetOutOfRange
// (0.10.2.1 176-187): with unclean leader election on (0.10's default,
// KIP-106 turned it off in 0.11) the follower past the leader's log end
// truncates to it instead of halting, and the committed record it held is gone.
#[test]
fn replica_fetcher_thread_handle_offset_out_of_range_truncates_with_unclean_election_on() {
    let mut c = past_the_leader_end(Protocol::Hw, true);
    let events = step(&mut c, "fetch B");
    assert!(
        events.contains(&Event::Truncation {
            broker: 1,
            from: 1,
            to: 0,
            rule: TruncationRule::LeaderLogEnd { log_end_offset: 0 },
            complete: true,
        }),
        "{events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Halted { .. })), "{events:?}");
    assert!(c.broker(1).is_some_and(|b| b.is_alive() && b.leo() == 0));
}

// Rule 5. KafkaController (2.8.0 1568-1569, 1596-1607; KIP-380): a bounce is seen
// by the new broker epoch, so it is a crash and a restart.
#[test]
fn kafka_controller_sees_a_bounce_by_its_broker_epoch() {
    for p in [Protocol::DivergingEpoch] {
        let mut c = cluster(
            p,
            "brokers A B
             produce m1
             fetch B",
        );
        assert_eq!(
            step(&mut c, "bounce B"),
            vec![
                Event::BounceNoticed { broker: 1 },
                Event::Crashed {
                    broker: 1,
                    lost_from: None,
                    lost: 0,
                    noticed: true
                },
                Event::IsrShrunk {
                    broker: 1,
                    isr: set(&[0]),
                    reason: ShrinkReason::Crashed
                },
                Event::LeaderElected {
                    leader: 0,
                    epoch: 1,
                    isr: set(&[0]),
                    reason: ElectionReason::FollowersCrashed,
                    record: EpochRecord::AtOnce { offset: 1 }
                },
                Event::EpochAssigned {
                    broker: 0,
                    epoch: 1,
                    start_offset: 1
                },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
                Event::Acked {
                    value: Value::from("m1"),
                    offset: 0
                },
                Event::Restarted {
                    broker: 1,
                    leo: 1,
                    hw: 0,
                    latest_epoch: Some(0),
                    broker_epoch: 1,
                    clean: false
                },
                Event::BecameFollower {
                    broker: 1,
                    leader: Some(0),
                    next: FollowerNext::FetchChecked
                },
            ],
            "{}: ",
            p.name()
        );
    }
}

// Rule 6. KafkaController.removeReplicaFromIsr (0.10.2.1 1073-1082): with unclean
// election on, crashed brokers always leave the ISR, which empties; the first
// broker back leads uncleanly.
#[test]
fn kafka_controller_remove_replica_from_isr_may_empty_it() {
    for p in [Protocol::Hw, Protocol::Kip101] {
        let mut c = cluster(
            p,
            "brokers A B
             set unclean.leader.election.enable=true
             crash B",
        );
        assert_eq!(
            step(&mut c, "crash A"),
            vec![
                Event::Crashed {
                    broker: 0,
                    lost_from: None,
                    lost: 0,
                    noticed: true
                },
                Event::IsrShrunk {
                    broker: 0,
                    isr: set(&[]),
                    reason: ShrinkReason::Crashed
                },
                Event::PartitionOffline {
                    epoch: 1,
                    previous: Some(0),
                    new_epoch: false
                },
            ],
            "{}: the ISR empties",
            p.name()
        );
        assert_eq!(
            step(&mut c, "restart B"),
            vec![
                Event::Restarted {
                    broker: 1,
                    leo: 0,
                    hw: 0,
                    latest_epoch: None,
                    broker_epoch: 1,
                    clean: false
                },
                Event::LeaderElected {
                    leader: 1,
                    epoch: 2,
                    isr: set(&[1]),
                    reason: ElectionReason::CameBack { unclean: true },
                    record: if p == Protocol::Hw {
                        EpochRecord::NoCache
                    } else {
                        EpochRecord::WithNextWrite
                    }
                },
            ],
            "{}: ",
            p.name()
        );
    }
}

// Rule 7. PartitionStateMachine (2.1.0 428-437): electing the current leader makes
// it leader again in a new epoch.
#[test]
fn partition_state_machine_elects_the_current_leader_again() {
    for p in [Protocol::Kip279] {
        let mut c = cluster(p, "brokers A B");
        assert_eq!(
            step(&mut c, "elect A"),
            vec![
                Event::LeaderElected {
                    leader: 0,
                    epoch: 1,
                    isr: set(&[0, 1]),
                    reason: ElectionReason::Requested { unclean: false },
                    record: EpochRecord::AtOnce { offset: 0 }
                },
                Event::EpochAssigned {
                    broker: 0,
                    epoch: 1,
                    start_offset: 0
                },
                Event::BecameFollower {
                    broker: 1,
                    leader: Some(0),
                    next: FollowerNext::Fetch
                },
            ],
            "{}: ",
            p.name()
        );
    }
}

// Rule 8. AbstractFetcherThread (2.8.0 337-342, 468-484): the same leader's new
// epoch keeps the response already made; its fetch offset is unchanged.
#[test]
fn abstract_fetcher_thread_keeps_a_response_across_the_same_leaders_epoch() {
    for p in [Protocol::DivergingEpoch] {
        let mut c = cluster(
            p,
            "brokers A B C
             produce m1
             fetch B
             fetch C
             produce m2
             send B",
        );
        assert_eq!(
            step(&mut c, "crash C"),
            vec![
                Event::Crashed {
                    broker: 2,
                    lost_from: None,
                    lost: 0,
                    noticed: true
                },
                Event::IsrShrunk {
                    broker: 2,
                    isr: set(&[0, 1]),
                    reason: ShrinkReason::Crashed
                },
                Event::LeaderElected {
                    leader: 0,
                    epoch: 1,
                    isr: set(&[0, 1]),
                    reason: ElectionReason::FollowersCrashed,
                    record: EpochRecord::AtOnce { offset: 2 }
                },
                Event::EpochAssigned {
                    broker: 0,
                    epoch: 1,
                    start_offset: 2
                },
                Event::BecameFollower {
                    broker: 1,
                    leader: Some(0),
                    next: FollowerNext::FetchChecked
                },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
                Event::Acked {
                    value: Value::from("m1"),
                    offset: 0
                },
            ],
            "{}: ",
            p.name()
        );
    }
}

// Rule 9. Log.truncateTo (2.1.0 1717-1719; KAFKA-10706): truncating at the log end
// changes nothing, not even the epoch cache, so B asks the same question again.
#[test]
fn log_truncate_to_at_the_log_end_keeps_the_cache_and_the_question() {
    for p in [Protocol::Kip279] {
        let mut c = cluster(
            p,
            "brokers A B C
             set acks=1
             produce m1
             fetch B
             fetch C
             fetch B
             fetch C
             elect C
             produce m2
             elect B
             elect C",
        );
        // The same question, the same answer, the same truncation: each time.
        for time in ["the first time", "and again"] {
            assert_eq!(
                step(&mut c, "fetch B"),
                vec![
                    Event::RequestSent {
                        follower: 1,
                        leader: 2,
                        request: Request::OffsetsForLeaderEpoch { leader_epoch: Some(2) }
                    },
                    Event::RequestAnswered {
                        follower: 1,
                        leader: 2,
                        reply: Reply::EpochEndOffset {
                            asked: Some(2),
                            answer: EpochAnswer {
                                epoch: Some(1),
                                end_offset: Some(2)
                            }
                        }
                    },
                    Event::ResponseDelivered {
                        follower: 1,
                        reply: Reply::EpochEndOffset {
                            asked: Some(2),
                            answer: EpochAnswer {
                                epoch: Some(1),
                                end_offset: Some(2)
                            }
                        }
                    },
                    Event::Truncation {
                        broker: 1,
                        from: 1,
                        to: 1,
                        rule: TruncationRule::FollowerEpochBelow {
                            asked: 2,
                            leader_epoch: 1,
                            leader_end: 2,
                            follower_epoch: 0,
                            follower_end: 1
                        },
                        complete: false
                    },
                    Event::AsksAgainUnchanged {
                        broker: 1,
                        leader_epoch: Some(2)
                    },
                ],
                "{}: {time}",
                p.name()
            );
        }
    }
}

// Rule 11. ReplicaManager isr-expiration (0.10.2.1 221; 2.8.0 324): the leader looks
// every replica.lag.time.max.ms / 2; at 1,000 ms B is exactly at the limit.
#[test]
fn replica_manager_isr_expiration_runs_every_half_lag_time() {
    for p in [
        Protocol::Hw,
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
        Protocol::KraftElr,
    ] {
        let mut c = cluster(
            p,
            "brokers A B
             set replica.lag.time.max.ms=1000
             produce m1",
        );
        assert_eq!(
            step(&mut c, "tick 1400"),
            vec![Event::ClockAdvanced { now_ms: 1400 },],
            "{}: the run at 1,000 ms finds B at the limit",
            p.name()
        );
        assert_eq!(
            step(&mut c, "tick 99"),
            vec![Event::ClockAdvanced { now_ms: 1499 },],
            "{}: no run crossed",
            p.name()
        );
        assert_eq!(
            step(&mut c, "tick 1"),
            vec![
                Event::ClockAdvanced { now_ms: 1500 },
                Event::IsrShrunk {
                    broker: 1,
                    isr: set(&[0]),
                    reason: ShrinkReason::Lagged {
                        since_ms: Some(0),
                        checked_at_ms: 1500
                    }
                },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
                Event::Acked {
                    value: Value::from("m1"),
                    offset: 0
                },
            ],
            "{}: the run at 1,500 ms",
            p.name()
        );
    }
}

// Rule 7, the other side. KafkaController.onPreferredReplicaElection (0.10.2.1,
// 0.11.0.0, 2.8.0): the preferred replica already leads, so no election runs and
// no epoch is written (KRaft's is in kraft.rs).
#[test]
fn kafka_controller_needs_no_election_for_the_leader_it_has() {
    for p in [Protocol::Hw, Protocol::Kip101, Protocol::DivergingEpoch] {
        for statement in ["elect A", "elect A unclean"] {
            let mut c = cluster(p, "brokers A B");
            assert_eq!(
                step(&mut c, statement),
                vec![Event::ElectionNotNeeded { broker: 0, epoch: 0 }],
                "{}: {statement}",
                p.name()
            );
            assert_eq!(c.leader_epoch(), 0);
        }
    }
}

// Rule 8, the other side. KIP-320 (2.1.0 AbstractFetcherThread) and KAFKA-18991
// (4.1): a response made in the older epoch is fenced even when the leader stays.
#[test]
fn abstract_fetcher_thread_fences_a_response_across_the_same_leaders_epoch_in_2_1() {
    let mut c = cluster(
        Protocol::Kip279,
        "brokers A B C
         produce m1
         fetch B
         fetch C
         produce m2
         send B",
    );
    let events = step(&mut c, "crash C");
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::ResponseLost {
                follower: 1,
                reason: replab_core::event::LossReason::Fenced { epoch: 1 },
                ..
            }
        )),
        "{events:?}"
    );
}

// Rule 4 across the generations: 0.11 halts too (ReplicaFetcherThread 150-161);
// from 2.1 (KAFKA-7414) the follower truncates to the leader's log end instead.
#[test]
fn replica_fetcher_thread_halts_until_kafka_2_1() {
    // 1.3 rule 4 needs unclean election off, which 0.10.2.1 did not have by
    // default (1.4 rule 1: `hw` without the `set` truncates).
    let text = "brokers A B
                set unclean.leader.election.enable=false
                produce m1
                fetch B
                fetch B
                crash B
                crash A@0
                restart A
                restart B
                fetch B
                fetch B";
    for p in Protocol::ALL {
        let script = scenario::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
        let halts = |events: &[Event]| events.iter().any(|e| matches!(e, Event::Halted { broker: 1, .. }));
        let r = scenario::run(&script, Some(p));
        let halted = match &r {
            Ok(r) => r.steps.iter().any(|s| halts(&s.events)),
            // Halted on the first fetch, B cannot fetch again.
            Err(e) => matches!(
                e.kind,
                scenario::ScriptErrorKind::Command {
                    error: replab_core::CommandError::BrokerDown { broker: 1 }
                }
            ),
        };
        assert_eq!(
            halted,
            [Protocol::Hw, Protocol::Kip101].contains(&p),
            "{}: {r:?}",
            p.name()
        );
    }
}
