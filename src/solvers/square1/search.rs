//! The two-phase search, in the twist metric (a slash is one move, turns are free): phase 1 reaches the
//! cube shape with solvable parities, phase 2 solves within it with turns and slashes that keep it.

use super::state::{Kind, Square1, Square1Alg};
use super::tables::{parity, piece_of, CubeTable, ShapeTable, FRAME_MOVES};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::ida::{Child, Flow, Ida, Space, Visit};

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
        let start = Shape { x: shape as usize * 4 + parity(s), turn: (0, 0), s: *s };
        let h = self.shapes.distance[start.x] as usize;
        let (phase1, phase2) = (Phase1(self), Phase2(self));
        let mut ida = Ida::new(&phase1, control);
        let mut then = Phase2Visit { solver: self, phase2: Ida::new(&phase2, control), max2: 0, found: None };
        for (extra, max2) in PASSES {
            then.max2 = max2;
            for depth in h..=(h + extra).min(MAX_PHASE1) {
                control.check()?;
                if ida.walk(&start, true, &[], depth as u32, &mut then)? == Flow::Stop {
                    let turns = then.found.take().expect("phase 2 found a solution");
                    return Ok(Square1Alg { turns });
                }
            }
        }
        Err(Error::internal("square-1: no solution found"))
    }

    fn bound(&self, c: &Cube) -> usize {
        self.cube.bound(c.corners, c.edges, c.middle) as usize
    }

    /// The phase 2 coordinates of a cube-shaped position.
    fn cube_of(&self, s: &Square1) -> Cube {
        let (corners, edges) = orders(s);
        let kinds = s.kinds();
        let (top, bottom) = (kinds[0] == Kind::Edge, kinds[12] == Kind::Edge);
        Cube { corners: self.cube.to_frame(corners, top, bottom), edges, middle: s.middle, top, bottom }
    }

    /// The turn that ends a solution from `c`, where phase 2's tables say it is solved up to quarter turns:
    /// `None` where it is not (the edges' class is not the identity's, or the middle layer is turned).
    fn final_turn(&self, c: &Cube) -> Option<(i32, i32)> {
        // Solved up to quarter turns: the edges' class is the identity's, and the quarter turns that
        // take the edges there take the corners to solved too.
        let q = self.cube.solving_turns(c.corners, c.edges)?;
        if c.middle {
            return None;
        }
        // Into the frame, the quarter turns, then the bottom back to its solved edge start.
        let top = 2 * c.top as i32 + 3 * (q >> 2) as i32;
        let bottom = 2 * c.bottom as i32 + 3 * (q & 3) as i32 - 2;
        Some((top.rem_euclid(12), bottom.rem_euclid(12)))
    }
}

/// A phase 1 node: the shape-table index (shape × 4 + parities), the turns of the move that reached it
/// and the position (made only for the children the bound keeps, by [`Phase1::screen`]).
#[derive(Clone, Copy)]
struct Shape {
    x: usize,
    turn: (i8, i8),
    s: Square1,
}

/// Phase 1's space: turns then a slash (one move), bounded by the shape table's distance to the cube shape
/// with solvable parities; the order state is whether no slash was made yet.
struct Phase1<'a>(&'a Square1Solver);

impl Space for Phase1<'_> {
    type Node = Shape;
    type Move = (i32, i32);
    type Order = bool;

    fn branching(&self) -> usize {
        self.0.shapes.moves.iter().map(Vec::len).max().unwrap_or(0)
    }

    fn blank(&self) -> Shape {
        Shape { x: 0, turn: (0, 0), s: Square1::solved() }
    }

    #[inline]
    fn child(&self, n: &Shape, first: bool, k: usize, out: &mut Shape) -> Option<((i32, i32), bool)> {
        let m = self.0.shapes.moves[n.x / 4].get(k)?;
        // `(0, 0)` after a slash would undo it.
        if !first && m.top == 0 && m.bottom == 0 {
            return None;
        }
        out.x = m.next as usize * 4 + ((n.x % 4) ^ m.flip as usize);
        out.turn = (m.top, m.bottom);
        Some(((m.top.into(), m.bottom.into()), false))
    }

    #[inline]
    fn bound(&self, n: &Shape) -> u32 {
        self.0.shapes.distance[n.x] as u32
    }

    /// The bound from the shape table alone, then the position of each child kept.
    fn screen(&self, parent: &Shape, _: &[(i32, i32)], children: &mut [Child<Self>], left: u32) {
        for c in children.iter_mut() {
            c.live = c.step.is_some() && self.admits(&c.node, left);
            if c.live {
                let (top, bottom) = c.node.turn;
                c.node.s = parent.s.turn(top.into(), bottom.into()).slash().expect("phase 1 moves are sliceable");
            }
        }
    }
}

