//! [`Solver`]: a puzzle, its move set, canonical automaton, group and pruning table, kept together so
//! that many positions can be solved with one table (the JS worker keeps one across calls).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use num_traits::ToPrimitive;

use crate::canon::CanonFsm;
use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::group::{probable_puzzle_chain, puzzle_chain, reachable, Membership, ProbableChain, StabilizerChain};
use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::prune::kernel::Kernel;
use crate::prune::{entries_for, symmetries_of, PruneTable, TableOptions, MIN_MEMORY_BYTES};

use super::bound::SearchBound;
use super::ida::{InverseMoves, MoveRules, Shared, Solutions};
use super::target::Target;
use crate::ida::{Ida, Visit};

pub use crate::prune::DEFAULT_MEMORY;

/// The size a pruning table starts at, unless the options say otherwise: room for the first fill
/// ([`FIRST_FILL_LEAVES`]) and a few more depths, small enough that a first answer does not wait for
/// memory to be mapped and cleared (about a millisecond per MiB in WebAssembly).
pub const INITIAL_TABLE_BYTES: usize = 2 << 20;

/// A table that is too small for the depth a search needs is rebuilt this many times larger (at most the
/// budget): the refills of the smaller tables cost a fraction of the last one's.
pub const GROWTH_STEP: usize = 8;

/// Each task of an iteration leaves at least this many moves to the allocation-free depth-first walk: the
/// split above it allocates per node, and a shallow iteration is cheap enough for one thread.
const WALK_MIN_DEPTH: u32 = 4;

/// Iterations predicted to search fewer nodes than this run as one task (splitting them for threads
/// costs more than it saves).
const PARALLEL_MIN_NODES: f64 = (1u64 << 16) as f64;

/// The tasks an iteration is split into: enough to keep every thread busy, or one without threads.
#[cfg(feature = "parallel")]
fn split_tasks() -> usize {
    if rayon::current_num_threads() > 1 {
        512
    } else {
        1
    }
}

/// The tasks an iteration is split into: one, without the `parallel` feature.
#[cfg(not(feature = "parallel"))]
fn split_tasks() -> usize {
    1
}

/// A table below the budget takes a depth whose predicted leaves are at most this fraction of its
/// entries; beyond, it grows first (collisions would blunt a fuller table's estimates).
const CROWDED: f64 = 0.5;

/// A new table (first or grown) is filled only while the next depth's predicted leaves are at most
/// this many (tens of milliseconds): deeper depths are filled by the searches that need them.
pub const FIRST_FILL_LEAVES: f64 = (1u64 << 18) as f64;

/// Puzzles with at most this many (slot, orientation) points get their group's order computed up front
/// (milliseconds), which caps the table at a few entries per reachable state.
const HINT_POINTS: usize = 400;

/// The deepest search when no `max_depth` is given.
pub const DEFAULT_MAX_DEPTH: u32 = 60;

/// The most solutions a search may collect (with `all_optimal` or slack and no explicit limit).
pub const MAX_SOLUTIONS: usize = 100_000;

/// Whether to use an optional speed-up: where it pays (`Auto`), wherever it applies (`On`: an error
/// where it does not), or never (`Off`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Toggle {
    /// Where it is measured to pay.
    #[default]
    Auto,
    /// Wherever it applies; asking for it where it cannot apply is an error.
    On,
    /// Never.
    Off,
}

impl std::str::FromStr for Toggle {
    type Err = Error;
    fn from_str(s: &str) -> Result<Toggle> {
        match s {
            "auto" => Ok(Toggle::Auto),
            "on" => Ok(Toggle::On),
            "off" => Ok(Toggle::Off),
            _ => Err(Error::new(format!("expected auto, on or off, not {s:?}"))),
        }
    }
}

