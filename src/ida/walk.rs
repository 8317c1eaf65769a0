//! The one depth-first walk of iterative deepening: expands a node's children into a per-depth buffer,
//! lets the space screen them as a batch (prefetching every child's table entry before looking any up),
//! and goes into those that pass, counting nodes, checking cancellation and a node budget, and reporting
//! progress.

use std::sync::atomic::{AtomicU64, Ordering};

use super::space::{Child, Flow, Space, Visit};
use crate::control::{Control, Progress};
use crate::error::Result;

/// Nodes between two looks at the cancellation flag and the budget, as a power of two.
const CHECK_SHIFT: u32 = 12;
/// Nodes between two progress reports, as a power of two.
const REPORT_SHIFT: u32 = 18;

/// An IDA* walker over a [`Space`]: its buffers (made once, reused by every walk), its path, its node
/// count. One per thread; the space is shared.
pub struct Ida<'a, S: Space> {
    space: &'a S,
    control: Control<'a>,
    /// `levels[0]`: the walk's start (one slot); `levels[d + 1]`: the children of the node expanded at
    /// depth `d`.
    levels: Vec<Vec<Child<S>>>,
    path: Vec<S::Move>,
    /// The space's branching.
    width: usize,
    nodes: u64,
    budget: u64,
    over_budget: bool,
    /// What progress reports call the work, and a count shared by several walkers.
    label: &'static str,
    shared: Option<&'a AtomicU64>,
    reported: u64,
    per_node: u64,
    depth: u32,
}

impl<'a, S: Space> Ida<'a, S> {
    /// A walker over `space`, stopping on `control`'s cancellation with [`Error::cancelled`] and reporting
    /// its progress there as `"search"`.
    ///
    /// [`Error::cancelled`]: crate::error::Error::cancelled
    pub fn new(space: &'a S, control: Control<'a>) -> Self {
        let root = Child { node: space.blank(), step: None, live: true };
        Ida {
            space,
            control,
            levels: vec![vec![root]],
            path: Vec::new(),
            width: space.branching(),
            nodes: 0,
            budget: u64::MAX,
            over_budget: false,
            label: "search",
            shared: None,
            reported: 0,
            per_node: 1,
            depth: 0,
        }
    }

    /// Stops walks (with [`Flow::Stop`], and [`over_budget`](Ida::over_budget) set) once this walker has
    /// expanded more than `nodes` nodes in all.
    pub fn with_budget(mut self, nodes: u64) -> Self {
        self.budget = nodes;
        self
    }

    /// Reports progress as `label`, each node counted as `per_node` units (a space that counts table
    /// lookups gives its branching), and, with `shared`, as the total of every walker adding to it.
    pub fn with_progress(mut self, label: &'static str, shared: Option<&'a AtomicU64>, per_node: u64) -> Self {
        self.label = label;
        self.shared = shared;
        self.per_node = per_node;
        self
    }

