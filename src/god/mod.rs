//! God's algorithm: the number of positions at each distance from the start (the solved state), the
//! positions farthest away (antipodes) with algs that reach them, and the same counts up to the puzzle's
//! symmetry.
//!
//! - `index` numbers the positions densely (per block of slots the moves connect: a permutation rank,
//!   with identical pieces a multiset-permutation rank, and orientation digits with the orientation-sum
//!   constraint where the moves keep it), and `dense` runs a breadth-first search with two bits per
//!   position, forward or backward per level, in parallel over chunks of rows.
//! - `hashed` is the fallback when positions cannot be indexed densely, or when the dense index would
//!   need far more memory than the group itself: a hash map of positions.
//! - `symdense` reduces the dense search by those rotations when the definition has some: only rows that
//!   are the smallest of their conjugation class are stored (the full 2x2x2: 4.0 M of 88 M positions).
//! - `symmetry` finds the rotations that keep the move set, and counts positions up to them.
//!
//! Memory is checked against the budget before anything large is allocated.

#[cfg(feature = "cosets")]
pub mod cosets;
pub(crate) mod dense;
mod hashed;
// Not in the single-threaded WebAssembly build, which stays small (it runs the plain search instead).
#[cfg(threads)]
mod symdense;
pub(crate) mod symmetry;

pub use dense::Direction;
pub use symmetry::SymmetryCounts;

use crate::coord::{bits, index};
use num_traits::ToPrimitive;

use crate::bytes::describe_bytes;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::group::{puzzle_chain, MAX_POINTS};
use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// The default memory budget: 1 GiB.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

/// The most antipodes a report may hold (each with an alg). Larger requests are refused before the
/// search: every step keeps up to this many of its new positions per chunk of rows, so the request bounds
/// that memory (at most a few tens of MiB) beside the budgeted tables.
pub const MAX_ANTIPODES: usize = 10_000;

/// Above this many points a puzzle that does not fit densely is refused without computing its group
/// order (which can take minutes on the biggest cubes).
const HASH_PLANNING_POINTS: usize = 2000;

/// How positions are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Dense when it fits the budget, else the hash map when the group fits.
    #[default]
    Auto,
    /// Two bits per position of a dense index.
    Dense,
    /// A hash map from positions to depths.
    Hash,
    /// Coset by coset, beyond memory (see [`cosets`]; feature `cosets`).
    #[cfg(feature = "cosets")]
    Cosets,
}

impl Method {
    /// The name used in reports: `dense` or `hash`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Dense => "dense",
            Method::Hash => "hash",
            #[cfg(feature = "cosets")]
            Method::Cosets => "cosets",
        }
    }
}

/// Reducing the dense search by symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reduce {
    /// When the definition has rotations that keep the move set and building the tables pays.
    #[default]
    Auto,
    /// Whenever the definition's rotations allow it, paying or not (for tests and measurements).
    Always,
    /// Never.
    Never,
}

/// What to compute.
#[derive(Debug, Clone)]
pub struct GodOptions {
    /// HTM counts every move of the set as one; QTM uses only the moves of quarter-turn cost 1.
    pub metric: Metric,
    /// The most memory the enumeration may use for its tables, in bytes.
    pub memory_bytes: u64,
    /// How many antipodes (positions at the greatest distance) to return, with algs.
    pub antipodes: usize,
    /// Also count positions up to symmetry (needs rotations in the definition).
    pub symmetry: bool,
    /// Dense sweep directions (for measurements; `Auto` is fastest).
    pub direction: Direction,
    /// Storage method.
    pub method: Method,
    /// Whether to reduce the dense search by the rotations that keep the move set (the counts are the
    /// same either way; only the work changes).
    pub reduce: Reduce,
    /// Count positions through this distance only, then stop.
    pub max_depth: Option<u32>,
    /// With [`Method::Cosets`]: the work unit to run and the coset method's own settings.
    #[cfg(feature = "cosets")]
    pub cosets: CosetUnit,
}

/// The settings of [`Method::Cosets`] that the other methods do not have ([`GodOptions::cosets`], and
/// [`cosets::CosetOptions::cosets`] when the method is called directly).
#[cfg(feature = "cosets")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CosetUnit {
    /// Letters (slots of the largest block) that name a coset (`None`: the fewest whose bitmaps fit half
    /// the budget).
    pub letters: Option<usize>,
    /// Store the positions through this distance at most (`None`: as many levels as fit half the
    /// budget); for measurements and tests.
    pub store_depth: Option<u32>,
    /// Work units the cosets split into.
    pub units: u64,
    /// The unit to run, in `0..units`.
    pub unit: u64,
    /// With the reduction by symmetry: the size (in positions) of the sub-cosets its per-coset
    /// pre-calculation leaves undecided, their positions then checked one by one as the products reach
    /// them; `None`: chosen per coset from the deepest distance's products that reach it (65,536 where
    /// they are few, 512, or 0: everything decided up front); for measurements and tests.
    pub mark_cutoff: Option<u64>,
}

