//! Sentences for the model's events, errors and findings. The core holds no
//! display text; the runner and the app both speak through this crate, so no
//! sentence is written twice.
#![warn(missing_docs)]

pub mod catalogue;
mod compare;
mod decisions;
mod errors;
mod events;
mod labels;
mod language;
mod matrix;
pub mod said;
mod words;

pub use compare::{
    cache_difference, checker_found_title, checker_limit, checker_outcome, checker_progress, checker_rate,
    checker_setup, checker_timing, checker_under, compare_refused, compare_with, compared_heading, comparing_heading,
    comparison_ends, difference, first_difference, no_difference, under, Refused,
};
pub use decisions::{explain, Explain};
pub use errors::{
    clock, command_error, consumer_earlier_reads, consumer_position, consumer_read_title, default_choice,
    defaults_changed, editor_window, figure_heading, folded, found, gif_failed, hw_mark, lab_acks, leo_hw, leo_mark,
    link_error, more, not_in_release, produce, protocol_name, protocol_not_offered, protocol_option, release_option,
    script_error, script_error_kind, setting_source, stands_for, strip_at_step, strip_chip, strip_long, unfold_title,
};
pub use events::{
    decisive_event, event, event_in_step, hw_held_badge, leader_hw_label, reply_label, reply_with_leader_hw,
    request_label, step_events, violation_detail, violation_sentence, waiting_at,
};
pub use labels::{label, violation_label, Label};
pub use language::Lang;
pub use matrix::{
    matrix_acks_one, matrix_budget, matrix_built, matrix_cell, matrix_cell_held, matrix_cell_title, matrix_claim,
    matrix_column, matrix_failures, matrix_heading, matrix_history, matrix_progress, matrix_settled_by_others,
    matrix_setup, matrix_unclean, matrix_workers, MatrixCell, MatrixClaim, MatrixHeading, MatrixHeld,
};
pub use words::{
    controller_name, protocol_note, release_changes, releases, reply, request, rule_span, truncation_reason,
};

use replab_core::event::Event;
use replab_core::scenario::ScriptError;
use replab_core::{BrokerIx, Protocol};
#[cfg(test)]
use replab_core::{BrokerSet, Value};

/// Broker names by index, as the cluster lists them.
pub struct Names<'a>(pub &'a [String]);

impl Names<'_> {
    /// The name of broker `b`, or "?" if the cluster has no such broker.
    pub fn get(&self, b: usize) -> &str {
        self.0.get(b).map_or("?", |s| s.as_str())
    }
}

/// The leader's HW at event `i` of a step when an earlier event of the step
/// moved it: the last `HighWatermarkChanged` of `leader` before `i`.
pub fn leader_hw_at(events: &[Event], i: usize, leader: BrokerIx) -> Option<u64> {
    events[..i.min(events.len())].iter().rev().find_map(|e| match *e {
        Event::HighWatermarkChanged { broker, to, .. } if broker == leader => Some(to),
        _ => None,
    })
}

/// A size in bytes as MiB with one decimal: "4.2 MiB".
pub fn mebibytes(bytes: usize) -> String {
    let tenths = (bytes * 10 + (1 << 19)) / (1 << 20);
    format!("{}.{} MiB", tenths / 10, tenths % 10)
}

/// What is wrong with a share link: the link itself, the step it names, or the
/// scenario inside it (with the broker names its error may refer to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// The link itself could not be read.
    Link(replab_share::LinkError),
    /// The link names a step past the scenario's end.
    StepOutOfRange {
        /// The step the link names.
        step: usize,
        /// How many steps the scenario has.
        len: usize,
    },
    /// The scenario in the link does not parse or load.
    Script {
        /// Why it does not parse or load.
        error: ScriptError,
        /// The scenario's broker names, for the error to refer to (empty when it did not parse).
        names: Vec<String>,
    },
}

