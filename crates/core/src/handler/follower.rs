//! A follower: starts following a leader (or waits for one), sends the request
//! its protocol calls for, and applies the response: records, or a truncation.

use super::controller::Controller;
use super::leader::Leader;
use super::Out;
use crate::broker_set::BrokerIx;
use crate::command::CrashTarget;
use crate::event::{Event, FollowerNext, LossReason, TruncationRule};
use crate::message::{EpochAnswer, InFlight, Request, Response};
use crate::partition::Partition;
use crate::protocol::{FollowCause, FollowStart, FollowerLog, TruncationDecision};

pub(crate) struct Follower<'a> {
    pub p: &'a mut Partition,
    pub out: &'a mut Out,
    pub ix: BrokerIx,
}

impl Follower<'_> {
    /// One request to the current leader, handled there; the response is applied
    /// now (`deliver_now`) or left in flight. A Fetch that finds no records is
    /// parked at the leader: `fetch` answers it at once (no append can come
    /// first), `send` leaves it parked.
    pub fn round_trip(&mut self, max: Option<u32>, deliver_now: bool) {
        let follower = self.ix;
        let request = self.p.next_request(follower, max);
        let Some(mut leader) = Leader::current(self.p, self.out) else {
            self.out.push(Event::NoLeaderToFetchFrom { follower });
            return;
        };
        let leader_ix = leader.ix;
        leader.out.push(Event::RequestSent {
            follower,
            leader: leader_ix,
            request,
        });
        let response = leader.handle(follower, request);
        let mut in_flight = InFlight {
            request,
            response,
            leader_epoch: self.p.leader_epoch,
        };
        match in_flight.reply() {
            Some(reply) => self.out.push(Event::RequestAnswered {
                follower,
                leader: leader_ix,
                reply,
            }),
            None => self.out.push(Event::FetchParked {
                follower,
                leader: leader_ix,
                offset: in_flight.fetch_offset(),
            }),
        }
        if deliver_now {
            self.answer_parked(&mut in_flight);
            self.apply_response(in_flight);
        } else if let Some(state) = self.p.brokers[follower].follower_state_mut() {
            state.in_flight = Some(in_flight);
        }
    }

    /// A parked fetch still unanswered when its response is due is answered now,
    /// with what the leader has at this moment.
    fn answer_parked(&mut self, in_flight: &mut InFlight) {
        let Request::Fetch { offset, max, .. } = in_flight.request else {
            return;
        };
        if !in_flight.is_parked() {
            return;
        }
        let Some(leader) = Leader::current(self.p, self.out) else {
            return;
        };
        let response = leader.read_for_parked(offset, max);
        let reply = response.reply(offset);
        let leader_ix = leader.ix;
        in_flight.response = Some(response);
        self.out.push(Event::RequestAnswered {
            follower: self.ix,
            leader: leader_ix,
            reply,
        });
    }

    /// The response in flight arrives (a parked fetch is answered first).
    pub fn deliver(&mut self) {
        if let Some(mut in_flight) = self.take_in_flight() {
            self.answer_parked(&mut in_flight);
            self.apply_response(in_flight);
        }
    }

    /// The response in flight, or the fetch parked at the leader, is lost for
    /// `reason`.
    pub fn lose_in_flight(&mut self, reason: LossReason) {
        let Some(in_flight) = self.take_in_flight() else { return };
        let follower = self.ix;
        self.out.push(match in_flight.reply() {
            Some(reply) => Event::ResponseLost {
                follower,
                reply,
                reason,
            },
            None => Event::ParkedFetchLost {
                follower,
                offset: in_flight.fetch_offset(),
                reason,
            },
        });
    }

    fn take_in_flight(&mut self) -> Option<InFlight> {
        self.p.brokers[self.ix]
            .follower_state_mut()
            .and_then(|s| s.in_flight.take())
    }

    /// Told to follow `leader` in `epoch` (`Partition.makeFollower`): what it does
    /// first depends on the protocol, on why, and on whether it has epochs.
    pub fn follow(&mut self, leader: BrokerIx, cause: FollowCause, epoch: u32) {
        let rules = self.p.rules();
        let b = &self.p.brokers[self.ix];
        let start = rules.follow_start(cause, b.latest_epoch().is_some());
        if start == FollowStart::Continue {
            self.out.push(Event::KeptFollowing {
                broker: self.ix,
                leader,
                epoch,
            });
            return;
        }
        // Starting afresh: a request from an older epoch is fenced (KIP-320) or,
        // before 2.1, belongs to a fetcher that was removed. From 2.8 a response
        // already made survives the same leader's new epoch: the fetcher still
        // fetches from the same offset (its cache not empty); a parked fetch is
        // answered FENCED_LEADER_EPOCH (`DelayedFetch` 79/94/150).
        let keeps_response = start == FollowStart::Fetch
            && cause == FollowCause::NewEpoch
            && self.p.capabilities().response_survives_same_leader_epoch
            && b.in_flight().is_some_and(|i| !i.is_parked());
        let kept = if keeps_response { self.take_in_flight() } else { None };
        self.lose_in_flight(LossReason::Fenced { epoch });
        let b = &mut self.p.brokers[self.ix];
        b.follow(Some(leader));
        if let Some(state) = b.follower_state_mut() {
            state.validating = start == FollowStart::Validate;
            state.in_flight = kept;
        }
        // An empty log has nothing to truncate: it fetches.
        let start = match start {
            FollowStart::TruncateToHighWatermark if b.durable.log.is_empty() => FollowStart::Fetch,
            start => start,
        };
        let next = self.first_move(start);
        if let FollowerNext::TruncateToHw { hw, .. } = next {
            self.truncate(TruncationDecision {
                to: hw,
                rule: TruncationRule::HighWatermark { hw },
                complete: true,
            });
        }
        self.out.push(Event::BecameFollower {
            broker: self.ix,
            leader: Some(leader),
            next,
        });
    }

    /// Restarted while the partition has no leader: it keeps its log as it is and
    /// waits (`ReplicaManager.makeFollowers` acts only for a live leader), having
    /// decided what it will do once a leader is elected.
    pub fn wait_for_leader(&mut self) {
        let has_epochs = self.p.brokers[self.ix].latest_epoch().is_some();
        let next = self.first_move(self.p.rules().follow_start(FollowCause::Restart, has_epochs));
        self.p.brokers[self.ix].follow(None);
        self.out.push(Event::BecameFollower {
            broker: self.ix,
            leader: None,
            next,
        });
    }

    /// What a follower starting with `start` does first, with its log as it is
    /// now: its fetches carry its latest epoch for the leader to check where
    /// the protocol's do and it has one.
    fn first_move(&self, start: FollowStart) -> FollowerNext {
        let b = &self.p.brokers[self.ix];
        match start {
            FollowStart::Continue => FollowerNext::KeepFollowing,
            FollowStart::Validate => FollowerNext::Validate,
            FollowStart::TruncateToHighWatermark => FollowerNext::TruncateToHw {
                hw: b.hw(),
                from: b.leo(),
            },
            FollowStart::Fetch if self.p.capabilities().fetch_carries_epoch && b.latest_epoch().is_some() => {
                FollowerNext::FetchChecked
            }
            FollowStart::Fetch => FollowerNext::Fetch,
        }
    }

    /// The follower's side of a response (a parked fetch was answered before).
    fn apply_response(&mut self, in_flight: InFlight) {
        let follower = self.ix;
        let fetch_offset = in_flight.fetch_offset();
        let Some(response) = in_flight.response else { return };
        self.out.push(Event::ResponseDelivered {
            follower,
            reply: response.reply(fetch_offset),
        });
        let rules = self.p.rules();
        match response {
            Response::EpochEndOffset { asked, answer } => {
                let decision = rules.decide(self.log(), asked, answer);
                self.truncate(decision);
            }
            Response::DivergingEpoch {
                epoch,
                end_offset,
                high_watermark,
            } => {
                // 2.8 applies the response's HW, min(leader HW, own LEO), before it
                // truncates (`AbstractFetcherThread.processFetchRequest`), so after
                // the truncation it is min(that HW, the new log end). 4.1 keeps its
                // own, which the truncation lowers to its new log end (KAFKA-14704).
                if self.p.capabilities().diverging_epoch_sets_hw {
                    self.set_hw(high_watermark);
                }
                let asked = match in_flight.request {
                    Request::Fetch { last_fetched_epoch, .. } => last_fetched_epoch,
                    Request::OffsetsForLeaderEpoch { leader_epoch } => leader_epoch,
                };
                let answer = EpochAnswer {
                    epoch: Some(epoch),
                    end_offset: Some(end_offset),
                };
                let decision = rules.decide(self.log(), asked, answer);
                self.truncate(decision);
            }
            Response::OffsetOutOfRange { log_end_offset } => {
                let leo = self.p.brokers[follower].leo();
                if log_end_offset >= leo {
                    return;
                }
                if self.p.capabilities().halts_on_fetch_past_leader_end && !self.p.unclean_election_enabled() {
                    return self.halt(fetch_offset, log_end_offset);
                }
                self.truncate(TruncationDecision {
                    to: log_end_offset,
                    rule: TruncationRule::LeaderLogEnd { log_end_offset },
                    complete: true,
                });
            }
            Response::Records {
                records,
                high_watermark,
            } => {
                let cache = self.p.capabilities().cache_rule;
                let b = &mut self.p.brokers[follower];
                let from = b.leo();
                for r in records.into_iter().filter(|r| r.offset >= from) {
                    debug_assert_eq!(r.offset, b.leo(), "records arrive at the log end");
                    let (offset, assigned) = b.append(r.epoch, r.value, cache);
                    if assigned {
                        self.out.push(Event::EpochAssigned {
                            broker: follower,
                            epoch: r.epoch,
                            start_offset: offset,
                        });
                    }
                }
                let to = b.leo();
                if to > from {
                    self.out.push(Event::Replicated { follower, from, to });
                }
                self.set_hw(high_watermark);
            }
        }
    }

    /// 0.10/0.11 with unclean election off: truncating below what may have been
    /// committed is not allowed, so the fetcher's FatalExitError ends the broker's
    /// process (0.10.2.1 `ReplicaFetcherThread` 176-187; 0.11.0.0 150-161). It
    /// goes down with its whole log, and the controller sees it go.
    fn halt(&mut self, fetch_offset: u64, leader_log_end: u64) {
        let broker = self.ix;
        let leader = self.p.brokers[broker].follower_state().and_then(|s| s.leader);
        self.out.push(Event::Halted {
            broker,
            leader,
            fetch_offset,
            leader_log_end,
        });
        Controller {
            p: self.p,
            out: self.out,
        }
        .crash(&[CrashTarget {
            broker,
            unflushed_from: None,
        }]);
        self.p.brokers[broker].halted = true;
    }

    /// Follower HW = min(the leader's HW in the response, its own LEO).
    fn set_hw(&mut self, leader_hw: u64) {
        let b = &mut self.p.brokers[self.ix];
        let new_hw = leader_hw.min(b.leo());
        let old_hw = b.hw();
        if new_hw != old_hw {
            b.durable.hw = new_hw;
            self.out.push(Event::HighWatermarkChanged {
                broker: self.ix,
                from: old_hw,
                to: new_hw,
            });
        }
    }

    fn log(&self) -> FollowerLog<'_> {
        let b = &self.p.brokers[self.ix];
        FollowerLog {
            cache: &b.durable.epoch_cache,
            leo: b.leo(),
            hw: b.hw(),
        }
    }

    /// Carries out a truncation decision and records whether validation is done.
    fn truncate(&mut self, decision: TruncationDecision) {
        let broker = self.ix;
        let caps = self.p.capabilities();
        let asks_again = !decision.complete && !caps.fetch_carries_epoch;
        let b = &mut self.p.brokers[broker];
        let from = b.leo();
        let old_hw = b.hw();
        let latest_before = b.latest_epoch();
        b.truncate_to(decision.to.min(from), caps.cache_rule);
        // An unfinished decision asks again: with OffsetsForLeaderEpoch, or (2.8
        // truncation on fetch) with the next fetch carrying the new latest epoch
        // (`AbstractFetcherThread` goes back to fetching after any truncation).
        if let Some(state) = b.follower_state_mut() {
            state.validating = asks_again;
        }
        self.out.push(Event::Truncation {
            broker,
            from,
            to: b.leo(),
            rule: decision.rule,
            complete: decision.complete,
        });
        if b.hw() != old_hw {
            self.out.push(Event::HighWatermarkChanged {
                broker,
                from: old_hw,
                to: b.hw(),
            });
        }
        // 2.1 (KAFKA-10706): nothing changed, so the next question is this one.
        if asks_again && b.leo() == from && b.latest_epoch() == latest_before {
            self.out.push(Event::AsksAgainUnchanged {
                broker,
                leader_epoch: latest_before,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::event::{EpochRecord, Event, FollowerNext, LossReason, TruncationRule};
    use crate::handler::testing::{c_crash_bump, cluster, step};
    use crate::message::{EpochAnswer, Reply, Request};

    /// A B C, m1 everywhere; B's next fetch is parked at A when C crashes.
    const IN_FLIGHT_WHEN_C_CRASHES: &str = "brokers A B C
        produce m1
        fetch B
        fetch C
        send B";

    // 0.10.2.1 / 0.11.0.0 Partition.makeFollower returns false for the same leader
    // id: the fetcher is not touched, and the fetch parked at A is answered when
    // delivered, with A's HW then (DelayedFetch.onComplete reads again).
    #[test]
    fn before_kafka_2_1_a_response_in_flight_survives_the_same_leader_in_a_new_epoch() {
        for (protocol, record) in [("hw", EpochRecord::NoCache), ("kip-101", EpochRecord::WithNextWrite)] {
            let mut c = cluster(&format!("protocol {protocol}\n{IN_FLIGHT_WHEN_C_CRASHES}"));
            assert_eq!(
                step(&mut c, "crash C"),
                c_crash_bump(
                    record,
                    vec![Event::KeptFollowing {
                        broker: 1,
                        leader: 0,
                        epoch: 1,
                    }]
                ),
                "{protocol}"
            );
            assert_eq!(
                step(&mut c, "deliver B"),
                vec![
                    Event::RequestAnswered {
                        follower: 1,
                        leader: 0,
                        reply: Reply::Records {
                            from: 1,
                            count: 0,
                            high_watermark: 1,
                        },
                    },
                    Event::ResponseDelivered {
                        follower: 1,
                        reply: Reply::Records {
                            from: 1,
                            count: 0,
                            high_watermark: 1,
                        },
                    },
                    Event::HighWatermarkChanged {
                        broker: 1,
                        from: 0,
                        to: 1,
                    },
                ],
                "{protocol}: sent in epoch 0, answered and applied in epoch 1"
            );
        }
    }

    // 2.1: KAFKA-7164 makes every epoch change a new start for the follower, and
    // KIP-320 fences the response answered in the older epoch.
    #[test]
    fn from_kafka_2_1_a_new_epoch_fences_the_response_and_the_follower_validates() {
        let mut c = cluster(&format!("protocol kip-279\n{IN_FLIGHT_WHEN_C_CRASHES}"));
        assert_eq!(
            step(&mut c, "crash C"),
            c_crash_bump(
                EpochRecord::AtOnce { offset: 1 },
                vec![
                    Event::EpochAssigned {
                        broker: 0,
                        epoch: 1,
                        start_offset: 1,
                    },
                    Event::ParkedFetchLost {
                        follower: 1,
                        offset: 1,
                        reason: LossReason::Fenced { epoch: 1 },
                    },
                    Event::BecameFollower {
                        broker: 1,
                        leader: Some(0),
                        next: FollowerNext::Validate,
                    },
                ]
            )
        );
    }

    // 2.1 AbstractFetcherThread: a follower whose cache holds an epoch validates
    // even with an empty log (an ex-leader that wrote nothing).
    #[test]
    fn a_non_empty_epoch_cache_validates_even_with_an_empty_log() {
        let mut c = cluster("protocol kip-279\nbrokers A B\nelect B\nelect A");
        assert_eq!(c.broker(1).map(|b| b.leo()), Some(0));
        assert_eq!(
            step(&mut c, "fetch B"),
            vec![
                Event::RequestSent {
                    follower: 1,
                    leader: 0,
                    request: Request::OffsetsForLeaderEpoch { leader_epoch: Some(1) },
                },
                Event::RequestAnswered {
                    follower: 1,
                    leader: 0,
                    reply: Reply::EpochEndOffset {
                        asked: Some(1),
                        answer: EpochAnswer {
                            epoch: Some(1),
                            end_offset: Some(0),
                        },
                    },
                },
                Event::ResponseDelivered {
                    follower: 1,
                    reply: Reply::EpochEndOffset {
                        asked: Some(1),
                        answer: EpochAnswer {
                            epoch: Some(1),
                            end_offset: Some(0),
                        },
                    },
                },
                Event::Truncation {
                    broker: 1,
                    from: 0,
                    to: 0,
                    rule: TruncationRule::SameEpoch {
                        asked: 1,
                        epoch: 1,
                        leader_end: 0,
                        follower_end: 0,
                    },
                    complete: true,
                },
            ]
        );
    }

    // 0.11 ReplicaFetcherThread: with an empty cache the follower asks with −1; a
    // leader with no epochs either answers its log end (LeaderEpochFileCache).
    #[test]
    fn under_kafka_0_11_an_empty_cache_asks_with_minus_one() {
        let mut c = cluster("protocol kip-101\nbrokers A B\nbounce B");
        let events = step(&mut c, "fetch B");
        assert_eq!(
            events[0],
            Event::RequestSent {
                follower: 1,
                leader: 0,
                request: Request::OffsetsForLeaderEpoch { leader_epoch: None },
            }
        );
        assert_eq!(
            events.last(),
            Some(&Event::Truncation {
                broker: 1,
                from: 0,
                to: 0,
                rule: TruncationRule::LeaderEndOffset {
                    asked: None,
                    end_offset: 0
                },
                complete: true,
            })
        );
    }

    // From 2.1 a follower without epochs asks nothing: it truncates to its HW and
    // fetches (2.1 ReplicaFetcherThread: epoch −1, no request, an undefined answer).
    #[test]
    fn from_kafka_2_1_an_empty_cache_asks_nothing() {
        for protocol in ["kip-279", "diverging-epoch"] {
            let mut c = cluster(&format!("protocol {protocol}\nbrokers A B\nbounce B"));
            let events = step(&mut c, "fetch B");
            assert!(
                matches!(
                    events[0],
                    Event::RequestSent {
                        request: Request::Fetch { offset: 0, .. },
                        ..
                    }
                ),
                "{protocol}: {events:?}"
            );
        }
    }

    // 2.1: a restart while the partition is offline waits; the election that follows
    // makes it validate, not truncate blindly.
    #[test]
    fn a_waiting_broker_starts_following_when_a_leader_is_elected() {
        let mut c = cluster(
            "protocol kip-279
             brokers A B
             produce m1
             fetch B
             crash B
             crash A
             restart B",
        );
        let events = step(&mut c, "restart A");
        assert!(
            events.contains(&Event::BecameFollower {
                broker: 1,
                leader: Some(0),
                next: FollowerNext::Validate,
            }),
            "{events:?}"
        );
    }

    /// B {0:0, 1:1, 3:2} follows C {0:0, 2:1, 4:2}: the KIP-279 story of two
    /// leader changes in a row (web/scenarios/fast-failover.scn).
    const TWO_FAILOVERS: &str = "brokers A B C
        set acks=1
        produce m1
        fetch B
        fetch C
        fetch B
        fetch C
        fetch B
        elect B
        produce m2
        elect C
        produce m3
        elect B
        produce m4
        elect C
        produce m5";

    // 2.8 AbstractFetcherThread: after any truncation the follower goes back to
    // fetching, its fetch carrying its new latest epoch; it never sends
    // OffsetsForLeaderEpoch. A DivergingEpoch response's HW applies first.
    #[test]
    fn under_kafka_2_8_an_unfinished_truncation_asks_again_by_fetching() {
        let mut c = cluster(&format!("protocol diverging-epoch\n{TWO_FAILOVERS}"));
        let round1 = step(&mut c, "fetch B");
        let truncated = round1.iter().position(|e| {
            matches!(
                e,
                Event::Truncation {
                    complete: false,
                    to: 2,
                    ..
                }
            )
        });
        let hw_first = round1
            .iter()
            .position(|e| matches!(e, Event::HighWatermarkChanged { broker: 1, .. }));
        assert!(truncated.is_some() && hw_first.is_none(), "{round1:?}");
        let round2 = step(&mut c, "fetch B");
        assert_eq!(
            round2[0],
            Event::RequestSent {
                follower: 1,
                leader: 2,
                request: Request::Fetch {
                    offset: 2,
                    last_fetched_epoch: Some(1),
                    max: None,
                },
            }
        );
        assert!(round2.iter().any(|e| matches!(
            e,
            Event::Truncation {
                to: 1,
                complete: true,
                ..
            }
        )));
    }

    // 2.8 applies the DivergingEpoch response's HW, min(leader HW, own LEO), before
    // it truncates.
    #[test]
    fn a_diverging_epoch_response_moves_the_hw_before_the_truncation() {
        let mut c = cluster(
            "protocol diverging-epoch
             brokers A B C
             set acks=1 replica.lag.time.max.ms=1000
             produce m1
             produce m2
             fetch B          # B: m1 m2 at HW 0
             fetch C max=1    # C: m1
             elect C          # epoch 1
             produce m3       # C: m1 m3
             fetch A          # A diverges at 1 ...
             fetch A          # ... and fetches m3: caught up with C
             tick 2000        # B leaves the ISR; C's HW moves to 2",
        );
        assert_eq!(c.broker(2).map(|b| b.hw()), Some(2));
        let events = step(&mut c, "fetch B");
        let moves: Vec<&Event> = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::HighWatermarkChanged { broker: 1, .. } | Event::Truncation { .. }
                )
            })
            .collect();
        assert_eq!(
            moves,
            vec![
                &Event::HighWatermarkChanged {
                    broker: 1,
                    from: 0,
                    to: 2
                },
                &Event::Truncation {
                    broker: 1,
                    from: 2,
                    to: 1,
                    rule: TruncationRule::SameEpoch {
                        asked: 0,
                        epoch: 0,
                        leader_end: 1,
                        follower_end: 2,
                    },
                    complete: true,
                },
                &Event::HighWatermarkChanged {
                    broker: 1,
                    from: 2,
                    to: 1
                },
            ]
        );
    }
}
