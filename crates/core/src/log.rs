//! A replica's log: records at consecutive offsets from 0, each stamped with the
//! leader epoch it was first written in.

use serde::Serialize;
use std::sync::Arc;

/// A message payload. Shared, so that cloning a whole cluster (history snapshots)
/// does not copy every payload.
pub type Value = Arc<str>;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Record {
    pub offset: u64,
    pub epoch: u32,
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
    records: Vec<Record>,
}

impl Log {
    /// The log end offset (LEO): the offset the next record will get.
    pub fn end_offset(&self) -> u64 {
        self.records.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    pub fn records(&self) -> &[Record] {
        &self.records
    }

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
        if offset >= self.end_offset() {
            return false;
        }
        self.records.truncate(offset as usize);
        true
    }

    /// Up to `max` records starting at `from` (all to the log end when `max` is None).
    pub fn read(&self, from: u64, max: Option<u32>) -> &[Record] {
        let start = (from.min(self.end_offset())) as usize;
        let end = match max {
            Some(n) => (start + n as usize).min(self.records.len()),
            None => self.records.len(),
        };
        &self.records[start..end]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log_of(values: &[&str]) -> Log {
        let mut log = Log::default();
        for v in values {
            log.append(0, Arc::from(*v));
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
}
