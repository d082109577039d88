//! A consumer's poll (contract 1.4 rule 5): the validation it owes (KIP-320's
//! client side, from Kafka 2.3), the reset it owes, then one Fetch at the
//! leader. It reads only below the leader's high watermark and changes nothing
//! of the partition: a consumer's fetch carries replica id −1, so it moves no
//! high watermark and no follower's fetch state (0.10.2.1 ReplicaManager
//! 459-462; 4.1.0 Partition 1460-1467). Client references are
//! `clients/.../consumer/internals/SubscriptionState.java` (SS) and
//! `Fetcher.java` (F).

use super::Out;
use crate::broker_set::BrokerIx;
use crate::config::OffsetReset;
use crate::consumer::{Consumer, ConsumerError, ReadRecord, ResetCause, ResetDue};
use crate::event::Event;
use crate::partition::Partition;
use crate::value::Value;

pub(crate) struct Poll<'a> {
    pub p: &'a mut Partition,
    pub out: &'a mut Out,
}

impl Poll<'_> {
    /// `consume name [max=n]`. The first poll of a name creates the consumer.
    pub fn consume(&mut self, name: Value, max: Option<u32>) {
        let ix = match self.p.consumers.iter().position(|c| c.name == name) {
            Some(ix) => ix,
            None => {
                self.p.consumers.push(Consumer::new(name));
                self.p.consumers.len() - 1
            }
        };
        let Some(leader) = self.p.leader.filter(|&l| self.p.brokers[l].leader_state().is_some()) else {
            return self.out.push(Event::ConsumeWithoutLeader { consumer: name });
        };
        self.p.consumers[ix].error = None;
        let policy = self.p.config.auto_offset_reset;
        if !self.validate(ix, leader, policy) {
            return;
        }
        if let Some(due) = self.p.consumers[ix].reset_due {
            self.reset(ix, leader, due, policy);
        }
        self.fetch(ix, leader, max, policy);
    }

    /// Step 1, KIP-320 (SS 2.8.1 476-522, 4.1.0 567-613): a position with an
    /// epoch, used with another leader or epoch, is checked with
    /// OffsetsForLeaderEpoch at the leader, which answers with the `endOffsetFor`
    /// rule its followers get. False when the poll stops here.
    fn validate(&mut self, ix: usize, leader: BrokerIx, policy: OffsetReset) -> bool {
        let now = (leader, self.p.leader_epoch);
        let c = &self.p.consumers[ix];
        let (Some(position), Some(asked)) = (c.position, c.position_epoch) else {
            return true;
        };
        if !self.p.capabilities().consumer_validates_position || c.used_with == Some(now) {
            return true;
        }
        let name = c.name;
        let l = &self.p.brokers[leader];
        let answer = self
            .p
            .rules()
            .answer_epoch_query(&l.durable.epoch_cache, l.leo(), Some(asked));
        let (Some(epoch), Some(end_offset)) = (answer.epoch, answer.end_offset) else {
            // Undefined: a reset is due, or with none the truncation is raised.
            if policy == OffsetReset::None {
                self.fail(ix, ConsumerError::LogTruncation, position, None);
                return false;
            }
            let c = &mut self.p.consumers[ix];
            c.position = None;
            c.position_epoch = None;
            c.reset_due = Some(ResetDue {
                cause: ResetCause::Undefined,
                from: position,
            });
            c.used_with = Some(now);
            return true;
        };
        if end_offset >= position {
            self.p.consumers[ix].used_with = Some(now);
            self.out.push(Event::PositionValidated {
                consumer: name,
                leader,
                asked,
                epoch,
                end_offset,
                position,
            });
            return true;
        }
        let moved = policy != OffsetReset::None;
        self.out.push(Event::TruncationDetected {
            consumer: name,
            leader,
            asked,
            epoch,
            end_offset,
            from: position,
            moved,
        });
        if !moved {
            self.fail(ix, ConsumerError::LogTruncation, position, Some(end_offset));
            return false;
        }
        let c = &mut self.p.consumers[ix];
        c.position = Some(end_offset);
        c.position_epoch = Some(epoch);
        c.used_with = Some(now);
        true
    }

    /// Step 2: ListOffsets at the leader (F 2.8.1 725-731): earliest gives 0,
    /// latest the leader's HW, and the position has no epoch. From 2.2 the
    /// leader answers latest with OFFSET_NOT_AVAILABLE while its HW is below the
    /// start of its epoch (KIP-207): the reset waits for the next poll.
    fn reset(&mut self, ix: usize, leader: BrokerIx, due: ResetDue, policy: OffsetReset) {
        let l = &self.p.brokers[leader];
        let hw = l.hw();
        let epoch_start = l.leader_state().map_or(0, |s| s.epoch_start_offset);
        let to = match policy {
            OffsetReset::Earliest => Some(0),
            OffsetReset::Latest if self.p.capabilities().latest_waits_for_epoch_start && hw < epoch_start => None,
            _ => Some(hw),
        };
        let now = (leader, self.p.leader_epoch);
        let c = &mut self.p.consumers[ix];
        c.position = to;
        c.position_epoch = None;
        c.reset_due = if to.is_some() { None } else { Some(due) };
        c.used_with = Some(now);
        self.out.push(Event::ConsumerReset {
            consumer: c.name,
            leader,
            cause: due.cause,
            policy,
            from: due.from,
            to,
        });
    }

    /// Step 3: one Fetch from the position. Past the leader's log end,
    /// OFFSET_OUT_OF_RANGE: a reset at once (nothing read), or with none the
    /// error; otherwise the records below the HW, at most `max`.
    fn fetch(&mut self, ix: usize, leader: BrokerIx, max: Option<u32>, policy: OffsetReset) {
        let Some(from) = self.p.consumers[ix].position else {
            return;
        };
        let validates = self.p.capabilities().consumer_validates_position;
        let now = (leader, self.p.leader_epoch);
        let l = &self.p.brokers[leader];
        let (leo, high_watermark) = (l.leo(), l.hw());
        if from > leo {
            if policy == OffsetReset::None {
                return self.fail(ix, ConsumerError::OffsetOutOfRange, from, None);
            }
            let due = ResetDue {
                cause: ResetCause::OffsetOutOfRange,
                from,
            };
            return self.reset(ix, leader, due, policy);
        }
        let end = match max {
            Some(n) => high_watermark.min(from.saturating_add(u64::from(n))),
            None => high_watermark,
        };
        let records: Vec<ReadRecord> = if from < end {
            l.durable
                .log
                .between(from, end)
                .into_iter()
                .map(|r| ReadRecord {
                    offset: r.offset,
                    epoch: r.epoch,
                    value: r.value,
                })
                .collect()
        } else {
            Vec::new()
        };
        let c = &mut self.p.consumers[ix];
        c.used_with = Some(now);
        if let Some(last) = records.last() {
            c.position = Some(last.offset + 1);
            if validates {
                c.position_epoch = Some(last.epoch);
            }
        }
        for r in &records {
            c.read.push(*r);
        }
        self.out.push(Event::Consumed {
            consumer: c.name,
            leader,
            from,
            records,
            high_watermark,
        });
    }

    fn fail(&mut self, ix: usize, error: ConsumerError, at: u64, divergent: Option<u64>) {
        let c = &mut self.p.consumers[ix];
        c.error = Some(error);
        self.out.push(Event::ConsumerFailed {
            consumer: c.name,
            error,
            at,
            divergent,
        });
    }
}
