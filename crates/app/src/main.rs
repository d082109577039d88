//! The visualizer's entry point.

mod app;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
