//! "Find a failure": the exhaustive checker (replab-check) run in a Web Worker.
//! The worker is its own wasm module (`crates/worker`, built by Trunk beside the
//! page), downloaded the first time the reader runs it: none of the explorer is
//! in the page's first download. The page sends the current history's header
//! (brokers, leader, settings, under the current protocol) and the bounds, shows
//! the progress, and loads a history found exactly as the editor's Load does.
//! Cancel terminates the worker; every run starts a new one.

use super::{target_checked, target_value, Dispatch, History};
use crate::state::{load_script, Action};
use replab_core::{scenario, Protocol, ViolationKind};
use replab_narrate::{self as narrate, label, CheckerOutcome, Label, Lang};
use replab_worker::message::{to_js, Bounds, Reply, Request};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The worker's loader (Trunk's `data-loader-shim`), beside the page.
const WORKER_URL: &str = "./replab-worker_loader.js";

/// Distinct states after which a run stops: with three brokers about 230 MB,
/// which a phone's tab survives.
pub const STATE_LIMIT: u32 = 300_000;

#[derive(Properties, PartialEq)]
pub struct CheckerProps {
    pub lang: Lang,
    pub history: History,
    pub dispatch: Dispatch,
}

#[derive(Clone, Debug, PartialEq)]
enum Status {
    Idle,
    /// The worker is being downloaded and started.
    Loading,
    Running {
        states: u32,
        depth: u32,
    },
    Cancelled {
        states: u32,
        depth: u32,
    },
    /// How the search ended; for a violation, the history found as scenario text.
    Done {
        outcome: CheckerOutcome,
        scenario: Option<Rc<str>>,
    },
    /// The request was refused, worded by the worker in both languages.
    Invalid {
        en: Rc<str>,
        zh: Rc<str>,
    },
    /// The worker failed (could not load, or stopped): what the browser said.
    Failed(Rc<str>),
}

/// The panel's run: its number (replies of an older run are ignored) and status.
#[derive(Clone, Debug, PartialEq)]
struct Checker {
    run: u32,
    status: Status,
}

enum Msg {
    Start(u32),
    Reply(u32, Protocol, Reply),
    Failed(u32, String),
    Cancel,
}

impl Reducible for Checker {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let busy = matches!(self.status, Status::Loading | Status::Running { .. });
        let status = match msg {
            Msg::Start(run) => {
                return Rc::new(Checker {
                    run,
                    status: Status::Loading,
                })
            }
            Msg::Cancel => match self.status {
                Status::Loading => Status::Cancelled { states: 0, depth: 0 },
                Status::Running { states, depth } => Status::Cancelled { states, depth },
                _ => return self,
            },
            Msg::Reply(run, ..) | Msg::Failed(run, _) if run != self.run || !busy => return self,
            Msg::Failed(_, text) => Status::Failed(text.into()),
            Msg::Reply(_, protocol, reply) => match status_of(protocol, reply) {
                Some(status) => status,
                None => return self,
            },
        };
        Rc::new(Checker { run: self.run, status })
    }
}

/// What a reply from the worker says about the run (None: nothing new).
fn status_of(protocol: Protocol, reply: Reply) -> Option<Status> {
    let done = |outcome| Status::Done {
        outcome,
        scenario: None,
    };
    Some(match reply {
        Reply::Ready => return None,
        Reply::Progress { states, depth, .. } => Status::Running { states, depth },
        Reply::Violation {
            kind,
            steps,
            states,
            scenario,
        } => match ViolationKind::from_name(&kind) {
            Some(kind) => Status::Done {
                outcome: CheckerOutcome::Violation {
                    protocol,
                    kind,
                    steps,
                    states,
                },
                scenario: Some(scenario.into()),
            },
            None => Status::Failed(format!("unknown violation kind '{kind}'").into()),
        },
        Reply::NoViolation { states, depth } => done(CheckerOutcome::NoViolation {
            protocol,
            states,
            depth,
        }),
        Reply::StateLimit { states, depth, limit } => done(CheckerOutcome::StateLimit {
            protocol,
            states,
            depth,
            limit,
        }),
        Reply::ReplayFailed { at_step } => done(CheckerOutcome::ReplayFailed { at_step }),
        Reply::Invalid { en, zh } => Status::Invalid {
            en: en.into(),
            zh: zh.into(),
        },
    })
}

