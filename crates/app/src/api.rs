//! The page's JavaScript API, `window.replab`, and its twin for iframes, the
//! postMessage protocol (docs/embedding.md). Both only dispatch the reducer's
//! actions, as the buttons and the keyboard do; reads come from the latest
//! state, converted to plain JS objects with serde-wasm-bindgen.
//!
//! Arguments are checked before anything is applied: a wrong type is a thrown
//! `TypeError` saying what was expected, a step past the history's end a
//! `RangeError`, a scenario that does not load a rejected promise with the
//! editor's line-numbered message.

use crate::state::{Action, AppState, Loaded};
use replab_core::event::Event;
use replab_core::scenario;
use replab_core::snapshot::Snapshot;
use replab_core::{Protocol, ViolationKind};
use replab_narrate::{self as narrate, Lang, Names};
use replab_view::decision_text::summaries;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// The API's version (`window.replab.version`) and the postMessage protocol's (`replab: 1`).
pub const VERSION: u32 = 1;

type Dispatch = UseReducerDispatcher<AppState>;

#[derive(Serialize)]
struct ApiViolation {
    kind: &'static str,
    step: usize,
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// `state()`: the core's one read model of the partition at the step shown
/// (`Snapshot`, what the runner's `--json` writes, consumers and settings with
/// their sources included), with the view's `step` and `len`, the safety
/// checks fired up to it, and for API version 1's readers the leader epoch as
/// `epoch` and each broker's `role` and its epoch cache as `epochs`.
fn state_js(s: &AppState) -> JsValue {
    let t = s.timeline();
    let shown = 1..=s.cursor.min(t.len());
    let violations: Vec<ApiViolation> = shown
        .clone()
        .flat_map(|k| {
            t.events_of(k).iter().filter_map(move |e| match e {
                Event::ViolationFound { violation } => Some(ApiViolation {
                    kind: violation.kind().name(),
                    step: k,
                }),
                _ => None,
            })
        })
        .collect();
    let v = &s.view;
    let object = to_js(&Snapshot::of(v, shown.map(|k| (k, t.events_of(k)))));
    let set = |o: &JsValue, key: &str, value: &JsValue| {
        let _ = js_sys::Reflect::set(o, &key.into(), value);
    };
    set(&object, "step", &(s.cursor as u32).into());
    set(&object, "len", &(t.len() as u32).into());
    set(&object, "epoch", &v.leader_epoch().into());
    set(&object, "violations", &to_js(&violations));
    if let Ok(brokers) = js_sys::Reflect::get(&object, &"brokers".into()) {
        let brokers = js_sys::Array::from(&brokers);
        for (ix, b) in v.brokers().iter().enumerate() {
            let role = if !b.is_alive() {
                "down"
            } else if v.leader() == Some(ix) {
                "leader"
            } else {
                "follower"
            };
            let broker = brokers.get(ix as u32);
            set(&broker, "role", &role.into());
            if let Ok(cache) = js_sys::Reflect::get(&broker, &"epoch_cache".into()) {
                set(&broker, "epochs", &cache);
            }
        }
    }
    object
}

/// The events of step `k`, each as its data (`type` and fields) with `text`,
/// its sentence in the page's language.
fn events_of(s: &AppState, k: usize) -> JsValue {
    let t = s.timeline();
    let names = Names(&t.setup().brokers);
    let list = js_sys::Array::new();
    let events = t.events_of(k);
    for (i, e) in events.iter().enumerate() {
        let object = to_js(e);
        let text = narrate::event_in_step(s.lang, &names, events, i);
        let _ = js_sys::Reflect::set(&object, &"text".into(), &text.into());
        list.push(&object);
    }
    list.into()
}

/// Why a call is refused.
enum Refusal {
    /// The wrong kind of argument: a `TypeError`.
    Type(String),
    /// A step past the end: a `RangeError`.
    Range(String),
    /// A scenario that does not load: the editor's message.
    Script(String),
}

impl Refusal {
    fn to_js(&self) -> JsValue {
        match self {
            Refusal::Type(m) => js_sys::TypeError::new(m).into(),
            Refusal::Range(m) => js_sys::RangeError::new(m).into(),
            Refusal::Script(m) => js_sys::Error::new(m).into(),
        }
    }

