//! The finder against twsearch's `-A` on the same definitions (the C++ twsearch at github:cubing/twsearch
//! 0a8bfb0, run side by side on tests/data/puzzles/main/; its figures are quoted where they are used).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::*;
use crate::control::Progress;
use crate::load_puzzle;
use crate::seq::read_moves;
use crate::seq::wrong::wrong_pieces;

fn puzzle(name: &str) -> Puzzle {
    let text = match name {
        "2x2x2" => include_str!("../../../tests/data/puzzles/main/2x2x2.tws"),
        "3x3x3" => include_str!("../../../tests/data/puzzles/main/3x3x3.tws"),
        _ => unreachable!(),
    };
    load_puzzle(text).unwrap()
}

fn find(p: &Puzzle, moves: &str, mode: FindMode, depth: u32, keep: usize) -> FindAlgsReport {
    let set = if moves.is_empty() { MoveSet::all(p).unwrap() } else { MoveSet::parse(p, moves).unwrap() };
    let options = FindAlgsOptions { mode, depth, keep, ..FindAlgsOptions::default() };
    find_algs(p, &set, &options, Control::none()).unwrap()
}

/// Each group as `signature length count`.
fn summary(p: &Puzzle, r: &FindAlgsReport) -> Vec<String> {
    r.groups.iter().map(|g| format!("{} {} {}", g.signature.describe(p), g.length, g.count)).collect()
}

/// Every kept alg does what its group says: applied from solved, its signature is the group's and it
/// leaves that many pieces wrong; its length is the group's.
fn check_algs(p: &Puzzle, r: &FindAlgsReport) {
    let judge = Judge::new(p, usize::MAX);
    for g in &r.groups {
        assert!(!g.algs.is_empty() && g.algs.len() as u64 <= g.count);
        for a in &g.algs {
            let state = p.apply_moves(p.solved(), &a.expand(p));
            assert_eq!(judge.of_state(state.as_bytes()).as_ref(), Some(&g.signature), "{}", a.text(p));
            assert_eq!(wrong_pieces(p, &state, 0), g.signature.pieces());
            assert_eq!(a.length(), g.length);
            // The text reads back as the same moves.
            assert_eq!(p.apply_moves(p.solved(), &read_moves(p, &a.text(p)).unwrap()), state, "{}", a.text(p));
        }
    }
}

#[test]
fn basic_mode_on_the_two_generator_free_2x2x2_matches_twsearch() {
    // twsearch -A1 -t 1 --moves U,R,F 2x2x2.tws, through depth 12 (its first line of each signature):
    //   CORNER/4p 1 (F), CORNER/4o 6 (F U2 F2 U F2 U2), CORNER/3p 7 (F U F U' R' F' R),
    //   CORNER/3o 8 (F U F2 U' F2 U F U'), CORNER/2o 10, CORNER/2p 10.
    let p = puzzle("2x2x2");
    let r = find(&p, "U,R,F", FindMode::Basic, 8, 1000);
    let lengths: Vec<String> = r.groups.iter().map(|g| format!("{} {}", g.signature.describe(&p), g.length)).collect();
    assert_eq!(lengths, ["CORNER 3 twisted 8", "CORNER 3 moved 7", "CORNER 4 twisted 6", "CORNER 4 moved 1"]);
    check_algs(&p, &r);
    // twsearch printed 30, 30, 6 and 9 lines for these signatures (every sequence of the shortest length,
    // one per prenecklace: the rotations of a sequence once); we count conjugates by rotation once too
    // (no two of these moves commute, so no other swaps).
    let counts: Vec<u64> = r.groups.iter().map(|g| g.count).collect();
    assert_eq!(counts, [30, 30, 6, 9]);
}

#[test]
fn commutators_of_the_3x3x3_match_twsearch_exactly() {
    // twsearch -A3 -t 1 3x3x3.tws, lines of length at most 10 (|X| + |Y| <= 5), by signature:
    //   48 × EDGE/3p 8, 432 × CORNER/3p 8, 144 × EDGE/4p 10.
    // It keeps every commutator (no reduction), as this mode does, over the same canonical sequences.
    let p = puzzle("3x3x3");
    let r = find(&p, "", FindMode::Commutator, 5, 1000);
    assert_eq!(summary(&p, &r), ["EDGE 3 moved 8 48", "CORNER 3 moved 8 432", "EDGE 4 moved 10 144"]);
    check_algs(&p, &r);
    // The A-perm kind: [R U R', D] moves three corners and nothing else.
    let corners = &r.groups[1];
    let a_perm = corners.algs.iter().find(|a| a.text(&p) == "[R U R', D]").expect("[R U R', D] found");
    let state = p.apply_moves(p.solved(), &a_perm.expand(&p));
    assert_eq!(wrong_pieces(&p, &state, 0), 3);
    assert_eq!(a_perm.expand(&p), read_moves(&p, "R U R' D R U' R' D'").unwrap());
}

