//! The reduction's search: per 4x4x4 phase, walks of the IDA* engine (each phase a [`Space`] over its
//! nodes of `nodes.rs`, by the tables of `phase_tables`) by increasing total length from the ends the
//! phase before kept (each end checked against the next phase's tables, so a dead end is left at once),
//! and the reduced cubes solved by the 3x3x3 scrambler's two-phase search.

use super::coords::{Coords, Node};
use super::cube3::Cube3Map;
use super::model::{Cube4, Model, AXIS};
use super::nodes::{PhaseNode, P1, P2, P3, P4};
use super::phase_tables::Tables;
use super::tables::FAR;
use super::Cube3Solver;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::ida::{Flow, Ida, Space, Visit};
use std::cell::Cell;

/// Phases searched by table (the fifth is the 3x3x3's).
const PHASES: usize = 4;
/// Deepest search per phase (past every value its tables hold).
const MAX_DEPTH: [usize; PHASES] = [12, 16, 16, 20];

/// What one solve found.
pub(super) struct Found {
    /// Move indices of the 4x4x4 model.
    pub moves: Vec<usize>,
    /// Moves per phase (the fifth: the 3x3x3's).
    pub phase_lengths: [usize; PHASES + 1],
    pub nodes: u64,
    /// Per phase: search nodes, and how many phase ends were kept for the next phase.
    pub phase_nodes: [u64; PHASES],
    pub phase_ends: [usize; PHASES],
}

/// How many ends of each phase go on to the next (the search keeps the shortest totals): more than
/// one solve needs, so the later phases choose among many starts (about a move shorter on average than
/// 60, 12, 8, 3, for a fifth more phase-3 nodes; phase 2's nodes, most of a solve's, hardly change).
const KEEP: [usize; PHASES] = [100, 20, 30, 10];
/// Search nodes a phase may spend once it has an end (it then stops with what it has).
const SOFT_NODES: u64 = 1 << 20;
/// Search nodes the 3x3x3 finish of each reduced cube may spend looking for a shorter solution than its
/// optimal one in `U,D,F2,B2,R2,L2` (which it finds first).
const FINISH_NODES: u64 = 10_000;
/// How far past the first total length where a phase has ends it looks for more (each further length
/// costs about ten times the one before).
const SLACK: usize = 0;

/// A phase's start or end: a state and the moves that led to it.
#[derive(Clone)]
struct Partial {
    node: Node,
    path: Vec<usize>,
    /// Where each phase's moves end in `path`.
    ends: [usize; PHASES],
}

/// One solve's search.
pub(super) struct Search<'a> {
    pub model: &'a Model,
    pub coords: &'a Coords,
    pub tables: &'a Tables,
    pub cube3: &'a dyn Cube3Solver,
    pub map: &'a Cube3Map,
    pub control: Control<'a>,
    pub max_nodes: u64,
    nodes: u64,
    phase_nodes: [u64; PHASES],
    /// Per phase: ends reached (kept or not).
    pub leaves: [u64; PHASES],
}

