//! The scenario editor: type or paste a script and load it. Errors name their
//! line, and the current state stays as it was until a script loads.
//!
//! A long scenario (a pasted history of 100,000 records is 1.5 MB) is edited a
//! window of lines at a time: the browser lays out a text area's whole text on
//! every keystroke (about 50 ms for 1.5 MB), so the text area holds
//! `WINDOW_LINES` lines and the rest waits outside it, unchanged, until the
//! reader moves the window or loads.

use super::chunk;
use crate::state::Loaded;
use replab_core::scenario::{self, ScriptError};
use replab_core::timeline::Timeline;
use replab_narrate::{self as narrate, label, Label, Lang, Names};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq, Clone)]
pub struct EditorProps {
    pub lang: Lang,
    /// The history shown ("Current history" writes it out).
    pub timeline: Timeline,
    pub title: Option<Rc<str>>,
    /// The text of the scenario last loaded: the editor shows it, to edit.
    pub source: Option<Rc<str>>,
    /// Loads a scenario that parses and loads.
    pub on_load: Callback<Rc<Loaded>>,
}

/// A text longer than this (in bytes) is edited a window at a time.
const LARGE: usize = 200_000;
/// Lines in the text area when the text is long.
const WINDOW_LINES: usize = 2_000;

/// The text outside the text area while a long text is edited a window at a time.
#[derive(Clone, Debug, Default, PartialEq)]
struct Outside {
    before: String,
    after: String,
    /// The window's first line (0-based) and the text's number of lines.
    first: usize,
    total: usize,
}

/// The byte offset where line `n` (0-based) of `text` starts (its length past the end).
fn line_start(text: &str, n: usize) -> usize {
    let mut newlines = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
    match n {
        0 => 0,
        n => newlines.nth(n - 1).map_or(text.len(), |(i, _)| i + 1),
    }
}

