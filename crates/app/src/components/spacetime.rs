//! The space-time diagram panel: one line per broker, time flowing down, every
//! request and response an arrow at its step (`replab_view::spacetime`). The
//! worker draws it and the open panel's code is a chunk of the page
//! (`spacetime_chunk`), so the first download carries none of it: the
//! worker is started when the panel opens and asked again whenever the history,
//! the window of steps shown or the language changes. The page places the
//! current step's highlight, dims the steps after it, and sends a click on a
//! row or an arrow to that step.

use super::chunk;
use replab_core::timeline::Timeline;
use replab_messages::client::Session;
use replab_narrate::{label, Label, Lang};
use replab_view::spacetime::window;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

#[derive(Properties, PartialEq, Clone)]
pub struct SpaceTimeProps {
    pub lang: Lang,
    pub timeline: Timeline,
    pub cursor: usize,
    /// Goes to a step.
    pub on_step: Callback<usize>,
    /// Open from the start (an embed asked for it).
    #[prop_or_default]
    pub open: bool,
}

fn get(object: &JsValue, key: &str) -> Option<JsValue> {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).ok()
}

fn set(object: &js_sys::Object, key: &str, value: JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &value);
}

#[function_component(SpaceTime)]
pub fn space_time(p: &SpaceTimeProps) -> Html {
    let lang = p.lang;
    let open = use_state(|| p.open);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: web_sys::Event| {
            if let Some(d) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                open.set(d.has_attribute("open"));
            }
        })
    };
    html! {
        <details class="panel spacetime" data-testid="spacetime" open={*open} {ontoggle}>
            { chunk::heading("spacetime-open", preload_spacetime, label(lang, Label::SpaceTimeTitle)) }
            <p class="hint">{ label(lang, Label::SpaceTimeHint) }</p>
            // Closed, the body goes and its worker stops.
            if *open {
                <SpaceTimeLoaded ..p.clone() />
            }
        </details>
    }
}

chunk::split_panel!(
    /// The open panel's body, in its own chunk: its worker, the drawing and
    /// the step it shows.
    spacetime, preload_spacetime, spacetime_chunk, SpaceTimeLoaded(SpaceTimeProps) => SpaceTimeBody
);

/// The drawing, asked of the worker whenever the history, the window of steps
/// shown or the language changes, with the current step highlighted.
#[function_component(SpaceTimeBody)]
fn space_time_body(p: &SpaceTimeProps) -> Html {
    let lang = p.lang;
    // The drawing's markup (it starts with `<`), or why there is none.
    let drawn = use_state(String::new);
    let session = use_mut_ref(|| None::<Session>);
    let len = p.timeline.len();
    let (first, last) = window(len, p.cursor);

    {
        let (session, drawn) = (session.clone(), drawn.clone());
        use_effect_with(
            (p.timeline.clone(), first, last, lang),
            move |(t, first, last, lang)| {
                let (first, last, lang) = (*first, *last, *lang);
                if t.is_empty() {
                    return;
                }
                let request = js_sys::Object::new();
                let text = replab_core::scenario::history_text(None, t.setup(), t.commands());
                set(&request, "type", "spacetime".into());
                set(&request, "scenario", text.into());
                set(&request, "protocol", t.setup().protocol.name().into());
                set(&request, "lang", lang.code().into());
                set(&request, "first", (first as u32).into());
                set(&request, "last", (last as u32).into());
                let mut s = session.borrow_mut();
                let s = s.get_or_insert_with(|| {
                    let (shown, failed) = (drawn.clone(), drawn.clone());
                    let on_reply = move |data: JsValue| {
                        let kind = get(&data, "type").and_then(|t| t.as_string()).unwrap_or_default();
                        let text = |key: &str| get(&data, key).and_then(|t| t.as_string()).unwrap_or_default();
                        shown.set(text(if kind == "spacetime" { "svg" } else { "message" }));
                    };
                    let on_error = move |text: String| {
                        failed.set(if text.is_empty() {
                            label(lang, Label::CheckerCrashed).to_string()
                        } else {
                            text
                        })
                    };
                    Session::new(on_reply, on_error)
                });
                s.send(&request);
            },
        );
    }

    // A click on a row or an arrow goes to its step.
    let onclick = {
        let on_step = p.on_step.clone();
        Callback::from(move |e: MouseEvent| {
            let step = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest("[data-step]").ok().flatten())
                .and_then(|t| t.get_attribute("data-step"))
                .and_then(|s| s.parse::<usize>().ok());
            if let Some(k) = step {
                on_step.emit(k);
            }
        })
    };
    let (text, svg) = match (len, drawn.starts_with('<')) {
        (0, _) => (label(lang, Label::NoEvents).to_string(), None),
        (_, true) => (
            label(lang, Label::SpaceTimeLegend).to_string(),
            Some(AttrValue::from((*drawn).clone())),
        ),
        _ if drawn.is_empty() => (label(lang, Label::SpaceTimeDrawing).to_string(), None),
        _ => ((*drawn).clone(), None),
    };
    // The current step highlighted and the steps after it dimmed, by CSS.
    let k = p.cursor;
    let later = if k < first {
        ".st-row".to_string()
    } else {
        format!(r#".st-row[data-step="{k}"]~.st-row"#)
    };
    let style = format!(
        r#".st-row[data-step="{k}"]>rect{{fill:color-mix(in srgb,var(--accent) 16%,transparent);stroke:var(--accent)}}.st-scroll :is({later},.st-at[data-at="{}"]~*){{opacity:.4}}"#,
        (k + 1).max(first)
    );
    html! {
        <>
            if let Some(svg) = svg {
                <style>{ style }</style>
                <div class="st-scroll" {onclick}>{ Html::from_html_unchecked(svg) }</div>
            }
            // The legend under the drawing, or why there is none yet.
            <p class="legend">{ text }</p>
        </>
    }
}
