//! Solving: IDA* over canonical sequences with an in-memory pruning table as heuristic.
//!
//! - [`beam`]: beam search (width and depth limits) over operators scored by the slots still wrong: solutions,
//!   not optimal, for puzzles too large for IDA*; [`commutators`]: the 3-cycles it uses as macros;
//!   [`beam_solve`]: any position of any puzzle solved by it (the CLI's `solve --beam`).
//! - [`target`]: the pattern to reach and how start states are brought to its representation.
//! - [`relax`]: targets for scrambles that leave pieces or orientations open (ksolve+ `?`).
//! - [`bound`]: [`SearchBound`], a second lower bound the walk keeps beside the table.
//! - `ida`: the allocation-free depth-first inner loop with prefetched table lookups.
//! - [`orient`]: solving up to the puzzle's orientation and its centers' orientation.
//! - [`job`]: the solving jobs every shell runs: prepared positions ([`Position`]), their solve, and
//!   random-state scrambles.
//! - [`solver`]: [`Solver`] (automaton, group, table, kept across solves) and its options; iterations are
//!   split at the top into prefixes that threads search in parallel, with a deterministic output order.

pub mod beam;
pub mod beam_solve;
pub mod bound;
pub mod commutators;
pub(crate) mod ida;
pub mod job;
pub mod orient;
pub mod relax;
pub mod solver;
pub mod target;

pub use bound::SearchBound;
pub use ida::InverseMoves;
pub use job::{random_position, random_scramble, solve_position, OpenParts, Position};
pub use orient::{solve_up_to, UpTo};
pub use solver::{
    SolveOptions, SolveReport, Solver, SolverOptions, Toggle, DEFAULT_MAX_DEPTH, DEFAULT_MEMORY, MAX_SOLUTIONS,
};
pub use target::Target;
