//! `replab`: runs scenario files headless.
//!
//! `replab run [--json] [--protocol P] FILE|-` runs one scenario and narrates it
//! (or prints its final state as JSON); `replab run --compare P1,P2 FILE|-` runs
//! it under two protocols and says where they first differ. `replab check [--protocol P|all] FILE...`
//! runs every file's expectations and prints a pass/fail line per file.
//! `replab protocols` lists the protocols with the Kafka releases each stands for.
//! `replab explore [BOUNDS] [--json] FILE` runs the exhaustive checker from a
//! scenario's header: a table of what it explored, and each violation found as
//! a scenario with comments on its decisive steps.
//! `replab figure [OPTIONS] -o OUT FILE` draws chosen steps as a strip (SVG, PNG)
//! or an animation (GIF, APNG) for an article.
//! Exit codes: 0 ok, 1 an expectation failed, 2 the script (or the call) is invalid.

mod args;
mod compare;
mod explore;
mod figure;
mod json;
mod matrix;
mod publish;

use replab_core::scenario::{self, Outcome, Run, Script};
use replab_core::strip::LineOutcome;
use replab_core::Protocol;
use replab_narrate::{self as narrate, Lang, Names};
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage:
  replab run [--json] [--protocol P] FILE|-   (P: a name from `replab protocols`)
  replab run --compare P1,P2 FILE|-   (the first step where the two protocols differ, and how)
  replab run --releases FILE|-   (the outcome under every offered release line: the first safety check, none, or refused)
  replab check [--protocol P|all|releases] FILE...
  replab link [--protocol P] [--compare P] [--step N] [--lang L] FILE|-
      (prints a share-link fragment; step: the end; --compare: a second protocol shown beside)
  replab protocols   (lists the protocols and the Kafka releases each stands for)
";

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("run") => run_command(&args[1..]),
        Some("check") => check_command(&args[1..]),
        Some("link") => link_command(&args[1..]),
        Some("figure") => figure::figure_command(&args[1..]),
        Some("prerender") => publish::prerender_command(&args[1..]),
        Some("publish") => publish::publish_command(&args[1..]),
        Some("explore") => explore::explore_command(&args[1..]).map_err(|e| format!("{e}\n{}", usage())),
        Some("matrix") => matrix::matrix_command(&args[1..]).map_err(|e| format!("{e}\n{}", usage())),
        Some("protocols") if args.len() == 1 => {
            print!("{}", protocols());
            Ok(ExitCode::SUCCESS)
        }
        Some("--help" | "-h" | "help") => {
            println!("{}", usage());
            Ok(ExitCode::SUCCESS)
        }
        _ => Err(usage()),
    };
    // An invalid call or script: its message, and exit code 2.
    result.unwrap_or_else(|message| {
        eprintln!("{message}");
        ExitCode::from(2)
    })
}

/// Options shared by both subcommands.
struct Options {
    json: bool,
    protocols: Option<Vec<Protocol>>,
    files: Vec<String>,
}

/// The options, or a message with the usage.
fn parse_options(args: &[String], allow_all: bool) -> Result<Options, String> {
    parse_flags(args, allow_all).map_err(|e| format!("{e}\n{}", usage()))
}

fn parse_flags(args: &[String], allow_all: bool) -> Result<Options, String> {
    let mut o = Options {
        json: false,
        protocols: None,
        files: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--json" => o.json = true,
            "--protocol" => {
                i += 1;
                let name = args.get(i).ok_or("--protocol needs a protocol name")?;
                o.protocols = Some(match name.as_str() {
                    "all" if allow_all => Protocol::ALL.to_vec(),
                    "releases" if allow_all => Protocol::releases().collect(),
                    _ => vec![protocol_arg(name)?],
                });
            }
            f if f.starts_with("--") => return Err(format!("unknown option '{f}'")),
            f => o.files.push(f.to_string()),
        }
        i += 1;
    }
    Ok(o)
}

/// `--protocol`'s value: a generation or an offered release line; otherwise
/// the contract's reason, after `--protocol: `.
pub(crate) fn protocol_arg(name: &str) -> Result<Protocol, String> {
    Protocol::parse(name).map_err(|why| format!("--protocol: {}", narrate::protocol_not_offered(Lang::EN, name, &why)))
}

fn usage() -> String {
    format!(
        "{USAGE}{}\n{}\n{}\n{}\n  (L: a language of the lab: {})",
        explore::USAGE,
        matrix::USAGE,
        figure::USAGE,
        publish::USAGE,
        lang_codes()
    )
}

/// The lab's languages by code, as `--lang` takes them.
fn lang_codes() -> String {
    Lang::ALL.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ")
}

