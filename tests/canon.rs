//! Canonical-sequence automata and counts against the figures in twsearch's design notes.

mod common;

use num_bigint::BigUint;
use twistsearch::canon::{branching_factor, canonical_counts, CanonFsm};
use twistsearch::model::moveset::Metric;
use twistsearch::{MoveSet, Puzzle};

fn fsm(p: &Puzzle, metric: Metric) -> CanonFsm {
    CanonFsm::new(p, &MoveSet::all(p).unwrap(), metric).unwrap()
}

fn counts(fsm: &CanonFsm, depth: u32) -> Vec<String> {
    canonical_counts(fsm, depth).unwrap().iter().map(BigUint::to_string).collect()
}

fn assert_bf(fsm: &CanonFsm, expected: f64) {
    let bf = branching_factor(fsm);
    assert!((bf - expected).abs() < 5e-5, "branching factor {bf}, expected {expected}");
}

#[test]
fn cube_half_turn_counts() {
    let p = common::puzzle("puzzles/main/3x3x3.tws");
    let f = fsm(&p, Metric::Htm);
    let c = counts(&f, 10);
    assert_eq!(c[..6], ["1", "18", "243", "3240", "43254", "577368"]);
    assert_eq!(c[10], "244686773808");
    assert_bf(&f, 13.3485);
}

#[test]
fn cube_quarter_turn_counts() {
    let p = common::puzzle("puzzles/main/3x3x3.tws");
    let c = counts(&fsm(&p, Metric::Qtm), 6);
    assert_eq!(c, ["1", "12", "114", "1068", "10011", "93840", "879624"]);
}

#[test]
fn cube_depth_thirty_is_fast_and_exact() {
    let p = common::puzzle("puzzles/main/3x3x3.tws");
    let f = fsm(&p, Metric::Htm);
    let t = std::time::Instant::now();
    let c = canonical_counts(&f, 30).unwrap();
    assert!(t.elapsed().as_secs_f64() < 1.0);
    // Ratios approach the branching factor.
    let r = c[30].to_string().parse::<f64>().unwrap() / c[29].to_string().parse::<f64>().unwrap();
    assert!((r - 13.3485).abs() < 1e-3, "{r}");
}

#[test]
fn megaminx_counts_and_states() {
    let p = common::puzzle("puzzles/main/megaminx.tws");
    let f = fsm(&p, Metric::Htm);
    assert_eq!(f.states(), 69);
    let c = canonical_counts(&f, 5).unwrap();
    assert_eq!(c[..4].iter().map(|x| x.to_string()).collect::<Vec<_>>(), ["1", "48", "1536", "43520"]);
    let approx = |x: &BigUint| x.to_string().parse::<f64>().unwrap();
    assert!((approx(&c[4]) / 1.18272e6 - 1.0).abs() < 1e-5, "{}", c[4]);
    assert!((approx(&c[5]) / 3.16416e7 - 1.0).abs() < 1e-5, "{}", c[5]);
}

#[test]
fn big_cube_optimization_keeps_twenty_cube_small() {
    let p = common::puzzle("puzzles/main/20x20x20.tws");
    assert_eq!(fsm(&p, Metric::Htm).states(), 61);
}

#[test]
fn two_by_two_newcanon_table() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let set = MoveSet::all(&p).unwrap();
    let default = CanonFsm::new(&p, &set, Metric::Htm).unwrap();
    assert_eq!(default.states(), 7);
    assert_bf(&default, 13.3485);
    for (n, states, bf) in [(1, 19, 13.3485), (2, 262, 11.8098), (3, 3136, 10.1869), (4, 31136, 8.0426)] {
        let f = CanonFsm::newcanon(&p, &set, Metric::Htm, n).unwrap();
        assert_eq!(f.states(), states, "newcanon {n}");
        assert_bf(&f, bf);
    }
}

#[test]
fn pentultimate_newcanon_table() {
    let p = common::puzzle("puzzles/main/pentultimate.tws");
    let set = MoveSet::all(&p).unwrap();
    let default = CanonFsm::new(&p, &set, Metric::Htm).unwrap();
    assert_eq!(default.states(), 13);
    assert_bf(&default, 41.9089);
    for (n, states, bf) in [(1, 49, 41.9089), (2, 2065, 40.2458)] {
        let f = CanonFsm::newcanon(&p, &set, Metric::Htm, n).unwrap();
        assert_eq!(f.states(), states, "newcanon {n}");
        assert_bf(&f, bf);
    }
}

