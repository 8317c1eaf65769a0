//! Symmetry reduction of the pruning table: a rotation `s` of the whole puzzle that maps the move set
//! onto itself and keeps the target conjugates every state `x` to a state `x'` at the same distance from
//! the target. The states of one class share one entry: the fill and the lookup both hash the class's
//! representative ([`Reduction::representative`], the symmetry engine's), so a table of `n` entries
//! covers about `|S|` times more states and stays admissible.
//!
//! [`Reduction::classes`] enumerates the classes at each short distance (a breadth-first search over
//! representatives), from which the fill walks: one task per class at a fixed distance `p`, every
//! canonical continuation from there whose first move leads away (to distance `p + 1`; see `fill`),
//! which visits about `|S|` times fewer leaves than walking every canonical sequence from the target.

use rustc_hash::FxHashSet;

use super::kernel::Kernel;
pub(crate) use crate::group::symmetry::Reduction;

/// The most symmetries a table is reduced by (the icosahedral rotations are 60; beyond a few hundred the
/// representative would cost more per lookup than the reduction saves).
pub const MAX_TABLE_SYMMETRIES: usize = crate::group::symmetry::MAX_TABLE_SYMMETRIES;

/// The classes a fill's tasks start from: the first distance with at least this many (or the last one
/// computed), a constant so that the fill does the same work with any number of threads.
pub(crate) const CLASS_TASKS: usize = 1024;

/// The most state bytes the enumerated classes may take.
const CLASS_BYTES: usize = 32 << 20;

impl Reduction {
    /// The representatives of the classes at each distance `0, 1, …, p` from `target` (a breadth-first
    /// search over representatives with every move), up to the first distance with at least
    /// [`CLASS_TASKS`] classes, the last distance that adds any, or [`CLASS_BYTES`] of states. Each
    /// level is the representatives of that distance, flattened. Also, for each class at distance `p`
    /// and each move (`moves` of them, class-major), whether the move leads to distance `p + 1`.
    pub(crate) fn classes(&self, kernel: &Kernel, moves: usize, target: &[u8]) -> (Vec<Vec<u8>>, Vec<bool>) {
        let size = self.state_size();
        let mut rep = vec![0u8; size];
        let mut child = vec![0u8; size];
        self.representative(target, &mut rep);
        let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
        seen.insert(rep.clone());
        let mut levels = vec![rep.clone()];
        let mut total = size;
        loop {
            let last = levels.last().expect("level 0");
            if last.len() / size >= CLASS_TASKS {
                break;
            }
            let mut next = Vec::new();
            for parent in last.chunks_exact(size) {
                for mv in 0..moves {
                    kernel.apply(parent, mv, &mut child);
                    self.representative(&child, &mut rep);
                    if !seen.contains(&rep) {
                        seen.insert(rep.clone());
                        next.extend_from_slice(&rep);
                    }
                }
            }
            total += next.len();
            if next.is_empty() || total > CLASS_BYTES {
                break;
            }
            levels.push(next);
        }
        // A move from distance `p` leads to distance `p - 1`, `p` or `p + 1`.
        let p = levels.len() - 1;
        let near: FxHashSet<&[u8]> = levels[p.saturating_sub(1)..].iter().flat_map(|l| l.chunks_exact(size)).collect();
        let mut away = Vec::with_capacity(levels[p].len() / size * moves);
        for parent in levels[p].chunks_exact(size) {
            for mv in 0..moves {
                kernel.apply(parent, mv, &mut child);
                self.representative(&child, &mut rep);
                away.push(!near.contains(&rep[..]));
            }
        }
        (levels, away)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::model::moveset::MoveSet;

    /// The class enumeration: level 0 is the solved state alone, every level's representatives are
    /// distinct, and a level's classes cover the states at that distance (checked on the 2x2x2 by a
    /// breadth-first search of the plain states).
    #[test]
    fn classes_are_the_representatives_at_each_distance() {
        let p = &load_puzzle(include_str!("../../tests/data/puzzles/symm/2x2x2.tws")).unwrap();
        let moves = MoveSet::all(p).unwrap();
        let transforms: Vec<&[u8]> = moves.moves().iter().map(|m| p.transform(m.mv)).collect();
        let reduction = Reduction::new(p, &transforms, p.solved().as_bytes()).unwrap();
        let kernel = Kernel::new(p.layout(), &transforms, p.solved().as_bytes()).unwrap();
        let (levels, away) = reduction.classes(&kernel, transforms.len(), p.solved().as_bytes());
        let size = p.state_size();
        assert_eq!(levels[0], p.solved().as_bytes());
        assert!(levels.last().unwrap().len() / size >= CLASS_TASKS);
        let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
        let mut frontier = vec![p.solved().as_bytes().to_vec()];
        seen.insert(frontier[0].clone());
        let mut rep = vec![0u8; size];
        let mut child = vec![0u8; size];
        for level in &levels[1..] {
            let mut next = Vec::new();
            for s in &frontier {
                for t in 0..transforms.len() {
                    kernel.apply(s, t, &mut child);
                    if seen.insert(child.clone()) {
                        next.push(child.clone());
                    }
                }
            }
            let mut reps: Vec<Vec<u8>> = next
                .iter()
                .map(|s| {
                    reduction.representative(s, &mut rep);
                    rep.clone()
                })
                .collect();
            reps.sort();
            reps.dedup();
            let mut ours: Vec<Vec<u8>> = level.chunks(size).map(<[u8]>::to_vec).collect();
            ours.sort();
            assert_eq!(ours, reps);
            frontier = next;
        }
        // The moves that lead away from the last level's classes: to states not seen so far.
        let last = levels.last().unwrap();
        assert_eq!(away.len(), last.len() / size * transforms.len());
        for (i, parent) in last.chunks(size).enumerate() {
            for t in 0..transforms.len() {
                kernel.apply(parent, t, &mut child);
                assert_eq!(away[i * transforms.len() + t], !seen.contains(&child));
            }
        }
    }
}
