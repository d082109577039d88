//! Every event of every preset, under every protocol, narrates in every language.

use replab_core::scenario;
use replab_core::Event;
use replab_core::Protocol;
use replab_narrate::{event, Lang, Names};

#[test]
fn every_preset_event_has_a_sentence_in_every_language() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/scenarios");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("presets") {
        let path = entry.expect("entry").path();
        let script = scenario::parse(&std::fs::read_to_string(&path).expect("read")).expect("parses");
        let names = Names(&script.brokers);
        for p in Protocol::ALL {
            let run = scenario::run(&script, Some(p)).expect("runs");
            for e in run.steps.iter().flat_map(|s| s.events.iter()) {
                let en = event(Lang::EN, &names, e);
                assert!(!en.is_empty() && en.is_ascii(), "{en}");
                // Every other language has a sentence of its own.
                for &lang in &Lang::ALL[1..] {
                    let other = event(lang, &names, e);
                    assert!(!other.is_empty() && other != en, "{lang:?}: {other}");
                }
                count += 1;
            }
        }
    }
    assert!(count > 500, "{count} events narrated");
}

/// Contract 1.1's events, which the presets need not all show: C's crash bumps the
/// epoch with A still leader (B keeps following under `hw` and `kip-101`); B and C
/// restart while the partition is offline and wait; A's recovery trims its epoch
/// checkpoint (from `kip-279` on, where it recorded epoch 2 at its log end) and it
/// leads again.
const CONTRACT_1_1: &str = "brokers A B C\nset acks=1\nproduce m1\nfetch B\nfetch C\nfetch B\nfetch C\n\
    crash C\nproduce m2\nelect B\nproduce m3\ncrash B@2\ncrash A\nrestart B\nrestart C\nrestart A\nfetch B\nfetch C\n";

#[test]
fn contract_1_1_events_have_a_sentence_in_every_language() {
    use replab_core::event::ElectionReason;
    let script = scenario::parse(CONTRACT_1_1)
        .expect("parses")
        .pinned_to(replab_core::Config::LANGUAGE_1_3);
    let names = Names(&script.brokers);
    let mut seen = [false; 4];
    for p in Protocol::ALL {
        let run = scenario::run(&script, Some(p)).expect("runs");
        for e in run.steps.iter().flat_map(|s| s.events.iter()) {
            let kind = match e {
                Event::LeaderElected {
                    reason: ElectionReason::FollowersCrashed,
                    ..
                } => 0,
                Event::KeptFollowing { .. } => 1,
                Event::BecameFollower { leader: None, .. } => 2,
                Event::EpochsTrimmed { .. } => 3,
                _ => continue,
            };
            seen[kind] = true;
            let en = event(Lang::EN, &names, e);
            assert!(!en.is_empty() && en.is_ascii(), "{en}");
            // Every other language has a sentence of its own.
            for &lang in &Lang::ALL[1..] {
                let other = event(lang, &names, e);
                assert!(!other.is_empty() && other != en, "{lang:?}: {other}");
            }
        }
    }
    assert_eq!(seen, [true; 4], "bump, kept following, waiting, epochs trimmed");
    let kept = Event::KeptFollowing {
        broker: 1,
        leader: 0,
        epoch: 1,
    };
    assert_eq!(
        event(Lang::EN, &names, &kept),
        "B keeps following A in epoch 1 without checking its log: before Kafka 2.1 the same leader in a new epoch \
         was not a change (KAFKA-7164)"
    );
    replab_narrate::said!(
        "narrate/contract_1_1_events_have_a_sentence_in_every_language",
        |lang| vec![(event(lang, &names, &kept)).to_string()]
    );
}

