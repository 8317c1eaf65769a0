//! The breadth-first distance-table builder: the distance of every coordinate value (every entry of a
//! table) to a set of goal entries, level by level, each level one sweep over the table.
//!
//! Three parts, each a trait or a function so that every table is a monomorphized instance (no
//! dynamic calls in the sweeps):
//!
//! - a [`Space`]: the entries (`rows × row_len`) and each entry's neighbours. Entries are walked row by
//!   row; what a row's entries share (the other coordinates' part of their neighbours' numbers, a
//!   decoded value) is worked out once per row that holds an entry the sweep looks at
//!   ([`Space::enter`]), then [`Space::neighbours`] lists an entry's neighbours with their moves;
//! - a [`Packing`]: how a depth is stored. [`Bytes`] (one byte an entry, exact), [`Nibbles`] (four
//!   bits, exact up to 14) and [`DepthBits`] (two bits: the depth modulo 3, decoded from a neighbour's
//!   with [`residue`](super::residue)); each has one value, `UNSEEN`, for entries not reached yet;
//! - the level driver [`levels`]: for each depth it chooses the sweep ([`Direction`], by an estimate of
//!   the work of each), runs it through a [`Sweeps`], and stops when a level finds nothing, at a
//!   depth limit or at the packing's largest depth; it checks the [`Control`] for cancellation between
//!   levels and (optionally) reports each level. [`fill`] runs it with the plain sweeps of
//!   [`EntrySweeps`] (one thread): **forward** (every entry at the depth marks its unseen neighbours,
//!   with optional move costs) and **backward** (every unseen entry looks for a neighbour at the depth
//!   and stops at the first; only for spaces whose moves are closed under inverses, unit costs).
//!   A table with sweeps of its own (God's algorithm's threaded two-bit sweeps over a dense index,
//!   `god::dense`) implements [`Sweeps`] and runs on the same driver.
//!
//! # Example
//!
//! A cycle of ten values, the moves ±1, one byte per distance:
//!
//! ```ignore
//! use crate::coord::fill::{fill, Bytes, FillOptions, FlatSpace};
//! let space = FlatSpace::new(10, 2, |x, m| if m == 0 { (x + 1) % 10 } else { (x + 9) % 10 });
//! let (dist, counts) = fill::<_, Bytes>(&space, &[0], &FillOptions::undirected(), Control::none())?;
//! assert_eq!(dist.into_vec(), [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
//! assert_eq!(counts, [1, 2, 2, 2, 2, 1]);
//! ```
//!
//! A space whose entries are coordinate tuples implements [`Space`] with one row per value of all but
//! the last coordinate, so that [`Space::enter`] computes the others' share once per row (as the
//! phase tables do); [`FlatSpace`] and [`DecodedSpace`] cover one number per entry.

use super::bits::DepthBits;
use crate::control::{Control, Progress};
use crate::error::{Error, Result};

/// Which way each level's sweep goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Direction {
    /// Chosen per level by the estimated work.
    #[default]
    Auto,
    /// Always from the frontier.
    Forward,
    /// Always from the unseen positions.
    Backward,
}

/// Relative cost of a forward step to a backward check (tuned on the 2x2x2's God's algorithm).
const FORWARD_FACTOR: f64 = 1.0;

/// Whether a step backward (unseen entries look for a neighbour in the frontier) is cheaper than one
/// forward (frontier entries mark their neighbours), as `direction` asks or (`Auto`) as estimated:
/// `frontier` entries at the depth, `unseen` entries not reached, of which at most `unseen_reachable`
/// can be reached, `moves` neighbours per entry.
pub(crate) fn backward_pays(
    direction: Direction,
    frontier: u64,
    unseen: u64,
    unseen_reachable: u64,
    moves: u64,
) -> bool {
    match direction {
        Direction::Forward => false,
        Direction::Backward => true,
        Direction::Auto => {
            // Forward: each frontier entry tries every move. Backward: an unseen entry that is reachable
            // stops at its first neighbour in the frontier (about half the moves once the frontier is
            // large); an unreachable one tries them all.
            let forward_work = FORWARD_FACTOR * frontier as f64 * moves as f64;
            let backward_work = (unseen - unseen_reachable) as f64 * moves as f64
                + unseen_reachable as f64 * (moves as f64 / 2.0).max(1.0);
            backward_work < forward_work
        }
    }
}

