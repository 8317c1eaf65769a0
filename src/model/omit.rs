//! Leaving sets out of a puzzle (twsearch's `--omit`, `--nocorners`, `--noedges`): the same moves acting
//! on the remaining sets only, so that God's algorithm, the solver and the group tools see the group
//! those sets form (the 3x3x3 without `CORNERS` is the edges group).

use crate::error::{Error, Location, Result};
use crate::model::builder::PuzzleBuilder;
use crate::model::layout::Layout;
use crate::model::move_names::RotationNames;
use crate::model::puzzle::Puzzle;

/// The puzzle with the sets named in `omit` left out. Every name must be a set of the puzzle, at least
/// one set must remain, and the puzzle may not declare illegal placements (they name slots of the sets).
/// The moves keep their names, order and rotation status; moves that only moved the omitted sets become
/// the identity. ksolve+ extras (forbidden pairs, move limits) are not carried over.
pub fn omit_sets(puzzle: &Puzzle, omit: &[String]) -> Result<Puzzle> {
    let layout = puzzle.layout();
    for name in omit {
        if layout.orbit_index(name).is_none() {
            let sets: Vec<&str> = layout.orbits().iter().map(|o| o.name.as_str()).collect();
            return Err(Error::new(format!("--omit: the puzzle has no set {name} (its sets: {})", sets.join(", ")))
                .with_token(name.clone()));
        }
    }
    let kept: Vec<usize> = (0..layout.orbits().len()).filter(|&i| !omit.contains(&layout.orbits()[i].name)).collect();
    if kept.is_empty() {
        return Err(Error::new("--omit leaves no set"));
    }
    if !puzzle.illegal().is_empty() {
        return Err(Error::new("--omit: puzzles with illegal placements cannot leave sets out"));
    }
    let new = Layout::new(kept.iter().map(|&i| {
        let o = &layout.orbits()[i];
        (o.name.as_str(), o.size, o.orientations)
    }));
    let project = |t: &[u8]| -> Vec<u8> {
        kept.iter()
            .flat_map(|&i| t[layout.orbits()[i].offset..][..2 * layout.orbits()[i].size].iter().copied())
            .collect()
    };
    let mut b = PuzzleBuilder::new(puzzle.name(), new, project(puzzle.solved().as_bytes()));
    let twsearch_rule = puzzle.base_moves().iter().all(|m| m.rotation == RotationNames::Twsearch.is_rotation(&m.name));
    b.rotation_names(if twsearch_rule { RotationNames::Twsearch } else { RotationNames::Cubing });
    for m in puzzle.base_moves() {
        b.add_move(m.name.clone(), project(m.transform()), Location::Nowhere);
    }
    for s in puzzle.declared_symmetries() {
        b.add_symmetry(s.name.clone(), project(s.transform()), Location::Nowhere);
    }
    for (new_name, old) in puzzle.aliases() {
        b.add_alias(new_name.clone(), old.clone(), Location::Nowhere);
    }
    b.build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;

    const CUBE3: &str = include_str!("../../tests/data/puzzles/main/3x3x3.tws");

    #[test]
    fn the_cube_without_corners_is_the_edges_group() {
        let p = load_puzzle(CUBE3).unwrap();
        let corners = "CORNER".to_string();
        let e = omit_sets(&p, std::slice::from_ref(&corners)).unwrap();
        assert_eq!(e.layout().orbits().len(), p.layout().orbits().len() - 1);
        assert!(e.layout().orbit_index(&corners).is_none());
        let set = crate::MoveSet::all(&e).unwrap();
        let order = crate::group::puzzle_chain(&e, &set).unwrap().order();
        assert_eq!(order.to_string(), "980995276800");
        let bad = omit_sets(&p, &["NOPE".to_string()]).unwrap_err().to_string();
        assert!(bad.contains("no set NOPE"), "{bad}");
        let all: Vec<String> = p.layout().orbits().iter().map(|o| o.name.clone()).collect();
        assert!(omit_sets(&p, &all).unwrap_err().to_string().contains("leaves no set"));
    }
}
