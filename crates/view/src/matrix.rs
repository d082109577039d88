//! The safety matrix as a standalone SVG figure, for authors: the setup, the
//! note on acks=1, a line a row with each protocol's verdict on a coloured
//! ground, then the seed's claim per kind of failure. The input is plain data
//! and language-neutral, so the page (from its workers' verdicts) and the
//! runner (from its own) fill it alike and draw the same figure.

use crate::svg::{esc, FONTS};
use replab_check::matrix::{claim, Cell, Claim, Column, Columns, Failures, Known, Row, MEGABYTE};
use replab_check::Bounds;
use replab_core::Protocol;
use replab_narrate::{self as narrate, Lang, MatrixCell, MatrixClaim, MatrixHeading};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// What the figure shows: the setup and bounds, the rows, the claim. The
/// page sends it to its worker, which draws the figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatrixTable<'a> {
    pub brokers: Vec<String>,
    pub records: u32,
    pub failures: u32,
    pub epoch: u32,
    pub limit: usize,
    /// The memory budget a search stops at, in megabytes (None: the state
    /// limit is the one).
    #[serde(default)]
    pub megabytes: Option<usize>,
    /// The acks=1 history as one line ("produce m1 acks=1; crash A"), when every protocol loses with it.
    pub acks_one: Option<String>,
    /// The columns, in order: each the lines it answers for.
    pub columns: Vec<MatrixColumn>,
    pub rows: Vec<MatrixRow<'a>>,
    /// The seed's claim: for crashes (unflushed=false) and with unflushed loss, one claim per column.
    pub claims: Vec<(bool, Vec<MatrixClaim<'a>>)>,
}

/// A column: the lines it answers for, by their names in the scenario
/// language (a generation: its one name; release lines that answer alike:
/// each of them, the one whose cells it shows first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatrixColumn {
    pub lines: Vec<String>,
}

impl MatrixColumn {
    /// Its lines (a name not offered is left out).
    pub fn protocols(&self) -> Vec<Protocol> {
        self.lines.iter().filter_map(|l| Protocol::from_name(l)).collect()
    }

    /// The line whose cells it shows, as named.
    pub fn head(&self) -> &str {
        self.lines.first().map_or("", String::as_str)
    }
}

impl MatrixTable<'_> {
    /// Whether its columns are the five generations, by their names.
    pub fn of_generations(&self) -> bool {
        self.columns
            .iter()
            .all(|c| matches!(c.protocols().as_slice(), [p] if p.is_generation_spelling()))
    }
}

/// One row: its settings and a cell per column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatrixRow<'a> {
    pub min_insync: u32,
    pub unclean: bool,
    pub unflushed: bool,
    pub cells: Vec<MatrixCell<'a>>,
}

/// The figure's width, wider when its columns would be narrower than `COLUMN`.
const WIDTH: u32 = 1100;
const COLUMN: u32 = 104;
const MARGIN: u32 = 16;
/// The settings' columns: min.insync.replicas, unclean election, failures.
const SETTINGS: [u32; 3] = [92, 92, 150];
/// A line of 13 px text.
const LINE: u32 = 17;
/// Space above and below a cell's words.
const PAD: u32 = 7;
/// White between cells, so that each reads as a tile.
const GAP: u32 = 3;
/// The cells' words; the claim's are longer ("does not hold: min.insync.replicas=2,
/// crashes, …") and a size smaller, so that a dotted name keeps to one line.
const CELL_SIZE: u32 = 13;
const CLAIM_SIZE: u32 = 12;
const INK: &str = "#1d1f23";
const MUTED: &str = "#5d6470";

