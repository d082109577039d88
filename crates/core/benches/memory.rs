//! `cargo bench -p replab-core --bench memory`: what a long history holds once
//! loaded the way the page loads it (`scenario::parse`, then `scenario::load`).
//! For `long_history(N)` (3 brokers, N produces, followers fetching every 1,000)
//! it prints the load time, the bytes still allocated, and bytes per step.
//! Bytes are counted by a global allocator that wraps the system one (`cap`).
//! Its peak is the run's highest so far: sizes run smallest first, so each
//! size's peak is its own (a larger history peaks higher).

use cap::Cap;
use replab_core::scenario::{self, long_history};
use std::alloc::System;
use std::time::Instant;

// The system allocator, counted (the `cap` crate, with no limit set).
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

fn main() {
    // `cargo bench` passes `--bench`; a number on the command line picks the sizes.
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let mut sizes = if sizes.is_empty() {
        vec![1_000, 10_000, 100_000]
    } else {
        sizes
    };
    sizes.sort_unstable();
    println!(
        "{:>9} {:>8} {:>10} {:>9} {:>11} {:>11} {:>10}",
        "records", "steps", "text KB", "load ms", "held MB", "peak MB", "bytes/step"
    );
    for n in sizes {
        let text = long_history(n);
        let base = ALLOCATOR.allocated();
        let start = Instant::now();
        let loaded = scenario::parse(&text).and_then(|s| scenario::load(&s, None));
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let held = ALLOCATOR.allocated().saturating_sub(base);
        let peak = ALLOCATOR.max_allocated().saturating_sub(base);
        match loaded {
            Ok(l) => {
                let steps = l.timeline.len();
                println!(
                    "{:>9} {:>8} {:>10.0} {:>9.0} {:>11.1} {:>11.1} {:>10.0}",
                    n,
                    steps,
                    text.len() as f64 / 1024.0,
                    ms,
                    held as f64 / 1e6,
                    peak as f64 / 1e6,
                    held as f64 / steps.max(1) as f64
                );
                drop(l);
            }
            Err(e) => println!("{n:>9} refused: {e:?}"),
        }
    }
}
