//! The partition's settings, each with where its value comes from: the
//! story's `set`, its release's default, or the lab's choice (acks=all).

use super::{target_checked, target_value};
use replab_core::config::{SettingKey, SettingSource};
use replab_core::{Cluster, Command, Setting};
use replab_narrate::{self as narrate, label, Label, Lang};
use std::sync::Arc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    pub lang: Lang,
    pub view: Arc<Cluster>,
    /// Change a setting.
    pub on_command: Callback<Command>,
}

/// How the panel lets the reader change a key.
#[derive(Clone, Copy)]
enum Control {
    /// A count of brokers: 1 up to the partition's brokers.
    Count,
    /// A checkbox.
    Flag,
    /// A number of milliseconds.
    Milliseconds,
    /// One of these values, as the language writes them.
    Choice(&'static [&'static str]),
}

/// The panel's rows, in order: each key a reader changes here, its
/// `data-testid`, its label and its control. (eligible.leader.replicas.version
/// is the cluster's, set in a story's header.) A value the panel sends is
/// read as a script's `set` is (`Setting::parse`).
const PANEL: [(SettingKey, &str, Label, Control); 5] = [
    (SettingKey::MinInsyncReplicas, "min-isr", Label::MinIsr, Control::Count),
    (
        SettingKey::UncleanLeaderElection,
        "unclean",
        Label::UncleanElection,
        Control::Flag,
    ),
    (
        SettingKey::ReplicaLagTimeMaxMs,
        "lag-time",
        Label::LagTime,
        Control::Milliseconds,
    ),
    (
        SettingKey::Acks,
        "default-acks",
        Label::Acks,
        Control::Choice(&["0", "1", "all"]),
    ),
    (
        SettingKey::AutoOffsetReset,
        "auto-offset-reset",
        Label::AutoOffsetReset,
        Control::Choice(&["latest", "earliest", "none"]),
    ),
];

#[function_component(Settings)]
pub fn settings(p: &SettingsProps) -> Html {
    let lang = p.lang;
    let config = p.view.config();
    let brokers = p.view.brokers().len() as u32;
    let protocol = p.view.protocol();
    let row = |&(key, testid, name, control): &(SettingKey, &'static str, Label, Control)| {
        let command = p.on_command.clone();
        let onchange = Callback::from(move |e: Event| {
            let value = match control {
                Control::Flag => target_checked(&e).to_string(),
                _ => target_value(&e),
            };
            if let Ok(setting) = Setting::parse(key.name(), &value) {
                command.emit(Command::Set { setting });
            }
        });
        let value = config.get(key).value_text();
        let input = match control {
            Control::Count => {
                let now: u32 = value.parse().unwrap_or(1);
                html! {
                    <select data-testid={testid} {onchange}>
                        { for (1..=brokers.max(now)).map(|n| html! {
                            <option value={n.to_string()} selected={n == now}>{ n }</option>
                        }) }
                    </select>
                }
            }
            Control::Flag => html! {
                <input type="checkbox" data-testid={testid} checked={value == "true"} {onchange} />
            },
            Control::Milliseconds => html! {
                <input type="number" min="0" step="1000" data-testid={testid} value={value} {onchange} />
            },
            Control::Choice(values) => html! {
                <select data-testid={testid} {onchange}>
                    { for values.iter().map(|&v| html! { <option value={v} selected={v == value}>{ v }</option> }) }
                </select>
            },
        };
        // Where the value comes from: the story's `set`, its release's
        // default, or for acks the lab's own choice.
        let from = p.view.source_of(key);
        let source = if key == SettingKey::Acks && from != SettingSource::Script {
            html! { <small class="source" data-testid="source-acks" data-source="lab">{ narrate::lab_acks(lang, protocol) }</small> }
        } else {
            html! {
                <small class="source" data-testid={format!("source-{}", key.name())}
                    data-source={if from == SettingSource::Script { "script" } else { "release" }}>
                    { narrate::setting_source(lang, from, protocol) }
                </small>
            }
        };
        // A checkbox stands before its words.
        match control {
            Control::Flag => html! { <label>{ input }<span>{ label(lang, name) }</span>{ source }</label> },
            _ => html! { <label><span>{ label(lang, name) }</span>{ input }{ source }</label> },
        }
    };
    html! {
        <details class="settings">
            <summary>{ label(lang, Label::Settings) }</summary>
            { for PANEL.iter().map(row) }
        </details>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod rendered_tests {
    use super::*;
    use crate::components::{history_of, rendered};

    #[test]
    fn the_settings_show_each_value_and_where_it_comes_from() {
        let t = history_of(
            "brokers A B\nset min.insync.replicas=2\nproduce m1\nfetch B\nfetch B\nproduce m2\n",
            None,
        );
        let html = rendered::<Settings>(SettingsProps {
            lang: Lang::EN,
            view: t.state_arc(t.len()),
            on_command: Callback::noop(),
        });
        // The settings as set: min.insync.replicas 2 is the option selected.
        assert!(
            html.contains(r#"<option value="2" selected="selected">2</option>"#),
            "{html}"
        );
        // Each value says where it comes from.
        let source = |key: &str| {
            let at = html.find(&format!("data-testid=\"source-{key}\"")).expect("a source");
            let rest = &html[at..];
            rest[..rest.find("</small>").expect("its end")].to_string()
        };
        assert!(source("min.insync.replicas").contains("set by this story"));
        assert!(
            source("unclean.leader.election.enable").contains("Kafka 2.8.1&#x27;s default")
                || source("unclean.leader.election.enable").contains("Kafka 2.8.1's default"),
            "{}",
            source("unclean.leader.election.enable")
        );
        assert!(source("acks").contains("the lab&#x27;s choice") || source("acks").contains("the lab's choice"));
        assert!(source("acks").contains("acks=1"), "2.8.1's producer: acks=1");
        assert!(html.contains(r#"data-testid="auto-offset-reset""#));
    }
}
