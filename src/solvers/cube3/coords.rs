//! The coordinates of the two phases, each a number read off a cubie (and a cubie built from it), and
//! their tables: moves (`table[x * moves + m]`) and conjugation by the symmetries (`table[x * 8 + s]`).
//!
//! Phase 1 (to `<U, D, R2, F2, L2, B2>`): the corners' twist (3^7), the edges' flip (2^11) and where the
//! E slice's four edges are (C(12, 4) = 495). Phase 2: the corners' permutation (8!), the U/D edges'
//! permutation (8!) and the E slice edges' (4!).

use super::cubie::Cubie;
use super::model::{Model, ROTATIONS, SYMS};
use crate::coord::digits::{digits_rank, digits_unrank};
use crate::coord::perm::{perm_rank, perm_unrank_into};
use crate::coord::rank::{subset_ranks, unrank_mask};
use crate::group::symmetry::conjugation_table;

pub(super) const N_TWIST: usize = 2187;
pub(super) const N_FLIP: usize = 2048;
pub(super) const N_SLICE: usize = 495;
/// Where the E slice's edges are and in which order (495 × 4!).
pub(super) const N_SLICE_SORTED: usize = 11880;
pub(super) const N_PERM: usize = 40320;
pub(super) const N_MPERM: usize = 24;
/// Which four of the eight corner slots hold the U layer's corners (C(8, 4)).
pub(super) const N_LAYERS: usize = 70;

/// One coordinate: how to read it off a cubie and how to set it on one (the parts it does not
/// determine left as the cubie had them, which must not matter for the tables built from it).
pub(super) trait Coordinate {
    const SIZE: usize;
    fn get(&self, c: &Cubie) -> u32;
    fn set(&self, c: &mut Cubie, x: u32);
    /// `c.then(m)` on the parts the coordinate reads (the rest left as `c` had it).
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie;
}

pub(super) struct Twist;
pub(super) struct Flip;
/// The edges' flip with a coordinate of where the E slice's edges are (`flip * C::SIZE + slice`): the
/// pair the symmetries that turn the U/D axis conjugate into each other (one alone would not do: a
/// quarter turn about U/D changes the E slice's edges' orientations).
pub(super) struct FlipWith<C>(pub C);
/// Where the E slice's edges are (their order left out).
pub(super) struct Slice<'m> {
    pub model: &'m Model,
    pub ranks: &'m SliceRanks,
}

/// The four-element sets of the twelve edge slots numbered in increasing order of their bit masks (colex
/// ranks by one lookup).
pub(super) struct SliceRanks {
    rank: Box<[u16; 1 << 12]>,
}

impl SliceRanks {
    pub(super) fn new() -> Self {
        SliceRanks { rank: Box::new(subset_ranks(4)) }
    }

    /// The rank of a set of four slots.
    #[inline]
    pub(super) fn rank(&self, mask: u32) -> u16 {
        self.rank[mask as usize]
    }
}
/// Where the E slice's edges are and in which order ([`Slice`] × the order of the four as they lie in
/// increasing slot order, `slice * 24 + order`): Kociemba's "slice sorted", which the optimal solver's
/// large table pairs with the flip.
pub(super) struct SliceSorted<'m>(pub Slice<'m>);
pub(super) struct CornerPerm;
/// Which four corner slots hold the U layer's corners (their order and the D layer's left out): with
/// the twist, the corners' part of the subgroup of the `layers` optimal table (Rokicki's nxopt's corner
/// subgroup: corners stay in their layer, each in any order).
pub(super) struct Layers<'m>(pub &'m Model);
/// The U/D edges' permutation (positions of phase 2, where they are in U/D slots).
pub(super) struct UdPerm<'m>(pub &'m Model);
/// The E slice edges' permutation (positions of phase 2).
pub(super) struct SlicePerm<'m>(pub &'m Model);

impl Coordinate for Twist {
    const SIZE: usize = N_TWIST;
    #[inline]
    fn get(&self, c: &Cubie) -> u32 {
        digits_rank(&c.co[..7], 3) as u32
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        digits_unrank(x as u64, 3, Some(0), &mut c.co);
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_corners(m)
    }
}

impl Coordinate for Flip {
    const SIZE: usize = N_FLIP;
    #[inline]
    fn get(&self, c: &Cubie) -> u32 {
        digits_rank(&c.eo[..11], 2) as u32
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        digits_unrank(x as u64, 2, Some(0), &mut c.eo);
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_edges(m)
    }
}

