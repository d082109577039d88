//! Splits the message catalogue's side-by-side files (`messages/*.msg`) into
//! one file per language in OUT_DIR, so a build carries only the languages it
//! speaks, and makes the languages of this build from `messages/languages.txt`
//! (the pseudo-language's texts are made here from English). A malformed file
//! stops the build with its name and line.

// The build reads files; it has no use for the rest of the format's helpers.
#[allow(dead_code)]
#[path = "src/catalogue/source.rs"]
mod source;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=messages");
    println!("cargo:rerun-if-env-changed=REPLAB_PSEUDO");
    let (languages, listed) = languages();
    let mut files: Vec<_> = std::fs::read_dir("messages")
        .expect("messages/ is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "msg"))
        .collect();
    files.sort();
    // Every message's texts by id, ids in order: a language's file is its
    // texts in that order, one a line, after the ids' fingerprint.
    let mut messages: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let entries = source::parse(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        for entry in entries {
            let texts = messages.entry(entry.id.clone()).or_default();
            if !texts.is_empty() {
                panic!("{name}:{}: {} is written twice", entry.line, entry.id);
            }
            for (lang, text) in entry.texts {
                if !listed.contains(&lang) {
                    panic!("{name}:{}: {lang} is not in messages/languages.txt", entry.line);
                }
                texts.insert(lang, text);
            }
        }
    }
    let ids: Vec<&str> = messages.keys().map(|s| s.as_str()).collect();
    let fingerprint = source::fingerprint(&ids);
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    // The code names a message by a constant, its place in the files: the ids
    // themselves are not in the build.
    let mut rust = String::from("/// Every message, by its id in capitals.\npub mod id {\n    use super::Id;\n");
    let mut names: BTreeMap<String, &str> = BTreeMap::new();
    for (i, id) in ids.iter().enumerate() {
        let name = id.replace(['.', '-'], "_").to_uppercase();
        if let Some(other) = names.insert(name.clone(), id) {
            panic!("{id} and {other} are both {name}");
        }
        let _ = writeln!(rust, "    /// `{id}`\n    pub const {name}: Id = Id({i});");
    }
    let _ = writeln!(
        rust,
        "}}\n/// How many messages there are.\npub(crate) const COUNT: usize = {};",
        ids.len()
    );
    let _ = writeln!(
        rust,
        "/// The ids' fingerprint, which every language's file starts with."
    );
    let _ = writeln!(rust, "pub(crate) const FINGERPRINT: u64 = {fingerprint};");
    // The words of a protocol or a release line are looked up by its name
    // (`release.kafka-3.7.changes`): a new line is its row and its words.
    let _ = writeln!(
        rust,
        "/// The ids under `protocol.` and `release.`, by id, sorted.\npub(crate) const NAMED: &[(&str, Id)] = &["
    );
    for (i, id) in ids.iter().enumerate() {
        if id.starts_with("protocol.") || id.starts_with("release.") {
            let _ = writeln!(rust, "    ({id:?}, Id({i})),");
        }
    }
    let _ = writeln!(rust, "];");
    write(&Path::new(&out_dir).join("ids.rs"), &rust);
    // A function for every message but the labels, its placeholders as
    // parameters in the English text's order: a placeholder left out, added
    // or misspelt at a call is a compile error. Inlined, each is the call it
    // stands for (`say`, with the names the message wants).
    let mut typed = String::from("/// Every message but the labels, as a function of its placeholders.\npub mod msg {\n    // A message's parameters are its placeholders, however many.\n    #![allow(clippy::too_many_arguments)]\n    use super::{id, say, Lang};\n    use std::fmt::Display;\n\n");
    // A message as a value, by its number of placeholders: a choice between
    // messages of one shape (`Say2`: two placeholders).
    for n in 0..=8 {
        let params = ", &dyn Display".repeat(n);
        let _ = writeln!(
            typed,
            "    /// A message of {n} placeholders, as a value.\n    pub type Say{n} = fn(Lang{params}) -> String;"
        );
    }
    for id in &ids {
        let english = messages[*id].get("en").map_or("", |t| t.as_str());
        let wanted = source::placeholders(english);
        if id.starts_with("label.") {
            // The page's labels are `Label`s (`label`).
            continue;
        }
        let name = id.replace(['.', '-'], "_");
        let constant = name.to_uppercase();
        let params: String = wanted.iter().map(|p| format!(", {p}: &dyn Display")).collect();
        let args: Vec<String> = wanted.iter().map(|p| format!("({p:?}, {p})")).collect();
        let _ = writeln!(
            typed,
            "    #[doc = {:?}]\n    #[inline]\n    pub fn {name}(lang: Lang{params}) -> String {{\n        say(lang, id::{constant}, &[{}])\n    }}",
            format!("`{id}`: {english}"),
            args.join(", ")
        );
    }
    typed.push_str("}\n");
    write(&Path::new(&out_dir).join("msg.rs"), &typed);
    // `Label`: a variant for every `label.*` message, named after its id
    // (`label.preset-data-loss` is `PresetDataLoss`), so the enum is never
    // written by hand.
    let mut labels = String::from("labels! {\n");
    for id in ids.iter().filter_map(|id| id.strip_prefix("label.")) {
        let variant: String = id
            .split(['.', '-'])
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect();
        let constant = format!("label.{id}").replace(['.', '-'], "_").to_uppercase();
        // Its doc: the id and the English text.
        let english = messages[&format!("label.{id}")].get("en").cloned().unwrap_or_default();
        let doc = format!("`label.{id}`: {english}");
        let _ = writeln!(labels, "    #[doc = {doc:?}] {variant} => {constant};");
    }
    labels.push_str("}\n");
    write(&Path::new(&out_dir).join("labels.rs"), &labels);
    for language in &languages {
        let mut out = format!("replab messages {} {fingerprint:016x}\n", language.code);
        for texts in messages.values() {
            // The catalogue's test names a missing text; the build leaves it empty.
            let text = match (language.pseudo, texts.get(&language.code)) {
                (false, Some(text)) => source::escape(text),
                (false, None) => String::new(),
                (true, _) => source::escape(&pseudo(texts.get(&languages[0].code).map_or("", |t| t.as_str()))),
            };
            let _ = writeln!(out, "{text}");
        }
        write(&Path::new(&out_dir).join(format!("{}.msg", language.code)), &out);
    }
    write(&Path::new(&out_dir).join("languages.rs"), &languages_rs(&languages));
}

