//! The visualizer's entry point.

mod app;
mod badges;
mod components;
mod decision_text;
mod history;
mod link;
mod panic_banner;
mod presets;
mod state;
mod svg;

fn main() {
    panic_banner::install();
    yew::Renderer::<app::App>::new().render();
}
