//! The solver against known optimal solutions, on every sample puzzle, and on bad requests.

mod common;

use std::sync::Arc;

use twistsearch::control::Control;
use twistsearch::model::moveset::Metric;
use twistsearch::search::{SolveOptions, Solver, SolverOptions};
use twistsearch::tws::parse_scrambles;
use twistsearch::{Alg, MoveRef, MoveSet, Puzzle, State};

const MIB: usize = 1 << 20;

fn solver(p: &Arc<Puzzle>, moves: Option<&str>, memory_mb: usize) -> Solver {
    let moves = moves.map(|m| MoveSet::parse(p, m).unwrap());
    let options = SolverOptions { moves, memory_bytes: memory_mb * MIB, ..SolverOptions::default() };
    Solver::new(Arc::clone(p), options, Control::none()).unwrap()
}

fn position(p: &Puzzle, alg: &str) -> State {
    p.position(&Alg::parse(alg).unwrap()).unwrap()
}

fn solve(s: &mut Solver, start: &State, options: &SolveOptions) -> Vec<Vec<MoveRef>> {
    s.solve(start, options, Control::none()).unwrap().solutions
}

/// Applies a solution and checks it reaches solved (the solver verifies too; this is independent).
fn assert_solves(p: &Puzzle, start: &State, solution: &[MoveRef]) {
    let end = p.apply_moves(start, solution);
    assert_eq!(end.as_bytes(), p.solved().as_bytes(), "solution does not solve");
}

#[test]
fn tperm_is_eleven_moves() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let file = parse_scrambles(&p, &common::read("puzzles/main/tperm.scr")).unwrap();
    let start = file.scrambles[0].state.clone().unwrap();
    let mut s = solver(&p, None, 64);
    let sols = solve(&mut s, &start, &SolveOptions::default());
    assert_eq!(sols.len(), 1);
    assert_eq!(sols[0].len(), 11);
    assert_solves(&p, &start, &sols[0]);
    // The design note's solution is among all optimal ones.
    let all = solve(&mut s, &start, &SolveOptions { all_optimal: true, ..SolveOptions::default() });
    let algs: Vec<String> = all.iter().map(|m| s.alg_string(m)).collect();
    assert!(algs.iter().any(|a| a == "D R2 D' F2 U F2 R2 U R2 U' R2"), "{algs:?}");
    assert!(all.iter().all(|m| m.len() == 11));
    // Lexicographic order, and the first of them is the single solution found before.
    assert_eq!(all[0], sols[0]);
}

#[test]
fn kpuzzle_cube_with_three_generators() {
    let p = Arc::new(common::puzzle("puzzles/cubing-kpuzzle/3x3x3.kpuzzle.json"));
    let start = position(&p, "F R U R' U' F'");
    let mut s = solver(&p, Some("U,R,F"), 16);
    let sols = solve(&mut s, &start, &SolveOptions::default());
    assert_eq!(sols[0].len(), 6);
    assert_solves(&p, &start, &sols[0]);
}

#[test]
fn two_by_two_with_r_u_f() {
    let p = Arc::new(common::puzzle("puzzles/main/2x2x2.tws"));
    let start = position(&p, "L' U' L U F U F'");
    let mut s = solver(&p, Some("R,U,F"), 16);
    let sols = solve(&mut s, &start, &SolveOptions::default());
    assert!(sols[0].len() <= 7);
    assert_solves(&p, &start, &sols[0]);
}

#[test]
fn three_move_alg_gets_three_moves() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let start = position(&p, "R U R'");
    let mut s = solver(&p, None, 16);
    let sols = solve(&mut s, &start, &SolveOptions::default());
    assert_eq!(s.alg_string(&sols[0]), "R U' R'");
}

#[test]
fn counts_slack_and_depth_limits() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let start = position(&p, "R U F");
    let mut s = solver(&p, None, 16);
    let five = solve(&mut s, &start, &SolveOptions { max_solutions: Some(5), ..SolveOptions::default() });
    assert_eq!(five.len(), 5);
    assert!(five.windows(2).all(|w| w[0].len() <= w[1].len()));
    for sol in &five {
        assert_solves(&p, &start, sol);
    }
    let slack = solve(&mut s, &start, &SolveOptions { slack: 1, ..SolveOptions::default() });
    assert!(slack.iter().all(|m| m.len() == 3 || m.len() == 4));
    // No canonical sequence of 4 to 7 moves reaches this position (checked by brute force): the next
    // solutions have 8 moves.
    let min = solve(&mut s, &start, &SolveOptions { min_depth: 5, ..SolveOptions::default() });
    assert_eq!(min[0].len(), 8);
    assert_solves(&p, &start, &min[0]);
    let err = s.solve(&start, &SolveOptions { max_depth: Some(2), ..SolveOptions::default() }, Control::none());
    assert_eq!(err.unwrap_err().to_string(), "no solution within depth 2");
}

