//! Algs in cubing.js notation over a puzzle's move names: parsing, expansion to moves, inversion and
//! simplification.

mod ast;
mod expand;
mod parse;
mod simplify;

pub use ast::{Alg, Node};
pub use expand::MAX_EXPANDED_MOVES;
