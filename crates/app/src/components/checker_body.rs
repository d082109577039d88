//! "Find a failure", the checker panel's body: the exhaustive checker
//! (replab-check) run in a Web Worker. The worker is its own wasm module
//! (`crates/worker`), downloaded the first time the reader runs it. The body is
//! rendered once the reader opens the panel (`checker.rs`), and is given the current history's header (brokers, leader,
//! settings, under the current protocol), sends it with the bounds, shows the
//! progress, and hands a history found to the page, which loads it as the
//! editor's Load does. Cancel terminates the worker; every run starts a new one.

use super::found::Found;
use replab_core::{Protocol, Setup, ViolationKind};
use replab_messages::client::{self, js_error, Spawned};
use replab_messages::message::{to_js, Bounds, SearchReply, SearchRequest};
use replab_narrate::{self as narrate, label, CheckerOutcome, Label, Lang};
use replab_view::found;
use std::rc::Rc;
use yew::prelude::*;

/// Distinct states after which a run stops: with three brokers about 230 MB,
/// which a phone's tab survives.
pub const STATE_LIMIT: u32 = 300_000;

#[derive(Properties, PartialEq, Clone)]
pub struct CheckerProps {
    pub lang: Lang,
    /// The page's current history: its setup, and its header as scenario text.
    pub setup: Rc<Setup>,
    pub header: Rc<str>,
    /// Hands the page a history found (Replay).
    pub on_load: Callback<Found>,
}

/// What the panel searches under: one protocol, or each in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// The protocol chosen at the top of the page.
    Page,
    One(Protocol),
    All,
}

impl Choice {
    fn protocols(self, page: Protocol) -> Vec<Protocol> {
        match self {
            Choice::Page => vec![page],
            Choice::One(p) => vec![p],
            Choice::All => Protocol::ALL.to_vec(),
        }
    }
}

/// The search under way, or how the run stopped.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Idle,
    /// The worker for the next protocol is being downloaded and started;
    /// `since`: when (milliseconds, the page's clock), for the rate.
    Loading {
        since: f64,
    },
    Running {
        states: u32,
        depth: u32,
        since: f64,
        now: f64,
    },
    Cancelled {
        states: u32,
        depth: u32,
    },
    /// Every protocol of the run has its result.
    Finished,
}

/// How the search under one protocol ended.
#[derive(Clone, Debug, PartialEq)]
enum Ending {
    /// The checker's outcome; for a violation, the history found as the
    /// worker's wordless script (`found::worded` titles and comments it).
    Outcome {
        outcome: CheckerOutcome,
        script: Option<Rc<str>>,
    },
    /// The request was refused, worded by the worker in the page's language.
    Invalid(Rc<str>),
    /// The worker failed (could not load, or stopped): what the browser said.
    Failed(Rc<str>),
}

#[derive(Clone, Debug, PartialEq)]
struct Finished {
    protocol: Protocol,
    ending: Ending,
    /// Distinct states, and the milliseconds the search took (from the worker's start).
    states: u32,
    millis: f64,
}

/// What the worker is asked, the same for every protocol of a run.
#[derive(Clone, Debug, PartialEq)]
struct Job {
    /// Scenario text with the setup's header.
    scenario: String,
    bounds: Bounds,
    /// The page's language when the run started: a refusal comes in it.
    lang: Lang,
}

/// The panel's run: its number (replies of an older run are ignored), the
/// protocols it searches under in turn, those finished, and the current one.
#[derive(Clone, Debug, PartialEq)]
struct Checker {
    run: u32,
    job: Rc<Job>,
    protocols: Rc<[Protocol]>,
    finished: Vec<Finished>,
    status: Status,
}

impl Checker {
    fn idle() -> Checker {
        Checker {
            run: 0,
            job: Rc::new(Job {
                scenario: String::new(),
                bounds: Bounds::default(),
                lang: Lang::EN,
            }),
            protocols: Rc::from([]),
            finished: Vec::new(),
            status: Status::Idle,
        }
    }

