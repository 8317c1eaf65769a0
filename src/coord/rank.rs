//! Ranks of the cube solvers' coordinates (the 3x3x3's and the 4x4x4's): sets of positions (bit masks,
//! colex order), permutations (Lehmer codes), and moves on masks by byte lookup.

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
pub(crate) fn compress(x: u32, mut m: u32) -> u32 {
    let (mut out, mut bit) = (0, 0);
    while m != 0 {
        let p = m.trailing_zeros();
        out |= (x >> p & 1) << bit;
        bit += 1;
        m &= m - 1;
    }
    out
}

/// The low bits of `y` spread onto the positions of `m` (`pdep`).
#[inline]
pub(crate) fn expand(y: u32, mut m: u32) -> u32 {
    let (mut out, mut bit) = (0, 0);
    while m != 0 {
        let p = m.trailing_zeros();
        out |= (y >> bit & 1) << p;
        bit += 1;
        m &= m - 1;
    }
    out
}

/// The Lehmer rank of a permutation of `0..n` (`n ≤ 12`).
pub(crate) fn perm_rank(p: &[u8]) -> usize {
    let mut r = 0;
    for i in 0..p.len() {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (p.len() - i) + smaller;
    }
    r
}

/// The permutation of `0..n` with Lehmer rank `r`.
pub(crate) fn perm_unrank(mut r: usize, n: usize) -> Vec<u8> {
    let mut digits = vec![0; n];
    for i in (0..n).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut left: Vec<u8> = (0..n as u8).collect();
    digits.iter().map(|&d| left.remove(d)).collect()
}

/// Writes the permutation of `0..out.len()` (at most 12) with Lehmer rank `r` into `out`, without
/// allocating.
pub(crate) fn perm_unrank_into(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; 12];
    for i in (0..n).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut left: u16 = (1 << n) - 1;
    for (o, &d) in out.iter_mut().zip(&digits[..n]) {
        // The d-th remaining value.
        let mut m = left;
        for _ in 0..d {
            m &= m - 1;
        }
        let v = m.trailing_zeros();
        *o = v as u8;
        left &= !(1 << v);
    }
}

/// Whether a permutation is odd.
pub(crate) fn is_odd(p: &[u8]) -> bool {
    let mut seen = 0u32;
    let mut odd = false;
    for i in 0..p.len() {
        if seen >> i & 1 == 1 {
            continue;
        }
        let mut j = i;
        let mut len = 0;
        while seen >> j & 1 == 0 {
            seen |= 1 << j;
            j = p[j] as usize;
            len += 1;
        }
        odd ^= len % 2 == 0;
    }
    odd
}

/// A permutation of 24 bit positions as three byte lookups.
#[derive(Clone)]
pub(crate) struct BitPerm {
    lut: Box<[[u32; 256]; 3]>,
}

impl BitPerm {
    /// The bit moves of a passive permutation (`t[i] = j`: what was at `j` goes to `i`).
    pub(crate) fn new(t: &[u8]) -> Self {
        let mut lut = Box::new([[0u32; 256]; 3]);
        for (i, &j) in t.iter().enumerate() {
            let (byte, bit) = (j as usize / 8, j as usize % 8);
            for v in 0..256 {
                if v >> bit & 1 == 1 {
                    lut[byte][v] |= 1 << i;
                }
            }
        }
        BitPerm { lut }
    }

    #[inline(always)]
    pub(crate) fn apply(&self, m: u32) -> u32 {
        self.lut[0][(m & 0xff) as usize]
            | self.lut[1][(m >> 8 & 0xff) as usize]
            | self.lut[2][(m >> 16 & 0xff) as usize]
    }
}

/// [`compress`] by a fixed mask, as three byte lookups.
pub(crate) struct Pext {
    lut: Box<[[u32; 256]; 3]>,
}

impl Pext {
    pub(crate) fn new(mask: u32) -> Self {
        let mut lut = Box::new([[0u32; 256]; 3]);
        for (b, row) in lut.iter_mut().enumerate() {
            for (v, out) in row.iter_mut().enumerate() {
                *out = compress((v as u32) << (8 * b), mask);
            }
        }
        Pext { lut }
    }

    #[inline(always)]
    pub(crate) fn apply(&self, x: u32) -> u32 {
        self.lut[0][(x & 0xff) as usize]
            | self.lut[1][(x >> 8 & 0xff) as usize]
            | self.lut[2][(x >> 16 & 0xff) as usize]
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
    }

    #[test]
    fn compress_expand_and_permutations() {
        assert_eq!(compress(0b1010_1010, 0b1111_0000), 0b1010);
        assert_eq!(expand(0b1010, 0b1111_0000), 0b1010_0000);
        let m = 0b1010_0000_1111_0000_0000_0110;
        for x in [0, 0xff_ffff, 0x12_3456, 0b1000_0000_0001_0000_0000_0100] {
            assert_eq!(Pext::new(m).apply(x), compress(x, m));
        }
        for r in [0, 1, 5039, 40319] {
            let p = perm_unrank(r, 8);
            assert_eq!(perm_rank(&p), r);
        }
        assert!(!is_odd(&[0, 1, 2]));
        assert!(is_odd(&[1, 0, 2]));
        assert!(!is_odd(&[1, 2, 0]));
        let t: Vec<u8> = (0..24).map(|i| (i + 1) % 24).collect();
        assert_eq!(BitPerm::new(&t).apply(0b10), 0b1);
        assert_eq!(BitPerm::new(&t).apply(1), 1 << 23);
    }
}
