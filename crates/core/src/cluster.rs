//! One partition's replicas and the controller's view of them (leader, leader
//! epoch, ISR), the clock and the producers' acknowledgements. `apply` is the one
//! way in; it returns the events the command caused.

use crate::broker::{Broker, FollowerState, FollowerView, LeaderState, Volatile};
use crate::broker_set::{BrokerIx, BrokerSet};
use crate::command::{Command, CommandError, CrashTarget};
use crate::config::{Acks, Config, Setting};
use crate::event::{
    AckFailure, ElectionReason, Event, FollowerNext, LossReason, ProduceRefusal, ShrinkReason, TruncationRule,
    Violation,
};
use crate::log::Value;
use crate::message::{EpochAnswer, InFlight, Request, Response};
use crate::protocol::{Decision, FetchCheck, FollowCause, FollowStart, FollowerLog, Protocol, Rules};
use crate::safety::Safety;
use serde::Serialize;

/// How a partition starts: every broker alive with an empty log, `leader` leading
/// in epoch 0, every broker in the ISR, the clock at 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Setup {
    /// Broker ids in assignment (preference) order.
    pub brokers: Vec<String>,
    pub leader: BrokerIx,
    pub config: Config,
    pub protocol: Protocol,
}

/// A write waiting for acks=all.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PendingAck {
    pub value: Value,
    pub offset: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cluster {
    protocol: Protocol,
    config: Config,
    brokers: Vec<Broker>,
    leader: Option<BrokerIx>,
    leader_epoch: u32,
    isr: BrokerSet,
    now_ms: u64,
    pending_acks: Vec<PendingAck>,
    acked: Vec<Value>,
    safety: Safety,
}

type Out = Vec<Event>;

impl Cluster {
    pub fn new(setup: &Setup) -> Cluster {
        let n = setup.brokers.len();
        let mut cluster = Cluster {
            protocol: setup.protocol,
            config: setup.config.clone(),
            brokers: setup.brokers.iter().cloned().map(Broker::new).collect(),
            leader: Some(setup.leader),
            leader_epoch: 0,
            isr: BrokerSet::all(n),
            now_ms: 0,
            pending_acks: Vec::new(),
            acked: Vec::new(),
            safety: Safety::default(),
        };
        let leader = setup.leader;
        cluster.brokers[leader].volatile = Some(Volatile::Leader(LeaderState {
            epoch_start_offset: 0,
            followers: vec![FollowerView::default(); n],
        }));
        if cluster.rules().records_epoch_on_election() {
            cluster.brokers[leader].durable.epoch_cache.assign(0, 0);
        }
        cluster
    }

    // ---- reading the state

