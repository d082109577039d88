//! The leader: answers its followers' requests, tracks what it knows of each,
//! grows and shrinks the ISR and moves the high watermark.

use super::controller;
use super::producer::Producer;
use super::Out;
use crate::broker::LastFetch;
use crate::broker_set::BrokerIx;
use crate::event::{Event, ShrinkReason};
use crate::message::{Request, Response};
use crate::partition::Partition;
use crate::protocol::FetchCheck;

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

    /// The leader's side of a request from `follower`: the response, or None when
    /// a Fetch found no records and is parked (`DelayedFetch`). A response with
    /// records carries the HW as it was before this fetch moved it: the leader
    /// reads first and records the fetch offset afterwards (0.10.2.1
    /// `ReplicaManager.fetchMessages` 450-462; 2.8.0 `Partition.readRecords` 1095).
    pub fn handle(&mut self, follower: BrokerIx, request: Request) -> Option<Response> {
        let rules = self.p.rules();
        let l = &self.p.brokers[self.ix];
        let leo = l.leo();
        match request {
            Request::OffsetsForLeaderEpoch { leader_epoch } => Some(Response::EpochEndOffset {
                asked: leader_epoch,
                answer: rules.answer_epoch_query(&l.durable.epoch_cache, leo, leader_epoch),
            }),
            Request::Fetch {
                offset,
                last_fetched_epoch,
                max,
            } => match rules.check_fetch(&l.durable.epoch_cache, leo, offset, last_fetched_epoch) {
                FetchCheck::OutOfRange => Some(Response::OffsetOutOfRange { log_end_offset: leo }),
                FetchCheck::Diverging { epoch, end_offset } => Some(Response::DivergingEpoch {
                    epoch,
                    end_offset,
                    high_watermark: l.hw(),
                }),
                FetchCheck::Read => {
                    let high_watermark = l.hw();
                    let records = l.durable.log.read(offset, max).to_vec();
                    self.update_follower_fetch_state(follower, offset);
                    self.maybe_expand_isr(follower, offset);
                    self.maybe_advance_hw();
                    (!records.is_empty()).then_some(Response::Records {
                        records,
                        high_watermark,
                    })
                }
            },
        }
    }

    /// The response to a parked fetch, made now by reading again: the records
    /// from its offset (at most `max`) and the HW as it is now (`DelayedFetch`
    /// `onComplete`; the fetch state was recorded when it arrived).
    pub fn read_for_parked(&self, offset: u64, max: Option<u32>) -> Response {
        let l = &self.p.brokers[self.ix];
        Response::Records {
            records: l.durable.log.read(offset, max).to_vec(),
            high_watermark: l.hw(),
        }
    }

    /// After an append, every fetch parked here is answered (`DelayedFetch`
    /// completes once there are bytes to send): its records and the HW after the
    /// append. The responses are then on their way.
    pub fn complete_parked_fetches(&mut self) {
        for f in 0..self.p.brokers.len() {
            let b = &self.p.brokers[f];
            if b.followed_leader() != Some(self.ix) {
                continue;
            }
            let Some(in_flight) = b.in_flight().filter(|i| i.is_parked()) else {
                continue;
            };
            let Request::Fetch { offset, max, .. } = in_flight.request else {
                continue;
            };
            let response = self.read_for_parked(offset, max);
            let reply = response.reply(offset);
            if let Some(state) = self.p.brokers[f].follower_state_mut() {
                if let Some(i) = state.in_flight.as_mut() {
                    i.response = Some(response);
                }
            }
            self.out.push(Event::RequestAnswered {
                follower: f,
                leader: self.ix,
                reply,
            });
        }
    }

    /// The leader notes the follower's fetch offset as its LEO, and when it was
    /// last caught up (`Replica.updateFetchState`): now, when the fetch reaches the
    /// leader's log end now; otherwise the time of its previous fetch, when it
    /// reaches the leader's log end as it was then.
    fn update_follower_fetch_state(&mut self, follower: BrokerIx, offset: u64) {
        let now = self.p.now_ms;
        let l = &mut self.p.brokers[self.ix];
        let leader_leo = l.leo();
        let Some(state) = l.leader_state_mut() else { return };
        let view = &mut state.followers[follower];
        if offset >= leader_leo {
            view.last_caught_up_ms = view.last_caught_up_ms.max(Some(now));
        } else if let Some(previous) = view.last_fetch.filter(|f| offset >= f.leader_leo) {
            view.last_caught_up_ms = view.last_caught_up_ms.max(Some(previous.at_ms));
        }
        view.last_fetch = Some(LastFetch { at_ms: now, leader_leo });
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
        let epoch_ok = !self.p.capabilities().isr_join_needs_epoch_start || offset >= state.epoch_start_offset;
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

    /// Leader HW = the smallest LEO, as the leader knows them, over itself, the
    /// ISR and every replica that caught up within replica.lag.time.max.ms (alive
    /// or not; under KRaft only unfenced ones that fetched in their current broker
    /// epoch); it only moves forward, and not at all while a counted LEO is unknown
    /// (`Partition.maybeIncrementLeaderHW`: 0.10.2.1 361-364, KAFKA-4485; 2.8.0
    /// 883-886). Writes below it are acknowledged.
    pub fn maybe_advance_hw(&mut self) {
        let Some(candidate) = crate::hw::candidate(self.p, self.ix) else {
            return;
        };
        let new_hw = candidate.hw;
        let old_hw = self.p.brokers[self.ix].hw();
        if new_hw <= old_hw {
            return;
        }
        // Strict min ISR (3.7+, KAFKA-15583): no HW move while the ISR is
        // below min.insync.replicas.
        let (isr, min_isr) = (self.p.isr.len() as u32, self.p.min_isr());
        if self.p.capabilities().strict_min_isr && isr < min_isr {
            // Told once a step, however often the HW is evaluated in it.
            let told = self.out.iter().any(|e| {
                matches!(*e, Event::HighWatermarkHeld { broker, hw, isr: i, min_isr: m }
                    if (broker, hw, i, m) == (self.ix, old_hw, isr, min_isr))
            });
            if !told {
                self.out.push(Event::HighWatermarkHeld {
                    broker: self.ix,
                    hw: old_hw,
                    isr,
                    min_isr,
                });
            }
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
        .complete_pending(self.ix, new_hw);
    }

    /// The isr-expiration task (`Partition.maybeShrinkIsr`), which runs every
    /// replica.lag.time.max.ms / 2 (0.10.2.1 `ReplicaManager` 221; 2.8.0 324): if
    /// the clock, moving on from `previous_ms`, crossed a run, the ISR members not
    /// caught up within replica.lag.time.max.ms of that run are dropped; from 2.1
    /// on a follower whose LEO equals the leader's is never dropped (KAFKA-7152).
    /// No leader epoch changes, but under the KRaft controller of 3.3–3.5.
    pub fn shrink_isr_for_lag(&mut self, previous_ms: u64) {
        let max_lag = self.p.config.replica_lag_time_max_ms;
        let Some(run_ms) = isr_expiration_run(previous_ms, self.p.now_ms, max_lag) else {
            return;
        };
        let l = &self.p.brokers[self.ix];
        let Some(state) = l.leader_state() else { return };
        let leader_leo = l.leo();
        let exempt_caught_up = self.p.capabilities().caught_up_never_lags;
        let lagging: Vec<(BrokerIx, Option<u64>)> = self
            .p
            .isr
            .iter()
            .filter(|&f| f != self.ix)
            .filter(|&f| !(exempt_caught_up && state.followers[f].leo == Some(leader_leo)))
            .map(|f| (f, state.followers[f].last_caught_up_ms))
            .filter(|&(_, since)| since.is_none_or(|t| run_ms.saturating_sub(t) > max_lag))
            .collect();
        let shrank = !lagging.is_empty();
        for (f, since) in lagging {
            let old = self.p.isr;
            self.p.isr.remove(f);
            self.out.push(Event::IsrShrunk {
                broker: f,
                isr: self.p.isr,
                reason: ShrinkReason::Lagged {
                    since_ms: since,
                    checked_at_ms: run_ms,
                },
            });
            controller::rules(self.p.controller()).leader_changed_isr(self.p, old, self.out);
        }
        if shrank {
            controller::rules(self.p.controller()).leader_shrank_isr(self.p, self.out);
        }
    }
}

/// The last run of the isr-expiration task, every replica.lag.time.max.ms / 2
/// (rounded down to a whole millisecond), after `previous_ms` and at or before
/// `now_ms`; None when the clock crossed none.
pub fn isr_expiration_run(previous_ms: u64, now_ms: u64, max_lag_ms: u64) -> Option<u64> {
    let period = (max_lag_ms / 2).max(1);
    let run = now_ms / period * period;
    (run > previous_ms).then_some(run)
}

#[cfg(test)]
mod tests {
    use crate::event::{Event, ShrinkReason};
    use crate::handler::testing::{cluster, step};
    use crate::BrokerSet;
    use crate::Value;

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
                        reason: ShrinkReason::Lagged {
                            since_ms: Some(0),
                            checked_at_ms: 5000,
                        },
                    },
                    Event::HighWatermarkChanged {
                        broker: 0,
                        from: 0,
                        to: 1
                    },
                    Event::Acked {
                        value: Value::from("m1"),
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
                        reason: ShrinkReason::Lagged {
                            since_ms: Some(0),
                            checked_at_ms: 5000,
                        },
                    },
                ],
                "{protocol}"
            );
        }
    }
}
