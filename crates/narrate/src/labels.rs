//! Every label and tooltip the app shows, by name: the texts are in
//! `messages/labels.msg`, each language side by side.

use super::Lang;

macro_rules! labels {
    ($($key:ident => $id:literal;)*) => {
        /// A piece of interface text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Label { $($key),* }

        impl Label {
            pub const ALL: &'static [Label] = &[$(Label::$key),*];

            /// Its message id in the catalogue.
            pub fn id(self) -> &'static str {
                match self {
                    $(Label::$key => concat!("label.", $id),)*
                }
            }
        }
    };
}

/// The text of `l` in `lang`.
pub fn label(lang: Lang, l: Label) -> &'static str {
    crate::catalogue::text(lang, l.id())
}

labels! {
    AppTitle => "app-title";
    Tagline => "tagline";
    Protocol => "protocol";
    Preset => "preset";
    PresetChoose => "preset-choose";
    PresetUnavailable => "preset-unavailable";
    LanguageUnavailable => "language-unavailable";
    OtherLanguage => "other-language";
    SwitchLanguage => "switch-language";
    Help => "help";
    Close => "close";
    Produce => "produce";
    ProduceTitle => "produce-title";
    Value => "value";
    Acks => "acks";
    Fetch => "fetch";
    FetchTitle => "fetch-title";
    Send => "send";
    SendTitle => "send-title";
    Deliver => "deliver";
    DeliverTitle => "deliver-title";
    Drop => "drop";
    DropTitle => "drop-title";
    DeliverParkedTitle => "deliver-parked-title";
    DropParkedTitle => "drop-parked-title";
    Crash => "crash";
    CrashTitle => "crash-title";
    Shutdown => "shutdown";
    ShutdownTitle => "shutdown-title";
    Bounce => "bounce";
    BounceTitle => "bounce-title";
    Restart => "restart";
    RestartTitle => "restart-title";
    Elect => "elect";
    ElectTitle => "elect-title";
    ElectUnclean => "elect-unclean";
    ElectUncleanTitle => "elect-unclean-title";
    Tick => "tick";
    TickTitle => "tick-title";
    Milliseconds => "milliseconds";
    StepBack => "step-back";
    StepForward => "step-forward";
    Play => "play";
    Pause => "pause";
    Speed => "speed";
    Step => "step";
    Timeline => "timeline";
    Undo => "undo";
    Leader => "leader";
    Follower => "follower";
    Down => "down";
    Halted => "halted";
    HaltedTitle => "halted-title";
    HwHeldByReplicaTitle => "hw-held-by-replica-title";
    InIsr => "in-isr";
    OutOfIsr => "out-of-isr";
    InElr => "in-elr";
    InElrTitle => "in-elr-title";
    LastKnownLeaderBadge => "last-known-leader-badge";
    LastKnownLeaderTitle => "last-known-leader-title";
    Fenced => "fenced";
    FencedTitle => "fenced-title";
    BrokerEpoch => "broker-epoch";
    BrokerEpochTitle => "broker-epoch-title";
    CleanShutdown => "clean-shutdown";
    CleanShutdownTitle => "clean-shutdown-title";
    RestartedClean => "restarted-clean";
    RestartedCleanTitle => "restarted-clean-title";
    RestartedUnclean => "restarted-unclean";
    RestartedUncleanTitle => "restarted-unclean-title";
    Leo => "leo";
    LeoTitle => "leo-title";
    Hw => "hw";
    HwTitle => "hw-title";
    HwCheckpoint => "hw-checkpoint";
    EpochCache => "epoch-cache";
    EpochCacheTitle => "epoch-cache-title";
    Epoch => "epoch";
    StartOffset => "start-offset";
    NoEpochs => "no-epochs";
    NoEpochsBefore011 => "no-epochs-before011";
    EmptyLog => "empty-log";
    Validating => "validating";
    WaitingForLeader => "waiting-for-leader";
    Lost => "lost";
    LostTitle => "lost-title";
    Decisions => "decisions";
    Decision => "decision";
    DecisionEpochBump => "decision-epoch-bump";
    DecisionSameLeader => "decision-same-leader";
    DecisionWaiting => "decision-waiting";
    DecisionLeaderFound => "decision-leader-found";
    DecisionElrElection => "decision-elr-election";
    DecisionLastKnownLeader => "decision-last-known-leader";
    DecisionUnclean => "decision-unclean";
    DecisionOffline => "decision-offline";
    DecisionHwHeld => "decision-hw-held";
    DecisionFetchParked => "decision-fetch-parked";
    DecisionHwHeldByReplica => "decision-hw-held-by-replica";
    DecisionAfterAppend => "decision-after-append";
    DecisionHalted => "decision-halted";
    DecisionBounceNoticed => "decision-bounce-noticed";
    DecisionElectionNotNeeded => "decision-election-not-needed";
    NoDecision => "no-decision";
    Question => "question";
    Answer => "answer";
    Rule => "rule";
    Result => "result";
    Cause => "cause";
    Followers => "followers";
    Then => "then";
    Kept => "kept";
    TruncatedTo => "truncated-to";
    EarlierDecisions => "earlier-decisions";
    AsksAgain => "asks-again";
    AsksSameAgain => "asks-same-again";
    EventLog => "event-log";
    NoEvents => "no-events";
    Violations => "violations";
    NoViolations => "no-violations";
    CommittedWriteLost => "committed-write-lost";
    ReplicasDiverged => "replicas-diverged";
    Settings => "settings";
    MinIsr => "min-isr";
    UncleanElection => "unclean-election";
    LagTime => "lag-time";
    Editor => "editor";
    EditorEarlier => "editor-earlier";
    EditorLater => "editor-later";
    EditorHint => "editor-hint";
    LoadScenario => "load-scenario";
    CurrentScript => "current-script";
    Partition => "partition";
    Offline => "offline";
    OfflineKraft => "offline-kraft";
    Acked => "acked";
    Pending => "pending";
    Nothing => "nothing";
    Broker => "broker";
    Select => "select";
    PanicMessage => "panic-message";
    Reload => "reload";
    ReplayStopped => "replay-stopped";
    KeySpace => "key-space";
    KeyArrows => "key-arrows";
    KeyProduce => "key-produce";
    KeyDigits => "key-digits";
    KeyFetch => "key-fetch";
    KeyCrash => "key-crash";
    KeyRestart => "key-restart";
    KeyBounce => "key-bounce";
    KeyShutdown => "key-shutdown";
    KeyHelp => "key-help";
    Default => "default";
    PresetDataLoss => "preset-data-loss";
    PresetDivergence => "preset-divergence";
    PresetWalkthrough => "preset-walkthrough";
    PresetFastFailover => "preset-fast-failover";
    PresetUnclean => "preset-unclean";
    PresetMinIsr => "preset-min-isr";
    PresetSameLeader => "preset-same-leader";
    PresetEpochUnknown => "preset-epoch-unknown";
    PresetLaggingHw => "preset-lagging-hw";
    PresetKraftQuickRestart => "preset-kraft-quick-restart";
    PresetKraftPowerFailure => "preset-kraft-power-failure";
    PresetKraftShutdownSaves => "preset-kraft-shutdown-saves";
    PresetKraftLastReplica => "preset-kraft-last-replica";
    PresetHwWaits => "preset-hw-waits";
    PresetAfterAppend => "preset-after-append";
    PresetFollowerHalts => "preset-follower-halts";
    PresetEndlessValidation => "preset-endless-validation";
    Checkpoints => "checkpoints";
    HwRule => "hw-rule";
    Before => "before";
    AtStep => "at-step";
    Cut => "cut";
    OpenFullApp => "open-full-app";
    Share => "share";
    CopyLink => "copy-link";
    CopyLinkTitle => "copy-link-title";
    CopyEmbed => "copy-embed";
    CopyEmbedTitle => "copy-embed-title";
    DownloadSvg => "download-svg";
    DownloadSvgTitle => "download-svg-title";
    ExportStrip => "export-strip";
    ExportStripTitle => "export-strip-title";
    ExportPng => "export-png";
    ExportPngTitle => "export-png-title";
    ExportGif => "export-gif";
    ExportGifTitle => "export-gif-title";
    ExportTitle => "export-title";
    ExportHint => "export-hint";
    ExportClose => "export-close";
    ExportFormat => "export-format";
    ExportFormatSvg => "export-format-svg";
    ExportFormatPng => "export-format-png";
    ExportFormatGif => "export-format-gif";
    ExportSteps => "export-steps";
    ExportDecisions => "export-decisions";
    ExportRange => "export-range";
    ExportChosen => "export-chosen";
    ExportStepList => "export-step-list";
    ExportStepsHint => "export-steps-hint";
    ExportWidth => "export-width";
    ExportDelay => "export-delay";
    ExportMaking => "export-making";
    ExportSeconds => "export-seconds";
    ExportFrame => "export-frame";
    ExportFrames => "export-frames";
    ExportPreviewAlt => "export-preview-alt";
    ExportDownload => "export-download";
    ShareLink => "share-link";
    EmbedCode => "embed-code";
    Copied => "copied";
    LinkProblemTitle => "link-problem-title";
    LegendEpoch => "legend-epoch";
    LegendUncommitted => "legend-uncommitted";
    LegendLost => "legend-lost";
    LegendElr => "legend-elr";
    LegendHw => "legend-hw";
    SafetyCheckFired => "safety-check-fired";
    LeaderEndLegend => "leader-end-legend";
    CheckerTitle => "checker-title";
    CheckerHint => "checker-hint";
    CheckerSetup => "checker-setup";
    CheckerSetupHint => "checker-setup-hint";
    CheckerBounds => "checker-bounds";
    BoundProduces => "bound-produces";
    BoundFailures => "bound-failures";
    BoundEpoch => "bound-epoch";
    BoundCleanElections => "bound-clean-elections";
    BoundUncleanElections => "bound-unclean-elections";
    BoundUnflushedLoss => "bound-unflushed-loss";
    BoundLagTicks => "bound-lag-ticks";
    BoundMultiCrash => "bound-multi-crash";
    ExploreProtocol => "explore-protocol";
    ExploreAll => "explore-all";
    CheckerLink => "checker-link";
    CheckerLinkTitle => "checker-link-title";
    JumpToStep => "jump-to-step";
    CheckerRun => "checker-run";
    CheckerCancel => "checker-cancel";
    CheckerReplay => "checker-replay";
    CheckerReplayTitle => "checker-replay-title";
    CheckerReplayHint => "checker-replay-hint";
    CheckerFoundScenario => "checker-found-scenario";
    CheckerLoading => "checker-loading";
    LogKeys => "log-keys";
    PanelLoading => "panel-loading";
    PanelUnavailable => "panel-unavailable";
    PanelStopped => "panel-stopped";
    TryAgain => "try-again";
    CheckerCrashed => "checker-crashed";
    CheckerBadRequest => "checker-bad-request";
    CompareOff => "compare-off";
    CompareTitle => "compare-title";
    ComparedReadOnly => "compared-read-only";
    JumpToDifference => "jump-to-difference";
    DifferenceMarkTitle => "difference-mark-title";
    DifferingEvents => "differing-events";
    ActHere => "act-here";
    // Long logs fold runs of records into spans.
    Refold => "refold";
    RefoldTitle => "refold-title";
    // The space-time diagram.
    SpaceTimeTitle => "space-time-title";
    SpaceTimeDrawing => "space-time-drawing";
    SpaceTimeHint => "space-time-hint";
    SpaceTimeLegend => "space-time-legend";
}

/// The name of a safety check.
pub fn violation_label(kind: replab_core::ViolationKind) -> Label {
    match kind {
        replab_core::ViolationKind::CommittedWriteLost => Label::CommittedWriteLost,
        replab_core::ViolationKind::ReplicasDiverged => Label::ReplicasDiverged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_text_in_every_language() {
        for &l in Label::ALL {
            for lang in [Lang::En, Lang::Zh] {
                assert!(!label(lang, l).trim().is_empty(), "{l:?} in {lang:?}");
            }
        }
    }
}
