//! 中文。

use super::{Explain, Names};
use replab_core::command::CommandError;
use replab_core::event::{
    AckFailure, ElectionReason, EpochRecord, Event, FollowerNext, LossReason, ProduceRefusal, ShrinkReason,
    TruncationRule, Violation,
};
use replab_core::message::{Reply, Request};
use replab_core::scenario::{Found, ScriptErrorKind};
use replab_core::Protocol;

fn epoch_opt(e: Option<u32>) -> String {
    e.map_or("（无纪元）".into(), |e| format!("纪元 {e}"))
}

fn list(names: &Names, set: replab_core::BrokerSet) -> String {
    let v: Vec<&str> = set.iter().map(|b| names.get(b)).collect();
    if v.is_empty() {
        "空".into()
    } else {
        v.join("、")
    }
}

pub fn request(r: &Request) -> String {
    match r {
        Request::OffsetsForLeaderEpoch { leader_epoch } => {
            format!("OffsetsForLeaderEpoch（{}）", epoch_opt(*leader_epoch))
        }
        Request::Fetch {
            offset,
            last_fetched_epoch,
            max,
        } => {
            let mut s = format!("Fetch（位移 {offset}");
            if let Some(e) = last_fetched_epoch {
                s += &format!("，最后拉取纪元 {e}");
            }
            if let Some(m) = max {
                s += &format!("，最多 {m} 条");
            }
            s + "）"
        }
    }
}

pub fn reply(r: &Reply) -> String {
    match r {
        Reply::EpochEndOffset { asked, answer } => match (answer.epoch, answer.end_offset) {
            (Some(e), Some(o)) => format!("纪元 {e} 结束于位移 {o}"),
            (None, Some(o)) => format!("{}结束于位移 {o}", epoch_opt(*asked)),
            _ => format!("未定义：它无法确定{}在哪里结束", epoch_opt(*asked)),
        },
        Reply::Records {
            from,
            count,
            high_watermark,
        } => {
            if *count == 0 {
                format!("没有新消息，HW {high_watermark}")
            } else {
                format!(
                    "从位移 {from} 起的 {} 条消息，HW {high_watermark}",
                    crate::thousands(*count)
                )
            }
        }
        Reply::DivergingEpoch { epoch, end_offset, .. } => {
            format!("DivergingEpoch：纪元 {epoch} 结束于位移 {end_offset}，不带消息")
        }
        Reply::OffsetOutOfRange { log_end_offset } => format!("OffsetOutOfRange：它的日志结束于 {log_end_offset}"),
    }
}

pub fn truncation_reason(rule: &TruncationRule) -> String {
    match *rule {
        TruncationRule::HighWatermark { hw } => format!("没有 leader epoch 时，新的 follower 截断到自己的高水位 {hw}"),
        TruncationRule::LeaderEndOffset {
            asked: Some(asked),
            end_offset,
        } => format!("leader 说纪元 {asked} 结束于位移 {end_offset}"),
        TruncationRule::LeaderEndOffset {
            asked: None,
            end_offset,
        } => {
            format!("follower 以纪元 -1 询问，同样没有纪元的 leader 回答自己的日志末端 {end_offset}")
        }
        TruncationRule::UndefinedEndOffset { asked, hw } => {
            format!(
                "leader 无法说出{}在哪里结束，于是退回到自己的高水位 {hw}",
                epoch_opt(asked)
            )
        }
        TruncationRule::SameEpoch {
            epoch,
            leader_end,
            follower_end,
            ..
        } => {
            if leader_end < follower_end {
                format!("leader 说纪元 {epoch} 结束于位移 {leader_end}（本地结束于 {follower_end}）")
            } else {
                format!("纪元 {epoch} 在本地结束于位移 {follower_end}，在 leader 上结束于 {leader_end}")
            }
        }
        TruncationRule::FollowerEpochBelow {
            leader_epoch,
            leader_end,
            follower_epoch,
            follower_end,
            ..
        } => format!(
            "leader 说纪元 {leader_epoch} 结束于位移 {leader_end}，但本地没有纪元 {leader_epoch}：\
             本地纪元 {follower_epoch} 结束于 {follower_end}，于是先截断到那里再问一次"
        ),
        TruncationRule::NoFollowerEpochs {
            leader_epoch,
            leader_end,
            ..
        } => {
            format!("leader 说纪元 {leader_epoch} 结束于位移 {leader_end}，本地没有任何纪元可比较")
        }
        TruncationRule::LeaderLogEnd { log_end_offset } => {
            format!("它的拉取位移超过了 leader 的日志末端 {log_end_offset}")
        }
    }
}

pub(crate) fn election_reason(names: &Names, leader: usize, r: &ElectionReason) -> String {
    let l = names.get(leader);
    match r {
        ElectionReason::LeaderFailed => format!("原 leader 故障，{l} 是第一个存活的 ISR 成员"),
        ElectionReason::UncleanAfterFailure => format!("原 leader 故障且没有存活的 ISR 成员，不干净选举选中了 {l}"),
        ElectionReason::CameBack { unclean: false } => format!("分区原本离线，ISR 成员 {l} 恢复了"),
        ElectionReason::CameBack { unclean: true } => format!("分区原本离线，{l} 恢复了，不干净选举允许它成为 leader"),
        ElectionReason::Requested { unclean: false } => "控制器选举了它".into(),
        ElectionReason::Requested { unclean: true } => "控制器以不干净选举选中了它".into(),
        ElectionReason::FollowersCrashed => {
            format!("{l} 仍是 leader：ZooKeeper 控制器每次把崩溃的 follower 移出 ISR 都会写入新的 leader 纪元")
        }
        ElectionReason::FromElr => format!("{l} 从 ELR 中当选：ISR 已经为空"),
        ElectionReason::LastKnownLeader => format!("{l} 作为最后已知的 leader 当选：ISR 和 ELR 中都没有可用的成员"),
    }
}

pub fn releases(p: Protocol) -> &'static str {
    match p {
        Protocol::Hw => "Kafka 0.10",
        Protocol::Kip101 => "Kafka 0.11",
        Protocol::Kip279 => "Kafka 2.1–2.6",
        Protocol::DivergingEpoch => "Kafka 2.8–3.x",
        Protocol::KraftElr => "Kafka 4.1",
    }
}