/// How to set up a [`Solver`].
#[derive(Debug, Clone)]
pub struct SolverOptions {
    /// The moves to solve with (`None`: every move that is not a rotation).
    pub moves: Option<MoveSet>,
    /// Turn metric.
    pub metric: Metric,
    /// The pattern to reach (`None`: the puzzle's solved state).
    pub target: Option<State>,
    /// Memory budget of the pruning table, in bytes: the most it may grow to.
    pub memory_bytes: usize,
    /// The size the table starts at (`None`: [`INITIAL_TABLE_BYTES`], or the budget when smaller). A
    /// search grows it towards the budget only when a harder position needs more.
    pub initial_memory_bytes: Option<usize>,
    /// Reduce the pruning table by the definition's rotations (conjugate states share an entry). `Auto`:
    /// where the definition has rotations that keep the move set and target, and the group is too
    /// large for the table to hold every state (see [`Solver::symmetries`]).
    pub symmetry: Toggle,
    /// Also look up the inverse of each position (at the same distance when the target is solved with
    /// distinct pieces) and prune by the larger bound. `Auto`: where it applies.
    pub inverse: Toggle,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            moves: None,
            metric: Metric::Htm,
            target: None,
            memory_bytes: DEFAULT_MEMORY,
            initial_memory_bytes: None,
            symmetry: Toggle::Auto,
            inverse: Toggle::Auto,
        }
    }
}

/// What one solve asks for.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// How many solutions (default 1; with `all_optimal` or `slack`, all up to [`MAX_SOLUTIONS`]).
    pub max_solutions: Option<usize>,
    /// Every solution of the optimal length.
    pub all_optimal: bool,
    /// Shortest length to consider.
    pub min_depth: u32,
    /// Longest length to consider (default [`DEFAULT_MAX_DEPTH`]).
    pub max_depth: Option<u32>,
    /// Also solutions up to this many moves longer than the shortest one found.
    pub slack: u32,
    /// Skip the group-membership test: the caller knows the position is reachable (it was made by
    /// moves of the set). Saves building the group's stabilizer chain, which takes seconds on the
    /// biggest cubes.
    pub known_reachable: bool,
}

/// The outcome of a solve.
#[derive(Debug, Clone)]
pub struct SolveReport {
    /// Solutions, shortest first, each in lexicographic move order within its length; each verified.
    pub solutions: Vec<Vec<MoveRef>>,
    /// Nodes whose table entries were looked up.
    pub nodes: u64,
    /// Depth the pruning table is filled to.
    pub table_depth: u32,
    /// Seconds this solve spent filling and growing the pruning table (0 when the control has no clock,
    /// see [`Control::with_clock`]).
    pub table_seconds: f64,
    /// The rotations the table is reduced by (the identity included): 1 without symmetry reduction.
    pub symmetries: usize,
    /// Whether the search also looked up the inverse of each position.
    pub inverse: bool,
}

/// A solver for one puzzle, move set, metric and target. It shares the puzzle it was built for (an
/// [`Arc`]), so a shell can keep it beside the puzzle across calls.
pub struct Solver {
    puzzle: Arc<Puzzle>,
    moves: MoveSet,
    move_list: Vec<MoveRef>,
    fsm: CanonFsm,
    /// The group, verified (built on first need: scrambles, unreachable-looking positions, table growth).
    chain: OnceLock<StabilizerChain>,
    /// The group after the random phase only, for small puzzles: positions that sift through it are
    /// reachable without the verification's cost (most of a first solve's on the megaminx).
    probable: Option<ProbableChain>,
    /// Whether the puzzle is small enough ([`HINT_POINTS`]) for the group order to size the table.
    small: bool,
    target: Target,
    table: PruneTable,
    /// Growth of the search from one depth to the next (the automaton's branching factor).
    growth: f64,
    /// The table's memory budget.
    budget: usize,
    /// Nodes searched since the table last changed: once they outnumber the next depth's fill, the next
    /// solve fills it first (so repeated solves pay at most about as much for fills as for searches).
    searched: f64,
    /// The group order, which bounds the states the search can meet: a lower bound of it (from the
    /// probable chain) until the table first grows, exact from then on; `None` for large puzzles.
    hint: Option<f64>,
    /// The definition's ksolve+ move constraints.
    rules: Option<MoveRules>,
    /// Seconds spent building and filling tables since the solver was made (with a clock).
    table_seconds: f64,
    /// How many times the table changed (filled deeper, grown or loaded) since the solver was made.
    table_changes: u64,
    /// The nodes of the current solve, as its walks report them (progress within an iteration).
    seen: AtomicU64,
    /// A second bound beside the table ([`Solver::set_bound`]).
    bound: Option<Arc<dyn SearchBound>>,
    /// Whether the tables are reduced by symmetry.
    symmetry: bool,
    /// The inverse lookup's moves, when it is on.
    inverse: Option<InverseMoves>,
}