/// How the driver runs a fill.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// Entries in the table.
    pub size: u64,
    /// Neighbours per entry (an average where it varies), for the direction estimate.
    pub moves: u64,
    /// An upper bound on the entries the goals reach (`size` when not known better).
    pub reachable: u64,
    /// The sweeps' direction; backward sweeps only when `backward` allows them.
    pub direction: Direction,
    /// Whether backward sweeps give the right distances: moves closed under inverses, unit costs.
    pub backward: bool,
    /// No level past this depth.
    pub max_depth: Option<u32>,
    /// Each finished level reported to the control under this phase name (`done`: entries reached,
    /// `total`: the size), or none (the sweeps report themselves).
    pub report: Option<&'static str>,
}

/// What the driver found.
#[derive(Debug, Clone, Default)]
pub(crate) struct Levels {
    /// Entries at each depth (`counts[0]`: the goals).
    pub counts: Vec<u64>,
    /// Whether each level after the first was swept backward.
    pub backward: Vec<bool>,
}

/// One level's sweeps over a table: what knows the storage and the space. The driver ([`levels`])
/// calls one per depth.
pub(crate) trait Sweeps {
    /// Reaches from every entry at `depth`; `counts[d]` (grown as needed) is the number of entries at
    /// depth `d`, to which the sweep adds those it reaches (and moves those it brings closer, with move
    /// costs). Returns the entries reached for the first time.
    fn forward(&mut self, depth: u32, counts: &mut Vec<u64>, control: Control) -> u64;

    /// Gives depth `depth + 1` to every unseen entry with a neighbour at `depth`; returns how many.
    fn backward(&mut self, depth: u32, control: Control) -> u64;

    /// The largest depth the storage holds exactly (a fill stops there).
    fn max_depth(&self) -> u32;
}

/// Runs the levels of a fill whose goals (depth 0, already stored) number `goals`: per depth, a
/// sweep in the direction [`backward_pays`] picks (forward when `plan.backward` is false), until a
/// level reaches nothing and no entry is left at a larger depth, or at `plan.max_depth` or the
/// storage's largest depth. Cancellation is checked before each level and after each sweep.
pub(crate) fn levels(sweeps: &mut impl Sweeps, plan: &Plan, goals: u64, control: Control) -> Result<Levels> {
    let reachable = plan.reachable.min(plan.size);
    let mut counts = vec![goals];
    let mut backward = Vec::new();
    let mut seen = goals;
    let mut depth = 0u32;
    loop {
        control.check()?;
        if plan.max_depth.is_some_and(|m| depth >= m) || depth >= sweeps.max_depth() {
            break;
        }
        let frontier = counts[depth as usize];
        let back = plan.backward
            && backward_pays(plan.direction, frontier, plan.size - seen, reachable.saturating_sub(seen), plan.moves);
        let found = if back {
            let found = sweeps.backward(depth, control);
            if counts.len() < depth as usize + 2 {
                counts.resize(depth as usize + 2, 0);
            }
            counts[depth as usize + 1] += found;
            found
        } else {
            sweeps.forward(depth, &mut counts, control)
        };
        control.check()?;
        seen += found;
        if let Some(phase) = plan.report {
            control.report(Progress { phase, depth, done: seen, total: Some(plan.size) });
        }
        if counts.len() <= depth as usize + 1 || counts[depth as usize + 1..].iter().all(|&c| c == 0) {
            break;
        }
        backward.push(back);
        depth += 1;
    }
    while counts.last() == Some(&0) && counts.len() > 1 {
        counts.pop();
    }
    Ok(Levels { counts, backward })
}

