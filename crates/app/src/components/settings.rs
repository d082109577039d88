//! The partition's settings, each with where its value comes from: the
//! story's `set`, its release's default, or the lab's choice (acks=all).

use super::{target_checked, target_value};
use replab_core::config::{OffsetReset, SettingKey, SettingSource};
use replab_core::{Acks, Cluster, Command, Setting};
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

#[function_component(Settings)]
pub fn settings(p: &SettingsProps) -> Html {
    let lang = p.lang;
    let config = p.view.config();
    let set = |make: fn(&str) -> Option<Setting>| {
        let command = p.on_command.clone();
        Callback::from(move |e: Event| {
            if let Some(setting) = make(&target_value(&e)) {
                command.emit(Command::Set { setting });
            }
        })
    };
    let on_unclean = {
        let command = p.on_command.clone();
        Callback::from(move |e: Event| {
            let checked = target_checked(&e);
            command.emit(Command::Set {
                setting: Setting::UncleanLeaderElection(checked),
            });
        })
    };
    let brokers = p.view.brokers().len() as u32;
    let protocol = p.view.protocol();
    // Where a value comes from: the story's `set`, or its release's default.
    let source = |key: SettingKey| {
        let from = p.view.source_of(key);
        html! {
            <small class="source" data-testid={format!("source-{}", key.name())}
                data-source={if from == SettingSource::Script { "script" } else { "release" }}>
                { narrate::setting_source(lang, from, protocol) }
            </small>
        }
    };
    html! {
        <details class="settings">
            <summary>{ label(lang, Label::Settings) }</summary>
            <label>
                <span>{ label(lang, Label::MinIsr) }</span>
                <select data-testid="min-isr" onchange={set(|v| v.parse().ok().map(Setting::MinInsyncReplicas))}>
                    { for (1..=brokers.max(config.min_insync_replicas)).map(|n| html! {
                        <option value={n.to_string()} selected={n == config.min_insync_replicas}>{ n }</option>
                    }) }
                </select>
                { source(SettingKey::MinInsyncReplicas) }
            </label>
            <label>
                <input type="checkbox" data-testid="unclean" checked={config.unclean_leader_election} onchange={on_unclean} />
                <span>{ label(lang, Label::UncleanElection) }</span>
                { source(SettingKey::UncleanLeaderElection) }
            </label>
            <label>
                <span>{ label(lang, Label::LagTime) }</span>
                <input type="number" min="0" step="1000" data-testid="lag-time" value={config.replica_lag_time_max_ms.to_string()}
                    onchange={set(|v| v.parse().ok().map(Setting::ReplicaLagTimeMaxMs))} />
                { source(SettingKey::ReplicaLagTimeMaxMs) }
            </label>
            <label>
                <span>{ label(lang, Label::Acks) }</span>
                <select data-testid="default-acks" onchange={set(|v| Acks::from_name(v).map(Setting::Acks))}>
                    { for [Acks::None, Acks::Leader, Acks::All].iter().map(|a| html! {
                        <option value={a.name()} selected={config.acks == *a}>{ a.name() }</option>
                    }) }
                </select>
                if p.view.source_of(SettingKey::Acks) == SettingSource::Script {
                    { source(SettingKey::Acks) }
                } else {
                    <small class="source" data-testid="source-acks" data-source="lab">{ narrate::lab_acks(lang, protocol) }</small>
                }
            </label>
            <label>
                <span>{ label(lang, Label::AutoOffsetReset) }</span>
                <select data-testid="auto-offset-reset" onchange={set(|v| OffsetReset::from_name(v).map(Setting::AutoOffsetReset))}>
                    { for [OffsetReset::Latest, OffsetReset::Earliest, OffsetReset::None].iter().map(|r| html! {
                        <option value={r.name()} selected={config.auto_offset_reset == *r}>{ r.name() }</option>
                    }) }
                </select>
                { source(SettingKey::AutoOffsetReset) }
            </label>
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
