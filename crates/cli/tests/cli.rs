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
    assert_eq!(v["leader"], "B");
    assert_eq!(v["leader_epoch"], 1);
    assert_eq!(v["isr"], serde_json::json!(["B"]));
    assert_eq!(v["acked"], serde_json::json!(["m1", "m3"]));
    assert_eq!(
        (&v["brokers"][0]["alive"], &v["brokers"][0]["halted"]),
        (&serde_json::json!(false), &serde_json::json!(true)),
        "A halted on its fetch past B's log end"
    );
    let b = &v["brokers"][1];
    assert_eq!(b["id"], "B");
    assert_eq!(
        (&b["alive"], &b["halted"]),
        (&serde_json::json!(true), &serde_json::json!(false))
    );
    assert_eq!(b["leo"], 1);
    assert_eq!(b["log"], serde_json::json!([{"offset": 0, "epoch": 1, "value": "m3"}]));
    assert_eq!(
        b["epoch_cache"],
        serde_json::json!([]),
        "no leader-epoch cache before 0.11"
    );
    assert_eq!(
        v["violations"],
        serde_json::json!([{"kind": "committed-write-lost", "line": 23, "detail": "m1 at offset 0"}])
    );
    // Contract 1.2 fields: no ELR under ZooKeeper; each broker restarted once.
    assert_eq!(v["elr"], serde_json::json!([]));
    assert_eq!(v["last_known_leader"], serde_json::Value::Null);
    assert_eq!(v["brokers"][0]["broker_epoch"], 1);
    let truncations = v["truncations"].as_array().expect("array");
    assert_eq!(truncations.len(), 2);
    assert_eq!(truncations[0]["broker"], "B");
    assert_eq!(truncations[0]["line"], 19);
    assert_eq!(
        (truncations[0]["from"].as_u64(), truncations[0]["to"].as_u64()),
        (Some(2), Some(0))
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
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/scenarios/data-loss.scn"
    ))
    .expect("readable");
    // Without --lang, the default language; with it, each of the lab's.
    let langs = std::iter::once(None).chain(replab_narrate::Lang::ALL.iter().map(|l| Some(l.code())));
    for lang in langs {
        let mut args = vec!["link", "--protocol", "kip-279", "--step", "3"];
        args.extend(lang.iter().flat_map(|code| ["--lang", code]));
        args.push("web/scenarios/data-loss.scn");
        let o = replab(&args, None);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let shared = replab_share::decode(stdout(&o).trim()).expect("decodes");
        assert_eq!(shared.protocol, replab_core::Protocol::Kip279);
        assert_eq!((shared.step, shared.lang.as_str()), (3, lang.unwrap_or("en")));
        assert_eq!(shared.text, file);
    }
    let o = replab(&["link", "--step", "99", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("past the scenario's end"));
}

