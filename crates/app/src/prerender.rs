//! The page's first frame at build time: the app rendered natively (yew's
//! `ssr`) into the built `index.html`, for the default partition and for each
//! story a page shows (the presets, an author's own scenarios). The browser's
//! wasm builds the same first state from the story the page declares
//! (`start.rs`) and takes over the markup in one frame.

use crate::app::{App, AppProps};
use crate::site::page_file;
pub use crate::site::{twin_file, Twin};
use crate::start::{Start, Story, HOST, STORY};
use replab_narrate::{label, Label, Lang};
use std::rc::Rc;

/// A page to write: its file name and what it shows.
pub struct Page {
    pub file: String,
    /// None: the default partition (in `lang`).
    pub story: Option<Story>,
    pub lang: Lang,
    /// The image twin that stands for the page where it is linked (its
    /// `og:image`): an embed's own, a full page's embed at its step.
    pub image: Option<String>,
}

/// The product's name, as oEmbed and link previews show it.
const PROVIDER: &str = "Kafka Replication Lab";

/// An embed page's oEmbed answer (version 1.0, type `rich`): the iframe that
/// Copy embed code gives, its size, and the image twin (`image`: its size in
/// CSS pixels) as the thumbnail. `base` makes the addresses absolute.
pub fn oembed_json(page: &Page, state: &crate::state::AppState, base: &str, image: (u32, u32)) -> String {
    let src = format!("{base}{}", page.file);
    let title = state.display_title();
    let height = crate::link::embed_height(crate::link::Lanes::of(state.timeline()));
    let mut answer = serde_json::json!({
        "version": "1.0",
        "type": "rich",
        "provider_name": PROVIDER,
        "title": title,
        "html": crate::link::iframe(&escape(&src), &title, height, 800),
        "width": 800,
        "height": height,
        "thumbnail_url": format!("{base}{}", twin_file(&page.file, Twin::Png)),
        "thumbnail_width": image.0,
        "thumbnail_height": image.1,
    });
    if !base.is_empty() {
        answer["provider_url"] = base.into();
    }
    answer.to_string()
}

/// The app's markup for `start`, as its first render draws it.
pub fn markup(start: Start) -> String {
    let props = AppProps { start: Rc::new(start) };
    futures::executor::block_on(
        yew::LocalServerRenderer::<App>::with_props(props)
            .hydratable(false)
            .render(),
    )
}

/// `template` (the built index.html, with an empty `<div id="replab">`) with
/// `page`'s first frame in it, its story declared for the wasm, and its
/// language and title. None if the page's scenario does not load.
/// `base`: the address the site is served from, for the link previews'
/// absolute addresses ("": relative to the page).
pub fn page_html(template: &str, page: &Page, base: &str) -> Option<String> {
    let start = match &page.story {
        Some(story) => Start::of(story)?,
        None => Start::empty(page.lang, false),
    };
    let title = start.state.display_title();
    let app_title = label(page.lang, Label::AppTitle);
    let title = if title == app_title {
        title
    } else {
        format!("{title} · {app_title}")
    };
    let host = format!("<div id=\"{HOST}\"></div>");
    if !template.contains(&host) {
        return None;
    }
    let mut filled = format!("<div id=\"{HOST}\">{}</div>", markup(start));
    if let Some(story) = &page.story {
        filled.push_str(&format!(
            "\n<script type=\"application/json\" id=\"{STORY}\">{}</script>",
            story_json(story)
        ));
    }
    let html_tag = root_tag(page);
    // A page in a language the page does not carry fetches its messages at
    // once, beside the wasm.
    let mut head = if page.lang == Lang::EN {
        String::new()
    } else {
        format!(
            "<link rel=\"preload\" href=\"{}\" as=\"fetch\" crossorigin=\"anonymous\">\n",
            crate::languages::file(page.lang)
        )
    };
    head.push_str(&previews(page, &title, base));
    let template = template.replacen("</head>", &format!("{head}</head>"), 1);
    Some(
        template
            .replacen("<html lang=\"en\">", &html_tag, 1)
            .replacen(
                &format!("<title>{}</title>", label(Lang::EN, Label::AppTitle)),
                &format!("<title>{}</title>", escape(&title)),
                1,
            )
            .replacen(&host, &filled, 1),
    )
}

/// What a link to the page shows where it is pasted: its title and image
/// twin (Open Graph, read by chats, feeds and social sites), and an embed's
/// oEmbed answer (read by blog platforms).
fn previews(page: &Page, title: &str, base: &str) -> String {
    let Some(image) = &page.image else {
        return String::new();
    };
    let title = escape(title).replace('"', "&quot;");
    let mut tags = format!(
        "<meta property=\"og:title\" content=\"{title}\">\n\
         <meta property=\"og:type\" content=\"website\">\n\
         <meta property=\"og:site_name\" content=\"{PROVIDER}\">\n\
         <meta property=\"og:image\" content=\"{}\">\n\
         <meta name=\"twitter:card\" content=\"summary_large_image\">\n",
        escape(&format!("{base}{image}"))
    );
    if page.story.as_ref().is_some_and(|s| s.embed) {
        tags.push_str(&format!(
            "<link rel=\"alternate\" type=\"application/json+oembed\" href=\"{}\" title=\"{title}\">\n",
            escape(&format!("{base}{}", twin_file(&page.file, Twin::Oembed)))
        ));
    }
    tags
}

