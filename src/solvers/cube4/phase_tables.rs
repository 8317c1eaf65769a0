//! The distance tables of the reduction's four phases: built from the model's coordinates (about
//! 17 MB, in five steps), or put together from saved parts, and looked up by the phases' nodes.

use super::coords::{self, Coords, Node};
use super::model::Model;
use super::tables::{closure, distances, distances_decoded, FAR};
use crate::control::{Control, Progress};
use crate::error::{Error, Result};

/// The distance tables.
pub(super) struct Tables {
    pub(super) p1: Vec<u8>,
    pub(super) p2_centers: Vec<u8>,
    pub(super) p2_wings: Vec<u8>,
    pub(super) p3_middle: Vec<u8>,
    pub(super) p3_twist: [Vec<u8>; 2],
    pub(super) p3_centers: Vec<u8>,
    pub(super) p4_centers: Vec<u8>,
    pub(super) p4_pairing: Vec<u8>,
    /// Phase 4's joint tables: the centers (as their compact index) × the middle layer's pairing and
    /// the parity bit; the U/D layers' pairing × the U/D centers.
    pub(super) p4_centers_middle: Vec<u8>,
    pub(super) p4_pairing_ud: Vec<u8>,
    /// The compact index of each group-3 center value (`u16::MAX` outside group 3).
    pub(super) compact_centers: Vec<u16>,
}

/// Every `k`-set of 24 slots, in rank order (Gosper's hack).
pub(super) fn all_sets(k: u32) -> Vec<u32> {
    let mut out = Vec::with_capacity(crate::coord::rank::binomial(24, k) as usize);
    let mut m: u32 = (1 << k) - 1;
    while m < 1 << 24 {
        out.push(m);
        let c = m & m.wrapping_neg();
        let r = m + c;
        m = (((r ^ m) >> 2) / c) | r;
    }
    out
}

impl Tables {
    pub(super) fn new(model: &Model, co: &Coords, control: Control) -> Result<Self> {
        let solved = Node::new(model.solved);
        // Progress: the tables in five steps (about a fifth of the time each), then the check.
        let step = |k: u64| {
            control.report(Progress { phase: "table", depth: 0, done: k, total: Some(5) });
            control.check()
        };
        let sets8 = all_sets(8);
        let p1_move = |x: usize, m: usize| co.p1_move(model, &sets8, x, m);
        let p1 = distances(coords::P1, &closure(coords::P1, co.p1(&model.solved), &co.h1, p1_move), &co.all, p1_move);
        drop(sets8);
        step(1)?;
        let p2c_move = |x: usize, m: usize| co.p2_centers_move(model, x, m);
        let start = co.p2_centers(&model.solved);
        // Joint with the wings' parity (group 2's moves are all even on the wings): the centers' value
        // times two, plus one where the wings' permutation is odd.
        let targets: Vec<usize> =
            closure(coords::P2_CENTERS, start, &co.k2, p2c_move).into_iter().map(|x| 2 * x).collect();
        let p2_centers = distances_decoded(
            2 * coords::P2_CENTERS,
            &targets,
            &co.h1,
            |x| (co.p2_centers_decode(x / 2), x & 1 == 1),
            |(d, odd), m| 2 * co.p2_centers_step(model, d, m) + (*odd ^ model.moves[m].wings_odd) as usize,
        );
        step(2)?;
        let sets12 = all_sets(12);
        let p2w_move = |x: usize, m: usize| co.p2_wings_move(model, &sets12, x, m);
        let start = co.p2_wings(&solved);
        let p2_wings =
            distances(coords::P2_WINGS, &closure(coords::P2_WINGS, start, &co.k2, p2w_move), &co.h1, p2w_move);
        drop(sets12);
        step(3)?;
        let mid_move = |x: usize, m: usize| co.middle_move(x, m);
        let p3_middle = distances(
            coords::MIDDLE,
            &closure(coords::MIDDLE, co.middle(&model.solved), &co.g3, mid_move),
            &co.k2,
            mid_move,
        );
        let p3_twist = [0, 1].map(|which| {
            let tw_move = |x: usize, m: usize| co.twist_move(x, m, which);
            let targets = closure(coords::TWIST, co.twist(&model.solved, which), &co.g3, tw_move);
            distances(coords::TWIST, &targets, &co.k2, tw_move)
        });
        let ce_move = |x: usize, m: usize| co.centers_move(x, m);
        let start = co.centers(&model.solved);
        let p3_centers = distances(coords::CENTERS, &closure(coords::CENTERS, start, &co.g3, ce_move), &co.k2, ce_move);
        let p4_centers = distances(coords::CENTERS, &[start], &co.g3, ce_move);
        step(4)?;
        let g3_moves: Vec<usize> = (0..co.g3.len()).collect();
        let pairing = co.pairing(model, &solved).ok_or_else(|| Error::internal("4x4x4: the solved pairing"))?;
        let p4_pairing = distances(coords::PAIRING, &[pairing], &g3_moves, |x, k| co.pairing_move(x, k));
        // The group-3 center values, numbered.
        let in_g3: Vec<usize> = (0..coords::CENTERS).filter(|&x| p4_centers[x] != FAR).collect();
        let mut compact_centers = vec![u16::MAX; coords::CENTERS];
        for (i, &x) in in_g3.iter().enumerate() {
            compact_centers[x] = i as u16;
        }
        let n = in_g3.len();
        if n != coords::G3_CENTERS {
            return Err(Error::internal(format!("4x4x4: {n} group-3 center values, not {}", coords::G3_CENTERS)));
        }
        let cm_move = |x: usize, k: usize| {
            let (c, q) = (x / 48, x % 48);
            let c = compact_centers[co.centers_move(in_g3[c], co.g3[k])] as usize;
            c * 48 + co.pairing_move(pairing / 48 * 48 + q, k) % 48
        };
        let start = compact_centers[co.centers(&model.solved)] as usize * 48 + pairing % 48;
        let p4_centers_middle = distances(n * 48, &[start], &g3_moves, cm_move);
        let start_centers = co.centers(&model.solved);
        let pu_move = |x: usize, k: usize| co.ud_pairing_move(x / 70, k) * 70 + co.axis_move(0, x % 70, co.g3[k]);
        let p4_pairing_ud = distances(40320 * 70, &[pairing / 48 * 70 + start_centers / 4900], &g3_moves, pu_move);
        step(5)?;
        let [t0, t1] = p3_twist;
        let tables = [
            p1,
            p2_centers,
            p2_wings,
            p3_middle,
            t0,
            t1,
            p3_centers,
            p4_centers,
            p4_pairing,
            p4_centers_middle,
            p4_pairing_ud,
        ];
        Ok(Self::in_order(tables, compact_centers))
    }

