//! The shortest sequences of each element order (twsearch's `--ordertree`): depth by depth, the
//! canonical sequences in move order, each judged by the order of its transformation (the least k with
//! the sequence done k times the identity); an order not seen at a lesser depth is listed with the first
//! sequence of the least depth that has it.
//!
//! As twsearch, only sequences whose move indices form a prenecklace are walked: each move at least the
//! move at a pointer that advances while the sequence repeats its beginning and goes back to the start
//! when it does not (the Fredricksen–Kessler–Maiorana rule). A rotation of a sequence (a conjugate: the
//! same order) is then mostly walked once; the rule is twsearch's exactly, so that the sequence listed
//! for each order is the one twsearch prints.

use std::collections::HashMap;

use crate::canon::CanonFsm;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::move_ref::MoveRef;
use crate::model::moveset::{Metric, MoveSet};
use crate::Puzzle;

use super::signature::order;
use super::walk::{Counter, Ticker, Visitor, Walk};
use super::MAX_DEPTH;

/// An order and the first shortest sequence found with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSequence {
    /// The order of the sequence's transformation.
    pub order: u64,
    /// The sequence (empty for order 1).
    pub moves: Vec<MoveRef>,
}

/// Every element order that canonical sequences of at most `max_depth` moves reach (over the moves of
/// `moves`, in `metric`), each with the first sequence of the least length that has it, sorted as
/// twsearch prints them: by length, then move order. Orders past `u64` are left out. Cancellable;
/// reports progress as phase `"order-tree"` with the sequences walked.
pub fn order_tree(
    puzzle: &Puzzle,
    moves: &MoveSet,
    metric: Metric,
    max_depth: u32,
    control: Control,
) -> Result<Vec<OrderSequence>> {
    if max_depth > MAX_DEPTH {
        return Err(Error::limit(format!("depth {max_depth}: the order tree walks at most {MAX_DEPTH} moves")));
    }
    let fsm = CanonFsm::new(puzzle, moves, metric)?;
    let list: Vec<MoveRef> = moves.moves().iter().map(|m| m.mv).collect();
    let walk = Walk { puzzle, fsm: &fsm, moves: &list };
    let mut best: HashMap<u64, Vec<u16>> = HashMap::from([(1, Vec::new())]);
    if max_depth > 0 {
        let counter = Counter::new(control, max_depth, None).with_phase("order-tree");
        let new = || Orders { best: HashMap::new() };
        for task in walk.visit_all(puzzle.identity().as_bytes(), max_depth as usize, &new, &counter)? {
            for (o, seq) in task.best {
                offer(&mut best, o, seq);
            }
        }
    }
    let mut found: Vec<(u64, Vec<u16>)> = best.into_iter().collect();
    found.sort_by(|a, b| (a.1.len(), &a.1).cmp(&(b.1.len(), &b.1)));
    let refs = |s: &[u16]| s.iter().map(|&m| list[m as usize]).collect();
    Ok(found.into_iter().map(|(order, seq)| OrderSequence { order, moves: refs(&seq) }).collect())
}

/// Keeps `seq` for order `o` when it is shorter, or as short and earlier in move order, than the one kept.
fn offer(best: &mut HashMap<u64, Vec<u16>>, o: u64, seq: Vec<u16>) {
    match best.get(&o) {
        Some(kept) if (kept.len(), kept) <= (seq.len(), &seq) => {}
        _ => {
            best.insert(o, seq);
        }
    }
}

/// Whether move indices form a prenecklace as twsearch walks them: each index at least the one at the
/// pointer (the start, before the first), which advances when they are equal and goes back to the start
/// when the index is greater.
fn prenecklace(seq: &[u16]) -> bool {
    let mut pointer: Option<usize> = None;
    for &m in seq {
        let at = pointer.map_or(0, |p| seq[p]);
        if m < at {
            return false;
        }
        pointer = match pointer {
            Some(p) if m == at => Some(p + 1),
            _ => Some(0),
        };
    }
    true
}

/// One task's orders: for each, its first shortest sequence.
struct Orders {
    best: HashMap<u64, Vec<u16>>,
}

impl Visitor for Orders {
    fn enters(&self, seq: &[u16]) -> bool {
        prenecklace(seq)
    }

    fn visit(&mut self, walk: &Walk, seq: &[u16], _: u32, t: &[u8], _: &mut Ticker) -> Result<()> {
        if let Some(o) = order(walk.puzzle, t) {
            offer(&mut self.best, o, seq.to_vec());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::cube3 as cube;

    #[test]
    fn prenecklaces_are_twsearchs() {
        assert!(prenecklace(&[]));
        assert!(prenecklace(&[0, 1, 0]));
        assert!(prenecklace(&[0, 0, 1]));
        assert!(prenecklace(&[1, 2, 1, 2]));
        assert!(!prenecklace(&[1, 0]));
        assert!(!prenecklace(&[0, 1, 1, 0, 0]));
        assert!(prenecklace(&[0, 1, 1, 0, 1]));
    }

    #[test]
    fn orders_are_found_at_their_least_depth() {
        let p = cube();
        let moves = MoveSet::all(&p).unwrap();
        let found = order_tree(&p, &moves, Metric::Htm, 2, Control::none()).unwrap();
        let text: Vec<String> = found
            .iter()
            .map(|f| format!("{} {}", f.order, f.moves.iter().map(|&m| p.move_name(m)).collect::<Vec<_>>().join(" ")))
            .collect();
        // The identity first; a quarter turn has order 4, a half turn 2; R U (two moves) has order 105.
        assert_eq!(text[0], "1 ");
        assert_eq!(found[1].order, 4);
        assert_eq!(found[2].order, 2);
        assert!(found.iter().any(|f| f.order == 105 && f.moves.len() == 2));
        assert!(found.iter().all(|f| f.moves.len() <= 2));
        for f in &found {
            let t = p.apply_moves(&p.identity(), &f.moves);
            assert_eq!(order(&p, t.as_bytes()), Some(f.order));
        }
        let orders: std::collections::HashSet<u64> = found.iter().map(|f| f.order).collect();
        assert_eq!(orders.len(), found.len());
    }
}
