//! Moving rotations to the end of a sequence (twsearch's `--unrotateseqs`): a rotation followed by a
//! move is the same as some move followed by the rotation, so rotations can be pushed right, merging
//! with each other and cancelling on the way. Pairs are rewritten through a table of the products of
//! two moves or rotations, keyed by their effect.

use std::collections::HashMap;

use crate::model::move_ref::MoveRef;
use crate::Puzzle;

/// What a pair of moves (or rotations) with a given effect is rewritten to.
#[derive(Clone, Copy)]
enum Rewrite {
    /// Nothing (they cancel).
    Nothing,
    /// One move or rotation.
    One(MoveRef),
    /// A move followed by a rotation.
    Two(MoveRef, MoveRef),
}

/// The rewriting table of a puzzle.
pub struct Unrotate<'p> {
    puzzle: &'p Puzzle,
    table: HashMap<Vec<u8>, Rewrite>,
}

impl<'p> Unrotate<'p> {
    /// The table: the identity, every move and rotation, and every move followed by a rotation, the
    /// first entry kept for each effect.
    pub fn new(puzzle: &'p Puzzle) -> Self {
        let layout = puzzle.layout();
        let all: Vec<(&str, MoveRef)> = puzzle.move_names();
        let mut refs: Vec<MoveRef> = all.iter().map(|&(_, m)| m).filter(|m| m.amount != 0).collect();
        refs.sort();
        refs.dedup();
        let is_rot = |m: &MoveRef| puzzle.base_moves()[m.base].rotation;
        let (rotations, moves): (Vec<MoveRef>, Vec<MoveRef>) = refs.into_iter().partition(is_rot);
        let mut table = HashMap::new();
        table.insert(layout.identity(), Rewrite::Nothing);
        for &m in moves.iter().chain(&rotations) {
            table.entry(puzzle.transform(m).to_vec()).or_insert(Rewrite::One(m));
        }
        for &m in &moves {
            for &r in &rotations {
                table.entry(layout.compose(puzzle.transform(m), puzzle.transform(r))).or_insert(Rewrite::Two(m, r));
            }
        }
        Unrotate { puzzle, table }
    }

    /// `moves` with rotations pushed right as far as the table allows, left to right in one pass.
    pub fn unrotate(&self, moves: &[MoveRef]) -> Vec<MoveRef> {
        let layout = self.puzzle.layout();
        let mut out = Vec::with_capacity(moves.len());
        let mut pending: Option<MoveRef> = None;
        for &b in moves {
            let Some(a) = pending else {
                pending = Some(b);
                continue;
            };
            let product = layout.compose(self.puzzle.transform(a), self.puzzle.transform(b));
            pending = match self.table.get(&product) {
                Some(Rewrite::Nothing) => None,
                Some(&Rewrite::One(m)) => Some(m),
                Some(&Rewrite::Two(m, r)) => {
                    out.push(m);
                    Some(r)
                }
                None => {
                    out.push(a);
                    Some(b)
                }
            };
        }
        out.extend(pending);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::seq::{moves_text, read_moves};

    #[test]
    fn rotations_travel_to_the_end() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/symm/3x3x3.tws")).unwrap();
        let u = Unrotate::new(&p);
        let run = |alg: &str| {
            let moves = read_moves(&p, alg).unwrap();
            let out = u.unrotate(&moves);
            // The effect is kept.
            let (a, b) = (p.apply_moves(&p.identity(), &moves), p.apply_moves(&p.identity(), &out));
            assert_eq!(a, b, "{alg}");
            moves_text(&p, &out)
        };
        assert_eq!(run("R U R'"), " R U R'");
        assert_eq!(run("R R'"), " ");
        let out = run("Lv R U");
        let names: Vec<&str> = out.split_whitespace().collect();
        assert_eq!(names.len(), 3);
        assert_eq!(names[2], "Lv");
    }
}
