//! `kip-279`: Kafka 2.1 (KIP-279 with KIP-320, KAFKA-7164, KAFKA-7415, KAFKA-7128).
//! The OffsetsForLeaderEpoch answer carries the leader's largest epoch at or below
//! the one asked and where it ends; the follower may need several rounds
//! (`truncation::decide_on_epoch_end`). It validates on every epoch change; a new
//! leader records its epoch at its log end at once; a follower rejoins the ISR only
//! once it reaches the start of the leader's current epoch.

use super::{FollowCause, FollowStart, Rules};
use crate::epoch_cache::LeaderEpochCache;
use crate::message::EpochAnswer;

pub struct Kip279;

/// The leader side of OffsetsForLeaderEpoch from v1 on (`endOffsetFor`).
pub(super) fn answer_with_epoch(cache: &LeaderEpochCache, leo: u64, asked: Option<u32>) -> EpochAnswer {
    match asked.and_then(|e| cache.end_offset_for(e, leo)) {
        Some(a) => EpochAnswer {
            epoch: Some(a.epoch),
            end_offset: Some(a.end_offset),
        },
        None => EpochAnswer {
            epoch: None,
            end_offset: None,
        },
    }
}

impl Rules for Kip279 {
    /// Every epoch change validates (KAFKA-7164); without epochs there is nothing
    /// to ask: 2.1 `ReplicaFetcherThread` reports epoch −1, skips the request and
    /// takes the answer as undefined, so the follower truncates to its HW.
    fn follow_start(&self, _: FollowCause, has_epochs: bool) -> FollowStart {
        FollowStart::from_2_1(has_epochs, FollowStart::Validate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_epoch_change_makes_the_follower_validate() {
        for cause in [FollowCause::Restart, FollowCause::NewLeader, FollowCause::NewEpoch] {
            assert_eq!(Kip279.follow_start(cause, true), FollowStart::Validate);
            assert_eq!(
                Kip279.follow_start(cause, false),
                FollowStart::TruncateToHighWatermark,
                "2.1: no epoch to ask about, so an undefined answer: the HW"
            );
        }
    }

    #[test]
    fn the_leader_answers_its_floor_epoch_and_the_next_start() {
        let mut c = LeaderEpochCache::default();
        c.assign(0, 0);
        c.assign(2, 1);
        c.assign(4, 2);
        let a = Kip279.answer_epoch_query(&c, 3, Some(3));
        assert_eq!(
            a,
            EpochAnswer {
                epoch: Some(2),
                end_offset: Some(2)
            }
        );
    }
}
