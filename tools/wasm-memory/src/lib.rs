//! One export for run.mjs: load `long_history(n)` the way the page does and keep
//! it, so that the size of the wasm memory afterwards is what the history holds.

use replab_core::scenario;
use std::cell::RefCell;

thread_local! {
    static KEPT: RefCell<Vec<scenario::Loaded>> = const { RefCell::new(Vec::new()) };
}

/// Returns the number of steps loaded (0 if the scenario was refused).
#[no_mangle]
pub extern "C" fn load(records: u32) -> u32 {
    let text = scenario::long_history(records as usize);
    match scenario::parse_within_limits(&text).and_then(|s| scenario::load(&s, None)) {
        Ok(loaded) => {
            let steps = loaded.timeline.len() as u32;
            KEPT.with(|k| k.borrow_mut().push(loaded));
            steps
        }
        Err(_) => 0,
    }
}
