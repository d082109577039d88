//! The visualizer's entry point.

mod api;
mod app;
mod components;
mod hooks;
mod link;
mod panic_banner;
mod presets;
mod state;

// What a step shows, shared with the runner.
use replab_view::{badges, decision_text, history, svg};

fn main() {
    panic_banner::install();
    // index.html's skeleton gives way to the app in the same frame (Yew empties
    // the body it renders into). With a link in the address it is put back, and
    // stays until the link has opened (app.rs).
    let skeleton = gloo::utils::document().get_element_by_id("skeleton");
    yew::Renderer::<app::App>::new().render();
    if let Some(skeleton) = skeleton.filter(|_| !link::current_hash().is_empty()) {
        let _ = gloo::utils::body().prepend_with_node_1(&skeleton);
    }
}

/// index.html paints the page's frame before the wasm runs, with the app's
/// title, tagline and protocols' notes written out in both languages, and makes the
/// error banner a dead wasm cannot make: they must stay the app's own words.
#[cfg(test)]
mod frame_words {
    use replab_narrate::{label, protocol_note, Label, Lang};

    #[test]
    fn index_html_carries_the_apps_words_in_both_languages() {
        let html = include_str!("../../../index.html").replace("\\'", "'");
        for lang in [Lang::En, Lang::Zh] {
            for words in [label(lang, Label::AppTitle), label(lang, Label::Tagline)] {
                assert!(html.contains(&format!("'{words}'")), "index.html lacks {words:?}");
            }
            // Every protocol's note: a link under any of them gets its header.
            for protocol in replab_core::Protocol::ALL {
                let words = protocol_note(lang, protocol);
                assert!(html.contains(&format!("'{words}'")), "index.html lacks {words:?}");
            }
        }
        // The page's own protocol when no link names one.
        let protocol = crate::state::default_setup().protocol;
        assert!(html.contains(&format!("notes['{}']", protocol.name())));
        // The banner: both languages at once, as the panic hook's own fallback.
        let message = format!(
            "{} {}",
            label(Lang::En, Label::PanicMessage),
            label(Lang::Zh, Label::PanicMessage)
        );
        let reload = format!(
            "{} / {}",
            label(Lang::En, Label::Reload),
            label(Lang::Zh, Label::Reload)
        );
        for words in [message, reload] {
            assert!(html.contains(&format!("'{words}'")), "index.html lacks {words:?}");
        }
    }

    /// The frame draws a link's lanes only up to the brokers a link can hold.
    #[test]
    fn index_html_draws_at_most_the_cores_brokers() {
        let html = include_str!("../../../index.html");
        let max = replab_core::broker_set::MAX_BROKERS;
        assert!(html.contains(&format!("n <= {max})")), "index.html's cap is not {max}");
    }
}
