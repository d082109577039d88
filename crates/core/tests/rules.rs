//! The model's rules, each named after the Kafka behaviour it mirrors, driven
//! through small scenario scripts.

use replab_core::event::{AckFailure, Event, LossReason, ProduceRefusal, TruncationRule};
use replab_core::message::Request;
use replab_core::scenario::{self, Outcome, Run};
use replab_core::{Command, CommandError, Protocol};

fn run(protocol: Protocol, text: &str) -> Run {
    let script = scenario::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    let r = scenario::run(&script, Some(protocol)).unwrap_or_else(|e| panic!("{e:?}"));
    if let Outcome::ExpectationFailed {
        line,
        expectation,
        found,
    } = &r.outcome
    {
        panic!(
            "[{}] line {line}: expected {expectation:?}, found {found:?}",
            protocol.name()
        );
    }
    r
}

/// The four generations with the ZooKeeper controller.
const ZOOKEEPER: [Protocol; 4] = [
    Protocol::Hw,
    Protocol::Kip101,
    Protocol::Kip279,
    Protocol::DivergingEpoch,
];

fn all_events(r: &Run) -> Vec<&Event> {
    r.steps.iter().flat_map(|s| s.events.iter()).collect()
}

// Partition.maybeIncrementLeaderHW: min LEO over the ISR, as the leader knows them.
#[test]
fn leader_hw_is_the_smallest_known_leo_over_the_isr() {
    for p in Protocol::ALL {
        run(
            p,
            "brokers A B C
             produce m1
             produce m2
             expect A hw 0          # B and C have not fetched: their LEOs are unknown
             fetch B
             expect A hw 0
             fetch C                # C fetched at 0
             expect A hw 0
             fetch B
             fetch C
             expect A hw 2
             expect B hw 0          # B fetched before C's fetch moved the HW
             expect C hw 2
             ",
        );
    }
}

// The follower's HW is min(leader HW in the response, its own LEO), and a response
// carries the HW after this fetch moved it.
#[test]
fn follower_hw_is_bounded_by_its_own_log_end() {
    run(
        Protocol::DivergingEpoch,
        "brokers A B
         set replica.lag.time.max.ms=1000
         produce m1
         produce m2
         tick 1500              # B never fetched: A drops it and commits m1 m2 alone
         expect A hw 2
         fetch B max=1          # the response carries HW 2, but B holds m1 only
         expect B hw 1
         fetch B max=1          # fetch at 1 brings m2
         expect B hw 2
         ",
    );
}

// A new leader knows none of its followers' LEOs: its HW waits until they fetch.
#[test]
fn new_leader_hw_waits_for_followers_to_fetch() {
    run(
        Protocol::Kip279,
        "brokers A B C
         produce m1
         fetch B
         fetch C
         elect B
         produce m2
         expect B hw 0
         fetch A                # kip-279: first OffsetsForLeaderEpoch, no fetch state yet
         fetch C
         expect B hw 0
         fetch A                # fetches at offset 1
         fetch C
         expect B hw 1
         ",
    );
}

// ISR shrink on lag (Partition.maybeShrinkIsr with Replica.lastCaughtUpTimeMs).
#[test]
fn a_follower_that_has_not_caught_up_within_the_lag_time_leaves_the_isr() {
    run(
        Protocol::DivergingEpoch,
        "brokers A B C
         set replica.lag.time.max.ms=1000
         produce m1
         fetch B                # B caught up to the LEO at t=0
         tick 900
         fetch C                # at offset 0, behind the LEO: not caught up
         fetch C                # at offset 1: caught up at t=900
         tick 600               # the leader looks at t=1500: B last caught up at 0
         expect isr A C
         produce m2
         tick 1000              # it looks at t=2500: C last caught up at 900
         expect isr A
         expect A hw 2          # the ISR is just A: everything is committed
         ",
    );
}

