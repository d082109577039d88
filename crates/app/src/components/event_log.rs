//! The narrated history: one line per event, grouped by step, each step a link.
//! A window around the current step keeps long histories light.

use replab_core::scenario;
use replab_core::timeline::Timeline;
use replab_core::Event;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::rc::Rc;
use std::sync::Arc;
use yew::prelude::*;

const WINDOW: usize = 40;

/// The log around `cursor` (a plain function: it holds nothing; each step's
/// entry is a component that re-renders only when its own content changes).
/// `on_step` goes to a step.
pub fn event_log(lang: Lang, t: &Timeline, cursor: usize, on_step: &Callback<usize>) -> Html {
    let names = Rc::new(t.setup().brokers.clone());
    let len = t.len();
    let first = cursor.saturating_sub(WINDOW).max(1);
    let last = (cursor + WINDOW / 2).min(len);
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
                        command={t.command(k).map(|c| scenario::command_line(&names, c)).unwrap_or_default()}
                        events={StepEvents(t.shared_events_of(k))} current={k == cursor} future={k > cursor}
                        on_step={on_step.clone()} />
                }) }
            </ol>
        </section>
    }
}

/// A step's events as the history holds them: the same step of the same
/// history is the same list, so entries compare by pointer.
#[derive(Clone)]
struct StepEvents(Arc<[Event]>);

impl PartialEq for StepEvents {
    fn eq(&self, other: &StepEvents) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties, PartialEq)]
struct StepProps {
    k: usize,
    lang: Lang,
    names: Rc<Vec<String>>,
    command: String,
    events: StepEvents,
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
                { for p.events.0.iter().enumerate().map(|(i, e)| {
                    let safety = matches!(e, Event::ViolationFound { .. });
                    html! { <li class={classes!("event", safety.then_some("safety"))}>{ narrate::event_in_step(p.lang, &n, &p.events.0, i) }</li> }
                }) }
            </ul>
        </li>
    }
}