impl Coordinate for Slice<'_> {
    const SIZE: usize = N_SLICE;
    #[inline]
    fn get(&self, c: &Cubie) -> u32 {
        let m = self.model.e_mask;
        let mask = (0..12).filter(|&i| m >> c.ep[i] & 1 == 1).fold(0, |a, i| a | 1 << i);
        self.ranks.rank(mask) as u32
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        let mask = unrank_mask(x, 4);
        let (mut e, mut u) = (0, 0);
        for i in 0..12 {
            if mask >> i & 1 == 1 {
                c.ep[i] = self.model.e_slots[e];
                e += 1;
            } else {
                c.ep[i] = self.model.ud_slots[u];
                u += 1;
            }
        }
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_edges(m)
    }
}

impl Coordinate for SliceSorted<'_> {
    const SIZE: usize = N_SLICE_SORTED;
    #[inline]
    fn get(&self, c: &Cubie) -> u32 {
        let model = self.0.model;
        let mut order = [0u8; 4];
        let mut k = 0;
        for &p in &c.ep {
            if model.e_mask >> p & 1 == 1 {
                order[k] = model.local[p as usize];
                k += 1;
            }
        }
        self.0.get(c) * 24 + perm_rank(&order) as u32
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        self.0.set(c, x / 24);
        let mut order = [0u8; 4];
        perm_unrank_into((x % 24) as usize, &mut order);
        let model = self.0.model;
        let mut k = 0;
        for p in c.ep.iter_mut() {
            if model.e_mask >> *p & 1 == 1 {
                *p = model.e_slots[order[k] as usize];
                k += 1;
            }
        }
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_edges(m)
    }
}

impl<C: Coordinate> Coordinate for FlipWith<C> {
    const SIZE: usize = N_FLIP * C::SIZE;
    fn get(&self, c: &Cubie) -> u32 {
        Flip.get(c) * C::SIZE as u32 + self.0.get(c)
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        Flip.set(c, x / C::SIZE as u32);
        self.0.set(c, x % C::SIZE as u32);
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_edges(m)
    }
}

impl Coordinate for CornerPerm {
    const SIZE: usize = N_PERM;
    #[inline]
    fn get(&self, c: &Cubie) -> u32 {
        perm_rank(&c.cp) as u32
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        perm_unrank_into(x as usize, &mut c.cp);
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_corners(m)
    }
}

/// Per set of slots (a byte), the number of four-slot sets below it: [`Layers`]'s rank, one read (a
/// search computes it for the inverses).
static LAYER_RANKS: [u16; 256] = subset_ranks(4);

impl Layers<'_> {
    /// The rank of a set of four of the eight slots (in increasing order of their bit masks).
    #[inline]
    pub(super) fn rank(mask: u32) -> u32 {
        LAYER_RANKS[mask as usize & 255] as u32
    }
}

impl Coordinate for Layers<'_> {
    const SIZE: usize = N_LAYERS;
    fn get(&self, c: &Cubie) -> u32 {
        let u = self.0.u_corners;
        Self::rank((0..8).filter(|&i| u >> c.cp[i] & 1 == 1).fold(0, |a, i| a | 1 << i))
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        let mask = unrank_mask(x, 4);
        let u = self.0.u_corners;
        let (mut ups, mut downs) = ((0..8u8).filter(|&p| u >> p & 1 == 1), (0..8u8).filter(|&p| u >> p & 1 == 0));
        for (i, slot) in c.cp.iter_mut().enumerate() {
            *slot = if mask >> i & 1 == 1 { ups.next() } else { downs.next() }.expect("four of each");
        }
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_corners(m)
    }
}

/// The corners' permutation parity (odd: 1). A symmetry's conjugation keeps it, the mirror's too.
pub(super) struct Parity;
/// [`Layers`] and [`Parity`] together (`layers * 2 + parity`).
pub(super) struct LayersParity<'m>(pub Layers<'m>);

impl Coordinate for LayersParity<'_> {
    const SIZE: usize = 2 * N_LAYERS;
    fn get(&self, c: &Cubie) -> u32 {
        self.0.get(c) * 2 + Parity.get(c)
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        self.0.set(c, x / 2);
        if Parity.get(c) != x % 2 {
            // Two slots holding U-layer corners swap their pieces: the layers stay, the parity turns.
            let u = self.0 .0.u_corners;
            let mut ups = (0..8).filter(|&i| u >> c.cp[i] & 1 == 1);
            let (i, j) = (ups.next().expect("four"), ups.next().expect("four"));
            c.cp.swap(i, j);
        }
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_corners(m)
    }
}

