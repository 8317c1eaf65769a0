//! [`CubeBound::solve`]: an optimal 3x3x3 solution by IDA* on the bound's coordinates alone (per axis
//! the flip, the slice coordinate, the twist and the exact distance to the subgroup), without the
//! generic solver's states and table. It is a space of the engine's lanes ([`crate::ida::lanes`]):
//! threads take the subtrees below the first two moves; the first solution in move order wins, so the
//! answer does not depend on the threads. Asked as a [`Solver`] is (its canonical sequences, its
//! metric: half or quarter turns; several solutions, every optimal one, depth limits, slack), it walks
//! the solver's own canonical automaton in the solver's move order, so that it gives the solver's
//! solutions in the solver's order ([`CubeBound::solve_request`]).
//!
//! A table read is a cache miss (the child's class comes from its parent's row, its entry from the
//! table: hundreds of nanoseconds from memory on these machines), so each thread runs several
//! depth-first searches side by side (lanes): a node's expansion ([`Expansion`]) runs in rounds, each
//! asking for the words the next reads, and between two rounds the other lanes run, so that the words
//! are in the cache by then. (Measured on the `layers`
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

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use super::cubie::Cubie;
use super::model::{may_follow, MOVES};
use super::optimal::{CubeBound, Data};
use super::packed::Packed;
use crate::canon::fsm::REFUSED;
use crate::canon::CanonFsm;
use crate::control::{Control, Progress};
use crate::coord::residue::neighbour_distance;
use crate::error::{Error, Result};
use crate::ida::lanes::{self, LaneSpace, LaneVisit};
use crate::model::moveset::Metric;
use crate::model::puzzle::MoveRef;
use crate::model::state::State;
use crate::search::solver::solve_limits;
use crate::search::{solve_up_to, Position, SolveOptions, SolveReport, Solver, UpTo};

/// The longest optimal solution in face turns (every position has one of at most 20 moves).
const LONGEST: u32 = 20;

/// The longest optimal solution in quarter turns (every position has one of at most 26).
const LONGEST_QTM: u32 = 26;

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

/// The moves that may follow, per order state, in the order the walk takes them, with the state each
/// leads to: the cube's own rule (a state per last move, [`may_follow`]) or a solver's canonical
/// automaton ([`CanonFsm`]) over the cube's moves.
struct Follow {
    /// The state before the first move.
    start: u8,
    rows: Vec<FollowRow>,
    /// The longest optimal solution in its metric.
    longest: u32,
}

/// One state's moves that may follow (the first `n`) and the state after each.
#[derive(Clone, Copy)]
struct FollowRow {
    moves: [u8; MOVES],
    next: [u8; MOVES],
    n: u8,
}

impl Follow {
    /// The cube's own rule: no face twice in a row; of two opposite faces, the one of smaller index
    /// first. A state per last move (`MOVES`: none yet).
    fn face_turns() -> Follow {
        let rows = (0..=MOVES as u8)
            .map(|last| {
                let mut row = FollowRow { moves: [0; MOVES], next: [0; MOVES], n: 0 };
                for m in (0..MOVES as u8).filter(|&m| may_follow(last, m)) {
                    row.moves[row.n as usize] = m;
                    row.next[row.n as usize] = m;
                    row.n += 1;
                }
                row
            })
            .collect();
        Follow { start: MOVES as u8, rows, longest: LONGEST }
    }

    /// A solver's canonical sequences, `moves[i]` the cube's move of the solver's move `i`, in the
    /// solver's move order; `None` where the automaton has more states than a byte numbers.
    fn canonical(fsm: &CanonFsm, moves: &[u8]) -> Option<Follow> {
        if fsm.states() > 1 << 8 || fsm.moves() != moves.len() || moves.len() != MOVES {
            return None;
        }
        let rows = (0..fsm.states() as u32)
            .map(|state| {
                let mut row = FollowRow { moves: [0; MOVES], next: [0; MOVES], n: 0 };
                for (&next, &m) in fsm.row(state).iter().zip(moves).filter(|(&next, _)| next != REFUSED) {
                    row.moves[row.n as usize] = m;
                    row.next[row.n as usize] = next as u8;
                    row.n += 1;
                }
                row
            })
            .collect();
        let longest = if fsm.metric() == Metric::Qtm { LONGEST_QTM } else { LONGEST };
        Some(Follow { start: 0, rows, longest })
    }
}

