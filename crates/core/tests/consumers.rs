//! Contract 1.4 rule 5: consumers, each test named after the client behaviour it
//! mirrors, asserting the exact consumer events of the step the rule decides.

use replab_core::config::OffsetReset;
use replab_core::consumer::{ConsumerError, ReadRecord, ResetCause};
use replab_core::scenario::{self, Outcome};
use replab_core::{Cluster, Event, Protocol, Value};

fn cluster(protocol: Protocol, text: &str) -> Cluster {
    let script = scenario::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    let r = scenario::run(&script, Some(protocol)).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(matches!(r.outcome, Outcome::Passed { .. }), "{:?}", r.outcome);
    r.cluster
}

/// The consumer events of one more statement.
fn consume(c: &mut Cluster, statement: &str) -> Vec<Event> {
    let ids: Vec<&str> = c.brokers().iter().map(|b| b.id.as_str()).collect();
    let script = scenario::parse(&format!("brokers {}\n{statement}", ids.join(" "))).expect("parses");
    let (_, command) = script.commands_under(c.protocol()).next().expect("a command");
    let events = c.apply(&command.clone()).expect("applies");
    events
        .into_iter()
        .filter(|e| {
            matches!(
                e,
                Event::Consumed { .. }
                    | Event::PositionValidated { .. }
                    | Event::TruncationDetected { .. }
                    | Event::ConsumerReset { .. }
                    | Event::ConsumerFailed { .. }
                    | Event::ConsumeWithoutLeader { .. }
            )
        })
        .collect()
}

fn read(offset: u64, epoch: u32, value: &str) -> ReadRecord {
    ReadRecord {
        offset,
        epoch,
        value: Value::from(value),
    }
}

/// A B with m1 m2 on both and committed; B then leads in epoch 1 without m2
/// (A lost it unflushed... here: B never had it), so offset 1 holds m3.
const M2_TRUNCATED: &str = "brokers A B
    set acks=1
    produce m1
    fetch B
    fetch B
    produce m2
    consume c
    fetch B
    fetch B
    consume c
    crash A B@1
    restart B
    produce m3";

// Fetcher: records only below the leader's HW, and the position moves past the
// last one; from 2.3 it takes that record's epoch (KIP-320).
#[test]
fn fetcher_returns_records_below_the_high_watermark() {
    for p in Protocol::ALL {
        let mut c = cluster(p, "brokers A B\nproduce m1\nproduce m2\nfetch B\nfetch B");
        assert_eq!(
            consume(&mut c, "consume c max=1"),
            vec![Event::Consumed {
                consumer: Value::from("c"),
                leader: 0,
                from: 0,
                records: vec![read(0, 0, "m1")],
                high_watermark: 2,
            }],
            "{}",
            p.name()
        );
        let cons = c.consumer("c").expect("created");
        let validates = p.capabilities().consumer_validates_position;
        assert_eq!((cons.position, cons.position_epoch), (Some(1), validates.then_some(0)));
        // A consumer moves no HW and no fetch state.
        assert_eq!(c.broker(1).map(|b| b.hw()), Some(2));
    }
}

// SubscriptionState.maybeCompleteValidation (2.8.1 476-522): the new leader's
// end offset for the position's epoch is below the position: truncation
// detected, the position goes back to it with the epoch answered.
#[test]
fn subscription_state_detects_a_truncation_from_2_3() {
    for p in [Protocol::DivergingEpoch, Protocol::KraftElr] {
        let mut c = cluster(p, M2_TRUNCATED);
        let events = consume(&mut c, "consume c");
        let c_name = Value::from("c");
        assert_eq!(
            events[0],
            Event::TruncationDetected {
                consumer: c_name,
                leader: 1,
                asked: 0,
                epoch: 0,
                end_offset: 1,
                from: 2,
                moved: true,
            },
            "{}: {events:?}",
            p.name()
        );
        assert!(matches!(events[1], Event::Consumed { from: 1, .. }), "{events:?}");
    }
}

// Before 2.3 a consumer keeps only an offset (2.1.0 SubscriptionState 461): it
// fetches on at the new leader, here with nothing to read at offset 2.
#[test]
fn before_2_3_a_consumer_fetches_on_without_validating() {
    for p in [Protocol::Hw, Protocol::Kip101, Protocol::Kip279] {
        let mut c = cluster(p, M2_TRUNCATED);
        let events = consume(&mut c, "consume c");
        assert!(
            matches!(events[..], [Event::Consumed { from: 2, ref records, .. }] if records.is_empty()),
            "{}: {events:?}",
            p.name()
        );
    }
}

