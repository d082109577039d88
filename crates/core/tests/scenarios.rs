//! The preset scenario files (web/scenarios/*.scn) are integration tests of
//! the model: every file's `expect` lines must hold under every protocol.

use replab_core::scenario::{self, Outcome};
use replab_core::Protocol;
use std::path::PathBuf;

fn scenario_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<PathBuf> = ["web/scenarios"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).expect("the folder exists"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_preset_passes_under_every_protocol() {
    let files = scenario_files();
    assert!(files.len() >= 6, "the presets are there: {files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        let script = scenario::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
        for p in Protocol::ALL {
            let run =
                scenario::run(&script, Some(p)).unwrap_or_else(|e| panic!("{} [{}]: {e:?}", file.display(), p.name()));
            match run.outcome {
                Outcome::Passed { checked } => assert!(checked > 0, "{} checks something", file.display()),
                other => panic!("{} [{}]: {other:?}", file.display(), p.name()),
            }
        }
    }
}

fn run(name: &str, p: Protocol) -> scenario::Run {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/scenarios")
        .join(name);
    let script = scenario::parse(&std::fs::read_to_string(path).expect("readable")).expect("parses");
    scenario::run(&script, Some(p)).expect("runs")
}

fn fired(run: &scenario::Run) -> Vec<&'static str> {
    run.cluster.violations().iter().map(|v| v.kind().name()).collect()
}

/// KIP-101 scenario 1 with plain fetches: only the pre-epoch protocol loses the
/// committed m1, and it fires at the leader change (`crash A`). From 2.8 on the
/// controller saw the bounce, so the partition waits for A instead.
#[test]
fn data_loss_story_fires_only_before_leader_epochs() {
    let hw = run("data-loss.scn", Protocol::Hw);
    assert_eq!(fired(&hw), vec!["committed-write-lost"]);
    let line = hw.line_of(|e| matches!(e, replab_core::Event::ViolationFound { .. }));
    assert_eq!(line, Some(last_line_starting("data-loss.scn", "crash A")));
    for p in [
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
        Protocol::KraftElr,
    ] {
        assert!(fired(&run("data-loss.scn", p)).is_empty(), "{}", p.name());
    }
}

/// KIP-101 scenario 2: the pre-epoch protocol diverges; all lose the committed m2.
#[test]
fn divergence_story_diverges_only_before_leader_epochs() {
    assert_eq!(
        fired(&run("divergence.scn", Protocol::Hw)),
        vec!["committed-write-lost", "replicas-diverged"]
    );
    for p in [
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
        Protocol::KraftElr,
    ] {
        assert_eq!(
            fired(&run("divergence.scn", p)),
            vec!["committed-write-lost"],
            "{}",
            p.name()
        );
    }
}

/// KIP-279: kip-101 diverges; kip-279 converges in two OffsetsForLeaderEpoch
/// rounds; diverging-epoch in two DivergingEpoch fetches.
#[test]
fn fast_failover_needs_two_rounds_after_kip_279() {
    use replab_core::event::{Event, TruncationRule};
    assert_eq!(
        fired(&run("fast-failover.scn", Protocol::Kip101)),
        vec!["replicas-diverged"]
    );
    for p in [Protocol::Kip279, Protocol::DivergingEpoch] {
        let r = run("fast-failover.scn", p);
        assert!(fired(&r).is_empty());
        let b = r.cluster.broker_ix("B").expect("B");
        let rounds: Vec<(u64, u64, bool)> = r
            .steps
            .iter()
            .flat_map(|s| s.events.iter())
            .filter_map(|e| match e {
                Event::Truncation {
                    broker,
                    from,
                    to,
                    complete,
                    rule,
                } if *broker == b => {
                    assert!(matches!(
                        rule,
                        TruncationRule::FollowerEpochBelow { .. } | TruncationRule::SameEpoch { .. }
                    ));
                    Some((*from, *to, *complete))
                }
                _ => None,
            })
            .collect();
        assert_eq!(rounds, vec![(3, 2, false), (2, 1, true)], "{}", p.name());
    }
}

/// The 1-based number of the last line of `name` that starts with `prefix`.
fn last_line_starting(name: &str, prefix: &str) -> usize {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/scenarios")
        .join(name);
    let text = std::fs::read_to_string(path).expect("readable");
    let ix = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(prefix))
        .last()
        .map(|(i, _)| i);
    ix.map(|i| i + 1)
        .unwrap_or_else(|| panic!("{name} has a line '{prefix}'"))
}

/// The checker's kip-101 finding: the leader cannot place B's epoch 1 and B falls
/// back to its lagging HW; only 0.11 loses the committed m1.
#[test]
fn epoch_unknown_loses_a_committed_write_only_under_kip_101() {
    use replab_core::event::{Event, TruncationRule};
    let r = run("kip-101-epoch-unknown.scn", Protocol::Kip101);
    assert_eq!(fired(&r), vec!["committed-write-lost"]);
    let b = r.cluster.broker_ix("B").expect("B");
    let cut = r.line_of(|e| {
        matches!(e, Event::Truncation { broker, to: 0, rule: TruncationRule::UndefinedEndOffset { asked: Some(1), hw: 0 }, .. } if *broker == b)
    });
    assert_eq!(cut, Some(last_line_starting("kip-101-epoch-unknown.scn", "fetch B")));
    for p in [
        Protocol::Hw,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
        Protocol::KraftElr,
    ] {
        assert!(fired(&run("kip-101-epoch-unknown.scn", p)).is_empty(), "{}", p.name());
    }
}

/// KAFKA-7128: before 2.1 the empty C rejoins the ISR with its fetch at the
/// lagging HW 0; from 2.1 on only with its fetch at 1, where B's epoch starts.
#[test]
fn lagging_hw_lets_an_empty_follower_rejoin_before_kafka_7128() {
    use replab_core::Event;
    let file = "lagging-hw-isr-join.scn";
    let joined = |r: &scenario::Run| {
        let c = r.cluster.broker_ix("C").expect("C");
        r.line_of(|e| matches!(e, Event::IsrExpanded { broker, .. } if *broker == c))
    };
    for p in [Protocol::Hw, Protocol::Kip101] {
        let r = run(file, p);
        assert_eq!(fired(&r), vec!["committed-write-lost"], "{}", p.name());
        assert_eq!(joined(&r), Some(last_line_starting(file, "send C")), "{}", p.name());
    }
    for p in [Protocol::Kip279, Protocol::DivergingEpoch, Protocol::KraftElr] {
        let r = run(file, p);
        assert!(fired(&r).is_empty(), "{}", p.name());
        assert_eq!(
            joined(&r),
            Some(last_line_starting(
                file,
                "under kip-279,diverging-epoch,kraft-elr fetch C"
            )),
            "{}",
            p.name()
        );
    }
}
