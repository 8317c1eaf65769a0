//! [`SymTable`]: a large pruning table over (symmetry class of a coordinate `A`, a coordinate `B`), two
//! bits an entry (the distance mod 3, the seed's encoding: neighbours' residues tell which way the
//! distance went) or four (the distance itself, 14 standing for 14 or more), filled breadth first on all
//! threads: forward while the frontier is small, then backward (each entry not reached yet looks for a
//! neighbour on the frontier). The exact tables of [`full`](super::full) are two of these. A two-bit table
//! can be kept in trits once filled (five residues a byte, 1.6 bits an entry: what brings the `layers`
//! optimal table's 19.5 billion entries under 4 GiB).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::model::SYMS;
use super::symmetry::SymClasses;
use crate::control::{Control, Progress};
use crate::coord::residue::closer_residue;
use crate::error::Result;

/// The table.
pub(super) struct SymTable {
    pub classes: SymClasses,
    /// Per value of `A`: its class and symmetry in one word (`class << 4 | sym`).
    packed: Vec<u32>,
    b_size: usize,
    /// `B` (or its high part, with a low part) conjugated by each symmetry (`b * 16 + s`).
    b_conj: Vec<u16>,
    /// Where `B` has two parts (`b = high * lo_n + low`, each conjugated on its own: two small tables
    /// the cache keeps, where one of `B`'s whole values would miss): the number of low values (1:
    /// none), the low part's conjugation and `2^32 / lo_n` rounded up (the high part is
    /// `b * lo_magic >> 32`, exact for any `b` under 2^24).
    lo_n: u32,
    lo_conj: Vec<u16>,
    lo_magic: u64,
    /// Bits per entry: 2 (distance mod 3) or 4 (distance, at most `cap`), as filled.
    bits: u32,
    /// Whether the filled two-bit entries are kept as trits: byte `i / 5` of the words (little-endian
    /// within each), digit `i % 5` in base 3.
    trits: bool,
    /// Log2 of the entries a word holds (5 or 4): a shift where a division would cost tens of cycles.
    per_shift: u32,
    /// With four bits: the largest code; entries further away hold it too (a lower bound), and the fill
    /// stops there.
    cap: u32,
    pub words: Vec<u64>,
}

/// How to move the two coordinates: `(a, move) -> a`, `(b, move) -> b`.
pub(super) struct Moves<'a> {
    pub count: usize,
    pub a: &'a (dyn Fn(u32, usize) -> u32 + Sync),
    pub b: &'a (dyn Fn(u32, usize) -> u32 + Sync),
}

impl SymTable {
    /// An empty table (entries not filled: see [`SymTable::build`]).
    /// `bits` 2 (distance mod 3) or 4 (distance up to `cap` ≤ 14).
    pub(super) fn new(classes: SymClasses, b_size: usize, b_conj: Vec<u16>, bits: u32, cap: u32) -> Self {
        debug_assert!(SYMS == 16 && classes.len() < 1 << 28 && (bits == 2 || bits == 4 && cap <= 14));
        // Read at random by every lookup (97 MB for the huge table): huge pages spare the TLB misses.
        let mut packed = Vec::with_capacity(classes.class.len());
        crate::memory::advise_huge_pages(packed.as_ptr() as *const u8, classes.class.len() * 4);
        packed.extend(classes.class.iter().zip(&classes.sym).map(|(&c, &s)| c << 4 | s as u32));
        let per_shift = (64 / bits).trailing_zeros();
        let (lo_n, lo_conj, lo_magic) = (1, vec![0; SYMS], 1 << 32);
        SymTable {
            classes,
            packed,
            b_size,
            b_conj,
            lo_n,
            lo_conj,
            lo_magic,
            bits,
            trits: false,
            per_shift,
            cap,
            words: Vec::new(),
        }
    }

