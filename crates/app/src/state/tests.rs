//! The reducer's tests: each action from a state, and what it leaves.

use super::*;
use replab_core::compare;
use replab_core::Setting;

fn reduce(s: Rc<AppState>, a: Action) -> Rc<AppState> {
    s.reduce(a)
}

fn produce(s: Rc<AppState>) -> Rc<AppState> {
    reduce(
        s,
        Action::Produce {
            value: None,
            acks: None,
        },
    )
}

#[test]
fn acting_at_a_past_step_forks_and_undo_restores_once() {
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    for _ in 0..3 {
        s = produce(s);
    }
    assert_eq!((s.cursor, s.len()), (3, 3));
    s = reduce(s, Action::StepTo(1));
    assert_eq!(s.view.brokers()[0].leo(), 1);
    s = reduce(s, Action::Do(Command::Fetch { follower: 1, max: None }));
    assert_eq!((s.cursor, s.len()), (2, 2));
    assert!(s.undo.is_some());
    s = reduce(s, Action::Undo);
    assert_eq!((s.cursor, s.len()), (3, 3));
    assert_eq!(s.view.brokers()[0].leo(), 3);
    assert!(s.undo.is_none());
}

/// A fresh page showing the data-loss preset, at its end.
fn data_loss_loaded() -> Rc<AppState> {
    let script = scenario::parse(crate::presets::DEFAULT_TEXT).expect("parses");
    reduce(
        Rc::new(AppState::new(Lang::EN, false)),
        Action::Load(Rc::new(
            Loaded::build(&script, Rc::from(crate::presets::DEFAULT_TEXT), None, Some("data-loss")).expect("loads"),
        )),
    )
}

#[test]
fn values_count_up_from_the_highest_written() {
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    s = produce(s);
    s = reduce(
        s,
        Action::Produce {
            value: Some("m7".into()),
            acks: None,
        },
    );
    assert_eq!(s.next_value(), "m8");
    s = reduce(s, Action::StepTo(1));
    assert_eq!(s.next_value(), "m2");
}

#[test]
fn a_refused_click_is_a_notice_and_changes_nothing() {
    let s = Rc::new(AppState::new(Lang::EN, false));
    let after = reduce(s.clone(), Action::Do(Command::Fetch { follower: 0, max: None }));
    assert_eq!(
        after.notice,
        Some(Notice::Refused(CommandError::IsLeader { broker: 0 }))
    );
    assert_eq!(after.len(), 0);
    assert_eq!(after.view, s.view);
}

#[test]
fn a_scenario_loaded_while_the_address_link_opens_is_shown_and_the_link_then_dropped() {
    let problem = || Rc::new(Err(LinkProblem::StepOutOfRange { step: 9, len: 1 }));
    let opening = Rc::new(AppState {
        opening: true,
        ..AppState::new(Lang::EN, true)
    });
    // Without a load, the link is shown (here, its problem) and the page with it.
    let opened = reduce(opening.clone(), Action::OpenLink(problem(), true));
    assert!(!opened.opening && opened.link_problem.is_some());

    let script = scenario::parse("brokers A B\nproduce m1\n").expect("parses");
    let loaded = reduce(
        opening,
        Action::Load(Rc::new(
            Loaded::build(&script, Rc::from("brokers A B\nproduce m1\n"), None, None).expect("loads"),
        )),
    );
    assert!(!loaded.opening, "shown at once");
    let after = reduce(loaded.clone(), Action::OpenLink(problem(), true));
    assert!(Rc::ptr_eq(&after, &loaded), "the address's link comes too late");
    // A link the reader follows later (a hash change) opens as ever.
    let followed = reduce(loaded, Action::OpenLink(problem(), false));
    assert!(followed.link_problem.is_some());
}

#[test]
fn switching_protocol_replays_the_same_history() {
    let mut s = data_loss_loaded();
    assert_eq!(s.view.protocol(), Protocol::Hw);
    assert_eq!(s.view.violations().len(), 1);
    let len = s.len();
    s = reduce(s, Action::SetProtocol(Protocol::Kip279));
    assert_eq!(s.len(), len);
    assert!(s.view.violations().is_empty());
    assert_eq!(s.cursor, len);
}

