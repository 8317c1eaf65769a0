//! [`CubeBound`]: the heuristic of Kociemba's optimal 3x3x3 solver, for the crate's optimal IDA*
//! ([`Solver::set_bound`](crate::search::Solver::set_bound)). A position is at least as far from solved
//! as from any subgroup, and turned by a rotation `r` (`r⁻¹ · x · r`) it is as far from solved as
//! before; so the largest of its distances to a subgroup along the three axes bounds its optimal
//! length. The subgroup is one of these:
//!
//! - [`CubeTable::Phase1`]: Kociemba's `<U, D, R2, F2, L2, B2>` (no corner twisted, no edge flipped,
//!   the E slice's edges in the E slice in any order): the seed's phase-1 table, the (flip, slice) pairs
//!   reduced by the eight rotations that keep the U/D axis × the twist, 70 MB, built in seconds;
//! - [`CubeTable::Huge`]: the same with the E slice's edges also in order (Kociemba's "slice sorted",
//!   24 times as many cosets: 53,213,634,560, as 6.65 billion entries after the reduction), two bits an
//!   entry, 1.66 GB: Cube Explorer's "huge" optimal table. Its distances are at least phase 1's and mostly
//!   larger, which divides the nodes of a deep search by about seven (a 15-move position:
//!   246 k nodes against 1.8 M with the phase-1 table).
//!
//! - [`CubeTable::Layers`]: phase 1's subgroup with the corners also kept in their layers (the U layer's
//!   four in the U layer, in any order; Rokicki's nxopt's subgroup): 70 times phase 1's cosets, the
//!   (flip, slice) classes × the twist × where the U layer's corners are, 19.5 billion entries kept in
//!   trits (1.6 bits an entry), 3.9 GB. Along the three axes its corner parts together pin every
//!   corner, which the huge table's twists do not.
//! - [`CubeTable::Phase1Parity`] and [`CubeTable::LayersParity`]: phase 1's and `layers`' subgroups
//!   with the corners' permutation even too (twice the cosets), reduced by sixteen symmetries instead of
//!   eight: each rotation that keeps the U/D axis, alone and followed by the mirror that swaps R and L
//!   (`Model::mirror`), so each table is about as large as the one without the
//!   parity. The parity is worth almost a factor two: an optimal path to the subgroup that ends in the
//!   odd coset needs one more move, and searches visit about 1.8 times fewer nodes.
//!
//! Each holds each coset's exact distance mod 3: the bound keeps each axis's exact distance per node and
//! reads a child's from its residue (the three candidates differ by one). A node of the generic
//! solver's search is [`CubeBound::node_len`] words: per axis the flip, the slice coordinate, the twist
//! and the distance, moved by small tables. [`CubeBound::solve`] (the cube's own IDA*,
//! `optimal_search`) is much faster: its nodes hold per axis the class of the (flip, slice) pair and
//! the symmetry to its representative, moved by the class's row (where each move takes the
//! representative: 72 bytes per class, 219 MB for the huge table, 9 MB for phase 1), so a node's
//! children cost one cache miss per table read instead of two.

use super::coords::{
    conj, conj_table, move_table, Coordinate, Flip, FlipWith, Layers, LayersParity, Parity, Slice, SliceRanks,
    SliceSorted, Twist, N_LAYERS, N_SLICE, N_SLICE_SORTED, N_TWIST,
};
use super::cubie::Cubie;
use super::model::{Model, ALL_SYMS, MOVES, ROTATION_MASK, SYMS};
use super::packed::{selector, Packed};
use super::symmetry::SymClasses;
use super::symtable::{Moves, SymTable};
use crate::bytes::describe_bytes;
use crate::control::Control;
use crate::coord::digits::digits_rank;
use crate::coord::residue::neighbour_distance;
use crate::error::{Error, Result};
use crate::hash::Hasher;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::saved::Container;
use crate::search::SearchBound;
use std::sync::Arc;

/// Which subgroup (and table) a [`CubeBound`] measures the distance to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeTable {
    /// Kociemba's phase-1 subgroup: 70 MB, seconds to build.
    Phase1,
    /// Phase 1 with the E slice's edges in order: 1.66 GB, minutes to build (Cube Explorer's "huge").
    Huge,
    /// The huge table with each entry's distance itself (four bits) instead of its residue mod 3:
    /// 3.33 GB. A distance read without the path to it bounds any position, so the cube's own search
    /// also looks up the position's inverse (at the same distance from solved) along the three axes.
    HugeExact,
    /// Phase 1 with the corners also kept in their layers: 3.9 GB in trits (4.9 GB while it is
    /// built), about ten minutes to build on two cores.
    Layers,
    /// Phase 1 with the corners' permutation even too, under sixteen symmetries (the mirror too): 70 MB
    /// like `phase1`, seconds to build, and searches visit about 1.8 times fewer nodes.
    Phase1Parity,
    /// `layers` with the corners' permutation even too, under sixteen symmetries: 3.9 GB in trits
    /// (4.9 GB while it is built), about fifteen minutes to build on two cores; searches visit about
    /// 1.8 times fewer nodes than with `layers`.
    LayersParity,
}

/// The corners' part of a table's subgroup beside the twist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CornerPart {
    /// The twist only.
    Twist,
    /// Where the U layer's corners are ([`Layers`]).
    Layers,
    /// The corners' permutation parity ([`Parity`]).
    Parity,
    /// Both ([`LayersParity`]).
    LayersParity,
}

impl CubeTable {
    /// `phase1` or `huge`.
    pub fn parse(name: &str) -> Result<Self> {
        match name {
            "phase1" => Ok(CubeTable::Phase1),
            "huge" => Ok(CubeTable::Huge),
            "huge-exact" => Ok(CubeTable::HugeExact),
            "layers" => Ok(CubeTable::Layers),
            "phase1-parity" => Ok(CubeTable::Phase1Parity),
            "layers-parity" => Ok(CubeTable::LayersParity),
            other => Err(Error::new(format!(
                "unknown 3x3x3 table {other:?}: phase1, phase1-parity, huge, huge-exact, layers or layers-parity"
            ))),
        }
    }

