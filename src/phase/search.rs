//! The multi-phase search of one [`PhaseSolver::solve`](super::PhaseSolver::solve): for each phase but the last, its solutions by
//! increasing length (never ending with a move of the next phase's group: dropping it gives a shorter
//! solution already tried), each continued by the next phase; the last phase is searched optimally
//! within the best total so far. Each phase is a [`Space`] of the IDA* engine ([`PhaseSpace`]: its
//! coordinates moved by table lookups, its children's table entries prefetched together), walked by a
//! walker of its own made once per search, so nothing is allocated per node; a phase's ends
//! ([`Ends`], the walk's [`Visit`]) start the next phase's walks.

use super::stage::Phase;
use super::table::UNREACHED;
use super::PhaseSolveOptions;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::group::{reachable, Membership};
use crate::ida::{Child, Flow, Ida, Space, Visit};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::search::Target;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

use super::conjugate::Conjugate;
use super::coords::CoordScratch;
use super::full::FullTable;
use super::masks::MoveMasks;

/// The longest solution (in the metric) a search considers.
pub(crate) const MAX_LENGTH: u32 = 120;

/// How often (in nodes) a search adds its nodes to the shared count (which the node budget reads).
const CHECK_EVERY: u64 = 1 << 12;

/// What a search reads of its solver: the puzzle, the target, the phases and which moves may follow
/// which (the solver's `follow_rules`).
#[derive(Clone, Copy)]
pub(crate) struct Tables<'s> {
    pub(crate) puzzle: &'s Puzzle,
    pub(crate) target: &'s Target,
    pub(crate) phases: &'s [Phase],
    pub(crate) follows: &'s [Vec<bool>],
}

/// The state of one solve.
pub(crate) struct Search<'s> {
    solver: Tables<'s>,
    options: &'s PhaseSolveOptions,
    control: Control<'s>,
    shared: &'s Shared,
    /// Nodes of this search already added to `shared.nodes`.
    flushed: u64,
    /// Per phase: times entered.
    entered: Vec<u64>,
    /// The moves of the phases before the one searched.
    path: Vec<MoveRef>,
    /// Per phase: its solution's cost (while a later phase is searched) and the total before it.
    lengths: Vec<u32>,
    so_far: Vec<u32>,
    /// Per phase: the node it starts from (its coordinates and exact distance).
    starts: Vec<PhaseNode>,
    /// Scratch coordinate values for walking a full table.
    work: (Vec<u32>, Vec<u32>),
    /// Per phase: the position it starts from (normalized bytes).
    states: Vec<Vec<u8>>,
    tmp: Vec<u8>,
    relabelled: Vec<u8>,
    scratch: Vec<CoordScratch>,
    /// Whether the budget stopped a walk.
    over_budget: bool,
    /// Whether this search solves the inverse of the position (its solutions are recorded inverted).
    inverse: bool,
    /// The rotation this search's position was turned by (its solutions are read back), if any.
    turned: Option<&'s Conjugate>,
}

/// One search's engine walkers, one per phase (from the phase searched on), over its `spaces`.
type Walkers<'x, 's> = [Ida<'x, PhaseSpace<'s>>];

impl<'s> Search<'s> {
    pub(crate) fn new(
        solver: Tables<'s>,
        options: &'s PhaseSolveOptions,
        control: Control<'s>,
        shared: &'s Shared,
        inverse: bool,
        turned: Option<&'s Conjugate>,
    ) -> Self {
        let n = solver.phases.len();
        let size = solver.puzzle.state_size();
        Search {
            solver,
            options,
            control,
            shared,
            flushed: 0,
            entered: vec![0; n],
            path: Vec::with_capacity(MAX_LENGTH as usize + 1),
            lengths: vec![0; n],
            so_far: vec![0; n],
            starts: solver.phases.iter().map(PhaseNode::blank).collect(),
            work: {
                let most = solver.phases.iter().map(|ph| ph.coords.len()).max().unwrap_or(0);
                (vec![0; most], vec![0; most])
            },
            states: vec![vec![0; size]; n],
            tmp: vec![0; size],
            relabelled: vec![0; size],
            scratch: solver.phases.iter().map(|ph| ph.coords.workspace()).collect(),
            over_budget: false,
            inverse,
            turned,
        }
    }

