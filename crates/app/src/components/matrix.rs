//! "Is it safe?", the safety matrix panel: every combination of
//! min.insync.replicas, unclean election and kind of failure under every
//! protocol, each cell one exhaustive search (`replab_check::matrix`) run by
//! a pool of Web Workers (`matrix_pool.rs`). Cells fill in as their searches
//! end; a violation opens its history in the lab, or as a share link. The
//! panel's body is drawn once the reader opens it; the workers start only
//! when the reader fills in the table.

use super::checker_body::{bound_field, run_buttons, Field, FoundLink, BOUNDS};
use super::chunk;
use super::found::Found;
use super::matrix_pool::{self, Pool};
use super::matrix_run::{CellState, Job, MatrixRun, Msg, Phase};
use crate::state::Loaded;
use replab_check::matrix::{self, Cell, Column, Columns, Failures, Plan, Row, Settled, MEGABYTE, WORKER_MEGABYTES};
use replab_core::scenario;
use replab_core::{Protocol, Setup};
use replab_messages::built::{self, BuiltTable};
use replab_messages::client::Session;
use replab_messages::figure::MatrixFigureRequest;
use replab_messages::message::{Bounds, SearchRequest};
use replab_narrate::{self as narrate, label, Label, Lang, MatrixCell, MatrixClaim, MatrixHeading, MatrixHeld};
use replab_view::found;
use replab_view::matrix::MatrixTable;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[wasm_bindgen::prelude::wasm_bindgen(inline_js = "export async function png_of(url, svg) { \
    const m = await import(new URL(url, document.baseURI).href); return m.pngOf(svg, 2); }")]
extern "C" {
    /// The figure as a PNG Blob at twice its size, drawn by the export
    /// dialog's module (`web/export.js`, imported on first use).
    fn png_of(url: &str, svg: &str) -> js_sys::Promise;
}

/// The export dialog's module, beside the page.
const EXPORT_MODULE: &str = "./export.js";

/// Saves the table as it stands: an SVG drawn by a worker (the page carries
/// the table's data, not its drawing), or a PNG the browser draws from that.
/// `drawer` is the panel's figure worker, kept for the next save.
fn save(lang: Lang, m: &MatrixRun, png: bool, drawer: &Rc<RefCell<Option<Session>>>) {
    let name = format!("safety-matrix-{}-brokers", m.job.setup.brokers.len());
    let request = MatrixFigureRequest {
        job: 0,
        lang: lang.code().into(),
        table: figure(m),
    };
    super::share::ask_svg("matrix-figure", &request, drawer, move |svg| {
        if !png {
            let _ = super::share::download(&format!("{name}.svg"), "image/svg+xml", &svg);
            return;
        }
        let (promise, name) = (png_of(EXPORT_MODULE, &svg), name.clone());
        yew::platform::spawn_local(async move {
            if let Ok(blob) = wasm_bindgen_futures::JsFuture::from(promise).await {
                if let Ok(blob) = wasm_bindgen::JsCast::dyn_into::<web_sys::Blob>(blob) {
                    let _ = super::share::download_blob(&format!("{name}.png"), &blob);
                }
            }
        });
    });
}

#[derive(Properties, PartialEq)]
pub struct MatrixProps {
    pub lang: Lang,
    /// The page's setup: its brokers' names, leader and other settings.
    pub setup: Rc<Setup>,
    /// Loads a history found, as the checker's Replay does.
    pub on_load: Callback<Rc<Loaded>>,
}

#[function_component(MatrixPanel)]
pub fn matrix_panel(p: &MatrixProps) -> Html {
    let on_load = super::found::load_found(&p.on_load);
    let (opened, ontoggle) = chunk::use_opened();
    html! {
        <details class="panel matrix-panel" data-testid="matrix-panel" {ontoggle}>
            { chunk::heading("matrix-open", preload_matrix, label(p.lang, Label::MatrixTitle)) }
            if opened {
                <div class="panel-body">
                    <MatrixLoaded lang={p.lang} setup={p.setup.clone()} {on_load} />
                </div>
            }
        </details>
    }
}

chunk::split_panel!(
    /// The panel's body, in its own chunk: the table, its pool of workers,
    /// the tables built with the page and the figure's save.
    matrix, preload_matrix, matrix_chunk, MatrixLoaded(BodyProps) => MatrixBody
);

