//! The app's state and its reducer: every change goes through an `Action`.

use replab_core::scenario::{self, Script, ScriptError};
use replab_core::timeline::Timeline;
use replab_core::{Acks, Cluster, Command, CommandError, Config, Protocol, Setup};
use replab_narrate::{Lang, LinkProblem};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use yew::prelude::*;

/// Something the reader should know about the last action.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A click the model refused.
    Refused(CommandError),
    /// Switching protocol replayed the history only up to `step`; the next
    /// command (`command`, as scenario text) is not possible under it.
    ReplayStopped {
        step: usize,
        command: String,
        error: CommandError,
    },
}

#[derive(Clone, Debug)]
pub struct AppState {
    /// The history. Mutated in place by the reducer; `revision` says when.
    pub timeline: Rc<RefCell<Timeline>>,
    pub revision: u64,
    /// Bumped whenever past steps change (a fork or a new history), not when a
    /// step is added at the end.
    pub generation: u64,
    /// How many commands of the history are applied in the view.
    pub cursor: usize,
    /// The state after `cursor` commands.
    pub view: Rc<Cluster>,
    pub title: Option<Rc<str>>,
    pub preset: Option<&'static str>,
    /// The text of the scenario last loaded (a preset, the editor or a link).
    pub source: Option<Rc<str>>,
    pub lang: Lang,
    pub playing: bool,
    /// Milliseconds between autoplay steps.
    pub speed_ms: u32,
    pub visible: bool,
    pub selected: Option<usize>,
    /// The future cut off by acting at a past step: (step it was cut at, commands).
    pub undo: Option<(usize, Rc<Vec<Command>>)>,
    pub notice: Option<Notice>,
    pub help_open: bool,
    /// The follower autoplay serves next.
    pub autoplay_next: usize,
    /// Shown as a compact widget for an iframe (`?embed`).
    pub embed: bool,
    /// Whether the page is on screen (an embed scrolled away is not).
    pub on_screen: bool,
    /// A share link that could not be opened, and why.
    pub link_problem: Option<LinkProblem>,
}

impl PartialEq for AppState {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.timeline, &other.timeline)
            && self.revision == other.revision
            && self.generation == other.generation
            && self.cursor == other.cursor
            && self.lang == other.lang
            && self.playing == other.playing
            && self.speed_ms == other.speed_ms
            && self.visible == other.visible
            && self.selected == other.selected
            && self.notice == other.notice
            && self.help_open == other.help_open
            && self.embed == other.embed
            && self.on_screen == other.on_screen
            && self.link_problem == other.link_problem
            && self.undo.as_ref().map(|u| u.0) == other.undo.as_ref().map(|u| u.0)
    }
}

pub fn default_setup() -> Setup {
    Setup {
        brokers: vec!["A".into(), "B".into(), "C".into()],
        leader: 0,
        config: Config::default(),
        protocol: Protocol::DivergingEpoch,
    }
}

impl AppState {
    pub fn new(lang: Lang, embed: bool) -> AppState {
        let timeline = Timeline::new(default_setup());
        let view = Rc::new(timeline.head().clone());
        AppState {
            timeline: Rc::new(RefCell::new(timeline)),
            revision: 0,
            generation: 0,
            cursor: 0,
            view,
            title: None,
            preset: None,
            source: None,
            lang,
            playing: false,
            speed_ms: 900,
            visible: true,
            selected: None,
            undo: None,
            notice: None,
            help_open: false,
            autoplay_next: 0,
            embed,
            on_screen: true,
            link_problem: None,
        }
    }

    pub fn len(&self) -> usize {
        self.timeline.borrow().len()
    }

    fn refresh_view(&mut self) {
        self.view = Rc::new(self.timeline.borrow().state_at(self.cursor));
    }

