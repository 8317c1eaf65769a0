//! The exact phase-1 table (the seed's): for each class of (flip, slice) under the eight symmetries and
//! each twist, the distance to `<U, D, R2, F2, L2, B2>` modulo 3, two bits an entry (3: not reached yet
//! while building). 127,000-odd classes × 2,187 twists: 70 MB for the 2,217,093,120 cosets. The search
//! reads a position's exact distance once (walking down to the goal) and then each child's from one
//! lookup: the three values differ by at most one, so the residue says which.
//!
//! Built breadth first on all threads (forward while the frontier is small, then backward: each entry
//! not reached yet looks for a neighbour on the frontier), in seconds natively; kept across runs by the
//! CLI's `--cache-dir` ([`save`](Phase1Table::save), [`load`](Phase1Table::load)).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::coords::{conj, conj_table, Coordinate, Flip, Slice, Twist, N_FLIP, N_SLICE, N_TWIST};
use super::cubie::Cubie;
use super::model::{Model, MOVES, SYMS};
use super::symmetry::SymClasses;
use super::tables::Tables;
use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::prune::persist::Hasher;
use crate::saved::{Container, Section};

/// The edges' flip and the E slice's place together (their values `flip * 495 + slice`): the pair the
/// symmetries that turn the U/D axis conjugate into each other (one alone would not do: a quarter turn
/// about U/D changes the E slice's edges' orientations).
struct FlipSlice<'m>(Slice<'m>);

impl Coordinate for FlipSlice<'_> {
    const SIZE: usize = N_FLIP * N_SLICE;
    fn get(&self, c: &Cubie) -> u32 {
        Flip.get(c) * N_SLICE as u32 + self.0.get(c)
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        Flip.set(c, x / N_SLICE as u32);
        self.0.set(c, x % N_SLICE as u32);
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        Flip.then(c, m)
    }
}

/// The table and what indexes it.
pub(super) struct Phase1Table {
    classes: SymClasses,
    /// Per (flip, slice) value: its class and symmetry in one word (`class << 3 | sym`, one cache miss
    /// where two arrays would take two).
    packed: Vec<u32>,
    twist_conj: Vec<u16>,
    pub(super) words: Vec<u64>,
}

const MAGIC: [u8; 8] = *b"TWS3P1T1";
const VERSION: u32 = 1;
const WHAT: &str = "3x3x3 phase-1 table file";
/// An entry not reached yet.
const EMPTY: u8 = 3;

impl Phase1Table {
    /// Bytes the table takes (the entries; the class maps add about 5 MB).
    pub(super) const BYTES: usize = 70_000_000;

    /// The classes and conjugations, without entries.
    fn index(model: &Model, t: &Tables) -> (SymClasses, Vec<u16>) {
        let fs = FlipSlice(Slice { model, ranks: &t.ranks });
        let every = ((1u16 << SYMS) - 1) as u8;
        let classes = SymClasses::new(FlipSlice::SIZE, every, model, |x, s| conj(&fs, model, x, s));
        (classes, conj_table(&Twist, model, every))
    }

    /// Builds the table on all threads, reporting each depth to `control` (phase `"table"`).
    pub(super) fn build(model: &Model, t: &Tables, control: Control) -> Result<Self> {
        let (classes, twist_conj) = Self::index(model, t);
        let n = classes.len() * N_TWIST;
        let words: Vec<AtomicU64> = (0..n.div_ceil(32)).map(|_| AtomicU64::new(u64::MAX)).collect();
        let packed = pack(&classes);
        let mut table = Phase1Table { classes, packed, twist_conj, words: Vec::new() };
        let builder = Builder { table: &table, model, t, words: &words };
        let goal = table.entry(0, t.slice_goal as u32, 0);
        let mut filled = builder.set(goal.0, goal.1, 0);
        let mut depth = 0u32;
        let mut frontier = filled;
        while filled < n as u64 {
            control.check()?;
            control.report(Progress { phase: "table", depth, done: filled, total: Some(n as u64) });
            let backward = frontier > n as u64 - filled;
            let new = builder.level(depth, backward);
            if new == 0 {
                break;
            }
            filled += new;
            frontier = new;
            depth += 1;
        }
        table.words = words.into_iter().map(AtomicU64::into_inner).collect();
        Ok(table)
    }

