//! The two-phase search (Kociemba's algorithm, as min2phase runs it): six searches — the position turned
//! onto each of the three axes, and its inverse — take turns by phase-1 length; each phase-1 solution
//! that does not end in a phase-2 move is continued by an optimal phase 2 within the best total so far.
//! Coordinates move by table lookups and nothing is allocated per node.

use super::coords::{Coordinate, CornerPerm, Flip, Slice, SlicePerm, Twist, UdPerm};
use super::cubie::Cubie;
use super::full::FullTables;
use super::model::{face, inverse_move, may_follow, Model, MOVES, PHASE2_MOVES};
use super::tables::Tables;
use crate::control::Control;
use crate::coord::residue::neighbour_distance;
use crate::error::{Error, Result};

/// The longest solution searched for.
const MAX_LENGTH: usize = 40;
/// How often (nodes) cancellation and the budgets are checked.
const CHECK_EVERY: u64 = 1 << 12;

/// One of the six searches.
struct Start {
    cubie: Cubie,
    axis: usize,
    inverse: bool,
    twist: u16,
    flip: u16,
    slice: u16,
    bound: u32,
}

/// What a solve asks for.
#[derive(Debug, Clone, Copy)]
pub(super) struct Goal {
    /// Stop at the first solution this short.
    pub target: u32,
    /// The longest total searched for at first (solutions longer are not looked for until the soft
    /// budget raises it).
    pub cap: u32,
    /// Past this many nodes without a solution of the target length, the longest total searched for
    /// grows by one and its first solution is taken (or the best solution found so far, if any).
    pub soft_nodes: u64,
    /// Past this many nodes the solve is an error (never a hang).
    pub max_nodes: u64,
}

