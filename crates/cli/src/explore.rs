//! `replab explore`: the exhaustive checker from the command line. The setup is a
//! scenario's header (protocol, brokers, leader, settings); the bounds are flags.
//! For each protocol it prints what was explored (a table, or JSON) and the
//! shortest history that breaks a safety check, as a scenario that `replab run`
//! replays, with a comment on each decisive step.

use crate::args::{number, Args};
use replab_check::{Bounds, Explorer, Outcome};
use replab_core::scenario;
use replab_core::{Protocol, Setup, ViolationKind};
use replab_narrate::{self as narrate, Lang, Names};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

pub const USAGE: &str =
    "  replab explore [--protocol P|all|releases] [--produces K] [--crashes C] [--max-epoch E] [--unclean]
                 [--unflushed] [--no-elect] [--lag-ticks] [--multi-crash] [--consumers N]
                 [--only KIND] [--max-states N] [--threads T] [--json] FILE|-
      (every history within the bounds, breadth first, for the shortest that breaks a safety
       check; FILE's header gives the setup. Prints a table (protocol, distinct states,
       transitions, depth, complete or cut, seconds, states/s), then each violation found as a
       scenario that `replab run` replays; --json prints one object per protocol, an array for
       `all` and `releases`. --consumers N: consumers c1..cN poll at any step, and the search also looks for
       what an application read (consumer-read-lost, consumer-read-diverged).
       Threads: every core (the result is the same for any number). Exit 1 when a
       violation is found. Also spelled: --failures for --crashes,
       --unflushed-loss for --unflushed, --no-clean-elections for --no-elect)";

/// What one protocol's search gave.
struct Explored {
    protocol: Protocol,
    states: usize,
    transitions: u64,
    depth: usize,
    outcome: Outcome,
    seconds: f64,
    /// The violation found: its kind, length and commented scenario.
    violation: Option<(ViolationKind, usize, String)>,
}

impl Explored {
    fn states_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.states as f64 / self.seconds
        } else {
            0.0
        }
    }

    fn search(&self) -> &'static str {
        match self.outcome {
            Outcome::NoViolation { .. } => "complete",
            Outcome::Violation { .. } => "cut (violation)",
            _ => "cut (limit)",
        }
    }

    fn json(&self) -> Value {
        json!({
            "protocol": self.protocol.name(),
            "states": self.states,
            "transitions": self.transitions,
            "depth": self.depth,
            "complete": self.outcome.is_complete(),
            "seconds": self.seconds,
            "violations": self.violation.iter().map(|(kind, length, script)| json!({
                "kind": kind.name(),
                "length": length,
                "script": script,
            })).collect::<Vec<_>>(),
        })
    }
}

