//! The page's side of its Web Worker (`crates/worker`: the checker and the
//! figure export), which the page downloads the first time a reader uses either:
//! start one, hear its messages and failures, and stop it by dropping it.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The worker's loader (Trunk's `data-loader-shim`), beside the page.
const WORKER_URL: &str = "./replab-worker_loader.js";

/// A started worker and its handlers; dropping it stops the worker.
pub struct Spawned {
    pub worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for Spawned {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// What a thrown JS value says.
pub fn js_error(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_default()
}

/// Starts the worker: `on_message` hears each message it posts (the worker
/// handle comes with it, to answer), `on_error` what the browser says when it
/// fails to load or stops.
pub fn spawn(
    mut on_message: impl FnMut(&web_sys::Worker, JsValue) + 'static,
    mut on_error: impl FnMut(String) + 'static,
) -> Result<Spawned, String> {
    let worker = web_sys::Worker::new(WORKER_URL).map_err(js_error)?;
    let on_message = {
        let worker = worker.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| on_message(&worker, e.data()))
    };
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        // Handled here: not an uncaught error of the page.
        e.prevent_default();
        let text = e
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .unwrap_or_default();
        on_error(text);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Spawned {
        worker,
        _on_message: on_message,
        _on_error: on_error,
    })
}