impl Solver {
    /// Builds the automaton, the group and the pruning table (the table is filled to a cheap depth here
    /// and deepened by later searches when they would profit).
    pub fn new(puzzle: Arc<Puzzle>, options: SolverOptions, control: Control) -> Result<Self> {
        let moves = match options.moves {
            Some(m) => m,
            None => MoveSet::all(&puzzle)?,
        };
        let fsm = CanonFsm::new(&puzzle, &moves, options.metric)?;
        let target_state = options.target.unwrap_or_else(|| puzzle.solved().clone());
        let target = Target::new(puzzle.layout(), target_state.as_bytes())?;
        // A small puzzle's group is computed now, without its verification: that proves most positions
        // reachable, and its order (all but certainly exact) caps the first table at a few entries per
        // state; the table grows with the exact order.
        let points: usize = puzzle.layout().orbits().iter().map(|o| o.size * o.orientations as usize).sum();
        let small = points <= HINT_POINTS;
        // An error here is reported by the membership test, where the verified group is needed.
        let probable = if small { probable_puzzle_chain(&puzzle, &moves).ok() } else { None };
        let hint = probable.as_ref().and_then(|c| c.order_lower_bound().to_f64());
        let budget = options.memory_bytes;
        let initial = options.initial_memory_bytes.unwrap_or(INITIAL_TABLE_BYTES).min(budget).max(MIN_MEMORY_BYTES);
        // A budget below the minimum is refused by the table itself, with the budget named.
        let first = if budget < MIN_MEMORY_BYTES { budget } else { initial };
        let symmetry = match options.symmetry {
            Toggle::Off => false,
            toggle => {
                let count = symmetries_of(&puzzle, &moves, target.bytes());
                if toggle == Toggle::On && count < 2 {
                    return Err(Error::new(
                        "no symmetry to reduce the table by: the definition needs rotations that map the move set \
                         onto itself and keep the target (without orientation wildcards or illegal placements)",
                    ));
                }
                // Auto: only where the table cannot hold every state anyway.
                let fits =
                    hint.is_some_and(|n| entries_for(budget.max(MIN_MEMORY_BYTES), None).is_ok_and(|e| n <= e as f64));
                count > 1 && (toggle == Toggle::On || !fits)
            }
        };
        let inverse = match options.inverse {
            Toggle::Off => None,
            toggle => {
                let inv = InverseMoves::new(&puzzle, &moves, target.bytes());
                if toggle == Toggle::On && inv.is_none() {
                    return Err(Error::new(
                        "the inverse lookup needs the solved state with distinct pieces as the target and no \
                         illegal placements",
                    ));
                }
                inv
            }
        };
        let table_options = TableOptions { memory_bytes: first, state_count_hint: hint, depth: Some(1), symmetry };
        let started = control.now();
        let mut table = PruneTable::new(&puzzle, &moves, &fsm, target.bytes(), &table_options, control)?;
        table.fill_while(FIRST_FILL_LEAVES, control)?;
        let table_seconds = control.seconds_since(started);
        let move_list: Vec<MoveRef> = moves.moves().iter().map(|m| m.mv).collect();
        let growth = crate::canon::branching_factor(&fsm).max(1.0);
        let rules = move_rules(&puzzle, &move_list)?;
        Ok(Solver {
            puzzle,
            moves,
            move_list,
            fsm,
            chain: OnceLock::new(),
            probable,
            small,
            target,
            table,
            growth,
            budget,
            searched: 0.0,
            hint,
            rules,
            table_seconds,
            table_changes: 0,
            seen: AtomicU64::new(0),
            bound: None,
            symmetry,
            inverse,
        })
    }

    /// Replaces the table by a larger one ([`grown_size`]: [`GROWTH_STEP`] times larger, or the whole
    /// budget; at most four entries per state when the group order is known), filled as a new table is,
    /// once the search needs a depth the current table cannot hold. Returns whether it grew.
    fn grow(&mut self, control: Control) -> Result<bool> {
        let now = self.table.bytes();
        let bytes = grown_size(now, self.budget);
        if self.small {
            // The exact order now (a chain that cannot be built leaves the table uncapped).
            self.hint = self.chain().ok().and_then(|c| c.order().to_f64());
        }
        let options =
            TableOptions { memory_bytes: bytes, state_count_hint: self.hint, depth: Some(1), symmetry: self.symmetry };
        if bytes <= now || entries_for(bytes, self.hint)? <= self.table.entries() {
            return Ok(false);
        }
        // The old table goes first, so the two never hold more than the budget together; a tiny one
        // (admissible, as every table is) stands in should the new build be cancelled.
        let tiny =
            TableOptions { memory_bytes: MIN_MEMORY_BYTES, state_count_hint: None, depth: Some(1), symmetry: false };
        self.table = PruneTable::new(&self.puzzle, &self.moves, &self.fsm, self.target.bytes(), &tiny, control)?;
        self.table = PruneTable::new(&self.puzzle, &self.moves, &self.fsm, self.target.bytes(), &options, control)?;
        self.table.fill_while(FIRST_FILL_LEAVES, control)?;
        Ok(true)
    }

