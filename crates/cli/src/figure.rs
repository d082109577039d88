//! `replab figure`: chosen steps of a scenario's history as a picture for an
//! article — a strip (SVG, or PNG at twice the pixels) or an animation (GIF,
//! APNG). The frames are `replab_view::strip`'s, the page's own rendering;
//! `raster` turns them into pixels with the font the runner carries.

use replab_core::scenario;
use replab_core::timeline::Timeline;
use replab_core::Protocol;
use replab_narrate::{self as narrate, Lang, Names};
use replab_publish::raster::{self, pictures, Renderer};
use replab_view::strip::{self, Selection};
use std::io::Write;
use std::process::ExitCode;

pub const USAGE: &str = "  replab figure [--protocol P] [--lang L] [--steps 3,6,9 | --decisions | --range 1..12]
                [--width W] [--title T] [--format svg|png|gif|apng] [--delay MS] [--pause MS]
                -o OUT|- FILE|-
      (chosen steps as a figure for an article: a strip of frames, each with its step and a
       caption, as SVG or as PNG at twice the pixels; or an animation, GIF or APNG, looping.
       Steps: unless given, each truncation decision and each step where a safety check fires
       (an animation, or a history with none of them: every step). Width: 720 px. Title: the
       scenario's. Format: from OUT's extension unless given. Animations: each frame --delay ms
       (1500), the step where a safety check fires --pause ms (3500; the last step when none
       does).)";

/// The default frame times of an animation, in milliseconds.
const DELAY_MS: u32 = strip::DELAY as u32 * 10;
const PAUSE_MS: u32 = strip::PAUSE as u32 * 10;
const TITLE: &str = "Kafka Replication Lab";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
    Gif,
    Apng,
}

impl Format {
    fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            "gif" => Some(Format::Gif),
            "apng" => Some(Format::Apng),
            _ => None,
        }
    }

    fn animated(self) -> bool {
        matches!(self, Format::Gif | Format::Apng)
    }
}

/// What the call asks for.
struct Call {
    protocol: Option<Protocol>,
    lang: Lang,
    /// The flag that chose the steps, and what it chose.
    selection: Option<(&'static str, Selection)>,
    width: u32,
    format: Option<Format>,
    delay_ms: Option<u32>,
    pause_ms: Option<u32>,
    out: Option<String>,
    title: Option<String>,
    file: Option<String>,
}

fn value<'a>(args: &'a [String], i: usize, what: &str) -> Result<&'a str, String> {
    args.get(i + 1)
        .map(String::as_str)
        .ok_or_else(|| format!("{} needs {what}", args[i]))
}

/// A frame time in milliseconds.
fn millis(flag: &str, v: &str) -> Result<u32, String> {
    match v.parse::<u32>() {
        Ok(ms) if (20..=60_000).contains(&ms) => Ok(ms),
        _ => Err(format!(
            "{flag}: '{v}' is not a frame time: write milliseconds from 20 to 60000"
        )),
    }
}

fn parse(args: &[String]) -> Result<Call, String> {
    let mut c = Call {
        protocol: None,
        lang: Lang::EN,
        selection: None,
        width: strip::DEFAULT_WIDTH,
        format: None,
        delay_ms: None,
        pause_ms: None,
        out: None,
        title: None,
        file: None,
    };
    let choose = |c: &mut Call, flag: &'static str, s: Selection| {
        if let Some((before, _)) = c.selection {
            return Err(format!("{before} and {flag} both choose the steps: give one"));
        }
        c.selection = Some((flag, s));
        Ok(())
    };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "--protocol" => {
                let v = value(args, i, "a protocol name")?;
                c.protocol = Some(crate::protocol_arg(v)?);
            }
            "--lang" => {
                let v = value(args, i, "a language")?;
                c.lang = crate::lang_arg(v)?;
            }
            "--steps" => {
                let v = value(args, i, "a step list, as 3,6,9")?;
                let s = Selection::parse(v).map_err(|e| format!("--steps: {e}"))?;
                choose(&mut c, "--steps", s)?;
            }
            "--range" => {
                let v = value(args, i, "a range of steps, as 1..12")?;
                let s = match Selection::parse(v) {
                    Ok(s @ Selection::Range { .. }) => s,
                    _ => {
                        return Err(format!(
                            "--range: '{v}' is not a range of steps: write it as 1..12 (both included)"
                        ))
                    }
                };
                choose(&mut c, "--range", s)?;
            }
            "--decisions" => {
                i += 1;
                choose(&mut c, "--decisions", Selection::Decisions)?;
                continue;
            }
            "--width" => {
                let v = value(args, i, "a width in px")?;
                let w = v
                    .parse::<u32>()
                    .map_err(|_| format!("--width: '{v}' is not a width: write a number of px, as 720"))?;
                c.width = strip::check_width(w).map_err(|e| format!("--width: {e}"))?;
            }
            "--format" => {
                let v = value(args, i, "svg, png, gif or apng")?;
                c.format =
                    Some(Format::from_name(v).ok_or_else(|| format!("--format is svg, png, gif or apng, not '{v}'"))?);
            }
            "--delay" => c.delay_ms = Some(millis(a, value(args, i, "milliseconds")?)?),
            "--pause" => c.pause_ms = Some(millis(a, value(args, i, "milliseconds")?)?),
            "--title" => c.title = Some(value(args, i, "a title")?.to_string()),
            "-o" | "--output" => c.out = Some(value(args, i, "a file to write, or - for standard output")?.to_string()),
            "-" => {
                if c.file.replace(a.to_string()).is_some() {
                    return Err("figure draws one scenario: give one FILE".to_string());
                }
                i += 1;
                continue;
            }
            f if f.starts_with('-') => return Err(format!("unknown option '{f}'\n{}", crate::usage())),
            f => {
                if c.file.replace(f.to_string()).is_some() {
                    return Err("figure draws one scenario: give one FILE".to_string());
                }
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Ok(c)
}