/// A started worker and its handlers; dropping it stops the worker.
struct Running {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

fn js_error(e: wasm_bindgen::JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_default()
}

/// Starts a worker for `request`: it says when it is ready, then gets the request.
fn start(
    request: &Request,
    protocol: Protocol,
    run: u32,
    dispatch: UseReducerDispatcher<Checker>,
) -> Result<Running, String> {
    let message = to_js(request).map_err(|e| e.to_string())?;
    let worker = web_sys::Worker::new(WORKER_URL).map_err(js_error)?;
    let on_message = {
        let worker = worker.clone();
        let dispatch = dispatch.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            match Reply::read(&e.data()) {
                Some(Reply::Ready) => {
                    if let Err(e) = worker.post_message(&message) {
                        dispatch.dispatch(Msg::Failed(run, js_error(e)));
                    }
                }
                Some(reply) => {
                    // Done: give the worker's memory back at once.
                    if reply.is_final() {
                        worker.terminate();
                    }
                    dispatch.dispatch(Msg::Reply(run, protocol, reply));
                }
                None => dispatch.dispatch(Msg::Failed(run, String::new())),
            }
        })
    };
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        // Handled here: not an uncaught error of the page.
        e.prevent_default();
        let text = e
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .unwrap_or_default();
        dispatch.dispatch(Msg::Failed(run, text));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Running {
        worker,
        _on_message: on_message,
        _on_error: on_error,
    })
}

