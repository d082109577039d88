//! Copy a link to this step, copy an embed code, download the frame as SVG, and
//! export a strip, a PNG or a GIF of chosen steps (`export`).

use super::chunk;
use crate::link;
use replab_core::timeline::Timeline;
use replab_core::Protocol;
use replab_messages::client::Session;
use replab_messages::figure::FrameRequest;
use replab_narrate::{label, Label, Lang};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What a link, an embed code and a figure of the view are made of.
#[derive(Properties, PartialEq, Clone)]
pub struct ShareProps {
    pub lang: Lang,
    pub timeline: Timeline,
    pub cursor: usize,
    /// The scenario's own title (written into the link's text).
    pub title: Option<Rc<str>>,
    /// The title as the page shows it (figures, embed code).
    pub display_title: Rc<str>,
    /// The preset shown, if one: the name of exported files.
    pub preset: Option<&'static str>,
    /// The text of the scenario loaded: an unchanged preset's embed is its
    /// pre-rendered page.
    pub source: Option<Rc<str>>,
    pub compare: Option<Protocol>,
}

impl ShareProps {
    fn shared(&self) -> replab_share::Shared {
        link::shared_view(
            &self.timeline,
            self.title.as_deref(),
            self.cursor,
            self.compare,
            self.lang,
        )
    }
}

/// The preset shown, if the history is still exactly the preset's (under its
/// own protocol) and nothing is compared: its pre-rendered embed pages show it.
fn unchanged_preset(p: &ShareProps) -> Option<&'static str> {
    let preset = p.preset.filter(|_| p.compare.is_none())?;
    let script = crate::state::unchanged_story(p.source.as_deref()?, &p.timeline)?;
    // Its embed pages are drawn under its own protocol.
    (script.setup(None).protocol == p.timeline.setup().protocol).then_some(preset)
}

/// Puts `text` on the clipboard, then shows it, saying whether the copy worked
/// (a browser may refuse); either way it can be copied by hand.
fn copy_and_show(text: String, what: Label, shown: UseStateHandle<Option<(Label, String, bool)>>) {
    let Some(w) = web_sys::window() else { return };
    let promise = w.navigator().clipboard().write_text(&text);
    yew::platform::spawn_local(async move {
        let copied = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        shown.set(Some((what, text, copied)));
    });
}

/// Saves `content` as a file named `name`.
pub(crate) fn download(name: &str, mime: &str, content: &str) -> Option<()> {
    let parts = js_sys::Array::of1(&content.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    download_blob(name, &blob)
}

/// Saves `blob` as a file named `name`.
pub(crate) fn download_blob(name: &str, blob: &web_sys::Blob) -> Option<()> {
    let url = web_sys::Url::create_object_url_with_blob(blob).ok()?;
    let a: web_sys::HtmlAnchorElement = gloo::utils::document().create_element("a").ok()?.dyn_into().ok()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url).ok()
}

/// What the share bar shows after a copy: what was copied, the text, and
/// whether the clipboard took it.
type Shown = UseStateHandle<Option<(Label, String, bool)>>;

/// The share bar's buttons.
#[derive(Clone, Copy)]
pub enum Button {
    /// Copy a link to this step.
    Link,
    /// Copy the embed code, and show the same figure as a `<replab-figure>`.
    Embed,
    /// Download the frame as SVG.
    Svg,
}

/// What the share bar's buttons change: what it shows after a copy, the
/// `<replab-figure>` code beside an embed code, and the worker that draws the
/// SVG (kept for the next save).
#[derive(Clone)]
pub struct Bar {
    shown: Shown,
    element: UseStateHandle<Option<String>>,
    drawer: Rc<RefCell<Option<Session>>>,
}

/// A button's work, done in the share chunk (`share_chunk`): a story reader
/// never shares, so none of it is in the first download.
#[derive(Clone)]
pub enum Act {
    Bar(Button, Rc<ShareProps>, Bar),
    /// The export dialog's.
    Export(super::export::Act),
}

/// Does `act` (the share chunk's entry).
fn act(act: Act) {
    match act {
        Act::Bar(Button::Link, p, bar) => copy_link(&p, bar.shown),
        Act::Bar(Button::Embed, p, bar) => copy_embed(&p, bar.shown, bar.element),
        Act::Bar(Button::Svg, p, bar) => download_svg(&p, &bar.drawer),
        Act::Export(a) => super::export::act(a),
    }
}

chunk::split_point!(
    /// The share bar's and the export dialog's work, in its own chunk.
    share, preload_share, pub(crate) fn share_chunk() -> fn(Act) { act }
);

/// A link to this step, on the clipboard and shown. (A link writes the whole
/// history as text: on the click only.)
fn copy_link(p: &ShareProps, shown: Shown) {
    let shared = p.shared();
    yew::platform::spawn_local(async move {
        copy_and_show(link::address(&shared).await, Label::ShareLink, shown);
    });
}

