//! What the IDA* engine walks: a [`Space`] of nodes with numbered move slots and a lower bound, and a
//! [`Visit`] told of every node reached with no moves left.

use crate::error::Result;

/// A search space: nodes in the solver's own coordinates (a byte state, a tuple of coordinates, a
/// model's piece locations), the moves from each (numbered slots, in the order the walk tries them), the
/// canonical order that refuses redundant sequences, and a lower bound on the moves to a goal.
///
/// The engine never allocates while walking: it keeps, per depth, one buffer of
/// [`branching`](Space::branching) children, made once from [`blank`](Space::blank), and asks the space
/// to write each child into its slot. Everything a space computes per child for its bound (a hash, a
/// second coordinate, an inverse) belongs in the node, so that it is computed once.
pub trait Space {
    /// A node. `Clone` only to fill the buffers once; the walk writes children in place.
    type Node: Clone;
    /// A move as the path records it.
    type Move: Copy;
    /// What the canonical order needs of the moves so far (the last face, an automaton state).
    type Order: Copy;

    /// Whether the walk expands a node's children as a batch, screening them together
    /// ([`screen`](Space::screen)) before going into any: what overlaps the memory latencies of a table
    /// bigger than the caches. A space whose tables fit in the caches sets it `false`: each child is then
    /// made on the stack (from [`blank`](Space::blank), once per node: keep such nodes small), bounded
    /// ([`admits`](Space::admits)) and gone into as soon as it is made, and `screen` is not called.
    const BATCH: bool = true;

    /// The number of move slots: the most children a node has.
    fn branching(&self) -> usize;

    /// A node to fill the buffers with (its value is never read before [`child`](Space::child) writes it).
    fn blank(&self) -> Self::Node;

    /// Move slot `k` from `node` (reached in order state `order`): writes the child to `out` and returns
    /// the move and the child's order state, or `None` where slot `k` is no move here (the canonical order
    /// refuses it, or this node has fewer moves).
    fn child(
        &self,
        node: &Self::Node,
        order: Self::Order,
        k: usize,
        out: &mut Self::Node,
    ) -> Option<(Self::Move, Self::Order)>;

    /// Move slot `k` when it is the walk's last move (the child has no moves left): as
    /// [`child`](Space::child), which it defaults to, but a space may return `None` here for a child that
    /// cannot be a goal, found cheaply before the whole child is written (one coordinate that is not the
    /// goal's). Most of a walk's children are its last, so this is where a goal test pays.
    #[inline(always)]
    fn last_child(
        &self,
        node: &Self::Node,
        order: Self::Order,
        k: usize,
        out: &mut Self::Node,
    ) -> Option<(Self::Move, Self::Order)> {
        self.child(node, order, k, out)
    }

    /// A lower bound on the moves from `node` to a goal (on their cost, where moves have costs).
    fn bound(&self, node: &Self::Node) -> u32;

    /// What move `mv` costs in the metric (at least 1): a walk of depth `d` ends where the costs of its
    /// moves add up to exactly `d`, and a move costing more than what is left is not tried. By default
    /// every move costs 1 (the depth counts moves).
    #[inline(always)]
    fn cost(&self, _mv: Self::Move) -> u32 {
        1
    }

    /// Starts fetching what [`bound`](Space::bound) reads for `node`. The default [`screen`](Space::screen)
    /// calls it for every child before it asks any bound, so the table's memory latencies overlap.
    #[inline(always)]
    fn prefetch(&self, _node: &Self::Node) {}

    /// Whether `node` may be followed by `left` more moves: by default, whether its bound is at most
    /// `left`. A space whose bound is 0 only at a goal can also refuse a goal reached early
    /// (`bound == 0 && left > 0`): a shorter solution was looked for before.
    #[inline(always)]
    fn admits(&self, node: &Self::Node, left: u32) -> bool {
        self.bound(node) <= left
    }

    /// As [`admits`](Space::admits) for the child in move slot `k`, and where it refuses, how many of the
    /// next slots it refuses with it: a space whose bound changes by at most one a move can refuse the
    /// other turns of a face when one of them is two moves too far (each is one move from it), without
    /// making or bounding them. Used by the one-pass walk (not by batches). By default none.
    #[inline(always)]
    fn admits_slot(&self, node: &Self::Node, _k: usize, left: u32) -> std::result::Result<(), usize> {
        if self.admits(node, left) {
            Ok(())
        } else {
            Err(0)
        }
    }

    /// Marks which of a node's children go on (`live`), `left` moves remaining after each (after a move
    /// of cost `c`: `left + 1 − c`; the walk skips a child whose move costs more than `left + 1`): by
    /// default every child that is a move is prefetched, then kept if [`admits`](Space::admits) says so. A space
    /// overrides it for a bound in stages (a second table, the inverse's lookup, looked up only for the
    /// children the first stage kept) or for rules on the whole path (`path`: the moves to `parent`).
    #[inline(always)]
    fn screen(&self, _parent: &Self::Node, _path: &[Self::Move], children: &mut [Child<Self>], left: u32) {
        for c in children.iter() {
            if c.step.is_some() {
                self.prefetch(&c.node);
            }
        }
        for c in children.iter_mut() {
            c.live = match c.step {
                Some((mv, _)) => (left + 1).checked_sub(self.cost(mv)).is_some_and(|l| self.admits(&c.node, l)),
                None => false,
            };
        }
    }
}

/// One child slot of a node: the child, the move and order state that reach it (`None`: the slot is no
/// move here), and whether it goes on.
pub struct Child<S: Space + ?Sized> {
    /// The child, written by [`Space::child`].
    pub node: S::Node,
    /// The move to it and its order state; `None` where the slot is no move.
    pub step: Option<(S::Move, S::Order)>,
    /// Whether the walk goes on into it (set by [`Space::screen`]).
    pub live: bool,
}

/// Whether a walk goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Look further.
    Continue,
    /// Stop the walk (a solution was taken, enough were found, a budget is spent).
    Stop,
}

/// What a walk reports to its caller.
pub trait Visit<S: Space + ?Sized> {
    /// A node reached with no moves left whose bound allows it (`path`: the moves from the walk's start,
    /// its prefix included). A goal check, a solution to record, or the start of a next phase's search.
    fn leaf(&mut self, node: &S::Node, path: &[S::Move]) -> Result<Flow>;

    /// Called after each node expanded, with the walk's node count: a visit can stop a walk that has spent
    /// what it may (once it has an answer, say). By default it goes on.
    #[inline(always)]
    fn expanded(&mut self, _nodes: u64) -> Flow {
        Flow::Continue
    }
}
