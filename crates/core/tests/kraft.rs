//! The KRaft controller of `kraft-elr` (Kafka 4.1), each rule named after the
//! Kafka 4.1 method it mirrors, driven through small scenario scripts.

use replab_core::event::{ElectionReason, Event};
use replab_core::scenario::{self, Outcome, Run};
use replab_core::{Command, CommandError, Protocol};

fn run(text: &str) -> Run {
    let script = scenario::parse(&format!("protocol kraft-elr\n{text}")).unwrap_or_else(|e| panic!("{e:?}"));
    let r = scenario::run(&script, None).unwrap_or_else(|e| panic!("{e:?}"));
    if let Outcome::ExpectationFailed {
        line,
        expectation,
        found,
    } = &r.outcome
    {
        panic!("line {}: expected {expectation:?}, found {found:?}", line - 1);
    }
    r
}

/// The events of the first step that runs `statement`.
fn events_of(r: &Run, statement: &str) -> Vec<Event> {
    let names: Vec<String> = r.cluster.brokers().iter().map(|b| b.id.clone()).collect();
    r.steps
        .iter()
        .find(|s| scenario::command_line(&names, &s.command) == statement)
        .map(|s| s.events.clone())
        .unwrap_or_else(|| panic!("no step runs {statement:?}"))
}

