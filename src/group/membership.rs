//! [`reachable`]: whether a state can be reached from another by the moves of a group, when pieces may be
//! identical and orientations may be wildcards.
//!
//! `state` is reachable from `start` when some group element `g` makes `compose(start, g)` match `state`:
//! for every slot `i`, the piece `g` brings there has `state`'s piece id (identical pieces share an id)
//! and, unless either orientation is a wildcard, `state`'s orientation.
//!
//! When every orbit of `start` holds distinct pieces and neither state has a wildcard, `g` is unique and
//! one sift decides. Otherwise a depth-first search runs over the stabilizer chain: `g = u_{L-1} ⋯ u_0`
//! with `u_l` from level `l`'s transversal, chosen from the top level down. Once `u_0 … u_l` are chosen,
//! the image under `g` of every point that the deeper levels' group fixes is known, so each choice is
//! checked against `state` on those points before going deeper. The search is fast when the orbits of
//! distinguishable pieces are fixed first (build the chain with [`StabilizerChain::for_start`], or with
//! [`orbit_order_for`](super::orbit_order_for)): then those orbits decide at once and the orbits of identical pieces come last,
//! where almost any choice that fits succeeds. With another order the search may have to try many
//! arrangements of identical pieces before a distinguishable piece refutes them all; it stops after a
//! node budget and then answers [`Membership::Unknown`].

use super::StabilizerChain;
use crate::error::{Error, Result};

/// The default number of transversal elements [`reachable`] may try.
pub const DEFAULT_BUDGET: u64 = 1 << 21;

/// The answer of [`reachable`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Membership {
    /// Reachable: the transformation is a group element `g` with `compose(start, g)` matching the state.
    Reachable(Vec<u8>),
    /// Not reachable by any element of the group.
    Unreachable,
    /// The search ran out of its node budget before deciding: a solver will have to search instead.
    Unknown,
}

/// Whether `state` is reachable from `start` by the chain's group, within [`DEFAULT_BUDGET`] search
/// nodes. See [`reachable_with_budget`].
pub fn reachable(chain: &StabilizerChain, start: &[u8], state: &[u8]) -> Result<Membership> {
    reachable_with_budget(chain, start, state, DEFAULT_BUDGET)
}

/// Whether `state` is reachable from `start` by the chain's group, trying at most `budget` transversal
/// elements before answering [`Membership::Unknown`].
///
/// Errors if either state does not have the layout's state size.
pub fn reachable_with_budget(chain: &StabilizerChain, start: &[u8], state: &[u8], budget: u64) -> Result<Membership> {
    let layout = chain.layout();
    for s in [start, state] {
        if s.len() != layout.state_size() {
            return Err(Error::new(format!(
                "a state of this puzzle has {} bytes, got {}",
                layout.state_size(),
                s.len()
            )));
        }
    }
    let mut distinct = true;
    for orbit in layout.orbits() {
        let mut count = [0i32; 256];
        for (&a, &b) in start[orbit.pieces_range()].iter().zip(&state[orbit.pieces_range()]) {
            count[a as usize] += 1;
            count[b as usize] -= 1;
        }
        if count.iter().any(|&c| c != 0) {
            return Ok(Membership::Unreachable);
        }
        let mut seen = [false; 256];
        distinct &= start[orbit.pieces_range()].iter().all(|&p| !std::mem::replace(&mut seen[p as usize], true));
        distinct &= !start[orbit.orientations_range()]
            .iter()
            .chain(&state[orbit.orientations_range()])
            .any(|&x| orbit.is_wildcard(x));
    }
    if distinct {
        return Ok(sift_distinct(chain, start, state));
    }
    Ok(search(chain, start, state, budget))
}

/// Distinct pieces, no wildcards: the only candidate is `start⁻¹ · state`.
fn sift_distinct(chain: &StabilizerChain, start: &[u8], state: &[u8]) -> Membership {
    let layout = chain.layout();
    let mut g = vec![0u8; layout.state_size()];
    for orbit in layout.orbits() {
        let (n, off, m) = (orbit.size, orbit.offset, orbit.orientations);
        let mut slot_of = [0u8; 256];
        for j in 0..n {
            slot_of[start[off + j] as usize] = j as u8;
        }
        for i in 0..n {
            let j = slot_of[state[off + i] as usize];
            g[off + i] = j;
            g[off + n + i] = (state[off + n + i] + m - start[off + n + j as usize]) % m;
        }
    }
    if chain.contains(&g) {
        Membership::Reachable(g)
    } else {
        Membership::Unreachable
    }
}

