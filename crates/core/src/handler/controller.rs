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
        let stays = matches!(b.volatile, Some(Volatile::Leader(_)));
        let mut followers = match b.volatile.take() {
            Some(Volatile::Leader(state)) => state.followers,
            _ => vec![FollowerView::default(); n],
        };
        for (f, view) in followers.iter_mut().enumerate() {
            view.last_caught_up_ms = if isr.contains(f) { now } else { 0 };
            // A new leader then forgets each follower's fetch altogether
            // (`updateLogReadResult(UnknownLogReadResult)`).
            (view.last_fetch_ms, view.last_fetch_leader_leo) = if stays { (now, leo) } else { (0, 0) };
        }
        b.volatile = Some(Volatile::Leader(LeaderState {
            epoch_start_offset: leo,
            followers,
        }));
    }
}

#[cfg(test)]
mod tests {
    use crate::event::{ElectionReason, Event, FollowerNext, ShrinkReason};
    use crate::handler::testing::{cluster, step};
    use crate::BrokerSet;
    use std::sync::Arc;

    fn set(ids: &[usize]) -> BrokerSet {
        ids.iter().copied().collect()
    }

    fn crashed(broker: usize) -> Event {
        Event::Crashed {
            broker,
            lost_from: None,
            lost: 0,
            noticed: true,
        }
    }

    /// A B C with m1 on A and B (committed); C fetched once, at offset 0.
    const M1_ON_A_AND_B: &str = "brokers A B C
        produce m1
        fetch B
        fetch C
        fetch B";

    // ZooKeeper controller (0.10.2.1 – 2.8): ReplicaStateMachine → OfflineReplica →
    // removeReplicasFromIsr writes LeaderAndIsr.newLeaderAndIsr, epoch + 1; the
    // leader stays leader (Partition.makeLeader with isNewLeader false), keeps its
    // followers' LEOs and moves its HW at once (maybeIncrementLeaderHW).
    #[test]
    fn zookeeper_controller_bumps_the_epoch_when_a_follower_crashes() {
        let mut c = cluster(&format!("protocol kip-279\n{M1_ON_A_AND_B}"));
        assert_eq!(
            step(&mut c, "crash C"),
            vec![
                crashed(2),
                Event::IsrShrunk {
                    broker: 2,
                    isr: set(&[0, 1]),
                    reason: ShrinkReason::Crashed,
                },
                Event::LeaderElected {
                    leader: 0,
                    epoch: 1,
                    isr: set(&[0, 1]),
                    reason: ElectionReason::FollowersCrashed,
                },
                Event::EpochAssigned {
                    broker: 0,
                    epoch: 1,
                    start_offset: 1,
                },
                Event::BecameFollower {
                    broker: 1,
                    leader: Some(0),
                    next: FollowerNext::Validate,
                },
                // B's LEO, 1, is still known: m1 is committed without another fetch.
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
                Event::Acked {
                    value: Arc::from("m1"),
                    offset: 0,
                },
            ]
        );
    }

    // 0.11 Partition.makeLeader records no epoch until the first write in it, and
    // the follower of the same leader carries on (Partition.makeFollower: false).
    #[test]
    fn under_kafka_0_11_the_bumped_epoch_waits_for_a_write_and_followers_carry_on() {
        let mut c = cluster(&format!("protocol kip-101\n{M1_ON_A_AND_B}"));
        assert_eq!(
            step(&mut c, "crash C"),
            vec![
                crashed(2),
                Event::IsrShrunk {
                    broker: 2,
                    isr: set(&[0, 1]),
                    reason: ShrinkReason::Crashed,
                },
                Event::LeaderElected {
                    leader: 0,
                    epoch: 1,
                    isr: set(&[0, 1]),
                    reason: ElectionReason::FollowersCrashed,
                },
                Event::KeptFollowing {
                    broker: 1,
                    leader: 0,
                    epoch: 1,
                },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
                Event::Acked {
                    value: Arc::from("m1"),
                    offset: 0,
                },
            ]
        );
    }