    /// The name [`CubeTable::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            CubeTable::Phase1 => "phase1",
            CubeTable::Huge => "huge",
            CubeTable::HugeExact => "huge-exact",
            CubeTable::Layers => "layers",
            CubeTable::Phase1Parity => "phase1-parity",
            CubeTable::LayersParity => "layers-parity",
        }
    }

    /// Bits an entry holds: 2 (the distance mod 3) or 4 (the distance); `layers` keeps its two-bit
    /// residues in trits once filled.
    pub fn entry_bits(self) -> u32 {
        match self {
            CubeTable::HugeExact => 4,
            _ => 2,
        }
    }

    /// Bytes a bound with this table holds: its entries, the symmetry maps and rows of the (flip,
    /// slice) coordinate and the move tables (phase 1: 88,683,902 bytes, 85 MiB; phase1-parity:
    /// 84,779,558 bytes, 81 MiB; huge: 2,118,631,660 bytes, 2,020 MiB; huge-exact: 3,783,214,220 bytes,
    /// 3,608 MiB; layers: 3,912,729,238 bytes, 3,732 MiB; layers-parity: 3,959,770,214 bytes, 3,777
    /// MiB), known before anything is allocated (what a memory budget is
    /// checked against; equal to [`CubeBound::memory_bytes`]).
    pub fn memory_bytes(self) -> usize {
        self.bytes(false)
    }

    /// Entries of its table (each coset of the subgroup up to the symmetries, with the classes that a
    /// symmetry fixes counted once per conjugate).
    pub fn entries(self) -> u64 {
        let classes = self.classes();
        // In 64 bits: on wasm32 the large tables' counts overflow a word.
        classes as u64 * N_TWIST as u64 * self.layers() as u64
    }

    /// Bytes [`CubeBound::new`] holds at its peak, while it fills the table: for `layers`, the entries
    /// in two bits (4.9 GB) before they become trits; for the others [`CubeTable::memory_bytes`].
    pub fn build_bytes(self) -> usize {
        self.bytes(true)
    }

    fn bytes(self, filling: bool) -> usize {
        let n = if self.slices() == N_SLICE { FlipWith::<Slice>::SIZE } else { FlipWith::<SliceSorted>::SIZE };
        let classes = self.classes();
        // In 64 bits: the huge table's entries outnumber a 32-bit word.
        let (classes, n) = (classes as u64, n as u64);
        let entries = self.entries();
        let words = if self.trits() && !filling {
            entries.div_ceil(5).div_ceil(8)
        } else {
            entries.div_ceil(64 / self.entry_bits() as u64)
        };
        // Per (flip, slice) value: its class, symmetry and the packed pair; per class: representative,
        // stabilizer and the row of where the moves take it; the corners' conjugation (the twist's, and
        // the layers' where the table has them); the move tables (flip, twist, slice, layers).
        let layers = if self.layers() == 1 { 0 } else { self.layers() };
        let bytes = words * 8
            + n * 9
            + classes * (5 + 4 * MOVES as u64)
            + ((N_TWIST + layers) * SYMS * 2) as u64
            + ((2048 + N_TWIST + self.slices() + layers) * MOVES * 2) as u64;
        usize::try_from(bytes).unwrap_or(usize::MAX)
    }

    /// Refuses (a limit error naming both sizes) a budget below [`CubeTable::memory_bytes`].
    /// The huge table is refused on a 32-bit target (wasm32): its 6.66 billion entries cannot be
    /// indexed in 32 bits.
    pub fn check_budget(self, memory_bytes: usize) -> Result<()> {
        self.check_bytes(false, memory_bytes)
    }

    /// [`CubeTable::check_budget`] for a build (`building`: against [`CubeTable::build_bytes`]).
    fn check_bytes(self, building: bool, memory_bytes: usize) -> Result<()> {
        let need = if building { self.build_bytes() } else { self.memory_bytes() };
        if !matches!(self, CubeTable::Phase1 | CubeTable::Phase1Parity) && usize::BITS < 64 {
            let entries = match self {
                CubeTable::Layers => "19.5",
                CubeTable::LayersParity => "19.7",
                _ => "6.66",
            };
            return Err(Error::limit(format!(
                "the 3x3x3 {} table's {entries} billion entries need a 64-bit build (use the native CLI or \
                 library); phase1 works here",
                self.name()
            )));
        }
        if need > memory_bytes {
            let built = if need == self.memory_bytes() {
                String::new()
            } else {
                format!(
                    " while it is built ({} once built, as a saved table loads)",
                    describe_bytes(self.memory_bytes() as u64)
                )
            };
            return Err(Error::limit(format!(
                "the 3x3x3 {} table needs {}{built}, more than the memory budget of {}",
                self.name(),
                describe_bytes(need as u64),
                describe_bytes(memory_bytes as u64)
            )));
        }
        Ok(())
    }

    /// The key a bound of this table for `puzzle` saves its table under, as
    /// [`CubeBound::key_string`] tells it, without building anything (what a shell's cache names the
    /// table by); refused for a definition that is no 3x3x3.
    pub fn key_string(self, puzzle: &Puzzle) -> Result<String> {
        Ok(key_string(self, &key(&model_of(puzzle)?, self)))
    }

    /// Values of the slice coordinate.
    pub(super) fn slices(self) -> usize {
        match self {
            CubeTable::Huge | CubeTable::HugeExact => N_SLICE_SORTED,
            _ => N_SLICE,
        }
    }

    /// The corners' part beside the twist.
    pub(super) fn corners(self) -> CornerPart {
        match self {
            CubeTable::Layers => CornerPart::Layers,
            CubeTable::Phase1Parity => CornerPart::Parity,
            CubeTable::LayersParity => CornerPart::LayersParity,
            _ => CornerPart::Twist,
        }
    }

    /// The symmetries (bits of [`SYMS`]) the table is reduced by: the eight rotations that keep the
    /// U/D axis, or those and the mirrors too.
    pub(super) fn syms(self) -> u16 {
        match self {
            CubeTable::Phase1Parity | CubeTable::LayersParity => ALL_SYMS,
            _ => ROTATION_MASK,
        }
    }

    /// Classes of its (flip, slice) pair under its symmetries.
    fn classes(self) -> usize {
        match (self.slices() == N_SLICE, self.syms() == ALL_SYMS) {
            (true, false) => PHASE1_CLASSES,
            (true, true) => PHASE1_MIRROR_CLASSES,
            (false, _) => HUGE_CLASSES,
        }
    }

    /// Whether its two-bit entries are kept in trits once filled.
    pub(super) fn trits(self) -> bool {
        matches!(self, CubeTable::Layers | CubeTable::LayersParity)
    }

    /// Values of the corners' layer coordinate (1: the table leaves it out).
    pub(super) fn layers(self) -> usize {
        match self.corners() {
            CornerPart::Twist => 1,
            CornerPart::Layers => N_LAYERS,
            CornerPart::Parity => 2,
            CornerPart::LayersParity => 2 * N_LAYERS,
        }
    }
}

