//! The truncation protocols, one file each, behind one interface: what a replica
//! does when it starts following, how the leader answers, and how the follower
//! turns an answer into a truncation.

pub mod capabilities;
pub mod defaults;
mod diverging_epoch;
mod hw;
mod kip101;
mod kip279;
pub mod release;
pub mod rule;
pub mod truncation;

use crate::epoch_cache::LeaderEpochCache;
use crate::event::TruncationRule;
use crate::message::EpochAnswer;
use capabilities::{Capabilities, Family};
use release::{Release, RELEASES};
use serde::Serialize;

/// A protocol: one offered release line (`release::RELEASES`), as the script
/// spelled it. `hw` and `kafka-0.10` are the same protocol (equal, one hash);
/// only the JSON field `protocol` echoes the spelling (contract 1.5 rule 1).
#[derive(Clone, Copy, Debug)]
pub struct Protocol {
    line: u8,
    spelling: u8,
}

impl PartialEq for Protocol {
    fn eq(&self, other: &Self) -> bool {
        self.line == other.line
    }
}
impl Eq for Protocol {}
impl std::hash::Hash for Protocol {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.line.hash(state);
    }
}
impl Serialize for Protocol {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Which controller a protocol runs with: the two sit behind one interface
/// (`handler/controller/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ControllerKind {
    /// Kafka 0.10 – 3.9 with ZooKeeper.
    ZooKeeper,
    /// The KRaft quorum controller (3.3+; the only one from 4.0).
    KRaft,
}

/// Every spelling a protocol may be given by, beyond the lines' own names: the
/// five generations, and `-kraft` on a line that has no other controller.
const ALIASES: [(&str, &str); 10] = [
    ("hw", "kafka-0.10"),
    ("kip-101", "kafka-0.11"),
    ("kip-279", "kafka-2.1"),
    ("diverging-epoch", "kafka-2.8"),
    ("kraft-elr", "kafka-4.1"),
    ("kafka-4.0-kraft", "kafka-4.0"),
    ("kafka-4.1-kraft", "kafka-4.1"),
    ("kafka-4.2-kraft", "kafka-4.2"),
    ("kafka-4.3-kraft", "kafka-4.3"),
    ("kafka-4.4-kraft", "kafka-4.4"),
];

/// The generation spelled by its alias `i` (the aliases' first five).
const fn generation(i: usize) -> Protocol {
    Protocol {
        line: release::index_of(ALIASES[i].1),
        spelling: (RELEASES.len() + i) as u8,
    }
}

/// Why a name is not a protocol (contract 1.5 rule 1), for its error message.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum NotOffered {
    /// `kafka-2.0`: its row depends on Kafka's own epoch numbering.
    Kafka20,
    /// `-kraft` before 3.3: KRaft is production-ready from 3.3 (KIP-833).
    KraftBefore33,
    /// Another suffix (`-zk`): the controller is ZooKeeper without a suffix up
    /// to 3.9; `from_4_0`: Kafka 4.0 removed ZooKeeper.
    Suffix {
        /// The name asks for a line from 4.0.
        from_4_0: bool,
    },
    /// No such protocol.
    Unknown,
}

#[allow(non_upper_case_globals)]
impl Protocol {
    /// Kafka 0.10, before leader epochs: `kafka-0.10`.
    pub const Hw: Protocol = generation(0);
    /// Kafka 0.11, leader epochs (KIP-101): `kafka-0.11`.
    pub const Kip101: Protocol = generation(1);
    /// Kafka 2.1, multi-round truncation (KIP-279): `kafka-2.1`.
    pub const Kip279: Protocol = generation(2);
    /// Kafka 2.8, truncation on fetch: `kafka-2.8`.
    pub const DivergingEpoch: Protocol = generation(3);
    /// Kafka 4.1 with KRaft and Eligible Leader Replicas: `kafka-4.1`.
    pub const KraftElr: Protocol = generation(4);

    /// The five generations, oldest first (`--protocol all`).
    pub const ALL: [Protocol; 5] = [
        Protocol::Hw,
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
        Protocol::KraftElr,
    ];

    /// Every offered line by its own name, in the table's order (`--protocol releases`).
    pub fn releases() -> impl Iterator<Item = Protocol> {
        (0..RELEASES.len() as u8).map(|line| Protocol { line, spelling: line })
    }

