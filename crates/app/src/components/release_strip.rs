//! The release strip, under the player: the story's whole history under every
//! offered release line, a chip each, marked with what it comes to there — the
//! safety check that fires first, none, or the step that release refuses. The
//! core decides each (`replab_core::strip`); the strip runs it a few commands at
//! a time after the page has painted, so a click never waits for it: a history
//! that grows by a command costs one step a row of rules.

use replab_core::protocol::ControllerKind;
use replab_core::strip::{LineOutcome, StripRun};
use replab_core::timeline::Timeline;
use replab_core::Protocol;
use replab_narrate::{self as narrate, label, violation_label, Label, Lang};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Commands applied at once after a paint; then the strip yields to the page.
const SLICE: usize = 64;

/// The longest history the strip runs by itself: each undecided row of rules
/// holds a partition of its own, so a longer one (a long log of a benchmark,
/// say) waits for the reader to ask.
const LIMIT: usize = 4_000;

#[derive(Properties, PartialEq)]
pub struct ReleaseStripProps {
    pub lang: Lang,
    pub timeline: Timeline,
    /// The line the page shows.
    pub current: Protocol,
    /// Opens the story under a line.
    pub on_open: Callback<Protocol>,
    /// Compares the story with a line.
    pub on_compare: Callback<Option<Protocol>>,
}

/// What the chips show: each line's outcome so far, and whether every command
/// of the history is applied.
#[derive(Clone, PartialEq, Default)]
struct Shown {
    outcomes: Vec<(Protocol, Option<LineOutcome>)>,
    done: bool,
}

#[function_component(ReleaseStrip)]
pub fn release_strip(p: &ReleaseStripProps) -> Html {
    let run = use_mut_ref(|| None::<StripRun>);
    // A short history is shown at once, in the first render (the pre-rendered
    // page's too); a longer one fills in after the page has painted.
    let shown = use_state_eq(|| first_slice(&p.timeline));
    // Each history gets a number: a slice of work for an older one stops.
    let generation = use_mut_ref(|| 0u64);
    // The reader asked to run a history beyond the limit.
    let asked = use_state_eq(|| false);
    let too_long = p.timeline.len() > LIMIT && !*asked;
    {
        let (run, shown, generation) = (run.clone(), shown.clone(), generation.clone());
        use_effect_with((p.timeline.clone(), too_long), move |(timeline, too_long)| {
            *generation.borrow_mut() += 1;
            let mine = *generation.borrow();
            if *too_long {
                // Let go of the partitions; nothing runs until the reader asks.
                run.borrow_mut().take();
                return;
            }
            {
                let mut r = run.borrow_mut();
                let commands = timeline.commands();
                if !r.as_ref().is_some_and(|r| r.continues(timeline.setup(), &commands)) {
                    *r = Some(StripRun::new(timeline.setup()));
                }
            }
            step(run, shown, generation, mine, timeline.clone());
        });
    }
    if too_long {
        let ask = {
            let asked = asked.clone();
            Callback::from(move |_| asked.set(true))
        };
        let lang = p.lang;
        return html! {
            <section class="release-strip" data-testid="release-strip" data-done="false"
                aria-label={label(lang, Label::ReleaseStrip)}>
                <h2>{ label(lang, Label::ReleaseStrip) }</h2>
                <p class="strip-long">{ narrate::strip_long(lang, p.timeline.len(), LIMIT) }</p>
                <button data-testid="release-strip-run" onclick={ask}>{ label(lang, Label::StripRun) }</button>
            </section>
        };
    }
    let lang = p.lang;
    let current = p.current;
    let chip = |(line, outcome): &(Protocol, Option<LineOutcome>)| {
        let (line, outcome) = (*line, *outcome);
        let pending = outcome.is_none() && !shown.done;
        let outcome = outcome.unwrap_or(LineOutcome::Safe);
        let (mark, class, what) = match outcome {
            _ if pending => ("…", "pending", label(lang, Label::StripPending).to_string()),
            LineOutcome::Violation { kind, step } => (
                match kind {
                    replab_core::ViolationKind::CommittedWriteLost | replab_core::ViolationKind::ConsumerReadLost => {
                        "✗"
                    }
                    _ => "≠",
                },
                "violation",
                narrate::strip_at_step(lang, label(lang, violation_label(kind)), step),
            ),
            LineOutcome::Safe => ("✓", "safe", label(lang, Label::StripSafe).to_string()),
            LineOutcome::Refused { step } => (
                "⊘",
                "refused",
                narrate::strip_at_step(lang, label(lang, Label::StripRefused), step),
            ),
        };
        let title = narrate::strip_chip(lang, line, &what);
        let (open, compare) = (p.on_open.clone(), p.on_compare.clone());
        let onclick = Callback::from(move |e: MouseEvent| {
            if e.shift_key() || e.ctrl_key() || e.meta_key() {
                compare.emit((line != current).then_some(line));
            } else if line != current {
                open.emit(line);
            }
        });
        let data_outcome = if pending { "pending" } else { outcome.name() };
        html! {
            <button class={classes!("chip", class, (line == current).then_some("current"))} data-testid="release-chip"
                data-release={line.name()} data-outcome={data_outcome} {title}
                aria-current={(line == current).then_some("true")} {onclick}>
                <span class="chip-version">{ line.release().version }</span>
                <span class="chip-mark" aria-hidden="true">{ mark }</span>
            </button>
        }
    };
    let group = |controller: ControllerKind, name: Label| {
        let chips: Vec<&(Protocol, Option<LineOutcome>)> = shown
            .outcomes
            .iter()
            .filter(|(line, _)| line.controller() == controller)
            .collect();
        html! {
            <div class="strip-group" role="group" aria-label={label(lang, name)}>
                <span class="strip-controller">{ label(lang, name) }</span>
                { for chips.into_iter().map(chip) }
            </div>
        }
    };
    html! {
        <section class="release-strip" data-testid="release-strip" data-done={shown.done.to_string()}
            aria-label={label(lang, Label::ReleaseStrip)}>
            <h2 title={label(lang, Label::ReleaseStripHint)}>{ label(lang, Label::ReleaseStrip) }</h2>
            { group(ControllerKind::ZooKeeper, Label::ReleaseGroupZookeeper) }
            { group(ControllerKind::KRaft, Label::ReleaseGroupKraft) }
            <p class="strip-legend">{ label(lang, Label::StripLegend) }</p>
        </section>
    }
}

