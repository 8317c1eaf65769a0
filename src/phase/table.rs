//! [`ProjectionTable`]: the exact distance to the goal of a projection of a phase's positions onto some of
//! its coordinates (all of them when the whole coset space fits the budget). Moves act on each coordinate
//! on its own, so a projection is a quotient of the phase's graph and its distances are lower bounds of
//! the phase's distances; the search combines several by taking their maximum.

use super::coords::PhaseCoords;
use super::masks::MoveMasks;
use crate::control::Control;
use crate::coord::fill::{fill, Bytes, FillOptions, Packing, Space};
use crate::error::Result;

/// The distance byte of an entry no move sequence reaches.
pub(crate) const UNREACHED: u8 = Bytes::UNSEEN;

/// Exact distances of one projection, one byte per entry.
#[derive(Debug)]
pub(crate) struct ProjectionTable {
    /// The coordinates projected onto, most significant first.
    coords: Vec<usize>,
    /// `strides[i]`: the index weight of `coords[i]`.
    strides: Vec<u64>,
    /// Distance per entry ([`UNREACHED`] when unreachable).
    dist: Vec<u8>,
    /// The largest distance.
    max: u8,
}

impl ProjectionTable {
    /// Entries of the projection onto `coords`, or `None` past `u64`.
    pub(crate) fn entries(sizes: &[u64], coords: &[usize]) -> Option<u64> {
        coords.iter().try_fold(1u64, |p, &c| p.checked_mul(sizes[c]))
    }

    /// Fills the table by breadth-first search from the goal (the crate's builder, [`fill`]); `costs[mv]`
    /// is each move's cost (1 in the half-turn metric). With unit costs and moves closed under inverses
    /// (the graph is undirected), a depth whose frontier is large is found backwards: each unreached
    /// entry looks for a neighbour on the frontier and stops at the first.
    pub(crate) fn build(pc: &PhaseCoords, coords: Vec<usize>, costs: &[u8], control: Control) -> Result<Self> {
        Self::fill(pc, coords, costs, pc.inverse_closed(), control)
    }

    /// [`ProjectionTable::build`], with backward sweeps only when `backward` allows them.
    fn fill(pc: &PhaseCoords, mut coords: Vec<usize>, costs: &[u8], backward: bool, control: Control) -> Result<Self> {
        let sizes = pc.sizes();
        let n = Self::entries(&sizes, &coords).expect("the caller checked the size") as usize;
        // The largest coordinate last: the walk recomputes the others' part of the neighbours' indices
        // once per row of it.
        if let Some(k) = (0..coords.len()).max_by_key(|&k| (sizes[coords[k]], std::cmp::Reverse(k))) {
            let c = coords.remove(k);
            coords.push(c);
        }
        let mut strides = vec![1u64; coords.len()];
        for i in (0..coords.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * sizes[coords[i + 1]];
        }
        let mut t = ProjectionTable { coords, strides, dist: Vec::new(), max: 0 };
        let goal = t.index(pc.goal()) as u64;
        let (last, row_len) = (t.coords[t.coords.len() - 1], sizes[t.coords[t.coords.len() - 1]]);
        let space = Projection { pc, table: &t, moves: pc.moves(), last, rows: n as u64 / row_len, row_len };
        let options =
            FillOptions { undirected: backward, costs: Some(costs), report: Some("table"), ..FillOptions::default() };
        let (dist, counts) = fill::<_, Bytes>(&space, &[goal], &options, control)?;
        debug_assert_eq!(dist.0.len(), n);
        t.dist = dist.into_vec();
        t.max = (counts.len() - 1) as u8;
        Ok(t)
    }

