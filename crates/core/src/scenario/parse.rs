//! Text to `Script`, with a line-numbered error for anything malformed.

use super::{Expectation, Script, Statement, StatementKind};
use crate::broker_set::{BrokerIx, BrokerSet, MAX_BROKERS};
use crate::command::{Command, CrashTarget};
use crate::config::{Acks, Setting};
use crate::consumer::ConsumerError;
use crate::event::ViolationKind;
use crate::protocol::{NotOffered, Protocol};
use crate::value::Value;
use serde::Serialize;

/// A malformed line, or a command the model refused, and where.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ScriptError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub kind: ScriptErrorKind,
}

/// What is wrong with a line. Front ends turn these into sentences.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type")]
pub enum ScriptErrorKind {
    /// A line starts with a word that is no statement.
    UnknownVerb {
        /// The word.
        verb: String,
    },
    /// A broker id not on the `brokers` line.
    UnknownBroker {
        /// The id.
        id: String,
    },
    /// A broker id that is not a letter followed by letters, digits, `_` or `-`.
    BadBrokerId {
        /// The id.
        id: String,
    },
    /// The `brokers` line names a broker twice.
    DuplicateBroker {
        /// The id named twice.
        id: String,
    },
    /// The `brokers` line names no broker, or more than the model holds.
    BrokerCount {
        /// How many it names.
        count: usize,
    },
    /// A header statement given twice.
    DuplicateHeader {
        /// The statement's verb.
        verb: String,
    },
    /// A header statement after the first action.
    HeaderAfterAction {
        /// The statement's verb.
        verb: String,
    },
    /// An action or expectation before the `brokers` line (or none at all).
    MissingBrokers,
    /// `protocol` names no known generation or release.
    UnknownProtocol {
        /// The name given.
        name: String,
    },
    /// `protocol` names a release line that is not offered, and why
    /// (`kafka-2.0`, `kafka-3.2-kraft`, `kafka-3.8-zk`).
    ProtocolNotOffered {
        /// The name given.
        name: String,
        /// Why.
        why: NotOffered,
    },
    /// An `under` range `first..last` whose first line comes after its last.
    BackwardRange {
        /// The range as written.
        range: String,
    },
    /// `set eligible.leader.replicas.version=1` under a KRaft line before 4.1
    /// (reported when the run starts, at the `set` line).
    ElrNotInRelease {
        /// The line's name (`kafka-3.8-kraft`, `kafka-4.0`).
        release: String,
    },
    /// `set` names an unknown key.
    UnknownSetting {
        /// The key.
        key: String,
    },
    /// `set` gives a key a value it cannot take.
    BadSettingValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
    /// A `set` argument without `=`.
    BadSetSyntax {
        /// The argument.
        text: String,
    },
    /// A statement lacks an argument.
    MissingArgument {
        /// The statement's verb.
        verb: String,
        /// What is missing.
        what: String,
    },
    /// A statement has an argument too many.
    UnexpectedArgument {
        /// The statement's verb.
        verb: String,
        /// The extra argument.
        arg: String,
    },
    /// A record value with characters outside `[A-Za-z0-9_.:-]`.
    BadValue {
        /// The value given.
        value: String,
    },
    /// A number that does not parse or does not fit.
    BadNumber {
        /// What the number stands for.
        what: String,
        /// The text given.
        text: String,
    },
    /// `acks=` with a value other than `0`, `1`, `all` or `-1`.
    BadAcks {
        /// The text given.
        text: String,
    },
    /// A crash target that is not `<id>` or `<id>@<offset>`.
    BadCrashTarget {
        /// The text given.
        text: String,
    },
    /// `expect` asks about something it does not know.
    UnknownExpectation {
        /// The word given.
        what: String,
    },
    /// `expect violation` names an unknown kind.
    UnknownViolationKind {
        /// The kind given.
        kind: String,
    },
    /// A consumer name that is not a letter followed by letters, digits, `_` or `-`.
    BadConsumerName {
        /// The name.
        name: String,
    },
    /// A consumer named like a broker.
    ConsumerIsBroker {
        /// The name.
        name: String,
    },
    /// `expect consumer` names a consumer no earlier line consumed with.
    UnknownConsumer {
        /// The name.
        name: String,
    },
    /// `expect consumer ... error` names an unknown error.
    UnknownConsumerError {
        /// The error given.
        error: String,
    },
    /// `title` with no text.
    EmptyTitle,
    /// The text is longer than a front end that replays it loads (`MAX_TEXT_BYTES`):
    /// refused before parsing.
    TextTooLong {
        /// The text's length in bytes.
        bytes: usize,
        /// The most bytes allowed.
        limit: usize,
    },
    /// More steps (commands) than a front end that replays them loads
    /// (`MAX_STEPS`): refused before any replay. The error's line is the first
    /// command past the limit.
    TooManySteps {
        /// How many commands the script has.
        steps: usize,
        /// The most allowed.
        limit: usize,
    },
    /// A command the model refused when the script ran (wraps its reason).
    Command {
        /// Why the model refused it.
        error: crate::command::CommandError,
    },
}

