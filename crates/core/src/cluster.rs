//! The one way in: `Cluster::apply` checks a command, hands it to the handler of
//! the role it concerns (producer, leader, follower, controller), then lets the
//! safety checker read the state it left. A `Cluster` reads as its `Partition`.

use crate::broker_set::{BrokerIx, BrokerSet};
use crate::command::{Command, CommandError, CrashTarget};
use crate::config::KeySet;
use crate::event::{Event, LossReason, Violation};
use crate::handler::consumer::Poll;
use crate::handler::controller::Controller;
use crate::handler::follower::Follower;
use crate::handler::leader::Leader;
use crate::handler::producer::Producer;
use crate::hw::HwHold;
use crate::log::Record;
use crate::partition::Partition;
use crate::safety::Safety;
use crate::value::Value;
use std::ops::Deref;

pub use crate::partition::{PendingAck, Setup};

/// The partition and the safety checks that watch it: the state commands apply to.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Cluster {
    pub(crate) partition: Partition,
    pub(crate) safety: Safety,
    /// `partition.hw_held_by_replica()`, kept from the last command: the next
    /// one compares its own with it (the checker applies millions).
    pub(crate) hold: Option<HwHold>,
}

// `clone_from` reuses the target's allocations all the way down
// (`clone_by_fields`); `restore_from` below copies back less.
clone_by_fields!(Cluster {
    partition,
    safety,
    hold
});

impl Cluster {
    /// `clone_from` for a cluster that equalled `source` before the commands
    /// applied to it since (the checker's scratch, made again from the state it
    /// expands after every step it tries): of the brokers, only those the
    /// commands changed are copied. Anything else gives a wrong cluster
    /// (debug builds check the result).
    pub fn restore_from(&mut self, source: &Cluster) {
        let Cluster {
            partition,
            safety,
            hold,
        } = source;
        self.partition.restore_from(partition);
        self.safety.clone_from(safety);
        self.hold = *hold;
        debug_assert!(self == source, "restore_from a cluster this one was not made from");
    }

    /// The settings whose value decided a rule since the last call (`Consulted`).
    pub fn take_consulted(&mut self) -> KeySet {
        self.partition.consulted.take()
    }

    /// The partition, to break on purpose (the invariants' tests). The HW hold
    /// the last command left is not made again: apply nothing after.
    #[cfg(test)]
    pub(crate) fn partition_mut(&mut self) -> &mut Partition {
        &mut self.partition
    }
}

impl Deref for Cluster {
    type Target = Partition;
    fn deref(&self) -> &Partition {
        &self.partition
    }
}

impl Cluster {
    /// A cluster as `setup` describes it, with no violation found yet.
    pub fn new(setup: &Setup) -> Cluster {
        let partition = Partition::new(setup);
        Cluster {
            hold: partition.hw_held_by_replica(),
            partition,
            safety: Safety::default(),
        }
    }

    /// The partition's state.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }
    /// The safety violations found so far, in order.
    pub fn violations(&self) -> &[Violation] {
        self.safety.fired()
    }
    /// The safety checks' state.
    pub fn safety(&self) -> &Safety {
        &self.safety
    }

    /// The records committed so far (as the safety check knows them) that
    /// `broker`'s log lacks: what an unclean election of it loses.
    pub fn committed_lacked_by(&self, broker: BrokerIx) -> Vec<&Record> {
        let Some(log) = self.partition.broker(broker).map(|b| &b.durable.log) else {
            return Vec::new();
        };
        self.safety
            .committed()
            .iter()
            .filter(|r| !log.get(r.offset).is_some_and(|mine| mine.same_as(r)))
            .collect()
    }

