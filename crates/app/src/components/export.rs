//! Figures for platforms without iframes: a strip of chosen steps as SVG or
//! PNG, or an animated GIF, previewed before download. The worker (downloaded
//! on first use, as for the checker) renders the strip and the animation's
//! pictures with `replab_view::strip`, the runner's very rendering; the browser
//! draws them on a canvas (PNG, and the GIF's pictures), and the worker encodes
//! the GIF.

use super::worker_client::{self, Spawned};
use super::{target_value, History};
use crate::raster;
use replab_narrate::{label, Label, Lang};
use replab_view::history::{decisions_of, DecisionKind};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// What the dialog makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
    Gif,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Gif => "gif",
        }
    }

    fn from_name(name: &str) -> Option<Format> {
        [Format::Svg, Format::Png, Format::Gif]
            .into_iter()
            .find(|f| f.name() == name)
    }

    fn mime(self) -> &'static str {
        match self {
            Format::Svg => "image/svg+xml",
            Format::Png => "image/png",
            Format::Gif => "image/gif",
        }
    }
}

/// Which steps: every truncation decision, a range, or a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Decisions,
    Range,
    Steps,
}

/// The form, as the reader sets it.
#[derive(Clone, Debug, PartialEq)]
struct Form {
    format: Format,
    choice: Choice,
    /// The range or the step list, as typed.
    steps: String,
    width: u32,
    /// Each picture of a GIF, in milliseconds (the decisive one stays longer).
    delay_ms: u32,
}

/// The figure made for the form, or why not.
#[derive(Clone, Debug, PartialEq)]
enum Preview {
    Making,
    Ready {
        url: String,
        bytes: u32,
        format: Format,
        steps: usize,
    },
    Failed(String),
}

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub lang: Lang,
    pub history: History,
    /// The figure's title, as the page shows it.
    pub title: Rc<str>,
    /// A name for the files: the preset's id, or "replication".
    pub name: Rc<str>,
}

/// The worker, whether it has said it is ready, and what waits for that.
#[derive(Default)]
struct Session {
    spawned: Option<Spawned>,
    ready: bool,
    queued: Option<JsValue>,
}

/// The GIF times: each picture `delay_ms`, the decisive one (the worker's
/// longer delay) at least twice that.
fn scaled_delays(delays: &[u16], delay_ms: u32) -> Vec<u16> {
    let base = delays.iter().copied().min().unwrap_or(0);
    let each = u16::try_from(delay_ms / 10).unwrap_or(u16::MAX);
    delays
        .iter()
        .map(|&d| if d > base { d.max(each.saturating_mul(2)) } else { each })
        .collect()
}

fn get(object: &JsValue, key: &str) -> Option<JsValue> {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).ok()
}

fn set(object: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
}

