//! Algs in cubing.js notation, as syntax: parsing, the tree, printing, and the size of an expansion.
//! This module knows no puzzle, so the model can define move sequences by algs; what an alg does on a
//! puzzle (expansion to its moves, inversion, simplification: [`Alg::expand`], [`Alg::invert`],
//! [`Alg::simplify`]) is `model::alg_moves`.

mod ast;
mod length;
mod parse;

pub(crate) use ast::amount_suffix;
pub use ast::{Alg, Node};
pub use length::MAX_EXPANDED_MOVES;
