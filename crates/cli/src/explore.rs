//! `replab explore`: the exhaustive checker from the command line. The setup is a
//! scenario's header (protocol, brokers, leader, settings); the bounds are flags.
//! For each protocol it prints the shortest history that breaks a safety check, as
//! a scenario that `replab run` replays, or that none exists within the bounds.

use replab_check::{scenario_text, Bounds, Explorer, Outcome};
use replab_core::scenario;
use replab_core::{Protocol, ViolationKind};
use replab_narrate::{self as narrate, Lang, Names};
use std::process::ExitCode;

pub const USAGE: &str = "  replab explore [--protocol P|all] [--produces N] [--failures N] [--max-epoch N]
                 [--no-clean-elections] [--unclean] [--unflushed-loss] [--lag-ticks] [--multi-crash]
                 [--only KIND] [--max-states N] FILE|-
      (the shortest history that breaks a safety check; FILE's header gives the setup;
       exit 1 when one is found)";

/// Explores from `args`' scenario header under each protocol asked for.
pub fn explore_command(args: &[String]) -> Result<ExitCode, String> {
    let (bounds, protocols, file) = parse(args)?;
    let text = crate::read_source(&file)?;
    let script = scenario::parse(&text).map_err(|e| narrate::script_error(Lang::En, &Names(&[]), &e))?;
    let protocols = protocols.unwrap_or_else(|| vec![script.setup(None).protocol]);
    let mut found = false;
    for protocol in protocols {
        let setup = script.setup(Some(protocol));
        let explorer = Explorer::new(setup.clone(), bounds).map_err(|e| format!("{e:?}"))?;
        let outcome = explorer.run();
        let name = protocol.name();
        match outcome {
            Outcome::Violation {
                kind, trace, states, ..
            } => {
                found = true;
                println!(
                    "{name}: {} in {} steps ({states} states explored)",
                    kind.name(),
                    trace.len()
                );
                for line in scenario_text(&setup, &trace, Some(kind)).lines() {
                    println!("  {line}");
                }
            }
            Outcome::NoViolation { states, depth } => {
                println!("{name}: no violation within the bounds ({states} states, every history up to {depth} steps)")
            }
            Outcome::StateLimit { states, depth } => println!(
                "{name}: stopped at {states} states: no violation in histories up to {depth} steps, nothing known beyond"
            ),
            Outcome::ReplayFailed { at_step } => {
                return Err(format!("{name}: the trace did not replay at step {at_step} (a bug)"))
            }
        }
    }
    Ok(if found { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

type Parsed = (Bounds, Option<Vec<Protocol>>, String);

fn parse(args: &[String]) -> Result<Parsed, String> {
    let mut bounds = Bounds::default();
    let mut protocols = None;
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
                protocols = Some(if name == "all" {
                    Protocol::ALL.to_vec()
                } else {
                    vec![Protocol::from_name(&name).ok_or_else(|| format!("unknown protocol '{name}'"))?]
                });
            }
            "--produces" => bounds.max_produces = number(flag, &value(&mut i, flag)?)?,
            "--failures" => bounds.max_failures = number(flag, &value(&mut i, flag)?)?,
            "--max-epoch" => bounds.max_epoch = number(flag, &value(&mut i, flag)?)?,
            "--max-states" => bounds.max_states = Some(number::<usize>(flag, &value(&mut i, flag)?)?),
            "--only" => {
                let kind = value(&mut i, flag)?;
                bounds.only =
                    Some(ViolationKind::from_name(&kind).ok_or_else(|| format!("unknown violation kind '{kind}'"))?);
            }
            "--no-clean-elections" => bounds.clean_elections = false,
            "--unclean" => bounds.unclean_elections = true,
            "--unflushed-loss" => bounds.unflushed_loss = true,
            "--lag-ticks" => bounds.lag_ticks = true,
            "--multi-crash" => bounds.multi_crashes = true,
            f if f.starts_with("--") => return Err(format!("unknown option '{f}'")),
            f if file.is_none() => file = Some(f.to_string()),
            f => return Err(format!("one scenario file, not '{f}' too")),
        }
        i += 1;
    }
    let file = file.ok_or("a scenario file (or -) gives the setup")?;
    Ok((bounds, protocols, file))
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a whole number, not '{text}'"))
}
