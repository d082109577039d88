//! What a lane shows of the KRaft controller's view of one broker: membership of
//! the ELR, the last known leader, fencing, its broker epoch, and how it last
//! stopped or restarted. Shared by the lanes and the SVG figure. Nothing under
//! the ZooKeeper controller, which keeps none of it (and no ELR with
//! eligible.leader.replicas.version=0).

use replab_core::protocol::ControllerKind;
use replab_core::Cluster;
use replab_narrate::{label, Label, Lang};

/// How a broker last stopped or restarted, as far as KRaft cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CleanMark {
    /// Down after `shutdown`: its next restart is clean.
    ShutDownCleanly,
    /// Up, and its last restart followed a clean shutdown.
    RestartedClean,
    /// Up, and its last restart followed a crash.
    RestartedUnclean,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Badge {
    Elr,
    LastKnownLeader,
    Fenced,
    BrokerEpoch(u32),
    Clean(CleanMark),
}

impl Badge {
    /// The start of its `data-testid` (`elr-B`, `lkl-A`, `fenced-C`,
    /// `broker-epoch-B`, `clean-B`).
    pub fn testid(self, broker: &str) -> String {
        let kind = match self {
            Badge::Elr => "elr",
            Badge::LastKnownLeader => "lkl",
            Badge::Fenced => "fenced",
            Badge::BrokerEpoch(_) => "broker-epoch",
            Badge::Clean(_) => "clean",
        };
        format!("{kind}-{broker}")
    }

    /// Its CSS classes: a state pill, or a quiet fact.
    pub fn class(self) -> &'static str {
        match self {
            Badge::Elr => "badge elr",
            Badge::LastKnownLeader => "badge lkl",
            Badge::Fenced => "badge fenced",
            Badge::BrokerEpoch(_) => "fact broker-epoch",
            Badge::Clean(CleanMark::RestartedUnclean) => "fact restart unclean",
            Badge::Clean(_) => "fact restart clean",
        }
    }

    /// Whether it is a state pill (drawn beside the ISR badge) rather than a fact.
    pub fn is_pill(self) -> bool {
        matches!(self, Badge::Elr | Badge::LastKnownLeader | Badge::Fenced)
    }

    /// `data-clean`: `shutdown`, `true` or `false` for the restart mark.
    pub fn data_clean(self) -> Option<&'static str> {
        match self {
            Badge::Clean(CleanMark::ShutDownCleanly) => Some("shutdown"),
            Badge::Clean(CleanMark::RestartedClean) => Some("true"),
            Badge::Clean(CleanMark::RestartedUnclean) => Some("false"),
            _ => None,
        }
    }

    pub fn text(self, lang: Lang) -> String {
        match self {
            Badge::Elr => label(lang, Label::InElr).to_string(),
            Badge::LastKnownLeader => label(lang, Label::LastKnownLeaderBadge).to_string(),
            Badge::Fenced => label(lang, Label::Fenced).to_string(),
            Badge::BrokerEpoch(e) => format!("{} {e}", label(lang, Label::BrokerEpoch)),
            Badge::Clean(CleanMark::ShutDownCleanly) => label(lang, Label::CleanShutdown).to_string(),
            Badge::Clean(CleanMark::RestartedClean) => label(lang, Label::RestartedClean).to_string(),
            Badge::Clean(CleanMark::RestartedUnclean) => label(lang, Label::RestartedUnclean).to_string(),
        }
    }

    pub fn title(self, lang: Lang) -> &'static str {
        label(
            lang,
            match self {
                Badge::Elr => Label::InElrTitle,
                Badge::LastKnownLeader => Label::LastKnownLeaderTitle,
                Badge::Fenced => Label::FencedTitle,
                Badge::BrokerEpoch(_) => Label::BrokerEpochTitle,
                Badge::Clean(CleanMark::ShutDownCleanly) => Label::CleanShutdownTitle,
                Badge::Clean(CleanMark::RestartedClean) => Label::RestartedCleanTitle,
                Badge::Clean(CleanMark::RestartedUnclean) => Label::RestartedUncleanTitle,
            },
        )
    }
}

/// The badges of broker `ix`, in the order shown; `last_restart`: whether its
/// latest restart was clean (None: it has not restarted), from the history.
pub fn badges(c: &Cluster, ix: usize, last_restart: Option<bool>) -> Vec<Badge> {
    let Some(b) = c.broker(ix) else { return Vec::new() };
    if c.controller() != ControllerKind::KRaft {
        return Vec::new();
    }
    let mut out = Vec::new();
    if c.has_elr() && c.elr().contains(ix) {
        out.push(Badge::Elr);
    }
    if c.last_known_leader() == Some(ix) {
        out.push(Badge::LastKnownLeader);
    }
    if c.is_fenced(ix) {
        out.push(Badge::Fenced);
    }
    out.push(Badge::BrokerEpoch(b.broker_epoch));
    let mark = if !b.is_alive() {
        b.durable.clean_shutdown.then_some(CleanMark::ShutDownCleanly)
    } else {
        last_restart.map(|clean| {
            if clean {
                CleanMark::RestartedClean
            } else {
                CleanMark::RestartedUnclean
            }
        })
    };
    out.extend(mark.map(Badge::Clean));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::{scenario, Protocol};

    fn head(text: &str, protocol: Protocol) -> Cluster {
        let script = scenario::parse(text).expect("parses");
        scenario::load(&script, Some(protocol))
            .expect("loads")
            .timeline
            .head()
            .clone()
    }

    const STORY: &str = "brokers A B C\nset min.insync.replicas=2\nproduce m1\nfetch B\nfetch C\nfetch B\nfetch C\n\
                         crash C\nshutdown B\ncrash A\n";

    #[test]
    fn kraft_lanes_show_elr_last_known_leader_fencing_and_broker_epochs() {
        let c = head(STORY, Protocol::KraftElr);
        assert_eq!(
            badges(&c, 0, None),
            vec![Badge::Elr, Badge::LastKnownLeader, Badge::Fenced, Badge::BrokerEpoch(0)]
        );
        assert_eq!(
            badges(&c, 1, None),
            vec![
                Badge::Elr,
                Badge::Fenced,
                Badge::BrokerEpoch(0),
                Badge::Clean(CleanMark::ShutDownCleanly)
            ]
        );
        assert_eq!(badges(&c, 2, None), vec![Badge::Fenced, Badge::BrokerEpoch(0)]);
        assert_eq!(Badge::LastKnownLeader.testid("A"), "lkl-A");
        assert_eq!(Badge::BrokerEpoch(1).text(Lang::En), "broker epoch 1");
        assert_eq!(Badge::BrokerEpoch(1).text(Lang::Zh), "broker 纪元 1");
    }

    #[test]
    fn zookeeper_lanes_show_none() {
        let c = head(STORY, Protocol::DivergingEpoch);
        for ix in 0..3 {
            assert!(badges(&c, ix, Some(false)).is_empty());
        }
    }
}
