//! Share links in the browser: deflate and base64url by the browser's own
//! `CompressionStream("deflate-raw")` and `btoa`, so no compressor is compiled
//! into a page's wasm. The page uses it (`replab_app::link`, the checker's share links).

use crate::{is_base64url, parse_payload, payload, split, version_for, LinkError, Shared, MAX_PAYLOAD};
use wasm_bindgen::prelude::*;

// The same bytes the runner's miniz_oxide reads and writes. Inflating stops past `max` bytes; a failure is thrown as
// "corrupted" or "too-large".
#[wasm_bindgen(inline_js = r#"
async function piped(bytes, stream) {
  return new Blob([bytes]).stream().pipeThrough(stream).getReader();
}
export async function deflate_b64(text) {
  const reader = await piped(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  let bin = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i += 0x8000) bin += String.fromCharCode.apply(null, value.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export async function inflate_b64(data, max) {
  let bin;
  try { bin = atob(data.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')); } catch { throw 'corrupted'; }
  const reader = await piped(Uint8Array.from(bin, (c) => c.charCodeAt(0)), new DecompressionStream('deflate-raw'));
  const parts = [];
  let n = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.length;
      if (n > max) { reader.cancel(); throw 'too-large'; }
      parts.push(value);
    }
  } catch (e) { throw e === 'too-large' ? e : 'corrupted'; }
  try { return new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(parts).arrayBuffer()); } catch { throw 'corrupted'; }
}
"#)]
extern "C" {
    async fn deflate_b64(text: &str) -> JsValue;
    #[wasm_bindgen(catch)]
    async fn inflate_b64(data: &str, max: u32) -> Result<JsValue, JsValue>;
}

/// The fragment (without `#`) for `s`: `v<version>.<base64url(deflate(payload))>`.
pub async fn encode(s: &Shared) -> String {
    let data = deflate_b64(&payload(s)).await.as_string().unwrap_or_default();
    format!("v{}.{data}", version_for(s))
}

/// Reads a fragment (with or without the leading `#`), as the runner does.
pub async fn decode(fragment: &str) -> Result<Shared, LinkError> {
    let (version, data) = split(fragment)?;
    if !is_base64url(data) {
        return Err(LinkError::BadEncoding);
    }
    let text = inflate_b64(data, MAX_PAYLOAD as u32).await.map_err(|e| {
        if e.as_string().as_deref() == Some("too-large") {
            LinkError::TooLarge
        } else {
            LinkError::Corrupted
        }
    })?;
    parse_payload(version, &text.as_string().unwrap_or_default())
}

/// This page's address without query or fragment.
pub fn page_base() -> String {
    web_sys::window()
        .map(|w| w.location())
        .and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?)))
        .unwrap_or_default()
}

/// The whole address of the link to `shared`.
pub async fn address(shared: &Shared) -> String {
    format!("{}#{}", page_base(), encode(shared).await)
}
