//! A share link that could not be opened: what is wrong with it. Nothing of it
//! was loaded.

use replab_narrate::{label, link_error, Label, Lang, LinkProblem};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LinkAlertProps {
    pub lang: Lang,
    pub problem: LinkProblem,
    pub on_close: Callback<()>,
}

#[function_component(LinkAlert)]
pub fn link_alert(p: &LinkAlertProps) -> Html {
    html! {
        <div class="notice link-problem" role="alert" data-testid="link-error">
            <span><strong>{ label(p.lang, Label::LinkProblemTitle) }</strong>{ ": " }{ link_error(p.lang, &p.problem) }</span>
            <button aria-label={label(p.lang, Label::Close)} onclick={p.on_close.reform(|_| ())}>{ "×" }</button>
        </div>
    }
}