/// The strip after the history's first slice (nothing beyond the limit).
fn first_slice(timeline: &Timeline) -> Shown {
    if timeline.len() > LIMIT {
        return Shown::default();
    }
    let mut run = StripRun::new(timeline.setup());
    let done = run.advance(&timeline.commands(), SLICE);
    Shown {
        outcomes: run.outcomes(),
        done,
    }
}

/// Applies a slice of the history to every row, shows the outcomes, and
/// schedules the next slice after the page paints, while the history is still
/// the same one.
fn step(
    run: Rc<RefCell<Option<StripRun>>>,
    shown: UseStateHandle<Shown>,
    generation: Rc<RefCell<u64>>,
    mine: u64,
    timeline: Timeline,
) {
    if *generation.borrow() != mine {
        return;
    }
    let done = {
        let mut r = run.borrow_mut();
        let Some(r) = r.as_mut() else { return };
        let done = r.advance(&timeline.commands(), SLICE);
        shown.set(Shown {
            outcomes: r.outcomes(),
            done,
        });
        done
    };
    if !done {
        gloo::timers::callback::Timeout::new(0, move || step(run, shown, generation, mine, timeline)).forget();
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::components::{history_of, rendered};

    fn strip_of(text: &str) -> String {
        let timeline = history_of(text, None);
        rendered::<ReleaseStrip>(ReleaseStripProps {
            lang: Lang::EN,
            current: timeline.setup().protocol,
            timeline,
            on_open: Callback::noop(),
            on_compare: Callback::noop(),
        })
    }

    // A short history is decided in the first frame: a chip per offered line,
    // each with its outcome, the page's own line current.
    #[test]
    fn the_first_frame_shows_every_line_with_its_outcome() {
        let html = strip_of(include_str!("../../../../web/scenarios/kraft-unclean-ignored.scn"));
        assert_eq!(html.matches(r#"data-testid="release-chip""#).count(), 34, "{html}");
        assert!(html.contains(r#"data-done="true""#), "{html}");
        assert!(
            html.contains(r#"data-release="kafka-4.1" data-outcome="committed-write-lost""#),
            "{html}"
        );
        assert!(
            html.contains(r#"data-release="kafka-1.1" data-outcome="none""#),
            "{html}"
        );
        let current = html.split(r#"aria-current="true""#).count() - 1;
        assert_eq!(current, 1, "{html}");
        assert!(
            html.contains("Kafka 4.1 with KRaft: Committed write lost at step 9"),
            "{html}"
        );
    }

    // Beyond the limit the strip runs nothing until the reader asks.
    #[test]
    fn a_history_beyond_the_limit_waits_for_the_reader() {
        let mut text = String::from("brokers A B\n");
        for i in 0..=LIMIT {
            text += &format!("produce m{i}\n");
        }
        let html = strip_of(&text);
        assert!(html.contains(r#"data-testid="release-strip-run""#), "{html}");
        assert!(html.contains("this history has 4,001 steps"), "{html}");
        assert_eq!(html.matches(r#"data-testid="release-chip""#).count(), 0);
    }

    // Beyond a slice the first frame says the lines are still running.
    #[test]
    fn a_long_history_fills_in_after_the_first_frame() {
        let mut text = String::from("brokers A B\n");
        for i in 0..(SLICE + 10) {
            text += &format!("produce m{i}\n");
        }
        let html = strip_of(&text);
        assert!(html.contains(r#"data-done="false""#), "{html}");
        assert_eq!(html.matches(r#"data-outcome="pending""#).count(), 34, "{html}");
    }
}
