//! Cubies packed for byte shuffles: each slot one byte, `piece | orientation << 4`, the corners in one
//! 16-byte row and the edges in another (the bytes past the pieces hold themselves). A product is then
//! a few vector instructions (SSSE3's byte shuffle) instead of twenty lookups, and the masks the
//! coordinates start from (which slots hold which pieces, which edges are flipped) one shuffle and one
//! `movemask` each. The cube's optimal search works its inverses this way (each inverse lookup is a
//! product and a conjugation, three products); elsewhere, or without SSSE3, the same per byte.

use super::cubie::Cubie;

/// A cubie in bytes (see the module): what a search keeps of an inverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub(super) struct Packed {
    c: [u8; 16],
    e: [u8; 16],
}

/// Which pieces a mask picks (bit `p` for piece `p`), as a byte per piece: 0x80 where picked.
pub(super) fn selector(pieces: u32) -> [u8; 16] {
    std::array::from_fn(|p| if p < 16 && pieces >> p & 1 == 1 { 0x80 } else { 0 })
}

/// Sets of slots, bit `i` for slot `i`: those holding a piece a [`selector`] picks, and the flipped
/// edges'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Masks {
    /// Corner slots holding a piece of the corner selector.
    pub corners: u32,
    /// Edge slots holding a piece of the edge selector.
    pub edges: u32,
    /// Edge slots whose edge is flipped.
    pub flips: u32,
}

impl Packed {
    /// The solved cube.
    pub(super) const SOLVED: Packed = Packed {
        c: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        e: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    };

    /// The bytes of a cubie.
    pub(super) fn new(x: &Cubie) -> Packed {
        let mut p = Packed { c: std::array::from_fn(|i| i as u8), e: std::array::from_fn(|i| i as u8) };
        for i in 0..8 {
            p.c[i] = x.cp[i] | x.co[i] << 4;
        }
        for i in 0..12 {
            p.e[i] = x.ep[i] | x.eo[i] << 4;
        }
        p
    }

    /// The cubie of the bytes.
    pub(super) fn cubie(&self) -> Cubie {
        Cubie {
            cp: std::array::from_fn(|i| self.c[i] & 15),
            co: std::array::from_fn(|i| self.c[i] >> 4),
            ep: std::array::from_fn(|i| self.e[i] & 15),
            eo: std::array::from_fn(|i| self.e[i] >> 4),
        }
    }

    /// This position followed by `m` ([`Cubie::then`]).
    #[inline]
    pub(super) fn then(&self, m: &Packed) -> Packed {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: SSSE3 is available (checked above).
            return unsafe { then_ssse3(self, m) };
        }
        self.then_bytes(m)
    }

    /// [`Packed::then`] byte by byte.
    fn then_bytes(&self, m: &Packed) -> Packed {
        let mut out = *self;
        for i in 0..16 {
            let j = (m.c[i] & 15) as usize;
            let o = self.c[j] + (m.c[i] & 0xf0);
            out.c[i] = if o >= 0x30 { o - 0x30 } else { o };
            out.e[i] = self.e[(m.e[i] & 15) as usize] ^ (m.e[i] & 0xf0);
        }
        out
    }

    /// The orientations of the first seven corners (slot 0 first): the twist's digits.
    #[inline]
    pub(super) fn twists(&self) -> [u8; 7] {
        std::array::from_fn(|i| self.c[i] >> 4)
    }

    /// The slots holding the pieces `corners` and `edges` pick ([`selector`]), and the flipped edges'.
    #[inline]
    pub(super) fn masks(&self, corners: &[u8; 16], edges: &[u8; 16]) -> Masks {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: SSSE3 is available (checked above).
            return unsafe { masks_ssse3(self, corners, edges) };
        }
        self.masks_bytes(corners, edges)
    }

    /// [`Packed::masks`] byte by byte.
    fn masks_bytes(&self, corners: &[u8; 16], edges: &[u8; 16]) -> Masks {
        let pick = |sel: &[u8; 16], row: &[u8; 16], n: usize| {
            (0..n).filter(|&i| sel[(row[i] & 15) as usize] != 0).fold(0, |a, i| a | 1 << i)
        };
        Masks {
            corners: pick(corners, &self.c, 8),
            edges: pick(edges, &self.e, 12),
            flips: (0..12).filter(|&i| self.e[i] & 0x10 != 0).fold(0, |a, i| a | 1 << i),
        }
    }
}