    pub fn protocol(&self) -> Protocol {
        self.protocol
    }
    pub fn config(&self) -> &Config {
        &self.config
    }
    pub fn brokers(&self) -> &[Broker] {
        &self.brokers
    }
    pub fn broker(&self, b: BrokerIx) -> Option<&Broker> {
        self.brokers.get(b)
    }
    pub fn broker_ix(&self, id: &str) -> Option<BrokerIx> {
        self.brokers.iter().position(|b| b.id == id)
    }
    pub fn leader(&self) -> Option<BrokerIx> {
        self.leader
    }
    pub fn leader_epoch(&self) -> u32 {
        self.leader_epoch
    }
    pub fn isr(&self) -> BrokerSet {
        self.isr
    }
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }
    pub fn acked(&self) -> &[Value] {
        &self.acked
    }
    pub fn pending_acks(&self) -> &[PendingAck] {
        &self.pending_acks
    }
    pub fn violations(&self) -> &[Violation] {
        self.safety.fired()
    }
    pub fn safety(&self) -> &Safety {
        &self.safety
    }
    fn rules(&self) -> &'static dyn Rules {
        self.protocol.rules()
    }

    /// The request `follower`'s protocol calls for next.
    pub fn next_request(&self, follower: BrokerIx, max: Option<u32>) -> Request {
        let b = &self.brokers[follower];
        let validating = b.follower_state().is_some_and(|f| f.validating);
        if validating {
            Request::OffsetsForLeaderEpoch {
                leader_epoch: b.latest_epoch(),
            }
        } else {
            Request::Fetch {
                offset: b.leo(),
                last_fetched_epoch: if self.rules().fetch_carries_epoch() {
                    b.latest_epoch()
                } else {
                    None
                },
                max,
            }
        }
    }

    // ---- the one way in

    /// Applies `command`. On error nothing changed.
    pub fn apply(&mut self, command: &Command) -> Result<Vec<Event>, CommandError> {
        self.validate(command)?;
        let mut out = Vec::new();
        match command {
            Command::Produce { value, acks } => self.produce(value, acks.unwrap_or(self.config.acks), &mut out),
            Command::Fetch { follower, max } => self.round_trip(*follower, *max, true, &mut out),
            Command::Send { follower, max } => self.round_trip(*follower, *max, false, &mut out),
            Command::Deliver { follower } => self.deliver(*follower, &mut out),
            Command::Drop { follower } => self.drop_in_flight(*follower, &mut out),
            Command::Crash { targets } => self.crash(targets, &mut out),
            Command::Restart { broker } => self.restart(*broker, &mut out),
            Command::Bounce { target } => self.bounce(*target, &mut out),
            Command::Elect { broker, unclean } => self.elect(*broker, *unclean, &mut out),
            Command::Tick { ms } => self.tick(*ms, &mut out),
            Command::Set { setting } => self.set(setting, &mut out),
        }
        let mut safety = std::mem::take(&mut self.safety);
        safety.check(self, &mut out);
        self.safety = safety;
        Ok(out)
    }

    fn validate(&self, command: &Command) -> Result<(), CommandError> {
        let exists = |b: BrokerIx| {
            if b < self.brokers.len() {
                Ok(())
            } else {
                Err(CommandError::NoSuchBroker { broker: b })
            }
        };
        let alive = |b: BrokerIx| {
            exists(b)?;
            if self.brokers[b].is_alive() {
                Ok(())
            } else {
                Err(CommandError::BrokerDown { broker: b })
            }
        };
        let not_leader = |b: BrokerIx| {
            if self.leader == Some(b) {
                Err(CommandError::IsLeader { broker: b })
            } else {
                Ok(())
            }
        };
        match command {
            Command::Produce { .. } | Command::Tick { .. } | Command::Set { .. } => Ok(()),
            Command::Fetch { follower, .. } | Command::Send { follower, .. } => {
                alive(*follower)?;
                not_leader(*follower)?;
                if self.brokers[*follower].in_flight().is_some() {
                    return Err(CommandError::AlreadyInFlight { follower: *follower });
                }
                Ok(())
            }
            Command::Deliver { follower } | Command::Drop { follower } => {
                alive(*follower)?;
                if self.brokers[*follower].in_flight().is_none() {
                    return Err(CommandError::NothingInFlight { follower: *follower });
                }
                Ok(())
            }
            Command::Crash { targets } => {
                if targets.is_empty() {
                    return Err(CommandError::NoTargets);
                }
                let mut seen = BrokerSet::default();
                for t in targets {
                    alive(t.broker)?;
                    if seen.contains(t.broker) {
                        return Err(CommandError::DuplicateTarget { broker: t.broker });
                    }
                    seen.insert(t.broker);
                }
                Ok(())
            }
            Command::Restart { broker } => {
                exists(*broker)?;
                if self.brokers[*broker].is_alive() {
                    return Err(CommandError::BrokerAlreadyUp { broker: *broker });
                }
                Ok(())
            }
            Command::Bounce { target } => {
                alive(target.broker)?;
                not_leader(target.broker)
            }
            Command::Elect { broker, unclean } => {
                alive(*broker)?;
                if !unclean && !self.isr.contains(*broker) {
                    return Err(CommandError::NotInIsr { broker: *broker });
                }
                Ok(())
            }
        }
    }

    // ---- the producer

    fn produce(&mut self, value: &Value, acks: Acks, out: &mut Out) {
        let Some(leader) = self.leader else {
            out.push(Event::ProduceRefused {
                value: value.clone(),
                reason: ProduceRefusal::NoLeader,
            });
            return;
        };
        let isr = self.isr.len() as u32;
        if acks == Acks::All && isr < self.config.min_insync_replicas {
            out.push(Event::ProduceRefused {
                value: value.clone(),
                reason: ProduceRefusal::NotEnoughReplicas {
                    isr,
                    min_isr: self.config.min_insync_replicas,
                },
            });
            return;
        }
        let epoch = self.leader_epoch;
        let (offset, assigned) = self.brokers[leader].append(epoch, value.clone());
        out.push(Event::Appended {
            leader,
            offset,
            epoch,
            value: value.clone(),
            acks,
        });
        if assigned {
            out.push(Event::EpochAssigned {
                broker: leader,
                epoch,
                start_offset: offset,
            });
        }
        match acks {
            Acks::Leader => {
                self.acked.push(value.clone());
                out.push(Event::Acked {
                    value: value.clone(),
                    offset,
                });
            }
            Acks::All => self.pending_acks.push(PendingAck {
                value: value.clone(),
                offset,
            }),
            Acks::None => {}
        }
        self.maybe_advance_leader_hw(out);
    }

    /// Completes acks=all writes the high watermark has passed. As the scenario
    /// language fixes it, the write is acknowledged then, whatever the ISR size
    /// (Kafka's `DelayedProduce` would answer NOT_ENOUGH_REPLICAS_AFTER_APPEND while
    /// the ISR is below min.insync.replicas; see docs/scenario-language.md).
    fn complete_pending_acks(&mut self, out: &mut Out) {
        let Some(leader) = self.leader else { return };
        let hw = self.brokers[leader].hw();
        let (done, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending_acks)
            .into_iter()
            .partition(|p| p.offset < hw);
        self.pending_acks = waiting;
        for p in done {
            self.acked.push(p.value.clone());
            out.push(Event::Acked {
                value: p.value,
                offset: p.offset,
            });
        }
    }

    fn fail_pending_acks(&mut self, out: &mut Out) {
        for p in std::mem::take(&mut self.pending_acks) {
            out.push(Event::AckFailed {
                value: p.value,
                offset: p.offset,
                reason: AckFailure::LeadershipMoved,
            });
        }
    }

    /// Leader HW = the smallest LEO over the ISR as the leader knows them; it only
    /// moves forward, and not at all while an ISR follower's LEO is unknown
    /// (`Partition.maybeIncrementLeaderHW`).
    fn maybe_advance_leader_hw(&mut self, out: &mut Out) {
        let Some(leader) = self.leader else { return };
        let b = &self.brokers[leader];
        let Some(state) = b.leader_state() else { return };
        let mut new_hw = b.leo();
        for f in self.isr.iter().filter(|&f| f != leader) {
            match state.followers[f].leo {
                Some(leo) => new_hw = new_hw.min(leo),
                None => return,
            }
        }
        let old_hw = b.hw();
        if new_hw <= old_hw {
            return;
        }
        self.brokers[leader].durable.hw = new_hw;
        out.push(Event::HighWatermarkChanged {
            broker: leader,
            from: old_hw,
            to: new_hw,
        });
        let records = &self.brokers[leader].durable.log.records()[old_hw as usize..new_hw as usize];
        self.safety.note_committed(leader, records);
        self.complete_pending_acks(out);
    }

    // ---- replication

    fn round_trip(&mut self, follower: BrokerIx, max: Option<u32>, deliver_now: bool, out: &mut Out) {
        let Some(leader) = self.leader else {
            out.push(Event::NoLeaderToFetchFrom { follower });
            return;
        };
        let request = self.next_request(follower, max);
        out.push(Event::RequestSent {
            follower,
            leader,
            request,
        });
        let response = self.handle_request(leader, follower, request, out);
        let in_flight = InFlight {
            request,
            response,
            leader_epoch: self.leader_epoch,
        };
        out.push(Event::RequestAnswered {
            follower,
            leader,
            reply: in_flight.reply(),
        });
        if deliver_now {
            self.apply_response(follower, in_flight, out);
        } else if let Some(state) = self.brokers[follower].follower_state_mut() {
            state.in_flight = Some(in_flight);
        }
    }

    /// The leader's side of a request.
    fn handle_request(&mut self, leader: BrokerIx, follower: BrokerIx, request: Request, out: &mut Out) -> Response {
        let rules = self.rules();
        let l = &self.brokers[leader];
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
                    self.update_follower_fetch_state(leader, follower, offset);
                    self.maybe_expand_isr(leader, follower, offset, out);
                    self.maybe_advance_leader_hw(out);
                    Response::Records {
                        records,
                        high_watermark: self.brokers[leader].hw(),
                    }
                }
            },
        }
    }

    /// The leader notes the follower's fetch offset as its LEO, and when it was last
    /// caught up (`Replica.updateFetchState`).
    fn update_follower_fetch_state(&mut self, leader: BrokerIx, follower: BrokerIx, offset: u64) {
        let now = self.now_ms;
        let l = &mut self.brokers[leader];
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
    fn maybe_expand_isr(&mut self, leader: BrokerIx, follower: BrokerIx, offset: u64, out: &mut Out) {
        if self.isr.contains(follower) {
            return;
        }
        let l = &self.brokers[leader];
        let Some(state) = l.leader_state() else { return };
        let epoch_ok = !self.rules().isr_join_needs_epoch_start() || offset >= state.epoch_start_offset;
        if offset >= l.hw() && epoch_ok {
            self.isr.insert(follower);
            out.push(Event::IsrExpanded {
                broker: follower,
                isr: self.isr,
            });
        }
    }

    fn deliver(&mut self, follower: BrokerIx, out: &mut Out) {
        let taken = self.brokers[follower]
            .follower_state_mut()
            .and_then(|s| s.in_flight.take());
        if let Some(in_flight) = taken {
            self.apply_response(follower, in_flight, out);
        }
    }

    fn drop_in_flight(&mut self, follower: BrokerIx, out: &mut Out) {
        let taken = self.brokers[follower]
            .follower_state_mut()
            .and_then(|s| s.in_flight.take());
        if let Some(in_flight) = taken {
            out.push(Event::ResponseLost {
                follower,
                reply: in_flight.reply(),
                reason: LossReason::Dropped,
            });
        }
    }

    /// The follower's side of a response.
    fn apply_response(&mut self, follower: BrokerIx, in_flight: InFlight, out: &mut Out) {
        out.push(Event::ResponseDelivered {
            follower,
            reply: in_flight.reply(),
        });
        let rules = self.rules();
        match in_flight.response {
            Response::EpochEndOffset { asked, answer } => {
                let decision = rules.decide(self.follower_log(follower), asked, answer);
                self.truncate(follower, decision, out);
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
                let decision = rules.decide(self.follower_log(follower), asked, answer);
                self.truncate(follower, decision, out);
            }
            Response::OffsetOutOfRange { log_end_offset } => {
                if log_end_offset < self.brokers[follower].leo() {
                    let decision = Decision {
                        to: log_end_offset,
                        rule: TruncationRule::LeaderLogEnd { log_end_offset },
                        complete: true,
                    };
                    self.truncate(follower, decision, out);
                }
            }
            Response::Records {
                records,
                high_watermark,
            } => {
                let b = &mut self.brokers[follower];
                let from = b.leo();
                for r in records.into_iter().filter(|r| r.offset >= from) {
                    debug_assert_eq!(r.offset, b.leo(), "records arrive at the log end");
                    let (offset, assigned) = b.append(r.epoch, r.value);
                    if assigned {
                        out.push(Event::EpochAssigned {
                            broker: follower,
                            epoch: r.epoch,
                            start_offset: offset,
                        });
                    }
                }
                let to = b.leo();
                if to > from {
                    out.push(Event::Replicated { follower, from, to });
                }
                let new_hw = high_watermark.min(to);
                let old_hw = b.hw();
                if new_hw != old_hw {
                    b.durable.hw = new_hw;
                    out.push(Event::HighWatermarkChanged {
                        broker: follower,
                        from: old_hw,
                        to: new_hw,
                    });
                }
            }
        }
    }

    fn follower_log(&self, follower: BrokerIx) -> FollowerLog<'_> {
        let b = &self.brokers[follower];
        FollowerLog {
            cache: &b.durable.epoch_cache,
            leo: b.leo(),
            hw: b.hw(),
        }
    }

    /// Carries out a truncation decision and records whether validation is done.
    fn truncate(&mut self, broker: BrokerIx, decision: Decision, out: &mut Out) {
        let b = &mut self.brokers[broker];
        let from = b.leo();
        let old_hw = b.hw();
        b.truncate_to(decision.to);
        if let Some(state) = b.follower_state_mut() {
            state.validating = !decision.complete;
        }
        out.push(Event::Truncation {
            broker,
            from,
            to: b.leo(),
            rule: decision.rule,
            complete: decision.complete,
        });
        if b.hw() != old_hw {
            out.push(Event::HighWatermarkChanged {
                broker,
                from: old_hw,
                to: b.hw(),
            });
        }
    }

    // ---- brokers and the controller

    fn crash(&mut self, targets: &[CrashTarget], out: &mut Out) {
        let crashed: BrokerSet = targets.iter().map(|t| t.broker).collect();
        for t in targets {
            self.stop_broker(*t, true, out);
        }
        let leader_crashed = self.leader.is_some_and(|l| crashed.contains(l));
        if leader_crashed {
            // Responses on their way from the leader die with it.
            self.lose_in_flight(LossReason::LeaderCrashed, out);
            self.fail_pending_acks(out);
        }
        // The controller removes them from the ISR, but never empties it.
        let remaining = self.isr.minus(crashed);
        if !remaining.is_empty() {
            for b in self.isr.iter().filter(|&b| crashed.contains(b)) {
                self.isr.remove(b);
                out.push(Event::IsrShrunk {
                    broker: b,
                    isr: self.isr,
                    reason: ShrinkReason::Crashed,
                });
            }
        }
        if leader_crashed {
            self.leader = None;
            let alive_isr = self.isr.iter().find(|&b| self.brokers[b].is_alive());
            let alive_any = (0..self.brokers.len()).find(|&b| self.brokers[b].is_alive());
            match (alive_isr, alive_any) {
                (Some(b), _) => {
                    let isr = self.alive_isr();
                    self.make_leader(b, isr, ElectionReason::LeaderFailed, out);
                }
                (None, Some(b)) if self.config.unclean_leader_election => {
                    self.make_leader(b, BrokerSet::only(b), ElectionReason::UncleanAfterFailure, out);
                }
                _ => out.push(Event::PartitionOffline {
                    epoch: self.leader_epoch,
                }),
            }
        } else {
            self.maybe_advance_leader_hw(out);
        }
    }

    fn alive_isr(&self) -> BrokerSet {
        self.isr.iter().filter(|&b| self.brokers[b].is_alive()).collect()
    }

    fn stop_broker(&mut self, target: CrashTarget, noticed: bool, out: &mut Out) {
        let b = target.broker;
        if let Some(in_flight) = self.brokers[b].in_flight() {
            out.push(Event::ResponseLost {
                follower: b,
                reply: in_flight.reply(),
                reason: LossReason::FollowerCrashed,
            });
        }
        let lost = self.brokers[b].stop(target.unflushed_from);
        out.push(Event::Crashed {
            broker: b,
            lost_from: (lost > 0).then(|| self.brokers[b].leo()),
            lost,
            noticed,
        });
    }

    fn restart(&mut self, broker: BrokerIx, out: &mut Out) {
        self.start_broker(broker, out);
        if self.leader.is_some() {
            self.become_follower(broker, FollowCause::Restart, out);
        } else if self.isr.contains(broker) {
            let isr = self.alive_isr();
            self.make_leader(broker, isr, ElectionReason::CameBack { unclean: false }, out);
        } else if self.config.unclean_leader_election {
            self.make_leader(
                broker,
                BrokerSet::only(broker),
                ElectionReason::CameBack { unclean: true },
                out,
            );
        } else {
            self.become_follower(broker, FollowCause::Restart, out);
        }
    }

    fn start_broker(&mut self, broker: BrokerIx, out: &mut Out) {
        let b = &mut self.brokers[broker];
        b.volatile = Some(Volatile::Follower(FollowerState::default()));
        out.push(Event::Restarted {
            broker,
            leo: b.leo(),
            hw: b.hw(),
            latest_epoch: b.latest_epoch(),
        });
    }

    fn bounce(&mut self, target: CrashTarget, out: &mut Out) {
        self.stop_broker(target, false, out);
        self.start_broker(target.broker, out);
        self.become_follower(target.broker, FollowCause::Restart, out);
    }

    fn elect(&mut self, broker: BrokerIx, unclean: bool, out: &mut Out) {
        let isr = if unclean {
            BrokerSet::only(broker)
        } else {
            self.alive_isr()
        };
        self.make_leader(broker, isr, ElectionReason::Requested { unclean }, out);
    }

    /// Every response in flight is lost, for `reason`.
    fn lose_in_flight(&mut self, reason: LossReason, out: &mut Out) {
        for (follower, b) in self.brokers.iter_mut().enumerate() {
            if let Some(in_flight) = b.follower_state_mut().and_then(|s| s.in_flight.take()) {
                out.push(Event::ResponseLost {
                    follower,
                    reply: in_flight.reply(),
                    reason,
                });
            }
        }
    }

    /// The controller makes `leader` leader with the next epoch; everyone else alive
    /// follows it.
    fn make_leader(&mut self, leader: BrokerIx, isr: BrokerSet, reason: ElectionReason, out: &mut Out) {
        let previous = self.leader;
        self.leader_epoch += 1;
        let epoch = self.leader_epoch;
        self.leader = Some(leader);
        self.lose_in_flight(LossReason::Fenced { epoch }, out);
        if previous != Some(leader) {
            self.fail_pending_acks(out);
        }
        self.isr = isr;
        let now = self.now_ms;
        let followers = (0..self.brokers.len())
            .map(|f| FollowerView {
                last_caught_up_ms: if isr.contains(f) { now } else { 0 },
                ..FollowerView::default()
            })
            .collect();
        let records_epoch = self.rules().records_epoch_on_election();
        let b = &mut self.brokers[leader];
        let leo = b.leo();
        b.volatile = Some(Volatile::Leader(LeaderState {
            epoch_start_offset: leo,
            followers,
        }));
        out.push(Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason,
        });
        if records_epoch && b.durable.epoch_cache.assign(epoch, leo) {
            out.push(Event::EpochAssigned {
                broker: leader,
                epoch,
                start_offset: leo,
            });
        }
        let cause = if previous == Some(leader) {
            FollowCause::NewEpoch
        } else {
            FollowCause::NewLeader
        };
        for f in 0..self.brokers.len() {
            if f != leader && self.brokers[f].is_alive() {
                self.become_follower(f, cause, out);
            }
        }
        self.maybe_advance_leader_hw(out);
    }

    /// A replica starts following the current leader (or waits for one).
    fn become_follower(&mut self, broker: BrokerIx, cause: FollowCause, out: &mut Out) {
        let rules = self.rules();
        let start = rules.follow_start(cause);
        let b = &mut self.brokers[broker];
        let was_validating = b.follower_state().is_some_and(|s| s.validating);
        let has_log = !b.durable.log.is_empty();
        b.volatile = Some(Volatile::Follower(FollowerState {
            validating: match start {
                FollowStart::Validate => has_log,
                FollowStart::Fetch => was_validating,
                FollowStart::TruncateToHighWatermark => false,
            },
            in_flight: None,
        }));
        if start == FollowStart::TruncateToHighWatermark && has_log {
            let undefined = EpochAnswer {
                epoch: None,
                end_offset: None,
            };
            let decision = rules.decide(self.follower_log(broker), None, undefined);
            self.truncate(broker, decision, out);
        }
        let validating = self.brokers[broker].follower_state().is_some_and(|s| s.validating);
        out.push(Event::BecameFollower {
            broker,
            leader: self.leader,
            next: if validating {
                FollowerNext::Validate
            } else {
                FollowerNext::Fetch
            },
        });
    }

    fn tick(&mut self, ms: u64, out: &mut Out) {
        self.now_ms = self.now_ms.saturating_add(ms);
        out.push(Event::ClockAdvanced { now_ms: self.now_ms });
        let Some(leader) = self.leader else { return };
        let Some(state) = self.brokers[leader].leader_state() else {
            return;
        };
        let max_lag = self.config.replica_lag_time_max_ms;
        let lagging: Vec<(BrokerIx, u64)> = self
            .isr
            .iter()
            .filter(|&f| f != leader)
            .map(|f| (f, state.followers[f].last_caught_up_ms))
            .filter(|&(_, since)| self.now_ms - since.min(self.now_ms) > max_lag)
            .collect();
        for (f, since) in lagging {
            self.isr.remove(f);
            out.push(Event::IsrShrunk {
                broker: f,
                isr: self.isr,
                reason: ShrinkReason::Lagged { since_ms: since },
            });
        }
        self.maybe_advance_leader_hw(out);
    }

    fn set(&mut self, setting: &Setting, out: &mut Out) {
        setting.apply_to(&mut self.config);
        out.push(Event::ConfigChanged {
            setting: setting.clone(),
        });
    }
}