/// One line of `messages/languages.txt`.
struct Language {
    code: String,
    tag: String,
    one_other: bool,
    group: char,
    pseudo: bool,
    name: String,
}

/// The languages of this build, in the list's order, and the codes of every
/// language in the list, built or not (a text in a language this build
/// leaves out is no mistake).
fn languages() -> (Vec<Language>, Vec<String>) {
    const FILE: &str = "messages/languages.txt";
    let text = std::fs::read_to_string(FILE).unwrap_or_else(|e| panic!("{FILE}: {e}"));
    let with_pseudo = std::env::var_os("REPLAB_PSEUDO").is_some_and(|v| !v.is_empty() && v != "0");
    let mut all = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{FILE}:{}", i + 1);
        let mut fields = line.split_whitespace();
        let mut next = |what: &str| fields.next().unwrap_or_else(|| panic!("{at}: no {what}")).to_string();
        let (code, tag, plural, group, build) =
            (next("code"), next("tag"), next("plural"), next("group"), next("build"));
        let name = line.split_whitespace().skip(5).collect::<Vec<_>>().join(" ");
        if name.is_empty() || !code.chars().all(|c| c.is_ascii_lowercase()) || !(2..=3).contains(&code.len()) {
            panic!("{at}: expected `code tag plural group build name`, with a code of two or three small letters");
        }
        let one_other = match plural.as_str() {
            "one-other" => true,
            "other" => false,
            p => panic!("{at}: plural is one-other or other, not {p}"),
        };
        let mut chars = group.chars();
        let (Some(group), None) = (chars.next(), chars.next()) else {
            panic!("{at}: the group separator is one character, not {group}");
        };
        let pseudo = match build.as_str() {
            "always" => false,
            "pseudo" => true,
            b => panic!("{at}: build is always or pseudo, not {b}"),
        };
        all.push(Language {
            code,
            tag,
            one_other,
            group,
            pseudo,
            name,
        });
    }
    let listed = all.iter().map(|l| l.code.clone()).collect();
    if all.first().is_none_or(|l| l.pseudo) {
        panic!("{FILE}: the first language is the catalogue's source, always built");
    }
    all.retain(|l| with_pseudo || !l.pseudo);
    (all, listed)
}

/// The pseudo-language's text for an English one: the same in brackets, so
/// that a text with none on screen did not come from the catalogue. An empty
/// text stays empty.
fn pseudo(english: &str) -> String {
    if english.is_empty() {
        String::new()
    } else {
        format!("[{english}]")
    }
}

/// `Lang`'s table: the languages of this build and, for each, its file when
/// it is built in (English always; the others with `every-language`).
fn languages_rs(languages: &[Language]) -> String {
    let mut rust = String::from("/// Every language of this build, in the list's order.\n");
    let _ = writeln!(rust, "pub(crate) const LANGUAGES: [Language; {}] = [", languages.len());
    for l in languages {
        let _ = writeln!(
            rust,
            "    Language {{ code: {:?}, tag: {:?}, one_other: {}, group: {:?}, name: {:?}, pseudo: {} }},",
            l.code, l.tag, l.one_other, l.group, l.name, l.pseudo
        );
    }
    rust.push_str("];\n\n/// A language's file as the build wrote it, when it is built in.\n");
    rust.push_str("pub(crate) fn built_in(index: usize) -> Option<&'static str> {\n    match index {\n");
    for (i, l) in languages.iter().enumerate() {
        if i > 0 {
            rust.push_str("        #[cfg(any(test, feature = \"every-language\"))]\n");
        }
        let _ = writeln!(
            rust,
            "        {i} => Some(include_str!(concat!(env!(\"OUT_DIR\"), \"/{}.msg\"))),",
            l.code
        );
    }
    rust.push_str("        _ => None,\n    }\n}\n");
    rust
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
