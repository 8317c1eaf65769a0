//! Filling one depth of the table: a depth-first walk over the canonical move sequences of exactly that
//! length from the target, writing the depth into the unset entries of the states it reaches.
//!
//! The work is split into tasks by a breadth-first expansion of short canonical prefixes (at least
//! [`TASKS_PER_THREAD`] per thread); with the `parallel` feature rayon runs them on its current thread
//! pool, otherwise they run in order. Entries only go from unset to the depth being filled, so the table
//! is the same whatever the order. Each walker keeps its state buffers for its whole life (no allocation
//! in the walk) and gathers the slots of [`BATCH`] leaves before writing them in one tight loop that
//! requests cache lines a few writes ahead: computing leaves and waiting for memory then do not get in
//! each other's way, and many memory accesses are in flight at once.

use std::sync::atomic::{AtomicU64, Ordering};

use super::kernel::Kernel;
use super::persist::Fingerprint;
use super::sym::Reduction;
use super::table::{Cells, MAX_DEPTH};
use crate::canon::fsm::REFUSED;
use crate::canon::CanonFsm;
use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::hash::Hasher;
use crate::hash::{hash_bytes, slot};
use crate::model::moveset::MoveSet;
use crate::model::puzzle::Puzzle;

/// Tasks per thread a depth is split into (for load balance and progress reports).
pub(crate) const TASKS_PER_THREAD: usize = 64;
/// The most memory the prefix states of one fill may take.
const PREFIX_BYTES: f64 = 32.0 * 1024.0 * 1024.0;
/// Leaves whose writes are gathered before they are written together.
const BATCH: usize = 2048;
/// How many writes ahead a batch requests cache lines.
const AHEAD: usize = 16;
/// Nodes between two looks at the cancellation flag.
const CHECK_EVERY: u64 = 4096;

/// Everything a fill needs, owned: the moves ready to apply, the canonical automaton, the illegal
/// placements and the target.
#[derive(Debug)]
pub(crate) struct Walk {
    size: usize,
    kernel: Kernel,
    fsm: CanonFsm,
    /// Byte offset and piece id of each illegal placement.
    illegal: Vec<(usize, u8)>,
    target: Vec<u8>,
    /// Canonical sequences of each length `0..=MAX_DEPTH + 1` (for predictions and progress totals).
    counts: Vec<f64>,
    /// What the table is for (saved with it, checked when it is loaded).
    fingerprint: Fingerprint,
    /// The symmetry reduction, if the table is reduced.
    reduce: Option<Reduction>,
    /// With a reduction: the representatives of the classes at each distance `0..=p` (flattened per
    /// distance); a fill of depth `d` starts from those at distance `min(d, p)`.
    classes: Vec<Vec<u8>>,
    /// With a reduction: for each class at distance `p` and each move, whether the move leads to
    /// distance `p + 1` (a fill deeper than `p` starts only with those).
    away: Vec<bool>,
    /// With a reduction: the leaves of a walk of each length `0..=MAX_DEPTH + 1` from the classes at
    /// distance `p` (their first moves leading away, then canonical sequences).
    class_leaves: Vec<f64>,
}

/// What one fill of a depth did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct FillCounts {
    /// Leaves (states at the fill's depth) visited.
    pub leaves: u64,
    /// Entries this fill changed from unset.
    pub added: u64,
}

impl Walk {
    /// Checks that the move set, automaton and target belong to the puzzle, and copies what a fill needs.
    /// With `symmetry`, the table is reduced by the definition's rotations where they apply
    /// ([`Reduction::new`]).
    pub(crate) fn new(puzzle: &Puzzle, moves: &MoveSet, fsm: &CanonFsm, target: &[u8], symmetry: bool) -> Result<Walk> {
        let size = puzzle.state_size();
        if fsm.moves() != moves.moves().len() {
            return Err(Error::new(format!(
                "the canonical automaton is for {} moves, but the move set has {}",
                fsm.moves(),
                moves.moves().len()
            )));
        }
        let mut transforms = Vec::with_capacity(moves.moves().len());
        for m in moves.moves() {
            let known = puzzle.base_moves().get(m.mv.base).is_some_and(|b| m.mv.amount.unsigned_abs() < b.order as u64);
            transforms.push(if known { puzzle.transform(m.mv) } else { &[][..] });
        }
        let kernel = Kernel::new(puzzle.layout(), &transforms, target)?;
        let orbits = puzzle.orbits();
        let mut illegal = Vec::with_capacity(puzzle.illegal().len());
        for il in puzzle.illegal() {
            match orbits.get(il.orbit) {
                Some(o) if il.slot < o.size => illegal.push((o.offset + il.slot, il.piece)),
                _ => return Err(Error::new("an illegal placement names a slot outside the puzzle")),
            }
        }
        let counts = sequence_counts(fsm, MAX_DEPTH + 1);
        let reduce = if symmetry { Reduction::new(puzzle, &transforms, target) } else { None };
        let mut fingerprint = fingerprint(puzzle, &transforms, fsm, &illegal, target);
        fingerprint.symmetry = reduce.as_ref().map_or(0, Reduction::fingerprint);
        let (classes, away) = match &reduce {
            Some(r) => r.classes(&kernel, transforms.len(), target),
            None => (Vec::new(), Vec::new()),
        };
        let class_leaves = if reduce.is_some() { continuation_counts(fsm, &away, MAX_DEPTH + 1) } else { Vec::new() };
        Ok(Walk {
            size,
            kernel,
            fsm: fsm.clone(),
            illegal,
            target: target.to_vec(),
            counts,
            fingerprint,
            reduce,
            classes,
            away,
            class_leaves,
        })
    }

