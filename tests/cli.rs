//! The CLI end to end: every subcommand, text and `--json`.

mod common;

use std::process::Command;

use common::{cli_ok as ok, cli_run as run};
use serde_json::Value;

const CUBE: &str = "tests/data/puzzles/main/3x3x3.tws";

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    serde_json::from_str(&ok(&a)).unwrap_or_else(|e| panic!("{args:?}: not JSON: {e}"))
}

#[test]
fn info_lists_sets_moves_orders() {
    let text = ok(&["info", "tests/data/puzzles/main/megaminx.tws"]);
    assert!(text.contains("U          order 5 U U2 U2' U'"), "{text}");
    let v = json(&["info", "tests/data/puzzles/symm/2x2x2.tws"]);
    assert_eq!(v["stateSize"], 16);
    assert!(v["rotations"].as_array().unwrap().iter().any(|r| r["name"] == "Fv"));
    assert_eq!(v["moves"][0]["order"], 4);
}

#[test]
fn position_in_all_formats() {
    let text = ok(&["position", "tests/data/puzzles/main/2x2x2.tws", "U", "--format", "solved"]);
    assert!(text.starts_with("Solved\nCORNER\n3 2 6 4 5 7 1 8\n"), "{text}");
    let text = ok(&["position", "tests/data/puzzles/main/2x2x2.tws", "U"]);
    assert!(text.starts_with("StartState\nCORNER\n2 1 5 3 4 6 0 7\n"), "{text}");
    let v: Value = serde_json::from_str(&ok(&["position", CUBE, "R", "--format", "kpattern"])).unwrap();
    assert_eq!(v["CORNER"]["pieces"].as_array().unwrap().len(), 8);
    let v = json(&["position", CUBE, "R U R' U'"]);
    assert!(v["pattern"]["EDGE"].is_object());
}

#[test]
fn invert_simplify_order() {
    assert_eq!(ok(&["invert", CUBE, "R U F' D2"]), "D2 F U' R'\n");
    assert_eq!(json(&["invert", CUBE, "R U F' D2"])["inverse"], "D2 F U' R'");
    assert_eq!(ok(&["simplify", CUBE, "R R U U' L"]), "L R2\n");
    assert_eq!(ok(&["order", CUBE, "R U"]), "105\n");
    assert_eq!(json(&["order", CUBE, "R U R' U'"])["order"], "6");
}

