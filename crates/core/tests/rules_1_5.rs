//! Contract 1.5: the rules that follow the release line under both controllers,
//! and the KRaft controllers of 3.3–4.0. Each test is named after the Kafka
//! behaviour it mirrors, and runs the lines on both sides of the release that
//! brought it.

use replab_core::event::{ElectionReason, Event, ProduceRefusal, ShrinkReason};
use replab_core::{Cluster, Protocol};

mod common;
use common::{step, B_DIVERGES};

fn p(name: &str) -> Protocol {
    Protocol::from_name(name).unwrap_or_else(|| panic!("{name} is offered"))
}

fn cluster(protocol: &str, text: &str) -> Cluster {
    common::cluster(p(protocol), text)
}

fn hw(c: &Cluster, broker: usize) -> u64 {
    c.broker(broker).map_or(0, |b| b.hw())
}

fn bumps(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::LeaderElected {
                    reason: ElectionReason::IsrShrinkBump,
                    ..
                }
            )
        })
        .count()
}

// Rule 6, KAFKA-14704 (AbstractFetcherThread 342-346 @3.4.1): under ZooKeeper
// too, from 3.4.1 a DivergingEpoch response leaves the follower's HW; 3.3 (as
// 2.8.1) takes the response's first. The KRaft lines of the same releases alike.
#[test]
fn abstract_fetcher_thread_keeps_its_own_hw_after_diverging_epoch_from_3_4_1_under_either_controller() {
    for (line, moved_up) in [
        ("kafka-3.3", true),
        ("kafka-3.4", false),
        ("kafka-3.9", false),
        ("kafka-3.3-kraft", true),
        ("kafka-3.4-kraft", false),
    ] {
        let mut c = cluster(line, B_DIVERGES);
        let events = step(&mut c, "fetch B");
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Truncation { broker: 1, to: 1, .. })),
            "{line}: {events:?}"
        );
        let up = events
            .iter()
            .any(|e| matches!(*e, Event::HighWatermarkChanged { broker: 1, from, to } if to > from));
        assert_eq!(up, moved_up, "{line}: {events:?}");
    }
}

/// B, out of the ISR, caught up at 1,500 ms and holds A's HW at 2 (the preset
/// `hw-waits-for-crashed-follower`).
const B_HOLDS_THE_HW: &str = "brokers A B
    set replica.lag.time.max.ms=1000
    produce m1
    tick 1500
    fetch B max=1
    produce m2
    fetch B
    produce m3";

// Rule 6, KAFKA-15021 (Partition 1111-1118, `isReplicaIsrEligible` 999-1023
// @3.6.0): from 3.6 a caught-up replica outside the ISR holds the HW only while
// it may join the ISR: under ZooKeeper while its broker is up, so B's crash
// lets m3 commit; 3.5 still waits out the lag time. After B's restart it holds
// again from its old caught-up time.
#[test]
fn partition_counts_only_isr_eligible_replicas_for_the_hw_from_3_6() {
    for (line, at_crash) in [
        ("kafka-3.5", 2),
        ("kafka-3.6", 3),
        ("kafka-3.8", 3),
        ("kafka-3.5-kraft", 2),
        ("kafka-3.6-kraft", 3),
    ] {
        let mut c = cluster(line, B_HOLDS_THE_HW);
        assert_eq!(hw(&c, 0), 2, "{line}");
        step(&mut c, "crash B");
        assert_eq!(hw(&c, 0), at_crash, "{line}");
    }
    // Under ZooKeeper the leader kept B's caught-up time: back up, B holds a
    // new write until that time plus the lag time.
    let mut c = cluster("kafka-3.6", &format!("{B_HOLDS_THE_HW}\ncrash B"));
    step(&mut c, "produce m4");
    assert_eq!((hw(&c, 0), c.hw_held_by_replica()), (4, None), "B down holds nothing");
    let mut c = cluster("kafka-3.6", &format!("{B_HOLDS_THE_HW}\ncrash B\nrestart B"));
    step(&mut c, "produce m4");
    let hold = c
        .hw_held_by_replica()
        .map(|h| (h.replica, h.hw, h.would_be, h.until_ms));
    assert_eq!(
        (hw(&c, 0), hold),
        (3, Some((1, 3, 4, 2500))),
        "B back holds from 1,500 ms"
    );
}

