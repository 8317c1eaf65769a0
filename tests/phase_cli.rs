//! `twistsearch solve --phases` end to end: text and `--json`, scramble files, limits, bad input.

mod common;

use common::cli_run as run;
use serde_json::Value;

const CUBE: &str = "tests/data/puzzles/main/3x3x3.tws";
const H: &str = "U,D,F2,B2,R2,L2";

#[test]
fn two_phase_text_and_json() {
    let scramble = "R U F' D2 L B' R2 U' F D' L2 B";
    let (code, out, err) = run(&["solve", CUBE, "--scramble", scramble, "--phases", H, "--target-length", "20"]);
    assert_eq!(code, 0, "{err}");
    // NAME: ALG (TOTAL; phases A+B)
    let (alg, rest) = out.trim().strip_prefix(&format!("{scramble}: ")).unwrap().split_once(" (").unwrap();
    let total: usize = rest.split(';').next().unwrap().parse().unwrap();
    assert!(total <= 20 && alg.split(' ').count() == total, "{out}");
    assert!(rest.contains("; phases "), "{out}");
    // The solution solves the scramble: the scramble followed by it is solved.
    let (code, pos, _) = run(&["position", CUBE, &format!("{scramble} {alg}"), "--format", "solved"]);
    let (_, solved, _) = run(&["position", CUBE, "", "--format", "solved"]);
    assert_eq!(code, 0);
    assert_eq!(pos, solved);

    let (code, out, err) =
        run(&["solve", CUBE, "--scramble", scramble, "--phases", H, "--target-length", "20", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let r = &v["results"][0];
    let lengths: Vec<u64> = r["phaseLengths"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    assert_eq!(lengths.len(), 2);
    assert_eq!(lengths.iter().sum::<u64>(), r["length"].as_u64().unwrap());
    assert!(v["tableBytes"].as_u64().unwrap() > 0 && r["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn phases_on_the_two_by_two_from_a_scramble_file() {
    let dir = std::env::temp_dir().join(format!("twistsearch-phase-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.scr");
    std::fs::write(&file, "ScrambleAlg first\nR U F' R2 U'\nEnd\n\nScrambleAlg second\nF2 U' R F U2 R'\nEnd\n")
        .unwrap();
    let (code, out, err) = run(&[
        "solve",
        "tests/data/puzzles/main/2x2x2.tws",
        file.to_str().unwrap(),
        "--phases",
        "U,R2,F2",
        "--phases",
        "U,R2",
        "--target-length",
        "11",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("first: ") && lines[1].starts_with("second: "), "{out}");
    // Three phases: three lengths.
    assert!(lines.iter().all(|l| l.matches('+').count() == 2), "{out}");
}

#[test]
fn limits_and_bad_phases_are_errors() {
    let (code, _, err) = run(&["solve", CUBE, "--scramble", "R U F", "--phases", H, "--max-nodes", "3"]);
    assert_ne!(code, 0);
    assert!(err.contains("node limit"), "{err}");
    let (code, _, err) = run(&["solve", CUBE, "--scramble", "R U F", "--phases", "U,Q"]);
    assert_ne!(code, 0);
    assert!(err.contains("--phases") && err.contains("Q"), "{err}");
    let (code, _, err) = run(&["solve", CUBE, "--scramble", "R", "--phases", H, "--memory", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("memory budget"), "{err}");
}

/// `--plan`: each phase's coordinates, cosets against the group index and table bytes, with nothing built
/// or solved (no scramble needed); a phase whose coordinate is too large has its reason.
#[test]
fn plan_reports_each_phase_without_building() {
    let (code, out, err) = run(&["solve", CUBE, "--phases", H, "--plan", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let phases = v["phases"].as_array().unwrap();
    assert_eq!(phases.len(), 2);
    // Kociemba's phase 1: slice, edge flip, corner twist: exactly the 2,217,093,120 cosets.
    assert_eq!(phases[0]["cosets"], "2217093120");
    assert_eq!(phases[0]["groupIndex"], "2217093120");
    assert_eq!(phases[0]["exact"], true);
    assert_eq!(phases[0]["coordinateSizes"], serde_json::json!([495, 2048, 2187]));
    assert!(phases[0]["tableBytes"].as_u64().unwrap() > 0);
    // Phase 2 goes to solved: its index is the order of <U,D,F2,B2,R2,L2>.
    assert_eq!(phases[1]["groupIndex"], "19508428800");
    let (code, out, err) = run(&["solve", CUBE, "--phases", H, "--plan"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("phase 1: cosets 2217093120 (coordinates [495, 2048, 2187]), index 2217093120, exact;"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 2, "{out}");
    // The 4x4x4 (cubing.js's definition, inner slices as moves): its wings split in four by the domino
    // group in one step need a coordinate of 24!/(4!4!8!8!) values: reported, not an error.
    let four = "tests/data/puzzles/cubing-kpuzzle/4x4x4.kpuzzle.json";
    let (code, out, err) = run(&[
        "solve",
        four,
        "--moves",
        "U,D,F,B,R,L,2U,2R,2F",
        "--phases",
        "U,D,F,B,R,L,2U2,2R2,2F2",
        "--phases",
        "U,D,F2,B2,R2,L2,2U2,2R2,2F2",
        "--plan",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("phase 2: index") && out.contains("662585823900 values"), "{out}");
    // A phase outside the previous group is still an error.
    let (code, _, err) = run(&["solve", CUBE, "--phases", "U,D,F2,B2,R2,L2", "--phases", "U,R", "--plan"]);
    assert_ne!(code, 0);
    assert!(err.contains("not all moves of the previous phase"), "{err}");
}
