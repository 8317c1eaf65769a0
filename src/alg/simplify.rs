//! Simplifying an alg: merge and cancel moves of the same grip (base move) that meet, looking past moves
//! that commute with them, and put commuting runs in a canonical order (the lexicographically least
//! arrangement by base-move index).

use super::ast::{Alg, Node};
use crate::error::{Location, Result};
use crate::puzzle::{MoveRef, Puzzle};

impl Alg {
    /// The simplified alg: a flat move sequence with the same effect, never longer than the expansion.
    pub fn simplify(&self, puzzle: &Puzzle) -> Result<Alg> {
        let moves = simplify_moves(puzzle, &self.expand(puzzle)?);
        Ok(Alg {
            nodes: moves
                .into_iter()
                .map(|m| Node::Move { token: puzzle.move_name(m), at: Location::Nowhere })
                .collect(),
        })
    }
}

/// Simplifies a move sequence (see the module docs).
pub fn simplify_moves(puzzle: &Puzzle, moves: &[MoveRef]) -> Vec<MoveRef> {
    let mut out: Vec<MoveRef> = Vec::with_capacity(moves.len());
    for &m in moves {
        if m.amount == 0 {
            continue;
        }
        // Walk back over moves that commute with m, looking for one of the same grip.
        let mut k = out.len();
        let mut merged = false;
        while k > 0 {
            let prev = out[k - 1];
            if prev.base == m.base {
                let sum = puzzle.move_ref(m.base, prev.amount + m.amount);
                if sum.amount == 0 {
                    out.remove(k - 1);
                } else {
                    out[k - 1] = sum;
                }
                merged = true;
                break;
            }
            if !puzzle.commutes(prev.base, m.base) {
                break;
            }
            k -= 1;
        }
        if merged {
            continue;
        }
        // m may sit anywhere from k on; take the first place that keeps the order canonical.
        let at = (k..out.len()).find(|&i| out[i].base > m.base).unwrap_or(out.len());
        out.insert(at, m);
    }
    out
}
