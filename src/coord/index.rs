//! [`DenseIndex`]: a bijection between the positions a move set can produce and `0..size`, made of the
//! coordinates of [`super::blocks`] in mixed radix. The index is `outer · row + inner`: the *inner* part
//! combines the smallest coordinates into one number with a combined move table, so that a move maps a
//! whole row of positions (one outer value) into one other row, and the breadth-first search touches a
//! few hundred contiguous bytes per row and move.

use super::blocks::{blocks, Coord};
use crate::model::puzzle::Illegal;
use crate::Puzzle;

/// The largest inner part (positions per row); its move table has `row × moves` entries.
const MAX_ROW: u64 = 1 << 16;

/// Dense indexing of a puzzle's positions for one move list.
#[derive(Debug)]
pub(crate) struct DenseIndex {
    coords: Vec<Coord>,
    /// Blocks that move like an earlier permutation coordinate (its index) and follow its arrangement.
    followers: Vec<(usize, Coord)>,
    /// Coordinates of the outer part, most significant first.
    outer: Vec<usize>,
    /// Coordinates of the inner part, most significant first.
    inner: Vec<usize>,
    /// Positions per row (the inner part's size).
    pub(crate) row: u64,
    /// Number of rows (the outer part's size).
    pub(crate) rows: u64,
    /// `inner_table[mv · row + i]`: the inner part after move `mv` (below `row` ≤ 2^16: two bytes, so
    /// that the tables of all moves stay in a core's cache during a sweep).
    inner_table: Vec<u16>,
    /// Per inner value: whether it avoids every illegal placement (only with illegal placements).
    inner_legal: Option<Vec<bool>>,
    illegal: Vec<Illegal>,
    /// Each orbit's offset in a state.
    offsets: Vec<usize>,
    start: Vec<u8>,
    moves: usize,
    scratch: usize,
}

/// Scratch space for [`DenseIndex`] calls: one per thread.
pub(crate) struct Scratch {
    bytes: Vec<u8>,
    values: Vec<u64>,
    state: Vec<u8>,
}

impl DenseIndex {
    /// The index of the positions `moves` (transformations) produce from `start`, or `None` when the
    /// positions cannot be indexed densely (some, not all, orientations of a block are wildcards, or the
    /// count does not fit 64 bits).
    pub(crate) fn new(puzzle: &Puzzle, start: &[u8], moves: &[&[u8]]) -> Option<DenseIndex> {
        let layout = puzzle.layout();
        let mut coords: Vec<Coord> = Vec::new();
        let mut followers = Vec::new();
        for (orbit, bl) in blocks(layout, moves).into_iter().enumerate() {
            for b in &bl {
                if let Some(p) = Coord::perm(layout, orbit, b, start, moves) {
                    // A block of distinct pieces that every move permutes exactly like an earlier one keeps
                    // the same arrangement relative to the start: it adds no positions.
                    match coords.iter().position(|c| c.is_distinct_perm() && p.is_distinct_perm() && p.moves_like(c)) {
                        Some(leader) => followers.push((leader, p)),
                        None => coords.push(p),
                    }
                }
                coords.extend(Coord::ori(layout, orbit, b, start, moves).ok()?);
            }
        }
        let mut size: u64 = 1;
        for c in &coords {
            size = size.checked_mul(c.size)?;
        }
        // The inner part: the coordinates with the largest product that keeps a row within MAX_ROW (a long
        // row means few jumps to other rows per sweep, each a stream of contiguous bytes).
        let (mut inner, mut row) = (Vec::new(), 1u64);
        if coords.len() <= 16 {
            for subset in 0u32..1 << coords.len() {
                let members: Vec<usize> = (0..coords.len()).filter(|&c| subset >> c & 1 == 1).collect();
                let product = members.iter().try_fold(1u64, |p, &c| p.checked_mul(coords[c].size));
                if let Some(p) = product.filter(|&p| p <= MAX_ROW && p > row) {
                    (inner, row) = (members, p);
                }
            }
        } else {
            let mut by_size: Vec<usize> = (0..coords.len()).collect();
            crate::sort::sort_by_key(&mut by_size, |&c| (coords[c].size, c));
            for &c in &by_size {
                if row * coords[c].size > MAX_ROW {
                    break;
                }
                row *= coords[c].size;
                inner.push(c);
            }
        }
        crate::sort::sort(&mut inner);
        let outer: Vec<usize> = (0..coords.len()).filter(|c| !inner.contains(c)).collect();
        let scratch = coords.iter().map(|c| 2 * c.len()).max().unwrap_or(0);
        Some(DenseIndex {
            rows: size / row,
            row,
            coords,
            followers,
            outer,
            inner,
            inner_table: Vec::new(),
            inner_legal: None,
            illegal: puzzle.illegal().to_vec(),
            offsets: layout.orbits().iter().map(|o| o.offset).collect(),
            start: start.to_vec(),
            moves: moves.len(),
            scratch,
        })
    }

