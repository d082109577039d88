//! The preset stories: the very scenario files the core's tests run.

use replab_narrate::Label;

pub struct Preset {
    pub id: &'static str,
    pub text: &'static str,
    /// Its title in the label table, in every language.
    pub title: Label,
}

pub const PRESETS: &[Preset] = &[
    Preset {
        id: "data-loss",
        text: include_str!("../../../web/scenarios/data-loss.scn"),
        title: Label::PresetDataLoss,
    },
    Preset {
        id: "divergence",
        text: include_str!("../../../web/scenarios/divergence.scn"),
        title: Label::PresetDivergence,
    },
    Preset {
        id: "leader-epoch-walkthrough",
        text: include_str!("../../../web/scenarios/leader-epoch-walkthrough.scn"),
        title: Label::PresetWalkthrough,
    },
    Preset {
        id: "fast-failover",
        text: include_str!("../../../web/scenarios/fast-failover.scn"),
        title: Label::PresetFastFailover,
    },
    Preset {
        id: "unclean-election",
        text: include_str!("../../../web/scenarios/unclean-election.scn"),
        title: Label::PresetUnclean,
    },
    Preset {
        id: "min-isr-protects",
        text: include_str!("../../../web/scenarios/min-isr-protects.scn"),
        title: Label::PresetMinIsr,
    },
    Preset {
        id: "same-leader-new-epoch",
        text: include_str!("../../../web/scenarios/same-leader-new-epoch.scn"),
        title: Label::PresetSameLeader,
    },
    Preset {
        id: "kip-101-epoch-unknown",
        text: include_str!("../../../web/scenarios/kip-101-epoch-unknown.scn"),
        title: Label::PresetEpochUnknown,
    },
    Preset {
        id: "lagging-hw-isr-join",
        text: include_str!("../../../web/scenarios/lagging-hw-isr-join.scn"),
        title: Label::PresetLaggingHw,
    },
    Preset {
        id: "kraft-quick-restart",
        text: include_str!("../../../web/scenarios/kraft-quick-restart.scn"),
        title: Label::PresetKraftQuickRestart,
    },
    Preset {
        id: "kraft-power-failure",
        text: include_str!("../../../web/scenarios/kraft-power-failure.scn"),
        title: Label::PresetKraftPowerFailure,
    },
    Preset {
        id: "kraft-shutdown-saves",
        text: include_str!("../../../web/scenarios/kraft-shutdown-saves.scn"),
        title: Label::PresetKraftShutdownSaves,
    },
    Preset {
        id: "kraft-last-replica-standing",
        text: include_str!("../../../web/scenarios/kraft-last-replica-standing.scn"),
        title: Label::PresetKraftLastReplica,
    },
];

pub fn find(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// A scenario title in `lang`: a preset's title and the title of a history the
/// checker found are translated; any other is shown as written.
pub fn display_title(lang: replab_narrate::Lang, title: &str) -> String {
    if let Some(found) = found_title(lang, title) {
        return found;
    }
    PRESETS
        .iter()
        .find(|p| replab_narrate::label(replab_narrate::Lang::En, p.title) == title)
        .map_or_else(
            || title.to_string(),
            |p| replab_narrate::label(lang, p.title).to_string(),
        )
}

/// "Found by replab-check: committed-write-lost in 5 steps" in `lang`.
fn found_title(lang: replab_narrate::Lang, title: &str) -> Option<String> {
    let rest = title.strip_prefix("Found by replab-check: ")?.strip_suffix(" steps")?;
    let (kind, steps) = rest.split_once(' ')?;
    let steps = steps.strip_prefix("in ")?;
    let kind = replab_core::ViolationKind::from_name(kind)?;
    let steps = steps.parse().ok()?;
    let en = replab_narrate::checker_found_title(replab_narrate::Lang::En, kind, steps);
    (en == title).then(|| replab_narrate::checker_found_title(lang, kind, steps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_narrate::{label, Lang};

    /// The English title in the label table is the scenario file's own title.
    #[test]
    fn preset_titles_match_their_files() {
        for p in PRESETS {
            let script = replab_core::scenario::parse(p.text).expect("presets parse");
            assert_eq!(script.title.as_deref(), Some(label(Lang::En, p.title)), "{}", p.id);
            let title = script.title.as_deref().unwrap_or_default();
            assert_eq!(display_title(Lang::Zh, title), label(Lang::Zh, p.title));
        }
    }

    #[test]
    fn a_history_the_checker_found_has_its_title_translated() {
        let title = "Found by replab-check: committed-write-lost in 5 steps";
        assert_eq!(display_title(Lang::En, title), title);
        assert_eq!(
            display_title(Lang::Zh, title),
            "检查器找到的历史：committed-write-lost，共 5 步"
        );
        assert_eq!(
            display_title(Lang::Zh, "Found by replab-check: nonsense in 5 steps"),
            "Found by replab-check: nonsense in 5 steps"
        );
    }
}
