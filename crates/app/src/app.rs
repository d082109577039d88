//! The page: header, player, lanes, decision panel, event log, controls, editor.

use crate::components::{
    compare::{compare_picker, CompareColumn},
    consumer_lane::ConsumerLane,
    controls::Controls,
    decision::DecisionPanel,
    editor::Editor,
    event_log::event_log,
    header::Header,
    help::help,
    lane::Lane,
    notice,
    player::{player, PlayerProps},
    release_strip::ReleaseStrip,
    settings::Settings,
    share::ShareBar,
    violations::violations,
    Callbacks, STORY_MENU,
};
use crate::components::{flight::Flights, spacetime::SpaceTime};
use crate::history;
use crate::hooks;
use crate::hooks::{use_autoplay, use_embed_watch, use_keyboard, use_language, use_share_link, use_visibility};
use crate::start::Start;
use replab_narrate::{self as narrate, label, Label, Names};
use std::rc::Rc;
use yew::prelude::*;

/// Every part of the page that is a chunk of its own, fetched ahead once the
/// story has played to its end: a reader's next open waits for nothing.
fn prefetch_panels() {
    use crate::components::{checker, chunk, compare, editor, matrix, share, spacetime};
    chunk::fetch(checker::preload_checker);
    chunk::fetch(matrix::preload_matrix);
    chunk::fetch(compare::preload_compare);
    chunk::fetch(share::preload_share);
    chunk::fetch(spacetime::preload_spacetime);
    chunk::fetch(editor::preload_editor);
}

#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// The first state, built before the first render (`start.rs`).
    pub start: Rc<Start>,
}

