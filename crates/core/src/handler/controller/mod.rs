//! The controller and the brokers' lives: crashes, shutdowns, restarts, bounces,
//! elections, and the leader epoch each writes. Two controllers sit behind one
//! interface, `ControllerRules`: the ZooKeeper controller of Kafka 0.10 – 3.9
//! (`zookeeper.rs`) and the KRaft controller of Kafka 3.3 – 4.4 (`kraft.rs`),
//! each as its release's switches say. What a
//! broker does when told to lead or follow (`Partition.makeLeader`,
//! `makeFollower`) is the same under both and lives here.

mod kraft;
mod zookeeper;

use super::follower::Follower;
use super::leader::Leader;
use super::producer::Producer;
use super::Out;
use crate::broker::{FollowerView, LastFetch, LeaderState, Volatile};
use crate::broker_set::{BrokerIx, BrokerSet};
use crate::command::{CommandError, CrashTarget};
use crate::config::Setting;
use crate::event::{ElectionReason, EpochRecord, Event, LossReason};
use crate::partition::Partition;
use crate::protocol::{ControllerKind, FollowCause};

/// What a controller decides: one implementation per controller kind.
pub(crate) trait ControllerRules: Sync {
    fn crash(&self, c: &mut Controller<'_>, targets: &[CrashTarget]);
    fn shutdown(&self, c: &mut Controller<'_>, broker: BrokerIx);
    fn restart(&self, c: &mut Controller<'_>, broker: BrokerIx);
    fn bounce(&self, c: &mut Controller<'_>, target: CrashTarget);
    fn elect(&self, c: &mut Controller<'_>, broker: BrokerIx, unclean: bool);
    /// Whether `elect` is allowed now (a script error otherwise).
    fn check_elect(&self, p: &Partition, broker: BrokerIx, unclean: bool) -> Result<(), CommandError>;
    /// The leader changed the ISR from `old` (a lag shrink or a rejoin).
    fn leader_changed_isr(&self, p: &mut Partition, old: BrokerSet, out: &mut Out);
    /// The leader's isr-expiration run dropped followers for lag: one partition
    /// change, however many it dropped.
    fn leader_shrank_isr(&self, _: &mut Partition, _: &mut Out) {}
    /// A setting changed at run time (`set` after the header, to a new value).
    fn setting_changed(&self, c: &mut Controller<'_>, setting: &Setting);
    /// The clock moved on from `previous_ms` (the controller's own periodic tasks).
    fn clock_advanced(&self, c: &mut Controller<'_>, previous_ms: u64);
}

pub(crate) fn rules(kind: ControllerKind) -> &'static dyn ControllerRules {
    match kind {
        ControllerKind::ZooKeeper => &zookeeper::ZooKeeper,
        ControllerKind::KRaft => &kraft::KRaft,
    }
}

pub(crate) struct Controller<'a> {
    pub p: &'a mut Partition,
    pub out: &'a mut Out,
}

impl Controller<'_> {
    fn rules(&self) -> &'static dyn ControllerRules {
        rules(self.p.controller())
    }

    /// `crash`: the brokers stop at the same instant and the controller notices.
    pub fn crash(&mut self, targets: &[CrashTarget]) {
        self.rules().crash(self, targets);
    }

    /// `shutdown`: a clean, controlled stop.
    pub fn shutdown(&mut self, broker: BrokerIx) {
        self.rules().shutdown(self, broker);
    }

    /// `restart`: back with what is durable.
    pub fn restart(&mut self, broker: BrokerIx) {
        self.rules().restart(self, broker);
    }

    /// `bounce`: a quick crash and restart.
    pub fn bounce(&mut self, target: CrashTarget) {
        self.rules().bounce(self, target);
    }

    /// `elect`.
    pub fn elect(&mut self, broker: BrokerIx, unclean: bool) {
        self.rules().elect(self, broker, unclean);
    }

    /// A setting changed at run time.
    pub fn setting_changed(&mut self, setting: &Setting) {
        self.rules().setting_changed(self, setting);
    }

    /// The clock moved on from `previous_ms`.
    pub fn clock_advanced(&mut self, previous_ms: u64) {
        self.rules().clock_advanced(self, previous_ms);
    }

    fn follower(&mut self, ix: BrokerIx) -> Follower<'_> {
        Follower {
            p: self.p,
            out: self.out,
            ix,
        }
    }

    /// The broker stops: its own response in flight is lost, and so is what it
    /// had not flushed from `target.unflushed_from` on.
    fn stop_broker(&mut self, target: CrashTarget, noticed: bool) {
        let b = target.broker;
        let lost = self.halt(target);
        self.out.push(Event::Crashed {
            broker: b,
            lost_from: (lost > 0).then(|| self.p.brokers[b].leo()),
            lost,
            noticed,
        });
    }

    /// The broker process ends (how is for the caller to tell): its own response
    /// in flight is lost, and so is what it had not flushed. Returns how many
    /// records were lost.
    fn halt(&mut self, target: CrashTarget) -> u64 {
        self.follower(target.broker).lose_in_flight(LossReason::FollowerCrashed);
        self.p.brokers[target.broker].stop(target.unflushed_from)
    }

    /// The leader went down: responses on their way from it die with it, and
    /// the writes waiting for acks=all fail.
    fn lose_leader(&mut self) {
        for f in 0..self.p.brokers.len() {
            self.follower(f).lose_in_flight(LossReason::LeaderCrashed);
        }
        self.fail_pending_acks();
    }

    fn fail_pending_acks(&mut self) {
        Producer {
            p: self.p,
            out: self.out,
        }
        .fail_pending();
    }

    /// The broker process starts again with a new broker epoch: its log,
    /// checkpoints and clean mark as they were on disk, the leader-epoch
    /// checkpoint trimmed to the log end by log recovery. It follows nobody yet.
    fn start_broker(&mut self, broker: BrokerIx, clean: bool) {
        let b = &mut self.p.brokers[broker];
        b.broker_epoch += 1;
        b.durable.clean_shutdown = false;
        b.halted = false;
        b.follow(None);
        let removed = b.recover();
        self.out.push(Event::Restarted {
            broker,
            leo: b.leo(),
            hw: b.hw(),
            latest_epoch: b.latest_epoch(),
            broker_epoch: b.broker_epoch,
            clean,
        });
        if removed > 0 {
            self.out.push(Event::EpochsTrimmed {
                broker,
                log_end_offset: b.leo(),
                removed: removed as u32,
            });
        }
        self.p.fenced.remove(broker);
    }

    /// A started broker follows the live leader, or waits for one.
    fn follow_or_wait(&mut self, broker: BrokerIx) {
        let epoch = self.p.leader_epoch;
        match self.p.leader.filter(|&l| self.p.brokers[l].is_alive()) {
            Some(leader) => self.follower(broker).follow(leader, FollowCause::Restart, epoch),
            None => self.follower(broker).wait_for_leader(),
        }
    }

    /// The partition loses its leader. Under KRaft that is a leader change and
    /// costs an epoch (`PartitionRegistration.merge`); under ZooKeeper it does not.
    fn go_offline(&mut self, new_epoch: bool) {
        let previous = self.p.leader.take();
        let new_epoch = previous.is_some() && new_epoch;
        if new_epoch {
            self.p.leader_epoch += 1;
        }
        self.out.push(Event::PartitionOffline {
            epoch: self.p.leader_epoch,
            previous,
            new_epoch,
        });
    }

    /// The controller writes `leader` as leader in the next epoch with `isr`; if
    /// the broker is up it makes itself leader (`Partition.makeLeader`) and
    /// everyone else alive is told to follow it (`Partition.makeFollower`). A
    /// broker elected while it is already down (KRaft, within one `crash`) only
    /// holds the title until the controller fences it in its turn.
    fn make_leader(&mut self, leader: BrokerIx, isr: BrokerSet, reason: ElectionReason) {
        let previous = self.p.leader;
        self.p.leader_epoch += 1;
        let epoch = self.p.leader_epoch;
        self.p.leader = Some(leader);
        self.p.last_leader = Some(leader);
        self.p.isr = isr;
        if self.p.last_known_leader.take().is_some() {
            self.out.push(Event::ElrChanged {
                elr: self.p.elr,
                last_known_leader: None,
            });
        }
        if previous != Some(leader) {
            self.fail_pending_acks();
        }
        let capabilities = self.p.capabilities();
        let record = if !capabilities.has_epoch_cache() {
            EpochRecord::NoCache
        } else if !capabilities.records_epoch_on_election {
            EpochRecord::WithNextWrite
        } else {
            EpochRecord::AtOnce {
                offset: self.p.brokers[leader].leo(),
            }
        };
        self.out.push(Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason,
            record,
        });
        if !self.p.brokers[leader].is_alive() {
            return;
        }
        // A response on its way to the new leader, as a follower, is fenced.
        self.follower(leader).lose_in_flight(LossReason::Fenced { epoch });
        self.reset_leader_state(leader);
        let b = &mut self.p.brokers[leader];
        let leo = b.leo();
        if capabilities.records_epoch_on_election && b.durable.epoch_cache.assign(epoch, leo) {
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
        self.advance_hw();
    }

    fn advance_hw(&mut self) {
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
            *view = reset_follower_view(view, isr.contains(f), now, leo, stays);
        }
        b.volatile = Some(Volatile::Leader(LeaderState {
            epoch_start_offset: leo,
            followers,
        }));
    }
}

/// `Partition.makeLeader` for one follower: caught up now if in the ISR, never
/// otherwise (`resetLastCaughtUpTime`); its previous fetch taken to be now, at
/// the leader's log end. A new leader then forgets the fetch and the follower's
/// LEO altogether (`updateLogReadResult(UnknownLogReadResult)`, 183-187).
pub(crate) fn reset_follower_view(
    view: &FollowerView,
    in_isr: bool,
    now: u64,
    leader_leo: u64,
    stays_leader: bool,
) -> FollowerView {
    FollowerView {
        leo: if stays_leader { view.leo } else { None },
        last_caught_up_ms: in_isr.then_some(now),
        last_fetch: stays_leader.then_some(LastFetch { at_ms: now, leader_leo }),
    }
}

#[cfg(test)]
mod tests {
    use crate::event::{ElectionReason, EpochRecord, Event, FollowerNext};
    use crate::handler::testing::{c_crash_bump, cluster, step};
    use crate::BrokerSet;

