//! The permutation group a set of moves generates: its exact order, membership of transformations and
//! states, and uniformly random elements and states.
//!
//! A transformation acts on *points* `(slot, orientation)` of every orbit: the piece in slot `j` with
//! orientation `k` goes to slot `i` with orientation `k + t.o[i]` when `t.p[i] = j`. This is a right action
//! that agrees with [`Layout::compose`] (`compose(a, b)` is `a` then `b`). Points are numbered orbit by
//! orbit (in an order the caller may choose) as `first_point(orbit) + slot · m + orientation`, and stored as
//! `u16`, so a puzzle may have at most [`MAX_POINTS`] points.
//!
//! - [`StabilizerChain`] (module [`chain`]): a deterministic Schreier–Sims stabilizer chain, from which the
//!   order, membership of transformations and uniform random elements follow.
//! - [`reachable`] (module [`membership`]): whether a state (possibly with identical pieces and orientation
//!   wildcards) can be reached from another.
//! - [`random_position`], [`random_state`] and [`rng_from_seed`] (module [`random`]): uniformly random
//!   positions.

pub mod chain;
mod generators;
pub mod membership;
pub mod positions;
pub mod random;
pub mod symmetry;

pub(crate) use chain::ProbableChain;
pub use chain::{orbit_order_for, BasePoint, StabilizerChain};
pub use membership::{reachable, reachable_with_budget, Membership, DEFAULT_BUDGET};
pub use positions::{illegal_placements_note, positions, PositionCount};
pub use random::{random_position, random_state, rng_from_seed};

use crate::error::{Error, Result};
use crate::model::layout::Layout;

/// The largest number of points (`Σ pieces · orientations` over the orbits) a group computation accepts.
pub const MAX_POINTS: usize = u16::MAX as usize;

/// Marks "no point" / "no index" in `u16` tables.
pub(crate) const NONE: u16 = u16::MAX;

/// The numbering of points: which orbit, slot and orientation each point is, and back.
#[derive(Debug, Clone)]
pub(crate) struct PointMap {
    /// Orbit indices (into the layout) in the order their points are numbered.
    order: Vec<usize>,
    /// First point of each orbit, indexed by layout orbit index.
    first: Vec<usize>,
    /// Per point: its layout orbit index.
    orbit_of: Vec<u32>,
    /// Per point: its slot.
    slot_of: Vec<u8>,
    /// Per point: its orientation.
    ori_of: Vec<u8>,
}

impl PointMap {
    /// Numbers the points of `layout`, orbits in `order` (a permutation of the orbit indices).
    pub(crate) fn new(layout: &Layout, order: &[usize]) -> Result<Self> {
        let count = layout.orbits().len();
        let mut seen = vec![false; count];
        if order.len() != count || !order.iter().all(|&o| o < count && !std::mem::replace(&mut seen[o], true)) {
            return Err(Error::new(format!("the orbit order must list each of the {count} orbits exactly once")));
        }
        let degree: usize = layout.orbits().iter().map(|o| o.size * o.orientations as usize).sum();
        if degree > MAX_POINTS {
            return Err(Error::new(format!(
                "the puzzle has {degree} points (pieces times orientations), more than the {MAX_POINTS} a group \
                 computation supports"
            )));
        }
        let mut first = vec![0; count];
        let mut orbit_of = Vec::with_capacity(degree);
        let mut slot_of = Vec::with_capacity(degree);
        let mut ori_of = Vec::with_capacity(degree);
        for &o in order {
            first[o] = orbit_of.len();
            let orbit = &layout.orbits()[o];
            for slot in 0..orbit.size {
                for k in 0..orbit.orientations {
                    orbit_of.push(o as u32);
                    slot_of.push(slot as u8);
                    ori_of.push(k);
                }
            }
        }
        Ok(PointMap { order: order.to_vec(), first, orbit_of, slot_of, ori_of })
    }

    /// Number of points.
    pub(crate) fn degree(&self) -> usize {
        self.orbit_of.len()
    }

    /// The orbit order used for numbering.
    pub(crate) fn order(&self) -> &[usize] {
        &self.order
    }

    /// The point `(orbit, slot, orientation)`; the arguments must be in range.
    #[inline]
    pub(crate) fn point(&self, layout: &Layout, orbit: usize, slot: usize, ori: usize) -> usize {
        self.first[orbit] + slot * layout.orbits()[orbit].orientations as usize + ori
    }

    /// `(orbit, slot, orientation)` of a point below [`PointMap::degree`].
    #[inline]
    pub(crate) fn decode(&self, p: usize) -> (usize, usize, u8) {
        (self.orbit_of[p] as usize, self.slot_of[p] as usize, self.ori_of[p])
    }

