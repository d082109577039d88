//! The exhaustive checker as a Web Worker. The page does not carry the explorer:
//! it starts this worker (its own wasm module, fetched on first use), sends one
//! `SearchRequest` and shows the replies. Cancelling is terminating the worker.
//!
//! This library is what the worker does, without the browser: `run` drives
//! `Explorer::step` a slice at a time and hands each reply to a callback, so it
//! is tested natively. `main.rs` wires it to `DedicatedWorkerGlobalScope`.

pub mod figure;
pub use replab_messages::{client, message};

/// The safety matrix's table (rows, cells, the seed's claim, the acks=1
/// note), which the page lays out and whose cells this worker searches.
pub use replab_check::matrix;

use message::{SearchReply, SearchRequest};
use replab_check::matrix::Cell;
use replab_check::{Bounds, Explorer, Outcome, SetupError};
use replab_core::scenario::{self, found_history_text, ScriptErrorKind};
use replab_core::{Protocol, Setup};
use replab_narrate::{self as narrate, Lang, Names};

/// States expanded between two progress replies (`run`).
pub const SLICE: usize = 20_000;

/// The paced run's slice (`run_paced`): small enough to look at the clock
/// often, so that progress comes on time on a slow machine too.
pub const PACED_SLICE: usize = 1_000;

/// The paced run's time between two progress replies, in milliseconds: a
/// reader sees the count move at least four times a second.
pub const PROGRESS_MS: f64 = 200.0;

/// One search, started from a request.
pub struct Run {
    explorer: Explorer,
    limit: u32,
    /// A matrix cell's search: the table's setup and bounds, and the cell
    /// (its answer may settle other cells, `closing`).
    cell: Option<(Setup, Bounds, Cell)>,
    /// The request's memory budget, in bytes (`Bounds::max_bytes`): the
    /// worker holds the search to it by what it holds itself (`held_bytes`).
    budget: Option<usize>,
    /// The most bytes held after a slice so far.
    peak: usize,
    over_budget: bool,
}

/// The bytes this search holds: in the browser, the worker's whole memory
/// (its wasm memory only grows, and a worker runs one search); natively, the
/// explorer's own count (`Explorer::bytes`).
fn held_bytes(explorer: &Explorer) -> usize {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = explorer;
        core::arch::wasm32::memory_size(0) * 65_536
    }
    #[cfg(not(target_arch = "wasm32"))]
    explorer.bytes()
}

/// Bytes as whole megabytes (10⁶), rounded up.
fn megabytes(bytes: usize) -> u32 {
    count(bytes.div_ceil(matrix::MEGABYTE))
}

/// The language a request asks its refusals in (English when it names none
/// this build speaks).
fn lang_of(request: &SearchRequest) -> Lang {
    Lang::from_code(&request.lang).unwrap_or(Lang::EN)
}

impl Run {
    /// Reads the request: its scenario's header, under its protocol. Err: the
    /// reply that says what is wrong.
    pub fn start(request: &SearchRequest) -> Result<Run, SearchReply> {
        let lang = lang_of(request);
        let script = scenario::parse(&request.scenario).map_err(|e| SearchReply::Invalid {
            message: narrate::script_error(lang, &Names(&[]), &e),
        })?;
        let protocol = Protocol::from_name(&request.protocol).ok_or_else(|| {
            invalid(
                lang,
                &ScriptErrorKind::UnknownProtocol {
                    name: request.protocol.clone(),
                },
            )
        })?;
        // A setup its line refuses (1.5 rule 5) is refused here, as a run under it is.
        let setup = script.checked_setup(Some(protocol)).map_err(|e| SearchReply::Invalid {
            message: narrate::script_error(lang, &Names(&[]), &e),
        })?;
        let limit = request
            .bounds
            .max_states
            .map_or(u32::MAX, |n| u32::try_from(n).unwrap_or(u32::MAX));
        // The budget is the worker's to keep, by what it holds.
        let bounds = Bounds {
            max_bytes: None,
            ..request.bounds
        };
        let cell = request
            .matrix
            .map(|row| (setup.clone(), bounds, Cell { row, protocol }));
        let explorer = match cell {
            Some((_, _, cell)) => matrix::explorer(&setup, bounds, cell),
            None => Explorer::new(setup.clone(), bounds),
        }
        .map_err(|e| setup_error(lang, &setup, e))?;
        Ok(Run {
            explorer,
            limit,
            cell,
            budget: request.bounds.max_bytes,
            peak: 0,
            over_budget: false,
        })
    }

