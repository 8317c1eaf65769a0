//! The pruning table of the IDA* solver: for any state, a lower bound on the number of moves needed to
//! reach a target state.
//!
//! The table is hash-based: each state hashes to one entry. Filling depth `d` walks every canonical move
//! sequence of exactly `d` moves from the target (the move set is closed under inverses, so these reach
//! every state `d` moves from the target, and some closer ones) and writes `d` into the unset entries of
//! the states reached. Depths are filled in increasing order, so each entry holds the smallest depth of
//! the states hashing to it, and an unset entry means no state within the filled depth hashes there: a
//! lookup returns the entry's depth, or `filled_depth + 1` when unset — never more than the true distance.
//!
//! Entries are 4-bit (two a byte), or in big tables whose size the memory limits 2-bit (four a byte,
//! [`Packing::Crumbs`]): the last two depths filled exactly, shallower ones as the smallest depth of their
//! 64-byte line. Twice the entries halve the collisions that let states beyond the filled depth read
//! less than `filled_depth + 1`, which is most of what a deep search looks up; the shallow depths they
//! blur are met only near the end of a search path.
//!
//! [`PruneTable::new`] fills depths while they are cheap compared to the table size; [`PruneTable::extend`]
//! fills one more when that is still worthwhile, for a search that has done many lookups since. Fills run
//! on rayon's current thread pool with the `parallel` feature, and give the same table with any number of
//! threads.
//!
//! - [`crate::hash`]: the state hash and the slot of a hash.
//! - `table`: the packed storage and the table's sizing.
//! - `kernel`: applying moves during a fill (only the slots a move changes).
//! - `fill`: the walk that fills one depth.
//! - `sym`: the symmetry reduction ([`TableOptions::symmetry`]): conjugate states share one entry, the
//!   class representative's.
//! - [`persist`]: the table as versioned, checksummed, compressed bytes ([`PruneTable::to_bytes`],
//!   [`PruneTable::from_bytes`]) for shells to keep.

mod fill;
pub(crate) mod kernel;
pub mod persist;
mod sym;
mod table;

use crate::canon::CanonFsm;
use crate::control::Control;
use crate::error::Result;
use crate::model::moveset::MoveSet;
use crate::model::puzzle::Puzzle;
use fill::Walk;
use persist::Fingerprint;
use table::Cells;

pub use sym::MAX_TABLE_SYMMETRIES;
pub(crate) use table::entries_for;
pub use table::{Packing, CRUMBS_MIN_BYTES, MAX_DEPTH, MIN_MEMORY_BYTES};

/// The default memory budget of a pruning table (and of the solvers built on them): 256 MiB, sensible
/// for a browser tab.
pub const DEFAULT_MEMORY: usize = 256 << 20;

/// [`PruneTable::new`] fills the next depth while its predicted leaves are at most the entry count
/// divided by this.
pub const NEW_FILL_DIVISOR: f64 = 8.0;

/// [`PruneTable::extend`] fills the next depth while its predicted leaves are at most the entry count
/// times this.
pub const EXTEND_FILL_FACTOR: f64 = 2.0;

/// How big a table to build and how deep to fill it.
#[derive(Debug, Clone, PartialEq)]
pub struct TableOptions {
    /// The memory budget in bytes (two entries per byte, or four from [`CRUMBS_MIN_BYTES`] when
    /// `state_count_hint` does not limit the table: see [`Packing`]); at least [`MIN_MEMORY_BYTES`].
    pub memory_bytes: usize,
    /// An upper bound on the number of states the search can meet (the group order, say): the table then
    /// takes no more than four entries per state, however large the budget.
    pub state_count_hint: Option<f64>,
    /// Fill exactly to this depth (at most [`MAX_DEPTH`]; fewer if a depth adds no entry) instead of
    /// choosing the depth by cost.
    pub depth: Option<u32>,
    /// Reduce the table by the definition's rotations where they apply (see [`symmetries_of`]): the
    /// conjugates of a state share its entry. [`PruneTable::symmetries`] says whether it was.
    pub symmetry: bool,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions { memory_bytes: DEFAULT_MEMORY, state_count_hint: None, depth: None, symmetry: false }
    }
}

