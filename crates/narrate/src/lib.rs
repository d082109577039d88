//! Sentences for the model's events, errors and findings. The core holds no
//! display text; the runner and the app both speak through this crate, so no
//! sentence is written twice.

mod en;
mod labels;
mod zh;

pub use labels::{label, Label};

use replab_core::command::CommandError;
use replab_core::event::{ElectionReason, Event, Violation};
use replab_core::protocol::ControllerKind;
use replab_core::scenario::{Found, ScriptError, ScriptErrorKind};
use replab_core::{BrokerIx, BrokerSet, Protocol};

/// The languages narration is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Zh,
}

impl Lang {
    /// The language tag (`en`, `zh`), as stored and put in links.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// From a tag such as `zh-CN` or `en-US`; None for other languages.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }
}

/// Broker names by index, as the cluster lists them.
pub struct Names<'a>(pub &'a [String]);

impl Names<'_> {
    pub fn get(&self, b: usize) -> &str {
        self.0.get(b).map_or("?", |s| s.as_str())
    }

    fn list(&self, set: replab_core::BrokerSet) -> String {
        let v: Vec<&str> = set.iter().map(|b| self.get(b)).collect();
        if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    }
}

/// One event as a sentence.
pub fn event(lang: Lang, names: &Names, e: &Event) -> String {
    match lang {
        Lang::En => en::event(names, e),
        Lang::Zh => zh::event(names, e),
    }
}

/// The Kafka releases a protocol stands for ("Kafka 2.8–3.x").
pub fn releases(lang: Lang, p: Protocol) -> &'static str {
    match lang {
        Lang::En => en::releases(p),
        Lang::Zh => zh::releases(p),
    }
}

/// A protocol as the selector lists it: its name and its releases
/// ("diverging-epoch (Kafka 2.8–3.x)").
pub fn protocol_option(lang: Lang, p: Protocol) -> String {
    match lang {
        Lang::En => format!("{} ({})", p.name(), releases(lang, p)),
        Lang::Zh => format!("{}（{}）", p.name(), releases(lang, p)),
    }
}

/// What a protocol stands for, in short: its releases and their controller
/// ("Kafka 2.8–3.x, ZooKeeper controller").
pub fn stands_for(lang: Lang, p: Protocol) -> String {
    let controller = match p.controller() {
        ControllerKind::ZooKeeper => "ZooKeeper",
        ControllerKind::KRaft => "KRaft",
    };
    match lang {
        Lang::En => format!("{}, {controller} controller", releases(lang, p)),
        Lang::Zh => format!("{}，{controller} 控制器", releases(lang, p)),
    }
}

/// One sentence on a protocol: the releases it stands for, their controller,
/// and what marks the generation.
pub fn protocol_note(lang: Lang, p: Protocol) -> &'static str {
    match lang {
        Lang::En => en::protocol_note(p),
        Lang::Zh => zh::protocol_note(p),
    }
}

/// What a follower does when it is told of a new leader or a new epoch, as the
/// decision panel tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// It carries on without checking its log (before KAFKA-7164, Kafka 2.1).
    KeepsFollowing,
    /// It asks the leader with OffsetsForLeaderEpoch before fetching.
    Validates,
    /// It fetches from its log end, each fetch carrying its latest epoch for the
    /// leader to check (truncation on fetch).
    FetchChecked,
    /// It truncates to its own high watermark (its log ended at `from`), then fetches.
    TruncatesToHw { hw: u64, from: u64 },
    /// It fetches from its log end.
    Fetches,
}

/// How the leader of a new epoch records it in its leader-epoch cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpochRecord {
    /// At once, at its log end (Kafka 2.1+).
    AtOnce { offset: u64 },
    /// With its next write (Kafka 0.11).
    WithNextWrite,
    /// Not at all: no leader-epoch cache before Kafka 0.11.
    NoCache,
}

