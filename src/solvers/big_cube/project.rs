//! A big cube's corners and middle edges as a 3x3x3 position: the slots are matched by which face turns
//! move them, the orientations by the offsets that make every face turn act alike on both (read from the
//! two definitions, not assumed: cubing.js numbers the 5x5x5's middle edges unlike the 3x3x3's edges).

use crate::coord::perm::is_odd;
use crate::error::{Error, Result};
use crate::model::puzzle::Puzzle;
use crate::model::state::State;
use crate::solvers::identical::registry_orbit;

/// The face turns both cubes share.
pub(super) const FACES: [&str; 6] = ["U", "D", "F", "B", "R", "L"];

/// One orbit of the big cube mapped to one of the 3x3x3.
#[derive(Debug, Clone)]
struct OrbitMap {
    /// Offsets of the big cube's orbit and the 3x3x3's.
    from: usize,
    to: usize,
    size: usize,
    modulus: u8,
    /// By big-cube slot: the 3x3x3 slot.
    slot: Vec<u8>,
    /// By big-cube slot: the orientation offset (3x3x3 twist = big twist + offset[slot] − offset[piece]).
    offset: Vec<u8>,
}

/// The map from a big cube's corners (and middle edges, on odd cubes) to a 3x3x3 position.
#[derive(Debug, Clone)]
pub(super) struct Cube3Projection {
    corners: OrbitMap,
    /// The middle edges; `None` on even cubes (the 3x3x3's edges are then made up to the corners' parity).
    edges: Option<OrbitMap>,
    edges3: usize,
}

impl Cube3Projection {
    /// The projection of `big`'s orbits `corners` and `edges` onto `cube3`'s `CORNERS` and `EDGES`.
    pub(super) fn new(big: &Puzzle, corners: usize, edges: Option<usize>, cube3: &Puzzle) -> Result<Self> {
        let index = |name: &str| {
            registry_orbit(cube3, name)?;
            Ok::<usize, Error>(cube3.layout().orbit_index(name).expect("the orbit was found"))
        };
        let e3 = registry_orbit(cube3, "EDGES")?;
        let corners = OrbitMap::new(big, corners, cube3, index("CORNERS")?)?;
        let edges = match edges {
            Some(e) => Some(OrbitMap::new(big, e, cube3, index("EDGES")?)?),
            None => None,
        };
        Ok(Cube3Projection { corners, edges, edges3: e3.offset })
    }

    /// The 3x3x3 position of `state`'s corners and middle edges (centers solved; on an even cube, edges
    /// solved but for a swap of two when the corners' permutation is odd).
    pub(super) fn state(&self, state: &State, cube3: &Puzzle) -> State {
        let mut b = cube3.solved().as_bytes().to_vec();
        self.corners.write(state.as_bytes(), &mut b);
        match &self.edges {
            Some(e) => e.write(state.as_bytes(), &mut b),
            None => {
                let cp = &state.as_bytes()[self.corners.from..self.corners.from + 8];
                if is_odd(cp) {
                    b.swap(self.edges3, self.edges3 + 1);
                }
            }
        }
        State::from_vec(b)
    }
}

impl OrbitMap {
    fn new(big: &Puzzle, k: usize, cube3: &Puzzle, k3: usize) -> Result<Self> {
        let bad = |why: &str| Error::internal(format!("big cube to 3x3x3: {why}"));
        let (o, o3) = (&big.orbits()[k], &cube3.orbits()[k3]);
        if o.size != o3.size || o.orientations != o3.orientations {
            return Err(bad(&format!("{} does not match {}", o.name, o3.name)));
        }
        let (n, m) = (o.size, o.orientations);
        let mut turns = Vec::new();
        for f in FACES {
            let a = big.lookup(f).ok_or_else(|| bad(&format!("no move {f}")))?;
            let b = cube3.lookup(f).ok_or_else(|| bad(&format!("the 3x3x3 has no move {f}")))?;
            let (ta, tb) = (big.transform(a), cube3.transform(b));
            turns.push((
                ta[o.pieces_range()].to_vec(),
                ta[o.orientations_range()].to_vec(),
                tb[o3.pieces_range()].to_vec(),
                tb[o3.orientations_range()].to_vec(),
            ));
        }
        let moved_by = |big_side: bool, i: usize| {
            (0..6)
                .filter(|&f| (if big_side { &turns[f].0 } else { &turns[f].2 })[i] as usize != i)
                .fold(0u32, |a, f| a | 1 << f)
        };
        let mut slot = vec![0u8; n];
        for (i, s) in slot.iter_mut().enumerate() {
            let sig = moved_by(true, i);
            let matches: Vec<usize> = (0..n).filter(|&j| moved_by(false, j) == sig).collect();
            if matches.len() != 1 {
                return Err(bad(&format!("slot {i} of {} has no single match", o.name)));
            }
            *s = matches[0] as u8;
        }
        for (pa, _, pb, _) in &turns {
            if (0..n).any(|i| pb[slot[i] as usize] != slot[pa[i] as usize]) {
                return Err(bad(&format!("the face turns move {} unlike the 3x3x3's", o.name)));
            }
        }
        // offset[i] = offset[pa[i]] + ob[slot[i]] − oa[i]: propagated from slot 0, each start tried.
        'start: for first in 0..m {
            let mut offset = vec![u8::MAX; n];
            offset[0] = first;
            let mut changed = true;
            while changed {
                changed = false;
                for (pa, oa, _, ob) in &turns {
                    for i in 0..n {
                        let from = offset[pa[i] as usize];
                        if from == u8::MAX {
                            continue;
                        }
                        let v = (from + ob[slot[i] as usize] + m - oa[i] % m) % m;
                        if offset[i] == u8::MAX {
                            offset[i] = v;
                            changed = true;
                        } else if offset[i] != v {
                            continue 'start;
                        }
                    }
                }
            }
            if offset.contains(&u8::MAX) {
                return Err(bad(&format!("{}: the face turns do not reach every slot", o.name)));
            }
            return Ok(OrbitMap { from: o.offset, to: o3.offset, size: n, modulus: m, slot, offset });
        }
        Err(bad(&format!("{}: no orientation offsets fit", o.name)))
    }

    fn write(&self, big: &[u8], out: &mut [u8]) {
        let (n, m) = (self.size, self.modulus);
        for i in 0..n {
            let piece = big[self.from + i] as usize;
            let twist = big[self.from + n + i] % m;
            let j = self.slot[i] as usize;
            out[self.to + j] = self.slot[piece];
            out[self.to + n + j] = (twist + self.offset[i] + m - self.offset[piece]) % m;
        }
    }
}
