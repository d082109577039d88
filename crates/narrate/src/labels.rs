//! Every label and tooltip the app shows, by name: the texts are in
//! `messages/labels.msg`, each language side by side.

use super::Lang;
use crate::catalogue::{id, Id};

macro_rules! labels {
    ($($key:ident => $id:ident;)*) => {
        /// A piece of interface text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Label { $($key),* }

        impl Label {
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

labels! {
    AppTitle => LABEL_APP_TITLE;
    Tagline => LABEL_TAGLINE;
    Protocol => LABEL_PROTOCOL;
    Preset => LABEL_PRESET;
    PresetChoose => LABEL_PRESET_CHOOSE;
    PresetUnavailable => LABEL_PRESET_UNAVAILABLE;
    LanguageUnavailable => LABEL_LANGUAGE_UNAVAILABLE;
    OtherLanguage => LABEL_OTHER_LANGUAGE;
    SwitchLanguage => LABEL_SWITCH_LANGUAGE;
    Help => LABEL_HELP;
    Close => LABEL_CLOSE;
    Produce => LABEL_PRODUCE;
    ProduceTitle => LABEL_PRODUCE_TITLE;
    Value => LABEL_VALUE;
    Acks => LABEL_ACKS;
    Fetch => LABEL_FETCH;
    FetchTitle => LABEL_FETCH_TITLE;
    Send => LABEL_SEND;
    SendTitle => LABEL_SEND_TITLE;
    Deliver => LABEL_DELIVER;
    DeliverTitle => LABEL_DELIVER_TITLE;
    Drop => LABEL_DROP;
    DropTitle => LABEL_DROP_TITLE;
    DeliverParkedTitle => LABEL_DELIVER_PARKED_TITLE;
    DropParkedTitle => LABEL_DROP_PARKED_TITLE;
    Crash => LABEL_CRASH;
    CrashTitle => LABEL_CRASH_TITLE;
    Shutdown => LABEL_SHUTDOWN;
    ShutdownTitle => LABEL_SHUTDOWN_TITLE;
    Bounce => LABEL_BOUNCE;
    BounceTitle => LABEL_BOUNCE_TITLE;
    Restart => LABEL_RESTART;
    RestartTitle => LABEL_RESTART_TITLE;
    Elect => LABEL_ELECT;
    ElectTitle => LABEL_ELECT_TITLE;
    ElectUnclean => LABEL_ELECT_UNCLEAN;
    ElectUncleanTitle => LABEL_ELECT_UNCLEAN_TITLE;
    Tick => LABEL_TICK;
    TickTitle => LABEL_TICK_TITLE;
    Milliseconds => LABEL_MILLISECONDS;
    StepBack => LABEL_STEP_BACK;
    StepForward => LABEL_STEP_FORWARD;
    Play => LABEL_PLAY;
    Pause => LABEL_PAUSE;
    Speed => LABEL_SPEED;
    Step => LABEL_STEP;
    Timeline => LABEL_TIMELINE;
    Undo => LABEL_UNDO;
    Leader => LABEL_LEADER;
    Follower => LABEL_FOLLOWER;
    Down => LABEL_DOWN;
    Halted => LABEL_HALTED;
    HaltedTitle => LABEL_HALTED_TITLE;
    HwHeldByReplicaTitle => LABEL_HW_HELD_BY_REPLICA_TITLE;
    InIsr => LABEL_IN_ISR;
    OutOfIsr => LABEL_OUT_OF_ISR;
    InElr => LABEL_IN_ELR;
    InElrTitle => LABEL_IN_ELR_TITLE;
    LastKnownLeaderBadge => LABEL_LAST_KNOWN_LEADER_BADGE;
    LastKnownLeaderTitle => LABEL_LAST_KNOWN_LEADER_TITLE;
    Fenced => LABEL_FENCED;
    FencedTitle => LABEL_FENCED_TITLE;
    BrokerEpoch => LABEL_BROKER_EPOCH;
    BrokerEpochTitle => LABEL_BROKER_EPOCH_TITLE;
    CleanShutdown => LABEL_CLEAN_SHUTDOWN;
    CleanShutdownTitle => LABEL_CLEAN_SHUTDOWN_TITLE;
    RestartedClean => LABEL_RESTARTED_CLEAN;
    RestartedCleanTitle => LABEL_RESTARTED_CLEAN_TITLE;
    RestartedUnclean => LABEL_RESTARTED_UNCLEAN;
    RestartedUncleanTitle => LABEL_RESTARTED_UNCLEAN_TITLE;
    Leo => LABEL_LEO;
    LeoTitle => LABEL_LEO_TITLE;
    Hw => LABEL_HW;
    HwTitle => LABEL_HW_TITLE;
    HwCheckpoint => LABEL_HW_CHECKPOINT;
    EpochCache => LABEL_EPOCH_CACHE;
    EpochCacheTitle => LABEL_EPOCH_CACHE_TITLE;
    Epoch => LABEL_EPOCH;
    StartOffset => LABEL_START_OFFSET;
    NoEpochs => LABEL_NO_EPOCHS;
    NoEpochsBefore011 => LABEL_NO_EPOCHS_BEFORE011;
    EmptyLog => LABEL_EMPTY_LOG;
    Validating => LABEL_VALIDATING;
    WaitingForLeader => LABEL_WAITING_FOR_LEADER;
    Lost => LABEL_LOST;
    LostTitle => LABEL_LOST_TITLE;
    Decisions => LABEL_DECISIONS;
    Decision => LABEL_DECISION;
    DecisionEpochBump => LABEL_DECISION_EPOCH_BUMP;
    DecisionSameLeader => LABEL_DECISION_SAME_LEADER;
    DecisionWaiting => LABEL_DECISION_WAITING;
    DecisionLeaderFound => LABEL_DECISION_LEADER_FOUND;
    DecisionElrElection => LABEL_DECISION_ELR_ELECTION;
    DecisionLastKnownLeader => LABEL_DECISION_LAST_KNOWN_LEADER;
    DecisionUnclean => LABEL_DECISION_UNCLEAN;
    DecisionOffline => LABEL_DECISION_OFFLINE;
    DecisionHwHeld => LABEL_DECISION_HW_HELD;
    DecisionFetchParked => LABEL_DECISION_FETCH_PARKED;
    DecisionHwHeldByReplica => LABEL_DECISION_HW_HELD_BY_REPLICA;
    DecisionAfterAppend => LABEL_DECISION_AFTER_APPEND;
    DecisionHalted => LABEL_DECISION_HALTED;
    DecisionBounceNoticed => LABEL_DECISION_BOUNCE_NOTICED;
    DecisionElectionNotNeeded => LABEL_DECISION_ELECTION_NOT_NEEDED;
    NoDecision => LABEL_NO_DECISION;
    Question => LABEL_QUESTION;
    Answer => LABEL_ANSWER;
    Rule => LABEL_RULE;
    Result => LABEL_RESULT;
    Cause => LABEL_CAUSE;
    Followers => LABEL_FOLLOWERS;
    Then => LABEL_THEN;
    Kept => LABEL_KEPT;
    TruncatedTo => LABEL_TRUNCATED_TO;
    EarlierDecisions => LABEL_EARLIER_DECISIONS;
    AsksAgain => LABEL_ASKS_AGAIN;
    AsksSameAgain => LABEL_ASKS_SAME_AGAIN;
    EventLog => LABEL_EVENT_LOG;
    NoEvents => LABEL_NO_EVENTS;
    Violations => LABEL_VIOLATIONS;
    NoViolations => LABEL_NO_VIOLATIONS;
    CommittedWriteLost => LABEL_COMMITTED_WRITE_LOST;
    ReplicasDiverged => LABEL_REPLICAS_DIVERGED;
    Settings => LABEL_SETTINGS;
    MinIsr => LABEL_MIN_ISR;
    UncleanElection => LABEL_UNCLEAN_ELECTION;
    LagTime => LABEL_LAG_TIME;
    Editor => LABEL_EDITOR;
    EditorEarlier => LABEL_EDITOR_EARLIER;
    EditorLater => LABEL_EDITOR_LATER;
    EditorHint => LABEL_EDITOR_HINT;
    LoadScenario => LABEL_LOAD_SCENARIO;
    CurrentScript => LABEL_CURRENT_SCRIPT;
    Partition => LABEL_PARTITION;
    Offline => LABEL_OFFLINE;
    OfflineKraft => LABEL_OFFLINE_KRAFT;
    Acked => LABEL_ACKED;
    Pending => LABEL_PENDING;
    Nothing => LABEL_NOTHING;
    Broker => LABEL_BROKER;
    Select => LABEL_SELECT;
    PanicMessage => LABEL_PANIC_MESSAGE;
    Reload => LABEL_RELOAD;
    ReplayStopped => LABEL_REPLAY_STOPPED;
    KeySpace => LABEL_KEY_SPACE;
    KeyArrows => LABEL_KEY_ARROWS;
    KeyProduce => LABEL_KEY_PRODUCE;
    KeyDigits => LABEL_KEY_DIGITS;
    KeyFetch => LABEL_KEY_FETCH;
    KeyCrash => LABEL_KEY_CRASH;
    KeyRestart => LABEL_KEY_RESTART;
    KeyBounce => LABEL_KEY_BOUNCE;
    KeyShutdown => LABEL_KEY_SHUTDOWN;
    KeyHelp => LABEL_KEY_HELP;
    Default => LABEL_DEFAULT;
    PresetDataLoss => LABEL_PRESET_DATA_LOSS;
    PresetRestartFailover => LABEL_PRESET_RESTART_FAILOVER;
    PresetDivergence => LABEL_PRESET_DIVERGENCE;
    PresetWalkthrough => LABEL_PRESET_WALKTHROUGH;
    PresetFastFailover => LABEL_PRESET_FAST_FAILOVER;
    PresetUnclean => LABEL_PRESET_UNCLEAN;
    PresetMinIsr => LABEL_PRESET_MIN_ISR;
    PresetSameLeader => LABEL_PRESET_SAME_LEADER;
    PresetEpochUnknown => LABEL_PRESET_EPOCH_UNKNOWN;
    PresetLaggingHw => LABEL_PRESET_LAGGING_HW;
    PresetKraftQuickRestart => LABEL_PRESET_KRAFT_QUICK_RESTART;
    PresetKraftPowerFailure => LABEL_PRESET_KRAFT_POWER_FAILURE;
    PresetKraftShutdownSaves => LABEL_PRESET_KRAFT_SHUTDOWN_SAVES;
    PresetKraftLastReplica => LABEL_PRESET_KRAFT_LAST_REPLICA;
    PresetHwWaits => LABEL_PRESET_HW_WAITS;
    PresetAfterAppend => LABEL_PRESET_AFTER_APPEND;
    PresetFollowerHalts => LABEL_PRESET_FOLLOWER_HALTS;
    PresetEndlessValidation => LABEL_PRESET_ENDLESS_VALIDATION;
    Checkpoints => LABEL_CHECKPOINTS;
    HwRule => LABEL_HW_RULE;
    Before => LABEL_BEFORE;
    AtStep => LABEL_AT_STEP;
    Cut => LABEL_CUT;
    OpenFullApp => LABEL_OPEN_FULL_APP;
    Share => LABEL_SHARE;
    CopyLink => LABEL_COPY_LINK;
    CopyLinkTitle => LABEL_COPY_LINK_TITLE;
    CopyEmbed => LABEL_COPY_EMBED;
    CopyEmbedTitle => LABEL_COPY_EMBED_TITLE;
    DownloadSvg => LABEL_DOWNLOAD_SVG;
    DownloadSvgTitle => LABEL_DOWNLOAD_SVG_TITLE;
    ExportStrip => LABEL_EXPORT_STRIP;
    ExportStripTitle => LABEL_EXPORT_STRIP_TITLE;
    ExportPng => LABEL_EXPORT_PNG;
    ExportPngTitle => LABEL_EXPORT_PNG_TITLE;
    ExportGif => LABEL_EXPORT_GIF;
    ExportGifTitle => LABEL_EXPORT_GIF_TITLE;
    ExportTitle => LABEL_EXPORT_TITLE;
    ExportHint => LABEL_EXPORT_HINT;
    ExportClose => LABEL_EXPORT_CLOSE;
    ExportFormat => LABEL_EXPORT_FORMAT;
    ExportFormatSvg => LABEL_EXPORT_FORMAT_SVG;
    ExportFormatPng => LABEL_EXPORT_FORMAT_PNG;
    ExportFormatGif => LABEL_EXPORT_FORMAT_GIF;
    ExportSteps => LABEL_EXPORT_STEPS;
    ExportDecisions => LABEL_EXPORT_DECISIONS;
    ExportRange => LABEL_EXPORT_RANGE;
    ExportChosen => LABEL_EXPORT_CHOSEN;
    ExportStepList => LABEL_EXPORT_STEP_LIST;
    ExportStepsHint => LABEL_EXPORT_STEPS_HINT;
    ExportWidth => LABEL_EXPORT_WIDTH;
    ExportDelay => LABEL_EXPORT_DELAY;
    ExportMaking => LABEL_EXPORT_MAKING;
    ExportSeconds => LABEL_EXPORT_SECONDS;
    ExportFrame => LABEL_EXPORT_FRAME;
    ExportFrames => LABEL_EXPORT_FRAMES;
    ExportPreviewAlt => LABEL_EXPORT_PREVIEW_ALT;
    ExportDownload => LABEL_EXPORT_DOWNLOAD;
    ShareLink => LABEL_SHARE_LINK;
    EmbedCode => LABEL_EMBED_CODE;
    ElementCode => LABEL_ELEMENT_CODE;
    Copied => LABEL_COPIED;
    LinkProblemTitle => LABEL_LINK_PROBLEM_TITLE;
    LegendEpoch => LABEL_LEGEND_EPOCH;
    LegendUncommitted => LABEL_LEGEND_UNCOMMITTED;
    LegendLost => LABEL_LEGEND_LOST;
    LegendElr => LABEL_LEGEND_ELR;
    LegendHw => LABEL_LEGEND_HW;
    SafetyCheckFired => LABEL_SAFETY_CHECK_FIRED;
    LeaderEndLegend => LABEL_LEADER_END_LEGEND;
    CheckerTitle => LABEL_CHECKER_TITLE;
    CheckerHint => LABEL_CHECKER_HINT;
    CheckerSetup => LABEL_CHECKER_SETUP;
    CheckerSetupHint => LABEL_CHECKER_SETUP_HINT;
    CheckerBounds => LABEL_CHECKER_BOUNDS;
    BoundProduces => LABEL_BOUND_PRODUCES;
    BoundFailures => LABEL_BOUND_FAILURES;
    BoundEpoch => LABEL_BOUND_EPOCH;
    BoundCleanElections => LABEL_BOUND_CLEAN_ELECTIONS;
    BoundUncleanElections => LABEL_BOUND_UNCLEAN_ELECTIONS;
    BoundUnflushedLoss => LABEL_BOUND_UNFLUSHED_LOSS;
    BoundLagTicks => LABEL_BOUND_LAG_TICKS;
    BoundMultiCrash => LABEL_BOUND_MULTI_CRASH;
    ExploreProtocol => LABEL_EXPLORE_PROTOCOL;
    ExploreAll => LABEL_EXPLORE_ALL;
    CheckerLink => LABEL_CHECKER_LINK;
    CheckerLinkTitle => LABEL_CHECKER_LINK_TITLE;
    JumpToStep => LABEL_JUMP_TO_STEP;
    CheckerRun => LABEL_CHECKER_RUN;
    MatrixTitle => LABEL_MATRIX_TITLE;
    MatrixHint => LABEL_MATRIX_HINT;
    MatrixBrokers => LABEL_MATRIX_BROKERS;
    MatrixRun => LABEL_MATRIX_RUN;
    MatrixCancel => LABEL_MATRIX_CANCEL;
    MatrixOpenTitle => LABEL_MATRIX_OPEN_TITLE;
    MatrixSvg => LABEL_MATRIX_SVG;
    MatrixPng => LABEL_MATRIX_PNG;
    MatrixCancelled => LABEL_MATRIX_CANCELLED;
    MatrixLink => LABEL_MATRIX_LINK;
    CheckerCancel => LABEL_CHECKER_CANCEL;
    CheckerReplay => LABEL_CHECKER_REPLAY;
    CheckerReplayTitle => LABEL_CHECKER_REPLAY_TITLE;
    CheckerReplayHint => LABEL_CHECKER_REPLAY_HINT;
    CheckerFoundScenario => LABEL_CHECKER_FOUND_SCENARIO;
    CheckerLoading => LABEL_CHECKER_LOADING;
    LogKeys => LABEL_LOG_KEYS;
    PanelLoading => LABEL_PANEL_LOADING;
    PanelUnavailable => LABEL_PANEL_UNAVAILABLE;
    PanelStopped => LABEL_PANEL_STOPPED;
    TryAgain => LABEL_TRY_AGAIN;
    CheckerCrashed => LABEL_CHECKER_CRASHED;
    CheckerBadRequest => LABEL_CHECKER_BAD_REQUEST;
    CompareOff => LABEL_COMPARE_OFF;
    CompareTitle => LABEL_COMPARE_TITLE;
    ComparedReadOnly => LABEL_COMPARED_READ_ONLY;
    JumpToDifference => LABEL_JUMP_TO_DIFFERENCE;
    DifferenceMarkTitle => LABEL_DIFFERENCE_MARK_TITLE;
    DifferingEvents => LABEL_DIFFERING_EVENTS;
    ActHere => LABEL_ACT_HERE;
    // Long logs fold runs of records into spans.
    Refold => LABEL_REFOLD;
    RefoldTitle => LABEL_REFOLD_TITLE;
    // The space-time diagram.
    SpaceTimeTitle => LABEL_SPACE_TIME_TITLE;
    SpaceTimeDrawing => LABEL_SPACE_TIME_DRAWING;
    SpaceTimeHint => LABEL_SPACE_TIME_HINT;
    SpaceTimeLegend => LABEL_SPACE_TIME_LEGEND;
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
