//! The story's controls: preset choice (or an empty partition), the Kafka
//! release ("Which Kafka?", every offered line) and the five generations
//! among them, language, help. They
//! stand first in the story menu (`app.rs`), which a narrow screen opens as a
//! sheet and a wide one shows in the page.

use super::{close_story_menu, target_value};
use crate::presets::{self, PRESETS};
use crate::state::Loaded;
use replab_core::protocol::ControllerKind;
use replab_core::scenario;
use replab_core::Protocol;
use replab_narrate::{self as narrate, label, Label, Lang};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    pub lang: Lang,
    pub protocol: Protocol,
    /// The lines the story's settings are not in (`refused_lines`).
    pub refused: Rc<[Protocol]>,
    pub preset: Option<&'static str>,
    pub actions: HeaderActions,
}

/// What the header's controls do: load a preset (or say it could not be
/// fetched) or an empty partition, switch protocol or language, open the help.
#[derive(Clone, PartialEq)]
pub struct HeaderActions {
    pub load: Callback<Rc<Loaded>>,
    pub empty: Callback<()>,
    pub preset_unavailable: Callback<String>,
    pub protocol: Callback<Protocol>,
    pub lang: Callback<Lang>,
    pub open_help: Callback<()>,
}

/// The offered lines of one controller as a menu's group, the latest first.
/// `full`: every line, each with what changed since the row before as its
/// title ("Which Kafka?"); otherwise those that are no generation, plain
/// ("Compare with" lists the generations above). `current` is selected,
/// `disabled` cannot be chosen; a line in `refused` cannot either, and its
/// title says why (the story's settings are not in that release).
pub fn release_group(
    lang: Lang,
    controller: ControllerKind,
    current: Option<Protocol>,
    disabled: Option<Protocol>,
    refused: &[Protocol],
    full: bool,
) -> Html {
    let name = match controller {
        ControllerKind::ZooKeeper => label(lang, Label::ReleaseGroupZookeeper),
        ControllerKind::KRaft => label(lang, Label::ReleaseGroupKraft),
    };
    let lines: Vec<Protocol> = Protocol::releases()
        .filter(|r| r.controller() == controller && (full || !r.is_generation()))
        .collect();
    html! {
        <optgroup label={name}>
            { for lines.into_iter().rev().map(|r| html! {
                <option value={r.name()} data-release={r.name()} data-generation={r.release().generation}
                    selected={Some(r) == current} disabled={Some(r) == disabled || refused.contains(&r)}
                    data-refused={refused.contains(&r).then_some("true")}
                    title={match refused.contains(&r) {
                        true => Some(narrate::not_in_release(lang, r)),
                        false => full.then(|| narrate::release_changes(lang, r).to_string()),
                    }}>
                    { narrate::release_option(lang, r) }
                </option>
            }) }
        </optgroup>
    }
}

/// The preset menu's value for an empty partition.
const EMPTY: &str = "empty";