    /// The phases' search spaces (each counting this search's nodes).
    fn spaces(&self) -> Vec<PhaseSpace<'s>> {
        self.solver.phases.iter().map(|ph| PhaseSpace::new(ph, self.solver.follows)).collect()
    }

    /// Searches from `start` (normalized bytes). Ok when the search ended (target length reached or
    /// every shorter solution ruled out); Err on cancellation or past the node budget.
    pub(crate) fn run(&mut self, start: &[u8]) -> Result<()> {
        let spaces = self.spaces();
        let mut walkers: Vec<_> = spaces.iter().map(|sp| Ida::new(sp, self.control)).collect();
        self.states[0].copy_from_slice(start);
        let r = self.enter(&mut walkers, &spaces, 0, None);
        self.flush(&spaces);
        r
    }

    /// Several searches of one solve (the position and its inverse), each from its start, taking turns
    /// by phase-1 length so that the short solutions of each are tried before the longer ones of any.
    pub(crate) fn run_interleaved(searches: &mut [Search], starts: &[Vec<u8>]) -> Result<()> {
        let spaces: Vec<Vec<PhaseSpace>> = searches.iter().map(|s| s.spaces()).collect();
        let mut walkers: Vec<Vec<_>> = spaces
            .iter()
            .zip(searches.iter())
            .map(|(sp, s)| sp.iter().map(|x| Ida::new(x, s.control)).collect())
            .collect();
        let mut bounds = Vec::with_capacity(searches.len());
        for (s, start) in searches.iter_mut().zip(starts) {
            s.states[0].copy_from_slice(start);
            bounds.push(s.begin(0));
        }
        let r = (|| {
            let Some(mut len) = bounds.iter().flatten().copied().min() else { return Ok(()) };
            while !searches[0].done() && len <= searches[0].limit() {
                for (k, (s, h)) in searches.iter_mut().zip(&bounds).enumerate() {
                    if h.is_some_and(|h| h <= len) && !s.done() && len <= s.limit() {
                        s.phase_at(&mut walkers[k], &spaces[k], 0, len, None)?;
                    }
                }
                len += 1;
            }
            Ok(())
        })();
        for (s, sp) in searches.iter_mut().zip(&spaces) {
            s.flush(sp);
        }
        r
    }

    /// Adds this search's counts (kept by its `spaces`) to the shared ones.
    fn flush(&mut self, spaces: &[PhaseSpace]) {
        let total: u64 = spaces.iter().map(|sp| sp.nodes.get()).sum();
        self.shared.nodes.fetch_add(total - std::mem::take(&mut self.flushed), Relaxed);
        let mut counts = self.shared.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.0.is_empty() {
            *counts = (vec![0; spaces.len()], vec![0; self.entered.len()]);
        }
        for (a, sp) in counts.0.iter_mut().zip(spaces) {
            *a += sp.nodes.take();
        }
        for (a, b) in counts.1.iter_mut().zip(&mut self.entered) {
            *a += std::mem::take(b);
        }
    }

    /// After a node expanded: adds this search's nodes to the shared count every [`CHECK_EVERY`] of
    /// them, and says whether the node budget is spent.
    #[inline]
    fn spent(&mut self, spaces: &[PhaseSpace]) -> bool {
        let total: u64 = spaces.iter().map(|sp| sp.nodes.get()).sum();
        let mut unflushed = total - self.flushed;
        if unflushed >= CHECK_EVERY {
            self.shared.nodes.fetch_add(unflushed, Relaxed);
            self.flushed = total;
            unflushed = 0;
        }
        if self.options.max_nodes.is_some_and(|m| self.shared.nodes.load(Relaxed) + unflushed > m) {
            self.over_budget = true;
            self.shared.over_budget.store(true, Relaxed);
        }
        self.over_budget
    }

    /// The largest total a new solution may have.
    fn limit(&self) -> u32 {
        self.shared.best_cost.load(Relaxed).saturating_sub(1).min(self.shared.cap.load(Relaxed))
    }

    /// Whether a solution of the target length was found.
    fn done(&self) -> bool {
        self.shared.done.load(Relaxed)
    }

    /// The row of the follow rules for the start of a search (anything follows).
    fn start_row(&self) -> usize {
        self.solver.follows.len() / 2
    }

    /// Starts phase `i` from `states[i]`, after the follow-rules row `prev` (`None`: the start);
    /// `walkers[0]` is the phase's.
    fn enter<'x>(
        &mut self,
        walkers: &mut Walkers<'x, 's>,
        spaces: &'x [PhaseSpace<'s>],
        i: usize,
        prev: Option<usize>,
    ) -> Result<()> {
        let Some(mut len) = self.begin(i) else { return Ok(()) };
        while !self.done() && self.so_far[i] + len <= self.limit() {
            if self.phase_at(walkers, spaces, i, len, prev)? {
                return Ok(());
            }
            len += 1;
        }
        Ok(())
    }

    /// Reads phase `i`'s coordinates off `states[i]`: its distance bound, `None` when the position is
    /// not one of the phase (or no move sequence takes it to the goal).
    fn begin(&mut self, i: usize) -> Option<u32> {
        let ph = &self.solver.phases[i];
        let layout = self.solver.puzzle.layout();
        let n = ph.coords.len();
        let start = &mut self.starts[i];
        if !ph.relabel.apply_into(layout, &self.states[i], &mut self.relabelled)
            || !ph.coords.of_state_into(&self.relabelled, &mut self.scratch[i], &mut start.vals)
        {
            return None;
        }
        start.last = NO_MOVE;
        let h = match &ph.full {
            Some(full) => {
                let (work, next) = (&mut self.work.0[..n], &mut self.work.1[..n]);
                let d = full.distance(&ph.coords, &start.vals, work, next)?;
                start.exact = d;
                d
            }
            None => match bound(ph, &start.vals) {
                UNREACHED => return None,
                h => h as u32,
            },
        };
        self.entered[i] += 1;
        Some(h)
    }

    /// Phase `i`'s solutions of cost `len` (for the last phase: one, recorded; true when found), by
    /// `walkers[0]`.
    fn phase_at<'x>(
        &mut self,
        walkers: &mut Walkers<'x, 's>,
        spaces: &'x [PhaseSpace<'s>],
        i: usize,
        len: u32,
        prev: Option<usize>,
    ) -> Result<bool> {
        let prev = prev.unwrap_or(self.start_row());
        let last = i + 1 == self.solver.phases.len();
        if !last && i == 0 && len > 0 && split() {
            return self.split_first(len).map(|()| false);
        }
        let (walker, later) = walkers.split_first_mut().expect("a walker per phase");
        let start = std::mem::take(&mut self.starts[i]);
        // The walk's start counts as a node, as each node reached does.
        spaces[i].nodes.set(spaces[i].nodes.get() + 1);
        let mut visit = Ends { search: self, later, spaces, i, len };
        let flow = walker.walk(&start, prev, &[], len, &mut visit);
        self.starts[i] = start;
        self.outcome(flow?, last)
    }

    /// What a walk's end means: an error past the node budget, else (the last phase) whether it found
    /// a solution.
    fn outcome(&self, flow: Flow, last: bool) -> Result<bool> {
        if self.over_budget {
            return Err(Error::new(format!(
                "the search passed its node limit ({} nodes) without finding a solution",
                self.options.max_nodes.unwrap_or(0)
            )));
        }
        Ok(last && flow == Flow::Stop)
    }

    /// Phase `i` reached its goal by `moves` (of cost `len`): works out the position and starts phase
    /// `i + 1` from it, by `walkers[0]`.
    fn next_phase<'x>(
        &mut self,
        walkers: &mut Walkers<'x, 's>,
        spaces: &'x [PhaseSpace<'s>],
        i: usize,
        moves: &[usize],
        len: u32,
    ) -> Result<()> {
        let p = self.solver.puzzle;
        let ph = &self.solver.phases[i];
        let (head, tail) = self.states.split_at_mut(i + 1);
        let (cur, next) = (&head[i], &mut tail[0]);
        next.copy_from_slice(cur);
        for &mv in moves {
            p.apply_into(next, ph.moves[mv], &mut self.tmp);
            std::mem::swap(next, &mut self.tmp);
        }
        if let Some(chain) = &ph.chain_h {
            // Only a definite answer lets the next phase start (an unknown one might never end).
            if !matches!(reachable(chain, self.solver.target.bytes(), next)?, Membership::Reachable(_)) {
                return Ok(());
            }
        }
        self.lengths[i] = len;
        self.so_far[i + 1] = self.so_far[i] + len;
        let before = self.path.len();
        self.path.extend(moves.iter().map(|&mv| ph.moves[mv]));
        // The boundary rows of the follow rules (after the start row).
        let prev = self.path.last().map(|m| self.start_row() + 1 + m.base);
        let r = self.enter(walkers, spaces, i + 1, prev);
        self.path.truncate(before);
        r
    }

    /// Records the moves so far and the last phase's `moves` (of cost `len`) as the best solution when
    /// shorter.
    fn record(&mut self, i: usize, moves: &[usize], len: u32) {
        let total = self.so_far[i] + len;
        let mut best = self.shared.best.lock().unwrap_or_else(|e| e.into_inner());
        if total < self.shared.best_cost.load(Relaxed) {
            self.shared.best_cost.store(total, Relaxed);
            let ph = &self.solver.phases[i];
            let mut solution = self.path.clone();
            solution.extend(moves.iter().map(|&mv| ph.moves[mv]));
            let mut lengths = self.lengths[..i].to_vec();
            lengths.push(len);
            if self.inverse {
                lengths.reverse();
                solution = self.solver.puzzle.invert_moves(&solution);
            }
            if let Some(c) = self.turned {
                solution = c.read_back(&solution);
            }
            *best = Some((solution, lengths, self.inverse));
            if self.options.target_length.is_some_and(|t| total <= t) {
                self.shared.done.store(true, Relaxed);
            }
        }
    }

    /// Phase 1's solutions of cost `len`, one task per first move (run in parallel with the `parallel`
    /// feature), each on its own copy of the search state.
    fn split_first(&mut self, len: u32) -> Result<()> {
        let ph = &self.solver.phases[0];
        let task = |mv: usize| -> Result<()> {
            let cost = ph.costs[mv] as u32;
            if cost > len {
                return Ok(());
            }
            let mut s = Search::new(self.solver, self.options, self.control, self.shared, self.inverse, self.turned);
            s.states[0].copy_from_slice(&self.states[0]);
            let spaces = s.spaces();
            let mut walkers: Vec<_> = spaces.iter().map(|sp| Ida::new(sp, s.control)).collect();
            let mut start = PhaseNode::blank(ph);
            spaces[0].step(&self.starts[0], mv, &mut start);
            spaces[0].settle(self.starts[0].exact, &mut start);
            let row = ph.moves[mv].base;
            let (walker, later) = walkers.split_first_mut().expect("a walker per phase");
            spaces[0].nodes.set(1);
            let mut visit = Ends { search: &mut s, later, spaces: &spaces, i: 0, len };
            let flow = walker.walk(&start, row, &[mv], len - cost, &mut visit);
            let r = flow.and_then(|flow| s.outcome(flow, false)).map(|_| ());
            s.flush(&spaces);
            r
        };
        #[cfg(feature = "parallel")]
        if !self.options.sequential {
            use rayon::prelude::*;
            return (0..ph.moves.len()).into_par_iter().try_for_each(task);
        }
        (0..ph.moves.len()).try_for_each(task)
    }
}

