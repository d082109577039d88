//! The safety matrix answered when the page was built: `replab matrix
//! --replies` writes each default table (two and three brokers) beside the
//! page, each cell as its worker would have replied it. The page reads it by
//! hand, as it reads a worker's replies (`SearchReply::read`), so that its
//! first download carries no deserializer.

use crate::message::SearchReply;
use replab_check::matrix::{self, Cell, Failures, Row, Settled};
use replab_check::Bounds;
use replab_core::{scenario, Protocol, Setup};
use wasm_bindgen::JsValue;

/// Where the table for `brokers` brokers lies, beside the page.
pub fn path(brokers: usize) -> String {
    format!("built/matrix-{brokers}.json")
}

/// One cell's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltCell {
    pub cell: Cell,
    pub settled: Settled,
    /// What its search held at most, in megabytes (0: another's settled it).
    pub megabytes: u32,
    /// Its answer, a final reply.
    pub reply: SearchReply,
}

/// A table answered at build time: the setup and bounds it was searched at.
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltTable {
    pub setup: Setup,
    pub bounds: Bounds,
    pub cells: Vec<BuiltCell>,
}

impl BuiltTable {
    /// Reads the file's text. None: not a table (or one of another build).
    pub fn read(text: &str) -> Option<BuiltTable> {
        let all = js_sys::JSON::parse(text).ok()?;
        let get = |o: &JsValue, key: &str| js_sys::Reflect::get(o, &JsValue::from_str(key)).ok();
        let header = get(&all, "header")?.as_string()?;
        let setup = scenario::parse(&header).ok()?.setup(None);
        let bounds = read_bounds(&get(&all, "bounds")?)?;
        let list = js_sys::Array::from(&get(&all, "cells")?);
        let mut cells = Vec::new();
        for item in list.iter() {
            let text = |key: &str| get(&item, key)?.as_string();
            let number = |key: &str| get(&item, key)?.as_f64().filter(|n| n.fract() == 0.0 && *n >= 0.0);
            let row = Row {
                min_insync: number("minInsync")? as u32,
                unclean: get(&item, "unclean")?.as_bool()?,
                failures: match text("failures")?.as_str() {
                    "crash" => Failures::Crash,
                    "unflushed" => Failures::Unflushed,
                    _ => return None,
                },
            };
            let settled = Settled::from_name(&text("settled")?)?;
            let reply = SearchReply::read(&get(&item, "reply")?).filter(SearchReply::is_final)?;
            cells.push(BuiltCell {
                cell: Cell {
                    row,
                    protocol: Protocol::from_name(&text("protocol")?)?,
                },
                settled,
                megabytes: number("megabytes")? as u32,
                reply,
            });
        }
        // A run shows it only if it has every cell the run's columns need
        // (`MatrixRun::built`).
        (!cells.is_empty()).then_some(BuiltTable { setup, bounds, cells })
    }

    /// Whether this table answers a run from `setup` within `bounds`: the
    /// same bounds, and the same setup under every cell's settings
    /// (`matrix::same_table`).
    pub fn answers(&self, setup: &Setup, bounds: &Bounds) -> bool {
        self.bounds == *bounds && matrix::same_table(&self.setup, setup)
    }
}

/// The bounds as `serde` writes them, read field by field.
fn read_bounds(o: &JsValue) -> Option<Bounds> {
    let get = |key: &str| js_sys::Reflect::get(o, &JsValue::from_str(key)).ok();
    let number = |key: &str| get(key)?.as_f64().filter(|n| n.fract() == 0.0 && *n >= 0.0);
    let flag = |key: &str| get(key)?.as_bool();
    let optional = |key: &str| match get(key) {
        Some(v) if v.is_null() || v.is_undefined() => Some(None),
        Some(v) => v
            .as_f64()
            .filter(|n| n.fract() == 0.0 && *n >= 0.0)
            .map(|n| Some(n as usize)),
        None => None,
    };
    let only = get("only")?;
    Some(Bounds {
        max_produces: number("maxProduces")? as u32,
        max_failures: number("maxFailures")? as u32,
        max_epoch: number("maxEpoch")? as u32,
        clean_elections: flag("cleanElections")?,
        unclean_elections: flag("uncleanElections")?,
        unflushed_loss: flag("unflushedLoss")?,
        lag_ticks: flag("lagTicks")?,
        multi_crashes: flag("multiCrashes")?,
        consumers: number("consumers")? as u32,
        // A table searches for either kind: `only` is always left out.
        only: if only.is_null() || only.is_undefined() {
            None
        } else {
            return None;
        },
        max_states: optional("maxStates")?,
        max_bytes: optional("maxBytes")?,
    })
}