pub fn protocol_note(p: Protocol) -> &'static str {
    match p {
        Protocol::Hw => {
            "Kafka 0.10，使用 ZooKeeper 控制器：还没有 leader epoch，成为 follower 的副本截断到自己的高水位"
        }
        Protocol::Kip101 => {
            "Kafka 0.11，使用 ZooKeeper 控制器：引入 leader epoch（KIP-101），leader 对 OffsetsForLeaderEpoch \
             只回答结束位移"
        }
        Protocol::Kip279 => {
            "Kafka 2.1 到 2.6，使用 ZooKeeper 控制器：leader 对 OffsetsForLeaderEpoch 回答纪元及其结束位移\
             （KIP-279），follower 在每个新纪元都校验日志（KAFKA-7164）"
        }
        Protocol::DivergingEpoch => {
            "Kafka 2.8 到 3.x，使用 ZooKeeper 控制器：拉取时截断（KAFKA-10554，2.8 开始提供）；\
             每次拉取都带上 follower 的最新纪元，日志分叉时 leader 以 DivergingEpoch 回答"
        }
        Protocol::KraftElr => {
            "Kafka 4.1，使用 KRaft 控制器：拉取时截断与 2.8 相同；ISR 变化不再推进 leader 纪元；\
             有资格的 leader 副本（ELR，KIP-966）与严格的最小 ISR（ISR 少于 min.insync.replicas 时高水位不动）"
        }
    }
}

/// follower 做什么（不含主语）。
fn reaction(names: &Names, leader: usize, r: FollowerNext) -> String {
    let l = names.get(leader);
    match r {
        FollowerNext::KeepFollowing => format!("继续跟随 {l}，不校验日志"),
        FollowerNext::Validate => "要先用 OffsetsForLeaderEpoch 校验日志".into(),
        FollowerNext::FetchChecked => format!("从日志末端拉取，每次拉取都带上自己的最新纪元，由 {l} 检查"),
        FollowerNext::TruncateToHw { hw, from } if hw < from => format!("截断到自己的高水位 {hw}，再拉取"),
        FollowerNext::TruncateToHw { hw, .. } => format!("保留日志（它正好结束于自己的高水位 {hw}），再拉取"),
        FollowerNext::Fetch => "从日志末端拉取".into(),
    }
}

/// 选出 leader 之后它将做什么。
fn future_reaction(r: FollowerNext) -> String {
    match r {
        FollowerNext::Validate => "先用 OffsetsForLeaderEpoch 校验日志".into(),
        FollowerNext::FetchChecked => "从日志末端拉取，每次拉取都带上最新纪元供 leader 检查".into(),
        FollowerNext::TruncateToHw { hw, .. } => format!("截断到自己的高水位 {hw}，再拉取"),
        FollowerNext::KeepFollowing | FollowerNext::Fetch => "从日志末端拉取".into(),
    }
}

