//! Every sample definition loads; the facts the design documents give hold.

mod common;

use common::{data, puzzle, read};
use num_bigint::BigUint;
use twistsearch::tws::{parse_scrambles, write_state_block, ScrambleKind, StateNumbering};
use twistsearch::Alg;

fn files(dir: &str, ext: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(data(dir))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(ext))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_main_and_symm_definition_loads() {
    let all: Vec<String> = [files("puzzles/main", ".tws"), files("puzzles/symm", ".tws")].concat();
    assert!(all.len() >= 120, "found only {} files", all.len());
    for f in &all {
        let p = puzzle(f);
        assert!(!p.base_moves().is_empty(), "{f}");
        for b in p.base_moves() {
            assert!(p.layout().is_transformation(b.transform()), "{f}: {}", b.name);
            assert!(b.order >= 1);
        }
    }
}

#[test]
fn every_cubing_kpuzzle_loads() {
    for f in files("puzzles/cubing-kpuzzle", ".json") {
        let p = puzzle(&f);
        assert!(!p.base_moves().is_empty(), "{f}");
    }
}

#[test]
fn scramble_files_parse_against_their_puzzles() {
    let pairs = [
        ("puzzles/main/tperm.scr", "puzzles/main/3x3x3.tws"),
        ("puzzles/main/superflip.scr", "puzzles/main/3x3x3.tws"),
        ("puzzles/main/flip.scr", "puzzles/main/4x4x4.tws"),
        ("puzzles/main/cornertwist2.scr", "puzzles/main/3x3x3.tws"),
        ("puzzles/main/4x4x4dedge.scr", "puzzles/main/4x4x4.tws"),
    ];
    for (scr, def) in pairs {
        let p = puzzle(def);
        let file = parse_scrambles(&p, &read(scr)).unwrap_or_else(|e| panic!("{scr}: {e}"));
        assert!(!file.scrambles.is_empty(), "{scr}");
        for s in &file.scrambles {
            assert!(s.state.is_some());
        }
    }
    // The T-perm scramble is a position two T-perms away from itself.
    let p = puzzle("puzzles/main/3x3x3.tws");
    let file = parse_scrambles(&p, &read("puzzles/main/tperm.scr")).unwrap();
    let ScrambleKind::Alg(alg) = &file.scrambles[0].kind else { panic!("expected an alg scramble") };
    let once = file.scrambles[0].state.clone().unwrap();
    assert_ne!(&once, p.solved());
    assert_eq!(&p.apply_alg(&once, alg).unwrap(), p.solved());
}

#[test]
fn two_by_two_u_move_prints_as_in_the_design() {
    let p = puzzle("puzzles/main/2x2x2.tws");
    let s = p.position(&Alg::parse("U").unwrap()).unwrap();
    let block = write_state_block(&p, &s, "Solved", StateNumbering::OneBased);
    assert!(block.contains("CORNER\n3 2 6 4 5 7 1 8\n0 0 0 0 0 0 0 0\n"), "{block}");
}

#[test]
fn inverse_of_r_u_fprime_d2() {
    let p = puzzle("puzzles/main/3x3x3.tws");
    let inv = Alg::parse("R U F' D2").unwrap().invert(&p).unwrap();
    assert_eq!(inv.to_string(), "D2 F U' R'");
}

#[test]
fn orders_on_the_cube() {
    let p = puzzle("puzzles/main/3x3x3.tws");
    let order = |a: &str| p.alg_order(&Alg::parse(a).unwrap()).unwrap();
    assert_eq!(order("R U R' U'"), BigUint::from(6u32));
    assert_eq!(order("R U"), BigUint::from(105u32));
    assert_eq!(order("R"), BigUint::from(4u32));
    assert_eq!(order(""), BigUint::from(1u32));
    // Brute force agrees with the cycle formula.
    let ru = Alg::parse("R U").unwrap();
    let mut s = p.identity();
    let mut k = 0;
    loop {
        s = p.apply_alg(&s, &ru).unwrap();
        k += 1;
        if s == p.identity() {
            break;
        }
    }
    assert_eq!(k, 105);
}