/// How many lines `text` has (a last line without a newline counts).
fn line_count(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count() + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

/// `text` split around the window of lines from `first` (moved back so that it
/// is full when it can be): what is outside, and the window. None when the text
/// is short enough to edit whole.
fn window(text: &str, first: usize) -> Option<(Outside, &str)> {
    if text.len() <= LARGE {
        return None;
    }
    let total = line_count(text);
    let first = first.min(total.saturating_sub(WINDOW_LINES));
    let start = line_start(text, first);
    let end = start + line_start(&text[start..], WINDOW_LINES);
    let outside = Outside {
        before: text[..start].to_string(),
        after: text[end..].to_string(),
        first,
        total,
    };
    Some((outside, &text[start..end]))
}

/// The panel, closed until a reader opens it: a story reader never edits, so
/// its body is a chunk of the page (`editor_chunk`), fetched when the heading
/// is pointed at or the panel first opens. Once open, the body stays (closing
/// hides it): what the reader typed is kept.
#[function_component(Editor)]
pub fn editor(p: &EditorProps) -> Html {
    let (opened, ontoggle) = chunk::use_opened();
    html! {
        <details class="panel editor" data-testid="editor" {ontoggle}>
            { chunk::heading("editor-open", preload_editor, label(p.lang, Label::Editor)) }
            if opened {
                <EditorLoaded ..p.clone() />
            }
        </details>
    }
}

chunk::split_panel!(
    /// The editor's body, in its own chunk: the text area, its window over a
    /// long text, loading and the script's errors.
    editor, preload_editor, editor_chunk, EditorLoaded(EditorProps) => EditorBody
);

/// The text area holds its own text: a keystroke re-renders nothing, however
/// long the scenario; the text is read when it is loaded.
#[function_component(EditorBody)]
fn editor_body(p: &EditorProps) -> Html {
    let lang = p.lang;
    let area = use_node_ref();
    let outside = use_mut_ref(|| None::<Outside>);
    // The window shown (first line, 0-based; lines in the text area; total
    // lines; bytes), for the bar above the text area.
    let shown = use_state(|| None::<(usize, usize, usize, usize)>);
    // The whole text: the text area's, with what waits outside it.
    let text_of = {
        let (area, outside) = (area.clone(), outside.clone());
        move || {
            let inside = area
                .cast::<web_sys::HtmlTextAreaElement>()
                .map(|a| a.value())
                .unwrap_or_default();
            match &*outside.borrow() {
                Some(o) => [o.before.as_str(), &inside, &o.after].concat(),
                None => inside,
            }
        }
    };
    // Shows `text`, whole or the window of lines from `first`.
    let set_text = {
        let (area, outside, shown) = (area.clone(), outside.clone(), shown.clone());
        move |text: &str, first: usize| {
            let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() else {
                return;
            };
            let (inside, o) = match window(text, first) {
                Some((o, inside)) => (inside, Some(o)),
                None => (text, None),
            };
            shown.set(
                o.as_ref()
                    .map(|o| (o.first, inside.lines().count(), o.total, text.len())),
            );
            *outside.borrow_mut() = o;
            // Setting an equal text would only move the caret.
            if a.value() != inside {
                a.set_value(inside);
            }
        }
    };
    // The text the text area starts with, as the page is drawn at build time
    // (a preset's page shows its scenario before the wasm): the loaded text, or
    // its first window. The effect below keeps it from then on.
    let first_text = use_memo(p.source.clone(), |source| {
        source.as_deref().map(|text| {
            let end = if text.len() <= LARGE {
                text.len()
            } else {
                line_start(text, WINDOW_LINES)
            };
            AttrValue::from(text[..end].to_string())
        })
    });
    {
        let set_text = set_text.clone();
        use_effect_with(p.source.clone(), move |source| {
            if let Some(source) = source {
                set_text(source, 0);
            }
        });
    }
    // A long text pasted or typed into the text area goes into a window too.
    let on_input = {
        let (area, outside, text_of, set_text) = (area.clone(), outside.clone(), text_of.clone(), set_text.clone());
        Callback::from(move |_: InputEvent| {
            let long = area
                .cast::<web_sys::HtmlTextAreaElement>()
                .is_some_and(|a| a.text_length() as usize > LARGE);
            if long {
                let first = outside.borrow().as_ref().map_or(0, |o| o.first);
                set_text(&text_of(), first);
            }
        })
    };
    // Everything selected (Ctrl+A selects the window) and replaced or deleted:
    // the reader means the whole text, so nothing waits outside any more.
    // (Yew has no beforeinput listener: a native one, for the text area's life.)
    {
        let (area, outside, shown) = (area.clone(), outside.clone(), shown.clone());
        use_effect_with((), move |_| {
            let a = area.cast::<web_sys::HtmlTextAreaElement>();
            let listener = a.clone().map(|target| {
                gloo::events::EventListener::new(&target, "beforeinput", move |_| {
                    let Some(a) = &a else { return };
                    let all = a.selection_start().ok().flatten() == Some(0)
                        && a.selection_end().ok().flatten() == Some(a.text_length());
                    if all && outside.borrow_mut().take().is_some() {
                        shown.set(None);
                    }
                })
            });
            move || drop(listener)
        });
    }
    let move_window = |forward: bool| {
        let (outside, text_of, set_text) = (outside.clone(), text_of.clone(), set_text.clone());
        Callback::from(move |_: MouseEvent| {
            let first = outside.borrow().as_ref().map_or(0, |o| o.first);
            let first = if forward {
                first + WINDOW_LINES
            } else {
                first.saturating_sub(WINDOW_LINES)
            };
            set_text(&text_of(), first);
        })
    };
    // The error with the names it refers to, so it can be re-worded in either language.
    let error = use_state(|| None::<(ScriptError, Vec<String>)>);
    let on_load = {
        let text_of = text_of.clone();
        let error = error.clone();
        let load = p.on_load.clone();
        Callback::from(move |_| {
            let text = text_of();
            match scenario::parse_within_limits(&text) {
                Err(e) => error.set(Some((e, Vec::new()))),
                Ok(script) => match Loaded::build(&script, Rc::from(text), None, None) {
                    Err(e) => error.set(Some((e, script.brokers.clone()))),
                    Ok(loaded) => {
                        error.set(None);
                        load.emit(Rc::new(loaded));
                    }
                },
            }
        })
    };
    let on_copy = {
        let set_text = set_text.clone();
        let t = p.timeline.clone();
        let title = p.title.clone();
        Callback::from(move |_| {
            set_text(&scenario::history_text(title.as_deref(), t.setup(), t.commands()), 0);
        })
    };
    html! {
        <>
            <p class="hint">{ label(lang, Label::EditorHint) }</p>
            if let Some((first, lines, total, bytes)) = *shown {
                <p class="editor-window" data-testid="editor-window" data-first={(first + 1).to_string()}>
                    <span>{ narrate::editor_window(lang, first + 1, first + lines, total, bytes) }</span>
                    <button data-testid="editor-earlier" disabled={first == 0} onclick={move_window(false)}>
                        { label(lang, Label::EditorEarlier) }
                    </button>
                    <button data-testid="editor-later" disabled={first + lines >= total} onclick={move_window(true)}>
                        { label(lang, Label::EditorLater) }
                    </button>
                </p>
            }
            <textarea data-testid="scenario-editor" rows="10" spellcheck="false" ref={area} oninput={on_input}
                defaultvalue={(*first_text).clone()}
                aria-label={label(lang, Label::Editor)} aria-invalid={error.is_some().to_string()}
                placeholder={"title My story\nprotocol kip-279\nbrokers A B C\nproduce m1\nfetch B\ncrash A"} />
            <div class="editor-actions">
                <button data-testid="load-scenario" class="primary" onclick={on_load}>{ label(lang, Label::LoadScenario) }</button>
                <button data-testid="copy-history" onclick={on_copy}>{ label(lang, Label::CurrentScript) }</button>
            </div>
            if let Some((e, names)) = &*error {
                <p class="error" role="alert" data-testid="scenario-error" data-line={e.line.to_string()}>
                    { narrate::script_error(lang, &Names(names), e) }
                </p>
            }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn long(lines: usize) -> String {
        (1..=lines).map(|i| format!("produce m{i}\n")).collect()
    }

    #[test]
    fn a_short_text_is_edited_whole() {
        assert_eq!(window("brokers A B\nproduce m1\n", 0), None);
    }

    #[test]
    fn a_long_text_is_cut_at_line_starts_and_put_back_together() {
        let text = long(30_000);
        assert!(text.len() > LARGE);
        for first in [0, 1, 2_000, 27_999, 28_000, 29_999, 50_000] {
            let (o, inside) = window(&text, first).expect("long");
            assert_eq!([o.before.as_str(), inside, &o.after].concat(), text);
            assert_eq!(o.total, 30_000);
            // A full window, moved back at the end.
            assert_eq!(inside.lines().count(), WINDOW_LINES);
            assert_eq!(o.first, first.min(28_000));
            assert!(o.before.is_empty() || o.before.ends_with('\n'));
            assert_eq!(
                inside.lines().next(),
                Some(format!("produce m{}", o.first + 1).as_str())
            );
        }
    }

    #[test]
    fn a_long_text_without_a_final_newline_keeps_its_last_line() {
        let text = format!("{}last", long(30_000));
        let (o, inside) = window(&text, usize::MAX).expect("long");
        assert_eq!(o.total, 30_001);
        assert!(inside.ends_with("\nlast") && o.after.is_empty());
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod rendered_tests {
    use super::*;
    use crate::components::{history_of, rendered};

    fn props(source: Option<&str>) -> EditorProps {
        EditorProps {
            lang: Lang::EN,
            timeline: history_of("brokers A B\n", None),
            title: None,
            source: source.map(Rc::from),
            on_load: Callback::noop(),
        }
    }

    fn editor(source: Option<&str>) -> String {
        rendered::<EditorBody>(props(source))
    }

    /// The panel starts closed, its body not drawn: the page drawn at build
    /// time, and the first download, carry none of it.
    #[test]
    fn the_panel_starts_closed_without_its_body() {
        let html = rendered::<Editor>(props(Some("brokers A B\nproduce m1\n")));
        assert!(html.contains(r#"data-testid="editor-open""#), "{html}");
        assert!(!html.contains(" open") && !html.contains("<textarea"), "{html}");
    }

    /// The opened editor shows the loaded scenario; a long one, its first window.
    #[test]
    fn the_text_area_starts_with_the_loaded_text() {
        let text = "brokers A B\nproduce m1 & <m2>\n";
        assert!(editor(Some(text)).contains(">brokers A B\nproduce m1 &amp; &lt;m2&gt;\n</textarea>"));
        assert!(editor(None).contains("></textarea>"));
        let long: String = (0..30_000).map(|i| format!("produce m{i}\n")).collect();
        let html = editor(Some(&long));
        assert!(html.contains(">produce m0\n"));
        assert!(
            html.contains("produce m1999\n</textarea>"),
            "the first {WINDOW_LINES} lines"
        );
        assert!(!html.contains("produce m2000\n"));
    }
}
