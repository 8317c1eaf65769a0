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
use crate::moveset::{Metric, MoveSet};
use crate::puzzle::Puzzle;

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
        let moves = set.moves();
        // Classes: generators (HTM) or single turns (QTM); `class_of[m]` for every move.
        let mut class_moves: Vec<Vec<usize>> = Vec::new();
        let mut class_of = vec![usize::MAX; moves.len()];
        match metric {
            Metric::Htm => {
                for (i, m) in moves.iter().enumerate() {
                    if class_moves.len() <= m.generator {
                        class_moves.push(Vec::new());
                    }
                    class_moves[m.generator].push(i);
                    class_of[i] = m.generator;
                }
            }
            Metric::Qtm => {
                for (i, m) in moves.iter().enumerate() {
                    if m.qtm_cost == 1 {
                        class_of[i] = class_moves.len();
                        class_moves.push(vec![i]);
                    }
                }
            }
        }
        let nclasses = class_moves.len();
        let transforms: Vec<Vec<&[u8]>> =
            class_moves.iter().map(|ms| ms.iter().map(|&i| puzzle.transform(moves[i].mv)).collect()).collect();
        let commutes = commute_relation(puzzle.layout(), &transforms);
        // Classes with the same relation as a later class: dropped from a set holding both.
        let shadowed: Vec<FixedBitSet> = (0..nclasses)
            .map(|i| {
                let mut s = FixedBitSet::with_capacity(nclasses);
                for j in i + 1..nclasses {
                    if commutes[i] == commutes[j] {
                        s.insert(j);
                    }
                }
                s
            })
            .collect();
        let later: Vec<FixedBitSet> = (0..nclasses)
            .map(|c| {
                let mut s = commutes[c].clone();
                s.remove_range(..c + 1);
                s
            })
            .collect();

        /// A state: the class set, and in QTM the last move and its repeat count.
        #[derive(Clone, PartialEq, Eq, Hash)]
        struct Key {
            set: FixedBitSet,
            last: usize,
            repeats: u32,
        }
        let start = Key { set: FixedBitSet::with_capacity(nclasses), last: usize::MAX, repeats: 0 };
        let mut ids: HashMap<Key, u32> = HashMap::from([(start.clone(), 0)]);
        let mut keys = vec![start];
        let mut next: Vec<u32> = Vec::new();
        let mut class_next = vec![REFUSED; nclasses];
        let mut at = 0;
        while at < keys.len() {
            let key = keys[at].clone();
            at += 1;
            for c in 0..nclasses {
                class_next[c] = REFUSED;
                if !key.set.is_disjoint(&later[c]) || (metric == Metric::Htm && key.set.contains(c)) {
                    continue;
                }
                let (mut last, mut repeats) = (usize::MAX, 0);
                if metric == Metric::Qtm {
                    let m = class_moves[c][0];
                    if key.last != usize::MAX && key.last != m {
                        if moves[key.last].generator == moves[m].generator {
                            continue; // U then U': they cancel
                        }
                    } else if key.last == m {
                        // Runs allowed: U, U U, U' (order 4); U U, U' U' (order 5); U U would be U' (order 3).
                        let order = set.generators()[moves[m].generator].order;
                        if 2 * (key.repeats + 1) + u32::from(moves[m].twist != 1) > order {
                            continue;
                        }
                    }
                    last = m;
                    repeats = if key.last == m { key.repeats + 1 } else { 1 };
                }
                let mut nset = key.set.clone();
                nset.intersect_with(&commutes[c]);
                nset.insert(c);
                let members: Vec<usize> = nset.ones().collect();
                for i in members {
                    if !nset.is_disjoint(&shadowed[i]) {
                        nset.set(i, false);
                    }
                }
                let nkey = Key { set: nset, last, repeats };
                let id = match ids.get(&nkey) {
                    Some(&id) => id,
                    None => {
                        let id = keys.len() as u32;
                        if (id as usize + 1) * moves.len() > MAX_TRANSITIONS {
                            return Err(too_large(moves.len()));
                        }
                        ids.insert(nkey.clone(), id);
                        keys.push(nkey);
                        id
                    }
                };
                class_next[c] = id;
            }
            next.extend(class_of.iter().map(|&c| if c == usize::MAX { REFUSED } else { class_next[c] }));
        }
        Ok(CanonFsm { metric, moves: moves.len(), next })
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
    use crate::load_puzzle;

    #[test]
    fn cube_refuses_repeats_and_the_second_of_commuting_pairs() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/3x3x3.tws")).unwrap();
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
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/3x3x3.tws")).unwrap();
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
