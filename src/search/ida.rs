//! The IDA* inner loop: a depth-first walk over canonical sequences with the pruning table as heuristic.
//!
//! Each level expands all its children at once into a preallocated buffer, hashes them and prefetches
//! their table entries before looking any up, so the memory latency of the table overlaps. Nothing is
//! allocated while walking.

use std::sync::atomic::{AtomicU64, Ordering};

use super::bound::SearchBound;
use crate::canon::fsm::REFUSED;
use crate::control::{Control, Progress};
use crate::model::layout::Layout;
use crate::model::moveset::MoveSet;
use crate::model::puzzle::Puzzle;
use crate::prune::kernel::Kernel;
use crate::prune::PruneTable;

/// What a walk shares and does not change.
pub(crate) struct Shared<'a> {
    pub puzzle: &'a Puzzle,
    /// Applies the move set's moves (by index) to states derived from the start.
    pub kernel: &'a Kernel,
    pub fsm: &'a crate::canon::CanonFsm,
    pub table: &'a PruneTable,
    pub target: &'a [u8],
    pub check_legal: bool,
    pub control: Control<'a>,
    /// Stop once this many solutions were found by one walk.
    pub limit: usize,
    /// ksolve+ move constraints, when the definition has any.
    pub rules: Option<&'a MoveRules>,
    /// The depth of the iteration (for progress reports).
    pub depth: u32,
    /// Nodes of the solve so far, every thread's walks included (each adds what it did since its last
    /// report, every `1 << REPORT_SHIFT` lookups, when the control wants progress).
    pub seen: &'a AtomicU64,
    /// A second bound beside the table.
    pub bound: Option<&'a dyn SearchBound>,
    /// The inverse lookup, when on: each node's inverse is kept along the path and looked up too.
    pub inverse: Option<&'a InverseMoves>,
}

/// The inverse lookup: a position and its inverse are the same number of moves from solved (the
/// inverse of a solution solves the inverse), so when the target is solved with distinct pieces the
/// table's bound for the inverse is a bound for the position too, and the search prunes by the larger.
/// The inverse after move `m` is `m⁻¹ · x⁻¹` (the move's inverse followed by the parent's inverse):
/// one composition per node.
#[derive(Debug, Clone)]
pub struct InverseMoves {
    layout: Layout,
    size: usize,
    /// Per move of the set: its inverse transformation (`size` bytes each).
    inverses: Vec<u8>,
}

impl InverseMoves {
    /// The inverse lookup for `moves` towards `target`, or `None` where it does not apply: a target
    /// other than solved with distinct pieces (the identity, no orientation wildcards), or a puzzle with
    /// illegal placements (the table's distances avoid them; the inverse's path would not).
    pub fn new(puzzle: &Puzzle, moves: &MoveSet, target: &[u8]) -> Option<InverseMoves> {
        let layout = puzzle.layout();
        if !puzzle.illegal().is_empty() || target != layout.identity() {
            return None;
        }
        let mut inverses = Vec::with_capacity(moves.moves().len() * layout.state_size());
        for m in moves.moves() {
            inverses.extend_from_slice(&layout.invert(puzzle.transform(m.mv)));
        }
        Some(InverseMoves { layout: layout.clone(), size: layout.state_size(), inverses })
    }

    /// Whether a (normalized) position has an inverse: a permutation with orientations per orbit.
    pub fn invertible(&self, x: &[u8]) -> bool {
        self.layout.is_transformation(x)
    }

    /// `out = x⁻¹` (`x` invertible).
    fn invert_into(&self, x: &[u8], out: &mut [u8]) {
        for o in self.layout.orbits() {
            let (off, n, m) = (o.offset, o.size, o.orientations);
            for i in 0..n {
                let j = x[off + i] as usize;
                out[off + j] = i as u8;
                out[off + n + j] = (m - x[off + n + i] % m) % m;
            }
        }
    }

    /// `out = m⁻¹ · inv`: the inverse of `x · m`, given `inv = x⁻¹`.
    #[inline(always)]
    fn step(&self, m: usize, inv: &[u8], out: &mut [u8]) {
        let t = &self.inverses[m * self.size..(m + 1) * self.size];
        // SAFETY: `inv` is the inverse of a position of the search, a transformation of the layout
        // (the start was checked by `invertible`, and composing transformations gives one).
        unsafe { self.layout.compose_into_unchecked(t, inv, out) };
    }
}

/// Lookups between two progress reports of one walker, as a power of two (about 1M: tens of reports a
/// second over all threads).
const REPORT_SHIFT: u32 = 20;
/// Lookups between two looks at the cancellation flag, as a power of two.
const CHECK_SHIFT: u32 = 14;

/// ksolve+ `ForbiddenPairs` / `ForbiddenGroups` and `MoveLimits`, over the move set's indices.
#[derive(Debug, Clone)]
pub(crate) struct MoveRules {
    /// `forbidden[a × n + b]`: move `b` may not follow move `a`.
    pub forbidden: Vec<bool>,
    /// Per move: the index of its limit counter, if its base move has a limit.
    pub counter: Vec<Option<usize>>,
    /// Per counter: how many uses are allowed.
    pub limits: Vec<u32>,
    /// Number of moves.
    pub n: usize,
}

