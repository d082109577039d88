//! The message catalogue: every sentence the lab says, written once as an id
//! with named placeholders and its text in each language side by side, in the
//! `messages/*.msg` files. The code picks a message and its arguments; the
//! language is data.
//!
//! A file is a list of messages, each an id on a line of its own, then one
//! indented line per language, `en: text`. The text runs to the end of the
//! line; `{name}` is a placeholder, `{{` and `}}` are braces, `\n` a new line,
//! `\s` a space (for one that ends a text) and `\\` a backslash. Lines
//! starting with `#` are comments. A language may also come in a file of its
//! own, written the same way with only its lines.
//!
//! The build script splits the files into one per language. English is always
//! built in; the other languages are built in with the `every-language`
//! feature (the runner, the worker, the pre-render, the tests), and the page,
//! which carries English alone, fetches another language's file and
//! `install`s it before it speaks it.

mod source;

pub use source::{escape, fingerprint, parse, placeholders, Entry, SourceError};

use crate::Lang;
use std::fmt::{Display, Write};
use std::sync::OnceLock;

/// The side-by-side files, by name: what the catalogue's test checks.
#[cfg(test)]
const SOURCES: &[(&str, &str)] = &[
    ("words.msg", include_str!("../messages/words.msg")),
    ("events.msg", include_str!("../messages/events.msg")),
    ("decisions.msg", include_str!("../messages/decisions.msg")),
    ("errors.msg", include_str!("../messages/errors.msg")),
    ("compare.msg", include_str!("../messages/compare.msg")),
    ("labels.msg", include_str!("../messages/labels.msg")),
    ("matrix.msg", include_str!("../messages/matrix.msg")),
    ("releases.msg", include_str!("../messages/releases.msg")),
];

/// A language's file as the build script wrote it, when it is built in.
fn built_in(lang: Lang) -> Option<&'static str> {
    crate::language::built_in(lang.index())
}

/// A message: its place in every language's file (`id::EVENT_LEADER_ELECTED`
/// is `event.leader-elected`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Id(u16);

include!(concat!(env!("OUT_DIR"), "/ids.rs"));
include!(concat!(env!("OUT_DIR"), "/msg.rs"));

/// One language's messages, in the order of their ids.
struct Table(Vec<String>);

impl Table {
    /// A language's file: a header naming the language and the ids'
    /// fingerprint, then one text a line in the order of their ids.
    fn read(lang: Lang, source: &str) -> Result<Table, SourceError> {
        let file = format!("{}.msg", lang.code());
        let error = |line: usize, message: String| SourceError {
            file: file.clone(),
            line,
            message,
        };
        let mut lines = source.lines();
        let header = format!("replab messages {} {FINGERPRINT:016x}", lang.code());
        if lines.next() != Some(header.as_str()) {
            return Err(error(
                1,
                format!("expected {header:?}: a file for another build or language"),
            ));
        }
        let texts: Vec<String> = lines.map(source::unescape).collect();
        if texts.len() != COUNT {
            return Err(error(
                texts.len() + 1,
                format!("{} texts for {COUNT} messages", texts.len()),
            ));
        }
        Ok(Table(texts))
    }

    fn get(&self, id: Id) -> Option<&str> {
        self.0.get(usize::from(id.0)).map(String::as_str)
    }
}

static TABLES: [OnceLock<Table>; Lang::ALL.len()] = [const { OnceLock::new() }; Lang::ALL.len()];

fn table(lang: Lang) -> &'static Table {
    let slot = &TABLES[lang.index()];
    if let Some(t) = slot.get() {
        return t;
    }
    match built_in(lang) {
        // The build script wrote the file for these ids; it reads.
        Some(source) => slot.get_or_init(|| Table::read(lang, source).unwrap_or(Table(Vec::new()))),
        // Not fetched yet: English meanwhile, never an empty page.
        None if lang != Lang::EN => table(Lang::EN),
        None => slot.get_or_init(|| Table(Vec::new())),
    }
}

/// Whether `lang` can be spoken now: built in or installed.
pub fn has(lang: Lang) -> bool {
    TABLES[lang.index()].get().is_some() || built_in(lang).is_some()
}

/// A language's file, fetched: from now on `lang` is spoken with it. A file
/// that does not read is refused, and nothing changes.
pub fn install(lang: Lang, source: &str) -> Result<(), SourceError> {
    let table = Table::read(lang, source)?;
    let _ = TABLES[lang.index()].set(table);
    Ok(())
}

/// A language's file as the page fetches it, where it is built in.
pub fn file_of(lang: Lang) -> Option<&'static str> {
    built_in(lang)
}

/// The message whose id is `name`, among those under `protocol.` and
/// `release.` (the words looked up by a protocol's or a line's name).
pub fn named(name: &str) -> Option<Id> {
    NAMED
        .binary_search_by(|(id, _)| (*id).cmp(name))
        .ok()
        .map(|i| NAMED[i].1)
}

/// Message `id` in `lang`, a text without placeholders or braces, as it stands.
pub fn text(lang: Lang, id: Id) -> &'static str {
    let text = table(lang).get(id).unwrap_or_default();
    debug_assert!(!text.contains(['{', '}']), "message {id:?} is not a plain text");
    text
}

/// Message `id` in `lang`, its placeholders filled from `args`: only through
/// the message's own function (`msg`), which passes exactly its placeholders.
fn say(lang: Lang, id: Id, args: &[(&str, &dyn Display)]) -> String {
    fill(table(lang).get(id).unwrap_or_default(), args, id)
}

