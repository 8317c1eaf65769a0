//! The symmetry engine: the symmetries of a puzzle, their classes and representatives, and conjugation
//! tables over coordinates. Every user (God's algorithm, dense and by cosets; the pruning tables; the
//! phase tables' turned searches; the 3x3x3 solvers' tables) builds on these:
//!
//! - this file: the rotations of a definition as symmetries: the group its rotations and declared
//!   symmetries (a mirror: `Symmetry NAME` blocks) generate, kept to the elements that map a move set
//!   onto itself and relabel a start's identical pieces consistently, each with the conjugation it
//!   induces on positions (`Symmetry::conjugate`), and where each takes the moves (`MoveIndex`);
//! - `SymmetryTable` (`table.rs`): a symmetry set as a group table: inverses, products, conjugated
//!   moves;
//! - `SymClasses` and `conjugation_table` (`classes.rs`): the classes of a coordinate (class index,
//!   representative, self-symmetry mask) and its conjugation table;
//! - `Reduction` (`representative.rs`): the class representative of a whole state, its least
//!   conjugate in byte order, fast enough for a search's every node.

use std::collections::{HashMap, HashSet};

use crate::error::{Error, Result};
use crate::model::layout::Layout;
use crate::model::puzzle::MoveRef;
use crate::model::state::State;
use crate::Puzzle;

mod classes;
mod representative;
mod table;

pub(crate) use classes::{conjugation_table, SymClasses};
pub(crate) use representative::{Reduction, MAX_TABLE_SYMMETRIES};
pub(crate) use table::{Inverses, SymmetryTable};

/// The most rotations a symmetry group may have.
const MAX_SYMMETRIES: usize = 10_000;

/// A rotation with the relabelling it induces on the start's pieces: conjugating a position `x` gives
/// `x'[i] = label[x[s[i]]]`, `x'.o[i] = x.o[s[i]] + offset[x[s[i]]] + s.o[i]`, per orbit.
pub(crate) struct Symmetry {
    /// The rotation, a transformation of the layout.
    pub(crate) s: Vec<u8>,
    /// Per orbit, indexed by label: the new label and the orientation offset.
    pub(crate) label: Vec<[u8; 256]>,
    pub(crate) offset: Vec<[u8; 256]>,
}

#[cfg_attr(not(threads), allow(dead_code))]
impl Symmetry {
    /// Whether this is the identity rotation.
    pub(crate) fn is_identity(&self, layout: &Layout) -> bool {
        self.s == layout.identity()
    }

    /// Writes the conjugate of position `x` into `out` (same size).
    pub(crate) fn conjugate(&self, layout: &Layout, x: &[u8], out: &mut [u8]) {
        for (orbit, o) in layout.orbits().iter().enumerate() {
            let (off, n, m) = (o.offset, o.size, o.orientations);
            for i in 0..n {
                let from = self.s[off + i] as usize;
                let p = x[off + from] as usize;
                out[off + i] = self.label[orbit][p];
                out[off + n + i] = (x[off + n + from] + self.offset[orbit][p] + self.s[off + n + i]) % m;
            }
        }
    }
}

/// Every transformation the definition's rotations and declared symmetries
/// ([`Puzzle::declared_symmetries`]) generate, the identity first. Errors where there are none, or past
/// 10,000 elements.
pub fn symmetry_group(puzzle: &Puzzle) -> Result<Vec<Vec<u8>>> {
    let layout = puzzle.layout();
    let gens: Vec<&[u8]> = (puzzle.base_moves().iter().filter(|b| b.rotation).map(|b| b.transform()))
        .chain(puzzle.declared_symmetries().iter().map(|s| s.transform()))
        .collect();
    if gens.is_empty() {
        return Err(Error::new(
            "the definition has no rotations (nor declared symmetries), so there is no symmetry to count by \
             (use a definition with rotations, such as the symm/ files)",
        ));
    }
    let identity = layout.identity();
    let mut group: Vec<Vec<u8>> = vec![identity.clone()];
    let mut seen: HashSet<Vec<u8>> = HashSet::from([identity]);
    let mut k = 0;
    while k < group.len() {
        for g in &gens {
            let p = layout.compose(&group[k], g);
            if seen.insert(p.clone()) {
                group.push(p);
                if group.len() > MAX_SYMMETRIES {
                    return Err(Error::limit(format!(
                        "the rotations and symmetries generate more than {MAX_SYMMETRIES} elements"
                    )));
                }
            }
        }
        k += 1;
    }
    Ok(group)
}