/// How a depth is stored, one value per entry; `UNSEEN` for entries not reached.
pub(crate) trait Packing: Sized {
    /// The value of an entry not reached yet.
    const UNSEEN: u8;
    /// The largest depth stored exactly.
    const MAX_DEPTH: u32;
    /// Whether a value tells the depth itself (else the depth modulo 3: a sweep from depth `d` also
    /// meets older entries whose value is `d mod 3`; their neighbours are all reached already).
    const EXACT: bool;

    /// `n` entries, all [`Packing::UNSEEN`]; an error (not an abort) when the memory cannot be had.
    fn unseen(n: u64) -> Result<Self>;

    /// The value stored for depth `depth` (at most [`Packing::MAX_DEPTH`]).
    fn value(depth: u32) -> u8;

    /// Entry `i`'s value.
    fn get(&self, i: u64) -> u8;

    /// Sets entry `i`'s value (when one thread writes).
    fn set(&mut self, i: u64, v: u8);

    /// Calls `visit(self, i)` for every entry `i` in `range` whose value is `v`, in order; `visit` may
    /// set entries but none of `range` after `i` to `v`.
    fn each(&mut self, range: std::ops::Range<u64>, v: u8, mut visit: impl FnMut(&mut Self, u64)) {
        for i in range {
            if self.get(i) == v {
                visit(self, i);
            }
        }
    }
}

/// Allocates `n` values of `fill`; an error (not an abort) when the memory cannot be had.
fn alloc(n: u64, fill: u8) -> Result<Vec<u8>> {
    let n = usize::try_from(n).map_err(|_| Error::new("the table is too large"))?;
    let mut v: Vec<u8> = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| Error::new(format!("could not allocate {} MiB for a distance table", n >> 20)))?;
    crate::memory::advise_huge_pages(v.as_ptr(), n);
    v.resize(n, fill);
    Ok(v)
}

/// One byte per entry: the depth, [`Bytes::UNSEEN`] (255) where not reached.
#[derive(Debug, Clone)]
pub(crate) struct Bytes(pub Vec<u8>);

impl Bytes {
    /// The bytes.
    pub(crate) fn into_vec(self) -> Vec<u8> {
        self.0
    }
}

impl Packing for Bytes {
    const UNSEEN: u8 = u8::MAX;
    const MAX_DEPTH: u32 = u8::MAX as u32 - 1;
    const EXACT: bool = true;

    fn unseen(n: u64) -> Result<Self> {
        alloc(n, u8::MAX).map(Bytes)
    }

    #[inline(always)]
    fn value(depth: u32) -> u8 {
        depth as u8
    }

    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        self.0[i as usize]
    }

    #[inline(always)]
    fn set(&mut self, i: u64, v: u8) {
        self.0[i as usize] = v;
    }

    /// Eight entries at a time are skipped when none holds `v`.
    #[inline]
    fn each(&mut self, range: std::ops::Range<u64>, v: u8, mut visit: impl FnMut(&mut Self, u64)) {
        const LOW: u64 = u64::from_ne_bytes([0x01; 8]);
        const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
        let wanted = u64::from_ne_bytes([v; 8]);
        let (mut i, end) = (range.start as usize, range.end as usize);
        while i < end {
            let stop = (i + 8).min(end);
            if stop - i == 8 {
                let word = self.0[i..stop].try_into().map(u64::from_ne_bytes).unwrap_or(0);
                // A zero byte of `word ^ wanted` is an entry holding `v`.
                let x = word ^ wanted;
                if x.wrapping_sub(LOW) & !x & HIGH == 0 {
                    i = stop;
                    continue;
                }
            }
            for u in i..stop {
                if self.0[u] == v {
                    visit(self, u as u64);
                }
            }
            i = stop;
        }
    }
}

