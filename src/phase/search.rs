//! The multi-phase search of one [`PhaseSolver::solve`](super::PhaseSolver::solve): for each phase but the last, its solutions by
//! increasing length (never ending with a move of the next phase's group: dropping it gives a shorter
//! solution already tried), each continued by the next phase; the last phase is searched optimally
//! within the best total so far. Coordinates move by table lookups; nothing is allocated per node.

use super::stage::Phase;
use super::table::UNREACHED;
use super::PhaseSolveOptions;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::group::{reachable, Membership};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::search::Target;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

use super::conjugate::Conjugate;
use super::coords::CoordScratch;
use super::full::FullTable;
use super::masks::MoveMasks;

/// The longest solution (in the metric) a search considers.
pub(crate) const MAX_LENGTH: u32 = 120;

/// How often (in nodes) cancellation is checked.
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
    /// Nodes visited by this search and not yet added to `shared.nodes`.
    unflushed: u64,
    /// Per phase: nodes visited and times entered.
    phase_nodes: Vec<u64>,
    entered: Vec<u64>,
    /// The moves so far, all phases.
    path: Vec<MoveRef>,
    /// Per phase: where its moves start in `path`, its length so far, and the total before it.
    phase_start: Vec<usize>,
    lengths: Vec<u32>,
    so_far: Vec<u32>,
    /// Per phase: coordinate values per depth (`(MAX_LENGTH + 1) × coordinates`).
    vals: Vec<Vec<u32>>,
    /// Per phase with a full table: the exact distance per depth (`u32::MAX`: unreachable).
    exact: Vec<Vec<u32>>,
    /// Scratch coordinate values for walking a full table.
    work: (Vec<u32>, Vec<u32>),
    /// Per phase: the position it starts from (normalized bytes).
    states: Vec<Vec<u8>>,
    tmp: Vec<u8>,
    relabelled: Vec<u8>,
    scratch: Vec<CoordScratch>,
    /// Whether this search solves the inverse of the position (its solutions are recorded inverted).
    inverse: bool,
    /// The rotation this search's position was turned by (its solutions are read back), if any.
    turned: Option<&'s Conjugate>,
}

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
            unflushed: 0,
            phase_nodes: vec![0; n],
            entered: vec![0; n],
            path: Vec::with_capacity(MAX_LENGTH as usize + 1),
            phase_start: vec![0; n],
            lengths: vec![0; n],
            so_far: vec![0; n],
            vals: solver.phases.iter().map(|ph| vec![0; (MAX_LENGTH as usize + 1) * ph.coords.len()]).collect(),
            exact: vec![vec![0; MAX_LENGTH as usize + 1]; n],
            work: {
                let most = solver.phases.iter().map(|ph| ph.coords.len()).max().unwrap_or(0);
                (vec![0; most], vec![0; most])
            },
            states: vec![vec![0; size]; n],
            tmp: vec![0; size],
            relabelled: vec![0; size],
            scratch: solver.phases.iter().map(|ph| ph.coords.workspace()).collect(),
            inverse,
            turned,
        }
    }

    /// Searches from `start` (normalized bytes). Ok when the search ended (target length reached or
    /// every shorter solution ruled out); Err on cancellation or past the node budget.
    pub(crate) fn run(&mut self, start: &[u8]) -> Result<()> {
        self.states[0].copy_from_slice(start);
        let r = self.enter(0, None);
        self.flush();
        r
    }

    /// Several searches of one solve (the position and its inverse), each from its start, taking turns
    /// by phase-1 length so that the short solutions of each are tried before the longer ones of any.
    pub(crate) fn run_interleaved(searches: &mut [Search], starts: &[Vec<u8>]) -> Result<()> {
        let mut bounds = Vec::with_capacity(searches.len());
        for (s, start) in searches.iter_mut().zip(starts) {
            s.states[0].copy_from_slice(start);
            bounds.push(s.begin(0));
        }
        let r = (|| {
            let Some(mut len) = bounds.iter().flatten().copied().min() else { return Ok(()) };
            while !searches[0].done() && len <= searches[0].limit() {
                for (s, h) in searches.iter_mut().zip(&bounds) {
                    if h.is_some_and(|h| h <= len) && !s.done() && len <= s.limit() {
                        s.phase_at(0, len, None)?;
                    }
                }
                len += 1;
            }
            Ok(())
        })();
        for s in searches.iter_mut() {
            s.flush();
        }
        r
    }

    /// Adds this search's counts to the shared ones.
    fn flush(&mut self) {
        self.shared.nodes.fetch_add(std::mem::take(&mut self.unflushed), Relaxed);
        let mut counts = self.shared.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.0.is_empty() {
            *counts = (vec![0; self.phase_nodes.len()], vec![0; self.entered.len()]);
        }
        for (a, b) in counts.0.iter_mut().zip(&mut self.phase_nodes) {
            *a += std::mem::take(b);
        }
        for (a, b) in counts.1.iter_mut().zip(&mut self.entered) {
            *a += std::mem::take(b);
        }
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

    /// Starts phase `i` from `states[i]`, after the follow-rules row `prev` (`None`: the start).
    fn enter(&mut self, i: usize, prev: Option<usize>) -> Result<()> {
        let Some(mut len) = self.begin(i) else { return Ok(()) };
        while !self.done() && self.so_far[i] + len <= self.limit() {
            if self.phase_at(i, len, prev)? {
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
        if !ph.relabel.apply_into(layout, &self.states[i], &mut self.relabelled)
            || !ph.coords.of_state_into(&self.relabelled, &mut self.scratch[i], &mut self.vals[i][..n])
        {
            return None;
        }
        let h = match &ph.full {
            Some(full) => {
                let (work, next) = (&mut self.work.0[..n], &mut self.work.1[..n]);
                let d = full.distance(&ph.coords, &self.vals[i][..n], work, next)?;
                self.exact[i][0] = d;
                d
            }
            None => match bound(ph, &self.vals[i][..n]) {
                UNREACHED => return None,
                h => h as u32,
            },
        };
        self.phase_start[i] = self.path.len();
        self.entered[i] += 1;
        Some(h)
    }

    /// Phase `i`'s solutions of cost `len` (for the last phase: one, recorded; true when found).
    fn phase_at(&mut self, i: usize, len: u32, prev: Option<usize>) -> Result<bool> {
        let prev = prev.unwrap_or(self.start_row());
        if i + 1 == self.solver.phases.len() {
            self.dfs_last(i, 0, len, prev)
        } else if i == 0 && len > 0 && split() {
            self.split_first(len).map(|()| false)
        } else {
            self.dfs_mid(i, 0, len, prev, usize::MAX).map(|()| false)
        }
    }

    /// Counts a node, checking cancellation and the node budget.
    #[inline]
    fn count(&mut self, i: usize) -> Result<()> {
        self.unflushed += 1;
        self.phase_nodes[i] += 1;
        if self.unflushed % CHECK_EVERY == 0 {
            self.control.check()?;
            self.shared.nodes.fetch_add(std::mem::take(&mut self.unflushed), Relaxed);
        }
        if self.options.max_nodes.is_some_and(|m| self.shared.nodes.load(Relaxed) + self.unflushed > m) {
            self.shared.over_budget.store(true, Relaxed);
            return Err(Error::new(format!(
                "the search passed its node limit ({} nodes) without finding a solution",
                self.options.max_nodes.unwrap_or(0)
            )));
        }
        Ok(())
    }

    /// The last phase: a solution of cost at most `remaining` from depth `depth`; true when found (recorded).
    fn dfs_last(&mut self, i: usize, depth: usize, remaining: u32, prev: usize) -> Result<bool> {
        self.count(i)?;
        let ph: &'s Phase = &self.solver.phases[i];
        let n = ph.coords.len();
        let at = depth * n;
        if self.vals[i][at..at + n] == *ph.coords.goal() {
            self.record(i);
            return Ok(true);
        }
        if self.prunes(i, depth, remaining) {
            return Ok(false);
        }
        let allowed = self.allowed(i, depth, remaining);
        self.prefetch_children(i, depth, remaining, prev, allowed);
        for mv in 0..ph.moves.len() {
            let m = ph.moves[mv];
            let cost = ph.costs[mv] as u32;
            if cost > remaining || !self.solver.follows[prev][m.base] || (mv < 32 && allowed >> mv & 1 == 0) {
                continue;
            }
            self.step(i, depth, mv);
            self.path.push(m);
            self.lengths[i] += cost;
            let found = self.dfs_last(i, depth + 1, remaining - cost, m.base);
            self.lengths[i] -= cost;
            self.path.pop();
            if found? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A phase before the last: its solutions of cost exactly `remaining` from depth `depth`, each
    /// continued by the next phase. `last` is the phase's last move (`usize::MAX` at its start).
    fn dfs_mid(&mut self, i: usize, depth: usize, remaining: u32, prev: usize, last: usize) -> Result<()> {
        self.count(i)?;
        let ph: &'s Phase = &self.solver.phases[i];
        let n = ph.coords.len();
        let at = depth * n;
        if remaining == 0 {
            let ends_in_next = last != usize::MAX && ph.in_next[last];
            if !ends_in_next && self.vals[i][at..at + n] == *ph.coords.goal() {
                self.next_phase(i)?;
            }
            return Ok(());
        }
        if self.prunes(i, depth, remaining) {
            return Ok(());
        }
        let allowed = self.allowed(i, depth, remaining);
        self.prefetch_children(i, depth, remaining, prev, allowed);
        for mv in 0..ph.moves.len() {
            let m = ph.moves[mv];
            let cost = ph.costs[mv] as u32;
            if cost > remaining || !self.solver.follows[prev][m.base] || (mv < 32 && allowed >> mv & 1 == 0) {
                continue;
            }
            self.step(i, depth, mv);
            self.path.push(m);
            self.lengths[i] += cost;
            let r = self.dfs_mid(i, depth + 1, remaining - cost, m.base, mv);
            self.lengths[i] -= cost;
            self.path.pop();
            r?;
            if self.done() || self.so_far[i] + self.lengths[i] + remaining > self.limit() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Coordinates at `depth + 1` after move `mv` from those at `depth` (and the exact distance, with a
    /// full table).
    #[inline(always)]
    fn step(&mut self, i: usize, depth: usize, mv: usize) {
        let ph = &self.solver.phases[i];
        let n = ph.coords.len();
        let (a, b) = self.vals[i].split_at_mut((depth + 1) * n);
        ph.coords.apply(&a[depth * n..], mv, &mut b[..n]);
        if let Some(full) = &ph.full {
            let d = self.exact[i][depth];
            let next = if d == u32::MAX { None } else { FullTable::step_distance(d, full.value(&b[..n])) };
            self.exact[i][depth + 1] = next.unwrap_or(u32::MAX);
        }
    }

    /// Whether the phase's goal is further than `remaining` from `depth`: the exact distance with a full
    /// table, else the projections' bounds, stopping at the first over `remaining` (the smallest tables
    /// come first).
    #[inline(always)]
    fn prunes(&self, i: usize, depth: usize, remaining: u32) -> bool {
        let ph = &self.solver.phases[i];
        if ph.full.is_some() {
            return self.exact[i][depth] > remaining;
        }
        let n = ph.coords.len();
        let vals = &self.vals[i][depth * n..(depth + 1) * n];
        ph.tables.iter().any(|t| t.lookup(vals) as u32 > remaining)
    }

    /// Prefetches the table entries (distances and masks) of the children the loop after it will visit,
    /// so their cache misses overlap instead of following each other down the recursion. Children are
    /// stepped twice (here and in the loop): the coordinates' move tables are small and cached.
    #[inline(always)]
    fn prefetch_children(&self, i: usize, depth: usize, remaining: u32, prev: usize, allowed: u32) {
        const MAX: usize = 8;
        let ph: &'s Phase = &self.solver.phases[i];
        let n = ph.coords.len();
        if remaining <= 1 || n > MAX || (ph.tables.is_empty() && ph.full.is_none()) {
            return;
        }
        let vals = &self.vals[i][depth * n..(depth + 1) * n];
        let mut child = [0u32; MAX];
        for mv in 0..ph.moves.len() {
            let cost = ph.costs[mv] as u32;
            if cost > remaining || !self.solver.follows[prev][ph.moves[mv].base] || (mv < 32 && allowed >> mv & 1 == 0)
            {
                continue;
            }
            ph.coords.apply(vals, mv, &mut child[..n]);
            if let Some(full) = &ph.full {
                full.prefetch(&child[..n]);
            }
            for (k, t) in ph.tables.iter().enumerate() {
                let idx = t.index(&child[..n]);
                t.prefetch(idx);
                if let Some(Some(m)) = ph.masks.get(k) {
                    m.prefetch(idx);
                }
            }
        }
    }

    /// The moves (bits by move index) whose results the projection tables do not prune, from the
    /// position at `depth` with `remaining` left: all where the phase has no move masks.
    #[inline]
    fn allowed(&self, i: usize, depth: usize, remaining: u32) -> u32 {
        let ph: &'s Phase = &self.solver.phases[i];
        if ph.masks.is_empty() {
            return u32::MAX;
        }
        let n = ph.coords.len();
        let mut allowed = u32::MAX;
        let vals = &self.vals[i][depth * n..(depth + 1) * n];
        for (t, m) in ph.tables.iter().zip(&ph.masks) {
            if let Some(m) = m {
                let idx = t.index(vals);
                allowed &= MoveMasks::allowed(t.at(idx), remaining, m.up(idx), m.same(idx));
            }
        }
        allowed
    }

    /// Phase `i` reached its goal: works out the position and starts phase `i + 1` from it.
    fn next_phase(&mut self, i: usize) -> Result<()> {
        let p = self.solver.puzzle;
        let (head, tail) = self.states.split_at_mut(i + 1);
        let (cur, next) = (&head[i], &mut tail[0]);
        next.copy_from_slice(cur);
        for &m in &self.path[self.phase_start[i]..] {
            p.apply_into(next, m, &mut self.tmp);
            std::mem::swap(next, &mut self.tmp);
        }
        let ph = &self.solver.phases[i];
        if let Some(chain) = &ph.chain_h {
            // Only a definite answer lets the next phase start (an unknown one might never end).
            if !matches!(reachable(chain, self.solver.target.bytes(), next)?, Membership::Reachable(_)) {
                return Ok(());
            }
        }
        self.so_far[i + 1] = self.so_far[i] + self.lengths[i];
        // The boundary rows of the follow rules (after the start row).
        let prev = self.path.last().map(|m| self.start_row() + 1 + m.base);
        self.enter(i + 1, prev)
    }

    /// Records the current path as the best solution when shorter.
    fn record(&mut self, i: usize) {
        let total = self.so_far[i] + self.lengths[i];
        let mut best = self.shared.best.lock().unwrap_or_else(|e| e.into_inner());
        if total < self.shared.best_cost.load(Relaxed) {
            self.shared.best_cost.store(total, Relaxed);
            let (mut moves, mut lengths) = (self.path.clone(), self.lengths[..=i].to_vec());
            if self.inverse {
                lengths.reverse();
                moves = self.solver.puzzle.invert_moves(&moves);
            }
            if let Some(c) = self.turned {
                moves = c.read_back(&moves);
            }
            *best = Some((moves, lengths, self.inverse));
            if self.options.target_length.is_some_and(|t| total <= t) {
                self.shared.done.store(true, Relaxed);
            }
        }
    }

    /// Phase 1's solutions of cost `len`, one task per first move (run in parallel with the `parallel`
    /// feature), each on its own copy of the search state.
    fn split_first(&mut self, len: u32) -> Result<()> {
        let ph = &self.solver.phases[0];
        let n = ph.coords.len();
        let task = |mv: usize| -> Result<()> {
            let cost = ph.costs[mv] as u32;
            if cost > len {
                return Ok(());
            }
            let mut s = Search::new(self.solver, self.options, self.control, self.shared, self.inverse, self.turned);
            s.states[0].copy_from_slice(&self.states[0]);
            s.vals[0][..n].copy_from_slice(&self.vals[0][..n]);
            s.exact[0][0] = self.exact[0][0];
            s.step(0, 0, mv);
            s.path.push(ph.moves[mv]);
            s.lengths[0] = cost;
            let r = s.dfs_mid(0, 1, len - cost, ph.moves[mv].base, mv);
            s.flush();
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
