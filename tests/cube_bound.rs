//! The 3x3x3's own optimal bound ([`CubeBound`]: the distance to Kociemba's phase-1 subgroup, or with
//! the E slice sorted too, along the three axes) beside the generic solver's table: solutions as short
//! as without it, on random walks of the twsearch definition, with fewer nodes; every solution verified.

mod common;

use std::sync::Arc;

use rand::Rng;
use twistsearch::control::Control;
use twistsearch::group::rng_from_seed;
use twistsearch::model::moveset::Metric;
use twistsearch::search::{solve_up_to, Position, SearchBound, SolveOptions, Solver, SolverOptions, UpTo};
use twistsearch::solvers::cube3::{CubeBound, CubeTable, SearchedBy};
use twistsearch::{MoveRef, Puzzle, State};

const MIB: usize = 1 << 20;

fn solver(p: &Arc<Puzzle>, mib: usize) -> Solver {
    let options = SolverOptions { memory_bytes: mib * MIB, ..SolverOptions::default() };
    Solver::new(Arc::clone(p), options, Control::none()).unwrap()
}

/// A random walk of `n` face turns, no face twice in a row.
fn walk(p: &Puzzle, moves: &[MoveRef], n: usize, rng: &mut impl Rng) -> State {
    let mut path: Vec<MoveRef> = Vec::new();
    while path.len() < n {
        let m = moves[rng.gen_range(0..moves.len())];
        if path.last().is_none_or(|l| l.base != m.base) {
            path.push(m);
        }
    }
    p.apply_moves(p.solved(), &path)
}

/// Solves `count` walks (of `from`, `from + 1`, … `from + 3` moves) with and without `bound`, and by
/// the bound's own search ([`CubeBound::solve`]): the same lengths, verified; the generic solver's nodes
/// without and with the bound.
fn agree(p: &Arc<Puzzle>, bound: &CubeBound, mib: usize, seed: u64, from: usize, count: usize) -> (u64, u64) {
    let mut plain = solver(p, mib);
    let mut bounded = solver(p, mib);
    bounded.set_bound(Some(Arc::new(bound.for_moves(bounded.move_list()).unwrap())));
    let moves: Vec<MoveRef> = plain.moves().moves().iter().map(|m| m.mv).collect();
    let mut rng = rng_from_seed(Some(seed)).unwrap();
    let (mut nodes_plain, mut nodes_bounded) = (0, 0);
    for i in 0..count {
        let start = walk(p, &moves, from + i % 4, &mut rng);
        let a = plain.solve(&start, &SolveOptions::default(), Control::none()).unwrap();
        let b = bounded.solve(&start, &SolveOptions::default(), Control::none()).unwrap();
        assert_eq!(a.solutions[0].len(), b.solutions[0].len(), "position {i}");
        // The cube's own search on the bound's coordinates: as short, and it solves.
        let c = bound.solve(&start, Control::none()).unwrap();
        assert_eq!(c.moves.len(), a.solutions[0].len(), "position {i}, the cube's own search");
        assert_eq!(p.apply_moves(&start, &c.moves), *p.solved());
        assert_eq!(p.apply_moves(&start, &a.solutions[0]), *p.solved());
        assert_eq!(p.apply_moves(&start, &b.solutions[0]), *p.solved());
        nodes_plain += a.nodes;
        nodes_bounded += b.nodes;
    }
    (nodes_plain, nodes_bounded)
}

/// The phase-1 bound of `puzzles/symm/3x3x3.tws`, built once for the tests of this file (its build is
/// most of their time).
fn phase1(p: &Puzzle) -> CubeBound {
    static BOUND: std::sync::OnceLock<CubeBound> = std::sync::OnceLock::new();
    BOUND.get_or_init(|| CubeBound::new(p, CubeTable::Phase1, usize::MAX, Control::none()).unwrap()).clone()
}

