//! Counting positions up to symmetry: two positions are equivalent when a rotation of the whole puzzle
//! takes one to the other (conjugation `x ↦ s⁻¹ x s`). Only rotations that map the move set onto itself
//! and the start's identical pieces onto identical pieces count; they form a group `S`, and conjugation
//! keeps distances. By Burnside's lemma the classes at distance `d` number
//! `(1 / |S|) Σ_{s ∈ S} fix_d(s)`, where `fix_d(s)` counts positions at distance `d` that `s` leaves
//! unchanged. The identity fixes everything (the plain counts); for the other rotations the fixed
//! positions are enumerated directly, cycle by cycle of the rotation, and looked up in the finished
//! enumeration.

use crate::error::{Error, Result};
pub(crate) use crate::group::symmetry::{symmetries, Symmetry};
use crate::model::layout::Layout;
use crate::Puzzle;

/// The most candidate fixed positions enumerated per rotation.
const MAX_CANDIDATES: u64 = 50_000_000;

/// Positions at each distance up to symmetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymmetryCounts {
    /// The number of symmetries used (rotations keeping the move set and the start).
    pub symmetries: usize,
    /// `counts[d]`: classes of positions at distance `d`.
    pub counts: Vec<u64>,
    /// All classes.
    pub total: u64,
}

/// Counts classes per distance. `depth_of` gives a position's distance (`None` when not reached);
/// `counts` are the plain counts.
pub(crate) fn count(
    puzzle: &Puzzle,
    moves: &[&[u8]],
    start: &[u8],
    depth_of: &dyn Fn(&[u8]) -> Option<u32>,
    counts: &[u64],
) -> Result<SymmetryCounts> {
    let layout = puzzle.layout();
    let syms = symmetries(puzzle, moves, start)?;
    let mut sums: Vec<u128> = counts.iter().map(|&c| c as u128).collect();
    // Pieces stay in their block (slots the moves connect), and blocks no move twists keep the start's
    // orientations: only such positions can be reached, so only they are enumerated.
    let blocks = crate::coord::blocks::blocks(layout, moves);
    let mut block_of: Vec<Vec<usize>> = layout.orbits().iter().map(|o| vec![0; o.size]).collect();
    let mut twisted: Vec<Vec<bool>> = Vec::new();
    for (orbit, bl) in blocks.iter().enumerate() {
        let o = &layout.orbits()[orbit];
        let mut tw = Vec::new();
        for (k, b) in bl.iter().enumerate() {
            for &slot in b {
                block_of[orbit][slot] = k;
            }
            tw.push(moves.iter().any(|t| b.iter().any(|&slot| t[o.offset + o.size + slot] != 0)));
        }
        twisted.push(tw);
    }
    for sym in syms.iter().filter(|s| s.s != layout.identity()) {
        let mut fixed = Fixed {
            layout,
            start,
            sym,
            depth_of,
            sums: &mut sums,
            candidates: 0,
            block_of: &block_of,
            twisted: &twisted,
        };
        let mut x = start.to_vec();
        let mut left = label_counts(layout, start, &block_of, &blocks);
        fixed.orbit(0, 0, &mut x, &mut left)?;
    }
    let n = syms.len() as u128;
    let mut out = Vec::with_capacity(sums.len());
    for (d, &s) in sums.iter().enumerate() {
        if s % n != 0 {
            return Err(Error::internal(format!("Burnside's sum at distance {d} is not a multiple of {n}")));
        }
        out.push((s / n) as u64);
    }
    Ok(SymmetryCounts { symmetries: syms.len(), total: out.iter().sum(), counts: out })
}

/// Per orbit and block, how many of the block's pieces carry each label in the start.
fn label_counts(
    layout: &Layout,
    start: &[u8],
    block_of: &[Vec<usize>],
    blocks: &[Vec<Vec<usize>>],
) -> Vec<Vec<[u32; 256]>> {
    layout
        .orbits()
        .iter()
        .enumerate()
        .map(|(orbit, o)| {
            let mut c = vec![[0u32; 256]; blocks[orbit].len()];
            for slot in 0..o.size {
                c[block_of[orbit][slot]][start[o.offset + slot] as usize] += 1;
            }
            c
        })
        .collect()
}

/// The enumeration of positions one rotation fixes.
struct Fixed<'a> {
    layout: &'a Layout,
    start: &'a [u8],
    sym: &'a Symmetry,
    depth_of: &'a dyn Fn(&[u8]) -> Option<u32>,
    sums: &'a mut Vec<u128>,
    candidates: u64,
    /// Per orbit and slot: its block.
    block_of: &'a [Vec<usize>],
    /// Per orbit and block: whether any move twists it.
    twisted: &'a [Vec<bool>],
}