/// The number of rotations of the puzzle's definition (the identity included) a table for `moves` and
/// `target` would be reduced by: those that map the move set onto itself and keep the target. 1 when
/// there is nothing to reduce by: no rotations in the definition, illegal placements, orientation
/// wildcards in the target, or more than [`MAX_TABLE_SYMMETRIES`] rotations.
pub fn symmetries_of(puzzle: &Puzzle, moves: &MoveSet, target: &[u8]) -> usize {
    let transforms: Vec<&[u8]> = moves.moves().iter().map(|m| puzzle.transform(m.mv)).collect();
    sym::Reduction::new(puzzle, &transforms, target).map_or(1, |r| r.count())
}

/// What the fill of one depth did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DepthStats {
    /// The depth.
    pub depth: u32,
    /// Leaves visited: legal canonical sequences of exactly this length (over every attempt, when a fill
    /// was cancelled and taken up again).
    pub leaves: u64,
    /// Entries this depth changed from unset.
    pub entries_set: u64,
}

/// A filled pruning table for one puzzle, move set, canonical automaton and target.
///
/// The table keeps its own copies of what a fill needs (the layout, the moves' transformations, the
/// automaton, the illegal placements and the target), so [`PruneTable::extend`] takes only a
/// [`Control`]. Lookups take `&self` and may run on many threads at once.
pub struct PruneTable {
    cells: Cells,
    walk: Walk,
    /// Every state within this many moves has been written.
    filled: u32,
    /// What a lookup of an unset entry returns: `filled + 1`.
    unset: u8,
    /// [`Packing::Crumbs`]: the depth an entry holding 1 stands for (the deepest depth written:
    /// `filled`, or `filled + 1` after a cancelled fill).
    top: u8,
    /// One entry per filled depth, then possibly one for a cancelled fill of the next depth.
    depths: Vec<DepthStats>,
    /// Leaves visited by every fill so far.
    work: u64,
    /// Whether every page of the entries has been touched for writing.
    prefaulted: bool,
}

impl PruneTable {
    /// Builds a table for reaching `target` (a state of `puzzle`, bytes as given: identical pieces and
    /// orientation wildcards are fine) with the moves of `moves` under the canonical automaton `fsm`
    /// (built over `moves`), and fills it: to `options.depth` when given, else while the next depth's
    /// predicted leaves are at most the entry count divided by [`NEW_FILL_DIVISOR`].
    ///
    /// Errors: a memory budget below [`MIN_MEMORY_BYTES`] (before allocating anything), memory that
    /// cannot be allocated, a target, move set or automaton that does not fit the puzzle, or
    /// cancellation through `control` ([`crate::Error::is_cancelled`]).
    pub fn new(
        puzzle: &Puzzle,
        moves: &MoveSet,
        fsm: &CanonFsm,
        target: &[u8],
        options: &TableOptions,
        control: Control,
    ) -> Result<PruneTable> {
        control.check()?;
        let (packing, entries) = table::layout_for(options.memory_bytes, options.state_count_hint)?;
        let walk = Walk::new(puzzle, moves, fsm, target, options.symmetry)?;
        let cells = Cells::zeroed(entries, packing)?;
        let mut t = PruneTable::empty(cells, walk);
        // Depth 0: the target itself.
        let root = crate::hash::slot(t.hash(t.walk.target()), entries);
        t.cells.set_if_unset::<false>(root, 1);
        t.depths.push(DepthStats { depth: 0, leaves: 1, entries_set: 1 });
        t.work = 1;
        loop {
            let go = match options.depth {
                Some(max) => t.filled < max.min(MAX_DEPTH) && t.last_depth_added(),
                None => t.worthwhile(entries as f64 / NEW_FILL_DIVISOR),
            };
            if !go {
                return Ok(t);
            }
            t.fill_next(control)?;
        }
    }

    /// A table from bytes made by [`PruneTable::to_bytes`] for the same puzzle, move set, automaton and
    /// target, built with [`TableOptions::symmetry`] as `symmetry` (all checked through their
    /// fingerprint: a reduced table is never loaded as a plain one, nor the other way round), whose
    /// entries take at most `max_bytes`. Errors, and never a table, for bytes that are damaged,
    /// truncated, of another format version, or made for anything else (the message says which).
    pub fn from_bytes(
        puzzle: &Puzzle,
        moves: &MoveSet,
        fsm: &CanonFsm,
        target: &[u8],
        bytes: &[u8],
        max_bytes: usize,
        symmetry: bool,
    ) -> Result<PruneTable> {
        let walk = Walk::new(puzzle, moves, fsm, target, symmetry)?;
        let mut t = PruneTable::empty(Cells::zeroed(64, Packing::Nibbles)?, walk);
        persist::load_into(&mut t, bytes, max_bytes)?;
        Ok(t)
    }

