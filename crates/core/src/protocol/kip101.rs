//! `kip-101`: Kafka 0.11 leader epochs. A follower that restarts or sees a new
//! leader asks OffsetsForLeaderEpoch (v0) with its latest epoch, gets an end offset
//! only, and truncates to it if it is below its log end (to its high watermark when
//! undefined), in one round (`ReplicaFetcherThread.maybeTruncate` in 0.11). The
//! leader records a new epoch only with its first write in it.

use super::{FollowCause, FollowStart, FollowerLog, Rules, TruncationDecision};
use crate::epoch_cache::LeaderEpochCache;
use crate::event::TruncationRule;
use crate::message::EpochAnswer;

pub struct Kip101;

impl Rules for Kip101 {
    /// A 0.11 follower asks even with an empty cache, with epoch −1
    /// (`ReplicaFetcherThread.buildLeaderEpochRequest`).
    fn follow_start(&self, cause: FollowCause, _: bool) -> FollowStart {
        cause.before_2_1(FollowStart::Validate)
    }

    /// Asked for epoch −1 (None), a 0.11 leader answers its log end when its own
    /// cache is empty too, otherwise undefined (0.11 `endOffsetFor`).
    fn answer_epoch_query(&self, cache: &LeaderEpochCache, leo: u64, asked: Option<u32>) -> EpochAnswer {
        let end_offset = match asked {
            Some(e) => cache.end_offset_for_v0(e, leo),
            None => cache.latest_epoch().is_none().then_some(leo),
        };
        EpochAnswer {
            epoch: None,
            end_offset,
        }
    }

    fn decide(&self, follower: FollowerLog<'_>, asked: Option<u32>, answer: EpochAnswer) -> TruncationDecision {
        let rule = match (asked, answer.end_offset) {
            (_, Some(end_offset)) => TruncationRule::LeaderEndOffset { asked, end_offset },
            _ => TruncationRule::UndefinedEndOffset { asked, hw: follower.hw },
        };
        let to = match rule {
            TruncationRule::LeaderEndOffset { end_offset, .. } => end_offset.min(follower.leo),
            _ => follower.hw.min(follower.leo),
        };
        TruncationDecision {
            to,
            rule,
            complete: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::epoch_cache::cache;
    use crate::protocol::follower;

    #[test]
    fn the_leader_answers_an_offset_only() {
        let leader = cache(&[(0, 0), (1, 1)]);
        let a = Kip101.answer_epoch_query(&leader, 2, Some(0));
        assert_eq!(
            a,
            EpochAnswer {
                epoch: None,
                end_offset: Some(1)
            }
        );
        // A 0.11 leader that has not written in its new epoch answers its log end
        // for the epoch it last wrote in.
        let leader = cache(&[(0, 0)]);
        assert_eq!(Kip101.answer_epoch_query(&leader, 2, Some(0)).end_offset, Some(2));
    }

    // 0.11 ReplicaFetcherThread: a follower with an empty cache still asks, with −1;
    // LeaderEpochFileCache.endOffsetFor(-1) is the log end only for an empty cache.
    #[test]
    fn an_empty_cache_asks_with_minus_one() {
        assert_eq!(Kip101.follow_start(FollowCause::Restart, false), FollowStart::Validate);
        let empty = cache(&[]);
        assert_eq!(Kip101.answer_epoch_query(&empty, 3, None).end_offset, Some(3));
        let leader = cache(&[(0, 0)]);
        assert_eq!(Kip101.answer_epoch_query(&leader, 3, None).end_offset, None);
    }

    // 0.11.0.0 Partition.makeFollower: the same leader id is no change.
    #[test]
    fn the_same_leader_in_a_new_epoch_changes_nothing() {
        assert_eq!(Kip101.follow_start(FollowCause::NewEpoch, true), FollowStart::Continue);
    }

    #[test]
    fn the_follower_truncates_only_below_its_log_end_in_one_round() {
        let own = cache(&[(0, 0)]);
        let f = follower(&own, 2, 1);
        let d = Kip101.decide(
            f,
            Some(0),
            EpochAnswer {
                epoch: None,
                end_offset: Some(1),
            },
        );
        assert_eq!((d.to, d.complete), (1, true));
        let d = Kip101.decide(
            f,
            Some(0),
            EpochAnswer {
                epoch: None,
                end_offset: Some(5),
            },
        );
        assert_eq!(d.to, 2);
        let d = Kip101.decide(
            f,
            Some(0),
            EpochAnswer {
                epoch: None,
                end_offset: None,
            },
        );
        assert_eq!(d.to, 1, "undefined: truncate to the high watermark");
    }
}
