//! The engine's second driver: several depth-first walks of one depth limit run side by side on each
//! thread ("lanes"), for spaces whose bound reads a table far bigger than the caches. A lane expands a
//! node in rounds ([`LaneSpace`]): each round reads what the one before asked for, drops the children
//! it rules out, and asks for the words the next round reads (prefetches), then yields; the other lanes
//! run, and by the lane's next turn its words are in the cache. Where [`Ida`](super::Ida)'s batches
//! overlap the misses of one node's children, lanes also overlap those of different subtrees.
//!
//! The walks are tasks: the nodes a few moves below the start, in move order, taken by the threads' lanes
//! one at a time. The first task (in that order) with a solution wins, so the answer does not depend on
//! the threads; tasks after it are dropped ([`LaneVisit::wanted`]). Nodes are counted as they are
//! taken from a lane's stack (the nodes with no moves left included); the count is checked for
//! cancellation and reported as progress every [`CHECK_EVERY`] nodes.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use crate::control::{Control, Progress};
use crate::error::{Error, Result};

/// Nodes between two looks at the cancellation flag and the progress report.
pub const CHECK_EVERY: u64 = 1 << 16;

/// Lanes a thread runs side by side (each waits for memory while the others run).
pub const LANES: usize = 4;

/// A space walked in lanes: its nodes' expansion runs in rounds that end in memory requests.
pub trait LaneSpace: Sync {
    /// A node as a lane's stack holds it (keep it small: it is copied on every push).
    type Node: Copy + Send + Sync;
    /// A move as the path records it.
    type Move: Copy + Send + Sync + Default;
    /// What the canonical order needs of the moves so far.
    type Order: Copy + Send + Sync;
    /// A lane's expansion in flight: the node expanded, its children kept so far, what the next round
    /// reads. Made once per lane ([`LaneSpace::expansion`]) and reused.
    type Expansion: Send;

    /// An expansion to reuse.
    fn expansion(&self) -> Self::Expansion;

    /// Starts the expansion of `node` (reached in order state `order`, `left ≥ 1` moves to go): its
    /// children's moves, the first round's requests. Returns whether a round is pending (`false`: done,
    /// its kept children final).
    fn begin(&self, e: &mut Self::Expansion, node: &Self::Node, order: Self::Order, left: u32) -> bool;

    /// The next round: reads what the last one asked for, drops the children ruled out, asks for what
    /// the next reads. Returns whether another round is pending.
    fn advance(&self, e: &mut Self::Expansion) -> bool;

    /// The number of children kept once the rounds are done.
    fn kept(&self, e: &Self::Expansion) -> usize;

    /// Kept child `i` (in the order the walk goes into them): the node, the move to it, its order state.
    fn kept_child(&self, e: &Self::Expansion, i: usize) -> (Self::Node, Self::Move, Self::Order);
}

/// What the lanes report to: the nodes with no moves left, by task.
pub trait LaneVisit<S: LaneSpace + ?Sized>: Sync {
    /// A node with no moves left in task `task` (`path`: the moves from the start, the task's prefix
    /// included). `true` takes it as a solution: the task ends.
    fn leaf(&self, task: usize, node: &S::Node, path: &[S::Move]) -> bool;

    /// Whether task `task` is still worth walking (false once an earlier task has a solution).
    fn wanted(&self, task: usize) -> bool;
}

/// A node on a lane's stack: the node, its order state, the moves left, the move that made it and
/// its depth below the task's start.
#[derive(Clone, Copy)]
pub struct Item<S: LaneSpace + ?Sized> {
    /// The node.
    pub node: S::Node,
    /// Its order state.
    pub order: S::Order,
    /// The moves left after it.
    pub left: u16,
    /// The move that made it.
    pub mv: S::Move,
    /// Its depth below the task's start.
    pub at: u16,
}