#[test]
fn convert_round_trips() {
    let dir = std::env::temp_dir().join(format!("twistsearch-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let as_json = ok(&["convert", CUBE, "--to", "json"]);
    let jpath = dir.join("cube.json");
    std::fs::write(&jpath, &as_json).unwrap();
    let back = ok(&["convert", jpath.to_str().unwrap(), "--to", "tws"]);
    let tpath = dir.join("cube.tws");
    std::fs::write(&tpath, &back).unwrap();
    // Same positions from all three files.
    let alg = "R U2 F' L D B2";
    let p0 = ok(&["position", CUBE, alg]);
    assert_eq!(ok(&["position", jpath.to_str().unwrap(), alg]), p0);
    assert_eq!(ok(&["position", tpath.to_str().unwrap(), alg]), p0);
    assert_eq!(json(&["convert", CUBE, "--to", "tws"])["format"], "tws");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn scrambles_file() {
    let text = ok(&["scrambles", CUBE, "tests/data/puzzles/main/tperm.scr", "--format", "solved"]);
    assert!(text.starts_with("Scramble TPERM\n"), "{text}");
    let v = json(&["scrambles", "tests/data/puzzles/main/4x4x4.tws", "tests/data/puzzles/main/4x4x4dedge.scr"]);
    assert_eq!(v["scrambles"][0]["name"], "DEDGE");
}

#[test]
fn errors_exit_one_with_location() {
    let (code, out, err) = run(&["position", CUBE, "R (U"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.starts_with("error: alg: column 3"), "{err}");
    let (code, _, err) = run(&["info", "no/such/file.tws"]);
    assert_eq!(code, 1);
    assert!(err.contains("no/such/file.tws"), "{err}");
}

#[test]
fn canon_counts_text_and_json() {
    let text = ok(&["canon", CUBE, "--depth", "10"]);
    assert!(text.contains("Automaton states 7, branching factor 13.3485"), "{text}");
    assert!(text.contains("  10                   244686773808"), "{text}");
    let v = json(&["canon", CUBE, "--depth", "6", "--qtm"]);
    let counts: Vec<&str> = v["counts"].as_array().unwrap().iter().map(|r| r["count"].as_str().unwrap()).collect();
    assert_eq!(counts, ["1", "12", "114", "1068", "10011", "93840", "879624"]);
    assert_eq!(v["metric"], "QTM");
    let v = json(&["canon", CUBE, "--depth", "2", "--moves", "U,R2"]);
    assert_eq!(v["moveCount"], 4);
    assert_eq!(v["counts"][2]["count"], "6");
    let v = json(&["canon", "tests/data/puzzles/main/2x2x2.tws", "--depth", "3", "--newcanon", "2"]);
    assert_eq!(v["states"], 262);
}

#[test]
fn canon_bad_requests_are_clear_errors() {
    for (args, message) in [
        (vec!["--moves", "U,Q"], "error: --moves: token \"Q\": no such move in this puzzle"),
        (vec!["--moves", ","], "error: --moves: the move list is empty"),
        (vec!["--depth", "100000"], "error: --depth: 100000 is too large (the most is 10000)"),
        (vec!["--newcanon", "0"], "error: --newcanon: newcanon needs a window of at least 1 move"),
        (vec!["--newcanon", "40"], "use a smaller n"),
    ] {
        let mut a = vec!["canon", CUBE];
        a.extend(&args);
        if !a.contains(&"--depth") {
            a.extend(["--depth", "3"]);
        }
        let (code, _, err) = run(&a);
        assert_eq!(code, 1, "{a:?}");
        assert!(err.contains(message), "{a:?}: {err}");
    }
}

#[test]
fn group_order_from_schreier_sims() {
    assert_eq!(ok(&["order", CUBE]), "43252003274489856000\n");
    assert_eq!(ok(&["order", "tests/data/puzzles/main/2x2x2.tws"]), "88179840\n");
    let v = json(&["order", CUBE, "--moves", "R2,U2"]);
    assert_eq!(v["order"], "12");
    assert_eq!(v["moves"], "R2,U2");
    let (code, _, err) = run(&["order", CUBE, "--moves", "R,Nope"]);
    assert_eq!((code, err.trim()), (1, "error: --moves: token \"Nope\": no such move in this puzzle"));
    let (code, _, err) = run(&["order", CUBE, "--moves", ""]);
    assert_eq!((code, err.trim()), (1, "error: --moves: the move list is empty"));
    let (code, _, err) = run(&["order", CUBE, "R U", "--moves", "R"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn random_states_repeat_with_a_seed_and_are_reachable() {
    let a = ok(&["random-state", CUBE, "--count", "5", "--seed", "42"]);
    assert_eq!(a, ok(&["random-state", CUBE, "--count", "5", "--seed", "42"]));
    assert_ne!(a, ok(&["random-state", CUBE, "--count", "5", "--seed", "43"]));
    assert_eq!(a.matches("ScrambleState random-").count(), 5);
    // Unseeded runs differ.
    assert_ne!(ok(&["random-state", CUBE]), ok(&["random-state", CUBE]));
    let dir = std::env::temp_dir().join(format!("twistsearch-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("random.scr");
    std::fs::write(&file, &a).unwrap();
    let answer = ok(&["reachable", CUBE, file.to_str().unwrap()]);
    assert_eq!(answer.matches(": reachable").count(), 5, "{answer}");
    let v = json(&["random-state", "tests/data/puzzles/main/megaminx.tws", "--seed", "1"]);
    assert!(v["states"][0]["EDGE"]["pieces"].is_array(), "{v}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn reachable_rejects_twists_flips_and_parity() {
    let text = ok(&["reachable", CUBE, "tests/data/group/3x3x3-unreachable.scr"]);
    assert_eq!(
        text,
        "twisted-corner: unreachable\nflipped-edge: unreachable\ntwo-edges-swapped: unreachable\n\
         two-corners-swapped: unreachable\nedge-and-corner-swap: reachable\nthree-corners-twisted: reachable\n"
    );
    let v = json(&["reachable", CUBE, "tests/data/group/3x3x3-unreachable.scr"]);
    assert_eq!(v["positions"][0]["answer"], "unreachable");
}

#[test]
fn solve_scramble_files_algs_and_states() {
    let text = ok(&["solve", CUBE, "tests/data/puzzles/main/tperm.scr", "--memory", "32"]);
    assert!(text.starts_with("TPERM: "), "{text}");
    assert!(text.trim_end().ends_with("(11)"), "{text}");
    let v = json(&[
        "solve",
        "tests/data/puzzles/cubing-kpuzzle/3x3x3.kpuzzle.json",
        "--scramble",
        "F R U R' U' F'",
        "--moves",
        "U,R,F",
        "--memory",
        "16",
    ]);
    assert_eq!(v["results"][0]["solutions"][0]["length"], 6);
    let v = json(&["solve", CUBE, "--scramble", "R U F", "-c", "3", "--memory", "16"]);
    assert_eq!(v["results"][0]["solutions"].as_array().unwrap().len(), 3);
    assert_eq!(v["results"][0]["solutions"][0]["alg"], "F' U' R'");
}

#[test]
fn solve_bad_requests_are_clear_errors() {
    for (args, message) in [
        (
            vec!["--state", "tests/data/group/3x3x3-unreachable.scr"],
            "this position cannot be solved: it is not reachable with these moves",
        ),
        (vec!["--scramble", "R U F", "--max-depth", "2"], "error: R U F: no solution within depth 2"),
        (vec!["--scramble", "R U F", "--memory", "0"], "memory budget of 0 MiB is too small"),
        (vec!["--scramble", "R U F", "--moves", "R,X"], "error: --moves: token \"X\": no such move in this puzzle"),
        (vec!["--scramble", "F", "--moves", "R,U"], "cannot be solved"),
        (vec![], "nothing to solve"),
    ] {
        let mut a = vec!["solve", CUBE];
        a.extend(&args);
        let (code, _, err) = run(&a);
        assert_eq!(code, 1, "{a:?}");
        assert!(err.contains(message), "{a:?}: {err}");
    }
}

#[test]
fn random_state_scrambles_reach_their_position() {
    let two = "tests/data/puzzles/main/2x2x2.tws";
    let v = json(&["scramble", two, "--count", "3", "--seed", "5", "--memory", "32"]);
    let again = json(&["scramble", two, "--count", "3", "--seed", "5", "--memory", "32"]);
    assert_eq!(v, again);
    for s in v["scrambles"].as_array().unwrap() {
        // Solving the scramble's position takes as many moves as the scramble has (it is optimal).
        let alg = s["alg"].as_str().unwrap();
        let r = json(&["solve", two, "--scramble", alg, "--memory", "32"]);
        assert_eq!(r["results"][0]["solutions"][0]["length"], s["length"], "{alg}");
    }
}

#[test]
fn solve_leaves_open_what_scrambles_leave_open() {
    let text = ok(&["solve", CUBE, "tests/data/solve/3x3x3-open.scr", "--memory", "16"]);
    assert_eq!(text, "edges-open: R2 U' (2)\ntwist-open:  (0)\n");
}

#[test]
fn god_prints_the_distance_table_and_antipodes() {
    let v = json(&["god", "tests/data/puzzles/main/2x2x2.tws", "--moves", "U,F,R", "--antipodes", "2"]);
    let counts: Vec<u64> = v["counts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    assert_eq!(counts.iter().sum::<u64>(), 3_674_160);
    assert_eq!(v["depth"], 11);
    assert_eq!(v["antipodes"].as_array().unwrap().len(), 2);
    assert_eq!(v["method"], "dense");
    let text = ok(&["god", "tests/data/puzzles/symm/2x2x2.tws", "--moves", "U,R", "--symmetry", "--qtm"]);
    assert!(text.contains("distance positions up-to-symmetry(2)"), "{text}");
    assert!(text.contains("# antipode 1 at distance"), "{text}");
    let (code, _, err) = run(&["god", CUBE]);
    assert_eq!(code, 1);
    assert!(err.contains("error: god: the puzzle does not fit the memory budget of 1024 MiB"), "{err}");
    // The group order in full, not 2^64 - 1 (issue 14).
    assert!(err.contains("up to 43252003274489856000 positions"), "{err}");
}

/// Runs `args` and checks that its first line (starting with `first`) arrives within a minute, before the
/// run could have collected its output, and that closing the pipe then ends the run quietly.
fn streams(args: &[&str], first: &str) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_twistsearch"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    // The pipe is closed when this thread ends, after its first line.
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(line) => assert!(line.starts_with(first) && line.ends_with('\n'), "{args:?}: {line:?}"),
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: no first line within a minute ({e}): the output is not streamed");
        }
    }
    assert!(child.wait().unwrap().success(), "{args:?}: stops quietly when the pipe closes");
}

/// Issue 14: huge counts stream (text) or are refused before anything is collected (JSON, solutions);
/// non-UTF-8 input names its line, column and byte offset.
#[test]
fn hostile_counts_and_bytes() {
    let p = "tests/data/puzzles/main/2x2x2.tws";
    let (code, _, err) = run(&["random-state", p, "--count", "1000000000", "--json"]);
    assert_eq!(code, 1);
    assert!(err.contains("--count: 1000000000 is too many for --json"), "{err}");
    let (code, _, err) = run(&["solve", p, "--scramble", "R U", "-c", "1000000000"]);
    assert_eq!(code, 1);
    assert!(err.contains("at most 100000 are kept"), "{err}");
    let (code, _, err) = run(&["scramble", "--event", "222", "--count", "1000000000", "--json"]);
    assert_eq!(code, 1);
    assert!(err.contains("--count: 1000000000 is too many for --json"), "{err}");
    // A count of 10^12 streams: the first results arrive and a closed pipe ends the run.
    streams(&["random-state", p, "--count", "1000000000000", "--seed", "1"], "ScrambleState random-1\n");
    streams(&["scramble", p, "--count", "1000000000000", "--seed", "1", "--memory", "16"], "");
    streams(&["scramble", "--event", "222", "--count", "1000000000000", "--seed", "1"], "");
    let dir = std::env::temp_dir().join(format!("twistsearch-cli-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("latin1.tws");
    std::fs::write(&bad, b"Name X\nSet A \xff 1\n").unwrap();
    let (code, _, err) = run(&["info", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("line 2, column 7: byte 13 (0xFF) is not UTF-8"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 14: one exit-status rule. Every error exits 1, usage errors the argument parser finds included;
/// `--help` and `--version` exit 0.
#[test]
fn every_error_exits_one_usage_errors_included() {
    let p = "tests/data/puzzles/main/2x2x2.tws";
    for args in [
        vec!["random-state", p, "--count", "abc"],
        vec!["random-state", p, "--no-such-option"],
        vec!["info"],
        vec!["frobnicate", p],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    // No subcommand at all: the help, on stderr, as an error.
    let (code, out, err) = run(&[]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty() && err.contains("Usage: twistsearch [OPTIONS] <COMMAND>"), "{err}");
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Usage: twistsearch"), "{out}");
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("twistsearch "), "{out}");
}

/// Issue 14: an `Illegal` line that forbids every position gives "cannot be solved" at once (not "no
/// solution within depth 60"), and random positions are refused for a puzzle with Illegal placements.
#[test]
fn illegal_placements_make_positions_unsolvable_and_random_states_refused() {
    let p = "tests/data/solve/2x2x2-illegal-all.tws";
    let (code, _, err) = run(&["solve", p, "--scramble", "R U"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("this position cannot be solved: it has piece "), "{err}");
    assert!(err.contains("in position 1 of set CORNER, which the definition declares Illegal"), "{err}");
    // `reachable` says so too, though the group reaches the position.
    let scr = std::env::temp_dir().join(format!("illegal-{}.scr", std::process::id()));
    std::fs::write(&scr, "ScrambleAlg r1\nR U\nEnd\n").unwrap();
    let (code, out, err) = run(&["reachable", p, scr.to_str().unwrap()]);
    let _ = std::fs::remove_file(&scr);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("r1: unreachable (it has piece "), "{out}");
    assert!(out.contains("which the definition declares Illegal)"), "{out}");
    for args in [vec!["random-state", p], vec!["scramble", p, "--memory", "16"]] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.contains("random positions are not supported for a puzzle that declares Illegal placements"),
            "{err}"
        );
    }
    // `order` is the group's order still, and says on stderr (and in --json) that Illegal is not counted.
    let (code, out, err) = run(&["order", p]);
    assert_eq!((code, out.as_str()), (0, "88179840\n"), "{err}");
    assert!(err.starts_with("note: the definition declares 8 Illegal placements, which this count does not"), "{err}");
    let v = json(&["order", p]);
    assert_eq!((v["order"].as_str(), v["illegalPlacements"].as_u64()), (Some("88179840"), Some(8)), "{v}");
    assert!(v["note"].as_str().unwrap().contains("the legal positions reached through legal ones are not a group"));
    let (_, _, err) = run(&["order", "tests/data/puzzles/main/2x2x2.tws"]);
    assert!(err.is_empty(), "{err}");
}

/// Issue 14's reproducer, moves `A1` and `A12` (refused until issue 43): loads; `A1 A1` is solved and
/// printed as `A1 A1`, not `A12` (the move A12).
#[test]
fn move_names_that_read_as_powers_load_and_print_back() {
    let (code, out, err) = run(&["solve", "tests/data/numbered/name_digits_prefix.tws", "--scramble", "A1 A1"]);
    assert_eq!((code, out.as_str()), (0, "A1 A1: A1 A1 (1)\n"), "{err}");
}

/// Issue 43: a generated definition with moves `M1` … `M12` works on the CLI: `info`, `solve` (the
/// solution printed so that it reads back: checked by solving the inverse) and `scramble`.
#[test]
fn a_definition_with_moves_m1_to_m12_works_on_the_cli() {
    let p = "tests/data/numbered/numbered12.tws";
    let (code, out, err) = run(&["info", p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("M12        order 15 M127' M127' M122"), "{out}");
    let (code, out, err) = run(&["solve", p, "--scramble", "M12 M1 M1 M3"]);
    assert_eq!((code, out.as_str()), (0, "M12 M1 M1 M3: M3' M1 M1 M12' (3)\n"), "{err}");
    let (code, out, err) = run(&["scramble", p, "--count", "3", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    for scramble in out.lines() {
        let (code, solved, err) = run(&["solve", p, "--scramble", scramble]);
        assert_eq!(code, 0, "{scramble}: {err}");
        assert!(solved.starts_with(&format!("{scramble}: ")), "{solved}");
    }
    assert_eq!(out.lines().count(), 3, "{out}");
}

/// Issue 14: a KPattern that leaves out an orbit is refused, naming it (it was taken as solved).
#[test]
fn patterns_must_give_every_orbit() {
    let dir = std::env::temp_dir().join(format!("twistsearch-cli-pattern-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("corners-only.json");
    let corners = r#"{"CORNER": {"pieces": [1, 0, 2, 3, 4, 5, 6, 7], "orientation": [0, 0, 0, 0, 0, 0, 0, 0]}}"#;
    std::fs::write(&path, corners).unwrap();
    let file = path.to_str().unwrap();
    for args in [vec!["reachable", CUBE, file], vec!["solve", CUBE, "--state", file]] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.contains("missing orbit EDGE: a pattern gives the pieces and orientations of every orbit"),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_up_to_orientation() {
    let cube = "tests/data/puzzles/cubing-kpuzzle/3x3x3.kpuzzle.json";
    let (code, _, err) = run(&["solve", cube, "--moves", "U,L,F,R,B,D", "--scramble", "R x U"]);
    assert_eq!(code, 1);
    assert!(err.contains("not reachable"), "{err}");
    let out = ok(&["solve", cube, "--moves", "U,L,F,R,B,D", "--scramble", "R x U", "--ignore-puzzle-orientation"]);
    assert_eq!(out.trim(), "R x U: U' R' (2)");
    let phases = [
        "solve",
        cube,
        "--moves",
        "U,L,F,R,B,D",
        "--scramble",
        "M",
        "--ignore-puzzle-orientation",
        "--ignore-center-orientation",
        "--phases",
        "U,D,F2,B2,R2,L2",
    ];
    assert!(ok(&phases).starts_with("M: L R' (2;"), "{}", ok(&phases));
}

/// `--symmetry` and `--inverse`: reported in `--json`; the default reduces the 3x3x3 with rotations by
/// its 24, `off` does not, and the solution length is the same; `on` without rotations is an error.
#[test]
fn solve_symmetry_and_inverse_switches() {
    let symm = "tests/data/puzzles/symm/3x3x3.tws";
    let alg = "R U F' D2 L B'";
    let auto = json(&["solve", symm, "--scramble", alg, "--memory", "4"]);
    let off = json(&["solve", symm, "--scramble", alg, "--memory", "4", "--symmetry", "off", "--inverse", "off"]);
    let (a, o) = (&auto["results"][0], &off["results"][0]);
    assert_eq!((a["symmetries"].as_u64(), a["inverseLookup"].as_bool()), (Some(24), Some(true)), "{a}");
    assert_eq!((o["symmetries"].as_u64(), o["inverseLookup"].as_bool()), (Some(1), Some(false)), "{o}");
    assert_eq!(a["solutions"][0]["length"], 6);
    assert_eq!(o["solutions"][0]["length"], 6);
    let (code, _, err) = run(&["solve", CUBE, "--scramble", alg, "--memory", "4", "--symmetry", "on"]);
    assert_ne!(code, 0);
    assert!(err.contains("no symmetry"), "{err}");
    let (code, _, err) = run(&["solve", CUBE, "--scramble", alg, "--symmetry", "sometimes"]);
    assert_ne!(code, 0);
    assert!(err.contains("sometimes"), "{err}");
}