    fn message(&self) -> &str {
        match self {
            Refusal::Type(m) | Refusal::Range(m) | Refusal::Script(m) => m,
        }
    }
}

/// A whole number at least 0, or what was expected.
fn step_arg(value: &JsValue, what: &str) -> Result<usize, Refusal> {
    value
        .as_f64()
        .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= 1e9)
        .map(|n| n as usize)
        .ok_or_else(|| Refusal::Type(format!("{what}: expected a whole number of steps, 0 or more")))
}

/// A load, checked and built (once, under the protocol asked for), ready to
/// dispatch.
struct Load {
    loaded: Loaded,
    lang: Option<Lang>,
}

fn field(options: &JsValue, key: &str) -> JsValue {
    if options.is_object() {
        js_sys::Reflect::get(options, &key.into()).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// Checks a load: the text, then the options, then the scenario itself.
fn check_load(text: &JsValue, options: &JsValue, lang: Lang) -> Result<Load, Refusal> {
    let text = text
        .as_string()
        .ok_or_else(|| Refusal::Type("load(text, options): text must be scenario text, a string".into()))?;
    if !(options.is_undefined() || options.is_null() || options.is_object()) {
        return Err(Refusal::Type(
            "load(text, options): options must be an object such as { protocol: 'kip-101', step: 3, lang: 'en' }"
                .into(),
        ));
    }
    let protocol = match field(options, "protocol") {
        p if p.is_undefined() || p.is_null() => None,
        p => {
            let name = p.as_string().unwrap_or_default();
            Some(Protocol::parse(&name).map_err(|why| {
                Refusal::Type(format!(
                    "options.protocol: {}",
                    replab_narrate::protocol_not_offered(Lang::EN, &name, &why)
                ))
            })?)
        }
    };
    let step = match field(options, "step") {
        s if s.is_undefined() || s.is_null() => None,
        s => Some(step_arg(&s, "options.step")?),
    };
    let chosen = match field(options, "lang") {
        l if l.is_undefined() || l.is_null() => None,
        l => Some(l.as_string().as_deref().and_then(Lang::from_code).ok_or_else(|| {
            let codes: Vec<String> = Lang::ALL.iter().map(|l| format!("'{}'", l.code())).collect();
            Refusal::Type(format!("options.lang: expected one of {}", codes.join(", ")))
        })?),
    };
    let lang = chosen.unwrap_or(lang);
    let script = scenario::parse_within_limits(&text)
        .map_err(|e| Refusal::Script(narrate::script_error(lang, &Names(&[]), &e)))?;
    let mut loaded = Loaded::build(&script, Rc::from(text), protocol, None)
        .map_err(|e| Refusal::Script(narrate::script_error(lang, &Names(&script.brokers), &e)))?;
    let len = loaded.timeline.len();
    if let Some(k) = step.filter(|&k| k > len) {
        return Err(Refusal::Range(format!(
            "options.step: {k} is past the history's end, {len}"
        )));
    }
    loaded.step = step;
    Ok(Load { loaded, lang: chosen })
}

/// Dispatches a checked load: the scenario, under the protocol asked for, at
/// the step asked for, in the language asked for.
fn apply_load(load: Load, dispatch: &Dispatch) {
    dispatch.dispatch(Action::Load(Rc::new(load.loaded)));
    if let Some(l) = load.lang {
        let (now, failed) = (dispatch.clone(), dispatch.clone());
        crate::languages::when_ready(
            l,
            move || now.dispatch(Action::SetLang(l)),
            move |why| failed.dispatch(Action::LanguageUnavailable(why)),
        );
    }
}

/// Moves to step `k`, or why not.
fn step_to(value: &JsValue, latest: &AppState, dispatch: &Dispatch) -> Result<(), Refusal> {
    let k = step_arg(value, "step(n)")?;
    let len = latest.len();
    if k > len {
        return Err(Refusal::Range(format!("step(n): {k} is past the history's end, {len}")));
    }
    dispatch.dispatch(Action::StepTo(k));
    Ok(())
}

/// The promises of `load` and `step` not yet resolved. A dispatched action
/// renders in the scheduler's time, which may yield to the browser between the
/// render and its effects, so a promise resolves in the page's last effect
/// after the render that shows it, once the listeners have heard it.
#[derive(Clone, Default)]
struct Shown(Rc<RefCell<Vec<js_sys::Function>>>);

impl Shown {
    fn promise(&self) -> js_sys::Promise {
        js_sys::Promise::new(&mut |resolve, _| self.0.borrow_mut().push(resolve))
    }

    fn resolve(&self, state: &AppState) {
        let waiting = std::mem::take(&mut *self.0.borrow_mut());
        if !waiting.is_empty() {
            let value = state_js(state);
            for resolve in waiting {
                let _ = resolve.call1(&JsValue::NULL, &value);
            }
        }
    }
}

/// Listeners of `on(name, callback)`, by event name.
type Listeners = Rc<RefCell<Vec<(String, js_sys::Function)>>>;

const EVENTS: [&str; 4] = ["step", "violation", "decision", "error"];

fn emit(listeners: &Listeners, name: &str, detail: &JsValue) {
    // A copy: a listener may call `off` while we go through them.
    let targets: Vec<js_sys::Function> = listeners
        .borrow()
        .iter()
        .filter(|(n, _)| n == name)
        .map(|(_, f)| f.clone())
        .collect();
    for f in targets {
        if let Err(e) = f.call1(&JsValue::NULL, detail) {
            web_sys::console::error_2(&"replab: a listener threw".into(), &e);
        }
    }
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        let _ = js_sys::Reflect::set(&o, &(*k).into(), v);
    }
    o.into()
}

/// What happened at the shown step that the API and the embed announce: the
/// safety checks that fired there and its decisions in words.
fn announcements(s: &AppState) -> (Vec<ViolationKind>, Vec<String>) {
    let t = s.timeline();
    let k = s.cursor;
    if k == 0 {
        return (Vec::new(), Vec::new());
    }
    let fired = t
        .events_of(k)
        .iter()
        .filter_map(|e| match e {
            Event::ViolationFound { violation } => Some(violation.kind()),
            _ => None,
        })
        .collect();
    (fired, summaries(s.lang, t, k))
}

/// Posts `message` (with `replab: 1`) to the parent window, if framed.
fn post_to_parent(message: &JsValue) {
    let Some(window) = web_sys::window() else { return };
    let _ = js_sys::Reflect::set(message, &"replab".into(), &VERSION.into());
    if let Ok(Some(parent)) = window.parent() {
        if parent != window {
            let _ = parent.post_message(message, "*");
        }
    }
}

/// Installs `window.replab`, announces steps to its listeners (and, in an
/// embed, to the host page), and in an embed obeys the host's postMessage
/// commands.
#[hook]
pub fn use_api(state: &AppState, dispatch: &Dispatch) {
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    let listeners: Listeners = (*use_mut_ref(|| Rc::new(RefCell::new(Vec::new())))).borrow().clone();
    let shown: Shown = (*use_mut_ref(Shown::default)).borrow().clone();

    // The API object, installed once and removed with the page.
    {
        let latest = latest.clone();
        let listeners = listeners.clone();
        let dispatch = dispatch.clone();
        let shown = shown.clone();
        use_effect_with((), move |_| {
            let window = gloo::utils::window();
            let api = js_sys::Object::new();
            let mut keep: Vec<JsValue> = Vec::new();
            let mut method = |name: &str, f: JsValue| {
                let _ = js_sys::Reflect::set(&api, &name.into(), &f);
                keep.push(f);
            };
            let _ = js_sys::Reflect::set(&api, &"version".into(), &VERSION.into());
            {
                let (latest, dispatch, listeners, shown) =
                    (latest.clone(), dispatch.clone(), listeners.clone(), shown.clone());
                method(
                    "load",
                    Closure::<dyn Fn(JsValue, JsValue) -> Result<js_sys::Promise, JsValue>>::new(
                        move |text: JsValue, options: JsValue| {
                            let lang = latest.borrow().lang;
                            match check_load(&text, &options, lang) {
                                Ok(load) => {
                                    apply_load(load, &dispatch);
                                    Ok(shown.promise())
                                }
                                Err(r @ Refusal::Script(_)) => {
                                    emit(&listeners, "error", &object(&[("message", r.message().into())]));
                                    Ok(js_sys::Promise::reject(&r.to_js()))
                                }
                                Err(r) => Err(r.to_js()),
                            }
                        },
                    )
                    .into_js_value(),
                );
            }
            {
                let (latest, dispatch, shown) = (latest.clone(), dispatch.clone(), shown.clone());
                method(
                    "step",
                    Closure::<dyn Fn(JsValue) -> Result<js_sys::Promise, JsValue>>::new(move |n: JsValue| {
                        let s = latest.borrow().clone();
                        step_to(&n, &s, &dispatch).map_err(|r| r.to_js())?;
                        Ok(shown.promise())
                    })
                    .into_js_value(),
                );
            }
            for (name, playing) in [("play", true), ("pause", false)] {
                let dispatch = dispatch.clone();
                method(
                    name,
                    Closure::<dyn Fn()>::new(move || dispatch.dispatch(Action::SetPlaying(playing))).into_js_value(),
                );
            }
            {
                let latest = latest.clone();
                method(
                    "state",
                    Closure::<dyn Fn() -> JsValue>::new(move || state_js(&latest.borrow())).into_js_value(),
                );
            }
            {
                let latest = latest.clone();
                method(
                    "events",
                    Closure::<dyn Fn(JsValue) -> Result<JsValue, JsValue>>::new(move |n: JsValue| {
                        let s = latest.borrow().clone();
                        let k = step_arg(&n, "events(step)").map_err(|r| r.to_js())?;
                        if k > s.len() {
                            return Err(Refusal::Range(format!(
                                "events(step): {k} is past the history's end, {}",
                                s.len()
                            ))
                            .to_js());
                        }
                        Ok(events_of(&s, k))
                    })
                    .into_js_value(),
                );
            }
            for (name, add) in [("on", true), ("off", false)] {
                let listeners = listeners.clone();
                method(
                    name,
                    Closure::<dyn Fn(JsValue, JsValue) -> Result<(), JsValue>>::new(
                        move |event: JsValue, f: JsValue| {
                            let event =
                                event
                                    .as_string()
                                    .filter(|e| EVENTS.contains(&e.as_str()))
                                    .ok_or_else(|| {
                                        JsValue::from(js_sys::TypeError::new(&format!(
                                            "expected an event name: one of {}",
                                            EVENTS.join(", ")
                                        )))
                                    })?;
                            let f: js_sys::Function = f
                                .dyn_into()
                                .map_err(|_| JsValue::from(js_sys::TypeError::new("expected a function to call")))?;
                            let mut l = listeners.borrow_mut();
                            if add {
                                l.push((event, f));
                            } else {
                                l.retain(|(n, g)| !(*n == event && *g == f));
                            }
                            Ok(())
                        },
                    )
                    .into_js_value(),
                );
            }
            let _ = js_sys::Reflect::set(&window, &"replab".into(), &api);
            move || {
                drop(keep);
                let _ = js_sys::Reflect::delete_property(&window, &"replab".into());
            }
        });
    }

    // Each move: `step`, and what fired or was decided there, to listeners and
    // (in an embed) to the host page; `ready` first, once.
    {
        let listeners = listeners.clone();
        let latest = latest.clone();
        let embed = state.embed;
        // `ready` once a share link in the fragment has opened (or failed to).
        let ready = use_mut_ref(|| false);
        let opened = state.link_problem.is_some();
        use_effect_with(
            (state.cursor, state.timeline().clone(), state.opening, opened),
            move |(step, history, opening, opened)| {
                let (step, len) = (*step, history.len());
                let s = latest.borrow().clone();
                let waiting = *opening && !opened;
                if embed && !waiting && !*ready.borrow() {
                    *ready.borrow_mut() = true;
                    post_to_parent(&object(&[
                        ("event", "ready".into()),
                        ("step", step.into()),
                        ("len", len.into()),
                        ("protocol", s.view.protocol().name().into()),
                    ]));
                }
                let embed = embed && *ready.borrow();
                let at = object(&[("step", step.into()), ("len", len.into())]);
                emit(&listeners, "step", &at);
                if embed {
                    let message = object(&[("event", "step".into()), ("step", step.into()), ("len", len.into())]);
                    post_to_parent(&message);
                }
                let (fired, decided) = announcements(&s);
                for kind in fired {
                    let detail = object(&[("kind", kind.name().into()), ("step", step.into())]);
                    emit(&listeners, "violation", &detail);
                    if embed {
                        let message = object(&[
                            ("event", "violation".into()),
                            ("kind", kind.name().into()),
                            ("step", step.into()),
                        ]);
                        post_to_parent(&message);
                    }
                }
                if !decided.is_empty() {
                    let list = js_sys::Array::new();
                    for d in decided {
                        list.push(&d.into());
                    }
                    let list = JsValue::from(list);
                    emit(
                        &listeners,
                        "decision",
                        &object(&[("step", step.into()), ("decisions", list.clone())]),
                    );
                    if embed {
                        let message =
                            object(&[("event", "decision".into()), ("step", step.into()), ("decisions", list)]);
                        post_to_parent(&message);
                    }
                }
            },
        );
    }

    // After every render, once the listeners above have heard it: the promises
    // of the calls it shows.
    {
        let latest = latest.clone();
        use_effect(move || shown.resolve(&latest.borrow()));
    }

    // An embed obeys its host page: `{ replab: 1, cmd: … }` from the parent
    // window only; anything else is ignored with a warning.
    {
        let latest = latest.clone();
        let dispatch = dispatch.clone();
        use_effect_with(state.embed, move |&embed| {
            let listener = embed.then(|| {
                gloo::events::EventListener::new(&gloo::utils::window(), "message", move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::MessageEvent>() else {
                        return;
                    };
                    // Compared as values: the parent's window is of another
                    // realm, so no `instanceof Window` here.
                    let from_parent = e
                        .source()
                        .zip(web_sys::window().and_then(|w| w.parent().ok().flatten()))
                        .is_some_and(|(source, parent)| JsValue::from(source) == JsValue::from(parent));
                    let data = e.data();
                    let version = field(&data, "replab").as_f64();
                    // The page's own height messages and others' traffic: not ours.
                    if !from_parent || version.is_none() && field(&data, "cmd").is_undefined() {
                        return;
                    }
                    if let Err(problem) = host_command(&data, &latest.borrow().clone(), &dispatch) {
                        web_sys::console::warn_1(
                            &format!("replab: ignored a message from the host page: {problem}").into(),
                        );
                        if let Some(message) = problem.strip_prefix("load: ") {
                            post_to_parent(&object(&[("event", "error".into()), ("message", message.into())]));
                        }
                    }
                })
            });
            move || drop(listener)
        });
    }
}

