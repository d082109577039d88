//! A step strip: chosen steps of a history, one frame each, stacked for a blog
//! column, each with its step number and a one-line caption of what happened
//! there, a shared legend, and the safety check marked where it fired. The
//! same frames, one at a time, are the pictures of an animated GIF.
//!
//! In the strip's SVG each frame is a `<g class="frame" data-step="N">`, and
//! nothing else carries `data-step`.

use crate::decision_text::summaries;
use crate::history::{self, DecisionKind};
use crate::svg::{self, esc, wrap};
use replab_core::event::Event;
use replab_core::scenario::command_line;
use replab_core::timeline::Timeline;
use replab_core::{Record, ViolationKind};
use replab_narrate::catalogue::msg;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::fmt::Write;

/// The width of a figure unless asked otherwise: a blog column.
pub const DEFAULT_WIDTH: u32 = 720;

/// How long a picture of an animation shows, and how long the decisive one
/// (where a safety check fires, else the last), in hundredths of a second:
/// the page's export, the runner's `figure` and the image twins alike.
pub const DELAY: u16 = 150;
pub const PAUSE: u16 = 350;
/// The narrowest and widest figures drawn.
pub const MIN_WIDTH: u32 = 480;
pub const MAX_WIDTH: u32 = 2000;
/// The most frames one figure holds.
pub const MAX_FRAMES: usize = 60;

/// Which steps a figure shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// These steps, in this order (duplicates dropped).
    Steps(Vec<usize>),
    /// Every step with a truncation decision (or a follower that halts rather
    /// than truncate), and those where a safety check fired.
    Decisions,
    /// Steps `from` to `to`, both included.
    Range { from: usize, to: usize },
}

/// Why a selection or a width cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FigureError {
    /// A step list or range that does not read: the text, and what was expected.
    BadSelection {
        text: String,
    },
    StepOutOfRange {
        step: usize,
        len: usize,
    },
    /// A range whose start is after its end.
    BackwardRange {
        from: usize,
        to: usize,
    },
    /// The history has no truncation decision to show.
    NoDecisions,
    TooManyFrames {
        count: usize,
    },
    BadWidth {
        width: u32,
    },
}

impl FigureError {
    /// The problem in `lang` (the runner's messages are the English ones).
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            FigureError::BadSelection { ref text } => msg::error_figure_bad_selection(lang, &text),
            FigureError::StepOutOfRange { step, len } => msg::error_figure_step_out_of_range(lang, &step, &len),
            FigureError::BackwardRange { from, to } => msg::error_figure_backward_range(lang, &from, &to),
            FigureError::NoDecisions => msg::error_figure_no_decisions(lang),
            FigureError::TooManyFrames { count } => msg::error_figure_too_many_frames(lang, &count, &MAX_FRAMES),
            FigureError::BadWidth { width } => msg::error_figure_bad_width(lang, &width, &MIN_WIDTH, &MAX_WIDTH),
        }
    }
}

impl std::fmt::Display for FigureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::EN))
    }
}

impl Selection {
    /// Reads `3,6,9` or `1..12` (also `1-12`).
    pub fn parse(text: &str) -> Result<Selection, FigureError> {
        let bad = || FigureError::BadSelection { text: text.to_string() };
        let number = |s: &str| {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse::<usize>().map_err(|_| bad())
        };
        let t = text.trim();
        if let Some((a, b)) = t.split_once("..").or_else(|| t.split_once('-')) {
            return Ok(Selection::Range {
                from: number(a)?,
                to: number(b)?,
            });
        }
        let steps = t.split(',').map(number).collect::<Result<Vec<_>, _>>()?;
        Ok(Selection::Steps(steps))
    }