/// The order state of a phase's start: no move yet.
const NO_MOVE: usize = usize::MAX;

/// A node of a phase's search: its coordinate values, its exact distance where the phase has a full
/// table (`u32::MAX`: unreachable), and the index of the move that reached it ([`NO_MOVE`] at the
/// phase's start).
#[derive(Clone, Default)]
pub(crate) struct PhaseNode {
    vals: Vec<u32>,
    exact: u32,
    last: usize,
}

impl PhaseNode {
    /// A node of phase `ph` to be written.
    fn blank(ph: &Phase) -> Self {
        PhaseNode { vals: vec![0; ph.coords.len()], exact: 0, last: NO_MOVE }
    }
}

/// A phase as a search space: its coordinates moved by its move tables (the moves in the solver's follow
/// rules, `Order` being the row of the last move), bounded by its full table or the largest of its
/// projections, the children's moves filtered by the move masks and their table entries prefetched
/// together. Counts the nodes reached (each child a move may go to, and each walk's start).
pub(crate) struct PhaseSpace<'s> {
    ph: &'s Phase,
    follows: &'s [Vec<bool>],
    /// Whether children's table entries are prefetched (few enough coordinates, and tables to read).
    prefetching: bool,
    nodes: Cell<u64>,
}

impl<'s> PhaseSpace<'s> {
    fn new(ph: &'s Phase, follows: &'s [Vec<bool>]) -> Self {
        const MAX: usize = 8;
        let prefetching = ph.coords.len() <= MAX && (!ph.tables.is_empty() || ph.full.is_some());
        PhaseSpace { ph, follows, prefetching, nodes: Cell::new(0) }
    }

