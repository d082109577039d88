//! The same history under a second protocol, beside the first ("Compare
//! with: …"): built as a protocol switch builds it (the core's `Comparison`),
//! kept up to date by the reducer after every action, a step at the end
//! pushed onto it.

use super::{unchanged_story, AppState};
use replab_core::compare::{Comparison, Stopped};
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

/// The comparison the page shows (`replab_core::compare::Comparison`, which
/// the runner's `--compare` builds too), with the state of its second history
/// at the cursor.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownComparison {
    pub comparison: Comparison,
    /// The state after the cursor's step, or after its last step if it is shorter.
    pub view: Arc<Cluster>,
    /// The step `view` shows.
    pub view_step: usize,
}

impl std::ops::Deref for ShownComparison {
    type Target = Comparison;
    fn deref(&self) -> &Comparison {
        &self.comparison
    }
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
        let (timeline, stopped) = Comparison::replayed(t, protocol);
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
        let kept = self.comparison.take().filter(|c| c.protocol == protocol).and_then(|c| {
            let ShownComparison {
                comparison,
                view,
                view_step,
            } = c;
            Some((comparison.follow(t)?, view, view_step))
        });
        let mut c = match kept {
            Some((comparison, view, view_step)) => ShownComparison {
                comparison,
                view,
                view_step,
            },
            // Past steps changed, another protocol, or a reloaded scenario with
            // lines of its own for this protocol and a step added since: a
            // protocol switch would now replay, so this does.
            None => {
                let under = self.under_protocol(t, protocol);
                ShownComparison {
                    view: under.timeline.state_arc(0),
                    view_step: usize::MAX,
                    comparison: Comparison::new(t, under.timeline, under.stopped),
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
