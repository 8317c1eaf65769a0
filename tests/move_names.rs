//! Move names (issue 14): every printed move parses back as the same move on every sample definition,
//! definitions whose names could be misread are refused in both formats, and derived moves do not depend
//! on the order they are given in.

mod common;

use std::path::{Path, PathBuf};

use common::data;
use twistsearch::alg::Node;
use twistsearch::{load_puzzle, Alg, Puzzle};

/// Every definition under `dir` (recursively): `.tws` / `.def` files, and `.json` files that are KPuzzle
/// definitions (scramble and pattern JSON lie beside them).
fn definitions(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            definitions(&path, out);
            continue;
        }
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let keep = match ext {
            "tws" | "def" => true,
            "json" => std::fs::read_to_string(&path).is_ok_and(|t| t.contains("\"orbits\"") && t.contains("\"moves\"")),
            _ => false,
        };
        if keep {
            out.push(path);
        }
    }
}

/// The problems with printing then parsing every power of every move of `p` (empty: none).
fn round_trip_problems(p: &Puzzle) -> Vec<String> {
    let mut problems = Vec::new();
    for (base, b) in p.base_moves().iter().enumerate() {
        for k in 0..b.order.max(1) as i64 {
            let m = p.move_ref(base, k);
            let name = p.move_name(m);
            // One alg token, the printed name itself...
            let alg = Alg::parse(&name);
            let one_token =
                matches!(&alg, Ok(a) if matches!(a.nodes.as_slice(), [Node::Move { token, .. }] if *token == name));
            if !one_token {
                problems.push(format!("{name} ({}^{k}) does not parse as one move token: {alg:?}", b.name));
                continue;
            }
            // ...that denotes the same move.
            if p.resolve_name(&name) != Some(m) {
                problems.push(format!("{name} ({}^{k}) parses as {:?}, not {m:?}", b.name, p.resolve_name(&name)));
            }
        }
    }
    // Every name the puzzle knows (base names, generated powers, aliases) denotes what it is listed as.
    for (name, m) in p.move_names() {
        if p.resolve_name(name) != Some(m) {
            problems.push(format!("the name {name} resolves to {:?}, not {m:?}", p.resolve_name(name)));
        }
    }
    problems
}

