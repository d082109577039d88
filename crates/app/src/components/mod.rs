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
pub mod link_alert;
pub mod notice;
pub mod player;
pub mod share;
pub mod spacetime;
pub mod violations;
pub mod worker_client;

use crate::state::AppState;
use replab_core::timeline::Timeline;
use std::cell::RefCell;
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

/// A callback that dispatches `make()`'s action.
pub fn send<E: 'static>(dispatch: &Dispatch, make: impl Fn() -> crate::state::Action + 'static) -> Callback<E> {
    let dispatch = dispatch.clone();
    Callback::from(move |_| dispatch.dispatch(make()))
}

/// The shared history as a prop: compared by identity and revision, never by
/// content, so passing it costs nothing.
#[derive(Clone)]
pub struct History {
    pub timeline: Rc<RefCell<Timeline>>,
    /// Bumped on every change of the history.
    pub revision: u64,
    /// Bumped only when past steps change (a fork, a new history).
    pub generation: u64,
}

impl PartialEq for History {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.timeline, &o.timeline) && self.revision == o.revision && self.generation == o.generation
    }
}

impl AppState {
    pub fn history(&self) -> History {
        History {
            timeline: self.timeline.clone(),
            revision: self.revision,
            generation: self.generation,
        }
    }
}
