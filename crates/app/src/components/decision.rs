//! The latest truncation decision at or before the current step: the question
//! asked, the answer, the rule applied and the result, as sentences and a picture
//! of the follower's log before and after.

use super::{send, Dispatch};
use crate::history;
use crate::state::Action;
use replab_core::event::{Event, TruncationRule};
use replab_core::timeline::Timeline;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties)]
pub struct DecisionProps {
    pub lang: Lang,
    pub timeline: Rc<RefCell<Timeline>>,
    pub revision: u64,
    pub generation: u64,
    pub cursor: usize,
    pub dispatch: Dispatch,
}

impl PartialEq for DecisionProps {
    fn eq(&self, o: &Self) -> bool {
        self.lang == o.lang
            && Rc::ptr_eq(&self.timeline, &o.timeline)
            && self.revision == o.revision
            && self.cursor == o.cursor
            && self.dispatch == o.dispatch
    }
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

/// Where the leader's answer puts the cut, for the picture.
fn leader_mark(rule: &TruncationRule) -> Option<u64> {
    match *rule {
        TruncationRule::LeaderEndOffset { end_offset, .. } => Some(end_offset),
        TruncationRule::SameEpoch { leader_end, .. }
        | TruncationRule::FollowerEpochBelow { leader_end, .. }
        | TruncationRule::NoFollowerEpochs { leader_end, .. } => Some(leader_end),
        TruncationRule::LeaderLogEnd { log_end_offset } => Some(log_end_offset),
        TruncationRule::HighWatermark { .. } | TruncationRule::UndefinedEndOffset { .. } => None,
    }
}

#[function_component(DecisionPanel)]
pub fn decision_panel(p: &DecisionProps) -> Html {
    let lang = p.lang;
    let step = history::latest_decision_step(&p.timeline.borrow(), p.cursor);
    match step {
        None => html! {
            <section class="panel decision" data-testid="decision" aria-label={label(lang, Label::Decision)}>
                <h2>{ label(lang, Label::Decision) }</h2>
                <p class="empty">{ label(lang, Label::NoDecision) }</p>
            </section>
        },
        Some(step) => html! {
            <DecisionView lang={lang} timeline={p.timeline.clone()} generation={p.generation} step={step}
                dispatch={p.dispatch.clone()} />
        },
    }
}

#[function_component(DecisionView)]
fn decision_view(p: &ViewProps) -> Html {
    let lang = p.lang;
    let step = p.step;
    let t = p.timeline.borrow();
    let events = t.events_of(step);
    let before = t.state_at(step - 1);
    let names: Vec<String> = before.brokers().iter().map(|b| b.id.clone()).collect();
    let n = Names(&names);
    let decisions: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Truncation { .. }))
        .collect();
    let request = events.iter().find_map(|e| match e {
        Event::RequestSent {
            request,
            leader,
            follower,
        } => Some((*request, *leader, *follower)),
        _ => None,
    });
    let answer = events.iter().find_map(|e| match e {
        Event::RequestAnswered { reply, leader, .. } => Some((*reply, *leader)),
        _ => None,
    });
    html! {
        <section class="panel decision" data-testid="decision" data-step={step.to_string()} aria-label={label(lang, Label::Decision)}>
            <h2>{ label(lang, Label::Decision) }
                <button class="link" onclick={send(&p.dispatch, move || Action::StepTo(step))}>
                    { format!("{} {step}", label(lang, Label::AtStep)) }
                </button>
            </h2>
            { for decisions.iter().map(|e| {
                let Event::Truncation { broker, from, to, rule, complete } = e else { return html! {} };
                let (broker, from, to) = (*broker, *from, *to);
                let question = match (request, rule) {
                    (_, TruncationRule::HighWatermark { .. }) => label(lang, Label::HwRule).to_string(),
                    (Some((r, leader, f)), _) if f == broker => {
                        format!("{} → {}: {}", n.get(f), n.get(leader), narrate::request(lang, &r))
                    }
                    _ => "—".into(),
                };
                let answer_text = match answer {
                    Some((reply, leader)) => format!("{} → {}: {}", n.get(leader), n.get(broker), narrate::reply(lang, &reply)),
                    None => "—".into(),
                };
                let result = if to < from {
                    format!("{} {to} ({} {from})", label(lang, Label::TruncatedTo), label(lang, Label::Before))
                } else {
                    label(lang, Label::Kept).to_string()
                };
                let log = before.broker(broker).map(|b| b.durable.log.records().to_vec()).unwrap_or_default();
                let mark = leader_mark(rule);
                let hw = before.broker(broker).map_or(0, |b| b.hw());
                html! {
                    <div class="decision-item" data-testid="decision-item" data-broker={n.get(broker).to_string()}
                        data-from={from.to_string()} data-to={to.to_string()}>
                        <dl>
                            <dt>{ label(lang, Label::Question) }</dt><dd>{ question }</dd>
                            <dt>{ label(lang, Label::Answer) }</dt><dd>{ answer_text }</dd>
                            <dt>{ label(lang, Label::Rule) }</dt><dd>{ narrate::truncation_reason(lang, rule) }</dd>
                            <dt>{ label(lang, Label::Result) }</dt>
                            <dd class="result">{ format!("{} {}", n.get(broker), result) }
                                if !complete { { format!(", {}", label(lang, Label::AsksAgain)) } }
                            </dd>
                        </dl>
                        <ol class="mini-log" aria-label={format!("{} {}", n.get(broker), label(lang, Label::Before))}>
                            { for log.iter().map(|r| {
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
