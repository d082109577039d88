//! `replab figure` as a user calls it: the strip's SVG, its PNG, the GIF and
//! APNG of a step range, Chinese, and the errors of a bad call.

use replab_core::scenario;
use replab_core::timeline::Timeline;
use replab_narrate::Lang;
use replab_view::strip;

const DATA_LOSS: &str = "web/scenarios/data-loss.scn";
const DIVERGENCE: &str = "web/scenarios/divergence.scn";

mod common;
use common::{replab, stderr};

/// The figure's bytes, written to standard output.
fn figure(args: &[&str]) -> Vec<u8> {
    let mut all = vec!["figure", "-o", "-"];
    all.extend_from_slice(args);
    let o = replab(&all);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    o.stdout
}

fn timeline(file: &str) -> Timeline {
    let text = std::fs::read_to_string(format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"))).expect("reads");
    let script = scenario::parse(&text).expect("parses");
    scenario::load(&script, None).expect("loads").timeline
}

/// Each frame of a strip's SVG: its step, and the text of its captions (the
/// heading, then the caption's lines joined).
fn frames_of(svg: &str) -> Vec<(usize, String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("the strip is XML");
    let marked: Vec<_> = doc.descendants().filter(|n| n.has_attribute("data-step")).collect();
    marked
        .iter()
        .map(|g| {
            assert_eq!(g.tag_name().name(), "g");
            assert_eq!(g.attribute("class"), Some("frame"), "only frames carry data-step");
            let step = g.attribute("data-step").and_then(|s| s.parse().ok()).expect("a step");
            let captions: Vec<String> = g
                .descendants()
                .filter(|n| n.attribute("class") == Some("caption"))
                .map(|n| n.text().unwrap_or("").to_string())
                .collect();
            let (heading, lines) = captions.split_first().expect("a heading");
            // Lines break at spaces, which the SVG leaves out.
            (step, heading.clone(), lines.join(" "))
        })
        .collect()
}

fn svg_height(svg: &str) -> u32 {
    let doc = roxmltree::Document::parse(svg).expect("XML");
    doc.root_element()
        .attribute("height")
        .and_then(|h| h.parse().ok())
        .expect("a height")
}

#[test]
fn the_strip_has_one_frame_per_chosen_step_with_the_pages_captions() {
    let svg = String::from_utf8(figure(&["--format", "svg", "--steps", "1,5,6", DATA_LOSS])).expect("UTF-8");
    let found = frames_of(&svg);
    // The page draws the same frames: replab-view's.
    let t = timeline(DATA_LOSS);
    let page = strip::frames(&t, &[1, 5, 6], Lang::EN, strip::DEFAULT_WIDTH);
    assert_eq!(found.len(), page.len());
    for ((step, heading, caption), f) in found.iter().zip(&page) {
        assert_eq!(*step, f.step);
        assert_eq!(heading, &f.heading);
        assert_eq!(caption.trim_end(), f.caption.trim_end());
    }
    assert_eq!(found[1].1, "Step 5 · bounce B");
    assert!(
        found[1].2.starts_with("B truncates its log from 2 to 0"),
        "{}",
        found[1].2
    );
    // The safety check marked where it fired, once; the title and width.
    assert_eq!(svg.matches(r#"class="safety""#).count(), 1);
    assert!(svg.contains("Data loss: a quick restart, then a leader change"));
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="720""#));
    // The same as replab-view's own strip.
    assert_eq!(
        svg,
        strip::strip_svg(
            &t,
            "Data loss: a quick restart, then a leader change",
            &page,
            Lang::EN,
            720
        )
    );
}

#[test]
fn by_default_the_strip_shows_the_decisive_steps() {
    let svg = String::from_utf8(figure(&["--format", "svg", DATA_LOSS])).expect("UTF-8");
    let steps: Vec<usize> = frames_of(&svg).iter().map(|f| f.0).collect();
    assert_eq!(steps, vec![5, 6, 7, 8]);
    assert_eq!(steps, strip::decisive_steps(&timeline(DATA_LOSS)));
    // --decisions: every truncation decision and where the check fires.
    let svg = String::from_utf8(figure(&["--format", "svg", "--decisions", DATA_LOSS])).expect("UTF-8");
    let steps: Vec<usize> = frames_of(&svg).iter().map(|f| f.0).collect();
    assert_eq!(steps, vec![5, 6, 7, 8]);
    let svg = String::from_utf8(figure(&["--format", "svg", "--range", "2..4", DATA_LOSS])).expect("UTF-8");
    let steps: Vec<usize> = frames_of(&svg).iter().map(|f| f.0).collect();
    assert_eq!(steps, vec![2, 3, 4]);
}

#[test]
fn every_language_s_strip_carries_its_captions() {
    let caption = |lang: Lang| {
        let svg = String::from_utf8(figure(&[
            "--format",
            "svg",
            "--lang",
            lang.code(),
            "--steps",
            "5",
            DATA_LOSS,
        ]))
        .expect("UTF-8");
        frames_of(&svg).remove(0)
    };
    for &lang in Lang::ALL {
        let (step, heading, _) = caption(lang);
        assert_eq!(
            (step, heading),
            (5, replab_narrate::figure_heading(lang, 5, Some("bounce B")))
        );
        // Drawn with no font missing (figure says so on stderr otherwise).
        let png = figure(&["--format", "png", "--lang", lang.code(), DIVERGENCE]);
        assert!(png.starts_with(b"\x89PNG"));
    }
    replab_narrate::said!("cli/every_language_s_strip_carries_its_captions", |lang| {
        let (_, heading, text) = caption(lang);
        vec![heading, text]
    });
}

#[test]
fn the_png_is_the_strip_at_twice_the_pixels() {
    for (args, width) in [
        (&["--steps", "5,6"][..], 720),
        (&["--steps", "6", "--width", "960"][..], 960),
    ] {
        let mut svg_args = vec!["--format", "svg"];
        svg_args.extend_from_slice(args);
        svg_args.push(DATA_LOSS);
        let svg = String::from_utf8(figure(&svg_args)).expect("UTF-8");
        let mut png_args = vec!["--format", "png"];
        png_args.extend_from_slice(args);
        png_args.push(DATA_LOSS);
        let png = figure(&png_args);
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a PNG");
        let info = reader.info();
        assert_eq!((info.width, info.height), (2 * width, 2 * svg_height(&svg)));
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut buf).expect("its pixels");
        // Not blank: the frame of step 6 is outlined in red.
        assert!(buf.chunks_exact(3).any(|p| p == [0xc9, 0x2a, 0x2a]));
    }
}

/// A GIF as decoded: each frame's rectangle (left, top, width, height) and
/// delay, the screen's size, and how often it plays.
struct Gif {
    frames: Vec<([u16; 4], u16)>,
    size: (u16, u16),
    repeat: gif::Repeat,
}

fn decode_gif(bytes: &[u8]) -> Gif {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut d = options.read_info(bytes).expect("a GIF");
    let mut frames = Vec::new();
    while let Some(f) = d.read_next_frame().expect("a frame") {
        frames.push(([f.left, f.top, f.width, f.height], f.delay));
    }
    Gif {
        frames,
        size: (d.width(), d.height()),
        repeat: d.repeat(),
    }
}

#[test]
fn the_gif_has_a_frame_per_step_the_chosen_frame_times_and_loops() {
    let bytes = figure(&[
        "--format", "gif", "--range", "4..9", "--delay", "1200", "--pause", "3000", DATA_LOSS,
    ]);
    let g = decode_gif(&bytes);
    assert_eq!(g.frames.len(), 6);
    let delays: Vec<u16> = g.frames.iter().map(|f| f.1).collect();
    // The pause on step 6, where the safety check fires.
    assert_eq!(delays, vec![120, 120, 300, 120, 120, 120]);
    assert_eq!(g.repeat, gif::Repeat::Infinite);
    let (w, h) = g.size;
    assert_eq!(w, 720);
    let t = timeline(DATA_LOSS);
    let steps: Vec<usize> = (4..=9).collect();
    let drawn = strip::frames(&t, &steps, Lang::EN, 720);
    assert_eq!(u32::from(h), strip::animation_height(&drawn, 720));
    for ([x, y, fw, fh], _) in g.frames {
        assert!(u32::from(x) + u32::from(fw) <= u32::from(w) && u32::from(y) + u32::from(fh) <= u32::from(h));
    }
    // By default: every step, 1.5 s each, 3.5 s on the decisive one.
    let g = decode_gif(&figure(&["--format", "gif", DATA_LOSS]));
    let delays: Vec<u16> = g.frames.iter().map(|f| f.1).collect();
    assert_eq!(delays.len(), t.len());
    assert_eq!(delays[5], 350);
    assert!(
        delays.iter().enumerate().all(|(i, &d)| i == 5 || d == 150),
        "{delays:?}"
    );
}

#[test]
fn the_apng_has_a_frame_per_step() {
    let bytes = figure(&["--format", "apng", "--steps", "7,8,9", "--delay", "1000", DIVERGENCE]);
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a PNG");
    let control = reader.info().animation_control.expect("animated");
    assert_eq!((control.num_frames, control.num_plays), (3, 0));
    let mut delays = Vec::new();
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    for _ in 0..3 {
        reader.next_frame(&mut buf).expect("a frame");
        let fc = reader.info().frame_control.expect("its control");
        delays.push((fc.delay_num, fc.delay_den));
    }
    // Step 7 fires the check under hw.
    assert_eq!(delays, vec![(350, 100), (100, 100), (100, 100)]);
}

#[test]
fn a_file_named_by_its_extension_gets_its_format() {
    let dir = std::env::temp_dir().join(format!("replab-figure-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let out = dir.join("story.gif");
    let out_s = out.to_str().expect("a UTF-8 path");
    let o = replab(&["figure", "--steps", "1,2", "-o", out_s, DIVERGENCE]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&out).expect("written");
    assert!(bytes.starts_with(b"GIF89a"));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("2 steps (1,2)") && said.contains("720×"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_call_exits_2_naming_the_problem() {
    let cases: [(&[&str], &str); 12] = [
        (&["--steps", "3,x"], "--steps: '3,x' is not a step list"),
        (&["--steps", ""], "--steps: '' is not a step list"),
        (
            &["--steps", "40"],
            "--steps: step 40 is past the history's end: it has steps 0 to 9",
        ),
        (&["--range", "9..2"], "--range: the range 9..2 runs backwards"),
        (&["--range", "3,4"], "--range: '3,4' is not a range of steps"),
        (
            &["--width", "100"],
            "--width: a width of 100 px is out of range (480 to 2000)",
        ),
        (&["--width", "wide"], "--width: 'wide' is not a width"),
        (&["--format", "jpeg"], "--format is svg, png, gif or apng, not 'jpeg'"),
        (&["--delay", "0", "--format", "gif"], "--delay: '0' is not a frame time"),
        (&["--pause", "900", "--format", "svg"], "--pause is for an animation"),
        (
            &["--steps", "1", "--decisions"],
            "--steps and --decisions both choose the steps",
        ),
        (&["--lang", "fr"], "--lang is one of en, "),
    ];
    for (args, message) in cases {
        let mut all = vec!["figure", "-o", "-"];
        if !args.contains(&"--format") {
            all.extend(["--format", "svg"]);
        }
        all.extend_from_slice(args);
        all.push(DATA_LOSS);
        let o = replab(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(stderr(&o).starts_with(message), "{args:?}: {}", stderr(&o));
    }
    // No output named, a name with no known extension, no scenario, no such file.
    for (args, message) in [
        (&["figure", DATA_LOSS][..], "figure needs -o OUT"),
        (
            &["figure", "-o", "x.jpg", DATA_LOSS][..],
            "--format: 'x.jpg' does not end in",
        ),
        (&["figure", "-o", "-"][..], "figure needs a scenario FILE"),
        (
            &["figure", "-o", "-", "--format", "svg", "no-such.scn"][..],
            "cannot read no-such.scn",
        ),
        (
            &["figure", "-o", "-", DATA_LOSS][..],
            "--format is needed to write to standard output",
        ),
    ] {
        let o = replab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with(message), "{args:?}: {}", stderr(&o));
    }
}
