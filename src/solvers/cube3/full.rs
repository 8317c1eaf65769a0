//! The exact tables (natively, where the memory budget holds them, kept across runs by the CLI's
//! `--cache-dir`):
//!
//! - **phase 1** (the seed's table): for each class of (flip, slice) under the eight symmetries and each
//!   twist, the distance to `<U, D, R2, F2, L2, B2>` mod 3, two bits an entry: 127,000-odd classes ×
//!   2,187 twists, 70 MB for the 2,217,093,120 cosets. The search reads a position's exact distance once
//!   (walking down to the goal) and then each child's from one lookup: the three values differ by at most
//!   one, so the residue says which;
//! - **phase 2**: for each class of the corner permutation and each U/D edge permutation, the distance in
//!   phase 2's group (the E slice left out; 13 for 13 or more), four bits an entry: 5,288 × 40,320,
//!   107 MB. A bound beside
//!   the small tables', close to exact, so phase 2 starts only where it can end within the limit.
//!
//! Built in seconds on all threads ([`SymTable::build`]).

use super::coords::{
    conj, conj_table, Coordinate, CornerPerm, FlipWith, Slice, Twist, UdPerm, N_PERM, N_SLICE, N_TWIST,
};
use super::model::{Model, MOVES, PHASE2_MOVES, ROTATION_MASK};
use super::symmetry::SymClasses;
use super::symtable::{Moves, SymTable};
use super::tables::Tables;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::hash::Hasher;
use crate::saved::{Container, Section};

/// The two exact tables.
pub(super) struct FullTables {
    phase1: SymTable,
    phase2: SymTable,
}

/// Phase 2's table holds distances up to this (further ones as this): solutions of at most 20 moves
/// rarely need more in phase 2, and the fill stops there.
const PHASE2_CAP: u32 = 13;

const MAGIC: [u8; 8] = *b"TWS3FT01";
const VERSION: u32 = 1;
const WHAT: &str = "3x3x3 two-phase table file";

impl FullTables {
    /// Bytes the two tables take, with their class maps.
    pub(super) const BYTES: usize = 70_000_000 + 107_000_000 + (7 << 20);

    /// The tables without entries: classes and conjugations.
    fn empty(model: &Model, t: &Tables) -> (SymTable, SymTable) {
        let every = ROTATION_MASK;
        let fs = FlipWith(Slice { model, ranks: &t.ranks });
        let classes = SymClasses::new(FlipWith::<Slice>::SIZE, every, model, |x, s| conj(&fs, model, x, s));
        let phase1 = SymTable::new(classes, N_TWIST, conj_table(&Twist, model, every), 2, 0);
        let ud = UdPerm(model);
        let classes = SymClasses::new(N_PERM, every, model, |x, s| conj(&CornerPerm, model, x, s));
        let phase2 = SymTable::new(classes, N_PERM, conj_table(&ud, model, every), 4, PHASE2_CAP);
        (phase1, phase2)
    }

    /// Builds both on all threads, reporting each depth to `control` (phase `"table"`).
    pub(super) fn build(model: &Model, t: &Tables, control: Control) -> Result<Self> {
        let (mut phase1, mut phase2) = Self::empty(model, t);
        let n = N_SLICE as u32;
        let fs_move = |x: u32, m: usize| {
            t.flip_move[(x / n) as usize * MOVES + m] as u32 * n + t.slice_move[(x % n) as usize * MOVES + m] as u32
        };
        let twist_move = |x: u32, m: usize| t.twist_move[x as usize * MOVES + m] as u32;
        phase1.build(&Moves { count: MOVES, a: &fs_move, b: &twist_move }, (t.slice_goal as u32, 0), control)?;
        let k = PHASE2_MOVES.len();
        let cperm_move = |x: u32, m: usize| t.cperm_move[x as usize * k + m] as u32;
        let udperm_move = |x: u32, m: usize| t.udperm_move[x as usize * k + m] as u32;
        phase2.build(&Moves { count: k, a: &cperm_move, b: &udperm_move }, (0, 0), control)?;
        Ok(FullTables { phase1, phase2 })
    }

