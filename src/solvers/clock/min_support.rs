//! Minimum-support solutions of a linear system over Z/m: the fewest columns (with their multipliers)
//! whose combination is a target vector. The clock's dial turns add fixed vectors mod 12 and commute, so
//! its optimal solutions (fewest turns) are exactly these.
//!
//! The system is solved modulo each prime power of `m` (12 = 4 · 3) by Gauss–Jordan elimination with
//! unit pivots: every solution is then the reduced target less a combination of the free columns, so the
//! solutions modulo each prime power are enumerated exactly (`q^free` of them), and every pair of them
//! (by the Chinese remainder theorem, every solution modulo `m`) is scored by how many columns it uses.

use crate::error::{Error, Result};

/// The most solutions [`MinSupport::solve`] may enumerate (the product over prime powers `q` of
/// `q^free`): the clock's 18 moves over its 14 free dials give `12^4` = 20,736.
const MAX_SOLUTIONS: u64 = 1 << 24;

/// The system modulo one prime power, in reduced row echelon form.
#[derive(Debug, Clone)]
struct PrimePart {
    /// The prime power.
    q: u32,
    /// The row operations of the elimination (rows × rows): the reduced target is `ops · target`.
    ops: Vec<Vec<u32>>,
    /// The pivot column of each of the first `rank` rows (each pivot 1, zero elsewhere in its column).
    pivots: Vec<usize>,
    /// The columns without a pivot, in order.
    free: Vec<usize>,
    /// The reduced matrix (rows × columns).
    reduced: Vec<Vec<u32>>,
    /// The multiplier of this part in the Chinese remainder sum (1 mod `q`, 0 mod the other parts).
    crt: u64,
}

/// A linear system over Z/m with fixed columns, for minimum-support solutions of any target.
#[derive(Debug, Clone)]
pub struct MinSupport {
    modulus: u32,
    rows: usize,
    columns: usize,
    parts: Vec<PrimePart>,
}

/// One solution: a multiplier per column (0 for unused ones), in `0..m`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combination {
    /// The multipliers, one per column.
    pub multipliers: Vec<u32>,
    /// How many multipliers are not zero.
    pub support: usize,
}

impl MinSupport {
    /// The system of `columns` (each a vector of `rows` values, taken mod `modulus`). An error when
    /// `modulus` is under 2, the columns differ in length, the elimination needs a pivot that is no unit
    /// (a system that is not free over Z/m), or the solutions to enumerate are too many.
    pub fn new(modulus: u32, columns: &[Vec<u32>]) -> Result<Self> {
        if !(2..=1 << 16).contains(&modulus) {
            return Err(Error::internal(format!("min-support solve: modulus {modulus} out of range")));
        }
        let rows = columns.first().map_or(0, Vec::len);
        if columns.iter().any(|c| c.len() != rows) {
            return Err(Error::internal("min-support solve: columns of different lengths"));
        }
        let powers = prime_powers(modulus);
        let mut parts = Vec::with_capacity(powers.len());
        let mut count: u64 = 1;
        for &(p, q) in &powers {
            let part = eliminate(p, q, rows, columns)?;
            count = count.saturating_mul((q as u64).saturating_pow(part.free.len() as u32));
            parts.push(PrimePart { crt: crt_multiplier(q, modulus), ..part });
        }
        if count > MAX_SOLUTIONS {
            return Err(Error::internal(format!("min-support solve: {count} solutions per target to enumerate")));
        }
        Ok(MinSupport { modulus, rows, columns: columns.len(), parts })
    }

    /// The modulus.
    pub fn modulus(&self) -> u32 {
        self.modulus
    }

    /// A combination of the columns equal to `target` (mod m) using as few columns as any does; among
    /// those, the one with the least total turn (each multiplier `a` counting `min(a, m - a)`), the first
    /// in enumeration order on a tie. `None` when no combination gives `target`.
    pub fn solve(&self, target: &[u32]) -> Option<Combination> {
        assert_eq!(target.len(), self.rows, "target length");
        let per_part: Vec<Vec<Vec<u32>>> = self.parts.iter().map(|p| p.solutions(target)).collect::<Option<_>>()?;
        let m = self.modulus as u64;
        let mut best: Option<(usize, u64, Vec<u32>)> = None;
        let mut index = vec![0usize; per_part.len()];
        let mut x = vec![0u32; self.columns];
        loop {
            let mut support = 0;
            let mut turn = 0u64;
            for (c, xc) in x.iter_mut().enumerate() {
                let v = self
                    .parts
                    .iter()
                    .zip(&per_part)
                    .zip(&index)
                    .map(|((p, s), &i)| p.crt * s[i][c] as u64)
                    .sum::<u64>()
                    % m;
                *xc = v as u32;
                if v != 0 {
                    support += 1;
                    turn += v.min(m - v);
                }
            }
            if best.as_ref().is_none_or(|(s, t, _)| (support, turn) < (*s, *t)) {
                best = Some((support, turn, x.clone()));
            }
            // The next tuple of per-part solutions (an odometer).
            let mut k = 0;
            loop {
                if k == index.len() {
                    let (support, _, multipliers) = best?;
                    return Some(Combination { multipliers, support });
                }
                index[k] += 1;
                if index[k] < per_part[k].len() {
                    break;
                }
                index[k] = 0;
                k += 1;
            }
        }
    }
}

