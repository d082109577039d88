//! A broker's replica of the partition: what survives a crash (`Durable`) and what
//! does not (`Volatile`).

use crate::broker_set::BrokerIx;
use crate::epoch_cache::LeaderEpochCache;
use crate::log::Log;
use crate::message::InFlight;
use crate::value::Value;

/// How a generation's leader-epoch cache takes appends and truncations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CacheRule {
    /// No cache (before 0.11).
    None,
    /// Kafka 0.11 (`LeaderEpochFileCache.assign` 59-69): an append records its
    /// epoch only when it is above the latest one.
    OnlyAboveLatest,
    /// Kafka 2.1: entries that conflict with the new one are removed first, and
    /// a truncation at or past the log end changes nothing, not even the cache
    /// (2.1.0 `Log.truncateTo` 1717-1719; KAFKA-10706).
    ReplaceConflictingKeepAtEnd,
    /// Kafka 2.8+: entries that conflict with the new one are removed first; a
    /// truncation trims the cache to the log end even when no record goes.
    ReplaceConflicting,
}

impl CacheRule {
    fn truncation_at_log_end_is_noop(self) -> bool {
        self == CacheRule::ReplaceConflictingKeepAtEnd
    }
}

/// Written to disk: the log, the high-watermark checkpoint and the leader-epoch
/// checkpoint.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Durable {
    /// The records.
    pub log: Log,
    /// The high watermark, checkpointed on every change, so a restart reads back the
    /// one the broker had when it stopped.
    pub hw: u64,
    /// The leader-epoch cache, as its checkpoint file holds it.
    pub epoch_cache: LeaderEpochCache,
    /// The clean-shutdown marker a controlled `shutdown` leaves for the next start
    /// (KRaft reads it: a restart without it is unclean).
    pub clean_shutdown: bool,
}

/// Lost in a crash: the broker's role and everything it knew about others.
#[derive(Debug, PartialEq, Eq, Hash)]
pub enum Volatile {
    /// The broker leads the partition.
    Leader(LeaderState),
    /// The broker follows a leader, or waits for one.
    Follower(FollowerState),
}

/// What a leader holds in memory.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct LeaderState {
    /// The leader's log end when it became leader: where its epoch starts.
    pub epoch_start_offset: u64,
    /// The leader's view of each replica, by broker index (its own entry unused).
    pub followers: Vec<FollowerView>,
}

/// What a leader knows of one follower (`Replica` in Partition.scala).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FollowerView {
    /// The follower's LEO as its last fetch offset; None until it fetches.
    pub leo: Option<u64>,
    /// When it last caught up with the leader; None: never (Kafka's 0L).
    pub last_caught_up_ms: Option<u64>,
    /// Its previous fetch to this leader: when, and the leader's log end then.
    /// None: a new leader has seen none (`UnknownLogReadResult`).
    pub last_fetch: Option<LastFetch>,
}

/// A follower's previous fetch, as the leader saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LastFetch {
    /// When the fetch arrived.
    pub at_ms: u64,
    /// The leader's LEO at that time.
    pub leader_leo: u64,
}

/// What a follower holds in memory.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct FollowerState {
    /// The leader it follows; None while it waits for one (it restarted while the
    /// partition had no leader). While the partition is offline it keeps the
    /// leader it last followed, as Kafka's `Partition.leaderReplicaIdOpt` does.
    pub leader: Option<BrokerIx>,
    /// Whether it must validate its log (OffsetsForLeaderEpoch) before fetching.
    pub validating: bool,
    /// The request it has out, if any.
    pub in_flight: Option<InFlight>,
}

/// One broker: its replica on disk and, while it is up, its role.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Broker {
    /// The broker's name in the scenario (`A`, `B`, ...).
    pub id: String,
    /// The broker's registration epoch: 0 at the start, + 1 at each restart
    /// (KRaft's are metadata offsets: larger, in the same order).
    pub broker_epoch: u32,
    /// What is on disk.
    pub durable: Durable,
    /// None while the broker is down.
    pub volatile: Option<Volatile>,
    /// Down because its fetcher halted the process (0.10/0.11 FatalExitError),
    /// not because it crashed; cleared when it restarts.
    pub halted: bool,
}