    /// A table from saved parts: `coords` in the table's order (largest last), one distance byte per
    /// entry, the largest distance. Refused unless the sizes agree, the goal is at distance 0 and no
    /// entry is past `max` (other than unreached ones).
    pub(crate) fn from_parts(pc: &PhaseCoords, coords: Vec<usize>, dist: Vec<u8>, max: u8) -> Result<Self> {
        let bad = |why: &str| crate::error::Error::new(format!("not a valid saved phase table file: {why}"));
        let sizes = pc.sizes();
        if coords.is_empty() || coords.iter().any(|&c| c >= sizes.len()) {
            return Err(bad("a table's coordinates are out of range"));
        }
        if Self::entries(&sizes, &coords) != Some(dist.len() as u64) {
            return Err(bad("a table has the wrong number of entries"));
        }
        let mut strides = vec![1u64; coords.len()];
        for i in (0..coords.len() - 1).rev() {
            strides[i] = strides[i + 1] * sizes[coords[i + 1]];
        }
        let t = ProjectionTable { coords, strides, dist, max };
        if max == UNREACHED || t.dist[t.index(pc.goal())] != 0 || t.dist.iter().any(|&d| d > max && d != UNREACHED) {
            return Err(bad("a table's distances are inconsistent"));
        }
        Ok(t)
    }

    /// Prefetches entry `i`'s distance byte.
    #[inline(always)]
    pub(crate) fn prefetch(&self, i: usize) {
        if let Some(d) = self.dist.get(i) {
            crate::memory::prefetch(d);
        }
    }

    /// The distance bytes.
    pub(crate) fn distances(&self) -> &[u8] {
        &self.dist
    }

    /// The largest distance.
    pub(crate) fn max(&self) -> u8 {
        self.max
    }

    /// Writes the coordinate values of entry `i` (its own coordinates only) into `vals`.
    pub(crate) fn decode(&self, mut i: u64, vals: &mut [u32]) {
        for (k, &c) in self.coords.iter().enumerate().rev() {
            let size = if k == 0 { u64::MAX } else { self.strides[k - 1] / self.strides[k] };
            vals[c] = (i % size) as u32;
            i /= size;
        }
    }

    /// The entry of coordinate values (all of the phase's coordinates).
    #[inline(always)]
    pub(crate) fn index(&self, vals: &[u32]) -> usize {
        let mut j = 0u64;
        for (k, &c) in self.coords.iter().enumerate() {
            j += vals[c] as u64 * self.strides[k];
        }
        j as usize
    }

    /// The distance bound of coordinate values.
    #[inline(always)]
    pub(crate) fn lookup(&self, vals: &[u32]) -> u8 {
        self.dist[self.index(vals)]
    }

    /// Every entry's move masks: which moves take the distance up and which keep it. Row by row of the
    /// last coordinate (the largest, stride one): the other coordinates' share of each neighbour's index
    /// is worked out once per row, so an entry costs one move-table read and one distance read per move.
    pub(crate) fn move_masks(&self, pc: &PhaseCoords) -> MoveMasks {
        let mut words = vec![0u64; self.dist.len()];
        crate::memory::advise_huge_pages(words.as_ptr() as *const u8, words.len() * 8);
        let k = self.coords.len() - 1;
        let last = self.coords[k];
        let row = pc.sizes()[last] as usize;
        let moves = pc.moves();
        let fill = |(r, chunk): (usize, &mut [u64])| {
            let mut vals = vec![0u32; pc.len()];
            let base = r * row;
            self.decode(base as u64, &mut vals);
            let part: Vec<u64> = (0..moves)
                .map(|mv| {
                    self.coords[..k].iter().zip(&self.strides).map(|(&c, &s)| pc.step(c, vals[c], mv) as u64 * s).sum()
                })
                .collect();
            let own = &self.dist[base..base + chunk.len()];
            // Move by move over the row: the entries' reads are independent of each other, so the
            // processor overlaps them.
            for (mv, &p) in part.iter().enumerate() {
                let (up, same) = (MoveMasks::word(1 << mv, 0), MoveMasks::word(0, 1 << mv));
                for (v, (w, &d)) in chunk.iter_mut().zip(own).enumerate() {
                    let e = self.dist[(p + pc.step(last, v as u32, mv) as u64) as usize];
                    *w |= if e > d {
                        up
                    } else if e == d {
                        same
                    } else {
                        0
                    };
                }
            }
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            words.par_chunks_mut(row).enumerate().for_each(fill);
        }
        #[cfg(not(feature = "parallel"))]
        words.chunks_mut(row).enumerate().for_each(fill);
        MoveMasks::from_words(words)
    }

