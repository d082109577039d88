//! What the rule tests share: a cluster from a script, one more statement, and
//! the histories more than one contract's rules start from.

// Each test file uses its own share of these.
#![allow(dead_code)]

use replab_core::event::Event;
use replab_core::scenario::{self, Outcome};
use replab_core::{Cluster, Protocol};

/// The cluster after `text` under `protocol`, every expectation met.
pub fn cluster(protocol: Protocol, text: &str) -> Cluster {
    let script = scenario::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    let r = scenario::run(&script, Some(protocol)).unwrap_or_else(|e| panic!("{}: {e:?}", protocol.name()));
    assert!(
        matches!(r.outcome, Outcome::Passed { .. }),
        "{}: {:?}",
        protocol.name(),
        r.outcome
    );
    r.cluster
}

/// The events of one more statement.
pub fn step(c: &mut Cluster, statement: &str) -> Vec<Event> {
    let ids: Vec<&str> = c.brokers().iter().map(|b| b.id.as_str()).collect();
    let script = scenario::parse(&format!("brokers {}\n{statement}", ids.join(" "))).expect("parses");
    let (_, command) = script.commands_under(c.protocol()).next().expect("a command");
    c.apply(&command.clone()).expect("applies")
}

/// A leads in epoch 1 with m1 m3 after C, which held m1 m2, led; B diverges at 1.
pub const B_DIVERGES: &str = "brokers A B C
    set acks=1 replica.lag.time.max.ms=1000
    produce m1
    produce m2
    fetch B
    fetch C max=1
    elect C
    produce m3
    fetch A
    fetch A
    tick 2000";
