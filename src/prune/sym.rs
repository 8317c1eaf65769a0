//! Symmetry reduction of the pruning table: a rotation `s` of the whole puzzle that maps the move set
//! onto itself and keeps the target conjugates every state `x` to a state `x'` (`s⁻¹ x s`, pieces
//! relabelled as the target's identical pieces require) at the same distance from the target. The
//! states of one class share one entry: the fill and the lookup both hash the class's representative,
//! the lexicographically smallest conjugate (bytes in layout order), so a table of `n` entries covers
//! about `|S|` times more states and stays admissible.
//!
//! The representative is on the search's hot path (every node's lookup). Each rotation's conjugation is
//! precomputed as one small operation per output byte (a source byte and a 256-byte map: a piece
//! relabelling, or an orientation offset by piece plus the rotation's twist), and conjugates are
//! compared byte by byte against the best so far, computing a byte only when the bytes before it tie:
//! most rotations are decided by their first byte or two, and only the winner is conjugated whole.
//!
//! [`Reduction::classes`] also enumerates the classes at each short distance (a breadth-first search
//! over representatives), from which the fill walks: one task per class at a fixed distance `p`,
//! every canonical continuation from there (see `fill`), which visits about `|S|` times fewer leaves
//! than walking every canonical sequence from the target.

use rustc_hash::FxHashSet;

use super::kernel::Kernel;
use super::persist::Hasher;
use crate::god::symmetry::{symmetries, Symmetry};
use crate::puzzle::Puzzle;

/// The most symmetries a table is reduced by (the icosahedral rotations are 60; beyond a few hundred the
/// representative would cost more per lookup than the reduction saves).
pub const MAX_TABLE_SYMMETRIES: usize = 128;

/// The most operations (symmetries × state bytes) the precomputed conjugations may take.
const MAX_OPS: usize = 1 << 20;

/// The classes a fill's tasks start from: the first distance with at least this many (or the last one
/// computed), a constant so that the fill does the same work with any number of threads.
pub(crate) const CLASS_TASKS: usize = 1024;

/// The most state bytes the enumerated classes may take.
const CLASS_BYTES: usize = 32 << 20;

/// One output byte of a conjugation.
#[derive(Debug, Clone, Copy)]
struct Op {
    /// The input byte it is read from (a piece or an orientation byte).
    src: u16,
    /// For an orientation byte: the piece byte whose label selects the offset.
    piece: u16,
    /// The start of its 256-byte map in [`Reduction::maps`]: labels (piece bytes) or offsets
    /// (orientation bytes).
    map: u32,
    /// The rotation's own twist at this slot (orientation bytes), below the modulus.
    twist: u8,
    /// The orientation modulus (orientation bytes), or 0 for a piece byte.
    modulus: u8,
}

/// The rotations a table is reduced by, ready to conjugate states (the identity first).
#[derive(Debug)]
pub(crate) struct Reduction {
    size: usize,
    count: usize,
    /// `count × size` operations: rotation `k`'s output byte `j` at `k × size + j`.
    ops: Vec<Op>,
    maps: Vec<u8>,
    fingerprint: u64,
}

impl Reduction {
    /// The reduction by the rotations of the puzzle's definition that map the moves (`transforms`) onto
    /// themselves and keep `target`, or `None` when there is nothing to reduce by: no rotations (or only
    /// the identity keeps the moves and target), illegal placements, orientation wildcards in the target,
    /// or more than [`MAX_TABLE_SYMMETRIES`] rotations.
    pub(crate) fn new(puzzle: &Puzzle, transforms: &[&[u8]], target: &[u8]) -> Option<Reduction> {
        let layout = puzzle.layout();
        if !puzzle.illegal().is_empty() || transforms.iter().any(|t| t.is_empty()) {
            return None;
        }
        let syms = symmetries(puzzle, transforms, target).ok()?;
        let mut out = vec![0u8; target.len()];
        let mut kept: Vec<&Symmetry> = Vec::new();
        for s in &syms {
            s.conjugate(layout, target, &mut out);
            if out == target {
                kept.push(s);
            }
        }
        // The identity first: it is the starting "best" of every comparison.
        kept.sort_by_key(|s| !s.is_identity(layout));
        let size = layout.state_size();
        if kept.len() < 2
            || !kept[0].is_identity(layout)
            || kept.len() > MAX_TABLE_SYMMETRIES
            || kept.len() * size > MAX_OPS
            || size > u16::MAX as usize
        {
            return None;
        }
        let mut ops = Vec::with_capacity(kept.len() * size);
        let mut maps = Vec::new();
        let mut f = Hasher::new();
        f.number(kept.len() as u64);
        for s in &kept {
            f.bytes(&s.s);
            let mut row = vec![Op { src: 0, piece: 0, map: 0, twist: 0, modulus: 0 }; size];
            for (k, o) in layout.orbits().iter().enumerate() {
                let (off, n, m) = (o.offset, o.size, o.orientations);
                let labels = maps.len() as u32;
                maps.extend_from_slice(&s.label[k]);
                let offsets = maps.len() as u32;
                maps.extend(s.offset[k].iter().map(|&x| x % m));
                for i in 0..n {
                    let from = off + s.s[off + i] as usize;
                    row[off + i] = Op { src: from as u16, piece: 0, map: labels, twist: 0, modulus: 0 };
                    let twist = s.s[off + n + i] % m;
                    row[off + n + i] =
                        Op { src: (from + n) as u16, piece: from as u16, map: offsets, twist, modulus: m };
                }
            }
            ops.extend(row);
        }
        Some(Reduction { size, count: kept.len(), ops, maps, fingerprint: f.finish() })
    }

