//! A history a search found, as the checker's Replay and the safety
//! matrix's cells hand it to the page: the two search panels share it.

use crate::state::{Loaded, Title};
use replab_core::scenario;
use replab_core::ViolationKind;
use std::rc::Rc;
use yew::prelude::*;

/// A history the checker found, as Replay and the matrix's cells load it:
/// its text as worded in the page's language, and what it breaks.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub text: Rc<str>,
    pub kind: ViolationKind,
    pub steps: usize,
}

/// Loads a history found, for the checker's Replay and the matrix's cells:
/// only if it parses and loads, titled as the checker's (`Title::Found`), and
/// the page goes up to the lanes, where the history is now.
pub fn load_found(load: &Callback<Rc<Loaded>>) -> Callback<Found> {
    let load = load.clone();
    Callback::from(move |found: Found| {
        let Ok(script) = scenario::parse(&found.text) else {
            return;
        };
        if let Ok(mut loaded) = Loaded::build(&script, found.text, None, None) {
            loaded.title = Some(Title::Found {
                kind: found.kind,
                steps: found.steps,
            });
            load.emit(Rc::new(loaded));
            gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
        }
    })
}
