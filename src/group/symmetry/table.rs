//! A set of symmetries as a group table: each symmetry's inverse, the product of two, and the move each
//! one's conjugation makes of each move. Symmetries are numbered `0..len()`, the identity first; the
//! tables are what the class builders ([`SymClasses`](super::SymClasses)) and the solvers' searches (a
//! node's symmetry times a move's) read.

use std::collections::HashMap;
use std::hash::Hash;

use crate::error::{Error, Result};

/// The most symmetries a table holds (indices are bytes).
pub(crate) const MAX_TABLE_LEN: usize = 256;

/// A symmetry group as tables (see the module's doc).
#[derive(Debug, Clone)]
pub(crate) struct SymmetryTable {
    len: usize,
    moves: usize,
    /// Per symmetry: its inverse.
    inverse: Vec<u8>,
    /// `product[s · len + t]`: `s` then `t`.
    product: Vec<u8>,
    /// `move_map[s · moves + m]`: move `m` conjugated by `s` (`s⁻¹ m s`).
    move_map: Vec<u16>,
}

impl SymmetryTable {
    /// The table of the symmetries `elements` (elements of some group, the identity first; `compose(a, b)`
    /// is `a` then `b`) with `move_maps[s][m]`, the move symmetry `s` conjugates move `m` into. Errors
    /// when two elements are equal, the set is not closed under products, or it has more than
    /// [`MAX_TABLE_LEN`] elements.
    pub(crate) fn new<E: Eq + Hash>(
        elements: &[E],
        compose: impl Fn(&E, &E) -> E,
        move_maps: &[Vec<u16>],
    ) -> Result<SymmetryTable> {
        let len = elements.len();
        if len == 0 || len > MAX_TABLE_LEN || move_maps.len() != len {
            return Err(Error::internal(format!("a symmetry table of {len} symmetries")));
        }
        let at: HashMap<&E, usize> = elements.iter().enumerate().map(|(i, e)| (e, i)).collect();
        if at.len() != len {
            return Err(Error::internal("two symmetries are the same element"));
        }
        let mut product = Vec::with_capacity(len * len);
        for a in elements {
            for b in elements {
                let p = at.get(&compose(a, b)).ok_or_else(|| Error::internal("the symmetries are not closed"))?;
                product.push(*p as u8);
            }
        }
        let inverse = (0..len)
            .map(|s| (0..len).find(|&t| product[s * len + t] == 0).map(|t| t as u8))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| Error::internal("a symmetry without an inverse (the identity must come first)"))?;
        let moves = move_maps[0].len();
        if move_maps.iter().any(|m| m.len() != moves) {
            return Err(Error::internal("the symmetries' move maps differ in length"));
        }
        Ok(SymmetryTable { len, moves, inverse, product, move_map: move_maps.concat() })
    }

    /// The table of symmetries known by how they conjugate the moves (`move_maps[s][m]`, the identity
    /// first): two that agree on every move are taken to be equal, so the maps must tell them apart.
    pub(crate) fn of_move_maps(move_maps: &[Vec<u16>]) -> Result<SymmetryTable> {
        let compose = |a: &Vec<u16>, b: &Vec<u16>| a.iter().map(|&m| b[m as usize]).collect::<Vec<u16>>();
        SymmetryTable::new(move_maps, compose, move_maps)
    }

    /// The inverse of symmetry `s`.
    #[inline(always)]
    pub(crate) fn inverse(&self, s: usize) -> usize {
        self.inverse[s] as usize
    }

    /// Symmetry `s` then symmetry `t`: conjugating by it is conjugating by `s`, then by `t`.
    #[inline(always)]
    pub(crate) fn product(&self, s: usize, t: usize) -> usize {
        self.product[s * self.len + t] as usize
    }

    /// Move `m` conjugated by symmetry `s`.
    #[inline(always)]
    pub(crate) fn conjugate_move(&self, s: usize, m: usize) -> usize {
        self.move_map[s * self.moves + m] as usize
    }
}

/// What a class builder needs of a symmetry set: each symmetry's inverse.
pub(crate) trait Inverses {
    /// The inverse of symmetry `s`.
    fn inverse_of(&self, s: usize) -> usize;
}

impl Inverses for SymmetryTable {
    fn inverse_of(&self, s: usize) -> usize {
        self.inverse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rotations of a square (a cyclic group of 4) acting on its four sides as moves.
    #[test]
    fn a_cyclic_group_from_its_move_maps() {
        let maps: Vec<Vec<u16>> = (0..4u16).map(|r| (0..4).map(|m| (m + r) % 4).collect()).collect();
        let t = SymmetryTable::of_move_maps(&maps).unwrap();
        for s in 0..4 {
            assert_eq!(t.product(s, t.inverse(s)), 0);
            for u in 0..4 {
                assert_eq!(t.product(s, u), (s + u) % 4);
                for m in 0..4 {
                    let both = t.conjugate_move(u, t.conjugate_move(s, m));
                    assert_eq!(t.conjugate_move(t.product(s, u), m), both);
                }
            }
        }
        // Not closed: the rotations by 0 and 1 only.
        assert!(SymmetryTable::of_move_maps(&maps[..2]).is_err());
        // Two alike.
        assert!(SymmetryTable::of_move_maps(&[maps[0].clone(), maps[0].clone()]).is_err());
    }
}
