//! Symmetry classes of a coordinate under the 3x3x3's sixteen symmetries (the symmetry engine's
//! [`SymClasses`](crate::group::symmetry::SymClasses), with the model's inverses): values that a
//! symmetry's conjugation maps onto each other share a class, represented by its smallest value. A
//! pruning table over (class, other coordinate) is then smaller by about the number of symmetries, as
//! min2phase's and Kociemba's tables are.

use super::model::{Model, SYMS};
use crate::group::symmetry::Inverses;

/// The classes of one coordinate under the symmetries of a mask of [`SYMS`].
pub(super) type SymClasses = crate::group::symmetry::SymClasses<u16>;

impl Inverses for Model {
    fn inverse_of(&self, s: usize) -> usize {
        self.sym_inv[s] as usize
    }
}

/// A pruning table over (class of a coordinate `A`, a coordinate `B`), `B` conjugated by the symmetry
/// that takes `A` to its class's representative: the exact distance to the goal of the pair, for the
/// moves of the move tables (`a_moves[x * k + j]`, `b_moves[y * k + j]`), built breadth first.
pub(super) struct PairTable<'a> {
    pub a: &'a SymClasses,
    pub a_moves: &'a [u16],
    pub b_size: usize,
    pub b_moves: &'a [u16],
    pub b_conj: &'a [u16],
    pub moves: usize,
}

impl PairTable<'_> {
    /// The table's index of the pair `(a, b)`.
    #[inline(always)]
    pub(super) fn index(&self, a: u16, b: u16) -> usize {
        let (c, s) = (self.a.class[a as usize], self.a.sym[a as usize]);
        c as usize * self.b_size + self.b_conj[b as usize * SYMS + s as usize] as usize
    }

    /// The distances from the goal pair, one byte each; with a `cap`, entries at the cap or further hold
    /// the cap (a lower bound), and the fill stops there.
    pub(super) fn build(&self, goal: (u16, u16), cap: Option<u8>) -> Vec<u8> {
        let (classes, bs, k) = (self.a.len(), self.b_size, self.moves);
        let n = classes * bs;
        // Per class and move: the class and symmetry its representative goes to.
        let next: Vec<(u32, u8)> = (0..classes * k)
            .map(|x| {
                let a = self.a_moves[self.a.reps[x / k] as usize * k + x % k] as usize;
                (self.a.class[a], self.a.sym[a])
            })
            .collect();
        // The child's class and `B` value.
        let child = |c: usize, b: usize, j: usize| -> (usize, usize) {
            let (class, s) = next[c * k + j];
            (class as usize, self.b_conj[self.b_moves[b * k + j] as usize * SYMS + s as usize] as usize)
        };
        let mut dist = vec![u8::MAX; n];
        // The entries at the current depth, listed while they are few (a forward step reads only them,
        // not the whole table); `None` once a backward step has filled a level without listing it.
        let mut frontier: Option<Vec<u32>> = Some(Vec::new());
        let g = self.index(goal.0, goal.1);
        let mut filled = self.set(&mut dist, (g / bs, g % bs), 0, frontier.as_mut());
        let (mut depth, mut size) = (0u8, filled);
        while filled < n {
            if cap == Some(depth + 1) {
                dist.iter_mut().filter(|d| **d == u8::MAX).for_each(|d| *d = depth + 1);
                break;
            }
            let before = filled;
            // Forward from the frontier while it is smaller than what is left, then backward: each entry
            // not reached yet looks for a neighbour on the frontier (the moves are closed under inverses).
            if size <= n - filled {
                let mut reached = Vec::with_capacity((size * 8).min(n - filled));
                let from = match frontier.take() {
                    Some(list) => list,
                    None => (0..n as u32).filter(|&i| dist[i as usize] == depth).collect(),
                };
                for i in from {
                    let (c, b) = (i as usize / bs, i as usize % bs);
                    for j in 0..k {
                        let e = child(c, b, j);
                        if dist[e.0 * bs + e.1] == u8::MAX {
                            filled += self.set(&mut dist, e, depth + 1, Some(&mut reached));
                        }
                    }
                }
                frontier = Some(reached);
            } else {
                frontier = None;
                for c in 0..classes {
                    for b in 0..bs {
                        let i = c * bs + b;
                        if dist[i] == u8::MAX
                            && (0..k).any(|j| {
                                let e = child(c, b, j);
                                dist[e.0 * bs + e.1] == depth
                            })
                        {
                            filled += self.set(&mut dist, (c, b), depth + 1, None);
                        }
                    }
                }
            }
            if filled == before {
                break;
            }
            size = filled - before;
            depth += 1;
        }
        dist
    }

    /// Sets the entry of class `c` and `B` value `b`, and those its class's stabilizer makes equal to it
    /// (listed in `list`, if any); how many were new.
    fn set(&self, dist: &mut [u8], (c, b): (usize, usize), d: u8, mut list: Option<&mut Vec<u32>>) -> usize {
        let (mut new, base) = (0, c * self.b_size);
        let mut stab = self.a.stab[c];
        while stab != 0 {
            let s = stab.trailing_zeros() as usize;
            stab &= stab - 1;
            let e = base + self.b_conj[b * SYMS + s] as usize;
            if dist[e] == u8::MAX {
                dist[e] = d;
                new += 1;
                if let Some(l) = list.as_deref_mut() {
                    l.push(e as u32);
                }
            }
        }
        new
    }
}
