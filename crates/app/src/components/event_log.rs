//! The narrated history: one line per event, grouped by step, each step a link.
//! A window around the current step keeps long histories light.

use super::{send, Dispatch};
use crate::state::Action;
use replab_core::scenario;
use replab_core::timeline::Timeline;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

const WINDOW: usize = 40;

#[derive(Properties)]
pub struct EventLogProps {
    pub lang: Lang,
    pub timeline: Rc<RefCell<Timeline>>,
    pub revision: u64,
    pub cursor: usize,
    pub dispatch: Dispatch,
}

impl PartialEq for EventLogProps {
    fn eq(&self, o: &Self) -> bool {
        self.lang == o.lang
            && Rc::ptr_eq(&self.timeline, &o.timeline)
            && self.revision == o.revision
            && self.cursor == o.cursor
            && self.dispatch == o.dispatch
    }
}

#[function_component(EventLog)]
pub fn event_log(p: &EventLogProps) -> Html {
    let lang = p.lang;
    let t = p.timeline.borrow();
    let names = t.setup().brokers.clone();
    let n = Names(&names);
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
                { for (first..=last).rev().map(|k| {
                    let command = scenario::command_line(&names, &t.commands()[k - 1]);
                    let current = k == p.cursor;
                    let future = k > p.cursor;
                    html! {
                        <li key={k} class={classes!("step-entry", current.then_some("current"), future.then_some("future"))}
                            data-testid={format!("log-step-{k}")} aria-current={current.then_some("step")}>
                            <button class="link step-link" onclick={send(&p.dispatch, move || Action::StepTo(k))}>
                                <span class="k">{ k }</span><code>{ command }</code>
                            </button>
                            <ul>
                                { for t.events_of(k).iter().map(|e| {
                                    let safety = matches!(e, replab_core::Event::ViolationFound { .. });
                                    html! { <li class={classes!("event", safety.then_some("safety"))}>{ narrate::event(lang, &n, e) }</li> }
                                }) }
                            </ul>
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}
