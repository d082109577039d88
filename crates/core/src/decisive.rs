//! Which steps of a history tell its story: the ones a reader of a
//! counterexample should stop at. A history is replayed from its setup, and a
//! step is decisive for what its events did:
//!
//! - a log lost records: a truncation below the log end, or a crash that lost
//!   records not yet flushed;
//! - the leader changed or the leader epoch moved (an election, an epoch bump
//!   for crashed followers, the partition going offline);
//! - the leader's high watermark passed a record that a later step loses, or the
//!   record the violation names: the commit that makes the loss matter;
//! - a safety check fired.
//!
//! Data only, no words: a front end words each mark in its own language
//! (`notes` and `scenario::found_history_text` write them as `#` comments).

use crate::timeline::ReplayError;
use crate::{Cluster, Command, Event, Record, Setup, Value, Violation};

/// A decisive step and what makes it so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decisive {
    /// The step's index in the history (0: its first command).
    pub step: usize,
    /// The events that make it decisive, in the order they happened.
    pub marks: Vec<Mark>,
}

/// One event of a decisive step, with the records it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The event, as the model emitted it.
    pub event: Event,
    /// The values this event removed from a log (a truncation, an unflushed loss).
    pub lost: Vec<Value>,
    /// The values this event committed (the leader's high watermark passed them)
    /// that the history later loses or the violation names.
    pub committed: Vec<Value>,
}

/// The decisive steps of `trace` from `setup`, in order. Err: the first command
/// the model refused.
pub fn decisive_steps(setup: &Setup, trace: &[Command]) -> Result<Vec<Decisive>, ReplayError> {
    let mut cluster = Cluster::new(setup);
    // Each step's candidate marks, with every record each one touched.
    let mut steps: Vec<Vec<(Mark, Vec<Record>)>> = Vec::with_capacity(trace.len());
    let mut lost_later: Vec<(usize, Record)> = Vec::new();
    let mut violated: Vec<Record> = Vec::new();
    for (index, command) in trace.iter().enumerate() {
        let before = cluster.clone();
        let events = cluster.apply(command).map_err(|error| ReplayError { index, error })?;
        let mut marks = Vec::new();
        for event in events {
            let records = match &event {
                Event::Truncation { broker, from, to, .. } if to < from => slice(&before, *broker, *to, *from),
                Event::Crashed {
                    broker,
                    lost_from: Some(start),
                    lost,
                    ..
                } if *lost > 0 => slice(&before, *broker, *start, start + lost),
                Event::HighWatermarkChanged { broker, from, to } if to > from && cluster.leader() == Some(*broker) => {
                    slice(&cluster, *broker, *from, *to)
                }
                Event::LeaderElected { .. } | Event::PartitionOffline { .. } | Event::ViolationFound { .. } => {
                    Vec::new()
                }
                _ => continue,
            };
            let mut mark = Mark {
                event,
                lost: Vec::new(),
                committed: Vec::new(),
            };
            match &mark.event {
                Event::Truncation { .. } | Event::Crashed { .. } => {
                    mark.lost = records.iter().map(|r| r.value).collect();
                    lost_later.extend(records.iter().map(|r| (index, *r)));
                }
                Event::ViolationFound { violation } => violated.push(named_record(violation)),
                _ => {}
            }
            marks.push((mark, records));
        }
        steps.push(marks);
    }
    let mut out = Vec::new();
    for (step, marks) in steps.into_iter().enumerate() {
        let mut kept = Vec::new();
        for (mut mark, records) in marks {
            if let Event::HighWatermarkChanged { .. } = mark.event {
                let matters = |r: &Record| {
                    lost_later.iter().any(|(at, l)| *at > step && same(l, r)) || violated.iter().any(|v| same(v, r))
                };
                mark.committed = records.iter().filter(|r| matters(r)).map(|r| r.value).collect();
                if mark.committed.is_empty() {
                    continue;
                }
            }
            kept.push(mark);
        }
        if !kept.is_empty() {
            out.push(Decisive { step, marks: kept });
        }
    }
    Ok(out)
}

/// A caller's words for the decisive steps of `trace`, as the notes
/// `scenario::found_history_text` writes before their steps: each string
/// `comment` gives for a decisive step. None when the model refuses the trace.
pub fn notes(setup: &Setup, trace: &[Command], comment: impl Fn(&Decisive) -> Vec<String>) -> Vec<(usize, String)> {
    decisive_steps(setup, trace)
        .unwrap_or_default()
        .iter()
        .flat_map(|d| comment(d).into_iter().map(move |c| (d.step, c)))
        .collect()
}

/// Records [from, to) of `broker`'s log in `cluster` (those that exist).
fn slice(cluster: &Cluster, broker: usize, from: u64, to: u64) -> Vec<Record> {
    let Some(b) = cluster.broker(broker) else {
        return Vec::new();
    };
    b.durable
        .log
        .records()
        .iter()
        .filter(|r| (from..to).contains(&r.offset))
        .cloned()
        .collect()
}

/// The committed record a violation is about.
fn named_record(v: &Violation) -> Record {
    match v {
        Violation::CommittedWriteLost {
            offset, epoch, value, ..
        } => Record {
            offset: *offset,
            epoch: *epoch,
            value: *value,
        },
        Violation::ReplicasDiverged {
            offset, leader_record, ..
        } => Record {
            offset: *offset,
            epoch: leader_record.0,
            value: leader_record.1,
        },
        Violation::ConsumerReadLost {
            offset, epoch, value, ..
        } => Record {
            offset: *offset,
            epoch: *epoch,
            value: *value,
        },
        Violation::ConsumerReadDiverged { offset, before, .. } => Record {
            offset: *offset,
            epoch: before.0,
            value: before.1,
        },
    }
}

fn same(a: &Record, b: &Record) -> bool {
    a.offset == b.offset && a.same_as(b)
}