fn err(line: usize, kind: ScriptErrorKind) -> ScriptError {
    ScriptError { line, kind }
}

/// The most steps (commands) the page replays. A loaded history holds about
/// 700 bytes a step natively and 600 in the page's 32-bit wasm
/// (docs/architecture.md, memory), so the largest allowed stays near 120 MB.
pub const MAX_STEPS: usize = 200_000;

/// The longest scenario text the page parses: 4 MiB. 200,000 commands such as
/// `produce m123456` take about 3.2 MB; a longer paste is refused unread.
pub const MAX_TEXT_BYTES: usize = 4 << 20;

/// `parse` for a front end that then replays the whole history: text longer than
/// `MAX_TEXT_BYTES` is refused before it is parsed, and a script of more than
/// `MAX_STEPS` commands before anything is replayed.
pub fn parse_within_limits(text: &str) -> Result<Script, ScriptError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(err(
            1,
            ScriptErrorKind::TextTooLong {
                bytes: text.len(),
                limit: MAX_TEXT_BYTES,
            },
        ));
    }
    let script = parse(text)?;
    let mut commands = script
        .statements
        .iter()
        .filter(|s| matches!(s.kind, StatementKind::Command(_)));
    if let Some(first_over) = commands.nth(MAX_STEPS) {
        return Err(err(
            first_over.line,
            ScriptErrorKind::TooManySteps {
                steps: MAX_STEPS + 1 + commands.count(),
                limit: MAX_STEPS,
            },
        ));
    }
    Ok(script)
}

/// Parses scenario text.
pub fn parse(text: &str) -> Result<Script, ScriptError> {
    let mut p = Parser::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = content.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
        if tokens.is_empty() {
            continue;
        }
        p.statement(line, content, &tokens)?;
    }
    p.finish(text.lines().count().max(1))
}

#[derive(Default)]
struct Parser {
    title: Option<String>,
    protocol: Option<(usize, Protocol)>,
    elr_set_at: Option<usize>,
    brokers: Option<Vec<String>>,
    leader: Option<(usize, String)>,
    settings: Vec<Setting>,
    statements: Vec<Statement>,
    /// Consumer names, in the order of their first `consume` line.
    consumers: Vec<String>,
}

impl Parser {
    fn in_header(&self) -> bool {
        self.statements.is_empty()
    }

    fn statement(&mut self, line: usize, content: &str, tokens: &[&str]) -> Result<(), ScriptError> {
        let verb = tokens[0];
        let args = &tokens[1..];
        match verb {
            "title" | "protocol" | "brokers" | "leader" => {
                if !self.in_header() {
                    return Err(err(line, ScriptErrorKind::HeaderAfterAction { verb: verb.into() }));
                }
                self.header(line, verb, content, args)
            }
            "set" if self.in_header() => {
                let settings = parse_settings(line, args)?;
                if settings
                    .iter()
                    .any(|s| matches!(s, Setting::EligibleLeaderReplicasVersion(_)))
                {
                    self.elr_set_at = Some(line);
                }
                self.settings.extend(settings);
                Ok(())
            }
            "under" => {
                let Some((list, rest)) = args.split_first() else {
                    return Err(missing(line, verb, "protocol list"));
                };
                let mut protocols = Vec::new();
                for item in list.split(',') {
                    protocols.extend(protocols_named(line, item)?);
                }
                if rest.is_empty() {
                    return Err(missing(line, verb, "statement"));
                }
                if rest[0] == "under" {
                    return Err(unexpected(line, verb, "under"));
                }
                self.body(line, rest, Some(protocols))
            }
            _ => self.body(line, tokens, None),
        }
    }

