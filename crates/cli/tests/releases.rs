//! Contract 1.5 through the runner: the five generation names print what 1.4
//! printed (`before-1.5/`: every 1.4 preset, `scripts/`, under each, as the 1.4
//! runner printed it),
//! release names and their errors, `--protocol releases`, `run --releases`.

use std::process::Output;

mod common;
use common::{replab, stderr, stdout};

const GENERATIONS: [&str; 5] = ["hw", "kip-101", "kip-279", "diverging-epoch", "kraft-elr"];

/// The presets as 1.4 had them (`before-1.5/scripts/`).
fn presets() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/before-1.5/scripts");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("web/scenarios")
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".scn").map(String::from))
        .collect();
    names.sort();
    names
}

fn before(name: &str) -> String {
    let path = format!("{}/tests/before-1.5/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// Rule 2: every preset under each generation name prints 1.4's narration byte
// for byte, and 1.4's JSON object byte for byte, with 1.5's `release` and
// `controller` after its last field.
#[test]
fn the_generation_names_print_what_1_4_printed() {
    let presets = presets();
    assert!(presets.len() >= 22, "{presets:?}");
    for preset in &presets {
        let file = format!("crates/cli/tests/before-1.5/scripts/{preset}.scn");
        for (p, release, controller) in [
            ("hw", "kafka-0.10", "zookeeper"),
            ("kip-101", "kafka-0.11", "zookeeper"),
            ("kip-279", "kafka-2.1", "zookeeper"),
            ("diverging-epoch", "kafka-2.8", "zookeeper"),
            ("kraft-elr", "kafka-4.1", "kraft"),
        ] {
            let o = replab(&["run", "--protocol", p, &file]);
            assert_eq!(stdout(&o), before(&format!("{preset}.{p}.txt")), "{preset} under {p}");
            let o = replab(&["run", "--json", "--protocol", p, &file]);
            assert_eq!(o.status.code(), Some(0), "{preset} {p}: {}", stderr(&o));
            let old = before(&format!("{preset}.{p}.json"));
            let old = old.trim_end().strip_suffix('}').expect("an object");
            let expected = format!("{old},\"release\":\"{release}\",\"controller\":\"{controller}\"}}\n");
            assert_eq!(stdout(&o), expected, "{preset} under {p}");
        }
    }
}

// Rule 1: a generation and its release are one protocol: everything is the
// same but the JSON field `protocol`, which echoes the name given.
#[test]
fn a_release_name_runs_as_its_generation() {
    for (generation, line) in [
        ("hw", "kafka-0.10"),
        ("kip-279", "kafka-2.1"),
        ("kraft-elr", "kafka-4.1"),
        ("kraft-elr", "kafka-4.1-kraft"),
    ] {
        for preset in ["data-loss", "kraft-last-replica-standing", "consumer-saw-data-loss"] {
            let file = format!("web/scenarios/{preset}.scn");
            let (a, b) = (
                replab(&["run", "--protocol", generation, &file]),
                replab(&["run", "--protocol", line, &file]),
            );
            assert_eq!(stdout(&a), stdout(&b), "{preset}: {generation} and {line}");
            let json = |o: &Output| -> serde_json::Value { serde_json::from_str(&stdout(o)).expect("JSON") };
            let (mut a, mut b) = (
                json(&replab(&["run", "--json", "--protocol", generation, &file])),
                json(&replab(&["run", "--json", "--protocol", line, &file])),
            );
            assert_eq!((&a["protocol"], &b["protocol"]), (&generation.into(), &line.into()));
            a["protocol"] = serde_json::Value::Null;
            b["protocol"] = serde_json::Value::Null;
            assert_eq!(a, b, "{preset}: {generation} and {line}");
        }
    }
}

// Rule 1's errors: exit 2, no output, a message naming the protocol and why.
#[test]
fn names_not_offered_are_errors_that_say_why() {
    for (name, why) in [
        ("kafka-2.0", "epoch numbering"),
        ("kafka-2.0-kraft", "epoch numbering"),
        ("kafka-3.2-kraft", "production-ready only from 3.3"),
        ("kafka-3.8-zk", "without a suffix the controller is ZooKeeper"),
        ("kafka-4.0-zookeeper", "from 4.0 there is no ZooKeeper"),
        ("kafka-2.0-zk", "without a suffix the controller is ZooKeeper up to 3.9"),
        ("kafka-5.0", "unknown protocol 'kafka-5.0'"),
        ("kafka-2.8.1", "unknown protocol 'kafka-2.8.1'"),
    ] {
        let o = replab(&["run", "--protocol", name, "web/scenarios/data-loss.scn"]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        assert_eq!(stdout(&o), "", "{name}");
        let e = stderr(&o);
        assert!(e.starts_with("--protocol: "), "{name}: {e}");
        assert!(e.contains(&format!("'{name}'")) && e.contains(why), "{name}: {e}");
        // In a header, the same sentence after its line.
        let script = format!("protocol {name}\nbrokers A B\nproduce m1\n");
        let path = std::env::temp_dir().join(format!("replab-{name}.scn"));
        std::fs::write(&path, script).expect("written");
        let o = replab(&["run", path.to_str().expect("a path")]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        let e = stderr(&o);
        assert!(e.starts_with("line 1: ") && e.contains(why), "{name}: {e}");
    }
    // The list of offered names, in an unknown name's message.
    let o = replab(&["run", "--protocol", "kraft", "web/scenarios/data-loss.scn"]);
    let e = stderr(&o);
    assert!(
        e.contains("kafka-0.10") && e.contains("kafka-4.4") && e.contains("kraft-elr"),
        "{e}"
    );
}

// Rule 5: ELR asked for under a KRaft line before 4.1 names the `set` line,
// when the run starts (so `--protocol` decides it).
#[test]
fn elr_before_4_1_is_an_error_at_its_line() {
    let script = "brokers A B\n# ELR\nset eligible.leader.replicas.version=1\nproduce m1\n";
    let path = std::env::temp_dir().join("replab-elr-1.scn");
    std::fs::write(&path, script).expect("written");
    let path = path.to_str().expect("a path");
    for (p, why) in [
        ("kafka-3.8-kraft", "no production metadata version of 3.x"),
        ("kafka-4.0", "KAFKA-19522"),
    ] {
        let o = replab(&["run", "--protocol", p, path]);
        assert_eq!(o.status.code(), Some(2), "{p}");
        let e = stderr(&o);
        assert!(e.starts_with("line 3: ") && e.contains(why), "{p}: {e}");
    }
    for p in ["kafka-4.1", "kafka-3.8", "kraft-elr"] {
        assert_eq!(replab(&["run", "--protocol", p, path]).status.code(), Some(0), "{p}");
    }
    // Version 0 is allowed under every KRaft line.
    let path0 = std::env::temp_dir().join("replab-elr-0.scn");
    std::fs::write(&path0, script.replace("=1", "=0")).expect("written");
    let o = replab(&["run", "--protocol", "kafka-3.3-kraft", path0.to_str().expect("a path")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

// Rule 8: `release` is the line's canonical name; `settings` carries the ELR
// version under every KRaft line, from the release.
#[test]
fn json_names_the_release_and_controller() {
    for (p, release, controller, elr) in [
        ("kafka-2.3", "kafka-2.3", "zookeeper", None),
        ("kafka-3.9-kraft", "kafka-3.9-kraft", "kraft", Some(0)),
        ("kafka-4.1-kraft", "kafka-4.1", "kraft", Some(1)),
        ("kafka-4.0-kraft", "kafka-4.0", "kraft", Some(0)),
        ("hw", "kafka-0.10", "zookeeper", None),
    ] {
        let o = replab(&["run", "--json", "--protocol", p, "web/scenarios/data-loss.scn"]);
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
        assert_eq!(
            (v["release"].as_str(), v["controller"].as_str()),
            (Some(release), Some(controller))
        );
        assert_eq!(v["protocol"], p);
        if let Some(elr) = elr {
            let s = &v["settings"]["eligible.leader.replicas.version"];
            assert_eq!(
                (s["value"].as_u64(), s["source"].as_str()),
                (Some(elr), Some("release")),
                "{p}"
            );
        }
    }
}

// `--protocol releases` runs every offered line in the table's order, and
// `--protocol all` still means the five generations.
#[test]
fn check_runs_every_release_line() {
    let o = replab(&["check", "--protocol", "releases", "web/scenarios/data-loss.scn"]);
    let out = stdout(&o);
    let tags: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once(" [")?.1.split_once(']').map(|(t, _)| t))
        .collect();
    assert_eq!(tags.len(), 34, "{out}");
    assert_eq!(
        (tags[0], tags[21], tags[22], tags[33]),
        ("kafka-0.10", "kafka-3.9", "kafka-3.3-kraft", "kafka-4.4")
    );
    assert_eq!(o.status.code(), Some(0), "{out}");
    let o = replab(&["check", "--protocol", "all", "web/scenarios/data-loss.scn"]);
    let tags: Vec<String> = stdout(&o)
        .lines()
        .filter_map(|l| Some(l.split_once(" [")?.1.split_once(']')?.0.to_string()))
        .collect();
    assert_eq!(tags, GENERATIONS);
}

// `run --releases`: a line per offered line with the outcome the page's strip shows.
#[test]
fn run_releases_prints_the_strip() {
    let o = replab(&["run", "--releases", "web/scenarios/data-loss.scn"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 34, "{out}");
    assert!(
        lines[0].starts_with("kafka-0.10") && lines[0].contains("committed-write-lost at step 6"),
        "{out}"
    );
    assert!(lines[1..].iter().all(|l| l.contains(" none")), "{out}");
}

// Every preset under every offered line: its expectations hold (a statement
// names the lines it applies under, ranges included).
#[test]
fn every_preset_holds_under_every_release_line() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/scenarios");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("web/scenarios")
        .filter_map(|e| Some(format!("web/scenarios/{}", e.ok()?.file_name().to_str()?)))
        .filter(|f| f.ends_with(".scn"))
        .collect();
    files.sort();
    let mut args = vec!["check", "--protocol", "releases"];
    args.extend(files.iter().map(String::as_str));
    let o = replab(&args);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.ends_with(&format!("check: {} passed, 0 failed\n", files.len() * 34)),
        "{out}"
    );
}

// The two stories only a release tells: what each line comes to.
#[test]
fn the_release_stories_change_where_the_contract_says() {
    let strip = |file: &str| -> Vec<(String, String)> {
        stdout(&replab(&["run", "--releases", file]))
            .lines()
            .filter_map(|l| {
                let mut w = l.split_whitespace();
                Some((w.next()?.to_string(), w.nth(1)?.to_string()))
            })
            .collect()
    };
    // Nothing lost in any release: the HW freeze keeps m2 unread, not lost.
    let frozen = strip("web/scenarios/frozen-hw-acks-1.scn");
    assert_eq!(frozen.len(), 34);
    assert!(frozen.iter().all(|(_, o)| o == "none"), "{frozen:?}");
    // Lost where an unclean election happens; not where the setting waits or is ignored.
    let ignored = strip("web/scenarios/kraft-unclean-ignored.scn");
    let lost: Vec<&str> = ignored
        .iter()
        .filter(|(_, o)| o == "committed-write-lost")
        .map(|(l, _)| l.as_str())
        .collect();
    let mut expected: Vec<String> = (1..=9)
        .map(|m| format!("kafka-2.{m}"))
        .filter(|l| l != "kafka-2.9" && l != "kafka-2.0")
        .collect();
    expected.extend((0..=9).map(|m| format!("kafka-3.{m}")));
    expected.push("kafka-3.9-kraft".into());
    expected.extend((0..=4).map(|m| format!("kafka-4.{m}")));
    assert_eq!(lost, expected.iter().map(String::as_str).collect::<Vec<_>>());
}

// `replab matrix --protocol releases`: a cell per row and offered line, each
// naming its release; a line with another's rules answers as that one's
// search (`same-rules`), and the generations' cells say what the five-column
// table says.
#[test]
fn the_matrix_over_every_release_line() {
    let o = replab(&[
        "matrix",
        "--brokers",
        "2",
        "--protocol",
        "releases",
        "--json",
        "web/built/header.scn",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let cells: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(cells.len(), 34 * 8);
    let key = |c: &serde_json::Value| {
        (
            c["min_insync"].as_u64(),
            c["unclean"].as_bool(),
            c["failures"].as_str().map(String::from),
        )
    };
    let verdict = |c: &serde_json::Value| {
        (
            c["complete"].clone(),
            c["violation"]["kind"].clone(),
            c["violation"]["length"].clone(),
        )
    };
    let of = |line: &str| -> Vec<&serde_json::Value> { cells.iter().filter(|c| c["protocol"] == line).collect() };
    assert_eq!(of("kafka-4.4").len(), 8);
    // 2.4 has 2.3's rules: every cell answered by 2.3's search, alike.
    for (a, b) in of("kafka-2.3").into_iter().zip(of("kafka-2.4")) {
        assert_eq!((key(a), verdict(a)), (key(b), verdict(b)));
        assert_eq!(b["settled"], "same-rules");
    }
    let same = cells.iter().filter(|c| c["settled"] == "same-rules").count();
    assert_eq!(same, (34 - 19) * 8);
    // The generations' cells, as the table of the five says them.
    let o = replab(&["matrix", "--brokers", "2", "--json", "web/built/header.scn"]);
    let five: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).expect("JSON");
    for (generation, line) in [
        ("hw", "kafka-0.10"),
        ("kip-279", "kafka-2.1"),
        ("kraft-elr", "kafka-4.1"),
    ] {
        let g: Vec<_> = five
            .iter()
            .filter(|c| c["protocol"] == generation)
            .map(|c| (key(c), verdict(c)))
            .collect();
        let l: Vec<_> = of(line).into_iter().map(|c| (key(c), verdict(c))).collect();
        assert_eq!(g, l, "{generation} and {line}");
    }
    // The text names what answered a line.
    let o = replab(&[
        "matrix",
        "--brokers",
        "2",
        "--protocol",
        "releases",
        "web/built/header.scn",
    ]);
    assert!(
        stdout(&o).contains("kafka-2.4 (ZooKeeper) = kafka-2.3"),
        "{}",
        stdout(&o)
    );
}

// `replab matrix --protocol releases --replies` writes every line's cell as
// the page ships it (its built tables hold the generations' cells too, as
// lines), and `-o` draws a column a group of lines that answer alike.
#[test]
fn the_matrix_over_every_release_line_as_the_page_ships_it_and_as_a_figure() {
    let dir = std::env::temp_dir().join(format!("replab-releases-matrix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let (replies, svg) = (dir.join("m.json"), dir.join("m.svg"));
    let o = replab(&[
        "matrix",
        "--brokers",
        "2",
        "--protocol",
        "releases",
        "--replies",
        replies.to_str().expect("a path"),
        "-o",
        svg.to_str().expect("a path"),
        "web/built/header.scn",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&replies).expect("the replies")).expect("JSON");
    let cells = table["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 34 * 8);
    let three = cells
        .iter()
        .find(|c| c["protocol"] == "kafka-3.0" && c["reply"]["type"] == "violation")
        .expect("a finding under 3.0");
    assert_eq!(three["settled"], "same-rules");
    assert!(
        three["reply"]["script"]
            .as_str()
            .is_some_and(|s| s.starts_with("protocol kafka-3.0\n")),
        "{three}"
    );
    let svg = std::fs::read_to_string(&svg).expect("the figure");
    let columns = svg.matches(r#"<g class="cell" data-protocol="kafka-3.0""#).count();
    assert_eq!(columns, 8 + 2, "a cell a row and a claim a kind of failure: {svg}");
    assert_eq!(
        svg.matches(r#"data-protocol="kafka-3.1""#).count(),
        0,
        "3.1 is in 3.0's column"
    );
    assert!(
        svg.contains(">3.0–3.3<") && svg.contains(">ZooKeeper · acks=all<"),
        "{svg}"
    );
    assert!(svg.contains("before 3.0 (KIP-679)"), "{svg}");
    let _ = std::fs::remove_dir_all(&dir);
}

// A header setting a release line does not have is refused by the matrix over
// every line, naming its line, as a run under that line refuses it.
#[test]
fn the_matrix_refuses_a_setting_a_line_does_not_have() {
    let file = std::env::temp_dir().join(format!("replab-elr-matrix-{}.scn", std::process::id()));
    std::fs::write(&file, "brokers A B\nset eligible.leader.replicas.version=1\n").expect("written");
    let o = replab(&[
        "matrix",
        "--brokers",
        "2",
        "--protocol",
        "releases",
        file.to_str().expect("a path"),
    ]);
    let _ = std::fs::remove_file(&file);
    assert_ne!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("line 2:") && stderr(&o).contains("kafka-3.3-kraft"),
        "{}",
        stderr(&o)
    );
}
