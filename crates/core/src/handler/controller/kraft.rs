//! The KRaft controller of Kafka 4.1 (`kraft-elr`), and of 3.3 – 4.0 as their
//! switches say: every leader change moves the leader epoch (to and from no
//! leader too), and an ISR shrink only in 3.3–3.5; Eligible Leader Replicas
//! (KIP-966, eligible.leader.replicas.version 1, 4.1+) keep brokers that left an
//! ISR below min ISR electable; the controller fences brokers one at a time;
//! restarts are clean or unclean. References: Kafka 4.1 `PartitionChangeBuilder`,
//! `ReplicationControlManager`, `ClusterControlManager`.

use super::{Controller, ControllerRules, Out};
use crate::broker_set::{BrokerIx, BrokerSet};
use crate::command::{CommandError, CrashTarget};
use crate::config::Setting;
use crate::event::{ElectionReason, Event, ShrinkReason};
use crate::partition::Partition;

pub(crate) struct KRaft;

/// What set off an election, for its reason.
#[derive(Clone, Copy)]
enum Trigger {
    LeaderFenced,
    /// The restart of this broker.
    Restart(BrokerIx),
    PeriodicCheck,
}

impl ControllerRules for KRaft {
    /// The brokers stop at the same instant; the controller fences them one at a
    /// time, in the order written (`ReplicationControlManager.handleBrokerFenced`).
    fn crash(&self, c: &mut Controller<'_>, targets: &[CrashTarget]) {
        for t in targets {
            c.stop_broker(*t, true);
        }
        if c.p.leader.is_some_and(|l| targets.iter().any(|t| t.broker == l)) {
            c.lose_leader();
        }
        for t in targets {
            fence(c, t.broker, ShrinkReason::Crashed);
        }
        c.advance_hw();
    }

    /// A controlled shutdown (`handleBrokerControlledShutdown`): the log is
    /// flushed, leadership moves, the broker leaves the ISR and leaves a clean mark.
    fn shutdown(&self, c: &mut Controller<'_>, broker: BrokerIx) {
        c.out.push(Event::ShutDown { broker });
        let led = c.p.leader == Some(broker);
        c.halt(CrashTarget {
            broker,
            unflushed_from: None,
        });
        c.p.brokers[broker].durable.clean_shutdown = true;
        if led {
            c.lose_leader();
        }
        fence(c, broker, ShrinkReason::ShutDown);
        c.advance_hw();
    }

    /// Without the clean mark the restart is unclean: a first change removes the
    /// broker from the ISR and the ELR, with an election that cannot pick it
    /// (`handleBrokerUncleanShutdown`); then it is unfenced with a new broker epoch
    /// and, if there is still no leader, an election runs that can pick it.
    /// The KRaft lines before 4.1 have no unclean-restart handling: the restart
    /// is the unfencing alone (contract 1.5 rule 5). From 4.1 it is there even
    /// with eligible.leader.replicas.version=0, as 1.2 says.
    fn restart(&self, c: &mut Controller<'_>, broker: BrokerIx) {
        let clean = c.p.brokers[broker].durable.clean_shutdown;
        let handles_unclean = c.p.protocol().defaults().elr_version >= 1;
        if !clean && handles_unclean {
            leave_isr(c, broker, ShrinkReason::UncleanRestart, BrokerSet::only(broker));
            if c.p.leader.is_none() {
                elect_leader(c, Trigger::Restart(broker));
            }
        }
        c.start_broker(broker, clean);
        // From 3.6 (KAFKA-15021) its log end as the leader knew it from an
        // earlier broker epoch counts for nothing: it counts for the HW again
        // only after a fetch in its new broker epoch. Before, it holds the HW
        // whatever broker epoch its last fetch carried (contract 1.5 rule 5).
        let only_eligible = c.p.capabilities().hw_counts_only_eligible;
        if let Some(state) = c.p.leader.and_then(|l| c.p.brokers[l].leader_state_mut()) {
            if only_eligible {
                state.followers[broker].leo = None;
            }
        }
        if c.p.leader.is_none() {
            elect_leader(c, Trigger::Restart(broker));
        }
        if c.p.leader != Some(broker) {
            c.follow_or_wait(broker);
        }
    }

    /// Under KRaft the controller always notices: `crash` then `restart`.
    fn bounce(&self, c: &mut Controller<'_>, target: CrashTarget) {
        c.out.push(Event::BounceNoticed { broker: target.broker });
        self.crash(c, &[target]);
        self.restart(c, target.broker);
    }

