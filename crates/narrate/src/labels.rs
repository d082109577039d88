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

/// While the catalogue replaces the old table: the same texts.
#[cfg(test)]
mod same_as_before {
    use super::*;
    macro_rules! labels {
        ($($key:ident => $en:literal, $zh:literal;)*) => {
            /// A piece of interface text.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum OldLabel { $($key),* }

            impl OldLabel {
                pub const ALL: &'static [OldLabel] = &[$(OldLabel::$key),*];
            }

            /// The text of `l` in `lang`.
            pub fn old_label(lang: Lang, l: OldLabel) -> &'static str {
                match (l, lang) {
                    $((OldLabel::$key, Lang::En) => $en, (OldLabel::$key, Lang::Zh) => $zh,)*
                }
            }
        };
    }

    labels! {
        AppTitle => "Kafka Replication Lab", "Kafka 副本复制实验室";
        Tagline => "One partition's replicas, live: click to write, fetch, crash and restart, and watch every truncation decision.",
            "一个分区的副本，实时演示：点击写入、拉取、崩溃、重启，看清每一次截断决定。";
        Protocol => "Protocol", "协议";
        Preset => "Preset", "预设场景";
        PresetChoose => "Choose a story…", "选择一个故事…";
        PresetUnavailable => "The story could not be fetched; the page is as it was", "无法获取这个故事，页面保持原样";
        OtherLanguage => "中文", "English";
        SwitchLanguage => "Switch the language to Chinese", "切换到英文";
        Help => "Keyboard shortcuts", "键盘快捷键";
        Close => "Close", "关闭";
        Produce => "Produce", "写入";
        ProduceTitle => "A producer writes the next message to the leader", "生产者向 leader 写入下一条消息";
        Value => "Value", "消息值";
        Acks => "acks", "acks";
        Fetch => "Fetch", "拉取";
        FetchTitle => "One whole round trip: request, the leader's answer, and the follower applying it",
            "一次完整往返：请求、leader 的回答、follower 应用回答";
        Send => "Send", "发送";
        SendTitle => "The leader handles the request; the response stays in flight", "leader 处理请求，响应停在途中";
        Deliver => "Deliver", "送达";
        DeliverTitle => "The response in flight arrives and is applied", "在途响应到达并被应用";
        Drop => "Drop", "丢弃";
        DropTitle => "The response in flight is lost on the way", "在途响应在路上丢失";
        DeliverParkedTitle => "The leader answers the waiting fetch now, with no records, and the response is applied",
            "leader 现在就回答这个等待中的拉取（不带消息），响应随即被应用";
        DropParkedTitle => "The waiting fetch is dropped: no response comes", "丢弃这个等待中的拉取：不会有响应";
        Crash => "Crash", "崩溃";
        CrashTitle => "The broker stops; the controller notices", "broker 停止，控制器察觉";
        Shutdown => "Shut down", "受控关闭";
        ShutdownTitle => "A clean, controlled stop: the broker flushes its log, hands over leadership and leaves the ISR; under KRaft its next restart is clean",
            "干净的受控停止：broker 先刷盘，交出 leader 身份并离开 ISR；在 KRaft 下，它下次重启是干净重启";
        Bounce => "Bounce", "快速重启";
        BounceTitle => "Crash and restart before the controller notices: stays in the ISR", "在控制器察觉前崩溃并重启：仍在 ISR 中";
        Restart => "Restart", "重启";
        RestartTitle => "The broker comes back with its log and checkpoints", "broker 带着日志和检查点恢复";
        Elect => "Elect", "选为 leader";
        ElectTitle => "The controller makes this broker leader (epoch + 1)", "控制器让这个 broker 成为 leader（纪元 + 1）";
        ElectUnclean => "Elect unclean", "不干净选举";
        ElectUncleanTitle => "Make it leader even outside the ISR; the ISR becomes just it", "即使不在 ISR 中也让它成为 leader，ISR 只剩它";
        Tick => "Tick", "时间前进";
        TickTitle => "The clock moves on; followers that lag too long leave the ISR", "时钟前进，落后太久的 follower 离开 ISR";
        Milliseconds => "ms", "毫秒";
        StepBack => "Step back", "后退一步";
        StepForward => "Step forward", "前进一步";
        Play => "Play", "播放";
        Pause => "Pause", "暂停";
        Speed => "Speed", "速度";
        Step => "Step", "步骤";
        Timeline => "History", "历史";
        Undo => "Restore the abandoned future", "恢复被放弃的后续";
        Leader => "leader", "leader";
        Follower => "follower", "follower";
        Down => "down", "宕机";
        Halted => "halted", "自行停机";
        HaltedTitle => "Its fetcher found its fetch offset past the leader's log end and, with unclean.leader.election.enable off, may not truncate records that may be committed: it threw FatalExitError and the broker's process exited (Kafka 0.10, 0.11). Its whole log is kept; restart it to bring it back",
            "它的拉取线程发现拉取位移超过了 leader 的日志末端；unclean.leader.election.enable 关闭时不能截掉可能已提交的消息，于是触发 FatalExitError，broker 进程退出（Kafka 0.10、0.11）。整份日志都保留着，重启即可让它回来";
        HwHeldByReplicaTitle => "The leader's HW would move with the ISR alone, but a replica outside the ISR that caught up within replica.lag.time.max.ms still counts, so the HW waits for it until then (Partition.maybeIncrementLeaderHW, KAFKA-4485)",
            "只看 ISR 的话，leader 的高水位本可推进；但一个不在 ISR 中、在 replica.lag.time.max.ms 之内追上过的副本仍然计入，高水位要等它，直到那个时刻（Partition.maybeIncrementLeaderHW，KAFKA-4485）";
        InIsr => "in ISR", "在 ISR 中";
        OutOfIsr => "out of ISR", "不在 ISR 中";
        InElr => "in ELR", "在 ELR 中";
        InElrTitle => "An Eligible Leader Replica (KIP-966): it left an ISR that was below min.insync.replicas, so it holds every committed record and may still be elected while the ISR is empty",
            "有资格的 leader 副本（ELR，KIP-966）：它是在 ISR 低于 min.insync.replicas 时离开的，拥有全部已提交的消息，ISR 为空时仍可当选";
        LastKnownLeaderBadge => "last known leader", "最后已知的 leader";
        LastKnownLeaderTitle => "It led when the ISR became empty: with the ISR and the ELR both empty, the KRaft controller elects it once it is up",
            "ISR 变空时它是 leader：ISR 和 ELR 都为空时，它一恢复，KRaft 控制器就选它";
        Fenced => "fenced", "已隔离";
        FencedTitle => "The KRaft controller has fenced it: it cannot be elected until it restarts and registers with a new broker epoch",
            "KRaft 控制器已隔离它：在它重启并以新的 broker 纪元注册之前，不能当选";
        BrokerEpoch => "broker epoch", "broker 纪元";
        BrokerEpochTitle => "Its registration with the controller: + 1 at each restart; only fetches in its current broker epoch bring it back into the ISR (KIP-903)",
            "它在控制器上的注册纪元：每次重启 + 1；只有当前 broker 纪元内的拉取才能让它重新加入 ISR（KIP-903）";
        CleanShutdown => "clean shutdown", "已干净关闭";
        CleanShutdownTitle => "It shut down cleanly: its next restart is clean, so the controller trusts its log and keeps it in the ELR if it is there",
            "它是干净关闭的：下次重启是干净重启，控制器信任它的日志，如果它在 ELR 中就让它留在那里";
        RestartedClean => "clean restart", "干净重启";
        RestartedCleanTitle => "Its last restart followed a clean shutdown: the controller trusted its log and left its ELR membership alone",
            "它上次重启前是干净关闭的：控制器信任它的日志，没有改动它的 ELR 成员身份";
        RestartedUnclean => "unclean restart", "非干净重启";
        RestartedUncleanTitle => "Its last restart followed a crash: the controller first removed it from the ISR and the ELR, since its log may have lost unflushed records",
            "它上次重启前是崩溃：控制器先把它移出 ISR 和 ELR，因为它的日志可能丢了未刷盘的消息";
        Leo => "LEO", "LEO";
        LeoTitle => "Log end offset: the offset the next record will get", "日志末端位移：下一条消息将得到的位移";
        Hw => "HW", "HW";
        HwTitle => "High watermark: records below it are committed", "高水位：它之下的消息已提交";
        HwCheckpoint => "HW checkpoint", "HW 检查点";
        EpochCache => "Leader-epoch cache", "Leader epoch 缓存";
        EpochCacheTitle => "Each leader epoch and the offset of its first record (survives a crash)",
            "每个 leader 纪元及其第一条消息的位移（崩溃后仍保留）";
        Epoch => "epoch", "纪元";
        StartOffset => "start offset", "起始位移";
        NoEpochs => "no epochs", "没有纪元";
        NoEpochsBefore011 => "no leader-epoch cache before Kafka 0.11", "Kafka 0.11 之前没有 leader epoch 缓存";
        EmptyLog => "empty log", "空日志";
        Validating => "must validate its log first", "需要先校验日志";
        WaitingForLeader => "waiting for a leader", "等待 leader";
        Lost => "lost", "已丢失";
        LostTitle => "Gone from this replica's log", "已从该副本的日志中消失";
        Decisions => "Decisions", "决定";
        Decision => "Truncation decision", "截断决定";
        DecisionEpochBump => "Leader epoch bump", "leader 纪元递增";
        DecisionSameLeader => "Same leader, new epoch", "同一个 leader，新的纪元";
        DecisionWaiting => "Restarted without a leader", "重启时没有 leader";
        DecisionLeaderFound => "A leader to follow at last", "终于有了可跟随的 leader";
        DecisionElrElection => "Elected from the ELR", "从 ELR 中选出 leader";
        DecisionLastKnownLeader => "Elected as last known leader", "选出最后已知的 leader";
        DecisionUnclean => "Unclean election", "不干净选举";
        DecisionOffline => "Partition offline", "分区离线";
        DecisionHwHeld => "High watermark held", "高水位停住";
        DecisionFetchParked => "Fetch waits at the leader", "拉取在 leader 处等待";
        DecisionHwHeldByReplica => "High watermark held by a caught-up replica", "高水位被追上的副本拖住";
        DecisionAfterAppend => "Committed, but the producer gets an error", "已提交，生产者却收到错误";
        DecisionHalted => "Follower halts", "follower 自行停机";
        DecisionBounceNoticed => "Bounce noticed", "快速重启被察觉";
        DecisionElectionNotNeeded => "No election needed", "无需选举";
        NoDecision => "No decision yet. Crash and restart a broker, or change the leader, to see one.",
            "还没有决定。让某个 broker 崩溃再重启，或者更换 leader，就能看到。";
        Question => "Question", "提问";
        Answer => "Answer", "回答";
        Rule => "Rule", "规则";
        Result => "Result", "结果";
        Cause => "Cause", "起因";
        Followers => "Followers", "各 follower";
        Then => "Then", "之后";
        Kept => "keeps its whole log", "保留全部日志";
        TruncatedTo => "truncates to", "截断到";
        EarlierDecisions => "Earlier decisions", "更早的决定";
        AsksAgain => "then asks again", "然后再问一次";
        AsksSameAgain => "then asks the same question again (KAFKA-10706)", "然后再问同一个问题（KAFKA-10706）";
        EventLog => "What happened", "发生了什么";
        NoEvents => "Nothing yet: produce a message to start.", "还没有事件：写入一条消息开始吧。";
        Violations => "Safety checks", "安全检查";
        NoViolations => "No safety check has fired.", "没有触发任何安全检查。";
        CommittedWriteLost => "Committed write lost", "已提交的写入丢失";
        ReplicasDiverged => "Replicas diverged", "副本不一致";
        Settings => "Settings", "配置";
        MinIsr => "min.insync.replicas", "min.insync.replicas";
        UncleanElection => "unclean.leader.election.enable", "unclean.leader.election.enable";
        LagTime => "replica.lag.time.max.ms", "replica.lag.time.max.ms";
        Editor => "Scenario", "场景脚本";
        EditorEarlier => "Earlier lines", "前面的行";
        EditorLater => "Later lines", "后面的行";
        EditorHint => "Write or paste a scenario, then load it. Errors name their line; the current state is kept.",
            "编写或粘贴场景脚本后加载。错误会指出行号，当前状态保持不变。";
        LoadScenario => "Load scenario", "加载场景";
        CurrentScript => "Copy the current history into the editor", "把当前历史复制到编辑器";
        Partition => "Partition", "分区";
        Offline => "The partition is offline: no replica may lead until an ISR member comes back.", "分区离线：在某个 ISR 成员恢复之前，没有副本可以成为 leader。";
        OfflineKraft => "The partition is offline: no replica may lead until an ISR member, an eligible ELR member or the last known leader comes back.",
            "分区离线：在某个 ISR 成员、有资格的 ELR 成员或最后已知的 leader 恢复之前，没有副本可以成为 leader。";
        Acked => "Acknowledged to producers:", "已向生产者确认：";
        Pending => "waiting for acks=all:", "等待 acks=all：";
        Nothing => "none", "无";
        Broker => "Broker", "Broker";
        Select => "Select", "选择";
        PanicMessage => "Something went wrong and the page stopped. Reload it to start again.",
            "页面出错并停止了，请重新加载。";
        Reload => "Reload", "重新加载";
        ReplayStopped => "History replayed up to here under the new protocol; the next step is not possible under it:",
            "历史在新协议下重放到这里为止，下一步在该协议下不可行：";
        KeySpace => "play / pause", "播放 / 暂停";
        KeyArrows => "step back / forward", "后退 / 前进一步";
        KeyProduce => "produce", "写入";
        KeyDigits => "select broker 1–7", "选择第 1–7 个 broker";
        KeyFetch => "fetch (or deliver) with the selected broker", "选中的 broker 拉取（或送达）";
        KeyCrash => "crash the selected broker", "让选中的 broker 崩溃";
        KeyRestart => "restart the selected broker", "重启选中的 broker";
        KeyBounce => "bounce the selected broker", "快速重启选中的 broker";
        KeyShutdown => "shut down the selected broker cleanly", "受控关闭选中的 broker";
        KeyHelp => "show this help", "显示帮助";
        Default => "default", "默认";
        PresetDataLoss => "Data loss: a quick restart, then a leader change", "数据丢失：快速重启后又换了 leader";
        PresetDivergence => "Divergence: a power failure on both replicas", "数据不一致：两个副本同时断电";
        PresetWalkthrough => "Leader epochs, step by step", "Leader epoch 逐步讲解";
        PresetFastFailover => "Fast leader failover: two leader changes in a row", "快速故障转移：连续两次更换 leader";
        PresetUnclean => "Unclean election loses acknowledged writes", "不干净选举会丢失已确认的写入";
        PresetMinIsr => "min.insync.replicas=2 refuses the write instead", "min.insync.replicas=2 改为拒绝写入";
        PresetSameLeader => "Same leader, new epoch: the follower that never checked", "同一个 leader、新的纪元：从不校验的 follower";
        PresetEpochUnknown => "Kafka 0.11: an epoch the leader cannot place loses a committed write", "Kafka 0.11：leader 无法定位的纪元让已提交的写入丢失";
        PresetLaggingHw => "KAFKA-7128: an empty follower rejoins the ISR behind a lagging high watermark", "KAFKA-7128：空的 follower 在滞后的高水位处重新加入 ISR";
        PresetKraftQuickRestart => "Kafka 4.1: a quick restart at min.insync.replicas=2", "Kafka 4.1：min.insync.replicas=2 时的快速重启";
        PresetKraftPowerFailure => "Kafka 4.1: a power failure on both replicas at min.insync.replicas=1", "Kafka 4.1：min.insync.replicas=1 时两个副本同时断电";
        PresetKraftShutdownSaves => "Kafka 4.1: a clean shutdown and min.insync.replicas=2 save the write", "Kafka 4.1：干净关闭与 min.insync.replicas=2 保住了写入";
        PresetKraftLastReplica => "Kafka 4.1: the last replica standing keeps every committed record", "Kafka 4.1：最后一个副本保有全部已提交的记录";
        PresetHwWaits => "The high watermark waits for a crashed follower", "高水位等待一个崩溃的 follower";
        PresetAfterAppend => "Committed, but answered NOT_ENOUGH_REPLICAS_AFTER_APPEND", "已提交，却收到 NOT_ENOUGH_REPLICAS_AFTER_APPEND";
        PresetFollowerHalts => "A 0.10 follower halts rather than truncate", "0.10 的 follower 宁可停机也不截断";
        PresetEndlessValidation => "Kafka 2.1 asks the same question forever", "Kafka 2.1 永远在问同一个问题";
        Checkpoints => "On disk", "磁盘上";
        HwRule => "no question: before leader epochs it truncates to its own HW", "不提问：没有 leader epoch 时直接截断到自己的 HW";
        Before => "before", "之前";
        AtStep => "at step", "在步骤";
        Cut => "cut", "截掉";
        OpenFullApp => "Open in the full app ↗", "在完整应用中打开 ↗";
        Share => "Share", "分享";
        CopyLink => "Copy link", "复制链接";
        CopyLinkTitle => "A link to this very step, protocol and language", "指向当前这一步、协议和语言的链接";
        CopyEmbed => "Copy embed code", "复制嵌入代码";
        CopyEmbedTitle => "An iframe for a blog post, showing this scenario with a player", "用于博客文章的 iframe，带播放器展示这个场景";
        DownloadSvg => "Download SVG", "下载 SVG";
        DownloadSvgTitle => "The lanes and the decision panel of this step, as a static figure", "把这一步的各副本和截断决定导出为静态图";
        ExportStrip => "Strip (SVG)", "步骤条（SVG）";
        ExportStripTitle => "Chosen steps side by side in one figure, as SVG", "把选定的几步排成一张图，导出为 SVG";
        ExportPng => "PNG", "PNG";
        ExportPngTitle => "The strip as a PNG image (2× for sharp text), for platforms that allow no iframes",
            "把步骤条导出为 PNG 图片（2 倍像素，文字清晰），用于不允许 iframe 的平台";
        ExportGif => "GIF", "GIF";
        ExportGifTitle => "An animated GIF of the steps, each with its caption, pausing where the safety check fires",
            "把这些步骤做成动图，每帧带说明，在触发安全检查的那一帧停留更久";
        ExportTitle => "Export a figure", "导出图片";
        ExportHint => "For platforms that allow no iframes (official accounts, Zhihu, many hosted blogs): the chosen steps as a strip or an animation, with captions in the page's language.",
            "用于不允许 iframe 的平台（公众号、知乎、许多托管博客）：把选定的步骤做成步骤条或动图，说明文字使用页面当前的语言。";
        ExportClose => "Close", "关闭";
        ExportFormat => "Format", "格式";
        ExportFormatSvg => "Strip, SVG", "步骤条，SVG";
        ExportFormatPng => "Strip, PNG (2×)", "步骤条，PNG（2 倍）";
        ExportFormatGif => "Animated GIF", "动图 GIF";
        ExportSteps => "Steps", "步骤";
        ExportDecisions => "every truncation decision (and where a safety check fires)", "每一次截断决定（以及触发安全检查的那一步）";
        ExportRange => "a range of steps", "一段连续的步骤";
        ExportChosen => "chosen steps", "选定的步骤";
        ExportStepList => "Which", "哪些";
        ExportStepsHint => "1..12 or 3,6,9", "1..12 或 3,6,9";
        ExportWidth => "Width (px)", "宽度（像素）";
        ExportDelay => "Time per frame", "每帧时长";
        ExportMaking => "Making the figure…", "正在生成图片…";
        ExportSeconds => "s", "秒";
        ExportFrame => "frame", "帧";
        ExportFrames => "frames", "帧";
        ExportPreviewAlt => "Preview of the figure", "图片预览";
        ExportDownload => "Download", "下载";
        ShareLink => "Share link", "分享链接";
        EmbedCode => "Embed code", "嵌入代码";
        Copied => "Copied to the clipboard", "已复制到剪贴板";
        LinkProblemTitle => "This link cannot be opened", "无法打开这个链接";
        LegendEpoch => "colour = leader epoch", "颜色 = leader 纪元";
        LegendUncommitted => "dashed = above the HW, not committed", "虚线 = 高于 HW，尚未提交";
        LegendLost => "struck out = lost from this replica", "划掉 = 已从该副本丢失";
        LegendElr => "= Eligible Leader Replica (KIP-966): holds every committed record, may lead while the ISR is empty",
            "= 有资格的 leader 副本（KIP-966）：拥有全部已提交的消息，ISR 为空时可以当选";
        LegendHw => "black bar = high watermark (HW)", "黑色竖线 = 高水位（HW）";
        SafetyCheckFired => "safety check fired", "安全检查触发";
        LeaderEndLegend => "where the leader says the epoch ends:", "leader 所说的纪元结束位置：";
        CheckerTitle => "Find a failure", "自动寻找出错的历史";
        CheckerHint => "The checker tries every history from this setup within the bounds below (every order of writes, fetches, crashes, restarts and elections) and shows the shortest one that breaks a safety check. It runs in the background and is downloaded the first time you run it.",
            "检查器从这个起点出发，在下面的边界内尝试每一段可能的历史（写入、拉取、崩溃、重启、选举的每一种顺序），并给出触发安全检查的最短历史。它在后台运行，第一次运行时才下载。";
        CheckerSetup => "Starts from:", "起点：";
        CheckerSetupHint => "the brokers, leader and settings of the scenario loaded above, under the protocol chosen at the top. Load another scenario or choose another protocol to change it.",
            "即上面加载的场景中的 broker、leader 和配置，以及页面顶部选择的协议。加载别的场景或换一个协议即可改变它。";
        CheckerBounds => "Bounds: how far to look", "边界：搜索多远";
        BoundProduces => "Records written, at most", "最多写入几条消息";
        BoundFailures => "Broker failures, at most (crash, bounce, shut down)", "最多几次 broker 故障（崩溃、快速重启、受控关闭）";
        BoundEpoch => "Highest leader epoch", "最高 leader 纪元";
        BoundCleanElections => "Clean elections (Elect)", "干净选举（选为 leader）";
        BoundUncleanElections => "Unclean elections", "不干净选举";
        BoundUnflushedLoss => "Crashes that lose records not yet flushed to disk", "崩溃时丢失尚未刷盘的消息";
        BoundLagTicks => "Clock ticks: followers that lag leave the ISR", "时钟前进：落后的 follower 离开 ISR";
        BoundMultiCrash => "Two brokers crashing at once", "两个 broker 同时崩溃";
        ExploreProtocol => "Under", "协议";
        ExploreAll => "all five, one after another", "全部五种，依次搜索";
        CheckerLink => "Link to this history", "这段历史的链接";
        CheckerLinkTitle => "A share link that opens the history found, at the step where the safety check fires",
            "打开找到的历史的分享链接，停在触发安全检查的那一步";
        JumpToStep => "Go to that step", "跳到那一步";
        CheckerRun => "Run the checker", "运行检查器";
        CheckerCancel => "Cancel", "取消";
        CheckerReplay => "Replay it", "重放这段历史";
        CheckerReplayTitle => "Load the history found into the page, as the scenario editor's Load does, and step through it",
            "像场景编辑器的“加载场景”一样，把找到的历史加载到页面上，逐步查看";
        CheckerReplayHint => "Replay loads these steps into the lanes above and stops at the last one, where the safety check fires; step back (◀) to watch it happen.",
            "重放会把这几步加载到上面的各副本中，停在触发安全检查的最后一步；用后退（◀）一步步看它是怎么发生的。";
        CheckerFoundScenario => "The history found, as a scenario", "找到的历史（场景脚本）";
        CheckerLoading => "Loading the checker…", "正在加载检查器…";
        LogKeys => "Arrow keys move between the records; Enter keeps one shown when the log folds", "方向键在记录之间移动；按回车让一条记录在日志折叠时保持显示";
        PanelLoading => "Loading this panel…", "正在加载这个面板…";
        PanelUnavailable => "This panel could not be loaded", "无法加载这个面板";
        PanelStopped => "This panel stopped unexpectedly; the rest of the page goes on", "这个面板意外停止了，页面的其余部分照常工作";
        TryAgain => "Try again", "重试";
        CheckerCrashed => "The checker stopped unexpectedly", "检查器意外停止";
        CheckerBadRequest => "The checker could not read its request", "检查器无法读取它收到的请求";
        CompareOff => "off", "不对比";
        CompareTitle => "Replay the same history under a second protocol and show it beside this one, with the first step where they differ",
            "在第二个协议下重放同一段历史，并排显示，并标出两者第一次不同的步骤";
        ComparedReadOnly => "read-only: it replays each step you take", "只读：它会重放你的每一步操作";
        JumpToDifference => "Jump there", "跳到那一步";
        DifferenceMarkTitle => "▼ on the history bar: the first step where the two protocols differ",
            "历史条上的 ▼：两个协议第一次不同的步骤";
        DifferingEvents => "What each did at that step that the other did not:", "那一步两者各自做了而对方没做的事：";
        ActHere => "act here; the comparison replays each step", "在这里操作；对比会重放每一步";
        // Long logs fold runs of records into spans.
        Refold => "Fold", "折叠";
        RefoldTitle => "Fold these records into their span again", "把这些记录重新折叠起来";
        // The space-time diagram.
        SpaceTimeTitle => "Space-time diagram", "时空图";
        SpaceTimeDrawing => "Drawing…", "正在绘制…";
        SpaceTimeHint => "One line per broker, time flowing down, a row per step: every request and response is an arrow from sender to receiver. Click a row or an arrow to go to that step.",
            "每个 broker 一条竖线，时间自上而下流动，每一步一行：每个请求和响应都是一支从发送方指向接收方的箭头。点击某一行或某支箭头即可跳到那一步。";
        SpaceTimeLegend => "thick line: the leader · dotted: down · × crash · ⊗ halted (FatalExitError) · ↻ restart · ■ shut down · a dashed arrow ending half-way: a response in flight (…) or lost (×) · a dotted line beside the leader's: a fetch waiting there · ! safety check fired",
            "粗线：leader · 点线：宕机 · × 崩溃 · ⊗ 自行停机（FatalExitError） · ↻ 重启 · ■ 受控关闭 · 停在半路的虚线箭头：在途（…）或丢失（×）的响应 · leader 线旁的点线：在那里等待的拉取 · ! 安全检查触发";
    }

    #[test]
    fn every_label_reads_as_before() {
        assert_eq!(Label::ALL.len(), OldLabel::ALL.len());
        for (&new, &old) in Label::ALL.iter().zip(OldLabel::ALL) {
            assert_eq!(format!("{new:?}"), format!("{old:?}"));
            for lang in [Lang::En, Lang::Zh] {
                assert_eq!(label(lang, new), old_label(lang, old), "{new:?}");
            }
        }
    }
}
