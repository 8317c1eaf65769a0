//! 4x4x4 random-state scrambles by reduction: a uniformly random state (the stabilizer chain over
//! cubing.js's `U D F B R L Uw Rw Fw`), solved in five phases and inverted.
//!
//! Phases 1–4 ([`coords`](self)) bring the position into smaller and smaller subgroups: the `R`/`L`
//! centers onto their axis; the other centers onto theirs and the wings into two classes of twelve; the
//! corners untwisted and the middle layer's wings into it; the centers solved and the wings paired into
//! edges, with the edges' permutation parity matching the corners'. What is left is a 3x3x3 in the
//! `U,D,F2,B2,R2,L2` group, solved by the 3x3x3 scrambler's two-phase search (phase 5). Each phase is an
//! IDA* over distance tables of its coordinates (about 11 MB in all, built on first use); a phase's
//! leaves are checked against the next phase's tables, and a phase that cannot finish sends the search
//! back for the previous phase's next solution. Pairing the wings is what no relabelling of pieces
//! expresses, so the generic phase solver cannot do this: phase 4 has its own coordinate (which wing
//! slot holds each wing's partner) and move tables.
//!
//! Every solution is checked on the compact model and the scramble again on the definition itself.

mod coords;
mod cube3;
mod model;
mod nodes;
mod rank;
mod search;
mod tables;

use rand::Rng;

use self::coords::Coords;
use self::cube3::Cube3Map;
use self::model::Model;
use self::search::{Search, Tables};
use crate::alg::Alg;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::events::EventScrambler;
use crate::group::random::random_position;
use crate::group::StabilizerChain;
use crate::puzzle::{MoveRef, Puzzle};
use crate::state::State;

/// Search nodes one solve may visit before it is an error (never a hang).
pub const MAX_NODES: u64 = 200_000_000;

/// The 4x4x4 reduction solver: the model, its tables and the 3x3x3 scrambler for the last phase.
pub struct Cube4Solver {
    model: Model,
    coords: Coords,
    tables: Tables,
    cube3: EventScrambler,
    map: Cube3Map,
}

/// A solution and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cube4Solution {
    /// The moves (of the definition), verified.
    pub moves: Vec<MoveRef>,
    /// Their names in cubing.js's notation.
    pub names: Vec<String>,
    /// Moves found by each of the five phases (before the seams between them are merged).
    pub phase_lengths: [usize; 5],
    /// Search nodes of phases 1–4.
    pub nodes: u64,
    /// Per phase 1–4: search nodes.
    pub phase_nodes: [u64; 4],
    /// Per phase 1–4: how many of its ends went on to the next phase.
    pub phase_ends: [usize; 4],
}

impl Cube4Solver {
    /// Builds the solver for a 4x4x4 definition (cubing.js's `4x4x4` with its `Uw`, `Rw`, `Fw` notation
    /// moves); about 11 MB of tables.
    pub fn new(puzzle: &Puzzle, control: Control) -> Result<Self> {
        let model = Model::new(puzzle)?;
        let coords = Coords::new(&model);
        let tables = Tables::new(&model, &coords, control)?;
        let cube3 = EventScrambler::for_event("333")?;
        let map = Cube3Map::new(&model, cube3.puzzle())?;
        Ok(Cube4Solver { model, coords, tables, cube3, map })
    }

    /// The bytes of the tables (the 3x3x3's not included).
    pub fn table_bytes(&self) -> usize {
        self.tables.bytes()
    }

    /// Solves a position of the puzzle (a state of the definition the solver was built from),
    /// verified on that definition.
    pub fn solve(&self, puzzle: &Puzzle, state: &State, control: Control) -> Result<Cube4Solution> {
        let start = self.model.compact(state)?;
        let search = Search::new(&self.model, &self.coords, &self.tables, &self.cube3, &self.map, control, MAX_NODES);
        let found = search.solve(&start)?;
        let moves = search::puzzle_moves(&self.model, &found.moves);
        if puzzle.apply_moves(state, &moves) != *puzzle.solved() {
            return Err(Error::internal("4x4x4: the solution does not solve the position on the definition"));
        }
        let names = found.moves.iter().map(|&m| self.model.moves[m].name.clone()).collect();
        Ok(Cube4Solution {
            moves,
            names,
            phase_lengths: found.phase_lengths,
            nodes: found.nodes,
            phase_nodes: found.phase_nodes,
            phase_ends: found.phase_ends,
        })
    }
}

/// A random-state scramble: a uniformly random position (`chain`: the definition's group under its
/// scramble moves), solved, inverted and checked to reach the position. Returns the scramble and its
/// number of moves.
pub fn scramble<R: Rng + ?Sized>(
    solver: &Cube4Solver,
    puzzle: &Puzzle,
    chain: &StabilizerChain,
    rng: &mut R,
    control: Control,
) -> Result<(String, usize)> {
    control.check()?;
    let state = random_position(puzzle, chain, rng)?;
    let solution = solver.solve(puzzle, &state, control)?;
    let names: Vec<String> = solution.names.iter().rev().map(|n| invert_name(n)).collect();
    let alg = names.join(" ");
    // Checked as written: the names read back by the definition reach the drawn state.
    if puzzle.position(&Alg::parse(&alg)?)? != state {
        return Err(Error::new("event 444: the scramble does not reach the state"));
    }
    Ok((alg, names.len()))
}

/// The name of the inverse of a move named `X`, `X2` or `X'`.
fn invert_name(name: &str) -> String {
    if let Some(base) = name.strip_suffix('\'') {
        base.to_string()
    } else if name.ends_with('2') {
        name.to_string()
    } else {
        format!("{name}'")
    }
}

#[cfg(test)]
mod tests;