/// Every row the decision panel can show beyond truncations, in every language.
#[test]
fn every_decision_row_has_a_sentence_in_every_language() {
    use replab_core::event::{ElectionReason, EpochRecord, FollowerNext};
    use replab_core::BrokerSet;
    use replab_narrate::{explain, Explain};
    let names = Names(&["A".into(), "B".into(), "C".into()]);
    let moves = [
        FollowerNext::KeepFollowing,
        FollowerNext::Validate,
        FollowerNext::FetchChecked,
        FollowerNext::TruncateToHw { hw: 1, from: 2 },
        FollowerNext::TruncateToHw { hw: 2, from: 2 },
        FollowerNext::Fetch,
    ];
    let reason = ElectionReason::CameBack { unclean: false };
    let mut rows = vec![
        Explain::BumpCause {
            crashed: BrokerSet::only(2),
            isr: BrokerSet::all(2),
        },
        Explain::BumpRule { leader: 0, epoch: 1 },
        Explain::NoFollowerRunning,
        Explain::SameLeaderCause {
            leader: 0,
            epoch: 1,
            reason: &ElectionReason::FollowersCrashed,
        },
        Explain::SameLeaderCause {
            leader: 0,
            epoch: 1,
            reason: &reason,
        },
        Explain::SameLeaderRule,
        Explain::KeptFollowingResult { follower: 1, leader: 0 },
        Explain::WaitingCause {
            broker: 1,
            leo: 2,
            hw: 1,
        },
        Explain::WaitingRule,
        Explain::WaitingResult { broker: 1 },
        Explain::LeaderFoundCause {
            leader: 0,
            epoch: 2,
            reason: &reason,
        },
        Explain::LeaderFoundRule { broker: 1, since: 7 },
    ];
    for record in [
        EpochRecord::AtOnce { offset: 1 },
        EpochRecord::WithNextWrite,
        EpochRecord::NoCache,
    ] {
        rows.push(Explain::BumpLeader {
            leader: 0,
            epoch: 1,
            record,
        });
    }
    for reaction in moves {
        rows.push(Explain::BumpFollower {
            follower: 1,
            leader: 0,
            next: reaction,
        });
        rows.push(Explain::WaitingNext {
            broker: 1,
            next: reaction,
        });
        rows.push(Explain::LeaderFoundResult {
            follower: 1,
            leader: 0,
            next: reaction,
        });
    }
    // KRaft elections, unclean elections, going offline, a held high watermark.
    let unclean = [
        ElectionReason::UncleanAfterFailure,
        ElectionReason::CameBack { unclean: true },
        ElectionReason::Requested { unclean: true },
    ];
    let lost: Vec<replab_core::Value> = vec!["m2".into(), "m3".into()];
    rows.extend([
        Explain::ElrElectionCause {
            leader: 1,
            elr: BrokerSet::all(2),
        },
        Explain::ElrElectionCause {
            leader: 1,
            elr: BrokerSet::only(1),
        },
        Explain::ElrElectionRule,
        Explain::ElrElectionResult {
            leader: 1,
            epoch: 2,
            isr: BrokerSet::only(1),
            elr: BrokerSet::only(0),
        },
        Explain::ElrElectionResult {
            leader: 1,
            epoch: 2,
            isr: BrokerSet::only(1),
            elr: BrokerSet::default(),
        },
        Explain::LastKnownLeaderCause { leader: 0 },
        Explain::LastKnownLeaderRule,
        Explain::LastKnownLeaderResult { leader: 0, epoch: 2 },
        Explain::OfflineCause {
            previous: 0,
            shut_down: false,
        },
        Explain::OfflineCause {
            previous: 0,
            shut_down: true,
        },
        Explain::OfflineRule,
        Explain::OfflineResult {
            epoch: 1,
            isr: BrokerSet::default(),
            elr: BrokerSet::all(2),
            last_known_leader: Some(0),
        },
        Explain::HwHeldCause {
            isr: BrokerSet::only(1),
            min_isr: 2,
        },
        Explain::HwHeldRule,
    ]);
    for (has_elr, unclean) in [(true, false), (true, true), (false, false), (false, true)] {
        for (able, unable) in [
            (BrokerSet::only(1), BrokerSet::only(0).union(BrokerSet::only(2))),
            (BrokerSet::all(3), BrokerSet::default()),
            (BrokerSet::default(), BrokerSet::all(2)),
        ] {
            rows.push(Explain::OfflineNext {
                able,
                unable,
                has_elr,
                unclean,
            });
        }
    }
    for (hw, leo) in [(1, 1), (1, 2), (1, 3)] {
        rows.push(Explain::HwHeldResult {
            leader: 1,
            hw,
            leo,
            isr: 1,
            min_isr: 2,
        });
    }
    for reason in &unclean {
        for kraft in [false, true] {
            for previous in [None, Some(0)] {
                rows.push(Explain::UncleanCause {
                    leader: 1,
                    previous,
                    reason,
                    kraft,
                });
            }
            rows.push(Explain::UncleanRule {
                requested: matches!(reason, ElectionReason::Requested { .. }),
                kraft,
            });
        }
    }
    for (lost, from) in [(&lost[..1], Some(1)), (&lost[..], Some(1)), (&lost[..0], None)] {
        rows.push(Explain::UncleanResult {
            leader: 1,
            epoch: 2,
            lost,
            from,
        });
    }
    for row in &rows {
        let en = explain(Lang::EN, &names, row);
        assert!(!en.is_empty() && en.is_ascii(), "{en}");
        // Every other language has a sentence of its own.
        for &lang in &Lang::ALL[1..] {
            let other = explain(lang, &names, row);
            assert!(!other.is_empty() && other != en, "{lang:?}: {other}");
        }
    }
    assert_eq!(
        explain(Lang::EN, &names, &rows[0]),
        "C crashed, and the controller removed it from the ISR (now A, B)"
    );
    let next = Explain::OfflineNext {
        able: BrokerSet::only(1),
        unable: BrokerSet::only(0).union(BrokerSet::only(2)),
        has_elr: false,
        unclean: false,
    };
    assert_eq!(
        explain(Lang::EN, &names, &next),
        "restarting B would bring a leader back now, restarting A or C would not. In general a leader returns \
         when an ISR member restarts"
    );
    replab_narrate::said!(
        "narrate/every_decision_row_has_a_sentence_in_every_language",
        |lang| vec![(explain(lang, &names, &next)).to_string()]
    );
    replab_narrate::said!(
        "narrate/every_decision_row_has_a_sentence_in_every_language-2",
        |lang| vec![(explain(lang, &names, &rows[0])).to_string()]
    );
}

