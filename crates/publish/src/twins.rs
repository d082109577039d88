//! The image twin of every pre-rendered figure, for where iframes and scripts
//! do not go (feed readers, e-mail, a link pasted into a chat): beside each
//! embed page `<name>.embed-<k>[.zh].html` a PNG of its figure at that step
//! (`<name>.embed-<k>[.zh].png`, twice the pixels) and the oEmbed answer that
//! names it (`<name>.embed-<k>[.zh].oembed.json`); beside each full page
//! `<name>[.zh].html` its whole story as a looping GIF (`<name>[.zh].gif`).
//! The pictures are `figure`'s: `replab_view::strip`, the page's own rendering.

use crate::raster::{self, pictures, Renderer};
use rayon::prelude::*;
use replab_app::prerender::{oembed_json, twin_file, Page, Twin};
use replab_app::start::{Start, Story};
use replab_core::Protocol;
use replab_narrate::Lang;
use replab_view::strip;
use std::path::Path;

/// Twice the figure's pixels, as `replab figure` writes a PNG.
const SCALE: u32 = 2;

/// Writes every page's twins into `dir`; the number of files written.
/// `base`: the address the files are served from ("" for addresses relative
/// to the page), for the oEmbed answers, which name absolute ones.
pub fn write(dir: &Path, pages: &[Page], base: &str) -> Result<usize, String> {
    // A page's story shares its text (`Rc`): each thread takes its own copy.
    let jobs: Vec<Job> = pages.iter().filter_map(Job::of).collect();
    let written: Vec<usize> = jobs
        .into_par_iter()
        .map_init(Renderer::new, |r, job| job.write(r, dir, base))
        .collect::<Result<_, _>>()?;
    Ok(written.into_iter().sum())
}

/// A story page's twins to draw, in a form a thread can take.
struct Job {
    file: String,
    lang: Lang,
    image: Option<String>,
    text: String,
    preset: Option<&'static str>,
    protocol: Option<Protocol>,
    step: Option<usize>,
    embed: bool,
}

impl Job {
    fn of(page: &Page) -> Option<Job> {
        // A first visit's page is its preset's page at step 0: the preset's
        // own twins stand for it.
        let s = page.story.as_ref().filter(|s| !s.first_visit)?;
        Some(Job {
            file: page.file.clone(),
            lang: page.lang,
            image: page.image.clone(),
            text: s.text.to_string(),
            preset: s.preset,
            protocol: s.protocol,
            step: s.step,
            embed: s.embed,
        })
    }

    fn write(self, r: &mut Renderer, dir: &Path, base: &str) -> Result<usize, String> {
        let page = Page {
            file: self.file,
            lang: self.lang,
            image: self.image,
            story: Some(Story {
                text: self.text.into(),
                preset: self.preset,
                protocol: self.protocol,
                step: self.step,
                lang: self.lang,
                embed: self.embed,
                page: None,
                first_visit: false,
            }),
        };
        write_page(r, dir, &page, base)
    }
}

fn write_page(r: &Renderer, dir: &Path, page: &Page, base: &str) -> Result<usize, String> {
    let Some(story) = &page.story else {
        return Ok(0);
    };
    let start = Start::of(story).ok_or_else(|| format!("{}: its scenario does not load", page.file))?;
    let state = &start.state;
    let t = state.timeline();
    let title = state.display_title();
    let width = strip::DEFAULT_WIDTH;
    let save = |file: String, bytes: Vec<u8>| {
        let path = dir.join(&file);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))
    };
    if story.embed {
        let frames = strip::frames(t, &[state.cursor], page.lang, width);
        let svg = strip::strip_svg(t, &title, &frames, page.lang, width);
        let p = r.render(&svg, SCALE as f32)?;
        save(twin_file(&page.file, Twin::Png), raster::png(&p, SCALE)?)?;
        let json = oembed_json(page, state, base, (p.width() / SCALE, p.height() / SCALE));
        save(twin_file(&page.file, Twin::Oembed), json.into_bytes())?;
        return Ok(2);
    }
    if t.is_empty() {
        return Ok(0);
    }
    let steps: Vec<usize> = (1..=t.len()).collect();
    let frames = strip::frames(t, &steps, page.lang, width);
    let pictures = pictures(r, t, &title, &frames, page.lang, width)?;
    let delays = strip::frame_delays(&frames, strip::DELAY, strip::PAUSE);
    save(twin_file(&page.file, Twin::Gif), raster::gif(&pictures, &delays)?)?;
    Ok(1)
}