    /// Its row: rules, defaults, controller.
    pub fn release(self) -> &'static Release {
        &RELEASES[self.line as usize]
    }

    /// The name it was given by, in the scenario language.
    pub fn name(self) -> &'static str {
        let s = self.spelling as usize;
        match s.checked_sub(RELEASES.len()) {
            None => RELEASES[s].name,
            Some(a) => ALIASES[a].0,
        }
    }

    /// The same protocol by its line's own name (`kraft-elr` → `kafka-4.1`).
    pub fn canonical(self) -> Protocol {
        Protocol {
            line: self.line,
            spelling: self.line,
        }
    }

    /// The same protocol by its generation's name if it is one (`kafka-0.10` →
    /// `hw`), else by its line's: the name a run shows in words, alike for
    /// either spelling.
    pub fn shown(self) -> Protocol {
        let generation = ALIASES[..5].iter().position(|&(_, line)| line == self.release().name);
        match generation {
            Some(i) => Protocol::ALL[i],
            None => self.canonical(),
        }
    }

    /// Whether it is one of the five generations (by either spelling).
    pub fn is_generation(self) -> bool {
        self.release().generation.is_some()
    }

    /// Whether it was spelled by one of the five generations' names (`hw`,
    /// not `kafka-0.10`).
    pub fn is_generation_spelling(self) -> bool {
        Protocol::ALL.iter().any(|g| g.spelling == self.spelling)
    }

    /// The protocol with the given name in the scenario language, if any.
    pub fn from_name(s: &str) -> Option<Protocol> {
        if let Some(line) = RELEASES.iter().position(|r| r.name == s) {
            let line = line as u8;
            return Some(Protocol { line, spelling: line });
        }
        let a = ALIASES.iter().position(|&(alias, _)| alias == s)?;
        Some(Protocol {
            line: RELEASES.iter().position(|r| r.name == ALIASES[a].1)? as u8,
            spelling: (RELEASES.len() + a) as u8,
        })
    }

    /// The protocol named `s`, or why it is not offered.
    pub fn parse(s: &str) -> Result<Protocol, NotOffered> {
        if let Some(p) = Protocol::from_name(s) {
            return Ok(p);
        }
        let Some(rest) = s.strip_prefix("kafka-") else {
            return Err(NotOffered::Unknown);
        };
        let (version, suffix) = match rest.split_once('-') {
            Some((v, suffix)) => (v, Some(suffix)),
            None => (rest, None),
        };
        let line = |v: &str| RELEASES.iter().any(|r| r.version == v);
        // A feature line: major.minor, both numbers.
        let numbers: Option<Vec<u32>> = version.split('.').map(|n| n.parse().ok()).collect();
        let feature = numbers.filter(|n| n.len() == 2);
        match (version, suffix) {
            ("2.0", None | Some("kraft")) => Err(NotOffered::Kafka20),
            (_, Some("kraft")) if feature.as_ref().is_some_and(|n| (n[0], n[1]) < (3, 3)) && line(version) => {
                Err(NotOffered::KraftBefore33)
            }
            (_, Some(_)) if line(version) || version == "2.0" => Err(NotOffered::Suffix {
                from_4_0: feature.is_some_and(|n| n[0] >= 4),
            }),
            _ => Err(NotOffered::Unknown),
        }
    }

    /// Its rules of truncation (by the row's family).
    pub fn rules(self) -> &'static dyn Rules {
        match self.capabilities().family {
            Family::Hw => &hw::Hw,
            Family::Kip101 => &kip101::Kip101,
            Family::Kip279 => &kip279::Kip279,
            Family::Diverging => &diverging_epoch::DivergingEpoch,
        }
    }

    /// Its rule switches.
    pub fn capabilities(self) -> &'static Capabilities {
        &self.release().switches
    }

    /// The release whose code its defaults row cites: "0.10.2.1" for the
    /// generations as before, a line's patches otherwise.
    pub fn defaults_release(self) -> &'static str {
        match self.release().generation {
            Some("hw") => "0.10.2.1",
            Some("kip-101") => "0.11.0.0",
            Some("kip-279") => "2.1.0",
            Some("diverging-epoch") => "2.8.1",
            Some(_) => "4.1.0",
            None => self.release().patches,
        }
    }

    /// The acks Kafka's own Java producer of its release used by default; the
    /// language's `produce` asks acks=all.
    pub fn kafka_producer_acks(self) -> crate::config::Acks {
        self.release().producer_acks
    }

    /// The settings its release runs with by default.
    pub fn defaults(self) -> crate::config::Config {
        self.release().defaults
    }

    /// Which controller it runs with.
    pub fn controller(self) -> ControllerKind {
        self.release().controller
    }
}