/// Each protocol names the Kafka releases it stands for, in every language.
#[test]
fn every_protocol_names_its_releases() {
    use replab_narrate::{protocol_note, protocol_option, releases, stands_for};
    for p in Protocol::ALL {
        for &lang in Lang::ALL {
            let r = releases(lang, p);
            assert!(r.contains("Kafka "), "{r}");
            assert!(protocol_option(lang, p).contains(p.name()));
            assert!(protocol_option(lang, p).contains(&r));
            assert!(stands_for(lang, p).contains(&r));
            assert!(protocol_note(lang, p).contains("Kafka "));
        }
        assert!(protocol_note(Lang::EN, p).is_ascii(), "{}", protocol_note(Lang::EN, p));
    }
    // Every release line: its version, and what changed since the row before
    // in every language; a generation's line by either name says the same.
    for p in Protocol::releases() {
        for &lang in Lang::ALL {
            let changes = replab_narrate::release_changes(lang, p);
            assert!(!changes.is_empty(), "{} in {}", p.name(), lang.code());
            assert!(releases(lang, p).contains(p.release().version), "{}", p.name());
            assert_eq!(protocol_note(lang, p), protocol_note(lang, p.shown()), "{}", p.name());
            if !p.is_generation() {
                assert!(protocol_note(lang, p).contains(changes), "{}", p.name());
            }
            assert!(replab_narrate::release_option(lang, p).contains(p.release().version));
        }
    }
    assert_eq!(
        protocol_note(Lang::EN, Protocol::from_name("kafka-3.7").expect("offered")),
        "Kafka 3.7 (3.7.0–3.7.2) with the ZooKeeper controller: the HW does not move while the ISR is below \
         min.insync.replicas, which is capped by the replica count, for acks=all too (KAFKA-15583)"
    );
    assert_eq!(
        protocol_option(Lang::EN, Protocol::from_name("kafka-0.10").expect("offered")),
        "hw (Kafka 0.10)"
    );
    assert_eq!(protocol_option(Lang::EN, Protocol::Hw), "hw (Kafka 0.10)");
    assert_eq!(releases(Lang::EN, Protocol::Kip101), "Kafka 0.11");
    assert_eq!(
        stands_for(Lang::EN, Protocol::Kip279),
        "Kafka 2.1–2.6, ZooKeeper controller"
    );
    replab_narrate::said!("narrate/every_protocol_names_its_releases", |lang| vec![(stands_for(
        lang,
        Protocol::DivergingEpoch
    ))
    .to_string()]);
    assert!(protocol_note(Lang::EN, Protocol::DivergingEpoch).contains("KAFKA-10554"));
}

#[test]
fn script_errors_name_their_line_in_every_language() {
    let e = scenario::parse("brokers A B\nfetch D").expect_err("unknown broker");
    let names = Names(&[]);
    assert_eq!(
        replab_narrate::script_error(Lang::EN, &names, &e),
        "line 2: unknown broker 'D'"
    );
    replab_narrate::said!("narrate/script_errors_name_their_line_in_every_language", |lang| vec![
        (replab_narrate::script_error(lang, &names, &e)).to_string()
    ]);
}
