//! The malformed-input corpus under `tests/data/bad/`: every case must be refused with an [`Error`] that
//! names the place (line, and token where there is one; JSON path; alg column) and the reason, without
//! panicking and within a few seconds — through the library and through the command-line tool.
//!
//! `tests/data/bad/cases.json` lists the cases. Per case:
//! - `file`: the input, in `tests/data/bad/`;
//! - `kind`: `definition` and `kpuzzle` (loaded with [`twistsearch::load_puzzle`]), `scramble` (parsed with
//!   [`twistsearch::tws::parse_scrambles`] against `puzzle`), `alg` (one alg, parsed with [`Alg::parse`]
//!   then expanded against `puzzle`);
//! - `puzzle`: for scrambles and algs, the puzzle under `tests/data/`;
//! - `line`: the 1-based line the error must be at (`null`: not a line error);
//! - `column`: the column the error must give (an alg's column, or the column within `line`), or `null`;
//! - `json_path`: for KPuzzle errors, the JSON path the error must be at (a prefix: an alg error inside
//!   `derivedMoves.X` may add ` (column N)`), or `null`. `""` is the whole document;
//! - `token`: the token the error must name, or `null` for an error that names none;
//! - `contains`: a distinctive piece of the reason;
//! - `known_issue` (optional): a case the library is known to get wrong, with what is wrong. Such a case
//!   still runs (it must not panic or hang, which would fail the test), but a mismatch is only printed as a
//!   warning; with `BAD_INPUT_KNOWN_ISSUES=1` it fails like any other case (to check a fix). The command-line
//!   test skips known issues unless that variable is set.
//!
//! When `line`, `json_path` and `column` are all `null`, the error must have no location (the whole input
//! is at fault).

mod common;

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use common::{data, puzzle};
use serde::Deserialize;
use twistsearch::{Alg, Error, Location, Puzzle};

/// How long one library call may take (debug build) before it counts as a hang.
const LIBRARY_TIMEOUT: Duration = Duration::from_secs(5);
/// The corpus must have at least this many cases.
const MIN_CASES: usize = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Kind {
    Definition,
    Scramble,
    Kpuzzle,
    Alg,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    file: String,
    kind: Kind,
    #[serde(default)]
    puzzle: Option<String>,
    line: Option<usize>,
    token: Option<String>,
    contains: String,
    json_path: Option<String>,
    column: Option<usize>,
    #[serde(default)]
    known_issue: Option<String>,
}

impl Case {
    fn path(&self) -> std::path::PathBuf {
        data("bad").join(&self.file)
    }

    /// The input text; an alg file holds one alg, without its final line break.
    fn text(&self) -> String {
        let text = std::fs::read_to_string(self.path()).unwrap_or_else(|e| panic!("{}: {e}", self.file));
        match self.kind {
            Kind::Alg => text.trim_end_matches(['\n', '\r']).to_string(),
            _ => text,
        }
    }
}

fn manifest() -> Vec<Case> {
    let text = std::fs::read_to_string(data("bad/cases.json")).expect("tests/data/bad/cases.json");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("tests/data/bad/cases.json: {e}"))
}

fn check_known() -> bool {
    std::env::var("BAD_INPUT_KNOWN_ISSUES").is_ok_and(|v| v == "1")
}