/// The embed code on the clipboard and shown, with the same figure as a
/// `<replab-figure>` beside it. An unchanged preset is loaded again to compare.
fn copy_embed(p: &ShareProps, shown: Shown, element: UseStateHandle<Option<String>>) {
    let (lanes, title) = (link::Lanes::of(&p.timeline), p.display_title.clone());
    let (cursor, lang, compare) = (p.cursor, p.lang, p.compare);
    let unchanged = unchanged_preset(p);
    let shared = unchanged.is_none().then(|| p.shared());
    yew::platform::spawn_local(async move {
        let (code, figure) = match (unchanged, shared) {
            (Some(preset), _) => (
                link::preset_embed_code(preset, cursor, lang, lanes, &title),
                link::preset_element_code(preset, cursor, lang, lanes, &title),
            ),
            (None, Some(shared)) => {
                let fragment = link::encode(&shared).await;
                (
                    link::embed_code(&fragment, lanes, &title, compare),
                    link::element_code(&fragment, lanes, &title, compare),
                )
            }
            (None, None) => return,
        };
        element.set(Some(figure));
        copy_and_show(code, Label::EmbedCode, shown);
    });
}

/// The frame at this step as an SVG file, drawn by a worker
/// (`replab_view::svg::frame`, the runner's rendering).
fn download_svg(p: &ShareProps, drawer: &RefCell<Option<Session>>) {
    let (t, cursor) = (&p.timeline, p.cursor);
    let request = FrameRequest {
        job: 0,
        scenario: replab_core::scenario::history_text(None, t.setup(), t.commands()),
        title: p.display_title.to_string(),
        protocol: t.setup().protocol.name().into(),
        lang: p.lang.code().into(),
        step: u32::try_from(cursor).unwrap_or(u32::MAX),
    };
    ask_svg("frame", &request, drawer, move |svg| {
        let _ = download(&format!("replication-step-{cursor}.svg"), "image/svg+xml", &svg);
    });
}

/// Asks a worker for a figure: `request`, sent as a message of type `kind` in
/// a new session kept in `drawer` (the last one's worker stops), and the SVG
/// of its reply to `then`.
pub(crate) fn ask_svg<T: serde::Serialize>(
    kind: &'static str,
    request: &T,
    drawer: &RefCell<Option<Session>>,
    then: impl Fn(String) + 'static,
) {
    let Ok(request) = replab_messages::message::to_js(request) else {
        return;
    };
    let _ = js_sys::Reflect::set(&request, &"type".into(), &kind.into());
    let on_reply = move |data: wasm_bindgen::JsValue| {
        let field = |key: &str| {
            js_sys::Reflect::get(&data, &key.into())
                .ok()
                .and_then(|v| v.as_string())
        };
        if field("type").as_deref() == Some(kind) {
            then(field("svg").unwrap_or_default());
        }
    };
    let on_error =
        |text: String| web_sys::console::warn_1(&format!("replab: the figure's worker stopped: {text}").into());
    let session = Session::new(on_reply, on_error);
    session.send(&request.unchecked_into());
    *drawer.borrow_mut() = Some(session);
}

#[function_component(ShareBar)]
pub fn share_bar(p: &ShareProps) -> Html {
    let lang = p.lang;
    let bar = Bar {
        shown: use_state(|| None),
        // Beside the iframe code: the same figure as a <replab-figure>.
        element: use_state(|| None),
        drawer: use_mut_ref(|| None),
    };
    // The buttons' work is in the share chunk: fetched when the reader points
    // at the bar, run on the click.
    let calls = chunk::use_chunk_calls(share_chunk);
    let props = Rc::new(p.clone());
    let on = |button: Button| {
        let (call, props, bar) = (calls.call.clone(), props.clone(), bar.clone());
        Callback::from(move |_: MouseEvent| call.emit(Act::Bar(button, props.clone(), bar.clone())))
    };
    html! {
        <div class="share" role="group" aria-label={label(lang, Label::Share)}
            onpointerenter={chunk::preload(preload_share)} onfocusin={chunk::preload(preload_share)}>
            <button data-testid="copy-link" title={label(lang, Label::CopyLinkTitle)} onclick={on(Button::Link)}>{ label(lang, Label::CopyLink) }</button>
            <button data-testid="copy-embed" title={label(lang, Label::CopyEmbedTitle)} onclick={on(Button::Embed)}>{ label(lang, Label::CopyEmbed) }</button>
            <button data-testid="download-svg" title={label(lang, Label::DownloadSvgTitle)} onclick={on(Button::Svg)}>{ label(lang, Label::DownloadSvg) }</button>
            <super::export::Export lang={lang} timeline={p.timeline.clone()} title={p.display_title.clone()}
                name={Rc::<str>::from(p.preset.unwrap_or("replication"))} on_act={calls.call.reform(Act::Export)} />
            if let Some(why) = &calls.failed {
                { chunk::failed(lang, why, &calls.retry) }
            }
            if let Some((what, text, copied)) = &*bar.shown {
                <label class="shared">
                    <span>{ label(lang, *what) }{ if *copied { format!(" ({})", label(lang, Label::Copied)) } else { String::new() } }</span>
                    if *what == Label::EmbedCode {
                        <textarea data-testid="embed-code" readonly=true rows="3" value={text.clone()} />
                    } else {
                        <input data-testid="share-link" readonly=true value={text.clone()} />
                    }
                </label>
                if let Some(code) = (*what == Label::EmbedCode).then_some(()).and(bar.element.as_ref()) {
                    <label class="shared">
                        <span>{ label(lang, Label::ElementCode) }</span>
                        <textarea data-testid="element-code" readonly=true rows="4" value={code.clone()} />
                    </label>
                }
            }
        </div>
    }
}