#[function_component(Export)]
pub fn export(p: &ExportProps) -> Html {
    let lang = p.lang;
    let open = use_state(|| false);
    let len = p.history.timeline.borrow().len();
    let has_decisions = {
        let t = p.history.timeline.borrow();
        (1..=t.len()).any(|k| decisions_of(&t, k).iter().any(|d| d.kind == DecisionKind::Truncation))
    };
    let form = use_state(|| Form {
        format: Format::Png,
        choice: Choice::Decisions,
        steps: String::new(),
        width: 720,
        delay_ms: 1500,
    });
    let preview = use_state(|| Preview::Making);
    let session = use_mut_ref(Session::default);
    let job = use_mut_ref(|| Cell::new(0u32));
    // Pictures to encode wait here with their job until drawn.
    let form_now = use_mut_ref(|| (*form).clone());
    *form_now.borrow_mut() = (*form).clone();

    // The worker goes with the dialog.
    {
        let session = session.clone();
        use_effect_with(*open, move |&open| {
            if !open {
                *session.borrow_mut() = Session::default();
            }
            move || *session.borrow_mut() = Session::default()
        });
    }

    // A new figure whenever the dialog opens, the form or the history changes.
    {
        let session = session.clone();
        let job = job.clone();
        let preview = preview.clone();
        let form_now = form_now.clone();
        let history = p.history.clone();
        let title = p.title.clone();
        use_effect_with(
            (*open, (*form).clone(), p.history.generation, len, lang, p.title.clone()),
            move |(open, form, _, _, lang, _)| {
                if !*open {
                    return;
                }
                let lang = *lang;
                let number = job.borrow().get() + 1;
                job.borrow().set(number);
                preview.set(Preview::Making);
                let t = history.timeline.borrow();
                let selection = match form.choice {
                    Choice::Decisions => "decisions".to_string(),
                    _ => form.steps.clone(),
                };
                let request = js_sys::Object::new();
                set(&request, "type", &"figure".into());
                set(&request, "job", &number.into());
                set(
                    &request,
                    "scenario",
                    &replab_core::scenario::history_text(None, t.setup(), t.commands()).into(),
                );
                set(&request, "title", &title.to_string().into());
                set(&request, "protocol", &t.setup().protocol.name().into());
                set(&request, "lang", &lang.code().into());
                set(&request, "selection", &selection.into());
                set(&request, "width", &form.width.into());
                drop(t);
                let mut s = session.borrow_mut();
                if s.spawned.is_none() {
                    let on_reply = {
                        let session = session.clone();
                        let job = job.clone();
                        let preview = preview.clone();
                        let form_now = form_now.clone();
                        move |worker: &web_sys::Worker, data: JsValue| {
                            on_message(worker, data, &session, &job, &preview, &form_now, lang);
                        }
                    };
                    let failed = preview.clone();
                    match worker_client::spawn(on_reply, move |text| {
                        failed.set(Preview::Failed(if text.is_empty() {
                            label(lang, Label::CheckerCrashed).to_string()
                        } else {
                            text
                        }))
                    }) {
                        Ok(spawned) => s.spawned = Some(spawned),
                        Err(e) => preview.set(Preview::Failed(e)),
                    }
                }
                if s.ready {
                    if let Some(spawned) = &s.spawned {
                        let _ = spawned.worker.post_message(&request);
                    }
                } else {
                    s.queued = Some(request.into());
                }
            },
        );
    }

    let opener = |format: Format, testid: &'static str, text: Label, title: Label| {
        let open = open.clone();
        let form = form.clone();
        let onclick = Callback::from(move |_| {
            let mut next = (*form).clone();
            next.format = format;
            if next.steps.is_empty() {
                next.choice = if has_decisions {
                    Choice::Decisions
                } else {
                    Choice::Range
                };
                next.steps = format!("1..{}", len.max(1));
            }
            form.set(next);
            open.set(true);
        });
        html! { <button data-testid={testid} title={label(lang, title)} {onclick}>{ label(lang, text) }</button> }
    };
    let buttons = html! {
        <>
            { opener(Format::Svg, "export-strip", Label::ExportStrip, Label::ExportStripTitle) }
            { opener(Format::Png, "export-png", Label::ExportPng, Label::ExportPngTitle) }
            { opener(Format::Gif, "export-gif", Label::ExportGif, Label::ExportGifTitle) }
        </>
    };
    if !*open {
        return buttons;
    }

    let update = |change: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let mut next = (*form).clone();
            change(&mut next, target_value(&e));
            if next != *form {
                form.set(next);
            }
        })
    };
    let on_format = update(|f, v| f.format = Format::from_name(&v).unwrap_or(f.format));
    let on_choice = update(|f, v| {
        f.choice = match v.as_str() {
            "decisions" => Choice::Decisions,
            "range" => Choice::Range,
            _ => Choice::Steps,
        }
    });
    let on_steps = update(|f, v| f.steps = v.trim().to_string());
    let on_width = update(|f, v| f.width = v.trim().parse().unwrap_or(f.width));
    let on_delay = update(|f, v| f.delay_ms = v.parse().unwrap_or(f.delay_ms));
    let on_close = {
        let open = open.clone();
        Callback::from(move |_| open.set(false))
    };
    let f = &*form;
    let preview_html = match &*preview {
        Preview::Making => html! {
            <p class="export-status" data-testid="export-status" aria-live="polite">{ label(lang, Label::ExportMaking) }</p>
        },
        Preview::Failed(text) => html! {
            <p class="export-error" role="alert" data-testid="export-error">{ text.clone() }</p>
        },
        Preview::Ready {
            url,
            bytes,
            format,
            steps,
        } => {
            let file = format!("{}-figure.{}", p.name, format.name());
            html! {
                <>
                    <p class="export-status" data-testid="export-status">
                        { replab_narrate::figure_made(lang, *steps, *bytes, format.name()) }
                    </p>
                    <div class="export-preview-box">
                        <img src={url.clone()} data-testid="export-preview" data-format={format.name()}
                            style={format!("width:{}px", f.width)}
                            data-frames={steps.to_string()} data-bytes={bytes.to_string()}
                            alt={label(lang, Label::ExportPreviewAlt)} />
                    </div>
                    <a class="button primary" data-testid="export-download" href={url.clone()} download={file}>
                        { label(lang, Label::ExportDownload) }
                    </a>
                </>
            }
        }
    };
    html! {
        <>
            { buttons }
            <div class="export" role="dialog" aria-label={label(lang, Label::ExportTitle)} data-testid="export-dialog">
                <div class="export-head">
                    <strong>{ label(lang, Label::ExportTitle) }</strong>
                    <button data-testid="export-close" onclick={on_close}>{ label(lang, Label::ExportClose) }</button>
                </div>
                <p class="hint">{ label(lang, Label::ExportHint) }</p>
                <div class="export-form">
                    <label><span>{ label(lang, Label::ExportFormat) }</span>
                        <select data-testid="export-format" onchange={on_format}>
                            <option value="svg" selected={f.format == Format::Svg}>{ label(lang, Label::ExportFormatSvg) }</option>
                            <option value="png" selected={f.format == Format::Png}>{ label(lang, Label::ExportFormatPng) }</option>
                            <option value="gif" selected={f.format == Format::Gif}>{ label(lang, Label::ExportFormatGif) }</option>
                        </select>
                    </label>
                    <label><span>{ label(lang, Label::ExportSteps) }</span>
                        <select data-testid="export-selection" onchange={on_choice}>
                            <option value="decisions" selected={f.choice == Choice::Decisions} disabled={!has_decisions}>
                                { label(lang, Label::ExportDecisions) }
                            </option>
                            <option value="range" selected={f.choice == Choice::Range}>{ label(lang, Label::ExportRange) }</option>
                            <option value="steps" selected={f.choice == Choice::Steps}>{ label(lang, Label::ExportChosen) }</option>
                        </select>
                    </label>
                    if f.choice != Choice::Decisions {
                        <label><span>{ label(lang, Label::ExportStepList) }</span>
                            <input data-testid="export-steps" value={f.steps.clone()} onchange={on_steps}
                                placeholder={label(lang, Label::ExportStepsHint)} size="12" />
                        </label>
                    }
                    <label><span>{ label(lang, Label::ExportWidth) }</span>
                        <input type="number" min="480" max="2000" step="10" data-testid="export-width"
                            value={f.width.to_string()} onchange={on_width} />
                    </label>
                    if f.format == Format::Gif {
                        <label><span>{ label(lang, Label::ExportDelay) }</span>
                            <select data-testid="export-delay" onchange={on_delay}>
                                { for [1000u32, 1500, 2000, 3000].iter().map(|&ms| html! {
                                    <option value={ms.to_string()} selected={f.delay_ms == ms}>
                                        { replab_narrate::seconds(lang, ms) }
                                    </option>
                                }) }
                            </select>
                        </label>
                    }
                </div>
                { preview_html }
            </div>
        </>
    }
}