    /// The point permutation of a transformation (`None` if `t` is not a transformation of `layout`).
    pub(crate) fn to_points(&self, layout: &Layout, t: &[u8]) -> Option<Vec<u16>> {
        if !layout.is_transformation(t) {
            return None;
        }
        let mut perm = vec![0u16; self.degree()];
        for (o, orbit) in layout.orbits().iter().enumerate() {
            let (n, m, off) = (orbit.size, orbit.orientations as usize, orbit.offset);
            let base = self.first[o];
            for i in 0..n {
                let j = t[off + i] as usize;
                let c = t[off + n + i] as usize;
                for k in 0..m {
                    perm[base + j * m + k] = (base + i * m + (k + c) % m) as u16;
                }
            }
        }
        Some(perm)
    }

    /// The transformation a point permutation performs (`None` unless it is one: it must keep orbits and
    /// shift the orientations of a slot's points together).
    pub(crate) fn to_transformation(&self, layout: &Layout, perm: &[u16]) -> Option<Vec<u8>> {
        let t = self.read_transformation(layout, perm)?;
        // Anything that is not a transformation's action fails to round-trip.
        (self.to_points(layout, &t).as_deref() == Some(perm)).then_some(t)
    }

    /// The transformation a point permutation performs, read from each slot's orientation-0 point only:
    /// exact for the action of a transformation (a group element), unchecked otherwise (`None` only for a
    /// permutation that leaves an orbit or has the wrong length).
    pub(crate) fn read_transformation(&self, layout: &Layout, perm: &[u16]) -> Option<Vec<u8>> {
        if perm.len() != self.degree() {
            return None;
        }
        let mut t = vec![0u8; layout.state_size()];
        for (o, orbit) in layout.orbits().iter().enumerate() {
            let (n, m, off) = (orbit.size, orbit.orientations as usize, orbit.offset);
            for j in 0..n {
                let y = *perm.get(self.first[o] + j * m)? as usize;
                if y >= self.degree() {
                    return None;
                }
                let (o2, i, c) = self.decode(y);
                if o2 != o {
                    return None;
                }
                t[off + i] = j as u8;
                t[off + n + i] = c;
            }
        }
        Some(t)
    }
}

/// The stabilizer chain of the group a move set generates on a puzzle, with its base ordered for
/// membership tests from the puzzle's solved state (see [`StabilizerChain::for_start`]).
pub fn puzzle_chain(puzzle: &crate::Puzzle, moves: &crate::MoveSet) -> Result<StabilizerChain> {
    StabilizerChain::for_start(puzzle.layout(), &moves.generator_transforms(puzzle), puzzle.solved().as_bytes())
}

/// [`puzzle_chain`] before its verification (see [`ProbableChain`]).
pub(crate) fn probable_puzzle_chain(puzzle: &crate::Puzzle, moves: &crate::MoveSet) -> Result<ProbableChain> {
    ProbableChain::for_start(puzzle.layout(), &moves.generator_transforms(puzzle), puzzle.solved().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_round_trip_and_compose_as_a_right_action() {
        let layout = Layout::new([("A", 3, 3), ("B", 2, 1)]);
        let map = PointMap::new(&layout, &[1, 0]).unwrap();
        assert_eq!(map.degree(), 11);
        assert_eq!(map.point(&layout, 0, 1, 2), 2 + 5);
        let a = vec![1, 2, 0, 1, 0, 2, 1, 0, 0, 0];
        let b = vec![2, 0, 1, 2, 2, 0, 0, 1, 0, 0];
        let pa = map.to_points(&layout, &a).unwrap();
        let pb = map.to_points(&layout, &b).unwrap();
        assert_eq!(map.to_transformation(&layout, &pa).unwrap(), a);
        // (a then b) on points: x -> pb[pa[x]].
        let pab: Vec<u16> = pa.iter().map(|&y| pb[y as usize]).collect();
        assert_eq!(map.to_points(&layout, &layout.compose(&a, &b)).unwrap(), pab);
    }

    #[test]
    fn bad_orders_and_permutations_are_refused() {
        let layout = Layout::new([("A", 3, 3), ("B", 2, 1)]);
        assert!(PointMap::new(&layout, &[0, 0]).is_err());
        assert!(PointMap::new(&layout, &[0]).is_err());
        let map = PointMap::new(&layout, &[0, 1]).unwrap();
        assert!(map.to_points(&layout, &[0, 0, 0, 0, 0, 0, 0, 1, 0, 0]).is_none());
        let mut bad: Vec<u16> = (0..11).collect();
        bad.swap(0, 1); // moves one orientation of a slot but not the others
        assert!(map.to_transformation(&layout, &bad).is_none());
        bad.swap(0, 1);
        bad.swap(0, 9); // leaves the orbit
        assert!(map.to_transformation(&layout, &bad).is_none());
        assert!(map.to_transformation(&layout, &bad[..5]).is_none());
    }

    #[test]
    fn too_many_points_is_an_error() {
        let layout = Layout::new([("A", 255, 126), ("B", 255, 126), ("C", 255, 10)]);
        let e = PointMap::new(&layout, &[0, 1, 2]).unwrap_err();
        assert!(e.to_string().contains("points"), "{e}");
    }
}
