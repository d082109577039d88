//! The messages between the page and the worker. Both ways they are plain JS
//! objects written with serde-wasm-bindgen (`to_js`): the worker reads the
//! request with it too (`from_js`); the page reads replies with `SearchReply::read`,
//! which the wasm tests hold to serde's field names.
//!
//! The page sends one `SearchRequest`; the worker answers `{ type: "ready" }` once it
//! listens, then `{ type: "progress", … }` after each slice of the search, then
//! one final reply (`SearchReply::is_final`). To stop a run the page terminates the
//! worker; a new run starts a new one.

use replab_check::matrix::Verdict;
use replab_core::scenario::found_history_text;
use replab_core::{Setup, ViolationKind};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// Page → worker: explore from a scenario's setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchRequest {
    /// Scenario text: its header (brokers, leader, `set` lines) is the setup;
    /// its commands, if any, are not used.
    pub scenario: String,
    /// The protocol to explore under, by name (`hw`, `kip-279`, …); it wins over
    /// the header's.
    pub protocol: String,
    pub bounds: Bounds,
    /// The language the page speaks, by code: the one a refusal is worded in
    /// (`SearchReply::Invalid`). Left out or unknown: English.
    #[serde(default)]
    pub lang: String,
    /// A cell of the safety matrix: its row's settings (min.insync.replicas,
    /// unclean election, kind of failure) set on the header's setup, acks=all
    /// (`replab_check::matrix::explorer`). Left out: the header as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matrix: Option<Row>,
}

/// A row of the safety matrix, as the page sends it.
pub use replab_check::matrix::{Failures, Row, Settled};

/// The explorer's bounds, as the page sets them (`only` left out: either kind of
/// violation ends the search).
pub use replab_check::Bounds;

/// Worker → page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", rename_all_fields = "camelCase")]
pub enum SearchReply {
    /// The worker has loaded and listens: the page sends its request now (a
    /// message sent earlier could arrive before anyone listens).
    Ready,
    /// After a slice: distinct states seen, states waiting to be expanded, and the
    /// number of steps from the start of the states being expanded.
    Progress { states: u32, frontier: u32, depth: u32 },
    /// A shortest history that breaks a safety check (`kind`, e.g.
    /// `committed-write-lost`), as scenario text that loads and replays it:
    /// no words, so that the page titles and comments it in its language
    /// (`replab_view::found`).
    Violation {
        kind: ViolationKind,
        steps: u32,
        states: u32,
        script: String,
    },
    /// Every history within the bounds was tried: none breaks a safety check.
    NoViolation { states: u32, depth: u32 },
    /// The state limit was reached: no violation in histories up to `depth` steps.
    StateLimit { states: u32, depth: u32, limit: u32 },
    /// The search held more memory than its budget (`Bounds::max_bytes`), in
    /// megabytes: no violation in histories up to `depth` steps.
    OverBudget { states: u32, depth: u32, megabytes: u32 },
    /// A matrix cell's search settles another cell too (`settled`: how), whose
    /// answer is `reply` (`replab_check::matrix::settles`). Sent right after
    /// the cell's own final reply.
    Settles {
        min_insync: u32,
        unclean: bool,
        failures: Failures,
        settled: Settled,
        reply: Box<SearchReply>,
    },
    /// What a search held at most, in megabytes: sent right before its final
    /// reply.
    Memory { megabytes: u32 },
    /// The request cannot be run (its scenario does not parse, its protocol is
    /// unknown, its setup is not explorable), worded in the request's language.
    /// The page's own scenarios always parse: this is a page and a worker out
    /// of step.
    Invalid { message: String },
    /// The history found did not replay to the same violation: a bug.
    ReplayFailed { at_step: u32 },
}

impl SearchReply {
    /// A cell's verdict as the worker replies it, for a cell searched from
    /// `setup` (`matrix::setup`): a violation's history as wordless scenario
    /// text. The runner writes the built tables' replies with it.
    pub fn of_verdict(setup: &Setup, verdict: &Verdict) -> SearchReply {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        match verdict {
            Verdict::Violation { kind, trace, states } => SearchReply::Violation {
                kind: *kind,
                steps: count(trace.len()),
                states: count(*states),
                script: found_history_text(None, setup, trace, &[], Some(*kind)),
            },
            Verdict::Safe { states, depth } => SearchReply::NoViolation {
                states: count(*states),
                depth: count(*depth),
            },
            Verdict::Unfinished { states, depth } => SearchReply::StateLimit {
                states: count(*states),
                depth: count(*depth),
                limit: count(*states),
            },
            Verdict::Failed => SearchReply::ReplayFailed { at_step: 0 },
        }
    }

    /// Whether the run is over after this reply.
    pub fn is_final(&self) -> bool {
        !matches!(
            self,
            SearchReply::Ready
                | SearchReply::Progress { .. }
                | SearchReply::Settles { .. }
                | SearchReply::Memory { .. }
        )
    }

