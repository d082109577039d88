//! The two safety checks, run after every command on the state it left. Each kind
//! is reported once, at the first command where it holds. To stay cheap, a check
//! looks only where the command's events say something could have gone wrong;
//! `full_check` looks everywhere and the property tests hold the two to agree.

use crate::broker_set::BrokerIx;
use crate::chunked::{Chunked, Slice};
use crate::event::{Event, Violation, ViolationKind};
use crate::log::{Record, Records};
use crate::partition::Partition;

/// The two safety checks' state: what has been committed, and the violations found.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Safety {
    /// The latest record committed at each offset (index = offset).
    committed: Chunked<Record>,
    /// A committed record a leader committed over with a different one: it is lost.
    overwritten: Option<Violation>,
    fired: Vec<Violation>,
}

clone_by_fields!(Safety {
    committed,
    overwritten,
    fired
});

impl Safety {
    /// The violations found so far, in order, one of each kind at most.
    pub fn fired(&self) -> &[Violation] {
        &self.fired
    }

    /// Whether a violation of `kind` has been found.
    pub fn has_fired(&self, kind: ViolationKind) -> bool {
        self.fired.iter().any(|v| v.kind() == kind)
    }

    /// Records ever committed, by offset (the latest at each offset).
    pub fn committed(&self) -> Slice<'_, Record> {
        self.committed.all()
    }

    /// Notes what the command committed: the ranges the leader's high watermark
    /// passed. Within one command only the broker that leads at its end moves a
    /// leader's high watermark, and nothing truncates a leader's log after that,
    /// so its log now holds exactly the records it committed.
    fn note_commits(&mut self, p: &Partition, events: &[Event]) {
        let Some(leader) = p.leader() else { return };
        let Some(log) = p.broker(leader).map(|b| &b.durable.log) else {
            return;
        };
        for e in events {
            if let Event::HighWatermarkChanged { broker, from, to } = *e {
                if broker == leader && to > from {
                    self.note_committed(leader, log.between(from, to));
                }
            }
        }
    }

    /// The leader's high watermark passed these records.
    fn note_committed(&mut self, leader: BrokerIx, records: Records<'_>) {
        for r in records {
            let at = r.offset as usize;
            match self.committed.get(at) {
                Some(old) if old.same_as(r) => {}
                Some(old) => {
                    if self.overwritten.is_none() {
                        self.overwritten = Some(Violation::CommittedWriteLost {
                            leader,
                            offset: old.offset,
                            epoch: old.epoch,
                            value: old.value,
                            now: Some((r.epoch, r.value)),
                        });
                    }
                    self.committed.set(at, *r);
                }
                None => self.committed.push(*r),
            }
        }
    }

    /// Runs both checks where `events` say they could newly hold.
    pub(crate) fn check(&mut self, cluster: &Partition, events: &mut Vec<Event>) {
        self.note_commits(cluster, events);
        let Some(leader) = cluster.leader() else {
            return;
        };
        let elected = events.iter().any(|e| matches!(e, Event::LeaderElected { .. }));
        if !self.has_fired(ViolationKind::CommittedWriteLost) {
            let found = self.overwritten.take().or_else(|| {
                if elected {
                    committed_write_lost(cluster, self.committed.all())
                } else {
                    None
                }
            });
            if let Some(v) = found {
                self.fire(v, events);
            }
        }
        if !self.has_fired(ViolationKind::ReplicasDiverged) {
            let found = if elected {
                replicas_diverged(cluster, None, 0, u64::MAX)
            } else {
                divergence_in_changed_ranges(cluster, leader, events)
            };
            if let Some(v) = found {
                self.fire(v, events);
            }
        }
    }

    fn fire(&mut self, v: Violation, events: &mut Vec<Event>) {
        self.fired.push(v.clone());
        events.push(Event::ViolationFound { violation: v });
    }
}

/// Where a command could have created a divergence without a leader change: a
/// follower joining the ISR, the leader's HW passing offsets, a follower appending.
fn divergence_in_changed_ranges(cluster: &Partition, leader: BrokerIx, events: &[Event]) -> Option<Violation> {
    let hw = cluster.broker(leader)?.hw();
    events.iter().find_map(|e| match *e {
        Event::IsrExpanded { broker, .. } => replicas_diverged(cluster, Some(broker), 0, hw),
        Event::HighWatermarkChanged { broker, from, to } if broker == leader && to > from => {
            replicas_diverged(cluster, None, from, to)
        }
        Event::Replicated { follower, from, to } => replicas_diverged(cluster, Some(follower), from, to.min(hw)),
        _ => None,
    })
}

/// A committed record no longer at its offset in the current leader's log.
fn committed_write_lost(cluster: &Partition, committed: Slice<'_, Record>) -> Option<Violation> {
    let leader = cluster.leader()?;
    let log = &cluster.broker(leader)?.durable.log;
    committed.iter().find_map(|c| match log.get(c.offset) {
        Some(r) if r.same_as(c) => None,
        now => Some(Violation::CommittedWriteLost {
            leader,
            offset: c.offset,
            epoch: c.epoch,
            value: c.value,
            now: now.map(|r| (r.epoch, r.value)),
        }),
    })
}

/// An ISR follower (or just `only`) holding, at an offset in [lo, hi) below the
/// leader's HW, a record different from the leader's.
fn replicas_diverged(cluster: &Partition, only: Option<BrokerIx>, lo: u64, hi: u64) -> Option<Violation> {
    let leader = cluster.leader()?;
    let l = cluster.broker(leader)?;
    let hi = hi.min(l.hw());
    for f in cluster.isr().iter() {
        if f == leader || only.is_some_and(|o| o != f) {
            continue;
        }
        let Some(fb) = cluster.broker(f) else { continue };
        let end = hi.min(fb.leo());
        for offset in lo..end {
            let (Some(a), Some(b)) = (l.durable.log.get(offset), fb.durable.log.get(offset)) else {
                continue;
            };
            if !a.same_as(b) {
                return Some(Violation::ReplicasDiverged {
                    leader,
                    follower: f,
                    offset,
                    leader_record: (a.epoch, a.value),
                    follower_record: (b.epoch, b.value),
                });
            }
        }
    }
    None
}

/// Both checks over the whole state, ignoring what has fired: which kinds hold now.
/// `safety` is the checker that has followed `cluster` through its history.
pub fn full_check(cluster: &Partition, safety: &Safety) -> Vec<ViolationKind> {
    let mut kinds = Vec::new();
    if committed_write_lost(cluster, safety.committed()).is_some() {
        kinds.push(ViolationKind::CommittedWriteLost);
    }
    if replicas_diverged(cluster, None, 0, u64::MAX).is_some() {
        kinds.push(ViolationKind::ReplicasDiverged);
    }
    kinds
}