/// [`Packed::then`] with byte shuffles: per slot the byte of `x` at `m`'s piece, plus `m`'s
/// orientation (the corners' sum less 3 where it reaches 3; the edges' by exclusive or).
///
/// # Safety
/// SSSE3 must be available.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn then_ssse3(x: &Packed, m: &Packed) -> Packed {
    use std::arch::x86_64::*;
    let low = _mm_set1_epi8(15);
    let load = |row: &[u8; 16]| _mm_load_si128(row.as_ptr() as *const __m128i);
    let (xc, xe, mc, me) = (load(&x.c), load(&x.e), load(&m.c), load(&m.e));
    let c = _mm_add_epi8(_mm_shuffle_epi8(xc, _mm_and_si128(mc, low)), _mm_andnot_si128(low, mc));
    // Sums of two orientations under 3 are at most 4 (0x4f with the piece): signed bytes still.
    let over = _mm_cmpgt_epi8(c, _mm_set1_epi8(0x2f));
    let c = _mm_sub_epi8(c, _mm_and_si128(over, _mm_set1_epi8(0x30)));
    let e = _mm_xor_si128(_mm_shuffle_epi8(xe, _mm_and_si128(me, low)), _mm_andnot_si128(low, me));
    let mut out = Packed { c: [0; 16], e: [0; 16] };
    _mm_store_si128(out.c.as_mut_ptr() as *mut __m128i, c);
    _mm_store_si128(out.e.as_mut_ptr() as *mut __m128i, e);
    out
}

/// [`Packed::masks`] with byte shuffles and `movemask`.
///
/// # Safety
/// SSSE3 must be available.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn masks_ssse3(x: &Packed, corners: &[u8; 16], edges: &[u8; 16]) -> Masks {
    use std::arch::x86_64::*;
    let low = _mm_set1_epi8(15);
    let load = |row: &[u8; 16]| _mm_loadu_si128(row.as_ptr() as *const __m128i);
    let (xc, xe) = (_mm_load_si128(x.c.as_ptr() as *const __m128i), _mm_load_si128(x.e.as_ptr() as *const __m128i));
    let picked = |sel: __m128i, row: __m128i| _mm_movemask_epi8(_mm_shuffle_epi8(sel, _mm_and_si128(row, low))) as u32;
    Masks {
        corners: picked(load(corners), xc) & 0xff,
        edges: picked(load(edges), xe) & 0xfff,
        // The flip (bit 4 of each byte) shifted to each byte's top bit.
        flips: _mm_movemask_epi8(_mm_slli_epi16(xe, 3)) as u32 & 0xfff,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    fn random_cubie(rng: &mut impl Rng) -> Cubie {
        let mut x = Cubie::SOLVED;
        for i in (1..8).rev() {
            x.cp.swap(i, rng.gen_range(0..=i));
        }
        for i in (1..12).rev() {
            x.ep.swap(i, rng.gen_range(0..=i));
        }
        x.co = std::array::from_fn(|_| rng.gen_range(0..3));
        x.eo = std::array::from_fn(|_| rng.gen_range(0..2));
        x
    }

    /// Products, masks and the way back agree with the cubies', with and without the shuffles.
    #[test]
    fn products_and_masks_match_the_cubies() {
        let mut rng = crate::group::rng_from_seed(Some(5)).unwrap();
        let (cs, es) = (selector(0b1010_0101), selector(0b1111_0000_0000));
        for _ in 0..2000 {
            let (x, m) = (random_cubie(&mut rng), random_cubie(&mut rng));
            let (px, pm) = (Packed::new(&x), Packed::new(&m));
            assert_eq!(px.cubie(), x);
            let product = px.then(&pm);
            assert_eq!(product.cubie(), x.then(&m));
            assert_eq!(product.twists(), std::array::from_fn(|i| x.then(&m).co[i]));
            let masks = px.masks(&cs, &es);
            let bits = |f: &dyn Fn(usize) -> bool, n: usize| (0..n).filter(|&i| f(i)).fold(0, |a, i| a | 1 << i);
            let want = Masks {
                corners: bits(&|i| 0b1010_0101u32 >> x.cp[i] & 1 == 1, 8),
                edges: bits(&|i| 0b1111_0000_0000u32 >> x.ep[i] & 1 == 1, 12),
                flips: bits(&|i| x.eo[i] == 1, 12),
            };
            assert_eq!(masks, want);
            // Where the vector forms ran, the byte-by-byte ones agree.
            assert_eq!(px.then_bytes(&pm), product);
            assert_eq!(px.masks_bytes(&cs, &es), masks);
        }
        assert_eq!(Packed::new(&Cubie::SOLVED), Packed::SOLVED);
    }
}
