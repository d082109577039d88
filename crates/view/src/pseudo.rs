//! The pseudo-language (`xx`, every text in brackets) as a test of the
//! figures: every word a figure draws comes from the catalogue. Built into
//! the tests by ./dev test (REPLAB_PSEUDO=1); `words_outside` is what the
//! page's browser tests check too.

use replab_core::Protocol;

/// The words of `text` outside any bracketed group: what no catalogue text
/// said. Groups may nest, span lines (a wrapped caption) and end cut short
/// with `…`; numbers, broker
/// names, message values and protocol names are the history's data, and
/// `extra` names more.
pub fn words_outside(text: &str, extra: &[&str]) -> Vec<String> {
    let mut rest = text.to_string();
    // Innermost groups first, until none is left.
    loop {
        let mut out = String::with_capacity(rest.len());
        let mut changed = false;
        let mut open: Option<usize> = None;
        for (i, c) in rest.char_indices() {
            match c {
                '[' => open = Some(i),
                // A caption cut short ends its group with an ellipsis.
                ']' | '…' if open.is_some() => {
                    if let Some(o) = open.take() {
                        out.truncate(out.len() - (rest[o..i].len()));
                        out.push(' ');
                        changed = true;
                        continue;
                    }
                }
                _ => {}
            }
            out.push(c);
        }
        rest = out;
        if !changed {
            break;
        }
    }
    rest.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.' || c == '_'))
        .map(|w| w.trim_matches(['.', '-']))
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .filter(|w| !is_data(w) && !extra.contains(w))
        .map(str::to_string)
        .collect()
}

fn is_data(word: &str) -> bool {
    let value = word
        .strip_prefix('m')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    value || Protocol::from_name(word).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::matrix_svg;
    use crate::{spacetime, strip};
    use replab_core::scenario;
    use replab_narrate::{label, Label, Lang};

    fn texts(svg: &str) -> String {
        crate::matrix::tests::texts(svg).join(" ")
    }

    #[test]
    fn the_check_finds_words_outside_brackets_and_not_inside() {
        assert_eq!(words_outside("[a [b] c] d", &[]), Vec::<String>::new());
        assert_eq!(
            words_outside("[B truncates\nto 1] m2 A 3 kip-279", &[]),
            Vec::<String>::new()
        );
        assert_eq!(words_outside("HW 0 [log]", &[]), vec!["HW"]);
        assert_eq!(words_outside("[one] two [three", &[]), vec!["two", "three"]);
        assert_eq!(words_outside("[one cut…", &[]), Vec::<String>::new());
    }

    /// Every text of every figure, for every preset under every protocol.
    #[test]
    fn every_figure_speaks_the_pseudo_language() {
        let Some(&xx) = Lang::ALL.iter().find(|l| l.is_pseudo()) else {
            eprintln!("the pseudo-language is not built (REPLAB_PSEUDO=1, as ./dev test sets)");
            return;
        };
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/scenarios");
        let mut figures = 0;
        for entry in std::fs::read_dir(dir).expect("presets") {
            let path = entry.expect("entry").path();
            let script = scenario::parse(&std::fs::read_to_string(&path).expect("read")).expect("parses");
            for p in Protocol::ALL {
                let t = scenario::load(&script, Some(p)).expect("loads").timeline;
                // The history's own commands are data (the diagram labels its
                // steps with them), as are the broker names.
                let mut lines: Vec<String> = t
                    .commands()
                    .iter()
                    .map(|c| scenario::command_line(&script.brokers, c))
                    .collect();
                // The diagram's rows show a command's first 13 characters.
                let short: Vec<String> = lines.iter().map(|l| l.chars().take(13).collect()).collect();
                lines.extend(short);
                let data: Vec<&str> = script
                    .brokers
                    .iter()
                    .map(String::as_str)
                    .chain(lines.iter().flat_map(|l| l.split([' ', '='])))
                    .collect();
                let steps: Vec<usize> = (0..=t.len()).collect();
                let title = label(xx, Label::AppTitle);
                let frames = strip::frames(&t, &steps, xx, strip::DEFAULT_WIDTH);
                let strip = strip::strip_svg(&t, title, &frames, xx, strip::DEFAULT_WIDTH);
                let diagram = spacetime::diagram(&t, xx, 1, t.len());
                for svg in [strip, diagram] {
                    let left = words_outside(&texts(&svg), &data);
                    assert!(left.is_empty(), "{} under {}: {left:?}", path.display(), p.name());
                    figures += 1;
                }
            }
        }
        assert!(figures > 100, "{figures}");
        let table = crate::matrix::tests::table(&["A", "B"]);
        // The acks=1 history is a scenario's commands: data.
        let left = words_outside(&texts(&matrix_svg(xx, &table)), &["produce", "acks", "crash"]);
        assert!(left.is_empty(), "the matrix: {left:?}");
    }
}