impl Coordinate for Parity {
    const SIZE: usize = 2;
    fn get(&self, c: &Cubie) -> u32 {
        // Inversions counted without branches (a search reads it per node): faster here than
        // [`is_odd`](crate::coord::perm::is_odd)'s cycles.
        let mut p = 0;
        for i in 0..8 {
            for j in i + 1..8 {
                p ^= (c.cp[i] > c.cp[j]) as u32;
            }
        }
        p
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        c.cp = [0, 1, 2, 3, 4, 5, 6, 7];
        if x == 1 {
            c.cp.swap(0, 1);
        }
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_corners(m)
    }
}

/// The Lehmer rank of the order of the edges in `slots`, which hold the edges whose home is one of them
/// ([`UdPerm`], [`SlicePerm`]).
#[inline]
fn slots_perm_rank<const N: usize>(model: &Model, slots: &[u8; N], c: &Cubie) -> u32 {
    let p = slots.map(|s| model.local[c.ep[s as usize] as usize]);
    perm_rank(&p) as u32
}

/// Puts into `slots` their own edges in the order of Lehmer rank `x` (inverse of [`slots_perm_rank`]).
fn set_slots_perm<const N: usize>(slots: &[u8; N], c: &mut Cubie, x: u32) {
    let mut p = [0u8; N];
    perm_unrank_into(x as usize, &mut p);
    for (k, l) in p.into_iter().enumerate() {
        c.ep[slots[k] as usize] = slots[l as usize];
    }
}

impl Coordinate for UdPerm<'_> {
    const SIZE: usize = N_PERM;
    #[inline]
    fn get(&self, c: &Cubie) -> u32 {
        slots_perm_rank(self.0, &self.0.ud_slots, c)
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        set_slots_perm(&self.0.ud_slots, c, x);
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_edges(m)
    }
}

impl Coordinate for SlicePerm<'_> {
    const SIZE: usize = N_MPERM;
    #[inline]
    fn get(&self, c: &Cubie) -> u32 {
        slots_perm_rank(self.0, &self.0.e_slots, c)
    }
    fn set(&self, c: &mut Cubie, x: u32) {
        set_slots_perm(&self.0.e_slots, c, x);
    }
    fn then(&self, c: &Cubie, m: &Cubie) -> Cubie {
        c.then_edges(m)
    }
}

/// The move table of a coordinate over the given moves (indices into [`Model::moves`], `face * 3 +
/// power`): each value set on a cubie, moved and read again, except the turns [`quarter_turn`] finds.
pub(super) fn move_table<C: Coordinate>(coord: &C, model: &Model, moves: &[u8]) -> Vec<u16> {
    assert!(C::SIZE <= 1 << 16, "move tables hold 16-bit values");
    let k = moves.len();
    let mut out = vec![0u16; C::SIZE * k];
    let mut c = Cubie::SOLVED;
    for x in 0..C::SIZE {
        coord.set(&mut c, x as u32);
        for (j, &m) in moves.iter().enumerate() {
            if quarter_turn(moves, m).is_none() {
                out[x * k + j] = coord.get(&coord.then(&c, &model.moves[m as usize])) as u16;
            }
        }
    }
    other_turns(&mut out, moves);
    out
}

/// [`move_table`] of a coordinate that is the Lehmer rank of a permutation `p` of `N` items on which a
/// move acts by reordering (`p'[i] = p[σ[i]]`, as the corners' and U/D edges' permutations in phase 2):
/// each move's `σ` is its image of the identity (rank 0), and a value's image is ranked from `p` alone,
/// without a cubie (a third of the cubie route's time). The test holds it to the cubie route.
pub(super) fn perm_move_table<C: Coordinate, const N: usize>(coord: &C, model: &Model, moves: &[u8]) -> Vec<u16> {
    assert!(C::SIZE <= 1 << 16, "move tables hold 16-bit values");
    let k = moves.len();
    let sigma: Vec<[u8; N]> = moves
        .iter()
        .map(|&m| {
            let mut c = Cubie::SOLVED;
            coord.set(&mut c, 0);
            let mut s = [0u8; N];
            perm_unrank_into(coord.get(&coord.then(&c, &model.moves[m as usize])) as usize, &mut s);
            s
        })
        .collect();
    let direct: Vec<(usize, [u8; N])> =
        (0..k).filter(|&j| quarter_turn(moves, moves[j]).is_none()).map(|j| (j, sigma[j])).collect();
    let mut out = vec![0u16; C::SIZE * k];
    // Lehmer ranks count in lexicographic order: p runs through the permutations in turn.
    let mut p: [u8; N] = std::array::from_fn(|i| i as u8);
    for x in 0..C::SIZE {
        for &(j, s) in &direct {
            out[x * k + j] = perm_rank(&s.map(|i| p[i as usize])) as u16;
        }
        next_permutation(&mut p);
    }
    other_turns(&mut out, moves);
    out
}

