//! The same history under a second protocol, beside the first ("Compare
//! with: …"): built as a protocol switch builds it, kept up to date by the
//! reducer after every action, a step at the end pushed onto it.

use super::{unchanged_story, AppState, Stopped};
use replab_core::compare::{self, FirstCacheDifference, FirstDifference};
use replab_core::scenario;
use replab_core::timeline::Timeline;
use replab_core::{Cluster, Protocol};
use std::sync::Arc;

/// A history under another protocol, built as a protocol switch builds it.
pub(super) struct Under {
    pub(super) timeline: Timeline,
    pub(super) stopped: Option<Stopped>,
    /// The loaded scenario, loaded again (its `under` lines apply).
    pub(super) reloaded: bool,
}

/// The same history under a second protocol, shown beside the first. Built
/// once for a history and protocol; a step added at the end of the first
/// history is pushed onto it, and its view follows the cursor.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub protocol: Protocol,
    /// The second history.
    pub timeline: Timeline,
    /// The first history as it was when this was last brought up to date: a
    /// history that extends it only added steps at the end.
    of: Timeline,
    /// Its commands are the first history's, so a new step is pushed onto it too.
    follows: bool,
    /// Where replaying stopped: the rest is not possible under `protocol`.
    pub stopped: Option<Stopped>,
    /// The first step at which the two histories look different.
    pub first: Option<FirstDifference>,
    /// The first step at which their leader-epoch caches differ (compared apart).
    pub first_cache: Option<FirstCacheDifference>,
    /// The state after the cursor's step, or after its last step if it is shorter.
    pub view: Arc<Cluster>,
    /// The step `view` shows.
    pub view_step: usize,
}

impl AppState {
    /// The loaded scenario's history under `protocol`, if `current` is still
    /// exactly that scenario's history under its own protocol.
    pub(super) fn reload_source_under(&self, current: &Timeline, protocol: Protocol) -> Option<Timeline> {
        let script = unchanged_story(self.source.as_deref()?, current)?;
        scenario::load(&script, Some(protocol)).ok().map(|l| l.timeline)
    }

    /// `t` under `protocol`, as a protocol switch builds it: the loaded scenario
    /// again if `t` is still exactly its history (so its `under` lines apply), else
    /// `t`'s commands replayed up to the first one the protocol refuses.
    pub(super) fn under_protocol(&self, t: &Timeline, protocol: Protocol) -> Under {
        if let Some(timeline) = self.reload_source_under(t, protocol) {
            return Under {
                timeline,
                stopped: None,
                reloaded: true,
            };
        }
        let (timeline, refused) = t.under(protocol);
        let stopped = refused.and_then(|r| {
            Some(Stopped {
                step: r.index,
                command: scenario::command_line(&t.setup().brokers, t.commands().get(r.index)?),
                error: r.error,
            })
        });
        Under {
            timeline,
            stopped,
            reloaded: false,
        }
    }

    /// Brings the comparison up to date with the history, the cursor and the
    /// chosen protocol: built anew only when past steps changed or for another
    /// protocol, a new step at the end pushed onto it, its view moved with the
    /// cursor.
    pub(super) fn sync_comparison(&mut self) {
        let Some(protocol) = self.compare else {
            self.comparison = None;
            return;
        };
        let t = &self.history.timeline;
        let current = self
            .comparison
            .take()
            .filter(|c| c.protocol == protocol && t.extends(&c.of));
        let mut c = match current {
            Some(c) if c.of.len() == t.len() => c,
            // A step added at the end: pushed onto the second history too.
            Some(mut c) if c.follows => {
                for k in c.of.len()..t.len() {
                    let Some(command) = t.commands().get(k) else { break };
                    if let Err(error) = c.timeline.push(command.clone()) {
                        c.stopped = Some(Stopped {
                            step: k,
                            command: scenario::command_line(&t.setup().brokers, command),
                            error,
                        });
                        c.follows = false;
                        break;
                    }
                    if c.first.is_none() || c.first_cache.is_none() {
                        let state = t.state_arc(k + 1);
                        let step = k + 1;
                        if c.first.is_none() {
                            let differences = compare::differences(&state, c.timeline.head());
                            c.first = (!differences.is_empty()).then_some(FirstDifference { step, differences });
                        }
                        if c.first_cache.is_none() {
                            let brokers = compare::epoch_cache_differences(&state, c.timeline.head());
                            c.first_cache = (!brokers.is_empty()).then_some(FirstCacheDifference { step, brokers });
                        }
                    }
                }
                c.of = t.clone();
                c
            }
            // Stopped: replaying the longer history would stop at the same command.
            Some(mut c) if c.stopped.is_some() => {
                c.of = t.clone();
                c
            }
            // Past steps changed, another protocol, or a reloaded scenario with
            // lines of its own for this protocol and a step added since: a
            // protocol switch would now replay, so this does.
            _ => {
                let under = self.under_protocol(t, protocol);
                let first = compare::first_difference(t, &under.timeline);
                let first_cache = compare::first_epoch_cache_difference(t, &under.timeline);
                let follows = under.stopped.is_none() && under.timeline.commands() == t.commands();
                Comparison {
                    protocol,
                    view_step: usize::MAX,
                    view: under.timeline.state_arc(0),
                    timeline: under.timeline,
                    of: t.clone(),
                    follows,
                    stopped: under.stopped,
                    first,
                    first_cache,
                }
            }
        };
        let step = self.cursor.min(c.timeline.len());
        // Past steps of the second history never change while it is kept: only
        // a move needs a new view.
        if step != c.view_step {
            c.view = c.timeline.state_arc(step);
            c.view_step = step;
        }
        self.comparison = Some(c);
    }
}
