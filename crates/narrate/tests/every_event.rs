//! Every event of every preset, under every protocol, narrates in both languages.

use replab_core::scenario;
use replab_core::Protocol;
use replab_narrate::{event, Lang, Names};

#[test]
fn every_preset_event_has_an_english_and_a_chinese_sentence() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/scenarios");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("presets") {
        let path = entry.expect("entry").path();
        let script = scenario::parse(&std::fs::read_to_string(&path).expect("read")).expect("parses");
        let names = Names(&script.brokers);
        for p in Protocol::ALL {
            let run = scenario::run(&script, Some(p)).expect("runs");
            for e in run.steps.iter().flat_map(|s| s.events.iter()) {
                let en = event(Lang::En, &names, e);
                let zh = event(Lang::Zh, &names, e);
                assert!(!en.is_empty() && en.is_ascii(), "{en}");
                assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{zh}");
                count += 1;
            }
        }
    }
    assert!(count > 500, "{count} events narrated");
}

#[test]
fn script_errors_name_their_line_in_both_languages() {
    let e = scenario::parse("brokers A B\nfetch D").expect_err("unknown broker");
    let names = Names(&[]);
    assert_eq!(
        replab_narrate::script_error(Lang::En, &names, &e),
        "line 2: unknown broker 'D'"
    );
    assert_eq!(
        replab_narrate::script_error(Lang::Zh, &names, &e),
        "第 2 行：未知 broker 'D'"
    );
}
