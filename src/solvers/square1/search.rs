//! The two-phase search, in the twist metric (a slash is one move, turns are free): phase 1 reaches the
//! cube shape with solvable parities, phase 2 solves within it with turns and slashes that keep it.

use super::state::{Kind, Square1, Square1Alg};
use super::tables::{parity, piece_of, CubeTable, ShapeTable, FRAME_MOVES};
use crate::control::Control;
use crate::error::{Error, Result};

/// The longest phase 1 (slashes) tried before giving up (the shape table's deepest entry is far less).
const MAX_PHASE1: usize = 20;

/// The passes of the search: (phase 1 slashes beyond the shortest, longest phase 2). The first solution
/// found is taken: phase 1 solutions shortest first, each followed by phase 2 if one of at most that many
/// slashes exists. The last pass is cubing.js's (twips): any phase 1, a phase 2 under 17 slashes, which
/// always succeeds; the earlier ones look a little further in phase 1 for a short phase 2 (the split
/// tables turn most phase 1 solutions down without a search, so a short phase 2 is cheap to ask for:
/// 12.5 slashes on average, against 13.5 with (2, 7), (3, 9)).
const PASSES: [(usize, usize); 4] = [(2, 6), (3, 7), (3, 9), (MAX_PHASE1, 16)];

/// The tables of both phases.
pub struct Square1Solver {
    shapes: ShapeTable,
    cube: CubeTable,
}

impl Default for Square1Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// A phase 2 position in the frame where both layers start with a corner (turns are free in the twist
/// metric, [`CubeTable::to_frame`]): corner and edge orders (ranks), the middle layer; and whether each
/// layer of the position itself starts with an edge (the turns written depend on it).
#[derive(Clone, Copy)]
struct Cube {
    corners: u16,
    edges: u16,
    middle: bool,
    top: bool,
    bottom: bool,
}

impl Square1Solver {
    /// Builds the tables (tens of milliseconds natively).
    pub fn new() -> Self {
        Square1Solver { shapes: ShapeTable::new(), cube: CubeTable::new() }
    }

    /// A solution of `s` (which must be at a position where a slash can be made): the alg that takes it
    /// to solved.
    pub fn solve(&self, s: &Square1, control: Control) -> Result<Square1Alg> {
        let shape = self.shapes.shape(&s.kinds()).ok_or_else(|| Error::internal("square-1: no slash possible"))?;
        let x = shape as usize * 4 + parity(s);
        let mut path = Vec::new();
        let h = self.shapes.distance[x] as usize;
        for (extra, max2) in PASSES {
            for depth in h..=(h + extra).min(MAX_PHASE1) {
                control.check()?;
                if let Some(alg) = self.phase1(s, x, depth, max2, &mut path) {
                    return Ok(alg);
                }
            }
        }
        Err(Error::internal("square-1: no solution found"))
    }

