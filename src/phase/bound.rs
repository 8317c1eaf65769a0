//! [`PhaseBound`]: the distance to a subgroup as a lower bound for an optimal search. A position `x` is
//! at least as far from solved as from the subgroup `H` (solved is in `H`), and, turned by a rotation
//! `r` that keeps the moves, `r⁻¹ x r` is as far from solved as `x`: so the largest of the distances to
//! `H` along each axis (the 3x3x3's `U,D,F2,B2,R2,L2` and its turns onto the F/B and R/L axes) bounds
//! the optimal length. With the phase's full table (exact distances, two bits per coset) this is the
//! heuristic of Kociemba's optimal solver; with projection tables it is weaker but small.
//!
//! The search keeps, per node, each axis's coordinates and distance, and updates them by move tables:
//! a node of the search is [`PhaseBound::node_len`] words.

use std::sync::Arc;

use super::conjugate::Conjugate;
use super::solver::inverse_position;
use super::stage::Phase;
use super::table::UNREACHED;
use super::{PhaseSolver, PhaseSolverOptions};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::moveset::MoveSet;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::search::SearchBound;

/// One axis: how the position is turned, and per move of the search its phase move.
#[derive(Debug)]
struct Axis {
    turn: Option<Conjugate>,
    /// Per move of the search (by index): the index of the turned move among the phase's moves.
    moves: Vec<usize>,
}

/// The default memory budget for a [`PhaseBound`]'s tables (the CLI's `--phase-bound-memory`, the JS
/// API's `phaseBoundMemoryMB`): 64 MiB, projection tables for the 3x3x3, whose full table needs 529 MiB.
pub const DEFAULT_BOUND_MEMORY: usize = 64 << 20;

/// The distance to a subgroup along every axis, as a bound for searches with a given move list.
#[derive(Debug)]
pub struct PhaseBound {
    solver: PhaseSolver,
    axes: Vec<Axis>,
}

impl PhaseBound {
    /// Builds the phase table of the subgroup `subgroup` of the group of `moves` (full where it fits
    /// `memory_bytes`, projections otherwise) for searches whose moves are `move_list` (each a move of
    /// `moves`) towards `target` (`None`: solved). Every rotation of the definition that keeps the
    /// moves and turns the subgroup into another gives one more axis, where the target allows turning
    /// (solved with distinct pieces).
    pub fn new(
        puzzle: Arc<Puzzle>,
        moves: &MoveSet,
        subgroup: MoveSet,
        move_list: &[MoveRef],
        target: Option<State>,
        memory_bytes: usize,
        control: Control,
    ) -> Result<Self> {
        let options = Self::solver_options(moves, subgroup, target, memory_bytes);
        Self::from_solver(PhaseSolver::new(puzzle, options, control)?, move_list)
    }

    /// The options of the phase solver whose table [`PhaseBound::new`] builds (to build it elsewhere, or
    /// load its saved tables, and hand it to [`PhaseBound::from_solver`]).
    pub fn solver_options(
        moves: &MoveSet,
        subgroup: MoveSet,
        target: Option<State>,
        memory_bytes: usize,
    ) -> PhaseSolverOptions {
        PhaseSolverOptions {
            moves: Some(moves.clone()),
            phases: vec![subgroup],
            target,
            memory_bytes,
            // The bound reads distances only: no move masks.
            move_masks: false,
            ..PhaseSolverOptions::default()
        }
    }

    /// The bound of a solver made with [`PhaseBound::solver_options`], for searches whose moves are
    /// `move_list`.
    pub fn from_solver(solver: PhaseSolver, move_list: &[MoveRef]) -> Result<Self> {
        if solver.phases.len() != 2 {
            return Err(Error::new("a phase bound needs the solver of one subgroup (two phases)"));
        }
        let puzzle = Arc::clone(&solver.puzzle);
        let ph = &solver.phases[0];
        let index_of = |m: MoveRef| ph.moves.iter().position(|&x| x == m);
        let plain: Option<Vec<usize>> = move_list.iter().map(|&m| index_of(m)).collect();
        let plain = plain.ok_or_else(|| Error::new("a move of the search is not a move of the phase's group"))?;
        let mut axes = vec![Axis { turn: None, moves: plain }];
        let layout = puzzle.layout();
        if inverse_position(layout, solver.target.bytes(), solver.target.bytes()).is_some() {
            for c in &solver.conjugates {
                let turned: Option<Vec<usize>> = move_list.iter().map(|&m| c.turn_move(m).and_then(index_of)).collect();
                if let Some(moves) = turned {
                    axes.push(Axis { turn: Some(c.clone()), moves });
                }
            }
        }
        Ok(PhaseBound { solver, axes })
    }

