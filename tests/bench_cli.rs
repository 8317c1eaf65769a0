//! `twistsearch-bench`: the quick versions of the cases run, and their JSON records (one per line) have
//! the documented fields with sane values. No timing thresholds: a benchmark never fails a test on
//! speed.

mod common;

use common::{bin_run, cli_run};
use serde_json::Value;

/// Runs `twistsearch-bench ARGS`: its exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    bin_run(env!("CARGO_BIN_EXE_twistsearch-bench"), args)
}

/// The records of `twistsearch-bench ARGS --json`, one per line.
fn records(args: &[&str]) -> Vec<Value> {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = run(&a);
    assert_eq!(code, 0, "{a:?}: {err}");
    out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not a JSON line: {e}: {l}"))).collect()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

/// A timing: positive seconds, best ≤ median, one sample per repetition, a rate matching its work.
fn check_timing(t: &Value, samples: usize) {
    let (median, best) = (f(&t["medianSeconds"]), f(&t["bestSeconds"]));
    assert!(best > 0.0 && best <= median, "{t}");
    assert_eq!(t["samples"].as_array().unwrap().len(), samples, "{t}");
    match t["work"].as_u64() {
        Some(w) => {
            assert!((f(&t["rate"]) - w as f64 / median).abs() <= 1e-6 * f(&t["rate"]).max(1.0), "{t}");
            assert!(["states/s", "nodes/s"].contains(&t["rateUnit"].as_str().unwrap()), "{t}");
        }
        None => assert!(t["rate"].is_null() && t["rateUnit"].is_null(), "{t}"),
    }
}

/// The fields every run has, whatever the case.
fn check_run(run: &Value, repeat: usize) {
    assert!(u(&run["threads"]) >= 1, "{run}");
    check_timing(&run["time"], repeat);
    assert!(f(&run["wallSeconds"]) >= f(&run["time"]["medianSeconds"]), "{run}");
    let mem = &run["memory"];
    for key in ["peakRssBytes", "peakReset", "rssStartBytes", "rssEndBytes", "peakAboveStartBytes"] {
        assert!(mem.get(key).is_some(), "memory.{key} missing: {run}");
    }
    if cfg!(target_os = "linux") {
        assert!(run["cpuSeconds"].as_f64().is_some() && f(&run["othersCpuSeconds"]) >= 0.0, "{run}");
        assert!(u(&mem["peakRssBytes"]) > 0 && u(&mem["rssEndBytes"]) > 0, "{run}");
    } else {
        assert!(run["cpuSeconds"].is_null() && run["othersCpuSeconds"].is_null(), "{run}");
        assert!(mem["peakRssBytes"].is_null(), "{run}");
    }
}

#[test]
fn quick_bench_records_are_sane() {
    let recs = records(&["--quick"]);
    let names: Vec<&str> = recs.iter().map(|r| r["case"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "table-3x3x3",
            "table-3x3x3-symmetry",
            "tperm",
            "3x3x3-short",
            "4x4x4-short",
            "megaminx-short",
            "3x3x3-deep",
            "4x4x4-deep",
            "megaminx-deep",
            "3x3x3-random",
            "3x3x3-random-exact",
            "3x3x3-random-layers",
            "3x3x3-random-parity",
            "god-2x2x2",
            "god-2x2x2-symmetry",
            "god-edges-cosets"
        ]
    );
    for r in &recs {
        assert_eq!(r["quick"], true);
        assert_eq!(r["repeat"], 1);
        assert!(u(&r["cores"]) >= 1);
        assert!(["release", "debug"].contains(&r["build"].as_str().unwrap()));
        assert!(!r["about"].as_str().unwrap().is_empty());
        let runs = r["runs"].as_array().unwrap();
        if r["case"] == "god-edges-cosets" {
            // The edges group through distance 5, counted.
            assert_eq!(r["status"], "ok", "{r}");
            for run in runs {
                check_run(run, 1);
                assert_eq!(u(&run["time"]["work"]), 602_175);
            }
            continue;
        }
        if r["case"].as_str().unwrap().starts_with("3x3x3-random") {
            // Two walks solved by the cube's own search with the phase-1 table: one sample per position.
            assert_eq!(r["status"], "ok", "{r}");
            for run in runs {
                check_run(run, 2);
                let table = &run["table"];
                assert_eq!(table["complete"], true, "{run}");
                assert_eq!(u(&table["entriesSet"]), u(&table["entries"]));
                // Two bits an entry, in whole words.
                assert_eq!(u(&table["bytes"]), u(&table["entries"]).div_ceil(32) * 8, "{run}");
                for s in run["solves"].as_array().unwrap() {
                    let (len, scr) = (u(&s["solutionLength"]), u(&s["scrambleLength"]));
                    assert!(len >= 1 && len <= scr, "{s}");
                    assert_eq!(s["solution"].as_str().unwrap().split(' ').count() as u64, len, "{s}");
                    check_timing(&s["time"], 1);
                }
            }
            continue;
        }
        if r["case"] == "god-2x2x2" || r["case"] == "god-2x2x2-symmetry" {
            // Every position of the 2x2x2 with U,F,R, counted.
            assert_eq!(r["status"], "ok", "{r}");
            for run in runs {
                check_run(run, 1);
                assert_eq!(u(&run["time"]["work"]), 3_674_160);
                assert!(run["table"].is_null());
            }
            continue;
        }
        assert_eq!(r["status"], "ok", "{r}");
        assert!(r["reason"].is_null());
        assert!(!runs.is_empty());
        for run in runs {
            check_run(run, 1);
            let table = &run["table"];
            assert!(u(&table["depth"]) >= u(&table["buildDepth"]) && u(&table["buildDepth"]) >= 1, "{run}");
            // 4-bit entries (two a byte), or 2-bit ones (four a byte) in big tables the memory limits.
            let (bytes, entries) = (u(&table["bytes"]), u(&table["entries"]));
            assert!(u(&table["entriesSet"]) <= entries, "{run}");
            assert!(entries == bytes * 2 || entries == bytes * 4, "{run}");
            check_timing(&table["build"], 1);
            for s in run["solves"].as_array().unwrap() {
                let (len, scr) = (u(&s["solutionLength"]), u(&s["scrambleLength"]));
                assert!(len >= 1 && len <= scr, "{s}");
                assert_eq!(s["solution"].as_str().unwrap().split(' ').count() as u64, len, "{s}");
                assert_eq!(s["scramble"].as_str().unwrap().split(' ').count() as u64, scr, "{s}");
                check_timing(&s["time"], 1);
            }
        }
    }
    let table = &recs[0];
    let runs = table["runs"].as_array().unwrap();
    // 1 thread and every core by default, the depth asked for.
    assert_eq!(runs[0]["threads"], 1);
    assert_eq!(runs[0]["speedup"], 1.0);
    assert_eq!(runs[0]["table"]["depth"], 5);
    assert_eq!(runs[0]["time"]["rateUnit"], "states/s");
    // Canonical 3x3x3 sequences of length 0..=5 (HTM): 1 + 18 + 243 + 3240 + 43254 + 577368.
    assert_eq!(runs[0]["time"]["work"], 624124);
    // The symmetry-reduced table: depth 6, at least the 24th part of the 3x3x3's positions within 6.
    let symm = &recs[1]["runs"][0]["table"];
    assert_eq!(symm["depth"], 6);
    assert!(u(&symm["entriesSet"]) * 24 >= 8_240_087 * 9 / 10, "{symm}");
    let tperm = &recs[2]["runs"][0];
    assert_eq!(tperm["solves"][0]["solutionLength"], 11);
    assert_eq!(tperm["solves"][0]["scrambleLength"], 14);
    check_timing(&tperm["warm"], 1);
    assert!(tperm["time"]["work"].is_null());
    for r in &recs[3..6] {
        let run = &r["runs"][0];
        assert!(run["warm"].is_null());
        let solves = run["solves"].as_array().unwrap();
        assert!(!solves.is_empty());
        let nodes: u64 = solves.iter().map(|s| u(&s["time"]["work"])).sum();
        assert_eq!(u(&run["time"]["work"]), nodes);
    }
}

#[test]
fn thread_list_repeats_and_speedup() {
    let recs = records(&["table-3x3x3", "god-2x2x2", "--quick", "--threads", "2,1", "--repeat", "2"]);
    assert_eq!(recs.len(), 2);
    let runs = recs[0]["runs"].as_array().unwrap();
    assert_eq!(runs.iter().map(|r| u(&r["threads"])).collect::<Vec<_>>(), [2, 1]);
    for run in runs {
        check_run(run, 2);
        let s = f(&run["speedup"]);
        let expected = f(&runs[1]["time"]["medianSeconds"]) / f(&run["time"]["medianSeconds"]);
        assert!((s - expected).abs() < 1e-9, "{run}");
        // Same table whatever the thread count.
        assert_eq!(run["table"]["entriesSet"], runs[0]["table"]["entriesSet"]);
    }
    assert_eq!(recs[1]["status"], "ok");
    assert_eq!(recs[1]["runs"].as_array().unwrap().len(), 2);
}

#[test]
fn text_output_and_bad_arguments() {
    let (code, out, err) = run(&["god-2x2x2", "3x3x3-short", "--quick"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("god-2x2x2: "), "{out}");
    assert!(out.contains("3674160 positions"), "{out}");
    assert!(out.contains("3x3x3-short: ") && out.contains("median") && out.contains("peak RSS"), "{out}");
    for (args, needle) in [
        (&["--threads", "0"][..], "--threads"),
        (&["--repeat", "0"][..], "--repeat"),
        (&["no-such-case"][..], "no-such-case"),
    ] {
        let (code, _, err) = run(args);
        // The one exit rule of the native binaries: every error is status 1.
        assert_eq!(code, 1, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn a_binary_of_its_own() {
    let (code, out, err) = run(&["--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("twistsearch-bench") && out.contains("--twsearch") && out.contains("god-edges-cosets"),
        "{out}"
    );
    // The CLI has no `bench` subcommand any more: not in its help, and an unknown subcommand.
    let (code, help, err) = cli_run(&["--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(help.contains("god-merge"), "{help}");
    assert!(!help.lines().any(|l| l.trim_start().starts_with("bench")), "{help}");
    let (code, _, err) = cli_run(&["bench", "--quick"]);
    assert_eq!(code, 1);
    assert!(err.contains("'bench'"), "{err}");
}
