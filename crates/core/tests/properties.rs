//! Properties over random command sequences on 2 to 5 brokers, under every
//! protocol. `PROPTEST_CASES` sets how many sequences (the test command uses 2000).

use proptest::prelude::*;
use replab_core::command::CrashTarget;
use replab_core::config::Settings;
use replab_core::safety::full_check;
use replab_core::scenario::{self, Script, Statement, StatementKind};
use replab_core::Value;
use replab_core::{Acks, Cluster, Command, Event, Protocol, Setting, Setup};

#[derive(Clone, Debug)]
enum Op {
    Produce(u8),
    Fetch(usize, Option<u32>),
    Send(usize),
    Deliver(usize),
    Drop(usize),
    Crash(Vec<(usize, Option<u64>)>),
    Restart(usize),
    Shutdown(usize),
    Bounce(usize, Option<u64>),
    Elect(usize, bool),
    Tick(u64),
    MinIsr(u32),
    Unclean(bool),
}

fn op() -> impl Strategy<Value = Op> {
    let b = 0usize..5;
    prop_oneof![
        4 => (0u8..3).prop_map(Op::Produce),
        6 => (b.clone(), prop::option::of(1u32..3)).prop_map(|(b, m)| Op::Fetch(b, m)),
        1 => b.clone().prop_map(Op::Send),
        1 => b.clone().prop_map(Op::Deliver),
        1 => b.clone().prop_map(Op::Drop),
        1 => prop::collection::vec((b.clone(), prop::option::of(0u64..6)), 1..3).prop_map(Op::Crash),
        2 => b.clone().prop_map(Op::Restart),
        1 => b.clone().prop_map(Op::Shutdown),
        1 => (b.clone(), prop::option::of(0u64..6)).prop_map(|(b, o)| Op::Bounce(b, o)),
        1 => (b, any::<bool>()).prop_map(|(b, u)| Op::Elect(b, u)),
        1 => (0u64..40_000).prop_map(Op::Tick),
        1 => (1u32..4).prop_map(Op::MinIsr),
        1 => any::<bool>().prop_map(Op::Unclean),
    ]
}

/// Whether an op can lose records by design (unclean election, unflushed loss).
fn lossy(op: &Op) -> bool {
    match op {
        Op::Crash(ts) => ts.iter().any(|t| t.1.is_some()),
        Op::Bounce(_, o) => o.is_some(),
        Op::Elect(_, unclean) | Op::Unclean(unclean) => *unclean,
        _ => false,
    }
}

fn command(op: &Op, n: usize, i: usize) -> Command {
    let b = |x: usize| x % n;
    match op {
        Op::Produce(a) => Command::Produce {
            value: Value::from(format!("m{i}")),
            acks: [None, Some(Acks::Leader), Some(Acks::None)][*a as usize % 3],
        },
        Op::Fetch(x, max) => Command::Fetch {
            follower: b(*x),
            max: *max,
        },
        Op::Send(x) => Command::Send {
            follower: b(*x),
            max: None,
        },
        Op::Deliver(x) => Command::Deliver { follower: b(*x) },
        Op::Drop(x) => Command::Drop { follower: b(*x) },
        Op::Crash(ts) => Command::Crash {
            targets: ts
                .iter()
                .map(|&(x, o)| CrashTarget {
                    broker: b(x),
                    unflushed_from: o,
                })
                .collect(),
        },
        Op::Restart(x) => Command::Restart { broker: b(*x) },
        Op::Shutdown(x) => Command::Shutdown { broker: b(*x) },
        Op::Bounce(x, o) => Command::Bounce {
            target: CrashTarget {
                broker: b(*x),
                unflushed_from: *o,
            },
        },
        Op::Elect(x, u) => Command::Elect {
            broker: b(*x),
            unclean: *u,
        },
        Op::Tick(ms) => Command::Tick { ms: *ms },
        Op::MinIsr(k) => Command::Set {
            setting: Setting::MinInsyncReplicas(*k),
        },
        Op::Unclean(u) => Command::Set {
            setting: Setting::UncleanLeaderElection(*u),
        },
    }
}

/// `n` brokers under `protocol`; an odd `n` runs KRaft without an ELR
/// (eligible.leader.replicas.version=0), an even one with it.
fn setup(n: usize, protocol: Protocol) -> Setup {
    Setup {
        brokers: (0..n).map(|i| format!("B{i}")).collect(),
        leader: 0,
        // ELR where a line may have it (KRaft before 4.1 refuses version 1).
        settings: Settings::from_lines(&[Setting::EligibleLeaderReplicasVersion(u8::from(
            n.is_multiple_of(2) && protocol.defaults().elr_version == 1,
        ))]),
        protocol,
    }
}

