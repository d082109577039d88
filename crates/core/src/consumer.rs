//! A consumer: what an application's KafkaConsumer knows of the partition (its
//! position and the leader epoch of the record before it) and what it has read.
//! It changes nothing in the partition (contract 1.4 rule 5); its poll is
//! `handler/consumer.rs`.

use crate::broker_set::BrokerIx;
use crate::chunked::{Chunked, Slice};
use crate::value::Value;
use serde::Serialize;

/// What a `consume` raised to the application.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConsumerError {
    /// OFFSET_OUT_OF_RANGE with auto.offset.reset=none (OffsetOutOfRangeException).
    OffsetOutOfRange,
    /// KIP-320's validation found the log truncated below the position, with
    /// auto.offset.reset=none (LogTruncationException).
    LogTruncation,
}

impl ConsumerError {
    /// Every error, in order.
    pub const ALL: [ConsumerError; 2] = [ConsumerError::OffsetOutOfRange, ConsumerError::LogTruncation];

    /// The name scenarios write (`expect consumer c error <name>`).
    pub fn name(self) -> &'static str {
        match self {
            ConsumerError::OffsetOutOfRange => "offset-out-of-range",
            ConsumerError::LogTruncation => "log-truncation",
        }
    }

    /// The error with that name, if any.
    pub fn from_name(s: &str) -> Option<ConsumerError> {
        Self::ALL.into_iter().find(|e| e.name() == s)
    }
}

/// Why a consumer's position is reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResetCause {
    /// Its fetch was past the leader's log end.
    OffsetOutOfRange,
    /// Its validation's answer was undefined.
    Undefined,
}

impl ResetCause {
    /// The name the runner's JSON writes.
    pub fn name(self) -> &'static str {
        match self {
            ResetCause::OffsetOutOfRange => "offset-out-of-range",
            ResetCause::Undefined => "undefined",
        }
    }

    /// The error a reset of this cause raises when auto.offset.reset=none.
    pub fn error(self) -> ConsumerError {
        match self {
            ResetCause::OffsetOutOfRange => ConsumerError::OffsetOutOfRange,
            ResetCause::Undefined => ConsumerError::LogTruncation,
        }
    }
}

/// A reset a consumer owes: the leader could not answer it yet (KIP-207's
/// OFFSET_NOT_AVAILABLE), so it has no position until its next `consume`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ResetDue {
    /// Why it is due.
    pub cause: ResetCause,
    /// The position it had before.
    pub from: u64,
}

/// A record a consumer's poll returned to the application.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ReadRecord {
    /// Its offset.
    pub offset: u64,
    /// The leader epoch it was written in.
    pub epoch: u32,
    /// Its value.
    pub value: Value,
}

/// One consumer of the partition.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Consumer {
    /// Its name in the scenario.
    pub name: Value,
    /// The offset it fetches next (None while a reset waits).
    pub position: Option<u64>,
    /// The leader epoch of the record before its position (KIP-320, from 2.3);
    /// None before any record, after a reset, and under releases without it.
    pub position_epoch: Option<u32>,
    /// What it owes when `position` is None.
    pub reset_due: Option<ResetDue>,
    /// The leader and leader epoch it last used its position with: a change
    /// makes it validate a position that carries an epoch.
    pub used_with: Option<(BrokerIx, u32)>,
    /// What its last `consume` raised to the application.
    pub error: Option<ConsumerError>,
    pub(crate) read: Chunked<ReadRecord>,
}

clone_by_fields!(Consumer {
    name,
    position,
    position_epoch,
    reset_due,
    used_with,
    error,
    read
});

impl Consumer {
    /// A consumer at offset 0 with no leader epoch: an application that seeks
    /// to the beginning, as its first `consume` creates it.
    pub fn new(name: Value) -> Consumer {
        Consumer {
            name,
            position: Some(0),
            position_epoch: None,
            reset_due: None,
            used_with: None,
            error: None,
            read: Chunked::default(),
        }
    }

    /// The records it has returned so far, in the order read, re-reads included.
    pub fn read(&self) -> Slice<'_, ReadRecord> {
        self.read.all()
    }
}
