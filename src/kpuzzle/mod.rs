//! cubing.js KPuzzle definitions and KPattern data (JSON): loading into a [`crate::Puzzle`] and exporting
//! back, so that a puzzle round-trips between `.tws` and JSON with the same move effects.

mod export;
mod json;
mod load;
pub mod notation;
mod pattern;

pub use export::{kpuzzle_json, kpuzzle_value};
pub use load::{kpuzzle_from_value, parse_kpuzzle};
pub use pattern::{parse_pattern, pattern_from_value, pattern_value};
