//! Words many sentences share: counts, broker lists, epochs, the protocol's
//! requests and replies, why a follower truncates, why a leader was elected,
//! and what each protocol stands for. Texts in `messages/words.msg`.

use crate::catalogue::msg;
use crate::{catalogue, thousands, Lang, Names};
use replab_core::event::{ElectionReason, TruncationRule};
use replab_core::message::{Reply, Request};
use replab_core::protocol::rule::Span;
use replab_core::protocol::ControllerKind;
use replab_core::{BrokerSet, Protocol};
use std::fmt::Display;

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
    type One = fn(Lang) -> String;
    type Many = msg::Say1;
    let (one, many): (One, Many) = match unit {
        Unit::Record => (msg::count_record_one, msg::count_record_many),
        Unit::Member => (msg::count_member_one, msg::count_member_many),
        Unit::Replica => (msg::count_replica_one, msg::count_replica_many),
        Unit::Step => (msg::count_step_one, msg::count_step_many),
        Unit::State => (msg::checker_count_state_one, msg::checker_count_state_many),
    };
    if lang.is_one(n) {
        one(lang)
    } else {
        many(lang, &thousands(lang, n))
    }
}

/// The brokers of `set` by name, or that there are none.
pub fn list(lang: Lang, names: &Names, set: BrokerSet) -> String {
    if set.is_empty() {
        return msg::list_none(lang);
    }
    let v: Vec<&str> = set.iter().map(|b| names.get(b)).collect();
    v.join(&msg::list_separator(lang))
}

/// "epoch 3", or that there is none.
pub fn epoch_opt(lang: Lang, e: Option<u32>) -> String {
    match e {
        Some(epoch) => msg::epoch_some(lang, &epoch),
        None => msg::epoch_none(lang),
    }
}

/// A request in the event log's words: "Fetch(offset 2, last fetched epoch 0)", "OffsetsForLeaderEpoch(epoch 0)".
pub fn request(lang: Lang, r: &Request) -> String {
    match *r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            msg::request_offsets_for_leader_epoch(lang, &epoch_opt(lang, leader_epoch))
        }
        Request::Fetch { .. } => fetch(
            lang,
            r,
            FetchWords {
                sentence: msg::request_fetch,
                last_fetched: msg::request_fetch_last_fetched_epoch,
                max: msg::request_fetch_max,
            },
        ),
    }
}

/// The words of a Fetch request: the sentence (of its offset and the two
/// clauses), the clause for its last fetched epoch, the clause for its max.
pub struct FetchWords {
    pub sentence: fn(Lang, &dyn Display, &dyn Display, &dyn Display) -> String,
    pub last_fetched: fn(Lang, &dyn Display) -> String,
    pub max: fn(Lang, &dyn Display) -> String,
}

/// A Fetch request in `words`: the sentence, then the clauses for its last
/// fetched epoch and its max, each said only when the request has it (the
/// event log's words, or a message in motion's shorter ones).
pub fn fetch(lang: Lang, r: &Request, words: FetchWords) -> String {
    let Request::Fetch {
        offset,
        last_fetched_epoch,
        max,
    } = *r
    else {
        return String::new();
    };
    let last_fetched = last_fetched_epoch
        .map(|epoch| (words.last_fetched)(lang, &epoch))
        .unwrap_or_default();
    let max = max.map(|max| (words.max)(lang, &max)).unwrap_or_default();
    (words.sentence)(lang, &offset, &last_fetched, &max)
}

/// A reply in the event log's words: "epoch 0 ends at offset 1", "1 record from offset 1, HW 1".
pub fn reply(lang: Lang, r: &Reply) -> String {
    match *r {
        Reply::EpochEndOffset { asked, answer } => match (answer.epoch, answer.end_offset) {
            (Some(epoch), Some(offset)) => msg::reply_epoch_end_offset(lang, &epoch, &offset),
            (None, Some(offset)) => msg::reply_epoch_end_offset_asked(lang, &epoch_opt(lang, asked), &offset),
            _ => msg::reply_epoch_end_offset_undefined(lang, &epoch_opt(lang, asked)),
        },
        Reply::Records {
            count: 0,
            high_watermark,
            ..
        } => msg::reply_records_none(lang, &high_watermark),
        Reply::Records {
            from,
            count: n,
            high_watermark,
        } => msg::reply_records(lang, &count(lang, n, Unit::Record), &from, &high_watermark),
        Reply::DivergingEpoch { epoch, end_offset, .. } => msg::reply_diverging_epoch(lang, &epoch, &end_offset),
        Reply::OffsetOutOfRange { log_end_offset } => msg::reply_offset_out_of_range(lang, &log_end_offset),
    }
}