    fn busy(&self) -> bool {
        matches!(self.status, Status::Loading { .. } | Status::Running { .. })
    }

    /// The protocol being searched under now.
    fn current(&self) -> Option<Protocol> {
        self.protocols.get(self.finished.len()).copied()
    }

    /// Ends the current protocol's search with `ending` and goes on to the next,
    /// unless the worker could not run (then the rest would fail the same way).
    fn finish(&mut self, ending: Ending, states: u32, now: f64) {
        let (Some(protocol), Status::Loading { since } | Status::Running { since, .. }) =
            (self.current(), &self.status)
        else {
            return;
        };
        let go_on = matches!(ending, Ending::Outcome { .. });
        self.finished.push(Finished {
            protocol,
            ending,
            states,
            millis: now - since,
        });
        self.status = if go_on && self.current().is_some() {
            Status::Loading { since: now }
        } else {
            Status::Finished
        };
    }
}

enum Msg {
    /// A new run: its number, protocols and request, at a time.
    Start(u32, Rc<[Protocol]>, Rc<Job>, f64),
    /// A reply of run `.0`'s worker, received at `.2`.
    SearchReply(u32, SearchReply, f64),
    Failed(u32, String, f64),
    Cancel,
}

impl Reducible for Checker {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut next = (*self).clone();
        match msg {
            Msg::Start(run, protocols, job, now) => {
                return Rc::new(Checker {
                    run,
                    job,
                    protocols,
                    finished: Vec::new(),
                    status: Status::Loading { since: now },
                })
            }
            Msg::Cancel => {
                next.status = match self.status {
                    Status::Loading { .. } => Status::Cancelled { states: 0, depth: 0 },
                    Status::Running { states, depth, .. } => Status::Cancelled { states, depth },
                    _ => return self,
                }
            }
            Msg::SearchReply(run, ..) | Msg::Failed(run, ..) if run != self.run || !self.busy() => return self,
            Msg::Failed(_, text, now) => next.finish(Ending::Failed(text.into()), 0, now),
            Msg::SearchReply(_, reply, now) => {
                let Some(protocol) = self.current() else { return self };
                match ending_of(protocol, reply) {
                    Step::Nothing => return self,
                    Step::Progress { states, depth } => {
                        let since = match self.status {
                            Status::Loading { since } | Status::Running { since, .. } => since,
                            _ => now,
                        };
                        next.status = Status::Running {
                            states,
                            depth,
                            since,
                            now,
                        }
                    }
                    Step::End(ending, states) => next.finish(ending, states, now),
                }
            }
        }
        Rc::new(next)
    }
}

/// What a reply from the worker says about the search.
enum Step {
    Nothing,
    Progress {
        states: u32,
        depth: u32,
    },
    /// The search ended, after this many distinct states.
    End(Ending, u32),
}

fn ending_of(protocol: Protocol, reply: SearchReply) -> Step {
    let outcome = |outcome, states| Step::End(Ending::Outcome { outcome, script: None }, states);
    match reply {
        SearchReply::Ready | SearchReply::Settles { .. } | SearchReply::Memory { .. } => Step::Nothing,
        SearchReply::Progress { states, depth, .. } => Step::Progress { states, depth },
        SearchReply::Violation {
            kind,
            steps,
            states,
            script,
        } => Step::End(
            Ending::Outcome {
                outcome: CheckerOutcome::Violation {
                    protocol,
                    kind,
                    steps,
                    states,
                },
                script: Some(script.into()),
            },
            states,
        ),
        SearchReply::NoViolation { states, depth } => outcome(
            CheckerOutcome::NoViolation {
                protocol,
                states,
                depth,
            },
            states,
        ),
        SearchReply::StateLimit { states, depth, limit } => outcome(
            CheckerOutcome::StateLimit {
                protocol,
                states,
                depth,
                limit,
            },
            states,
        ),
        // The panel sets a state limit, not a budget: a budget is a limit too.
        SearchReply::OverBudget { states, depth, .. } => outcome(
            CheckerOutcome::StateLimit {
                protocol,
                states,
                depth,
                limit: states,
            },
            states,
        ),
        SearchReply::ReplayFailed { at_step } => outcome(CheckerOutcome::ReplayFailed { at_step }, 0),
        SearchReply::Invalid { message } => Step::End(Ending::Invalid(message.into()), 0),
    }
}

