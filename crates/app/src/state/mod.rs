//! The app's state and its reducer: every change goes through an `Action`.
//! The state is a plain value: the history is a persistent `Timeline` (a clone
//! shares every step), so the state before an action stays as it was, and two
//! states compare by content.

mod compare;
mod folds;
mod history;

pub use compare::ShownComparison;
pub use folds::{Fold, Folds};
pub use history::History;
pub use replab_core::compare::Stopped;

use replab_core::scenario::{self, Script, ScriptError};
use replab_core::timeline::Timeline;
use replab_core::{Acks, Cluster, Command, CommandError, Protocol, Setup, ViolationKind};
use replab_narrate::{Lang, LinkProblem};
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
    /// A preset's file could not be fetched (why, as the browser said it).
    PresetUnavailable(String),
    /// Another language's messages could not be fetched (why, as the browser
    /// said it); the page stays in the language it speaks.
    LanguageUnavailable(String),
}

/// The script of `source` if `t` is still exactly its history under `t`'s
/// protocol (the scenario's lines for that protocol, from its start); None
/// once the reader has changed it. A protocol switch loads such a story again
/// (its `under` lines apply); the share bar gives an unchanged preset's embed page.
pub fn unchanged_story(source: &str, t: &Timeline) -> Option<Script> {
    let script = scenario::parse(source).ok()?;
    let protocol = t.setup().protocol;
    let same = {
        let mut own = script.commands_under(protocol).map(|(_, c)| c);
        t.commands().iter().all(|c| own.next() == Some(c)) && own.next().is_none()
    };
    (same && script.setup(Some(protocol)) == *t.setup()).then_some(script)
}

/// A story's title: as its scenario writes it, or, for a history the checker
/// found, the checker's, worded in the reader's language whenever it is shown
/// (never parsed back from text).
#[derive(Clone, Debug, PartialEq)]
pub enum Title {
    Written(Rc<str>),
    Found { kind: ViolationKind, steps: usize },
}

impl Title {
    /// The title in `lang`: a written one as it is.
    pub fn text(&self, lang: Lang) -> Rc<str> {
        match self {
            Title::Written(t) => t.clone(),
            Title::Found { kind, steps } => replab_narrate::checker_found_title(lang, *kind, *steps).into(),
        }
    }
}

/// A scenario built and ready to show: its history (built once, by whoever
/// read the text), its text, title and preset, and the step to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub timeline: Timeline,
    pub text: Rc<str>,
    pub title: Option<Title>,
    pub preset: Option<&'static str>,
    /// The step shown; None for the end.
    pub step: Option<usize>,
}

impl Loaded {
    /// Builds the history `script` describes, under `protocol` (its own if None).
    pub fn build(
        script: &Script,
        text: Rc<str>,
        protocol: Option<Protocol>,
        preset: Option<&'static str>,
    ) -> Result<Loaded, ScriptError> {
        let timeline = scenario::load(script, protocol)?.timeline;
        Ok(Loaded {
            timeline,
            text,
            title: script.title.as_deref().map(|t| Title::Written(Rc::from(t))),
            preset,
            step: None,
        })
    }
}

/// The page's state: a plain value, compared by content (the history's shared
/// pieces by pointer first), so a render follows any change.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub history: History,
    /// How many commands of the history are applied in the view.
    pub cursor: usize,
    /// The state after `cursor` commands.
    pub view: Arc<Cluster>,
    pub title: Option<Title>,
    pub preset: Option<&'static str>,
    /// The text of the scenario last loaded (a preset, the editor or a link).
    pub source: Option<Rc<str>>,
    pub lang: Lang,
    pub playing: bool,
    /// Milliseconds between autoplay steps.
    pub speed_ms: u32,
    pub visible: bool,
    pub selected: Option<usize>,
    /// The history before acting at a past step forked it (undo restores it).
    pub undo: Option<History>,
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
    /// The second protocol to compare with ("Compare with: …"); off by default.
    pub compare: Option<Protocol>,
    /// The history under `compare`, derived by the reducer.
    pub comparison: Option<ShownComparison>,
    /// Each lane's folds, by broker: the page's column, then the compared one.
    pub folds: [Rc<Vec<Folds>>; 2],
    /// A link in the address is still being opened: the page is not shown yet
    /// (index.html's frame stands in for it), so it never shows the default
    /// partition for a moment before the link's.
    pub opening: bool,
}

pub fn default_setup() -> Setup {
    Setup::of(&["A", "B", "C"], Protocol::DivergingEpoch)
}

impl AppState {
    pub fn new(lang: Lang, embed: bool) -> AppState {
        let timeline = Timeline::new(default_setup());
        let view = timeline.state_arc(0);
        AppState {
            history: History::new(timeline),
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
            compare: None,
            comparison: None,
            folds: Default::default(),
            opening: false,
        }
    }

