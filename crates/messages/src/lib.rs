//! What the page and its Web Worker say to each other, in the checker's
//! vocabulary (`replab_check`: its `Bounds`, the safety matrix's rows and
//! cells):
//!
//! - `message`: a search's request and its replies;
//! - `built`: the default tables, answered when the page was built;
//! - `figure`: the figures the worker draws for the page;
//! - `client`: the page's side of a worker (start, hear, stop).
//!
//! The page's wasm links only the checker's vocabulary, not its search (the
//! worker, `replab-worker`, searches and answers these messages).

pub mod built;
pub mod client;
pub mod figure;
pub mod message;
