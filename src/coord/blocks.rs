//! Dense coordinates: each *block* of slots (slots of one orbit that the moves connect) contributes a
//! permutation coordinate (the rank of the arrangement of its pieces, a multiset permutation when pieces
//! are identical) and an orientation coordinate (the block's orientation digits, the last one implied when
//! every move keeps the block's orientation sum). Moves act on each coordinate on its own: a move's
//! permutation and twists restricted to a block only read that block.

use super::digits::{digits_rank, digits_unrank};
use super::perm::{is_odd, multinomial, multiset_rank, multiset_unrank, perm_rank};
use crate::model::layout::Layout;

/// A move restricted to one block: `new[i] = old[perm[i]]`, and orientations `new.o[i] = old.o[perm[i]] +
/// twist[i]`, with `i` the position of a slot within the block.
#[derive(Debug, Clone)]
pub(crate) struct LocalMove {
    perm: Vec<u8>,
    twist: Vec<u8>,
}

/// What a coordinate counts.
#[derive(Debug, Clone)]
pub(crate) enum CoordKind {
    /// The arrangement of the block's labels. `labels[c]` is the state byte of compact label `c`;
    /// `counts[c]` how many pieces carry it. With `parity` (distinct pieces, every move even on the
    /// block) only arrangements of that parity occur, and the value is the lexicographic rank halved.
    /// `full` is the number of arrangements (before halving).
    Perm { labels: Vec<u8>, counts: Vec<u32>, parity: Option<u8>, full: u64 },
    /// The block's orientation digits mod `m`; when `constrained`, the last digit makes the sum `sum`.
    Ori { m: u8, constrained: bool, sum: u8 },
}

/// One coordinate: a number in `0..size` that a state's bytes at `slots` determine.
#[derive(Debug, Clone)]
pub(crate) struct Coord {
    pub(crate) kind: CoordKind,
    /// Absolute byte offsets in a state (piece bytes for `Perm`, orientation bytes for `Ori`).
    pub(crate) slots: Vec<usize>,
    /// The number of values.
    pub(crate) size: u64,
    /// Each move of the move set, restricted to the block.
    moves: Vec<LocalMove>,
    /// `table[mv * size + v]`: the image of `v` under move `mv`, when small enough to store.
    table: Option<Vec<u32>>,
}

/// The most distinct pieces [`perm_rank`] ranks (20! fits 64 bits).
const MAX_LEHMER: usize = 20;

/// The largest move table (entries) a coordinate stores; larger coordinates apply moves by decoding.
const TABLE_LIMIT: u64 = 1 << 24;

/// Blocks of each orbit: slots the moves carry into each other (union–find over every move's permutation).
pub(crate) fn blocks(layout: &Layout, moves: &[&[u8]]) -> Vec<Vec<Vec<usize>>> {
    layout
        .orbits()
        .iter()
        .map(|o| {
            let mut parent: Vec<usize> = (0..o.size).collect();
            fn find(p: &mut [usize], mut x: usize) -> usize {
                while p[x] != x {
                    p[x] = p[p[x]];
                    x = p[x];
                }
                x
            }
            for t in moves {
                for i in 0..o.size {
                    let (a, b) = (find(&mut parent, i), find(&mut parent, t[o.offset + i] as usize));
                    parent[a.max(b)] = a.min(b);
                }
            }
            let mut by_root: Vec<Vec<usize>> = vec![Vec::new(); o.size];
            for i in 0..o.size {
                let r = find(&mut parent, i);
                by_root[r].push(i);
            }
            by_root.into_iter().filter(|b| !b.is_empty()).collect()
        })
        .collect()
}

