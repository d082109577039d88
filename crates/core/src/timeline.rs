//! The command history of one session, with a snapshot of the cluster every
//! `SNAPSHOT_INTERVAL` commands, so that the state after any step is one clone and
//! a few replays away (the visualizer scrubs through it).

use crate::broker_set::BrokerIx;
use crate::chunked::{Chunked, Slice};
use crate::cluster::{Cluster, Setup};
use crate::command::{Command, CommandError};
use crate::event::Event;
use crate::protocol::Protocol;
use std::sync::Arc;

/// How many commands apart the snapshots of the cluster are.
pub const SNAPSHOT_INTERVAL: usize = 32;

/// A value: cloning it copies a few pointers, and a clone shares every step it
/// has in common with the original (commands, events and snapshots sit in
/// `Chunked` storage, the head behind an `Arc`). So the page keeps the history
/// before each click as it was, and compares two histories by content: by
/// their setups and commands (the model is deterministic: the events and states
/// follow from them), shared pieces by pointer first, so comparing a history
/// with its own clone, or with itself one step longer, reads only the last
/// pieces.
#[derive(Clone, Debug)]
pub struct Timeline {
    setup: Arc<Setup>,
    commands: Chunked<Command>,
    /// The events of each command, exactly sized (most steps have a few).
    events: Chunked<Arc<[Event]>>,
    /// `snapshots[j]` is the state after `j * SNAPSHOT_INTERVAL` commands.
    snapshots: Chunked<Cluster>,
    head: Arc<Cluster>,
}

impl PartialEq for Timeline {
    fn eq(&self, other: &Timeline) -> bool {
        self.setup == other.setup && self.commands == other.commands
    }
}

impl Eq for Timeline {}

/// A command of the history that the cluster refused on replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 0-based index of the refused command.
    pub index: usize,
    /// Why the cluster refused it.
    pub error: CommandError,
}

impl Timeline {
    /// An empty history starting from `setup`.
    pub fn new(setup: Setup) -> Timeline {
        let head = Cluster::new(&setup);
        Timeline {
            setup: Arc::new(setup),
            commands: Chunked::default(),
            events: Chunked::default(),
            snapshots: std::iter::once(head.clone()).collect(),
            head: Arc::new(head),
        }
    }

