//! How many positions a move set reaches, as a user counts them: [`positions`].
//!
//! The group order ([`StabilizerChain::order`]) counts transformations, so it also counts what the solved
//! state does not show (the 3x3x3 KPuzzle's center orientations: 2048 times the known
//! 43,252,003,274,489,856,000) and, where the moves generate whole-puzzle rotations (cubing.js's pyraminx
//! and its two-layer turns, a 3x3x3 with slices), every orientation of the puzzle as another position.
//! Here orbits whose every orientation the solved state leaves open (`?`, cubing.js `orientationMod` 1)
//! count no orientation, and positions that differ only by a rotation of the whole puzzle count once: the
//! rotations of the definition that the moves generate form a subgroup `H`, and the positions up to
//! orientation are the cosets of `H`, `|G| / |H|`. Identical pieces are still counted as told apart.

use num_bigint::BigUint;

use crate::error::Result;
use crate::model::layout::Layout;
use crate::model::moveset::MoveSet;
use crate::model::puzzle::Puzzle;

use super::StabilizerChain;

/// The sizes [`positions`] reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionCount {
    /// The order of the group the moves generate on the definition's every orbit and orientation.
    pub group_order: BigUint,
    /// Positions the moves reach, not counting orientations the solved state leaves open.
    pub positions: BigUint,
    /// How many orientations of the whole puzzle the moves reach (1 with face turns only).
    pub orientations: BigUint,
    /// `positions / orientations`: positions up to the orientation of the whole puzzle.
    pub up_to_orientation: BigUint,
}

/// What the group order and [`positions`] leave out on a puzzle whose definition declares `Illegal`
/// placements (`None` on one that declares none). They count the group the moves generate, which holds
/// positions with those placements and positions reached only through them: the legal positions reached
/// through legal ones are not a group, so group theory cannot count them; God's algorithm does, by
/// enumerating them (`gods_algorithm`'s total), where the puzzle is small enough.
pub fn illegal_placements_note(puzzle: &Puzzle) -> Option<String> {
    let n = puzzle.illegal().len();
    (n > 0).then(|| {
        format!(
            "the definition declares {n} Illegal placement{}, which this count does not take into account: it \
             is the order of the group the moves generate, with positions holding those placements (the legal \
             positions reached through legal ones are not a group; god counts them)",
            if n == 1 { "" } else { "s" }
        )
    })
}

/// The sizes of what a move set reaches (see the module notes).
pub fn positions(puzzle: &Puzzle, moves: &MoveSet) -> Result<PositionCount> {
    let layout = puzzle.layout();
    let solved = puzzle.solved().as_bytes();
    // Orbits whose orientation the solved state never shows.
    let invisible: Vec<bool> = layout
        .orbits()
        .iter()
        .map(|o| o.orientations > 1 && o.orientations_range().all(|i| o.is_wildcard(solved[i])))
        .collect();
    let reduced = Layout::new(
        layout
            .orbits()
            .iter()
            .zip(&invisible)
            .map(|(o, &inv)| (o.name.as_str(), o.size, if inv { 1 } else { o.orientations })),
    );
    let reduce = |t: &[u8]| -> Vec<u8> {
        let mut t = t.to_vec();
        for (o, &inv) in layout.orbits().iter().zip(&invisible) {
            if inv {
                t[o.orientations_range()].fill(0);
            }
        }
        t
    };
    let full = StabilizerChain::new(layout, &moves.generator_transforms(puzzle))?;
    let gens: Vec<Vec<u8>> = moves.generator_transforms(puzzle).iter().map(|t| reduce(t)).collect();
    let gens: Vec<&[u8]> = gens.iter().map(Vec::as_slice).collect();
    let chain = StabilizerChain::new(&reduced, &gens)?;
    // The rotations the moves generate (distinct as reduced transformations).
    let mut rotations = std::collections::HashSet::new();
    for r in super::symmetry::rotation_group(puzzle)? {
        let t = reduce(puzzle.apply_moves(&puzzle.identity(), &r).as_bytes());
        if chain.contains(&t) {
            rotations.insert(t);
        }
    }
    let orientations = BigUint::from(rotations.len().max(1));
    let positions = chain.order();
    Ok(PositionCount {
        group_order: full.order(),
        up_to_orientation: &positions / &orientations,
        positions,
        orientations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;

    #[test]
    fn a_cube_without_rotations_counts_its_group() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/2x2x2.tws")).unwrap();
        let c = positions(&p, &MoveSet::parse(&p, "U,R,F").unwrap()).unwrap();
        assert_eq!(c.positions, BigUint::from(3_674_160u32));
        assert_eq!(c.up_to_orientation, c.positions);
        assert_eq!(c.orientations, BigUint::from(1u32));
        assert_eq!(illegal_placements_note(&p), None);
    }

    #[test]
    fn illegal_placements_are_noted() {
        let text = format!("{}\nIllegal CORNER 1 2 3\n", include_str!("../../tests/data/puzzles/main/2x2x2.tws"));
        let p = load_puzzle(&text).unwrap();
        let note = illegal_placements_note(&p).unwrap();
        assert!(note.starts_with("the definition declares 2 Illegal placements, which this count does not"), "{note}");
    }
}