/// Any offered release line (the five generations among them).
fn protocol() -> impl Strategy<Value = Protocol> {
    prop::sample::select(Protocol::releases().collect::<Vec<_>>())
}

/// Applies every op; refused ones must leave the state as it was.
fn drive(n: usize, protocol: Protocol, ops: &[Op], mut each: impl FnMut(&Cluster, &[Event])) -> Vec<Vec<Event>> {
    let mut c = Cluster::new(&setup(n, protocol));
    let mut log = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let before = c.clone();
        let cmd = command(op, n, i);
        // `enabled` is the one source of what may happen next: it lists a
        // command of its menu exactly when `apply` accepts it.
        if in_menu(&cmd) {
            let value = match &cmd {
                Command::Produce { value, .. } => *value,
                _ => Value::from("m"),
            };
            let listed = c.enabled(&value).contains(&cmd);
            assert_eq!(listed, c.check(&cmd).is_ok(), "{cmd:?}");
        }
        match c.apply(&cmd) {
            Ok(events) => {
                each(&c, &events);
                log.push(events);
                // Every command left the HW evaluated: one more evaluation, with
                // no time passing, moves nothing (contract 1.3 rule 3).
                let mut again = c.clone();
                let hws: Vec<u64> = c.brokers().iter().map(|b| b.hw()).collect();
                again.apply(&Command::Tick { ms: 0 }).expect("tick");
                let after: Vec<u64> = again.brokers().iter().map(|b| b.hw()).collect();
                assert_eq!(hws, after, "{cmd:?} left the HW unevaluated");
            }
            Err(_) => assert_eq!(c, before, "a refused command changed the state"),
        }
    }
    log
}

/// Whether `enabled` has `command` in its menu.
fn in_menu(command: &Command) -> bool {
    match command {
        Command::Produce { acks, .. } => acks.is_none(),
        Command::Fetch { max, .. } | Command::Send { max, .. } => max.is_none(),
        Command::Crash { targets } => targets.len() == 1 && targets[0].unflushed_from.is_none(),
        Command::Bounce { target } => target.unflushed_from.is_none(),
        Command::Tick { .. } | Command::Set { .. } => false,
        _ => true,
    }
}

fn check_invariants(c: &Cluster) {
    // The rules `apply` checks in debug builds, asked again here by name.
    if let Err(broken) = replab_core::invariants::check(c) {
        panic!("{broken}");
    }
    // And record by record, which `apply` does not do (it costs the log's
    // length): from 2.8 every record has an epoch entry at or before it.
    if c.capabilities().fetch_carries_epoch {
        for b in c.brokers() {
            let entries = b.durable.epoch_cache.entries();
            for r in b.durable.log.records() {
                assert!(
                    entries.iter().any(|e| e.epoch <= r.epoch && e.start_offset <= r.offset),
                    "{}: {entries:?} {r:?}",
                    b.id
                );
            }
        }
    }
}