const MAGIC: [u8; 8] = *b"TWS3OB01";
const VERSION: u32 = 1;
const WHAT: &str = "3x3x3 optimal-bound table file";
/// Classes of (flip, slice) under the eight rotations that keep the U/D axis (tested).
const PHASE1_CLASSES: usize = 127_166;
/// Classes of (flip, slice) under the sixteen symmetries (Kociemba's 64,430; tested).
const PHASE1_MIRROR_CLASSES: usize = 64_430;
/// Classes of (flip, sorted slice) under the same rotations (tested, opt-in: seconds to count).
const HUGE_CLASSES: usize = 3_044_504;
/// Words per axis in a node: flip, slice, twist, layers, distance.
const PER_AXIS: usize = 5;

/// The distance to a subgroup of the 3x3x3 along its three axes, as a bound for an optimal search.
/// Cloning it shares the table.
#[derive(Clone)]
pub struct CubeBound {
    pub(super) data: Arc<Data>,
    /// Per move of the search (by its index in the move list): the move index.
    moves: Vec<u8>,
}

/// A bound's model and tables.
pub(super) struct Data {
    pub(super) model: Model,
    pub(super) kind: CubeTable,
    pub(super) ranks: SliceRanks,
    pub(super) flip_move: Vec<u16>,
    pub(super) twist_move: Vec<u16>,
    pub(super) slice_move: Vec<u16>,
    /// The corners' layer coordinate's moves (all 0 where the table leaves it out: one value).
    pub(super) layers_move: Vec<u16>,
    /// Its number of values (`b = twist * layers + layer coordinate`).
    pub(super) layers: u32,
    /// The slice coordinate's solved value.
    pub(super) slice_goal: u32,
    /// The layer coordinate's solved value.
    pub(super) layers_goal: u32,
    pub(super) table: SymTable,
    /// The goal's entry.
    pub(super) goal: usize,
    /// Per axis, per move index of the position's frame: its move index in the axis's turned frame.
    pub(super) turned: [[u8; MOVES]; 3],
    /// Per class of (flip, slice) and move: the class and symmetry its representative goes to
    /// ([`SymTable::rows`]; filled with the entries).
    pub(super) rows: Vec<u32>,
    /// Per axis, symmetry `s` and move of the position's frame: the move turned onto the axis, then
    /// conjugated by `s` (`s⁻¹ · m · s`): one read where a search moves a class.
    pub(super) turned_conj: [[[u8; MOVES]; SYMS]; 3],
    /// Per symmetries `s`, `t`: the symmetry `s · t` (conjugating by `s`, then by `t`).
    pub(super) sym_mul: [[u8; SYMS]; SYMS],
    /// Per move: the axes (bit `a`) whose subgroup does not hold it, where the distance of an inverse
    /// changes when the move is put in front of it.
    pub(super) inverse_changes: [u8; MOVES],
    /// Per move `m`: `m⁻¹` in bytes (a child's inverse is `m⁻¹ · x⁻¹`).
    pub(super) packed_inverse_moves: [Packed; MOVES],
    /// Per axis: its rotation and the rotation's inverse in bytes.
    pub(super) packed_axes: [(Packed, Packed); 3],
    /// The selectors ([`selector`]) of the U layer's corners and of the E slice's edges.
    pub(super) u_corners: [u8; 16],
    pub(super) e_edges: [u8; 16],
}

impl std::fmt::Debug for CubeBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CubeBound").field("kind", &self.data.kind).field("moves", &self.moves).finish_non_exhaustive()
    }
}

impl CubeBound {
    /// The bound of a 3x3x3 definition (as [`TwoPhase::new`](super::TwoPhase::new) takes) with its table
    /// built on all threads, each depth reported to `control` (phase `"table"`; cancelled between
    /// depths). Its moves are the 18 face turns until [`CubeBound::for_moves`]. Refused before anything
    /// is allocated where the bound would hold more than `memory_bytes` ([`CubeTable::memory_bytes`]).
    pub fn new(puzzle: &Puzzle, kind: CubeTable, memory_bytes: usize, control: Control) -> Result<Self> {
        kind.check_bytes(true, memory_bytes)?;
        let mut b = Data::empty(puzzle, kind, kind.entry_bits())?;
        let goal = b.goal_pair();
        let Data { flip_move, slice_move, twist_move, layers_move, table, .. } = &mut b;
        let tables = [&flip_move[..], slice_move, twist_move, layers_move];
        pair_moves(kind, tables, |moves| table.build(moves, goal, control))?;
        b.fill_rows();
        Ok(Self::of(b))
    }

    /// A bound of `kind` with four-bit entries (distances, so the search looks up inverses too), for
    /// tests of that search on the small phase-1 table.
    #[cfg(test)]
    pub(super) fn exact_for_tests(puzzle: &Puzzle, kind: CubeTable) -> Result<Self> {
        Self::built_for_tests(puzzle, kind, 4, false)
    }

    /// A bound of `kind` with its two-bit residues kept in trits (as `layers` keeps its own), for tests
    /// of that encoding on the small phase-1 table.
    #[cfg(test)]
    pub(super) fn trits_for_tests(puzzle: &Puzzle, kind: CubeTable) -> Result<Self> {
        Self::built_for_tests(puzzle, kind, 2, true)
    }

    /// A bound of `kind` with entries of `bits` bits (in trits with `trits`), built in the test.
    #[cfg(test)]
    fn built_for_tests(puzzle: &Puzzle, kind: CubeTable, bits: u32, trits: bool) -> Result<Self> {
        let mut b = Data::empty(puzzle, kind, bits)?;
        if trits {
            b.table.keep_in_trits();
        }
        let goal = b.goal_pair();
        let Data { flip_move, slice_move, twist_move, layers_move, table, .. } = &mut b;
        let tables = [&flip_move[..], slice_move, twist_move, layers_move];
        pair_moves(kind, tables, |moves| table.build(moves, goal, Control::none()))?;
        b.fill_rows();
        Ok(Self::of(b))
    }

    /// The phase-1 bound, built once for every test that reads it (its build is most of their time).
    #[cfg(test)]
    pub(super) fn phase1_for_tests() -> Self {
        static BOUND: std::sync::OnceLock<CubeBound> = std::sync::OnceLock::new();
        let build = || CubeBound::new(&super::model::tests::puzzle(), CubeTable::Phase1, usize::MAX, Control::none());
        BOUND.get_or_init(|| build().unwrap()).clone()
    }

