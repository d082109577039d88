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

/// A worker for the page's figures, started on the first request: requests
/// sent before it listens wait for its `ready`, each request is numbered
/// (`job`), and only the replies to the latest reach `on_reply`. Dropping the
/// session stops its worker.
pub struct Session {
    inner: std::rc::Rc<std::cell::RefCell<Waiting>>,
    on_reply: std::rc::Rc<dyn Fn(JsValue)>,
    on_error: std::rc::Rc<dyn Fn(String)>,
}

/// The worker, whether it listens, the request waiting for that, and the
/// number of the latest request.
#[derive(Default)]
struct Waiting {
    spawned: Option<Spawned>,
    ready: bool,
    queued: Option<JsValue>,
    job: u32,
}

fn field(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

impl Session {
    /// A session whose replies go to `on_reply` and whose worker's failure (it
    /// did not load, or it stopped) to `on_error`.
    pub fn new(on_reply: impl Fn(JsValue) + 'static, on_error: impl Fn(String) + 'static) -> Session {
        Session {
            inner: Default::default(),
            on_reply: std::rc::Rc::new(on_reply),
            on_error: std::rc::Rc::new(on_error),
        }
    }

    /// Sends `request` (a plain object with its `type`; its `job` is set
    /// here), starting the worker if need be. Replies to earlier requests are
    /// dropped from now on.
    pub fn send(&self, request: &js_sys::Object) {
        let mut w = self.inner.borrow_mut();
        w.job += 1;
        let _ = js_sys::Reflect::set(request, &"job".into(), &w.job.into());
        if w.spawned.is_none() {
            let (inner, on_reply) = (std::rc::Rc::downgrade(&self.inner), self.on_reply.clone());
            let on_message = move |worker: &web_sys::Worker, data: JsValue| {
                let Some(inner) = inner.upgrade() else { return };
                let mut w = inner.borrow_mut();
                if field(&data, "type").as_string().as_deref() == Some("ready") {
                    w.ready = true;
                    if let Some(request) = w.queued.take() {
                        let _ = worker.post_message(&request);
                    }
                    return;
                }
                let latest = field(&data, "job").as_f64() == Some(f64::from(w.job));
                drop(w);
                if latest {
                    on_reply(data);
                }
            };
            let on_error = self.on_error.clone();
            match spawn(on_message, move |text| on_error(text)) {
                Ok(spawned) => w.spawned = Some(spawned),
                Err(e) => {
                    drop(w);
                    (self.on_error)(e);
                    return;
                }
            }
        }
        match (&w.spawned, w.ready) {
            (Some(spawned), true) => {
                let _ = spawned.worker.post_message(request);
            }
            _ => w.queued = Some(request.into()),
        }
    }
}
