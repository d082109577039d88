//! The decision panel's words, step by step, for the presets' histories.

use super::*;
use replab_core::{scenario, Protocol};

fn timeline(text: &str, protocol: Protocol) -> Timeline {
    // Written for the 1.3 defaults (unclean election off under hw).
    let script = scenario::parse(text)
        .expect("parses")
        .pinned_to(replab_core::Config::LANGUAGE_1_3);
    scenario::load(&script, Some(protocol)).expect("loads").timeline
}

/// The rows of the only decision of `step`, as (label, text) in `lang`.
fn only(lang: Lang, t: &Timeline, step: usize) -> (String, Vec<(&'static str, String)>) {
    let mut described = describe(lang, t, step);
    assert_eq!(described.len(), 1, "one decision at step {step}");
    let d = described.remove(0);
    assert!(d.cut.is_none());
    let heading = d.heading(lang);
    (
        heading,
        d.rows.into_iter().map(|(l, text)| (label(lang, l), text)).collect(),
    )
}

// Step 4 crashes follower C: the ZooKeeper controller shrinks the ISR and bumps
// the epoch with A still leader.
const BUMP: &str = "brokers A B C\nproduce m1\nfetch B\nfetch C\ncrash C\nproduce m2\nfetch B\n";

#[test]
fn a_follower_crash_bump_says_what_why_and_what_the_followers_do() {
    let t = timeline(BUMP, Protocol::Hw);
    assert_eq!(history::decision_steps(&t, t.len()).collect::<Vec<_>>(), vec![4]);
    let (heading, rows) = only(Lang::EN, &t, 4);
    assert_eq!(heading, "Leader epoch bump · A");
    assert_eq!(
        rows,
        vec![
            (
                "Cause",
                "C crashed, and the controller removed it from the ISR (now A, B)".to_string()
            ),
            (
                "Rule",
                "the ZooKeeper controller writes a new leader epoch with every ISR change it makes \
                 (LeaderAndIsr.newLeaderAndIsr): A stays leader, in epoch 1"
                    .to_string()
            ),
            (
                "Result",
                "A leads on in epoch 1; before Kafka 0.11 no replica keeps a leader-epoch cache".to_string()
            ),
            (
                "Followers",
                "B keeps following A without checking its log: before Kafka 2.1 the same leader in a new \
                 epoch was not a change (KAFKA-7164)"
                    .to_string()
            ),
        ]
    );
    replab_narrate::said!(
        "view/a_follower_crash_bump_says_what_why_and_what_the_followers_do",
        |lang| said_decisions(vec![only(lang, &t, 4)])
    );
}

// KRaft 3.3–3.5 (PartitionChangeBuilder.triggerLeaderEpochBumpIfNeeded): the
// fencing of C at its crash shrinks the ISR, and that is a new leader epoch.
#[test]
fn a_kraft_3_3_shrink_bump_says_which_release_bumps() {
    let t = timeline(BUMP, Protocol::from_name("kafka-3.3-kraft").expect("offered"));
    let (heading, rows) = only(Lang::EN, &t, 4);
    assert_eq!(heading, "Leader epoch bump · A");
    assert_eq!(rows[0], ("Cause", "C left the ISR (now A, B)".to_string()));
    assert!(
        rows[1]
            .1
            .starts_with("KRaft 3.3–3.5: the controller writes a new leader epoch with every ISR shrink"),
        "{rows:?}"
    );
    // From 3.6 no bump, so no such decision.
    let t = timeline(BUMP, Protocol::from_name("kafka-3.6-kraft").expect("offered"));
    assert!(history::decision_steps(&t, t.len()).all(|s| s != 4));
}

#[test]
fn the_bump_tells_each_generation_s_followers_apart() {
    let followers = |p: Protocol, lang: Lang| {
        let t = timeline(BUMP, p);
        let (_, rows) = only(lang, &t, 4);
        (rows[2].1.clone(), rows[3].1.clone())
    };
    let (leader, b) = followers(Protocol::Kip101, Lang::EN);
    assert_eq!(
        leader,
        "A leads on in epoch 1; as in Kafka 0.11, it records the epoch only with its next write"
    );
    assert!(b.starts_with("B keeps following A without checking its log"), "{b}");
    let (leader, b) = followers(Protocol::Kip279, Lang::EN);
    assert_eq!(
        leader,
        "A leads on in epoch 1 and records it in its leader-epoch cache at once, from offset 1"
    );
    assert_eq!(
        b,
        "B must first validate its log with OffsetsForLeaderEpoch: from Kafka 2.1 every new leader epoch \
         is a change, even with the same leader (KAFKA-7164)"
    );
    let (_, b) = followers(Protocol::DivergingEpoch, Lang::EN);
    assert!(
        b.starts_with("B fetches from its log end, each fetch carrying its latest epoch for A to check"),
        "{b}"
    );
    replab_narrate::said!("view/the_bump_tells_each_generation_s_followers_apart", |lang| {
        let (_, b) = followers(Protocol::Kip279, lang);
        vec![b]
    });
}

// B lags out of the ISR (the leader's check at 45,000 ms finds it not caught
// up since 0 ms); A crashes (offline) and comes back as leader in epoch 1.
const SAME_LEADER: &str = "brokers A B\nset acks=1\nproduce m1\ntick 45000\ncrash A\nrestart A\n";

#[test]
fn a_follower_that_keeps_following_the_same_leader_says_why() {
    let t = timeline(SAME_LEADER, Protocol::Kip101);
    let (heading, rows) = only(Lang::EN, &t, 4);
    assert_eq!(heading, "Same leader, new epoch · B");
    assert_eq!(
        rows,
        vec![
            (
                "Cause",
                "A leads again, in epoch 1: the partition was offline and A, an ISR member, came back".to_string()
            ),
            (
                "Rule",
                "before Kafka 2.1 a follower started over only when the leader changed: the same leader in a \
                 new epoch was not a change (Partition.makeFollower; KAFKA-7164, fixed in 2.1)"
                    .to_string()
            ),
            (
                "Result",
                "B keeps following A without checking its log: its fetcher, and any response in flight, carry on"
                    .to_string()
            ),
            ("Releases", "Kafka 0.11–1.1 with ZooKeeper; changed in 2.1".to_string()),
        ]
    );
    replab_narrate::said!(
        "view/a_follower_that_keeps_following_the_same_leader_says_why",
        |lang| said_decisions(vec![only(lang, &t, 4)])
    );

    // From kip-279 on the same leader in a new epoch is a change: no such decision.
    let t = timeline(SAME_LEADER, Protocol::Kip279);
    assert!(history::decisions_of(&t, 4)
        .iter()
        .all(|d| d.kind != DecisionKind::KeptFollowing));
}

// B crashes (a bump), then A (offline); B restarts without a leader and waits
// (step 6); A comes back and leads, and B starts following (step 7).
const WAIT: &str = "brokers A B\nproduce m1\nfetch B\nfetch B\ncrash B\nproduce m2\ncrash A\nrestart B\nrestart A\n";

#[test]
fn a_broker_that_restarts_without_a_leader_waits_then_follows() {
    let t = timeline(WAIT, Protocol::Kip279);
    assert_eq!(history::decision_steps(&t, t.len()).collect::<Vec<_>>(), vec![8, 7, 4]);
    let (heading, rows) = only(Lang::EN, &t, 7);
    assert_eq!(heading, "Restarted without a leader · B");
    assert_eq!(
        rows[0].1,
        "B restarts from disk (LEO 1, HW 1) while the partition has no leader"
    );
    assert_eq!(rows[2].1, "B keeps its log as it is and waits");
    assert_eq!(
        rows[3],
        (
            "Then",
            "once a leader is elected, B will validate its log with OffsetsForLeaderEpoch first".to_string()
        )
    );
    let (heading, rows) = only(Lang::EN, &t, 8);
    assert_eq!(heading, "A leader to follow at last · B");
    assert_eq!(
        rows[1].1,
        "B had waited for a leader since step 7, its log untouched; only now that a leader is alive does it \
         start following (ReplicaManager.makeFollowers)"
    );
    assert_eq!(
        rows[2].1,
        "B stops waiting, follows A and must first validate its log with OffsetsForLeaderEpoch"
    );
    replab_narrate::said!(
        "view/a_broker_that_restarts_without_a_leader_waits_then_follows-summaries",
        |lang| summaries(lang, &t, 8)
    );
    // Before leader epochs it truncates to its HW instead, shown as a truncation too.
    let t = timeline(WAIT, Protocol::Hw);
    let (_, rows) = only(Lang::EN, &t, 7);
    assert_eq!(
        rows[3].1,
        "once a leader is elected, B will truncate to its own high watermark, 1, then fetch"
    );
    let kinds: Vec<DecisionKind> = describe(Lang::EN, &t, 8).iter().map(|d| d.kind).collect();
    assert_eq!(kinds, vec![DecisionKind::LeaderFound, DecisionKind::Truncation]);
}

/// (heading, rows) of every decision of `step` in `lang`.
/// Decisions as the lines the languages' files hold: each heading, then
/// its rows as `label: text`.
fn said_decisions(all: Vec<(String, Vec<(&'static str, String)>)>) -> Vec<String> {
    all.into_iter()
        .flat_map(|(heading, rows)| std::iter::once(heading).chain(rows.into_iter().map(|(l, t)| format!("{l}: {t}"))))
        .collect()
}

fn all(lang: Lang, t: &Timeline, step: usize) -> Vec<(String, Vec<(&'static str, String)>)> {
    describe(lang, t, step)
        .into_iter()
        .map(|d| {
            (
                d.heading(lang),
                d.rows.into_iter().map(|(l, text)| (label(lang, l), text)).collect(),
            )
        })
        .collect()
}

// Kafka 4.1 with min.insync.replicas=2: C crashes (step 6), B takes m2 and
// shuts down (step 9: A's HW holds), A crashes (step 10: offline, A and B in
// the ELR), B restarts cleanly and leads from the ELR with its HW held (11).
const KRAFT: &str = "protocol kraft-elr\nbrokers A B C\nset min.insync.replicas=2\nproduce m1\nfetch B\nfetch C\n\
                     fetch B\nfetch C\ncrash C\nproduce m2\nfetch B\nshutdown B\ncrash A\nrestart B\n";

#[test]
fn kraft_explains_the_held_hw_the_offline_epoch_and_the_election_from_the_elr() {
    let t = timeline(KRAFT, Protocol::KraftElr);
    assert_eq!(
        history::decision_steps(&t, t.len()).collect::<Vec<_>>(),
        vec![11, 10, 9]
    );
    let (heading, rows) = only(Lang::EN, &t, 9);
    assert_eq!(heading, "High watermark held · A");
    assert_eq!(
        rows,
        vec![
            (
                "Cause",
                "the ISR is A: 1 member, fewer than min.insync.replicas = 2".to_string()
            ),
            (
                "Rule",
                "strict min ISR (Kafka 3.7+, KAFKA-15583): the leader does not move the HW while the ISR has \
                 fewer than min.insync.replicas members, so nothing counts as committed on fewer replicas; \
                 acks=all writes are refused meanwhile"
                    .to_string()
            ),
            (
                "Result",
                "HW held at 1: ISR has 1 of min.insync.replicas 2; A's record at offset 1 stays uncommitted \
                 until the ISR grows back"
                    .to_string()
            ),
            ("Releases", "from Kafka 3.7 with KRaft".to_string()),
        ]
    );
    replab_narrate::said!(
        "view/kraft_explains_the_held_hw_the_offline_epoch_and_the_election_from_the_elr",
        |lang| said_decisions(vec![only(lang, &t, 9)])
    );

    let (heading, rows) = only(Lang::EN, &t, 10);
    assert_eq!(heading, "Partition offline");
    assert_eq!(rows[0], ("Cause", "A, the leader, crashed".to_string()));
    assert!(rows[1].1.starts_with(
        "no eligible replica is up: the partition goes offline, and under KRaft that is a new leader epoch too"
    ));
    assert_eq!(
        rows[2],
        (
            "Result",
            "no leader in epoch 1; ISR: none, ELR: A, B, last known leader: A".to_string()
        )
    );
    assert_eq!(rows[3].0, "Then");
    assert!(
        rows[3].1.starts_with(
            "restarting B would bring a leader back now, restarting A or C would not. In general a leader \
             returns when a broker that may lead restarts: an ISR member; with the ISR empty, an ELR member \
             that shut down cleanly"
        ),
        "{}",
        rows[3].1
    );
    replab_narrate::said!(
        "view/kraft_explains_the_held_hw_the_offline_epoch_and_the_election_from_the_elr-2",
        |lang| said_decisions(vec![only(lang, &t, 10)])
    );

    let en = all(Lang::EN, &t, 11);
    assert_eq!(
        en.iter().map(|(h, _)| h.as_str()).collect::<Vec<_>>(),
        vec!["Elected from the ELR · B", "High watermark held · B"]
    );
    assert_eq!(
        en[0].1,
        vec![
            (
                "Cause",
                "the ISR was empty; the ELR held A, B, and B was the first of them that was up (not fenced)"
                    .to_string()
            ),
            (
                "Rule",
                "with the ISR empty, the KRaft controller elects the first unfenced ELR member, in assignment \
                 order (KIP-966): an ELR member left an ISR that was below min.insync.replicas, where the HW \
                 could not move, so it holds every committed record"
                    .to_string()
            ),
            (
                "Result",
                "B elected from the ELR: the ISR was empty. It leads in epoch 2; the ISR is now B, the ELR A"
                    .to_string()
            ),
            ("Releases", "from Kafka 4.1 with KRaft".to_string()),
        ]
    );
    assert!(en[1].1[2]
        .1
        .starts_with("HW held at 1: ISR has 1 of min.insync.replicas 2"));
    replab_narrate::said!(
        "view/kraft_explains_the_held_hw_the_offline_epoch_and_the_election_from_the_elr-3",
        |lang| said_decisions(all(lang, &t, 11))
    );

    // Earlier decisions are listed by their events' sentences.
    assert_eq!(
        summaries(Lang::EN, &t, 11),
        vec![
            "B becomes leader in epoch 2 (ISR: B): B elected from the ELR: the ISR was empty".to_string(),
            "B's HW is held at 1: the ISR has 1 of min.insync.replicas 2 (strict min ISR, Kafka 3.7+)".to_string(),
        ]
    );
    replab_narrate::said!(
        "view/kraft_explains_the_held_hw_the_offline_epoch_and_the_election_from_the_elr-summaries",
        |lang| summaries(lang, &t, 10)
    );
    // Under ZooKeeper going offline is no decision, and the HW is never held.
    let t = timeline(KRAFT, Protocol::DivergingEpoch);
    assert!(history::decision_steps(&t, t.len()).all(|k| describe(Lang::EN, &t, k)
        .iter()
        .all(|d| !matches!(d.kind, DecisionKind::Offline | DecisionKind::HwHeld))));
}

#[test]
fn kraft_elects_the_last_known_leader_when_isr_and_elr_are_empty() {
    // A crashes last and leads the empty ISR; its unclean restart takes it out
    // of the ELR too, and it comes back as the last known leader.
    let text = "protocol kraft-elr\nbrokers A B\nproduce m1\nfetch B\nfetch B\ncrash B\ncrash A\nrestart A\n";
    let t = timeline(text, Protocol::KraftElr);
    let (heading, rows) = only(Lang::EN, &t, 6);
    assert_eq!(heading, "Elected as last known leader · A");
    assert_eq!(
        rows[0].1,
        "the ISR and the ELR were both empty; A was the leader when the ISR became empty"
    );
    assert_eq!(
        rows[2],
        (
            "Result",
            "A elected as last known leader: no ISR or ELR member was left. It leads in epoch 2, with the ISR \
             just A"
                .to_string()
        )
    );
    replab_narrate::said!(
        "view/kraft_elects_the_last_known_leader_when_isr_and_elr_are_empty",
        |lang| said_decisions(vec![only(lang, &t, 6)])
    );
}

#[test]
fn an_unclean_election_says_which_committed_records_it_loses() {
    let text = "brokers A B\nset unclean.leader.election.enable=true\nproduce m1\nfetch B\nfetch B\ncrash B\n\
                produce m2\ncrash A\nrestart B\n";
    let t = timeline(text, Protocol::Kip279);
    let (heading, rows) = only(Lang::EN, &t, 7);
    assert_eq!(heading, "Unclean election · B");
    assert_eq!(
        rows,
        vec![
            (
                "Cause",
                "the partition was offline with no ISR member up, and B came back".to_string()
            ),
            (
                "Rule",
                "unclean.leader.election.enable is true: the controller may pick a broker outside the ISR, \
                 trading durability for availability; the ISR becomes just that broker"
                    .to_string()
            ),
            (
                "Result",
                "B leads in epoch 2 without the committed m2 (from offset 1): it is lost".to_string()
            ),
        ]
    );
    replab_narrate::said!(
        "view/an_unclean_election_says_which_committed_records_it_loses",
        |lang| said_decisions(vec![only(lang, &t, 7)])
    );

    // Under KRaft the ELR counts too, and going offline is a decision of its own.
    let t = timeline(text, Protocol::KraftElr);
    let kinds: Vec<Vec<DecisionKind>> = [6, 7]
        .iter()
        .map(|&k| describe(Lang::EN, &t, k).iter().map(|d| d.kind).collect())
        .collect();
    assert_eq!(
        kinds,
        vec![vec![DecisionKind::Offline], vec![DecisionKind::UncleanElection]]
    );
    let (_, rows) = only(Lang::EN, &t, 7);
    assert_eq!(
        rows[0].1,
        "the partition was offline with no ISR or ELR member up, and B came back"
    );
    assert!(rows[1]
        .1
        .ends_with(", and the ELR and the last known leader are cleared"));
    // Nothing committed lost: said so.
    let text = "brokers A B\nset unclean.leader.election.enable=true\nproduce m1\nfetch B\nfetch B\ncrash B\n\
                crash A\nrestart B\n";
    let t = timeline(text, Protocol::Kip279);
    let (_, rows) = only(Lang::EN, &t, 6);
    assert_eq!(
        rows[2].1,
        "B leads in epoch 2; its log holds every record committed so far, so nothing committed is lost this time"
    );
}

// Contract 1.3 (the partition's rules as Kafka ran them).

#[test]
fn a_fetch_left_waiting_at_the_leader_is_explained() {
    // Step 3's fetch waits and is answered at once (a round trip): no decision.
    let text = "brokers A B\nproduce m1\nfetch B\nfetch B\nsend B\nproduce m2\n";
    let t = timeline(text, Protocol::DivergingEpoch);
    assert_eq!(history::decision_steps(&t, t.len()).collect::<Vec<_>>(), vec![4]);
    let (heading, rows) = only(Lang::EN, &t, 4);
    assert_eq!(heading, "Fetch waits at the leader · B");
    assert_eq!(
        rows,
        vec![
            (
                "Cause",
                "B fetches from offset 1, A's log end: there is no record for it yet".to_string()
            ),
            (
                "Rule",
                "a fetch that finds no records is not answered at once: the leader holds it (DelayedFetch) \
                 until it appends or replica.fetch.wait.max.ms passes. It has already noted the fetch offset, \
                 which counts for the ISR and the HW"
                    .to_string()
            ),
            (
                "Result",
                "B's fetch waits at A: no response is on its way yet".to_string()
            ),
            (
                "Then",
                "A answers it at its next append, with the new records and its HW then; deliver B ends the \
                 wait now, with no records"
                    .to_string()
            ),
        ]
    );
    replab_narrate::said!("view/a_fetch_left_waiting_at_the_leader_is_explained", |lang| {
        said_decisions(vec![only(lang, &t, 4)])
    });

    assert_eq!(
        summaries(Lang::EN, &t, 4),
        vec![
            "B's fetch waits at A for new records (offset 1): A holds it until its next append or the end of \
             the wait (DelayedFetch)"
                .to_string()
        ]
    );
}

// Kafka 0.11: B, out of the ISR, caught up at 1,500 ms; A's HW waits for it
// from m3 on (step 6), through B's crash, until 2,500 ms.
const HELD: &str = "brokers A B\nset replica.lag.time.max.ms=1000\nproduce m1\ntick 1500\nfetch B max=1\n\
                    produce m2\nfetch B\nproduce m3\ncrash B\ntick 1000\ntick 1\n";

#[test]
fn a_caught_up_replica_outside_the_isr_holds_the_hw_until_its_time() {
    let t = timeline(HELD, Protocol::Kip101);
    assert_eq!(history::decision_steps(&t, t.len()).collect::<Vec<_>>(), vec![6]);
    let (heading, rows) = only(Lang::EN, &t, 6);
    assert_eq!(heading, "High watermark held by a caught-up replica · A");
    assert_eq!(
        rows[0].1,
        "B is outside the ISR but caught up with A within replica.lag.time.max.ms (1,000 ms): its log end, 1, \
         counts for the HW until 2,500 ms"
    );
    assert!(rows[1].1.ends_with("(Partition.maybeIncrementLeaderHW, KAFKA-4485)"));
    // From 3.6 the rule names KAFKA-15021, and B's crash frees the HW at once.
    let t36 = timeline(HELD, Protocol::from_name("kafka-3.6").expect("offered"));
    let (_, rows36) = only(Lang::EN, &t36, 6);
    assert!(rows36[1].1.starts_with("from 3.6 (KAFKA-15021)"), "{rows36:?}");
    assert_eq!(
        (
            t36.state_at(7).hw_held_by_replica(),
            t36.state_at(7).broker(0).map(|b| b.hw())
        ),
        (None, Some(3))
    );
    assert_eq!(
        rows[2],
        (
            "Result",
            "A's HW stays at 2 instead of 3 until B's log end passes 2 or the clock passes 2,500 ms".to_string()
        )
    );
    replab_narrate::said!(
        "view/a_caught_up_replica_outside_the_isr_holds_the_hw_until_its_time",
        |lang| said_decisions(vec![only(lang, &t, 6)])
    );

    // The hold as the lanes show it: from step 6 until the clock passes 2,500 ms.
    let held: Vec<Option<(usize, u64)>> = (5..=9)
        .map(|k| t.state_at(k).hw_held_by_replica().map(|h| (h.replica, h.until_ms)))
        .collect();
    assert_eq!(held, [None, Some((1, 2500)), Some((1, 2500)), Some((1, 2500)), None]);
}

#[test]
fn a_write_committed_below_min_isr_is_answered_with_an_error() {
    let text = "brokers A B\nset min.insync.replicas=2\nset replica.lag.time.max.ms=1000\nproduce m1\ntick 2000\n";
    let t = timeline(text, Protocol::Kip279);
    let (heading, rows) = only(Lang::EN, &t, 2);
    assert_eq!(heading, "Committed, but the producer gets an error · A");
    assert_eq!(
        rows[0].1,
        "A's HW passed m1 while the ISR is A: 1 member, fewer than min.insync.replicas = 2"
    );
    assert!(rows[1].1.contains("NOT_ENOUGH_REPLICAS_AFTER_APPEND"));
    assert_eq!(
        rows[2].1,
        "the producer of m1 gets NOT_ENOUGH_REPLICAS_AFTER_APPEND, yet m1 stays in the log and counts as \
         committed"
    );
    replab_narrate::said!(
        "view/a_write_committed_below_min_isr_is_answered_with_an_error",
        |lang| said_decisions(vec![only(lang, &t, 2)])
    );
}

#[test]
fn a_follower_that_halts_rather_than_truncate() {
    // Kafka 0.10: B's quick restart truncates it (5); A crashes and B leads
    // without m1; A comes back (7) and fetches past B's log end (8).
    let text = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nbounce B\ncrash A\nrestart A\nfetch A\n";
    let t = timeline(text, Protocol::Hw);
    assert_eq!(history::decision_steps(&t, t.len()).collect::<Vec<_>>(), vec![8, 7, 5]);
    let (heading, rows) = only(Lang::EN, &t, 8);
    assert_eq!(heading, "Follower halts · A");
    assert_eq!(
        rows[0].1,
        "A fetched from offset 1, past B's log end, 0 (OffsetOutOfRange)"
    );
    assert!(rows[1].1.contains("FatalExitError"));
    assert_eq!(
        rows[2].1,
        "A is down with its whole log (LEO 1); the controller sees it go, as after a crash, and it stays down \
         until it is restarted"
    );
    replab_narrate::said!(
        "view/a_follower_that_halts_rather_than_truncate",
        |lang| said_decisions(vec![only(lang, &t, 8)])
    );
}

#[test]
fn a_bounce_the_controller_notices_is_a_crash_then_a_restart() {
    let text = "brokers A B\nproduce m1\nfetch B\nbounce B\n";
    let t = timeline(text, Protocol::DivergingEpoch);
    let en = all(Lang::EN, &t, 3);
    assert_eq!(
        en.iter().map(|(h, _)| h.as_str()).collect::<Vec<_>>(),
        vec!["Bounce noticed · B", "Leader epoch bump · A"]
    );
    assert_eq!(en[0].1[0].1, "B crashed and came straight back, in broker epoch 1");
    assert!(en[0].1[1]
        .1
        .starts_with("from Kafka 2.2 the ZooKeeper controller knows each broker's registration epoch (KIP-380)"));
    assert_eq!(
        en[0].1[2].1,
        "B is handled as crashed: it leaves the ISR (now A); then as restarted, it follows the leader again"
    );
    let t = timeline(text, Protocol::KraftElr);
    replab_narrate::said!(
        "view/a_bounce_the_controller_notices_is_a_crash_then_a_restart",
        |lang| said_decisions(vec![only(lang, &t, 3)])
    );

    // Before Kafka 2.2 the controller never sees it.
    let t = timeline(text, Protocol::Kip279);
    assert!(describe(Lang::EN, &t, 3)
        .iter()
        .all(|d| d.kind != DecisionKind::BounceNoticed));
}

#[test]
fn electing_the_leader_is_no_election() {
    let t = timeline("brokers A B\nelect A\n", Protocol::DivergingEpoch);
    let (heading, rows) = only(Lang::EN, &t, 1);
    assert_eq!(heading, "No election needed · A");
    assert_eq!(
        rows,
        vec![
            ("Cause", "elect A: A already leads, in epoch 0".to_string()),
            (
                "Rule",
                "electing the replica that already leads changes nothing: the controller writes no new leader \
                 epoch (from Kafka 2.4 the answer is ELECTION_NOT_NEEDED, KIP-460)"
                    .to_string()
            ),
            (
                "Result",
                "A stays leader in epoch 0; the followers carry on".to_string()
            ),
            ("Releases", "from Kafka 2.2 with ZooKeeper".to_string()),
        ]
    );
    replab_narrate::said!("view/electing_the_leader_is_no_election", |lang| said_decisions(vec![
        only(lang, &t, 1)
    ]));

    // Kafka 2.1.0 makes it leader again in a new epoch.
    let t = timeline("brokers A B\nelect A\n", Protocol::Kip279);
    assert!(describe(Lang::EN, &t, 1)
        .iter()
        .all(|d| d.kind != DecisionKind::ElectionNotNeeded));
}

#[test]
fn a_truncation_that_removes_nothing_in_kafka_2_1_asks_the_same_question_again() {
    let text = "brokers A B C\nset acks=1\nproduce m1\nfetch B\nfetch C\nfetch B\nfetch C\nelect C\nproduce m2\n\
                elect B\nelect C\nfetch B\n";
    let t = timeline(text, Protocol::Kip279);
    let d = describe(Lang::EN, &t, 10);
    assert_eq!(d.len(), 1);
    let rows: Vec<(&str, String)> = d[0]
        .rows
        .iter()
        .map(|(l, r)| (label(Lang::EN, *l), r.clone()))
        .collect();
    assert_eq!(
        rows[3],
        (
            "Result",
            "B keeps its whole log, then asks the same question again (KAFKA-10706)".to_string()
        )
    );
    assert_eq!(
        rows[4],
        (
            "Then",
            "the truncation removed nothing, and Kafka 2.1 then leaves the leader-epoch cache as it is \
             (Log.truncateTo at the log end): B sends OffsetsForLeaderEpoch(epoch 2) again, gets the same \
             answer, and never fetches (KAFKA-10706)"
                .to_string()
        )
    );
    replab_narrate::said!(
        "view/a_truncation_that_removes_nothing_in_kafka_2_1_asks_the_same_question_again",
        |lang| said_decisions(all(lang, &t, 10))
    );
}

// KIP-101 scenario 2 with two consumers: c1's last poll, under 2.8, validates its
// position 2 (epoch 0) at the new leader B and finds epoch 0 ends at 1.
#[test]
fn a_consumer_that_detects_a_truncation_is_explained_as_a_follower_is() {
    let story = include_str!("../../../../web/scenarios/power-loss-two-consumers.scn");
    let t = timeline(story, Protocol::DivergingEpoch);
    let last = t.len();
    let (heading, rows) = only(Lang::EN, &t, last);
    assert_eq!(heading, "Truncation detected by a consumer · c1");
    assert_eq!(
        rows,
        vec![
            ("Question", "c1 polls after a leader change: OffsetsForLeaderEpoch for epoch 0, its position 2's, at leader B".to_string()),
            ("Answer", "epoch 0 ends at offset 1 in B's log".to_string()),
            ("Rule", "KIP-320, the consumer's side, from Kafka 2.3: an end offset below the position means the log the consumer read was truncated (SubscriptionState.maybeCompleteValidation)".to_string()),
            ("Result", "c1's position goes back from 2 to 1, epoch 0: it reads the leader's records from there; nothing reaches the application".to_string()),
            ("Releases", "from Kafka 2.3 with ZooKeeper".to_string()),
        ]
    );
    // Under 2.1 nothing is detected: no decision at that step.
    let t = timeline(story, Protocol::Kip279);
    assert!(describe(Lang::EN, &t, t.len()).is_empty());
}

// The seed's story with a consumer under 0.10: c's fetch from 2 is past the new
// leader's log end, and latest moves it to the leader's HW.
#[test]
fn a_consumer_reset_says_what_it_skips_or_reads_again() {
    let text = "protocol hw\nbrokers A B\nset acks=1\nproduce m1\nproduce m2\nfetch B\nfetch B\nconsume c\ncrash A B@1\nrestart B\nconsume c\n";
    let t = timeline(text, Protocol::Hw);
    let (heading, rows) = only(Lang::EN, &t, t.len());
    assert_eq!(heading, "Consumer position reset · c");
    assert_eq!(
        rows[0].1,
        "c fetches from offset 2, past B's log end, 1 (OFFSET_OUT_OF_RANGE)"
    );
    assert_eq!(
        rows[1].1,
        "auto.offset.reset=latest: ListOffsets at the leader gives its high watermark"
    );
    assert_eq!(rows[2].1, "c's position moves back from 2 to 1: offset 1 is read again");
    // With none, the error raised to the application.
    let t = timeline(
        &text.replace("set acks=1", "set acks=1 auto.offset.reset=none"),
        Protocol::Hw,
    );
    let (heading, rows) = only(Lang::EN, &t, t.len());
    assert_eq!(heading, "Error raised to the application · c");
    assert_eq!(
        rows[1].1,
        "auto.offset.reset=none: the poll throws OffsetOutOfRangeException to the application"
    );
}

/// The decision names the releases whose rule decided it: the HW held below
/// min.insync.replicas is a rule from 3.7, under either controller.
#[test]
fn a_decision_names_the_releases_whose_rule_decided() {
    let text = include_str!("../../../../web/scenarios/frozen-hw-acks-1.scn");
    for (line, from) in [
        ("kafka-3.8", "from Kafka 3.7 with ZooKeeper"),
        ("kafka-4.0", "from Kafka 3.7 with KRaft"),
    ] {
        let script = scenario::parse(text).expect("parses");
        let p = Protocol::from_name(line).expect("a line");
        let t = scenario::load(&script, Some(p)).expect("loads").timeline;
        let held = all(Lang::EN, &t, 8)
            .into_iter()
            .find(|(h, _)| h.starts_with("High watermark held"))
            .unwrap_or_else(|| panic!("{line}: no hold at step 8"));
        let releases = held.1.iter().find(|(l, _)| *l == "Releases").expect("a Releases row");
        assert!(releases.1.starts_with(from), "{line}: {}", releases.1);
    }
}
