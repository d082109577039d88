//! Which records of a long log a lane shows in full, and which runs of records
//! it folds into one span. `points_of_interest` names the offsets a lane keeps
//! (HW, LEO, epoch starts, the latest truncation point, records a safety check
//! names, the records the reader picked); with the pages the reader unfolded,
//! `fold` says what is shown and what is folded; what comes out
//! is bounded by constants, however long the log, so the page stays small.

use replab_core::event::Violation;
use replab_core::{Cluster, Record};
use std::ops::Range;

/// A run this long or shorter is shown whole: the presets never fold.
pub const SHORT: u64 = 120;
/// Records shown on each side of an offset of interest.
pub const CONTEXT: u64 = 3;
/// Records one unfold shows; the rest of the span stays folded.
pub const PAGE: u64 = 50;
/// Pages kept unfolded at once; unfolding one more folds the oldest again.
pub const MAX_PAGES: usize = 3;
/// Records shown in full at most (gaps filled in come on top).
pub const MAX_SHOWN: u64 = 300;
/// A span hides more than this many records; a shorter gap is shown instead.
const GAP: u64 = 3;

/// A run of offsets: shown record by record, or folded into one span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Shown(Range<u64>),
    Folded(Range<u64>),
}

/// The items covering `all` in order: every offset is in exactly one. Pages the
/// reader unfolded (`unfolded`, their first offsets) come first, then `points`
/// in the caller's order of importance, each with `CONTEXT` records on either
/// side, while at most `MAX_SHOWN` records are shown.
pub fn fold(all: Range<u64>, points: &[u64], unfolded: &[u64]) -> Vec<Item> {
    if all.is_empty() {
        return Vec::new();
    }
    if all.end - all.start <= SHORT {
        return vec![Item::Shown(all)];
    }
    let pages = unfolded
        .iter()
        .rev()
        .take(MAX_PAGES)
        .map(|&u| u..u.saturating_add(PAGE));
    let around = points
        .iter()
        .map(|&p| p.saturating_sub(CONTEXT)..p.saturating_add(CONTEXT + 1));
    // Disjoint, sorted, not touching.
    let mut windows: Vec<Range<u64>> = Vec::new();
    let mut budget = MAX_SHOWN;
    for w in pages.chain(around) {
        let w = w.start.max(all.start)..w.end.min(all.end);
        let overlap: u64 = windows
            .iter()
            .map(|v| v.end.min(w.end).saturating_sub(v.start.max(w.start)))
            .sum();
        let new = (w.end.saturating_sub(w.start)).saturating_sub(overlap);
        if w.is_empty() || new > budget {
            continue;
        }
        budget -= new;
        let (mut start, mut end) = (w.start, w.end);
        windows.retain(|v| {
            let apart = v.end < start || v.start > end;
            if !apart {
                start = start.min(v.start);
                end = end.max(v.end);
            }
            apart
        });
        let at = windows.partition_point(|v| v.start < start);
        windows.insert(at, start..end);
    }
    let mut out: Vec<Item> = Vec::new();
    let mut at = all.start;
    for w in windows.into_iter().chain(std::iter::once(all.end..all.end)) {
        let start = if w.start - at > GAP {
            out.push(Item::Folded(at..w.start));
            w.start
        } else {
            at
        };
        match out.last_mut() {
            Some(Item::Shown(prev)) if prev.end == start => prev.end = w.end,
            _ if start < w.end => out.push(Item::Shown(start..w.end)),
            _ => {}
        }
        at = w.end;
    }
    out
}

/// The offsets of broker `ix`'s lane that a long log keeps in full, most
/// important first: its HW and LEO, the records the reader picked (latest
/// first), the first and last of the records it lost (`lost`, its latest loss;
/// those past its log end are drawn after it), the offsets a safety check names
/// for it, and where each of its epochs starts (latest first).
pub fn points_of_interest(c: &Cluster, ix: usize, lost: &[Record], pinned: &[u64]) -> Vec<u64> {
    let Some(b) = c.broker(ix) else {
        return Vec::new();
    };
    let (hw, leo) = (b.hw(), b.leo());
    let mut points = vec![hw, leo];
    points.extend(pinned.iter().rev());
    points.extend(lost.first().map(|r| r.offset));
    let past_end = lost.iter().filter(|r| r.offset >= leo).count() as u64;
    if past_end > 0 {
        points.push(leo + past_end - 1);
    }
    for v in c.violations() {
        match *v {
            Violation::CommittedWriteLost { leader, offset, .. } if leader == ix => points.push(offset),
            Violation::ReplicasDiverged {
                leader,
                follower,
                offset,
                ..
            } if leader == ix || follower == ix => points.push(offset),
            _ => {}
        }
    }
    points.extend(b.durable.epoch_cache.entries().iter().rev().map(|e| e.start_offset));
    points
}

