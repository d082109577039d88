//! The runner's `--json` output: the final state, the violations and the
//! truncations, in the shape the scenario language fixes.

use replab_core::event::Event;
use replab_core::scenario::Run;
use replab_narrate::{self as narrate, Lang, Names};
use serde_json::{json, Value};

pub fn final_state(run: &Run) -> Value {
    let c = &run.cluster;
    let ids: Vec<String> = c.brokers().iter().map(|b| b.id.clone()).collect();
    let names = Names(&ids);
    let brokers: Vec<Value> = c
        .brokers()
        .iter()
        .map(|b| {
            json!({
                "id": b.id,
                "alive": b.is_alive(),
                // Down because its fetcher halted it (0.10/0.11: a fetch past the
                // leader's log end), not because it crashed.
                "halted": b.halted,
                "leo": b.leo(),
                "hw": b.hw(),
                "log": b.durable.log.records(),
                "epoch_cache": b.durable.epoch_cache.entries(),
                "broker_epoch": b.broker_epoch,
            })
        })
        .collect();
    let mut violations = Vec::new();
    let mut truncations = Vec::new();
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
                _ => {}
            }
        }
    }
    json!({
        "protocol": run.protocol().name(),
        "leader": c.leader().map(|l| names.get(l)),
        "leader_epoch": c.leader_epoch(),
        "isr": c.isr().iter().map(|b| names.get(b)).collect::<Vec<_>>(),
        "elr": c.elr().iter().map(|b| names.get(b)).collect::<Vec<_>>(),
        "last_known_leader": c.last_known_leader().map(|l| names.get(l)),
        "brokers": brokers,
        "acked": c.acked(),
        "violations": violations,
        "truncations": truncations,
    })
}
