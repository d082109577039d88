//! A refused click, a protocol switch that could not replay the whole history,
//! or a preset that could not be fetched.

use crate::state::Notice;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    pub lang: Lang,
    pub notice: Notice,
    pub names: Rc<Vec<String>>,
    pub on_close: Callback<()>,
}

#[function_component(NoticeBar)]
pub fn notice_bar(p: &NoticeProps) -> Html {
    let names = Names(&p.names);
    let text = match &p.notice {
        Notice::Refused(e) => narrate::command_error(p.lang, &names, e),
        Notice::ReplayStopped { step, command, error } => format!(
            "{} {} {} → {}: {}",
            label(p.lang, Label::ReplayStopped),
            label(p.lang, Label::Step),
            step + 1,
            command,
            narrate::command_error(p.lang, &names, error)
        ),
        Notice::PresetUnavailable(why) => format!("{} ({why})", label(p.lang, Label::PresetUnavailable)),
    };
    html! {
        <div class="notice" role="alert" data-testid="notice">
            <span>{ text }</span>
            <button aria-label={label(p.lang, Label::Close)} onclick={p.on_close.reform(|_| ())}>{ "×" }</button>
        </div>
    }
}
