//! The puzzle definitions and the scramble file the cases use, compiled in from `tests/data/puzzles/`
//! (so the harness runs from any directory), and loading one.

use crate::failure::{fail, Failure};
use twistsearch::Puzzle;

pub const CUBE_2: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/main/2x2x2.tws"));
pub const CUBE_3: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/main/3x3x3.tws"));
pub const CUBE_4: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/main/4x4x4.tws"));
pub const MEGAMINX: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/main/megaminx.tws"));
/// The 2x2x2 with its rotations (the search is reduced by the 24 of them, or the 3 that keep U,F,R).
pub const CUBE_2_SYMM: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/symm/2x2x2.tws"));
/// The 3x3x3 with its rotations (the table is reduced by the 24 of them).
pub const CUBE_3_SYMM: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/symm/3x3x3.tws"));
/// The 4x4x4 with its rotations.
pub const CUBE_4_SYMM: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/symm/4x4x4.tws"));
/// The megaminx with its rotations.
pub const MEGAMINX_SYMM: &str =
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/symm/megaminx.tws"));
/// The T-perm's scramble file (`tperm`).
pub const TPERM: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/main/tperm.scr"));

/// A compiled-in definition, loaded (`name`: the case, for the failure).
pub fn load(name: &str, text: &str) -> Result<Puzzle, Failure> {
    twistsearch::load_puzzle(text).map_err(|e| fail(name, e))
}