#[test]
fn a_preset_switched_to_another_protocol_runs_its_own_lines_for_it() {
    let preset = crate::presets::find("data-loss").expect("preset");
    let script = scenario::parse(crate::presets::DEFAULT_TEXT).expect("parses");
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    s = reduce(
        s,
        Action::Load(Rc::new(
            Loaded::build(&script, Rc::from(crate::presets::DEFAULT_TEXT), None, Some(preset.id)).expect("loads"),
        )),
    );
    // Under kraft-elr A leads after its restart: the hw history's `fetch A`
    // would be refused, but the preset's `under kraft-elr` lines fetch B.
    // (The story leaves replica.lag.time.max.ms to each release: the switch
    // names it, and stops nowhere.)
    let stopped = |s: &AppState| matches!(s.notice, Some(Notice::ReplayStopped { .. }));
    s = reduce(s, Action::SetProtocol(Protocol::KraftElr));
    assert!(!stopped(&s), "{:?}", s.notice);
    assert_eq!(s.cursor, s.len());
    assert_eq!(s.view.leader(), Some(0));
    s = reduce(s, Action::SetProtocol(Protocol::Hw));
    assert!(!stopped(&s), "{:?}", s.notice);
    assert_eq!(s.view.leader(), Some(1));
}

#[test]
fn a_protocol_switch_that_cannot_replay_everything_says_where_it_stopped() {
    // Under kip-101 C rejoins the ISR at the leader's HW; from kip-279 on it must
    // also reach the start of the leader's epoch (KAFKA-7128), so the clean
    // election of C at the end is possible only under kip-101.
    let text = "protocol kip-101\nbrokers A B C D\nproduce m1\nfetch B\nfetch C\nfetch D\nfetch B\nfetch C\nfetch D\n\
                crash C\nproduce m2\nfetch B\nfetch B\ncrash A\nrestart C\nfetch C\nfetch C\nelect C\n";
    let script = scenario::parse(text).expect("parses");
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    s = reduce(
        s,
        Action::Load(Rc::new(
            Loaded::build(&script, Rc::from(text), None, None).expect("loads"),
        )),
    );
    assert_eq!(s.len(), 16);
    s = reduce(s, Action::SetProtocol(Protocol::Kip279));
    assert_eq!(s.view.protocol(), Protocol::Kip279);
    assert_eq!(s.len(), 15, "replayed up to the refused election");
    assert_eq!(
        s.notice,
        Some(Notice::ReplayStopped {
            step: 15,
            command: "elect C".into(),
            error: CommandError::NotInIsr { broker: 2 }
        })
    );
}

#[test]
fn autoplay_fetches_in_turn_until_everyone_has_caught_up() {
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    s = produce(s);
    s = reduce(s, Action::TogglePlay);
    let mut fetched = Vec::new();
    for _ in 0..20 {
        let before = s.len();
        s = reduce(s, Action::AutoStep);
        if s.len() > before {
            if let Some(Command::Fetch { follower, .. }) = s.timeline().commands().last() {
                fetched.push(*follower);
            }
        }
        if !s.playing {
            break;
        }
    }
    assert!(!s.playing, "autoplay stops once caught up");
    assert_eq!(&fetched[..2], &[1, 2], "followers take turns");
    for b in s.view.brokers() {
        assert_eq!((b.leo(), b.hw()), (1, 1), "{}", b.id);
    }
}

#[test]
fn autoplay_takes_what_the_core_allows_next() {
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    s = produce(s);
    s = reduce(s, Action::Do(Command::Send { follower: 1, max: None }));
    // B's response is in flight: it is delivered, not fetched again.
    assert_eq!(s.natural_next(), Some((1, Command::Deliver { follower: 1 })));
    // Under KRaft, with B shut down and the leader crashed, nobody leads:
    // nothing to catch up with.
    s = reduce(s, Action::SetProtocol(Protocol::KraftElr));
    s = reduce(s, Action::Do(Command::Shutdown { broker: 1 }));
    assert_eq!(s.natural_next(), Some((2, Command::Fetch { follower: 2, max: None })));
    s = reduce(
        s,
        Action::Do(Command::Crash {
            targets: vec![replab_core::CrashTarget {
                broker: 0,
                unflushed_from: None,
            }],
        }),
    );
    assert_eq!(s.view.leader(), Some(2));
    s = reduce(
        s,
        Action::Do(Command::Crash {
            targets: vec![replab_core::CrashTarget {
                broker: 2,
                unflushed_from: None,
            }],
        }),
    );
    assert_eq!(s.view.leader(), None);
    assert_eq!(s.natural_next(), None);
}