/// A task: a node to walk from and the moves that reach it from the start.
pub struct Task<S: LaneSpace + ?Sized> {
    /// The node, its order state and the moves left.
    pub node: S::Node,
    /// Its order state.
    pub order: S::Order,
    /// The moves left.
    pub left: u32,
    /// The moves to it from the start.
    pub prefix: Vec<S::Move>,
}

/// The kept children of `node` (`left ≥ 1` moves to go), their rounds run at once (for the few nodes
/// above the tasks), in walk order: each with the moves left after it.
pub fn children<S: LaneSpace + ?Sized>(
    space: &S,
    node: &S::Node,
    order: S::Order,
    left: u32,
) -> Vec<(S::Node, S::Move, S::Order)> {
    let mut e = space.expansion();
    let mut pending = space.begin(&mut e, node, order, left);
    while pending {
        pending = space.advance(&mut e);
    }
    (0..space.kept(&e)).map(|i| space.kept_child(&e, i)).collect()
}

/// The tasks of a walk of `depth` moves from `start`: the nodes `levels` moves below it that the bound
/// keeps (the start itself for `levels` 0 or a shallow walk), in walk order.
pub fn tasks<S: LaneSpace + ?Sized>(
    space: &S,
    start: &S::Node,
    order: S::Order,
    depth: u32,
    levels: u32,
) -> Vec<Task<S>> {
    let mut tasks = vec![Task { node: *start, order, left: depth, prefix: Vec::new() }];
    if depth <= levels {
        return tasks;
    }
    for _ in 0..levels {
        let mut next = Vec::new();
        for t in tasks {
            for (node, mv, order) in children(space, &t.node, t.order, t.left) {
                let mut prefix = t.prefix.clone();
                prefix.push(mv);
                next.push(Task { node, order, left: t.left - 1, prefix });
            }
        }
        tasks = next;
    }
    tasks
}

/// One lane: its stack and path, the task it walks (and the length of its prefix), its expansion in
/// flight.
struct Lane<S: LaneSpace> {
    stack: Vec<Item<S>>,
    path: Vec<S::Move>,
    task: usize,
    base: usize,
    /// Whether an expansion has a round pending; the moves left after the node expanded and its depth.
    busy: bool,
    left: u16,
    at: u16,
    expansion: S::Expansion,
}

/// What the threads of one walk share.
struct Shared<'a, S: LaneSpace, V> {
    space: &'a S,
    visit: &'a V,
    tasks: &'a [Task<S>],
    control: Control<'a>,
    label: &'static str,
    depth: u32,
    next: AtomicUsize,
    nodes: AtomicU64,
    cancelled: AtomicBool,
}

/// Walks the `tasks` (each to its moves left) in lanes on every thread of rayon's current pool (one
/// with the `parallel` feature off); returns the nodes walked. Progress is reported to `control` as
/// `label` at depth `depth`; cancellation ends the walk with [`Error::cancelled`].
pub fn walk<S: LaneSpace, V: LaneVisit<S>>(
    space: &S,
    tasks: &[Task<S>],
    visit: &V,
    control: Control,
    label: &'static str,
    depth: u32,
) -> Result<u64> {
    let shared = Shared {
        space,
        visit,
        tasks,
        control,
        label,
        depth,
        next: AtomicUsize::new(0),
        nodes: AtomicU64::new(0),
        cancelled: AtomicBool::new(false),
    };
    // Each thread takes the next task in order, so the threads work side by side near the front: once a
    // solution is found, at most a few tasks per thread past it were started. One worker per thread, as
    // jobs other threads steal (not `rayon::broadcast`, which would wait for threads busy elsewhere, as
    // when scrambles are solved side by side): where none is free, the first worker takes every task.
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..rayon::current_num_threads()).into_par_iter().for_each(|_| shared.worker());
    }
    #[cfg(not(feature = "parallel"))]
    shared.worker();
    if shared.cancelled.load(Relaxed) {
        return Err(Error::cancelled());
    }
    Ok(shared.nodes.load(Relaxed))
}

