//! What applying a command caused. Events are data: the front ends turn them into
//! sentences and pictures.

use crate::broker_set::{BrokerIx, BrokerSet};
use crate::config::{Acks, OffsetReset, Setting};
use crate::consumer::{ConsumerError, ReadRecord, ResetCause};
use crate::message::{Reply, Request};
use crate::value::Value;
use serde::Serialize;

/// Something that happened while a command was applied, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Event {
    // ---- the producer
    /// The leader appended a produced record to its log.
    Appended {
        /// The leader that appended it.
        leader: BrokerIx,
        /// The offset the record got.
        offset: u64,
        /// The leader epoch the record was written in.
        epoch: u32,
        /// The record's value.
        value: Value,
        /// The acks the write uses (the configured default if none was given).
        acks: Acks,
    },
    /// The producer's write was refused before any append.
    ProduceRefused {
        /// The value that was not written.
        value: Value,
        /// Why it was refused.
        reason: ProduceRefusal,
    },
    /// The producer got a successful acknowledgement.
    Acked {
        /// The acknowledged value.
        value: Value,
        /// The offset it was written at.
        offset: u64,
    },
    /// The producer got an error for a record the leader had appended.
    AckFailed {
        /// The value whose write failed.
        value: Value,
        /// The offset the leader had appended it at.
        offset: u64,
        /// Why the write failed.
        reason: AckFailure,
    },

    // ---- replication
    /// A follower sent a request to the leader.
    RequestSent {
        /// The follower that sent it.
        follower: BrokerIx,
        /// The leader it went to.
        leader: BrokerIx,
        /// What it asked.
        request: Request,
    },
    /// A follower had nobody to send its request to.
    NoLeaderToFetchFrom {
        /// The follower with no leader to ask.
        follower: BrokerIx,
    },
    /// The leader handled the request; the response is on its way.
    RequestAnswered {
        /// The follower that sent the request.
        follower: BrokerIx,
        /// The leader that answered it.
        leader: BrokerIx,
        /// The response on its way.
        reply: Reply,
    },
    /// The Fetch found no records: the leader recorded its offset and parks it
    /// (`DelayedFetch`) until its next append, or until the response is delivered.
    FetchParked {
        /// The follower whose fetch was parked.
        follower: BrokerIx,
        /// The leader holding it.
        leader: BrokerIx,
        /// The fetch offset it asked from.
        offset: u64,
    },
    /// A parked fetch is gone before any response was made, for `reason`.
    ParkedFetchLost {
        /// The follower whose fetch it was.
        follower: BrokerIx,
        /// The fetch offset it asked from.
        offset: u64,
        /// Why it was lost.
        reason: LossReason,
    },
    /// The response reached the follower.
    ResponseDelivered {
        /// The follower it reached.
        follower: BrokerIx,
        /// The response.
        reply: Reply,
    },
    /// The response never reached the follower.
    ResponseLost {
        /// The follower it was meant for.
        follower: BrokerIx,
        /// The response that was lost.
        reply: Reply,
        /// Why it was lost.
        reason: LossReason,
    },
    /// The follower appended the records [from, to) it fetched.
    Replicated {
        /// The follower that appended them.
        follower: BrokerIx,
        /// The first offset appended.
        from: u64,
        /// The offset after the last one appended: the follower's new LEO.
        to: u64,
    },
    /// A broker's high watermark moved.
    HighWatermarkChanged {
        /// The broker whose HW moved.
        broker: BrokerIx,
        /// The HW before.
        from: u64,
        /// The HW after.
        to: u64,
    },
    /// A truncation decision. `to == from` means the log was kept as it is.
    Truncation {
        /// The broker that truncated (or kept its log).
        broker: BrokerIx,
        /// Its LEO before.
        from: u64,
        /// Its LEO after.
        to: u64,
        /// The rule that set where the log ends.
        rule: TruncationRule,
        /// Whether the follower's log is now validated (false: it asks again).
        complete: bool,
    },
    /// A broker's leader-epoch cache got a new entry.
    EpochAssigned {
        /// The broker whose cache it is.
        broker: BrokerIx,
        /// The leader epoch recorded.
        epoch: u32,
        /// The first offset written in that epoch.
        start_offset: u64,
    },
    /// Kafka 2.1 (KAFKA-10706): the truncation removed nothing, so the epoch cache
    /// kept its latest entry and the follower will ask the same
    /// OffsetsForLeaderEpoch question again.
    AsksAgainUnchanged {
        /// The follower that will ask again.
        broker: BrokerIx,
        /// The epoch it asks about again (None: −1, no epochs).
        leader_epoch: Option<u32>,
    },
    /// The leader's HW would move to `would_be` but a replica outside the ISR
    /// that caught up recently holds it at `hw`: its log end `replica_leo` counts
    /// until the clock passes `until_ms` (last caught up + replica.lag.time.max.ms).
    /// Told at the step the hold begins or changes; `Partition::hw_held_by_replica`
    /// says it while it lasts.
    HighWatermarkHeldByReplica {
        /// The leader whose HW is held.
        broker: BrokerIx,
        /// The HW it stays at.
        hw: u64,
        /// Where it would move without the hold.
        would_be: u64,
        /// The replica outside the ISR that holds it.
        replica: BrokerIx,
        /// That replica's LEO as the leader knows it.
        replica_leo: u64,
        /// The time until which the replica still counts.
        until_ms: u64,
    },

    // ---- brokers and the controller
    /// A broker went down, with or without the controller seeing it.
    Crashed {
        /// The broker that went down.
        broker: BrokerIx,
        /// Unflushed records lost: the log now ends here (None: nothing lost).
        lost_from: Option<u64>,
        /// How many records were lost.
        lost: u64,
        /// false for a bounce the controller never saw.
        noticed: bool,
    },
    /// A broker came back up.
    Restarted {
        /// The broker that restarted.
        broker: BrokerIx,
        /// Its LEO after recovery.
        leo: u64,
        /// Its HW after recovery.
        hw: u64,
        /// The latest leader epoch in its epoch cache (None: the cache is empty).
        latest_epoch: Option<u32>,
        /// Its new broker epoch.
        broker_epoch: u32,
        /// KRaft: whether it restarts cleanly (after `shutdown`); always false
        /// under ZooKeeper, where nothing reads the mark.
        clean: bool,
    },
    /// A controlled shutdown: the log is flushed and leadership moves.
    ShutDown {
        /// The broker that shut down.
        broker: BrokerIx,
    },
    /// Kafka 0.10/0.11 with unclean election off: the follower's fetch offset
    /// was past the leader's log end, and its fetcher's FatalExitError ends the
    /// broker's process (its whole log kept). The controller sees it go.
    Halted {
        /// The broker that halted.
        broker: BrokerIx,
        /// The leader it fetched from (as its fetcher knew it).
        leader: Option<BrokerIx>,
        /// The follower's fetch offset.
        fetch_offset: u64,
        /// The leader's LEO, which the fetch offset was past.
        leader_log_end: u64,
    },
    /// The controller sees the bounced broker come back with a new broker epoch
    /// (2.2+ ZooKeeper, KIP-380; KRaft): the bounce is a crash and a restart.
    BounceNoticed {
        /// The broker that bounced.
        broker: BrokerIx,
    },
    /// `elect` of the current leader: no election, no new epoch.
    ElectionNotNeeded {
        /// The broker that is already leader.
        broker: BrokerIx,
        /// The current leader epoch.
        epoch: u32,
    },
    /// KRaft: the ELR or the last known leader changed with an ISR change.
    ElrChanged {
        /// The ELR after the change.
        elr: BrokerSet,
        /// The leader recorded when the ISR emptied, after the change (None: none).
        last_known_leader: Option<BrokerIx>,
    },
    /// KRaft (strict min ISR, 3.7+): the leader's HW would move but holds while
    /// the ISR has fewer than `min_isr` members.
    HighWatermarkHeld {
        /// The leader whose HW is held.
        broker: BrokerIx,
        /// The HW it stays at.
        hw: u64,
        /// The ISR's size.
        isr: u32,
        /// The min.insync.replicas setting.
        min_isr: u32,
    },
    /// The controller elected a leader in a new leader epoch.
    LeaderElected {
        /// The new leader.
        leader: BrokerIx,
        /// The leader epoch after the election.
        epoch: u32,
        /// The ISR in the new epoch.
        isr: BrokerSet,
        /// Why the election happened.
        reason: ElectionReason,
        /// How the leader records the new epoch in its leader-epoch cache.
        record: EpochRecord,
    },
    /// The partition has no leader.
    PartitionOffline {
        /// The leader epoch the partition is in now.
        epoch: u32,
        /// The leader it lost (None: it had none already).
        previous: Option<BrokerIx>,
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
        /// The broker that became a follower.
        broker: BrokerIx,
        /// The leader it follows (None: no leader yet).
        leader: Option<BrokerIx>,
        /// What it does first.
        next: FollowerNext,
    },
    /// The broker it follows became leader again in a new epoch, and the follower
    /// carries on as it was: before KAFKA-7164 (Kafka 2.1) the same leader was no
    /// change (`Partition.makeFollower`).
    KeptFollowing {
        /// The follower that kept following.
        broker: BrokerIx,
        /// The leader it follows.
        leader: BrokerIx,
        /// The leader's new epoch.
        epoch: u32,
    },
    /// Log recovery on restart trimmed the leader-epoch checkpoint to the log end:
    /// `removed` entries started at or past it.
    EpochsTrimmed {
        /// The broker that recovered its log.
        broker: BrokerIx,
        /// Its LEO, where the checkpoint now ends.
        log_end_offset: u64,
        /// How many entries were removed.
        removed: u32,
    },
    /// A broker left the ISR.
    IsrShrunk {
        /// The broker removed from the ISR.
        broker: BrokerIx,
        /// The ISR after the removal.
        isr: BrokerSet,
        /// Why it was removed.
        reason: ShrinkReason,
    },
    /// A follower joined the ISR.
    IsrExpanded {
        /// The follower added to the ISR.
        broker: BrokerIx,
        /// The ISR after the addition.
        isr: BrokerSet,
    },
    /// Time moved on.
    ClockAdvanced {
        /// The clock after the tick, in milliseconds.
        now_ms: u64,
    },
    /// A configuration setting changed.
    ConfigChanged {
        /// The new setting.
        setting: Setting,
    },
    // ---- consumers (contract 1.4 rule 5)
    /// A consumer polled while the partition had no leader: nothing happened.
    ConsumeWithoutLeader {
        /// The consumer.
        consumer: Value,
    },
    /// KIP-320 (from 2.3): the leader or its epoch changed since the consumer
    /// last used its position, so it asked OffsetsForLeaderEpoch for its
    /// position's epoch; the end offset answered is at or past the position.
    PositionValidated {
        /// The consumer.
        consumer: Value,
        /// The leader asked.
        leader: BrokerIx,
        /// The epoch asked: its position's.
        asked: u32,
        /// The epoch the leader answered for.
        epoch: u32,
        /// Where that epoch ends in the leader's log.
        end_offset: u64,
        /// The position, kept.
        position: u64,
    },
    /// KIP-320: the end offset answered is below the position: the log the
    /// consumer read was truncated. With latest or earliest the position moves
    /// back to it (Kafka logs it at INFO); with none, `ConsumerFailed` follows.
    TruncationDetected {
        /// The consumer.
        consumer: Value,
        /// The leader asked.
        leader: BrokerIx,
        /// The epoch asked: its position's.
        asked: u32,
        /// The epoch the leader answered for.
        epoch: u32,
        /// Where that epoch ends in the leader's log.
        end_offset: u64,
        /// The position before.
        from: u64,
        /// Whether the position moved to `end_offset` (not with none).
        moved: bool,
    },
    /// The consumer's position was reset with ListOffsets at the leader: `to` is
    /// 0 for earliest, the leader's HW for latest; None when the leader could not
    /// answer yet (KIP-207, OFFSET_NOT_AVAILABLE: its HW is below the start of
    /// its epoch), so the reset waits for the next `consume`.
    ConsumerReset {
        /// The consumer.
        consumer: Value,
        /// The leader asked.
        leader: BrokerIx,
        /// Why the reset was due.
        cause: ResetCause,
        /// auto.offset.reset.
        policy: OffsetReset,
        /// The position before the reset became due.
        from: u64,
        /// The new position (None: not available yet).
        to: Option<u64>,
    },
    /// A `consume` raised an error to the application (auto.offset.reset=none).
    ConsumerFailed {
        /// The consumer.
        consumer: Value,
        /// The error.
        error: ConsumerError,
        /// The position, which stays.
        at: u64,
        /// For a truncation, the end offset the leader answered (None: undefined).
        divergent: Option<u64>,
    },
    /// A consumer's fetch at the leader: the records from `from` below the
    /// leader's HW (none at or past it), returned to the application.
    Consumed {
        /// The consumer.
        consumer: Value,
        /// The leader read.
        leader: BrokerIx,
        /// The offset fetched from.
        from: u64,
        /// The records returned, in offset order (none: nothing to read below the HW).
        records: Vec<ReadRecord>,
        /// The leader's HW, the end of what a consumer may read.
        high_watermark: u64,
    },
    /// A safety check failed.
    ViolationFound {
        /// What was violated.
        violation: Violation,
    },
}

