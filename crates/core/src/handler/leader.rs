//! The leader: answers its followers' requests, tracks what it knows of each,
//! grows and shrinks the ISR and moves the high watermark.

use super::controller;
use super::producer::Producer;
use super::Out;
use crate::broker_set::BrokerIx;
use crate::event::{Event, ShrinkReason};
use crate::message::{Request, Response};
use crate::partition::Partition;
use crate::protocol::{ControllerKind, FetchCheck};

pub(crate) struct Leader<'a> {
    pub p: &'a mut Partition,
    pub out: &'a mut Out,
    pub ix: BrokerIx,
}

impl<'a> Leader<'a> {
    /// The partition's leader, if it has one acting as leader.
    pub fn current(p: &'a mut Partition, out: &'a mut Out) -> Option<Leader<'a>> {
        let ix = p.leader?;
        p.brokers[ix].leader_state()?;
        Some(Leader { p, out, ix })
    }

    /// The leader's side of a request from `follower`.
    pub fn handle(&mut self, follower: BrokerIx, request: Request) -> Response {
        let rules = self.p.rules();
        let l = &self.p.brokers[self.ix];
        let leo = l.leo();
        match request {
            Request::OffsetsForLeaderEpoch { leader_epoch } => Response::EpochEndOffset {
                asked: leader_epoch,
                answer: rules.answer_epoch_query(&l.durable.epoch_cache, leo, leader_epoch),
            },
            Request::Fetch {
                offset,
                last_fetched_epoch,
                max,
            } => match rules.check_fetch(&l.durable.epoch_cache, leo, offset, last_fetched_epoch) {
                FetchCheck::OutOfRange => Response::OffsetOutOfRange { log_end_offset: leo },
                FetchCheck::Diverging { epoch, end_offset } => Response::DivergingEpoch {
                    epoch,
                    end_offset,
                    high_watermark: l.hw(),
                },
                FetchCheck::Read => {
                    let records = l.durable.log.read(offset, max).to_vec();
                    self.update_follower_fetch_state(follower, offset);
                    self.maybe_expand_isr(follower, offset);
                    self.maybe_advance_hw();
                    Response::Records {
                        records,
                        high_watermark: self.p.brokers[self.ix].hw(),
                    }
                }
            },
        }
    }

    /// The leader notes the follower's fetch offset as its LEO, and when it was last
    /// caught up (`Replica.updateFetchState`).
    fn update_follower_fetch_state(&mut self, follower: BrokerIx, offset: u64) {
        let now = self.p.now_ms;
        let l = &mut self.p.brokers[self.ix];
        let leader_leo = l.leo();
        let Some(state) = l.leader_state_mut() else { return };
        let view = &mut state.followers[follower];
        if offset >= leader_leo {
            view.last_caught_up_ms = view.last_caught_up_ms.max(now);
        } else if offset >= view.last_fetch_leader_leo {
            view.last_caught_up_ms = view.last_caught_up_ms.max(view.last_fetch_ms);
        }
        view.last_fetch_leader_leo = leader_leo;
        view.last_fetch_ms = now;
        view.leo = Some(offset);
    }

    /// A follower rejoins the ISR once it reaches the leader's HW (and, from
    /// KIP-279 on, the start of the leader's epoch) (`Partition.maybeExpandIsr`).
    fn maybe_expand_isr(&mut self, follower: BrokerIx, offset: u64) {
        if self.p.isr.contains(follower) {
            return;
        }
        let l = &self.p.brokers[self.ix];
        let Some(state) = l.leader_state() else { return };
        let epoch_ok = !self.p.rules().isr_join_needs_epoch_start() || offset >= state.epoch_start_offset;
        if offset >= l.hw() && epoch_ok {
            let old = self.p.isr;
            self.p.isr.insert(follower);
            self.out.push(Event::IsrExpanded {
                broker: follower,
                isr: self.p.isr,
            });
            controller::rules(self.p.controller()).leader_changed_isr(self.p, old, self.out);
        }
    }

    /// Leader HW = the smallest LEO over the ISR as the leader knows them; it only
    /// moves forward, and not at all while an ISR follower's LEO is unknown
    /// (`Partition.maybeIncrementLeaderHW`). Writes below it are acknowledged.
    pub fn maybe_advance_hw(&mut self) {
        let b = &self.p.brokers[self.ix];
        let Some(state) = b.leader_state() else { return };
        let mut new_hw = b.leo();
        for f in self.p.isr.iter().filter(|&f| f != self.ix) {
            match state.followers[f].leo {
                Some(leo) => new_hw = new_hw.min(leo),
                None => return,
            }
        }
        let old_hw = b.hw();
        if new_hw <= old_hw {
            return;
        }
        // Strict min ISR (KRaft, 3.7+, KAFKA-15583): no HW move while the ISR is
        // below min.insync.replicas.
        let (isr, min_isr) = (self.p.isr.len() as u32, self.p.min_isr());
        if self.p.controller() == ControllerKind::KRaft && isr < min_isr {
            self.out.push(Event::HighWatermarkHeld {
                broker: self.ix,
                hw: old_hw,
                isr,
                min_isr,
            });
            return;
        }
        self.p.brokers[self.ix].durable.hw = new_hw;
        self.out.push(Event::HighWatermarkChanged {
            broker: self.ix,
            from: old_hw,
            to: new_hw,
        });
        Producer {
            p: self.p,
            out: self.out,
        }
        .complete_pending(new_hw);
    }

    /// Drops from the ISR every follower that has not caught up within
    /// replica.lag.time.max.ms (`Partition.maybeShrinkIsr`); from Kafka 2.1 on a
    /// follower whose LEO equals the leader's is never dropped (KAFKA-7152). No
    /// leader epoch changes.
    pub fn shrink_isr_for_lag(&mut self) {
        let l = &self.p.brokers[self.ix];
        let Some(state) = l.leader_state() else { return };
        let leader_leo = l.leo();
        let now = self.p.now_ms;
        let max_lag = self.p.config.replica_lag_time_max_ms;
        let exempt_caught_up = self.p.rules().caught_up_never_lags();
        let lagging: Vec<(BrokerIx, u64)> = self
            .p
            .isr
            .iter()
            .filter(|&f| f != self.ix)
            .filter(|&f| !(exempt_caught_up && state.followers[f].leo == Some(leader_leo)))
            .map(|f| (f, state.followers[f].last_caught_up_ms))
            .filter(|&(_, since)| now - since.min(now) > max_lag)
            .collect();
        for (f, since) in lagging {
            let old = self.p.isr;
            self.p.isr.remove(f);
            self.out.push(Event::IsrShrunk {
                broker: f,
                isr: self.p.isr,
                reason: ShrinkReason::Lagged { since_ms: since },
            });
            controller::rules(self.p.controller()).leader_changed_isr(self.p, old, self.out);
        }
        self.maybe_advance_hw();
    }
}

