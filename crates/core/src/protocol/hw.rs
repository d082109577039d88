//! `hw`: before Kafka 0.11. A replica that becomes a follower (restart or a leader
//! change) truncates its log to its own high watermark at once
//! (`ReplicaManager.makeFollowers`), then fetches.

use super::{FollowCause, FollowStart, FollowerLog, Rules, TruncationDecision};
use crate::epoch_cache::LeaderEpochCache;
use crate::event::TruncationRule;
use crate::message::EpochAnswer;

pub struct Hw;

impl Rules for Hw {
    /// There is no OffsetsForLeaderEpoch before 0.11: nothing is known.
    fn answer_epoch_query(&self, _: &LeaderEpochCache, _: u64, _: Option<u32>) -> EpochAnswer {
        EpochAnswer {
            epoch: None,
            end_offset: None,
        }
    }

    fn decide(&self, follower: FollowerLog<'_>, _: Option<u32>, _: EpochAnswer) -> TruncationDecision {
        TruncationDecision {
            to: follower.hw.min(follower.leo),
            rule: TruncationRule::HighWatermark { hw: follower.hw },
            complete: true,
        }
    }

    /// `ReplicaManager.makeFollowers`: on a restart or a new leader, truncate
    /// to the HW, then fetch; the same leader in a new epoch changes nothing.
    fn follow_start(&self, cause: FollowCause, _: bool) -> FollowStart {
        cause.before_2_1(FollowStart::TruncateToHighWatermark)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::follower;

    #[test]
    fn a_new_follower_truncates_to_its_high_watermark() {
        assert_eq!(
            Hw.follow_start(FollowCause::Restart, false),
            FollowStart::TruncateToHighWatermark
        );
        assert_eq!(
            Hw.follow_start(FollowCause::NewLeader, false),
            FollowStart::TruncateToHighWatermark
        );
        let c = LeaderEpochCache::default();
        let d = Hw.decide(follower(&c, 2, 1), None, Hw.answer_epoch_query(&c, 0, None));
        assert_eq!(d.to, 1);
    }

    // 0.10.2.1 Partition.makeFollower: the same leader id is no change.
    #[test]
    fn the_same_leader_in_a_new_epoch_changes_nothing() {
        assert_eq!(Hw.follow_start(FollowCause::NewEpoch, false), FollowStart::Continue);
    }
}
