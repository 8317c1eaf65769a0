//! The optimal solver's phase bound for the `Puzzle` class: `solve(position, {phaseBound:
//! "U,D,F2,B2,R2,L2", phaseBoundMemoryMB: 600})` also bounds the optimal search by the distance to that
//! subgroup along every axis ([`PhaseBound`]: with the 3x3x3's full phase-1 table, 529 MiB, the
//! heuristic of Kociemba's optimal solver; with projection tables where the budget is smaller). The
//! bound belongs to the kept optimal solver (whose key names its moves and budget): it is made by the
//! first `solve` that needs it, not by `tablesKey`, so that a table cache can load its tables first;
//! its tables go to and come from bytes like the solver's own (the `"phaseBound"` part of the tables
//! methods).

use std::sync::Arc;

use serde_json::{json, Value};

use crate::control::Control;
use crate::phase::{PhaseBound, PhaseSolver, PhaseSolverOptions};
use crate::search::Solver;
use crate::{Error, MoveSet, State};

use super::options::{self, SolveOptions};

/// What a kept solver's bound was made for: the subgroup's generators (base move, step) and the budget.
pub(super) type BoundKey = (Vec<(usize, u32)>, usize);

/// A phase bound as a call's options ask for it.
#[derive(Debug, Clone)]
pub(super) struct Request {
    /// The subgroup's moves as given (for the result).
    moves: String,
    key: BoundKey,
    /// The options of its phase solver.
    options: PhaseSolverOptions,
}

impl Request {
    /// The bound `o` asks for (`None` without `phaseBound`) for the optimal solver of `moves` towards
    /// `target`; refused as [`options::phase_bound`] says.
    pub(super) fn of(
        puzzle: &crate::Puzzle,
        moves: &MoveSet,
        target: Option<&State>,
        o: &SolveOptions,
    ) -> Result<Option<Request>, Error> {
        let Some((subgroup, memory_bytes)) = options::phase_bound(puzzle, o)? else { return Ok(None) };
        let key = (subgroup.generators().iter().map(|g| (g.base, g.step)).collect(), memory_bytes);
        let options = PhaseBound::solver_options(moves, subgroup, target.cloned(), memory_bytes);
        Ok(Some(Request { moves: o.phase_bound.clone().unwrap_or_default(), key, options }))
    }

    /// What the kept solver's key holds of it.
    pub(super) fn key(&self) -> BoundKey {
        self.key.clone()
    }

    /// The key of its tables, `phase-<16 hex digits>` ([`PhaseSolver::tables_key`]; a multi-phase
    /// solver with the same tables has the same key). Cheap: nothing is built.
    pub(super) fn tables_key(&self, puzzle: &crate::Puzzle) -> Result<String, Error> {
        PhaseSolver::tables_key(puzzle, &self.options).map(|k| format!("phase-{k}"))
    }

    /// Makes the bound for `solver` (made for the same moves and target as the request), its tables
    /// built, or read from `saved` (bytes of [`Made::save`]; refused when damaged or made for other
    /// tables). The tables are refused before they are allocated when they exceed the budget.
    pub(super) fn make(
        &self,
        puzzle: &Arc<crate::Puzzle>,
        solver: &Solver,
        saved: Option<&[u8]>,
        control: Control,
    ) -> crate::Result<Made> {
        let started = control.now();
        let (puzzle, options) = (Arc::clone(puzzle), self.options.clone());
        let phases = match saved {
            Some(bytes) => PhaseSolver::with_saved_tables(puzzle, options, bytes, control)?,
            None => PhaseSolver::new(puzzle, options, control)?,
        };
        let bound = Arc::new(PhaseBound::from_solver(phases, solver.move_list())?);
        let seconds = control.seconds_since(started);
        Ok(Made { bound, moves: self.moves.clone(), seconds, loaded: saved.is_some() })
    }
}

/// A bound made, kept with its solver.
pub(super) struct Made {
    pub(super) bound: Arc<PhaseBound>,
    /// The subgroup's moves as the request that made it gave them.
    moves: String,
    /// Seconds making it took (building or reading its tables).
    pub(super) seconds: f64,
    /// Whether its tables came from saved bytes.
    loaded: bool,
}

impl Made {
    /// The result's `phaseBound` (as the CLI's `solve --json` reports it): `{moves, axes, exact,
    /// tableBytes, buildSeconds, tablesLoaded}`; `exact`: the full table of exact distances, else
    /// projections.
    pub(super) fn report(&self) -> Value {
        let b = &self.bound;
        json!({
            "moves": self.moves,
            "axes": b.axes(),
            "exact": b.exact(),
            "tableBytes": b.table_bytes(),
            "buildSeconds": self.seconds,
            "tablesLoaded": self.loaded,
        })
    }

    /// Seconds building its tables took (0 when they were read from bytes).
    pub(super) fn build_seconds(&self) -> f64 {
        if self.loaded {
            0.0
        } else {
            self.seconds
        }
    }

    /// Its tables as bytes ([`PhaseBound::save_tables`]).
    pub(super) fn save(&self) -> Vec<u8> {
        self.bound.save_tables()
    }
}