/// Forces the light or dark palette on the page (`data-theme` on `<html>`,
/// read by style.css), or lets it follow the reader's system again (`auto`).
fn set_theme(theme: &JsValue) -> Result<(), String> {
    let theme = theme
        .as_string()
        .filter(|t| ["light", "dark", "auto"].contains(&t.as_str()));
    let theme = theme.ok_or("setTheme: theme must be light, dark or auto")?;
    let root = gloo::utils::document_element();
    let done = if theme == "auto" {
        root.remove_attribute("data-theme")
    } else {
        root.set_attribute("data-theme", &theme)
    };
    done.map_err(|_| "setTheme: the page refused it".to_string())
}

/// A host page's command: `step`, `play`, `pause`, `load` or `setTheme`.
fn host_command(data: &JsValue, latest: &AppState, dispatch: &Dispatch) -> Result<(), String> {
    if field(data, "replab").as_f64() != Some(f64::from(VERSION)) {
        return Err(format!("expected {{ replab: {VERSION}, cmd: … }}"));
    }
    match field(data, "cmd").as_string().as_deref() {
        // A host page's step is clamped to the history: a post's paragraph may
        // name a step its figure's scenario no longer reaches.
        Some("step") => {
            let k = step_arg(&field(data, "step"), "step").map_err(|r| r.message().to_string())?;
            dispatch.dispatch(Action::StepTo(k.min(latest.len())));
            Ok(())
        }
        Some("play") => {
            dispatch.dispatch(Action::SetPlaying(true));
            Ok(())
        }
        Some("pause") => {
            dispatch.dispatch(Action::SetPlaying(false));
            Ok(())
        }
        Some("load") => {
            let load =
                check_load(&field(data, "text"), data, latest.lang).map_err(|r| format!("load: {}", r.message()))?;
            apply_load(load, dispatch);
            Ok(())
        }
        Some("setTheme") => set_theme(&field(data, "theme")),
        _ => Err("cmd must be step, play, pause, load or setTheme".into()),
    }
}
