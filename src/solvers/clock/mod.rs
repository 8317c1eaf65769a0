//! The WCA clock, solved optimally: the fewest dial turns in the notation its scrambles use.
//!
//! cubing.js's `clock` KPuzzle turns its 18 dials (`DIALS`, 12 orientations each) by moves that only add
//! a fixed vector of turns, so the moves commute and a position is its dial vector (and which face is in
//! front: `y2`). A solution is one turn of each of some moves, each by its own amount: the moves of the
//! front (`UR DR DL UL U R D L ALL`, WCA notation), `y2`, the same nine of the back. The fewest turns
//! is then a minimum-support solution of a linear system over Z/12 ([`MinSupport`]: exactly, by every
//! solution modulo 4 and 3; 20,736 of them for the 18 moves over the 14 independent dials), in about a
//! millisecond.
//!
//! The solution is written as the scrambles are: the moves of the face in front, `y2`, the moves of the
//! other face (a position with its front in front ends with a second `y2`; one that needs no move of
//! the other face has no `y2`). Its length counts dial turns, not `y2`, as a scramble's does.

mod min_support;

pub use min_support::{Combination, MinSupport};

use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// The dial moves of one face in WCA order (cubing.js's clock moves, `UR_PLUS_` for `UR`).
pub const DIAL_MOVES: [&str; 9] = ["UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"];

/// The clock's dial orbit in cubing.js's KPuzzle.
const DIALS: &str = "DIALS";

/// The modulus of a dial.
const HOURS: u32 = 12;

/// An optimal clock solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockSolution {
    /// The moves, `y2` among them, in the order they are made.
    pub moves: Vec<MoveRef>,
    /// Its dial turns (`y2` not counted).
    pub turns: usize,
}

/// The clock's optimal solver over a puzzle with cubing.js's clock moves (`UR_PLUS_` … `ALL_PLUS_`,
/// `y2`) and its `DIALS` orbit.
#[derive(Debug, Clone)]
pub struct ClockSolver {
    /// The base moves of the nine dial moves in WCA order.
    dials: [usize; 9],
    /// `y2`.
    y2: MoveRef,
    /// The byte range of the dials' orientations in a state.
    orientations: std::ops::Range<usize>,
    /// The 18 columns: the nine moves of the front, then the nine of the back (each as `y2 M y2`).
    system: MinSupport,
}

impl ClockSolver {
    /// The solver of `puzzle` (cubing.js's `clock`): an error naming what it lacks otherwise.
    pub fn new(puzzle: &Puzzle) -> Result<Self> {
        let base = |name: &str| {
            puzzle
                .base_moves()
                .iter()
                .position(|b| b.name == name)
                .ok_or_else(|| Error::new(format!("clock solver: the puzzle has no move {name}")))
        };
        let mut dials = [0; 9];
        for (d, name) in dials.iter_mut().zip(DIAL_MOVES) {
            *d = base(&format!("{name}{}", crate::model::move_names::CLOCK_SUFFIX))?;
        }
        let y2 = puzzle.move_ref(base("y2")?, 1);
        let orbit =
            puzzle.orbits().iter().find(|o| o.name == DIALS && o.orientations as u32 == HOURS).ok_or_else(|| {
                Error::new(format!("clock solver: the puzzle has no orbit {DIALS} of {HOURS} orientations"))
            })?;
        let orientations = orbit.orientations_range();
        let identity = puzzle.identity();
        let mut columns = Vec::with_capacity(18);
        for back in [false, true] {
            for &d in &dials {
                let m = puzzle.move_ref(d, 1);
                let moves: Vec<MoveRef> = if back { vec![y2, m, y2] } else { vec![m] };
                let t = puzzle.apply_moves(&identity, &moves);
                // A dial move turns dials in place and moves nothing else.
                let mut rest = t.as_bytes().to_vec();
                rest[orientations.clone()].fill(0);
                if rest != identity.as_bytes() {
                    return Err(Error::new(format!(
                        "clock solver: {} is not a turn of the dials alone",
                        puzzle.move_name(m)
                    )));
                }
                columns.push(t.as_bytes()[orientations.clone()].iter().map(|&o| o as u32).collect());
            }
        }
        let system = MinSupport::new(HOURS, &columns)?;
        Ok(ClockSolver { dials, y2, orientations, system })
    }

    /// An optimal solution of `state`: the fewest dial turns that solve it, or an error when no dial turns
    /// and `y2` do (a piece moved, the clock turned by `z`, dials no turn can set).
    pub fn solve(&self, puzzle: &Puzzle, state: &State, control: Control) -> Result<ClockSolution> {
        control.check()?;
        let flipped = puzzle.apply(state, self.y2);
        let (home, front_first) = if self.dials_only(puzzle, state) {
            (state, true)
        } else if self.dials_only(puzzle, &flipped) {
            (&flipped, false)
        } else {
            return Err(Error::new(
                "clock: the position is not solvable (pieces or the frame moved by more than dial turns and y2)",
            ));
        };
        let target: Vec<u32> =
            home.as_bytes()[self.orientations.clone()].iter().map(|&o| (HOURS - o as u32 % HOURS) % HOURS).collect();
        let c = self
            .system
            .solve(&target)
            .ok_or_else(|| Error::new("clock: the position is not solvable (dials no turns can set)"))?;
        let turns = |side: usize| -> Vec<MoveRef> {
            self.dials
                .iter()
                .zip(&c.multipliers[side * 9..side * 9 + 9])
                .filter(|(_, &a)| a != 0)
                .map(|(&d, &a)| puzzle.move_ref(d, a as i64))
                .collect()
        };
        let (front, back) = (turns(0), turns(1));
        // `home` is the position with its front in front: the back's columns are `y2 M y2`.
        let moves: Vec<MoveRef> = if front_first {
            if back.is_empty() {
                front
            } else {
                [front, vec![self.y2], back, vec![self.y2]].concat()
            }
        } else {
            // `state · X · y2 · Y` = `home · (y2 X y2) · Y`: X are the back's, Y the front's.
            [back, vec![self.y2], front].concat()
        };
        if puzzle.apply_moves(state, &moves) != *puzzle.solved() {
            return Err(Error::internal("clock: the solution does not solve the position"));
        }
        Ok(ClockSolution { turns: c.support, moves })
    }

    /// Whether `state` differs from solved in its dials' orientations only.
    fn dials_only(&self, puzzle: &Puzzle, state: &State) -> bool {
        let mut rest = state.as_bytes().to_vec();
        rest[self.orientations.clone()].copy_from_slice(&puzzle.solved().as_bytes()[self.orientations.clone()]);
        rest == puzzle.solved().as_bytes()
            && state.as_bytes()[self.orientations.clone()].iter().all(|&o| (o as u32) < HOURS)
    }

    /// The linear system of the 18 dial moves (the front's nine, then the back's).
    pub fn system(&self) -> &MinSupport {
        &self.system
    }
}

#[cfg(test)]
mod tests;
