//! SVG figures drawn by the browser itself (an image on a canvas): a PNG for
//! the strip, and the RGBA pictures of an animation for the worker to encode.
//! No rasteriser is compiled into the page.

use js_sys::{Array, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement, Url};

/// A Blob of `text` typed `mime`.
pub fn text_blob(text: &str, mime: &str) -> Result<Blob, String> {
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    Blob::new_with_str_sequence_and_options(&Array::of1(&text.into()), &options)
        .map_err(crate::components::worker_client::js_error)
}

/// `svg` drawn on a new canvas at `scale` times its own size.
pub async fn draw(svg: &str, scale: f64) -> Result<HtmlCanvasElement, String> {
    let fail = |what: &str| format!("the browser could not draw the figure ({what})");
    let url = Url::create_object_url_with_blob(&text_blob(svg, "image/svg+xml")?).map_err(|_| fail("url"))?;
    let image = HtmlImageElement::new().map_err(|_| fail("image"))?;
    let loaded = Promise::new(&mut |resolve, reject| {
        image.set_onload(Some(&resolve));
        image.set_onerror(Some(&reject));
    });
    image.set_src(&url);
    let result = JsFuture::from(loaded).await;
    let _ = Url::revoke_object_url(&url);
    result.map_err(|_| fail("load"))?;
    let (w, h) = (image.natural_width(), image.natural_height());
    let (cw, ch) = ((f64::from(w) * scale).round(), (f64::from(h) * scale).round());
    let canvas: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")
        .map_err(|_| fail("canvas"))?
        .unchecked_into();
    canvas.set_width(cw as u32);
    canvas.set_height(ch as u32);
    let context = context(&canvas).ok_or_else(|| fail("context"))?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(&image, 0.0, 0.0, cw, ch)
        .map_err(|_| fail("draw"))?;
    Ok(canvas)
}

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

/// The canvas as a PNG.
pub async fn png(canvas: &HtmlCanvasElement) -> Result<Blob, String> {
    let made = Promise::new(&mut |resolve, _| {
        let _ = canvas.to_blob(&resolve);
    });
    JsFuture::from(made)
        .await
        .ok()
        .and_then(|b| b.dyn_into::<Blob>().ok())
        .ok_or_else(|| "the browser could not make the PNG".to_string())
}

/// The canvas's pixels, RGBA, as the browser's own Uint8ClampedArray (not
/// copied into the page's memory on the way to the worker).
pub fn rgba(canvas: &HtmlCanvasElement) -> Result<JsValue, String> {
    let context = context(canvas).ok_or("no 2d context")?;
    let data = context
        .get_image_data(0.0, 0.0, f64::from(canvas.width()), f64::from(canvas.height()))
        .map_err(|_| "the browser could not read the figure's pixels".to_string())?;
    Reflect::get(&data, &"data".into()).map_err(|_| "no pixel data".to_string())
}
