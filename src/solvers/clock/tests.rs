use std::collections::HashMap;

use rand::Rng;

use super::*;
use crate::alg::Alg;
use crate::events::EventScrambler;
use crate::group::rng_from_seed;

fn clock() -> (EventScrambler, ClockSolver) {
    let scrambler = EventScrambler::for_event("clock").unwrap();
    let solver = ClockSolver::new(scrambler.puzzle()).unwrap();
    (scrambler, solver)
}

/// The 18 columns of the solver's system, read back from the puzzle as the solver builds them.
fn columns(p: &Puzzle, s: &ClockSolver) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for back in [false, true] {
        for &d in &s.dials {
            let m = p.move_ref(d, 1);
            let moves = if back { vec![s.y2, m, s.y2] } else { vec![m] };
            let t = p.apply_moves(&p.identity(), &moves);
            out.push(t.as_bytes()[s.orientations.clone()].iter().map(|&o| o as u32).collect());
        }
    }
    out
}

fn add(a: &[u32], b: &[u32], k: u32, m: u32) -> Vec<u32> {
    a.iter().zip(b).map(|(x, y)| (x + k * y) % m).collect()
}

#[test]
fn random_scrambles_are_solved_in_no_more_turns_than_they_have() {
    let (scrambler, solver) = clock();
    let p = scrambler.puzzle();
    let mut rng = rng_from_seed(Some(7)).unwrap();
    for _ in 0..20 {
        let scramble = scrambler.scramble(&mut rng, Control::none()).unwrap();
        let state = p.position(&Alg::parse(&scramble.alg).unwrap()).unwrap();
        let s = solver.solve(p, &state, Control::none()).unwrap();
        assert_eq!(p.apply_moves(&state, &s.moves), *p.solved(), "{}", scramble.alg);
        let dial_turns = scramble.alg.split(' ').filter(|t| t.ends_with('+') || t.ends_with('-')).count();
        let nonzero = scramble
            .alg
            .split(' ')
            .filter(|t| t.ends_with('+') || t.ends_with('-'))
            .filter(|t| !t.contains("0+"))
            .count();
        assert_eq!(dial_turns, 14);
        assert!(s.turns <= nonzero, "{} turns for {}", s.turns, scramble.alg);
        assert_eq!(s.moves.iter().filter(|m| *m != &solver.y2).count(), s.turns);
        // One y2: the scramble ends with the back in front.
        assert_eq!(s.moves.iter().filter(|m| *m == &solver.y2).count(), 1);
    }
}

#[test]
fn the_solution_is_written_in_wca_notation() {
    let (scrambler, solver) = clock();
    let p = scrambler.puzzle();
    let state = p.position(&Alg::parse("UR3+ ALL2- y2 U1+ y2").unwrap()).unwrap();
    let s = solver.solve(p, &state, Control::none()).unwrap();
    let names: Vec<String> = s.moves.iter().map(|&m| p.move_name(m)).collect();
    assert_eq!(names.join(" "), "UR3- ALL2+ y2 U1- y2");
    assert_eq!(s.turns, 3);
    assert!(solver.solve(p, p.solved(), Control::none()).unwrap().moves.is_empty());
    let flipped = p.position(&Alg::parse("y2").unwrap()).unwrap();
    let names: Vec<String> =
        solver.solve(p, &flipped, Control::none()).unwrap().moves.iter().map(|&m| p.move_name(m)).collect();
    assert_eq!(names, ["y2"]);
}

#[test]
fn positions_no_dial_turn_reaches_are_refused() {
    let (scrambler, solver) = clock();
    let p = scrambler.puzzle();
    let turned = p.position(&Alg::parse("z UR1+").unwrap()).unwrap();
    assert!(solver.solve(p, &turned, Control::none()).unwrap_err().to_string().contains("not solvable"));
    // A back corner dial turned alone (front and back corners are one gear).
    let mut bytes = p.solved().as_bytes().to_vec();
    bytes[solver.orientations.start + 11] = 1;
    let e = solver.solve(p, &State::from_vec(bytes), Control::none()).unwrap_err();
    assert!(e.to_string().contains("dials no turns can set"), "{e}");
}

