//! The latest decisions at or before the current step, each as labelled rows: a
//! truncation (the question asked, the answer, the rule applied and the result,
//! with a picture of the follower's log before and after), the controller's epoch
//! bump on a follower crash, a follower that keeps following the same leader into
//! a new epoch, and a broker that waits for a leader, then finds one. Earlier
//! decisions are listed under the latest, each linked to its step.

use crate::decision_text::{describe, summaries};
use crate::history;
use replab_core::timeline::Timeline;
use replab_narrate::{self as narrate, label, Label, Lang};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DecisionProps {
    pub lang: Lang,
    pub timeline: Timeline,
    pub cursor: usize,
    /// Goes to a step.
    pub on_step: Callback<usize>,
    /// The compact widget (`?embed`): a decision without the releases whose
    /// rule it is, so that the embed keeps the height its snippet gives it.
    #[prop_or_default]
    pub compact: bool,
}

/// The decision of one step: what it shows depends only on the history up to
/// that step, so it is re-rendered only when that changes.
#[derive(Properties)]
struct ViewProps {
    lang: Lang,
    timeline: Timeline,
    step: usize,
    on_step: Callback<usize>,
    compact: bool,
}

impl PartialEq for ViewProps {
    fn eq(&self, o: &Self) -> bool {
        self.lang == o.lang
            && self.step == o.step
            && self.timeline.agrees_until(&o.timeline, self.step)
            && self.on_step == o.on_step
            && self.compact == o.compact
    }
}

#[function_component(DecisionPanel)]
pub fn decision_panel(p: &DecisionProps) -> Html {
    let lang = p.lang;
    // The steps with a decision, found once per history and grown as steps are added.
    let found = crate::hooks::use_grown(Some(&p.timeline), |t, steps| {
        history::decision_steps_in(t, steps).collect()
    });
    let before = found.partition_point(|&k| k <= p.cursor);
    let steps: Vec<usize> = found[..before].iter().rev().take(EARLIER + 1).copied().collect();
    let t = &p.timeline;
    let Some(&step) = steps.first() else {
        // The story's decisions still ahead: the first is one click away.
        let ahead = found.get(before).copied();
        return html! {
            <section class="panel decision" data-testid="decision" aria-label={label(lang, Label::Decisions)}>
                <h2>{ label(lang, Label::Decisions) }</h2>
                if let Some(k) = ahead {
                    <p class="empty" data-testid="decision-ahead">
                        { label(lang, Label::DecisionAhead) }{ " " }
                        <button class="link" data-testid="first-decision" onclick={p.on_step.reform(move |_| k)}>
                            { format!("{} {k}", label(lang, Label::AtStep)) }
                        </button>
                    </p>
                } else {
                    <p class="empty">{ label(lang, Label::NoDecision) }</p>
                }
            </section>
        };
    };
    let earlier: Vec<(usize, String)> = steps[1..]
        .iter()
        .flat_map(|&k| summaries(lang, t, k).into_iter().map(move |text| (k, text)))
        .collect();
    html! {
        <>
        <DecisionView lang={lang} timeline={p.timeline.clone()} step={step}
            on_step={p.on_step.clone()} compact={p.compact} />
        if !earlier.is_empty() {
            <details class="panel earlier-decisions" data-testid="earlier-decisions">
                <summary>{ label(lang, Label::EarlierDecisions) }</summary>
                <ol>
                    { for earlier.into_iter().map(|(k, text)| html! {
                        <li>
                            <button class="link" onclick={p.on_step.reform(move |_| k)}>
                                { format!("{} {k}", label(lang, Label::AtStep)) }
                            </button>
                            { " " }{ text }
                        </li>
                    }) }
                </ol>
            </details>
        }
        </>
    }
}

/// How many earlier decisions are listed under the latest.
const EARLIER: usize = 12;