pub fn explain(names: &Names, e: &Explain) -> String {
    let n = |b: usize| names.get(b);
    match *e {
        Explain::BumpCause { crashed, isr } => format!(
            "{} 崩溃，控制器把{}移出了 ISR（现在是 {}）",
            list(names, crashed),
            if crashed.len() == 1 { "它" } else { "它们" },
            list(names, isr)
        ),
        Explain::BumpRule { leader, epoch } => format!(
            "ZooKeeper 控制器每次修改 ISR 都会写入新的 leader 纪元（LeaderAndIsr.newLeaderAndIsr）：\
             {} 仍是 leader，进入纪元 {epoch}",
            n(leader)
        ),
        Explain::BumpLeader { leader, epoch, record } => match record {
            EpochRecord::AtOnce { offset } => format!(
                "{} 在纪元 {epoch} 继续担任 leader，并立即把这个纪元记入 leader epoch 缓存，起始于位移 {offset}",
                n(leader)
            ),
            EpochRecord::WithNextWrite => format!(
                "{} 在纪元 {epoch} 继续担任 leader；与 Kafka 0.11 一样，它要等下一次写入才记录这个纪元",
                n(leader)
            ),
            EpochRecord::NoCache => format!(
                "{} 在纪元 {epoch} 继续担任 leader；Kafka 0.11 之前副本没有 leader epoch 缓存",
                n(leader)
            ),
        },
        Explain::BumpFollower {
            follower,
            leader,
            next: r,
        } => {
            let why = if r == FollowerNext::KeepFollowing {
                "Kafka 2.1 之前，同一个 leader 进入新纪元不算变化（KAFKA-7164）"
            } else {
                "从 Kafka 2.1 起，即使 leader 不变，每个新纪元也算变化（KAFKA-7164）"
            };
            format!("{} {}：{why}", n(follower), reaction(names, leader, r))
        }
        Explain::NoFollowerRunning => "没有其他副本在运行，无人看到新纪元".into(),
        Explain::SameLeaderCause { leader, epoch, reason } => match reason {
            ElectionReason::FollowersCrashed => {
                format!(
                    "{} 仍是 leader，进入纪元 {epoch}：控制器把崩溃的 follower 移出了 ISR",
                    n(leader)
                )
            }
            r => format!(
                "{} 再次成为 leader，进入纪元 {epoch}：{}",
                n(leader),
                election_reason(names, leader, r)
            ),
        },
        Explain::SameLeaderRule => "Kafka 2.1 之前，follower 只在 leader 换人时才重新开始：同一个 leader 进入新纪元\
             不算变化（Partition.makeFollower；KAFKA-7164 在 2.1 修复）"
            .into(),
        Explain::KeptFollowingResult { follower, leader } => format!(
            "{} 继续跟随 {}，不校验日志：它的拉取线程和在途响应照常进行",
            n(follower),
            n(leader)
        ),
        Explain::WaitingCause { broker, leo, hw } => {
            format!("{} 从磁盘重启（LEO {leo}，HW {hw}），而分区此时没有 leader", n(broker))
        }
        Explain::WaitingRule => {
            "副本只跟随存活的 leader：选出 leader 之前，它既不截断也不校验（ReplicaManager.makeFollowers）".into()
        }
        Explain::WaitingResult { broker } => format!("{} 保持日志不变，等待 leader", n(broker)),
        Explain::WaitingNext { broker, next: r } => {
            format!("选出 leader 后，{} 将{}", n(broker), future_reaction(r))
        }
        Explain::LeaderFoundCause { leader, epoch, reason } => format!(
            "{} 成为纪元 {epoch} 的 leader：{}",
            n(leader),
            election_reason(names, leader, reason)
        ),
        Explain::LeaderFoundRule { broker, since } => format!(
            "{} 从步骤 {since} 起一直在等待 leader，日志原样未动；现在有了存活的 leader，它才开始跟随\
             （ReplicaManager.makeFollowers）",
            n(broker)
        ),
        Explain::LeaderFoundResult {
            follower,
            leader,
            next: r,
        } => format!(
            "{} 结束等待，跟随 {}，{}",
            n(follower),
            n(leader),
            reaction(names, leader, r)
        ),
        Explain::ElrElectionCause { leader, elr } => {
            if elr.len() <= 1 {
                format!("ISR 为空，{} 在 ELR 中", n(leader))
            } else {
                format!(
                    "ISR 为空；ELR 中有 {}，{} 是其中第一个在运行（未被隔离）的",
                    list(names, elr),
                    n(leader)
                )
            }
        }
        Explain::ElrElectionRule => "ISR 为空时，KRaft 控制器按分配顺序选出第一个未被隔离的 ELR 成员（KIP-966）：\
             ELR 成员是在 ISR 低于 min.insync.replicas 时离开的，那时高水位无法前进，所以它拥有全部已提交的消息"
            .into(),
        Explain::ElrElectionResult {
            leader,
            epoch,
            isr,
            elr,
        } => format!(
            "{} 从 ELR 中当选：ISR 已经为空。它成为纪元 {epoch} 的 leader；ISR 现在是 {}，{}",
            n(leader),
            list(names, isr),
            if elr.is_empty() {
                "ELR 已清空".to_string()
            } else {
                format!("ELR 是 {}", list(names, elr))
            }
        ),
        Explain::LastKnownLeaderCause { leader } => {
            format!("ISR 和 ELR 都为空；ISR 变空时 {} 是 leader", n(leader))
        }
        Explain::LastKnownLeaderRule => "没有 ISR 或 ELR 成员时，KRaft 控制器等待最后已知的 leader，它一恢复就选它\
             （KIP-966）：它最后担任 leader，拥有自己提交过的消息，除非崩溃时丢了未刷盘的消息"
            .into(),
        Explain::LastKnownLeaderResult { leader, epoch } => format!(
            "{} 作为最后已知的 leader 当选：ISR 和 ELR 中都没有可用的成员。它成为纪元 {epoch} 的 leader，ISR 只有 {}",
            n(leader),
            n(leader)
        ),
        Explain::UncleanCause {
            leader,
            previous,
            reason,
            kraft,
        } => {
            let members = if kraft {
                "ISR 成员或 ELR 成员"
            } else {
                "ISR 成员"
            };
            match (reason, previous) {
                (ElectionReason::UncleanAfterFailure, Some(p)) => {
                    format!("leader {} 停止了，没有在运行的 {members}可以接替", n(p))
                }
                (ElectionReason::UncleanAfterFailure, None) => {
                    format!("leader 停止了，没有在运行的 {members}可以接替")
                }
                (ElectionReason::CameBack { .. }, _) => {
                    format!("分区原本离线，没有在运行的 {members}，{} 恢复了", n(leader))
                }
                (ElectionReason::Requested { .. }, _) => {
                    format!("有人要求对 {} 进行不干净选举（elect {} unclean）", n(leader), n(leader))
                }
                (r, _) => election_reason(names, leader, r),
            }
        }
        Explain::UncleanRule { requested, kraft } => format!(
            "{}，以持久性换取可用性；ISR 只剩这个 broker{}",
            if requested {
                "不干净选举让指定的 broker 成为 leader，即使它不在 ISR 中"
            } else {
                "unclean.leader.election.enable 为 true：控制器可以选 ISR 之外的 broker"
            },
            if kraft {
                "，ELR 和最后已知的 leader 被清空"
            } else {
                ""
            }
        ),
        Explain::UncleanResult {
            leader,
            epoch,
            lost,
            from,
        } => match (lost, from) {
            ([], _) | (_, None) => format!(
                "{} 成为纪元 {epoch} 的 leader；它的日志包含目前所有已提交的消息，所以这一次没有丢失已提交的写入",
                n(leader)
            ),
            (lost, Some(from)) => format!(
                "{} 成为纪元 {epoch} 的 leader，但它没有已提交的 {}（从位移 {from} 起）：{}丢失了",
                n(leader),
                lost.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("、"),
                if lost.len() == 1 {
                    "这条消息"
                } else {
                    "这些消息"
                }
            ),
        },
        Explain::OfflineCause { previous, shut_down } => format!(
            "leader {} {}",
            n(previous),
            if shut_down { "受控关闭了" } else { "崩溃了" }
        ),
        Explain::OfflineRule => "没有可以当选的副本在运行：分区离线，而在 KRaft 下这也是一个新的 leader 纪元\
             （leader 的每次变化，包括变成没有 leader，都会写入新纪元：PartitionRegistration.merge）"
            .into(),
        Explain::OfflineResult {
            epoch,
            isr,
            elr,
            last_known_leader,
        } => format!(
            "纪元 {epoch} 没有 leader；ISR：{}，ELR：{}，最后已知的 leader：{}",
            list(names, isr),
            list(names, elr),
            last_known_leader.map_or("无", n)
        ),
        Explain::OfflineNext {
            able,
            unable,
            has_elr,
            unclean,
        } => {
            let or = |set: replab_core::BrokerSet| set.iter().map(n).collect::<Vec<_>>().join(" 或 ");
            let mut s = match (able.is_empty(), unable.is_empty()) {
                (true, _) => "现在重启任何一个 broker 都不能让分区重新有 leader".to_string(),
                (false, true) => format!("现在重启 {} 就能让分区重新有 leader", or(able)),
                (false, false) => format!(
                    "现在重启 {} 就能让分区重新有 leader，重启 {} 则不能",
                    or(able),
                    or(unable)
                ),
            };
            s += if has_elr {
                "。一般来说，有资格当选的 broker 重启后分区才重新有 leader：ISR 成员；ISR 为空时，干净关闭的 ELR 成员\
                 （崩溃过的成员以非干净方式重启，会离开 ELR）；两者都为空时，最后已知的 leader"
            } else {
                "。一般来说，有 ISR 成员重启后分区才重新有 leader"
            };
            if unclean {
                s += "；开启 unclean.leader.election.enable 时，任何重启的 broker 都可以";
            }
            s
        }
        Explain::HwHeldCause { isr, min_isr } => format!(
            "ISR 是 {}：{} 个成员，少于 min.insync.replicas = {min_isr}",
            list(names, isr),
            isr.len()
        ),
        Explain::HwHeldRule => "严格最小 ISR（Kafka 3.7+，KAFKA-15583）：ISR 成员少于 min.insync.replicas 时，\
             leader 不推进高水位，因此没有消息会在更少的副本上算作已提交；其间 acks=all 的写入被拒绝"
            .into(),
        Explain::HwHeldResult {
            leader,
            hw,
            leo,
            isr,
            min_isr,
        } => {
            let held = format!("高水位停在 {hw}：ISR 只有 {isr} 个成员，min.insync.replicas 是 {min_isr}");
            if leo > hw + 1 {
                format!(
                    "{held}；在 ISR 恢复之前，{} 位移 {hw} 到 {} 的消息都不算提交",
                    n(leader),
                    leo - 1
                )
            } else if leo == hw + 1 {
                format!("{held}；在 ISR 恢复之前，{} 位移 {hw} 的消息不算提交", n(leader))
            } else {
                held
            }
        }
        Explain::ParkedCause {
            follower,
            leader,
            offset,
        } => format!(
            "{} 从位移 {offset} 拉取，这正是 {} 的日志末端：还没有可以发给它的消息",
            n(follower),
            n(leader)
        ),
        Explain::ParkedRule => "找不到消息的拉取不会立即得到回答：leader 把它留在手里（DelayedFetch），直到有新的追加或 \
             replica.fetch.wait.max.ms 到期。leader 已经记下这次的拉取位移，它照样计入 ISR 与高水位的判断"
            .into(),
        Explain::ParkedResult { follower, leader } => {
            format!("{} 的拉取在 {} 处等待：还没有响应在路上", n(follower), n(leader))
        }
        Explain::ParkedNext { follower, leader } => format!(
            "{} 在下一次追加时回答它，带上新消息和当时的高水位；deliver {} 则立即结束等待，不带消息",
            n(leader),
            n(follower)
        ),
        Explain::HeldByReplicaCause {
            leader,
            replica,
            replica_leo,
            until_ms,
            lag_ms,
        } => format!(
            "{} 不在 ISR 中，但在 replica.lag.time.max.ms（{} ms）之内追上过 {}：它的日志末端 {replica_leo} \
             在 {} ms 之前计入高水位",
            n(replica),
            crate::thousands(lag_ms),
            n(leader),
            crate::thousands(until_ms)
        ),
        Explain::HeldByReplicaRule => "leader 的高水位取 ISR 与所有在 replica.lag.time.max.ms 之内追上过的副本中\
             最小的日志末端：这样正在追赶的 follower 能够到达高水位、重新加入 ISR，而不是一直追不上\
             （Partition.maybeIncrementLeaderHW，KAFKA-4485）"
            .into(),
        Explain::HeldByReplicaResult {
            leader,
            hw,
            would_be,
            replica,
            until_ms,
        } => format!(
            "{} 的高水位停在 {hw} 而不是 {would_be}，直到 {} 的日志末端超过 {hw}，或时钟走过 {} ms",
            n(leader),
            n(replica),
            crate::thousands(until_ms)
        ),
        Explain::AfterAppendCause {
            leader,
            values,
            isr,
            min_isr,
        } => format!(
            "{} 的高水位越过了 {}，而 ISR 是 {}：{} 个成员，少于 min.insync.replicas = {min_isr}",
            n(leader),
            values.join("、"),
            list(names, isr),
            isr.len()
        ),
        Explain::AfterAppendRule => "acks=all 的写入在高水位越过它时得到回答；如果那时 ISR 少于 min.insync.replicas，\
             回答就是错误 NOT_ENOUGH_REPLICAS_AFTER_APPEND，尽管消息已经写入并且已提交\
             （Partition.checkEnoughReplicasReachOffset）"
            .into(),
        Explain::AfterAppendResult { values } => {
            let v = values.join("、");
            format!("{v} 的生产者收到 NOT_ENOUGH_REPLICAS_AFTER_APPEND，但 {v} 仍留在日志中，算作已提交")
        }
        Explain::HaltedCause {
            broker,
            leader,
            fetch_offset,
            leader_log_end,
        } => format!(
            "{} 从位移 {fetch_offset} 拉取，超过了 {} 的日志末端 {leader_log_end}（OffsetOutOfRange）",
            n(broker),
            leader.map_or("leader", n)
        ),
        Explain::HaltedRule => "在 Kafka 0.10 和 0.11 中，unclean.leader.election.enable 关闭时，follower 不能截掉\
             可能已提交的消息：拉取线程触发 FatalExitError，broker 进程退出（ReplicaFetcherThread.handleOffsetOutOfRange）"
            .into(),
        Explain::HaltedResult { broker, leo } => format!(
            "{} 停机，整份日志都在（LEO {leo}）；控制器像对待崩溃一样看到它离开，在重启之前它一直停着",
            n(broker)
        ),
        Explain::BounceCause { broker, broker_epoch } => match broker_epoch {
            Some(e) => format!("{} 崩溃后立即重启，broker 纪元变为 {e}", n(broker)),
            None => format!("{} 崩溃后立即重启", n(broker)),
        },
        Explain::BounceRule { kraft: false } => "从 Kafka 2.2 起，ZooKeeper 控制器知道每个 broker 的注册纪元\
             （KIP-380）：带着新纪元回来的 broker 就是重启过，不论多快，所以快速重启按一次崩溃加一次重启处理"
            .into(),
        Explain::BounceRule { kraft: true } => {
            "KRaft 控制器把每次重启都看作新的 broker 纪元：快速重启按一次崩溃加一次重启处理".into()
        }
        Explain::BounceResult { broker, isr } => match isr {
            Some(isr) => format!(
                "{} 先按崩溃处理：离开 ISR（现在是 {}）；再按重启处理，重新跟随 leader",
                n(broker),
                list(names, isr)
            ),
            None => format!("{} 先按崩溃处理，再按重启处理：重新跟随 leader", n(broker)),
        },
        Explain::NotNeededCause { broker, epoch } => {
            format!("elect {}：{} 已经是 leader，处于纪元 {epoch}", n(broker), n(broker))
        }
        Explain::NotNeededRule => "选举已经是 leader 的副本不会改变任何东西：控制器不写入新的 leader 纪元\
             （从 Kafka 2.4 起回答 ELECTION_NOT_NEEDED，KIP-460）"
            .into(),
        Explain::NotNeededResult { broker, epoch } => {
            format!("{} 仍是纪元 {epoch} 的 leader；各 follower 照常进行", n(broker))
        }
        Explain::SameQuestion { broker, leader_epoch } => format!(
            "这次截断没有删掉任何消息，Kafka 2.1 于是让 leader epoch 缓存保持原样（Log.truncateTo 在日志末端什么也不做）：\
             {} 再次发送 {}，得到同样的回答，永远不会开始拉取（KAFKA-10706）",
            n(broker),
            request(&Request::OffsetsForLeaderEpoch { leader_epoch })
        ),
    }
}

