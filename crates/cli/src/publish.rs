//! Pages whose figure is real at first paint (`replab_publish::pages`):
//! `replab prerender` fills a built site with the app's first frame for the
//! default partition and every preset (as Trunk's hook does with
//! `replab-prerender`); `replab publish` writes an author's own scenarios as
//! pages beside a built site, readable with no JavaScript at all.

use replab_app::prerender::{self, EmbedSteps};
use replab_narrate::{self as narrate, Lang, Names};
use replab_publish::pages::{self, base_url, BASE_VAR};
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

pub fn prerender_command(args: &[String]) -> Result<std::process::ExitCode, String> {
    let dir = match args {
        [] => std::env::var("TRUNK_STAGING_DIR")
            .map(PathBuf::from)
            .map_err(|_| format!("replab prerender: no DIR and no $TRUNK_STAGING_DIR\n{USAGE}"))?,
        [dir] => PathBuf::from(dir),
        _ => return Err(USAGE.to_string()),
    };
    let w = pages::prerender(&dir, &base_url(std::env::var(BASE_VAR).ok())?)?;
    eprintln!(
        "replab prerender: {} pages, {} image twins and oEmbed answers, and {} language files in {}",
        w.pages,
        w.twins,
        w.languages,
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
    let template = dist.join(pages::TEMPLATE);
    if !template.is_file() {
        return Err(format!(
            "{}: not found (build the site first: trunk build --release)",
            template.display()
        ));
    }
    // Every scenario is read and checked before anything is written.
    let mut pages = Vec::new();
    for file in &files {
        let text: Rc<str> = crate::read_source(file)?.into();
        let said = |names: &[String], e: &replab_core::scenario::ScriptError| {
            format!("{file}: {}", narrate::script_error(Lang::EN, &Names(names), e))
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
    let w = pages::publish(&dist, &out, &pages, &base)?;
    eprintln!(
        "replab publish: {} pages and {} image twins and oEmbed answers in {}",
        w.pages,
        w.twins,
        out.display()
    );
    Ok(std::process::ExitCode::SUCCESS)
}
