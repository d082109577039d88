//! The page's rarely used panels, a wasm module of their own. The page (crates/app)
//! draws each panel's heading; the first time a reader opens one, it imports this
//! module and mounts the panel's body into an element of its own, with the little
//! it needs as plain values (the language, the history's header), and a function
//! to hand a scenario back. None of this is in the page's first download.
//!
//! Two Yew apps share the document here, each in its own wasm instance: the page
//! listens at `<body>` for every event below it and tells its own elements from
//! another app's by the number of the root they belong to. Each instance numbers
//! its roots from 1, so `main` first takes numbers the page's app could use (it
//! has one root, numbered 1) with roots that are made and dropped at once.

mod checker;

use replab_core::scenario;
use replab_narrate::Lang;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

/// Root numbers reserved for the page's app (it uses one).
const PAGE_ROOTS: usize = 8;

#[function_component(Nothing)]
fn nothing() -> Html {
    Html::default()
}

fn main() {
    // A panic traps the module (panic = "abort"), and index.html's banner says
    // the page stopped; the console keeps what the panic said.
    std::panic::set_hook(Box::new(|info| web_sys::console::error_1(&info.to_string().into())));
    let document = gloo::utils::document();
    for _ in 0..PAGE_ROOTS {
        if let Ok(detached) = document.create_element("div") {
            yew::Renderer::<Nothing>::with_root(detached).render().destroy();
        }
    }
}

/// The checker panel's body, mounted: the page updates it when the language or
/// the history's header changes.
#[wasm_bindgen]
pub struct CheckerPanel {
    app: yew::AppHandle<checker::CheckerPanel>,
    on_load: Callback<Rc<str>>,
}

fn props(lang: &str, header: &str, on_load: Callback<Rc<str>>) -> Result<checker::CheckerProps, JsError> {
    let lang = Lang::from_code(lang).ok_or_else(|| JsError::new(&format!("no language '{lang}'")))?;
    let script = scenario::parse(header).map_err(|e| JsError::new(&format!("the header does not parse: {e:?}")))?;
    Ok(checker::CheckerProps {
        lang,
        setup: Rc::new(script.setup(None)),
        header: header.into(),
        on_load,
    })
}

/// Mounts the checker panel into `host`. `lang`: "en" or "zh"; `header`: the
/// current history's header as scenario text; `load`: called with the scenario
/// text of a history the reader replays.
#[wasm_bindgen]
pub fn mount_checker(
    host: web_sys::Element,
    lang: &str,
    header: &str,
    load: js_sys::Function,
) -> Result<CheckerPanel, JsError> {
    let on_load = Callback::from(move |text: Rc<str>| {
        let _ = load.call1(&JsValue::NULL, &JsValue::from_str(&text));
    });
    let props = props(lang, header, on_load.clone())?;
    Ok(CheckerPanel {
        app: yew::Renderer::with_root_and_props(host, props).render(),
        on_load,
    })
}

#[wasm_bindgen]
impl CheckerPanel {
    pub fn update(&mut self, lang: &str, header: &str) -> Result<(), JsError> {
        self.app.update(props(lang, header, self.on_load.clone())?);
        Ok(())
    }

    /// Unmounts the body (the page's panel is going away).
    pub fn destroy(self) {
        self.app.destroy();
    }
}