/// What a search is asked for, as [`SolveOptions`] means it: the depths, how many solutions, every
/// optimal one, and how many moves over the shortest.
struct Ask {
    min_depth: u32,
    max_depth: u32,
    limit: usize,
    all_optimal: bool,
    slack: u32,
}

impl Ask {
    /// One optimal solution.
    const ONE: Ask = Ask { min_depth: 0, max_depth: u32::MAX, limit: 1, all_optimal: false, slack: 0 };

    /// The request of `options`, refused as the solver refuses it.
    fn of(options: &SolveOptions) -> Result<Ask> {
        let (max_depth, limit) = solve_limits(options)?;
        let (min_depth, all_optimal, slack) = (options.min_depth, options.all_optimal, options.slack);
        Ok(Ask { min_depth, max_depth, limit, all_optimal, slack })
    }
}

/// The lanes' visit of one depth limit: the first `want` solutions in walk order.
struct Found<'a> {
    data: &'a Data,
    cube: Cubie,
    /// How many solutions the depth is asked for.
    want: usize,
    /// The last task still wanted: the tasks up to it have found `want` solutions between them.
    last: AtomicUsize,
    /// The solutions found with their tasks (each task's in the order its walk found them), and how
    /// many each task found.
    found: Mutex<Solutions>,
}

/// Solutions with their tasks, and how many each task found.
type Solutions = (Vec<(usize, Vec<u8>)>, BTreeMap<usize, usize>);

impl<I: Inverse> LaneVisit<Cube<'_, I>> for Found<'_> {
    /// Every axis at distance 0: edges and corner orientations solved; the corners' places too? A
    /// task ends once it has `want` solutions of its own.
    fn leaf(&self, task: usize, node: &LaneNode<I>, path: &[u8]) -> bool {
        if node.node.dist != [0; 3] || !self.solves(path) {
            return false;
        }
        let Ok(mut found) = self.found.lock() else { return true };
        let (solutions, per_task) = &mut *found;
        solutions.push((task, path.to_vec()));
        let mine = per_task.entry(task).or_insert(0);
        *mine += 1;
        let enough = *mine >= self.want;
        // The first task by which the solutions number `want`: no later task's can be among the first.
        let mut sum = 0;
        if let Some((&t, _)) = per_task.iter().find(|(_, &n)| {
            sum += n;
            sum >= self.want
        }) {
            self.last.fetch_min(t, Relaxed);
        }
        enough
    }

    fn wanted(&self, task: usize) -> bool {
        self.last.load(Relaxed) >= task
    }
}

impl Found<'_> {
    /// Whether the moves solve the cube.
    fn solves(&self, path: &[u8]) -> bool {
        path.iter().fold(self.cube, |c, &m| c.then(&self.data.model.moves[m as usize])) == Cubie::SOLVED
    }

    /// The first `want` solutions in walk order (tasks in order, each task's as it found them).
    fn first(self) -> Vec<Vec<u8>> {
        let (mut solutions, _) = self.found.into_inner().unwrap_or_else(|e| e.into_inner());
        crate::sort::sort_by_key(&mut solutions, |(task, _)| *task);
        solutions.into_iter().take(self.want).map(|(_, path)| path).collect()
    }
}

impl CubeBound {
    /// An optimal solution of `state` (a position of the face turns, to solved), by IDA* with this
    /// bound alone, on all threads; verified. Positions the face turns cannot reach are refused by
    /// name; progress (phase `"search"`, depth and nodes) goes to `control`, which can cancel it.
    pub fn solve(&self, state: &State, control: Control) -> Result<CubeSolution> {
        let (solutions, nodes) = self.solutions(state, &Follow::face_turns(), &Ask::ONE, control)?;
        let moves = solutions.and_then(|s| s.into_iter().next());
        let moves = moves.ok_or_else(|| Error::internal("3x3x3: the search returned no solution"))?;
        Ok(CubeSolution { moves, nodes })
    }

