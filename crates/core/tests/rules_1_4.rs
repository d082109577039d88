//! Contract 1.4 rules 2–4, each test named after the Kafka behaviour it mirrors.

use replab_core::event::{ElectionReason, Event};
use replab_core::Protocol;

mod common;
use common::{cluster, step, B_DIVERGES};

// Rule 2, KAFKA-14704 (4.1.0 AbstractFetcherThread 356-366): after a
// DivergingEpoch response a 4.1 follower keeps its own HW, lowered to its new
// log end; 2.8.1 takes the response's first (AbstractFetcherThread 355, 375).
#[test]
fn abstract_fetcher_thread_keeps_its_own_hw_after_diverging_epoch_from_3_4_1() {
    for (p, moved_up) in [(Protocol::DivergingEpoch, true), (Protocol::KraftElr, false)] {
        let mut c = cluster(p, B_DIVERGES);
        let events = step(&mut c, "fetch B");
        let b_hw: Vec<(u64, u64)> = events
            .iter()
            .filter_map(|e| match *e {
                Event::HighWatermarkChanged { broker: 1, from, to } => Some((from, to)),
                _ => None,
            })
            .collect();
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Truncation { broker: 1, to: 1, .. })),
            "{}",
            p.name()
        );
        assert_eq!(
            b_hw.iter().any(|&(from, to)| to > from),
            moved_up,
            "{}: {b_hw:?}",
            p.name()
        );
        assert!(c.broker(1).is_some_and(|b| b.hw() <= b.leo()));
    }
}

// Rule 3, QuorumController's periodic unclean check (4.1.0 QuorumController.java
// 1592, 1673-1678; unclean.leader.election.interval.ms 300000): enabling unclean
// election elects nothing at the line; a tick that crosses a multiple does.
#[test]
fn quorum_controller_elects_uncleanly_at_its_periodic_check() {
    let mut c = cluster(
        Protocol::KraftElr,
        "brokers A B
         crash B
         restart B
         crash A
         set unclean.leader.election.enable=true
         expect leader none
         tick 299999
         expect leader none",
    );
    let events = step(&mut c, "tick 1");
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::LeaderElected {
                leader: 1,
                reason: ElectionReason::UncleanCheck,
                ..
            }
        )),
        "{events:?}"
    );
}

// Rule 4, KafkaController.onBrokerFailure while offline (0.10.2.1 480, 2.8.1
// 619): a crash makes the controller elect again, and with unclean election on
// it picks the first alive broker, one that was already waiting.
#[test]
fn kafka_controller_elects_again_when_a_broker_crashes_while_offline() {
    // B and D wait outside the ISR; the ISR, A and C, goes down: offline.
    let mut c = cluster(
        Protocol::Kip101,
        "brokers A B C D
         crash B
         restart B
         crash D
         restart D
         crash A C
         expect leader none
         set unclean.leader.election.enable=true
         expect leader none   # 0.11: no controller hook for the config change",
    );
    let events = step(&mut c, "crash D");
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::LeaderElected {
                leader: 1,
                reason: ElectionReason::OfflineElection { unclean: true },
                ..
            }
        )),
        "{events:?}"
    );
}
