//! The breadth-first search of [`super::dense`] reduced by symmetry: conjugating a position by a rotation
//! that keeps the move set keeps its distance, so only the rows (outer values) that are the smallest of
//! their class under conjugation are stored, with all their inner values. A neighbour is looked up in
//! its class representative's row: conjugation maps a row `o` onto its representative by a symmetry
//! `k`, and the inner values of that row by `i ↦ G_k(i) ⊕ c(k, o)` (a map of the symmetry alone, then
//! a digit-wise sum of orientations that depends on the row), all from tables. Every stored position is
//! a real position and gets its own exact distance; each stands for the positions of the rows in its
//! row's class, so the plain counts are the stored counts weighted by class sizes.
//!
//! Forward sweeps also mark the positions a representative row's own symmetries (its stabilizer) make
//! equivalent to a new one, so every stored position at a depth is marked, not just one per class.
//!
//! Used when the inner part is one orientation coordinate and the tables fit; the conjugation tables
//! are checked on sample positions against conjugating states, and anything that does not fit falls
//! back to the plain search.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use super::dense::{chunks, keep_push, split_off_hits, DenseRun, Direction};
use super::symmetry::Symmetry;
use crate::control::{Control, Progress};
use crate::coord::bits::{DepthBits, UNSEEN};
use crate::coord::index::DenseIndex;
use crate::error::Result;
use crate::group::symmetry::SymClasses;
use crate::model::layout::Layout;

/// The largest row the digit-sum table serves (`row²` entries of two bytes).
const MAX_ROW: u64 = 4096;
/// The most `rows × symmetries` conjugations computed to build the plan (a few seconds at most).
const MAX_CONJUGATIONS: u64 = 1 << 26;

/// Building the tables costs about this many plain sweep steps per row and symmetry (a conjugation of a
/// whole state and its coordinates against one table lookup; measured on the 2x2x2 and the pyraminx).
const CONJUGATION_COST: f64 = 256.0;

/// Whether reducing a dense search of `size` positions (rows of `row`) with `moves` moves by `symmetries`
/// pays: building the tables plus sweeping the stored positions must cost at most half the plain sweeps.
pub(crate) fn pays(size: u64, row: u64, moves: usize, symmetries: usize) -> bool {
    let plain = size as f64 * moves as f64;
    let tables = (size / row.max(1)) as f64 * symmetries as f64 * CONJUGATION_COST;
    symmetries > 1 && tables + plain / symmetries as f64 <= plain / 2.0
}

/// The tables of a symmetry-reduced search.
pub(crate) struct SymPlan {
    row: u64,
    /// The representative rows, increasing.
    reps: Vec<u64>,
    /// Per row: the slot (index in `reps`) of its representative.
    slot_of: Vec<u32>,
    /// Per row: the symmetry mapping it onto its representative.
    k_of: Vec<u16>,
    /// Per row: `c(k_of, o)`, the orientation digits that symmetry adds to the row's inner values.
    c_of: Vec<u16>,
    /// `g[k · row + i]`: `G_k(i)`.
    g: Vec<u16>,
    /// `add[c · row + v]`: the digit-wise sum of `v` and `c`.
    add: Vec<u16>,
    /// Per slot: how many rows its class has.
    class: Vec<u64>,
    /// Per slot: the other symmetries that map its row onto itself, with their `c`.
    stab: Vec<Vec<(u16, u16)>>,
    /// The number of symmetries.
    pub(crate) symmetries: usize,
}

/// Conjugation of a plain index by symmetry `k` (with scratch space).
type Conj<'a> = dyn Fn(usize, u64, &mut crate::coord::index::Scratch, &mut Vec<u8>) -> Option<u64> + 'a;

/// A row's map onto its representative.
#[derive(Clone, Copy)]
struct RowMap {
    slot: u64,
    k: usize,
    c: usize,
}

