//! `twistsearch scramble --event ID` end to end: text and `--json`, seeds, bad event IDs.

use std::process::Command;

use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_twistsearch"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the CLI runs");
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

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