    /// Makes the inner part the largest orientation coordinate that fits a row, the rest outer (call
    /// before [`DenseIndex::prepare`]): the arrangement a symmetry-reduced search needs, where
    /// conjugation acts on the outer part alone. Returns whether the index has that arrangement now.
    #[cfg_attr(not(threads), allow(dead_code))]
    pub(crate) fn arrange_for_symmetry(&mut self) -> bool {
        let Some(c) = self.symmetry_inner() else { return false };
        if self.inner_table.is_empty() && self.inner != [c] {
            let size = self.rows * self.row;
            self.inner = vec![c];
            self.outer = (0..self.coords.len()).filter(|&x| x != c).collect();
            self.row = self.coords[c].size;
            self.rows = size / self.row;
        }
        self.inner == [c]
    }

    /// The coordinate [`DenseIndex::arrange_for_symmetry`] would make the inner part.
    #[cfg_attr(not(threads), allow(dead_code))]
    fn symmetry_inner(&self) -> Option<usize> {
        (0..self.coords.len())
            .filter(|&c| matches!(self.coords[c].kind, super::blocks::CoordKind::Ori { .. }))
            .filter(|&c| self.coords[c].size <= MAX_ROW)
            .max_by_key(|&c| (self.coords[c].size, std::cmp::Reverse(c)))
    }

    /// The row size [`DenseIndex::arrange_for_symmetry`] would give.
    #[cfg_attr(not(threads), allow(dead_code))]
    pub(crate) fn symmetry_row(&self) -> Option<u64> {
        self.symmetry_inner().map(|c| self.coords[c].size)
    }

    /// Bytes the move tables will take once [`DenseIndex::prepare`] builds them.
    pub(crate) fn table_bytes(&self) -> u64 {
        2 * self.row * self.moves as u64 + 4 * self.coords.iter().map(Coord::table_entries).sum::<u64>()
    }

    /// Builds the move tables (call once the memory budget allows [`DenseIndex::table_bytes`]).
    pub(crate) fn prepare(&mut self) {
        for c in &mut self.coords {
            c.build_table();
        }
        self.build_inner_table();
    }

    /// The modulus of the inner part when it is one orientation coordinate (its value is then a plain
    /// base-`m` number of orientation digits).
    #[cfg_attr(not(threads), allow(dead_code))]
    pub(crate) fn inner_ori_modulus(&self) -> Option<u8> {
        match self.inner[..] {
            [c] => match self.coords[c].kind {
                super::blocks::CoordKind::Ori { m, .. } => Some(m),
                _ => None,
            },
            _ => None,
        }
    }

    /// Each coordinate's weight in the index (in the order the coordinates were made: per orbit, per
    /// block, permutation then orientation), so that the index is the sum of value × weight; `None`
    /// when some block follows another (it has no coordinate of its own).
    pub(crate) fn weights(&self) -> Option<Vec<u64>> {
        if !self.followers.is_empty() {
            return None;
        }
        let mut w = vec![0u64; self.coords.len()];
        let mut acc = 1u64;
        for &c in self.outer.iter().chain(&self.inner).rev() {
            w[c] = acc;
            acc = acc.saturating_mul(self.coords[c].size);
        }
        Some(w)
    }

    /// Each coordinate's number of values, in the order of [`DenseIndex::weights`].
    pub(crate) fn coordinate_sizes(&self) -> Vec<u64> {
        self.coords.iter().map(|c| c.size).collect()
    }

    /// The number of moves.
    pub(crate) fn moves(&self) -> usize {
        self.moves
    }

    /// Positions in all (reachable or not).
    pub(crate) fn size(&self) -> u64 {
        self.rows * self.row
    }

    /// Scratch space for one thread.
    pub(crate) fn scratch(&self) -> Scratch {
        Scratch { bytes: vec![0; self.scratch.max(1)], values: vec![0; self.coords.len()], state: self.start.clone() }
    }

