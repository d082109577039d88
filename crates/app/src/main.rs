//! The visualizer's entry point.

mod api;
mod app;
mod components;
mod hooks;
mod link;
mod panic_banner;
mod presets;
mod state;

// What a step shows, shared with the runner.
use replab_view::{badges, decision_text, history, svg};

fn main() {
    panic_banner::install();
    yew::Renderer::<app::App>::new().render();
    // index.html's skeleton gives way to the app in the same frame.
    if let Some(skeleton) = gloo::utils::document().get_element_by_id("skeleton") {
        skeleton.remove();
    }
}
