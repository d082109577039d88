//! Sentences for the model's events, errors and findings. The core holds no
//! display text; the runner and the app both speak through this crate, so no
//! sentence is written twice.

pub mod catalogue;
mod compare;
mod decisions;
mod en;
mod errors;
mod events;
mod labels;
mod words;
mod zh;

pub use labels::{label, violation_label, Label};

use replab_core::command::CommandError;
use replab_core::compare::Difference;
use replab_core::event::{ElectionReason, EpochRecord, Event, FollowerNext, Violation};
use replab_core::protocol::ControllerKind;
use replab_core::scenario::{Found, ScriptError, ScriptErrorKind};
use replab_core::{BrokerIx, BrokerSet, Cluster, Protocol, Value};

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

/// The leader's HW at event `i` of a step when an earlier event of the step
/// moved it: the last `HighWatermarkChanged` of `leader` before `i`.
pub fn leader_hw_at(events: &[Event], i: usize, leader: BrokerIx) -> Option<u64> {
    events[..i.min(events.len())].iter().rev().find_map(|e| match *e {
        Event::HighWatermarkChanged { broker, to, .. } if broker == leader => Some(to),
        _ => None,
    })
}

/// Event `i` of a step as a sentence, with what the step's other events add: a
/// Records answer carries the leader's HW from before the fetch, so when the
/// fetch moved it the sentence says the follower learns the new one on its next
/// fetch; the crash the controller sees after a halt is told as that.
pub fn event_in_step(lang: Lang, names: &Names, events: &[Event], i: usize) -> String {
    let Some(e) = events.get(i) else {
        return String::new();
    };
    match *e {
        Event::RequestAnswered {
            follower,
            leader,
            reply: replab_core::message::Reply::Records { high_watermark, .. },
        } => {
            if let Some(now) = leader_hw_at(events, i, leader).filter(|&now| now > high_watermark) {
                return event(lang, names, e) + &hw_note(lang, names, leader, follower, now);
            }
        }
        Event::Crashed {
            broker,
            lost_from: None,
            noticed: true,
            ..
        } if events[..i]
            .iter()
            .any(|x| matches!(*x, Event::Halted { broker: b, .. } if b == broker)) =>
        {
            return match lang {
                Lang::En => format!("the controller sees {} go: its process exited", names.get(broker)),
                Lang::Zh => format!("控制器看到 {} 离开：它的进程已经退出", names.get(broker)),
            };
        }
        _ => {}
    }
    event(lang, names, e)
}

/// Every event of a step as a sentence (see `event_in_step`).
pub fn step_events(lang: Lang, names: &Names, events: &[Event]) -> Vec<String> {
    (0..events.len())
        .map(|i| event_in_step(lang, names, events, i))
        .collect()
}

/// " (A's HW is now 2: B learns it on its next fetch)".
fn hw_note(lang: Lang, names: &Names, leader: BrokerIx, follower: BrokerIx, now: u64) -> String {
    let (l, f) = (names.get(leader), names.get(follower));
    match lang {
        Lang::En => format!(" ({l}'s HW is now {now}: {f} learns it on its next fetch)"),
        Lang::Zh => format!("（{l} 的高水位已是 {now}：{f} 下一次拉取时才知道）"),
    }
}

/// A response from `leader` to `follower`, as `reply` says it, and when it
/// carries records with a HW below the leader's HW now (`leader_hw`), that too:
/// "1 record from offset 1, HW 1 (A's HW is now 2: B learns it on its next fetch)".
pub fn reply_with_leader_hw(
    lang: Lang,
    names: &Names,
    r: &replab_core::message::Reply,
    leader: BrokerIx,
    follower: BrokerIx,
    leader_hw: u64,
) -> String {
    let mut out = reply(lang, r);
    if let replab_core::message::Reply::Records { high_watermark, .. } = *r {
        if leader_hw > high_watermark {
            out += &hw_note(lang, names, leader, follower, leader_hw);
        }
    }
    out
}

/// What a message label adds when the leader's HW has moved past the one its
/// records response carries: " (A's HW 2)".
pub fn leader_hw_label(lang: Lang, leader: &str, hw: u64) -> String {
    match lang {
        Lang::En => format!(" ({leader}'s HW {hw})"),
        Lang::Zh => format!("（{leader} 的 HW 已是 {hw}）"),
    }
}

/// A fetch parked at the leader, where a response would be: "waiting at A for
/// new records".
pub fn waiting_at(lang: Lang, leader: &str) -> String {
    match lang {
        Lang::En => format!("waiting at {leader} for new records"),
        Lang::Zh => format!("在 {leader} 处等待新消息"),
    }
}

