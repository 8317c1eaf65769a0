//! [`CubeBound::solve`]: an optimal 3x3x3 solution by IDA* on the bound's coordinates alone (per axis
//! the flip, the slice coordinate, the twist and the exact distance to the subgroup), without the
//! generic solver's states and table: a node is 22 bytes, a child three small-table moves per axis and
//! two table reads per axis, whose cache misses are prefetched for all children of a node in two
//! rounds (class map, then entry) before any is read. Threads take the subtrees below the first moves;
//! the first solution in move order wins, so the answer does not depend on the threads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use super::cubie::Cubie;
use super::model::{may_follow, MOVES};
use super::optimal::{CubeBound, Data};
use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::moveset::Metric;
use crate::puzzle::MoveRef;
use crate::search::{solve_up_to, Position, SolveOptions, SolveReport, Solver, UpTo};
use crate::state::State;

/// The longest solution looked for (every position has one of at most 20 moves).
const LONGEST: u32 = 20;
/// Nodes between two looks at the cancellation flag and the progress report.
const CHECK_EVERY: u64 = 1 << 16;

/// An optimal solution and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CubeSolution {
    /// The moves (face turns of the definition), verified on the cube.
    pub moves: Vec<MoveRef>,
    /// Nodes visited.
    pub nodes: u64,
}

/// A node: per axis the flip, the slice coordinate, the twist, and the exact distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    flip: [u16; 3],
    slice: [u16; 3],
    twist: [u16; 3],
    dist: [u8; 3],
}

impl Node {
    fn bound(&self) -> u32 {
        self.dist.iter().copied().max().unwrap_or(0) as u32
    }
}

/// One search of one depth limit, shared by the threads.
struct Shared<'a> {
    data: &'a Data,
    cube: Cubie,
    control: Control<'a>,
    nodes: AtomicU64,
    /// The index of the first subtree (in move order) with a solution so far.
    found: AtomicUsize,
    solution: std::sync::Mutex<Option<(usize, Vec<u8>)>>,
    cancelled: AtomicBool,
    limit: u32,
}

impl CubeBound {
    /// An optimal solution of `state` (a position of the face turns, to solved), by IDA* with this
    /// bound alone, on all threads; verified. Positions the face turns cannot reach are refused by
    /// name; progress (phase `"search"`, depth and nodes) goes to `control`, which can cancel it.
    pub fn solve(&self, state: &State, control: Control) -> Result<CubeSolution> {
        let data = &*self.data;
        let cube = data.model.cubie(state)?;
        let mut root = Node { flip: [0; 3], slice: [0; 3], twist: [0; 3], dist: [0; 3] };
        for a in 0..3 {
            let (f, s, t) = data.axis_coordinates(&cube, a);
            root.flip[a] = f as u16;
            root.slice[a] = s as u16;
            root.twist[a] = t as u16;
            root.dist[a] = data.distance(f, s, t) as u8;
        }
        let mut total = 0;
        for limit in root.bound()..=LONGEST {
            control.check()?;
            control.report(Progress { phase: "search", depth: limit, done: total, total: None });
            let shared = Shared {
                data,
                cube,
                control,
                nodes: AtomicU64::new(0),
                found: AtomicUsize::new(usize::MAX),
                solution: std::sync::Mutex::new(None),
                cancelled: AtomicBool::new(false),
                limit,
            };
            shared.run(&root);
            total += shared.nodes.load(Relaxed);
            if shared.cancelled.load(Relaxed) {
                return Err(Error::cancelled());
            }
            let found = shared.solution.lock().map(|mut s| s.take()).unwrap_or(None);
            if let Some((_, path)) = found {
                let end = path.iter().fold(cube, |c, &m| c.then(&data.model.moves[m as usize]));
                if end != Cubie::SOLVED {
                    return Err(Error::internal("3x3x3: an optimal solution does not solve the position"));
                }
                let moves = path.iter().map(|&m| data.model.mrefs[m as usize]).collect();
                return Ok(CubeSolution { moves, nodes: total });
            }
        }
        Err(Error::internal("3x3x3: no solution within 20 moves"))
    }
}

/// Which search answered a request of [`CubeBound::solve_request`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchedBy {
    /// The cube's own search on the bound's coordinates ([`CubeBound::solve`]).
    CubeCoordinates,
    /// The generic solver on states, with the bound it was given.
    States,
}

