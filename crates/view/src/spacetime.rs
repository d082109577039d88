//! The space-time diagram of a history, as SVG markup for the page: one
//! vertical line per broker (names on top), time flowing down, a row per step
//! with its number and command, every request and response an arrow from
//! sender to receiver at its step (a response delivered later slants down to
//! the step it arrived at; one in flight or lost ends half-way, a lost one
//! marked ×, why in its title; a Fetch that waits at the leader past its step
//! a dotted line beside the leader's, down to the step it was answered or lost
//! at), crashes, halts, restarts and shutdowns marked on the
//! lines, each leader epoch a band with its leader's line drawn thick, and the
//! rows where a safety check fired marked. Rows and arrows carry `data-step`
//! for the page to link them; markers (`st-at`, `data-at`) before each step's
//! marks and arrows let the page dim the steps after the cursor with CSS. The
//! page styles it with its own CSS classes (`st-…`). Made in the page's
//! worker, so that the page's first download carries none of it.

use crate::messages::{all_messages, consumer_messages, consumer_names, Fate, Message, Wait};
use crate::svg::esc;
use replab_core::scenario;
use replab_core::timeline::Timeline;
use replab_core::Event;
use replab_narrate::{label, Label, Lang, Names};
use std::fmt::Write;

/// Width of the step numbers and commands on the left.
const GUTTER: f64 = 86.0;
/// Height of one message (and of a step without any).
const SLOT: f64 = 24.0;
/// Steps drawn at most: a window around the cursor in a longer history.
const WINDOW: usize = 300;

