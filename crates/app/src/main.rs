//! The visualizer's entry point.

mod app;
mod components;
mod decision_text;
mod link;
mod svg;
mod history;
mod panic_banner;
mod presets;
mod state;

fn main() {
    panic_banner::install();
    yew::Renderer::<app::App>::new().render();
}
