//! The languages the lab speaks, as data: `messages/languages.txt` lists them
//! once (code, `<html lang>`, plural rule, thousands separator, name) and
//! build.rs makes this build's table from it. Nothing else names a language:
//! the catalogue, the pre-render, the page's menu, share links and the runner
//! go through `Lang`.

use std::fmt;

/// One line of the list.
pub(crate) struct Language {
    code: &'static str,
    tag: &'static str,
    one_other: bool,
    group: char,
    name: &'static str,
    pseudo: bool,
}

// `LANGUAGES` and `built_in`, made by build.rs.
include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// A language of this build: its place in the list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(u8);

impl Lang {
    /// English, the catalogue's source: first in the list, always built in,
    /// and the default.
    pub const EN: Lang = Lang(0);

    /// Every language of this build, in the list's order (English first).
    pub const ALL: &'static [Lang] = &ALL;

    /// The language tag (`en`, `zh`), as stored and put in links.
    pub fn code(self) -> &'static str {
        self.language().code
    }

    /// The page's `<html lang>` (`zh-CN`).
    pub fn tag(self) -> &'static str {
        self.language().tag
    }

    /// Its name in itself, as the language menu shows it.
    pub fn name(self) -> &'static str {
        self.language().name
    }

    /// What a page's file name ends in before `.html`: nothing for the
    /// default language, `.zh` for another (`data-loss.embed-5.zh.html`).
    pub fn file_suffix(self) -> String {
        if self == Lang::EN {
            String::new()
        } else {
            format!(".{}", self.code())
        }
    }

    /// Whether a count of `n` takes the singular (`.one`) message.
    pub fn is_one(self, n: u64) -> bool {
        self.language().one_other && n == 1
    }

    /// Whether it is the pseudo-language, made from English by the build.
    pub fn is_pseudo(self) -> bool {
        self.language().pseudo
    }

    /// The thousands separator of counts.
    pub fn group(self) -> char {
        self.language().group
    }

    /// From a code or tag such as `zh`, `zh-CN` or `en-US`, matched on its
    /// first part; None for a language this build does not speak.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        Lang::ALL
            .iter()
            .copied()
            .find(|l| l.code() == primary || l.tag().eq_ignore_ascii_case(code))
    }

    /// Its place in the list (the catalogue's tables are in that order).
    pub(crate) fn index(self) -> usize {
        usize::from(self.0)
    }

    fn language(self) -> &'static Language {
        &LANGUAGES[self.index()]
    }
}

/// `Lang::ALL`'s array: every index of the table.
const ALL: [Lang; LANGUAGES.len()] = {
    let mut all = [Lang(0); LANGUAGES.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = Lang(i as u8);
        i += 1;
    }
    all
};

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_is_found_by_its_code_and_tag() {
        for &lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(Lang::from_code(lang.tag()), Some(lang));
            assert_eq!(Lang::from_code(&lang.code().to_uppercase()), Some(lang));
            assert!(!lang.name().is_empty());
        }
        assert_eq!(Lang::ALL[0], Lang::EN);
        assert_eq!(Lang::from_code("en-US"), Some(Lang::EN));
        assert_eq!(Lang::from_code("tlh"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn the_default_language_s_pages_have_no_suffix() {
        assert_eq!(Lang::EN.file_suffix(), "");
        for &lang in &Lang::ALL[1..] {
            assert_eq!(lang.file_suffix(), format!(".{}", lang.code()));
        }
    }
}
