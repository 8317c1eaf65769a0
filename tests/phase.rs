//! Multi-phase solving: the 3x3x3 two-phase facts (coset counts, depths, exactness), verified solutions
//! on random states, and phases on other puzzles.

use std::sync::Arc;

use twistsearch::control::Control;
use twistsearch::group::{puzzle_chain, random_state, rng_from_seed};
use twistsearch::phase::{PhaseSolveOptions, PhaseSolver, PhaseSolverOptions};
use twistsearch::{load_puzzle, MoveSet, Puzzle, State};

fn puzzle(path: &str) -> Arc<Puzzle> {
    let text = std::fs::read_to_string(format!("{}/tests/data/puzzles/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    Arc::new(load_puzzle(&text).unwrap())
}

fn solver(p: &Arc<Puzzle>, phases: &[&str]) -> PhaseSolver {
    let phases = phases.iter().map(|s| MoveSet::parse(p, s).unwrap()).collect();
    PhaseSolver::new(p.clone(), PhaseSolverOptions { phases, ..Default::default() }, Control::none()).unwrap()
}

fn random_states(p: &Puzzle, n: usize, seed: u64) -> Vec<State> {
    let chain = puzzle_chain(p, &MoveSet::all(p).unwrap()).unwrap();
    let mut rng = rng_from_seed(Some(seed)).unwrap();
    (0..n)
        .map(|_| {
            let bytes = random_state(&chain, p.solved().as_bytes(), &mut rng).unwrap();
            p.state_from_bytes(bytes).unwrap()
        })
        .collect()
}

fn solves(p: &Puzzle, s: &PhaseSolver, states: &[State], target: u32) -> Vec<u32> {
    let opts = PhaseSolveOptions { target_length: Some(target), max_nodes: None, ..Default::default() };
    states
        .iter()
        .map(|st| {
            let r = s.solve(st, &opts, Control::none()).unwrap();
            assert_eq!(p.apply_moves(st, &r.solution), *p.solved(), "not solved");
            assert_eq!(r.phase_lengths.iter().sum::<u32>() as usize, r.solution.len());
            r.solution.len() as u32
        })
        .collect()
}

#[test]
fn kociemba_phase_one_cosets_are_exact() {
    let p = puzzle("main/3x3x3.tws");
    let s = solver(&p, &["U,D,F2,B2,R2,L2"]);
    let info = s.phase_info();
    assert_eq!(info[0].cosets, 2_217_093_120);
    assert_eq!(info[0].cosets, 3u128.pow(7) * 2u128.pow(11) * 495);
    assert_eq!(info[0].group_index, Some(2_217_093_120));
    assert!(info[0].exact);
}

#[test]
fn three_by_three_two_phase_within_twenty() {
    let p = puzzle("main/3x3x3.tws");
    let s = solver(&p, &["U,D,F2,B2,R2,L2"]);
    let lens = solves(&p, &s, &random_states(&p, 5, 1), 20);
    assert!(lens.iter().all(|&l| l <= 20), "{lens:?}");
}

/// `PHASE_N` random 3x3x3 states (default 1000) solved to `PHASE_TARGET` moves or less (default 20), on the rayon pool; prints
/// solves per second and the move-count distribution. Run in release mode:
/// `cargo test --release --test phase -- --ignored --nocapture thousand`.
#[cfg(feature = "parallel")]
#[test]
#[ignore]
fn three_by_three_thousand_states() {
    use rayon::prelude::*;
    let n: usize = std::env::var("PHASE_N").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let p = puzzle("main/3x3x3.tws");
    let t0 = std::time::Instant::now();
    let s = solver(&p, &["U,D,F2,B2,R2,L2"]);
    let build = t0.elapsed();
    let states = random_states(&p, n, 2026);
    let target: u32 = std::env::var("PHASE_TARGET").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let opts = PhaseSolveOptions { target_length: Some(target), max_nodes: None, ..Default::default() };
    let t1 = std::time::Instant::now();
    let results: Vec<(usize, u64, f64)> = states
        .par_iter()
        .map(|st| {
            let t = std::time::Instant::now();
            let r = s.solve(st, &opts, Control::none()).unwrap();
            let ms = t.elapsed().as_secs_f64() * 1e3;
            assert_eq!(p.apply_moves(st, &r.solution), *p.solved());
            (r.solution.len(), r.nodes, ms)
        })
        .collect();
    let secs = t1.elapsed().as_secs_f64();
    let mut dist = [0usize; 32];
    let mut ms: Vec<f64> = results.iter().map(|r| r.2).collect();
    ms.sort_by(f64::total_cmp);
    println!("ms per solve: median {:.1}, p90 {:.1}, max {:.1}", ms[n / 2], ms[n * 9 / 10], ms[n - 1]);
    for &(l, _, _) in &results {
        dist[l] += 1;
    }
    let nodes: u64 = results.iter().map(|r| r.1).sum();
    println!(
        "tables {:.3} s ({} bytes); {n} states in {secs:.3} s on {} threads: {:.0} solves/s, {:.0} nodes/solve",
        build.as_secs_f64(),
        s.table_bytes(),
        rayon::current_num_threads(),
        n as f64 / secs,
        nodes as f64 / n as f64
    );
    println!("lengths: {:?}", dist.iter().enumerate().filter(|x| *x.1 > 0).collect::<Vec<_>>());
    assert!(results.iter().all(|r| r.0 as u32 <= target));
}

#[test]
fn subgroup_elements_share_the_target_coset() {
    let p = puzzle("main/3x3x3.tws");
    let s = solver(&p, &["U,D,F2,B2,R2,L2"]);
    let h = MoveSet::parse(&p, "U,D,F2,B2,R2,L2").unwrap();
    let chain = puzzle_chain(&p, &h).unwrap();
    let goal = s.coset_of(0, p.solved()).unwrap();
    let mut rng = rng_from_seed(Some(7)).unwrap();
    for _ in 0..50 {
        let st = p.state_from_bytes(random_state(&chain, p.solved().as_bytes(), &mut rng).unwrap()).unwrap();
        assert_eq!(s.coset_of(0, &st), Some(goal));
    }
    // Leaving H changes the coset; coming back restores it.
    let r = p.position(&twistsearch::Alg::parse("R").unwrap()).unwrap();
    assert_ne!(s.coset_of(0, &r), Some(goal));
    let back = p.position(&twistsearch::Alg::parse("R2 U D' F2 B2 L2").unwrap()).unwrap();
    assert_eq!(s.coset_of(0, &back), Some(goal));
}

#[test]
fn two_by_two_with_a_face_subgroup() {
    let p = puzzle("main/2x2x2.tws");
    let s = solver(&p, &["U,R2,F2"]);
    assert!(s.phase_info()[0].exact, "{:?}", s.phase_info());
    // God's number of the 2x2x2 is 11 (HTM): the phases find that short a solution.
    let lens = solves(&p, &s, &random_states(&p, 20, 3), 11);
    assert!(lens.iter().all(|&l| l <= 11), "{lens:?}");
    // Three phases: <U,R2,F2> then <U,R2>.
    let s = solver(&p, &["U,R2,F2", "U,R2"]);
    solves(&p, &s, &random_states(&p, 10, 4), 30);
}

#[test]
fn bad_phases_and_budgets_are_refused() {
    let p = puzzle("main/3x3x3.tws");
    let phases = vec![MoveSet::parse(&p, "U,D").unwrap(), MoveSet::parse(&p, "U,R").unwrap()];
    let e = PhaseSolver::new(p.clone(), PhaseSolverOptions { phases, ..Default::default() }, Control::none());
    assert!(e.unwrap_err().to_string().contains("not all moves of the previous phase"));
    let phases = vec![MoveSet::parse(&p, "U,D,F2,B2,R2,L2").unwrap()];
    let opts = PhaseSolverOptions { phases, memory_bytes: 1 << 20, ..Default::default() };
    let e = PhaseSolver::new(p.clone(), opts, Control::none()).unwrap_err().to_string();
    assert!(e.contains("over the memory budget"), "{e}");
    // A position the moves cannot reach.
    let s = solver(&p, &["U,D,F2,B2,R2,L2"]);
    let mut bytes = p.solved().as_bytes().to_vec();
    bytes.swap(0, 1);
    let st = p.state_from_bytes(bytes).unwrap();
    let e = s.solve(&st, &PhaseSolveOptions::default(), Control::none()).unwrap_err().to_string();
    assert!(e.contains("cannot be reached"), "{e}");
    // The node limit.
    let st = random_states(&p, 1, 9).remove(0);
    let opts = PhaseSolveOptions { target_length: Some(20), max_nodes: Some(5), ..Default::default() };
    let e = s.solve(&st, &opts, Control::none()).unwrap_err().to_string();
    assert!(e.contains("node limit"), "{e}");
}

#[test]
fn a_target_other_than_solved() {
    let p = puzzle("main/2x2x2.tws");
    let phases = || vec![MoveSet::parse(&p, "U,R2,F2").unwrap()];
    let target = p.position(&twistsearch::Alg::parse("U2").unwrap()).unwrap();
    let options = PhaseSolverOptions { phases: phases(), target: Some(target.clone()), ..Default::default() };
    let s = PhaseSolver::new(p.clone(), options, Control::none()).unwrap();
    let start = p.position(&twistsearch::Alg::parse("F R' U2 F' R").unwrap()).unwrap();
    let r = s
        .solve(
            &start,
            &PhaseSolveOptions { target_length: Some(11), max_nodes: None, ..Default::default() },
            Control::none(),
        )
        .unwrap();
    assert_eq!(p.apply_moves(&start, &r.solution), target);
    // A target with twisted corners that the phase moves only permute is refused, not mis-solved.
    let twisted = p.position(&twistsearch::Alg::parse("R U").unwrap()).unwrap();
    let options = PhaseSolverOptions { phases: phases(), target: Some(twisted), ..Default::default() };
    let e = PhaseSolver::new(p.clone(), options, Control::none()).unwrap_err().to_string();
    assert!(e.contains("not supported yet"), "{e}");
}

/// A phase whose projections are not the whole coset space but whose cosets fit the budget gets the
/// full table of exact distances (two bits per coset): its distances per depth are those of the exact
/// one-byte table (the whole coordinate tuple as one projection), and its solutions are verified and as
/// short as God's number allows.
#[test]
fn full_phase_tables_agree_with_exact_projections() {
    let p = puzzle("main/2x2x2.tws");
    let phases = || vec![MoveSet::parse(&p, "U,R2,F2").unwrap()];
    let exact = solver(&p, &["U,R2,F2"]);
    let full = PhaseSolverOptions { phases: phases(), projection_entries: Some(64), ..Default::default() };
    let full = PhaseSolver::new(p.clone(), full, Control::none()).unwrap();
    let (ei, fi) = (&exact.phase_info()[0], &full.phase_info()[0]);
    assert!(fi.exact);
    assert_eq!(ei.tables.len(), 1, "{ei:?}");
    // The full table comes last; before it only the small projections kept for their move masks.
    let (full_table, masked) = fi.tables.split_last().unwrap();
    assert_eq!(*full_table, ei.tables[0]);
    assert!(masked.iter().all(|(c, _)| c.len() < fi.coordinate_sizes.len()), "{fi:?}");
    let lens = solves(&p, &full, &random_states(&p, 12, 22), 11);
    assert!(lens.iter().all(|&l| l <= 11), "{lens:?}");
    // Without full tables the same cap leaves projections that are not the whole tuple.
    let compact =
        PhaseSolverOptions { phases: phases(), projection_entries: Some(64), full_tables: false, ..Default::default() };
    let compact = PhaseSolver::new(p.clone(), compact, Control::none()).unwrap();
    let ci = &compact.phase_info()[0];
    assert!(ci.tables.iter().all(|(c, _)| c.len() < ci.coordinate_sizes.len()), "{ci:?}");
}

/// A phase may start with a move that commutes with the previous phase's last one and precedes it in
/// the canonical order: the previous phase cannot end with it, so barring it (as within a phase) forced
/// the pyraminx's tips into the first phase and hundreds of thousands of nodes. Core, then tips: the
/// first solution is optimal (the single-phase solver's length) and found in a few dozen nodes.
#[test]
fn a_phase_starts_with_any_move_but_the_last_ones() {
    let def = twistsearch::events::embedded_definition("pyraminx").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(def).unwrap();
    v["derivedMoves"] = serde_json::json!({"U": "u 2u", "L": "l 2l", "R": "r 2r", "B": "b 2b"});
    let p = Arc::new(twistsearch::kpuzzle::kpuzzle_from_value(&v).unwrap());
    let moves = MoveSet::parse(&p, "U,L,R,B,u,l,r,b").unwrap();
    let two = PhaseSolverOptions {
        moves: Some(moves.clone()),
        phases: vec![MoveSet::parse(&p, "u,l,r,b").unwrap()],
        ..Default::default()
    };
    let two = PhaseSolver::new(p.clone(), two, Control::none()).unwrap();
    let one =
        PhaseSolver::new(p.clone(), PhaseSolverOptions { moves: Some(moves), ..Default::default() }, Control::none())
            .unwrap();
    let first = PhaseSolveOptions { target_length: Some(u32::MAX), max_nodes: Some(100_000), ..Default::default() };
    let optimal = PhaseSolveOptions { target_length: None, max_nodes: None, ..Default::default() };
    let chain = puzzle_chain(&p, &MoveSet::parse(&p, "U,L,R,B,u,l,r,b").unwrap()).unwrap();
    let mut rng = rng_from_seed(Some(5)).unwrap();
    for _ in 0..20 {
        let st = p.state_from_bytes(random_state(&chain, p.solved().as_bytes(), &mut rng).unwrap()).unwrap();
        let r = two.solve(&st, &first, Control::none()).unwrap();
        assert_eq!(p.apply_moves(&st, &r.solution), *p.solved());
        assert!(r.nodes < 2_000, "{} nodes", r.nodes);
        assert_eq!(r.solution.len(), one.solve(&st, &optimal, Control::none()).unwrap().solution.len());
    }
    // The tip after its own layer's turn: one move each.
    let st = p.position(&twistsearch::Alg::parse("U u'").unwrap()).unwrap();
    assert_eq!(two.solve(&st, &first, Control::none()).unwrap().phase_lengths, vec![1, 1]);
}

/// Every state `moves` reach from `start` (breadth first).
fn closure(p: &Puzzle, start: &State, moves: &MoveSet) -> Vec<State> {
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut queue = vec![start.clone()];
    while let Some(s) = queue.pop() {
        for m in moves.moves() {
            let next = p.apply(&s, m.mv);
            if seen.insert(next.clone()) {
                queue.push(next);
            }
        }
    }
    seen.into_iter().collect()
}

/// A target whose identical pieces lie in different blocks of the phase's group: edge (corner) `k` of the
/// `U` layer and edge (corner) `k` of the `D` layer look alike. `H = <U>` interchanges the `U` layer's pieces, but the `D`
/// layer's stay told apart (labels count per block of `G = <U, D>`, which no move leaves), so the target's
/// coset holds exactly the states `H` reaches from the target, and every state is solved.
#[test]
fn identical_pieces_in_other_blocks_stay_apart() {
    let p = puzzle("main/3x3x3.tws");
    let (g, h) = (MoveSet::parse(&p, "U,D").unwrap(), MoveSet::parse(&p, "U").unwrap());
    let mut bytes = p.solved().as_bytes().to_vec();
    for o in p.orbits() {
        let layer = |name: &str| {
            let t = p.transform(MoveSet::parse(&p, name).unwrap().moves()[0].mv);
            o.pieces_range().filter(|&i| t[i] as usize != i - o.offset).collect::<Vec<usize>>()
        };
        let (u, d) = (layer("U"), layer("D"));
        for k in 0..4 {
            bytes[d[k]] = bytes[u[k]];
        }
    }
    let target = p.state_from_bytes(bytes).unwrap();
    let options = PhaseSolverOptions {
        moves: Some(g.clone()),
        phases: vec![h.clone()],
        target: Some(target.clone()),
        ..Default::default()
    };
    let s = PhaseSolver::new(p.clone(), options, Control::none()).unwrap();
    let in_h = closure(&p, &target, &h);
    let all = closure(&p, &target, &g);
    let goal = s.coset_of(0, &target).unwrap();
    // The D layer's corners and edges, each of four distinct labels.
    assert_eq!(s.phase_info()[0].coordinate_sizes, vec![24, 24]);
    assert_eq!((all.len(), in_h.len()), (16, 4));
    let opts = PhaseSolveOptions { target_length: Some(4), max_nodes: None, ..Default::default() };
    for st in &all {
        assert_eq!(s.coset_of(0, st) == Some(goal), in_h.contains(st), "{st:?}");
        let r = s.solve(st, &opts, Control::none()).unwrap();
        assert_eq!(p.apply_moves(st, &r.solution), target);
        assert!(r.solution.len() <= 2);
    }
}

/// Kociemba's first phase with three identical `U`-layer edges in the target: every rearrangement of them
/// is in the subgroup, so the cosets are still exactly the group index, and random states (of identical
/// pieces too) are solved to the target.
#[test]
fn kociemba_phase_one_with_identical_edges_is_exact() {
    let p = puzzle("main/3x3x3.tws");
    let t = p.transform(MoveSet::parse(&p, "U").unwrap().moves()[0].mv);
    let u: Vec<usize> = (0..12).filter(|&i| t[i] as usize != i).collect();
    let mut bytes = p.solved().as_bytes().to_vec();
    bytes[u[1]] = bytes[u[0]];
    bytes[u[2]] = bytes[u[0]];
    let target = p.state_from_bytes(bytes).unwrap();
    let phases = vec![MoveSet::parse(&p, "U,D,F2,B2,R2,L2").unwrap()];
    let options = PhaseSolverOptions { phases, target: Some(target.clone()), ..Default::default() };
    let s = PhaseSolver::new(p.clone(), options, Control::none()).unwrap();
    let info = &s.phase_info()[0];
    assert_eq!(info.cosets, 2187 * 2048 * 495);
    assert_eq!(info.group_index, Some(info.cosets));
    assert!(info.exact);
    let chain = puzzle_chain(&p, &MoveSet::all(&p).unwrap()).unwrap();
    let mut rng = rng_from_seed(Some(3)).unwrap();
    let opts = PhaseSolveOptions { target_length: Some(22), max_nodes: None, ..Default::default() };
    for _ in 0..5 {
        let st = p.state_from_bytes(random_state(&chain, target.as_bytes(), &mut rng).unwrap()).unwrap();
        let r = s.solve(&st, &opts, Control::none()).unwrap();
        assert_eq!(p.apply_moves(&st, &r.solution), target);
        assert!(r.solution.len() <= 22);
    }
}

/// A phase whose subgroup is the whole group (here given by the same moves) has no coordinate and one
/// coset: every position is at its goal, and the next phase solves (it used to panic building a table).
#[test]
fn a_phase_with_nothing_to_tell_apart() {
    let p = puzzle("main/2x2x2.tws");
    let moves = MoveSet::parse(&p, "U,R,F").unwrap();
    let options = PhaseSolverOptions { moves: Some(moves.clone()), phases: vec![moves], ..Default::default() };
    let s = PhaseSolver::new(p.clone(), options, Control::none()).unwrap();
    let info = &s.phase_info()[0];
    assert_eq!((info.cosets, info.group_index, info.exact), (1, Some(1), true));
    assert!(info.coordinate_sizes.is_empty());
    let start = p.position(&twistsearch::Alg::parse("R U F").unwrap()).unwrap();
    let r = s
        .solve(
            &start,
            &PhaseSolveOptions { target_length: Some(3), max_nodes: None, ..Default::default() },
            Control::none(),
        )
        .unwrap();
    assert_eq!(p.apply_moves(&start, &r.solution), *p.solved());
    assert_eq!((r.solution.len(), r.phase_lengths.clone()), (3, vec![0, 3]));
}
