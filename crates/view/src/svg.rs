//! The current frame — every broker's lane (with a line for its badges: a
//! halted broker, a leader whose HW a caught-up replica holds, and under KRaft
//! the ELR, the last known leader, fencing, the broker epoch and the last
//! restart) and the latest decisions — as a standalone SVG figure, for authors
//! who need a static picture.

use crate::badges::badges;
use crate::decision_text::Described;
use replab_core::{Cluster, Record};
use replab_narrate::{self as narrate, label, Label, Lang};
use std::fmt::Write;

const WIDTH: u32 = 960;
const LANE: u32 = 96;
const LEFT: u32 = 170;
const EPOCH_COLORS: [&str; 8] = [
    "#2f6fdf", "#d9480f", "#2b8a3e", "#9c36b5", "#c2255c", "#0b7285", "#a87b00", "#5c5f66",
];

/// Text escaped for SVG (and HTML) markup.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Splits `text` into lines of about `width` columns (a CJK character counts two).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    let mut col = 0;
    for word in text.split_inclusive([' ', '，', '：', '、']) {
        let w: usize = word.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
        if col + w > width && col > 0 {
            lines.push(String::new());
            col = 0;
        }
        if let Some(l) = lines.last_mut() {
            l.push_str(word);
        }
        col += w;
    }
    lines
}

