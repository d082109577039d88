//! Time travel: step back and forward, play and pause, scrub the history, undo a fork.

use super::target_value;
use replab_core::ViolationKind;
use replab_narrate::{label, Label, Lang};
use std::rc::Rc;
use yew::prelude::*;

/// What the player shows, and its callbacks.
pub struct PlayerProps {
    pub lang: Lang,
    pub cursor: usize,
    pub len: usize,
    pub playing: bool,
    pub speed_ms: u32,
    pub can_undo: bool,
    pub marks: Rc<Vec<(usize, ViolationKind)>>,
    /// Comparing with a second protocol: the first step where the two differ.
    pub difference: Option<usize>,
    pub actions: PlayerActions,
}

/// What the player's controls do: go to a step, set the speed, step back,
/// play or pause, step forward, undo a fork.
#[derive(Clone, PartialEq)]
pub struct PlayerActions {
    pub step: Callback<usize>,
    pub speed: Callback<u32>,
    pub back: Callback<()>,
    pub toggle_play: Callback<()>,
    pub forward: Callback<()>,
    pub undo: Callback<()>,
}

const SPEEDS: [(u32, &str); 3] = [(1500, "0.5×"), (900, "1×"), (350, "2.5×")];

/// The player (a plain function: it holds nothing, and changes on every step).
pub fn player(p: &PlayerProps) -> Html {
    let lang = p.lang;
    let c = &p.actions;
    let on_scrub = {
        let step = c.step.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(k) = target_value(&e).parse::<usize>() {
                step.emit(k);
            }
        })
    };
    let on_speed = {
        let speed = c.speed.clone();
        Callback::from(move |e: Event| {
            if let Ok(ms) = target_value(&e).parse::<u32>() {
                speed.emit(ms);
            }
        })
    };
    let play_label = label(lang, if p.playing { Label::Pause } else { Label::Play });
    let len = p.len.max(1);
    html! {
        <div class="player" role="group" aria-label={label(lang, Label::Timeline)}>
            <button data-testid="step-back" aria-label={label(lang, Label::StepBack)} title={label(lang, Label::StepBack)}
                disabled={p.cursor == 0} onclick={c.back.reform(|_| ())}>{ "◀" }</button>
            <button data-testid="play" aria-label={play_label} title={play_label} aria-pressed={p.playing.to_string()}
                onclick={c.toggle_play.reform(|_| ())}>{ if p.playing { "❚❚" } else { "▶" } }</button>
            <button data-testid="step-forward" aria-label={label(lang, Label::StepForward)} title={label(lang, Label::StepForward)}
                disabled={p.cursor >= p.len} onclick={c.forward.reform(|_| ())}>{ "▶|" }</button>
            <label class="speed">
                <span class="sr-only">{ label(lang, Label::Speed) }</span>
                <select data-testid="speed" onchange={on_speed} aria-label={label(lang, Label::Speed)}>
                    { for SPEEDS.iter().map(|(ms, name)| html! {
                        <option value={ms.to_string()} selected={*ms == p.speed_ms}>{ *name }</option>
                    }) }
                </select>
            </label>
            <div class="scrubber">
                <input type="range" min="0" max={p.len.to_string()} value={p.cursor.to_string()}
                    aria-label={label(lang, Label::Timeline)} data-testid="scrubber" oninput={on_scrub} />
                <div class="marks" aria-hidden="true">
                    { for p.marks.iter().map(|(k, kind)| html! {
                        <span class={classes!("mark", kind.name())} data-testid="timeline-mark"
                            style={format!("left: calc({} * 100% / {len})", k)}></span>
                    }) }
                    if let Some(k) = p.difference {
                        <span class="mark difference" data-testid="difference-mark" data-step={k.to_string()}
                            style={format!("left: calc({k} * 100% / {len})")}>{ "▼" }</span>
                    }
                </div>
            </div>
            <span class="step">
                { label(lang, Label::Step) }{ " " }
                <span data-testid="step" data-step={p.cursor.to_string()} aria-live="off">{ p.cursor }</span>
                { " / " }<span data-testid="step-count">{ p.len }</span>
            </span>
            if p.can_undo {
                <button data-testid="undo" class="undo" onclick={c.undo.reform(|_| ())}>
                    { format!("↶ {}", label(lang, Label::Undo)) }
                </button>
            }
        </div>
    }
}
