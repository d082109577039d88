//! `expect` lines: what they check, and what was found when they fail.

use crate::broker_set::{BrokerIx, BrokerSet};
use crate::cluster::Cluster;
use crate::consumer::ConsumerError;
use crate::event::ViolationKind;
use crate::value::Value;
use serde::Serialize;

/// What an `expect` line checks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Expectation {
    /// The broker's log holds exactly these values, in order.
    Log {
        /// The broker.
        broker: BrokerIx,
        /// The values expected.
        values: Vec<Value>,
    },
    /// The broker's HW.
    Hw {
        /// The broker.
        broker: BrokerIx,
        /// The HW expected.
        n: u64,
    },
    /// The broker's LEO.
    Leo {
        /// The broker.
        broker: BrokerIx,
        /// The LEO expected.
        n: u64,
    },
    /// The broker's leader-epoch cache, as (epoch, start offset) pairs.
    Epochs {
        /// The broker.
        broker: BrokerIx,
        /// The entries expected.
        entries: Vec<(u32, u64)>,
    },
    /// The current leader (None: offline).
    Leader(Option<BrokerIx>),
    /// The current leader epoch.
    Epoch(u32),
    /// The ISR.
    Isr(BrokerSet),
    /// KRaft's Eligible Leader Replicas (always empty under ZooKeeper).
    Elr(BrokerSet),
    /// KRaft's last known leader.
    LastKnownLeader(Option<BrokerIx>),
    /// The values acknowledged to producers so far, in order.
    Acked(Vec<Value>),
    /// A violation of this kind fired so far.
    Violation(ViolationKind),
    /// No violation fired so far (of this kind, if one is named).
    NoViolation(Option<ViolationKind>),
    /// The values a consumer has returned so far, in the order read.
    ConsumerRead {
        /// The consumer.
        consumer: Value,
        /// The values expected.
        values: Vec<Value>,
    },
    /// The offset a consumer fetches next (None: a reset waits).
    ConsumerPosition {
        /// The consumer.
        consumer: Value,
        /// The position expected.
        position: Option<u64>,
    },
    /// What a consumer's last `consume` raised (None: nothing).
    ConsumerError {
        /// The consumer.
        consumer: Value,
        /// The error expected.
        error: Option<ConsumerError>,
    },
}

/// What the state held instead.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", content = "value")]
pub enum Found {
    /// The values the log or the acknowledgements held.
    Values(Vec<Value>),
    /// The HW, LEO or leader epoch.
    Number(u64),
    /// The leader-epoch cache's (epoch, start offset) pairs.
    Epochs(Vec<(u32, u64)>),
    /// The leader (None: offline).
    Leader(Option<BrokerIx>),
    /// The ISR or ELR.
    Brokers(BrokerSet),
    /// The kinds of violation fired so far.
    Violations(Vec<ViolationKind>),
    /// A consumer's position (None: a reset waits).
    Position(Option<u64>),
    /// A consumer's last error.
    ConsumerError(Option<ConsumerError>),
}

impl Expectation {
    /// Ok when it holds, else what was found.
    pub fn check(&self, cluster: &Cluster) -> Result<(), Found> {
        let broker = |b: BrokerIx| cluster.broker(b);
        let found = match self {
            Expectation::Log { broker: b, values } => {
                let log: Vec<Value> = broker(*b)
                    .map(|x| x.durable.log.records().iter().map(|r| r.value).collect())
                    .unwrap_or_default();
                (log != *values).then_some(Found::Values(log))
            }
            Expectation::Hw { broker: b, n } => {
                let hw = broker(*b).map_or(0, |x| x.hw());
                (hw != *n).then_some(Found::Number(hw))
            }
            Expectation::Leo { broker: b, n } => {
                let leo = broker(*b).map_or(0, |x| x.leo());
                (leo != *n).then_some(Found::Number(leo))
            }
            Expectation::Epochs { broker: b, entries } => {
                let actual: Vec<(u32, u64)> = broker(*b)
                    .map(|x| {
                        x.durable
                            .epoch_cache
                            .entries()
                            .iter()
                            .map(|e| (e.epoch, e.start_offset))
                            .collect()
                    })
                    .unwrap_or_default();
                (actual != *entries).then_some(Found::Epochs(actual))
            }
            Expectation::Leader(l) => (cluster.leader() != *l).then_some(Found::Leader(cluster.leader())),
            Expectation::Epoch(e) => {
                (cluster.leader_epoch() != *e).then_some(Found::Number(u64::from(cluster.leader_epoch())))
            }
            Expectation::Isr(set) => (cluster.isr() != *set).then_some(Found::Brokers(cluster.isr())),
            Expectation::Elr(set) => (cluster.elr() != *set).then_some(Found::Brokers(cluster.elr())),
            Expectation::LastKnownLeader(l) => {
                (cluster.last_known_leader() != *l).then_some(Found::Leader(cluster.last_known_leader()))
            }
            Expectation::Acked(values) => {
                (cluster.acked() != values[..]).then(|| Found::Values(cluster.acked().to_vec()))
            }
            Expectation::Violation(kind) => {
                let fired: Vec<ViolationKind> = cluster.violations().iter().map(|v| v.kind()).collect();
                (!fired.contains(kind)).then_some(Found::Violations(fired))
            }
            Expectation::ConsumerRead { consumer, values } => {
                let read: Vec<Value> = cluster
                    .consumer(consumer)
                    .map(|c| c.read().iter().map(|r| r.value).collect())
                    .unwrap_or_default();
                (read != *values).then_some(Found::Values(read))
            }
            Expectation::ConsumerPosition { consumer, position } => {
                // A consumer not created under this protocol would start at 0.
                let now = cluster.consumer(consumer).map_or(Some(0), |c| c.position);
                (now != *position).then_some(Found::Position(now))
            }
            Expectation::ConsumerError { consumer, error } => {
                let now = cluster.consumer(consumer).and_then(|c| c.error);
                (now != *error).then_some(Found::ConsumerError(now))
            }
            Expectation::NoViolation(kind) => {
                let fired: Vec<ViolationKind> = cluster.violations().iter().map(|v| v.kind()).collect();
                let holds = match kind {
                    Some(k) => !fired.contains(k),
                    None => fired.is_empty(),
                };
                (!holds).then_some(Found::Violations(fired))
            }
        };
        match found {
            Some(f) => Err(f),
            None => Ok(()),
        }
    }
}
