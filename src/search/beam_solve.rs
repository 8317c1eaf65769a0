//! A solution (not optimal) of any position of any puzzle: first the fewest moves that make the
//! permutation of every orbit of distinct pieces even (found breadth-first over the orbits' parities),
//! then a beam search ([`super::beam`]) over the moves that keep them even, the pure 3-cycles their
//! commutators make ([`super::commutators::three_cycles`], conjugated by up to two moves) and the twists in place that pairs of those
//! make: 3-cycles cannot undo an odd permutation, nor commutators of single moves twist a piece in
//! place, so the beam could otherwise be stuck a swap or a twist away. The answer is checked by applying
//! it. What the CLI's `solve --beam` runs where an optimal search cannot finish.

use std::collections::HashMap;

use super::beam::{beam_search, changes_of, BeamOptions, Change, Operator};
use super::commutators::{conjugates, simplify, three_cycles};
use crate::control::Control;
use crate::coord::perm::is_odd;
use crate::error::{Error, Result};
use crate::model::moveset::MoveSet;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// A beam search's solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeamSolution {
    /// The moves (adjacent turns of one base merged), checked.
    pub moves: Vec<MoveRef>,
    /// The operators the beam had: the set's moves and the 3-cycles found.
    pub operators: usize,
}

/// Moves of `moves` that take `start` to `target` (its wildcard orientations match anything), by a beam
/// search limited by `options`; an error where the beam finds none within its depth (it is greedy: a
/// position whose permutations are odd where the 3-cycles cannot reach may need a wider beam), or on
/// cancellation.
pub fn beam_solve(
    puzzle: &Puzzle,
    start: &State,
    target: &State,
    moves: &MoveSet,
    options: &BeamOptions,
    control: Control,
) -> Result<BeamSolution> {
    let refs: Vec<MoveRef> = moves.moves().iter().map(|m| m.mv).collect();
    let parity = Parity::new(puzzle, target);
    let prefix = parity.fix(puzzle, start, &refs)?;
    let even = puzzle.apply_moves(start, &prefix);
    let mut ops: Vec<Operator> =
        refs.iter().filter(|&&m| parity.of_move(puzzle, m) == 0).map(|&m| Operator::new(puzzle, vec![m])).collect();
    // Conjugated once more: by two moves.
    let cycles = conjugates(puzzle, &three_cycles(puzzle, &refs, control)?, &refs, control)?;
    ops.extend(twists(puzzle, &cycles));
    ops.extend(cycles);
    let found = beam_search(puzzle, &even, target, &ops, options, control)?;
    let solution = simplify(puzzle, &[prefix, found].concat());
    if !matches(puzzle, &puzzle.apply_moves(start, &solution), target) {
        return Err(Error::internal("beam search: the solution does not reach the target"));
    }
    Ok(BeamSolution { moves: solution, operators: ops.len() })
}

/// Pieces twisted in place: products of two 3-cycles of the same slots whose permutations cancel (the
/// commutators alone twist no piece in place), the shortest of each effect.
fn twists(puzzle: &Puzzle, cycles: &[Operator]) -> Vec<Operator> {
    let mut by_slots: HashMap<Vec<(u16, u8)>, Vec<&Operator>> = HashMap::new();
    for op in cycles {
        let mut slots: Vec<(u16, u8)> = op.changes.iter().map(|c| (c.orbit, c.dst)).collect();
        slots.sort_unstable();
        by_slots.entry(slots).or_default().push(op);
    }
    let mut found: HashMap<Vec<Change>, Vec<MoveRef>> = HashMap::new();
    for group in by_slots.values() {
        for a in group {
            for b in group {
                let moves = simplify(puzzle, &[a.moves.clone(), b.moves.clone()].concat());
                let t = puzzle.apply_moves(&puzzle.identity(), &moves);
                let changes = changes_of(puzzle, t.as_bytes());
                let twist = !changes.is_empty() && changes.iter().all(|c| c.src == c.dst);
                if twist && found.get(&changes).is_none_or(|m| m.len() > moves.len()) {
                    found.insert(changes, moves);
                }
            }
        }
    }
    let mut out: Vec<Operator> = found.into_iter().map(|(changes, moves)| Operator { moves, changes }).collect();
    out.sort_by(|a, b| (a.moves.len(), &a.changes).cmp(&(b.moves.len(), &b.changes)));
    out
}

