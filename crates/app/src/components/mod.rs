//! The page's parts. Props are small and comparable, so a part whose data did
//! not change is not re-rendered.

pub mod checker;
pub mod compare;
pub mod controls;
pub mod decision;
pub mod editor;
pub mod event_log;
pub mod export;
pub mod flight;
pub mod header;
pub mod help;
pub mod lane;
pub mod notice;
pub mod player;
pub mod share;
pub mod spacetime;
pub mod violations;

use crate::state::AppState;
pub use crate::state::History;
use std::rc::Rc;
use yew::prelude::*;

pub type Dispatch = UseReducerDispatcher<AppState>;

/// The value of the input, select or text area an event came from ("" if none).
pub fn target_value(e: &web_sys::Event) -> String {
    use wasm_bindgen::JsCast;
    let Some(t) = e.target() else { return String::new() };
    if let Some(i) = t.dyn_ref::<web_sys::HtmlInputElement>() {
        i.value()
    } else if let Some(s) = t.dyn_ref::<web_sys::HtmlSelectElement>() {
        s.value()
    } else if let Some(a) = t.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        a.value()
    } else {
        String::new()
    }
}

/// A callback that keeps `text` equal to the field it listens to.
pub fn bind_text(text: &UseStateHandle<String>) -> Callback<InputEvent> {
    let text = text.clone();
    Callback::from(move |e: InputEvent| text.set(target_value(&e)))
}

/// Whether the checkbox an event came from is checked.
pub fn target_checked(e: &web_sys::Event) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

/// The page's narrow callbacks, made once and handed to the parts that need
/// them: each dispatches one kind of action, so a part gets only what it may do.
#[derive(Clone, PartialEq)]
pub struct Callbacks {
    /// Go to a step.
    pub step: Callback<usize>,
    pub close_help: Callback<()>,
    /// Dismiss the notice or the link problem.
    pub dismiss: Callback<()>,
    /// Compare with a second protocol, or stop.
    pub compare: Callback<Option<replab_core::Protocol>>,
    /// The player's: milliseconds per step, back, play or pause, forward, undo.
    pub speed: Callback<u32>,
    pub back: Callback<()>,
    pub toggle_play: Callback<()>,
    pub forward: Callback<()>,
    pub undo: Callback<()>,
    /// Load a scenario that parses and loads: the script, its text, the preset.
    pub load: Callback<Loaded>,
    /// A preset's file could not be fetched.
    pub preset_unavailable: Callback<String>,
    pub protocol: Callback<replab_core::Protocol>,
    pub lang: Callback<replab_narrate::Lang>,
    pub open_help: Callback<()>,
    /// A command at the cursor (what a lane's or a control's button does).
    pub command: Callback<replab_core::Command>,
    /// Select a broker (its lane's name).
    pub select: Callback<usize>,
    /// Produce a value (the next one if empty) with the acks chosen.
    pub produce: Callback<(String, Option<replab_core::Acks>)>,
}

/// A scenario to load: the script, its text, and the preset it is, if one.
pub type Loaded = (Rc<replab_core::scenario::Script>, Rc<str>, Option<&'static str>);

impl Callbacks {
    pub fn new(dispatch: &Dispatch) -> Callbacks {
        let d = dispatch.to_callback();
        Callbacks {
            step: d.reform(crate::state::Action::StepTo),
            close_help: d.reform(|_| crate::state::Action::ToggleHelp(false)),
            dismiss: d.reform(|_| crate::state::Action::DismissNotice),
            compare: d.reform(crate::state::Action::SetCompare),
            speed: d.reform(crate::state::Action::SetSpeed),
            back: d.reform(|_| crate::state::Action::StepBack),
            toggle_play: d.reform(|_| crate::state::Action::TogglePlay),
            forward: d.reform(|_| crate::state::Action::StepForward),
            undo: d.reform(|_| crate::state::Action::Undo),
            load: d.reform(|(script, text, preset): Loaded| crate::state::Action::Load { script, text, preset }),
            preset_unavailable: d.reform(crate::state::Action::PresetUnavailable),
            protocol: d.reform(crate::state::Action::SetProtocol),
            lang: d.reform(crate::state::Action::SetLang),
            open_help: d.reform(|_| crate::state::Action::ToggleHelp(true)),
            command: d.reform(crate::state::Action::Do),
            select: d.reform(|ix| crate::state::Action::Select(Some(ix))),
            produce: d.reform(|(value, acks)| crate::state::Action::Produce {
                value: Some(value),
                acks,
            }),
        }
    }
}