    pub fn timeline(&self) -> &Timeline {
        &self.history.timeline
    }

    /// The story's title in the page's language: the preset's, or the
    /// scenario's (translated when it is a preset's or the checker's). The one
    /// place the header, the embed, the share bar and figures take it from.
    pub fn story_title(&self) -> Option<String> {
        match self.preset.and_then(crate::presets::find) {
            Some(p) => Some(replab_narrate::label(self.lang, p.title).to_string()),
            None => match self.title.as_ref()? {
                Title::Written(t) => Some(crate::presets::display_title(self.lang, t)),
                found => Some(found.text(self.lang).to_string()),
            },
        }
    }

    /// The title as the scenario's `title` line writes it (share links, the
    /// editor): a history the checker found is titled in the page's language.
    pub fn written_title(&self) -> Option<Rc<str>> {
        self.title.as_ref().map(|t| t.text(self.lang))
    }

    /// The story's title, else the app's name.
    pub fn display_title(&self) -> String {
        self.story_title()
            .unwrap_or_else(|| replab_narrate::label(self.lang, replab_narrate::Label::AppTitle).to_string())
    }

    pub fn len(&self) -> usize {
        self.history.len()
    }

    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// The next message value at the cursor.
    pub fn next_value(&self) -> String {
        self.history.next_value(self.cursor)
    }

    /// This state showing `loaded`: shown at once (even while a link in the
    /// address opens), at its step, with nothing of the story before.
    pub fn loaded(mut self, loaded: Loaded) -> AppState {
        let Loaded {
            timeline,
            text,
            title,
            preset,
            step,
        } = loaded;
        self.opening = false;
        let cursor = step.unwrap_or(timeline.len());
        self.replace_history(History::new(timeline), cursor);
        self.source = Some(text);
        self.title = title;
        self.preset = preset;
        self.undo = None;
        self.notice = None;
        self.playing = false;
        self.selected = None;
        // Loaded under the protocol compared with: nothing to compare.
        if self.compare == Some(self.view.protocol()) {
            self.compare = None;
        }
        // (The reducer brings the comparison up to date after every action.)
        self
    }

    /// Another history shown: what was unfolded in its lanes is forgotten.
    fn replace_history(&mut self, history: History, cursor: usize) {
        self.folds = Default::default();
        self.cursor = cursor.min(history.len());
        self.view = history.timeline.state_arc(self.cursor);
        self.history = history;
    }

    /// Acts at the cursor: a past step forks the history there.
    fn act(&mut self, command: Command) {
        if let Err(e) = self.view.check(&command) {
            self.notice = Some(Notice::Refused(e));
            return;
        }
        let mut h = self.history.clone();
        if self.cursor < h.len() {
            h.truncate(self.cursor);
            self.undo = Some(self.history.clone());
        }
        // The core accepted the command at this very state: it cannot be refused.
        let pushed = h.push(command).is_ok();
        debug_assert!(pushed);
        self.cursor = h.len();
        self.view = h.timeline.state_arc(self.cursor);
        self.history = h;
        self.notice = None;
    }

    fn step_to(&mut self, k: usize) {
        let k = k.min(self.len());
        if k != self.cursor {
            self.cursor = k;
            self.view = self.history.timeline.state_arc(k);
        }
    }

