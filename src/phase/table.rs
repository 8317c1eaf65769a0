//! [`ProjectionTable`]: the exact distance to the goal of a projection of a phase's positions onto some of
//! its coordinates (all of them when the whole coset space fits the budget). Moves act on each coordinate
//! on its own, so a projection is a quotient of the phase's graph and its distances are lower bounds of
//! the phase's distances; the search combines several by taking their maximum.

use super::coords::PhaseCoords;
use crate::control::{Control, Progress};
use crate::error::Result;

/// The distance byte of an entry no move sequence reaches.
pub(crate) const UNREACHED: u8 = u8::MAX;

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

    /// Fills the table by breadth-first search from the goal; `costs[mv]` is each move's cost (1 in the
    /// half-turn metric).
    pub(crate) fn build(pc: &PhaseCoords, coords: Vec<usize>, costs: &[u8], control: Control) -> Result<Self> {
        let sizes = pc.sizes();
        let n = Self::entries(&sizes, &coords).expect("the caller checked the size") as usize;
        let mut strides = vec![1u64; coords.len()];
        for i in (0..coords.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * sizes[coords[i + 1]];
        }
        let mut t = ProjectionTable { coords, strides, dist: vec![UNREACHED; n], max: 0 };
        let goal = t.index(pc.goal());
        t.dist[goal] = 0;
        let mut vals = vec![0u32; pc.len()];
        let mut depth = 0u8;
        let mut seen = 1usize;
        loop {
            control.check()?;
            let mut any_later = false;
            for i in 0..n {
                let d = t.dist[i];
                if d != depth {
                    any_later |= d != UNREACHED && d > depth;
                    continue;
                }
                t.decode(i as u64, &mut vals);
                for (mv, &cost) in costs.iter().enumerate() {
                    let mut j = 0u64;
                    for (k, &c) in t.coords.iter().enumerate() {
                        j += pc.step(c, vals[c], mv) as u64 * t.strides[k];
                    }
                    let nd = depth.saturating_add(cost).min(UNREACHED - 1);
                    let slot = &mut t.dist[j as usize];
                    if *slot == UNREACHED {
                        seen += 1;
                        *slot = nd;
                        any_later = true;
                    } else if *slot > nd {
                        *slot = nd;
                    }
                }
            }
            control.report(Progress { phase: "table", depth: depth as u32, done: seen as u64, total: Some(n as u64) });
            if !any_later || depth == UNREACHED - 2 {
                break;
            }
            depth += 1;
        }
        t.max = depth;
        Ok(t)
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

/// The most projections one phase uses.
const MAX_PROJECTIONS: usize = 4;

/// The projections for coordinates of `sizes` with at most `cap` entries each: the whole tuple when it
/// fits, else the largest subsets that fit and lie inside no other that fits (at most
/// [`MAX_PROJECTIONS`], the largest first, then more to cover every coordinate that fits alone). With
/// many coordinates, for each coordinate it and as many of the smallest others as fit.
pub(crate) fn choose_projections(sizes: &[u64], cap: u64) -> Vec<Vec<usize>> {
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
        by_size.sort_by_key(|&c| (sizes[c], c));
        for &c in by_size.iter().rev().filter(|&&c| sizes[c] <= cap) {
            let (mut p, mut n) = (vec![c], sizes[c]);
            for &d in &by_size {
                if d != c && n.saturating_mul(sizes[d]) <= cap {
                    p.push(d);
                    n *= sizes[d];
                }
            }
            p.sort_unstable();
            candidates.push(p);
        }
    }
    let inside = |p: &Vec<usize>, q: &Vec<usize>| p.len() < q.len() && p.iter().all(|x| q.contains(x));
    let mut maximal: Vec<Vec<usize>> =
        candidates.iter().filter(|p| !candidates.iter().any(|q| inside(p, q))).cloned().collect();
    maximal.sort();
    maximal.dedup();
    let entries = |p: &Vec<usize>| ProjectionTable::entries(sizes, p).unwrap_or(u64::MAX);
    maximal.sort_by_key(|p| (std::cmp::Reverse(entries(p)), p.clone()));
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