/// The setup the table searches from with `n` brokers: the page's first `n`
/// (named A, B, C when it has fewer), led by its leader if that is among them.
pub fn base_setup(page: &Setup, n: usize) -> Setup {
    let mut brokers: Vec<String> = page.brokers.iter().take(n).cloned().collect();
    for name in ["A", "B", "C", "D", "E"] {
        if brokers.len() >= n {
            break;
        }
        if !brokers.iter().any(|b| b == name) {
            brokers.push(name.to_string());
        }
    }
    Setup {
        leader: if page.leader < brokers.len() { page.leader } else { 0 },
        brokers,
        ..page.clone()
    }
}

/// Every cell's request, in the table's order.
fn requests(job: &Job, cells: &[Cell], lang: Lang) -> Vec<SearchRequest> {
    cells
        .iter()
        .map(|c| SearchRequest {
            scenario: job.header.to_string(),
            protocol: c.protocol.name().into(),
            bounds: job.bounds,
            matrix: Some(c.row),
            lang: lang.code().into(),
        })
        .collect()
}

#[derive(Properties, PartialEq, Clone)]
pub(crate) struct BodyProps {
    lang: Lang,
    setup: Rc<Setup>,
    on_load: Callback<Found>,
}

fn job_for(setup: &Setup, brokers: usize, bounds: Bounds, columns: Columns) -> Rc<Job> {
    let base = base_setup(setup, brokers);
    let lines: Vec<Protocol> = columns.columns().into_iter().flat_map(|c| c.lines).collect();
    Rc::new(Job {
        header: scenario::history_text(None, &base, []).into(),
        acks_one: matrix::acks_one_line(&base, &lines).map(Rc::from),
        setup: Rc::new(base),
        bounds,
        columns,
    })
}

