//! Figures as pixels: an SVG of `replab_view` drawn by resvg, with the font the
//! runner carries (a subset of Noto Sans CJK SC, Regular and Bold, made by
//! `tools/subset-font.py`), then encoded as PNG, GIF or APNG.
//!
//! Every text is set in the bundled font, whatever family the SVG asks for, so
//! a figure looks the same on every machine; a character the font lacks (a
//! user's own title) is looked for in the system's fonts, loaded only then.

use replab_core::timeline::Timeline;
use replab_narrate::Lang;
use replab_view::strip::{self, Frame};
use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg::{self, fontdb};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The bundled font's family name, and its two weights.
const FAMILY: &str = "Replab Figure Sans";
const REGULAR: &[u8] = include_bytes!("../fonts/ReplabFigureSans-Regular.otf");
const BOLD: &[u8] = include_bytes!("../fonts/ReplabFigureSans-Bold.otf");

/// The most pixels one picture may have (a PNG of 60 tall frames at 2× can
/// reach it): 48 million, 192 MB while drawn.
pub const MAX_PIXELS: u64 = 48_000_000;

/// Draws SVG figures with the bundled font.
pub struct Renderer {
    options: usvg::Options<'static>,
    /// Characters the bundled font lacks, and among them those no font had
    /// (drawn as a font's missing-glyph box).
    fallbacks: Arc<Mutex<Fallbacks>>,
}

#[derive(Default)]
struct Fallbacks {
    needed: Vec<char>,
    missing: Vec<char>,
}

impl Default for Renderer {
    fn default() -> Self {
        Self::new()
    }
}

impl Renderer {
    pub fn new() -> Renderer {
        let mut db = fontdb::Database::new();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        db.set_sans_serif_family(FAMILY);
        let fallbacks = Arc::new(Mutex::new(Fallbacks::default()));
        let system_loaded = AtomicBool::new(false);
        let seen = Arc::clone(&fallbacks);
        let font_resolver = usvg::FontResolver {
            // The bundled font for every family, at the weight asked for.
            select_font: Box::new(|font, db| {
                let style = match font.style() {
                    usvg::FontStyle::Normal => fontdb::Style::Normal,
                    usvg::FontStyle::Italic => fontdb::Style::Italic,
                    usvg::FontStyle::Oblique => fontdb::Style::Oblique,
                };
                db.query(&fontdb::Query {
                    families: &[fontdb::Family::Name(FAMILY)],
                    weight: fontdb::Weight(font.weight()),
                    stretch: fontdb::Stretch::Normal,
                    style,
                })
            }),
            // A character the bundled font lacks: the system's fonts, loaded the
            // first time one is needed.
            select_fallback: Box::new(move |c, used, db| {
                if !system_loaded.swap(true, Ordering::Relaxed) {
                    Arc::make_mut(db).load_system_fonts();
                }
                let found = closest_fallback(c, used, db);
                if let Ok(mut seen) = seen.lock() {
                    if !seen.needed.contains(&c) {
                        seen.needed.push(c);
                    }
                    if found.is_none() && !seen.missing.contains(&c) {
                        seen.missing.push(c);
                    }
                }
                found
            }),
        };
        Renderer {
            options: usvg::Options {
                fontdb: Arc::new(db),
                font_resolver,
                ..usvg::Options::default()
            },
            fallbacks,
        }
    }

    /// `svg` read, its text laid out.
    fn tree(&self, svg: &str) -> Result<usvg::Tree, String> {
        usvg::Tree::from_str(svg, &self.options).map_err(|e| format!("cannot draw the figure: {e}"))
    }

    /// `svg` drawn at `scale` (2: twice the pixels, for sharp text), on white.
    pub fn render(&self, svg: &str, scale: f32) -> Result<Pixmap, String> {
        let tree = self.tree(svg)?;
        let size = tree.size();
        let (w, h) = (
            (size.width() * scale).ceil() as u32,
            (size.height() * scale).ceil() as u32,
        );
        if u64::from(w) * u64::from(h) > MAX_PIXELS {
            return Err(format!(
                "the picture would be {w}×{h} px, more than {} million pixels: choose fewer steps or a narrower --width",
                MAX_PIXELS / 1_000_000
            ));
        }
        let mut pixmap = Pixmap::new(w, h).ok_or_else(|| format!("cannot draw a {w}×{h} px picture"))?;
        pixmap.fill(Color::WHITE);
        resvg::render(&tree, Transform::from_scale(scale, scale), &mut pixmap.as_mut());
        Ok(pixmap)
    }

    /// The characters no font had so far (neither the bundled one nor the system's).
    pub fn missing(&self) -> Vec<char> {
        self.fallbacks.lock().map(|f| f.missing.clone()).unwrap_or_default()
    }
}

/// Of the fonts that have `c` (besides those in `used`), the one closest in
/// weight to the first in `used`, so that a bold title stays bold; of those,
/// a Simplified Chinese one (a CJK collection's first face is often Japanese,
/// with other forms of some characters).
fn closest_fallback(c: char, used: &[fontdb::ID], db: &mut Arc<fontdb::Database>) -> Option<fontdb::ID> {
    let weight = used.first().and_then(|&id| db.face(id)).map_or(400, |f| f.weight.0);
    let select = usvg::FontResolver::default_fallback_selector();
    let mut seen = used.to_vec();
    let mut best: Option<((u16, bool), fontdb::ID)> = None;
    // The default selector gives one font that has `c`; asked again without
    // it, another; at most a few dozen.
    while let Some(id) = select(c, &seen, db) {
        seen.push(id);
        let Some(face) = db.face(id) else { continue };
        let simplified = face.families.iter().any(|(name, _)| name.ends_with(" SC"));
        let key = (face.weight.0.abs_diff(weight), !simplified);
        if best.is_none_or(|(k, _)| key < k) {
            best = Some((key, id));
        }
        if key == (0, false) || seen.len() > 64 {
            break;
        }
    }
    best.map(|(_, id)| id)
}

