#![warn(missing_docs)]
//! An exhaustive breadth-first explorer of the replication model: from a
//! `Setup`, every history within `Bounds` (records written, brokers stopped,
//! leader epochs, and which kinds of failure and election to try), looking for
//! the shortest one that fires a safety check (`committed-write-lost`,
//! `replicas-diverged`).
//!
//! ```
//! use replab_check::{explore, scenario_text, Bounds, Outcome};
//! use replab_core::{Protocol, Setup};
//!
//! let setup = Setup::of(&["A", "B"], Protocol::Hw);
//! let bounds = Bounds { max_epoch: 1, ..Bounds::default() };
//! match explore(setup.clone(), bounds).expect("a valid setup") {
//!     Outcome::Violation { kind, trace, .. } => {
//!         println!("{}", scenario_text(&setup, &trace, Some(kind)));
//!     }
//!     other => println!("{other:?}"),
//! }
//! ```
//!
//! What is reduced, and why it is sound, is in `fingerprint`: states are
//! identified by a canonical form of the replicated state (not acknowledgements,
//! events or the checker's record of what fired), values up to renaming, the
//! clock as capped ages. Brokers are never permuted: the controller's choices
//! depend on assignment order.
//!
//! Pure: no clock, no I/O, no randomness, so a run is the same natively and in
//! WebAssembly, and `Explorer::step` lets a front end run it in slices, show
//! progress and stop. Natively the `parallel` feature spreads each slice over
//! threads, with the same results.

mod actions;
mod claims;
pub use replab_core::decisive;
pub mod bounds;
pub mod explorer;
pub mod fingerprint;
pub mod golden;
pub mod matrix;
mod state;
pub mod trace;
mod visited;

pub use actions::{actions, next_value};
pub use bounds::{Bounds, Spent};
pub use decisive::{decisive_steps, Decisive, Mark};
pub use explorer::{explore, Explorer, Outcome, Progress, SetupError};
pub use fingerprint::{canonical, fingerprint, form, hash_bytes, Tracked};
pub use trace::{scenario_text, scenario_text_with_comments};
