//! The optimal solver's second bound as the shells ask for it — the CLI's `--phase-bound` and
//! `--cube-bound`, the JS API's `phaseBound` and `cubeBound` — made in one place: a [`BoundRequest`]
//! names the bound (a [`PhaseBound`]: the distance to a subgroup along every axis; or the 3x3x3's own
//! [`CubeBound`]), is checked against the solver it is for before anything is read or built, and makes
//! a [`MadeBound`]: its tables built, or read from saved bytes (whole, or in pieces for a file too big
//! to hold beside the table). The made bound gives the solver its [`SearchBound`], its report (the
//! shells' `phaseBound` object) and its tables as bytes. Where the bytes come from and go to (files,
//! IndexedDB), and how options are spelt, stay with the shells.

use std::sync::Arc;

use serde_json::{json, Value};

use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::moveset::MoveSet;
use crate::model::puzzle::Puzzle;
use crate::model::state::State;
use crate::phase::{PhaseBound, PhaseSolver, PhaseSolverOptions};
use crate::search::{SearchBound, Solver, Target};
use crate::solvers::cube3::{CubeBound, CubeTable};

/// What a bound is made of: two requests with equal keys make the same bound (a shell keeps a solver
/// with its bound while the key stays the same).
#[derive(Debug, Clone, PartialEq)]
pub enum BoundKey {
    /// A phase bound: its subgroup's generators (base move, step) and its tables' budget in bytes.
    Phase(Vec<(usize, u32)>, usize),
    /// The cube's table and its budget in bytes.
    Cube(CubeTable, usize),
}

/// Which bound a request asks for.
#[derive(Debug, Clone)]
enum Kind {
    /// A phase bound: the subgroup's moves as given (for the report), the options of its phase solver.
    Phase { moves: String, options: PhaseSolverOptions },
    /// The cube's own table, and its budget in bytes.
    Cube { table: CubeTable, memory_bytes: usize },
}

/// A bound asked for, for the optimal solver of one move set and target; nothing built yet.
#[derive(Debug, Clone)]
pub struct BoundRequest {
    kind: Kind,
    key: BoundKey,
}

/// Saved tables to make a bound from.
pub enum SavedTables<'a> {
    /// The whole saved bytes ([`MadeBound::save`]).
    Bytes(&'a [u8]),
    /// A saved file of `total` bytes read in pieces: `head` its first bytes (the whole file, or at
    /// least [`CubeBound::HEAD_BYTES`]), `read(at, buf)` fills `buf` from offset `at` (the cube's big
    /// tables are loaded without their file's bytes held beside them).
    InPieces {
        /// The file's first bytes.
        head: &'a [u8],
        /// The file's length.
        total: u64,
        /// Reads the file's bytes at an offset.
        read: &'a mut dyn FnMut(u64, &mut [u8]) -> Result<()>,
    },
}

impl SavedTables<'_> {
    /// The whole bytes, read into memory where they came in pieces.
    fn whole(&mut self) -> Result<std::borrow::Cow<'_, [u8]>> {
        match self {
            SavedTables::Bytes(b) => Ok(std::borrow::Cow::Borrowed(b)),
            SavedTables::InPieces { head, total, read } => {
                let total = usize::try_from(*total).map_err(|_| Error::limit("the saved tables are too big"))?;
                if head.len() >= total {
                    return Ok(std::borrow::Cow::Borrowed(&head[..total]));
                }
                let mut bytes = vec![0u8; total];
                bytes[..head.len()].copy_from_slice(head);
                read(head.len() as u64, &mut bytes[head.len()..])?;
                Ok(std::borrow::Cow::Owned(bytes))
            }
        }
    }
}

