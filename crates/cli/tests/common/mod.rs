//! The runner as the tests call it: from the workspace root, its output.

// Each test file uses its own share of these.
#![allow(dead_code)]

use std::process::{Command, Output};

/// `replab` with `args`, run from the workspace root.
pub fn replab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_replab"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("replab runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