    /// The loaded scenario's history under `protocol`, if `current` is still
    /// exactly that scenario's history under its own protocol.
    fn reload_source_under(&self, current: &Timeline, protocol: Protocol) -> Option<Timeline> {
        let script = scenario::parse(self.source.as_deref()?).ok()?;
        let own: Vec<&Command> = script
            .commands_under(current.setup().protocol)
            .map(|(_, c)| c)
            .collect();
        let same = own.len() == current.commands().len() && own.iter().zip(current.commands()).all(|(a, b)| *a == b);
        if !same || script.setup(Some(current.setup().protocol)) != *current.setup() {
            return None;
        }
        scenario::load(&script, Some(protocol)).ok().map(|l| l.timeline)
    }

    fn replace_timeline(&mut self, timeline: Timeline, cursor: usize) {
        self.timeline = Rc::new(RefCell::new(timeline));
        self.revision += 1;
        self.generation += 1;
        self.cursor = cursor.min(self.len());
        self.refresh_view();
    }

    /// Acts at the cursor: a past step forks the history there.
    fn act(&mut self, command: Command) {
        let mut view = (*self.view).clone();
        if let Err(e) = view.apply(&command) {
            self.notice = Some(Notice::Refused(e));
            return;
        }
        let mut t = self.timeline.borrow_mut();
        if self.cursor < t.len() {
            let cut = t.truncate(self.cursor);
            self.undo = Some((self.cursor, Rc::new(cut)));
            self.generation += 1;
        }
        // The command was just applied to this very state: it cannot be refused.
        let pushed = t.push(command).is_ok();
        debug_assert!(pushed);
        self.cursor = t.len();
        drop(t);
        self.revision += 1;
        self.view = Rc::new(view);
        self.notice = None;
    }

    fn step_to(&mut self, k: usize) {
        let k = k.min(self.len());
        if k != self.cursor {
            self.cursor = k;
            self.refresh_view();
        }
    }