    // The controller writes nothing for a replica already out of the ISR.
    #[test]
    fn a_crash_of_followers_outside_the_isr_bumps_nothing() {
        let mut c = cluster("brokers A B C\ncrash C\nrestart C");
        assert_eq!(c.leader_epoch(), 1);
        let events = step(&mut c, "crash C");
        assert_eq!(events, vec![crashed(2)]);
        assert_eq!(c.leader_epoch(), 1);
    }

    // KafkaController.onBrokerFailure: the offline leader's partitions are elected
    // first; one new epoch for the new leader, not one more for the ISR change.
    #[test]
    fn a_crash_that_takes_the_leader_down_elects_with_one_bump() {
        let mut c = cluster("protocol hw\nbrokers A B C");
        let events = step(&mut c, "crash A B");
        assert!(events.contains(&Event::LeaderElected {
            leader: 2,
            epoch: 1,
            isr: set(&[2]),
            reason: ElectionReason::LeaderFailed,
        }));
        assert_eq!(c.leader_epoch(), 1);
    }

    // ReplicaManager.makeFollowers acts only for a live leader: a broker restarting
    // while the partition is offline keeps its log and waits.
    #[test]
    fn a_broker_restarting_without_a_leader_waits_with_its_log() {
        let mut c = cluster(
            "protocol hw
             brokers A B
             produce m1
             fetch B
             crash B
             crash A",
        );
        assert_eq!(c.leader(), None);
        assert_eq!(
            step(&mut c, "restart B"),
            vec![
                Event::Restarted {
                    broker: 1,
                    leo: 1,
                    hw: 0,
                    latest_epoch: Some(0),
                },
                Event::BecameFollower {
                    broker: 1,
                    leader: None,
                    next: FollowerNext::WaitForLeader,
                },
            ]
        );
        assert_eq!(c.broker(1).map(|b| b.leo()), Some(1), "no truncation yet");
    }

    // Log.loadSegments → leaderEpochCache.truncateFromEnd(logEndOffset): an entry for
    // an epoch in which the broker wrote nothing is dropped on restart.
    #[test]
    fn restart_trims_the_epoch_checkpoint_to_the_log_end() {
        let mut c = cluster(
            "protocol kip-279
             brokers A B
             produce m1
             fetch B
             fetch B
             elect B          # B records epoch 1 at offset 1 and writes nothing
             crash B",
        );
        assert_eq!(
            step(&mut c, "restart B"),
            vec![
                Event::Restarted {
                    broker: 1,
                    leo: 1,
                    hw: 1,
                    latest_epoch: Some(0),
                },
                Event::EpochsTrimmed {
                    broker: 1,
                    log_end_offset: 1,
                    removed: 1,
                },
                Event::BecameFollower {
                    broker: 1,
                    leader: Some(0),
                    next: FollowerNext::Validate,
                },
            ]
        );
    }

    // Partition.makeLeader: every call resets each follower's caught-up time and
    // last fetch to (now, leader LEO); a new leader then forgets the fetch
    // altogether (updateLogReadResult(UnknownLogReadResult)).
    #[test]
    fn a_new_leader_forgets_each_follower_fetch_a_staying_leader_does_not() {
        let mut c = cluster("protocol kip-279\nbrokers A B C\nproduce m1\nfetch B\nfetch C\ntick 10");
        step(&mut c, "crash C");
        let view = |c: &crate::Cluster, l: usize, f: usize| {
            c.broker(l).and_then(|b| b.leader_state()).map(|s| {
                (
                    s.followers[f].leo,
                    s.followers[f].last_fetch_ms,
                    s.followers[f].last_fetch_leader_leo,
                )
            })
        };
        assert_eq!(view(&c, 0, 1), Some((Some(0), 10, 1)), "A stays leader");
        step(&mut c, "elect B");
        assert_eq!(view(&c, 1, 0), Some((None, 0, 0)), "B is a new leader");
    }
}
