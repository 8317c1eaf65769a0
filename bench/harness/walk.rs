//! Fixed scrambles: canonical random walks drawn with a small generator of its own (SplitMix64), so they
//! are the same on every run, platform and version.

use twistsearch::canon::CanonFsm;
use twistsearch::{MoveRef, MoveSet};

/// SplitMix64: a small, fixed generator for the scramble walks (the same walks on every platform and
/// version).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0; the modulo bias is irrelevant here).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A canonical random walk of `len` moves from solved (no move cancels or merges with the one before,
/// commuting moves in canonical order). Some automaton states have no canonical continuation (on the
/// megaminx, `R I`: every move either commutes with `I` and would go before it, or commutes with `R`
/// and would go before `R`), so each move is drawn among those that leave a way to finish the walk.
pub fn canonical_walk(set: &MoveSet, fsm: &CanonFsm, len: usize, seed: u64) -> Option<Vec<MoveRef>> {
    let nmoves = set.moves().len();
    let states = fsm.states();
    // alive[k][s]: a canonical sequence of k more moves starts at state s.
    let mut alive = vec![vec![true; states]];
    for k in 1..len {
        let prev = &alive[k - 1];
        let row =
            (0..states as u32).map(|s| (0..nmoves).any(|m| fsm.next(s, m).is_some_and(|t| prev[t as usize]))).collect();
        alive.push(row);
    }
    let mut rng = SplitMix(seed);
    let mut s = 0u32;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        let rest = &alive[len - out.len() - 1];
        let allowed: Vec<(usize, u32)> =
            (0..nmoves).filter_map(|m| fsm.next(s, m).filter(|&t| rest[t as usize]).map(|t| (m, t))).collect();
        if allowed.is_empty() {
            return None;
        }
        let (m, next) = allowed[rng.below(allowed.len())];
        out.push(set.moves()[m].mv);
        s = next;
    }
    Some(out)
}