// `clone_from` keeps the target's allocations (the id's text, the epoch cache,
// a leader's follower list, a follower's request out): see `clone_by_fields`.
clone_by_fields!(Broker {
    id,
    broker_epoch,
    durable,
    volatile,
    halted
});

clone_by_fields!(Durable {
    log,
    hw,
    epoch_cache,
    clean_shutdown
});

impl Clone for Volatile {
    fn clone(&self) -> Self {
        match self {
            Volatile::Leader(s) => Volatile::Leader(s.clone()),
            Volatile::Follower(s) => Volatile::Follower(s.clone()),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        match (self, source) {
            (Volatile::Leader(to), Volatile::Leader(from)) => to.clone_from(from),
            (Volatile::Follower(to), Volatile::Follower(from)) => to.clone_from(from),
            (to, from) => *to = from.clone(),
        }
    }
}

clone_by_fields!(LeaderState {
    epoch_start_offset,
    followers
});

clone_by_fields!(FollowerState {
    leader,
    validating,
    in_flight
});

impl Broker {
    /// A broker that is up, with an empty log, following nobody yet.
    pub fn new(id: String) -> Broker {
        Broker {
            id,
            broker_epoch: 0,
            durable: Durable::default(),
            volatile: Some(Volatile::Follower(FollowerState::default())),
            halted: false,
        }
    }

    /// Whether the broker is up.
    pub fn is_alive(&self) -> bool {
        self.volatile.is_some()
    }

    /// Its LEO.
    pub fn leo(&self) -> u64 {
        self.durable.log.end_offset()
    }

    /// Its HW.
    pub fn hw(&self) -> u64 {
        self.durable.hw
    }

    /// The latest epoch in its leader-epoch cache (None: empty).
    pub fn latest_epoch(&self) -> Option<u32> {
        self.durable.epoch_cache.latest_epoch()
    }

    /// Its leader state, if it leads.
    pub fn leader_state(&self) -> Option<&LeaderState> {
        match &self.volatile {
            Some(Volatile::Leader(s)) => Some(s),
            _ => None,
        }
    }

    /// Its leader state to change, if it leads.
    pub fn leader_state_mut(&mut self) -> Option<&mut LeaderState> {
        match &mut self.volatile {
            Some(Volatile::Leader(s)) => Some(s),
            _ => None,
        }
    }

    /// Its follower state, if it is an alive follower.
    pub fn follower_state(&self) -> Option<&FollowerState> {
        match &self.volatile {
            Some(Volatile::Follower(s)) => Some(s),
            _ => None,
        }
    }

    /// Its follower state to change, if it is an alive follower.
    pub fn follower_state_mut(&mut self) -> Option<&mut FollowerState> {
        match &mut self.volatile {
            Some(Volatile::Follower(s)) => Some(s),
            _ => None,
        }
    }

    /// Becomes a follower of `leader` (None: waits for one) with nothing in flight
    /// and nothing to validate yet.
    pub fn follow(&mut self, leader: Option<BrokerIx>) {
        self.volatile = Some(Volatile::Follower(FollowerState {
            leader,
            validating: false,
            in_flight: None,
        }));
    }

    /// The leader this follower follows (None for a leader, a broker that is down,
    /// or one waiting for a leader).
    pub fn followed_leader(&self) -> Option<BrokerIx> {
        self.follower_state().and_then(|f| f.leader)
    }

    /// The request this follower has out, if any.
    pub fn in_flight(&self) -> Option<&InFlight> {
        self.follower_state().and_then(|f| f.in_flight.as_ref())
    }

