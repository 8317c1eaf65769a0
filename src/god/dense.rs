//! The breadth-first search over a [`DenseIndex`] with two bits per position ([`DepthBits`]), level by
//! level. Each level is one sweep over the rows, split into chunks that run in parallel:
//!
//! - **forward**: every frontier position (value `d mod 3`) of a row is moved by every move. Where the
//!   memory allows a [`MarkBits`] beside the depths (and no placement is illegal), each image is only
//!   marked (a load, OR and store: no test of what it holds), and the marks are settled into the depths
//!   afterwards, word by word; otherwise an unseen image is claimed where it lies. Either way each thread
//!   writes only its own range of target rows. Cheap while the frontier is small.
//! - **backward**: every unseen position of a row looks for a neighbour in the frontier and stops at the
//!   first; found positions are set with one atomic operation per word. Cheap once most positions are
//!   seen, and it writes only its own rows.
//!
//! The levels run on the crate's breadth-first driver ([`levels`]), which chooses the direction of each
//! by an estimate of the work of each; this file holds the sweeps ([`Sweeps`]) of a dense index.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::control::{Control, Progress};
use crate::coord::bits::{DepthBits, MarkBits, UNSEEN};
pub use crate::coord::fill::Direction;
use crate::coord::fill::{levels, Levels, Packing, Plan, Sweeps};
use crate::coord::index::DenseIndex;
use crate::coord::index::Scratch;
use crate::coord::residue::closer_residue;
use crate::error::{Error, Result};

/// A forward sweep prefetches each target row when the source row holds at least one frontier position
/// per this many positions (below, most of the row's lines would not be touched).
const PREFETCH_DENSITY: u64 = 64;

/// What a finished search holds.
pub(crate) struct DenseRun {
    /// Positions at each depth.
    pub(crate) counts: Vec<u64>,
    /// Whether each level (after the first) was swept backward.
    pub(crate) backward: Vec<bool>,
    /// Up to the requested number of positions at the last depth, smallest indices first.
    pub(crate) last: Vec<u64>,
    /// The depth of every position.
    pub(crate) bits: DepthBits,
    /// Bytes the search took beside the depth bits (its [`MarkBits`]).
    pub(crate) mark_bytes: u64,
}

/// Per-chunk result of a sweep.
#[derive(Default)]
struct ChunkOut {
    found: u64,
    keep: Vec<u64>,
}

/// Keeps the `n` smallest values pushed, in no particular order, among at most `2 n` values (callers
/// sort and truncate at the end). Amortized constant time per push, whatever `n` is and in whatever order
/// the values come: from the `n`-th push on, `keep[n - 1]` is the largest of `keep[..n]`, so a value not
/// below it cannot be among the `n` smallest and costs one comparison; the others are appended, and at
/// `2 n` values the `n` smallest are selected again in linear time.
#[inline]
pub(super) fn keep_push(keep: &mut Vec<u64>, n: usize, v: u64) {
    if n == 0 || (keep.len() >= n && v >= keep[n - 1]) {
        return;
    }
    keep.push(v);
    if keep.len() == n || keep.len() == n.saturating_mul(2) {
        keep.select_nth_unstable(n - 1);
        keep.truncate(n);
    }
}

pub(super) fn chunks<R: Send>(n: usize, f: impl Fn(usize) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..n).map(f).collect()
    }
}

/// [`chunks`] with per-task scratch space, made by `init` once per run of chunks on a thread rather than
/// once per chunk.
fn chunks_with<W, R: Send>(
    n: usize,
    init: impl Fn() -> W + Sync + Send,
    f: impl Fn(&mut W, usize) -> R + Sync + Send,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map_init(init, f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut w = init();
        (0..n).map(|c| f(&mut w, c)).collect()
    }
}

/// Scratch space of one thread's sweep over rows.
struct Work {
    s: Scratch,
    /// Offsets in the row being swept.
    list: Vec<u32>,
    found: Vec<u32>,
    masks: Vec<u64>,
}

impl Work {
    fn new(index: &DenseIndex) -> Work {
        let row = index.row as usize;
        Work {
            s: index.scratch(),
            list: Vec::with_capacity(row),
            found: Vec::with_capacity(row),
            masks: vec![0; row / 32 + 2],
        }
    }
}