    /// The steps of `t` it names, checked.
    pub fn steps(&self, t: &Timeline) -> Result<Vec<usize>, FigureError> {
        let len = t.len();
        let steps: Vec<usize> = match self {
            Selection::Steps(v) => {
                let mut out = Vec::new();
                for &k in v {
                    if !out.contains(&k) {
                        out.push(k);
                    }
                }
                out
            }
            Selection::Range { from, to } if from > to => {
                return Err(FigureError::BackwardRange { from: *from, to: *to })
            }
            Selection::Range { to, .. } if *to > len => return Err(FigureError::StepOutOfRange { step: *to, len }),
            Selection::Range { from, to } => (*from..=*to).collect(),
            // With the steps where a safety check fired: the story's end.
            Selection::Decisions => {
                let v = decisive_steps(t);
                if v.is_empty() {
                    return Err(FigureError::NoDecisions);
                }
                v
            }
        };
        if let Some(&step) = steps.iter().find(|&&k| k > len) {
            return Err(FigureError::StepOutOfRange { step, len });
        }
        if steps.is_empty() {
            return Err(FigureError::BadSelection { text: String::new() });
        }
        if steps.len() > MAX_FRAMES {
            return Err(FigureError::TooManyFrames { count: steps.len() });
        }
        Ok(steps)
    }
}

/// The steps that tell a history's story: each step with a truncation
/// decision (or a follower that halts rather than truncate: Kafka 0.10, 0.11)
/// and each step where a safety check fires, in order (none: empty).
pub fn decisive_steps(t: &Timeline) -> Vec<usize> {
    (1..=t.len())
        .filter(|&k| {
            history::decisions_of(t, k)
                .iter()
                .any(|d| matches!(d.kind, DecisionKind::Truncation | DecisionKind::Halted))
                || t.events_of(k).iter().any(|e| matches!(e, Event::ViolationFound { .. }))
        })
        .collect()
}

/// Checks a figure's width.
pub fn check_width(width: u32) -> Result<u32, FigureError> {
    if (MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        Ok(width)
    } else {
        Err(FigureError::BadWidth { width })
    }
}

/// One frame: its step, its caption (the step and its command, then what
/// happened), the safety check that fired there, and its lanes as SVG elements
/// (`lanes_height` tall, drawn from y = 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub step: usize,
    pub heading: String,
    pub caption: String,
    pub violation: Option<ViolationKind>,
    pub lanes: String,
    pub lanes_height: u32,
}

/// The frames of `steps` of `t`, `width` wide.
pub fn frames(t: &Timeline, steps: &[usize], lang: Lang, width: u32) -> Vec<Frame> {
    let names = Names(&t.setup().brokers);
    let brokers = t.setup().brokers.len();
    steps
        .iter()
        .map(|&k| {
            let view = t.state_at(k);
            let command = k
                .checked_sub(1)
                .and_then(|i| t.commands().get(i))
                .map(|c| command_line(&t.setup().brokers, c));
            let heading = narrate::figure_heading(lang, k, command.as_deref());
            let events = t.events_of(k);
            let violation = events.iter().find_map(|e| match e {
                Event::ViolationFound { violation } => Some(violation.kind()),
                _ => None,
            });
            // What happened: its decisions, else its first event.
            let decided = if k > 0 { summaries(lang, t, k) } else { Vec::new() };
            let caption = match decided.first() {
                Some(first) => first.clone(),
                None if events.is_empty() => String::new(),
                None => narrate::event_in_step(lang, &names, events, 0),
            };
            // Records lost at this very step, struck out where they were.
            let ghosts: Vec<Vec<Record>> = if k == 0 {
                Vec::new()
            } else {
                let at: Vec<usize> = history::loss_steps(t, k, brokers)
                    .into_iter()
                    .map(|s| if s == k { k } else { 0 })
                    .collect();
                history::lost_records(t, &at).into_iter().map(|(_, r)| r).collect()
            };
            let restarts = history::last_restarts(t, k, &view);
            let mut lanes = String::new();
            let lanes_height = svg::lanes(&mut lanes, lang, &view, &restarts, &ghosts, width, 0);
            Frame {
                step: k,
                heading,
                caption,
                violation,
                lanes,
                lanes_height,
            }
        })
        .collect()
}

/// The caption's lines at `width` (a CJK character counts two columns).
fn caption_lines(caption: &str, width: u32) -> Vec<String> {
    let columns = (width.saturating_sub(40) / 7) as usize;
    let mut lines: Vec<String> = wrap(caption, columns.max(40))
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect();
    // Two lines at most; a caption cut short says so.
    if lines.len() > 2 {
        lines.truncate(2);
        lines[1] = format!("{}…", lines[1].trim_end_matches([',', ';', ':', '，', '；', '：']));
    }
    lines
}

