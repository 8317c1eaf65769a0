//! The two-phase search, in the twist metric (a slash is one move, turns are free): phase 1 reaches the
//! cube shape with solvable parities, phase 2 solves within it with turns and slashes that keep it.

use super::state::{Kind, Square1, Square1Alg};
use super::tables::{cube_index, half_steps_amount, parity, piece_of, CubeTable, ShapeTable};
use crate::control::Control;
use crate::error::{Error, Result};

/// The longest phase 1 (slashes) tried before giving up (the shape table's deepest entry is far less).
const MAX_PHASE1: usize = 20;

/// The passes of the search: (phase 1 slashes beyond the shortest, longest phase 2). The first solution
/// found is taken: phase 1 solutions shortest first, each followed by phase 2 if one of at most that many
/// slashes exists. The last pass is cubing.js's (twips): any phase 1, a phase 2 under 17 slashes, which
/// always succeeds; the earlier ones look a little further in phase 1 for a short phase 2.
const PASSES: [(usize, usize); 3] = [(2, 7), (3, 9), (MAX_PHASE1, 16)];

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

/// A phase 2 position: corner and edge orders (ranks), whether each layer starts with an edge, the
/// middle layer.
#[derive(Clone, Copy)]
struct Cube {
    corners: u16,
    edges: u16,
    top: bool,
    bottom: bool,
    middle: bool,
}

impl Square1Solver {
    /// Builds the tables (a few milliseconds natively).
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
        let c = cube_of(s);
        let h = self.bound(&c);
        let mut out = Vec::new();
        for depth in h..=max2 {
            if self.phase2_search(c, depth, path.is_empty(), &mut out) {
                let mut turns = path.to_vec();
                turns.extend(out);
                return Some(Square1Alg { turns });
            }
        }
        None
    }

    fn bound(&self, c: &Cube) -> usize {
        let t = &self.cube;
        t.corners[cube_index(c.corners, c.top, c.bottom, c.middle)]
            .max(t.edges[cube_index(c.edges, c.top, c.bottom, c.middle)]) as usize
    }

    /// The cube after `a` top and `b` bottom half steps ([`CubeTable`]).
    fn turn(&self, c: &Cube, a: usize, b: usize) -> Cube {
        let (corners, top, bottom) = self.cube.turn(c.corners, c.top, c.bottom, a, b, true);
        let (edges, _, _) = self.cube.turn(c.edges, c.top, c.bottom, a, b, false);
        Cube { corners, edges, top, bottom, middle: c.middle }
    }

    /// The turn `(top, bottom)` (30° units) of `a` and `b` half steps from `c`.
    fn amounts(c: &Cube, a: usize, b: usize) -> (i32, i32) {
        (half_steps_amount(c.top, a), half_steps_amount(c.bottom, b))
    }

    fn phase2_search(&self, c: Cube, depth: usize, first: bool, out: &mut Vec<(i32, i32)>) -> bool {
        let pairs = (0..8).flat_map(|a| (0..8).map(move |b| (a, b)));
        if depth == 0 {
            for (a, b) in pairs {
                let t = self.turn(&c, a, b);
                if t.corners == 0 && t.edges == 0 && !t.top && t.bottom && !t.middle {
                    out.push(Self::amounts(&c, a, b));
                    return true;
                }
            }
            return false;
        }
        for (a, b) in pairs {
            if !first && a == 0 && b == 0 {
                continue;
            }
            let t = self.turn(&c, a, b);
            if t.top != t.bottom {
                continue;
            }
            let m = &self.cube.perm_moves;
            let next =
                Cube { corners: m[t.corners as usize][2], edges: m[t.edges as usize][2], middle: !t.middle, ..t };
            if self.bound(&next) >= depth {
                continue;
            }
            out.push(Self::amounts(&c, a, b));
            if self.phase2_search(next, depth - 1, false, out) {
                return true;
            }
            out.pop();
        }
        false
    }
}

/// The phase 2 coordinates of a cube-shaped position.
fn cube_of(s: &Square1) -> Cube {
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
    let kinds = s.kinds();
    Cube {
        corners: super::tables::rank8(&corners),
        edges: super::tables::rank8(&edges),
        top: kinds[0] == Kind::Edge,
        bottom: kinds[12] == Kind::Edge,
        middle: s.middle,
    }
}
