//! One history under two protocols, side by side: the first step at which what a
//! reader sees differs, and what differs there.

use crate::broker_set::BrokerIx;
use crate::cluster::Cluster;
use crate::command::CommandError;
use crate::event::ViolationKind;
use crate::protocol::Protocol;
use crate::scenario::command_line;
use crate::timeline::Timeline;
use crate::value::Value;
use serde::Serialize;

/// One thing a reader sees that differs between the two states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Difference {
    /// The leader differs.
    Leader,
    /// The leader epoch differs.
    LeaderEpoch,
    /// The ISR differs.
    Isr,
    /// The ELR differs.
    Elr,
    /// The broker is up in one and down in the other.
    Alive {
        /// The broker.
        broker: BrokerIx,
    },
    /// Its log holds different records (by epoch and value) or ends elsewhere.
    Log {
        /// The broker.
        broker: BrokerIx,
    },
    /// The broker's HW differs.
    Hw {
        /// The broker.
        broker: BrokerIx,
    },
    /// The values acknowledged to producers differ.
    Acked,
    /// A safety check has fired in one and not in the other.
    Violation {
        /// The kind of check.
        kind: ViolationKind,
    },
    /// A consumer has read other records (by offset, epoch and value).
    ConsumerRead {
        /// The consumer.
        consumer: Value,
    },
}

/// Where two histories first part: after `step` commands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstDifference {
    /// How many commands both have applied.
    pub step: usize,
    /// What differs there, in a fixed order.
    pub differences: Vec<Difference>,
}

/// What differs between two states of the same brokers, in a fixed order. Not
/// compared: leader-epoch caches (there are none before 0.11), broker epochs,
/// clocks and what each side knows of the other brokers.
pub fn differences(a: &Cluster, b: &Cluster) -> Vec<Difference> {
    let mut out = Vec::new();
    if a.leader() != b.leader() {
        out.push(Difference::Leader);
    }
    if a.leader_epoch() != b.leader_epoch() {
        out.push(Difference::LeaderEpoch);
    }
    if a.isr() != b.isr() {
        out.push(Difference::Isr);
    }
    if a.elr() != b.elr() {
        out.push(Difference::Elr);
    }
    for (broker, (x, y)) in a.brokers().iter().zip(b.brokers()).enumerate() {
        if x.is_alive() != y.is_alive() {
            out.push(Difference::Alive { broker });
        }
        let (lx, ly) = (x.durable.log.records(), y.durable.log.records());
        if lx.len() != ly.len() || lx.iter().zip(ly).any(|(r, s)| !r.same_as(s)) {
            out.push(Difference::Log { broker });
        }
        if x.hw() != y.hw() {
            out.push(Difference::Hw { broker });
        }
    }
    if a.acked() != b.acked() {
        out.push(Difference::Acked);
    }
    // A consumer that one side created and the other did not has read nothing there.
    let names = a.consumers().iter().chain(b.consumers()).map(|c| c.name);
    let mut seen: Vec<Value> = Vec::new();
    for consumer in names {
        if seen.contains(&consumer) {
            continue;
        }
        seen.push(consumer);
        let reads = |c: &Cluster| c.consumer(&consumer).map(|x| x.read().to_vec()).unwrap_or_default();
        if reads(a) != reads(b) {
            out.push(Difference::ConsumerRead { consumer });
        }
    }
    for kind in ViolationKind::ALL {
        if a.safety().has_fired(kind) != b.safety().has_fired(kind) {
            out.push(Difference::Violation { kind });
        }
    }
    out
}

/// The first step, counting from the start (step 0), after which `a` and `b` look
/// different, over the steps both have. None: they agree throughout.
pub fn first_difference(a: &Timeline, b: &Timeline) -> Option<FirstDifference> {
    first_where(a, b, differences).map(|(step, differences)| FirstDifference { step, differences })
}

/// Where the leader-epoch caches of two histories first part: after `step`
/// commands, the caches of `brokers` hold different entries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstCacheDifference {
    /// How many commands both have applied.
    pub step: usize,
    /// The brokers whose caches differ.
    pub brokers: Vec<BrokerIx>,
}

