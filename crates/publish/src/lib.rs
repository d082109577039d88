//! Pages whose figure is real at first paint, and the pictures that stand for
//! them where pages cannot go.
//!
//! - `pages`: the built site's pre-render (`replab-prerender`, Trunk's
//!   post_build hook: the app's first frame in every page) and an author's
//!   published stories (`replab publish`);
//! - `twins`: beside each of those pages its image twin (PNG, GIF) and oEmbed
//!   answer;
//! - `raster`: SVG figures (`replab_view`) as pixels with the bundled font,
//!   encoded as PNG, GIF or APNG; `replab figure` and `replab matrix -o` use
//!   it too.
//!
//! The page's build runs this crate's binary, not the runner: it links the
//! app (natively, yew's `ssr`) and the rasteriser, not the checker.

pub mod pages;
pub mod raster;
pub mod twins;
