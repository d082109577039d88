//! The page's effects, each a hook: opening share links, an embed's height and
//! visibility, the language's memory, autoplay, tab visibility and the keyboard.
//! Each dispatches reducer actions; none changes the state another way.

use crate::link;
use crate::state::{Action, AppState};
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::{Interval, Timeout};
use replab_core::timeline::Timeline;
use replab_core::Command;
use replab_narrate::{label, Label, Lang};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

type Dispatch = UseReducerDispatcher<AppState>;

/// A share link in the fragment opens on arrival, and whenever it changes;
/// `?compare=<protocol>` (an embed's, or the app's) compares from the start.
#[hook]
pub fn use_share_link(dispatch: &Dispatch) {
    let dispatch = dispatch.clone();
    use_effect_with((), move |_| {
        // The browser inflates the link in the background; the page keeps its
        // state until the link has opened, or failed to.
        let open = move |dispatch: &Dispatch, initial: bool| {
            let hash = link::current_hash();
            if !hash.is_empty() {
                let dispatch = dispatch.clone();
                yew::platform::spawn_local(async move {
                    let mut opened = link::open(&hash).await;
                    // A link in a language the page does not carry: its
                    // messages first (or, if they cannot be fetched, it opens
                    // in English and says so).
                    let mut unavailable = None;
                    if let Ok(o) = &mut opened {
                        if let Err(why) = crate::languages::fetch(o.lang).await {
                            o.lang = replab_narrate::Lang::EN;
                            unavailable = Some(why);
                        }
                    }
                    dispatch.dispatch(Action::OpenLink(Rc::new(opened), initial));
                    if let Some(why) = unavailable {
                        dispatch.dispatch(Action::LanguageUnavailable(why));
                    }
                });
            }
        };
        open(&dispatch, true);
        if let Some(protocol) = link::query_compare() {
            dispatch.dispatch(Action::SetCompare(Some(protocol)));
        }
        let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| open(&dispatch, false));
        move || drop(listener)
    });
}

/// An embed's link to the full app at what it shows. Making it writes and
/// compresses the whole history, so it is made in the background once the view
/// has rested for `REST_MS`, or at once when the reader reaches for it (pointer,
/// touch or focus), not on every step. Until the first is made the link is the
/// address the embed was opened with (`address`). A click while the view is newer than the
/// link opens a window at once (within the click's activation, so no popup
/// blocker refuses it) and sends it to the link once made.
pub struct FullAppLink {
    /// The latest link made (it may be some steps behind the view).
    pub href: Option<Rc<str>>,
    /// Makes the link now if the view is newer (the reader reaches for it).
    pub onintent: Callback<()>,
    pub onclick: Callback<MouseEvent>,
}

/// How long the view must stay still before the embed's link is made.
const REST_MS: u32 = 400;

/// What a link holds: the history, the step, the language and the protocol
/// compared with.
type LinkKey = (Timeline, usize, Lang, Option<replab_core::Protocol>);

