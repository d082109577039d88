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

/// The language's settings, one row each: the single place a key is
/// declared. From it come `Config` (a field per key, the values in force),
/// `SettingKey` (the key), `Setting` (a `set key=value` line), the key's
/// name, how its value is read and written, the value a link made before 1.4
/// pins, and whether a `set` of it may stand after the first action. A
/// release's default for each key is its row's `defaults` (`protocol::defaults`).
macro_rules! settings_table {
    ($(
        $(#[$doc:meta])*
        $key:ident, $field:ident: $ty:ty = $name:literal,
        changes_while_running: $running:literal,
        language_1_3: $v13:expr,
        parse: $parse:expr;
    )*) => {
        /// The settings in force: a protocol's release defaults
        /// (`Protocol::defaults`) with the settings a script wrote laid over
        /// them (`Settings::over`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        pub struct Config {
            $( $(#[$doc])* pub $field: $ty, )*
        }

        impl Config {
            /// The defaults every protocol had in versions 1.0 to 1.3 of the
            /// language, before each release's own (1.4 rule 1): what a share
            /// link made before 1.4 was made with.
            pub const LANGUAGE_1_3: Config = Config { $( $field: $v13, )* };

            /// The value this configuration gives `key`, as a setting.
            pub fn get(&self, key: SettingKey) -> Setting {
                match key {
                    $( SettingKey::$key => Setting::$key(self.$field), )*
                }
            }
        }

        /// A setting's key.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        pub enum SettingKey {
            $( $(#[$doc])* $key, )*
        }

        impl SettingKey {
            /// Every key, in the order scripts write them.
            pub const ALL: [SettingKey; [$(SettingKey::$key),*].len()] = [$(SettingKey::$key),*];

            /// The key as the language writes it.
            pub fn name(self) -> &'static str {
                match self {
                    $( SettingKey::$key => $name, )*
                }
            }

            /// Whether a `set` of this key may stand after the first action
            /// (1.4 rule 3: the topic's settings an operator changes while it runs).
            pub fn changes_while_running(self) -> bool {
                match self {
                    $( SettingKey::$key => $running, )*
                }
            }

            /// The setting `key=value`, if `value` is one of this key's values.
            fn read(self, value: &str) -> Option<Setting> {
                match self {
                    $( SettingKey::$key => {
                        let parse: fn(&str) -> Option<$ty> = $parse;
                        parse(value).map(Setting::$key)
                    } )*
                }
            }
        }

        /// One `set key=value` of the scenario language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        pub enum Setting {
            $( $(#[$doc])* $key($ty), )*
        }

        impl Setting {
            /// The setting's key.
            pub fn key_of(&self) -> SettingKey {
                match self {
                    $( Setting::$key(_) => SettingKey::$key, )*
                }
            }

            /// The setting's value as JSON writes it.
            pub fn value(&self) -> SettingValue {
                match self {
                    $( Setting::$key(v) => v.value(), )*
                }
            }

            /// Sets this setting in `config`.
            pub fn apply_to(&self, config: &mut Config) {
                match *self {
                    $( Setting::$key(v) => config.$field = v, )*
                }
            }
        }
    };
}

settings_table! {
    /// `min.insync.replicas`: the fewest ISR members an acks=all write needs.
    MinInsyncReplicas, min_insync_replicas: u32 = "min.insync.replicas",
        changes_while_running: true,
        language_1_3: 1,
        parse: |v| v.parse().ok().filter(|n| (1..=7).contains(n));
    /// `unclean.leader.election.enable`: whether a broker outside the ISR may
    /// become leader.
    UncleanLeaderElection, unclean_leader_election: bool = "unclean.leader.election.enable",
        changes_while_running: true,
        language_1_3: false,
        parse: |v| v.parse().ok();
    /// `replica.lag.time.max.ms`: how long a follower may lag before the leader
    /// removes it from the ISR.
    ReplicaLagTimeMaxMs, replica_lag_time_max_ms: u64 = "replica.lag.time.max.ms",
        changes_while_running: false,
        language_1_3: 30_000,
        parse: |v| v.parse().ok();
    /// `acks`: the acks a `produce` without `acks=` uses.
    Acks, acks: Acks = "acks",
        changes_while_running: false,
        language_1_3: Acks::All,
        parse: Acks::from_name;
    /// `eligible.leader.replicas.version` (KIP-966): 1, Kafka 4.1's default on a
    /// new cluster, keeps an ELR; 0 does not. Only the KRaft controller reads it.
    EligibleLeaderReplicasVersion, elr_version: u8 = "eligible.leader.replicas.version",
        changes_while_running: false,
        language_1_3: 1,
        parse: |v| match v { "0" => Some(0), "1" => Some(1), _ => None };
    /// `auto.offset.reset`: what every consumer does when a reset is due.
    AutoOffsetReset, auto_offset_reset: OffsetReset = "auto.offset.reset",
        changes_while_running: false,
        language_1_3: OffsetReset::Latest,
        parse: OffsetReset::from_name;
}

/// A setting's value, typed as JSON writes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SettingValue {
    /// A count or a time.
    Number(u64),
    /// On or off.
    Flag(bool),
    /// A word (`all`, `latest`).
    Word(&'static str),
}

/// How a setting's type is written: as JSON (`SettingValue`) and as the
/// language writes it after `key=`.
pub trait SettingType: Copy {
    /// As JSON writes it.
    fn value(self) -> SettingValue;
    /// As the language writes it.
    fn text(self) -> String {
        match self.value() {
            SettingValue::Number(n) => n.to_string(),
            SettingValue::Flag(b) => b.to_string(),
            SettingValue::Word(w) => w.to_string(),
        }
    }
}

/// A count or a time is a number.
macro_rules! number_setting {
    ($($t:ty),*) => {$(
        impl SettingType for $t {
            fn value(self) -> SettingValue {
                SettingValue::Number(self.into())
            }
        }
    )*};
}
number_setting!(u8, u32, u64);

impl SettingType for bool {
    fn value(self) -> SettingValue {
        SettingValue::Flag(self)
    }
}

/// acks is a string in Kafka's own configuration ("all", "1", "0").
impl SettingType for Acks {
    fn value(self) -> SettingValue {
        SettingValue::Word(self.name())
    }
}

impl SettingType for OffsetReset {
    fn value(self) -> SettingValue {
        SettingValue::Word(self.name())
    }
}

impl SettingKey {
    /// Every key, in the order of their names (the runner's JSON object).
    pub fn by_name() -> [SettingKey; SettingKey::ALL.len()] {
        let mut keys = SettingKey::ALL;
        keys.sort_by_key(|k| k.name());
        keys
    }

    /// The key named `s`, if any.
    pub fn from_name(s: &str) -> Option<SettingKey> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
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
}

/// A set of setting keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct KeySet(u32);

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

impl Setting {
    /// The setting's key as the language writes it.
    pub fn key(&self) -> &'static str {
        self.key_of().name()
    }

    /// The setting's value as text.
    pub fn value_text(&self) -> String {
        match self.value() {
            SettingValue::Number(n) => n.to_string(),
            SettingValue::Flag(b) => b.to_string(),
            SettingValue::Word(w) => w.to_string(),
        }
    }

    /// Parses `key` and `value`; `Err(true)` for an unknown key, `Err(false)` for a bad value.
    pub fn parse(key: &str, value: &str) -> Result<Setting, bool> {
        let key = SettingKey::from_name(key).ok_or(true)?;
        key.read(value).ok_or(false)
    }

    /// Whether the setting may appear only in the header (1.4 rule 3).
    pub fn header_only(&self) -> bool {
        !self.key_of().changes_while_running()
    }
}

#[cfg(test)]
mod key_order_tests {
    use super::*;

    #[test]
    fn by_name_holds_every_key_once_in_name_order() {
        let names: Vec<&str> = SettingKey::by_name().iter().map(|k| k.name()).collect();
        assert_eq!(
            names,
            [
                "acks",
                "auto.offset.reset",
                "eligible.leader.replicas.version",
                "min.insync.replicas",
                "replica.lag.time.max.ms",
                "unclean.leader.election.enable"
            ]
        );
    }

    /// Each key reads what the language allows, and writes it back as read.
    #[test]
    fn each_key_reads_its_values_and_writes_them_back() {
        let good = [
            ("min.insync.replicas", "3"),
            ("unclean.leader.election.enable", "true"),
            ("replica.lag.time.max.ms", "0"),
            ("acks", "1"),
            ("eligible.leader.replicas.version", "0"),
            ("auto.offset.reset", "earliest"),
        ];
        for (key, value) in good {
            let s = Setting::parse(key, value).expect("a setting");
            assert_eq!((s.key(), s.value_text().as_str()), (key, value));
        }
        assert_eq!(Setting::parse("acks", "-1"), Ok(Setting::Acks(Acks::All)));
        for (key, value) in [
            ("min.insync.replicas", "0"),
            ("min.insync.replicas", "8"),
            ("unclean.leader.election.enable", "yes"),
            ("replica.lag.time.max.ms", "-1"),
            ("acks", "2"),
            ("eligible.leader.replicas.version", "2"),
            ("eligible.leader.replicas.version", "00"),
            ("auto.offset.reset", "smallest"),
        ] {
            assert_eq!(Setting::parse(key, value), Err(false), "{key}={value}");
        }
        assert_eq!(Setting::parse("log.retention.ms", "1"), Err(true));
    }

    /// A key set holds every key.
    #[test]
    fn a_key_set_holds_every_key() {
        let all = SettingKey::ALL.into_iter().fold(KeySet::default(), KeySet::with);
        assert!(SettingKey::ALL.into_iter().all(|k| all.contains(k)));
        assert!(SettingKey::ALL.len() <= 32, "KeySet is a u32");
    }
}