/// Runs the search from the position with index `start`, on the crate's breadth-first driver
/// ([`levels`]) with this file's sweeps. `reachable` is an upper bound on the positions the moves can
/// reach (the group order), used to choose directions; `keep` how many last-depth positions to return;
/// `spare` the bytes the search may take beyond the depth bits (for [`MarkBits`]: when they fit, forward
/// steps mark their targets and settle them afterwards, which is several times cheaper per step than
/// claiming each target).
#[allow(clippy::too_many_arguments)]
pub(crate) fn search(
    index: &DenseIndex,
    start: u64,
    reachable: u64,
    keep: usize,
    direction: Direction,
    max_depth: Option<u32>,
    spare: u64,
    control: Control,
) -> Result<DenseRun> {
    let bits = DepthBits::new(index.size())?;
    let can_mark = !index.has_illegal() && MarkBits::bytes_for(index.size()) <= spare;
    if !bits.claim(start, 0) {
        return Err(Error::internal("the start position was claimed twice"));
    }
    let size = index.size();
    let plan =
        Plan { size, moves: index.moves() as u64, reachable, direction, backward: true, max_depth, report: None };
    let mut sweeps = DenseSweeps { index, bits, marks: None, can_mark, keep, last: vec![start] };
    let Levels { counts, backward } = levels(&mut sweeps, &plan, 1, control)?;
    let DenseSweeps { bits, marks, mut last, .. } = sweeps;
    last.truncate(keep);
    let mark_bytes = marks.map_or(0, |_| MarkBits::bytes_for(size));
    Ok(DenseRun { counts, backward, last, bits, mark_bytes })
}

/// The sweeps of a search over a dense index, for the level driver.
struct DenseSweeps<'a> {
    index: &'a DenseIndex,
    bits: DepthBits,
    /// Allocated at the first forward sweep when `can_mark`.
    marks: Option<MarkBits>,
    can_mark: bool,
    /// How many positions of the last depth to keep, and those of the last depth swept.
    keep: usize,
    last: Vec<u64>,
}

impl DenseSweeps<'_> {
    /// One level's sweep from `depth`; the positions found, the first `keep` of them kept in `last`.
    fn level(&mut self, depth: u32, back: bool, control: Control) -> u64 {
        let step = Step {
            index: self.index,
            bits: &self.bits,
            marks: self.marks.as_ref().filter(|_| !back),
            cur: (depth % 3) as u8,
            next: ((depth + 1) % 3) as u8,
            keep: self.keep,
            depth,
        };
        let outs = step.sweep(back, control);
        let found: u64 = outs.iter().map(|o| o.found).sum();
        if found > 0 {
            let mut kept: Vec<u64> = outs.into_iter().flat_map(|o| o.keep).collect();
            crate::sort::sort(&mut kept);
            kept.truncate(self.keep);
            self.last = kept;
        }
        found
    }
}

impl Sweeps for DenseSweeps<'_> {
    fn forward(&mut self, depth: u32, counts: &mut Vec<u64>, control: Control) -> u64 {
        if self.can_mark && self.marks.is_none() {
            self.marks = MarkBits::new(self.index.size());
        }
        let found = self.level(depth, false, control);
        counts.resize(depth as usize + 2, 0);
        counts[depth as usize + 1] += found;
        found
    }

    fn backward(&mut self, depth: u32, control: Control) -> u64 {
        self.level(depth, true, control)
    }

    fn max_depth(&self) -> u32 {
        <DepthBits as Packing>::MAX_DEPTH
    }
}

/// One breadth-first step: from the positions at `depth` (value `cur`) to those at `depth + 1` (`next`).
struct Step<'a> {
    index: &'a DenseIndex,
    bits: &'a DepthBits,
    /// For a forward step: the targets are marked here, then settled.
    marks: Option<&'a MarkBits>,
    cur: u8,
    next: u8,
    /// How many positions of the new depth to keep.
    keep: usize,
    depth: u32,
}