    /// The coordinates after move `mv` from `n` (the exact distance is left to [`Space::screen`]).
    #[inline(always)]
    fn step(&self, n: &PhaseNode, mv: usize, out: &mut PhaseNode) {
        self.ph.coords.apply(&n.vals, mv, &mut out.vals);
        out.exact = n.exact;
        out.last = mv;
    }

    /// With a full table, the exact distance of `child`, reached by a move from a node at exact
    /// distance `d`.
    #[inline(always)]
    fn settle(&self, d: u32, child: &mut PhaseNode) {
        if let Some(full) = &self.ph.full {
            let next = if d == u32::MAX { None } else { FullTable::step_distance(d, full.value(&child.vals)) };
            child.exact = next.unwrap_or(u32::MAX);
        }
    }

    /// The moves (bits by move index) whose results the projection tables do not prune, from `n` with
    /// `remaining` left: all where the phase has no move masks.
    #[inline]
    fn allowed(&self, n: &PhaseNode, remaining: u32) -> u32 {
        let ph = self.ph;
        if ph.masks.is_empty() {
            return u32::MAX;
        }
        let mut allowed = u32::MAX;
        for (t, m) in ph.tables.iter().zip(&ph.masks) {
            if let Some(m) = m {
                let idx = t.index(&n.vals);
                allowed &= MoveMasks::allowed(t.at(idx), remaining, m.up(idx), m.same(idx));
            }
        }
        allowed
    }
}

