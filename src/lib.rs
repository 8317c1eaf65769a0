//! twistsearch: load any twisty puzzle (ksolve/twsearch `.tws` definitions or cubing.js KPuzzle JSON),
//! apply, invert and simplify algs, and (in later modules) solve, scramble and enumerate.
//!
//! The core does no I/O and keeps no global state: it takes text or JSON values and returns values or
//! [`Error`]s that name the line (and token) or JSON path at fault.

#![warn(missing_docs)]

pub mod alg;
pub mod bytes;
pub mod canon;
pub mod control;
pub mod error;
pub mod events;
pub mod god;
pub mod group;
pub mod kpuzzle;
pub mod ksolve_plus;
pub mod layout;
pub mod move_names;
pub mod moveset;
pub mod omit;
pub mod phase;
pub mod prune;
pub mod puzzle;
pub mod search;
pub mod state;
pub mod text;
pub mod tws;
#[cfg(all(target_arch = "wasm32", feature = "wasm"))]
pub mod wasm;

pub use alg::Alg;
pub use error::{Error, ErrorKind, Location, Result};
pub use moveset::MoveSet;
pub use puzzle::{MoveRef, Puzzle};
pub use state::State;

/// Loads a puzzle from text, telling the formats apart by content: JSON (a KPuzzle definition) starts with
/// `{` (or `[`, refused as not an object), anything else is read as a ksolve/twsearch definition. A
/// leading byte-order mark is ignored.
pub fn load_puzzle(text: &str) -> Result<Puzzle> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with(['{', '[']) {
        kpuzzle::parse_kpuzzle(text)
    } else {
        tws::parse_definition(text)
    }
}