impl MoveRules {
    /// Whether move `m` may follow `path`.
    #[inline]
    pub fn allows(&self, path: &[u16], m: usize) -> bool {
        if let Some(&prev) = path.last() {
            if self.forbidden[prev as usize * self.n + m] {
                return false;
            }
        }
        match self.counter[m] {
            Some(c) => {
                let used = path.iter().filter(|&&x| self.counter[x as usize] == Some(c)).count();
                (used as u32) < self.limits[c]
            }
            None => true,
        }
    }
}

/// Buffers for one thread's walks.
pub(crate) struct Workspace {
    size: usize,
    nmoves: usize,
    /// Level 0 holds the walk's start state; level `l + 1` the children of the node at level `l`
    /// (`nmoves × size` bytes, child `m` at `m × size`).
    levels: Vec<Vec<u8>>,
    /// Per level: the children's hashes.
    hashes: Vec<Vec<u64>>,
    /// Per level, like `levels`: the [`SearchBound`]'s words of each node (empty without one).
    bound: Vec<Vec<u32>>,
    /// Words per node of the bound.
    bound_len: usize,
    /// With the inverse lookup, per level as `levels`: the inverses of the nodes, the hashes of the
    /// children's inverses, and which children passed the first bound.
    inv_levels: Vec<Vec<u8>>,
    inv_hashes: Vec<Vec<u64>>,
    passed: Vec<Vec<bool>>,
    /// With a bound, per level: which children it keeps.
    bound_kept: Vec<Vec<bool>>,
    /// A representative (reduced tables).
    rep: Vec<u8>,
    /// The moves (indices into the move set) of the current path.
    path: Vec<u16>,
    /// Nodes whose entries were looked up so far.
    pub lookups: u64,
    /// Set when the walk was cancelled.
    pub cancelled: bool,
    /// `lookups` at the last progress report.
    reported: u64,
}

impl Workspace {
    pub fn new(size: usize, nmoves: usize, bound_len: usize) -> Self {
        Workspace {
            size,
            nmoves,
            levels: vec![vec![0; size]],
            hashes: vec![Vec::new()],
            bound: vec![vec![0; bound_len]],
            bound_len,
            inv_levels: vec![vec![0; size]],
            inv_hashes: vec![Vec::new()],
            passed: vec![Vec::new()],
            bound_kept: vec![Vec::new()],
            rep: vec![0; size],
            path: Vec::new(),
            lookups: 0,
            cancelled: false,
            reported: 0,
        }
    }

    fn ensure_levels(&mut self, depth: usize) {
        while self.levels.len() <= depth {
            self.levels.push(vec![0; self.nmoves * self.size]);
            self.hashes.push(vec![0; self.nmoves]);
            self.bound.push(vec![0; self.nmoves * self.bound_len]);
            self.inv_levels.push(vec![0; self.nmoves * self.size]);
            self.inv_hashes.push(vec![0; self.nmoves]);
            self.passed.push(vec![false; self.nmoves]);
            self.bound_kept.push(vec![false; self.nmoves]);
        }
    }
}

/// Walks every canonical continuation of exactly `remaining` moves from `state` (in automaton state
/// `fsm_state`, reached by `prefix`), appending each that reaches the target to `out` (prefix included),
/// in lexicographic order. Stops early once `out` holds `shared.limit` solutions or on cancellation.
pub(crate) fn walk(
    shared: &Shared,
    ws: &mut Workspace,
    state: &[u8],
    fsm_state: u32,
    prefix: &[u16],
    remaining: u32,
    out: &mut Vec<Vec<u16>>,
) {
    ws.ensure_levels(remaining as usize);
    ws.path.clear();
    ws.path.extend_from_slice(prefix);
    ws.levels[0].copy_from_slice(state);
    if let Some(inv) = shared.inverse {
        inv.invert_into(state, &mut ws.inv_levels[0]);
    }
    if remaining == 0 {
        if shared.target == state {
            out.push(ws.path.clone());
        }
        return;
    }
    if let Some(b) = shared.bound {
        if b.start(state, &mut ws.bound[0]) > remaining {
            return;
        }
    }
    recurse(shared, ws, 0, 0, fsm_state, remaining, out);
}

/// Adds this walker's lookups since its last report to the solve's count and reports the total.
#[cold]
fn report(shared: &Shared, ws: &mut Workspace) {
    let add = ws.lookups - ws.reported;
    ws.reported = ws.lookups;
    let done = shared.seen.fetch_add(add, Ordering::Relaxed) + add;
    shared.control.report(Progress { phase: "search", depth: shared.depth, done, total: None });
}

