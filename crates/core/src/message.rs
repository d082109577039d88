//! What a follower sends its leader and what comes back.

use crate::log::Record;
use serde::Serialize;

/// What a follower sends its leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Request {
    /// OffsetsForLeaderEpoch: "where does my latest epoch end in your log?"
    OffsetsForLeaderEpoch {
        /// The follower's latest epoch (None: −1, no epochs).
        leader_epoch: Option<u32>,
    },
    /// Fetch from `offset` (the follower's LEO). `last_fetched_epoch` is sent only
    /// by protocols that truncate on fetch (Kafka 2.8+).
    Fetch {
        /// The fetch offset.
        offset: u64,
        /// The epoch of the last record the follower fetched (None: not sent).
        last_fetched_epoch: Option<u32>,
        /// The most records to return (None: all the leader has).
        max: Option<u32>,
    },
}

/// The leader's answer to OffsetsForLeaderEpoch. Version 0 (KIP-101) carries an end
/// offset only (`epoch` is None); from KIP-279 on it carries the epoch too. An
/// undefined answer has no end offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EpochAnswer {
    /// The epoch the leader answers for (None: version 0, KIP-101).
    pub epoch: Option<u32>,
    /// Where that epoch ends in the leader's log (None: undefined).
    pub end_offset: Option<u64>,
}

/// What the leader sends back to a follower.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// The answer to OffsetsForLeaderEpoch.
    EpochEndOffset {
        /// The epoch the follower asked about (None: −1).
        asked: Option<u32>,
        /// The leader's answer.
        answer: EpochAnswer,
    },
    /// A Fetch response with records.
    Records {
        /// The records from the fetch offset on (maybe none).
        records: Vec<Record>,
        /// The leader's HW.
        high_watermark: u64,
    },
    /// Kafka 2.8+ truncation on fetch: the fetch diverges from the leader's log, so no records.
    DivergingEpoch {
        /// The leader's largest epoch at or below the follower's last fetched epoch.
        epoch: u32,
        /// Where that epoch ends in the leader's log.
        end_offset: u64,
        /// The leader's HW.
        high_watermark: u64,
    },
    /// The fetch offset is past the leader's log end.
    OffsetOutOfRange {
        /// The leader's LEO.
        log_end_offset: u64,
    },
}

/// A response without its records, for events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Reply {
    /// The answer to OffsetsForLeaderEpoch.
    EpochEndOffset {
        /// The epoch the follower asked about (None: −1).
        asked: Option<u32>,
        /// The leader's answer.
        answer: EpochAnswer,
    },
    /// A Fetch response with records.
    Records {
        /// The offset of the first record (the fetch offset if none).
        from: u64,
        /// How many records.
        count: u64,
        /// The leader's HW.
        high_watermark: u64,
    },
    /// Kafka 2.8+ truncation on fetch: the fetch diverges from the leader's log, so no records.
    DivergingEpoch {
        /// The leader's largest epoch at or below the follower's last fetched epoch.
        epoch: u32,
        /// Where that epoch ends in the leader's log.
        end_offset: u64,
        /// The leader's HW.
        high_watermark: u64,
    },
    /// The fetch offset is past the leader's log end.
    OffsetOutOfRange {
        /// The leader's LEO.
        log_end_offset: u64,
    },
}

impl Response {
    /// The response without its records; `fetch_offset` stands for the first offset when there are none.
    pub fn reply(&self, fetch_offset: u64) -> Reply {
        match self {
            Response::EpochEndOffset { asked, answer } => Reply::EpochEndOffset {
                asked: *asked,
                answer: *answer,
            },
            Response::Records {
                records,
                high_watermark,
            } => Reply::Records {
                from: records.first().map_or(fetch_offset, |r| r.offset),
                count: records.len() as u64,
                high_watermark: *high_watermark,
            },
            Response::DivergingEpoch {
                epoch,
                end_offset,
                high_watermark,
            } => Reply::DivergingEpoch {
                epoch: *epoch,
                end_offset: *end_offset,
                high_watermark: *high_watermark,
            },
            Response::OffsetOutOfRange { log_end_offset } => Reply::OffsetOutOfRange {
                log_end_offset: *log_end_offset,
            },
        }
    }
}

/// A request a follower has out: answered and on its way back, or a Fetch parked
/// at the leader (`DelayedFetch`) whose response is made later.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct InFlight {
    /// The request it sent.
    pub request: Request,
    /// None while the fetch is parked at the leader: it found no records, so
    /// the leader answers at its next append, or when the response is delivered.
    pub response: Option<Response>,
    /// The leader epoch it was sent in: a new epoch fences it.
    pub leader_epoch: u32,
}

clone_by_fields!(InFlight {
    request,
    response,
    leader_epoch
});

impl InFlight {
    /// The fetch offset (0 for OffsetsForLeaderEpoch).
    pub fn fetch_offset(&self) -> u64 {
        match self.request {
            Request::Fetch { offset, .. } => offset,
            Request::OffsetsForLeaderEpoch { .. } => 0,
        }
    }

    /// The response without its records; None while the fetch is parked.
    pub fn reply(&self) -> Option<Reply> {
        self.response.as_ref().map(|r| r.reply(self.fetch_offset()))
    }

    /// Whether it is a Fetch parked at the leader.
    pub fn is_parked(&self) -> bool {
        self.response.is_none()
    }
}
