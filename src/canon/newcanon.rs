//! `newcanon n`: an automaton that keeps only sequences whose every window of at most `n + 1` moves is the
//! first sequence (shortest, then lexicographically least by move index) to produce its effect.
//!
//! Sequences are enumerated breadth first in lexicographic order up to length `n + 1`, recording every
//! transformation seen. A sequence of length at most `n` whose effect is new becomes a state (its last
//! moves); a longer sequence goes to the state of its last `n` moves. A move is refused from a state when
//! the sequence it extends to was not new. Every state is thus a distinct position within `n` moves of
//! the identity (plus the start), and the automaton refuses commuting swaps, merges and every other short
//! redundancy — in particular whole-puzzle rotations hidden in moves (on the 2x2x2, `R L'` is a rotation).

use rustc_hash::FxHashSet;

use num_bigint::BigUint;

use super::counts::{canonical_counts, MAX_COUNT_DEPTH};
use super::fsm::{too_large, CanonFsm, MAX_TRANSITIONS, REFUSED};
use crate::error::{Error, Result};
use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::Puzzle;

/// The most positions `newcanon` may have to keep in memory while building. It is checked before
/// anything is built against an upper bound: the number of commuting-canonical sequences of length at
/// most `n + 1` (every new position's first sequence is one of them).
pub const MAX_NEWCANON_POSITIONS: u64 = 10_000_000;

impl CanonFsm {
    /// The `newcanon n` automaton (`n >= 1`). In the quarter-turn metric only single turns are used.
    pub fn newcanon(puzzle: &Puzzle, set: &MoveSet, metric: Metric, n: u32) -> Result<CanonFsm> {
        if n == 0 {
            return Err(Error::new("newcanon needs a window of at least 1 move"));
        }
        let moves = set.moves();
        if moves.len() > u16::MAX as usize {
            return Err(Error::new("newcanon supports at most 65535 moves"));
        }
        let usable: Vec<bool> = moves.iter().map(|m| metric == Metric::Htm || m.qtm_cost == 1).collect();
        let plain = CanonFsm::new(puzzle, set, metric)?;
        let bound: BigUint = canonical_counts(&plain, n.saturating_add(1).min(MAX_COUNT_DEPTH))?.iter().sum();
        if bound > BigUint::from(MAX_NEWCANON_POSITIONS) {
            return Err(Error::new(format!(
                "newcanon {n} could need up to {bound} positions in memory (the limit is {MAX_NEWCANON_POSITIONS}); \
                 use a smaller n"
            )));
        }
        let n = n as usize;
        let size = puzzle.state_size();
        let identity = puzzle.identity().as_bytes().to_vec().into_boxed_slice();

        let mut seen: FxHashSet<Box<[u8]>> = FxHashSet::default();
        seen.insert(identity.clone());
        // State 0 is the empty sequence. `tail[s]` is the state of s's moves without the first one: the
        // state of a window that slides past the first move is `next[tail[s]][m]`.
        let mut tail: Vec<u32> = vec![0];
        let mut next: Vec<u32> = Vec::new();
        // The sequences of the current length that are new, in lexicographic order: position and state.
        let mut frontier: Vec<(Box<[u8]>, u32)> = vec![(identity, 0)];
        let mut buf = vec![0u8; size];
        let nm = moves.len();
        for depth in 1..=n + 1 {
            let mut following = Vec::new();
            for (pos, state) in &frontier {
                // Every state has exactly one sequence of its own length: its transitions are filled here.
                debug_assert_eq!(next.len(), *state as usize * nm);
                for (i, m) in moves.iter().enumerate() {
                    if !usable[i] {
                        next.push(REFUSED);
                        continue;
                    }
                    puzzle.apply_into(pos, m.mv, &mut buf);
                    if seen.contains(buf.as_slice()) {
                        next.push(REFUSED);
                        continue;
                    }
                    // The tail's transitions were filled at the previous depth: a window of the last moves is
                    // itself new (an earlier equivalent of it would make this sequence not new).
                    let slide = |s: u32| next[s as usize * nm + i];
                    let target = if depth <= n {
                        let id = tail.len() as u32;
                        if (id as usize + 1) * nm > MAX_TRANSITIONS {
                            return Err(too_large(nm));
                        }
                        tail.push(if depth == 1 { 0 } else { slide(tail[*state as usize]) });
                        let p: Box<[u8]> = buf.clone().into_boxed_slice();
                        seen.insert(p.clone());
                        following.push((p, id));
                        id
                    } else {
                        seen.insert(buf.clone().into_boxed_slice());
                        slide(tail[*state as usize])
                    };
                    if target == REFUSED {
                        return Err(Error::internal("newcanon: a window is not canonical"));
                    }
                    next.push(target);
                }
            }
            frontier = following;
        }
        debug_assert_eq!(next.len(), tail.len() * moves.len());
        Ok(CanonFsm::from_table(metric, moves.len(), next))
    }
}
