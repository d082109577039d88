//! The replicated state of one partition: its brokers, the controller's view of
//! them (leader, leader epoch, ISR), the clock and the producers' writes. The role
//! handlers (`handler/`) change it; the safety checker and the front ends read it.

use crate::broker::{Broker, FollowerView, LeaderState, Volatile};
use crate::broker_set::{BrokerIx, BrokerSet};
use crate::brokers::Brokers;
use crate::chunked::{Chunked, Slice};
use crate::config::{Config, Consulted, KeySet, SettingKey, SettingSource, Settings};
use crate::consumer::Consumer;
use crate::message::Request;
use crate::protocol::{ControllerKind, Protocol, Rules};
use crate::value::Value;
use serde::Serialize;

/// How a partition starts: every broker alive with an empty log, `leader` leading
/// in epoch 0, every broker in the ISR, the clock at 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Setup {
    /// Broker ids in assignment (preference) order.
    pub brokers: Vec<String>,
    /// The broker that leads in epoch 0.
    pub leader: BrokerIx,
    /// The settings the script wrote; every other key takes its protocol's
    /// release default (`config`).
    pub settings: Settings,
    /// The protocol generation the brokers and the controller run.
    pub protocol: Protocol,
}

impl Setup {
    /// `brokers` under `protocol`, the first leading, with its release's settings.
    pub fn of(brokers: &[&str], protocol: Protocol) -> Setup {
        Setup {
            brokers: brokers.iter().map(|s| s.to_string()).collect(),
            leader: 0,
            settings: Settings::default(),
            protocol,
        }
    }

    /// Whether its line refuses it: eligible.leader.replicas.version=1 under a
    /// KRaft line before 4.1 (contract 1.5 rule 5).
    pub fn elr_unsupported(&self) -> bool {
        let p = self.protocol;
        p.controller() == ControllerKind::KRaft && p.defaults().elr_version == 0 && self.config().elr_version >= 1
    }

    /// The settings in force at the start: the protocol's release defaults with
    /// the script's settings over them. The one place the two meet.
    pub fn config(&self) -> Config {
        self.settings.over(self.protocol.defaults())
    }

    /// This setup with `base`'s values written for every key its settings leave
    /// to a release default that differs from `base` under some protocol
    /// (`Settings::pinned_to`): with `Config::LANGUAGE_1_3`, the meaning it had
    /// before each release had its own defaults.
    pub fn pinned_to(mut self, base: Config) -> Setup {
        self.settings = self.settings.pinned_to(base);
        self
    }

    /// This setup with `setting` written (replacing what was written for its key).
    pub fn with(mut self, setting: crate::config::Setting) -> Setup {
        self.settings.write(setting);
        self
    }
}

/// A write waiting for acks=all.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PendingAck {
    /// The value written.
    pub value: Value,
    /// The offset the leader appended it at.
    pub offset: u64,
}

/// One partition: its brokers, the controller's view of them, the clock and the producers' writes.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    pub(crate) protocol: Protocol,
    pub(crate) config: Config,
    /// The keys of `config` the script set (the others are the release's).
    pub(crate) chosen: KeySet,
    pub(crate) brokers: Brokers,
    pub(crate) leader: Option<BrokerIx>,
    pub(crate) leader_epoch: u32,
    pub(crate) isr: BrokerSet,
    /// KRaft: Eligible Leader Replicas (KIP-966); always empty under ZooKeeper.
    pub(crate) elr: BrokerSet,
    /// KRaft: the leader the ISR had when it became empty; None under ZooKeeper.
    pub(crate) last_known_leader: Option<BrokerIx>,
    /// The broker that led last (KRaft records it as the last known leader when
    /// the ISR empties while the partition has no leader).
    pub(crate) last_leader: Option<BrokerIx>,
    /// KRaft: brokers the controller has fenced (down, or going down within a
    /// `crash` statement and not yet processed). Under ZooKeeper: the brokers down.
    pub(crate) fenced: BrokerSet,
    pub(crate) now_ms: u64,
    pub(crate) pending_acks: Chunked<PendingAck>,
    pub(crate) acked: Chunked<Value>,
    /// The consumers, in the order of their first `consume`.
    pub(crate) consumers: Vec<Consumer>,
    /// The settings whose value decided a rule since the checker last asked.
    pub(crate) consulted: Consulted,
}