impl<S: LaneSpace, V: LaneVisit<S>> Shared<'_, S, V> {
    /// One thread's share: [`LANES`] lanes in turn, each taking the next task when it runs out, until no
    /// task is left that is still wanted.
    fn worker(&self) {
        let mut lanes: Vec<Lane<S>> = (0..LANES)
            .map(|_| Lane {
                stack: Vec::with_capacity(256),
                path: Vec::with_capacity(64),
                task: usize::MAX,
                base: 0,
                busy: false,
                left: 0,
                at: 0,
                expansion: self.space.expansion(),
            })
            .collect();
        let mut nodes = 0u64;
        while !lanes.is_empty() {
            let mut i = 0;
            while i < lanes.len() {
                let lane = &mut lanes[i];
                if lane.busy {
                    self.advance(lane);
                } else if !self.take(lane, &mut nodes) {
                    // No task left for it.
                    lanes.swap_remove(i);
                    continue;
                }
                i += 1;
            }
        }
        self.nodes.fetch_add(nodes, Relaxed);
    }

    /// An idle lane's step: the next node of its stack (a new task's when it is empty) counted and, with
    /// no moves left, shown to the visit, else its expansion begun; false when no task is left for it.
    fn take(&self, lane: &mut Lane<S>, nodes: &mut u64) -> bool {
        let space = self.space;
        loop {
            let item = match lane.stack.pop() {
                Some(item) => item,
                None => {
                    let i = self.next.fetch_add(1, Relaxed);
                    if i >= self.tasks.len() || !self.visit.wanted(i) || self.cancelled.load(Relaxed) {
                        return false;
                    }
                    let t = &self.tasks[i];
                    lane.task = i;
                    lane.base = t.prefix.len();
                    lane.path.clear();
                    lane.path.extend_from_slice(&t.prefix);
                    Item { node: t.node, order: t.order, left: t.left as u16, mv: S::Move::default(), at: 0 }
                }
            };
            if !self.visit.wanted(lane.task) || self.cancelled.load(Relaxed) {
                lane.stack.clear();
                continue;
            }
            *nodes += 1;
            if *nodes % CHECK_EVERY == 0 {
                self.check(nodes);
            }
            if item.at > 0 {
                lane.path.truncate(lane.base + item.at as usize - 1);
                lane.path.push(item.mv);
            }
            if item.left == 0 {
                if self.visit.leaf(lane.task, &item.node, &lane.path) {
                    lane.stack.clear();
                }
                continue;
            }
            (lane.left, lane.at) = (item.left - 1, item.at + 1);
            lane.busy = space.begin(&mut lane.expansion, &item.node, item.order, item.left as u32);
            if !lane.busy {
                self.push(lane);
            }
            return true;
        }
    }

    /// A busy lane's next round; its kept children pushed once the rounds are done.
    fn advance(&self, lane: &mut Lane<S>) {
        lane.busy = self.space.advance(&mut lane.expansion);
        if !lane.busy {
            self.push(lane);
        }
    }

    /// The kept children of the node expanded pushed so that the first in walk order is popped first.
    fn push(&self, lane: &mut Lane<S>) {
        let space = self.space;
        for k in (0..space.kept(&lane.expansion)).rev() {
            let (node, mv, order) = space.kept_child(&lane.expansion, k);
            lane.stack.push(Item { node, order, left: lane.left, mv, at: lane.at });
        }
    }

    /// The periodic look: cancellation, progress.
    #[cold]
    fn check(&self, nodes: &mut u64) {
        if self.control.is_cancelled() {
            self.cancelled.store(true, Relaxed);
        }
        let done = self.nodes.fetch_add(*nodes, Relaxed) + *nodes;
        *nodes = 0;
        self.control.report(Progress { phase: self.label, depth: self.depth, done, total: None });
    }
}