/// The brokers whose leader-epoch caches differ. Compared apart from
/// `differences`: caches differ far more often than what they decide (a bump
/// the other protocol did not make, a trimmed checkpoint), and only when both
/// protocols keep one.
pub fn epoch_cache_differences(a: &Cluster, b: &Cluster) -> Vec<BrokerIx> {
    if !(a.capabilities().has_epoch_cache() && b.capabilities().has_epoch_cache()) {
        return Vec::new();
    }
    a.brokers()
        .iter()
        .zip(b.brokers())
        .enumerate()
        .filter(|(_, (x, y))| x.durable.epoch_cache != y.durable.epoch_cache)
        .map(|(broker, _)| broker)
        .collect()
}

/// The first step after which the leader-epoch caches differ. None: they agree
/// throughout, or a protocol keeps none.
pub fn first_epoch_cache_difference(a: &Timeline, b: &Timeline) -> Option<FirstCacheDifference> {
    first_where(a, b, epoch_cache_differences).map(|(step, brokers)| FirstCacheDifference { step, brokers })
}

/// Where replaying a history under another protocol stopped: after `step`
/// commands; the next one (`command`, as scenario text) is refused with `error`.
#[derive(Clone, Debug, PartialEq)]
pub struct Stopped {
    /// How many commands were replayed.
    pub step: usize,
    /// The refused command, as scenario text.
    pub command: String,
    /// Why it was refused.
    pub error: CommandError,
}

/// A history and the same commands under another protocol, side by side:
/// where they first look different, where their leader-epoch caches first
/// part, and where the second stopped if a command was refused. The page's
/// Compare view keeps one up to date as the history grows (`follow`); the
/// runner's `--compare` builds one.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The second history's protocol.
    pub protocol: Protocol,
    /// The second history.
    pub timeline: Timeline,
    /// The first history as it was when this was last brought up to date: a
    /// history that extends it only added steps at the end.
    of: Timeline,
    /// Its commands are the first history's, so a new step is pushed onto it too.
    follows: bool,
    /// Where the second history stopped: the rest is not possible under `protocol`.
    pub stopped: Option<Stopped>,
    /// The first step at which the two histories look different.
    pub first: Option<FirstDifference>,
    /// The first step at which their leader-epoch caches differ (compared apart).
    pub first_cache: Option<FirstCacheDifference>,
}

impl Comparison {
    /// `first` beside `second`, the same history under another protocol as
    /// the caller built it (replayed, `replayed`, or a scenario loaded again
    /// with its own lines), which `stopped` where one of its commands was refused.
    pub fn new(first: &Timeline, second: Timeline, stopped: Option<Stopped>) -> Comparison {
        Comparison {
            protocol: second.setup().protocol,
            first: first_difference(first, &second),
            first_cache: first_epoch_cache_difference(first, &second),
            follows: stopped.is_none() && second.commands() == first.commands(),
            of: first.clone(),
            timeline: second,
            stopped,
        }
    }

    /// `t`'s commands replayed under `protocol`, up to the first one it refuses.
    pub fn replayed(t: &Timeline, protocol: Protocol) -> (Timeline, Option<Stopped>) {
        let (timeline, refused) = t.under(protocol);
        let stopped = refused.and_then(|r| {
            Some(Stopped {
                step: r.index,
                command: command_line(&t.setup().brokers, t.commands().get(r.index)?),
                error: r.error,
            })
        });
        (timeline, stopped)
    }

    /// Brought up to date with `t`, the first history now: kept if `t` only
    /// added steps at the end (each pushed onto the second history while it
    /// follows), None if past steps changed and it must be built again.
    pub fn follow(mut self, t: &Timeline) -> Option<Comparison> {
        if !t.extends(&self.of) {
            return None;
        }
        if self.of.len() == t.len() {
            return Some(self);
        }
        if !self.follows {
            // Stopped: replaying the longer history would stop at the same
            // command. Otherwise (a scenario loaded again, with lines of its
            // own for this protocol) it is built again.
            return self.stopped.is_some().then(|| Comparison { of: t.clone(), ..self });
        }
        for k in self.of.len()..t.len() {
            let Some(command) = t.commands().get(k) else { break };
            if let Err(error) = self.timeline.push(command.clone()) {
                self.stopped = Some(Stopped {
                    step: k,
                    command: command_line(&t.setup().brokers, command),
                    error,
                });
                self.follows = false;
                break;
            }
            if self.first.is_some() && self.first_cache.is_some() {
                continue;
            }
            let (step, state) = (k + 1, t.state_arc(k + 1));
            if self.first.is_none() {
                let differences = differences(&state, self.timeline.head());
                self.first = (!differences.is_empty()).then_some(FirstDifference { step, differences });
            }
            if self.first_cache.is_none() {
                let brokers = epoch_cache_differences(&state, self.timeline.head());
                self.first_cache = (!brokers.is_empty()).then_some(FirstCacheDifference { step, brokers });
            }
        }
        self.of = t.clone();
        Some(self)
    }
}