/// The leader's badge while a replica outside the ISR holds its HW:
/// "HW held by C until 35,000 ms".
pub fn hw_held_badge(lang: Lang, replica: &str, until_ms: u64) -> String {
    let until = thousands(until_ms);
    match lang {
        Lang::En => format!("HW held by {replica} until {until} ms"),
        Lang::Zh => format!("{replica} 拖住 HW，至 {until} ms"),
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

/// One row of a decision the panel explains besides truncations: the controller's
/// epoch bump on a follower crash, a follower that keeps following the same leader
/// into a new epoch, a restarted broker that waits for a leader, then finds one;
/// elections from the ELR, of the last known leader and unclean ones; a KRaft
/// partition going offline; a high watermark held by strict min ISR or by a
/// caught-up replica outside the ISR; a fetch parked at the leader; a committed
/// write answered NOT_ENOUGH_REPLICAS_AFTER_APPEND; a follower that halts; a
/// bounce the controller notices; an election not needed; and, beside a
/// truncation, a follower that will ask the same question again (KAFKA-10706).
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
        next: FollowerNext,
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
        next: FollowerNext,
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
        next: FollowerNext,
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
    /// The fetch found no records: it asked from the leader's log end.
    ParkedCause {
        follower: BrokerIx,
        leader: BrokerIx,
        offset: u64,
    },
    ParkedRule,
    ParkedResult {
        follower: BrokerIx,
        leader: BrokerIx,
    },
    ParkedNext {
        follower: BrokerIx,
        leader: BrokerIx,
    },
    /// `replica`, outside the ISR, caught up within `lag_ms`: its log end counts
    /// until `until_ms`.
    HeldByReplicaCause {
        leader: BrokerIx,
        replica: BrokerIx,
        replica_leo: u64,
        until_ms: u64,
        lag_ms: u64,
    },
    HeldByReplicaRule,
    HeldByReplicaResult {
        leader: BrokerIx,
        hw: u64,
        would_be: u64,
        replica: BrokerIx,
        until_ms: u64,
    },
    /// The HW passed `values` while the ISR was below min.insync.replicas.
    AfterAppendCause {
        leader: BrokerIx,
        values: &'a [Value],
        isr: BrokerSet,
        min_isr: u32,
    },
    AfterAppendRule,
    AfterAppendResult {
        values: &'a [Value],
    },
    /// The follower's fetch offset was past the leader's log end.
    HaltedCause {
        broker: BrokerIx,
        leader: Option<BrokerIx>,
        fetch_offset: u64,
        leader_log_end: u64,
    },
    HaltedRule,
    HaltedResult {
        broker: BrokerIx,
        leo: u64,
    },
    /// The bounced broker came back in `broker_epoch`.
    BounceCause {
        broker: BrokerIx,
        broker_epoch: Option<u32>,
    },
    BounceRule {
        kraft: bool,
    },
    /// `isr`: the ISR after it left (None: it was not in the ISR).
    BounceResult {
        broker: BrokerIx,
        isr: Option<BrokerSet>,
    },
    NotNeededCause {
        broker: BrokerIx,
        epoch: u32,
    },
    NotNeededRule,
    NotNeededResult {
        broker: BrokerIx,
        epoch: u32,
    },
    /// The truncation removed nothing and the epoch cache kept its latest entry:
    /// the next question is this one again.
    SameQuestion {
        broker: BrokerIx,
        leader_epoch: Option<u32>,
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
    // A text too long is refused unread: no line is at fault.
    if matches!(e.kind, ScriptErrorKind::TextTooLong { .. }) {
        return script_error_kind(lang, &e.kind);
    }
    match lang {
        Lang::En => format!("line {}: {}", e.line, en::script_error(names, &e.kind)),
        Lang::Zh => format!("第 {} 行：{}", e.line, zh::script_error(names, &e.kind)),
    }
}

/// A size in bytes as MiB with one decimal: "4.2 MiB".
pub fn mebibytes(bytes: usize) -> String {
    let tenths = (bytes * 10 + (1 << 19)) / (1 << 20);
    format!("{}.{} MiB", tenths / 10, tenths % 10)
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

/// The words of a message's label: one formatting for both languages.
struct MessageWords {
    open: &'static str,
    close: &'static str,
    sep: &'static str,
    offset: &'static str,
    epoch: &'static str,
    no_epoch: &'static str,
    max: &'static str,
    ends_at: &'static str,
    undefined: &'static str,
    no_records: &'static str,
    records: &'static str,
    end: &'static str,
    log_end: &'static str,
}

fn message_words(lang: Lang) -> &'static MessageWords {
    const EN: MessageWords = MessageWords {
        open: "(",
        close: ")",
        sep: ", ",
        offset: "offset ",
        epoch: "epoch ",
        no_epoch: "no epoch",
        max: "max ",
        ends_at: " ends at ",
        undefined: ": undefined",
        no_records: "no records",
        records: "records ",
        end: "end ",
        log_end: "log end ",
    };
    const ZH: MessageWords = MessageWords {
        open: "（",
        close: "）",
        sep: "，",
        offset: "位移 ",
        epoch: "纪元 ",
        no_epoch: "无纪元",
        max: "最多 ",
        ends_at: " 结束于 ",
        undefined: "：未定义",
        no_records: "没有新消息",
        records: "消息 ",
        end: "结束于 ",
        log_end: "日志结束于 ",
    };
    match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}

/// A request as a message in motion is labelled, short ("Fetch(offset 2, epoch 0)",
/// "OffsetsForLeaderEpoch(epoch 0)").
pub fn request_label(lang: Lang, r: &replab_core::message::Request) -> String {
    use replab_core::message::Request;
    let w = message_words(lang);
    let epoch = |e: Option<u32>| e.map_or(w.no_epoch.to_string(), |e| format!("{}{e}", w.epoch));
    match *r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            format!("OffsetsForLeaderEpoch{}{}{}", w.open, epoch(leader_epoch), w.close)
        }
        Request::Fetch {
            offset,
            last_fetched_epoch,
            max,
        } => {
            let mut s = format!("Fetch{}{}{offset}", w.open, w.offset);
            if last_fetched_epoch.is_some() {
                s = s + w.sep + &epoch(last_fetched_epoch);
            }
            if let Some(m) = max {
                s = format!("{s}{}{}{m}", w.sep, w.max);
            }
            s + w.close
        }
    }
}

