//! Figures for platforms without iframes: the share bar's Strip (SVG), PNG and
//! GIF open the export dialog, a module (`web/export.js`) the page imports the
//! first time a reader asks, so the first download carries none of it. The
//! dialog has the worker render the strip and the animation's pictures with
//! `replab_view::strip` (the runner's rendering), draws the PNG and the GIF's
//! pictures with the browser's canvas, and previews before download. Its words
//! come from here, in the page's language.

use replab_core::timeline::Timeline;
use replab_narrate::{label, Label, Lang};
use replab_view::history::{decisions_of, DecisionKind};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

#[wasm_bindgen(
    inline_js = "export function import_module(url) { return import(new URL(url, document.baseURI).href); }"
)]
extern "C" {
    /// `import(url)`, relative to the page.
    fn import_module(url: &str) -> js_sys::Promise;
}

/// The dialog module, beside the page.
const MODULE: &str = "./export.js";
/// The worker it talks to: the checker's (Trunk's loader shim).
const WORKER: &str = "./replab-worker_loader.js";

#[derive(Properties, PartialEq, Clone)]
pub struct ExportProps {
    pub lang: Lang,
    pub timeline: Timeline,
    /// The figure's title, as the page shows it.
    pub title: Rc<str>,
    /// A name for the files: the preset's id, or "replication".
    pub name: Rc<str>,
    /// Does the dialog's work, in the share chunk (`share::Act::Export`).
    pub on_act: Callback<Act>,
}

fn set(object: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &key.into(), value);
}

/// The dialog's words in `lang`.
fn words(lang: Lang) -> JsValue {
    let w = js_sys::Object::new();
    for (key, l) in [
        ("title", Label::ExportTitle),
        ("hint", Label::ExportHint),
        ("close", Label::ExportClose),
        ("format", Label::ExportFormat),
        ("formatSvg", Label::ExportFormatSvg),
        ("formatPng", Label::ExportFormatPng),
        ("formatGif", Label::ExportFormatGif),
        ("steps", Label::ExportSteps),
        ("decisions", Label::ExportDecisions),
        ("range", Label::ExportRange),
        ("chosen", Label::ExportChosen),
        ("which", Label::ExportStepList),
        ("stepsHint", Label::ExportStepsHint),
        ("width", Label::ExportWidth),
        ("delay", Label::ExportDelay),
        ("seconds", Label::ExportSeconds),
        ("making", Label::ExportMaking),
        ("previewAlt", Label::ExportPreviewAlt),
        ("download", Label::ExportDownload),
        ("frame", Label::ExportFrame),
        ("frames", Label::ExportFrames),
        ("crashed", Label::CheckerCrashed),
    ] {
        set(&w, key, &label(lang, l).into());
    }
    w.into()
}

/// What the dialog is opened with: the history, its title and name, the
/// language and its words (and, when a button opened it, the format). Made
/// only when the dialog opens or changes, never on a render: it writes the
/// whole history as text and reads every step's decisions.
fn options(p: &ExportProps, format: Option<&str>) -> JsValue {
    let t = &p.timeline;
    let o = js_sys::Object::new();
    set(&o, "workerUrl", &WORKER.into());
    set(
        &o,
        "scenario",
        &replab_core::scenario::history_text(None, t.setup(), t.commands()).into(),
    );
    set(&o, "title", &p.title.to_string().into());
    set(&o, "protocol", &t.setup().protocol.name().into());
    set(&o, "lang", &p.lang.code().into());
    set(&o, "len", &t.len().into());
    let decisions = (1..=t.len()).any(|k| decisions_of(t, k).iter().any(|d| d.kind == DecisionKind::Truncation));
    set(&o, "hasDecisions", &decisions.into());
    set(&o, "name", &p.name.to_string().into());
    if let Some(f) = format {
        set(&o, "format", &f.into());
    }
    set(&o, "words", &words(p.lang));
    o.into()
}

fn call(target: &JsValue, method: &str, args: &[&JsValue]) {
    let Ok(f) = js_sys::Reflect::get(target, &method.into()).and_then(|f| f.dyn_into::<js_sys::Function>()) else {
        return;
    };
    let _ = match args {
        [a] => f.call1(target, a),
        [a, b] => f.call2(target, a, b),
        _ => f.call0(target),
    };
}

