//! The truncation protocols, one file each, behind one interface: what a replica
//! does when it starts following, how the leader answers, and how the follower
//! turns an answer into a truncation.

pub mod capabilities;
pub mod defaults;
mod diverging_epoch;
mod hw;
mod kip101;
mod kip279;
pub mod truncation;

use crate::epoch_cache::LeaderEpochCache;
use crate::event::TruncationRule;
use crate::message::EpochAnswer;
use capabilities::Capabilities;
use serde::Serialize;

/// A protocol generation: how replicas truncate and which controller runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Protocol {
    /// Before Kafka 0.11: a new follower truncates to its own HW.
    #[serde(rename = "hw")]
    Hw,
    /// Kafka 0.11 leader epochs (KIP-101): OffsetsForLeaderEpoch v0, one round.
    #[serde(rename = "kip-101")]
    Kip101,
    /// Kafka 2.1 (KIP-279): the answer carries an epoch; it may take several rounds.
    #[serde(rename = "kip-279")]
    Kip279,
    /// Kafka 2.8+ truncation on fetch with the ZooKeeper controller.
    #[serde(rename = "diverging-epoch")]
    DivergingEpoch,
    /// Kafka 4.1 with KRaft: `diverging-epoch`'s fetching with the KRaft
    /// controller, Eligible Leader Replicas and the strict min-ISR rule.
    #[serde(rename = "kraft-elr")]
    KraftElr,
}

/// Which controller a protocol runs with: the two sit behind one interface
/// (`handler/controller/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ControllerKind {
    /// Kafka 0.10 – 3.x with ZooKeeper.
    ZooKeeper,
    /// Kafka 4.x: the KRaft quorum controller.
    KRaft,
}

impl Protocol {
    /// Every generation, oldest first.
    pub const ALL: [Protocol; 5] = [
        Protocol::Hw,
        Protocol::Kip101,
        Protocol::Kip279,
        Protocol::DivergingEpoch,
        Protocol::KraftElr,
    ];

    /// The protocol's name in the scenario language.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Hw => "hw",
            Protocol::Kip101 => "kip-101",
            Protocol::Kip279 => "kip-279",
            Protocol::DivergingEpoch => "diverging-epoch",
            Protocol::KraftElr => "kraft-elr",
        }
    }

    /// The protocol with the given name in the scenario language, if any.
    pub fn from_name(s: &str) -> Option<Protocol> {
        Self::ALL.into_iter().find(|p| p.name() == s)
    }

    /// The generation's rules.
    pub fn rules(self) -> &'static dyn Rules {
        match self {
            Protocol::Hw => &hw::Hw,
            Protocol::Kip101 => &kip101::Kip101,
            Protocol::Kip279 => &kip279::Kip279,
            Protocol::DivergingEpoch => &diverging_epoch::DivergingEpoch { kraft: false },
            Protocol::KraftElr => &diverging_epoch::DivergingEpoch { kraft: true },
        }
    }

    /// The release whose code its defaults row cites (`defaults.rs`): "0.10.2.1".
    pub fn defaults_release(self) -> &'static str {
        match self {
            Protocol::Hw => "0.10.2.1",
            Protocol::Kip101 => "0.11.0.0",
            Protocol::Kip279 => "2.1.0",
            Protocol::DivergingEpoch => "2.8.1",
            Protocol::KraftElr => "4.1.0",
        }
    }

    /// The acks Kafka's own Java producer of its release used by default
    /// (`defaults::KAFKA_PRODUCER_ACKS`); the language's `produce` asks acks=all.
    pub fn kafka_producer_acks(self) -> crate::config::Acks {
        defaults::KAFKA_PRODUCER_ACKS[Protocol::ALL.iter().position(|&p| p == self).unwrap_or(0)]
    }

    /// The settings its release runs with by default (`defaults.rs`).
    pub fn defaults(self) -> crate::config::Config {
        match self {
            Protocol::Hw => defaults::HW,
            Protocol::Kip101 => defaults::KIP_101,
            Protocol::Kip279 => defaults::KIP_279,
            Protocol::DivergingEpoch => defaults::DIVERGING_EPOCH,
            Protocol::KraftElr => defaults::KRAFT_ELR,
        }
    }

    /// Which controller it runs with.
    pub fn controller(self) -> ControllerKind {
        match self {
            Protocol::KraftElr => ControllerKind::KRaft,
            _ => ControllerKind::ZooKeeper,
        }
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

/// One generation's truncation rules, behind which the handlers work.
pub trait Rules: Sync {
    /// The generation's yes-or-no differences (`capabilities.rs`).
    fn capabilities(&self) -> &'static Capabilities;

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