    /// The number of symmetries the table is reduced by (1: not reduced).
    pub(crate) fn symmetries(&self) -> usize {
        self.reduce.as_ref().map_or(1, Reduction::count)
    }

    /// The hash of a state's entry: of the state, or of its class's representative (written into `buf`,
    /// of the state size) when the table is reduced.
    #[inline(always)]
    pub(crate) fn state_hash(&self, state: &[u8], buf: &mut [u8]) -> u64 {
        match &self.reduce {
            None => hash_bytes(state),
            Some(r) => {
                r.representative(state, buf);
                hash_bytes(&buf[..self.size])
            }
        }
    }

    /// The state size in bytes.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// For a reduced table: the distance its fill of `depth` starts its tasks at, and the number of
    /// classes there.
    fn class_start(&self, depth: u32) -> (u32, usize) {
        let p = (self.classes.len() as u32 - 1).min(depth);
        (p, self.classes[p as usize].len() / self.size)
    }

    /// The leaves a fill of `depth` visits when no placement is illegal: the canonical sequences of that
    /// length, or for a reduced table the classes it starts from times the canonical continuations.
    pub(crate) fn leaves_of(&self, depth: u32) -> f64 {
        if self.reduce.is_none() {
            return self.count(depth);
        }
        let (p, classes) = self.class_start(depth);
        if depth == p {
            return classes as f64;
        }
        self.class_leaves.get((depth - p) as usize).copied().unwrap_or(0.0)
    }

    /// What the table is for: the puzzle, move set, automaton and target, as hashes.
    pub(crate) fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// The target state.
    pub(crate) fn target(&self) -> &[u8] {
        &self.target
    }

    /// Canonical sequences of length `depth` (`depth <= MAX_DEPTH + 1`; 0 beyond).
    pub(crate) fn count(&self, depth: u32) -> f64 {
        self.counts.get(depth as usize).copied().unwrap_or(0.0)
    }

    /// `out = state · move`.
    #[inline(always)]
    fn apply(&self, state: &[u8], mv: usize, out: &mut [u8]) {
        self.kernel.apply(state, mv, out);
    }

    /// Whether a state avoids every illegal placement.
    #[inline(always)]
    fn legal(&self, state: &[u8]) -> bool {
        self.illegal.iter().all(|&(at, piece)| state[at] != piece)
    }

    /// The canonical prefixes a fill of `depth` starts its tasks from: states and automaton states of the
    /// legal canonical sequences of one length `p <= depth`, the shortest giving at least `want` tasks
    /// (or the longest whose states fit [`PREFIX_BYTES`]). Returns `p`, the states (flattened) and the
    /// automaton states.
    fn prefixes(&self, depth: u32, want: usize) -> (u32, Vec<u8>, Vec<u32>) {
        let size = self.size;
        if self.reduce.is_some() {
            // Every class at distance `p`, each followed by every canonical sequence (automaton state 0)
            // whose first move leads to distance `p + 1` (see `Walker::walk_inner`): a class at
            // distance `d > p` has a member whose optimal sequence passes through one of them
            // (conjugate an optimal sequence of any member by the rotation that takes its state at
            // distance `p` to the representative; its rest is optimal, so it has a canonical form, and
            // that form's first move leads away).
            let (p, classes) = self.class_start(depth);
            return (p, self.classes[p as usize].clone(), vec![0; classes]);
        }
        let mut states = self.target.clone();
        let mut fsm_states = vec![0u32];
        let mut p = 0;
        while p < depth && fsm_states.len() < want && self.count(p + 1) * size as f64 <= PREFIX_BYTES {
            let mut next_states = Vec::new();
            let mut next_fsm = Vec::new();
            let mut child = vec![0u8; size];
            for (i, &fs) in fsm_states.iter().enumerate() {
                let parent = &states[i * size..(i + 1) * size];
                for (mv, &to) in self.fsm.row(fs).iter().enumerate() {
                    if to == REFUSED {
                        continue;
                    }
                    self.apply(parent, mv, &mut child);
                    if self.legal(&child) {
                        next_states.extend_from_slice(&child);
                        next_fsm.push(to);
                    }
                }
            }
            states = next_states;
            fsm_states = next_fsm;
            p += 1;
        }
        (p, states, fsm_states)
    }

