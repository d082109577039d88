//! The checker panel's place in the page: its heading always, its body from the
//! panels module (crates/panels), which the page imports and mounts the first time
//! the reader opens the panel, so that none of it is in the first download. The
//! body is given the language and the history's header, and hands back the
//! scenario text of a history the reader replays, which loads as the editor's
//! Load does.

use crate::state::Loaded;
use replab_core::scenario;
use replab_narrate::{label, Label, Lang};
use replab_worker::client::js_error;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

// The module is imported once, from beside the page, when the reader reaches for
// the panel (pointer, focus) or opens it; an import that failed is tried again
// the next time, under another address (a browser may keep a module that failed
// to load as failed for the page's life).
#[wasm_bindgen(inline_js = r#"
let panels, tries = 0;
function panelsModule() {
  if (!panels) {
    const url = (name) => new URL(name, document.baseURI).href;
    const again = tries++ ? `?try=${tries}` : '';
    panels = import(url('replab-panels.js' + again)).then(async (m) => {
      await m.default({ module_or_path: url('replab-panels_bg.wasm') });
      return m;
    });
    panels.catch(() => { panels = undefined; });
  }
  return panels;
}
export function preload_panels() { panelsModule().catch(() => {}); }
// The module trapped (index.html's replab-panels-stopped): the next mount imports
// a new one.
export function forget_panels() { panels = undefined; }
export function mount_checker(host, lang, header, load) {
  return panelsModule().then((m) => m.mount_checker(host, lang, header, load));
}
"#)]
extern "C" {
    fn preload_panels();
    fn forget_panels();

    #[wasm_bindgen(catch)]
    async fn mount_checker(
        host: web_sys::Element,
        lang: &str,
        header: &str,
        load: &js_sys::Function,
    ) -> Result<JsValue, JsValue>;

    /// The mounted body (the panels module's `CheckerPanel`).
    type Mounted;
    #[wasm_bindgen(method, catch)]
    fn update(this: &Mounted, lang: &str, header: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    fn destroy(this: &Mounted);
}

#[derive(Properties, PartialEq)]
pub struct CheckerProps {
    pub lang: Lang,
    /// The shown history's header (brokers, protocol, settings) as scenario
    /// text: where the checker starts.
    pub header: Rc<str>,
    /// Loads the history found (Replay).
    pub on_load: Callback<Rc<Loaded>>,
}

/// The body's state.
#[derive(Clone, PartialEq)]
enum Body {
    NotYet,
    Loading,
    Mounted,
    /// The import or the mount failed: what the browser said.
    Failed(Rc<str>),
    /// The module trapped (a panic, say): the page goes on without it.
    Stopped,
}

#[function_component(CheckerPanel)]
pub fn checker_panel(p: &CheckerProps) -> Html {
    let lang = p.lang;
    let host = use_node_ref();
    let body = use_state(|| Body::NotYet);
    let mounted = use_mut_ref(|| None::<Mounted>);
    let header = p.header.clone();
    // The latest of each, read when a mount that started earlier completes.
    let given = use_mut_ref(|| (lang, header.clone()));
    *given.borrow_mut() = (lang, header.clone());
    let on_load = use_mut_ref(|| p.on_load.clone());
    *on_load.borrow_mut() = p.on_load.clone();
    // Called by the body with a scenario's text: loaded only if it parses and loads.
    let load = use_memo((), move |_| {
        Closure::<dyn Fn(String)>::new(move |text: String| {
            let Ok(script) = scenario::parse(&text) else { return };
            if let Ok(loaded) = Loaded::build(&script, text.into(), None, None) {
                on_load.borrow().emit(Rc::new(loaded));
                // Up to the lanes, where the history is now.
                gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
            }
        })
    });
    {
        // The body goes with the panel (before the function it calls is dropped).
        let mounted = mounted.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(m) = mounted.borrow_mut().take() {
                    m.destroy();
                }
            }
        });
    }
    {
        let mounted = mounted.clone();
        use_effect_with((lang, header), move |(lang, header)| {
            if let Some(m) = mounted.borrow().as_ref() {
                let _ = m.update(lang.code(), header);
            }
        });
    }
    {
        // A trap stops the module only: what it drew goes, and a new one is
        // imported on Try again (nothing more is called in the one that stopped).
        let (host, body, mounted) = (host.clone(), body.clone(), mounted.clone());
        use_effect_with((), move |_| {
            let listener =
                gloo::events::EventListener::new(&gloo::utils::window(), "replab-panels-stopped", move |_| {
                    forget_panels();
                    mounted.borrow_mut().take();
                    if let Some(element) = host.cast::<web_sys::Element>() {
                        element.set_inner_html("");
                    }
                    body.set(Body::Stopped);
                });
            move || drop(listener)
        });
    }
    let open = {
        let (host, body, mounted, given) = (host.clone(), body.clone(), mounted.clone(), given.clone());
        move || {
            // A new element in the host for each mount: the module listens at the
            // element it is given, so one that stopped leaves with its element.
            let Some(element) = host.cast::<web_sys::Element>().and_then(|host| {
                let slot = gloo::utils::document().create_element("div").ok()?;
                host.set_inner_html("");
                host.append_child(&slot).ok()?;
                Some(slot)
            }) else {
                return;
            };
            body.set(Body::Loading);
            let (body, mounted, given, load) = (body.clone(), mounted.clone(), given.clone(), load.clone());
            yew::platform::spawn_local(async move {
                let (lang, header) = given.borrow().clone();
                let function: &js_sys::Function = (*load).as_ref().unchecked_ref();
                match mount_checker(element.clone(), lang.code(), &header, function).await {
                    Ok(m) => {
                        let m: Mounted = m.unchecked_into();
                        // The panel went away while the module loaded.
                        if !element.is_connected() {
                            m.destroy();
                            return;
                        }
                        // What changed while it loaded.
                        let (lang, header) = given.borrow().clone();
                        let _ = m.update(lang.code(), &header);
                        *mounted.borrow_mut() = Some(m);
                        body.set(Body::Mounted);
                    }
                    Err(e) => body.set(Body::Failed(js_error(e).into())),
                }
            });
        }
    };
    let ontoggle = {
        let (body, open) = (body.clone(), open.clone());
        Callback::from(move |e: Event| {
            let opened = e.target_unchecked_into::<web_sys::HtmlDetailsElement>().open();
            if opened && *body == Body::NotYet {
                open();
            }
        })
    };
    let retry = Callback::from(move |_| open());
    // Reaching for the panel starts the import, so that opening it waits less.
    let reach = {
        let body = body.clone();
        Callback::from(move |_: ()| {
            if *body == Body::NotYet {
                preload_panels();
            }
        })
    };
    html! {
        <details class="panel checker" data-testid="checker" {ontoggle}>
            <summary data-testid="explore-open" onpointerenter={reach.reform(|_| ())} onfocus={reach.reform(|_| ())}
                ontouchstart={reach.reform(|_| ())}><h2>{ label(lang, Label::CheckerTitle) }</h2></summary>
            if *body == Body::Loading {
                <p class="hint" data-testid="panel-loading" aria-live="polite">{ label(lang, Label::PanelLoading) }</p>
            }
            if let Body::Failed(_) | Body::Stopped = &*body {
                <p class="error" role="alert" data-testid="panel-unavailable">
                    { match &*body {
                        Body::Failed(why) if !why.is_empty() => format!("{} ({why})", label(lang, Label::PanelUnavailable)),
                        Body::Stopped => label(lang, Label::PanelStopped).to_string(),
                        _ => label(lang, Label::PanelUnavailable).to_string(),
                    } }
                    { " " }<button data-testid="panel-retry" onclick={retry}>{ label(lang, Label::TryAgain) }</button>
                </p>
            }
            // The panels module's own: this page's Yew never renders into it.
            <div class="panel-body" ref={host}></div>
        </details>
    }
}
