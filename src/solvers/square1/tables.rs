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
//! and the middle layer. Turns are free, so it works in the frame where both layers start with a corner
//! (a position with an edge start is turned there by a half step) and bounds a position by its class
//! under the layers' quarter turns: two pruning tables ([`SplitTables`]), one kind's whole order with
//! which slots hold the other kind's top-layer pieces and the middle layer (352,800 entries each).

use rustc_hash::FxHashMap;

use super::state::{rotate, slash_slots, sliceable, Kind, Square1};
use crate::control::Control;
use crate::coord::fill::{fill, Bytes, FillOptions, FlatSpace, Space};
use crate::coord::perm::{perm_rank, perm_unrank_into};

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
        let goals: Vec<u64> = (0..target.len() as u64).filter(|&i| target[i as usize]).collect();
        let (dist, _) = fill::<_, Bytes>(self, &goals, &FillOptions::forward(), Control::none())
            .expect("an uncancellable fill of a small table");
        dist.into_vec()
    }
}

/// Phase 1's entries: a row per shape, its four parities (`shape * 4 + parities`), moved by the shape's
/// moves.
impl Space for ShapeTable {
    type Row = usize;

    fn rows(&self) -> u64 {
        self.moves.len() as u64
    }

    fn row_len(&self) -> u64 {
        4
    }

    fn moves(&self) -> u64 {
        (self.moves.iter().map(Vec::len).sum::<usize>() / self.moves.len().max(1)) as u64
    }

    fn row(&self) -> usize {
        0
    }

    fn enter(&self, shape: u64, r: &mut usize) {
        *r = shape as usize;
    }

