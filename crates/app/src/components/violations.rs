//! Safety checks that have fired by the current step, as alerts that link to their step.

use replab_core::{Cluster, ViolationKind};
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use yew::prelude::*;

/// The panel (a plain function: it holds nothing). `marks`: where each check
/// fired; `on_step` goes to a step.
pub fn violations(lang: Lang, view: &Cluster, marks: &[(usize, ViolationKind)], on_step: &Callback<usize>) -> Html {
    let names: Vec<String> = view.brokers().iter().map(|b| b.id.clone()).collect();
    let fired = view.violations();
    html! {
        <section class="panel violations" aria-label={label(lang, Label::Violations)}>
            <h2>{ label(lang, Label::Violations) }</h2>
            if fired.is_empty() {
                <p class="ok" data-testid="no-violation">{ label(lang, Label::NoViolations) }</p>
            }
            { for fired.iter().map(|v| {
                let kind = v.kind();
                let step = marks.iter().find(|(_, k)| *k == kind).map(|(s, _)| *s).unwrap_or(0);
                let sentence = narrate::violation_sentence(lang, &Names(&names), v);
                html! {
                    <div class={classes!("violation", kind.name())} role="alert" data-testid="violation" data-kind={kind.name()}>
                        <strong>{ label(lang, narrate::violation_label(kind)) }</strong>
                        <p>{ sentence }</p>
                        <button class="link" onclick={on_step.reform(move |_| step)}>
                            { format!("{} {step}", label(lang, Label::AtStep)) }
                        </button>
                    </div>
                }
            }) }
        </section>
    }
}