/// Why a replica is told to follow a live leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowCause {
    /// It restarted, or was waiting for a leader.
    Restart,
    /// A different broker became leader.
    NewLeader,
    /// The broker it already followed became leader again in a new epoch (a
    /// controller epoch bump, a re-election, or a return after an offline period).
    NewEpoch,
}

/// What a replica does first when it is told to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowStart {
    /// Truncate to its own high watermark at once, then fetch.
    TruncateToHighWatermark,
    /// Ask the leader with OffsetsForLeaderEpoch before fetching.
    Validate,
    /// Fetch from its log end (its fetches carry its latest epoch).
    Fetch,
    /// Nothing changes: its fetcher and any response in flight carry on. Before
    /// KAFKA-7164 (Kafka 2.1) the same leader in a new epoch was no change
    /// (`Partition.makeFollower` returned false when the leader id was the same).
    Continue,
}

impl FollowCause {
    /// Before 2.1: `on_change` on a restart or a new leader; the same leader in
    /// a new epoch changes nothing (`Partition.makeFollower` returns false).
    pub fn before_2_1(self, on_change: FollowStart) -> FollowStart {
        match self {
            FollowCause::Restart | FollowCause::NewLeader => on_change,
            FollowCause::NewEpoch => FollowStart::Continue,
        }
    }
}

impl FollowStart {
    /// From 2.1 on, whatever the cause: `with_epochs` when the replica's cache
    /// has epochs; without, there is nothing to ask (it would send epoch −1), so
    /// it truncates to its HW.
    pub fn from_2_1(has_epochs: bool, with_epochs: FollowStart) -> FollowStart {
        if has_epochs {
            with_epochs
        } else {
            FollowStart::TruncateToHighWatermark
        }
    }
}

/// What the leader makes of a fetch before reading records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FetchCheck {
    /// The fetch is in order: read records from the fetch offset.
    Read,
    /// The fetch diverges from the leader's log: answer DivergingEpoch.
    Diverging {
        /// The leader's largest epoch at or below the follower's last fetched epoch.
        epoch: u32,
        /// Where that epoch ends in the leader's log.
        end_offset: u64,
    },
    /// The fetch offset is past the leader's log end, or its epoch cannot be placed.
    OutOfRange,
}

/// A follower's log as the truncation rules see it.
#[derive(Clone, Copy, Debug)]
pub struct FollowerLog<'a> {
    /// Its leader-epoch cache.
    pub cache: &'a LeaderEpochCache,
    /// Its LEO.
    pub leo: u64,
    /// Its HW.
    pub hw: u64,
}

/// A follower's log, for tests.
#[cfg(test)]
pub(crate) fn follower(cache: &LeaderEpochCache, leo: u64, hw: u64) -> FollowerLog<'_> {
    FollowerLog { cache, leo, hw }
}

/// Where a follower's log will end, why, and whether it is done validating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TruncationDecision {
    /// The offset the log will end at.
    pub to: u64,
    /// The rule that set it.
    pub rule: TruncationRule,
    /// Whether the log is now validated (false: the follower asks again).
    pub complete: bool,
}

/// One family's truncation rules, behind which the handlers work.
pub trait Rules: Sync {
    /// What a replica does when told to follow for `cause`; `has_epochs`: its
    /// leader-epoch cache is not empty (a non-empty cache validates even with an
    /// empty log, `AbstractFetcherThread`).
    fn follow_start(&self, cause: FollowCause, has_epochs: bool) -> FollowStart;

    /// The leader's answer to OffsetsForLeaderEpoch for `asked`; from 2.1 on
    /// (KIP-279) the epoch with its end offset (`kip279::answer_with_epoch`).
    fn answer_epoch_query(&self, leader_cache: &LeaderEpochCache, leader_leo: u64, asked: Option<u32>) -> EpochAnswer {
        kip279::answer_with_epoch(leader_cache, leader_leo, asked)
    }

    /// The follower's truncation for the leader's answer; from 2.1 on, to the
    /// end of the largest epoch both logs hold (`truncation::decide_on_epoch_end`).
    fn decide(&self, follower: FollowerLog<'_>, asked: Option<u32>, answer: EpochAnswer) -> TruncationDecision {
        truncation::decide_on_epoch_end(follower, asked, answer)
    }

    /// The leader's check of a fetch before it reads records.
    fn check_fetch(
        &self,
        leader_cache: &LeaderEpochCache,
        leader_leo: u64,
        fetch_offset: u64,
        last_fetched_epoch: Option<u32>,
    ) -> FetchCheck {
        let _ = (leader_cache, last_fetched_epoch);
        if fetch_offset > leader_leo {
            FetchCheck::OutOfRange
        } else {
            FetchCheck::Read
        }
    }
}
