//! The page carries English alone; another language's messages are a file
//! beside the page (`lang/<code>.msg`, written by `replab prerender`), fetched
//! once when the reader switches to it or the page opens in it, and installed
//! into the catalogue. Once fetched, a switch is instant.

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
