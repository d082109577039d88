//! English.

use super::Names;
use replab_core::command::CommandError;
use replab_core::event::{
    AckFailure, ElectionReason, Event, FollowerNext, LossReason, ProduceRefusal, ShrinkReason, TruncationRule,
    Violation,
};
use replab_core::message::{Reply, Request};
use replab_core::scenario::{Found, ScriptErrorKind};

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn epoch_opt(e: Option<u32>) -> String {
    e.map_or("no epoch".into(), |e| format!("epoch {e}"))
}

pub fn request(r: &Request) -> String {
    match r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            format!("OffsetsForLeaderEpoch({})", epoch_opt(*leader_epoch))
        }
        Request::Fetch {
            offset,
            last_fetched_epoch,
            max,
        } => {
            let mut s = format!("Fetch(offset {offset}");
            if let Some(e) = last_fetched_epoch {
                s += &format!(", last fetched epoch {e}");
            }
            if let Some(m) = max {
                s += &format!(", max {m}");
            }
            s + ")"
        }
    }
}

pub fn reply(r: &Reply) -> String {
    match r {
        Reply::EpochEndOffset { asked, answer } => match (answer.epoch, answer.end_offset) {
            (Some(e), Some(o)) => format!("epoch {e} ends at offset {o}"),
            (None, Some(o)) => format!("{} ends at offset {o}", epoch_opt(*asked)),
            _ => format!("undefined: it cannot place {}", epoch_opt(*asked)),
        },
        Reply::Records {
            from,
            count,
            high_watermark,
        } => {
            if *count == 0 {
                format!("no new records, HW {high_watermark}")
            } else {
                format!(
                    "{} from offset {from}, HW {high_watermark}",
                    plural(*count, "record", "records")
                )
            }
        }
        Reply::DivergingEpoch { epoch, end_offset, .. } => {
            format!("DivergingEpoch: epoch {epoch} ends at offset {end_offset}, no records")
        }
        Reply::OffsetOutOfRange { log_end_offset } => format!("OffsetOutOfRange: its log ends at {log_end_offset}"),
    }
}

pub fn truncation_reason(rule: &TruncationRule) -> String {
    match *rule {
        TruncationRule::HighWatermark { hw } => {
            format!("without leader epochs a new follower truncates to its own high watermark, {hw}")
        }
        TruncationRule::LeaderEndOffset {
            asked: Some(asked),
            end_offset,
        } => format!("the leader says epoch {asked} ends at offset {end_offset}"),
        TruncationRule::LeaderEndOffset { asked: None, end_offset } => {
            format!("asked with epoch -1, the leader, with no epochs either, answers its log end, {end_offset}")
        }
        TruncationRule::UndefinedEndOffset { asked, hw } => format!(
            "the leader cannot say where {} ends, so it falls back to its high watermark, {hw}",
            epoch_opt(asked)
        ),
        TruncationRule::SameEpoch { epoch, leader_end, follower_end, .. } => {
            if leader_end < follower_end {
                format!("the leader says epoch {epoch} ends at offset {leader_end} (here it ends at {follower_end})")
            } else {
                format!("epoch {epoch} ends at offset {follower_end} here and at {leader_end} on the leader")
            }
        }
        TruncationRule::FollowerEpochBelow { leader_epoch, leader_end, follower_epoch, follower_end, .. } => format!(
            "the leader says epoch {leader_epoch} ends at offset {leader_end}, but this log has no epoch {leader_epoch}: \
             its epoch {follower_epoch} ends at {follower_end}, so it cuts there and asks again"
        ),
        TruncationRule::NoFollowerEpochs { leader_epoch, leader_end, .. } => format!(
            "the leader says epoch {leader_epoch} ends at offset {leader_end} and this log has no epochs to compare"
        ),
        TruncationRule::LeaderLogEnd { log_end_offset } => {
            format!("its fetch offset is past the leader's log end, {log_end_offset}")
        }
    }
}

fn election_reason(names: &Names, leader: usize, r: &ElectionReason) -> String {
    let l = names.get(leader);
    match r {
        ElectionReason::LeaderFailed => format!("the leader failed and {l} is the first alive ISR member"),
        ElectionReason::UncleanAfterFailure => {
            format!("the leader failed, no ISR member is alive, and unclean election picks {l}")
        }
        ElectionReason::CameBack { unclean: false } => {
            format!("the partition was offline and {l}, an ISR member, came back")
        }
        ElectionReason::CameBack { unclean: true } => {
            format!("the partition was offline and {l} came back; unclean election lets it lead")
        }
        ElectionReason::Requested { unclean: false } => "the controller elected it".into(),
        ElectionReason::Requested { unclean: true } => "the controller elected it uncleanly".into(),
        ElectionReason::FollowersCrashed => format!(
            "{l} stays leader: the ZooKeeper controller writes a new leader epoch whenever it removes crashed followers from the ISR"
        ),
    }
}