    /// Fills `depth` (every shallower depth must be filled already): visits every legal canonical
    /// sequence of exactly that length and writes `depth` into the unset entries of the states reached.
    /// Returns the counts and whether the fill was cancelled (the table stays admissible either way).
    pub(crate) fn fill(&self, table: &Cells, depth: u32, control: Control) -> (FillCounts, Result<()>) {
        if depth > MAX_DEPTH {
            let e = Error::new(format!("a pruning table holds depths up to {MAX_DEPTH}, not {depth}"));
            return (FillCounts::default(), Err(e));
        }
        let threads = thread_count();
        let (p, states, fsm_states) = self.prefixes(depth, TASKS_PER_THREAD * threads);
        let job = Job {
            walk: self,
            table,
            value: depth as u8 + 1,
            remaining: depth - p,
            states: &states,
            fsm_states: &fsm_states,
            control,
            total: self.leaves_of(depth).min(u64::MAX as f64) as u64,
            leaves: AtomicU64::new(0),
            added: AtomicU64::new(0),
            depth,
            away: if self.reduce.is_some() && p < depth { Some(&self.away) } else { None },
        };
        let result = job.run(threads);
        let counts = FillCounts { leaves: job.leaves.into_inner(), added: job.added.into_inner() };
        (counts, result)
    }
}

/// The fingerprint of a table's puzzle (state layout and illegal placements), moves (their
/// transformations in order), canonical automaton (its transitions) and target.
fn fingerprint(
    puzzle: &Puzzle,
    transforms: &[&[u8]],
    fsm: &CanonFsm,
    illegal: &[(usize, u8)],
    target: &[u8],
) -> Fingerprint {
    let mut p = Hasher::new();
    puzzle.hash_layout(&mut p);
    for &(at, piece) in illegal {
        p.number(at as u64).number(u64::from(piece));
    }
    let mut m = Hasher::new();
    for t in transforms {
        m.bytes(t);
    }
    let mut a = Hasher::new();
    a.number(fsm.states() as u64).number(fsm.moves() as u64);
    for s in 0..fsm.states() {
        for &to in fsm.row(s as u32) {
            a.number(u64::from(to));
        }
    }
    let t = Hasher::new().bytes(target).finish();
    Fingerprint { puzzle: p.finish(), moves: m.finish(), automaton: a.finish(), target: t, symmetry: 0 }
}

/// The number of canonical sequences of each length `0..=depth`, in floating point (dynamic programming
/// over the automaton's states; exact while below 2^53, which is all a prediction needs).
fn sequence_counts(fsm: &CanonFsm, depth: u32) -> Vec<f64> {
    let mut cur = vec![0f64; fsm.states()];
    let mut next = cur.clone();
    if let Some(start) = cur.first_mut() {
        *start = 1.0;
    }
    let mut out = vec![1.0];
    for _ in 0..depth {
        next.fill(0.0);
        for (s, &c) in cur.iter().enumerate() {
            if c != 0.0 {
                for &t in fsm.row(s as u32).iter().filter(|&&t| t != REFUSED) {
                    next[t as usize] += c;
                }
            }
        }
        std::mem::swap(&mut cur, &mut next);
        out.push(cur.iter().sum());
    }
    out
}

