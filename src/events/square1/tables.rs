//! The two phases' tables.
//!
//! Phase 1 works on shapes: which slots hold edges and which corner halves, at positions where a slash can
//! be made (3,678 shapes, as tnoodle's `sq12phase` counts them), times the parities of the corners' and
//! the edges' orders read in slot order, which slashes and turns change by amounts the shape alone gives.
//! Its target is the cube shape (both layers alternating corner and edge) with the parities phase 2 can
//! solve: a quarter turn there is a 4-cycle of corners and one of edges and changes which piece the layer
//! starts with, a slash swaps two pairs of each, so the parities are tied to each other and to the layers.
//!
//! Phase 2 works in the cube shape with the turns and slashes that keep it: the eight corners and the
//! eight edges each in one of 8! orders (read in slot order), whether each layer starts with an edge,
//! and the middle layer. One pruning table for corners and one for edges (40,320 orders × 4 layer starts
//! × 2 middles each, by slashes to solved up to a final turn) bound it.

use rustc_hash::FxHashMap;

use super::state::{rotate, slash_slots, sliceable, Kind, Square1};

/// A phase 1 move: the turn `(top, bottom)` then a slash.
#[derive(Debug, Clone, Copy)]
pub struct ShapeMove {
    /// Top turn (0–11).
    pub top: i8,
    /// Bottom turn (0–11).
    pub bottom: i8,
    /// The shape after the turn and the slash.
    pub next: u16,
    /// How it changes the parities (bit 1: corners' slot order, bit 0: edges').
    pub flip: u8,
}

/// Phase 1: the sliceable shapes, their moves and distances (slashes) to the target.
pub struct ShapeTable {
    /// Shapes by [`shape_key`].
    index: FxHashMap<u64, u16>,
    /// The moves from each shape.
    pub moves: Vec<Vec<ShapeMove>>,
    /// Slashes to the target, by `shape * 4 + parities` ([`parity`]).
    pub distance: Vec<u8>,
}

/// The 13 ways to fill half a layer (six 30° slots) with edges and corners.
pub fn halves() -> Vec<Vec<Kind>> {
    fn fill(prefix: Vec<Kind>, left: usize, out: &mut Vec<Vec<Kind>>) {
        if left == 0 {
            out.push(prefix);
            return;
        }
        let mut e = prefix.clone();
        e.push(Kind::Edge);
        fill(e, left - 1, out);
        if left >= 2 {
            let mut c = prefix;
            c.extend([Kind::CornerFirst, Kind::CornerSecond]);
            fill(c, left - 2, out);
        }
    }
    let mut out = Vec::new();
    fill(Vec::new(), 6, &mut out);
    out
}

/// Every sliceable shape: four half layers holding eight corners in all, in a fixed order.
pub fn sliceable_shapes() -> Vec<[Kind; 24]> {
    let h = halves();
    let mut out = Vec::new();
    for i in 0..h.len().pow(4) {
        let parts = [i % 13, i / 13 % 13, i / 169 % 13, i / 2197];
        let kinds: Vec<Kind> = parts.iter().flat_map(|&p| h[p].iter().copied()).collect();
        if kinds.iter().filter(|&&k| k == Kind::CornerFirst).count() == 8 {
            out.push(kinds.try_into().expect("24 slots"));
        }
    }
    out
}

/// The parities of the corners' and the edges' slot orders in `s` (bit 1: corners, bit 0: edges).
pub fn parity(s: &Square1) -> usize {
    let order = piece_order(s);
    let corners: Vec<u8> = order.iter().copied().filter(|&p| p < 8).collect();
    let edges: Vec<u8> = order.iter().copied().filter(|&p| p >= 8).collect();
    odd(&corners) as usize * 2 + odd(&edges) as usize
}

/// Whether a sequence of distinct numbers is an odd permutation of its sorted order.
fn odd(order: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            odd ^= order[i] > order[j];
        }
    }
    odd
}

/// The pieces of `s` in slot order: corner `i` as `i`, edge `j` as `8 + j` (solved numbering).
fn piece_order(s: &Square1) -> Vec<u8> {
    s.wedges.iter().filter(|&&w| super::state::KIND[w as usize] != Kind::CornerSecond).map(|&w| piece_of(w)).collect()
}

