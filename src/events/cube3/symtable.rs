//! [`SymTable`]: a large pruning table over (symmetry class of a coordinate `A`, a coordinate `B`), two
//! bits an entry (the distance mod 3, the seed's encoding: neighbours' residues tell which way the
//! distance went) or four (the distance itself, 14 standing for 14 or more), filled breadth first on all
//! threads: forward while the frontier is small, then backward (each entry not reached yet looks for a
//! neighbour on the frontier). The exact tables of [`full`](super::full) are two of these.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::model::SYMS;
use super::symmetry::SymClasses;
use crate::control::{Control, Progress};
use crate::error::Result;

/// The table.
pub(super) struct SymTable {
    pub classes: SymClasses,
    /// Per value of `A`: its class and symmetry in one word (`class << 3 | sym`).
    packed: Vec<u32>,
    b_size: usize,
    /// `B` conjugated by each symmetry (`b * 8 + s`).
    b_conj: Vec<u16>,
    /// Bits per entry: 2 (distance mod 3) or 4 (distance, at most `cap`).
    bits: u32,
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
        debug_assert!(SYMS == 8 && classes.len() < 1 << 29 && (bits == 2 || bits == 4 && cap <= 14));
        // Read at random by every lookup (97 MB for the huge table): huge pages spare the TLB misses.
        let mut packed = Vec::with_capacity(classes.class.len());
        crate::memory::advise_huge_pages(packed.as_ptr() as *const u8, classes.class.len() * 4);
        packed.extend(classes.class.iter().zip(&classes.sym).map(|(&c, &s)| c << 3 | s as u32));
        let per_shift = (64 / bits).trailing_zeros();
        SymTable { classes, packed, b_size, b_conj, bits, per_shift, cap, words: Vec::new() }
    }

    /// Bits an entry holds: 2 (the distance mod 3) or 4 (the distance).
    pub(super) fn bits(&self) -> u32 {
        self.bits
    }

    /// Length of the packed (class, symmetry) map.
    pub(super) fn packed_len(&self) -> usize {
        self.packed.len()
    }

    /// Length of the second coordinate's conjugation table.
    pub(super) fn b_conj_len(&self) -> usize {
        self.b_conj.len()
    }

    /// Number of entries.
    pub(super) fn len(&self) -> usize {
        self.classes.len() * self.b_size
    }

    /// Number of words of the entries.
    pub(super) fn word_count(&self) -> usize {
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
        (p >> 3) as usize * self.b_size + self.b_conj[b as usize * SYMS + (p & 7) as usize] as usize
    }

    /// The class of `a` and the symmetry that takes it to its class's representative.
    #[inline(always)]
    pub(super) fn class_sym(&self, a: u32) -> (u32, u8) {
        let p = self.packed[a as usize];
        (p >> 3, (p & 7) as u8)
    }

    /// The entry of a class and `b`, where `sym` takes a member of the class to its representative
    /// and `b` is the member's: as [`SymTable::index`] of the member and `b`.
    #[inline(always)]
    pub(super) fn entry(&self, class: u32, b: u32, sym: u8) -> usize {
        class as usize * self.b_size + self.b_conj[b as usize * SYMS + sym as usize] as usize
    }

    /// Per class and move (`class * count + move`): the class and symmetry (`class << 3 | sym`) its
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
        if let Some(w) = self.words.get(i >> self.per_shift) {
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
            let down = (self.value(i) + 2) % 3;
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
        let count = self.word_count();
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
        Ok(())
    }
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
        let bits = self.table.bits;
        let per = 64 / bits as usize;
        (self.words[i / per].load(Relaxed) >> ((i % per) as u32 * bits)) as u8 & self.table.empty()
    }

    /// Sets entry (class, b) to `v` where empty, with the entries its class's stabilizer makes equal to
    /// it; how many were new.
    fn set(&self, c: usize, b: usize, v: u8) -> u64 {
        let t = self.table;
        let (bits, empty) = (t.bits, t.empty());
        let per = 64 / bits as usize;
        let mut stab = t.classes.stab[c];
        let mut new = 0;
        while stab != 0 {
            let s = stab.trailing_zeros() as usize;
            stab &= stab - 1;
            let i = c * t.b_size + t.b_conj[b * SYMS + s] as usize;
            let shift = (i % per) as u32 * bits;
            let old = self.words[i / per].fetch_and(!(((empty ^ v) as u64) << shift), Relaxed);
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
                    ((p >> 3) as usize, (p & 7) as usize)
                })
                .collect();
            let child = |b: usize, m: usize| -> (usize, usize) {
                let (c2, s2) = to[m];
                (c2, t.b_conj[(self.moves.b)(b as u32, m) as usize * SYMS + s2] as usize)
            };
            let mut new = 0;
            // Only the words holding an entry the level looks at (at `depth` forward, empty backward):
            // the small levels touch few.
            let wanted = if backward { empty } else { v };
            let per = 64 / t.bits as usize;
            let mut b = 0;
            while b < t.b_size {
                let i = c * t.b_size + b;
                let lanes =
                    lanes_equal(self.words[i / per].load(Relaxed), wanted, t.bits) >> ((i % per) as u32 * t.bits);
                if lanes == 0 {
                    b += per - i % per;
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