    /// Replays `commands` from `setup`; stops at the first refused one.
    pub fn replay<'a>(setup: Setup, commands: impl IntoIterator<Item = &'a Command>) -> Result<Timeline, ReplayError> {
        match Timeline::replay_until_refused(setup, commands) {
            (t, None) => Ok(t),
            (_, Some(refused)) => Err(refused),
        }
    }

    /// Replays `commands` from `setup` up to the first one refused: the history
    /// replayed so far, and the refusal if any. The one replay the page's
    /// protocol switch and comparison, and the runner's `--compare`, make.
    pub fn replay_until_refused<'a>(
        setup: Setup,
        commands: impl IntoIterator<Item = &'a Command>,
    ) -> (Timeline, Option<ReplayError>) {
        let mut t = Timeline::new(setup);
        for (index, c) in commands.into_iter().enumerate() {
            if let Err(error) = t.push(c.clone()) {
                return (t, Some(ReplayError { index, error }));
            }
        }
        (t, None)
    }

    /// The same history under another protocol, up to the first command that
    /// protocol refuses: the history replayed so far, and the refusal if any.
    pub fn under(&self, protocol: Protocol) -> (Timeline, Option<ReplayError>) {
        let setup = Setup {
            protocol,
            ..(*self.setup).clone()
        };
        Timeline::replay_until_refused(setup, self.commands.all())
    }

    /// The same history from a setup with `setting` written into its header
    /// (a header-only setting the reader changed), replayed until a command is
    /// refused.
    pub fn with_setting(&self, setting: crate::config::Setting) -> (Timeline, Option<ReplayError>) {
        let setup = (*self.setup).clone().with(setting);
        Timeline::replay_until_refused(setup, self.commands.all())
    }

    /// The starting point.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Number of commands (steps) in the history.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether the history has no command.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The commands, in order.
    pub fn commands(&self) -> Slice<'_, Command> {
        self.commands.all()
    }

    /// The command of step `k` (1-based); None for step 0 or past the end.
    pub fn command(&self, k: usize) -> Option<&Command> {
        self.commands.get(k.checked_sub(1)?)
    }

    /// `events_of`, shared: another `Arc` to the step's own list, which a
    /// caller may keep and compare by pointer (step 0 and steps past the end
    /// get a new empty list each time).
    pub fn shared_events_of(&self, k: usize) -> Arc<[Event]> {
        k.checked_sub(1)
            .and_then(|i| self.events.get(i))
            .map_or_else(|| Arc::from([]), Arc::clone)
    }

    /// Events of step `k` (1-based: the k-th command); step 0 has none.
    pub fn events_of(&self, k: usize) -> &[Event] {
        k.checked_sub(1)
            .and_then(|i| self.events.get(i))
            .map_or(&[], |e| &e[..])
    }

    /// The state after every command.
    pub fn head(&self) -> &Cluster {
        &self.head
    }

    /// Whether this history begins with every step of `earlier` (the same
    /// start, then the same commands): it is `earlier` with steps added at the
    /// end. Reads only the pieces the two do not share.
    pub fn extends(&self, earlier: &Timeline) -> bool {
        self.setup == earlier.setup && self.commands.starts_with(&earlier.commands)
    }

    /// Whether the two histories agree on their first `k` steps (the same
    /// start and commands, so the same states and events); false if either is
    /// shorter.
    pub fn agrees_until(&self, other: &Timeline, k: usize) -> bool {
        self.setup == other.setup && self.commands.same_first(&other.commands, k)
    }

    /// Applies `command` at the end of the history.
    pub fn push(&mut self, command: Command) -> Result<&[Event], CommandError> {
        // Copies the head only when an earlier clone of this history shares it.
        let events = Arc::make_mut(&mut self.head).apply(&command)?;
        self.commands.push(command);
        self.events.push(events.into());
        if self.commands.len().is_multiple_of(SNAPSHOT_INTERVAL) {
            self.snapshots.push((*self.head).clone());
        }
        Ok(self.events_of(self.len()))
    }

    /// If broker `b` was waiting for a leader when step `k` (1-based) began,
    /// the step at which it started to wait: the latest event about it before
    /// `k` says so.
    pub fn waiting_since(&self, k: usize, b: BrokerIx) -> Option<usize> {
        for j in (1..k).rev() {
            for e in self.events_of(j).iter().rev() {
                match *e {
                    Event::BecameFollower {
                        broker, leader: None, ..
                    } if broker == b => return Some(j),
                    Event::BecameFollower { broker, .. }
                    | Event::KeptFollowing { broker, .. }
                    | Event::Crashed { broker, .. }
                    | Event::Restarted { broker, .. }
                    | Event::LeaderElected { leader: broker, .. }
                    | Event::RequestSent { follower: broker, .. }
                        if broker == b =>
                    {
                        return None
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// The state after the first `k` commands (clamped to the history).
    pub fn state_at(&self, k: usize) -> Cluster {
        self.replayed(k).unwrap_or_else(|| (*self.head).clone())
    }

    /// The state after the first `k` commands, shared with the history when it
    /// is the head.
    pub fn state_arc(&self, k: usize) -> Arc<Cluster> {
        self.replayed(k).map_or_else(|| self.head.clone(), Arc::new)
    }

    /// The state after the first `k` commands, replayed from the snapshot
    /// before it; None for the head (k at or past the end).
    fn replayed(&self, k: usize) -> Option<Cluster> {
        if k >= self.commands.len() {
            return None;
        }
        let j = (k / SNAPSHOT_INTERVAL).min(self.snapshots.len() - 1);
        let mut state = self.snapshots.get(j)?.clone();
        for c in self.commands.slice(j * SNAPSHOT_INTERVAL, k).iter() {
            // Every stored command was applied once from this very state.
            let replayed = state.apply(c);
            debug_assert!(replayed.is_ok());
        }
        Some(state)
    }

    /// Forgets every command after the first `k` (to fork history at step k), and
    /// returns what was cut.
    pub fn truncate(&mut self, k: usize) -> Vec<Command> {
        if k >= self.commands.len() {
            return Vec::new();
        }
        self.head = self.state_arc(k);
        let cut = self.commands.slice(k, self.commands.len()).to_vec();
        self.commands.truncate(k);
        self.events.truncate(k);
        self.snapshots.truncate(k / SNAPSHOT_INTERVAL + 1);
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    fn setup() -> Setup {
        Setup::of(&["A", "B"], Protocol::DivergingEpoch)
    }

    // A broker that restarts with no leader to follow waits (BecameFollower
    // with none) until an election; its wait began at that restart.
    #[test]
    fn a_broker_waits_for_a_leader_since_its_restart() {
        let script =
            crate::scenario::parse("protocol hw\nbrokers A B\nset unclean.leader.election.enable=false\ncrash B\ncrash A\nrestart B\nrestart A").expect("parses");
        let commands: Vec<Command> = script.commands_under(Protocol::Hw).map(|(_, c)| c.clone()).collect();
        let t = Timeline::replay(script.setup(None), &commands).expect("replays");
        assert_eq!(t.waiting_since(4, 1), Some(3), "B waits from its restart, step 3");
        assert_eq!(
            t.waiting_since(3, 1),
            None,
            "before its restart B was down, not waiting"
        );
        assert_eq!(t.waiting_since(4, 0), None, "A was down");
    }

    #[test]
    fn state_at_any_step_matches_a_straight_replay() {
        let mut t = Timeline::new(setup());
        let mut straight = vec![Cluster::new(&setup())];
        for i in 0..100 {
            let c = if i % 2 == 0 {
                Command::Produce {
                    value: Value::from(format!("m{i}")),
                    acks: None,
                }
            } else {
                Command::Fetch { follower: 1, max: None }
            };
            t.push(c.clone()).expect("valid");
            let mut next = straight[straight.len() - 1].clone();
            next.apply(&c).expect("valid");
            straight.push(next);
        }
        for (k, expected) in straight.iter().enumerate() {
            assert_eq!(&t.state_at(k), expected, "step {k}");
        }
    }

    fn produce(i: usize) -> Command {
        Command::Produce {
            value: Value::from(format!("m{i}")),
            acks: None,
        }
    }

    /// A clone is the history as it was: pushing onto or cutting the original
    /// never shows in it, and the two compare by content.
    #[test]
    fn a_clone_keeps_the_history_as_it_was() {
        let mut t = Timeline::new(setup());
        for i in 0..300 {
            t.push(produce(i)).expect("valid");
        }
        let before = t.clone();
        t.push(Command::Fetch { follower: 1, max: None }).expect("valid");
        assert_eq!((before.len(), before.head().brokers()[1].leo()), (300, 0));
        assert_ne!(before, t);
        assert!(t.extends(&before) && !before.extends(&t));
        // The same steps built apart are equal, and extend each other.
        let apart = Timeline::replay(setup(), before.commands()).expect("valid");
        assert_eq!(apart, before);
        assert!(t.extends(&apart) && apart.extends(&before));
        // A fork: the cut history extends neither the other's end nor is extended by it.
        let mut fork = t.clone();
        fork.truncate(299);
        fork.push(Command::Tick { ms: 1 }).expect("valid");
        assert!(!fork.extends(&before) && !t.extends(&fork));
        assert_eq!(t.len(), 301, "cutting a clone leaves the original");
        assert_eq!(
            t.events_of(301),
            before
                .clone()
                .push(Command::Fetch { follower: 1, max: None })
                .expect("valid")
        );
        // Another start is another history, whatever the commands.
        let other = Timeline::replay(
            Setup {
                protocol: Protocol::Hw,
                ..setup()
            },
            before.commands(),
        )
        .expect("valid");
        assert!(!other.extends(&before));
        assert!(fork.agrees_until(&t, 299) && !fork.agrees_until(&t, 300) && !other.agrees_until(&t, 0));
    }

    #[test]
    fn truncate_forks_history() {
        let mut t = Timeline::new(setup());
        for i in 0..40 {
            t.push(Command::Produce {
                value: Value::from(format!("m{i}")),
                acks: None,
            })
            .expect("valid");
        }
        let cut = t.truncate(33);
        assert_eq!(cut.len(), 7);
        assert_eq!(t.len(), 33);
        assert_eq!(t.head().brokers()[0].leo(), 33);
        assert_eq!(t.state_at(33), *t.head());
        t.push(Command::Tick { ms: 1 }).expect("valid");
        assert_eq!(t.state_at(33).brokers()[0].leo(), 33);
    }
}
