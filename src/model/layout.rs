//! The byte layout of states and transformations, and the arithmetic on them.
//!
//! A state (or a transformation) is one contiguous byte array. Orbits ("sets") follow each other in
//! definition order; an orbit of `n` pieces takes `n` piece bytes then `n` orientation bytes. Permutations
//! are passive: piece byte `i` holding `j` means the piece with id `j` is in slot `i` (a state) or that the
//! content of slot `j` moves to slot `i` (a transformation). Orientations belong to slots and travel with
//! the pieces. An orientation wildcard is stored as `2m` (`m` the orbit's modulus) and survives addition
//! thanks to a small lookup table indexed by the sum of two orientations.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::One;

/// The largest orientation modulus an orbit may have (the wildcard `2m` must fit a byte with room to add).
pub const MAX_ORIENTATIONS: usize = 126;
/// The largest number of pieces in one orbit (piece ids are bytes).
pub const MAX_PIECES: usize = 255;
/// Entries in an orbit's orientation addition table: every sum of two bytes.
const ADD_TABLE: usize = 512;

/// One orbit of a puzzle: pieces that can take each other's places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orbit {
    /// The set's name, as in `Set EDGE 12 2` or a KPuzzle `orbitName`.
    pub name: String,
    /// Number of pieces (slots).
    pub size: usize,
    /// Orientation modulus `m` (1 when pieces have no orientation).
    pub orientations: u8,
    /// Offset of this orbit's piece bytes in a state; orientation bytes follow at `offset + size`.
    pub offset: usize,
    /// `add[a + b]` is `(a + b) mod m` for `a + b < 2m`, and the wildcard `2m` otherwise; it covers every
    /// sum of two bytes, so no input can index past it.
    add: Box<[u8; ADD_TABLE]>,
}

impl Orbit {
    /// Creates an orbit; `size` and `orientations` must already be validated (1..=255, 1..=126).
    pub fn new(name: impl Into<String>, size: usize, orientations: u8, offset: usize) -> Self {
        debug_assert!((1..=MAX_PIECES).contains(&size));
        debug_assert!((1..=MAX_ORIENTATIONS).contains(&(orientations as usize)));
        let m = orientations as usize;
        let mut add = Box::new([0u8; ADD_TABLE]);
        for (s, v) in add.iter_mut().enumerate() {
            *v = if s < 2 * m { (s % m) as u8 } else { (2 * m) as u8 };
        }
        Orbit { name: name.into(), size, orientations, offset, add }
    }

    /// The stored value of an orientation wildcard (`?`) in this orbit.
    pub fn wildcard(&self) -> u8 {
        2 * self.orientations
    }

    /// Whether a stored orientation value is the wildcard.
    pub fn is_wildcard(&self, o: u8) -> bool {
        o >= self.orientations
    }

    /// Adds two stored orientations (wildcards stay wildcards).
    #[inline(always)]
    pub fn add(&self, a: u8, b: u8) -> u8 {
        self.add[a as usize + b as usize]
    }

    /// The byte range of this orbit's pieces.
    pub fn pieces_range(&self) -> std::ops::Range<usize> {
        self.offset..self.offset + self.size
    }

    /// The byte range of this orbit's orientations.
    pub fn orientations_range(&self) -> std::ops::Range<usize> {
        self.offset + self.size..self.offset + 2 * self.size
    }
}

/// The orbits of a puzzle and the total state size; all state arithmetic goes through here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    orbits: Vec<Orbit>,
    size: usize,
}

