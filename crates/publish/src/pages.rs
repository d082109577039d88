//! Pages whose figure is real at first paint, with their image twins: the
//! built site's (Trunk's post_build hook runs `replab-prerender`) and an
//! author's own (`replab publish`).

use crate::twins;
use replab_app::prerender::{self, Page};
use replab_narrate::{self as narrate, Lang};
use std::path::Path;

/// Where the template of a page is kept in a built site: `index.html` before
/// its first frame was written into it.
pub const TEMPLATE: &str = "page-template.html";

/// What was written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    pub pages: usize,
    /// PNGs, GIFs and oEmbed answers.
    pub twins: usize,
    /// Other languages' message files.
    pub languages: usize,
}

/// Fills the built site in `dir`: the app's first frame in every page
/// (`prerender::site_pages`: the default partition, each preset and its
/// embeds, in every language), their twins, and the message files of the
/// languages the page does not carry. `base`: see `base_url`.
pub fn prerender(dir: &Path, base: &str) -> Result<Written, String> {
    let index = dir.join("index.html");
    let template = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    std::fs::write(dir.join(TEMPLATE), &template).map_err(|e| format!("{TEMPLATE}: {e}"))?;
    let scenarios = dir.join("scenarios");
    let pages = prerender::site_pages(|id| std::fs::read_to_string(scenarios.join(format!("{id}.scn"))).ok());
    Ok(Written {
        pages: write_pages(dir, &template, &pages, base)?,
        twins: twins::write(dir, &pages, base)?,
        languages: write_languages(dir)?,
    })
}

/// Writes `pages` (an author's stories) and their twins into `out`, beside
/// the site built in `dist` (what the pages need from it is copied when `out`
/// is another folder).
pub fn publish(dist: &Path, out: &Path, pages: &[Page], base: &str) -> Result<Written, String> {
    let template_path = dist.join(TEMPLATE);
    let template = std::fs::read_to_string(&template_path).map_err(|e| {
        format!(
            "{}: {e} (build the site first: trunk build --release)",
            template_path.display()
        )
    })?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let same = std::fs::canonicalize(out).ok() == std::fs::canonicalize(dist).ok();
    if !same {
        copy_assets(dist, out)?;
    }
    Ok(Written {
        pages: write_pages(out, &template, pages, base)?,
        twins: twins::write(out, pages, base)?,
        languages: 0,
    })
}

fn write_pages(dir: &Path, template: &str, pages: &[Page], base: &str) -> Result<usize, String> {
    for page in pages {
        let html = prerender::page_html(template, page, base)
            .ok_or_else(|| format!("{}: the template has no <div id=\"replab\"></div>", page.file))?;
        let path = dir.join(&page.file);
        std::fs::write(&path, html).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(pages.len())
}

/// The messages of every language the page does not carry, as files beside
/// it for the page to fetch (`replab_app::languages`).
fn write_languages(dir: &Path) -> Result<usize, String> {
    let mut written = 0;
    for lang in Lang::ALL.iter().copied().filter(|&l| l != Lang::EN) {
        let path = dir.join(replab_app::languages::file(lang));
        let text = narrate::catalogue::file_of(lang).ok_or_else(|| format!("{}: not built in", path.display()))?;
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        written += 1;
    }
    Ok(written)
}

/// Where the pre-render reads the address the site will be served from.
pub const BASE_VAR: &str = "REPLAB_BASE_URL";

/// The address the pages will be served from, ending in `/`, for the link
/// previews (oEmbed wants absolute addresses); "" when not given: addresses
/// relative to the page.
pub fn base_url(given: Option<String>) -> Result<String, String> {
    let Some(url) = given.filter(|u| !u.is_empty()) else {
        return Ok(String::new());
    };
    if !(url.starts_with("https://") || url.starts_with("http://")) || url.contains(['"', '<', '>', ' ']) {
        return Err(format!(
            "the site's address must be an http(s) URL, as https://example.com/lab/, not '{url}'"
        ));
    }
    Ok(if url.ends_with('/') { url } else { format!("{url}/") })
}

/// A page of the built site or one of its twins (the site has no other
/// pictures or JSON): not copied for an author's own pages.
fn is_page(path: &Path) -> bool {
    let ending = path.extension().and_then(|x| x.to_str()).unwrap_or("");
    ["html", "png", "gif", "json"].contains(&ending)
}

/// Everything of the built site but its pages: the scripts, the wasm, the
/// styles, the preset files.
fn copy_assets(from: &Path, to: &Path) -> Result<(), String> {
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            std::fs::create_dir_all(&target).map_err(|e| format!("{}: {e}", target.display()))?;
            copy_assets(&path, &target)?;
        } else if !is_page(&path) {
            std::fs::copy(&path, &target).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preset_text(id: &str) -> Option<String> {
        std::fs::read_to_string(format!("{}/../../web/scenarios/{id}.scn", env!("CARGO_MANIFEST_DIR"))).ok()
    }

    /// The first visit: `index.html` tells the seed's story at its first
    /// step, drawn with its invitation, declared as a first visit (so the
    /// reader's language and a link or `?embed` still decide what opens).
    #[test]
    fn the_first_visit_page_tells_the_seeds_story_at_step_0() {
        let pages = prerender::site_pages(preset_text);
        let index = pages.iter().find(|p| p.file == "index.html").expect("index.html");
        let story = index.story.as_ref().expect("a story");
        assert!(story.first_visit);
        assert_eq!(
            (story.preset, story.step, story.embed),
            (Some("data-loss"), Some(0), false)
        );
        let template = "<html lang=\"en\"><head><title>Kafka Replication Lab</title></head>\
                        <body><div id=\"replab\"></div></body></html>";
        let html = prerender::page_html(template, index, "").expect("drawn");
        assert!(html.contains(r#""first_visit":true"#), "{html}");
        assert!(!html.contains(" data-story"), "the page claims no story of its own");
        assert!(html.contains(r#"data-testid="invite""#));
        assert!(html.contains(r#"data-testid="step" data-step="0""#));
        assert!(html.contains(r#"data-testid="broker-B""#) && !html.contains(r#"data-testid="broker-C""#));
        // A preset's own page is no first visit.
        let preset = pages
            .iter()
            .find(|p| p.file == "data-loss.html")
            .expect("the preset's page");
        assert!(!preset.story.as_ref().expect("a story").first_visit);
        assert!(prerender::page_html(template, preset, "")
            .expect("drawn")
            .contains(" data-story"));
        // Without the seed's file, the first visit is the default partition.
        let bare = prerender::site_pages(|_| None);
        assert!(bare.iter().all(|p| p.story.is_none()));
    }
}
