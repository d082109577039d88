//! A replica's log: records at consecutive offsets from 0, each stamped with the
//! leader epoch it was first written in. The records are kept in shared chunks
//! (`Chunked`), so that the history's snapshots of the cluster share them.

use crate::chunked::{Chunked, Slice};
use crate::value::Value;
use serde::Serialize;

/// A run of consecutive records of one log: what `Log::records` and `Log::read`
/// return, borrowing the log's chunks.
pub type Records<'a> = Slice<'a, Record>;

/// One record of a log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Record {
    /// Its offset.
    pub offset: u64,
    /// The leader epoch it was first written in.
    pub epoch: u32,
    /// Its payload.
    pub value: Value,
}

impl Record {
    /// Two replicas agree on a record when both its epoch and value match.
    pub fn same_as(&self, other: &Record) -> bool {
        self.epoch == other.epoch && self.value == other.value
    }
}

/// The log start offset is always 0 here: nothing is ever deleted by retention.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Log {
    /// Record i is at offset i.
    pub(crate) records: Chunked<Record>,
}

impl Log {
    /// The log end offset (LEO): the offset the next record will get.
    pub fn end_offset(&self) -> u64 {
        self.records.len() as u64
    }

    /// Whether the log has no record.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Every record, in offset order.
    pub fn records(&self) -> Records<'_> {
        self.records.all()
    }

    /// The record at `offset`, if the log has one.
    pub fn get(&self, offset: u64) -> Option<&Record> {
        usize::try_from(offset).ok().and_then(|i| self.records.get(i))
    }

    /// Appends one record at the log end and returns its offset.
    pub fn append(&mut self, epoch: u32, value: Value) -> u64 {
        let offset = self.end_offset();
        self.records.push(Record { offset, epoch, value });
        offset
    }

    /// Removes every record at `offset` and above (`Log.truncateTo`).
    /// Returns whether anything was removed.
    pub fn truncate_to(&mut self, offset: u64) -> bool {
        // An offset past usize::MAX is past the log end too.
        usize::try_from(offset).is_ok_and(|at| self.records.truncate(at))
    }

    /// Up to `max` records starting at `from` (all to the log end when `max` is None).
    pub fn read(&self, from: u64, max: Option<u32>) -> Records<'_> {
        let to = match max {
            Some(n) => from.saturating_add(u64::from(n)),
            None => u64::MAX,
        };
        self.between(from, to)
    }

    /// The records at offsets [from, to) (those that exist).
    pub fn between(&self, from: u64, to: u64) -> Records<'_> {
        let clamp = |o: u64| usize::try_from(o).unwrap_or(usize::MAX);
        self.records.slice(clamp(from), clamp(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chunked::CHUNK_LEN;
    use std::borrow::Cow;

    fn log_of(values: &[&str]) -> Log {
        let mut log = Log::default();
        for v in values {
            log.append(0, Value::from(*v));
        }
        log
    }

    #[test]
    fn append_assigns_consecutive_offsets() {
        let log = log_of(&["a", "b", "c"]);
        assert_eq!(log.end_offset(), 3);
        assert_eq!(log.get(1).map(|r| r.offset), Some(1));
        assert_eq!(log.get(1).map(|r| &*r.value), Some("b"));
        assert!(log.get(3).is_none());
    }

    #[test]
    fn truncate_removes_the_suffix_only() {
        let mut log = log_of(&["a", "b", "c"]);
        assert!(!log.truncate_to(3));
        assert!(log.truncate_to(1));
        assert_eq!(log.end_offset(), 1);
        assert!(!log.truncate_to(5));
    }

    #[test]
    fn read_is_bounded_by_max_and_log_end() {
        let log = log_of(&["a", "b", "c"]);
        assert_eq!(log.read(1, Some(1)).len(), 1);
        assert_eq!(log.read(1, None).len(), 2);
        assert_eq!(log.read(3, None).len(), 0);
        assert_eq!(log.read(9, Some(2)).len(), 0);
    }

    fn values(log: &Log) -> Vec<String> {
        log.records().iter().map(|r| r.value.to_string()).collect()
    }

    fn numbered(n: usize) -> Log {
        let mut log = Log::default();
        for i in 0..n {
            log.append((i / 100) as u32, Value::from(format!("m{i}")));
        }
        log
    }

    fn hash_of(log: &Log) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        log.hash(&mut h);
        h.finish()
    }

    #[test]
    fn append_crosses_a_chunk_boundary() {
        let log = numbered(CHUNK_LEN + 3);
        assert_eq!(log.end_offset(), (CHUNK_LEN + 3) as u64);
        for o in [0, CHUNK_LEN - 1, CHUNK_LEN, CHUNK_LEN + 2] {
            let r = log.get(o as u64).expect("stored");
            assert_eq!((r.offset, &*r.value), (o as u64, format!("m{o}").as_str()));
        }
        assert!(log.get((CHUNK_LEN + 3) as u64).is_none());
        let across = log.read((CHUNK_LEN - 2) as u64, Some(4));
        let offsets: Vec<u64> = across.iter().map(|r| r.offset).collect();
        let first = (CHUNK_LEN - 2) as u64;
        assert_eq!(offsets, vec![first, first + 1, first + 2, first + 3]);
        assert_eq!(across.to_vec().len(), 4);
        assert_eq!(across.last().map(|r| r.offset), Some(first + 3));
    }

    #[test]
    fn truncate_inside_and_at_a_chunk_boundary() {
        let mut log = numbered(2 * CHUNK_LEN + 10);
        assert!(log.truncate_to((CHUNK_LEN + 5) as u64), "inside the second chunk");
        assert_eq!(log.end_offset(), (CHUNK_LEN + 5) as u64);
        assert_eq!(values(&log), values(&numbered(CHUNK_LEN + 5)));
        assert!(log.truncate_to(CHUNK_LEN as u64), "at a chunk boundary");
        assert_eq!(log, numbered(CHUNK_LEN));
        log.append(9, Value::from("x"));
        assert_eq!(log.get(CHUNK_LEN as u64).map(|r| r.epoch), Some(9));
        assert!(log.truncate_to(0));
        assert!(log.is_empty());
        assert_eq!(log, Log::default());
    }

    #[test]
    fn a_clone_is_unchanged_by_appends_and_truncations_of_the_original() {
        let mut log = numbered(CHUNK_LEN + 7);
        let snapshot = log.clone();
        log.append(5, Value::from("after"));
        assert_eq!(snapshot, numbered(CHUNK_LEN + 7));
        log.truncate_to(3);
        assert_eq!(snapshot, numbered(CHUNK_LEN + 7));
        let mut again = snapshot.clone();
        again.truncate_to((CHUNK_LEN - 1) as u64);
        for i in 0..CHUNK_LEN {
            again.append(1, Value::from(format!("n{i}")));
        }
        assert_eq!(values(&snapshot), values(&numbered(CHUNK_LEN + 7)));
        assert_eq!(log.end_offset(), 3);
    }

    #[test]
    fn equal_contents_built_differently_are_equal_and_hash_alike() {
        let straight = numbered(CHUNK_LEN + 4);
        let mut detour = numbered(2 * CHUNK_LEN + 50);
        let _keep = detour.clone();
        detour.truncate_to(CHUNK_LEN as u64 - 20);
        for i in CHUNK_LEN - 20..CHUNK_LEN + 4 {
            detour.append((i / 100) as u32, Value::from(format!("m{i}")));
        }
        assert_eq!(straight, detour);
        assert_eq!(hash_of(&straight), hash_of(&detour));
    }

    #[test]
    fn chunks_borrow_within_a_stored_chunk() {
        let log = numbered(CHUNK_LEN + 40);
        let parts: Vec<_> = log.records().chunks(32).collect();
        assert_eq!(parts.len(), CHUNK_LEN / 32 + 2);
        assert!(parts.iter().all(|p| matches!(p, Cow::Borrowed(_))));
        assert_eq!(parts.last().map(|p| p.len()), Some(8));
        // A size that does not divide the chunk copies the pieces that straddle one.
        let odd: Vec<Record> = log.records().chunks(100).flat_map(|p| p.into_owned()).collect();
        assert_eq!(odd, log.records().to_vec());
    }

    mod model {
        use super::*;
        use proptest::prelude::*;

        #[derive(Clone, Debug)]
        enum Op {
            Append(u32),
            Truncate(u64),
            Snapshot,
        }

        fn op() -> impl Strategy<Value = Op> {
            prop_oneof![
                8 => (0u32..4).prop_map(Op::Append),
                1 => (0u64..1200).prop_map(Op::Truncate),
                1 => Just(Op::Snapshot),
            ]
        }

        proptest! {
            /// The chunked log behaves as a plain vector of records, and clones
            /// keep what they had.
            #[test]
            fn matches_a_vec(ops in proptest::collection::vec(op(), 0..1500)) {
                let mut log = Log::default();
                let mut model: Vec<Record> = Vec::new();
                let mut kept: Vec<(Log, Vec<Record>)> = Vec::new();
                for (i, o) in ops.into_iter().enumerate() {
                    match o {
                        Op::Append(epoch) => {
                            let value: Value = Value::from(format!("v{i}"));
                            let offset = log.append(epoch, value);
                            prop_assert_eq!(offset, model.len() as u64);
                            model.push(Record { offset, epoch, value });
                        }
                        Op::Truncate(to) => {
                            let removed = log.truncate_to(to);
                            prop_assert_eq!(removed, (to as usize) < model.len());
                            model.truncate(to as usize);
                        }
                        Op::Snapshot => kept.push((log.clone(), model.clone())),
                    }
                    prop_assert_eq!(log.end_offset(), model.len() as u64);
                }
                prop_assert_eq!(log.records().to_vec(), model.clone());
                prop_assert!(log.records() == model[..]);
                for (o, r) in model.iter().enumerate() {
                    prop_assert_eq!(log.get(o as u64), Some(r));
                }
                let from = model.len() as u64 / 3;
                let got: Vec<&Record> = log.read(from, Some(300)).iter().collect();
                let want: Vec<&Record> = model.iter().skip(from as usize).take(300).collect();
                prop_assert_eq!(got, want);
                for (snap, at) in kept {
                    prop_assert_eq!(snap.records().to_vec(), at);
                }
            }
        }
    }
}