/// A cell's colours: ground, border, words.
#[derive(Clone, Copy)]
struct Tone(&'static str, &'static str, &'static str);

const RED: Tone = Tone("#ffe3e3", "#ffa8a8", "#a61e1e");
const GREEN: Tone = Tone("#d3f9d8", "#8ce99a", "#1b6b2f");
const GRAY: Tone = Tone("#f1f3f5", "#dee2e6", "#495057");

fn cell_tone(c: &MatrixCell) -> Tone {
    match c {
        MatrixCell::Violation { .. } => RED,
        MatrixCell::Safe { .. } => GREEN,
        _ => GRAY,
    }
}

fn claim_tone(c: &MatrixClaim) -> Tone {
    match c {
        MatrixClaim::Holds => GREEN,
        MatrixClaim::Broken { .. } => RED,
        MatrixClaim::Open => GRAY,
    }
}

/// About how wide `c` is, in ems, in the figures' font (Noto Sans CJK): the
/// wrapping below measures in pixels, as proportional Latin needs.
fn advance(c: char) -> f32 {
    match c {
        ' ' => 0.23,
        'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | '·' => 0.26,
        'f' | 't' | 'r' | '(' | ')' | '[' | ']' | '"' => 0.36,
        'm' | 'w' => 0.84,
        'M' | 'W' => 0.92,
        'A'..='Z' => 0.64,
        '0'..='9' | '=' | '<' | '>' | '+' | '_' | '-' => 0.56,
        c if c.is_ascii() => 0.54,
        // Chinese, and full-width punctuation.
        _ => 1.0,
    }
}

/// The width of `text` in pixels at `size` px.
fn measure(text: &str, size: f32, bold: bool) -> f32 {
    let w: f32 = text.chars().map(advance).sum::<f32>() * size;
    if bold {
        w * 1.06
    } else {
        w
    }
}

/// Whether a line may break between `c` and `next`: after a space and around
/// Chinese characters, but never before closing punctuation or after opening.
fn may_break(c: char, next: char) -> bool {
    const OPENING: &str = "(（“‘[";
    const CLOSING: &str = ")）”’]，。：；、,.:;!?！？…";
    if c == ' ' {
        return true;
    }
    if OPENING.contains(c) || CLOSING.contains(next) || next == ' ' {
        return false;
    }
    !c.is_ascii() || !next.is_ascii()
}

/// `text` cut where `breaks` allows, each piece keeping what ends it.
fn pieces(text: &str, breaks: impl Fn(char, char) -> bool) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut piece = String::new();
    for (i, &c) in chars.iter().enumerate() {
        piece.push(c);
        if chars.get(i + 1).is_some_and(|&n| breaks(c, n)) {
            out.push(std::mem::take(&mut piece));
        }
    }
    if !piece.is_empty() {
        out.push(piece);
    }
    out
}

/// `text` in lines of at most `max` pixels at `size` px. A word too long for
/// a line breaks between the parts of a dotted name (min.insync.│replicas),
/// and only then; one longer still stands alone on its line.
fn fit(text: &str, max: u32, size: f32, bold: bool) -> Vec<String> {
    let too_wide = |s: &str| {
        let s = s.trim_end();
        // Full-width punctuation ending a line draws in its first half only.
        let hang = if s.ends_with(['，', '。', '：', '；', '、', '）']) {
            size / 2.0
        } else {
            0.0
        };
        measure(s, size, bold) - hang > max as f32
    };
    let words = pieces(text, may_break).into_iter().flat_map(|word| {
        if too_wide(&word) {
            pieces(&word, |c, n| c == '.' && n.is_ascii_alphabetic())
        } else {
            vec![word]
        }
    });
    let mut lines = vec![String::new()];
    for word in words {
        let Some(line) = lines.last_mut() else { break };
        let wider = format!("{line}{word}");
        if !line.trim().is_empty() && too_wide(&wider) {
            lines.push(word.trim_start().to_string());
        } else {
            *line = wider;
        }
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// The figure's width for `n` columns of verdicts.
fn width(n: usize) -> u32 {
    let settings: u32 = SETTINGS.iter().sum();
    WIDTH.max(2 * MARGIN + settings + COLUMN * n as u32)
}

/// The columns' left edges and widths: the three settings, then one for each
/// of the `n` columns of verdicts.
fn columns(n: usize) -> Vec<(u32, u32)> {
    let table = width(n) - 2 * MARGIN;
    let settings: u32 = SETTINGS.iter().sum();
    let each = (table - settings) / n.max(1) as u32;
    let mut x = MARGIN;
    let mut out = Vec::new();
    for w in SETTINGS.into_iter().chain((0..n).map(|_| each)) {
        out.push((x, w));
        x += w;
    }
    out
}

/// Text lines, one under the other from baseline `y`, `LINE` apart.
fn lines_at(s: &mut String, lines: &[String], x: u32, y: u32, attrs: &str) {
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}"{attrs}>{}</text>"#,
            y + LINE * i as u32,
            esc(line)
        );
    }
}

