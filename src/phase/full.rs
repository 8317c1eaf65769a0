//! [`FullTable`]: the exact distance of every coset of a phase, two bits each (the distance modulo 3, as
//! the seed `kociemba-phase1-pruning-table.txt` stores it), filled by the God's-algorithm breadth-first
//! search over the phase's dense index. A position's exact distance is read by walking towards the goal
//! once; along a search path it then follows from each step's two bits (a move changes it by at most
//! one), so every phase-1 node knows its true distance and no false path is followed further than one
//! move. Used where the whole coset space fits the memory budget and the coordinates are exactly the
//! cosets (3x3x3 phase 1: 2,217,093,120 cosets in 529 MiB).

use super::coords::PhaseCoords;
use crate::control::Control;
use crate::coord::bits::{DepthBits, UNSEEN};
use crate::coord::index::DenseIndex;
use crate::coord::residue::{closer_residue, neighbour_distance};
use crate::error::{Error, Result};
use crate::god::dense::{search, Direction};
use crate::model::puzzle::Puzzle;

/// Exact distances of all cosets of one phase.
pub(crate) struct FullTable {
    bits: DepthBits,
    /// Per phase coordinate, its weight in the dense index.
    weights: Vec<u64>,
    /// Entries per distance.
    counts: Vec<u64>,
    /// Entries in all.
    size: u64,
}

impl std::fmt::Debug for FullTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FullTable").field("weights", &self.weights).field("counts", &self.counts).finish()
    }
}

impl FullTable {
    /// Bytes the table of `cosets` entries takes.
    pub(crate) fn bytes_for(cosets: u64) -> u64 {
        DepthBits::bytes_for(cosets)
    }

    /// The dense index of the phase's positions (relabelled `start`, moves `g`) when its coordinates are
    /// the phase's own, one for one.
    fn index(puzzle: &Puzzle, pc: &PhaseCoords, start: &[u8], g: &[&[u8]]) -> Option<(DenseIndex, Vec<u64>)> {
        let index = DenseIndex::new(puzzle, start, g)?;
        let weights = index.weights()?;
        (index.coordinate_sizes() == pc.sizes()).then_some((index, weights))
    }

    /// Whether a full table can be built for the phase (its coordinates index densely).
    pub(crate) fn possible(puzzle: &Puzzle, pc: &PhaseCoords, start: &[u8], g: &[&[u8]]) -> bool {
        Self::index(puzzle, pc, start, g).is_some()
    }

    /// Fills the table by breadth-first search from the goal (on all threads with the `parallel`
    /// feature).
    pub(crate) fn build(
        puzzle: &Puzzle,
        pc: &PhaseCoords,
        start: &[u8],
        g: &[&[u8]],
        control: Control,
    ) -> Result<Self> {
        let (mut index, weights) = Self::index(puzzle, pc, start, g).ok_or_else(|| {
            Error::internal("a full phase table was planned for coordinates that do not index densely")
        })?;
        index.prepare();
        let goal = self_index(pc.goal(), &weights);
        // The phase's coordinates weighted as the index weighs them must give the index's own number (for
        // the goal and its neighbours, so that a wrong weight cannot hide behind zero values).
        let layout = puzzle.layout();
        let mut s = index.scratch();
        for state in std::iter::once(start.to_vec()).chain(g.iter().map(|t| layout.compose(start, t))) {
            let ours = pc.of_state(&state).map(|v| self_index(&v, &weights));
            if ours.is_none() || index.index_of(&state, &mut s) != ours {
                return Err(Error::internal("a full phase table's coordinates do not match its dense index"));
            }
        }
        let size = index.size();
        // No memory beside the table's own (the phase's budget counts only that).
        let run = search(&index, goal, size, 0, Direction::Auto, None, 0, control)?;
        Ok(FullTable { bits: run.bits, weights, counts: run.counts, size })
    }

