//! What an alg means on a puzzle: its expansion into the puzzle's moves (names resolved), its inverse
//! and its simplification. The alg syntax ([`crate::alg`]) knows no puzzle; these methods of [`Alg`]
//! live in the model, which defines move sequences by algs.
//!
//! Simplifying merges and cancels moves of the same grip (base move) that meet, looking past moves that
//! commute with them, and puts commuting runs in a canonical order (the lexicographically least
//! arrangement by base-move index).

use crate::alg::{Alg, Node};
use crate::error::{Error, Location, Result};
use crate::model::move_ref::MoveRef;
use crate::model::puzzle::Puzzle;

impl Alg {
    /// Expands groups, commutators and conjugates into a flat list of moves of `puzzle` (identity moves
    /// and zero amounts are dropped).
    pub fn expand(&self, puzzle: &Puzzle) -> Result<Vec<MoveRef>> {
        let len = self.check_expansion()?;
        self.check_names(puzzle)?;
        let mut out = Vec::with_capacity(len);
        emit(self, puzzle, false, &mut out);
        Ok(out)
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

    /// The simplified alg: a flat move sequence with the same effect, never longer than the expansion.
    pub fn simplify(&self, puzzle: &Puzzle) -> Result<Alg> {
        let moves = simplify_moves(puzzle, &self.expand(puzzle)?);
        Ok(Alg {
            nodes: moves
                .into_iter()
                .map(|m| Node::Move { token: puzzle.move_name(m), at: Location::Nowhere })
                .collect(),
        })
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
        // Every repetition emits the same moves as the first: the rest are copies of it (a huge count on
        // an empty part, `[,]` or `(R0)`, costs nothing; the move cap bounds the copies).
        Node::Group { alg, amount, .. } => {
            let before = out.len();
            if *amount != 0 {
                emit(alg, puzzle, inverse ^ (*amount < 0), out);
            }
            repeat_tail(out, before, amount.unsigned_abs());
        }
        Node::Commutator { a, b, amount, .. } => {
            // [A, B] = A B A' B'; its inverse is [B, A].
            let inv = inverse ^ (*amount < 0);
            let (x, y) = if inv { (b, a) } else { (a, b) };
            let before = out.len();
            if *amount != 0 {
                emit(x, puzzle, false, out);
                emit(y, puzzle, false, out);
                emit(x, puzzle, true, out);
                emit(y, puzzle, true, out);
            }
            repeat_tail(out, before, amount.unsigned_abs());
        }
        Node::Conjugate { a, b, amount, .. } => {
            // [A: B] = A B A'; its inverse is A B' A'.
            let inv = inverse ^ (*amount < 0);
            let before = out.len();
            if *amount != 0 {
                emit(a, puzzle, false, out);
                emit(b, puzzle, inv, out);
                emit(a, puzzle, true, out);
            }
            repeat_tail(out, before, amount.unsigned_abs());
        }
    };
    if inverse {
        alg.nodes.iter().rev().for_each(|n| visit(n, out));
    } else {
        alg.nodes.iter().for_each(|n| visit(n, out));
    }
}

/// Repeats the moves `out[from..]` (one repetition, already emitted; none for `times` 0) until there
/// are `times` of them.
fn repeat_tail(out: &mut Vec<MoveRef>, from: usize, times: u64) {
    let len = out.len() - from;
    if len == 0 {
        return;
    }
    for _ in 1..times {
        out.extend_from_within(from..from + len);
    }
}

/// Simplifies a move sequence (see the module docs).
fn simplify_moves(puzzle: &Puzzle, moves: &[MoveRef]) -> Vec<MoveRef> {
    let mut out: Vec<MoveRef> = Vec::with_capacity(moves.len());
    for &m in moves {
        if m.amount == 0 {
            continue;
        }
        // Walk back over moves that commute with m, looking for one of the same grip.
        let mut k = out.len();
        let mut merged = false;
        while k > 0 {
            let prev = out[k - 1];
            if prev.base == m.base {
                let sum = puzzle.move_ref(m.base, prev.amount + m.amount);
                if sum.amount == 0 {
                    out.remove(k - 1);
                } else {
                    out[k - 1] = sum;
                }
                merged = true;
                break;
            }
            if !puzzle.commutes(prev.base, m.base) {
                break;
            }
            k -= 1;
        }
        if merged {
            continue;
        }
        // m may sit anywhere from k on; take the first place that keeps the order canonical.
        let at = (k..out.len()).find(|&i| out[i].base > m.base).unwrap_or(out.len());
        out.insert(at, m);
    }
    out
}