/// Marks an orientation that matches anything.
const ANY: u8 = u8::MAX;

/// What each point requires of the point mapped onto it.
struct Targets {
    /// Per point `x = (orbit, j, k)`: `start`'s piece id at slot `j`.
    src_label: Vec<u8>,
    /// Per point: `start`'s orientation at slot `j`, or [`ANY`].
    src_ori: Vec<u8>,
    /// Per point `y = (orbit, i, c)`: `state`'s piece id at slot `i`.
    tgt_label: Vec<u8>,
    /// Per point `y`: the orientation a piece must have had in `start` to arrive at `y` with `state`'s
    /// orientation, or [`ANY`].
    need: Vec<u8>,
}

impl Targets {
    fn new(chain: &StabilizerChain, start: &[u8], state: &[u8]) -> Targets {
        let layout = chain.layout();
        let map = chain.point_map();
        let n = chain.degree();
        let mut t = Targets { src_label: vec![0; n], src_ori: vec![0; n], tgt_label: vec![0; n], need: vec![0; n] };
        for x in 0..n {
            let (o, j, c) = map.decode(x);
            let orbit = &layout.orbits()[o];
            let (p, q) = (orbit.offset + j, orbit.offset + orbit.size + j);
            t.src_label[x] = start[p];
            t.src_ori[x] = if orbit.is_wildcard(start[q]) { ANY } else { start[q] };
            t.tgt_label[x] = state[p];
            let m = orbit.orientations;
            t.need[x] = if orbit.is_wildcard(state[q]) { ANY } else { (state[q] + m - c) % m };
        }
        t
    }

    /// Whether `g` may map point `x` (of a slot, orientation 0) to point `y`.
    #[inline]
    fn ok(&self, x: u16, y: u16) -> bool {
        let (x, y) = (x as usize, y as usize);
        self.src_label[x] == self.tgt_label[y]
            && (self.src_ori[x] == ANY || self.need[y] == ANY || self.src_ori[x] == self.need[y])
    }
}