#[hook]
pub fn use_full_app_link(state: &UseReducerHandle<AppState>, address: Option<Rc<str>>) -> FullAppLink {
    let key: LinkKey = (state.timeline().clone(), state.cursor, state.lang, state.compare);
    let made = use_state(|| address.map(|a| (None::<LinkKey>, a)));
    // Makes the link for the view shown, unless it is made already.
    let make = {
        let (made, state, key) = (made.clone(), state.clone(), key.clone());
        move |live: Rc<std::cell::Cell<bool>>| {
            if made.as_ref().is_some_and(|(k, _)| k.as_ref() == Some(&key)) {
                return;
            }
            let shared = link::shared(&state);
            let (made, key) = (made.clone(), key.clone());
            yew::platform::spawn_local(async move {
                let address = link::address(&shared).await;
                if live.get() {
                    made.set(Some((Some(key), address.into())));
                }
            });
        }
    };
    {
        let make = make.clone();
        use_effect_with((state.embed, key.clone()), move |(embed, _)| {
            let embed = *embed;
            let live = Rc::new(std::cell::Cell::new(true));
            let timer = embed.then(|| {
                let live = live.clone();
                Timeout::new(REST_MS, move || make(live))
            });
            move || {
                live.set(false);
                drop(timer);
            }
        });
    }
    let onintent = Callback::from(move |_| make(Rc::new(std::cell::Cell::new(true))));
    let onclick = {
        let (made, state) = (made.clone(), state.clone());
        Callback::from(move |e: MouseEvent| {
            if made.as_ref().is_some_and(|(k, _)| k.as_ref() == Some(&key)) {
                return;
            }
            e.prevent_default();
            let Some(opened) = web_sys::window().and_then(|w| w.open_with_url_and_target("", "_blank").ok().flatten())
            else {
                return;
            };
            // As rel="noopener": the new page gets no hold on this one.
            let _ = js_sys::Reflect::set(&opened, &"opener".into(), &JsValue::NULL);
            let shared = link::shared(&state);
            yew::platform::spawn_local(async move {
                let address = link::address(&shared).await;
                let _ = opened.location().replace(&address);
            });
        })
    };
    FullAppLink {
        href: made.as_ref().map(|(_, a)| a.clone()),
        onintent,
        onclick,
    }
}

/// An embed tells its host page how tall it is, so a host that listens can fit
/// the iframe to it; and does no work while scrolled off-screen.
#[hook]
pub fn use_embed_watch(embed: bool, root: &NodeRef, dispatch: &Dispatch) {
    {
        let root = root.clone();
        use_effect_with(embed, move |&embed| {
            let observer = embed.then(|| report_height(&root)).flatten();
            move || {
                if let Some((observer, _closure)) = observer {
                    observer.disconnect();
                }
            }
        });
    }
    let dispatch = dispatch.clone();
    let root = root.clone();
    use_effect_with(embed, move |&embed| {
        let observer = embed.then(|| watch_on_screen(&root, dispatch)).flatten();
        move || {
            if let Some((observer, _closure)) = observer {
                observer.disconnect();
            }
        }
    });
}

/// The language is remembered, and the page says which it is in; not while a
/// link is opening (None): the link's language is about to be shown.
#[hook]
pub fn use_language(lang: Option<Lang>) {
    use_effect_with(lang, |lang| {
        let Some(lang) = lang else { return };
        crate::languages::remember(*lang);
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("lang", lang.tag());
            let _ = root.set_attribute("data-lang", lang.code());
        }
        gloo::utils::document().set_title(label(*lang, Label::AppTitle));
    });
}

/// Autoplay: one step per tick of an interval that runs while playing, shown
/// and on screen, at the speed chosen; any change of those ends it or starts
/// another.
#[hook]
pub fn use_autoplay(state: &AppState, dispatch: &Dispatch) {
    let wanted = (state.playing && state.visible && state.on_screen).then_some(state.speed_ms);
    let dispatch = dispatch.clone();
    use_effect_with(wanted, move |&wanted| {
        let interval = wanted.map(|ms| Interval::new(ms, move || dispatch.dispatch(Action::AutoStep)));
        move || drop(interval)
    });
}

/// Once autoplay stops at the end of a story it played (the story told),
/// `prefetch` runs a second later, once: the page fetches the panels' chunks
/// ahead while the reader reads.
#[hook]
pub fn use_prefetch_after_play(state: &AppState, prefetch: fn()) {
    let told = !state.is_empty() && state.cursor == state.len();
    // (whether it was playing at the last render, whether it fetched already)
    let seen = use_mut_ref(|| (false, false));
    use_effect_with((state.playing, told), move |&(playing, told)| {
        let mut s = seen.borrow_mut();
        if s.0 && !playing && told && !s.1 {
            s.1 = true;
            Timeout::new(1_000, prefetch).forget();
        }
        s.0 = playing;
    });
}

/// Tab visibility.
#[hook]
pub fn use_visibility(dispatch: &Dispatch) {
    let dispatch = dispatch.clone();
    use_effect_with((), move |_| {
        let document = gloo::utils::document();
        let listener = EventListener::new(&document, "visibilitychange", move |_| {
            dispatch.dispatch(Action::Visibility(!gloo::utils::document().hidden()));
        });
        move || drop(listener)
    });
}