    /// Reads a reply the worker posted (with `to_js`), as the page does: a few
    /// property reads, so the page's first download carries no deserializer
    /// (serde-wasm-bindgen's would add about 21 KiB gzipped to it). The wasm
    /// tests check it against `to_js` for every kind of reply. None: not a reply.
    pub fn read(object: &JsValue) -> Option<SearchReply> {
        let get = |key: &str| js_sys::Reflect::get(object, &JsValue::from_str(key)).ok();
        let text = |key: &str| get(key)?.as_string();
        let number = |key: &str| {
            get(key)?
                .as_f64()
                .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n))
                .map(|n| n as u32)
        };
        Some(match text("type")?.as_str() {
            "ready" => SearchReply::Ready,
            "progress" => SearchReply::Progress {
                states: number("states")?,
                frontier: number("frontier")?,
                depth: number("depth")?,
            },
            "violation" => SearchReply::Violation {
                kind: ViolationKind::from_name(&text("kind")?)?,
                steps: number("steps")?,
                states: number("states")?,
                script: text("script")?,
            },
            "no-violation" => SearchReply::NoViolation {
                states: number("states")?,
                depth: number("depth")?,
            },
            "state-limit" => SearchReply::StateLimit {
                states: number("states")?,
                depth: number("depth")?,
                limit: number("limit")?,
            },
            "over-budget" => SearchReply::OverBudget {
                states: number("states")?,
                depth: number("depth")?,
                megabytes: number("megabytes")?,
            },
            "memory" => SearchReply::Memory {
                megabytes: number("megabytes")?,
            },
            "settles" => SearchReply::Settles {
                min_insync: number("minInsync")?,
                unclean: get("unclean")?.as_bool()?,
                failures: match text("failures")?.as_str() {
                    "crash" => Failures::Crash,
                    "unflushed" => Failures::Unflushed,
                    _ => return None,
                },
                settled: Settled::from_name(&text("settled")?)?,
                reply: Box::new(SearchReply::read(&get("reply")?).filter(SearchReply::is_final)?),
            },
            "invalid" => SearchReply::Invalid {
                message: text("message")?,
            },
            "replay-failed" => SearchReply::ReplayFailed {
                at_step: number("atStep")?,
            },
            _ => return None,
        })
    }
}

/// A message as a plain JS object.
pub fn to_js<T: Serialize>(message: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    message.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
}