/// The backtracking search over the chain.
fn search(chain: &StabilizerChain, start: &[u8], state: &[u8], budget: u64) -> Membership {
    let targets = Targets::new(chain, start, state);
    if !chain.fixed_points().iter().all(|&x| targets.ok(x, x)) {
        return Membership::Unreachable;
    }
    let levels = chain.levels();
    let n = chain.degree();
    // p: the product u_l ⋯ u_0 of the choices so far; saved[l]: p's suffix from level l's base before
    // level l's choice (what the choice is composed with).
    let mut p: Vec<u16> = (0..n).map(|x| x as u16).collect();
    let mut saved: Vec<Vec<u16>> = levels.iter().map(|lv| vec![0; n - lv.base()]).collect();
    let mut next = vec![0usize; levels.len()];
    let mut nodes = 0u64;
    let mut l = 0;
    if let Some(first) = levels.first() {
        saved[0].copy_from_slice(&p[first.base()..]);
    }
    while l < levels.len() {
        let lv = &levels[l];
        let b = lv.base();
        let s = &saved[l];
        let mut placed = false;
        while next[l] < lv.orbit().len() {
            let idx = next[l];
            next[l] += 1;
            nodes += 1;
            if nodes > budget {
                return Membership::Unknown;
            }
            let row = lv.row(idx);
            if chain.determined(l).iter().all(|&x| targets.ok(x, s[row[x as usize - b] as usize - b])) {
                for (v, &u) in p[b..].iter_mut().zip(row) {
                    *v = s[u as usize - b];
                }
                placed = true;
                break;
            }
        }
        if placed {
            l += 1;
            if let Some(lv) = levels.get(l) {
                let b = lv.base();
                saved[l].copy_from_slice(&p[b..]);
                next[l] = 0;
            }
        } else if l == 0 {
            return Membership::Unreachable;
        } else {
            l -= 1;
        }
    }
    match chain.point_map().read_transformation(chain.layout(), &p) {
        Some(g) => Membership::Reachable(g),
        None => Membership::Unknown, // cannot happen: p is a group element
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::orbit_order_for;
    use crate::group::random_state;
    use crate::model::layout::Layout;
    use crate::{load_puzzle, MoveSet, Puzzle};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn setup(text: &str) -> (Puzzle, StabilizerChain) {
        let p = load_puzzle(text).unwrap();
        let set = MoveSet::all(&p).unwrap();
        let chain =
            StabilizerChain::for_start(p.layout(), &set.generator_transforms(&p), p.solved().as_bytes()).unwrap();
        (p, chain)
    }

    fn matches(layout: &Layout, start: &[u8], g: &[u8], state: &[u8]) -> bool {
        let reached = layout.compose(start, g);
        layout.orbits().iter().all(|o| {
            reached[o.pieces_range()] == state[o.pieces_range()]
                && reached[o.orientations_range()]
                    .iter()
                    .zip(&state[o.orientations_range()])
                    .all(|(&a, &b)| o.is_wildcard(a) || o.is_wildcard(b) || a == b)
        })
    }

    #[test]
    fn cube_parity_twist_and_flip() {
        let (p, chain) = setup(include_str!("../../tests/data/puzzles/main/3x3x3.tws"));
        let solved = p.solved().as_bytes();
        let layout = p.layout();
        let edges = &p.orbits()[layout.orbit_index("EDGE").unwrap()];
        let corners = &p.orbits()[layout.orbit_index("CORNER").unwrap()];
        let mut flip = solved.to_vec();
        flip[edges.offset + edges.size] = 1;
        let mut twist = solved.to_vec();
        twist[corners.offset + corners.size + 3] = 2;
        let mut swap = solved.to_vec();
        swap.swap(edges.offset, edges.offset + 1);
        for bad in [&flip, &twist, &swap] {
            assert_eq!(reachable(&chain, solved, bad).unwrap(), Membership::Unreachable);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..5 {
            let s = random_state(&chain, solved, &mut rng).unwrap();
            let Membership::Reachable(g) = reachable(&chain, solved, &s).unwrap() else { panic!("unreachable") };
            assert!(matches(layout, solved, &g, &s));
        }
        // A wildcard on the flipped edge makes it reachable again (through the search).
        flip[edges.offset + edges.size] = edges.wildcard();
        assert!(matches!(reachable(&chain, solved, &flip).unwrap(), Membership::Reachable(_)));
        assert!(reachable(&chain, solved, &flip[1..]).is_err());
        let mut other = solved.to_vec();
        other[edges.offset] = other[edges.offset + 1];
        assert_eq!(reachable(&chain, solved, &other).unwrap(), Membership::Unreachable);
    }

    #[test]
    fn identical_pieces() {
        let (p, chain) = setup(include_str!("../../tests/data/puzzles/main/4x4x4.tws"));
        let solved = p.solved().as_bytes();
        let layout = p.layout();
        let centers = layout.orbit_index("CENTER").unwrap();
        assert_eq!(*chain.orbit_order().last().unwrap(), centers);
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        for _ in 0..5 {
            let s = random_state(&chain, solved, &mut rng).unwrap();
            let Membership::Reachable(g) = reachable(&chain, solved, &s).unwrap() else { panic!("unreachable") };
            assert!(matches(layout, solved, &g, &s));
            let corners = &p.orbits()[layout.orbit_index("CORNER").unwrap()];
            let mut twisted = s.clone();
            let o = &mut twisted[corners.offset + corners.size];
            *o = (*o + 1) % 3;
            assert_eq!(reachable(&chain, solved, &twisted).unwrap(), Membership::Unreachable);
        }
        // A tiny budget gives up.
        let s = random_state(&chain, solved, &mut rng).unwrap();
        assert_eq!(reachable_with_budget(&chain, solved, &s, 3).unwrap(), Membership::Unknown);
    }

    #[test]
    fn orbit_order_puts_distinct_orbits_first() {
        let layout = Layout::new([("A", 3, 1), ("B", 2, 2), ("C", 3, 1)]);
        // A: identical pieces; B: distinct, wildcard; C: distinct.
        let start = [0, 0, 1, 0, 0, 0, 0, 1, 4, 0, 0, 1, 2, 0, 0, 0];
        assert_eq!(orbit_order_for(&layout, &start), vec![2, 0, 1]);
        assert_eq!(orbit_order_for(&layout, &start[1..]), vec![0, 1, 2]);
    }
}
