//! Every offered Kafka release line, one row each (contract 1.5, section 4): its
//! name, the patches its row was read at, its controller, its rule switches
//! (`Capabilities`) and its defaults. Every reader asks the row: a new release
//! is a row here and its words in the catalogue (`release.<name>.changes`).
//!
//! A row's switches are written as the previous row's with what changed, so the
//! table reads as the ladder of releases. References are to
//! notes/release-ladder.md's files at the release tags (`Partition` =
//! core/…/cluster/Partition.scala, `AFT` = AbstractFetcherThread.scala, `KC` =
//! KafkaController.scala, `PCB` = PartitionChangeBuilder.java, `CfgCM` =
//! ConfigurationControlManager.java).

use super::capabilities::{self as caps, Capabilities};
use super::ControllerKind;
use crate::broker::CacheRule;
use crate::config::{Acks, Config};
use crate::protocol::defaults;

/// One offered release line: a row of rules and defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Release {
    /// Its name in the scenario language: `kafka-2.3`, `kafka-3.8-kraft`.
    pub name: &'static str,
    /// The Kafka version a reader knows it by: "2.3", "3.8".
    pub version: &'static str,
    /// The patches whose code its row was read at: "2.3.0–2.4.1".
    pub patches: &'static str,
    /// The controller it runs.
    pub controller: ControllerKind,
    /// The generation name that is this same line, if any (`hw` is `kafka-0.10`).
    pub generation: Option<&'static str>,
    /// Its rule switches.
    pub switches: Capabilities,
    /// The settings it runs with by default.
    pub defaults: Config,
    /// The acks Kafka's own Java producer used by default (1 before 3.0, all
    /// from 3.0: KIP-679); the language's `produce` asks acks=all.
    pub producer_acks: Acks,
}

// The rows of rules, oldest first; each as the one before with what changed.

/// 1.1.1: with unclean election on a crash keeps the ISR's last member
/// (KAFKA-5642, RSM 290 @1.1.0); `elect` of the current leader re-elects it
/// (PSM 390-399, KC 1436-1451 @1.1.0).
const KAFKA_1_1: Capabilities = Capabilities {
    crashes_may_empty_isr: false,
    reelects_current_leader: true,
    ..caps::KIP_101
};

/// 2.2: the ZooKeeper controller sees a bounce (KIP-380, KC 1299-1331 @2.2.0);
/// the current leader is not elected again (`alreadyPreferred`, KC 1590);
/// `latest` waits for the HW to reach the epoch start (KIP-207, Partition
/// 840-845 @2.2.0).
const KAFKA_2_2: Capabilities = Capabilities {
    controller_sees_broker_epochs: true,
    reelects_current_leader: false,
    latest_waits_for_epoch_start: true,
    ..caps::KIP_279
};

/// 2.3: the consumer validates its position (KAFKA-7747, SS 383 @2.3.0).
const KAFKA_2_3: Capabilities = Capabilities {
    consumer_validates_position: true,
    ..KAFKA_2_2
};

/// 2.6.1: a truncation trims the epoch cache to the log end (KAFKA-10706, Log
/// 2069-2077 @2.6.1).
const KAFKA_2_6: Capabilities = Capabilities {
    cache_rule: CacheRule::ReplaceConflicting,
    ..KAFKA_2_3
};

/// 3.4.1: a DivergingEpoch response leaves the follower's HW (KAFKA-14704, AFT
/// 342-346 @3.4.1).
const KAFKA_3_4: Capabilities = Capabilities {
    diverging_epoch_sets_hw: false,
    ..caps::DIVERGING_EPOCH
};

/// 3.6: a caught-up replica outside the ISR holds the HW only while it may
/// join the ISR (KAFKA-15021, Partition 1111-1118, `isReplicaIsrEligible`
/// 999-1023 @3.6.0).
const KAFKA_3_6: Capabilities = Capabilities {
    hw_counts_only_eligible: true,
    ..KAFKA_3_4
};

/// 3.7: strict and capped min ISR (KAFKA-15583, Partition 369-370, 1108-1117,
/// 1151, 1354 @3.7.0).
const KAFKA_3_7: Capabilities = Capabilities {
    strict_min_isr: true,
    ..KAFKA_3_6
};

/// 3.9.1: a response across the same leader's new epoch is dropped
/// (KAFKA-18991, AFT 344-347 @3.9.1).
const KAFKA_3_9: Capabilities = Capabilities {
    response_survives_same_leader_epoch: false,
    ..KAFKA_3_7
};

