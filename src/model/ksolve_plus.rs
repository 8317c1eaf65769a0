//! The ksolve+ definition blocks whose semantics arrive with the solver (`Ignore`, `Block`,
//! `ForbiddenPairs`, `ForbiddenGroups`, `MoveLimits`) and the deprecated ones ksolve+ still accepts
//! (`Multiplicators`, `ParallelMoves`). They are parsed, validated against the puzzle and kept.

use crate::model::move_ref::MoveRef;

/// Per orbit, which slots' permutation and orientation may be ignored (`Ignore` block).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoreMask {
    /// Orbit index.
    pub orbit: usize,
    /// `true` where the permutation of that slot may be ignored.
    pub permutation: Vec<bool>,
    /// `true` where the orientation of that slot may be ignored.
    pub orientation: Vec<bool>,
}

/// One bandaged block: pieces (0-based slots) per orbit that must move together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// `(orbit index, 0-based pieces)` chunks of the block.
    pub parts: Vec<(usize, Vec<usize>)>,
}

/// Everything ksolve+-specific a definition file carried.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KsolvePlus {
    /// `Ignore` block contents (one mask per orbit listed).
    pub ignore: Vec<IgnoreMask>,
    /// `Block` blocks.
    pub blocks: Vec<Block>,
    /// `ForbiddenPairs`: a move followed by the other is not allowed.
    pub forbidden_pairs: Vec<(MoveRef, MoveRef)>,
    /// `ForbiddenGroups`: no two moves from one line may follow each other.
    pub forbidden_groups: Vec<Vec<MoveRef>>,
    /// `MoveLimits`: at most this many uses of the base move (any power).
    pub move_limits: Vec<(usize, u32)>,
    /// Deprecated blocks seen (`Multiplicators`, `ParallelMoves`), with their line numbers; ksolve+ derives
    /// their content itself, and so do we.
    pub deprecated: Vec<(String, usize)>,
}

impl KsolvePlus {
    /// Whether no ksolve+ block was given.
    pub fn is_empty(&self) -> bool {
        *self == KsolvePlus::default()
    }
}