/// The inverse lookup's first pass over the children of the node in slot `slot` of `level`: marks
/// those that pass the table's bound for themselves (`rest` moves left) and computes their inverses,
/// hashed and prefetched before any is looked up.
fn inverses(
    shared: &Shared,
    inv: &InverseMoves,
    ws: &mut Workspace,
    level: usize,
    slot: usize,
    row: &[u32],
    rest: u32,
) {
    let size = ws.size;
    let (upper, lower) = ws.inv_levels.split_at_mut(level + 1);
    let parent = &upper[level][slot * size..(slot + 1) * size];
    let children = &mut lower[0];
    let (hashes, inv_hashes, passed) =
        (&ws.hashes[level + 1], &mut ws.inv_hashes[level + 1], &mut ws.passed[level + 1]);
    let kept = &ws.bound_kept[level + 1];
    for (m, &next) in row.iter().enumerate() {
        passed[m] = next != REFUSED
            && (shared.bound.is_none() || kept[m])
            && shared.table.lookup_hash(hashes[m]) as u32 <= rest;
        if passed[m] {
            let child = &mut children[m * size..(m + 1) * size];
            inv.step(m, parent, child);
            let h = shared.table.hash_with(child, &mut ws.rep);
            shared.table.prefetch(h);
            inv_hashes[m] = h;
        }
    }
}

/// Expands the node in slot `slot` of `level` (automaton state `fsm_state`, `remaining` moves to go).
fn recurse(
    shared: &Shared,
    ws: &mut Workspace,
    level: usize,
    slot: usize,
    fsm_state: u32,
    remaining: u32,
    out: &mut Vec<Vec<u16>>,
) {
    let size = ws.size;
    let row = shared.fsm.row(fsm_state);
    let rest = remaining - 1;
    // Expand every allowed child. With a bound: its words of every child first, prefetching what its
    // lookups read, then its verdicts, and only the children it keeps are hashed (the pruning table's
    // representatives cost more than the bound) and prefetched. Without: every child hashed and
    // prefetched before any is looked up.
    if let Some(b) = shared.bound {
        let n = ws.bound_len;
        let (upper, lower) = ws.levels.split_at_mut(level + 1);
        let parent = &upper[level][slot * size..(slot + 1) * size];
        let children = &mut lower[0];
        let (bupper, blower) = ws.bound.split_at_mut(level + 1);
        let bparent = &bupper[level][slot * n..(slot + 1) * n];
        let kept = &mut ws.bound_kept[level + 1];
        for (m, &next) in row.iter().enumerate() {
            if next != REFUSED {
                shared.kernel.apply(parent, m, &mut children[m * size..(m + 1) * size]);
                b.prepare(bparent, m, &mut blower[0][m * n..(m + 1) * n]);
            }
        }
        let hashes = &mut ws.hashes[level + 1];
        let rep = &mut ws.rep;
        for (m, &next) in row.iter().enumerate() {
            kept[m] = next != REFUSED && b.finish(bparent, m, &mut blower[0][m * n..(m + 1) * n]) <= rest;
            if kept[m] {
                let h = shared.table.hash_with(&children[m * size..(m + 1) * size], rep);
                shared.table.prefetch(h);
                hashes[m] = h;
            }
        }
    } else {
        let (upper, lower) = ws.levels.split_at_mut(level + 1);
        let parent = &upper[level][slot * size..(slot + 1) * size];
        let children = &mut lower[0];
        let hashes = &mut ws.hashes[level + 1];
        let rep = &mut ws.rep;
        for (m, &next) in row.iter().enumerate() {
            if next == REFUSED {
                continue;
            }
            let child = &mut children[m * size..(m + 1) * size];
            shared.kernel.apply(parent, m, child);
            let h = shared.table.hash_with(child, rep);
            shared.table.prefetch(h);
            hashes[m] = h;
        }
    }
    let before = ws.lookups;
    ws.lookups += row.len() as u64;
    if before >> CHECK_SHIFT != ws.lookups >> CHECK_SHIFT {
        if shared.control.is_cancelled() {
            ws.cancelled = true;
            return;
        }
        if before >> REPORT_SHIFT != ws.lookups >> REPORT_SHIFT && shared.control.wants_progress() {
            report(shared, ws);
        }
    }
    if let Some(inv) = shared.inverse {
        inverses(shared, inv, ws, level, slot, row, rest);
    }
    for (m, &next) in row.iter().enumerate() {
        let kept = shared.bound.is_none() || ws.bound_kept[level + 1][m];
        let pass = kept
            && match shared.inverse {
                None => next != REFUSED && shared.table.lookup_hash(ws.hashes[level + 1][m]) as u32 <= rest,
                Some(_) => {
                    ws.passed[level + 1][m] && shared.table.lookup_hash(ws.inv_hashes[level + 1][m]) as u32 <= rest
                }
            };
        if !pass {
            continue;
        }
        let child = &ws.levels[level + 1][m * size..(m + 1) * size];
        if shared.check_legal && !shared.puzzle.is_legal_bytes(child) {
            continue;
        }
        if shared.rules.is_some_and(|r| !r.allows(&ws.path, m)) {
            continue;
        }
        ws.path.push(m as u16);
        if rest == 0 {
            if child == shared.target {
                out.push(ws.path.clone());
            }
        } else {
            recurse(shared, ws, level + 1, m, next, rest, out);
        }
        ws.path.pop();
        if ws.cancelled || out.len() >= shared.limit {
            return;
        }
    }
}