    /// Which down brokers may restart now, split by whether that restart would
    /// bring a leader back to a partition that has none (`able`) or not
    /// (`unable`): the controller's own answer, by restarting each on a copy.
    pub fn restarts_electing(&self) -> (BrokerSet, BrokerSet) {
        let (mut able, mut unable) = (BrokerSet::default(), BrokerSet::default());
        let offline = self.leader().is_none();
        for b in 0..self.brokers().len() {
            let restart = Command::Restart { broker: b };
            if self.check(&restart).is_err() {
                continue;
            }
            let elects = offline && {
                let mut tried = self.clone();
                tried.apply(&restart).is_ok() && tried.leader().is_some()
            };
            if elects {
                able.insert(b);
            } else {
                unable.insert(b);
            }
        }
        (able, unable)
    }

    /// Applies `command`. On error nothing changed.
    pub fn apply(&mut self, command: &Command) -> Result<Vec<Event>, CommandError> {
        let mut out = Vec::new();
        self.apply_into(command, &mut out)?;
        Ok(out)
    }

    /// `apply`, writing the events into `out` (cleared first): a caller that
    /// applies many commands, as the checker does, reuses one buffer.
    pub fn apply_into(&mut self, command: &Command, out: &mut Vec<Event>) -> Result<(), CommandError> {
        out.clear();
        self.check(command)?;
        let hold_before = self.hold;
        let p = &mut self.partition;
        match command {
            Command::Produce { value, acks } => {
                let acks = acks.unwrap_or(p.config.acks);
                Producer { p, out: &mut *out }.produce(value, acks)
            }
            Command::Fetch { follower, max } => Follower {
                p,
                out: &mut *out,
                ix: *follower,
            }
            .round_trip(*max, true),
            Command::Send { follower, max } => Follower {
                p,
                out: &mut *out,
                ix: *follower,
            }
            .round_trip(*max, false),
            Command::Deliver { follower } => Follower {
                p,
                out: &mut *out,
                ix: *follower,
            }
            .deliver(),
            Command::Drop { follower } => Follower {
                p,
                out: &mut *out,
                ix: *follower,
            }
            .lose_in_flight(LossReason::Dropped),
            Command::Crash { targets } => Controller { p, out: &mut *out }.crash(targets),
            Command::Restart { broker } => Controller { p, out: &mut *out }.restart(*broker),
            Command::Shutdown { broker } => Controller { p, out: &mut *out }.shutdown(*broker),
            Command::Bounce { target } => Controller { p, out: &mut *out }.bounce(*target),
            Command::Elect { broker, unclean } => Controller { p, out: &mut *out }.elect(*broker, *unclean),
            Command::Tick { ms } => {
                let previous_ms = p.now_ms;
                p.now_ms = p.now_ms.saturating_add(*ms);
                out.push(Event::ClockAdvanced { now_ms: p.now_ms });
                if let Some(mut l) = Leader::current(p, &mut *out) {
                    l.shrink_isr_for_lag(previous_ms);
                }
                Controller { p, out: &mut *out }.clock_advanced(previous_ms);
            }
            Command::Consume { consumer, max } => Poll { p, out: &mut *out }.consume(*consumer, *max),
            Command::Set { setting } => {
                // A topic's config record is written only when the value
                // changes (4.1.0 ConfigurationControlManager.java 302).
                let key = setting.key_of();
                if p.config.get(key) != *setting {
                    setting.apply_to(&mut p.config);
                    p.chosen = p.chosen.with(key);
                    out.push(Event::ConfigChanged { setting: *setting });
                    Controller { p, out: &mut *out }.setting_changed(setting);
                }
            }
        }
        // The HW is evaluated again after every action. The handlers evaluate it
        // wherever what counts for it changes (a fetch, an append, a new leader
        // epoch, a fencing); time passing and settings change it here: a replica
        // that caught up long enough ago stops counting (contract 1.3 rule 3).
        // The property tests check that a `tick 0` after any command moves nothing.
        if matches!(command, Command::Tick { .. } | Command::Set { .. }) {
            if let Some(mut l) = Leader::current(&mut self.partition, &mut *out) {
                l.maybe_advance_hw();
            }
        }
        // A replica outside the ISR holding the HW is told when the hold begins
        // or changes (KAFKA-4485); the state says it while it lasts.
        let hold = self.partition.hw_held_by_replica();
        self.hold = hold;
        if let Some(h) = hold.filter(|_| hold != hold_before) {
            out.push(Event::HighWatermarkHeldByReplica {
                broker: h.leader,
                hw: h.hw,
                would_be: h.would_be,
                replica: h.replica,
                replica_leo: h.replica_leo,
                until_ms: h.until_ms,
            });
        }
        self.safety.check(&self.partition, &mut *out);
        // A state that breaks an invariant is a bug of the model: found where it was made.
        #[cfg(debug_assertions)]
        if let Err(broken) = crate::invariants::check(self) {
            panic!("{broken} after {command:?}");
        }
        Ok(())
    }