#[function_component(CheckerPanel)]
pub fn checker_panel(p: &CheckerProps) -> Html {
    let lang = p.lang;
    let checker = use_reducer(|| Checker {
        run: 0,
        status: Status::Idle,
    });
    let bounds = use_state(|| Bounds::with_limit(STATE_LIMIT as usize));
    let running = use_mut_ref(|| None::<Running>);
    {
        // The worker stops with the panel.
        let running = running.clone();
        use_effect_with((), move |_| move || drop(running.borrow_mut().take()));
    }
    let setup = p.history.timeline.borrow().setup().clone();
    let busy = matches!(checker.status, Status::Loading | Status::Running { .. });

    let on_run = {
        let running = running.clone();
        let dispatch = checker.dispatcher();
        let run = checker.run + 1;
        let bounds = *bounds;
        let setup = setup.clone();
        Callback::from(move |_| {
            running.borrow_mut().take();
            dispatch.dispatch(Msg::Start(run));
            let request = Request {
                scenario: scenario::history_text(None, &setup, &[]),
                protocol: setup.protocol.name().into(),
                bounds,
            };
            match start(&request, setup.protocol, run, dispatch.clone()) {
                Ok(r) => *running.borrow_mut() = Some(r),
                Err(e) => dispatch.dispatch(Msg::Failed(run, e)),
            }
        })
    };
    let on_cancel = {
        let running = running.clone();
        let dispatch = checker.dispatcher();
        Callback::from(move |_| {
            running.borrow_mut().take();
            dispatch.dispatch(Msg::Cancel);
        })
    };

    // The bounds' fields, from one table: a number (with its highest value) or
    // a toggle each.
    let field = |&(l, testid, field): &(Label, &'static str, Field)| {
        let b = bounds.clone();
        let (input, class) = match field {
            Field::Number(get, set, max) => {
                let oninput = Callback::from(move |e: InputEvent| {
                    if let Ok(n) = target_value(&e).parse::<u32>() {
                        let mut next = *b;
                        set(&mut next, n.min(max));
                        b.set(next);
                    }
                });
                let value = get(&bounds).to_string();
                (
                    html! { <input type="number" min="0" max={max.to_string()} {value} data-testid={testid} {oninput} /> },
                    "number",
                )
            }
            Field::Toggle(get, set) => {
                let onchange = Callback::from(move |e: Event| {
                    let mut next = *b;
                    set(&mut next, target_checked(&e));
                    b.set(next);
                });
                (
                    html! { <input type="checkbox" checked={get(&bounds)} data-testid={testid} {onchange} /> },
                    "toggle",
                )
            }
        };
        html! { <label class={class}><span>{ label(lang, l) }</span>{ input }</label> }
    };

    let progress = match checker.status {
        Status::Loading => Some((label(lang, Label::CheckerLoading).to_string(), 0)),
        Status::Running { states, depth } => Some((narrate::checker_progress(lang, states, depth, false), states)),
        Status::Cancelled { states, depth } => Some((narrate::checker_progress(lang, states, depth, true), states)),
        _ => None,
    };
    // The result: its kind (a class and data-outcome), a headline, its words and,
    // for a violation, the history found.
    let result = match &checker.status {
        Status::Done { outcome, scenario } => {
            let (kind, headline) = match outcome {
                CheckerOutcome::Violation { kind, .. } => ("violation", Some(*kind)),
                CheckerOutcome::NoViolation { .. } => ("no-violation", None),
                CheckerOutcome::StateLimit { .. } => ("state-limit", None),
                CheckerOutcome::ReplayFailed { .. } => ("replay-failed", None),
            };
            Some((
                kind,
                headline,
                narrate::checker_outcome(lang, outcome),
                scenario.clone(),
            ))
        }
        Status::Invalid { en, zh } => Some((
            "invalid",
            None,
            (if lang == Lang::Zh { zh } else { en }).to_string(),
            None,
        )),
        Status::Failed(text) => {
            let crashed = label(lang, Label::CheckerCrashed);
            let words = if text.is_empty() {
                crashed.to_string()
            } else {
                format!("{crashed}: {text}")
            };
            Some(("failed", None, words, None))
        }
        _ => None,
    };
    let result = result.map(|(kind, headline, words, scenario)| {
        let replay = scenario.map(|text| {
            let dispatch = p.dispatch.clone();
            let shown = text.to_string();
            // As the editor's Load: the script must parse and load first.
            let onclick = Callback::from(move |_| {
                let Ok(script) = scenario::parse(&text) else { return };
                if load_script(&script).is_ok() {
                    dispatch.dispatch(Action::Load {
                        script: Rc::new(script),
                        text: text.clone(),
                        preset: None,
                    });
                    // Up to the lanes, where the history is now.
                    gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
                }
            });
            html! {
                <>
                    <p class="replay">
                        <button class="primary" data-testid="checker-replay" title={label(lang, Label::CheckerReplayTitle)}
                            {onclick}>{ label(lang, Label::CheckerReplay) }</button>
                        <span class="hint">{ label(lang, Label::CheckerReplayHint) }</span>
                    </p>
                    <details class="found-scenario">
                        <summary>{ label(lang, Label::CheckerFoundScenario) }</summary>
                        <pre data-testid="checker-scenario">{ shown }</pre>
                    </details>
                </>
            }
        });
        html! {
            <div class={classes!("checker-result", kind)} role="status" data-testid="checker-result"
                data-outcome={kind} data-kind={headline.map(|k| k.name())}>
                if let Some(k) = headline {
                    <strong>{ label(lang, super::violations::kind_label(k)) }</strong>
                }
                <p>{ words }</p>
                { for replay }
            </div>
        }
    });

    let limit = narrate::checker_limit(lang, STATE_LIMIT);
    html! {
        <details class="panel checker" data-testid="checker">
            <summary data-testid="checker-open"><h2>{ label(lang, Label::CheckerTitle) }</h2></summary>
            <p class="hint">{ label(lang, Label::CheckerHint) }</p>
            <p class="checker-setup" data-testid="checker-setup">
                <strong>{ label(lang, Label::CheckerSetup) }</strong>{ " " }
                <span class="setup">{ narrate::checker_setup(lang, &setup) }</span>
                <span class="hint">{ " — " }{ label(lang, Label::CheckerSetupHint) }</span>
            </p>
            <fieldset class="checker-bounds" disabled={busy}>
                <legend>{ label(lang, Label::CheckerBounds) }</legend>
                <div class="numbers">{ for BOUNDS[..3].iter().map(field) }</div>
                <div class="toggles">{ for BOUNDS[3..].iter().map(field) }</div>
            </fieldset>
            <p class="hint">{ limit.clone() }</p>
            <div class="editor-actions">
                <button class="primary" data-testid="checker-run" disabled={busy} onclick={on_run}>
                    { label(lang, Label::CheckerRun) }
                </button>
                <button data-testid="checker-cancel" disabled={!busy} onclick={on_cancel}>
                    { label(lang, Label::CheckerCancel) }
                </button>
            </div>
            if let Some((text, states)) = progress {
                <div class="checker-progress">
                    <p data-testid="checker-progress" aria-live="polite">{ text }</p>
                    if busy {
                        <progress max={STATE_LIMIT.to_string()} value={states.to_string()} title={limit.clone()}
                            aria-label={limit} />
                    }
                </div>
            }
            { for result }
        </details>
    }
}

