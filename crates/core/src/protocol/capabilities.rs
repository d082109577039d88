//! What each generation can do, on one screen: the differences between the
//! protocols that are a yes or a no. The differences that are logic (how a
//! replica starts following, how the leader answers OffsetsForLeaderEpoch or
//! checks a fetch, how a follower truncates) are in each protocol's own file.

use crate::broker::CacheRule;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// The yes-or-no differences of one protocol generation.
pub struct Capabilities {
    /// How a replica truncates (T): to its HW, with OffsetsForLeaderEpoch in
    /// one round or in rounds, or on fetch.
    pub family: Family,
    /// How the leader-epoch cache takes appends and truncations (`None` before 0.11).
    pub cache_rule: CacheRule,
    /// A new leader records its epoch at its log end at once (2.1+), rather than
    /// with its first write in the epoch (0.11).
    pub records_epoch_on_election: bool,
    /// Fetches carry the follower's latest epoch and the leader answers a
    /// diverging one with DivergingEpoch (2.8+, KAFKA-10554).
    pub fetch_carries_epoch: bool,
    /// A follower must also reach the start of the leader's epoch to rejoin the
    /// ISR (KAFKA-7128, 2.1).
    pub isr_join_needs_epoch_start: bool,
    /// A follower whose LEO, as the leader knows it, equals the leader's is never
    /// dropped for lag (KAFKA-7152, 2.1 `Partition.getOutOfSyncReplicas`).
    pub caught_up_never_lags: bool,
    /// A fetch past the leader's log end halts the follower's broker when unclean
    /// election is off (0.10/0.11 `ReplicaFetcherThread.handleOffsetOutOfRange`,
    /// FatalExitError); from 2.1 it truncates (KAFKA-7414).
    pub halts_on_fetch_past_leader_end: bool,
    /// With unclean election on, crashed brokers always leave the ISR, which may
    /// empty (0.10.2.1 `removeReplicaFromIsr`; KAFKA-5642 in 1.1 keeps the last).
    pub crashes_may_empty_isr: bool,
    /// The ZooKeeper controller sees a bounce by the new broker epoch (KIP-380,
    /// 2.2+): `bounce` is `crash` and `restart`.
    pub controller_sees_broker_epochs: bool,
    /// `elect` of the current leader makes it leader again in a new epoch (2.1.0
    /// `PartitionStateMachine` 428-437); elsewhere no election is needed.
    pub reelects_current_leader: bool,
    /// A response already made survives the same leader's new epoch when the
    /// fetch offset is unchanged (2.8 `AbstractFetcherThread` 337-342, 468-484);
    /// 2.1 fences it (KIP-320), and so does 4.1 (KAFKA-18991).
    pub response_survives_same_leader_epoch: bool,
    /// A DivergingEpoch response's high watermark becomes the follower's before
    /// it truncates (2.8.1 `AbstractFetcherThread` 355, 375); 4.1 keeps the
    /// follower's own (KAFKA-14704, from 3.4.1: 4.1.0 356-366).
    pub diverging_epoch_sets_hw: bool,
    /// The ZooKeeper controller elects for an offline partition the moment its
    /// unclean.leader.election.enable becomes true (KAFKA-6835, 2.1: 2.1.0
    /// `ConfigHandler` 80-81, `KafkaController` 1003-1010); before, it reads
    /// the setting only at its next election (0.10.2.1 `ConfigHandler` 46-69).
    pub elects_when_unclean_enabled: bool,
    /// A consumer keeps its position's leader epoch and validates it with
    /// OffsetsForLeaderEpoch when the leader or its epoch changes (KIP-320's
    /// client side, KAFKA-7747, Kafka 2.3); before, it keeps only an offset
    /// (2.1.0 SubscriptionState 461, Fetcher 894-896). With it the leader answers
    /// a `latest` reset with OFFSET_NOT_AVAILABLE while its HW is below its
    /// epoch's start (KIP-207, 2.2).
    pub consumer_validates_position: bool,
    /// A `latest` reset is answered OFFSET_NOT_AVAILABLE while the leader's HW
    /// is below its epoch's start (N1: KIP-207, 2.2.0 `Partition` 840-845).
    pub latest_waits_for_epoch_start: bool,
    /// A caught-up replica outside the ISR holds the HW only while it may join
    /// the ISR (N4, KAFKA-15021, 3.6): under ZooKeeper while its broker is up,
    /// under KRaft while unfenced with a fetch in its current broker epoch.
    pub hw_counts_only_eligible: bool,
    /// Strict and capped min ISR (N5, KAFKA-15583, 3.7): *min* is
    /// min(min.insync.replicas, brokers) and the HW does not move below it.
    pub strict_min_isr: bool,
    /// The KRaft controller bumps the leader epoch at every ISR shrink (B,
    /// 3.3–3.5: `PartitionChangeBuilder.triggerLeaderEpochBumpIfNeeded`).
    pub shrink_bumps_epoch: bool,
    /// The KRaft controller reads unclean.leader.election.enable (U, 3.9+,
    /// KAFKA-12670); before, it reads it as false.
    pub kraft_reads_unclean: bool,
}

