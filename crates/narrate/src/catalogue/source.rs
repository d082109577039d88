//! The catalogue's file format, read by the build script (which splits the
//! side-by-side files into one file per language) and by the catalogue (which
//! reads a language's file, built in or fetched). See `catalogue.rs`.

/// Where a file's text is wrong, with its line.
#[derive(Debug, PartialEq, Eq)]
pub struct SourceError {
    /// The file's name.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
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
    /// The message id.
    pub id: String,
    /// The file it is in.
    pub file: String,
    /// The line of its id, from 1.
    pub line: usize,
    /// Its texts as (language code, text), in the file's order.
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

/// Reads a text in the file format: `\n` is a newline, `\s` a space, and a backslash
/// before any other character keeps that character. The inverse of `escape`.
pub fn unescape(text: &str) -> String {
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

/// Writes a text back in the file format: the inverse of reading it.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    if let Some(stripped) = out.strip_suffix(' ') {
        out = format!("{stripped}\\s");
    }
    out
}

/// What the ids of a catalogue are, in a word: a file written for one list of
/// ids is refused by a build with another (a stale file in a cache would
/// otherwise put every sentence in the wrong place).
pub fn fingerprint(ids: &[&str]) -> u64 {
    // FNV-1a: small, and the same on every build.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for id in ids {
        for b in id.bytes().chain([b'\n']) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}