/// The page's clock, in milliseconds.
fn now() -> f64 {
    js_sys::Date::now()
}

/// Starts a worker for `request`: it says when it is ready, then gets the request.
fn start(request: &SearchRequest, run: u32, dispatch: UseReducerDispatcher<Checker>) -> Result<Spawned, String> {
    let message = to_js(request).map_err(|e| e.to_string())?;
    let failed = dispatch.clone();
    client::spawn(
        move |worker, data| match SearchReply::read(&data) {
            Some(SearchReply::Ready) => {
                if let Err(e) = worker.post_message(&message) {
                    dispatch.dispatch(Msg::Failed(run, js_error(e), now()));
                }
            }
            Some(reply) => {
                // Done: give the worker's memory back at once.
                if reply.is_final() {
                    worker.terminate();
                }
                dispatch.dispatch(Msg::SearchReply(run, reply, now()));
            }
            None => dispatch.dispatch(Msg::Failed(run, String::new(), now())),
        },
        move |text| failed.dispatch(Msg::Failed(run, text, now())),
    )
}

#[function_component(CheckerBody)]
pub fn checker_body(p: &CheckerProps) -> Html {
    let lang = p.lang;
    let checker = use_reducer(Checker::idle);
    let bounds = use_state(|| Bounds::with_limit(STATE_LIMIT as usize));
    let choice = use_state(|| Choice::Page);
    let running = use_mut_ref(|| None::<Spawned>);
    {
        // The worker stops with the panel.
        let running = running.clone();
        use_effect_with((), move |_| move || drop(running.borrow_mut().take()));
    }
    {
        // A worker for each protocol of the run in turn: started when the run
        // starts and when the one before has its result.
        let running = running.clone();
        let dispatch = checker.dispatcher();
        let loading = matches!(checker.status, Status::Loading { .. });
        let next = loading.then(|| checker.current()).flatten();
        let (run, job) = (checker.run, checker.job.clone());
        // Keyed on the run and its finished count only: the worker must outlive
        // the move from loading to running.
        use_effect_with((run, checker.finished.len()), move |_| {
            running.borrow_mut().take();
            if let Some(protocol) = next {
                let request = SearchRequest {
                    scenario: job.scenario.clone(),
                    protocol: protocol.name().into(),
                    bounds: job.bounds,
                    matrix: None,
                    lang: job.lang.code().into(),
                };
                match start(&request, run, dispatch.clone()) {
                    Ok(r) => *running.borrow_mut() = Some(r),
                    Err(e) => dispatch.dispatch(Msg::Failed(run, e, now())),
                }
            }
        });
    }
    let setup = &p.setup;
    let busy = checker.busy();

    let on_run = {
        let dispatch = checker.dispatcher();
        let run = checker.run + 1;
        let job = Rc::new(Job {
            scenario: p.header.to_string(),
            bounds: *bounds,
            lang,
        });
        let protocols: Rc<[Protocol]> = choice.protocols(setup.protocol).into();
        Callback::from(move |_| dispatch.dispatch(Msg::Start(run, protocols.clone(), job.clone(), now())))
    };
    let on_cancel = {
        let running = running.clone();
        let dispatch = checker.dispatcher();
        Callback::from(move |_| {
            running.borrow_mut().take();
            dispatch.dispatch(Msg::Cancel);
        })
    };
    let on_choice = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            choice.set(match v.as_str() {
                "all" => Choice::All,
                name => Protocol::from_name(name).map_or(Choice::Page, Choice::One),
            });
        })
    };
    // The select shows the page's protocol until the reader picks another.
    let chosen = match *choice {
        Choice::Page => setup.protocol.name(),
        Choice::One(p) => p.name(),
        Choice::All => "all",
    };
    let protocol_field = html! {
        <label class="protocol-choice">
            <span>{ label(lang, Label::ExploreProtocol) }</span>
            <select data-testid="explore-protocol" onchange={on_choice}>
                { for Protocol::ALL.iter().map(|&proto| html! {
                    <option value={proto.name()} selected={chosen == proto.name()} title={narrate::protocol_note(lang, proto)}>
                        { narrate::protocol_option(lang, proto) }
                    </option>
                }) }
                <option value="all" selected={chosen == "all"}>{ label(lang, Label::ExploreAll) }</option>
            </select>
        </label>
    };

    let field = |f: &(Label, &'static str, Field)| bound_field(lang, &bounds, f.0, f.1.into(), f.2);

    // Progress: which protocol (of how many), states, depth and the rate.
    let count = checker.protocols.len();
    let under = checker
        .current()
        .filter(|_| count > 1)
        .map(|proto| narrate::checker_under(lang, proto, checker.finished.len() + 1, count));
    let progress = match checker.status {
        Status::Loading { .. } => Some((label(lang, Label::CheckerLoading).to_string(), 0)),
        Status::Running {
            states,
            depth,
            since,
            now,
        } => Some((
            format!(
                "{} {}",
                narrate::checker_progress(lang, states, depth, false),
                narrate::checker_rate(lang, states, now - since)
            ),
            states,
        )),
        Status::Cancelled { states, depth } => Some((narrate::checker_progress(lang, states, depth, true), states)),
        Status::Idle | Status::Finished => None,
    };
    let results = checker.finished.iter().map(|f| result(lang, f, &p.on_load));

    let limit = narrate::checker_limit(lang, STATE_LIMIT);
    html! {
        // The body only: the page draws the panel and its heading.
        <>
            <p class="hint">{ label(lang, Label::CheckerHint) }</p>
            <p class="checker-setup" data-testid="checker-setup">
                <strong>{ label(lang, Label::CheckerSetup) }</strong>{ " " }
                <span class="setup">{ narrate::checker_setup(lang, setup) }</span>
                <span class="hint">{ " — " }{ label(lang, Label::CheckerSetupHint) }</span>
            </p>
            <fieldset class="checker-bounds" disabled={busy}>
                <legend>{ label(lang, Label::CheckerBounds) }</legend>
                { protocol_field }
                <div class="numbers">{ for BOUNDS[..4].iter().map(field) }</div>
                <div class="toggles">{ for BOUNDS[4..].iter().map(field) }</div>
            </fieldset>
            <p class="hint">{ limit.clone() }</p>
            <div class="editor-actions">
                { run_buttons(lang, "explore", busy, [(Label::CheckerRun, on_run), (Label::CheckerCancel, on_cancel)]) }
            </div>
            if let Some((text, states)) = progress {
                <div class="checker-progress">
                    <p data-testid="explore-progress" data-states={states.to_string()} aria-live="polite">
                        if let Some(u) = under { <strong>{ u }</strong>{ " " } }
                        { text }
                    </p>
                    if busy {
                        <progress max={STATE_LIMIT.to_string()} value={states.to_string()} title={limit.clone()}
                            aria-label={limit} />
                    }
                </div>
            }
            { for results }
        </>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct FoundLinkProps {
    pub lang: Lang,
    pub shared: Rc<replab_share::Shared>,
    /// For scripts and tests; the checker's by default.
    #[prop_or("explore-link")]
    pub testid: &'static str,
    #[prop_or(Label::CheckerLink)]
    pub text: Label,
}

/// A share link to a history the checker found, made in the background (the
/// browser compresses it).
#[function_component(FoundLink)]
pub(crate) fn found_link(p: &FoundLinkProps) -> Html {
    let href = use_state(|| None::<String>);
    {
        let href = href.clone();
        use_effect_with(p.shared.clone(), move |shared| {
            // None until this one is made; a link made for an older one is dropped.
            let live = Rc::new(std::cell::Cell::new(true));
            href.set(None);
            let (shared, made) = (shared.clone(), live.clone());
            yew::platform::spawn_local(async move {
                let address = replab_share::browser::address(&shared).await;
                if made.get() {
                    href.set(Some(address));
                }
            });
            move || live.set(false)
        });
    }
    let href = (*href).clone();
    html! {
        <a class="share-found" data-testid={p.testid} href={href} target="_blank" rel="noopener"
            title={label(p.lang, Label::CheckerLinkTitle)}>{ label(p.lang, p.text) }</a>
    }
}

/// One protocol's result: its verdict (attributes for scripts), its words, the
/// time it took and, for a violation, Replay, a share link and the history.
fn result(lang: Lang, f: &Finished, on_load: &Callback<Found>) -> Html {
    let (kind, verdict, words, scenario, complete, length) = match &f.ending {
        Ending::Outcome { outcome, script } => {
            let (kind, verdict, complete, length) = match outcome {
                CheckerOutcome::Violation { kind, steps, .. } => ("violation", kind.name(), None, Some(*steps)),
                CheckerOutcome::NoViolation { depth, .. } => ("no-violation", "none", Some(true), Some(*depth)),
                CheckerOutcome::StateLimit { depth, .. } => ("state-limit", "none", Some(false), Some(*depth)),
                CheckerOutcome::ReplayFailed { .. } => ("replay-failed", "error", None, None),
            };
            let words = narrate::checker_outcome(lang, outcome);
            let scenario = match (outcome, script) {
                (CheckerOutcome::Violation { kind, .. }, Some(script)) => {
                    found::worded(lang, script, *kind).map(|text| (Rc::<str>::from(text), *kind))
                }
                _ => None,
            };
            (kind, verdict, words, scenario, complete, length)
        }
        Ending::Invalid(words) => ("invalid", "error", words.to_string(), None, None, None),
        Ending::Failed(text) => {
            let crashed = label(lang, Label::CheckerCrashed);
            let words = if text.is_empty() {
                crashed.to_string()
            } else {
                format!("{crashed}: {text}")
            };
            ("failed", "error", words, None, None, None)
        }
    };
    let headline = ViolationKind::from_name(verdict);
    let timing = (f.states > 0).then(|| narrate::checker_timing(lang, f.states, f.millis));
    let found = scenario.map(|(text, kind)| {
        let length = length.unwrap_or_default() as usize;
        let shared = Rc::new(replab_share::Shared {
            text: text.to_string(),
            protocol: f.protocol,
            compare: None,
            step: length,
            lang: lang.code().to_string(),
            made_before_1_4: false,
        });
        let shown = text.to_string();
        let onclick = on_load.reform(move |_| Found {
            text: text.clone(),
            kind,
            steps: length,
        });
        html! {
            <>
                <p class="replay">
                    <button class="primary" data-testid="explore-replay" title={label(lang, Label::CheckerReplayTitle)}
                        {onclick}>{ label(lang, Label::CheckerReplay) }</button>
                    <FoundLink {lang} {shared} />
                    <span class="hint">{ label(lang, Label::CheckerReplayHint) }</span>
                </p>
                <details class="found-scenario">
                    <summary>{ label(lang, Label::CheckerFoundScenario) }</summary>
                    <pre data-testid="explore-scenario">{ shown }</pre>
                </details>
            </>
        }
    });
    html! {
        <div class={classes!("checker-result", kind)} role="status" data-testid="explore-result"
            data-protocol={f.protocol.name()} data-outcome={kind} data-verdict={verdict}
            data-complete={complete.map(|c| c.to_string())} data-length={length.map(|l| l.to_string())}
            data-states={f.states.to_string()}>
            if let Some(k) = headline {
                <strong>{ label(lang, narrate::violation_label(k)) }</strong>
            }
            <p>{ words }</p>
            if let Some(t) = timing {
                <p class="timing">{ t }</p>
            }
            { for found }
        </div>
    }
}

/// A search's Run and Cancel (`<name>-run`, `<name>-cancel`): one of them is
/// enabled, as the search is idle or busy. The checker's and the matrix's
/// forms use them.
pub(crate) fn run_buttons(
    lang: Lang,
    name: &str,
    busy: bool,
    [(run, on_run), (cancel, on_cancel)]: [(Label, Callback<MouseEvent>); 2],
) -> Html {
    html! {
        <>
            <button class="primary" data-testid={format!("{name}-run")} disabled={busy} onclick={on_run}>
                { label(lang, run) }
            </button>
            <button data-testid={format!("{name}-cancel")} disabled={!busy} onclick={on_cancel}>
                { label(lang, cancel) }
            </button>
        </>
    }
}

/// One bound's field, from the table of bounds: a number (with its highest
/// value) or a toggle. The checker's and the matrix's forms use it.
pub(crate) fn bound_field(
    lang: Lang,
    bounds: &UseStateHandle<Bounds>,
    l: Label,
    testid: AttrValue,
    field: Field,
) -> Html {
    let b = bounds.clone();
    let (input, class) = match field {
        Field::Number(get, set, max) => {
            let oninput = Callback::from(move |e: InputEvent| {
                if let Ok(n) = e
                    .target_unchecked_into::<web_sys::HtmlInputElement>()
                    .value()
                    .parse::<u32>()
                {
                    let mut next = *b;
                    set(&mut next, n.min(max));
                    b.set(next);
                }
            });
            let value = get(bounds).to_string();
            (
                html! { <input type="number" min="0" max={max.to_string()} {value} data-testid={testid} {oninput} /> },
                "number",
            )
        }
        Field::Toggle(get, set) => {
            let onchange = Callback::from(move |e: Event| {
                let mut next = *b;
                set(
                    &mut next,
                    e.target_unchecked_into::<web_sys::HtmlInputElement>().checked(),
                );
                b.set(next);
            });
            (
                html! { <input type="checkbox" checked={get(bounds)} data-testid={testid} {onchange} /> },
                "toggle",
            )
        }
    };
    html! { <label class={class}><span>{ label(lang, l) }</span>{ input }</label> }
}

/// One bound: read it from `Bounds`, and set it.
#[derive(Clone, Copy)]
pub(crate) enum Field {
    /// With its highest value.
    Number(fn(&Bounds) -> u32, fn(&mut Bounds, u32), u32),
    Toggle(fn(&Bounds) -> bool, fn(&mut Bounds, bool)),
}

/// The bounds the reader sets, in the order shown.
/// The first three are the safety matrix's too; the fourth, consumers, is
/// the checker's alone.
pub(crate) const BOUNDS: [(Label, &str, Field); 9] = [
    (
        Label::BoundProduces,
        "explore-produces",
        Field::Number(|b| b.max_produces, |b, n| b.max_produces = n, 6),
    ),
    (
        Label::BoundFailures,
        "explore-crashes",
        Field::Number(|b| b.max_failures, |b, n| b.max_failures = n, 4),
    ),
    (
        Label::BoundEpoch,
        "explore-max-epoch",
        Field::Number(|b| b.max_epoch, |b, n| b.max_epoch = n, 9),
    ),
    (
        Label::BoundConsumers,
        "explore-consumers",
        Field::Number(|b| b.consumers, |b, n| b.consumers = n, 3),
    ),
    (
        Label::BoundCleanElections,
        "explore-elect",
        Field::Toggle(|b| b.clean_elections, |b, v| b.clean_elections = v),
    ),
    (
        Label::BoundUncleanElections,
        "explore-unclean",
        Field::Toggle(|b| b.unclean_elections, |b, v| b.unclean_elections = v),
    ),
    (
        Label::BoundUnflushedLoss,
        "explore-unflushed",
        Field::Toggle(|b| b.unflushed_loss, |b, v| b.unflushed_loss = v),
    ),
    (
        Label::BoundLagTicks,
        "explore-lag-ticks",
        Field::Toggle(|b| b.lag_ticks, |b, v| b.lag_ticks = v),
    ),
    (
        Label::BoundMultiCrash,
        "explore-multi-crash",
        Field::Toggle(|b| b.multi_crashes, |b, v| b.multi_crashes = v),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn started(protocols: &[Protocol]) -> Rc<Checker> {
        let job = Rc::new(Job {
            scenario: "brokers A B\n".into(),
            bounds: Bounds::default(),
            lang: Lang::EN,
        });
        Rc::new(Checker::idle()).reduce(Msg::Start(1, protocols.into(), job, 1000.0))
    }

    fn progress(states: u32) -> SearchReply {
        SearchReply::Progress {
            states,
            frontier: 0,
            depth: 3,
        }
    }

    #[test]
    fn replies_of_an_older_or_cancelled_run_change_nothing() {
        let mut c = started(&[Protocol::Hw]);
        c = c.reduce(Msg::SearchReply(1, progress(20), 1500.0));
        assert_eq!(
            c.status,
            Status::Running {
                states: 20,
                depth: 3,
                since: 1000.0,
                now: 1500.0
            }
        );
        let same = c.clone().reduce(Msg::SearchReply(0, progress(40), 1600.0));
        assert!(Rc::ptr_eq(&same, &c), "an older run's reply is ignored");
        c = c.reduce(Msg::Cancel);
        assert_eq!(c.status, Status::Cancelled { states: 20, depth: 3 });
        let after = c.clone().reduce(Msg::SearchReply(1, progress(60), 1700.0));
        assert!(Rc::ptr_eq(&after, &c), "nothing after a cancel");
    }

    #[test]
    fn a_violation_keeps_its_scenario_for_the_replay() {
        let mut c = started(&[Protocol::Hw]);
        c = c.reduce(Msg::SearchReply(
            1,
            SearchReply::Violation {
                kind: ViolationKind::CommittedWriteLost,
                steps: 5,
                states: 798,
                script: "brokers A B\n".into(),
            },
            1250.0,
        ));
        assert_eq!(c.status, Status::Finished);
        assert_eq!(
            c.finished,
            vec![Finished {
                protocol: Protocol::Hw,
                ending: Ending::Outcome {
                    outcome: CheckerOutcome::Violation {
                        protocol: Protocol::Hw,
                        kind: ViolationKind::CommittedWriteLost,
                        steps: 5,
                        states: 798
                    },
                    script: Some("brokers A B\n".into())
                },
                states: 798,
                millis: 250.0,
            }]
        );
    }

    #[test]
    fn all_protocols_run_in_turn_and_a_failed_worker_ends_the_run() {
        let mut c = started(&[Protocol::Hw, Protocol::Kip101, Protocol::Kip279]);
        assert_eq!(c.current(), Some(Protocol::Hw));
        c = c.reduce(Msg::SearchReply(
            1,
            SearchReply::NoViolation { states: 10, depth: 4 },
            1100.0,
        ));
        assert_eq!(c.current(), Some(Protocol::Kip101), "the next protocol's turn");
        assert_eq!(c.status, Status::Loading { since: 1100.0 });
        c = c.reduce(Msg::SearchReply(1, progress(5), 1200.0));
        c = c.reduce(Msg::Failed(1, "out of memory".into(), 1300.0));
        assert_eq!(c.status, Status::Finished, "the rest would fail the same way");
        assert_eq!(c.finished.len(), 2);
        assert_eq!(c.finished[1].protocol, Protocol::Kip101);
        assert_eq!(c.finished[1].ending, Ending::Failed("out of memory".into()));
        assert_eq!(c.finished[1].millis, 200.0);
    }
}
