//! The preset stories: the very scenario files the core's tests run, fetched
//! from `scenarios/<id>.scn` beside the page when chosen (27 KB of text the
//! page's first download does not need: it opens on an empty partition).

use replab_narrate::Label;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

pub struct Preset {
    pub id: &'static str,
    /// Its title in the label table, in every language.
    pub title: Label,
}

/// The first story, for tests.
#[cfg(test)]
pub const DEFAULT_TEXT: &str = include_str!("../../../web/scenarios/data-loss.scn");

#[wasm_bindgen(inline_js = "export async function fetch_text(url) {
  const r = await fetch(new URL(url, document.baseURI));
  if (!r.ok) throw new Error(`${r.status} ${r.statusText}: ${url}`);
  return r.text();
}")]
extern "C" {
    #[wasm_bindgen(catch, js_name = fetch_text)]
    async fn fetch_js(url: &str) -> Result<JsValue, JsValue>;
}

/// A text file beside the page; Err says why it could not be fetched, as the
/// browser said it.
pub(crate) async fn fetch_text(url: &str) -> Result<String, String> {
    match fetch_js(url).await {
        Ok(text) => Ok(text.as_string().unwrap_or_default()),
        Err(e) => Err(String::from(js_sys::Error::from(e).message())),
    }
}

/// A preset's scenario text; Err says why it could not be fetched.
pub async fn text(preset: &Preset) -> Result<Rc<str>, String> {
    fetch_text(&format!("scenarios/{}.scn", preset.id)).await.map(Rc::from)
}

/// The story a first visit tells (`index.html` with no link): the seed's
/// section 3.3.1, a committed write lost after a quick restart and a leader
/// change, at its first step.
pub const FIRST_VISIT: &Preset = &PRESETS[0];

pub const PRESETS: &[Preset] = &[
    Preset {
        id: "data-loss",
        title: Label::PresetDataLoss,
    },
    Preset {
        id: "consumer-saw-data-loss",
        title: Label::PresetConsumerSawDataLoss,
    },
    Preset {
        id: "follower-restart-then-failover",
        title: Label::PresetRestartFailover,
    },
    Preset {
        id: "divergence",
        title: Label::PresetDivergence,
    },
    Preset {
        id: "power-loss-two-consumers",
        title: Label::PresetPowerLossTwoConsumers,
    },
    Preset {
        id: "leader-epoch-walkthrough",
        title: Label::PresetWalkthrough,
    },
    Preset {
        id: "fast-failover",
        title: Label::PresetFastFailover,
    },
    Preset {
        id: "unclean-election",
        title: Label::PresetUnclean,
    },
    Preset {
        id: "operator-enables-unclean",
        title: Label::PresetOperatorEnablesUnclean,
    },
    Preset {
        id: "min-isr-protects",
        title: Label::PresetMinIsr,
    },
    Preset {
        id: "same-leader-new-epoch",
        title: Label::PresetSameLeader,
    },
    Preset {
        id: "kip-101-epoch-unknown",
        title: Label::PresetEpochUnknown,
    },
    Preset {
        id: "lagging-hw-isr-join",
        title: Label::PresetLaggingHw,
    },
    Preset {
        id: "kraft-quick-restart",
        title: Label::PresetKraftQuickRestart,
    },
    Preset {
        id: "kraft-power-failure",
        title: Label::PresetKraftPowerFailure,
    },
    Preset {
        id: "kraft-shutdown-saves",
        title: Label::PresetKraftShutdownSaves,
    },
    Preset {
        id: "kraft-last-replica-standing",
        title: Label::PresetKraftLastReplica,
    },
    Preset {
        id: "hw-waits-for-crashed-follower",
        title: Label::PresetHwWaits,
    },
    Preset {
        id: "committed-not-acknowledged",
        title: Label::PresetAfterAppend,
    },
    Preset {
        id: "acks-1-lost-unseen",
        title: Label::PresetAcks1LostUnseen,
    },
    Preset {
        id: "follower-halts",
        title: Label::PresetFollowerHalts,
    },
    Preset {
        id: "endless-validation",
        title: Label::PresetEndlessValidation,
    },
    Preset {
        id: "frozen-hw-acks-1",
        title: Label::PresetFrozenHwAcks1,
    },
    Preset {
        id: "kraft-unclean-ignored",
        title: Label::PresetKraftUncleanIgnored,
    },
];

pub fn find(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// A scenario title in `lang`: a preset's title is translated; any other is
/// shown as written (a history the checker found is titled in the reader's
/// language when it is worded, `replab_view::found`).
pub fn display_title(lang: replab_narrate::Lang, title: &str) -> String {
    PRESETS
        .iter()
        .find(|p| replab_narrate::label(replab_narrate::Lang::EN, p.title) == title)
        .map_or_else(
            || title.to_string(),
            |p| replab_narrate::label(lang, p.title).to_string(),
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_narrate::{label, Lang};

    /// The English title in the label table is the scenario file's own title.
    #[test]
    fn preset_titles_match_their_files() {
        for p in PRESETS {
            let path = format!("{}/../../web/scenarios/{}.scn", env!("CARGO_MANIFEST_DIR"), p.id);
            let text = std::fs::read_to_string(&path).expect("every preset has its file");
            let script = replab_core::scenario::parse(&text).expect("presets parse");
            assert_eq!(script.title.as_deref(), Some(label(Lang::EN, p.title)), "{}", p.id);
            let title = script.title.as_deref().unwrap_or_default();
            for &lang in Lang::ALL {
                assert_eq!(display_title(lang, title), label(lang, p.title));
            }
        }
    }

    #[test]
    fn any_other_title_is_shown_as_written() {
        for &lang in Lang::ALL {
            let title = "Found by replab-check: committed-write-lost in 5 steps";
            assert_eq!(display_title(lang, title), title);
        }
    }
}