    /// The distance of entry `i` (an [`index`](Self::index)).
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> u8 {
        self.dist[i]
    }

    /// The number of entries.
    pub(crate) fn len(&self) -> usize {
        self.dist.len()
    }

    /// The coordinates projected onto.
    pub(crate) fn coords(&self) -> &[usize] {
        &self.coords
    }

    /// Entries per distance (the last entry counts unreachable entries).
    pub(crate) fn distribution(&self) -> Vec<u64> {
        let mut d = vec![0u64; self.max as usize + 2];
        for &x in &self.dist {
            let k = if x == UNREACHED { self.max as usize + 1 } else { x as usize };
            d[k] += 1;
        }
        d
    }
}

/// A projection's entries as a [`Space`] for the breadth-first builder: a row per value of all but the
/// last coordinate (the largest, stride one), whose share of each neighbour's index is worked out once
/// per row, so an entry costs one move-table read per move.
struct Projection<'a> {
    pc: &'a PhaseCoords,
    /// The table being filled (its coordinates and strides).
    table: &'a ProjectionTable,
    moves: usize,
    /// The last coordinate, its number of values (the row's length), and the rows.
    last: usize,
    row_len: u64,
    rows: u64,
}

/// An entered row: every coordinate's value, and per move the other coordinates' share of the index of
/// a neighbour.
struct ProjectionRow {
    vals: Vec<u32>,
    part: Vec<u64>,
}

impl Space for Projection<'_> {
    type Row = ProjectionRow;

    fn rows(&self) -> u64 {
        self.rows
    }

    fn row_len(&self) -> u64 {
        self.row_len
    }

    fn moves(&self) -> u64 {
        self.moves as u64
    }

    fn row(&self) -> ProjectionRow {
        ProjectionRow { vals: vec![0; self.pc.len()], part: vec![0; self.moves] }
    }

    fn enter(&self, row: u64, r: &mut ProjectionRow) {
        let t = self.table;
        let k = t.coords.len() - 1;
        t.decode(row * self.row_len, &mut r.vals);
        for (mv, p) in r.part.iter_mut().enumerate() {
            *p = t.coords[..k]
                .iter()
                .zip(&t.strides)
                .map(|(&c, &stride)| self.pc.step(c, r.vals[c], mv) as u64 * stride)
                .sum();
        }
    }

    #[inline(always)]
    fn neighbours(&self, r: &ProjectionRow, v: u64, mut visit: impl FnMut(usize, u64) -> bool) -> bool {
        r.part.iter().enumerate().any(|(mv, &p)| visit(mv, p + self.pc.step(self.last, v as u32, mv) as u64))
    }
}

/// The most projections one phase uses.
const MAX_PROJECTIONS: usize = 4;