impl Step<'_> {
    /// Sweeps every row, in chunks on the threads; each chunk's count and kept positions.
    fn sweep(&self, back: bool, control: Control) -> Vec<ChunkOut> {
        let (index, bits, next, keep, depth) = (self.index, self.bits, self.next, self.keep, self.depth);
        let rows = index.rows;
        let chunk_rows = rows.div_ceil(512).max(1);
        let n_chunks = rows.div_ceil(chunk_rows) as usize;
        let done = AtomicU64::new(0);
        let regions = target_regions(rows, index.row, threads());
        if let Some(marks) = self.marks.filter(|_| !back) {
            // Every thread marks the targets in its own range of rows (whole words), reading every
            // frontier row, then the marks are settled in chunks.
            chunks(regions.len(), |r| {
                let mut w = Work::new(index);
                for lo in (0..rows).step_by(chunk_rows as usize) {
                    if control.is_cancelled() {
                        break;
                    }
                    let hi = (lo + chunk_rows).min(rows);
                    self.mark_rows(marks, lo..hi, regions[r].clone(), &mut w);
                    if r == 0 {
                        control.report(Progress { phase: "god", depth: depth + 1, done: hi, total: Some(rows) });
                    }
                }
            });
            let size = index.size();
            let per = size.div_ceil(512).next_multiple_of(64).max(64);
            return chunks(size.div_ceil(per) as usize, |c| {
                let mut out = ChunkOut::default();
                if !control.is_cancelled() {
                    let lo = c as u64 * per;
                    out.found = bits.settle(marks, lo..(lo + per).min(size), next, keep, &mut out.keep);
                }
                out
            });
        }
        if !back && regions.len() > 1 {
            // Forward with several threads: each thread owns a range of target rows (whole words), reads
            // every frontier row and writes only its own targets, so no write needs a locked operation.
            chunks(regions.len(), |r| {
                let mut out = ChunkOut::default();
                let mut w = Work::new(index);
                for lo in (0..rows).step_by(chunk_rows as usize) {
                    if control.is_cancelled() {
                        break;
                    }
                    let hi = (lo + chunk_rows).min(rows);
                    let targets = Some(regions[r].clone());
                    let o = self.forward_rows(lo..hi, targets, &mut w);
                    out.found += o.found;
                    for v in o.keep {
                        keep_push(&mut out.keep, keep, v);
                    }
                    if r == 0 {
                        control.report(Progress { phase: "god", depth: depth + 1, done: hi, total: Some(rows) });
                    }
                }
                out
            })
        } else {
            chunks_with(
                n_chunks,
                || Work::new(index),
                |w, c| {
                    if control.is_cancelled() {
                        return ChunkOut::default();
                    }
                    let lo = c as u64 * chunk_rows;
                    let hi = (lo + chunk_rows).min(rows);
                    let out = if back { self.backward_rows(lo..hi, w) } else { self.forward_rows(lo..hi, None, w) };
                    let d = done.fetch_add(hi - lo, Relaxed) + (hi - lo);
                    control.report(Progress { phase: "god", depth: depth + 1, done: d, total: Some(rows) });
                    out
                },
            )
        }
    }
}

/// The worker threads a sweep will use.
fn threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    return 1;
}

/// Splits the rows into `n` ranges of about equal size whose positions start on word boundaries (one
/// range when there are too few rows).
fn target_regions(rows: u64, row: u64, n: usize) -> Vec<std::ops::Range<u64>> {
    // Rows per word boundary: the least k with k · row a multiple of 64 (a word of marks; two of depths).
    let align = 64 / gcd(row, 64);
    if n <= 1 || row == 0 || rows < align * n as u64 * 4 {
        return std::iter::once(0..rows).collect();
    }
    let mut bounds: Vec<u64> = (0..n as u64).map(|k| rows * k / n as u64 / align * align).collect();
    bounds.push(rows);
    bounds.windows(2).map(|w| w[0]..w[1]).filter(|r| !r.is_empty()).collect()
}