    /// The length of each of [`Tables::named`]'s tables, then of the compact center index in bytes.
    pub(super) fn sizes() -> Vec<usize> {
        use coords::*;
        vec![
            P1,
            2 * P2_CENTERS,
            P2_WINGS,
            MIDDLE,
            TWIST,
            TWIST,
            CENTERS,
            CENTERS,
            PAIRING,
            G3_CENTERS * 48,
            40320 * 70,
            CENTERS * 2,
        ]
    }

    /// Tables from their parts, in [`Tables::sizes`]'s order (checked there).
    pub(super) fn from_parts(mut parts: Vec<Vec<u8>>) -> Result<Self> {
        let compact = parts.pop().unwrap_or_default();
        let tables: [Vec<u8>; 11] = parts.try_into().map_err(|_| Error::internal("4x4x4: table parts"))?;
        let compact_centers: Vec<u16> = compact.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
        if compact_centers.iter().filter(|&&c| c != u16::MAX).count() != coords::G3_CENTERS {
            return Err(Error::new("not a valid saved 4x4x4 table file: the center index is damaged"));
        }
        Ok(Self::in_order(tables, compact_centers))
    }

    /// Tables from the distance tables in [`Tables::sizes`]'s order and the compact center index.
    fn in_order(tables: [Vec<u8>; 11], compact_centers: Vec<u16>) -> Self {
        let [p1, p2_centers, p2_wings, p3_middle, t0, t1, p3_centers, p4_centers, p4_pairing, p4_centers_middle, p4_pairing_ud] =
            tables;
        Tables {
            p1,
            p2_centers,
            p2_wings,
            p3_middle,
            p3_twist: [t0, t1],
            p3_centers,
            p4_centers,
            p4_pairing,
            p4_centers_middle,
            p4_pairing_ud,
            compact_centers,
        }
    }

    /// The tables by name (for reports and tests).
    pub(super) fn named(&self) -> Vec<(&'static str, &[u8])> {
        vec![
            ("p1", &self.p1),
            ("p2 centers", &self.p2_centers),
            ("p2 wings", &self.p2_wings),
            ("p3 middle", &self.p3_middle),
            ("p3 twist 1", &self.p3_twist[0]),
            ("p3 twist 2", &self.p3_twist[1]),
            ("p3 centers", &self.p3_centers),
            ("p4 centers", &self.p4_centers),
            ("p4 pairing", &self.p4_pairing),
            ("p4 centers × middle pairing", &self.p4_centers_middle),
            ("p4 U/D pairing × U/D centers", &self.p4_pairing_ud),
        ]
    }

    /// The bytes the tables take.
    pub(super) fn bytes(&self) -> usize {
        self.named().iter().map(|(_, t)| t.len()).sum::<usize>() + 2 * self.compact_centers.len()
    }
}