    /// The solutions `ask` asks for of `state` (`None`: none within its depths), each verified, by
    /// sequences of `follow`, and the nodes.
    fn solutions(
        &self,
        state: &State,
        follow: &Follow,
        ask: &Ask,
        control: Control,
    ) -> Result<(Option<Vec<Vec<MoveRef>>>, u64)> {
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
        let (found, nodes) = if data.exact() {
            // The inverse is as far from solved: its distances bound the search too.
            let inv = cube.inverse();
            for a in 0..3 {
                root.inv_dist[a] = data.distance(data.axis_coordinates(&inv, a)) as u8;
            }
            let root = LaneNode { node: root, inv: Packed::new(&inv) };
            search(&Cube::<Packed>::new(data, follow), root, cube, ask, control)?
        } else {
            search(&Cube::<()>::new(data, follow), LaneNode { node: root, inv: () }, cube, ask, control)?
        };
        let verified = |path: &Vec<u8>| {
            let end = path.iter().fold(cube, |c, &m| c.then(&data.model.moves[m as usize]));
            if end != Cubie::SOLVED {
                return Err(Error::internal("3x3x3: a solution does not solve the position"));
            }
            Ok(path.iter().map(|&m| data.model.mrefs[m as usize]).collect())
        };
        let found = found.map(|paths| paths.iter().map(verified).collect::<Result<Vec<_>>>()).transpose()?;
        Ok((found, nodes))
    }
}

/// Iterative deepening from `root` in lanes ([`crate::ida::lanes`]): per depth limit, the tasks are the
/// nodes after two moves that the bound keeps (the root, for a limit under 3), in walk order. The
/// solutions `ask` asks for, as the solver's loop takes them (`None`: none within its depths), and
/// the nodes.
fn search<I: Inverse>(
    space: &Cube<I>,
    root: LaneNode<I>,
    cube: Cubie,
    ask: &Ask,
    control: Control,
) -> Result<(Option<Vec<Vec<u8>>>, u64)> {
    let data = space.data;
    let mut total = 0;
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut last = ask.max_depth;
    let mut limit = root.node.bound().max(ask.min_depth);
    // Started within the longest optimal length, the search finds a solution by then (a least depth
    // beyond it may find none at some lengths: those are searched on, up to the depth limit).
    let within = limit <= space.follow.longest;
    while limit <= last {
        if within && limit > space.follow.longest && found.is_empty() {
            return Err(Error::internal(format!("3x3x3: no solution within {} moves", space.follow.longest)));
        }
        control.check()?;
        control.report(Progress { phase: "search", depth: limit, done: total, total: None });
        let levels = if limit < 3 { 0 } else { 2 };
        let tasks = lanes::tasks(space, &root, space.follow.start, limit, levels);
        if levels > 0 {
            total += 1 + tasks.len() as u64;
        }
        let want = ask.limit - found.len();
        let visit = Found { data, cube, want, last: AtomicUsize::new(usize::MAX), found: Mutex::default() };
        total += lanes::walk(space, &tasks, &visit, control, "search", limit)?;
        let solutions = visit.first();
        if !solutions.is_empty() && found.is_empty() && (ask.all_optimal || ask.slack > 0) {
            last = last.min(limit.saturating_add(ask.slack));
        }
        found.extend(solutions);
        if found.len() >= ask.limit || (ask.all_optimal && !found.is_empty()) {
            break;
        }
        limit += 1;
    }
    Ok(((!found.is_empty()).then_some(found), total))
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
    /// Whether the cube's own search answers this request as `solver` would: a position to the solved
    /// cube, orientation asked for, by the solver's 18 face turns in either metric (any number of
    /// solutions, depth limits and slack: the solver's meaning of each).
    pub fn answers(&self, solver: &Solver, position: &Position, up_to: UpTo, _options: &SolveOptions) -> bool {
        self.follow_for(solver, position, up_to).is_some()
    }

    /// The solver's canonical sequences over the cube's moves, where the cube's search answers its
    /// requests of `position` ([`CubeBound::answers`]).
    fn follow_for(&self, solver: &Solver, position: &Position, up_to: UpTo) -> Option<Follow> {
        let solved = solver.puzzle().solved().as_bytes();
        let plain = solver.target().bytes() == solved
            && position.target.as_ref().is_none_or(|t| t.as_bytes() == solved)
            && !up_to.puzzle_orientation
            && !up_to.center_orientation;
        let moves = plain.then(|| super::optimal::move_indices(&self.data.model, solver.move_list()).ok())??;
        Follow::canonical(solver.canon(), &moves)
    }

    /// Solves as [`solve_up_to`] does with `solver` (which the caller gave this bound, made by
    /// [`CubeBound::for_moves`] of its move list), but by the cube's own search where
    /// [`CubeBound::answers`] the request: the same solutions in the same order (the solver's
    /// canonical sequences, walked in its move order). The one place that choice is made, for every
    /// shell.
    pub fn solve_request(
        &self,
        solver: &mut Solver,
        position: &Position,
        up_to: UpTo,
        options: &SolveOptions,
        control: Control,
    ) -> Result<(SolveReport, SearchedBy)> {
        let Some(follow) = self.follow_for(solver, position, up_to) else {
            let report = solve_up_to(solver, position, up_to, options, control)?;
            return Ok((report, SearchedBy::States));
        };
        let ask = Ask::of(options)?;
        let (solutions, nodes) = self.solutions(&position.start, &follow, &ask, control)?;
        let solutions = solutions.ok_or_else(|| Error::new(format!("no solution within depth {}", ask.max_depth)))?;
        let report =
            SolveReport { solutions, nodes, table_depth: 0, table_seconds: 0.0, symmetries: 1, inverse: false };
        Ok((report, SearchedBy::CubeCoordinates))
    }
}

