//! Whole-table tests: admissibility against breadth-first distances, exactness when the table is large,
//! sizing errors, cancellation, and the same table from any number of threads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;

use super::*;
use crate::control::Progress;
use crate::load_puzzle;
use crate::model::moveset::Metric;

fn cube2() -> Puzzle {
    load_puzzle(include_str!("../../tests/data/puzzles/main/2x2x2.tws")).unwrap()
}

fn cube3() -> Puzzle {
    load_puzzle(include_str!("../../tests/data/puzzles/main/3x3x3.tws")).unwrap()
}

fn options(memory_bytes: usize, depth: Option<u32>) -> TableOptions {
    TableOptions { memory_bytes, state_count_hint: None, depth, symmetry: false }
}

/// A table for the solved state.
fn table(p: &Puzzle, moves: &MoveSet, metric: Metric, options: &TableOptions) -> PruneTable {
    let fsm = CanonFsm::new(p, moves, metric).unwrap();
    PruneTable::new(p, moves, &fsm, p.solved().as_bytes(), options, Control::none()).unwrap()
}

/// Distances from the solved state of every legal state within `depth` moves (a breadth-first search
/// that, like the fill, never passes through an illegal state).
fn distances(p: &Puzzle, moves: &MoveSet, depth: u8) -> FxHashMap<Vec<u8>, u8> {
    let legal = |s: &[u8]| p.illegal().iter().all(|il| s[p.orbits()[il.orbit].offset + il.slot] != il.piece);
    let mut dist = FxHashMap::default();
    let start = p.solved().as_bytes().to_vec();
    dist.insert(start.clone(), 0u8);
    let mut frontier = vec![start];
    let mut child = vec![0u8; p.state_size()];
    for d in 1..=depth {
        let mut next = Vec::new();
        for s in &frontier {
            for m in moves.moves() {
                p.apply_into(s, m.mv, &mut child);
                if legal(&child) && !dist.contains_key(&child) {
                    dist.insert(child.clone(), d);
                    next.push(child.clone());
                }
            }
        }
        frontier = next;
    }
    dist
}

/// Checks `lookup <= distance` for every state of the map; returns the fraction looked up exactly.
fn check_admissible(t: &PruneTable, dist: &FxHashMap<Vec<u8>, u8>) -> f64 {
    let mut exact = 0usize;
    for (s, &d) in dist {
        let v = t.lookup(s);
        assert!(v <= d, "lookup {v} above the distance {d}");
        exact += usize::from(v == d);
    }
    exact as f64 / dist.len() as f64
}

/// Random walks of every length up to `max`: the lookup never exceeds the walk's length.
fn check_random_walks(p: &Puzzle, moves: &MoveSet, t: &PruneTable, max: u32, seed: u64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut cur = p.solved().as_bytes().to_vec();
    let mut next = cur.clone();
    for _ in 0..20 {
        cur.copy_from_slice(p.solved().as_bytes());
        for k in 1..=max {
            let m = moves.moves()[rng.gen_range(0..moves.moves().len())];
            p.apply_into(&cur, m.mv, &mut next);
            std::mem::swap(&mut cur, &mut next);
            assert!(t.lookup(&cur) as u32 <= k);
        }
    }
}

#[test]
fn cube2_lookups_are_admissible_and_mostly_exact() {
    let p = cube2();
    let moves = MoveSet::all(&p).unwrap();
    let t = table(&p, &moves, Metric::Htm, &options(1 << 20, Some(5)));
    assert_eq!(t.filled_depth(), 5);
    assert_eq!(t.lookup(p.solved().as_bytes()), 0);
    let dist = distances(&p, &moves, 6);
    let exact = check_admissible(&t, &dist);
    // 2M entries for about 100,000 states within 6 moves: few collisions.
    assert!(exact > 0.9, "{exact}");
    check_random_walks(&p, &moves, &t, 20, 1);
    let s = t.stats();
    assert_eq!(s.len(), 6);
    assert_eq!((s[0].leaves, s[0].entries_set), (1, 1));
    assert_eq!(s[1].leaves, 18);
    assert!(s.iter().all(|d| d.entries_set <= d.leaves));
    assert_eq!(t.fill_work(), s.iter().map(|d| d.leaves).sum::<u64>());
}

