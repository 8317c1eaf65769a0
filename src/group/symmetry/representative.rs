//! The class representative of a whole state under a set of symmetries: its smallest conjugate
//! (`s⁻¹ x s`, pieces relabelled as the target's identical pieces require; bytes in layout order). A
//! pruning table hashes it so that the states of one class share one entry: a table of `n` entries
//! covers about `|S|` times more states and stays admissible.
//!
//! The representative is on the search's hot path (every node's lookup). Each symmetry's conjugation is
//! precomputed as one small operation per output byte (a source byte and a 256-byte map: a piece
//! relabelling, or an orientation offset by piece plus the rotation's twist), stored byte-major. The
//! first byte of every conjugate is computed (one pass over contiguous operations), the symmetries that
//! give the smallest are kept, and only those are compared on the next byte, and so on: most classes
//! are decided within two bytes, and only the winner is conjugated whole.

use super::{symmetries, Symmetry};
use crate::hash::Hasher;
use crate::model::puzzle::Puzzle;

/// The most symmetries a [`Reduction`] holds (the icosahedral rotations are 60; beyond a few hundred
/// the representative would cost more per lookup than the reduction saves).
pub(crate) const MAX_TABLE_SYMMETRIES: usize = 128;

/// The most operations (symmetries × state bytes) the precomputed conjugations may take.
const MAX_OPS: usize = 1 << 20;

/// One output byte of a conjugation.
#[derive(Debug, Clone, Copy)]
struct Op {
    /// The input byte it is read from (a piece or an orientation byte).
    src: u16,
    /// For an orientation byte: the piece byte whose label selects the offset.
    piece: u16,
    /// The start of its 256-byte map in [`Reduction::maps`]: labels (piece bytes) or offsets
    /// (orientation bytes).
    map: u32,
    /// The rotation's own twist at this slot (orientation bytes), below the modulus.
    twist: u8,
    /// The orientation modulus (orientation bytes), or 0 for a piece byte.
    modulus: u8,
}

/// One rotation's conjugation of one orbit: where its piece relabelling and orientation offsets start in
/// [`Reduction::maps`].
#[derive(Debug, Clone, Copy)]
struct Conj {
    labels: u32,
    offsets: u32,
}

/// Room per orbit in [`Reduction::modulo`].
const MODULO: usize = 3 * crate::model::layout::MAX_ORIENTATIONS;

/// The rotations a table is reduced by, ready to conjugate states (the identity first).
#[derive(Debug)]
pub(crate) struct Reduction {
    size: usize,
    count: usize,
    /// `size × count` operations, byte-major: rotation `k`'s output byte `j` at `j × count + k` (for
    /// comparing the conjugates byte by byte).
    ops: Vec<Op>,
    /// Conjugating with one rotation, orbit by orbit: per rotation and orbit, a [`Conj`].
    conj: Vec<Conj>,
    /// The slots the conjugations read: per rotation (`size / 2` each) and orbit, the rotation's slot
    /// permutation; and its twist per slot, the same way.
    from: Vec<u8>,
    twist: Vec<u8>,
    /// Per orbit: its byte offset, size, modulus and where its pieces start in a rotation's `from`.
    orbits: Vec<(usize, usize, u8, usize)>,
    /// `(a mod m)` for every `a < 3m`, per orbit (the sum of an orientation, an offset and a twist), at
    /// `3 × MAX_ORIENTATIONS` bytes per orbit.
    modulo: Vec<u8>,
    /// The conjugations as byte shuffles, where the processor has them and every orbit fits one
    /// 16-byte register (see [`Shuffles`]).
    shuffles: Option<Shuffles>,
    maps: Vec<u8>,
    fingerprint: u64,
}

