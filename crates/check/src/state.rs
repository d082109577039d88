//! A state of the search: the cluster, and what the explorer tracks beside it
//! (the bounds spent). The explorer expands states; the trace replays a path
//! of them.

use crate::bounds::{failures, Bounds, Spent};
use crate::fingerprint::Tracked;
use replab_core::{Cluster, Command, Event, KeySet, Setup, Violation};

/// A cluster with what the explorer tracks beside it.
#[derive(Clone, Debug)]
pub struct State {
    pub cluster: Cluster,
    pub tracked: Tracked,
}

impl State {
    pub fn start(setup: &Setup) -> State {
        State {
            cluster: Cluster::new(setup),
            tracked: Tracked {
                spent: Spent::default(),
            },
        }
    }

    /// The state `command` leaves and its events; None if the model refuses it.
    pub fn after(&self, command: &Command) -> Option<(State, Vec<Event>)> {
        let mut events = Vec::new();
        let mut state = self.clone();
        if !self.after_into(command, &mut state, &mut events, true, &mut KeySet::default()) {
            return None;
        }
        state.keeps_invariants(command);
        Some((state, events))
    }

    /// `after`, written over `into` (whose allocations it reuses) with the
    /// events into `events`, without checking the invariants (the search
    /// checks them on the states new to it). False if the model refuses it.
    /// `made_from_self`: `into` equalled this state before the commands applied
    /// to it since, so only what they changed is copied back
    /// (`Cluster::restore_from`). The settings whose value decided a rule
    /// are added to `consulted`, whether or not the model took the command.
    pub fn after_into(
        &self,
        command: &Command,
        into: &mut State,
        events: &mut Vec<Event>,
        made_from_self: bool,
        consulted: &mut KeySet,
    ) -> bool {
        if made_from_self {
            into.cluster.restore_from(&self.cluster);
        } else {
            into.cluster.clone_from(&self.cluster);
        }
        let applied = into.cluster.apply_into(command, events);
        *consulted = consulted.union(into.cluster.take_consulted());
        if applied.is_err() {
            return false;
        }
        into.tracked.clone_from(&self.tracked);
        into.tracked.spent.produces += events.iter().filter(|e| matches!(e, Event::Appended { .. })).count() as u32;
        into.tracked.spent.failures += failures(command);
        true
    }

    /// Every state explored keeps the model's invariants (in release builds
    /// too, where `apply` does not check them): a broken one is a bug of the
    /// model, stopped here with its rule named rather than explored on.
    pub fn keeps_invariants(&self, command: &Command) {
        if let Err(broken) = replab_core::invariants::check(&self.cluster) {
            panic!("the model {broken} after {command:?}");
        }
    }

    /// The step's violation, if the bounds look for its kind.
    pub fn wanted_violation(events: &[Event], bounds: &Bounds) -> Option<Violation> {
        events.iter().find_map(|e| match e {
            Event::ViolationFound { violation } if bounds.wants(violation.kind()) => Some(violation.clone()),
            _ => None,
        })
    }
}
