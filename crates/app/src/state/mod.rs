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

use replab_core::config::Settings;
use replab_core::scenario::{self, Script, ScriptError};
use replab_core::timeline::Timeline;
use replab_core::{Acks, Cluster, Command, CommandError, Protocol, Setup, Value, ViolationKind};
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
    /// A protocol switch changed settings the story leaves to the release
    /// defaults: (the value now, the value before) each.
    DefaultsChanged {
        protocol: Protocol,
        changes: Vec<(replab_core::Setting, replab_core::Setting)>,
    },
    /// A preset's file could not be fetched (why, as the browser said it).
    PresetUnavailable(String),
    /// Another language's messages could not be fetched (why, as the browser
    /// said it); the page stays in the language it speaks.
    LanguageUnavailable(String),
    /// The story's settings are not in this release line (1.5 rule 5:
    /// eligible.leader.replicas.version=1 before 4.1): the page stays where it was.
    NotInRelease(Protocol),
}

/// The release lines a history's settings are not in (`Setup::elr_unsupported`
/// under each): the menus offer them disabled, and a switch to one is refused.
pub fn refused_lines(settings: Settings) -> Rc<[Protocol]> {
    Protocol::releases().filter(|&p| refuses(settings, p)).collect()
}

/// Whether `settings` are not in line `p`.
fn refuses(settings: Settings, p: Protocol) -> bool {
    replab_core::Setup {
        settings,
        ..Setup::of(&[], p)
    }
    .elr_unsupported()
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

    /// This state showing the default partition, with no story: as the page
    /// opens with none, the reader's language and view kept.
    pub fn emptied(self) -> AppState {
        let mut loaded = self.loaded(Loaded {
            timeline: Timeline::new(default_setup()),
            text: Rc::from(""),
            title: None,
            preset: None,
            step: None,
        });
        loaded.source = None;
        loaded
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
        // A setting only the header sets (contract 1.4 rule 3) changes the
        // story's start: the history is replayed from it, as a protocol switch is.
        if let Command::Set { setting } = command {
            if setting.header_only() {
                return self.set_header(setting);
            }
        }
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

    fn set_header(&mut self, setting: replab_core::Setting) {
        let old = self.history.timeline.clone();
        let (timeline, refused) = old.with_setting(setting);
        let cursor = self.cursor;
        self.replace_history(History::new(timeline), cursor);
        self.undo = None;
        self.notice = refused.map(|r| Notice::ReplayStopped {
            step: r.index,
            command: old
                .command(r.index + 1)
                .map(|c| replab_core::scenario::command_line(&old.setup().brokers, c))
                .unwrap_or_default(),
            error: r.error,
        });
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
        let menu = c.enabled(&Value::from(""));
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

/// A history opened from a link.
pub struct Opened {
    pub timeline: Timeline,
    /// The scenario text the link carried.
    pub text: String,
    pub title: Option<String>,
    pub step: usize,
    pub lang: Lang,
    /// The protocol the link compares with (v2 links).
    pub compare: Option<Protocol>,
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
    /// Start again from the default partition, with no story.
    Empty,
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
    OpenLink(Rc<Result<Opened, LinkProblem>>, bool),
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
                    value: Value::from(value),
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
                if refuses(s.history.timeline.setup().settings, p) {
                    s.notice = Some(Notice::NotInRelease(p));
                    return Rc::new(s);
                }
                // A history that is still the loaded scenario's is loaded again
                // under the new protocol, so its `under` lines apply; a history the
                // reader changed is replayed command by command.
                let t = s.history.timeline.clone();
                let under = s.under_protocol(&t, p);
                let was = t.setup().protocol;
                let before = s.view.clone();
                let cursor = if under.reloaded && s.cursor == t.len() {
                    under.timeline.len()
                } else {
                    s.cursor
                };
                s.replace_history(History::new(under.timeline), cursor);
                let changes = s.view.defaults_changed_from(&before);
                // Switching to the protocol compared with swaps the two.
                if s.compare == Some(p) {
                    s.compare = Some(was);
                }
                s.notice = match under.stopped {
                    Some(Stopped { step, command, error }) => Some(Notice::ReplayStopped { step, command, error }),
                    None if !changes.is_empty() => Some(Notice::DefaultsChanged { protocol: p, changes }),
                    None => None,
                };
                s.undo = None;
            }
            Action::SetCompare(Some(p)) if refuses(s.history.timeline.setup().settings, p) => {
                s.notice = Some(Notice::NotInRelease(p));
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
            Action::Empty => s = s.emptied(),
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
mod tests;