/// A response as a message in motion is labelled, short, with the values of the
/// records it carries (three at most, else the first, the last and how many):
/// "records m2 · HW 1", "epoch 0 ends at 1", "DivergingEpoch(epoch 0, end 1)".
pub fn reply_label(lang: Lang, r: &replab_core::message::Reply, values: &[Value]) -> String {
    use replab_core::message::Reply;
    let w = message_words(lang);
    let epoch = |e: Option<u32>| e.map_or(w.no_epoch.to_string(), |e| format!("{}{e}", w.epoch));
    match *r {
        Reply::EpochEndOffset { asked, answer } => match (answer.epoch.or(asked), answer.end_offset) {
            (e, Some(o)) => format!("{}{}{o}", epoch(e), w.ends_at),
            (e, None) => epoch(e) + w.undefined,
        },
        Reply::Records {
            from,
            count,
            high_watermark,
        } => {
            let carried = match values {
                [] if count > 0 => format!("{}{}{from}+{count}", w.records, w.offset),
                [] => w.no_records.to_string(),
                [first, .., last] if values.len() > 3 => {
                    format!("{}{first} … {last} {}{}{}", w.records, w.open, values.len(), w.close)
                }
                _ => w.records.to_string() + &values.join(" "),
            };
            format!("{carried} · HW {high_watermark}")
        }
        Reply::DivergingEpoch {
            epoch: e, end_offset, ..
        } => format!(
            "DivergingEpoch{}{}{}{}{end_offset}{}",
            w.open,
            epoch(Some(e)),
            w.sep,
            w.end,
            w.close
        ),
        Reply::OffsetOutOfRange { log_end_offset } => {
            format!("OffsetOutOfRange{}{}{log_end_offset}{}", w.open, w.log_end, w.close)
        }
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

/// How a run of the exhaustive checker (replab-check) ended, as the page tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckerOutcome {
    /// A shortest history of `steps` steps that fires `kind`.
    Violation {
        protocol: Protocol,
        kind: replab_core::ViolationKind,
        steps: u32,
        states: u32,
    },
    /// Every history within the bounds tried: the longest needed `depth` steps.
    NoViolation {
        protocol: Protocol,
        states: u32,
        depth: u32,
    },
    /// Stopped at `limit` states: histories up to `depth` steps are all clean.
    StateLimit {
        protocol: Protocol,
        states: u32,
        depth: u32,
        limit: u32,
    },
    /// The history found did not replay (a bug).
    ReplayFailed { at_step: u32 },
}

/// A checker's outcome as a sentence or two, saying clearly what holds only
/// within the bounds.
pub fn checker_outcome(lang: Lang, o: &CheckerOutcome) -> String {
    match lang {
        Lang::En => en::checker_outcome(o),
        Lang::Zh => zh::checker_outcome(o),
    }
}

/// The title of a history the checker found, as `replab_check::scenario_text`
/// writes it in English ("Found by replab-check: committed-write-lost in 5 steps").
pub fn checker_found_title(lang: Lang, kind: replab_core::ViolationKind, steps: usize) -> String {
    match lang {
        Lang::En => format!("Found by replab-check: {} in {steps} steps", kind.name()),
        Lang::Zh => format!("检查器找到的历史：{}，共 {steps} 步", kind.name()),
    }
}

/// A checker's progress: states seen, and the length of the histories all
/// checked so far (`depth`; `cancelled`: where it was stopped).
pub fn checker_progress(lang: Lang, states: u32, depth: u32, cancelled: bool) -> String {
    match lang {
        Lang::En => en::checker_progress(states, depth, cancelled),
        Lang::Zh => zh::checker_progress(states, depth, cancelled),
    }
}

/// A figure frame's heading: "Step 7 · bounce A"; step 0: "Step 0 · the start".
pub fn figure_heading(lang: Lang, step: usize, command: Option<&str>) -> String {
    match (lang, command) {
        (Lang::En, Some(c)) => format!("Step {step} · {c}"),
        (Lang::En, None) => format!("Step {step} · the start"),
        (Lang::Zh, Some(c)) => format!("第 {step} 步 · {c}"),
        (Lang::Zh, None) => format!("第 {step} 步 · 开始"),
    }
}

/// Which protocol of a run over several is being searched: "kip-101 (2 of 5):".
pub fn checker_under(lang: Lang, protocol: Protocol, nth: usize, of: usize) -> String {
    match lang {
        Lang::En => format!("{} ({nth} of {of}):", protocol.name()),
        Lang::Zh => format!("{}（第 {nth} 个，共 {of} 个）：", protocol.name()),
    }
}

/// States per second, from `states` in `millis`: "(410,000 states/s)".
pub fn checker_rate(lang: Lang, states: u32, millis: f64) -> String {
    let rate = thousands(per_second(states, millis));
    match lang {
        Lang::En => format!("({rate} states/s)"),
        Lang::Zh => format!("（每秒 {rate} 个状态）"),
    }
}

/// How long a search took: "0.42 s, 410,000 states/s".
pub fn checker_timing(lang: Lang, states: u32, millis: f64) -> String {
    // Hundredths of a second in whole numbers: formatting a float with a
    // precision would add the float printer to the page's wasm.
    let hundredths = (millis.max(0.0) / 10.0).round().min(f64::from(u32::MAX)) as u32;
    let seconds = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    let rate = thousands(per_second(states, millis));
    match lang {
        Lang::En => format!("Took {seconds} s, {rate} states/s."),
        Lang::Zh => format!("用时 {seconds} 秒，每秒 {rate} 个状态。"),
    }
}

fn per_second(states: u32, millis: f64) -> u32 {
    if millis <= 0.0 {
        return 0;
    }
    (f64::from(states) * 1000.0 / millis).round().min(f64::from(u32::MAX)) as u32
}

/// The checker's starting point: "hw (Kafka 0.10) · brokers A, B · leader A ·
/// default settings".
pub fn checker_setup(lang: Lang, setup: &replab_core::Setup) -> String {
    let option = protocol_option(lang, setup.protocol);
    let brokers = setup.brokers.join(if lang == Lang::Zh { "、" } else { ", " });
    let leader = setup.brokers.get(setup.leader).map_or("?", |s| s.as_str());
    let settings: Vec<String> = setup
        .config
        .settings()
        .iter()
        .map(|s| format!("{}={}", s.key(), s.value_text()))
        .collect();
    match lang {
        Lang::En => en::checker_setup(&option, &brokers, leader, &settings),
        Lang::Zh => zh::checker_setup(&option, &brokers, leader, &settings),
    }
}

/// Why the checker stops at `limit` states.
pub fn checker_limit(lang: Lang, limit: u32) -> String {
    match lang {
        Lang::En => en::checker_limit(limit),
        Lang::Zh => zh::checker_limit(limit),
    }
}

/// A count with thousands separators: 300,000.
pub fn thousands(n: impl Into<u64>) -> String {
    let n: u64 = n.into();
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A folded span of a lane: its first and last values, how many records, their
/// epochs. "m12 … m9980 · 9,969 records · epoch 0".
pub fn folded(lang: Lang, first: &str, last: &str, count: u64, epochs: (u32, u32)) -> String {
    let (a, b) = epochs;
    let epochs = if a == b { a.to_string() } else { format!("{a}–{b}") };
    let count = thousands(count);
    match lang {
        Lang::En => {
            let s = if a == b { "" } else { "s" };
            format!("{first} … {last} · {count} records · epoch{s} {epochs}")
        }
        Lang::Zh => format!("{first} … {last} · {count} 条记录 · 纪元 {epochs}"),
    }
}

/// The editor holding a long scenario shows a window of its lines:
/// "Lines 2,001–4,000 of 100,207 (1.5 MB); the rest is kept as it is".
pub fn editor_window(lang: Lang, first: usize, last: usize, total: usize, bytes: usize) -> String {
    let (first, last, total) = (thousands(first as u64), thousands(last as u64), thousands(total as u64));
    let mb = bytes / 100_000;
    let size = format!("{}.{} MB", mb / 10, mb % 10);
    match lang {
        Lang::En => format!("Lines {first}–{last} of {total} ({size}); the rest is kept as it is"),
        Lang::Zh => format!("第 {first}–{last} 行，共 {total} 行（{size}）；其余部分保持不变"),
    }
}

/// Values left out of a long list: "… 9,991 more …".
pub fn more(lang: Lang, n: u64) -> String {
    let n = thousands(n);
    match lang {
        Lang::En => format!("… {n} more …"),
        Lang::Zh => format!("… 另外 {n} 个 …"),
    }
}

/// What a folded span's button does, for its label: "Show offsets 12 to 9,980".
pub fn unfold_title(lang: Lang, from: u64, last: u64) -> String {
    let (from, last) = (thousands(from), thousands(last));
    match lang {
        Lang::En => format!("Folded: offsets {from} to {last}. Show them, a page at a time"),
        Lang::Zh => format!("已折叠：偏移量 {from} 到 {last}。点击逐页展开"),
    }
}

/// A decisive step of a history the checker found, as its comment says it: the
/// event, then the records it removed (`lost`) or committed (`committed`, those
/// a later step loses). "B truncates its log from 1 to 0: …; m1 is gone".
pub fn decisive_event(lang: Lang, names: &Names, e: &Event, lost: &[Value], committed: &[Value]) -> String {
    let mut out = event(lang, names, e);
    let list = |v: &[Value], sep: &str| v.iter().map(|v| &**v).collect::<Vec<_>>().join(sep);
    match lang {
        Lang::En => {
            if !lost.is_empty() {
                let verb = if lost.len() == 1 { "is" } else { "are" };
                out += &format!("; {} {verb} gone", list(lost, ", "));
            }
            if !committed.is_empty() {
                let verb = if committed.len() == 1 { "is" } else { "are" };
                out += &format!("; {} {verb} now committed", list(committed, ", "));
            }
        }
        Lang::Zh => {
            if !lost.is_empty() {
                out += &format!("；{} 丢失了", list(lost, "、"));
            }
            if !committed.is_empty() {
                out += &format!("；{} 已提交", list(committed, "、"));
            }
        }
    }
    out
}

/// What one side of a comparison shows of a fact that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shown {
    Broker(Option<BrokerIx>),
    Number(u64),
    Brokers(BrokerSet),
    Up(bool),
    /// A log's values, each with its epoch when the two logs hold the same values.
    Log(Vec<(Value, Option<u32>)>),
    Values(Vec<Value>),
    Fired(bool),
}

/// What `c` shows of the fact `d`; `other` is the other side.
fn shown(d: &Difference, c: &Cluster, other: &Cluster) -> Shown {
    let log = |cl: &Cluster, b: BrokerIx| {
        cl.broker(b)
            .map(|x| x.durable.log.records().to_vec())
            .unwrap_or_default()
    };
    match *d {
        Difference::Leader => Shown::Broker(c.leader()),
        Difference::LeaderEpoch => Shown::Number(c.leader_epoch().into()),
        Difference::Isr => Shown::Brokers(c.isr()),
        Difference::Elr => Shown::Brokers(c.elr()),
        Difference::Alive { broker } => Shown::Up(c.broker(broker).is_some_and(|b| b.is_alive())),
        Difference::Log { broker } => {
            let (mine, theirs) = (log(c, broker), log(other, broker));
            let same_values = mine.len() == theirs.len() && mine.iter().zip(&theirs).all(|(a, b)| a.value == b.value);
            Shown::Log(
                mine.into_iter()
                    .map(|r| (r.value, same_values.then_some(r.epoch)))
                    .collect(),
            )
        }
        Difference::Hw { broker } => Shown::Number(c.broker(broker).map_or(0, |b| b.hw())),
        Difference::Acked => Shown::Values(c.acked().to_vec()),
        Difference::Violation { kind } => Shown::Fired(c.safety().has_fired(kind)),
    }
}

/// Where the same history first looks different under two protocols, as a
/// heading: "First difference at step 7 (bounce A)".
pub fn first_difference(lang: Lang, step: usize, command: &str) -> String {
    match lang {
        Lang::En => format!("First difference at step {step} ({command})"),
        Lang::Zh => format!("第一处不同：第 {step} 步（{command}）"),
    }
}

/// One fact that differs at the same step of one history under two protocols,
/// with what each shows: "A's log: m1 under hw, m1 m2 under kip-101".
pub fn difference(lang: Lang, names: &Names, d: &Difference, a: &Cluster, b: &Cluster) -> String {
    let sides = [(a.protocol(), shown(d, a, b)), (b.protocol(), shown(d, b, a))];
    match lang {
        Lang::En => en::difference(names, d, &sides),
        Lang::Zh => zh::difference(names, d, &sides),
    }
}

/// No difference over the steps both histories have (`until`: the second one
/// stops there).
pub fn no_difference(lang: Lang, a: Protocol, b: Protocol, until: Option<usize>) -> String {
    let (a, b) = (a.name(), b.name());
    match (lang, until) {
        (Lang::En, None) => format!("No difference: {a} and {b} show the same at every step of this history."),
        (Lang::En, Some(k)) => {
            format!("No difference: {a} and {b} show the same up to step {k}, where the comparison stops.")
        }
        (Lang::Zh, None) => format!("没有不同：在这段历史的每一步，{a} 和 {b} 显示的都一样。"),
        (Lang::Zh, Some(k)) => format!("没有不同：直到对比停止的第 {k} 步，{a} 和 {b} 显示的都一样。"),
    }
}

/// Where two histories' leader-epoch caches first part, compared apart from
/// the rest: "Leader-epoch caches first differ at step 0: B's."; `None`: they
/// never do; `keeps_none`: a protocol that keeps no cache, so none are compared.
pub fn cache_difference(
    lang: Lang,
    names: &Names,
    first: Option<(usize, &[BrokerIx])>,
    keeps_none: Option<Protocol>,
) -> String {
    let list = |brokers: &[BrokerIx], sep: &str| brokers.iter().map(|&b| names.get(b)).collect::<Vec<_>>().join(sep);
    match (lang, keeps_none, first) {
        (Lang::En, Some(p), _) => format!(
            "Leader-epoch caches are not compared: {} keeps none (they came with Kafka 0.11).",
            p.name()
        ),
        (Lang::Zh, Some(p), _) => format!(
            "不对比 leader 纪元缓存：{} 没有这种缓存（Kafka 0.11 才引入）。",
            p.name()
        ),
        (Lang::En, None, None) => "Leader-epoch caches, compared apart: the same at every step both have.".into(),
        (Lang::Zh, None, None) => "leader 纪元缓存（单独对比）：两边共有的每一步都相同。".into(),
        (Lang::En, None, Some((step, brokers))) => format!(
            "Leader-epoch caches, compared apart: they first differ at step {step}, in {}'s cache.",
            list(brokers, ", ")
        ),
        (Lang::Zh, None, Some((step, brokers))) => format!(
            "leader 纪元缓存（单独对比）：第一处不同在第 {step} 步，{} 的缓存。",
            list(brokers, "、")
        ),
    }
}

/// A command the compared protocol refuses, shown in its column at that step:
/// "Step 8 (elect C) is refused under kip-279: …".
pub fn compare_refused(
    lang: Lang,
    names: &Names,
    p: Protocol,
    step: usize,
    command: &str,
    error: &CommandError,
) -> String {
    let why = command_error(lang, names, error);
    let p = p.name();
    match lang {
        Lang::En => format!(
            "Step {step} ({command}) is refused under {p}: {why}. This column stays at step {}.",
            step - 1
        ),
        Lang::Zh => format!(
            "第 {step} 步（{command}）在 {p} 下被拒绝：{why}。这一栏停在第 {} 步。",
            step - 1
        ),
    }
}

/// The history could be replayed under `p` only up to `step`: the next command
/// (`command`, as scenario text) is refused with `error`.
pub fn comparison_stopped(
    lang: Lang,
    names: &Names,
    p: Protocol,
    step: usize,
    command: &str,
    error: &CommandError,
) -> String {
    let why = command_error(lang, names, error);
    let p = p.name();
    match lang {
        Lang::En => format!(
            "Under {p} the comparison stops at step {step}: step {} ({command}) is not possible under it: {why}.",
            step + 1
        ),
        Lang::Zh => format!(
            "在 {p} 下对比停在第 {step} 步：第 {} 步（{command}）在该协议下不可行：{why}。",
            step + 1
        ),
    }
}

/// The cursor is past the end of the second history (it stopped, or the loaded
/// scenario has fewer steps under `p`): its last step, `len`, is shown.
pub fn comparison_ends(lang: Lang, p: Protocol, len: usize) -> String {
    let p = p.name();
    match lang {
        Lang::En => format!("Under {p} this history ends at step {len}: that step is shown."),
        Lang::Zh => format!("在 {p} 下这段历史到第 {len} 步为止：这里显示那一步。"),
    }
}

/// The comparison picker's label: "Compare hw with".
pub fn compare_with(lang: Lang, p: Protocol) -> String {
    match lang {
        Lang::En => format!("Compare {} with", p.name()),
        Lang::Zh => format!("对比 {} 与", p.name()),
    }
}

/// The second column's heading: "The same history under kip-101 (Kafka 0.11)".
pub fn compared_heading(lang: Lang, p: Protocol) -> String {
    match lang {
        Lang::En => format!("The same history under {}", protocol_option(lang, p)),
        Lang::Zh => format!("同一段历史在 {}下", protocol_option(lang, p)),
    }
}

/// The first column's heading while comparing: "This history under hw (Kafka 0.10)".
pub fn comparing_heading(lang: Lang, p: Protocol) -> String {
    match lang {
        Lang::En => format!("This history under {}", protocol_option(lang, p)),
        Lang::Zh => format!("这段历史在 {}下", protocol_option(lang, p)),
    }
}

/// "Under hw:" before what one protocol did at a step.
pub fn under(lang: Lang, p: Protocol) -> String {
    match lang {
        Lang::En => format!("under {}:", p.name()),
        Lang::Zh => format!("{} 下：", p.name()),
    }
}

#[cfg(test)]
mod compare_tests {
    use super::*;
    use replab_core::compare;
    use replab_core::scenario;

    fn timeline(text: &str, p: Protocol) -> replab_core::timeline::Timeline {
        let script = scenario::parse(text).expect("parses");
        scenario::load(&script, Some(p)).expect("loads").timeline
    }

    #[test]
    fn the_data_loss_story_parts_at_a_log_in_both_languages() {
        // The data-loss story: under hw B's quick restart truncates it to its HW.
        let text = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nbounce B\ncrash A\nrestart A\n";
        let (hw, kip101) = (timeline(text, Protocol::Hw), timeline(text, Protocol::Kip101));
        let first = compare::first_difference(&hw, &kip101).expect("they differ");
        let (a, b) = (hw.state_at(first.step), kip101.state_at(first.step));
        let names = Names(&hw.setup().brokers);
        let d = &first.differences[0];
        assert_eq!(
            difference(Lang::En, &names, d, &a, &b),
            "B's log: empty under hw, m1 m2 under kip-101"
        );
        assert_eq!(
            difference(Lang::Zh, &names, d, &a, &b),
            "B 的日志：hw 下为 空，kip-101 下为 m1 m2"
        );
        assert_eq!(
            first_difference(Lang::En, first.step, "bounce B"),
            "First difference at step 5 (bounce B)"
        );
    }

    #[test]
    fn logs_with_the_same_values_show_their_epochs() {
        // Under ZooKeeper C's crash bumps the epoch, so m2 is written in epoch 1;
        // under KRaft it stays in epoch 0.
        let text = "brokers A B C\nproduce m1\ncrash C\nproduce m2\n";
        let (zk, kraft) = (
            timeline(text, Protocol::DivergingEpoch),
            timeline(text, Protocol::KraftElr),
        );
        let (a, b) = (zk.head().clone(), kraft.head().clone());
        let names = Names(&zk.setup().brokers);
        let all = compare::differences(&a, &b);
        assert!(all.contains(&compare::Difference::Log { broker: 0 }), "{all:?}");
        assert_eq!(
            difference(Lang::En, &names, &compare::Difference::Log { broker: 0 }, &a, &b),
            "A's log: m1 (epoch 0) m2 (epoch 1) under diverging-epoch, m1 (epoch 0) m2 (epoch 0) under kraft-elr"
        );
        for d in &all {
            for lang in [Lang::En, Lang::Zh] {
                assert!(!difference(lang, &names, d, &a, &b).is_empty());
            }
        }
    }
}

#[cfg(test)]
mod decisive_tests {
    use super::*;
    use replab_core::TruncationRule;

    #[test]
    fn large_counts_have_thousands_separators_and_offsets_do_not() {
        let ids = ["A".to_string(), "B".to_string()];
        let names = Names(&ids);
        let e = Event::Replicated {
            follower: 1,
            from: 0,
            to: 100_000,
        };
        assert_eq!(
            event(Lang::En, &names, &e),
            "B appends 100,000 records (offsets 0 to 99999)"
        );
        assert_eq!(
            event(Lang::Zh, &names, &e),
            "B 追加了 100,000 条消息（位移 0 到 99999）"
        );
    }

    #[test]
    fn a_decisive_event_names_what_it_lost_or_committed() {
        let ids = ["A".to_string(), "B".to_string()];
        let names = Names(&ids);
        let cut = Event::Truncation {
            broker: 1,
            from: 2,
            to: 1,
            rule: TruncationRule::HighWatermark { hw: 1 },
            complete: true,
        };
        let m2 = [Value::from("m2")];
        assert_eq!(
            decisive_event(Lang::En, &names, &cut, &m2, &[]),
            "B truncates its log from 2 to 1: without leader epochs a new follower truncates to its own high \
             watermark, 1; m2 is gone"
        );
        assert!(decisive_event(Lang::Zh, &names, &cut, &m2, &[]).ends_with("；m2 丢失了"));
        let hw = Event::HighWatermarkChanged {
            broker: 0,
            from: 0,
            to: 2,
        };
        let both = [Value::from("m1"), Value::from("m2")];
        assert_eq!(
            decisive_event(Lang::En, &names, &hw, &[], &both),
            "A's high watermark moves from 0 to 2; m1, m2 are now committed"
        );
        assert!(decisive_event(Lang::Zh, &names, &hw, &[], &both).ends_with("；m1、m2 已提交"));
    }
}

#[cfg(test)]
mod checker_tests {
    use super::*;

    #[test]
    fn timing_and_rate_in_whole_numbers() {
        assert_eq!(
            checker_timing(Lang::En, 145_274, 921.6),
            "Took 0.92 s, 157,632 states/s."
        );
        assert_eq!(
            checker_timing(Lang::Zh, 300_000, 1_725.0),
            "用时 1.73 秒，每秒 173,913 个状态。"
        );
        assert_eq!(checker_rate(Lang::En, 10, 0.0), "(0 states/s)");
        assert_eq!(checker_under(Lang::En, Protocol::Kip101, 2, 5), "kip-101 (2 of 5):");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::message::{EpochAnswer, Reply, Request};

    #[test]
    fn message_labels_use_kafkas_names_in_both_languages() {
        let fetch = Request::Fetch {
            offset: 2,
            last_fetched_epoch: Some(0),
            max: None,
        };
        assert_eq!(request_label(Lang::En, &fetch), "Fetch(offset 2, epoch 0)");
        assert_eq!(request_label(Lang::Zh, &fetch), "Fetch（位移 2，纪元 0）");
        let ask = Request::OffsetsForLeaderEpoch { leader_epoch: Some(0) };
        assert_eq!(request_label(Lang::En, &ask), "OffsetsForLeaderEpoch(epoch 0)");
        let none = Request::OffsetsForLeaderEpoch { leader_epoch: None };
        assert_eq!(request_label(Lang::En, &none), "OffsetsForLeaderEpoch(no epoch)");
        let answer = |epoch, end_offset| Reply::EpochEndOffset {
            asked: Some(0),
            answer: EpochAnswer { epoch, end_offset },
        };
        assert_eq!(
            reply_label(Lang::En, &answer(Some(0), Some(1)), &[]),
            "epoch 0 ends at 1"
        );
        assert_eq!(reply_label(Lang::En, &answer(None, Some(1)), &[]), "epoch 0 ends at 1");
        assert_eq!(reply_label(Lang::En, &answer(None, None), &[]), "epoch 0: undefined");
        assert_eq!(reply_label(Lang::Zh, &answer(Some(0), Some(1)), &[]), "纪元 0 结束于 1");
        let diverging = Reply::DivergingEpoch {
            epoch: 0,
            end_offset: 1,
            high_watermark: 1,
        };
        assert_eq!(reply_label(Lang::En, &diverging, &[]), "DivergingEpoch(epoch 0, end 1)");
        let records = |count| Reply::Records {
            from: 1,
            count,
            high_watermark: 1,
        };
        let values: Vec<Value> = ["m2", "m3", "m4", "m5"].iter().map(|&v| Value::from(v)).collect();
        assert_eq!(reply_label(Lang::En, &records(1), &values[..1]), "records m2 · HW 1");
        assert_eq!(
            reply_label(Lang::En, &records(4), &values),
            "records m2 … m5 (4) · HW 1"
        );
        assert_eq!(reply_label(Lang::En, &records(0), &[]), "no records · HW 1");
        assert_eq!(reply_label(Lang::Zh, &records(0), &[]), "没有新消息 · HW 1");
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;
    use replab_core::scenario::{parse_within_limits, MAX_TEXT_BYTES};

    #[test]
    fn a_scenario_too_large_to_load_says_its_size_and_the_limit() {
        let e = parse_within_limits(&"#".repeat(MAX_TEXT_BYTES + 1)).expect_err("too long");
        assert_eq!(
            script_error(Lang::En, &Names(&[]), &e),
            "the scenario is 4.0 MiB (4,194,305 bytes); at most 4.0 MiB (4,194,304 bytes) can be loaded"
        );
        assert_eq!(
            script_error(Lang::Zh, &Names(&[]), &e),
            "场景文本有 4.0 MiB（4,194,305 字节），最多只能载入 4.0 MiB（4,194,304 字节）"
        );
        let steps = ScriptError {
            line: 200_002,
            kind: ScriptErrorKind::TooManySteps {
                steps: 250_000,
                limit: 200_000,
            },
        };
        assert_eq!(
            script_error(Lang::En, &Names(&[]), &steps),
            "line 200002: the scenario has 250,000 steps; at most 200,000 steps can be loaded"
        );
        assert_eq!(
            script_error(Lang::Zh, &Names(&[]), &steps),
            "第 200002 行：场景有 250,000 步，最多只能载入 200,000 步"
        );
    }
}

#[cfg(test)]
mod contract_1_3_tests {
    use super::*;
    use replab_core::event::{AckFailure, LossReason, ShrinkReason};
    use replab_core::message::{EpochAnswer, Reply, Request};

    const IDS: [&str; 3] = ["A", "B", "C"];

    /// `e` in English and in Chinese.
    fn both(e: &Event) -> (String, String) {
        let ids: Vec<String> = IDS.iter().map(|s| s.to_string()).collect();
        let names = Names(&ids);
        (event(Lang::En, &names, e), event(Lang::Zh, &names, e))
    }

    #[test]
    fn a_parked_fetch_and_its_loss() {
        assert_eq!(
            both(&Event::FetchParked {
                follower: 1,
                leader: 0,
                offset: 2
            }),
            (
                "B's fetch waits at A for new records (offset 2): A holds it until its next append or the end of \
                 the wait (DelayedFetch)"
                    .into(),
                "B 的拉取在 A 处等待新消息（位移 2）：A 把它留在手里，直到下一次追加或等待结束（DelayedFetch）".into()
            )
        );
        let lost = |reason| Event::ParkedFetchLost {
            follower: 1,
            offset: 3,
            reason,
        };
        assert_eq!(
            both(&lost(LossReason::Fenced { epoch: 2 })),
            (
                "B's fetch waiting at the leader (offset 3) ends unanswered: epoch 2 began while it waited (fenced)"
                    .into(),
                "B 在 leader 处等待的拉取（位移 3）没有得到回答就结束了：等待期间纪元 2 开始了（被隔离）".into()
            )
        );
        assert_eq!(
            both(&lost(LossReason::FollowerCrashed)),
            (
                "B's fetch waiting at the leader (offset 3) is gone: B crashed".into(),
                "B 在 leader 处等待的拉取（位移 3）没有了：B 崩溃了".into()
            )
        );
        assert_eq!(
            both(&lost(LossReason::LeaderCrashed)),
            (
                "B's fetch waiting at the leader (offset 3) is lost with the crashed leader".into(),
                "B 在 leader 处等待的拉取（位移 3）随崩溃的 leader 一起丢失".into()
            )
        );
        assert_eq!(
            both(&lost(LossReason::Dropped)),
            (
                "B's fetch waiting at the leader (offset 3) is dropped".into(),
                "B 在 leader 处等待的拉取（位移 3）被丢弃".into()
            )
        );
    }

    #[test]
    fn the_same_question_again_and_a_hw_held_by_a_replica() {
        assert_eq!(
            both(&Event::AsksAgainUnchanged {
                broker: 1,
                leader_epoch: Some(2)
            }),
            (
                "B's truncation removed nothing, so its leader-epoch cache is unchanged: it will send \
                 OffsetsForLeaderEpoch(epoch 2) again, the same question (KAFKA-10706)"
                    .into(),
                "B 的截断没有删掉任何消息，leader epoch 缓存原样不变：它会再次发送 OffsetsForLeaderEpoch（纪元 2），\
                 问同一个问题（KAFKA-10706）"
                    .into()
            )
        );
        assert_eq!(
            both(&Event::HighWatermarkHeldByReplica {
                broker: 0,
                hw: 2,
                would_be: 3,
                replica: 1,
                replica_leo: 1,
                until_ms: 2500
            }),
            (
                "A's HW would move to 3 but stays at 2: B, outside the ISR but caught up recently, counts with its \
                 log end 1 until 2,500 ms (replica.lag.time.max.ms; KAFKA-4485)"
                    .into(),
                "A 的高水位本可推进到 3，却停在 2：B 不在 ISR 中，但最近追上过，它的日志末端 1 在 2,500 ms \
                 之前仍然计入（replica.lag.time.max.ms；KAFKA-4485）"
                    .into()
            )
        );
    }

    #[test]
    fn a_halt_a_bounce_noticed_and_an_election_not_needed() {
        assert_eq!(
            both(&Event::Halted {
                broker: 0,
                fetch_offset: 1,
                leader_log_end: 0
            }),
            (
                "A halts: it fetched from offset 1, past the leader's log end 0, and may not truncate records that \
                 may be committed, so its fetcher throws FatalExitError and the broker's process exits, keeping its \
                 whole log"
                    .into(),
                "A 自行停机：它从位移 1 拉取，超过了 leader 的日志末端 0；可能已提交的消息不能截掉，\
                 于是拉取线程触发 FatalExitError，broker 进程退出，整份日志原样保留"
                    .into()
            )
        );
        assert_eq!(
            both(&Event::BounceNoticed { broker: 1 }),
            (
                "the controller sees B come back with a new broker epoch: the bounce counts as a crash, then a \
                 restart"
                    .into(),
                "控制器看到 B 带着新的 broker 纪元回来：这次快速重启按一次崩溃加一次重启处理".into()
            )
        );
        assert_eq!(
            both(&Event::ElectionNotNeeded { broker: 0, epoch: 2 }),
            (
                "no election needed: A already leads, in epoch 2 (no new epoch)".into(),
                "无需选举：A 已经是 leader（纪元 2），不产生新纪元".into()
            )
        );
    }

    #[test]
    fn a_write_committed_below_min_isr_and_a_lagging_follower() {
        assert_eq!(
            both(&Event::AckFailed {
                value: Value::from("m1"),
                offset: 0,
                reason: AckFailure::NotEnoughReplicasAfterAppend { isr: 1, min_isr: 2 }
            }),
            (
                "the producer of m1 (offset 0) gets NOT_ENOUGH_REPLICAS_AFTER_APPEND: m1 is committed, but the ISR \
                 has 1 replica, min.insync.replicas is 2; it stays in the log"
                    .into(),
                "m1（位移 0）的生产者收到 NOT_ENOUGH_REPLICAS_AFTER_APPEND：m1 已提交，但 ISR 只有 1 个副本，\
                 min.insync.replicas 是 2；它仍留在日志中"
                    .into()
            )
        );
        let lagged = |since_ms| Event::IsrShrunk {
            broker: 1,
            isr: BrokerSet::only(0),
            reason: ShrinkReason::Lagged {
                since_ms,
                checked_at_ms: 15_000,
            },
        };
        assert_eq!(
            both(&lagged(Some(0))),
            (
                "B leaves the ISR (now A): at 15,000 ms, when the leader looks for lagging followers, it had not \
                 caught up since 0 ms, longer than replica.lag.time.max.ms"
                    .into(),
                "B 离开 ISR（现在是 A）：15,000 ms 时 leader 检查落后的 follower，它从 0 ms 起一直没有追上，\
                 超过了 replica.lag.time.max.ms"
                    .into()
            )
        );
        assert_eq!(
            both(&lagged(None)),
            (
                "B leaves the ISR (now A): at 15,000 ms, when the leader looks for lagging followers, it had never \
                 caught up with this leader"
                    .into(),
                "B 离开 ISR（现在是 A）：15,000 ms 时 leader 检查落后的 follower，它从未追上过这个 leader".into()
            )
        );
    }

    /// The follower has m2, but its HW catches up only on the next fetch: the
    /// answer says so when the fetch moved the leader's HW.
    #[test]
    fn a_records_answer_says_the_hw_the_follower_learns_on_its_next_fetch() {
        let ids: Vec<String> = IDS.iter().map(|s| s.to_string()).collect();
        let names = Names(&ids);
        let records = |high_watermark| Reply::Records {
            from: 1,
            count: 1,
            high_watermark,
        };
        let events = [
            Event::RequestSent {
                follower: 1,
                leader: 0,
                request: Request::Fetch {
                    offset: 1,
                    last_fetched_epoch: None,
                    max: None,
                },
            },
            Event::HighWatermarkChanged {
                broker: 0,
                from: 1,
                to: 2,
            },
            Event::RequestAnswered {
                follower: 1,
                leader: 0,
                reply: records(1),
            },
            Event::ResponseDelivered {
                follower: 1,
                reply: records(1),
            },
        ];
        assert_eq!(
            event_in_step(Lang::En, &names, &events, 2),
            "A answers B: 1 record from offset 1, HW 1 (A's HW is now 2: B learns it on its next fetch)"
        );
        assert_eq!(
            event_in_step(Lang::Zh, &names, &events, 2),
            "A 回复 B：从位移 1 起的 1 条消息，HW 1（A 的高水位已是 2：B 下一次拉取时才知道）"
        );
        let all = step_events(Lang::En, &names, &events);
        assert_eq!(all.len(), 4);
        assert_eq!(all[1], event(Lang::En, &names, &events[1]));
        assert_eq!(all[3], "the response reaches B");
        // An answer that carries the leader's HW as it is says nothing more.
        let same = [
            events[0].clone(),
            events[1].clone(),
            Event::RequestAnswered {
                follower: 1,
                leader: 0,
                reply: records(2),
            },
        ];
        assert_eq!(
            event_in_step(Lang::En, &names, &same, 2),
            "A answers B: 1 record from offset 1, HW 2"
        );
        assert_eq!(event_in_step(Lang::En, &names, &same, 9), "");
        // The same in the lane, from the leader's HW now.
        assert_eq!(
            reply_with_leader_hw(Lang::En, &names, &records(1), 0, 1, 2),
            "1 record from offset 1, HW 1 (A's HW is now 2: B learns it on its next fetch)"
        );
        assert_eq!(
            reply_with_leader_hw(Lang::En, &names, &records(2), 0, 1, 2),
            "1 record from offset 1, HW 2"
        );
        let answer = Reply::EpochEndOffset {
            asked: Some(0),
            answer: EpochAnswer {
                epoch: Some(0),
                end_offset: Some(1),
            },
        };
        assert_eq!(
            reply_with_leader_hw(Lang::En, &names, &answer, 0, 1, 5),
            "epoch 0 ends at offset 1"
        );
        assert_eq!(leader_hw_label(Lang::En, "A", 2), " (A's HW 2)");
        assert_eq!(leader_hw_label(Lang::Zh, "A", 2), "（A 的 HW 已是 2）");
    }

    #[test]
    fn the_crash_the_controller_sees_after_a_halt_is_told_as_such() {
        let ids: Vec<String> = IDS.iter().map(|s| s.to_string()).collect();
        let names = Names(&ids);
        let crashed = Event::Crashed {
            broker: 0,
            lost_from: None,
            lost: 0,
            noticed: true,
        };
        let events = [
            Event::Halted {
                broker: 0,
                fetch_offset: 1,
                leader_log_end: 0,
            },
            crashed.clone(),
        ];
        assert_eq!(
            event_in_step(Lang::En, &names, &events, 1),
            "the controller sees A go: its process exited"
        );
        assert_eq!(
            event_in_step(Lang::Zh, &names, &events, 1),
            "控制器看到 A 离开：它的进程已经退出"
        );
        assert_eq!(event_in_step(Lang::En, &names, &[crashed], 0), "A crashes");
    }

    #[test]
    fn lane_words_for_a_waiting_fetch_and_a_held_hw() {
        assert_eq!(waiting_at(Lang::En, "A"), "waiting at A for new records");
        assert_eq!(waiting_at(Lang::Zh, "A"), "在 A 处等待新消息");
        assert_eq!(hw_held_badge(Lang::En, "B", 35_000), "HW held by B until 35,000 ms");
        assert_eq!(hw_held_badge(Lang::Zh, "B", 35_000), "B 拖住 HW，至 35,000 ms");
    }
}