#[cfg(feature = "cosets")]
impl Default for CosetUnit {
    /// The whole enumeration as one unit, every setting chosen by the method.
    fn default() -> Self {
        CosetUnit { letters: None, store_depth: None, units: 1, unit: 0, mark_cutoff: None }
    }
}

impl Default for GodOptions {
    fn default() -> Self {
        GodOptions {
            metric: Metric::Htm,
            memory_bytes: DEFAULT_MEMORY,
            antipodes: 0,
            symmetry: false,
            direction: Direction::Auto,
            method: Method::Auto,
            reduce: Reduce::Auto,
            max_depth: None,
            #[cfg(feature = "cosets")]
            cosets: CosetUnit::default(),
        }
    }
}

/// A position at the greatest distance.
#[derive(Debug, Clone)]
pub struct Antipode {
    /// The position.
    pub state: State,
    /// An optimal alg that reaches it from the start.
    pub moves: Vec<MoveRef>,
}

/// The result of an enumeration.
#[derive(Debug, Clone)]
pub struct GodReport {
    /// `counts[d]`: positions at distance `d`.
    pub counts: Vec<u64>,
    /// All positions reached (the sum of `counts`).
    pub total: u64,
    /// Up to the requested number of positions at the greatest distance.
    pub antipodes: Vec<Antipode>,
    /// How positions were stored: [`Method::Dense`] or [`Method::Hash`].
    pub method: Method,
    /// The dense index's size (positions it numbers, reachable or not), when dense.
    pub indexed: Option<u64>,
    /// Bytes of the depth table (or hash map estimate) and move tables.
    pub memory_bytes: u64,
    /// Per level after the first, whether the dense sweep went backward.
    pub backward: Vec<bool>,
    /// Counts up to symmetry, when asked for.
    pub symmetry: Option<SymmetryCounts>,
    /// When the dense search was reduced by symmetry: how many symmetries, and how many positions it
    /// stored (one row per class of rows).
    pub reduced: Option<(usize, u64)>,
    /// With [`Method::Cosets`]: the unit's whole report (what a unit file holds and
    /// [`cosets::merge_units`] sums; its counts are `counts`).
    #[cfg(feature = "cosets")]
    pub cosets: Option<cosets::UnitCounts>,
}

/// The moves a breadth-first search steps with: all of the set's moves in HTM, the quarter turns in QTM.
fn edges(moves: &MoveSet, metric: Metric) -> Vec<MoveRef> {
    moves.moves().iter().filter(|m| metric == Metric::Htm || m.qtm_cost == 1).map(|m| m.mv).collect()
}

/// Enumerates every position the moves reach from the puzzle's solved state, by distance: the one
/// entry of every method, [`Method::Cosets`] included (one work unit of it, as `options.cosets` says;
/// it finds no antipodes, so `antipodes` is not looked at there).
pub fn gods_algorithm(puzzle: &Puzzle, moves: &MoveSet, options: &GodOptions, control: Control) -> Result<GodReport> {
    #[cfg(feature = "cosets")]
    if options.method == Method::Cosets {
        return by_cosets(puzzle, moves, options, control);
    }
    if options.antipodes > MAX_ANTIPODES {
        return Err(Error::new(format!(
            "{} antipodes asked for: at most {MAX_ANTIPODES} are returned (ask for fewer)",
            options.antipodes
        )));
    }
    if options.symmetry && options.max_depth.is_some() {
        return Err(Error::new("counts up to symmetry need the whole enumeration: drop the maximum depth"));
    }
    let start = puzzle.solved().as_bytes();
    let edge_moves = edges(moves, options.metric);
    let transforms: Vec<&[u8]> = edge_moves.iter().map(|&m| puzzle.transform(m)).collect();
    if !puzzle.is_legal_bytes(start) {
        return Err(Error::new("the start position has an illegal placement"));
    }
    let dense = if options.method == Method::Hash { None } else { index::DenseIndex::new(puzzle, start, &transforms) };
    let dense_need = dense.as_ref().map(|ix| bits::DepthBits::bytes_for(ix.size()) + ix.table_bytes());
    let e = Enumeration { puzzle, moves, options, control, edge_moves, transforms };
    match dense {
        Some(index) if use_dense(options, &index, dense_need)? => e.dense(index, dense_need.unwrap_or(0)),
        None if options.method == Method::Dense => Err(Error::new(
            "these positions cannot be indexed densely (some orientations of a set are wildcards, or there are \
             more than 2^64 positions)",
        )),
        index => e.hashed(dense_need, index.map(|ix| ix.size())),
    }
}