    /// The same table with `B` in two parts: `b_conj` conjugates the high part, `lo_conj` the low one
    /// (`lo_n` values).
    pub(super) fn with_low_part(mut self, lo_n: u32, lo_conj: Vec<u16>) -> Self {
        debug_assert!(lo_conj.len() == lo_n as usize * SYMS && self.b_size < 1 << 24);
        (self.lo_n, self.lo_conj, self.lo_magic) = (lo_n, lo_conj, (1u64 << 32).div_ceil(lo_n as u64));
        self
    }

    /// `b` conjugated by symmetry `s`.
    #[inline(always)]
    fn conj_b(&self, b: u32, s: usize) -> usize {
        if self.lo_n == 1 {
            return self.b_conj[b as usize * SYMS + s] as usize;
        }
        let hi = ((b as u64 * self.lo_magic) >> 32) as u32;
        self.conj_parts(hi, b - hi * self.lo_n, s)
    }

    /// `B`'s value of parts `hi` and `lo` conjugated by symmetry `s`.
    #[inline(always)]
    fn conj_parts(&self, hi: u32, lo: u32, s: usize) -> usize {
        self.b_conj[hi as usize * SYMS + s] as usize * self.lo_n as usize
            + self.lo_conj[lo as usize * SYMS + s] as usize
    }

    /// Keeps the (two-bit) entries in trits once filled, or as loaded.
    pub(super) fn keep_in_trits(&mut self) {
        assert!(self.bits == 2 && self.words.is_empty(), "trits hold residues mod 3, set before the entries");
        self.trits = true;
    }

    /// Bits an entry holds: 2 (the distance mod 3) or 4 (the distance).
    pub(super) fn bits(&self) -> u32 {
        self.bits
    }

    /// Length of the packed (class, symmetry) map.
    pub(super) fn packed_len(&self) -> usize {
        self.packed.len()
    }

    /// Length of the second coordinate's conjugation tables (the low part's where it has one).
    pub(super) fn b_conj_len(&self) -> usize {
        self.b_conj.len() + if self.lo_n == 1 { 0 } else { self.lo_conj.len() }
    }

    /// Number of entries.
    pub(super) fn len(&self) -> usize {
        self.classes.len() * self.b_size
    }

    /// Number of words of the entries.
    pub(super) fn word_count(&self) -> usize {
        if self.trits {
            self.len().div_ceil(5).div_ceil(8)
        } else {
            self.fill_word_count()
        }
    }

    /// Number of words of the entries while they are filled (`bits` each).
    pub(super) fn fill_word_count(&self) -> usize {
        self.len().div_ceil(64 / self.bits as usize)
    }

    /// The code an entry at `depth` holds.
    fn code(&self, depth: u32) -> u8 {
        if self.bits == 2 {
            (depth % 3) as u8
        } else {
            depth.min(self.cap) as u8
        }
    }

    fn empty(&self) -> u8 {
        ((1u32 << self.bits) - 1) as u8
    }

    /// The entry of a pair: the class of `a` and `b` conjugated by the symmetry that takes `a` to its
    /// class's representative.
    #[inline(always)]
    pub(super) fn index(&self, a: u32, b: u32) -> usize {
        let p = self.packed[a as usize];
        (p >> 4) as usize * self.b_size + self.conj_b(b, (p & 15) as usize)
    }

    /// The class of `a` and the symmetry that takes it to its class's representative.
    #[inline(always)]
    pub(super) fn class_sym(&self, a: u32) -> (u32, u8) {
        let p = self.packed[a as usize];
        (p >> 4, (p & 15) as u8)
    }

    /// The entry of a class and `b` (given as its two parts, the low part 0 where it has none), where
    /// `sym` takes a member of the class to its representative and `b` is the member's: as
    /// [`SymTable::index`] of the member and `b`.
    #[inline(always)]
    pub(super) fn entry_parts(&self, class: u32, hi: u32, lo: u32, sym: u8) -> usize {
        class as usize * self.b_size + self.conj_parts(hi, lo, sym as usize)
    }

