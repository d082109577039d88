//! Two protocols side by side: "Compare with: …" picks a second protocol; the
//! same history under it is shown beside the first (read-only lanes and its own
//! safety checks), at the same step, with the first step where the two differ
//! named in words, marked on the scrubber and one click away.

use super::chunk;
use super::header::release_group;
use super::lane::Lane;
use super::target_value;
use super::violations::violations;
use crate::history;
use crate::hooks::Upto;
use crate::state::ShownComparison;
use replab_core::protocol::ControllerKind;
use replab_core::timeline::Timeline;
use replab_core::Protocol;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use replab_view::compare::difference_words;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq, Clone)]
pub struct CompareProps {
    pub lang: Lang,
    /// The first history's protocol.
    pub protocol: Protocol,
    /// The protocol picked to compare with.
    pub compare: Option<Protocol>,
    pub comparison: Option<ShownComparison>,
    /// The first history: its states and events at the first difference.
    pub timeline: Timeline,
    /// What the reader unfolded and picked in the compared lanes, by broker,
    /// and acting on it.
    pub folds: Rc<Vec<crate::state::Folds>>,
    pub on_fold: Callback<(usize, crate::state::Fold)>,
    pub cursor: usize,
    /// Goes to a step; compares with another protocol, or stops.
    pub on_step: Callback<usize>,
    pub on_compare: Callback<Option<Protocol>>,
    /// Whether the bar holds the picker (an embed's does; the app's is in
    /// its story menu).
    #[prop_or_default]
    pub picker: bool,
}

/// "Compare with: …": picks a second protocol, or none (a plain function: it
/// stands in the story menu, `app.rs`).
pub fn compare_picker(
    lang: Lang,
    protocol: Protocol,
    compare: Option<Protocol>,
    refused: &[Protocol],
    on_compare: &Callback<Option<Protocol>>,
) -> Html {
    let on_pick = on_compare.reform(|e: Event| {
        super::close_story_menu();
        Protocol::from_name(&target_value(&e))
    });
    html! {
        <label class="compare-pick" title={label(lang, Label::CompareTitle)}>
            <span>{ narrate::compare_with(lang, protocol) }</span>
            <select data-testid="compare" onchange={on_pick} onmouseenter={chunk::preload(preload_compare)}
                onfocus={chunk::preload(preload_compare)}>
                <option value="" selected={compare.is_none()}>{ label(lang, Label::CompareOff) }</option>
                { for Protocol::ALL.iter().map(|&proto| html! {
                    <option value={proto.name()} selected={compare == Some(proto)} disabled={proto == protocol}
                        title={narrate::protocol_note(lang, proto)}>
                        { narrate::protocol_option(lang, proto) }
                    </option>
                }) }
                // Every other release line, by its version.
                { release_group(lang, ControllerKind::ZooKeeper, compare, Some(protocol), refused, false) }
                { release_group(lang, ControllerKind::KRaft, compare, Some(protocol), refused, false) }
            </select>
        </label>
    }
}

/// The second column while a comparison is shown, in its own chunk (fetched
/// the first time a reader compares); nothing otherwise.
#[function_component(CompareColumn)]
pub fn compare_column(p: &CompareProps) -> Html {
    html! {
        if p.comparison.is_some() {
            <CompareLoaded ..p.clone() />
        }
    }
}

chunk::split_panel!(
    /// The comparison's column: its lanes, the first difference in words, the
    /// caches compared.
    compare, preload_compare, compare_chunk, CompareLoaded(CompareProps) => Compare
);