#[test]
fn t_perm_twice_is_identity() {
    let p = puzzle("puzzles/main/3x3x3.tws");
    let t = Alg::parse("R U R' U' R' F R2 U' R' U' R U R' F'").unwrap();
    let once = p.alg_transform(&t).unwrap();
    assert_ne!(once, p.identity());
    assert_eq!(p.apply_alg(&once, &t).unwrap(), p.identity());
    assert_eq!(p.alg_order(&t).unwrap(), BigUint::from(2u32));
}

#[test]
fn move_powers_and_rotations_are_generated() {
    let p = puzzle("puzzles/main/3x3x3.tws");
    for n in ["F", "F2", "F'", "R2", "U'"] {
        assert!(p.lookup(n).is_some(), "{n}");
    }
    assert!(p.lookup("F3").is_none());
    let mega = puzzle("puzzles/main/megaminx.tws");
    for n in ["U", "U2", "U2'", "U'"] {
        assert!(mega.lookup(n).is_some(), "{n}");
    }
    assert_eq!(mega.base_moves().iter().find(|b| b.name == "U").unwrap().order, 5);
    let symm = puzzle("puzzles/symm/2x2x2.tws");
    let rotations: Vec<&str> = symm.base_moves().iter().filter(|b| b.rotation).map(|b| b.name.as_str()).collect();
    assert!(rotations.contains(&"Fv") && rotations.contains(&"DFRv"), "{rotations:?}");
    assert!(!symm.base_moves().iter().find(|b| b.name == "F").unwrap().rotation);
}

#[test]
fn move_sequences_resolve_even_when_defined_before_their_moves() {
    let p = puzzle("puzzles/main/arecibo.tws");
    let r = p.lookup("R").expect("MoveSequence R");
    let expect = p.alg_transform(&Alg::parse("Fv L Fv").unwrap()).unwrap();
    assert_eq!(p.transform(r), expect.as_bytes());
}

#[test]
fn every_definition_round_trips_through_tws_and_json() {
    use twistsearch::kpuzzle::{kpuzzle_json, parse_kpuzzle};
    use twistsearch::tws::{parse_definition, write_definition};
    let all: Vec<String> = [files("puzzles/main", ".tws"), files("puzzles/symm", ".tws")].concat();
    for f in &all {
        let p = puzzle(f);
        let via_tws = parse_definition(&write_definition(&p)).unwrap_or_else(|e| panic!("{f} (tws): {e}"));
        let via_json = parse_kpuzzle(&kpuzzle_json(&p)).unwrap_or_else(|e| panic!("{f} (json): {e}"));
        for q in [&via_tws, &via_json] {
            assert_eq!(q.solved(), p.solved(), "{f}");
            assert_eq!(q.illegal().len(), if std::ptr::eq(q, &via_tws) { p.illegal().len() } else { 0 }, "{f}");
            let names = |x: &twistsearch::Puzzle| x.base_moves().iter().map(|b| b.name.clone()).collect::<Vec<_>>();
            let mut a = names(q);
            let mut b = names(&p);
            a.sort();
            b.sort();
            assert_eq!(a, b, "{f}");
            for m in p.base_moves() {
                let r = q.lookup(&m.name).unwrap();
                assert_eq!(q.transform(r), m.transform(), "{f}: {}", m.name);
            }
        }
    }
}

#[test]
fn byte_order_marks_are_ignored() {
    for f in ["puzzles/main/2x2x2.tws", "puzzles/cubing-kpuzzle/2x2x2.kpuzzle.json"] {
        let text = format!("\u{feff}{}", read(f));
        twistsearch::load_puzzle(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
    }
    let p = puzzle("puzzles/main/3x3x3.tws");
    parse_scrambles(&p, &format!("\u{feff}{}", read("puzzles/main/tperm.scr"))).unwrap();
}

#[test]
fn scramble_question_marks_take_the_left_over_pieces() {
    let p = puzzle("puzzles/main/3x3x3.tws");
    let text = "Scramble S\nEDGE\n? ? 3 4 5 6 7 8 9 10 11 12\nEnd\n";
    let file = parse_scrambles(&p, text).unwrap();
    let s = &file.scrambles[0];
    let ScrambleKind::Position { ignored_permutation, .. } = &s.kind else { panic!() };
    assert_eq!(ignored_permutation, &vec![(0, 0), (0, 1)]);
    assert_eq!(s.state.as_ref().unwrap(), p.solved());
}