pub fn violation_detail(_names: &Names, v: &Violation) -> String {
    match v {
        Violation::CommittedWriteLost { offset, value, .. } => format!("{value} at offset {offset}"),
        Violation::ReplicasDiverged {
            offset,
            leader_record,
            follower_record,
            ..
        } => {
            format!("{} and {} at offset {offset}", follower_record.1, leader_record.1)
        }
    }
}

pub fn event(names: &Names, e: &Event) -> String {
    let n = |b: usize| names.get(b);
    match e {
        Event::Appended { leader, offset, epoch, value, acks } => {
            format!("{} appends {value} at offset {offset} in epoch {epoch} (acks={})", n(*leader), acks.name())
        }
        Event::ProduceRefused { value, reason } => match reason {
            ProduceRefusal::NoLeader => format!("the write of {value} fails: the partition has no leader"),
            ProduceRefusal::NotEnoughReplicas { isr, min_isr } => format!(
                "the write of {value} is refused with NotEnoughReplicas: the ISR has {}, min.insync.replicas is {min_isr}",
                plural(u64::from(*isr), "replica", "replicas")
            ),
        },
        Event::Acked { value, offset } => format!("{value} (offset {offset}) is acknowledged to the producer"),
        Event::AckFailed { value, offset, reason } => match reason {
            AckFailure::LeadershipMoved => {
                format!("the producer of {value} (offset {offset}) gets an error: leadership moved before it was committed")
            }
        },
        Event::RequestSent { follower, leader, request: r } => format!("{} sends {} to {}", n(*follower), request(r), n(*leader)),
        Event::NoLeaderToFetchFrom { follower } => format!("{} has no leader to fetch from", n(*follower)),
        Event::RequestAnswered { follower, leader, reply: r } => {
            format!("{} answers {}: {}", n(*leader), n(*follower), reply(r))
        }
        Event::ResponseDelivered { follower, .. } => format!("the response reaches {}", n(*follower)),
        Event::ResponseLost { follower, reason, .. } => match reason {
            LossReason::Fenced { epoch } => format!(
                "the response to {} is dropped: epoch {epoch} began while it was in flight (fenced)",
                n(*follower)
            ),
            LossReason::FollowerCrashed => format!("the response to {} is lost: {} crashed", n(*follower), n(*follower)),
            LossReason::LeaderCrashed => format!("the response to {} is lost with the crashed leader", n(*follower)),
            LossReason::Dropped => format!("the response to {} is lost on the way", n(*follower)),
        },
        Event::Replicated { follower, from, to } => {
            format!("{} appends {} (offsets {from} to {})", n(*follower), plural(to - from, "record", "records"), to - 1)
        }
        Event::HighWatermarkChanged { broker, from, to } => {
            format!("{}'s high watermark moves from {from} to {to}", n(*broker))
        }
        Event::Truncation { broker, from, to, rule, .. } => {
            let why = truncation_reason(rule);
            if to < from {
                format!("{} truncates its log from {from} to {to}: {why}", n(*broker))
            } else {
                format!("{} keeps its log (LEO {from}): {why}", n(*broker))
            }
        }
        Event::EpochAssigned { broker, epoch, start_offset } => {
            format!("{}'s leader-epoch cache: epoch {epoch} starts at offset {start_offset}", n(*broker))
        }
        Event::Crashed { broker, lost_from, lost, noticed } => {
            let what = if *noticed {
                format!("{} crashes", n(*broker))
            } else {
                format!("{} bounces: it crashes and is back before the controller notices", n(*broker))
            };
            match lost_from {
                Some(end) => format!(
                    "{what}, losing {} it had not flushed (its log now ends at {end})",
                    plural(*lost, "record", "records")
                ),
                None => what,
            }
        }
        Event::Restarted { broker, leo, hw, latest_epoch } => format!(
            "{} restarts from disk with LEO {leo}, HW {hw} and {}",
            n(*broker),
            latest_epoch.map_or("no leader epochs".into(), |e| format!("latest epoch {e}"))
        ),
        Event::LeaderElected { leader, epoch, isr, reason } => format!(
            "{} becomes leader in epoch {epoch} (ISR: {}): {}",
            n(*leader),
            names.list(*isr),
            election_reason(names, *leader, reason)
        ),
        Event::PartitionOffline { epoch } => {
            format!("the partition is offline in epoch {epoch}: no replica may lead")
        }
        Event::BecameFollower { broker, leader, next } => match (leader, next) {
            (None, _) | (_, FollowerNext::WaitForLeader) => format!(
                "{} keeps its log as it is and waits: the partition has no leader to follow",
                n(*broker)
            ),
            (Some(l), FollowerNext::Validate) => format!(
                "{} follows {} and must first validate its log with OffsetsForLeaderEpoch",
                n(*broker),
                n(*l)
            ),
            (Some(l), FollowerNext::Fetch) => format!("{} follows {} and fetches from its log end", n(*broker), n(*l)),
        },
        Event::KeptFollowing { broker, leader, epoch } => format!(
            "{} keeps following {} in epoch {epoch} without checking its log: before Kafka 2.1 the same leader in a new epoch was not a change (KAFKA-7164)",
            n(*broker),
            n(*leader)
        ),
        Event::EpochsTrimmed {
            broker,
            log_end_offset,
            removed,
        } => format!(
            "log recovery trims {}'s leader-epoch checkpoint to its log end {log_end_offset}: {} started at or past it",
            n(*broker),
            plural(u64::from(*removed), "entry", "entries")
        ),
        Event::IsrShrunk { broker, isr, reason } => match reason {
            ShrinkReason::Crashed => format!("{} leaves the ISR (now {}): it crashed", n(*broker), names.list(*isr)),
            ShrinkReason::Lagged { since_ms } => format!(
                "{} leaves the ISR (now {}): not caught up since {since_ms} ms, longer than replica.lag.time.max.ms",
                n(*broker),
                names.list(*isr)
            ),
        },
        Event::IsrExpanded { broker, isr } => format!("{} rejoins the ISR (now {})", n(*broker), names.list(*isr)),
        Event::ClockAdvanced { now_ms } => format!("the clock reaches {now_ms} ms"),
        Event::ConfigChanged { setting } => format!("{} is now {}", setting.key(), setting.value_text()),
        Event::ViolationFound { violation } => match violation {
            Violation::CommittedWriteLost { .. } => format!("SAFETY: committed write lost: {}", violation_sentence(names, violation)),
            Violation::ReplicasDiverged { .. } => format!("SAFETY: replicas diverged: {}", violation_sentence(names, violation)),
        },
    }
}