impl Space for PhaseSpace<'_> {
    type Node = PhaseNode;
    /// A move's index among the phase's moves.
    type Move = usize;
    /// The follow-rules row of the last move.
    type Order = usize;

    fn branching(&self) -> usize {
        self.ph.moves.len()
    }

    fn blank(&self) -> PhaseNode {
        PhaseNode::blank(self.ph)
    }

    #[inline(always)]
    fn child(&self, n: &PhaseNode, prev: usize, k: usize, out: &mut PhaseNode) -> Option<(usize, usize)> {
        let base = self.ph.moves[k].base;
        if !self.follows[prev][base] {
            return None;
        }
        self.step(n, k, out);
        Some((k, base))
    }

    #[inline(always)]
    fn cost(&self, mv: usize) -> u32 {
        self.ph.costs[mv] as u32
    }

    /// The exact distance with a full table, else the largest projection distance.
    #[inline]
    fn bound(&self, n: &PhaseNode) -> u32 {
        match self.ph.full {
            Some(_) => n.exact,
            None => bound(self.ph, &n.vals) as u32,
        }
    }

    /// The projections stop at the first over `left` (the smallest tables come first).
    #[inline(always)]
    fn admits(&self, n: &PhaseNode, left: u32) -> bool {
        match self.ph.full {
            Some(_) => n.exact <= left,
            None => self.ph.tables.iter().all(|t| t.lookup(&n.vals) as u32 <= left),
        }
    }

    /// The full table's entry, and each projection's distance and masks (read when the node is expanded).
    #[inline(always)]
    fn prefetch(&self, n: &PhaseNode) {
        let ph = self.ph;
        if let Some(full) = &ph.full {
            full.prefetch(&n.vals);
        }
        for (k, t) in ph.tables.iter().enumerate() {
            let idx = t.index(&n.vals);
            t.prefetch(idx);
            if let Some(Some(m)) = ph.masks.get(k) {
                m.prefetch(idx);
            }
        }
    }

    /// The moves the parent's masks allow and its remaining cost pays for are counted and the table
    /// entries of those with moves left after them prefetched, all before any is read; then a child with
    /// none left goes on where it is at the goal, the others where the bound admits them (with a full
    /// table, its exact distance is read here, after the prefetch).
    #[inline(always)]
    fn screen(&self, parent: &PhaseNode, _: &[usize], children: &mut [Child<Self>], left: u32) {
        let remaining = left + 1;
        let allowed = self.allowed(parent, remaining);
        let mut reached = 0;
        for (k, c) in children.iter_mut().enumerate() {
            c.live = c.step.is_some() && self.cost(k) <= remaining && (k >= 32 || allowed >> k & 1 == 1);
            if c.live {
                reached += 1;
                if self.prefetching && remaining > self.cost(k) {
                    self.prefetch(&c.node);
                }
            }
        }
        self.nodes.set(self.nodes.get() + reached);
        let goal = self.ph.coords.goal();
        for (k, c) in children.iter_mut().enumerate() {
            if !c.live {
                continue;
            }
            let r = remaining - self.cost(k);
            c.live = if r == 0 {
                c.node.vals == *goal
            } else {
                self.settle(parent.exact, &mut c.node);
                self.admits(&c.node, r)
            };
        }
    }
}

