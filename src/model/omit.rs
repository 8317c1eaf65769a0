//! Reducing a puzzle's sets (twsearch's set options): leaving sets out (`--omit`, `--nocorners`,
//! `--noedges`, `--nocenters`), making a set's pieces identical (`--omitperms`), dropping orientations
//! (`--omitoris`, `--noorientation`) and telling every piece apart (`--distinguishall`). The same moves act
//! on what remains, so that God's algorithm, the solver and the group tools see the group those sets form
//! (the 3x3x3 without `CORNERS` is the edges group).

use crate::error::{Error, Location, Result};
use crate::model::builder::PuzzleBuilder;
use crate::model::layout::Layout;
use crate::model::move_names::RotationNames;
use crate::model::puzzle::Puzzle;

/// What to change in a puzzle's sets; the default changes nothing. Set names are the definition's
/// (case-sensitive); the name rules of `no_corners`, `no_centers` and `no_edges` are twsearch's,
/// case-insensitive: a corner set's name has `c` first and `r` third (`CORNERS`), a center set's starts
/// with `ce`, an edge set's with `ed`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetOptions {
    /// Sets left out.
    pub omit: Vec<String>,
    /// Sets whose pieces become identical in the solved state (only their orientations count).
    pub omit_perms: Vec<String>,
    /// Sets whose orientations are dropped (only where the pieces are counts).
    pub omit_oris: Vec<String>,
    /// Drop every set's orientations.
    pub no_orientation: bool,
    /// Every piece distinct: the solved state becomes the identity (identical pieces and orientation
    /// wildcards of the definition are told apart).
    pub distinguish_all: bool,
    /// Leave out the sets whose names look like corners.
    pub no_corners: bool,
    /// Leave out the sets whose names look like centers.
    pub no_centers: bool,
    /// Leave out the sets whose names look like edges.
    pub no_edges: bool,
}

impl SetOptions {
    /// Whether the options change nothing.
    pub fn is_empty(&self) -> bool {
        *self == SetOptions::default()
    }

    /// Whether set `name` is left out, by name or by its kind.
    fn omits(&self, name: &str) -> bool {
        let lower: Vec<char> = name.to_lowercase().chars().collect();
        let at = |i: usize| lower.get(i).copied();
        self.omit.iter().any(|n| n == name)
            || (self.no_corners && at(0) == Some('c') && at(2) == Some('r'))
            || (self.no_centers && at(0) == Some('c') && at(1) == Some('e'))
            || (self.no_edges && at(0) == Some('e') && at(1) == Some('d'))
    }
}

/// The puzzle with the sets named in `omit` left out ([`apply_set_options`] with only `omit`).
pub fn omit_sets(puzzle: &Puzzle, omit: &[String]) -> Result<Puzzle> {
    apply_set_options(puzzle, &SetOptions { omit: omit.to_vec(), ..SetOptions::default() })
}