impl SymPlan {
    /// Builds the plan, or `None` when the reduction does not apply (or would not pay).
    pub(crate) fn new(
        layout: &Layout,
        index: &DenseIndex,
        start: u64,
        syms: &[Symmetry],
        budget: u64,
        control: Control,
    ) -> Option<SymPlan> {
        let m = index.inner_ori_modulus()? as u64;
        let (row, rows, ns) = (index.row, index.rows, syms.len());
        if ns < 2 || ns > u16::MAX as usize || row > MAX_ROW || index.has_illegal() {
            return None;
        }
        if rows.checked_mul(ns as u64)? > MAX_CONJUGATIONS || rows > u32::MAX as u64 {
            return None;
        }
        let digits = Digits::of_row(row, m)?;
        // Tables: g, add, per-row maps; the depth bits come on top (about 1/ns of the plain ones).
        let need = 2 * (ns as u64 * row + row * row) + rows * 10;
        if need > budget / 2 {
            return None;
        }
        // Checked: conjugation by the full state, with the index's own check of the bytes.
        let conj = |k: usize, at: u64, s: &mut crate::coord::index::Scratch, buf: &mut Vec<u8>| -> Option<u64> {
            let x = index.state_of(at, s);
            buf.resize(x.len(), 0);
            syms[k].conjugate(layout, &x, buf);
            index.index_of(buf, s)
        };
        let classes = row_classes(layout, index, syms, control)?;
        let g = g_table(index, start, ns, &conj, &digits)?;
        let add = digits.add_table();
        let RowClasses { reps, slot_of, k_of, c_of, class, stab } = classes;
        let plan = SymPlan { row, reps, slot_of, k_of, c_of, g, add, class, stab, symmetries: ns };
        plan.check(index, start, ns, &conj).then_some(plan)
    }

    /// Checks, for every symmetry, that it fixes the start, and on sample positions that it maps the
    /// moves' neighbours onto the neighbours of the image, and that the tables agree with conjugating
    /// states.
    fn check(&self, index: &DenseIndex, start: u64, ns: usize, conj: &Conj) -> bool {
        let mut s = index.scratch();
        let mut buf = Vec::new();
        let size = index.size();
        let row = self.row;
        let neighbours = |at: u64, s: &mut crate::coord::index::Scratch| -> Vec<u64> {
            let (o, i) = (at / row, (at % row) as usize);
            let mut v: Vec<u64> = (0..index.moves())
                .map(|mv| index.outer_image(o, mv, s) * row + index.inner_moves(mv)[i] as u64)
                .collect();
            v.sort_unstable();
            v
        };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..ns {
            if conj(k, start, &mut s, &mut buf) != Some(start) {
                return false;
            }
            for _ in 0..16 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let at = x % size;
                let (o, i) = (at / row, at % row);
                let Some(want) = conj(k, at, &mut s, &mut buf) else { return false };
                let Some(c) = conj(k, o * row, &mut s, &mut buf) else { return false };
                let got = self.add[((c % row) * row + self.g[k * row as usize + i as usize] as u64) as usize];
                if want / row != c / row || want % row != got as u64 {
                    return false;
                }
                let mut images = Vec::new();
                for t in neighbours(at, &mut s) {
                    let Some(u) = conj(k, t, &mut s, &mut buf) else { return false };
                    images.push(u);
                }
                images.sort_unstable();
                if images != neighbours(want, &mut s) {
                    return false;
                }
            }
        }
        true
    }

    /// Stored positions.
    pub(crate) fn size(&self) -> u64 {
        self.reps.len() as u64 * self.row
    }

    /// Bytes of the tables and the depth bits.
    pub(crate) fn bytes(&self) -> u64 {
        2 * (self.g.len() + self.add.len()) as u64 + self.slot_of.len() as u64 * 8 + DepthBits::bytes_for(self.size())
    }

    #[inline(always)]
    fn map(&self, o: u64) -> RowMap {
        let o = o as usize;
        RowMap { slot: self.slot_of[o] as u64, k: self.k_of[o] as usize, c: self.c_of[o] as usize }
    }

    /// The stored position equivalent to the plain index `at`.
    #[inline]
    pub(crate) fn stored(&self, at: u64) -> u64 {
        let (o, i) = (at / self.row, (at % self.row) as usize);
        let r = self.map(o);
        let row = self.row as usize;
        r.slot * self.row + self.add[r.c * row + self.g[r.k * row + i] as usize] as u64
    }

    /// The plain index of stored position `t`.
    pub(crate) fn plain(&self, t: u64) -> u64 {
        self.reps[(t / self.row) as usize] * self.row + t % self.row
    }
}

