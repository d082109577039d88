//! The partition's configuration and the protocol generation it runs.

use serde::Serialize;

/// Which acknowledgement a producer asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Acks {
    /// acks=0: never acknowledged.
    None,
    /// acks=1: acknowledged when the leader appends.
    Leader,
    /// acks=all: acknowledged when the leader's high watermark passes the record.
    All,
}

impl Acks {
    /// The value as `acks=` writes it: `0`, `1` or `all`.
    pub fn name(self) -> &'static str {
        match self {
            Acks::None => "0",
            Acks::Leader => "1",
            Acks::All => "all",
        }
    }

    /// The acks for a value of `acks=` (`-1` is `all`), if it is one.
    pub fn from_name(s: &str) -> Option<Acks> {
        match s {
            "0" => Some(Acks::None),
            "1" => Some(Acks::Leader),
            "all" | "-1" => Some(Acks::All),
            _ => None,
        }
    }
}

/// The partition's settings.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Config {
    /// min.insync.replicas: the fewest ISR members an acks=all write needs.
    pub min_insync_replicas: u32,
    /// unclean.leader.election.enable: whether a broker outside the ISR may become leader.
    pub unclean_leader_election: bool,
    /// replica.lag.time.max.ms: how long a follower may lag before the leader removes it from the ISR.
    pub replica_lag_time_max_ms: u64,
    /// The acks a `produce` without `acks=` uses.
    pub acks: Acks,
    /// `eligible.leader.replicas.version` (KIP-966): 1, Kafka 4.1's default on a
    /// new cluster, keeps an ELR; 0 does not. Only the KRaft controller reads it.
    pub elr_version: u8,
}

impl Config {
    /// The `set` lines that make this configuration from the defaults, in key order.
    pub fn settings(&self) -> Vec<Setting> {
        let all = [
            Setting::MinInsyncReplicas(self.min_insync_replicas),
            Setting::UncleanLeaderElection(self.unclean_leader_election),
            Setting::ReplicaLagTimeMaxMs(self.replica_lag_time_max_ms),
            Setting::Acks(self.acks),
            Setting::EligibleLeaderReplicasVersion(self.elr_version),
        ];
        let defaults = Config::default();
        all.into_iter()
            .filter(|s| {
                let mut c = defaults.clone();
                s.apply_to(&mut c);
                c != defaults
            })
            .collect()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            min_insync_replicas: 1,
            unclean_leader_election: false,
            replica_lag_time_max_ms: 30_000,
            acks: Acks::All,
            elr_version: 1,
        }
    }
}

/// One `set key=value` of the scenario language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Setting {
    /// `min.insync.replicas`.
    MinInsyncReplicas(u32),
    /// `unclean.leader.election.enable`.
    UncleanLeaderElection(bool),
    /// `replica.lag.time.max.ms`.
    ReplicaLagTimeMaxMs(u64),
    /// `acks`.
    Acks(Acks),
    /// Header only.
    EligibleLeaderReplicasVersion(u8),
}

impl Setting {
    /// The keys, in the order `settings` writes them.
    pub const KEYS: [&'static str; 5] = [
        "min.insync.replicas",
        "unclean.leader.election.enable",
        "replica.lag.time.max.ms",
        "acks",
        "eligible.leader.replicas.version",
    ];

    /// The setting's key.
    pub fn key(&self) -> &'static str {
        match self {
            Setting::MinInsyncReplicas(_) => Self::KEYS[0],
            Setting::UncleanLeaderElection(_) => Self::KEYS[1],
            Setting::ReplicaLagTimeMaxMs(_) => Self::KEYS[2],
            Setting::Acks(_) => Self::KEYS[3],
            Setting::EligibleLeaderReplicasVersion(_) => Self::KEYS[4],
        }
    }

    /// The setting's value as text.
    pub fn value_text(&self) -> String {
        match self {
            Setting::MinInsyncReplicas(n) => n.to_string(),
            Setting::UncleanLeaderElection(b) => b.to_string(),
            Setting::ReplicaLagTimeMaxMs(ms) => ms.to_string(),
            Setting::Acks(a) => a.name().to_string(),
            Setting::EligibleLeaderReplicasVersion(v) => v.to_string(),
        }
    }

    /// Parses `key` and `value`; `Err(true)` for an unknown key, `Err(false)` for a bad value.
    pub fn parse(key: &str, value: &str) -> Result<Setting, bool> {
        match key {
            "min.insync.replicas" => match value.parse::<u32>() {
                Ok(n) if (1..=7).contains(&n) => Ok(Setting::MinInsyncReplicas(n)),
                _ => Err(false),
            },
            "unclean.leader.election.enable" => match value {
                "true" => Ok(Setting::UncleanLeaderElection(true)),
                "false" => Ok(Setting::UncleanLeaderElection(false)),
                _ => Err(false),
            },
            "replica.lag.time.max.ms" => value
                .parse::<u64>()
                .map(Setting::ReplicaLagTimeMaxMs)
                .map_err(|_| false),
            "acks" => Acks::from_name(value).map(Setting::Acks).ok_or(false),
            "eligible.leader.replicas.version" => match value {
                "0" => Ok(Setting::EligibleLeaderReplicasVersion(0)),
                "1" => Ok(Setting::EligibleLeaderReplicasVersion(1)),
                _ => Err(false),
            },
            _ => Err(true),
        }
    }

    /// Sets this setting in `config`.
    pub fn apply_to(&self, config: &mut Config) {
        match *self {
            Setting::MinInsyncReplicas(n) => config.min_insync_replicas = n,
            Setting::UncleanLeaderElection(b) => config.unclean_leader_election = b,
            Setting::ReplicaLagTimeMaxMs(ms) => config.replica_lag_time_max_ms = ms,
            Setting::Acks(a) => config.acks = a,
            Setting::EligibleLeaderReplicasVersion(v) => config.elr_version = v,
        }
    }

    /// Whether the setting may appear only in the header.
    pub fn header_only(&self) -> bool {
        matches!(self, Setting::EligibleLeaderReplicasVersion(_))
    }
}