/// A message from a plain JS object.
pub fn from_js<T: for<'de> Deserialize<'de>>(value: JsValue) -> Result<T, serde_wasm_bindgen::Error> {
    serde_wasm_bindgen::from_value(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_defaults_are_the_explorers() {
        assert_eq!(
            Bounds::with_limit(300_000),
            replab_check::Bounds {
                max_states: Some(300_000),
                ..replab_check::Bounds::default()
            }
        );
        // Fields the page leaves out take the explorer's defaults.
        let b: Bounds = serde_json::from_value(json!({ "maxStates": 10 })).expect("deserializes");
        assert_eq!(b, Bounds::with_limit(10));
    }

    /// The shape the page and the worker agree on (serde-wasm-bindgen writes
    /// the same fields and tags as serde_json; the wasm test converts for real).
    #[test]
    fn messages_are_tagged_objects_with_camel_case_fields() {
        let request = SearchRequest {
            scenario: "brokers A B\n".into(),
            protocol: "hw".into(),
            bounds: Bounds::with_limit(10),
            matrix: None,
            lang: "en".into(),
        };
        assert_eq!(
            serde_json::to_value(&request).expect("serializes"),
            json!({
                "scenario": "brokers A B\n",
                "protocol": "hw",
                "bounds": {
                    "maxProduces": 2, "maxFailures": 2, "maxEpoch": 3,
                    "cleanElections": true, "uncleanElections": false, "unflushedLoss": false,
                    "lagTicks": false, "multiCrashes": false, "consumers": 0, "only": null, "maxStates": 10,
                    "maxBytes": null
                },
                "lang": "en"
            })
        );
        let replies = [
            (SearchReply::Ready, json!({ "type": "ready" })),
            (
                SearchReply::Progress {
                    states: 1,
                    frontier: 2,
                    depth: 3,
                },
                json!({ "type": "progress", "states": 1, "frontier": 2, "depth": 3 }),
            ),
            (
                SearchReply::StateLimit {
                    states: 4,
                    depth: 5,
                    limit: 4,
                },
                json!({ "type": "state-limit", "states": 4, "depth": 5, "limit": 4 }),
            ),
            (
                SearchReply::ReplayFailed { at_step: 2 },
                json!({ "type": "replay-failed", "atStep": 2 }),
            ),
            (
                SearchReply::OverBudget {
                    states: 9,
                    depth: 3,
                    megabytes: 512,
                },
                json!({ "type": "over-budget", "states": 9, "depth": 3, "megabytes": 512 }),
            ),
            (
                SearchReply::Settles {
                    min_insync: 3,
                    unclean: false,
                    failures: Failures::Crash,
                    settled: Settled::Covered,
                    reply: Box::new(SearchReply::NoViolation { states: 7, depth: 2 }),
                },
                json!({ "type": "settles", "minInsync": 3, "unclean": false, "failures": "crash",
                    "settled": "covered", "reply": { "type": "no-violation", "states": 7, "depth": 2 } }),
            ),
        ];
        for (reply, shape) in replies {
            assert_eq!(serde_json::to_value(&reply).expect("serializes"), shape);
            assert_eq!(
                serde_json::from_value::<SearchReply>(shape).expect("deserializes"),
                reply
            );
        }
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod wasm_tests {
    use super::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    fn field(object: &JsValue, name: &str) -> JsValue {
        js_sys::Reflect::get(object, &name.into()).expect("an object")
    }

    #[wasm_bindgen_test]
    fn a_request_is_a_plain_object_and_converts_back() {
        let request = SearchRequest {
            scenario: "brokers A B\nprotocol hw\n".into(),
            protocol: "hw".into(),
            bounds: Bounds::with_limit(300_000),
            matrix: None,
            lang: "en".into(),
        };
        let js = to_js(&request).expect("converts");
        assert!(js.is_object());
        assert!(!js.is_instance_of::<js_sys::Map>(), "a plain object, not a Map");
        assert_eq!(field(&js, "protocol").as_string().as_deref(), Some("hw"));
        let bounds = field(&js, "bounds");
        assert_eq!(field(&bounds, "maxStates").as_f64(), Some(300_000.0));
        assert_eq!(field(&bounds, "cleanElections").as_bool(), Some(true));
        assert_eq!(from_js::<SearchRequest>(js).expect("converts back"), request);
    }

    #[wasm_bindgen_test]
    fn a_reply_from_the_worker_converts_both_ways() {
        let reply = SearchReply::Violation {
            kind: ViolationKind::CommittedWriteLost,
            steps: 5,
            states: 798,
            script: "brokers A B\nexpect violation committed-write-lost\n".into(),
        };
        let js = to_js(&reply).expect("converts");
        assert_eq!(field(&js, "type").as_string().as_deref(), Some("violation"));
        assert_eq!(field(&js, "steps").as_f64(), Some(5.0));
        assert_eq!(from_js::<SearchReply>(js).expect("converts back"), reply);
    }

    /// The page's reader agrees with serde-wasm-bindgen on every kind of reply.
    #[wasm_bindgen_test]
    fn the_page_reads_every_reply_the_worker_writes() {
        let replies = [
            SearchReply::Ready,
            SearchReply::Progress {
                states: 300_000,
                frontier: 2,
                depth: 9,
            },
            SearchReply::Violation {
                kind: ViolationKind::ReplicasDiverged,
                steps: 7,
                states: 8_875,
                script: "brokers A B C\nproduce m1\n".into(),
            },
            SearchReply::NoViolation {
                states: 16_004,
                depth: 12,
            },
            SearchReply::StateLimit {
                states: 300_000,
                depth: 9,
                limit: 300_000,
            },
            SearchReply::Invalid {
                message: "line 3: unknown verb".into(),
            },
            SearchReply::ReplayFailed { at_step: 4 },
            SearchReply::OverBudget {
                states: 2_000_000,
                depth: 14,
                megabytes: 512,
            },
            SearchReply::Memory { megabytes: 37 },
            SearchReply::Settles {
                min_insync: 2,
                unclean: true,
                failures: Failures::Crash,
                settled: Settled::Twin,
                reply: Box::new(SearchReply::Violation {
                    kind: ViolationKind::CommittedWriteLost,
                    steps: 6,
                    states: 5_235,
                    script: "brokers A B C\nproduce m1\n".into(),
                }),
            },
        ];
        for reply in replies {
            let js = to_js(&reply).expect("converts");
            assert_eq!(SearchReply::read(&js).as_ref(), Some(&reply));
        }
        // Not a reply: no type, an unknown type, a field missing or not a count.
        let object = js_sys::Object::new();
        assert_eq!(SearchReply::read(&object), None);
        js_sys::Reflect::set(&object, &"type".into(), &"no-violation".into()).expect("set");
        js_sys::Reflect::set(&object, &"states".into(), &16004.into()).expect("set");
        assert_eq!(SearchReply::read(&object), None);
        js_sys::Reflect::set(&object, &"depth".into(), &(-1).into()).expect("set");
        assert_eq!(SearchReply::read(&object), None);
        js_sys::Reflect::set(&object, &"depth".into(), &12.into()).expect("set");
        assert_eq!(
            SearchReply::read(&object),
            Some(SearchReply::NoViolation {
                states: 16004,
                depth: 12
            })
        );
        js_sys::Reflect::set(&object, &"type".into(), &"what".into()).expect("set");
        assert_eq!(SearchReply::read(&object), None);
    }
}
