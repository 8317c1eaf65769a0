//! Positions up to the puzzle's symmetry (twsearch's `-U` and `--showsymmetry`): the conjugates of a
//! position by the rotations (and declared symmetries) that keep the move set, as the solvers and God's
//! algorithm use them ([`crate::group::symmetry`]); the least conjugate names the class, and how many
//! symmetries give it is the position's symmetry order.

use crate::error::Result;
use crate::group::symmetry::{symmetries, Symmetry};
use crate::model::moveset::MoveSet;
use crate::Puzzle;

/// The symmetries of a puzzle's positions.
pub struct Conjugates<'p> {
    puzzle: &'p Puzzle,
    /// Empty where the definition has no rotations (each position is its own class).
    symmetries: Vec<Symmetry>,
}

impl<'p> Conjugates<'p> {
    /// The symmetries that keep `moves` and the solved state's identical pieces (none where the
    /// definition has no rotations or declared symmetries).
    pub fn new(puzzle: &'p Puzzle, moves: &MoveSet) -> Result<Self> {
        let transforms = moves.generator_transforms(puzzle);
        let has = puzzle.base_moves().iter().any(|b| b.rotation) || !puzzle.declared_symmetries().is_empty();
        let symmetries = if has { symmetries(puzzle, &transforms, puzzle.solved().as_bytes())? } else { Vec::new() };
        Ok(Conjugates { puzzle, symmetries })
    }

    /// How many symmetries there are (1 where the definition has none: the identity).
    pub fn len(&self) -> usize {
        self.symmetries.len().max(1)
    }

    /// Always false: the identity is a symmetry.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The least conjugate of `position` (bytes compared in order) and how many symmetries give it.
    pub fn least(&self, position: &[u8]) -> (Vec<u8>, usize) {
        let layout = self.puzzle.layout();
        let mut best = position.to_vec();
        let mut count = 1;
        let mut out = vec![0u8; position.len()];
        for (k, s) in self.symmetries.iter().enumerate() {
            s.conjugate(layout, position, &mut out);
            if k == 0 {
                best.copy_from_slice(&out);
                continue;
            }
            match out.cmp(&best) {
                std::cmp::Ordering::Less => {
                    best.copy_from_slice(&out);
                    count = 1;
                }
                std::cmp::Ordering::Equal => count += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        (best, count)
    }

    /// The symmetry order of `position`: how many symmetries map it to itself.
    pub fn symmetry_order(&self, position: &[u8]) -> usize {
        self.least(position).1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::seq::read_moves;

    #[test]
    fn the_cube_has_24_rotations_and_a_superflip_keeps_them_all() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/symm/3x3x3.tws")).unwrap();
        let c = Conjugates::new(&p, &MoveSet::all(&p).unwrap()).unwrap();
        assert_eq!(c.len(), 24);
        let at = |alg: &str| p.apply_moves(p.solved(), &read_moves(&p, alg).unwrap()).as_bytes().to_vec();
        assert_eq!(c.symmetry_order(&at("")), 24);
        // A quarter turn is kept by the four rotations about its axis.
        assert_eq!(c.symmetry_order(&at("R")), 4);
        assert_eq!(c.symmetry_order(&at("R U")), 1);
        assert_eq!(c.symmetry_order(&at("U2 D2")), 8);
        let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
        assert_eq!(c.symmetry_order(&at(superflip)), 24);
        // Conjugates share their least conjugate.
        assert_eq!(c.least(&at("R U")).0, c.least(&at("U F")).0);
        assert_ne!(c.least(&at("R U")).0, c.least(&at("R U'")).0);
    }
}
