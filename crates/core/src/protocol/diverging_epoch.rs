//! `diverging-epoch`: Kafka 2.8+ truncation on fetch (KAFKA-10554). Each fetch carries the
//! follower's latest epoch; the leader checks it against its own cache
//! (`Partition.readRecords`) and answers a diverging fetch with a DivergingEpoch
//! (epoch, end offset) and no records. The follower truncates with the KIP-279 rule,
//! over as many fetches as it takes. Everything else as `kip-279`.

use super::{FetchCheck, FollowCause, FollowStart, Rules};
use crate::epoch_cache::LeaderEpochCache;

/// Truncation on fetch (2.8+).
pub struct DivergingEpoch;

impl Rules for DivergingEpoch {
    /// A follower with epochs goes straight to fetching (2.8
    /// `AbstractFetcherThread.addPartitions`: Fetching when truncation on fetch is
    /// supported and a last fetched epoch is known); without, it truncates to its HW.
    fn follow_start(&self, _: FollowCause, has_epochs: bool) -> FollowStart {
        FollowStart::from_2_1(has_epochs, FollowStart::Fetch)
    }

    /// The fetch diverges when the leader's largest epoch at or below the
    /// follower's is smaller, or ends before the fetch offset. An epoch the leader
    /// cannot place is OffsetOutOfRange, as in Kafka.
    fn check_fetch(
        &self,
        cache: &LeaderEpochCache,
        leo: u64,
        fetch_offset: u64,
        last_fetched_epoch: Option<u32>,
    ) -> FetchCheck {
        if let Some(fetched) = last_fetched_epoch {
            match cache.end_offset_for(fetched, leo) {
                None => return FetchCheck::OutOfRange,
                Some(a) if a.epoch < fetched || a.end_offset < fetch_offset => {
                    return FetchCheck::Diverging {
                        epoch: a.epoch,
                        end_offset: a.end_offset,
                    }
                }
                Some(_) => {}
            }
        }
        if fetch_offset > leo {
            FetchCheck::OutOfRange
        } else {
            FetchCheck::Read
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DE: DivergingEpoch = DivergingEpoch;

    #[test]
    fn a_fetch_past_the_end_of_its_epoch_diverges() {
        let mut leader = LeaderEpochCache::default();
        leader.assign(0, 0);
        leader.assign(1, 1);
        // The follower fetches at 2 with epoch 0, which ends at 1 on the leader.
        let check = DE.check_fetch(&leader, 2, 2, Some(0));
        assert_eq!(
            check,
            FetchCheck::Diverging {
                epoch: 0,
                end_offset: 1
            }
        );
        assert_eq!(DE.check_fetch(&leader, 2, 1, Some(0)), FetchCheck::Read);
        assert_eq!(DE.check_fetch(&leader, 2, 0, None), FetchCheck::Read);
    }

    // Partition.readRecords: an epoch the leader's cache cannot place
    // (endOffsetFor undefined) is OffsetOutOfRange; a fetch past its log end with a
    // matching epoch diverges at the log end.
    #[test]
    fn an_unplaceable_epoch_is_out_of_range() {
        let mut leader = LeaderEpochCache::default();
        leader.assign(0, 0);
        leader.assign(2, 3);
        // Epoch 5 is above every epoch the leader has and is not its latest.
        assert_eq!(DE.check_fetch(&leader, 4, 4, Some(5)), FetchCheck::OutOfRange);
        assert_eq!(
            DE.check_fetch(&leader, 4, 6, Some(2)),
            FetchCheck::Diverging {
                epoch: 2,
                end_offset: 4
            }
        );
    }
}
