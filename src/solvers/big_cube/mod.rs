//! Big cubes (cubing.js's 5x5x5, 6x6x6, 7x7x7; any NxNxN of its kind): a solution (not optimal) in
//! seconds, in stages derived from the definition's orbits and moves:
//!
//! 1. on odd cubes, the six fixed centers home (a breadth-first search over the middle slices);
//! 2. the corners and middle edges, as a 3x3x3 position (project), by the 3x3x3's two-phase search in
//!    outer face turns (on even cubes the corners alone);
//! 3. each wing orbit's permutation made even by inner slice quarter turns (they move no corner, middle
//!    edge or fixed center);
//! 4. every other orbit (wings, the centers of each kind) by a beam search
//!    ([`crate::search::beam::beam_search`]) over pure 3-cycles found automatically
//!    ([`crate::search::commutators::three_cycles`]: commutators of the layer turns, middle slices
//!    included, and their conjugates, each moving three pieces of one orbit and nothing else), scored by
//!    the slots still wrong.
//!
//! The fixed centers' orientations are not solved (cubing.js draws them plain). The answer is checked by
//! applying it.

mod project;

use std::collections::HashMap;

use self::project::{Cube3Projection, FACES};
use crate::control::Control;
use crate::coord::perm::is_odd as odd;
use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, MoveSource, Puzzle};
use crate::model::state::State;
use crate::search::beam::{beam_search, BeamOptions, Operator};
use crate::search::commutators::{simplify, three_cycles};
use crate::solvers::cube4::Cube3Solver;

/// A big cube's solution, with the moves of each stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BigCubeSolution {
    /// The moves (adjacent turns of one layer merged).
    pub moves: Vec<MoveRef>,
    /// Moves per stage: fixed centers, 3x3x3, wing parity, 3-cycles.
    pub stages: [usize; 4],
}

/// The solver of one big cube definition: its stages' moves and 3-cycles, and the 3x3x3 solver.
pub struct BigCubeSolver {
    /// The fixed centers' orbit (odd cubes).
    fixed: Option<usize>,
    /// The layer turns that move the fixed centers (odd cubes' middle slices), each power.
    slices: Vec<MoveRef>,
    projection: Cube3Projection,
    cube3: Box<dyn Cube3Solver>,
    /// The wing orbits (distinct pieces, solved by 3-cycles: their permutations must be even).
    wings: Vec<usize>,
    /// Quarter turns of inner slices and which wing orbits' parity each changes.
    parity_moves: Vec<(MoveRef, Vec<bool>)>,
    /// The 3-cycles of the orbits the beam search solves.
    macros: Vec<Operator>,
    /// Solved, the fixed centers' orientations wildcards.
    target: State,
}

