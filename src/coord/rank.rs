//! Ranks of sets of positions (bit masks, colex order: the order of the masks' values) and moves on
//! masks by byte lookup, for the cube solvers' coordinates (the 3x3x3's and the 4x4x4's).

/// `C(n, k)` for `n, k ≤ 24`.
pub(crate) const fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    r as u32
}

/// Colex ranks of sets of up to 24 positions: a set's rank is its index among the sets of the same size
/// in increasing order of their masks, so `0..C(n, k)` numbers the `k`-sets of `n` positions.
pub(crate) struct MaskRank {
    /// Rank contributions of the low 12 bits.
    low: Vec<u32>,
    /// Rank contributions of the high 12 bits, by how many bits are set below them (13 columns).
    high: Vec<u32>,
}

impl MaskRank {
    pub(crate) fn new() -> Self {
        let part = |bits: u32, shift: u32, below: u32| {
            let mut r = 0;
            let mut j = below;
            for p in 0..12 {
                if bits >> p & 1 == 1 {
                    j += 1;
                    r += binomial(p + shift, j);
                }
            }
            r
        };
        let low = (0..4096).map(|b| part(b, 0, 0)).collect();
        let high = (0..4096u32).flat_map(|b| (0..13).map(move |c| part(b, 12, c))).collect();
        MaskRank { low, high }
    }

    /// The rank of a set among the sets of its size.
    #[inline(always)]
    pub(crate) fn rank(&self, mask: u32) -> usize {
        let lo = mask & 0xfff;
        (self.low[lo as usize] + self.high[(mask >> 12) as usize * 13 + lo.count_ones() as usize]) as usize
    }
}

/// Colex ranks of the `k`-sets of up to 16 positions by one lookup: entry `m` is the number of `k`-sets
/// whose mask is below `m`, the rank of `m` when it has `k` bits (`M` entries: `M = 2^n` for `n`
/// positions).
pub(crate) const fn subset_ranks<const M: usize>(k: u32) -> [u16; M] {
    let mut t = [0u16; M];
    let (mut m, mut below) = (0, 0u16);
    while m < M {
        t[m] = below;
        if (m as u32).count_ones() == k {
            below += 1;
        }
        m += 1;
    }
    t
}

/// The `k`-set of colex rank `rank`.
pub(crate) fn unrank_mask(mut rank: u32, k: u32) -> u32 {
    let mut mask = 0;
    for j in (1..=k).rev() {
        let mut p = j - 1;
        while binomial(p + 1, j) <= rank {
            p += 1;
        }
        rank -= binomial(p, j);
        mask |= 1 << p;
    }
    mask
}

/// The bits of `x` at the positions of `m`, packed (`pext`).
#[inline]
pub(crate) fn compress(x: u32, m: u32) -> u32 {
    set_bits(m).enumerate().fold(0, |out, (bit, p)| out | (x >> p & 1) << bit)
}

/// The low bits of `y` spread onto the positions of `m` (`pdep`).
#[inline]
pub(crate) fn expand(y: u32, m: u32) -> u32 {
    set_bits(m).enumerate().fold(0, |out, (bit, p)| out | (y >> bit & 1) << p)
}

/// The positions of the set bits of `m`, lowest first.
#[inline]
fn set_bits(mut m: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let p = (m != 0).then(|| m.trailing_zeros());
        m &= m.wrapping_sub(1);
        p
    })
}

/// A map of 24-bit masks that acts on each bit on its own (a bit's image does not depend on the others),
/// as three byte lookups: the images of each byte's values, or-ed.
#[derive(Clone)]
struct ByteLookups {
    lut: Box<[[u32; 256]; 3]>,
}

impl ByteLookups {
    /// The lookups of the map `image` (whose image of a mask is the or of its bits' images).
    fn new(image: impl Fn(u32) -> u32) -> Self {
        let mut lut = Box::new([[0u32; 256]; 3]);
        for (b, row) in lut.iter_mut().enumerate() {
            for (v, out) in row.iter_mut().enumerate() {
                *out = image((v as u32) << (8 * b));
            }
        }
        ByteLookups { lut }
    }

    #[inline(always)]
    fn apply(&self, m: u32) -> u32 {
        self.lut[0][(m & 0xff) as usize]
            | self.lut[1][(m >> 8 & 0xff) as usize]
            | self.lut[2][(m >> 16 & 0xff) as usize]
    }
}

/// A permutation of 24 bit positions as three byte lookups.
#[derive(Clone)]
pub(crate) struct BitPerm(ByteLookups);

impl BitPerm {
    /// The bit moves of a passive permutation (`t[i] = j`: what was at `j` goes to `i`).
    pub(crate) fn new(t: &[u8]) -> Self {
        BitPerm(ByteLookups::new(|m| {
            t.iter().enumerate().filter(|&(_, &j)| m >> j & 1 == 1).fold(0, |out, (i, _)| out | 1 << i)
        }))
    }

    #[inline(always)]
    pub(crate) fn apply(&self, m: u32) -> u32 {
        self.0.apply(m)
    }
}

/// [`compress`] by a fixed mask, as three byte lookups.
pub(crate) struct Pext(ByteLookups);

impl Pext {
    pub(crate) fn new(mask: u32) -> Self {
        Pext(ByteLookups::new(|x| compress(x, mask)))
    }

    #[inline(always)]
    pub(crate) fn apply(&self, x: u32) -> u32 {
        self.0.apply(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_rank_in_increasing_order() {
        let r = MaskRank::new();
        for k in [4u32, 8, 12] {
            let mut n = 0;
            for m in 0u32..1 << 16 {
                if m.count_ones() == k {
                    assert_eq!(r.rank(m), n, "{m:b}");
                    assert_eq!(unrank_mask(n as u32, k), m);
                    n += 1;
                }
            }
        }
        let m = 0b1111_0000_1111_0000_1111_0000;
        assert_eq!(unrank_mask(r.rank(m) as u32, 12), m);
        assert!(r.rank(0xfff000) < binomial(24, 12) as usize);
        let small = subset_ranks::<{ 1 << 12 }>(4);
        for m in (0u32..1 << 12).filter(|m| m.count_ones() == 4) {
            assert_eq!(small[m as usize] as usize, r.rank(m));
        }
    }

    #[test]
    fn compress_expand_and_bit_moves() {
        assert_eq!(compress(0b1010_1010, 0b1111_0000), 0b1010);
        assert_eq!(expand(0b1010, 0b1111_0000), 0b1010_0000);
        let m = 0b1010_0000_1111_0000_0000_0110;
        for x in [0, 0xff_ffff, 0x12_3456, 0b1000_0000_0001_0000_0000_0100] {
            assert_eq!(Pext::new(m).apply(x), compress(x, m));
            assert_eq!(expand(compress(x, m), m), x & m);
        }
        let t: Vec<u8> = (0..24).map(|i| (i + 1) % 24).collect();
        assert_eq!(BitPerm::new(&t).apply(0b10), 0b1);
        assert_eq!(BitPerm::new(&t).apply(1), 1 << 23);
    }
}