fn fill(text: &str, args: &[(&str, &dyn Display)], id: Id) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        match (tail.starts_with('{'), tail.find('}')) {
            (true, Some(end)) => {
                let name = &tail[1..end];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => {
                        let _ = write!(out, "{value}");
                    }
                    None => {
                        debug_assert!(false, "message {id:?} wants {{{name}}}");
                        out.push_str(&tail[..=end]);
                    }
                }
                rest = &tail[end + 1..];
            }
            _ => {
                out.push_str(&tail[..1]);
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn every_message_has_every_language_with_the_same_placeholders() {
        let mut seen: HashMap<String, (String, usize)> = HashMap::new();
        let mut problems = Vec::new();
        for (file, source) in SOURCES {
            let entries = match parse(file, source) {
                Ok(e) => e,
                Err(e) => {
                    problems.push(e.to_string());
                    continue;
                }
            };
            for e in entries {
                let at = format!("{}:{}", e.file, e.line);
                if let Some((f, l)) = seen.insert(e.id.clone(), (e.file.clone(), e.line)) {
                    problems.push(format!("{at}: {} is also at {f}:{l}", e.id));
                }
                for &lang in Lang::ALL.iter().filter(|l| !l.is_pseudo()) {
                    if !e.texts.iter().any(|(l, _)| l == lang.code()) {
                        problems.push(format!("{at}: {} has no {} text", e.id, lang.code()));
                    }
                }
                for (l, _) in &e.texts {
                    if Lang::from_code(l).is_none_or(|x| x.code() != l) {
                        problems.push(format!(
                            "{at}: {} has a text in {l}, which is no language of the lab",
                            e.id
                        ));
                    }
                }
                if let Some((_, first)) = e.texts.first() {
                    let mut want = placeholders(first);
                    want.sort_unstable();
                    for (l, text) in &e.texts[1..] {
                        let mut got = placeholders(text);
                        got.sort_unstable();
                        if got != want {
                            problems.push(format!("{at}: {} in {l} has {got:?}, not {want:?}", e.id));
                        }
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn a_text_fills_its_placeholders_and_keeps_escaped_braces() {
        let entries = parse("t.msg", "# c\nx.y\n  en: {a} and {{b}} and {a}\\n\n  zh: {a}\n").expect("parses");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].texts[0].1, "{a} and {{b}} and {a}\n");
        assert_eq!(fill(&entries[0].texts[0].1, &[("a", &1)], Id(0)), "1 and {b} and 1\n");
        assert_eq!(placeholders("{a} {{b}} {c} {a}"), vec!["a", "c"]);
    }

    #[test]
    fn each_language_file_the_build_writes_holds_every_message() {
        let mut ids = 0;
        for (file, source) in SOURCES {
            ids += parse(file, source).map_or(0, |e| e.len());
        }
        for &lang in Lang::ALL {
            let source = built_in(lang).expect("built in for tests");
            let table = Table::read(lang, source).expect("reads");
            assert_eq!(table.0.len(), ids, "{}", lang.code());
        }
    }

    #[test]
    fn a_written_text_reads_back_the_same() {
        for text in [
            "plain",
            "ends in a space ",
            " starts with one",
            "a\\b\nc",
            "{x} and {{y}}",
            "",
        ] {
            let file = format!("x\n  en: {}\n", escape(text));
            let read = parse("t.msg", &file).expect("reads");
            assert_eq!(read[0].texts[0].1, text, "{file:?}");
        }
    }

    #[test]
    fn a_fetched_file_that_does_not_read_is_refused() {
        for &lang in &Lang::ALL[1..] {
            let code = lang.code();
            let e = Table::read(lang, "x\n").err().expect("refused");
            assert_eq!((e.file, e.line), (format!("{code}.msg"), 1));
            let stale = format!("replab messages {code} {:016x}\n", FINGERPRINT ^ 1);
            assert!(Table::read(lang, &stale).is_err(), "a file for other ids");
            let short = format!("replab messages {code} {FINGERPRINT:016x}\none\n");
            let e = Table::read(lang, &short).err().expect("refused");
            assert!(e.message.contains("1 texts for"), "{e}");
            assert!(install(lang, &format!("  {code}: no header\n")).is_err());
            let en = built_in(Lang::EN).expect("built in");
            assert!(Table::read(lang, en).is_err(), "English's file is not {code}'s");
        }
    }

    #[test]
    fn the_build_numbers_the_messages_in_id_order() {
        let mut ids: Vec<String> = Vec::new();
        for (file, source) in SOURCES {
            ids.extend(parse(file, source).into_iter().flatten().map(|e| e.id));
        }
        ids.sort();
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        assert_eq!((ids.len(), source::fingerprint(&ids)), (COUNT, FINGERPRINT));
        let at = |id: &str| ids.binary_search(&id).ok().map(|i| Id(i as u16));
        assert_eq!(at("event.leader-elected"), Some(id::EVENT_LEADER_ELECTED));
        assert_eq!(at("label.app-title"), Some(id::LABEL_APP_TITLE));
        assert_eq!(text(Lang::EN, id::LABEL_APP_TITLE), "Kafka Replication Lab");
    }

    #[test]
    fn a_malformed_file_names_its_line() {
        let e = parse("t.msg", "  en: before an id\n").expect_err("refused");
        assert_eq!((e.file.as_str(), e.line), ("t.msg", 1));
        let e = parse("t.msg", "x\n  en: a\n  en: b\n").expect_err("refused");
        assert_eq!(e.line, 3);
        assert!(parse("t.msg", "two words\n").is_err());
        assert!(parse("t.msg", "x\n  no colon\n").is_err());
    }
}