/// The next permutation in lexicographic order (the last one wraps to the first).
fn next_permutation(p: &mut [u8]) {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        p.reverse();
        return;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).expect("a larger value after the pivot");
    p.swap(i - 1, j);
    p[i..].reverse();
}

/// Where a half or counter-clockwise turn's quarter turn is in `moves` (then its column is read from
/// that turn's, [`other_turns`]); `None` for the moves computed directly.
fn quarter_turn(moves: &[u8], m: u8) -> Option<usize> {
    moves.iter().position(|&q| q == m - m % 3).filter(|_| m % 3 != 0)
}

/// Fills the columns of the turns [`quarter_turn`] finds from their quarter turn's column (two or three
/// lookups instead of a cubie product: the phase-2 tables compute 6 moves of 10 directly).
fn other_turns(out: &mut [u16], moves: &[u8]) {
    let k = moves.len();
    for (j, &m) in moves.iter().enumerate() {
        if let Some(q) = quarter_turn(moves, m) {
            for x in 0..out.len() / k {
                let mut y = x;
                for _ in 0..=m % 3 {
                    y = out[y * k + q] as usize;
                }
                out[x * k + j] = y as u16;
            }
        }
    }
}

/// The value `x` of a coordinate conjugated by symmetry `s` (meaningful for the symmetries that keep the
/// coordinate's meaning: see [`SymClasses`](super::symmetry::SymClasses)).
pub(super) fn conj<C: Coordinate>(coord: &C, model: &Model, x: u32, s: usize) -> u32 {
    let mut c = Cubie::SOLVED;
    coord.set(&mut c, x);
    let r = s % ROTATIONS;
    let (sym, inv) = (&model.syms[r], &model.syms[model.sym_inv[r] as usize]);
    let rotated = coord.then(&coord.then(inv, &c), sym);
    coord.get(&if s < ROTATIONS { rotated } else { model.mirror(&rotated) })
}

/// The conjugation table of a coordinate by the symmetries whose bit is set in `syms` (the others'
/// entries are left zero: conjugating by them does not determine the coordinate).
pub(super) fn conj_table<C: Coordinate>(coord: &C, model: &Model, syms: u16) -> Vec<u16> {
    conjugation_table(C::SIZE, SYMS, syms.into(), |x, s| conj(coord, model, x, s))
}

#[cfg(test)]
mod tests {
    use super::super::model::tests::puzzle;
    use super::super::model::PHASE2_MOVES;
    use super::*;

    /// [`move_table`] with every entry from a cubie product (the test's reference).
    fn move_table_direct<C: Coordinate>(coord: &C, model: &Model, moves: &[u8]) -> Vec<u16> {
        let mut out = Vec::with_capacity(C::SIZE * moves.len());
        let mut c = Cubie::SOLVED;
        for x in 0..C::SIZE {
            coord.set(&mut c, x as u32);
            for &m in moves {
                out.push(coord.get(&coord.then(&c, &model.moves[m as usize])) as u16);
            }
        }
        out
    }

    fn all_moves() -> Vec<u8> {
        (0..18).collect()
    }

    fn round_trip<C: Coordinate>(coord: &C) {
        let mut c = Cubie::SOLVED;
        for x in 0..C::SIZE {
            coord.set(&mut c, x as u32);
            assert_eq!(coord.get(&c), x as u32);
        }
    }