impl BigCubeSolver {
    /// The solver of `puzzle` (a cubing.js NxNxN definition, N ≥ 4: orbits `CORNERS` of 8 pieces, middle
    /// edges of 12 on odd cubes, fixed centers of 6, every other orbit of 24), with `cube3` for the corners
    /// and middle edges. Finding the 3-cycles takes about a second natively.
    pub fn new(puzzle: &Puzzle, cube3: Box<dyn Cube3Solver>, control: Control) -> Result<Self> {
        let bad = |why: String| Error::new(format!("big cube solver: {}: {why}", puzzle.name()));
        let orbits = puzzle.orbits();
        let by_size = |n: usize| orbits.iter().position(|o| o.size == n);
        let corners = by_size(8).ok_or_else(|| bad("no orbit of 8 corners".into()))?;
        let edges = by_size(12);
        let fixed = by_size(6);
        if edges.is_some() != fixed.is_some() {
            return Err(bad("an odd cube has both middle edges and fixed centers".into()));
        }
        let rest: Vec<usize> =
            (0..orbits.len()).filter(|&k| ![Some(corners), edges, fixed].contains(&Some(k))).collect();
        if rest.is_empty() || rest.iter().any(|&k| orbits[k].size != 24) {
            return Err(bad("its other orbits are not all of 24 pieces (an NxNxN, N ≥ 4)".into()));
        }
        let solved = puzzle.solved().as_bytes();
        let wings: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&k| {
                let mut p = solved[orbits[k].pieces_range()].to_vec();
                p.sort_unstable();
                p.dedup();
                p.len() == orbits[k].size
            })
            .collect();
        // Layer turns: the definition's own moves (not sequences, not rotations).
        let moves_fixed = |m: MoveRef| match fixed {
            Some(f) => {
                let t = puzzle.transform(m);
                orbits[f].pieces_range().any(|i| t[i] as usize != i - orbits[f].offset)
            }
            None => false,
        };
        let mut layers = Vec::new();
        let mut slices = Vec::new();
        for (b, base) in puzzle.base_moves().iter().enumerate() {
            if base.rotation || base.notation || base.order != 4 || !matches!(base.source, MoveSource::Defined) {
                continue;
            }
            let q = puzzle.move_ref(b, 1);
            let t = puzzle.transform(q);
            if orbits[corners].pieces_range().all(|i| t[i] as usize != i - orbits[corners].offset) {
                continue; // a rotation of the whole cube
            }
            let powers = [1, 2, -1].map(|k| puzzle.move_ref(b, k));
            if moves_fixed(q) {
                slices.extend(powers);
            } else {
                layers.extend(powers);
            }
        }
        for f in FACES {
            puzzle.lookup(f).ok_or_else(|| bad(format!("no face turn {f}")))?;
        }
        let projection = Cube3Projection::new(puzzle, corners, edges, cube3.puzzle())?;
        // Inner slice quarter turns: moving no corner, middle edge or fixed center.
        let untouched = |t: &[u8], k: usize| {
            let o = &orbits[k];
            (0..o.size).all(|i| t[o.offset + i] as usize == i && t[o.offset + o.size + i] == 0)
        };
        let parity_moves = layers
            .iter()
            .filter(|m| m.amount == 1)
            .filter(|&&m| [Some(corners), edges, fixed].iter().flatten().all(|&k| untouched(puzzle.transform(m), k)))
            .map(|&m| (m, wings.iter().map(|&k| odd(&puzzle.transform(m)[orbits[k].pieces_range()])).collect()))
            .collect();
        // Middle slices too: a commutator restores the fixed centers (the +centers' 3-cycles need them).
        let all_layers = [layers.clone(), slices.clone()].concat();
        let macros: Vec<Operator> = three_cycles(puzzle, &all_layers, control)?
            .into_iter()
            .filter(|op| rest.contains(&(op.changes[0].orbit as usize)))
            .collect();
        for &k in &rest {
            if !macros.iter().any(|op| op.changes[0].orbit as usize == k) {
                return Err(bad(format!("no 3-cycle of {} found", orbits[k].name)));
            }
        }
        let mut target = solved.to_vec();
        if let Some(f) = fixed {
            target[orbits[f].orientations_range()].fill(orbits[f].wildcard());
        }
        Ok(BigCubeSolver {
            fixed,
            slices,
            projection,
            cube3,
            wings,
            parity_moves,
            macros,
            target: State::from_vec(target),
        })
    }

    /// How many 3-cycles the beam search has.
    pub fn macro_count(&self) -> usize {
        self.macros.len()
    }

    /// A solution of `state` (checked by applying it), the 3-cycles' beam search limited by `beam`; an
    /// error for a position the stages cannot solve (not one of the cube's) or on cancellation.
    pub fn solve(
        &self,
        puzzle: &Puzzle,
        state: &State,
        beam: &BeamOptions,
        control: Control,
    ) -> Result<BigCubeSolution> {
        let mut cur = state.clone();
        let mut all = Vec::new();
        let mut stages = [0; 4];
        let mut stage = |moves: Vec<MoveRef>, cur: &mut State, all: &mut Vec<MoveRef>, n: usize| {
            *cur = puzzle.apply_moves(cur, &moves);
            stages[n] = moves.len();
            all.extend(moves);
        };
        stage(self.fixed_centers(puzzle, &cur)?, &mut cur, &mut all, 0);
        control.check()?;
        let s3 = self.projection.state(&cur, self.cube3.puzzle());
        let p3 = self.cube3.puzzle();
        let moves3 = self.cube3.solve_moves(&s3, control)?;
        let moves: Vec<MoveRef> = moves3
            .iter()
            .map(|&m| {
                let name = p3.move_name(m);
                puzzle.lookup(&name).ok_or_else(|| Error::internal(format!("big cube: no move {name}")))
            })
            .collect::<Result<_>>()?;
        stage(moves, &mut cur, &mut all, 1);
        stage(self.wing_parity(puzzle, &cur)?, &mut cur, &mut all, 2);
        let moves = beam_search(puzzle, &cur, &self.target, &self.macros, beam, control)?;
        stage(moves, &mut cur, &mut all, 3);
        if !matches(puzzle, &cur, &self.target) {
            return Err(Error::internal("big cube: the stages do not solve the position"));
        }
        let moves = simplify(puzzle, &all);
        if !matches(puzzle, &puzzle.apply_moves(state, &moves), &self.target) {
            return Err(Error::internal("big cube: the simplified solution does not solve the position"));
        }
        Ok(BigCubeSolution { moves, stages })
    }

    /// Middle slices that bring the fixed centers home (none on even cubes).
    fn fixed_centers(&self, puzzle: &Puzzle, state: &State) -> Result<Vec<MoveRef>> {
        let Some(f) = self.fixed else { return Ok(Vec::new()) };
        let o = &puzzle.orbits()[f];
        let key = |s: &State| s.as_bytes()[o.pieces_range()].to_vec();
        let home = key(puzzle.solved());
        let mut seen: HashMap<Vec<u8>, Vec<MoveRef>> = HashMap::from([(key(state), Vec::new())]);
        let mut frontier = vec![(state.clone(), Vec::new())];
        for _ in 0..=4 {
            let mut next = Vec::new();
            for (s, path) in &frontier {
                if key(s) == home {
                    return Ok(path.clone());
                }
                for &m in &self.slices {
                    let t = puzzle.apply(s, m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(&t)) {
                        let mut p: Vec<MoveRef> = path.clone();
                        p.push(m);
                        e.insert(p.clone());
                        next.push((t, p));
                    }
                }
            }
            frontier = next;
        }
        Err(Error::new("big cube: the fixed centers cannot be brought home (not a position of the cube)"))
    }

    /// Inner slice quarter turns that make every wing orbit's permutation even.
    fn wing_parity(&self, puzzle: &Puzzle, state: &State) -> Result<Vec<MoveRef>> {
        let orbits = puzzle.orbits();
        let want: Vec<bool> = self.wings.iter().map(|&k| odd(&state.as_bytes()[orbits[k].pieces_range()])).collect();
        // Subsets of the candidates by size, the first that flips exactly the odd orbits.
        let n = self.parity_moves.len().min(16);
        let mut subsets: Vec<u32> = (0..1u32 << n).collect();
        subsets.sort_by_key(|s| s.count_ones());
        for s in subsets {
            let mut flip = vec![false; want.len()];
            for (i, (_, f)) in self.parity_moves.iter().enumerate().take(n) {
                if s >> i & 1 == 1 {
                    for (a, &b) in flip.iter_mut().zip(f) {
                        *a ^= b;
                    }
                }
            }
            if flip == want {
                return Ok((0..n).filter(|i| s >> i & 1 == 1).map(|i| self.parity_moves[i].0).collect());
            }
        }
        Err(Error::new("big cube: no inner slice turns fix the wings' parity (not a position of the cube)"))
    }
}

/// Whether `s` matches `target` (wildcard orientations match anything).
fn matches(puzzle: &Puzzle, s: &State, target: &State) -> bool {
    puzzle.orbits().iter().all(|o| {
        let (a, t) = (s.as_bytes(), target.as_bytes());
        a[o.pieces_range()] == t[o.pieces_range()]
            && o.orientations_range().all(|i| o.is_wildcard(t[i]) || a[i] == t[i])
    })
}

#[cfg(test)]
mod tests;
