//! A failure with the input it concerns, and the one exit rule of the native binaries (`twistsearch`,
//! `twistsearch-bench`): the output on stdout and status 0, or `error: <input>: <message>` on stderr and
//! status 1 — usage errors the argument parser finds (an unknown option, a missing argument, a value that
//! is not a number) too; `--help` and `--version` exit 0.
//!
//! Shared by both binaries (`#[path]`-included from `src/bin/common/`): they have no library of their
//! own, and the core does no I/O.

use std::io::Write as _;
use std::process::ExitCode;

/// A failure with the input it concerns.
pub struct Failure {
    pub input: String,
    pub message: String,
}

pub fn fail(input: &str, e: impl std::fmt::Display) -> Failure {
    Failure { input: input.to_string(), message: e.to_string() }
}

/// The command line as `P`; where it does not parse, or asks for `--help` or `--version`, clap's own
/// message is printed and the status to exit with returned (clap's 2 for a usage error becomes 1).
pub fn parse_args<P: clap::Parser>() -> Result<P, ExitCode> {
    P::try_parse().map_err(|e| {
        let _ = e.print();
        if e.use_stderr() {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    })
}

/// Prints a command's output (status 0) or its failure (status 1).
pub fn finish(result: Result<String, Failure>) -> ExitCode {
    match result {
        Ok(text) => {
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(f) => {
            eprintln!("error: {}: {}", f.input, f.message);
            ExitCode::from(1)
        }
    }
}