    /// Appends a record in `epoch` and records the epoch's start in the
    /// leader-epoch cache as `cache` says (`Log.append` assigns the batch's
    /// partition leader epoch). Returns the offset and whether the cache changed.
    pub fn append(&mut self, epoch: u32, value: Value, cache: CacheRule) -> (u64, bool) {
        let offset = self.durable.log.append(epoch, value);
        let assigned = match cache {
            CacheRule::None => false,
            CacheRule::OnlyAboveLatest => self.durable.epoch_cache.assign_above_latest(epoch, offset),
            CacheRule::ReplaceConflictingKeepAtEnd | CacheRule::ReplaceConflicting => {
                self.durable.epoch_cache.assign(epoch, offset)
            }
        };
        (offset, assigned)
    }

    /// Truncates the log to `offset`, the epoch cache with it, and keeps HW ≤ LEO.
    /// Like `Log.truncateTo`, the epoch cache is truncated even when no record is
    /// removed (a replica that was leader may hold an entry for an epoch in which
    /// it wrote nothing, at its log end: KAFKA-7415), except where `cache` says a
    /// truncation at or past the log end changes nothing (2.1.0 `Log.truncateTo`).
    /// Returns whether a record was removed.
    pub fn truncate_to(&mut self, offset: u64, cache: CacheRule) -> bool {
        if offset >= self.leo() && cache.truncation_at_log_end_is_noop() {
            return false;
        }
        let removed = self.durable.log.truncate_to(offset);
        let end = self.leo();
        self.durable.epoch_cache.truncate_from_end(end);
        self.durable.hw = self.durable.hw.min(end);
        removed
    }

    /// Log recovery on load: the leader-epoch checkpoint is trimmed to the log end
    /// (`Log.loadSegments` → `leaderEpochCache.truncateFromEnd(logEndOffset)`), also
    /// when no record was lost. Returns how many entries were dropped.
    pub fn recover(&mut self) -> usize {
        let before = self.durable.epoch_cache.entries().len();
        let end = self.leo();
        self.durable.epoch_cache.truncate_from_end(end);
        before - self.durable.epoch_cache.entries().len()
    }

    /// Stops the broker: the volatile part is gone and records from
    /// `unflushed_from` on were never on disk. Returns how many records were lost.
    pub fn stop(&mut self, unflushed_from: Option<u64>) -> u64 {
        self.volatile = None;
        match unflushed_from {
            Some(from) if from < self.leo() => {
                let lost = self.leo() - from;
                self.truncate_to(from, CacheRule::ReplaceConflicting);
                lost
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    #[test]
    fn stop_loses_unflushed_records_and_caps_the_checkpoints() {
        let mut b = Broker::new("A".into());
        b.append(0, Value::from("m1"), CacheRule::ReplaceConflicting);
        b.append(1, Value::from("m2"), CacheRule::ReplaceConflicting);
        b.durable.hw = 2;
        assert_eq!(b.stop(Some(1)), 1);
        assert!(!b.is_alive());
        assert_eq!(b.leo(), 1);
        assert_eq!(b.hw(), 1, "the HW checkpoint is no larger than the log end");
        assert_eq!(b.latest_epoch(), Some(0), "epoch 1 started at the lost offset");
    }

    #[test]
    fn truncating_at_the_log_end_still_drops_an_empty_epoch_there() {
        let mut b = Broker::new("B".into());
        b.append(0, Value::from("m1"), CacheRule::ReplaceConflicting);
        b.durable.epoch_cache.assign(1, 1); // elected in epoch 1, wrote nothing
        assert!(!b.truncate_to(1, CacheRule::ReplaceConflicting));
        assert_eq!(b.latest_epoch(), Some(0));
    }

    #[test]
    fn stop_past_the_log_end_loses_nothing() {
        let mut b = Broker::new("A".into());
        b.append(0, Value::from("m1"), CacheRule::ReplaceConflicting);
        assert_eq!(b.stop(Some(4)), 0);
        assert_eq!(b.leo(), 1);
    }
}