pub fn command_error(names: &Names, e: &CommandError) -> String {
    let n = |b: usize| names.get(b);
    match e {
        CommandError::NoSuchBroker { broker } => format!("there is no broker number {broker}"),
        CommandError::BrokerDown { broker } => format!("broker '{}' is down", n(*broker)),
        CommandError::BrokerAlreadyUp { broker } => format!("broker '{}' is already running", n(*broker)),
        CommandError::IsLeader { broker } => format!("broker '{}' is the leader", n(*broker)),
        CommandError::AlreadyInFlight { follower } => {
            format!(
                "broker '{}' already has a response in flight (deliver it first)",
                n(*follower)
            )
        }
        CommandError::NothingInFlight { follower } => format!("broker '{}' has no response in flight", n(*follower)),
        CommandError::NotInIsr { broker } => {
            format!(
                "broker '{}' is not in the ISR (add 'unclean' to elect it anyway)",
                n(*broker)
            )
        }
        CommandError::DuplicateTarget { broker } => format!("broker '{}' is named twice", n(*broker)),
        CommandError::NoTargets => "no broker named".into(),
    }
}

pub fn script_error(names: &Names, k: &ScriptErrorKind) -> String {
    match k {
        ScriptErrorKind::UnknownVerb { verb } => format!("unknown statement '{verb}'"),
        ScriptErrorKind::UnknownBroker { id } => format!("unknown broker '{id}'"),
        ScriptErrorKind::BadBrokerId { id } => {
            format!("'{id}' is not a broker id (a letter, then letters, digits, '_' or '-')")
        }
        ScriptErrorKind::DuplicateBroker { id } => format!("broker '{id}' is listed twice"),
        ScriptErrorKind::BrokerCount { count } => format!("a partition has 1 to 7 brokers, not {count}"),
        ScriptErrorKind::DuplicateHeader { verb } => format!("'{verb}' is given twice"),
        ScriptErrorKind::HeaderAfterAction { verb } => format!("'{verb}' belongs in the header, before the first action"),
        ScriptErrorKind::MissingBrokers => "no 'brokers' line before the first action".into(),
        ScriptErrorKind::UnknownProtocol { name } => {
            format!("unknown protocol '{name}' (hw, kip-101, kip-279 or diverging-epoch)")
        }
        ScriptErrorKind::UnknownSetting { key } => format!(
            "unknown setting '{key}' (min.insync.replicas, unclean.leader.election.enable, replica.lag.time.max.ms, acks)"
        ),
        ScriptErrorKind::BadSettingValue { key, value } => format!("'{value}' is not a valid value for {key}"),
        ScriptErrorKind::BadSetSyntax { text } => format!("'{text}' should be key=value"),
        ScriptErrorKind::MissingArgument { verb, what } => format!("'{verb}' needs a {what}"),
        ScriptErrorKind::UnexpectedArgument { verb, arg } => format!("unexpected '{arg}' after '{verb}'"),
        ScriptErrorKind::BadValue { value } => {
            format!("'{value}' is not a message value (letters, digits, '_', '.', ':' or '-')")
        }
        ScriptErrorKind::BadNumber { what, text } => format!("'{text}' is not a valid {what}"),
        ScriptErrorKind::BadAcks { text } => format!("acks must be 0, 1 or all, not '{text}'"),
        ScriptErrorKind::BadCrashTarget { text } => format!("'{text}' should be a broker or broker@offset"),
        ScriptErrorKind::UnknownExpectation { what } => {
            format!("unknown expectation '{what}' (log, hw, leo or epochs after a broker)")
        }
        ScriptErrorKind::UnknownViolationKind { kind } => {
            format!("unknown violation kind '{kind}' (committed-write-lost or replicas-diverged)")
        }
        ScriptErrorKind::EmptyTitle => "'title' needs some text".into(),
        ScriptErrorKind::Command { error } => command_error(names, error),
    }
}

