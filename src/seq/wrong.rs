//! How many pieces a position leaves wrong (twsearch's `--maxwrong`, with `--orientationgroup`).

use crate::model::state::State;
use crate::Puzzle;

/// The pieces of `state` that differ from the solved state (in place or orientation). With
/// `orientation_group` k > 0, every k consecutive slots of a set count as one piece whose orientation
/// is which of its slots holds what (twsearch's `--orientationgroup`: a piece is wrong when any of its
/// k slots differs, orientation bytes ignored).
pub fn wrong_pieces(puzzle: &Puzzle, state: &State, orientation_group: usize) -> usize {
    let (a, b) = (state.as_bytes(), puzzle.solved().as_bytes());
    let mut wrong = 0;
    for o in puzzle.orbits() {
        let (p, q) = (&a[o.pieces_range()], &b[o.pieces_range()]);
        if orientation_group == 0 {
            let (po, qo) = (&a[o.orientations_range()], &b[o.orientations_range()]);
            wrong += (0..o.size).filter(|&i| p[i] != q[i] || po[i] != qo[i]).count();
        } else {
            wrong += p.chunks(orientation_group).zip(q.chunks(orientation_group)).filter(|(x, y)| x != y).count();
        }
    }
    wrong
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::seq::read_moves;

    #[test]
    fn the_t_perm_leaves_two_edges_and_two_corners_wrong() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/3x3x3.tws")).unwrap();
        let at = |alg: &str| p.apply_moves(p.solved(), &read_moves(&p, alg).unwrap());
        assert_eq!(wrong_pieces(&p, &at("R U R' U' R' F R2 U' R' U' R U R' F'"), 0), 4);
        assert_eq!(wrong_pieces(&p, &at(""), 0), 0);
        // A quarter turn moves 4 edges and 4 corners; the sune twists 3 corners and moves 3 more pieces.
        assert_eq!(wrong_pieces(&p, &at("U"), 0), 8);
        assert_eq!(wrong_pieces(&p, &at("R U R' U R U2 R'"), 0), 7);
    }
}
