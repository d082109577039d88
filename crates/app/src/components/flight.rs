//! Messages in motion: when the cursor moves forward by one step, each message
//! of that step travels from its sender's lane to its receiver's, one after the
//! other, labelled with Kafka's names. A response left in flight stops half-way
//! (the lane keeps it, to deliver); one lost falls away there. The motion is CSS
//! alone: a few elements per step are placed once, with the points of their path,
//! and removed by one timer. Nothing moves under prefers-reduced-motion, on a
//! jump or a step back, when steps come faster than the motion, or in an embed
//! scrolled off-screen.

use gloo::timers::callback::Timeout;
use replab_core::timeline::Timeline;
use replab_narrate::{Lang, Names};
use replab_view::messages::{messages_of, Motion};
use replab_view::svg::esc;
use std::fmt::Write;
use yew::prelude::*;

/// How long one message takes, at most, in milliseconds.
const DURATION: f64 = 400.0;
/// Shorter than this, a message is not worth showing (fast autoplay).
const SHORTEST: f64 = 150.0;

#[derive(Properties, PartialEq)]
pub struct FlightsProps {
    pub lang: Lang,
    pub timeline: Timeline,
    pub cursor: usize,
    pub playing: bool,
    pub speed_ms: u32,
    pub on_screen: bool,
}

fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Pixels and milliseconds as whole numbers: the page carries no float printer.
fn whole(x: f64) -> usize {
    x.max(0.0).round() as usize
}

fn clear(layer: &web_sys::Element) {
    layer.set_inner_html("");
}

#[function_component(Flights)]
pub fn flights(p: &FlightsProps) -> Html {
    let layer = use_node_ref();
    // The previous step seen: (history, cursor, when).
    let last = use_mut_ref(|| (p.timeline.clone(), p.cursor, 0.0));
    let timer = use_mut_ref(|| None::<Timeout>);
    {
        let layer = layer.clone();
        let (lang, playing, speed, on_screen) = (p.lang, p.playing, p.speed_ms, p.on_screen);
        use_effect_with((p.cursor, p.timeline.clone()), move |(cursor, t)| {
            let cursor = *cursor;
            let now = js_sys::Date::now();
            let (seen, before, then) = last.replace((t.clone(), cursor, now));
            timer.borrow_mut().take();
            let Some(layer) = layer.cast::<web_sys::Element>() else {
                return;
            };
            clear(&layer);
            // One step forward: the next step of the same history, or a step
            // just added where the reader forked it.
            let forward = cursor == before + 1 && (t.agrees_until(&seen, cursor) || cursor == t.len());
            if !forward || !on_screen || now - then < 120.0 || reduced_motion() {
                return;
            }
            let moving: Vec<_> = messages_of(t, cursor)
                .into_iter()
                .filter_map(|m| m.motion_at(cursor).map(|motion| (m, motion)))
                .collect();
            if moving.is_empty() {
                return;
            }
            let each = if playing {
                DURATION.min(f64::from(speed) * 0.85 / moving.len() as f64)
            } else {
                DURATION
            };
            if each < SHORTEST {
                return;
            }
            let Some(lanes) = layer.parent_element() else {
                return;
            };
            let origin = layer.get_bounding_client_rect();
            let names = &t.setup().brokers;
            // A point of broker `b`'s lane, relative to the layer: its middle, a
            // little right of centre, where the log seldom reaches.
            let point = |b: usize| {
                let lane = lanes
                    .query_selector(&format!("[data-testid=broker-{}]", names.get(b)?))
                    .ok()
                    .flatten()?;
                let r = lane.get_bounding_client_rect();
                Some((
                    r.left() - origin.left() + r.width() * 0.62,
                    r.top() - origin.top() + r.height() / 2.0,
                ))
            };
            // The elements as one piece of markup, set once: less code than
            // building them one call at a time.
            let mut html = String::new();
            for (i, (m, motion)) in moving.iter().enumerate() {
                let (Some(a), Some(b)) = (point(m.from), point(m.to)) else {
                    continue;
                };
                let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let (from, to, class) = match motion {
                    Motion::Whole => (a, b, "go"),
                    Motion::ToMiddle => (a, middle, "go"),
                    Motion::FromMiddle => (middle, b, "go"),
                    Motion::FallsAtMiddle => (middle, middle, "fall"),
                };
                let timing = format!(
                    "animation-duration:{}ms;animation-delay:{}ms",
                    whole(each),
                    whole(each * i as f64)
                );
                if class == "go" {
                    let _ = write!(
                        html,
                        r#"<div class="flight-track {}" style="left:{}px;top:{}px;height:{}px;{timing}"></div>"#,
                        if to.1 < from.1 { "up" } else { "down" },
                        whole(from.0),
                        whole(from.1.min(to.1)),
                        whole((from.1 - to.1).abs()),
                    );
                }
                let kind = m.kind().name();
                let name = |b: usize| esc(names.get(b).map_or("?", |s| s.as_str()));
                let _ = write!(
                    html,
                    r#"<div class="flight {class} {kind}" data-testid="flight" data-kind="{kind}" style="--x0:{}px;--y0:{}px;--x1:{}px;--y1:{}px;{timing}"><small>{} → {} </small>{}</div>"#,
                    whole(from.0),
                    whole(from.1),
                    whole(to.0),
                    whole(to.1),
                    name(m.from),
                    name(m.to),
                    esc(&m.label(lang, &Names(names))),
                );
            }
            layer.set_inner_html(&html);
            let total = each * moving.len() as f64 + 80.0;
            *timer.borrow_mut() = Some(Timeout::new(total as u32, move || clear(&layer)));
        });
    }
    html! { <div class="flights" ref={layer} aria-hidden="true"></div> }
}