#[test]
fn quarter_turns() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let start = position(&p, "R2 U");
    let options = SolverOptions { metric: Metric::Qtm, memory_bytes: 16 * MIB, ..SolverOptions::default() };
    let mut s = Solver::new(Arc::clone(&p), options, Control::none()).unwrap();
    let sols = solve(&mut s, &start, &SolveOptions::default());
    assert_eq!(sols[0].len(), 3);
    assert_eq!(s.alg_string(&sols[0]), "U' R2");
}

#[test]
fn unsolvable_positions_are_rejected_at_once() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let file = parse_scrambles(&p, &common::read("group/3x3x3-unreachable.scr")).unwrap();
    let mut s = solver(&p, None, 16);
    for sc in file.scrambles.iter().take(4) {
        let t = std::time::Instant::now();
        let err = s.solve(sc.state.as_ref().unwrap(), &SolveOptions::default(), Control::none()).unwrap_err();
        assert!(err.to_string().contains("cannot be solved"), "{}: {err}", sc.name);
        assert!(t.elapsed().as_secs_f64() < 1.0);
    }
    // Reachable with all moves, not with <R, U>.
    let start = position(&p, "F");
    let mut ru = solver(&p, Some("R,U"), 16);
    let err = ru.solve(&start, &SolveOptions::default(), Control::none()).unwrap_err();
    assert!(err.to_string().contains("cannot be solved"), "{err}");
}

#[test]
fn bad_requests() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let zero = SolverOptions { memory_bytes: 0, ..SolverOptions::default() };
    let err = Solver::new(Arc::clone(&p), zero, Control::none()).err().unwrap();
    assert!(err.to_string().contains("too small"), "{err}");
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let err =
        Solver::new(Arc::clone(&p), SolverOptions::default(), Control::none().with_cancel(&cancel)).err().unwrap();
    assert!(err.is_cancelled(), "{err}");
    let mut s = solver(&p, None, 16);
    let start = position(&p, "R U F D");
    let err = s.solve(&start, &SolveOptions::default(), Control::none().with_cancel(&cancel)).unwrap_err();
    assert!(err.is_cancelled());
    let err = s.solve(&start, &SolveOptions { max_solutions: Some(0), ..SolveOptions::default() }, Control::none());
    assert!(err.is_err());
}

/// A random walk of `len` moves from solved through legal states, with a small LCG (deterministic).
fn walk(p: &Puzzle, set: &MoveSet, len: usize, seed: &mut u64) -> Vec<MoveRef> {
    let mut moves = Vec::new();
    let mut state = p.solved().clone();
    for _ in 0..len * 20 {
        if moves.len() == len {
            break;
        }
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = set.moves()[(*seed >> 33) as usize % set.moves().len()].mv;
        let next = p.apply(&state, m);
        if p.is_legal(&next) {
            moves.push(m);
            state = next;
        }
    }
    moves
}

#[test]
fn every_sample_puzzle_solves_short_scrambles() {
    let mut checked = 0;
    for entry in std::fs::read_dir(common::data("puzzles/main")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("tws") {
            continue;
        }
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let p = Arc::new(common::puzzle(&format!("puzzles/main/{name}")));
        // Big puzzles: shorter scrambles keep the suite quick.
        let len = if p.state_size() > 400 { 2 } else { 4 };
        let Ok(set) = MoveSet::all(&p) else { continue };
        let mut s = solver(&p, None, 4);
        let mut seed = 0x1234_5678_u64 ^ name.len() as u64;
        for _ in 0..20 {
            let moves = walk(&p, &set, len, &mut seed);
            let start = p.apply_moves(p.solved(), &moves);
            let options = SolveOptions { known_reachable: true, ..SolveOptions::default() };
            let sols = s.solve(&start, &options, Control::none()).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(sols.solutions[0].len() <= moves.len(), "{name}");
            let end = p.apply_moves(&start, &sols.solutions[0]);
            assert!(twistsearch::search::Target::new(p.layout(), p.solved().as_bytes())
                .unwrap()
                .matches(p.layout(), end.as_bytes()));
        }
        checked += 1;
    }
    assert!(checked > 80, "{checked}");
}

