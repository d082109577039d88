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
    let mut by_lang: BTreeMap<String, String> = BTreeMap::new();
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let entries = source::parse(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        for entry in entries {
            for (lang, text) in &entry.texts {
                let out = by_lang.entry(lang.clone()).or_default();
                let _ = write!(out, "{}\n  {lang}: {}\n", entry.id, source::escape(text));
            }
        }
    }
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for (lang, text) in by_lang {
        let path = Path::new(&out_dir).join(format!("{lang}.msg"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}