    /// Per class and move (`class * count + move`): the class and symmetry (`class << 4 | sym`) its
    /// representative goes to. With these a search moves (class, symmetry) pairs directly: the row of
    /// a node's class is one or two cache lines, where the class map costs a miss per child.
    pub(super) fn rows(&self, moves: &Moves) -> Vec<u32> {
        let k = moves.count;
        let n = self.classes.len() * k;
        let mut rows = Vec::with_capacity(n);
        crate::memory::advise_huge_pages(rows.as_ptr() as *const u8, n * 4);
        rows.resize(n, 0u32);
        let fill = |(c, row): (usize, &mut [u32])| {
            for (m, r) in row.iter_mut().enumerate() {
                *r = self.packed[(moves.a)(self.classes.reps[c], m) as usize];
            }
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            rows.par_chunks_mut(k).enumerate().with_min_len(1024).for_each(fill);
        }
        #[cfg(not(feature = "parallel"))]
        rows.chunks_mut(k).enumerate().for_each(fill);
        rows
    }

    /// An entry's code.
    #[inline(always)]
    pub(super) fn value(&self, i: usize) -> u8 {
        if self.trits {
            let j = i / 5;
            let byte = (self.words[j >> 3] >> ((j & 7) * 8)) as u8;
            return TRITS[i % 5][byte as usize];
        }
        let per = 1usize << self.per_shift;
        (self.words[i >> self.per_shift] >> ((i & (per - 1)) as u32 * self.bits)) as u8 & self.empty()
    }

    /// Prefetches the class map's word of `a`.
    #[inline(always)]
    pub(super) fn prefetch_class(&self, a: u32) {
        if let Some(p) = self.packed.get(a as usize) {
            crate::memory::prefetch(p);
        }
    }

    /// Prefetches an entry's word.
    #[inline(always)]
    pub(super) fn prefetch(&self, i: usize) {
        let w = if self.trits { i / 40 } else { i >> self.per_shift };
        if let Some(w) = self.words.get(w) {
            crate::memory::prefetch(w);
        }
    }

    /// The exact distance of pair `(a, b)` in a two-bit table whose goal's entry is `goal`: down one
    /// step at a time (a neighbour one closer always exists and its residue names it). Only the goal pair
    /// has the goal's entry (its conjugates are itself).
    pub(super) fn distance(&self, moves: &Moves, goal: usize, mut a: u32, mut b: u32) -> u32 {
        debug_assert_eq!(self.bits, 2);
        let mut d = 0;
        loop {
            let i = self.index(a, b);
            if i == goal {
                return d;
            }
            let down = closer_residue(self.value(i));
            let m = (0..moves.count)
                .find(|&m| self.value(self.index((moves.a)(a, m), (moves.b)(b, m))) == down)
                .expect("a complete two-bit table has a neighbour one closer");
            (a, b) = ((moves.a)(a, m), (moves.b)(b, m));
            d += 1;
        }
    }

    /// Fills the entries from the goal pair, on all threads, reporting each depth to `control` (phase
    /// `"table"`).
    pub(super) fn build(&mut self, moves: &Moves, goal: (u32, u32), control: Control) -> Result<()> {
        let n = self.len();
        let count = self.fill_word_count();
        let mut words: Vec<AtomicU64> = Vec::with_capacity(count);
        crate::memory::advise_huge_pages(words.as_ptr() as *const u8, count * 8);
        words.extend((0..count).map(|_| AtomicU64::new(u64::MAX)));
        let builder = Builder { table: self, words: &words, moves };
        let g = self.index(goal.0, goal.1);
        let mut filled = builder.set(g / self.b_size, g % self.b_size, 0);
        let mut depth = 0u32;
        let mut frontier = filled;
        while filled < n as u64 {
            control.check()?;
            control.report(Progress { phase: "table", depth, done: filled, total: Some(n as u64) });
            if self.bits == 4 && depth + 1 == self.cap {
                // Everything left is at the cap or further: the cap.
                builder.fill_empty(self.cap as u8);
                break;
            }
            let new = builder.level(depth, frontier > n as u64 - filled);
            if new == 0 {
                break;
            }
            filled += new;
            frontier = new;
            depth += 1;
        }
        self.words = words.into_iter().map(AtomicU64::into_inner).collect();
        if self.trits {
            to_trits(&mut self.words, n);
        }
        Ok(())
    }
}

