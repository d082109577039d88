//! The follower's truncation rule from KIP-279 on
//! (`AbstractFetcherThread.getOffsetTruncationState`), shared by `kip-279` and
//! `diverging-epoch`.

use super::{FollowerLog, TruncationDecision};
use crate::event::TruncationRule;
use crate::message::EpochAnswer;

/// Given the leader's (epoch, end offset) for the epoch the follower asked about:
/// - undefined: truncate to the high watermark;
/// - the follower asks its own cache for the leader's epoch (`endOffsetFor`);
///   with no epochs at all it truncates to the leader's end offset;
/// - the same epoch back: truncate to the smaller end offset, done;
/// - a smaller epoch back: truncate to where that epoch ends locally, ask again.
///
/// Never above the follower's own log end.
pub fn decide_on_epoch_end(follower: FollowerLog<'_>, asked: Option<u32>, answer: EpochAnswer) -> TruncationDecision {
    let (leader_epoch, leader_end) = match (answer.epoch, answer.end_offset) {
        (Some(e), Some(o)) => (e, o),
        _ => {
            return TruncationDecision {
                to: follower.hw.min(follower.leo),
                rule: TruncationRule::UndefinedEndOffset { asked, hw: follower.hw },
                complete: true,
            }
        }
    };
    match follower.cache.end_offset_for(leader_epoch, follower.leo) {
        None => TruncationDecision {
            to: leader_end.min(follower.leo),
            rule: TruncationRule::NoFollowerEpochs {
                asked,
                leader_epoch,
                leader_end,
            },
            complete: true,
        },
        Some(local) if local.epoch == leader_epoch => TruncationDecision {
            to: local.end_offset.min(leader_end).min(follower.leo),
            rule: TruncationRule::SameEpoch {
                asked: asked.unwrap_or(leader_epoch),
                epoch: leader_epoch,
                leader_end,
                follower_end: local.end_offset,
            },
            complete: true,
        },
        Some(local) => TruncationDecision {
            to: local.end_offset.min(follower.leo),
            rule: TruncationRule::FollowerEpochBelow {
                asked: asked.unwrap_or(leader_epoch),
                leader_epoch,
                leader_end,
                follower_epoch: local.epoch,
                follower_end: local.end_offset,
            },
            complete: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::epoch_cache::{cache, LeaderEpochCache};
    use crate::protocol::follower;

    fn answer(epoch: u32, end: u64) -> EpochAnswer {
        EpochAnswer {
            epoch: Some(epoch),
            end_offset: Some(end),
        }
    }

    #[test]
    fn same_epoch_truncates_to_the_smaller_end_offset() {
        let c = cache(&[(0, 0)]);
        let f = follower(&c, 2, 0);
        let d = decide_on_epoch_end(f, Some(0), answer(0, 1));
        assert_eq!((d.to, d.complete), (1, true));
    }

    #[test]
    fn smaller_local_epoch_truncates_there_and_asks_again() {
        // Follower {0:0, 1:1, 3:2}, leader answered (2, 2): the follower's largest
        // epoch at or below 2 is 1, which ends (locally) where 3 starts, at 2.
        let c = cache(&[(0, 0), (1, 1), (3, 2)]);
        let f = follower(&c, 3, 1);
        let d = decide_on_epoch_end(f, Some(3), answer(2, 2));
        assert_eq!((d.to, d.complete), (2, false));
        assert!(matches!(
            d.rule,
            TruncationRule::FollowerEpochBelow { follower_epoch: 1, .. }
        ));
    }

    #[test]
    fn no_local_epoch_at_or_below_answers_first_start_offset() {
        // endOffsetFor(1) on {3:4} answers (1, 4): same epoch, truncate to min(4, 6).
        let c = cache(&[(3, 4)]);
        let f = follower(&c, 8, 0);
        let d = decide_on_epoch_end(f, Some(3), answer(1, 6));
        assert_eq!((d.to, d.complete), (4, true));
    }

    #[test]
    fn undefined_answer_truncates_to_hw_and_empty_cache_to_leader_end() {
        let c = cache(&[(0, 0)]);
        let f = follower(&c, 5, 3);
        let undefined = EpochAnswer {
            epoch: None,
            end_offset: None,
        };
        assert_eq!(decide_on_epoch_end(f, Some(0), undefined).to, 3);
        let empty = LeaderEpochCache::default();
        let f = follower(&empty, 5, 0);
        assert_eq!(decide_on_epoch_end(f, None, answer(2, 4)).to, 4);
    }

    #[test]
    fn never_truncates_above_the_log_end() {
        let c = cache(&[(0, 0)]);
        let f = follower(&c, 2, 0);
        let d = decide_on_epoch_end(f, Some(0), answer(0, 9));
        assert_eq!(d.to, 2);
    }
}
