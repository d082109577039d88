//! The one way into the model: a command, and the reasons one can be refused.

use crate::broker_set::BrokerIx;
use crate::config::{Acks, Setting};
use crate::log::Value;
use serde::Serialize;

/// `<id>` or `<id>@<offset>`: a broker that stops, losing its unflushed records
/// from `unflushed_from` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CrashTarget {
    pub broker: BrokerIx,
    pub unflushed_from: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Command {
    /// A producer writes one record to the leader (`acks` None: the configured default).
    Produce {
        value: Value,
        acks: Option<Acks>,
    },
    /// A whole round trip of the follower's replication loop.
    Fetch {
        follower: BrokerIx,
        max: Option<u32>,
    },
    /// The request is handled by the leader; the response stays in flight.
    Send {
        follower: BrokerIx,
        max: Option<u32>,
    },
    /// The response in flight arrives and is applied.
    Deliver {
        follower: BrokerIx,
    },
    /// The response in flight is lost on the way.
    Drop {
        follower: BrokerIx,
    },
    Crash {
        targets: Vec<CrashTarget>,
    },
    Restart {
        broker: BrokerIx,
    },
    /// A clean, controlled stop: the log is flushed, the broker leaves the ISR and
    /// hands over leadership.
    Shutdown {
        broker: BrokerIx,
    },
    /// A crash and restart so quick the controller never noticed.
    Bounce {
        target: CrashTarget,
    },
    Elect {
        broker: BrokerIx,
        unclean: bool,
    },
    Tick {
        ms: u64,
    },
    Set {
        setting: Setting,
    },
}

/// Why a command cannot be applied. The state is left untouched.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum CommandError {
    NoSuchBroker {
        broker: BrokerIx,
    },
    BrokerDown {
        broker: BrokerIx,
    },
    BrokerAlreadyUp {
        broker: BrokerIx,
    },
    /// The leader does not fetch, and cannot be bounced.
    IsLeader {
        broker: BrokerIx,
    },
    AlreadyInFlight {
        follower: BrokerIx,
    },
    NothingInFlight {
        follower: BrokerIx,
    },
    NotInIsr {
        broker: BrokerIx,
    },
    DuplicateTarget {
        broker: BrokerIx,
    },
    /// KRaft: `elect` needs an unfenced ISR member, or an ELR member when the ISR
    /// is empty.
    NotEligible {
        broker: BrokerIx,
    },
    /// KRaft: `elect ... unclean` only while the partition has no leader.
    HasLeader,
    NoTargets,
}