/// The manifest itself is sound: enough cases, every file listed once and present, fields fit the kind.
fn check_manifest(cases: &[Case]) -> Vec<String> {
    let mut problems = Vec::new();
    if cases.len() < MIN_CASES {
        problems.push(format!("the corpus has {} cases, fewer than {MIN_CASES}", cases.len()));
    }
    let mut listed: HashMap<&str, usize> = HashMap::new();
    for c in cases {
        *listed.entry(&c.file).or_default() += 1;
        if !c.path().is_file() {
            problems.push(format!("{}: listed in cases.json but missing", c.file));
        }
        let needs_puzzle = matches!(c.kind, Kind::Scramble | Kind::Alg);
        if needs_puzzle != c.puzzle.is_some() {
            problems.push(format!("{}: `puzzle` is required for scrambles and algs only", c.file));
        }
        match c.kind {
            Kind::Definition | Kind::Scramble if c.line.is_none() => {
                problems.push(format!("{}: a {:?} error must name a line", c.file, c.kind))
            }
            Kind::Alg if c.line.is_some() => {
                problems.push(format!("{}: an alg case gives a column, not a line", c.file))
            }
            _ => {}
        }
        if c.json_path.is_some() && c.kind != Kind::Kpuzzle {
            problems.push(format!("{}: json_path is for kpuzzle cases", c.file));
        }
        if c.contains.trim().is_empty() {
            problems.push(format!("{}: `contains` is empty", c.file));
        }
    }
    for (file, n) in &listed {
        if *n > 1 {
            problems.push(format!("{file}: listed {n} times in cases.json"));
        }
    }
    for entry in std::fs::read_dir(data("bad")).expect("tests/data/bad") {
        let name = entry.expect("directory entry").file_name().into_string().expect("UTF-8 file name");
        if name != "cases.json" && !listed.contains_key(name.as_str()) {
            problems.push(format!("{name}: in tests/data/bad but not listed in cases.json"));
        }
    }
    problems
}

/// Runs the library call a case is about.
fn run_library(kind: Kind, text: &str, puzzle: Option<&Puzzle>) -> Result<(), Error> {
    match kind {
        Kind::Definition | Kind::Kpuzzle => twistsearch::load_puzzle(text).map(drop),
        Kind::Scramble => {
            twistsearch::tws::parse_scrambles(puzzle.expect("scramble cases name a puzzle"), text).map(drop)
        }
        Kind::Alg => Alg::parse(text)?.expand(puzzle.expect("alg cases name a puzzle")).map(drop),
    }
}

enum Outcome {
    Accepted,
    Refused(Error),
    Panicked(String),
    TimedOut,
}

/// Runs the call on its own thread, catching panics, and gives up waiting after [`LIBRARY_TIMEOUT`].
fn run_guarded(kind: Kind, text: String, puzzle: Option<Arc<Puzzle>>) -> (Outcome, Duration) {
    let (tx, rx) = mpsc::channel();
    let start = Instant::now();
    std::thread::spawn(move || {
        let r = catch_unwind(AssertUnwindSafe(|| run_library(kind, &text, puzzle.as_deref())));
        let _ = tx.send(r);
    });
    let outcome = match rx.recv_timeout(LIBRARY_TIMEOUT) {
        Ok(Ok(Ok(()))) => Outcome::Accepted,
        Ok(Ok(Err(e))) => Outcome::Refused(e),
        Ok(Err(payload)) => Outcome::Panicked(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(non-string panic payload)".into()),
        ),
        Err(mpsc::RecvTimeoutError::Timeout) => Outcome::TimedOut,
        Err(mpsc::RecvTimeoutError::Disconnected) => Outcome::Panicked("the worker thread died".into()),
    };
    (outcome, start.elapsed())
}

/// Whether `actual` is the JSON path `expected` or lies under it (`expected.x`, `expected[3]`,
/// `expected (column 4)`).
fn json_path_matches(actual: &str, expected: &str) -> bool {
    if expected.is_empty() {
        return actual.is_empty();
    }
    actual == expected || actual.strip_prefix(expected).is_some_and(|rest| rest.starts_with(['.', '[', ' ']))
}