// Partition.maybeExpandIsr: caught up to the HW, and (KAFKA-7128, 2.1+) to the start
// of the leader's epoch.
#[test]
fn rejoining_the_isr_needs_the_epoch_start_from_kip_279_on() {
    let text = "brokers A B C D
         produce m1
         fetch B
         fetch C
         fetch D
         fetch B
         fetch C
         fetch D
         crash C                # the controller writes epoch 1 for the ISR change; A stays leader
         produce m2
         under kip-279 fetch B  # 2.1: B validates the new epoch first (KAFKA-7164); 0.11 just fetches on
         fetch B
         crash A                # B leads in epoch 2 from offset 2; D's LEO is unknown, so B's HW stays at most 1
         expect B leo 2
         restart C              # C has m1 only
         fetch C                # OffsetsForLeaderEpoch: epoch 0 ends at 2, nothing to cut
         fetch C                # fetch at offset 1, at or past the leader's HW
         ";
    run(Protocol::Kip101, &format!("{text}\n expect isr B C D"));
    run(
        Protocol::Kip279,
        &format!("{text}\n expect isr B D\n fetch C\n expect isr B C D"),
    );
}

// Partition.appendRecordsToLeader: acks=all is refused while ISR < min.insync.replicas.
#[test]
fn acks_all_is_refused_below_min_insync_replicas_but_acks_1_is_not() {
    let r = run(
        Protocol::DivergingEpoch,
        "brokers A B
         set min.insync.replicas=2
         crash B
         produce m1
         produce m2 acks=1
         produce m3 acks=0
         expect A log m2 m3
         expect acked m2
         ",
    );
    assert!(all_events(&r).iter().any(|e| matches!(
        e,
        Event::ProduceRefused {
            reason: ProduceRefusal::NotEnoughReplicas { isr: 1, min_isr: 2 },
            ..
        }
    )));
}

// Partition.checkEnoughReplicasReachOffset: acks=all is acknowledged when the
// leader's HW passes the record with the ISR at min.insync.replicas (below it:
// NOT_ENOUGH_REPLICAS_AFTER_APPEND, rules_1_3.rs).
#[test]
fn acks_all_is_acknowledged_when_the_hw_passes_it() {
    run(
        Protocol::DivergingEpoch,
        "brokers A B
         set min.insync.replicas=2
         fetch B
         produce m1
         expect acked
         fetch B                # B replicates m1
         fetch B                # its fetch at 1 moves the HW past m1 with the ISR at 2
         expect A hw 1
         expect acked m1
         ",
    );
}

#[test]
fn acks_all_fails_when_leadership_moves_first() {
    let r = run(
        Protocol::Kip279,
        "brokers A B
         fetch B
         produce m1
         elect B
         expect acked
         ",
    );
    assert!(all_events(&r).iter().any(|e| matches!(
        e,
        Event::AckFailed {
            reason: AckFailure::LeadershipMoved,
            ..
        }
    )));
}

// The controller: crashes leave the ISR but never empty it; the first alive ISR
// member in assignment order leads; an offline partition comes back with the first
// ISR member that restarts.
#[test]
fn controller_elections_follow_the_isr_in_assignment_order() {
    for p in ZOOKEEPER {
        run(
            p,
            "brokers A B C
             set unclean.leader.election.enable=false   # 0.10.2.1 had it on
             crash A
             expect leader B
             expect epoch 1
             expect isr B C
             crash B C
             expect leader none
             expect isr B C
             restart A              # not in the ISR, unclean election off: it waits
             expect leader none
             restart C
             expect leader C
             expect epoch 2
             expect isr C
             ",
        );
    }
}

#[test]
fn unclean_election_makes_the_isr_just_the_new_leader() {
    let script =
        scenario::parse("brokers A B C\n crash B\n restart B\n elect B unclean\n expect isr B\n expect leader B")
            .expect("parses");
    let r = scenario::run(&script, None).expect("runs");
    assert!(matches!(r.outcome, Outcome::Passed { .. }));
}

#[test]
fn a_clean_election_needs_an_isr_member() {
    let script = scenario::parse("brokers A B\n set replica.lag.time.max.ms=10\n tick 20\n elect B").expect("parses");
    let err = scenario::run(&script, None).expect_err("refused");
    assert_eq!(err.line, 4);
    assert!(matches!(
        err.kind,
        scenario::ScriptErrorKind::Command {
            error: CommandError::NotInIsr { broker: 1 }
        }
    ));
}

// KIP-320 fencing: a response still in flight when a new epoch begins is dropped.
#[test]
fn a_new_leader_epoch_fences_responses_in_flight() {
    let r = run(
        Protocol::Kip279,
        "brokers A B C
         produce m1
         send B
         elect A                # same leader, new epoch
         expect B log
         fetch B
         fetch B
         expect B log m1
         ",
    );
    assert!(all_events(&r).iter().any(|e| matches!(
        e,
        Event::ResponseLost {
            reason: LossReason::Fenced { epoch: 1 },
            ..
        }
    )));
}