    /// A table of `cells` with nothing written yet.
    fn empty(cells: Cells, walk: Walk) -> PruneTable {
        PruneTable { cells, walk, filled: 0, unset: 1, top: 0, depths: Vec::new(), work: 0, prefaulted: false }
    }

    /// The table as bytes: a versioned header with the fingerprint of what it was built for, the fill's
    /// counts and checksums, and the entries compressed (see [`persist`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        persist::to_bytes(self)
    }

    /// What the table was built for: hashes of the puzzle, move set, automaton and target.
    pub fn fingerprint(&self) -> Fingerprint {
        self.walk.fingerprint()
    }

    /// Fills one more depth if it is still worthwhile: the filled depth is below [`MAX_DEPTH`], the last
    /// depth still set entries, and the next depth's predicted leaves are at most [`EXTEND_FILL_FACTOR`]
    /// times the entry count. Returns whether it filled one. A search calls this between iterations once
    /// its lookups far outnumber [`PruneTable::fill_work`]. Cancelled, it returns the cancellation error
    /// and the table stays as it was for lookups (admissible, same filled depth).
    pub fn extend(&mut self, control: Control) -> Result<bool> {
        if !self.worthwhile(self.cells.entries() as f64 * EXTEND_FILL_FACTOR) {
            return Ok(false);
        }
        self.fill_next(control)?;
        Ok(true)
    }

    /// Fills depths while the next one's predicted leaves are at most `limit` (and the table's own rule
    /// for a new table, the entry count divided by [`NEW_FILL_DIVISOR`], allows it). A solver uses this
    /// to keep its first table build short; its searches deepen the table when that pays.
    pub fn fill_while(&mut self, limit: f64, control: Control) -> Result<()> {
        let limit = limit.min(self.cells.entries() as f64 / NEW_FILL_DIVISOR);
        while self.worthwhile(limit) {
            self.fill_next(control)?;
        }
        Ok(())
    }

    /// Fills one more depth regardless of cost (unless the table is at [`MAX_DEPTH`]); returns whether it
    /// filled one.
    pub fn deepen(&mut self, control: Control) -> Result<bool> {
        if self.filled >= MAX_DEPTH {
            return Ok(false);
        }
        self.fill_next(control)?;
        Ok(true)
    }

    /// Whether the last filled depth set any entry.
    fn last_depth_added(&self) -> bool {
        self.depths.get(self.filled as usize).is_some_and(|d| d.entries_set > 0)
    }

    /// The predicted leaves of the next depth: the last depth's leaves times the growth of the canonical
    /// sequence counts (exact when the puzzle declares no illegal placements).
    pub fn predicted_leaves(&self) -> f64 {
        let d = self.filled;
        let last = self.depths.get(d as usize).map_or(0, |s| s.leaves) as f64;
        let (now, next) = (self.walk.leaves_of(d), self.walk.leaves_of(d + 1));
        if now > 0.0 {
            last * (next / now)
        } else {
            0.0
        }
    }

    /// Whether another depth may be filled with at most `limit` predicted leaves.
    fn worthwhile(&self, limit: f64) -> bool {
        self.filled < MAX_DEPTH && self.last_depth_added() && self.predicted_leaves() <= limit
    }

    /// Fills depth `filled + 1`.
    fn fill_next(&mut self, control: Control) -> Result<()> {
        let depth = self.filled + 1;
        // A fill that touches most pages is faster with every page mapped for writing first.
        if !self.prefaulted && self.predicted_leaves() * 4.0 >= self.cells.pages() as f64 {
            self.cells.prefault();
            self.prefaulted = true;
        }
        // Crumbs hold the top depth as 1: the old top and the depth above it move down first (once:
        // a fill taken up again after a cancellation finds the top already there).
        if depth > u32::from(self.top) {
            self.cells.demote();
            self.top = depth as u8;
        }
        let (counts, result) = self.walk.fill(&self.cells, depth, control);
        self.work += counts.leaves;
        // A cancelled earlier attempt at this depth left its entries (and counts) behind.
        let stats = match self.depths.get_mut(depth as usize) {
            Some(s) => s,
            None => {
                self.depths.push(DepthStats { depth, leaves: 0, entries_set: 0 });
                &mut self.depths[depth as usize]
            }
        };
        stats.entries_set += counts.added;
        if result.is_ok() {
            stats.leaves = counts.leaves;
            self.filled = depth;
            self.unset = depth as u8 + 1;
        } else {
            stats.leaves += counts.leaves;
        }
        result
    }

    /// The hash of a state's entry (pass it to [`PruneTable::prefetch`] and [`PruneTable::lookup_hash`]):
    /// of the state, or of its class's representative in a reduced table (which this allocates for:
    /// loops use [`PruneTable::hash_with`]).
    #[inline]
    pub fn hash(&self, state: &[u8]) -> u64 {
        if self.walk.symmetries() == 1 {
            return crate::hash::hash_bytes(state);
        }
        let mut buf = vec![0u8; self.walk.size()];
        self.walk.state_hash(state, &mut buf)
    }

    /// [`PruneTable::hash`] with a buffer of the state size for the representative (no allocation).
    #[inline(always)]
    pub fn hash_with(&self, state: &[u8], buf: &mut [u8]) -> u64 {
        self.walk.state_hash(state, buf)
    }

    /// The number of rotations whose conjugates share an entry (the identity included): 1 for a plain
    /// table.
    pub fn symmetries(&self) -> usize {
        self.walk.symmetries()
    }

    /// The lower bound for the state with hash `h`.
    #[inline]
    pub fn lookup_hash(&self, h: u64) -> u8 {
        let slot = crate::hash::slot(h, self.cells.entries());
        let v = self.cells.get(slot);
        match (self.cells.packing(), v) {
            (_, 0) => self.unset,
            (Packing::Nibbles, v) => v - 1,
            (Packing::Crumbs, 1) => self.top,
            (Packing::Crumbs, 2) => self.top.saturating_sub(1),
            (Packing::Crumbs, _) => self.cells.line_min(slot).saturating_sub(1),
        }
    }

    /// Starts fetching the entry of hash `h` into the cache (a hint; does nothing on other targets than
    /// x86-64).
    #[inline]
    pub fn prefetch(&self, h: u64) {
        self.cells.prefetch(crate::hash::slot(h, self.cells.entries()));
    }

    /// A lower bound on the moves from `state` to the target: 0 for the target, at most the true distance
    /// for every state, and exact for a state within [`PruneTable::filled_depth`] moves unless a closer
    /// state shares its entry (with [`Packing::Crumbs`], for the last two depths filled only).
    #[inline]
    pub fn lookup(&self, state: &[u8]) -> u8 {
        self.lookup_hash(self.hash(state))
    }

    /// The largest bound a lookup can return: `filled_depth + 1` (an unset entry). A search with at least
    /// this many moves left learns nothing from looking a position up.
    #[inline]
    pub fn max_lookup(&self) -> u8 {
        self.unset
    }

    /// Every state within this many moves of the target has been written.
    pub fn filled_depth(&self) -> u32 {
        self.filled
    }

    /// How the entries are packed.
    pub fn packing(&self) -> Packing {
        self.cells.packing()
    }

    /// The number of entries.
    pub fn entries(&self) -> usize {
        self.cells.entries()
    }

    /// The bytes the entries take.
    pub fn bytes(&self) -> usize {
        self.cells.bytes()
    }

    /// Leaves visited by every fill so far: the work the table cost, to compare with a search's lookups.
    pub fn fill_work(&self) -> u64 {
        self.work
    }

    /// What each depth's fill did, depth 0 first; after a cancelled fill, one more entry for what that
    /// fill did before it stopped.
    pub fn stats(&self) -> &[DepthStats] {
        &self.depths
    }

    /// The target state.
    pub fn target(&self) -> &[u8] {
        self.walk.target()
    }
}

impl std::fmt::Debug for PruneTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PruneTable")
            .field("entries", &self.entries())
            .field("filled_depth", &self.filled)
            .field("stats", &self.depths)
            .finish()
    }
}

#[cfg(test)]
mod tests;