/// KRaft 3.3: 2.8's data plane; every ISR shrink bumps the leader epoch (PCB
/// `triggerLeaderEpochBumpIfNeeded` 259-266 @3.3.0); unclean election ignored
/// (CfgCM 460-462 @3.3.0).
const KRAFT_3_3: Capabilities = Capabilities {
    response_survives_same_leader_epoch: true,
    diverging_epoch_sets_hw: true,
    hw_counts_only_eligible: false,
    strict_min_isr: false,
    shrink_bumps_epoch: true,
    kraft_reads_unclean: false,
    ..caps::KRAFT_ELR
};

/// KRaft 3.4.1: as ZooKeeper 3.4.1 (KAFKA-14704).
const KRAFT_3_4: Capabilities = Capabilities {
    diverging_epoch_sets_hw: false,
    ..KRAFT_3_3
};

/// KRaft 3.6: no bump for an ISR shrink from metadata version 3.6-IV0 (PCB
/// 289-296 @3.6.0); KAFKA-15021 as under ZooKeeper.
const KRAFT_3_6: Capabilities = Capabilities {
    shrink_bumps_epoch: false,
    hw_counts_only_eligible: true,
    ..KRAFT_3_4
};

/// KRaft 3.7: KAFKA-15583 as under ZooKeeper.
const KRAFT_3_7: Capabilities = Capabilities {
    strict_min_isr: true,
    ..KRAFT_3_6
};

/// KRaft 3.9.1: KAFKA-18991, and the controller reads unclean election with its
/// periodic check (KAFKA-12670, CfgCM 511-518, QC 227, 861 @3.9.0).
const KRAFT_3_9: Capabilities = Capabilities {
    response_survives_same_leader_epoch: false,
    kraft_reads_unclean: true,
    ..KRAFT_3_7
};

/// Defaults from 2.5: replica.lag.time.max.ms 30000 (KIP-537).
const LAG_30S: Config = defaults::DIVERGING_EPOCH;
/// KRaft before 4.1: eligible.leader.replicas.version 0 on a new cluster.
const KRAFT_NO_ELR: Config = Config {
    elr_version: 0,
    ..LAG_30S
};

const ZK: ControllerKind = ControllerKind::ZooKeeper;
const KRAFT: ControllerKind = ControllerKind::KRaft;
const ACKS_1: Acks = Acks::Leader;
const ACKS_ALL: Acks = Acks::All;

/// A line of the table, in the order of its columns.
#[allow(clippy::too_many_arguments)]
const fn line(
    name: &'static str,
    version: &'static str,
    patches: &'static str,
    controller: ControllerKind,
    generation: Option<&'static str>,
    switches: Capabilities,
    defaults: Config,
    producer_acks: Acks,
) -> Release {
    Release {
        name,
        version,
        patches,
        controller,
        generation,
        switches,
        defaults,
        producer_acks,
    }
}