/// Per digit `k` and byte: the byte's base-3 digit `k` (the least significant first).
static TRITS: [[u8; 256]; 5] = {
    let mut t = [[0u8; 256]; 5];
    let mut k = 0;
    let mut p = 1;
    while k < 5 {
        let mut b = 0;
        while b < 256 {
            t[k][b] = (b / p % 3) as u8;
            b += 1;
        }
        p *= 3;
        k += 1;
    }
    t
};

/// Rewrites `n` two-bit entries (residues 0..=2) as trits, in place, and drops the words left over.
/// Byte `j` takes entries `5j..5j + 5` and lands on the bits of entries `4j..4j + 4`, which were read
/// already; the words are read and written in order, on one thread (seconds for the largest table).
pub(super) fn to_trits(words: &mut Vec<u64>, n: usize) {
    let bytes = n.div_ceil(5);
    let entry = |words: &[u64], i: usize| -> u64 {
        if i < n {
            words[i >> 5] >> ((i & 31) * 2) & 3
        } else {
            0
        }
    };
    for j in 0..bytes {
        let mut byte = 0u64;
        for k in (0..5).rev() {
            byte = byte * 3 + entry(words, 5 * j + k);
        }
        let sh = (j & 7) * 8;
        let w = &mut words[j >> 3];
        *w = *w & !(0xff << sh) | byte << sh;
    }
    words.truncate(bytes.div_ceil(8));
    // The last word's bytes past the entries are zero (as a saved file holds them).
    if bytes % 8 != 0 {
        let keep = (bytes % 8) * 8;
        if let Some(w) = words.last_mut() {
            *w &= (1u64 << keep) - 1;
        }
    }
    words.shrink_to_fit();
}

/// Per lane of `bits` bits of `word`: its lowest bit set where the lane holds `v`.
#[inline(always)]
fn lanes_equal(word: u64, v: u8, bits: u32) -> u64 {
    let low = if bits == 2 { 0x5555_5555_5555_5555u64 } else { 0x1111_1111_1111_1111u64 };
    let x = !(word ^ low.wrapping_mul(v as u64));
    if bits == 2 {
        x & x >> 1 & low
    } else {
        x & x >> 1 & x >> 2 & x >> 3 & low
    }
}

/// The fill of one table.
struct Builder<'a> {
    table: &'a SymTable,
    words: &'a [AtomicU64],
    moves: &'a Moves<'a>,
}

