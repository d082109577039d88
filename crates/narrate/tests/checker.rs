//! The checker panel's sentences: counts with separators, and what holds only
//! within the bounds, in every language.

use replab_core::config::Settings;
use replab_core::{Protocol, Setting, Setup, ViolationKind};
use replab_narrate::{checker_limit, checker_outcome, checker_progress, checker_setup, CheckerOutcome, Lang};

#[test]
fn a_violation_names_its_kind_steps_and_states() {
    let o = CheckerOutcome::Violation {
        protocol: Protocol::Hw,
        kind: ViolationKind::CommittedWriteLost,
        steps: 5,
        states: 798,
    };
    let en = checker_outcome(Lang::EN, &o);
    assert!(
        en.starts_with("committed-write-lost in 5 steps (798 states explored)."),
        "{en}"
    );
    assert!(en.contains("no shorter history"), "{en}");
    replab_narrate::said!("narrate/a_violation_names_its_kind_steps_and_states", |lang| vec![
        checker_outcome(lang, &o)
    ]);
}

#[test]
fn no_violation_says_it_holds_within_the_bounds() {
    let o = CheckerOutcome::NoViolation {
        protocol: Protocol::Kip279,
        states: 16004,
        depth: 12,
    };
    assert_eq!(
        checker_outcome(Lang::EN, &o),
        "No violation within these bounds: no history of up to 12 steps breaks a safety check under kip-279 \
         (16,004 states explored). Beyond the bounds (more records, more failures, a higher epoch, other kinds \
         of step) one may still exist."
    );
    replab_narrate::said!("narrate/no_violation_says_it_holds_within_the_bounds", |lang| vec![
        (checker_outcome(lang, &o)).to_string()
    ]);
    let limit = CheckerOutcome::StateLimit {
        protocol: Protocol::Kip279,
        states: 300_000,
        depth: 9,
        limit: 300_000,
    };
    assert!(checker_outcome(Lang::EN, &limit).starts_with("Stopped at the limit of 300,000 states"));
    replab_narrate::said!("narrate/no_violation_says_it_holds_within_the_bounds-2", |lang| vec![
        (checker_outcome(lang, &limit)).to_string()
    ]);
    assert!(checker_limit(Lang::EN, 1_234_567).contains("1,234,567 states"));
}

#[test]
fn progress_and_setup() {
    assert_eq!(
        checker_progress(Lang::EN, 120_000, 8, false),
        "Exploring: 120,000 states so far. No history of up to 8 steps breaks a safety check; trying 9 steps…"
    );
    assert_eq!(
        checker_progress(Lang::EN, 53_331, 6, true),
        "Cancelled after 53,331 states: no history of up to 6 steps breaks a safety check; longer ones were not all tried."
    );
    assert_eq!(
        checker_progress(Lang::EN, 0, 0, true),
        "Cancelled before the checker had tried anything."
    );
    replab_narrate::said!("narrate/progress_and_setup", |lang| vec![(checker_progress(
        lang, 999, 3, true
    ))
    .to_string()]);
    replab_narrate::said!("narrate/progress_and_setup-2", |lang| vec![(checker_progress(
        lang, 999, 3, false
    ))
    .to_string()]);
    let setup = Setup {
        brokers: vec!["A".into(), "B".into()],
        leader: 1,
        settings: Settings::from_lines(&[Setting::MinInsyncReplicas(2)]),
        protocol: Protocol::Hw,
    };
    assert_eq!(
        checker_setup(Lang::EN, &setup),
        "hw (Kafka 0.10) · brokers A, B · leader B · min.insync.replicas=2"
    );
    replab_narrate::said!("narrate/progress_and_setup-3", |lang| vec![(checker_setup(
        lang, &setup
    ))
    .to_string()]);
}