    /// One depth more for the searches: the next depth in this table while it stays roomy for it (the
    /// next depth's predicted leaves at most [`CROWDED`] of the entries), else a larger table (which
    /// the searches then deepen in turn); at the budget, the table's own limit on crowding applies.
    /// Returns whether anything changed.
    fn deepen(&mut self, control: Control) -> Result<bool> {
        let started = control.now();
        let result = self.deepen_untimed(control);
        self.table_seconds += control.seconds_since(started);
        if let Ok(true) = result {
            self.table_changes += 1;
        }
        result
    }

    /// [`Solver::deepen`] without the bookkeeping.
    fn deepen_untimed(&mut self, control: Control) -> Result<bool> {
        if self.table.predicted_leaves() > self.table.entries() as f64 * CROWDED && self.grow(control)? {
            return Ok(true);
        }
        Ok(self.table.extend(control)? || self.grow(control)?)
    }

    /// Also bounds the search by `bound` (built for this solver's [`move_list`](Self::move_list) and
    /// target), taking the larger of it and the table's; `None` removes it. Solutions stay optimal as
    /// long as the bound never exceeds the true distance.
    pub fn set_bound(&mut self, bound: Option<Arc<dyn SearchBound>>) {
        self.bound = bound;
    }

    /// The moves of the search, in the order a [`SearchBound`] numbers them.
    pub fn move_list(&self) -> &[MoveRef] {
        &self.move_list
    }

    /// Its canonical-sequence automaton over [`Solver::move_list`]: the sequences it searches.
    pub fn canon(&self) -> &CanonFsm {
        &self.fsm
    }

    /// Its turn metric.
    pub fn metric(&self) -> Metric {
        self.fsm.metric()
    }

    /// The puzzle this solver solves.
    pub fn puzzle(&self) -> &Arc<Puzzle> {
        &self.puzzle
    }

    /// The target the solver reaches (normalized).
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The move set.
    pub fn moves(&self) -> &MoveSet {
        &self.moves
    }

    /// The pruning table.
    pub fn table(&self) -> &PruneTable {
        &self.table
    }

    /// The rotations the pruning table is reduced by (the identity included; 1: not reduced).
    pub fn symmetries(&self) -> usize {
        self.table.symmetries()
    }

    /// Whether searches also look up the inverse of each position.
    pub fn inverse_lookup(&self) -> bool {
        self.inverse.is_some()
    }

    /// The pruning table as bytes ([`PruneTable::to_bytes`]), to keep for a later [`Solver::load_table`].
    pub fn save_table(&self) -> Vec<u8> {
        self.table.to_bytes()
    }

    /// Replaces the pruning table by one saved by [`Solver::save_table`] for the same puzzle, move set,
    /// metric and target. Refused (and the current table kept) when the bytes are damaged, truncated,
    /// of another format version, made for anything else, or larger than the memory budget.
    pub fn load_table(&mut self, bytes: &[u8], control: Control) -> Result<()> {
        control.check()?;
        let (puzzle, moves, fsm, target) = (&self.puzzle, &self.moves, &self.fsm, self.target.bytes());
        let t = PruneTable::from_bytes(puzzle, moves, fsm, target, bytes, self.budget, self.symmetry)?;
        self.table = t;
        self.searched = 0.0;
        self.table_changes += 1;
        Ok(())
    }

    /// Seconds spent building, filling and growing the pruning table since the solver was made, the first
    /// fill included (0 when the controls passed had no clock, see [`Control::with_clock`]).
    pub fn table_seconds(&self) -> f64 {
        self.table_seconds
    }

    /// How many times the pruning table changed (filled deeper, grown, or replaced by
    /// [`Solver::load_table`]) since the solver was made: a shell saves the table when this moved.
    pub fn table_changes(&self) -> u64 {
        self.table_changes
    }

