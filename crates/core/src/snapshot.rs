//! One serialisable read model of a partition at a step: what the runner's
//! `--json` writes (the shape contract 1.4 fixes) and what a front end's API
//! hands out. Built from the state and the events of the steps that led to it;
//! it holds no display text, so sentences (a truncation's reason, a
//! violation's detail) are the caller's to add.

use crate::broker_set::BrokerSet;
use crate::cluster::Cluster;
use crate::config::{SettingKey, SettingSource};
use crate::epoch_cache::EpochEntry;
use crate::event::Event;
use crate::log::Record;
use crate::value::Value;
use serde::Serialize;

/// The partition's state, by name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// The protocol's name.
    pub protocol: &'static str,
    /// The leader's id (None: offline).
    pub leader: Option<String>,
    /// The leader epoch.
    pub leader_epoch: u32,
    /// The ISR, in assignment order.
    pub isr: Vec<String>,
    /// KRaft's ELR, in assignment order.
    pub elr: Vec<String>,
    /// KRaft's last known leader.
    pub last_known_leader: Option<String>,
    /// Every broker, in assignment order.
    pub brokers: Vec<BrokerSnapshot>,
    /// The values acknowledged to producers, in order.
    pub acked: Vec<Value>,
    /// Every consumer, in the order of its first `consume`.
    pub consumers: Vec<ConsumerSnapshot>,
    /// The settings in force, by key, each with where it comes from.
    pub settings: SettingsSnapshot,
}

/// One broker.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BrokerSnapshot {
    /// Its id.
    pub id: String,
    /// Whether it is up.
    pub alive: bool,
    /// Down because its fetcher halted it (0.10/0.11: a fetch past the leader's
    /// log end), not because it crashed.
    pub halted: bool,
    /// Its log end offset.
    pub leo: u64,
    /// Its high watermark.
    pub hw: u64,
    /// Its log.
    pub log: Vec<Record>,
    /// Its leader-epoch cache.
    pub epoch_cache: Vec<EpochEntry>,
    /// Its broker epoch.
    pub broker_epoch: u32,
}

/// One consumer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConsumerSnapshot {
    /// Its name.
    pub name: Value,
    /// The offset it fetches next (None while a reset waits).
    pub position: Option<u64>,
    /// The leader epoch of its position (None before 2.3's releases and after a reset).
    pub position_epoch: Option<u32>,
    /// What its last `consume` raised.
    pub error: Option<&'static str>,
    /// The records it returned, in the order read.
    pub read: Vec<ReadSnapshot>,
}

/// A record a consumer returned, with the line (or step) of the `consume` that read it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ReadSnapshot {
    /// Its offset.
    pub offset: u64,
    /// Its leader epoch.
    pub epoch: u32,
    /// Its value.
    pub value: Value,
    /// The line (or step) of the `consume`.
    pub line: usize,
}

/// The settings in force, in the order of their keys' names: a JSON object
/// (a list, not a map type: the page's download carries no map code for it).
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsSnapshot(pub Vec<(&'static str, SettingSnapshot)>);

impl SettingsSnapshot {
    /// The setting of `key`'s name.
    pub fn get(&self, key: &str) -> Option<&SettingSnapshot> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, s)| s)
    }
}

impl Serialize for SettingsSnapshot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// A setting in force.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SettingSnapshot {
    /// Its value: a number, a boolean or a word, as the language writes it.
    pub value: SettingValue,
    /// The script's, or its release's default.
    pub source: SettingSource,
}

pub use crate::config::SettingValue;

impl Snapshot {
    /// `cluster` as it stands after `steps`, each the line (or step number) of
    /// a command and its events, in order: the consumers' reads take their
    /// lines from them.
    pub fn of<'a>(cluster: &Cluster, steps: impl IntoIterator<Item = (usize, &'a [Event])>) -> Snapshot {
        let ids: Vec<String> = cluster.brokers().iter().map(|b| b.id.clone()).collect();
        let name = |b: usize| ids.get(b).cloned().unwrap_or_default();
        let set = |s: BrokerSet| s.iter().map(name).collect::<Vec<_>>();
        // Each consumer's reads' lines, in the order of `Cluster::consumers`
        // (a few consumers: found by a look along them).
        let consumers = cluster.consumers();
        let mut lines: Vec<Vec<usize>> = vec![Vec::new(); consumers.len()];
        for (line, events) in steps {
            for e in events {
                if let Event::Consumed { consumer, records, .. } = e {
                    if let Some(i) = consumers.iter().position(|c| c.name == *consumer) {
                        lines[i].extend(records.iter().map(|_| line));
                    }
                }
            }
        }
        let config = cluster.config();
        Snapshot {
            protocol: cluster.protocol().name(),
            leader: cluster.leader().map(name),
            leader_epoch: cluster.leader_epoch(),
            isr: set(cluster.isr()),
            elr: set(cluster.elr()),
            last_known_leader: cluster.last_known_leader().map(name),
            brokers: cluster
                .brokers()
                .iter()
                .map(|b| BrokerSnapshot {
                    id: b.id.clone(),
                    alive: b.is_alive(),
                    halted: b.halted,
                    leo: b.leo(),
                    hw: b.hw(),
                    log: b.durable.log.records().to_vec(),
                    epoch_cache: b.durable.epoch_cache.entries().to_vec(),
                    broker_epoch: b.broker_epoch,
                })
                .collect(),
            acked: cluster.acked().to_vec(),
            consumers: consumers
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let at = lines.get(i);
                    ConsumerSnapshot {
                        name: c.name,
                        position: c.position,
                        position_epoch: c.position_epoch,
                        error: c.error.map(|e| e.name()),
                        read: c
                            .read()
                            .iter()
                            .enumerate()
                            .map(|(i, r)| ReadSnapshot {
                                offset: r.offset,
                                epoch: r.epoch,
                                value: r.value,
                                line: at.and_then(|l| l.get(i)).copied().unwrap_or(0),
                            })
                            .collect(),
                    }
                })
                .collect(),
            settings: SettingsSnapshot(
                SettingKey::by_name()
                    .into_iter()
                    .map(|k| {
                        let s = SettingSnapshot {
                            value: config.get(k).value(),
                            source: cluster.source_of(k),
                        };
                        (k.name(), s)
                    })
                    .collect(),
            ),
        }
    }
}
