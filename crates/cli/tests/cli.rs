//! The runner as a user calls it: exit codes, narration, JSON and errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn replab(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_replab"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("replab runs");
    if let Some(text) = stdin {
        // A call refused before it reads its input may exit first: a broken pipe
        // here is that, not a failure (the exit code and output say what happened).
        let _ = child.stdin.take().expect("stdin").write_all(text.as_bytes());
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("output")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn json_output_has_the_contract_shape() {
    let o = replab(&["run", "--json", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["protocol"], "hw");
    assert_eq!(v["leader"], "A");
    assert_eq!(v["leader_epoch"], 1);
    assert_eq!(v["isr"], serde_json::json!(["A", "B"]));
    assert_eq!(v["acked"], serde_json::json!(["m1", "m2"]));
    let b = &v["brokers"][1];
    assert_eq!(b["id"], "B");
    assert_eq!(b["alive"], true);
    assert_eq!(b["leo"], 1);
    assert_eq!(b["log"], serde_json::json!([{"offset": 0, "epoch": 0, "value": "m1"}]));
    assert_eq!(
        b["epoch_cache"],
        serde_json::json!([]),
        "no leader-epoch cache before 0.11"
    );
    assert_eq!(
        v["violations"],
        serde_json::json!([{"kind": "committed-write-lost", "line": 23, "detail": "m2 at offset 1"}])
    );
    // Contract 1.2 fields: no ELR under ZooKeeper; each broker restarted once.
    assert_eq!(v["elr"], serde_json::json!([]));
    assert_eq!(v["last_known_leader"], serde_json::Value::Null);
    assert_eq!(v["brokers"][0]["broker_epoch"], 1);
    let truncations = v["truncations"].as_array().expect("array");
    assert_eq!(truncations.len(), 2);
    assert_eq!(truncations[0]["broker"], "A");
    assert_eq!(truncations[0]["line"], 18);
    assert_eq!(
        (truncations[0]["from"].as_u64(), truncations[0]["to"].as_u64()),
        (Some(2), Some(1))
    );
    assert!(truncations[0]["reason"]
        .as_str()
        .unwrap_or("")
        .contains("high watermark"));
}

#[test]
fn protocol_overrides_the_header_and_narration_explains_truncations() {
    let o = replab(&["run", "--protocol", "kip-279", "web/scenarios/divergence.scn"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("A truncates its log from 2 to 1: the leader says epoch 0 ends at offset 1"),
        "{text}"
    );
}

#[test]
fn a_failed_expectation_exits_1_naming_line_expected_and_found() {
    let script = "brokers A B\nproduce m1\nexpect B log m1\n";
    let o = replab(&["run", "-"], Some(script));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim(),
        "line 3: expected B log m1, found nothing (protocol diverging-epoch)"
    );
}

#[test]
fn an_invalid_script_exits_2_with_no_partial_output() {
    let script = "brokers A B C\nproduce m1\nfetch B\nfetch D\n";
    for json in [false, true] {
        let mut args = vec!["run"];
        if json {
            args.push("--json");
        }
        args.push("-");
        let o = replab(&args, Some(script));
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(stdout(&o), "");
        assert_eq!(stderr(&o).trim(), "line 4: unknown broker 'D'");
    }
    let o = replab(&["run", "-"], Some("brokers A B\nfetch A\n"));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).trim(), "line 2: broker 'A' is the leader");
}

