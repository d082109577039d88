//! Explores a few setups and prints what each found, with states, transitions,
//! time and states per second. Run in release for figures:
//!
//! ```sh
//! cargo run --release -p replab-check --example explore
//! ```

use replab_check::{scenario_text, Bounds, Explorer, Outcome};
use replab_core::{Protocol, Setup};
use std::time::Instant;

fn setup(protocol: Protocol, brokers: &[&str], leader: usize) -> Setup {
    Setup {
        leader,
        ..Setup::of(brokers, protocol)
    }
}

fn main() {
    let cases: Vec<(&str, Setup, Bounds)> = vec![
        (
            "hw, 2 brokers, defaults",
            setup(Protocol::Hw, &["A", "B"], 0),
            Bounds::default(),
        ),
        (
            "kip-101, 3 brokers, 3 produces, epoch <= 2, no failures",
            setup(Protocol::Kip101, &["A", "B", "C"], 0),
            Bounds {
                max_produces: 3,
                max_failures: 0,
                max_epoch: 2,
                ..Bounds::default()
            },
        ),
        (
            "kip-101, 3 brokers, defaults",
            setup(Protocol::Kip101, &["A", "B", "C"], 0),
            Bounds::default(),
        ),
        (
            "kip-279, 2 brokers, defaults",
            setup(Protocol::Kip279, &["A", "B"], 0),
            Bounds::default(),
        ),
        (
            "diverging-epoch, 2 brokers, defaults",
            setup(Protocol::DivergingEpoch, &["A", "B"], 0),
            Bounds::default(),
        ),
        (
            "kraft-elr, 2 brokers, defaults",
            setup(Protocol::KraftElr, &["A", "B"], 0),
            Bounds::default(),
        ),
        (
            "kraft-elr, 2 brokers, unflushed loss",
            setup(Protocol::KraftElr, &["A", "B"], 0),
            Bounds {
                unflushed_loss: true,
                ..Bounds::default()
            },
        ),
        (
            "diverging-epoch, 3 brokers, defaults",
            setup(Protocol::DivergingEpoch, &["A", "B", "C"], 0),
            Bounds::default(),
        ),
        (
            "diverging-epoch, 2 brokers, 3 produces, 3 failures, epoch <= 4, lag ticks",
            setup(Protocol::DivergingEpoch, &["A", "B"], 0),
            Bounds {
                max_produces: 3,
                max_failures: 3,
                max_epoch: 4,
                lag_ticks: true,
                ..Bounds::default()
            },
        ),
    ];
    for (name, setup, bounds) in cases {
        let started = Instant::now();
        let mut explorer = match Explorer::new(setup.clone(), bounds) {
            Ok(e) => e,
            Err(e) => {
                println!("{name}: {e:?}");
                continue;
            }
        };
        let mut progress = explorer.step(usize::MAX);
        while !progress.done {
            progress = explorer.step(usize::MAX);
        }
        let secs = started.elapsed().as_secs_f64();
        let rate = progress.states as f64 / secs.max(1e-9);
        println!(
            "{name}\n  {} states, {} transitions, depth {}, {:.3} s, {:.0} states/s",
            progress.states, progress.transitions, progress.depth, secs, rate
        );
        match explorer.outcome() {
            Some(Outcome::Violation { kind, trace, .. }) => {
                println!("  found {} in {} steps:", kind.name(), trace.len());
                for line in scenario_text(&setup, trace, Some(*kind)).lines() {
                    println!("    {line}");
                }
            }
            Some(other) => println!("  {other:?}"),
            None => println!("  unfinished"),
        }
    }
}