/// The picture's pixels as RGB (figures are opaque: drawn on white).
fn rgb(p: &Pixmap) -> Vec<u8> {
    p.pixels()
        .iter()
        .flat_map(|c| {
            let c = c.demultiply();
            [c.red(), c.green(), c.blue()]
        })
        .collect()
}

/// A PNG of `p`, marked as drawn at `scale` times 72 dpi's pixels per metre
/// (so a viewer that honours it shows a 2× picture at its 1× size).
pub fn png(p: &Pixmap, scale: u32) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, p.width(), p.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::High);
    // 72 dpi is 2835 pixels per metre.
    let ppm = 2835 * scale;
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    let mut w = enc.write_header().map_err(|e| format!("cannot write the PNG: {e}"))?;
    w.write_image_data(&rgb(p))
        .map_err(|e| format!("cannot write the PNG: {e}"))?;
    w.finish().map_err(|e| format!("cannot write the PNG: {e}"))?;
    Ok(out)
}

/// An animated GIF of `pictures` (all one size), picture `i` shown for
/// `delays[i]` hundredths of a second, looping forever: the page's encoder
/// (`replab_view::gif`), given the pictures as RGBA.
pub fn gif(pictures: &[Pixmap], delays: &[u16]) -> Result<Vec<u8>, String> {
    let first = pictures.first().ok_or("no picture to animate")?;
    let too_big = || {
        format!(
            "a GIF is at most 65535 px a side, not {}×{}",
            first.width(),
            first.height()
        )
    };
    let w = u16::try_from(first.width()).map_err(|_| too_big())?;
    let h = u16::try_from(first.height()).map_err(|_| too_big())?;
    let mut rgba: Vec<Vec<u8>> = pictures
        .iter()
        .map(|p| rgb(p).chunks_exact(3).flat_map(|c| [c[0], c[1], c[2], 255]).collect())
        .collect();
    replab_view::gif::encode(w, h, &mut rgba, delays).map_err(|e| format!("cannot write the GIF: {e}"))
}

/// An animated PNG of `pictures` (all one size), picture `i` shown for
/// `delays[i]` hundredths of a second, looping forever.
pub fn apng(pictures: &[Pixmap], delays: &[u16]) -> Result<Vec<u8>, String> {
    let first = pictures.first().ok_or("no picture to animate")?;
    let err = |e: png::EncodingError| format!("cannot write the APNG: {e}");
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, first.width(), first.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::High);
    let frames = u32::try_from(pictures.len()).map_err(|_| "too many pictures".to_string())?;
    enc.set_animated(frames, 0).map_err(err)?;
    let mut w = enc.write_header().map_err(err)?;
    for (p, &delay) in pictures.iter().zip(delays) {
        w.set_frame_delay(delay, 100).map_err(err)?;
        w.write_image_data(&rgb(p)).map_err(err)?;
    }
    w.finish().map_err(err)?;
    Ok(out)
}

/// The pictures of an animation: each frame alone, all one height, at 1×.
pub fn pictures(
    r: &Renderer,
    t: &Timeline,
    title: &str,
    frames: &[Frame],
    lang: Lang,
    width: u32,
) -> Result<Vec<Pixmap>, String> {
    let height = strip::animation_height(frames, width);
    frames
        .iter()
        .map(|f| r.render(&strip::frame_svg(t, title, f, lang, width, height), 1.0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario;
    use replab_narrate::{self as narrate, Lang, Names};
    use replab_view::decision_text::describe;
    use replab_view::strip;

    fn esc(s: &str) -> String {
        s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
    }

    /// Every word the seed stories' figures say, in both languages and under
    /// every protocol, is drawn with the bundled font: no fallback is needed.
    #[test]
    fn the_bundled_font_has_every_character_of_the_seed_stories() {
        for text in [
            include_str!("../../../web/scenarios/data-loss.scn"),
            include_str!("../../../web/scenarios/divergence.scn"),
        ] {
            let script = scenario::parse(text).expect("parses");
            for protocol in replab_core::Protocol::ALL {
                let t = scenario::load(&script, Some(protocol)).expect("loads").timeline;
                let steps: Vec<usize> = (0..=t.len()).collect();
                for &lang in Lang::ALL {
                    let frames = strip::frames(&t, &steps, lang, strip::DEFAULT_WIDTH);
                    let title = script.title.as_deref().unwrap_or("Kafka Replication Lab");
                    let mut svg = strip::strip_svg(&t, title, &frames, lang, strip::DEFAULT_WIDTH);
                    // Also every sentence of the story: its events and decisions.
                    let names = Names(&t.setup().brokers);
                    let mut words = String::new();
                    for k in 1..=t.len() {
                        for e in t.events_of(k) {
                            words += &narrate::event(lang, &names, e);
                        }
                        for d in describe(lang, &t, k) {
                            words += &d.heading(lang);
                            for (_, row) in &d.rows {
                                words += row;
                            }
                        }
                    }
                    svg.truncate(svg.len() - "</svg>".len());
                    svg += &format!("<text>{}</text></svg>", esc(&words));
                    let r = Renderer::new();
                    r.tree(&svg).expect("lays out");
                    let needed = r.fallbacks.lock().expect("lock").needed.clone();
                    assert_eq!(needed, Vec::<char>::new(), "{} {lang:?}", protocol.name());
                }
            }
        }
    }
}
