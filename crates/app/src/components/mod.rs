//! The page's parts. Props are small and comparable, so a part whose data did
//! not change is not re-rendered.

pub mod controls;
pub mod decision;
pub mod editor;
pub mod event_log;
pub mod header;
pub mod help;
pub mod lane;
pub mod link_alert;
pub mod notice;
pub mod player;
pub mod share;
pub mod violations;

use crate::state::AppState;
use yew::prelude::*;

pub type Dispatch = UseReducerDispatcher<AppState>;

/// A callback that dispatches `make()`'s action.
pub fn send<E: 'static>(dispatch: &Dispatch, make: impl Fn() -> crate::state::Action + 'static) -> Callback<E> {
    let dispatch = dispatch.clone();
    Callback::from(move |_| dispatch.dispatch(make()))
}