impl BoundRequest {
    /// A phase bound: the distance to the subgroup `subgroup` names (a move list such as
    /// `U,D,F2,B2,R2,L2`, kept as given for the report) along every axis, its tables within
    /// `memory_bytes` (exact where they fit, projections otherwise), for the optimal solver of `moves`
    /// towards `target` (`None`: solved). Refused with the move list's own error where `subgroup` is no
    /// move list of the puzzle.
    pub fn phase(
        puzzle: &Puzzle,
        subgroup: &str,
        memory_bytes: usize,
        moves: &MoveSet,
        target: Option<&State>,
    ) -> Result<Self> {
        let set = MoveSet::parse(puzzle, subgroup)?;
        let key = BoundKey::Phase(set.generators().iter().map(|g| (g.base, g.step)).collect(), memory_bytes);
        let options = PhaseBound::solver_options(moves, set, target.cloned(), memory_bytes);
        Ok(BoundRequest { kind: Kind::Phase { moves: subgroup.to_string(), options }, key })
    }

    /// The cube's own bound ([`CubeBound`]): its `table` within `memory_bytes` (checked by
    /// [`BoundRequest::check`], before anything is read or built).
    pub fn cube(table: CubeTable, memory_bytes: usize) -> Self {
        BoundRequest { kind: Kind::Cube { table, memory_bytes }, key: BoundKey::Cube(table, memory_bytes) }
    }

    /// What it is made of.
    pub fn key(&self) -> BoundKey {
        self.key.clone()
    }

    /// The cube's table it asks for (`None`: a phase bound).
    pub fn cube_table(&self) -> Option<CubeTable> {
        match self.kind {
            Kind::Cube { table, .. } => Some(table),
            Kind::Phase { .. } => None,
        }
    }

    /// Whether it bounds a search towards `target` of `puzzle`: a phase bound any target, the cube's
    /// only the solved cube (a shell refuses the rest in its own words before [`BoundRequest::check`]
    /// does in the core's).
    pub fn bounds_target(&self, puzzle: &Puzzle, target: &Target) -> bool {
        match self.kind {
            Kind::Phase { .. } => true,
            Kind::Cube { .. } => target.bytes() == puzzle.solved().as_bytes(),
        }
    }

    /// The key of its saved tables, 16 hex digits (a phase bound's: [`PhaseSolver::tables_key`], shared
    /// with a multi-phase solver of the same tables) or the table's name and 16 hex digits
    /// ([`CubeTable::key_string`]; refused for a definition that is no 3x3x3). Cheap: nothing is built.
    pub fn tables_key(&self, puzzle: &Puzzle) -> Result<String> {
        match &self.kind {
            Kind::Phase { options, .. } => PhaseSolver::tables_key(puzzle, options),
            Kind::Cube { table, .. } => table.key_string(puzzle),
        }
    }

    /// Refuses, before anything is read or built, what [`BoundRequest::make`] would refuse for
    /// `solver`: for the cube's bound a target other than solved, a move that is no face turn of a
    /// 3x3x3 definition (or a definition that is no 3x3x3), and a table over the budget
    /// ([`CubeTable::check_budget`]: a `limit` error, and the big tables on a 32-bit target).
    pub fn check(&self, puzzle: &Puzzle, solver: &Solver) -> Result<()> {
        let Kind::Cube { table, memory_bytes } = &self.kind else { return Ok(()) };
        if !self.bounds_target(puzzle, solver.target()) {
            return Err(Error::new("the 3x3x3's own bound bounds searches to the solved cube only"));
        }
        CubeBound::check_moves(puzzle, solver.move_list())?;
        table.check_budget(*memory_bytes)
    }

    /// Makes the bound for `solver` (made for the moves and target of the request): checked as
    /// [`BoundRequest::check`] says, its tables read from `saved` (refused when damaged or saved for
    /// other tables) or else built, each step reported to `control`.
    pub fn make(
        &self,
        puzzle: &Arc<Puzzle>,
        solver: &Solver,
        saved: Option<SavedTables<'_>>,
        control: Control,
    ) -> Result<MadeBound> {
        self.check(puzzle, solver)?;
        let started = control.now();
        let loaded = saved.is_some();
        let bound = match &self.kind {
            Kind::Phase { moves, options } => {
                let (puzzle, options) = (Arc::clone(puzzle), options.clone());
                let phases = match saved {
                    Some(mut saved) => PhaseSolver::with_saved_tables(puzzle, options, &saved.whole()?, control)?,
                    None => PhaseSolver::new(puzzle, options, control)?,
                };
                Made::Phase {
                    bound: Arc::new(PhaseBound::from_solver(phases, solver.move_list())?),
                    moves: moves.clone(),
                }
            }
            Kind::Cube { table, memory_bytes } => {
                let cube = match saved {
                    Some(SavedTables::Bytes(bytes)) => CubeBound::load(puzzle, *table, bytes, *memory_bytes)?,
                    Some(SavedTables::InPieces { head, total, read }) => {
                        CubeBound::load_in_order(puzzle, *table, head, total, read, *memory_bytes)?
                    }
                    None => CubeBound::new(puzzle, *table, *memory_bytes, control)?,
                };
                Made::Cube { bound: cube.for_moves(solver.move_list())?, whole: cube }
            }
        };
        Ok(MadeBound { bound, seconds: control.seconds_since(started), loaded })
    }
}

