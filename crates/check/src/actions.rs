//! The steps tried from a state, in a fixed order so that a run is deterministic
//! and an action is named by its index alone: the model's own menu
//! (`Cluster::enabled`, the one source of what may happen next) within the
//! bounds, then the steps the bounds add, each accepted by `Cluster::check`.

use crate::bounds::{Bounds, Spent};
use replab_core::{BrokerIx, Cluster, Command, CrashTarget, Value};
use std::sync::OnceLock;

/// The value the next produce writes: m1, m2, … in order of production, so two
/// histories that wrote the same number of records name them alike.
pub fn next_value(spent: Spent) -> Value {
    // The first few made once: the search asks at every state.
    static FIRST: OnceLock<Vec<Value>> = OnceLock::new();
    let first = FIRST.get_or_init(|| (1..=16).map(|k| Value::from(format!("m{k}"))).collect());
    first
        .get(spent.produces as usize)
        .copied()
        .unwrap_or_else(|| Value::from(format!("m{}", spent.produces + 1)))
}

/// Every step tried from `cluster`, in order.
pub fn actions(cluster: &Cluster, spent: Spent, bounds: &Bounds) -> Vec<Command> {
    let mut out = cluster.enabled_where(&next_value(spent), |c| bounds.allows(c, spent));
    let brokers = cluster.brokers().len();
    let mut extra = Vec::new();
    if bounds.unflushed_loss {
        for b in 0..brokers {
            for t in lossy_targets(cluster, b) {
                extra.push(Command::Crash { targets: vec![t] });
            }
            for t in lossy_targets(cluster, b) {
                extra.push(Command::Bounce { target: t });
            }
        }
    }
    if bounds.multi_crashes {
        for x in 0..brokers {
            for y in (0..brokers).filter(|&y| y != x) {
                for tx in targets(cluster, x, bounds.unflushed_loss) {
                    for ty in targets(cluster, y, bounds.unflushed_loss) {
                        extra.push(Command::Crash { targets: vec![tx, ty] });
                    }
                }
            }
        }
    }
    for i in 0..bounds.consumers {
        extra.push(Command::Consume {
            consumer: crate::bounds::consumer_name(i),
            max: None,
        });
    }
    if bounds.lag_ticks {
        // Past the lag time, to the next run of the leader's isr-expiration task
        // (every replica.lag.time.max.ms / 2), so the clock's phase stays 0 and
        // states that differ only in it do not multiply.
        let lag = cluster.config().replica_lag_time_max_ms;
        let period = (lag / 2).max(1);
        let now = cluster.now_ms();
        let ms = period
            .saturating_mul(now.saturating_add(lag) / period + 1)
            .saturating_sub(now);
        extra.push(Command::Tick { ms });
    }
    out.extend(
        extra
            .into_iter()
            .filter(|c| bounds.allows(c, spent) && cluster.check(c).is_ok()),
    );
    out
}

/// `b@offset` for every offset below its log end.
fn lossy_targets(cluster: &Cluster, b: BrokerIx) -> impl Iterator<Item = CrashTarget> {
    let leo = cluster.broker(b).map_or(0, |x| x.leo());
    (0..leo).map(move |o| CrashTarget {
        broker: b,
        unflushed_from: Some(o),
    })
}

/// `b`, then `b@offset` for every offset below its log end when `lossy`.
fn targets(cluster: &Cluster, b: BrokerIx, lossy: bool) -> Vec<CrashTarget> {
    let mut ts = vec![CrashTarget {
        broker: b,
        unflushed_from: None,
    }];
    if lossy {
        ts.extend(lossy_targets(cluster, b));
    }
    ts
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::{Protocol, Setup};

    #[test]
    fn the_start_offers_the_menu_within_the_default_bounds() {
        let c = Cluster::new(&Setup::of(&["A", "B"], Protocol::DivergingEpoch));
        let a = actions(&c, Spent::default(), &Bounds::default());
        let lines: Vec<String> = a
            .iter()
            .map(|c| replab_core::scenario::command_line(&["A".into(), "B".into()], c))
            .collect();
        assert_eq!(
            lines,
            [
                "produce m1",
                "crash A",
                "shutdown A",
                "elect A",
                "fetch B",
                "send B",
                "crash B",
                "shutdown B",
                "bounce B",
                "elect B",
            ]
        );
    }

    #[test]
    fn unflushed_loss_and_multi_crashes_add_their_steps_in_order() {
        let mut c = Cluster::new(&Setup::of(&["A", "B"], Protocol::DivergingEpoch));
        c.apply(&Command::Produce {
            value: Value::from("m1"),
            acks: None,
        })
        .expect("produce");
        let bounds = Bounds {
            unflushed_loss: true,
            multi_crashes: true,
            lag_ticks: true,
            ..Bounds::default()
        };
        let spent = Spent {
            produces: 1,
            failures: 0,
        };
        let names = ["A".to_string(), "B".to_string()];
        let lines: Vec<String> = actions(&c, spent, &bounds)
            .iter()
            .map(|c| replab_core::scenario::command_line(&names, c))
            .collect();
        let extra: Vec<&str> = lines
            .iter()
            .map(String::as_str)
            .skip_while(|l| *l != "crash A@0")
            .collect();
        assert_eq!(
            extra,
            [
                "crash A@0",
                "crash A B",
                "crash A@0 B",
                "crash B A",
                "crash B A@0",
                "tick 45000"
            ],
            "A holds m1 (the leader cannot bounce); B's log is empty; the tick reaches the first \
             isr-expiration run past the lag time (every 15,000 ms)"
        );
    }
}