    /// Expands up to `budget` states: a progress reply, or the final one.
    pub fn slice(&mut self, budget: usize) -> SearchReply {
        let mut p = self.explorer.step(budget);
        let held = held_bytes(&self.explorer);
        self.peak = self.peak.max(held);
        if !p.done && self.budget.is_some_and(|b| held > b) {
            self.over_budget = true;
            self.explorer.stop();
            p = self.explorer.progress();
        }
        match self.explorer.outcome() {
            None => SearchReply::Progress {
                states: count(p.states),
                frontier: count(p.frontier),
                depth: count(p.depth),
            },
            Some(outcome) => self.finished(outcome),
        }
    }

    fn finished(&self, outcome: &Outcome) -> SearchReply {
        match outcome {
            Outcome::Violation {
                kind, trace, states, ..
            } => SearchReply::Violation {
                kind: *kind,
                steps: count(trace.len()),
                states: count(*states),
                script: found_history_text(None, self.explorer.setup(), trace, &[], Some(*kind)),
            },
            Outcome::NoViolation { states, depth } => SearchReply::NoViolation {
                states: count(*states),
                depth: count(*depth),
            },
            Outcome::StateLimit { states, depth } if self.over_budget => SearchReply::OverBudget {
                states: count(*states),
                depth: count(*depth),
                megabytes: megabytes(self.peak),
            },
            Outcome::StateLimit { states, depth } => SearchReply::StateLimit {
                states: count(*states),
                depth: count(*depth),
                limit: self.limit,
            },
            Outcome::ReplayFailed { at_step } => SearchReply::ReplayFailed {
                at_step: count(*at_step),
            },
        }
    }
}

impl Run {
    /// What goes before the final reply: what the search held at most, and,
    /// for a matrix cell, the other cells its answer settles
    /// (`matrix::settles`; the page keeps those it has not searched).
    pub fn closing(&self) -> Vec<SearchReply> {
        let mut out = vec![SearchReply::Memory {
            megabytes: megabytes(self.peak),
        }];
        let (Some((base, table, cell)), Some(outcome)) = (&self.cell, self.explorer.outcome()) else {
            return out;
        };
        if self.over_budget {
            return out;
        }
        let verdict = matrix::Verdict::from_outcome(outcome);
        let consulted = self.explorer.consulted();
        for (other, verdict, settled) in matrix::settles(base, *table, *cell, &verdict, consulted, |_| false) {
            let reply = SearchReply::of_verdict(&matrix::setup(base, other), &verdict);
            out.push(SearchReply::Settles {
                min_insync: other.row.min_insync,
                unclean: other.row.unclean,
                failures: other.row.failures,
                settled,
                reply: Box::new(reply),
            });
        }
        out
    }
}

/// Runs `request` to the end, handing every reply to `post`: progress after
/// each slice of `budget` states, then what the search held and the cells it
/// settles besides its own (`Run::closing`), then the outcome (or only why it
/// cannot run).
pub fn run(request: &SearchRequest, budget: usize, mut post: impl FnMut(SearchReply)) {
    let mut run = match Run::start(request) {
        Ok(run) => run,
        Err(reply) => return post(reply),
    };
    loop {
        let reply = run.slice(budget);
        if reply.is_final() {
            run.closing().into_iter().for_each(&mut post);
            return post(reply);
        }
        post(reply);
    }
}

/// Runs `request` to the end as `run` does, but posts progress by the clock
/// (`now`, in milliseconds) rather than by states: at most every
/// `PROGRESS_MS`, however fast or slow the machine.
pub fn run_paced(request: &SearchRequest, mut now: impl FnMut() -> f64, mut post: impl FnMut(SearchReply)) {
    let mut run = match Run::start(request) {
        Ok(run) => run,
        Err(reply) => return post(reply),
    };
    let mut last = now();
    loop {
        let reply = run.slice(PACED_SLICE);
        if reply.is_final() {
            run.closing().into_iter().for_each(&mut post);
            return post(reply);
        }
        let t = now();
        if t - last >= PROGRESS_MS {
            last = t;
            post(reply);
        }
    }
}