#[test]
fn cube3_adaptive_table_is_admissible() {
    let p = cube3();
    let moves = MoveSet::all(&p).unwrap();
    let mut t = table(&p, &moves, Metric::Htm, &options(4 << 20, None));
    // 8M entries: depth 5 (577,368 leaves) is below 1M, depth 6 (7.7M) is not.
    assert_eq!(t.entries(), 8 << 20);
    assert_eq!(t.bytes(), 4 << 20);
    assert_eq!(t.filled_depth(), 5);
    let leaves: Vec<u64> = t.stats().iter().map(|d| d.leaves).collect();
    assert_eq!(leaves, [1, 18, 243, 3240, 43254, 577368]);
    assert!((t.predicted_leaves() - 7_706_988.0).abs() < 1.0);
    assert_eq!(t.lookup(p.solved().as_bytes()), 0);
    let dist = distances(&p, &moves, 4);
    assert!(check_admissible(&t, &dist) > 0.99);
    check_random_walks(&p, &moves, &t, 25, 2);
    // Depth 6 is worth it for a search (7.7M leaves <= 2 × 8M entries), depth 7 (103M) is not.
    assert!(t.extend(Control::none()).unwrap());
    assert_eq!(t.filled_depth(), 6);
    assert!(!t.extend(Control::none()).unwrap());
    assert_eq!(t.filled_depth(), 6);
    assert!(check_admissible(&t, &dist) > 0.99);
    check_random_walks(&p, &moves, &t, 25, 3);
}

#[test]
fn qtm_tables_are_admissible() {
    let p = cube3();
    let moves = MoveSet::all(&p).unwrap();
    let t = table(&p, &moves, Metric::Qtm, &options(1 << 20, Some(5)));
    assert_eq!(t.filled_depth(), 5);
    // Quarter turns only: the breadth-first search uses the single turns.
    let quarters = MoveSet::parse(&p, "F,B,D,U,L,R").unwrap();
    let mut dist = FxHashMap::default();
    let start = p.solved().as_bytes().to_vec();
    dist.insert(start.clone(), 0u8);
    let mut frontier = vec![start];
    for d in 1..=4u8 {
        let mut next = Vec::new();
        for s in &frontier {
            for m in quarters.moves().iter().filter(|m| m.qtm_cost == 1) {
                let c = p.apply(&crate::State::from_vec(s.clone()), m.mv).as_bytes().to_vec();
                if !dist.contains_key(&c) {
                    dist.insert(c.clone(), d);
                    next.push(c);
                }
            }
        }
        frontier = next;
    }
    assert!(check_admissible(&t, &dist) > 0.95);
}

#[test]
fn two_generator_group_is_exact_when_filled_to_the_end() {
    let p = cube2();
    let moves = MoveSet::parse(&p, "U,R").unwrap();
    let opts = TableOptions {
        memory_bytes: 1 << 20,
        state_count_hint: Some(29_160.0),
        depth: Some(MAX_DEPTH),
        symmetry: false,
    };
    let mut t = table(&p, &moves, Metric::Htm, &opts);
    assert_eq!(t.entries(), 116_672);
    assert!(!t.extend(Control::none()).unwrap());
    assert!(!t.deepen(Control::none()).unwrap());
    let dist = distances(&p, &moves, 30);
    assert_eq!(dist.len(), 29_160);
    let diameter = *dist.values().max().unwrap() as u32;
    // The fill stops once a depth adds no entry (one past the diameter), or at the deepest storable depth.
    assert_eq!(diameter, 14);
    assert_eq!(t.filled_depth(), MAX_DEPTH);
    assert!(t.stats()[14].entries_set > 0);
    let exact = check_admissible(&t, &dist);
    // Four entries per state: a state is exact unless a closer one shares its entry.
    assert!(exact > 0.85, "{exact}");
}

#[test]
fn three_generator_group_is_mostly_exact() {
    let p = cube2();
    let moves = MoveSet::parse(&p, "U,R,F").unwrap();
    let opts =
        TableOptions { memory_bytes: 256 << 20, state_count_hint: Some(3_674_160.0), depth: Some(7), symmetry: false };
    let t = table(&p, &moves, Metric::Htm, &opts);
    assert_eq!(t.entries(), 14_696_640);
    let dist = distances(&p, &moves, 7);
    let exact = check_admissible(&t, &dist);
    assert!(exact > 0.95, "{exact}");
}