    /// The number of rotations (the identity included).
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// What the reduction is, as a hash (for the table's fingerprint).
    pub(crate) fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// Byte `op` of a conjugate of `x`.
    #[inline(always)]
    fn byte(&self, op: Op, x: &[u8]) -> u8 {
        // SAFETY: `src` and `piece` are bytes of the layout (below `size`, which `x` has: checked by the
        // callers), and every map is 256 bytes long, indexed by a byte.
        unsafe {
            let v = *x.get_unchecked(op.src as usize);
            if op.modulus == 0 {
                return *self.maps.get_unchecked(op.map as usize + v as usize);
            }
            let p = *x.get_unchecked(op.piece as usize);
            let m = op.modulus as u16;
            let mut t = *self.maps.get_unchecked(op.map as usize + p as usize) as u16 + op.twist as u16;
            if t >= m {
                t -= m;
            }
            t += v as u16;
            if t >= m {
                t -= m;
            }
            t as u8
        }
    }

    /// The representative of `x`'s class, written into `buf` (both of the state size): the smallest
    /// conjugate in lexicographic byte order.
    #[inline]
    pub(crate) fn representative(&self, x: &[u8], buf: &mut [u8]) {
        let size = self.size;
        let (x, buf) = (&x[..size], &mut buf[..size]);
        let ops = &self.ops[..self.count * size];
        // `buf[..known]` holds the best conjugate's first bytes.
        let mut best = 0usize;
        let mut known = 0usize;
        for k in 1..self.count {
            let row = &ops[k * size..(k + 1) * size];
            let mut j = 0;
            while j < size {
                let b = self.byte(row[j], x);
                if j == known {
                    buf[j] = self.byte(ops[best * size + j], x);
                    known += 1;
                }
                let c = buf[j];
                if b < c {
                    best = k;
                    buf[j] = b;
                    known = j + 1;
                    break;
                }
                if b > c {
                    break;
                }
                j += 1;
            }
        }
        let row = &ops[best * size..(best + 1) * size];
        for j in known..size {
            buf[j] = self.byte(row[j], x);
        }
    }

