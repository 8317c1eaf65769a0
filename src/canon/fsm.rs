//! [`CanonFsm`]: the canonical-sequence automaton, and its construction over commuting moves.
//!
//! A state is the set of recent move classes not yet followed by a move that fails to commute with them
//! (plus, in the quarter-turn metric, the last move and how many times in a row it was made). A class is
//! refused when a later class in the set commutes with it (the swapped order is the canonical one), or in
//! the half-turn metric when the class itself is in the set (the turns would merge). When several classes
//! in a set commute with exactly the same classes (the slices of one axis of a big cube), only the last
//! is kept: this allows and refuses exactly the same moves, and keeps the automaton small.

use std::collections::HashMap;

use fixedbitset::FixedBitSet;

use super::commute::commute_relation;
use crate::error::{Error, Result};
use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::Puzzle;

/// Transition-table value for a refused move.
pub const REFUSED: u32 = u32::MAX;

/// The most transitions (states × moves) an automaton may have: 50 million (200 MB).
pub const MAX_TRANSITIONS: usize = 50_000_000;

/// A canonical-sequence automaton over the moves of a [`MoveSet`]: state 0 is the start; `next(s, m)`
/// is the state after move `m` (an index into [`MoveSet::moves`]), or `None` when `m` may not follow.
#[derive(Debug, Clone)]
pub struct CanonFsm {
    metric: Metric,
    moves: usize,
    next: Vec<u32>,
}

impl CanonFsm {
    /// Wraps a transition table (`states × moves` entries, [`REFUSED`] for refused moves).
    pub(crate) fn from_table(metric: Metric, moves: usize, next: Vec<u32>) -> Self {
        debug_assert!(moves > 0 && next.len() % moves == 0);
        CanonFsm { metric, moves, next }
    }

    /// The automaton over commuting moves described in the module documentation.
    pub fn new(puzzle: &Puzzle, set: &MoveSet, metric: Metric) -> Result<Self> {
        let classes = Classes::new(puzzle, set, metric);
        let nclasses = classes.moves.len();
        let nmoves = set.moves().len();
        let start = Key { set: FixedBitSet::with_capacity(nclasses), last: usize::MAX, repeats: 0 };
        let mut ids: HashMap<Key, u32> = HashMap::from([(start.clone(), 0)]);
        let mut keys = vec![start];
        let mut next: Vec<u32> = Vec::new();
        let mut class_next = vec![REFUSED; nclasses];
        let mut at = 0;
        while at < keys.len() {
            let key = keys[at].clone();
            at += 1;
            for (c, slot) in class_next.iter_mut().enumerate() {
                *slot = REFUSED;
                let Some(nkey) = classes.after(set, &key, c) else { continue };
                *slot = match ids.get(&nkey) {
                    Some(&id) => id,
                    None => {
                        let id = keys.len() as u32;
                        if (id as usize + 1) * nmoves > MAX_TRANSITIONS {
                            return Err(too_large(nmoves));
                        }
                        ids.insert(nkey.clone(), id);
                        keys.push(nkey);
                        id
                    }
                };
            }
            next.extend(classes.of.iter().map(|&c| if c == usize::MAX { REFUSED } else { class_next[c] }));
        }
        Ok(CanonFsm { metric, moves: nmoves, next })
    }

    /// The metric the automaton was built for.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.next.len() / self.moves
    }

    /// The number of moves (the length of the move set it was built over).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The state after move `mv` from `state`, or `None` if the move may not follow there.
    #[inline]
    pub fn next(&self, state: u32, mv: usize) -> Option<u32> {
        let n = self.next[state as usize * self.moves + mv];
        (n != REFUSED).then_some(n)
    }

    /// The row of transitions of one state ([`REFUSED`] marks refused moves).
    #[inline]
    pub fn row(&self, state: u32) -> &[u32] {
        let at = state as usize * self.moves;
        &self.next[at..at + self.moves]
    }

    /// Whether a sequence of moves (indices into the move set) is canonical.
    pub fn accepts(&self, seq: &[usize]) -> bool {
        let mut s = 0;
        for &m in seq {
            match self.next(s, m) {
                Some(n) => s = n,
                None => return false,
            }
        }
        true
    }
}

/// A state of the construction: the class set, and in QTM the last move and its repeat count.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    set: FixedBitSet,
    last: usize,
    repeats: u32,
}

/// The move classes of a set and how they commute: generators (HTM) or single turns (QTM).
struct Classes {
    metric: Metric,
    /// The moves of each class (indices into [`MoveSet::moves`]).
    moves: Vec<Vec<usize>>,
    /// Each move's class (`usize::MAX`: none, a QTM move of several turns).
    of: Vec<usize>,
    /// Per class, the classes it commutes with.
    commutes: Vec<FixedBitSet>,
    /// Per class, the later classes with the same relation: dropped from a set holding both.
    shadowed: Vec<FixedBitSet>,
    /// Per class, the later classes it commutes with.
    later: Vec<FixedBitSet>,
}