    /// The class and twist (conjugated) of a position's coordinates.
    #[inline(always)]
    fn entry(&self, flip: u32, slice: u32, twist: u32) -> (u32, u32) {
        let p = self.packed[(flip * N_SLICE as u32 + slice) as usize];
        (p >> 3, self.twist_conj[twist as usize * SYMS + (p & 7) as usize] as u32)
    }

    /// The table's index of a position's coordinates.
    #[inline(always)]
    pub(super) fn index_of(&self, flip: u16, slice: u16, twist: u16) -> usize {
        let (c, t) = self.entry(flip as u32, slice as u32, twist as u32);
        c as usize * N_TWIST + t as usize
    }

    /// The entry at an index: the distance mod 3.
    #[inline(always)]
    pub(super) fn value(&self, i: usize) -> u8 {
        (self.words[i >> 5] >> ((i & 31) * 2)) as u8 & 3
    }

    /// Prefetches the class map's entry of a (flip, slice) pair.
    #[inline(always)]
    pub(super) fn prefetch_class(&self, flip: u16, slice: u16) {
        if let Some(p) = self.packed.get(flip as usize * N_SLICE + slice as usize) {
            crate::memory::prefetch(p);
        }
    }

    /// Prefetches the word of an index.
    #[inline(always)]
    pub(super) fn prefetch(&self, i: usize) {
        if let Some(w) = self.words.get(i >> 5) {
            crate::memory::prefetch(w);
        }
    }

    /// The exact distance of a position's coordinates to phase 1's goal: down one step at a time (a
    /// neighbour one closer always exists and its residue names it).
    pub(super) fn distance(&self, t: &Tables, mut flip: u16, mut slice: u16, mut twist: u16) -> u32 {
        let mut d = 0;
        while !(flip == 0 && twist == 0 && slice == t.slice_goal) {
            let v = self.value(self.index_of(flip, slice, twist));
            let down = (v + 2) % 3;
            let m = (0..MOVES)
                .find(|&m| {
                    let (f, s, w) = (
                        t.flip_move[flip as usize * MOVES + m],
                        t.slice_move[slice as usize * MOVES + m],
                        t.twist_move[twist as usize * MOVES + m],
                    );
                    self.value(self.index_of(f, s, w)) == down
                })
                .expect("a complete phase-1 table has a neighbour one closer");
            (flip, slice, twist) = (
                t.flip_move[flip as usize * MOVES + m],
                t.slice_move[slice as usize * MOVES + m],
                t.twist_move[twist as usize * MOVES + m],
            );
            d += 1;
        }
        d
    }

    /// What the table depends on: the definition's face turns and symmetries, and the version.
    fn key(model: &Model) -> Vec<(&'static str, u64)> {
        let mut h = Hasher::new();
        for c in model.moves.iter().chain(&model.syms) {
            h.bytes(&c.cp).bytes(&c.co).bytes(&c.ep).bytes(&c.eo);
        }
        vec![("3x3x3 definition's face turns and symmetries", h.finish()), ("version", u64::from(VERSION))]
    }

    /// The key as 16 hex digits (what a shell names the saved table by).
    pub(super) fn key_string(model: &Model) -> String {
        let mut h = Hasher::new();
        for (_, v) in Self::key(model) {
            h.number(v);
        }
        format!("{:016x}", h.finish())
    }

    /// The table as bytes: the crate's checked container (LZ4 chunks with checksums).
    pub(super) fn save(&self, model: &Model) -> Vec<u8> {
        let words = &self.words;
        Container::write(&MAGIC, VERSION, &Self::key(model), &[], &[Section::words(words.len(), |i| words[i])])
    }

