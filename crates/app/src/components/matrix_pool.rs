//! A pool of Web Workers for the matrix's cells: as many workers as the
//! browser has cores (at most `MOST_WORKERS`), one cell each, in the order
//! `matrix::Plan` gives. A worker runs one search and is stopped when it
//! ends, giving its memory back (its own budget counts what it holds); a new
//! one takes the next cell. A search's answer may settle other cells
//! (`SearchReply::Settles`): those still waiting are not searched. A worker
//! that stops (a trap, out of memory) ends its own cell only. Dropping the
//! pool stops every worker.

use super::matrix_run::Msg;
use replab_check::matrix::{Cell, Next, Plan, Row, WORKER_MEGABYTES};
use replab_messages::client::{self, js_error, Spawned};
use replab_messages::message::{to_js, SearchReply, SearchRequest};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::JsValue;
use yew::Callback;

/// Workers at most: each holds one search, up to its memory budget, which
/// the tab must survive with the others.
pub const MOST_WORKERS: usize = 4;

/// The workers to start for `jobs` cells on this browser: one a core, and
/// no more than half the device's memory holds at their budget
/// (`navigator.deviceMemory`, in gigabytes, where the browser says it).
pub fn size(jobs: usize) -> usize {
    let navigator = web_sys::window().map(|w| w.navigator());
    let cores = navigator.as_ref().map_or(1.0, |n| n.hardware_concurrency());
    let memory = navigator
        .and_then(|n| js_sys::Reflect::get(&n, &"deviceMemory".into()).ok())
        .and_then(|v| v.as_f64());
    workers(cores, memory, jobs)
}

/// `size`'s rule: `cores` and `memory_gb` as the browser says them.
pub fn workers(cores: f64, memory_gb: Option<f64>, jobs: usize) -> usize {
    let by_memory = memory_gb.map_or(MOST_WORKERS, |gb| {
        (gb * 1_000.0 / 2.0 / WORKER_MEGABYTES as f64).floor().max(1.0) as usize
    });
    (cores as usize).clamp(1, MOST_WORKERS).min(by_memory).min(jobs.max(1))
}

struct Slot {
    spawned: Spawned,
    /// The cell it searches, by its index in the table.
    job: usize,
}

struct Inner {
    run: u32,
    /// The table's cells, and each one's request as the message the worker reads.
    cells: Vec<Cell>,
    jobs: Vec<JsValue>,
    plan: Plan,
    slots: Vec<Option<Slot>>,
    /// Workers stopped from within their own handlers: dropped with the pool
    /// or the next start (a handler cannot drop the closure it runs in).
    retired: Vec<Spawned>,
    dispatch: Callback<Msg>,
}