#[test]
fn check_prints_a_line_per_file_and_protocol() {
    let o = replab(&["check", "--protocol", "all", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert_eq!(text.lines().filter(|l| l.starts_with("PASS")).count(), 5, "{text}");
    assert!(text.ends_with("check: 5 passed, 0 failed\n"));
    let o = replab(&["check", "--protocol", "nope", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn link_prints_a_fragment_that_decodes_to_the_file() {
    let o = replab(
        &[
            "link",
            "--protocol",
            "kip-279",
            "--step",
            "3",
            "--lang",
            "zh",
            "web/scenarios/data-loss.scn",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let shared = replab_share::decode(stdout(&o).trim()).expect("decodes");
    assert_eq!(shared.protocol, replab_core::Protocol::Kip279);
    assert_eq!((shared.step, shared.lang.as_str()), (3, "zh"));
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/scenarios/data-loss.scn"
    ));
    assert_eq!(shared.text, file.expect("readable"));
    let o = replab(&["link", "--step", "99", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("past the scenario's end"));
}

#[test]
fn link_with_a_compared_protocol_prints_a_v2_fragment() {
    let o = replab(&["link", "--compare", "kip-101", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let fragment = stdout(&o);
    assert!(fragment.starts_with("v2."), "{fragment}");
    let shared = replab_share::decode(fragment.trim()).expect("decodes");
    assert_eq!(shared.protocol, replab_core::Protocol::Hw, "the file's header");
    assert_eq!(shared.compare, Some(replab_core::Protocol::Kip101));
    // Without --compare the link stays v1, which every page reads.
    let o = replab(&["link", "web/scenarios/data-loss.scn"], None);
    assert!(stdout(&o).starts_with("v1."));
    for (args, message) in [
        (
            &["link", "--compare", "kip-9", "web/scenarios/data-loss.scn"][..],
            "unknown protocol 'kip-9'",
        ),
        (
            &["link", "--compare", "hw", "web/scenarios/data-loss.scn"][..],
            "other than hw",
        ),
        (
            &[
                "link",
                "--protocol",
                "kip-279",
                "--compare",
                "kip-279",
                "web/scenarios/data-loss.scn",
            ][..],
            "other than kip-279",
        ),
        (
            &["link", "web/scenarios/data-loss.scn", "--compare"][..],
            "--compare needs a protocol name",
        ),
    ] {
        let o = replab(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn run_names_the_kafka_releases_its_protocol_stands_for() {
    let o = replab(&["run", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).lines().next(),
        Some("Data loss: a quick restart, then a leader change (protocol hw: Kafka 0.10, ZooKeeper controller)")
    );
    let o = replab(
        &["run", "--protocol", "kip-279", "-"],
        Some("brokers A B\nproduce m1\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(
        text.lines().next(),
        Some("protocol kip-279: Kafka 2.1–2.6, ZooKeeper controller")
    );
    assert!(
        text.lines().nth(1).is_some_and(|l| l.starts_with("line   2: ")),
        "{text}"
    );
    // --json stays as the contract fixes it.
    let o = replab(&["run", "--json", "web/scenarios/data-loss.scn"], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["protocol"], "hw");
}

#[test]
fn protocols_lists_each_with_its_releases() {
    let o = replab(&["protocols"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), replab_core::Protocol::ALL.len(), "{text}");
    for (line, p) in lines.iter().zip(replab_core::Protocol::ALL) {
        assert!(line.starts_with(p.name()), "{line}");
    }
    assert!(lines[0].contains("Kafka 0.10 with the ZooKeeper controller"), "{text}");
    assert!(
        lines[3].contains("Kafka 2.8 to 3.x") && lines[3].contains("KAFKA-10554"),
        "{text}"
    );
    assert_eq!(replab(&["protocols", "extra"], None).status.code(), Some(2));
}

#[test]
fn explore_prints_the_shortest_failure_as_a_scenario_that_replays() {
    let o = replab(&["explore", "--protocol", "hw", "-"], Some("brokers A B\n"));
    assert_eq!(o.status.code(), Some(1), "a violation was found");
    let text = stdout(&o);
    assert!(text.starts_with("hw: committed-write-lost in 5 steps"), "{text}");
    // The printed scenario, un-indented, replays to the same violation.
    let scenario: String = text.lines().skip(1).map(|l| format!("{}\n", l.trim_start())).collect();
    let replay = replab(&["run", "-"], Some(&scenario));
    assert_eq!(replay.status.code(), Some(0), "{}", stderr(&replay));
}

#[test]
fn explore_proves_kip_279_safe_within_the_bounds() {
    let o = replab(&["explore", "--protocol", "kip-279", "-"], Some("brokers A B\n"));
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("kip-279: no violation within the bounds ("),
        "{}",
        stdout(&o)
    );
}

#[test]
fn explore_rejects_bad_bounds_with_a_message() {
    let o = replab(&["explore", "--produces", "many", "-"], Some("brokers A B\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("--produces takes a whole number, not 'many'"),
        "{}",
        stderr(&o)
    );
}