#[test]
fn random_two_by_two_states_are_solved_optimally() {
    use twistsearch::group::{random_state, rng_from_seed};
    let p = Arc::new(common::puzzle("puzzles/main/2x2x2.tws"));
    let mut s = solver(&p, Some("U,R,F"), 8);
    let mut rng = rng_from_seed(Some(11)).unwrap();
    for _ in 0..5 {
        let bytes = random_state(s.chain().unwrap(), p.solved().as_bytes(), &mut rng).unwrap();
        let start = p.state_from_bytes(bytes).unwrap();
        let sols = solve(&mut s, &start, &SolveOptions::default());
        let n = sols[0].len() as u32;
        assert!(n <= 11, "the 2x2x2 <U,R,F> group has diameter 11");
        assert_solves(&p, &start, &sols[0]);
        // Optimal: nothing shorter exists (an exhaustive search to one move less finds nothing).
        let shorter = SolveOptions { max_depth: Some(n - 1), ..SolveOptions::default() };
        let err = s.solve(&start, &shorter, Control::none()).unwrap_err();
        assert_eq!(err.to_string(), format!("no solution within depth {}", n - 1));
    }
}

#[test]
fn target_patterns_other_than_solved() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    // Reach the position of `R U` from solved.
    let target = position(&p, "R U");
    let options = SolverOptions { target: Some(target.clone()), memory_bytes: 16 * MIB, ..SolverOptions::default() };
    let mut s = Solver::new(Arc::clone(&p), options, Control::none()).unwrap();
    let sols = solve(&mut s, p.solved(), &SolveOptions::default());
    assert_eq!(s.alg_string(&sols[0]), "R U");
    // A target that ignores corner orientation (wildcards): a lone twisted corner is then solved as is,
    // and a twisted corner plus an R turn takes one move.
    let mut bytes = p.solved().as_bytes().to_vec();
    let corner = &p.orbits()[p.layout().orbit_index("CORNER").unwrap()];
    for b in &mut bytes[corner.orientations_range()] {
        *b = corner.wildcard();
    }
    let pattern = p.state_from_bytes(bytes).unwrap();
    let options = SolverOptions { target: Some(pattern), memory_bytes: 16 * MIB, ..SolverOptions::default() };
    let mut s = Solver::new(Arc::clone(&p), options, Control::none()).unwrap();
    let file = parse_scrambles(&p, &common::read("group/3x3x3-unreachable.scr")).unwrap();
    let twisted = file.scrambles[0].state.clone().unwrap();
    assert_eq!(solve(&mut s, &twisted, &SolveOptions::default())[0].len(), 0);
    let turned = p.apply(&twisted, p.lookup("R").unwrap());
    let sols = solve(&mut s, &turned, &SolveOptions::default());
    assert_eq!(s.alg_string(&sols[0]), "R'");
    // A flipped edge still matters.
    let flipped = file.scrambles[1].state.clone().unwrap();
    let err = s.solve(&flipped, &SolveOptions::default(), Control::none()).unwrap_err();
    assert!(err.to_string().contains("cannot be solved"), "{err}");
}

#[test]
fn ksolve_plus_move_rules_are_honoured() {
    let base = common::read("puzzles/main/3x3x3.tws");
    let start_alg = "R U";
    // Unconstrained, R U is undone by U' R'.
    let plain = Arc::new(twistsearch::load_puzzle(&base).unwrap());
    let mut s = solver(&plain, None, 16);
    let sols = solve(&mut s, &position(&plain, start_alg), &SolveOptions::default());
    assert_eq!(s.alg_string(&sols[0]), "U' R'");
    // U' may not be followed by R': the solver must find another way.
    let p = Arc::new(twistsearch::load_puzzle(&format!("{base}\nForbiddenPairs\nU' R'\nEnd\n")).unwrap());
    let mut s = solver(&p, None, 16);
    let start = position(&p, start_alg);
    let sols = solve(&mut s, &start, &SolveOptions::default());
    let alg = s.alg_string(&sols[0]);
    assert!(!alg.contains("U' R'"), "{alg}");
    assert_solves(&p, &start, &sols[0]);
    // At most one R-face move: solutions use R exactly once.
    let p = Arc::new(twistsearch::load_puzzle(&format!("{base}\nMoveLimits\nR 1\nEnd\n")).unwrap());
    let mut s = solver(&p, None, 16);
    let start = position(&p, "R U R'");
    let sols = solve(&mut s, &start, &SolveOptions { max_solutions: Some(3), ..SolveOptions::default() });
    for sol in &sols {
        let alg = s.alg_string(sol);
        assert!(alg.split(' ').filter(|m| m.starts_with('R')).count() <= 1, "{alg}");
        assert_solves(&p, &start, sol);
    }
}