/// The piece number of a first corner wedge or an edge wedge.
pub fn piece_of(w: u8) -> u8 {
    let kind = super::state::KIND;
    let before = |k: Kind| kind[..w as usize].iter().filter(|&&x| x == k).count() as u8;
    match kind[w as usize] {
        Kind::Edge => 8 + before(Kind::Edge),
        _ => before(Kind::CornerFirst),
    }
}

/// `kinds` turned by `(top, bottom)`.
fn turned_kinds(kinds: &[Kind; 24], top: i32, bottom: i32) -> [Kind; 24] {
    let mut k = *kinds;
    rotate(&mut k[..12], top);
    rotate(&mut k[12..], bottom);
    k
}

/// How turning `kinds` by `(top, bottom)` changes the parities ([`parity`]): corners and edges numbered
/// in slot order, turned, then read in slot order again (no allocation: this runs a million times while
/// the shape table is built).
fn turn_flip(kinds: &[Kind; 24], top: i32, bottom: i32) -> u8 {
    // Corners numbered 0, 1, … and edges 100, 101, … in slot order.
    let mut labels = [0u8; 24];
    let (mut corner, mut edge) = (0u8, 100u8);
    for (i, k) in kinds.iter().enumerate() {
        match k {
            Kind::CornerSecond => labels[i] = corner - 1,
            Kind::CornerFirst => {
                labels[i] = corner;
                corner += 1;
            }
            Kind::Edge => {
                labels[i] = edge;
                edge += 1;
            }
        }
    }
    let k = turned_kinds(kinds, top, bottom);
    let mut l = labels;
    rotate(&mut l[..12], top);
    rotate(&mut l[12..], bottom);
    let (mut corners, mut edges) = ([0u8; 24], [0u8; 24]);
    let (mut nc, mut ne) = (0, 0);
    for i in (0..24).filter(|&i| k[i] != Kind::CornerSecond) {
        if l[i] < 100 {
            corners[nc] = l[i];
            nc += 1;
        } else {
            edges[ne] = l[i];
            ne += 1;
        }
    }
    odd(&corners[..nc]) as u8 * 2 + odd(&edges[..ne]) as u8
}

/// Whether both layers alternate corner and edge.
pub fn is_cube_shape(kinds: &[Kind; 24]) -> bool {
    (0..24).all(|i| {
        let next = kinds[i / 12 * 12 + (i + 1) % 12];
        match kinds[i] {
            Kind::Edge => next == Kind::CornerFirst,
            Kind::CornerFirst => next == Kind::CornerSecond,
            Kind::CornerSecond => next == Kind::Edge,
        }
    })
}

impl ShapeTable {
    /// Builds the shapes, their moves and the distance table.
    pub fn new() -> Self {
        let shapes = sliceable_shapes();
        let index: FxHashMap<u64, u16> = shapes.iter().enumerate().map(|(i, k)| (shape_key(k), i as u16)).collect();
        let moves = shapes.iter().map(|k| shape_moves(k, &index)).collect();
        let mut table = ShapeTable { index, moves, distance: Vec::new() };
        let target = table.target(&shapes);
        table.distance = table.bfs(&target);
        table
    }

    /// The index of a sliceable shape.
    pub fn shape(&self, kinds: &[Kind; 24]) -> Option<u16> {
        self.index.get(&shape_key(kinds)).copied()
    }

    /// Phase 1's target (`shape * 4 + parities`): what the solved puzzle's cube shape and parities become
    /// under turns and the slashes that keep the cube shape.
    fn target(&self, shapes: &[[Kind; 24]]) -> Vec<bool> {
        let solved = Square1::solved();
        let start = self.index[&shape_key(&solved.kinds())] as usize * 4 + parity(&solved);
        let mut reached = vec![false; shapes.len() * 4];
        let mut stack = vec![start];
        reached[start] = true;
        while let Some(x) = stack.pop() {
            let (s, p) = (x / 4, x % 4);
            let mut next: Vec<usize> = Vec::new();
            for (a, b) in (0..12).flat_map(|a| (0..12).map(move |b| (a, b))) {
                let k = turned_kinds(&shapes[s], a, b);
                if let Some(&i) = self.index.get(&shape_key(&k)) {
                    next.push(i as usize * 4 + (p ^ turn_flip(&shapes[s], a, b) as usize));
                }
            }
            for m in &self.moves[s] {
                if is_cube_shape(&shapes[m.next as usize]) {
                    next.push(m.next as usize * 4 + (p ^ m.flip as usize));
                }
            }
            for n in next {
                if !reached[n] {
                    reached[n] = true;
                    stack.push(n);
                }
            }
        }
        reached
    }

