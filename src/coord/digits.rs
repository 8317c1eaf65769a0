//! Ranks of orientation digits: a block's twists mod `m` read as a number in base `m`, the last digit
//! left out when the moves keep the digits' sum (it is implied).

/// The rank of orientation digits mod `m`, the first digit most significant (pass the digits the rank
/// counts: all but the implied one when the sum is kept).
#[inline(always)]
pub(crate) fn digits_rank(digits: &[u8], m: u32) -> u64 {
    digits.iter().fold(0u64, |v, &d| v * m as u64 + d as u64)
}

/// The digits of rank `v` (inverse of [`digits_rank`]) into `out`; with `sum`, `out`'s last digit is
/// the implied one, the one that makes the digits' sum `sum` mod `m`.
#[inline(always)]
pub(crate) fn digits_unrank(mut v: u64, m: u32, sum: Option<u32>, out: &mut [u8]) {
    let n = out.len();
    let digits = n - sum.is_some() as usize;
    let mut s = 0u32;
    for i in (0..digits).rev() {
        out[i] = (v % m as u64) as u8;
        s += out[i] as u32;
        v /= m as u64;
    }
    if let Some(sum) = sum {
        out[n - 1] = ((sum + m * n as u32 - s) % m) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip_and_the_last_keeps_the_sum() {
        let mut out = [0u8; 8];
        for v in [0u64, 1, 1000, 2186] {
            digits_unrank(v, 3, Some(0), &mut out);
            assert_eq!(digits_rank(&out[..7], 3), v);
            assert_eq!(out.iter().map(|&d| d as u32).sum::<u32>() % 3, 0);
        }
        let mut out = [0u8; 3];
        digits_unrank(5, 2, None, &mut out);
        assert_eq!(out, [1, 0, 1]);
        digits_unrank(1, 4, Some(2), &mut out);
        assert_eq!(out, [0, 1, 1]);
    }
}