/// The whole ⟨U, R, F⟩ group (3,674,160 states, 11 moves deep; 600 million leaves): run with
/// `cargo test --release --lib prune -- --ignored`.
#[test]
#[ignore]
fn three_generator_group_is_exact_when_filled_to_the_end() {
    let p = cube2();
    let moves = MoveSet::parse(&p, "U,R,F").unwrap();
    let opts =
        TableOptions { memory_bytes: 256 << 20, state_count_hint: Some(3_674_160.0), depth: Some(11), symmetry: false };
    let t = table(&p, &moves, Metric::Htm, &opts);
    let dist = distances(&p, &moves, 30);
    assert_eq!(dist.len(), 3_674_160);
    assert_eq!(*dist.values().max().unwrap(), 11);
    assert_eq!(t.filled_depth(), 11);
    let exact = check_admissible(&t, &dist);
    assert!(exact > 0.85, "{exact}");
}

#[test]
fn illegal_placements_are_never_crossed() {
    let p = load_puzzle(include_str!("../../tests/data/puzzles/main/squareone.tws")).unwrap();
    assert!(!p.illegal().is_empty());
    let moves = MoveSet::all(&p).unwrap();
    let t = table(&p, &moves, Metric::Htm, &options(1 << 20, Some(4)));
    assert_eq!(t.lookup(p.solved().as_bytes()), 0);
    let dist = distances(&p, &moves, 4);
    assert!(check_admissible(&t, &dist) > 0.95);
}

#[test]
fn bad_budgets_and_inputs_are_errors() {
    let p = cube2();
    let moves = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &moves, Metric::Htm).unwrap();
    let solved = p.solved().as_bytes();
    let new = |target: &[u8], fsm: &CanonFsm, o: &TableOptions| {
        PruneTable::new(&p, &moves, fsm, target, o, Control::none()).unwrap_err().to_string()
    };
    assert_eq!(
        new(solved, &fsm, &options(0, None)),
        "memory budget of 0 MiB is too small: a pruning table needs at least 64 KiB"
    );
    assert!(new(solved, &fsm, &options(MIN_MEMORY_BYTES - 1, None)).contains("too small"));
    assert!(new(&solved[1..], &fsm, &options(1 << 20, None)).contains("bytes"));
    let other = CanonFsm::new(&p, &MoveSet::parse(&p, "U").unwrap(), Metric::Htm).unwrap();
    assert!(new(solved, &other, &options(1 << 20, None)).contains("automaton"));
    let big = load_puzzle(include_str!("../../tests/data/puzzles/main/4x4x4.tws")).unwrap();
    let foreign = MoveSet::all(&big).unwrap();
    let ffsm = CanonFsm::new(&big, &foreign, Metric::Htm).unwrap();
    let e = PruneTable::new(&p, &foreign, &ffsm, solved, &options(1 << 20, None), Control::none()).unwrap_err();
    assert!(e.to_string().contains("does not belong"), "{e}");
    // The smallest budget works.
    let t = PruneTable::new(&p, &moves, &fsm, solved, &options(MIN_MEMORY_BYTES, None), Control::none()).unwrap();
    assert_eq!(t.entries(), 2 * MIN_MEMORY_BYTES);
}

#[test]
fn any_target_bytes_work() {
    let p = cube2();
    let moves = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &moves, Metric::Htm).unwrap();
    // Identical pieces and wildcards, or plain garbage: just bytes.
    let target = vec![255u8; p.state_size()];
    let t = PruneTable::new(&p, &moves, &fsm, &target, &options(1 << 20, Some(3)), Control::none()).unwrap();
    assert_eq!(t.lookup(&target), 0);
    assert_eq!(t.target(), &target[..]);
}