/// `--lang`'s value: one of the lab's languages, by code.
pub(crate) fn lang_arg(v: &str) -> Result<Lang, String> {
    Lang::from_code(v).ok_or_else(|| format!("--lang is one of {}, not '{v}'", lang_codes()))
}

/// The cores this machine offers (1 when it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn read_source(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

/// Parses and runs one file: Err carries the exit code and message of a script error.
fn load_and_run(text: &str, protocol: Option<Protocol>) -> Result<(Script, Run), String> {
    let script = scenario::parse(text).map_err(|e| narrate::script_error(Lang::EN, &Names(&[]), &e))?;
    let run =
        scenario::run(&script, protocol).map_err(|e| narrate::script_error(Lang::EN, &Names(&script.brokers), &e))?;
    Ok((script, run))
}

fn expectation_failure(script: &Script, run: &Run) -> Option<String> {
    match &run.outcome {
        Outcome::Passed { .. } => None,
        Outcome::ExpectationFailed {
            line,
            expectation,
            found,
        } => {
            let names = Names(&script.brokers);
            Some(format!(
                "line {line}: expected {}, found {} (protocol {})",
                scenario::expectation_line(&script.brokers, expectation).trim_start_matches("expect "),
                narrate::found(Lang::EN, &names, found),
                run.protocol().name()
            ))
        }
    }
}

