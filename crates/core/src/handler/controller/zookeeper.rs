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
        // The setting is read only where it decides: when the crash would empty the ISR.
        let keeps_some = !c.p.isr.minus(crashed).is_empty();
        if keeps_some || (c.p.capabilities().crashes_may_empty_isr && c.p.unclean_election_enabled()) {
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
            Some(_) => {}
            // Offline already: the broker change makes the controller elect
            // again (1.4 rule 4).
            None => {
                elect_while_offline(c, None);
            }
        }
        // From 3.6 (KAFKA-15021) a crashed replica outside the ISR stops
        // holding the HW at its crash (contract 1.5 rule 6).
        if c.p.capabilities().hw_counts_only_eligible {
            c.advance_hw();
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

    /// The broker follows the current leader. With none, the controller elects
    /// again (1.4 rule 4: `onBrokerStartup`, 0.10.2.1 `KafkaController` 439,
    /// 2.8.1 536), which may pick this broker, another one, or nobody; then it
    /// waits.
    fn restart(&self, c: &mut Controller<'_>, broker: BrokerIx) {
        start(c, broker, true);
    }

    /// So quick the controller never noticed: it stays in the ISR, and no
    /// election runs. From 2.2 on the controller sees the new broker epoch
    /// (KIP-380; 2.8.0 `KafkaController` 1568-1569, 1596-1607): a crash, then a
    /// restart.
    fn bounce(&self, c: &mut Controller<'_>, target: CrashTarget) {
        if c.p.capabilities().controller_sees_broker_epochs {
            c.out.push(Event::BounceNoticed { broker: target.broker });
            self.crash(c, &[target]);
            return self.restart(c, target.broker);
        }
        c.stop_broker(target, false);
        start(c, target.broker, false);
    }

    /// `elect` of the current leader does nothing (the preferred replica already
    /// leads), except in 2.1.0, which makes it leader again in a new epoch
    /// (`PartitionStateMachine` 428-437).
    fn elect(&self, c: &mut Controller<'_>, broker: BrokerIx, unclean: bool) {
        if c.p.leader == Some(broker) && !c.p.capabilities().reelects_current_leader {
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

    /// Unclean election enabled on an offline partition: from 2.1 the
    /// controller elects at once, the first alive broker leading with just
    /// itself in the ISR (KAFKA-6835; 1.4 rule 3). Before, nothing happens
    /// until its next election.
    fn setting_changed(&self, c: &mut Controller<'_>, setting: &Setting) {
        let enabled = *setting == Setting::UncleanLeaderElection(true);
        if enabled && c.p.leader.is_none() && c.p.capabilities().elects_when_unclean_enabled {
            if let Some(b) = (0..c.p.brokers.len()).find(|&b| c.p.brokers[b].is_alive()) {
                c.make_leader(b, BrokerSet::only(b), ElectionReason::UncleanEnabled);
            }
        }
    }

    /// The ZooKeeper controller has no periodic election.
    fn clock_advanced(&self, _: &mut Controller<'_>, _: u64) {}
}

/// A broker starts; if the controller `noticed` and the partition has no
/// leader, it elects again; a broker it did not elect follows the leader or
/// waits.
fn start(c: &mut Controller<'_>, broker: BrokerIx, noticed: bool) {
    c.start_broker(broker, false);
    if noticed && c.p.leader.is_none() && elect_while_offline(c, Some(broker)) {
        return;
    }
    c.follow_or_wait(broker);
}

/// The controller's election for an offline partition at a broker change
/// (1.4 rule 4): the first alive ISR member in assignment order, with the alive
/// ISR; with unclean election on, otherwise the first alive broker, alone in
/// the ISR. `restarted` is the broker whose restart set it off, if one did.
/// Whether a leader was elected.
fn elect_while_offline(c: &mut Controller<'_>, restarted: Option<BrokerIx>) -> bool {
    let alive_isr = c.p.alive_isr();
    let first_alive = (0..c.p.brokers.len()).find(|&b| c.p.brokers[b].is_alive());
    let (leader, isr, unclean) = match (alive_isr.iter().next(), first_alive) {
        (Some(b), _) => (b, alive_isr, false),
        (None, Some(b)) if c.p.unclean_election_enabled() => (b, BrokerSet::only(b), true),
        _ => return false,
    };
    let reason = if restarted == Some(leader) {
        ElectionReason::CameBack { unclean }
    } else {
        ElectionReason::OfflineElection { unclean }
    };
    c.make_leader(leader, isr, reason);
    true
}

/// The first alive ISR member in assignment order takes over; with none, an
/// unclean election if enabled, else the partition is offline (no new epoch).
fn elect_after_leader_failure(c: &mut Controller<'_>) {
    let alive_isr = c.p.alive_isr();
    let first_alive = (0..c.p.brokers.len()).find(|&b| c.p.brokers[b].is_alive());
    match (alive_isr.iter().next(), first_alive) {
        (Some(b), _) => c.make_leader(b, alive_isr, ElectionReason::LeaderFailed),
        (None, Some(b)) if c.p.unclean_election_enabled() => {
            c.make_leader(b, BrokerSet::only(b), ElectionReason::UncleanAfterFailure)
        }
        _ => c.go_offline(false),
    }
}
