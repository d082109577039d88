//! Every label and tooltip the app shows, by name: the texts are in
//! `messages/labels.msg`, each language side by side, and the `Label` enum is
//! made from that file's ids by build.rs (`label.preset-data-loss` is
//! `Label::PresetDataLoss`): a new label is one entry in the file.

use super::Lang;
use crate::catalogue::{id, Id};

macro_rules! labels {
    ($(#[doc = $doc:expr] $key:ident => $id:ident;)*) => {
        /// A piece of interface text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Label { $(#[doc = $doc] $key),* }

        impl Label {
            /// Every label.
            pub const ALL: &'static [Label] = &[$(Label::$key),*];

            /// Its message in the catalogue.
            pub fn id(self) -> Id {
                match self {
                    $(Label::$key => id::$id,)*
                }
            }
        }
    };
}

/// The text of `l` in `lang`.
pub fn label(lang: Lang, l: Label) -> &'static str {
    crate::catalogue::text(lang, l.id())
}

// One variant per `label.*` message in `messages/labels.msg`, made by build.rs.
include!(concat!(env!("OUT_DIR"), "/labels.rs"));

/// The name of a safety check.
pub fn violation_label(kind: replab_core::ViolationKind) -> Label {
    match kind {
        replab_core::ViolationKind::CommittedWriteLost => Label::CommittedWriteLost,
        replab_core::ViolationKind::ReplicasDiverged => Label::ReplicasDiverged,
        replab_core::ViolationKind::ConsumerReadLost => Label::ConsumerReadLost,
        replab_core::ViolationKind::ConsumerReadDiverged => Label::ConsumerReadDiverged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_text_in_every_language() {
        for &l in Label::ALL {
            for &lang in Lang::ALL {
                assert!(!label(lang, l).trim().is_empty(), "{l:?} in {lang:?}");
            }
        }
    }
}
