//! Splits the message catalogue's side-by-side files (`messages/*.msg`) into
//! one file per language in OUT_DIR, so a build carries only the languages it
//! speaks. A malformed file stops the build with its name and line.

// The build reads files; it has no use for the rest of the format's helpers.
#[allow(dead_code)]
#[path = "src/catalogue/source.rs"]
mod source;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=messages");
    let mut files: Vec<_> = std::fs::read_dir("messages")
        .expect("messages/ is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "msg"))
        .collect();
    files.sort();
    // Every message's texts by id, ids in order: a language's file is its
    // texts in that order, one a line, after the ids' fingerprint.
    let mut messages: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut languages: BTreeMap<String, ()> = BTreeMap::new();
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
                languages.insert(lang.clone(), ());
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
    write(&Path::new(&out_dir).join("ids.rs"), &rust);
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
        let _ = writeln!(labels, "    {variant} => {constant};");
    }
    labels.push_str("}\n");
    write(&Path::new(&out_dir).join("labels.rs"), &labels);
    for lang in languages.keys() {
        let mut out = format!("replab messages {lang} {fingerprint:016x}\n");
        for (id, texts) in &messages {
            // The catalogue's test names a missing text; the build leaves it empty.
            let text = texts.get(lang).map(|t| source::escape(t)).unwrap_or_default();
            let _ = writeln!(out, "{text}");
            let _ = id;
        }
        write(&Path::new(&out_dir).join(format!("{lang}.msg")), &out);
    }
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