/// Runs the reduced search from the plain index `start`; counts are of plain positions.
pub(crate) fn search(
    index: &DenseIndex,
    plan: &SymPlan,
    start: u64,
    keep: usize,
    direction: Direction,
    max_depth: Option<u32>,
    control: Control,
) -> Result<(DenseRun, Vec<u64>)> {
    let row = plan.row;
    let n_rows = plan.reps.len() as u64;
    let bits = DepthBits::new(plan.size())?;
    let s0 = plan.stored(start);
    let mut stored_counts = vec![0u64];
    let mut counts = vec![0u64];
    let mut first = vec![s0];
    claim_with_stabilizer(plan, &bits, s0, 0, &mut |t| {
        stored_counts[0] += 1;
        counts[0] += plan.class[(t / row) as usize];
        first.push(t);
    });
    first.sort_unstable();
    first.dedup();
    let mut last = first;
    let mut seen = stored_counts[0];
    let moves = index.moves() as u64;
    let chunk_rows = n_rows.div_ceil(256).max(1);
    let n_chunks = n_rows.div_ceil(chunk_rows) as usize;
    let mut backward = Vec::new();
    loop {
        let depth = counts.len() as u32 - 1;
        if max_depth.is_some_and(|m| depth >= m) {
            break;
        }
        let frontier = *stored_counts.last().expect("depth 0");
        let unseen = plan.size() - seen;
        let back = match direction {
            Direction::Forward => false,
            Direction::Backward => true,
            Direction::Auto => (unseen as f64) * (moves as f64 / 2.0).max(1.0) < frontier as f64 * moves as f64,
        };
        let (cur, next) = ((depth % 3) as u8, ((depth + 1) % 3) as u8);
        let done = AtomicU64::new(0);
        let outs = chunks(n_chunks, |c| {
            let mut out = Out::default();
            if control.is_cancelled() {
                return out;
            }
            let lo = c as u64 * chunk_rows;
            let hi = (lo + chunk_rows).min(n_rows);
            Sweep { index, plan, bits: &bits, cur, next, keep }.rows(lo..hi, back, &mut out);
            let d = done.fetch_add(hi - lo, Relaxed) + (hi - lo);
            control.report(Progress { phase: "god", depth: depth + 1, done: d, total: Some(n_rows) });
            out
        });
        control.check()?;
        let found: u64 = outs.iter().map(|o| o.stored).sum();
        if found == 0 {
            break;
        }
        counts.push(outs.iter().map(|o| o.plain).sum());
        stored_counts.push(found);
        let mut kept: Vec<u64> = outs.into_iter().flat_map(|o| o.keep).collect();
        kept.sort_unstable();
        kept.truncate(keep);
        last = kept;
        backward.push(back);
        seen += found;
    }
    last.truncate(keep);
    Ok((DenseRun { counts, backward, last, bits, mark_bytes: 0 }, stored_counts))
}

