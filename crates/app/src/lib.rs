//! The visualizer: a Yew front end over the replication core. The same app
//! renders natively at build time (yew's `ssr`, the `ssr` feature: the page's
//! first frame, `prerender`) and in the browser, where it takes over that frame
//! (`run`).

pub mod api;
pub mod app;
pub mod components;
pub mod hooks;
pub mod languages;
pub mod link;
pub mod panic_banner;
#[cfg(feature = "ssr")]
pub mod prerender;
pub mod presets;
pub mod site;
pub mod start;
pub mod state;

// What a step shows, shared with the runner.
pub use replab_view::{badges, decision_text, history, svg};

/// Starts the app in the browser: reads what the page shows (its story, if it
/// was pre-rendered with one; the address; the stored language), builds the
/// very first frame the pre-render drew from it, and renders into the page's
/// host, replacing the pre-rendered markup in the same frame.
pub fn run() {
    panic_banner::install();
    let start = start::in_browser();
    // A page that opens in a language the page does not carry fetches it
    // first; if it cannot, the page opens in English.
    let lang = start.lang();
    if languages::ready(lang) {
        render(start);
    } else {
        wasm_bindgen_futures::spawn_local(async move {
            match languages::fetch(lang).await {
                Ok(()) => render(start),
                Err(why) => {
                    web_sys::console::error_1(&format!("replab: {}: {why}", languages::file(lang)).into());
                    render(start.in_lang(replab_narrate::Lang::EN));
                }
            }
        });
    }
}

fn render(start: start::Start) {
    let document = gloo::utils::document();
    let host = document
        .get_element_by_id(start::HOST)
        .unwrap_or_else(|| gloo::utils::body().into());
    yew::Renderer::<app::App>::with_root_and_props(
        host,
        app::AppProps {
            start: std::rc::Rc::new(start),
        },
    )
    .render();
}

/// A click on the pre-rendered frame's buttons before the app took over
/// (index.html keeps its button's test id): applied once the app has drawn
/// its first frame, on the same button of the app.
pub fn apply_kept_click() {
    use wasm_bindgen::JsCast;
    let window = gloo::utils::window();
    let Some(kept) = js_sys::Reflect::get(&window, &"replabKept".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return;
    };
    let Some(testid) = kept.call0(&window).ok().and_then(|id| id.as_string()) else {
        return;
    };
    let button = gloo::utils::document()
        .query_selector(&format!("#{} button[data-testid=\"{testid}\"]", start::HOST))
        .ok()
        .flatten()
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(button) = button {
        button.click();
    }
}

/// index.html makes the error banner a dead wasm cannot make: its own words,
/// before the pre-render gives it the page's, are the app's in English.
#[cfg(test)]
mod banner_words {
    use replab_narrate::{label, Label, Lang};

    #[test]
    fn index_html_carries_the_banners_english_words() {
        let html = include_str!("../../../index.html");
        for words in [label(Lang::EN, Label::PanicMessage), label(Lang::EN, Label::Reload)] {
            assert!(html.contains(&format!("|| '{words}'")), "index.html lacks {words:?}");
        }
    }
}
