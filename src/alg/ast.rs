//! The alg syntax tree and its cubing.js-style printing.

use std::fmt;

use crate::error::Location;

/// An alg: a sequence of nodes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Alg {
    /// The nodes in order.
    pub nodes: Vec<Node>,
}

/// One element of an alg. `at` is where the node starts in the text it was parsed from (for errors).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// A move token as written (`R2'`, `2R`, `U_PLUS_`), resolved against a puzzle when expanded.
    Move {
        /// The token text.
        token: String,
        /// Where it starts.
        at: Location,
    },
    /// `.`: a pause, which does nothing.
    Pause {
        /// Where it is.
        at: Location,
    },
    /// `(A)n`: `A` repeated `n` times (negative: inverted).
    Group {
        /// The grouped alg.
        alg: Alg,
        /// The repetition count (negative for `'`).
        amount: i64,
        /// Where the `(` is.
        at: Location,
    },
    /// `[A, B]`: `A B A' B'`, repeated `amount` times.
    Commutator {
        /// The first part.
        a: Alg,
        /// The second part.
        b: Alg,
        /// The repetition count (negative for `'`).
        amount: i64,
        /// Where the `[` is.
        at: Location,
    },
    /// `[A: B]`: `A B A'`, repeated `amount` times.
    Conjugate {
        /// The setup.
        a: Alg,
        /// The conjugated alg.
        b: Alg,
        /// The repetition count (negative for `'`).
        amount: i64,
        /// Where the `[` is.
        at: Location,
    },
}

impl Alg {
    /// An alg of plain move names.
    pub fn from_moves<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Alg {
        Alg { nodes: names.into_iter().map(|n| Node::Move { token: n.into(), at: Location::Nowhere }).collect() }
    }

    /// Whether the alg has no nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Calls `f` with every move token and where it is, in text order, inside brackets too.
    pub fn for_each_move<'a>(&'a self, f: &mut impl FnMut(&'a str, &'a Location)) {
        for node in &self.nodes {
            match node {
                Node::Move { token, at } => f(token, at),
                Node::Pause { .. } => {}
                Node::Group { alg, .. } => alg.for_each_move(f),
                Node::Commutator { a, b, .. } | Node::Conjugate { a, b, .. } => {
                    a.for_each_move(f);
                    b.for_each_move(f);
                }
            }
        }
    }
}

/// Writes an amount suffix the way cubing.js does: `` (1), `'` (-1), `3`, `2'`.
pub(crate) fn amount_suffix(amount: i64) -> String {
    match amount {
        1 => String::new(),
        -1 => "'".into(),
        n if n < 0 => format!("{}'", -n),
        n => n.to_string(),
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{node}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Move { token, .. } => f.write_str(token),
            Node::Pause { .. } => f.write_str("."),
            Node::Group { alg, amount, .. } => write!(f, "({alg}){}", amount_suffix(*amount)),
            Node::Commutator { a, b, amount, .. } => write!(f, "[{a}, {b}]{}", amount_suffix(*amount)),
            Node::Conjugate { a, b, amount, .. } => write!(f, "[{a}: {b}]{}", amount_suffix(*amount)),
        }
    }
}