/// A request the worker could not read (a page and worker out of step), in
/// English: it has no language it could be read in.
pub fn unreadable(error: &str) -> SearchReply {
    SearchReply::Invalid {
        message: format!(
            "{}: {error}",
            narrate::label(Lang::EN, narrate::Label::CheckerBadRequest)
        ),
    }
}

fn invalid(lang: Lang, kind: &ScriptErrorKind) -> SearchReply {
    SearchReply::Invalid {
        message: narrate::script_error_kind(lang, kind),
    }
}

/// A setup the explorer refuses, worded as the scenario error it amounts to
/// (a parsed header never has one: the parser checks the same).
fn setup_error(lang: Lang, setup: &Setup, e: SetupError) -> SearchReply {
    invalid(
        lang,
        &match e {
            SetupError::BrokerCount { count } => ScriptErrorKind::BrokerCount { count },
            SetupError::BadBrokerId { id } => ScriptErrorKind::BadBrokerId { id },
            SetupError::DuplicateBroker { id } => ScriptErrorKind::DuplicateBroker { id },
            SetupError::LeaderOutOfRange { leader } => ScriptErrorKind::UnknownBroker {
                id: setup.brokers.get(leader).cloned().unwrap_or_else(|| leader.to_string()),
            },
        },
    )
}