/// Whether the dense index is used: when it fits the budget (unless the hash map was asked for); asked
/// for and over the budget, an error.
fn use_dense(options: &GodOptions, index: &index::DenseIndex, need: Option<u64>) -> Result<bool> {
    match (options.method, need) {
        (Method::Hash, _) => Ok(false),
        (_, Some(need)) if need <= options.memory_bytes => Ok(true),
        (Method::Dense, need) => Err(Error::new(format!(
            "the dense enumeration needs {} ({} positions at 2 bits, plus move tables), more than the memory \
             budget of {}",
            need.map_or_else(|| "more than 2^64 bytes".to_string(), describe_bytes),
            index.size(),
            describe_bytes(options.memory_bytes)
        ))),
        _ => Ok(false),
    }
}

/// One enumeration's inputs, shared by its dense and hash-map searches.
struct Enumeration<'a> {
    puzzle: &'a Puzzle,
    moves: &'a MoveSet,
    options: &'a GodOptions,
    control: Control<'a>,
    /// The moves a step takes, and their transforms.
    edge_moves: Vec<MoveRef>,
    transforms: Vec<&'a [u8]>,
}

impl Enumeration<'_> {
    /// Over the dense index (`need`: its bytes): reduced by symmetry where that pays (not in the
    /// single-threaded WebAssembly build), else plain.
    fn dense(&self, mut index: index::DenseIndex, need: u64) -> Result<GodReport> {
        let (puzzle, options, control) = (self.puzzle, self.options, self.control);
        let start = puzzle.solved().as_bytes();
        let reduce = options.reduce != Reduce::Never && cfg!(threads);
        let syms = if reduce { symmetry::symmetries(puzzle, &self.transforms, start).ok() } else { None };
        #[cfg(threads)]
        let syms = syms.filter(|s| {
            let pays =
                |row| options.reduce == Reduce::Always || symdense::pays(index.size(), row, index.moves(), s.len());
            index.symmetry_row().is_some_and(pays) && index.arrange_for_symmetry()
        });
        index.prepare();
        let mut s = index.scratch();
        let start_index =
            index.index_of(start, &mut s).ok_or_else(|| Error::internal("the start has no dense index"))?;
        #[cfg(threads)]
        let plan = syms.and_then(|syms| {
            let left = options.memory_bytes.saturating_sub(need);
            symdense::SymPlan::new(puzzle.layout(), &index, start_index, &syms, left, control)
        });
        control.check()?;
        #[cfg(not(threads))]
        let _ = syms;
        #[cfg(threads)]
        if let Some(plan) = plan {
            return self.reduced(&index, &plan, start_index);
        }
        let degree: usize = puzzle.layout().orbits().iter().map(|o| o.size * o.orientations as usize).sum();
        let reachable = if options.direction == Direction::Auto && degree <= MAX_POINTS {
            puzzle_chain(puzzle, self.moves)?.order().to_u64().unwrap_or(u64::MAX)
        } else {
            u64::MAX
        };
        let (antipodes, direction, max_depth) = (options.antipodes, options.direction, options.max_depth);
        let spare = options.memory_bytes.saturating_sub(need);
        let run = dense::search(&index, start_index, reachable, antipodes, direction, max_depth, spare, control)?;
        let value = |t: u64| run.bits.get(t);
        let memory = need + run.mark_bytes;
        let dense = DenseResult { counts: run.counts, backward: run.backward, last: run.last, memory, reduced: None };
        dense_report(puzzle, &index, &self.edge_moves, &self.transforms, start_index, options, dense, &value)
    }

    /// Over the dense index reduced by symmetry, as `plan` lays it out.
    #[cfg(threads)]
    fn reduced(&self, index: &index::DenseIndex, plan: &symdense::SymPlan, start_index: u64) -> Result<GodReport> {
        let options = self.options;
        self.control.check()?;
        let (antipodes, direction, max_depth) = (options.antipodes, options.direction, options.max_depth);
        let (run, _) = symdense::search(index, plan, start_index, antipodes, direction, max_depth, self.control)?;
        let last: Vec<u64> = run.last.iter().map(|&t| plan.plain(t)).collect();
        let value = |t: u64| run.bits.get(plan.stored(t));
        let memory = index.table_bytes() + plan.bytes();
        let reduced = Some((plan.symmetries, plan.size()));
        let dense = DenseResult { counts: run.counts, backward: run.backward, last, memory, reduced };
        dense_report(self.puzzle, index, &self.edge_moves, &self.transforms, start_index, options, dense, &value)
    }

    /// Over a hash map, planned with the group order (an upper bound on the positions); `dense_need` and
    /// `dense_size` describe the dense index that did not fit, for the refusal.
    fn hashed(&self, dense_need: Option<u64>, dense_size: Option<u64>) -> Result<GodReport> {
        let (puzzle, options, transforms) = (self.puzzle, self.options, &self.transforms);
        let (start, budget) = (puzzle.solved().as_bytes(), options.memory_bytes);
        let degree: usize = puzzle.layout().orbits().iter().map(|o| o.size * o.orientations as usize).sum();
        let per_entry = puzzle.state_size() as u64 + hashed::ENTRY_OVERHEAD;
        if degree > HASH_PLANNING_POINTS && options.method != Method::Hash {
            return Err(too_big(dense_need, dense_size, None, per_entry, budget));
        }
        let big_order = puzzle_chain(puzzle, self.moves)?.order();
        let hash_need = (&big_order * per_entry).to_u64().unwrap_or(u64::MAX);
        if hash_need > budget {
            return Err(too_big(dense_need, dense_size, Some(&big_order), per_entry, budget));
        }
        let layout = puzzle.layout();
        let run =
            hashed::search(layout, start, transforms, options.antipodes, budget, options.max_depth, self.control)?;
        let mut antipodes = Vec::with_capacity(run.last.len());
        for a in &run.last {
            let path = run.path_to_start(layout, transforms, a)?;
            antipodes.push(antipode(puzzle, &self.edge_moves, a.to_vec(), &path)?);
        }
        let total: u64 = run.counts.iter().sum();
        let symmetry = if options.symmetry {
            Some(symmetry::count(puzzle, transforms, start, &|st: &[u8]| run.depth(st), &run.counts)?)
        } else {
            None
        };
        Ok(GodReport {
            total,
            counts: run.counts.clone(),
            antipodes,
            method: Method::Hash,
            indexed: None,
            memory_bytes: total * per_entry,
            backward: Vec::new(),
            symmetry,
            reduced: None,
            #[cfg(feature = "cosets")]
            cosets: None,
        })
    }
}