/// By hand for `clone_from` (see `Cluster`): every field is named, so a new
/// one does not compile until it is copied here.
impl Clone for Partition {
    fn clone(&self) -> Self {
        Partition {
            protocol: self.protocol,
            config: self.config,
            chosen: self.chosen,
            brokers: self.brokers.clone(),
            leader: self.leader,
            leader_epoch: self.leader_epoch,
            isr: self.isr,
            elr: self.elr,
            last_known_leader: self.last_known_leader,
            last_leader: self.last_leader,
            fenced: self.fenced,
            now_ms: self.now_ms,
            pending_acks: self.pending_acks.clone(),
            acked: self.acked.clone(),
            consumers: self.consumers.clone(),
            consulted: self.consulted,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.copy_from(source, false);
    }
}

impl Partition {
    /// `clone_from`, or with `restore` (the checker's scratch, see
    /// `Cluster::restore_from`) copying only the brokers changed since the
    /// partition last equalled `source`.
    fn copy_from(&mut self, source: &Partition, restore: bool) {
        let Partition {
            protocol,
            config,
            chosen,
            brokers,
            leader,
            leader_epoch,
            isr,
            elr,
            last_known_leader,
            last_leader,
            fenced,
            now_ms,
            pending_acks,
            acked,
            consumers,
            consulted,
        } = source;
        self.protocol = *protocol;
        self.config = *config;
        self.chosen = *chosen;
        if restore {
            self.brokers.restore_from(brokers);
        } else {
            self.brokers.clone_from(brokers);
        }
        self.leader = *leader;
        self.leader_epoch = *leader_epoch;
        self.isr = *isr;
        self.elr = *elr;
        self.last_known_leader = *last_known_leader;
        self.last_leader = *last_leader;
        self.fenced = *fenced;
        self.now_ms = *now_ms;
        self.pending_acks.clone_from(pending_acks);
        self.acked.clone_from(acked);
        self.consumers.clone_from(consumers);
        self.consulted = *consulted;
    }

    /// Makes the partition equal to `source` again, given that it equalled it
    /// before the commands applied since: only the brokers they changed are
    /// copied (`Brokers::restore_from`).
    pub(crate) fn restore_from(&mut self, source: &Partition) {
        self.copy_from(source, true);
    }

    /// unclean.leader.election.enable, read by a rule whose outcome it decides
    /// here: the read is noted (`Consulted`). Rules call it only where the
    /// other value would act otherwise.
    pub(crate) fn unclean_election_enabled(&mut self) -> bool {
        // The KRaft controller before 3.9 reads it as false (KAFKA-12670): it
        // decides nothing there.
        if self.controller() == ControllerKind::KRaft && !self.capabilities().kraft_reads_unclean {
            return false;
        }
        self.consulted.note(SettingKey::UncleanLeaderElection);
        self.config.unclean_leader_election
    }
}

impl Partition {
    /// The partition as `setup` describes it.
    pub fn new(setup: &Setup) -> Partition {
        let n = setup.brokers.len();
        let leader = setup.leader;
        let mut brokers: Vec<Broker> = setup.brokers.iter().cloned().map(Broker::new).collect();
        for (b, broker) in brokers.iter_mut().enumerate() {
            if b != leader {
                broker.follow(Some(leader));
            }
        }
        // Made leader at clock 0 with every broker in the ISR (`makeLeader`).
        let view = FollowerView {
            last_caught_up_ms: Some(0),
            ..FollowerView::default()
        };
        brokers[leader].volatile = Some(Volatile::Leader(LeaderState {
            epoch_start_offset: 0,
            followers: vec![view; n],
        }));
        if setup.protocol.capabilities().records_epoch_on_election {
            brokers[leader].durable.epoch_cache.assign(0, 0);
        }
        Partition {
            protocol: setup.protocol,
            config: setup.config(),
            chosen: setup.settings.keys(),
            brokers: Brokers::from(brokers),
            leader: Some(leader),
            leader_epoch: 0,
            isr: BrokerSet::all(n),
            elr: BrokerSet::default(),
            last_known_leader: None,
            last_leader: Some(leader),
            fenced: BrokerSet::default(),
            now_ms: 0,
            pending_acks: Chunked::default(),
            acked: Chunked::default(),
            consumers: Vec::new(),
            consulted: Consulted::default(),
        }
    }

