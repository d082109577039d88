//! The producer: writes to the leader, and the acknowledgements it waits for.

use super::leader::Leader;
use super::Out;
use crate::broker_set::BrokerIx;
use crate::config::Acks;
use crate::event::{AckFailure, Event, ProduceRefusal};
use crate::partition::{Partition, PendingAck};
use crate::value::Value;

pub(crate) struct Producer<'a> {
    pub p: &'a mut Partition,
    pub out: &'a mut Out,
}

impl Producer<'_> {
    /// One write to the current leader, appended at once in its current epoch.
    pub fn produce(&mut self, value: &Value, acks: Acks) {
        let Some(leader) = self.p.leader else {
            self.out.push(Event::ProduceRefused {
                value: *value,
                reason: ProduceRefusal::NoLeader,
            });
            return;
        };
        let isr = self.p.isr.len() as u32;
        let min_isr = self.p.min_isr();
        if acks == Acks::All && isr < min_isr {
            self.out.push(Event::ProduceRefused {
                value: *value,
                reason: ProduceRefusal::NotEnoughReplicas { isr, min_isr },
            });
            return;
        }
        let epoch = self.p.leader_epoch;
        let cache = self.p.capabilities().cache_rule;
        let (offset, assigned) = self.p.brokers[leader].append(epoch, *value, cache);
        self.out.push(Event::Appended {
            leader,
            offset,
            epoch,
            value: *value,
            acks,
        });
        if assigned {
            self.out.push(Event::EpochAssigned {
                broker: leader,
                epoch,
                start_offset: offset,
            });
        }
        match acks {
            Acks::Leader => self.ack(*value, offset),
            Acks::All => self.p.pending_acks.push(PendingAck { value: *value, offset }),
            Acks::None => {}
        }
        if let Some(mut l) = Leader::current(self.p, self.out) {
            l.maybe_advance_hw();
            l.complete_parked_fetches();
        }
    }

    fn ack(&mut self, value: Value, offset: u64) {
        self.p.acked.push(value);
        self.out.push(Event::Acked { value, offset });
    }

    /// Completes the acks=all writes below `leader`'s high watermark: each is
    /// acknowledged, or, while the ISR has fewer than min.insync.replicas members,
    /// fails with NOT_ENOUGH_REPLICAS_AFTER_APPEND though it stays committed
    /// (`Partition.checkEnoughReplicasReachOffset`: 0.10.2.1 327-335, 2.8.0 840-848).
    pub fn complete_pending(&mut self, leader: BrokerIx, hw: u64) {
        // Most HW moves in a long history complete nothing: keep the shared list then.
        if !self.p.pending_acks.all().iter().any(|w| w.offset < hw) {
            return;
        }
        let pending = std::mem::take(&mut self.p.pending_acks);
        self.p.pending_acks = pending.all().iter().filter(|w| w.offset >= hw).cloned().collect();
        let (isr, min_isr) = (self.p.isr.len() as u32, self.p.min_isr());
        for w in pending.all().iter().filter(|w| w.offset < hw) {
            if isr < min_isr {
                self.out.push(Event::AckFailed {
                    value: w.value,
                    offset: w.offset,
                    reason: AckFailure::NotEnoughReplicasAfterAppend { leader, isr, min_isr },
                });
            } else {
                self.ack(w.value, w.offset);
            }
        }
    }

    /// Leadership moved before these writes were committed.
    pub fn fail_pending(&mut self) {
        if self.p.pending_acks.is_empty() {
            return;
        }
        for w in std::mem::take(&mut self.p.pending_acks).all().iter().cloned() {
            self.out.push(Event::AckFailed {
                value: w.value,
                offset: w.offset,
                reason: AckFailure::LeadershipMoved,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Acks;
    use crate::event::{Event, ProduceRefusal};
    use crate::handler::testing::{cluster, step};
    use crate::Value;

    // Partition.appendRecordsToLeader: acks=all needs min.insync.replicas in the ISR.
    #[test]
    fn acks_all_below_min_isr_is_refused_with_not_enough_replicas() {
        let mut c = cluster("brokers A B\nset min.insync.replicas=2\ncrash B");
        assert_eq!(
            step(&mut c, "produce m1"),
            vec![Event::ProduceRefused {
                value: Value::from("m1"),
                reason: ProduceRefusal::NotEnoughReplicas { isr: 1, min_isr: 2 },
            }]
        );
    }

    // acks=1: acknowledged when the leader appends; alone in the ISR, the HW moves too.
    #[test]
    fn acks_one_is_acknowledged_on_append() {
        let mut c = cluster("brokers A\nprotocol kip-101");
        assert_eq!(
            step(&mut c, "produce m1 acks=1"),
            vec![
                Event::Appended {
                    leader: 0,
                    offset: 0,
                    epoch: 0,
                    value: Value::from("m1"),
                    acks: Acks::Leader,
                },
                Event::EpochAssigned {
                    broker: 0,
                    epoch: 0,
                    start_offset: 0
                },
                Event::Acked {
                    value: Value::from("m1"),
                    offset: 0
                },
                Event::HighWatermarkChanged {
                    broker: 0,
                    from: 0,
                    to: 1
                },
            ]
        );
    }
}