/// [`Method::Cosets`]: one unit ([`cosets::coset_enumeration`]), reduced by symmetry as
/// `options.reduce` says, and always where `options.symmetry` asks for the classes (which only the
/// reduction counts: refused with [`Reduce::Never`]).
#[cfg(feature = "cosets")]
fn by_cosets(puzzle: &Puzzle, moves: &MoveSet, options: &GodOptions, control: Control) -> Result<GodReport> {
    let reduce = match (options.symmetry, options.reduce) {
        (true, Reduce::Never) => {
            return Err(Error::new(
                "the coset method counts classes up to symmetry only when reduced by symmetry (reduce: never)",
            ))
        }
        (true, _) => Reduce::Always,
        (false, r) => r,
    };
    let o = cosets::CosetOptions {
        metric: options.metric,
        memory_bytes: options.memory_bytes,
        max_depth: options.max_depth,
        reduce,
        cosets: options.cosets.clone(),
    };
    let r = cosets::coset_enumeration(puzzle, moves, &o, control)?;
    let symmetry = match (options.symmetry, r.symmetries, &r.classes) {
        (true, Some(n), Some(classes)) => Some(SymmetryCounts {
            symmetries: usize::try_from(n).unwrap_or(usize::MAX),
            total: classes.iter().sum(),
            counts: classes.clone(),
        }),
        _ => None,
    };
    Ok(GodReport {
        total: r.counts.iter().sum(),
        counts: r.counts.clone(),
        antipodes: Vec::new(),
        method: Method::Cosets,
        indexed: None,
        memory_bytes: r.memory_bytes,
        backward: Vec::new(),
        symmetry,
        reduced: None,
        cosets: Some(r),
    })
}

/// What a dense search (plain or reduced) leaves for its report.
struct DenseResult {
    counts: Vec<u64>,
    backward: Vec<bool>,
    /// Positions at the last depth (plain indices).
    last: Vec<u64>,
    memory: u64,
    reduced: Option<(usize, u64)>,
}