    fn header(&mut self, line: usize, verb: &str, content: &str, args: &[&str]) -> Result<(), ScriptError> {
        let duplicate = || err(line, ScriptErrorKind::DuplicateHeader { verb: verb.into() });
        match verb {
            "title" => {
                if self.title.is_some() {
                    return Err(duplicate());
                }
                let text = content.trim_start().strip_prefix("title").unwrap_or("").trim();
                if text.is_empty() {
                    return Err(err(line, ScriptErrorKind::EmptyTitle));
                }
                self.title = Some(text.to_string());
            }
            "protocol" => {
                if self.protocol.is_some() {
                    return Err(duplicate());
                }
                let name = one_arg(line, verb, "protocol name", args)?;
                self.protocol = Some((line, protocol_named(line, name)?));
            }
            "brokers" => {
                if self.brokers.is_some() {
                    return Err(duplicate());
                }
                if args.is_empty() || args.len() > MAX_BROKERS {
                    return Err(err(line, ScriptErrorKind::BrokerCount { count: args.len() }));
                }
                let mut ids: Vec<String> = Vec::new();
                for id in args {
                    if !is_broker_id(id) {
                        return Err(err(line, ScriptErrorKind::BadBrokerId { id: (*id).into() }));
                    }
                    if ids.iter().any(|x| x == id) {
                        return Err(err(line, ScriptErrorKind::DuplicateBroker { id: (*id).into() }));
                    }
                    ids.push((*id).into());
                }
                self.brokers = Some(ids);
            }
            _ => {
                if self.leader.is_some() {
                    return Err(duplicate());
                }
                let id = one_arg(line, verb, "broker", args)?;
                self.leader = Some((line, id.to_string()));
            }
        }
        Ok(())
    }

    fn broker(&self, line: usize, id: &str) -> Result<BrokerIx, ScriptError> {
        let brokers = self
            .brokers
            .as_ref()
            .ok_or_else(|| err(line, ScriptErrorKind::MissingBrokers))?;
        brokers
            .iter()
            .position(|b| b == id)
            .ok_or_else(|| err(line, ScriptErrorKind::UnknownBroker { id: id.into() }))
    }

    fn body(&mut self, line: usize, tokens: &[&str], under: Option<Vec<super::Protocol>>) -> Result<(), ScriptError> {
        if self.brokers.is_none() {
            return Err(err(line, ScriptErrorKind::MissingBrokers));
        }
        if self.in_header() {
            // The header ends here: the leader must name a broker.
            if let Some((leader_line, id)) = &self.leader {
                self.broker(*leader_line, id)?;
            }
        }
        let verb = tokens[0];
        let args = &tokens[1..];
        let kind = match verb {
            "expect" => StatementKind::Expect(self.expectation(line, args)?),
            "title" | "protocol" | "brokers" | "leader" => {
                return Err(err(line, ScriptErrorKind::HeaderAfterAction { verb: verb.into() }))
            }
            "consume" => StatementKind::Command(self.consume(line, args)?),
            _ => StatementKind::Command(self.command(line, verb, args)?),
        };
        self.statements.push(Statement { line, under, kind });
        Ok(())
    }

