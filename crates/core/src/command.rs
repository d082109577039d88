//! The one way into the model: a command, and the reasons one can be refused.

use crate::broker_set::BrokerIx;
use crate::config::{Acks, Setting, SettingKey};
use crate::value::Value;
use serde::Serialize;

/// `<id>` or `<id>@<offset>`: a broker that stops, losing its unflushed records
/// from `unflushed_from` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CrashTarget {
    /// The broker that stops.
    pub broker: BrokerIx,
    /// The first offset it has not flushed, lost with the crash (None: nothing lost).
    pub unflushed_from: Option<u64>,
}

/// A step a scenario or a user applies to the cluster.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum Command {
    /// A producer writes one record to the leader (`acks` None: the configured default).
    Produce {
        /// The value to write.
        value: Value,
        /// The acks for this write (None: the configured default).
        acks: Option<Acks>,
    },
    /// A whole round trip of the follower's replication loop.
    Fetch {
        /// The follower that fetches.
        follower: BrokerIx,
        /// The most records the leader returns (None: all it has).
        max: Option<u32>,
    },
    /// The request is handled by the leader; the response stays in flight.
    Send {
        /// The follower that sends.
        follower: BrokerIx,
        /// The most records the leader returns (None: all it has).
        max: Option<u32>,
    },
    /// The response in flight arrives and is applied.
    Deliver {
        /// The follower the response is for.
        follower: BrokerIx,
    },
    /// The response in flight is lost on the way.
    Drop {
        /// The follower the response was for.
        follower: BrokerIx,
    },
    /// Brokers go down together, the controller seeing it.
    Crash {
        /// The brokers that go down, each with what it loses.
        targets: Vec<CrashTarget>,
    },
    /// A crashed broker comes back up, recovering its log.
    Restart {
        /// The broker that restarts.
        broker: BrokerIx,
    },
    /// A clean, controlled stop: the log is flushed, the broker leaves the ISR and
    /// hands over leadership.
    Shutdown {
        /// The broker that shuts down.
        broker: BrokerIx,
    },
    /// A crash and restart so quick the controller never noticed.
    Bounce {
        /// The broker that bounces, and what it loses.
        target: CrashTarget,
    },
    /// The controller elects a leader.
    Elect {
        /// The broker to make leader.
        broker: BrokerIx,
        /// Whether it may be elected from outside the ISR (unclean leader election).
        unclean: bool,
    },
    /// The clock moves on.
    Tick {
        /// How many milliseconds pass.
        ms: u64,
    },
    /// One poll of a consumer at the leader (created by its first).
    Consume {
        /// The consumer's name.
        consumer: Value,
        /// The most records the poll returns (None: all it may read).
        max: Option<u32>,
    },
    /// A configuration setting changes.
    Set {
        /// The new setting.
        setting: Setting,
    },
}

impl Command {
    /// Whether `next`, right after this command, completes a fetch split in
    /// two: this is a send and `next` the delivery of its response to the same
    /// follower. The pair leaves the cluster `Fetch` leaves from the state
    /// before the send, and fires the same kinds of violation (a property
    /// test holds it over random histories), so a search that tried that fetch
    /// need not try the delivery.
    pub fn completes_fetch(&self, next: &Command) -> bool {
        matches!((self, next), (Command::Send { follower, .. }, Command::Deliver { follower: f }) if follower == f)
    }
}

/// Why a command cannot be applied. The state is left untouched.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum CommandError {
    /// No broker has that index.
    NoSuchBroker {
        /// The index asked for.
        broker: BrokerIx,
    },
    /// The broker is down.
    BrokerDown {
        /// The broker that is down.
        broker: BrokerIx,
    },
    /// `restart` of a broker that is up.
    BrokerAlreadyUp {
        /// The broker that is up.
        broker: BrokerIx,
    },
    /// The leader does not fetch, and cannot be bounced.
    IsLeader {
        /// The leader.
        broker: BrokerIx,
    },
    /// The follower already has a request out.
    AlreadyInFlight {
        /// The follower with the request out.
        follower: BrokerIx,
    },
    /// `deliver` or `drop` with no response in flight.
    NothingInFlight {
        /// The follower with nothing in flight.
        follower: BrokerIx,
    },
    /// ZooKeeper: a clean `elect` of a broker outside the ISR.
    NotInIsr {
        /// The broker outside the ISR.
        broker: BrokerIx,
    },
    /// `crash` names the same broker twice.
    DuplicateTarget {
        /// The broker named twice.
        broker: BrokerIx,
    },
    /// KRaft: `elect` needs an unfenced ISR member, or an ELR member when the ISR
    /// is empty.
    NotEligible {
        /// The broker that may not be elected.
        broker: BrokerIx,
    },
    /// KRaft: `elect ... unclean` only while the partition has no leader.
    HasLeader,
    /// `crash` with no broker named.
    NoTargets,
    /// `set` of a key that only the header sets (1.4 rule 3).
    HeaderOnlySetting {
        /// The key.
        key: SettingKey,
    },
}
