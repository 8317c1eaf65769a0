//! Expanding an alg into the puzzle's moves, and inverting it.

use super::ast::{Alg, Node};
use crate::error::{Error, Location, Result};
use crate::puzzle::{MoveRef, Puzzle};

/// The most moves an alg may expand to; `(R U)1000000000` is refused before anything is allocated.
pub const MAX_EXPANDED_MOVES: usize = 1_000_000;

/// The most steps (nodes visited, repetitions counted) expanding an alg may take.
const MAX_EXPANSION_STEPS: u128 = 16 * MAX_EXPANDED_MOVES as u128;

impl Alg {
    /// The nodes expanding this alg visits, repetitions counted (saturating): bounded like the moves,
    /// so that empty groups repeated many times cannot make expanding slow.
    fn expansion_steps(&self) -> u128 {
        self.nodes.iter().fold(0u128, |acc, n| acc.saturating_add(n.expansion_steps()))
    }

    /// The number of moves this alg expands to (saturating), without resolving names.
    pub fn expanded_len(&self) -> u128 {
        self.nodes.iter().fold(0u128, |acc, n| acc.saturating_add(n.expanded_len()))
    }

    /// Expands groups, commutators and conjugates into a flat list of moves of `puzzle` (identity moves
    /// and zero amounts are dropped).
    pub fn expand(&self, puzzle: &Puzzle) -> Result<Vec<MoveRef>> {
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
        self.check_names(puzzle)?;
        let mut out = Vec::with_capacity(len as usize);
        emit(self, puzzle, false, &mut out);
        Ok(out)
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

    /// Checks every move token against the puzzle, reporting the first unknown one with its place.
    pub fn check_names(&self, puzzle: &Puzzle) -> Result<()> {
        for node in &self.nodes {
            match node {
                Node::Move { token, at } => {
                    resolve(puzzle, token, at)?;
                }
                Node::Pause { .. } => {}
                Node::Group { alg, .. } => alg.check_names(puzzle)?,
                Node::Commutator { a, b, .. } | Node::Conjugate { a, b, .. } => {
                    a.check_names(puzzle)?;
                    b.check_names(puzzle)?;
                }
            }
        }
        Ok(())
    }

    /// The inverse alg, keeping its structure (`(A)n` → `(A')n`, `[A, B]` → `[B, A]`, `[A: B]` →
    /// `[A: B']`) and naming moves canonically for the puzzle (`R2'` on a cube becomes `R2`).
    pub fn invert(&self, puzzle: &Puzzle) -> Result<Alg> {
        let mut nodes = Vec::with_capacity(self.nodes.len());
        for node in self.nodes.iter().rev() {
            let inv = match node {
                Node::Move { token, at } => {
                    let m = resolve(puzzle, token, at)?;
                    let inv = puzzle.invert_move(m);
                    if inv.amount == 0 {
                        continue;
                    }
                    Node::Move { token: puzzle.move_name(inv), at: at.clone() }
                }
                Node::Pause { at } => Node::Pause { at: at.clone() },
                Node::Group { alg, amount, at } => {
                    Node::Group { alg: alg.invert(puzzle)?, amount: *amount, at: at.clone() }
                }
                Node::Commutator { a, b, amount, at } => {
                    a.check_names(puzzle)?;
                    b.check_names(puzzle)?;
                    Node::Commutator { a: b.clone(), b: a.clone(), amount: *amount, at: at.clone() }
                }
                Node::Conjugate { a, b, amount, at } => {
                    a.check_names(puzzle)?;
                    Node::Conjugate { a: a.clone(), b: b.invert(puzzle)?, amount: *amount, at: at.clone() }
                }
            };
            nodes.push(inv);
        }
        Ok(Alg { nodes })
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

    /// The nodes expanding this node visits (itself included), repetitions counted (saturating).
    fn expansion_steps(&self) -> u128 {
        let times = |inner: u128| inner.saturating_mul(self.amount().unsigned_abs() as u128).saturating_add(1);
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

fn resolve(puzzle: &Puzzle, token: &str, at: &Location) -> Result<MoveRef> {
    puzzle.resolve_name(token).ok_or_else(|| Error {
        kind: crate::error::ErrorKind::Input,
        location: at.clone(),
        token: Some(token.to_string()),
        reason: format!("unknown move {token} for puzzle {}", puzzle.name()),
    })
}

/// Appends the moves of `alg` (inverted when `inverse`) to `out`; names were checked beforehand.
fn emit(alg: &Alg, puzzle: &Puzzle, inverse: bool, out: &mut Vec<MoveRef>) {
    let visit = |node: &Node, out: &mut Vec<MoveRef>| match node {
        Node::Move { token, .. } => {
            let m = puzzle.resolve_name(token).expect("names were checked");
            let m = if inverse { puzzle.invert_move(m) } else { m };
            if m.amount != 0 {
                out.push(m);
            }
        }
        Node::Pause { .. } => {}
        Node::Group { alg, amount, .. } => {
            for _ in 0..amount.unsigned_abs() {
                emit(alg, puzzle, inverse ^ (*amount < 0), out);
            }
        }
        Node::Commutator { a, b, amount, .. } => {
            // [A, B] = A B A' B'; its inverse is [B, A].
            let inv = inverse ^ (*amount < 0);
            let (x, y) = if inv { (b, a) } else { (a, b) };
            for _ in 0..amount.unsigned_abs() {
                emit(x, puzzle, false, out);
                emit(y, puzzle, false, out);
                emit(x, puzzle, true, out);
                emit(y, puzzle, true, out);
            }
        }
        Node::Conjugate { a, b, amount, .. } => {
            // [A: B] = A B A'; its inverse is A B' A'.
            let inv = inverse ^ (*amount < 0);
            for _ in 0..amount.unsigned_abs() {
                emit(a, puzzle, false, out);
                emit(b, puzzle, inv, out);
                emit(a, puzzle, true, out);
            }
        }
    };
    if inverse {
        alg.nodes.iter().rev().for_each(|n| visit(n, out));
    } else {
        alg.nodes.iter().for_each(|n| visit(n, out));
    }
}
