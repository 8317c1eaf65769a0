//! Scrambles that leave parts open (ksolve+ `?` entries): the pieces whose places are `?` become one
//! interchangeable label, and the orientations given as `?` (or `?N`) become wildcards, in both the
//! start and a target derived from the solved state. Solving to that target solves what the scramble
//! asks, and nothing more.

use crate::error::Result;
use crate::model::puzzle::Puzzle;
use crate::model::state::State;

/// The `(target, start)` pair for a start whose `(orbit, slot)`s in `ignored_permutation` hold unknown
/// pieces and in `ignored_orientation` unknown orientations (start orientations that are already
/// wildcards count as unknown too).
pub fn relaxed(
    puzzle: &Puzzle,
    start: &State,
    ignored_permutation: &[(usize, usize)],
    ignored_orientation: &[(usize, usize)],
) -> Result<(State, State)> {
    let mut target = puzzle.solved().as_bytes().to_vec();
    let mut begin = start.as_bytes().to_vec();
    for (oi, o) in puzzle.orbits().iter().enumerate() {
        let pieces = o.pieces_range();
        let oris = o.orientations_range();
        // One label for every piece whose place the scramble leaves open.
        let open: Vec<u8> = ignored_permutation
            .iter()
            .filter(|&&(b, _)| b == oi)
            .map(|&(_, slot)| begin[pieces.start + slot])
            .collect();
        if let Some(&label) = open.iter().min() {
            for bytes in [&mut target, &mut begin] {
                for p in &mut bytes[pieces.clone()] {
                    if open.contains(p) {
                        *p = label;
                    }
                }
            }
        }
        // Labels whose orientation is open, wherever those pieces are.
        let mut wild = vec![false; o.size];
        for slot in 0..o.size {
            let asked = ignored_orientation.contains(&(oi, slot)) || o.is_wildcard(begin[oris.start + slot]);
            if asked && o.orientations > 1 {
                wild[begin[pieces.start + slot] as usize] = true;
            }
        }
        for bytes in [&mut target, &mut begin] {
            for slot in 0..o.size {
                if wild[bytes[pieces.start + slot] as usize] {
                    bytes[oris.start + slot] = o.wildcard();
                }
            }
        }
    }
    Ok((puzzle.state_from_bytes(target)?, puzzle.state_from_bytes(begin)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::cube3;

    #[test]
    fn open_pieces_share_a_label_and_open_orientations_are_wild() {
        let p = cube3();
        let start = p.position(&crate::Alg::parse("R").unwrap()).unwrap();
        let corner = p.layout().orbit_index("CORNER").unwrap();
        let (target, begin) = relaxed(&p, &start, &[(corner, 0), (corner, 1)], &[(corner, 2)]).unwrap();
        let o = &p.orbits()[corner];
        let labels = &begin.as_bytes()[o.pieces_range()];
        let (a, b) = (labels[0], labels[1]);
        assert_eq!(a, b);
        assert_eq!(target.as_bytes()[o.pieces_range()].iter().filter(|&&x| x == a).count(), 2);
        assert!(target.as_bytes()[o.orientations_range()].iter().any(|&x| o.is_wildcard(x)));
    }
}
