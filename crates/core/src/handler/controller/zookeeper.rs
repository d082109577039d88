//! The ZooKeeper controller (Kafka 0.10 – 3.x), as the four ZooKeeper
//! generations run it: every ISR change it writes is a new leader epoch, the ISR
//! never becomes empty, and going offline costs no epoch.

use super::{Controller, ControllerRules, Out};
use crate::broker_set::{BrokerIx, BrokerSet};
use crate::command::{CommandError, CrashTarget};
use crate::config::Setting;
use crate::event::{ElectionReason, Event, ShrinkReason};
use crate::partition::Partition;

pub(crate) struct ZooKeeper;

impl ControllerRules for ZooKeeper {
    /// `KafkaController.onBrokerFailure`: the crashed brokers leave the ISR (never
    /// emptying it); a dead leader is replaced by the first alive ISR member; crashed
    /// followers leaving the ISR are a new epoch for the same leader
    /// (`ReplicaStateMachine` → `removeReplicasFromIsr` → `LeaderAndIsr.newLeaderAndIsr`),
    /// one bump per statement.
    fn crash(&self, c: &mut Controller<'_>, targets: &[CrashTarget]) {
        let crashed: BrokerSet = targets.iter().map(|t| t.broker).collect();
        for t in targets {
            c.stop_broker(*t, true);
            c.p.fenced.insert(t.broker);
        }
        let leader_crashed = c.p.leader.is_some_and(|l| crashed.contains(l));
        if leader_crashed {
            c.lose_leader();
        }
        let mut followers_removed = false;
        // The ISR never empties, but under 0.10/0.11 with unclean election on
        // (0.10.2.1 `removeReplicaFromIsr` 1073-1082; KAFKA-5642 in 1.1).
        let may_empty = c.p.rules().capabilities().crashes_may_empty_isr && c.p.config.unclean_leader_election;
        if may_empty || !c.p.isr.minus(crashed).is_empty() {
            for b in c.p.isr.iter().filter(|&b| crashed.contains(b)) {
                c.p.isr.remove(b);
                followers_removed |= Some(b) != c.p.leader;
                c.out.push(Event::IsrShrunk {
                    broker: b,
                    isr: c.p.isr,
                    reason: ShrinkReason::Crashed,
                });
            }
        }
        match c.p.leader {
            Some(_) if leader_crashed => elect_after_leader_failure(c),
            Some(leader) if followers_removed => {
                let isr = c.p.isr;
                c.make_leader(leader, isr, ElectionReason::FollowersCrashed);
            }
            _ => {}
        }
    }

    /// Under ZooKeeper a controlled shutdown is `crash` without unflushed loss.
    fn shutdown(&self, c: &mut Controller<'_>, broker: BrokerIx) {
        self.crash(
            c,
            &[CrashTarget {
                broker,
                unflushed_from: None,
            }],
        );
    }

    /// The broker follows the current leader; with none, it leads if it is in the
    /// ISR (or under unclean election), otherwise it waits.
    fn restart(&self, c: &mut Controller<'_>, broker: BrokerIx) {
        c.start_broker(broker, false);
        if c.p.leader.is_none() {
            if c.p.isr.contains(broker) {
                let isr = c.p.alive_isr();
                return c.make_leader(broker, isr, ElectionReason::CameBack { unclean: false });
            }
            if c.p.config.unclean_leader_election {
                let reason = ElectionReason::CameBack { unclean: true };
                return c.make_leader(broker, BrokerSet::only(broker), reason);
            }
        }
        c.follow_or_wait(broker);
    }

    /// So quick the controller never noticed: it stays in the ISR. From 2.2 on
    /// the controller sees the new broker epoch (KIP-380; 2.8.0 `KafkaController`
    /// 1568-1569, 1596-1607): a crash, then a restart.
    fn bounce(&self, c: &mut Controller<'_>, target: CrashTarget) {
        if c.p.rules().capabilities().controller_sees_broker_epochs {
            c.out.push(Event::BounceNoticed { broker: target.broker });
            self.crash(c, &[target]);
        } else {
            c.stop_broker(target, false);
        }
        self.restart(c, target.broker);
    }

    /// `elect` of the current leader does nothing (the preferred replica already
    /// leads), except in 2.1.0, which makes it leader again in a new epoch
    /// (`PartitionStateMachine` 428-437).
    fn elect(&self, c: &mut Controller<'_>, broker: BrokerIx, unclean: bool) {
        if c.p.leader == Some(broker) && !c.p.rules().capabilities().reelects_current_leader {
            let epoch = c.p.leader_epoch;
            return c.out.push(Event::ElectionNotNeeded { broker, epoch });
        }
        let isr = if unclean {
            BrokerSet::only(broker)
        } else {
            c.p.alive_isr()
        };
        c.make_leader(broker, isr, ElectionReason::Requested { unclean });
    }

    fn check_elect(&self, p: &Partition, broker: BrokerIx, unclean: bool) -> Result<(), CommandError> {
        if !unclean && !p.isr.contains(broker) {
            return Err(CommandError::NotInIsr { broker });
        }
        Ok(())
    }

    /// Lag shrinks and rejoins change no epoch and nothing else.
    fn leader_changed_isr(&self, _: &mut Partition, _: BrokerSet, _: &mut Out) {}

    fn setting_changed(&self, _: &mut Partition, _: &Setting, _: &mut Out) {}
}

/// The first alive ISR member in assignment order takes over; with none, an
/// unclean election if enabled, else the partition is offline (no new epoch).
fn elect_after_leader_failure(c: &mut Controller<'_>) {
    let alive_isr = c.p.alive_isr();
    let first_alive = (0..c.p.brokers.len()).find(|&b| c.p.brokers[b].is_alive());
    match (alive_isr.iter().next(), first_alive) {
        (Some(b), _) => c.make_leader(b, alive_isr, ElectionReason::LeaderFailed),
        (None, Some(b)) if c.p.config.unclean_leader_election => {
            c.make_leader(b, BrokerSet::only(b), ElectionReason::UncleanAfterFailure)
        }
        _ => c.go_offline(false),
    }
}
