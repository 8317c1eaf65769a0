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
use crate::coord::perm::is_odd;
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

/// What a beam search aims at: a target, the orbits that count, the orbits whose permutation must end
/// even, and how a wrong slot weighs against a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeamGoal {
    /// The target (wildcard orientations match anything).
    pub target: State,
    /// Per orbit: whether its slots count (the others may hold anything).
    pub counted: Vec<bool>,
    /// Orbits (of distinct pieces, at most 64) whose permutation must end even: each counts as one wrong
    /// slot while it is odd. What a later stage that moves only by 3-cycles needs.
    pub even: Vec<usize>,
    /// The moves one wrong slot is worth: children are ranked by `wrong × slot_moves + moves` (then
    /// fewest moves), so that a single move that puts one slot right can beat a long macro that puts
    /// three. 0: by wrong slots, then fewest moves.
    pub slot_moves: usize,
}

impl BeamGoal {
    /// Every slot of `target` counts; no parity asked; ranked by wrong slots, then moves.
    pub fn state(puzzle: &Puzzle, target: &State) -> Self {
        BeamGoal { target: target.clone(), counted: vec![true; puzzle.orbits().len()], even: Vec::new(), slot_moves: 0 }
    }
}

/// The beam: states and how each was reached.
struct Node {
    state: Vec<u8>,
    wrong: usize,
    /// Per orbit of the goal's `even`: whether the permutation is odd (bit `i` for `even[i]`).
    odd: u64,
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
    beam_search_to(puzzle, start, &BeamGoal::state(puzzle, target), operators, options, control)
}

/// As [`beam_search`], to a [`BeamGoal`]: only the counted orbits are scored (an operator's changes to
/// the others are not even applied), the orbits of `goal.even` must end with even permutations, and
/// children are ranked by `goal.slot_moves`.
pub fn beam_search_to(
    puzzle: &Puzzle,
    start: &State,
    goal: &BeamGoal,
    operators: &[Operator],
    options: &BeamOptions,
    control: Control,
) -> Result<Vec<MoveRef>> {
    if options.width == 0 {
        return Err(Error::new("beam search: the width must be at least 1"));
    }
    if goal.even.len() > 64 {
        return Err(Error::new("beam search: at most 64 orbits may be asked to end even"));
    }
    let scorer = Scorer::new(puzzle, goal);
    // Each operator's changes to the counted orbits, and which orbits of `even` it makes odd.
    let ops: Vec<(Vec<Change>, u64)> = operators
        .iter()
        .map(|op| {
            let changes = op.changes.iter().filter(|c| goal.counted[c.orbit as usize]).copied().collect();
            let odd =
                goal.even.iter().enumerate().fold(0u64, |a, (i, &k)| a | u64::from(odd_changes(&op.changes, k)) << i);
            (changes, odd)
        })
        .collect();
    let start_odd = goal
        .even
        .iter()
        .enumerate()
        .fold(0u64, |a, (i, &k)| a | u64::from(is_odd(&start.as_bytes()[puzzle.orbits()[k].pieces_range()])) << i);
    let rank =
        |wrong: usize, length: usize| if goal.slot_moves == 0 { wrong } else { wrong * goal.slot_moves + length };
    let mut beam = vec![Node {
        wrong: scorer.wrong(start.as_bytes()) + start_odd.count_ones() as usize,
        odd: start_odd,
        state: start.as_bytes().to_vec(),
        length: 0,
        path: Vec::new(),
    }];
    // Every state the beam has held: a child seen before is not kept again, so the beam cannot circle
    // among a few states a 3-cycle apart and must move on (where the best are stuck, to worse ones).
    let mut seen: HashSet<(Vec<u8>, u64)> = HashSet::from([(beam[0].state.clone(), beam[0].odd)]);
    let mut best = beam[0].wrong;
    for depth in 0..=options.max_depth {
        control.check()?;
        if let Some(done) = beam.iter().filter(|n| n.wrong == 0).min_by_key(|n| n.length) {
            return Ok(done.path.iter().flat_map(|&i| operators[i as usize].moves.iter().copied()).collect());
        }
        if depth == options.max_depth {
            break;
        }
        control.report(Progress { phase: "beam", depth: depth as u32, done: beam[0].wrong as u64, total: None });
        // The best children by (rank, length, order found), kept in a max-heap of bounded size; more of
        // them where too few are new.
        let mut keep = options.width * 4;
        let next = loop {
            let mut heap: BinaryHeap<(usize, usize, usize, u32)> = BinaryHeap::with_capacity(keep + 1);
            let mut all = 0usize;
            for (n, node) in beam.iter().enumerate() {
                let parity = node.odd.count_ones() as isize;
                for (i, (changes, odd)) in ops.iter().enumerate() {
                    let flips = (node.odd ^ odd).count_ones() as isize - parity;
                    let wrong = (scorer.wrong_after(&node.state, node.wrong, changes) as isize + flips) as usize;
                    let length = node.length + operators[i].moves.len();
                    let key = (rank(wrong, length), length, n, i as u32);
                    all += 1;
                    if heap.len() < keep {
                        heap.push(key);
                    } else if key < *heap.peek().expect("full heap") {
                        heap.pop();
                        heap.push(key);
                    }
                }
            }
            let mut fresh = HashSet::new();
            let mut next = Vec::with_capacity(options.width);
            for (_, length, n, i) in heap.into_sorted_vec() {
                let parent = &beam[n];
                let (changes, odd) = &ops[i as usize];
                let state = scorer.apply(&parent.state, changes);
                let odd = parent.odd ^ odd;
                let key = (state, odd);
                if seen.contains(&key) || fresh.contains(&key) {
                    continue;
                }
                fresh.insert(key.clone());
                let (state, odd) = key;
                let wrong = scorer.wrong_after(&parent.state, parent.wrong - parent.odd.count_ones() as usize, changes)
                    + odd.count_ones() as usize;
                let mut path = parent.path.clone();
                path.push(i);
                next.push(Node { state, wrong, odd, length, path });
                if next.len() == options.width {
                    break;
                }
            }
            if next.len() == options.width || all <= keep || keep >= options.width << 10 {
                seen.extend(fresh);
                break next;
            }
            keep *= 4;
        };
        if next.is_empty() {
            break;
        }
        best = best.min(next.iter().map(|n| n.wrong).min().unwrap_or(best));
        beam = next;
    }
    Err(Error::new(format!(
        "beam search: no solution within {} levels of width {} (best: {} slots wrong)",
        options.max_depth, options.width, best
    )))
}