/// Why the leader refused a produce request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum ProduceRefusal {
    /// No broker leads the partition.
    NoLeader,
    /// The ISR has fewer than min.insync.replicas members (acks=all).
    NotEnoughReplicas {
        /// The ISR's size.
        isr: u32,
        /// The min.insync.replicas setting.
        min_isr: u32,
    },
}

/// Why a produced record's acknowledgement failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum AckFailure {
    /// Leadership moved (or the leader went down) before the record was committed.
    LeadershipMoved,
    /// The HW passed the record while the ISR had fewer than min.insync.replicas
    /// members: committed, but answered NOT_ENOUGH_REPLICAS_AFTER_APPEND.
    NotEnoughReplicasAfterAppend {
        /// The leader whose high watermark committed it.
        leader: BrokerIx,
        /// The ISR's size.
        isr: u32,
        /// The min.insync.replicas setting.
        min_isr: u32,
    },
}

/// Why a request or response in flight was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum LossReason {
    /// A new leader epoch began while it was in flight.
    Fenced {
        /// The new leader epoch that fenced it.
        epoch: u32,
    },
    /// The follower crashed.
    FollowerCrashed,
    /// The leader crashed.
    LeaderCrashed,
    /// Dropped on the way by hand.
    Dropped,
}

/// Why a follower's log ends where it does after a truncation decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum TruncationRule {
    /// Before leader epochs: a replica that becomes a follower truncates to its HW.
    HighWatermark {
        /// The follower's HW.
        hw: u64,
    },
    /// KIP-101: the leader's end offset for the asked epoch (None: −1, asked by a
    /// follower with no epochs); truncate if below LEO.
    LeaderEndOffset {
        /// The epoch the follower asked for (None: −1).
        asked: Option<u32>,
        /// The leader's end offset for it.
        end_offset: u64,
    },
    /// The leader could not say where the asked epoch ends: truncate to the HW.
    UndefinedEndOffset {
        /// The epoch the follower asked for (None: −1).
        asked: Option<u32>,
        /// The follower's HW.
        hw: u64,
    },
    /// KIP-279: both sides have the epoch the leader returned; truncate to the
    /// smaller of their end offsets for it.
    SameEpoch {
        /// The epoch the follower asked for.
        asked: u32,
        /// The epoch the leader returned.
        epoch: u32,
        /// The leader's end offset for that epoch.
        leader_end: u64,
        /// The follower's end offset for that epoch.
        follower_end: u64,
    },
    /// KIP-279: the follower's largest epoch at or below the leader's is smaller;
    /// truncate to where that one ends locally and ask again.
    FollowerEpochBelow {
        /// The epoch the follower asked for.
        asked: u32,
        /// The epoch the leader returned.
        leader_epoch: u32,
        /// The leader's end offset for it.
        leader_end: u64,
        /// The follower's largest epoch at or below the leader's.
        follower_epoch: u32,
        /// The follower's end offset for that epoch.
        follower_end: u64,
    },
    /// KIP-279: the follower has no epochs at all: truncate to the leader's end offset.
    NoFollowerEpochs {
        /// The epoch the follower asked for (None: −1).
        asked: Option<u32>,
        /// The epoch the leader returned.
        leader_epoch: u32,
        /// The leader's end offset for it.
        leader_end: u64,
    },
    /// The fetch offset was past the leader's log end.
    LeaderLogEnd {
        /// The leader's LEO.
        log_end_offset: u64,
    },
}

