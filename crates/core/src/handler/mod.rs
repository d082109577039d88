//! The partition's roles, one handler each: the producer, the leader, the
//! followers and the controller. A handler borrows the partition state and the
//! command's event list for one step, changes the one and pushes onto the other;
//! `Cluster::apply` picks the handler for a command.

pub(crate) mod consumer;
pub(crate) mod controller;
pub(crate) mod follower;
pub(crate) mod leader;
pub(crate) mod producer;

use crate::event::Event;

pub(crate) type Out = Vec<Event>;

#[cfg(test)]
pub(crate) mod testing {
    use crate::cluster::Cluster;
    use crate::command::Command;
    use crate::event::{ElectionReason, EpochRecord, Event, ShrinkReason};
    use crate::scenario;
    use crate::Value;

    /// The cluster after running `script`'s setup and statements.
    pub fn cluster(script: &str) -> Cluster {
        let parsed = scenario::parse(script).unwrap_or_else(|e| panic!("{e:?}"));
        let run = scenario::run(&parsed, None).unwrap_or_else(|e| panic!("{e:?}"));
        run.cluster
    }

    /// The events of applying `statement` (one line of the language) to `cluster`.
    pub fn step(cluster: &mut Cluster, statement: &str) -> Vec<Event> {
        let command = command(cluster, statement);
        cluster.apply(&command).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The events of `crash C` in A B C with m1 on A and B, not yet committed:
    /// C leaves the ISR, the controller bumps A's epoch (recorded as `record`),
    /// `tail` happens, and A, which keeps B's LEO (1), commits m1 at once.
    pub fn c_crash_bump(record: EpochRecord, tail: Vec<Event>) -> Vec<Event> {
        let mut events = vec![
            Event::Crashed {
                broker: 2,
                lost_from: None,
                lost: 0,
                noticed: true,
            },
            Event::IsrShrunk {
                broker: 2,
                isr: [0, 1].into_iter().collect(),
                reason: ShrinkReason::Crashed,
            },
            Event::LeaderElected {
                leader: 0,
                epoch: 1,
                isr: [0, 1].into_iter().collect(),
                reason: ElectionReason::FollowersCrashed,
                record,
            },
        ];
        events.extend(tail);
        // A keeps B's LEO (1) through its new epoch: m1 is committed at once.
        events.push(Event::HighWatermarkChanged {
            broker: 0,
            from: 0,
            to: 1,
        });
        events.push(Event::Acked {
            value: Value::from("m1"),
            offset: 0,
        });
        events
    }

    /// One statement parsed against the cluster's broker ids.
    pub fn command(cluster: &Cluster, statement: &str) -> Command {
        let ids: Vec<&str> = cluster.brokers().iter().map(|b| b.id.as_str()).collect();
        let text = format!("brokers {}\n{statement}", ids.join(" "));
        let parsed = scenario::parse(&text).unwrap_or_else(|e| panic!("{e:?}"));
        let command = parsed
            .commands_under(cluster.protocol())
            .next()
            .unwrap_or_else(|| panic!("no command in {statement:?}"))
            .1
            .clone();
        command
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{cluster, command};
    use crate::Value;

    // The one source of what may happen next: every command it lists applies,
    // and the ones it leaves out are refused.
    #[test]
    fn enabled_lists_what_apply_accepts() {
        // Under 0.11 the controller's epoch bump for C leaves B's response in flight.
        let c = cluster("protocol kip-101\nbrokers A B C\nproduce m1\nsend B\ncrash C");
        let lines: Vec<String> = c
            .enabled(&Value::from("m2"))
            .iter()
            .map(|cmd| crate::scenario::command_line(&["A".into(), "B".into(), "C".into()], cmd))
            .collect();
        assert_eq!(
            lines,
            [
                "produce m2",
                "crash A",
                "shutdown A",
                "elect A",
                "elect A unclean",
                "deliver B",
                "drop B",
                "crash B",
                "shutdown B",
                "bounce B",
                "elect B",
                "elect B unclean",
                "restart C",
            ]
        );
        for refused in ["fetch B", "fetch A", "elect C", "bounce A", "restart A"] {
            assert!(c.check(&command(&c, refused)).is_err(), "{refused}");
        }
    }
}