impl Reduction {
    /// The reduction by the rotations of the puzzle's definition that map the moves (`transforms`) onto
    /// themselves and keep `target`, or `None` when there is nothing to reduce by: no rotations (or only
    /// the identity keeps the moves and target), illegal placements, orientation wildcards in the target,
    /// or more than [`MAX_TABLE_SYMMETRIES`] rotations.
    pub(crate) fn new(puzzle: &Puzzle, transforms: &[&[u8]], target: &[u8]) -> Option<Reduction> {
        let layout = puzzle.layout();
        if !puzzle.illegal().is_empty() || transforms.iter().any(|t| t.is_empty()) {
            return None;
        }
        let syms = symmetries(puzzle, transforms, target).ok()?;
        let mut out = vec![0u8; target.len()];
        let mut kept: Vec<&Symmetry> = Vec::new();
        for s in &syms {
            s.conjugate(layout, target, &mut out);
            if out == target {
                kept.push(s);
            }
        }
        // The identity first: it is the starting "best" of every comparison.
        crate::sort::sort_by_key(&mut kept, |s| !s.is_identity(layout));
        let size = layout.state_size();
        if kept.len() < 2
            || !kept[0].is_identity(layout)
            || kept.len() > MAX_TABLE_SYMMETRIES
            || kept.len() * size > MAX_OPS
            || size > u16::MAX as usize
        {
            return None;
        }
        let mut rows = Vec::with_capacity(kept.len());
        let mut maps = Vec::new();
        let (mut conj, mut from, mut twist) = (Vec::new(), Vec::new(), Vec::new());
        let mut f = Hasher::new();
        f.number(kept.len() as u64);
        for s in &kept {
            f.bytes(&s.s);
            let mut row = vec![Op { src: 0, piece: 0, map: 0, twist: 0, modulus: 0 }; size];
            for (k, o) in layout.orbits().iter().enumerate() {
                let (off, n, m) = (o.offset, o.size, o.orientations);
                let labels = maps.len() as u32;
                maps.extend_from_slice(&s.label[k]);
                let offsets = maps.len() as u32;
                maps.extend(s.offset[k].iter().map(|&x| x % m));
                conj.push(Conj { labels, offsets });
                from.extend_from_slice(&s.s[off..off + n]);
                twist.extend(s.s[off + n..off + 2 * n].iter().map(|&t| t % m));
                for i in 0..n {
                    let from = off + s.s[off + i] as usize;
                    row[off + i] = Op { src: from as u16, piece: 0, map: labels, twist: 0, modulus: 0 };
                    let twist = s.s[off + n + i] % m;
                    row[off + n + i] =
                        Op { src: (from + n) as u16, piece: from as u16, map: offsets, twist, modulus: m };
                }
            }
            rows.push(row);
        }
        let ops = (0..size).flat_map(|j| rows.iter().map(move |r| r[j])).collect();
        let mut orbits = Vec::new();
        let mut modulo = Vec::new();
        let mut pieces = 0;
        for o in layout.orbits() {
            orbits.push((o.offset, o.size, o.orientations, pieces));
            pieces += o.size;
            modulo.extend((0..MODULO).map(|a| (a % o.orientations as usize) as u8));
        }
        let mut r = Reduction {
            size,
            count: kept.len(),
            ops,
            conj,
            from,
            twist,
            orbits,
            modulo,
            maps,
            fingerprint: f.finish(),
            shuffles: None,
        };
        r.shuffles = Shuffles::new(&r);
        Some(r)
    }

    /// The number of rotations (the identity included).
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The bytes of a state.
    pub(crate) fn state_size(&self) -> usize {
        self.size
    }

    /// What the reduction is, as a hash (for the table's fingerprint).
    pub(crate) fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// Byte `op` of a conjugate of `x`.
    #[inline(always)]
    fn byte(&self, op: Op, x: &[u8]) -> u8 {
        // SAFETY: `src` and `piece` are bytes of the layout (below `size`, which `x` has: checked by the
        // callers), and every map is 256 bytes long, indexed by a byte.
        unsafe {
            let v = *x.get_unchecked(op.src as usize);
            if op.modulus == 0 {
                return *self.maps.get_unchecked(op.map as usize + v as usize);
            }
            let p = *x.get_unchecked(op.piece as usize);
            let m = op.modulus as u16;
            let mut t = *self.maps.get_unchecked(op.map as usize + p as usize) as u16 + op.twist as u16;
            if t >= m {
                t -= m;
            }
            t += v as u16;
            if t >= m {
                t -= m;
            }
            t as u8
        }
    }

