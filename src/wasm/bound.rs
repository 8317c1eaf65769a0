//! The optimal solver's phase bound for the `Puzzle` class: `solve(position, {phaseBound:
//! "U,D,F2,B2,R2,L2", phaseBoundMemoryMB: 600})` also bounds the optimal search by the distance to that
//! subgroup along every axis ([`PhaseBound`]: with the 3x3x3's full phase-1 table, 529 MiB, the
//! heuristic of Kociemba's optimal solver; with projection tables where the budget is smaller). The
//! bound belongs to the kept optimal solver (whose key names its moves and budget): it is made by the
//! first `solve` that needs it, not by `tablesKey`, so that a table cache can load its tables first;
//! its tables go to and come from bytes like the solver's own (the `"phaseBound"` part of the tables
//! methods).
//!
//! `solve(position, {cubeBound: "phase1"})` on a 3x3x3 bounds it by the cube's own table instead
//! ([`CubeBound`]: 85 MiB; `"huge"` is refused on wasm32, see [`CubeTable::check_budget`]), kept, saved and
//! loaded the same way (the tables methods' `"cubeBound"` part); a plain request (one optimal solution in
//! face turns to solved) is answered by the cube's own search ([`CubeBound::solve_request`]).

use std::sync::Arc;

use serde_json::{json, Value};

use crate::control::Control;
use crate::phase::{PhaseBound, PhaseSolver, PhaseSolverOptions};
use crate::search::{SearchBound, Solver};
use crate::solvers::cube3::{CubeBound, CubeTable};
use crate::{Error, MoveSet, State};

use super::options::{self, SolveOptions};

/// What a kept solver's bound was made for: the subgroup's generators (base move, step) and the budget,
/// or the cube's table and budget.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum BoundKey {
    Phase(Vec<(usize, u32)>, usize),
    Cube(CubeTable, usize),
}

/// Which bound a request asks for.
#[derive(Debug, Clone)]
enum Kind {
    /// A phase bound: the subgroup's moves as given (for the result), the options of its phase solver.
    Phase { moves: String, options: PhaseSolverOptions },
    /// The cube's own table, and its budget in bytes.
    Cube { table: CubeTable, memory_bytes: usize },
}

/// A bound as a call's options ask for it.
#[derive(Debug, Clone)]
pub(super) struct Request {
    kind: Kind,
    key: BoundKey,
}

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
            let key = BoundKey::Cube(table, memory_bytes);
            return Ok(Some(Request { kind: Kind::Cube { table, memory_bytes }, key }));
        }
        let Some((subgroup, memory_bytes)) = options::phase_bound(puzzle, o)? else { return Ok(None) };
        let key = BoundKey::Phase(subgroup.generators().iter().map(|g| (g.base, g.step)).collect(), memory_bytes);
        let options = PhaseBound::solver_options(moves, subgroup, target.cloned(), memory_bytes);
        Ok(Some(Request { kind: Kind::Phase { moves: o.phase_bound.clone().unwrap_or_default(), options }, key }))
    }

    /// What the kept solver's key holds of it.
    pub(super) fn key(&self) -> BoundKey {
        self.key.clone()
    }

    /// The key of its tables: `phase-<16 hex digits>` ([`PhaseSolver::tables_key`]; a multi-phase
    /// solver with the same tables has the same key) or `cube-<table>-<16 hex digits>`
    /// ([`CubeTable::key_string`]). Cheap: nothing is built.
    pub(super) fn tables_key(&self, puzzle: &crate::Puzzle) -> Result<String, Error> {
        match &self.kind {
            Kind::Phase { options, .. } => PhaseSolver::tables_key(puzzle, options).map(|k| format!("phase-{k}")),
            Kind::Cube { table, .. } => table.key_string(puzzle).map(|k| format!("cube-{k}")),
        }
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
        let bound = match &self.kind {
            Kind::Phase { moves, options } => {
                let (puzzle, options) = (Arc::clone(puzzle), options.clone());
                let phases = match saved {
                    Some(bytes) => PhaseSolver::with_saved_tables(puzzle, options, bytes, control)?,
                    None => PhaseSolver::new(puzzle, options, control)?,
                };
                Bound::Phase {
                    bound: Arc::new(PhaseBound::from_solver(phases, solver.move_list())?),
                    moves: moves.clone(),
                }
            }
            Kind::Cube { table, memory_bytes } => {
                if solver.target().bytes() != puzzle.solved().as_bytes() {
                    return Err(Error::new("cubeBound bounds searches to the solved cube only (no targetPattern or orientations left open)"));
                }
                CubeBound::check_moves(puzzle, solver.move_list())?;
                let cube = match saved {
                    Some(bytes) => CubeBound::load(puzzle, *table, bytes, *memory_bytes)?,
                    None => CubeBound::new(puzzle, *table, *memory_bytes, control)?,
                };
                Bound::Cube(cube.for_moves(solver.move_list())?)
            }
        };
        let seconds = control.seconds_since(started);
        Ok(Made { bound, seconds, loaded: saved.is_some() })
    }
}

/// A bound made.
enum Bound {
    Phase {
        bound: Arc<PhaseBound>,
        moves: String,
    },
    /// Made for the solver's moves ([`CubeBound::for_moves`]).
    Cube(CubeBound),
}

/// A bound made, kept with its solver.
pub(super) struct Made {
    bound: Bound,
    /// Seconds making it took (building or reading its tables).
    pub(super) seconds: f64,
    /// Whether its tables came from saved bytes.
    loaded: bool,
}

impl Made {
    /// The bound as the solver takes it.
    pub(super) fn search_bound(&self) -> Arc<dyn SearchBound> {
        match &self.bound {
            Bound::Phase { bound, .. } => Arc::clone(bound) as Arc<dyn SearchBound>,
            Bound::Cube(cube) => Arc::new(cube.clone()),
        }
    }

    /// The cube's bound, whose own search answers plain requests.
    pub(super) fn cube(&self) -> Option<&CubeBound> {
        match &self.bound {
            Bound::Cube(cube) => Some(cube),
            Bound::Phase { .. } => None,
        }
    }

    /// The result's `phaseBound` (as the CLI's `solve --json` reports it): `{moves, axes, exact,
    /// tableBytes, buildSeconds, tablesLoaded}` (`exact`: the full table of exact distances, else
    /// projections); for the cube's bound `{table, axes, exact, tableBytes, buildSeconds, tablesLoaded}`.
    pub(super) fn report(&self) -> Value {
        match &self.bound {
            Bound::Phase { bound: b, moves } => json!({
                "moves": moves,
                "axes": b.axes(),
                "exact": b.exact(),
                "tableBytes": b.table_bytes(),
                "buildSeconds": self.seconds,
                "tablesLoaded": self.loaded,
            }),
            Bound::Cube(b) => json!({
                "table": b.kind().name(),
                "axes": 3,
                "exact": true,
                "tableBytes": b.table_bytes(),
                "buildSeconds": self.seconds,
                "tablesLoaded": self.loaded,
            }),
        }
    }

    /// Seconds building its tables took (0 when they were read from bytes).
    pub(super) fn build_seconds(&self) -> f64 {
        if self.loaded {
            0.0
        } else {
            self.seconds
        }
    }

    /// Its tables as bytes ([`PhaseBound::save_tables`], [`CubeBound::save`]).
    pub(super) fn save(&self) -> Vec<u8> {
        match &self.bound {
            Bound::Phase { bound, .. } => bound.save_tables(),
            Bound::Cube(cube) => cube.save(),
        }
    }
}