    /// Every conjugate of `x` (for tests): rotation `k`'s at `k × size`.
    #[cfg(test)]
    pub(crate) fn conjugates(&self, x: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.count * self.size);
        for k in 0..self.count {
            for j in 0..self.size {
                out.push(self.byte(self.ops[k * self.size + j], x));
            }
        }
        out
    }

    /// The representatives of the classes at each distance `0, 1, …, p` from `target` (a breadth-first
    /// search over representatives with every move), up to the first distance with at least
    /// [`CLASS_TASKS`] classes, the last distance that adds any, or [`CLASS_BYTES`] of states. Each
    /// level is the representatives of that distance, flattened.
    pub(crate) fn classes(&self, kernel: &Kernel, moves: usize, target: &[u8]) -> Vec<Vec<u8>> {
        let size = self.size;
        let mut rep = vec![0u8; size];
        let mut child = vec![0u8; size];
        self.representative(target, &mut rep);
        let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
        seen.insert(rep.clone());
        let mut levels = vec![rep.clone()];
        let mut total = size;
        loop {
            let last = levels.last().expect("level 0");
            if last.len() / size >= CLASS_TASKS {
                break;
            }
            let mut next = Vec::new();
            for parent in last.chunks_exact(size) {
                for mv in 0..moves {
                    kernel.apply(parent, mv, &mut child);
                    self.representative(&child, &mut rep);
                    if !seen.contains(&rep) {
                        seen.insert(rep.clone());
                        next.extend_from_slice(&rep);
                    }
                }
            }
            total += next.len();
            if next.is_empty() || total > CLASS_BYTES {
                break;
            }
            levels.push(next);
        }
        levels
    }
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use proptest::prelude::*;

    use super::*;
    use crate::god::symmetry::symmetries;
    use crate::load_puzzle;
    use crate::moveset::MoveSet;

    /// A definition with rotations, its moves and the reduction for its solved state.
    struct Case {
        puzzle: Puzzle,
        moves: MoveSet,
        reduction: Reduction,
    }

    fn case(text: &str) -> Case {
        let puzzle = load_puzzle(text).unwrap();
        let moves = MoveSet::all(&puzzle).unwrap();
        let transforms: Vec<&[u8]> = moves.moves().iter().map(|m| puzzle.transform(m.mv)).collect();
        let reduction = Reduction::new(&puzzle, &transforms, puzzle.solved().as_bytes()).unwrap();
        Case { puzzle, moves, reduction }
    }

    fn cases() -> &'static [(&'static str, Case, usize)] {
        static CASES: OnceLock<Vec<(&'static str, Case, usize)>> = OnceLock::new();
        CASES.get_or_init(|| {
            vec![
                ("3x3x3", case(include_str!("../../tests/data/puzzles/symm/3x3x3.tws")), 24),
                ("2x2x2", case(include_str!("../../tests/data/puzzles/symm/2x2x2.tws")), 24),
                ("4x4x4", case(include_str!("../../tests/data/puzzles/symm/4x4x4.tws")), 24),
                ("megaminx", case(include_str!("../../tests/data/puzzles/symm/megaminx.tws")), 60),
                ("skewb", case(include_str!("../../tests/data/puzzles/symm/skewb.tws")), 24),
            ]
        })
    }

    fn walk(c: &Case, picks: &[usize]) -> Vec<u8> {
        let mut s = c.puzzle.solved().as_bytes().to_vec();
        let mut next = s.clone();
        for &k in picks {
            c.puzzle.apply_into(&s, c.moves.moves()[k % c.moves.moves().len()].mv, &mut next);
            std::mem::swap(&mut s, &mut next);
        }
        s
    }

    /// The precomputed conjugations are the god module's, and the rotations the expected group.
    #[test]
    fn conjugations_match_the_symmetry_module() {
        for (name, c, count) in cases() {
            assert_eq!(c.reduction.count(), *count, "{name}");
            let transforms: Vec<&[u8]> = c.moves.moves().iter().map(|m| c.puzzle.transform(m.mv)).collect();
            let syms = symmetries(&c.puzzle, &transforms, c.puzzle.solved().as_bytes()).unwrap();
            let x = walk(c, &[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7]);
            let size = x.len();
            let mut theirs: Vec<Vec<u8>> = syms
                .iter()
                .map(|s| {
                    let mut out = vec![0; size];
                    s.conjugate(c.puzzle.layout(), &x, &mut out);
                    out
                })
                .collect();
            let mut ours: Vec<Vec<u8>> = c.reduction.conjugates(&x).chunks(size).map(<[u8]>::to_vec).collect();
            theirs.sort();
            ours.sort();
            assert_eq!(ours, theirs, "{name}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Every conjugate of a position has the same representative: the smallest conjugate.
        #[test]
        fn the_representative_is_the_same_for_every_conjugate(
            which in 0usize..5,
            picks in proptest::collection::vec(0usize..1000, 0..40),
        ) {
            let (name, c, _) = &cases()[which];
            let x = walk(c, &picks);
            let size = x.len();
            let mut rep = vec![0u8; size];
            c.reduction.representative(&x, &mut rep);
            let conjugates = c.reduction.conjugates(&x);
            let smallest = conjugates.chunks(size).min().unwrap();
            prop_assert_eq!(&rep[..], smallest, "{}", name);
            let mut other = vec![0u8; size];
            for y in conjugates.chunks(size) {
                c.reduction.representative(y, &mut other);
                prop_assert_eq!(&other, &rep, "{}", name);
            }
        }
    }

    /// The class enumeration: level 0 is the solved state alone, every level's representatives are
    /// distinct, and a level's classes cover the states at that distance (checked on the 2x2x2 by a
    /// breadth-first search of the plain states).
    #[test]
    fn classes_are_the_representatives_at_each_distance() {
        let c = &cases()[1].1;
        let p = &c.puzzle;
        let transforms: Vec<&[u8]> = c.moves.moves().iter().map(|m| p.transform(m.mv)).collect();
        let kernel = Kernel::new(p.layout(), &transforms, p.solved().as_bytes()).unwrap();
        let levels = c.reduction.classes(&kernel, transforms.len(), p.solved().as_bytes());
        let size = p.state_size();
        assert_eq!(levels[0], p.solved().as_bytes());
        assert!(levels.last().unwrap().len() / size >= CLASS_TASKS);
        let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
        let mut frontier = vec![p.solved().as_bytes().to_vec()];
        seen.insert(frontier[0].clone());
        let mut rep = vec![0u8; size];
        let mut child = vec![0u8; size];
        for level in &levels[1..] {
            let mut next = Vec::new();
            for s in &frontier {
                for t in 0..transforms.len() {
                    kernel.apply(s, t, &mut child);
                    if seen.insert(child.clone()) {
                        next.push(child.clone());
                    }
                }
            }
            let mut reps: Vec<Vec<u8>> = next
                .iter()
                .map(|s| {
                    c.reduction.representative(s, &mut rep);
                    rep.clone()
                })
                .collect();
            reps.sort();
            reps.dedup();
            let mut ours: Vec<Vec<u8>> = level.chunks(size).map(<[u8]>::to_vec).collect();
            ours.sort();
            assert_eq!(ours, reps);
            frontier = next;
        }
    }
}