    /// The representative of `x`'s class, written into `buf` (both of the state size): the smallest
    /// conjugate in lexicographic byte order.
    #[inline]
    pub(crate) fn representative(&self, x: &[u8], buf: &mut [u8]) {
        let (size, count) = (self.size, self.count);
        let (x, buf) = (&x[..size], &mut buf[..size]);
        let ops = &self.ops[..size * count];
        // The first byte of every conjugate (independent loads), then the rotations that give the
        // smallest (`tied[..n]`; one slot of room for the branch-free append).
        let mut vals = [0u8; MAX_TABLE_SYMMETRIES];
        let vals = &mut vals[..count];
        // Byte 0 is orbit 0's first piece: the label of the piece the rotation brings there.
        let (half, orbits) = (size / 2, self.orbits.len());
        for (k, v) in vals.iter_mut().enumerate() {
            let labels = self.conj[k * orbits].labels as usize;
            let piece = x[self.from[k * half] as usize];
            *v = self.maps[labels + piece as usize];
        }
        let mut min = *vals.iter().min().expect("at least two rotations");
        let mut tied = [0u8; MAX_TABLE_SYMMETRIES + 1];
        let mut n = 0;
        for (k, &v) in vals.iter().enumerate() {
            tied[n] = k as u8;
            n += usize::from(v == min);
        }
        // The next bytes, among the rotations still tied.
        let mut j = 1;
        while n > 1 && j < size {
            let row = &ops[j * count..(j + 1) * count];
            let tie = &mut tied[..n];
            min = u8::MAX;
            for (v, &k) in vals.iter_mut().zip(tie.iter()) {
                *v = self.byte(row[k as usize], x);
                min = min.min(*v);
            }
            let mut kept = 0;
            for i in 0..n {
                let k = tied[i];
                tied[kept] = k;
                kept += usize::from(vals[i] == min);
            }
            n = kept;
            j += 1;
        }
        self.conjugate(tied[0] as usize, x, buf);
    }

    /// `out` = the conjugate of `x` by rotation `k`: by byte shuffles where available, else orbit by
    /// orbit.
    #[inline(always)]
    fn conjugate(&self, k: usize, x: &[u8], out: &mut [u8]) {
        match &self.shuffles {
            Some(s) => s.conjugate(k, x, out),
            None => self.conjugate_bytes(k, x, out),
        }
    }

    /// `out` = the conjugate of `x` by rotation `k`, orbit by orbit, byte by byte.
    #[inline(always)]
    fn conjugate_bytes(&self, k: usize, x: &[u8], out: &mut [u8]) {
        let half = self.size / 2;
        let (from, twist) = (&self.from[k * half..(k + 1) * half], &self.twist[k * half..(k + 1) * half]);
        let conj = &self.conj[k * self.orbits.len()..(k + 1) * self.orbits.len()];
        for (o, (&(off, n, m, at), c)) in self.orbits.iter().zip(conj).enumerate() {
            let map = |at: u32| -> &[u8; 256] {
                self.maps[at as usize..at as usize + 256].try_into().expect("256-byte maps")
            };
            let (from, twist) = (&from[at..at + n], &twist[at..at + n]);
            let (pieces, orientations) = (&x[off..off + n], &x[off + n..off + 2 * n]);
            let labels = map(c.labels);
            for (y, &f) in out[off..off + n].iter_mut().zip(from) {
                *y = labels[pieces[f as usize] as usize];
            }
            if m == 1 {
                out[off + n..off + 2 * n].fill(0);
                continue;
            }
            let offsets = map(c.offsets);
            let modulo: &[u8; MODULO] = self.modulo[o * MODULO..(o + 1) * MODULO].try_into().expect("a table");
            for ((y, &f), &t) in out[off + n..off + 2 * n].iter_mut().zip(from).zip(twist) {
                let f = f as usize;
                let sum = orientations[f] as usize + offsets[pieces[f] as usize] as usize + t as usize;
                *y = modulo[sum.min(MODULO - 1)];
            }
        }
    }

