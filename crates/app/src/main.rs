//! The visualizer's entry point in the browser.

fn main() {
    replab_app::run();
}
