//! The first step where one history differs under two protocols, in words:
//! what the page's Compare view shows and `replab run --compare` prints, put
//! together once.

use replab_core::compare::{differing_events, FirstDifference};
use replab_core::scenario::command_line;
use replab_core::timeline::Timeline;
use replab_core::Protocol;
use replab_narrate::{self as narrate, Lang, Names};

/// The first difference in words.
#[derive(Clone, Debug, PartialEq)]
pub struct DifferenceWords {
    /// "At step 5 (bounce B) the two differ".
    pub heading: String,
    /// The second history's command at that step, when it is another one.
    pub other_command: Option<String>,
    /// What differs there, one sentence each.
    pub differences: Vec<String>,
    /// What each protocol did at that step that the other did not, the first
    /// history's first.
    pub did: [(Protocol, Vec<String>); 2],
}

/// `first` (of `a` and `b`, the same commands under two protocols) in words.
pub fn difference_words(lang: Lang, first: &FirstDifference, a: &Timeline, b: &Timeline) -> DifferenceWords {
    let names = &a.setup().brokers;
    let n = Names(names);
    let step = first.step;
    let command_of = |t: &Timeline| t.commands().get(step.wrapping_sub(1)).map(|c| command_line(names, c));
    let command = command_of(a).unwrap_or_default();
    let (x, y) = (a.state_at(step), b.state_at(step));
    // What each did there that the other did not: the core compares the
    // events; each is worded in its step.
    let [only_a, only_b] = differing_events(a, b, step);
    let said = |t: &Timeline, only: &[usize]| -> Vec<String> {
        only.iter()
            .map(|&i| narrate::event_in_step(lang, &n, t.events_of(step), i))
            .collect()
    };
    DifferenceWords {
        heading: narrate::first_difference(lang, step, &command),
        other_command: command_of(b).filter(|c| *c != command),
        differences: first
            .differences
            .iter()
            .map(|d| narrate::difference(lang, &n, d, &x, &y))
            .collect(),
        did: [(x.protocol(), said(a, &only_a)), (y.protocol(), said(b, &only_b))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::compare::first_difference;
    use replab_core::scenario;

    /// The data-loss story parts at B's bounce: under 0.10 B truncates to its
    /// HW, under 0.11 it asks the leader first. Both front ends print these
    /// words.
    #[test]
    fn the_data_loss_story_parts_at_the_bounce_in_words() {
        let script = scenario::parse(include_str!("../../../web/scenarios/data-loss.scn")).expect("parses");
        let under = |p| scenario::load(&script, Some(p)).expect("loads").timeline;
        let (a, b) = (under(Protocol::Hw), under(Protocol::Kip101));
        let first = first_difference(&a, &b).expect("they part");
        let w = difference_words(Lang::EN, &first, &a, &b);
        assert_eq!(first.step, 5);
        assert!(w.heading.contains("bounce B"), "{}", w.heading);
        assert_eq!(w.other_command, None, "the same command under both");
        assert!(!w.differences.is_empty());
        assert_eq!([w.did[0].0, w.did[1].0], [Protocol::Hw, Protocol::Kip101]);
        assert!(w.did[0].1.iter().any(|s| s.contains("truncates")), "{:?}", w.did[0].1);
    }
}