/// Keyboard shortcuts: one listener, reading the latest state.
#[hook]
pub fn use_keyboard(state: &AppState, dispatch: &Dispatch) {
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    let dispatch = dispatch.clone();
    use_effect_with((), move |_| {
        // Not passive: a handled key's default (scrolling, for Space) is prevented.
        let options = EventListenerOptions::enable_prevent_default();
        let listener = EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |e| {
            if let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() {
                on_key(&latest.borrow(), &dispatch, e);
            }
        });
        move || drop(listener)
    });
}

/// A resize observer and the callback it holds.
type HeightWatch = (
    web_sys::ResizeObserver,
    wasm_bindgen::closure::Closure<dyn FnMut(js_sys::Array)>,
);

/// Posts `{ replabHeight: <px> }` to the parent window whenever `root` changes size.
fn report_height(root: &NodeRef) -> Option<HeightWatch> {
    let element = root.cast::<web_sys::Element>()?;
    let watched = element.clone();
    let closure = wasm_bindgen::closure::Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        let Some(window) = web_sys::window() else { return };
        // Not while a link opens: the app is unseen then, and index.html's frame
        // stands at the height the link's lanes will take.
        if watched
            .get_attribute("class")
            .is_some_and(|c| c.split(' ').any(|c| c == "opening"))
        {
            return;
        }
        // The widget's own bottom edge: the document is never shorter than the iframe.
        let bottom = watched.get_bounding_client_rect().bottom() + window.scroll_y().unwrap_or(0.0);
        let height = bottom.ceil() as i32 + 8;
        // The protocol's `{ replab: 1, event: "height" }`, and the first
        // version's `{ replabHeight }` for host pages written for it.
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"replabHeight".into(), &height.into());
        let current = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&current, &"replab".into(), &crate::api::VERSION.into());
        let _ = js_sys::Reflect::set(&current, &"event".into(), &"height".into());
        let _ = js_sys::Reflect::set(&current, &"height".into(), &height.into());
        if let Ok(Some(parent)) = window.parent() {
            let _ = parent.post_message(&message, "*");
            let _ = parent.post_message(&current, "*");
        }
    });
    let observer = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).ok()?;
    observer.observe(&element);
    Some((observer, closure))
}

/// An intersection observer and the callback it holds.
type OnScreenWatch = (
    web_sys::IntersectionObserver,
    wasm_bindgen::closure::Closure<dyn FnMut(js_sys::Array)>,
);

/// Reports whether `root` is on screen, until the observer is disconnected.
fn watch_on_screen(root: &NodeRef, dispatch: UseReducerDispatcher<AppState>) -> Option<OnScreenWatch> {
    let element = root.cast::<web_sys::Element>()?;
    let closure = wasm_bindgen::closure::Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let visible = entries
            .iter()
            .filter_map(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
            .any(|e| e.is_intersecting());
        dispatch.dispatch(Action::OnScreen(visible));
    });
    let observer = web_sys::IntersectionObserver::new(closure.as_ref().unchecked_ref()).ok()?;
    observer.observe(&element);
    Some((observer, closure))
}

