//! The puzzle definitions the unit tests load most, parsed (tests only).

use crate::{load_puzzle, Puzzle};

/// The 3x3x3 (`tests/data/puzzles/main/3x3x3.tws`: no rotations).
pub(crate) fn cube3() -> Puzzle {
    load_puzzle(include_str!("../tests/data/puzzles/main/3x3x3.tws")).unwrap()
}

/// The 3x3x3 with its rotations (`tests/data/puzzles/symm/3x3x3.tws`).
pub(crate) fn cube3_with_rotations() -> Puzzle {
    load_puzzle(include_str!("../tests/data/puzzles/symm/3x3x3.tws")).unwrap()
}
