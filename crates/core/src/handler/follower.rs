//! A follower: starts following a leader (or waits for one), sends the request
//! its protocol calls for, and applies the response: records, or a truncation.

use super::leader::Leader;
use super::Out;
use crate::broker_set::BrokerIx;
use crate::event::{Event, FollowerNext, LossReason, TruncationRule};
use crate::message::{EpochAnswer, InFlight, Request, Response};
use crate::partition::Partition;
use crate::protocol::{Decision, FollowCause, FollowStart, FollowerLog};

pub(crate) struct Follower<'a> {
    pub p: &'a mut Partition,
    pub out: &'a mut Out,
    pub ix: BrokerIx,
}

impl Follower<'_> {
    /// One request to the current leader, handled there; the response is applied
    /// now (`deliver_now`) or left in flight.
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
        let in_flight = InFlight {
            request,
            response,
            leader_epoch: self.p.leader_epoch,
        };
        self.out.push(Event::RequestAnswered {
            follower,
            leader: leader_ix,
            reply: in_flight.reply(),
        });
        if deliver_now {
            self.apply_response(in_flight);
        } else if let Some(state) = self.p.brokers[follower].follower_state_mut() {
            state.in_flight = Some(in_flight);
        }
    }

    /// The response in flight arrives.
    pub fn deliver(&mut self) {
        if let Some(in_flight) = self.take_in_flight() {
            self.apply_response(in_flight);
        }
    }

    /// The response in flight is lost, for `reason`.
    pub fn lose_in_flight(&mut self, reason: LossReason) {
        if let Some(in_flight) = self.take_in_flight() {
            self.out.push(Event::ResponseLost {
                follower: self.ix,
                reply: in_flight.reply(),
                reason,
            });
        }
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
        // Starting afresh: a response from an older epoch is fenced (KIP-320) or,
        // before 2.1, belongs to a fetcher that was removed.
        self.lose_in_flight(LossReason::Fenced { epoch });
        let b = &mut self.p.brokers[self.ix];
        let has_log = !b.durable.log.is_empty();
        b.follow(Some(leader));
        if let Some(state) = b.follower_state_mut() {
            state.validating = start == FollowStart::Validate;
        }
        if start == FollowStart::TruncateToHighWatermark && has_log {
            let hw = b.hw();
            self.truncate(Decision {
                to: hw,
                rule: TruncationRule::HighWatermark { hw },
                complete: true,
            });
        }
        self.out.push(Event::BecameFollower {
            broker: self.ix,
            leader: Some(leader),
            next: if start == FollowStart::Validate {
                FollowerNext::Validate
            } else {
                FollowerNext::Fetch
            },
        });
    }

    /// Restarted while the partition has no leader: it keeps its log as it is and
    /// waits (`ReplicaManager.makeFollowers` acts only for a live leader).
    pub fn wait_for_leader(&mut self) {
        self.p.brokers[self.ix].follow(None);
        self.out.push(Event::BecameFollower {
            broker: self.ix,
            leader: None,
            next: FollowerNext::WaitForLeader,
        });
    }

    /// The follower's side of a response.
    fn apply_response(&mut self, in_flight: InFlight) {
        let follower = self.ix;
        self.out.push(Event::ResponseDelivered {
            follower,
            reply: in_flight.reply(),
        });
        let rules = self.p.rules();
        match in_flight.response {
            Response::EpochEndOffset { asked, answer } => {
                let decision = rules.decide(self.log(), asked, answer);
                self.truncate(decision);
            }
            Response::DivergingEpoch { epoch, end_offset, .. } => {
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
                if log_end_offset < self.p.brokers[follower].leo() {
                    self.truncate(Decision {
                        to: log_end_offset,
                        rule: TruncationRule::LeaderLogEnd { log_end_offset },
                        complete: true,
                    });
                }
            }
            Response::Records {
                records,
                high_watermark,
            } => {
                let b = &mut self.p.brokers[follower];
                let from = b.leo();
                for r in records.into_iter().filter(|r| r.offset >= from) {
                    debug_assert_eq!(r.offset, b.leo(), "records arrive at the log end");
                    let (offset, assigned) = b.append(r.epoch, r.value);
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
                let new_hw = high_watermark.min(to);
                let old_hw = b.hw();
                if new_hw != old_hw {
                    b.durable.hw = new_hw;
                    self.out.push(Event::HighWatermarkChanged {
                        broker: follower,
                        from: old_hw,
                        to: new_hw,
                    });
                }
            }
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
    fn truncate(&mut self, decision: Decision) {
        let broker = self.ix;
        let b = &mut self.p.brokers[broker];
        let from = b.leo();
        let old_hw = b.hw();
        b.truncate_to(decision.to.min(from));
        if let Some(state) = b.follower_state_mut() {
            state.validating = !decision.complete;
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
    }
}