    /// Slashes from each `shape * 4 + parities` to the target (moves are reversible, so a search outward from
    /// the target gives them).
    fn bfs(&self, target: &[bool]) -> Vec<u8> {
        let mut dist = vec![u8::MAX; target.len()];
        let mut frontier: Vec<usize> = (0..target.len()).filter(|&i| target[i]).collect();
        frontier.iter().for_each(|&i| dist[i] = 0);
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &x in &frontier {
                for m in &self.moves[x / 4] {
                    let y = m.next as usize * 4 + ((x % 4) ^ m.flip as usize);
                    if dist[y] == u8::MAX {
                        dist[y] = d;
                        next.push(y);
                    }
                }
            }
            frontier = next;
        }
        dist
    }
}

/// A shape as a number (two bits per wedge slot): a cheap hash key (hashing the 24 kinds themselves
/// took most of the table's build, 150 ms natively and more in WebAssembly).
fn shape_key(kinds: &[Kind; 24]) -> u64 {
    kinds.iter().fold(0, |a, &k| a << 2 | k as u64)
}

/// The moves (turn, then slash) from a sliceable shape.
fn shape_moves(kinds: &[Kind; 24], index: &FxHashMap<u64, u16>) -> Vec<ShapeMove> {
    let mut out = Vec::new();
    for top in 0..12 {
        for bottom in 0..12 {
            let mut k = turned_kinds(kinds, top, bottom);
            if !sliceable(&k) {
                continue;
            }
            let flip = turn_flip(kinds, top, bottom);
            // The slash exchanges two neighbouring runs of corners (edges) in slot order: its parity is the
            // product of their lengths.
            let run = |r: &[Kind], kind: Kind| r.iter().filter(|&&x| x == kind).count();
            let swap = |kind| (run(&k[6..12], kind) * run(&k[12..18], kind)) as u8 % 2;
            let slash_flip = swap(Kind::CornerFirst) * 2 + swap(Kind::Edge);
            slash_slots(&mut k);
            out.push(ShapeMove {
                top: top as i8,
                bottom: bottom as i8,
                next: index[&shape_key(&k)],
                flip: flip ^ slash_flip,
            });
        }
    }
    out
}

/// Phase 2's coordinates: a permutation of 8 (corners or edges, in slot order) and its moves.
///
/// A cube-shaped layer where a slash can be made starts with a corner (`C E C E …`) or an edge. Turning
/// it by a half step (30° from a corner start, 60° from an edge start) changes the start and moves its
/// last edge first (from a corner start) or its last corner first (from an edge start); a quarter turn is
/// two half steps.
pub struct CubeTable {
    /// `perm_moves[p][m]`: permutation `p` after move `m` (0: top's last piece first, 1: bottom's, 2:
    /// slash).
    pub perm_moves: Vec<[u16; 3]>,
    /// Slashes to solved (up to a final turn) by [`cube_index`]: corners.
    pub corners: Vec<u8>,
    /// The same for edges.
    pub edges: Vec<u8>,
}

/// Number of permutations of 8.
pub const PERMS: usize = 40320;

/// The rank of a permutation of 8 (Lehmer code).
pub fn rank8(p: &[u8; 8]) -> u16 {
    let mut r = 0usize;
    for i in 0..8 {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (8 - i) + smaller;
    }
    r as u16
}

/// The permutation of 8 with this rank.
pub fn unrank8(mut r: usize) -> [u8; 8] {
    let mut digits = [0usize; 8];
    for i in (0..8).rev() {
        digits[i] = r % (8 - i);
        r /= 8 - i;
    }
    let mut left: Vec<u8> = (0..8).collect();
    let mut p = [0u8; 8];
    for i in 0..8 {
        p[i] = left.remove(digits[i]);
    }
    p
}

/// A phase 2 move on the slot order: the top's (0) or bottom's (1) last piece first; a slash (2)
/// exchanges slots 2–3 and 4–5.
pub fn perm_move(p: &[u8; 8], m: usize) -> [u8; 8] {
    let mut q = *p;
    match m {
        0 => q[..4].rotate_right(1),
        1 => q[4..].rotate_right(1),
        _ => {
            q.swap(2, 4);
            q.swap(3, 5);
        }
    }
    q
}

