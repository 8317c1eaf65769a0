//! twistsearch: load any twisty puzzle (ksolve/twsearch `.tws` definitions or cubing.js KPuzzle JSON),
//! apply, invert and simplify algs, solve positions optimally, make random-state scrambles, count
//! canonical sequences and run God's algorithm.
//!
//! The core does no I/O and keeps no global state: it takes text or JSON values and returns values or
//! [`Error`]s that name the line (and token) or JSON path at fault, with a kind callers match on
//! ([`ErrorKind`]). Long work takes a [`Control`](control::Control): progress reports and cancellation.
//!
//! # Map
//!
//! The modules form layers; each uses only those above it.
//!
//! | layer | modules | what |
//! |---|---|---|
//! | cross-cutting | [`error`], [`control`], [`text`], [`bytes`], [`hash`], `saved`, `memory`, `sort` | errors, progress and cancellation, input checks, byte counts in words, the state hash and the one fingerprint of saved tables, the checksummed compressed container of every saved table, huge-page hints for big tables, the cold sorts through one copy of the standard sort |
//! | syntax | [`alg`] | algs as text and trees (no puzzle: the model defines move sequences by them) |
//! | [`model`] | [`puzzle`](model::puzzle), [`layout`](model::layout), [`state`](model::state), [`moveset`](model::moveset), [`move_ref`](model::move_ref), [`move_names`](model::move_names), [`ksolve_plus`](model::ksolve_plus), [`omit`](model::omit) | the puzzle, its states and moves, move sets and names, what an alg does on a puzzle |
//! | formats | [`tws`], [`kpuzzle`] | `.tws` definitions and scramble files, KPuzzle JSON |
//! | structure | [`canon`], [`group`], `coord`, [`ida`] | canonical-sequence automata and counts; the group (Schreier–Sims, membership, random elements, the symmetry engine); coordinates (ranks, dense indexing, depth bits, the breadth-first table builder); the IDA* engine every solver runs on |
//! | engine | [`prune`], [`search`], [`god`], [`phase`] | pruning tables, optimal solving and its jobs, God's algorithm, multi-phase solving |
//! | tools | [`seq`] | twsearch's tools on move sequences: unique (up to symmetry), cancel, unrotate, shorten, conjugacy and symmetry classes, move definitions, wrong pieces; total variation and self-test solves; the algorithm finder (twsearch's `-A`) |
//! | solvers | [`solvers`], [`seq`] | twsearch's sequence tools (unique, cancel, shorten…); the puzzles' own solvers as plug-ins: the 3x3x3 (two-phase and optimal), 4x4x4, Square-1, megaminx; the optimal solver's second bound as the shells ask for it (a phase bound or the 3x3x3's own) |
//! | events | [`events`] | cubing.js events: the registry, scramble rules, random-move scrambles |
//! | shells | `wasm` (features `wasm-puzzle`, `wasm-events`; `wasm`: both), the `twistsearch` CLI | convert and delegate only |
//!
//! # Examples
//!
//! Loading a puzzle (here a 2x2x2 with three moves) and applying an alg:
//!
//! ```
//! let puzzle = twistsearch::load_puzzle(
//!     "Name 2x2x2\nSet CORNER 8 3\n\
//!      Solved\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0\nEnd\n\
//!      Move F\nCORNER\n7 1 3 2 5 6 4 8\n2 1 0 2 0 0 1 0\nEnd\n\
//!      Move U\nCORNER\n3 2 6 4 5 7 1 8\n0 0 0 0 0 0 0 0\nEnd\n\
//!      Move R\nCORNER\n2 5 1 4 3 6 7 8\n1 2 2 0 1 0 0 0\nEnd\n",
//! )?;
//! let alg = twistsearch::Alg::parse("R U R' U'")?;
//! assert_eq!(puzzle.alg_order(&alg)?.to_string(), "6");
//! # Ok::<(), twistsearch::Error>(())
//! ```
//!
//! Solving a position optimally (the solver keeps its pruning table for the next positions):
//!
//! ```
//! use std::sync::Arc;
//! use twistsearch::control::Control;
//! use twistsearch::search::{solve_position, Position, SolveOptions, Solver, SolverOptions};
//! # let puzzle = twistsearch::load_puzzle(
//! #     "Name 2x2x2\nSet CORNER 8 3\n\
//! #      Solved\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0\nEnd\n\
//! #      Move F\nCORNER\n7 1 3 2 5 6 4 8\n2 1 0 2 0 0 1 0\nEnd\n\
//! #      Move U\nCORNER\n3 2 6 4 5 7 1 8\n0 0 0 0 0 0 0 0\nEnd\n\
//! #      Move R\nCORNER\n2 5 1 4 3 6 7 8\n1 2 2 0 1 0 0 0\nEnd\n",
//! # )?;
//! let puzzle = Arc::new(puzzle);
//! let mut solver = Solver::new(Arc::clone(&puzzle), SolverOptions::default(), Control::none())?;
//! let alg = twistsearch::Alg::parse("R U2 F' R")?;
//! let position = Position::from_alg(&puzzle, &alg, solver.moves(), None)?;
//! let report = solve_position(&mut solver, &position, &SolveOptions::default(), Control::none())?;
//! assert_eq!(solver.alg_string(&report.solutions[0]), "R' F U2 R'");
//! # Ok::<(), twistsearch::Error>(())
//! ```
//!
//! Counting canonical sequences (no two moves in a row that cancel or commute out of order):
//!
//! ```
//! use twistsearch::canon::{canonical_counts, CanonFsm};
//! use twistsearch::model::moveset::Metric;
//! use twistsearch::MoveSet;
//! # let puzzle = twistsearch::load_puzzle(
//! #     "Name 2x2x2\nSet CORNER 8 3\n\
//! #      Solved\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0\nEnd\n\
//! #      Move F\nCORNER\n7 1 3 2 5 6 4 8\n2 1 0 2 0 0 1 0\nEnd\n\
//! #      Move U\nCORNER\n3 2 6 4 5 7 1 8\n0 0 0 0 0 0 0 0\nEnd\n\
//! #      Move R\nCORNER\n2 5 1 4 3 6 7 8\n1 2 2 0 1 0 0 0\nEnd\n",
//! # )?;
//! let moves = MoveSet::parse(&puzzle, "U,R")?;
//! let fsm = CanonFsm::new(&puzzle, &moves, Metric::Htm)?;
//! let counts: Vec<String> = canonical_counts(&fsm, 3)?.iter().map(|c| c.to_string()).collect();
//! assert_eq!(counts, ["1", "6", "18", "54"]);
//! # Ok::<(), twistsearch::Error>(())
//! ```
//!
//! God's algorithm: every position the moves reach, by distance:
//!
//! ```
//! use twistsearch::control::Control;
//! use twistsearch::god::{gods_algorithm, GodOptions};
//! use twistsearch::MoveSet;
//! # let puzzle = twistsearch::load_puzzle(
//! #     "Name 2x2x2\nSet CORNER 8 3\n\
//! #      Solved\nCORNER\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0\nEnd\n\
//! #      Move F\nCORNER\n7 1 3 2 5 6 4 8\n2 1 0 2 0 0 1 0\nEnd\n\
//! #      Move U\nCORNER\n3 2 6 4 5 7 1 8\n0 0 0 0 0 0 0 0\nEnd\n\
//! #      Move R\nCORNER\n2 5 1 4 3 6 7 8\n1 2 2 0 1 0 0 0\nEnd\n",
//! # )?;
//! let moves = MoveSet::parse(&puzzle, "U,R")?;
//! let report = gods_algorithm(&puzzle, &moves, &GodOptions::default(), Control::none())?;
//! assert_eq!(report.total, 29_160);
//! // Distances 0 to 14: the two-generator 2x2x2 group has diameter 14 in the half-turn metric.
//! assert_eq!(report.counts, [1, 6, 18, 53, 148, 400, 910, 1882, 3276, 4628, 6198, 6325, 4352, 941, 22]);
//! # Ok::<(), twistsearch::Error>(())
//! ```

#![warn(missing_docs)]

pub mod alg;
pub mod bytes;
pub mod canon;
pub mod control;
pub(crate) mod coord;
pub mod error;
pub mod events;
pub mod god;
pub mod group;
pub mod hash;
pub mod ida;
pub mod kpuzzle;
pub(crate) mod memory;
pub mod model;
pub mod phase;
pub mod prune;
pub(crate) mod saved;
pub mod search;
pub mod seq;
pub mod solvers;
pub(crate) mod sort;
#[cfg(test)]
mod test_puzzles;
pub mod text;
pub mod tws;
#[cfg(all(target_arch = "wasm32", any(feature = "wasm-puzzle", feature = "wasm-events")))]
pub mod wasm;

pub use alg::Alg;
pub use error::{Error, ErrorKind, Location, Result};
pub use model::moveset::MoveSet;
pub use model::puzzle::{MoveRef, Puzzle};
pub use model::state::State;

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
