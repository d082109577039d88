//! The scenario editor: type or paste a script and load it. Errors name their
//! line, and the current state stays as it was until a script loads.

use super::{History, Loaded};
use crate::state::load_script;
use replab_core::scenario::{self, ScriptError};
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub lang: Lang,
    pub history: History,
    pub title: Option<Rc<str>>,
    /// The text of the scenario last loaded: the editor shows it, to edit.
    pub source: Option<Rc<str>>,
    /// Loads a scenario that parses and loads.
    pub on_load: Callback<Loaded>,
}

/// The text area holds its own text: a keystroke re-renders nothing, however
/// long the scenario; the text is read when it is loaded.
#[function_component(Editor)]
pub fn editor(p: &EditorProps) -> Html {
    let lang = p.lang;
    let area = use_node_ref();
    let text_of = |area: &NodeRef| {
        area.cast::<web_sys::HtmlTextAreaElement>()
            .map(|a| a.value())
            .unwrap_or_default()
    };
    let set_text = |area: &NodeRef, text: &str| {
        if let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() {
            // Setting an equal text would only move the caret.
            if a.value() != text {
                a.set_value(text);
            }
        }
    };
    {
        let area = area.clone();
        use_effect_with(p.source.clone(), move |source| {
            if let Some(source) = source {
                set_text(&area, source);
            }
        });
    }
    // The error with the names it refers to, so it can be re-worded in either language.
    let error = use_state(|| None::<(ScriptError, Vec<String>)>);
    let on_load = {
        let area = area.clone();
        let error = error.clone();
        let load = p.on_load.clone();
        Callback::from(move |_| {
            let text = text_of(&area);
            match scenario::parse_within_limits(&text) {
                Err(e) => error.set(Some((e, Vec::new()))),
                Ok(script) => match load_script(&script) {
                    Err(e) => error.set(Some((e, script.brokers.clone()))),
                    Ok(_) => {
                        error.set(None);
                        load.emit((Rc::new(script), Rc::from(text), None));
                    }
                },
            }
        })
    };
    let on_copy = {
        let area = area.clone();
        let timeline = p.history.timeline.clone();
        let title = p.title.clone();
        Callback::from(move |_| {
            let t = timeline.borrow();
            set_text(
                &area,
                &scenario::history_text(title.as_deref(), t.setup(), t.commands()),
            );
        })
    };
    html! {
        <details class="panel editor" open=true>
            <summary><h2>{ label(lang, Label::Editor) }</h2></summary>
            <p class="hint">{ label(lang, Label::EditorHint) }</p>
            <textarea data-testid="scenario-editor" rows="10" spellcheck="false" ref={area}
                aria-label={label(lang, Label::Editor)} aria-invalid={error.is_some().to_string()}
                placeholder={"title My story\nprotocol kip-279\nbrokers A B C\nproduce m1\nfetch B\ncrash A"} />
            <div class="editor-actions">
                <button data-testid="load-scenario" class="primary" onclick={on_load}>{ label(lang, Label::LoadScenario) }</button>
                <button data-testid="copy-history" onclick={on_copy}>{ label(lang, Label::CurrentScript) }</button>
            </div>
            if let Some((e, names)) = &*error {
                <p class="error" role="alert" data-testid="scenario-error" data-line={e.line.to_string()}>
                    { narrate::script_error(lang, &Names(names), e) }
                </p>
            }
        </details>
    }
}
