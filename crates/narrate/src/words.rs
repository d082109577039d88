//! Words many sentences share: counts, broker lists, epochs, the protocol's
//! requests and replies, why a follower truncates, why a leader was elected,
//! and what each protocol stands for. Texts in `messages/words.msg`.

use crate::catalogue::{id, Id};
use crate::{catalogue, say, thousands, Lang, Names};
use replab_core::event::{ElectionReason, TruncationRule};
use replab_core::message::{Reply, Request};
use replab_core::protocol::rule::Span;
use replab_core::protocol::ControllerKind;
use replab_core::{BrokerSet, Protocol};

/// What a count counts.
#[derive(Clone, Copy)]
pub enum Unit {
    Record,
    Member,
    Replica,
    Step,
    State,
}

/// "1 record", "1,234 records".
pub fn count(lang: Lang, n: u64, unit: Unit) -> String {
    let (one, many) = match unit {
        Unit::Record => (id::COUNT_RECORD_ONE, id::COUNT_RECORD_MANY),
        Unit::Member => (id::COUNT_MEMBER_ONE, id::COUNT_MEMBER_MANY),
        Unit::Replica => (id::COUNT_REPLICA_ONE, id::COUNT_REPLICA_MANY),
        Unit::Step => (id::COUNT_STEP_ONE, id::COUNT_STEP_MANY),
        Unit::State => (id::CHECKER_COUNT_STATE_ONE, id::CHECKER_COUNT_STATE_MANY),
    };
    if lang.is_one(n) {
        say!(lang, one)
    } else {
        say!(lang, many, n = thousands(lang, n))
    }
}

/// The brokers of `set` by name, or that there are none.
pub fn list(lang: Lang, names: &Names, set: BrokerSet) -> String {
    if set.is_empty() {
        return say!(lang, id::LIST_NONE);
    }
    let v: Vec<&str> = set.iter().map(|b| names.get(b)).collect();
    v.join(&say!(lang, id::LIST_SEPARATOR))
}

/// "epoch 3", or that there is none.
pub fn epoch_opt(lang: Lang, e: Option<u32>) -> String {
    match e {
        Some(epoch) => say!(lang, id::EPOCH_SOME, epoch = epoch),
        None => say!(lang, id::EPOCH_NONE),
    }
}

/// A request in the event log's words: "Fetch(offset 2, last fetched epoch 0)", "OffsetsForLeaderEpoch(epoch 0)".
pub fn request(lang: Lang, r: &Request) -> String {
    match *r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            say!(
                lang,
                id::REQUEST_OFFSETS_FOR_LEADER_EPOCH,
                epoch = epoch_opt(lang, leader_epoch)
            )
        }
        Request::Fetch { .. } => fetch(
            lang,
            r,
            [
                id::REQUEST_FETCH,
                id::REQUEST_FETCH_LAST_FETCHED_EPOCH,
                id::REQUEST_FETCH_MAX,
            ],
        ),
    }
}

/// A Fetch request in the words of `ids`: the sentence, then the clauses for
/// its last fetched epoch and its max, each said only when the request has it
/// (the event log's words, or a message in motion's shorter ones).
pub fn fetch(lang: Lang, r: &Request, [sentence, last_fetched, max_records]: [Id; 3]) -> String {
    let Request::Fetch {
        offset,
        last_fetched_epoch,
        max,
    } = *r
    else {
        return String::new();
    };
    say!(
        lang,
        sentence,
        offset = offset,
        last_fetched = last_fetched_epoch
            .map(|epoch| say!(lang, last_fetched, epoch = epoch))
            .unwrap_or_default(),
        max = max.map(|max| say!(lang, max_records, max = max)).unwrap_or_default(),
    )
}