/// A frame's height with its caption.
pub fn frame_height(f: &Frame, width: u32) -> u32 {
    let caption = caption_lines(&f.caption, width).len() as u32;
    let mark = u32::from(f.violation.is_some());
    HEAD + 18 * (caption + mark) + 8 + f.lanes_height + GAP
}

const HEAD: u32 = 24;
const GAP: u32 = 16;

/// Writes frame `f` at `y` as `<g class="frame" data-step="N">`.
fn write_frame(s: &mut String, lang: Lang, f: &Frame, width: u32, y: u32) {
    let _ = write!(
        s,
        r#"<g class="frame" data-step="{}" transform="translate(0 {y})">"#,
        f.step
    );
    let h = frame_height(f, width) - GAP;
    let (stroke, fill) = if f.violation.is_some() {
        ("#c92a2a", "#fff5f5")
    } else {
        ("#d6d8dc", "#ffffff")
    };
    let _ = write!(
        s,
        r#"<rect x="2" y="0" width="{}" height="{h}" rx="10" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
        width - 4,
        if f.violation.is_some() { 2.5 } else { 1.0 }
    );
    let _ = write!(
        s,
        r##"<text class="caption" x="16" y="20" font-size="15" font-weight="700" fill="#1d1f23">{}</text>"##,
        esc(&f.heading)
    );
    let mut line_y = HEAD + 14;
    for line in caption_lines(&f.caption, width) {
        let _ = write!(
            s,
            r##"<text class="caption" x="16" y="{line_y}" fill="#343a40">{}</text>"##,
            esc(&line)
        );
        line_y += 18;
    }
    if let Some(kind) = f.violation {
        let _ = write!(
            s,
            r##"<text class="safety" x="16" y="{line_y}" font-weight="700" fill="#c92a2a">⚠ {}{}{}</text>"##,
            esc(label(lang, Label::SafetyCheckFired)),
            msg::words_colon(lang),
            esc(label(lang, replab_narrate::violation_label(kind)))
        );
        line_y += 18;
    }
    let _ = write!(s, r#"<g transform="translate(0 {})">{}</g></g>"#, line_y - 10, f.lanes);
}

/// The legend's items, grouped into its lines: one line where the widest
/// language's legend fits, else two (or three in the narrowest figures), the
/// same for every language so that a figure's height depends on its width.
fn legend_lines(width: u32) -> &'static [&'static [Label]] {
    use Label::{LegendEpoch, LegendHw, LegendLost, LegendUncommitted};
    if width >= 1040 {
        &[&[LegendEpoch, LegendUncommitted, LegendLost, LegendHw]]
    } else if width >= 600 {
        &[&[LegendEpoch, LegendUncommitted], &[LegendLost, LegendHw]]
    } else {
        &[&[LegendEpoch], &[LegendUncommitted], &[LegendLost, LegendHw]]
    }
}

/// The title's font size: 18 px, smaller for a title too long for one line
/// (about 0.6 em a Latin letter in bold, 1 em a Chinese character), at least 11.
fn title_size(title: &str, width: u32) -> u32 {
    let ems: f64 = title.chars().map(|c| if c.is_ascii() { 0.6 } else { 1.0 }).sum();
    let fits = f64::from(width.saturating_sub(32)) / ems.max(1.0);
    (fits.floor() as u32).clamp(11, 18)
}

/// Where the frames start: below the title, the protocol and the legend.
fn top(width: u32) -> u32 {
    LEGEND_Y + LEGEND_LINE * (legend_lines(width).len() as u32 - 1) + 18
}

const LEGEND_Y: u32 = 74;
const LEGEND_LINE: u32 = 17;

/// The shared legend: epoch colours, what dashed and struck out mean, the HW mark.
fn write_legend(s: &mut String, lang: Lang, epochs: u32, width: u32) {
    let y = LEGEND_Y;
    let mut x = 16;
    for e in 0..epochs.clamp(1, 8) {
        let c = svg::epoch_color(e);
        let _ = write!(
            s,
            r#"<rect x="{x}" y="{}" width="14" height="14" rx="3" fill="{c}" fill-opacity="0.14" stroke="{c}" stroke-width="2"/>"#,
            y.saturating_sub(11)
        );
        x += 18;
    }
    for (i, items) in legend_lines(width).iter().enumerate() {
        let text = items
            .iter()
            .map(|&l| esc(label(lang, l)))
            .collect::<Vec<_>>()
            .join(" · ");
        let _ = write!(
            s,
            r##"<text class="legend" x="{}" y="{}" font-size="12" fill="#5d6470">{text}</text>"##,
            if i == 0 { x + 4 } else { 16 },
            y + LEGEND_LINE * i as u32,
        );
    }
}