/// A phase 2 index: `(perm * 4 + top * 2 + bottom) * 2 + middle`, `top`/`bottom` whether the layer
/// starts with an edge.
pub fn cube_index(perm: u16, top: bool, bottom: bool, middle: bool) -> usize {
    ((perm as usize * 4 + top as usize * 2 + bottom as usize) * 2) + middle as usize
}

/// The turn amount (30° units) of `h` half steps from a layer that starts with an edge or not.
pub fn half_steps_amount(edge_start: bool, h: usize) -> i32 {
    let odd = if h % 2 == 0 {
        0
    } else if edge_start {
        2
    } else {
        1
    };
    (3 * (h / 2) + odd) as i32
}

impl CubeTable {
    /// Builds the move table and the two distance tables.
    pub fn new() -> Self {
        let perm_moves: Vec<[u16; 3]> = (0..PERMS)
            .map(|r| {
                let p = unrank8(r);
                [0, 1, 2].map(|m| rank8(&perm_move(&p, m)))
            })
            .collect();
        let mut table = CubeTable { perm_moves, corners: Vec::new(), edges: Vec::new() };
        table.corners = table.bfs(true);
        table.edges = table.bfs(false);
        table
    }

    /// `(perm, top, bottom)` after `a` top and `b` bottom half steps, for corners (`corners`: they move
    /// on half steps from an edge start) or edges (from a corner start).
    pub fn turn(&self, perm: u16, top: bool, bottom: bool, a: usize, b: usize, corners: bool) -> (u16, bool, bool) {
        // Half steps from a start of the kind that moves these pieces: every other one, first or not.
        let moving = |start: bool, h: usize| if start == corners { h.div_ceil(2) } else { h / 2 };
        let mut p = perm;
        for _ in 0..moving(top, a) % 4 {
            p = self.perm_moves[p as usize][0];
        }
        for _ in 0..moving(bottom, b) % 4 {
            p = self.perm_moves[p as usize][1];
        }
        (p, top ^ (a % 2 == 1), bottom ^ (b % 2 == 1))
    }

    /// Marks every turn of `(perm, top, bottom, middle)` at distance `d`; returns the newly marked.
    fn mark_turns(&self, dist: &mut [u8], x: (u16, bool, bool, bool), d: u8, corners: bool, out: &mut Vec<usize>) {
        for a in 0..8 {
            for b in 0..8 {
                let (p, t, bo) = self.turn(x.0, x.1, x.2, a, b, corners);
                let i = cube_index(p, t, bo, x.3);
                if dist[i] == u8::MAX {
                    dist[i] = d;
                    out.push(i);
                }
            }
        }
    }

    fn bfs(&self, corners: bool) -> Vec<u8> {
        let mut dist = vec![u8::MAX; PERMS * 8];
        let mut frontier = Vec::new();
        // Solved: the top starts with a corner, the bottom with an edge, the middle unflipped.
        self.mark_turns(&mut dist, (0, false, true, false), 0, corners, &mut frontier);
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &i in &frontier {
                let (perm, top, bottom, middle) = ((i / 8) as u16, i / 2 % 4 >= 2, i / 2 % 2 == 1, i % 2 == 1);
                if top != bottom {
                    continue;
                }
                let p = self.perm_moves[perm as usize][2];
                self.mark_turns(&mut dist, (p, top, bottom, !middle), d, corners, &mut next);
            }
            frontier = next;
        }
        dist
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_tnoodles() {
        let t = ShapeTable::new();
        assert_eq!(t.moves.len(), 3678);
        assert!(t.distance.iter().all(|&d| d < u8::MAX), "every shape and parity reaches the target");
        assert!(is_cube_shape(&Square1::solved().kinds()));
        assert!(!is_cube_shape(&Square1::solved().slash().unwrap().kinds()));
        assert!(is_cube_shape(&Square1::solved().turn(1, 0).slash().unwrap().kinds()));
    }

    #[test]
    fn cube_table_reaches_every_order() {
        let t = CubeTable::new();
        for table in [&t.corners, &t.edges] {
            assert!(table.iter().all(|&d| d < u8::MAX));
        }
    }

    #[test]
    fn ranks_invert() {
        for r in [0, 1, 5039, 40319] {
            assert_eq!(rank8(&unrank8(r)) as usize, r);
        }
        assert_eq!(rank8(&[0, 1, 2, 3, 4, 5, 6, 7]), 0);
    }
}
