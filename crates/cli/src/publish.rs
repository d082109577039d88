//! Pages whose figure is real at first paint: `replab prerender` fills the
//! built site (Trunk's post_build hook) with the app's first frame for the
//! default partition and every preset; `replab publish` writes an author's own
//! scenarios as pages beside a built site, readable with no JavaScript at all.

use replab_app::prerender::{self, EmbedSteps, Page};
use replab_narrate::{self as narrate, Lang, Names};
use std::path::{Path, PathBuf};
use std::rc::Rc;

pub const USAGE: &str = "  replab prerender [DIR]   (the built site in DIR, by default Trunk's staging directory \
$TRUNK_STAGING_DIR: the app's first frame written into index.html and index.zh.html, and a page per \
preset with its embed at every step, each in English and Chinese, with their image twins; run by \
Trunk's post_build hook. $REPLAB_BASE_URL, if set, is the site's address for link previews)
  replab publish [--dist DIR] [--step N] [--base-url URL] -o OUT SCENARIO...
      (each scenario as pages whose figure is drawn before any script runs: OUT/<name>.html, the \
full page, and OUT/<name>.embed-<step>.html, its embed at --step (the end), each also in Chinese \
(<name>.zh.html, <name>.embed-<step>.zh.html); beside them the image twins: the embed's figure as \
<name>.embed-<step>[.zh].png (twice the pixels), the whole story as <name>[.zh].gif, and the embed's \
oEmbed answer <name>.embed-<step>[.zh].oembed.json. URL: where OUT will be served from, so that link \
previews and oEmbed name absolute addresses (else relative to the page). DIR (dist) is a built \
site, and when OUT is another folder what the pages need from it is copied there)";

/// Where the template of a page is kept in a built site: `index.html` before
/// its first frame was written into it.
const TEMPLATE: &str = "page-template.html";

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
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
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

pub fn prerender_command(args: &[String]) -> Result<std::process::ExitCode, String> {
    let dir = match args {
        [] => std::env::var("TRUNK_STAGING_DIR")
            .map(PathBuf::from)
            .map_err(|_| format!("replab prerender: no DIR and no $TRUNK_STAGING_DIR\n{USAGE}"))?,
        [dir] => PathBuf::from(dir),
        _ => return Err(USAGE.to_string()),
    };
    let index = dir.join("index.html");
    let template = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    std::fs::write(dir.join(TEMPLATE), &template).map_err(|e| format!("{TEMPLATE}: {e}"))?;
    let scenarios = dir.join("scenarios");
    let pages = prerender::site_pages(|id| std::fs::read_to_string(scenarios.join(format!("{id}.scn"))).ok());
    let base = base_url(std::env::var(BASE_VAR).ok())?;
    let written = write_pages(&dir, &template, &pages, &base)?;
    let images = crate::twins::write(&dir, &pages, &base)?;
    let languages = write_languages(&dir)?;
    eprintln!(
        "replab prerender: {written} pages, {images} image twins and oEmbed answers, and {languages} language files in {}",
        dir.display()
    );
    Ok(std::process::ExitCode::SUCCESS)
}

pub fn publish_command(args: &[String]) -> Result<std::process::ExitCode, String> {
    let (mut dist, mut out, mut step, mut files) = (PathBuf::from("dist"), None, None, Vec::new());
    let mut base = None;
    let mut i = 0;
    while i < args.len() {
        let value = || {
            args.get(i + 1)
                .ok_or_else(|| format!("{} needs a value\n{USAGE}", args[i]))
        };
        match args[i].as_str() {
            "--dist" => dist = PathBuf::from(value()?),
            "-o" => out = Some(PathBuf::from(value()?)),
            "--base-url" => base = Some(value()?.to_string()),
            "--step" => {
                let v = value()?;
                step = Some(
                    v.parse::<usize>()
                        .map_err(|_| format!("--step: not a step number: {v}"))?,
                )
            }
            f if f.starts_with('-') => return Err(format!("unknown option {f}\n{USAGE}")),
            f => {
                files.push(f.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let out = out.ok_or_else(|| format!("publish: -o OUT is required\n{USAGE}"))?;
    let base = base_url(base)?;
    if files.is_empty() {
        return Err(format!("publish: no scenario given\n{USAGE}"));
    }
    let template_path = dist.join(TEMPLATE);
    let template = std::fs::read_to_string(&template_path).map_err(|e| {
        format!(
            "{}: {e} (build the site first: trunk build --release)",
            template_path.display()
        )
    })?;
    // Every scenario is read and checked before anything is written.
    let mut pages = Vec::new();
    for file in &files {
        let text: Rc<str> = crate::read_source(file)?.into();
        let said = |names: &[String], e: &replab_core::scenario::ScriptError| {
            format!("{file}: {}", narrate::script_error(Lang::En, &Names(names), e))
        };
        let script = replab_core::scenario::parse_within_limits(&text).map_err(|e| said(&[], &e))?;
        let timeline = replab_core::scenario::load(&script, None)
            .map_err(|e| said(&script.brokers, &e))?
            .timeline;
        if let Some(k) = step.filter(|&k| k > timeline.len()) {
            return Err(format!(
                "{file}: --step {k} is past the history's end, {}",
                timeline.len()
            ));
        }
        let name = Path::new(file)
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|s| !s.is_empty() && *s != "-")
            .unwrap_or("scenario");
        pages.extend(prerender::story_pages(name, &text, None, step, EmbedSteps::At(step)).unwrap_or_default());
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let same = std::fs::canonicalize(&out).ok() == std::fs::canonicalize(&dist).ok();
    if !same {
        copy_assets(&dist, &out)?;
    }
    let written = write_pages(&out, &template, &pages, &base)?;
    let images = crate::twins::write(&out, &pages, &base)?;
    eprintln!(
        "replab publish: {written} pages and {images} image twins and oEmbed answers in {}",
        out.display()
    );
    Ok(std::process::ExitCode::SUCCESS)
}

/// Where the pre-render reads the address the site will be served from.
const BASE_VAR: &str = "REPLAB_BASE_URL";

/// The address the pages will be served from, ending in `/`, for the link
/// previews (oEmbed wants absolute addresses); "" when not given: addresses
/// relative to the page.
fn base_url(given: Option<String>) -> Result<String, String> {
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