/// Why a follower truncates where it does, by the rule it applies: "the leader says epoch 0 ends at offset 1".
pub fn truncation_reason(lang: Lang, rule: &TruncationRule) -> String {
    match *rule {
        TruncationRule::HighWatermark { hw } => msg::truncation_high_watermark(lang, &hw),
        TruncationRule::LeaderEndOffset {
            asked: Some(asked),
            end_offset,
        } => msg::truncation_leader_end_offset(lang, &asked, &end_offset),
        TruncationRule::LeaderEndOffset {
            asked: None,
            end_offset,
        } => msg::truncation_leader_end_offset_no_epochs(lang, &end_offset),
        TruncationRule::UndefinedEndOffset { asked, hw } => {
            msg::truncation_undefined_end_offset(lang, &epoch_opt(lang, asked), &hw)
        }
        TruncationRule::SameEpoch {
            epoch,
            leader_end,
            follower_end,
            ..
        } => {
            if leader_end < follower_end {
                msg::truncation_same_epoch_leader_shorter(lang, &epoch, &leader_end, &follower_end)
            } else {
                msg::truncation_same_epoch(lang, &epoch, &follower_end, &leader_end)
            }
        }
        TruncationRule::FollowerEpochBelow {
            leader_epoch,
            leader_end,
            follower_epoch,
            follower_end,
            ..
        } => msg::truncation_follower_epoch_below(lang, &leader_epoch, &leader_end, &follower_epoch, &follower_end),
        TruncationRule::NoFollowerEpochs {
            leader_epoch,
            leader_end,
            ..
        } => msg::truncation_no_follower_epochs(lang, &leader_epoch, &leader_end),
        TruncationRule::LeaderLogEnd { log_end_offset } => msg::truncation_leader_log_end(lang, &log_end_offset),
    }
}

pub fn election_reason(lang: Lang, names: &Names, leader: usize, r: &ElectionReason) -> String {
    let say: msg::Say1 = match r {
        ElectionReason::LeaderFailed => msg::election_leader_failed,
        ElectionReason::UncleanAfterFailure => msg::election_unclean_after_failure,
        ElectionReason::CameBack { unclean: false } => msg::election_came_back,
        ElectionReason::CameBack { unclean: true } => msg::election_came_back_unclean,
        // Asked for: no one to name.
        ElectionReason::Requested { unclean: false } => return msg::election_requested(lang),
        ElectionReason::Requested { unclean: true } => return msg::election_requested_unclean(lang),
        ElectionReason::FollowersCrashed => msg::election_followers_crashed,
        ElectionReason::FromElr { .. } => msg::election_from_elr,
        ElectionReason::LastKnownLeader => msg::election_last_known_leader,
        ElectionReason::OfflineElection { unclean: false } => msg::election_offline_election,
        ElectionReason::OfflineElection { unclean: true } => msg::election_offline_election_unclean,
        ElectionReason::UncleanEnabled => msg::election_unclean_enabled,
        ElectionReason::UncleanCheck => msg::election_unclean_check,
        ElectionReason::IsrShrinkBump => msg::election_isr_shrink_bump,
    };
    say(lang, &names.get(leader))
}

/// The Kafka releases a protocol stands for: a generation's ("Kafka 2.1–2.6"),
/// or its line's version ("Kafka 3.8").
pub fn releases(lang: Lang, p: Protocol) -> String {
    match generation_words(p, "releases") {
        Some(id) => catalogue::text(lang, id).to_string(),
        None => msg::protocol_release_releases(lang, &p.release().version),
    }
}

/// What a protocol is, in a sentence: a generation's note, or its line's
/// version, patches and controller with what changed since the row before.
pub fn protocol_note(lang: Lang, p: Protocol) -> String {
    if let Some(id) = generation_words(p, "note") {
        return catalogue::text(lang, id).to_string();
    }
    let r = p.release();
    msg::protocol_release_note(
        lang,
        &r.version,
        &r.patches,
        &controller_name(p),
        &release_changes(lang, p),
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
        None => msg::rule_from(lang, &span.first.version, &controller),
        Some(next) if span.from_oldest => msg::rule_up_to(lang, &span.last.version, &controller, &next.version),
        Some(next) => msg::rule_range(
            lang,
            &span.first.version,
            &span.last.version,
            &controller,
            &next.version,
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
        let words = FetchWords {
            sentence: msg::request_fetch,
            last_fetched: msg::request_fetch_last_fetched_epoch,
            max: msg::request_fetch_max,
        };
        assert_eq!(fetch(Lang::EN, &o, words), "", "not a Fetch");
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