fn run_command(args: &[String]) -> Result<ExitCode, String> {
    if let Some(at) = args.iter().position(|a| a == "--compare") {
        return compare_command(args, at);
    }
    if let Some(at) = args.iter().position(|a| a == "--releases") {
        return releases_command(args, at);
    }
    let o = parse_options(args, false)?;
    let [file] = o.files.as_slice() else {
        return Err(usage());
    };
    let text = read_source(file)?;
    let protocol = o.protocols.and_then(|p| p.first().copied());
    let (script, run) = load_and_run(&text, protocol)?;
    let failure = expectation_failure(&script, &run);
    if o.json {
        if failure.is_none() {
            println!("{}", json::final_state_text(&run));
        }
    } else {
        print!("{}", narration(&script, &run));
    }
    Ok(match failure {
        Some(f) => {
            eprintln!("{f}");
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    })
}

/// `run --releases FILE`: the release strip as a table, a line per offered
/// release line with its outcome (`args[at]` is `--releases`).
fn releases_command(args: &[String], at: usize) -> Result<ExitCode, String> {
    let script = words_only_script(args, at, 1, "--releases runs every release line")?;
    let mut out = String::new();
    for (p, outcome) in replab_core::strip::script_strip(&script) {
        let at = match outcome {
            LineOutcome::Violation { step, .. } | LineOutcome::Refused { step } => format!(" at step {step}"),
            LineOutcome::Safe => String::new(),
        };
        let controller = narrate::controller_name(p);
        out += &format!("{:<16} {:<9} {}{at}\n", p.name(), controller, outcome.name());
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// The one scenario file of a `run` whose option at `at` (`taken` arguments,
/// the option's name and its values) prints words of its own, so takes neither
/// `--json` nor `--protocol` (`why` says what it does instead).
fn words_only_script(args: &[String], at: usize, taken: usize, why: &str) -> Result<Script, String> {
    let rest: Vec<String> = args[..at].iter().chain(&args[at + taken..]).cloned().collect();
    let o = parse_options(&rest, false)?;
    if o.json || o.protocols.is_some() {
        return Err(format!("{why}: no --json or --protocol with it\n{}", usage()));
    }
    let [file] = o.files.as_slice() else {
        return Err(usage());
    };
    let text = read_source(file)?;
    scenario::parse(&text).map_err(|e| narrate::script_error(Lang::EN, &Names(&[]), &e))
}

/// `run --compare P1,P2 FILE`: `args[at]` is `--compare`.
fn compare_command(args: &[String], at: usize) -> Result<ExitCode, String> {
    let value = args
        .get(at + 1)
        .ok_or(format!("--compare needs two protocols, as P1,P2\n{}", usage()))?;
    let protocols = compare::protocols(value)?;
    let script = words_only_script(args, at, 2, "--compare names both protocols and prints words")?;
    // A line that refuses the script's setup (contract 1.5 rule 5) says so.
    for p in protocols {
        script
            .checked_setup(Some(p))
            .map_err(|e| narrate::script_error(Lang::EN, &Names(&script.brokers), &e))?;
    }
    print!("{}", compare::report(&script, protocols));
    Ok(ExitCode::SUCCESS)
}

/// Each protocol on a line: its name, then the releases it stands for and what
/// marks it.
fn protocols() -> String {
    let line = |p: Protocol| format!("{:<16} {}\n", p.name(), narrate::protocol_note(Lang::EN, p));
    let mut out: String = Protocol::ALL.into_iter().map(line).collect();
    out += "\nrelease lines (--protocol releases), each at its latest patch:\n";
    for p in Protocol::releases() {
        let same = p.release().generation.map(|g| format!(" (= {g})")).unwrap_or_default();
        out += &format!("{:<16} {}{same}\n", p.name(), narrate::protocol_note(Lang::EN, p));
    }
    out
}

/// A header line (the title, if any, and the protocol with the Kafka releases it
/// stands for), then one line per event, each tagged with its statement's line.
fn narration(script: &Script, run: &Run) -> String {
    let names = Names(&script.brokers);
    let p = run.protocol();
    // Either spelling of a line shows the same words (contract 1.5 rule 1).
    let p = p.shown();
    let protocol = format!("protocol {}: {}", p.name(), narrate::stands_for(Lang::EN, p));
    let mut out = match &script.title {
        Some(t) => format!("{t} ({protocol})\n"),
        None => format!("{protocol}\n"),
    };
    for step in &run.steps {
        for e in &step.events {
            out += &format!("line {:>3}: {}\n", step.line, narrate::event(Lang::EN, &names, e));
        }
    }
    out
}

fn check_command(args: &[String]) -> Result<ExitCode, String> {
    let o = parse_options(args, true)?;
    if o.files.is_empty() || o.json {
        return Err(usage());
    }
    let mut worst = 0u8;
    let (mut passed, mut failed) = (0, 0);
    for file in &o.files {
        let text = match read_source(file) {
            Ok(t) => t,
            Err(e) => {
                println!("FAIL {file}: {e}");
                failed += 1;
                worst = worst.max(2);
                continue;
            }
        };
        let protocols: Vec<Option<Protocol>> = match &o.protocols {
            Some(ps) => ps.iter().copied().map(Some).collect(),
            None => vec![None],
        };
        for p in protocols {
            match load_and_run(&text, p) {
                Err(e) => {
                    println!(
                        "FAIL {file}{}: {e}",
                        p.map(|p| format!(" [{}]", p.name())).unwrap_or_default()
                    );
                    failed += 1;
                    worst = worst.max(2);
                }
                Ok((script, run)) => {
                    let tag = format!("{file} [{}]", run.protocol().name());
                    match (expectation_failure(&script, &run), &run.outcome) {
                        (Some(f), _) => {
                            println!("FAIL {tag}: {f}");
                            failed += 1;
                            worst = worst.max(1);
                        }
                        (None, Outcome::Passed { checked }) => {
                            println!("PASS {tag}: {checked} expectations");
                            passed += 1;
                        }
                        (None, _) => {}
                    }
                }
            }
        }
    }
    println!("check: {passed} passed, {failed} failed");
    Ok(ExitCode::from(worst))
}

/// Prints the share-link fragment for a scenario file: its text, the protocol (the
/// header's unless given), the protocol compared with it (if given), the step (the
/// end unless given) and the language.
fn link_command(args: &[String]) -> Result<ExitCode, String> {
    let mut rest = Vec::new();
    let (mut step, mut lang, mut compare) = (None, "en".to_string(), None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--step" => {
                let v = it.next().ok_or(format!("--step needs a number\n{}", usage()))?;
                step = Some(
                    v.parse::<usize>()
                        .map_err(|_| format!("--step needs a number, not '{v}'"))?,
                );
            }
            "--lang" => {
                let v = it.next().ok_or(format!("--lang needs a language\n{}", usage()))?;
                lang = lang_arg(v)?.code().to_string();
            }
            "--compare" => {
                let v = it
                    .next()
                    .ok_or(format!("--compare needs a protocol name\n{}", usage()))?;
                compare = Some(protocol_arg(v)?);
            }
            _ => rest.push(a.clone()),
        }
    }
    let o = parse_options(&rest, false)?;
    let [file] = o.files.as_slice() else {
        return Err(usage());
    };
    if o.json {
        return Err(usage());
    }
    let text = read_source(file)?;
    let script = scenario::parse(&text).map_err(|e| narrate::script_error(Lang::EN, &Names(&[]), &e))?;
    let protocol = o.protocols.and_then(|p| p.first().copied());
    let loaded =
        scenario::load(&script, protocol).map_err(|e| narrate::script_error(Lang::EN, &Names(&script.brokers), &e))?;
    let len = loaded.timeline.len();
    let step = step.unwrap_or(len);
    if step > len {
        return Err(format!("step {step} is past the scenario's end, {len}"));
    }
    let protocol = loaded.timeline.setup().protocol;
    if compare == Some(protocol) {
        return Err(format!("--compare needs a protocol other than {}", protocol.name()));
    }
    let shared = replab_share::Shared {
        text,
        protocol,
        compare,
        step,
        lang,
        made_before_1_4: false,
    };
    println!("{}", replab_share::encode(&shared));
    Ok(ExitCode::SUCCESS)
}