#[function_component(App)]
pub fn app(p: &AppProps) -> Html {
    let state = use_reducer(|| p.start.state.clone());
    let dispatch = state.dispatcher();
    let root = use_node_ref();
    use_share_link(&dispatch);
    use_embed_watch(state.embed, &root, &dispatch);
    use_language((!state.opening).then_some(state.lang));
    use_autoplay(&state, &dispatch);
    use_visibility(&dispatch);
    use_keyboard(&state, &dispatch);
    crate::api::use_api(&state, &dispatch);
    // A click on the pre-rendered frame before the app took over.
    use_effect_with((), |_| crate::apply_kept_click());
    // index.html's plain box (a link opening, a page drawn in another form or
    // language) gives way once the app is shown.
    use_effect_with(state.opening, |&opening| {
        if let Some(root) = (!opening).then(|| gloo::utils::document().document_element()).flatten() {
            let _ = root.class_list().remove_1("opening");
        }
    });
    let callbacks = use_memo((), {
        let dispatch = dispatch.clone();
        move |_| Callbacks::new(&dispatch)
    });

    crate::hooks::use_prefetch_after_play(&state, prefetch_panels);
    let timeline = state.timeline();
    // Where safety checks fired and where replicas lost records: found once
    // per history and grown as steps are added, not scanned again on each click.
    let marks = crate::hooks::use_grown(Some(timeline), history::violation_marks_in);
    // The lines this story's settings are not in, offered disabled.
    let refused = (*use_memo(timeline.setup().settings, |s| crate::state::refused_lines(*s))).clone();
    let ghosts = crate::hooks::use_lost_records(Some(timeline), state.cursor, state.view.brokers().len());
    let lang = state.lang;
    let names: Vec<String> = state.view.brokers().iter().map(|b| b.id.clone()).collect();
    let sentences = narrate::step_events(lang, &Names(&names), timeline.events_of(state.cursor));
    let announcement = sentences.join("; ");
    let len = timeline.len();
    // KRaft: how each broker last restarted (a scan back to its latest restart).
    let restarts = history::last_restarts(timeline, state.cursor, &state.view);

    let link_alert = state
        .link_problem
        .as_ref()
        .map(|problem| notice::link_alert(lang, problem, &callbacks.dismiss));
    let full_app = hooks::use_full_app_link(&state, p.start.address.clone());
    let difference = state.comparison.as_ref().and_then(|c| c.first.as_ref()).map(|f| f.step);
    // The lanes, and the messages in motion between them (an embed's only show).
    let lanes = html! {
        <>
            { for (0..state.view.brokers().len()).map(|ix| html! {
                <Lane key={ix} view={state.view.clone()} ix={ix} lang={lang}
                    selected={!state.embed && state.selected == Some(ix)} interactive={!state.embed}
                    ghosts={ghosts[ix].clone()} last_restart={restarts[ix]}
                    folds={state.folds[0].get(ix).cloned().unwrap_or_default()} on_fold={callbacks.fold[0].clone()}
                    on_command={callbacks.command.clone()} on_select={callbacks.select.clone()} />
            }) }
            <Flights lang={lang} timeline={timeline.clone()} cursor={state.cursor} playing={state.playing}
                speed_ms={state.speed_ms} on_screen={state.on_screen} />
            if !state.view.consumers().is_empty() {
                <div class="consumers" role="group" aria-label={label(lang, Label::Consumers)}>
                    { for (0..state.view.consumers().len()).map(|ix| html! {
                        <ConsumerLane key={ix} view={state.view.clone()} ix={ix} lang={lang} interactive={!state.embed}
                            on_command={callbacks.command.clone()} />
                    }) }
                </div>
            }
        </>
    };
    if state.embed {
        return html! {
            <div class={classes!("app", "embed", state.opening.then_some("opening"))} ref={root} data-on-screen={state.on_screen.to_string()}>
                <header class="embed-head">
                    <strong class="embed-title" data-testid="title">{ state.display_title() }</strong>
                    <span class="embed-protocol" title={narrate::protocol_note(lang, state.view.protocol())}>
                        { narrate::protocol_option(lang, state.view.protocol()) }
                    </span>
                    <a class="open-full" data-testid="open-full" href={full_app.href.map(|a| a.to_string())} target="_blank" rel="noopener"
                        onclick={full_app.onclick} onpointerenter={full_app.onintent.reform(|_| ())}
                        onfocus={full_app.onintent.reform(|_| ())} ontouchstart={full_app.onintent.reform(|_| ())}>
                        { label(lang, Label::OpenFullApp) }
                    </a>
                </header>
                { link_alert }
                { player(&PlayerProps { lang, cursor: state.cursor, len, playing: state.playing, speed_ms: state.speed_ms,
                    can_undo: false, marks: marks.clone(), actions: callbacks.player.clone(), difference }) }
                <ul class="now" aria-live="polite" data-testid="announcer">
                    { for sentences.iter().map(|t| html! { <li>{ t.clone() }</li> }) }
                </ul>
                // With `compare=`, the second column beside the first, as in the app.
                <div class={classes!("embed-body", state.compare.is_some().then_some("layout"))}>
                    <section class="lanes" aria-label={label(lang, Label::Partition)}>
                        { lanes }
                    </section>
                    if state.compare.is_some() {
                        <CompareColumn lang={lang} protocol={state.view.protocol()} compare={state.compare} comparison={state.comparison.clone()}
                            timeline={timeline.clone()} folds={state.folds[1].clone()} on_fold={callbacks.fold[1].clone()} cursor={state.cursor} on_step={callbacks.step.clone()} on_compare={callbacks.compare.clone()} picker=true />
                    }
                    <aside class="side">
                        <DecisionPanel lang={lang} timeline={timeline.clone()}
                            cursor={state.cursor} on_step={callbacks.step.clone()} compact=true />
                        // `&spacetime`: the space-time diagram, open.
                        if p.start.spacetime {
                            <SpaceTime lang={lang} timeline={timeline.clone()} cursor={state.cursor} on_step={callbacks.step.clone()} open=true />
                        }
                    </aside>
                </div>
            </div>
        };
    }

    html! {
        <div class={classes!("app", state.opening.then_some("opening"))} ref={root}>
            <header class="header">
                <div class="brand">
                    <h1>{ label(lang, Label::AppTitle) }</h1>
                    if let Some(t) = state.story_title() {
                        <p class="story-title" data-testid="title">{ t }</p>
                    }
                </div>
                // What acts on the whole story, in one place: a sheet over the
                // page on a narrow screen (this button opens it), in the page
                // on a wide one (web/style.css).
                <button class="menu-button" data-testid="menu" popovertarget={STORY_MENU}
                    aria-label={label(lang, Label::StoryMenu)} title={label(lang, Label::StoryMenu)}>
                    <span aria-hidden="true">{ "☰" }</span>
                </button>
                <div id={STORY_MENU} class="story-menu" popover="auto" data-testid="story-menu">
                    <div class="menu-head">
                        <strong>{ label(lang, Label::StoryMenu) }</strong>
                        <button class="menu-close" data-testid="menu-close" popovertarget={STORY_MENU} popovertargetaction="hide"
                            aria-label={label(lang, Label::Close)} title={label(lang, Label::Close)}>{ "✕" }</button>
                    </div>
                    <Header lang={lang} protocol={state.view.protocol()} refused={refused.clone()} preset={state.preset} actions={callbacks.header.clone()} />
                    <p class="tagline">{ label(lang, Label::Tagline) }</p>
                    { compare_picker(lang, state.view.protocol(), state.compare, &refused, &callbacks.compare) }
                    <ShareBar lang={lang} timeline={timeline.clone()} cursor={state.cursor} title={state.written_title()}
                        display_title={Rc::<str>::from(state.display_title())} preset={state.preset} source={state.source.clone()}
                        compare={state.compare} />
                    <Settings lang={lang} view={state.view.clone()} on_command={callbacks.command.clone()} />
                </div>
            </header>
            { player(&PlayerProps { lang, cursor: state.cursor, len, playing: state.playing, speed_ms: state.speed_ms,
                can_undo: state.undo.is_some(), marks: marks.clone(), actions: callbacks.player.clone(), difference }) }
            <ReleaseStrip lang={lang} timeline={timeline.clone()} current={state.view.protocol()}
                on_open={callbacks.header.protocol.clone()} on_compare={callbacks.compare.clone()} />
            if state.cursor == 0 && len > 0 && !state.playing {
                <p class="invite" data-testid="invite">{ label(lang, Label::Invite) }</p>
            }
            { link_alert }
            if let Some(notice) = &state.notice {
                { notice::notice_bar(lang, notice, &names, &callbacks.dismiss) }
            }
            <div class="layout">
                <section class="lanes" aria-label={label(lang, Label::Partition)}>
                    <Controls lang={lang} view={state.view.clone()} next_value={state.next_value()}
                        on_produce={callbacks.produce.clone()} on_command={callbacks.command.clone()} />
                    if state.view.leader().is_none() {
                        <p class="notice offline" role="status" data-testid="offline">
                            { label(lang, if state.view.has_elr() { Label::OfflineKraft } else { Label::Offline }) }
                        </p>
                    }
                    { lanes }
                </section>
                <CompareColumn lang={lang} protocol={state.view.protocol()} compare={state.compare} comparison={state.comparison.clone()}
                    timeline={timeline.clone()} folds={state.folds[1].clone()} on_fold={callbacks.fold[1].clone()} cursor={state.cursor} on_step={callbacks.step.clone()} on_compare={callbacks.compare.clone()} />
                <aside class="side">
                    { violations(lang, &state.view, &marks, &callbacks.step) }
                    <DecisionPanel lang={lang} timeline={timeline.clone()}
                        cursor={state.cursor} on_step={callbacks.step.clone()} />
                    { event_log(lang, timeline, state.cursor, &callbacks.step) }
                    // The space-time diagram.
                    <SpaceTime lang={lang} timeline={timeline.clone()} cursor={state.cursor} on_step={callbacks.step.clone()} />
                </aside>
            </div>
            <Editor lang={lang} timeline={timeline.clone()} title={state.written_title()} source={state.source.clone()}
                on_load={callbacks.load.clone()} />
            <crate::components::checker::CheckerPanel lang={lang} on_load={callbacks.load.clone()}
                setup={Rc::new(timeline.setup().clone())} />
            <crate::components::matrix::MatrixPanel lang={lang} on_load={callbacks.load.clone()}
                setup={Rc::new(timeline.setup().clone())} />
            // What the step did, for a screen reader; on a narrow screen also
            // shown under the player, so a phone reader follows the story
            // without scrolling to the panels (web/style.css).
            <div class="now-line" aria-live="polite" data-testid="announcer">{ announcement }</div>
            if state.help_open {
                { help(lang, &callbacks.close_help) }
            }
        </div>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::App;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    async fn settle() {
        yew::platform::time::sleep(std::time::Duration::from_millis(30)).await;
    }

    fn mount() -> web_sys::Element {
        let document = gloo::utils::document();
        let root = document.create_element("div").expect("div");
        document.body().expect("body").append_child(&root).expect("append");
        let start = std::rc::Rc::new(crate::start::Start::empty(replab_narrate::Lang::EN, false));
        yew::Renderer::<App>::with_root_and_props(root.clone(), super::AppProps { start }).render();
        root
    }

    fn click(root: &web_sys::Element, testid: &str) {
        let el: web_sys::HtmlElement = root
            .query_selector(&format!("[data-testid={testid}]"))
            .expect("query")
            .unwrap_or_else(|| panic!("{testid} is there"))
            .dyn_into()
            .expect("html element");
        el.click();
    }

    fn attr(root: &web_sys::Element, testid: &str, name: &str) -> Option<String> {
        root.query_selector(&format!("[data-testid={testid}]"))
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute(name))
    }

    #[wasm_bindgen_test]
    async fn produce_and_fetch_move_the_lanes() {
        let root = mount();
        settle().await;
        assert_eq!(attr(&root, "broker-A", "data-role").as_deref(), Some("leader"));
        click(&root, "produce");
        settle().await;
        assert_eq!(attr(&root, "broker-A", "data-leo").as_deref(), Some("1"));
        assert_eq!(attr(&root, "record-A-0", "data-epoch").as_deref(), Some("0"));
        click(&root, "fetch-B");
        settle().await;
        assert_eq!(attr(&root, "broker-B", "data-leo").as_deref(), Some("1"));
        assert_eq!(attr(&root, "step", "data-step").as_deref(), Some("2"));
        click(&root, "step-back");
        settle().await;
        assert_eq!(attr(&root, "broker-B", "data-leo").as_deref(), Some("0"));
        root.remove();
    }

    /// Panics abort in wasm, so the hook's work is called directly.
    #[wasm_bindgen_test]
    fn a_panic_shows_a_banner_with_a_reload_button() {
        crate::panic_banner::show();
        crate::panic_banner::show(); // once only
        assert_eq!(
            gloo::utils::document()
                .query_selector_all("#panic-banner")
                .expect("query")
                .length(),
            1
        );
        let banner = gloo::utils::document()
            .get_element_by_id("panic-banner")
            .expect("banner shown");
        assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
        let button = banner.query_selector("button").expect("query").expect("reload button");
        assert_eq!(button.get_attribute("onclick").as_deref(), Some("location.reload()"));
        banner.remove();
    }
}

