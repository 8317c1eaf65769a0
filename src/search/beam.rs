//! Beam search: solutions (not optimal) for positions too large for an optimal search.
//!
//! From the start, each level expands every state of the beam by every [`Operator`] (a single move, or a
//! macro such as a commutator that moves three pieces), scores each child by how many slots differ from
//! the target (a piece or its twist; wildcards match anything), and keeps the `width` best distinct
//! children (fewest wrong slots, then fewest moves). It stops when a state matches the target, or fails
//! after `max_depth` levels. Operators act on a few slots each ([`Change`]s), so a child is scored from
//! its parent without being built.

use std::collections::{BinaryHeap, HashSet};

use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// One slot an operator changes: slot `dst` of orbit `orbit` takes the piece of slot `src` (same orbit),
/// its orientation turned by `twist` (as a move composes: `new[dst] = old[src]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Change {
    /// The orbit (index in the puzzle's orbits).
    pub orbit: u16,
    /// The slot that changes.
    pub dst: u8,
    /// The slot its piece comes from.
    pub src: u8,
    /// The twist added.
    pub twist: u8,
}

/// A move sequence and what it does, as the slots it changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operator {
    /// The moves.
    pub moves: Vec<MoveRef>,
    /// The slots they change (sorted).
    pub changes: Vec<Change>,
}

impl Operator {
    /// The operator of `moves`: the slots their product changes.
    pub fn new(puzzle: &Puzzle, moves: Vec<MoveRef>) -> Self {
        let t = puzzle.apply_moves(&puzzle.identity(), &moves);
        let changes = changes_of(puzzle, t.as_bytes());
        Operator { moves, changes }
    }
}

/// The slots a transformation changes (a piece moved in or a twist), sorted.
pub fn changes_of(puzzle: &Puzzle, t: &[u8]) -> Vec<Change> {
    let mut out = Vec::new();
    for (k, o) in puzzle.orbits().iter().enumerate() {
        for i in 0..o.size {
            let src = t[o.offset + i];
            let twist = t[o.offset + o.size + i];
            if src as usize != i || twist != 0 {
                out.push(Change { orbit: k as u16, dst: i as u8, src, twist });
            }
        }
    }
    out
}

/// Limits of a beam search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BeamOptions {
    /// States kept per level.
    pub width: usize,
    /// Levels (operators applied) before giving up.
    pub max_depth: usize,
}

impl Default for BeamOptions {
    fn default() -> Self {
        BeamOptions { width: 8, max_depth: 1000 }
    }
}

/// The beam: states and how each was reached.
struct Node {
    state: Vec<u8>,
    wrong: usize,
    length: usize,
    /// Operators applied, by index.
    path: Vec<u32>,
}

/// Moves that take `start` to a state matching `target` on every slot (wildcards in `target` match
/// anything), found by a beam search over `operators`; an error when none is found within
/// `options.max_depth` levels or on cancellation. Progress: phase `"beam"`, depth = level, done = wrong
/// slots left in the best state.
pub fn beam_search(
    puzzle: &Puzzle,
    start: &State,
    target: &State,
    operators: &[Operator],
    options: &BeamOptions,
    control: Control,
) -> Result<Vec<MoveRef>> {
    if options.width == 0 {
        return Err(Error::new("beam search: the width must be at least 1"));
    }
    let scorer = Scorer::new(puzzle, target);
    let mut beam = vec![Node {
        wrong: scorer.wrong(start.as_bytes()),
        state: start.as_bytes().to_vec(),
        length: 0,
        path: Vec::new(),
    }];
    for depth in 0..=options.max_depth {
        control.check()?;
        if let Some(done) = beam.iter().filter(|n| n.wrong == 0).min_by_key(|n| n.length) {
            return Ok(done.path.iter().flat_map(|&i| operators[i as usize].moves.iter().copied()).collect());
        }
        if depth == options.max_depth {
            break;
        }
        control.report(Progress { phase: "beam", depth: depth as u32, done: beam[0].wrong as u64, total: None });
        // The best children by (wrong, length, order found), kept in a max-heap of bounded size.
        let keep = options.width * 4;
        let mut heap: BinaryHeap<(usize, usize, usize, u32)> = BinaryHeap::with_capacity(keep + 1);
        for (n, node) in beam.iter().enumerate() {
            for (i, op) in operators.iter().enumerate() {
                let wrong = scorer.wrong_after(&node.state, node.wrong, op);
                let key = (wrong, node.length + op.moves.len(), n, i as u32);
                if heap.len() < keep {
                    heap.push(key);
                } else if key < *heap.peek().expect("full heap") {
                    heap.pop();
                    heap.push(key);
                }
            }
        }
        let mut children = heap.into_sorted_vec();
        children.truncate(keep);
        let mut seen = HashSet::new();
        let mut next = Vec::with_capacity(options.width);
        for (wrong, length, n, i) in children {
            let parent = &beam[n];
            let state = scorer.apply(&parent.state, &operators[i as usize]);
            if !seen.insert(state.clone()) {
                continue;
            }
            let mut path = parent.path.clone();
            path.push(i);
            next.push(Node { state, wrong, length, path });
            if next.len() == options.width {
                break;
            }
        }
        beam = next;
    }
    Err(Error::new(format!(
        "beam search: no solution within {} levels of width {} (best: {} slots wrong)",
        options.max_depth,
        options.width,
        beam.iter().map(|n| n.wrong).min().unwrap_or(0)
    )))
}