/// What is wrong with the error a case produced (empty: all as the manifest says).
fn check_error(c: &Case, e: &Error) -> Vec<String> {
    let mut problems = Vec::new();
    if !e.reason.contains(&c.contains) {
        problems.push(format!("reason {:?} does not contain {:?}", e.reason, c.contains));
    }
    let location_ok = match (&e.location, c.line, &c.json_path, c.column) {
        (Location::Line { line, column }, Some(want), None, want_col) => {
            *line == want && (want_col.is_none() || *column == want_col)
        }
        (Location::Json(p), None, Some(want), None) => json_path_matches(p, want),
        (Location::Column(col), None, None, Some(want)) => *col == want,
        (Location::Nowhere, None, None, None) => true,
        _ => false,
    };
    if !location_ok {
        let mut want = Vec::new();
        if let Some(l) = c.line {
            want.push(format!("line {l}"));
        }
        if let Some(p) = &c.json_path {
            want.push(format!("JSON path {p:?}"));
        }
        if let Some(col) = c.column {
            want.push(format!("column {col}"));
        }
        let want = if want.is_empty() { "no location".to_string() } else { want.join(", ") };
        problems.push(format!("location is {:?}, expected {want}", e.location));
    }
    if e.token != c.token {
        problems.push(format!("token is {:?}, expected {:?}", e.token, c.token));
    }
    // What the user reads says the same.
    let shown = e.to_string();
    if let Some(l) = c.line {
        if !shown.contains(&format!("line {l}")) {
            problems.push(format!("the message {shown:?} does not say `line {l}`"));
        }
    }
    if let Some(t) = &c.token {
        if !shown.contains(&format!("token {t:?}")) {
            problems.push(format!("the message {shown:?} does not name token {t:?}"));
        }
    }
    problems
}

/// The puzzles scramble and alg cases are checked against, loaded once.
fn puzzles(cases: &[Case]) -> HashMap<String, Arc<Puzzle>> {
    let mut out = HashMap::new();
    for c in cases {
        if let Some(p) = &c.puzzle {
            out.entry(p.clone()).or_insert_with(|| Arc::new(puzzle(p)));
        }
    }
    out
}