pub fn violation_detail(_names: &Names, v: &Violation) -> String {
    match v {
        Violation::CommittedWriteLost { offset, value, .. } => format!("位移 {offset} 上的 {value}"),
        Violation::ReplicasDiverged {
            offset,
            leader_record,
            follower_record,
            ..
        } => {
            format!("位移 {offset} 上的 {} 与 {}", follower_record.1, leader_record.1)
        }
    }
}

pub fn event(names: &Names, e: &Event) -> String {
    let n = |b: usize| names.get(b);
    match e {
        Event::Appended {
            leader,
            offset,
            epoch,
            value,
            acks,
        } => {
            format!(
                "{} 在纪元 {epoch} 把 {value} 追加到位移 {offset}（acks={}）",
                n(*leader),
                acks.name()
            )
        }
        Event::ProduceRefused { value, reason } => match reason {
            ProduceRefusal::NoLeader => format!("写入 {value} 失败：分区没有 leader"),
            ProduceRefusal::NotEnoughReplicas { isr, min_isr } => format!(
                "写入 {value} 被拒绝（NotEnoughReplicas）：ISR 只有 {isr} 个副本，min.insync.replicas 是 {min_isr}"
            ),
        },
        Event::Acked { value, offset } => format!("{value}（位移 {offset}）已向生产者确认"),
        Event::AckFailed { value, offset, reason } => match reason {
            AckFailure::LeadershipMoved => {
                format!("{value}（位移 {offset}）的生产者收到错误：提交之前 leader 已经换了")
            }
            AckFailure::NotEnoughReplicasAfterAppend { isr, min_isr } => format!(
                "{value}（位移 {offset}）的生产者收到 NOT_ENOUGH_REPLICAS_AFTER_APPEND：{value} 已提交，\
                 但 ISR 只有 {isr} 个副本，min.insync.replicas 是 {min_isr}；它仍留在日志中"
            ),
        },
        Event::RequestSent {
            follower,
            leader,
            request: r,
        } => format!("{} 向 {} 发送 {}", n(*follower), n(*leader), request(r)),
        Event::NoLeaderToFetchFrom { follower } => format!("{} 没有可以拉取的 leader", n(*follower)),
        Event::RequestAnswered {
            follower,
            leader,
            reply: r,
        } => format!("{} 回复 {}：{}", n(*leader), n(*follower), reply(r)),
        Event::FetchParked {
            follower,
            leader,
            offset,
        } => format!(
            "{} 的拉取在 {} 处等待新消息（位移 {offset}）：{} 把它留在手里，直到下一次追加或等待结束（DelayedFetch）",
            n(*follower),
            n(*leader),
            n(*leader)
        ),
        Event::ParkedFetchLost {
            follower,
            offset,
            reason,
        } => {
            let f = n(*follower);
            let what = format!("{f} 在 leader 处等待的拉取（位移 {offset}）");
            match reason {
                LossReason::Fenced { epoch } => {
                    format!("{what}没有得到回答就结束了：等待期间纪元 {epoch} 开始了（被隔离）")
                }
                LossReason::FollowerCrashed => format!("{what}没有了：{f} 崩溃了"),
                LossReason::LeaderCrashed => format!("{what}随崩溃的 leader 一起丢失"),
                LossReason::Dropped => format!("{what}被丢弃"),
            }
        }
        Event::ResponseDelivered { follower, .. } => format!("响应到达 {}", n(*follower)),
        Event::ResponseLost { follower, reason, .. } => match reason {
            LossReason::Fenced { epoch } => format!(
                "发往 {} 的响应被丢弃：它在途中时纪元 {epoch} 开始了（被隔离）",
                n(*follower)
            ),
            LossReason::FollowerCrashed => format!("发往 {} 的响应丢失：{} 崩溃了", n(*follower), n(*follower)),
            LossReason::LeaderCrashed => format!("发往 {} 的响应随崩溃的 leader 一起丢失", n(*follower)),
            LossReason::Dropped => format!("发往 {} 的响应在途中丢失", n(*follower)),
        },
        Event::Replicated { follower, from, to } => {
            format!(
                "{} 追加了 {} 条消息（位移 {from} 到 {}）",
                n(*follower),
                crate::thousands(to - from),
                to - 1
            )
        }
        Event::HighWatermarkChanged { broker, from, to } => format!("{} 的高水位从 {from} 变为 {to}", n(*broker)),
        Event::Truncation {
            broker, from, to, rule, ..
        } => {
            let why = truncation_reason(rule);
            if to < from {
                format!("{} 把日志从 {from} 截断到 {to}：{why}", n(*broker))
            } else {
                format!("{} 保留日志（LEO {from}）：{why}", n(*broker))
            }
        }
        Event::EpochAssigned {
            broker,
            epoch,
            start_offset,
        } => {
            format!(
                "{} 的 leader epoch 缓存：纪元 {epoch} 起始于位移 {start_offset}",
                n(*broker)
            )
        }
        Event::AsksAgainUnchanged { broker, leader_epoch } => format!(
            "{} 的截断没有删掉任何消息，leader epoch 缓存原样不变：它会再次发送 {}，问同一个问题（KAFKA-10706）",
            n(*broker),
            request(&Request::OffsetsForLeaderEpoch {
                leader_epoch: *leader_epoch
            })
        ),
        Event::HighWatermarkHeldByReplica {
            broker,
            hw,
            would_be,
            replica,
            replica_leo,
            until_ms,
        } => format!(
            "{} 的高水位本可推进到 {would_be}，却停在 {hw}：{} 不在 ISR 中，但最近追上过，它的日志末端 {replica_leo} \
             在 {} ms 之前仍然计入（replica.lag.time.max.ms；KAFKA-4485）",
            n(*broker),
            n(*replica),
            crate::thousands(*until_ms)
        ),
        Event::Crashed {
            broker,
            lost_from,
            lost,
            noticed,
        } => {
            let what = if *noticed {
                format!("{} 崩溃", n(*broker))
            } else {
                format!("{} 快速重启：崩溃后在控制器察觉之前就恢复了", n(*broker))
            };
            match lost_from {
                Some(end) => format!("{what}，丢失了 {lost} 条未刷盘的消息（日志现在结束于 {end}）"),
                None => what,
            }
        }
        Event::Restarted {
            broker,
            leo,
            hw,
            latest_epoch,
            broker_epoch,
            clean,
        } => format!(
            "{} {}从磁盘重启：LEO {leo}，HW {hw}，{}，broker 纪元 {broker_epoch}",
            n(*broker),
            if *clean { "干净地" } else { "" },
            latest_epoch.map_or("没有 leader epoch".into(), |e| format!("最新纪元 {e}"))
        ),
        Event::ShutDown { broker } => format!("{} 受控关闭：刷盘、交出 leader 身份并离开 ISR", n(*broker)),
        Event::Halted {
            broker,
            fetch_offset,
            leader_log_end,
        } => format!(
            "{} 自行停机：它从位移 {fetch_offset} 拉取，超过了 leader 的日志末端 {leader_log_end}；可能已提交的消息不能截掉，\
             于是拉取线程触发 FatalExitError，broker 进程退出，整份日志原样保留",
            n(*broker)
        ),
        Event::BounceNoticed { broker } => format!(
            "控制器看到 {} 带着新的 broker 纪元回来：这次快速重启按一次崩溃加一次重启处理",
            n(*broker)
        ),
        Event::ElectionNotNeeded { broker, epoch } => {
            format!("无需选举：{} 已经是 leader（纪元 {epoch}），不产生新纪元", n(*broker))
        }
        Event::ElrChanged { elr, last_known_leader } => format!(
            "ELR 现在是 {}；最后已知的 leader：{}",
            list(names, *elr),
            last_known_leader.map_or("无".to_string(), |b| n(b).to_string())
        ),
        Event::HighWatermarkHeld {
            broker,
            hw,
            isr,
            min_isr,
        } => format!(
            "{} 的高水位停在 {hw}：ISR 只有 {isr} 个成员，少于 min.insync.replicas {min_isr}（严格最小 ISR，Kafka 3.7+）",
            n(*broker)
        ),
        Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason: ElectionReason::FollowersCrashed,
            ..
        } => format!(
            "{} 仍是 leader，进入纪元 {epoch}（ISR：{}）：ZooKeeper 控制器每次把崩溃的 follower 移出 ISR 都会写入新的 leader 纪元",
            n(*leader),
            list(names, *isr)
        ),
        Event::LeaderElected {
            leader,
            epoch,
            isr,
            reason,
            ..
        } => format!(
            "{} 成为纪元 {epoch} 的 leader（ISR：{}）：{}",
            n(*leader),
            list(names, *isr),
            election_reason(names, *leader, reason)
        ),
        Event::PartitionOffline { epoch, .. } => format!("分区在纪元 {epoch} 离线：没有副本可以成为 leader"),
        Event::BecameFollower { broker, leader, next } => match (leader, next) {
            (None, _) => {
                format!("{} 保持日志不变并等待：分区现在没有可以跟随的 leader", n(*broker))
            }
            (Some(l), FollowerNext::Validate) => {
                format!(
                    "{} 跟随 {}，要先用 OffsetsForLeaderEpoch 校验自己的日志",
                    n(*broker),
                    n(*l)
                )
            }
            (Some(l), _) => format!("{} 跟随 {}，从日志末端开始拉取", n(*broker), n(*l)),
        },
        Event::KeptFollowing { broker, leader, epoch } => format!(
            "{} 在纪元 {epoch} 继续跟随 {}，不校验日志：Kafka 2.1 之前，同一个 leader 进入新纪元不算变化（KAFKA-7164）",
            n(*broker),
            n(*leader)
        ),
        Event::EpochsTrimmed {
            broker,
            log_end_offset,
            removed,
        } => format!(
            "日志恢复把 {} 的 leader epoch 检查点截到日志末端 {log_end_offset}：删去 {removed} 个从该位置或之后开始的条目",
            n(*broker)
        ),
        Event::IsrShrunk { broker, isr, reason } => match reason {
            ShrinkReason::Crashed => format!("{} 离开 ISR（现在是 {}）：它崩溃了", n(*broker), list(names, *isr)),
            ShrinkReason::ShutDown => format!("{} 离开 ISR（现在是 {}）：它已关闭", n(*broker), list(names, *isr)),
            ShrinkReason::UncleanRestart => format!(
                "{} 离开 ISR（现在是 {}）：它不是干净关闭后重启的，控制器不能信任它的日志末端",
                n(*broker),
                list(names, *isr)
            ),
            ShrinkReason::Lagged {
                since_ms,
                checked_at_ms,
            } => format!(
                "{} 离开 ISR（现在是 {}）：{} ms 时 leader 检查落后的 follower，{}",
                n(*broker),
                list(names, *isr),
                crate::thousands(*checked_at_ms),
                match since_ms {
                    Some(t) => format!(
                        "它从 {} ms 起一直没有追上，超过了 replica.lag.time.max.ms",
                        crate::thousands(*t)
                    ),
                    None => "它从未追上过这个 leader".into(),
                }
            ),
        },
        Event::IsrExpanded { broker, isr } => format!("{} 重新加入 ISR（现在是 {}）", n(*broker), list(names, *isr)),
        Event::ClockAdvanced { now_ms } => format!("时钟走到 {now_ms} ms"),
        Event::ConfigChanged { setting } => format!("{} 现在是 {}", setting.key(), setting.value_text()),
        Event::ViolationFound { violation } => match violation {
            Violation::CommittedWriteLost { .. } => {
                format!("安全检查：已提交的写入丢失：{}", violation_sentence(names, violation))
            }
            Violation::ReplicasDiverged { .. } => {
                format!("安全检查：副本不一致：{}", violation_sentence(names, violation))
            }
        },
    }
}

