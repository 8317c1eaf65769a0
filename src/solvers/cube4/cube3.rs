//! The reduced 4x4x4 as a 3x3x3: corners as they are, each edge's pair of wings as one edge, oriented by
//! which of its wings is in the edge's reference wing slot. The slots and references are read from the
//! two definitions' face turns (cubing.js numbers the corners of both cubes alike, which is checked).

use super::model::{Cube4, Model};
use crate::error::{Error, Result};
use crate::model::puzzle::Puzzle;
use crate::model::state::State;
use crate::solvers::identical::registry_orbit;

/// The map from reduced 4x4x4 states to 3x3x3 states.
pub(super) struct Cube3Map {
    /// By 3x3x3 edge slot: the 4x4x4 wing slot that is its reference.
    reference: [u8; 12],
    /// By 4x4x4 wing slot: the 3x3x3 edge slot of its edge.
    edge_of: [u8; 24],
    /// 3x3x3 piece offsets: corners, edges.
    corners: usize,
    edges: usize,
}

impl Cube3Map {
    pub(super) fn new(model: &Model, cube3: &Puzzle) -> Result<Self> {
        let bad = |why: &str| Error::internal(format!("4x4x4 to 3x3x3: {why}"));
        let corners = registry_orbit(cube3, "CORNERS")?.offset;
        let edges = registry_orbit(cube3, "EDGES")?.offset;
        if registry_orbit(cube3, "EDGES")?.size != 12 {
            return Err(bad("the 3x3x3 has no 12 edges"));
        }
        let faces = ["U", "D", "F", "B", "R", "L"];
        let mut t3 = Vec::new();
        for (f, name) in faces.iter().enumerate() {
            let m = cube3.lookup(name).ok_or_else(|| bad("a face turn is missing"))?;
            let t = cube3.transform(m);
            let step = &model.moves[3 * f].step;
            if t[corners..corners + 8] != step.cp || t[corners + 8..corners + 16] != step.co {
                return Err(bad("the corners are numbered differently"));
            }
            t3.push((t[edges..edges + 12].to_vec(), t[edges + 12..edges + 24].to_vec()));
        }
        // Edge slots by the faces that turn them, on both cubes.
        let turned3 = |e: usize| (0..6).filter(|&f| t3[f].0[e] as usize != e).fold(0u32, |a, f| a | 1 << f);
        let turned4 =
            |w: usize| (0..6).filter(|&f| model.moves[3 * f].step.wp[w] as usize != w).fold(0u32, |a, f| a | 1 << f);
        let mut edge_of = [u8::MAX; 24];
        for (w, e) in edge_of.iter_mut().enumerate() {
            *e = (0..12).find(|&e| turned3(e) == turned4(w)).ok_or_else(|| bad("an edge slot is missing"))? as u8;
        }
        // References: a face turn moves the reference of its source slot to the reference of the target
        // slot exactly where the 3x3x3 turn does not flip the edge.
        let mut reference = [u8::MAX; 12];
        reference[0] = (0..24).find(|&w| edge_of[w] == 0).unwrap() as u8;
        let mut queue = vec![0usize];
        while let Some(e) = queue.pop() {
            for (f, (perm, flip)) in t3.iter().enumerate() {
                // Slot `d` receives slot `perm[d]`: find `d` with `perm[d] == e`.
                let d = perm.iter().position(|&x| x as usize == e).unwrap();
                let t4 = &model.moves[3 * f].step.wp;
                // Wing slot `v` of edge `d` receives the reference of `e` when t4[v] == reference[e].
                let v =
                    (0..24).find(|&v| edge_of[v] as usize == d && t4[v] == reference[e]).ok_or_else(|| bad("edges"))?;
                let r = if flip[d] == 0 { v as u8 } else { model.mate[v] };
                if reference[d] == u8::MAX {
                    reference[d] = r;
                    queue.push(d);
                } else if reference[d] != r {
                    return Err(bad("edge orientations do not match"));
                }
            }
        }
        if reference.contains(&u8::MAX) {
            return Err(bad("an edge has no reference"));
        }
        Ok(Cube3Map { reference, edge_of, corners, edges })
    }

    /// The 3x3x3 state of a reduced 4x4x4 state (centers solved, wings paired).
    pub(super) fn state(&self, model: &Model, c: &Cube4, cube3: &Puzzle) -> State {
        let mut b = cube3.solved().as_bytes().to_vec();
        b[self.corners..self.corners + 8].copy_from_slice(&c.cp);
        b[self.corners + 8..self.corners + 16].copy_from_slice(&c.co);
        for e in 0..12 {
            let w = c.wp[self.reference[e] as usize];
            let home = model.home[w as usize];
            let piece = self.edge_of[home as usize];
            b[self.edges + e] = piece;
            b[self.edges + 12 + e] = (self.reference[piece as usize] != home) as u8;
        }
        State::from_vec(b)
    }
}
