//! The safety checks, run after every command on the state it left. The two
//! about the replicas are reported once each, at the first command where they
//! hold; the two about consumers (contract 1.4) once per consumer and record,
//! and once per offset and pair of records read. To stay cheap, a check
//! looks only where the command's events say something could have gone wrong;
//! `full_check` looks everywhere and the property tests hold the two to agree.

use crate::broker_set::BrokerIx;
use crate::chunked::{Chunked, Slice};
use crate::consumer::ReadRecord;
use crate::event::{Event, Violation, ViolationKind};
use crate::log::{Record, Records};
use crate::partition::Partition;
use crate::value::Value;

/// The two safety checks' state: what has been committed, and the violations found.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Safety {
    /// The latest record committed at each offset (index = offset).
    pub(crate) committed: Chunked<Record>,
    /// A committed record a leader committed over with a different one: it is lost.
    pub(crate) overwritten: Option<Violation>,
    pub(crate) fired: Vec<Violation>,
    /// The records consumers read that were reported lost, with who read them.
    pub(crate) reads_lost: Vec<(Value, ReadRecord)>,
    /// The distinct records consumers read at each offset (index = offset),
    /// each with the consumer that read it first.
    pub(crate) read_at: Vec<Vec<(u32, Value, Value)>>,
}

clone_by_fields!(Safety {
    committed,
    overwritten,
    fired,
    reads_lost,
    read_at
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

    /// Whether `consumer`'s read `r` has been found no longer at its offset in
    /// a leader's log (`consumer-read-lost`): lost after it was read.
    pub fn read_lost(&self, consumer: Value, r: &ReadRecord) -> bool {
        self.reads_lost.contains(&(consumer, *r))
    }

    /// Whether `r` differs from a record some consumer read at its offset
    /// before it (`consumer-read-diverged`): every distinct record read there
    /// after the first.
    pub fn read_diverged(&self, r: &ReadRecord) -> bool {
        let at = usize::try_from(r.offset).unwrap_or(usize::MAX);
        self.read_at
            .get(at)
            .and_then(|seen| seen.first())
            .is_some_and(|&(e, v, _)| (e, v) != (r.epoch, r.value))
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
        self.check_replicas(cluster, events);
        self.check_consumers(cluster, events);
    }

    fn check_replicas(&mut self, cluster: &Partition, events: &mut Vec<Event>) {
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

    /// The consumers' checks: a read at an offset of a record other than one
    /// read there before (at each `Consumed`), and a record read that the
    /// leader's log no longer holds (after a leader change, and for new reads).
    fn check_consumers(&mut self, p: &Partition, events: &mut Vec<Event>) {
        let mut found = Vec::new();
        for e in events.iter() {
            if let Event::Consumed { consumer, records, .. } = e {
                for r in records {
                    self.note_read(*consumer, r, &mut found);
                }
            }
        }
        let elected = events.iter().any(|e| matches!(e, Event::LeaderElected { .. }));
        if let Some(leader) = p.leader().filter(|_| !p.consumers().is_empty()) {
            let log = &p.brokers()[leader].durable.log;
            for c in p.consumers() {
                let reads = c.read();
                let fresh = events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Consumed { consumer, records, .. } if *consumer == c.name => Some(records.len()),
                        _ => None,
                    })
                    .sum::<usize>();
                // Only a leader change can take a record from the leader's log
                // (a leader only appends): before it, check what was just read.
                let from = if elected {
                    0
                } else {
                    reads.len() - fresh.min(reads.len())
                };
                for r in reads.iter().skip(from) {
                    let held = log
                        .get(r.offset)
                        .is_some_and(|x| x.epoch == r.epoch && x.value == r.value);
                    if held || self.reads_lost.contains(&(c.name, *r)) {
                        continue;
                    }
                    self.reads_lost.push((c.name, *r));
                    found.push(Violation::ConsumerReadLost {
                        consumer: c.name,
                        leader,
                        offset: r.offset,
                        epoch: r.epoch,
                        value: r.value,
                        now: log.get(r.offset).map(|x| (x.epoch, x.value)),
                    });
                }
            }
        }
        for v in found {
            self.fire(v, events);
        }
    }

    /// `consumer` read `r`: a record other than those read at its offset before
    /// diverges from each of them.
    fn note_read(&mut self, consumer: Value, r: &ReadRecord, found: &mut Vec<Violation>) {
        let at = usize::try_from(r.offset).unwrap_or(usize::MAX);
        if self.read_at.len() <= at {
            self.read_at.resize_with(at + 1, Vec::new);
        }
        let seen = &mut self.read_at[at];
        if seen.iter().any(|&(e, v, _)| (e, v) == (r.epoch, r.value)) {
            return;
        }
        for &(e, v, earlier) in seen.iter() {
            found.push(Violation::ConsumerReadDiverged {
                consumer,
                earlier,
                offset: r.offset,
                before: (e, v),
                now: (r.epoch, r.value),
            });
        }
        seen.push((r.epoch, r.value, consumer));
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
    if let Some(leader) = cluster.leader() {
        let log = &cluster.brokers()[leader].durable.log;
        let lost = cluster.consumers().iter().any(|c| {
            c.read().iter().any(|r| {
                !log.get(r.offset)
                    .is_some_and(|x| x.epoch == r.epoch && x.value == r.value)
            })
        });
        if lost {
            kinds.push(ViolationKind::ConsumerReadLost);
        }
    }
    kinds
}