/// The pages unfolded after the reader unfolds the span starting at `from`.
pub fn unfold(unfolded: &[u64], from: u64) -> Vec<u64> {
    let mut out: Vec<u64> = unfolded.iter().copied().filter(|&u| u != from).collect();
    out.push(from);
    let drop = out.len().saturating_sub(MAX_PAGES);
    out.split_off(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn shown(items: &[Item]) -> u64 {
        items
            .iter()
            .map(|i| match i {
                Item::Shown(r) => r.end - r.start,
                Item::Folded(_) => 0,
            })
            .sum()
    }

    #[test]
    fn points_of_interest_name_hw_leo_checks_losses_and_epoch_starts() {
        use replab_core::scenario;
        let text = include_str!("../../../web/scenarios/divergence.scn");
        let script = scenario::parse(text).expect("parses");
        let t = scenario::load(&script, None).expect("loads").timeline;
        let c = t.head();
        assert!(!c.violations().is_empty(), "the story ends with a safety check");
        for ix in 0..c.brokers().len() {
            let b = c.broker(ix).expect("broker");
            let lost = [Record {
                offset: b.leo(),
                epoch: 0,
                value: "gone".into(),
            }];
            let points = points_of_interest(c, ix, &lost, &[7, 9]);
            assert_eq!(
                points[..4],
                [b.hw(), b.leo(), 9, 7],
                "HW, LEO, then the latest pick first"
            );
            assert!(points.contains(&b.leo()), "the lost record past the log end");
            for e in b.durable.epoch_cache.entries() {
                assert!(points.contains(&e.start_offset));
            }
            for v in c.violations() {
                if let Violation::ReplicasDiverged {
                    leader,
                    follower,
                    offset,
                    ..
                } = *v
                {
                    if leader == ix || follower == ix {
                        assert!(points.contains(&offset), "the offset the safety check names");
                    }
                }
            }
        }
        assert!(points_of_interest(c, 99, &[], &[]).is_empty());
    }

    #[test]
    fn a_short_log_is_shown_whole() {
        assert_eq!(fold(0..40, &[3, 40], &[]), vec![Item::Shown(0..40)]);
        assert_eq!(fold(0..SHORT, &[], &[]), vec![Item::Shown(0..SHORT)]);
        assert!(fold(5..5, &[5], &[]).is_empty());
    }

    #[test]
    fn a_long_log_shows_what_matters_and_folds_the_rest() {
        // HW 5,000, LEO 10,000, an epoch starting at 0.
        let items = fold(0..10_000, &[5_000, 10_000, 0], &[]);
        assert_eq!(
            items,
            vec![
                Item::Shown(0..4),
                Item::Folded(4..4_997),
                Item::Shown(4_997..5_004),
                Item::Folded(5_004..9_997),
                Item::Shown(9_997..10_000),
            ]
        );
    }

    #[test]
    fn unfolding_shows_one_page_and_keeps_the_rest_folded() {
        let unfolded = unfold(&[], 4);
        let items = fold(0..50_000, &[0, 50_000], &unfolded);
        assert_eq!(items[0], Item::Shown(0..4 + PAGE));
        assert_eq!(items[1], Item::Folded(4 + PAGE..49_997));
        // Only the latest pages stay open.
        let mut u = Vec::new();
        for k in 0..10 {
            u = unfold(&u, 1_000 * k);
        }
        assert_eq!(u, vec![7_000, 8_000, 9_000]);
        assert_eq!(unfold(&u, 8_000), vec![7_000, 9_000, 8_000]);
    }

    #[test]
    fn small_gaps_are_shown_rather_than_folded() {
        let items = fold(0..1_000, &[500, 510], &[]);
        assert!(items.contains(&Item::Shown(497..514)), "{items:?}");
    }

    proptest! {
        #[test]
        fn every_offset_is_in_exactly_one_item_and_the_items_are_bounded(
            start in 0u64..50,
            len in 0u64..200_000,
            points in proptest::collection::vec(0u64..250_000, 0..400),
            unfolded in proptest::collection::vec(0u64..250_000, 0..20),
        ) {
            let all = start..start + len;
            let items = fold(all.clone(), &points, &unfolded);
            let mut at = all.start;
            let mut last_shown = None;
            for item in &items {
                let (r, shown) = match item { Item::Shown(r) => (r, true), Item::Folded(r) => (r, false) };
                prop_assert_eq!(r.start, at);
                prop_assert!(r.start < r.end);
                // Neighbours alternate: two shown runs or two spans would be one.
                prop_assert_ne!(last_shown, Some(shown));
                if !shown { prop_assert!(r.end - r.start > GAP); }
                last_shown = Some(shown);
                at = r.end;
            }
            prop_assert_eq!(at, all.end);
            if len > SHORT {
                prop_assert!(shown(&items) <= MAX_SHOWN + GAP * (2 * MAX_SHOWN + 1));
                prop_assert!(items.len() as u64 <= 2 * MAX_SHOWN + 1);
            }
        }

        #[test]
        fn the_first_points_and_the_latest_page_are_always_shown(
            len in 200u64..200_000,
            a in 0u64..200_000,
            b in 0u64..200_000,
            page in 0u64..200_000,
            rest in proptest::collection::vec(0u64..200_000, 0..300),
        ) {
            let (a, b, page) = (a % len, b % len, page % len);
            let points: Vec<u64> = [a, b].into_iter().chain(rest).collect();
            let items = fold(0..len, &points, &[page]);
            let is_shown = |o: u64| items.iter().any(|i| matches!(i, Item::Shown(r) if r.contains(&o)));
            prop_assert!(is_shown(a) && is_shown(b) && is_shown(page));
            prop_assert!(is_shown((page + PAGE - 1).min(len - 1)));
        }
    }
}
