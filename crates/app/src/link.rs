//! Share links and embed codes for the current view, and opening them.

use crate::state::AppState;
use replab_core::scenario::{self, history_text};
use replab_core::timeline::Timeline;
use replab_core::Command;
use replab_narrate::{Lang, LinkProblem};
use replab_share::{decode, encode, Shared};

/// A history opened from a link.
pub struct Opened {
    pub timeline: Timeline,
    /// The scenario text the link carried.
    pub text: String,
    pub title: Option<String>,
    pub step: usize,
    pub lang: Lang,
}

/// The fragment (without `#`) that reopens `state`'s view.
pub fn fragment(state: &AppState) -> String {
    let t = state.timeline.borrow();
    // Set commands before the first other command read back as header settings:
    // the same state, one step earlier each.
    let leading_sets = t
        .commands()
        .iter()
        .take_while(|c| matches!(c, Command::Set { .. }))
        .count();
    encode(&Shared {
        text: history_text(state.title.as_deref(), t.setup(), t.commands()),
        protocol: t.setup().protocol,
        compare: None,
        step: state.cursor.saturating_sub(leading_sets),
        lang: state.lang.code().to_string(),
    })
}

/// Opens a fragment: everything is checked before anything is shown.
pub fn open(fragment: &str) -> Result<Opened, LinkProblem> {
    let shared = decode(fragment).map_err(LinkProblem::Link)?;
    let script = scenario::parse(&shared.text).map_err(|error| LinkProblem::Script {
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
    })
}

/// This page's address without query or fragment.
pub fn page_base() -> String {
    web_sys::window()
        .map(|w| w.location())
        .and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?)))
        .unwrap_or_default()
}

/// Whether the page was opened as an embed (`?embed`).
pub fn is_embed() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| {
            q.trim_start_matches('?')
                .split('&')
                .any(|p| p == "embed" || p.starts_with("embed="))
        })
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

/// The iframe snippet for a blog post.
pub fn embed_code(fragment: &str, brokers: usize, title: &str) -> String {
    let title = title.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;");
    format!(
        "<iframe src=\"{}?embed#{fragment}\" title=\"{title}\" width=\"100%\" height=\"{}\" style=\"border:0;max-width:800px\" loading=\"lazy\"></iframe>",
        page_base(),
        embed_height(brokers)
    )
}
