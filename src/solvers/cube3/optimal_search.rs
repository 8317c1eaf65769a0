//! [`CubeBound::solve`]: an optimal 3x3x3 solution by IDA* on the bound's coordinates alone (per axis
//! the flip, the slice coordinate, the twist and the exact distance to the subgroup), without the
//! generic solver's states and table. Threads take the subtrees below the first moves; the first
//! solution in move order wins, so the answer does not depend on the threads.
//!
//! A table read is a cache miss (the child's class comes from its parent's row, its entry from the
//! table: hundreds of nanoseconds from memory on these machines), so each thread runs several
//! depth-first searches side by side ([`Lane`]s): a lane asks for the words it will read next and
//! yields, the others run, and by its next turn the words are in the cache. (Measured on the `layers`
//! table: about 18 reads a node, which take up to 40 % of a node's time at this machine's rate of
//! random reads; the rest is the node's own work, so nodes are kept small: 32 bytes.) The lanes let a
//! node read its children lazily: only the axes within one move of the limit can rule a child out, so
//! they are read one at a time, furthest first, for the children still kept, and the other axes only
//! for the children that pass (about one in thirteen): 16 to 18 table reads a node instead of 40.
//!
//! With the `layers` table ([`CubeTable::Layers`](super::CubeTable::Layers)) a node also keeps per axis
//! where the U layer's corners are; the table's second coordinate is then the twist with it, each
//! conjugated by its own small table.
//!
//! With a table of distances ([`CubeTable::HugeExact`](super::CubeTable::HugeExact)) a node also keeps
//! its inverse, which is as far from solved: a child is ruled out too where its inverse is too far
//! along an axis (read after the forward axes that can rule it out, before those that only give
//! distances).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use super::cubie::Cubie;
use super::model::{may_follow, MOVES};
use super::optimal::{CubeBound, Data};
use super::packed::Packed;
use crate::control::{Control, Progress};
use crate::coord::residue::neighbour_distance;
use crate::error::{Error, Result};
use crate::model::moveset::Metric;
use crate::model::puzzle::MoveRef;
use crate::model::state::State;
use crate::search::{solve_up_to, Position, SolveOptions, SolveReport, Solver, UpTo};

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

/// A node: per axis the class of the (flip, slice) pair, the symmetry that takes the pair to its
/// class's representative, the twist (and with `layers` where the U layer's corners are), and the exact
/// distance; with a table of distances (not residues), also the distances of the position's inverse
/// along the axes (the inverse itself is kept beside the node, by the lane: 40 bytes a node copied
/// only where the table needs it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    class: [u32; 3],
    sym: [u8; 3],
    twist: [u16; 3],
    /// Where the U layer's corners are (0 where the table leaves it out).
    layers: [u8; 3],
    dist: [u8; 3],
    inv_dist: [u8; 3],
}

impl Node {
    const ZERO: Node =
        Node { class: [0; 3], sym: [0; 3], twist: [0; 3], layers: [0; 3], dist: [0; 3], inv_dist: [0; 3] };

