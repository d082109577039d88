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

/// What a consumer does when its position is out of range or its validation
/// answer is undefined (`auto.offset.reset`, contract 1.4 rule 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OffsetReset {
    /// To the leader's high watermark (Kafka's default in every release).
    Latest,
    /// To offset 0.
    Earliest,
    /// No reset: the error reaches the application.
    None,
}

impl OffsetReset {
    /// The value as `auto.offset.reset=` writes it.
    pub fn name(self) -> &'static str {
        match self {
            OffsetReset::Latest => "latest",
            OffsetReset::Earliest => "earliest",
            OffsetReset::None => "none",
        }
    }

    /// The policy for a value of `auto.offset.reset=`, if it is one.
    pub fn from_name(s: &str) -> Option<OffsetReset> {
        [OffsetReset::Latest, OffsetReset::Earliest, OffsetReset::None]
            .into_iter()
            .find(|r| r.name() == s)
    }
}

/// The settings in force: a protocol's release defaults (`Protocol::defaults`)
/// with the settings a script wrote laid over them (`Settings::over`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
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
    /// auto.offset.reset: what every consumer does when a reset is due.
    pub auto_offset_reset: OffsetReset,
}

impl Config {
    /// The defaults every protocol had in versions 1.0 to 1.3 of the language,
    /// before each release's own (1.4 rule 1): what a share link made before
    /// 1.4 was made with.
    pub const LANGUAGE_1_3: Config = Config {
        min_insync_replicas: 1,
        unclean_leader_election: false,
        replica_lag_time_max_ms: 30_000,
        acks: Acks::All,
        elr_version: 1,
        auto_offset_reset: OffsetReset::Latest,
    };

    /// The value this configuration gives `key`, as a setting.
    pub fn get(&self, key: SettingKey) -> Setting {
        match key {
            SettingKey::MinInsyncReplicas => Setting::MinInsyncReplicas(self.min_insync_replicas),
            SettingKey::UncleanLeaderElection => Setting::UncleanLeaderElection(self.unclean_leader_election),
            SettingKey::ReplicaLagTimeMaxMs => Setting::ReplicaLagTimeMaxMs(self.replica_lag_time_max_ms),
            SettingKey::Acks => Setting::Acks(self.acks),
            SettingKey::EligibleLeaderReplicasVersion => Setting::EligibleLeaderReplicasVersion(self.elr_version),
            SettingKey::AutoOffsetReset => Setting::AutoOffsetReset(self.auto_offset_reset),
        }
    }
}

/// A setting's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum SettingKey {
    /// `min.insync.replicas`.
    MinInsyncReplicas,
    /// `unclean.leader.election.enable`.
    UncleanLeaderElection,
    /// `replica.lag.time.max.ms`.
    ReplicaLagTimeMaxMs,
    /// `acks`.
    Acks,
    /// `eligible.leader.replicas.version`.
    EligibleLeaderReplicasVersion,
    /// `auto.offset.reset`.
    AutoOffsetReset,
}

impl SettingKey {
    /// Every key, in the order scripts write them.
    pub const ALL: [SettingKey; 6] = [
        SettingKey::MinInsyncReplicas,
        SettingKey::UncleanLeaderElection,
        SettingKey::ReplicaLagTimeMaxMs,
        SettingKey::Acks,
        SettingKey::EligibleLeaderReplicasVersion,
        SettingKey::AutoOffsetReset,
    ];

    /// The key as the language writes it.
    pub fn name(self) -> &'static str {
        match self {
            SettingKey::MinInsyncReplicas => "min.insync.replicas",
            SettingKey::UncleanLeaderElection => "unclean.leader.election.enable",
            SettingKey::ReplicaLagTimeMaxMs => "replica.lag.time.max.ms",
            SettingKey::Acks => "acks",
            SettingKey::EligibleLeaderReplicasVersion => "eligible.leader.replicas.version",
            SettingKey::AutoOffsetReset => "auto.offset.reset",
        }
    }

    /// Every key, in the order of their names (the runner's JSON object).
    pub const BY_NAME: [SettingKey; 6] = [
        SettingKey::Acks,
        SettingKey::AutoOffsetReset,
        SettingKey::EligibleLeaderReplicasVersion,
        SettingKey::MinInsyncReplicas,
        SettingKey::ReplicaLagTimeMaxMs,
        SettingKey::UncleanLeaderElection,
    ];

    /// The key named `s`, if any.
    pub fn from_name(s: &str) -> Option<SettingKey> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Whether a `set` of this key may stand after the first action (1.4 rule
    /// 3: the topic's two settings an operator changes while it runs).
    pub fn changes_while_running(self) -> bool {
        matches!(self, SettingKey::MinInsyncReplicas | SettingKey::UncleanLeaderElection)
    }
}