/// Claims stored position `t` and its equivalents in the same row (its row's stabilizer), calling `new`
/// for each one this call set.
fn claim_with_stabilizer(plan: &SymPlan, bits: &DepthBits, t: u64, v: u8, new: &mut dyn FnMut(u64)) {
    if bits.claim(t, v) {
        new(t);
    }
    let (slot, i) = ((t / plan.row) as usize, (t % plan.row) as usize);
    let row = plan.row as usize;
    for &(k, c) in &plan.stab[slot] {
        let j = plan.add[c as usize * row + plan.g[k as usize * row + i] as usize] as u64;
        let u = slot as u64 * plan.row + j;
        if bits.get(u) == UNSEEN && bits.claim(u, v) {
            new(u);
        }
    }
}

/// One move from one representative row: where each inner value of the row lands among the stored
/// positions (the move's inner table, then the target row's conjugation onto its representative).
struct Step<'a> {
    /// The target representative's slot.
    slot: u64,
    base: u64,
    table: &'a [u16],
    g: &'a [u16],
    add: &'a [u16],
}

impl<'a> Step<'a> {
    #[inline(always)]
    fn new(
        index: &'a DenseIndex,
        plan: &'a SymPlan,
        o: u64,
        mv: usize,
        s: &mut crate::coord::index::Scratch,
    ) -> Step<'a> {
        let row = plan.row as usize;
        let r = plan.map(index.outer_image(o, mv, s));
        Step {
            slot: r.slot,
            base: r.slot * plan.row,
            table: index.inner_moves(mv),
            g: &plan.g[r.k * row..(r.k + 1) * row],
            add: &plan.add[r.c * row..(r.c + 1) * row],
        }
    }

    /// The stored position inner value `i` of the row goes to.
    #[inline(always)]
    fn target(&self, i: u32) -> u64 {
        self.base + self.add[self.g[self.table[i as usize] as usize] as usize] as u64
    }
}

#[derive(Default)]
struct Out {
    stored: u64,
    plain: u64,
    keep: Vec<u64>,
}

/// One level's sweep over representative rows: forward from the entries at `cur`, or backward (entries
/// not seen yet that a move takes to `cur`), setting `next`.
struct Sweep<'a> {
    index: &'a DenseIndex,
    plan: &'a SymPlan,
    bits: &'a DepthBits,
    cur: u8,
    next: u8,
    keep: usize,
}

impl Sweep<'_> {
    /// Sweeps the representative rows `slots` into `out`.
    fn rows(&self, slots: std::ops::Range<u64>, backward: bool, out: &mut Out) {
        let (plan, bits, row) = (self.plan, self.bits, self.plan.row);
        let mut s = self.index.scratch();
        let mut list: Vec<u32> = Vec::with_capacity(row as usize);
        let mut found: Vec<u32> = Vec::with_capacity(if backward { row as usize } else { 0 });
        let mut masks: Vec<u64> = vec![0; if backward { (row / 32 + 2) as usize } else { 0 }];
        for slot in slots {
            list.clear();
            bits.collect(slot * row, row, if backward { UNSEEN } else { self.cur }, &mut list);
            if list.is_empty() {
                continue;
            }
            let o = plan.reps[slot as usize];
            if backward {
                self.backward(slot, o, &mut list, &mut found, &mut masks, &mut s, out);
            } else {
                self.forward(o, &list, &mut s, out);
            }
        }
    }

    /// The row `o`'s inner values `list` (at `cur`): every unseen neighbour gets `next`.
    fn forward(&self, o: u64, list: &[u32], s: &mut crate::coord::index::Scratch, out: &mut Out) {
        let (plan, bits, keep) = (self.plan, self.bits, self.keep);
        for mv in 0..self.index.moves() {
            let step = Step::new(self.index, plan, o, mv, s);
            let class = plan.class[step.slot as usize];
            let stab = !plan.stab[step.slot as usize].is_empty();
            for &i in list {
                let t = step.target(i);
                if bits.get(t) != UNSEEN {
                    continue;
                }
                if stab {
                    claim_with_stabilizer(plan, bits, t, self.next, &mut |u| {
                        out.stored += 1;
                        out.plain += class;
                        keep_push(&mut out.keep, keep, u);
                    });
                } else if bits.claim(t, self.next) {
                    out.stored += 1;
                    out.plain += class;
                    keep_push(&mut out.keep, keep, t);
                }
            }
        }
    }

    /// The representative row `slot` (`o`)'s unseen inner values `list`: those a move takes to `cur` get
    /// `next`.
    #[allow(clippy::too_many_arguments)]
    fn backward(
        &self,
        slot: u64,
        o: u64,
        list: &mut Vec<u32>,
        found: &mut Vec<u32>,
        masks: &mut [u64],
        s: &mut crate::coord::index::Scratch,
        out: &mut Out,
    ) {
        let (plan, bits, row, keep) = (self.plan, self.bits, self.plan.row, self.keep);
        found.resize(list.len(), 0);
        let mut n_found = 0;
        for mv in 0..self.index.moves() {
            if list.is_empty() {
                break;
            }
            let step = Step::new(self.index, plan, o, mv, s);
            split_off_hits(list, found, &mut n_found, |i| bits.get(step.target(i)) == self.cur);
        }
        found.truncate(n_found);
        if found.is_empty() {
            return;
        }
        bits.claim_all(slot * row, found, self.next, masks);
        out.stored += found.len() as u64;
        out.plain += found.len() as u64 * plan.class[slot as usize];
        for &i in found.iter().filter(|_| keep > 0) {
            keep_push(&mut out.keep, keep, slot * row + i as u64);
        }
    }
}