/// Scores states against the target.
struct Scorer {
    /// Per orbit: offset, size, whether orientations count.
    orbits: Vec<(usize, usize, u8)>,
    target: Vec<u8>,
}

impl Scorer {
    fn new(puzzle: &Puzzle, target: &State) -> Self {
        let orbits = puzzle.orbits().iter().map(|o| (o.offset, o.size, o.orientations)).collect();
        Scorer { orbits, target: target.as_bytes().to_vec() }
    }

    /// Whether slot `i` of orbit `k` would be right holding `piece` with orientation `ori`.
    #[inline]
    fn right(&self, k: usize, i: usize, piece: u8, ori: u8) -> bool {
        let (offset, size, m) = self.orbits[k];
        let want = self.target[offset + size + i];
        piece == self.target[offset + i] && (want >= m || ori == want)
    }

    fn wrong(&self, s: &[u8]) -> usize {
        let mut wrong = 0;
        for (k, &(offset, size, _)) in self.orbits.iter().enumerate() {
            for i in 0..size {
                wrong += usize::from(!self.right(k, i, s[offset + i], s[offset + size + i]));
            }
        }
        wrong
    }

    /// The wrong slots of `s` (which has `wrong`) after `op`.
    #[inline]
    fn wrong_after(&self, s: &[u8], wrong: usize, op: &Operator) -> usize {
        let mut w = wrong as isize;
        for c in &op.changes {
            let k = c.orbit as usize;
            let (offset, size, m) = self.orbits[k];
            let (dst, src) = (c.dst as usize, c.src as usize);
            let before = self.right(k, dst, s[offset + dst], s[offset + size + dst]);
            let ori = s[offset + size + src];
            let ori = if ori >= m { ori } else { (ori + c.twist) % m };
            let after = self.right(k, dst, s[offset + src], ori);
            w += isize::from(before) - isize::from(after);
        }
        w as usize
    }

    fn apply(&self, s: &[u8], op: &Operator) -> Vec<u8> {
        let mut out = s.to_vec();
        for c in &op.changes {
            let (offset, size, m) = self.orbits[c.orbit as usize];
            let (dst, src) = (c.dst as usize, c.src as usize);
            out[offset + dst] = s[offset + src];
            let ori = s[offset + size + src];
            out[offset + size + dst] = if ori >= m { ori } else { (ori + c.twist) % m };
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alg::Alg;
    use crate::test_puzzles;

    #[test]
    fn a_short_scramble_is_solved_by_single_moves_and_checked() {
        let p = test_puzzles::cube3();
        let ops: Vec<Operator> =
            p.move_names().iter().filter(|(n, _)| n.len() <= 2).map(|&(_, m)| Operator::new(&p, vec![m])).collect();
        let start = p.position(&Alg::parse("R U").unwrap()).unwrap();
        let moves = beam_search(&p, &start, p.solved(), &ops, &BeamOptions { width: 4, max_depth: 6 }, Control::none())
            .unwrap();
        assert_eq!(p.apply_moves(&start, &moves), *p.solved());
        assert!(moves.len() <= 4, "{moves:?}");
    }

    #[test]
    fn no_solution_within_the_depth_is_an_error_and_a_zero_width_refused() {
        let p = test_puzzles::cube3();
        let ops = vec![Operator::new(&p, vec![p.lookup("U").unwrap()])];
        let start = p.position(&Alg::parse("R").unwrap()).unwrap();
        let e = beam_search(&p, &start, p.solved(), &ops, &BeamOptions { width: 2, max_depth: 3 }, Control::none());
        assert!(e.unwrap_err().to_string().contains("no solution within 3 levels"));
        let e = beam_search(&p, &start, p.solved(), &ops, &BeamOptions { width: 0, max_depth: 3 }, Control::none());
        assert!(e.is_err());
    }
}
