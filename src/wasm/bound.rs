//! The optimal solver's phase bound for the `Puzzle` class: `solve(position, {phaseBound:
//! "U,D,F2,B2,R2,L2", phaseBoundMemoryMB: 600})` also bounds the optimal search by the distance to that
//! subgroup along every axis ([`PhaseBound`](crate::phase::PhaseBound): with the 3x3x3's full phase-1 table, 529 MiB, the
//! heuristic of Kociemba's optimal solver; with projection tables where the budget is smaller). The core
//! makes, reports and saves the bound ([`crate::solvers::bounds`]); this module spells its options. The
//! bound belongs to the kept optimal solver (whose key names its moves and budget): it is made by the
//! first `solve` that needs it, not by `tablesKey`, so that a table cache can load its tables first;
//! its tables go to and come from bytes like the solver's own (the `"phaseBound"` part of the tables
//! methods).
//!
//! `solve(position, {cubeBound: "phase1"})` on a 3x3x3 bounds it by the cube's own table instead
//! ([`CubeBound`](crate::solvers::cube3::CubeBound): 85 MiB; `"huge"` is refused on wasm32, see
//! [`CubeTable::check_budget`](crate::solvers::cube3::CubeTable::check_budget)), kept, saved and
//! loaded the same way (the tables methods' `"cubeBound"` part); a request of the face turns to solved
//! (either metric, any number of solutions) is answered by the cube's own search
//! ([`CubeBound::solve_request`](crate::solvers::cube3::CubeBound::solve_request)).

use std::sync::Arc;

use crate::control::Control;
use crate::search::Solver;
use crate::solvers::bounds::{BoundRequest, SavedTables};
use crate::{Error, MoveSet, State};

use super::options::{self, SolveOptions};

pub(super) use crate::solvers::bounds::{BoundKey, MadeBound as Made};

/// A bound as a call's options ask for it: the core's request ([`BoundRequest`]) spelt the JS way.
#[derive(Debug, Clone)]
pub(super) struct Request(BoundRequest);

impl Request {
    /// The bound `o` asks for (`None` without `phaseBound` or `cubeBound`) for the optimal solver of
    /// `moves` towards `target`; refused as [`options::phase_bound`] and [`options::cube_bound`] say.
    pub(super) fn of(
        puzzle: &crate::Puzzle,
        moves: &MoveSet,
        target: Option<&State>,
        o: &SolveOptions,
    ) -> Result<Option<Request>, Error> {
        if let Some((table, memory_bytes)) = options::cube_bound(o)? {
            return Ok(Some(Request(BoundRequest::cube(table, memory_bytes))));
        }
        let Some((subgroup, memory_bytes)) = options::phase_bound(o)? else { return Ok(None) };
        let request = BoundRequest::phase(puzzle, subgroup, memory_bytes, moves, target)
            .map_err(|e| Error::new(format!("phaseBound: {e}")))?;
        Ok(Some(Request(request)))
    }

    /// What the kept solver's key holds of it.
    pub(super) fn key(&self) -> BoundKey {
        self.0.key()
    }

    /// The key of its tables: `phase-<16 hex digits>` ([`crate::phase::PhaseSolver::tables_key`]; a
    /// multi-phase solver with the same tables has the same key) or `cube-<table>-<16 hex digits>`
    /// ([`crate::solvers::cube3::CubeTable::key_string`]). Cheap: nothing is built.
    pub(super) fn tables_key(&self, puzzle: &crate::Puzzle) -> Result<String, Error> {
        let prefix = if self.0.cube_table().is_some() { "cube" } else { "phase" };
        self.0.tables_key(puzzle).map(|k| format!("{prefix}-{k}"))
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
        if !self.0.bounds_target(puzzle, solver.target()) {
            return Err(Error::new(
                "cubeBound bounds searches to the solved cube only (no targetPattern or orientations left open)",
            ));
        }
        self.0.make(puzzle, solver, saved.map(SavedTables::Bytes), control)
    }
}
