//! The ZooKeeper controller and the brokers' lives: crashes, restarts, bounces,
//! elections, and the leader epoch each of them writes.

use super::follower::Follower;
use super::leader::Leader;
use super::producer::Producer;
use super::Out;
use crate::broker::{FollowerView, LeaderState, Volatile};
use crate::broker_set::{BrokerIx, BrokerSet};
use crate::command::CrashTarget;
use crate::event::{ElectionReason, Event, LossReason, ShrinkReason};
use crate::partition::Partition;
use crate::protocol::FollowCause;

pub(crate) struct Controller<'a> {
    pub p: &'a mut Partition,
    pub out: &'a mut Out,
}

impl Controller<'_> {
    fn follower(&mut self, ix: BrokerIx) -> Follower<'_> {
        Follower {
            p: self.p,
            out: self.out,
            ix,
        }
    }

    /// `crash`: the brokers stop at the same instant and the controller notices.
    pub fn crash(&mut self, targets: &[CrashTarget]) {
        let crashed: BrokerSet = targets.iter().map(|t| t.broker).collect();
        for t in targets {
            self.stop_broker(*t, true);
        }
        let leader_crashed = self.p.leader.is_some_and(|l| crashed.contains(l));
        if leader_crashed {
            // Responses on their way from the leader die with it.
            for f in 0..self.p.brokers.len() {
                self.follower(f).lose_in_flight(LossReason::LeaderCrashed);
            }
            Producer {
                p: self.p,
                out: self.out,
            }
            .fail_pending();
        }
        // The controller removes them from the ISR, but never empties it.
        let mut followers_removed = false;
        if !self.p.isr.minus(crashed).is_empty() {
            for b in self.p.isr.iter().filter(|&b| crashed.contains(b)) {
                self.p.isr.remove(b);
                followers_removed |= Some(b) != self.p.leader;
                self.out.push(Event::IsrShrunk {
                    broker: b,
                    isr: self.p.isr,
                    reason: ShrinkReason::Crashed,
                });
            }
        }
        match self.p.leader {
            Some(_) if leader_crashed => {
                self.p.leader = None;
                self.elect_after_leader_failure();
            }
            // Each ISR change the ZooKeeper controller writes is a new leader
            // epoch; the leader stays leader in it (one bump per statement).
            Some(leader) if followers_removed => {
                let isr = self.p.isr;
                self.make_leader(leader, isr, ElectionReason::FollowersCrashed);
            }
            _ => {}
        }
    }

    /// The first alive ISR member in assignment order takes over; with none, an
    /// unclean election if enabled, else the partition is offline.
    fn elect_after_leader_failure(&mut self) {
        let alive_isr = self.p.alive_isr();
        let first_alive = (0..self.p.brokers.len()).find(|&b| self.p.brokers[b].is_alive());
        match (alive_isr.iter().next(), first_alive) {
            (Some(b), _) => self.make_leader(b, alive_isr, ElectionReason::LeaderFailed),
            (None, Some(b)) if self.p.config.unclean_leader_election => {
                self.make_leader(b, BrokerSet::only(b), ElectionReason::UncleanAfterFailure)
            }
            _ => self.out.push(Event::PartitionOffline {
                epoch: self.p.leader_epoch,
            }),
        }
    }

    fn stop_broker(&mut self, target: CrashTarget, noticed: bool) {
        let b = target.broker;
        self.follower(b).lose_in_flight(LossReason::FollowerCrashed);
        let lost = self.p.brokers[b].stop(target.unflushed_from);
        self.out.push(Event::Crashed {
            broker: b,
            lost_from: (lost > 0).then(|| self.p.brokers[b].leo()),
            lost,
            noticed,
        });
    }

    /// `restart`: back with what is durable, the epoch checkpoint trimmed to the
    /// log end; it follows the current leader, leads if the partition is offline
    /// and it may, or waits for a leader.
    pub fn restart(&mut self, broker: BrokerIx) {
        let b = &mut self.p.brokers[broker];
        b.follow(None);
        let removed = b.recover();
        self.out.push(Event::Restarted {
            broker,
            leo: b.leo(),
            hw: b.hw(),
            latest_epoch: b.latest_epoch(),
        });
        if removed > 0 {
            self.out.push(Event::EpochsTrimmed {
                broker,
                log_end_offset: b.leo(),
                removed: removed as u32,
            });
        }
        let epoch = self.p.leader_epoch;
        match self.p.leader {
            Some(leader) => self.follower(broker).follow(leader, FollowCause::Restart, epoch),
            None if self.p.isr.contains(broker) => {
                let isr = self.p.alive_isr();
                self.make_leader(broker, isr, ElectionReason::CameBack { unclean: false });
            }
            None if self.p.config.unclean_leader_election => {
                self.make_leader(
                    broker,
                    BrokerSet::only(broker),
                    ElectionReason::CameBack { unclean: true },
                );
            }
            None => self.follower(broker).wait_for_leader(),
        }
    }

    /// `bounce`: a crash and restart the controller never noticed.
    pub fn bounce(&mut self, target: CrashTarget) {
        self.stop_broker(target, false);
        self.restart(target.broker);
    }

    /// `elect`.
    pub fn elect(&mut self, broker: BrokerIx, unclean: bool) {
        let isr = if unclean {
            BrokerSet::only(broker)
        } else {
            self.p.alive_isr()
        };
        self.make_leader(broker, isr, ElectionReason::Requested { unclean });
    }

    /// The controller writes `leader` as leader in the next epoch with `isr`;
    /// the broker makes itself leader (`Partition.makeLeader`) and everyone else
    /// alive is told to follow it (`Partition.makeFollower`).
    fn make_leader(&mut self, leader: BrokerIx, isr: BrokerSet, reason: ElectionReason) {
        let previous = self.p.leader;
        self.p.leader_epoch += 1;
        let epoch = self.p.leader_epoch;
        self.p.leader = Some(leader);
        self.p.isr = isr;
        if previous != Some(leader) {
            Producer {
                p: self.p,
                out: self.out,
            }
            .fail_pending();
        }
        // A response on its way to the new leader, as a follower, is fenced.
        self.follower(leader).lose_in_flight(LossReason::Fenced { epoch });
        self.reset_leader_state(leader);
        self.out.push(Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason,
        });
        let b = &mut self.p.brokers[leader];
        let leo = b.leo();
        if self.p.protocol.rules().records_epoch_on_election() && b.durable.epoch_cache.assign(epoch, leo) {
            self.out.push(Event::EpochAssigned {
                broker: leader,
                epoch,
                start_offset: leo,
            });
        }
        for f in (0..self.p.brokers.len()).filter(|&f| f != leader) {
            let cause = match &self.p.brokers[f].volatile {
                None => continue,
                Some(Volatile::Leader(_)) => FollowCause::NewLeader,
                Some(Volatile::Follower(state)) => match state.leader {
                    None => FollowCause::Restart,
                    Some(l) if l == leader => FollowCause::NewEpoch,
                    Some(_) => FollowCause::NewLeader,
                },
            };
            self.follower(f).follow(leader, cause, epoch);
        }
        if let Some(mut l) = Leader::current(self.p, self.out) {
            l.maybe_advance_hw();
        }
    }

    /// `Partition.makeLeader`: the epoch starts at the log end; a broker that
    /// becomes leader anew knows no follower's LEO (`isNewLeader`), one that stays
    /// leader keeps them; either way each follower's caught-up time restarts,
    /// now for ISR members and never for the others (`resetLastCaughtUpTime`).
    fn reset_leader_state(&mut self, leader: BrokerIx) {
        let n = self.p.brokers.len();
        let now = self.p.now_ms;
        let isr = self.p.isr;
        let b = &mut self.p.brokers[leader];
        let leo = b.leo();
        let mut followers = match b.volatile.take() {
            Some(Volatile::Leader(state)) => state.followers,
            _ => vec![FollowerView::default(); n],
        };
        for (f, view) in followers.iter_mut().enumerate() {
            view.last_caught_up_ms = if isr.contains(f) { now } else { 0 };
            view.last_fetch_ms = now;
            view.last_fetch_leader_leo = leo;
        }
        b.volatile = Some(Volatile::Leader(LeaderState {
            epoch_start_offset: leo,
            followers,
        }));
    }
}
