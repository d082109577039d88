//! Alerts above the lanes: a refused click, a protocol switch that could not
//! replay the whole history, a preset that could not be fetched, a share link
//! that could not be opened. Plain functions, not components: they hold nothing.

use crate::state::Notice;
use replab_narrate::{self as narrate, label, Label, Lang, LinkProblem, Names};
use yew::prelude::*;

/// An alert the reader dismisses: what it says, and a close button.
pub fn alert(
    lang: Lang,
    class: Option<&'static str>,
    testid: &'static str,
    content: Html,
    on_close: &Callback<()>,
) -> Html {
    html! {
        <div class={classes!("notice", class)} role="alert" data-testid={testid}>
            <span>{ content }</span>
            <button aria-label={label(lang, Label::Close)} onclick={on_close.reform(|_| ())}>{ "×" }</button>
        </div>
    }
}

/// A share link that could not be opened: what is wrong with it. Nothing of it
/// was loaded.
pub fn link_alert(lang: Lang, problem: &LinkProblem, on_close: &Callback<()>) -> Html {
    let content = html! {
        <><strong>{ label(lang, Label::LinkProblemTitle) }</strong>{ ": " }{ narrate::link_error(lang, problem) }</>
    };
    alert(lang, Some("link-problem"), "link-error", content, on_close)
}

/// A refused click, a replay that stopped, a preset that could not be fetched.
pub fn notice_bar(lang: Lang, notice: &Notice, names: &[String], on_close: &Callback<()>) -> Html {
    let names = Names(names);
    let text = match notice {
        Notice::Refused(e) => narrate::command_error(lang, &names, e),
        Notice::ReplayStopped { step, command, error } => format!(
            "{} {} {} → {}: {}",
            label(lang, Label::ReplayStopped),
            label(lang, Label::Step),
            step + 1,
            command,
            narrate::command_error(lang, &names, error)
        ),
        Notice::PresetUnavailable(why) => format!("{} ({why})", label(lang, Label::PresetUnavailable)),
        Notice::LanguageUnavailable(why) => format!("{} ({why})", label(lang, Label::LanguageUnavailable)),
        Notice::NotInRelease(p) => narrate::not_in_release(lang, *p),
        // Not a problem: what the switch changed, said once.
        Notice::DefaultsChanged { protocol, changes } => {
            let text = narrate::defaults_changed(lang, *protocol, changes);
            return html! {
                <div class="notice info" role="status" data-testid="defaults-changed">
                    <span>{ text }</span>
                    <button aria-label={label(lang, Label::Close)} onclick={on_close.reform(|_| ())}>{ "×" }</button>
                </div>
            };
        }
    };
    alert(lang, None, "notice", html! { { text } }, on_close)
}