#[test]
fn cubing_pyraminx_vertex_rotations_are_not_solving_moves() {
    // cubing.js names its pyraminx's whole-puzzle rotations `uv`, `rv`, `lv`, `bv` (lower case): they
    // must stay out of the default move set, or solutions would contain rotations cubing.js cannot play.
    let p = Arc::new(common::puzzle("puzzles/cubing-kpuzzle/pyraminx.kpuzzle.json"));
    let rotations: Vec<&str> = p.base_moves().iter().filter(|b| b.rotation).map(|b| b.name.as_str()).collect();
    assert_eq!(rotations, ["rv", "lv", "bv", "uv"]);
    let all = MoveSet::all(&p).unwrap();
    assert!(all.moves().iter().all(|m| !p.base_moves()[m.mv.base].rotation));
    let start = position(&p, "r 2r BL' u 2u' b l' 2l");
    let mut s = solver(&p, None, 16);
    let sol = &solve(&mut s, &start, &SolveOptions::default())[0];
    assert_solves(&p, &start, sol);
    assert!(sol.iter().all(|m| !p.base_moves()[m.base].rotation));
}

#[test]
fn a_small_first_table_grows_step_by_step_to_the_budget_when_searches_need_it() {
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let options = SolverOptions { memory_bytes: MIB, initial_memory_bytes: Some(64 << 10), ..SolverOptions::default() };
    let mut s = Solver::new(Arc::clone(&p), options, Control::none()).unwrap();
    assert_eq!(s.table().bytes(), 64 << 10);
    // Easy: the small table is enough.
    let easy = position(&p, "R U F");
    assert_eq!(solve(&mut s, &easy, &SolveOptions::default())[0].len(), 3);
    assert_eq!(s.table().bytes(), 64 << 10);
    // Harder: the search grows the table on the way (GROWTH_STEP times larger, 512 KiB, would leave less
    // than a step to the budget: straight to the 1 MiB budget, never past it), and stays optimal.
    let hard = position(&p, "B2 L B U' R2 B' L' U' R' F");
    let sol = &solve(&mut s, &hard, &SolveOptions::default())[0];
    assert_solves(&p, &hard, sol);
    assert_eq!(sol.len(), 10);
    assert_eq!(s.table().bytes(), MIB);
}

#[test]
fn small_groups_get_small_tables() {
    // The 2x2x2 with U,F,R has 3,674,160 positions: the table takes at most four entries each (7 MiB),
    // however large the budget.
    let p = Arc::new(common::puzzle("puzzles/main/2x2x2.tws"));
    let s = solver(&p, Some("U,F,R"), 256);
    assert!(s.table().entries() <= 4 * 3_674_160 + 64, "{}", s.table().entries());
}