    /// The space walked.
    pub fn space(&self) -> &'a S {
        self.space
    }

    /// Nodes expanded by this walker so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether a walk stopped because the budget was spent.
    pub fn over_budget(&self) -> bool {
        self.over_budget
    }

    /// Iterative deepening from `start` (in order state `order`): walks depth after depth, from the
    /// start's bound (at least `from`) to `to`, and returns the depth at which the visit stopped a walk,
    /// or `None` if none did (also when the budget stopped it: see [`over_budget`](Ida::over_budget)).
    pub fn deepen(
        &mut self,
        start: &S::Node,
        order: S::Order,
        from: u32,
        to: u32,
        visit: &mut impl Visit<S>,
    ) -> Result<Option<u32>> {
        let mut depth = from.max(self.space.bound(start));
        while depth <= to {
            self.control.report(Progress { phase: self.label, depth, done: self.nodes * self.per_node, total: None });
            if self.walk(start, order, &[], depth, visit)? == Flow::Stop {
                return Ok((!self.over_budget).then_some(depth));
            }
            depth += 1;
        }
        Ok(None)
    }

    /// One walk: every canonical continuation of exactly `depth` moves (of moves costing `depth` in all,
    /// where moves have [costs](Space::cost)) from `start` (in order state
    /// `order`, reached by `prefix`, which the paths given to the visit begin with) that the bound
    /// admits, each end shown to `visit`, until it says stop.
    pub fn walk(
        &mut self,
        start: &S::Node,
        order: S::Order,
        prefix: &[S::Move],
        depth: u32,
        visit: &mut impl Visit<S>,
    ) -> Result<Flow> {
        self.depth = depth;
        self.path.clear();
        self.path.extend_from_slice(prefix);
        if self.over_budget || !self.space.admits(start, depth) {
            return Ok(if self.over_budget { Flow::Stop } else { Flow::Continue });
        }
        if depth == 0 {
            return visit.leaf(start, &self.path);
        }
        if !S::BATCH {
            return self.descend(start, order, depth, visit);
        }
        while self.levels.len() <= depth as usize {
            let n = self.space.branching();
            self.levels.push((0..n).map(|_| Child { node: self.space.blank(), step: None, live: false }).collect());
        }
        self.levels[0][0].node.clone_from(start);
        self.expand(0, 0, order, depth, visit)
    }

    /// Expands the node in slot `slot` of `level` (order state `order`, `left` moves to go, `left ≥ 1`).
    fn expand(
        &mut self,
        level: usize,
        slot: usize,
        order: S::Order,
        left: u32,
        visit: &mut impl Visit<S>,
    ) -> Result<Flow> {
        let space = self.space;
        let (upper, lower) = self.levels.split_at_mut(level + 1);
        let parent = &upper[level][slot].node;
        let children = &mut lower[0];
        if left == 1 {
            for (k, c) in children.iter_mut().enumerate() {
                c.step = space.last_child(parent, order, k, &mut c.node);
            }
        } else {
            for (k, c) in children.iter_mut().enumerate() {
                c.step = space.child(parent, order, k, &mut c.node);
            }
        }
        space.screen(parent, &self.path, children, left - 1);
        if self.count(visit)? == Flow::Stop {
            return Ok(Flow::Stop);
        }
        for k in 0..self.levels[level + 1].len() {
            let c = &self.levels[level + 1][k];
            let Some((mv, next)) = c.step.filter(|_| c.live) else { continue };
            let cost = space.cost(mv);
            if cost > left {
                continue;
            }
            self.path.push(mv);
            let flow = if left == cost {
                visit.leaf(&self.levels[level + 1][k].node, &self.path)?
            } else {
                self.expand(level + 1, k, next, left - cost, visit)?
            };
            self.path.pop();
            if flow == Flow::Stop {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    }

    /// [`expand`](Ida::expand) for a space without batches: each child made on the stack, bounded and gone
    /// into in turn, as a hand-written recursion would (no buffer: the nodes of such a space are small).
    fn descend(&mut self, node: &S::Node, order: S::Order, left: u32, visit: &mut impl Visit<S>) -> Result<Flow> {
        let space = self.space;
        if self.count(visit)? == Flow::Stop {
            return Ok(Flow::Stop);
        }
        let mut child = space.blank();
        let mut k = 0;
        while k < self.width {
            let step = if left == 1 {
                space.last_child(node, order, k, &mut child)
            } else {
                space.child(node, order, k, &mut child)
            };
            k += 1;
            let Some((mv, next)) = step else { continue };
            let cost = space.cost(mv);
            if cost > left {
                continue;
            }
            if let Err(skip) = space.admits_slot(&child, k - 1, left - cost) {
                k += skip;
                continue;
            }
            self.path.push(mv);
            let flow = if left == cost {
                visit.leaf(&child, &self.path)?
            } else {
                self.descend(&child, next, left - cost, visit)?
            };
            self.path.pop();
            if flow == Flow::Stop {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    }

    /// Counts a node expanded, with the periodic look (cancellation, budget, progress) and the visit's say.
    #[inline(always)]
    fn count(&mut self, visit: &mut impl Visit<S>) -> Result<Flow> {
        self.nodes += 1;
        if self.nodes & ((1 << CHECK_SHIFT) - 1) == 0 {
            self.check()?;
            if self.over_budget {
                return Ok(Flow::Stop);
            }
        }
        Ok(visit.expanded(self.nodes))
    }

    /// The periodic look: cancellation, budget, progress.
    #[cold]
    fn check(&mut self) -> Result<()> {
        self.control.check()?;
        if self.nodes > self.budget {
            self.over_budget = true;
        }
        if self.nodes >> REPORT_SHIFT != self.reported >> REPORT_SHIFT && self.control.wants_progress() {
            let add = (self.nodes - self.reported) * self.per_node;
            let done = match self.shared {
                Some(total) => total.fetch_add(add, Ordering::Relaxed) + add,
                None => self.nodes * self.per_node,
            };
            self.reported = self.nodes;
            self.control.report(Progress { phase: self.label, depth: self.depth, done, total: None });
        }
        Ok(())
    }
}
