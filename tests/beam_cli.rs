//! `twistsearch solve --beam WIDTH`: a solution of any position by beam search, checked here by
//! applying it with `position`; limits and bad input.

mod common;

use common::cli_run as run;
use serde_json::Value;

/// Whether `alg` after `scramble` gives the solved position of `puzzle`.
fn solves(puzzle: &str, scramble: &str, alg: &str) -> bool {
    let (code, pos, err) = run(&["position", puzzle, &format!("{scramble} {alg}"), "--format", "solved"]);
    assert_eq!(code, 0, "{err}");
    let (_, solved, _) = run(&["position", puzzle, "", "--format", "solved"]);
    pos == solved
}

#[test]
fn a_3x3x3_and_a_5x5x5_position_are_solved_text_and_json() {
    // Two A-perms: corners only (no edge 3-cycle is a commutator of short face-turn sequences).
    let cube = "tests/data/puzzles/main/3x3x3.tws";
    let scramble = "R' F R' B2 R F' R' B2 R2 U L' B L' F2 L B' L' F2 L2 U'";
    let (code, out, err) = run(&["solve", cube, "--scramble", scramble, "--beam", "8"]);
    assert_eq!(code, 0, "{err}");
    let (alg, n) = out.trim().strip_prefix(&format!("{scramble}: ")).unwrap().rsplit_once(" (").unwrap();
    assert_eq!(alg.split(' ').count(), n.trim_end_matches(')').parse::<usize>().unwrap());
    assert!(solves(cube, scramble, alg), "{out}");

    // A 5x5x5 (PuzzleGeometry's, single layer turns): centers and wings moved by inner slices (a longer
    // inner-slice scramble leaves the greedy beam stuck; an outer turn moves middle edges, which no
    // 3-cycle found moves).
    let big = "tests/data/puzzles/main/5x5x5.tws";
    let scramble = "2R 2U 2F' 2R' 2U' 2F";
    let (code, out, err) = run(&["solve", big, "--scramble", scramble, "--beam", "8", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["beam"]["width"], 8);
    let r = &v["results"][0];
    let alg = r["alg"].as_str().unwrap();
    assert_eq!(alg.split(' ').count() as u64, r["length"].as_u64().unwrap());
    assert!(r["operators"].as_u64().unwrap() > 36);
    assert!(solves(big, scramble, alg), "{out}");
}

#[test]
fn a_depth_too_small_fails_and_bad_options_are_refused() {
    let cube = "tests/data/puzzles/main/3x3x3.tws";
    let (code, _, err) =
        run(&["solve", cube, "--scramble", "R' F R' B2 R F' R' B2 R2 U", "--beam", "4", "--beam-depth", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("no solution within 1 levels"), "{err}");
    let (code, _, err) = run(&["solve", cube, "--scramble", "R U", "--beam", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("width must be at least 1"), "{err}");
    let (code, _, _) = run(&["solve", cube, "--scramble", "R U", "--beam", "4", "--phases", "U,D,F2,B2,R2,L2"]);
    assert_ne!(code, 0, "--beam with --phases is refused");
    let (code, _, _) = run(&["solve", cube, "--scramble", "R U", "--beam-depth", "4"]);
    assert_ne!(code, 0, "--beam-depth needs --beam");
}