/// Four bits per entry (two entries a byte, the even one low): the depth up to 14, [`Nibbles::UNSEEN`]
/// (15) where not reached.
// No table of the crate fills four-bit depths through the builder yet (the symmetry-reduced tables,
// which store them, are to move onto it); the tests check it.
#[allow(dead_code)]
#[derive(Debug, Clone)]
pub(crate) struct Nibbles(pub Vec<u8>);

impl Packing for Nibbles {
    const UNSEEN: u8 = 15;
    const MAX_DEPTH: u32 = 14;
    const EXACT: bool = true;

    fn unseen(n: u64) -> Result<Self> {
        alloc(n.div_ceil(2), 0xff).map(Nibbles)
    }

    #[inline(always)]
    fn value(depth: u32) -> u8 {
        depth as u8
    }

    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        self.0[(i >> 1) as usize] >> ((i & 1) * 4) & 15
    }

    #[inline(always)]
    fn set(&mut self, i: u64, v: u8) {
        let (b, shift) = (&mut self.0[(i >> 1) as usize], (i & 1) * 4);
        *b = *b & !(15 << shift) | v << shift;
    }
}

impl Packing for DepthBits {
    const UNSEEN: u8 = super::bits::UNSEEN;
    const MAX_DEPTH: u32 = u32::MAX - 1;
    const EXACT: bool = false;

    fn unseen(n: u64) -> Result<Self> {
        DepthBits::new(n)
    }

    #[inline(always)]
    fn value(depth: u32) -> u8 {
        (depth % 3) as u8
    }

    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        DepthBits::get(self, i)
    }

    /// Only from [`UNSEEN`](super::bits::UNSEEN): two bits cannot go back up.
    #[inline(always)]
    fn set(&mut self, i: u64, v: u8) {
        self.claim_alone(i, v);
    }
}

/// The entries of a table and their neighbours, row by row (see the [module](self) documentation).
pub(crate) trait Space {
    /// What a row's entries share, worked out by [`Space::enter`].
    type Row;

    /// Rows of the table.
    fn rows(&self) -> u64;

    /// Entries per row (entry `i` is row `i / row_len`, offset `i % row_len`).
    fn row_len(&self) -> u64;

    /// Neighbours per entry (an average where it varies), for the direction estimate.
    fn moves(&self) -> u64;

    /// A row's shared part, not yet entered.
    fn row(&self) -> Self::Row;

    /// Prepares `r` for the entries of row `row`.
    fn enter(&self, row: u64, r: &mut Self::Row);

    /// Calls `visit(mv, j)` for the neighbour `j` of the entry at `offset` of the entered row by each
    /// move `mv`, until `visit` returns true; returns whether it did.
    fn neighbours(&self, r: &Self::Row, offset: u64, visit: impl FnMut(usize, u64) -> bool) -> bool;
}

/// A space of `size` numbers, one per row, whose neighbours are `step(x, mv)` for `mv < moves`.
pub(crate) struct FlatSpace<F> {
    size: usize,
    moves: usize,
    step: F,
}

impl<F: Fn(usize, usize) -> usize> FlatSpace<F> {
    /// `size` entries, `moves` moves, `step(x, mv)` the neighbour of `x` by `mv`.
    pub(crate) fn new(size: usize, moves: usize, step: F) -> Self {
        FlatSpace { size, moves, step }
    }
}

impl<F: Fn(usize, usize) -> usize> Space for FlatSpace<F> {
    type Row = usize;

    fn rows(&self) -> u64 {
        self.size as u64
    }

    fn row_len(&self) -> u64 {
        1
    }

    fn moves(&self) -> u64 {
        self.moves as u64
    }

    fn row(&self) -> usize {
        0
    }

    #[inline(always)]
    fn enter(&self, row: u64, r: &mut usize) {
        *r = row as usize;
    }

    #[inline(always)]
    fn neighbours(&self, &x: &usize, _: u64, mut visit: impl FnMut(usize, u64) -> bool) -> bool {
        (0..self.moves).any(|mv| visit(mv, (self.step)(x, mv) as u64))
    }
}