// Rule 6, KAFKA-15583 (Partition 369-370, 1108-1117, 1151, 1354 @3.7.0): from 3.7
// under ZooKeeper too the HW does not move while the ISR is below
// min.insync.replicas, and *min* is capped by the replica count.
#[test]
fn partition_holds_the_hw_below_min_isr_from_3_7_under_either_controller() {
    let story = "brokers A B C
        set min.insync.replicas=2 acks=1
        crash B C
        produce m1";
    for (line, held) in [
        ("kafka-3.6", false),
        ("kafka-3.7", true),
        ("kafka-3.6-kraft", false),
        ("kafka-3.7-kraft", true),
    ] {
        let c = cluster(line, story);
        assert_eq!(hw(&c, 0), if held { 0 } else { 1 }, "{line}");
    }
    // min.insync.replicas=3 on two brokers: 3.6 refuses every acks=all write,
    // 3.7 caps *min* at 2 and takes it.
    for (line, refused) in [
        ("kafka-3.6", true),
        ("kafka-3.7", false),
        ("kafka-3.5-kraft", true),
        ("kafka-3.8-kraft", false),
    ] {
        let mut c = cluster(line, "brokers A B\nset min.insync.replicas=3");
        let events = step(&mut c, "produce m1");
        let was_refused = events.iter().any(|e| {
            matches!(
                e,
                Event::ProduceRefused {
                    reason: ProduceRefusal::NotEnoughReplicas { .. },
                    ..
                }
            )
        });
        assert_eq!(was_refused, refused, "{line}: {events:?}");
    }
}

/// A leads B and C; B has a response with m1 m2 on its way when C crashes.
const RESPONSE_IN_FLIGHT: &str = "brokers A B C
    produce m1
    fetch B
    fetch C
    produce m2
    send B";

// Rule 6, KAFKA-18991 (AbstractFetcherThread 344-347 @3.9.1): from 3.9.1 a
// response across the same leader's new epoch is dropped under ZooKeeper too;
// 3.8 (as 2.8) keeps it. KRaft 3.3's shrink bump keeps it the same way (C10).
#[test]
fn abstract_fetcher_thread_drops_a_response_across_the_same_leaders_epoch_from_3_9_1() {
    for (line, dropped) in [
        ("kafka-2.8", false),
        ("kafka-3.8", false),
        ("kafka-3.9", true),
        ("kafka-3.3-kraft", false),
    ] {
        let mut c = cluster(line, RESPONSE_IN_FLIGHT);
        let events = step(&mut c, "crash C");
        let fenced = events
            .iter()
            .any(|e| matches!(e, Event::ResponseLost { follower: 1, .. }));
        assert_eq!(fenced, dropped, "{line}: {events:?}");
    }
}