/// The settings a script wrote, key by key (the last `set` of a key wins):
/// overrides of its protocol's release defaults, so that a script run under
/// another protocol takes that protocol's defaults for what it did not write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Settings {
    written: [Option<Setting>; SettingKey::ALL.len()],
}

impl Settings {
    /// These settings from a script's `set` lines, in order.
    pub fn from_lines<'a>(lines: impl IntoIterator<Item = &'a Setting>) -> Settings {
        let mut s = Settings::default();
        for line in lines {
            s.write(*line);
        }
        s
    }

    /// Writes `setting`, replacing what was written for its key.
    pub fn write(&mut self, setting: Setting) {
        self.written[setting.key_of() as usize] = Some(setting);
    }

    /// What was written for `key`, if anything.
    pub fn written(&self, key: SettingKey) -> Option<Setting> {
        self.written[key as usize]
    }

    /// The settings written, in key order.
    pub fn lines(&self) -> Vec<Setting> {
        self.written.iter().flatten().copied().collect()
    }

    /// `defaults` with these settings laid over them.
    pub fn over(&self, defaults: Config) -> Config {
        let mut c = defaults;
        for s in self.written.iter().flatten() {
            s.apply_to(&mut c);
        }
        c
    }

    /// Which keys were written, as a set of bits (`SettingKey` order).
    pub fn keys(&self) -> KeySet {
        KeySet(
            SettingKey::ALL
                .into_iter()
                .filter(|&k| self.written(k).is_some())
                .fold(0, |bits, k| bits | k.bit()),
        )
    }

    /// These settings with `base`'s value written for every key they leave
    /// to the defaults where `base` and some protocol's release defaults
    /// differ: a script read with `base` as its defaults (a link made before
    /// 1.4 with `Config::LANGUAGE_1_3`) keeps its meaning under every protocol.
    pub fn pinned_to(&self, base: Config) -> Settings {
        let mut s = *self;
        for key in SettingKey::ALL {
            let differs = crate::protocol::Protocol::ALL
                .iter()
                .any(|p| p.defaults().get(key) != base.get(key));
            if self.written(key).is_none() && differs {
                s.write(base.get(key));
            }
        }
        s
    }
}

/// A set of setting keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct KeySet(u8);

impl KeySet {
    /// Whether `key` is in the set.
    pub fn contains(self, key: SettingKey) -> bool {
        self.0 & key.bit() != 0
    }
    /// `key` added.
    pub fn with(self, key: SettingKey) -> KeySet {
        KeySet(self.0 | key.bit())
    }
    /// The keys of both sets.
    pub fn union(self, other: KeySet) -> KeySet {
        KeySet(self.0 | other.0)
    }
    /// Whether the set has no key.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The settings whose value decided what a rule did, since the record was last
/// taken (`Cluster::take_consulted`). A rule notes a setting only where the
/// other value would have done something else, so a search that never notes
/// one is, step for step, the search of a setup that differs only in it: the
/// checker's safety matrix answers such a twin cell without searching it.
///
/// A record of the run, not of the state: equality and hashing ignore it, so
/// two clusters that differ only in what they consulted are one state.
#[derive(Clone, Copy, Debug, Default)]
pub struct Consulted(KeySet);

impl Consulted {
    /// Notes that `key`'s value decided a rule.
    pub(crate) fn note(&mut self, key: SettingKey) {
        self.0 = self.0.with(key);
    }
    /// The keys noted since the last take, and a fresh record.
    pub(crate) fn take(&mut self) -> KeySet {
        std::mem::take(&mut self.0)
    }
}

impl PartialEq for Consulted {
    fn eq(&self, _: &Consulted) -> bool {
        true
    }
}

impl Eq for Consulted {}

impl std::hash::Hash for Consulted {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Where a setting in force comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SettingSource {
    /// The script (or the reader) set it.
    Script,
    /// Its protocol's release default.
    Release,
}

/// One `set key=value` of the scenario language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Setting {
    /// `min.insync.replicas`.
    MinInsyncReplicas(u32),
    /// `unclean.leader.election.enable`.
    UncleanLeaderElection(bool),
    /// `replica.lag.time.max.ms`.
    ReplicaLagTimeMaxMs(u64),
    /// `acks`.
    Acks(Acks),
    /// `eligible.leader.replicas.version`.
    EligibleLeaderReplicasVersion(u8),
    /// `auto.offset.reset`.
    AutoOffsetReset(OffsetReset),
}

impl Setting {
    /// The setting's key.
    pub fn key_of(&self) -> SettingKey {
        match self {
            Setting::MinInsyncReplicas(_) => SettingKey::MinInsyncReplicas,
            Setting::UncleanLeaderElection(_) => SettingKey::UncleanLeaderElection,
            Setting::ReplicaLagTimeMaxMs(_) => SettingKey::ReplicaLagTimeMaxMs,
            Setting::Acks(_) => SettingKey::Acks,
            Setting::EligibleLeaderReplicasVersion(_) => SettingKey::EligibleLeaderReplicasVersion,
            Setting::AutoOffsetReset(_) => SettingKey::AutoOffsetReset,
        }
    }