/// Moves the values of `list` for which `hit` holds to `found[*n_found..]`, keeping the others in `list`
/// (both in order), without branches: a backward sweep's split of a row's unreached positions into
/// those a move takes to the frontier and the rest.
#[inline(always)]
pub(super) fn split_off_hits(list: &mut Vec<u32>, found: &mut [u32], n_found: &mut usize, hit: impl Fn(u32) -> bool) {
    let mut n_left = 0;
    for k in 0..list.len() {
        let i = list[k];
        let h = hit(i) as usize;
        list[n_left] = i;
        found[*n_found] = i;
        n_left += 1 - h;
        *n_found += h;
    }
    list.truncate(n_left);
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The sweeps of one step over a range of rows, on one thread.
impl Step<'_> {
    /// Forward steps from the frontier positions of `rows`. With `targets`, only moves into those rows are
    /// made, and this thread is their only writer (plain stores); without, targets are claimed atomically,
    /// unless only one thread runs.
    fn forward_rows(
        &self,
        rows: std::ops::Range<u64>,
        targets: Option<std::ops::Range<u64>>,
        w: &mut Work,
    ) -> ChunkOut {
        let (index, bits, next, keep, cur) = (self.index, self.bits, self.next, self.keep, self.cur);
        let alone = targets.is_some() || threads() == 1;
        let (t_lo, t_hi) = targets.map_or((0, u64::MAX), |t| (t.start, t.end));
        let mut out = ChunkOut::default();
        let (s, list) = (&mut w.s, &mut w.list);
        let row = index.row;
        let illegal = index.has_illegal();
        for o in rows {
            list.clear();
            bits.collect(o * row, row, cur, list);
            if list.is_empty() {
                continue;
            }
            // The rows this row's moves lead to (`None`: not this call's to write, or illegal).
            let mut target_rows = (0..index.moves()).map(|mv| {
                let o2 = index.outer_image(o, mv, s);
                let skip = o2 < t_lo || o2 >= t_hi || (illegal && !index.outer_legal(o2, s));
                (mv, o2, skip)
            });
            let prefetch = list.len() as u64 * PREFETCH_DENSITY >= row;
            let mut ahead = target_rows.find(|t| !t.2);
            if prefetch {
                if let Some((_, o2, _)) = ahead {
                    bits.prefetch_range(o2 * row, row);
                }
            }
            while let Some((mv, o2, _)) = ahead {
                ahead = target_rows.find(|t| !t.2);
                if prefetch {
                    // The next target row comes into the cache while this one is written: the writes land
                    // all over a row, and waiting for each of its lines would dominate the sweep.
                    if let Some((_, o3, _)) = ahead {
                        bits.prefetch_range(o3 * row, row);
                    }
                }
                let base = o2 * row;
                let table = index.inner_moves(mv);
                if alone && keep == 0 && !illegal {
                    // The common case, branch-free: most of the sweep's time otherwise goes to mispredicting
                    // whether each target is new. The count stays in a register.
                    let mut found = 0u64;
                    for &i in list.iter() {
                        // SAFETY: as below.
                        found +=
                            unsafe { bits.claim_alone_if_unseen(base + *table.get_unchecked(i as usize) as u64, next) };
                    }
                    out.found += found;
                    continue;
                }
                for &i in list.iter() {
                    // SAFETY: as in the backward sweep: `i < row`, the table maps below `row`, `base` starts a row.
                    let i2 = unsafe { *table.get_unchecked(i as usize) };
                    let t = base + i2 as u64;
                    if unsafe { bits.get_unchecked(t) } != UNSEEN || (illegal && !index.inner_legal(i2 as u32)) {
                        continue;
                    }
                    if alone {
                        bits.claim_alone(t, next);
                    } else if !bits.claim(t, next) {
                        continue;
                    }
                    out.found += 1;
                    keep_push(&mut out.keep, keep, t);
                }
            }
        }
        out
    }

    /// Forward steps from the frontier positions of `rows` into the rows `targets` (this thread their only
    /// writer): each target is marked, whatever it holds; [`DepthBits::settle`] sorts them out afterwards.
    fn mark_rows(&self, marks: &MarkBits, rows: std::ops::Range<u64>, targets: std::ops::Range<u64>, w: &mut Work) {
        let (index, bits, cur) = (self.index, self.bits, self.cur);
        let (s, list) = (&mut w.s, &mut w.list);
        let row = index.row;
        let mut target_rows: Vec<(usize, u64)> = Vec::with_capacity(index.moves());
        for o in rows {
            list.clear();
            bits.collect(o * row, row, cur, list);
            if list.is_empty() {
                continue;
            }
            target_rows.clear();
            target_rows.extend((0..index.moves()).map(|mv| (mv, index.outer_image(o, mv, s))));
            target_rows.retain(|&(_, o2)| targets.contains(&o2));
            let prefetch = list.len() as u64 * PREFETCH_DENSITY >= row;
            for (k, &(mv, o2)) in target_rows.iter().enumerate() {
                if prefetch {
                    // The next target row comes into the cache while this one is marked: the marks land all
                    // over a row, and waiting for each of its lines would dominate the step.
                    if let Some(&(_, o3)) = target_rows.get(k + 1) {
                        marks.prefetch_range(o3 * row, row);
                    }
                }
                let base = o2 * row;
                let table = index.inner_moves(mv);
                for &i in list.iter() {
                    // SAFETY: `i < row` (an offset in this row) and the table maps inner values below `row` to
                    // inner values below `row`; `base` starts a row, so the position is below the index's size.
                    unsafe { marks.mark_alone(base + *table.get_unchecked(i as usize) as u64) };
                }
            }
        }
    }

    /// Backward steps into the unseen positions of `rows`: each looks for a neighbour in the frontier.
    fn backward_rows(&self, rows: std::ops::Range<u64>, w: &mut Work) -> ChunkOut {
        let (index, bits, next, keep, cur) = (self.index, self.bits, self.next, self.keep, self.cur);
        let mut out = ChunkOut::default();
        let Work { s, list, found, masks } = w;
        let row = index.row;
        let illegal = index.has_illegal();
        for o in rows {
            if illegal && !index.outer_legal(o, s) {
                continue;
            }
            list.clear();
            bits.collect(o * row, row, UNSEEN, list);
            if illegal {
                list.retain(|&i| index.inner_legal(i));
            }
            if list.is_empty() {
                continue;
            }
            // Branch-free partition of the unseen positions into found and still unseen: whether a neighbour
            // is in the frontier is unpredictable, and mispredicted branches would dominate the sweep.
            found.resize(list.len(), 0);
            let mut n_found = 0;
            for mv in 0..index.moves() {
                if list.is_empty() {
                    break;
                }
                let base = index.outer_image(o, mv, s) * row;
                let table = index.inner_moves(mv);
                split_off_hits(list, found, &mut n_found, |i| {
                    // SAFETY: `i < row` (an offset in this row) and the table maps inner values below `row` to
                    // inner values below `row`; `base` starts a row, so the index is below the table's size.
                    unsafe { bits.get_unchecked(base + *table.get_unchecked(i as usize) as u64) == cur }
                });
            }
            found.truncate(n_found);
            if found.is_empty() {
                continue;
            }
            bits.claim_all(o * row, found, next, masks);
            out.found += found.len() as u64;
            for &i in found.iter().filter(|_| keep > 0) {
                keep_push(&mut out.keep, keep, o * row + i as u64);
            }
        }
        out
    }
}

