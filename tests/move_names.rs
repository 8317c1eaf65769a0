//! Move names (issue 14): every printed move parses back as the same move on every sample definition,
//! derived moves do not depend on the order they are given in. Names ending in digits (issue 43: `M1` …
//! `M12`, `F2` beside `F`) load, and every printed alg reads back as the same moves; a sequence that the
//! format's own reader would read otherwise is refused, naming both moves.

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

/// The problems with printing then parsing every power of every move of `p`, where a move may print as
/// several tokens of its base (`M1 M1`): they must add up to the move.
fn spelled_round_trip_problems(p: &Puzzle) -> Vec<String> {
    let mut problems = Vec::new();
    for (base, b) in p.base_moves().iter().enumerate() {
        for k in 1..b.order.max(1) as i64 {
            let m = p.move_ref(base, k);
            let name = p.move_name(m);
            let read = Alg::parse(&name).and_then(|a| a.expand(p));
            match read {
                Ok(moves) if moves.iter().all(|r| r.base == base) => {
                    let sum = p.move_ref(base, moves.iter().map(|r| r.amount).sum());
                    if sum != m {
                        problems.push(format!("{name} ({}^{k}) reads as {sum:?}", b.name));
                    }
                }
                other => problems.push(format!("{name} ({}^{k}) reads as {other:?}", b.name)),
            }
        }
    }
    problems
}

/// Merges runs of moves of the same base (as a printed `M1 M1` reads back).
fn merged(p: &Puzzle, moves: &[twistsearch::MoveRef]) -> Vec<twistsearch::MoveRef> {
    let mut out: Vec<twistsearch::MoveRef> = Vec::new();
    for &m in moves {
        match out.last_mut() {
            Some(last) if last.base == m.base => *last = p.move_ref(m.base, last.amount + m.amount),
            _ => out.push(m),
        }
    }
    out.retain(|m| m.amount != 0);
    out
}

#[test]
fn names_spelled_like_powers_of_others_load_and_print_back() {
    for (moves, printed) in [
        ("Move A12\nE\n2 1 3 4\nEnd\n", vec![("A", 2, "A2"), ("A12", 1, "A12")]),
        ("MoveSequence A2 B\n", vec![("A", 2, "A A"), ("A2", 1, "A2' A2'")]), // twsearch reads `A2` as A twice
        ("MoveAlias B3 A\n", vec![("B", 1, "B")]),
    ] {
        let p = load_puzzle(&tiny(&format!("{TWO_MOVES}{moves}"))).unwrap_or_else(|e| panic!("{moves}: {e}"));
        assert_eq!(spelled_round_trip_problems(&p), Vec::<String>::new(), "{moves}");
        for (base, amount, want) in printed {
            let b = p.lookup(base).unwrap().base;
            assert_eq!(p.move_name(p.move_ref(b, amount)), want, "{moves}: {base}^{amount}");
        }
        assert_eq!(p.resolve_name(moves.split_whitespace().nth(1).unwrap()).map(|m| m.amount), Some(1), "{moves}");
    }
    // The files that were refused before issue 43.
    for f in ["name_power_of_other", "name_digits_prefix", "sequence_power_of_other", "alias_power_of_other"] {
        let text = std::fs::read_to_string(data(&format!("numbered/{f}.tws"))).unwrap();
        let p = load_puzzle(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(spelled_round_trip_problems(&p), Vec::<String>::new(), "{f}");
    }
    let e = load_puzzle(&tiny(&format!("{TWO_MOVES}Move B'\nE\n2 1 3 4\nEnd\n"))).unwrap_err();
    assert!(e.reason.contains("must not contain '"), "{e}");
}

/// Issue 43: a generated definition numbering its moves `M1` … `M12` loads; `M12` is the move M12 (a
/// token that is exactly a move's name is that move), and every power prints so that it reads back.
#[test]
fn a_definition_with_moves_m1_to_m12_loads_and_prints_back() {
    let p = load_puzzle(&std::fs::read_to_string(data("numbered/numbered12.tws")).unwrap()).unwrap();
    let names: Vec<&str> = p.base_moves().iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, (1..=12).map(|k| format!("M{k}")).collect::<Vec<_>>());
    let m1 = p.lookup("M1").unwrap().base;
    let m12 = p.lookup("M12").unwrap().base;
    assert_eq!(p.resolve_name("M12"), Some(p.move_ref(m12, 1)));
    assert_eq!(p.resolve_name("M10"), Some(p.move_ref(9, 1)));
    // M1 turned twice is not printed `M12`; the move M12 is not printed `M12` either (twsearch, with M1
    // defined first, reads `M12` as M1 turned twice) but as M12 turned -7 twice (order 15).
    assert_eq!(p.move_name(p.move_ref(m1, 2)), "M1 M1");
    assert_eq!(p.move_name(p.move_ref(m12, 1)), "M127' M127'");
    assert_eq!(p.move_name(p.move_ref(m12, 2)), "M122");
    assert_eq!(spelled_round_trip_problems(&p), Vec::<String>::new());
    // Random sequences (no two moves of a base in a row), printed and parsed back.
    let mut seed = 43u64;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for _ in 0..2000 {
        let len = 1 + next(20) as usize;
        let mut moves: Vec<twistsearch::MoveRef> = Vec::with_capacity(len);
        while moves.len() < len {
            let base = next(12) as usize;
            if moves.last().is_some_and(|m| m.base == base) {
                continue;
            }
            let order = p.base_moves()[base].order as u64;
            moves.push(p.move_ref(base, 1 + next(order - 1) as i64));
        }
        let printed = Alg::from_moves(moves.iter().map(|&m| p.move_name(m))).to_string();
        let read = Alg::parse(&printed).and_then(|a| a.expand(&p)).unwrap_or_else(|e| panic!("{printed}: {e}"));
        assert_eq!(merged(&p, &read), moves, "{printed}");
        assert_eq!(p.apply_moves(p.solved(), &read), p.apply_moves(p.solved(), &moves), "{printed}");
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
    // The issue's case: `U5` in X is the derived move U5 for twistsearch (the exact name first) and U
    // turned 5 times for cubing.js. Refused, in either order, at X, naming both moves.
    for order in [[("X", "U5"), ("U5", "S")], [("U5", "S"), ("X", "U5")]] {
        let e = load_puzzle(&kpuzzle(&order)).unwrap_err();
        assert_eq!(e.to_string(), "JSON derivedMoves.X: token \"U5\": in X, U5 is the move U5 (a move's exact name first) but cubing.js reads it as the move U: rename one of them");
    }
    // A derived move named like a power, used by no other: loads.
    assert!(load_puzzle(&kpuzzle(&[("U5", "S")])).is_ok());
}
