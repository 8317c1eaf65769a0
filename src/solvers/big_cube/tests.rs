use super::*;
use crate::alg::Alg;
use crate::events::EventScrambler;
use crate::group::rng_from_seed;

fn solver(event: &str) -> (EventScrambler, BigCubeSolver) {
    let scrambler = EventScrambler::for_event(event).unwrap();
    let cube3 = Box::new(EventScrambler::for_event("333").unwrap());
    let solver = BigCubeSolver::new(scrambler.puzzle(), cube3, Control::none()).unwrap();
    (scrambler, solver)
}

/// `solver`'s solution of the position `alg` reaches on `p`, and the position it leaves.
fn solve_alg(p: &Puzzle, solver: &BigCubeSolver, alg: &str) -> (BigCubeSolution, State) {
    let state = p.position(&Alg::parse(alg).unwrap()).unwrap();
    let s = solver.solve(p, &state, &BeamOptions::default(), Control::none()).unwrap();
    let end = p.apply_moves(&state, &s.moves);
    (s, end)
}

fn solve_scrambles(event: &str, seeds: &[u64]) {
    let (scrambler, solver) = solver(event);
    let p = scrambler.puzzle();
    for &seed in seeds {
        let mut rng = rng_from_seed(Some(seed)).unwrap();
        let scramble = scrambler.scramble(&mut rng, Control::none()).unwrap();
        let (s, end) = solve_alg(p, &solver, &scramble.alg);
        assert!(matches(p, &end, &solver.target), "{event} seed {seed}");
        assert!(s.stages[1] <= 30, "{:?}", s.stages);
    }
}

#[test]
fn a_random_5x5x5_is_solved_and_checked() {
    solve_scrambles("555", &[1]);
}

#[test]
fn a_6x6x6_position_is_solved_and_checked() {
    let (scrambler, solver) = solver("666");
    let p = scrambler.puzzle();
    let (_, end) = solve_alg(p, &solver, "R 3Uw' 2F Rw2 U L' 2B");
    assert_eq!(end, *p.solved());
}

#[test]
fn a_moved_fixed_center_and_an_odd_wing_permutation_are_solved() {
    let (scrambler, solver) = solver("555");
    let p = scrambler.puzzle();
    // A middle slice moves the fixed centers; an inner slice quarter turn makes the wings odd.
    let (s, end) = solve_alg(p, &solver, "3L 2U F 3F'");
    assert!(matches(p, &end, &solver.target));
    assert!(s.stages[0] > 0 && s.stages[2] > 0, "{:?}", s.stages);
}

#[test]
fn a_position_of_no_cube_is_refused() {
    let (scrambler, solver) = solver("555");
    let p = scrambler.puzzle();
    let mut bytes = p.solved().as_bytes().to_vec();
    let corners = &p.orbits()[p.layout().orbit_index("CORNERS").unwrap()];
    bytes[corners.orientations_range().start] = 1;
    assert!(solver.solve(p, &State::from_vec(bytes), &BeamOptions::default(), Control::none()).is_err());
}

/// 5 random 5x5x5 and 7x7x7 states (the events' scrambles), timed (opt-in: `cargo test --release --lib
/// big_cube_timings -- --ignored --nocapture`).
#[test]
#[ignore]
fn big_cube_timings() {
    for event in ["555", "666", "777"] {
        let t = std::time::Instant::now();
        let (scrambler, solver) = solver(event);
        println!("{event}: solver built in {:?} ({} 3-cycles)", t.elapsed(), solver.macro_count());
        let p = scrambler.puzzle();
        for seed in 1..=5 {
            let mut rng = rng_from_seed(Some(seed)).unwrap();
            let scramble = scrambler.scramble(&mut rng, Control::none()).unwrap();
            let state = p.position(&Alg::parse(&scramble.alg).unwrap()).unwrap();
            let t = std::time::Instant::now();
            let s = solver.solve(p, &state, &BeamOptions::default(), Control::none()).unwrap();
            assert!(matches(p, &p.apply_moves(&state, &s.moves), &solver.target));
            println!("{event} seed {seed}: {} moves (stages {:?}) in {:?}", s.moves.len(), s.stages, t.elapsed());
        }
    }
}
