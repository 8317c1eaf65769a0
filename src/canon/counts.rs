//! How many canonical sequences there are of each length, by dynamic programming over the automaton's
//! states with exact integers, and the asymptotic branching factor (the growth rate of those counts).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::fsm::{CanonFsm, REFUSED};
use crate::error::{Error, Result};

/// The deepest count [`canonical_counts`] accepts.
pub const MAX_COUNT_DEPTH: u32 = 10_000;

/// For each state, its distinct successors and how many moves lead to each.
fn successors(fsm: &CanonFsm) -> Vec<Vec<(u32, u32)>> {
    (0..fsm.states() as u32)
        .map(|s| {
            let mut out: Vec<(u32, u32)> = Vec::new();
            for &t in fsm.row(s).iter().filter(|&&t| t != REFUSED) {
                match out.iter_mut().find(|(u, _)| *u == t) {
                    Some(e) => e.1 += 1,
                    None => out.push((t, 1)),
                }
            }
            out
        })
        .collect()
}

/// The number of canonical sequences of each length `0..=depth` (entry 0 is 1, the empty sequence).
pub fn canonical_counts(fsm: &CanonFsm, depth: u32) -> Result<Vec<BigUint>> {
    if depth > MAX_COUNT_DEPTH {
        return Err(Error::limit(format!("depth {depth} is too large (the most is {MAX_COUNT_DEPTH})")));
    }
    let succ = successors(fsm);
    let mut cur = vec![BigUint::zero(); fsm.states()];
    cur[0] = BigUint::one();
    let mut out = vec![BigUint::one()];
    let mut nxt = vec![BigUint::zero(); fsm.states()];
    for _ in 0..depth {
        for v in nxt.iter_mut() {
            v.set_zero();
        }
        for (s, c) in cur.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            for &(t, k) in &succ[s] {
                if k == 1 {
                    nxt[t as usize] += c;
                } else {
                    nxt[t as usize] += c * k;
                }
            }
        }
        std::mem::swap(&mut cur, &mut nxt);
        out.push(cur.iter().sum());
    }
    Ok(out)
}

/// The asymptotic branching factor: the limit of the ratio of consecutive counts (the automaton's
/// spectral radius), estimated by power iteration in floating point. Averaging over a window of 64 steps
/// makes automata whose counts oscillate with a period dividing 64 converge too. Returns 0 when the
/// counts reach zero (finitely many canonical sequences).
pub fn branching_factor(fsm: &CanonFsm) -> f64 {
    const WINDOW: usize = 64;
    const MAX_STEPS: usize = 8192;
    let succ = successors(fsm);
    let mut cur = vec![0f64; fsm.states()];
    cur[0] = 1.0;
    let mut nxt = vec![0f64; fsm.states()];
    // log of the total count at each step (the vector is renormalized to sum 1 after each step).
    let mut log_total = vec![0f64];
    let mut acc = 0f64;
    let mut estimate = f64::NAN;
    for step in 1..=MAX_STEPS {
        nxt.iter_mut().for_each(|v| *v = 0.0);
        for (s, &c) in cur.iter().enumerate() {
            if c != 0.0 {
                for &(t, k) in &succ[s] {
                    nxt[t as usize] += c * k as f64;
                }
            }
        }
        let sum: f64 = nxt.iter().sum();
        if sum == 0.0 {
            return 0.0;
        }
        nxt.iter_mut().for_each(|v| *v /= sum);
        std::mem::swap(&mut cur, &mut nxt);
        acc += sum.ln();
        log_total.push(acc);
        if step >= 2 * WINDOW && step % WINDOW == 0 {
            let e = ((log_total[step] - log_total[step - WINDOW]) / WINDOW as f64).exp();
            if (e - estimate).abs() <= 1e-11 * e {
                return e;
            }
            estimate = e;
        }
    }
    estimate
}