/// Every offered line, in the table's order: the ZooKeeper lines oldest first,
/// the `-kraft` lines after `kafka-3.9`, then `kafka-4.0` … `kafka-4.4`.
#[rustfmt::skip]
pub static RELEASES: [Release; 34] = [
    line("kafka-0.10", "0.10", "0.10.2.0–0.10.2.2", ZK, Some("hw"), caps::HW, defaults::HW, ACKS_1),
    line("kafka-0.11", "0.11", "0.11.0.0–0.11.0.3", ZK, Some("kip-101"), caps::KIP_101, defaults::KIP_101, ACKS_1),
    line("kafka-1.0", "1.0", "1.0.2", ZK, None, caps::KIP_101, defaults::KIP_101, ACKS_1),
    line("kafka-1.1", "1.1", "1.1.1", ZK, None, KAFKA_1_1, defaults::KIP_101, ACKS_1),
    line("kafka-2.1", "2.1", "2.1.0–2.1.1", ZK, Some("kip-279"), caps::KIP_279, defaults::KIP_279, ACKS_1),
    line("kafka-2.2", "2.2", "2.2.0–2.2.2", ZK, None, KAFKA_2_2, defaults::KIP_279, ACKS_1),
    line("kafka-2.3", "2.3", "2.3.0–2.3.1", ZK, None, KAFKA_2_3, defaults::KIP_279, ACKS_1),
    line("kafka-2.4", "2.4", "2.4.0–2.4.1", ZK, None, KAFKA_2_3, defaults::KIP_279, ACKS_1),
    line("kafka-2.5", "2.5", "2.5.0–2.5.1", ZK, None, KAFKA_2_3, LAG_30S, ACKS_1),
    line("kafka-2.6", "2.6", "2.6.1–2.6.3", ZK, None, KAFKA_2_6, LAG_30S, ACKS_1),
    line("kafka-2.7", "2.7", "2.7.0–2.7.2", ZK, None, KAFKA_2_6, LAG_30S, ACKS_1),
    line("kafka-2.8", "2.8", "2.8.1–2.8.2", ZK, Some("diverging-epoch"), caps::DIVERGING_EPOCH, defaults::DIVERGING_EPOCH, ACKS_1),
    line("kafka-3.0", "3.0", "3.0.0–3.0.2", ZK, None, caps::DIVERGING_EPOCH, LAG_30S, ACKS_ALL),
    line("kafka-3.1", "3.1", "3.1.0–3.1.2", ZK, None, caps::DIVERGING_EPOCH, LAG_30S, ACKS_ALL),
    line("kafka-3.2", "3.2", "3.2.0–3.2.3", ZK, None, caps::DIVERGING_EPOCH, LAG_30S, ACKS_ALL),
    line("kafka-3.3", "3.3", "3.3.0–3.3.2", ZK, None, caps::DIVERGING_EPOCH, LAG_30S, ACKS_ALL),
    line("kafka-3.4", "3.4", "3.4.1", ZK, None, KAFKA_3_4, LAG_30S, ACKS_ALL),
    line("kafka-3.5", "3.5", "3.5.0–3.5.2", ZK, None, KAFKA_3_4, LAG_30S, ACKS_ALL),
    line("kafka-3.6", "3.6", "3.6.0–3.6.2", ZK, None, KAFKA_3_6, LAG_30S, ACKS_ALL),
    line("kafka-3.7", "3.7", "3.7.0–3.7.2", ZK, None, KAFKA_3_7, LAG_30S, ACKS_ALL),
    line("kafka-3.8", "3.8", "3.8.0–3.8.1", ZK, None, KAFKA_3_7, LAG_30S, ACKS_ALL),
    line("kafka-3.9", "3.9", "3.9.1–3.9.2", ZK, None, KAFKA_3_9, LAG_30S, ACKS_ALL),
    line("kafka-3.3-kraft", "3.3", "3.3.0–3.3.2", KRAFT, None, KRAFT_3_3, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-3.4-kraft", "3.4", "3.4.1", KRAFT, None, KRAFT_3_4, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-3.5-kraft", "3.5", "3.5.0–3.5.2", KRAFT, None, KRAFT_3_4, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-3.6-kraft", "3.6", "3.6.0–3.6.2", KRAFT, None, KRAFT_3_6, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-3.7-kraft", "3.7", "3.7.0–3.7.2", KRAFT, None, KRAFT_3_7, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-3.8-kraft", "3.8", "3.8.0–3.8.1", KRAFT, None, KRAFT_3_7, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-3.9-kraft", "3.9", "3.9.1–3.9.2", KRAFT, None, KRAFT_3_9, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-4.0", "4.0", "4.0.1–4.0.2", KRAFT, None, KRAFT_3_9, KRAFT_NO_ELR, ACKS_ALL),
    line("kafka-4.1", "4.1", "4.1.0–4.1.1", KRAFT, Some("kraft-elr"), caps::KRAFT_ELR, defaults::KRAFT_ELR, ACKS_ALL),
    line("kafka-4.2", "4.2", "4.2.0", KRAFT, None, caps::KRAFT_ELR, defaults::KRAFT_ELR, ACKS_ALL),
    line("kafka-4.3", "4.3", "4.3.0", KRAFT, None, caps::KRAFT_ELR, defaults::KRAFT_ELR, ACKS_ALL),
    line("kafka-4.4", "4.4", "4.4", KRAFT, None, caps::KRAFT_ELR, defaults::KRAFT_ELR, ACKS_ALL),
];

impl Release {
    /// Whether this line's rules and defaults are another's: the two answer
    /// every history alike (`kafka-2.3` and `kafka-2.4`).
    pub fn same_rules(&self, other: &Release) -> bool {
        (self.controller, self.switches, self.defaults) == (other.controller, other.switches, other.defaults)
    }
}

/// The place of the line named `name` in `RELEASES` (for the constants of
/// `Protocol`; a name not in the table fails the build).
pub(crate) const fn index_of(name: &str) -> u8 {
    let mut i = 0;
    while i < RELEASES.len() {
        if str_eq(RELEASES[i].name, name) {
            return i as u8;
        }
        i += 1;
    }
    panic!("no such release line")
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Protocol;

    /// Contract 1.5's table of rows (section 4), as it is written there.
    const CONTRACT_ROWS: &str = "\
| `kafka-0.10` = `hw` | 0.10.2.0–0.10.2.2 | ZooKeeper | hw | none | T | T | F | F | · | · | F | F | F | F | F | · | · | true | 10000 | · | 1 |
| `kafka-0.11` = `kip-101` | 0.11.0.0–0.11.0.3 | ZooKeeper | kip-101 | above | T | T | F | F | · | · | F | F | F | F | F | · | · | false | 10000 | · | 1 |
| `kafka-1.0` | 1.0.2 | ZooKeeper | kip-101 | above | T | T | F | F | · | · | F | F | F | F | F | · | · | false | 10000 | · | 1 |
| `kafka-1.1` | 1.1.1 | ZooKeeper | kip-101 | above | T | F | F | T | · | · | F | F | F | F | F | · | · | false | 10000 | · | 1 |
| `kafka-2.1` = `kip-279` | 2.1.0–2.1.1 | ZooKeeper | kip-279 | keep | F | F | F | T | · | · | T | F | F | F | F | · | · | false | 10000 | · | 1 |
| `kafka-2.2` | 2.2.0–2.2.2 | ZooKeeper | kip-279 | keep | F | F | T | F | · | · | T | F | T | F | F | · | · | false | 10000 | · | 1 |
| `kafka-2.3`, `kafka-2.4` | 2.3.0–2.4.1 | ZooKeeper | kip-279 | keep | F | F | T | F | · | · | T | T | T | F | F | · | · | false | 10000 | · | 1 |
| `kafka-2.5` | 2.5.0–2.6.0 | ZooKeeper | kip-279 | keep | F | F | T | F | · | · | T | T | T | F | F | · | · | false | 30000 | · | 1 |
| `kafka-2.6`, `kafka-2.7` | 2.6.1–2.7.2 | ZooKeeper | kip-279 | trim | F | F | T | F | · | · | T | T | T | F | F | · | · | false | 30000 | · | 1 |
| `kafka-2.8` = `diverging-epoch`, `kafka-3.0` … `kafka-3.3` | 2.8.1–3.4.0 | ZooKeeper | diverging | trim | F | F | T | F | T | T | T | T | T | F | F | · | · | false | 30000 | · | 1 (2.8), all (3.x) |
| `kafka-3.4`, `kafka-3.5` | 3.4.1–3.5.2 | ZooKeeper | diverging | trim | F | F | T | F | T | F | T | T | T | F | F | · | · | false | 30000 | · | all |
| `kafka-3.6` | 3.6.0–3.6.2 | ZooKeeper | diverging | trim | F | F | T | F | T | F | T | T | T | T | F | · | · | false | 30000 | · | all |
| `kafka-3.7`, `kafka-3.8` | 3.7.0–3.8.x | ZooKeeper | diverging | trim | F | F | T | F | T | F | T | T | T | T | T | · | · | false | 30000 | · | all |
| `kafka-3.9` | 3.9.1, 3.9.2 | ZooKeeper | diverging | trim | F | F | T | F | F | F | T | T | T | T | T | · | · | false | 30000 | · | all |
| `kafka-3.3-kraft` | 3.3.0–3.4.0 | KRaft | diverging | trim | F | · | · | · | T | T | · | T | T | F | F | T | F | false | 30000 | 0 | all |
| `kafka-3.4-kraft`, `kafka-3.5-kraft` | 3.4.1–3.5.2 | KRaft | diverging | trim | F | · | · | · | T | F | · | T | T | F | F | T | F | false | 30000 | 0 | all |
| `kafka-3.6-kraft` | 3.6.0–3.6.2 | KRaft | diverging | trim | F | · | · | · | T | F | · | T | T | T | F | F | F | false | 30000 | 0 | all |
| `kafka-3.7-kraft`, `kafka-3.8-kraft` | 3.7.0–3.8.x | KRaft | diverging | trim | F | · | · | · | T | F | · | T | T | T | T | F | F | false | 30000 | 0 | all |
| `kafka-3.9-kraft`, `kafka-4.0` | 3.9.1+, 4.0.1+ | KRaft | diverging | trim | F | · | · | · | F | F | · | T | T | T | T | F | T | false | 30000 | 0 | all |
| `kafka-4.1` = `kraft-elr`, `kafka-4.2`, `kafka-4.3`, `kafka-4.4` | 4.1.0–4.4 | KRaft | diverging | trim | F | · | · | · | F | F | · | T | T | T | T | F | T | false | 30000 | 1 | all |
";

    /// The names a row of the contract's table gives, with `…` spelled out.
    fn names(cell: &str) -> Vec<String> {
        let mut out = Vec::new();
        for part in cell.split(',') {
            let part = part.split('=').next().unwrap_or("").trim().trim_matches('`');
            if part.contains('…') {
                // `kafka-3.0` … `kafka-3.3`: every line between, in the table's order.
                let (from, to) = part.split_once('…').unwrap_or_default();
                let (from, to) = (from.trim().trim_matches('`'), to.trim().trim_matches('`'));
                let i = RELEASES.iter().position(|r| r.name == from).expect("from");
                let j = RELEASES.iter().position(|r| r.name == to).expect("to");
                out.extend(RELEASES[i..=j].iter().map(|r| r.name.to_string()));
            } else if !part.is_empty() {
                out.push(part.to_string());
            }
        }
        out
    }

    fn switch(cell: &str) -> Option<bool> {
        match cell {
            "T" => Some(true),
            "F" => Some(false),
            _ => None,
        }
    }

    // Every row of the contract's table, cell by cell, against the line's row
    // here; "·" (not used by that controller) is skipped.
    #[test]
    fn each_line_is_the_contracts_row() {
        let mut seen = Vec::new();
        for row in CONTRACT_ROWS.lines() {
            let cells: Vec<&str> = row.trim().trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 22, "{row}");
            for name in names(cells[0]) {
                let p = Protocol::from_name(&name).unwrap_or_else(|| panic!("{name} is offered"));
                let r = p.release();
                let s = r.switches;
                assert_eq!(r.name, name);
                let controller = match r.controller {
                    ControllerKind::ZooKeeper => "ZooKeeper",
                    ControllerKind::KRaft => "KRaft",
                };
                assert_eq!(controller, cells[2], "{name} controller");
                let family = match s.family {
                    caps::Family::Hw => "hw",
                    caps::Family::Kip101 => "kip-101",
                    caps::Family::Kip279 => "kip-279",
                    caps::Family::Diverging => "diverging",
                };
                assert_eq!(family, cells[3], "{name} T");
                let cache = match s.cache_rule {
                    CacheRule::None => "none",
                    CacheRule::OnlyAboveLatest => "above",
                    CacheRule::ReplaceConflictingKeepAtEnd => "keep",
                    CacheRule::ReplaceConflicting => "trim",
                };
                assert_eq!(cache, cells[4], "{name} C1");
                // E follows T.
                let e = matches!(s.family, caps::Family::Kip279 | caps::Family::Diverging);
                assert_eq!(
                    (
                        s.records_epoch_on_election,
                        s.isr_join_needs_epoch_start,
                        s.caught_up_never_lags
                    ),
                    (e, e, e),
                    "{name} E"
                );
                assert_eq!(s.fetch_carries_epoch, s.family == caps::Family::Diverging, "{name}");
                let switches = [
                    ("C6", s.halts_on_fetch_past_leader_end),
                    ("C7", s.crashes_may_empty_isr),
                    ("C8", s.controller_sees_broker_epochs),
                    ("C9", s.reelects_current_leader),
                    ("C10", s.response_survives_same_leader_epoch),
                    ("C11", s.diverging_epoch_sets_hw),
                    ("C12", s.elects_when_unclean_enabled),
                    ("C13", s.consumer_validates_position),
                    ("N1", s.latest_waits_for_epoch_start),
                    ("N4", s.hw_counts_only_eligible),
                    ("N5", s.strict_min_isr),
                    ("B", s.shrink_bumps_epoch),
                    ("U", s.kraft_reads_unclean),
                ];
                for (i, (label, value)) in switches.into_iter().enumerate() {
                    if let Some(expected) = switch(cells[5 + i]) {
                        assert_eq!(value, expected, "{name} {label}");
                    }
                }
                // B and U are the KRaft controller's: off under ZooKeeper.
                if r.controller == ControllerKind::ZooKeeper {
                    assert!(!s.shrink_bumps_epoch && !s.kraft_reads_unclean, "{name}");
                }
                assert_eq!(
                    r.defaults.unclean_leader_election.to_string(),
                    cells[18],
                    "{name} unclean"
                );
                assert_eq!(r.defaults.replica_lag_time_max_ms.to_string(), cells[19], "{name} lag");
                if cells[20] != "·" {
                    assert_eq!(r.defaults.elr_version.to_string(), cells[20], "{name} elr");
                }
                let acks = match r.producer_acks {
                    Acks::Leader => "1",
                    Acks::All => "all",
                    Acks::None => "0",
                };
                let expected = match cells[21] {
                    "1 (2.8), all (3.x)" if name == "kafka-2.8" => "1",
                    "1 (2.8), all (3.x)" => "all",
                    other => other,
                };
                assert_eq!(acks, expected, "{name} producer acks");
                // The rest of the defaults: the language's choices in every row.
                assert_eq!(
                    (
                        r.defaults.min_insync_replicas,
                        r.defaults.acks,
                        r.defaults.auto_offset_reset
                    ),
                    (1, Acks::All, crate::config::OffsetReset::Latest),
                    "{name}"
                );
                seen.push(name);
            }
        }
        // Every offered line is in the contract's table once, in its order.
        let all: Vec<&str> = RELEASES.iter().map(|r| r.name).collect();
        let mut sorted = seen.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), seen.len(), "a line twice");
        assert_eq!(seen.len(), all.len());
        assert_eq!(seen, all);
    }

    // Contract 1.5 rule 1: 34 names, 19 distinct rows of rules.
    #[test]
    fn thirty_four_lines_nineteen_rows() {
        assert_eq!(RELEASES.len(), 34);
        let mut rows: Vec<&Release> = Vec::new();
        for r in &RELEASES {
            if !rows.iter().any(|x| x.same_rules(r)) {
                rows.push(r);
            }
        }
        assert_eq!(rows.len(), 19);
    }

    // The five generations are their lines, by either name; the aliases of 4.x.
    #[test]
    fn a_generation_is_its_line() {
        for (generation, line) in [
            ("hw", "kafka-0.10"),
            ("kip-101", "kafka-0.11"),
            ("kip-279", "kafka-2.1"),
            ("diverging-epoch", "kafka-2.8"),
            ("kraft-elr", "kafka-4.1"),
            ("kafka-4.1-kraft", "kafka-4.1"),
            ("kafka-4.0-kraft", "kafka-4.0"),
        ] {
            let (g, l) = (Protocol::from_name(generation), Protocol::from_name(line));
            assert_eq!(g, l, "{generation}");
            let (g, l) = (g.expect("offered"), l.expect("offered"));
            assert_eq!((g.name(), l.name()), (generation, line));
            assert_eq!(g.canonical().name(), line);
            assert_eq!(g.release(), l.release());
        }
        for (i, p) in Protocol::ALL.into_iter().enumerate() {
            assert_eq!(Some(p.name()), p.release().generation, "generation {i}");
            assert_eq!(p.shown().name(), p.name());
            assert_eq!(p.canonical().shown().name(), p.name());
        }
    }

    // Contract 1.5 rule 1's errors, by their reason.
    #[test]
    fn names_not_offered_say_why() {
        use crate::protocol::NotOffered::*;
        let cases = [
            ("kafka-2.0", Kafka20),
            ("kafka-2.0-kraft", Kafka20),
            ("kafka-0.10-kraft", KraftBefore33),
            ("kafka-3.2-kraft", KraftBefore33),
            ("kafka-3.8-zk", Suffix { from_4_0: false }),
            ("kafka-2.1-zookeeper", Suffix { from_4_0: false }),
            ("kafka-4.0-zk", Suffix { from_4_0: true }),
            ("kafka-4.4-zookeeper", Suffix { from_4_0: true }),
            ("kafka-2.0-zk", Suffix { from_4_0: false }),
            ("kafka-5.0", Unknown),
            ("kafka-2.8.1", Unknown),
            ("kafka-0.9", Unknown),
            ("kraft", Unknown),
            ("Kafka-3.8", Unknown),
        ];
        for (name, why) in cases {
            assert_eq!(Protocol::parse(name), Err(why), "{name}");
        }
        let names: Vec<&str> = Protocol::releases().chain(Protocol::ALL).map(|p| p.name()).collect();
        assert_eq!(names.len(), 39);
        for name in names {
            assert!(Protocol::parse(name).is_ok(), "{name}");
        }
    }
}
