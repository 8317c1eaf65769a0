//! Distance tables over a coordinate: breadth-first from a target set, one byte per value.

/// Not reached.
pub(super) const FAR: u8 = u8::MAX;

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

/// Distances from `targets` under `moves` (closed under inverses), [`FAR`] where unreachable. Scans
/// forward from each depth's values, and backward (unreached values looking for a neighbour at the
/// depth) once more than half the table is reached.
pub(super) fn distances(
    size: usize,
    targets: &[usize],
    moves: &[usize],
    apply: impl Fn(usize, usize) -> usize,
) -> Vec<u8> {
    distances_decoded(size, targets, moves, |x| x, |&x, m| apply(x, m))
}

/// [`distances`] where a value is decoded once (`decode`) before its moves (`step`) apply to it.
pub(super) fn distances_decoded<D>(
    size: usize,
    targets: &[usize],
    moves: &[usize],
    decode: impl Fn(usize) -> D,
    step: impl Fn(&D, usize) -> usize,
) -> Vec<u8> {
    let mut dist = vec![FAR; size];
    for &t in targets {
        dist[t] = 0;
    }
    let mut reached = targets.len();
    let mut depth = 0u8;
    loop {
        let mut found = 0;
        if reached < size / 2 {
            for x in 0..size {
                if dist[x] != depth {
                    continue;
                }
                let d = decode(x);
                for &m in moves {
                    let y = step(&d, m);
                    if dist[y] == FAR {
                        dist[y] = depth + 1;
                        found += 1;
                    }
                }
            }
        } else {
            for x in 0..size {
                if dist[x] != FAR {
                    continue;
                }
                let d = decode(x);
                if moves.iter().any(|&m| dist[step(&d, m)] == depth) {
                    dist[x] = depth + 1;
                    found += 1;
                }
            }
        }
        if found == 0 {
            return dist;
        }
        reached += found;
        depth += 1;
        assert!(depth < FAR - 1, "distance table deeper than a byte");
    }
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