    /// How many axes the bound looks along (1 without rotations).
    pub fn axes(&self) -> usize {
        self.axes.len()
    }

    /// Whether the phase's table holds exact distances (else projections: a weaker bound).
    pub fn exact(&self) -> bool {
        self.phase().full.is_some()
    }

    /// Bytes of the phase's tables.
    pub fn table_bytes(&self) -> usize {
        self.solver.table_bytes()
    }

    /// The phase's tables as bytes ([`PhaseSolver::save_tables`]), for a later
    /// [`PhaseSolver::with_saved_tables`] with [`PhaseBound::solver_options`] and
    /// [`PhaseBound::from_solver`].
    pub fn save_tables(&self) -> Vec<u8> {
        self.solver.save_tables()
    }

    fn phase(&self) -> &Phase {
        &self.solver.phases[0]
    }
}

impl SearchBound for PhaseBound {
    /// Per axis, the coordinates and the distance.
    fn node_len(&self) -> usize {
        self.axes.len() * (self.phase().coords.len() + 1)
    }

    /// `u32::MAX` when some axis finds the position outside the phase's group: no solution.
    fn start(&self, state: &[u8], node: &mut [u32]) -> u32 {
        let p = &*self.solver.puzzle;
        let layout = p.layout();
        let ph = self.phase();
        let n = ph.coords.len();
        let mut relabelled = vec![0u8; state.len()];
        let mut scratch = ph.coords.workspace();
        let (mut work, mut next) = (vec![0u32; n], vec![0u32; n]);
        let mut best = 0;
        for (a, axis) in self.axes.iter().enumerate() {
            let turned = match &axis.turn {
                Some(c) => c.apply(layout, state),
                None => state.to_vec(),
            };
            let slot = &mut node[a * (n + 1)..(a + 1) * (n + 1)];
            let (vals, d) = slot.split_at_mut(n);
            let Ok(normal) = self.solver.target.normalize(layout, &turned) else { return u32::MAX };
            if !ph.relabel.apply_into(layout, &normal, &mut relabelled)
                || !ph.coords.of_state_into(&relabelled, &mut scratch, vals)
            {
                return u32::MAX;
            }
            d[0] = match &ph.full {
                Some(full) => full.distance(&ph.coords, vals, &mut work, &mut next).unwrap_or(u32::MAX),
                None => projection_bound(ph, vals),
            };
            best = best.max(d[0]);
        }
        best
    }

    /// Each axis's coordinates after the move, and a prefetch of its full-table word.
    #[inline]
    fn prepare(&self, parent: &[u32], m: usize, child: &mut [u32]) {
        let ph = self.phase();
        let n = ph.coords.len();
        for (a, axis) in self.axes.iter().enumerate() {
            let at = a * (n + 1);
            ph.coords.apply(&parent[at..at + n], axis.moves[m], &mut child[at..at + n]);
            if let Some(full) = &ph.full {
                full.prefetch(&child[at..at + n]);
            }
        }
    }

    /// Each axis's distance from the prepared coordinates; the largest.
    #[inline]
    fn finish(&self, parent: &[u32], _m: usize, child: &mut [u32]) -> u32 {
        let ph = self.phase();
        let n = ph.coords.len();
        let mut best = 0;
        for a in 0..self.axes.len() {
            let at = a * (n + 1);
            let (from, to) = (parent[at + n], &mut child[at..at + n + 1]);
            to[n] = match &ph.full {
                Some(full) if from != u32::MAX => {
                    super::full::FullTable::step_distance(from, full.value(&to[..n])).unwrap_or(u32::MAX)
                }
                Some(_) => u32::MAX,
                None => projection_bound(ph, &to[..n]),
            };
            best = best.max(to[n]);
        }
        best
    }
}

/// The projections' bound of coordinate values (`u32::MAX` where one is unreachable).
#[inline]
fn projection_bound(ph: &Phase, vals: &[u32]) -> u32 {
    let mut h = 0u32;
    for t in &ph.tables {
        match t.lookup(vals) {
            UNREACHED => return u32::MAX,
            d => h = h.max(d as u32),
        }
    }
    h
}
