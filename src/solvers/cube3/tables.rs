//! The two-phase search's small tables: the coordinates' move tables, their symmetry classes and five
//! pruning tables (min2phase's choice of pairs, reduced by the rotations that keep the U/D axis).
//!
//! | table | pair | entries |
//! |---|---|---|
//! | phase 1 | twist class (8 symmetries) × slice | 291 × 495 |
//! | phase 1 | flip class (the 4 symmetries that keep edge orientations) × slice | 560 × 495 |
//! | phase 1 | twist class (those 4) × flip | 567 × 2,048 |
//! | phase 2 | corner permutation class (8) × E slice permutation | 5,288 × 24 |
//! | phase 2 | U/D edge permutation class (8) × E slice permutation | 5,288 × 24 |
//! | phase 2 | U/D edge permutation class (8) × U-layer corners' places and corner parity | 5,288 × 140 |
//!
//! The last is read for the position and for its inverse (the pair is not a quotient group, so the two
//! differ): with it a phase-2 probe visits a twentieth of the nodes it did with the first two alone.
//!
//! (The class counts and depths are what the test checks.) Altogether about 3.7 MB, most of it the
//! phase-2 move tables and twist × flip.

use super::coords::{
    conj, conj_table, move_table, perm_move_table, Coordinate, CornerPerm, Flip, Layers, LayersParity, Slice,
    SlicePerm, SliceRanks, Twist, UdPerm, N_FLIP, N_LAYERS, N_MPERM, N_PERM, N_SLICE, N_TWIST,
};

/// Values of [`LayersParity`].
const N_CORNERS: usize = 2 * N_LAYERS;
use super::cubie::Cubie;
use super::model::{Model, MOVES, PHASE2_MOVES, ROTATIONS, ROTATION_MASK, SYMS};
use super::symmetry::{PairTable, SymClasses};
use crate::control::{Control, Progress};
use crate::error::Result;

/// Phase 1's small tables hold 8 for 8 or 9: only a few hundred entries of the twist × slice and flip ×
/// slice tables and 2,232 of twist × flip's are at 9, and the fill skips its two slowest levels (the
/// first scramble comes a fifth sooner).
const PHASE1_CAP: u8 = 8;

/// Twist × flip holds 7 for 7 and more: its fill's last level (a pass over its 1.16 M entries, each
/// looking at up to 18 neighbours) was a third of all the tables' time, and the deeper entries mostly
/// sit where the other two tables already bound 8 or more (warm solves lose about a tenth).
const TWIST_FLIP_CAP: u8 = 7;

/// Steps of the build reported as progress.
const STEPS: u64 = 6;

/// Everything the search reads.
pub(super) struct Tables {
    pub twist_move: Vec<u16>,
    pub flip_move: Vec<u16>,
    pub slice_move: Vec<u16>,
    pub twist: SymClasses,
    pub flip: SymClasses,
    pub slice_conj: Vec<u16>,
    /// Phase 1's pruning tables: twist class × slice, flip class × slice.
    pub twist_slice: Vec<u8>,
    pub flip_slice: Vec<u8>,
    /// Twist classes under the symmetries that keep both orientations, the flip's conjugation by them,
    /// and the twist class × flip table.
    pub twist4: SymClasses,
    pub flip_conj: Vec<u16>,
    pub twist_flip: Vec<u8>,
    /// The slice coordinate of the solved cube (the phase-1 goal with twist and flip 0).
    pub slice_goal: u16,
    /// The search's copies of the phase-1 class maps, one load per coordinate: per twist, its class and
    /// symmetry under the eight rotations and under the four (`class << 16 | sym << 13 | class4 << 3 |
    /// sym4`); per flip, `class << 3 | sym`.
    pub twist_packed: Vec<u32>,
    pub flip_packed: Vec<u16>,
    pub cperm_move: Vec<u16>,
    pub udperm_move: Vec<u16>,
    pub mperm_move: Vec<u16>,
    pub cperm: SymClasses,
    pub udperm: SymClasses,
    /// Per corner (U/D edge) permutation: its class and symmetry in 16 bits (`class << 3 | sym`), the
    /// search's copy (a quarter of the bytes of the two arrays, so phase 2 stays in the L2 cache).
    pub cperm_packed: Vec<u16>,
    pub udperm_packed: Vec<u16>,
    pub mperm_conj: Vec<u16>,
    /// Phase 2's pruning tables: corner permutation class × E slice permutation, U/D edge permutation
    /// class × E slice permutation.
    pub cperm_mperm: Vec<u8>,
    pub udperm_mperm: Vec<u8>,
    /// min2phase's strongest phase-2 pair: U/D edge permutation class × where the U layer's corners are
    /// with the corners' parity ([`LayersParity`]), and that coordinate's moves and conjugations. Not a
    /// quotient group, so the position's inverse is bounded by it too, and differently.
    pub udperm_corners: Vec<u8>,
    pub corners_conj: Vec<u16>,
    /// Per corner permutation, its [`LayersParity`] and that of its inverse; per U/D edge permutation,
    /// its inverse's.
    pub cperm_corners: Vec<u8>,
    pub cperm_inv_corners: Vec<u8>,
    pub udperm_inv: Vec<u16>,
    pub ranks: SliceRanks,
}