/// Counts cross as u32: the explorer's state ids are u32 too.
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::message::{Bounds, Settled};
    use super::*;
    use replab_core::ViolationKind;

    fn request(scenario: &str, protocol: &str, bounds: Bounds) -> SearchRequest {
        SearchRequest {
            scenario: scenario.into(),
            protocol: protocol.into(),
            bounds,
            matrix: None,
            lang: "en".into(),
        }
    }

    /// The replies, but for what the search held (`all_replies` has it).
    fn replies(r: &SearchRequest, budget: usize) -> Vec<SearchReply> {
        let mut out = all_replies(r, budget);
        out.retain(|reply| !matches!(reply, SearchReply::Memory { .. }));
        out
    }

    fn all_replies(r: &SearchRequest, budget: usize) -> Vec<SearchReply> {
        let mut out = Vec::new();
        run(r, budget, |reply| out.push(reply));
        out
    }

    /// What the search held comes right before the final reply, and a
    /// search over its memory budget stops with what it held.
    #[test]
    fn a_search_says_what_it_held_and_stops_at_its_budget() {
        let r = request("brokers A B C\n", "kip-279", Bounds::with_limit(30_000));
        let out = all_replies(&r, SLICE);
        let [.., SearchReply::Memory { megabytes }, SearchReply::StateLimit { .. }] = out[..] else {
            panic!("{out:?}")
        };
        assert!(megabytes > 0);
        let budget = Bounds {
            max_states: None,
            max_bytes: Some(8 * replab_check::matrix::MEGABYTE),
            ..Bounds::default()
        };
        let out = all_replies(&request("brokers A B C\n", "kip-279", budget), 1_000);
        let [.., SearchReply::Memory { megabytes: held }, SearchReply::OverBudget { megabytes, states, .. }] = out[..]
        else {
            panic!("{out:?}")
        };
        assert_eq!(held, megabytes);
        assert!(megabytes > 8 && megabytes < 20, "{megabytes} MB");
        assert!(states > 1_000, "{states}");
    }

    /// A matrix cell whose search never consulted unclean election settles
    /// its twin: the same answer, its history written for the twin's setup;
    /// one whose search did settles nothing.
    #[test]
    fn a_matrix_cell_settles_its_twin_when_the_setting_never_decided() {
        use replab_check::matrix::{Failures, Row};
        let row = Row {
            min_insync: 2,
            unclean: false,
            failures: Failures::Crash,
        };
        let mut r = request("brokers A B C\n", "hw", Bounds::with_limit(300_000));
        r.matrix = Some(row);
        let out = replies(&r, SLICE);
        let [.., SearchReply::Settles {
            min_insync: 2,
            unclean: true,
            failures: Failures::Crash,
            settled: Settled::Twin,
            ref reply,
        }, SearchReply::Violation { steps, ref script, .. }] = out[..]
        else {
            panic!("{out:?}")
        };
        let SearchReply::Violation {
            steps: twin_steps,
            script: ref twin_script,
            ..
        } = **reply
        else {
            panic!("{reply:?}")
        };
        assert_eq!(steps, twin_steps);
        assert!(script.contains("unclean.leader.election.enable=false"), "{script}");
        assert!(
            twin_script.contains("unclean.leader.election.enable=true"),
            "{twin_script}"
        );
        // Two brokers: crashes can empty the ISR, where the setting decides.
        let mut r = request("brokers A B\n", "hw", Bounds::with_limit(300_000));
        r.matrix = Some(row);
        let out = replies(&r, SLICE);
        assert!(!out.iter().any(|r| matches!(r, SearchReply::Settles { .. })), "{out:?}");
    }

    #[test]
    fn two_brokers_under_hw_lose_a_committed_write_in_five_steps() {
        let r = request(
            "brokers A B\nprotocol hw\nset unclean.leader.election.enable=false\n",
            "hw",
            Bounds::with_limit(300_000),
        );
        let out = replies(&r, 100);
        let (last, progress) = out.split_last().expect("replies");
        assert!(!progress.is_empty() && progress.iter().all(|p| matches!(p, SearchReply::Progress { .. })));
        let SearchReply::Violation {
            kind,
            steps,
            states,
            script,
        } = last
        else {
            panic!("{last:?}")
        };
        assert_eq!((*kind, *steps, *states), (ViolationKind::CommittedWriteLost, 5, 434));
        // The script has no words: no title, no comments.
        assert!(!script.contains("title") && !script.contains('#'), "{script}");
        // The page words it (replab_view::found): it loads, as the page's
        // Replay does, and its last step fires the check.
        let text = replab_view::found::worded(Lang::EN, script, ViolationKind::CommittedWriteLost).expect("parses");
        let title = narrate::checker_found_title(Lang::EN, ViolationKind::CommittedWriteLost, 5);
        assert!(text.starts_with(&format!("title {title}\n")), "{text}");
        let parsed = scenario::parse(&text).expect("parses");
        let ran = scenario::run(&parsed, None).expect("runs and its expectation holds");
        assert_eq!(ran.steps.len(), 5);
        let fired = ran.steps.last().expect("a last step").events.iter().any(|e| {
            matches!(e, replab_core::Event::ViolationFound { violation }
                if violation.kind() == ViolationKind::CommittedWriteLost)
        });
        assert!(fired, "{text}");
        assert!(text.contains("; m1 is gone\n"), "{text}");
    }

    /// A matrix cell sets its row's settings on the header's setup: the same
    /// search as `replab_check::matrix::run_cell`.
    #[test]
    fn a_matrix_cell_searches_its_row_settings() {
        use replab_check::matrix::{run_cell, Failures, Row, Verdict};
        let row = Row {
            min_insync: 2,
            unclean: false,
            failures: Failures::Unflushed,
        };
        let mut r = request("brokers A B\n", "kraft-elr", Bounds::with_limit(300_000));
        r.matrix = Some(row);
        let Some(SearchReply::Violation {
            steps,
            states,
            script: text,
            ..
        }) = replies(&r, SLICE).pop()
        else {
            panic!()
        };
        let base = scenario::parse("brokers A B\n").expect("parses").setup(None);
        let cell = Cell {
            row,
            protocol: Protocol::KraftElr,
        };
        let Ok(Verdict::Violation { trace, states: s, .. }) = run_cell(&base, Bounds::with_limit(300_000), cell) else {
            panic!()
        };
        assert_eq!((steps as usize, states as usize), (trace.len(), s));
        assert!(text.contains("set min.insync.replicas=2\n"), "{text}");
    }

    /// Progress comes by the clock: none while it stands still, one each
    /// time it moves on by `PROGRESS_MS`.
    #[test]
    fn a_paced_run_posts_progress_by_the_clock() {
        let r = request("brokers A B C\n", "kip-279", Bounds::with_limit(30_000));
        let mut still = Vec::new();
        run_paced(&r, || 0.0, |reply| still.push(reply));
        assert!(
            matches!(still[..], [SearchReply::Memory { .. }, SearchReply::StateLimit { .. }]),
            "{still:?}"
        );
        let mut clock = 0.0;
        let mut ticking = Vec::new();
        run_paced(
            &r,
            || {
                clock += PROGRESS_MS;
                clock
            },
            |reply| ticking.push(reply),
        );
        assert!(matches!(ticking.last(), Some(SearchReply::StateLimit { .. })));
        assert_eq!(
            ticking,
            all_replies(&r, PACED_SLICE),
            "a clock that moves on each slice: a reply each"
        );
        assert!(ticking.len() > 3, "{}", ticking.len());
    }

    #[test]
    fn the_request_protocol_wins_over_the_header() {
        let r = request("brokers A B\nprotocol hw\n", "kip-279", Bounds::with_limit(300_000));
        assert_eq!(
            replies(&r, usize::MAX),
            [SearchReply::NoViolation {
                states: 20623,
                depth: 13
            }]
        );
    }

    /// A setting the request's line does not have (1.5 rule 5) is refused,
    /// naming its line, as a run under that line is.
    #[test]
    fn a_setting_the_line_does_not_have_is_refused() {
        let text = "brokers A B\nset eligible.leader.replicas.version=1\n";
        let r = request(text, "kafka-3.8-kraft", Bounds::with_limit(1_000));
        let said = replies(&r, usize::MAX);
        let [SearchReply::Invalid { message }] = said.as_slice() else {
            panic!("{said:?}")
        };
        assert!(
            message.starts_with("line 2:") && message.contains("kafka-3.8-kraft"),
            "{message}"
        );
        let r = request(text, "kafka-4.1", Bounds::with_limit(1_000));
        assert!(!matches!(
            replies(&r, usize::MAX).as_slice(),
            [SearchReply::Invalid { .. }]
        ));
    }

    #[test]
    fn the_state_limit_is_reported_with_its_value() {
        let r = request("brokers A B C\n", "kip-279", Bounds::with_limit(2_000));
        let out = replies(&r, SLICE);
        assert!(
            matches!(
                out.last(),
                Some(SearchReply::StateLimit {
                    states: 2_000,
                    limit: 2_000,
                    ..
                })
            ),
            "{out:?}"
        );
    }

    #[test]
    fn a_broken_scenario_comes_back_with_its_line_in_the_request_s_language() {
        for &lang in Lang::ALL {
            let mut r = request("brokers A B\nprotocol hw\nfrobnicate\n", "hw", Bounds::with_limit(10));
            r.lang = lang.code().into();
            let [SearchReply::Invalid { message }] = &replies(&r, SLICE)[..] else {
                panic!()
            };
            let e = scenario::parse(&r.scenario).expect_err("does not parse");
            assert_eq!(*message, narrate::script_error(lang, &Names(&[]), &e));
        }
        let r = request("brokers A B\n", "kip-999", Bounds::with_limit(10));
        let [SearchReply::Invalid { message }] = &replies(&r, SLICE)[..] else {
            panic!()
        };
        assert!(message.starts_with("line ") || message.contains("kip-999"), "{message}");
    }
}