#[function_component(MatrixBody)]
fn matrix_body(p: &BodyProps) -> Html {
    let lang = p.lang;
    let brokers = use_state(|| 2usize);
    let bounds = use_state(matrix::page_bounds);
    let columns = use_state(|| Columns::Releases);
    // The tables answered when the page was built, by brokers (fetched when
    // the panel opens; None until then, or if there is none).
    let built_tables = use_state(|| [None::<Rc<BuiltTable>>, None]);
    {
        let built_tables = built_tables.clone();
        use_effect_with((), move |_| {
            yew::platform::spawn_local(async move {
                let mut got = [None, None];
                for (slot, n) in got.iter_mut().zip([2, 3]) {
                    if let Ok(text) = crate::presets::fetch_text(&built::path(n)).await {
                        *slot = BuiltTable::read(&text).map(Rc::new);
                    }
                }
                built_tables.set(got);
            });
        });
    }
    // Made again only when the page's setup or the form changes (a run's
    // replies re-render the panel many times a second).
    let job: Rc<Job> = (*use_memo((p.setup.clone(), *brokers, *bounds, *columns), |(setup, n, b, c)| {
        job_for(setup, *n, *b, *c)
    }))
    .clone();
    let built_table = built_tables[usize::from(*brokers == 3)].clone();
    // The table as the page was built with it, when it answers this job; else
    // the cells the reader is setting up.
    let preview = use_memo((job.clone(), built_table), |(job, built)| {
        built
            .as_ref()
            .filter(|t| t.answers(&job.setup, &job.bounds))
            .and_then(|t| MatrixRun::built(job.clone(), t))
            .unwrap_or_else(|| MatrixRun::idle(job.clone()))
    });
    let table = {
        let job = job.clone();
        use_reducer(move || MatrixRun::idle(job))
    };
    let pool = use_mut_ref(|| None::<Pool>);
    {
        // The workers stop with the panel.
        let pool = pool.clone();
        use_effect_with((), move |_| move || drop(pool.borrow_mut().take()));
    }
    let busy = table.busy();
    // What the table shows: the run's, or the cells the reader is setting up.
    let setting_up = table.phase == Phase::Idle && (table.job != job || preview.built);
    let shown: &MatrixRun = if setting_up { &preview } else { &table };

    let on_run = {
        let pool = pool.clone();
        let dispatch = table.dispatcher();
        let run = table.run + 1;
        let job = job.clone();
        Callback::from(move |_| {
            drop(pool.borrow_mut().take());
            dispatch.dispatch(Msg::Start(run, job.clone(), js_sys::Date::now()));
            let n = job.setup.brokers.len();
            let cells = job.columns.cells(n);
            let searched = job.columns.searched();
            let requests = requests(&job, &cells, lang);
            let workers = matrix_pool::size(cells.iter().filter(|c| searched.contains(&c.protocol)).count());
            let to = dispatch.clone();
            let plan = Plan::of(&matrix::rows(n), &searched);
            let to = Callback::from(move |m| to.dispatch(m));
            let started = Pool::start(run, &cells, &requests, plan, workers, to);
            *pool.borrow_mut() = Some(started);
        })
    };
    let on_cancel = {
        let pool = pool.clone();
        let dispatch = table.dispatcher();
        Callback::from(move |_| {
            drop(pool.borrow_mut().take());
            dispatch.dispatch(Msg::Cancel);
        })
    };
    let drawer = use_mut_ref(|| None::<Session>);
    let on_save = |png: bool| {
        let (table, preview, drawer) = (table.clone(), preview.clone(), drawer.clone());
        Callback::from(move |_| save(lang, if setting_up { &preview } else { &table }, png, &drawer))
    };
    let on_brokers = {
        let brokers = brokers.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            brokers.set(if v == "3" { 3 } else { 2 });
        })
    };
    let on_columns = {
        let columns = columns.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            columns.set(
                Columns::ALL
                    .into_iter()
                    .find(|c| c.name() == v)
                    .unwrap_or(Columns::Releases),
            );
        })
    };
    // The checker's numbers (records, failures, highest epoch), here for the
    // whole table.
    let number = |f: &(Label, &'static str, Field)| {
        bound_field(lang, &bounds, f.0, f.1.replace("explore-", "matrix-").into(), f.2)
    };

    let progress = (shown.phase != Phase::Idle && !shown.built).then(|| {
        let millis = (shown.now - shown.since).max(0.0);
        let total = shown.total_states();
        let rate = if millis > 0.0 {
            (total as f64 * 1000.0 / millis).round() as u64
        } else {
            0
        };
        let text = narrate::matrix_progress(lang, shown.done(), shown.cells.len(), total, rate);
        html! {
            <p class="matrix-progress" data-testid="matrix-progress" aria-live="polite"
                data-phase={phase_name(shown.phase)} data-done={shown.done().to_string()}
                data-cells={shown.cells.len().to_string()} data-states={total.to_string()}>
                { text }
                if busy {
                    { " · " }{ narrate::matrix_workers(lang, matrix_pool::size(shown.cells.len() - shown.done())) }
                }
                if shown.phase == Phase::Cancelled {
                    { " · " }{ label(lang, Label::MatrixCancelled) }
                }
            </p>
        }
    });
    let on_load = p.on_load.clone();
    html! {
        <>
            <p class="hint">{ label(lang, Label::MatrixHint) }</p>
            <fieldset class="checker-bounds" disabled={busy}>
                <legend>{ label(lang, Label::CheckerBounds) }</legend>
                <div class="numbers">
                    <label class="number"><span>{ label(lang, Label::MatrixBrokers) }</span>
                        <select data-testid="matrix-brokers" onchange={on_brokers}>
                            <option value="2" selected={*brokers == 2}>{ "2" }</option>
                            <option value="3" selected={*brokers == 3}>{ "3" }</option>
                        </select>
                    </label>
                    <label class="number"><span>{ label(lang, Label::MatrixColumns) }</span>
                        <select data-testid="matrix-columns" onchange={on_columns}>
                            { for Columns::ALL.into_iter().map(|c| html! {
                                <option value={c.name()} selected={*columns == c}>{ label(lang, match c {
                                    Columns::Releases => Label::MatrixColumnsReleases,
                                    Columns::Generations => Label::MatrixColumnsGenerations,
                                }) }</option>
                            }) }
                        </select>
                    </label>
                    { for BOUNDS[..3].iter().map(number) }
                </div>
            </fieldset>
            <p class="hint">{ narrate::matrix_budget(lang, WORKER_MEGABYTES) }</p>
            <div class="editor-actions">
                { run_buttons(lang, "matrix", busy, [(Label::MatrixRun, on_run), (Label::MatrixCancel, on_cancel)]) }
                <button data-testid="matrix-svg" onclick={on_save(false)}>{ label(lang, Label::MatrixSvg) }</button>
                <button data-testid="matrix-png" onclick={on_save(true)}>{ label(lang, Label::MatrixPng) }</button>
            </div>
            { for progress }
            if shown.built {
                <p class="matrix-progress" data-testid="matrix-built">{ narrate::matrix_built(lang, shown.total_states()) }</p>
            }
            { table_view(lang, shown, &on_load) }
        </>
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Idle => "idle",
        Phase::Running => "running",
        Phase::Finished => "finished",
        Phase::Cancelled => "cancelled",
    }
}

