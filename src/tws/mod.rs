//! The ksolve / twsearch text formats: puzzle definitions (`.tws`, `.def`), scramble files (`.scr`), and
//! writing a puzzle or a state back out.

mod block;
mod definition;
mod lines;
mod scramble;
mod write;

pub use definition::parse_definition;
pub use scramble::{parse_scrambles, Metric, Scramble, ScrambleFile, ScrambleKind, SearchSettings};
pub use write::{write_definition, write_state_block, StateNumbering};