/// Modulo 2 the whole group (2^14 dial vectors) is small: its breadth-first distances are the optimal
/// turn counts, which the minimum-support solve must give for every vector.
#[test]
fn optimal_against_breadth_first_search_modulo_2() {
    let (scrambler, solver) = clock();
    let cols: Vec<Vec<u32>> =
        columns(scrambler.puzzle(), &solver).iter().map(|c| c.iter().map(|v| v % 2).collect()).collect();
    let system = MinSupport::new(2, &cols).unwrap();
    let mut dist: HashMap<Vec<u32>, usize> = HashMap::from([(vec![0; 18], 0)]);
    let mut frontier = vec![vec![0u32; 18]];
    for d in 1.. {
        let mut next = Vec::new();
        for v in &frontier {
            for c in &cols {
                let w = add(v, c, 1, 2);
                if !dist.contains_key(&w) {
                    dist.insert(w.clone(), d);
                    next.push(w);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    assert_eq!(dist.len(), 1 << 14);
    for (v, &d) in &dist {
        let c = system.solve(v).unwrap();
        assert_eq!(c.support, d, "{v:?}");
        let sum = c.multipliers.iter().zip(&cols).fold(vec![0; 18], |acc, (&k, col)| add(&acc, col, k, 2));
        assert_eq!(&sum, v);
    }
}

/// Modulo 12: every position two turns reach, by distance; positions of three random turns must be
/// solved in their distance (three unless two or fewer reach them).
#[test]
fn optimal_against_brute_force_for_three_turns() {
    let (scrambler, solver) = clock();
    let cols = columns(scrambler.puzzle(), &solver);
    let mut dist: HashMap<Vec<u32>, usize> = HashMap::from([(vec![0; 18], 0)]);
    for (i, a) in cols.iter().enumerate() {
        for k in 1..12 {
            let v = add(&[0; 18], a, k, 12);
            dist.entry(v.clone()).or_insert(1);
            for b in &cols[i + 1..] {
                for l in 1..12 {
                    dist.entry(add(&v, b, l, 12)).or_insert(2);
                }
            }
        }
    }
    let mut rng = rng_from_seed(Some(3)).unwrap();
    let mut shorter = 0;
    for _ in 0..300 {
        let mut v = vec![0; 18];
        let mut picked = Vec::new();
        while picked.len() < 3 {
            let c = rng.gen_range(0..18);
            if !picked.contains(&c) {
                picked.push(c);
                v = add(&v, &cols[c], rng.gen_range(1..12), 12);
            }
        }
        let want = dist.get(&v).copied().unwrap_or(3);
        shorter += usize::from(want < 3);
        assert_eq!(solver.system().solve(&v).unwrap().support, want, "{v:?}");
    }
    // Mostly three: the check is not only of the short ones.
    assert!(shorter < 30, "{shorter}");
}

/// The distribution of optimal lengths over uniformly random scrambles (opt-in: `cargo test --release
/// --lib clock_length_distribution -- --ignored --nocapture`).
#[test]
#[ignore]
fn clock_length_distribution() {
    let (scrambler, solver) = clock();
    let p = scrambler.puzzle();
    let mut rng = rng_from_seed(Some(2026)).unwrap();
    let n = 10_000;
    let mut counts = [0usize; 19];
    let start = std::time::Instant::now();
    for _ in 0..n {
        let scramble = scrambler.scramble(&mut rng, Control::none()).unwrap();
        let state = p.position(&Alg::parse(&scramble.alg).unwrap()).unwrap();
        counts[solver.solve(p, &state, Control::none()).unwrap().turns] += 1;
    }
    let mean = counts.iter().enumerate().map(|(l, &c)| l * c).sum::<usize>() as f64 / n as f64;
    println!(
        "clock optimal turns over {n} random states: {counts:?}, mean {mean:.3}, {:?} each",
        start.elapsed() / n as u32
    );
}
