//! The preset stories: the very scenario files the core's tests run.

pub struct Preset {
    pub id: &'static str,
    pub text: &'static str,
}

pub const PRESETS: &[Preset] = &[
    Preset {
        id: "data-loss",
        text: include_str!("../../../web/scenarios/data-loss.scn"),
    },
    Preset {
        id: "divergence",
        text: include_str!("../../../web/scenarios/divergence.scn"),
    },
    Preset {
        id: "leader-epoch-walkthrough",
        text: include_str!("../../../web/scenarios/leader-epoch-walkthrough.scn"),
    },
    Preset {
        id: "fast-failover",
        text: include_str!("../../../web/scenarios/fast-failover.scn"),
    },
    Preset {
        id: "unclean-election",
        text: include_str!("../../../web/scenarios/unclean-election.scn"),
    },
    Preset {
        id: "min-isr-protects",
        text: include_str!("../../../web/scenarios/min-isr-protects.scn"),
    },
];

pub fn find(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// The preset's title line, or its id.
pub fn title(p: &Preset) -> &'static str {
    p.text
        .lines()
        .find_map(|l| l.trim().strip_prefix("title "))
        .map(|t| t.split('#').next().unwrap_or(t).trim())
        .unwrap_or(p.id)
}