#[test]
fn the_phase1_bound_keeps_solutions_optimal_on_the_twsearch_definition() {
    let p = Arc::new(common::puzzle("puzzles/symm/3x3x3.tws"));
    let bound = phase1(&p);
    // Per axis: flip, slice, twist, layers (0 here), distance.
    assert_eq!(bound.node_len(), 15);
    assert_eq!(bound.distances(p.solved()).unwrap(), [0, 0, 0]);
    // The superflip commutes with every rotation: the same distance along the three axes, and not in
    // the subgroup (its edges are flipped).
    let superflip = p
        .position(&twistsearch::alg::Alg::parse("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap())
        .unwrap();
    let d = bound.distances(&superflip).unwrap();
    assert!(d[0] == d[1] && d[1] == d[2] && d[0] >= 1, "{d:?}");
    assert!(bound.solve(p.solved(), Control::none()).unwrap().moves.is_empty());
    let flag = std::sync::atomic::AtomicBool::new(true);
    assert!(bound.solve(&superflip, Control::none().with_cancel(&flag)).unwrap_err().is_cancelled());
    // Walks of 1 to 4 moves (the searches of limits under 3 have no subtrees below two moves).
    agree(&p, &bound, 16, 5, 1, 8);
    let (plain, bounded) = agree(&p, &bound, 16, 17, 6, 20);
    assert!(bounded < plain, "{bounded} vs {plain}");
    // Another puzzle is refused by what it lacks.
    let two = common::puzzle("puzzles/symm/2x2x2.tws");
    let err = CubeBound::new(&two, CubeTable::Phase1, usize::MAX, Control::none()).unwrap_err().to_string();
    assert!(err.starts_with("the 3x3x3 bound needs a 3x3x3 definition"), "{err}");
    // A search of other moves than face turns is refused.
    let rotation = p.lookup("Fv").unwrap();
    assert!(bound.for_moves(&[rotation]).is_err());
}

/// The one choice every shell makes through [`CubeBound::solve_request`]: a request of the face turns
/// to solved (either metric, any number of solutions, depth limits, slack) goes to the cube's own
/// search, with the generic solver's solutions in its order; an orientation option to the generic
/// solver with the bound.
#[test]
fn a_plain_request_goes_to_the_cubes_own_search() {
    let p = Arc::new(common::puzzle("puzzles/symm/3x3x3.tws"));
    let bound = phase1(&p);
    let mut s = solver(&p, 16);
    s.set_bound(Some(Arc::new(bound.for_moves(s.move_list()).unwrap())));
    let alg = twistsearch::alg::Alg::parse("R U2 F' L D2 B R'").unwrap();
    let position = Position::from_alg(&p, &alg, s.moves(), None).unwrap();
    let plain = SolveOptions::default();
    let (r, by) = bound.solve_request(&mut s, &position, UpTo::default(), &plain, Control::none()).unwrap();
    assert_eq!(by, SearchedBy::CubeCoordinates);
    assert_eq!(r.solutions.len(), 1);
    assert_eq!(r.solutions[0].len(), 7);
    assert_eq!(p.apply_moves(&position.start, &r.solutions[0]), *p.solved());
    // Two solutions, a depth limit or a slack: the cube's search too, with the generic solver's answer.
    for options in [
        SolveOptions { max_solutions: Some(2), ..SolveOptions::default() },
        SolveOptions { max_depth: Some(7), ..SolveOptions::default() },
        SolveOptions { slack: 1, max_solutions: Some(3), ..SolveOptions::default() },
    ] {
        let (r, by) = bound.solve_request(&mut s, &position, UpTo::default(), &options, Control::none()).unwrap();
        assert_eq!(by, SearchedBy::CubeCoordinates, "{options:?}");
        assert_eq!(r.solutions[0].len(), 7, "{options:?}");
        let generic = solve_up_to(&mut s, &position, UpTo::default(), &options, Control::none()).unwrap();
        assert_eq!(r.solutions, generic.solutions, "{options:?}");
    }
    // Up to the puzzle's orientation: the generic solver.
    let up_to = UpTo { puzzle_orientation: true, center_orientation: false };
    let (_, by) = bound.solve_request(&mut s, &position, up_to, &plain, Control::none()).unwrap();
    assert_eq!(by, SearchedBy::States);
    // Quarter turns: the cube's search too (the table bounds them, in face turns).
    let options = SolverOptions { memory_bytes: 16 * MIB, metric: Metric::Qtm, ..SolverOptions::default() };
    let mut q = Solver::new(Arc::clone(&p), options, Control::none()).unwrap();
    q.set_bound(Some(Arc::new(bound.for_moves(q.move_list()).unwrap())));
    let short = Position::from_alg(&p, &twistsearch::alg::Alg::parse("R U2 F'").unwrap(), q.moves(), None).unwrap();
    let (r, by) = bound.solve_request(&mut q, &short, UpTo::default(), &plain, Control::none()).unwrap();
    assert_eq!((by, r.solutions[0].len()), (SearchedBy::CubeCoordinates, 4));
    let generic = solve_up_to(&mut q, &short, UpTo::default(), &plain, Control::none()).unwrap();
    assert_eq!(r.solutions, generic.solutions);
}

/// The huge table (the E slice sorted): at least the phase-1 distance on every axis of random
/// positions, and optimal solutions on 20 random walks of 10 to 13 moves, as the generic solver's.
/// Opt-in (`cargo test --release --test cube_bound -- --ignored`): the table takes minutes and 1.9 GB.
#[test]
#[ignore]
fn the_huge_bound_is_at_least_phase1_and_keeps_solutions_optimal() {
    let p = Arc::new(common::puzzle("puzzles/symm/3x3x3.tws"));
    let phase1 = CubeBound::new(&p, CubeTable::Phase1, usize::MAX, Control::none()).unwrap();
    let huge = CubeBound::new(&p, CubeTable::Huge, usize::MAX, Control::none()).unwrap();
    let moves: Vec<MoveRef> = solver(&p, 1).moves().moves().iter().map(|m| m.mv).collect();
    let mut rng = rng_from_seed(Some(3)).unwrap();
    let (mut larger, mut sum) = (0, 0);
    for _ in 0..200 {
        let s = walk(&p, &moves, 30, &mut rng);
        let (a, b) = (phase1.distances(&s).unwrap(), huge.distances(&s).unwrap());
        for k in 0..3 {
            assert!(b[k] >= a[k], "{b:?} < {a:?}");
            larger += (b[k] > a[k]) as usize;
            sum += b[k];
        }
    }
    assert!(larger > 300, "the huge table's distance is larger on {larger} of 600 axes");
    assert!(sum > 600 * 10, "mean distance {}", sum as f64 / 600.0);
    let (plain, bounded) = agree(&p, &huge, 256, 1013, 10, 20);
    assert!(bounded * 10 < plain, "{bounded} vs {plain}");
}

/// The searches take their subtrees in order on every thread: the answers on 1, 2 and 3 threads are the
/// same (the first solutions in move order), for the cube's own search and for the generic solver with
/// and without the bound (three solutions each, so that one subtree's solutions do not decide alone).
#[test]
fn the_answers_do_not_depend_on_the_threads() {
    let p = Arc::new(common::puzzle("puzzles/symm/3x3x3.tws"));
    let bound = phase1(&p);
    let moves: Vec<MoveRef> = solver(&p, 1).moves().moves().iter().map(|m| m.mv).collect();
    let mut rng = rng_from_seed(Some(29)).unwrap();
    let starts: Vec<State> = (0..6).map(|i| walk(&p, &moves, 8 + i % 3, &mut rng)).collect();
    let three = SolveOptions { max_solutions: Some(3), ..SolveOptions::default() };
    let answers = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let mut plain = solver(&p, 16);
            let mut bounded = solver(&p, 16);
            bounded.set_bound(Some(Arc::new(bound.for_moves(bounded.move_list()).unwrap())));
            (starts.iter())
                .map(|s| {
                    let own = bound.solve(s, Control::none()).unwrap().moves;
                    let a = plain.solve(s, &three, Control::none()).unwrap().solutions;
                    let b = bounded.solve(s, &three, Control::none()).unwrap().solutions;
                    (own, a, b)
                })
                .collect::<Vec<_>>()
        })
    };
    let one = answers(1);
    for (own, a, b) in &one {
        assert_eq!(a.len(), 3);
        assert_eq!(a, b, "with and without the bound: the same first solutions");
        // (Its own move order and commuting rules: the same length, not always the same moves.)
        assert_eq!(own.len(), a[0].len(), "the cube's own search: as short");
    }
    assert_eq!(answers(2), one);
    assert_eq!(answers(3), one);
}