#[function_component(Compare)]
pub fn compare(p: &CompareProps) -> Html {
    let lang = p.lang;
    let c = p.comparison.as_ref();

    // Hooks first, whether or not there is a comparison. The second history's
    // safety marks and losses are found once and grown as steps are added, as
    // the first history's are.
    let timeline = c.map(|c| &c.timeline);
    let marks = crate::hooks::use_grown(timeline, history::violation_marks_in);
    let ghosts = crate::hooks::use_lost_records(
        timeline,
        c.map_or(0, |c| c.view_step),
        c.map_or(0, |c| c.view.brokers().len()),
    );
    let upto = |t: &Timeline, step: usize| Upto {
        timeline: t.clone(),
        step,
    };
    let first = c.and_then(|c| c.first.clone());
    // The words depend only on both histories up to the first difference.
    let words = use_memo(
        (
            lang,
            first.clone(),
            first
                .as_ref()
                .zip(c)
                .map(|(f, c)| (upto(&p.timeline, f.step), upto(&c.timeline, f.step))),
        ),
        |(lang, first, histories)| match (first, histories) {
            (Some(first), Some((main, second))) => {
                Some(difference_words(*lang, first, &main.timeline, &second.timeline))
            }
            _ => None,
        },
    );

    let Some(c) = c else {
        return html! {};
    };

    let names: Vec<String> = c.view.brokers().iter().map(|b| b.id.clone()).collect();
    let summary = match (&first, words.as_ref()) {
        (Some(first), Some(w)) => {
            let step = first.step;
            html! {
                <div class="first-difference" data-testid="compare-first-diff" data-step={step.to_string()}>
                    <p class="difference-head">
                        <strong>
                            <span class="difference-glyph" aria-hidden="true" title={label(lang, Label::DifferenceMarkTitle)}>{ "▼ " }</span>
                            { w.heading.clone() }
                        </strong>
                        <button class="jump" data-testid="compare-jump" disabled={p.cursor == step}
                            onclick={p.on_step.reform(move |_| step)}>{ label(lang, Label::JumpToDifference) }</button>
                    </p>
                    <ul class="differences" data-testid="differences">
                        { for w.differences.iter().map(|d| html! { <li>{ d.clone() }</li> }) }
                    </ul>
                    if w.did.iter().any(|(_, s)| !s.is_empty()) {
                        <div class="did" data-testid="differing-events">
                            <p class="did-caption">{ label(lang, Label::DifferingEvents) }</p>
                            { for w.did.iter().map(|(proto, said)| html! {
                                <div class="did-side">
                                    <span class="did-under">{ narrate::under(lang, *proto) }</span>
                                    <ul>{ for said.iter().map(|s| html! { <li>{ s.clone() }</li> }) }</ul>
                                </div>
                            }) }
                        </div>
                    }
                </div>
            }
        }
        _ => html! {
            <p class="first-difference none" data-testid="compare-first-diff">
                { narrate::no_difference(lang, p.protocol, c.protocol, c.stopped.as_ref().map(|s| s.step)) }
            </p>
        },
    };
    let stopped = c.stopped.as_ref().map(|s| {
        narrate::compare_refused(
            lang,
            &Names(&names),
            c.protocol,
            narrate::Refused::After,
            (s.step, &s.command),
            &s.error,
        )
    });
    // Leader-epoch caches, compared apart.
    let keeps_none = [p.protocol, c.protocol]
        .into_iter()
        .find(|proto| !proto.capabilities().has_epoch_cache());
    let cache_step = c.first_cache.as_ref().map(|f| f.step);
    let caches = narrate::cache_difference(
        lang,
        &Names(&names),
        c.first_cache.as_ref().map(|f| (f.step, f.brokers.as_slice())),
        keeps_none,
    );
    // The cursor is past the second history's end: a command it refused is
    // shown as refused at its step; otherwise say which step it shows.
    let refused = c.stopped.as_ref().filter(|s| p.cursor > s.step).map(|s| {
        narrate::compare_refused(
            lang,
            &Names(&names),
            c.protocol,
            narrate::Refused::AtStep,
            (s.step + 1, &s.command),
            &s.error,
        )
    });
    let behind =
        (refused.is_none() && c.view_step < p.cursor).then(|| narrate::comparison_ends(lang, c.protocol, c.view_step));
    let restarts = history::last_restarts(&c.timeline, c.view_step, &c.view);
    let heading = narrate::compared_heading(lang, c.protocol);

    html! {
        <>
        <div class="compare-bar comparing" data-testid="compare-bar">
            if p.picker {
                { compare_picker(lang, p.protocol, p.compare, &crate::state::refused_lines(p.timeline.setup().settings), &p.on_compare) }
            }
            { summary }
            <p class="compare-caches" data-testid="compare-cache-diff" data-step={cache_step.map(|s| s.to_string())}>
                { caches }
                if let Some(step) = cache_step {
                    { " " }
                    <button class="jump" data-testid="compare-cache-jump" disabled={p.cursor == step}
                        onclick={p.on_step.reform(move |_| step)}>{ label(lang, Label::JumpToStep) }</button>
                }
            </p>
            if let Some(text) = &stopped {
                <p class="compare-stopped" role="status" data-testid="compare-stopped">{ text.clone() }</p>
            }
        </div>
        <div class="main-head" data-testid="main-heading">
            <h2>
                <span>{ narrate::comparing_heading(lang, p.protocol) }</span>
                <span class="read-only">{ label(lang, Label::ActHere) }</span>
            </h2>
            <p class="compare-note">{ narrate::protocol_note(lang, p.protocol) }</p>
        </div>
        <section class="compare-column" data-testid="compare-column" aria-label={heading.clone()}>
            <h2 data-testid="compare-heading">
                <span>{ heading }</span>
                <span class="read-only">{ label(lang, Label::ComparedReadOnly) }</span>
            </h2>
            <p class="compare-note">{ narrate::protocol_note(lang, c.protocol) }</p>
            { violations(lang, &c.view, &marks, &p.on_step) }
            if let Some(text) = refused {
                <p class="notice refused" role="status" data-testid="compare-refused">
                    { text }
                </p>
            }
            if let Some(text) = behind {
                <p class="notice offline" role="status" data-testid="compare-behind">
                    { text }
                </p>
            }
            if c.view.leader().is_none() {
                <p class="notice offline" role="status">
                    { label(lang, if c.view.has_elr() { Label::OfflineKraft } else { Label::Offline }) }
                </p>
            }
            { for (0..c.view.brokers().len()).map(|ix| html! {
                <Lane key={ix} view={c.view.clone()} ix={ix} lang={lang} selected={false} interactive={false} prefix="cmp-"
                    folds={p.folds.get(ix).cloned().unwrap_or_default()} on_fold={p.on_fold.clone()} ghosts={ghosts.get(ix).cloned().unwrap_or_default()} last_restart={restarts.get(ix).copied().flatten()} on_command={Callback::noop()} on_select={Callback::noop()} />
            }) }
            if !c.view.consumers().is_empty() {
                <div class="consumers">
                    { for (0..c.view.consumers().len()).map(|ix| html! {
                        <crate::components::consumer_lane::ConsumerLane key={ix} view={c.view.clone()} ix={ix} lang={lang}
                            interactive={false} prefix="cmp-" on_command={Callback::noop()} />
                    }) }
                </div>
            }
        </section>
        </>
    }
}