/// A bound made.
#[derive(Clone)]
enum Made {
    Phase {
        bound: Arc<PhaseBound>,
        /// The subgroup's moves as the request gave them.
        moves: String,
    },
    Cube {
        /// Made for the solver's moves ([`CubeBound::for_moves`]).
        bound: CubeBound,
        /// As made: for every face turn (shared by other solvers' bounds).
        whole: CubeBound,
    },
}

/// A bound made for one solver, with how it was made.
#[derive(Clone)]
pub struct MadeBound {
    bound: Made,
    seconds: f64,
    loaded: bool,
}

impl MadeBound {
    /// The bound as the solver takes it ([`Solver::set_bound`]).
    pub fn search_bound(&self) -> Arc<dyn SearchBound> {
        match &self.bound {
            Made::Phase { bound, .. } => Arc::clone(bound) as Arc<dyn SearchBound>,
            Made::Cube { bound, .. } => Arc::new(bound.clone()),
        }
    }

    /// The cube's bound (made for the solver's moves), whose own search answers plain requests
    /// ([`CubeBound::solve_request`]); `None` for a phase bound.
    pub fn cube(&self) -> Option<&CubeBound> {
        match &self.bound {
            Made::Cube { bound, .. } => Some(bound),
            Made::Phase { .. } => None,
        }
    }

    /// The same cube's bound (its table shared) for another solver (another metric); `None` for a
    /// phase bound, whose tables are made for one solver's moves and target.
    pub fn for_solver(&self, solver: &Solver) -> Option<Result<MadeBound>> {
        let Made::Cube { whole, .. } = &self.bound else { return None };
        Some(
            whole
                .for_moves(solver.move_list())
                .map(|bound| MadeBound { bound: Made::Cube { bound, whole: whole.clone() }, ..self.clone() }),
        )
    }

    /// Seconds making it took (building or reading its tables).
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Whether its tables came from saved bytes.
    pub fn loaded(&self) -> bool {
        self.loaded
    }

    /// Seconds building its tables took (0 when they were read from saved bytes).
    pub fn build_seconds(&self) -> f64 {
        if self.loaded {
            0.0
        } else {
            self.seconds
        }
    }

    /// What the shells report of it (their `phaseBound` object): for a phase bound `{moves, axes,
    /// exact, tableBytes, buildSeconds, tablesLoaded}` (`exact`: the full table of exact distances,
    /// else projections), for the cube's `{table, axes, exact, tableBytes, buildSeconds,
    /// tablesLoaded}` (`buildSeconds`: making it, reading included).
    pub fn report(&self) -> Value {
        match &self.bound {
            Made::Phase { bound: b, moves } => json!({
                "moves": moves,
                "axes": b.axes(),
                "exact": b.exact(),
                "tableBytes": b.table_bytes(),
                "buildSeconds": self.seconds,
                "tablesLoaded": self.loaded,
            }),
            Made::Cube { bound: b, .. } => json!({
                "table": b.kind().name(),
                "axes": 3,
                "exact": true,
                "tableBytes": b.table_bytes(),
                "buildSeconds": self.seconds,
                "tablesLoaded": self.loaded,
            }),
        }
    }

    /// Its tables as bytes ([`PhaseBound::save_tables`], [`CubeBound::save`]), for
    /// [`SavedTables::Bytes`].
    pub fn save(&self) -> Vec<u8> {
        match &self.bound {
            Made::Phase { bound, .. } => bound.save_tables(),
            Made::Cube { whole, .. } => whole.save(),
        }
    }

