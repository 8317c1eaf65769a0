//! Searching a position along the puzzle's other axes: a rotation `r` of the whole puzzle that maps the
//! moves onto themselves turns the position `x` into `r⁻¹ x r`, which the same phase tables judge as if
//! the chain of subgroups were turned by `r` (the 3x3x3's `U,D,F2,B2,R2,L2` becomes `F,B,U2,D2,R2,L2`).
//! A solution `w'` of the turned position gives `r w' r⁻¹`, move by move a solution of `x`. Kociemba's
//! solvers search the three axes (and the inverse of each) side by side: six chances per phase-1 length
//! to find a short phase 2 instead of two.

use std::collections::HashMap;

use crate::group::symmetry::{symmetries, MoveIndex, Symmetry};
use crate::model::layout::Layout;
use crate::model::moveset::MoveSet;
use crate::model::puzzle::{MoveRef, Puzzle};

/// The most turned searches of one position (the 3x3x3 has three axes).
const MAX_CONJUGATES: usize = 12;

/// A rotation that turns the chain of subgroups into another one, and what it does to moves.
#[derive(Debug, Clone)]
pub(crate) struct Conjugate {
    rotation: Vec<u8>,
    inverse: Vec<u8>,
    /// Per base move and amount of the whole group's moves: the move `r m r⁻¹` (the turned search's move
    /// `m` read back on the position).
    back: HashMap<MoveRef, MoveRef>,
    /// The other way: the position's move `m` as the turned search's move `r⁻¹ m r`.
    forward: HashMap<MoveRef, MoveRef>,
}

impl Conjugate {
    /// `r⁻¹ x r`: the position as the turned search sees it. Whole orbits of ignored orientations stay
    /// ignored.
    pub(crate) fn apply(&self, layout: &Layout, x: &[u8]) -> Vec<u8> {
        layout.compose(&layout.compose(&self.inverse, x), &self.rotation)
    }

    /// The position's move `m` as the turned position's move (`None` for a move outside the group the
    /// rotation was found for).
    pub(crate) fn turn_move(&self, m: MoveRef) -> Option<MoveRef> {
        self.forward.get(&m).copied()
    }

    /// The moves of a turned search's solution, read back on the position.
    pub(crate) fn read_back(&self, moves: &[MoveRef]) -> Vec<MoveRef> {
        moves.iter().map(|m| self.back[m]).collect()
    }
}

/// The rotations (besides the identity) that turn the chain `groups` (the whole group first, then each
/// phase's subgroup) into a different chain of subgroups of the same whole group, one per different
/// chain. Empty when the definition has no rotations or none keeps the whole group's moves.
pub(crate) fn conjugates(p: &Puzzle, groups: &[MoveSet]) -> Vec<Conjugate> {
    let layout = p.layout();
    let Some(g) = groups.first() else { return Vec::new() };
    let g_moves: Vec<MoveRef> = g.moves().iter().map(|m| m.mv).collect();
    let gt: Vec<&[u8]> = g_moves.iter().map(|&m| p.transform(m)).collect();
    let Ok(symmetries) = symmetries(p, &gt, &layout.identity()) else { return Vec::new() };
    let index = MoveIndex::new(&gt);
    let identity = layout.identity();
    let mut seen: Vec<Vec<Vec<MoveRef>>> = Vec::new();
    let mut out = Vec::new();
    for Symmetry { s: r, .. } in symmetries {
        let inverse = layout.invert(&r);
        // The turned search's move m' is r⁻¹ m r for the position's move m.
        let Some(map) = index.map(layout, &r, &inverse) else { return Vec::new() };
        let forward: HashMap<MoveRef, MoveRef> =
            g_moves.iter().zip(&map).map(|(&m, &t)| (m, g_moves[t as usize])).collect();
        // The chain as the turned search sees it: each subgroup's generators, turned.
        let chain: Vec<Vec<MoveRef>> = groups
            .iter()
            .map(|h| {
                let mut v: Vec<MoveRef> = h.moves().iter().map(|m| forward[&m.mv]).collect();
                crate::sort::sort_by_key(&mut v, |m| (m.base, m.amount));
                v
            })
            .collect();
        if seen.contains(&chain) {
            continue;
        }
        seen.push(chain);
        if r == identity {
            continue;
        }
        let back = forward.iter().map(|(&m, &t)| (t, m)).collect();
        out.push(Conjugate { rotation: r, inverse, back, forward });
        if out.len() == MAX_CONJUGATES {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::{cube3, cube3_with_rotations};

    /// The 3x3x3 with rotations has three axes for `U,D,F2,B2,R2,L2`: two turned chains, each a
    /// solution of the turned position read back solving the position.
    #[test]
    fn three_axes_of_the_cube() {
        // The face turns and Kociemba's subgroup.
        let groups = |p: &Puzzle| ["U,D,F,B,R,L", "U,D,F2,B2,R2,L2"].map(|moves| MoveSet::parse(p, moves).unwrap());
        let p = cube3_with_rotations();
        let cs = conjugates(&p, &groups(&p));
        assert_eq!(cs.len(), 2);
        let alg = crate::alg::Alg::parse("R U2 F' L D B2").unwrap();
        let moves = alg.expand(&p).unwrap();
        let x = p.apply_moves(p.solved(), &moves);
        for c in &cs {
            let turned = c.apply(p.layout(), x.as_bytes());
            // The turned position's solution: the inverse of the turned scramble.
            let turned_scramble: Vec<MoveRef> = moves.iter().map(|&m| c.turn_move(m).unwrap()).collect();
            let turned_solution = p.invert_moves(&turned_scramble);
            let check = p.apply_moves(&p.state_from_bytes(turned).unwrap(), &turned_solution);
            assert_eq!(check, *p.solved());
            let back = c.read_back(&turned_solution);
            assert_eq!(p.apply_moves(&x, &back), *p.solved());
        }
        // Without rotations in the definition: none.
        let plain = cube3();
        assert!(conjugates(&plain, &groups(&plain)).is_empty());
    }
}
