//! The keyboard shortcuts (`?`).

use replab_narrate::{label, Label, Lang};
use yew::prelude::*;

/// The dialog (a plain function: it holds nothing).
pub fn help(lang: Lang, on_close: &Callback<()>) -> Html {
    let rows = [
        ("Space", Label::KeySpace),
        ("← →", Label::KeyArrows),
        ("p", Label::KeyProduce),
        ("1–7", Label::KeyDigits),
        ("f", Label::KeyFetch),
        ("c", Label::KeyCrash),
        ("s", Label::KeyShutdown),
        ("r", Label::KeyRestart),
        ("b", Label::KeyBounce),
        ("?", Label::KeyHelp),
    ];
    html! {
        <div class="help" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help-dialog">
            <div class="help-box">
                <h2 id="help-title">{ label(lang, Label::Help) }</h2>
                <dl>
                    { for rows.iter().map(|(k, l)| html! { <><dt><kbd>{ *k }</kbd></dt><dd>{ label(lang, *l) }</dd></> }) }
                </dl>
                <button autofocus=true onclick={on_close.reform(|_| ())}>{ label(lang, Label::Close) }</button>
            </div>
        </div>
    }
}
