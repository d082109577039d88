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

/// Records broker `b` held at the state before step `k` and lost during it
/// (truncated, or never flushed), by offset.
pub fn lost_in_step(t: &Timeline, k: usize, b: usize) -> Vec<Record> {
    let lost_from = t.events_of(k).iter().find_map(|e| match *e {
        Event::Truncation { broker, from, to, .. } if broker == b && to < from => Some(to),
        Event::Crashed {
            broker,
            lost_from: Some(end),
            ..
        } if broker == b => Some(end),
        _ => None,
    });
    match lost_from {
        Some(from) => {
            let before = t.state_at(k - 1);
            before
                .broker(b)
                .map(|x| x.durable.log.records()[from as usize..].to_vec())
                .unwrap_or_default()
        }
        None => Vec::new(),
    }
}

/// For each broker, the records it lost most recently (at or before `cursor`)
/// that it has not got back at those offsets, with the step they were lost at.
pub fn ghosts(t: &Timeline, cursor: usize, brokers: usize) -> Vec<(usize, Vec<Record>)> {
    let mut out = vec![(0, Vec::new()); brokers];
    let mut pending: Vec<usize> = (0..brokers).collect();
    for k in (1..=cursor.min(t.len())).rev() {
        if pending.is_empty() {
            break;
        }
        pending.retain(|&b| {
            let hit = t.events_of(k).iter().any(|e| match *e {
                Event::Truncation { broker, from, to, .. } => broker == b && to < from,
                Event::Crashed {
                    broker,
                    lost_from: Some(_),
                    ..
                } => broker == b,
                _ => false,
            });
            if hit {
                out[b] = (k, lost_in_step(t, k, b));
            }
            !hit
        });
    }
    out
}