// 0.11 assigned a new epoch with the leader's first write; 2.1 at election.
#[test]
fn when_a_leader_records_its_epoch() {
    let text = "brokers A B
         fetch B
         elect B
         ";
    run(Protocol::Kip101, &format!("{text} expect B epochs"));
    run(Protocol::Kip279, &format!("{text} expect B epochs 1:0"));
    run(Protocol::DivergingEpoch, &format!("{text} expect B epochs 1:0"));
    run(Protocol::Kip101, &format!("{text} produce m1\n expect B epochs 1:0"));
}

// KIP-279 followers validate on every epoch change; 0.11 followers only when the
// leader changes; 2.7+ followers never send OffsetsForLeaderEpoch.
#[test]
fn which_epoch_changes_make_a_follower_validate() {
    let text = "brokers A B
         produce m1
         fetch B
         elect A
         fetch B
         ";
    let asked = |p| {
        let r = run(p, text);
        all_events(&r).iter().any(|e| {
            matches!(
                e,
                Event::RequestSent {
                    request: Request::OffsetsForLeaderEpoch { .. },
                    ..
                }
            )
        })
    };
    assert!(asked(Protocol::Kip279));
    assert!(!asked(Protocol::Kip101));
    assert!(!asked(Protocol::DivergingEpoch));
    assert!(!asked(Protocol::Hw));
}

// A bounce is never seen by the controller: the follower stays in the ISR.
#[test]
fn a_bounced_follower_stays_in_the_isr_and_reads_back_its_checkpoints() {
    let r = run(
        Protocol::Hw,
        "brokers A B
         produce m1
         produce m2
         fetch B
         fetch B
         bounce B@1
         expect isr A B
         expect B log m1
         expect B hw 1
         ",
    );
    assert!(all_events(&r).iter().any(|e| matches!(
        e,
        Event::Truncation {
            rule: TruncationRule::HighWatermark { hw: 1 },
            ..
        }
    )));
}

// Invalid commands are errors that leave the state untouched.
#[test]
fn refused_commands_change_nothing() {
    let script = scenario::parse("brokers A B\n produce m1\n send B").expect("parses");
    let mut cluster = scenario::run(&script, None).expect("runs").cluster;
    let before = cluster.clone();
    let refused = [
        (
            Command::Fetch { follower: 0, max: None },
            CommandError::IsLeader { broker: 0 },
        ),
        (
            Command::Fetch { follower: 1, max: None },
            CommandError::AlreadyInFlight { follower: 1 },
        ),
        (
            Command::Deliver { follower: 0 },
            CommandError::NothingInFlight { follower: 0 },
        ),
        (
            Command::Restart { broker: 1 },
            CommandError::BrokerAlreadyUp { broker: 1 },
        ),
        (
            Command::Bounce {
                target: replab_core::CrashTarget {
                    broker: 0,
                    unflushed_from: None,
                },
            },
            CommandError::IsLeader { broker: 0 },
        ),
        (Command::Crash { targets: vec![] }, CommandError::NoTargets),
        (
            Command::Elect {
                broker: 7,
                unclean: false,
            },
            CommandError::NoSuchBroker { broker: 7 },
        ),
    ];
    for (command, error) in refused {
        assert_eq!(cluster.apply(&command), Err(error));
        assert_eq!(cluster, before);
    }
}

// A fetch past the leader's log end truncates the follower to it.
#[test]
fn a_fetch_past_the_leaders_log_end_truncates_to_it() {
    let r = run(
        Protocol::Hw,
        "brokers A B
         set unclean.leader.election.enable=true   # with it off, 0.10 halts A (rules_1_3.rs)
         produce m1
         produce m2
         fetch B
         fetch B
         fetch B
         crash A B@1
         restart B              # B leads with m1 only
         restart A              # A's HW checkpoint, 2, keeps m2
         expect A log m1 m2
         fetch A                # fetch at 2, past B's log end, 1
         expect A log m1
         ",
    );
    assert!(all_events(&r).iter().any(|e| matches!(
        e,
        Event::Truncation {
            from: 2,
            to: 1,
            rule: TruncationRule::LeaderLogEnd { log_end_offset: 1 },
            ..
        }
    )));
}
