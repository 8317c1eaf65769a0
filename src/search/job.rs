//! The solving jobs every shell runs, in one place so that the CLI and JS agree by construction:
//!
//! - [`Position`]: a position prepared for a solver: from an alg (then known reachable when its moves are
//!   in the set), or from a pattern, whose open parts (ksolve+ `?`, or orientations left open where the
//!   solved state fixes them) are relaxed into a target of their own ([`relax`](super::relax)).
//! - [`solve_position`]: the solve of a prepared position (group membership unless known reachable, IDA*,
//!   verification of every solution).
//! - [`random_position`] and [`random_scramble`]: a uniformly random element of the group, and a
//!   random-state scramble (random position → optimal solve → inverse).

use rand::Rng;

use crate::alg::Alg;
use crate::control::Control;
use crate::error::{Error, Result};
pub use crate::group::random_position;
use crate::model::moveset::MoveSet;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

use super::relax::relaxed;
use super::solver::{SolveOptions, SolveReport, Solver};
use super::target::Target;

/// Pieces and orientations a scramble leaves open (ksolve+ `?` entries), as `(orbit, slot)` pairs.
#[derive(Debug, Clone, Copy, Default)]
pub struct OpenParts<'a> {
    /// Slots whose piece is unknown.
    pub permutation: &'a [(usize, usize)],
    /// Slots whose orientation is unknown.
    pub orientation: &'a [(usize, usize)],
}

/// A position prepared for a [`Solver`]: its start, the target the solver must be built for, and whether
/// the group-membership test can be skipped.
#[derive(Debug, Clone)]
pub struct Position {
    /// The state to solve (relabeled when parts are open).
    pub start: State,
    /// The target to build the solver for (`None`: the puzzle's solved state).
    pub target: Option<State>,
    /// Made from solved by moves of the set, with solved as the target: reachable without asking the
    /// group.
    pub known_reachable: bool,
}

impl Position {
    /// The position an alg reaches from solved. It is known reachable when every move of the (expanded)
    /// alg is in `moves` and no other `target` is asked for.
    pub fn from_alg(puzzle: &Puzzle, alg: &Alg, moves: &MoveSet, target: Option<State>) -> Result<Position> {
        let start = puzzle.position(alg)?;
        let known_reachable = target.is_none() && alg.expand(puzzle)?.iter().all(|&m| moves.contains(puzzle, m));
        Ok(Position { start, target, known_reachable })
    }

    /// A given state (a pattern, a scramble file's position). Without an explicit `target`, a state with
    /// open parts (listed in `open`, or orientations left open where the solved state fixes them) is
    /// relaxed: its open pieces share a label and its open orientations become wildcards, in the start and
    /// in a target derived from solved, so that the solve asks exactly what the state asks.
    pub fn from_state(puzzle: &Puzzle, state: State, open: OpenParts, target: Option<State>) -> Result<Position> {
        let is_open =
            !open.permutation.is_empty() || !open.orientation.is_empty() || has_open_orientation(puzzle, &state);
        if target.is_none() && is_open {
            let (target, start) = relaxed(puzzle, &state, open.permutation, open.orientation)?;
            return Ok(Position { start, target: Some(target), known_reachable: false });
        }
        Ok(Position { start: state, target, known_reachable: false })
    }
}

/// Whether a state leaves an orientation open (`?`) where the solved state does not.
fn has_open_orientation(puzzle: &Puzzle, state: &State) -> bool {
    let (bytes, solved) = (state.as_bytes(), puzzle.solved().as_bytes());
    puzzle.orbits().iter().any(|o| o.orientations_range().any(|i| o.is_wildcard(bytes[i]) && !o.is_wildcard(solved[i])))
}

/// Solves a prepared position with a solver built for its target (an error names a mismatch): the
/// group-membership test unless the position is known reachable, then the search and the verification
/// of every solution ([`Solver::solve`]).
pub fn solve_position(
    solver: &mut Solver,
    position: &Position,
    options: &SolveOptions,
    control: Control,
) -> Result<SolveReport> {
    let puzzle = solver.puzzle();
    let target = position.target.as_ref().unwrap_or(puzzle.solved());
    if Target::new(puzzle.layout(), target.as_bytes())?.bytes() != solver.target().bytes() {
        return Err(Error::internal("the solver was built for another target than the position's"));
    }
    let options =
        SolveOptions { known_reachable: options.known_reachable || position.known_reachable, ..options.clone() };
    solver.solve(&position.start, &options, control)
}

