//! The page: header, player, lanes, decision panel, event log, controls, editor.

use crate::components::{
    compare::Compare, controls::Controls, decision::DecisionPanel, editor::Editor, event_log::EventLog, header::Header,
    help::Help, lane::Lane, link_alert::LinkAlert, notice::NoticeBar, player::Player, share::ShareBar,
    violations::Violations,
};
use crate::components::{flight::Flights, spacetime::SpaceTime};
use crate::history;
use crate::link;
use crate::state::{Action, AppState};
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use replab_core::Command;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

const LANG_KEY: &str = "replab.lang";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The stored choice, else the browser's language, else English.
fn initial_lang() -> Lang {
    let stored = local_storage().and_then(|s| s.get_item(LANG_KEY).ok().flatten());
    stored
        .as_deref()
        .and_then(Lang::from_code)
        .or_else(|| {
            web_sys::window()
                .and_then(|w| w.navigator().language())
                .as_deref()
                .and_then(Lang::from_code)
        })
        .unwrap_or(Lang::En)
}

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(|| AppState::new(initial_lang(), link::is_embed()));
    let dispatch = state.dispatcher();
    let root = use_node_ref();

    // A share link in the fragment opens on arrival, and whenever it changes.
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let open = move |dispatch: &UseReducerDispatcher<AppState>| {
                let hash = link::current_hash();
                if !hash.is_empty() {
                    dispatch.dispatch(Action::OpenLink(Rc::new(link::open(&hash))));
                }
            };
            open(&dispatch);
            // `?compare=<protocol>` (an embed's, or the app's): compare from the start.
            if let Some(protocol) = link::query_compare() {
                dispatch.dispatch(Action::SetCompare(Some(protocol)));
            }
            let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| open(&dispatch));
            move || drop(listener)
        });
    }

    // An embed tells its host page how tall it is, so a host that listens can fit
    // the iframe to it (the example post does).
    {
        let root = root.clone();
        use_effect_with(state.embed, move |&embed| {
            let observer = embed.then(|| report_height(&root)).flatten();
            move || {
                if let Some((observer, _closure)) = observer {
                    observer.disconnect();
                }
            }
        });
    }

    // An embed does no work while scrolled off-screen.
    {
        let dispatch = dispatch.clone();
        let root = root.clone();
        use_effect_with(state.embed, move |&embed| {
            let observer = embed.then(|| watch_on_screen(&root, dispatch)).flatten();
            move || {
                if let Some((observer, _closure)) = observer {
                    observer.disconnect();
                }
            }
        });
    }

    // The language is remembered, and the page says which it is in.
    use_effect_with(state.lang, |lang| {
        if let Some(storage) = local_storage() {
            let _ = storage.set_item(LANG_KEY, lang.code());
        }
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("lang", if *lang == Lang::Zh { "zh-CN" } else { "en" });
        }
        gloo::utils::document().set_title(label(*lang, Label::AppTitle));
    });

    // Autoplay: one step per tick, never while paused, hidden or off-screen. The
    // timer is kept in step with each render rather than in an effect: an embed
    // scrolled away still renders, but its effects may wait for it to be seen.
    let autoplay = use_mut_ref(|| None::<(u32, Rc<std::cell::Cell<bool>>, Timeout)>);
    {
        let wanted = (state.playing && state.visible && state.on_screen).then_some(state.speed_ms);
        let mut slot = autoplay.borrow_mut();
        let current = slot.as_ref().filter(|(_, spent, _)| !spent.get()).map(|(ms, ..)| *ms);
        match wanted {
            None => *slot = None,
            Some(ms) if current == Some(ms) => {}
            Some(ms) => {
                let dispatch = dispatch.clone();
                let spent = Rc::new(std::cell::Cell::new(false));
                let mark = spent.clone();
                // A spent timer is replaced (and dropped) by the render its tick causes.
                *slot = Some((
                    ms,
                    spent,
                    Timeout::new(ms, move || {
                        mark.set(true);
                        dispatch.dispatch(Action::AutoStep);
                    }),
                ));
            }
        }
    }

    // Tab visibility.
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let document = gloo::utils::document();
            let listener = EventListener::new(&document, "visibilitychange", move |_| {
                dispatch.dispatch(Action::Visibility(!gloo::utils::document().hidden()));
            });
            move || drop(listener)
        });
    }

    // Keyboard shortcuts: one listener, reading the latest state.
    let latest = use_mut_ref(|| (*state).clone());
    *latest.borrow_mut() = (*state).clone();
    {
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

    let timeline = state.timeline.borrow();
    let marks = use_memo((state.revision, Rc::as_ptr(&state.timeline) as usize), |_| {
        Rc::new(history::violation_marks(&timeline))
    });
    // What each replica lost: found by a cheap scan on every step, read back (a
    // replay) only when the steps of the losses change, not on every click.
    let loss_steps = history::loss_steps(&timeline, state.cursor, state.view.brokers().len());
    let ghosts = use_memo(
        (Rc::as_ptr(&state.timeline) as usize, state.generation, loss_steps),
        |(_, _, steps)| {
            history::lost_records(&timeline, steps)
                .into_iter()
                .map(Rc::new)
                .collect::<Vec<_>>()
        },
    );
    let lang = state.lang;
    let names: Vec<String> = state.view.brokers().iter().map(|b| b.id.clone()).collect();
    let sentences: Vec<String> = timeline
        .events_of(state.cursor)
        .iter()
        .map(|e| narrate::event(lang, &Names(&names), e))
        .collect();
    let announcement = sentences.join("; ");
    let len = timeline.len();
    // KRaft: how each broker last restarted (a scan back to its latest restart).
    let restarts = history::last_restarts(&timeline, state.cursor, &state.view);
    drop(timeline);

    let link_alert = state.link_problem.as_ref().map(|problem| {
        html! {
            <LinkAlert lang={lang} problem={problem.clone()} dispatch={dispatch.clone()} />
        }
    });
    let full_app = use_memo((state.embed, state.revision, state.cursor, lang), |&(embed, ..)| {
        if embed {
            format!("{}#{}", link::page_base(), link::fragment(&state))
        } else {
            String::new()
        }
    });
    let difference = state.comparison.as_ref().and_then(|c| c.first.as_ref()).map(|f| f.step);
    if state.embed {
        return html! {
            <div class="app embed" ref={root} data-on-screen={state.on_screen.to_string()}>
                <header class="embed-head">
                    <strong class="embed-title" data-testid="title">{ state.title.as_deref().map(|t| crate::presets::display_title(lang, t)).unwrap_or_else(|| label(lang, Label::AppTitle).to_string()) }</strong>
                    <span class="embed-protocol" title={narrate::protocol_note(lang, state.view.protocol())}>
                        { narrate::protocol_option(lang, state.view.protocol()) }
                    </span>
                    <a class="open-full" data-testid="open-full" href={(*full_app).clone()} target="_blank" rel="noopener">
                        { label(lang, Label::OpenFullApp) }
                    </a>
                </header>
                { link_alert }
                <Player lang={lang} cursor={state.cursor} len={len} playing={state.playing} speed_ms={state.speed_ms}
                    can_undo={false} marks={(*marks).clone()} dispatch={dispatch.clone()} difference={difference} />
                <ul class="now" aria-live="polite" data-testid="announcer">
                    { for sentences.iter().map(|t| html! { <li>{ t.clone() }</li> }) }
                </ul>
                // With `compare=`, the second column beside the first, as in the app.
                <div class={classes!("embed-body", state.compare.is_some().then_some("layout"))}>
                    <section class="lanes" aria-label={label(lang, Label::Partition)}>
                        { for (0..state.view.brokers().len()).map(|ix| html! {
                            <Lane key={ix} view={state.view.clone()} ix={ix} lang={lang} selected={false} interactive={false}
                                ghosts={ghosts[ix].clone()} last_restart={restarts[ix]} dispatch={dispatch.clone()} />
                        }) }
                        <Flights lang={lang} history={state.history()} cursor={state.cursor} playing={state.playing}
                            speed_ms={state.speed_ms} on_screen={state.on_screen} />
                    </section>
                    if state.compare.is_some() {
                        <Compare lang={lang} protocol={state.view.protocol()} compare={state.compare} comparison={state.comparison.clone()}
                            history={state.history()} cursor={state.cursor} dispatch={dispatch.clone()} />
                    }
                    <aside class="side">
                        <DecisionPanel lang={lang} history={state.history()}
                            cursor={state.cursor} dispatch={dispatch.clone()} />
                        // `&spacetime`: the space-time diagram, open.
                        if link::query_flag("spacetime") {
                            <SpaceTime lang={lang} history={state.history()} cursor={state.cursor} dispatch={dispatch.clone()} open=true />
                        }
                    </aside>
                </div>
            </div>
        };
    }

    html! {
        <div class="app" ref={root}>
            <Header lang={lang} protocol={state.view.protocol()} preset={state.preset} title={state.title.clone()}
                dispatch={dispatch.clone()} />
            <p class="tagline">{ label(lang, Label::Tagline) }</p>
            <Player lang={lang} cursor={state.cursor} len={len} playing={state.playing} speed_ms={state.speed_ms}
                can_undo={state.undo.is_some()} marks={(*marks).clone()} dispatch={dispatch.clone()}
                difference={difference} />
            { link_alert }
            <ShareBar lang={lang} state={Rc::new((*state).clone())} />
            if let Some(notice) = &state.notice {
                <NoticeBar lang={lang} notice={notice.clone()} names={Rc::new(names.clone())} dispatch={dispatch.clone()} />
            }
            <div class="layout">
                <section class="lanes" aria-label={label(lang, Label::Partition)}>
                    <Controls lang={lang} view={state.view.clone()} next_value={state.next_value()} dispatch={dispatch.clone()} />
                    if state.view.leader().is_none() {
                        <p class="notice offline" role="status" data-testid="offline">
                            { label(lang, if state.view.has_elr() { Label::OfflineKraft } else { Label::Offline }) }
                        </p>
                    }
                    { for (0..state.view.brokers().len()).map(|ix| html! {
                        <Lane key={ix} view={state.view.clone()} ix={ix} lang={lang}
                            selected={state.selected == Some(ix)} interactive={true}
                            ghosts={ghosts[ix].clone()} last_restart={restarts[ix]}
                            dispatch={dispatch.clone()} />
                    }) }
                    // Messages in motion between the lanes.
                    <Flights lang={lang} history={state.history()} cursor={state.cursor} playing={state.playing}
                        speed_ms={state.speed_ms} on_screen={state.on_screen} />
                </section>
                <Compare lang={lang} protocol={state.view.protocol()} compare={state.compare} comparison={state.comparison.clone()}
                    history={state.history()} cursor={state.cursor} dispatch={dispatch.clone()} />
                <aside class="side">
                    <Violations lang={lang} view={state.view.clone()} marks={(*marks).clone()} dispatch={dispatch.clone()} />
                    <DecisionPanel lang={lang} history={state.history()}
                        cursor={state.cursor} dispatch={dispatch.clone()} />
                    <EventLog lang={lang} history={state.history()}
                        cursor={state.cursor} dispatch={dispatch.clone()} />
                    // The space-time diagram.
                    <SpaceTime lang={lang} history={state.history()} cursor={state.cursor} dispatch={dispatch.clone()} />
                </aside>
            </div>
            <Editor lang={lang} history={state.history()} title={state.title.clone()} source={state.source.clone()}
                dispatch={dispatch.clone()} />
            <crate::components::checker::CheckerPanel lang={lang} history={state.history()} dispatch={dispatch.clone()} />
            <div class="sr-only" aria-live="polite" data-testid="announcer">{ announcement }</div>
            if state.help_open {
                <Help lang={lang} dispatch={dispatch.clone()} />
            }
        </div>
    }
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
        // The widget's own bottom edge: the document is never shorter than the iframe.
        let bottom = watched.get_bounding_client_rect().bottom() + window.scroll_y().unwrap_or(0.0);
        let height = bottom.ceil() as i32 + 8;
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"replabHeight".into(), &height.into());
        if let Ok(Some(parent)) = window.parent() {
            let _ = parent.post_message(&message, "*");
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
    if e.ctrl_key() || e.meta_key() || e.alt_key() {
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

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::App;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    async fn settle() {
        yew::platform::time::sleep(std::time::Duration::from_millis(30)).await;
    }

    fn mount() -> web_sys::Element {
        let document = gloo::utils::document();
        let root = document.create_element("div").expect("div");
        document.body().expect("body").append_child(&root).expect("append");
        yew::Renderer::<App>::with_root(root.clone()).render();
        root
    }

    fn click(root: &web_sys::Element, testid: &str) {
        let el: web_sys::HtmlElement = root
            .query_selector(&format!("[data-testid={testid}]"))
            .expect("query")
            .unwrap_or_else(|| panic!("{testid} is there"))
            .dyn_into()
            .expect("html element");
        el.click();
    }

    fn attr(root: &web_sys::Element, testid: &str, name: &str) -> Option<String> {
        root.query_selector(&format!("[data-testid={testid}]"))
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute(name))
    }

    #[wasm_bindgen_test]
    async fn produce_and_fetch_move_the_lanes() {
        let root = mount();
        settle().await;
        assert_eq!(attr(&root, "broker-A", "data-role").as_deref(), Some("leader"));
        click(&root, "produce");
        settle().await;
        assert_eq!(attr(&root, "broker-A", "data-leo").as_deref(), Some("1"));
        assert_eq!(attr(&root, "record-A-0", "data-epoch").as_deref(), Some("0"));
        click(&root, "fetch-B");
        settle().await;
        assert_eq!(attr(&root, "broker-B", "data-leo").as_deref(), Some("1"));
        assert_eq!(attr(&root, "step", "data-step").as_deref(), Some("2"));
        click(&root, "step-back");
        settle().await;
        assert_eq!(attr(&root, "broker-B", "data-leo").as_deref(), Some("0"));
        root.remove();
    }

    /// Panics abort in wasm, so the hook's work is called directly.
    #[wasm_bindgen_test]
    fn a_panic_shows_a_banner_with_a_reload_button() {
        crate::panic_banner::show();
        crate::panic_banner::show(); // once only
        assert_eq!(
            gloo::utils::document()
                .query_selector_all("#panic-banner")
                .expect("query")
                .length(),
            1
        );
        let banner = gloo::utils::document()
            .get_element_by_id("panic-banner")
            .expect("banner shown");
        assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
        let button = banner.query_selector("button").expect("query").expect("reload button");
        assert_eq!(button.get_attribute("onclick").as_deref(), Some("location.reload()"));
        banner.remove();
    }
}
