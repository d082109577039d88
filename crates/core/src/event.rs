//! What applying a command caused. Events are data: the front ends turn them into
//! sentences and pictures.

use crate::broker_set::{BrokerIx, BrokerSet};
use crate::config::{Acks, Setting};
use crate::log::Value;
use crate::message::{Reply, Request};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Event {
    // ---- the producer
    Appended {
        leader: BrokerIx,
        offset: u64,
        epoch: u32,
        value: Value,
        acks: Acks,
    },
    ProduceRefused {
        value: Value,
        reason: ProduceRefusal,
    },
    Acked {
        value: Value,
        offset: u64,
    },
    AckFailed {
        value: Value,
        offset: u64,
        reason: AckFailure,
    },

    // ---- replication
    RequestSent {
        follower: BrokerIx,
        leader: BrokerIx,
        request: Request,
    },
    /// A follower had nobody to send its request to.
    NoLeaderToFetchFrom {
        follower: BrokerIx,
    },
    /// The leader handled the request; the response is on its way.
    RequestAnswered {
        follower: BrokerIx,
        leader: BrokerIx,
        reply: Reply,
    },
    /// The Fetch found no records: the leader recorded its offset and parks it
    /// (`DelayedFetch`) until its next append, or until the response is delivered.
    FetchParked {
        follower: BrokerIx,
        leader: BrokerIx,
        offset: u64,
    },
    /// A parked fetch is gone before any response was made, for `reason`.
    ParkedFetchLost {
        follower: BrokerIx,
        offset: u64,
        reason: LossReason,
    },
    ResponseDelivered {
        follower: BrokerIx,
        reply: Reply,
    },
    ResponseLost {
        follower: BrokerIx,
        reply: Reply,
        reason: LossReason,
    },
    /// The follower appended the records [from, to) it fetched.
    Replicated {
        follower: BrokerIx,
        from: u64,
        to: u64,
    },
    HighWatermarkChanged {
        broker: BrokerIx,
        from: u64,
        to: u64,
    },
    /// A truncation decision. `to == from` means the log was kept as it is.
    Truncation {
        broker: BrokerIx,
        from: u64,
        to: u64,
        rule: TruncationRule,
        /// Whether the follower's log is now validated (false: it asks again).
        complete: bool,
    },
    EpochAssigned {
        broker: BrokerIx,
        epoch: u32,
        start_offset: u64,
    },
    /// Kafka 2.1 (KAFKA-10706): the truncation removed nothing, so the epoch cache
    /// kept its latest entry and the follower will ask the same
    /// OffsetsForLeaderEpoch question again.
    AsksAgainUnchanged {
        broker: BrokerIx,
        leader_epoch: Option<u32>,
    },
    /// The leader's HW would move to `would_be` but a replica outside the ISR
    /// that caught up recently holds it at `hw`: its log end `replica_leo` counts
    /// until the clock passes `until_ms` (last caught up + replica.lag.time.max.ms).
    /// Told at the step the hold begins or changes; `Partition::hw_held_by_replica`
    /// says it while it lasts.
    HighWatermarkHeldByReplica {
        broker: BrokerIx,
        hw: u64,
        would_be: u64,
        replica: BrokerIx,
        replica_leo: u64,
        until_ms: u64,
    },

    // ---- brokers and the controller
    Crashed {
        broker: BrokerIx,
        /// Unflushed records lost: the log now ends here (None: nothing lost).
        lost_from: Option<u64>,
        lost: u64,
        /// false for a bounce the controller never saw.
        noticed: bool,
    },
    Restarted {
        broker: BrokerIx,
        leo: u64,
        hw: u64,
        latest_epoch: Option<u32>,
        /// Its new broker epoch.
        broker_epoch: u32,
        /// KRaft: whether it restarts cleanly (after `shutdown`); always false
        /// under ZooKeeper, where nothing reads the mark.
        clean: bool,
    },
    /// A controlled shutdown: the log is flushed and leadership moves.
    ShutDown {
        broker: BrokerIx,
    },
    /// Kafka 0.10/0.11 with unclean election off: the follower's fetch offset
    /// was past the leader's log end, and its fetcher's FatalExitError ends the
    /// broker's process (its whole log kept). The controller sees it go.
    Halted {
        broker: BrokerIx,
        /// The leader it fetched from (as its fetcher knew it).
        leader: Option<BrokerIx>,
        fetch_offset: u64,
        leader_log_end: u64,
    },
    /// The controller sees the bounced broker come back with a new broker epoch
    /// (2.2+ ZooKeeper, KIP-380; KRaft): the bounce is a crash and a restart.
    BounceNoticed {
        broker: BrokerIx,
    },
    /// `elect` of the current leader: no election, no new epoch.
    ElectionNotNeeded {
        broker: BrokerIx,
        epoch: u32,
    },
    /// KRaft: the ELR or the last known leader changed with an ISR change.
    ElrChanged {
        elr: BrokerSet,
        last_known_leader: Option<BrokerIx>,
    },
    /// KRaft (strict min ISR, 3.7+): the leader's HW would move but holds while
    /// the ISR has fewer than `min_isr` members.
    HighWatermarkHeld {
        broker: BrokerIx,
        hw: u64,
        isr: u32,
        min_isr: u32,
    },
    LeaderElected {
        leader: BrokerIx,
        epoch: u32,
        isr: BrokerSet,
        reason: ElectionReason,
        /// How the leader records the new epoch in its leader-epoch cache.
        record: EpochRecord,
    },
    PartitionOffline {
        epoch: u32,
        /// Losing its leader wrote `epoch`, a new leader epoch: under KRaft that
        /// is a leader change (`PartitionRegistration.merge`); under ZooKeeper
        /// the epoch stays and the banner tells it.
        new_epoch: bool,
    },
    /// Told to follow `leader`, or restarted while the partition has no leader
    /// (`None`): it keeps its log as it is and waits for one
    /// (`ReplicaManager.makeFollowers` acts only for a live leader). `next` is
    /// what it decided to do first: now, or once a leader is elected.
    BecameFollower {
        broker: BrokerIx,
        leader: Option<BrokerIx>,
        next: FollowerNext,
    },
    /// The broker it follows became leader again in a new epoch, and the follower
    /// carries on as it was: before KAFKA-7164 (Kafka 2.1) the same leader was no
    /// change (`Partition.makeFollower`).
    KeptFollowing {
        broker: BrokerIx,
        leader: BrokerIx,
        epoch: u32,
    },
    /// Log recovery on restart trimmed the leader-epoch checkpoint to the log end:
    /// `removed` entries started at or past it.
    EpochsTrimmed {
        broker: BrokerIx,
        log_end_offset: u64,
        removed: u32,
    },
    IsrShrunk {
        broker: BrokerIx,
        isr: BrokerSet,
        reason: ShrinkReason,
    },
    IsrExpanded {
        broker: BrokerIx,
        isr: BrokerSet,
    },
    ClockAdvanced {
        now_ms: u64,
    },
    ConfigChanged {
        setting: Setting,
    },
    ViolationFound {
        violation: Violation,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum ProduceRefusal {
    NoLeader,
    NotEnoughReplicas { isr: u32, min_isr: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum AckFailure {
    /// Leadership moved (or the leader went down) before the record was committed.
    LeadershipMoved,
    /// The HW passed the record while the ISR had fewer than min.insync.replicas
    /// members: committed, but answered NOT_ENOUGH_REPLICAS_AFTER_APPEND.
    NotEnoughReplicasAfterAppend { isr: u32, min_isr: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum LossReason {
    /// A new leader epoch began while it was in flight.
    Fenced {
        epoch: u32,
    },
    FollowerCrashed,
    LeaderCrashed,
    /// Dropped on the way by hand.
    Dropped,
}

/// Why a follower's log ends where it does after a truncation decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum TruncationRule {
    /// Before leader epochs: a replica that becomes a follower truncates to its HW.
    HighWatermark { hw: u64 },
    /// KIP-101: the leader's end offset for the asked epoch (None: −1, asked by a
    /// follower with no epochs); truncate if below LEO.
    LeaderEndOffset { asked: Option<u32>, end_offset: u64 },
    /// The leader could not say where the asked epoch ends: truncate to the HW.
    UndefinedEndOffset { asked: Option<u32>, hw: u64 },
    /// KIP-279: both sides have the epoch the leader returned; truncate to the
    /// smaller of their end offsets for it.
    SameEpoch {
        asked: u32,
        epoch: u32,
        leader_end: u64,
        follower_end: u64,
    },
    /// KIP-279: the follower's largest epoch at or below the leader's is smaller;
    /// truncate to where that one ends locally and ask again.
    FollowerEpochBelow {
        asked: u32,
        leader_epoch: u32,
        leader_end: u64,
        follower_epoch: u32,
        follower_end: u64,
    },
    /// KIP-279: the follower has no epochs at all: truncate to the leader's end offset.
    NoFollowerEpochs {
        asked: Option<u32>,
        leader_epoch: u32,
        leader_end: u64,
    },
    /// The fetch offset was past the leader's log end.
    LeaderLogEnd { log_end_offset: u64 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum ElectionReason {
    /// The leader crashed; the first alive ISR member took over.
    LeaderFailed,
    /// The leader crashed and no ISR member was alive: unclean election.
    UncleanAfterFailure,
    /// The partition was offline and this broker came back.
    CameBack { unclean: bool },
    /// `elect`.
    Requested { unclean: bool },
    /// KRaft: the ISR was empty and this broker was the first unfenced member
    /// of the ELR, `elr` at the election (the new leader among them).
    FromElr { elr: BrokerSet },
    /// KRaft: ISR and ELR were empty and this broker, unfenced, led last.
    LastKnownLeader,
    /// The ZooKeeper controller removed crashed followers from the ISR, which
    /// writes a new leader epoch: the leader stays leader in it
    /// (`ReplicaStateMachine` → `removeReplicasFromIsr` → `LeaderAndIsr.newLeaderAndIsr`).
    FollowersCrashed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum FollowerNext {
    /// It carries on as it was, without checking its log: a `KeptFollowing`
    /// follower's move (before KAFKA-7164, Kafka 2.1).
    KeepFollowing,
    /// It must first find out where its log diverges (OffsetsForLeaderEpoch).
    Validate,
    /// Before leader epochs: it truncates to its own HW (its log ended at
    /// `from`), then fetches.
    TruncateToHw { hw: u64, from: u64 },
    /// It fetches from its log end, each fetch carrying its latest epoch for
    /// the leader to check (KIP-320, truncation on fetch from 2.8).
    FetchChecked,
    /// It fetches from its log end.
    Fetch,
}

/// How the leader of a new epoch records it in its leader-epoch cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum EpochRecord {
    /// At once, at its log end `offset` (Kafka 2.1+, `Partition.makeLeader`).
    AtOnce { offset: u64 },
    /// With its next write (Kafka 0.11: `Log.append` assigns the epoch).
    WithNextWrite,
    /// Not at all: no leader-epoch cache before Kafka 0.11.
    NoCache,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum ShrinkReason {
    Crashed,
    /// A controlled shutdown.
    ShutDown,
    /// KRaft: a restart without the clean mark first removes the broker from the
    /// ISR and the ELR.
    UncleanRestart,
    /// Not caught up for longer than replica.lag.time.max.ms when the leader
    /// looked (`checked_at_ms`, a multiple of replica.lag.time.max.ms / 2);
    /// `since_ms` None: never caught up with this leader.
    Lagged {
        since_ms: Option<u64>,
        checked_at_ms: u64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViolationKind {
    CommittedWriteLost,
    ReplicasDiverged,
}

impl ViolationKind {
    pub const ALL: [ViolationKind; 2] = [ViolationKind::CommittedWriteLost, ViolationKind::ReplicasDiverged];

    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::CommittedWriteLost => "committed-write-lost",
            ViolationKind::ReplicasDiverged => "replicas-diverged",
        }
    }

    pub fn from_name(s: &str) -> Option<ViolationKind> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Violation {
    /// A committed record is no longer at its offset in the leader's log.
    CommittedWriteLost {
        leader: BrokerIx,
        offset: u64,
        epoch: u32,
        value: Value,
        /// What the leader holds there now, if anything.
        now: Option<(u32, Value)>,
    },
    /// An ISR follower holds a different committed record than the leader.
    ReplicasDiverged {
        leader: BrokerIx,
        follower: BrokerIx,
        offset: u64,
        leader_record: (u32, Value),
        follower_record: (u32, Value),
    },
}

impl Violation {
    pub fn kind(&self) -> ViolationKind {
        match self {
            Violation::CommittedWriteLost { .. } => ViolationKind::CommittedWriteLost,
            Violation::ReplicasDiverged { .. } => ViolationKind::ReplicasDiverged,
        }
    }
}