proptest! {
    #[test]
    fn random_histories_keep_the_invariants(n in 2usize..=5, p in protocol(), ops in prop::collection::vec(op(), 0..80)) {
        drive(n, p, &ops, |c, events| {
            check_invariants(c);
            // The cheap, event-driven safety checks miss nothing the full check sees.
            for kind in full_check(c, c.safety()) {
                assert!(c.safety().has_fired(kind), "{} holds but did not fire", kind.name());
            }
            if events.iter().any(|e| matches!(e, Event::ViolationFound { violation } if violation.kind() == replab_core::ViolationKind::ReplicasDiverged)) {
                assert!(full_check(c, c.safety()).contains(&replab_core::ViolationKind::ReplicasDiverged));
            }
        });
    }

    /// `clone_from` (which keeps the target's allocations and shared chunks)
    /// makes exactly the source, over any earlier state of any history, and a
    /// step from the copy gives the events and state a step from the source does.
    #[test]
    fn clone_from_any_state_makes_the_same_state(
        n in 2usize..=5,
        p in protocol(),
        ops in prop::collection::vec(op(), 0..60),
        older in 0usize..60,
    ) {
        let mut states: Vec<Cluster> = Vec::new();
        drive(n, p, &ops, |c, _| states.push(c.clone()));
        for (i, source) in states.iter().enumerate() {
            let mut copy = states[older.min(i)].clone();
            copy.clone_from(source);
            prop_assert_eq!(&copy, source);
            let mut stepped = source.clone();
            let step = command(&ops[i % ops.len().max(1)], n, i);
            let (a, b) = (copy.apply(&step), stepped.apply(&step));
            prop_assert_eq!(a.ok(), b.ok());
            prop_assert_eq!(&copy, &stepped);
        }
    }

    /// A fetch is a send and the delivery of its response with nothing
    /// between, from any state of any history: the same cluster, and the same
    /// kinds of violation fired (the checker tries the delivery after a send
    /// no more, `Command::completes_fetch`).
    #[test]
    fn a_fetch_is_a_send_then_its_delivery(
        n in 2usize..=5,
        p in protocol(),
        ops in prop::collection::vec(op(), 0..60),
        max in prop::option::of(1u32..3),
    ) {
        let mut states: Vec<Cluster> = Vec::new();
        drive(n, p, &ops, |c, _| states.push(c.clone()));
        let kinds = |events: &[Event]| -> Vec<replab_core::ViolationKind> {
            let mut k: Vec<_> = events.iter().filter_map(|e| match e {
                Event::ViolationFound { violation } => Some(violation.kind()),
                _ => None,
            }).collect();
            k.sort_by_key(|k| k.name());
            k.dedup();
            k
        };
        for state in &states {
            for follower in 0..n {
                let send = Command::Send { follower, max };
                let deliver = Command::Deliver { follower };
                let mut fetched = state.clone();
                let Ok(one) = fetched.apply(&Command::Fetch { follower, max }) else {
                    prop_assert!(state.clone().apply(&send).is_err());
                    continue;
                };
                let mut split = state.clone();
                let mut two = split.apply(&send).expect("a send where a fetch goes");
                prop_assert!(send.completes_fetch(&deliver));
                // Nothing in flight (no leader to send to): the send was all.
                if let Ok(delivered) = split.apply(&deliver) {
                    two.extend(delivered);
                }
                prop_assert_eq!(&split, &fetched);
                prop_assert_eq!(kinds(&two), kinds(&one));
            }
        }
    }

    #[test]
    fn the_same_commands_give_the_same_events(n in 2usize..=5, p in protocol(), ops in prop::collection::vec(op(), 0..60)) {
        let first = drive(n, p, &ops, |_, _| {});
        let second = drive(n, p, &ops, |_, _| {});
        prop_assert_eq!(first, second);
    }

    /// From KIP-279 on, without unclean elections or lost unflushed records, no
    /// committed write is lost and the ISR never disagrees on a committed record
    /// (every line from 2.1, KRaft with and without an ELR too).
    #[test]
    fn kip_279_and_later_are_safe_without_unclean_elections_or_unflushed_loss(
        n in 2usize..=5,
        // Every line from 2.1 (KIP-279's rules), under either controller.
        p in prop::sample::select(Protocol::releases().filter(|p| p.capabilities().records_epoch_on_election).collect::<Vec<_>>()),
        ops in prop::collection::vec(op(), 0..80),
    ) {
        let ops: Vec<Op> = ops.into_iter().filter(|o| !lossy(o)).collect();
        let mut c = Cluster::new(&setup(n, p));
        for (i, op) in ops.iter().enumerate() {
            let _ = c.apply(&command(op, n, i));
            prop_assert!(c.violations().is_empty(), "after {:?}: {:?}", op, c.violations());
        }
    }

    /// KRaft (kraft-elr): the leader epoch moves exactly with the leader — once per
    /// election or change to no leader, and never for an ISR change; and the high
    /// watermark never moves while the ISR is below min ISR (strict min ISR).
    #[test]
    fn kraft_moves_the_epoch_with_the_leader_and_holds_the_hw_below_min_isr(
        n in 2usize..=5,
        ops in prop::collection::vec(op(), 0..80),
    ) {
        let mut c = Cluster::new(&setup(n, Protocol::KraftElr));
        for (i, op) in ops.iter().enumerate() {
            let (leader, epoch) = (c.leader(), c.leader_epoch());
            let Ok(events) = c.apply(&command(op, n, i)) else { continue };
            let changes = events
                .iter()
                .filter(|e| matches!(e, Event::LeaderElected { .. } | Event::PartitionOffline { .. }))
                .count() as u32;
            prop_assert_eq!(c.leader_epoch() - epoch, changes, "{:?}: {:?}", op, events);
            if c.leader() != leader {
                prop_assert!(changes > 0);
            }
            let leader_hw_moved = events.iter().any(|e| {
                matches!(*e, Event::HighWatermarkChanged { broker, from, to } if Some(broker) == c.leader() && to > from)
            });
            if leader_hw_moved {
                prop_assert!(c.isr().len() as u32 >= c.min_isr(), "{:?}: {:?}", op, events);
            }
        }
    }

    /// KIP-966's guarantee: under kraft-elr with min.insync.replicas=2, acks=all,
    /// unclean election off and nothing lost unflushed, no committed write is lost.
    #[test]
    fn kraft_at_min_isr_2_loses_no_committed_write(
        n in 2usize..=5,
        ops in prop::collection::vec(op(), 0..80),
    ) {
        let s = setup(n, Protocol::KraftElr).with(Setting::MinInsyncReplicas(2));
        let mut c = Cluster::new(&s);
        let kept = ops.iter().filter(|o| !lossy(o) && !matches!(o, Op::MinIsr(_) | Op::Unclean(_)));
        for (i, op) in kept.enumerate() {
            let mut cmd = command(op, n, i);
            if let Command::Produce { acks, .. } = &mut cmd {
                *acks = None; // acks=all, the default
            }
            let _ = c.apply(&cmd);
            prop_assert!(
                !c.safety().has_fired(replab_core::ViolationKind::CommittedWriteLost),
                "after {:?}: {:?}", op, c.violations()
            );
        }
    }

    /// The state after any step of a timeline equals a straight replay to it,
    /// across snapshots and forks.
    #[test]
    fn timeline_states_match_straight_replays(n in 2usize..=5, p in protocol(), ops in prop::collection::vec(op(), 0..120), fork in 0usize..120) {
        use replab_core::timeline::Timeline;
        let mut t = Timeline::new(setup(n, p));
        let mut straight = vec![Cluster::new(&setup(n, p))];
        for (i, op) in ops.iter().enumerate() {
            let mut next = straight[straight.len() - 1].clone();
            if next.apply(&command(op, n, i)).is_ok() {
                t.push(command(op, n, i)).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
                straight.push(next);
            }
        }
        for (k, expected) in straight.iter().enumerate() {
            prop_assert_eq!(&t.state_at(k), expected);
        }
        let fork = fork.min(t.len());
        t.truncate(fork);
        prop_assert_eq!(t.head(), &straight[fork]);
        prop_assert_eq!(t.len(), fork);
    }

    /// Commands written back as scenario text parse to the same commands.
    #[test]
    fn scenario_text_round_trips(n in 2usize..=5, ops in prop::collection::vec(op(), 0..40)) {
        let names: Vec<String> = (0..n).map(|i| format!("B{i}")).collect();
        let statements: Vec<Statement> = ops.iter().enumerate().map(|(i, o)| Statement {
            line: 0,
            under: None,
            kind: StatementKind::Command(command(o, n, i)),
        }).collect();
        // A `set` before the first action is a header setting: the same configuration.
        let leading = statements.iter().take_while(|s| matches!(s.kind, StatementKind::Command(Command::Set { .. }))).count();
        let settings = statements[..leading].iter().filter_map(|s| match &s.kind {
            StatementKind::Command(Command::Set { setting }) => Some(*setting),
            _ => None,
        }).collect();
        let statements = statements[leading..].to_vec();
        let script = Script { title: Some("t".into()), protocol: Some(Protocol::Kip101), brokers: names, leader: 0, settings, elr_set_at: None, statements };
        let text = scenario::script_text(&script);
        let back = scenario::parse(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        let kinds = |s: &Script| s.statements.iter().map(|x| x.kind.clone()).collect::<Vec<_>>();
        prop_assert_eq!(kinds(&back), kinds(&script));
        prop_assert_eq!(back.protocol, script.protocol);
        prop_assert_eq!(back.setup(None).config(), script.setup(None).config());
    }

    /// The parser never panics, whatever the text, and neither does running what parses.
    #[test]
    fn arbitrary_text_gives_an_error_or_a_script(text in ".{0,400}") {
        if let Ok(s) = scenario::parse(&text) {
            let _ = scenario::run(&s, None);
        }
    }

    /// The same with text made of the language's own words, to reach deeper.
    #[test]
    fn shuffled_statements_give_an_error_or_a_script(words in prop::collection::vec(prop::sample::select(vec![
        "title", "protocol", "hw", "kip-101", "brokers", "leader", "set", "acks=all", "min.insync.replicas=2",
        "produce", "fetch", "send", "deliver", "drop", "crash", "restart", "bounce", "elect", "unclean", "tick",
        "shutdown", "elr", "last-known-leader", "kraft-elr", "eligible.leader.replicas.version=0", "none",
        "expect", "log", "hw", "leo", "epochs", "0:0", "isr", "acked", "violation", "no-violation", "under",
        "kip-279,hw", "A", "B", "C", "A@1", "m1", "m2", "3", "max=2", "\n", "\n", "\n", "#", "=", "@",
    ]), 0..120)) {
        let text = words.join(" ");
        if let Ok(s) = scenario::parse(&text) {
            for p in Protocol::ALL {
                let _ = scenario::run(&s, Some(p));
            }
        }
    }
}