impl Coord {
    /// The permutation coordinate of a block, or `None` when every arrangement is the same (one slot, or
    /// identical pieces only).
    pub(crate) fn perm(layout: &Layout, orbit: usize, block: &[usize], start: &[u8], moves: &[&[u8]]) -> Option<Coord> {
        let o = &layout.orbits()[orbit];
        let slots: Vec<usize> = block.iter().map(|&s| o.offset + s).collect();
        let mut labels: Vec<u8> = slots.iter().map(|&b| start[b]).collect();
        crate::sort::sort(&mut labels);
        labels.dedup();
        let counts: Vec<u32> =
            labels.iter().map(|&l| slots.iter().filter(|&&b| start[b] == l).count() as u32).collect();
        let size = multinomial(&counts)?;
        if size <= 1 {
            return None;
        }
        let distinct = counts.iter().all(|&c| c == 1);
        let mut c = Coord::build(
            CoordKind::Perm { labels, counts, parity: None, full: size },
            slots,
            size,
            layout,
            orbit,
            block,
            moves,
        );
        if distinct && c.moves.iter().all(|m| !is_odd(&m.perm)) {
            let mut start_vals = vec![0u8; c.len()];
            c.compact(start, &mut start_vals)?;
            if let CoordKind::Perm { parity: p, .. } = &mut c.kind {
                *p = Some(is_odd(&start_vals) as u8);
            }
            c.size /= 2;
        }
        Some(c)
    }

    /// The orientation coordinate of a block, or `None` when no move twists it, the orbit has no
    /// orientation, or every orientation is a wildcard. `Err(())` when only some orientations of the
    /// block are wildcards (no dense index).
    #[allow(clippy::result_unit_err)]
    pub(crate) fn ori(
        layout: &Layout,
        orbit: usize,
        block: &[usize],
        start: &[u8],
        moves: &[&[u8]],
    ) -> Result<Option<Coord>, ()> {
        let o = &layout.orbits()[orbit];
        let m = o.orientations;
        let slots: Vec<usize> = block.iter().map(|&s| o.offset + o.size + s).collect();
        let wild = slots.iter().filter(|&&b| o.is_wildcard(start[b])).count();
        if m == 1 || wild == slots.len() {
            return Ok(None);
        }
        if wild > 0 {
            return Err(());
        }
        let twisted = moves.iter().any(|t| slots.iter().any(|&b| t[b] != 0));
        if !twisted {
            return Ok(None);
        }
        let constrained = moves.iter().all(|t| slots.iter().map(|&b| t[b] as u32).sum::<u32>() % m as u32 == 0);
        let sum = (slots.iter().map(|&b| start[b] as u32).sum::<u32>() % m as u32) as u8;
        let digits = slots.len() as u32 - constrained as u32;
        let size = (m as u64).checked_pow(digits).ok_or(())?;
        if size <= 1 {
            return Ok(None);
        }
        let kind = CoordKind::Ori { m, constrained, sum };
        Ok(Some(Coord::build(kind, slots, size, layout, orbit, block, moves)))
    }

    fn build(
        kind: CoordKind,
        slots: Vec<usize>,
        size: u64,
        layout: &Layout,
        orbit: usize,
        block: &[usize],
        moves: &[&[u8]],
    ) -> Coord {
        let o = &layout.orbits()[orbit];
        let local_of =
            |slot: usize| block.iter().position(|&s| s == slot).expect("a block is closed under moves") as u8;
        let local: Vec<LocalMove> = moves
            .iter()
            .map(|t| LocalMove {
                perm: block.iter().map(|&s| local_of(t[o.offset + s] as usize)).collect(),
                twist: block.iter().map(|&s| t[o.offset + o.size + s] % o.orientations.max(1)).collect(),
            })
            .collect();
        Coord { kind, slots, size, moves: local, table: None }
    }

    /// Entries of the move table this coordinate would store (0 when it applies moves by decoding).
    pub(crate) fn table_entries(&self) -> u64 {
        let entries = self.size.saturating_mul(self.moves.len() as u64);
        if entries <= TABLE_LIMIT {
            entries
        } else {
            0
        }
    }

    /// Stores the move table, when small enough.
    pub(crate) fn build_table(&mut self) {
        let entries = self.table_entries();
        if entries == 0 || self.table.is_some() {
            return;
        }
        let (size, moves) = (self.size as usize, self.moves.len());
        let mut table = vec![0u32; entries as usize];
        let mut buf = vec![0u8; self.len()];
        let mut out = vec![0u8; self.len()];
        for v in 0..size {
            self.decode(v as u64, &mut buf);
            for mv in 0..moves {
                table[mv * size + v] = self.apply_local(&buf, mv, &mut out) as u32;
            }
        }
        self.table = Some(table);
    }

