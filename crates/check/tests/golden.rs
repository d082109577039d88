//! The fixed explorations give the recorded figures (the worker's wasm test
//! holds the browser build to the same ones).

use replab_check::golden;

#[test]
fn the_fixed_explorations_give_the_recorded_figures() {
    for case in golden::cases() {
        let figures = golden::measure(&case.setup, case.bounds).expect("a valid setup");
        assert_eq!(figures, case.expected, "{}", case.name);
    }
}
