//! Sorting off the hot paths with one copy of the standard library's sort.
//!
//! Each `slice::sort*` call with a new element type or comparison is a new copy of the standard
//! library's sort (3–10 KiB of WebAssembly each; about forty of them were 160 KiB of the single-threaded
//! module). The sorts that run once per table, puzzle or report go through [`sort_by`] instead: it sorts
//! the positions `0..n` with the one comparison-by-position copy and then moves the elements into that
//! order. It is stable, so the result is the standard library's stable sort's, element for element (and
//! an unstable sort's wherever equal elements cannot be told apart, as with integers or bytes).
//! Sorts in search loops keep the standard library's.

use std::cmp::Ordering;

/// Sorts `v` stably by `compare`, as `slice::sort_by` does.
pub(crate) fn sort_by<T>(v: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let order = sorted_positions(v.len(), &mut |a, b| compare(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = std::mem::take(v).into_iter().map(Some).collect();
    v.extend(order.into_iter().map(|i| slots[i].take().expect("each position is taken once")));
}

/// Sorts `v` stably by `key`, as `slice::sort_by_key` does.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` in ascending order, as `slice::sort` does.
pub(crate) fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, T::cmp);
}

/// The positions `0..n` stably sorted by `compare`: the one copy of the standard library's sort.
#[inline(never)]
fn sorted_positions(n: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_and_equal_to_the_standard_sort() {
        // Pairs sorted by their first element only: equal keys keep their order.
        let mut state = 12345u64;
        let mut v: Vec<(u8, u32)> = (0..500)
            .map(|i| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 60) as u8, i)
            })
            .collect();
        let mut expected = v.clone();
        expected.sort_by_key(|&(k, _)| k);
        sort_by_key(&mut v, |&(k, _)| k);
        assert_eq!(v, expected);
        let mut w: Vec<String> = ["b", "a", "c", "a"].iter().map(|s| s.to_string()).collect();
        sort(&mut w);
        assert_eq!(w, ["a", "a", "b", "c"]);
        let mut empty: Vec<u8> = Vec::new();
        sort(&mut empty);
        assert!(empty.is_empty());
        let mut rev = vec![1, 3, 2];
        sort_by(&mut rev, |a, b| b.cmp(a));
        assert_eq!(rev, [3, 2, 1]);
    }
}