/// How a run of the exhaustive checker (replab-check) ended, as the page tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckerOutcome {
    /// A shortest history of `steps` steps that fires `kind`.
    Violation {
        /// The protocol searched.
        protocol: Protocol,
        /// The safety check it breaks.
        kind: replab_core::ViolationKind,
        /// The history's length in steps.
        steps: u32,
        /// The states explored.
        states: u32,
    },
    /// Every history within the bounds tried: the longest needed `depth` steps.
    NoViolation {
        /// The protocol searched.
        protocol: Protocol,
        /// The states explored.
        states: u32,
        /// The longest history needed, in steps.
        depth: u32,
    },
    /// Stopped at `limit` states: histories up to `depth` steps are all clean.
    StateLimit {
        /// The protocol searched.
        protocol: Protocol,
        /// The states explored.
        states: u32,
        /// The depth in steps to which every history was tried.
        depth: u32,
        /// The state limit.
        limit: u32,
    },
    /// The history found did not replay (a bug).
    ReplayFailed {
        /// The step at which the replay failed.
        at_step: u32,
    },
}

/// A count with `lang`'s thousands separators: 300,000.
pub fn thousands(lang: Lang, n: impl Into<u64>) -> String {
    let n: u64 = n.into();
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(lang.group());
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod compare_tests {
    use super::*;
    use replab_core::compare;
    use replab_core::scenario;

    fn timeline(text: &str, p: Protocol) -> replab_core::timeline::Timeline {
        let script = scenario::parse(text).expect("parses");
        scenario::load(&script, Some(p)).expect("loads").timeline
    }

    #[test]
    fn the_data_loss_story_parts_at_a_log_in_both_languages() {
        // The data-loss story: under hw B's quick restart truncates it to its HW.
        let text = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nbounce B\ncrash A\nrestart A\n";
        let (hw, kip101) = (timeline(text, Protocol::Hw), timeline(text, Protocol::Kip101));
        let first = compare::first_difference(&hw, &kip101).expect("they differ");
        let (a, b) = (hw.state_at(first.step), kip101.state_at(first.step));
        let names = Names(&hw.setup().brokers);
        let d = &first.differences[0];
        assert_eq!(
            difference(Lang::EN, &names, d, &a, &b),
            "B's log: empty under hw, m1 m2 under kip-101"
        );
        crate::said!(
            "narrate/the_data_loss_story_parts_at_a_log_in_both_languages",
            |lang| vec![(difference(lang, &names, d, &a, &b)).to_string()]
        );
        assert_eq!(
            first_difference(Lang::EN, first.step, "bounce B"),
            "First difference at step 5 (bounce B)"
        );
    }

    #[test]
    fn logs_with_the_same_values_show_their_epochs() {
        // Under ZooKeeper C's crash bumps the epoch, so m2 is written in epoch 1;
        // under KRaft it stays in epoch 0.
        let text = "brokers A B C\nproduce m1\ncrash C\nproduce m2\n";
        let (zk, kraft) = (
            timeline(text, Protocol::DivergingEpoch),
            timeline(text, Protocol::KraftElr),
        );
        let (a, b) = (zk.head().clone(), kraft.head().clone());
        let names = Names(&zk.setup().brokers);
        let all = compare::differences(&a, &b);
        assert!(all.contains(&compare::Difference::Log { broker: 0 }), "{all:?}");
        assert_eq!(
            difference(Lang::EN, &names, &compare::Difference::Log { broker: 0 }, &a, &b),
            "A's log: m1 (epoch 0) m2 (epoch 1) under diverging-epoch, m1 (epoch 0) m2 (epoch 0) under kraft-elr"
        );
        for d in &all {
            for &lang in Lang::ALL {
                assert!(!difference(lang, &names, d, &a, &b).is_empty());
            }
        }
    }
}

#[cfg(test)]
mod decisive_tests {
    use super::*;
    use replab_core::TruncationRule;

    #[test]
    fn large_counts_have_thousands_separators_and_offsets_do_not() {
        let ids = ["A".to_string(), "B".to_string()];
        let names = Names(&ids);
        let e = Event::Replicated {
            follower: 1,
            from: 0,
            to: 100_000,
        };
        assert_eq!(
            event(Lang::EN, &names, &e),
            "B appends 100,000 records (offsets 0 to 99999)"
        );
        crate::said!(
            "narrate/large_counts_have_thousands_separators_and_offsets_do_not",
            |lang| vec![(event(lang, &names, &e)).to_string()]
        );
    }

    #[test]
    fn a_decisive_event_names_what_it_lost_or_committed() {
        let ids = ["A".to_string(), "B".to_string()];
        let names = Names(&ids);
        let cut = Event::Truncation {
            broker: 1,
            from: 2,
            to: 1,
            rule: TruncationRule::HighWatermark { hw: 1 },
            complete: true,
        };
        let m2 = [Value::from("m2")];
        assert_eq!(
            decisive_event(Lang::EN, &names, &cut, &m2, &[]),
            "B truncates its log from 2 to 1: without leader epochs a new follower truncates to its own high \
             watermark, 1; m2 is gone"
        );
        crate::said!("narrate/a_decisive_event_names_what_it_lost_or_committed", |lang| vec![
            (decisive_event(lang, &names, &cut, &m2, &[])).to_string()
        ]);
        let hw = Event::HighWatermarkChanged {
            broker: 0,
            from: 0,
            to: 2,
        };
        let both = [Value::from("m1"), Value::from("m2")];
        assert_eq!(
            decisive_event(Lang::EN, &names, &hw, &[], &both),
            "A's high watermark moves from 0 to 2; m1, m2 are now committed"
        );
        crate::said!(
            "narrate/a_decisive_event_names_what_it_lost_or_committed-2",
            |lang| vec![(decisive_event(lang, &names, &hw, &[], &both)).to_string()]
        );
    }
}

#[cfg(test)]
mod checker_tests {
    use super::*;

    #[test]
    fn timing_and_rate_in_whole_numbers() {
        assert_eq!(
            checker_timing(Lang::EN, 145_274, 921.6),
            "Took 0.92 s, 157,632 states/s."
        );
        crate::said!("narrate/timing_and_rate_in_whole_numbers", |lang| vec![
            (checker_timing(lang, 300_000, 1_725.0)).to_string()
        ]);
        assert_eq!(checker_rate(Lang::EN, 10, 0.0), "(0 states/s)");
        assert_eq!(checker_under(Lang::EN, Protocol::Kip101, 2, 5), "kip-101 (2 of 5):");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::message::{EpochAnswer, Reply, Request};

    #[test]
    fn message_labels_use_kafkas_names_in_both_languages() {
        let fetch = Request::Fetch {
            offset: 2,
            last_fetched_epoch: Some(0),
            max: None,
        };
        assert_eq!(request_label(Lang::EN, &fetch), "Fetch(offset 2, epoch 0)");
        crate::said!(
            "narrate/message_labels_use_kafkas_names_in_both_languages",
            |lang| vec![(request_label(lang, &fetch)).to_string()]
        );
        let ask = Request::OffsetsForLeaderEpoch { leader_epoch: Some(0) };
        assert_eq!(request_label(Lang::EN, &ask), "OffsetsForLeaderEpoch(epoch 0)");
        let none = Request::OffsetsForLeaderEpoch { leader_epoch: None };
        assert_eq!(request_label(Lang::EN, &none), "OffsetsForLeaderEpoch(no epoch)");
        let answer = |epoch, end_offset| Reply::EpochEndOffset {
            asked: Some(0),
            answer: EpochAnswer { epoch, end_offset },
        };
        assert_eq!(
            reply_label(Lang::EN, &answer(Some(0), Some(1)), &[]),
            "epoch 0 ends at 1"
        );
        assert_eq!(reply_label(Lang::EN, &answer(None, Some(1)), &[]), "epoch 0 ends at 1");
        assert_eq!(reply_label(Lang::EN, &answer(None, None), &[]), "epoch 0: undefined");
        crate::said!(
            "narrate/message_labels_use_kafkas_names_in_both_languages-2",
            |lang| vec![(reply_label(lang, &answer(Some(0), Some(1)), &[])).to_string()]
        );
        let diverging = Reply::DivergingEpoch {
            epoch: 0,
            end_offset: 1,
            high_watermark: 1,
        };
        assert_eq!(reply_label(Lang::EN, &diverging, &[]), "DivergingEpoch(epoch 0, end 1)");
        let records = |count| Reply::Records {
            from: 1,
            count,
            high_watermark: 1,
        };
        let values: Vec<Value> = ["m2", "m3", "m4", "m5"].iter().map(|&v| Value::from(v)).collect();
        assert_eq!(reply_label(Lang::EN, &records(1), &values[..1]), "records m2 · HW 1");
        assert_eq!(
            reply_label(Lang::EN, &records(4), &values),
            "records m2 … m5 (4) · HW 1"
        );
        assert_eq!(reply_label(Lang::EN, &records(0), &[]), "no records · HW 1");
        crate::said!(
            "narrate/message_labels_use_kafkas_names_in_both_languages-3",
            |lang| vec![(reply_label(lang, &records(0), &[])).to_string()]
        );
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;
    use replab_core::scenario::{parse_within_limits, ScriptErrorKind, MAX_TEXT_BYTES};

    #[test]
    fn a_scenario_too_large_to_load_says_its_size_and_the_limit() {
        let e = parse_within_limits(&"#".repeat(MAX_TEXT_BYTES + 1)).expect_err("too long");
        assert_eq!(
            script_error(Lang::EN, &Names(&[]), &e),
            "the scenario is 4.0 MiB (4,194,305 bytes); at most 4.0 MiB (4,194,304 bytes) can be loaded"
        );
        crate::said!(
            "narrate/a_scenario_too_large_to_load_says_its_size_and_the_limit",
            |lang| vec![(script_error(lang, &Names(&[]), &e)).to_string()]
        );
        let steps = ScriptError {
            line: 200_002,
            kind: ScriptErrorKind::TooManySteps {
                steps: 250_000,
                limit: 200_000,
            },
        };
        assert_eq!(
            script_error(Lang::EN, &Names(&[]), &steps),
            "line 200002: the scenario has 250,000 steps; at most 200,000 steps can be loaded"
        );
        crate::said!(
            "narrate/a_scenario_too_large_to_load_says_its_size_and_the_limit-2",
            |lang| vec![(script_error(lang, &Names(&[]), &steps)).to_string()]
        );
    }
}

#[cfg(test)]
mod contract_1_3_tests {
    use super::*;
    use replab_core::event::{AckFailure, LossReason, ShrinkReason};
    use replab_core::message::{EpochAnswer, Reply, Request};

    const IDS: [&str; 3] = ["A", "B", "C"];

    /// `e` in `lang`.
    fn say(lang: Lang, e: &Event) -> String {
        let ids: Vec<String> = IDS.iter().map(|s| s.to_string()).collect();
        event(lang, &Names(&ids), e)
    }

    /// Each case's event in English is its sentence; in the other languages
    /// the file `name` holds them.
    fn says(name: &str, cases: &[(Event, &str)]) {
        for (e, english) in cases {
            assert_eq!(say(Lang::EN, e), *english);
        }
        crate::said!(name, |lang| cases.iter().map(|(e, _)| say(lang, e)).collect());
    }

    #[test]
    fn a_parked_fetch_and_its_loss() {
        let mut cases = Vec::new();
        cases.push((
            Event::FetchParked {
                follower: 1,
                leader: 0,
                offset: 2,
            },
            "B's fetch waits at A for new records (offset 2): A holds it until its next append or the end of \
                 the wait (DelayedFetch)",
        ));
        let lost = |reason| Event::ParkedFetchLost {
            follower: 1,
            offset: 3,
            reason,
        };
        cases.push((
            lost(LossReason::Fenced { epoch: 2 }),
            "B's fetch waiting at the leader (offset 3) ends unanswered: epoch 2 began while it waited (fenced)",
        ));
        cases.push((
            lost(LossReason::FollowerCrashed),
            "B's fetch waiting at the leader (offset 3) is gone: B crashed",
        ));
        cases.push((
            lost(LossReason::LeaderCrashed),
            "B's fetch waiting at the leader (offset 3) is lost with the crashed leader",
        ));
        cases.push((
            lost(LossReason::Dropped),
            "B's fetch waiting at the leader (offset 3) is dropped",
        ));
        says("narrate/a_parked_fetch_and_its_loss", &cases);
    }

    #[test]
    fn the_same_question_again_and_a_hw_held_by_a_replica() {
        let cases =
            vec![(
            Event::AsksAgainUnchanged {
                broker: 1,
                leader_epoch: Some(2),
            },
            "B's truncation removed nothing, so its leader-epoch cache is unchanged: it will send \
                 OffsetsForLeaderEpoch(epoch 2) again, the same question (KAFKA-10706)",
        ), (
            Event::HighWatermarkHeldByReplica {
                broker: 0,
                hw: 2,
                would_be: 3,
                replica: 1,
                replica_leo: 1,
                until_ms: 2500,
            },
            "A's HW would move to 3 but stays at 2: B, outside the ISR but caught up recently, counts with its \
                 log end 1 until 2,500 ms (replica.lag.time.max.ms; KAFKA-4485)",
        )];
        says("narrate/the_same_question_again_and_a_hw_held_by_a_replica", &cases);
    }

    #[test]
    fn a_halt_a_bounce_noticed_and_an_election_not_needed() {
        let cases =
            vec![(
            Event::Halted {
                broker: 0,
                leader: Some(1),
                fetch_offset: 1,
                leader_log_end: 0,
            },
            "A halts: it fetched from offset 1, past the leader's log end 0, and may not truncate records that \
                 may be committed, so its fetcher throws FatalExitError and the broker's process exits, keeping its \
                 whole log",
        ), (
            Event::BounceNoticed { broker: 1 },
            "the controller sees B come back with a new broker epoch: the bounce counts as a crash, then a \
                 restart",
        ), (
            Event::ElectionNotNeeded { broker: 0, epoch: 2 },
            "no election needed: A already leads, in epoch 2 (no new epoch)",
        )];
        says("narrate/a_halt_a_bounce_noticed_and_an_election_not_needed", &cases);
    }

    #[test]
    fn a_write_committed_below_min_isr_and_a_lagging_follower() {
        let mut cases = Vec::new();
        cases.push((
            Event::AckFailed {
                value: Value::from("m1"),
                offset: 0,
                reason: AckFailure::NotEnoughReplicasAfterAppend {
                    leader: 0,
                    isr: 1,
                    min_isr: 2,
                },
            },
            "the producer of m1 (offset 0) gets NOT_ENOUGH_REPLICAS_AFTER_APPEND: m1 is committed, but the ISR \
                 has 1 replica, min.insync.replicas is 2; it stays in the log",
        ));
        let lagged = |since_ms| Event::IsrShrunk {
            broker: 1,
            isr: BrokerSet::only(0),
            reason: ShrinkReason::Lagged {
                since_ms,
                checked_at_ms: 15_000,
            },
        };
        cases.push((
            lagged(Some(0)),
            "B leaves the ISR (now A): at 15,000 ms, when the leader looks for lagging followers, it had not \
                 caught up since 0 ms, longer than replica.lag.time.max.ms",
        ));
        cases.push((
            lagged(None),
            "B leaves the ISR (now A): at 15,000 ms, when the leader looks for lagging followers, it had never \
                 caught up with this leader",
        ));
        says("narrate/a_write_committed_below_min_isr_and_a_lagging_follower", &cases);
    }

    /// The follower has m2, but its HW catches up only on the next fetch: the
    /// answer says so when the fetch moved the leader's HW.
    #[test]
    fn a_records_answer_says_the_hw_the_follower_learns_on_its_next_fetch() {
        let ids: Vec<String> = IDS.iter().map(|s| s.to_string()).collect();
        let names = Names(&ids);
        let records = |high_watermark| Reply::Records {
            from: 1,
            count: 1,
            high_watermark,
        };
        let events = [
            Event::RequestSent {
                follower: 1,
                leader: 0,
                request: Request::Fetch {
                    offset: 1,
                    last_fetched_epoch: None,
                    max: None,
                },
            },
            Event::HighWatermarkChanged {
                broker: 0,
                from: 1,
                to: 2,
            },
            Event::RequestAnswered {
                follower: 1,
                leader: 0,
                reply: records(1),
            },
            Event::ResponseDelivered {
                follower: 1,
                reply: records(1),
            },
        ];
        assert_eq!(
            event_in_step(Lang::EN, &names, &events, 2),
            "A answers B: 1 record from offset 1, HW 1 (A's HW is now 2: B learns it on its next fetch)"
        );
        crate::said!(
            "narrate/a_records_answer_says_the_hw_the_follower_learns_on_its_next_fetch",
            |lang| vec![(event_in_step(lang, &names, &events, 2)).to_string()]
        );
        let all = step_events(Lang::EN, &names, &events);
        assert_eq!(all.len(), 4);
        assert_eq!(all[1], event(Lang::EN, &names, &events[1]));
        assert_eq!(all[3], "the response reaches B");
        // An answer that carries the leader's HW as it is says nothing more.
        let same = [
            events[0].clone(),
            events[1].clone(),
            Event::RequestAnswered {
                follower: 1,
                leader: 0,
                reply: records(2),
            },
        ];
        assert_eq!(
            event_in_step(Lang::EN, &names, &same, 2),
            "A answers B: 1 record from offset 1, HW 2"
        );
        assert_eq!(event_in_step(Lang::EN, &names, &same, 9), "");
        // The same in the lane, from the leader's HW now.
        assert_eq!(
            reply_with_leader_hw(Lang::EN, &names, &records(1), 0, 1, 2),
            "1 record from offset 1, HW 1 (A's HW is now 2: B learns it on its next fetch)"
        );
        assert_eq!(
            reply_with_leader_hw(Lang::EN, &names, &records(2), 0, 1, 2),
            "1 record from offset 1, HW 2"
        );
        let answer = Reply::EpochEndOffset {
            asked: Some(0),
            answer: EpochAnswer {
                epoch: Some(0),
                end_offset: Some(1),
            },
        };
        assert_eq!(
            reply_with_leader_hw(Lang::EN, &names, &answer, 0, 1, 5),
            "epoch 0 ends at offset 1"
        );
        assert_eq!(leader_hw_label(Lang::EN, "A", 2), " (A's HW 2)");
        crate::said!(
            "narrate/a_records_answer_says_the_hw_the_follower_learns_on_its_next_fetch-2",
            |lang| vec![(leader_hw_label(lang, "A", 2)).to_string()]
        );
    }

    #[test]
    fn the_crash_the_controller_sees_after_a_halt_is_told_as_such() {
        let ids: Vec<String> = IDS.iter().map(|s| s.to_string()).collect();
        let names = Names(&ids);
        let crashed = Event::Crashed {
            broker: 0,
            lost_from: None,
            lost: 0,
            noticed: true,
        };
        let events = [
            Event::Halted {
                broker: 0,
                leader: Some(1),
                fetch_offset: 1,
                leader_log_end: 0,
            },
            crashed.clone(),
        ];
        assert_eq!(
            event_in_step(Lang::EN, &names, &events, 1),
            "the controller sees A go: its process exited"
        );
        crate::said!(
            "narrate/the_crash_the_controller_sees_after_a_halt_is_told_as_such",
            |lang| vec![(event_in_step(lang, &names, &events, 1)).to_string()]
        );
        assert_eq!(event_in_step(Lang::EN, &names, &[crashed], 0), "A crashes");
    }

    #[test]
    fn lane_words_for_a_waiting_fetch_and_a_held_hw() {
        assert_eq!(waiting_at(Lang::EN, "A"), "waiting at A for new records");
        crate::said!("narrate/lane_words_for_a_waiting_fetch_and_a_held_hw", |lang| vec![
            (waiting_at(lang, "A")).to_string()
        ]);
        assert_eq!(hw_held_badge(Lang::EN, "B", 35_000), "HW held by B until 35,000 ms");
        crate::said!("narrate/lane_words_for_a_waiting_fetch_and_a_held_hw-2", |lang| vec![
            (hw_held_badge(lang, "B", 35_000)).to_string()
        ]);
    }
}