impl SearchedBy {
    /// `"3x3x3 coordinates"` or `"states"` (the shells' `searchedBy`).
    pub fn name(self) -> &'static str {
        match self {
            SearchedBy::CubeCoordinates => "3x3x3 coordinates",
            SearchedBy::States => "states",
        }
    }
}

impl CubeBound {
    /// Whether [`CubeBound::solve`] answers this request as `solver` would: one optimal solution (no
    /// depth limits, no slack) in face turns (the solver's 18 moves, half-turn metric) of a position to
    /// the solved cube, orientation asked for.
    pub fn answers(&self, solver: &Solver, position: &Position, up_to: UpTo, options: &SolveOptions) -> bool {
        let solved = solver.puzzle().solved().as_bytes();
        solver.metric() == Metric::Htm
            && solver.move_list().len() == MOVES
            && solver.move_list().iter().all(|m| self.data.model.mrefs.contains(m))
            && solver.target().bytes() == solved
            && position.target.as_ref().is_none_or(|t| t.as_bytes() == solved)
            && !up_to.puzzle_orientation
            && !up_to.center_orientation
            && options.max_solutions.unwrap_or(1) == 1
            && !options.all_optimal
            && options.min_depth == 0
            && options.max_depth.is_none()
            && options.slack == 0
    }

    /// Solves as [`solve_up_to`] does with `solver` (which the caller gave this bound, made by
    /// [`CubeBound::for_moves`] of its move list), but by the cube's own search where
    /// [`CubeBound::answers`] the request: the one place that choice is made, for every shell.
    pub fn solve_request(
        &self,
        solver: &mut Solver,
        position: &Position,
        up_to: UpTo,
        options: &SolveOptions,
        control: Control,
    ) -> Result<(SolveReport, SearchedBy)> {
        if !self.answers(solver, position, up_to, options) {
            let report = solve_up_to(solver, position, up_to, options, control)?;
            return Ok((report, SearchedBy::States));
        }
        let s = self.solve(&position.start, control)?;
        let report = SolveReport {
            solutions: vec![s.moves],
            nodes: s.nodes,
            table_depth: 0,
            table_seconds: 0.0,
            symmetries: 1,
            inverse: false,
        };
        Ok((report, SearchedBy::CubeCoordinates))
    }
}