fn load(text: &'static str, preset: Option<&'static str>) -> Rc<AppState> {
    let script = scenario::parse(text).expect("parses");
    reduce(
        Rc::new(AppState::new(Lang::EN, false)),
        Action::Load(Rc::new(
            Loaded::build(&script, Rc::from(text), None, preset).expect("loads"),
        )),
    )
}

fn data_loss() -> Rc<AppState> {
    let preset = crate::presets::find("data-loss").expect("preset");
    load(crate::presets::DEFAULT_TEXT, Some(preset.id))
}

fn compared(s: &AppState) -> &ShownComparison {
    s.comparison.as_ref().expect("a comparison")
}

#[test]
fn the_data_loss_story_under_hw_and_kip_101_parts_at_bounce_b() {
    let mut s = data_loss();
    assert!(s.comparison.is_none(), "off by default");
    s = reduce(s, Action::SetCompare(Some(Protocol::Kip101)));
    let c = compared(&s);
    assert_eq!((c.protocol, c.stopped.as_ref()), (Protocol::Kip101, None));
    assert_eq!(c.timeline.len(), s.len());
    let first = c.first.clone().expect("they differ");
    let command = {
        let t = s.timeline();
        scenario::command_line(&t.setup().brokers, t.command(first.step).expect("a step"))
    };
    assert_eq!(command, "bounce B");
    assert_eq!(first.differences, vec![compare::Difference::Log { broker: 1 }]);
    // At the end, hw has lost m1 and kip-101 has not.
    assert_eq!((c.view_step, c.view.protocol()), (s.cursor, Protocol::Kip101));
    assert!(c.view.violations().is_empty());
    assert_eq!(s.view.violations().len(), 1);
    // The second view follows the cursor: at the first difference B kept m1 m2.
    s = reduce(s, Action::StepTo(first.step));
    let c = compared(&s);
    assert_eq!(c.view_step, first.step);
    assert_eq!((s.view.brokers()[1].leo(), c.view.brokers()[1].leo()), (0, 2));
    let view = c.view.clone();
    s = reduce(s, Action::DismissNotice);
    assert!(Arc::ptr_eq(&view, &compared(&s).view), "no step, no new view");
}

#[test]
fn a_step_at_the_end_extends_the_comparison_and_a_fork_rebuilds_it() {
    // kip-101 and kip-279 run the same lines of the preset.
    let s = reduce(data_loss(), Action::SetProtocol(Protocol::Kip101));
    let mut s = reduce(s, Action::SetCompare(Some(Protocol::Kip279)));
    let built = compared(&s).timeline.clone();
    let len = s.len();
    // A new step at the end is pushed onto the second history, not rebuilt.
    s = produce(s);
    let c = compared(&s);
    assert!(c.timeline.extends(&built), "pushed onto the second history");
    assert_eq!((c.timeline.len(), c.view_step), (len + 1, len + 1));
    assert_eq!(c.view.brokers()[1].leo(), s.view.brokers()[1].leo(), "both kept m1 m2");
    // Acting at a past step forks the history: the comparison is built anew.
    s = reduce(s, Action::StepTo(3));
    s = reduce(s, Action::Do(Command::Fetch { follower: 1, max: None }));
    let c = compared(&s);
    assert!(!c.timeline.extends(&built), "rebuilt after the fork");
    assert_eq!(c.timeline.len(), 4);
    assert_eq!(c.first, None, "no bounce any more: nothing differs");
    assert_eq!(c.view_step, 4);
}

#[test]
fn switching_the_comparison_off_drops_it() {
    let mut s = reduce(data_loss(), Action::SetCompare(Some(Protocol::Kip101)));
    assert!(s.comparison.is_some());
    s = reduce(s, Action::SetCompare(None));
    assert!(s.comparison.is_none());
    // Nor does any later action build it again.
    s = produce(s);
    assert!(s.comparison.is_none());
}

