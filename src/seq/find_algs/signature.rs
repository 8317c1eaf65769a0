//! What an alg found by the finder does, in the terms results are grouped by: per set, how many pieces
//! end up wrong and whether any of them changed place (or were only twisted). Also the cycle arithmetic
//! of the repeated-execution mode: the order of a transformation and its powers without repeated
//! composition.

use num_integer::Integer;

use crate::Puzzle;

/// How an alg changes one set of pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SetChange {
    /// The set (an index into [`Puzzle::orbits`]).
    pub orbit: usize,
    /// How many of its pieces end up wrong (in another slot, or twisted in their own).
    pub pieces: usize,
    /// Whether some piece changed place (false: the wrong pieces are only twisted).
    pub permuted: bool,
}

/// The signature results are grouped by: the sets an alg changes, in definition order, with how many
/// pieces of each and whether they move or only twist. Conjugate positions share a signature, so the
/// rotations of a sequence and the setups around an alg do too.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature {
    /// The changed sets (sets left solved are not listed).
    pub sets: Vec<SetChange>,
}

impl Signature {
    /// The wrong pieces in all sets together.
    pub fn pieces(&self) -> usize {
        self.sets.iter().map(|s| s.pieces).sum()
    }

    /// In words, e.g. `CORNER 3 moved, EDGE 2 twisted`.
    pub fn describe(&self, puzzle: &Puzzle) -> String {
        self.sets
            .iter()
            .map(|s| {
                let how = if s.permuted { "moved" } else { "twisted" };
                format!("{} {} {how}", puzzle.orbits()[s.orbit].name, s.pieces)
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Tells which positions count as found: at least one and at most `max` pieces wrong against the solved
/// state, and their signature.
pub(super) struct Judge {
    solved: Vec<u8>,
    /// Per set: its offset and size.
    orbits: Vec<(usize, usize)>,
    max: usize,
    /// Whether the solved state is the identity (distinct pieces, no twist): a transformation is then
    /// judged as it is, without applying it to the solved state first.
    solved_is_identity: bool,
}

impl Judge {
    pub(super) fn new(puzzle: &Puzzle, max: usize) -> Judge {
        let solved = puzzle.solved().as_bytes().to_vec();
        Judge {
            solved_is_identity: solved == puzzle.identity().as_bytes(),
            orbits: puzzle.orbits().iter().map(|o| (o.offset, o.size)).collect(),
            solved,
            max,
        }
    }

    /// The signature of a state (a position reached from solved), or `None` when it is solved or has
    /// more than `max` pieces wrong. Counting stops at the first piece past `max`, so most positions cost
    /// a few comparisons.
    #[inline]
    pub(super) fn of_state(&self, state: &[u8]) -> Option<Signature> {
        let mut wrong = 0;
        for &(off, n) in &self.orbits {
            for i in off..off + n {
                if state[i] != self.solved[i] || state[i + n] != self.solved[i + n] {
                    wrong += 1;
                    if wrong > self.max {
                        return None;
                    }
                }
            }
        }
        if wrong == 0 {
            return None;
        }
        let mut sets = Vec::new();
        for (orbit, &(off, n)) in self.orbits.iter().enumerate() {
            let (mut pieces, mut permuted) = (0, false);
            for i in off..off + n {
                let moved = state[i] != self.solved[i];
                if moved || state[i + n] != self.solved[i + n] {
                    pieces += 1;
                    permuted |= moved;
                }
            }
            if pieces > 0 {
                sets.push(SetChange { orbit, pieces, permuted });
            }
        }
        Some(Signature { sets })
    }

    /// Whether the position `state` followed by move transformation `t` reaches can have a signature
    /// (one to `max` pieces wrong), judged without making it.
    #[inline]
    pub(super) fn may_judge(&self, puzzle: &Puzzle, state: &[u8], t: &[u8]) -> bool {
        (1..=self.max).contains(&puzzle.layout().differences_after(state, t, &self.solved, self.max))
    }

    /// [`Judge::of_state`] of the position a transformation reaches from solved (`scratch`: a state-sized
    /// buffer, used when the solved state is not the identity).
    #[inline]
    pub(super) fn of_transform(&self, puzzle: &Puzzle, t: &[u8], scratch: &mut [u8]) -> Option<Signature> {
        if self.solved_is_identity {
            return self.of_state(t);
        }
        puzzle.layout().compose_into(&self.solved, t, scratch);
        self.of_state(scratch)
    }
}

/// `out = t⁻¹` (`t` a transformation), without allocating.
pub(super) fn invert_into(puzzle: &Puzzle, t: &[u8], out: &mut [u8]) {
    for o in puzzle.orbits() {
        let (off, n, m) = (o.offset, o.size, o.orientations);
        for i in 0..n {
            let j = t[off + i] as usize;
            out[off + j] = i as u8;
            out[off + n + j] = (m - t[off + n + i] % m) % m;
        }
    }
}

/// The order of a transformation (the least k ≥ 1 with tᵏ the identity), or `None` past `u64`.
pub(super) fn order(puzzle: &Puzzle, t: &[u8]) -> Option<u64> {
    let mut order = Some(1u64);
    puzzle.layout().for_each_cycle(t, |cycle| {
        order = order.and_then(|o| o.checked_mul(cycle / o.gcd(&cycle)));
    });
    order
}

/// `out = tᵏ`, cycle by cycle: a slot's content comes from k steps along its cycle and gathers the
/// twists of the slots it passes (`t` a transformation: no wildcards).
pub(super) fn power_into(puzzle: &Puzzle, t: &[u8], k: u64, out: &mut [u8]) {
    let mut cycle = [0u8; 256];
    // Twist sums over the cycle's first i slots, twice around (windows may wrap).
    let mut sums = [0u64; 513];
    for o in puzzle.orbits() {
        let (off, n, m) = (o.offset, o.size, o.orientations as u64);
        let mut seen = [false; 256];
        for start in 0..n {
            if seen[start] {
                continue;
            }
            let mut len = 0;
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                cycle[len] = i as u8;
                len += 1;
                i = t[off + i] as usize;
            }
            for j in 0..2 * len {
                sums[j + 1] = sums[j] + t[off + n + cycle[j % len] as usize] as u64;
            }
            let (laps, rest) = ((k / len as u64) % m, (k % len as u64) as usize);
            for j in 0..len {
                let slot = off + cycle[j] as usize;
                out[slot] = cycle[(j + rest) % len];
                let twist = laps * sums[len] + (sums[j + rest] - sums[j]);
                out[slot + n] = (twist % m) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seq::read_moves;

    use crate::test_puzzles::cube3 as cube;

    #[test]
    fn powers_and_orders_agree_with_repeated_composition() {
        let p = cube();
        for alg in ["R U", "R U R' U'", "R U2 D' B D'", "F", "R2 U2"] {
            let t = p.apply_moves(&p.identity(), &read_moves(&p, alg).unwrap());
            let o = order(&p, t.as_bytes()).unwrap();
            assert_eq!(o.to_string(), p.layout().order(t.as_bytes()).to_string(), "{alg}");
            let mut by_steps = p.identity();
            let mut out = vec![0u8; p.state_size()];
            for k in 0..=o {
                power_into(&p, t.as_bytes(), k, &mut out);
                assert_eq!(out, by_steps.as_bytes(), "{alg} to the power {k}");
                by_steps = crate::State::from_vec(p.layout().compose(by_steps.as_bytes(), t.as_bytes()));
            }
        }
    }

    #[test]
    fn signatures_count_moved_and_twisted_pieces() {
        let p = cube();
        let judge = Judge::new(&p, 4);
        let at = |alg: &str| p.apply_moves(p.solved(), &read_moves(&p, alg).unwrap());
        // An A-perm: three corners cycled.
        let a_perm = judge.of_state(at("R U R' D R U' R' D'").as_bytes()).unwrap();
        assert_eq!(a_perm.describe(&p), "CORNER 3 moved");
        assert_eq!(a_perm.pieces(), 3);
        // Two corners twisted in place, nothing moved.
        let twist =
            judge.of_state(at("R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U'").as_bytes()).unwrap();
        assert_eq!(twist.describe(&p), "CORNER 2 twisted");
        // Solved, and a quarter turn (eight pieces), are not found.
        assert_eq!(judge.of_state(p.solved().as_bytes()), None);
        assert_eq!(judge.of_state(at("U").as_bytes()), None);
        // The T-perm: two edges and two corners.
        let t_perm = judge.of_state(at("R U R' U' R' F R2 U' R' U' R U R' F'").as_bytes()).unwrap();
        assert_eq!(t_perm.describe(&p), "EDGE 2 moved, CORNER 2 moved");
    }
}