/// Why a leader was elected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum ElectionReason {
    /// The leader crashed; the first alive ISR member took over.
    LeaderFailed,
    /// The leader crashed and no ISR member was alive: unclean election.
    UncleanAfterFailure,
    /// The partition was offline and this broker came back.
    CameBack {
        /// Whether it came back from outside the ISR (an unclean election).
        unclean: bool,
    },
    /// `elect`.
    Requested {
        /// Whether the election was unclean (a leader from outside the ISR).
        unclean: bool,
    },
    /// KRaft: the ISR was empty and this broker was the first unfenced member
    /// of the ELR, `elr` at the election (the new leader among them).
    FromElr {
        /// The ELR at the election.
        elr: BrokerSet,
    },
    /// KRaft: ISR and ELR were empty and this broker, unfenced, led last.
    LastKnownLeader,
    /// The ZooKeeper controller removed crashed followers from the ISR, which
    /// writes a new leader epoch: the leader stays leader in it
    /// (`ReplicaStateMachine` → `removeReplicasFromIsr` → `LeaderAndIsr.newLeaderAndIsr`).
    FollowersCrashed,
    /// KRaft 3.3–3.5: the controller removed a broker from the ISR, and every
    /// ISR shrink bumps the leader epoch (`PartitionChangeBuilder`
    /// `triggerLeaderEpochBumpIfNeeded` 259-266 @3.3.0): the leader stays
    /// leader in it.
    IsrShrinkBump,
    /// ZooKeeper: the partition was offline and another broker's crash, shutdown
    /// or restart made the controller elect again, which chose this broker
    /// (1.4 rule 4); KRaft: the periodic check found this ISR or ELR member.
    OfflineElection {
        /// Whether it came from outside the ISR (an unclean election).
        unclean: bool,
    },
    /// ZooKeeper from 2.1: unclean.leader.election.enable became true while the
    /// partition was offline, and the controller elected at once (KAFKA-6835).
    UncleanEnabled,
    /// KRaft: the controller's periodic check for leaderless partitions
    /// elected this broker from outside the ISR and ELR (unclean).
    UncleanCheck,
}