pub fn command_error(names: &Names, e: &CommandError) -> String {
    let n = |b: usize| names.get(b);
    match e {
        CommandError::NoSuchBroker { broker } => format!("没有第 {broker} 号 broker"),
        CommandError::BrokerDown { broker } => format!("broker '{}' 已宕机", n(*broker)),
        CommandError::BrokerAlreadyUp { broker } => format!("broker '{}' 已经在运行", n(*broker)),
        CommandError::IsLeader { broker } => format!("broker '{}' 是 leader", n(*broker)),
        CommandError::AlreadyInFlight { follower } => format!("broker '{}' 已有一个在途响应（先送达它）", n(*follower)),
        CommandError::NothingInFlight { follower } => format!("broker '{}' 没有在途响应", n(*follower)),
        CommandError::NotInIsr { broker } => format!("broker '{}' 不在 ISR 中（加上 'unclean' 才能选它）", n(*broker)),
        CommandError::DuplicateTarget { broker } => format!("broker '{}' 被列了两次", n(*broker)),
        CommandError::NoTargets => "没有指定 broker".into(),
        CommandError::NotEligible { broker } => format!(
            "broker '{}' 不能成为 leader：它必须是未被隔离的 ISR 成员，或在 ISR 为空时是 ELR 成员",
            n(*broker)
        ),
        CommandError::HasLeader => "不干净选举只对没有 leader 的分区生效".into(),
    }
}