pub(super) struct Search<'a> {
    model: &'a Model,
    t: &'a Tables,
    /// The exact tables, where there are (else the small tables' bounds alone).
    full: Option<&'a FullTables>,
    control: Control<'a>,
    goal: Goal,
    starts: Vec<Start>,
    path: [u8; MAX_LENGTH],
    /// The longest total still wanted.
    limit: u32,
    best: Option<(Vec<u8>, usize)>,
    done: bool,
    pub nodes: u64,
    next_soft: u64,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        model: &'a Model,
        t: &'a Tables,
        full: Option<&'a FullTables>,
        cube: &Cubie,
        goal: Goal,
        control: Control<'a>,
    ) -> Self {
        let slice = Slice { model, ranks: &t.ranks };
        let mut starts = Vec::with_capacity(6);
        for inverse in [false, true] {
            let c = if inverse { cube.inverse() } else { *cube };
            for (axis, (r, ri, _)) in model.axes.iter().enumerate() {
                let cubie = c.conj(r, ri);
                let (twist, flip, slice) =
                    (Twist.get(&cubie) as u16, Flip.get(&cubie) as u16, slice.get(&cubie) as u16);
                let bound = match full {
                    Some(f) => f.distance(t, flip, slice, twist),
                    None => t.phase1_bound(twist, flip, slice) as u32,
                };
                starts.push(Start { cubie, axis, inverse, twist, flip, slice, bound });
            }
        }
        Search {
            model,
            t,
            full,
            control,
            goal,
            starts,
            path: [0; MAX_LENGTH],
            limit: goal.cap.min(MAX_LENGTH as u32 - 1),
            best: None,
            done: false,
            nodes: 0,
            next_soft: goal.soft_nodes,
        }
    }

    /// Runs the search: the best solution's moves (indices of [`Model::moves`]) in the position's own
    /// frame, verified on the cubie.
    pub(super) fn run(&mut self, cube: &Cubie) -> Result<Vec<u8>> {
        loop {
            let mut d1 = 0;
            while !self.done && d1 <= self.limit {
                for i in 0..self.starts.len() {
                    if self.starts[i].bound <= d1 && d1 <= self.limit {
                        let s = &self.starts[i];
                        let (tw, fl, sl, d) = (s.twist, s.flip, s.slice, s.bound);
                        self.phase1(i, [tw, fl, sl], d, 0, d1, MOVES as u8)?;
                        if self.done {
                            break;
                        }
                    }
                }
                d1 += 1;
            }
            // Nothing within a cap below the position's distance (a target shorter than any solution):
            // again, one move longer.
            if self.best.is_some() || self.limit as usize >= MAX_LENGTH - 1 {
                break;
            }
            self.limit += 1;
        }
        let Some((path, i)) = self.best.take() else {
            return Err(Error::internal("3x3x3: the two-phase search ended without a solution"));
        };
        let s = &self.starts[i];
        let back = &self.model.axes[s.axis].2;
        let mut moves: Vec<u8> = path.iter().map(|&m| back[m as usize]).collect();
        if s.inverse {
            moves = moves.iter().rev().map(|&m| inverse_move(m)).collect();
        }
        let end = moves.iter().fold(*cube, |c, &m| c.then(&self.model.moves[m as usize]));
        if end != Cubie::SOLVED {
            return Err(Error::internal("3x3x3: a two-phase solution does not solve the position"));
        }
        Ok(moves)
    }

    /// Counts a node; every [`CHECK_EVERY`] checks cancellation and the budgets.
    #[inline(always)]
    fn count(&mut self) -> Result<()> {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            self.control.check()?;
            if self.nodes >= self.goal.max_nodes {
                return Err(Error::new(format!(
                    "3x3x3: the two-phase search passed its node limit ({} nodes)",
                    self.goal.max_nodes
                )));
            }
            if self.nodes >= self.next_soft {
                self.next_soft += self.goal.soft_nodes;
                if self.best.is_some() {
                    self.done = true;
                } else if (self.limit as usize) < MAX_LENGTH - 1 {
                    // The first solution within the longer limit is taken: another budget spent looking
                    // for a shorter one would double the slowest solves.
                    self.limit += 1;
                    self.goal.target = self.goal.target.max(self.limit);
                }
            }
        }
        Ok(())
    }

    /// Phase-1 solutions of exactly `togo` more moves from the coordinates (twist, flip, slice) at
    /// `depth`, whose exact distance is `d` where there is a full table.
    fn phase1(&mut self, i: usize, [tw, fl, sl]: [u16; 3], d: u32, depth: usize, togo: u32, last: u8) -> Result<()> {
        if togo == 0 {
            let ends_in_phase2 = depth > 0 && PHASE2_MOVES.contains(&last);
            if tw == 0 && fl == 0 && sl == self.t.slice_goal && !ends_in_phase2 {
                self.phase2_from(i, depth)?;
            }
            return Ok(());
        }
        let t = self.t;
        if togo == 1 {
            // The last move must reach the goal itself: compared, not looked up.
            for m in 0..MOVES as u8 {
                let j = m as usize;
                if !may_follow(last, m)
                    || PHASE2_MOVES.contains(&m)
                    || t.twist_move[tw as usize * MOVES + j] != 0
                    || t.flip_move[fl as usize * MOVES + j] != 0
                    || t.slice_move[sl as usize * MOVES + j] != t.slice_goal
                {
                    continue;
                }
                self.count()?;
                self.path[depth] = m;
                self.phase2_from(i, depth + 1)?;
                if self.done || depth as u32 + togo > self.limit {
                    return Ok(());
                }
            }
            return Ok(());
        }
        // The children that may follow, and with a full table their entries (prefetched together, so
        // their cache misses overlap).
        let mut children = [(0u8, [0u16; 3], 0usize); MOVES];
        let mut n = 0;
        for m in 0..MOVES as u8 {
            if !may_follow(last, m) {
                continue;
            }
            let j = m as usize;
            let c = [
                t.twist_move[tw as usize * MOVES + j],
                t.flip_move[fl as usize * MOVES + j],
                t.slice_move[sl as usize * MOVES + j],
            ];
            // The small tables first (in cache): what they prune needs no lookup in the full table.
            let bound = t.phase1_bound(c[0], c[1], c[2]) as u32;
            if bound >= togo {
                continue;
            }
            if let Some(f) = self.full {
                f.prefetch_class(c[1], c[2]);
            }
            children[n] = (m, c, bound as usize);
            n += 1;
        }
        // Two rounds of prefetches: the class maps' entries, then the table's words.
        if let Some(f) = self.full {
            for (_, c, idx) in &mut children[..n] {
                *idx = f.phase1_index(c[1], c[2], c[0]);
                f.prefetch(*idx);
            }
        }
        for &(m, c, idx) in &children[..n] {
            let d2 = match self.full {
                // The residues of neighbours differ by one at most: which way it went.
                Some(f) => neighbour_distance(d, f.phase1_value(idx) as u32),
                None => idx as u32,
            };
            if d2 >= togo {
                continue;
            }
            self.count()?;
            self.path[depth] = m;
            self.phase1(i, c, d2, depth + 1, togo - 1, m)?;
            if self.done || depth as u32 + togo > self.limit {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Phase 2 from the end of a phase-1 solution of `d1` moves: the shortest within the limit.
    fn phase2_from(&mut self, i: usize, d1: usize) -> Result<()> {
        if d1 as u32 > self.limit {
            return Ok(());
        }
        let mut c = self.starts[i].cubie;
        for &m in &self.path[..d1] {
            c = c.then(&self.model.moves[m as usize]);
        }
        let (cp, ud, mp) =
            (CornerPerm.get(&c) as u16, UdPerm(self.model).get(&c) as u16, SlicePerm(self.model).get(&c) as u16);
        let mut h = self.t.phase2_bound(cp, ud, mp) as u32;
        if let Some(f) = self.full {
            h = h.max(f.phase2_bound(cp, ud) as u32);
        }
        let last = if d1 == 0 { MOVES as u8 } else { self.path[d1 - 1] };
        let mut d2 = h;
        while d1 as u32 + d2 <= self.limit {
            if self.phase2(cp, ud, mp, d1, d2, last, true)? {
                let total = d1 + d2 as usize;
                self.best = Some((self.path[..total].to_vec(), i));
                // Only shorter ones from now on (and none is shorter than nothing).
                self.limit = (total as u32).saturating_sub(1);
                if total == 0 || total as u32 <= self.goal.target {
                    self.done = true;
                }
                return Ok(());
            }
            d2 += 1;
        }
        Ok(())
    }

    /// A phase-2 solution of exactly `togo` more moves; true when found (left in `path`).
    #[allow(clippy::too_many_arguments)]
    fn phase2(&mut self, cp: u16, ud: u16, mp: u16, depth: usize, togo: u32, last: u8, first: bool) -> Result<bool> {
        if togo == 0 {
            return Ok(cp == 0 && ud == 0 && mp == 0);
        }
        let t = self.t;
        let last_move = togo == 1;
        for (j, &m) in PHASE2_MOVES.iter().enumerate() {
            // At the seam only the same face is barred: a phase-1 solution never ends in a phase-2 move,
            // so the commuting order is not found otherwise.
            let ok = if first { last as usize >= MOVES || face(m) != face(last) } else { may_follow(last, m) };
            if !ok {
                continue;
            }
            let (cp2, ud2, mp2) = (
                t.cperm_move[cp as usize * 10 + j],
                t.udperm_move[ud as usize * 10 + j],
                t.mperm_move[mp as usize * 10 + j],
            );
            // The last move must solve the cube: compared, not looked up.
            let pruned =
                if last_move { cp2 != 0 || ud2 != 0 || mp2 != 0 } else { t.phase2_bound(cp2, ud2, mp2) as u32 >= togo };
            if pruned {
                continue;
            }
            self.count()?;
            self.path[depth] = m;
            if self.phase2(cp2, ud2, mp2, depth + 1, togo - 1, m, false)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
