//! The puzzle definitions the unit tests load most, parsed (tests only).

use std::sync::Arc;

use crate::control::Control;
use crate::search::{Solver, SolverOptions};
use crate::{load_puzzle, Puzzle};

/// The 2x2x2 (`tests/data/puzzles/main/2x2x2.tws`: no rotations).
pub(crate) fn cube2() -> Puzzle {
    load_puzzle(include_str!("../tests/data/puzzles/main/2x2x2.tws")).unwrap()
}

/// The 2x2x2 and an optimal solver of it with the default options.
pub(crate) fn cube2_solver() -> (Arc<Puzzle>, Solver) {
    let p = Arc::new(cube2());
    let solver = Solver::new(Arc::clone(&p), SolverOptions::default(), Control::none()).unwrap();
    (p, solver)
}

/// The 3x3x3 (`tests/data/puzzles/main/3x3x3.tws`: no rotations).
pub(crate) fn cube3() -> Puzzle {
    load_puzzle(include_str!("../tests/data/puzzles/main/3x3x3.tws")).unwrap()
}

/// The 3x3x3 with its rotations (`tests/data/puzzles/symm/3x3x3.tws`).
pub(crate) fn cube3_with_rotations() -> Puzzle {
    load_puzzle(include_str!("../tests/data/puzzles/symm/3x3x3.tws")).unwrap()
}