// auto.offset.reset=none: LogTruncationException, the position stays, and the
// next poll validates again.
#[test]
fn with_no_reset_policy_the_truncation_reaches_the_application() {
    let text = M2_TRUNCATED.replace("set acks=1", "set acks=1 auto.offset.reset=none");
    let mut c = cluster(Protocol::DivergingEpoch, &text);
    let events = consume(&mut c, "consume c");
    assert_eq!(
        events.last(),
        Some(&Event::ConsumerFailed {
            consumer: Value::from("c"),
            error: ConsumerError::LogTruncation,
            at: 2,
            divergent: Some(1),
        })
    );
    assert_eq!(
        c.consumer("c").and_then(|x| x.error),
        Some(ConsumerError::LogTruncation)
    );
    let again = consume(&mut c, "consume c");
    assert!(
        matches!(again[0], Event::TruncationDetected { moved: false, .. }),
        "{again:?}"
    );
}

// Fetcher.handleOffsetOutOfRange with latest: ListOffsets gives the leader's
// HW, the position has no epoch, and nothing is read in this poll.
#[test]
fn a_fetch_past_the_log_end_resets_to_the_latest_offset() {
    let mut c = cluster(
        Protocol::Kip279,
        "brokers A B
         set acks=1
         produce m1
         produce m2
         fetch B max=1
         fetch B
         fetch B
         consume c
         crash B
         crash A
         restart B",
    );
    // B leads? Not in the ISR after its crash: the partition waits for A.
    assert_eq!(c.leader(), None);
    assert_eq!(
        consume(&mut c, "consume c"),
        vec![Event::ConsumeWithoutLeader {
            consumer: Value::from("c")
        }]
    );
    let mut c = cluster(
        Protocol::Kip279,
        "brokers A B
         set acks=1 unclean.leader.election.enable=true
         produce m1
         produce m2
         fetch B
         fetch B
         consume c
         crash B@1
         crash A
         restart B",
    );
    assert_eq!(c.leader(), Some(1));
    assert_eq!(
        consume(&mut c, "consume c"),
        vec![Event::ConsumerReset {
            consumer: Value::from("c"),
            leader: 1,
            cause: ResetCause::OffsetOutOfRange,
            policy: OffsetReset::Latest,
            from: 2,
            to: Some(1),
        }]
    );
}

// A `consume` is refused nothing and changes no replica.
#[test]
fn a_consumer_changes_nothing_of_the_partition() {
    for p in Protocol::ALL {
        let mut c = cluster(p, "brokers A B\nproduce m1\nfetch B");
        let before = c.partition().brokers().to_vec();
        consume(&mut c, "consume c");
        assert_eq!(c.partition().brokers(), &before[..], "{}", p.name());
    }
}

// What a consumer lane marks, from the safety checks' own record: a read whose
// record left the leader's log is lost; a read of a record other than the first
// read at its offset is diverged.
#[test]
fn reads_are_marked_lost_and_diverged_as_the_checks_found_them() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/scenarios/power-loss-two-consumers.scn"
    ))
    .expect("the story");
    for p in Protocol::ALL {
        let c = cluster(p, &text);
        let marks = |name: &str| -> Vec<(String, bool, bool)> {
            let consumer = c.consumer(name).expect("consumed");
            consumer
                .read()
                .iter()
                .map(|r| {
                    (
                        r.value.to_string(),
                        c.safety().read_lost(consumer.name, r),
                        c.safety().read_diverged(r),
                    )
                })
                .collect()
        };
        // c1's m2 was lost after it was read; c2's m3 at the same offset is the
        // second record read there.
        let m = |v: &str, lost, diverged| (v.to_string(), lost, diverged);
        assert_eq!(
            marks("c2"),
            vec![m("m1", false, false), m("m3", false, true)],
            "{}",
            p.name()
        );
        let mut c1 = vec![m("m1", false, false), m("m2", true, false)];
        if p.capabilities().consumer_validates_position {
            c1.push(m("m3", false, true));
        }
        assert_eq!(marks("c1"), c1, "{}", p.name());
    }
}

#[test]
fn a_new_consumer_takes_the_first_free_name() {
    let mut c = cluster(Protocol::Kip279, "brokers c1 B\nproduce m1");
    assert_eq!(&*c.next_consumer_name(), "c2", "c1 is a broker");
    consume(&mut c, "consume c2");
    assert_eq!(&*c.next_consumer_name(), "c3");
}
