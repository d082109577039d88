//! `cargo bench -p replab-core --bench memory`: what a long history holds once
//! loaded the way the page loads it (`scenario::parse`, then `scenario::load`).
//! For `long_history(N)` (3 brokers, N produces, followers fetching every 1,000)
//! it prints the load time, the bytes still allocated, and bytes per step.
//! Bytes are counted by a global allocator that wraps the system one.

use replab_core::scenario::{self, long_history};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn main() {
    // `cargo bench` passes `--bench`; a number on the command line picks the sizes.
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() {
        vec![1_000, 10_000, 100_000]
    } else {
        sizes
    };
    println!(
        "{:>9} {:>8} {:>10} {:>9} {:>11} {:>11} {:>10}",
        "records", "steps", "text KB", "load ms", "held MB", "peak MB", "bytes/step"
    );
    for n in sizes {
        let text = long_history(n);
        let base = HELD.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let start = Instant::now();
        let loaded = scenario::parse(&text).and_then(|s| scenario::load(&s, None));
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let held = HELD.load(Ordering::Relaxed).saturating_sub(base);
        let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
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