    /// Every conjugate of `x` (for tests): rotation `k`'s at `k × size`.
    #[cfg(test)]
    pub(crate) fn conjugates(&self, x: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.count * self.size);
        let mut y = vec![0u8; self.size];
        for k in 0..self.count {
            let before = out.len();
            for j in 0..self.size {
                out.push(self.byte(self.ops[j * self.count + k], x));
            }
            // Every way of conjugating agrees.
            self.conjugate_bytes(k, x, &mut y);
            assert_eq!(y, out[before..]);
            self.conjugate(k, x, &mut y);
            assert_eq!(y, out[before..]);
        }
        out
    }
}

/// The most state bytes [`Shuffles`] handles (a state is copied to a buffer with room for 16-byte
/// loads and stores past its end).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const SHUFFLE_STATE: usize = 96;

/// Conjugations as SSSE3 byte shuffles (x86-64 with SSSE3, checked at run time; every orbit of at most
/// 16 pieces, orientations below 86 so that the sum of three fits a byte): per rotation and orbit, four
/// 16-byte vectors: the slots read (`0x80` past the orbit), the piece relabelling and the orientation
/// offset by piece (as shuffle tables), and the rotation's twist per slot. An orbit then takes two
/// loads, four shuffles, two additions, two reductions modulo `m` and two stores.
#[derive(Debug)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Shuffles {
    /// `count × orbits` entries of four vectors.
    vectors: Vec<[[u8; 16]; 4]>,
    /// Per orbit: byte offset, size, modulus.
    orbits: Vec<(usize, usize, u8)>,
    size: usize,
}

impl Shuffles {
    #[cfg(target_arch = "x86_64")]
    fn new(r: &Reduction) -> Option<Shuffles> {
        if !std::arch::is_x86_feature_detected!("ssse3")
            || r.size > SHUFFLE_STATE
            || r.orbits.iter().any(|&(_, n, m, _)| n > 16 || m > 85)
        {
            return None;
        }
        let half = r.size / 2;
        let mut vectors = Vec::with_capacity(r.count * r.orbits.len());
        for k in 0..r.count {
            for (o, &(_, n, _, at)) in r.orbits.iter().enumerate() {
                let c = r.conj[k * r.orbits.len() + o];
                let (slots, twists) = (&r.from[k * half + at..][..n], &r.twist[k * half + at..][..n]);
                let mut v = [[0x80u8; 16], [0; 16], [0; 16], [0; 16]];
                v[0][..n].copy_from_slice(slots);
                v[1].copy_from_slice(&r.maps[c.labels as usize..][..16]);
                v[2].copy_from_slice(&r.maps[c.offsets as usize..][..16]);
                v[3][..n].copy_from_slice(twists);
                vectors.push(v);
            }
        }
        let orbits = r.orbits.iter().map(|&(off, n, m, _)| (off, n, m)).collect();
        Some(Shuffles { vectors, orbits, size: r.size })
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn new(_: &Reduction) -> Option<Shuffles> {
        None
    }

    /// `out` = the conjugate of `x` by rotation `k`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn conjugate(&self, k: usize, x: &[u8], out: &mut [u8]) {
        let size = self.size;
        let mut input = [0u8; SHUFFLE_STATE + 32];
        let mut output = [0u8; SHUFFLE_STATE + 32];
        input[..size].copy_from_slice(&x[..size]);
        let vectors = &self.vectors[k * self.orbits.len()..(k + 1) * self.orbits.len()];
        // SAFETY: `new` made this only where SSSE3 is available; every load and store is of 16 bytes at
        // `offset + size` or before, with `offset + 2 · size <= self.size <= SHUFFLE_STATE` and 32 bytes
        // of room past it.
        unsafe { shuffle_ssse3(&self.orbits, vectors, &input, &mut output) };
        out[..size].copy_from_slice(&output[..size]);
    }