impl Classes {
    fn new(puzzle: &Puzzle, set: &MoveSet, metric: Metric) -> Classes {
        let moves = set.moves();
        let mut class_moves: Vec<Vec<usize>> = Vec::new();
        let mut of = vec![usize::MAX; moves.len()];
        for (i, m) in moves.iter().enumerate() {
            let class = match metric {
                Metric::Htm => m.generator,
                Metric::Qtm if m.qtm_cost == 1 => class_moves.len(),
                Metric::Qtm => continue,
            };
            if class_moves.len() <= class {
                class_moves.push(Vec::new());
            }
            class_moves[class].push(i);
            of[i] = class;
        }
        let n = class_moves.len();
        let transforms: Vec<Vec<&[u8]>> =
            class_moves.iter().map(|ms| ms.iter().map(|&i| puzzle.transform(moves[i].mv)).collect()).collect();
        let commutes = commute_relation(puzzle.layout(), &transforms);
        let subset = |c: usize, keep: &dyn Fn(usize) -> bool| {
            let mut s = FixedBitSet::with_capacity(n);
            s.extend((c + 1..n).filter(|&j| keep(j)));
            s
        };
        let shadowed = (0..n).map(|i| subset(i, &|j| commutes[i] == commutes[j])).collect();
        let later = (0..n).map(|c| subset(c, &|j| commutes[c].contains(j))).collect();
        Classes { metric, moves: class_moves, of, commutes, shadowed, later }
    }

    /// The state after a move of class `c` from `key`, or `None` when the move is refused.
    fn after(&self, set: &MoveSet, key: &Key, c: usize) -> Option<Key> {
        if !key.set.is_disjoint(&self.later[c]) || (self.metric == Metric::Htm && key.set.contains(c)) {
            return None;
        }
        let (mut last, mut repeats) = (usize::MAX, 0);
        if self.metric == Metric::Qtm {
            let moves = set.moves();
            let m = self.moves[c][0];
            if key.last != usize::MAX && key.last != m {
                if moves[key.last].generator == moves[m].generator {
                    return None; // U then U': they cancel
                }
            } else if key.last == m {
                // Runs allowed: U, U U, U' (order 4); U U, U' U' (order 5); U U would be U' (order 3).
                let order = set.generators()[moves[m].generator].order;
                if 2 * (key.repeats + 1) + u32::from(moves[m].twist != 1) > order {
                    return None;
                }
            }
            last = m;
            repeats = if key.last == m { key.repeats + 1 } else { 1 };
        }
        let mut nset = key.set.clone();
        nset.intersect_with(&self.commutes[c]);
        nset.insert(c);
        let members: Vec<usize> = nset.ones().collect();
        for i in members {
            if !nset.is_disjoint(&self.shadowed[i]) {
                nset.set(i, false);
            }
        }
        Some(Key { set: nset, last, repeats })
    }
}

/// The error for an automaton over the size limit.
pub(crate) fn too_large(moves: usize) -> Error {
    Error::new(format!(
        "the canonical-sequence automaton would exceed {} states for {moves} moves; use fewer moves",
        MAX_TRANSITIONS / moves
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::cube3;

    #[test]
    fn cube_refuses_repeats_and_the_second_of_commuting_pairs() {
        let p = cube3();
        let set = MoveSet::all(&p).unwrap();
        let fsm = CanonFsm::new(&p, &set, Metric::Htm).unwrap();
        assert_eq!(fsm.states(), 7);
        let idx = |name: &str| set.moves().iter().position(|m| p.move_name(m.mv) == name).unwrap();
        // The definition orders F, B, D, U, L, R: F B is canonical, B F is not.
        assert!(fsm.accepts(&[idx("F"), idx("B2")]));
        assert!(!fsm.accepts(&[idx("B"), idx("F")]));
        assert!(!fsm.accepts(&[idx("R"), idx("R2")]));
        assert!(fsm.accepts(&[idx("R"), idx("U"), idx("R")]));
    }

    #[test]
    fn quarter_turns_allow_u_uu_and_u_prime_only() {
        let p = cube3();
        let set = MoveSet::parse(&p, "U").unwrap();
        let fsm = CanonFsm::new(&p, &set, Metric::Qtm).unwrap();
        let (u, u2, up) = (0, 1, 2);
        assert!(fsm.accepts(&[u, u]));
        assert!(!fsm.accepts(&[u, u, u]));
        assert!(!fsm.accepts(&[up, up]));
        assert!(!fsm.accepts(&[u, up]));
        assert!(!fsm.accepts(&[u2]));
    }
}
