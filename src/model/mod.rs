//! The puzzle model, the bottom layer: what a puzzle is ([`puzzle`]: orbits, solved state, moves; made by
//! [`builder`], its move names resolved in `names`), how
//! its states are laid out and composed ([`layout`], [`state`]), how moves are named and referred to
//! ([`move_ref`], [`move_names`]), which moves a computation may use ([`moveset`]), and the definition
//! extras ([`ksolve_plus`], [`omit`]). It uses nothing above it but the alg syntax that defines move sequences (what an alg means on a
//! puzzle, `alg_moves`, is the model's);
//! the crate root re-exports each module (`twistsearch::model::puzzle`, `twistsearch::model::layout`, …).

mod alg_moves;
pub mod builder;
pub mod ksolve_plus;
pub mod layout;
pub mod move_names;
pub mod move_ref;
pub mod moveset;
mod names;
pub mod omit;
pub mod puzzle;
mod spelling;
pub mod state;