pub fn found(names: &Names, f: &Found) -> String {
    match f {
        Found::Values(v) if v.is_empty() => "nothing".into(),
        Found::Values(v) => v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
        Found::Number(x) => x.to_string(),
        Found::Epochs(e) if e.is_empty() => "no epochs".into(),
        Found::Epochs(e) => e.iter().map(|(e, o)| format!("{e}:{o}")).collect::<Vec<_>>().join(" "),
        Found::Leader(l) => l.map_or("none".into(), |b| names.get(b).to_string()),
        Found::Brokers(s) => names.list(*s),
        Found::Violations(v) if v.is_empty() => "no violation".into(),
        Found::Violations(v) => v.iter().map(|k| k.name()).collect::<Vec<_>>().join(" "),
    }
}

pub fn violation_sentence(names: &Names, violation: &Violation) -> String {
    let n = |b: usize| names.get(b);
    match violation {
        Violation::CommittedWriteLost {
            leader,
            offset,
            epoch,
            value,
            now,
        } => format!(
            "{value} (epoch {epoch}) is no longer at offset {offset} in leader {}'s log{}",
            n(*leader),
            now.as_ref()
                .map_or(String::new(), |(e, v)| format!(", which holds {v} (epoch {e}) there"))
        ),
        Violation::ReplicasDiverged {
            leader,
            follower,
            offset,
            leader_record,
            follower_record,
        } => format!(
            "at committed offset {offset}, {} holds {} (epoch {}) but leader {} holds {} (epoch {})",
            n(*follower),
            follower_record.1,
            follower_record.0,
            n(*leader),
            leader_record.1,
            leader_record.0
        ),
    }
}

pub fn link_error(
    e: &super::LinkProblem,
    script: impl Fn(&replab_core::scenario::ScriptError, &[String]) -> String,
) -> String {
    use super::LinkProblem as P;
    use replab_share::LinkError as L;
    match e {
        P::Link(L::NotALink) => "this is not a share link (it should start with v1.)".into(),
        P::Link(L::UnknownVersion { version }) => format!(
            "this link is of version {version}, which this page cannot read (it reads v{})",
            replab_share::VERSION
        ),
        P::Link(L::BadEncoding) => "the link is damaged: its data is not valid base64url".into(),
        P::Link(L::Corrupted) => "the link is cut short or damaged: its data does not unpack".into(),
        P::Link(L::TooLarge) => "the link unpacks to more than 1 MiB".into(),
        P::Link(L::MissingField { field }) => format!("the link has no {field}"),
        P::Link(L::BadField { field, value }) => format!("the link's {field} '{value}' is not valid"),
        P::Link(L::UnknownField { field }) => format!("the link has an unknown field '{field}'"),
        P::StepOutOfRange { step, len } => {
            format!("the link asks for step {step}, but its scenario has only {len} steps")
        }
        P::Script { error, names } => format!("the link's scenario does not load: {}", script(error, names)),
    }
}
