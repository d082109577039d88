//! Parts of the page a story reader never reaches, each in a chunk of the
//! page's wasm that the browser fetches when a reader first opens it. The
//! page is built with the `split` feature (Trunk, `index.html`): a split
//! point (`split_point!`) is then a `wasm_split_helpers` function, which the
//! build's wasm-bindgen step (`crates/app/split/`) cuts out with everything
//! only it reaches; the chunk shares the page's memory, allocator and Yew.
//! Without the feature (native and wasm tests) a split point is the code
//! itself, ready at once.
//!
//! A panel opens at once with a loading line; its body follows when the chunk
//! arrives. A chunk that cannot be fetched says so with a Retry, and the rest
//! of the page goes on. Hovering or focusing a panel's heading fetches its
//! chunk ahead (`preload`).

use replab_narrate::{label, Label, Lang};
use std::fmt::Display;
use std::future::Future;
use std::rc::Rc;
use yew::prelude::*;

/// A split point: `$load` gives the chunk's entry (a render function, say),
/// fetching chunk `$chunk` first when the page is split; `$preload` only
/// fetches it.
macro_rules! split_point {
    ($(#[$doc:meta])* $chunk:ident, $preload:ident, $vis:vis fn $load:ident() -> $ret:ty $body:block) => {
        $(#[$doc])*
        #[cfg(feature = "split")]
        #[wasm_split_helpers::wasm_split($chunk, fallible, preload($preload))]
        #[allow(unused_braces)]
        $vis fn $load() -> Result<$ret, wasm_split_helpers::SplitLoaderError> {
            Ok($body)
        }

        $(#[$doc])*
        #[cfg(not(feature = "split"))]
        #[allow(unused_braces)]
        $vis async fn $load() -> Result<$ret, std::convert::Infallible> {
            Ok($body)
        }

        /// Nothing to fetch: the page is not split.
        #[cfg(not(feature = "split"))]
        $vis async fn $preload() -> Result<(), std::convert::Infallible> {
            Ok(())
        }
    };
}
pub(crate) use split_point;

/// A panel's body as a split point (`split_point!`, its entry the body's
/// render function), and `$loaded`, the component that shows it: the loading
/// line, then the body `$body` with the same props, or the failure and Retry.
macro_rules! split_panel {
    ($(#[$doc:meta])* $chunk:ident, $preload:ident, $load:ident, $loaded:ident($props:ty) => $body:ident) => {
        $crate::components::chunk::split_point!(
            $(#[$doc])* $chunk, $preload, pub(crate) fn $load() -> fn(&$props) -> Html {
                |p| html! { <$body ..p.clone() /> }
            }
        );

        /// The body once its chunk is there.
        #[function_component($loaded)]
        fn loaded(p: &$props) -> Html {
            let (body, retry) = $crate::components::chunk::use_chunk($load);
            $crate::components::chunk::view(p.lang, &body, &retry, |render| render(p))
        }
    };
}
pub(crate) use split_panel;

/// Whether a panel (a `<details>`) was ever opened, and its toggle handler:
/// a panel draws its body from its first opening on.
#[hook]
pub fn use_opened() -> (bool, Callback<Event>) {
    let opened = use_state(|| false);
    let ontoggle = {
        let opened = opened.clone();
        Callback::from(move |e: Event| {
            if e.target_unchecked_into::<web_sys::HtmlDetailsElement>().open() {
                opened.set(true);
            }
        })
    };
    (*opened, ontoggle)
}

/// Where a chunk is.
pub enum Chunk<R> {
    Loading,
    Ready(R),
    /// It could not be fetched: what the browser said.
    Failed(Rc<str>),
}

/// Fetches the chunk behind `load` once (and again on Retry): its state, and
/// the Retry callback.
#[hook]
pub fn use_chunk<R, E, F>(load: fn() -> F) -> (Rc<Chunk<R>>, Callback<()>)
where
    R: 'static,
    E: Display + 'static,
    F: Future<Output = Result<R, E>> + 'static,
{
    let state = use_state(|| Rc::new(Chunk::Loading));
    let attempt = use_state(|| 0u32);
    {
        let state = state.clone();
        use_effect_with(*attempt, move |_| {
            state.set(Rc::new(Chunk::Loading));
            yew::platform::spawn_local(async move {
                state.set(Rc::new(match load().await {
                    Ok(entry) => Chunk::Ready(entry),
                    Err(e) => Chunk::Failed(e.to_string().into()),
                }));
            });
        });
    }
    let retry = Callback::from(move |_| attempt.set(*attempt + 1));
    ((*state).clone(), retry)
}

/// A chunk's body once it is there; before, a loading line; after a failed
/// fetch, what went wrong and a Retry.
pub fn view<R>(lang: Lang, chunk: &Chunk<R>, retry: &Callback<()>, body: impl FnOnce(&R) -> Html) -> Html {
    match chunk {
        Chunk::Ready(entry) => body(entry),
        Chunk::Loading => html! {
            <p class="chunk-loading" data-testid="chunk-loading" aria-live="polite">{ label(lang, Label::ChunkLoading) }</p>
        },
        Chunk::Failed(why) => failed(lang, why, retry),
    }
}

/// A chunk that could not be fetched: what the browser said, and a Retry.
pub fn failed(lang: Lang, why: &str, retry: &Callback<()>) -> Html {
    html! {
        <p class="chunk-failed" data-testid="chunk-failed" role="alert">
            { label(lang, Label::ChunkFailed) }{ " (" }{ why.to_string() }{ ") " }
            <button data-testid="chunk-retry" onclick={retry.reform(|_| ())}>{ label(lang, Label::ChunkRetry) }</button>
        </p>
    }
}

/// Buttons whose work is in a chunk: `call` runs the chunk's entry with its
/// input once the chunk is there. A chunk that could not be fetched leaves
/// what the browser said in `failed`, and `retry` calls again with the same
/// input.
pub struct Calls<I: 'static> {
    pub call: Callback<I>,
    pub failed: Option<Rc<str>>,
    pub retry: Callback<()>,
}

/// `Calls` for the chunk behind `load`, whose entry takes the input.
#[hook]
pub fn use_chunk_calls<I, E, F>(load: fn() -> F) -> Calls<I>
where
    I: Clone + 'static,
    E: Display + 'static,
    F: Future<Output = Result<fn(I), E>> + 'static,
{
    let failure = use_state(|| None::<(Rc<str>, I)>);
    let call = {
        let failure = failure.clone();
        Callback::from(move |input: I| {
            let failure = failure.clone();
            yew::platform::spawn_local(async move {
                match load().await {
                    Ok(entry) => {
                        if failure.is_some() {
                            failure.set(None);
                        }
                        entry(input);
                    }
                    Err(e) => failure.set(Some((e.to_string().into(), input))),
                }
            });
        })
    };
    let retry = {
        let (failure, call) = (failure.clone(), call.clone());
        Callback::from(move |_| {
            if let Some((_, input)) = (*failure).clone() {
                call.emit(input);
            }
        })
    };
    Calls {
        call,
        failed: failure.as_ref().map(|(why, _)| why.clone()),
        retry,
    }
}

/// Fetches a chunk ahead (a reader's pointer or focus on its panel's heading),
/// as a handler: a failure is left to the panel's own fetch to say.
pub fn preload<Ev, F, E>(preload: fn() -> F) -> Callback<Ev>
where
    Ev: 'static,
    F: Future<Output = Result<(), E>> + 'static,
{
    Callback::from(move |_| yew::platform::spawn_local(async move { drop(preload().await) }))
}

/// A panel's heading (its `<summary>`): pointing at it or focusing it fetches
/// the body's chunk ahead.
pub fn heading<F, E>(testid: &'static str, ahead: fn() -> F, title: &str) -> Html
where
    F: Future<Output = Result<(), E>> + 'static,
{
    html! {
        <summary data-testid={testid} onmouseenter={preload(ahead)} onfocus={preload(ahead)}>
            <h2>{ title.to_string() }</h2>
        </summary>
    }
}

/// Fetches a chunk ahead, its failure left to its panel's own fetch to say.
pub fn fetch<F, E>(preload: fn() -> F)
where
    F: Future<Output = Result<(), E>> + 'static,
{
    yew::platform::spawn_local(async move { drop(preload().await) });
}