/// A figure's opening: the SVG element `width` × `height`, a white ground, the
/// title and the protocol.
fn figure_head(t: &Timeline, title: &str, lang: Lang, width: u32, height: u32) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{}" font-size="13">"#,
        svg::FONTS
    );
    s.push_str(r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = write!(
        s,
        r##"<text x="16" y="28" font-size="{}" font-weight="700" fill="#1d1f23">{}</text><text x="16" y="50" fill="#5d6470">{}</text>"##,
        title_size(title, width),
        esc(title),
        esc(&narrate::protocol_option(lang, t.setup().protocol)),
    );
    s
}

/// The strip's SVG: a title, the protocol, the legend, then the frames stacked.
pub fn strip_svg(t: &Timeline, title: &str, frames: &[Frame], lang: Lang, width: u32) -> String {
    let height = top(width) + frames.iter().map(|f| frame_height(f, width)).sum::<u32>();
    let mut s = figure_head(t, title, lang, width, height);
    let epochs = frames
        .iter()
        .map(|f| t.state_at(f.step).leader_epoch() + 1)
        .max()
        .unwrap_or(1);
    write_legend(&mut s, lang, epochs, width);
    let mut y = top(width);
    for f in frames {
        write_frame(&mut s, lang, f, width, y);
        y += frame_height(f, width);
    }
    s.push_str("</svg>");
    s
}

/// One frame alone as an SVG (a picture of a GIF): the title line, the legend
/// and the frame, all pictures of one figure the same height (`height`, at
/// least the frame's own) so the animation does not jump.
pub fn frame_svg(t: &Timeline, title: &str, f: &Frame, lang: Lang, width: u32, height: u32) -> String {
    let height = height.max(top(width) + frame_height(f, width));
    let mut s = figure_head(t, title, lang, width, height);
    write_legend(&mut s, lang, t.state_at(f.step).leader_epoch() + 1, width);
    write_frame(&mut s, lang, f, width, top(width));
    s.push_str("</svg>");
    s
}

/// The height every picture of an animation of `frames` takes.
pub fn animation_height(frames: &[Frame], width: u32) -> u32 {
    top(width) + frames.iter().map(|f| frame_height(f, width)).max().unwrap_or(0)
}