// Rule 5, B (PartitionChangeBuilder `triggerLeaderEpochBumpIfNeeded` 259-266
// @3.3.0): the KRaft controller of 3.3–3.5 bumps the leader epoch at every ISR
// shrink, once per change: a fenced follower, each of two fenced one at a time,
// a shutdown, a lag shrink of two followers in one run. From 3.6 (PCB 289-296)
// none of these bumps.
#[test]
fn partition_change_builder_bumps_the_epoch_at_an_isr_shrink_before_3_6() {
    let story = "brokers A B C D\nset replica.lag.time.max.ms=1000\nproduce m1\nfetch B\nfetch C\nfetch D";
    for (line, bumping) in [
        ("kafka-3.3-kraft", true),
        ("kafka-3.5-kraft", true),
        ("kafka-3.6-kraft", false),
        ("kafka-4.1", false),
    ] {
        let n = |k: usize| if bumping { k } else { 0 };
        let mut c = cluster(line, story);
        let epoch = c.leader_epoch();
        let events = step(&mut c, "crash B");
        assert_eq!(bumps(&events), n(1), "{line}: {events:?}");
        assert_eq!(c.leader_epoch(), epoch + n(1) as u32, "{line}");
        assert_eq!(c.leader(), Some(0), "{line}: A stays leader");
        let events = step(&mut c, "shutdown C");
        assert_eq!(bumps(&events), n(1), "{line}: {events:?}");
        let mut c = cluster(line, story);
        assert_eq!(bumps(&step(&mut c, "crash B C")), n(2), "{line}: one change a fencing");
        // Both B and C fall behind: one isr-expiration run, one change.
        let mut c = cluster(line, story);
        step(&mut c, "tick 600");
        step(&mut c, "fetch D");
        let events = step(&mut c, "tick 900");
        let shrunk = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::IsrShrunk {
                        reason: ShrinkReason::Lagged { .. },
                        ..
                    }
                )
            })
            .count();
        assert_eq!(shrunk, 2, "{line}: {events:?}");
        assert_eq!(bumps(&events), n(1), "{line}: {events:?}");
        // A rejoin bumps nothing.
        let events: Vec<Event> = (0..3).flat_map(|_| step(&mut c, "fetch B")).collect();
        assert!(
            events.iter().any(|e| matches!(e, Event::IsrExpanded { .. })),
            "{line}: {events:?}"
        );
        assert_eq!(bumps(&events), 0, "{line}");
    }
}

// Rule 5, U (ConfigurationControlManager 460-462 @3.3.0, 498-500 @3.8.0 return
// false; KAFKA-12670 in 3.9.0): before 3.9 the KRaft controller reads
// unclean.leader.election.enable as false, with no periodic check; from 3.9 it
// elects at its check every 300000 ms. `elect X unclean` works in every KRaft line.
#[test]
fn kraft_controller_reads_unclean_election_from_3_9() {
    let story = "brokers A B
        produce m1
        fetch B
        fetch B
        crash B
        crash A
        restart B
        set unclean.leader.election.enable=true";
    for (line, elects) in [
        ("kafka-3.3-kraft", false),
        ("kafka-3.8-kraft", false),
        ("kafka-3.9-kraft", true),
        ("kafka-4.0", true),
    ] {
        let mut c = cluster(line, story);
        assert_eq!(c.leader(), None, "{line}");
        let events = step(&mut c, "tick 300000");
        let elected = events.iter().any(|e| {
            matches!(
                e,
                Event::LeaderElected {
                    leader: 1,
                    reason: ElectionReason::UncleanCheck,
                    ..
                }
            )
        });
        assert_eq!(elected, elects, "{line}: {events:?}");
        assert_eq!(c.leader(), elects.then_some(1), "{line}");
    }
    let mut c = cluster("kafka-3.3-kraft", story);
    step(&mut c, "elect B unclean");
    assert_eq!(c.leader(), Some(1), "the admin's unclean election ignores the setting");
}

// Rule 5, ELR (eligible.leader.replicas.version 0 before 4.1): the ISR keeps its
// last member, there is no ELR and no last known leader; a restart is the
// unfencing alone, which elects the kept member when it comes back.
#[test]
fn kraft_controller_without_elr_keeps_the_last_isr_member() {
    for line in ["kafka-3.3-kraft", "kafka-3.9-kraft", "kafka-4.0"] {
        let mut c = cluster(line, "brokers A B\nproduce m1\nfetch B\nfetch B\ncrash B\ncrash A");
        assert_eq!(c.isr().iter().collect::<Vec<_>>(), [0], "{line}");
        assert!(c.elr().is_empty() && c.last_known_leader().is_none(), "{line}");
        step(&mut c, "restart B");
        assert_eq!(c.leader(), None, "{line}: B is not in the ISR");
        let events = step(&mut c, "restart A");
        assert_eq!(c.leader(), Some(0), "{line}: {events:?}");
    }
    // 4.1's ELR elects B, which left the ISR below min ISR with m1, at its
    // clean restart.
    let mut c = cluster(
        "kafka-4.1",
        "brokers A B\nset min.insync.replicas=2\nproduce m1\nfetch B\nfetch B\nshutdown B\nshutdown A",
    );
    assert!(c.elr().contains(1), "{:?}", c.elr());
    step(&mut c, "restart B");
    assert_eq!(c.leader(), Some(1));
}