/// What a new follower does first.
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
    TruncateToHw {
        /// Its HW, where the log is cut.
        hw: u64,
        /// Its LEO before the truncation.
        from: u64,
    },
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
    AtOnce {
        /// The leader's LEO, where the new epoch starts.
        offset: u64,
    },
    /// With its next write (Kafka 0.11: `Log.append` assigns the epoch).
    WithNextWrite,
    /// Not at all: no leader-epoch cache before Kafka 0.11.
    NoCache,
}

/// Why a broker left the ISR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum ShrinkReason {
    /// It crashed.
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
        /// When it was last caught up (None: never with this leader).
        since_ms: Option<u64>,
        /// When the leader checked.
        checked_at_ms: u64,
    },
}

/// The kinds of safety violation the checker looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViolationKind {
    /// A committed record was lost from the leader's log.
    CommittedWriteLost,
    /// An ISR follower holds a different committed record than the leader.
    ReplicasDiverged,
    /// A record a consumer read is no longer at its offset in the leader's log.
    ConsumerReadLost,
    /// A consumer read at an offset a record other than one read there before.
    ConsumerReadDiverged,
}

impl ViolationKind {
    /// Every kind, in order.
    pub const ALL: [ViolationKind; 4] = [
        ViolationKind::CommittedWriteLost,
        ViolationKind::ReplicasDiverged,
        ViolationKind::ConsumerReadLost,
        ViolationKind::ConsumerReadDiverged,
    ];

