//! [`SearchBound`]: a lower bound of the distance to the target that the IDA* walk keeps beside its
//! pruning table, updated move by move from a few words per node (the phase module's `PhaseBound`, the
//! distance to a subgroup along every axis, is one).

/// A lower bound the search updates incrementally. Positions are normalized states of the solver's
/// puzzle; moves are indices into the solver's move list ([`Solver::move_list`](super::Solver::move_list)).
pub trait SearchBound: Send + Sync + std::fmt::Debug {
    /// Words per search node.
    fn node_len(&self) -> usize;

    /// Fills `node` (`node_len` words) for a position and returns its bound (`u32::MAX`: unsolvable).
    fn start(&self, state: &[u8], node: &mut [u32]) -> u32;

    /// Fills `child` from `parent` after move `m` and returns the child's bound. Default: the two halves,
    /// [`SearchBound::prepare`] then [`SearchBound::finish`].
    #[inline]
    fn step(&self, parent: &[u32], m: usize, child: &mut [u32]) -> u32 {
        self.prepare(parent, m, child);
        self.finish(parent, m, child)
    }

    /// The first half of [`SearchBound::step`], for the search to call on every child of a node before
    /// it looks any up: fills what needs no table reads and prefetches what [`SearchBound::finish`] will
    /// read, so the memory latencies of the children overlap. Default: nothing.
    #[inline]
    fn prepare(&self, parent: &[u32], m: usize, child: &mut [u32]) {
        let _ = (parent, m, child);
    }

    /// The second half of [`SearchBound::step`], after [`SearchBound::prepare`] with the same arguments:
    /// completes `child` and returns its bound (without a `prepare` of its own, a bound does the whole
    /// step here).
    fn finish(&self, parent: &[u32], m: usize, child: &mut [u32]) -> u32;
}