#[test]
fn link_with_a_compared_protocol_prints_a_v3_fragment() {
    let o = replab(&["link", "--compare", "kip-101", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let fragment = stdout(&o);
    assert!(fragment.starts_with("v3."), "{fragment}");
    assert!(!replab_share::decode(fragment.trim()).expect("decodes").made_before_1_4);
    let shared = replab_share::decode(fragment.trim()).expect("decodes");
    assert_eq!(shared.protocol, replab_core::Protocol::Hw, "the file's header");
    assert_eq!(shared.compare, Some(replab_core::Protocol::Kip101));
    // Without --compare too: its text is read with the release defaults.
    let o = replab(&["link", "web/scenarios/data-loss.scn"], None);
    assert!(stdout(&o).starts_with("v3."));
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
    let all: Vec<&str> = text.lines().collect();
    // The generations first, then (1.5) every offered release line.
    let lines = &all[..replab_core::Protocol::ALL.len()];
    assert_eq!(all.len(), 5 + 2 + 34, "{text}");
    let releases: Vec<&str> = all[7..].iter().filter_map(|l| l.split_whitespace().next()).collect();
    let offered: Vec<&str> = replab_core::Protocol::releases().map(|p| p.name()).collect();
    assert_eq!(releases, offered);
    assert!(all[7 + 19].contains("KAFKA-15583"), "{text}");
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

/// The scenario printed under a table's violation heading, un-indented.
fn indented_scenario(text: &str, heading: &str) -> String {
    text.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| format!("{}\n", &l[2..]))
        .collect()
}

/// Two brokers with unclean election off under every release, as the recorded
/// figures were made (0.10.2.1 shipped with it on: contract 1.4 rule 1).
const UNCLEAN_OFF: &str = "brokers A B\nset unclean.leader.election.enable=false\n";

#[test]
fn explore_prints_a_table_then_each_violation_as_a_commented_scenario_that_replays() {
    let o = replab(&["explore", "--protocol", "all", "-"], Some(UNCLEAN_OFF));
    assert_eq!(o.status.code(), Some(1), "a violation was found: {}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let columns: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        columns,
        [
            "protocol",
            "states",
            "transitions",
            "depth",
            "search",
            "seconds",
            "states/s"
        ],
        "{text}"
    );
    let rows: Vec<Vec<&str>> = lines[1..6].iter().map(|l| l.split_whitespace().collect()).collect();
    for (row, p) in rows.iter().zip(replab_core::Protocol::ALL) {
        assert_eq!(row[0], p.name(), "{text}");
        for figure in [row[1], row[2], row[3]] {
            assert!(figure.parse::<u64>().is_ok(), "{text}");
        }
        assert!(row[row.len() - 2].parse::<f64>().is_ok(), "{text}");
        assert!(row[row.len() - 1].parse::<f64>().is_ok(), "{text}");
    }
    // hw: 434 states, depth 4, stopped by the violation; kip-279: every state.
    assert_eq!(&rows[0][1..6], ["434", "1111", "4", "cut", "(violation)"], "{text}");
    assert_eq!(&rows[2][4..5], ["complete"], "{text}");
    assert!(text.contains("\nhw: committed-write-lost in 5 steps\n"), "{text}");
    assert!(!text.contains("kip-279: "), "{text}");

    let scenario = indented_scenario(&text, "hw: committed-write-lost in 5 steps");
    let script: Vec<&str> = scenario.lines().collect();
    let bounce = script.iter().position(|l| *l == "bounce B").expect("bounce B");
    assert_eq!(
        script[bounce - 1],
        "# B truncates its log from 1 to 0: without leader epochs a new follower truncates to its own high \
         watermark, 0; m1 is gone",
        "{scenario}"
    );
    assert!(
        script.contains(&"# A's high watermark moves from 0 to 1; m1 is now committed"),
        "{scenario}"
    );
    let replay = replab(&["run", "-"], Some(&scenario));
    assert_eq!(replay.status.code(), Some(0), "{}", stderr(&replay));
}

#[test]
fn explore_json_is_an_object_for_one_protocol_and_an_array_for_all() {
    let o = replab(&["explore", "--json", "--protocol", "hw", "-"], Some(UNCLEAN_OFF));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["protocol"], "hw");
    assert_eq!(
        (v["states"].as_u64(), v["transitions"].as_u64(), v["depth"].as_u64()),
        (Some(434), Some(1111), Some(4))
    );
    assert_eq!(v["complete"], false);
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    let violations = v["violations"].as_array().expect("an array");
    assert_eq!(violations.len(), 1);
    assert_eq!(violations[0]["kind"], "committed-write-lost");
    assert_eq!(violations[0]["length"], 5);

    let o = replab(&["explore", "--json", "--protocol", "all", "-"], Some(UNCLEAN_OFF));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let all: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON array");
    let all = all.as_array().expect("an array");
    let names: Vec<&str> = all.iter().filter_map(|o| o["protocol"].as_str()).collect();
    assert_eq!(names, ["hw", "kip-101", "kip-279", "diverging-epoch", "kraft-elr"]);
    let keys = [
        "complete",
        "depth",
        "protocol",
        "seconds",
        "states",
        "transitions",
        "violations",
    ];
    let mut scripts = 0;
    for o in all {
        let mut have: Vec<&String> = o.as_object().expect("an object").keys().collect();
        have.sort();
        assert_eq!(have, keys, "{o}");
        let found = o["violations"].as_array().expect("an array");
        assert_eq!(o["complete"], found.is_empty(), "{o}");
        for violation in found {
            let script = violation["script"].as_str().expect("a script");
            assert!(script.contains(&format!(
                "expect violation {}\n",
                violation["kind"].as_str().unwrap_or("?")
            )));
            assert!(script.lines().any(|l| l.starts_with("# ")), "{script}");
            let replay = replab(&["run", "-"], Some(script));
            assert_eq!(replay.status.code(), Some(0), "{script}: {}", stderr(&replay));
            scripts += 1;
        }
    }
    assert_eq!(scripts, 2, "hw and kip-101 break with two brokers");
}

#[test]
fn explore_proves_kip_279_safe_within_the_bounds() {
    let o = replab(&["explore", "--protocol", "kip-279", "-"], Some("brokers A B\n"));
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("kip-279") && l.contains(" complete ")),
        "{text}"
    );
}

