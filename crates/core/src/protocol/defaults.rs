//! The generations' defaults (contract 1.4 rule 1), which the release table
//! (`release.rs`) gives its lines: what a script runs with for every key it
//! does not `set`. Kafka's files are under
//! `core/src/main/scala/kafka/server/` unless named otherwise.

use crate::config::{Acks, Config, OffsetReset, SettingKey, Settings};

/// Kafka 0.10.2.1 (`hw`): unclean election on (KafkaConfig.scala 132),
/// replica.lag.time.max.ms 10000 (117).
pub const HW: Config = Config {
    min_insync_replicas: 1,
    unclean_leader_election: true,
    replica_lag_time_max_ms: 10_000,
    // The language's choice in every row: Kafka's Java producer defaulted to
    // acks=1 before 3.0 (ProducerConfig.java 0.10.2.1 229, 2.8.0 303) and to
    // all from 3.0 (KIP-679); the release's `producer_acks` says which.
    acks: Acks::All,
    elr_version: 1,
    // ConsumerConfig.java 0.10.2.1 313-316, 4.1.0 548-552.
    auto_offset_reset: OffsetReset::Latest,
};

/// Kafka 0.11.0.0 (`kip-101`): unclean election off (KafkaConfig.scala 134,
/// KIP-106), the lag time still 10000 (118).
pub const KIP_101: Config = Config {
    unclean_leader_election: false,
    ..HW
};

/// Kafka 2.1.0 (`kip-279`): as 0.11 (KafkaConfig.scala 126, 142).
pub const KIP_279: Config = KIP_101;

/// Kafka 2.8.1 (`diverging-epoch`): replica.lag.time.max.ms 30000 since 2.5
/// (KafkaConfig.scala 149, KIP-537).
pub const DIVERGING_EPOCH: Config = Config {
    replica_lag_time_max_ms: 30_000,
    ..KIP_279
};

/// Kafka 4.1.0 (`kraft-elr`): as 2.8 (ReplicationConfigs.java 47, 158;
/// storage LogConfig.java 133); eligible.leader.replicas.version 1 on a new
/// cluster.
pub const KRAFT_ELR: Config = DIVERGING_EPOCH;

// Here rather than beside `Settings`: it reads every protocol's defaults,
// and the settings are below the protocols.
impl Settings {
    /// These settings with `base`'s value written for every key they leave
    /// to the defaults where `base` and some protocol's release defaults
    /// differ: a script read with `base` as its defaults (a link made before
    /// 1.4 with `Config::LANGUAGE_1_3`) keeps its meaning under every protocol.
    pub fn pinned_to(&self, base: Config) -> Settings {
        let mut s = *self;
        for key in SettingKey::ALL {
            let differs = super::Protocol::ALL
                .iter()
                .any(|p| p.defaults().get(key) != base.get(key));
            if self.written(key).is_none() && differs {
                s.write(base.get(key));
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Protocol;

    #[test]
    fn each_release_names_its_producers_default_acks() {
        assert_eq!(Protocol::KraftElr.kafka_producer_acks(), Acks::All);
        assert_eq!(Protocol::Hw.kafka_producer_acks(), Acks::Leader);
    }

    // The table of contract 1.4 rule 1, cell by cell.
    #[test]
    fn each_release_has_the_contracts_defaults() {
        let rows: Vec<(bool, u64)> = Protocol::ALL
            .iter()
            .map(|p| {
                (
                    p.defaults().unclean_leader_election,
                    p.defaults().replica_lag_time_max_ms,
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                (true, 10_000),
                (false, 10_000),
                (false, 10_000),
                (false, 30_000),
                (false, 30_000)
            ]
        );
        for p in Protocol::ALL {
            let d = p.defaults();
            assert_eq!(
                (d.min_insync_replicas, d.acks, d.auto_offset_reset, d.elr_version),
                (1, Acks::All, OffsetReset::Latest, 1),
                "{}",
                p.name()
            );
        }
    }
}
