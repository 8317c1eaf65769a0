//! `find-algs` end to end, against the C++ twsearch's `-A` output on the same definitions
//! (`tests/data/find_algs/`, see its README).

mod common;

use common::cli_ok as ok;

use std::collections::BTreeSet;

const CUBE: &str = "tests/data/puzzles/main/3x3x3.tws";
const POCKET: &str = "tests/data/puzzles/main/2x2x2.tws";

fn oracle(name: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(format!("{}/tests/data/find_algs/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    text.lines().map(str::to_string).collect()
}

/// Our `--json` results as twsearch's lines: `SET/3p LENGTH ALG` (sets last first, as twsearch lists them;
/// `p` when some piece moved, `o` when they are only twisted; commutators without the space after the comma).
fn as_twsearch_lines(json: &str) -> BTreeSet<String> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut out = BTreeSet::new();
    for run in v["runs"].as_array().unwrap() {
        for g in run["groups"].as_array().unwrap() {
            let sets = g["sets"].as_array().unwrap();
            let key: Vec<String> = sets
                .iter()
                .rev()
                .map(|s| {
                    let how = if s["permuted"].as_bool().unwrap() { "p" } else { "o" };
                    format!("{}/{}{how}", s["set"].as_str().unwrap(), s["pieces"])
                })
                .collect();
            for a in g["algs"].as_array().unwrap() {
                let alg = a.as_str().unwrap().replace(", ", ",");
                let alg = if alg.starts_with('[') { alg } else { format!("({alg})") };
                out.insert(format!("{} {} {alg}", key.join(" "), g["length"]));
            }
        }
    }
    out
}

#[test]
fn the_3x3x3_commutators_of_eight_moves_are_twsearchs() {
    // 480 lines: 432 commutators cycling three corners ([R U R', D] among them), 48 cycling three edges.
    let ours = ok(&["find-algs", CUBE, "--mode", "commutator", "--depth", "4", "--keep", "1000", "--json"]);
    let ours = as_twsearch_lines(&ours);
    let theirs = oracle("tw-A3-333-len8.txt");
    assert_eq!(theirs.len(), 480);
    assert_eq!(ours, theirs);
    assert!(ours.contains("CORNER/3p 8 [R U R',D]"));
}

#[test]
fn the_2x2x2_basic_algs_are_twsearchs() {
    // twsearch numbers the moves in definition order (F, U, R): `--moves F,U,R` orders them the same, so
    // that both keep the same one of each sequence's rotations.
    let ours = ok(&["find-algs", POCKET, "--moves", "F,U,R", "--depth", "8", "--keep", "1000", "--json"]);
    assert_eq!(as_twsearch_lines(&ours), oracle("tw-A1-222-URF-len8.txt"));
}

/// `signature length count` per group of our `--json` results.
fn groups(json: &str) -> Vec<(String, u64, u64)> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let run = &v["runs"][0];
    let groups = run["groups"].as_array().unwrap();
    groups
        .iter()
        .map(|g| {
            (g["signature"].as_str().unwrap().to_string(), g["length"].as_u64().unwrap(), g["count"].as_u64().unwrap())
        })
        .collect()
}

#[test]
fn the_3x3x3_repeated_and_basic_algs_are_as_short_as_twsearchs() {
    // twsearch -A2 -t 1 3x3x3.tws, lines with a repeated sequence of at most 4 moves: per signature the
    // shortest total and how many lines it printed at that total.
    let twsearch = [
        ("EDGE 2 twisted", 72, 112),
        ("EDGE 3 moved", 8, 24),
        ("CORNER 3 twisted", 48, 48),
        ("CORNER 3 moved", 8, 24),
        ("EDGE 2 moved, CORNER 2 moved", 20, 96),
        ("EDGE 4 twisted", 48, 64),
        ("EDGE 4 moved", 6, 12),
        ("CORNER 4 moved", 12, 24),
    ];
    let ours = groups(&ok(&["find-algs", CUBE, "--mode", "repeated", "--depth", "4", "--strict", "--json"]));
    assert_eq!(ours.len(), twsearch.len(), "{ours:?}");
    // The same shortest lengths. twsearch lists a sequence once per prenecklace, which on the 3x3x3 (opposite
    // faces commute) lists some conjugates twice; we count a class of conjugates by rotation and commuting
    // swaps once: never more lines than twsearch, and as many where no such duplicates arise.
    for ((name, length, count), (tw_name, tw_length, tw_count)) in ours.iter().zip(twsearch) {
        assert_eq!((name.as_str(), *length), (tw_name, tw_length));
        assert!(*count <= tw_count && *count > 0, "{name}: {count} algs, twsearch {tw_count}");
    }
    assert_eq!(ours[1].2, 24);
    assert_eq!(ours[4].2, 96);
    // twsearch -A1 -t 1 3x3x3.tws through depth 6: EDGE/3p 6 (16 lines, the first F B' D2 F' B R2), EDGE/4p
    // 6 (30 lines).
    let ours = groups(&ok(&["find-algs", CUBE, "--depth", "6", "--strict", "--json"]));
    assert_eq!(ours, [("EDGE 3 moved".to_string(), 6, 12), ("EDGE 4 moved".to_string(), 6, 30)]);
}

#[test]
fn text_output_groups_by_signature() {
    let text = ok(&["find-algs", CUBE, "--mode", "commutator", "--depth", "4", "--strict", "--threads", "2"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("# PuzzleGeometryPuzzle (HTM, moves "), "{text}");
    assert!(lines[0].contains("commutator algs, depth 4, 1 to 4 pieces wrong: 2 signatures"), "{text}");
    assert_eq!(lines[1], "EDGE 3 moved: 8 moves, 48 algs");
    assert!(lines[2].starts_with("  [") && lines[3] == "  … 47 more", "{text}");
    assert_eq!(lines[4], "CORNER 3 moved: 8 moves, 432 algs");
    assert_eq!(lines.len(), 7, "{text}");
}

#[test]
fn every_mode_in_turn_and_bad_depths_refused() {
    let text = ok(&["find-algs", POCKET, "--mode", "all", "--depth", "2", "--moves", "U,R", "--strict"]);
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(headers.len(), 3, "{text}");
    for (h, mode) in headers.iter().zip(["basic", "repeated", "commutator"]) {
        assert!(h.contains(&format!(": {mode} algs, depth 2")), "{h}");
    }
    let (code, _, err) = common::cli_run(&["find-algs", POCKET, "--mode", "commutator", "--depth", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("depth 1"), "{err}");
}