/// The first baseline of `n` lines centred in a box from `top`, `h` high.
fn first_baseline(top: u32, h: u32, n: usize) -> u32 {
    top + h.saturating_sub(LINE * n as u32) / 2 + 13
}

/// A row of tiles: each a `Tone` and its words, one per protocol column, the
/// box from `top`, `h` high, the words at `size` px.
fn tiles(s: &mut String, cols: &[(u32, u32)], top: u32, h: u32, size: u32, words: &[(Tone, Vec<String>, &str)]) {
    for (&(x, w), (Tone(fill, stroke, ink), lines, protocol)) in cols.iter().zip(words) {
        let _ = write!(
            s,
            r#"<g class="cell" data-protocol="{}"><rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{fill}" stroke="{stroke}"/>"#,
            esc(protocol),
            x + GAP,
            top + GAP,
            w - 2 * GAP,
            h - 2 * GAP
        );
        let size = if size == 13 {
            String::new()
        } else {
            format!(r#" font-size="{size}""#)
        };
        let attrs = format!(r#" text-anchor="middle" fill="{ink}"{size}"#);
        lines_at(s, lines, x + w / 2, first_baseline(top, h, lines.len()), &attrs);
        s.push_str("</g>");
    }
}

/// The height of a row whose tallest cell has `n` lines.
fn row_height(n: usize) -> u32 {
    (LINE * n.max(1) as u32 + 2 * PAD + 2 * GAP).max(36)
}

/// The table as the figure's data, from what a front end has of each cell: `words` its verdict's words' data, `known` what the claim
/// reads of it. The setup and bounds head it, the note on acks=1 (`acks_one`)
/// sits above it, the claim per kind of failure below. The runner and the
/// page's panel both make theirs here.
pub fn figure_table<'a>(
    brokers: &[String],
    bounds: &Bounds,
    acks_one: Option<String>,
    rows: &[Row],
    words: impl Fn(Cell) -> MatrixCell<'a>,
    known: impl Fn(Cell) -> Known,
) -> MatrixTable<'a> {
    figure_table_of(
        brokers,
        bounds,
        acks_one,
        rows,
        &Columns::Generations.columns(),
        words,
        known,
    )
}