/// What each history did at `step` that the other did not: the positions, in
/// each one's events of that step, of the events the other's lacks. Compared
/// as data, not as sentences: the page and the runner word the same events.
pub fn differing_events(a: &Timeline, b: &Timeline, step: usize) -> [Vec<usize>; 2] {
    let (ea, eb) = (a.events_of(step), b.events_of(step));
    let only = |mine: &[crate::event::Event], theirs: &[crate::event::Event]| -> Vec<usize> {
        (0..mine.len()).filter(|&i| !theirs.contains(&mine[i])).collect()
    };
    [only(ea, eb), only(eb, ea)]
}

/// The first step whose states `differ` finds something in, over the steps both
/// histories have.
fn first_where<T>(a: &Timeline, b: &Timeline, differ: fn(&Cluster, &Cluster) -> Vec<T>) -> Option<(usize, Vec<T>)> {
    let mut x = Cluster::new(a.setup());
    let mut y = Cluster::new(b.setup());
    for step in 0..=a.len().min(b.len()) {
        if step > 0 {
            // Both histories were accepted when they were built.
            x.apply(a.command(step)?).ok()?;
            y.apply(b.command(step)?).ok()?;
        }
        let found = differ(&x, &y);
        if !found.is_empty() {
            return Some((step, found));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Protocol;
    use crate::scenario;

    fn timeline(text: &str, protocol: Protocol) -> Timeline {
        let script = scenario::parse(text).expect("parses");
        scenario::load(&script, Some(protocol)).expect("loads").timeline
    }

    // The data-loss story: before leader epochs B truncates to its HW on the quick
    // restart; with epochs it keeps m1 and m2. That is where the two first part.
    #[test]
    fn the_data_loss_story_parts_at_the_quick_restart() {
        let text = include_str!("../../../web/scenarios/data-loss.scn");
        let hw = timeline(text, Protocol::Hw);
        let kip101 = timeline(text, Protocol::Kip101);
        let first = first_difference(&hw, &kip101).expect("they differ");
        assert_eq!(
            scenario::command_line(&hw.setup().brokers, hw.command(first.step).expect("a step")),
            "bounce B"
        );
        assert_eq!(first.differences, vec![Difference::Log { broker: 1 }]);
    }

    #[test]
    fn the_same_protocol_never_differs() {
        let text = include_str!("../../../web/scenarios/divergence.scn");
        let a = timeline(text, Protocol::Kip279);
        assert_eq!(first_difference(&a, &a.clone()), None);
    }

    // ZooKeeper bumps the epoch when a follower crashes; KRaft does not.
    #[test]
    fn zookeeper_and_kraft_part_at_a_follower_crash() {
        let text = "brokers A B C\nproduce m1\ncrash C";
        let zk = timeline(text, Protocol::DivergingEpoch);
        let kraft = timeline(text, Protocol::KraftElr);
        let first = first_difference(&zk, &kraft).expect("they differ");
        assert_eq!(first.step, 2);
        assert_eq!(first.differences, vec![Difference::LeaderEpoch]);
    }

    // The data-loss story looks the same under kip-101 and kip-279 at every
    // step, yet their leader-epoch caches differ from the start: from 2.1 a new
    // leader writes its epoch's start offset when it becomes leader (0.11 waits
    // for its first append). Caches are compared apart, and only when both
    // protocols keep one.
    #[test]
    fn epoch_caches_are_compared_apart_and_only_when_both_keep_one() {
        let text = include_str!("../../../web/scenarios/data-loss.scn");
        let kip101 = timeline(text, Protocol::Kip101);
        let kip279 = timeline(text, Protocol::Kip279);
        assert_eq!(first_difference(&kip101, &kip279), None);
        let leader = kip101.setup().leader;
        assert_eq!(
            first_epoch_cache_difference(&kip101, &kip279),
            Some(FirstCacheDifference {
                step: 0,
                brokers: vec![leader]
            })
        );
        let hw = timeline(text, Protocol::Hw);
        assert!(first_difference(&hw, &kip101).is_some());
        assert_eq!(first_epoch_cache_difference(&hw, &kip101), None, "hw keeps no cache");
        assert_eq!(first_epoch_cache_difference(&kip279, &kip279.clone()), None);
    }

    #[test]
    fn what_each_did_at_the_first_difference_is_compared_as_events() {
        let text = include_str!("../../../web/scenarios/data-loss.scn");
        let (hw, kip101) = (timeline(text, Protocol::Hw), timeline(text, Protocol::Kip101));
        let step = first_difference(&hw, &kip101).expect("they differ").step;
        let [a, b] = differing_events(&hw, &kip101, step);
        let truncated = |t: &Timeline, i: &[usize]| {
            i.iter()
                .any(|&i| matches!(t.events_of(step)[i], crate::event::Event::Truncation { from, to, .. } if to < from))
        };
        assert!(truncated(&hw, &a), "hw truncates B to its HW");
        assert!(!truncated(&kip101, &b), "kip-101 keeps B's log");
        assert!(!b.is_empty(), "kip-101's follower validates first");
        // What both did is in neither list.
        let shared = hw
            .events_of(step)
            .iter()
            .filter(|e| kip101.events_of(step).contains(e))
            .count();
        assert_eq!(a.len() + shared, hw.events_of(step).len());
    }
}

#[cfg(test)]
mod comparison_tests {
    use super::*;
    use crate::scenario;

    fn timeline(text: &str, p: Protocol) -> Timeline {
        let script = scenario::parse(text).expect("parses");
        scenario::load(&script, Some(p)).expect("loads").timeline
    }

    const LOSS: &str = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nbounce B\ncrash A\nrestart A\n";

    /// Steps added at the end are pushed onto the second history and give the
    /// same first difference as comparing the whole histories; a changed past
    /// is built again.
    #[test]
    fn a_comparison_follows_a_growing_history_as_if_built_at_once() {
        let whole = timeline(LOSS, Protocol::Hw);
        let mut t = whole.clone();
        let rest = t.truncate(2);
        let (second, stopped) = Comparison::replayed(&t, Protocol::Kip101);
        let mut c = Comparison::new(&t, second, stopped);
        assert_eq!((c.protocol, c.first.clone()), (Protocol::Kip101, None));
        for command in rest {
            t.push(command).expect("applies");
            c = c.follow(&t).expect("only steps added");
        }
        let at_once = Comparison::new(&whole, Comparison::replayed(&whole, Protocol::Kip101).0, None);
        assert_eq!(c.first, at_once.first);
        assert_eq!(c.first.as_ref().map(|f| f.step), Some(5));
        assert_eq!(c.timeline.commands(), whole.commands());
        // Another past: built again.
        let mut other = whole.clone();
        other.truncate(1);
        other
            .push(whole.commands().get(3).expect("a fourth command").clone())
            .expect("applies");
        assert!(c.follow(&other).is_none());
    }

    /// An unclean election B may make under ZooKeeper is refused under KRaft
    /// (A, the leader, is up): the second history stops there, and the same
    /// first history keeps it stopped.
    #[test]
    fn a_refused_command_stops_the_second_history() {
        let t = timeline(
            "brokers A B\nproduce m1\nelect B unclean\nproduce m2\n",
            Protocol::Kip279,
        );
        let (second, stopped) = Comparison::replayed(&t, Protocol::KraftElr);
        let stopped = stopped.expect("refused under kraft-elr");
        assert_eq!((stopped.step, stopped.command.as_str()), (1, "elect B unclean"));
        let c = Comparison::new(&t, second, Some(stopped));
        assert_eq!(c.timeline.len(), 1);
        assert_eq!(c.clone().follow(&t), Some(c));
    }
}
