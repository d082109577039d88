//! A pool of Web Workers for the matrix's cells: as many workers as the
//! browser has cores (at most `MOST_WORKERS`), one cell each at a time. A
//! worker that finishes its cell takes the next; one that stops (a trap, out
//! of memory) ends its own cell only, and a new worker takes its place for
//! the cells left. Dropping the pool stops every worker.

use super::matrix_run::Msg;
use replab_messages::client::{self, js_error, Spawned};
use replab_messages::message::{to_js, SearchReply, SearchRequest};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::JsValue;
use yew::Callback;

/// Workers at most: each holds one search's states (up to the state limit,
/// about 230 MB with three brokers), which a phone must survive.
pub const MOST_WORKERS: usize = 4;

/// The workers to start for `jobs` cells on this browser.
pub fn size(jobs: usize) -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (cores as usize).clamp(1, MOST_WORKERS).min(jobs.max(1))
}

struct Slot {
    spawned: Spawned,
    /// The cell it searches now.
    job: Option<usize>,
}

struct Inner {
    run: u32,
    /// Each cell's request, as the message the worker reads.
    jobs: Vec<JsValue>,
    next: usize,
    slots: Vec<Option<Slot>>,
    /// Workers stopped from within their own handlers: dropped with the pool
    /// (a handler cannot drop the closure it runs in).
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
    /// Starts `workers` workers on `requests` (a cell each, by index), telling
    /// `dispatch` what each reply and failure says.
    pub fn start(run: u32, requests: &[SearchRequest], workers: usize, dispatch: Callback<Msg>) -> Pool {
        let jobs: Vec<JsValue> = requests.iter().map(|r| to_js(r).unwrap_or(JsValue::NULL)).collect();
        let inner = Rc::new(RefCell::new(Inner {
            run,
            jobs,
            next: 0,
            slots: Vec::new(),
            retired: Vec::new(),
            dispatch,
        }));
        for ix in 0..workers {
            let slot = spawn(Rc::downgrade(&inner), ix);
            let mut me = inner.borrow_mut();
            me.slots.push(slot);
        }
        Pool { _inner: inner }
    }
}

/// Starts the worker for slot `ix` (None if the browser refused: the cells
/// left stay waiting unless another worker takes them).
fn spawn(pool: Weak<RefCell<Inner>>, ix: usize) -> Option<Slot> {
    let on_error = pool.clone();
    let spawned = client::spawn(
        move |worker, data| {
            let Some(inner) = pool.upgrade() else { return };
            let mut me = inner.borrow_mut();
            match SearchReply::read(&data) {
                Some(SearchReply::Ready) => me.assign(ix, worker),
                Some(reply) => {
                    let last = reply.is_final();
                    if let Some(job) = me.job(ix) {
                        me.dispatch.emit(Msg::SearchReply(me.run, job, reply, now()));
                    }
                    if last {
                        me.assign(ix, worker);
                    }
                }
                None => me.failed(ix, String::new(), &pool),
            }
        },
        move |text| {
            if let Some(inner) = on_error.upgrade() {
                inner.borrow_mut().failed(ix, text, &on_error);
            }
        },
    );
    spawned.ok().map(|spawned| Slot { spawned, job: None })
}

impl Inner {
    fn job(&self, ix: usize) -> Option<usize> {
        self.slots.get(ix)?.as_ref()?.job
    }

    /// Gives the worker of slot `ix` the next cell, or stops it when none is left.
    fn assign(&mut self, ix: usize, worker: &web_sys::Worker) {
        let next = self.next;
        let Some(Some(slot)) = self.slots.get_mut(ix) else {
            return;
        };
        match self.jobs.get(next) {
            Some(message) => {
                slot.job = Some(next);
                self.next += 1;
                if let Err(e) = worker.post_message(message) {
                    let text = js_error(e);
                    self.dispatch.emit(Msg::Failed(self.run, next, text, now()));
                }
            }
            None => {
                slot.job = None;
                worker.terminate();
            }
        }
    }

    /// The worker of slot `ix` stopped: its cell says why, and a new worker
    /// takes the cells left.
    fn failed(&mut self, ix: usize, text: String, pool: &Weak<RefCell<Inner>>) {
        let Some(slot) = self.slots.get_mut(ix).and_then(Option::take) else {
            return;
        };
        slot.spawned.worker.terminate();
        if let Some(job) = slot.job {
            self.dispatch.emit(Msg::Failed(self.run, job, text, now()));
        }
        self.retired.push(slot.spawned);
        if self.next < self.jobs.len() {
            self.slots[ix] = spawn(pool.clone(), ix);
        }
    }
}