    /// The group the moves generate (built on first use).
    pub fn chain(&self) -> Result<&StabilizerChain> {
        if let Some(c) = self.chain.get() {
            return Ok(c);
        }
        let c = match &self.probable {
            Some(p) => p.clone().complete()?,
            None => puzzle_chain(&self.puzzle, &self.moves)?,
        };
        Ok(self.chain.get_or_init(|| c))
    }

    /// Whether `start_n` (normalized) can reach the target: proved by the probable chain when it can, else
    /// decided by the verified one (an undecided answer lets the search decide).
    fn reachable(&self, start_n: &[u8]) -> Result<bool> {
        if self.chain.get().is_none() {
            if let Some(p) = &self.probable {
                if let Membership::Reachable(_) = reachable(p.chain(), start_n, self.target.bytes())? {
                    return Ok(true);
                }
            }
        }
        Ok(reachable(self.chain()?, start_n, self.target.bytes())? != Membership::Unreachable)
    }

    /// Whether a state (in the puzzle's representation) may reach the target with the moves: group
    /// membership, `true` where it cannot decide (the search then does). Refuses a state leaving open an
    /// orientation the target needs.
    pub fn reaches(&self, state: &State) -> Result<bool> {
        let start_n = self.target.normalize(self.puzzle.layout(), state.as_bytes())?;
        if self.puzzle.illegal_placement(&start_n).is_some() {
            return Ok(false);
        }
        self.reachable(&start_n)
    }

    /// Solves a position: sequences of moves taking `start` to the target. Unreachable positions are an
    /// error at once (group membership); so is finding nothing within the depth limit.
    pub fn solve(&mut self, start: &State, options: &SolveOptions, control: Control) -> Result<SolveReport> {
        let max_depth = options.max_depth.unwrap_or(DEFAULT_MAX_DEPTH);
        self.solve_within(start, options, control)?
            .ok_or_else(|| Error::new(format!("no solution within depth {max_depth}")))
    }

    /// As [`Solver::solve`], with `None` when no solution lies within the depth limits.
    pub fn solve_within(
        &mut self,
        start: &State,
        options: &SolveOptions,
        control: Control,
    ) -> Result<Option<SolveReport>> {
        // A handle of its own: the table may be rebuilt (`&mut self`) while the layout is in use.
        let puzzle = Arc::clone(&self.puzzle);
        let layout = puzzle.layout();
        let start_n = self.target.normalize(layout, start.as_bytes())?;
        self.check_legal(&start_n)?;
        if !options.known_reachable && !self.reachable(&start_n)? {
            return Err(Error::new(
                "this position cannot be solved: it is not reachable with these moves (group membership)",
            ));
        }
        let (max_depth, limit) = solve_limits(options)?;
        let open_ended = options.all_optimal || options.slack > 0;
        let table_seconds_before = self.table_seconds;
        // Earlier solves searched more than the next depth costs to fill: fill it now.
        if self.searched > self.table.predicted_leaves() && self.deepen(control)? {
            self.searched = 0.0;
        }
        let transforms: Vec<&[u8]> = self.move_list.iter().map(|&m| puzzle.transform(m)).collect();
        let kernel = Kernel::new(layout, &transforms, &start_n)?;
        // The inverse lookup needs the start's inverse (a start with identical pieces has none).
        let inverse = self.inverse.clone().filter(|inv| inv.invertible(&start_n));
        let mut found: Vec<Vec<u16>> = Vec::new();
        let mut nodes = 0u64;
        let mut last = max_depth;
        let mut depth = options.min_depth;
        // The nodes the previous iteration searched: the next is about `growth` times as many.
        let mut previous: Option<u64> = None;
        let bound = self.bound.as_ref().map_or(0, |b| b.start(&start_n, &mut vec![0; b.node_len()]));
        while depth <= last {
            control.check()?;
            if self.table.lookup(&start_n) as u32 <= depth && bound <= depth {
                let want = limit - found.len();
                // Threads pay off on iterations of many nodes; a first one is guessed from how far the
                // depth reaches beyond the table.
                let big = match previous {
                    Some(p) => p as f64 * self.growth >= PARALLEL_MIN_NODES,
                    None => depth > self.table.filled_depth() + 2,
                };
                self.seen.store(nodes, Ordering::Relaxed);
                let (sols, n) = self.iteration(&kernel, inverse.as_ref(), &start_n, depth, want, big, control)?;
                previous = Some(n);
                nodes += n;
                self.searched += n as f64;
                if !sols.is_empty() && found.is_empty() && open_ended {
                    last = last.min(depth.saturating_add(options.slack));
                }
                found.extend(sols);
                if found.len() >= limit || (options.all_optimal && !found.is_empty()) {
                    break;
                }
                // Deepen the table while filling its next depth costs less than the next iteration is
                // predicted to (each depth of table cuts the search by about the growth factor).
                // When the table is too crowded for another depth, it grows instead.
                while n as f64 * self.growth > self.table.predicted_leaves() && self.deepen(control)? {
                    self.searched = 0.0;
                }
            }
            control.report(Progress { phase: "search", depth, done: nodes, total: None });
            depth += 1;
        }
        if found.is_empty() {
            return Ok(None);
        }
        Ok(Some(SolveReport {
            solutions: self.verified(start, &found)?,
            nodes,
            table_depth: self.table.filled_depth(),
            table_seconds: self.table_seconds - table_seconds_before,
            symmetries: self.table.symmetries(),
            inverse: inverse.is_some(),
        }))
    }

