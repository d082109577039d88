//! `replab matrix`: the safety matrix from the command line. The setup is a
//! scenario's header (brokers, leader, settings other than the rows'); the
//! bounds are `replab explore`'s. Every cell runs natively, several at once;
//! the table is printed (or `--json`) once all have ended, and with `-o` drawn
//! as a figure (`replab_view::matrix`, the page's own). Exit 0 whatever the
//! cells say.

use crate::args::{number, Args};
use crate::explore::bound_or_file;
use replab_check::matrix::{self, Answer, Cell, Column, Columns, Failures, Known, Row, Settled, Verdict};
use replab_check::Bounds;
use replab_core::scenario;
use replab_core::{Protocol, Setup};
use replab_messages::message::SearchReply;
use replab_narrate::{self as narrate, Lang, MatrixCell, MatrixHeading, Names};
use replab_publish::raster::{self, Renderer};
use replab_view::matrix::{matrix_svg, MatrixTable};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

pub const USAGE: &str = "  replab matrix [--brokers 2|3] [--produces K] [--crashes C] [--max-epoch E] [--max-mb M]
                [--max-states N] [--threads T] [--each] [--replies OUT.json] [--lang L] [--json] [-o OUT.svg|OUT.png|-]
                [--protocol all|releases] FILE|-
      (the safety matrix: for min.insync.replicas 1 to the brokers (at most 3) x unclean election
       off and on x crashes with or without unflushed loss, under each protocol, with acks=all, the
       shortest history that loses a committed write or makes replicas diverge, or none within the
       bounds. FILE's header gives the brokers (the first --brokers of them), leader and other
       settings. Prints the table, the seed's claim per protocol, the note on acks=1 and each
       history found; --json prints one object a cell. -o also draws the table and the claim as a
       figure: SVG, or PNG at twice the pixels, from OUT's extension; -o - writes the SVG to
       standard output instead of the table. Cells run on every core, each search within M MB
       of memory (the page's worker budget, 512 by default; --max-states N also stops one at N
       states). A search that never
       consults unclean.leader.election.enable answers its twin too, and one with unflushed loss
       that is complete and safe answers the same settings without it; --each searches every cell
       on its own instead, to compare. --replies writes the table as the page ships it, each cell
       as its worker would reply. --protocol releases: every offered release line instead of the
       five generations, a block a line; lines with the same rules share one search. Exit 0)";