#[test]
fn table_seconds_count_every_fill_and_growth() {
    use std::sync::atomic::{AtomicU64, Ordering};
    // A clock that moves one second at each reading: every timed piece of table work takes 1 s or more.
    let ticks = AtomicU64::new(0);
    let clock = || ticks.fetch_add(1, Ordering::Relaxed) as f64;
    let control = Control::none().with_clock(&clock);
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let options = SolverOptions { memory_bytes: MIB, initial_memory_bytes: Some(64 << 10), ..SolverOptions::default() };
    let mut s = Solver::new(Arc::clone(&p), options, control).unwrap();
    let built = s.table_seconds();
    assert!(built >= 1.0, "the first fill is timed: {built}");
    assert_eq!(s.table_changes(), 0);
    // A search the small table serves: no table work.
    let easy = s.solve(&position(&p, "R U F"), &SolveOptions::default(), control).unwrap();
    assert_eq!((easy.table_seconds, s.table_seconds(), s.table_changes()), (0.0, built, 0));
    // A search that grows and deepens the table: its time is in the report and in the total.
    let hard = s.solve(&position(&p, "B2 L B U' R2 B' L' U' R' F"), &SolveOptions::default(), control).unwrap();
    assert_eq!(s.table().bytes(), MIB);
    assert!(s.table_changes() >= 1);
    assert!(
        hard.table_seconds >= s.table_changes() as f64,
        "{} s for {} changes",
        hard.table_seconds,
        s.table_changes()
    );
    assert_eq!(s.table_seconds(), built + hard.table_seconds);
    // Without a clock, nothing is timed.
    let mut quiet = solver(&p, None, 1);
    assert_eq!(quiet.table_seconds(), 0.0);
    let r = quiet.solve(&position(&p, "R U F"), &SolveOptions::default(), Control::none()).unwrap();
    assert_eq!(r.table_seconds, 0.0);
}

/// With and without the symmetry-reduced table and the inverse lookup, the solver finds solutions of
/// the same (optimal) length, each verified, on definitions with rotations.
#[test]
fn symmetry_and_inverse_lookup_keep_solutions_optimal() {
    use twistsearch::search::Toggle;
    let cases: [(&str, usize, usize, usize); 5] = [
        // (definition, scramble length, scrambles, expected symmetries)
        ("3x3x3", 8, 3, 24),
        ("2x2x2", 14, 4, 24),
        ("4x4x4", 4, 2, 24),
        ("megaminx", 5, 2, 60),
        ("skewb", 9, 4, 24),
    ];
    for (name, len, count, symmetries) in cases {
        let p = Arc::new(common::puzzle(&format!("puzzles/symm/{name}.tws")));
        let set = MoveSet::all(&p).unwrap();
        let mut seed = 0x5eed_u64 ^ len as u64;
        let make = |symmetry: Toggle, inverse: Toggle| {
            let options = SolverOptions { memory_bytes: 4 * MIB, symmetry, inverse, ..SolverOptions::default() };
            Solver::new(Arc::clone(&p), options, Control::none()).unwrap()
        };
        // The 4x4x4's identical centers have no inverse position: the inverse lookup does not apply.
        let invertible = name != "4x4x4";
        let mut solvers = vec![make(Toggle::Off, Toggle::Off), make(Toggle::On, Toggle::Off)];
        if invertible {
            solvers.push(make(Toggle::Off, Toggle::On));
            solvers.push(make(Toggle::On, Toggle::On));
        }
        for _ in 0..count {
            let moves = walk(&p, &set, len, &mut seed);
            let start = p.apply_moves(p.solved(), &moves);
            let options = SolveOptions { known_reachable: true, ..SolveOptions::default() };
            let mut lengths = Vec::new();
            for s in &mut solvers {
                let r = s.solve(&start, &options, Control::none()).unwrap();
                assert_solves(&p, &start, &r.solutions[0]);
                assert_eq!(r.symmetries, s.symmetries());
                assert_eq!(r.inverse, s.inverse_lookup());
                lengths.push(r.solutions[0].len());
            }
            assert!(lengths.iter().all(|&n| n == lengths[0]), "{name}: {lengths:?}");
            assert!(lengths[0] <= len, "{name}");
        }
        assert_eq!(solvers[0].symmetries(), 1, "{name}");
        assert_eq!(solvers[1].symmetries(), symmetries, "{name}");
        if invertible {
            assert!(!solvers[0].inverse_lookup() && solvers[2].inverse_lookup(), "{name}");
        }
    }
    // Asking for either where it cannot apply is an error: no rotations in the definition, or a target
    // with identical pieces.
    let p = Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let on = SolverOptions { memory_bytes: MIB, symmetry: Toggle::On, ..SolverOptions::default() };
    let e = Solver::new(Arc::clone(&p), on, Control::none()).err().unwrap();
    assert!(e.to_string().contains("no symmetry"), "{e}");
    let q = Arc::new(common::puzzle("puzzles/symm/4x4x4.tws"));
    let on = SolverOptions { memory_bytes: MIB, inverse: Toggle::On, ..SolverOptions::default() };
    let e = Solver::new(Arc::clone(&q), on, Control::none()).err().unwrap();
    assert!(e.to_string().contains("inverse lookup"), "{e}");
}