#[test]
fn printed_moves_parse_back_on_every_sample_definition() {
    let mut files = Vec::new();
    definitions(&data("puzzles"), &mut files);
    // The shared sample puzzles, when this checkout has them beside it (tests/data/puzzles holds a copy).
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    if shared.is_dir() {
        definitions(&shared, &mut files);
    }
    files.sort();
    assert!(files.len() >= 150, "found only {} definitions", files.len());
    let mut problems = Vec::new();
    let mut moves = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let p = load_puzzle(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        moves += p.base_moves().iter().map(|b| b.order as usize).sum::<usize>();
        problems.extend(round_trip_problems(&p).into_iter().map(|x| format!("{}: {x}", f.display())));
    }
    eprintln!("{} definitions, {moves} move powers printed and parsed back", files.len());
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

/// A two-orbit puzzle with `moves` (`.tws` move blocks and lines) after its solved state.
fn tiny(moves: &str) -> String {
    format!("Set E 4 2\nSet C 3 3\nSolved\nE\n1 2 3 4\n0 0 0 0\nC\n1 2 3\n0 0 0\nEnd\n{moves}")
}

const TWO_MOVES: &str = "Move A\nE\n2 3 4 1\nEnd\nMove B\nC\n2 3 1\n0 1 2\nEnd\n";

#[test]
fn unusual_but_unambiguous_names_round_trip() {
    // Names ending in digits with no shorter move name before them, a `-`, leading digits, a clock dial
    // whose name ends in a digit.
    let defs = [
        "Move R2\nE\n2 1 3 4\nEnd\nMove U-\nC\n2 3 1\nEnd\nMove 2R\nE\n1 2 4 3\nEnd\n",
        "Move A1_PLUS_\nE\n2 3 4 1\nEnd\nMove B12\nC\n2 3 1\n0 1 2\nEnd\nMoveSequence S A1_PLUS_ B12\n",
    ];
    for d in defs {
        let p = load_puzzle(&tiny(d)).unwrap_or_else(|e| panic!("{d}: {e}"));
        assert_eq!(round_trip_problems(&p), Vec::<String>::new(), "{d}");
    }
    let p = load_puzzle(&tiny(defs[1])).unwrap();
    let a1 = p.lookup("A1_PLUS_").unwrap();
    // A 4-cycle: turned twice prints as `A12+`, three times as `A11-`; `A13+` (the dial A1 turned 3 times,
    // not a dial A turned 13 times) is the same move as `A11-`.
    assert_eq!(p.move_name(p.move_ref(a1.base, 2)), "A12+");
    assert_eq!(p.move_name(p.move_ref(a1.base, 3)), "A11-");
    assert_eq!(p.resolve_name("A13+"), Some(p.move_ref(a1.base, 3)));
}

#[test]
fn misreadable_names_are_refused_with_both_moves_named() {
    for (moves, token, reason) in [
        (
            "Move A12\nE\n2 1 3 4\nEnd\n",
            "A12",
            "move A12 could be read as A turned 12 times (move A is defined at line 11)",
        ),
        ("MoveSequence A2 B\n", "A2", "move A2 could be read as A turned 2 times (move A is defined at line 11)"),
        ("MoveAlias B3 A\n", "B3", "move B3 could be read as B turned 3 times (move B is defined at line 15)"),
        ("Move B'\nE\n2 1 3 4\nEnd\n", "B'", "must not contain '"),
    ] {
        let e = load_puzzle(&tiny(&format!("{TWO_MOVES}{moves}"))).unwrap_err();
        assert_eq!(e.token.as_deref(), Some(token), "{e}");
        assert!(e.reason.contains(reason), "{e}");
        assert!(e.to_string().starts_with("line 20"), "{e}");
    }
}

/// A KPuzzle definition (one orbit of 4 pieces, a 4-cycle `U` and a swap `S`) with these derived moves,
/// in this order.
fn kpuzzle(derived: &[(&str, &str)]) -> String {
    let derived: Vec<String> = derived.iter().map(|(k, v)| format!("{k:?}: {v:?}")).collect();
    format!(
        r#"{{"name": "t", "orbits": [{{"orbitName": "P", "numPieces": 4, "numOrientations": 1}}],
        "defaultPattern": {{"P": {{"pieces": [0, 1, 2, 3], "orientation": [0, 0, 0, 0]}}}},
        "moves": {{"U": {{"P": {{"permutation": [1, 2, 3, 0]}}}}, "S": {{"P": {{"permutation": [1, 0, 2, 3]}}}}}},
        "derivedMoves": {{{}}}}}"#,
        derived.join(", ")
    )
}

#[test]
fn derived_moves_do_not_depend_on_key_order() {
    let forward = [("X", "Y2 S"), ("Y", "U S"), ("Z", "X' Y")];
    let mut orders = vec![forward.to_vec()];
    orders.push(forward.iter().rev().copied().collect());
    orders.push(vec![forward[1], forward[2], forward[0]]);
    let transforms: Vec<Vec<Vec<u8>>> = orders
        .iter()
        .map(|o| {
            let p = load_puzzle(&kpuzzle(o)).unwrap_or_else(|e| panic!("{o:?}: {e}"));
            ["X", "Y", "Z"].iter().map(|n| p.transform(p.lookup(n).unwrap()).to_vec()).collect()
        })
        .collect();
    assert!(transforms.windows(2).all(|w| w[0] == w[1]), "{transforms:?}");
    // The issue's case: `U5` refers to the base move U's fifth power or to the derived move U5, depending
    // on which is defined first. Refused, in either order, at U5.
    for order in [[("X", "U5"), ("U5", "S")], [("U5", "S"), ("X", "U5")]] {
        let e = load_puzzle(&kpuzzle(&order)).unwrap_err();
        assert_eq!(e.to_string(), "JSON derivedMoves.U5: token \"U5\": move U5 could be read as U turned 5 times (move U is defined at JSON moves.U): rename one of them");
    }
}
