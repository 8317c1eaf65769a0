//! Self-test solves (twsearch's `-S`): from solved, apply a few random moves, solve the position
//! optimally, check the solution, apply more random moves to the same position, and so on: ever longer
//! random sequences, each solve checked against the moves that made it.

use rand::Rng;

use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::move_ref::MoveRef;
use crate::model::state::State;
use crate::search::{SolveOptions, Solver};

/// One checked solve.
#[derive(Debug, Clone)]
pub struct SelfTestSolve {
    /// Random moves applied from solved so far.
    pub applied: usize,
    /// An optimal solution of the position they reach (checked: it reaches the solved state, and is no
    /// longer than the moves applied).
    pub solution: Vec<MoveRef>,
}

/// Runs `rounds` solves, `step` more random moves of the solver's set before each (the first round
/// solves after the first `step` moves), calling `each` with every checked solve. A solution that does
/// not solve, or is longer than the moves applied, is an error.
pub fn self_test<R: Rng + ?Sized>(
    solver: &mut Solver,
    step: usize,
    rounds: usize,
    rng: &mut R,
    mut each: impl FnMut(&SelfTestSolve),
    control: Control,
) -> Result<()> {
    let puzzle = std::sync::Arc::clone(solver.puzzle());
    let moves: Vec<MoveRef> = solver.moves().moves().iter().map(|m| m.mv).collect();
    let mut state: State = puzzle.solved().clone();
    let mut applied = 0;
    for _ in 0..rounds {
        for _ in 0..step {
            // Only moves that keep the position legal (ksolve Illegal placements), as twsearch does.
            for attempt in 0.. {
                let next = puzzle.apply(&state, moves[rng.gen_range(0..moves.len())]);
                if puzzle.is_legal(&next) {
                    state = next;
                    break;
                }
                if attempt > 10_000 {
                    return Err(Error::new("no random move keeps the position legal"));
                }
            }
            applied += 1;
        }
        let options = SolveOptions { known_reachable: true, ..SolveOptions::default() };
        let report = solver.solve(&state, &options, control)?;
        let solution = report.solutions.into_iter().next().ok_or_else(|| Error::internal("no solution"))?;
        if puzzle.apply_moves(&state, &solution) != *puzzle.solved() || solution.len() > applied {
            return Err(Error::internal(format!(
                "self-test: the solution {} of a position {applied} random moves made is wrong",
                solution.iter().map(|&m| puzzle.move_name(m)).collect::<Vec<_>>().join(" ")
            )));
        }
        each(&SelfTestSolve { applied, solution });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::test_puzzles::cube2_solver;

    #[test]
    fn solves_grow_with_the_moves_applied() {
        let (_, mut solver) = cube2_solver();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut seen = Vec::new();
        self_test(&mut solver, 2, 6, &mut rng, |s| seen.push((s.applied, s.solution.len())), Control::none()).unwrap();
        assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), [2, 4, 6, 8, 10, 12]);
        assert!(seen.iter().all(|&(a, l)| l <= a));
    }
}