#[cfg(test)]
mod tests {
    use crate::event::{Event, ShrinkReason};
    use crate::handler::testing::{cluster, step};
    use crate::BrokerSet;
    use std::sync::Arc;

    fn isr(ids: &[usize]) -> BrokerSet {
        ids.iter().copied().collect()
    }

    // 2.1 Partition.getOutOfSyncReplicas (KAFKA-7152): a follower whose LEO equals
    // the leader's is never out of sync, however long ago it last caught up.
    #[test]
    fn kafka_2_1_keeps_a_caught_up_follower_whatever_the_time() {
        let setup = "brokers A B C
             set replica.lag.time.max.ms=1000
             produce m1
             fetch B
             fetch C
             fetch B          # B's LEO as A knows it: 1, A's LEO";
        for protocol in ["kip-279", "diverging-epoch"] {
            let mut c = cluster(&format!("protocol {protocol}\n{setup}"));
            assert_eq!(
                step(&mut c, "tick 5000"),
                vec![
                    Event::ClockAdvanced { now_ms: 5000 },
                    Event::IsrShrunk {
                        broker: 2,
                        isr: isr(&[0, 1]),
                        reason: ShrinkReason::Lagged { since_ms: 0 },
                    },
                    Event::HighWatermarkChanged {
                        broker: 0,
                        from: 0,
                        to: 1
                    },
                    Event::Acked {
                        value: Arc::from("m1"),
                        offset: 0
                    },
                ],
                "{protocol}: C's LEO as A knows it is 0, so only C lags; then m1 is committed"
            );
        }
    }

    // 0.10.2.1 / 0.11.0.0 Partition.getOutOfSyncReplicas: only the time counts.
    #[test]
    fn before_kafka_2_1_only_the_time_counts() {
        for protocol in ["hw", "kip-101"] {
            let mut c = cluster(&format!(
                "protocol {protocol}
                 brokers A B
                 set replica.lag.time.max.ms=1000
                 produce m1
                 fetch B
                 fetch B"
            ));
            assert_eq!(
                step(&mut c, "tick 5000"),
                vec![
                    Event::ClockAdvanced { now_ms: 5000 },
                    Event::IsrShrunk {
                        broker: 1,
                        isr: isr(&[0]),
                        reason: ShrinkReason::Lagged { since_ms: 0 },
                    },
                ],
                "{protocol}"
            );
        }
    }
}