/// Per value of `perm` (a permutation coordinate), `f` of the cubie with it and of that cubie's inverse.
fn per_perm<P: Coordinate, T>(perm: &P, n: usize, f: impl Fn(&Cubie, &Cubie) -> T) -> Vec<T> {
    (0..n)
        .map(|x| {
            let mut c = Cubie::SOLVED;
            perm.set(&mut c, x as u32);
            f(&c, &c.inverse())
        })
        .collect()
}

/// The symmetries (bits) whose conjugation keeps the orientations' meaning: those without twist (for
/// the twist) or flip (for the flip) of their own.
fn orientation_syms(model: &Model, keeps: impl Fn(&Cubie) -> bool) -> u16 {
    (0..ROTATIONS).filter(|&s| keeps(&model.syms[s])).fold(0, |a, s| a | 1 << s)
}

impl Tables {
    /// Builds them in six steps, each reported to `control` (phase `"table"`) and cancellable.
    pub(super) fn new(model: &Model, control: Control) -> Result<Self> {
        let step = |k: u64| -> Result<()> {
            control.check()?;
            control.report(Progress { phase: "table", depth: 0, done: k, total: Some(STEPS) });
            Ok(())
        };
        step(0)?;
        let ranks = SliceRanks::new();
        let all: Vec<u8> = (0..MOVES as u8).collect();
        let slice = Slice { model, ranks: &ranks };
        let twist_move = move_table(&Twist, model, &all);
        let flip_move = move_table(&Flip, model, &all);
        let slice_move = move_table(&slice, model, &all);
        let every = ROTATION_MASK;
        let twist_syms = orientation_syms(model, |s| s.co == [0; 8]);
        let flip_syms = orientation_syms(model, |s| s.eo == [0; 12]);
        let twist = SymClasses::new(N_TWIST, twist_syms, model, |x, s| conj(&Twist, model, x, s));
        let flip = SymClasses::new(N_FLIP, flip_syms, model, |x, s| conj(&Flip, model, x, s));
        let slice_conj = conj_table(&slice, model, every);
        let slice_goal = ranks.rank(model.e_mask);
        let pair = |a: &SymClasses, a_moves: &[u16]| -> Vec<u8> {
            PairTable { a, a_moves, b_size: N_SLICE, b_moves: &slice_move, b_conj: &slice_conj, moves: MOVES }
                .build((0, slice_goal), Some(PHASE1_CAP))
        };
        step(1)?;
        let twist_slice = pair(&twist, &twist_move);
        step(2)?;
        let flip_slice = pair(&flip, &flip_move);
        let both = twist_syms & flip_syms;
        let twist4 = SymClasses::new(N_TWIST, both, model, |x, s| conj(&Twist, model, x, s));
        let flip_conj = conj_table(&Flip, model, both);
        let twist_flip = PairTable {
            a: &twist4,
            a_moves: &twist_move,
            b_size: N_FLIP,
            b_moves: &flip_move,
            b_conj: &flip_conj,
            moves: MOVES,
        }
        .build((0, 0), Some(TWIST_FLIP_CAP));
        step(3)?;

        let (ud, m) = (UdPerm(model), SlicePerm(model));
        let cperm_move = perm_move_table::<_, 8>(&CornerPerm, model, &PHASE2_MOVES);
        let udperm_move = perm_move_table::<_, 8>(&ud, model, &PHASE2_MOVES);
        let mperm_move = perm_move_table::<_, 4>(&m, model, &PHASE2_MOVES);
        let cperm = SymClasses::new(N_PERM, every, model, |x, s| conj(&CornerPerm, model, x, s));
        let udperm = SymClasses::new(N_PERM, every, model, |x, s| conj(&ud, model, x, s));
        let mperm_conj = conj_table(&m, model, every);
        let pair2 = |a: &SymClasses, a_moves: &[u16]| -> Vec<u8> {
            PairTable {
                a,
                a_moves,
                b_size: N_MPERM,
                b_moves: &mperm_move,
                b_conj: &mperm_conj,
                moves: PHASE2_MOVES.len(),
            }
            .build((0, 0), None)
        };
        step(4)?;
        let cperm_mperm = pair2(&cperm, &cperm_move);
        step(5)?;
        let udperm_mperm = pair2(&udperm, &udperm_move);
        let corners = LayersParity(Layers(model));
        let corners_move = move_table(&corners, model, &PHASE2_MOVES);
        let corners_conj = conj_table(&corners, model, every);
        let udperm_corners = PairTable {
            a: &udperm,
            a_moves: &udperm_move,
            b_size: N_CORNERS,
            b_moves: &corners_move,
            b_conj: &corners_conj,
            moves: PHASE2_MOVES.len(),
        }
        .build((0, corners.get(&Cubie::SOLVED) as u16), None);
        let (cperm_corners, cperm_inv_corners): (Vec<u8>, Vec<u8>) =
            per_perm(&CornerPerm, N_PERM, |c, i| (corners.get(c) as u8, corners.get(i) as u8)).into_iter().unzip();
        let udperm_inv = per_perm(&ud, N_PERM, |_, i| ud.get(i) as u16);
        step(STEPS)?;
        let pack = |c: &SymClasses| -> Vec<u16> {
            debug_assert!(c.len() << 3 <= 1 << 16);
            c.class.iter().zip(&c.sym).map(|(&k, &s)| (k << 3 | s as u32) as u16).collect()
        };
        let (cperm_packed, udperm_packed) = (pack(&cperm), pack(&udperm));
        debug_assert!(twist.len() < 1 << 16 && twist4.len() < 1 << 10);
        let twist_packed = (0..N_TWIST)
            .map(|x| twist.class[x] << 16 | (twist.sym[x] as u32) << 13 | twist4.class[x] << 3 | twist4.sym[x] as u32)
            .collect();
        let flip_packed = pack(&flip);
        Ok(Tables {
            twist_move,
            flip_move,
            slice_move,
            twist,
            flip,
            slice_conj,
            twist_slice,
            flip_slice,
            twist4,
            flip_conj,
            twist_flip,
            slice_goal,
            twist_packed,
            flip_packed,
            cperm_move,
            udperm_move,
            mperm_move,
            cperm,
            udperm,
            cperm_packed,
            udperm_packed,
            mperm_conj,
            cperm_mperm,
            udperm_mperm,
            udperm_corners,
            corners_conj,
            cperm_corners,
            cperm_inv_corners,
            udperm_inv,
            ranks,
        })
    }