// The switches of the ZooKeeper lines between the generations, each at the
// release that brought it.
#[test]
fn the_zookeeper_lines_between_the_generations() {
    // KAFKA-5642 (1.1): with unclean election on a crash keeps the last member.
    let emptied = |line: &str| {
        let c = cluster(line, "brokers A B\nset unclean.leader.election.enable=true\ncrash A B");
        c.isr().is_empty()
    };
    assert!(emptied("kafka-1.0") && !emptied("kafka-1.1"));
    // 1.1's controller elects the current leader again in a new epoch; 2.2's
    // sees it already leads (`alreadyPreferred`).
    for (line, again) in [
        ("kafka-1.0", false),
        ("kafka-1.1", true),
        ("kafka-2.1", true),
        ("kafka-2.2", false),
    ] {
        let mut c = cluster(line, "brokers A B\nproduce m1");
        let events = step(&mut c, "elect A");
        let elected = events
            .iter()
            .any(|e| matches!(e, Event::LeaderElected { leader: 0, .. }));
        assert_eq!(elected, again, "{line}: {events:?}");
    }
    // KIP-380 (2.2): the controller sees a bounce.
    for (line, seen) in [("kafka-2.1", false), ("kafka-2.2", true)] {
        let mut c = cluster(line, "brokers A B\nproduce m1\nfetch B\nfetch B");
        let events = step(&mut c, "bounce B");
        let noticed = events.iter().any(|e| matches!(e, Event::BounceNoticed { broker: 1 }));
        assert_eq!(noticed, seen, "{line}");
    }
    // KIP-537 (2.5): replica.lag.time.max.ms 30000.
    assert_eq!(p("kafka-2.4").defaults().replica_lag_time_max_ms, 10_000);
    assert_eq!(p("kafka-2.5").defaults().replica_lag_time_max_ms, 30_000);
}

// Rule 5 against rule 2: the KRaft lines before 4.1 have no unclean-restart
// handling (the restart is the unfencing alone, which may pick the broker
// itself); from 4.1 the first change cannot pick the broker that restarts
// uncleanly, even with eligible.leader.replicas.version=0 (1.2).
#[test]
fn an_unclean_restart_before_4_1_is_the_unfencing_alone() {
    let story = "brokers A B C
        set eligible.leader.replicas.version=0
        produce m1
        fetch B
        fetch B
        crash C
        restart C
        crash B
        crash A
        set unclean.leader.election.enable=true";
    for (line, leader) in [
        ("kraft-elr", 2),
        ("kafka-4.1", 2),
        ("kafka-4.0", 1),
        ("kafka-3.9-kraft", 1),
    ] {
        let mut c = cluster(line, story);
        assert_eq!(c.leader(), None, "{line}");
        step(&mut c, "restart B");
        assert_eq!(c.leader(), Some(leader), "{line}");
    }
}

// Rule 5: before 3.6 a KRaft leader keeps a restarted replica's log end, which
// holds the HW whatever broker epoch its last fetch carried; from 3.6 it counts
// only after a fetch in its new broker epoch.
#[test]
fn a_restarted_replica_holds_the_hw_under_kraft_before_3_6() {
    for (line, held) in [("kafka-3.5-kraft", true), ("kafka-3.6-kraft", false)] {
        let mut c = cluster(line, &format!("{B_HOLDS_THE_HW}\ncrash B"));
        step(&mut c, "restart B");
        let hold = c.hw_held_by_replica().map(|h| (h.replica, h.until_ms));
        assert_eq!(hold.is_some(), held, "{line}: {hold:?}");
        if held {
            assert_eq!((hold, hw(&c, 0)), (Some((1, 2500)), 2), "{line}");
        }
    }
}
