//! Ranks of arrangements: permutations of `0..n` by their Lehmer codes (lexicographic order), their
//! parity, and arrangements of a multiset (pieces some of which are alike) in lexicographic order.

/// The Lehmer (lexicographic) rank of a permutation of `0..n` (`n ≤ 20`: 20! fits 64 bits).
///
/// Always inlined: on a fixed-size array the loops unroll (the cube solvers' move tables and
/// coordinates rank permutations of 4 and 8 by it).
#[inline(always)]
pub(crate) fn perm_rank(p: &[u8]) -> usize {
    let n = p.len();
    let mut r = 0;
    for i in 0..n {
        let mut smaller = 0;
        for j in i + 1..n {
            smaller += (p[j] < p[i]) as usize;
        }
        r = r * (n - i) + smaller;
    }
    r
}

/// The most values [`perm_unrank_into`] places.
const MAX_UNRANK: usize = 20;

/// Writes the permutation of `0..out.len()` (at most 20) with Lehmer rank `r` into `out`, without
/// allocating.
pub(crate) fn perm_unrank_into(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; MAX_UNRANK];
    for i in (0..n).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    // The values not placed yet, as bits: each digit picks the one with that many smaller left.
    let mut left: u32 = (1 << n) - 1;
    for (o, &d) in out.iter_mut().zip(&digits[..n]) {
        let mut m = left;
        for _ in 0..d {
            m &= m - 1;
        }
        let v = m.trailing_zeros();
        *o = v as u8;
        left &= !(1 << v);
    }
}

/// The permutation of `0..n` (at most 20) with Lehmer rank `r`.
pub(crate) fn perm_unrank(r: usize, n: usize) -> Vec<u8> {
    let mut out = vec![0; n];
    perm_unrank_into(r, &mut out);
    out
}

/// Whether a permutation of `0..n` is odd (by its cycles: a cycle of even length is an odd number of
/// swaps). Any `n`; up to 64 without allocating.
pub(crate) fn is_odd(p: &[u8]) -> bool {
    if p.len() > 64 {
        let mut seen = vec![false; p.len()];
        return odd_cycles(p, |j| std::mem::replace(&mut seen[j], true));
    }
    let mut seen = 0u64;
    odd_cycles(p, |j| {
        let was = seen >> j & 1 == 1;
        seen |= 1 << j;
        was
    })
}

/// The parity of `p`'s cycles, `mark(j)` marking slot `j` as seen and telling whether it was.
#[inline(always)]
fn odd_cycles(p: &[u8], mut mark: impl FnMut(usize) -> bool) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        let mut j = i;
        let mut len = 0;
        while !mark(j) {
            j = p[j] as usize;
            len += 1;
        }
        odd ^= len > 0 && len % 2 == 0;
    }
    odd
}

/// The lexicographic rank of an arrangement `vals` of the multiset with `counts` (compact labels: label
/// `c` occurs `counts[c]` times), of `full` arrangements in all ([`multinomial`]). `T` must hold
/// `full · vals.len()`.
pub(crate) fn multiset_rank<T: num_traits::PrimInt + From<u32>>(vals: &[u8], counts: &[u32], full: T) -> T {
    let mut left = [0u32; 256];
    left[..counts.len()].copy_from_slice(counts);
    let (mut rem, mut total, mut v) = (<T as From<u32>>::from(vals.len() as u32), full, T::zero());
    for &x in vals {
        for &n in &left[..x as usize] {
            v = v + total * <T as From<u32>>::from(n) / rem;
        }
        total = total * <T as From<u32>>::from(left[x as usize]) / rem;
        left[x as usize] -= 1;
        rem = rem - T::one();
    }
    v
}

/// The arrangement of rank `v` of the multiset with `counts` (inverse of [`multiset_rank`]), into `out`.
pub(crate) fn multiset_unrank<T: num_traits::PrimInt + From<u32>>(mut v: T, counts: &[u32], full: T, out: &mut [u8]) {
    let mut left = [0u32; 256];
    left[..counts.len()].copy_from_slice(counts);
    let (mut rem, mut total) = (<T as From<u32>>::from(out.len() as u32), full);
    for slot in out.iter_mut() {
        for (c, n) in left[..counts.len()].iter_mut().enumerate() {
            if *n == 0 {
                continue;
            }
            let with = total * <T as From<u32>>::from(*n) / rem;
            if v < with {
                *slot = c as u8;
                *n -= 1;
                total = with;
                break;
            }
            v = v - with;
        }
        rem = rem - T::one();
    }
}

/// The number of arrangements of a multiset, `(Σ counts)! / Π counts!`, or `None` past `u64`.
pub(crate) fn multinomial(counts: &[u32]) -> Option<u64> {
    let mut total: u128 = 1;
    let mut n: u128 = 0;
    for &c in counts {
        for k in 1..=c as u128 {
            n += 1;
            total = total.checked_mul(n)? / k;
            if total > u64::MAX as u128 {
                return None;
            }
        }
    }
    Some(total as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lehmer_ranks_invert_and_count_in_lexicographic_order() {
        for r in [0, 1, 5039, 40319] {
            let p = perm_unrank(r, 8);
            assert_eq!(perm_rank(&p), r);
        }
        assert_eq!(perm_unrank(1, 3), [0, 2, 1]);
        assert_eq!(perm_rank(&[2, 1, 0]), 5);
        let mut p = [0u8; 4];
        for r in 0..24 {
            perm_unrank_into(r, &mut p);
            assert_eq!(perm_rank(&p), r);
        }
        assert!(!is_odd(&[0, 1, 2]));
        assert!(is_odd(&[1, 0, 2]));
        assert!(!is_odd(&[1, 2, 0]));
    }

    #[test]
    fn multinomials() {
        assert_eq!(multinomial(&[1; 8]), Some(40320));
        assert_eq!(multinomial(&[2, 2]), Some(6));
        assert_eq!(multinomial(&[4, 4, 4, 4, 4, 4]), Some(3_246_670_537_110_000));
        assert_eq!(multinomial(&[1; 30]), None);
    }

    #[test]
    fn lehmer_ranks_are_multiset_ranks_of_distinct_pieces() {
        for n in [1usize, 2, 5, 8, 12, 20] {
            let counts = vec![1u32; n];
            let full = multinomial(&counts).unwrap();
            for k in 0..200u64 {
                let r = k * 7_919_993 % full;
                let mut vals = vec![0u8; n];
                multiset_unrank::<u128>(r as u128, &counts, full as u128, &mut vals);
                assert_eq!(perm_rank(&vals) as u64, r, "{vals:?}");
                assert_eq!(multiset_rank::<u128>(&vals, &counts, full as u128) as u64, r);
                assert_eq!(perm_unrank(r as usize, n), vals);
                assert_eq!(
                    is_odd(&vals),
                    vals.iter()
                        .enumerate()
                        .map(|(i, &x)| vals[i + 1..].iter().filter(|&&y| y < x).count())
                        .sum::<usize>()
                        % 2
                        == 1
                );
            }
        }
        // Alike pieces: AABB's six arrangements in order.
        let mut out = [0u8; 4];
        let order = [[0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [1, 0, 1, 0], [1, 1, 0, 0]];
        for (r, want) in order.iter().enumerate() {
            multiset_unrank::<u64>(r as u64, &[2, 2], 6, &mut out);
            assert_eq!(&out, want);
            assert_eq!(multiset_rank::<u64>(want, &[2, 2], 6), r as u64);
        }
    }
}