/// A mark on a broker's line: (broker, symbol, what it means).
type Mark = (usize, &'static str, Label);

/// The drawing's rows, bands and arrows, in pixels.
struct Layout {
    names: Vec<String>,
    width: f64,
    height: f64,
    /// Steps `first..=last` are drawn.
    first: usize,
    last: usize,
    /// Top of each drawn step's row, and the bottom of the last.
    tops: Vec<f64>,
    /// Per step: its command, whether a safety check fired, and the marks on
    /// broker lines (broker, symbol, what it means).
    rows: Vec<(String, bool, Vec<Mark>)>,
    /// Leader epochs: (epoch, its leader, first step, last step).
    bands: Vec<(u32, Option<usize>, usize, usize)>,
    /// Per broker, runs of the line: (first step, last step, style).
    lines: Vec<Vec<(usize, usize, Line)>>,
    arrows: Vec<Arrow>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    Up,
    Leader(u32),
    Down,
    /// A consumer's line.
    Consumer,
}

/// The consumer a consumer's event is about.
fn consumer_of(e: &Event) -> Option<replab_core::Value> {
    match e {
        Event::ConsumeWithoutLeader { consumer }
        | Event::PositionValidated { consumer, .. }
        | Event::TruncationDetected { consumer, .. }
        | Event::ConsumerReset { consumer, .. }
        | Event::ConsumerFailed { consumer, .. }
        | Event::Consumed { consumer, .. } => Some(*consumer),
        _ => None,
    }
}

struct Arrow {
    m: Message,
    /// Sent at the top of its row's slot, received (or stopped) here.
    from: (f64, f64),
    to: (f64, f64),
    /// Where its label is centred: between the two lines, above where it leaves.
    label: (f64, f64),
    /// A Fetch parked past its step: its wait, a dotted line beside the
    /// leader's from here down to the second y.
    wait: Option<(f64, f64, f64)>,
}

fn column(b: usize, spacing: f64) -> f64 {
    GUTTER + spacing * (b as f64 + 0.5)
}

/// The steps drawn: all of a short history, else a window around the cursor
/// that moves in blocks (so stepping rarely redraws).
pub fn window(len: usize, cursor: usize) -> (usize, usize) {
    if len <= WINDOW {
        return (1, len);
    }
    let first = (cursor.saturating_sub(WINDOW / 2) / 50 * 50 + 1).min(len + 1 - WINDOW);
    (first, first + WINDOW - 1)
}

fn layout(t: &Timeline, first: usize, last: usize) -> Layout {
    // The parties: a line per broker, then one per consumer (from its first poll).
    let brokers = t.setup().brokers.len();
    let consumers = consumer_names(t);
    let mut names = t.setup().brokers.clone();
    names.extend(consumers.iter().map(|c| c.to_string()));
    let n = names.len().max(1);
    let spacing = (270.0 / n as f64).max(78.0);
    let width = GUTTER + spacing * n as f64;
    let mut messages: Vec<Message> = all_messages(t)
        .into_iter()
        .chain(if consumers.is_empty() {
            Vec::new()
        } else {
            consumer_messages(t)
        })
        .filter(|m| (first..=last).contains(&m.step))
        .collect();
    // In step order (a stable sort keeps each step's brokers' messages first).
    messages.sort_by_key(|m| m.step);
    // Slots per step: messages arriving from an earlier step, then those sent.
    let mut slots = vec![0usize; last + 2 - first];
    let mut arrivals: Vec<Option<usize>> = Vec::with_capacity(messages.len());
    for m in &messages {
        match m.end_step().filter(|&e| e != m.step && e <= last) {
            Some(e) => {
                arrivals.push(Some(slots[e - first]));
                slots[e - first] += 1;
            }
            None => arrivals.push(None),
        }
    }
    let mut sent_slot = Vec::with_capacity(messages.len());
    {
        let mut used = slots.clone();
        for m in &messages {
            sent_slot.push(used[m.step - first]);
            used[m.step - first] += 1;
        }
        slots = used;
    }
    let mut tops = Vec::with_capacity(slots.len());
    let mut y = 4.0;
    for s in &slots[..slots.len() - 1] {
        tops.push(y);
        y += SLOT * (*s).max(1) as f64 + 4.0;
    }
    tops.push(y);
    let height = y + 4.0;
    let slot_y = |k: usize, s: usize| tops[k - first] + 2.0 + SLOT * (s as f64 + 0.5);

    // Marks, bands and lines, read from the events of every step up to the last.
    let mut rows = Vec::new();
    let mut leader = Some(t.setup().leader);
    let mut bands = vec![(0, leader, 1, last)];
    let mut epoch = 0;
    let mut up = vec![true; brokers];
    let mut lines: Vec<Vec<(usize, usize, Line)>> = vec![Vec::new(); names.len()];
    // A consumer's line starts at its first poll.
    let mut polled = vec![false; consumers.len()];
    for k in 1..=last {
        let mut marks = Vec::new();
        let mut violation = false;
        for e in t.events_of(k) {
            match *e {
                Event::Halted { broker, .. } => {
                    up[broker] = false;
                    marks.push((broker, "⊗", Label::Halted));
                }
                // The crash the controller sees after a halt is the halt's mark.
                Event::Crashed { broker, .. } if !up[broker] => {}
                Event::Crashed { broker, .. } => {
                    up[broker] = false;
                    marks.push((broker, "×", Label::Crash));
                }
                Event::ShutDown { broker } => {
                    up[broker] = false;
                    marks.push((broker, "■", Label::Shutdown));
                }
                Event::Restarted { broker, .. } => {
                    up[broker] = true;
                    marks.push((broker, "↻", Label::Restart));
                }
                Event::LeaderElected {
                    leader: l, epoch: e, ..
                } => (leader, epoch) = (Some(l), e),
                Event::PartitionOffline { epoch: e, .. } => (leader, epoch) = (None, e),
                Event::ViolationFound { .. } => violation = true,
                Event::TruncationDetected { consumer, .. }
                | Event::ConsumerReset { consumer, .. }
                | Event::ConsumerFailed { consumer, .. } => {
                    let (symbol, what) = match *e {
                        Event::TruncationDetected { .. } => ("✂", Label::DecisionTruncationDetected),
                        Event::ConsumerReset { .. } => ("↺", Label::DecisionConsumerReset),
                        _ => ("!", Label::DecisionConsumerFailed),
                    };
                    if let Some(i) = consumers.iter().position(|c| *c == consumer) {
                        marks.push((brokers + i, symbol, what));
                    }
                }
                _ => {}
            }
        }
        if let Some(band) = bands.last_mut().filter(|b| b.0 != epoch) {
            band.3 = k - 1;
            bands.push((epoch, leader, k, last));
        }
        for e in t.events_of(k) {
            if let Some(i) = consumer_of(e).and_then(|c| consumers.iter().position(|x| *x == c)) {
                polled[i] = true;
            }
        }
        for (b, runs) in lines.iter_mut().enumerate() {
            if b >= brokers {
                if polled[b - brokers] {
                    match runs.last_mut() {
                        Some(run) => run.1 = k,
                        None => runs.push((k, k, Line::Consumer)),
                    }
                }
                continue;
            }
            let style = match (up[b], leader == Some(b)) {
                (false, _) => Line::Down,
                (true, true) => Line::Leader(epoch),
                (true, false) => Line::Up,
            };
            match runs.last_mut() {
                Some(run) if run.2 == style => run.1 = k,
                _ => runs.push((k, k, style)),
            }
        }
        if k >= first {
            let command = t
                .commands()
                .get(k - 1)
                .map(|c| scenario::command_line(&names, c))
                .unwrap_or_default();
            rows.push((command, violation, marks));
        }
    }
    bands.retain(|b| b.3 >= first && b.2 <= b.3);
    for runs in &mut lines {
        runs.retain(|r| r.1 >= first);
    }

    let arrows = messages
        .into_iter()
        .zip(sent_slot)
        .zip(arrivals)
        .map(|((m, s), arrival)| {
            let (x1, x2) = (column(m.from, spacing), column(m.to, spacing));
            let y1 = slot_y(m.step, s) - 1.0;
            let half = x1 + (x2 - x1) * 0.55;
            let to = match (m.fate, arrival) {
                (Fate::Delivered { step }, _) if step == m.step => (x2, y1 + 8.0),
                (Fate::Delivered { step }, Some(a)) => (x2, slot_y(step, a)),
                (Fate::Lost { step, .. }, Some(a)) => (half, slot_y(step, a)),
                // In flight at the end, or arriving after the window.
                (Fate::Delivered { .. }, None) => (x2, height),
                _ => (half, y1 + 8.0),
            };
            // Beside the leader's line, on the side the fetch came from.
            let wait_x = x2 + if x1 < x2 { -5.0 } else { 5.0 };
            let wait = match m.wait {
                Some(Wait::Answered { step }) if step == m.step => None,
                Some(Wait::Answered { step } | Wait::Lost { step, .. }) if step <= last => {
                    Some((wait_x, y1 + 8.0, tops[step - first] + 12.0))
                }
                Some(_) => Some((wait_x, y1 + 8.0, height)),
                None => None,
            };
            Arrow {
                m,
                from: (x1, y1),
                to,
                label: ((x1 + x2) / 2.0, y1 - 3.0),
                wait,
            }
        })
        .collect();
    Layout {
        names,
        width,
        height,
        first,
        last,
        tops,
        rows,
        bands,
        lines,
        arrows,
    }
}

/// A length with one decimal at most, for SVG attributes, written with
/// integers only: the page carries no float printer.
#[derive(Clone, Copy)]
struct Px(f64);

impl std::fmt::Display for Px {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let t = (self.0 * 10.0).round() as i64;
        let sign = if t < 0 { "-" } else { "" };
        let (whole, tenth) = ((t / 10).abs(), (t % 10).abs());
        if tenth == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{tenth}")
        }
    }
}

