//! The latest truncation decision at or before the current step: the question
//! asked, the answer, the rule applied and the result, as sentences and a picture
//! of the follower's log before and after.

use super::{send, Dispatch, History};
use crate::decision_text::describe;
use crate::history;
use crate::state::Action;
use replab_core::timeline::Timeline;
use replab_core::Event;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DecisionProps {
    pub lang: Lang,
    pub history: History,
    pub cursor: usize,
    pub dispatch: Dispatch,
}

/// The decision of one step: what it shows depends only on the history up to
/// that step, so it is re-rendered only when that changes.
#[derive(Properties)]
struct ViewProps {
    lang: Lang,
    timeline: Rc<RefCell<Timeline>>,
    generation: u64,
    step: usize,
    dispatch: Dispatch,
}

impl PartialEq for ViewProps {
    fn eq(&self, o: &Self) -> bool {
        self.lang == o.lang
            && Rc::ptr_eq(&self.timeline, &o.timeline)
            && self.generation == o.generation
            && self.step == o.step
            && self.dispatch == o.dispatch
    }
}

#[function_component(DecisionPanel)]
pub fn decision_panel(p: &DecisionProps) -> Html {
    let lang = p.lang;
    let t = p.history.timeline.borrow();
    let steps: Vec<usize> = history::decision_steps(&t, p.cursor).take(EARLIER + 1).collect();
    let Some(&step) = steps.first() else {
        return html! {
            <section class="panel decision" data-testid="decision" aria-label={label(lang, Label::Decision)}>
                <h2>{ label(lang, Label::Decision) }</h2>
                <p class="empty">{ label(lang, Label::NoDecision) }</p>
            </section>
        };
    };
    let names = Names(&t.setup().brokers);
    let names = &names;
    let earlier: Vec<(usize, String)> = steps[1..]
        .iter()
        .flat_map(|&k| {
            t.events_of(k)
                .iter()
                .filter(|e| matches!(e, Event::Truncation { .. }))
                .map(move |e| (k, narrate::event(lang, names, e)))
                .collect::<Vec<_>>()
        })
        .collect();
    html! {
        <>
        <DecisionView lang={lang} timeline={p.history.timeline.clone()} generation={p.history.generation} step={step}
            dispatch={p.dispatch.clone()} />
        if !earlier.is_empty() {
            <details class="panel earlier-decisions" data-testid="earlier-decisions">
                <summary>{ label(lang, Label::EarlierDecisions) }</summary>
                <ol>
                    { for earlier.into_iter().map(|(k, text)| html! {
                        <li>
                            <button class="link" onclick={send(&p.dispatch, move || Action::StepTo(k))}>
                                { format!("{} {k}", label(lang, Label::AtStep)) }
                            </button>
                            { " " }{ text }
                        </li>
                    }) }
                </ol>
            </details>
        }
        </>
    }
}

/// How many earlier decisions are listed under the latest.
const EARLIER: usize = 12;

#[function_component(DecisionView)]
fn decision_view(p: &ViewProps) -> Html {
    let lang = p.lang;
    let step = p.step;
    let described = describe(lang, &p.timeline.borrow(), step);
    html! {
        <section class="panel decision" data-testid="decision" data-step={step.to_string()} aria-label={label(lang, Label::Decision)}>
            <h2>{ label(lang, Label::Decision) }
                <button class="link" onclick={send(&p.dispatch, move || Action::StepTo(step))}>
                    { format!("{} {step}", label(lang, Label::AtStep)) }
                </button>
            </h2>
            { for described.iter().map(|d| {
                let (from, to, hw, mark) = (d.from, d.to, d.hw, d.leader_end);
                html! {
                    <div class="decision-item" data-testid="decision-item" data-broker={d.broker.clone()}
                        data-from={from.to_string()} data-to={to.to_string()}>
                        <dl>
                            <dt>{ label(lang, Label::Question) }</dt><dd>{ d.question.clone() }</dd>
                            <dt>{ label(lang, Label::Answer) }</dt><dd>{ d.answer.clone() }</dd>
                            <dt>{ label(lang, Label::Rule) }</dt><dd>{ d.rule.clone() }</dd>
                            <dt>{ label(lang, Label::Result) }</dt><dd class="result">{ d.result.clone() }</dd>
                        </dl>
                        <ol class="mini-log" aria-label={format!("{} {}", d.broker, label(lang, Label::Before))}>
                            { for d.log.iter().map(|r| {
                                let cut = r.offset >= to;
                                html! {
                                    <li class={classes!("cell", format!("e{}", r.epoch % 8), cut.then_some("cut"))}
                                        title={if cut { label(lang, Label::Cut) } else { "" }}>
                                        <span class="off">{ r.offset }</span>
                                        <span class="val">{ r.value.to_string() }</span>
                                        if mark == Some(r.offset) { <span class="pin leader-end">{ "◆" }</span> }
                                        if hw == r.offset { <span class="pin hw-pin">{ "HW" }</span> }
                                    </li>
                                }
                            }) }
                            if mark.is_some_and(|m| m >= from) {
                                <li class="cell beyond"><span class="pin leader-end">{ "◆" }</span></li>
                            }
                        </ol>
                        <p class="legend">
                            if let Some(m) = mark { <span><span class="leader-end">{ "◆ " }</span>{ format!("{} {m}", label(lang, Label::LeaderEndLegend)) }</span> }
                            <span>{ format!("HW {hw}") }</span>
                            if to < from { <span class="cut-legend">{ format!("{} {to}–{}", label(lang, Label::Cut), from - 1) }</span> }
                        </p>
                    </div>
                }
            }) }
        </section>
    }
}
