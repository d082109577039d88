//! Copy a link to this step, copy an embed code, download the frame as SVG, and
//! export a strip, a PNG or a GIF of chosen steps (`export`).

use crate::link;
use replab_core::timeline::Timeline;
use replab_core::Protocol;
use replab_messages::client::Session;
use replab_messages::figure::FrameRequest;
use replab_narrate::{label, Label, Lang};
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

#[function_component(ShareBar)]
pub fn share_bar(p: &ShareProps) -> Html {
    let lang = p.lang;
    let shown = use_state(|| None::<(Label, String, bool)>);
    // Beside the iframe code: the same figure as a <replab-figure>.
    let element = use_state(|| None::<String>);
    // What the buttons read, on the click only: a link writes the whole history
    // as text, and an unchanged preset is loaded again to compare.
    let props = Rc::new(p.clone());
    let on_link = {
        let (props, shown) = (props.clone(), shown.clone());
        Callback::from(move |_| {
            let shared = props.shared();
            let shown = shown.clone();
            yew::platform::spawn_local(async move {
                copy_and_show(link::address(&shared).await, Label::ShareLink, shown);
            });
        })
    };
    let on_embed = {
        let (shown, element) = (shown.clone(), element.clone());
        Callback::from(move |_| {
            let p = &props;
            let (lanes, title, shown) = (link::Lanes::of(&p.timeline), p.display_title.clone(), shown.clone());
            let (cursor, lang, compare) = (p.cursor, p.lang, p.compare);
            let unchanged = unchanged_preset(p);
            let shared = unchanged.is_none().then(|| p.shared());
            let element = element.clone();
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
        })
    };
    // The frame is drawn by a worker (`replab_view::svg::frame`, the runner's
    // rendering), so the page's download carries no drawing of it; the
    // session is kept for the next save.
    let drawer = use_mut_ref(|| None::<Session>);
    let on_svg = {
        let (t, cursor, title) = (p.timeline.clone(), p.cursor, p.display_title.clone());
        Callback::from(move |_| {
            let request = FrameRequest {
                job: 0,
                scenario: replab_core::scenario::history_text(None, t.setup(), t.commands()),
                title: title.to_string(),
                protocol: t.setup().protocol.name().into(),
                lang: lang.code().into(),
                step: u32::try_from(cursor).unwrap_or(u32::MAX),
            };
            let Ok(request) = replab_messages::message::to_js(&request) else {
                return;
            };
            let _ = js_sys::Reflect::set(&request, &"type".into(), &"frame".into());
            let on_reply = move |data: wasm_bindgen::JsValue| {
                let field = |key: &str| {
                    js_sys::Reflect::get(&data, &key.into())
                        .ok()
                        .and_then(|v| v.as_string())
                };
                if field("type").as_deref() == Some("frame") {
                    let svg = field("svg").unwrap_or_default();
                    let _ = download(&format!("replication-step-{cursor}.svg"), "image/svg+xml", &svg);
                }
            };
            let on_error =
                |text: String| web_sys::console::warn_1(&format!("replab: the figure's worker stopped: {text}").into());
            let session = Session::new(on_reply, on_error);
            session.send(&request.unchecked_into());
            *drawer.borrow_mut() = Some(session);
        })
    };
    html! {
        <div class="share" role="group" aria-label={label(lang, Label::Share)}>
            <button data-testid="copy-link" title={label(lang, Label::CopyLinkTitle)} onclick={on_link}>{ label(lang, Label::CopyLink) }</button>
            <button data-testid="copy-embed" title={label(lang, Label::CopyEmbedTitle)} onclick={on_embed}>{ label(lang, Label::CopyEmbed) }</button>
            <button data-testid="download-svg" title={label(lang, Label::DownloadSvgTitle)} onclick={on_svg}>{ label(lang, Label::DownloadSvg) }</button>
            <super::export::Export lang={lang} timeline={p.timeline.clone()} title={p.display_title.clone()}
                name={Rc::<str>::from(p.preset.unwrap_or("replication"))} />
            if let Some((what, text, copied)) = &*shown {
                <label class="shared">
                    <span>{ label(lang, *what) }{ if *copied { format!(" ({})", label(lang, Label::Copied)) } else { String::new() } }</span>
                    if *what == Label::EmbedCode {
                        <textarea data-testid="embed-code" readonly=true rows="3" value={text.clone()} />
                    } else {
                        <input data-testid="share-link" readonly=true value={text.clone()} />
                    }
                </label>
                if let Some(code) = (*what == Label::EmbedCode).then_some(()).and(element.as_ref()) {
                    <label class="shared">
                        <span>{ label(lang, Label::ElementCode) }</span>
                        <textarea data-testid="element-code" readonly=true rows="4" value={code.clone()} />
                    </label>
                }
            }
        </div>
    }
}