/// A space of `size` numbers, one per row, each decoded once (`decode`) before its moves (`step(&d,
/// moves[k])`, the neighbour by move `k`) apply to it.
pub(crate) struct DecodedSpace<'a, D, Dec, St> {
    size: usize,
    moves: &'a [usize],
    decode: Dec,
    step: St,
    _decoded: std::marker::PhantomData<D>,
}

impl<'a, D: Default, Dec: Fn(usize) -> D, St: Fn(&D, usize) -> usize> DecodedSpace<'a, D, Dec, St> {
    /// `size` entries; `moves` the move numbers `step` takes.
    pub(crate) fn new(size: usize, moves: &'a [usize], decode: Dec, step: St) -> Self {
        DecodedSpace { size, moves, decode, step, _decoded: std::marker::PhantomData }
    }
}

impl<D: Default, Dec: Fn(usize) -> D, St: Fn(&D, usize) -> usize> Space for DecodedSpace<'_, D, Dec, St> {
    type Row = D;

    fn rows(&self) -> u64 {
        self.size as u64
    }

    fn row_len(&self) -> u64 {
        1
    }

    fn moves(&self) -> u64 {
        self.moves.len() as u64
    }

    fn row(&self) -> D {
        D::default()
    }

    #[inline(always)]
    fn enter(&self, row: u64, r: &mut D) {
        *r = (self.decode)(row as usize);
    }

    #[inline(always)]
    fn neighbours(&self, d: &D, _: u64, mut visit: impl FnMut(usize, u64) -> bool) -> bool {
        self.moves.iter().enumerate().any(|(k, &m)| visit(k, (self.step)(d, m) as u64))
    }
}

/// The plain sweeps of a [`Space`] over a [`Packing`], on one thread. With `costs` (per move, for an
/// exact packing), a forward sweep from depth `d` gives a neighbour by move `mv` depth `d + costs[mv]`
/// where that is smaller than what it holds (levels then go in order of depth, as Dijkstra's search).
pub(crate) struct EntrySweeps<'a, S: Space, P: Packing> {
    /// The space.
    pub space: &'a S,
    /// The depths.
    pub table: P,
    /// Per move, its cost (none: all 1).
    pub costs: Option<&'a [u8]>,
}

/// Entries between two looks at the cancellation flag within a sweep.
const CHECK_EVERY: u64 = 1 << 16;

impl<S: Space, P: Packing> EntrySweeps<'_, S, P> {
    /// Calls `visit(table, r, i, offset)` for every entry `i` holding `v`, with its row entered in `r`
    /// (rows without such an entry are not entered); stops early when cancelled. The packing scans
    /// many rows at once (a row may be a single entry).
    #[inline(always)]
    fn walk(&mut self, v: u8, control: Control, mut visit: impl FnMut(&mut P, &S::Row, u64, u64)) {
        let space = self.space;
        let len = space.row_len();
        let size = space.rows() * len;
        let mut r = space.row();
        let per_check = (CHECK_EVERY / len).max(1) * len;
        // The entered row's first entry and the next row's (none entered yet).
        let (mut base, mut end) = (0u64, 0u64);
        let mut start = 0u64;
        while start < size {
            if control.is_cancelled() {
                return;
            }
            let stop = (start + per_check).min(size);
            self.table.each(start..stop, v, |t, i| {
                if i >= end {
                    let row = i / len;
                    space.enter(row, &mut r);
                    base = row * len;
                    end = base + len;
                }
                visit(t, &r, i, i - base);
            });
            start = stop;
        }
    }
}