    /// The moves of found solutions (indices into the move list), each checked to take `start` to the target.
    fn verified(&self, start: &State, found: &[Vec<u16>]) -> Result<Vec<Vec<MoveRef>>> {
        let solutions: Vec<Vec<MoveRef>> =
            found.iter().map(|s| s.iter().map(|&m| self.move_list[m as usize]).collect()).collect();
        for s in &solutions {
            let end = self.puzzle.apply_moves(start, s);
            if !self.target.matches(self.puzzle.layout(), end.as_bytes()) {
                return Err(Error::internal("a solution failed verification"));
            }
        }
        Ok(solutions)
    }

    /// Refuses a start, or a target it does not already match, with a placement the definition declares
    /// illegal: the search never passes through such a state, so no depth would find a solution.
    fn check_legal(&self, start_n: &[u8]) -> Result<()> {
        let unsolvable = |what: &str, why: String| {
            Err(Error::new(format!(
                "this position cannot be solved: {what} has {why}, which the definition declares Illegal"
            )))
        };
        if let Some(why) = self.puzzle.illegal_placement(start_n) {
            return unsolvable("it", why);
        }
        match self.puzzle.illegal_placement(self.target.bytes()) {
            Some(why) if start_n != self.target.bytes() => unsolvable("the target", why),
            _ => Ok(()),
        }
    }

