//! The scenario editor: type or paste a script and load it. Errors name their
//! line, and the current state stays as it was until a script loads.

use super::{bind_text, History, Loaded};
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

#[function_component(Editor)]
pub fn editor(p: &EditorProps) -> Html {
    let lang = p.lang;
    let text = use_state(String::new);
    {
        let text = text.clone();
        use_effect_with(p.source.clone(), move |source| {
            if let Some(source) = source {
                text.set(source.to_string());
            }
        });
    }
    // The error with the names it refers to, so it can be re-worded in either language.
    let error = use_state(|| None::<(ScriptError, Vec<String>)>);
    let on_input = bind_text(&text);
    let on_load = {
        let text = text.clone();
        let error = error.clone();
        let load = p.on_load.clone();
        Callback::from(move |_| match scenario::parse_within_limits(&text) {
            Err(e) => error.set(Some((e, Vec::new()))),
            Ok(script) => match load_script(&script) {
                Err(e) => error.set(Some((e, script.brokers.clone()))),
                Ok(_) => {
                    error.set(None);
                    load.emit((Rc::new(script), Rc::from(text.as_str()), None));
                }
            },
        })
    };
    let on_copy = {
        let text = text.clone();
        let timeline = p.history.timeline.clone();
        let title = p.title.clone();
        Callback::from(move |_| {
            let t = timeline.borrow();
            text.set(scenario::history_text(title.as_deref(), t.setup(), t.commands()));
        })
    };
    html! {
        <details class="panel editor" open=true>
            <summary><h2>{ label(lang, Label::Editor) }</h2></summary>
            <p class="hint">{ label(lang, Label::EditorHint) }</p>
            <textarea data-testid="scenario-editor" rows="10" spellcheck="false" value={(*text).clone()} oninput={on_input}
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
