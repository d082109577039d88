//! The site's file names: a pre-rendered page's, and its figure's twins
//! beside it. The pre-render writes them; Copy embed code and the oEmbed
//! answers point at them.

use replab_narrate::Lang;

/// The file of a pre-rendered page: `<name>[.embed-<step>][.zh].html` (the
/// pre-render writes it, Copy embed code points at it).
pub fn page_file(name: &str, embed_step: Option<usize>, lang: Lang) -> String {
    let embed = embed_step.map(|k| format!(".embed-{k}")).unwrap_or_default();
    format!("{name}{embed}{}.html", lang.file_suffix())
}

/// A figure's twins beside its page (`replab`'s `twins` writes them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Twin {
    /// An embed's figure at its step.
    Png,
    /// An embed's oEmbed answer.
    Oembed,
    /// A full page's whole story, animated.
    Gif,
}

/// The file of `page`'s twin: its name with another ending
/// (`data-loss.embed-5.zh.html` → `data-loss.embed-5.zh.png`).
pub fn twin_file(page: &str, twin: Twin) -> String {
    let stem = page.strip_suffix(".html").unwrap_or(page);
    let ending = match twin {
        Twin::Png => "png",
        Twin::Oembed => "oembed.json",
        Twin::Gif => "gif",
    };
    format!("{stem}.{ending}")
}
