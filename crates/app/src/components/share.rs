//! Copy a link to this step, copy an embed code, download the frame as SVG, and
//! export a strip, a PNG or a GIF of chosen steps (`export`).

use crate::decision_text::describe;
use crate::history;
use crate::link;
use crate::state::AppState;
use crate::svg;
use replab_narrate::{label, Label, Lang};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties)]
pub struct ShareProps {
    pub lang: Lang,
    pub state: Rc<AppState>,
}

impl PartialEq for ShareProps {
    fn eq(&self, o: &Self) -> bool {
        self.lang == o.lang && *self.state == *o.state
    }
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

fn download(name: &str, mime: &str, content: &str) -> Option<()> {
    let parts = js_sys::Array::of1(&content.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
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
    let on_link = {
        let state = p.state.clone();
        let shown = shown.clone();
        Callback::from(move |_| {
            let shared = link::shared(&state);
            let shown = shown.clone();
            yew::platform::spawn_local(async move {
                copy_and_show(link::address(&shared).await, Label::ShareLink, shown);
            });
        })
    };
    let on_embed = {
        let state = p.state.clone();
        let shown = shown.clone();
        Callback::from(move |_| {
            let shared = link::shared(&state);
            let (brokers, title, compare) = (state.view.brokers().len(), state.display_title(), state.compare);
            let shown = shown.clone();
            yew::platform::spawn_local(async move {
                let code = link::embed_code(&link::encode(&shared).await, brokers, &title, compare);
                copy_and_show(code, Label::EmbedCode, shown);
            });
        })
    };
    let on_svg = {
        let state = p.state.clone();
        Callback::from(move |_| {
            let t = state.history.timeline.borrow();
            let decisions = history::decision_steps(&t, state.cursor)
                .next()
                .map(|step| describe(state.lang, &t, step))
                .unwrap_or_default();
            let restarts = history::last_restarts(&t, state.cursor, &state.view);
            let figure = svg::frame(
                state.lang,
                &state.view,
                &state.display_title(),
                state.cursor,
                &decisions,
                &restarts,
            );
            let _ = download(
                &format!("replication-step-{}.svg", state.cursor),
                "image/svg+xml",
                &figure,
            );
        })
    };
    html! {
        <div class="share" role="group" aria-label={label(lang, Label::Share)}>
            <button data-testid="copy-link" title={label(lang, Label::CopyLinkTitle)} onclick={on_link}>{ label(lang, Label::CopyLink) }</button>
            <button data-testid="copy-embed" title={label(lang, Label::CopyEmbedTitle)} onclick={on_embed}>{ label(lang, Label::CopyEmbed) }</button>
            <button data-testid="download-svg" title={label(lang, Label::DownloadSvgTitle)} onclick={on_svg}>{ label(lang, Label::DownloadSvg) }</button>
            <super::export::Export lang={lang} history={p.state.history()} title={Rc::<str>::from(p.state.display_title())}
                name={Rc::<str>::from(p.state.preset.unwrap_or("replication"))} />
            if let Some((what, text, copied)) = &*shown {
                <label class="shared">
                    <span>{ label(lang, *what) }{ if *copied { format!(" ({})", label(lang, Label::Copied)) } else { String::new() } }</span>
                    if *what == Label::EmbedCode {
                        <textarea data-testid="embed-code" readonly=true rows="3" value={text.clone()} />
                    } else {
                        <input data-testid="share-link" readonly=true value={text.clone()} />
                    }
                </label>
            }
        </div>
    }
}