fn on_key(state: &AppState, dispatch: &UseReducerDispatcher<AppState>, e: &web_sys::KeyboardEvent) {
    // A key a part of the page handled (the log's arrows) is its alone.
    if e.ctrl_key() || e.meta_key() || e.alt_key() || e.default_prevented() {
        return;
    }
    let typing = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
        .unwrap_or(false);
    if typing || state.embed && !matches!(e.key().as_str(), " " | "ArrowLeft" | "ArrowRight") {
        return;
    }
    let selected = state.selected.filter(|&b| b < state.view.brokers().len());
    let target = |broker| replab_core::CrashTarget {
        broker,
        unflushed_from: None,
    };
    let action = match e.key().as_str() {
        " " => Some(Action::TogglePlay),
        "ArrowLeft" => Some(Action::StepBack),
        "ArrowRight" => Some(Action::StepForward),
        "p" => Some(Action::Produce {
            value: None,
            acks: None,
        }),
        "?" => Some(Action::ToggleHelp(!state.help_open)),
        "Escape" => Some(Action::ToggleHelp(false)),
        // Deliver the response in flight if the core would take it, else fetch; a
        // command the core refuses is shown as a notice, as a click would be.
        "f" => selected.map(|b| {
            let deliver = Command::Deliver { follower: b };
            if state.view.check(&deliver).is_ok() {
                Action::Do(deliver)
            } else {
                Action::Do(Command::Fetch { follower: b, max: None })
            }
        }),
        "c" => selected.map(|b| {
            Action::Do(Command::Crash {
                targets: vec![target(b)],
            })
        }),
        "s" => selected.map(|b| Action::Do(Command::Shutdown { broker: b })),
        "r" => selected.map(|b| Action::Do(Command::Restart { broker: b })),
        "b" => selected.map(|b| Action::Do(Command::Bounce { target: target(b) })),
        k => k
            .parse::<usize>()
            .ok()
            .filter(|&d| (1..=state.view.brokers().len()).contains(&d))
            .map(|d| Action::Select(Some(d - 1))),
    };
    if let Some(a) = action {
        e.prevent_default();
        dispatch.dispatch(a);
    }
}

/// What one replica lost most recently: (the step, the records), for its lane.
pub type Lost = Rc<(usize, Vec<replab_core::Record>)>;

/// What each replica of `timeline` lost most recently by step `step`, for its
/// lane's struck-out records (`brokers` lanes; none without a history). The
/// losses are found once and grown as steps are added; the records are read
/// back (a replay) only when the steps up to the latest losses change, not on
/// every click. The page's column and the compared one both ask here.
#[hook]
pub fn use_lost_records(timeline: Option<&Timeline>, step: usize, brokers: usize) -> Rc<Vec<Lost>> {
    let losses = use_grown(timeline, crate::history::losses_in);
    let steps = crate::history::latest_losses(&losses, step, brokers);
    let upto = timeline.map(|t| Upto {
        timeline: t.clone(),
        step: steps.iter().copied().max().unwrap_or(0),
    });
    use_memo((upto, steps), |(upto, steps)| {
        upto.as_ref()
            .map(|u| {
                crate::history::lost_records(&u.timeline, steps)
                    .into_iter()
                    .map(Rc::new)
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// A history up to a step, as a memo key: equal when both histories agree on
/// their first `step` steps, whatever follows, so what is read from those
/// steps is made again only when they change.
#[derive(Clone)]
pub struct Upto {
    pub timeline: Timeline,
    pub step: usize,
}

impl PartialEq for Upto {
    fn eq(&self, o: &Self) -> bool {
        self.step == o.step && self.timeline.agrees_until(&o.timeline, self.step)
    }
}

/// Facts found step by step over a history (`scan` over a range of steps), kept
/// and grown as steps are added: a history that extends the one scanned (the
/// same steps, and more at the end) costs its new steps only, however long it
/// is; any other history is scanned anew. A new `Rc` only when something was
/// found or the history was replaced. None (no history, no comparison): nothing.
#[hook]
pub fn use_grown<T: Clone + 'static>(
    timeline: Option<&Timeline>,
    scan: fn(&Timeline, std::ops::RangeInclusive<usize>) -> Vec<T>,
) -> Rc<Vec<T>> {
    // The history scanned and what was found in it: a memo, kept between renders.
    let memo = use_mut_ref(|| None::<(Timeline, Rc<Vec<T>>)>);
    let Some(timeline) = timeline else {
        return Rc::new(Vec::new());
    };
    let mut memo = memo.borrow_mut();
    let (from, mut found) = match memo.take() {
        Some((seen, found)) if timeline.extends(&seen) => (seen.len() + 1, found),
        _ => (1, Rc::new(Vec::new())),
    };
    if from <= timeline.len() {
        let more = scan(timeline, from..=timeline.len());
        if !more.is_empty() {
            Rc::make_mut(&mut found).extend(more);
        }
    }
    *memo = Some((timeline.clone(), found.clone()));
    found
}