/// Orientation digits base `m`, `digits` of them to a row's inner value.
struct Digits {
    m: u64,
    digits: u32,
    row: u64,
}

impl Digits {
    /// The digits of a row of `row` values, or `None` when `row` is not a power of `m`.
    fn of_row(row: u64, m: u64) -> Option<Digits> {
        let (mut digits, mut p) = (0u32, 1u64);
        while p < row {
            p *= m;
            digits += 1;
        }
        (p == row).then_some(Digits { m, digits, row })
    }

    /// The digit-wise sum (`sign` 1) or difference (`sign` -1) of `a` and `b`, mod `m`.
    fn add(&self, a: u64, b: u64, sign: i64) -> u64 {
        let m = self.m;
        let (mut x, mut y, mut out, mut p) = (a, b, 0u64, 1u64);
        for _ in 0..self.digits {
            let d = ((x % m) as i64 + sign * (y % m) as i64).rem_euclid(m as i64) as u64;
            out += d * p;
            p *= m;
            x /= m;
            y /= m;
        }
        out
    }

    /// `add[c · row + v]`: the digit-wise sums, from two small tables over the low and the high half of
    /// the digits; in parallel.
    fn add_table(&self) -> Vec<u16> {
        let row = self.row;
        let ml = self.m.pow(self.digits / 2);
        let mh = row / ml;
        let low: Vec<u64> = (0..ml * ml).map(|x| self.add(x % ml, x / ml, 1)).collect();
        let high: Vec<u64> = (0..mh * mh).map(|x| self.add((x % mh) * ml, (x / mh) * ml, 1) / ml).collect();
        chunks(row as usize, |c| {
            let c = c as u64;
            let (ch, cl) = (c / ml, c % ml);
            (0..row)
                .map(|v| (high[(ch * mh + v / ml) as usize] * ml + low[(cl * ml + v % ml) as usize]) as u16)
                .collect::<Vec<u16>>()
        })
        .into_iter()
        .flatten()
        .collect()
    }
}

/// The rows' classes under conjugation, as [`SymPlan`] keeps them.
struct RowClasses {
    reps: Vec<u64>,
    slot_of: Vec<u32>,
    k_of: Vec<u16>,
    c_of: Vec<u16>,
    class: Vec<u64>,
    stab: Vec<Vec<(u16, u16)>>,
}