#[test]
fn cancellation_before_and_during_fills() {
    let p = cube3();
    let moves = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &moves, Metric::Htm).unwrap();
    let solved = p.solved().as_bytes();
    let flag = AtomicBool::new(true);
    let e = PruneTable::new(&p, &moves, &fsm, solved, &options(1 << 20, None), Control::none().with_cancel(&flag))
        .unwrap_err();
    assert!(e.is_cancelled());

    // Cancel from the first progress report of depth 5: extend fails, the table keeps depth 4.
    flag.store(false, Ordering::Relaxed);
    let mut t = PruneTable::new(&p, &moves, &fsm, solved, &options(1 << 20, Some(4)), Control::none()).unwrap();
    let cancel_on_report = |_: &Progress| flag.store(true, Ordering::Relaxed);
    let control = Control::none().with_cancel(&flag).with_progress(&cancel_on_report);
    assert!(t.deepen(control).unwrap_err().is_cancelled());
    assert_eq!(t.filled_depth(), 4);
    assert!(t.fill_work() > 1 + 18 + 243 + 3240 + 43254);
    let dist = distances(&p, &moves, 4);
    check_admissible(&t, &dist);
    // Taken up again, it gives the table a fill without interruption gives.
    flag.store(false, Ordering::Relaxed);
    assert!(t.deepen(Control::none()).unwrap());
    assert_eq!(t.filled_depth(), 5);
    let whole = PruneTable::new(&p, &moves, &fsm, solved, &options(1 << 20, Some(5)), Control::none()).unwrap();
    assert!(t.cells.snapshot() == whole.cells.snapshot());
    assert_eq!(t.stats(), whole.stats());
}

#[test]
fn progress_reports_count_leaves() {
    let p = cube3();
    let moves = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &moves, Metric::Htm).unwrap();
    let reports = Mutex::new(Vec::new());
    let record = |r: &Progress| reports.lock().unwrap().push(r.clone());
    let control = Control::none().with_progress(&record);
    let t = PruneTable::new(&p, &moves, &fsm, p.solved().as_bytes(), &options(1 << 20, Some(4)), control).unwrap();
    let reports = reports.into_inner().unwrap();
    assert!(reports.iter().all(|r| r.phase == "table" && r.total.is_some_and(|t| r.done <= t)));
    let last = reports.iter().filter(|r| r.depth == 4).map(|r| r.done).max();
    assert_eq!(last, Some(t.stats()[4].leaves));
}

#[test]
fn predictions_follow_the_exact_counts() {
    let p = cube3();
    let moves = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &moves, Metric::Qtm).unwrap();
    let exact = crate::canon::canonical_counts(&fsm, MAX_DEPTH + 1).unwrap();
    let t =
        PruneTable::new(&p, &moves, &fsm, p.solved().as_bytes(), &options(1 << 20, Some(0)), Control::none()).unwrap();
    for d in 0..=MAX_DEPTH + 1 {
        let e: f64 = exact[d as usize].to_string().parse().unwrap();
        assert!((t.walk.count(d) - e).abs() <= e * 1e-12, "depth {d}");
    }
    assert_eq!(t.walk.count(MAX_DEPTH + 2), 0.0);
    assert_eq!(t.filled_depth(), 0);
    assert_eq!(t.predicted_leaves(), 12.0);
}

#[test]
fn tables_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<PruneTable>();
}

#[cfg(feature = "parallel")]
#[test]
fn one_thread_and_many_threads_give_the_same_table() {
    let p = cube3();
    let moves = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &moves, Metric::Htm).unwrap();
    // 256 KiB: 512K entries for 620K states within 5 moves, so many entries are shared.
    let build = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            PruneTable::new(&p, &moves, &fsm, p.solved().as_bytes(), &options(256 << 10, Some(5)), Control::none())
                .unwrap()
        })
    };
    let one = build(1);
    let many = build(4);
    assert!(one.cells.snapshot() == many.cells.snapshot());
    assert_eq!(one.stats(), many.stats());
    assert!(one.stats()[5].entries_set < one.stats()[5].leaves);
}

