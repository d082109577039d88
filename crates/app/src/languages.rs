//! The page carries English alone; another language's messages are a file
//! beside the page (`lang/<code>.msg`, written by `replab prerender`), fetched
//! once when the reader switches to it or the page opens in it, and installed
//! into the catalogue. Once fetched, a switch is instant. The reader's choice
//! is remembered in the browser's storage.

use replab_narrate::catalogue;
use replab_narrate::Lang;

/// Where a language's file is kept, relative to the page.
pub fn file(lang: Lang) -> String {
    format!("lang/{}.msg", lang.code())
}

/// Whether the page can speak `lang` now.
pub fn ready(lang: Lang) -> bool {
    catalogue::has(lang)
}

/// Makes `lang` speakable: fetches and installs its file unless it is here
/// already. Err says why not; the page goes on in the language it speaks.
pub async fn fetch(lang: Lang) -> Result<(), String> {
    if ready(lang) {
        return Ok(());
    }
    let text = crate::presets::fetch_text(&file(lang)).await?;
    catalogue::install(lang, &text).map_err(|e| e.to_string())
}

/// Runs `then` in `lang`: at once when it is here, else once fetched; a
/// failed fetch runs `failed` with the reason.
pub fn when_ready(lang: Lang, then: impl FnOnce() + 'static, failed: impl FnOnce(String) + 'static) {
    if ready(lang) {
        then();
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        match fetch(lang).await {
            Ok(()) => then(),
            Err(e) => failed(e),
        }
    });
}

/// Where the reader's choice is kept.
const LANG_KEY: &str = "replab.lang";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The stored choice, else the browser's language, else English.
pub fn initial_lang() -> Lang {
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
        .unwrap_or(Lang::EN)
}

/// Remembers the reader's choice for the next visit.
pub fn remember(lang: Lang) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(LANG_KEY, lang.code());
    }
}
