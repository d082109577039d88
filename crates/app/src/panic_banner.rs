//! A Rust panic shows a visible banner with a reload button, never a dead page.

use replab_narrate::{label, Label, Lang};
use wasm_bindgen::JsCast;

pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
        show();
    }));
}

pub(crate) fn show() {
    // index.html's banner, the same one a trap or a failed start shows.
    if let Some(window) = web_sys::window() {
        let fail = js_sys::Reflect::get(&window, &"replabFail".into()).ok();
        if let Some(fail) = fail.as_ref().and_then(|f| f.dyn_ref::<js_sys::Function>()) {
            let _ = fail.call0(&window);
            return;
        }
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else { return };
    if document.get_element_by_id("panic-banner").is_some() {
        return;
    }
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    banner.set_id("panic-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-testid", "panic-banner");
    // In the page's language, as its root says (English while it is not
    // installed: the catalogue falls back).
    let lang = document
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|tag| Lang::from_code(&tag))
        .unwrap_or(Lang::EN);
    banner.set_text_content(Some(label(lang, Label::PanicMessage)));
    if let Ok(button) = document.create_element("button") {
        button.set_text_content(Some(label(lang, Label::Reload)));
        let _ = button.set_attribute("onclick", "location.reload()");
        let _ = banner.append_child(&button);
    }
    let _ = body.prepend_with_node_1(&banner);
}