    /// The number of local values (`slots.len()`).
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// The local values of `v`: compact labels or all orientation digits (the implied one included).
    pub(crate) fn decode(&self, mut v: u64, out: &mut [u8]) {
        match &self.kind {
            CoordKind::Perm { counts, parity: par, full, .. } => {
                if par.is_some() {
                    v *= 2;
                }
                // 64-bit arithmetic when `total · n` cannot overflow it (n ≤ 255), else 128-bit.
                if *full < 1 << 56 {
                    multiset_unrank::<u64>(v, counts, *full, out);
                } else {
                    multiset_unrank::<u128>(v as u128, counts, *full as u128, out);
                }
                if par.is_some_and(|p| is_odd(out) as u8 != p) {
                    let n = out.len();
                    out.swap(n - 2, n - 1);
                }
            }
            CoordKind::Ori { m, constrained, sum } => {
                digits_unrank(v, *m as u32, constrained.then_some(*sum as u32), out);
            }
        }
    }

    /// The value of local values (inverse of [`Coord::decode`]).
    pub(crate) fn encode(&self, vals: &[u8]) -> u64 {
        match &self.kind {
            CoordKind::Perm { counts, parity: par, full, .. } => {
                // Distinct pieces: the Lehmer code; else 64-bit arithmetic when `total · n` cannot overflow
                // it (n ≤ 255), else 128-bit.
                let v = if counts.len() == vals.len() && vals.len() <= MAX_LEHMER {
                    perm_rank(vals) as u64
                } else if *full < 1 << 56 {
                    multiset_rank::<u64>(vals, counts, *full)
                } else {
                    multiset_rank::<u128>(vals, counts, *full as u128) as u64
                };
                if par.is_some() {
                    v / 2
                } else {
                    v
                }
            }
            CoordKind::Ori { m, constrained, .. } => {
                let digits = vals.len() - *constrained as usize;
                digits_rank(&vals[..digits], *m as u32)
            }
        }
    }

    /// Applies move `mv` to local values `vals`, writing `out`, and returns the new value.
    pub(crate) fn apply_local(&self, vals: &[u8], mv: usize, out: &mut [u8]) -> u64 {
        let lm = &self.moves[mv];
        match &self.kind {
            CoordKind::Perm { .. } => {
                for (o, &p) in out.iter_mut().zip(&lm.perm) {
                    *o = vals[p as usize];
                }
            }
            CoordKind::Ori { m, .. } => {
                for ((o, &p), &t) in out.iter_mut().zip(&lm.perm).zip(&lm.twist) {
                    *o = (vals[p as usize] + t) % m;
                }
            }
        }
        self.encode(out)
    }

    /// The image of value `v` under move `mv`; `scratch` holds at least `2 · len()` bytes.
    #[inline]
    pub(crate) fn image(&self, v: u64, mv: usize, scratch: &mut [u8]) -> u64 {
        match &self.table {
            Some(t) => t[mv * self.size as usize + v as usize] as u64,
            None => self.image_by_decoding(v, mv, scratch),
        }
    }

    /// [`Coord::image`] without a table: kept out of line, so that the sweeps inline only the lookup.
    #[inline(never)]
    fn image_by_decoding(&self, v: u64, mv: usize, scratch: &mut [u8]) -> u64 {
        let (a, b) = scratch[..2 * self.len()].split_at_mut(self.len());
        self.decode(v, a);
        self.apply_local(a, mv, b)
    }

    /// The coordinate of a state's bytes, or `None` when they are not a position of this block (a label
    /// the block does not hold, too many of one label, an orientation out of range or off the sum).
    pub(crate) fn of_state(&self, state: &[u8], scratch: &mut [u8]) -> Option<u64> {
        let vals = &mut scratch[..self.len()];
        match &self.kind {
            CoordKind::Perm { .. } => self.compact(state, vals)?,
            CoordKind::Ori { m, constrained, sum } => {
                let mut total = 0u32;
                for (v, &b) in vals.iter_mut().zip(&self.slots) {
                    if state[b] >= *m {
                        return None;
                    }
                    *v = state[b];
                    total += state[b] as u32;
                }
                if *constrained && total % *m as u32 != *sum as u32 {
                    return None;
                }
            }
        }
        Some(self.encode(vals))
    }

