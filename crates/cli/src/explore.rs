//! `replab explore`: the exhaustive checker from the command line. The setup is a
//! scenario's header (protocol, brokers, leader, settings); the bounds are flags.
//! For each protocol it prints what was explored (a table, or JSON) and the
//! shortest history that breaks a safety check, as a scenario that `replab run`
//! replays, with a comment on each decisive step.

use replab_check::{Bounds, Explorer, Outcome};
use replab_core::scenario;
use replab_core::{Protocol, Setup, ViolationKind};
use replab_narrate::{self as narrate, Lang, Names};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

pub const USAGE: &str = "  replab explore [--protocol P|all] [--produces K] [--crashes C] [--max-epoch E] [--unclean]
                 [--unflushed] [--no-elect] [--lag-ticks] [--multi-crash] [--only KIND]
                 [--max-states N] [--threads T] [--json] FILE|-
      (every history within the bounds, breadth first, for the shortest that breaks a safety
       check; FILE's header gives the setup. Prints a table (protocol, distinct states,
       transitions, depth, complete or cut, seconds, states/s), then each violation found as a
       scenario that `replab run` replays; --json prints one object per protocol, an array for
       `all`. Threads: every core (the result is the same for any number). Exit 1 when a
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
        runs.push(explore(script.setup(Some(protocol)), call.bounds, call.threads)?);
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
    let mut bounds = Bounds::default();
    let mut protocols = None;
    let mut all = false;
    let mut json = false;
    let mut threads = crate::cores();
    let mut file = None;
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String, String> {
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| format!("{flag} needs a value"))
    };
    while i < args.len() {
        let flag = args[i].as_str();
        match flag {
            "--protocol" => {
                let name = value(&mut i, flag)?;
                all = name == "all";
                protocols = Some(if all {
                    Protocol::ALL.to_vec()
                } else {
                    vec![Protocol::from_name(&name).ok_or_else(|| format!("--protocol: unknown protocol '{name}'"))?]
                });
            }
            f if parse_bound(f).is_some() => {
                if let Some(bound) = parse_bound(f) {
                    bound.set(&mut bounds, flag, &value(&mut i, flag)?)?;
                }
            }
            "--only" => {
                let kind = value(&mut i, flag)?;
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
            "--threads" => threads = number::<usize>(flag, &value(&mut i, flag)?)?.max(1),
            "--json" => json = true,
            f if f.starts_with("--") => return Err(format!("unknown option '{f}'")),
            f if file.is_none() => file = Some(f.to_string()),
            f => return Err(format!("one scenario file, not '{f}' too")),
        }
        i += 1;
    }
    let file = file.ok_or("a scenario file (or -) gives the setup")?;
    Ok(Call {
        bounds,
        protocols,
        all,
        json,
        threads,
        file,
    })
}

/// A numeric bound both `explore` and `matrix` take.
#[derive(Clone, Copy)]
pub enum Bound {
    Produces,
    Failures,
    MaxEpoch,
    MaxStates,
}

/// The bound a flag sets, if it is one.
pub fn parse_bound(flag: &str) -> Option<Bound> {
    Some(match flag {
        "--produces" => Bound::Produces,
        "--crashes" | "--failures" => Bound::Failures,
        "--max-epoch" => Bound::MaxEpoch,
        "--max-states" => Bound::MaxStates,
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
        }
        Ok(())
    }
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a whole number, not '{text}'"))
}
