//! What the page and its Web Worker say to each other, and the vocabulary of
//! the questions the page asks the checker:
//!
//! - `bounds`: how far a search looks (`Bounds`), and what a history has spent;
//! - `matrix`: the safety matrix's table as data (rows, cells, the claim, the
//!   note on acks=1);
//! - `message`: a search's request and its replies;
//! - `built`: the default tables, answered when the page was built;
//! - `figure`: the figures the worker draws for the page;
//! - `client`: the page's side of a worker (start, hear, stop).
//!
//! The page's wasm depends on this crate and not on the checker
//! (`replab-check`, which uses `bounds` and `matrix`) nor on the worker
//! (`replab-worker`, which answers these messages).

pub mod bounds;
pub mod built;
pub mod client;
pub mod figure;
pub mod matrix;
pub mod message;