impl<S: Space, P: Packing> Sweeps for EntrySweeps<'_, S, P> {
    fn forward(&mut self, depth: u32, counts: &mut Vec<u64>, control: Control) -> u64 {
        let space = self.space;
        let mut found = 0u64;
        let from = P::value(depth);
        let Some(costs) = self.costs.filter(|c| c.iter().any(|&c| c != 1)) else {
            // Unit costs: an entry reached is final.
            let next = P::value(depth + 1);
            self.walk(from, control, |t, r, _, off| {
                space.neighbours(r, off, |_, j| {
                    if t.get(j) == P::UNSEEN {
                        t.set(j, next);
                        found += 1;
                    }
                    false
                });
            });
            if counts.len() < depth as usize + 2 {
                counts.resize(depth as usize + 2, 0);
            }
            counts[depth as usize + 1] += found;
            return found;
        };
        debug_assert!(P::EXACT, "move costs need exact depths");
        self.walk(from, control, |t, r, _, off| {
            space.neighbours(r, off, |mv, j| {
                let nd = (depth + costs[mv] as u32).min(P::MAX_DEPTH);
                let old = t.get(j);
                if old == P::UNSEEN {
                    found += 1;
                } else if old as u32 <= nd {
                    return false;
                } else {
                    counts[old as usize] -= 1;
                }
                t.set(j, P::value(nd));
                if counts.len() <= nd as usize {
                    counts.resize(nd as usize + 1, 0);
                }
                counts[nd as usize] += 1;
                false
            });
        });
        found
    }

    fn backward(&mut self, depth: u32, control: Control) -> u64 {
        let space = self.space;
        let (cur, next) = (P::value(depth), P::value(depth + 1));
        let mut found = 0u64;
        self.walk(P::UNSEEN, control, |t, r, i, off| {
            if space.neighbours(r, off, |_, j| t.get(j) == cur) {
                t.set(i, next);
                found += 1;
            }
        });
        found
    }

    fn max_depth(&self) -> u32 {
        P::MAX_DEPTH
    }
}

/// How [`fill`] runs.
#[derive(Debug, Clone, Default)]
pub(crate) struct FillOptions<'a> {
    /// Whether the space's moves are closed under inverses (backward sweeps then give the right
    /// distances, with unit costs).
    pub undirected: bool,
    /// The sweeps' direction (backward only when `undirected` and unit costs).
    pub direction: Direction,
    /// Per move, its cost (none: all 1).
    pub costs: Option<&'a [u8]>,
    /// No level past this depth (entries further stay unseen).
    pub max_depth: Option<u32>,
    /// Each level reported under this phase name.
    pub report: Option<&'static str>,
}

impl FillOptions<'_> {
    /// Moves closed under inverses, unit costs, direction chosen per level.
    pub(crate) fn undirected() -> Self {
        FillOptions { undirected: true, ..Default::default() }
    }

    /// Moves not known to be closed under inverses: forward sweeps only.
    pub(crate) fn forward() -> Self {
        FillOptions::default()
    }
}