    fn command(&self, line: usize, verb: &str, args: &[&str]) -> Result<Command, ScriptError> {
        let no_more = |rest: &[&str]| match rest.first() {
            Some(a) => Err(unexpected(line, verb, a)),
            None => Ok(()),
        };
        match verb {
            "produce" => {
                let (value, rest) = args.split_first().ok_or_else(|| missing(line, verb, "value"))?;
                let value = parse_value(line, value)?;
                let acks = option_value(line, verb, rest, "acks")?
                    .map(|v| Acks::from_name(v).ok_or_else(|| err(line, ScriptErrorKind::BadAcks { text: v.into() })))
                    .transpose()?;
                Ok(Command::Produce { value, acks })
            }
            "fetch" | "send" => {
                let (id, rest) = args.split_first().ok_or_else(|| missing(line, verb, "broker"))?;
                let follower = self.broker(line, id)?;
                let max = option_value(line, verb, rest, "max")?
                    .map(|v| parse_count(line, "max", v))
                    .transpose()?;
                Ok(if verb == "fetch" {
                    Command::Fetch { follower, max }
                } else {
                    Command::Send { follower, max }
                })
            }
            "deliver" | "drop" | "restart" | "shutdown" => {
                let (id, rest) = args.split_first().ok_or_else(|| missing(line, verb, "broker"))?;
                no_more(rest)?;
                let b = self.broker(line, id)?;
                Ok(match verb {
                    "deliver" => Command::Deliver { follower: b },
                    "drop" => Command::Drop { follower: b },
                    "shutdown" => Command::Shutdown { broker: b },
                    _ => Command::Restart { broker: b },
                })
            }
            "crash" => {
                if args.is_empty() {
                    return Err(missing(line, verb, "broker"));
                }
                let targets = args
                    .iter()
                    .map(|a| self.crash_target(line, a))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Command::Crash { targets })
            }
            "bounce" => {
                let (t, rest) = args.split_first().ok_or_else(|| missing(line, verb, "broker"))?;
                no_more(rest)?;
                Ok(Command::Bounce {
                    target: self.crash_target(line, t)?,
                })
            }
            "elect" => {
                let (id, rest) = args.split_first().ok_or_else(|| missing(line, verb, "broker"))?;
                let broker = self.broker(line, id)?;
                let unclean = match rest {
                    [] => false,
                    ["unclean"] => true,
                    ["unclean", a, ..] | [a, ..] => return Err(unexpected(line, verb, a)),
                };
                Ok(Command::Elect { broker, unclean })
            }
            "tick" => {
                let (ms, rest) = args.split_first().ok_or_else(|| missing(line, verb, "milliseconds"))?;
                no_more(rest)?;
                Ok(Command::Tick {
                    ms: parse_number(line, "milliseconds", ms)?,
                })
            }
            "set" => {
                let settings = parse_settings(line, args)?;
                match settings.as_slice() {
                    [one] if one.header_only() => Err(err(
                        line,
                        ScriptErrorKind::HeaderAfterAction {
                            verb: format!("set {}", one.key()),
                        },
                    )),
                    [one] => Ok(Command::Set { setting: *one }),
                    _ => Err(unexpected(line, verb, args[1])),
                }
            }
            _ => Err(err(line, ScriptErrorKind::UnknownVerb { verb: verb.into() })),
        }
    }

    /// `consume <name> [max=<n>]`: the first names a new consumer.
    fn consume(&mut self, line: usize, args: &[&str]) -> Result<Command, ScriptError> {
        let verb = "consume";
        let (name, rest) = args.split_first().ok_or_else(|| missing(line, verb, "consumer"))?;
        if !is_broker_id(name) {
            return Err(err(line, ScriptErrorKind::BadConsumerName { name: (*name).into() }));
        }
        if self.brokers.as_ref().is_some_and(|b| b.iter().any(|x| x == name)) {
            return Err(err(line, ScriptErrorKind::ConsumerIsBroker { name: (*name).into() }));
        }
        let max = option_value(line, verb, rest, "max")?
            .map(|v| parse_count(line, "max", v))
            .transpose()?;
        if !self.consumers.iter().any(|c| c == name) {
            self.consumers.push((*name).into());
        }
        Ok(Command::Consume {
            consumer: Value::from(*name),
            max,
        })
    }

    /// `expect consumer <name> read|position|error ...`.
    fn consumer_expectation(&self, line: usize, rest: &[&str]) -> Result<Expectation, ScriptError> {
        let verb = "expect";
        let (name, rest) = rest.split_first().ok_or_else(|| missing(line, verb, "consumer"))?;
        if !self.consumers.iter().any(|c| c == name) {
            return Err(err(line, ScriptErrorKind::UnknownConsumer { name: (*name).into() }));
        }
        let consumer = Value::from(*name);
        let (what, values) = rest
            .split_first()
            .ok_or_else(|| missing(line, verb, "read, position or error"))?;
        let one = |values: &[&'_ str], what: &str| -> Result<String, ScriptError> {
            match values {
                [] => Err(missing(line, verb, what)),
                [v] => Ok((*v).to_string()),
                [_, extra, ..] => Err(unexpected(line, verb, extra)),
            }
        };
        match *what {
            "read" => Ok(Expectation::ConsumerRead {
                consumer,
                values: values.iter().map(|v| parse_value(line, v)).collect::<Result<_, _>>()?,
            }),
            "position" => {
                let v = one(values, "offset or none")?;
                let position = match v.as_str() {
                    "none" => None,
                    n => Some(parse_number(line, "offset", n)?),
                };
                Ok(Expectation::ConsumerPosition { consumer, position })
            }
            "error" => {
                let v = one(values, "error or none")?;
                let error = match v.as_str() {
                    "none" => None,
                    e => Some(
                        ConsumerError::from_name(e)
                            .ok_or_else(|| err(line, ScriptErrorKind::UnknownConsumerError { error: e.into() }))?,
                    ),
                };
                Ok(Expectation::ConsumerError { consumer, error })
            }
            other => Err(err(line, ScriptErrorKind::UnknownExpectation { what: other.into() })),
        }
    }

    /// `<id>` or `none`, and nothing after it.
    fn broker_or_none(&self, line: usize, rest: &[&str]) -> Result<Option<BrokerIx>, ScriptError> {
        let (id, more) = rest
            .split_first()
            .ok_or_else(|| missing(line, "expect", "broker or none"))?;
        if let Some(a) = more.first() {
            return Err(unexpected(line, "expect", a));
        }
        if *id == "none" {
            Ok(None)
        } else {
            self.broker(line, id).map(Some)
        }
    }

    /// Broker ids, none or more.
    fn broker_set(&self, line: usize, ids: &[&str]) -> Result<BrokerSet, ScriptError> {
        ids.iter().map(|id| self.broker(line, id)).collect()
    }

    fn crash_target(&self, line: usize, text: &str) -> Result<CrashTarget, ScriptError> {
        let (id, offset) = match text.split_once('@') {
            Some((id, o)) => {
                if id.is_empty() || o.is_empty() {
                    return Err(err(line, ScriptErrorKind::BadCrashTarget { text: text.into() }));
                }
                (id, Some(parse_number(line, "offset", o)?))
            }
            None => (text, None),
        };
        Ok(CrashTarget {
            broker: self.broker(line, id)?,
            unflushed_from: offset,
        })
    }

    fn expectation(&self, line: usize, args: &[&str]) -> Result<Expectation, ScriptError> {
        let verb = "expect";
        let Some((first, rest)) = args.split_first() else {
            return Err(missing(line, verb, "what to expect"));
        };
        let no_more = |rest: &[&str]| match rest.first() {
            Some(a) => Err(unexpected(line, verb, a)),
            None => Ok(()),
        };
        match *first {
            "leader" => Ok(Expectation::Leader(self.broker_or_none(line, rest)?)),
            "epoch" => {
                let (n, more) = rest.split_first().ok_or_else(|| missing(line, verb, "epoch"))?;
                no_more(more)?;
                let n = parse_number(line, "epoch", n)?;
                Ok(Expectation::Epoch(
                    u32::try_from(n).map_err(|_| bad_number(line, "epoch", &n.to_string()))?,
                ))
            }
            "consumer" => self.consumer_expectation(line, rest),
            "isr" => Ok(Expectation::Isr(self.broker_set(line, rest)?)),
            "elr" => Ok(Expectation::Elr(self.broker_set(line, rest)?)),
            "last-known-leader" => Ok(Expectation::LastKnownLeader(self.broker_or_none(line, rest)?)),
            "acked" => Ok(Expectation::Acked(
                rest.iter().map(|v| parse_value(line, v)).collect::<Result<_, _>>()?,
            )),
            "violation" => {
                let (k, more) = rest
                    .split_first()
                    .ok_or_else(|| missing(line, verb, "violation kind"))?;
                no_more(more)?;
                let kind = ViolationKind::from_name(k)
                    .ok_or_else(|| err(line, ScriptErrorKind::UnknownViolationKind { kind: (*k).into() }))?;
                Ok(Expectation::Violation(kind))
            }
            "no-violation" => match rest {
                [] => Ok(Expectation::NoViolation(None)),
                [k] => Ok(Expectation::NoViolation(Some(ViolationKind::from_name(k).ok_or_else(
                    || err(line, ScriptErrorKind::UnknownViolationKind { kind: (*k).into() }),
                )?))),
                [_, extra, ..] => Err(unexpected(line, verb, extra)),
            },
            id => {
                let broker = self.broker(line, id)?;
                let (what, values) = rest
                    .split_first()
                    .ok_or_else(|| missing(line, verb, "log, hw, leo or epochs"))?;
                match *what {
                    "log" => Ok(Expectation::Log {
                        broker,
                        values: values.iter().map(|v| parse_value(line, v)).collect::<Result<_, _>>()?,
                    }),
                    "hw" | "leo" => {
                        let (n, more) = values.split_first().ok_or_else(|| missing(line, verb, "offset"))?;
                        no_more(more)?;
                        let n = parse_number(line, "offset", n)?;
                        Ok(if *what == "hw" {
                            Expectation::Hw { broker, n }
                        } else {
                            Expectation::Leo { broker, n }
                        })
                    }
                    "epochs" => {
                        let mut entries = Vec::new();
                        for v in values {
                            let (e, o) = v
                                .split_once(':')
                                .ok_or_else(|| bad_number(line, "epoch:start-offset", v))?;
                            let e = parse_number(line, "epoch", e)?;
                            let e = u32::try_from(e).map_err(|_| bad_number(line, "epoch", v))?;
                            entries.push((e, parse_number(line, "offset", o)?));
                        }
                        Ok(Expectation::Epochs { broker, entries })
                    }
                    other => Err(err(line, ScriptErrorKind::UnknownExpectation { what: other.into() })),
                }
            }
        }
    }

    fn finish(self, last_line: usize) -> Result<Script, ScriptError> {
        let brokers = self
            .brokers
            .ok_or_else(|| err(last_line, ScriptErrorKind::MissingBrokers))?;
        let leader = match &self.leader {
            Some((line, id)) => brokers
                .iter()
                .position(|b| b == id)
                .ok_or_else(|| err(*line, ScriptErrorKind::UnknownBroker { id: id.clone() }))?,
            None => 0,
        };
        Ok(Script {
            title: self.title,
            protocol: self.protocol.map(|(_, p)| p),
            brokers,
            leader,
            settings: self.settings,
            elr_set_at: self.elr_set_at,
            statements: self.statements,
        })
    }
}

