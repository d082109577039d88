//! The leader-epoch cache (`LeaderEpochFileCache`): for each leader epoch, the
//! offset of the first record written in it. Kept on disk (the leader-epoch
//! checkpoint), so it survives a crash.

use serde::Serialize;

/// One entry of the leader-epoch cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EpochEntry {
    /// The leader epoch.
    pub epoch: u32,
    /// The offset of the first record written in it.
    pub start_offset: u64,
}

/// An (epoch, end offset) answer of `endOffsetFor`. `None` stands for Kafka's
/// UNDEFINED_EPOCH / UNDEFINED_EPOCH_OFFSET.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EpochEndOffset {
    /// The largest epoch at or below the one asked.
    pub epoch: u32,
    /// Where it ends: the start of the next higher epoch, or the LEO for the latest.
    pub end_offset: u64,
}

/// Entries are kept with strictly increasing epochs and start offsets.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct LeaderEpochCache {
    pub(crate) entries: Vec<EpochEntry>,
}

clone_by_fields!(LeaderEpochCache { entries });

impl LeaderEpochCache {
    /// The entries, oldest epoch first.
    pub fn entries(&self) -> &[EpochEntry] {
        &self.entries
    }

    /// The latest epoch (None: empty).
    pub fn latest_epoch(&self) -> Option<u32> {
        self.entries.last().map(|e| e.epoch)
    }

    /// Start offset of `epoch`, if the cache has it.
    pub fn start_offset_of(&self, epoch: u32) -> Option<u64> {
        self.entries.iter().find(|e| e.epoch == epoch).map(|e| e.start_offset)
    }

    /// `assign(epoch, startOffset)`: records that `epoch` starts at `start_offset`,
    /// unless the latest entry is already that epoch at or before that offset. Any
    /// entry the new one would break monotonicity with (an epoch at or above it, or a
    /// start offset at or above it) is removed first. Returns whether the cache changed.
    pub fn assign(&mut self, epoch: u32, start_offset: u64) -> bool {
        let update_needed = match self.entries.last() {
            None => true,
            Some(last) => last.epoch != epoch || start_offset < last.start_offset,
        };
        if !update_needed {
            return false;
        }
        while let Some(last) = self.entries.last() {
            if last.epoch >= epoch || last.start_offset >= start_offset {
                self.entries.pop();
            } else {
                break;
            }
        }
        self.entries.push(EpochEntry { epoch, start_offset });
        true
    }

    /// Kafka 0.11's `assign` (`LeaderEpochFileCache` 59-69): records `epoch` at
    /// `start_offset` only when it is above the latest epoch (and not before the
    /// latest start); otherwise the cache stays as it is. Returns whether it changed.
    pub fn assign_above_latest(&mut self, epoch: u32, start_offset: u64) -> bool {
        let above = match self.entries.last() {
            None => true,
            Some(last) => epoch > last.epoch && start_offset >= last.start_offset,
        };
        if above {
            self.entries.push(EpochEntry { epoch, start_offset });
        }
        above
    }

    /// `truncateFromEnd(endOffset)`: after the log is truncated to `end_offset`,
    /// removes every entry that starts at or after it.
    pub fn truncate_from_end(&mut self, end_offset: u64) -> bool {
        let before = self.entries.len();
        self.entries.retain(|e| e.start_offset < end_offset);
        self.entries.len() != before
    }

    /// `endOffsetFor(requestedEpoch, logEndOffset)` as of Kafka 2.1 (KIP-279,
    /// KAFKA-7415): the largest epoch at or below the one asked, and the offset
    /// where it ends (the start of the next higher epoch, or the log end for the
    /// latest epoch). Asked below the first epoch, it answers the asked epoch with
    /// the first epoch's start offset. `None` (undefined) when no higher epoch exists
    /// and the asked epoch is not the latest.
    pub fn end_offset_for(&self, requested: u32, log_end_offset: u64) -> Option<EpochEndOffset> {
        if self.latest_epoch() == Some(requested) {
            return Some(EpochEndOffset {
                epoch: requested,
                end_offset: log_end_offset,
            });
        }
        let higher = self.entries.iter().find(|e| e.epoch > requested)?;
        let floor = self.entries.iter().rev().find(|e| e.epoch <= requested);
        Some(EpochEndOffset {
            epoch: floor.map_or(requested, |f| f.epoch),
            end_offset: higher.start_offset,
        })
    }

    /// `endOffsetFor(requestedEpoch)` as of Kafka 0.11 (KIP-101): an offset only.
    /// The log end for the latest epoch; otherwise the start offset of the first
    /// epoch above the one asked; undefined when there is none, or when the asked
    /// epoch is below the first epoch in the cache.
    pub fn end_offset_for_v0(&self, requested: u32, log_end_offset: u64) -> Option<u64> {
        if self.latest_epoch() == Some(requested) {
            return Some(log_end_offset);
        }
        let first = self.entries.first()?;
        if requested < first.epoch {
            return None;
        }
        self.entries
            .iter()
            .find(|e| e.epoch > requested)
            .map(|e| e.start_offset)
    }
}