    /// Never called: `new` makes none off x86-64.
    #[cfg(not(target_arch = "x86_64"))]
    fn conjugate(&self, _: usize, _: &[u8], _: &mut [u8]) {
        unreachable!("byte shuffles are only made on x86-64")
    }
}

/// The conjugation of `input` into `output` by one rotation's vectors (see [`Shuffles`]), orbit after
/// orbit (each store's spill past its orbit is overwritten by the next store).
///
/// # Safety
/// SSSE3 must be available, and every orbit's bytes plus 16 must lie within both buffers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn shuffle_ssse3(
    orbits: &[(usize, usize, u8)],
    vectors: &[[[u8; 16]; 4]],
    input: &[u8; SHUFFLE_STATE + 32],
    output: &mut [u8; SHUFFLE_STATE + 32],
) {
    use std::arch::x86_64::*;
    for (&(off, n, m), v) in orbits.iter().zip(vectors) {
        let load = |at: usize| _mm_loadu_si128(input.as_ptr().add(at) as *const __m128i);
        let vec = |i: usize| _mm_loadu_si128(v[i].as_ptr() as *const __m128i);
        let (from, labels, offsets, twist) = (vec(0), vec(1), vec(2), vec(3));
        let pieces = _mm_shuffle_epi8(load(off), from);
        let turned = _mm_shuffle_epi8(load(off + n), from);
        let relabelled = _mm_shuffle_epi8(labels, pieces);
        let sum = _mm_add_epi8(_mm_add_epi8(turned, _mm_shuffle_epi8(offsets, pieces)), twist);
        // Below 3m: subtract m where that does not wrap, twice (`min` keeps the unwrapped value).
        let mv = _mm_set1_epi8(m as i8);
        let once = _mm_min_epu8(sum, _mm_sub_epi8(sum, mv));
        let twice = _mm_min_epu8(once, _mm_sub_epi8(once, mv));
        _mm_storeu_si128(output.as_mut_ptr().add(off) as *mut __m128i, relabelled);
        _mm_storeu_si128(output.as_mut_ptr().add(off + n) as *mut __m128i, twice);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use proptest::prelude::*;

    use super::*;
    use crate::load_puzzle;
    use crate::model::moveset::MoveSet;

    /// A definition with rotations, its moves and the reduction for its solved state.
    struct Case {
        puzzle: Puzzle,
        moves: MoveSet,
        reduction: Reduction,
    }

    fn case(text: &str) -> Case {
        let puzzle = load_puzzle(text).unwrap();
        let moves = MoveSet::all(&puzzle).unwrap();
        let transforms: Vec<&[u8]> = moves.moves().iter().map(|m| puzzle.transform(m.mv)).collect();
        let reduction = Reduction::new(&puzzle, &transforms, puzzle.solved().as_bytes()).unwrap();
        Case { puzzle, moves, reduction }
    }

    fn cases() -> &'static [(&'static str, Case, usize)] {
        static CASES: OnceLock<Vec<(&'static str, Case, usize)>> = OnceLock::new();
        CASES.get_or_init(|| {
            vec![
                ("3x3x3", case(include_str!("../../../tests/data/puzzles/symm/3x3x3.tws")), 24),
                ("2x2x2", case(include_str!("../../../tests/data/puzzles/symm/2x2x2.tws")), 24),
                ("4x4x4", case(include_str!("../../../tests/data/puzzles/symm/4x4x4.tws")), 24),
                ("megaminx", case(include_str!("../../../tests/data/puzzles/symm/megaminx.tws")), 60),
                ("skewb", case(include_str!("../../../tests/data/puzzles/symm/skewb.tws")), 24),
            ]
        })
    }

    fn walk(c: &Case, picks: &[usize]) -> Vec<u8> {
        let mut s = c.puzzle.solved().as_bytes().to_vec();
        let mut next = s.clone();
        for &k in picks {
            c.puzzle.apply_into(&s, c.moves.moves()[k % c.moves.moves().len()].mv, &mut next);
            std::mem::swap(&mut s, &mut next);
        }
        s
    }

    /// The precomputed conjugations are [`Symmetry::conjugate`]'s, and the rotations the expected group.
    #[test]
    fn conjugations_match_the_symmetry_module() {
        for (name, c, count) in cases() {
            assert_eq!(c.reduction.count(), *count, "{name}");
            let transforms: Vec<&[u8]> = c.moves.moves().iter().map(|m| c.puzzle.transform(m.mv)).collect();
            let syms = symmetries(&c.puzzle, &transforms, c.puzzle.solved().as_bytes()).unwrap();
            let x = walk(c, &[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7]);
            let size = x.len();
            let mut theirs: Vec<Vec<u8>> = syms
                .iter()
                .map(|s| {
                    let mut out = vec![0; size];
                    s.conjugate(c.puzzle.layout(), &x, &mut out);
                    out
                })
                .collect();
            let mut ours: Vec<Vec<u8>> = c.reduction.conjugates(&x).chunks(size).map(<[u8]>::to_vec).collect();
            theirs.sort();
            ours.sort();
            assert_eq!(ours, theirs, "{name}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Every conjugate of a position has the same representative: the smallest conjugate.
        #[test]
        fn the_representative_is_the_same_for_every_conjugate(
            which in 0usize..5,
            picks in proptest::collection::vec(0usize..1000, 0..40),
        ) {
            let (name, c, _) = &cases()[which];
            let x = walk(c, &picks);
            let size = x.len();
            let mut rep = vec![0u8; size];
            c.reduction.representative(&x, &mut rep);
            let conjugates = c.reduction.conjugates(&x);
            let smallest = conjugates.chunks(size).min().unwrap();
            prop_assert_eq!(&rep[..], smallest, "{}", name);
            let mut other = vec![0u8; size];
            for y in conjugates.chunks(size) {
                c.reduction.representative(y, &mut other);
                prop_assert_eq!(&other, &rep, "{}", name);
            }
        }
    }
}

#[cfg(test)]
mod speed {
    use super::tests_support::*;

    /// Nanoseconds per representative on random 3x3x3 states (run with `--release --ignored`).
    #[test]
    #[ignore]
    fn representative_speed() {
        let (c, states) = random_states(20_000);
        let size = c.puzzle.state_size();
        let mut buf = vec![0u8; size];
        let mut acc = 0u64;
        let t = std::time::Instant::now();
        let rounds = 50;
        for _ in 0..rounds {
            for x in states.chunks(size) {
                c.reduction.representative(x, &mut buf);
                acc = acc.wrapping_add(buf[0] as u64 + buf[size - 1] as u64);
            }
        }
        let ns = t.elapsed().as_nanos() as f64 / (rounds * states.len() / size) as f64;
        println!("representative: {ns:.1} ns ({acc})");
    }
}

#[cfg(test)]
mod tests_support {
    use super::*;
    use crate::load_puzzle;
    use crate::model::moveset::MoveSet;

    pub(super) struct Case {
        pub puzzle: Puzzle,
        pub reduction: Reduction,
    }

    pub(super) fn random_states(n: usize) -> (Case, Vec<u8>) {
        let puzzle = load_puzzle(include_str!("../../../tests/data/puzzles/symm/3x3x3.tws")).unwrap();
        let moves = MoveSet::all(&puzzle).unwrap();
        let transforms: Vec<&[u8]> = moves.moves().iter().map(|m| puzzle.transform(m.mv)).collect();
        let reduction = Reduction::new(&puzzle, &transforms, puzzle.solved().as_bytes()).unwrap();
        let mut x = 88172645463325252u64;
        let mut out = Vec::new();
        let mut s = puzzle.solved().as_bytes().to_vec();
        let mut next = s.clone();
        for _ in 0..n {
            for _ in 0..25 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                puzzle.apply_into(&s, moves.moves()[(x % 18) as usize].mv, &mut next);
                std::mem::swap(&mut s, &mut next);
            }
            out.extend_from_slice(&s);
        }
        (Case { puzzle, reduction }, out)
    }
}