    /// Phase 1's bound: the largest of its three tables' distances.
    #[inline(always)]
    pub(super) fn phase1_bound(&self, twist: u16, flip: u16, slice: u16) -> u8 {
        let (t, f) = (self.twist_packed[twist as usize], self.flip_packed[flip as usize]);
        let (tc, ts, xc, xs) = (t >> 16, t >> 13 & 7, t >> 3 & 1023, t & 7);
        let (fc, fs) = (f >> 3, f & 7);
        let s = slice as usize * SYMS;
        let a = self.twist_slice[tc as usize * N_SLICE + self.slice_conj[s + ts as usize] as usize];
        let b = self.flip_slice[fc as usize * N_SLICE + self.slice_conj[s + fs as usize] as usize];
        let c = self.twist_flip[xc as usize * N_FLIP + self.flip_conj[flip as usize * SYMS + xs as usize] as usize];
        a.max(b).max(c)
    }

    /// Phase 1's bound where it is at most `left`, else some value above `left`: the tables are read
    /// one at a time, and the first above `left` ends the lookups.
    #[inline(always)]
    pub(super) fn phase1_bound_within(&self, twist: u16, flip: u16, slice: u16, left: u32) -> u32 {
        let (t, f) = (self.twist_packed[twist as usize], self.flip_packed[flip as usize]);
        let s = slice as usize * SYMS;
        let (tc, ts) = (t >> 16, t >> 13 & 7);
        let a = self.twist_slice[tc as usize * N_SLICE + self.slice_conj[s + ts as usize] as usize] as u32;
        if a > left {
            return a;
        }
        let (fc, fs) = (f >> 3, f & 7);
        let b = self.flip_slice[fc as usize * N_SLICE + self.slice_conj[s + fs as usize] as usize] as u32;
        if b > left {
            return b;
        }
        let (xc, xs) = (t >> 3 & 1023, t & 7);
        let c =
            self.twist_flip[xc as usize * N_FLIP + self.flip_conj[flip as usize * SYMS + xs as usize] as usize] as u32;
        a.max(b).max(c)
    }

