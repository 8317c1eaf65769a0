//! Tools on move sequences, one alg a line as twsearch reads them: only the unique ones (up to the
//! puzzle's symmetry too), moves cancelled, rotations moved to the end, sequences shortened by optimal
//! solves of their windows, the symmetry and conjugacy class of each, each as a move definition, the
//! pieces each leaves wrong; and of a puzzle: the total variation of random walks, self-test solves, and
//! the short algs that leave few pieces wrong ([`find_algs`], twsearch's `-A`).
//!
//! Each tool is a function or a small value over a [`Puzzle`]; reading lines and printing belong to the
//! shells. [`read_moves`] reads a line, [`moves_text`] writes moves back as twsearch prints them.

pub mod cancel;
pub mod conjugacy;
pub mod find_algs;
pub mod move_def;
pub mod self_test;
pub mod shorten;
pub mod symmetry;
pub mod total_variation;
pub mod unique;
pub mod unrotate;
pub mod wrong;

use crate::error::Result;
use crate::model::move_ref::MoveRef;
use crate::Puzzle;

/// The moves of one line: an alg in the puzzle's notation (moves and rotations; groups, commutators and
/// conjugates expanded).
pub fn read_moves(puzzle: &Puzzle, line: &str) -> Result<Vec<MoveRef>> {
    crate::kpuzzle::notation::parse_alg(puzzle, line)?.expand(puzzle)
}

/// Moves as twsearch's sequence tools print them: each name after a space (`" R U2"`), a lone space for
/// no moves.
pub fn moves_text(puzzle: &Puzzle, moves: &[MoveRef]) -> String {
    if moves.is_empty() {
        return " ".to_string();
    }
    moves.iter().map(|&m| format!(" {}", puzzle.move_name(m))).collect()
}
