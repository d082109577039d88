//! The decisive steps of the histories the explorer finds, and the comments
//! written before them.

use replab_check::{decisive_steps, explore, scenario_text_with_comments, Bounds, Decisive, Outcome};
use replab_core::scenario::{self, parse};
use replab_core::{Command, Event, Protocol, Setup, Value, ViolationKind};

fn setup(protocol: Protocol) -> Setup {
    Setup::of(&["A", "B"], protocol).pinned_to(replab_core::Config::LANGUAGE_1_3)
}

fn found(setup: &Setup, bounds: Bounds) -> (ViolationKind, Vec<Command>) {
    match explore(setup.clone(), bounds).expect("a valid setup") {
        Outcome::Violation { kind, trace, .. } => (kind, trace),
        other => panic!("{other:?}"),
    }
}

fn values(v: &[Value]) -> Vec<&str> {
    v.iter().map(|v| &**v).collect()
}

/// Language-free words for a test: the event's variant and the values.
fn words(d: &Decisive) -> Vec<String> {
    d.marks
        .iter()
        .map(|m| {
            let name = format!("{:?}", m.event);
            let variant = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
            format!(
                "{variant} lost={:?} committed={:?}",
                values(&m.lost),
                values(&m.committed)
            )
        })
        .collect()
}

#[test]
fn hw_commits_truncates_then_elects() {
    let s = setup(Protocol::Hw);
    let (kind, trace) = found(&s, Bounds::default());
    let decisive = decisive_steps(&s, &trace).expect("replays");
    let steps: Vec<usize> = decisive.iter().map(|d| d.step).collect();
    assert_eq!(steps, [2, 3, 4]);
    // send B: A's HW passes m1, which the bounce then loses.
    assert!(matches!(
        decisive[0].marks[0].event,
        Event::HighWatermarkChanged {
            broker: 0,
            from: 0,
            to: 1
        }
    ));
    assert_eq!(values(&decisive[0].marks[0].committed), ["m1"]);
    // bounce B: B truncates to its HW, 0.
    let cut = &decisive[1].marks[0];
    assert!(
        matches!(
            cut.event,
            Event::Truncation {
                broker: 1,
                from: 1,
                to: 0,
                ..
            }
        ),
        "{cut:?}"
    );
    assert_eq!(values(&cut.lost), ["m1"]);
    // crash A: B leads, and the check fires.
    let last: Vec<&Event> = decisive[2].marks.iter().map(|m| &m.event).collect();
    assert!(
        matches!(
            last[0],
            Event::LeaderElected {
                leader: 1,
                epoch: 1,
                ..
            }
        ),
        "{last:?}"
    );
    assert!(matches!(last.last(), Some(Event::ViolationFound { .. })), "{last:?}");

    // The commented scenario replays with its expectation, and the comment on
    // the truncation sits right before the command that truncates.
    let text = scenario_text_with_comments(&s, &trace, Some(kind), words);
    let script = parse(&text).unwrap_or_else(|e| panic!("{e:?} in\n{text}"));
    let run = scenario::run(&script, None).expect("runs");
    assert_eq!(run.outcome, scenario::Outcome::Passed { checked: 1 }, "{text}");
    let truncating = run
        .steps
        .iter()
        .find(|st| {
            st.events
                .iter()
                .any(|e| matches!(e, Event::Truncation { from, to, .. } if to < from))
        })
        .expect("a truncation");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[truncating.line - 1], "bounce B", "{text}");
    assert_eq!(
        lines[truncating.line - 2],
        "# Truncation lost=[\"m1\"] committed=[]",
        "{text}"
    );
    assert_eq!(lines.iter().filter(|l| l.starts_with('#')).count(), 4, "{text}");
}

#[test]
fn an_unflushed_crash_is_a_loss() {
    let s = setup(Protocol::KraftElr);
    let bounds = Bounds {
        unflushed_loss: true,
        ..Bounds::default()
    };
    let (_, trace) = found(&s, bounds);
    let decisive = decisive_steps(&s, &trace).expect("replays");
    let crash = decisive
        .iter()
        .flat_map(|d| &d.marks)
        .find(|m| matches!(m.event, Event::Crashed { lost_from: Some(_), .. }))
        .expect("a crash that loses records");
    assert_eq!(values(&crash.lost), ["m1"]);
    let committed: Vec<&str> = decisive
        .iter()
        .flat_map(|d| &d.marks)
        .flat_map(|m| values(&m.committed))
        .collect();
    assert_eq!(committed, ["m1"], "{decisive:?}");
}

#[test]
fn every_counterexample_ends_on_a_decisive_step_and_replays_with_comments() {
    let bounds = [
        Bounds::default(),
        Bounds {
            unflushed_loss: true,
            unclean_elections: true,
            ..Bounds::default()
        },
    ];
    for protocol in Protocol::ALL {
        let s = setup(protocol);
        for b in bounds {
            let Ok(Outcome::Violation { kind, trace, .. }) = explore(s.clone(), b) else {
                continue;
            };
            let decisive = decisive_steps(&s, &trace).expect("replays");
            assert_eq!(
                decisive.last().map(|d| d.step),
                Some(trace.len() - 1),
                "{}",
                protocol.name()
            );
            // A comment per mark, even one with a line break: still one line each.
            let text = scenario_text_with_comments(&s, &trace, Some(kind), |d| {
                d.marks.iter().map(|_| "a\nb".to_string()).collect()
            });
            let marks: usize = decisive.iter().map(|d| d.marks.len()).sum();
            assert_eq!(text.lines().filter(|l| *l == "# a b").count(), marks, "{text}");
            let run = scenario::run(&parse(&text).expect("parses"), None).expect("runs");
            assert_eq!(run.outcome, scenario::Outcome::Passed { checked: 1 }, "{text}");
        }
    }
}

#[test]
fn a_refused_command_is_named() {
    let s = setup(Protocol::Hw);
    let trace = vec![Command::Fetch { follower: 0, max: None }];
    let err = decisive_steps(&s, &trace).expect_err("A leads");
    assert_eq!(err.index, 0);
}