#[test]
fn another_compare_protocol_or_main_protocol_rebuilds_it() {
    let mut s = reduce(data_loss(), Action::SetCompare(Some(Protocol::Kip101)));
    s = reduce(s, Action::SetCompare(Some(Protocol::KraftElr)));
    // The unchanged preset is loaded again under kraft-elr: its own lines apply.
    let c = compared(&s);
    assert_eq!((c.protocol, c.stopped.as_ref()), (Protocol::KraftElr, None));
    assert_eq!(c.view.leader(), Some(0));
    s = reduce(s, Action::SetProtocol(Protocol::Kip101));
    let c = compared(&s);
    assert_eq!((c.protocol, s.view.protocol()), (Protocol::KraftElr, Protocol::Kip101));
    assert_eq!(c.view.leader(), Some(0));
    assert!(c.first.is_some());
    // Switching to the protocol compared with swaps the two.
    s = reduce(s, Action::SetProtocol(Protocol::KraftElr));
    assert_eq!(
        (s.view.protocol(), s.compare),
        (Protocol::KraftElr, Some(Protocol::Kip101))
    );
    assert_eq!(compared(&s).protocol, Protocol::Kip101);
}

#[test]
fn a_changed_history_is_replayed_and_says_where_the_comparison_stops() {
    // As a protocol switch: the preset's own kraft-elr lines apply only while
    // the history is unchanged; once the reader adds a step, its commands are
    // replayed, and under kraft-elr A leads after its restart, so `fetch A` is
    // refused.
    let mut s = reduce(data_loss(), Action::SetCompare(Some(Protocol::KraftElr)));
    s = produce(s);
    let stopped = compared(&s).stopped.clone().expect("stops");
    assert_eq!(stopped.command, "fetch A");
    assert_eq!(stopped.error, CommandError::IsLeader { broker: 0 });
    let c = compared(&s);
    assert_eq!((c.timeline.len(), c.view_step), (stopped.step, stopped.step));
    // Later steps change nothing: it stops where it stopped.
    let view = c.view.clone();
    s = produce(s);
    assert_eq!(compared(&s).stopped, Some(stopped));
    assert!(Arc::ptr_eq(&view, &compared(&s).view));
}

#[test]
fn a_comparison_that_cannot_replay_everything_says_where_it_stops() {
    let text = "protocol kip-101\nbrokers A B C D\nproduce m1\nfetch B\nfetch C\nfetch D\nfetch B\nfetch C\nfetch D\n\
                crash C\nproduce m2\nfetch B\nfetch B\ncrash A\nrestart C\nfetch C\nfetch C\nelect C\n";
    let mut s = load(text, None);
    s = reduce(s, Action::SetCompare(Some(Protocol::Kip279)));
    let c = compared(&s);
    assert_eq!(
        c.stopped,
        Some(Stopped {
            step: 15,
            command: "elect C".into(),
            error: CommandError::NotInIsr { broker: 2 }
        })
    );
    assert_eq!((s.cursor, c.view_step), (16, 15));
}

#[test]
fn autoplay_does_nothing_while_hidden() {
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    s = produce(s);
    s = reduce(s, Action::TogglePlay);
    s = reduce(s, Action::Visibility(false));
    let after = reduce(s.clone(), Action::AutoStep);
    assert!(Rc::ptr_eq(&s, &after));
}

#[test]
fn what_was_unfolded_stays_across_steps_and_goes_with_a_load() {
    let mut s = data_loss();
    s = reduce(s, Action::Fold(false, 1, Fold::Unfold(4)));
    s = reduce(s, Action::Fold(false, 1, Fold::Pin(2)));
    s = reduce(s, Action::StepTo(2));
    s = produce(s);
    assert_eq!(
        s.folds[0][1],
        Folds {
            unfolded: vec![4],
            pinned: vec![2]
        }
    );
    s = reduce(s, Action::Fold(false, 1, Fold::Pin(2)));
    assert!(s.folds[0][1].pinned.is_empty(), "picked again: let go");
    // The same story loaded again is shown afresh.
    let again = reduce(s, Action::Fold(false, 0, Fold::Unfold(7)));
    let again = reduce(
        again,
        Action::Load(Rc::new(
            Loaded::build(
                &scenario::parse(crate::presets::DEFAULT_TEXT).expect("parses"),
                Rc::from(crate::presets::DEFAULT_TEXT),
                None,
                Some("data-loss"),
            )
            .expect("loads"),
        )),
    );
    assert!(again.folds[0].is_empty());
}