/// The JSON of an exploration without its timing.
fn untimed(args: &[&str]) -> serde_json::Value {
    let o = replab(args, Some("brokers A B\n"));
    assert_ne!(o.status.code(), Some(2), "{}", stderr(&o));
    let mut v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    v.as_object_mut().expect("an object").remove("seconds");
    v
}

#[test]
fn explore_takes_the_issue_names_and_the_old_ones_alike() {
    let new = untimed(&[
        "explore",
        "--json",
        "--protocol",
        "kraft-elr",
        "--produces",
        "1",
        "--crashes",
        "1",
        "--max-epoch",
        "2",
        "--unflushed",
        "--no-elect",
        "-",
    ]);
    let old = untimed(&[
        "explore",
        "--json",
        "--protocol",
        "kraft-elr",
        "--produces",
        "1",
        "--failures",
        "1",
        "--max-epoch",
        "2",
        "--unflushed-loss",
        "--no-clean-elections",
        "-",
    ]);
    assert_eq!(new, old);
    // The flags do something: without them the search is another.
    let plain = untimed(&[
        "explore",
        "--json",
        "--protocol",
        "kraft-elr",
        "--produces",
        "1",
        "--max-epoch",
        "2",
        "-",
    ]);
    assert_ne!(new["states"], plain["states"]);
    // --unclean, --lag-ticks, --multi-crash, --only and --max-states still parse.
    let o = replab(
        &[
            "explore",
            "--protocol",
            "hw",
            "--unclean",
            "--lag-ticks",
            "--multi-crash",
            "--only",
            "replicas-diverged",
            "--max-states",
            "50",
            "-",
        ],
        Some("brokers A B\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("cut (limit)"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("stopped at the limit of 50 states"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn explore_rejects_bad_bounds_with_a_message_naming_them() {
    let cases: [(&[&str], &str); 7] = [
        (&["--produces", "many"], "--produces takes a whole number, not 'many'"),
        (&["--crashes", "-1"], "--crashes takes a whole number, not '-1'"),
        (&["--max-epoch", "x"], "--max-epoch takes a whole number, not 'x'"),
        (&["--protocol", "nope"], "--protocol: unknown protocol 'nope'"),
        (&["--only", "nope"], "--only: unknown violation kind 'nope'"),
        (&["--frobnicate"], "unknown option '--frobnicate'"),
        (&["--max-states"], "--max-states needs a value"),
    ];
    for (flags, message) in cases {
        let mut args = vec!["explore"];
        args.extend_from_slice(flags);
        if flags.len() > 1 || flags[0] == "--frobnicate" {
            args.push("-");
        }
        let o = replab(&args, Some("brokers A B\n"));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with(message), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{args:?}");
    }
}

#[test]
fn run_compare_names_the_first_difference_and_what_each_protocol_did() {
    let o = replab(&["run", "--compare", "hw,kip-279", "web/scenarios/data-loss.scn"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Data loss: a quick restart, then a leader change", "{text}");
    assert_eq!(lines[1], "line 19: First difference at step 5 (bounce B)", "{text}");
    assert_eq!(lines[2], "  B's log: empty under hw, m1 m2 under kip-279", "{text}");
    let hw = lines.iter().position(|l| *l == "  under hw:").expect("under hw");
    let kip = lines
        .iter()
        .position(|l| *l == "  under kip-279:")
        .expect("under kip-279");
    assert!(
        lines[hw..kip]
            .iter()
            .any(|l| l.starts_with("    B truncates its log from 2 to 0")),
        "{text}"
    );
    assert!(
        lines[kip..]
            .iter()
            .any(|l| l.contains("must first validate its log with OffsetsForLeaderEpoch")),
        "{text}"
    );
}

#[test]
fn run_compare_says_when_there_is_no_difference_or_a_protocol_refuses_a_line() {
    let o = replab(
        &["run", "--compare", "kip-279,diverging-epoch", "-"],
        Some("brokers A B\nproduce m1\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "No difference: kip-279 and diverging-epoch show the same at every step of this history.\n"
    );
    let script = "brokers A B\nproduce m1\nelect B unclean\nproduce m2\n";
    let o = replab(&["run", "--compare", "kip-279,kraft-elr", "-"], Some(script));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("No difference: kip-279 and kraft-elr show the same up to step 1"),
        "{text}"
    );
    assert!(
        text.contains(
            "line 3: Under kraft-elr the comparison stops at step 1: step 2 (elect B unclean) is not possible"
        ),
        "{text}"
    );
}

#[test]
fn run_compare_needs_exactly_two_known_protocols() {
    for (value, message) in [
        ("hw", "--compare takes two protocols, as P1,P2, not 'hw'"),
        ("hw,kip-279,kraft-elr", "--compare takes two protocols"),
        ("hw,nope", "--compare: unknown protocol 'nope'"),
        ("hw,hw", "--compare takes two different protocols"),
    ] {
        let o = replab(&["run", "--compare", value, "web/scenarios/data-loss.scn"], None);
        assert_eq!(o.status.code(), Some(2), "{value}");
        assert!(stderr(&o).starts_with(message), "{value}: {}", stderr(&o));
    }
    let o = replab(
        &[
            "run",
            "--compare",
            "hw,kip-279",
            "--json",
            "web/scenarios/data-loss.scn",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let o = replab(&["run", "--compare"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("--compare needs two protocols"),
        "{}",
        stderr(&o)
    );
}

/// The two-broker matrix at the default bounds: 40 cells, each settled (a
/// violation, or a complete search); every violation's history replays with
/// `replab run` to the same violation at its last step; the seed's claim row
/// and the note on acks=1 are there; exit 0 although cells found violations.
#[test]
fn matrix_settles_every_two_broker_cell_and_each_history_replays() {
    let o = replab(&["matrix", "--brokers", "2", "--json", "-"], Some("brokers A B C\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let cells: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let cells = cells.as_array().expect("an array");
    assert_eq!(cells.len(), 40);
    let mut violations = 0;
    for cell in cells {
        let keys: Vec<&str> = cell
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "complete",
                "failures",
                "megabytes",
                "min_insync",
                "protocol",
                "settled",
                "states",
                "unclean",
                "violation"
            ],
            "{cell}"
        );
        // At two brokers every search consults unclean election: each cell is
        // its own search, and says what it held.
        assert_eq!(cell["settled"], "searched", "{cell}");
        assert!(cell["megabytes"].as_f64().is_some_and(|mb| mb > 0.0), "{cell}");
        assert!(
            ["crash", "unflushed"].contains(&cell["failures"].as_str().unwrap_or("")),
            "{cell}"
        );
        let complete = cell["complete"].as_bool().expect("complete");
        match &cell["violation"] {
            serde_json::Value::Null => assert!(complete, "an unsettled cell: {cell}"),
            v => {
                violations += 1;
                assert!(!complete);
                let script = v["script"].as_str().expect("script");
                let kind = v["kind"].as_str().expect("kind");
                assert!(script.contains(&format!("expect violation {kind}")), "{script}");
                let replay = replab(&["run", "--json", "-"], Some(script));
                assert_eq!(replay.status.code(), Some(0), "{script}\n{}", stderr(&replay));
                let run: serde_json::Value = serde_json::from_slice(&replay.stdout).expect("run JSON");
                // The violation fires at the history's last command (the line
                // before `expect`, comments aside), and only there.
                let lines: Vec<&str> = script.lines().collect();
                let last = lines
                    .iter()
                    .rposition(|l| !l.starts_with('#') && !l.starts_with("expect "))
                    .expect("a command");
                let fired: Vec<(String, u64)> = run["violations"]
                    .as_array()
                    .expect("violations")
                    .iter()
                    .map(|f| {
                        (
                            f["kind"].as_str().unwrap_or("").to_string(),
                            f["line"].as_u64().unwrap_or(0),
                        )
                    })
                    .collect();
                assert_eq!(fired, [(kind.to_string(), last as u64 + 1)], "{script}");
                let commands = lines
                    .iter()
                    .filter(|l| !l.starts_with('#') && !l.starts_with("expect ") && !l.starts_with("title "))
                    .filter(|l| !l.starts_with("protocol ") && !l.starts_with("brokers ") && !l.starts_with("set "))
                    .count();
                assert_eq!(commands as u64, v["length"].as_u64().expect("length"), "{script}");
            }
        }
    }
    assert!(violations > 0 && violations < 40, "{violations}");
    let hw = cells
        .iter()
        .find(|c| c["protocol"] == "hw" && c["min_insync"] == 2 && c["unclean"] == false && c["failures"] == "crash")
        .expect("the claim's hw cell");
    assert_eq!(
        hw["violation"]["kind"], "committed-write-lost",
        "the seed's claim fails under hw"
    );

    let o = replab(&["matrix", "--brokers", "2", "-"], Some("brokers A B\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains(
            "With acks=1 every protocol loses an acknowledged write, in two steps: produce m1 acks=1; crash A"
        ),
        "{text}"
    );
    assert!(text.contains("The seed's claim"), "{text}");
    assert!(text.contains("    kip-279          holds\n"), "{text}");
    assert!(
        text.contains("    hw               does not hold: min.insync.replicas=2, crashes, lost in 5\n"),
        "{text}"
    );
    for &lang in replab_narrate::Lang::ALL {
        let said = replab(&["matrix", "--lang", lang.code(), "-"], Some("brokers A B\n"));
        let claim = replab_narrate::matrix_heading(lang, replab_narrate::MatrixHeading::Claim);
        assert!(stdout(&said).contains(&claim), "{lang:?}: {}", stdout(&said));
    }
    let bad = replab(&["matrix", "--brokers", "3", "-"], Some("brokers A B\n"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("--brokers 3: the scenario's header names 2 broker(s)"),
        "{}",
        stderr(&bad)
    );
}

/// `matrix -o`: the figure as SVG (the table still printed) and as PNG at
/// twice the pixels; `-o -` writes the SVG alone to standard output.
#[test]
fn matrix_draws_its_figure_as_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("replab-matrix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let svg_path = dir.join("m.svg");
    let svg_arg = svg_path.to_string_lossy().into_owned();
    let o = replab(
        &["matrix", "--brokers", "2", "-o", &svg_arg, "-"],
        Some("brokers A B\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("The seed's claim"), "the table is printed too");
    let svg = std::fs::read_to_string(&svg_path).expect("the SVG");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
    assert!(svg.contains(">lost in 5</text>"), "{svg}");
    assert!(svg.contains(">holds</text>"), "{svg}");
    roxmltree::Document::parse(&svg).expect("the SVG parses as XML");

    let png_path = dir.join("m.png");
    let png_arg = png_path.to_string_lossy().into_owned();
    let o = replab(
        &["matrix", "--brokers", "2", "-o", &png_arg, "-"],
        Some("brokers A B\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&png_path).expect("the PNG");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("the PNG decodes");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut pixels).expect("its pixels decode");
    assert!(frame.width > 1000, "{}", frame.width);

    let o = replab(&["matrix", "--brokers", "2", "-o", "-", "-"], Some("brokers A B\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("<svg ") && out.ends_with("</svg>"), "{out}");
    let bad = replab(&["matrix", "-o", "m.gif", "-"], Some("brokers A B\n"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("does not end in .svg or .png"),
        "{}",
        stderr(&bad)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
