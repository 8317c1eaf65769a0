//! Canonical move sequences: a finite state machine that lets a search (or a count) follow only one of
//! the many sequences that reach the same position by swapping commuting moves, merging turns of the same
//! grip, or — with `newcanon` — any short redundant subsequence.
//!
//! - [`commute`]: which move classes commute, from their effects.
//! - [`fsm`]: the automaton over commuting moves (half- and quarter-turn metric), with the big-cube
//!   reduction of equivalent classes.
//! - [`newcanon`]: the automaton keeping only sequences whose every short window is the first to produce
//!   its effect.
//! - [`counts`]: sequences of each length and the asymptotic branching factor, by dynamic programming.

pub mod commute;
pub mod counts;
pub mod fsm;
pub mod newcanon;

pub use counts::{branching_factor, canonical_counts, MAX_COUNT_DEPTH};
pub use fsm::CanonFsm;
pub use newcanon::MAX_NEWCANON_POSITIONS;