/// The protocols an `under` item names: one protocol, or (an extension of
/// 1.5) `first..last`, every offered line from `first` to `last` in the
/// table's order (`kafka-3.3-kraft..kafka-3.8-kraft`).
fn protocols_named(line: usize, item: &str) -> Result<Vec<Protocol>, ScriptError> {
    let Some((first, last)) = item.split_once("..") else {
        return Ok(vec![protocol_named(line, item)?]);
    };
    let (first, last) = (protocol_named(line, first)?, protocol_named(line, last)?);
    let lines: Vec<Protocol> = Protocol::releases().collect();
    let at = |p: Protocol| lines.iter().position(|&l| l == p).unwrap_or(0);
    let (from, to) = (at(first), at(last));
    if from > to {
        return Err(err(line, ScriptErrorKind::BackwardRange { range: item.into() }));
    }
    Ok(lines[from..=to].to_vec())
}

/// The protocol `name` names, or the error for line `line` that says why not.
fn protocol_named(line: usize, name: &str) -> Result<Protocol, ScriptError> {
    Protocol::parse(name).map_err(|why| {
        let name = name.to_string();
        err(
            line,
            match why {
                NotOffered::Unknown => ScriptErrorKind::UnknownProtocol { name },
                why => ScriptErrorKind::ProtocolNotOffered { name, why },
            },
        )
    })
}