/// Whether the permutation `changes` make of orbit `k` is odd (slots not changed stay).
fn odd_changes(changes: &[Change], k: usize) -> bool {
    let moved: Vec<(u8, u8)> = changes.iter().filter(|c| c.orbit as usize == k).map(|c| (c.dst, c.src)).collect();
    let mut seen = vec![false; moved.len()];
    let mut swaps = 0;
    for i in 0..moved.len() {
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            // The slot whose piece moves into `moved[j].0`'s: follow src.
            let src = moved[j].1;
            len += 1;
            match moved.iter().position(|&(d, _)| d == src) {
                Some(next) => j = next,
                None => break,
            }
        }
        swaps += len.max(1) - 1;
    }
    swaps % 2 == 1
}

/// Scores states against the target.
struct Scorer {
    /// Per orbit: offset, size, orientations.
    orbits: Vec<(usize, usize, u8)>,
    /// Per orbit: whether it counts.
    counted: Vec<bool>,
    target: Vec<u8>,
}

impl Scorer {
    fn new(puzzle: &Puzzle, goal: &BeamGoal) -> Self {
        let orbits = puzzle.orbits().iter().map(|o| (o.offset, o.size, o.orientations)).collect();
        Scorer { orbits, counted: goal.counted.clone(), target: goal.target.as_bytes().to_vec() }
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
            if !self.counted[k] {
                continue;
            }
            for i in 0..size {
                wrong += usize::from(!self.right(k, i, s[offset + i], s[offset + size + i]));
            }
        }
        wrong
    }

    /// The wrong slots of `s` (which has `wrong`) after `changes` (of counted orbits).
    #[inline]
    fn wrong_after(&self, s: &[u8], wrong: usize, changes: &[Change]) -> usize {
        let mut w = wrong as isize;
        for c in changes {
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

    fn apply(&self, s: &[u8], changes: &[Change]) -> Vec<u8> {
        let mut out = s.to_vec();
        for c in changes {
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
