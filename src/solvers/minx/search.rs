//! One stage's search: IDA* (the [`ida`](crate::ida) engine) over the locations of the stage's pieces,
//! bounded by the largest of its tables' distances (each exact for its pieces, so the bound never
//! overestimates), in canonical order (never one face twice in a row, two commuting faces in one order
//! only).

use super::model::{Model, CORNERS, PIECES};
use super::stages::Stage;
use super::tables::{PieceTable, FAR};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::ida::{Flow, Ida, Space, Visit};

/// The deepest a stage searches.
pub(super) const MAX_DEPTH: usize = 40;

/// A stage ready to search: its moves, pieces and tables.
pub(super) struct StageSearch<'a> {
    model: &'a Model,
    stage: &'a Stage,
    /// Per table: the table, the positions of its pieces in the stage's piece list and their kinds.
    tables: Vec<(&'a PieceTable, Vec<(usize, usize)>)>,
    control: Control<'a>,
    /// Nodes visited, and the most this search may visit.
    pub nodes: u64,
    budget: u64,
}

/// No face turned yet (the order state at a stage's start).
const NO_FACE: usize = usize::MAX;

impl<'a> StageSearch<'a> {
    pub(super) fn new(
        model: &'a Model,
        stage: &'a Stage,
        tables: Vec<&'a PieceTable>,
        control: Control<'a>,
        budget: u64,
    ) -> Self {
        let tables = stage
            .groups
            .iter()
            .zip(tables)
            .map(|(g, t)| {
                let at = g
                    .iter()
                    .map(|&x| (x as usize, usize::from(stage.pieces[x as usize] as usize >= CORNERS)))
                    .collect();
                (t, at)
            })
            .collect();
        StageSearch { model, stage, tables, control, nodes: 0, budget }
    }

    /// The bound: the largest table distance of the stage's pieces at `locs`.
    #[inline]
    fn distance(&self, locs: &[u8]) -> u8 {
        let c = &self.stage.compact;
        let mut h = 0;
        for (t, at) in &self.tables {
            let mut i = 0usize;
            for &(a, k) in at {
                let x = c.index[k][locs[a] as usize];
                if x == u8::MAX {
                    return FAR;
                }
                i = i * c.radix[k] + x as usize;
            }
            h = h.max(t.dist[i]);
        }
        h
    }

    /// The stage's moves (move indices) from `full` (every piece's location), shortest first.
    pub(super) fn solve(&mut self, full: &[u8; PIECES]) -> Result<Vec<u8>> {
        let mut locs = [0u8; PIECES];
        for (i, &p) in self.stage.pieces.iter().enumerate() {
            locs[i] = full[p as usize];
        }
        if self.distance(&locs[..self.stage.pieces.len()]) == FAR {
            return Err(Error::new(format!("megaminx: stage {}: the position is not solvable", self.stage.name)));
        }
        let mut ida = Ida::new(&*self, self.control).with_budget(self.budget).with_progress(self.stage.name, None, 1);
        let mut found = Found(None);
        let depth = ida.deepen(&locs, NO_FACE, 0, MAX_DEPTH as u32, &mut found)?;
        let (nodes, over_budget) = (ida.nodes(), ida.over_budget());
        self.nodes = nodes;
        match (depth, found.0) {
            (Some(_), Some(path)) => Ok(path),
            _ if over_budget => Err(Error::new(format!(
                "megaminx: stage {}: no solution within {} nodes",
                self.stage.name, self.budget
            ))),
            _ => Err(Error::new(format!("megaminx: stage {}: no solution within {MAX_DEPTH} moves", self.stage.name))),
        }
    }
}

/// The stage's space: a node is the locations of the stage's pieces (the first `pieces.len()` entries),
/// the order state the last face turned.
impl Space for StageSearch<'_> {
    type Node = [u8; PIECES];
    type Move = u8;
    type Order = usize;

    fn branching(&self) -> usize {
        self.stage.moves.len()
    }

    fn blank(&self) -> [u8; PIECES] {
        [0; PIECES]
    }

    #[inline]
    fn child(&self, locs: &[u8; PIECES], last: usize, k: usize, out: &mut [u8; PIECES]) -> Option<(u8, usize)> {
        let m = self.stage.moves[k];
        let face = self.model.moves[m as usize].face;
        if last != NO_FACE && (face == last || (face < last && self.model.commute[face][last])) {
            return None;
        }
        for (i, &p) in self.stage.pieces.iter().enumerate() {
            out[i] = self.model.step(m as usize, p as usize, locs[i]);
        }
        Some((m, face))
    }

    #[inline]
    fn bound(&self, locs: &[u8; PIECES]) -> u32 {
        self.distance(&locs[..self.stage.pieces.len()]) as u32
    }

    /// The tables are exact for their pieces, so a bound of 0 is the stage's goal: reached before the
    /// last move, a shorter solution was looked for before.
    #[inline]
    fn admits(&self, locs: &[u8; PIECES], left: u32) -> bool {
        let h = self.bound(locs);
        h <= left && (h > 0 || left == 0)
    }
}

/// The first path to the stage's goal (every node the walk ends at is one: its bound is 0).
struct Found(Option<Vec<u8>>);

impl Visit<StageSearch<'_>> for Found {
    fn leaf(&mut self, _: &[u8; PIECES], path: &[u8]) -> Result<Flow> {
        self.0 = Some(path.to_vec());
        Ok(Flow::Stop)
    }
}