fn unexpected(line: usize, verb: &str, arg: &str) -> ScriptError {
    err(
        line,
        ScriptErrorKind::UnexpectedArgument {
            verb: verb.into(),
            arg: arg.into(),
        },
    )
}

/// The value of an optional `key=value` argument, given at most once; anything
/// else after the statement's own arguments is unexpected.
fn option_value<'a>(line: usize, verb: &str, rest: &[&'a str], key: &str) -> Result<Option<&'a str>, ScriptError> {
    let mut value = None;
    for a in rest {
        match a.strip_prefix(key).and_then(|v| v.strip_prefix('=')) {
            Some(v) if value.is_none() => value = Some(v),
            _ => return Err(unexpected(line, verb, a)),
        }
    }
    Ok(value)
}

fn missing(line: usize, verb: &str, what: &str) -> ScriptError {
    err(
        line,
        ScriptErrorKind::MissingArgument {
            verb: verb.into(),
            what: what.into(),
        },
    )
}

fn bad_number(line: usize, what: &str, text: &str) -> ScriptError {
    err(
        line,
        ScriptErrorKind::BadNumber {
            what: what.into(),
            text: text.into(),
        },
    )
}

fn one_arg<'a>(line: usize, verb: &str, what: &str, args: &[&'a str]) -> Result<&'a str, ScriptError> {
    match args {
        [] => Err(missing(line, verb, what)),
        [one] => Ok(one),
        [_, extra, ..] => Err(unexpected(line, verb, extra)),
    }
}