    fn set(ids: &[usize]) -> BrokerSet {
        ids.iter().copied().collect()
    }

    /// B's restart after its first crash, with m1 in its log.
    fn b_restarted_after_a_crash(hw: u64, latest_epoch: Option<u32>) -> Event {
        Event::Restarted {
            broker: 1,
            leo: 1,
            hw,
            latest_epoch,
            broker_epoch: 1,
            clean: false,
        }
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
    // followers' LEOs and moves its HW at once (maybeIncrementLeaderHW): B's LEO,
    // 1, is still known, so m1 is committed without another fetch. 2.1 records the
    // epoch at once and B validates; 0.11's Partition.makeLeader records no epoch
    // until the first write in it, and the follower of the same leader carries on
    // (Partition.makeFollower: false).
    #[test]
    fn zookeeper_controller_bumps_the_epoch_when_a_follower_crashes() {
        let validates = vec![
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
        ];
        let carries_on = vec![Event::KeptFollowing {
            broker: 1,
            leader: 0,
            epoch: 1,
        }];
        for (protocol, record, b) in [
            ("kip-279", EpochRecord::AtOnce { offset: 1 }, validates),
            ("kip-101", EpochRecord::WithNextWrite, carries_on),
        ] {
            let mut c = cluster(&format!("protocol {protocol}\n{M1_ON_A_AND_B}"));
            assert_eq!(step(&mut c, "crash C"), c_crash_bump(record, b), "{protocol}");
        }
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
            record: EpochRecord::NoCache,
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
             set unclean.leader.election.enable=false   # 0.10.2.1 had it on
             produce m1
             fetch B
             crash B
             crash A",
        );
        assert_eq!(c.leader(), None);
        assert_eq!(
            step(&mut c, "restart B"),
            vec![
                // No leader-epoch cache before 0.11.
                b_restarted_after_a_crash(0, None),
                Event::BecameFollower {
                    broker: 1,
                    leader: None,
                    // What it decided to do once a leader is elected.
                    next: FollowerNext::TruncateToHw { hw: 0, from: 1 },
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
                b_restarted_after_a_crash(1, Some(0)),
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
                    s.followers[f].last_fetch.map(|x| (x.at_ms, x.leader_leo)),
                )
            })
        };
        assert_eq!(view(&c, 0, 1), Some((Some(0), Some((10, 1)))), "A stays leader");
        step(&mut c, "elect B");
        assert_eq!(view(&c, 1, 0), Some((None, None)), "B is a new leader");
    }
}
