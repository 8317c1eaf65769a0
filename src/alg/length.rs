//! The size of an alg's expansion, counted without resolving names: algs that would expand past
//! [`MAX_EXPANDED_MOVES`] moves, or take too many steps, are refused before anything is allocated. (What
//! the moves mean on a puzzle, expansion to its moves, inversion and simplification, is the model's:
//! `model::alg_moves`.)

use super::ast::{Alg, Node};
use crate::error::{Error, Location, Result};

/// The most moves an alg may expand to; `(R U)1000000000` is refused before anything is allocated.
pub const MAX_EXPANDED_MOVES: usize = 1_000_000;

/// The most steps (nodes visited, repetitions counted) expanding an alg may take.
const MAX_EXPANSION_STEPS: u128 = 16 * MAX_EXPANDED_MOVES as u128;

impl Alg {
    /// Checks that the alg expands to at most [`MAX_EXPANDED_MOVES`] moves in at most a bounded number of
    /// steps, without resolving names; returns the number of moves.
    pub fn check_expansion(&self) -> Result<usize> {
        let len = self.expanded_len();
        if len > MAX_EXPANDED_MOVES as u128 {
            return Err(Error {
                kind: crate::error::ErrorKind::Limit,
                location: self.where_too_long(),
                token: None,
                reason: format!("the alg expands to {len} moves, more than the {MAX_EXPANDED_MOVES} allowed"),
            });
        }
        let steps = self.expansion_steps();
        if steps > MAX_EXPANSION_STEPS {
            // Few moves, but groups of nothing repeated many times: `((R U)0)100000000000`.
            let at = self.nodes.iter().find(|n| n.expansion_steps() > MAX_EXPANSION_STEPS).map(|n| n.at().clone());
            return Err(Error {
                kind: crate::error::ErrorKind::Limit,
                location: at.unwrap_or(Location::Nowhere),
                token: None,
                reason: format!("the alg takes {steps} steps to expand (repetitions of empty groups), more than the {MAX_EXPANSION_STEPS} allowed"),
            });
        }
        Ok(len as usize)
    }

    /// The nodes expanding this alg visits, repetitions counted (saturating): bounded like the moves,
    /// so that empty groups repeated many times cannot make expanding slow.
    fn expansion_steps(&self) -> u128 {
        self.nodes.iter().fold(0u128, |acc, n| acc.saturating_add(n.expansion_steps()))
    }

    /// The number of moves this alg expands to (saturating), without resolving names.
    pub fn expanded_len(&self) -> u128 {
        self.nodes.iter().fold(0u128, |acc, n| acc.saturating_add(n.expanded_len()))
    }

    /// Where the expansion first grows past the limit: the innermost node that alone exceeds it, or the
    /// node at which the running total does.
    fn where_too_long(&self) -> Location {
        let limit = MAX_EXPANDED_MOVES as u128;
        let mut total = 0u128;
        for node in &self.nodes {
            let len = node.expanded_len();
            if len > limit {
                let inner = match node {
                    Node::Group { alg, .. } => alg.where_too_long(),
                    Node::Commutator { a, b, .. } | Node::Conjugate { a, b, .. } => Some(a.where_too_long())
                        .filter(|l| *l != Location::Nowhere)
                        .unwrap_or_else(|| b.where_too_long()),
                    _ => Location::Nowhere,
                };
                return if inner == Location::Nowhere { node.at().clone() } else { inner };
            }
            total = total.saturating_add(len);
            if total > limit {
                return node.at().clone();
            }
        }
        Location::Nowhere
    }
}

impl Node {
    /// Where the node starts in its text.
    pub fn at(&self) -> &Location {
        match self {
            Node::Move { at, .. }
            | Node::Pause { at }
            | Node::Group { at, .. }
            | Node::Commutator { at, .. }
            | Node::Conjugate { at, .. } => at,
        }
    }

    fn expanded_len(&self) -> u128 {
        match self {
            Node::Move { .. } => 1,
            Node::Pause { .. } => 0,
            Node::Group { alg, amount, .. } => alg.expanded_len().saturating_mul(amount.unsigned_abs() as u128),
            Node::Commutator { a, b, amount, .. } => a
                .expanded_len()
                .saturating_add(b.expanded_len())
                .saturating_mul(2)
                .saturating_mul(amount.unsigned_abs() as u128),
            Node::Conjugate { a, b, amount, .. } => a
                .expanded_len()
                .saturating_mul(2)
                .saturating_add(b.expanded_len())
                .saturating_mul(amount.unsigned_abs() as u128),
        }
    }

    /// The nodes expanding this node visits (itself included), repetitions counted (saturating). A part
    /// that expands to no moves is expanded at most once whatever its count (the expansion stops
    /// repeating it), and not at all with a count of 0.
    fn expansion_steps(&self) -> u128 {
        let count = self.amount().unsigned_abs() as u128;
        let n = if self.expanded_len() == 0 { count.min(1) } else { count };
        let times = |inner: u128| inner.saturating_mul(n).saturating_add(1);
        match self {
            Node::Move { .. } | Node::Pause { .. } => 1,
            Node::Group { alg, .. } => times(alg.expansion_steps()),
            Node::Commutator { a, b, .. } => {
                times(a.expansion_steps().saturating_add(b.expansion_steps()).saturating_mul(2))
            }
            Node::Conjugate { a, b, .. } => {
                times(a.expansion_steps().saturating_mul(2).saturating_add(b.expansion_steps()))
            }
        }
    }

    /// The repetition count of a group, commutator or conjugate (1 for a move or a pause).
    fn amount(&self) -> i64 {
        match self {
            Node::Group { amount, .. } | Node::Commutator { amount, .. } | Node::Conjugate { amount, .. } => *amount,
            _ => 1,
        }
    }
}