/// For walks from classes (a reduced table's tasks): the leaves of each length `0..=depth`, summed
/// over the classes, each starting with a move `away` allows (class-major, `fsm.moves()` per class;
/// from automaton state 0) and going on canonically.
fn continuation_counts(fsm: &CanonFsm, away: &[bool], depth: u32) -> Vec<f64> {
    let moves = fsm.moves().max(1);
    // How many classes may start with each move.
    let mut starts = vec![0f64; moves];
    for (i, &a) in away.iter().enumerate() {
        if a {
            starts[i % moves] += 1.0;
        }
    }
    // `from[s]`: canonical sequences of the current length from automaton state `s`.
    let mut from = vec![1f64; fsm.states()];
    let mut next = from.clone();
    let mut out = vec![(away.len() / moves) as f64];
    for _ in 1..=depth {
        let row = fsm.row(0);
        out.push((0..moves).filter(|&m| row[m] != REFUSED).map(|m| starts[m] * from[row[m] as usize]).sum());
        for (s, n) in next.iter_mut().enumerate() {
            *n = fsm.row(s as u32).iter().filter(|&&t| t != REFUSED).map(|&t| from[t as usize]).sum();
        }
        std::mem::swap(&mut from, &mut next);
    }
    out
}

/// The threads a fill may use: rayon's current pool.
#[cfg(feature = "parallel")]
fn thread_count() -> usize {
    rayon::current_num_threads().max(1)
}

/// The threads a fill may use: one, without the `parallel` feature.
#[cfg(not(feature = "parallel"))]
fn thread_count() -> usize {
    1
}

/// One fill of one depth: the tasks and the shared totals.
struct Job<'a> {
    walk: &'a Walk,
    table: &'a Cells,
    /// The entry value written: depth + 1.
    value: u8,
    /// Moves left after a task's prefix.
    remaining: u32,
    states: &'a [u8],
    fsm_states: &'a [u32],
    control: Control<'a>,
    /// Canonical sequences of this depth (the progress total).
    total: u64,
    leaves: AtomicU64,
    added: AtomicU64,
    depth: u32,
    /// For a reduced table's tasks (classes at distance `p < depth`): per task and move, whether the
    /// walk may start with the move (it leads to distance `p + 1`).
    away: Option<&'a [bool]>,
}

impl Job<'_> {
    /// Runs every task: on rayon's pool when there is more than one thread, else in order.
    fn run(&self, threads: usize) -> Result<()> {
        self.control.check()?;
        #[cfg(feature = "parallel")]
        if threads > 1 {
            use rayon::prelude::*;
            return (0..self.fsm_states.len())
                .into_par_iter()
                .try_for_each_init(|| Walker::<true>::new(self), |w, task| self.task(w, task));
        }
        debug_assert!(threads >= 1);
        let mut w = Walker::<false>::new(self);
        (0..self.fsm_states.len()).try_for_each(|task| self.task(&mut w, task))
    }

    /// Runs one task, adds its counts to the totals and reports progress.
    fn task<const SHARED: bool>(&self, w: &mut Walker<'_, SHARED>, task: usize) -> Result<()> {
        let size = self.walk.size;
        let root = &self.states[task * size..(task + 1) * size];
        let moves = self.walk.fsm.moves();
        let first = self.away.map(|a| &a[task * moves..(task + 1) * moves]);
        let result = w.walk(root, self.fsm_states[task], self.remaining, first, &self.control);
        let (leaves, added) = w.take_counts();
        let done = self.leaves.fetch_add(leaves, Ordering::Relaxed) + leaves;
        self.added.fetch_add(added, Ordering::Relaxed);
        if self.control.wants_progress() {
            let total = Some(self.total.max(done));
            self.control.report(Progress { phase: "table", depth: self.depth, done, total });
        }
        result
    }
}

/// A depth-first walker: state buffers for every level, and the sink its leaves go to.
struct Walker<'a, const SHARED: bool> {
    walk: &'a Walk,
    /// `(MAX_DEPTH + 1) × size` bytes: the state at each level of the walk.
    stack: Vec<u8>,
    /// A leaf.
    leaf: Vec<u8>,
    /// A leaf's class representative (reduced tables).
    rep: Vec<u8>,
    /// Automaton state and next move to try at each level.
    fsm_at: [u32; MAX_DEPTH as usize + 1],
    next_at: [usize; MAX_DEPTH as usize + 1],
    nodes: u64,
    next_check: u64,
    sink: Sink<'a, SHARED>,
}

impl<'a, const SHARED: bool> Walker<'a, SHARED> {
    fn new(job: &Job<'a>) -> Self {
        let size = job.walk.size;
        Walker {
            walk: job.walk,
            stack: vec![0u8; (MAX_DEPTH as usize + 1) * size],
            leaf: vec![0u8; size],
            rep: vec![0u8; size],
            fsm_at: [0; MAX_DEPTH as usize + 1],
            next_at: [0; MAX_DEPTH as usize + 1],
            nodes: 0,
            next_check: CHECK_EVERY,
            sink: Sink::new(job.table, job.value),
        }
    }

