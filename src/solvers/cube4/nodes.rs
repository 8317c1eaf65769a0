//! The phases' search nodes: only what each phase's bound reads (masks of slots, a twist, a pairing
//! value), moved by table lookups, so a node costs a few dozen loads. The whole state is replayed from
//! the phase's start only at its ends.

use super::coords::{Coords, Node};
use super::model::Model;
use super::phase_tables::Tables;
use super::tables::FAR;

/// A phase's node.
pub(super) trait PhaseNode: Copy {
    /// The node of a whole state.
    fn enter(co: &Coords, model: &Model, n: &Node) -> Self;
    /// After move `m` (a move of the phase).
    fn step(&self, co: &Coords, model: &Model, m: usize) -> Self;
    /// The phase's lower bound: 0 exactly at its targets, [`FAR`] where it cannot finish.
    fn bound(&self, co: &Coords, t: &Tables) -> u8;
}

/// Phase 1: the R/L centers.
#[derive(Clone, Copy)]
pub(super) struct P1(u32);

impl PhaseNode for P1 {
    fn enter(co: &Coords, _: &Model, n: &Node) -> Self {
        P1(co.p1_mask(&n.c))
    }

    #[inline]
    fn step(&self, _: &Coords, model: &Model, m: usize) -> Self {
        P1(model.moves[m].center_bits.apply(self.0))
    }

    #[inline]
    fn bound(&self, co: &Coords, t: &Tables) -> u8 {
        t.p1[co.rank.rank(self.0)]
    }
}

/// Phase 2: the U/D and F centers, the class-1 wings, the wings' parity.
#[derive(Clone, Copy)]
pub(super) struct P2 {
    ud: u32,
    f: u32,
    x1: u32,
    odd: bool,
}

impl PhaseNode for P2 {
    fn enter(co: &Coords, _: &Model, n: &Node) -> Self {
        let (ud, f, x1) = co.p2_masks(&n.c);
        P2 { ud, f, x1, odd: n.wings_odd }
    }

    #[inline]
    fn step(&self, _: &Coords, model: &Model, m: usize) -> Self {
        let mv = &model.moves[m];
        P2 {
            ud: mv.center_bits.apply(self.ud),
            f: mv.center_bits.apply(self.f),
            x1: mv.wing_bits.apply(self.x1),
            odd: self.odd ^ mv.wings_odd,
        }
    }

    #[inline]
    fn bound(&self, co: &Coords, t: &Tables) -> u8 {
        let w = t.p2_wings[co.rank.rank(self.x1) * 2 + self.odd as usize];
        if w == FAR {
            return FAR;
        }
        w.max(t.p2_centers[2 * co.p2c_from_masks(self.ud, self.f) + self.odd as usize])
    }
}

/// Phase 3: the middle layer's wings, the corner twist, the centers by axis.
#[derive(Clone, Copy)]
pub(super) struct P3 {
    e1: u32,
    e2: u32,
    twist: u16,
    centers: Centers,
}

/// The U, L and F centers (phases 3 and 4).
#[derive(Clone, Copy)]
pub(super) struct Centers {
    u: u32,
    l: u32,
    f: u32,
}

impl Centers {
    fn enter(co: &Coords, n: &Node) -> Self {
        let (u, l, f) = co.center_masks(&n.c);
        Centers { u, l, f }
    }

    #[inline]
    fn step(&self, model: &Model, m: usize) -> Self {
        let b = &model.moves[m].center_bits;
        Centers { u: b.apply(self.u), l: b.apply(self.l), f: b.apply(self.f) }
    }

    #[inline]
    fn index(&self, co: &Coords) -> usize {
        co.centers_from_masks(self.u, self.l, self.f)
    }
}

impl PhaseNode for P3 {
    fn enter(co: &Coords, _: &Model, n: &Node) -> Self {
        let (e1, e2) = co.middle_masks(&n.c);
        P3 { e1, e2, twist: Coords::twist_of(&n.c.co) as u16, centers: Centers::enter(co, n) }
    }

    #[inline]
    fn step(&self, co: &Coords, model: &Model, m: usize) -> Self {
        let b = &model.moves[m].wing_bits;
        P3 {
            e1: b.apply(self.e1),
            e2: b.apply(self.e2),
            twist: co.twist_moves[self.twist as usize * super::model::MOVES + m],
            centers: self.centers.step(model, m),
        }
    }

    #[inline]
    fn bound(&self, co: &Coords, t: &Tables) -> u8 {
        let (a, b) = co.middle_from_masks(self.e1, self.e2);
        let tw = self.twist as usize * 495;
        t.p3_middle[a * 495 + b]
            .max(t.p3_twist[0][tw + a])
            .max(t.p3_twist[1][tw + b])
            .max(t.p3_centers[self.centers.index(co)])
    }
}

/// Phase 4: the pairing value and the centers.
#[derive(Clone, Copy)]
pub(super) struct P4 {
    pairing: u32,
    centers: Centers,
}

impl PhaseNode for P4 {
    fn enter(co: &Coords, model: &Model, n: &Node) -> Self {
        // `None` (a state outside the classes phase 4 keeps): the bound is FAR.
        let pairing = co.pairing(model, n).map_or(u32::MAX, |p| p as u32);
        P4 { pairing, centers: Centers::enter(co, n) }
    }

    #[inline]
    fn step(&self, co: &Coords, model: &Model, m: usize) -> Self {
        P4 {
            pairing: co.pairing_move(self.pairing as usize, co.g3_index[m]) as u32,
            centers: self.centers.step(model, m),
        }
    }

    #[inline]
    fn bound(&self, co: &Coords, t: &Tables) -> u8 {
        if self.pairing == u32::MAX {
            return FAR;
        }
        let c = self.centers.index(co);
        let compact = t.compact_centers[c];
        if compact == u16::MAX {
            return FAR;
        }
        let p = self.pairing as usize;
        t.p4_pairing[p]
            .max(t.p4_centers[c])
            .max(t.p4_centers_middle[compact as usize * 48 + p % 48])
            .max(t.p4_pairing_ud[p / 48 * 70 + c / 4900])
    }
}
