//! Malformed scripts: each gives one clear error naming its line, and nothing runs.

use replab_core::scenario::{self, ScriptErrorKind as K};

fn error_of(text: &str) -> (usize, K) {
    match scenario::parse(text) {
        Ok(script) => match scenario::run(&script, None) {
            Err(e) => (e.line, e.kind),
            Ok(_) => panic!("expected an error for:\n{text}"),
        },
        Err(e) => (e.line, e.kind),
    }
}

#[test]
fn malformed_scripts_name_their_line() {
    let cases: Vec<(&str, usize, K)> = vec![
        (
            "brokers A B\nproduce m1\nfetch D",
            3,
            K::UnknownBroker { id: "D".into() },
        ),
        ("brokers A B\nexplode A", 2, K::UnknownVerb { verb: "explode".into() }),
        ("produce m1\nbrokers A", 1, K::MissingBrokers),
        ("brokers A B C D E F G H", 1, K::BrokerCount { count: 8 }),
        ("brokers A A", 1, K::DuplicateBroker { id: "A".into() }),
        ("brokers 1A", 1, K::BadBrokerId { id: "1A".into() }),
        (
            "brokers A\nproduce m1\nprotocol hw",
            3,
            K::HeaderAfterAction {
                verb: "protocol".into(),
            },
        ),
        (
            "protocol kip-999\nbrokers A",
            1,
            K::UnknownProtocol { name: "kip-999".into() },
        ),
        (
            "brokers A\nset min.isr=2",
            2,
            K::UnknownSetting { key: "min.isr".into() },
        ),
        (
            "brokers A\nset min.insync.replicas=zero",
            2,
            K::BadSettingValue {
                key: "min.insync.replicas".into(),
                value: "zero".into(),
            },
        ),
        ("brokers A\nset acks", 2, K::BadSetSyntax { text: "acks".into() }),
        (
            "brokers A B\n\n# comment\nfetch",
            4,
            K::MissingArgument {
                verb: "fetch".into(),
                what: "broker".into(),
            },
        ),
        (
            "brokers A B\nrestart B now",
            2,
            K::UnexpectedArgument {
                verb: "restart".into(),
                arg: "now".into(),
            },
        ),
        ("brokers A\nproduce m/1", 2, K::BadValue { value: "m/1".into() }),
        (
            "brokers A\ntick -5",
            2,
            K::BadNumber {
                what: "milliseconds".into(),
                text: "-5".into(),
            },
        ),
        ("brokers A\nproduce m1 acks=2", 2, K::BadAcks { text: "2".into() }),
        ("brokers A B\ncrash B@", 2, K::BadCrashTarget { text: "B@".into() }),
        (
            "brokers A\nexpect A size 3",
            2,
            K::UnknownExpectation { what: "size".into() },
        ),
        (
            "brokers A\nexpect violation data-loss",
            2,
            K::UnknownViolationKind {
                kind: "data-loss".into(),
            },
        ),
        ("title\nbrokers A", 1, K::EmptyTitle),
        (
            "brokers A\nleader B\nproduce m1",
            2,
            K::UnknownBroker { id: "B".into() },
        ),
        (
            "brokers A B\nbrokers A",
            2,
            K::DuplicateHeader { verb: "brokers".into() },
        ),
        (
            "brokers A B\nfetch B max=0",
            2,
            K::BadNumber {
                what: "max".into(),
                text: "0".into(),
            },
        ),
        (
            "brokers A B\nunder hw,v9 fetch B",
            2,
            K::UnknownProtocol { name: "v9".into() },
        ),
        ("# nothing but a comment", 1, K::MissingBrokers),
    ];
    assert!(cases.len() >= 10);
    for (text, line, kind) in cases {
        assert_eq!(error_of(text), (line, kind), "for:\n{text}");
    }
}

#[test]
fn commands_the_model_refuses_are_script_errors_with_their_line() {
    use replab_core::CommandError as C;
    let cases = [
        ("brokers A B\nfetch A", 2, C::IsLeader { broker: 0 }),
        ("brokers A B\ncrash B\nfetch B", 3, C::BrokerDown { broker: 1 }),
        ("brokers A B\ndeliver B", 2, C::NothingInFlight { follower: 1 }),
        ("brokers A B\nsend B\nfetch B", 3, C::AlreadyInFlight { follower: 1 }),
        ("brokers A B\nrestart B", 2, C::BrokerAlreadyUp { broker: 1 }),
        ("brokers A B\nbounce A", 2, C::IsLeader { broker: 0 }),
        ("brokers A B\ncrash B B", 2, C::DuplicateTarget { broker: 1 }),
        ("brokers A B\ncrash B\nelect B", 3, C::BrokerDown { broker: 1 }),
    ];
    for (text, line, error) in cases {
        assert_eq!(error_of(text), (line, K::Command { error }), "for:\n{text}");
    }
}

#[test]
fn comments_and_blank_lines_are_ignored_and_tabs_separate() {
    let s = scenario::parse("# hello\n\ntitle  My # not part of the title\nbrokers\tA\tB   # two\nproduce\tm1")
        .expect("parses");
    assert_eq!(s.title.as_deref(), Some("My"));
    assert_eq!(s.brokers, vec!["A", "B"]);
    assert_eq!(s.statements.len(), 1);
    assert_eq!(s.statements[0].line, 5);
}