    /// What may happen next: every command of a fixed menu that `apply` accepts
    /// now, in a fixed order — `produce value`, then for each broker in assignment
    /// order: fetch, send, deliver, drop, crash, shutdown, bounce, restart, elect,
    /// elect unclean. Not in the menu: crashes of several brokers, unflushed loss
    /// (`@offset`), `max=`, `tick` and `set`; a caller that wants them builds them
    /// and asks `check`. The page's buttons, the keyboard, autoplay and the checker
    /// all ask here.
    pub fn enabled(&self, value: &Value) -> Vec<Command> {
        self.enabled_where(value, |_| true)
    }

    /// `enabled`, keeping only the commands `wanted` takes (the checker's
    /// bounds rule out whole kinds, elections among them). For each broker the
    /// menu asks the rules `check` uses, one per kind of command (fetch and send
    /// share one, deliver and drop another), and makes a command (shown to
    /// `wanted`) only when its rule accepts it: the checker asks for the menu at
    /// every state.
    pub fn enabled_where(&self, value: &Value, wanted: impl Fn(&Command) -> bool) -> Vec<Command> {
        let mut menu = Vec::with_capacity(1 + 10 * self.partition.brokers.len());
        let mut offer = |c: Command| {
            if wanted(&c) {
                menu.push(c);
            }
        };
        offer(Command::Produce {
            value: *value,
            acks: None,
        });
        for b in 0..self.partition.brokers.len() {
            let target = CrashTarget {
                broker: b,
                unflushed_from: None,
            };
            if self.may_request(b).is_ok() {
                offer(Command::Fetch { follower: b, max: None });
                offer(Command::Send { follower: b, max: None });
            }
            if self.may_take_in_flight(b).is_ok() {
                offer(Command::Deliver { follower: b });
                offer(Command::Drop { follower: b });
            }
            if self.alive(b).is_ok() {
                offer(Command::Crash { targets: vec![target] });
                offer(Command::Shutdown { broker: b });
            }
            if self.may_bounce(b).is_ok() {
                offer(Command::Bounce { target });
            }
            if self.may_restart(b).is_ok() {
                offer(Command::Restart { broker: b });
            }
            for unclean in [false, true] {
                if self.may_elect(b, unclean).is_ok() {
                    offer(Command::Elect { broker: b, unclean });
                }
            }
        }
        menu
    }

    /// Whether `apply` would accept `command` now, and why not.
    pub fn check(&self, command: &Command) -> Result<(), CommandError> {
        match command {
            Command::Produce { .. } | Command::Tick { .. } | Command::Consume { .. } => Ok(()),
            Command::Set { setting } => match setting.header_only() {
                true => Err(CommandError::HeaderOnlySetting { key: setting.key_of() }),
                false => Ok(()),
            },
            Command::Fetch { follower, .. } | Command::Send { follower, .. } => self.may_request(*follower),
            Command::Deliver { follower } | Command::Drop { follower } => self.may_take_in_flight(*follower),
            Command::Crash { targets } => {
                if targets.is_empty() {
                    return Err(CommandError::NoTargets);
                }
                let mut seen = BrokerSet::default();
                for t in targets {
                    self.alive(t.broker)?;
                    if seen.contains(t.broker) {
                        return Err(CommandError::DuplicateTarget { broker: t.broker });
                    }
                    seen.insert(t.broker);
                }
                Ok(())
            }
            Command::Restart { broker } => self.may_restart(*broker),
            Command::Bounce { target } => self.may_bounce(target.broker),
            Command::Shutdown { broker } => self.alive(*broker),
            Command::Elect { broker, unclean } => self.may_elect(*broker, *unclean),
        }
    }