    /// The bytes of [`MadeBound::save`] handed to `write(at, bytes)` at their offsets (the cube's tables
    /// 64 MiB at a time, [`CubeBound::save_in_order`]): a file written without its bytes held beside the
    /// table. Stops at the first error `write` returns.
    pub fn save_in_order(&self, mut write: impl FnMut(u64, &[u8]) -> Result<()>) -> Result<()> {
        match &self.bound {
            Made::Phase { bound, .. } => write(0, &bound.save_tables()),
            Made::Cube { whole, .. } => whole.save_in_order(write),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::cube2_solver;

    /// A phase bound made, reported, saved and made again from its bytes, whole or in pieces: the same
    /// bound, loaded; damaged bytes refused.
    #[test]
    fn a_phase_bound_goes_to_bytes_and_back() {
        let (p, solver) = cube2_solver();
        let request = BoundRequest::phase(&p, "U,R2", 1 << 20, solver.moves(), None).unwrap();
        assert_eq!(request.cube_table(), None);
        assert!(request.bounds_target(&p, solver.target()));
        let made = request.make(&p, &solver, None, Control::none()).unwrap();
        let report = made.report();
        let keys: Vec<&str> = report.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["moves", "axes", "exact", "tableBytes", "buildSeconds", "tablesLoaded"]);
        assert_eq!((&report["moves"], &report["tablesLoaded"]), (&json!("U,R2"), &json!(false)));
        assert!(made.cube().is_none() && made.for_solver(&solver).is_none() && !made.loaded());
        let bytes = made.save();
        let mut pieces = Vec::new();
        made.save_in_order(|at, b| {
            pieces.push((at, b.to_vec()));
            Ok(())
        })
        .unwrap();
        assert_eq!(pieces, [(0, bytes.clone())]);
        let loaded = request.make(&p, &solver, Some(SavedTables::Bytes(&bytes)), Control::none()).unwrap();
        assert!(loaded.loaded() && loaded.build_seconds() == 0.0);
        assert_eq!(
            (loaded.report()["tableBytes"].clone(), loaded.save()),
            (report["tableBytes"].clone(), bytes.clone())
        );
        let mut read = |at: u64, buf: &mut [u8]| {
            buf.copy_from_slice(&bytes[at as usize..at as usize + buf.len()]);
            Ok(())
        };
        let head = &bytes[..10];
        let saved = SavedTables::InPieces { head, total: bytes.len() as u64, read: &mut read };
        assert_eq!(request.make(&p, &solver, Some(saved), Control::none()).unwrap().save(), bytes);
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(request.make(&p, &solver, Some(SavedTables::Bytes(&damaged)), Control::none()).is_err());
    }

    /// Requests are told apart by their keys; the cube's bound is refused on another puzzle before
    /// anything is built, and its budget checked there too.
    #[test]
    fn requests_are_keyed_and_checked() {
        let (p, solver) = cube2_solver();
        let a = BoundRequest::phase(&p, "U,R2", 1 << 20, solver.moves(), None).unwrap();
        let b = BoundRequest::phase(&p, "U,R", 1 << 20, solver.moves(), None).unwrap();
        let c = BoundRequest::phase(&p, "U,R2", 2 << 20, solver.moves(), None).unwrap();
        assert_eq!(a.key(), a.clone().key());
        assert_ne!(a.key(), b.key());
        assert_ne!(a.key(), c.key());
        assert!(BoundRequest::phase(&p, "U,X", 1 << 20, solver.moves(), None).is_err());
        let cube = BoundRequest::cube(CubeTable::Phase1, 1 << 30);
        assert_eq!(
            (cube.key(), cube.cube_table()),
            (BoundKey::Cube(CubeTable::Phase1, 1 << 30), Some(CubeTable::Phase1))
        );
        assert!(cube.check(&p, &solver).unwrap_err().to_string().contains("3x3x3"));
        assert!(cube.make(&p, &solver, None, Control::none()).is_err());
        assert!(cube.tables_key(&p).is_err());
    }
}