/// A table reduced by the 2x2x2's 24 rotations: admissible and mostly exact against breadth-first
/// distances, about 24 times fewer leaves and entries than the plain table of the same depth, and a
/// different fingerprint.
#[test]
fn symmetry_reduced_tables_are_admissible_and_smaller() {
    let p = load_puzzle(include_str!("../../tests/data/puzzles/symm/2x2x2.tws")).unwrap();
    let moves = MoveSet::all(&p).unwrap();
    assert_eq!(symmetries_of(&p, &moves, p.solved().as_bytes()), 24);
    let reduced = TableOptions { symmetry: true, ..options(1 << 20, Some(5)) };
    let t = table(&p, &moves, Metric::Htm, &reduced);
    let plain = table(&p, &moves, Metric::Htm, &options(1 << 20, Some(5)));
    assert_eq!((t.symmetries(), plain.symmetries()), (24, 1));
    assert_eq!(t.filled_depth(), 5);
    assert_eq!(t.lookup(p.solved().as_bytes()), 0);
    let dist = distances(&p, &moves, 5);
    assert!(check_admissible(&t, &dist) > 0.95);
    check_random_walks(&p, &moves, &t, 20, 3);
    let sum = |t: &PruneTable, f: fn(&DepthStats) -> u64| t.stats().iter().map(f).sum::<u64>();
    assert!(sum(&t, |d| d.entries_set) * 12 < sum(&plain, |d| d.entries_set));
    assert!(sum(&t, |d| d.leaves) * 4 < sum(&plain, |d| d.leaves));
    assert_ne!(t.fingerprint(), plain.fingerprint());
    assert_ne!(t.fingerprint().combined(), plain.fingerprint().combined());
    // The prediction of the next depth's leaves is exact without illegal placements.
    let mut deeper = table(&p, &moves, Metric::Htm, &reduced);
    let predicted = deeper.predicted_leaves();
    assert!(deeper.deepen(Control::none()).unwrap());
    assert_eq!(deeper.stats()[6].leaves as f64, predicted);
    // Definitions without rotations have nothing to reduce by: the table stays plain.
    let q = cube2();
    let qmoves = MoveSet::all(&q).unwrap();
    assert_eq!(symmetries_of(&q, &qmoves, q.solved().as_bytes()), 1);
    let t = table(&q, &qmoves, Metric::Htm, &TableOptions { symmetry: true, ..options(1 << 20, Some(3)) });
    assert_eq!(t.symmetries(), 1);
}

/// A big table whose size the memory limits packs 2-bit entries: twice the entries of the same budget,
/// admissible, exact at the last two depths filled but for collisions, the same from one thread and
/// many, and the same after saving and loading.
#[cfg(feature = "parallel")]
#[test]
fn crumb_tables_are_admissible_and_exact_at_the_top() {
    let p = cube3();
    let moves = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &moves, Metric::Htm).unwrap();
    let opts = options(CRUMBS_MIN_BYTES, Some(3));
    let build = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| PruneTable::new(&p, &moves, &fsm, p.solved().as_bytes(), &opts, Control::none()).unwrap())
    };
    let mut t = build(2);
    assert_eq!(t.packing(), Packing::Crumbs);
    assert_eq!((t.entries(), t.bytes()), (4 * CRUMBS_MIN_BYTES, CRUMBS_MIN_BYTES));
    assert_eq!(t.filled_depth(), 3);
    assert!(build(1).cells.snapshot() == t.cells.snapshot());
    assert!(t.deepen(Control::none()).unwrap());
    let dist = distances(&p, &moves, 5);
    let mut exact_top = [0usize; 6];
    let mut count = [0usize; 6];
    for (s, &d) in &dist {
        let v = t.lookup(s);
        assert!(v <= d, "lookup {v} above the distance {d}");
        count[d as usize] += 1;
        exact_top[d as usize] += usize::from(v == d);
    }
    // Depths 3 and 4 (the top two) and 5 (unset: one past the filled depth) are exact but for the rare
    // collisions with a closer state; shallower ones read their line's smallest depth.
    for d in 3..=5 {
        assert!(exact_top[d] as f64 > 0.99 * count[d] as f64, "depth {d}: {exact_top:?} of {count:?}");
    }
    assert_eq!(t.lookup(p.solved().as_bytes()), 0);
    check_random_walks(&p, &moves, &t, 25, 4);
    let bytes = t.to_bytes();
    let u = PruneTable::from_bytes(&p, &moves, &fsm, p.solved().as_bytes(), &bytes, CRUMBS_MIN_BYTES, false).unwrap();
    assert_eq!(u.packing(), Packing::Crumbs);
    assert_eq!((u.filled_depth(), u.stats()), (4, t.stats()));
    assert!(u.cells.snapshot() == t.cells.snapshot());
    assert!(
        PruneTable::from_bytes(&p, &moves, &fsm, p.solved().as_bytes(), &bytes, CRUMBS_MIN_BYTES - 1, false).is_err()
    );
}