/// The group the puzzle's rotations and declared symmetries generate ([`symmetry_group`]), keeping only
/// the elements that map the move set (`moves`) onto itself and relabel the start consistently.
pub(crate) fn symmetries(puzzle: &Puzzle, moves: &[&[u8]], start: &[u8]) -> Result<Vec<Symmetry>> {
    let layout = puzzle.layout();
    let group = symmetry_group(puzzle)?;
    if layout.orbits().iter().any(|o| start[o.orientations_range()].iter().any(|&x| o.is_wildcard(x))) {
        return Err(Error::new("counting up to symmetry needs a start position without orientation wildcards"));
    }
    let move_set = MoveIndex::new(moves);
    let mut out = Vec::new();
    for s in group {
        let inv = layout.invert(&s);
        if move_set.map(layout, &s, &inv).is_none() {
            continue;
        }
        if let Some(sym) = relabelling(layout, start, &s, &inv) {
            out.push(sym);
        }
    }
    Ok(out)
}

/// The moves (transformations) by index, to find where a symmetry's conjugation takes each.
pub(crate) struct MoveIndex<'a> {
    moves: &'a [&'a [u8]],
    index: HashMap<&'a [u8], u16>,
}

impl<'a> MoveIndex<'a> {
    /// The index of `moves` (the last of equal ones).
    pub(crate) fn new(moves: &'a [&'a [u8]]) -> Self {
        let index = moves.iter().enumerate().map(|(i, &t)| (t, i as u16)).collect();
        MoveIndex { moves, index }
    }

    /// Per move: the index of its conjugate `s⁻¹ m s` by the transformation `s` (`inv` its inverse), or
    /// `None` when some conjugate is not among the moves.
    pub(crate) fn map(&self, layout: &Layout, s: &[u8], inv: &[u8]) -> Option<Vec<u16>> {
        (self.moves.iter().map(|t| self.index.get(&layout.compose(&layout.compose(inv, t), s)[..]).copied())).collect()
    }
}

/// The group table of `syms` (closed under products, the identity first, as [`symmetries`] gives them)
/// with how each conjugates the `moves`, which they must keep.
#[cfg_attr(not(threads), allow(dead_code))]
pub(crate) fn table(layout: &Layout, syms: &[Symmetry], moves: &[&[u8]]) -> Result<SymmetryTable> {
    let index = MoveIndex::new(moves);
    let maps = (syms.iter().map(|s| index.map(layout, &s.s, &layout.invert(&s.s))))
        .collect::<Option<Vec<Vec<u16>>>>()
        .ok_or_else(|| Error::internal("a symmetry does not keep the moves"))?;
    let elements: Vec<Vec<u8>> = syms.iter().map(|s| s.s.clone()).collect();
    SymmetryTable::new(&elements, |a, b| layout.compose(a, b), &maps)
}

/// The relabelling `start · s⁻¹` induces, if it is one (identical pieces go to identical pieces with one
/// orientation offset per label).
fn relabelling(layout: &Layout, start: &[u8], s: &[u8], inv: &[u8]) -> Option<Symmetry> {
    let y = layout.compose(start, inv);
    let mut label = Vec::new();
    let mut offset = Vec::new();
    for o in layout.orbits() {
        let (mut l, mut off) = ([u8::MAX; 256], [0u8; 256]);
        let m = o.orientations;
        for i in 0..o.size {
            let a = start[o.offset + i] as usize;
            let (b, d) = (y[o.offset + i], (y[o.offset + o.size + i] + m - start[o.offset + o.size + i]) % m);
            if l[a] == u8::MAX {
                (l[a], off[a]) = (b, d);
            } else if (l[a], off[a]) != (b, d) {
                return None;
            }
        }
        label.push(l);
        offset.push(off);
    }
    Some(Symmetry { s: s.to_vec(), label, offset })
}

/// The most orientations a definition's rotations may generate (the megaminx has 60).
pub const MAX_ORIENTATIONS: usize = 1000;

/// Every element of the group the definition's rotations generate, as the moves reaching it (the
/// identity first, as no moves). Errors past [`MAX_ORIENTATIONS`].
pub fn rotation_group(puzzle: &Puzzle) -> Result<Vec<Vec<MoveRef>>> {
    let gens: Vec<MoveRef> = (puzzle.base_moves().iter().enumerate())
        .filter(|(_, b)| b.rotation && b.order > 1)
        .map(|(i, _)| puzzle.move_ref(i, 1))
        .collect();
    let identity = puzzle.identity();
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::from([(identity.as_bytes().to_vec(), 0)]);
    let mut out: Vec<(State, Vec<MoveRef>)> = vec![(identity, Vec::new())];
    let mut next = 0;
    while next < out.len() {
        let (state, moves) = out[next].clone();
        next += 1;
        for &g in &gens {
            let s = puzzle.apply(&state, g);
            if seen.contains_key(s.as_bytes()) {
                continue;
            }
            if out.len() >= MAX_ORIENTATIONS {
                return Err(Error::limit(format!(
                    "the definition's rotations generate more than {MAX_ORIENTATIONS} orientations"
                )));
            }
            seen.insert(s.as_bytes().to_vec(), out.len());
            let mut m = moves.clone();
            m.push(g);
            out.push((s, m));
        }
    }
    Ok(out.into_iter().map(|(_, m)| m).collect())
}
