//! Multi-phase (Kociemba-style) solving for any puzzle: a chain of subgroups `G ⊃ H1 ⊃ … ⊃ {1}`, each
//! given by moves (the 3x3x3's `U,D,F2,B2,R2,L2`), and per phase a table of exact distances over the
//! cosets of the next subgroup (or over projections of them when the whole coset space does not fit the
//! memory budget).
//!
//! - [`relabel`](self) — positions to cosets: pieces the subgroup interchanges share a label, the
//!   orientations it changes become wildcards;
//! - coordinates — the relabelled positions as a tuple of the God's-algorithm dense coordinates, each
//!   with a move table;
//! - tables — exact distances of projections of those tuples, combined by maximum;
//! - [`PhaseSolver`] — the search: phase-1 solutions by increasing length, each continued by the later
//!   phases within the best total found so far; every returned solution is verified;
//! - `conjugate` — the position turned onto the puzzle's other axes by the definition's rotations,
//!   searched beside it (and their inverses) when a target length is given;
//! - `masks` — per projection-table entry, which moves raise or keep its distance, so the search skips
//!   the children the table prunes;
//! - `persist` — the tables as bytes (checksummed, compressed) and back:
//!   [`PhaseSolver::save_tables`], [`PhaseSolver::with_saved_tables`];
//! - [`PhaseBound`] — the distance to a subgroup along every axis as a lower bound for the optimal
//!   solver ([`SearchBound`](crate::search::SearchBound)).

mod bound;
mod conjugate;
mod coords;
mod full;
mod masks;
mod persist;
mod relabel;
mod search;
mod solver;
mod stage;
mod table;

pub use bound::{PhaseBound, DEFAULT_BOUND_MEMORY};
pub use solver::PhaseSolver;

use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::MoveRef;
use crate::model::state::State;

/// The default memory budget for a [`PhaseSolver`]'s tables: the pruning tables' own.
pub use crate::prune::DEFAULT_MEMORY;

/// The default largest projection table (entries): for the 3x3x3, corner twist × edge flip (4,478,976)
/// and tables of about a million entries.
pub const DEFAULT_PROJECTION_ENTRIES: u64 = 1 << 23;

/// How to build a [`PhaseSolver`].
#[derive(Debug, Clone)]
pub struct PhaseSolverOptions {
    /// The moves of the whole group `G` (`None`: every move that is not a rotation).
    pub moves: Option<MoveSet>,
    /// Generators of the subgroups `H1 ⊃ H2 ⊃ …`; the last phase goes from the last of them to the
    /// target. Empty: one phase (an optimal search with projection tables).
    pub phases: Vec<MoveSet>,
    /// How moves are counted.
    pub metric: Metric,
    /// Budget for all tables, in bytes: refused before allocating when over.
    pub memory_bytes: usize,
    /// The pattern to reach (`None`: the solved state).
    pub target: Option<State>,
    /// The largest projection table (entries); `None`: [`DEFAULT_PROJECTION_ENTRIES`].
    pub projection_entries: Option<u64>,
    /// Whether a phase whose cosets all fit the budget (beyond the projection size) gets the full table
    /// of exact distances, two bits per coset, instead of projections (default true).
    pub full_tables: bool,
    /// Whether a search with a target length also searches the position turned by the definition's
    /// rotations that map the moves onto themselves but the subgroups onto other ones (the 3x3x3's other
    /// two axes), as Kociemba's solvers do (default true; no effect without rotations).
    pub turned_searches: bool,
    /// Whether projection tables of up to 2^21 entries get move masks (which moves take the distance up
    /// or keep it), eight bytes per entry, so the search skips the children they prune without computing
    /// them: a fifth to a third less search time on the 3x3x3, for a pass of every move over every entry
    /// when the tables are built (about a second in single-threaded WebAssembly, where the first solve
    /// matters more). Default: on where threads build them (the `parallel` feature).
    pub move_masks: bool,
}

impl Default for PhaseSolverOptions {
    fn default() -> Self {
        PhaseSolverOptions {
            moves: None,
            phases: Vec::new(),
            metric: Metric::Htm,
            memory_bytes: DEFAULT_MEMORY,
            target: None,
            projection_entries: None,
            full_tables: true,
            turned_searches: true,
            move_masks: cfg!(feature = "parallel"),
        }
    }
}

/// Limits of one [`PhaseSolver::solve`].
#[derive(Debug, Clone, Default)]
pub struct PhaseSolveOptions {
    /// Stop as soon as a solution this short (or shorter) is found. `None`: search until the best
    /// solution the phases allow is proven, which may take long.
    pub target_length: Option<u32>,
    /// Give up past this many search nodes: the best solution found so far, or an error if none.
    pub max_nodes: Option<u64>,
    /// Search on the calling thread only, so that the same position always gets the same solution
    /// (with threads, whichever finds a solution first may win): what seeded scrambles need.
    pub sequential: bool,
}

/// What [`PhaseSolver::solve`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseSolveReport {
    /// The solution (verified: it takes the position to the target).
    pub solution: Vec<MoveRef>,
    /// The length of each phase's part (in the metric), in solution order.
    pub phase_lengths: Vec<u32>,
    /// Whether the phases solved the inverse of the position (the solution is that solution inverted,
    /// so its parts come in the reverse order of the phases: the last phase's part first).
    pub inverse: bool,
    /// Search nodes visited.
    pub nodes: u64,
    /// Per phase: search nodes visited in it.
    pub phase_nodes: Vec<u64>,
    /// Per phase: how many times it was started (phase-1 solutions tried, for the second).
    pub phase_starts: Vec<u64>,
}

/// Facts about one phase's tables, for reports and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseInfo {
    /// The number of positions (cosets of the next subgroup) the coordinates can express.
    pub cosets: u128,
    /// `|G_i| / |H_i|` from Schreier–Sims (`None` when it does not fit 128 bits).
    pub group_index: Option<u128>,
    /// Whether the relabelled positions are exactly the cosets (`cosets == group_index`).
    pub exact: bool,
    /// Each coordinate's number of values.
    pub coordinate_sizes: Vec<u64>,
    /// Per projection table: the coordinates it covers and its entries per distance (the last count is
    /// of unreachable entries).
    pub tables: Vec<(Vec<usize>, Vec<u64>)>,
}

/// One phase of a chain as [`PhaseSolver::plan`] sees it, before any table is built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhasePlan {
    /// The number of positions (cosets of the next subgroup) the coordinates can express; `None` when the
    /// phase cannot be planned.
    pub cosets: Option<u128>,
    /// `|G_i| / |H_i|` from Schreier–Sims (`None` when it does not fit 128 bits).
    pub group_index: Option<u128>,
    /// Whether the relabelled positions are exactly the cosets (`cosets == group_index`).
    pub exact: bool,
    /// Each coordinate's number of values.
    pub coordinate_sizes: Vec<u64>,
    /// The projection tables the budget allows (the coordinates each covers); a coordinate in none of
    /// them does not prune.
    pub projections: Vec<Vec<usize>>,
    /// Bytes of the move tables and projection tables (before any choice of a full table).
    pub table_bytes: Option<u64>,
    /// Why the phase cannot be planned.
    pub error: Option<String>,
}