/// What a phase's walk does at its ends: the last phase records a solution and stops; a phase before
/// it goes on with the next phase from each of its solutions (one that ends with a move of the next
/// phase's group is left: dropping that move gives a shorter one already tried), until the target length
/// is reached or the best total leaves it no room.
struct Ends<'v, 'x, 's> {
    search: &'v mut Search<'s>,
    /// The later phases' walkers.
    later: &'v mut Walkers<'x, 's>,
    spaces: &'x [PhaseSpace<'s>],
    /// The phase and the cost of its solutions sought.
    i: usize,
    len: u32,
}

impl Ends<'_, '_, '_> {
    /// Whether this phase's walk is to stop: the budget spent, or (before the last phase) the target
    /// reached or the best total no longer above this phase's.
    #[inline]
    fn stops(&mut self) -> Flow {
        let s = &mut *self.search;
        let last = self.i + 1 == s.solver.phases.len();
        if s.spent(self.spaces) || (!last && (s.done() || s.so_far[self.i] + self.len > s.limit())) {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

impl<'s> Visit<PhaseSpace<'s>> for Ends<'_, '_, 's> {
    fn leaf(&mut self, node: &PhaseNode, path: &[usize]) -> Result<Flow> {
        let (s, i) = (&mut *self.search, self.i);
        let phases = s.solver.phases;
        let ph = &phases[i];
        if node.vals != *ph.coords.goal() {
            return Ok(Flow::Continue);
        }
        if i + 1 == s.solver.phases.len() {
            s.record(i, path, self.len);
            return Ok(Flow::Stop);
        }
        if node.last != NO_MOVE && ph.in_next[node.last] {
            return Ok(Flow::Continue);
        }
        s.next_phase(self.later, self.spaces, i, path, self.len)?;
        Ok(self.stops())
    }

    #[inline]
    fn expanded(&mut self, _: u64) -> Flow {
        self.stops()
    }
}

/// Whether phase 1 is split into tasks (with threads to run them).
fn split() -> bool {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads() > 1;
    #[cfg(not(feature = "parallel"))]
    false
}

/// A solution, its phase lengths (in solution order) and whether it solves the inverse position's phases.
pub(crate) type Best = (Vec<MoveRef>, Vec<u32>, bool);

/// What the tasks of one solve share: the best solution, the stop flags, the counts.
#[derive(Default)]
pub(crate) struct Shared {
    best_cost: AtomicU32,
    /// The longest total searched for (the target length on a first pass: a phase is then never searched
    /// deeper than the target leaves it, as Kociemba's algorithm does).
    cap: AtomicU32,
    best: Mutex<Option<Best>>,
    done: AtomicBool,
    over_budget: AtomicBool,
    nodes: AtomicU64,
    /// Per phase: nodes and times entered.
    counts: Mutex<(Vec<u64>, Vec<u64>)>,
}

impl Shared {
    /// Nothing found yet; solutions longer than `cap` are not searched for.
    pub(crate) fn new(cap: u32) -> Shared {
        Shared { best_cost: AtomicU32::new(u32::MAX), cap: AtomicU32::new(cap.min(MAX_LENGTH)), ..Default::default() }
    }

    /// Lifts the cap to [`MAX_LENGTH`]; false when it was already there.
    pub(crate) fn uncap(&self) -> bool {
        self.cap.swap(MAX_LENGTH, Relaxed) < MAX_LENGTH
    }

    /// The best solution found, its phase lengths and whether it was found for the inverse position.
    pub(crate) fn best(&self) -> Option<Best> {
        self.best.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Nodes visited.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Relaxed)
    }

    /// Per phase: nodes visited and times the phase was entered.
    pub(crate) fn phase_counts(&self) -> (Vec<u64>, Vec<u64>) {
        self.counts.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Whether the search stopped at the node budget.
    pub(crate) fn over_budget(&self) -> bool {
        self.over_budget.load(Relaxed)
    }
}

/// The phase's distance bound of coordinate values: the largest projection distance.
#[inline]
fn bound(ph: &Phase, vals: &[u32]) -> u8 {
    let mut h = 0u8;
    for t in &ph.tables {
        h = h.max(t.lookup(vals));
    }
    h
}
