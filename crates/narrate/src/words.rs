//! Words many sentences share: counts, broker lists, epochs, the protocol's
//! requests and replies, why a follower truncates, why a leader was elected,
//! and what each protocol stands for. Texts in `messages/words.msg`.

use crate::{catalogue, say, thousands, Lang, Names};
use replab_core::event::{ElectionReason, TruncationRule};
use replab_core::message::{Reply, Request};
use replab_core::{BrokerSet, Protocol};

/// "1 record", "1,234 records": `unit` is a `count.<unit>` message.
pub fn count(lang: Lang, n: u64, unit: &str) -> String {
    if n == 1 {
        say!(lang, &format!("count.{unit}.one"))
    } else {
        say!(lang, &format!("count.{unit}.many"), n = thousands(n))
    }
}

/// The brokers of `set` by name, or that there are none.
pub fn list(lang: Lang, names: &Names, set: BrokerSet) -> String {
    if set.is_empty() {
        return say!(lang, "list.none");
    }
    let v: Vec<&str> = set.iter().map(|b| names.get(b)).collect();
    v.join(&say!(lang, "list.separator"))
}

/// "epoch 3", or that there is none.
pub fn epoch_opt(lang: Lang, e: Option<u32>) -> String {
    match e {
        Some(epoch) => say!(lang, "epoch.some", epoch = epoch),
        None => say!(lang, "epoch.none"),
    }
}

pub fn request(lang: Lang, r: &Request) -> String {
    match *r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            say!(
                lang,
                "request.offsets-for-leader-epoch",
                epoch = epoch_opt(lang, leader_epoch)
            )
        }
        Request::Fetch {
            offset,
            last_fetched_epoch,
            max,
        } => say!(
            lang,
            "request.fetch",
            offset = offset,
            last_fetched = last_fetched_epoch
                .map(|epoch| say!(lang, "request.fetch.last-fetched-epoch", epoch = epoch))
                .unwrap_or_default(),
            max = max
                .map(|max| say!(lang, "request.fetch.max", max = max))
                .unwrap_or_default(),
        ),
    }
}

pub fn reply(lang: Lang, r: &Reply) -> String {
    match *r {
        Reply::EpochEndOffset { asked, answer } => match (answer.epoch, answer.end_offset) {
            (Some(epoch), Some(offset)) => say!(lang, "reply.epoch-end-offset", epoch = epoch, offset = offset),
            (None, Some(offset)) => {
                say!(
                    lang,
                    "reply.epoch-end-offset.asked",
                    asked = epoch_opt(lang, asked),
                    offset = offset
                )
            }
            _ => say!(lang, "reply.epoch-end-offset.undefined", asked = epoch_opt(lang, asked)),
        },
        Reply::Records {
            count: 0,
            high_watermark,
            ..
        } => say!(lang, "reply.records.none", hw = high_watermark),
        Reply::Records {
            from,
            count: n,
            high_watermark,
        } => say!(
            lang,
            "reply.records",
            count = count(lang, n, "record"),
            from = from,
            hw = high_watermark
        ),
        Reply::DivergingEpoch { epoch, end_offset, .. } => {
            say!(lang, "reply.diverging-epoch", epoch = epoch, offset = end_offset)
        }
        Reply::OffsetOutOfRange { log_end_offset } => say!(lang, "reply.offset-out-of-range", offset = log_end_offset),
    }
}

pub fn truncation_reason(lang: Lang, rule: &TruncationRule) -> String {
    match *rule {
        TruncationRule::HighWatermark { hw } => say!(lang, "truncation.high-watermark", hw = hw),
        TruncationRule::LeaderEndOffset {
            asked: Some(asked),
            end_offset,
        } => say!(lang, "truncation.leader-end-offset", asked = asked, offset = end_offset),
        TruncationRule::LeaderEndOffset {
            asked: None,
            end_offset,
        } => {
            say!(lang, "truncation.leader-end-offset.no-epochs", offset = end_offset)
        }
        TruncationRule::UndefinedEndOffset { asked, hw } => {
            say!(
                lang,
                "truncation.undefined-end-offset",
                asked = epoch_opt(lang, asked),
                hw = hw
            )
        }
        TruncationRule::SameEpoch {
            epoch,
            leader_end,
            follower_end,
            ..
        } => say!(
            lang,
            if leader_end < follower_end {
                "truncation.same-epoch.leader-shorter"
            } else {
                "truncation.same-epoch"
            },
            epoch = epoch,
            leader_end = leader_end,
            follower_end = follower_end
        ),
        TruncationRule::FollowerEpochBelow {
            leader_epoch,
            leader_end,
            follower_epoch,
            follower_end,
            ..
        } => say!(
            lang,
            "truncation.follower-epoch-below",
            leader_epoch = leader_epoch,
            leader_end = leader_end,
            follower_epoch = follower_epoch,
            follower_end = follower_end
        ),
        TruncationRule::NoFollowerEpochs {
            leader_epoch,
            leader_end,
            ..
        } => say!(
            lang,
            "truncation.no-follower-epochs",
            leader_epoch = leader_epoch,
            leader_end = leader_end
        ),
        TruncationRule::LeaderLogEnd { log_end_offset } => {
            say!(lang, "truncation.leader-log-end", offset = log_end_offset)
        }
    }
}

pub fn election_reason(lang: Lang, names: &Names, leader: usize, r: &ElectionReason) -> String {
    let id = match r {
        ElectionReason::LeaderFailed => "election.leader-failed",
        ElectionReason::UncleanAfterFailure => "election.unclean-after-failure",
        ElectionReason::CameBack { unclean: false } => "election.came-back",
        ElectionReason::CameBack { unclean: true } => "election.came-back.unclean",
        ElectionReason::Requested { unclean: false } => "election.requested",
        ElectionReason::Requested { unclean: true } => "election.requested.unclean",
        ElectionReason::FollowersCrashed => "election.followers-crashed",
        ElectionReason::FromElr => "election.from-elr",
        ElectionReason::LastKnownLeader => "election.last-known-leader",
    };
    say!(lang, id, leader = names.get(leader))
}

/// The Kafka releases a protocol stands for ("Kafka 2.1–2.6").
pub fn releases(lang: Lang, p: Protocol) -> &'static str {
    catalogue::text(lang, &format!("protocol.{}.releases", p.name()))
}

/// What a protocol is, in a sentence.
pub fn protocol_note(lang: Lang, p: Protocol) -> &'static str {
    catalogue::text(lang, &format!("protocol.{}.note", p.name()))
}