/// The open dialog's handle (`{ update, close }`), if any.
type Dialog = Rc<RefCell<Option<JsValue>>>;

/// The dialog's work, done in the share chunk: a story reader never exports,
/// so none of it (the options, the words, the module's import) is in the
/// first download.
#[derive(Clone)]
pub enum Act {
    /// A button asked for `format`: open the dialog in `root`, or give the
    /// open one the format.
    Open {
        props: Rc<ExportProps>,
        format: &'static str,
        dialog: Dialog,
        root: NodeRef,
        open: UseStateHandle<bool>,
    },
    /// The history, title or language changed: the open dialog makes its figure anew.
    Update { props: Rc<ExportProps>, dialog: Dialog },
}

/// Does `act` (from the share chunk's entry).
pub fn act(act: Act) {
    match act {
        Act::Update { props, dialog } => {
            if let Some(handle) = dialog.borrow().as_ref() {
                call(handle, "update", &[&options(&props, None)]);
            }
        }
        Act::Open {
            props,
            format,
            dialog,
            root,
            open,
        } => {
            let options = options(&props, Some(format));
            if let Some(handle) = dialog.borrow().as_ref() {
                call(handle, "update", &[&options]);
                return;
            }
            yew::platform::spawn_local(open_dialog(options, dialog, root, open));
        }
    }
}

/// Imports the dialog's module and opens it in `root` with `options`.
async fn open_dialog(options: JsValue, dialog: Dialog, root: NodeRef, open: UseStateHandle<bool>) {
    let Ok(module) = wasm_bindgen_futures::JsFuture::from(import_module(MODULE)).await else {
        web_sys::console::error_1(&"replab: the export dialog could not be loaded".into());
        return;
    };
    let Some(element) = root.get() else { return };
    // Closing the dialog forgets its handle.
    let forget = {
        let (dialog, open) = (dialog.clone(), open.clone());
        Closure::<dyn Fn()>::new(move || {
            dialog.borrow_mut().take();
            open.set(false);
        })
        .into_js_value()
    };
    let _ = js_sys::Reflect::set(&options, &"onClose".into(), &forget);
    let Ok(f) = js_sys::Reflect::get(&module, &"open".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) else {
        return;
    };
    if let Ok(handle) = f.call2(&module, &element, &options) {
        *dialog.borrow_mut() = Some(handle);
        open.set(true);
    }
}

#[function_component(Export)]
pub fn export(p: &ExportProps) -> Html {
    let lang = p.lang;
    let root = use_node_ref();
    let dialog: Dialog = use_mut_ref(|| None);
    let open = use_state(|| false);

    // The props as the effect and the buttons read them when they run.
    let props = Rc::new(p.clone());
    {
        let (dialog, props) = (dialog.clone(), props.clone());
        use_effect_with((p.timeline.clone(), p.title.clone(), lang), move |_| {
            // Only an open dialog (its chunk is there) is told.
            if dialog.borrow().is_some() {
                props.on_act.emit(Act::Update {
                    props: props.clone(),
                    dialog,
                });
            }
        });
    }
    // The dialog goes with the page.
    {
        let dialog = dialog.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(handle) = dialog.borrow_mut().take() {
                    call(&handle, "close", &[]);
                }
            }
        });
    }

    let opener = |format: &'static str, testid: &'static str, text: Label, title: Label| {
        let (dialog, root, open, props) = (dialog.clone(), root.clone(), open.clone(), props.clone());
        let onclick = Callback::from(move |_| {
            props.on_act.emit(Act::Open {
                props: props.clone(),
                format,
                dialog: dialog.clone(),
                root: root.clone(),
                open: open.clone(),
            })
        });
        html! { <button data-testid={testid} title={label(lang, title)} {onclick}>{ label(lang, text) }</button> }
    };
    html! {
        <>
            { opener("svg", "export-strip", Label::ExportStrip, Label::ExportStripTitle) }
            { opener("png", "export-png", Label::ExportPng, Label::ExportPngTitle) }
            { opener("gif", "export-gif", Label::ExportGif, Label::ExportGifTitle) }
            // The dialog's own DOM, which the module fills; Yew leaves it be.
            <div class="export-root" ref={root} data-open={open.to_string()}></div>
        </>
    }
}