/// Runs the matrix from `args`.
pub fn matrix_command(args: &[String]) -> Result<ExitCode, String> {
    let call = parse(args)?;
    if call.json && call.out.as_ref().is_some_and(|(out, _)| out == "-") {
        return Err("--json and -o - both write to standard output: give -o a file".to_string());
    }
    let text = crate::read_source(&call.file)?;
    let script = scenario::parse(&text).map_err(|e| narrate::script_error(Lang::EN, &Names(&[]), &e))?;
    let mut base = script.setup(None);
    if let Some(n) = call.brokers {
        if n > base.brokers.len() {
            return Err(format!(
                "--brokers {n}: the scenario's header names {} broker(s)",
                base.brokers.len()
            ));
        }
        base.brokers.truncate(n);
        if base.leader >= n {
            return Err(format!("--brokers {n}: the leader is not among the first {n}"));
        }
    }
    if !(2..=3).contains(&base.brokers.len()) {
        return Err(format!(
            "the matrix is for 2 or 3 brokers, not {} (--brokers)",
            base.brokers.len()
        ));
    }
    let columns: Vec<Protocol> = if call.releases {
        Protocol::releases().collect()
    } else {
        Protocol::ALL.to_vec()
    };
    // A setting a line does not have (1.5 rule 5) is refused, as a run under it is.
    for &p in &columns {
        script
            .checked_setup(Some(p))
            .map_err(|e| narrate::script_error(Lang::EN, &Names(&script.brokers), &e))?;
    }
    if call.releases && call.each {
        return Err(
            "--protocol releases shares each search among the lines with the same rules: no --each with it".to_string(),
        );
    }
    let cells = matrix::cells_of(base.brokers.len(), &columns);
    let started = Instant::now();
    let done = AtomicUsize::new(0);
    let show_progress = !call.json && std::io::stderr().is_terminal();
    let progress = |_: &matrix::Answer| {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if show_progress {
            eprint!("\r{n} of {} cells", cells.len());
            let _ = std::io::stderr().flush();
        }
    };
    let answers = if call.each {
        matrix::run_each(&base, call.bounds, call.threads)
    } else if call.releases {
        matrix::run_releases(&base, call.bounds, call.threads, progress)
    } else {
        matrix::run_all(&base, call.bounds, call.threads, progress)
    }
    .map_err(|e| format!("{e:?}"))?;
    let seconds = started.elapsed().as_secs_f64();
    if show_progress {
        eprintln!();
    }
    let results: Vec<Answered> = answers.into_iter().map(|a| Answered::new(&base, a)).collect();
    // The figure's columns: the generations, or the release lines that
    // answer alike together (`Columns::Releases`); the text prints a block a line.
    let grouped = if call.releases {
        Columns::Releases
    } else {
        Columns::Generations
    };
    let figure = matrix_table(&base, call.bounds, &grouped.columns(), &results);
    let to_stdout = call.out.as_ref().is_some_and(|(out, _)| out == "-");
    if let Some(path) = &call.replies {
        let text = replies(&base, call.bounds, &results)?;
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if call.json {
        let objects: Vec<Value> = results.iter().map(Answered::json).collect();
        println!("{}", Value::Array(objects));
    } else if call.releases && !to_stdout {
        let lines: Vec<Column> = columns.iter().map(|&p| Column::single(p)).collect();
        let each_line = matrix_table(&base, call.bounds, &lines, &results);
        print!("{}", release_table(call.lang, &each_line, &columns, &results, seconds));
    } else if !to_stdout {
        print!("{}", table(call.lang, &figure, &results, seconds));
    }
    if let Some((out, format)) = &call.out {
        write_figure(out, *format, &matrix_svg(call.lang, &figure))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What `-o` writes, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

fn format_of(out: &str) -> Result<Format, String> {
    if out == "-" {
        return Ok(Format::Svg);
    }
    let ext = std::path::Path::new(out)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match ext.as_str() {
        "svg" => Ok(Format::Svg),
        "png" => Ok(Format::Png),
        _ => Err(format!(
            "-o: '{out}' does not end in .svg or .png (or is - for SVG on standard output)"
        )),
    }
}

/// Writes the figure: SVG as it is, PNG drawn at twice the pixels with the
/// runner's font; says on standard error what it wrote (standard output has
/// the table).
fn write_figure(out: &str, format: Format, svg: &str) -> Result<(), String> {
    if out == "-" {
        return std::io::stdout()
            .write_all(svg.as_bytes())
            .map_err(|e| format!("cannot write to standard output: {e}"));
    }
    let (bytes, size) = match format {
        Format::Svg => (svg.as_bytes().to_vec(), None),
        Format::Png => {
            let renderer = Renderer::new();
            let p = renderer.render(svg, 2.0)?;
            let missing = renderer.missing();
            if !missing.is_empty() {
                eprintln!(
                    "warning: no font here has {}: drawn as boxes",
                    missing.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>().join(" ")
                );
            }
            (raster::png(&p, 2)?, Some((p.width(), p.height())))
        }
    };
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    let pixels = size.map(|(w, h)| format!(", {w}×{h} px")).unwrap_or_default();
    eprintln!("{out}: the matrix{pixels}, {} KB", bytes.len().div_ceil(1024));
    Ok(())
}

/// A cell's verdict with its history as a scenario.
struct Answered {
    cell: Cell,
    verdict: Verdict,
    settled: Settled,
    peak_bytes: usize,
    /// The violation's scenario, commented, that `replab run` replays.
    script: Option<String>,
}

impl Answered {
    fn new(base: &Setup, answer: Answer) -> Answered {
        let Answer {
            cell,
            verdict,
            settled,
            peak_bytes,
        } = answer;
        let script = match &verdict {
            Verdict::Violation { kind, trace, .. } => {
                let setup = matrix::setup(base, cell);
                Some(replab_view::found::history(Lang::EN, &setup, trace, *kind))
            }
            _ => None,
        };
        Answered {
            cell,
            verdict,
            settled,
            peak_bytes,
            script,
        }
    }

    fn json(&self) -> Value {
        let (complete, states) = match &self.verdict {
            Verdict::Violation { states, .. } => (false, *states),
            Verdict::Safe { states, .. } => (true, *states),
            Verdict::Unfinished { states, .. } => (false, *states),
            Verdict::Failed => (false, 0),
        };
        let violation = match (&self.verdict, &self.script) {
            (Verdict::Violation { kind, trace, .. }, Some(script)) => json!({
                "kind": kind.name(),
                "length": trace.len(),
                "script": script,
            }),
            _ => Value::Null,
        };
        json!({
            "protocol": self.cell.protocol.name(),
            "min_insync": self.cell.row.min_insync,
            "unclean": self.cell.row.unclean,
            "failures": self.cell.row.failures.name(),
            "complete": complete,
            "states": states,
            "settled": self.settled.name(),
            "megabytes": megabytes(self.peak_bytes),
            "violation": violation,
        })
    }
}

/// The table as the page takes it at build time (`--replies`): the header and
/// bounds it was searched at, and each cell's answer as its worker would have
/// replied it, with what its search held.
fn replies(base: &Setup, bounds: Bounds, results: &[Answered]) -> Result<String, String> {
    let header = replab_core::scenario::history_text(None, base, []);
    let cells: Vec<Value> = results
        .iter()
        .map(|a| {
            let setup = matrix::setup(base, a.cell);
            json!({
                "protocol": a.cell.protocol.name(),
                "minInsync": a.cell.row.min_insync,
                "unclean": a.cell.row.unclean,
                "failures": a.cell.row.failures.name(),
                "settled": a.settled.name(),
                "megabytes": a.peak_bytes.div_ceil(matrix::MEGABYTE),
                "reply": SearchReply::of_verdict(&setup, &a.verdict),
            })
        })
        .collect();
    let all = json!({ "header": header, "bounds": bounds, "cells": cells });
    serde_json::to_string(&all).map_err(|e| e.to_string())
}

/// Bytes as megabytes (10⁶), one decimal.
fn megabytes(bytes: usize) -> f64 {
    (bytes as f64 / 100_000.0).round() / 10.0
}

/// The words of a verdict.
fn cell_words(v: &Verdict) -> MatrixCell<'static> {
    match v {
        Verdict::Violation { kind, trace, .. } => MatrixCell::Violation {
            kind: *kind,
            steps: trace.len(),
        },
        Verdict::Safe { states, .. } => MatrixCell::Safe { states: *states },
        Verdict::Unfinished { states, depth } => MatrixCell::Unfinished {
            states: *states,
            depth: *depth,
        },
        Verdict::Failed => MatrixCell::Failed,
    }
}

/// What the text and the figure show, read once from the verdicts: the setup
/// and bounds, the note on acks=1 (when every protocol loses with it), a cell
/// per row and protocol, the claim per kind of failure.
fn matrix_table(base: &Setup, bounds: Bounds, columns: &[Column], results: &[Answered]) -> MatrixTable<'static> {
    let verdict = |cell: Cell| results.iter().find(|a| a.cell == cell).map(|a| &a.verdict);
    let lines: Vec<Protocol> = columns.iter().flat_map(|c| c.lines.iter().copied()).collect();
    replab_view::matrix::figure_table_of(
        &base.brokers,
        &bounds,
        matrix::acks_one_line(base, &lines),
        &matrix::rows(base.brokers.len()),
        columns,
        // Every cell ends before the table is drawn; one missing would still be waiting.
        |cell| verdict(cell).map_or(MatrixCell::Waiting, cell_words),
        |cell| verdict(cell).map_or(Known::Open, Verdict::known),
    )
}

/// The title, the setup and bounds, and the note on acks=1: the top of either table.
fn heading(lang: Lang, t: &MatrixTable) -> String {
    let mut out = format!("{}\n", narrate::matrix_heading(lang, MatrixHeading::Title));
    let _ = writeln!(
        out,
        "{}",
        narrate::matrix_setup(lang, &t.brokers, t.records, t.failures, t.epoch, t.limit, t.megabytes)
    );
    if let Some(history) = &t.acks_one {
        let _ = writeln!(out, "{}", narrate::matrix_acks_one(lang, history, t.of_generations()));
    }
    out
}

/// The cells searched on their own: how many, their states, and the megabytes
/// the largest held.
fn searched(results: &[Answered]) -> (usize, usize, f64) {
    let own: Vec<&Answered> = results.iter().filter(|a| a.settled == Settled::Searched).collect();
    let states = own.iter().map(|a| states_of(&a.verdict)).sum();
    let most = own.iter().map(|a| a.peak_bytes).max().unwrap_or(0);
    (own.len(), states, megabytes(most))
}

/// The table: the setup and bounds, the note on acks=1, a line a row, the
/// claim's row, then each history found.
fn table(lang: Lang, t: &MatrixTable, results: &[Answered], seconds: f64) -> String {
    let mut out = heading(lang, t);
    let width = 26;
    let _ = write!(
        out,
        "\n{:<20} {:<16} {:<24}",
        narrate::matrix_heading(lang, MatrixHeading::MinInsync),
        narrate::matrix_heading(lang, MatrixHeading::Unclean),
        narrate::matrix_heading(lang, MatrixHeading::Failures)
    );
    for p in Protocol::ALL {
        let _ = write!(out, " {:<width$}", p.name());
    }
    out.push('\n');
    for row in &t.rows {
        let _ = write!(
            out,
            "{:<20} {:<16} {:<24}",
            row.min_insync,
            narrate::matrix_unclean(lang, row.unclean),
            narrate::matrix_failures(lang, row.unflushed)
        );
        for cell in &row.cells {
            let words = narrate::matrix_cell(lang, cell);
            let _ = write!(out, " {words:<width$}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "\n{}:", narrate::matrix_heading(lang, MatrixHeading::Claim));
    for (unflushed, claims) in &t.claims {
        let _ = writeln!(out, "  {}:", narrate::matrix_failures(lang, *unflushed));
        for (p, claim) in Protocol::ALL.iter().zip(claims) {
            let _ = writeln!(out, "    {:<16} {}", p.name(), narrate::matrix_claim(lang, claim));
        }
    }
    let count = |how| results.iter().filter(|a| a.settled == how).count();
    let (twins, covered) = (count(Settled::Twin), count(Settled::Covered));
    if twins + covered > 0 {
        let _ = writeln!(out, "\n{}", narrate::matrix_settled_by_others(lang, twins, covered));
    }
    let (_, states, most) = searched(results);
    let _ = writeln!(
        out,
        "\n{} cells, {states} states searched, {most:.0} MB at most in one search, {seconds:.1} s",
        results.len()
    );
    for a in results {
        if let (Verdict::Violation { kind, trace, .. }, Some(script)) = (&a.verdict, &a.script) {
            let Row {
                min_insync,
                unclean,
                failures,
            } = a.cell.row;
            let _ = writeln!(
                out,
                "\n{}",
                narrate::matrix_history(
                    lang,
                    a.cell.protocol.name(),
                    min_insync,
                    unclean,
                    failures == Failures::Unflushed,
                    *kind,
                    trace.len()
                )
            );
            for line in script.lines() {
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    out
}

fn states_of(v: &Verdict) -> usize {
    match v {
        Verdict::Violation { states, .. } | Verdict::Safe { states, .. } | Verdict::Unfinished { states, .. } => {
            *states
        }
        Verdict::Failed => 0,
    }
}

struct Call {
    bounds: Bounds,
    brokers: Option<usize>,
    threads: usize,
    lang: Lang,
    json: bool,
    /// `--each`: every cell's own search, none settled by another's.
    each: bool,
    /// `--protocol releases`: every offered release line, not the generations.
    releases: bool,
    /// `--replies FILE`: the table as the page takes it at build time.
    replies: Option<String>,
    /// `-o`: where the figure goes, and as what.
    out: Option<(String, Format)>,
    file: String,
}

/// The table over every release line (`--protocol releases`), a block a line:
/// its rows' verdicts and the seed's claim, the line whose search answered it
/// when another's with the same rules did; then the figures.
fn release_table(lang: Lang, t: &MatrixTable, columns: &[Protocol], results: &[Answered], seconds: f64) -> String {
    let mut out = heading(lang, t);
    for (j, &p) in columns.iter().enumerate() {
        let by = matrix::rules_of(p);
        let same = if by == p {
            String::new()
        } else {
            format!(" = {}", by.name())
        };
        let _ = writeln!(out, "\n{} ({}){same}", p.name(), narrate::controller_name(p));
        for row in &t.rows {
            let _ = writeln!(
                out,
                "  {:<3} {:<16} {:<24} {}",
                row.min_insync,
                narrate::matrix_unclean(lang, row.unclean),
                narrate::matrix_failures(lang, row.unflushed),
                row.cells
                    .get(j)
                    .map(|c| narrate::matrix_cell(lang, c))
                    .unwrap_or_default()
            );
        }
        for (unflushed, claims) in &t.claims {
            if let Some(claim) = claims.get(j) {
                let _ = writeln!(
                    out,
                    "  {}: {}",
                    narrate::matrix_failures(lang, *unflushed),
                    narrate::matrix_claim(lang, claim)
                );
            }
        }
    }
    let (count, states, most) = searched(results);
    let _ = writeln!(
        out,
        "\n{} cells, {count} searched, {states} states, {most:.0} MB at most in one search, {seconds:.1} s",
        results.len()
    );
    out
}

fn parse(args: &[String]) -> Result<Call, String> {
    // The page's bounds: a table searched here at the defaults is the one the
    // page ships (`--replies`) and searches live.
    let mut bounds = matrix::page_bounds();
    let mut brokers = None;
    let mut threads = crate::cores();
    let mut lang = Lang::EN;
    let mut json = false;
    let mut each = false;
    let mut releases = false;
    let mut replies = None;
    let mut out = None;
    let mut args = Args::new(args);
    while let Some(flag) = args.next_arg() {
        let mut value = || args.value(flag);
        match flag {
            "--brokers" => {
                let v = value()?;
                brokers = Some(match v.as_str() {
                    "2" => 2,
                    "3" => 3,
                    _ => return Err(format!("--brokers is 2 or 3, not '{v}'")),
                });
            }
            "--threads" => threads = number::<usize>(flag, &value()?)?.max(1),
            "--lang" => {
                let v = value()?;
                lang = crate::lang_arg(&v)?;
            }
            "--json" => json = true,
            "--each" => each = true,
            "--protocol" => {
                let v = value()?;
                releases = match v.as_str() {
                    "releases" => true,
                    "all" => false,
                    _ => {
                        return Err(format!(
                            "--protocol is all (the five generations) or releases, not '{v}'"
                        ))
                    }
                };
            }
            "--replies" => replies = Some(value()?),
            "-o" | "--output" => {
                let v = value()?;
                let format = format_of(&v)?;
                out = Some((v, format));
            }
            f => bound_or_file(&mut args, &mut bounds, f)?,
        }
    }
    let file = args.file()?;
    Ok(Call {
        bounds,
        brokers,
        threads,
        lang,
        json,
        each,
        releases,
        replies,
        out,
        file,
    })
}