    fn build_inner_table(&mut self) {
        let (row, moves) = (self.row as usize, self.moves);
        let mut table = vec![0u16; row * moves];
        let mut s = self.scratch();
        for i in 0..self.row {
            self.split(&self.inner, i, &mut s.values);
            for mv in 0..moves {
                let mut v = 0u64;
                for &c in &self.inner {
                    let coord = &self.coords[c];
                    v = v * coord.size + coord.image(s.values[c], mv, &mut s.bytes);
                }
                table[mv * row + i as usize] = u16::try_from(v).expect("a row holds at most 2^16 positions");
            }
        }
        self.inner_table = table;
        if !self.illegal.is_empty() {
            let legal = (0..self.row).map(|i| self.part_legal(&self.inner, i, &mut s)).collect();
            self.inner_legal = Some(legal);
        }
    }

    /// Splits a part's value into its coordinates' values (stored at the coordinates' positions).
    #[inline]
    fn split(&self, part: &[usize], mut v: u64, values: &mut [u64]) {
        for &c in part.iter().rev() {
            let size = self.coords[c].size;
            values[c] = v % size;
            v /= size;
        }
    }

    /// The row a move sends row `o` to.
    #[inline]
    pub(crate) fn outer_image(&self, o: u64, mv: usize, s: &mut Scratch) -> u64 {
        if let [c] = self.outer[..] {
            return self.coords[c].image(o, mv, &mut s.bytes);
        }
        self.split(&self.outer, o, &mut s.values);
        let mut v = 0u64;
        for &c in &self.outer {
            let coord = &self.coords[c];
            v = v * coord.size + coord.image(s.values[c], mv, &mut s.bytes);
        }
        v
    }

    /// The inner move table of move `mv`: `row` entries.
    #[inline]
    pub(crate) fn inner_moves(&self, mv: usize) -> &[u16] {
        let r = self.row as usize;
        &self.inner_table[mv * r..(mv + 1) * r]
    }

    /// Whether the puzzle declares illegal placements (then rows and inner values must be checked).
    pub(crate) fn has_illegal(&self) -> bool {
        !self.illegal.is_empty()
    }

    /// Whether the inner value `i` avoids the illegal placements it decides.
    #[inline]
    pub(crate) fn inner_legal(&self, i: u32) -> bool {
        self.inner_legal.as_ref().is_none_or(|l| l[i as usize])
    }

    /// Whether row `o` avoids the illegal placements its coordinates decide.
    pub(crate) fn outer_legal(&self, o: u64, s: &mut Scratch) -> bool {
        self.illegal.is_empty() || self.part_legal(&self.outer, o, s)
    }

    fn part_legal(&self, part: &[usize], v: u64, s: &mut Scratch) -> bool {
        s.state.copy_from_slice(&self.start);
        self.split(part, v, &mut s.values);
        for &c in part {
            self.coords[c].write_state(s.values[c], &mut s.state, &mut s.bytes);
        }
        self.illegal.iter().all(|il| s.state[self.offsets[il.orbit] + il.slot] != il.piece)
    }

    /// The index of a position (its bytes), or `None` when the bytes are not one of the indexed positions.
    pub(crate) fn index_of(&self, state: &[u8], s: &mut Scratch) -> Option<u64> {
        let v = self.index_of_position(state, s)?;
        // Bytes no coordinate covers never move: they must be the start's.
        (self.state_of(v, s) == state).then_some(v)
    }

    /// [`DenseIndex::index_of`] for bytes known to be one of the indexed positions (a conjugate of one,
    /// say): the coordinates only, without checking the bytes no coordinate covers.
    #[inline(never)]
    pub(crate) fn index_of_position(&self, state: &[u8], s: &mut Scratch) -> Option<u64> {
        let mut v = 0u64;
        for &c in self.outer.iter().chain(&self.inner) {
            let coord = &self.coords[c];
            v = v * coord.size + coord.of_state(state, &mut s.bytes)?;
        }
        Some(v)
    }

    /// The position with index `index`.
    pub(crate) fn state_of(&self, index: u64, s: &mut Scratch) -> Vec<u8> {
        let mut state = self.start.clone();
        self.split(&self.inner, index % self.row, &mut s.values);
        let inner_values = s.values.clone();
        self.split(&self.outer, index / self.row, &mut s.values);
        for &c in &self.inner {
            self.coords[c].write_state(inner_values[c], &mut state, &mut s.bytes);
        }
        for &c in &self.outer {
            self.coords[c].write_state(s.values[c], &mut state, &mut s.bytes);
        }
        for (leader, f) in &self.followers {
            f.follow(&self.coords[*leader], &self.start, &mut state);
        }
        state
    }
}