impl Layout {
    /// Builds a layout from `(name, pieces, orientations)` triples, already validated.
    pub fn new<'a>(sets: impl IntoIterator<Item = (&'a str, usize, u8)>) -> Self {
        let mut orbits = Vec::new();
        let mut size = 0;
        for (name, n, m) in sets {
            orbits.push(Orbit::new(name, n, m, size));
            size += 2 * n;
        }
        Layout { orbits, size }
    }

    /// The orbits, in definition order.
    pub fn orbits(&self) -> &[Orbit] {
        &self.orbits
    }

    /// Index of the orbit with this name.
    pub fn orbit_index(&self, name: &str) -> Option<usize> {
        self.orbits.iter().position(|o| o.name == name)
    }

    /// Bytes in one state.
    pub fn state_size(&self) -> usize {
        self.size
    }

    /// The identity transformation: every piece in its own slot, no twist.
    pub fn identity(&self) -> Vec<u8> {
        let mut v = vec![0u8; self.size];
        for o in &self.orbits {
            for i in 0..o.size {
                v[o.offset + i] = i as u8;
            }
        }
        v
    }

    /// `out = a · b`: the state (or transformation) `a` followed by the transformation `b`.
    ///
    /// `out[i] = a[b[i]]` and `out.o[i] = a.o[b[i]] + b.o[i]` per orbit. `a` may hold identical pieces and
    /// orientation wildcards; `b` should be a transformation of this layout. No allocation.
    ///
    /// # Panics
    /// If a slice does not have the layout's length, or `b` names a slot outside its orbit.
    #[inline]
    pub fn compose_into(&self, a: &[u8], b: &[u8], out: &mut [u8]) {
        self.compose_impl::<true>(a, b, out);
    }

    /// [`Layout::compose_into`] without the slot check on `b`.
    ///
    /// # Safety
    /// `b` must be a transformation of this layout (each orbit's piece bytes below the orbit size), as
    /// every move the crate builds is.
    #[inline]
    pub(crate) unsafe fn compose_into_unchecked(&self, a: &[u8], b: &[u8], out: &mut [u8]) {
        debug_assert!(self.is_transformation(b));
        self.compose_impl::<false>(a, b, out);
    }

    /// How many slots of `a` followed by `b` (a transformation) differ from `target`, in the piece they
    /// hold or its twist, counted no further than `limit + 1`: whether a product is within `limit` of a
    /// state, found without writing the product (most products differ in many slots, and the count stops
    /// at the first past `limit`).
    pub fn differences_after(&self, a: &[u8], b: &[u8], target: &[u8], limit: usize) -> usize {
        assert!(a.len() == self.size && b.len() == self.size && target.len() == self.size);
        let mut wrong = 0;
        for orbit in &self.orbits {
            let (n, off) = (orbit.size, orbit.offset);
            for i in off..off + n {
                let j = off + b[i] as usize;
                let twist = if orbit.orientations == 1 { 0 } else { orbit.add[(a[j + n] + b[i + n]) as usize] };
                if a[j] != target[i] || twist != target[i + n] {
                    wrong += 1;
                    if wrong > limit {
                        return wrong;
                    }
                }
            }
        }
        wrong
    }

    #[inline(always)]
    fn compose_impl<const CHECKED: bool>(&self, a: &[u8], b: &[u8], out: &mut [u8]) {
        assert!(a.len() == self.size && b.len() == self.size && out.len() == self.size);
        for orbit in &self.orbits {
            let n = orbit.size;
            let off = orbit.offset;
            let (ap, ao) = a[off..off + 2 * n].split_at(n);
            let (bp, bo) = b[off..off + 2 * n].split_at(n);
            let (op, oo) = out[off..off + 2 * n].split_at_mut(n);
            if orbit.orientations == 1 {
                for i in 0..n {
                    let j = bp[i] as usize;
                    if CHECKED {
                        assert!(j < n, "compose: not a transformation");
                    }
                    // SAFETY: j < n, as below.
                    op[i] = unsafe { *ap.get_unchecked(j) };
                }
                oo.fill(0);
                continue;
            }
            let add: &[u8; ADD_TABLE] = &orbit.add;
            for i in 0..n {
                let j = bp[i] as usize;
                if CHECKED {
                    assert!(j < n, "compose: not a transformation");
                }
                // SAFETY: j < n, checked above or guaranteed by the caller of compose_into_unchecked; the
                // sum of two bytes is below ADD_TABLE.
                unsafe {
                    op[i] = *ap.get_unchecked(j);
                    oo[i] = *add.get_unchecked(*ao.get_unchecked(j) as usize + bo[i] as usize);
                }
            }
        }
    }

    /// `a · b` as a new vector.
    pub fn compose(&self, a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.size];
        self.compose_into(a, b, &mut out);
        out
    }

    /// The inverse of a transformation (`t` must be a transformation: a permutation per orbit, no
    /// wildcards).
    pub fn invert(&self, t: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.size];
        for orbit in &self.orbits {
            let n = orbit.size;
            let off = orbit.offset;
            let m = orbit.orientations;
            for i in 0..n {
                let j = t[off + i] as usize;
                out[off + j] = i as u8;
                out[off + n + j] = (m - t[off + n + i] % m) % m;
            }
        }
        out
    }

    /// Whether `t` is a transformation: each orbit's piece bytes are a permutation of `0..n` and every
    /// orientation is a plain value below the modulus.
    pub fn is_transformation(&self, t: &[u8]) -> bool {
        t.len() == self.size
            && self.orbits.iter().all(|o| {
                let mut seen = [false; 256];
                t[o.pieces_range()].iter().all(|&p| {
                    let fresh = (p as usize) < o.size && !seen[p as usize];
                    seen[p as usize] = true;
                    fresh
                }) && t[o.orientations_range()].iter().all(|&x| x < o.orientations)
            })
    }

    /// The state with each orbit's piece ids renumbered to be contiguous from 0, keeping their order
    /// (KPattern data may skip ids; the ksolve format may not). Equal pieces stay equal.
    pub fn contiguous_ids(&self, state: &[u8]) -> Vec<u8> {
        let mut out = state.to_vec();
        for orbit in &self.orbits {
            let mut used = [false; 256];
            for &p in &state[orbit.pieces_range()] {
                used[p as usize] = true;
            }
            let mut map = [0u8; 256];
            let mut next = 0u8;
            for (id, &u) in used.iter().enumerate() {
                if u {
                    map[id] = next;
                    next = next.wrapping_add(1);
                }
            }
            for b in &mut out[orbit.pieces_range()] {
                *b = map[*b as usize];
            }
        }
        out
    }

    /// Calls `f` with the order of each cycle of transformation `t` (its length times the order of its
    /// twist: a cycle of length `L` whose twists sum to `s` in an orbit of `m` orientations has order
    /// `L · m / gcd(s, m)`), fixed pieces included (order 1).
    pub fn for_each_cycle(&self, t: &[u8], mut f: impl FnMut(u64)) {
        for orbit in &self.orbits {
            let (n, off, m) = (orbit.size, orbit.offset, orbit.orientations as u64);
            let mut seen = [false; 256];
            for start in 0..n {
                if seen[start] {
                    continue;
                }
                let (mut len, mut twist, mut i) = (0u64, 0u64, start);
                while !seen[i] {
                    seen[i] = true;
                    len += 1;
                    twist += t[off + n + i] as u64;
                    i = t[off + i] as usize;
                }
                f(len * (m / twist.gcd(&m)));
            }
        }
    }

    /// The order of a transformation: the least `k >= 1` with `t^k` the identity, from its cycles (a cycle
    /// of length `L` whose twists sum to `s` contributes `L · m / gcd(s, m)`).
    pub fn order(&self, t: &[u8]) -> BigUint {
        // Machine integers while the order fits (every move of every puzzle so far), else big ones.
        let mut small = 1u64;
        let mut order = BigUint::one();
        self.for_each_cycle(t, |cycle| {
            if cycle == 1 {
                return;
            }
            match small.checked_mul(cycle / small.gcd(&cycle)) {
                Some(l) => small = l,
                None => {
                    order = order.lcm(&BigUint::from(small)).lcm(&BigUint::from(cycle));
                    small = 1;
                }
            }
        });
        order.lcm(&BigUint::from(small))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Layout {
        Layout::new([("A", 3, 3), ("B", 2, 1)])
    }

    #[test]
    fn offsets_and_identity() {
        let l = tiny();
        assert_eq!(l.state_size(), 10);
        assert_eq!(l.orbits()[1].offset, 6);
        assert_eq!(l.identity(), vec![0, 1, 2, 0, 0, 0, 0, 1, 0, 0]);
    }

    #[test]
    fn compose_invert_and_order() {
        let l = tiny();
        // A: 3-cycle with one twist; B: swap.
        let t = vec![1, 2, 0, 1, 0, 0, 1, 0, 0, 0];
        assert!(l.is_transformation(&t));
        let inv = l.invert(&t);
        assert_eq!(l.compose(&t, &inv), l.identity());
        assert_eq!(l.compose(&inv, &t), l.identity());
        assert_eq!(l.order(&t), BigUint::from(18u32)); // lcm(3*3, 2)
        let mut p = l.identity();
        for _ in 0..18 {
            p = l.compose(&p, &t);
        }
        assert_eq!(p, l.identity());
    }

    #[test]
    fn differences_after_count_the_product_against_a_target() {
        let l = tiny();
        let t = vec![1, 2, 0, 1, 0, 0, 1, 0, 0, 0];
        let u = vec![0, 2, 1, 0, 2, 1, 0, 1, 0, 0];
        let mut states = vec![l.identity()];
        for _ in 0..20 {
            let last = states.last().unwrap();
            states.push(l.compose(&l.compose(last, &t), &u));
        }
        for a in &states {
            for b in [&t, &u] {
                for target in &states {
                    let product = l.compose(a, b);
                    let wrong = (0..3).filter(|&i| product[i] != target[i] || product[i + 3] != target[i + 3]).count()
                        + (6..8).filter(|&i| product[i] != target[i]).count();
                    for limit in 0..6 {
                        assert_eq!(l.differences_after(a, b, target, limit), wrong.min(limit + 1));
                    }
                }
            }
        }
    }

    #[test]
    fn wildcards_survive_addition() {
        let l = tiny();
        let mut s = l.identity();
        s[3] = l.orbits()[0].wildcard();
        let t = vec![1, 2, 0, 2, 2, 2, 0, 1, 0, 0];
        let r = l.compose(&s, &t);
        assert_eq!(&r[3..6], &[2, 2, 6]); // slot 2 received the wildcard from slot 0
    }

    #[test]
    fn an_order_beyond_u64_is_exact() {
        // Cycles of every prime length up to 53: the order is their product, about 3.3e19 > 2^64.
        let primes: [usize; 16] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
        let (a, b) = primes.split_at(12);
        let cycles = |ps: &[usize]| -> Vec<u8> {
            let n: usize = ps.iter().sum();
            let mut perm = Vec::with_capacity(2 * n);
            let mut start = 0;
            for &p in ps {
                perm.extend((0..p).map(|i| (start + (i + 1) % p) as u8));
                start += p;
            }
            perm.resize(2 * n, 0);
            perm
        };
        let (ta, tb) = (cycles(a), cycles(b));
        let l = Layout::new([("A", ta.len() / 2, 1), ("B", tb.len() / 2, 1)]);
        let t: Vec<u8> = ta.into_iter().chain(tb).collect();
        assert!(l.is_transformation(&t));
        let product = primes.iter().fold(BigUint::one(), |acc, &p| acc * BigUint::from(p));
        assert!(product > BigUint::from(u64::MAX));
        assert_eq!(l.order(&t), product);
    }
}
