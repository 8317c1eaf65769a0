//! [`PhaseCoords`]: one phase's positions (relabelled by [`super::relabel::Relabel`]) as a tuple of dense
//! coordinates (those of the God's-algorithm index, [`crate::god`]), each with a `u32` move table, so that
//! the search moves a handful of numbers instead of state bytes.

use crate::coord::blocks::{blocks, Coord};
use crate::error::{Error, Result};
use crate::model::layout::Layout;

/// The most coordinates one phase may have.
pub(crate) const MAX_COORDS: usize = 24;

/// One coordinate's move table.
#[derive(Debug)]
enum MoveTable {
    Small(Vec<u16>),
    Large(Vec<u32>),
}

/// Scratch space for reading coordinates off state bytes.
#[derive(Debug, Clone)]
pub(crate) struct CoordScratch {
    bytes: Vec<u8>,
    back: Vec<u8>,
}

/// The coordinates of one phase and their move tables.
#[derive(Debug)]
pub(crate) struct PhaseCoords {
    coords: Vec<Coord>,
    /// Per coordinate: its values after each move, value-major (`v * moves + mv`, so that one node's
    /// moves read one cache line), in 16 bits when the coordinate has at most 2^16 values.
    tables: Vec<MoveTable>,
    /// The relabelled target's values (the goal).
    goal: Vec<u32>,
    /// The relabelled target, for the bytes no coordinate covers.
    start: Vec<u8>,
    moves: usize,
    scratch: usize,
    /// Whether every move's inverse is among the moves (on every coordinate), so the phase's graph is
    /// undirected: set by [`PhaseCoords::build_tables`].
    inverse_closed: bool,
}

/// The orientation coordinate of a block. Refused when no move twists the block but the start's
/// orientations differ within it (a twisted target): the moves would then carry orientations between
/// slots, which a dense coordinate without twists does not follow.
fn ori_coord(layout: &Layout, orbit: usize, block: &[usize], start: &[u8], g: &[&[u8]]) -> Result<Option<Coord>> {
    let c = Coord::ori(layout, orbit, block, start, g)
        .map_err(|()| Error::new("a phase coordinate has too many orientation values"))?;
    let o = &layout.orbits()[orbit];
    let oris: Vec<u8> = block.iter().map(|&s| start[o.offset + o.size + s]).collect();
    if c.is_none() && o.orientations > 1 && oris.iter().any(|&x| x != oris[0]) {
        return Err(Error::new(format!(
            "phases with a target whose {} orientations differ where no phase move twists are not supported yet",
            o.name
        )));
    }
    Ok(c)
}

impl PhaseCoords {
    /// The coordinates of positions relabelled to `start` under the moves `g` (transformations). Errors
    /// when a coordinate has more than `u32` values or the phase has too many coordinates.
    pub(crate) fn new(layout: &Layout, start: &[u8], g: &[&[u8]]) -> Result<PhaseCoords> {
        let mut coords = Vec::new();
        for (orbit, bl) in blocks(layout, g).into_iter().enumerate() {
            for b in &bl {
                coords.extend(Coord::perm(layout, orbit, b, start, g));
                coords.extend(ori_coord(layout, orbit, b, start, g)?);
            }
        }
        if coords.len() > MAX_COORDS {
            return Err(Error::new(format!("a phase has {} coordinates (at most {MAX_COORDS})", coords.len())));
        }
        if let Some(c) = coords.iter().find(|c| c.size > u32::MAX as u64) {
            return Err(Error::new(format!("a phase coordinate has {} values (more than 2^32)", c.size)));
        }
        let scratch = coords.iter().map(|c| 2 * c.len()).max().unwrap_or(0).max(1);
        let mut pc = PhaseCoords {
            coords,
            tables: Vec::new(),
            goal: Vec::new(),
            start: start.to_vec(),
            moves: g.len(),
            scratch,
            inverse_closed: false,
        };
        pc.goal = pc.of_state(start).ok_or_else(|| Error::new("the target is not a position of its own phase"))?;
        Ok(pc)
    }

    /// The number of coordinates.
    pub(crate) fn len(&self) -> usize {
        self.coords.len()
    }