#[function_component(Header)]
pub fn header(p: &HeaderProps) -> Html {
    let lang = p.lang;
    let c = &p.actions;
    // A protocol chosen while a preset's file is fetched: the preset, once
    // loaded, is switched to it, as if it had been chosen after.
    let chosen = use_mut_ref(|| None::<Protocol>);
    let on_protocol = {
        let protocol = c.protocol.clone();
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            if let Some(proto) = Protocol::from_name(&target_value(&e)) {
                close_story_menu();
                *chosen.borrow_mut() = Some(proto);
                protocol.emit(proto);
            }
        })
    };
    let on_preset = {
        let load = c.load.clone();
        let empty = c.empty.clone();
        let unavailable = c.preset_unavailable.clone();
        let shown = p.preset.unwrap_or_default();
        Callback::from(move |e: Event| {
            close_story_menu();
            let value = target_value(&e);
            if value == EMPTY {
                chosen.borrow_mut().take();
                return empty.emit(());
            }
            let Some(preset) = presets::find(&value) else {
                return;
            };
            let (load, unavailable, chosen) = (load.clone(), unavailable.clone(), chosen.clone());
            chosen.borrow_mut().take();
            let select = e.target_dyn_into::<web_sys::HtmlSelectElement>();
            yew::platform::spawn_local(async move {
                let text = presets::text(preset).await;
                // Another preset chosen while this one was fetched wins.
                if select.as_ref().is_some_and(|s| s.value() != preset.id) {
                    return;
                }
                match text {
                    // The presets are the tested scenario files: they always parse.
                    Ok(text) => {
                        // Built once, under the protocol chosen meanwhile if any.
                        let chosen = chosen.borrow_mut().take();
                        let loaded = scenario::parse(&text)
                            .ok()
                            .and_then(|script| Loaded::build(&script, text, chosen, Some(preset.id)).ok());
                        if let Some(loaded) = loaded {
                            load.emit(Rc::new(loaded));
                        }
                    }
                    Err(why) => {
                        // The choice goes back to the story still shown.
                        if let Some(s) = &select {
                            s.set_value(shown);
                        }
                        unavailable.emit(why);
                    }
                }
            });
        })
    };
    let on_lang = {
        let set = c.lang.clone();
        Callback::from(move |e: Event| {
            close_story_menu();
            if let Some(l) = Lang::from_code(&target_value(&e)) {
                set.emit(l);
            }
        })
    };
    html! {
        <div class="header-controls">
            <label>
                <span>{ label(lang, Label::Preset) }</span>
                <select data-testid="preset" onchange={on_preset}>
                    // A story the reader made or opened from a link is no preset.
                    <option value="" hidden=true selected={p.preset.is_none()}>{ label(lang, Label::PresetChoose) }</option>
                    <option value={EMPTY} data-testid="preset-empty">{ label(lang, Label::PresetEmpty) }</option>
                    { for PRESETS.iter().map(|pr| html! {
                        <option value={pr.id} selected={p.preset == Some(pr.id)}>{ label(lang, pr.title) }</option>
                    }) }
                </select>
            </label>
            <label class="release">
                <span>{ label(lang, Label::Release) }</span>
                <select data-testid="release-menu" onchange={on_protocol.clone()} aria-describedby="protocol-note">
                    { release_group(lang, ControllerKind::ZooKeeper, Some(p.protocol), None, &p.refused, true) }
                    { release_group(lang, ControllerKind::KRaft, Some(p.protocol), None, &p.refused, true) }
                </select>
            </label>
            <label>
                <span>{ label(lang, Label::Protocol) }</span>
                <select data-testid="protocol" onchange={on_protocol} title={narrate::protocol_note(lang, p.protocol)}
                    aria-describedby="protocol-note">
                    // A line that is no generation: the generations' menu says so.
                    if !p.protocol.is_generation() {
                        <option value="" hidden=true selected=true>{ label(lang, Label::ProtocolOther) }</option>
                    }
                    { for Protocol::ALL.iter().map(|&proto| html! {
                        <option value={proto.name()} selected={proto == p.protocol} title={narrate::protocol_note(lang, proto)}>
                            { narrate::protocol_option(lang, proto) }
                        </option>
                    }) }
                </select>
            </label>
            <label class="lang">
                <span>{ label(lang, Label::Language) }</span>
                <select data-testid="lang" onchange={on_lang}>
                    { for Lang::ALL.iter().map(|&l| html! {
                        <option value={l.code()} lang={l.tag()} selected={l == lang}>{ l.name() }</option>
                    }) }
                </select>
            </label>
            <button class="help-button" data-testid="help" aria-label={label(lang, Label::Help)} title={label(lang, Label::Help)}
                onclick={c.open_help.reform(|_| { close_story_menu(); })}>
                { "?" }<span class="help-text" aria-hidden="true">{ label(lang, Label::Help) }</span>
            </button>
            <p class="protocol-note" id="protocol-note" data-testid="protocol-note">
                { narrate::protocol_note(lang, p.protocol) }
            </p>
        </div>
    }
}