/// A running pool; dropping it (its only strong reference: the workers'
/// handlers hold weak ones) terminates every worker.
pub struct Pool {
    _inner: Rc<RefCell<Inner>>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl Pool {
    /// Starts `workers` workers on the table's `cells` (`requests` one a
    /// cell, in the same order) in `plan`'s order, telling `dispatch` what
    /// each reply and failure says of which cell.
    pub fn start(
        run: u32,
        cells: &[Cell],
        requests: &[SearchRequest],
        plan: Plan,
        workers: usize,
        dispatch: Callback<Msg>,
    ) -> Pool {
        let jobs: Vec<JsValue> = requests.iter().map(|r| to_js(r).unwrap_or(JsValue::NULL)).collect();
        let inner = Rc::new(RefCell::new(Inner {
            run,
            cells: cells.to_vec(),
            jobs,
            plan,
            slots: (0..workers).map(|_| None).collect(),
            retired: Vec::new(),
            dispatch,
        }));
        fill(&inner);
        Pool { _inner: inner }
    }
}

/// Starts a worker in every empty slot while the plan has a cell to search.
fn fill(inner: &Rc<RefCell<Inner>>) {
    let weak = Rc::downgrade(inner);
    let mut me = inner.borrow_mut();
    for ix in 0..me.slots.len() {
        if me.slots[ix].is_some() {
            continue;
        }
        let Next::Search(cell) = me.plan.next_search() else {
            return;
        };
        let Some(job) = me.cells.iter().position(|&c| c == cell) else {
            continue;
        };
        match spawn(weak.clone(), ix, job) {
            Ok(spawned) => me.slots[ix] = Some(Slot { spawned, job }),
            Err(text) => {
                me.plan.settle(cell);
                me.dispatch.emit(Msg::Failed(me.run, job, text, now()));
            }
        }
    }
}

/// Starts the worker for slot `ix` on cell `job`: it says when it is ready,
/// then gets the cell's request.
fn spawn(pool: Weak<RefCell<Inner>>, ix: usize, job: usize) -> Result<Spawned, String> {
    let on_error = pool.clone();
    client::spawn(
        move |worker, data| {
            let Some(inner) = pool.upgrade() else { return };
            let reply = SearchReply::read(&data);
            let last = {
                let mut me = inner.borrow_mut();
                match reply {
                    Some(SearchReply::Ready) => {
                        if let Err(e) = me.jobs.get(job).map_or(Ok(()), |m| worker.post_message(m)) {
                            let text = js_error(e);
                            me.stopped(ix, text);
                            true
                        } else {
                            false
                        }
                    }
                    Some(reply) => me.reply(ix, job, reply),
                    None => {
                        me.stopped(ix, String::new());
                        true
                    }
                }
            };
            if last {
                fill(&inner);
            }
        },
        move |text| {
            if let Some(inner) = on_error.upgrade() {
                inner.borrow_mut().stopped(ix, text);
                fill(&inner);
            }
        },
    )
}

impl Inner {
    /// A reply of the worker of slot `ix`, searching cell `job`; whether its
    /// search is over (the slot is free).
    fn reply(&mut self, ix: usize, job: usize, reply: SearchReply) -> bool {
        if let SearchReply::Settles {
            min_insync,
            unclean,
            failures,
            ..
        } = reply
        {
            let Some(&mine) = self.cells.get(job) else {
                return false;
            };
            let other = Cell {
                row: Row {
                    min_insync,
                    unclean,
                    failures,
                },
                protocol: mine.protocol,
            };
            let at = self.cells.iter().position(|&c| c == other);
            if let Some(at) = at.filter(|_| self.plan.settle_waiting(other)) {
                self.dispatch.emit(Msg::SearchReply(self.run, at, reply, now()));
            }
            return false;
        }
        let last = reply.is_final();
        self.dispatch.emit(Msg::SearchReply(self.run, job, reply, now()));
        if last {
            self.retire(ix);
        }
        last
    }

    /// The worker of slot `ix` is done: stopped, its memory given back.
    fn retire(&mut self, ix: usize) {
        let Some(slot) = self.slots.get_mut(ix).and_then(Option::take) else {
            return;
        };
        slot.spawned.worker.terminate();
        if let Some(&cell) = self.cells.get(slot.job) {
            self.plan.settle(cell);
        }
        self.retired.push(slot.spawned);
    }

    /// The worker of slot `ix` stopped on its own: its cell says why.
    fn stopped(&mut self, ix: usize, text: String) {
        if let Some(Some(slot)) = self.slots.get(ix) {
            self.dispatch.emit(Msg::Failed(self.run, slot.job, text, now()));
        }
        self.retire(ix);
    }
}

#[cfg(test)]
mod tests {
    use super::workers;

    #[test]
    fn one_worker_a_core_within_half_the_devices_memory() {
        assert_eq!(workers(2.0, None, 60), 2);
        assert_eq!(workers(16.0, None, 60), 4, "four at most");
        assert_eq!(
            workers(8.0, Some(4.0), 60),
            3,
            "4 GB: three budgets of 512 MB in half of it"
        );
        assert_eq!(workers(8.0, Some(2.0), 60), 1);
        assert_eq!(workers(8.0, Some(0.5), 60), 1, "one, however little memory");
        assert_eq!(workers(0.0, Some(8.0), 60), 1);
        assert_eq!(workers(4.0, Some(8.0), 2), 2, "no more than the cells");
    }
}
