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

use crate::Lang;
use std::collections::HashMap;
use std::fmt::{Display, Write};
use std::sync::OnceLock;

/// The catalogue's files, by name, in the order they are read.
pub const SOURCES: &[(&str, &str)] = &[
    ("words.msg", include_str!("../messages/words.msg")),
    ("events.msg", include_str!("../messages/events.msg")),
    ("decisions.msg", include_str!("../messages/decisions.msg")),
    ("errors.msg", include_str!("../messages/errors.msg")),
    ("compare.msg", include_str!("../messages/compare.msg")),
    ("labels.msg", include_str!("../messages/labels.msg")),
];

/// Where a file's text is wrong, with its line.
#[derive(Debug, PartialEq, Eq)]
pub struct SourceError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// One message as read: its id, the file and line it starts at, and its text
/// by language code.
#[derive(Debug)]
pub struct Entry {
    pub id: String,
    pub file: String,
    pub line: usize,
    pub texts: Vec<(String, String)>,
}

/// Reads a catalogue file into its messages.
pub fn parse(file: &str, source: &str) -> Result<Vec<Entry>, SourceError> {
    let error = |line: usize, message: String| SourceError {
        file: file.to_string(),
        line,
        message,
    };
    let mut out: Vec<Entry> = Vec::new();
    for (i, raw) in source.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        if !raw.starts_with([' ', '\t']) {
            let id = raw.trim_end();
            if id.contains(char::is_whitespace) || id.contains(':') {
                return Err(error(line, format!("a message id is one word, not {id:?}")));
            }
            out.push(Entry {
                id: id.to_string(),
                file: file.to_string(),
                line,
                texts: Vec::new(),
            });
            continue;
        }
        let Some(entry) = out.last_mut() else {
            return Err(error(line, "a text before any message id".into()));
        };
        let body = raw.trim_start();
        let Some((lang, text)) = body
            .split_once(": ")
            .or_else(|| body.strip_suffix(':').map(|l| (l, "")))
        else {
            return Err(error(line, format!("expected `lang: text` under {}", entry.id)));
        };
        if entry.texts.iter().any(|(l, _)| l == lang) {
            return Err(error(line, format!("{} has two {lang} texts", entry.id)));
        }
        entry.texts.push((lang.to_string(), unescape(text)));
    }
    Ok(out)
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some('s') => out.push(' '),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

/// The placeholders of a text, in order, each once.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['{', '}']) {
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            rest = &tail[2..];
            continue;
        }
        match (tail.starts_with('{'), tail.find('}')) {
            (true, Some(end)) => {
                let name = &tail[1..end];
                if !out.contains(&name) {
                    out.push(name);
                }
                rest = &tail[end + 1..];
            }
            _ => rest = &tail[1..],
        }
    }
    out
}

/// Every message of every file, by language: id → text.
struct Table(HashMap<&'static str, String>);

fn tables() -> &'static [Table; 2] {
    static TABLES: OnceLock<[Table; 2]> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables = [Table(HashMap::new()), Table(HashMap::new())];
        for (file, source) in SOURCES {
            // The sources are checked by the catalogue's test; a broken file
            // here leaves its messages out rather than stopping the page.
            let Ok(entries) = parse(file, source) else { continue };
            for entry in entries {
                let id: &'static str = Box::leak(entry.id.into_boxed_str());
                for (lang, text) in entry.texts {
                    if let Some(l) = Lang::from_code(&lang) {
                        tables[l as usize].0.insert(id, text);
                    }
                }
            }
        }
        tables
    })
}

/// Message `id` in `lang`, a text without placeholders or braces, as it stands.
pub fn text(lang: Lang, id: &str) -> &'static str {
    match tables()[lang as usize].0.get(id) {
        Some(text) => {
            debug_assert!(!text.contains(['{', '}']), "message {id} is not a plain text");
            text.as_str()
        }
        None => {
            debug_assert!(false, "no message {id} in {}", lang.code());
            ""
        }
    }
}

/// Message `id` in `lang`, its placeholders filled from `args`.
pub fn say(lang: Lang, id: &str, args: &[(&str, &dyn Display)]) -> String {
    let Some(text) = tables()[lang as usize].0.get(id) else {
        debug_assert!(false, "no message {id} in {}", lang.code());
        return id.to_string();
    };
    fill(text, args, id)
}

fn fill(text: &str, args: &[(&str, &dyn Display)], id: &str) -> String {
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
                        debug_assert!(false, "message {id} wants {{{name}}}");
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

/// `say!(lang, "id", name = value, …)`: message `id` in `lang` with its
/// placeholders filled (each value is anything `Display`).
#[macro_export]
macro_rules! say {
    ($lang:expr, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::catalogue::say($lang, $id, &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),*])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

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
                for lang in [Lang::En, Lang::Zh] {
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
        assert_eq!(fill(&entries[0].texts[0].1, &[("a", &1)], "x.y"), "1 and {b} and 1\n");
        assert_eq!(placeholders("{a} {{b}} {c} {a}"), vec!["a", "c"]);
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