#[test]
fn every_bad_input_gets_a_located_error_without_panicking() {
    let cases = manifest();
    let mut problems = check_manifest(&cases);
    let puzzles = puzzles(&cases);
    let strict = check_known();
    let (mut passed, mut warnings, mut fixed) = (0, Vec::new(), Vec::new());
    for c in &cases {
        let puzzle = c.puzzle.as_ref().map(|p| Arc::clone(&puzzles[p]));
        let (outcome, took) = run_guarded(c.kind, c.text(), puzzle);
        let mine: Vec<String> = match outcome {
            Outcome::Accepted => vec!["accepted: no error at all".into()],
            Outcome::Panicked(msg) => vec![format!("PANICKED: {msg}")],
            Outcome::TimedOut => vec![format!("HUNG: no answer within {LIBRARY_TIMEOUT:?}")],
            Outcome::Refused(e) => {
                let mut v = check_error(c, &e);
                if !v.is_empty() {
                    v.push(format!("(the error was: {e})"));
                }
                v
            }
        };
        let mut mine = mine;
        if took > LIBRARY_TIMEOUT {
            mine.push(format!("HUNG: took {took:?}"));
        }
        let crashed = mine.iter().any(|m| m.starts_with("PANICKED") || m.starts_with("HUNG"));
        let report = format!("{} ({:?}):\n    {}", c.file, c.kind, mine.join("\n    "));
        match (&c.known_issue, mine.is_empty()) {
            (None, true) => passed += 1,
            (Some(_), true) => fixed.push(c.file.clone()),
            (Some(why), false) if !strict && !crashed => warnings.push(format!("{report}\n    known issue: {why}")),
            _ => problems.push(report),
        }
    }
    eprintln!(
        "bad inputs: {} cases, {passed} passed, {} known issues still present, {} known issues now fixed, {} failed",
        cases.len(),
        warnings.len(),
        fixed.len(),
        problems.len()
    );
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    for f in &fixed {
        eprintln!("note: {f} passes now: remove its known_issue from tests/data/bad/cases.json");
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

/// The same corpus through the command-line tool (only built with the `cli` feature).
#[cfg(feature = "cli")]
mod cli {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    use super::{check_known, data, manifest, Kind};

    /// How long one run of the command-line tool may take.
    const CLI_TIMEOUT: Duration = Duration::from_secs(20);

    /// The command-line tool refuses every case with exit status 1 and an `error: …` on stderr that gives the
    /// reason and the line (or column, or JSON path).
    #[test]
    fn the_cli_reports_every_bad_input_on_stderr_with_status_1() {
        let exe = env!("CARGO_BIN_EXE_twistsearch");
        let cases = manifest();
        let strict = check_known();
        let mut problems = Vec::new();
        let mut passed = 0;
        for c in cases.iter().filter(|c| c.known_issue.is_none() || strict) {
            let path = c.path().to_string_lossy().into_owned();
            let puzzle_path = c.puzzle.as_ref().map(|p| data(p).to_string_lossy().into_owned());
            let args: Vec<String> = match c.kind {
                Kind::Definition | Kind::Kpuzzle => vec!["info".into(), path],
                Kind::Scramble => vec!["scrambles".into(), puzzle_path.expect("scramble cases name a puzzle"), path],
                Kind::Alg => vec!["position".into(), puzzle_path.expect("alg cases name a puzzle"), c.text()],
            };
            let mine = match run_cli(exe, &args) {
                Err(why) => vec![why],
                Ok((code, stderr)) => {
                    let mut v = Vec::new();
                    if code != Some(1) {
                        v.push(format!("exit status {code:?}, expected 1"));
                    }
                    if !stderr.contains("error: ") {
                        v.push("stderr has no `error: `".into());
                    }
                    if !stderr.contains(&c.contains) {
                        v.push(format!("stderr does not contain {:?}", c.contains));
                    }
                    if let Some(l) = c.line {
                        if !stderr.contains(&format!("line {l}")) {
                            v.push(format!("stderr does not say `line {l}`"));
                        }
                    }
                    if let (Some(col), Kind::Alg) = (c.column, c.kind) {
                        if !stderr.contains(&format!("column {col}")) {
                            v.push(format!("stderr does not say `column {col}`"));
                        }
                    }
                    if let Some(p) = c.json_path.as_ref().filter(|p| !p.is_empty()) {
                        if !stderr.contains(p.as_str()) {
                            v.push(format!("stderr does not name JSON path {p}"));
                        }
                    }
                    if let Some(t) = &c.token {
                        if !stderr.contains(&format!("{t:?}")) {
                            v.push(format!("stderr does not name token {t:?}"));
                        }
                    }
                    if !v.is_empty() {
                        v.push(format!("(stderr was: {:?})", truncate(&stderr, 400)));
                    }
                    v
                }
            };
            if mine.is_empty() {
                passed += 1;
            } else {
                let shown: Vec<String> = args.iter().map(|a| truncate(a, 60)).collect();
                problems.push(format!("{} (twistsearch {}):\n    {}", c.file, shown.join(" "), mine.join("\n    ")));
            }
        }
        eprintln!("bad inputs through the CLI: {passed} passed, {} failed", problems.len());
        assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    }

    /// A file that cannot be read is an error too, naming the file.
    #[test]
    fn the_cli_reports_a_missing_file_with_status_1() {
        let missing = data("bad/no-such-file.tws").to_string_lossy().into_owned();
        let (code, stderr) = run_cli(env!("CARGO_BIN_EXE_twistsearch"), &["info".to_string(), missing.clone()])
            .unwrap_or_else(|why| panic!("{why}"));
        assert_eq!(code, Some(1), "stderr: {stderr}");
        assert!(stderr.contains("error: ") && stderr.contains(&missing), "stderr: {stderr}");
    }

    /// Runs the tool, killing it after [`CLI_TIMEOUT`]; returns the exit code and stderr.
    fn run_cli(exe: &str, args: &[String]) -> Result<(Option<i32>, String), String> {
        let mut child = Command::new(exe)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not start {exe}: {e}"))?;
        let drain = |mut r: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                let _ = r.read_to_end(&mut buf);
                String::from_utf8_lossy(&buf).into_owned()
            })
        };
        let out = drain(Box::new(child.stdout.take().expect("piped stdout")));
        let err = drain(Box::new(child.stderr.take().expect("piped stderr")));
        let deadline = Instant::now() + CLI_TIMEOUT;
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                Ok(None) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!("HUNG: still running after {CLI_TIMEOUT:?}"));
                }
                Err(e) => return Err(format!("waiting for the tool failed: {e}")),
            }
        };
        let _ = out.join();
        let stderr = err.join().unwrap_or_default();
        Ok((status.code(), stderr))
    }

    fn truncate(s: &str, max: usize) -> String {
        if s.chars().count() <= max {
            s.to_string()
        } else {
            format!("{}…", s.chars().take(max).collect::<String>())
        }
    }
}