#[test]
fn a_protocol_switch_names_the_release_defaults_it_changed() {
    let script = scenario::parse("protocol diverging-epoch\nbrokers A B\nproduce m1\n").expect("parses");
    let mut s = Rc::new(AppState::new(Lang::EN, false));
    s = reduce(
        s,
        Action::Load(Rc::new(
            Loaded::build(&script, Rc::from(""), None, None).expect("loads"),
        )),
    );
    s = reduce(s, Action::SetProtocol(Protocol::Hw));
    assert_eq!(
        s.notice,
        Some(Notice::DefaultsChanged {
            protocol: Protocol::Hw,
            changes: vec![
                (
                    Setting::UncleanLeaderElection(true),
                    Setting::UncleanLeaderElection(false)
                ),
                (
                    Setting::ReplicaLagTimeMaxMs(10_000),
                    Setting::ReplicaLagTimeMaxMs(30_000)
                ),
            ],
        })
    );
    assert!(s.view.config().unclean_leader_election);
    // 2.8 and 4.1 share their defaults: nothing to say.
    s = reduce(s, Action::SetProtocol(Protocol::DivergingEpoch));
    s = reduce(s, Action::SetProtocol(Protocol::KraftElr));
    assert_eq!(s.notice, None);
}

#[test]
fn starting_from_an_empty_partition_forgets_the_story_and_keeps_the_readers_view() {
    let mut s = data_loss_loaded();
    s = reduce(s, Action::StepTo(3));
    s = produce(s); // a fork: undo could bring the story back
    s = reduce(s, Action::SetSpeed(350));
    s = reduce(s, Action::SetCompare(Some(Protocol::Kip279)));
    assert!(s.undo.is_some() && s.preset.is_some() && s.comparison.is_some());
    let empty = reduce(s, Action::Empty);
    // The default partition, as a page with no story opens on.
    let fresh = AppState::new(Lang::EN, false);
    assert_eq!(empty.timeline(), fresh.timeline());
    assert_eq!((empty.cursor, empty.len()), (0, 0));
    assert_eq!(empty.view.brokers().len(), 3);
    assert_eq!((empty.preset, &empty.source, &empty.title), (None, &None, &None));
    assert!(empty.undo.is_none() && empty.notice.is_none() && !empty.playing);
    // What the reader chose for the page stays: its speed and its comparison.
    assert_eq!(empty.speed_ms, 350);
    assert_eq!(empty.compare, Some(Protocol::Kip279));
    assert!(empty.comparison.is_some(), "compared again, on the empty partition");
}

/// A story that sets eligible.leader.replicas.version=1 is not in the KRaft
/// lines before 4.1 (1.5 rule 5): a switch or a comparison to one is refused
/// with a notice, and the page stays as it was; ZooKeeper lines, which do
/// not read the setting, are offered.
#[test]
fn a_line_the_storys_settings_are_not_in_is_refused_and_nothing_changes() {
    let text = "protocol kafka-4.1\nbrokers A B\nset eligible.leader.replicas.version=1\nproduce m1\nfetch B\n";
    let script = scenario::parse(text).expect("parses");
    let mut s = reduce(
        Rc::new(AppState::new(Lang::EN, false)),
        Action::Load(Rc::new(
            Loaded::build(&script, Rc::from(text), None, None).expect("loads"),
        )),
    );
    let line = |n: &str| Protocol::from_name(n).expect("a line");
    let refused = refused_lines(s.history.timeline.setup().settings);
    let names: Vec<&str> = refused.iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        [
            "kafka-3.3-kraft",
            "kafka-3.4-kraft",
            "kafka-3.5-kraft",
            "kafka-3.6-kraft",
            "kafka-3.7-kraft",
            "kafka-3.8-kraft",
            "kafka-3.9-kraft",
            "kafka-4.0"
        ]
    );
    let before = s.clone();
    s = reduce(s, Action::SetProtocol(line("kafka-3.8-kraft")));
    assert_eq!(s.notice, Some(Notice::NotInRelease(line("kafka-3.8-kraft"))));
    assert_eq!(s.view.protocol(), line("kafka-4.1"));
    assert_eq!(s.history, before.history, "the history is as it was");
    assert_eq!((s.cursor, s.len()), (2, 2));
    s = reduce(s, Action::SetCompare(Some(line("kafka-4.0"))));
    assert_eq!(s.notice, Some(Notice::NotInRelease(line("kafka-4.0"))));
    assert_eq!(s.compare, None);
    // A ZooKeeper line does not read the setting: offered.
    s = reduce(s, Action::SetProtocol(line("kafka-3.8")));
    assert_eq!(s.view.protocol(), line("kafka-3.8"));
    assert_eq!(s.len(), 2);
}