    /// Each coordinate's number of values.
    pub(crate) fn sizes(&self) -> Vec<u64> {
        self.coords.iter().map(|c| c.size).collect()
    }

    /// Bytes the move tables take (once built).
    pub(crate) fn table_bytes(&self) -> u64 {
        self.coords.iter().map(|c| if c.size <= 1 << 16 { 2 } else { 4 } * c.size * self.moves as u64).sum()
    }

    /// Builds the move tables (call once the memory budget allows [`PhaseCoords::table_bytes`]).
    pub(crate) fn build_tables(&mut self) {
        let mut scratch = vec![0u8; self.scratch];
        let moves = self.moves;
        self.tables = self
            .coords
            .iter()
            .map(|c| {
                let size = c.size as usize;
                let mut t = vec![0u32; size * moves];
                let (vals, rest) = scratch.split_at_mut(c.len());
                let out = &mut rest[..c.len()];
                for v in 0..size {
                    // Decoded once, moved by each move.
                    c.decode(v as u64, vals);
                    for mv in 0..moves {
                        t[v * moves + mv] = c.apply_local(vals, mv, out) as u32;
                    }
                }
                if size <= 1 << 16 {
                    MoveTable::Small(t.into_iter().map(|x| x as u16).collect())
                } else {
                    MoveTable::Large(t)
                }
            })
            .collect();
        self.inverse_closed = (0..moves).all(|m| (0..moves).any(|inv| self.undoes(inv, m)));
    }

    /// Whether move `inv` undoes move `m` on every value of every coordinate.
    fn undoes(&self, inv: usize, m: usize) -> bool {
        self.coords
            .iter()
            .enumerate()
            .all(|(c, coord)| (0..coord.size as u32).all(|v| self.step(c, self.step(c, v, m), inv) == v))
    }

    /// Whether every move's inverse is among the moves (the graph of coordinate values is undirected).
    pub(crate) fn inverse_closed(&self) -> bool {
        self.inverse_closed
    }

    /// The number of moves.
    pub(crate) fn moves(&self) -> usize {
        self.moves
    }

    /// The goal's coordinate values.
    pub(crate) fn goal(&self) -> &[u32] {
        &self.goal
    }

    /// Coordinate `c`'s value `v` after move `mv`.
    #[inline(always)]
    pub(crate) fn step(&self, c: usize, v: u32, mv: usize) -> u32 {
        let at = v as usize * self.moves + mv;
        match &self.tables[c] {
            MoveTable::Small(t) => t[at] as u32,
            MoveTable::Large(t) => t[at],
        }
    }

    /// Applies move `mv` to all coordinates, from `from` into `to`.
    #[inline]
    pub(crate) fn apply(&self, from: &[u32], mv: usize, to: &mut [u32]) {
        for (c, (t, &f)) in to.iter_mut().zip(from).enumerate() {
            *t = self.step(c, f, mv);
        }
    }

    /// The coordinate values of relabelled bytes, or `None` when the bytes are not a position of this
    /// phase (a piece outside its block, a wrong parity, a byte no move changes that differs).
    pub(crate) fn of_state(&self, state: &[u8]) -> Option<Vec<u32>> {
        let mut ws = self.workspace();
        let mut out = vec![0u32; self.len()];
        self.of_state_into(state, &mut ws, &mut out).then_some(out)
    }

    /// Scratch space for [`PhaseCoords::of_state_into`].
    pub(crate) fn workspace(&self) -> CoordScratch {
        CoordScratch { bytes: vec![0u8; self.scratch], back: self.start.clone() }
    }

    /// [`PhaseCoords::of_state`] into `out` without allocating; false when not a position of the phase.
    pub(crate) fn of_state_into(&self, state: &[u8], ws: &mut CoordScratch, out: &mut [u32]) -> bool {
        for (c, o) in self.coords.iter().zip(out.iter_mut()) {
            match c.of_state(state, &mut ws.bytes) {
                Some(v) => *o = v as u32,
                None => return false,
            }
        }
        ws.back.copy_from_slice(&self.start);
        for (c, &v) in self.coords.iter().zip(out.iter()) {
            c.write_state(v as u64, &mut ws.back, &mut ws.bytes);
        }
        ws.back == state
    }
}