// PartitionRegistration.merge / PartitionChangeBuilder: the leader epoch moves
// with every change of leader, to and from no leader too, and with no ISR change.
#[test]
fn partition_registration_merge_bumps_the_epoch_only_for_leader_changes() {
    run("brokers A B C
         crash C                # an ISR change: no new epoch
         expect epoch 0
         expect isr A B
         tick 100000
         produce m1
         tick 100000            # B lags and leaves the ISR: no new epoch
         expect isr A
         expect epoch 0
         crash A                # a change to no leader: epoch 1
         expect leader none
         expect epoch 1
         restart A              # and from no leader: epoch 2
         expect leader A
         expect epoch 2");
}

// PartitionChangeBuilder (ELR, KIP-966): a broker enters the ELR only by leaving
// an ISR that is, or falls, below min ISR; with the ISR back at min the ELR empties.
#[test]
fn partition_change_builder_keeps_the_elr_below_min_isr() {
    run("brokers A B C
         set min.insync.replicas=2
         crash C                # the ISR (A, B) stays at min: C is not eligible
         expect isr A B
         expect elr
         crash B                # the ISR falls below min: B stays eligible
         expect isr A
         expect elr B
         restart C
         fetch C
         expect isr A C         # back at min: the ELR empties
         expect elr");
}

// PartitionChangeBuilder.electLeader: with the ISR empty, the first unfenced ELR
// member leads; it leaves the ELR and the ISR becomes just it.
#[test]
fn partition_change_builder_elects_from_the_elr_when_the_isr_is_empty() {
    let r = run("brokers A B C
         set min.insync.replicas=2
         crash C
         shutdown B             # B leaves an ISR that falls below min: ELR
         expect elr B
         crash A                # the ISR empties: A joins the ELR and is the last known leader
         expect isr
         expect elr A B
         expect last-known-leader A
         expect leader none
         restart B              # clean: B keeps its place in the ELR and leads
         expect leader B
         expect isr B
         expect elr A
         expect last-known-leader none");
    // The election says the ELR it chose from: A and B, B the first unfenced.
    let both = replab_core::BrokerSet::only(0).union(replab_core::BrokerSet::only(1));
    assert!(events_of(&r, "restart B").iter().any(|e| matches!(
        e,
        Event::LeaderElected {
            reason: ElectionReason::FromElr { elr },
            ..
        } if *elr == both
    )));
}

// ReplicationControlManager.handleBrokerUncleanShutdown: a restart without the clean
// mark first removes the broker from the ISR and the ELR, so it cannot lead from
// the ELR.
#[test]
fn replication_control_manager_removes_an_unclean_restart_from_the_elr() {
    run("brokers A B C
         set min.insync.replicas=2
         crash C
         crash B
         expect elr B
         crash A
         expect elr A B
         restart B              # unclean: out of the ELR, and A (eligible) is down
         expect elr A
         expect leader none");
}

// PartitionChangeBuilder.electLeader: with ISR and ELR empty, the last known leader
// leads if unfenced.
#[test]
fn partition_change_builder_elects_the_last_known_leader() {
    let r = run("brokers A B
         crash B
         crash A                # min ISR 1: the ISR empties, A into the ELR
         expect elr A
         expect last-known-leader A
         restart A              # unclean: out of the ELR; ISR and ELR empty: A as last known leader
         expect leader A
         expect isr A
         expect elr
         expect last-known-leader none");
    assert!(events_of(&r, "restart A").iter().any(|e| matches!(
        e,
        Event::LeaderElected {
            reason: ElectionReason::LastKnownLeader,
            ..
        }
    )));
}

// ReplicationControlManager.handleBrokerFenced, one broker at a time: the election
// after the leader's fencing still counts brokers written later as unfenced.
#[test]
fn replication_control_manager_fences_crashed_brokers_in_the_order_written() {
    let r = run("brokers A B C
         crash A B
         expect leader C
         expect epoch 2         # B was elected (1), then fenced in its turn (2)
         expect isr C");
    let elected: Vec<usize> = events_of(&r, "crash A B")
        .iter()
        .filter_map(|e| match e {
            Event::LeaderElected { leader, .. } => Some(*leader),
            _ => None,
        })
        .collect();
    assert_eq!(elected, vec![1, 2]);
}

// Partition.maybeIncrementLeaderHW with strict min ISR (3.7+, KAFKA-15583): the HW
// does not move while the ISR is below min.insync.replicas.
#[test]
fn partition_maybe_increment_leader_hw_holds_below_min_isr() {
    let r = run("brokers A B C
         set min.insync.replicas=2 acks=1
         crash B C
         produce m1
         expect A hw 0
         expect acked m1
         restart B
         fetch B
         fetch B                # B rejoins: the ISR is back at min and m1 commits
         expect isr A B
         expect A hw 1");
    assert!(events_of(&r, "produce m1").iter().any(|e| matches!(
        e,
        Event::HighWatermarkHeld {
            hw: 0,
            isr: 1,
            min_isr: 2,
            ..
        }
    )));
}

// BrokerRegistration: a broker's epoch grows with each registration; a restarted
// broker never starts in the ISR and rejoins only by fetching in its new epoch.
#[test]
fn cluster_control_manager_registers_a_restart_with_a_new_broker_epoch() {
    let r = run("brokers A B
         produce m1
         fetch B
         fetch B
         bounce B               # KRaft always notices: B leaves the ISR
         expect isr A
         fetch B
         expect isr A B");
    assert_eq!(r.cluster.broker(1).map(|b| b.broker_epoch), Some(1));
}

// Controlled shutdown: the whole log is flushed, leadership moves, a clean mark is
// left; the next restart is clean.
#[test]
fn controlled_shutdown_flushes_moves_leadership_and_leaves_a_clean_mark() {
    let r = run("brokers A B
         produce m1
         fetch B
         fetch B
         shutdown A
         expect leader B
         expect epoch 1
         expect A log m1
         restart A
         expect A log m1");
    assert!(events_of(&r, "restart A")
        .iter()
        .any(|e| matches!(e, Event::Restarted { clean: true, .. })));
}

// Under the ZooKeeper generations `shutdown` is `crash` without unflushed loss.
#[test]
fn shutdown_under_zookeeper_is_a_crash() {
    for p in [
        Protocol::Hw,
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
    ] {
        let text = "brokers A B\nproduce m1\nfetch B\nfetch B\nshutdown A\nexpect leader B\nexpect epoch 1";
        let script = scenario::parse(text).expect("parses");
        let r = scenario::run(&script, Some(p)).expect("runs");
        assert!(matches!(r.outcome, Outcome::Passed { .. }), "{p:?}: {:?}", r.outcome);
    }
}

// ReplicationControlManager.electLeaders: no election is needed for the current
// leader; an unclean election acts only on a leaderless partition; a clean one
// needs an unfenced ISR member (or an ELR member with the ISR empty).
#[test]
fn replication_control_manager_admin_elections() {
    let mut r = run("brokers A B C\ncrash C");
    let c = &mut r.cluster;
    assert_eq!(
        c.apply(&Command::Elect {
            broker: 0,
            unclean: false
        }),
        Ok(vec![replab_core::Event::ElectionNotNeeded { broker: 0, epoch: 0 }])
    );
    assert_eq!(c.leader_epoch(), 0);
    assert_eq!(
        c.apply(&Command::Elect {
            broker: 1,
            unclean: true
        }),
        Err(CommandError::HasLeader)
    );
    c.apply(&Command::Restart { broker: 2 }).expect("restarts");
    assert_eq!(
        c.apply(&Command::Elect {
            broker: 2,
            unclean: false
        }),
        Err(CommandError::NotEligible { broker: 2 })
    );
    assert!(c
        .apply(&Command::Elect {
            broker: 1,
            unclean: false
        })
        .is_ok());
    assert_eq!((c.leader(), c.leader_epoch()), (Some(1), 1));
}

// eligible.leader.replicas.version=0 (Kafka 4.0's default): no ELR, and the ISR
// never becomes empty: its last member stays.
#[test]
fn without_the_elr_the_last_isr_member_stays() {
    run("brokers A B
         set eligible.leader.replicas.version=0
         crash B
         crash A
         expect isr A
         expect elr
         restart A              # its restart cannot take it out: it leads again
         expect leader A");
}

// KIP-966: a change of min.insync.replicas clears the ELR.
#[test]
fn a_min_isr_change_clears_the_elr() {
    run("brokers A B C
         set min.insync.replicas=2
         crash C
         crash B
         expect elr B
         set min.insync.replicas=1
         expect elr");
}

// `set eligible.leader.replicas.version` belongs in the header.
#[test]
fn the_elr_version_is_a_header_setting() {
    let e =
        scenario::parse("brokers A\nproduce m1\nset eligible.leader.replicas.version=0").expect_err("after an action");
    assert_eq!(e.line, 3);
}
