//! One stage's search: IDA* over the locations of the stage's pieces, bounded by the largest of its
//! tables' distances (each exact for its pieces, so the bound never overestimates), in canonical order
//! (never one face twice in a row, two commuting faces in one order only), without allocating.

use super::model::{Model, CORNERS, PIECES};
use super::stages::Stage;
use super::tables::{PieceTable, FAR};
use crate::control::{Control, Progress};
use crate::error::{Error, Result};

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
    path: [u8; MAX_DEPTH],
}

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
        StageSearch { model, stage, tables, control, nodes: 0, budget, path: [0; MAX_DEPTH] }
    }

    /// The bound: the largest table distance of the stage's pieces at `locs`.
    #[inline]
    fn bound(&self, locs: &[u8]) -> u8 {
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
        let n = self.stage.pieces.len();
        let mut locs = [0u8; PIECES];
        for (i, &p) in self.stage.pieces.iter().enumerate() {
            locs[i] = full[p as usize];
        }
        let h = self.bound(&locs[..n]);
        if h == FAR {
            return Err(Error::new(format!("megaminx: stage {}: the position is not solvable", self.stage.name)));
        }
        for depth in h as usize..=MAX_DEPTH {
            self.control.report(Progress { phase: self.stage.name, depth: depth as u32, done: 0, total: None });
            if self.dfs(&locs, n, depth, 0, usize::MAX)? {
                return Ok(self.path[..depth].to_vec());
            }
        }
        Err(Error::new(format!("megaminx: stage {}: no solution within {MAX_DEPTH} moves", self.stage.name)))
    }

    fn dfs(&mut self, locs: &[u8; PIECES], n: usize, left: usize, at: usize, last: usize) -> Result<bool> {
        if left == 0 {
            return Ok(true);
        }
        self.nodes += 1;
        if self.nodes % (1 << 16) == 0 {
            self.control.check()?;
            if self.nodes > self.budget {
                return Err(Error::new(format!(
                    "megaminx: stage {}: no solution within {} nodes",
                    self.stage.name, self.budget
                )));
            }
        }
        let model = self.model;
        let stage = self.stage;
        let mut next = [0u8; PIECES];
        for &m in &stage.moves {
            let face = model.moves[m as usize].face;
            if last != usize::MAX && (face == last || (face < last && model.commute[face][last])) {
                continue;
            }
            for i in 0..n {
                next[i] = model.step(m as usize, stage.pieces[i] as usize, locs[i]);
            }
            let h = self.bound(&next[..n]) as usize;
            if h < left && (h > 0 || left == 1) && self.dfs(&next, n, left - 1, at + 1, face)? {
                self.path[at] = m;
                return Ok(true);
            }
        }
        Ok(false)
    }
}