impl<'a> Search<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        model: &'a Model,
        coords: &'a Coords,
        tables: &'a Tables,
        cube3: &'a dyn Cube3Solver,
        map: &'a Cube3Map,
        control: Control<'a>,
        max_nodes: u64,
    ) -> Self {
        Search {
            model,
            coords,
            tables,
            cube3,
            map,
            control,
            max_nodes,
            nodes: 0,
            phase_nodes: [0; PHASES],
            leaves: [0; PHASES],
        }
    }

    /// Solves `start`: the moves (verified on the model) that take it to solved. Each phase goes on
    /// from the ends the phase before kept, by increasing total length, and keeps its own shortest
    /// [`KEEP`] ends; the reduced cubes left are solved as 3x3x3s and the shortest whole solution wins.
    pub(super) fn solve(mut self, start: &Cube4) -> Result<Found> {
        let mut partials = vec![Partial { node: Node::new(*start), path: Vec::new(), ends: [0; PHASES] }];
        let mut phase_ends = [0; PHASES];
        for (phase, kept) in phase_ends.iter_mut().enumerate() {
            partials = self.phase(phase, &partials)?;
            *kept = partials.len();
            if partials.is_empty() {
                return Err(Error::new("4x4x4: no solution within the search's bounds"));
            }
        }
        let mut best: Option<(Vec<usize>, [usize; PHASES + 1])> = None;
        for p in &partials {
            // The ends come by increasing length: one as long as the best whole solution cannot beat it.
            if best.as_ref().is_some_and(|b| p.path.len() >= b.0.len()) {
                break;
            }
            let last = self.finish(&p.node)?;
            let mut moves = p.path.clone();
            moves.extend(&last);
            let moves = simplify(moves);
            if best.as_ref().is_none_or(|b| moves.len() < b.0.len()) {
                let mut lengths = [0; PHASES + 1];
                let mut from = 0;
                for (k, &e) in p.ends.iter().enumerate() {
                    lengths[k] = e - from;
                    from = e;
                }
                lengths[PHASES] = last.len();
                best = Some((moves, lengths));
            }
        }
        let (moves, phase_lengths) = best.expect("a reduced cube");
        let mut c = *start;
        for &m in &moves {
            c = c.then(&self.model.moves[m].step);
        }
        if c != self.model.solved {
            return Err(Error::internal("4x4x4: the reduction's solution does not solve the position"));
        }
        Ok(Found { moves, phase_lengths, nodes: self.nodes, phase_nodes: self.phase_nodes, phase_ends })
    }

    fn moves(&self, phase: usize) -> &'a [usize] {
        match phase {
            0 => &self.coords.all,
            1 => &self.coords.h1,
            2 => &self.coords.k2,
            _ => &self.coords.g3,
        }
    }

    /// The phase's lower bound at a whole state.
    fn bound(&self, phase: usize, n: &Node) -> u8 {
        let (co, m, t) = (self.coords, self.model, self.tables);
        match phase {
            0 => P1::enter(co, m, n).bound(co, t),
            1 => P2::enter(co, m, n).bound(co, t),
            2 => P3::enter(co, m, n).bound(co, t),
            _ => P4::enter(co, m, n).bound(co, t),
        }
    }

    /// Phase `phase` from each of `starts`: its ends (where the next phase's tables can go on), by
    /// increasing total length, at most [`KEEP`] of them.
    fn phase(&mut self, phase: usize, starts: &[Partial]) -> Result<Vec<Partial>> {
        match phase {
            0 => self.phase_of::<P1>(phase, starts),
            1 => self.phase_of::<P2>(phase, starts),
            2 => self.phase_of::<P3>(phase, starts),
            _ => self.phase_of::<P4>(phase, starts),
        }
    }

    /// [`phase`](Self::phase) over the phase's nodes `N`: one engine walk per start and total length.
    fn phase_of<N: PhaseNode>(&mut self, phase: usize, starts: &[Partial]) -> Result<Vec<Partial>> {
        let mut order: Vec<(usize, &Partial, N)> = starts
            .iter()
            .filter_map(|p| {
                let n = N::enter(self.coords, self.model, &p.node);
                match n.bound(self.coords, self.tables) {
                    FAR => None,
                    h => Some((p.path.len() + h as usize, p, n)),
                }
            })
            .collect();
        crate::sort::sort_by_key(&mut order, |&(lo, _, _)| lo);
        let mut out = Vec::new();
        let Some(&(lowest, _, first)) = order.first() else { return Ok(out) };
        let space = PhaseSpace {
            coords: self.coords,
            model: self.model,
            tables: self.tables,
            moves: self.moves(phase),
            blank: first,
            nodes: Cell::new(self.phase_nodes[phase]),
        };
        let budget = self.max_nodes.saturating_sub(self.nodes);
        let mut ida = Ida::new(&space, self.control).with_budget(budget);
        let mut first_found = None;
        let mut leaves = 0;
        let r = (|| {
            for total in lowest..=lowest + MAX_DEPTH[phase] {
                for &(lo, p, n) in &order {
                    if lo > total {
                        break;
                    }
                    // The walk's start counts as a node, as each node reached does.
                    space.nodes.set(space.nodes.get() + 1);
                    let mut ends =
                        Ends { search: &*self, phase, start: p, space: &space, out: &mut out, leaves: &mut leaves };
                    ida.walk(&n, NO_MOVE, &[], (total - p.path.len()) as u32, &mut ends)?;
                    if ida.over_budget() {
                        return Err(Error::new(format!(
                            "4x4x4: no solution within {} search nodes (per phase: {:?}, ends {:?})",
                            self.max_nodes, self.phase_nodes, self.leaves
                        )));
                    }
                    if stop(phase, &out, space.nodes.get()) {
                        return Ok(());
                    }
                }
                if first_found.is_none() && !out.is_empty() {
                    first_found = Some(total);
                }
                if !out.is_empty() && total >= first_found.unwrap_or(total) + SLACK {
                    break;
                }
            }
            Ok(())
        })();
        self.nodes += space.nodes.get() - self.phase_nodes[phase];
        self.phase_nodes[phase] = space.nodes.get();
        self.leaves[phase] += leaves;
        r.map(|()| out)
    }

    /// The reduced cube, solved as a 3x3x3: its moves.
    fn finish(&mut self, n: &Node) -> Result<Vec<usize>> {
        let p3 = self.cube3.puzzle();
        let state = self.map.state(self.model, &n.c, p3);
        let solution = self.cube3.solve_short(&state, FINISH_NODES, self.control)?;
        solution
            .iter()
            .map(|m| {
                let name = p3.move_name(*m);
                self.model
                    .moves
                    .iter()
                    .position(|x| x.name == name)
                    .ok_or_else(|| Error::internal(format!("4x4x4: the 3x3x3 move {name}")))
            })
            .collect()
    }
}

