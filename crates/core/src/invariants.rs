//! What holds of every state the model can reach, each named by the rule it
//! protects. `Cluster::apply` checks them after every command in debug builds
//! (so in every test), and the checker on every state it explores: a state
//! that breaks one is a bug in the model, found where it was made.

use crate::broker_set::BrokerIx;
use crate::partition::Partition;
use crate::protocol::capabilities::Family;
use crate::protocol::ControllerKind;
use std::fmt;

/// A rule every reachable state keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invariant {
    /// The ISR is never empty (the controller keeps the last member,
    /// `LeaderAndIsr`), except under KRaft (the ELR holds the rest) and in
    /// 0.10/0.11 with unclean election on (contract 1.3 rule 6).
    IsrNotEmpty,
    /// The leader is in the ISR.
    LeaderInIsr,
    /// The leader is up.
    LeaderUp,
    /// The controller has not fenced the leader.
    LeaderUnfenced,
    /// KIP-966: a replica is in the ISR or in the ELR, never both.
    ElrDisjointFromIsr,
    /// KIP-966: an ISR at min.insync.replicas empties the ELR.
    ElrEmptyAtMinIsr,
    /// Only KRaft keeps an ELR and a last known leader.
    ElrOnlyUnderKraft,
    /// KRaft fences exactly the brokers that are down.
    KraftFencesTheDown,
    /// A replica's high watermark is within its log: HW ≤ LEO.
    HwWithinLog,
    /// A leader-epoch cache grows in both epoch and start offset
    /// (`LeaderEpochFileCache.assign`).
    EpochCacheIncreasing,
    /// No cached epoch is later than the partition's, and none starts past
    /// the log's end.
    EpochCacheWithinLog,
    /// From 2.8 (truncation on fetch) the cache covers the log from its first
    /// record: every record has an epoch entry at or before it.
    EpochCacheCoversLog,
}

/// An invariant a state broke, and the broker it broke it for, if one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The invariant broken.
    pub invariant: Invariant,
    /// The broker it was broken for (None: the partition as a whole).
    pub broker: Option<BrokerIx>,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.broker {
            Some(b) => write!(f, "invariant {:?} broken for broker {b}", self.invariant),
            None => write!(f, "invariant {:?} broken", self.invariant),
        }
    }
}

fn holds(ok: bool, invariant: Invariant, broker: Option<BrokerIx>) -> Result<(), Broken> {
    if ok {
        Ok(())
    } else {
        Err(Broken { invariant, broker })
    }
}

/// The first invariant `c` breaks, if any. Costs a few steps per broker and
/// epoch entry, whatever the length of the logs.
pub fn check(c: &Partition) -> Result<(), Broken> {
    use Invariant::*;
    let caps = c.capabilities();
    holds(
        c.has_elr() || !c.isr().is_empty() || caps.crashes_may_empty_isr,
        IsrNotEmpty,
        None,
    )?;
    if let Some(l) = c.leader() {
        holds(c.isr().contains(l), LeaderInIsr, Some(l))?;
        holds(c.brokers().get(l).is_some_and(|b| b.is_alive()), LeaderUp, Some(l))?;
        holds(!c.is_fenced(l), LeaderUnfenced, Some(l))?;
    }
    if c.has_elr() {
        holds(c.elr().minus(c.isr()) == c.elr(), ElrDisjointFromIsr, None)?;
        holds(
            (c.isr().len() as u32) < c.min_isr() || c.elr().is_empty(),
            ElrEmptyAtMinIsr,
            None,
        )?;
    } else {
        holds(
            c.elr().is_empty() && c.last_known_leader().is_none(),
            ElrOnlyUnderKraft,
            None,
        )?;
    }
    for (ix, b) in c.brokers().iter().enumerate() {
        let at = Some(ix);
        if c.controller() == ControllerKind::KRaft {
            holds(c.is_fenced(ix) != b.is_alive(), KraftFencesTheDown, at)?;
        }
        holds(b.hw() <= b.leo(), HwWithinLog, at)?;
        let entries = b.durable.epoch_cache.entries();
        holds(
            entries
                .windows(2)
                .all(|w| w[0].epoch < w[1].epoch && w[0].start_offset < w[1].start_offset),
            EpochCacheIncreasing,
            at,
        )?;
        holds(
            entries
                .iter()
                .all(|e| e.epoch <= c.leader_epoch() && e.start_offset <= b.leo()),
            EpochCacheWithinLog,
            at,
        )?;
        // Epochs never decrease along a log, and the entries grow: the first
        // entry covering the first record covers them all. (Before 2.8 logs may
        // diverge and 2.1 may keep an entry at the log end that a lower epoch's
        // append then replaces, so a cache need not cover every record.)
        if caps.family == Family::Diverging {
            let covered = b.durable.log.records().first().is_none_or(|r| {
                entries
                    .first()
                    .is_some_and(|e| e.epoch <= r.epoch && e.start_offset <= r.offset)
            });
            holds(covered, EpochCacheCoversLog, at)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::{Cluster, Setup};
    use crate::command::Command;
    use crate::epoch_cache::LeaderEpochCache;
    use crate::{Protocol, Value};

    fn cluster(protocol: Protocol) -> Cluster {
        let mut c = Cluster::new(&Setup::of(&["A", "B"], protocol));
        for value in ["m1", "m2"] {
            c.apply(&Command::Produce {
                value: Value::from(value),
                acks: None,
            })
            .expect("valid");
        }
        c
    }

    #[test]
    fn a_reached_state_keeps_them_and_a_broken_one_is_named() {
        let c = cluster(Protocol::KraftElr);
        assert_eq!(check(&c), Ok(()));

        let mut hw = c.clone();
        hw.partition_mut().brokers[1].durable.hw = 1;
        assert_eq!(
            check(&hw),
            Err(Broken {
                invariant: Invariant::HwWithinLog,
                broker: Some(1)
            })
        );

        let mut isr = c.clone();
        let p = isr.partition_mut();
        p.isr = p.isr.minus(p.isr);
        assert_eq!(check(&isr).map_err(|b| b.invariant), Err(Invariant::LeaderInIsr));

        let mut cache = c.clone();
        let mut late = LeaderEpochCache::default();
        late.assign(0, 1);
        cache.partition_mut().brokers[0].durable.epoch_cache = late.clone();
        assert_eq!(
            check(&cache),
            Err(Broken {
                invariant: Invariant::EpochCacheCoversLog,
                broker: Some(0)
            })
        );
        // Before 2.8 a cache need not cover the log.
        let mut old = cluster(Protocol::Kip279);
        old.partition_mut().brokers[0].durable.epoch_cache = late;
        assert_eq!(check(&old), Ok(()));
    }
}