    /// The protocol generation it runs.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }
    /// Its settings.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Where the value in force for `key` comes from: the script, or the release.
    pub fn source_of(&self, key: SettingKey) -> SettingSource {
        if self.chosen.contains(key) {
            SettingSource::Script
        } else {
            SettingSource::Release
        }
    }
    /// Its brokers, by index.
    pub fn brokers(&self) -> &[Broker] {
        &self.brokers
    }
    /// The broker at index `b`, if any.
    pub fn broker(&self, b: BrokerIx) -> Option<&Broker> {
        self.brokers.get(b)
    }
    /// The index of the broker named `id`, if any.
    pub fn broker_ix(&self, id: &str) -> Option<BrokerIx> {
        self.brokers.iter().position(|b| b.id == id)
    }
    /// The current leader (None: offline).
    pub fn leader(&self) -> Option<BrokerIx> {
        self.leader
    }
    /// The current leader epoch.
    pub fn leader_epoch(&self) -> u32 {
        self.leader_epoch
    }
    /// The in-sync replicas.
    pub fn isr(&self) -> BrokerSet {
        self.isr
    }
    /// KRaft: the Eligible Leader Replicas (KIP-966); always empty under ZooKeeper.
    pub fn elr(&self) -> BrokerSet {
        self.elr
    }
    /// KRaft: the leader the ISR had when it became empty; None under ZooKeeper.
    pub fn last_known_leader(&self) -> Option<BrokerIx> {
        self.last_known_leader
    }
    /// The broker that led last (None only before anyone led).
    pub fn last_leader(&self) -> Option<BrokerIx> {
        self.last_leader
    }
    /// Whether the controller has fenced `b` (KRaft); under ZooKeeper, whether it
    /// is down.
    pub fn is_fenced(&self, b: BrokerIx) -> bool {
        self.fenced.contains(b)
    }
    /// The brokers the controller has fenced (KRaft) or knows are down (ZooKeeper).
    pub fn fenced(&self) -> BrokerSet {
        self.fenced
    }
    /// Which controller the protocol runs: ZooKeeper or KRaft.
    pub fn controller(&self) -> ControllerKind {
        self.protocol.controller()
    }
    /// Whether the partition keeps Eligible Leader Replicas: the KRaft controller
    /// with eligible.leader.replicas.version=1 (4.1+; before, a script error).
    pub fn has_elr(&self) -> bool {
        self.controller() == ControllerKind::KRaft && self.config.elr_version >= 1
    }
    /// The ISR size below which acks=all is refused and, with strict min ISR
    /// (3.7+, KAFKA-15583), the high watermark holds: min.insync.replicas, and
    /// with strict min ISR no more than the number of brokers.
    pub fn min_isr(&self) -> u32 {
        let min = self.config.min_insync_replicas;
        if self.capabilities().strict_min_isr {
            min.min(self.brokers.len() as u32)
        } else {
            min
        }
    }
    /// The clock, in milliseconds.
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }
    /// The values acknowledged to producers, in order.
    pub fn acked(&self) -> Slice<'_, Value> {
        self.acked.all()
    }
    /// The consumers, in the order of their first `consume`.
    pub fn consumers(&self) -> &[Consumer] {
        &self.consumers
    }
    /// The consumer named `name`, if it has consumed.
    pub fn consumer(&self, name: &str) -> Option<&Consumer> {
        self.consumers.iter().find(|c| &*c.name == name)
    }
    /// The settings in force here that differ from `before`'s and that this
    /// partition takes from its release's defaults, each as (now, before): what
    /// a protocol switch changed that the story did not choose.
    pub fn defaults_changed_from(&self, before: &Partition) -> Vec<(crate::config::Setting, crate::config::Setting)> {
        use crate::config::{SettingKey, SettingSource};
        let (now, was) = (self.config(), before.config());
        SettingKey::ALL
            .into_iter()
            .filter(|&k| now.get(k) != was.get(k) && self.source_of(k) == SettingSource::Release)
            .map(|k| (now.get(k), was.get(k)))
            .collect()
    }
    /// The name a new consumer takes: the first of c1, c2, … that is neither a
    /// consumer's nor a broker's (what a front end's "add a consumer" consumes with).
    pub fn next_consumer_name(&self) -> Value {
        (1..)
            .map(|i| format!("c{i}"))
            .find(|n| self.consumer(n).is_none() && !self.brokers.iter().any(|b| b.id == *n))
            .map(Value::from)
            .unwrap_or_else(|| Value::from("c"))
    }
    /// The acks=all writes still waiting for the HW.
    pub fn pending_acks(&self) -> Slice<'_, PendingAck> {
        self.pending_acks.all()
    }
    /// The rules of its protocol's truncation family.
    pub fn rules(&self) -> &'static dyn Rules {
        self.protocol.rules()
    }
    /// Its release's rule switches.
    pub fn capabilities(&self) -> &'static crate::protocol::capabilities::Capabilities {
        self.protocol.capabilities()
    }

    /// Whether `follower` has caught up with the leader: it is in the ISR, not
    /// validating its log, has the leader's log end and HW, and the leader
    /// knows it at that log end. Fetching more would change nothing (what
    /// autoplay stops at).
    pub fn caught_up(&self, follower: BrokerIx) -> bool {
        let Some(leader) = self.leader.and_then(|l| self.brokers.get(l)) else {
            return false;
        };
        let Some(b) = self.brokers.get(follower) else {
            return false;
        };
        let validating = b.follower_state().is_some_and(|s| s.validating);
        let known = leader
            .leader_state()
            .and_then(|s| s.followers.get(follower))
            .and_then(|v| v.leo);
        self.isr.contains(follower)
            && !validating
            && b.leo() == leader.leo()
            && b.hw() == leader.hw()
            && known == Some(leader.leo())
    }

    /// The alive members of the ISR.
    pub fn alive_isr(&self) -> BrokerSet {
        self.isr.iter().filter(|&b| self.brokers[b].is_alive()).collect()
    }

    /// The request `follower`'s protocol calls for next: OffsetsForLeaderEpoch
    /// with its latest epoch (None: −1) while it validates its log, otherwise a
    /// Fetch from its log end.
    pub fn next_request(&self, follower: BrokerIx, max: Option<u32>) -> Request {
        let b = &self.brokers[follower];
        let validating = b.follower_state().is_some_and(|f| f.validating);
        if validating {
            Request::OffsetsForLeaderEpoch {
                leader_epoch: b.latest_epoch(),
            }
        } else {
            Request::Fetch {
                offset: b.leo(),
                last_fetched_epoch: if self.capabilities().fetch_carries_epoch {
                    b.latest_epoch()
                } else {
                    None
                },
                max,
            }
        }
    }
}

#[cfg(test)]
mod caught_up_tests {
    use crate::handler::testing::{cluster, step};

    /// B catches up when its second fetch tells the leader its log end and
    /// brings back the HW; a follower that must validate first has not.
    #[test]
    fn a_follower_is_caught_up_once_the_leader_knows_its_log_end_and_it_has_the_hw() {
        let mut c = cluster("protocol kip-279\nbrokers A B\nproduce m1\n");
        assert!(!c.caught_up(1), "B lacks m1");
        step(&mut c, "fetch B");
        assert!(
            !c.caught_up(1),
            "B has m1, but not the HW, and A does not know it has it"
        );
        step(&mut c, "fetch B");
        assert!(c.caught_up(1));
        assert!(!c.caught_up(0), "the leader follows no one");
        step(&mut c, "bounce B");
        assert!(!c.caught_up(1), "B validates its log first");
        let no_leader = cluster("brokers A B\ncrash A\n");
        assert!(!no_leader.caught_up(1), "no leader to catch up with");
    }
}