/// Explores from `args`' scenario header under each protocol asked for.
pub fn explore_command(args: &[String]) -> Result<ExitCode, String> {
    let call = parse(args)?;
    let text = crate::read_source(&call.file)?;
    let script = scenario::parse(&text).map_err(|e| narrate::script_error(Lang::EN, &Names(&[]), &e))?;
    let protocols = call.protocols.unwrap_or_else(|| vec![script.setup(None).protocol]);
    let mut runs = Vec::new();
    for protocol in protocols {
        let setup = script
            .checked_setup(Some(protocol))
            .map_err(|e| narrate::script_error(Lang::EN, &Names(&script.brokers), &e))?;
        runs.push(explore(setup, call.bounds, call.threads)?);
    }
    if call.json {
        let objects: Vec<Value> = runs.iter().map(Explored::json).collect();
        let out = match objects.as_slice() {
            [one] if !call.all => one.clone(),
            _ => Value::Array(objects),
        };
        println!("{out}");
    } else {
        print!("{}", table(&runs, call.bounds));
    }
    let found = runs.iter().any(|r| r.violation.is_some());
    Ok(if found { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// One whole search, timed.
fn explore(setup: Setup, bounds: Bounds, threads: usize) -> Result<Explored, String> {
    let protocol = setup.protocol;
    let name = protocol.name();
    let start = Instant::now();
    let mut explorer = Explorer::new(setup.clone(), bounds)
        .map_err(|e| format!("{name}: {e:?}"))?
        .with_threads(threads);
    let progress = explorer.step(usize::MAX);
    let seconds = start.elapsed().as_secs_f64();
    let outcome = explorer
        .outcome()
        .cloned()
        .ok_or_else(|| format!("{name}: the search did not end (a bug)"))?;
    let violation = match &outcome {
        Outcome::Violation { kind, trace, .. } => {
            let script = replab_view::found::history(Lang::EN, &setup, trace, *kind);
            Some((*kind, trace.len(), script))
        }
        Outcome::ReplayFailed { at_step } => {
            return Err(format!("{name}: the trace did not replay at step {at_step} (a bug)"))
        }
        _ => None,
    };
    Ok(Explored {
        protocol,
        states: outcome.states().unwrap_or(progress.states),
        transitions: progress.transitions,
        depth: progress.depth,
        outcome,
        seconds,
        violation,
    })
}

/// The table, a note on each search the state limit cut, then each violation
/// with its scenario (indented).
fn table(runs: &[Explored], bounds: Bounds) -> String {
    let mut out = format!(
        "{:<16} {:>10} {:>12} {:>6}  {:<16} {:>9} {:>11}\n",
        "protocol", "states", "transitions", "depth", "search", "seconds", "states/s"
    );
    for r in runs {
        let _ = writeln!(
            out,
            "{:<16} {:>10} {:>12} {:>6}  {:<16} {:>9.3} {:>11.0}",
            r.protocol.name(),
            r.states,
            r.transitions,
            r.depth,
            r.search(),
            r.seconds,
            r.states_per_second()
        );
    }
    for r in runs {
        if let Outcome::StateLimit { states, depth } = r.outcome {
            let limit = bounds.max_states.unwrap_or(states);
            let _ = writeln!(
                out,
                "\n{}: stopped at the limit of {limit} states (--max-states): no violation in histories up to {depth} steps, nothing known beyond",
                r.protocol.name()
            );
        }
    }
    for r in runs {
        if let Some((kind, length, script)) = &r.violation {
            let _ = writeln!(out, "\n{}: {} in {length} steps", r.protocol.name(), kind.name());
            for line in script.lines() {
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    out
}

/// A parsed call.
struct Call {
    bounds: Bounds,
    /// None: the header's.
    protocols: Option<Vec<Protocol>>,
    /// `--protocol all`: the JSON is an array.
    all: bool,
    json: bool,
    /// Threads expanding each level (`--threads`; every core by default).
    threads: usize,
    file: String,
}

fn parse(args: &[String]) -> Result<Call, String> {
    let mut call = Call {
        bounds: Bounds::default(),
        protocols: None,
        all: false,
        json: false,
        threads: crate::cores(),
        file: String::new(),
    };
    let bounds = &mut call.bounds;
    let mut args = Args::new(args);
    while let Some(flag) = args.next_arg() {
        match flag {
            "--protocol" => {
                let name = args.value(flag)?;
                call.all = name == "all" || name == "releases";
                call.protocols = Some(match name.as_str() {
                    "all" => Protocol::ALL.to_vec(),
                    "releases" => Protocol::releases().collect(),
                    _ => vec![crate::protocol_arg(&name)?],
                });
            }
            "--only" => {
                let kind = args.value(flag)?;
                bounds.only = Some(
                    ViolationKind::from_name(&kind)
                        .ok_or_else(|| format!("--only: unknown violation kind '{kind}'"))?,
                );
            }
            "--no-elect" | "--no-clean-elections" => bounds.clean_elections = false,
            "--unclean" => bounds.unclean_elections = true,
            "--unflushed" | "--unflushed-loss" => bounds.unflushed_loss = true,
            "--lag-ticks" => bounds.lag_ticks = true,
            "--multi-crash" => bounds.multi_crashes = true,
            "--consumers" => bounds.consumers = number::<u32>(flag, &args.value(flag)?)?.min(8),
            "--threads" => call.threads = number::<usize>(flag, &args.value(flag)?)?.max(1),
            "--json" => call.json = true,
            f => bound_or_file(&mut args, bounds, f)?,
        }
    }
    call.file = args.file()?;
    Ok(call)
}

/// A numeric bound both `explore` and `matrix` take.
#[derive(Clone, Copy)]
pub enum Bound {
    Produces,
    Failures,
    MaxEpoch,
    MaxStates,
    MaxMegabytes,
}

/// `arg` as a bound's option with its value (`--produces 3`), or else as the
/// scenario file (`explore` and `matrix` take the same bounds).
pub fn bound_or_file(args: &mut Args, bounds: &mut Bounds, arg: &str) -> Result<(), String> {
    match parse_bound(arg) {
        Some(bound) => bound.set(bounds, arg, &args.value(arg)?),
        None => args.other(arg),
    }
}

/// The bound a flag sets, if it is one.
fn parse_bound(flag: &str) -> Option<Bound> {
    Some(match flag {
        "--produces" => Bound::Produces,
        "--crashes" | "--failures" => Bound::Failures,
        "--max-epoch" => Bound::MaxEpoch,
        "--max-states" => Bound::MaxStates,
        "--max-mb" => Bound::MaxMegabytes,
        _ => return None,
    })
}

impl Bound {
    /// Sets the bound from the flag's value.
    pub fn set(self, bounds: &mut Bounds, flag: &str, text: &str) -> Result<(), String> {
        match self {
            Bound::Produces => bounds.max_produces = number(flag, text)?,
            Bound::Failures => bounds.max_failures = number(flag, text)?,
            Bound::MaxEpoch => bounds.max_epoch = number(flag, text)?,
            Bound::MaxStates => bounds.max_states = Some(number::<usize>(flag, text)?),
            Bound::MaxMegabytes => {
                let mb = number::<usize>(flag, text)?;
                bounds.max_bytes = Some(mb.saturating_mul(replab_check::matrix::MEGABYTE));
            }
        }
        Ok(())
    }
}