    /// The next message value: one past the highest `m<n>` written so far.
    pub fn next_value(&self) -> String {
        let t = self.timeline.borrow();
        let n = t.commands()[..self.cursor]
            .iter()
            .filter_map(|c| match c {
                Command::Produce { value, .. } => value.strip_prefix('m').and_then(|n| n.parse::<u32>().ok()),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        format!("m{}", n + 1)
    }

    /// What autoplay does next at the end of history: the next follower, in turn,
    /// delivers its response in flight or fetches, whichever the core accepts now
    /// (`Cluster::enabled`), and fetches only while it has not caught up. None when
    /// every follower is caught up (or there is no leader to catch up with).
    pub fn natural_next(&self) -> Option<(usize, Command)> {
        let c = &self.view;
        let leader = c.leader()?;
        let l = c.broker(leader)?;
        let n = c.brokers().len();
        let menu = c.enabled(&Arc::from(""));
        let may = |command: &Command| menu.contains(command);
        (0..n).map(|i| (self.autoplay_next + i) % n).find_map(|f| {
            let b = c.broker(f)?;
            let deliver = Command::Deliver { follower: f };
            if may(&deliver) {
                return Some((f, deliver));
            }
            let fetch = Command::Fetch { follower: f, max: None };
            if !may(&fetch) {
                return None;
            }
            let validating = b.follower_state().is_some_and(|s| s.validating);
            let known = l.leader_state().and_then(|s| s.followers.get(f)).and_then(|v| v.leo);
            let caught_up =
                !validating && b.leo() == l.leo() && b.hw() == l.hw() && known == Some(l.leo()) && c.isr().contains(f);
            (!caught_up).then_some((f, fetch))
        })
    }
}

pub enum Action {
    Do(Command),
    Produce {
        value: Option<String>,
        acks: Option<Acks>,
    },
    StepTo(usize),
    StepBack,
    StepForward,
    Undo,
    SetProtocol(Protocol),
    Load {
        script: Rc<Script>,
        text: Rc<str>,
        preset: Option<&'static str>,
    },
    SetLang(Lang),
    TogglePlay,
    SetSpeed(u32),
    AutoStep,
    Visibility(bool),
    Select(Option<usize>),
    ToggleHelp(bool),
    DismissNotice,
    /// A share link was opened (or could not be).
    OpenLink(Rc<Result<crate::link::Opened, LinkProblem>>),
    OnScreen(bool),
}

/// Builds the history a script describes, under its own protocol.
pub fn load_script(script: &Script) -> Result<Timeline, ScriptError> {
    scenario::load(script, None).map(|l| l.timeline)
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Do(command) => s.act(command),
            Action::Produce { value, acks } => {
                let value = value.filter(|v| !v.is_empty()).unwrap_or_else(|| s.next_value());
                s.act(Command::Produce {
                    value: Arc::from(value),
                    acks,
                });
            }
            Action::StepTo(k) => s.step_to(k),
            Action::StepBack => s.step_to(s.cursor.saturating_sub(1)),
            Action::StepForward => s.step_to(s.cursor + 1),
            Action::Undo => {
                let Some((at, cut)) = s.undo.take() else { return self };
                let t = s.timeline.borrow().clone();
                let mut commands = t.commands()[..at.min(t.len())].to_vec();
                commands.extend(cut.iter().cloned());
                match Timeline::replay(t.setup().clone(), &commands) {
                    Ok(restored) => {
                        let end = restored.len();
                        s.replace_timeline(restored, end);
                    }
                    Err(_) => return self,
                }
            }
            Action::SetProtocol(p) => {
                if p == s.view.protocol() {
                    return self;
                }
                let t = s.timeline.borrow().clone();
                let cursor = s.cursor;
                // A history that is still the loaded scenario's is loaded again
                // under the new protocol, so its `under` lines apply; a history the
                // reader changed is replayed command by command.
                if let Some(reloaded) = s.reload_source_under(&t, p) {
                    let cursor = if cursor == t.len() { reloaded.len() } else { cursor };
                    s.replace_timeline(reloaded, cursor);
                    s.undo = None;
                    return Rc::new(s);
                }
                match t.with_protocol(p) {
                    Ok(replayed) => s.replace_timeline(replayed, cursor),
                    Err(e) => {
                        let setup = Setup {
                            protocol: p,
                            ..t.setup().clone()
                        };
                        let names = t.setup().brokers.clone();
                        let partial = Timeline::replay(setup, &t.commands()[..e.index]);
                        if let Ok(partial) = partial {
                            s.replace_timeline(partial, cursor);
                            s.notice = Some(Notice::ReplayStopped {
                                step: e.index,
                                command: scenario::command_line(&names, &t.commands()[e.index]),
                                error: e.error,
                            });
                        }
                    }
                }
                s.undo = None;
            }
            Action::Load { script, text, preset } => match load_script(&script) {
                Ok(t) => {
                    let end = t.len();
                    s.replace_timeline(t, end);
                    s.source = Some(text);
                    s.title = script.title.as_deref().map(Rc::from);
                    s.preset = preset;
                    s.undo = None;
                    s.notice = None;
                    s.playing = false;
                    s.selected = None;
                }
                Err(_) => return self,
            },
            Action::SetLang(l) => s.lang = l,
            Action::TogglePlay => s.playing = !s.playing,
            Action::SetSpeed(ms) => s.speed_ms = ms,
            Action::AutoStep => {
                if !s.playing || !s.visible || !s.on_screen {
                    return self;
                }
                if s.cursor < s.len() {
                    s.step_to(s.cursor + 1);
                } else if let Some((f, command)) = s.natural_next() {
                    s.autoplay_next = (f + 1) % s.view.brokers().len().max(1);
                    s.act(command);
                } else {
                    s.playing = false;
                }
            }
            Action::Visibility(v) => s.visible = v,
            Action::Select(b) => s.selected = b,
            Action::ToggleHelp(open) => s.help_open = open,
            Action::DismissNotice => {
                s.notice = None;
                s.link_problem = None;
            }
            Action::OpenLink(opened) => match &*opened {
                Ok(o) => {
                    s.replace_timeline(o.timeline.clone(), o.step);
                    s.source = Some(Rc::from(o.text.as_str()));
                    s.title = o.title.as_deref().map(Rc::from);
                    s.lang = o.lang;
                    s.preset = None;
                    s.undo = None;
                    s.notice = None;
                    s.link_problem = None;
                    s.playing = false;
                }
                Err(problem) => s.link_problem = Some(problem.clone()),
            },
            Action::OnScreen(v) => s.on_screen = v,
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut s = Rc::new(AppState::new(Lang::En, false));
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

    #[test]
    fn values_count_up_from_the_highest_written() {
        let mut s = Rc::new(AppState::new(Lang::En, false));
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
        let s = Rc::new(AppState::new(Lang::En, false));
        let after = reduce(s.clone(), Action::Do(Command::Fetch { follower: 0, max: None }));
        assert_eq!(
            after.notice,
            Some(Notice::Refused(CommandError::IsLeader { broker: 0 }))
        );
        assert_eq!(after.len(), 0);
        assert_eq!(after.view, s.view);
    }

    #[test]
    fn switching_protocol_replays_the_same_history() {
        let script = scenario::parse(crate::presets::PRESETS[0].text).expect("parses");
        let mut s = Rc::new(AppState::new(Lang::En, false));
        s = reduce(
            s,
            Action::Load {
                script: Rc::new(script),
                text: Rc::from(crate::presets::PRESETS[0].text),
                preset: Some("data-loss"),
            },
        );
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
        let script = scenario::parse(preset.text).expect("parses");
        let mut s = Rc::new(AppState::new(Lang::En, false));
        s = reduce(
            s,
            Action::Load {
                script: Rc::new(script),
                text: Rc::from(preset.text),
                preset: Some(preset.id),
            },
        );
        // Under kraft-elr B leads after its restart: the hw history's `fetch B`
        // would be refused, but the preset's `under kraft-elr` lines fetch A.
        s = reduce(s, Action::SetProtocol(Protocol::KraftElr));
        assert_eq!(s.notice, None);
        assert_eq!(s.cursor, s.len());
        assert_eq!(s.view.leader(), Some(1));
        s = reduce(s, Action::SetProtocol(Protocol::Hw));
        assert_eq!(s.notice, None);
        assert_eq!(s.view.leader(), Some(0));
    }

    #[test]
    fn a_protocol_switch_that_cannot_replay_everything_says_where_it_stopped() {
        // Under kip-101 C rejoins the ISR at the leader's HW; from kip-279 on it must
        // also reach the start of the leader's epoch (KAFKA-7128), so the clean
        // election of C at the end is possible only under kip-101.
        let text =
            "protocol kip-101\nbrokers A B C D\nproduce m1\nfetch B\nfetch C\nfetch D\nfetch B\nfetch C\nfetch D\n\
                    crash C\nproduce m2\nfetch B\nfetch B\ncrash A\nrestart C\nfetch C\nfetch C\nelect C\n";
        let script = scenario::parse(text).expect("parses");
        let mut s = Rc::new(AppState::new(Lang::En, false));
        s = reduce(
            s,
            Action::Load {
                script: Rc::new(script),
                text: Rc::from(text),
                preset: None,
            },
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
        let mut s = Rc::new(AppState::new(Lang::En, false));
        s = produce(s);
        s = reduce(s, Action::TogglePlay);
        let mut fetched = Vec::new();
        for _ in 0..20 {
            let before = s.len();
            s = reduce(s, Action::AutoStep);
            if s.len() > before {
                if let Some(Command::Fetch { follower, .. }) = s.timeline.borrow().commands().last() {
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
        let mut s = Rc::new(AppState::new(Lang::En, false));
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

    #[test]
    fn autoplay_does_nothing_while_hidden() {
        let mut s = Rc::new(AppState::new(Lang::En, false));
        s = produce(s);
        s = reduce(s, Action::TogglePlay);
        s = reduce(s, Action::Visibility(false));
        let after = reduce(s.clone(), Action::AutoStep);
        assert!(Rc::ptr_eq(&s, &after));
    }
}