/// A reply in the event log's words: "epoch 0 ends at offset 1", "1 record from offset 1, HW 1".
pub fn reply(lang: Lang, r: &Reply) -> String {
    match *r {
        Reply::EpochEndOffset { asked, answer } => match (answer.epoch, answer.end_offset) {
            (Some(epoch), Some(offset)) => say!(lang, id::REPLY_EPOCH_END_OFFSET, epoch = epoch, offset = offset),
            (None, Some(offset)) => {
                say!(
                    lang,
                    id::REPLY_EPOCH_END_OFFSET_ASKED,
                    asked = epoch_opt(lang, asked),
                    offset = offset
                )
            }
            _ => say!(
                lang,
                id::REPLY_EPOCH_END_OFFSET_UNDEFINED,
                asked = epoch_opt(lang, asked)
            ),
        },
        Reply::Records {
            count: 0,
            high_watermark,
            ..
        } => say!(lang, id::REPLY_RECORDS_NONE, hw = high_watermark),
        Reply::Records {
            from,
            count: n,
            high_watermark,
        } => say!(
            lang,
            id::REPLY_RECORDS,
            count = count(lang, n, Unit::Record),
            from = from,
            hw = high_watermark
        ),
        Reply::DivergingEpoch { epoch, end_offset, .. } => {
            say!(lang, id::REPLY_DIVERGING_EPOCH, epoch = epoch, offset = end_offset)
        }
        Reply::OffsetOutOfRange { log_end_offset } => {
            say!(lang, id::REPLY_OFFSET_OUT_OF_RANGE, offset = log_end_offset)
        }
    }
}

/// Why a follower truncates where it does, by the rule it applies: "the leader says epoch 0 ends at offset 1".
pub fn truncation_reason(lang: Lang, rule: &TruncationRule) -> String {
    match *rule {
        TruncationRule::HighWatermark { hw } => say!(lang, id::TRUNCATION_HIGH_WATERMARK, hw = hw),
        TruncationRule::LeaderEndOffset {
            asked: Some(asked),
            end_offset,
        } => say!(
            lang,
            id::TRUNCATION_LEADER_END_OFFSET,
            asked = asked,
            offset = end_offset
        ),
        TruncationRule::LeaderEndOffset {
            asked: None,
            end_offset,
        } => {
            say!(lang, id::TRUNCATION_LEADER_END_OFFSET_NO_EPOCHS, offset = end_offset)
        }
        TruncationRule::UndefinedEndOffset { asked, hw } => {
            say!(
                lang,
                id::TRUNCATION_UNDEFINED_END_OFFSET,
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
                id::TRUNCATION_SAME_EPOCH_LEADER_SHORTER
            } else {
                id::TRUNCATION_SAME_EPOCH
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
            id::TRUNCATION_FOLLOWER_EPOCH_BELOW,
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
            id::TRUNCATION_NO_FOLLOWER_EPOCHS,
            leader_epoch = leader_epoch,
            leader_end = leader_end
        ),
        TruncationRule::LeaderLogEnd { log_end_offset } => {
            say!(lang, id::TRUNCATION_LEADER_LOG_END, offset = log_end_offset)
        }
    }
}

pub fn election_reason(lang: Lang, names: &Names, leader: usize, r: &ElectionReason) -> String {
    let id = match r {
        ElectionReason::LeaderFailed => id::ELECTION_LEADER_FAILED,
        ElectionReason::UncleanAfterFailure => id::ELECTION_UNCLEAN_AFTER_FAILURE,
        ElectionReason::CameBack { unclean: false } => id::ELECTION_CAME_BACK,
        ElectionReason::CameBack { unclean: true } => id::ELECTION_CAME_BACK_UNCLEAN,
        ElectionReason::Requested { unclean: false } => id::ELECTION_REQUESTED,
        ElectionReason::Requested { unclean: true } => id::ELECTION_REQUESTED_UNCLEAN,
        ElectionReason::FollowersCrashed => id::ELECTION_FOLLOWERS_CRASHED,
        ElectionReason::FromElr { .. } => id::ELECTION_FROM_ELR,
        ElectionReason::LastKnownLeader => id::ELECTION_LAST_KNOWN_LEADER,
        ElectionReason::OfflineElection { unclean: false } => id::ELECTION_OFFLINE_ELECTION,
        ElectionReason::OfflineElection { unclean: true } => id::ELECTION_OFFLINE_ELECTION_UNCLEAN,
        ElectionReason::UncleanEnabled => id::ELECTION_UNCLEAN_ENABLED,
        ElectionReason::UncleanCheck => id::ELECTION_UNCLEAN_CHECK,
        ElectionReason::IsrShrinkBump => id::ELECTION_ISR_SHRINK_BUMP,
    };
    say!(lang, id, leader = names.get(leader))
}

/// The Kafka releases a protocol stands for: a generation's ("Kafka 2.1–2.6"),
/// or its line's version ("Kafka 3.8").
pub fn releases(lang: Lang, p: Protocol) -> String {
    match generation_words(p, "releases") {
        Some(id) => catalogue::text(lang, id).to_string(),
        None => say!(lang, id::PROTOCOL_RELEASE_RELEASES, version = p.release().version),
    }
}

/// What a protocol is, in a sentence: a generation's note, or its line's
/// version, patches and controller with what changed since the row before.
pub fn protocol_note(lang: Lang, p: Protocol) -> String {
    if let Some(id) = generation_words(p, "note") {
        return catalogue::text(lang, id).to_string();
    }
    let r = p.release();
    say!(
        lang,
        id::PROTOCOL_RELEASE_NOTE,
        version = r.version,
        patches = r.patches,
        controller = controller_name(p),
        changes = release_changes(lang, p)
    )
}

/// What changed at a release line since the row before, citing its KIP or
/// JIRA (`release.<name>.changes`).
pub fn release_changes(lang: Lang, p: Protocol) -> &'static str {
    catalogue::named(&format!("release.{}.changes", p.release().name)).map_or("", |id| catalogue::text(lang, id))
}