/// A cache with these (epoch, start offset) entries, for tests.
#[cfg(test)]
pub(crate) fn cache(entries: &[(u32, u64)]) -> LeaderEpochCache {
    let mut c = LeaderEpochCache::default();
    for &(e, o) in entries {
        assert!(c.assign(e, o), "({e}, {o}) follows {c:?}");
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(epoch: u32, end_offset: u64) -> Option<EpochEndOffset> {
        Some(EpochEndOffset { epoch, end_offset })
    }

    // LeaderEpochFileCacheTest: shouldReturnPreviousEpochAndStartOffsetOfNextEpoch...
    #[test]
    fn end_offset_for_gap_epochs_answers_floor_epoch_and_next_start() {
        let c = cache(&[(0, 10), (2, 13), (4, 17)]);
        assert_eq!(c.end_offset_for(1, 20), answer(0, 13));
        assert_eq!(c.end_offset_for(3, 20), answer(2, 17));
    }

    // shouldReturnRequestedEpochAndFirstStartOffsetWhenAskedBelowFirstEpoch
    #[test]
    fn end_offset_for_below_first_epoch_answers_asked_epoch() {
        let c = cache(&[(5, 11)]);
        assert_eq!(c.end_offset_for(4, 20), answer(4, 11));
    }

    // shouldReturnUnsupportedIfRequestedEpochAboveAllKnown (not the latest)
    #[test]
    fn end_offset_for_above_every_epoch_is_undefined() {
        let c = cache(&[(2, 100)]);
        assert_eq!(c.end_offset_for(3, 120), None);
        assert_eq!(LeaderEpochCache::default().end_offset_for(0, 0), None);
    }

    // shouldReturnLogEndOffsetIfLatestEpochRequested
    #[test]
    fn end_offset_for_latest_epoch_is_the_log_end() {
        let c = cache(&[(0, 0), (2, 13)]);
        assert_eq!(c.end_offset_for(2, 42), answer(2, 42));
        assert_eq!(c.end_offset_for_v0(2, 42), Some(42));
    }

    #[test]
    fn end_offset_for_v0_has_no_floor_epoch() {
        let c = cache(&[(1, 5), (3, 9)]);
        assert_eq!(c.end_offset_for_v0(0, 12), None, "below the first epoch");
        assert_eq!(c.end_offset_for_v0(1, 12), Some(9));
        assert_eq!(c.end_offset_for_v0(2, 12), Some(9));
        assert_eq!(c.end_offset_for_v0(4, 12), None, "no higher epoch");
    }

    // shouldNotOverwriteLogEndOffsetForALeaderEpochOnceItHasBeenAssigned
    #[test]
    fn assign_same_epoch_at_later_offset_is_a_no_op() {
        let mut c = cache(&[(2, 6)]);
        assert!(!c.assign(2, 9));
        assert_eq!(
            c.entries(),
            &[EpochEntry {
                epoch: 2,
                start_offset: 6
            }]
        );
    }

    // shouldTruncateIfMatchingEpochButEarlierStartingOffset / non-monotonic removal
    #[test]
    fn assign_removes_entries_that_break_monotonicity() {
        let mut c = cache(&[(1, 5), (2, 6), (3, 8)]);
        assert!(c.assign(2, 7));
        assert_eq!(
            c.entries(),
            &[
                EpochEntry {
                    epoch: 1,
                    start_offset: 5
                },
                EpochEntry {
                    epoch: 2,
                    start_offset: 7
                }
            ]
        );
        let mut c = cache(&[(1, 5), (2, 6)]);
        assert!(c.assign(3, 5));
        assert_eq!(
            c.entries(),
            &[EpochEntry {
                epoch: 3,
                start_offset: 5
            }]
        );
    }

    // shouldDropEntriesOnEpochBoundaryWhenRemovingLatestEntries / ...BetweenEpochBoundaries
    #[test]
    fn truncate_from_end_drops_entries_starting_at_or_after_offset() {
        let mut c = cache(&[(2, 6), (3, 8), (4, 11)]);
        assert!(c.truncate_from_end(8));
        assert_eq!(c.latest_epoch(), Some(2));
        let mut c = cache(&[(2, 6), (3, 8), (4, 11)]);
        assert!(c.truncate_from_end(9));
        assert_eq!(c.latest_epoch(), Some(3));
        assert!(!c.truncate_from_end(20));
    }

    // Rule 10. LeaderEpochFileCache.assign (0.11.0.0 59-69): an append in an
    // epoch not above the latest leaves the cache as it is; 2.1+ removes the
    // conflicting entries and appends the new one.
    #[test]
    fn leader_epoch_file_cache_assign_in_0_11_ignores_a_lower_epoch() {
        let mut c = cache(&[(0, 0), (3, 2)]);
        assert!(!c.assign_above_latest(2, 3));
        assert_eq!(c, cache(&[(0, 0), (3, 2)]));
        assert!(c.assign_above_latest(4, 3));
        let mut newer = cache(&[(0, 0), (3, 2)]);
        assert!(newer.assign(2, 3));
        assert_eq!(newer, cache(&[(0, 0), (2, 3)]));
    }
}