/// The order state before a phase's first move.
const NO_MOVE: usize = usize::MAX;

/// Whether a phase has what it may have: [`KEEP`] ends, or an end and more than [`SOFT_NODES`] nodes.
fn stop(phase: usize, out: &[Partial], nodes: u64) -> bool {
    out.len() >= KEEP[phase] || (!out.is_empty() && nodes > SOFT_NODES)
}

/// A phase's search space: its nodes `N`, moved by the phase's moves in the reduction's canonical order
/// (no face twice in a row, the faces of one axis in one order).
struct PhaseSpace<'a, N> {
    coords: &'a Coords,
    model: &'a Model,
    tables: &'a Tables,
    moves: &'a [usize],
    blank: N,
    /// The phase's nodes reached so far (each child of a node expanded, and each walk's start).
    nodes: Cell<u64>,
}

impl<N: PhaseNode> Space for PhaseSpace<'_, N> {
    type Node = N;
    type Move = usize;
    /// The last move ([`NO_MOVE`] at the phase's start).
    type Order = usize;

    fn branching(&self) -> usize {
        self.moves.len()
    }

    fn blank(&self) -> N {
        self.blank
    }

    #[inline]
    fn child(&self, n: &N, last: usize, k: usize, out: &mut N) -> Option<(usize, usize)> {
        let m = self.moves[k];
        if last != NO_MOVE {
            let (b, lb) = (m / 3, last / 3);
            if b == lb || (AXIS[b] == AXIS[lb] && b < lb) {
                return None;
            }
        }
        self.nodes.set(self.nodes.get() + 1);
        *out = n.step(self.coords, self.model, m);
        Some((m, m))
    }

    #[inline]
    fn bound(&self, n: &N) -> u32 {
        n.bound(self.coords, self.tables) as u32
    }
}

/// What a phase's walk keeps: the ends reached (at the phase's targets, where the next phase's tables can
/// go on), until the phase has what it may have ([`stop`]).
struct Ends<'s, 'a, N> {
    search: &'s Search<'a>,
    phase: usize,
    start: &'s Partial,
    space: &'s PhaseSpace<'a, N>,
    out: &'s mut Vec<Partial>,
    /// Ends reached (kept or not).
    leaves: &'s mut u64,
}

impl<N: PhaseNode> Visit<PhaseSpace<'_, N>> for Ends<'_, '_, N> {
    fn leaf(&mut self, _: &N, path: &[usize]) -> Result<Flow> {
        let (search, phase) = (self.search, self.phase);
        // The bound is 0 exactly at the phase's targets: the whole state, kept where the next phase's
        // tables can go on.
        let mut whole = self.start.node;
        for &m in path {
            whole = whole.then(search.model, m);
        }
        *self.leaves += 1;
        if phase + 1 == PHASES || search.bound(phase + 1, &whole) != FAR {
            let mut full = self.start.path.clone();
            full.extend_from_slice(path);
            let mut ends = self.start.ends;
            ends[phase] = full.len();
            self.out.push(Partial { node: whole, path: full, ends });
        }
        Ok(self.expanded(0))
    }

    #[inline]
    fn expanded(&mut self, _: u64) -> Flow {
        if stop(self.phase, self.out, self.space.nodes.get()) {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

/// Merges neighbouring turns of one face (across the phases' seams), dropping those that cancel.
fn simplify(moves: Vec<usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(moves.len());
    for m in moves {
        // A same-face move earlier with only same-axis (commuting) moves after it.
        let mut j = out.len();
        let mut merged = false;
        while j > 0 {
            let p = out[j - 1];
            if AXIS[p / 3] != AXIS[m / 3] {
                break;
            }
            if p / 3 == m / 3 {
                let amount = (p % 3 + 1 + m % 3 + 1) % 4;
                if amount == 0 {
                    out.remove(j - 1);
                } else {
                    out[j - 1] = 3 * (m / 3) + amount - 1;
                }
                merged = true;
                break;
            }
            j -= 1;
        }
        if !merged {
            out.push(m);
        }
    }
    out
}

/// The `Puzzle`'s moves of a solution, for checking on the definition itself.
pub(super) fn puzzle_moves(model: &Model, moves: &[usize]) -> Vec<crate::model::puzzle::MoveRef> {
    moves.iter().map(|&m| model.moves[m].mref).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simplify_merges_across_commuting_moves() {
        // U (0) D (3) U' (2) → D; R (12) R (12) → R2 (13); U U2 U → nothing.
        assert_eq!(simplify(vec![0, 3, 2]), vec![3]);
        assert_eq!(simplify(vec![12, 12]), vec![13]);
        assert_eq!(simplify(vec![0, 1, 0]), Vec::<usize>::new());
        assert_eq!(simplify(vec![0, 12, 0]), vec![0, 12, 0]);
    }
}
