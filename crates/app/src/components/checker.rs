//! The checker panel: its heading always, its body (`checker_body.rs`) once
//! the reader opens it. The body is given the language and the history's setup
//! and header, and hands back the scenario text of a history the reader
//! replays, which loads as the editor's Load does.

use super::checker_body::{CheckerBody, CheckerProps as BodyProps};
use super::chunk;
use super::found::load_found;
use crate::state::Loaded;
use replab_core::scenario;
use replab_core::Setup;
use replab_narrate::{label, Label, Lang};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CheckerProps {
    pub lang: Lang,
    /// The shown history's setup (brokers, protocol, settings): where the
    /// checker starts.
    pub setup: Rc<Setup>,
    /// Loads the history found (Replay).
    pub on_load: Callback<Rc<Loaded>>,
}

#[function_component(CheckerPanel)]
pub fn checker_panel(p: &CheckerProps) -> Html {
    let lang = p.lang;
    let (opened, ontoggle) = chunk::use_opened();
    let on_found = load_found(&p.on_load);
    let header: Rc<str> = scenario::history_text(None, &p.setup, []).into();
    html! {
        <details class="panel checker" data-testid="checker" {ontoggle}>
            { chunk::heading("explore-open", preload_checker, label(lang, Label::CheckerTitle)) }
            if opened {
                <div class="panel-body">
                    <CheckerLoaded lang={lang} setup={p.setup.clone()} header={header} on_load={on_found} />
                </div>
            }
        </details>
    }
}

chunk::split_panel!(
    /// The panel's body, in its own chunk: the form, the worker's session and
    /// what it found.
    checker, preload_checker, checker_chunk, CheckerLoaded(BodyProps) => CheckerBody
);