    /// A permutation coordinate's compact labels of a state, checking the label counts; `None` when the
    /// state does not hold the block's pieces, or (with a parity) has the other parity.
    fn compact(&self, state: &[u8], vals: &mut [u8]) -> Option<()> {
        let CoordKind::Perm { labels, counts, parity: par, .. } = &self.kind else {
            return None;
        };
        let mut left = counts.clone();
        for (v, &b) in vals.iter_mut().zip(&self.slots) {
            let c = labels.iter().position(|&l| l == state[b])?;
            left[c] = left[c].checked_sub(1)?;
            *v = c as u8;
        }
        match par {
            Some(p) if is_odd(vals) as u8 != *p => None,
            _ => Some(()),
        }
    }

    /// Whether this is a permutation coordinate of distinct pieces.
    pub(crate) fn is_distinct_perm(&self) -> bool {
        matches!(&self.kind, CoordKind::Perm { counts, .. } if counts.iter().all(|&c| c == 1))
    }

    /// For a block that moves like `leader` (see [`Coord::moves_like`]): arranges this block's start pieces
    /// in `state` as the leader's pieces are arranged relative to the start.
    pub(crate) fn follow(&self, leader: &Coord, start: &[u8], state: &mut [u8]) {
        for (i, &b) in self.slots.iter().enumerate() {
            let from = leader.slots.iter().position(|&l| start[l] == state[leader.slots[i]]).unwrap_or(i);
            state[b] = start[self.slots[from]];
        }
    }

    /// Whether every move permutes this block's slots as it permutes `other`'s (position by position).
    pub(crate) fn moves_like(&self, other: &Coord) -> bool {
        self.len() == other.len() && self.moves.iter().zip(&other.moves).all(|(a, b)| a.perm == b.perm)
    }

    /// Writes value `v` into a state's bytes.
    pub(crate) fn write_state(&self, v: u64, state: &mut [u8], scratch: &mut [u8]) {
        let vals = &mut scratch[..self.len()];
        self.decode(v, vals);
        for (&x, &b) in vals.iter().zip(&self.slots) {
            state[b] = match &self.kind {
                CoordKind::Perm { labels, .. } => labels[x as usize],
                CoordKind::Ori { .. } => x,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(c: &Coord) {
        let mut buf = vec![0u8; c.len()];
        for v in 0..c.size {
            c.decode(v, &mut buf);
            assert_eq!(c.encode(&buf), v, "{buf:?}");
        }
    }

    #[test]
    fn ranks_round_trip_and_moves_act() {
        let layout = Layout::new([("A", 5, 3)]);
        // A 3-cycle of slots 0,1,2 with twists summing to 0, and a swap of 3,4.
        let t = vec![1, 2, 0, 4, 3, 1, 2, 0, 0, 0];
        let u = vec![0, 1, 2, 4, 3, 0, 0, 0, 1, 2];
        let mut start = layout.identity();
        start[1] = 0; // two identical pieces
        let moves: Vec<&[u8]> = vec![&t, &u];
        let b = blocks(&layout, &moves);
        assert_eq!(b, vec![vec![vec![0, 1, 2], vec![3, 4]]]);
        let mut p = Coord::perm(&layout, 0, &b[0][0], &start, &moves).unwrap();
        assert_eq!(p.size, 3);
        round_trip(&p);
        let o = Coord::ori(&layout, 0, &b[0][0], &start, &moves).unwrap().unwrap();
        assert_eq!(o.size, 9);
        round_trip(&o);
        // The second block's twists (1, 2) sum to 0 mod 3 too.
        let o2 = Coord::ori(&layout, 0, &b[0][1], &start, &moves).unwrap().unwrap();
        assert_eq!(o2.size, 3);
        // Images agree with composing whole states, with and without move tables.
        let mut scratch = vec![0u8; 16];
        for (mv, tr) in moves.iter().enumerate() {
            let next = layout.compose(&start, tr);
            let v = p.of_state(&start, &mut scratch).unwrap();
            assert_eq!(Some(p.image(v, mv, &mut scratch)), p.of_state(&next, &mut scratch));
        }
        p.build_table();
        let (mut o, mut o2) = (o, o2);
        o.build_table();
        o2.build_table();
        for (mv, tr) in moves.iter().enumerate() {
            let next = layout.compose(&start, tr);
            for c in [&p, &o, &o2] {
                let v = c.of_state(&start, &mut scratch).unwrap();
                assert_eq!(Some(c.image(v, mv, &mut scratch)), c.of_state(&next, &mut scratch));
            }
        }
    }
}