/// How long each picture of an animation shows, in hundredths of a second
/// (GIF's unit): `delay`, and `pause` where a safety check fires — or, when none
/// does, on the last frame.
pub fn frame_delays(frames: &[Frame], delay: u16, pause: u16) -> Vec<u16> {
    let decisive = frames
        .iter()
        .position(|f| f.violation.is_some())
        .or(frames.len().checked_sub(1));
    (0..frames.len())
        .map(|i| if Some(i) == decisive { pause } else { delay })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use replab_core::scenario;

    /// The data-loss story under Kafka 0.10: B's quick restart truncates it to
    /// its HW (5), A crashes and B leads without the committed m1 (6), A comes
    /// back and truncates (7), then fetches past B's log end and halts (8).
    pub(crate) const DATA_LOSS: &str = "protocol hw\nbrokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\n\
                                        bounce B\ncrash A\nrestart A\nfetch A\n";

    fn data_loss() -> Timeline {
        let script = scenario::parse(DATA_LOSS)
            .expect("parses")
            .pinned_to(replab_core::Config::LANGUAGE_1_3);
        scenario::load(&script, None).expect("loads").timeline
    }

    #[test]
    fn selections_read_and_check_their_steps() {
        let t = data_loss();
        assert_eq!(Selection::parse("3, 6,9"), Ok(Selection::Steps(vec![3, 6, 9])));
        assert_eq!(Selection::parse("1..11"), Ok(Selection::Range { from: 1, to: 11 }));
        assert_eq!(Selection::parse("2-4"), Ok(Selection::Range { from: 2, to: 4 }));
        for bad in ["", "3,,6", "a", "1..", "3;6", "-1"] {
            assert!(
                matches!(Selection::parse(bad), Err(FigureError::BadSelection { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(
            Selection::Steps(vec![3, 99]).steps(&t),
            Err(FigureError::StepOutOfRange { step: 99, len: 8 })
        );
        assert_eq!(
            Selection::Range { from: 5, to: 2 }.steps(&t),
            Err(FigureError::BackwardRange { from: 5, to: 2 })
        );
        assert_eq!(Selection::Steps(vec![3, 3, 1]).steps(&t), Ok(vec![3, 1]));
        // The story's decisions under hw (B's quick restart truncates it, A's
        // restart truncates it, A halts on its fetch past B's end) and the step
        // where the safety check fires (A's crash).
        assert_eq!(decisive_steps(&t), vec![5, 6, 7, 8]);
        assert_eq!(Selection::Decisions.steps(&t), Ok(vec![5, 6, 7, 8]));
        assert_eq!(check_width(719), Ok(719));
        assert_eq!(check_width(100), Err(FigureError::BadWidth { width: 100 }));
    }

    #[test]
    fn the_strip_has_one_frame_per_step_with_its_caption_and_the_check_marked() {
        let t = data_loss();
        let steps = [1, 5, 6];
        let frames = frames(&t, &steps, Lang::EN, DEFAULT_WIDTH);
        let svg = strip_svg(&t, "Data loss", &frames, Lang::EN, DEFAULT_WIDTH);
        assert_eq!(svg.matches("data-step=").count(), 3);
        for k in steps {
            assert_eq!(svg.matches(&format!(r#"<g class="frame" data-step="{k}""#)).count(), 1);
        }
        assert_eq!(frames[1].heading, "Step 5 · bounce B");
        assert!(
            frames[1].caption.starts_with("B truncates its log from 2 to 0"),
            "{}",
            frames[1].caption
        );
        // m1 and m2 struck out where B lost them.
        assert!(frames[1].lanes.contains(r#"<g class="lost">"#));
        assert_eq!(frames[2].violation, Some(ViolationKind::CommittedWriteLost));
        assert_eq!(svg.matches(r#"class="safety""#).count(), 1);
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
        assert_eq!(frame_delays(&frames, 150, 400), vec![150, 150, 400]);
        // The legend: two lines in a blog column, one in a wide figure; the
        // frames start below it.
        assert_eq!(svg.matches(r#"class="legend""#).count(), 2);
        assert!(svg.contains(r#"<g class="frame" data-step="1" transform="translate(0 109)">"#));
        assert!(
            svg.contains(r##"<text x="16" y="28" font-size="18" font-weight="700" fill="#1d1f23">Data loss</text>"##)
        );
        // A title too long for the width, smaller.
        let long = "Kafka 4.1: the last replica standing keeps every committed record";
        assert_eq!(title_size(long, 720), 17);
        assert_eq!(title_size(long, 480), 11);
        assert_eq!(title_size("数据丢失：一次快速重启，然后更换 leader", 480), 18);
        let wide = super::frames(&t, &steps, Lang::EN, 1200);
        let wide = strip_svg(&t, "Data loss", &wide, Lang::EN, 1200);
        assert_eq!(wide.matches(r#"class="legend""#).count(), 1);
        assert!(wide.contains(r#"<g class="frame" data-step="1" transform="translate(0 92)">"#));
        // Every language's captions.
        replab_narrate::said!("view/strip-captions", |lang| {
            let frame = super::frames(&t, &[5], lang, DEFAULT_WIDTH).remove(0);
            vec![frame.heading, frame.caption]
        });
        // A frame without a decision is captioned by its first event.
        let fetch = super::frames(&t, &[4], Lang::EN, DEFAULT_WIDTH);
        assert_eq!(fetch[0].caption, "B sends Fetch(offset 1) to A");
        // The halt: its decision is the caption, and A's lane says it halted.
        let halt = super::frames(&t, &[8], Lang::EN, DEFAULT_WIDTH);
        assert!(
            halt[0].caption.starts_with("A halts: it fetched from offset 1"),
            "{}",
            halt[0].caption
        );
        assert!(halt[0].lanes.contains(">halted</text>"), "{}", halt[0].lanes);
    }
}