/// At each end of phase 1 (the cube shape with solvable parities): phase 2, at most `max2` slashes.
struct Phase2Visit<'a> {
    solver: &'a Square1Solver,
    phase2: Ida<'a, Phase2<'a>>,
    max2: usize,
    /// The whole solution, once found.
    found: Option<Vec<(i32, i32)>>,
}

impl Visit<Phase1<'_>> for Phase2Visit<'_> {
    fn leaf(&mut self, n: &Shape, path: &[(i32, i32)]) -> Result<Flow> {
        let c = self.solver.cube_of(&n.s);
        let h = self.solver.bound(&c);
        let mut end = Phase2End { solver: self.solver, path: Vec::new() };
        // Every slash flips the middle layer, so the bound (a distance in the tables) and every solution
        // have the middle layer's parity: depths of the other parity are skipped.
        for depth in (h..=self.max2).step_by(2) {
            if self.phase2.walk(&c, path.is_empty(), &[], depth as u32, &mut end)? == Flow::Stop {
                let mut turns = path.to_vec();
                turns.extend(end.path);
                self.found = Some(turns);
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    }
}

/// Phase 2's space: frame moves (a slash with the turns before it), bounded by the split tables; the
/// order state is whether no slash was made yet (in the whole solution).
struct Phase2<'a>(&'a Square1Solver);

impl Space for Phase2<'_> {
    type Node = Cube;
    type Move = (i32, i32);
    type Order = bool;
    const BATCH: bool = false;

    fn branching(&self) -> usize {
        FRAME_MOVES
    }

    fn blank(&self) -> Cube {
        Cube { corners: 0, edges: 0, middle: false, top: false, bottom: false }
    }

    /// Frame move `k` ([`FRAME_MOVES`]), written as the turns that make it from the position itself.
    #[inline(always)]
    fn child(&self, c: &Cube, first: bool, k: usize, out: &mut Cube) -> Option<((i32, i32), bool)> {
        let t = &self.0.cube;
        let odd = k >= 16;
        let top = (2 * c.top as usize + 3 * (k >> 2 & 3) + odd as usize) % 12;
        let bottom = (2 * c.bottom as usize + 3 * (k & 3) + odd as usize) % 12;
        // `(0, 0)` after a slash would undo it.
        if !first && top == 0 && bottom == 0 {
            return None;
        }
        *out = Cube {
            corners: t.frame_move(c.corners, k, true),
            edges: t.frame_move(c.edges, k, false),
            middle: !c.middle,
            top: odd,
            bottom: odd,
        };
        Some(((top as i32, bottom as i32), false))
    }

    #[inline]
    fn bound(&self, c: &Cube) -> u32 {
        self.0.bound(c) as u32
    }

    /// The second table is not read where the first refuses.
    #[inline(always)]
    fn admits(&self, c: &Cube, left: u32) -> bool {
        self.0.cube.bound_below(c.corners, c.edges, c.middle, left as u8 + 1)
    }
}

/// Phase 2's end: solved up to a final turn, which completes `path`.
struct Phase2End<'a> {
    solver: &'a Square1Solver,
    path: Vec<(i32, i32)>,
}

impl Visit<Phase2<'_>> for Phase2End<'_> {
    fn leaf(&mut self, c: &Cube, path: &[(i32, i32)]) -> Result<Flow> {
        let Some(last) = self.solver.final_turn(c) else { return Ok(Flow::Continue) };
        self.path.clear();
        self.path.extend_from_slice(path);
        self.path.push(last);
        Ok(Flow::Stop)
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
                        let last = solver.final_turn(&solver.cube_of(&t)).expect("solved up to a turn");
                        let alg = Square1Alg { turns: vec![last] };
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