    fn phase1(
        &self,
        s: &Square1,
        x: usize,
        depth: usize,
        max2: usize,
        path: &mut Vec<(i32, i32)>,
    ) -> Option<Square1Alg> {
        if depth == 0 {
            return self.phase2(s, path, max2);
        }
        for m in &self.shapes.moves[x / 4] {
            // `(0, 0)` after a slash would undo it.
            if !path.is_empty() && m.top == 0 && m.bottom == 0 {
                continue;
            }
            let y = m.next as usize * 4 + ((x % 4) ^ m.flip as usize);
            if self.shapes.distance[y] as usize >= depth {
                continue;
            }
            let next = s.turn(m.top.into(), m.bottom.into()).slash().expect("phase 1 moves are sliceable");
            path.push((m.top.into(), m.bottom.into()));
            let found = self.phase1(&next, y, depth - 1, max2, path);
            path.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Phase 2 from the cube-shaped `s` reached by `path`: the whole solution, or `None` when phase 2 needs
    /// more than `max2` slashes.
    fn phase2(&self, s: &Square1, path: &[(i32, i32)], max2: usize) -> Option<Square1Alg> {
        let c = self.cube_of(s);
        let h = self.bound(&c);
        let mut out = Vec::new();
        // Every slash flips the middle layer, so the bound (a distance in the tables) and every solution
        // have the middle layer's parity: depths of the other parity are skipped.
        for depth in (h..=max2).step_by(2) {
            if self.phase2_search(c, depth, path.is_empty(), &mut out) {
                let mut turns = path.to_vec();
                turns.extend(out);
                return Some(Square1Alg { turns });
            }
        }
        None
    }

    fn bound(&self, c: &Cube) -> usize {
        self.cube.bound(c.corners, c.edges, c.middle) as usize
    }

    /// Phase 2's search to exactly `depth` more slashes, writing its turns to `out`: each step a frame
    /// move ([`FRAME_MOVES`]), written as the turns that make it from the position itself, then the
    /// final turn to solved.
    fn phase2_search(&self, c: Cube, depth: usize, first: bool, out: &mut Vec<(i32, i32)>) -> bool {
        let t = &self.cube;
        if depth == 0 {
            // Solved up to quarter turns: the edges' class is the identity's, and the quarter turns that
            // take the edges there take the corners to solved too.
            let Some(q) = t.solving_turns(c.corners, c.edges) else { return false };
            if c.middle {
                return false;
            }
            // Into the frame, the quarter turns, then the bottom back to its solved edge start.
            let top = 2 * c.top as i32 + 3 * (q >> 2) as i32;
            let bottom = 2 * c.bottom as i32 + 3 * (q & 3) as i32 - 2;
            out.push((top.rem_euclid(12), bottom.rem_euclid(12)));
            return true;
        }
        for k in 0..FRAME_MOVES {
            let odd = k >= 16;
            let top = (2 * c.top as usize + 3 * (k >> 2 & 3) + odd as usize) % 12;
            let bottom = (2 * c.bottom as usize + 3 * (k & 3) + odd as usize) % 12;
            // `(0, 0)` after a slash would undo it.
            if !first && top == 0 && bottom == 0 {
                continue;
            }
            let next = Cube {
                corners: t.frame_move(c.corners, k, true),
                edges: t.frame_move(c.edges, k, false),
                middle: !c.middle,
                top: odd,
                bottom: odd,
            };
            if !self.cube.bound_below(next.corners, next.edges, next.middle, depth as u8) {
                continue;
            }
            out.push((top as i32, bottom as i32));
            if self.phase2_search(next, depth - 1, false, out) {
                return true;
            }
            out.pop();
        }
        false
    }

    /// The phase 2 coordinates of a cube-shaped position.
    fn cube_of(&self, s: &Square1) -> Cube {
        let (corners, edges) = orders(s);
        let kinds = s.kinds();
        let (top, bottom) = (kinds[0] == Kind::Edge, kinds[12] == Kind::Edge);
        Cube { corners: self.cube.to_frame(corners, top, bottom), edges, middle: s.middle, top, bottom }
    }
}

/// The corners' and edges' slot orders (ranks) of a cube-shaped position.
fn orders(s: &Square1) -> (u16, u16) {
    let mut corners = [0u8; 8];
    let mut edges = [0u8; 8];
    let (mut nc, mut ne) = (0, 0);
    for &w in &s.wedges {
        match super::state::KIND[w as usize] {
            Kind::CornerFirst => {
                corners[nc] = piece_of(w);
                nc += 1;
            }
            Kind::Edge => {
                edges[ne] = piece_of(w) - 8;
                ne += 1;
            }
            Kind::CornerSecond => {}
        }
    }
    (super::tables::rank8(&corners), super::tables::rank8(&edges))
}

#[cfg(test)]
mod tests {
    use super::super::tables::is_cube_shape;
    use super::*;
    use std::collections::HashSet;

    /// A position's class under turns: the least of its turns.
    fn class(s: &Square1) -> ([u8; 24], bool) {
        (0..144).map(|i| s.turn(i / 12, i % 12)).map(|t| (t.wedges, t.middle)).min().expect("turns")
    }

    /// Every cube-shaped position within three slashes of solved, found on the model by a breadth-first
    /// search over all turns and slashes that keep the cube shape: the phase 2 bound is 0 exactly at
    /// solved (up to a turn) and never more than the slashes to solved.
    #[test]
    fn phase2_bound_is_admissible() {
        let solver = Square1Solver::new();
        let mut level = vec![Square1::solved()];
        let mut seen = HashSet::from([class(&Square1::solved())]);
        let mut sizes = Vec::new();
        for d in 0..=3 {
            sizes.push(level.len());
            let mut next = Vec::new();
            for s in &level {
                for i in 0..144 {
                    let t = s.turn(i / 12, i % 12);
                    if !is_cube_shape(&t.kinds()) || !t.can_slash() {
                        continue;
                    }
                    let bound = solver.bound(&solver.cube_of(&t));
                    assert!(bound <= d && (bound == 0) == (d == 0), "bound {bound} at {d} slashes");
                    if d == 0 {
                        let mut out = Vec::new();
                        assert!(solver.phase2_search(solver.cube_of(&t), 0, true, &mut out));
                        let alg = Square1Alg { turns: out };
                        assert_eq!(t.apply(&alg), Some(Square1::solved()));
                    }
                    let u = t.slash().expect("sliceable");
                    if d < 3 && is_cube_shape(&u.kinds()) && seen.insert(class(&u)) {
                        next.push(u);
                    }
                }
            }
            level = next;
        }
        assert_eq!(sizes[..2], [1, 32]);
    }
}
