//! The latest decisions at or before the current step, each as labelled rows: a
//! truncation (the question asked, the answer, the rule applied and the result,
//! with a picture of the follower's log before and after), the controller's epoch
//! bump on a follower crash, a follower that keeps following the same leader into
//! a new epoch, and a broker that waits for a leader, then finds one. Earlier
//! decisions are listed under the latest, each linked to its step.

use super::History;
use crate::decision_text::{describe, kind_name, summaries};
use crate::history;
use replab_core::timeline::Timeline;
use replab_narrate::{label, Label, Lang};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DecisionProps {
    pub lang: Lang,
    pub history: History,
    pub cursor: usize,
    /// Goes to a step.
    pub on_step: Callback<usize>,
}

/// The decision of one step: what it shows depends only on the history up to
/// that step, so it is re-rendered only when that changes.
#[derive(Properties)]
struct ViewProps {
    lang: Lang,
    timeline: Rc<RefCell<Timeline>>,
    generation: u64,
    step: usize,
    on_step: Callback<usize>,
}

impl PartialEq for ViewProps {
    fn eq(&self, o: &Self) -> bool {
        self.lang == o.lang
            && Rc::ptr_eq(&self.timeline, &o.timeline)
            && self.generation == o.generation
            && self.step == o.step
            && self.on_step == o.on_step
    }
}

#[function_component(DecisionPanel)]
pub fn decision_panel(p: &DecisionProps) -> Html {
    let lang = p.lang;
    // The steps with a decision, found once per history and grown as steps are added.
    let found = crate::hooks::use_grown(Some(&p.history.timeline), p.history.generation, |t, steps| {
        history::decision_steps_in(t, steps).collect()
    });
    let before = found.partition_point(|&k| k <= p.cursor);
    let steps: Vec<usize> = found[..before].iter().rev().take(EARLIER + 1).copied().collect();
    let t = p.history.timeline.borrow();
    let Some(&step) = steps.first() else {
        return html! {
            <section class="panel decision" data-testid="decision" aria-label={label(lang, Label::Decisions)}>
                <h2>{ label(lang, Label::Decisions) }</h2>
                <p class="empty">{ label(lang, Label::NoDecision) }</p>
            </section>
        };
    };
    let earlier: Vec<(usize, String)> = steps[1..]
        .iter()
        .flat_map(|&k| summaries(lang, &t, k).into_iter().map(move |text| (k, text)))
        .collect();
    html! {
        <>
        <DecisionView lang={lang} timeline={p.history.timeline.clone()} generation={p.history.generation} step={step}
            on_step={p.on_step.clone()} />
        if !earlier.is_empty() {
            <details class="panel earlier-decisions" data-testid="earlier-decisions">
                <summary>{ label(lang, Label::EarlierDecisions) }</summary>
                <ol>
                    { for earlier.into_iter().map(|(k, text)| html! {
                        <li>
                            <button class="link" onclick={p.on_step.reform(move |_| k)}>
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
        <section class="panel decision" data-testid="decision" data-step={step.to_string()} aria-label={label(lang, Label::Decisions)}>
            <h2>{ label(lang, Label::Decisions) }
                <button class="link" onclick={p.on_step.reform(move |_| step)}>
                    { format!("{} {step}", label(lang, Label::AtStep)) }
                </button>
            </h2>
            { for described.iter().map(|d| {
                let kind = kind_name(d.kind);
                let rows = html! {
                    <>
                    <h3 class="decision-kind">{ d.heading(lang) }</h3>
                    <dl>
                        { for d.rows.iter().map(|(l, text)| html! {
                            <>
                            <dt>{ label(lang, *l) }</dt>
                            <dd class={(*l == Label::Result).then_some("result")}>{ text.clone() }</dd>
                            </>
                        }) }
                    </dl>
                    </>
                };
                let Some(cut) = &d.cut else {
                    return html! {
                        <div class="decision-item" data-testid={format!("decision-{kind}")} data-kind={kind}
                            data-broker={d.broker.clone()}>
                            { rows }
                        </div>
                    };
                };
                let (from, to, hw, mark) = (cut.from, cut.to, cut.hw, cut.leader_end);
                html! {
                    <div class="decision-item" data-testid="decision-item" data-kind={kind} data-broker={d.broker.clone()}
                        data-from={from.to_string()} data-to={to.to_string()}>
                        { rows }
                        <ol class="mini-log" aria-label={format!("{} {}", d.broker, label(lang, Label::Before))}>
                            { for cut.log.iter().map(|r| {
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