    /// The setting's key as the language writes it.
    pub fn key(&self) -> &'static str {
        self.key_of().name()
    }

    /// The setting's value as text.
    pub fn value_text(&self) -> String {
        match self {
            Setting::MinInsyncReplicas(n) => n.to_string(),
            Setting::UncleanLeaderElection(b) => b.to_string(),
            Setting::ReplicaLagTimeMaxMs(ms) => ms.to_string(),
            Setting::Acks(a) => a.name().to_string(),
            Setting::EligibleLeaderReplicasVersion(v) => v.to_string(),
            Setting::AutoOffsetReset(r) => r.name().to_string(),
        }
    }

    /// Parses `key` and `value`; `Err(true)` for an unknown key, `Err(false)` for a bad value.
    pub fn parse(key: &str, value: &str) -> Result<Setting, bool> {
        let key = SettingKey::from_name(key).ok_or(true)?;
        let parsed = match key {
            SettingKey::MinInsyncReplicas => match value.parse::<u32>() {
                Ok(n) if (1..=7).contains(&n) => Some(Setting::MinInsyncReplicas(n)),
                _ => None,
            },
            SettingKey::UncleanLeaderElection => match value {
                "true" => Some(Setting::UncleanLeaderElection(true)),
                "false" => Some(Setting::UncleanLeaderElection(false)),
                _ => None,
            },
            SettingKey::ReplicaLagTimeMaxMs => value.parse::<u64>().ok().map(Setting::ReplicaLagTimeMaxMs),
            SettingKey::Acks => Acks::from_name(value).map(Setting::Acks),
            SettingKey::EligibleLeaderReplicasVersion => match value {
                "0" => Some(Setting::EligibleLeaderReplicasVersion(0)),
                "1" => Some(Setting::EligibleLeaderReplicasVersion(1)),
                _ => None,
            },
            SettingKey::AutoOffsetReset => OffsetReset::from_name(value).map(Setting::AutoOffsetReset),
        };
        parsed.ok_or(false)
    }

    /// Sets this setting in `config`.
    pub fn apply_to(&self, config: &mut Config) {
        match *self {
            Setting::MinInsyncReplicas(n) => config.min_insync_replicas = n,
            Setting::UncleanLeaderElection(b) => config.unclean_leader_election = b,
            Setting::ReplicaLagTimeMaxMs(ms) => config.replica_lag_time_max_ms = ms,
            Setting::Acks(a) => config.acks = a,
            Setting::EligibleLeaderReplicasVersion(v) => config.elr_version = v,
            Setting::AutoOffsetReset(r) => config.auto_offset_reset = r,
        }
    }

    /// Whether the setting may appear only in the header (1.4 rule 3).
    pub fn header_only(&self) -> bool {
        !self.key_of().changes_while_running()
    }
}

#[cfg(test)]
mod key_order_tests {
    use super::SettingKey;

    #[test]
    fn by_name_holds_every_key_once_in_name_order() {
        let names: Vec<&str> = SettingKey::BY_NAME.iter().map(|k| k.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
        for k in SettingKey::ALL {
            assert_eq!(SettingKey::BY_NAME.iter().filter(|&&b| b == k).count(), 1);
        }
    }
}
