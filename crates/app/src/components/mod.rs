//! The page's parts. Props are small and comparable, so a part whose data did
//! not change is not re-rendered.

pub mod checker;
pub mod checker_body;
pub mod chunk;
pub mod compare;
pub mod consumer_lane;
pub mod controls;
pub mod decision;
pub mod editor;
pub mod event_log;
pub mod export;
pub mod flight;
pub mod found;
pub mod header;
pub mod help;
pub mod lane;
pub mod matrix;
pub mod matrix_pool;
pub mod matrix_run;
pub mod notice;
pub mod player;
pub mod release_strip;
pub mod settings;
pub mod share;
pub mod spacetime;
pub mod violations;

use crate::state::{AppState, Loaded};
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

/// The id of the story menu (`app.rs`): a popover on a narrow screen.
pub const STORY_MENU: &str = "story-menu";

/// Closes the story menu where it is a sheet over the page (a narrow screen),
/// so the reader sees what the choice did; where the menu stands in the page,
/// nothing happens.
pub fn close_story_menu() {
    use wasm_bindgen::JsCast;
    let menu = gloo::utils::document()
        .get_element_by_id(STORY_MENU)
        .and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(menu) = menu.filter(|m| m.matches(":popover-open").unwrap_or(false)) {
        let _ = menu.hide_popover();
    }
}

/// The page's callbacks, made once: each dispatches one kind of action, and
/// each part is handed only those it calls.
#[derive(Clone, PartialEq)]
pub struct Callbacks {
    /// Go to a step.
    pub step: Callback<usize>,
    pub close_help: Callback<()>,
    /// Dismiss the notice or the link problem.
    pub dismiss: Callback<()>,
    /// Compare with a second protocol, or stop.
    pub compare: Callback<Option<replab_core::Protocol>>,
    pub player: player::PlayerActions,
    pub header: header::HeaderActions,
    /// Show a scenario built once by whoever read it.
    pub load: Callback<Rc<Loaded>>,
    /// A command at the cursor (what a lane's or a control's button does).
    pub command: Callback<replab_core::Command>,
    /// Select a broker (its lane's name).
    pub select: Callback<usize>,
    /// Unfold, fold or pick in a lane's long log: the page's column's, the
    /// compared column's.
    pub fold: [Callback<(usize, crate::state::Fold)>; 2],
    /// Produce a value (the next one if empty) with the acks chosen.
    pub produce: Callback<(String, Option<replab_core::Acks>)>,
}

impl Callbacks {
    pub fn new(dispatch: &Dispatch) -> Callbacks {
        use crate::state::Action;
        let d = dispatch.to_callback();
        let step = d.reform(Action::StepTo);
        let load = d.reform(Action::Load);
        Callbacks {
            close_help: d.reform(|_| Action::ToggleHelp(false)),
            dismiss: d.reform(|_| Action::DismissNotice),
            compare: d.reform(Action::SetCompare),
            player: player::PlayerActions {
                step: step.clone(),
                speed: d.reform(Action::SetSpeed),
                back: d.reform(|_| Action::StepBack),
                toggle_play: d.reform(|_| Action::TogglePlay),
                forward: d.reform(|_| Action::StepForward),
                undo: d.reform(|_| Action::Undo),
            },
            header: header::HeaderActions {
                load: load.clone(),
                empty: d.reform(|_| Action::Empty),
                preset_unavailable: d.reform(Action::PresetUnavailable),
                protocol: d.reform(Action::SetProtocol),
                lang: {
                    let d = d.clone();
                    Callback::from(move |lang| {
                        let (now, failed) = (d.clone(), d.clone());
                        crate::languages::when_ready(
                            lang,
                            move || now.emit(Action::SetLang(lang)),
                            move |why| failed.emit(Action::LanguageUnavailable(why)),
                        );
                    })
                },
                open_help: d.reform(|_| Action::ToggleHelp(true)),
            },
            step,
            load,
            command: d.reform(Action::Do),
            select: d.reform(|ix| Action::Select(Some(ix))),
            fold: [false, true].map(|compared| d.reform(move |(ix, fold)| Action::Fold(compared, ix, fold))),
            produce: d.reform(|(value, acks)| Action::Produce {
                value: Some(value),
                acks,
            }),
        }
    }
}

/// Renders a component to its markup natively (yew's `ssr`), as the first frame would
/// be: what unit tests of the parts read.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn rendered<C: BaseComponent>(props: C::Properties) -> String {
    futures::executor::block_on(
        yew::LocalServerRenderer::<C>::with_props(props)
            .hydratable(false)
            .render(),
    )
}

/// A history from scenario text, under `protocol` (the scenario's own if None).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn history_of(text: &str, protocol: Option<replab_core::Protocol>) -> replab_core::timeline::Timeline {
    let script = replab_core::scenario::parse(text).expect("parses");
    replab_core::scenario::load(&script, protocol).expect("loads").timeline
}
