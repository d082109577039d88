//! A pure, deterministic model of one Kafka partition's replication: brokers with
//! logs, high watermarks and leader-epoch caches, a controller, and the truncation
//! protocols from before leader epochs to truncation on fetch. No clock, no
//! randomness, no I/O: time moves only with `tick`, and the same commands always
//! give the same events.

#![warn(missing_docs)]

#[macro_use]
mod clone_by_fields;

pub mod broker;
pub mod broker_set;
mod brokers;
pub mod chunked;
pub mod cluster;
pub mod command;
pub mod compare;
pub mod config;
pub mod consumer;
pub mod decisive;
pub mod epoch_cache;
pub mod event;
mod handler;
pub mod hw;
pub mod invariants;
pub mod log;
pub mod message;
pub mod packed;
pub mod partition;
pub mod protocol;
pub mod safety;
pub mod scenario;
pub mod snapshot;
pub mod strip;
pub mod timeline;
pub mod value;

pub use broker::Broker;
pub use broker_set::{BrokerIx, BrokerSet};
pub use cluster::{Cluster, Setup};
pub use command::{Command, CommandError, CrashTarget};
pub use config::{Acks, Config, KeySet, Setting, SettingKey};
pub use event::{Event, TruncationRule, Violation, ViolationKind};
pub use log::{Record, Records};
pub use protocol::Protocol;
pub use value::Value;