/// The orbits whose pieces are distinct in the target (at most 64): whose permutations 3-cycles keep
/// even or odd.
struct Parity {
    orbits: Vec<usize>,
    /// Bit `i`: the target's permutation of `orbits[i]` is odd.
    target: u64,
}

impl Parity {
    fn new(puzzle: &Puzzle, target: &State) -> Self {
        let t = target.as_bytes();
        let orbits: Vec<usize> = (0..puzzle.orbits().len())
            .filter(|&k| {
                let mut p = t[puzzle.orbits()[k].pieces_range()].to_vec();
                p.sort_unstable();
                p.dedup();
                p.len() == puzzle.orbits()[k].size
            })
            .take(64)
            .collect();
        let mut parity = Parity { orbits, target: 0 };
        parity.target = parity.of(puzzle, t);
        parity
    }

    /// The parity bits of a state's (or a transformation's) pieces.
    fn of(&self, puzzle: &Puzzle, s: &[u8]) -> u64 {
        self.orbits
            .iter()
            .enumerate()
            .fold(0, |a, (i, &k)| a | u64::from(is_odd(&s[puzzle.orbits()[k].pieces_range()])) << i)
    }

    fn of_move(&self, puzzle: &Puzzle, m: MoveRef) -> u64 {
        self.of(puzzle, puzzle.transform(m))
    }

    /// The fewest of `moves` that make `start`'s parities the target's (breadth-first over the parity
    /// bits); an error where none do (not a position of the moves' group).
    fn fix(&self, puzzle: &Puzzle, start: &State, moves: &[MoveRef]) -> Result<Vec<MoveRef>> {
        let want = self.target;
        let from = self.of(puzzle, start.as_bytes());
        let steps: Vec<(MoveRef, u64)> =
            moves.iter().map(|&m| (m, self.of_move(puzzle, m))).filter(|&(_, p)| p != 0).collect();
        let mut seen: HashMap<u64, Vec<MoveRef>> = HashMap::from([(from, Vec::new())]);
        let mut frontier = vec![from];
        while !seen.contains_key(&want) && !frontier.is_empty() {
            let mut next = Vec::new();
            for bits in frontier {
                let path = seen[&bits].clone();
                for &(m, p) in &steps {
                    seen.entry(bits ^ p).or_insert_with(|| {
                        next.push(bits ^ p);
                        [path.clone(), vec![m]].concat()
                    });
                }
            }
            frontier = next;
        }
        seen.remove(&want).ok_or_else(|| {
            Error::new("beam search: no moves make the pieces' permutations those of the target (not a position of these moves)")
        })
    }
}

/// Whether `s` matches `target` (wildcard orientations match anything).
pub fn matches(puzzle: &Puzzle, s: &State, target: &State) -> bool {
    let (a, t) = (s.as_bytes(), target.as_bytes());
    puzzle.orbits().iter().all(|o| {
        a[o.pieces_range()] == t[o.pieces_range()]
            && o.orientations_range().all(|i| o.is_wildcard(t[i]) || a[i] == t[i])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alg::Alg;
    use crate::test_puzzles;

    #[test]
    fn scrambled_3x3x3_positions_are_solved_and_checked() {
        let p = test_puzzles::cube3();
        let set = MoveSet::all(&p).unwrap();
        // Corners only (the 3-cycles face turns' commutators make are the corners'; no edge 3-cycle is a
        // commutator of such short sequences): an A-perm, two of them, two corners twisted.
        for scramble in [
            "R' F R' B2 R F' R' B2 R2",
            "R' F R' B2 R F' R' B2 R2 U L' B L' F2 L B' L' F2 L2 U'",
            "R' D' R D R' D' R D U D' R' D R D' R' D R U'",
        ] {
            let start = p.position(&Alg::parse(scramble).unwrap()).unwrap();
            let s = beam_solve(&p, &start, p.solved(), &set, &BeamOptions::default(), Control::none()).unwrap();
            assert_eq!(p.apply_moves(&start, &s.moves), *p.solved(), "{scramble}");
            assert!(s.operators > set.moves().len());
        }
    }

    #[test]
    fn a_depth_too_small_is_an_error() {
        let p = test_puzzles::cube3();
        let set = MoveSet::all(&p).unwrap();
        let start = p.position(&Alg::parse("R U F' L2 D B' R2 U'").unwrap()).unwrap();
        let e = beam_solve(&p, &start, p.solved(), &set, &BeamOptions { width: 2, max_depth: 1 }, Control::none());
        assert!(e.unwrap_err().to_string().contains("no solution within 1 levels"));
    }
}