pub fn script_error(names: &Names, k: &ScriptErrorKind) -> String {
    match k {
        ScriptErrorKind::UnknownVerb { verb } => format!("未知语句 '{verb}'"),
        ScriptErrorKind::UnknownBroker { id } => format!("未知 broker '{id}'"),
        ScriptErrorKind::BadBrokerId { id } => {
            format!("'{id}' 不是合法的 broker id（字母开头，之后是字母、数字、'_' 或 '-'）")
        }
        ScriptErrorKind::DuplicateBroker { id } => format!("broker '{id}' 被列了两次"),
        ScriptErrorKind::BrokerCount { count } => format!("一个分区有 1 到 7 个 broker，而不是 {count} 个"),
        ScriptErrorKind::DuplicateHeader { verb } => format!("'{verb}' 出现了两次"),
        ScriptErrorKind::HeaderAfterAction { verb } => format!("'{verb}' 属于头部，必须写在第一个动作之前"),
        ScriptErrorKind::MissingBrokers => "第一个动作之前没有 'brokers' 行".into(),
        ScriptErrorKind::UnknownProtocol { name } => {
            format!("未知协议 '{name}'（hw、kip-101、kip-279、diverging-epoch 或 kraft-elr）")
        }
        ScriptErrorKind::UnknownSetting { key } => format!(
            "未知配置 '{key}'（min.insync.replicas、unclean.leader.election.enable、replica.lag.time.max.ms、acks、eligible.leader.replicas.version）"
        ),
        ScriptErrorKind::BadSettingValue { key, value } => format!("'{value}' 不是 {key} 的合法取值"),
        ScriptErrorKind::BadSetSyntax { text } => format!("'{text}' 应写成 key=value"),
        ScriptErrorKind::MissingArgument { verb, what } => format!("'{verb}' 缺少参数：{what}"),
        ScriptErrorKind::UnexpectedArgument { verb, arg } => format!("'{verb}' 后面多了 '{arg}'"),
        ScriptErrorKind::BadValue { value } => {
            format!("'{value}' 不是合法的消息值（字母、数字、'_'、'.'、':' 或 '-'）")
        }
        ScriptErrorKind::BadNumber { what, text } => format!("'{text}' 不是合法的 {what}"),
        ScriptErrorKind::BadAcks { text } => format!("acks 只能是 0、1 或 all，而不是 '{text}'"),
        ScriptErrorKind::BadCrashTarget { text } => format!("'{text}' 应写成 broker 或 broker@位移"),
        ScriptErrorKind::UnknownExpectation { what } => {
            format!("未知的期望 '{what}'（broker 后面应是 log、hw、leo 或 epochs）")
        }
        ScriptErrorKind::UnknownViolationKind { kind } => {
            format!("未知的违规类型 '{kind}'（committed-write-lost 或 replicas-diverged）")
        }
        ScriptErrorKind::EmptyTitle => "'title' 需要文字".into(),
        ScriptErrorKind::TextTooLong { bytes, limit } => {
            let (m, n) = (crate::mebibytes(*bytes), crate::mebibytes(*limit));
            let (b, l) = (crate::thousands(*bytes as u64), crate::thousands(*limit as u64));
            format!("场景文本有 {m}（{b} 字节），最多只能载入 {n}（{l} 字节）")
        }
        ScriptErrorKind::TooManySteps { steps, limit } => {
            let (s, l) = (crate::thousands(*steps as u64), crate::thousands(*limit as u64));
            format!("场景有 {s} 步，最多只能载入 {l} 步")
        }
        ScriptErrorKind::Command { error } => command_error(names, error),
    }
}

