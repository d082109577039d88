//! What the tests hold the languages other than English to: a test says its
//! cases in every language, and each language's sentences are held against a
//! file (`tests/sentences/<name>.<code>.txt` in the test's crate, one sentence
//! a line), so that the code names no language but English, the catalogue's
//! source, whose sentences the tests write out. A language is its files: one
//! added to the list is checked as soon as they are written, with
//! `REPLAB_BLESS=1 cargo test`, and read. The pseudo-language is made from
//! English, which the tests hold already: it has no files.

use crate::Lang;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

/// Holds `say(lang)`, for every language but English and the pseudo-language,
/// against `dir/name.<code>.txt`. Panics with the first line that differs (or
/// a missing file), unless `REPLAB_BLESS` is set: then it writes the file.
pub fn check(dir: &str, name: &str, say: impl Fn(Lang) -> Vec<String>) {
    // Two cases of one name would share a file.
    static NAMES: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let first = NAMES
        .lock()
        .map_or(true, |mut names| names.insert(format!("{dir}/{name}")));
    assert!(first, "{name}: another case has this name");
    let bless = std::env::var_os("REPLAB_BLESS").is_some_and(|v| !v.is_empty() && v != "0");
    for &lang in Lang::ALL.iter().filter(|l| **l != Lang::EN && !l.is_pseudo()) {
        let said: Vec<String> = say(lang)
            .iter()
            .map(|s| s.replace('\\', "\\\\").replace('\n', "\\n"))
            .collect();
        let path = Path::new(dir).join(format!("{name}.{}.txt", lang.code()));
        let text = said.iter().map(|s| format!("{s}\n")).collect::<String>();
        if bless {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
            }
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            continue;
        }
        let file = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; write it with REPLAB_BLESS=1 and read it ({} sentences)",
                path.display(),
                said.len()
            )
        });
        let held: Vec<&str> = file.lines().collect();
        for (i, s) in said.iter().enumerate() {
            assert_eq!(
                held.get(i).copied(),
                Some(s.as_str()),
                "{}:{}: the file holds the first, the code says the second",
                path.display(),
                i + 1
            );
        }
        assert_eq!(held.len(), said.len(), "{}: more lines than sentences", path.display());
    }
}

/// `said!("name", |lang| sentences)`: `check` against the calling crate's
/// `tests/sentences/name.<code>.txt`.
#[macro_export]
macro_rules! said {
    ($name:expr, $say:expr $(,)?) => {
        $crate::said::check(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sentences"), $name, $say)
    };
}
