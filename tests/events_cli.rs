//! `twistsearch scramble --event ID` end to end: text and `--json`, seeds, bad event IDs.

mod common;

use common::cli_run as run;
use serde_json::Value;

#[test]
fn event_scrambles_are_reproducible_with_a_seed() {
    for ev in ["222", "pyram", "clock", "555"] {
        let args = ["scramble", "--event", ev, "--count", "3", "--seed", "42"];
        let (code, a, err) = run(&args);
        assert_eq!(code, 0, "{ev}: {err}");
        assert_eq!(a.lines().count(), 3, "{ev}: {a}");
        let (_, b, _) = run(&args);
        assert_eq!(a, b, "{ev}");
    }
}

#[test]
fn event_json_has_lengths_and_times() {
    let (code, out, err) = run(&["scramble", "--event", "skewb", "--count", "2", "--seed", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["event"], "skewb");
    let rows = v["scrambles"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for r in rows {
        let len = r["length"].as_u64().unwrap();
        assert!(len >= 7 && r["alg"].as_str().unwrap().split(' ').count() as u64 == len, "{r}");
        assert!(r["ms"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn bad_event_ids_are_named() {
    let (code, _, err) = run(&["scramble", "--event", "999"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown event \"999\"") && err.contains("pyram"), "{err}");
    let (code, _, err) = run(&["scramble", "--event", "444x"]);
    assert_ne!(code, 0);
    assert!(err.contains("444x"), "{err}");
    let (code, _, _) = run(&["scramble"]);
    assert_ne!(code, 0);
}

/// Scrambles do not depend on `--threads` (each is drawn from its own seed); the 3x3x3 events' exact
/// tables are built and written to `--cache-dir` and loaded by the next run (the same scrambles, at most
/// 20 moves). (Damaged files are refused: the core's tests.)
#[test]
fn threads_and_the_333_phase1_table_in_a_cache_dir() {
    let dir = std::env::temp_dir().join(format!("twistsearch-events-cli-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let base = ["scramble", "--event", "333", "--count", "24", "--seed", "9", "--json"];
    let algs = |out: &str| -> Vec<String> {
        let v: Value = serde_json::from_str(out).unwrap();
        v["scrambles"].as_array().unwrap().iter().map(|r| r["alg"].as_str().unwrap().to_string()).collect()
    };
    let (code, one, err) = run(&[&base[..], &["--threads", "1"]].concat());
    assert_eq!(code, 0, "{err}");
    let (_, two, _) = run(&[&base[..], &["--threads", "2"]].concat());
    assert_eq!(algs(&one), algs(&two));
    // At most 20 moves, one more where the small tables' search passes its node budget first.
    assert!(algs(&one).iter().all(|a| a.split(' ').count() <= 21));
    let cached = [&base[..], &["--cache-dir", d, "--write-tables", "always"]].concat();
    let (code, built, err) = run(&cached);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&built).unwrap();
    assert_eq!(v["fullTables"]["how"], "built, written", "{built}");
    let file = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    assert!(file.to_str().unwrap().contains("3x3x3-two-phase-"));
    let (_, loaded, _) = run(&cached);
    let v: Value = serde_json::from_str(&loaded).unwrap();
    assert_eq!(v["fullTables"]["how"], "loaded");
    assert!(algs(&loaded).iter().all(|a| a.split(' ').count() <= 20));
    // Loaded tables search as the built ones did (the exact tables' search leaves out the small tables'
    // pre-moves, so its solutions are its own).
    assert_eq!(algs(&loaded), algs(&built));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 43: `scramble PUZZLE` on a definition too large to solve optimally in seconds that is an
/// event's puzzle (here the `.tws` 3x3x3, recognised by its structure, not its file name) uses that
/// event's scrambler and says so; each scramble reads on the definition. A small puzzle is still
/// scrambled optimally, with nothing said.
#[test]
fn scramble_of_a_large_event_puzzle_uses_the_event_scrambler() {
    let p = "tests/data/puzzles/main/3x3x3.tws";
    let (code, out, err) = run(&["scramble", p, "--count", "3", "--seed", "7"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("too many to solve optimally in seconds; its structure is the 3x3x3 of event 333"), "{err}");
    assert_eq!(out, run(&["scramble", "--event", "333", "--count", "3", "--seed", "7"]).1);
    for scramble in out.lines() {
        let (code, _, err) = run(&["position", p, scramble]);
        assert_eq!(code, 0, "{scramble}: {err}");
        assert!((16..=30).contains(&scramble.split(' ').count()), "{scramble}");
    }
    // The same definition, its file, puzzle and orbits renamed.
    let text = std::fs::read_to_string(p).unwrap();
    let renamed = text.replace("EDGE", "WING").replace("CORNER", "TIP").replace("PuzzleGeometryPuzzle", "Cube");
    let dir = std::env::temp_dir().join(format!("twistsearch-recognise-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let q = dir.join("renamed.tws");
    std::fs::write(&q, renamed).unwrap();
    let (code, _, err) = run(&["scramble", q.to_str().unwrap(), "--seed", "1"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("Cube has 43252003274489856000 positions") && err.contains("event 333"), "{err}");
    let (code, out, err) = run(&["scramble", "tests/data/puzzles/main/2x2x2.tws", "--seed", "1"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
}

#[test]
fn solve_event_solves_clock_optimally_and_a_5x5x5_checked() {
    let (code, out, err) = run(&["solve-event", "clock", "--count", "3", "--seed", "5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    for r in v["solves"].as_array().unwrap() {
        let turns = r["alg"].as_str().unwrap().split(' ').filter(|t| *t != "y2").count() as u64;
        assert_eq!(r["length"].as_u64().unwrap(), turns, "{r}");
        // At most the scramble's turns that are not 0+.
        let scramble_turns =
            r["scramble"].as_str().unwrap().split(' ').filter(|t| t.ends_with('+') || t.ends_with('-'));
        assert!(turns <= scramble_turns.filter(|t| !t.ends_with("0+")).count() as u64, "{r}");
    }
    // A given 5x5x5 position, with a narrower beam (the CLI checks the answer before printing it).
    let (code, out, err) = run(&["solve-event", "555", "--scramble", "Rw U 2F' 3L D2 Bw", "--beam", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("scramble: Rw U 2F' 3L D2 Bw\nsolution ("), "{out}");
    let (code, _, err) = run(&["solve-event", "555", "--scramble", "Rw", "--beam", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("width"), "{err}");
}