pub fn found(names: &Names, f: &Found) -> String {
    match f {
        Found::Values(v) if v.is_empty() => "空".into(),
        Found::Values(v) => v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "),
        Found::Number(x) => x.to_string(),
        Found::Epochs(e) if e.is_empty() => "没有纪元".into(),
        Found::Epochs(e) => e.iter().map(|(e, o)| format!("{e}:{o}")).collect::<Vec<_>>().join(" "),
        Found::Leader(l) => l.map_or("无".into(), |b| names.get(b).to_string()),
        Found::Brokers(s) => list(names, *s),
        Found::Violations(v) if v.is_empty() => "没有违规".into(),
        Found::Violations(v) => v.iter().map(|k| k.name()).collect::<Vec<_>>().join(" "),
    }
}

pub fn violation_sentence(names: &Names, violation: &Violation) -> String {
    let n = |b: usize| names.get(b);
    match violation {
        Violation::CommittedWriteLost {
            leader,
            offset,
            epoch,
            value,
            now,
        } => format!(
            "{value}（纪元 {epoch}）不再位于 leader {} 日志的位移 {offset}{}",
            n(*leader),
            now.as_ref()
                .map_or(String::new(), |(e, v)| format!("，那里现在是 {v}（纪元 {e}）"))
        ),
        Violation::ReplicasDiverged {
            leader,
            follower,
            offset,
            leader_record,
            follower_record,
        } => format!(
            "在已提交的位移 {offset}，{} 存的是 {}（纪元 {}），而 leader {} 存的是 {}（纪元 {}）",
            n(*follower),
            follower_record.1,
            follower_record.0,
            n(*leader),
            leader_record.1,
            leader_record.0
        ),
    }
}