/// The releases whose rule decided (`Protocol::span_of`), in a line: "from
/// Kafka 3.7 with ZooKeeper", "Kafka 0.11–1.1 with ZooKeeper; changed in 2.1".
/// What each release changed is the release menu's (`release_changes`).
pub fn rule_span(lang: Lang, span: &Span) -> String {
    let Some(first) = Protocol::from_name(span.first.name) else {
        return String::new();
    };
    let controller = controller_name(first);
    match span.changed_in {
        None => say!(
            lang,
            id::RULE_FROM,
            version = span.first.version,
            controller = controller
        ),
        Some(next) if span.from_oldest => say!(
            lang,
            id::RULE_UP_TO,
            version = span.last.version,
            controller = controller,
            next = next.version
        ),
        Some(next) => say!(
            lang,
            id::RULE_RANGE,
            first = span.first.version,
            last = span.last.version,
            controller = controller,
            next = next.version
        ),
    }
}

/// The controller's name, Kafka's, the same in every language.
pub fn controller_name(p: Protocol) -> &'static str {
    match p.controller() {
        ControllerKind::ZooKeeper => "ZooKeeper",
        ControllerKind::KRaft => "KRaft",
    }
}

/// A generation's own words (`protocol.<generation>.<what>`), for the five
/// lines that are generations, by either spelling.
fn generation_words(p: Protocol, what: &str) -> Option<crate::catalogue::Id> {
    let generation = p.release().generation?;
    catalogue::named(&format!("protocol.{generation}.{what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fetch_says_its_optional_clauses_only_when_it_has_them() {
        let full = Request::Fetch {
            offset: 4,
            last_fetched_epoch: Some(2),
            max: Some(1),
        };
        let plain = Request::Fetch {
            offset: 4,
            last_fetched_epoch: None,
            max: None,
        };
        assert_eq!(request(Lang::EN, &full), "Fetch(offset 4, last fetched epoch 2, max 1)");
        crate::said!(
            "narrate/a_fetch_says_its_optional_clauses_only_when_it_has_them",
            |lang| vec![(request(lang, &full)).to_string()]
        );
        assert_eq!(request(Lang::EN, &plain), "Fetch(offset 4)");
        let o = Request::OffsetsForLeaderEpoch { leader_epoch: None };
        assert_eq!(request(Lang::EN, &o), "OffsetsForLeaderEpoch(no epoch)");
        assert_eq!(fetch(Lang::EN, &o, [id::REQUEST_FETCH; 3]), "", "not a Fetch");
    }

    #[test]
    fn counts_and_lists_in_both_languages() {
        assert_eq!(count(Lang::EN, 1, Unit::Record), "1 record");
        assert_eq!(count(Lang::EN, 1234, Unit::Record), "1,234 records");
        crate::said!("narrate/counts_and_lists_in_both_languages", |lang| vec![(count(
            lang,
            1234,
            Unit::Record
        ))
        .to_string()]);
        let ids: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        let names = Names(&ids);
        let ab: BrokerSet = [0, 1].into_iter().collect();
        assert_eq!(list(Lang::EN, &names, ab), "A, B");
        crate::said!("narrate/counts_and_lists_in_both_languages-2", |lang| vec![(list(
            lang, &names, ab
        ))
        .to_string()]);
        assert_eq!(list(Lang::EN, &names, BrokerSet::default()), "none");
        crate::said!("narrate/counts_and_lists_in_both_languages-3", |lang| vec![(list(
            lang,
            &names,
            BrokerSet::default()
        ))
        .to_string()]);
    }
}
