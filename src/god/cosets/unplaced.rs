//! [`Unplaced`]: the pieces of a block not yet placed while a word is numbered digit by digit, and the
//! piece digit of [`Alphabet::within`](super::word::Alphabet::within) (a piece's rank among the pieces
//! still unplaced). The coset walk computes one such digit per letter of every product, so the set has
//! two forms: a bit mask ranked by a population count, for any block, and for blocks of at most 16
//! pieces the ranks themselves, four bits each, where a digit is a shift and placing a piece one
//! subtraction (a population count without the `popcnt` instruction, absent from the baseline x86-64
//! target, is a dozen instructions).

/// A set of unplaced pieces that ranks them.
pub(crate) trait Unplaced: Copy {
    /// Every piece of the block unplaced but those of the bit mask `used`.
    fn from_used(used: u64) -> Self;
    /// The digit of unplaced piece `p` (its rank among the unplaced pieces) and the set without it.
    fn place(self, p: u64) -> (u64, Self);
}

/// The placed pieces as a bit mask; a digit is `p` less the placed pieces below it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mask(u64);

impl Unplaced for Mask {
    #[inline(always)]
    fn from_used(used: u64) -> Mask {
        Mask(used)
    }

    #[inline(always)]
    fn place(self, p: u64) -> (u64, Mask) {
        (p - (self.0 & ((1 << p) - 1)).count_ones() as u64, Mask(self.0 | 1 << p))
    }
}

/// The most pieces [`Nibbles`] ranks.
pub(crate) const NIBBLE_PIECES: usize = 16;

/// Nibble `q` holds `q` less the placed pieces below `q`: the rank of piece `q` while it is unplaced.
/// Placing `p` takes one from every nibble above `p`. No nibble borrows from the next: a nibble `q > p`
/// holds at least `q` less the `q - 1` other pieces below `q`, so at least 1, before `p` is placed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Nibbles(u64);

/// `ABOVE[p]`: one in every nibble above `p`.
const ABOVE: [u64; NIBBLE_PIECES] = {
    let mut t = [0u64; NIBBLE_PIECES];
    let mut p = 0;
    while p + 1 < NIBBLE_PIECES {
        t[p] = 0x1111_1111_1111_1111u64 << (4 * (p + 1));
        p += 1;
    }
    t
};

/// Nothing placed: nibble `q` holds `q`.
const START: u64 = 0xFEDC_BA98_7654_3210;

impl Unplaced for Nibbles {
    #[inline(always)]
    fn from_used(used: u64) -> Nibbles {
        debug_assert!(used >> NIBBLE_PIECES == 0);
        let mut r = START;
        for (p, above) in ABOVE.iter().enumerate() {
            if used >> p & 1 != 0 {
                r -= above;
            }
        }
        Nibbles(r)
    }

    #[inline(always)]
    fn place(self, p: u64) -> (u64, Nibbles) {
        debug_assert!(p < NIBBLE_PIECES as u64);
        ((self.0 >> (4 * p)) & 15, Nibbles(self.0 - ABOVE[p as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both forms give the same digits along every order of placing some of 16 pieces (a sample of
    /// orders, each from a start with some pieces already placed).
    #[test]
    fn nibbles_rank_as_the_mask_does() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let used = next() & 0xffff & next();
            let (mut mask, mut nib) = (Mask::from_used(used), Nibbles::from_used(used));
            let mut left: Vec<u64> = (0..16).filter(|&p| used >> p & 1 == 0).collect();
            while !left.is_empty() {
                let p = left.swap_remove((next() % left.len() as u64) as usize);
                let ((a, m), (b, n)) = (mask.place(p), nib.place(p));
                assert_eq!(a, b, "piece {p} after {used:#x}");
                (mask, nib) = (m, n);
            }
        }
    }

    #[test]
    fn the_last_piece_ranks_zero_and_the_first_its_own_number() {
        let (d, _) = Nibbles::from_used(0).place(15);
        assert_eq!(d, 15);
        let (d, _) = Nibbles::from_used(0x7fff).place(15);
        assert_eq!(d, 0);
    }
}
