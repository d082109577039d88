//! Facts derived from the whole history for display: where safety checks fired,
//! where truncation decisions happened, and what each replica has lost.

use replab_core::event::{Event, ViolationKind};
use replab_core::timeline::Timeline;
use replab_core::Record;

/// Steps (1-based) at which a safety check fired, with its kind.
pub fn violation_marks(t: &Timeline) -> Vec<(usize, ViolationKind)> {
    (1..=t.len())
        .flat_map(|k| {
            t.events_of(k).iter().filter_map(move |e| match e {
                Event::ViolationFound { violation } => Some((k, violation.kind())),
                _ => None,
            })
        })
        .collect()
}

/// Steps at or before `cursor` with a truncation decision, latest first.
pub fn decision_steps(t: &Timeline, cursor: usize) -> impl Iterator<Item = usize> + '_ {
    (1..=cursor.min(t.len()))
        .rev()
        .filter(|&k| t.events_of(k).iter().any(|e| matches!(e, Event::Truncation { .. })))
}

/// Where in step `k` broker `b` lost records (truncated, or never flushed): the
/// offset its log now ends at.
fn lost_from(t: &Timeline, k: usize, b: usize) -> Option<u64> {
    t.events_of(k).iter().find_map(|e| match *e {
        Event::Truncation { broker, from, to, .. } if broker == b && to < from => Some(to),
        Event::Crashed {
            broker,
            lost_from: Some(end),
            ..
        } if broker == b => Some(end),
        _ => None,
    })
}

/// For each broker, the latest step at or before `cursor` in which it lost
/// records (0: none). A cheap scan of the events.
pub fn loss_steps(t: &Timeline, cursor: usize, brokers: usize) -> Vec<usize> {
    let mut out = vec![0; brokers];
    let mut pending = brokers;
    for k in (1..=cursor.min(t.len())).rev() {
        if pending == 0 {
            break;
        }
        for (b, step) in out.iter_mut().enumerate() {
            if *step == 0 && lost_from(t, k, b).is_some() {
                *step = k;
                pending -= 1;
            }
        }
    }
    out
}

/// The records each broker lost at its loss step (see `loss_steps`), read from
/// the state before that step. One replay per distinct step, so callers cache the
/// result by the steps, not by the cursor.
pub fn lost_records(t: &Timeline, steps: &[usize]) -> Vec<(usize, Vec<Record>)> {
    let mut before: Vec<(usize, replab_core::Cluster)> = Vec::new();
    steps
        .iter()
        .enumerate()
        .map(|(b, &k)| {
            let Some(from) = (k > 0).then(|| lost_from(t, k, b)).flatten() else {
                return (0, Vec::new());
            };
            if !before.iter().any(|(s, _)| *s == k) {
                before.push((k, t.state_at(k - 1)));
            }
            let records = before
                .iter()
                .find(|(s, _)| *s == k)
                .and_then(|(_, c)| c.broker(b))
                .and_then(|x| x.durable.log.records().get(from as usize..))
                .map(<[Record]>::to_vec)
                .unwrap_or_default();
            (k, records)
        })
        .collect()
}
