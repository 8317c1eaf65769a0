//! Distance tables over a coordinate: breadth-first from a target set, one byte per value.

use crate::control::Control;
use crate::coord::fill::{fill, Bytes, DecodedSpace, FillOptions};

/// Not reached.
pub(super) const FAR: u8 = <Bytes as crate::coord::fill::Packing>::UNSEEN;

/// The values reachable from `start` by `moves` (the target set of a phase: what the next phase's
/// moves make of the solved value), in the order found.
pub(super) fn closure(size: usize, start: usize, moves: &[usize], apply: impl Fn(usize, usize) -> usize) -> Vec<usize> {
    let mut seen = vec![false; size];
    let mut out = vec![start];
    seen[start] = true;
    let mut i = 0;
    while i < out.len() {
        let x = out[i];
        i += 1;
        for &m in moves {
            let y = apply(x, m);
            if !seen[y] {
                seen[y] = true;
                out.push(y);
            }
        }
    }
    out
}

/// Distances from `targets` under `moves` (closed under inverses), [`FAR`] where unreachable: the
/// crate's breadth-first builder ([`fill`]), one byte per value, each depth swept forward from its
/// values or backward (unreached values looking for a neighbour at the depth), whichever is less work.
pub(super) fn distances(
    size: usize,
    targets: &[usize],
    moves: &[usize],
    apply: impl Fn(usize, usize) -> usize,
) -> Vec<u8> {
    distances_decoded(size, targets, moves, |x| x, |&x, m| apply(x, m))
}

/// [`distances`] where a value is decoded once (`decode`) before its moves (`step`) apply to it.
pub(super) fn distances_decoded<D: Default>(
    size: usize,
    targets: &[usize],
    moves: &[usize],
    decode: impl Fn(usize) -> D,
    step: impl Fn(&D, usize) -> usize,
) -> Vec<u8> {
    let space = DecodedSpace::new(size, moves, decode, step);
    let goals: Vec<u64> = targets.iter().map(|&t| t as u64).collect();
    let (dist, _) = fill::<_, Bytes>(&space, &goals, &FillOptions::undirected(), Control::none())
        .expect("an uncancellable fill of a table that fits");
    dist.into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_on_a_cycle() {
        // A cycle of 10 values, moves ±1: distances from 0 are 0,1,…,5,…,1.
        let apply = |x: usize, m: usize| if m == 0 { (x + 1) % 10 } else { (x + 9) % 10 };
        let d = distances(10, &[0], &[0, 1], apply);
        assert_eq!(d, [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
        assert_eq!(closure(10, 3, &[0], apply).len(), 10);
        let even = |x: usize, _m: usize| (x + 2) % 10;
        assert_eq!(distances(10, &[0], &[0], even)[1], FAR);
    }
}