pub fn link_error(
    e: &super::LinkProblem,
    script: impl Fn(&replab_core::scenario::ScriptError, &[String]) -> String,
) -> String {
    use super::LinkProblem as P;
    use replab_share::LinkError as L;
    match e {
        P::Link(L::NotALink) => "这不是分享链接（应以 v1. 或 v2. 开头）".into(),
        P::Link(L::UnknownVersion { version }) => format!(
            "这个链接是 {version} 版本，本页面无法读取（只能读取 v1 到 v{}）",
            replab_share::VERSION
        ),
        P::Link(L::BadEncoding) => "链接已损坏：数据不是合法的 base64url".into(),
        P::Link(L::Corrupted) => "链接被截断或已损坏：数据无法解压".into(),
        P::Link(L::TooLarge) => "链接解压后超过 1 MiB".into(),
        P::Link(L::MissingField { field }) => format!("链接缺少 {field}"),
        P::Link(L::BadField { field, value }) => format!("链接中的 {field} '{value}' 不合法"),
        P::Link(L::UnknownField { field }) => format!("链接中有未知字段 '{field}'"),
        P::StepOutOfRange { step, len } => format!("链接要求第 {step} 步，但它的场景只有 {len} 步"),
        P::Script { error, names } => format!("链接中的场景无法加载：{}", script(error, names)),
    }
}

pub(crate) fn shown(names: &Names, s: &super::Shown) -> String {
    use super::Shown;
    let values = |v: &[replab_core::Value]| if v.is_empty() { "无".to_string() } else { v.join(" ") };
    match s {
        Shown::Broker(b) => b.map_or("无".into(), |b| names.get(b).to_string()),
        Shown::Number(n) => n.to_string(),
        Shown::Brokers(set) => list(names, *set),
        Shown::Up(up) => if *up { "运行中" } else { "宕机" }.into(),
        Shown::Log(records) if records.is_empty() => "空".into(),
        Shown::Log(records) => records
            .iter()
            .map(|(v, e)| e.map_or(v.to_string(), |e| format!("{v}（纪元 {e}）")))
            .collect::<Vec<_>>()
            .join(" "),
        Shown::Values(v) => values(v),
        Shown::Fired(fired) => if *fired { "已触发" } else { "未触发" }.into(),
    }
}

pub fn difference(
    names: &Names,
    d: &replab_core::compare::Difference,
    sides: &[(Protocol, super::Shown); 2],
) -> String {
    use replab_core::compare::Difference as D;
    use replab_core::ViolationKind;
    let n = |b: usize| names.get(b);
    let what = match d {
        D::Leader => "leader".to_string(),
        D::LeaderEpoch => "leader 纪元".into(),
        D::Isr => "ISR".into(),
        D::Elr => "ELR".into(),
        D::Alive { broker } => format!("broker {}", n(*broker)),
        D::Log { broker } => format!("{} 的日志", n(*broker)),
        D::Hw { broker } => format!("{} 的 HW", n(*broker)),
        D::Acked => "已向生产者确认的消息".into(),
        D::Violation {
            kind: ViolationKind::CommittedWriteLost,
        } => "安全检查「已提交的写入丢失」".into(),
        D::Violation {
            kind: ViolationKind::ReplicasDiverged,
        } => "安全检查「副本不一致」".into(),
    };
    let [(pa, a), (pb, b)] = sides;
    format!(
        "{what}：{} 下为 {}，{} 下为 {}",
        pa.name(),
        shown(names, a),
        pb.name(),
        shown(names, b)
    )
}

pub fn checker_outcome(o: &super::CheckerOutcome) -> String {
    use super::{thousands, CheckerOutcome as O};
    use replab_core::ViolationKind;
    match *o {
        O::Violation {
            protocol,
            kind,
            steps,
            states,
        } => {
            let what = match kind {
                ViolationKind::CommittedWriteLost => "一条已提交的消息丢失了",
                ViolationKind::ReplicasDiverged => "两个副本在同一位移上的消息不一样了",
            };
            format!(
                "{}：{steps} 步（探索了 {} 个状态）。在 {} 下，这 {steps} 步之后{what}，而且没有更短的历史会触发安全检查。",
                kind.name(),
                thousands(states),
                protocol.name()
            )
        }
        O::NoViolation {
            protocol,
            states,
            depth,
        } => format!(
            "在这些边界内没有违规：在 {} 下，没有任何不超过 {depth} 步的历史会触发安全检查（探索了 {} 个状态）。\
             超出边界（更多写入、更多故障、更高的纪元、其他种类的步骤）仍可能存在问题。",
            protocol.name(),
            thousands(states)
        ),
        O::StateLimit {
            protocol, depth, limit, ..
        } => format!(
            "已在 {} 个状态的上限处停止：在 {} 下，不超过 {depth} 步的历史都不会触发安全检查，\
             但更长的历史没有全部试过。降低某个边界即可完整搜索。",
            thousands(limit),
            protocol.name()
        ),
        O::ReplayFailed { at_step } => format!("找到的历史在第 {at_step} 步无法重放：这是模型或检查器的 bug。"),
    }
}

pub fn checker_progress(states: u32, depth: u32, cancelled: bool) -> String {
    let states = super::thousands(states);
    match (cancelled, depth) {
        (true, 0) => "已取消：检查器还没有尝试任何历史。".into(),
        (true, _) => {
            format!(
                "已取消：探索了 {states} 个状态，不超过 {depth} 步的历史都不会触发安全检查；更长的历史没有全部试过。"
            )
        }
        (false, 0) => format!("正在探索：已有 {states} 个状态…"),
        (false, _) => format!(
            "正在探索：已有 {states} 个状态。不超过 {depth} 步的历史都不会触发安全检查；正在尝试 {} 步…",
            depth + 1
        ),
    }
}

pub fn checker_setup(protocol: &str, brokers: &str, leader: &str, settings: &[String]) -> String {
    let settings = if settings.is_empty() {
        "默认配置".to_string()
    } else {
        format!("配置 {}", settings.join("，"))
    };
    format!("{protocol} · broker {brokers} · leader {leader} · {settings}")
}

pub fn checker_limit(limit: u32) -> String {
    format!(
        "最多探索 {} 个状态，以免耗尽手机浏览器标签页的内存。",
        super::thousands(limit)
    )
}
