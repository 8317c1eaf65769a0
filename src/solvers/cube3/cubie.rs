//! Cubies: a 3x3x3 position as its corners and edges, each a permutation (passive, as the crate's
//! states: the piece in each slot) and the pieces' orientations.

use crate::solvers::corners::corners_then;

/// A 3x3x3 position (or move, or rotation) on the corners and edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Cubie {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

impl Cubie {
    /// The solved cube (and the identity move).
    pub(super) const SOLVED: Cubie =
        Cubie { cp: [0, 1, 2, 3, 4, 5, 6, 7], co: [0; 8], ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], eo: [0; 12] };

    /// This position followed by `m` (the composition of `Puzzle::apply`).
    #[inline]
    pub(super) fn then(&self, m: &Cubie) -> Cubie {
        self.then_corners(m).then_edges(m)
    }

    /// [`Cubie::then`] on the corners only (the edges left as they are).
    #[inline]
    pub(super) fn then_corners(&self, m: &Cubie) -> Cubie {
        let (cp, co) = corners_then(&self.cp, &self.co, &m.cp, &m.co);
        Cubie { cp, co, ..*self }
    }

    /// [`Cubie::then`] on the edges only (the corners left as they are).
    #[inline]
    pub(super) fn then_edges(&self, m: &Cubie) -> Cubie {
        let mut out = *self;
        for i in 0..12 {
            let j = m.ep[i] as usize;
            out.ep[i] = self.ep[j];
            out.eo[i] = self.eo[j] ^ m.eo[i];
        }
        out
    }

    /// The inverse: `self.then(&self.inverse())` is the identity.
    pub(super) fn inverse(&self) -> Cubie {
        let mut out = *self;
        for i in 0..8 {
            out.cp[self.cp[i] as usize] = i as u8;
            out.co[self.cp[i] as usize] = (3 - self.co[i]) % 3;
        }
        for i in 0..12 {
            out.ep[self.ep[i] as usize] = i as u8;
            out.eo[self.ep[i] as usize] = self.eo[i];
        }
        out
    }

    /// Conjugated by a symmetry `s` (with `s_inv` its inverse): `s⁻¹ · self · s`. A homomorphism, and it
    /// keeps the distances of any move set and subgroup that `s` maps onto themselves.
    #[inline]
    pub(super) fn conj(&self, s: &Cubie, s_inv: &Cubie) -> Cubie {
        s_inv.then(self).then(s)
    }

    /// Whether both permutations have the same parity (true of every position the face turns reach).
    pub(super) fn parities_match(&self) -> bool {
        odd(&self.cp) == odd(&self.ep)
    }
}

pub(super) use crate::coord::perm::is_odd as odd;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_and_conjugation() {
        let a = Cubie {
            cp: [3, 0, 1, 2, 4, 5, 6, 7],
            co: [1, 2, 0, 0, 1, 2, 0, 0],
            ep: [1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 11, 10],
            eo: [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
        };
        assert_eq!(a.then(&a.inverse()), Cubie::SOLVED);
        assert_eq!(a.inverse().then(&a), Cubie::SOLVED);
        let b = Cubie { cp: [1, 0, 2, 3, 4, 5, 7, 6], co: [0, 0, 1, 2, 0, 0, 0, 0], ..Cubie::SOLVED };
        let (bi, c) = (b.inverse(), a.then(&b));
        assert_eq!(c.conj(&b, &bi), a.conj(&b, &bi).then(&b.conj(&b, &bi)));
        assert!(odd(&a.cp) && !odd(&a.ep) && !a.parities_match());
    }
}