    /// Phase 1's entry of a position's coordinates.
    #[inline(always)]
    pub(super) fn phase1_index(&self, flip: u16, slice: u16, twist: u16) -> usize {
        self.phase1.index(flip as u32 * N_SLICE as u32 + slice as u32, twist as u32)
    }

    /// Phase 1's entry: the distance mod 3.
    #[inline(always)]
    pub(super) fn phase1_value(&self, i: usize) -> u8 {
        self.phase1.value(i)
    }

    /// Prefetches phase 1's class map word of (flip, slice).
    #[inline(always)]
    pub(super) fn prefetch_class(&self, flip: u16, slice: u16) {
        self.phase1.prefetch_class(flip as u32 * N_SLICE as u32 + slice as u32);
    }

    /// Prefetches phase 1's entry.
    #[inline(always)]
    pub(super) fn prefetch(&self, i: usize) {
        self.phase1.prefetch(i);
    }

    /// Phase 2's bound of the corner and U/D edge permutations (at most 14).
    #[inline(always)]
    pub(super) fn phase2_bound(&self, cperm: u16, udperm: u16) -> u8 {
        self.phase2.value(self.phase2.index(cperm as u32, udperm as u32))
    }

    /// The exact distance of a position's coordinates to phase 1's goal ([`SymTable::distance`]).
    pub(super) fn distance(&self, t: &Tables, flip: u16, slice: u16, twist: u16) -> u32 {
        let n = N_SLICE as u32;
        let fs_move = |x: u32, m: usize| {
            t.flip_move[(x / n) as usize * MOVES + m] as u32 * n + t.slice_move[(x % n) as usize * MOVES + m] as u32
        };
        let twist_move = |x: u32, m: usize| t.twist_move[x as usize * MOVES + m] as u32;
        let goal = self.phase1.index(t.slice_goal as u32, 0);
        self.phase1.distance(
            &Moves { count: MOVES, a: &fs_move, b: &twist_move },
            goal,
            flip as u32 * n + slice as u32,
            twist as u32,
        )
    }

    /// What the tables depend on: the definition's face turns and symmetries, and the version.
    fn key(model: &Model) -> Vec<(&'static str, u64)> {
        let mut h = Hasher::new();
        for c in model.moves.iter().chain(&model.syms) {
            h.bytes(&c.cp).bytes(&c.co).bytes(&c.ep).bytes(&c.eo);
        }
        vec![("3x3x3 definition's face turns and symmetries", h.finish()), ("version", u64::from(VERSION))]
    }

    /// The key as 16 hex digits (what a shell names the saved tables by).
    pub(super) fn key_string(model: &Model) -> String {
        format!("{:016x}", Hasher::of_key(&Self::key(model)))
    }

    /// The tables as bytes: the crate's checked container (LZ4 chunks with checksums).
    pub(super) fn save(&self, model: &Model) -> Vec<u8> {
        let section = |w: &Vec<u64>| Section::words(w.len(), |i| w[i]);
        Container::write(
            &MAGIC,
            VERSION,
            &Self::key(model),
            &[],
            vec![section(&self.phase1.words), section(&self.phase2.words)],
        )
    }

    /// Tables from bytes of [`FullTables::save`]; refused when made for another definition or version,
    /// or damaged.
    pub(super) fn load(model: &Model, t: &Tables, bytes: &[u8]) -> Result<Self> {
        let c = Container::open(bytes, WHAT, &MAGIC, VERSION, &Self::key(model))?;
        let (mut phase1, mut phase2) = Self::empty(model, t);
        if c.sections() != 2 {
            return Err(Error::new(format!("not a valid saved {WHAT}: {} tables instead of 2", c.sections())));
        }
        for (i, table) in [&mut phase1, &mut phase2].into_iter().enumerate() {
            let words = table.word_count();
            if c.len(i) != words as u64 * 8 {
                return Err(Error::new(format!("not a valid saved {WHAT}: table {i} is not the table's size")));
            }
            table.words = c.words(i, words as u64 * 8)?;
        }
        Ok(FullTables { phase1, phase2 })
    }

    /// The entries' words of both tables (for tests).
    #[cfg(test)]
    pub(super) fn words(&self) -> (&[u64], &[u64]) {
        (&self.phase1.words, &self.phase2.words)
    }
}
