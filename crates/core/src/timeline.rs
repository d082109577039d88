//! The command history of one session, with a snapshot of the cluster every
//! `SNAPSHOT_INTERVAL` commands, so that the state after any step is one clone and
//! a few replays away (the visualizer scrubs through it).

use crate::cluster::{Cluster, Setup};
use crate::command::{Command, CommandError};
use crate::event::Event;
use crate::protocol::Protocol;

pub const SNAPSHOT_INTERVAL: usize = 32;

#[derive(Clone, Debug)]
pub struct Timeline {
    setup: Setup,
    commands: Vec<Command>,
    /// Events of every command, one after another: those of `commands[i]` are
    /// `events[ends[i - 1]..ends[i]]`. One vector, not one per command: a vector
    /// per step costs an allocation with room for four events, mostly unused.
    events: Vec<Event>,
    ends: Vec<usize>,
    /// `snapshots[j]` is the state after `j * SNAPSHOT_INTERVAL` commands.
    snapshots: Vec<Cluster>,
    head: Cluster,
}

/// A command of the history that the cluster refused on replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 0-based index of the refused command.
    pub index: usize,
    pub error: CommandError,
}

impl Timeline {
    pub fn new(setup: Setup) -> Timeline {
        let head = Cluster::new(&setup);
        Timeline {
            setup,
            commands: Vec::new(),
            events: Vec::new(),
            ends: Vec::new(),
            snapshots: vec![head.clone()],
            head,
        }
    }

    /// Replays `commands` from `setup`; stops at the first refused one.
    pub fn replay(setup: Setup, commands: &[Command]) -> Result<Timeline, ReplayError> {
        let mut t = Timeline::new(setup);
        for (index, c) in commands.iter().enumerate() {
            t.push(c.clone()).map_err(|error| ReplayError { index, error })?;
        }
        Ok(t)
    }

    /// The same history under another protocol.
    pub fn with_protocol(&self, protocol: Protocol) -> Result<Timeline, ReplayError> {
        let setup = Setup {
            protocol,
            ..self.setup.clone()
        };
        Timeline::replay(setup, &self.commands)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Number of commands (steps) in the history.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// Events of step `k` (1-based: the k-th command); step 0 has none.
    pub fn events_of(&self, k: usize) -> &[Event] {
        let Some(&end) = k.checked_sub(1).and_then(|i| self.ends.get(i)) else {
            return &[];
        };
        let start = k.checked_sub(2).and_then(|i| self.ends.get(i)).copied().unwrap_or(0);
        &self.events[start..end]
    }

    /// The state after every command.
    pub fn head(&self) -> &Cluster {
        &self.head
    }

    /// Applies `command` at the end of the history.
    pub fn push(&mut self, command: Command) -> Result<&[Event], CommandError> {
        let events = self.head.apply(&command)?;
        let start = self.events.len();
        self.commands.push(command);
        self.events.extend(events);
        self.ends.push(self.events.len());
        if self.commands.len().is_multiple_of(SNAPSHOT_INTERVAL) {
            self.snapshots.push(self.head.clone());
        }
        Ok(&self.events[start..])
    }

    /// The state after the first `k` commands (clamped to the history).
    pub fn state_at(&self, k: usize) -> Cluster {
        let k = k.min(self.commands.len());
        if k == self.commands.len() {
            return self.head.clone();
        }
        let j = (k / SNAPSHOT_INTERVAL).min(self.snapshots.len() - 1);
        let mut state = self.snapshots[j].clone();
        for c in &self.commands[j * SNAPSHOT_INTERVAL..k] {
            // Every stored command was applied once from this very state.
            let replayed = state.apply(c);
            debug_assert!(replayed.is_ok());
        }
        state
    }

    /// Forgets every command after the first `k` (to fork history at step k), and
    /// returns what was cut.
    pub fn truncate(&mut self, k: usize) -> Vec<Command> {
        if k >= self.commands.len() {
            return Vec::new();
        }
        self.head = self.state_at(k);
        self.ends.truncate(k);
        self.events.truncate(self.ends.last().copied().unwrap_or(0));
        self.snapshots.truncate(k / SNAPSHOT_INTERVAL + 1);
        self.commands.split_off(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use std::sync::Arc;

    fn setup() -> Setup {
        Setup {
            brokers: vec!["A".into(), "B".into()],
            leader: 0,
            config: Config::default(),
            protocol: Protocol::DivergingEpoch,
        }
    }

    #[test]
    fn state_at_any_step_matches_a_straight_replay() {
        let mut t = Timeline::new(setup());
        let mut straight = vec![Cluster::new(&setup())];
        for i in 0..100 {
            let c = if i % 2 == 0 {
                Command::Produce {
                    value: Arc::from(format!("m{i}")),
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

    #[test]
    fn truncate_forks_history() {
        let mut t = Timeline::new(setup());
        for i in 0..40 {
            t.push(Command::Produce {
                value: Arc::from(format!("m{i}")),
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