/// One row of a decision the panel explains besides truncations: the controller's
/// epoch bump on a follower crash, a follower that keeps following the same leader
/// into a new epoch, a restarted broker that waits for a leader, then finds one;
/// elections from the ELR, of the last known leader and unclean ones; a KRaft
/// partition going offline; a high watermark held by strict min ISR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Explain<'a> {
    /// Which followers crashed and left the ISR.
    BumpCause {
        crashed: BrokerSet,
        isr: BrokerSet,
    },
    /// Why the epoch changed although the leader did not.
    BumpRule {
        leader: BrokerIx,
        epoch: u32,
    },
    /// The leader in its new epoch.
    BumpLeader {
        leader: BrokerIx,
        epoch: u32,
        record: EpochRecord,
    },
    /// What one follower does about the new epoch.
    BumpFollower {
        follower: BrokerIx,
        leader: BrokerIx,
        reaction: Reaction,
    },
    /// No other replica is running to see the new epoch.
    NoFollowerRunning,
    /// The leader a follower already followed leads again, in a new epoch, and why.
    SameLeaderCause {
        leader: BrokerIx,
        epoch: u32,
        reason: &'a ElectionReason,
    },
    /// Why the follower did nothing about it (KAFKA-7164).
    SameLeaderRule,
    KeptFollowingResult {
        follower: BrokerIx,
        leader: BrokerIx,
    },
    /// A broker restarted while the partition had no leader.
    WaitingCause {
        broker: BrokerIx,
        leo: u64,
        hw: u64,
    },
    WaitingRule,
    WaitingResult {
        broker: BrokerIx,
    },
    /// What it will do once a leader is elected.
    WaitingNext {
        broker: BrokerIx,
        reaction: Reaction,
    },
    /// A leader was elected while a restarted broker waited.
    LeaderFoundCause {
        leader: BrokerIx,
        epoch: u32,
        reason: &'a ElectionReason,
    },
    /// Why it acts only now: it had waited since step `since`.
    LeaderFoundRule {
        broker: BrokerIx,
        since: usize,
    },
    LeaderFoundResult {
        follower: BrokerIx,
        leader: BrokerIx,
        reaction: Reaction,
    },
    /// KRaft: the ISR was empty and `leader` was the first unfenced member of the
    /// ELR (`elr`, as it was at the election).
    ElrElectionCause {
        leader: BrokerIx,
        elr: BrokerSet,
    },
    ElrElectionRule,
    /// "B elected from the ELR: the ISR was empty", with the epoch, ISR and ELR after.
    ElrElectionResult {
        leader: BrokerIx,
        epoch: u32,
        isr: BrokerSet,
        elr: BrokerSet,
    },
    /// KRaft: the ISR and the ELR were both empty; `leader` led when the ISR emptied.
    LastKnownLeaderCause {
        leader: BrokerIx,
    },
    LastKnownLeaderRule,
    /// "A elected as last known leader: no ISR or ELR member was left".
    LastKnownLeaderResult {
        leader: BrokerIx,
        epoch: u32,
    },
    /// Why an unclean election happened: after the leader `previous` failed with
    /// no ISR member up, on a return to an offline partition, or by request.
    /// `kraft`: the ELR counts too.
    UncleanCause {
        leader: BrokerIx,
        previous: Option<BrokerIx>,
        reason: &'a ElectionReason,
        kraft: bool,
    },
    UncleanRule {
        requested: bool,
        kraft: bool,
    },
    /// The new leader and the committed records it lacks (lost: their values and
    /// the first offset; none: nothing committed is lost).
    UncleanResult {
        leader: BrokerIx,
        epoch: u32,
        lost: &'a [replab_core::Value],
        from: Option<u64>,
    },
    /// KRaft: the leader `previous` stopped (`shut_down`: cleanly) and nobody may
    /// take over.
    OfflineCause {
        previous: BrokerIx,
        shut_down: bool,
    },
    /// "no eligible replica is up: the partition goes offline, and under KRaft
    /// that is a new leader epoch too".
    OfflineRule,
    OfflineResult {
        epoch: u32,
        isr: BrokerSet,
        elr: BrokerSet,
        last_known_leader: Option<BrokerIx>,
    },
    /// Who may bring it back: the down brokers whose restart now would (`able`)
    /// and would not (`unable`) elect a leader, then the rule in general
    /// (`has_elr`: the ELR is kept; `unclean`: unclean leader election is enabled).
    OfflineNext {
        able: BrokerSet,
        unable: BrokerSet,
        has_elr: bool,
        unclean: bool,
    },
    /// Strict min ISR: the ISR is below min.insync.replicas.
    HwHeldCause {
        isr: BrokerSet,
        min_isr: u32,
    },
    HwHeldRule,
    /// "HW held at 1: ISR has 1 of min.insync.replicas 2", and which of the
    /// leader's records stay uncommitted (offsets `hw` to `leo` - 1).
    HwHeldResult {
        leader: BrokerIx,
        hw: u64,
        leo: u64,
        isr: u32,
        min_isr: u32,
    },
}