/// The rows' classes (the symmetry engine's [`SymClasses`] of the outer coordinate: conjugation maps
/// rows onto rows), with each row's `c` (in parallel) and each representative's other symmetries. `None`:
/// a conjugate without an index, more symmetries than a mask holds, or cancelled (the search reports
/// that).
fn row_classes(layout: &Layout, index: &DenseIndex, syms: &[Symmetry], control: Control) -> Option<RowClasses> {
    let (row, rows, ns) = (index.row, index.rows, syms.len());
    if ns > u128::BITS as usize {
        return None;
    }
    let table = crate::group::symmetry::table(layout, syms, &[]).ok()?;
    // Conjugates a row's first position by symmetry `k`: the image row and its inner value.
    let image = |o: u64, k: usize, s: &mut crate::coord::index::Scratch, buf: &mut Vec<u8>| -> Option<(u64, u16)> {
        let x = index.state_of(o * row, s);
        buf.resize(x.len(), 0);
        syms[k].conjugate(layout, &x, buf);
        let t = index.index_of_position(buf, s)?;
        Some((t / row, (t % row) as u16))
    };
    let (mut s, mut buf) = (index.scratch(), Vec::new());
    let every = if ns == 128 { u128::MAX } else { (1u128 << ns) - 1 };
    let classes = SymClasses::<u128>::try_new(rows as usize, every, &table, |o, k| {
        if k == 0 && control.is_cancelled() {
            return None;
        }
        image(o as u64, k, &mut s, &mut buf).map(|(r, _)| r as u32)
    })?;
    // Per row: the `c` of the symmetry taking it to its representative.
    let c_of: Vec<Option<u16>> = chunks(rows.div_ceil(256) as usize, |ch| {
        let (mut s, mut buf) = (index.scratch(), Vec::new());
        let lo = ch as u64 * 256;
        let hi = (lo + 256).min(rows);
        if control.is_cancelled() {
            return vec![None];
        }
        (lo..hi)
            .map(|o| {
                let (slot, k) = (classes.class[o as usize], classes.sym[o as usize] as usize);
                let (r, c) = image(o, k, &mut s, &mut buf)?;
                (r == classes.reps[slot as usize] as u64).then_some(c)
            })
            .collect()
    })
    .into_iter()
    .flatten()
    .collect();
    let c_of = c_of.into_iter().collect::<Option<Vec<u16>>>()?;
    let mut class = vec![0u64; classes.len()];
    for &slot in &classes.class {
        class[slot as usize] += 1;
    }
    let mut stab = Vec::with_capacity(classes.len());
    for (&rep, &mask) in classes.reps.iter().zip(&classes.stab) {
        let mut fixes = Vec::new();
        for k in (1..ns).filter(|&k| mask >> k & 1 == 1) {
            fixes.push((k as u16, image(rep as u64, k, &mut s, &mut buf)?.1));
        }
        stab.push(fixes);
    }
    let SymClasses { class: slot_of, sym, reps, .. } = classes;
    Some(RowClasses {
        reps: reps.into_iter().map(u64::from).collect(),
        slot_of,
        k_of: sym.into_iter().map(u16::from).collect(),
        c_of,
        class,
        stab,
    })
}

/// `g[k · row + i] = G_k(i) = F_k,o(i) ⊖ F_k,o(0)` on the start's row `o`.
fn g_table(index: &DenseIndex, start: u64, ns: usize, conj: &Conj, digits: &Digits) -> Option<Vec<u16>> {
    let row = index.row;
    let mut s = index.scratch();
    let mut buf = Vec::new();
    let o_start = start / row;
    let mut g = vec![0u16; ns * row as usize];
    for k in 0..ns {
        let c0 = conj(k, o_start * row, &mut s, &mut buf)? % row;
        for i in 0..row {
            let v = conj(k, o_start * row + i, &mut s, &mut buf)? % row;
            g[k * row as usize + i as usize] = digits.add(v, c0, -1) as u16;
        }
    }
    Some(g)
}