    fn bound(&self) -> u32 {
        self.dist.iter().chain(&self.inv_dist).copied().max().unwrap_or(0) as u32
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
        let mut root = Node::ZERO;
        for a in 0..3 {
            let coords = data.axis_coordinates(&cube, a);
            (root.class[a], root.sym[a]) = data.table.class_sym(data.pair(coords).0);
            root.twist[a] = coords[2] as u16;
            root.layers[a] = coords[3] as u8;
            root.dist[a] = data.distance(coords) as u8;
        }
        if data.exact() {
            // The inverse is as far from solved: its distances bound the search too.
            let inv = cube.inverse();
            for a in 0..3 {
                root.inv_dist[a] = data.distance(data.axis_coordinates(&inv, a)) as u8;
            }
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

/// Passes over the inverses: one axis of the (at most two) the move changes. A second pass (the other
/// axis, for the children the first keeps) cut the nodes by another 1.3× but cost as much time as it
/// saved (17.4 s against 17.5 s on an 18-move position), so the other axis counts as 0.
const INVERSE_PASSES: u8 = 1;

/// Per last move (`MOVES`: none), the moves that may follow it ([`may_follow`]) in order, and their
/// number: a node's children's moves copied, not worked out move by move.
static FOLLOW: [([u8; MOVES], u8); MOVES + 1] = {
    let mut t = [([0u8; MOVES], 0u8); MOVES + 1];
    let mut last = 0;
    while last <= MOVES {
        let mut m = 0;
        while m < MOVES {
            if may_follow(last as u8, m as u8) {
                t[last].0[t[last].1 as usize] = m as u8;
                t[last].1 += 1;
            }
            m += 1;
        }
        last += 1;
    }
    t
};

/// Per parent distance (the last row for any beyond) and a residue read (3: an empty entry, which a
/// complete table has none of), the child's distance: the parent's less one, the same or one more
/// ([`Data::child_distance`]), as one small table instead of three comparisons a read.
static RESIDUE_DIST: [[u8; 4]; 32] = {
    let mut t = [[0u8; 4]; 32];
    let mut from = 0;
    while from < 32 {
        let mut r = 0;
        while r < 3 {
            t[from][r] = if from == 0 && r == 2 { 0 } else { neighbour_distance(from as u32, r as u32) } as u8;
            r += 1;
        }
        from += 1;
    }
    t
};

/// Depth-first searches a thread runs side by side (each waits for memory while the others run).
const LANES: usize = 4;

/// A node on a lane's stack: the node, the moves left, the move that made it, its depth.
#[derive(Clone, Copy, Debug)]
struct Item {
    node: Node,
    togo: u8,
    last: u8,
    at: u8,
}

/// Where a lane is in the expansion of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// No node in hand: the next step takes one from the stack.
    Idle,
    /// The entries' words of the round's reads are asked for: next, read them.
    Entries,
    /// The children kept so far have their inverses; the class maps' words of the axes whose
    /// distances the move changes are asked for: next, the entries'.
    InverseClasses,
    /// The inverses' entries are asked for: next, read them.
    InverseEntries,
}

/// One depth-first search of a thread: its stack and path, and the expansion in flight.
struct Lane {
    stack: Vec<Item>,
    /// With a table of distances: the inverse of each item on the stack (in step with it), of the
    /// node being expanded, and of its kept children.
    inv_stack: Vec<Packed>,
    parent_inv: Packed,
    kid_inv: [Packed; MOVES],
    path: [u8; LONGEST as usize + 1],
    /// The subtree (index of its start) it searches.
    task: usize,
    stage: Stage,
    /// The node being expanded, its kept children so far and their moves.
    parent: Item,
    kids: [Node; MOVES],
    moves: [u8; MOVES],
    n: usize,
    /// The axes in the order they are read (furthest first), how many of them were read one by one,
    /// and which axes the current round reads.
    order: [usize; 3],
    next: usize,
    axes: [bool; 3],
    read: [bool; 3],
    index: [[usize; 3]; MOVES],
    /// Which pass over the inverses comes next (0, 1; 2: done); per kept child the axis the pass reads
    /// (3: none) and the inverse's (flip, slice) pair and twist on it.
    inverse_pass: u8,
    inv_axis: [u8; MOVES],
    inv_pair: [(u32, u32); MOVES],
}

impl Lane {
    fn new() -> Self {
        let node = Node::ZERO;
        let item = Item { node, togo: 0, last: MOVES as u8, at: 0 };
        Lane {
            stack: Vec::with_capacity(LONGEST as usize * MOVES),
            inv_stack: Vec::new(),
            parent_inv: Packed::SOLVED,
            kid_inv: [Packed::SOLVED; MOVES],
            path: [0; LONGEST as usize + 1],
            task: usize::MAX,
            stage: Stage::Idle,
            parent: item,
            kids: [node; MOVES],
            moves: [0; MOVES],
            n: 0,
            order: [0, 1, 2],
            next: 0,
            axes: [false; 3],
            read: [false; 3],
            index: [[0; 3]; MOVES],
            inverse_pass: 0,
            inv_axis: [3; MOVES],
            inv_pair: [(0, 0); MOVES],
        }
    }
}

impl Shared<'_> {
    /// The search of one limit: the subtrees below the first two moves (or the root, for a limit
    /// under 3), in order, on all threads.
    fn run(&self, root: &Node) {
        let root = Item { node: *root, togo: self.limit as u8, last: MOVES as u8, at: 0 };
        let root_inv = if self.data.exact() { Packed::new(&self.cube.inverse()) } else { Packed::SOLVED };
        let starts: Vec<(Item, [u8; 2], Packed)> = if self.limit < 3 {
            vec![(root, [0; 2], root_inv)]
        } else {
            // The nodes after two moves that the bound keeps, in move order.
            let mut starts = Vec::new();
            for (c1, inv1) in self.children(&root, root_inv) {
                for (c2, inv2) in self.children(&c1, inv1) {
                    starts.push((c2, [c1.last, c2.last], inv2));
                }
            }
            self.nodes.fetch_add(1 + starts.len() as u64, Relaxed);
            starts
        };
        // Each thread takes the next subtree in move order, so the threads work side by side near the
        // front: once a solution is found, at most a few subtrees per thread past it were started.
        // (Halves of the list per thread would have the second thread search subtrees the first one's
        // solution makes useless, for as long as the first one takes to find it.)
        let next = AtomicUsize::new(0);
        let worker = || self.worker(&starts, &next);
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

    /// The children of an item that the bound keeps, in move order (expanded at once: the few nodes
    /// above the subtrees).
    fn children(&self, item: &Item, inv: Packed) -> Vec<(Item, Packed)> {
        let mut lane = Lane::new();
        self.begin(&mut lane, *item, inv);
        while lane.stage != Stage::Idle {
            self.advance(&mut lane);
        }
        // Without a table of distances no inverses were kept.
        lane.inv_stack.resize(lane.stack.len(), Packed::SOLVED);
        lane.stack.into_iter().zip(lane.inv_stack).rev().collect()
    }

    /// One thread's share: [`LANES`] lanes in turn, each taking the next subtree when it runs out,
    /// until no subtree is left that could still hold the first solution.
    fn worker(&self, starts: &[(Item, [u8; 2], Packed)], next: &AtomicUsize) {
        let mut lanes: Vec<Lane> = (0..LANES).map(|_| Lane::new()).collect();
        let mut nodes = 0u64;
        while !lanes.is_empty() {
            let mut i = 0;
            while i < lanes.len() {
                let lane = &mut lanes[i];
                if lane.stage != Stage::Idle {
                    self.advance(lane);
                } else if !self.take(lane, starts, next, &mut nodes) {
                    // No subtree left for it: it asks the shared counter no more.
                    lanes.swap_remove(i);
                    continue;
                }
                i += 1;
            }
        }
        self.nodes.fetch_add(nodes, Relaxed);
    }

    /// An idle lane's step: the next node of its stack (a new subtree when it is empty) checked, then
    /// its expansion begun; false when no subtree is left for it.
    fn take(&self, lane: &mut Lane, starts: &[(Item, [u8; 2], Packed)], next: &AtomicUsize, nodes: &mut u64) -> bool {
        let exact = self.data.exact();
        loop {
            let (item, inv) = match lane.stack.pop() {
                Some(item) => {
                    (item, if exact { lane.inv_stack.pop().unwrap_or(Packed::SOLVED) } else { Packed::SOLVED })
                }
                None => {
                    let i = next.fetch_add(1, Relaxed);
                    if i >= starts.len() || self.found.load(Relaxed) < i || self.cancelled.load(Relaxed) {
                        return false;
                    }
                    let (item, prefix, inv) = starts[i];
                    lane.task = i;
                    lane.path[..2].copy_from_slice(&prefix);
                    (item, inv)
                }
            };
            if self.found.load(Relaxed) < lane.task || self.cancelled.load(Relaxed) {
                lane.stack.clear();
                lane.inv_stack.clear();
                continue;
            }
            *nodes += 1;
            if *nodes % CHECK_EVERY == 0 {
                if self.control.is_cancelled() {
                    self.cancelled.store(true, Relaxed);
                }
                let done = self.nodes.fetch_add(*nodes, Relaxed) + *nodes;
                *nodes = 0;
                self.control.report(Progress { phase: "search", depth: self.limit, done, total: None });
            }
            let at = item.at as usize;
            if at > 0 {
                lane.path[at - 1] = item.last;
            }
            if item.togo == 0 {
                // Every axis at distance 0: edges and corner orientations solved; the corners' places too?
                if item.node.dist == [0; 3] && self.solves(&lane.path[..at]) {
                    self.record(lane.task, &lane.path[..at]);
                    lane.stack.clear();
                    lane.inv_stack.clear();
                }
                continue;
            }
            self.begin(lane, item, inv);
            return true;
        }
    }

    /// Starts the expansion of `item`: its children's moves, and the first round of reads.
    fn begin(&self, lane: &mut Lane, item: Item, inv: Packed) {
        lane.parent = item;
        lane.parent_inv = inv;
        let (moves, n) = &FOLLOW[(item.last as usize).min(MOVES)];
        lane.moves = *moves;
        lane.n = *n as usize;
        lane.order = [0, 1, 2];
        lane.order.sort_by_key(|&a| std::cmp::Reverse(item.node.dist[a]));
        lane.next = 0;
        lane.read = [false; 3];
        lane.inverse_pass = 0;
        self.round(lane);
    }

    /// The next round of reads of the children kept: the next axis within one move of the limit (it
    /// can rule children out), or else every axis not read yet (for their exact distances); its
    /// coordinates moved and the class maps' words asked for.
    fn round(&self, lane: &mut Lane) {
        let d = self.data;
        let limit = lane.parent.togo - 1;
        let parent = lane.parent.node;
        lane.axes = [false; 3];
        match lane.order.get(lane.next) {
            Some(&a) if parent.dist[a] >= limit => {
                lane.axes[a] = true;
                lane.next += 1;
            }
            // The inverses next (they can rule children out; the axes left only give distances).
            _ if d.exact() && lane.inverse_pass < INVERSE_PASSES => return self.inverse_classes(lane),
            _ if lane.read == [true; 3] => return self.push(lane),
            _ => lane.axes = lane.read.map(|r| !r),
        }
        for a in (0..3).filter(|&a| lane.axes[a]) {
            lane.read[a] = true;
            let (turned, s) = (&d.turned[a], parent.sym[a] as usize);
            // The parent's rows: of its class, and of its twist and layers per move of the axis's frame.
            let row = &d.rows[parent.class[a] as usize * MOVES..][..MOVES];
            let twist_row = &d.twist_move[parent.twist[a] as usize * MOVES..][..MOVES];
            let layers_row = &d.layers_move[parent.layers[a] as usize * MOVES..][..MOVES];
            let (conj, sym_mul) = (&d.turned_conj[a][s], &d.sym_mul[s]);
            for k in 0..lane.n {
                let m = lane.moves[k] as usize;
                let j = turned[m] as usize;
                // The pair after move j, conjugated by s, is the representative after j conjugated by s.
                let to = row[conj[m] as usize];
                let kid = &mut lane.kids[k];
                kid.class[a] = to >> 4;
                kid.sym[a] = sym_mul[(to & 15) as usize];
                kid.twist[a] = twist_row[j];
                kid.layers[a] = layers_row[j] as u8;
                let i = d.table.entry_parts(kid.class[a], kid.twist[a] as u32, kid.layers[a] as u32, kid.sym[a]);
                lane.index[k][a] = i;
                d.table.prefetch(i);
            }
        }
        lane.stage = Stage::Entries;
    }

    /// A lane's next step in an expansion: the entries asked for; or read, the children ruled out
    /// dropped, then the next round or (all axes read) the children kept pushed in move order.
    fn advance(&self, lane: &mut Lane) {
        match lane.stage {
            Stage::InverseClasses => return self.inverse_entries(lane),
            Stage::InverseEntries => return self.inverse_read(lane),
            _ => {}
        }
        let d = self.data;
        let axes = lane.axes;
        let parent = lane.parent;
        let limit = parent.togo - 1;
        let exact = d.exact();
        // Per axis, where a residue's distance is looked up (the parent's less one, the same or one more).
        let from = parent.node.dist.map(|f| &RESIDUE_DIST[(f as usize).min(RESIDUE_DIST.len() - 1)]);
        let mut kept = 0;
        for k in 0..lane.n {
            let mut keep = true;
            let mut kid = lane.kids[k];
            for a in 0..3 {
                if axes[a] {
                    let r = d.table.value(lane.index[k][a]);
                    let dist = if exact { r } else { from[a][r as usize & 3] };
                    kid.dist[a] = dist;
                    keep &= dist <= limit;
                }
            }
            // Written whether kept or not (no branch to mispredict); the next child overwrites it.
            lane.kids[kept] = kid;
            lane.moves[kept] = lane.moves[k];
            lane.index[kept] = lane.index[k];
            if exact {
                lane.kid_inv[kept] = lane.kid_inv[k];
            }
            kept += keep as usize;
        }
        lane.n = kept;
        if kept > 0 {
            self.round(lane);
        } else {
            lane.stage = Stage::Idle;
        }
    }

    /// A pass over the kept children's inverses (`m⁻¹ · x⁻¹`), one axis each: an axis whose subgroup
    /// holds the move keeps its distance (`d(m⁻¹ · y) = d(y)` where `m` is in the subgroup), which may
    /// rule the child out at once (first pass); each pass then takes the next axis the move changes (two
    /// at most), its coordinates computed and the class map's word asked for. One axis a pass: a child
    /// the first rules out costs no read of the second.
    fn inverse_classes(&self, lane: &mut Lane) {
        let d = self.data;
        let parent = lane.parent;
        let limit = parent.togo - 1;
        let pass = lane.inverse_pass;
        let mut kept = 0;
        for k in 0..lane.n {
            let m = lane.moves[k] as usize;
            let changed = d.inverse_changes[m];
            let mut kid = lane.kids[k];
            if pass == 0 {
                if (0..3).any(|a| changed & 1 << a == 0 && parent.node.inv_dist[a] > limit) {
                    continue;
                }
                lane.kid_inv[k] = d.packed_inverse_moves[m].then(&lane.parent_inv);
                // Unchanged axes keep their distances; the others are read by the passes (0 until then).
                kid.inv_dist = std::array::from_fn(|a| if changed & 1 << a == 0 { parent.node.inv_dist[a] } else { 0 });
            }
            // The pass's axis: the first (or second) the move changes.
            let mut bits = changed;
            if pass == 1 {
                bits &= bits.wrapping_sub(1);
            }
            lane.inv_axis[kept] = 3;
            if bits != 0 {
                let a = bits.trailing_zeros() as usize;
                let pair = d.pair(d.packed_axis_coordinates(&lane.kid_inv[k], a));
                lane.inv_axis[kept] = a as u8;
                lane.inv_pair[kept] = pair;
                d.table.prefetch_class(pair.0);
            }
            lane.kids[kept] = kid;
            lane.moves[kept] = lane.moves[k];
            lane.kid_inv[kept] = lane.kid_inv[k];
            kept += 1;
        }
        lane.n = kept;
        lane.inverse_pass += 1;
        lane.stage = if kept == 0 { Stage::Idle } else { Stage::InverseClasses };
    }

    /// The inverses' entries asked for.
    fn inverse_entries(&self, lane: &mut Lane) {
        let d = self.data;
        for k in 0..lane.n {
            if lane.inv_axis[k] < 3 {
                let (pair, t) = lane.inv_pair[k];
                let i = d.table.index(pair, t);
                lane.index[k][0] = i;
                d.table.prefetch(i);
            }
        }
        lane.stage = Stage::InverseEntries;
    }

    /// The inverses' distances read and the children they rule out dropped; then the next round.
    fn inverse_read(&self, lane: &mut Lane) {
        let d = self.data;
        let limit = lane.parent.togo - 1;
        let mut kept = 0;
        for k in 0..lane.n {
            let mut kid = lane.kids[k];
            let a = lane.inv_axis[k] as usize;
            if a < 3 {
                kid.inv_dist[a] = d.table.value(lane.index[k][0]);
                if kid.inv_dist[a] > limit {
                    continue;
                }
            }
            lane.kids[kept] = kid;
            lane.moves[kept] = lane.moves[k];
            lane.kid_inv[kept] = lane.kid_inv[k];
            kept += 1;
        }
        lane.n = kept;
        if kept == 0 {
            lane.stage = Stage::Idle;
            return;
        }
        self.round(lane);
    }

    /// The kept children pushed in move order (the first popped first), their rows asked for.
    fn push(&self, lane: &mut Lane) {
        let d = self.data;
        let parent = lane.parent;
        let limit = parent.togo - 1;
        for k in (0..lane.n).rev() {
            let kid = lane.kids[k];
            // The rows its expansion reads first.
            for a in 0..3 {
                let row = kid.class[a] as usize * MOVES;
                crate::memory::prefetch(&d.rows[row]);
                crate::memory::prefetch(&d.rows[row + MOVES - 1]);
            }
            lane.stack.push(Item { node: kid, togo: limit, last: lane.moves[k], at: parent.at + 1 });
            if d.exact() {
                lane.inv_stack.push(lane.kid_inv[k]);
            }
        }
        lane.stage = Stage::Idle;
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

    /// Whether the moves solve the cube.
    fn solves(&self, path: &[u8]) -> bool {
        path.iter().fold(self.cube, |c, &m| c.then(&self.data.model.moves[m as usize])) == Cubie::SOLVED
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::tests::puzzle;
    use super::super::optimal::CubeTable;
    use super::*;
    use rand::Rng;

    /// With distances in the table (not residues), the search also bounds by the inverse's distances:
    /// the same optimal lengths on random walks, verified, and fewer nodes. (The huge table's exact
    /// form takes the same path; it is 3.3 GB, so the phase-1 table stands in for it here.)
    #[test]
    fn inverse_lookups_keep_the_optimal_lengths_with_fewer_nodes() {
        let p = puzzle();
        let plain = CubeBound::phase1_for_tests();
        let exact = CubeBound::exact_for_tests(&p, CubeTable::Phase1).unwrap();
        assert!(exact.data.exact() && !plain.data.exact());
        let model = &plain.data.model;
        let mut rng = crate::group::rng_from_seed(Some(17)).unwrap();
        let (mut nodes_plain, mut nodes_exact) = (0, 0);
        for i in 0..24 {
            let mut path: Vec<u8> = Vec::new();
            while path.len() < 6 + i % 7 {
                let m: u8 = rng.gen_range(0..MOVES as u8);
                if path.last().is_none_or(|&l| super::super::model::face(l) != super::super::model::face(m)) {
                    path.push(m);
                }
            }
            let moves: Vec<MoveRef> = path.iter().map(|&m| model.mrefs[m as usize]).collect();
            let start = p.apply_moves(p.solved(), &moves);
            // The distances a four-bit entry holds are those the residues lead to.
            assert_eq!(exact.distances(&start).unwrap(), plain.distances(&start).unwrap(), "walk {i}");
            let a = plain.solve(&start, Control::none()).unwrap();
            let b = exact.solve(&start, Control::none()).unwrap();
            assert_eq!(a.moves.len(), b.moves.len(), "walk {i}");
            assert_eq!(p.apply_moves(&start, &b.moves), *p.solved(), "walk {i}");
            nodes_plain += a.nodes;
            nodes_exact += b.nodes;
        }
        eprintln!("{nodes_exact} nodes with inverse lookups, {nodes_plain} without");
        assert!(nodes_exact < nodes_plain, "{nodes_exact} nodes with inverse lookups, {nodes_plain} without");
    }

    /// Residues kept in trits (the `layers` table's encoding) read as the two-bit entries: the same
    /// solutions with the same nodes, verified. (On one thread: on more, how far the other threads
    /// get in the last iteration before the first solution stops them depends on timing.)
    #[test]
    fn trits_search_as_two_bit_entries() {
        #[cfg(feature = "parallel")]
        rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap().install(trits_search_on_one_thread);
        #[cfg(not(feature = "parallel"))]
        trits_search_on_one_thread();
    }

    fn trits_search_on_one_thread() {
        let p = puzzle();
        let plain = CubeBound::phase1_for_tests();
        let trits = CubeBound::trits_for_tests(&p, CubeTable::Phase1).unwrap();
        assert_eq!(trits.data.table.words.len() * 8, (plain.data.table.len()).div_ceil(5).next_multiple_of(8));
        let model = &plain.data.model;
        let mut rng = crate::group::rng_from_seed(Some(29)).unwrap();
        for i in 0..12 {
            let path: Vec<MoveRef> = (0..8 + i % 5).map(|_| model.mrefs[rng.gen_range(0..MOVES)]).collect();
            let start = p.apply_moves(p.solved(), &path);
            assert_eq!(trits.distances(&start).unwrap(), plain.distances(&start).unwrap(), "walk {i}");
            let a = plain.solve(&start, Control::none()).unwrap();
            let b = trits.solve(&start, Control::none()).unwrap();
            assert_eq!((a.moves.len(), a.nodes), (b.moves.len(), b.nodes), "walk {i}");
            assert_eq!(p.apply_moves(&start, &b.moves), *p.solved(), "walk {i}");
        }
    }
}