/// A row of a decision in words.
pub fn explain(lang: Lang, names: &Names, e: &Explain) -> String {
    match lang {
        Lang::En => en::explain(names, e),
        Lang::Zh => zh::explain(names, e),
    }
}

/// A truncation event's reason alone ("the leader says epoch 0 ends at offset 1").
pub fn truncation_reason(lang: Lang, rule: &replab_core::TruncationRule) -> String {
    match lang {
        Lang::En => en::truncation_reason(rule),
        Lang::Zh => zh::truncation_reason(rule),
    }
}

/// A violation's short detail ("m2 at offset 1").
pub fn violation_detail(lang: Lang, names: &Names, v: &Violation) -> String {
    match lang {
        Lang::En => en::violation_detail(names, v),
        Lang::Zh => zh::violation_detail(names, v),
    }
}

/// A script error, with its line: `line 7: unknown broker 'D'`.
pub fn script_error(lang: Lang, names: &Names, e: &ScriptError) -> String {
    match lang {
        Lang::En => format!("line {}: {}", e.line, en::script_error(names, &e.kind)),
        Lang::Zh => format!("第 {} 行：{}", e.line, zh::script_error(names, &e.kind)),
    }
}

/// What is wrong with a piece of scenario text, without a line.
pub fn script_error_kind(lang: Lang, kind: &ScriptErrorKind) -> String {
    match lang {
        Lang::En => en::script_error(&Names(&[]), kind),
        Lang::Zh => zh::script_error(&Names(&[]), kind),
    }
}

/// A refused command, without a line.
pub fn command_error(lang: Lang, names: &Names, e: &CommandError) -> String {
    match lang {
        Lang::En => en::command_error(names, e),
        Lang::Zh => zh::command_error(names, e),
    }
}

/// What an expectation found instead.
pub fn found(lang: Lang, names: &Names, f: &Found) -> String {
    match lang {
        Lang::En => en::found(names, f),
        Lang::Zh => zh::found(names, f),
    }
}

/// A request as its protocol name with arguments ("Fetch(offset 2)").
pub fn request(lang: Lang, r: &replab_core::message::Request) -> String {
    match lang {
        Lang::En => en::request(r),
        Lang::Zh => zh::request(r),
    }
}

/// A response's content ("epoch 0 ends at offset 1").
pub fn reply(lang: Lang, r: &replab_core::message::Reply) -> String {
    match lang {
        Lang::En => en::reply(r),
        Lang::Zh => zh::reply(r),
    }
}

/// A violation as a sentence, without the kind's name ("m2 (epoch 0) is no
/// longer at offset 1 in leader A's log").
pub fn violation_sentence(lang: Lang, names: &Names, v: &Violation) -> String {
    match lang {
        Lang::En => en::violation_sentence(names, v),
        Lang::Zh => zh::violation_sentence(names, v),
    }
}

/// What is wrong with a share link: the link itself, the step it names, or the
/// scenario inside it (with the broker names its error may refer to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    Link(replab_share::LinkError),
    StepOutOfRange { step: usize, len: usize },
    Script { error: ScriptError, names: Vec<String> },
}

/// A share-link problem as a sentence.
pub fn link_error(lang: Lang, e: &LinkProblem) -> String {
    let script = |error: &ScriptError, names: &[String]| script_error(lang, &Names(names), error);
    match lang {
        Lang::En => en::link_error(e, script),
        Lang::Zh => zh::link_error(e, script),
    }
}
