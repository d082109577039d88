//! The runner's `--json` output: the final state, the violations and the
//! truncations, in the shape the scenario language fixes.

use replab_core::event::Event;
use replab_core::protocol::ControllerKind;
use replab_core::scenario::Run;
use replab_core::snapshot::Snapshot;
use replab_narrate::{self as narrate, Lang, Names};
use serde_json::{json, Value};

pub fn final_state(run: &Run) -> Value {
    let c = &run.cluster;
    let ids: Vec<String> = c.brokers().iter().map(|b| b.id.clone()).collect();
    let names = Names(&ids);
    let snapshot = Snapshot::of(c, run.steps.iter().map(|s| (s.line, &s.events[..])));
    let mut violations = Vec::new();
    let mut truncations = Vec::new();
    let mut consumer_events = Vec::new();
    for step in &run.steps {
        for e in &step.events {
            match e {
                Event::ViolationFound { violation } => violations.push(json!({
                    "kind": violation.kind().name(),
                    "line": step.line,
                    "detail": narrate::violation_detail(Lang::EN, &names, violation),
                })),
                Event::Truncation {
                    broker, from, to, rule, ..
                } if to < from => truncations.push(json!({
                    "broker": names.get(*broker),
                    "line": step.line,
                    "from": from,
                    "to": to,
                    "reason": narrate::truncation_reason(Lang::EN, rule),
                })),
                _ => {
                    if let Some(e) = consumer_event(step.line, e) {
                        consumer_events.push(e);
                    }
                }
            }
        }
    }
    let mut out = serde_json::to_value(&snapshot).unwrap_or_else(|_| json!({}));
    if let Value::Object(fields) = &mut out {
        fields.insert("violations".into(), Value::Array(violations));
        fields.insert("truncations".into(), Value::Array(truncations));
        fields.insert("consumer_events".into(), Value::Array(consumer_events));
    }
    out
}

/// The object of `final_state` as text, with contract 1.5's `release` and
/// `controller` at its end: a run under a generation's name prints what 1.4
/// printed, then the two.
pub fn final_state_text(run: &Run) -> String {
    let text = final_state(run).to_string();
    let p = run.protocol();
    let controller = match p.controller() {
        ControllerKind::ZooKeeper => "zookeeper",
        ControllerKind::KRaft => "kraft",
    };
    let tail = format!(
        ",\"release\":{},\"controller\":{}}}",
        json!(p.canonical().name()),
        json!(controller)
    );
    match text.strip_suffix('}') {
        Some(head) => format!("{head}{tail}"),
        None => text,
    }
}

/// A consumer's decision as contract 1.4 writes it in `consumer_events`: a
/// truncation detected, a reset, an error raised to the application.
fn consumer_event(line: usize, e: &Event) -> Option<Value> {
    Some(match e {
        Event::TruncationDetected {
            consumer,
            end_offset,
            from,
            epoch,
            moved: true,
            ..
        } => json!({
            "consumer": consumer, "line": line, "kind": "truncation-detected",
            "from": from, "to": end_offset, "epoch": epoch,
        }),
        Event::ConsumerReset {
            consumer,
            cause,
            policy,
            from,
            to: Some(to),
            ..
        } => json!({
            "consumer": consumer, "line": line, "kind": "reset",
            "from": from, "to": to, "policy": policy.name(), "why": cause.name(),
        }),
        Event::ConsumerFailed {
            consumer,
            error,
            at,
            divergent,
        } => json!({
            "consumer": consumer, "line": line, "kind": "error",
            "error": error.name(), "at": at, "divergent": divergent,
        }),
        _ => return None,
    })
}