    /// What autoplay does next at the end of history: the next follower, in turn,
    /// delivers its response in flight or fetches, whichever the core accepts now
    /// (`Cluster::enabled`), and fetches only while it has not caught up
    /// (`Partition::caught_up`). None when every follower is caught up (or
    /// there is no leader to catch up with).
    pub fn natural_next(&self) -> Option<(usize, Command)> {
        let c = &self.view;
        c.leader()?;
        let n = c.brokers().len();
        let menu = c.enabled(&Arc::from(""));
        let may = |command: &Command| menu.contains(command);
        (0..n).map(|i| (self.autoplay_next + i) % n).find_map(|f| {
            let deliver = Command::Deliver { follower: f };
            if may(&deliver) {
                return Some((f, deliver));
            }
            let fetch = Command::Fetch { follower: f, max: None };
            if !may(&fetch) {
                return None;
            }
            (!c.caught_up(f)).then_some((f, fetch))
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
    /// Show a scenario built once by whoever read it (the editor, a preset,
    /// the checker, the page's API).
    Load(Rc<Loaded>),
    SetLang(Lang),
    TogglePlay,
    /// Play or pause (the JS API and the host page say which).
    SetPlaying(bool),
    SetSpeed(u32),
    AutoStep,
    Visibility(bool),
    Select(Option<usize>),
    ToggleHelp(bool),
    DismissNotice,
    /// A preset's file could not be fetched: say so, change nothing else.
    PresetUnavailable(String),
    /// Another language's file could not be fetched: say so, change nothing else.
    LanguageUnavailable(String),
    /// A share link was opened (or could not be); `true` for the link the page
    /// was opened with, which a scenario loaded while it opened supersedes.
    OpenLink(Rc<Result<crate::link::Opened, LinkProblem>>, bool),
    OnScreen(bool),
    /// Compare with a second protocol, or stop comparing.
    SetCompare(Option<Protocol>),
    /// A reader's act on a lane's long log: (the compared column, broker, act).
    Fold(bool, usize, Fold),
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let next = self.clone().handle(action);
        if Rc::ptr_eq(&next, &self) || next.compare.is_none() && next.comparison.is_none() {
            return next;
        }
        let mut s = Rc::unwrap_or_clone(next);
        s.sync_comparison();
        Rc::new(s)
    }
}

impl AppState {
    /// The action itself; the reducer then brings the comparison up to date.
    fn handle(self: Rc<Self>, action: Action) -> Rc<Self> {
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
                let Some(before) = s.undo.take() else { return self };
                let end = before.len();
                s.replace_history(before, end);
            }
            Action::SetProtocol(p) => {
                if p == s.view.protocol() {
                    return self;
                }
                // A history that is still the loaded scenario's is loaded again
                // under the new protocol, so its `under` lines apply; a history the
                // reader changed is replayed command by command.
                let t = s.history.timeline.clone();
                let under = s.under_protocol(&t, p);
                let was = t.setup().protocol;
                let cursor = if under.reloaded && s.cursor == t.len() {
                    under.timeline.len()
                } else {
                    s.cursor
                };
                s.replace_history(History::new(under.timeline), cursor);
                // Switching to the protocol compared with swaps the two.
                if s.compare == Some(p) {
                    s.compare = Some(was);
                }
                if let Some(Stopped { step, command, error }) = under.stopped {
                    s.notice = Some(Notice::ReplayStopped { step, command, error });
                }
                s.undo = None;
            }
            Action::SetCompare(p) => {
                s.compare = p.filter(|&p| p != s.view.protocol());
                s.folds[1] = Rc::default();
            }
            Action::Fold(compared, broker, fold) => {
                let folds = Rc::make_mut(&mut s.folds[usize::from(compared)]);
                if folds.len() <= broker {
                    folds.resize(broker + 1, Folds::default());
                }
                folds[broker].record(fold);
            }
            Action::Load(loaded) => s = s.loaded(Rc::unwrap_or_clone(loaded)),
            Action::SetLang(l) => s.lang = l,
            Action::TogglePlay => s.playing = !s.playing,
            Action::SetPlaying(playing) => s.playing = playing,
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
            Action::PresetUnavailable(why) => {
                s.notice = Some(Notice::PresetUnavailable(why));
            }
            Action::LanguageUnavailable(why) => {
                s.notice = Some(Notice::LanguageUnavailable(why));
            }
            Action::DismissNotice => {
                s.notice = None;
                s.link_problem = None;
            }
            // A scenario was loaded (by the page's API) while the address's link
            // opened: the page shows that one.
            Action::OpenLink(_, true) if !s.opening => return self,
            Action::OpenLink(opened, _) => {
                // Opened or not, the page is shown now.
                s.opening = false;
                match &*opened {
                    Ok(o) => {
                        s.replace_history(History::new(o.timeline.clone()), o.step);
                        // A link that compares sets the comparison; one that does
                        // not leaves the reader's as it is.
                        if o.compare.is_some() {
                            s.compare = o.compare;
                        }
                        s.source = Some(Rc::from(o.text.as_str()));
                        s.title = o.title.as_deref().map(|t| Title::Written(Rc::from(t)));
                        s.lang = o.lang;
                        s.preset = None;
                        s.undo = None;
                        s.notice = None;
                        s.link_problem = None;
                        s.playing = false;
                    }
                    Err(problem) => s.link_problem = Some(problem.clone()),
                }
            }
            Action::OnScreen(v) => s.on_screen = v,
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::compare;

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
        let script = scenario::parse(crate::presets::DEFAULT_TEXT).expect("parses");
        let mut s = Rc::new(AppState::new(Lang::EN, false));
        s = reduce(
            s,
            Action::Load(Rc::new(
                Loaded::build(&script, Rc::from(crate::presets::DEFAULT_TEXT), None, Some("data-loss")).expect("loads"),
            )),
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
        s = reduce(s, Action::SetProtocol(Protocol::KraftElr));
        assert_eq!(s.notice, None);
        assert_eq!(s.cursor, s.len());
        assert_eq!(s.view.leader(), Some(0));
        s = reduce(s, Action::SetProtocol(Protocol::Hw));
        assert_eq!(s.notice, None);
        assert_eq!(s.view.leader(), Some(1));
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
        let text =
            "protocol kip-101\nbrokers A B C D\nproduce m1\nfetch B\nfetch C\nfetch D\nfetch B\nfetch C\nfetch D\n\
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
}