    /// One IDA* iteration at `depth` (moves applied by `kernel`): up to `limit` solutions in lexicographic
    /// order, and the nodes used. `parallel`: split for the threads (else one task).
    #[allow(clippy::too_many_arguments)]
    fn iteration(
        &self,
        kernel: &Kernel,
        inverse: Option<&InverseMoves>,
        start: &[u8],
        depth: u32,
        limit: usize,
        parallel: bool,
        control: Control,
    ) -> Result<(Vec<Vec<u16>>, u64)> {
        let shared = Shared {
            puzzle: &self.puzzle,
            kernel,
            fsm: &self.fsm,
            table: &self.table,
            check_legal: !self.puzzle.illegal().is_empty(),
            rules: self.rules.as_ref(),
            bound: self.bound.as_deref(),
            inverse,
        };
        let (tasks, split_nodes) = self.split(start, depth, if parallel { split_tasks() } else { 1 });
        // Lookups: each node expanded looks up a row of the automaton, refused moves included.
        let per_node = self.move_list.len() as u64;
        let new_walker = || Ida::new(&shared, control).with_progress("search", Some(&self.seen), per_node);
        let run = |ida: &mut Ida<Shared>, t: &Task| -> (Vec<Vec<u16>>, u64, bool) {
            let before = ida.nodes();
            let mut found = Solutions { target: self.target.bytes(), limit, found: Vec::new() };
            let rest = depth - t.prefix.len() as u32;
            let cancelled = match shared.start(&t.state, rest) {
                Some(node) if rest == 0 => found.leaf(&node, &t.prefix).is_err(),
                Some(node) => ida.walk(&node, t.fsm_state, &t.prefix, rest, &mut found).is_err(),
                None => false,
            };
            (found.found, (ida.nodes() - before) * per_node, cancelled)
        };
        #[cfg(feature = "parallel")]
        let results: Vec<(Vec<Vec<u16>>, u64, bool)> = {
            use std::sync::atomic::AtomicUsize;
            use std::sync::Mutex;
            // Each thread takes the next task in order, so the threads work side by side near the front:
            // tasks after one that alone found enough solutions cannot change the answer, and at most one
            // per thread was started past it. (Rayon's halves of the list would have the second thread
            // search the back half, useless once the front half finds the solutions.)
            let next = AtomicUsize::new(0);
            let cutoff = AtomicUsize::new(usize::MAX);
            let slots: Vec<Mutex<Option<TaskResult>>> = tasks.iter().map(|_| Mutex::new(None)).collect();
            // One worker per thread, as jobs other threads steal (not `rayon::broadcast`, which would wait
            // for threads busy elsewhere, as when scrambles are solved side by side): where none is free,
            // the first worker takes every task and the others find none left.
            use rayon::prelude::*;
            (0..rayon::current_num_threads()).into_par_iter().for_each(|_| {
                // Made for the first task this worker takes (none where the others took them all).
                let mut ws = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= tasks.len() || i > cutoff.load(Ordering::Relaxed) {
                        return;
                    }
                    let r = run(ws.get_or_insert_with(new_walker), &tasks[i]);
                    if r.0.len() >= limit || r.2 {
                        cutoff.fetch_min(i, Ordering::Relaxed);
                    }
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(r);
                    }
                }
            });
            slots.into_iter().map(|m| m.into_inner().ok().flatten().unwrap_or_default()).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let results: Vec<(Vec<Vec<u16>>, u64, bool)> = {
            let mut ws = new_walker();
            let mut v = Vec::new();
            let mut total = 0;
            for t in &tasks {
                let r = run(&mut ws, t);
                total += r.0.len();
                let stop = r.2 || total >= limit;
                v.push(r);
                if stop {
                    break;
                }
            }
            v
        };
        if results.iter().any(|r| r.2) {
            return Err(Error::cancelled());
        }
        let nodes = split_nodes + results.iter().map(|r| r.1).sum::<u64>();
        let sols = results.into_iter().flat_map(|r| r.0).take(limit).collect();
        Ok((sols, nodes))
    }

    /// Splits an iteration into about `want` tasks: the canonical prefixes of a few moves that the table
    /// does not rule out, in lexicographic order, each leaving [`WALK_MIN_DEPTH`] moves or more to the
    /// walk. Also returns the nodes the split itself visited.
    fn split(&self, start: &[u8], depth: u32, want: usize) -> (Vec<Task>, u64) {
        let mut tasks = vec![Task { state: start.to_vec(), fsm_state: 0, prefix: Vec::new() }];
        let mut level = 0;
        let mut nodes = 0;
        while level + WALK_MIN_DEPTH < depth && tasks.len() < want {
            let rest = depth - level - 1;
            let mut next = Vec::with_capacity(tasks.len() * self.move_list.len());
            for t in &tasks {
                for (m, &mv) in self.move_list.iter().enumerate() {
                    let Some(fs) = self.fsm.next(t.fsm_state, m) else { continue };
                    let mut state = vec![0; start.len()];
                    self.puzzle.apply_into(&t.state, mv, &mut state);
                    nodes += 1;
                    if self.table.lookup(&state) as u32 > rest || !self.puzzle.is_legal_bytes(&state) {
                        continue;
                    }
                    if self.rules.as_ref().is_some_and(|r| !r.allows(&t.prefix, m)) {
                        continue;
                    }
                    let mut prefix = t.prefix.clone();
                    prefix.push(m as u16);
                    next.push(Task { state, fsm_state: fs, prefix });
                }
            }
            tasks = next;
            level += 1;
        }
        (tasks, nodes)
    }

    /// A solution as an alg string. In the quarter-turn metric, runs of the same move are merged
    /// (`U U` prints as `U2`).
    pub fn alg_string(&self, solution: &[MoveRef]) -> String {
        let mut merged: Vec<MoveRef> = Vec::with_capacity(solution.len());
        for &m in solution {
            match merged.last_mut() {
                Some(last) if last.base == m.base && self.fsm.metric() == Metric::Qtm => {
                    *last = self.puzzle.move_ref(m.base, last.amount + m.amount);
                }
                _ => merged.push(m),
            }
        }
        crate::kpuzzle::notation::format_moves(&self.puzzle, &merged)
    }
}