/// `figure_table` under `columns`: a cell a row and column (its head's), a
/// claim a column.
pub fn figure_table_of<'a>(
    brokers: &[String],
    bounds: &Bounds,
    acks_one: Option<String>,
    rows: &[Row],
    columns: &[Column],
    words: impl Fn(Cell) -> MatrixCell<'a>,
    known: impl Fn(Cell) -> Known,
) -> MatrixTable<'a> {
    let heads: Vec<Protocol> = columns.iter().map(|c| c.head).collect();
    let columns = columns
        .iter()
        .map(|c| MatrixColumn {
            lines: c.lines.iter().map(|p| p.name().to_string()).collect(),
        })
        .collect();
    let table_rows = rows
        .iter()
        .map(|row| MatrixRow {
            min_insync: row.min_insync,
            unclean: row.unclean,
            unflushed: row.failures == Failures::Unflushed,
            cells: heads
                .iter()
                .map(|&protocol| words(Cell { row: *row, protocol }))
                .collect(),
        })
        .collect();
    let claims = Failures::ALL
        .iter()
        .map(|&failures| {
            let unflushed = failures == Failures::Unflushed;
            let claims = heads
                .iter()
                .map(|&protocol| match claim(protocol, failures, rows, &known) {
                    Claim::Holds => MatrixClaim::Holds,
                    Claim::Open => MatrixClaim::Open,
                    Claim::Broken(cell) => MatrixClaim::Broken {
                        min_insync: cell.row.min_insync,
                        unflushed,
                        cell: words(cell),
                    },
                })
                .collect();
            (unflushed, claims)
        })
        .collect();
    MatrixTable {
        brokers: brokers.to_vec(),
        records: bounds.max_produces,
        failures: bounds.max_failures,
        epoch: bounds.max_epoch,
        limit: bounds.max_states.unwrap_or(usize::MAX),
        megabytes: bounds.max_bytes.map(|b| b / MEGABYTE),
        acks_one,
        columns,
        rows: table_rows,
        claims,
    }
}

