//! Writing messages, moving the clock, adding a consumer (the settings are
//! `settings.rs`).

use super::{bind_text, target_value};
use replab_core::chunked::Slice;
use replab_core::scenario::ScriptErrorKind;
use replab_core::{Acks, Cluster, Command};
use replab_narrate::{self as narrate, label, Label, Lang};
use std::sync::Arc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub lang: Lang,
    pub view: Arc<Cluster>,
    pub next_value: String,
    /// Produce a value (the next one if empty) with the acks chosen.
    pub on_produce: Callback<(String, Option<Acks>)>,
    /// Tick the clock, or change a setting.
    pub on_command: Callback<Command>,
}

/// The values, or "nothing"; a long list shows its first and last few around a
/// count, so the text stays short, and costs the same, however many records
/// were written (only those shown are read).
fn values<'a, T: Clone>(lang: Lang, vs: Slice<'a, T>, value: fn(&'a T) -> &'a replab_core::Value) -> String {
    const HEAD: usize = 3;
    const TAIL: usize = 6;
    let n = vs.len();
    if n == 0 {
        return label(lang, Label::Nothing).to_string();
    }
    if n <= HEAD + TAIL + 3 {
        return vs.into_iter().map(|v| &**value(v)).collect::<Vec<_>>().join(", ");
    }
    let more = replab_narrate::more(lang, (n - HEAD - TAIL) as u64);
    let head = vs.sub(0, HEAD).into_iter().map(|v| &**value(v));
    let tail = vs.sub(n - TAIL, n).into_iter().map(|v| &**value(v));
    head.chain([more.as_str()]).chain(tail).collect::<Vec<_>>().join(", ")
}