/// A random-state scramble: a uniformly random element of the solver's group, solved optimally to the
/// solver's target; returns the inverse of the solution (from solved, it reaches the random position).
pub fn random_scramble<R: Rng + ?Sized>(solver: &mut Solver, rng: &mut R, control: Control) -> Result<Vec<MoveRef>> {
    let puzzle = std::sync::Arc::clone(solver.puzzle());
    let state = random_position(&puzzle, solver.chain()?, rng)?;
    // A random element of the group reaches solved by construction (another target: ask the group).
    let known_reachable = solver.target().bytes() == Target::new(puzzle.layout(), puzzle.solved().as_bytes())?.bytes();
    let report = solver.solve(&state, &SolveOptions { known_reachable, ..SolveOptions::default() }, control)?;
    let solution = report.solutions.first().ok_or_else(|| Error::internal("a solve returned no solution"))?;
    Ok(puzzle.invert_moves(solution))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::group::{puzzle_chain, rng_from_seed};
    use crate::search::SolverOptions;
    use crate::test_puzzles::cube2;

    fn cube() -> Arc<Puzzle> {
        Arc::new(cube2())
    }

    fn solver(p: &Arc<Puzzle>, target: Option<State>) -> Solver {
        let options = SolverOptions { target, memory_bytes: 1 << 20, ..SolverOptions::default() };
        Solver::new(Arc::clone(p), options, Control::none()).unwrap()
    }

    #[test]
    fn an_alg_of_the_set_is_known_reachable_and_another_target_is_not() {
        let p = cube();
        let moves = MoveSet::parse(&p, "U,R").unwrap();
        let alg = Alg::parse("R U R'").unwrap();
        assert!(Position::from_alg(&p, &alg, &moves, None).unwrap().known_reachable);
        assert!(!Position::from_alg(&p, &Alg::parse("F").unwrap(), &moves, None).unwrap().known_reachable);
        assert!(!Position::from_alg(&p, &alg, &moves, Some(p.solved().clone())).unwrap().known_reachable);
        let position = Position::from_alg(&p, &alg, &moves, None).unwrap();
        let report = solve_position(&mut solver(&p, None), &position, &SolveOptions::default(), Control::none());
        assert_eq!(report.unwrap().solutions[0].len(), 3);
    }

    #[test]
    fn open_orientations_are_relaxed_unless_a_target_is_given() {
        let p = cube();
        let o = &p.orbits()[0];
        let mut bytes = p.position(&Alg::parse("R").unwrap()).unwrap().as_bytes().to_vec();
        for i in o.orientations_range() {
            bytes[i] = o.wildcard();
        }
        let state = p.state_from_bytes(bytes).unwrap();
        let position = Position::from_state(&p, state.clone(), OpenParts::default(), None).unwrap();
        let target = position.target.clone().expect("a relaxed target");
        // Only the permutation is asked for: one move.
        let mut s = solver(&p, Some(target));
        assert_eq!(
            solve_position(&mut s, &position, &SolveOptions::default(), Control::none()).unwrap().solutions[0].len(),
            1
        );
        // A solver for another target is refused.
        let e = solve_position(&mut solver(&p, None), &position, &SolveOptions::default(), Control::none());
        assert!(e.unwrap_err().to_string().contains("another target"));
        let explicit = Position::from_state(&p, state, OpenParts::default(), Some(p.solved().clone())).unwrap();
        assert_eq!(explicit.target.as_ref().map(State::as_bytes), Some(p.solved().as_bytes()));
    }

    #[test]
    fn a_random_scramble_is_seeded_and_optimal() {
        let p = cube();
        let mut s = solver(&p, None);
        let scramble = random_scramble(&mut s, &mut rng_from_seed(Some(5)).unwrap(), Control::none()).unwrap();
        let again = random_scramble(&mut solver(&p, None), &mut rng_from_seed(Some(5)).unwrap(), Control::none());
        assert_eq!(again.unwrap(), scramble);
        let state = p.apply_moves(p.solved(), &scramble);
        let position = Position::from_state(&p, state, OpenParts::default(), None).unwrap();
        let optimal = solve_position(&mut s, &position, &SolveOptions::default(), Control::none()).unwrap();
        assert_eq!(optimal.solutions[0].len(), scramble.len());
        assert!(!scramble.is_empty());
    }

    #[test]
    fn random_positions_are_elements_of_the_group() {
        let p = cube();
        let moves = MoveSet::parse(&p, "U,R").unwrap();
        let chain = puzzle_chain(&p, &moves).unwrap();
        let state = random_position(&p, &chain, &mut rng_from_seed(Some(1)).unwrap()).unwrap();
        let mut s = Solver::new(
            Arc::clone(&p),
            SolverOptions { moves: Some(moves), memory_bytes: 1 << 20, ..SolverOptions::default() },
            Control::none(),
        )
        .unwrap();
        let position = Position { start: state, target: None, known_reachable: false };
        assert!(solve_position(&mut s, &position, &SolveOptions::default(), Control::none()).is_ok());
    }
}
