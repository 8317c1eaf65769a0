//! The CLI's saved tables (`--cache-dir`, `--write-tables`) and progress lines (`--progress`), end to end:
//! a table written by one process is loaded by the next, a damaged or foreign file is refused with a
//! warning and the table rebuilt (and rewritten), `never` and `auto` write only when they should.

mod common;

use std::path::{Path, PathBuf};

use common::cli_run as run;
use serde_json::Value;

const CUBE: &str = "tests/data/puzzles/main/3x3x3.tws";
const CUBE_2: &str = "tests/data/puzzles/main/2x2x2.tws";
const TEN: &str = "B2 L B U' R2 B' L' U' R' F";

/// `solve PUZZLE --scramble ALG --memory 4 --json` with `extra`: the first result and stderr.
fn solve(puzzle: &str, alg: &str, extra: &[&str]) -> (Value, String) {
    let mut args = vec!["solve", puzzle, "--scramble", alg, "--memory", "4", "--json"];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    (v["results"][0].clone(), err)
}

/// A fresh directory for one test.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("twistsearch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The files in a directory.
fn files(dir: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

#[test]
fn tables_round_trip_and_bad_files_are_rebuilt() {
    let dir = fresh_dir("cache");
    let d = dir.to_str().unwrap();
    let always = ["--cache-dir", d, "--write-tables", "always"];
    let (first, err) = solve(CUBE, TEN, &always);
    assert_eq!(err, "");
    assert!(first["tableLoadSeconds"].is_null());
    let written = files(&dir);
    assert_eq!(written.len(), 1, "{written:?}");
    let path = &written[0];
    assert!(path.to_str().unwrap().ends_with("-4MiB.prune"), "{path:?}");
    let saved = std::fs::read(path).unwrap();
    // Loaded by the next process: the same answer, and the table as it was saved.
    let (second, err) = solve(CUBE, TEN, &always);
    assert_eq!(err, "");
    assert!(second["tableLoadSeconds"].as_f64().unwrap() > 0.0, "{second}");
    assert_eq!(second["solutions"][0]["length"], first["solutions"][0]["length"]);
    assert_eq!(second["tableBytes"], first["tableBytes"]);
    assert_eq!(second["tableDepth"], first["tableDepth"]);
    // Damaged: refused with a warning, rebuilt, and replaced by a good file.
    let mut bad = saved.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0xff;
    bad.truncate(bad.len() - 7);
    std::fs::write(path, &bad).unwrap();
    let (third, err) = solve(CUBE, TEN, &always);
    assert!(err.contains("warning: ") && err.contains("not a valid saved pruning table: truncated"), "{err}");
    assert!(err.contains("the table is rebuilt"), "{err}");
    assert!(third["tableLoadSeconds"].is_null());
    assert_eq!(third["solutions"][0]["length"], first["solutions"][0]["length"]);
    let (_, err) = solve(CUBE, TEN, &always);
    assert_eq!(err, "", "the rebuilt table was written back");
    // Foreign: a 2x2x2 table under the 3x3x3's name is refused.
    let other = fresh_dir("cache-2x2x2");
    let o = other.to_str().unwrap();
    solve(CUBE_2, "R U F", &["--cache-dir", o, "--write-tables", "always"]);
    std::fs::copy(&files(&other)[0], path).unwrap();
    let (fourth, err) = solve(CUBE, TEN, &["--cache-dir", d, "--write-tables", "never"]);
    assert!(err.contains("the saved pruning table was built for another puzzle; the table is rebuilt"), "{err}");
    assert_eq!(fourth["solutions"][0]["length"], first["solutions"][0]["length"]);
    // `never` left the foreign file alone; no temporary file is left anywhere.
    assert_eq!(std::fs::read(path).unwrap(), std::fs::read(&files(&other)[0]).unwrap());
    assert_eq!(files(&dir).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&other).unwrap();
}

#[test]
fn never_and_auto_write_only_when_they_should() {
    let dir = fresh_dir("cache-policy");
    let d = dir.to_str().unwrap();
    solve(CUBE, TEN, &["--cache-dir", d, "--write-tables", "never"]);
    assert!(files(&dir).is_empty());
    // `auto` (the default): a table that took milliseconds is not worth a file.
    solve(CUBE, "R U F", &["--cache-dir", d]);
    assert!(files(&dir).is_empty());
    let (code, _, err) = run(&["solve", CUBE, "--scramble", "R U", "--write-tables", "always"]);
    assert_eq!(code, 1);
    assert!(err.contains("error: --write-tables: needs --cache-dir DIR"), "{err}");
    let (code, _, err) = run(&["solve", CUBE, "--scramble", "R U", "--cache-dir", d, "--write-tables", "sometimes"]);
    // A usage error the argument parser finds: exit status 1, like every error (the CLI's one rule).
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("invalid value 'sometimes' for '--write-tables <WHEN>'"), "{err}");
    // Phase tables that build in a fraction of a second are not worth a file either.
    let (code, out, err) =
        run(&["solve", CUBE_2, "--scramble", "R U", "--phases", "U,F2,R2", "--cache-dir", d, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["tablesWritten"].as_bool(), Some(false), "{out}");
    assert!(files(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn table_seconds_include_the_fills_during_the_search() {
    let (r, _) = solve(CUBE, TEN, &[]);
    // The first table (2 MiB) is filled to depth 4 when the solver is made; this search fills deeper.
    assert!(r["tableDepth"].as_u64().unwrap() >= 5, "{r}");
    let t = r["tableSeconds"].as_f64().unwrap();
    assert!(t > 0.0 && t <= r["seconds"].as_f64().unwrap() + 1.0, "{r}");
}

#[test]
fn progress_lines_only_when_asked_for_off_a_terminal() {
    let (_, err) = solve(CUBE, TEN, &[]);
    assert_eq!(err, "", "stderr is not a terminal: no progress");
    let (_, err) = solve(CUBE, TEN, &["--progress"]);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.iter().any(|l| l.contains("] filling pruning table: depth ")), "{err}");
    assert!(lines.iter().any(|l| l.contains("] searching: depth 9, ")), "{err}");
    assert!(lines.iter().all(|l| l.starts_with('[') && l.contains(" s] ")), "{err}");
}

/// `--phases` (and `--phase-bound`) keep their phase tables in the cache directory too: written by one
/// process (`always`), loaded by the next with the same solution, a damaged file refused with a warning
/// and rebuilt, another chain kept in a file of its own.
#[test]
fn phase_tables_round_trip_and_bad_files_are_rebuilt() {
    let dir = fresh_dir("phase-cache");
    let d = dir.to_str().unwrap();
    let phases = |puzzle: &str, chain: &str, write: &str| {
        let args = [
            "solve",
            puzzle,
            "--scramble",
            TEN,
            "--phases",
            chain,
            "--target-length",
            "20",
            "--json",
            "--cache-dir",
            d,
            "--write-tables",
            write,
        ];
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        (serde_json::from_str::<Value>(&out).unwrap(), err)
    };
    let (first, err) = phases(CUBE, "U,D,F2,B2,R2,L2", "always");
    assert_eq!(err, "");
    assert_eq!((first["tablesLoaded"].as_bool(), first["tablesWritten"].as_bool()), (Some(false), Some(true)));
    let written = files(&dir);
    assert_eq!(written.len(), 1, "{written:?}");
    assert!(written[0].to_str().unwrap().ends_with(".phase"));
    let saved = std::fs::read(&written[0]).unwrap();
    let (second, err) = phases(CUBE, "U,D,F2,B2,R2,L2", "always");
    assert_eq!(err, "");
    assert_eq!((second["tablesLoaded"].as_bool(), second["tablesWritten"].as_bool()), (Some(true), Some(false)));
    assert!(second["results"][0]["length"].as_u64().unwrap() <= 20);
    assert_eq!(std::fs::read(&written[0]).unwrap(), saved, "a loaded table is not rewritten");
    // Damaged in its body: refused, rebuilt, rewritten whole.
    let mut damaged = saved.clone();
    let n = damaged.len();
    damaged[n / 2] ^= 0x5a;
    std::fs::write(&written[0], &damaged).unwrap();
    let (third, err) = phases(CUBE, "U,D,F2,B2,R2,L2", "always");
    assert!(err.contains("not a valid saved phase table file") && err.contains("rebuilt"), "{err}");
    assert_eq!(third["tablesLoaded"].as_bool(), Some(false));
    assert!(third["results"][0]["length"].as_u64().unwrap() <= 20);
    assert_eq!(std::fs::read(&written[0]).unwrap(), saved);
    // Another puzzle: another file, which `never` does not write.
    let (other, err) = phases(CUBE_2, "U,F2,R2", "never");
    assert_eq!(err, "");
    assert_eq!(other["tablesWritten"].as_bool(), Some(false));
    assert_eq!(files(&dir).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--cube-bound phase1` keeps its table in the cache directory: built and written by one process,
/// loaded by the next; a request of the face turns is answered by the cube's own search (several
/// solutions and quarter turns too), one with an orientation option by the generic solver with the
/// bound, with the same length; a table over `--cube-bound-memory` is refused before anything is built.
#[test]
fn the_cube_bound_persists_and_answers_plain_requests_itself() {
    const SYMM_CUBE: &str = "tests/data/puzzles/symm/3x3x3.tws";
    let dir = fresh_dir("cube-bound");
    let d = dir.to_str().unwrap();
    let cube = |extra: &[&str]| {
        let mut args = vec!["--cube-bound", "phase1", "--cache-dir", d];
        args.extend_from_slice(extra);
        solve(SYMM_CUBE, TEN, &args).0
    };
    let first = cube(&["--write-tables", "always"]);
    assert_eq!(first["searchedBy"], "3x3x3 coordinates", "{first}");
    assert_eq!(first["phaseBound"]["tablesLoaded"], false, "{first}");
    assert_eq!(first["phaseBound"]["tablesWritten"], true, "{first}");
    let second = cube(&[]);
    assert_eq!(second["phaseBound"]["tablesLoaded"], true, "{second}");
    assert_eq!(second["solutions"], first["solutions"]);
    let length = &first["solutions"][0]["length"];
    assert_eq!(*length, 10, "{first}");
    let two = cube(&["--count", "2"]);
    assert_eq!(two["searchedBy"], "3x3x3 coordinates", "{two}");
    assert_eq!(two["solutions"][0], first["solutions"][0]);
    assert!(two["solutions"][1]["length"].as_u64() >= length.as_u64(), "{two}");
    assert_eq!(two["phaseBound"]["tablesLoaded"], true, "{two}");
    let quarter = cube(&["--qtm", "--count", "2"]);
    assert_eq!(quarter["searchedBy"], "3x3x3 coordinates", "{quarter}");
    assert_eq!(quarter["solutions"].as_array().map(Vec::len), Some(2), "{quarter}");
    let states = cube(&["--ignore-center-orientation"]);
    assert_eq!(states["searchedBy"], "states", "{states}");
    assert_eq!(states["solutions"][0]["length"], *length);
    let started = std::time::Instant::now();
    let (code, _, err) =
        run(&["solve", SYMM_CUBE, "--scramble", TEN, "--cube-bound", "huge", "--cube-bound-memory", "1000"]);
    assert_ne!(code, 0);
    assert!(err.contains("the 3x3x3 huge table needs 2020 MiB, more than the memory budget of 1000 MiB"), "{err}");
    assert!(started.elapsed().as_secs() < 20, "refused before building");
    let _ = std::fs::remove_dir_all(&dir);
}