/// Passes over the inverses: one axis of the (at most two) the move changes. A second pass (the other
/// axis, for the children the first keeps) cut the nodes by another 1.3× but cost as much time as it
/// saved (17.4 s against 17.5 s on an 18-move position), so the other axis counts as 0.
const INVERSE_PASSES: u8 = 1;

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

/// What a lane's node keeps of its position's inverse: nothing (a table of residues), or the inverse
/// (a table of distances, whose inverse lookups bound the search too): 40 bytes a node copied only
/// where the table needs them.
trait Inverse: Copy + Send + Sync + 'static {
    /// Whether the inverse is kept.
    const KEPT: bool;
    /// What is kept of `p`.
    fn keep(p: &Packed) -> Self;
    /// The inverse kept (the solved cube where none is).
    fn packed(&self) -> Packed;
}

impl Inverse for () {
    const KEPT: bool = false;
    fn keep(_: &Packed) -> Self {}
    fn packed(&self) -> Packed {
        Packed::SOLVED
    }
}

impl Inverse for Packed {
    const KEPT: bool = true;
    fn keep(p: &Packed) -> Self {
        *p
    }
    fn packed(&self) -> Packed {
        *self
    }
}

/// A node on a lane's stack: the node and (with a table of distances) its position's inverse.
#[derive(Clone, Copy)]
struct LaneNode<I> {
    node: Node,
    inv: I,
}

/// The cube's optimal search as a space of the engine's lanes ([`LaneSpace`]).
struct Cube<'a, I> {
    data: &'a Data,
    /// The sequences walked.
    follow: &'a Follow,
    inverse: PhantomData<I>,
}

impl<'a, I: Inverse> Cube<'a, I> {
    fn new(data: &'a Data, follow: &'a Follow) -> Self {
        debug_assert_eq!(I::KEPT, data.exact());
        Cube { data, follow, inverse: PhantomData }
    }
}

/// Where an expansion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The entries' words of the round's reads are asked for: next, read them.
    Entries,
    /// The children kept so far have their inverses; the class maps' words of the axes whose
    /// distances the move changes are asked for: next, the entries'.
    InverseClasses,
    /// The inverses' entries are asked for: next, read them.
    InverseEntries,
    /// Done: the kept children are final.
    Done,
}

/// A lane's expansion of one node: the node, its kept children so far and their moves, and what the
/// next round reads.
struct Expansion {
    stage: Stage,
    parent: Node,
    /// The moves left after a child.
    limit: u8,
    /// With a table of distances: the inverse of the node expanded and of its kept children.
    parent_inv: Packed,
    kid_inv: [Packed; MOVES],
    kids: [Node; MOVES],
    moves: [u8; MOVES],
    /// The order state after each kept child's move.
    orders: [u8; MOVES],
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

impl<I: Inverse> LaneSpace for Cube<'_, I> {
    type Node = LaneNode<I>;
    type Move = u8;
    /// The state of the sequences walked ([`Follow`]).
    type Order = u8;
    type Expansion = Expansion;