/// The table as a figure's data (`replab_view::matrix`), what it shows now.
fn figure(m: &MatrixRun) -> MatrixTable<'_> {
    replab_view::matrix::figure_table_of(
        &m.job.setup.brokers,
        &m.job.bounds,
        m.job.acks_one.as_deref().map(String::from),
        &m.rows,
        &m.columns,
        |cell| m.state_of(cell).map_or(MatrixCell::Waiting, |s| s.words()),
        |cell| m.state_of(cell).map_or(matrix::Known::Open, CellState::known),
    )
}

/// The lines a column answers for, for `data-releases`: their names, a space apart.
fn releases_of(c: &Column) -> String {
    c.lines.iter().map(|p| p.name()).collect::<Vec<_>>().join(" ")
}

/// A claim's name, for `data-claim`.
fn claim_name(c: &MatrixClaim) -> &'static str {
    match c {
        MatrixClaim::Holds => "holds",
        MatrixClaim::Open => "open",
        MatrixClaim::Broken { .. } => "broken",
    }
}

/// The table: settings, a cell per protocol, then the seed's claim.
fn table_view(lang: Lang, m: &MatrixRun, on_load: &Callback<Found>) -> Html {
    let setup = &m.job.setup;
    let b = &m.job.bounds;
    let (twins, covered) = m.settled_by_others();
    let heading = |h| narrate::matrix_heading(lang, h);
    let rows = m.rows.iter().map(|row| {
        let cells = m.columns.iter().map(|column| {
            let cell = Cell {
                row: *row,
                protocol: column.head,
            };
            let i = m.cells.iter().position(|&c| c == cell);
            let state = i.and_then(|i| m.states.get(i)).cloned().unwrap_or(CellState::Waiting);
            let settled = i.and_then(|i| m.settled.get(i)).copied().unwrap_or(Settled::Searched);
            let megabytes = i.and_then(|i| m.megabytes.get(i)).copied().unwrap_or(0);
            cell_view(lang, column, cell, &state, (settled, megabytes), on_load)
        });
        html! {
            <tr>
                <th scope="row">{ row.min_insync }</th>
                <th scope="row">{ narrate::matrix_unclean(lang, row.unclean) }</th>
                <th scope="row">{ narrate::matrix_failures(lang, row.failures == Failures::Unflushed) }</th>
                { for cells }
            </tr>
        }
    });
    // The claim per kind of failure, as the figure words it.
    let table = figure(m);
    let claims = Failures::ALL
        .iter()
        .zip(&table.claims)
        .map(|(failures, (unflushed, claims))| {
            let unflushed = *unflushed;
            let cells = m.columns.iter().zip(claims).map(|(column, claim)| {
                let (name, words) = (claim_name(claim), narrate::matrix_claim(lang, claim));
                html! {
                    <td class={classes!("claim", name)} data-testid="matrix-claim" data-protocol={column.head.name()}
                        data-releases={releases_of(column)}
                        data-failures={failures.name()} data-claim={name}>{ words }</td>
                }
            });
            html! {
                <tr class="claim-row">
                    <th scope="row" colspan="3">{ narrate::matrix_failures(lang, unflushed) }</th>
                    { for cells }
                </tr>
            }
        });
    html! {
        <>
            <p class="matrix-setup">{ narrate::matrix_setup(lang, &setup.brokers, b.max_produces, b.max_failures, b.max_epoch, b.max_states.unwrap_or(0), b.max_bytes.map(|m| m / MEGABYTE)) }</p>
            if let Some(history) = &m.job.acks_one {
                <p class="matrix-note" data-testid="matrix-acks-one">{ narrate::matrix_acks_one(lang, history, m.job.columns == Columns::Generations) }</p>
            }
            <div class="matrix-scroll">
                <table class="matrix" data-testid="matrix" data-columns={m.job.columns.name()}>
                    <thead>
                        <tr>
                            <th scope="col">{ heading(MatrixHeading::MinInsync) }</th>
                            <th scope="col">{ heading(MatrixHeading::Unclean) }</th>
                            <th scope="col">{ heading(MatrixHeading::Failures) }</th>
                            { for m.columns.iter().map(|c| {
                                let (name, under) = narrate::matrix_column(lang, &c.lines);
                                html! {
                                    <th scope="col" class="m-column" data-testid="matrix-column" data-protocol={c.head.name()}
                                        data-releases={releases_of(c)} title={narrate::protocol_note(lang, c.head)}>
                                        { name }<small>{ under }</small>
                                    </th>
                                }
                            }) }
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                    <tbody class="claims">
                        <tr class="claim-heading"><th colspan={(3 + m.columns.len()).to_string()} scope="rowgroup">{ heading(MatrixHeading::Claim) }</th></tr>
                        { for claims }
                    </tbody>
                </table>
            </div>
            if twins + covered > 0 {
                <p class="matrix-note" data-testid="matrix-settled">{ narrate::matrix_settled_by_others(lang, twins, covered) }</p>
            }
        </>
    }
}