    /// A table from saved parts: the index weights (checked against the phase's dense index), entries per
    /// distance, and the bits as words.
    pub(crate) fn from_parts(
        puzzle: &Puzzle,
        pc: &PhaseCoords,
        start: &[u8],
        g: &[&[u8]],
        weights: Vec<u64>,
        counts: Vec<u64>,
        words: Vec<u64>,
    ) -> Result<Self> {
        let bad = |why: &str| Error::new(format!("not a valid saved phase table file: {why}"));
        let (index, expected) = Self::index(puzzle, pc, start, g).ok_or_else(|| bad("the phase has no dense index"))?;
        if weights != expected {
            return Err(bad("the full table's index weights differ from the phase's"));
        }
        let size = index.size();
        if DepthBits::bytes_for(size) != words.len() as u64 * 8 || counts.iter().sum::<u64>() > size {
            return Err(bad("the full table has the wrong size"));
        }
        let bits = DepthBits::from_words(words);
        if bits.get(self_index(pc.goal(), &weights)) != 0 {
            return Err(bad("the full table's goal is not at distance 0"));
        }
        Ok(FullTable { bits, weights, counts, size })
    }

    /// The index weights of the coordinates.
    pub(crate) fn weights(&self) -> &[u64] {
        &self.weights
    }

    /// Entries per distance.
    pub(crate) fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The number of words of the bits.
    pub(crate) fn words(&self) -> usize {
        self.bits.words()
    }

    /// Word `i` of the bits.
    pub(crate) fn word(&self, i: usize) -> u64 {
        self.bits.word(i)
    }

    /// The dense index of coordinate values.
    #[inline(always)]
    pub(crate) fn index_of(&self, vals: &[u32]) -> u64 {
        self_index(vals, &self.weights)
    }

    /// The stored value of coordinate values: the distance modulo 3, or [`UNSEEN`].
    #[inline(always)]
    pub(crate) fn value(&self, vals: &[u32]) -> u8 {
        self.bits.get(self.index_of(vals))
    }

    /// Prefetches the word of coordinate values (a hint: nothing on other targets than x86-64).
    #[inline(always)]
    pub(crate) fn prefetch(&self, vals: &[u32]) {
        self.bits.prefetch(self.index_of(vals));
    }

    /// The distance of a neighbour of a position at distance `d`, from the neighbour's stored value.
    #[inline(always)]
    pub(crate) fn step_distance(d: u32, v: u8) -> Option<u32> {
        if v == UNSEEN {
            return None;
        }
        Some(neighbour_distance(d, v as u32))
    }

    /// The exact distance of coordinate values (`None`: no move sequence reaches the goal), by walking
    /// to the goal one closer neighbour at a time; `work` and `next` are scratch values.
    pub(crate) fn distance(&self, pc: &PhaseCoords, vals: &[u32], work: &mut [u32], next: &mut [u32]) -> Option<u32> {
        let mut v = self.value(vals);
        if v == UNSEEN {
            return None;
        }
        work.copy_from_slice(vals);
        let mut d = 0u32;
        while work != pc.goal() {
            let want = closer_residue(v);
            let found = (0..pc.moves()).any(|mv| {
                pc.apply(work, mv, next);
                self.value(next) == want
            });
            if !found {
                return None;
            }
            work.copy_from_slice(next);
            v = want;
            d += 1;
        }
        Some(d)
    }

    /// Entries per distance (the last count: entries no move sequence reaches).
    pub(crate) fn distribution(&self) -> Vec<u64> {
        let mut d = self.counts.clone();
        let seen: u64 = d.iter().sum();
        d.push(self.size.saturating_sub(seen));
        d
    }
}

/// The dense index of coordinate values under per-coordinate weights.
#[inline(always)]
fn self_index(vals: &[u32], weights: &[u64]) -> u64 {
    vals.iter().zip(weights).map(|(&v, &w)| v as u64 * w).sum()
}