/// The whole page renders natively (yew's `ssr`, as pre-rendering does): no
/// browser call is made while rendering.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod rendered_tests {
    use super::*;
    use crate::components::rendered;
    use crate::start::Story;
    use replab_narrate::Lang;

    fn page(story: &Story) -> String {
        let start = Start::of(story).expect("loads");
        rendered::<App>(AppProps { start: Rc::new(start) })
    }

    #[test]
    fn the_page_and_its_embed_render_natively_in_both_languages() {
        let empty = rendered::<App>(AppProps {
            start: Rc::new(Start::empty(Lang::EN, false)),
        });
        assert!(
            empty.contains(r#"data-testid="broker-C""#),
            "the default partition's lanes"
        );
        let text: Rc<str> = include_str!("../../../web/scenarios/data-loss.scn").into();
        for &lang in Lang::ALL {
            for embed in [false, true] {
                let html = page(&Story {
                    text: text.clone(),
                    preset: Some("data-loss"),
                    protocol: None,
                    step: Some(5),
                    lang,
                    embed,
                    page: embed.then(|| Rc::from("data-loss.html")),
                    first_visit: false,
                });
                assert!(html.contains(r#"data-testid="step" data-step="5""#), "{html}");
                assert!(html.contains(r#"data-testid="broker-B" data-role="follower" data-leo="0""#));
                assert_eq!(html.contains("embed-head"), embed);
                assert!(html.contains(replab_narrate::label(lang, replab_narrate::Label::Decisions)));
                // An embed's way to the full app works before any script, and without one.
                assert_eq!(html.contains(r#"href="data-loss.html""#), embed);
            }
        }
    }
}
