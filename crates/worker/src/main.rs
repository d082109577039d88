//! The worker's entry point. Trunk builds it for wasm32 with a loader shim
//! (`replab-worker_loader.js`) that the page starts with `new Worker(url)`; the
//! shim loads the wasm, which runs `main`: listen, then say so.

#[cfg(target_arch = "wasm32")]
fn main() {
    use replab_worker::figure::{
        figure, figure_unreadable, frame, gif_reply, matrix_figure, spacetime, FigureReply, FigureRequest,
        FrameRequest, MatrixFigureRequest, SpaceTimeRequest,
    };
    use replab_worker::message::{from_js, to_js, SearchReply, SearchRequest};
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |reply: SearchReply| {
            if let Ok(message) = to_js(&reply) {
                let _ = scope.post_message(&message);
            }
        }
    };
    // Runs to the end without yielding: progress is posted as it goes, and the
    // page stops a run by terminating the worker.
    let on_message = {
        let post = post.clone();
        let scope = scope.clone();
        // A figure's reply, to the page.
        let answer = {
            let scope = scope.clone();
            move |reply: FigureReply| {
                if let Ok(message) = to_js(&reply) {
                    let _ = scope.post_message(&message);
                }
            }
        };
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let data = e.data();
            let kind = js_sys::Reflect::get(&data, &"type".into())
                .ok()
                .and_then(|t| t.as_string());
            match kind.as_deref() {
                // The export dialog's: a figure, then the GIF of its pictures.
                Some("figure") => answer(match from_js::<FigureRequest>(data) {
                    Ok(request) => figure(&request),
                    Err(error) => figure_unreadable(&error.to_string()),
                }),
                // The space-time diagram's.
                Some("spacetime") => answer(match from_js::<SpaceTimeRequest>(data) {
                    Ok(request) => spacetime(&request),
                    Err(error) => figure_unreadable(&error.to_string()),
                }),
                // The share bar's Download SVG.
                Some("frame") => answer(match from_js::<FrameRequest>(data) {
                    Ok(request) => frame(&request),
                    Err(error) => figure_unreadable(&error.to_string()),
                }),
                // The safety matrix panel's download.
                Some("matrix-figure") => answer(match from_js::<MatrixFigureRequest>(data) {
                    Ok(request) => matrix_figure(&request),
                    Err(error) => figure_unreadable(&error.to_string()),
                }),
                Some("gif") => {
                    let _ = scope.post_message(&gif_reply(&data));
                }
                // For the page's tests: the worker traps, as it would on a bug
                // or out of memory, so the page's handling of it can be seen.
                Some("trap") => panic!("the page asked this worker to trap"),
                // The checker's.
                _ => match from_js::<SearchRequest>(data) {
                    Ok(request) => replab_worker::run_paced(&request, js_sys::Date::now, &post),
                    Err(error) => post(replab_worker::unreadable(&error.to_string())),
                },
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its handler: until the page terminates it.
    on_message.forget();
    post(SearchReply::Ready);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("replab-worker is a Web Worker: Trunk builds it for wasm32 (see index.html); `replab explore` is the checker on the command line");
    std::process::exit(2);
}