#[function_component(DecisionView)]
fn decision_view(p: &ViewProps) -> Html {
    let lang = p.lang;
    let step = p.step;
    let described = describe(lang, &p.timeline, step);
    html! {
        <section class="panel decision" data-testid="decision" data-step={step.to_string()} aria-label={label(lang, Label::Decisions)}>
            <h2>{ label(lang, Label::Decisions) }
                <button class="link" onclick={p.on_step.reform(move |_| step)}>
                    { format!("{} {step}", label(lang, Label::AtStep)) }
                </button>
            </h2>
            { for described.iter().map(|d| {
                let kind = d.kind.name();
                let rows = html! {
                    <>
                    <h3 class="decision-kind">{ d.heading(lang) }</h3>
                    <dl>
                        { for d.rows.iter().filter(|(l, _)| !(p.compact && *l == Label::RuleReleases)).map(|(l, text)| html! {
                            <>
                            <dt>{ label(lang, *l) }</dt>
                            <dd class={(*l == Label::Result).then_some("result")}>{ text.clone() }</dd>
                            </>
                        }) }
                    </dl>
                    </>
                };
                let Some(cut) = &d.cut else {
                    return html! {
                        <div class="decision-item" data-testid={format!("decision-{kind}")} data-kind={kind}
                            data-broker={d.broker.clone()}>
                            { rows }
                        </div>
                    };
                };
                let (from, to, hw, mark) = (cut.from, cut.to, cut.hw, cut.leader_end);
                html! {
                    <div class="decision-item" data-testid="decision-item" data-kind={kind} data-broker={d.broker.clone()}
                        data-from={from.to_string()} data-to={to.to_string()}>
                        { rows }
                        <ol class="mini-log" aria-label={format!("{} {}", d.broker, label(lang, Label::Before))}>
                            { for cut.log.iter().map(|r| {
                                let cut = r.offset >= to;
                                html! {
                                    <li class={classes!("cell", format!("e{}", r.epoch % 8), cut.then_some("cut"))}
                                        title={if cut { label(lang, Label::Cut) } else { "" }}>
                                        <span class="off">{ r.offset }</span>
                                        <span class="val">{ r.value.to_string() }</span>
                                        if mark == Some(r.offset) { <span class="pin leader-end">{ "◆" }</span> }
                                        if hw == r.offset { <span class="pin hw-pin">{ label(lang, Label::Hw) }</span> }
                                    </li>
                                }
                            }) }
                            if mark.is_some_and(|m| m >= from) {
                                <li class="cell beyond"><span class="pin leader-end">{ "◆" }</span></li>
                            }
                        </ol>
                        <p class="legend">
                            if let Some(m) = mark { <span><span class="leader-end">{ "◆ " }</span>{ format!("{} {m}", label(lang, Label::LeaderEndLegend)) }</span> }
                            <span>{ narrate::hw_mark(lang, hw) }</span>
                            if to < from { <span class="cut-legend">{ format!("{} {to}–{}", label(lang, Label::Cut), from - 1) }</span> }
                        </p>
                    </div>
                }
            }) }
        </section>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::components::{history_of, rendered};
    use replab_core::Protocol;
    use replab_view::history::{decisions_of, DecisionKind};

    /// The (term, text) rows of the first `<dl>` in `html`.
    fn rows(html: &str) -> Vec<(String, String)> {
        let dl = html
            .split("<dl>")
            .nth(1)
            .and_then(|s| s.split("</dl>").next())
            .unwrap_or("");
        dl.split("<dt>")
            .skip(1)
            .map(|row| {
                let term = row.split("</dt>").next().unwrap_or("").to_string();
                let text = row.split('>').nth(2).and_then(|s| s.split("</dd").next()).unwrap_or("");
                (term, text.to_string())
            })
            .collect()
    }

    /// The panel at the first truncation of the divergence story under `protocol`.
    fn at_truncation(protocol: Protocol, lang: Lang) -> String {
        let t = history_of(include_str!("../../../../web/scenarios/divergence.scn"), Some(protocol));
        let k = (1..=t.len())
            .find(|&k| decisions_of(&t, k).iter().any(|d| d.kind == DecisionKind::Truncation))
            .expect("a truncation");
        rendered::<DecisionPanel>(DecisionProps {
            lang,
            cursor: k,
            timeline: t,
            on_step: Callback::noop(),
            compact: false,
        })
    }

    /// The compact widget's panel leaves the releases out: an embed keeps the
    /// height its snippet gives it.
    #[test]
    fn the_compact_panel_names_no_releases() {
        let t = history_of(
            include_str!("../../../../web/scenarios/divergence.scn"),
            Some(Protocol::Hw),
        );
        let k = (1..=t.len())
            .find(|&k| decisions_of(&t, k).iter().any(|d| d.kind == DecisionKind::Truncation))
            .expect("a truncation");
        let panel = |compact| {
            rendered::<DecisionPanel>(DecisionProps {
                lang: Lang::EN,
                cursor: k,
                timeline: t.clone(),
                on_step: Callback::noop(),
                compact,
            })
        };
        assert!(panel(false).contains("up to Kafka 0.10 with ZooKeeper"));
        let compact = panel(true);
        assert!(!compact.contains("Kafka 0.10 with"), "{compact}");
        assert!(compact.contains("data-kind=\"truncation\""), "{compact}");
    }

    #[test]
    fn a_truncation_is_told_as_each_generation_decides_it() {
        // (protocol, question, answer, rule, offset truncated to)
        let expected = [
            (
                Protocol::Hw,
                "no question: before leader epochs it truncates to its own HW",
                "—",
                "without leader epochs a new follower truncates to its own high watermark, 2",
                2,
            ),
            (
                Protocol::Kip101,
                "A → B: OffsetsForLeaderEpoch(epoch 0)",
                "B → A: epoch 0 ends at offset 1",
                "the leader says epoch 0 ends at offset 1",
                1,
            ),
            (
                Protocol::Kip279,
                "A → B: OffsetsForLeaderEpoch(epoch 0)",
                "B → A: epoch 0 ends at offset 1",
                "the leader says epoch 0 ends at offset 1 (here it ends at 2)",
                1,
            ),
            (
                Protocol::DivergingEpoch,
                "A → B: Fetch(offset 2, last fetched epoch 0)",
                "B → A: DivergingEpoch: epoch 0 ends at offset 1, no records",
                "the leader says epoch 0 ends at offset 1 (here it ends at 2)",
                1,
            ),
            (
                Protocol::KraftElr,
                "A → B: Fetch(offset 2, last fetched epoch 0)",
                "B → A: DivergingEpoch: epoch 0 ends at offset 1, no records",
                "the leader says epoch 0 ends at offset 1 (here it ends at 2)",
                1,
            ),
        ];
        for (protocol, question, answer, rule, to) in expected {
            let html = at_truncation(protocol, Lang::EN);
            assert!(
                html.contains(&format!(
                    r#"data-kind="truncation" data-broker="A" data-from="2" data-to="{to}""#
                )),
                "{protocol:?}: {html}"
            );
            let result = if to == 2 {
                "A keeps its whole log".to_string()
            } else {
                format!("A truncates to {to} (before 2)")
            };
            let said: Vec<(String, String)> = [
                ("Question", question),
                ("Answer", answer),
                ("Rule", rule),
                ("Result", result.as_str()),
            ]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
            let mut got = rows(&html);
            // The releases whose truncation rule this is: none under KRaft,
            // whose every line truncates on fetch.
            let releases = got.iter().position(|(t, _)| t == "Releases").map(|i| got.remove(i).1);
            assert_eq!(got, said, "{protocol:?}");
            let from = match protocol {
                p if p == Protocol::Hw => Some("up to Kafka 0.10 with ZooKeeper; changed in 0.11"),
                p if p == Protocol::Kip101 => Some("Kafka 0.11–1.1 with ZooKeeper; changed in 2.1"),
                p if p == Protocol::Kip279 => Some("Kafka 2.1–2.7 with ZooKeeper; changed in 2.8"),
                p if p == Protocol::DivergingEpoch => Some("from Kafka 2.8 with ZooKeeper"),
                _ => None,
            };
            assert_eq!(
                releases.as_deref().map(|r| from.is_some_and(|f| r.starts_with(f))),
                from.map(|_| true),
                "{protocol:?}: {releases:?}"
            );
        }
    }

    #[test]
    fn the_rows_are_in_the_readers_language() {
        for &lang in Lang::ALL {
            let html = at_truncation(Protocol::Kip279, lang);
            let terms: Vec<String> = rows(&html).into_iter().map(|(t, _)| t).collect();
            let words = [
                Label::Question,
                Label::Answer,
                Label::Rule,
                Label::Result,
                Label::RuleReleases,
            ]
            .map(|l| label(lang, l).to_string());
            assert_eq!(terms, words, "{lang:?}");
            if lang != Lang::EN {
                assert_ne!(
                    words[0],
                    label(Lang::EN, Label::Question),
                    "{lang:?} has words of its own"
                );
            }
        }
    }

    #[test]
    fn before_any_decision_the_panel_says_so_and_earlier_ones_are_listed_under_the_latest() {
        let t = history_of(
            include_str!("../../../../web/scenarios/data-loss.scn"),
            Some(Protocol::Hw),
        );
        let at = |cursor: usize| {
            rendered::<DecisionPanel>(DecisionProps {
                lang: Lang::EN,
                cursor,
                timeline: t.clone(),
                on_step: Callback::noop(),
                compact: false,
            })
        };
        // Before the story's first decision, the panel names the step it comes at.
        let first = crate::history::decision_steps_in(&t, 0..=t.len())
            .next()
            .expect("a decision");
        let start = at(0);
        assert!(start.contains(label(Lang::EN, Label::DecisionAhead)), "{start}");
        assert!(start.contains(&format!("at step {first}</button>")), "{start}");
        assert!(!start.contains(label(Lang::EN, Label::NoDecision)));
        // A history with no decision at all says there is none yet.
        let empty = history_of("brokers A B\nproduce m1\n", None);
        let none = rendered::<DecisionPanel>(DecisionProps {
            lang: Lang::EN,
            cursor: 0,
            timeline: empty,
            on_step: Callback::noop(),
            compact: false,
        });
        assert!(none.contains(label(Lang::EN, Label::NoDecision)), "{none}");
        let end = at(t.len());
        assert!(end.contains(r#"data-kind="halted" data-broker="A""#), "{end}");
        let (_, earlier) = end
            .split_once(r#"data-testid="earlier-decisions""#)
            .expect("earlier decisions");
        assert!(
            earlier.contains("at step 7</button> A truncates its log from 2 to 1"),
            "{earlier}"
        );
        assert!(
            earlier.contains("at step 5</button> B truncates its log from 2 to 0"),
            "{earlier}"
        );
    }
}