    fn expansion(&self) -> Expansion {
        Expansion {
            stage: Stage::Done,
            parent: Node::ZERO,
            limit: 0,
            parent_inv: Packed::SOLVED,
            kid_inv: [Packed::SOLVED; MOVES],
            kids: [Node::ZERO; MOVES],
            moves: [0; MOVES],
            orders: [0; MOVES],
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

    /// The children's moves, and the first round of reads.
    fn begin(&self, e: &mut Expansion, node: &LaneNode<I>, last: u8, left: u32) -> bool {
        e.parent = node.node;
        e.parent_inv = node.inv.packed();
        e.limit = (left - 1) as u8;
        let row = &self.follow.rows[last as usize];
        e.moves = row.moves;
        e.orders = row.next;
        e.n = row.n as usize;
        e.order = [0, 1, 2];
        e.order.sort_by_key(|&a| std::cmp::Reverse(node.node.dist[a]));
        e.next = 0;
        e.read = [false; 3];
        e.inverse_pass = 0;
        self.round(e);
        e.stage != Stage::Done
    }

    /// The entries asked for read, the children ruled out dropped, then the next round; or a pass
    /// over the inverses.
    fn advance(&self, e: &mut Expansion) -> bool {
        match e.stage {
            Stage::InverseClasses => self.inverse_entries(e),
            Stage::InverseEntries => self.inverse_read(e),
            Stage::Entries => self.read(e),
            Stage::Done => {}
        }
        e.stage != Stage::Done
    }

    fn kept(&self, e: &Expansion) -> usize {
        e.n
    }

    fn kept_child(&self, e: &Expansion, i: usize) -> (LaneNode<I>, u8, u8) {
        (LaneNode { node: e.kids[i], inv: I::keep(&e.kid_inv[i]) }, e.moves[i], e.orders[i])
    }
}

impl<I: Inverse> Cube<'_, I> {
    /// The next round of reads of the children kept: the next axis within one move of the limit (it
    /// can rule children out), or else every axis not read yet (for their exact distances); its
    /// coordinates moved and the class maps' words asked for.
    fn round(&self, e: &mut Expansion) {
        let d = self.data;
        let limit = e.limit;
        let parent = e.parent;
        e.axes = [false; 3];
        match e.order.get(e.next) {
            Some(&a) if parent.dist[a] >= limit => {
                e.axes[a] = true;
                e.next += 1;
            }
            // The inverses next (they can rule children out; the axes left only give distances).
            _ if I::KEPT && e.inverse_pass < INVERSE_PASSES => return self.inverse_classes(e),
            _ if e.read == [true; 3] => return self.finish(e),
            _ => e.axes = e.read.map(|r| !r),
        }
        for a in (0..3).filter(|&a| e.axes[a]) {
            e.read[a] = true;
            let (turned, s) = (&d.turned[a], parent.sym[a] as usize);
            // The parent's rows: of its class, and of its twist and layers per move of the axis's frame.
            let row = &d.rows[parent.class[a] as usize * MOVES..][..MOVES];
            let twist_row = &d.twist_move[parent.twist[a] as usize * MOVES..][..MOVES];
            let layers_row = &d.layers_move[parent.layers[a] as usize * MOVES..][..MOVES];
            let (conj, sym_mul) = (&d.turned_conj[a][s], &d.sym_mul[s]);
            for k in 0..e.n {
                let m = e.moves[k] as usize;
                let j = turned[m] as usize;
                // The pair after move j, conjugated by s, is the representative after j conjugated by s.
                let to = row[conj[m] as usize];
                let kid = &mut e.kids[k];
                kid.class[a] = to >> 4;
                kid.sym[a] = sym_mul[(to & 15) as usize];
                kid.twist[a] = twist_row[j];
                kid.layers[a] = layers_row[j] as u8;
                let i = d.table.entry_parts(kid.class[a], kid.twist[a] as u32, kid.layers[a] as u32, kid.sym[a]);
                e.index[k][a] = i;
                d.table.prefetch(i);
            }
        }
        e.stage = Stage::Entries;
    }

    /// The round's entries read and the children ruled out dropped; then the next round (none when
    /// no child is left).
    fn read(&self, e: &mut Expansion) {
        let d = self.data;
        let axes = e.axes;
        let limit = e.limit;
        // Per axis, where a residue's distance is looked up (the parent's less one, the same or one more).
        let from = e.parent.dist.map(|f| &RESIDUE_DIST[(f as usize).min(RESIDUE_DIST.len() - 1)]);
        let mut kept = 0;
        for k in 0..e.n {
            let mut keep = true;
            let mut kid = e.kids[k];
            for a in 0..3 {
                if axes[a] {
                    let r = d.table.value(e.index[k][a]);
                    let dist = if I::KEPT { r } else { from[a][r as usize & 3] };
                    kid.dist[a] = dist;
                    keep &= dist <= limit;
                }
            }
            // Written whether kept or not (no branch to mispredict); the next child overwrites it.
            e.kids[kept] = kid;
            e.moves[kept] = e.moves[k];
            e.orders[kept] = e.orders[k];
            e.index[kept] = e.index[k];
            if I::KEPT {
                e.kid_inv[kept] = e.kid_inv[k];
            }
            kept += keep as usize;
        }
        e.n = kept;
        if kept > 0 {
            self.round(e);
        } else {
            e.stage = Stage::Done;
        }
    }

    /// A pass over the kept children's inverses (`m⁻¹ · x⁻¹`), one axis each: an axis whose subgroup
    /// holds the move keeps its distance (`d(m⁻¹ · y) = d(y)` where `m` is in the subgroup), which may
    /// rule the child out at once (first pass); each pass then takes the next axis the move changes (two
    /// at most), its coordinates computed and the class map's word asked for. One axis a pass: a child
    /// the first rules out costs no read of the second.
    fn inverse_classes(&self, e: &mut Expansion) {
        let d = self.data;
        let parent = e.parent;
        let limit = e.limit;
        let pass = e.inverse_pass;
        let mut kept = 0;
        for k in 0..e.n {
            let m = e.moves[k] as usize;
            let changed = d.inverse_changes[m];
            let mut kid = e.kids[k];
            if pass == 0 {
                if (0..3).any(|a| changed & 1 << a == 0 && parent.inv_dist[a] > limit) {
                    continue;
                }
                e.kid_inv[k] = d.packed_inverse_moves[m].then(&e.parent_inv);
                // Unchanged axes keep their distances; the others are read by the passes (0 until then).
                kid.inv_dist = std::array::from_fn(|a| if changed & 1 << a == 0 { parent.inv_dist[a] } else { 0 });
            }
            // The pass's axis: the first (or second) the move changes.
            let mut bits = changed;
            if pass == 1 {
                bits &= bits.wrapping_sub(1);
            }
            e.inv_axis[kept] = 3;
            if bits != 0 {
                let a = bits.trailing_zeros() as usize;
                let pair = d.pair(d.packed_axis_coordinates(&e.kid_inv[k], a));
                e.inv_axis[kept] = a as u8;
                e.inv_pair[kept] = pair;
                d.table.prefetch_class(pair.0);
            }
            e.kids[kept] = kid;
            e.moves[kept] = e.moves[k];
            e.orders[kept] = e.orders[k];
            e.kid_inv[kept] = e.kid_inv[k];
            kept += 1;
        }
        e.n = kept;
        e.inverse_pass += 1;
        e.stage = if kept == 0 { Stage::Done } else { Stage::InverseClasses };
    }

    /// The inverses' entries asked for.
    fn inverse_entries(&self, e: &mut Expansion) {
        let d = self.data;
        for k in 0..e.n {
            if e.inv_axis[k] < 3 {
                let (pair, t) = e.inv_pair[k];
                let i = d.table.index(pair, t);
                e.index[k][0] = i;
                d.table.prefetch(i);
            }
        }
        e.stage = Stage::InverseEntries;
    }

    /// The inverses' distances read and the children they rule out dropped; then the next round.
    fn inverse_read(&self, e: &mut Expansion) {
        let d = self.data;
        let limit = e.limit;
        let mut kept = 0;
        for k in 0..e.n {
            let mut kid = e.kids[k];
            let a = e.inv_axis[k] as usize;
            if a < 3 {
                kid.inv_dist[a] = d.table.value(e.index[k][0]);
                if kid.inv_dist[a] > limit {
                    continue;
                }
            }
            e.kids[kept] = kid;
            e.moves[kept] = e.moves[k];
            e.orders[kept] = e.orders[k];
            e.kid_inv[kept] = e.kid_inv[k];
            kept += 1;
        }
        e.n = kept;
        if kept == 0 {
            e.stage = Stage::Done;
            return;
        }
        self.round(e);
    }

    /// Every axis read: the kept children are final, and the rows their expansions read first are
    /// asked for.
    fn finish(&self, e: &mut Expansion) {
        let d = self.data;
        for kid in &e.kids[..e.n] {
            for a in 0..3 {
                let row = kid.class[a] as usize * MOVES;
                crate::memory::prefetch(&d.rows[row]);
                crate::memory::prefetch(&d.rows[row + MOVES - 1]);
            }
        }
        e.stage = Stage::Done;
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

    /// Asked as the generic solver is (every optimal solution, several solutions, slack, a least
    /// depth; half and quarter turns), the cube's own search gives the solver's solutions in the
    /// solver's order, on 10 positions a metric.
    #[test]
    fn requests_are_answered_as_the_solver_answers_them() {
        use crate::model::moveset::MoveSet;
        use crate::search::SolverOptions;
        use std::sync::Arc;
        let p = Arc::new(puzzle());
        let plain = CubeBound::phase1_for_tests();
        let mut rng = crate::group::rng_from_seed(Some(53)).unwrap();
        let asks = [
            SolveOptions { all_optimal: true, ..SolveOptions::default() },
            SolveOptions { max_solutions: Some(7), ..SolveOptions::default() },
            SolveOptions { all_optimal: true, slack: 1, max_solutions: Some(60), ..SolveOptions::default() },
            SolveOptions { min_depth: 8, max_solutions: Some(3), ..SolveOptions::default() },
            SolveOptions { max_depth: Some(4), ..SolveOptions::default() },
        ];
        for metric in [Metric::Htm, Metric::Qtm] {
            let set = MoveSet::from_names(&p, &["U", "R", "F", "D", "L", "B"]).unwrap();
            let moves = Some(set.clone());
            let options = SolverOptions { moves, metric, memory_bytes: 1 << 24, ..SolverOptions::default() };
            let mut solver = Solver::new(Arc::clone(&p), options, Control::none()).unwrap();
            let bound = plain.for_moves(solver.move_list()).unwrap();
            // Walks of the moves the metric counts as one.
            let single: Vec<MoveRef> = (0..solver.move_list().len())
                .filter(|&m| solver.canon().next(0, m).is_some())
                .map(|m| solver.move_list()[m])
                .collect();
            for i in 0..10 {
                let path: Vec<MoveRef> = (0..5 + i % 3).map(|_| single[rng.gen_range(0..single.len())]).collect();
                let alg = crate::alg::Alg::parse(&crate::kpuzzle::notation::format_moves(&p, &path)).unwrap();
                let position = Position::from_alg(&p, &alg, &set, None).unwrap();
                let ask = &asks[i % asks.len()];
                let up_to = UpTo::default();
                let theirs = solve_up_to(&mut solver, &position, up_to, ask, Control::none());
                let mine = bound.solve_request(&mut solver, &position, up_to, ask, Control::none());
                match (theirs, mine) {
                    (Ok(theirs), Ok((mine, by))) => {
                        assert_eq!(by, SearchedBy::CubeCoordinates);
                        assert!(!mine.solutions.is_empty(), "{metric:?} walk {i}");
                        assert_eq!(mine.solutions, theirs.solutions, "{metric:?} walk {i}");
                    }
                    (Err(theirs), Err(mine)) => assert_eq!(mine.to_string(), theirs.to_string(), "{metric:?} walk {i}"),
                    (theirs, mine) => panic!("{metric:?} walk {i}: {theirs:?} against {mine:?}"),
                }
            }
        }
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