/// The SVG text of the frame; `restarts`: whether each broker's latest restart
/// was clean (see `history::last_restarts`).
pub fn frame(
    lang: Lang,
    view: &Cluster,
    title: &str,
    step: usize,
    decisions: &[Described],
    restarts: &[Option<bool>],
) -> String {
    let width = WIDTH;
    let decision_lines: Vec<(bool, String)> = decisions
        .iter()
        .flat_map(|d| {
            let mut v = vec![(true, d.heading(lang))];
            for (l, text) in &d.rows {
                for (i, line) in wrap(&format!("{}: {text}", label(lang, *l)), 110)
                    .into_iter()
                    .enumerate()
                {
                    v.push((false, if i == 0 { line } else { format!("    {line}") }));
                }
            }
            v
        })
        .collect();
    let mut body = String::new();
    let lanes_h = lanes(&mut body, lang, view, restarts, &[], width, 70);
    let height = 70 + lanes_h + 20 + 20 * decision_lines.len() as u32 + 10;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONTS}" font-size="13">"#
    );
    let _ = write!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = write!(
        s,
        r##"<text x="16" y="28" font-size="18" font-weight="700" fill="#1d1f23">{}</text><text x="16" y="50" fill="#5d6470">{} · {} {} · {} {step}</text>"##,
        esc(title),
        esc(&narrate::protocol_option(lang, view.protocol())),
        esc(label(lang, Label::Epoch)),
        view.leader_epoch(),
        esc(label(lang, Label::Step)),
    );
    s.push_str(&body);
    let mut y = 70 + lanes_h + 20;
    let _ = write!(s, r#"<g class="decision">"#);
    for (bold, line) in decision_lines {
        let weight = if bold { r#" font-weight="700""# } else { "" };
        let _ = write!(s, r#"<text x="16" y="{y}"{weight}>{}</text>"#, esc(&line));
        y += 20;
    }
    s.push_str("</g></svg>");
    s
}

/// The fonts figures ask for: the system's, then the ones that carry Chinese.
pub const FONTS: &str = "system-ui, 'Noto Sans', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif";

/// Every broker's lane, `width` wide, from `top` down: writes them to `s` and
/// returns their height. When a broker has badges (always under KRaft), each
/// lane has one more line, for them. `ghosts`: for each broker, records it lost
/// at this step, drawn struck out after its log (empty: none).
pub fn lanes(
    s: &mut String,
    lang: Lang,
    view: &Cluster,
    restarts: &[Option<bool>],
    ghosts: &[Vec<Record>],
    width: u32,
    top: u32,
) -> u32 {
    let brokers = view.brokers();
    let badge_lines: Vec<String> = (0..brokers.len())
        .map(|ix| {
            badges(view, ix, restarts.get(ix).copied().flatten())
                .iter()
                .map(|b| b.text(lang, view))
                .collect::<Vec<_>>()
                .join(" · ")
        })
        .collect();
    let lane_h = if badge_lines.iter().any(|l| !l.is_empty()) {
        LANE + 20
    } else {
        LANE
    };
    // The epoch cache's column at the right; the log between the name and it.
    let cache_x = width.saturating_sub(190).max(LEFT + 100);
    // One cell size for every lane, so that an offset is at one x in all.
    let shown = brokers
        .iter()
        .enumerate()
        .map(|(ix, b)| {
            let lost = ghosts
                .get(ix)
                .and_then(|g| g.last())
                .map_or(0, |r| r.offset as usize + 1);
            b.durable.log.records().len().max(lost)
        })
        .max()
        .unwrap_or(0);
    let avail = cache_x.saturating_sub(LEFT + 10);
    let cell = if shown == 0 {
        48
    } else {
        (avail / shown as u32).clamp(8, 48)
    };
    for (ix, b) in brokers.iter().enumerate() {
        let y = top + lane_h * ix as u32;
        let role = if !b.is_alive() {
            label(lang, Label::Down)
        } else if view.leader() == Some(ix) {
            label(lang, Label::Leader)
        } else {
            label(lang, Label::Follower)
        };
        let isr = label(
            lang,
            if view.isr().contains(ix) {
                Label::InIsr
            } else {
                Label::OutOfIsr
            },
        );
        let _ = write!(s, r#"<g class="lane" data-broker="{}">"#, esc(&b.id));
        let _ = write!(
            s,
            r##"<rect x="8" y="{y}" width="{}" height="{}" rx="8" fill="{}" stroke="#d6d8dc"/>"##,
            width - 16,
            lane_h - 8,
            if b.is_alive() { "#fafafa" } else { "#eeeeee" }
        );
        let _ = write!(
            s,
            r##"<text x="20" y="{}" font-size="16" font-weight="700">{}</text><text x="20" y="{}" fill="#5d6470">{}</text><text x="20" y="{}" fill="#5d6470">{}</text><text x="20" y="{}">{}</text>"##,
            y + 22,
            esc(&b.id),
            y + 40,
            esc(role),
            y + 56,
            esc(isr),
            y + 74,
            esc(&narrate::leo_hw(lang, b.leo(), b.hw()))
        );
        if !badge_lines[ix].is_empty() {
            let _ = write!(
                s,
                r##"<text class="badges" x="20" y="{}" font-size="12" fill="#5d6470">{}</text>"##,
                y + 96,
                esc(&badge_lines[ix])
            );
        }
        let records = b.durable.log.records();
        let lost = ghosts.get(ix).map_or(&[][..], Vec::as_slice);
        for r in lost {
            let x = LEFT + cell * r.offset as u32;
            let _ = write!(
                s,
                r##"<g class="lost"><rect x="{x}" y="{}" width="{}" height="40" rx="5" fill="none" stroke="#9aa0a6" stroke-width="1.5" stroke-dasharray="2 3"/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#c92a2a" stroke-width="2"/>"##,
                y + 20,
                cell.saturating_sub(4),
                x + 2,
                y + 58,
                x + cell.saturating_sub(6),
                y + 22
            );
            // "lost" above the record, clear of the HW mark's label below.
            if cell >= 28 {
                let _ = write!(
                    s,
                    r##"<text x="{}" y="{}" font-weight="600" fill="#9aa0a6" text-anchor="middle" text-decoration="line-through">{}</text><text x="{}" y="{}" font-size="10" fill="#c92a2a" text-anchor="middle">{}</text>"##,
                    x + cell / 2 - 2,
                    y + 40,
                    esc(&r.value),
                    x + cell / 2 - 2,
                    y + 15,
                    esc(label(lang, Label::Lost))
                );
            }
            s.push_str("</g>");
        }
        for r in records {
            let x = LEFT + cell * r.offset as u32;
            let color = EPOCH_COLORS[(r.epoch % 8) as usize];
            let dash = if r.offset >= b.hw() {
                r#" stroke-dasharray="4 3""#
            } else {
                ""
            };
            let _ = write!(
                s,
                r##"<rect x="{x}" y="{}" width="{}" height="40" rx="5" fill="{color}" fill-opacity="0.14" stroke="{color}" stroke-width="2"{dash}/>"##,
                y + 20,
                cell.saturating_sub(4)
            );
            if cell >= 28 {
                let _ = write!(
                    s,
                    r##"<text x="{}" y="{}" font-size="10" fill="#5d6470" text-anchor="middle">{}</text><text x="{}" y="{}" font-weight="600" text-anchor="middle">{}</text>"##,
                    x + cell / 2 - 2,
                    y + 32,
                    r.offset,
                    x + cell / 2 - 2,
                    y + 52,
                    esc(&r.value)
                );
            }
        }
        let hx = LEFT + cell * b.hw() as u32 - 2;
        let _ = write!(
            s,
            r##"<line x1="{hx}" y1="{}" x2="{hx}" y2="{}" stroke="#1d1f23" stroke-width="3"/><text x="{hx}" y="{}" font-size="10" font-weight="700" text-anchor="middle">{}</text>"##,
            y + 14,
            y + 66,
            y + 78,
            esc(&narrate::hw_mark(lang, b.hw()))
        );
        let epochs: Vec<String> = b
            .durable
            .epoch_cache
            .entries()
            .iter()
            .map(|e| format!("{}:{}", e.epoch, e.start_offset))
            .collect();
        let cache = if !view.capabilities().has_epoch_cache() {
            label(lang, Label::NoEpochsBefore011).to_string()
        } else if epochs.is_empty() {
            label(lang, Label::NoEpochs).to_string()
        } else {
            epochs.join("  ")
        };
        let _ = write!(
            s,
            r##"<text x="{cache_x}" y="{}" fill="#5d6470">{}</text>"##,
            y + 36,
            esc(label(lang, Label::EpochCache)),
        );
        // On two lines when it does not fit in the column (13 px: about 7 px a column).
        let columns = (width.saturating_sub(cache_x + 16) / 7).max(12) as usize;
        let mut lines = wrap(&cache, columns);
        lines.truncate(2);
        for (i, line) in lines.iter().enumerate() {
            let _ = write!(
                s,
                r#"<text x="{cache_x}" y="{}">{}</text>"#,
                y + 56 + 17 * i as u32,
                esc(line.trim_end())
            );
        }
        s.push_str("</g>");
    }
    let brokers_h = lane_h * brokers.len() as u32;
    brokers_h + consumer_lanes(s, lang, view, width, top + brokers_h)
}

/// A consumer lane's height.
const CONSUMER_LANE: u32 = 60;

/// Every consumer's compact lane below the brokers': its name, position and
/// last error, and the records it read in order, a read lost after it was
/// read struck out, a diverged one outlined in red. Returns their height.
fn consumer_lanes(s: &mut String, lang: Lang, view: &Cluster, width: u32, top: u32) -> u32 {
    let safety = view.safety();
    // The latest reads that fit, a cell each.
    let cell = 40;
    let fits = (width.saturating_sub(LEFT + 16) / cell).max(1) as usize;
    for (i, c) in view.consumers().iter().enumerate() {
        let y = top + CONSUMER_LANE * i as u32;
        let _ = write!(
            s,
            r##"<g class="consumer" data-consumer="{}"><rect x="8" y="{y}" width="{}" height="{}" rx="8" fill="#ffffff" stroke="#9aa0a6" stroke-dasharray="2 2"/>"##,
            esc(&c.name),
            width - 16,
            CONSUMER_LANE - 8
        );
        let mut facts = narrate::consumer_position(lang, c.position, c.position_epoch);
        if let Some(e) = c.error {
            facts = format!("{facts} · {}", e.name());
        }
        let _ = write!(
            s,
            r##"<text x="20" y="{}" font-size="15" font-weight="700">{}</text><text x="20" y="{}" font-size="11" fill="#5d6470">{}</text>"##,
            y + 21,
            esc(&c.name),
            y + 39,
            esc(&facts)
        );
        let reads = c.read();
        let skip = reads.len().saturating_sub(fits);
        for (j, r) in reads.iter().skip(skip).enumerate() {
            let x = LEFT + cell * j as u32;
            let color = EPOCH_COLORS[(r.epoch % 8) as usize];
            let (lost, diverged) = (safety.read_lost(c.name, r), safety.read_diverged(r));
            let stroke = if diverged { "#c92a2a" } else { color };
            let _ = write!(
                s,
                r##"<rect x="{x}" y="{}" width="{}" height="36" rx="5" fill="{color}" fill-opacity="{}" stroke="{stroke}" stroke-width="2"{}/><text x="{}" y="{}" font-size="9" fill="#5d6470" text-anchor="middle">{}</text><text x="{}" y="{}" font-weight="600" text-anchor="middle"{}>{}</text>"##,
                y + 8,
                cell - 4,
                if lost { "0" } else { "0.14" },
                if lost { r#" stroke-dasharray="2 3""# } else { "" },
                x + cell / 2 - 2,
                y + 19,
                r.offset,
                x + cell / 2 - 2,
                y + 36,
                if lost {
                    r##" text-decoration="line-through" fill="#9aa0a6""##
                } else {
                    ""
                },
                esc(&r.value)
            );
        }
        s.push_str("</g>");
    }
    CONSUMER_LANE * view.consumers().len() as u32
}

/// The colour of leader epoch `epoch`, as the lanes draw it.
pub fn epoch_color(epoch: u32) -> &'static str {
    EPOCH_COLORS[(epoch % 8) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario;

    #[test]
    fn every_lane_and_the_decision_are_in_the_figure() {
        let script = scenario::parse(include_str!("../../../web/scenarios/divergence.scn")).expect("parses");
        let t = scenario::load(&script, None).expect("loads").timeline;
        let step = t.len();
        let decisions = crate::decision_text::describe(Lang::EN, &t, 17.min(step));
        let svg = frame(Lang::EN, t.head(), "Divergence <test>", step, &decisions, &[]);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>"));
        for id in ["A", "B"] {
            assert!(svg.contains(&format!(r#"<g class="lane" data-broker="{id}">"#)));
        }
        assert!(svg.contains("Divergence &lt;test&gt;"));
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
    }

    #[test]
    fn consumers_have_compact_lanes_below_the_brokers_with_their_marks() {
        let text = include_str!("../../../web/scenarios/power-loss-two-consumers.scn");
        let script = scenario::parse(text).expect("parses");
        let t = scenario::load(&script, Some(replab_core::Protocol::DivergingEpoch))
            .expect("loads")
            .timeline;
        let mut s = String::new();
        let brokers_only = {
            let mut b = String::new();
            lanes(&mut b, Lang::EN, t.state_arc(4).as_ref(), &[], &[], 720, 0)
        };
        let h = lanes(&mut s, Lang::EN, t.head(), &[], &[], 720, 0);
        assert_eq!(h, brokers_only + 2 * CONSUMER_LANE, "two consumer lanes");
        for c in ["c1", "c2"] {
            assert!(s.contains(&format!(r#"<g class="consumer" data-consumer="{c}">"#)));
        }
        assert!(s.contains("position 2, epoch 1"), "{s}");
        // c1's m2 is struck out; its m3 and c2's m3 are outlined in red.
        assert_eq!(
            s.matches(r##"text-decoration="line-through" fill="#9aa0a6">m2<"##)
                .count(),
            1,
            "{s}"
        );
        assert_eq!(s.matches(r##"stroke="#c92a2a" stroke-width="2"/>"##).count(), 2, "{s}");
        assert_eq!(s.matches("<g").count(), s.matches("</g>").count());
    }

    #[test]
    fn kraft_lanes_carry_their_badges_and_zookeeper_lanes_none() {
        let text = "brokers A B C\nset min.insync.replicas=2\nproduce m1\nfetch B\nfetch C\nfetch B\nfetch C\n\
                    crash C\nshutdown B\ncrash A\nrestart B\n";
        let script = scenario::parse(text).expect("parses");
        let t = scenario::load(&script, Some(replab_core::Protocol::KraftElr))
            .expect("loads")
            .timeline;
        let restarts = crate::history::last_restarts(&t, t.len(), t.head());
        assert_eq!(restarts, vec![None, Some(true), None]);
        let decisions = crate::decision_text::describe(Lang::EN, &t, t.len());
        let svg = frame(Lang::EN, t.head(), "KRaft", t.len(), &decisions, &restarts);
        assert!(svg.contains(">in ELR · fenced · broker epoch 0</text>"), "{svg}");
        assert!(svg.contains(">broker epoch 1 · clean restart</text>"), "{svg}");
        assert!(svg.contains("Elected from the ELR · B"));
        assert!(svg.contains("High watermark held · B"));
        let t = scenario::load(&script, Some(replab_core::Protocol::DivergingEpoch))
            .expect("loads")
            .timeline;
        let svg = frame(Lang::EN, t.head(), "ZooKeeper", t.len(), &[], &[None, None, None]);
        assert!(!svg.contains("class=\"badges\""));
        assert!(!svg.contains("broker epoch"));
    }

    #[test]
    fn a_long_epoch_cache_line_wraps_in_its_column() {
        let script = scenario::parse(crate::strip::tests::DATA_LOSS).expect("parses");
        let t = scenario::load(&script, None).expect("loads").timeline;
        let mut s = String::new();
        lanes(&mut s, Lang::EN, t.head(), &[], &[], 720, 0);
        assert!(
            s.contains(
                r#"<text x="530" y="56">no leader-epoch cache</text><text x="530" y="73">before Kafka 0.11</text>"#
            ),
            "{s}"
        );
        // A short cache stays on one line.
        let t = scenario::load(&script, Some(replab_core::Protocol::Kip279))
            .expect("loads")
            .timeline;
        let mut s = String::new();
        lanes(&mut s, Lang::EN, t.head(), &[], &[], 720, 0);
        assert!(s.contains(r#"<text x="530" y="152">0:0  1:2</text></g>"#), "{s}");
    }

    #[test]
    fn every_lane_draws_its_records_in_cells_of_one_size() {
        // A leads with five records, B has two: at 480 px the cells shrink alike.
        let text = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nproduce m3\nproduce m4\nproduce m5\n";
        let script = scenario::parse(text).expect("parses");
        let t = scenario::load(&script, None).expect("loads").timeline;
        let mut s = String::new();
        lanes(&mut s, Lang::EN, t.head(), &[], &[], 480, 0);
        let widths: std::collections::BTreeSet<&str> = s
            .split("<rect ")
            .filter(|r| r.contains(r#"height="40""#))
            .filter_map(|r| r.split("width=\"").nth(1)?.split('"').next())
            .collect();
        assert_eq!(widths.len(), 1, "{s}");
    }

    #[test]
    fn wrapping_counts_wide_characters_double() {
        assert_eq!(wrap("aaa bbb ccc", 8), vec!["aaa bbb ", "ccc"]);
        assert_eq!(wrap("一二三四，五六", 8).len(), 2);
    }
}