impl Shared<'_> {
    /// The search of one limit: the subtrees below the first two moves, in order, on all threads.
    fn run(&self, root: &Node) {
        let mut path = [0u8; LONGEST as usize + 1];
        if self.limit < 3 {
            let mut nodes = 0;
            if self.dfs(root, self.limit, MOVES as u8, &mut path, 0, 0, &mut nodes) {
                self.record(0, &path[..self.limit as usize]);
            }
            self.nodes.fetch_add(nodes, Relaxed);
            return;
        }
        // The nodes after two moves that the bound keeps, in move order.
        let mut starts: Vec<(Node, [u8; 2])> = Vec::new();
        for (c1, m1) in self.children(root, self.limit, MOVES as u8) {
            for (c2, m2) in self.children(&c1, self.limit - 1, m1) {
                starts.push((c2, [m1, m2]));
            }
        }
        self.nodes.fetch_add(1 + starts.len() as u64, Relaxed);
        // Each thread takes the next subtree in move order, so the threads work side by side near the
        // front: once a solution is found, at most one subtree per thread past it was started. (Halves
        // of the list per thread would have the second thread search subtrees the first one's
        // solution makes useless, for as long as the first one takes to find it.)
        let next = AtomicUsize::new(0);
        let worker = || loop {
            let i = next.fetch_add(1, Relaxed);
            if i >= starts.len() || self.found.load(Relaxed) < i || self.cancelled.load(Relaxed) {
                return;
            }
            let (node, first) = &starts[i];
            let mut path = [0u8; LONGEST as usize + 1];
            path[..2].copy_from_slice(first);
            let mut nodes = 0;
            if self.dfs(node, self.limit - 2, first[1], &mut path, 2, i, &mut nodes) {
                self.record(i, &path[..self.limit as usize]);
            }
            self.nodes.fetch_add(nodes, Relaxed);
        };
        // One worker per thread, as jobs other threads steal (not `rayon::broadcast`, which would wait
        // for threads busy elsewhere, as when scrambles are solved side by side): where none is free,
        // the first worker takes every subtree and the others find none left.
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            (0..rayon::current_num_threads()).into_par_iter().for_each(|_| worker());
        }
        #[cfg(not(feature = "parallel"))]
        worker();
    }

    /// Keeps the solution of subtree `i` if it is the first in move order.
    fn record(&self, i: usize, path: &[u8]) {
        if let Ok(mut s) = self.solution.lock() {
            if s.as_ref().is_none_or(|(j, _)| i < *j) {
                *s = Some((i, path.to_vec()));
            }
        }
        self.found.fetch_min(i, Relaxed);
    }

    /// The children of `node` (after move `last`) within `togo - 1` of the subgroup on every axis, in
    /// move order.
    fn children(&self, node: &Node, togo: u32, last: u8) -> Vec<(Node, u8)> {
        let mut kids = [*node; MOVES];
        let mut moves = [0u8; MOVES];
        let n = self.expand(node, last, &mut kids, &mut moves);
        (0..n).filter(|&k| kids[k].bound() < togo).map(|k| (kids[k], moves[k])).collect()
    }

    /// Every child of `node` that may follow `last`, with its exact distances: coordinates first with
    /// the class maps' words prefetched, then the entries' words prefetched, then read.
    #[inline(always)]
    fn expand(&self, node: &Node, last: u8, kids: &mut [Node; MOVES], moves: &mut [u8; MOVES]) -> usize {
        let d = self.data;
        let ns = d.kind.slices();
        let mut n = 0;
        for m in 0..MOVES as u8 {
            if !may_follow(last, m) {
                continue;
            }
            let k = &mut kids[n];
            for a in 0..3 {
                let j = d.turned[a][m as usize] as usize;
                k.flip[a] = d.flip_move[node.flip[a] as usize * MOVES + j];
                k.slice[a] = d.slice_move[node.slice[a] as usize * MOVES + j];
                k.twist[a] = d.twist_move[node.twist[a] as usize * MOVES + j];
                d.table.prefetch_class(k.flip[a] as u32 * ns as u32 + k.slice[a] as u32);
            }
            moves[n] = m;
            n += 1;
        }
        let mut index = [[0usize; 3]; MOVES];
        for (k, ix) in kids[..n].iter().zip(index.iter_mut()) {
            for (a, i) in ix.iter_mut().enumerate() {
                *i = d.table.index(k.flip[a] as u32 * ns as u32 + k.slice[a] as u32, k.twist[a] as u32);
                d.table.prefetch(*i);
            }
        }
        for (k, ix) in kids[..n].iter_mut().zip(&index) {
            for (a, &i) in ix.iter().enumerate() {
                let r = d.table.value(i);
                let from = node.dist[a];
                k.dist[a] = if (from + 1) % 3 == r {
                    from + 1
                } else if from % 3 == r {
                    from
                } else {
                    from - 1
                };
            }
        }
        n
    }

    /// Depth-first below `node` with `togo` moves left (the path so far `path[..at]`, in subtree `task`):
    /// whether a solution was found (then in `path[..at + togo]`).
    #[allow(clippy::too_many_arguments)]
    fn dfs(&self, node: &Node, togo: u32, last: u8, path: &mut [u8], at: usize, task: usize, nodes: &mut u64) -> bool {
        *nodes += 1;
        if togo == 0 {
            // Every axis at distance 0: edges and corner orientations solved; the corners' places too?
            return node.dist == [0; 3] && self.solves(&path[..at]);
        }
        if *nodes % CHECK_EVERY == 0 {
            if self.control.is_cancelled() {
                self.cancelled.store(true, Relaxed);
            }
            let done = self.nodes.fetch_add(*nodes, Relaxed) + *nodes;
            *nodes = 0;
            self.control.report(Progress { phase: "search", depth: self.limit, done, total: None });
        }
        if self.cancelled.load(Relaxed) || self.found.load(Relaxed) < task {
            return false;
        }
        let mut kids = [*node; MOVES];
        let mut moves = [0u8; MOVES];
        let n = self.expand(node, last, &mut kids, &mut moves);
        for k in 0..n {
            if kids[k].bound() < togo {
                path[at] = moves[k];
                if self.dfs(&kids[k], togo - 1, moves[k], path, at + 1, task, nodes) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the moves solve the cube.
    fn solves(&self, path: &[u8]) -> bool {
        path.iter().fold(self.cube, |c, &m| c.then(&self.data.model.moves[m as usize])) == Cubie::SOLVED
    }
}