#[test]
fn basic_mode_finds_the_3x3x3_edge_cycles_of_six_moves() {
    // twsearch -A1 -t 1 3x3x3.tws through depth 6: EDGE/3p 6 (F B' D2 F' B R2) and EDGE/4p 6.
    let p = puzzle("3x3x3");
    let r = find(&p, "", FindMode::Basic, 6, 1);
    let lengths: Vec<String> = r.groups.iter().map(|g| format!("{} {}", g.signature.describe(&p), g.length)).collect();
    assert_eq!(lengths, ["EDGE 3 moved 6", "EDGE 4 moved 6"]);
    check_algs(&p, &r);
    assert!(r.groups.iter().all(|g| g.algs.len() == 1));
}

#[test]
fn repeated_mode_finds_powers() {
    let p = puzzle("3x3x3");
    let r = find(&p, "", FindMode::Repeated, 2, 5);
    check_algs(&p, &r);
    // R U has order 105; (R U)35 (order 3) cycles three edges... or whatever it does, it is a power:
    for g in &r.groups {
        for a in &g.algs {
            let FoundAlg::Repeated { moves, times } = a else { panic!("not a repetition") };
            let t = p.apply_moves(&p.identity(), moves);
            let o = order(&p, t.as_bytes()).unwrap();
            assert!(o % times == 0 && [2, 3].contains(&(o / times)), "{}", a.text(&p));
        }
    }
    assert!(!r.groups.is_empty());
}

#[cfg(feature = "parallel")]
#[test]
fn results_do_not_depend_on_threads_and_rotations_count_once() {
    let p = puzzle("2x2x2");
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let three = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    let a = one.install(|| find(&p, "U,R,F", FindMode::Basic, 7, 3));
    let b = three.install(|| find(&p, "U,R,F", FindMode::Basic, 7, 3));
    assert_eq!(summary(&p, &a), summary(&p, &b));
    let texts =
        |r: &FindAlgsReport| r.groups.iter().flat_map(|g| g.algs.iter().map(|a| a.text(&p))).collect::<Vec<_>>();
    assert_eq!(texts(&a), texts(&b));
    assert_eq!(a.sequences, b.sequences);
    // Every rotation kept: each class counted once per distinct canonical rotation, so more.
    let set = MoveSet::parse(&p, "U,R,F").unwrap();
    let options = FindAlgsOptions { depth: 7, all_rotations: true, ..FindAlgsOptions::default() };
    let all = find_algs(&p, &set, &options, Control::none()).unwrap();
    let with = |r: &FindAlgsReport, s: &str| r.groups.iter().find(|g| g.signature.describe(&p) == s).unwrap().count;
    assert!(with(&all, "CORNER 3 moved") > with(&a, "CORNER 3 moved"));
    // Each single move is its own class.
    assert_eq!(with(&all, "CORNER 4 moved"), 9);
}

#[test]
fn sequences_walked_are_the_canonical_counts() {
    // 3 generators that do not commute: 9 · 6^(k-1) sequences of k moves.
    let p = puzzle("2x2x2");
    let r = find(&p, "U,R,F", FindMode::Basic, 5, 1);
    assert_eq!(r.sequences, 9 + 54 + 324 + 1944 + 11664);
}

#[test]
fn progress_and_cancellation() {
    let p = puzzle("2x2x2");
    let set = MoveSet::parse(&p, "U,R,F").unwrap();
    let options = FindAlgsOptions { depth: 8, ..FindAlgsOptions::default() };
    let last = AtomicU64::new(0);
    let report = |q: &Progress| {
        assert_eq!(q.phase, "find-algs");
        assert_eq!(q.total, Some(9 * (6u64.pow(8) - 1) / 5));
        last.fetch_max(q.done, Ordering::Relaxed);
    };
    let r = find_algs(&p, &set, &options, Control::none().with_progress(&report)).unwrap();
    assert!(last.load(Ordering::Relaxed) > 1 << 20 && last.load(Ordering::Relaxed) <= r.sequences);
    let stop = AtomicBool::new(true);
    let e = find_algs(&p, &set, &options, Control::none().with_cancel(&stop)).unwrap_err();
    assert!(e.is_cancelled());
}

#[test]
fn refuses_depths_out_of_range() {
    let p = puzzle("2x2x2");
    let set = MoveSet::all(&p).unwrap();
    for (mode, depth) in [(FindMode::Basic, 0), (FindMode::Commutator, 1), (FindMode::Basic, MAX_DEPTH + 1)] {
        let options = FindAlgsOptions { mode, depth, ..FindAlgsOptions::default() };
        assert!(find_algs(&p, &set, &options, Control::none()).is_err());
    }
    let options = FindAlgsOptions { max_pieces: 0, ..FindAlgsOptions::default() };
    assert!(find_algs(&p, &set, &options, Control::none()).is_err());
}
