//! Which rule of the release table a decision follows, and the release lines
//! that share it: "from 3.7", "up to 1.1", "0.11–1.1". A rule is one column of
//! a row (a switch, the truncation family, a default); its span is the run of
//! lines under the same controller, around the one asked of, that have the
//! same value in that column.

use super::release::{Release, RELEASES};
use super::{ControllerKind, Protocol};

/// A rule a decision follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// How a replica truncates (T): to its HW, OffsetsForLeaderEpoch in one
    /// round or in rounds, or on fetch.
    Truncation,
    /// A fetch past the leader's end halts the follower (before KAFKA-7414).
    HaltsPastLeaderEnd,
    /// The ZooKeeper controller sees a bounce by the broker epoch (KIP-380).
    BrokerEpochs,
    /// `elect` of the current leader elects it again in a new epoch.
    ReelectsCurrentLeader,
    /// The consumer validates its position (KIP-320's client side).
    ConsumerValidates,
    /// A caught-up replica outside the ISR holds the HW only while eligible (N4).
    HwOnlyEligible,
    /// The HW holds while the ISR is below min.insync.replicas (N5).
    StrictMinIsr,
    /// The KRaft controller bumps the leader epoch at every ISR shrink (B).
    ShrinkBumpsEpoch,
    /// Eligible Leader Replicas are on by default (KIP-966).
    EligibleLeaderReplicas,
}

/// The lines around one that share a rule's value, under its controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The oldest line of the run.
    pub first: &'static Release,
    /// The newest line of the run.
    pub last: &'static Release,
    /// The first line of the controller has it: nothing older differs.
    pub from_oldest: bool,
    /// The newest line of the controller has it.
    pub to_newest: bool,
    /// The line after `last` under the same controller, where it changed.
    pub changed_in: Option<&'static Release>,
}

impl Rule {
    /// The rule's value in a row, as a number to compare rows by.
    fn value(self, r: &Release) -> u8 {
        let s = &r.switches;
        match self {
            Rule::Truncation => s.family as u8,
            Rule::HaltsPastLeaderEnd => u8::from(s.halts_on_fetch_past_leader_end),
            Rule::BrokerEpochs => u8::from(s.controller_sees_broker_epochs),
            Rule::ReelectsCurrentLeader => u8::from(s.reelects_current_leader),
            Rule::ConsumerValidates => u8::from(s.consumer_validates_position),
            Rule::HwOnlyEligible => u8::from(s.hw_counts_only_eligible),
            Rule::StrictMinIsr => u8::from(s.strict_min_isr),
            Rule::ShrinkBumpsEpoch => u8::from(s.shrink_bumps_epoch),
            Rule::EligibleLeaderReplicas => u8::from(r.defaults.elr_version >= 1),
        }
    }
}

impl Protocol {
    /// The lines under this one's controller that share `rule`'s value with
    /// it, around it; None when every line of the controller has it (there is
    /// no release to name).
    pub fn span_of(self, rule: Rule) -> Option<Span> {
        let controller: ControllerKind = self.controller();
        let lines: Vec<&'static Release> = RELEASES.iter().filter(|r| r.controller == controller).collect();
        let at = lines.iter().position(|r| r.name == self.release().name)?;
        let value = rule.value(self.release());
        let same = |i: usize| rule.value(lines[i]) == value;
        let mut first = at;
        while first > 0 && same(first - 1) {
            first -= 1;
        }
        let mut last = at;
        while last + 1 < lines.len() && same(last + 1) {
            last += 1;
        }
        let (from_oldest, to_newest) = (first == 0, last + 1 == lines.len());
        (!(from_oldest && to_newest)).then(|| Span {
            first: lines[first],
            last: lines[last],
            from_oldest,
            to_newest,
            changed_in: lines.get(last + 1).copied(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str) -> Protocol {
        Protocol::from_name(name).expect("a line")
    }

    fn said(p: &str, rule: Rule) -> Option<(&'static str, &'static str, bool, bool)> {
        line(p)
            .span_of(rule)
            .map(|s| (s.first.version, s.last.version, s.from_oldest, s.to_newest))
    }

    #[test]
    fn a_rule_spans_the_lines_of_its_controller_that_share_it() {
        assert_eq!(said("kafka-3.8", Rule::StrictMinIsr), Some(("3.7", "3.9", false, true)));
        assert_eq!(said("kafka-4.2", Rule::StrictMinIsr), Some(("3.7", "4.4", false, true)));
        assert_eq!(
            said("kafka-3.5", Rule::StrictMinIsr),
            Some(("0.10", "3.6", true, false))
        );
        assert_eq!(said("kafka-1.0", Rule::Truncation), Some(("0.11", "1.1", false, false)));
        assert_eq!(
            said("kafka-0.10", Rule::HaltsPastLeaderEnd),
            Some(("0.10", "1.1", true, false))
        );
        assert_eq!(
            said("kafka-3.4-kraft", Rule::ShrinkBumpsEpoch),
            Some(("3.3", "3.5", true, false))
        );
        assert_eq!(
            said("kafka-4.1", Rule::EligibleLeaderReplicas),
            Some(("4.1", "4.4", false, true))
        );
        assert_eq!(said("kafka-2.2", Rule::BrokerEpochs), Some(("2.2", "3.9", false, true)));
        // Every KRaft line sees a bounce: no release to name.
        assert_eq!(said("kafka-4.1", Rule::BrokerEpochs), None);
        assert_eq!(
            said("kraft-elr", Rule::Truncation),
            None,
            "a generation's name is its line"
        );
        assert_eq!(
            line("kafka-1.1")
                .span_of(Rule::Truncation)
                .and_then(|s| s.changed_in)
                .map(|r| r.version),
            Some("2.1")
        );
    }
}