    #[inline(always)]
    fn neighbours(&self, &shape: &usize, parities: u64, mut visit: impl FnMut(usize, u64) -> bool) -> bool {
        self.moves[shape].iter().enumerate().any(|(k, m)| visit(k, m.next as u64 * 4 + (parities ^ m.flip as u64)))
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
    /// `quarter[p][top * 4 + bottom]`: permutation `p` after quarter turns of the layers (both kinds
    /// move one slot per quarter turn).
    pub quarter: Vec<[u16; 16]>,
    /// The pruning tables ([`SplitTables`]).
    pub split: SplitTables,
}

/// Number of permutations of 8.
pub const PERMS: usize = 40320;

/// The rank of a permutation of 8 (Lehmer code).
#[inline(always)]
pub fn rank8(p: &[u8; 8]) -> u16 {
    perm_rank(p) as u16
}

/// The permutation of 8 with this rank.
pub fn unrank8(r: usize) -> [u8; 8] {
    let mut p = [0u8; 8];
    perm_unrank_into(r, &mut p);
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

impl CubeTable {
    /// Builds the move tables and the pruning tables.
    pub fn new() -> Self {
        let perm_moves: Vec<[u16; 3]> = (0..PERMS)
            .map(|r| {
                let p = unrank8(r);
                [0, 1, 2].map(|m| rank8(&perm_move(&p, m)))
            })
            .collect();
        let quarter: Vec<[u16; 16]> = (0..PERMS)
            .map(|r| {
                let mut q = [0u16; 16];
                q[0] = r as u16;
                for t in 1..16 {
                    // A bottom quarter turn from the previous entry, or a top one from the row's first.
                    q[t] = if t % 4 == 0 { perm_moves[q[t - 4] as usize][0] } else { perm_moves[q[t - 1] as usize][1] };
                }
                q
            })
            .collect();
        let split = SplitTables::new(&perm_moves, &quarter);
        CubeTable { perm_moves, quarter, split }
    }

    /// The slot order `p` after the frame move `k` ([`FRAME_MOVES`]), for corners or edges.
    #[inline]
    pub fn frame_move(&self, p: u16, k: usize, corners: bool) -> u16 {
        frame_move_rank(&self.perm_moves, &self.quarter, p as usize, k, corners)
    }

    /// The lower bound on the slashes to solved (up to a final turn) of a phase 2 position in the
    /// frame where both layers start with a corner: corner and edge orders (ranks), the middle layer.
    #[inline]
    pub fn bound(&self, corners: u16, edges: u16, middle: bool) -> u8 {
        let (e, c) = self.bounds(corners, edges, middle);
        e.max(c)
    }

    /// Whether [`Self::bound`] is below `depth` (the second table is not read when the first is not).
    #[inline]
    pub fn bound_below(&self, corners: u16, edges: u16, middle: bool, depth: u8) -> bool {
        let t = &self.split;
        let (c, e) = (t.info[corners as usize], t.info[edges as usize]);
        t.edges[t.entry(e, c, middle)] < depth && t.corners[t.entry(c, e, middle)] < depth
    }

    /// The edges' and the corners' tables' entries for a phase 2 position in the frame ([`Self::bound`]).
    #[inline]
    pub fn bounds(&self, corners: u16, edges: u16, middle: bool) -> (u8, u8) {
        let t = &self.split;
        let (c, e) = (t.info[corners as usize], t.info[edges as usize]);
        (t.edges[t.entry(e, c, middle)], t.corners[t.entry(c, e, middle)])
    }

    /// The corner order (rank) of a phase 2 position in the frame where both layers start with a corner,
    /// from its order and whether each layer starts with an edge: a half step from an edge start (60°)
    /// moves the layer's last corner first and no edge.
    pub fn to_frame(&self, corners: u16, top: bool, bottom: bool) -> u16 {
        self.quarter[corners as usize][top as usize * 4 + bottom as usize]
    }

    /// The quarter turns (`top * 4 + bottom`) that take a position of the frame to the solved puzzle's
    /// (whose bottom starts with an edge, so that its frame's corners are [`Self::to_frame`]'s), its
    /// middle layer aside, if any do.
    pub fn solving_turns(&self, corners: u16, edges: u16) -> Option<usize> {
        let e = self.split.info[edges as usize];
        let q = (e >> 8 & 15) as usize;
        (e >> 12 == 0 && self.quarter[corners as usize][q] == self.to_frame(0, false, true)).then_some(q)
    }
}

/// The slot order `p` (rank) after the frame move `k` ([`FRAME_MOVES`]), for corners or edges.
fn frame_move_rank(perm_moves: &[[u16; 3]], quarter: &[[u16; 16]], p: usize, k: usize, corners: bool) -> u16 {
    let odd = k >= 16;
    let mut x = quarter[p][k & 15] as usize;
    if odd && !corners {
        x = quarter[x][5] as usize;
    }
    x = perm_moves[x][2] as usize;
    if odd && corners {
        x = quarter[x][5] as usize;
    }
    x as u16
}

/// Canonical permutations of 8 under the 16 quarter turns: those with the smallest of the first four
/// (top) first and the smallest of the last four (bottom) first.
pub const CLASSES: usize = 2520;

/// Ways to choose which four of the eight slots (in slot order) hold the pieces of the top layer.
pub const SPLITS: usize = 70;

/// Phase 2's moves in the frame where both layers start with a corner: quarter turns of the top (`k >> 2
/// & 3`) and the bottom (`k & 3`), then, for `k >= 16`, a half step of each layer (30°: their last edges
/// first), then the slash, then for `k >= 16` a half step of each layer back to corner starts (60°: their
/// last corners first). Every turn that lets a slash keep the cube shape is one of these, up to turns
/// before it.
pub const FRAME_MOVES: usize = 32;

/// Phase 2's pruning tables. Turns are free in the twist metric, so a position's distance depends only
/// on its class under turns: in the frame where both layers start with a corner, its corners' and edges'
/// slot orders up to the 16 quarter turns of the layers (which move corners and edges together), and
/// the middle layer. Each table keeps one kind's whole order (up to those turns, [`CLASSES`]) and which
/// slots hold the other kind's top-layer pieces ([`SPLITS`]), with the middle layer: 352,800 entries,
/// slashes to solved up to a final turn, by a breadth-first search over the 32 moves (turn, slash) of
/// that frame. The corners' table bounds a position as the corners-only table of 8! orders × layer
/// starts × middle did and more (it also sees where the top's edges are), the edges' likewise.
pub struct SplitTables {
    /// For each order (rank): its class `<< 12 |` the quarter turns that take it there (`(top * 4 +
    /// bottom) << 8`) `|` the split of the slots holding pieces 0–3 (index into [`SPLITS`]).
    info: Vec<u32>,
    /// `split * 16 + turns` → the split after those quarter turns.
    split_turns: Vec<u8>,
    /// Edge order (class) × corner split × middle.
    pub edges: Vec<u8>,
    /// Corner order (class) × edge split × middle.
    pub corners: Vec<u8>,
}

/// The slot order `x` (8 entries, top 4 then bottom 4) after `top` and `bottom` quarter turns.
fn quarter_turns<T: Copy>(x: &mut [T; 8], top: usize, bottom: usize) {
    x[..4].rotate_right(top % 4);
    x[4..].rotate_right(bottom % 4);
}

/// The slot order `x` after the frame move `k` ([`FRAME_MOVES`]), for corners or edges.
fn frame_move<T: Copy>(x: &[T; 8], k: usize, corners: bool) -> [T; 8] {
    let mut y = *x;
    quarter_turns(&mut y, k >> 2 & 3, k & 3);
    let odd = k >= 16;
    if odd && !corners {
        quarter_turns(&mut y, 1, 1);
    }
    y.swap(2, 4);
    y.swap(3, 5);
    if odd && corners {
        quarter_turns(&mut y, 1, 1);
    }
    y
}

/// The quarter turns (`top * 4 + bottom`) that bring the smallest of each layer's four first.
fn canonical_turns(p: &[u8; 8]) -> usize {
    let first = |half: &[u8]| {
        let i = (0..4).min_by_key(|&i| half[i]).expect("four slots");
        (4 - i) % 4
    };
    first(&p[..4]) * 4 + first(&p[4..])
}

impl SplitTables {
    /// Builds the class and split maps, the frame moves and both tables.
    fn new(perm_moves: &[[u16; 3]], quarter: &[[u16; 16]]) -> Self {
        // Splits: 8-bit masks with four bits.
        let masks: Vec<u8> = (0..=255u8).filter(|m| m.count_ones() == 4).collect();
        let mut mask_index = [u8::MAX; 256];
        for (i, &m) in masks.iter().enumerate() {
            mask_index[m as usize] = i as u8;
        }
        let bits = |m: u8| std::array::from_fn::<bool, 8, _>(|i| m >> i & 1 == 1);
        let mask_of = |b: &[bool; 8]| mask_index[b.iter().enumerate().fold(0usize, |a, (i, &x)| a | (x as usize) << i)];
        let mut split_turns = vec![0u8; SPLITS * 16];
        for (i, &m) in masks.iter().enumerate() {
            for t in 0..16 {
                let mut b = bits(m);
                quarter_turns(&mut b, t >> 2, t & 3);
                split_turns[i * 16 + t] = mask_of(&b);
            }
        }
        // Classes (numbered in rank order), canonical turns and splits of every order.
        let mut class_of = vec![u16::MAX; PERMS];
        let mut class_rank = Vec::with_capacity(CLASSES);
        let mut info = vec![0u32; PERMS];
        for (r, i) in info.iter_mut().enumerate() {
            let p = unrank8(r);
            let t = canonical_turns(&p);
            *i = (t as u32) << 8 | mask_of(&p.map(|x| x < 4)) as u32;
            if t == 0 {
                class_of[r] = class_rank.len() as u16;
                class_rank.push(r);
            }
        }
        assert_eq!(class_rank.len(), CLASSES);
        for (r, i) in info.iter_mut().enumerate() {
            *i |= (class_of[quarter[r][(*i >> 8) as usize] as usize] as u32) << 12;
        }
        let mut t = SplitTables { info, split_turns, edges: Vec::new(), corners: Vec::new() };
        let frame = |corners: bool| {
            let perm: Vec<u32> = (0..CLASSES * FRAME_MOVES)
                .map(|i| {
                    let x = frame_move_rank(perm_moves, quarter, class_rank[i / FRAME_MOVES], i % FRAME_MOVES, corners);
                    t.info[x as usize]
                })
                .collect();
            let splits: Vec<u8> = (0..SPLITS * FRAME_MOVES)
                .map(|i| mask_of(&frame_move(&bits(masks[i / FRAME_MOVES]), i % FRAME_MOVES, !corners)))
                .collect();
            (perm, splits)
        };
        let (edge_moves, corner_moves) = (frame(false), frame(true));
        let solved = t.info[quarter[0][1] as usize];
        t.edges = t.bfs(t.entry(t.info[0], solved, false), &edge_moves);
        t.corners = t.bfs(t.entry(solved, t.info[0], false), &corner_moves);
        t
    }

    /// The entry of a position in the table of the kind whose order has `whole` as its `info`, `other`
    /// being the other kind's.
    fn entry(&self, whole: u32, other: u32, middle: bool) -> usize {
        let split = self.split_turns[(other & 0xff) as usize * 16 + (whole >> 8 & 15) as usize] as usize;
        ((whole >> 12) as usize * SPLITS + split) * 2 + middle as usize
    }

    /// The entry after the frame move `k` from `x`, by a kind's frame moves (`moves.0`: class × move →
    /// info of the order reached; `moves.1`: split × move → split before the turns to its class).
    fn neighbour(&self, x: usize, k: usize, moves: &(Vec<u32>, Vec<u8>)) -> usize {
        let (c, s, m) = (x / (SPLITS * 2), x / 2 % SPLITS, x & 1);
        let p = moves.0[c * FRAME_MOVES + k];
        let split = self.split_turns[moves.1[s * FRAME_MOVES + k] as usize * 16 + (p >> 8 & 15) as usize] as usize;
        ((p >> 12) as usize * SPLITS + split) * 2 + (m ^ 1)
    }

    /// Slashes from each entry to `start`, by a kind's frame moves. The moves of classes are their own
    /// inverses up to turns (a slash undoes itself), so once the frontier is large the search goes the
    /// other way: each entry not reached yet looks for a neighbour in the frontier.
    fn bfs(&self, start: usize, moves: &(Vec<u32>, Vec<u8>)) -> Vec<u8> {
        let space = FlatSpace::new(CLASSES * SPLITS * 2, FRAME_MOVES, |x, k| self.neighbour(x, k, moves));
        let (dist, _) = fill::<_, Bytes>(&space, &[start as u64], &FillOptions::undirected(), Control::none())
            .expect("an uncancellable fill of a small table");
        dist.into_vec()
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

    /// Both split tables reach every entry, at distances of their middle layer's parity, as many at each distance (corners and edges play the same
    /// part up to the frame's half steps), with one entry at 0: the solved puzzle's.
    #[test]
    fn split_tables_reach_every_entry() {
        let t = CubeTable::new();
        for table in [&t.split.corners, &t.split.edges] {
            let mut counts = [0usize; 10];
            for &d in table.iter() {
                counts[d.min(9) as usize] += 1;
            }
            assert_eq!(counts, [1, 32, 297, 2676, 20430, 88916, 150280, 84776, 5392, 0]);
            // Each slash flips the middle layer: an entry's distance has its middle layer's parity (which
            // phase 2 relies on to skip depths).
            assert!(table.iter().enumerate().all(|(i, &d)| d as usize % 2 == i % 2));
        }
        let solved = t.to_frame(0, false, true);
        assert_eq!(solved, t.perm_moves[0][1]);
        assert_eq!(t.bounds(solved, 0, false), (0, 0));
        assert_eq!(t.solving_turns(solved, 0), Some(0));
        let (e, c) = t.bounds(solved, 0, true);
        assert!(e % 2 == 1 && c % 2 == 1, "the middle layer alone takes an odd number of slashes");
    }

    /// The bounds are consistent: along any frame move (a turn and a slash) each table's entry changes by
    /// at most one, and away from solved some move lowers it (so with 0 only at solved, neither exceeds
    /// the number of slashes to solved). Checked from random orders of both kinds, and their turns.
    #[test]
    fn split_tables_are_consistent() {
        use rand::Rng;
        let t = CubeTable::new();
        let mut rng = crate::group::random::rng_from_seed(Some(11)).unwrap();
        for _ in 0..3000 {
            let (c, e, m) = (rng.gen_range(0..PERMS) as u16, rng.gen_range(0..PERMS) as u16, rng.gen_bool(0.5));
            let (de, dc) = t.bounds(c, e, m);
            let q = rng.gen_range(0..16);
            assert_eq!(t.bounds(t.quarter[c as usize][q], t.quarter[e as usize][q], m), (de, dc), "turns are free");
            let mut lower = (de == 0, dc == 0);
            for k in 0..FRAME_MOVES {
                let (ne, nc) = t.bounds(t.frame_move(c, k, true), t.frame_move(e, k, false), !m);
                assert!(ne.abs_diff(de) <= 1 && nc.abs_diff(dc) <= 1, "{c} {e} {m} move {k}");
                lower.0 |= ne + 1 == de;
                lower.1 |= nc + 1 == dc;
            }
            assert!(lower.0 && lower.1, "{c} {e} {m}: no move gets closer");
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
