//! Exact distance tables of small groups of pieces: for one to three pieces and a set of moves, the
//! fewest of those moves that bring the pieces home from each joint location (a breadth-first search
//! from home; one byte per entry, `60^k` entries, [`FAR`] where the moves cannot reach).

use super::model::{Model, LOCS};
use crate::control::Control;
use crate::error::Result;

/// A joint location the moves do not reach.
pub(super) const FAR: u8 = u8::MAX;

/// The distance table of up to three pieces under some moves.
pub(super) struct PieceTable {
    /// `dist[index]`, index = the pieces' locations in base [`LOCS`] (the first piece the most
    /// significant).
    pub dist: Vec<u8>,
}

impl PieceTable {
    /// Entries of a table of `k` pieces.
    pub(super) fn entries(k: usize) -> usize {
        LOCS.pow(k as u32)
    }

    /// The table of `pieces` (one to three) under `moves`: distances to `goal` (per piece, in `pieces`
    /// order, a mask of the locations it may end at).
    pub(super) fn build(model: &Model, pieces: &[u8], goal: &[u64], moves: &[u8], control: Control) -> Result<Self> {
        let k = pieces.len();
        debug_assert!((1..=3).contains(&k));
        let n = Self::entries(k);
        let mut dist = vec![FAR; n];
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        // Every joint goal location (two pieces of one kind in one slot too: a smaller bound, still one).
        let mut starts = vec![0usize];
        for &g in goal {
            let locs: Vec<usize> = (0..LOCS).filter(|&l| g >> l & 1 == 1).collect();
            starts = starts.iter().flat_map(|&a| locs.iter().map(move |&l| a * LOCS + l)).collect();
        }
        for x in starts {
            dist[x] = 0;
            queue.push(x as u32);
        }
        let mut head = 0;
        let mut locs = [0u8; 3];
        while head < queue.len() {
            if head % (1 << 16) == 0 {
                control.check()?;
            }
            let x = queue[head] as usize;
            head += 1;
            let d = dist[x] + 1;
            let mut rest = x;
            for i in (0..k).rev() {
                locs[i] = (rest % LOCS) as u8;
                rest /= LOCS;
            }
            for &m in moves {
                let mut y = 0usize;
                for i in 0..k {
                    y = y * LOCS + model.step(m as usize, pieces[i] as usize, locs[i]) as usize;
                }
                if dist[y] == FAR {
                    dist[y] = d;
                    queue.push(y as u32);
                }
            }
        }
        Ok(PieceTable { dist })
    }

    /// The table's bytes.
    pub(super) fn bytes(&self) -> usize {
        self.dist.len()
    }
}