#[function_component(Controls)]
pub fn controls(p: &ControlsProps) -> Html {
    let lang = p.lang;
    let value = use_state(String::new);
    let acks = use_state(|| None::<Acks>);
    let tick_ms = use_state(|| 10_000u64);
    let config = p.view.config();
    let valid_value = value.is_empty() || replab_core::scenario::is_value(&value);

    let on_produce = {
        let produce = p.on_produce.clone();
        let value = value.clone();
        let acks = *acks;
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            produce.emit(((*value).clone(), acks));
            value.set(String::new());
        })
    };
    let on_value = bind_text(&value);
    let on_acks = {
        let acks = acks.clone();
        Callback::from(move |e: Event| acks.set(Acks::from_name(&target_value(&e))))
    };
    let on_tick_ms = {
        let tick_ms = tick_ms.clone();
        Callback::from(move |e: Event| {
            if let Ok(ms) = target_value(&e).parse::<u64>() {
                tick_ms.set(ms);
            }
        })
    };
    let on_tick = {
        let command = p.on_command.clone();
        let ms = *tick_ms;
        Callback::from(move |_| command.emit(Command::Tick { ms }))
    };
    html! {
        <div class="controls">
            <form class="produce" onsubmit={on_produce}>
                <label>
                    <span class="sr-only">{ label(lang, Label::Value) }</span>
                    <input data-testid="produce-value" size="8" placeholder={p.next_value.clone()} value={(*value).clone()}
                        aria-label={label(lang, Label::Value)} aria-invalid={(!valid_value).to_string()} oninput={on_value} />
                </label>
                <label>
                    <span>{ label(lang, Label::Acks) }</span>
                    <select data-testid="produce-acks" onchange={on_acks}>
                        <option value="" selected={acks.is_none()}>{ narrate::default_choice(lang, config.acks.name()) }</option>
                        { for [Acks::None, Acks::Leader, Acks::All].iter().map(|a| html! {
                            <option value={a.name()} selected={*acks == Some(*a)}>{ a.name() }</option>
                        }) }
                    </select>
                </label>
                <button type="submit" data-testid="produce" class="primary" disabled={!valid_value}
                    title={label(lang, Label::ProduceTitle)}>
                    { narrate::produce(lang, if value.is_empty() { p.next_value.as_str() } else { value.as_str() }) }
                </button>
                if !valid_value {
                    <span class="error" role="alert" data-testid="produce-error">
                        { replab_narrate::script_error_kind(lang, &ScriptErrorKind::BadValue { value: (*value).clone() }) }
                    </span>
                }
            </form>
            <div class="tick">
                <input type="number" min="0" step="1000" value={tick_ms.to_string()} data-testid="tick-ms"
                    aria-label={label(lang, Label::Milliseconds)} onchange={on_tick_ms} />
                <span>{ label(lang, Label::Milliseconds) }</span>
                <button data-testid="tick" title={label(lang, Label::TickTitle)} onclick={on_tick}>{ label(lang, Label::Tick) }</button>
                <span class="clock">{ narrate::clock(lang, p.view.now_ms()) }</span>
            </div>
            <div class="consumer-controls">
                <button data-testid="add-consumer" title={label(lang, Label::AddConsumerTitle)}
                    onclick={p.on_command.reform({
                        let consumer = p.view.next_consumer_name();
                        move |_| Command::Consume { consumer, max: None }
                    })}>
                    { label(lang, Label::AddConsumer) }
                </button>
            </div>
            <p class="producer" data-testid="acked">
                <span>{ label(lang, Label::Acked) }{ " " }</span>
                <strong>{ values(lang, p.view.acked(), |v| v) }</strong>
                if !p.view.pending_acks().is_empty() {
                    <span>{ " · " }{ label(lang, Label::Pending) }{ " " }</span>
                    <strong data-testid="pending">{ values(lang, p.view.pending_acks(), |a| &a.value) }</strong>
                }
            </p>
            <p class="legend log-legend" aria-hidden="true">
                <span><span class="swatch e0"></span><span class="swatch e1"></span><span class="swatch e2"></span>{ label(lang, Label::LegendEpoch) }</span>
                <span><span class="swatch dashed"></span>{ label(lang, Label::LegendUncommitted) }</span>
                <span><span class="swatch struck">{ "m" }</span>{ label(lang, Label::LegendLost) }</span>
                if !p.view.consumers().is_empty() {
                    <span class="reads-legend"><span class="swatch struck">{ "m" }</span><span class="swatch diverged">{ "≠" }</span>{ label(lang, Label::LegendRead) }</span>
                }
                if p.view.has_elr() {
                    <span><span class="badge elr">{ label(lang, Label::InElr) }</span>{ " " }{ label(lang, Label::LegendElr) }</span>
                }
            </p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use replab_core::chunked::Chunked;
    use replab_core::Value;

    fn written(n: usize) -> Chunked<Value> {
        (1..=n).map(|i| Value::from(format!("m{i}"))).collect()
    }

    #[test]
    fn a_long_list_of_values_shows_its_ends_around_a_count() {
        assert_eq!(
            values(Lang::EN, written(0).all(), |v| v),
            label(Lang::EN, Label::Nothing)
        );
        assert_eq!(values(Lang::EN, written(3).all(), |v| v), "m1, m2, m3");
        assert_eq!(
            values(Lang::EN, written(12).all(), |v| v),
            "m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12"
        );
        assert_eq!(
            values(Lang::EN, written(100_000).all(), |v| v),
            "m1, m2, m3, … 99,991 more …, m99995, m99996, m99997, m99998, m99999, m100000"
        );
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod rendered_tests {
    use super::*;
    use crate::components::{history_of, rendered};

    #[test]
    fn the_controls_show_the_next_value_the_acked_and_the_pending_writes() {
        let t = history_of(
            "brokers A B\nset min.insync.replicas=2\nproduce m1\nfetch B\nfetch B\nproduce m2\n",
            None,
        );
        let html = rendered::<Controls>(ControlsProps {
            lang: Lang::EN,
            view: t.state_arc(t.len()),
            next_value: "m3".into(),
            on_produce: Callback::noop(),
            on_command: Callback::noop(),
        });
        assert!(html.contains(">Produce m3</button>"), "{html}");
        let acked = html.split("data-testid=\"acked\"").nth(1).expect("acked");
        assert!(acked.contains("<strong>m1</strong>"), "{acked}");
        assert!(acked.contains("data-testid=\"pending\">m2</strong>"), "{acked}");
        assert!(html.contains("t = 0 ms"));
        assert!(html.contains(r#"data-testid="add-consumer""#));
        // The settings are the story menu's (settings.rs).
        assert!(!html.contains(r#"data-testid="min-isr""#));
    }
}
