//! A pruning table as bytes and back: a versioned, checksummed, compressed form that a shell can keep in
//! a file (or IndexedDB) so that a later process loads in a fraction of a second what took seconds or
//! minutes to fill. The core only converts; reading and writing files is the shells' business.
//!
//! The bytes are the crate's saved-table container (`saved`: the header with its checksum, LZ4 chunks
//! with CRC-32s), as every saved table is:
//!
//! | container part | what |
//! | --- | --- |
//! | magic, version | `TWSPRUNE`, [`FORMAT_VERSION`] |
//! | key | the [`Fingerprint`]: puzzle, move set, canonical automaton (metric), target, symmetry reduction |
//! | meta numbers | entries, filled depth, depth records, fill work, packing (0 nibbles, 1 crumbs), top depth, then per depth record: depth, leaves, entries set |
//! | one section | the entry bytes (two 4-bit or four 2-bit entries a byte: [`Packing`]), [`CHUNK_BYTES`] a chunk |
//!
//! A file is refused, never trusted, unless everything checks: magic, version, header checksum, the
//! fingerprint of what the reader is building a table for (so a table of another puzzle, move set,
//! metric or target is refused with which of them differs), sizes, the body's length (truncation) and
//! each chunk's checksum after decompression (like the integrity check of the phase-1 seed: a checksum
//! of the table's memory). Chunks compress and decompress on rayon's pool with the `parallel` feature.

use std::sync::atomic::Ordering;

use super::table::{Cells, Packing, MAX_DEPTH};
use super::{DepthStats, PruneTable};
use crate::bytes::describe_bytes;
use crate::error::{Error, Result};
use crate::hash::Hasher;
use crate::saved::{Container, Section};

/// The first bytes of every saved table.
pub const MAGIC: [u8; 8] = *b"TWSPRUNE";

/// The version of the layout (and of the state hash and slot mapping the entries were written with):
/// any change to either makes old files refused. Version 3: the shared saved-table container; 4: the
/// packing and top depth in the meta numbers.
pub const FORMAT_VERSION: u32 = 4;

/// Uncompressed bytes per chunk.
pub const CHUNK_BYTES: usize = crate::saved::CHUNK_BYTES;

const WHAT: &str = "pruning table";
/// Meta numbers before the depth records, and per depth record.
const META_FIXED: usize = 6;
const META_DEPTH: usize = 3;

/// What a table was built for, as hashes: a table is only valid for the same five.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprint {
    /// The puzzle's state layout and illegal placements.
    pub puzzle: u64,
    /// The moves of the move set, in order (their transformations).
    pub moves: u64,
    /// The canonical automaton (which the metric and move set determine).
    pub automaton: u64,
    /// The target state.
    pub target: u64,
    /// The symmetry reduction: the rotations whose conjugates share an entry (0: none, a plain table).
    pub symmetry: u64,
}

impl Fingerprint {
    /// One value for all five (a file name, say).
    pub fn combined(&self) -> u64 {
        Hasher::of_key(&self.key())
    }

    /// The five as the container's named key parts.
    fn key(&self) -> [(&'static str, u64); 5] {
        [
            ("puzzle", self.puzzle),
            ("move set", self.moves),
            ("metric or canonical automaton", self.automaton),
            ("target state", self.target),
            ("symmetry reduction", self.symmetry),
        ]
    }
}

/// The table as bytes (see the module documentation).
pub(crate) fn to_bytes(table: &PruneTable) -> Vec<u8> {
    let packing = match table.cells.packing() {
        Packing::Nibbles => 0,
        Packing::Crumbs => 1,
    };
    let mut meta = vec![
        table.cells.entries() as u64,
        u64::from(table.filled),
        table.depths.len() as u64,
        table.work,
        packing,
        u64::from(table.top),
    ];
    for d in &table.depths {
        meta.extend([u64::from(d.depth), d.leaves, d.entries_set]);
    }
    let cells = table.cells.cells();
    let section = Section::new(cells.len(), |r| cells[r].iter().map(|c| c.load(Ordering::Relaxed)).collect());
    Container::write(&MAGIC, FORMAT_VERSION, &table.walk.fingerprint().key(), &meta, vec![section])
}

/// A table from bytes made by [`to_bytes`] for the same fingerprint: the entries and counts are taken
/// over into `table` (a table just made for the same puzzle, move set, automaton and target, whose
/// entries are replaced). `max_bytes`: the most memory the entries may take.
pub(crate) fn load_into(table: &mut PruneTable, data: &[u8], max_bytes: usize) -> Result<()> {
    let expected = table.walk.fingerprint().key();
    let c =
        Container::open_explained(data, data.len() as u64, WHAT, &MAGIC, FORMAT_VERSION, &expected, &|i, found, e| {
            (i == 4).then(|| symmetry_differs(found, e).to_string())
        })?;
    let corrupt = |why: &str| Error::new(format!("not a valid saved {WHAT}: {why}"));
    let meta = c.meta();
    if meta.len() < META_FIXED || c.sections() != 1 {
        return Err(corrupt("impossible record counts in the header"));
    }
    let (entries, filled, ndepths, work, packing, top) = (meta[0], meta[1], meta[2], meta[3], meta[4], meta[5]);
    let (packing, per_byte) = match packing {
        0 => (Packing::Nibbles, 2),
        1 => (Packing::Crumbs, 4),
        _ => return Err(corrupt("unknown packing")),
    };
    if ndepths > u64::from(MAX_DEPTH) + 2 || meta.len() as u64 != META_FIXED as u64 + ndepths * META_DEPTH as u64 {
        return Err(corrupt("impossible record counts in the header"));
    }
    let entries = usize::try_from(entries).map_err(|_| corrupt("more entries than this machine can address"))?;
    let whole = if packing == Packing::Crumbs { 4 * 64 } else { per_byte };
    if entries == 0 || entries % whole != 0 || c.len(0) != (entries / per_byte) as u64 {
        return Err(corrupt("inconsistent table size"));
    }
    if filled > u64::from(MAX_DEPTH) || ndepths < filled + 1 || top < filled || top > filled + 1 {
        return Err(corrupt("inconsistent filled depth"));
    }
    let mut depths = Vec::with_capacity(ndepths as usize);
    for (i, d) in meta[META_FIXED..].chunks_exact(META_DEPTH).enumerate() {
        if d[0] != i as u64 {
            return Err(corrupt("depth records out of order"));
        }
        depths.push(DepthStats { depth: d[0] as u32, leaves: d[1], entries_set: d[2] });
    }
    let bytes = entries / per_byte;
    if bytes > max_bytes {
        return Err(Error::limit(format!(
            "the saved pruning table takes {}, more than the memory budget of {}",
            describe_bytes(bytes as u64),
            describe_bytes(max_bytes as u64)
        )));
    }
    let mut cells = Cells::zeroed(entries, packing)?;
    c.read_into(0, cells.bytes_mut())?;
    table.cells = cells;
    table.filled = filled as u32;
    table.unset = filled as u8 + 1;
    table.top = top as u8;
    table.depths = depths;
    table.work = work;
    table.prefaulted = true;
    Ok(())
}

/// What a table's symmetry reduction that differs from the one expected is, in words.
fn symmetry_differs(found: u64, expected: u64) -> &'static str {
    match (found, expected) {
        (0, _) => "no symmetry reduction (a plain table), but a reduced one is expected",
        (_, 0) => "a symmetry reduction, but a plain table is expected",
        _ => "another symmetry reduction",
    }
}