    /// Phase 2's bound: the largest of its tables' distances, of the position and (U/D edges × corners)
    /// of its inverse.
    #[inline(always)]
    pub(super) fn phase2_bound(&self, cperm: u16, udperm: u16, mperm: u16) -> u8 {
        self.phase2_bound_within(cperm, udperm, mperm, u32::MAX) as u8
    }

    /// Phase 2's bound where it is at most `left`, else some value above `left`: the tables are read
    /// one at a time, and the first above `left` ends the lookups.
    #[inline(always)]
    pub(super) fn phase2_bound_within(&self, cperm: u16, udperm: u16, mperm: u16, left: u32) -> u32 {
        let edges_corners = |ud: u16, corners: u8| -> u32 {
            let u = self.udperm_packed[ud as usize];
            let (uc, us) = (u >> 3, u & 7);
            self.udperm_corners
                [uc as usize * N_CORNERS + self.corners_conj[corners as usize * SYMS + us as usize] as usize]
                as u32
        };
        let a = edges_corners(udperm, self.cperm_corners[cperm as usize]);
        if a > left {
            return a;
        }
        let (c, u) = (self.cperm_packed[cperm as usize], self.udperm_packed[udperm as usize]);
        let (cc, cs, uc, us) = (c >> 3, c & 7, u >> 3, u & 7);
        let m = mperm as usize * SYMS;
        let b = self.cperm_mperm[cc as usize * N_MPERM + self.mperm_conj[m + cs as usize] as usize] as u32;
        if b > left {
            return b;
        }
        let i = edges_corners(self.udperm_inv[udperm as usize], self.cperm_inv_corners[cperm as usize]);
        if i > left {
            return i;
        }
        let d = self.udperm_mperm[uc as usize * N_MPERM + self.mperm_conj[m + us as usize] as usize] as u32;
        a.max(b).max(i).max(d)
    }

    /// Bytes of all tables.
    pub(super) fn bytes(&self) -> usize {
        let w = |v: &Vec<u16>| v.len() * 2;
        let c = |s: &SymClasses| s.class.len() * 3 + s.reps.len() * 3;
        w(&self.twist_move)
            + w(&self.flip_move)
            + w(&self.slice_move)
            + w(&self.slice_conj)
            + w(&self.cperm_move)
            + w(&self.udperm_move)
            + w(&self.mperm_move)
            + w(&self.mperm_conj)
            + c(&self.twist)
            + c(&self.flip)
            + c(&self.twist4)
            + w(&self.flip_conj)
            + c(&self.cperm)
            + c(&self.udperm)
            + self.twist_packed.len() * 4
            + w(&self.flip_packed)
            + self.udperm_corners.len()
            + w(&self.corners_conj)
            + self.cperm_corners.len()
            + self.cperm_inv_corners.len()
            + w(&self.udperm_inv)
            + w(&self.cperm_packed)
            + w(&self.udperm_packed)
            + self.twist_slice.len()
            + self.flip_slice.len()
            + self.twist_flip.len()
            + self.cperm_mperm.len()
            + self.udperm_mperm.len()
    }
}
