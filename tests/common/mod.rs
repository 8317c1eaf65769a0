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

/// Runs the CLI (from the repository root): its exit code (-1 where it has none), standard output and
/// standard error.
pub fn cli_run(args: &[&str]) -> (i32, String, String) {
    bin_run(env!("CARGO_BIN_EXE_twistsearch"), args)
}

/// Runs the package's binary `exe` (its `CARGO_BIN_EXE_` path) from the repository root, as [`cli_run`].
pub fn bin_run(exe: &str, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(exe)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("{exe} runs: {e}"));
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Runs the CLI (from the repository root) and returns its standard output, failing the test with its
/// standard error where it does not succeed.
pub fn cli_ok(args: &[&str]) -> String {
    let (code, out, err) = cli_run(args);
    assert!(code == 0, "{args:?}: {err}");
    out
}