    #[test]
    fn coordinates_round_trip_and_move_tables_agree_with_cubies() {
        let model = Model::new(&puzzle()).unwrap();
        let ranks = SliceRanks::new();
        let slice = Slice { model: &model, ranks: &ranks };
        round_trip(&Twist);
        round_trip(&Flip);
        round_trip(&slice);
        round_trip(&SliceSorted(Slice { model: &model, ranks: &ranks }));
        round_trip(&CornerPerm);
        round_trip(&UdPerm(&model));
        round_trip(&SlicePerm(&model));
        round_trip(&Layers(&model));
        round_trip(&Parity);
        round_trip(&LayersParity(Layers(&model)));
        assert_eq!(
            move_table(&LayersParity(Layers(&model)), &model, &all_moves()),
            move_table_direct(&LayersParity(Layers(&model)), &model, &all_moves())
        );
        // The conjugation tables, the mirrors' included, follow the cubies (on a walk's cubes).
        let lp = LayersParity(Layers(&model));
        let every = u16::MAX;
        let (lp_conj, tw_conj) = (conj_table(&lp, &model, every), conj_table(&Twist, &model, every));
        let fs = FlipWith(Slice { model: &model, ranks: &ranks });
        let mut c = Cubie::SOLVED;
        for step in 0..40u32 {
            c = c.then(&model.moves[(step * 5 + step / 3) as usize % 18]);
            for s in 0..SYMS {
                let x = model.conj_sym(&c, s);
                assert_eq!(lp_conj[lp.get(&c) as usize * SYMS + s] as u32, lp.get(&x), "symmetry {s}");
                assert_eq!(tw_conj[Twist.get(&c) as usize * SYMS + s] as u32, Twist.get(&x), "symmetry {s}");
                assert_eq!(conj(&fs, &model, fs.get(&c), s), fs.get(&x), "symmetry {s}");
            }
        }
        assert_eq!(
            move_table(&Layers(&model), &model, &all_moves()),
            move_table_direct(&Layers(&model), &model, &all_moves())
        );
        // The U layer's turns keep the solved layers; R does not.
        let layers = move_table(&Layers(&model), &model, &all_moves());
        let solved = Layers(&model).get(&Cubie::SOLVED) as usize;
        assert!([0, 1, 2, 9, 10, 11].iter().all(|&m| layers[solved * 18 + m] as usize == solved));
        assert!([3, 4, 7, 13, 16].iter().all(|&m| layers[solved * 18 + m] as usize != solved));
        assert_eq!(slice.get(&Cubie::SOLVED), ranks.rank(model.e_mask) as u32);
        // A scrambled cube's coordinates follow the tables.
        let all: Vec<u8> = (0..18).collect();
        let (tw, fl, sl) =
            (move_table(&Twist, &model, &all), move_table(&Flip, &model, &all), move_table(&slice, &model, &all));
        let mut c = Cubie::SOLVED;
        for step in 0..60u32 {
            let m = (step * 7 + step / 5) as usize % 18;
            let next = c.then(&model.moves[m]);
            assert_eq!(tw[Twist.get(&c) as usize * 18 + m] as u32, Twist.get(&next));
            assert_eq!(fl[Flip.get(&c) as usize * 18 + m] as u32, Flip.get(&next));
            assert_eq!(sl[slice.get(&c) as usize * 18 + m] as u32, slice.get(&next));
            c = next;
        }
        let cp = perm_move_table::<_, 8>(&CornerPerm, &model, &PHASE2_MOVES);
        let ud = perm_move_table::<_, 8>(&UdPerm(&model), &model, &PHASE2_MOVES);
        let mut c = Cubie::SOLVED;
        for step in 0..60usize {
            let j = (step * 3 + step / 4) % 10;
            let next = c.then(&model.moves[PHASE2_MOVES[j] as usize]);
            assert_eq!(cp[CornerPerm.get(&c) as usize * 10 + j] as u32, CornerPerm.get(&next));
            assert_eq!(ud[UdPerm(&model).get(&c) as usize * 10 + j] as u32, UdPerm(&model).get(&next));
            c = next;
        }
        // The turns read from their quarter turn's column agree with cubie products everywhere.
        assert_eq!(tw, move_table_direct(&Twist, &model, &all));
        assert_eq!(fl, move_table_direct(&Flip, &model, &all));
        assert_eq!(sl, move_table_direct(&slice, &model, &all));
        let sorted = SliceSorted(Slice { model: &model, ranks: &ranks });
        let ss = move_table(&sorted, &model, &all);
        assert_eq!(ss, move_table_direct(&sorted, &model, &all));
        assert_eq!(sorted.get(&Cubie::SOLVED) / 24, slice.get(&Cubie::SOLVED));
        // The sorted slice follows a walk too, and its classes of four agree with the plain slice.
        let mut c = Cubie::SOLVED;
        for step in 0..60u32 {
            let m = (step * 5 + step / 3) as usize % 18;
            let next = c.then(&model.moves[m]);
            assert_eq!(ss[sorted.get(&c) as usize * 18 + m] as u32, sorted.get(&next));
            assert_eq!(sorted.get(&next) / 24, slice.get(&next));
            c = next;
        }
        assert_eq!(cp, move_table_direct(&CornerPerm, &model, &PHASE2_MOVES));
        assert_eq!(ud, move_table_direct(&UdPerm(&model), &model, &PHASE2_MOVES));
        let m = SlicePerm(&model);
        assert_eq!(perm_move_table::<_, 4>(&m, &model, &PHASE2_MOVES), move_table_direct(&m, &model, &PHASE2_MOVES));
        assert_eq!(move_table(&CornerPerm, &model, &PHASE2_MOVES), cp);
    }
}