    fn of(data: Data) -> Self {
        CubeBound { data: Arc::new(data), moves: (0..MOVES as u8).collect() }
    }

    /// The bound (sharing the table) for a search whose moves are `move_list` (the
    /// [`Solver::move_list`](crate::search::Solver::move_list) of its solver): each must be one of the
    /// definition's face turns. The table measures distances in face turns, so it bounds searches of any
    /// subset of them (quarter turns too).
    pub fn for_moves(&self, move_list: &[MoveRef]) -> Result<Self> {
        let moves = move_indices(&self.data.model, move_list)?;
        Ok(CubeBound { data: Arc::clone(&self.data), moves })
    }

    /// Refuses, without building anything, what [`CubeBound::for_moves`] would refuse on a bound of
    /// `puzzle` (and a puzzle that is no 3x3x3): a shell checks a request before it builds the table.
    pub fn check_moves(puzzle: &Puzzle, move_list: &[MoveRef]) -> Result<()> {
        move_indices(&model_of(puzzle)?, move_list).map(|_| ())
    }

    /// Its table.
    pub fn kind(&self) -> CubeTable {
        self.data.kind
    }

    /// Bytes it holds (what [`CubeTable::memory_bytes`] tells beforehand).
    pub fn memory_bytes(&self) -> usize {
        self.data.memory_bytes()
    }

    /// Bytes of the table's entries.
    pub fn table_bytes(&self) -> usize {
        self.data.table.words.len() * 8
    }

    /// The key as 16 hex digits after the table's name (what a shell names the saved table by): the
    /// same as [`CubeTable::key_string`] of its definition.
    pub fn key_string(&self) -> String {
        key_string(self.data.kind, &key(&self.data.model, self.data.kind))
    }

    /// The table as bytes: the crate's checked container (LZ4 chunks with checksums).
    pub fn save(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let to_vec = |at: u64, bytes: &[u8]| {
            let end = at as usize + bytes.len();
            if out.len() < end {
                out.resize(end, 0);
            }
            out[at as usize..end].copy_from_slice(bytes);
            Ok(())
        };
        self.save_in_order(to_vec).expect("writing to memory cannot fail");
        out
    }

    /// The bytes of [`CubeBound::save`], handed to `write(at, bytes)` at their offsets in the file
    /// (64 MiB at a time, the header last): a shell writes the file this way without holding its bytes
    /// beside the table. Stops at the first error `write` returns.
    pub fn save_in_order(&self, write: impl FnMut(u64, &[u8]) -> Result<()>) -> Result<()> {
        let w = &self.data.table.words;
        Container::write_words_in_order(&MAGIC, VERSION, &self.data.key(), &[], w.len(), |i| w[i], write)
    }

    /// A bound from bytes of [`CubeBound::save`]; refused when saved for another definition, table or
    /// version, or damaged, and before anything is allocated where the bound would hold more than
    /// `memory_bytes`.
    pub fn load(puzzle: &Puzzle, kind: CubeTable, bytes: &[u8], memory_bytes: usize) -> Result<Self> {
        Self::load_in_order(puzzle, kind, bytes, bytes.len() as u64, |_, _| unreachable!(), memory_bytes)
    }

    /// First bytes of a saved file that [`CubeBound::load_in_order`] needs as its `head`.
    pub const HEAD_BYTES: usize = crate::saved::HEAD_BYTES;

    /// As [`CubeBound::load`], from a saved file of `total` bytes read in pieces: `head` its first
    /// bytes (the whole file, or at least [`CubeBound::HEAD_BYTES`]), and where `head` is not the whole
    /// file, `read(at, buf)` fills `buf` with the file's bytes from offset `at`. A shell that reads a
    /// file this way never holds its bytes beside the table (64 MiB at a time): loading the huge tables
    /// needs the bound's memory, not that and the file's.
    pub fn load_in_order(
        puzzle: &Puzzle,
        kind: CubeTable,
        head: &[u8],
        total: u64,
        mut read: impl FnMut(u64, &mut [u8]) -> Result<()>,
        memory_bytes: usize,
    ) -> Result<Self> {
        kind.check_budget(memory_bytes)?;
        let mut b = Data::empty(puzzle, kind, kind.entry_bits())?;
        let c = Container::open_explained(head, total, WHAT, &MAGIC, VERSION, &b.key(), &|_, _, _| None)?;
        let words = b.table.word_count();
        if c.sections() != 1 || c.len(0) != words as u64 * 8 {
            return Err(Error::new(format!("not a valid saved {WHAT}: not the table's size")));
        }
        b.table.words = if head.len() as u64 == total {
            c.words(0, words as u64 * 8)?
        } else {
            c.words_in_order(0, words as u64 * 8, &mut read)?
        };
        b.fill_rows();
        Ok(Self::of(b))
    }

    /// The exact distances of a position along the three axes (for tests and reports).
    pub fn distances(&self, state: &State) -> Result<[u32; 3]> {
        let d = &self.data;
        let cube = d.model.cubie(state)?;
        Ok(std::array::from_fn(|a| d.distance(d.axis_coordinates(&cube, a))))
    }
}

/// What a saved table depends on: the definition's face turns and symmetries, the table, the version.
fn key(model: &Model, kind: CubeTable) -> Vec<(&'static str, u64)> {
    let mut h = Hasher::new();
    for c in model.moves.iter().chain(&model.syms) {
        h.bytes(&c.cp).bytes(&c.co).bytes(&c.ep).bytes(&c.eo);
    }
    let mut key = vec![
        ("3x3x3 definition's face turns and symmetries", h.finish()),
        ("table", kind.slices() as u64),
        ("version", u64::from(VERSION)),
    ];
    if kind.layers() != 1 {
        key.push(("corners' layers, in trits", kind.layers() as u64));
    }
    if kind.syms() != ROTATION_MASK {
        key.push(("symmetries, the mirror's too", u64::from(kind.syms())));
    }
    if kind.entry_bits() != 2 {
        key.push(("bits an entry", u64::from(kind.entry_bits())));
    }
    key
}

