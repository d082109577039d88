//! Scenarios generated for measuring how a long history loads (the memory bench,
//! the size-limit tests, the browser bench builds the same shape in JS).

use std::fmt::Write;

/// Produces between two rounds of follower fetches.
pub const FETCH_EVERY: usize = 1000;

/// A long history on brokers A B C (A leads): `produce m1` … `produce mN`, with
/// `fetch B` and `fetch C` after every 1,000th produce; then one more record only
/// A has (`produce m<N+1>`), `crash A` (B is elected in epoch 1), `restart A`,
/// `produce m<N+2>` on B, `fetch A` twice (A truncates m<N+1> and catches up) and
/// `fetch C`: a truncation and an epoch boundary at the end of long logs.
/// N + 2 * (N / 1000) + 7 steps.
pub fn long_history(records: usize) -> String {
    let mut s = String::with_capacity(records * 14 + 200);
    let _ = writeln!(s, "title Long history: {records} records");
    s.push_str("brokers A B C\n");
    for i in 1..=records {
        let _ = writeln!(s, "produce m{i}");
        if i % FETCH_EVERY == 0 {
            s.push_str("fetch B\nfetch C\n");
        }
    }
    let _ = writeln!(s, "produce m{}", records + 1);
    s.push_str("crash A\nrestart A\n");
    let _ = writeln!(s, "produce m{}", records + 2);
    s.push_str("fetch A\nfetch A\nfetch C\n");
    s
}

/// The number of steps (commands) in `long_history(records)`.
pub fn long_history_steps(records: usize) -> usize {
    records + 2 * (records / FETCH_EVERY) + 7
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::scenario::{load, parse};

    #[test]
    fn a_long_history_loads_with_a_truncation_at_the_end() {
        let script = parse(&long_history(2000)).expect("parses");
        let loaded = load(&script, None).expect("loads");
        let t = &loaded.timeline;
        assert_eq!(t.len(), long_history_steps(2000));
        let head = t.head();
        assert_eq!(head.leader(), Some(1), "B leads after A's crash");
        for b in head.brokers() {
            assert_eq!(b.leo(), 2001, "{} holds every record B has", b.id);
        }
        let truncated = (1..=t.len()).flat_map(|k| t.events_of(k)).any(|e| {
            matches!(
                e,
                Event::Truncation {
                    broker: 0,
                    from: 2001,
                    to: 2000,
                    ..
                }
            )
        });
        assert!(truncated, "A truncates m2001, which only it had");
    }
}
