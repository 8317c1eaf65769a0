//! Shared helpers for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use twistsearch::Puzzle;

/// `tests/data/...` as a path.
pub fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(rel)
}

/// Reads a test data file.
pub fn read(rel: &str) -> String {
    std::fs::read_to_string(data(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Loads a puzzle from the test data.
pub fn puzzle(rel: &str) -> Puzzle {
    twistsearch::load_puzzle(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Runs the CLI (from the repository root) and returns its standard output, failing the test with its
/// standard error where it does not succeed.
pub fn cli_ok(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_twistsearch"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the CLI runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}