/// The size a table of `now` bytes grows to: [`GROWTH_STEP`] times larger, or the whole `budget` when
/// that step would leave room for less than one more full step (a last step of less than
/// [`GROWTH_STEP`] times would refill the same depths for a few fewer collisions, while going to the
/// budget now costs about the same fill as the step).
pub(crate) fn grown_size(now: usize, budget: usize) -> usize {
    let step = now.saturating_mul(GROWTH_STEP);
    if step.saturating_mul(GROWTH_STEP) > budget {
        budget.max(now)
    } else {
        step
    }
}

/// The depth limit and the number of solutions a solve asks for, refused when they make no sense.
pub(crate) fn solve_limits(options: &SolveOptions) -> Result<(u32, usize)> {
    let max_depth = options.max_depth.unwrap_or(DEFAULT_MAX_DEPTH);
    if options.min_depth > max_depth {
        return Err(Error::new(format!("min depth {} exceeds max depth {max_depth}", options.min_depth)));
    }
    let open_ended = options.all_optimal || options.slack > 0;
    let limit = options.max_solutions.unwrap_or(if open_ended { MAX_SOLUTIONS } else { 1 });
    if limit == 0 {
        return Err(Error::new("asked for 0 solutions"));
    }
    if limit > MAX_SOLUTIONS {
        return Err(Error::new(format!(
            "asked for {limit} solutions: at most {MAX_SOLUTIONS} are kept (ask for fewer)"
        )));
    }
    Ok((max_depth, limit))
}

/// The definition's ksolve+ `ForbiddenPairs`, `ForbiddenGroups` and `MoveLimits` over the move list, or
/// `None` without any. `Block` (bandaging) is refused: the solver does not honour it yet.
fn move_rules(puzzle: &Puzzle, moves: &[MoveRef]) -> Result<Option<MoveRules>> {
    let extras = puzzle.extras();
    if !extras.blocks.is_empty() {
        return Err(Error::new("the definition's Block (bandaging) constraints are not supported by the solver yet"));
    }
    if extras.forbidden_pairs.is_empty() && extras.forbidden_groups.is_empty() && extras.move_limits.is_empty() {
        return Ok(None);
    }
    let n = moves.len();
    let index = |m: MoveRef| moves.iter().position(|&x| x == m);
    let mut forbidden = vec![false; n * n];
    let mut forbid = |a: MoveRef, b: MoveRef| {
        if let (Some(i), Some(j)) = (index(a), index(b)) {
            forbidden[i * n + j] = true;
        }
    };
    for &(a, b) in &extras.forbidden_pairs {
        forbid(a, b);
    }
    for group in &extras.forbidden_groups {
        for &a in group {
            for &b in group {
                if a != b {
                    forbid(a, b);
                }
            }
        }
    }
    let limits: Vec<u32> = extras.move_limits.iter().map(|&(_, l)| l).collect();
    let counter = moves.iter().map(|m| extras.move_limits.iter().position(|&(b, _)| b == m.base)).collect();
    Ok(Some(MoveRules { forbidden, counter, limits, n }))
}

/// What a task of an iteration gives: its solutions, its lookups, whether it was cancelled.
#[cfg(feature = "parallel")]
type TaskResult = (Vec<Vec<u16>>, u64, bool);

/// A prefix of an iteration, searched as one unit of work.
struct Task {
    state: Vec<u8>,
    fsm_state: u32,
    prefix: Vec<u16>,
}

#[cfg(test)]
mod tests {
    use super::grown_size;

    const MIB: usize = 1 << 20;

    #[test]
    fn tables_grow_by_steps_then_to_the_whole_budget() {
        // 256 MiB: 2 → 16 → 256 (not 128, which would leave a last step of 2×).
        assert_eq!(grown_size(2 * MIB, 256 * MIB), 16 * MIB);
        assert_eq!(grown_size(16 * MIB, 256 * MIB), 256 * MIB);
        assert_eq!(grown_size(16 * MIB, 512 * MIB), 512 * MIB);
        // 1 GiB: 16 → 128 → 1024.
        assert_eq!(grown_size(16 * MIB, 1024 * MIB), 128 * MIB);
        assert_eq!(grown_size(128 * MIB, 1024 * MIB), 1024 * MIB);
        // At the budget, or beyond it (a table loaded from a file), no smaller.
        assert_eq!(grown_size(256 * MIB, 256 * MIB), 256 * MIB);
        assert_eq!(grown_size(512 * MIB, 256 * MIB), 512 * MIB);
        assert_eq!(grown_size(usize::MAX / 2, usize::MAX), usize::MAX);
    }
}