/// One bound: read it from `Bounds`, and set it.
#[derive(Clone, Copy)]
enum Field {
    /// With its highest value.
    Number(fn(&Bounds) -> u32, fn(&mut Bounds, u32), u32),
    Toggle(fn(&Bounds) -> bool, fn(&mut Bounds, bool)),
}

/// The bounds the reader sets, in the order shown.
const BOUNDS: [(Label, &str, Field); 8] = [
    (
        Label::BoundProduces,
        "checker-produces",
        Field::Number(|b| b.max_produces, |b, n| b.max_produces = n, 6),
    ),
    (
        Label::BoundFailures,
        "checker-failures",
        Field::Number(|b| b.max_failures, |b, n| b.max_failures = n, 4),
    ),
    (
        Label::BoundEpoch,
        "checker-epoch",
        Field::Number(|b| b.max_epoch, |b, n| b.max_epoch = n, 9),
    ),
    (
        Label::BoundCleanElections,
        "checker-clean-elections",
        Field::Toggle(|b| b.clean_elections, |b, v| b.clean_elections = v),
    ),
    (
        Label::BoundUncleanElections,
        "checker-unclean-elections",
        Field::Toggle(|b| b.unclean_elections, |b, v| b.unclean_elections = v),
    ),
    (
        Label::BoundUnflushedLoss,
        "checker-unflushed-loss",
        Field::Toggle(|b| b.unflushed_loss, |b, v| b.unflushed_loss = v),
    ),
    (
        Label::BoundLagTicks,
        "checker-lag-ticks",
        Field::Toggle(|b| b.lag_ticks, |b, v| b.lag_ticks = v),
    ),
    (
        Label::BoundMultiCrash,
        "checker-multi-crash",
        Field::Toggle(|b| b.multi_crashes, |b, v| b.multi_crashes = v),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(c: Rc<Checker>, m: Msg) -> Rc<Checker> {
        c.reduce(m)
    }

    #[test]
    fn replies_of_an_older_or_cancelled_run_change_nothing() {
        let mut c = Rc::new(Checker {
            run: 0,
            status: Status::Idle,
        });
        c = reduce(c, Msg::Start(1));
        let progress = |states| Reply::Progress {
            states,
            frontier: 0,
            depth: 3,
        };
        c = reduce(c, Msg::Reply(1, Protocol::Hw, progress(20)));
        assert_eq!(c.status, Status::Running { states: 20, depth: 3 });
        let same = reduce(c.clone(), Msg::Reply(0, Protocol::Hw, progress(40)));
        assert!(Rc::ptr_eq(&same, &c), "an older run's reply is ignored");
        c = reduce(c, Msg::Cancel);
        assert_eq!(c.status, Status::Cancelled { states: 20, depth: 3 });
        let after = reduce(c.clone(), Msg::Reply(1, Protocol::Hw, progress(60)));
        assert!(Rc::ptr_eq(&after, &c), "nothing after a cancel");
    }

    #[test]
    fn a_violation_keeps_its_scenario_for_the_replay() {
        let mut c = Rc::new(Checker {
            run: 0,
            status: Status::Idle,
        });
        c = reduce(c, Msg::Start(1));
        c = reduce(
            c,
            Msg::Reply(
                1,
                Protocol::Hw,
                Reply::Violation {
                    kind: "committed-write-lost".into(),
                    steps: 5,
                    states: 798,
                    scenario: "brokers A B\n".into(),
                },
            ),
        );
        assert_eq!(
            c.status,
            Status::Done {
                outcome: CheckerOutcome::Violation {
                    protocol: Protocol::Hw,
                    kind: ViolationKind::CommittedWriteLost,
                    steps: 5,
                    states: 798
                },
                scenario: Some("brokers A B\n".into())
            }
        );
    }
}
