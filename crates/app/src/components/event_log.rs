//! The narrated history: one line per event, grouped by step, each step a link.
//! A window around the current step keeps long histories light.

use super::History;
use replab_core::scenario;
use replab_core::Event;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::rc::Rc;
use yew::prelude::*;

const WINDOW: usize = 40;

#[derive(Properties, PartialEq)]
pub struct EventLogProps {
    pub lang: Lang,
    pub history: History,
    pub cursor: usize,
    /// Goes to a step.
    pub on_step: Callback<usize>,
}

#[function_component(EventLog)]
pub fn event_log(p: &EventLogProps) -> Html {
    let lang = p.lang;
    let t = p.history.timeline.borrow();
    let names = Rc::new(t.setup().brokers.clone());
    let len = t.len();
    let first = p.cursor.saturating_sub(WINDOW).max(1);
    let last = (p.cursor + WINDOW / 2).min(len);
    html! {
        <section class="panel events" aria-label={label(lang, Label::EventLog)}>
            <h2>{ label(lang, Label::EventLog) }</h2>
            if len == 0 {
                <p class="empty">{ label(lang, Label::NoEvents) }</p>
            }
            if first > 1 { <p class="more">{ format!("… {}", first - 1) }</p> }
            <ol class="steps">
                { for (first..=last).rev().map(|k| html! {
                    <StepEntry key={k} k={k} lang={lang} names={names.clone()}
                        command={scenario::command_line(&names, &t.commands()[k - 1])}
                        events={t.events_of(k).to_vec()} current={k == p.cursor} future={k > p.cursor}
                        on_step={p.on_step.clone()} />
                }) }
            </ol>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct StepProps {
    k: usize,
    lang: Lang,
    names: Rc<Vec<String>>,
    command: String,
    events: Vec<Event>,
    current: bool,
    future: bool,
    on_step: Callback<usize>,
}

/// One step of the log; re-rendered only when its own content changes.
#[function_component(StepEntry)]
fn step_entry(p: &StepProps) -> Html {
    let k = p.k;
    let n = Names(&p.names);
    html! {
        <li class={classes!("step-entry", p.current.then_some("current"), p.future.then_some("future"))}
            data-testid={format!("log-step-{k}")} aria-current={p.current.then_some("step")}>
            <button class="link step-link" onclick={p.on_step.reform(move |_| k)}>
                <span class="k">{ k }</span><code>{ p.command.clone() }</code>
            </button>
            <ul>
                { for p.events.iter().map(|e| {
                    let safety = matches!(e, Event::ViolationFound { .. });
                    html! { <li class={classes!("event", safety.then_some("safety"))}>{ narrate::event(p.lang, &n, e) }</li> }
                }) }
            </ul>
        </li>
    }
}