    fn exists(&self, b: BrokerIx) -> Result<(), CommandError> {
        if b < self.partition.brokers.len() {
            Ok(())
        } else {
            Err(CommandError::NoSuchBroker { broker: b })
        }
    }

    /// `b` is up: it may crash or shut down.
    fn alive(&self, b: BrokerIx) -> Result<(), CommandError> {
        self.exists(b)?;
        if self.partition.brokers[b].is_alive() {
            Ok(())
        } else {
            Err(CommandError::BrokerDown { broker: b })
        }
    }

    fn not_leader(&self, b: BrokerIx) -> Result<(), CommandError> {
        if self.partition.leader == Some(b) {
            Err(CommandError::IsLeader { broker: b })
        } else {
            Ok(())
        }
    }

    /// `b` may send a request (fetch, send): an up follower with none out.
    fn may_request(&self, b: BrokerIx) -> Result<(), CommandError> {
        self.alive(b)?;
        self.not_leader(b)?;
        if self.partition.brokers[b].in_flight().is_some() {
            return Err(CommandError::AlreadyInFlight { follower: b });
        }
        Ok(())
    }

    /// `b`'s request out may be delivered or dropped.
    fn may_take_in_flight(&self, b: BrokerIx) -> Result<(), CommandError> {
        self.alive(b)?;
        if self.partition.brokers[b].in_flight().is_none() {
            return Err(CommandError::NothingInFlight { follower: b });
        }
        Ok(())
    }

    fn may_restart(&self, b: BrokerIx) -> Result<(), CommandError> {
        self.exists(b)?;
        if self.partition.brokers[b].is_alive() {
            return Err(CommandError::BrokerAlreadyUp { broker: b });
        }
        Ok(())
    }

    fn may_bounce(&self, b: BrokerIx) -> Result<(), CommandError> {
        self.alive(b)?;
        self.not_leader(b)
    }

    fn may_elect(&self, b: BrokerIx, unclean: bool) -> Result<(), CommandError> {
        self.alive(b)?;
        crate::handler::controller::rules(self.partition.controller()).check_elect(&self.partition, b, unclean)
    }
}

#[cfg(test)]
mod query_tests {
    use crate::handler::testing::{cluster, step};
    use crate::BrokerSet;

    /// A and B hold m1, committed; B crashes, then A: offline. Restarting A
    /// (in the ISR) brings a leader back, restarting B does not; and B's log,
    /// cut to nothing by an unflushed crash, lacks the committed m1.
    #[test]
    fn the_core_says_which_restart_elects_and_what_a_log_lacks() {
        let mut c = cluster("protocol kip-279\nbrokers A B\nproduce m1\nfetch B\nfetch B\n");
        assert!(c.committed_lacked_by(1).is_empty(), "B has m1");
        step(&mut c, "crash B@0");
        step(&mut c, "crash A");
        assert_eq!(c.restarts_electing(), (BrokerSet::only(0), BrokerSet::only(1)));
        let lacked: Vec<&str> = c.committed_lacked_by(1).iter().map(|r| &*r.value).collect();
        assert_eq!(lacked, ["m1"]);
        step(&mut c, "restart A");
        assert_eq!(
            c.restarts_electing(),
            (BrokerSet::default(), BrokerSet::only(1)),
            "B may restart, and follows A"
        );
    }
}