/// The story as JSON, safe inside a `<script>` (no `<` at all).
fn story_json(story: &Story) -> String {
    serde_json::json!({
        "text": &*story.text,
        "preset": story.preset,
        "protocol": story.protocol.map(|p| p.name()),
        "step": story.step,
        "lang": story.lang.code(),
        "embed": story.embed,
        "page": story.page.as_deref(),
        "first_visit": story.first_visit,
    })
    .to_string()
    .replace('<', "\\u003c")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Which steps a story's embed is written at.
pub enum EmbedSteps {
    /// Every step (a preset: Copy embed code points at the step shown).
    All,
    /// One step; the end if None.
    At(Option<usize>),
}

/// The pages of one story, in both languages: the full page at `step` (the
/// end if None), and its embed at `embeds`. `name` names the files. None if
/// the scenario does not load.
pub fn story_pages(
    name: &str,
    text: &Rc<str>,
    preset: Option<&'static str>,
    step: Option<usize>,
    embeds: EmbedSteps,
) -> Option<Vec<Page>> {
    let script = replab_core::scenario::parse(text).ok()?;
    let len = replab_core::scenario::load(&script, None).ok()?.timeline.len();
    let steps: Vec<usize> = match embeds {
        EmbedSteps::All => (0..=len).collect(),
        EmbedSteps::At(k) => vec![k.unwrap_or(len).min(len)],
    };
    let mut pages = Vec::new();
    for &lang in Lang::ALL {
        let page = Rc::<str>::from(page_file(name, None, lang));
        let story = |step: Option<usize>, embed: bool| Story {
            text: text.clone(),
            preset,
            protocol: None,
            step,
            lang,
            embed,
            page: embed.then(|| page.clone()),
            first_visit: false,
        };
        let image = |k: usize| Some(twin_file(&page_file(name, Some(k), lang), Twin::Png));
        pages.push(Page {
            file: page_file(name, None, lang),
            story: Some(story(step, false)),
            lang,
            image: image(step.unwrap_or(len).min(len)),
        });
        for &k in &steps {
            pages.push(Page {
                file: page_file(name, Some(k), lang),
                story: Some(story(Some(k), true)),
                lang,
                image: image(k),
            });
        }
    }
    Some(pages)
}

/// A page's `<html>`: its language (the tag, and the code as the page's
/// script compares it), every language of the site, whether it has a story,
/// and the words index.html's script shows if the wasm never starts.
fn root_tag(page: &Page) -> String {
    let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
    format!(
        "<html lang=\"{}\" data-lang=\"{}\" data-languages=\"{}\"{} data-stopped=\"{}\" data-reload=\"{}\">",
        page.lang.tag(),
        page.lang.code(),
        codes.join(" "),
        // A first visit's story gives way to the reader's language, as no story does.
        if page.story.as_ref().is_some_and(|s| !s.first_visit) {
            " data-story"
        } else {
            ""
        },
        escape(label(page.lang, Label::PanicMessage)).replace('"', "&quot;"),
        escape(label(page.lang, Label::Reload)).replace('"', "&quot;"),
    )
}

/// Every page of the built site: the first visit in each language
/// (`index.html`, `index.zh.html`: the seed's story at its first step, or the
/// default partition if its file is missing), and each preset's pages.
pub fn site_pages(preset_text: impl Fn(&str) -> Option<String>) -> Vec<Page> {
    let first = crate::presets::FIRST_VISIT;
    let first_text: Option<Rc<str>> = preset_text(first.id).map(Rc::from);
    let mut pages: Vec<Page> = Lang::ALL
        .iter()
        .map(|&lang| Page {
            file: page_file("index", None, lang),
            story: first_text.as_ref().map(|text| Story {
                text: text.clone(),
                preset: Some(first.id),
                protocol: None,
                step: Some(0),
                lang,
                embed: false,
                page: None,
                first_visit: true,
            }),
            lang,
            image: first_text
                .is_some()
                .then(|| twin_file(&page_file(first.id, Some(0), lang), Twin::Png)),
        })
        .collect();
    for preset in crate::presets::PRESETS {
        let text: Option<Rc<str>> = preset_text(preset.id).map(Rc::from);
        if let Some(more) = text.and_then(|t| story_pages(preset.id, &t, Some(preset.id), None, EmbedSteps::All)) {
            pages.extend(more);
        }
    }
    pages
}