impl Fixed<'_> {
    /// Fills the cycles of orbit `orbit` from slot `from` on, then the next orbits.
    fn orbit(&mut self, orbit: usize, from: usize, x: &mut Vec<u8>, left: &mut Vec<Vec<[u32; 256]>>) -> Result<()> {
        let Some(o) = self.layout.orbits().get(orbit) else {
            return self.count(x);
        };
        let s = &self.sym.s;
        let (n, off, m) = (o.size, o.offset, o.orientations);
        let Some(cycle) = next_cycle(&s[off..off + n], from) else {
            return self.orbit(orbit + 1, 0, x, left);
        };
        let c0 = cycle[0];
        let (label, offset) = (&self.sym.label[orbit], &self.sym.offset[orbit]);
        let mut inverse = [u8::MAX; 256];
        for a in 0..256 {
            if label[a] != u8::MAX {
                inverse[label[a] as usize] = a as u8;
            }
        }
        let mut labels: Vec<u8> = self.start[o.pieces_range()].to_vec();
        crate::sort::sort(&mut labels);
        labels.dedup();
        for &a in &labels {
            let Some(seq) = cycle_labels(&inverse, a, cycle.len()) else { continue };
            let blocks = &self.block_of[orbit];
            let mut placed = 0;
            for (&slot, &p) in cycle.iter().zip(&seq) {
                let n = &mut left[orbit][blocks[slot]][p as usize];
                if *n == 0 {
                    break;
                }
                *n -= 1;
                placed += 1;
            }
            if placed < cycle.len() {
                for (&slot, &p) in cycle.iter().zip(&seq).take(placed) {
                    left[orbit][blocks[slot]][p as usize] += 1;
                }
                continue;
            }
            for (&slot, &p) in cycle.iter().zip(&seq) {
                x[off + slot] = p;
            }
            for b in 0..m {
                // x.o[c_{j+1}] = x.o[c_j] − offset[x[c_{j+1}]] − s.o[c_j]; the cycle must close.
                let mut ori = b;
                let mut ok = true;
                for k in 0..cycle.len() {
                    x[off + n + cycle[k]] = ori;
                    let slot = cycle[k];
                    if !self.twisted[orbit][blocks[slot]] && ori != self.start[off + n + slot] {
                        ok = false;
                        break;
                    }
                    let nxt = cycle[(k + 1) % cycle.len()];
                    let sub = (offset[x[off + nxt] as usize] + s[off + n + cycle[k]]) % m;
                    ori = (ori + m - sub) % m;
                    if k + 1 == cycle.len() {
                        ok = ori == b;
                    }
                }
                if ok {
                    self.orbit(orbit, c0 + 1, x, left)?;
                }
            }
            for (&slot, &p) in cycle.iter().zip(&seq) {
                left[orbit][blocks[slot]][p as usize] += 1;
            }
        }
        for &slot in &cycle {
            x[off + slot] = self.start[off + slot];
            x[off + n + slot] = self.start[off + n + slot];
        }
        Ok(())
    }
    /// A complete candidate fixed by the rotation: counted at its depth.
    fn count(&mut self, x: &[u8]) -> Result<()> {
        self.candidates += 1;
        if self.candidates > MAX_CANDIDATES {
            return Err(Error::new(format!(
                "a rotation fixes more than {MAX_CANDIDATES} candidate positions; too many to count by symmetry"
            )));
        }
        if let Some(d) = (self.depth_of)(x) {
            if let Some(s) = self.sums.get_mut(d as usize) {
                *s += 1;
            }
        }
        Ok(())
    }
}

/// The next cycle of the slot permutation `perm` from slot `from` on: the slots of the first cycle
/// whose smallest slot is at least `from`, starting there.
fn next_cycle(perm: &[u8], from: usize) -> Option<Vec<usize>> {
    let c0 = (from..perm.len()).find(|&i| {
        let mut j = perm[i] as usize;
        while j != i {
            if j < i {
                return false;
            }
            j = perm[j] as usize;
        }
        true
    })?;
    let mut cycle = vec![c0];
    let mut j = perm[c0] as usize;
    while j != c0 {
        cycle.push(j);
        j = perm[j] as usize;
    }
    Some(cycle)
}

/// The labels along a cycle of `len` slots starting with label `a`: `x[c_{j+1}] = label⁻¹(x[c_j])`, or
/// `None` when they do not close the cycle.
fn cycle_labels(inverse: &[u8; 256], a: u8, len: usize) -> Option<Vec<u8>> {
    let mut seq = vec![a];
    for _ in 1..len {
        let p = inverse[*seq.last().expect("non-empty") as usize];
        if p == u8::MAX {
            return None;
        }
        seq.push(p);
    }
    (inverse[*seq.last().expect("non-empty") as usize] == a).then_some(seq)
}