    /// The admin elections (`ReplicationControlManager.electLeaders`): a clean one
    /// moves leadership within the ISR (or, with the ISR empty, to an ELR member);
    /// an unclean one acts only on a leaderless partition.
    fn elect(&self, c: &mut Controller<'_>, broker: BrokerIx, unclean: bool) {
        if unclean {
            set_elr(c, BrokerSet::default(), None);
            return c.make_leader(broker, BrokerSet::only(broker), ElectionReason::Requested { unclean });
        }
        if c.p.leader == Some(broker) {
            let epoch = c.p.leader_epoch;
            return c.out.push(Event::ElectionNotNeeded { broker, epoch });
        }
        if c.p.isr.is_empty() {
            return elect_from_elr(c, broker);
        }
        let isr = c.p.isr;
        c.make_leader(broker, isr, ElectionReason::Requested { unclean });
    }

    fn check_elect(&self, p: &Partition, broker: BrokerIx, unclean: bool) -> Result<(), CommandError> {
        if unclean {
            return match p.leader {
                Some(_) => Err(CommandError::HasLeader),
                None => Ok(()),
            };
        }
        let eligible = p.isr.contains(broker) || (p.isr.is_empty() && p.elr.contains(broker));
        if eligible && !p.is_fenced(broker) {
            Ok(())
        } else {
            Err(CommandError::NotEligible { broker })
        }
    }

    fn leader_changed_isr(&self, p: &mut Partition, old: BrokerSet, out: &mut Out) {
        elr_rule(p, old, BrokerSet::default(), out);
    }

    fn leader_shrank_isr(&self, p: &mut Partition, out: &mut Out) {
        bump_for_shrink(&mut Controller { p, out });
    }

    /// KIP-966: a change of min.insync.replicas clears the ELR and the last
    /// known leader of the topic's partitions, with no election
    /// (ConfigurationControlManager.java 213-237; ReplicationControlManager.java
    /// 571-577, 603-619; KAFKA-16540). Unclean election enabled elects nothing at
    /// the line: the periodic check, a restart or `elect X unclean` do.
    fn setting_changed(&self, c: &mut Controller<'_>, setting: &Setting) {
        if matches!(setting, Setting::MinInsyncReplicas(_)) && c.p.has_elr() {
            set_elr(c, BrokerSet::default(), None);
        }
    }

    /// The controller's periodic check for leaderless partitions
    /// (`unclean.leader.election.interval.ms`, 300000 ms; 4.1.0
    /// QuorumController.java 1592, 1673-1678; ReplicationControlManager.java
    /// 1767-1802), when the clock reaches a multiple of it.
    /// Before 3.9 (KAFKA-12670) there is no such check.
    fn clock_advanced(&self, c: &mut Controller<'_>, previous_ms: u64) {
        if !c.p.capabilities().kraft_reads_unclean {
            return;
        }
        let crossed = c.p.now_ms / UNCLEAN_CHECK_INTERVAL_MS > previous_ms / UNCLEAN_CHECK_INTERVAL_MS;
        if crossed && c.p.leader.is_none() {
            elect_leader(c, Trigger::PeriodicCheck);
        }
    }
}

/// `unclean.leader.election.interval.ms` (internal; ReplicationConfigs.java
/// 119-121): how often the KRaft controller looks for leaderless partitions to
/// elect for.
pub(crate) const UNCLEAN_CHECK_INTERVAL_MS: u64 = 300_000;

/// The controller fences `broker`: it leaves the ISR (through the ELR rule), and
/// if it led, an election runs in which brokers not yet fenced still count.
fn fence(c: &mut Controller<'_>, broker: BrokerIx, reason: ShrinkReason) {
    c.p.fenced.insert(broker);
    if c.p.isr.contains(broker) {
        leave_isr(c, broker, reason, BrokerSet::default());
    }
    if c.p.leader == Some(broker) {
        elect_leader(c, Trigger::LeaderFenced);
    }
}

/// `broker` leaves the ISR, and the ELR follows by its rule, without `unclean`.
/// Without an ELR (version 0) the ISR never becomes empty: its last member stays.
fn leave_isr(c: &mut Controller<'_>, broker: BrokerIx, reason: ShrinkReason, unclean: BrokerSet) {
    let old = c.p.isr;
    let shrinks = old.contains(broker) && (c.p.has_elr() || old.len() > 1);
    if shrinks {
        c.p.isr.remove(broker);
        c.out.push(Event::IsrShrunk {
            broker,
            isr: c.p.isr,
            reason,
        });
    }
    elr_rule(c.p, old, unclean, c.out);
    if shrinks && c.p.leader != Some(broker) {
        bump_for_shrink(c);
    }
}

/// 3.3–3.5: a change that removes a broker from the ISR while the leader stays
/// gives epoch + 1 (`triggerLeaderEpochBumpIfNeeded`, PCB 259-266 @3.3.0): the
/// leader stays leader into it, as under the ZooKeeper controller's bump.
fn bump_for_shrink(c: &mut Controller<'_>) {
    if let Some(leader) = c.p.leader.filter(|_| c.p.capabilities().shrink_bumps_epoch) {
        let isr = c.p.isr;
        c.make_leader(leader, isr, ElectionReason::IsrShrinkBump);
    }
}