/// One cell: its words; a violation is a button that opens its history, with
/// a share link beside it.
/// `how`: how the cell got its answer, and what its search held (MB).
fn cell_view(
    lang: Lang,
    column: &Column,
    cell: Cell,
    state: &CellState,
    how: (Settled, u32),
    on_load: &Callback<Found>,
) -> Html {
    let (settled, megabytes) = how;
    let Row {
        min_insync,
        unclean,
        failures,
    } = cell.row;
    let words = narrate::matrix_cell(lang, &state.words());
    let title = narrate::matrix_cell_title(
        lang,
        cell.protocol.name(),
        min_insync,
        unclean,
        failures == Failures::Unflushed,
        &state.words(),
    );
    let (kind, length) = match state {
        CellState::Violation { kind, steps, .. } => (Some(kind.name()), Some(steps.to_string())),
        _ => (None, None),
    };
    let complete = match state {
        CellState::Safe { .. } => Some("true"),
        CellState::Unfinished { .. } | CellState::OverBudget { .. } => Some("false"),
        _ => None,
    };
    let body = match state {
        CellState::Violation {
            script, steps, kind, ..
        } => {
            let text: Rc<str> = found::worded(lang, script, *kind)
                .unwrap_or_else(|| script.to_string())
                .into();
            let shared = Rc::new(replab_share::Shared {
                text: text.to_string(),
                protocol: cell.protocol,
                compare: None,
                step: *steps as usize,
                lang: lang.code().to_string(),
                made_before_1_4: false,
            });
            let (kind, steps) = (*kind, *steps as usize);
            let onclick = on_load.reform(move |_| Found {
                text: text.clone(),
                kind,
                steps,
            });
            let open = format!("{} — {}", label(lang, Label::MatrixOpenTitle), title);
            html! {
                <>
                    <button class="matrix-open" data-testid="matrix-cell-open" title={open} {onclick}>{ words }</button>
                    <FoundLink {lang} {shared} testid="matrix-cell-link" text={Label::MatrixLink} />
                </>
            }
        }
        _ => html! { <span title={title}>{ words }</span> },
    };
    // Whose search answered the cell, and what it held: none while waiting.
    let held = match settled {
        _ if !state.is_done() => None,
        Settled::Twin => Some(MatrixHeld::Twin),
        Settled::Covered => Some(MatrixHeld::Covered),
        Settled::SameRules => Some(MatrixHeld::SameRules),
        Settled::Searched => (megabytes > 0).then(|| MatrixHeld::Searched {
            megabytes,
            // The states, where the verdict's words do not say them.
            states: matches!(state, CellState::Violation { .. } | CellState::OverBudget { .. }).then(|| state.states()),
        }),
    };
    html! {
        <td class={classes!("m-cell", state.name())} data-testid="matrix-cell" data-protocol={cell.protocol.name()}
            data-releases={releases_of(column)}
            data-min-insync={min_insync.to_string()} data-unclean={unclean.to_string()} data-failures={failures.name()}
            data-state={state.name()} data-kind={kind} data-length={length} data-complete={complete}
            data-states={state.states().to_string()} data-settled={settled.name()}
            data-megabytes={(megabytes > 0).then(|| megabytes.to_string())}>
            { body }
            if let Some(held) = held {
                <small class="m-held" data-testid="matrix-cell-held">{ narrate::matrix_cell_held(lang, held) }</small>
            }
        </td>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::components::rendered;
    use replab_core::ViolationKind;
    use replab_messages::message::SearchReply;

    fn page(brokers: &[&str]) -> Setup {
        Setup {
            leader: 1,
            ..Setup::of(brokers, Protocol::Kip101)
        }
    }

    #[test]
    fn the_base_takes_the_pages_brokers_and_names_the_rest() {
        let s = base_setup(&page(&["X", "Y"]), 3);
        assert_eq!(s.brokers, ["X", "Y", "A"]);
        assert_eq!(s.leader, 1);
        let s = base_setup(&page(&["P", "Q", "R", "S"]), 2);
        assert_eq!(s.brokers, ["P", "Q"]);
        let mut three = page(&["A", "B", "C"]);
        three.leader = 2;
        assert_eq!(base_setup(&three, 2).leader, 0, "a leader left out: the first leads");
    }

    #[derive(Properties, PartialEq)]
    struct TableProps {
        lang: Lang,
        run: Rc<MatrixRun>,
    }

    #[function_component(Table)]
    fn table(p: &TableProps) -> Html {
        table_view(p.lang, &p.run, &Callback::noop())
    }

    /// The table as a reader sees it midway: a violation opens its history
    /// and has a link; a safe cell, a waiting one; the claim row; the note.
    #[test]
    fn the_table_shows_each_cell_and_the_claim() {
        let job = job_for(&page(&["A", "B"]), 2, Bounds::default(), Columns::Generations);
        let mut run = Rc::new(MatrixRun::idle(job.clone())).reduce(Msg::Start(1, job, 0.0));
        let hw = run
            .cells
            .iter()
            .position(|c| c.protocol == Protocol::Hw && c.row.under_claim() && c.row.failures == Failures::Crash)
            .expect("a cell");
        run = run.reduce(Msg::SearchReply(1, hw, SearchReply::Memory { megabytes: 3 }, 9.0));
        run = run.reduce(Msg::SearchReply(
            1,
            hw,
            SearchReply::Violation {
                kind: ViolationKind::CommittedWriteLost,
                steps: 5,
                states: 434,
                script: "brokers A B\nproduce m1\n".into(),
            },
            10.0,
        ));
        run = run.reduce(Msg::SearchReply(
            1,
            2,
            SearchReply::NoViolation {
                states: 20_623,
                depth: 13,
            },
            20.0,
        ));
        let html = rendered::<Table>(TableProps {
            lang: Lang::EN,
            run: run.clone(),
        });
        assert_eq!(html.matches("data-testid=\"matrix-cell\"").count(), 40, "{html}");
        assert!(html.contains("data-testid=\"matrix-cell-open\""), "{html}");
        assert!(html.contains(">lost in 5<"), "{html}");
        assert!(
            html.contains(">434 states, 3 MB held<"),
            "a finding says its states and what its search held: {html}"
        );
        assert!(html.contains("none (20,623 states)"), "{html}");
        assert!(html.contains("data-claim=\"broken\""), "{html}");
        assert!(
            html.contains("does not hold: min.insync.replicas=2, crashes, lost in 5"),
            "{html}"
        );
        assert!(
            html.contains("produce m1 acks=1; crash B"),
            "the leader, B, crashes: {html}"
        );
        for &lang in Lang::ALL {
            let html = rendered::<Table>(TableProps { lang, run: run.clone() });
            let lost = narrate::matrix_cell(
                lang,
                &MatrixCell::Violation {
                    kind: ViolationKind::CommittedWriteLost,
                    steps: 5,
                },
            );
            assert!(html.contains(&format!(">{}<", lost)), "{lang:?}: {html}");
        }
    }

    /// Over every release line: a column a group of lines that answer alike,
    /// each headed by its versions, controller and producer's default acks;
    /// the note says which columns a default producer loses in.
    #[test]
    fn the_release_table_heads_each_column_with_its_lines() {
        let job = job_for(&page(&["A", "B"]), 2, Bounds::default(), Columns::Releases);
        let run = Rc::new(MatrixRun::idle(job));
        let html = rendered::<Table>(TableProps {
            lang: Lang::EN,
            run: run.clone(),
        });
        assert_eq!(html.matches("data-testid=\"matrix-column\"").count(), 20, "{html}");
        assert_eq!(html.matches("data-testid=\"matrix-cell\"").count(), 160, "{html}");
        assert!(
            html.contains("data-releases=\"kafka-3.0 kafka-3.1 kafka-3.2 kafka-3.3\""),
            "{html}"
        );
        assert!(html.contains("3.0–3.3<small>ZooKeeper · acks=all</small>"), "{html}");
        assert!(html.contains("2.8<small>ZooKeeper · acks=1</small>"), "{html}");
        assert!(html.contains("4.1–4.4<small>KRaft · acks=all</small>"), "{html}");
        assert!(html.contains("data-columns=\"releases\""), "{html}");
        assert!(html.contains("before 3.0 (KIP-679)"), "{html}");
        assert!(
            html.contains("colspan=\"23\""),
            "the claim's heading spans the table: {html}"
        );
    }
}