fn parse_settings(line: usize, args: &[&str]) -> Result<Vec<Setting>, ScriptError> {
    if args.is_empty() {
        return Err(missing(line, "set", "key=value"));
    }
    args.iter()
        .map(|a| {
            let (key, value) = a
                .split_once('=')
                .ok_or_else(|| err(line, ScriptErrorKind::BadSetSyntax { text: (*a).into() }))?;
            Setting::parse(key, value).map_err(|unknown_key| {
                if unknown_key {
                    err(line, ScriptErrorKind::UnknownSetting { key: key.into() })
                } else {
                    err(
                        line,
                        ScriptErrorKind::BadSettingValue {
                            key: key.into(),
                            value: value.into(),
                        },
                    )
                }
            })
        })
        .collect()
}

fn parse_number(line: usize, what: &str, text: &str) -> Result<u64, ScriptError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad_number(line, what, text));
    }
    text.parse::<u64>().map_err(|_| bad_number(line, what, text))
}

fn parse_count(line: usize, what: &str, text: &str) -> Result<u32, ScriptError> {
    match parse_number(line, what, text).map(u32::try_from) {
        Ok(Ok(n)) if n >= 1 => Ok(n),
        _ => Err(bad_number(line, what, text)),
    }
}

fn parse_value(line: usize, text: &str) -> Result<Value, ScriptError> {
    if is_value(text) {
        Ok(Value::from(text))
    } else {
        Err(err(line, ScriptErrorKind::BadValue { value: text.into() }))
    }
}

/// `[A-Za-z][A-Za-z0-9_-]*`
pub fn is_broker_id(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// `[A-Za-z0-9_.:-]+`
pub fn is_value(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::load;

    /// One broker and `steps` produces.
    fn produces(steps: usize) -> String {
        let mut s = String::from("brokers A\n");
        for i in 0..steps {
            s.push_str(&format!("produce m{i}\n"));
        }
        s
    }

    #[test]
    fn a_script_at_the_step_limit_loads() {
        let script = parse_within_limits(&produces(MAX_STEPS)).expect("within the limit");
        let loaded = load(&script, None).expect("loads");
        assert_eq!(loaded.timeline.len(), MAX_STEPS);
    }

    #[test]
    fn one_step_over_the_limit_is_refused_before_replay() {
        let e = parse_within_limits(&produces(MAX_STEPS + 3)).expect_err("over the limit");
        assert_eq!(
            e,
            ScriptError {
                // Line 1 is `brokers A`; the first command past the limit follows MAX_STEPS.
                line: MAX_STEPS + 2,
                kind: ScriptErrorKind::TooManySteps {
                    steps: MAX_STEPS + 3,
                    limit: MAX_STEPS,
                },
            }
        );
    }

    #[test]
    fn text_over_the_size_limit_is_refused_unparsed() {
        // Not a valid scenario at all: refused for its size before parsing.
        let text = "?".repeat(MAX_TEXT_BYTES + 1);
        let e = parse_within_limits(&text).expect_err("too long");
        assert_eq!(
            e.kind,
            ScriptErrorKind::TextTooLong {
                bytes: MAX_TEXT_BYTES + 1,
                limit: MAX_TEXT_BYTES,
            }
        );
        let mut fits = format!("brokers A\nproduce m1\n#{}", " ".repeat(MAX_TEXT_BYTES));
        fits.truncate(MAX_TEXT_BYTES);
        assert!(parse_within_limits(&fits).is_ok(), "exactly at the limit");
    }
}
