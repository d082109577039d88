//! What a lane shows beside a broker's role and ISR membership: under every
//! controller, a broker down because it halted (FatalExitError, Kafka 0.10 and
//! 0.11) and a leader whose HW a caught-up replica outside the ISR holds
//! (KAFKA-4485); and of the KRaft controller's view of one broker: membership
//! of the ELR, the last known leader, fencing, its broker epoch, and how it last
//! stopped or restarted. Shared by the lanes and the SVG figure. The ZooKeeper
//! controller keeps none of the KRaft facts (and there is no ELR with
//! eligible.leader.replicas.version=0).

use replab_core::protocol::ControllerKind;
use replab_core::Cluster;
use replab_narrate::{self as narrate, label, Label, Lang};

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
    /// Down because its fetcher halted the process (FatalExitError).
    Halted,
    /// The leader's HW held by `replica`, outside the ISR, until `until_ms`.
    HwHeldBy {
        replica: usize,
        until_ms: u64,
    },
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
            Badge::Halted => "halted",
            Badge::HwHeldBy { .. } => "hw-held",
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
            Badge::Halted => "badge halted",
            Badge::HwHeldBy { .. } => "badge hw-held",
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
        matches!(
            self,
            Badge::Halted | Badge::HwHeldBy { .. } | Badge::Elr | Badge::LastKnownLeader | Badge::Fenced
        )
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

    /// Its text; `c` names the broker a badge may refer to.
    pub fn text(self, lang: Lang, c: &Cluster) -> String {
        match self {
            Badge::Halted => label(lang, Label::Halted).to_string(),
            Badge::HwHeldBy { replica, until_ms } => {
                narrate::hw_held_badge(lang, c.broker(replica).map_or("?", |b| b.id.as_str()), until_ms)
            }
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
                Badge::Halted => Label::HaltedTitle,
                Badge::HwHeldBy { .. } => Label::HwHeldByReplicaTitle,
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
    let mut out = Vec::new();
    if b.halted && !b.is_alive() {
        out.push(Badge::Halted);
    }
    if let Some(h) = c.hw_held_by_replica().filter(|h| h.leader == ix) {
        out.push(Badge::HwHeldBy {
            replica: h.replica,
            until_ms: h.until_ms,
        });
    }
    if c.controller() != ControllerKind::KRaft {
        return out;
    }
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
        // Written for the 1.3 defaults (unclean election off under hw).
        let script = scenario::parse(text)
            .expect("parses")
            .pinned_to(replab_core::Config::LANGUAGE_1_3);
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
        assert_eq!(Badge::BrokerEpoch(1).text(Lang::EN, &c), "broker epoch 1");
        replab_narrate::said!(
            "view/kraft_lanes_show_elr_last_known_leader_fencing_and_broker_epochs",
            |lang| vec![(Badge::BrokerEpoch(1).text(lang, &c)).to_string()]
        );
    }

    #[test]
    fn zookeeper_lanes_show_none() {
        let c = head(STORY, Protocol::DivergingEpoch);
        for ix in 0..3 {
            assert!(badges(&c, ix, Some(false)).is_empty());
        }
    }

    #[test]
    fn a_halted_broker_and_a_held_hw_have_their_badges_under_any_controller() {
        // Kafka 0.10: A fetches past B's log end and halts; its restart clears it.
        let text = "brokers A B\nproduce m1\nfetch B\nproduce m2\nfetch B\nbounce B\ncrash A\nrestart A\nfetch A\n";
        let c = head(text, Protocol::Hw);
        assert_eq!(badges(&c, 0, None), vec![Badge::Halted]);
        assert!(Badge::Halted.is_pill());
        assert_eq!(Badge::Halted.text(Lang::EN, &c), "halted");
        replab_narrate::said!(
            "view/a_halted_broker_and_a_held_hw_have_their_badges_under_any_controller",
            |lang| vec![(Badge::Halted.text(lang, &c)).to_string()]
        );
        assert!(Badge::Halted.title(Lang::EN).contains("FatalExitError"));
        assert_eq!(Badge::Halted.testid("A"), "halted-A");
        assert!(badges(&head(&format!("{text}restart A\n"), Protocol::Hw), 0, None).is_empty());
        // A crash is no halt.
        assert!(badges(&head("brokers A B\ncrash B\n", Protocol::Hw), 1, None).is_empty());

        // Kafka 0.11: B, out of the ISR, caught up at 1,500 ms, holds A's HW.
        let text = "brokers A B\nset replica.lag.time.max.ms=1000\nproduce m1\ntick 1500\nfetch B max=1\n\
                    produce m2\nfetch B\nproduce m3\n";
        let script = scenario::parse(text).expect("parses");
        let t = scenario::load(&script, Some(Protocol::Kip101)).expect("loads").timeline;
        let c = t.head();
        let held = Badge::HwHeldBy {
            replica: 1,
            until_ms: 2500,
        };
        assert_eq!(badges(c, 0, None), vec![held]);
        assert!(badges(c, 1, None).is_empty(), "only on the leader");
        assert_eq!(held.text(Lang::EN, c), "HW held by B until 2,500 ms");
        replab_narrate::said!(
            "view/a_halted_broker_and_a_held_hw_have_their_badges_under_any_controller-2",
            |lang| vec![(held.text(lang, c)).to_string()]
        );
        assert!(held.title(Lang::EN).contains("KAFKA-4485"));
        assert_eq!(held.testid("A"), "hw-held-A");
    }
}