/// The explorer in the browser gives the figures it gives natively
/// (`replab_check::golden`, held natively by replab-check's tests).
#[cfg(all(test, target_arch = "wasm32"))]
mod wasm_tests {
    use super::message::Bounds;
    use super::*;
    use replab_check::golden;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    fn the_fixed_explorations_give_the_native_figures() {
        for case in golden::cases() {
            let figures = golden::measure(&case.setup, case.bounds).expect("a valid setup");
            assert_eq!(figures, case.expected, "{}", case.name);
        }
    }

    #[wasm_bindgen_test]
    fn the_worker_replies_with_the_native_counterexample() {
        let case = &golden::cases()[0];
        let request = SearchRequest {
            // The golden case's setup: its settings pinned to the 1.3 defaults.
            scenario: "brokers A B\nset unclean.leader.election.enable=false\nset replica.lag.time.max.ms=30000\n"
                .into(),
            protocol: case.setup.protocol.name().into(),
            bounds: Bounds {
                max_states: case.bounds.max_states,
                ..case.bounds
            },
            matrix: None,
            lang: "en".into(),
        };
        let mut last = None;
        run(&request, SLICE, |reply| last = Some(reply));
        let expected = &case.expected;
        let Some(SearchReply::Violation {
            kind,
            steps,
            states,
            script,
        }) = last
        else {
            panic!("{last:?}")
        };
        assert_eq!((Some(kind), steps, states), (expected.kind, 5, count(expected.states)));
        // The native history, without its title: the page words it.
        let untitled = |t: &str| {
            t.lines()
                .filter(|l| !l.starts_with("title "))
                .map(|l| format!("{l}\n"))
                .collect::<String>()
        };
        assert_eq!(script, untitled(&expected.scenario.clone().unwrap_or_default()));
    }
}