    /// A table from bytes of [`Phase1Table::save`]; refused when made for another definition or version,
    /// or damaged.
    pub(super) fn load(model: &Model, t: &Tables, bytes: &[u8]) -> Result<Self> {
        let c = Container::open(bytes, WHAT, &MAGIC, VERSION, &Self::key(model))?;
        let (classes, twist_conj) = Self::index(model, t);
        let words = (classes.len() * N_TWIST).div_ceil(32);
        if c.sections() != 1 || c.len(0) != words as u64 * 8 {
            return Err(Error::new(format!("not a valid saved {WHAT}: not the table's size")));
        }
        let bytes = c.bytes(0, words as u64 * 8)?;
        let words = bytes.chunks_exact(8).map(|b| u64::from_le_bytes(b.try_into().unwrap())).collect();
        let packed = pack(&classes);
        Ok(Phase1Table { classes, packed, twist_conj, words })
    }
}

/// Class and symmetry of each value in one word.
fn pack(classes: &SymClasses) -> Vec<u32> {
    debug_assert!(SYMS == 8 && classes.len() < 1 << 29);
    classes.class.iter().zip(&classes.sym).map(|(&c, &s)| c << 3 | s as u32).collect()
}

/// The fill of one table.
struct Builder<'a> {
    table: &'a Phase1Table,
    model: &'a Model,
    t: &'a Tables,
    words: &'a [AtomicU64],
}

impl Builder<'_> {
    #[inline(always)]
    fn get(&self, i: usize) -> u8 {
        (self.words[i >> 5].load(Relaxed) >> ((i & 31) * 2)) as u8 & 3
    }

    /// Sets entry (class, twist) to `v` where empty, with the entries its class's stabilizer makes
    /// equal to it; how many were new.
    fn set(&self, c: u32, twist: u32, v: u8) -> u64 {
        let mut stab = self.table.classes.stab[c as usize];
        let mut new = 0;
        while stab != 0 {
            let s = stab.trailing_zeros() as usize;
            stab &= stab - 1;
            let i = c as usize * N_TWIST + self.table.twist_conj[twist as usize * SYMS + s] as usize;
            let shift = (i & 31) * 2;
            let old = self.words[i >> 5].fetch_and(!(((EMPTY ^ v) as u64) << shift), Relaxed);
            new += (old >> shift & 3 == EMPTY as u64) as u64;
        }
        new
    }

    /// One level: the entries at `depth` (forward) or those next to them (backward) get `depth + 1`;
    /// how many were new.
    fn level(&self, depth: u32, backward: bool) -> u64 {
        let classes = self.table.classes.len();
        let (v, next) = ((depth % 3) as u8, ((depth + 1) % 3) as u8);
        let task = |c: usize| -> u64 {
            // Where each move takes the class's representative: a class and a symmetry.
            let rep = self.table.classes.reps[c];
            let (flip, slice) = ((rep / N_SLICE as u32) as usize, (rep % N_SLICE as u32) as usize);
            let mut to = [(0u32, 0u8); MOVES];
            for (m, slot) in to.iter_mut().enumerate() {
                let raw = self.t.flip_move[flip * MOVES + m] as usize * N_SLICE
                    + self.t.slice_move[slice * MOVES + m] as usize;
                *slot = (self.table.classes.class[raw], self.table.classes.sym[raw]);
            }
            let child = |twist: usize, m: usize| -> (u32, u32) {
                let (c2, s2) = to[m];
                let tw = self.t.twist_move[twist * MOVES + m] as usize;
                (c2, self.table.twist_conj[tw * SYMS + s2 as usize] as u32)
            };
            let mut new = 0;
            for twist in 0..N_TWIST {
                let here = self.get(c * N_TWIST + twist);
                if backward {
                    if here == EMPTY
                        && (0..MOVES).any(|m| {
                            let (c2, t2) = child(twist, m);
                            self.get(c2 as usize * N_TWIST + t2 as usize) == v
                        })
                    {
                        new += self.set(c as u32, twist as u32, next);
                    }
                } else if here == v {
                    for m in 0..MOVES {
                        let (c2, t2) = child(twist, m);
                        if self.get(c2 as usize * N_TWIST + t2 as usize) == EMPTY {
                            new += self.set(c2, t2, next);
                        }
                    }
                }
            }
            new
        };
        let _ = self.model;
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            (0..classes).into_par_iter().with_min_len(64).map(task).sum()
        }
        #[cfg(not(feature = "parallel"))]
        (0..classes).map(task).sum()
    }
}