/// The puzzle with its sets changed as `options` ask. Every set named must be a set of the puzzle, at
/// least one set must remain, and a puzzle that declares illegal placements (they name slots and pieces
/// of the sets) cannot be changed. The moves keep their names, order and rotation status; moves that
/// only moved left-out sets become the identity. ksolve+ extras (forbidden pairs, move limits) are not
/// carried over (callers with [empty](SetOptions::is_empty) options keep the puzzle they have).
pub fn apply_set_options(puzzle: &Puzzle, options: &SetOptions) -> Result<Puzzle> {
    let layout = puzzle.layout();
    let lists = [("--omit", &options.omit), ("--omitperms", &options.omit_perms), ("--omitoris", &options.omit_oris)];
    for (option, names) in lists {
        for name in names.iter() {
            if layout.orbit_index(name).is_none() {
                let sets: Vec<&str> = layout.orbits().iter().map(|o| o.name.as_str()).collect();
                return Err(Error::new(format!(
                    "{option}: the puzzle has no set {name} (its sets: {})",
                    sets.join(", ")
                ))
                .with_token(name.clone()));
            }
        }
    }
    let kept: Vec<usize> = (0..layout.orbits().len()).filter(|&i| !options.omits(&layout.orbits()[i].name)).collect();
    if kept.is_empty() {
        return Err(Error::new("the set options leave no set (--omit and --no-corners, --no-edges, --no-centers)"));
    }
    if !puzzle.illegal().is_empty() {
        return Err(Error::new("the set options cannot change a puzzle with illegal placements"));
    }
    // Per kept orbit: (old orbit index, keeps orientations).
    let plan: Vec<(usize, bool)> = (kept.iter())
        .map(|&i| {
            let name = &layout.orbits()[i].name;
            (i, !options.no_orientation && !options.omit_oris.contains(name))
        })
        .collect();
    let new = Layout::new(plan.iter().map(|&(i, ori)| {
        let o = &layout.orbits()[i];
        (o.name.as_str(), o.size, if ori { o.orientations } else { 1 })
    }));
    // A transformation (or the solved state) on the kept orbits, orientations zeroed where dropped.
    let size = new.state_size();
    let project = |t: &[u8]| -> Vec<u8> {
        let mut out = Vec::with_capacity(size);
        for &(i, ori) in &plan {
            let o = &layout.orbits()[i];
            out.extend_from_slice(&t[o.pieces_range()]);
            if ori {
                out.extend_from_slice(&t[o.orientations_range()]);
            } else {
                out.extend(std::iter::repeat_n(0, o.size));
            }
        }
        out
    };
    let mut solved = project(puzzle.solved().as_bytes());
    for (orbit, &(i, _)) in new.orbits().iter().zip(&plan) {
        if options.distinguish_all {
            solved[orbit.pieces_range()].copy_from_slice(&new.identity()[orbit.pieces_range()]);
            solved[orbit.orientations_range()].fill(0);
        } else if options.omit_perms.contains(&layout.orbits()[i].name) {
            solved[orbit.pieces_range()].fill(0);
        }
    }
    let mut b = PuzzleBuilder::new(puzzle.name(), new, solved);
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

    fn order(p: &Puzzle) -> String {
        let set = crate::MoveSet::all(p).unwrap();
        crate::group::puzzle_chain(p, &set).unwrap().order().to_string()
    }

    fn reduced(options: SetOptions) -> Puzzle {
        apply_set_options(&load_puzzle(CUBE3).unwrap(), &options).unwrap()
    }

    #[test]
    fn the_cube_without_corners_is_the_edges_group() {
        let p = load_puzzle(CUBE3).unwrap();
        let corners = "CORNER".to_string();
        let e = omit_sets(&p, std::slice::from_ref(&corners)).unwrap();
        assert_eq!(e.layout().orbits().len(), p.layout().orbits().len() - 1);
        assert!(e.layout().orbit_index(&corners).is_none());
        assert_eq!(order(&e), "980995276800");
        let bad = omit_sets(&p, &["NOPE".to_string()]).unwrap_err().to_string();
        assert!(bad.contains("no set NOPE"), "{bad}");
        let all: Vec<String> = p.layout().orbits().iter().map(|o| o.name.clone()).collect();
        assert!(omit_sets(&p, &all).unwrap_err().to_string().contains("leave no set"));
    }

    #[test]
    fn set_kinds_by_name_as_twsearch_reads_them() {
        // The 3x3x3 definition's sets are EDGE, CORNER (and CENTERS where it has them).
        let p = load_puzzle(CUBE3).unwrap();
        let names = |q: &Puzzle| q.orbits().iter().map(|o| o.name.clone()).collect::<Vec<_>>();
        let no_corners = reduced(SetOptions { no_corners: true, ..SetOptions::default() });
        assert_eq!(order(&no_corners), "980995276800");
        let no_edges = reduced(SetOptions { no_edges: true, ..SetOptions::default() });
        assert_eq!(order(&no_edges), "88179840");
        assert!(names(&no_edges).iter().all(|n| !n.to_lowercase().starts_with("ed")));
        assert_eq!(names(&p).len(), names(&no_edges).len() + 1);
    }

    #[test]
    fn orientations_dropped_and_pieces_made_identical() {
        // Without orientations: 12!·8!/2 = 9,656,672,256,000 (the permutation parities are tied).
        let no_ori = reduced(SetOptions { no_orientation: true, ..SetOptions::default() });
        assert_eq!(order(&no_ori), "9656672256000");
        assert!(no_ori.orbits().iter().all(|o| o.orientations == 1));
        // Edges' orientations only: 43,252,003,274,489,856,000 / 2^11.
        let e = reduced(SetOptions { omit_oris: vec!["EDGE".into()], ..SetOptions::default() });
        assert_eq!(order(&e), "21119142223872000");
        // Identical corners: the solved state's corner pieces are all one label; the group is the same.
        let c = reduced(SetOptions { omit_perms: vec!["CORNER".into()], ..SetOptions::default() });
        let corner = c.layout().orbit_index("CORNER").unwrap();
        let range = c.orbits()[corner].pieces_range();
        assert!(c.solved().as_bytes()[range].iter().all(|&x| x == 0));
        assert_eq!(order(&c), order(&load_puzzle(CUBE3).unwrap()));
        // Distinguish all: the solved state is the identity.
        let d = reduced(SetOptions { distinguish_all: true, ..SetOptions::default() });
        assert_eq!(d.solved().as_bytes(), &d.layout().identity()[..]);
        let bad = apply_set_options(
            &load_puzzle(CUBE3).unwrap(),
            &SetOptions { omit_oris: vec!["NOPE".into()], ..SetOptions::default() },
        );
        assert!(bad.unwrap_err().to_string().contains("--omitoris: the puzzle has no set NOPE"));
    }
}
