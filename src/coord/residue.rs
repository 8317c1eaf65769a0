//! Distances stored modulo 3: a neighbour of a position at distance `d` is at `d - 1`, `d` or `d + 1`,
//! and its residue mod 3 tells which.

/// The distance of a neighbour of a position at distance `d` whose distance mod 3 is `residue` (< 3).
#[inline(always)]
pub(crate) const fn neighbour_distance(d: u32, residue: u32) -> u32 {
    if (d + 1) % 3 == residue {
        d + 1
    } else if d % 3 == residue {
        d
    } else {
        d - 1
    }
}

/// The residue mod 3 of the distance one closer to the goal than a position whose residue is `residue`.
#[inline(always)]
pub(crate) const fn closer_residue(residue: u8) -> u8 {
    (residue + 2) % 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_decode_to_their_distance() {
        for d in 1..20u32 {
            for n in [d - 1, d, d + 1] {
                assert_eq!(neighbour_distance(d, n % 3), n);
            }
            assert_eq!(closer_residue((d % 3) as u8) as u32, (d - 1) % 3);
        }
        assert_eq!(neighbour_distance(0, 1), 1);
        assert_eq!(neighbour_distance(0, 0), 0);
    }
}