    /// The kinds about the replicas, which the checker's bounds choose among;
    /// the consumers' kinds need a consumer.
    pub const REPLICAS: [ViolationKind; 2] = [ViolationKind::CommittedWriteLost, ViolationKind::ReplicasDiverged];

    /// The kind's kebab-case name, as scenarios write it.
    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::CommittedWriteLost => "committed-write-lost",
            ViolationKind::ReplicasDiverged => "replicas-diverged",
            ViolationKind::ConsumerReadLost => "consumer-read-lost",
            ViolationKind::ConsumerReadDiverged => "consumer-read-diverged",
        }
    }

    /// The kind with the given kebab-case name, if any.
    pub fn from_name(s: &str) -> Option<ViolationKind> {
        Self::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// A safety violation the checker found.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Violation {
    /// A committed record is no longer at its offset in the leader's log.
    CommittedWriteLost {
        /// The leader whose log lost it.
        leader: BrokerIx,
        /// The record's offset.
        offset: u64,
        /// The leader epoch it was written in.
        epoch: u32,
        /// Its value.
        value: Value,
        /// What the leader holds there now, if anything.
        now: Option<(u32, Value)>,
    },
    /// An ISR follower holds a different committed record than the leader.
    ReplicasDiverged {
        /// The leader.
        leader: BrokerIx,
        /// The diverging follower.
        follower: BrokerIx,
        /// The offset where they differ.
        offset: u64,
        /// The leader's record there: its epoch and value.
        leader_record: (u32, Value),
        /// The follower's record there: its epoch and value.
        follower_record: (u32, Value),
    },
    /// A record a consumer read is no longer at its offset in the leader's log.
    ConsumerReadLost {
        /// The consumer that read it.
        consumer: Value,
        /// The leader whose log lacks it.
        leader: BrokerIx,
        /// The record's offset.
        offset: u64,
        /// The leader epoch it was written in.
        epoch: u32,
        /// Its value.
        value: Value,
        /// What the leader holds there now, if anything.
        now: Option<(u32, Value)>,
    },
    /// A consumer read at `offset` a record other than one a consumer read
    /// there before.
    ConsumerReadDiverged {
        /// The consumer that read it now.
        consumer: Value,
        /// The consumer that read the other record before (maybe the same).
        earlier: Value,
        /// The offset.
        offset: u64,
        /// The record read before: its epoch and value.
        before: (u32, Value),
        /// The record read now: its epoch and value.
        now: (u32, Value),
    },
}

impl Violation {
    /// The kind of this violation.
    pub fn kind(&self) -> ViolationKind {
        match self {
            Violation::CommittedWriteLost { .. } => ViolationKind::CommittedWriteLost,
            Violation::ReplicasDiverged { .. } => ViolationKind::ReplicasDiverged,
            Violation::ConsumerReadLost { .. } => ViolationKind::ConsumerReadLost,
            Violation::ConsumerReadDiverged { .. } => ViolationKind::ConsumerReadDiverged,
        }
    }
}