/// The ELR on every change of the ISR from `old` (`PartitionChangeBuilder`,
/// version 1): with at least *min* members the ELR empties; otherwise it becomes
/// (ELR ∪ old ISR) − new ISR, minus `unclean` (brokers restarting uncleanly). The
/// change that empties the ISR records its leader as the last known leader.
fn elr_rule(p: &mut Partition, old: BrokerSet, unclean: BrokerSet, out: &mut Out) {
    if !p.has_elr() {
        return;
    }
    let elr = if p.isr.len() as u32 >= p.min_isr() {
        BrokerSet::default()
    } else {
        p.elr.union(old).minus(p.isr).minus(unclean)
    };
    let last_known_leader = if p.isr.is_empty() && !old.is_empty() {
        p.leader.or(p.last_leader)
    } else {
        p.last_known_leader
    };
    set_elr_in(p, elr, last_known_leader, out);
}

fn set_elr(c: &mut Controller<'_>, elr: BrokerSet, last_known_leader: Option<BrokerIx>) {
    set_elr_in(c.p, elr, last_known_leader, c.out);
}

fn set_elr_in(p: &mut Partition, elr: BrokerSet, last_known_leader: Option<BrokerIx>, out: &mut Out) {
    if (elr, last_known_leader) != (p.elr, p.last_known_leader) {
        p.elr = elr;
        p.last_known_leader = last_known_leader;
        out.push(Event::ElrChanged { elr, last_known_leader });
    }
}

/// With the ISR empty, an ELR member leads: the ISR becomes just it, and it leaves
/// the ELR by the ELR rule.
fn elect_from_elr(c: &mut Controller<'_>, broker: BrokerIx) {
    let (old, elr) = (c.p.isr, c.p.elr);
    c.p.isr = BrokerSet::only(broker);
    // A leader exists again: the last known leader goes with this same change.
    c.p.last_known_leader = None;
    elr_rule(c.p, old, BrokerSet::default(), c.out);
    c.make_leader(broker, BrokerSet::only(broker), ElectionReason::FromElr { elr });
}

/// `PartitionChangeBuilder.electLeader`, in assignment order: the first unfenced
/// ISR member; with the ISR empty, the first unfenced ELR member; with both empty,
/// the last known leader if unfenced; with unclean election enabled, the first
/// unfenced broker; otherwise none, a change to no leader (one more epoch).
fn elect_leader(c: &mut Controller<'_>, trigger: Trigger) {
    let p = &*c.p;
    let unfenced = |b: &BrokerIx| !p.is_fenced(*b);
    let (clean, unclean) = match trigger {
        Trigger::LeaderFenced => (ElectionReason::LeaderFailed, ElectionReason::UncleanAfterFailure),
        Trigger::Restart(_) => (
            ElectionReason::CameBack { unclean: false },
            ElectionReason::CameBack { unclean: true },
        ),
        Trigger::PeriodicCheck => (
            ElectionReason::OfflineElection { unclean: false },
            ElectionReason::UncleanCheck,
        ),
    };
    // At a restart, a broker other than the one restarting did not come back:
    // the controller elected for the offline partition.
    let restarted = match trigger {
        Trigger::Restart(b) => Some(b),
        _ => None,
    };
    let by = |b: BrokerIx, reason: ElectionReason| match (restarted, reason) {
        (Some(r), ElectionReason::CameBack { unclean }) if r != b => ElectionReason::OfflineElection { unclean },
        _ => reason,
    };
    let clean = |b: BrokerIx| by(b, clean);
    let unclean = |b: BrokerIx| by(b, unclean);
    if let Some(b) = p.isr.iter().find(unfenced) {
        let isr = p.isr;
        return c.make_leader(b, isr, clean(b));
    }
    if p.isr.is_empty() {
        if let Some(b) = p.elr.iter().find(unfenced) {
            return elect_from_elr(c, b);
        }
        if p.elr.is_empty() {
            if let Some(b) = p.last_known_leader.filter(unfenced) {
                return c.make_leader(b, BrokerSet::only(b), ElectionReason::LastKnownLeader);
            }
        }
    }
    // The setting decides only when some broker could lead uncleanly.
    if let Some(b) = (0..p.brokers.len()).find(unfenced) {
        if c.p.unclean_election_enabled() {
            set_elr(c, BrokerSet::default(), None);
            return c.make_leader(b, BrokerSet::only(b), unclean(b));
        }
    }
    if c.p.leader.is_some() {
        c.go_offline(true);
    }
}