/// The report of a dense search: antipodes with their algs and, when asked, the counts up to symmetry.
/// `value` gives a plain position's stored value (its depth mod 3, or unseen).
#[allow(clippy::too_many_arguments)]
fn dense_report(
    puzzle: &Puzzle,
    index: &index::DenseIndex,
    edge_moves: &[MoveRef],
    transforms: &[&[u8]],
    start_index: u64,
    options: &GodOptions,
    run: DenseResult,
    value: &dyn Fn(u64) -> u8,
) -> Result<GodReport> {
    let start = puzzle.solved().as_bytes();
    let mut s = index.scratch();
    let depth = run.counts.len() as u32 - 1;
    let mut antipodes = Vec::with_capacity(run.last.len());
    for &a in &run.last {
        let path = dense::path_to_start(index, value, a, depth)?;
        antipodes.push(antipode(puzzle, edge_moves, index.state_of(a, &mut s), &path)?);
    }
    let symmetry = if options.symmetry {
        let depth_of = |st: &[u8]| {
            let i = index.index_of(st, &mut index.scratch())?;
            dense::depth_of(index, value, i, start_index)
        };
        Some(symmetry::count(puzzle, transforms, start, &depth_of, &run.counts)?)
    } else {
        None
    };
    Ok(GodReport {
        total: run.counts.iter().sum(),
        counts: run.counts,
        antipodes,
        method: Method::Dense,
        indexed: Some(index.size()),
        memory_bytes: run.memory,
        backward: run.backward,
        symmetry,
        reduced: run.reduced,
        #[cfg(feature = "cosets")]
        cosets: None,
    })
}

fn too_big(
    dense_need: Option<u64>,
    dense_size: Option<u64>,
    order: Option<&num_bigint::BigUint>,
    per_entry: u64,
    budget: u64,
) -> Error {
    let dense = match (dense_need, dense_size) {
        (Some(need), Some(n)) => format!("a dense table of {n} positions needs {}", describe_bytes(need)),
        _ => "the positions cannot be indexed densely".to_string(),
    };
    let hash = match order {
        // The group order in full (the 3x3x3's 4.3e19 does not fit 64 bits).
        Some(o) => {
            let bytes = o * per_entry;
            let need = bytes.to_u64().map_or_else(|| format!("{} MiB", bytes >> 20u32), describe_bytes);
            format!("; a hash map of up to {o} positions needs {need}")
        }
        None => String::new(),
    };
    Error::limit(format!("the puzzle does not fit the memory budget of {}: {dense}{hash}", describe_bytes(budget)))
}

/// An antipode from its state and the path (move indices) that takes it back to the start.
fn antipode(puzzle: &Puzzle, edge_moves: &[MoveRef], state: Vec<u8>, path: &[usize]) -> Result<Antipode> {
    let moves: Vec<MoveRef> = path.iter().rev().map(|&k| puzzle.invert_move(edge_moves[k])).collect();
    let state = State::from_vec(state);
    if puzzle.apply_moves(puzzle.solved(), &moves) != state {
        return Err(Error::internal("an antipode's alg does not reach it"));
    }
    Ok(Antipode { state, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::load_puzzle;

    const CUBE2: &str = include_str!("../../tests/data/puzzles/main/2x2x2.tws");

    fn run(direction: Direction, antipodes: usize) -> GodReport {
        run_with("U,R", direction, antipodes)
    }

    fn run_with(moves: &str, direction: Direction, antipodes: usize) -> GodReport {
        let p = load_puzzle(CUBE2).unwrap();
        let set = MoveSet::parse(&p, moves).unwrap();
        let options = GodOptions { direction, antipodes, ..GodOptions::default() };
        gods_algorithm(&p, &set, &options, Control::none()).unwrap()
    }

    #[test]
    fn every_direction_gives_the_same_table_and_antipodes() {
        let auto = run(Direction::Auto, 4);
        for d in [Direction::Forward, Direction::Backward] {
            let r = run(d, 4);
            assert_eq!(r.counts, auto.counts, "{d:?}");
            let states = |r: &GodReport| r.antipodes.iter().map(|a| a.state.clone()).collect::<Vec<_>>();
            assert_eq!(states(&r), states(&auto), "{d:?}");
        }
        assert!(run(Direction::Backward, 0).backward.iter().all(|&b| b));
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn one_and_several_threads_agree() {
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let four = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
        // U,F,R has enough rows for each thread to own a range of targets in forward sweeps.
        for d in [Direction::Auto, Direction::Forward] {
            let a = one.install(|| run_with("U,F,R", d, 3));
            let b = four.install(|| run_with("U,F,R", d, 3));
            assert_eq!(a.counts, b.counts);
            assert_eq!(a.total, 3_674_160);
            assert_eq!(a.antipodes.len(), 3);
            for (x, y) in a.antipodes.iter().zip(&b.antipodes) {
                assert_eq!(x.state, y.state);
            }
        }
    }
}