impl PrimePart {
    /// Every solution modulo `q` of `columns · x = target`, or `None` when there is none.
    fn solutions(&self, target: &[u32]) -> Option<Vec<Vec<u32>>> {
        let q = self.q as u64;
        let t: Vec<u64> = self
            .ops
            .iter()
            .map(|row| row.iter().zip(target).map(|(&a, &b)| a as u64 * (b as u64 % q)).sum::<u64>() % q)
            .collect();
        if t[self.pivots.len()..].iter().any(|&v| v != 0) {
            return None;
        }
        let n = self.reduced.first().map_or(0, Vec::len);
        let mut out = Vec::new();
        let mut f = vec![0u32; self.free.len()];
        loop {
            let mut x = vec![0u32; n];
            for (&c, &v) in self.free.iter().zip(&f) {
                x[c] = v;
            }
            for (r, &c) in self.pivots.iter().enumerate() {
                let used: u64 = self.free.iter().zip(&f).map(|(&fc, &v)| self.reduced[r][fc] as u64 * v as u64).sum();
                x[c] = ((t[r] + q - used % q) % q) as u32;
            }
            out.push(x);
            let mut k = 0;
            loop {
                if k == f.len() {
                    return Some(out);
                }
                f[k] += 1;
                if f[k] < self.q {
                    break;
                }
                f[k] = 0;
                k += 1;
            }
        }
    }
}

/// Gauss–Jordan elimination of the columns modulo `q = p^e` with unit pivots.
fn eliminate(p: u32, q: u32, rows: usize, columns: &[Vec<u32>]) -> Result<PrimePart> {
    let qq = q as u64;
    let mut a: Vec<Vec<u64>> = (0..rows).map(|r| columns.iter().map(|c| c[r] as u64 % qq).collect()).collect();
    let mut ops: Vec<Vec<u64>> = (0..rows).map(|r| (0..rows).map(|c| u64::from(r == c)).collect()).collect();
    let mut pivots = Vec::new();
    let mut free = Vec::new();
    for col in 0..columns.len() {
        let rank = pivots.len();
        let Some(r) = (rank..rows).find(|&r| a[r][col] % p as u64 != 0) else {
            free.push(col);
            continue;
        };
        a.swap(rank, r);
        ops.swap(rank, r);
        let inv = inverse(a[rank][col], qq);
        for v in a[rank].iter_mut().chain(ops[rank].iter_mut()) {
            *v = *v * inv % qq;
        }
        for other in 0..rows {
            let f = a[other][col];
            if other == rank || f == 0 {
                continue;
            }
            let (pivot_row, pivot_ops) = (a[rank].clone(), ops[rank].clone());
            for (v, &p) in a[other].iter_mut().zip(&pivot_row) {
                *v = (*v + qq - f * p % qq) % qq;
            }
            for (v, &p) in ops[other].iter_mut().zip(&pivot_ops) {
                *v = (*v + qq - f * p % qq) % qq;
            }
        }
        pivots.push(col);
    }
    // Rows past the rank must be zero: else some column needed a pivot that is no unit.
    if a[pivots.len()..].iter().any(|row| row.iter().any(|&v| v != 0)) {
        return Err(Error::internal(format!("min-support solve: the system is not free modulo {q}")));
    }
    let narrow = |m: Vec<Vec<u64>>| m.into_iter().map(|r| r.into_iter().map(|v| v as u32).collect()).collect();
    Ok(PrimePart { q, ops: narrow(ops), pivots, free, reduced: narrow(a), crt: 0 })
}

/// The inverse of the unit `a` modulo `q`.
fn inverse(a: u64, q: u64) -> u64 {
    (1..q).find(|&x| a * x % q == 1).expect("a unit has an inverse")
}

/// The prime powers of `m`: `(p, p^e)` for each prime `p` dividing it.
fn prime_powers(mut m: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut p = 2;
    while m > 1 {
        if m % p == 0 {
            let mut q = 1;
            while m % p == 0 {
                m /= p;
                q *= p;
            }
            out.push((p, q));
        }
        p += 1;
    }
    out
}

/// The number that is 1 mod `q` and 0 mod `m / q` (`q` a prime power dividing `m`).
fn crt_multiplier(q: u32, m: u32) -> u64 {
    let rest = (m / q) as u64;
    rest * inverse(rest % q as u64, q as u64) % m as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prime_powers_and_crt() {
        assert_eq!(prime_powers(12), [(2, 4), (3, 3)]);
        assert_eq!(prime_powers(7), [(7, 7)]);
        assert_eq!(crt_multiplier(4, 12), 9);
        assert_eq!(crt_multiplier(3, 12), 4);
    }

    #[test]
    fn a_target_the_columns_cannot_make_has_no_solution() {
        // Columns (1, 1) and (2, 2) mod 12 only make equal entries.
        let s = MinSupport::new(12, &[vec![1, 1], vec![2, 2]]).unwrap();
        assert_eq!(s.solve(&[3, 4]), None);
        let c = s.solve(&[4, 4]).unwrap();
        assert_eq!(c.support, 1);
        assert_eq!(c.multipliers, [0, 2]);
    }

    #[test]
    fn fewest_columns_win_over_fewer_turns() {
        // e1, e2 and e1 + e2 mod 12: (5, 5) is one column turned 5 times, not two.
        let s = MinSupport::new(12, &[vec![1, 0], vec![0, 1], vec![1, 1]]).unwrap();
        assert_eq!(s.solve(&[5, 5]).unwrap().multipliers, [0, 0, 5]);
        assert_eq!(s.solve(&[5, 7]).unwrap().support, 2);
        assert_eq!(s.solve(&[0, 0]).unwrap().support, 0);
    }

    #[test]
    fn a_system_that_is_not_free_is_refused() {
        // 2 · x = 1 has no unit pivot mod 4.
        assert!(MinSupport::new(12, &[vec![2]]).is_err());
    }
}