/// The diagram of steps `first..=last` of `t` (a window of a long history:
/// see `window`), in `lang`.
pub fn diagram(t: &Timeline, lang: Lang, first: usize, last: usize) -> String {
    let last = last.min(t.len());
    let first = first.clamp(1, last.max(1));
    let l = layout(t, first, last);
    let mut out = markup(&l, lang);
    if l.last < t.len() {
        let _ = write!(out, r#"<p class="more">… {}</p>"#, t.len() - l.last);
    }
    out
}

/// The drawing as markup: the broker names, then the drawing: bands, rows,
/// broker lines, their marks and the arrows. Marks and arrows are each in a
/// group, in step order, an empty `st-at` marker before each step's (and one
/// after the last), so the page can dim the steps after the cursor with CSS.
fn markup(l: &Layout, lang: Lang) -> String {
    let n = l.names.len().max(1);
    let spacing = (l.width - GUTTER) / n as f64;
    let top = |k: usize| l.tops[k.clamp(l.first, l.last + 1) - l.first];
    let step = label(lang, Label::Step);
    let (w, min_width) = (Px(l.width), Px(l.width * 0.86));
    let mut under = String::new();
    if l.first > 1 {
        let _ = write!(under, r#"<p class="more">… {}</p>"#, l.first - 1);
    }
    // The broker names stay on top while the steps scroll.
    let _ = write!(
        under,
        r#"<svg class="st-names" viewBox="0 0 {w} 20" width="{w}" height="20" style="min-width:{min_width}px" aria-hidden="true">"#
    );
    for (b, name) in l.names.iter().enumerate() {
        let _ = write!(
            under,
            r#"<text x="{}" y="15" text-anchor="middle">{}</text>"#,
            Px(column(b, spacing)),
            esc(name)
        );
    }
    let _ = write!(
        under,
        r#"</svg><svg viewBox="0 0 {w} {h}" width="{w}" height="{h}" style="min-width:{min_width}px" role="img" aria-label="{}">"#,
        label(lang, Label::SpaceTimeTitle),
        h = Px(l.height),
    );
    for &(epoch, leader, from, to) in &l.bands {
        let (y1, y2) = (top(from), top(to + 1));
        // Named beside its leader's line (inside the last one), else at the left.
        let (x, anchor) = match leader {
            Some(b) if b + 1 == n => (column(b, spacing) - 6.0, "end"),
            Some(b) => (column(b, spacing) + 6.0, "start"),
            None => (GUTTER + 4.0, "start"),
        };
        let _ = write!(
            under,
            r#"<g class="st-band e{}"><rect x="{}" y="{}" width="{}" height="{}"/><text x="{}" y="{}" text-anchor="{anchor}">{} {epoch}</text></g>"#,
            epoch % 8,
            Px(GUTTER),
            Px(y1),
            Px(l.width - GUTTER),
            Px(y2 - y1),
            Px(x),
            Px(y1 + 10.0),
            label(lang, Label::Epoch),
        );
    }
    for (i, (command, violation, _)) in l.rows.iter().enumerate() {
        let k = l.first + i;
        let (y, h) = (l.tops[i], l.tops[i + 1] - l.tops[i]);
        let short: String = command.chars().take(13).collect();
        let _ = write!(
            under,
            r#"<g class="st-row{}" data-step="{k}"><title>{step} {k}: {}</title><rect x="0" y="{}" width="{}" height="{}"/><text class="k" x="20" y="{}" text-anchor="end">{k}</text><text class="cmd" x="25" y="{}">{}</text>"#,
            if *violation { " violation" } else { "" },
            esc(command),
            Px(y),
            Px(l.width),
            Px(h),
            Px(y + 15.0),
            Px(y + 15.0),
            esc(&short),
        );
        if *violation {
            let _ = write!(
                under,
                r#"<text class="st-safety" x="{}" y="{}" text-anchor="end"><title>{}</title>!</text>"#,
                Px(GUTTER - 4.0),
                Px(y + 15.0),
                label(lang, Label::SafetyCheckFired),
            );
        }
        under.push_str("</g>");
    }
    for (b, runs) in l.lines.iter().enumerate() {
        let x = Px(column(b, spacing));
        for &(from, to, style) in runs {
            let class = match style {
                Line::Up => String::new(),
                Line::Leader(e) => format!(" leader e{}", e % 8),
                Line::Down => " down".into(),
                Line::Consumer => " consumer".into(),
            };
            let _ = write!(
                under,
                r#"<line class="st-line{class}" x1="{x}" x2="{x}" y1="{}" y2="{}"/>"#,
                Px(top(from.max(l.first))),
                Px(top(to + 1)),
            );
        }
    }
    let at = |out: &mut String, k: usize| {
        let _ = write!(out, r#"<g class="st-at" data-at="{k}"/>"#);
    };
    under.push_str(r#"<g class="st-marks">"#);
    for (i, (_, _, marks)) in l.rows.iter().enumerate() {
        at(&mut under, l.first + i);
        for (j, &(b, symbol, what)) in marks.iter().enumerate() {
            // Several marks on one line in a step (a bounce: × then ↻) side by side.
            let same = marks.iter().filter(|m| m.0 == b).count();
            let nth = marks[..j].iter().filter(|m| m.0 == b).count();
            let x = column(b, spacing) + 11.0 * (nth as f64 - (same as f64 - 1.0) / 2.0);
            let _ = write!(
                under,
                r#"<text class="st-mark" x="{}" y="{}" text-anchor="middle"><title>{}</title>{symbol}</text>"#,
                Px(x),
                Px(l.tops[i] + 16.0),
                label(lang, what),
            );
        }
    }

    at(&mut under, l.last + 1);
    under.push_str(r#"</g><g class="st-arrows">"#);

    let names = Names(&l.names);
    let mut over = under;
    let mut next = l.first;
    for a in &l.arrows {
        let m = &a.m;
        while next <= m.step {
            at(&mut over, next);
            next += 1;
        }
        let kind = m.kind();
        let text = esc(&m.label(lang, &names));
        let ((x1, y1), (x2, y2)) = (a.from, a.to);
        let partial = !matches!(m.fate, Fate::Delivered { .. });
        let why = [m.wait_sentence(lang, &names), m.loss_sentence(lang, &names)]
            .into_iter()
            .flatten()
            .map(|why| format!(" — {}", esc(&why)))
            .collect::<String>();
        let (x1, y1, x2s, y2s) = (Px(x1), Px(y1), Px(x2), Px(y2));
        let _ = write!(
            over,
            r#"<g class="st-arrow {}{}{}" data-testid="st-arrow" data-step="{}" data-kind="{}"><title>{step} {}: {text}{why}</title><line class="hit" x1="{x1}" y1="{y1}" x2="{x2s}" y2="{y2s}"/><line x1="{x1}" y1="{y1}" x2="{x2s}" y2="{y2s}"/>"#,
            kind.name(),
            if kind.is_request() { " request" } else { "" },
            if partial { " partial" } else { "" },
            m.step,
            kind.name(),
            m.step,
        );
        if let Some((x, from, to)) = a.wait {
            let _ = write!(
                over,
                r#"<line class="st-wait" x1="{x}" y1="{}" x2="{x}" y2="{}" stroke-dasharray="1 3"/>"#,
                Px(from),
                Px(to),
                x = Px(x)
            );
            match m.wait {
                Some(Wait::Lost { .. }) => {
                    let _ = write!(
                        over,
                        r#"<text class="st-lost" x="{}" y="{}" text-anchor="middle">×</text>"#,
                        Px(x),
                        Px(to + 4.0)
                    );
                }
                Some(Wait::Waiting) => {
                    let _ = write!(
                        over,
                        r#"<text class="st-waiting" x="{}" y="{}">…</text>"#,
                        Px(x + 2.0),
                        Px(to - 2.0)
                    );
                }
                _ => {}
            }
        }
        match m.fate {
            Fate::Lost { .. } => {
                let _ = write!(
                    over,
                    r#"<text class="st-lost" x="{x2s}" y="{}" text-anchor="middle">×</text>"#,
                    Px(y2 + 4.0)
                );
            }
            Fate::InFlight => {
                let _ = write!(
                    over,
                    r#"<text class="st-waiting" x="{}" y="{}">…</text>"#,
                    Px(x2 + 2.0),
                    Px(y2 + 3.0)
                );
            }
            Fate::Delivered { .. } => {
                // The arrowhead: two short strokes back from the end.
                let (dx, dy) = (x2 - a.from.0, y2 - a.from.1);
                let d = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / d, dy / d);
                let _ = write!(
                    over,
                    r#"<path d="M{} {}L{x2s} {y2s}L{} {}"/>"#,
                    Px(x2 - 6.0 * ux - 3.5 * uy),
                    Px(y2 - 6.0 * uy + 3.5 * ux),
                    Px(x2 - 6.0 * ux + 3.5 * uy),
                    Px(y2 - 6.0 * uy - 3.5 * ux),
                );
            }
        }
        let _ = write!(
            over,
            r#"<text x="{}" y="{}" text-anchor="middle">{text}</text></g>"#,
            Px(a.label.0),
            Px(a.label.1)
        );
    }
    while next <= l.last + 1 {
        at(&mut over, next);
        next += 1;
    }
    over.push_str("</g></svg>");
    over
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario;

    fn load(text: &str, protocol: replab_core::Protocol) -> Timeline {
        scenario::load(
            &scenario::parse(text)
                .expect("parses")
                .pinned_to(replab_core::Config::LANGUAGE_1_3),
            Some(protocol),
        )
        .expect("loads")
        .timeline
    }

    /// B's `send` at A's log end waits there (5) until A appends (6); it waits
    /// again (8) and is lost when B bounces (9); its next response is lost with
    /// A (11, 12).
    const STORY: &str = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nsend B\nproduce m3\ndeliver B\n\
                         send B\nbounce B\nproduce m4\nsend B\ncrash A\n";

    #[test]
    fn an_arrow_per_message_a_row_per_step() {
        let t = load(STORY, replab_core::Protocol::Hw);
        let svg = diagram(&t, Lang::EN, 1, t.len());
        assert_eq!(svg.matches(r#"data-testid="st-arrow""#).count(), 9);
        assert_eq!(svg.matches(r#"<g class="st-row"#).count(), 12);
        assert_eq!(svg.matches(r#"data-kind="fetch""#).count(), 5);
        // The lost response: ×, and why in its title.
        assert!(svg.contains("the response to B is lost with the crashed leader"));
        // The fetches that wait at A: a dotted line each down to where the wait
        // ended, the lost one marked × and told in its title.
        assert_eq!(svg.matches(r#"class="st-wait""#).count(), 2);
        assert!(svg.contains("B&#39;s fetch waits at A for new records (offset 2)"));
        assert!(svg.contains("B&#39;s fetch waiting at the leader (offset 3) is gone: B crashed"));
        assert_eq!(svg.matches(r#"class="st-lost""#).count(), 2);
        // The response whose fetch moved A's HW says so.
        assert!(svg.contains("records m2 · HW 0 (A&#39;s HW 1)"));
        // B's bounce (unseen: no new epoch), A's crash, the bands of epochs 0 and 1.
        assert!(svg.contains(">epoch 0</text>") && svg.contains(">epoch 1</text>"));
        assert!(svg.contains(">×</text>") && svg.contains(">↻</text>"));
        // A marker before each step's marks and arrows, and after the last.
        assert_eq!(svg.matches(r#"<g class="st-at" data-at="13"/>"#).count(), 2);
        assert!(svg.ends_with(r#"<g class="st-at" data-at="13"/></g></svg>"#));
        // Whole numbers or tenths only.
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
    }

    /// KIP-101's scenario 2 with two consumers under 2.8: a line per consumer
    /// after the brokers', their polls as arrows to the leader and back, and
    /// c1's truncation detected marked on its line.
    #[test]
    fn consumers_have_lines_and_their_polls_arrows() {
        let story = include_str!("../../../web/scenarios/power-loss-two-consumers.scn");
        let t = load(story, replab_core::Protocol::DivergingEpoch);
        let svg = diagram(&t, Lang::EN, 1, t.len());
        assert!(svg.contains(">c1</text>") && svg.contains(">c2</text>"), "{svg}");
        assert_eq!(svg.matches(r#"class="st-line consumer""#).count(), 2);
        // c1's polls: a fetch (step 5), a fetch (last step) after its validation;
        // c2's one fetch.
        assert_eq!(
            svg.matches(r#"data-kind="offsets-for-leader-epoch""#).count(),
            1,
            "c1 validates once"
        );
        assert!(
            svg.contains("records m1 m2 · HW 2") && svg.contains("records m1 m3 · HW 2"),
            "{svg}"
        );
        assert!(
            svg.contains("<title>Truncation detected by a consumer</title>✂"),
            "{svg}"
        );
        // Under 2.1 nothing is validated.
        let t = load(story, replab_core::Protocol::Kip279);
        let svg = diagram(&t, Lang::EN, 1, t.len());
        assert_eq!(svg.matches(r#"data-kind="offsets-for-leader-epoch""#).count(), 0);
        assert!(!svg.contains("✂"));
    }

    /// Kafka 0.10: A, back after B's unclean-free takeover, fetches past B's log
    /// end and halts: one ⊗ on its line, no crash mark beside it.
    #[test]
    fn a_halt_is_marked_as_such() {
        let text = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nbounce B\ncrash A\nrestart A\nfetch A\n";
        let t = load(text, replab_core::Protocol::Hw);
        assert!(t.events_of(8).iter().any(|e| matches!(e, Event::Halted { .. })));
        let svg = diagram(&t, Lang::EN, 1, t.len());
        assert_eq!(svg.matches(">⊗</text>").count(), 1);
        assert!(svg.contains("<title>halted</title>⊗"));
        // × for B's bounce and A's crash at 6, none at the halt.
        assert_eq!(svg.matches("<title>Crash</title>×").count(), 2);
    }

    #[test]
    fn values_are_escaped() {
        // The page's Produce box takes any value.
        let text = "brokers A B\nleader A\n";
        let setup = scenario::load(&scenario::parse(text).expect("parses"), None)
            .expect("loads")
            .timeline
            .setup()
            .clone();
        let mut t = Timeline::new(setup);
        t.push(replab_core::Command::Produce {
            value: "<b>&".into(),
            acks: None,
        })
        .expect("produce");
        t.push(replab_core::Command::Fetch { follower: 1, max: None })
            .expect("fetch");
        let svg = diagram(&t, Lang::EN, 1, t.len());
        assert!(svg.contains("records &lt;b&gt;&amp; · HW 0"));
        assert!(!svg.contains("<b>"));
    }

    #[test]
    fn a_long_history_is_drawn_in_a_window() {
        assert_eq!(window(40, 7), (1, 40));
        assert_eq!(window(1000, 0), (1, WINDOW));
        assert_eq!(window(1000, 520), (351, 650));
        assert_eq!(window(1000, 1000), (701, 1000));
        let mut text = String::from("brokers A B\nleader A\n");
        for i in 0..200 {
            text += &format!("produce m{i}\nfetch B\n");
        }
        let t = scenario::load(&scenario::parse(&text).expect("parses"), None)
            .expect("loads")
            .timeline;
        let (first, last) = window(t.len(), 250);
        let svg = diagram(&t, Lang::EN, first, last);
        assert_eq!(svg.matches(r#"<g class="st-row"#).count(), WINDOW);
        assert!(svg.starts_with(r#"<p class="more">… 100</p>"#));
        assert!(svg.ends_with("</svg>"), "the window reaches the end");
    }
}
