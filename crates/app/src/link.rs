//! Share links and embed codes for the current view, and opening them.

use crate::state::{AppState, Opened};
use replab_core::scenario::{self, history_text};
use replab_core::timeline::Timeline;
use replab_core::{Command, Protocol};
use replab_narrate::{Lang, LinkProblem};
use replab_share::Shared;
// The link's codec in the browser (CompressionStream); the runner reads and
// writes the same links with replab-share's deflate.
pub use replab_share::browser::{address, decode, encode, page_base};

/// What the link that reopens `state`'s view holds.
pub fn shared(state: &AppState) -> Shared {
    shared_view(
        state.timeline(),
        state.written_title().as_deref(),
        state.cursor,
        state.compare,
        state.lang,
    )
}

/// What the link that reopens step `cursor` of `t` holds.
pub fn shared_view(t: &Timeline, title: Option<&str>, cursor: usize, compare: Option<Protocol>, lang: Lang) -> Shared {
    // Set commands before the first other command read back as header settings:
    // the same state, one step earlier each.
    let leading_sets = t
        .commands()
        .iter()
        .take_while(|c| matches!(c, Command::Set { .. }))
        .count();
    Shared {
        text: history_text(title, t.setup(), t.commands()),
        protocol: t.setup().protocol,
        compare,
        step: cursor.saturating_sub(leading_sets),
        lang: lang.code().to_string(),
        made_before_1_4: false,
    }
}

/// Opens a fragment: everything is checked before anything is shown. A link
/// made before 1.4 is read with 1.3's defaults, written into its text.
pub async fn open(fragment: &str) -> Result<Opened, LinkProblem> {
    let mut shared = decode(fragment).await.map_err(LinkProblem::Link)?;
    if shared.made_before_1_4 {
        shared.text = scenario::pinned_text(&shared.text, replab_core::Config::LANGUAGE_1_3);
    }
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
        lang: Lang::from_code(&shared.lang).unwrap_or(Lang::EN),
        compare: shared.compare,
    })
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

/// The lanes an embed shows: one per broker, and a compact one per consumer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lanes {
    pub brokers: usize,
    pub consumers: usize,
}

impl Lanes {
    /// The lanes of `t`'s story: its brokers, and every consumer it ever polls.
    pub fn of(t: &Timeline) -> Lanes {
        Lanes {
            brokers: t.setup().brokers.len(),
            consumers: replab_view::messages::consumer_names(t).len(),
        }
    }

    /// Twice these: two columns stacked in a narrow frame.
    fn doubled(self) -> Lanes {
        Lanes {
            brokers: 2 * self.brokers,
            consumers: 2 * self.consumers,
        }
    }
}

/// A height that fits the embed: the player and title, one lane per broker, a
/// compact one per consumer, and the decision panel.
pub fn embed_height(lanes: Lanes) -> u32 {
    150 + 170 * lanes.brokers as u32 + 84 * lanes.consumers as u32 + 300
}

/// The folder of the page: where the site's other pages are.
pub fn site_base() -> String {
    let base = page_base();
    match base.rfind('/') {
        Some(i) => base[..=i].to_string(),
        None => base,
    }
}

/// The iframe snippet of a preset's pre-rendered embed at `step` (its figure
/// is drawn before any script runs; `site::page_file` names it).
pub fn preset_embed_code(preset: &str, step: usize, lang: Lang, lanes: Lanes, title: &str) -> String {
    let src = format!("{}{}", site_base(), crate::site::page_file(preset, Some(step), lang));
    iframe(&src, title, embed_height(lanes), 800)
}

/// The `<replab-figure>` snippet of a preset's pre-rendered embed at `step`:
/// the element (defined by replab-embed.js, beside the page) with its image
/// twin and a link to the full page inside, for wherever scripts do not run.
pub fn preset_element_code(preset: &str, step: usize, lang: Lang, lanes: Lanes, title: &str) -> String {
    let base = site_base();
    let file = crate::site::page_file(preset, Some(step), lang);
    let image = crate::site::twin_file(&file, crate::site::Twin::Png);
    let page = crate::site::page_file(preset, None, lang);
    let fallback = format!(
        "<a href=\"{base}{page}\"><img src=\"{base}{image}\" alt=\"{}\" width=\"720\"></a>",
        attribute(title)
    );
    figure_element(&format!("{base}{file}"), embed_height(lanes), title, &fallback)
}

/// The `<replab-figure>` snippet of a share link's embed: a link to the full
/// page stands in for it where scripts do not run (only pre-rendered pages
/// have an image twin).
pub fn element_code(fragment: &str, lanes: Lanes, title: &str, compare: Option<Protocol>) -> String {
    let (src, height, _) = embed_frame(fragment, lanes, compare);
    let fallback = format!("<a href=\"{}#{fragment}\">{}</a>", page_base(), escape(title));
    figure_element(&src, height, title, &fallback)
}

/// The element and the script that defines it, `fallback` inside. Its style
/// holds the figure's place from the first paint, before the deferred script
/// has defined the element, so the host's text after it never moves.
fn figure_element(src: &str, height: u32, title: &str, fallback: &str) -> String {
    format!(
        "<script src=\"{}replab-embed.js\" defer></script>\n\
         <replab-figure src=\"{src}\" height=\"{height}\" title=\"{}\" \
         style=\"display:block;min-height:{height}px\">\n  {fallback}\n</replab-figure>",
        site_base(),
        attribute(title)
    )
}

/// Text for an element's content.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;")
}

/// Text for an attribute's value in double quotes.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
}

/// The iframe snippet for a blog post; comparing, with `&compare=<protocol>`,
/// twice the lanes' height (the columns stack in a narrow column) and room for
/// two columns side by side.
pub fn embed_code(fragment: &str, lanes: Lanes, title: &str, compare: Option<Protocol>) -> String {
    let (src, height, width) = embed_frame(fragment, lanes, compare);
    iframe(&src, title, height, width)
}

/// A share link's embed: its address (escaped for an attribute), the height
/// that fits, and its widest.
fn embed_frame(fragment: &str, lanes: Lanes, compare: Option<Protocol>) -> (String, u32, u32) {
    let (query, height, width) = match compare {
        Some(p) => (
            format!("&amp;compare={}", p.name()),
            embed_height(lanes.doubled()) + 120,
            1400,
        ),
        None => (String::new(), embed_height(lanes), 800),
    };
    (format!("{}?embed{query}#{fragment}", page_base()), height, width)
}

/// An iframe of `src` (already escaped for an attribute), titled `title`, at
/// the height that fits and at most `width` px wide.
pub fn iframe(src: &str, title: &str, height: u32, width: u32) -> String {
    let title = attribute(title);
    format!(
        "<iframe src=\"{src}\" title=\"{title}\" width=\"100%\" height=\"{height}\" style=\"border:0;max-width:{width}px\" loading=\"lazy\"></iframe>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// replab-embed.js, served to host pages without the app, holds the place
    /// of a `<replab-figure>` written without a height: the height Copy embed
    /// code gives a two-broker story, which this keeps the same.
    #[test]
    fn the_embed_scripts_default_place_is_a_two_broker_storys_height() {
        let script = include_str!("../../../web/replab-embed.js");
        let two = embed_height(Lanes {
            brokers: 2,
            consumers: 0,
        });
        assert!(
            script.contains(&format!("var DEFAULT_HEIGHT = {two};")),
            "replab-embed.js's DEFAULT_HEIGHT is not {two}"
        );
    }
}