impl Builder<'_> {
    #[inline(always)]
    fn get(&self, i: usize) -> u8 {
        let (bits, shift) = (self.table.bits, self.table.per_shift);
        (self.words[i >> shift].load(Relaxed) >> ((i & ((1 << shift) - 1)) as u32 * bits)) as u8 & self.table.empty()
    }

    /// Sets entry (class, b) to `v` where empty, with the entries its class's stabilizer makes equal to
    /// it; how many were new.
    fn set(&self, c: usize, b: usize, v: u8) -> u64 {
        let t = self.table;
        let (bits, empty, per_shift) = (t.bits, t.empty(), t.per_shift);
        let mut stab = t.classes.stab[c];
        let mut new = 0;
        while stab != 0 {
            let s = stab.trailing_zeros() as usize;
            stab &= stab - 1;
            let i = c * t.b_size + t.conj_b(b as u32, s);
            let shift = (i & ((1 << per_shift) - 1)) as u32 * bits;
            let old = self.words[i >> per_shift].fetch_and(!(((empty ^ v) as u64) << shift), Relaxed);
            new += ((old >> shift) as u8 & empty == empty) as u64;
        }
        new
    }

    /// Sets every empty entry to `v`.
    fn fill_empty(&self, v: u8) {
        let t = self.table;
        let (bits, empty) = (t.bits, t.empty() as u64);
        let mut pattern = 0u64;
        for k in 0..64 / bits {
            pattern |= (v as u64) << (k * bits);
        }
        for w in self.words {
            let x = w.load(Relaxed);
            // Per entry: all ones (empty) → v; else kept.
            let mut out = x;
            for k in 0..64 / bits {
                let sh = k * bits;
                if x >> sh & empty == empty {
                    out = out & !(empty << sh) | (pattern >> sh & empty) << sh;
                }
            }
            w.store(out, Relaxed);
        }
    }

    /// One level: the entries at `depth` (forward) or those next to them (backward) get `depth + 1`;
    /// how many were new.
    fn level(&self, depth: u32, backward: bool) -> u64 {
        let t = self.table;
        let (v, next, empty) = (t.code(depth), t.code(depth + 1), t.empty());
        let k = self.moves.count;
        let task = |c: usize| -> u64 {
            // Where each move takes the class's representative: a class and a symmetry.
            let rep = t.classes.reps[c];
            let to: Vec<(usize, usize)> = (0..k)
                .map(|m| {
                    let p = t.packed[(self.moves.a)(rep, m) as usize];
                    ((p >> 4) as usize, (p & 15) as usize)
                })
                .collect();
            let child = |b: usize, m: usize| -> (usize, usize) {
                let (c2, s2) = to[m];
                (c2, t.conj_b((self.moves.b)(b as u32, m), s2))
            };
            let mut new = 0;
            // Only the words holding an entry the level looks at (at `depth` forward, empty backward):
            // the small levels touch few.
            let wanted = if backward { empty } else { v };
            let (per, per_shift) = (1usize << t.per_shift, t.per_shift);
            let mut b = 0;
            while b < t.b_size {
                let i = c * t.b_size + b;
                let lanes = lanes_equal(self.words[i >> per_shift].load(Relaxed), wanted, t.bits)
                    >> ((i & (per - 1)) as u32 * t.bits);
                if lanes == 0 {
                    b += per - (i & (per - 1));
                    continue;
                }
                // The next entry the level looks at in this word.
                let at = b + lanes.trailing_zeros() as usize / t.bits as usize;
                if at >= t.b_size {
                    break;
                }
                b = at + 1;
                let b = at;
                let here = self.get(c * t.b_size + b);
                if backward {
                    if here == empty
                        && (0..k).any(|m| {
                            let (c2, b2) = child(b, m);
                            self.get(c2 * t.b_size + b2) == v
                        })
                    {
                        new += self.set(c, b, next);
                    }
                } else if here == v {
                    for m in 0..k {
                        let (c2, b2) = child(b, m);
                        if self.get(c2 * t.b_size + b2) == empty {
                            new += self.set(c2, b2, next);
                        }
                    }
                }
            }
            new
        };
        let classes = t.classes.len();
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            (0..classes).into_par_iter().with_min_len(16).map(task).sum()
        }
        #[cfg(not(feature = "parallel"))]
        (0..classes).map(task).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Trits hold what two-bit entries held, at the offsets `value` reads, for lengths that end
    /// anywhere in a byte or word.
    #[test]
    fn trits_hold_the_two_bit_entries() {
        for n in [1usize, 4, 5, 6, 39, 40, 41, 1000, 4099] {
            let codes: Vec<u64> = (0..n).map(|i| (i * 7 + i / 3) as u64 % 3).collect();
            let mut words = vec![0u64; n.div_ceil(32)];
            for (i, &c) in codes.iter().enumerate() {
                words[i / 32] |= c << (i % 32 * 2);
            }
            to_trits(&mut words, n);
            assert_eq!(words.len(), n.div_ceil(5).div_ceil(8), "n = {n}");
            for (i, &c) in codes.iter().enumerate() {
                let j = i / 5;
                let byte = (words[j >> 3] >> ((j & 7) * 8)) as u8;
                assert_eq!(TRITS[i % 5][byte as usize] as u64, c, "n = {n}, entry {i}");
            }
            // Bytes past the entries are zero.
            let bytes = n.div_ceil(5);
            assert!((bytes..words.len() * 8).all(|j| words[j >> 3] >> ((j & 7) * 8) & 0xff == 0), "n = {n}");
        }
    }
}
