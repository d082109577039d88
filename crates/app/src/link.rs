//! Share links and embed codes for the current view, and opening them.

use crate::state::AppState;
use replab_core::scenario::{self, history_text};
use replab_core::timeline::Timeline;
use replab_core::{Command, Protocol};
use replab_narrate::{Lang, LinkProblem};
use replab_share::{is_base64url, parse_payload, payload, split, version_for, LinkError, Shared, MAX_PAYLOAD};
use wasm_bindgen::prelude::*;

// Deflate and base64url by the browser (CompressionStream "deflate-raw", btoa):
// the same bytes the runner's miniz_oxide reads and writes, with no compressor in
// the page's wasm. Inflating stops past `max` bytes; a failure is thrown as
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

/// A history opened from a link.
pub struct Opened {
    pub timeline: Timeline,
    /// The scenario text the link carried.
    pub text: String,
    pub title: Option<String>,
    pub step: usize,
    pub lang: Lang,
    /// The protocol the link compares with (v2 links).
    pub compare: Option<Protocol>,
}

/// What the link that reopens `state`'s view holds.
pub fn shared(state: &AppState) -> Shared {
    let t = state.history.timeline.borrow();
    // Set commands before the first other command read back as header settings:
    // the same state, one step earlier each.
    let leading_sets = t
        .commands()
        .iter()
        .take_while(|c| matches!(c, Command::Set { .. }))
        .count();
    Shared {
        text: history_text(state.title.as_deref(), t.setup(), t.commands()),
        protocol: t.setup().protocol,
        compare: state.compare,
        step: state.cursor.saturating_sub(leading_sets),
        lang: state.lang.code().to_string(),
    }
}

/// The whole address of the link to `shared`.
pub async fn address(shared: &Shared) -> String {
    format!("{}#{}", page_base(), encode(shared).await)
}

/// What a link to `text` under `protocol` at `step` holds.
pub fn shared_text(text: &str, protocol: Protocol, step: usize, lang: Lang) -> Shared {
    Shared {
        text: text.to_string(),
        protocol,
        compare: None,
        step,
        lang: lang.code().to_string(),
    }
}

/// Opens a fragment: everything is checked before anything is shown.
pub async fn open(fragment: &str) -> Result<Opened, LinkProblem> {
    let shared = decode(fragment).await.map_err(LinkProblem::Link)?;
    let script = scenario::parse_within_limits(&shared.text).map_err(|error| LinkProblem::Script {
        error,
        names: Vec::new(),
    })?;
    let loaded = scenario::load(&script, Some(shared.protocol)).map_err(|error| LinkProblem::Script {
        error,
        names: script.brokers.clone(),
    })?;
    let len = loaded.timeline.len();
    if shared.step > len {
        return Err(LinkProblem::StepOutOfRange { step: shared.step, len });
    }
    Ok(Opened {
        timeline: loaded.timeline,
        text: shared.text,
        title: script.title,
        step: shared.step,
        lang: Lang::from_code(&shared.lang).unwrap_or(Lang::En),
        compare: shared.compare,
    })
}

/// This page's address without query or fragment.
pub fn page_base() -> String {
    web_sys::window()
        .map(|w| w.location())
        .and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?)))
        .unwrap_or_default()
}

/// The page's query parameters, `?a&b=c` as ("a", ""), ("b", "c").
fn query() -> Vec<(String, String)> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (k.to_string(), v.to_string())
        })
        .collect()
}

/// Whether the page was opened as an embed (`?embed`).
pub fn is_embed() -> bool {
    query().iter().any(|(k, _)| k == "embed")
}

/// The protocol `?compare=<name>` asks to compare with; an unknown name is
/// ignored with a warning in the console.
pub fn query_compare() -> Option<Protocol> {
    let (_, name) = query().into_iter().find(|(k, _)| k == "compare")?;
    let protocol = Protocol::from_name(&name);
    if protocol.is_none() && !name.is_empty() {
        web_sys::console::warn_1(&format!("replab: ?compare={name} names no protocol; not comparing").into());
    }
    protocol
}

/// Whether the query has `flag` (`?embed&spacetime`: the embed shows the
/// space-time diagram).
pub fn query_flag(flag: &str) -> bool {
    query().iter().any(|(k, _)| k == flag)
}

/// The current fragment, without `#`.
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// A height that fits the embed: the player and title, one lane per broker, and
/// the decision panel.
pub fn embed_height(brokers: usize) -> u32 {
    150 + 170 * brokers as u32 + 300
}

/// The iframe snippet for a blog post; comparing, with `&compare=<protocol>`,
/// twice the lanes' height (the columns stack in a narrow column) and room for
/// two columns side by side.
pub fn embed_code(fragment: &str, brokers: usize, title: &str, compare: Option<Protocol>) -> String {
    let title = title.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;");
    let (query, height, width) = match compare {
        Some(p) => (
            format!("&amp;compare={}", p.name()),
            embed_height(2 * brokers) + 120,
            1400,
        ),
        None => (String::new(), embed_height(brokers), 800),
    };
    format!(
        "<iframe src=\"{}?embed{query}#{fragment}\" title=\"{title}\" width=\"100%\" height=\"{height}\" style=\"border:0;max-width:{width}px\" loading=\"lazy\"></iframe>",
        page_base(),
    )
}