/// The distances of every entry of `space` to `goals` (which may repeat), stored as `P`, with the
/// entries at each depth.
pub(crate) fn fill<S: Space, P: Packing>(
    space: &S,
    goals: &[u64],
    options: &FillOptions,
    control: Control,
) -> Result<(P, Vec<u64>)> {
    let size = space.rows() * space.row_len();
    let mut table = P::unseen(size)?;
    let mut n = 0u64;
    for &g in goals {
        if table.get(g) == P::UNSEEN {
            table.set(g, P::value(0));
            n += 1;
        }
    }
    let unit = options.costs.is_none_or(|c| c.iter().all(|&c| c == 1));
    let plan = Plan {
        size,
        moves: space.moves(),
        reachable: size,
        direction: options.direction,
        backward: options.undirected && unit,
        max_depth: options.max_depth,
        report: options.report,
    };
    let mut sweeps = EntrySweeps { space, table, costs: options.costs };
    let run = levels(&mut sweeps, &plan, n, control)?;
    Ok((sweeps.table, run.counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle(x: usize, m: usize) -> usize {
        if m == 0 {
            (x + 1) % 10
        } else {
            (x + 9) % 10
        }
    }

    /// Every packing and direction gives the cycle's distances.
    #[test]
    fn distances_on_a_cycle() {
        let space = FlatSpace::new(10, 2, cycle);
        let want = [0u32, 1, 2, 3, 4, 5, 4, 3, 2, 1];
        for direction in [Direction::Auto, Direction::Forward, Direction::Backward] {
            let o = FillOptions { direction, ..FillOptions::undirected() };
            let (b, counts) = fill::<_, Bytes>(&space, &[0], &o, Control::none()).unwrap();
            assert_eq!(b.0, want.map(|d| d as u8));
            assert_eq!(counts, [1, 2, 2, 2, 2, 1]);
            let (n, _) = fill::<_, Nibbles>(&space, &[0], &o, Control::none()).unwrap();
            assert!((0..10).all(|i| n.get(i) == want[i as usize] as u8));
            let (r, _) = fill::<_, DepthBits>(&space, &[0], &o, Control::none()).unwrap();
            assert!((0..10).all(|i| r.get(i) == (want[i as usize] % 3) as u8));
        }
        // Two goals; a move that only reaches even values leaves the odd ones unseen.
        let (b, counts) = fill::<_, Bytes>(&space, &[0, 5, 0], &FillOptions::undirected(), Control::none()).unwrap();
        assert_eq!(b.0, [0, 1, 2, 2, 1, 0, 1, 2, 2, 1]);
        assert_eq!(counts, [2, 4, 4]);
        let even = FlatSpace::new(10, 1, |x, _| (x + 2) % 10);
        let (b, _) = fill::<_, Bytes>(&even, &[0], &FillOptions::forward(), Control::none()).unwrap();
        assert_eq!(b.0, [0, 255, 1, 255, 2, 255, 3, 255, 4, 255]);
    }

    /// With move costs (+1 costs 1, -1 costs 3), levels settle in order of depth; a depth limit leaves
    /// the entries past it unseen.
    #[test]
    fn costs_and_limits() {
        let space = FlatSpace::new(10, 2, cycle);
        let o = FillOptions { costs: Some(&[1, 3]), ..FillOptions::undirected() };
        let (b, counts) = fill::<_, Bytes>(&space, &[0], &o, Control::none()).unwrap();
        assert_eq!(b.0, [0, 1, 2, 3, 4, 5, 6, 7, 6, 3]);
        assert_eq!(counts, [1, 1, 1, 2, 1, 1, 2, 1]);
        let o = FillOptions { max_depth: Some(2), ..FillOptions::undirected() };
        let (b, counts) = fill::<_, Bytes>(&space, &[0], &o, Control::none()).unwrap();
        assert_eq!(b.0, [0, 1, 2, 255, 255, 255, 255, 255, 2, 1]);
        assert_eq!(counts, [1, 2, 2]);
    }

    #[test]
    fn decoded_spaces_and_byte_scans() {
        // 300 values (past the eight-byte skips), moves ±1 and ±7 by their numbers.
        let moves = [0usize, 1, 2, 3];
        let space =
            DecodedSpace::new(300, &moves, |x| x as i64, |&x, m| (x + [1, -1, 7, -7][m]).rem_euclid(300) as usize);
        let (a, _) = fill::<_, Bytes>(&space, &[3], &FillOptions::undirected(), Control::none()).unwrap();
        let forward = FillOptions { direction: Direction::Forward, ..FillOptions::undirected() };
        let (b, _) = fill::<_, Bytes>(&space, &[3], &forward, Control::none()).unwrap();
        assert_eq!(a.0, b.0);
        let x = |d: i64| (d.rem_euclid(300) as u64).min(300 - d.rem_euclid(300) as u64);
        for i in 0..300 {
            let k = x(i - 3);
            assert_eq!(a.0[i as usize] as u64, k / 7 + (k % 7).min(8 - k % 7), "{i}");
        }
    }
}