/// How a replica truncates: one file each in `protocol/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// To its own HW (before 0.11).
    Hw,
    /// OffsetsForLeaderEpoch v0, one round (0.11 – 1.1).
    Kip101,
    /// OffsetsForLeaderEpoch with an epoch, in rounds (2.1 – 2.7).
    Kip279,
    /// On fetch, answered DivergingEpoch (2.8+).
    Diverging,
}

impl Capabilities {
    /// Whether replicas keep a leader-epoch cache at all (from Kafka 0.11).
    pub fn has_epoch_cache(&self) -> bool {
        self.cache_rule != CacheRule::None
    }
}

/// Kafka 0.10.2.1 (`hw`).
pub const HW: Capabilities = Capabilities {
    family: Family::Hw,
    cache_rule: CacheRule::None,
    records_epoch_on_election: false,
    fetch_carries_epoch: false,
    isr_join_needs_epoch_start: false,
    caught_up_never_lags: false,
    halts_on_fetch_past_leader_end: true,
    crashes_may_empty_isr: true,
    controller_sees_broker_epochs: false,
    reelects_current_leader: false,
    response_survives_same_leader_epoch: false,
    diverging_epoch_sets_hw: false,
    elects_when_unclean_enabled: false,
    consumer_validates_position: false,
    latest_waits_for_epoch_start: false,
    hw_counts_only_eligible: false,
    strict_min_isr: false,
    shrink_bumps_epoch: false,
    kraft_reads_unclean: false,
};

/// Kafka 0.11.0.0 (`kip-101`): leader epochs, recorded with the first write.
pub const KIP_101: Capabilities = Capabilities {
    family: Family::Kip101,
    cache_rule: CacheRule::OnlyAboveLatest,
    ..HW
};

/// Kafka 2.1.0 (`kip-279`).
pub const KIP_279: Capabilities = Capabilities {
    family: Family::Kip279,
    cache_rule: CacheRule::ReplaceConflictingKeepAtEnd,
    records_epoch_on_election: true,
    fetch_carries_epoch: false,
    isr_join_needs_epoch_start: true,
    caught_up_never_lags: true,
    halts_on_fetch_past_leader_end: false,
    crashes_may_empty_isr: false,
    controller_sees_broker_epochs: false,
    reelects_current_leader: true,
    response_survives_same_leader_epoch: false,
    diverging_epoch_sets_hw: false,
    elects_when_unclean_enabled: true,
    ..KIP_101
};

/// Kafka 2.8.1 and 3.x with ZooKeeper (`diverging-epoch`).
pub const DIVERGING_EPOCH: Capabilities = Capabilities {
    family: Family::Diverging,
    cache_rule: CacheRule::ReplaceConflicting,
    fetch_carries_epoch: true,
    controller_sees_broker_epochs: true,
    reelects_current_leader: false,
    response_survives_same_leader_epoch: true,
    diverging_epoch_sets_hw: true,
    consumer_validates_position: true,
    latest_waits_for_epoch_start: true,
    ..KIP_279
};

/// Kafka 4.1 with KRaft (`kraft-elr`): fetching as 2.8; its controller is
/// `handler/controller/kraft.rs`, which elects after `set
/// unclean.leader.election.enable=true` at its own times.
pub const KRAFT_ELR: Capabilities = Capabilities {
    response_survives_same_leader_epoch: false,
    diverging_epoch_sets_hw: false,
    elects_when_unclean_enabled: false,
    hw_counts_only_eligible: true,
    strict_min_isr: true,
    kraft_reads_unclean: true,
    ..DIVERGING_EPOCH
};