/// The moves (indices into the index's move list) that take the position `from`, at `depth`, back to the
/// start, one depth at a time. `value` gives a position's stored value (its depth mod 3, or [`UNSEEN`]).
pub(crate) fn path_to_start(
    index: &DenseIndex,
    value: &dyn Fn(u64) -> u8,
    from: u64,
    depth: u32,
) -> Result<Vec<usize>> {
    let mut s = index.scratch();
    let mut at = from;
    let mut path = Vec::with_capacity(depth as usize);
    for d in (1..=depth).rev() {
        let want = ((d - 1) % 3) as u8;
        let (o, i) = (at / index.row, (at % index.row) as usize);
        let step = (0..index.moves()).find_map(|mv| {
            let t = index.outer_image(o, mv, &mut s) * index.row + index.inner_moves(mv)[i] as u64;
            (value(t) == want).then_some((mv, t))
        });
        let Some((mv, t)) = step else {
            return Err(Error::internal("no move leads closer to the start"));
        };
        path.push(mv);
        at = t;
    }
    Ok(path)
}

/// The distance of the position `at` (`None` when not reached), by walking towards the start; `value` as
/// for [`path_to_start`].
pub(crate) fn depth_of(index: &DenseIndex, value: &dyn Fn(u64) -> u8, mut at: u64, start: u64) -> Option<u32> {
    let mut s = index.scratch();
    let mut v = value(at);
    if v == UNSEEN {
        return None;
    }
    let mut depth = 0u32;
    while at != start {
        let want = closer_residue(v);
        let (o, i) = (at / index.row, (at % index.row) as usize);
        at = (0..index.moves()).find_map(|mv| {
            let t = index.outer_image(o, mv, &mut s) * index.row + index.inner_moves(mv)[i] as u64;
            (value(t) == want).then_some(t)
        })?;
        v = want;
        depth += 1;
    }
    Some(depth)
}
