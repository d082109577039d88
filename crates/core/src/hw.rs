//! The high watermark a leader could move to: over which replicas
//! (`Partition.maybeIncrementLeaderHW`: the ISR, and a replica outside it that
//! caught up within replica.lag.time.max.ms; from 3.6 only one that may
//! join the ISR), and the replica outside the ISR that holds it back
//! (KAFKA-4485). A read of the partition: the leader's handler moves the HW
//! by it, and the partition answers `hw_held_by_replica` with it.

use crate::broker_set::BrokerIx;
use crate::partition::Partition;
use crate::protocol::ControllerKind;
use serde::Serialize;

/// The leader's HW held by a replica outside the ISR that caught up recently
/// (KAFKA-4485): the ISR alone would let it reach `would_be`, but `replica`'s
/// log end counts until the clock passes `until_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct HwHold {
    /// The leader whose HW is held.
    pub leader: BrokerIx,
    /// The HW it stays at.
    pub hw: u64,
    /// Where it would move without the hold.
    pub would_be: u64,
    /// The replica outside the ISR that holds it.
    pub replica: BrokerIx,
    /// That replica's LEO as the leader knows it.
    pub replica_leo: u64,
    /// The time until which the replica still counts (last caught up + replica.lag.time.max.ms).
    pub until_ms: u64,
}

// Here rather than beside the partition: the partition is below its HW.
impl Partition {
    /// Whether a replica outside the ISR that caught up recently holds the
    /// leader's HW now, and until when (`Partition.maybeIncrementLeaderHW`).
    pub fn hw_held_by_replica(&self) -> Option<HwHold> {
        hold(self)
    }
}

/// What the leader's HW would be now, over the replicas that count.
pub(crate) struct HwCandidate {
    /// The smallest LEO over every replica that counts.
    pub(crate) hw: u64,
    /// The same over the leader and the ISR alone.
    pub(crate) isr_hw: u64,
    /// The replica outside the ISR that sets `hw` below `isr_hw`, with its LEO and
    /// the time after which it stops counting.
    pub(crate) holder: Option<(BrokerIx, u64, u64)>,
}

/// None when the leader does not act as leader, or a replica that counts has a
/// log end the leader does not know yet.
pub(crate) fn candidate(p: &Partition, leader: BrokerIx) -> Option<HwCandidate> {
    let b = &p.brokers[leader];
    let state = b.leader_state()?;
    // From 3.6 only a replica that may join the ISR counts (KAFKA-15021).
    let only_eligible = p.capabilities().hw_counts_only_eligible;
    let kraft = p.controller() == ControllerKind::KRaft;
    let max_lag = p.config.replica_lag_time_max_ms;
    let mut c = HwCandidate {
        hw: b.leo(),
        isr_hw: b.leo(),
        holder: None,
    };
    for (f, view) in state.followers.iter().enumerate().filter(|&(f, _)| f != leader) {
        let in_isr = p.isr.contains(f);
        let caught_up = view
            .last_caught_up_ms
            .filter(|&t| p.now_ms.saturating_sub(t) <= max_lag);
        // `isReplicaIsrEligible`: under KRaft unfenced, with a fetch in its
        // current broker epoch; under ZooKeeper its broker is up.
        let eligible = !only_eligible
            || if kraft {
                !p.is_fenced(f) && view.leo.is_some()
            } else {
                p.brokers[f].is_alive()
            };
        let counts = in_isr || (caught_up.is_some() && eligible);
        if !counts {
            continue;
        }
        let leo = view.leo?;
        if in_isr {
            c.isr_hw = c.isr_hw.min(leo);
        }
        if leo < c.hw {
            c.hw = leo;
            c.holder = match caught_up {
                Some(t) if !in_isr => Some((f, leo, t.saturating_add(max_lag))),
                _ => None,
            };
        }
    }
    if c.hw >= c.isr_hw {
        c.holder = None;
    }
    Some(c)
}

impl HwCandidate {
    /// The hold on a leader whose HW is `current_hw`: the ISR would let it move
    /// further than the replicas that count do.
    pub(crate) fn hold(&self, leader: BrokerIx, current_hw: u64) -> Option<HwHold> {
        let (replica, replica_leo, until_ms) = self.holder?;
        let hw = current_hw.max(self.hw);
        (self.isr_hw > hw).then_some(HwHold {
            leader,
            hw,
            would_be: self.isr_hw,
            replica,
            replica_leo,
            until_ms,
        })
    }
}

/// The replica outside the ISR that holds the leader's HW now, if any.
pub(crate) fn hold(p: &Partition) -> Option<HwHold> {
    let leader = p.leader?;
    // Only a replica outside the ISR can hold it (asked twice a command: keep
    // the usual case, every replica in the ISR, cheap).
    if p.isr.len() == p.brokers.len() {
        return None;
    }
    candidate(p, leader)?.hold(leader, p.brokers[leader].hw())
}
