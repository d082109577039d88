//! What the app starts with. A pre-rendered page declares its story (a
//! scenario, the step shown, the language, whether it is an embed) in a JSON
//! script beside its markup; the pre-render and the browser build the first
//! state from that same value (`Start::of`), so the wasm's first frame is the
//! one already on screen. Nothing here is read while rendering: the browser's
//! address and storage are read once, before the first render (`in_browser`).

use crate::state::{AppState, Loaded};
use replab_core::scenario;
use replab_core::Protocol;
use replab_narrate::Lang;
use std::rc::Rc;

/// The element the app renders into (and the pre-render fills).
pub const HOST: &str = "replab";
/// The JSON script that holds a pre-rendered page's story.
pub const STORY: &str = "replab-story";

/// A page's story: what it shows, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Story {
    /// The scenario text.
    pub text: Rc<str>,
    /// The preset it is, if one.
    pub preset: Option<&'static str>,
    /// The protocol it runs under (the scenario's own if None).
    pub protocol: Option<Protocol>,
    /// The step shown (the end if None).
    pub step: Option<usize>,
    pub lang: Lang,
    pub embed: bool,
    /// An embed's full page (relative to it), where "Open the full app" leads
    /// until the embed has made its own link (and with no JavaScript at all).
    pub page: Option<Rc<str>>,
    /// The story a first visit tells (`index.html` with no link): shown in
    /// the reader's language, and only to a plain visit; a link or `?embed`
    /// opens what it opens without it.
    pub first_visit: bool,
}

/// The app's first state, and what the page's address adds to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    pub state: AppState,
    /// `&spacetime`: an embed shows the space-time diagram, open.
    pub spacetime: bool,
    /// The share link in the address when the page opened, if any (an embed's
    /// link to the full app until it makes its own).
    pub address: Option<Rc<str>>,
}

impl Start {
    /// The language the page opens in.
    pub fn lang(&self) -> Lang {
        self.state.lang
    }

    /// The same start in another language.
    pub fn in_lang(mut self, lang: Lang) -> Start {
        self.state.lang = lang;
        self
    }

    /// The page with no story: the default partition.
    pub fn empty(lang: Lang, embed: bool) -> Start {
        Start {
            state: AppState::new(lang, embed),
            spacetime: false,
            address: None,
        }
    }

    /// The page showing `story`; None if its scenario does not load (the page
    /// then opens on the default partition).
    pub fn of(story: &Story) -> Option<Start> {
        let script = scenario::parse(&story.text).ok()?;
        let mut loaded = Loaded::build(&script, story.text.clone(), story.protocol, story.preset).ok()?;
        loaded.step = story.step.filter(|&k| k <= loaded.timeline.len());
        let state = AppState::new(story.lang, story.embed).loaded(loaded);
        Some(Start {
            state,
            spacetime: false,
            address: story.page.clone(),
        })
    }
}

/// The story a pre-rendered page declares, as the browser reads it.
#[cfg(target_arch = "wasm32")]
fn page_story() -> Option<Story> {
    use wasm_bindgen::JsValue;
    let json = gloo::utils::document().get_element_by_id(STORY)?.text_content()?;
    let value = js_sys::JSON::parse(&json).ok()?;
    let get = |key: &str| js_sys::Reflect::get(&value, &JsValue::from_str(key)).ok();
    let text = get("text")?.as_string()?;
    Some(Story {
        text: text.into(),
        preset: get("preset")
            .and_then(|p| p.as_string())
            .and_then(|p| crate::presets::find(&p))
            .map(|p| p.id),
        protocol: get("protocol")
            .and_then(|p| p.as_string())
            .and_then(|p| Protocol::from_name(&p)),
        step: get("step").and_then(|s| s.as_f64()).map(|s| s as usize),
        lang: get("lang")
            .and_then(|l| l.as_string())
            .and_then(|l| Lang::from_code(&l))
            .unwrap_or(Lang::EN),
        embed: get("embed").and_then(|e| e.as_bool()).unwrap_or(false),
        page: get("page").and_then(|p| p.as_string()).map(Rc::from),
        first_visit: get("first_visit").and_then(|f| f.as_bool()).unwrap_or(false),
    })
}

#[cfg(not(target_arch = "wasm32"))]
fn page_story() -> Option<Story> {
    None
}

/// What the app starts with in the browser: the page's story (its language
/// and form are the author's), else the default partition in the reader's
/// language; a share link in the address is then opened (`opening`). A first
/// visit's story is told in the reader's language, and only to a visit with
/// no link and no `?embed`, which open on the default partition as before.
pub fn in_browser() -> Start {
    let hash = crate::link::current_hash();
    let plain = hash.is_empty() && !crate::link::is_embed();
    let mut start = page_story()
        .and_then(|s| match s.first_visit {
            false => Start::of(&s),
            true if plain => Start::of(&Story {
                lang: crate::languages::initial_lang(),
                ..s
            }),
            true => None,
        })
        .unwrap_or_else(|| Start::empty(crate::languages::initial_lang(), crate::link::is_embed()));
    start.state.embed |= crate::link::is_embed();
    start.state.opening = !hash.is_empty();
    start.spacetime = crate::link::query_flag("spacetime");
    if !hash.is_empty() {
        start.address = Some(Rc::from(format!("{}#{hash}", crate::link::page_base())));
    }
    start
}
