//! [`MoveRef`]: a reference to one move of a puzzle. A leaf (it uses no other module), so that the
//! puzzle model and what it holds (ksolve+ extras, move sets, algs) can all name moves without importing
//! each other.

/// A move of the puzzle: a base move and a signed amount in twsearch's canonical range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveRef {
    /// Index into [`Puzzle::base_moves`](crate::Puzzle::base_moves).
    pub base: usize,
    /// Signed amount, canonical for the base move's order (`R'` is -1, `U2'` on the megaminx is -2).
    pub amount: i64,
}