/// A table's key as its name and 16 hex digits.
fn key_string(kind: CubeTable, key: &[(&'static str, u64)]) -> String {
    format!("{}-{:016x}", kind.name(), Hasher::of_key(key))
}

/// The moves of the (flip, slice) pair and of the corners (the twist, and with `layers` where the U
/// layer's corners are: `twist * 70 + layers`), from their move tables (flip, slice, twist, layers), as
/// [`SymTable`] takes them.
fn pair_moves<R>(kind: CubeTable, [fm, sm, tm, lm]: [&[u16]; 4], f: impl FnOnce(&Moves) -> R) -> R {
    let n = kind.slices() as u32;
    let a_move =
        |x: u32, m: usize| fm[(x / n) as usize * MOVES + m] as u32 * n + sm[(x % n) as usize * MOVES + m] as u32;
    let twist_move = |x: u32, m: usize| tm[x as usize * MOVES + m] as u32;
    let nl = kind.layers() as u32;
    let corners_move =
        |x: u32, m: usize| tm[(x / nl) as usize * MOVES + m] as u32 * nl + lm[(x % nl) as usize * MOVES + m] as u32;
    if kind.layers() == 1 {
        f(&Moves { count: MOVES, a: &a_move, b: &twist_move })
    } else {
        f(&Moves { count: MOVES, a: &a_move, b: &corners_move })
    }
}

/// The index of each move of a search among the model's face turns; refused where one is none.
pub(super) fn move_indices(model: &Model, move_list: &[MoveRef]) -> Result<Vec<u8>> {
    let moves: Option<Vec<u8>> =
        move_list.iter().map(|m| model.mrefs.iter().position(|x| x == m).map(|i| i as u8)).collect();
    moves.ok_or_else(|| Error::new("the 3x3x3 bound needs a search of face turns only"))
}

/// The model of a definition, or an input error naming what a 3x3x3 bound needs.
fn model_of(puzzle: &Puzzle) -> Result<Model> {
    // A definition the model cannot read is the caller's input, not a bug of ours.
    Model::new(puzzle).map_err(|e| {
        Error::new(format!(
            "the 3x3x3 bound needs a 3x3x3 definition (orbits CORNERS and EDGES, face turns U R F D L B and \
             the rotations): {}",
            e.reason
        ))
    })
}

impl Data {
    /// Everything but the entries.
    fn empty(puzzle: &Puzzle, kind: CubeTable, bits: u32) -> Result<Self> {
        let model = model_of(puzzle)?;
        let ranks = SliceRanks::new();
        let all: Vec<u8> = (0..MOVES as u8).collect();
        let every = kind.syms();
        let slice = Slice { model: &model, ranks: &ranks };
        let (classes, slice_move, slice_goal) = match kind {
            CubeTable::Phase1 | CubeTable::Layers | CubeTable::Phase1Parity | CubeTable::LayersParity => {
                let pair = FlipWith(Slice { model: &model, ranks: &ranks });
                let classes = SymClasses::new(FlipWith::<Slice>::SIZE, every, &model, |x, s| conj(&pair, &model, x, s));
                (classes, move_table(&slice, &model, &all), slice.get(&Cubie::SOLVED))
            }
            CubeTable::Huge | CubeTable::HugeExact => {
                let sorted = SliceSorted(Slice { model: &model, ranks: &ranks });
                let pair = FlipWith(SliceSorted(Slice { model: &model, ranks: &ranks }));
                let n = FlipWith::<SliceSorted>::SIZE;
                let classes = SymClasses::new(n, every, &model, |x, s| conj(&pair, &model, x, s));
                (classes, move_table(&sorted, &model, &all), sorted.get(&Cubie::SOLVED))
            }
        };
        // The corners: the twist, with `layers` times where the U layer's corners are.
        let layers = Layers(&model);
        let nl = kind.layers();
        let twist_conj = conj_table(&Twist, &model, every);
        // The corners' part beside the twist: its conjugation, solved value and moves.
        fn part<C: Coordinate>(c: &C, model: &Model, syms: u16, all: &[u8]) -> (Vec<u16>, u32, Vec<u16>) {
            (conj_table(c, model, syms), c.get(&Cubie::SOLVED), move_table(c, model, all))
        }
        let (layers_conj, layers_goal, layers_move) = match kind.corners() {
            CornerPart::Twist => (Vec::new(), 0, vec![0; MOVES]),
            CornerPart::Layers => part(&layers, &model, every, &all),
            CornerPart::Parity => part(&Parity, &model, every, &all),
            CornerPart::LayersParity => part(&LayersParity(layers), &model, every, &all),
        };
        // Four bits: the distances (the huge table's largest is under the cap, so every one is exact).
        let mut table = SymTable::new(classes, N_TWIST * nl, twist_conj, bits, 14);
        if nl > 1 {
            table = table.with_low_part(nl as u32, layers_conj);
        }
        if kind.trits() {
            table.keep_in_trits();
        }
        let goal = table.index(slice_goal, layers_goal);
        // The model's symmetry table: where each symmetry takes the face turns, and the products.
        let sym = &model.symmetries;
        let move_conj: [[u8; SYMS]; MOVES] =
            std::array::from_fn(|m| std::array::from_fn(|s| sym.conjugate_move(s, m) as u8));
        let sym_mul: [[u8; SYMS]; SYMS] = std::array::from_fn(|s| std::array::from_fn(|t| sym.product(s, t) as u8));
        let mut turned = [[0u8; MOVES]; 3];
        for (a, (_, _, back)) in model.axes.iter().enumerate() {
            for (j, &m) in back.iter().enumerate() {
                turned[a][m as usize] = j as u8;
            }
        }
        let turned_conj: [[[u8; MOVES]; SYMS]; 3] = std::array::from_fn(|a| {
            std::array::from_fn(|s| std::array::from_fn(|m| move_conj[turned[a][m] as usize][s]))
        });
        let (flip_move, twist_move) = (move_table(&Flip, &model, &all), move_table(&Twist, &model, &all));
        // A move of the turned frame is in the subgroup where it keeps the solved coordinates (phase 1's:
        // U and D turns and the half turns; with the E slice sorted: U and D turns only).
        let in_subgroup = |j: usize| {
            flip_move[j] == 0
                && twist_move[j] == 0
                && u32::from(slice_move[slice_goal as usize * MOVES + j]) == slice_goal
                && u32::from(layers_move[layers_goal as usize * MOVES + j]) == layers_goal
        };
        let mut inverse_changes = [0u8; MOVES];
        for (m, changes) in inverse_changes.iter_mut().enumerate() {
            for (a, turned) in turned.iter().enumerate() {
                if !in_subgroup(turned[m] as usize) {
                    *changes |= 1 << a;
                }
            }
        }
        Ok(Data {
            inverse_changes,
            flip_move,
            twist_move,
            slice_move,
            slice_goal,
            layers_move,
            layers: nl as u32,
            layers_goal,
            table,
            goal,
            turned,
            rows: Vec::new(),
            turned_conj,
            sym_mul,
            kind,
            ranks,
            packed_inverse_moves: std::array::from_fn(|m| {
                Packed::new(&model.moves[super::model::inverse_move(m as u8) as usize])
            }),
            packed_axes: std::array::from_fn(|a| (Packed::new(&model.axes[a].0), Packed::new(&model.axes[a].1))),
            u_corners: selector(model.u_corners),
            e_edges: selector(model.e_mask),
            model,
        })
    }

    /// Whether an entry is the distance itself (not its residue mod 3).
    #[inline(always)]
    pub(super) fn exact(&self) -> bool {
        self.table.bits() == 4
    }

    /// The distance of a child whose entry reads `code`, where its parent's is `from`.
    #[inline(always)]
    pub(super) fn child_distance(&self, from: u32, code: u32) -> u32 {
        if self.exact() {
            code
        } else {
            neighbour_distance(from, code)
        }
    }

    /// Bytes its maps, move tables and entries hold (once the entries are there).
    fn memory_bytes(&self) -> usize {
        let t = &self.table;
        let c = &t.classes;
        let vec = |len: usize, size: usize| len * size;
        t.word_count() * 8
            + vec(c.class.len(), 4)
            + vec(c.sym.len(), 1)
            + vec(t.packed_len(), 4)
            + vec(c.reps.len(), 4)
            + vec(c.stab.len(), 1)
            + vec(t.b_conj_len(), 2)
            + vec(self.rows.len(), 4)
            + (self.flip_move.len() + self.twist_move.len() + self.slice_move.len()) * 2
            + if self.layers == 1 { 0 } else { self.layers_move.len() * 2 }
    }

    /// The goal's pair: the solved (flip, slice) and corners.
    fn goal_pair(&self) -> (u32, u32) {
        (self.slice_goal, self.layers_goal)
    }

    /// The moves of the pair coordinate and the corners, as the table's fill and distances take them.
    fn with_moves<R>(&self, f: impl FnOnce(&Moves) -> R) -> R {
        pair_moves(self.kind, [&self.flip_move, &self.slice_move, &self.twist_move, &self.layers_move], f)
    }

    /// Fills the rows (once the class map is there).
    fn fill_rows(&mut self) {
        self.rows = self.with_moves(|moves| self.table.rows(moves));
    }

    /// What the saved bytes depend on (see [`key`]).
    fn key(&self) -> Vec<(&'static str, u64)> {
        key(&self.model, self.kind)
    }

    /// The coordinates of a cube turned onto each axis: flip, slice, twist and layers (0 where the
    /// table leaves them out).
    pub(super) fn axis_coordinates(&self, cube: &Cubie, a: usize) -> [u32; 4] {
        let (r, ri, _) = &self.model.axes[a];
        self.coordinates(&cube.conj(r, ri))
    }

    /// [`Data::axis_coordinates`] of a cube in bytes (the search's inverses): the conjugation (two
    /// products) and the masks the coordinates start from, a few vector instructions each.
    #[inline]
    pub(super) fn packed_axis_coordinates(&self, cube: &Packed, a: usize) -> [u32; 4] {
        let (r, ri) = &self.packed_axes[a];
        let c = ri.then(cube).then(r);
        if !matches!(self.kind.corners(), CornerPart::Twist | CornerPart::Layers) || self.kind.slices() != N_SLICE {
            return self.coordinates(&c.cubie());
        }
        let m = c.masks(&self.u_corners, &self.e_edges);
        // As `Flip`, `Slice`, `Twist` and `Layers` read them from a cubie (the first edge's flip the top bit).
        let flip = (m.flips & 0x7ff).reverse_bits() >> 21;
        let twist = digits_rank(&c.twists(), 3) as u32;
        let l = if self.layers == 1 { 0 } else { Layers::rank(m.corners) };
        [flip, self.ranks.rank(m.edges) as u32, twist, l]
    }

    /// The coordinates of a cube already turned so that the axis is U/D.
    fn coordinates(&self, c: &Cubie) -> [u32; 4] {
        let slice = Slice { model: &self.model, ranks: &self.ranks };
        let s = if self.kind.slices() == N_SLICE { slice.get(c) } else { SliceSorted(slice).get(c) };
        let l = match self.kind.corners() {
            CornerPart::Twist => 0,
            CornerPart::Layers => Layers(&self.model).get(c),
            CornerPart::Parity => Parity.get(c),
            CornerPart::LayersParity => LayersParity(Layers(&self.model)).get(c),
        };
        [Flip.get(c), s, Twist.get(c), l]
    }

    /// The table's pair of an axis's coordinates: the (flip, slice) value and the corners'.
    #[inline(always)]
    pub(super) fn pair(&self, [flip, slice, twist, layers]: [u32; 4]) -> (u32, u32) {
        (flip * self.kind.slices() as u32 + slice, twist * self.layers + layers)
    }

    /// The exact distance of an axis's coordinates to the subgroup.
    pub(super) fn distance(&self, coords: [u32; 4]) -> u32 {
        let (a, b) = self.pair(coords);
        if self.exact() {
            return self.table.value(self.table.index(a, b)) as u32;
        }
        self.with_moves(|moves| self.table.distance(moves, self.goal, a, b))
    }
}

impl SearchBound for CubeBound {
    fn node_len(&self) -> usize {
        3 * PER_AXIS
    }

    /// `u32::MAX` for a state that is no position of the face turns.
    fn start(&self, state: &[u8], node: &mut [u32]) -> u32 {
        let data = &*self.data;
        let Ok(cube) = data.model.cubie(&State::from_vec(state.to_vec())) else { return u32::MAX };
        let mut best = 0;
        for a in 0..3 {
            let [f, s, t, l] = data.axis_coordinates(&cube, a);
            let d = data.distance([f, s, t, l]);
            node[a * PER_AXIS..(a + 1) * PER_AXIS].copy_from_slice(&[f, s, t, l, d]);
            best = best.max(d);
        }
        best
    }

    /// Each axis's coordinates after the move, and a prefetch of its class map's word.
    #[inline]
    fn prepare(&self, parent: &[u32], m: usize, child: &mut [u32]) {
        let mv = self.moves[m] as usize;
        let d = &*self.data;
        let n = d.kind.slices() as u32;
        for a in 0..3 {
            let at = a * PER_AXIS;
            let j = d.turned[a][mv] as usize;
            let f = d.flip_move[parent[at] as usize * MOVES + j] as u32;
            let s = d.slice_move[parent[at + 1] as usize * MOVES + j] as u32;
            child[at] = f;
            child[at + 1] = s;
            child[at + 2] = d.twist_move[parent[at + 2] as usize * MOVES + j] as u32;
            child[at + 3] = d.layers_move[parent[at + 3] as usize * MOVES + j] as u32;
            d.table.prefetch_class(f * n + s);
        }
    }

    /// Each axis's exact distance from its residue; the largest.
    #[inline]
    fn finish(&self, parent: &[u32], _m: usize, child: &mut [u32]) -> u32 {
        let t = &self.data.table;
        let mut best = 0;
        for a in 0..3 {
            let at = a * PER_AXIS;
            let (pa, pb) = self.data.pair([child[at], child[at + 1], child[at + 2], child[at + 3]]);
            let r = t.value(t.index(pa, pb)) as u32;
            let d = self.data.child_distance(parent[at + 4], r);
            child[at + 4] = d;
            best = best.max(d);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::tests::puzzle;
    use super::super::model::PHASE2_MOVES;
    use super::*;
    use crate::control::Control;

    /// Phase 1 with the corners' parity, reduced by all sixteen symmetries: Kociemba's 64,430 classes;
    /// a distance is phase 1's or one more, and on phase 1's subgroup exactly the parity; conjugating a
    /// cube by any of the sixteen keeps its distance; searches find the lengths the phase-1 bound finds.
    #[test]
    fn the_mirror_reduced_parity_table_bounds_as_it_should() {
        let p = puzzle();
        let bound = CubeBound::new(&p, CubeTable::Phase1Parity, usize::MAX, Control::none()).unwrap();
        let (d, phase1) = (&*bound.data, CubeBound::phase1_for_tests());
        assert_eq!(d.table.classes.reps.len(), PHASE1_MIRROR_CLASSES);
        assert_eq!(bound.memory_bytes(), CubeTable::Phase1Parity.memory_bytes());
        assert_eq!(CubeTable::Phase1Parity.entries(), 64_430 * 2187 * 2);
        assert_eq!(CubeTable::Phase1Parity.memory_bytes(), 84_779_558);
        assert!(bound.key_string().starts_with("phase1-parity-"));
        let model = &d.model;
        let mut rng = crate::group::rng_from_seed(Some(17)).unwrap();
        let (mut same, mut more) = (0, 0);
        for _ in 0..400 {
            use rand::Rng;
            let c = (0..rng.gen_range(4..40)).fold(Cubie::SOLVED, |c, _| c.then(&model.moves[rng.gen_range(0..MOVES)]));
            let state = model.state(&c);
            let (here, base) = (bound.distances(&state).unwrap(), phase1.distances(&state).unwrap());
            for a in 0..3 {
                assert!(here[a] == base[a] || here[a] == base[a] + 1, "{here:?} against phase 1's {base:?}");
                (same, more) = if here[a] == base[a] { (same + 1, more) } else { (same, more + 1) };
            }
            for s in 0..SYMS {
                let x = model.conj_sym(&c, s);
                assert_eq!(d.distance(d.coordinates(&x)), here[0], "symmetry {s}");
            }
        }
        // Both happen (the parity's cost is no constant).
        assert!(same > 100 && more > 100, "{same} same, {more} one more");
        for k in 0..60 {
            let c = (0..k).fold(Cubie::SOLVED, |c, i| c.then(&model.moves[PHASE2_MOVES[(i * 7 + k) % 10] as usize]));
            let odd = super::super::cubie::odd(&c.cp) as u32;
            assert_eq!(bound.distances(&model.state(&c)).unwrap()[0], odd);
        }
        for scramble in ["R U2 F' L D B2 R' U F2 D'", "F R' U B2 L' D R2 F U'", "B' D L2 F U' R B2 D L'"] {
            let state = p.position(&crate::alg::Alg::parse(scramble).unwrap()).unwrap();
            let (a, b) =
                (bound.solve(&state, Control::none()).unwrap(), phase1.solve(&state, Control::none()).unwrap());
            assert_eq!(a.moves.len(), b.moves.len(), "{scramble}");
            assert_eq!(p.apply_moves(&state, &a.moves), *p.solved(), "{scramble}");
        }
    }

    /// The coordinates of cubes in bytes along each axis are those of the cubies, on random cubes.
    #[test]
    fn packed_coordinates_are_the_cubies() {
        let p = puzzle();
        let mut rng = crate::group::rng_from_seed(Some(41)).unwrap();
        for kind in [CubeTable::Phase1, CubeTable::Layers] {
            let d = Data::empty(&p, kind, 2).unwrap();
            let mut x = Cubie::SOLVED;
            for i in 0..3000 {
                let m = rand::Rng::gen_range(&mut rng, 0..MOVES);
                x = d.model.moves[m].then(&x);
                for a in 0..3 {
                    assert_eq!(
                        d.packed_axis_coordinates(&Packed::new(&x), a),
                        d.axis_coordinates(&x, a),
                        "{kind:?} {i}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_phase1_bound_matches_the_two_phase_tables_and_saves() {
        let p = puzzle();
        let bound = CubeBound::phase1_for_tests();
        let solver = super::super::TwoPhase::new(&p, Control::none()).unwrap();
        solver.build_full_tables(Control::none()).unwrap();
        // The same entries as the two-phase solver's exact phase-1 table.
        assert_eq!(bound.data.table.words, solver.full.get().unwrap().words().0);
        assert_eq!(bound.distances(p.solved()).unwrap(), [0, 0, 0]);
        // R: one from the U/D and F/B axes' subgroups, in the R/L axis's.
        let r = p.position(&crate::alg::Alg::parse("R").unwrap()).unwrap();
        let mut d = bound.distances(&r).unwrap();
        d.sort();
        assert_eq!(d, [0, 1, 1]);
        let bytes = bound.save();
        let again = CubeBound::load(&p, CubeTable::Phase1, &bytes, usize::MAX).unwrap();
        assert_eq!(again.data.table.words, bound.data.table.words);
        let mut damaged = bytes.clone();
        let n = damaged.len();
        damaged[n / 3] ^= 4;
        assert!(CubeBound::load(&p, CubeTable::Phase1, &damaged, usize::MAX).is_err());
        assert_eq!(CubeTable::Phase1.key_string(&p).unwrap(), bound.key_string());
        assert!(bound.key_string().starts_with("phase1-"));
        assert_ne!(CubeTable::Huge.key_string(&p).unwrap(), bound.key_string());
        // What the budget is checked against beforehand is what the bound holds.
        assert_eq!(bound.memory_bytes(), CubeTable::Phase1.memory_bytes());
        assert_eq!(CubeTable::Phase1.memory_bytes(), 88_683_902);
        assert_eq!(bound.data.table.classes.reps.len(), PHASE1_CLASSES);
        // A budget one byte short is refused before anything is built or read.
        let short = CubeTable::Phase1.memory_bytes() - 1;
        let e = CubeBound::new(&p, CubeTable::Phase1, short, Control::none()).unwrap_err();
        assert_eq!(e.kind, crate::error::ErrorKind::Limit, "{e}");
        assert!(e.to_string().contains("memory budget"), "{e}");
        assert!(CubeBound::load(&p, CubeTable::Phase1, &bytes, short).is_err());
        // The exact huge table: its own name, key and size.
        assert_eq!(CubeTable::parse("huge-exact").unwrap(), CubeTable::HugeExact);
        assert_ne!(CubeTable::HugeExact.key_string(&p).unwrap(), CubeTable::Huge.key_string(&p).unwrap());
        assert_eq!(CubeTable::HugeExact.memory_bytes(), 3_783_214_220);
        // The layers table: its own key; in trits once built, two bits while it is filled.
        assert_eq!(CubeTable::parse("layers").unwrap(), CubeTable::Layers);
        assert_ne!(CubeTable::Layers.key_string(&p).unwrap(), bound.key_string());
        assert_eq!(CubeTable::Layers.entries(), 19_467_842_940);
        assert_eq!(CubeTable::Layers.memory_bytes(), 3_912_729_238);
        assert_eq!(CubeTable::Layers.build_bytes(), 4_886_121_382);
        assert!(CubeTable::Layers.memory_bytes() < 4 << 30);
        let e = CubeBound::new(&p, CubeTable::Layers, 4 << 30, Control::none()).unwrap_err();
        assert!(e.to_string().contains("memory budget"), "{e}");
        assert!(e.to_string().contains("while it is built"), "{e}");
        // Its maps (the phase-1 classes) are what its kind tells; its subgroup holds each axis's U and
        // D turns only (the half turns swap corners between the layers).
        let mut d = Data::empty(&p, CubeTable::Layers, 2).unwrap();
        d.fill_rows();
        assert_eq!(d.memory_bytes(), CubeTable::Layers.memory_bytes());
        for a in 0..3 {
            assert_eq!(d.inverse_changes.iter().filter(|&&c| c >> a & 1 == 0).count(), 6);
        }
        // With the parity too, under sixteen symmetries: as large, within 4 GiB loaded; its subgroup
        // holds no quarter turn (each turns the parity) and the U and D half turns of each axis.
        assert_eq!(CubeTable::parse("layers-parity").unwrap(), CubeTable::LayersParity);
        assert_eq!(CubeTable::LayersParity.entries(), 64_430 * 2187 * 140);
        assert_eq!(CubeTable::LayersParity.memory_bytes(), 3_959_770_214);
        assert_eq!(CubeTable::LayersParity.build_bytes(), 4_946_129_086);
        assert!(CubeTable::LayersParity.memory_bytes() < 4 << 30);
        assert_ne!(CubeTable::LayersParity.key_string(&p).unwrap(), CubeTable::Layers.key_string(&p).unwrap());
        let mut d = Data::empty(&p, CubeTable::LayersParity, 2).unwrap();
        d.fill_rows();
        assert_eq!(d.table.classes.reps.len(), PHASE1_MIRROR_CLASSES);
        assert_eq!(d.memory_bytes(), CubeTable::LayersParity.memory_bytes());
        for a in 0..3 {
            assert_eq!(d.inverse_changes.iter().filter(|&&c| c >> a & 1 == 0).count(), 2);
        }
        // Phase 1's subgroup holds the U and D turns and the half turns of each axis: 10 of 18 moves.
        for a in 0..3 {
            assert_eq!(bound.data.inverse_changes.iter().filter(|&&c| c >> a & 1 == 0).count(), 10);
        }
    }

    /// Where the subgroup of an axis holds a move `m`, putting `m⁻¹` in front of a position keeps its
    /// distance along that axis (what the search's inverse lookups take for granted); elsewhere it
    /// changes on some positions.
    #[test]
    fn a_move_in_the_subgroup_keeps_the_inverse_distance() {
        use super::super::model::inverse_move;
        use rand::Rng;
        let bound = CubeBound::phase1_for_tests();
        let d = &*bound.data;
        let mut rng = crate::group::rng_from_seed(Some(3)).unwrap();
        let mut changed = [[false; 3]; MOVES];
        for _ in 0..200 {
            let y = (0..30).fold(Cubie::SOLVED, |c, _| c.then(&d.model.moves[rng.gen_range(0..MOVES)]));
            for (m, seen) in changed.iter_mut().enumerate() {
                let z = d.model.moves[inverse_move(m as u8) as usize].then(&y);
                for (a, seen) in seen.iter_mut().enumerate() {
                    let same = d.distance(d.axis_coordinates(&y, a)) == d.distance(d.axis_coordinates(&z, a));
                    if d.inverse_changes[m] >> a & 1 == 0 {
                        assert!(same, "move {m}, axis {a}");
                    }
                    *seen |= !same;
                }
            }
        }
        for (m, c) in changed.iter().enumerate() {
            for (a, &c) in c.iter().enumerate() {
                assert_eq!(c, d.inverse_changes[m] >> a & 1 == 1, "move {m}, axis {a}");
            }
        }
    }

    /// The huge table's classes and memory, without its entries (seconds to count the classes).
    #[test]
    #[ignore = "seconds and 0.5 GB: run with --ignored"]
    fn the_huge_bound_holds_what_its_kind_tells() {
        let mut d = Data::empty(&puzzle(), CubeTable::Huge, 2).unwrap();
        d.fill_rows();
        assert_eq!(d.table.classes.reps.len(), HUGE_CLASSES);
        assert_eq!(d.memory_bytes(), CubeTable::Huge.memory_bytes());
        assert_eq!(CubeTable::Huge.memory_bytes(), 2_118_596_668);
        // With the E slice sorted, the subgroup holds the U and D turns of each axis only.
        for a in 0..3 {
            assert_eq!(d.inverse_changes.iter().filter(|&&c| c >> a & 1 == 0).count(), 6);
        }
        let mut e = Data::empty(&puzzle(), CubeTable::HugeExact, 4).unwrap();
        e.fill_rows();
        assert_eq!(e.memory_bytes(), CubeTable::HugeExact.memory_bytes());
    }
}