/// The format asked for, or the one `out`'s extension names.
fn format_of(c: &Call, out: &str) -> Result<Format, String> {
    if let Some(f) = c.format {
        return Ok(f);
    }
    let ext = std::path::Path::new(out)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    Format::from_name(ext).ok_or_else(|| {
        if out == "-" {
            "--format is needed to write to standard output: svg, png, gif or apng".to_string()
        } else {
            format!("--format: '{out}' does not end in .svg, .png, .gif or .apng: give --format svg|png|gif|apng")
        }
    })
}

/// The steps drawn: those chosen; else, for a strip, the decisive ones (each
/// truncation decision and each step where a safety check fires); for an
/// animation, or when nothing is decisive, the whole history.
fn steps(c: &Call, t: &Timeline, format: Format) -> Result<Vec<usize>, String> {
    if let Some((flag, s)) = &c.selection {
        return s.steps(t).map_err(|e| format!("{flag}: {e}"));
    }
    let decisive = strip::decisive_steps(t);
    let (what, s) = if !format.animated() && !decisive.is_empty() {
        ("the decisive steps", Selection::Steps(decisive))
    } else {
        (
            "the whole history",
            Selection::Range {
                from: 1.min(t.len()),
                to: t.len(),
            },
        )
    };
    s.steps(t)
        .map_err(|e| format!("{what}: {e}; choose steps with --steps, --range or --decisions"))
}

pub fn figure_command(args: &[String]) -> Result<ExitCode, String> {
    let c = parse(args)?;
    let Some(file) = c.file.as_deref() else {
        return Err(format!("figure needs a scenario FILE\n{}", crate::usage()));
    };
    let Some(out) = c.out.as_deref() else {
        return Err("figure needs -o OUT: the file to write (or - for standard output)".to_string());
    };
    let format = format_of(&c, out)?;
    if !format.animated() {
        for (flag, given) in [("--delay", c.delay_ms), ("--pause", c.pause_ms)] {
            if given.is_some() {
                return Err(format!("{flag} is for an animation (--format gif or apng)"));
            }
        }
    }
    let text = crate::read_source(file)?;
    let script = scenario::parse(&text).map_err(|e| narrate::script_error(Lang::EN, &Names(&[]), &e))?;
    // A figure is of the history: the scenario's expectations do not matter.
    let t = scenario::load(&script, c.protocol)
        .map_err(|e| narrate::script_error(Lang::EN, &Names(&script.brokers), &e))?
        .timeline;
    let steps = steps(&c, &t, format)?;
    let title = c.title.as_deref().or(script.title.as_deref()).unwrap_or(TITLE);
    let frames = strip::frames(&t, &steps, c.lang, c.width);
    let renderer = Renderer::new();
    let (bytes, size) = match format {
        Format::Svg => {
            let svg = strip::strip_svg(&t, title, &frames, c.lang, c.width);
            (svg.into_bytes(), None)
        }
        Format::Png => {
            let svg = strip::strip_svg(&t, title, &frames, c.lang, c.width);
            let p = renderer.render(&svg, 2.0)?;
            (raster::png(&p, 2)?, Some((p.width(), p.height())))
        }
        Format::Gif | Format::Apng => {
            let pictures = pictures(&renderer, &t, title, &frames, c.lang, c.width)?;
            let hundredths = |ms: u32| u16::try_from(ms.div_ceil(10)).unwrap_or(u16::MAX);
            let delays = strip::frame_delays(
                &frames,
                hundredths(c.delay_ms.unwrap_or(DELAY_MS)),
                hundredths(c.pause_ms.unwrap_or(PAUSE_MS)),
            );
            let size = pictures.first().map(|p| (p.width(), p.height()));
            let bytes = if format == Format::Gif {
                raster::gif(&pictures, &delays)?
            } else {
                raster::apng(&pictures, &delays)?
            };
            (bytes, size)
        }
    };
    let missing = renderer.missing();
    if !missing.is_empty() {
        eprintln!(
            "warning: no font here has {}: drawn as boxes",
            missing.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>().join(" ")
        );
    }
    if out == "-" {
        std::io::stdout()
            .write_all(&bytes)
            .map_err(|e| format!("cannot write to standard output: {e}"))?;
    } else {
        std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
        let pixels = size.map(|(w, h)| format!(", {w}×{h} px")).unwrap_or_default();
        println!(
            "{out}: {} step{} ({}){pixels}, {}",
            steps.len(),
            if steps.len() == 1 { "" } else { "s" },
            steps.iter().map(usize::to_string).collect::<Vec<_>>().join(","),
            kilobytes(bytes.len())
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn kilobytes(n: usize) -> String {
    if n < 1024 {
        format!("{n} bytes")
    } else {
        format!("{} KB", n.div_ceil(1024))
    }
}