/// The larger rows of the design note's tables (a few seconds in a release build).
#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn newcanon_large_rows() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let set = MoveSet::all(&p).unwrap();
    let f = CanonFsm::newcanon(&p, &set, Metric::Htm, 5).unwrap();
    assert_eq!(f.states(), 236552);
    assert_bf(&f, 6.2356);
    let p = common::puzzle("puzzles/main/pentultimate.tws");
    let set = MoveSet::all(&p).unwrap();
    let f = CanonFsm::newcanon(&p, &set, Metric::Htm, 3).unwrap();
    assert_eq!(f.states(), 83065);
    assert_bf(&f, 38.0152);
}

/// Every position within `depth` moves (breadth-first over all moves of the set) is reached by a
/// canonical sequence of the same length: the automaton loses nothing a search needs.
fn assert_complete(p: &Puzzle, set: &MoveSet, fsm: &CanonFsm, depth: usize) {
    use std::collections::{HashMap, HashSet};
    let id = p.identity().as_bytes().to_vec();
    let qtm = fsm.metric() == Metric::Qtm;
    let usable: Vec<usize> = (0..set.moves().len()).filter(|&i| !qtm || set.moves()[i].qtm_cost == 1).collect();
    // Breadth first: distance of every position.
    let mut dist: HashMap<Vec<u8>, usize> = HashMap::from([(id.clone(), 0)]);
    let mut layer = vec![id.clone()];
    for d in 1..=depth {
        let mut nl = Vec::new();
        for s in &layer {
            for &m in &usable {
                let t = p.layout().compose(s, p.transform(set.moves()[m].mv));
                if !dist.contains_key(&t) {
                    dist.insert(t.clone(), d);
                    nl.push(t);
                }
            }
        }
        layer = nl;
    }
    // Canonical sequences: positions they reach, by length.
    let mut reached: HashSet<Vec<u8>> = HashSet::from([id.clone()]);
    let mut layer = vec![(id, 0u32)];
    let expected = canonical_counts(fsm, depth as u32).unwrap();
    for (d, expected) in expected.iter().enumerate().skip(1) {
        let mut nl = Vec::new();
        for (s, st) in &layer {
            for &m in &usable {
                if let Some(n) = fsm.next(*st, m) {
                    let t = p.layout().compose(s, p.transform(set.moves()[m].mv));
                    if dist.get(&t) == Some(&d) {
                        reached.insert(t.clone());
                    }
                    nl.push((t, n));
                }
            }
        }
        // The counts by dynamic programming agree with the enumeration.
        assert_eq!(&BigUint::from(nl.len()), expected, "depth {d}");
        layer = nl;
    }
    assert_eq!(reached.len(), dist.len(), "positions missed by canonical sequences");
}

#[test]
fn canonical_sequences_reach_every_position() {
    let cube = common::puzzle("puzzles/main/3x3x3.tws");
    let all = MoveSet::all(&cube).unwrap();
    assert_complete(&cube, &all, &CanonFsm::new(&cube, &all, Metric::Htm).unwrap(), 3);
    assert_complete(&cube, &all, &CanonFsm::new(&cube, &all, Metric::Qtm).unwrap(), 4);
    let sub = MoveSet::parse(&cube, "U,R2,F").unwrap();
    assert_complete(&cube, &sub, &CanonFsm::new(&cube, &sub, Metric::Htm).unwrap(), 4);
    let mega = common::puzzle("puzzles/main/megaminx.tws");
    let all = MoveSet::all(&mega).unwrap();
    assert_complete(&mega, &all, &CanonFsm::new(&mega, &all, Metric::Htm).unwrap(), 2);
    assert_complete(&mega, &all, &CanonFsm::new(&mega, &all, Metric::Qtm).unwrap(), 3);
    let two = common::puzzle("puzzles/main/2x2x2.tws");
    let all = MoveSet::all(&two).unwrap();
    assert_complete(&two, &all, &CanonFsm::newcanon(&two, &all, Metric::Htm, 2).unwrap(), 4);
    assert_complete(&two, &all, &CanonFsm::newcanon(&two, &all, Metric::Qtm, 2).unwrap(), 5);
}

/// The 20x20x20 in the quarter-turn metric has 120 move classes: far more than fit in one machine word.
#[test]
fn more_than_sixty_four_classes() {
    let p = common::puzzle("puzzles/main/20x20x20.tws");
    let set = MoveSet::all(&p).unwrap();
    let f = CanonFsm::new(&p, &set, Metric::Qtm).unwrap();
    assert_complete(&p, &set, &f, 2);
    let c = canonical_counts(&f, 2).unwrap();
    assert_eq!(c[1], BigUint::from(120u32));
    // Two quarter turns: on another axis (120 * 80), or on the same axis in canonical order, where the two
    // turns of one slice may only repeat as U U (U' U' is the same half turn): 3 axes * (20 * 19 / 2 slice pairs
    // * 4 + 20).
    assert_eq!(c[2], BigUint::from(120u32 * 80 + 3 * (190 * 4 + 20)));
}
