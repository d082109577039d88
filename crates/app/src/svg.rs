//! The current frame — every broker's lane and the latest decisions —
//! as a standalone SVG figure, for authors who need a static picture.

use crate::decision_text::Described;
use replab_core::Cluster;
use replab_narrate::{self as narrate, label, Label, Lang};
use std::fmt::Write;

const WIDTH: u32 = 960;
const LANE: u32 = 96;
const LEFT: u32 = 170;
const EPOCH_COLORS: [&str; 8] = [
    "#2f6fdf", "#d9480f", "#2b8a3e", "#9c36b5", "#c2255c", "#0b7285", "#a87b00", "#5c5f66",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Splits `text` into lines of about `width` columns (a CJK character counts two).
fn wrap(text: &str, width: usize) -> Vec<String> {
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

/// The SVG text of the frame.
pub fn frame(lang: Lang, view: &Cluster, title: &str, step: usize, decisions: &[Described]) -> String {
    let brokers = view.brokers();
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
    let height = 70 + LANE * brokers.len() as u32 + 20 + 20 * decision_lines.len() as u32 + 10;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="system-ui, sans-serif" font-size="13">"#
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
    for (ix, b) in brokers.iter().enumerate() {
        let y = 70 + LANE * ix as u32;
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
            WIDTH - 16,
            LANE - 8,
            if b.is_alive() { "#fafafa" } else { "#eeeeee" }
        );
        let _ = write!(
            s,
            r##"<text x="20" y="{}" font-size="16" font-weight="700">{}</text><text x="20" y="{}" fill="#5d6470">{}</text><text x="20" y="{}" fill="#5d6470">{}</text><text x="20" y="{}">LEO {} · HW {}</text>"##,
            y + 22,
            esc(&b.id),
            y + 40,
            esc(role),
            y + 56,
            esc(isr),
            y + 74,
            b.leo(),
            b.hw()
        );
        let records = b.durable.log.records();
        let avail = WIDTH - LEFT - 200;
        let cell = if records.is_empty() {
            48
        } else {
            (avail / records.len() as u32).clamp(8, 48)
        };
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
            r##"<line x1="{hx}" y1="{}" x2="{hx}" y2="{}" stroke="#1d1f23" stroke-width="3"/><text x="{hx}" y="{}" font-size="10" font-weight="700" text-anchor="middle">HW {}</text>"##,
            y + 14,
            y + 66,
            y + 78,
            b.hw()
        );
        let epochs: Vec<String> = b
            .durable
            .epoch_cache
            .entries()
            .iter()
            .map(|e| format!("{}:{}", e.epoch, e.start_offset))
            .collect();
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" fill="#5d6470">{}</text><text x="{}" y="{}">{}</text></g>"##,
            WIDTH - 190,
            y + 36,
            esc(label(lang, Label::EpochCache)),
            WIDTH - 190,
            y + 56,
            esc(&if !view.rules().has_epoch_cache() {
                label(lang, Label::NoEpochsBefore011).to_string()
            } else if epochs.is_empty() {
                label(lang, Label::NoEpochs).to_string()
            } else {
                epochs.join("  ")
            })
        );
    }
    let mut y = 70 + LANE * brokers.len() as u32 + 20;
    let _ = write!(s, r#"<g class="decision">"#);
    for (bold, line) in decision_lines {
        let weight = if bold { r#" font-weight="700""# } else { "" };
        let _ = write!(s, r#"<text x="16" y="{y}"{weight}>{}</text>"#, esc(&line));
        y += 20;
    }
    s.push_str("</g></svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::scenario;

    #[test]
    fn every_lane_and_the_decision_are_in_the_figure() {
        let script = scenario::parse(crate::presets::PRESETS[1].text).expect("parses");
        let t = scenario::load(&script, None).expect("loads").timeline;
        let step = t.len();
        let decisions = crate::decision_text::describe(Lang::En, &t, 17.min(step));
        let svg = frame(Lang::En, t.head(), "Divergence <test>", step, &decisions);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>"));
        for id in ["A", "B"] {
            assert!(svg.contains(&format!(r#"<g class="lane" data-broker="{id}">"#)));
        }
        assert!(svg.contains("Divergence &lt;test&gt;"));
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
    }

    #[test]
    fn wrapping_counts_wide_characters_double() {
        assert_eq!(wrap("aaa bbb ccc", 8), vec!["aaa bbb ", "ccc"]);
        assert_eq!(wrap("一二三四，五六", 8).len(), 2);
    }
}
