//! The generic solver's space for the [`ida`](crate::ida) engine: canonical sequences of the move set on
//! byte states, with the pruning table as the bound (and, where they are on, the inverse's lookup and a
//! second bound), screened in stages so that every stage's table reads are prefetched for all of a
//! node's children before any is read.

use super::bound::SearchBound;
use crate::canon::fsm::REFUSED;
use crate::error::Result;
use crate::ida::{Child, Flow, Space, Visit};
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
    pub check_legal: bool,
    /// ksolve+ move constraints, when the definition has any.
    pub rules: Option<&'a MoveRules>,
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

/// A node of the walk: the state, its hash (the table's entry), and, where they are on, its inverse with
/// its hash and the [`SearchBound`]'s words; `rep` is room for the table's representative.
#[derive(Clone)]
pub(crate) struct Node {
    state: Vec<u8>,
    hash: u64,
    inv: Vec<u8>,
    inv_hash: u64,
    words: Vec<u32>,
    rep: Vec<u8>,
}

impl Shared<'_> {
    /// A walk's start: `state` (normalized) with its inverse and bound words, or `None` where the bound
    /// rules out `remaining` moves.
    pub(crate) fn start(&self, state: &[u8], remaining: u32) -> Option<Node> {
        let mut node = self.blank();
        node.state.copy_from_slice(state);
        if let Some(inv) = self.inverse {
            inv.invert_into(state, &mut node.inv);
        }
        match self.bound {
            Some(b) if b.start(state, &mut node.words) > remaining => None,
            _ => Some(node),
        }
    }
}

/// The generic solver's space: byte states moved by the kernel, the canonical automaton's states as the
/// order, the pruning table (and the inverse's lookup, and a second bound) as the bound.
impl Space for Shared<'_> {
    type Node = Node;
    type Move = u16;
    type Order = u32;

    fn branching(&self) -> usize {
        self.fsm.row(0).len()
    }

    fn blank(&self) -> Node {
        let size = self.puzzle.state_size();
        let inv = if self.inverse.is_some() { size } else { 0 };
        let words = self.bound.map_or(0, |b| b.node_len());
        Node {
            state: vec![0; size],
            hash: 0,
            inv: vec![0; inv],
            inv_hash: 0,
            words: vec![0; words],
            rep: vec![0; size],
        }
    }

    #[inline(always)]
    fn child(&self, node: &Node, fsm_state: u32, m: usize, out: &mut Node) -> Option<(u16, u32)> {
        let next = self.fsm.row(fsm_state)[m];
        if next == REFUSED {
            return None;
        }
        self.kernel.apply(&node.state, m, &mut out.state);
        Some((m as u16, next))
    }

    /// Not asked during a walk (the screen bounds the children; a walk's start is bounded by
    /// [`Shared::start`] and the caller's split).
    fn bound(&self, _: &Node) -> u32 {
        0
    }

    /// In stages, every stage's reads prefetched for all the children it looks at before any is read: the
    /// second bound's words (where there is one) and its verdict; the children it keeps hashed (the
    /// table's representatives cost more than the bound) and prefetched; with the inverse lookup, the
    /// inverses of the children the table keeps, hashed and prefetched; then the last verdicts, legality
    /// and the move rules. With at least [`PruneTable::max_lookup`] moves left no lookup can prune, so
    /// none is made and no child is hashed (the inverses are still made, for the children's children).
    #[inline(always)]
    fn screen(&self, parent: &Node, path: &[u16], children: &mut [Child<Self>], rest: u32) {
        let blind = rest >= u32::from(self.table.max_lookup());
        if let Some(b) = self.bound {
            for (m, c) in children.iter_mut().enumerate() {
                if c.step.is_some() {
                    b.prepare(&parent.words, m, &mut c.node.words);
                }
            }
            for (m, c) in children.iter_mut().enumerate() {
                c.live = c.step.is_some() && b.finish(&parent.words, m, &mut c.node.words) <= rest;
                if c.live && !blind {
                    let n = &mut c.node;
                    n.hash = self.table.hash_with(&n.state, &mut n.rep);
                    self.table.prefetch(n.hash);
                }
            }
        } else {
            for c in children.iter_mut() {
                c.live = c.step.is_some();
                if c.live && !blind {
                    let n = &mut c.node;
                    n.hash = self.table.hash_with(&n.state, &mut n.rep);
                    self.table.prefetch(n.hash);
                }
            }
        }
        if let Some(inv) = self.inverse {
            for (m, c) in children.iter_mut().enumerate() {
                c.live = c.live && (blind || self.table.lookup_hash(c.node.hash) as u32 <= rest);
                if c.live {
                    let n = &mut c.node;
                    inv.step(m, &parent.inv, &mut n.inv);
                    if blind {
                        continue;
                    }
                    n.inv_hash = self.table.hash_with(&n.inv, &mut n.rep);
                    self.table.prefetch(n.inv_hash);
                }
            }
        }
        for (m, c) in children.iter_mut().enumerate() {
            let h = if self.inverse.is_some() { c.node.inv_hash } else { c.node.hash };
            c.live = c.live
                && (blind || self.table.lookup_hash(h) as u32 <= rest)
                && (!self.check_legal || self.puzzle.is_legal_bytes(&c.node.state))
                && self.rules.is_none_or(|r| r.allows(path, m));
        }
    }
}

/// Collects the paths that reach the target, up to the limit.
pub(crate) struct Solutions<'s> {
    pub target: &'s [u8],
    pub limit: usize,
    pub found: Vec<Vec<u16>>,
}

impl Visit<Shared<'_>> for Solutions<'_> {
    #[inline]
    fn leaf(&mut self, node: &Node, path: &[u16]) -> Result<Flow> {
        if node.state == self.target {
            self.found.push(path.to_vec());
        }
        Ok(if self.found.len() >= self.limit { Flow::Stop } else { Flow::Continue })
    }
}