/// The projections for coordinates of `sizes` with at most `cap` entries each: the whole tuple when it
/// fits, else the largest subsets that fit and lie inside no other that fits (at most
/// [`MAX_PROJECTIONS`], the largest first, then more to cover every coordinate that fits alone). With
/// many coordinates, for each coordinate it and as many of the smallest others as fit. None without
/// coordinates (a phase whose subgroup leaves nothing to tell apart: every position is at its goal).
pub(crate) fn choose_projections(sizes: &[u64], cap: u64) -> Vec<Vec<usize>> {
    if sizes.is_empty() {
        return Vec::new();
    }
    let all: Vec<usize> = (0..sizes.len()).collect();
    if ProjectionTable::entries(sizes, &all).is_some_and(|n| n <= cap) {
        return vec![all];
    }
    let mut candidates: Vec<Vec<usize>> = Vec::new();
    if sizes.len() <= 12 {
        for subset in 1u32..1 << sizes.len() {
            let members: Vec<usize> = (0..sizes.len()).filter(|&c| subset >> c & 1 == 1).collect();
            if ProjectionTable::entries(sizes, &members).is_some_and(|n| n <= cap) {
                candidates.push(members);
            }
        }
    } else {
        let mut by_size = all.clone();
        crate::sort::sort_by_key(&mut by_size, |&c| (sizes[c], c));
        for &c in by_size.iter().rev().filter(|&&c| sizes[c] <= cap) {
            let (mut p, mut n) = (vec![c], sizes[c]);
            for &d in &by_size {
                if d != c && n.saturating_mul(sizes[d]) <= cap {
                    p.push(d);
                    n *= sizes[d];
                }
            }
            crate::sort::sort(&mut p);
            candidates.push(p);
        }
    }
    let inside = |p: &Vec<usize>, q: &Vec<usize>| p.len() < q.len() && p.iter().all(|x| q.contains(x));
    let mut maximal: Vec<Vec<usize>> =
        candidates.iter().filter(|p| !candidates.iter().any(|q| inside(p, q))).cloned().collect();
    crate::sort::sort(&mut maximal);
    maximal.dedup();
    let entries = |p: &Vec<usize>| ProjectionTable::entries(sizes, p).unwrap_or(u64::MAX);
    crate::sort::sort_by_key(&mut maximal, |p| (std::cmp::Reverse(entries(p)), p.clone()));
    let mut out: Vec<Vec<usize>> = maximal.iter().take(MAX_PROJECTIONS).cloned().collect();
    for p in &maximal[out.len()..] {
        if p.iter().any(|c| !out.iter().any(|q| q.contains(c))) {
            out.push(p.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::moveset::MoveSet;
    use crate::phase::relabel::Relabel;
    use crate::test_puzzles::cube3;

    /// Backward sweeps give the same distances as forward ones, on the 3x3x3's two Kociemba phases
    /// (every pair of coordinates) in both metrics.
    #[test]
    fn backward_sweeps_agree_with_forward_ones() {
        let p = cube3();
        let chain = ["U,D,F,B,R,L", "U,D,F2,B2,R2,L2", ""];
        for w in chain.windows(2) {
            for qtm in [false, true] {
                let g = MoveSet::parse(&p, w[0]).unwrap();
                let gt: Vec<&[u8]> = g.moves().iter().map(|m| p.transform(m.mv)).collect();
                let ht: Vec<&[u8]> = match w[1] {
                    "" => Vec::new(),
                    h => MoveSet::parse(&p, h).unwrap().moves().iter().map(|m| p.transform(m.mv)).collect(),
                };
                let relabel = Relabel::new(p.layout(), p.solved().as_bytes(), &ht, &gt).unwrap();
                let mut pc = PhaseCoords::new(p.layout(), relabel.start(), &gt).unwrap();
                pc.build_tables();
                assert!(pc.inverse_closed());
                let costs: Vec<u8> = g.moves().iter().map(|m| if qtm { m.qtm_cost as u8 } else { 1 }).collect();
                for proj in choose_projections(&pc.sizes(), 1 << 21) {
                    let a = ProjectionTable::fill(&pc, proj.clone(), &costs, true, Control::none()).unwrap();
                    let b = ProjectionTable::fill(&pc, proj, &costs, false, Control::none()).unwrap();
                    assert_eq!(a.dist, b.dist);
                    assert_eq!(a.max, b.max);
                }
            }
        }
    }

    #[test]
    fn projections_for_the_kociemba_phases() {
        // Phase 1: corner twist, edge flip, slice positions.
        let p = choose_projections(&[2187, 2048, 495], 1 << 23);
        assert_eq!(p, vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        let p = choose_projections(&[2187, 2048, 495], 1 << 21);
        assert_eq!(p, vec![vec![0, 2], vec![1, 2], vec![0, 1]].into_iter().take(2).collect::<Vec<_>>());
        // Phase 2: corner and edge permutations, slice permutation.
        let p = choose_projections(&[40320, 40320, 24], 1 << 23);
        assert_eq!(p, vec![vec![0, 2], vec![1, 2]]);
        assert_eq!(choose_projections(&[2187, 24], 1 << 22), vec![vec![0, 1]]);
        // A coordinate larger than the cap is left out.
        assert_eq!(choose_projections(&[1 << 30, 100], 1 << 20), vec![vec![1]]);
    }
}