/// The matrix as a standalone SVG figure, about 1100 px wide, as tall as its
/// rows and claim need.
pub fn matrix_svg(lang: Lang, t: &MatrixTable) -> String {
    let cols = columns(t.columns.len());
    let total = width(t.columns.len());
    let full = total - 2 * MARGIN;
    let mut body = String::new();
    let mut y = 32;
    let _ = write!(
        body,
        r#"<text x="{MARGIN}" y="{y}" font-size="20" font-weight="700" fill="{INK}">{}</text>"#,
        esc(&narrate::matrix_heading(lang, MatrixHeading::Title))
    );
    y += 26;
    let setup = narrate::matrix_setup(lang, &t.brokers, t.records, t.failures, t.epoch, t.limit, t.megabytes);
    let setup = fit(&setup, full, 13.0, false);
    lines_at(&mut body, &setup, MARGIN, y, &format!(r#" fill="{MUTED}""#));
    y += LINE * setup.len() as u32;
    if let Some(history) = &t.acks_one {
        // A boxed note: it is about acks=1, which no row below uses.
        let note = fit(
            &narrate::matrix_acks_one(lang, history, t.of_generations()),
            full - 24,
            13.0,
            false,
        );
        let h = LINE * note.len() as u32 + 14;
        let top = y + 4;
        let _ = write!(
            body,
            r##"<g class="acks-one"><rect x="{MARGIN}" y="{top}" width="{full}" height="{h}" rx="6" fill="#fff4e6" stroke="#ffc078"/>"##
        );
        lines_at(
            &mut body,
            &note,
            MARGIN + 12,
            top + 7 + 13,
            &format!(r#" fill="{INK}""#),
        );
        body.push_str("</g>");
        y = top + h;
    }
    y += 18;

    // The header: the settings' names, then each protocol's name and releases.
    let settings_heads: Vec<Vec<String>> = [
        MatrixHeading::MinInsync,
        MatrixHeading::Unclean,
        MatrixHeading::Failures,
    ]
    .into_iter()
    .zip(&cols)
    .map(|(h, &(_, w))| fit(&narrate::matrix_heading(lang, h), w - 2 * PAD, 13.0, true))
    .collect();
    let head_lines = settings_heads.iter().map(Vec::len).max().unwrap_or(1).max(2);
    let head_h = LINE * head_lines as u32 + 8;
    body.push_str(r#"<g class="header">"#);
    for (lines, &(x, _)) in settings_heads.iter().zip(&cols) {
        let top = y + head_h - 6 - LINE * lines.len() as u32 + 13;
        lines_at(
            &mut body,
            lines,
            x + PAD,
            top,
            &format!(r#" font-weight="700" fill="{INK}""#),
        );
    }
    for (c, &(x, w)) in t.columns.iter().zip(&cols[3..]) {
        let (name, under) = narrate::matrix_column(lang, &c.protocols());
        let _ = write!(
            body,
            r#"<text x="{}" y="{}" text-anchor="middle" font-weight="700" font-size="14" fill="{INK}">{}</text><text x="{}" y="{}" text-anchor="middle" font-size="12" fill="{MUTED}">{}</text>"#,
            x + w / 2,
            y + head_h - 6 - LINE,
            esc(&name),
            x + w / 2,
            y + head_h - 6,
            esc(&under)
        );
    }
    body.push_str("</g>");
    y += head_h;
    let _ = write!(
        body,
        r##"<line x1="{MARGIN}" y1="{y}" x2="{}" y2="{y}" stroke="#adb5bd" stroke-width="1.5"/>"##,
        total - MARGIN
    );
    y += 2;

    let mut previous: Option<u32> = None;
    for row in &t.rows {
        // A darker rule where min.insync.replicas changes: the rows come in groups.
        if previous.is_some_and(|m| m != row.min_insync) {
            y += 4;
            let _ = write!(
                body,
                r##"<line x1="{MARGIN}" y1="{y}" x2="{}" y2="{y}" stroke="#ced4da"/>"##,
                total - MARGIN
            );
            y += 4;
        }
        previous = Some(row.min_insync);
        let settings = [
            vec![row.min_insync.to_string()],
            fit(
                &narrate::matrix_unclean(lang, row.unclean),
                SETTINGS[1] - 2 * PAD,
                13.0,
                false,
            ),
            fit(
                &narrate::matrix_failures(lang, row.unflushed),
                SETTINGS[2] - 2 * PAD,
                13.0,
                false,
            ),
        ];
        let words: Vec<(Tone, Vec<String>, &str)> = t
            .columns
            .iter()
            .enumerate()
            .map(|(i, p)| match row.cells.get(i) {
                Some(c) => (
                    cell_tone(c),
                    fit(
                        &narrate::matrix_cell(lang, c),
                        cols[3 + i].1 - 2 * PAD - 2 * GAP,
                        CELL_SIZE as f32,
                        false,
                    ),
                    p.head(),
                ),
                None => (GRAY, Vec::new(), p.head()),
            })
            .collect();
        let n = settings
            .iter()
            .chain(words.iter().map(|(_, l, _)| l))
            .map(Vec::len)
            .max()
            .unwrap_or(1);
        let h = row_height(n);
        let _ = write!(
            body,
            r#"<g class="row" data-min-insync="{}" data-unclean="{}" data-failures="{}">"#,
            row.min_insync,
            row.unclean,
            if row.unflushed { "unflushed" } else { "crash" }
        );
        for (lines, &(x, _)) in settings.iter().zip(&cols) {
            lines_at(
                &mut body,
                lines,
                x + PAD,
                first_baseline(y, h, lines.len()),
                &format!(r#" fill="{INK}""#),
            );
        }
        tiles(&mut body, &cols[3..], y, h, CELL_SIZE, &words);
        body.push_str("</g>");
        y += h;
    }

    // The seed's claim: its heading across the table, then a row per kind of failure.
    y += 22;
    let heading = fit(&narrate::matrix_heading(lang, MatrixHeading::Claim), full, 14.0, true);
    let _ = write!(
        body,
        r##"<line x1="{MARGIN}" y1="{y}" x2="{}" y2="{y}" stroke="#adb5bd" stroke-width="1.5"/>"##,
        total - MARGIN
    );
    y += 22;
    body.push_str(r#"<g class="claim-heading">"#);
    lines_at(
        &mut body,
        &heading,
        MARGIN,
        y,
        &format!(r#" font-size="14" font-weight="700" fill="{INK}""#),
    );
    body.push_str("</g>");
    y += LINE * (heading.len() as u32 - 1) + 8;
    let label_w: u32 = SETTINGS.iter().sum();
    for (unflushed, claims) in &t.claims {
        let label = fit(
            &narrate::matrix_failures(lang, *unflushed),
            label_w - 2 * PAD,
            13.0,
            true,
        );
        let words: Vec<(Tone, Vec<String>, &str)> = t
            .columns
            .iter()
            .enumerate()
            .map(|(i, p)| match claims.get(i) {
                Some(c) => (
                    claim_tone(c),
                    fit(
                        &narrate::matrix_claim(lang, c),
                        cols[3 + i].1 - 2 * PAD - 2 * GAP,
                        CLAIM_SIZE as f32,
                        false,
                    ),
                    p.head(),
                ),
                None => (GRAY, Vec::new(), p.head()),
            })
            .collect();
        let n = words
            .iter()
            .map(|(_, l, _)| l.len())
            .chain([label.len()])
            .max()
            .unwrap_or(1);
        let h = row_height(n);
        let _ = write!(
            body,
            r#"<g class="claim" data-failures="{}">"#,
            if *unflushed { "unflushed" } else { "crash" }
        );
        lines_at(
            &mut body,
            &label,
            MARGIN + PAD,
            first_baseline(y, h, label.len()),
            &format!(r#" font-weight="700" fill="{INK}""#),
        );
        tiles(&mut body, &cols[3..], y, h, CLAIM_SIZE, &words);
        body.push_str("</g>");
        y += h;
    }
    let height = y + MARGIN;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" viewBox="0 0 {total} {height}" font-family="{FONTS}" font-size="13">"#
    );
    s.push_str(r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    s.push_str(&body);
    s.push_str("</svg>");
    s
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use replab_core::ViolationKind;

    fn lost(steps: usize) -> MatrixCell<'static> {
        MatrixCell::Violation {
            kind: ViolationKind::CommittedWriteLost,
            steps,
        }
    }

    /// The two-broker table as `replab matrix` finds it at the default bounds
    /// (a few cells changed to show every kind).
    pub(crate) fn table(brokers: &[&str]) -> MatrixTable<'static> {
        let mut rows = Vec::new();
        for min_insync in 1..=2 {
            for unclean in [false, true] {
                for unflushed in [false, true] {
                    let cells = if !unclean && !unflushed {
                        vec![
                            lost(5),
                            lost(8),
                            MatrixCell::Safe { states: 20_623 },
                            MatrixCell::Unfinished {
                                states: 1_000_000,
                                depth: 9,
                            },
                            MatrixCell::Violation {
                                kind: ViolationKind::ReplicasDiverged,
                                steps: 4,
                            },
                        ]
                    } else {
                        vec![
                            lost(4),
                            lost(4),
                            lost(4),
                            lost(3),
                            MatrixCell::Error("a <trap> & more".into()),
                        ]
                    };
                    rows.push(MatrixRow {
                        min_insync,
                        unclean,
                        unflushed,
                        cells,
                    });
                }
            }
        }
        let broken = |unflushed| MatrixClaim::Broken {
            min_insync: 2,
            unflushed,
            cell: lost(5),
        };
        MatrixTable {
            brokers: brokers.iter().map(|b| b.to_string()).collect(),
            records: 2,
            failures: 2,
            epoch: 3,
            limit: 1_000_000,
            megabytes: None,
            acks_one: Some("produce m1 acks=1; crash A".to_string()),
            columns: Protocol::ALL
                .iter()
                .map(|p| MatrixColumn {
                    lines: vec![p.name().to_string()],
                })
                .collect(),
            rows,
            claims: vec![
                (
                    false,
                    vec![
                        broken(false),
                        broken(false),
                        MatrixClaim::Holds,
                        MatrixClaim::Holds,
                        MatrixClaim::Open,
                    ],
                ),
                (true, vec![broken(true); 5]),
            ],
        }
    }

    /// The text of every `<text>` element, escapes undone, in order (for
    /// this module's tests and the pseudo-language's).
    pub(crate) fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0))
            .map(|t| {
                // Without the tags inside (a tooltip's <title>).
                let inner: Vec<&str> = t
                    .split('<')
                    .enumerate()
                    .map(|(i, p)| {
                        if i == 0 {
                            p
                        } else {
                            p.split_once('>').map_or("", |x| x.1)
                        }
                    })
                    .collect();
                inner
                    .join(" ")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&#39;", "'")
                    .replace("&amp;", "&")
            })
            .collect()
    }

    /// Whether `words` is drawn, on one line or wrapped over consecutive ones.
    fn drawn(texts: &[String], words: &str) -> bool {
        (0..texts.len()).any(|i| {
            let mut joined = String::new();
            for t in &texts[i..] {
                if !joined.is_empty() && !words.get(joined.len()..).is_some_and(|w| w.starts_with(t.as_str())) {
                    // Wrapping dropped the space at a break.
                    joined.push(' ');
                }
                joined.push_str(t);
                if joined == words {
                    return true;
                }
                if !words.starts_with(&joined) {
                    return false;
                }
            }
            false
        })
    }

    /// A check of well-formedness without a parser: every element opened is
    /// closed in order, attributes are quoted, no stray `<` or `&`.
    fn well_formed(svg: &str) {
        let mut open: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            assert!(!text.contains('>'), "a stray '>' in {text:?}");
            for (i, _) in text.match_indices('&') {
                let entity = &text[i..];
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                        .iter()
                        .any(|e| entity.starts_with(e)),
                    "a stray '&' in {text:?}"
                );
            }
            let end = rest[start..].find('>').expect("a tag ends") + start;
            let tag = &rest[start + 1..end];
            assert!(!tag.contains('<'), "{tag}");
            assert_eq!(tag.matches('"').count() % 2, 0, "{tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name), "closing {name}");
            } else if !tag.ends_with('/') {
                let name = tag.split([' ', '/']).next().unwrap_or("");
                open.push(name);
            }
            rest = &rest[end + 1..];
        }
        assert!(open.is_empty(), "unclosed: {open:?}");
        assert!(rest.is_empty(), "text after the root: {rest:?}");
    }

    #[test]
    fn the_figure_is_standalone_svg() {
        let svg = matrix_svg(Lang::EN, &table(&["A", "B"]));
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="1100" height=""#));
        assert!(svg.contains(r#"viewBox="0 0 1100 "#));
        assert!(svg.contains(r##"<rect width="100%" height="100%" fill="#ffffff"/>"##));
        assert!(svg.contains(FONTS));
        assert!(svg.ends_with("</svg>"));
        well_formed(&svg);
        let height: u32 = svg
            .split("height=\"")
            .nth(1)
            .and_then(|h| h.split('"').next())
            .and_then(|h| h.parse().ok())
            .expect("a height");
        assert!((600..2000).contains(&height), "{height}");
    }

    #[test]
    fn every_cell_and_the_claim_are_in_the_figure() {
        let t = table(&["A", "B"]);
        let svg = matrix_svg(Lang::EN, &t);
        let texts = texts(&svg);
        for words in [
            "Is it safe? Every setting under every protocol",
            "With acks=1 every protocol loses an acknowledged write, in two steps: produce m1 acks=1; crash A",
            "min.insync.replicas",
            "unclean election",
            "hw",
            "Kafka 0.10",
            "kraft-elr",
            "crashes, unflushed lost",
        ] {
            assert!(
                texts.iter().any(|t| t.contains(words)) || drawn(&texts, words),
                "{words}: {texts:?}"
            );
        }
        for row in &t.rows {
            for cell in &row.cells {
                let words = narrate::matrix_cell(Lang::EN, cell);
                assert!(drawn(&texts, &words), "{words}: {texts:?}");
            }
        }
        assert_eq!(svg.matches(r#"<g class="row""#).count(), 8);
        assert_eq!(svg.matches(r#"<g class="cell" data-protocol="hw">"#).count(), 8 + 2);
        assert!(drawn(&texts, &narrate::matrix_heading(Lang::EN, MatrixHeading::Claim)));
        assert!(svg.contains(r#"<g class="claim" data-failures="crash">"#));
        assert!(svg.contains(r#"<g class="claim" data-failures="unflushed">"#));
        assert!(texts.iter().any(|t| t == "holds"));
        assert!(drawn(
            &texts,
            "does not hold: min.insync.replicas=2, crashes, unflushed lost, lost in 5"
        ));
        assert!(drawn(&texts, "not settled within the bounds"));
        // Colours: violations red, complete searches green, the rest gray.
        assert!(svg.contains(&format!(r#"fill="{}" stroke="{}""#, RED.0, RED.1)));
        assert!(svg.contains(&format!(r#"fill="{}" stroke="{}""#, GREEN.0, GREEN.1)));
        assert!(svg.contains(&format!(r#"fill="{}" stroke="{}""#, GRAY.0, GRAY.1)));
    }

    #[test]
    fn without_the_acks_one_note_there_is_no_box() {
        let mut t = table(&["A", "B"]);
        t.acks_one = None;
        let svg = matrix_svg(Lang::EN, &t);
        assert!(!svg.contains("acks-one"));
        assert!(!svg.contains("With acks=1"));
        well_formed(&svg);
    }

    #[test]
    fn every_language_draws_its_own_words() {
        let t = table(&["A", "B"]);
        for &lang in Lang::ALL {
            let svg = matrix_svg(lang, &t);
            well_formed(&svg);
            let lost = narrate::matrix_cell(
                lang,
                &MatrixCell::Violation {
                    kind: ViolationKind::CommittedWriteLost,
                    steps: 5,
                },
            );
            assert!(drawn(&texts(&svg), &lost), "{lang:?}: {lost}");
            // The font stack has a face for every language's characters.
            assert!(svg.contains(crate::svg::FONTS), "{lang:?}");
        }
        replab_narrate::said!("view/every_language_draws_its_own_words", |lang| texts(&matrix_svg(
            lang, &t
        )));
    }

    #[test]
    fn names_and_reasons_are_escaped() {
        let t = table(&["A<1>", "B&\"2\""]);
        let svg = matrix_svg(Lang::EN, &t);
        well_formed(&svg);
        assert!(svg.contains("A&lt;1&gt;, B&amp;&quot;2&quot;"), "{svg}");
        // The reason may wrap: its escaped parts are there, the raw ones are not.
        assert!(svg.contains("&lt;trap&gt; &amp;"), "{svg}");
        assert!(!svg.contains("<trap>"));
    }

    #[test]
    fn lines_break_at_spaces_dots_and_between_chinese_characters() {
        assert_eq!(fit("none (20,623 states)", 200, 13.0, false), ["none (20,623 states)"]);
        assert_eq!(
            fit("none (20,623 states)", 60, 13.0, false),
            ["none", "(20,623", "states)"]
        );
        assert_eq!(fit("min.insync.replicas", 90, 13.0, true), ["min.insync.", "replicas"]);
        // A dotted name that fits a line of its own is not cut.
        assert_eq!(
            fit("does not hold: min.insync.replicas=2, lost in 5", 140, 13.0, false),
            ["does not hold:", "min.insync.replicas=2,", "lost in 5"]
        );
        let zh = fit("在边界内未能确定", 60, 13.0, false);
        assert!(zh.len() > 1 && zh.concat() == "在边界内未能确定", "{zh:?}");
        // Never a line that starts with closing punctuation.
        for line in fit("崩溃，未刷盘的丢失（一二三）", 40, 13.0, false) {
            assert!(!line.starts_with(['，', '）']), "{line}");
        }
    }
}