    /// The leaves visited and entries added since the last call.
    fn take_counts(&mut self) -> (u64, u64) {
        (std::mem::take(&mut self.sink.leaves), std::mem::take(&mut self.sink.added))
    }

    /// Visits every legal canonical continuation of `remaining` moves from `root` (automaton state `fs`),
    /// whose first move `first` allows (when given).
    fn walk(&mut self, root: &[u8], fs: u32, remaining: u32, first: Option<&[bool]>, control: &Control) -> Result<()> {
        let result = self.walk_inner(root, fs, remaining, first, control);
        self.sink.flush();
        result
    }

    fn walk_inner(
        &mut self,
        root: &[u8],
        fs: u32,
        remaining: u32,
        first: Option<&[bool]>,
        control: &Control,
    ) -> Result<()> {
        if remaining == 0 {
            let h = self.walk.state_hash(root, &mut self.rep);
            self.sink.visit(h);
            return Ok(());
        }
        let walk = self.walk;
        let size = walk.size;
        let last = remaining as usize - 1;
        if last >= self.fsm_at.len() {
            return Err(Error::new("pruning-table fill deeper than the deepest storable depth"));
        }
        self.stack[..size].copy_from_slice(root);
        self.fsm_at[0] = fs;
        self.next_at[0] = 0;
        let mut level = 0usize;
        loop {
            if self.nodes >= self.next_check {
                self.next_check = self.nodes + CHECK_EVERY;
                control.check()?;
            }
            if level == last {
                self.expand_leaves(level, if level == 0 { first } else { None });
                if level == 0 {
                    return Ok(());
                }
                level -= 1;
                continue;
            }
            let row = walk.fsm.row(self.fsm_at[level]);
            let mut mv = self.next_at[level];
            let skip = |mv: usize| row[mv] == REFUSED || (level == 0 && first.is_some_and(|f| !f[mv]));
            while mv < row.len() && skip(mv) {
                mv += 1;
            }
            if mv >= row.len() {
                if level == 0 {
                    return Ok(());
                }
                level -= 1;
                continue;
            }
            self.next_at[level] = mv + 1;
            let (parents, children) = self.stack.split_at_mut((level + 1) * size);
            let child = &mut children[..size];
            walk.apply(&parents[level * size..], mv, child);
            self.nodes += 1;
            if !walk.legal(child) {
                continue;
            }
            level += 1;
            self.fsm_at[level] = row[mv];
            self.next_at[level] = 0;
        }
    }

    /// Visits every legal child of the state at `level` (by the moves `first` allows, when given): the
    /// leaves.
    #[inline(always)]
    fn expand_leaves(&mut self, level: usize, first: Option<&[bool]>) {
        let walk = self.walk;
        let size = walk.size;
        let parent = &self.stack[level * size..(level + 1) * size];
        let row = walk.fsm.row(self.fsm_at[level]);
        for (mv, &to) in row.iter().enumerate() {
            if to == REFUSED || first.is_some_and(|f| !f[mv]) {
                continue;
            }
            walk.apply(parent, mv, &mut self.leaf);
            self.nodes += 1;
            if walk.legal(&self.leaf) {
                let h = walk.state_hash(&self.leaf, &mut self.rep);
                self.sink.visit(h);
            }
        }
    }
}

/// Where leaves go: a batch of slots written all at once when full, and the counts.
struct Sink<'a, const SHARED: bool> {
    table: &'a Cells,
    /// The entry value written: depth + 1.
    value: u8,
    /// Slots waiting to be written (`BATCH` of them).
    batch: Vec<usize>,
    leaves: u64,
    added: u64,
}

impl<'a, const SHARED: bool> Sink<'a, SHARED> {
    fn new(table: &'a Cells, value: u8) -> Self {
        Sink { table, value, batch: Vec::with_capacity(BATCH), leaves: 0, added: 0 }
    }

    /// Visits a leaf by its hash.
    #[inline(always)]
    fn visit(&mut self, h: u64) {
        if self.batch.len() == BATCH {
            self.flush();
        }
        self.batch.push(slot(h, self.table.entries()));
        self.leaves += 1;
    }

    /// Writes the batch: each entry's cache line is requested [`AHEAD`] writes before it is written.
    fn flush(&mut self) {
        let (table, value) = (self.table, self.value);
        let mut added = 0;
        for (i, &s) in self.batch.iter().enumerate() {
            if let Some(&ahead) = self.batch.get(i + AHEAD) {
                table.prefetch(ahead);
            }
            added += u64::from(table.set_if_unset::<SHARED>(s, value));
        }
        self.added += added;
        self.batch.clear();
    }
}