/// A message of the worker, for the figure of job `job` (older ones are ignored).
fn on_message(
    worker: &web_sys::Worker,
    data: JsValue,
    session: &Rc<RefCell<Session>>,
    job: &Rc<RefCell<Cell<u32>>>,
    preview: &UseStateHandle<Preview>,
    form: &Rc<RefCell<Form>>,
    lang: Lang,
) {
    let kind = get(&data, "type").and_then(|t| t.as_string()).unwrap_or_default();
    if kind == "ready" {
        let mut s = session.borrow_mut();
        s.ready = true;
        if let Some(request) = s.queued.take() {
            let _ = worker.post_message(&request);
        }
        return;
    }
    let number = get(&data, "job").and_then(|j| j.as_f64()).unwrap_or(-1.0);
    let current = job.borrow().get();
    if number != f64::from(current) {
        return;
    }
    let form = form.borrow().clone();
    match kind.as_str() {
        "invalid" => {
            let text = get(&data, if lang == Lang::Zh { "zh" } else { "en" })
                .and_then(|t| t.as_string())
                .unwrap_or_default();
            preview.set(Preview::Failed(text));
        }
        "figure" => {
            let steps = get(&data, "steps")
                .and_then(|s| s.dyn_into::<js_sys::Array>().ok())
                .map_or(0, |a| a.length() as usize);
            let text = |key: &str| get(&data, key).and_then(|t| t.as_string()).unwrap_or_default();
            match form.format {
                Format::Svg => preview.set(ready(
                    raster::text_blob(&text("strip"), Format::Svg.mime()),
                    Format::Svg,
                    steps,
                )),
                Format::Png => {
                    let strip = text("strip");
                    let preview = preview.clone();
                    yew::platform::spawn_local(async move {
                        let made = match raster::draw(&strip, 2.0).await {
                            Ok(canvas) => raster::png(&canvas).await,
                            Err(e) => Err(e),
                        };
                        preview.set(ready(made, Format::Png, steps));
                    });
                }
                Format::Gif => {
                    let pictures: Vec<String> = get(&data, "pictures")
                        .and_then(|p| p.dyn_into::<js_sys::Array>().ok())
                        .map(|a| a.iter().filter_map(|p| p.as_string()).collect())
                        .unwrap_or_default();
                    let delays: Vec<u16> = get(&data, "delays")
                        .and_then(|p| p.dyn_into::<js_sys::Array>().ok())
                        .map(|a| a.iter().filter_map(|d| d.as_f64()).map(|d| d as u16).collect())
                        .unwrap_or_default();
                    let delays = scaled_delays(&delays, form.delay_ms);
                    let (worker, preview) = (worker.clone(), preview.clone());
                    yew::platform::spawn_local(async move {
                        let drawn = js_sys::Array::new();
                        let (mut w, mut h) = (0, 0);
                        for svg in &pictures {
                            match raster::draw(svg, 1.0).await.and_then(|c| {
                                (w, h) = (c.width(), c.height());
                                raster::rgba(&c)
                            }) {
                                Ok(pixels) => {
                                    drawn.push(&pixels);
                                }
                                Err(e) => return preview.set(Preview::Failed(e)),
                            }
                        }
                        let message = js_sys::Object::new();
                        set(&message, "type", &"gif".into());
                        set(&message, "job", &current.into());
                        set(&message, "width", &w.into());
                        set(&message, "height", &h.into());
                        set(&message, "pictures", &drawn);
                        let list = js_sys::Array::new();
                        for d in delays {
                            list.push(&d.into());
                        }
                        set(&message, "delays", &list);
                        let _ = worker.post_message(&message);
                    });
                }
            }
        }
        "gif" => {
            let frames = get(&data, "frames").and_then(|f| f.as_f64()).unwrap_or(0.0) as usize;
            let made = get(&data, "bytes")
                .ok_or_else(|| "no GIF".to_string())
                .and_then(|bytes| {
                    let options = web_sys::BlobPropertyBag::new();
                    options.set_type(Format::Gif.mime());
                    web_sys::Blob::new_with_u8_array_sequence_and_options(&js_sys::Array::of1(&bytes), &options)
                        .map_err(worker_client::js_error)
                });
            preview.set(ready(made, Format::Gif, frames));
        }
        _ => {}
    }
}

/// A made figure as a preview, or why it could not be made.
fn ready(made: Result<web_sys::Blob, String>, format: Format, steps: usize) -> Preview {
    match made.and_then(|blob| {
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(worker_client::js_error)?;
        Ok((url, blob.size() as u32))
    }) {
        Ok((url, bytes)) => Preview::Ready {
            url,
            bytes,
            format,
            steps,
        },
        Err(e) => Preview::Failed(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decisive_picture_stays_at_least_twice_as_long() {
        assert_eq!(scaled_delays(&[150, 150, 350], 1500), vec![150, 150, 350]);
        assert_eq!(scaled_delays(&[150, 350, 150], 2000), vec![200, 400, 200]);
        assert_eq!(scaled_delays(&[150, 150], 1000), vec![100, 100]);
    }
}
