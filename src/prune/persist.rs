//! A pruning table as bytes and back: a versioned, checksummed, compressed form that a shell can keep in
//! a file (or IndexedDB) so that a later process loads in a fraction of a second what took seconds or
//! minutes to fill. The core only converts; reading and writing files is the shells' business.
//!
//! Layout (little-endian):
//!
//! | field | bytes |
//! | --- | --- |
//! | magic `TWSPRUNE` | 8 |
//! | format version ([`FORMAT_VERSION`]) | 4 |
//! | fingerprint: puzzle, move set, canonical automaton (metric), target, symmetry reduction | 5 × 8 |
//! | entries, filled depth, depth records, fill work, chunk bytes, chunks | 8 + 4 + 4 + 8 + 4 + 4 |
//! | per depth record: depth, leaves, entries set | 4 + 8 + 8 each |
//! | per chunk: compressed length, CRC-32 of its uncompressed bytes | 4 + 4 each |
//! | CRC-32 of everything above | 4 |
//! | the chunks: the entry bytes, [`CHUNK_BYTES`] at a time, LZ4 block-compressed | rest |
//!
//! A file is refused, never trusted, unless everything checks: magic, version, header checksum, the
//! fingerprint of what the reader is building a table for (so a table of another puzzle, move set,
//! metric or target is refused with which of them differs), sizes, the body's length (truncation) and
//! each chunk's checksum after decompression (like the integrity check of the phase-1 seed: a checksum
//! of the table's memory). Chunks compress and decompress on rayon's pool with the `parallel` feature.

use std::sync::atomic::Ordering;

use super::hash::hash_bytes;
use super::table::{Nibbles, MAX_DEPTH};
use super::{DepthStats, PruneTable};
use crate::bytes::describe_bytes;
use crate::error::{Error, Result};
use crate::saved::{compress_chunk, decompress_chunk, map_chunks, map_pieces_mut, put32, put64, Reader};

/// The first bytes of every saved table.
pub const MAGIC: [u8; 8] = *b"TWSPRUNE";

/// The version of the layout (and of the state hash and slot mapping the entries were written with):
/// any change to either makes old files refused.
pub const FORMAT_VERSION: u32 = 2;

/// Uncompressed bytes per chunk.
pub const CHUNK_BYTES: usize = crate::saved::CHUNK_BYTES;

/// The fixed part of the header, up to the depth records.
const FIXED: usize = 8 + 4 + 5 * 8 + 8 + 4 + 4 + 8 + 4 + 4;
/// Bytes per depth record and per chunk record.
const DEPTH_RECORD: usize = 20;
const CHUNK_RECORD: usize = 8;

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
        let mut bytes = Vec::with_capacity(40);
        for v in [self.puzzle, self.moves, self.automaton, self.target, self.symmetry] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        hash_bytes(&bytes)
    }
}

/// The fingerprint part of a hash over a sequence of numbers and byte strings.
pub(crate) struct Hasher(Vec<u8>);

impl Hasher {
    pub(crate) fn new() -> Self {
        Hasher(Vec::new())
    }

    pub(crate) fn number(&mut self, n: u64) -> &mut Self {
        self.0.extend_from_slice(&n.to_le_bytes());
        self
    }

    pub(crate) fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.number(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }

    pub(crate) fn finish(&self) -> u64 {
        hash_bytes(&self.0)
    }
}

/// The table as bytes (see the module documentation).
pub(crate) fn to_bytes(table: &PruneTable) -> Vec<u8> {
    let raw = table.nibbles.bytes();
    let chunks: Vec<(Vec<u8>, u32)> = map_chunks(raw, |i| compress_nibbles(&table.nibbles, i));
    let mut out = Vec::with_capacity(FIXED + chunks.iter().map(|c| c.0.len() + CHUNK_RECORD).sum::<usize>() + 512);
    out.extend_from_slice(&MAGIC);
    put32(&mut out, FORMAT_VERSION);
    let f = table.walk.fingerprint();
    for v in [f.puzzle, f.moves, f.automaton, f.target, f.symmetry] {
        put64(&mut out, v);
    }
    put64(&mut out, table.nibbles.entries() as u64);
    put32(&mut out, table.filled);
    put32(&mut out, table.depths.len() as u32);
    put64(&mut out, table.work);
    put32(&mut out, CHUNK_BYTES as u32);
    put32(&mut out, chunks.len() as u32);
    for d in &table.depths {
        put32(&mut out, d.depth);
        put64(&mut out, d.leaves);
        put64(&mut out, d.entries_set);
    }
    for (data, crc) in &chunks {
        put32(&mut out, data.len() as u32);
        put32(&mut out, *crc);
    }
    let header_crc = crc32fast::hash(&out);
    put32(&mut out, header_crc);
    for (data, _) in &chunks {
        out.extend_from_slice(data);
    }
    out
}

/// The header, read and checked (everything but the chunks' contents).
struct Header {
    entries: usize,
    filled: u32,
    depths: Vec<DepthStats>,
    work: u64,
    /// Compressed length and checksum of each chunk.
    chunks: Vec<(usize, u32)>,
    /// Where the chunks start.
    body: usize,
}

/// A table from bytes made by [`to_bytes`] for the same fingerprint: the nibbles and counts are taken
/// over into `table` (a table just made for the same puzzle, move set, automaton and target, whose
/// entries are replaced). `max_bytes`: the most memory the entries may take.
pub(crate) fn load_into(table: &mut PruneTable, data: &[u8], max_bytes: usize) -> Result<()> {
    let h = header(data, &table.walk.fingerprint())?;
    let bytes = h.entries / 2;
    if bytes > max_bytes {
        return Err(Error::limit(format!(
            "the saved pruning table takes {}, more than the memory budget of {}",
            describe_bytes(bytes as u64),
            describe_bytes(max_bytes as u64)
        )));
    }
    let mut nibbles = Nibbles::zeroed(h.entries)?;
    let mut starts = Vec::with_capacity(h.chunks.len());
    let mut at = h.body;
    for &(len, _) in &h.chunks {
        starts.push(at);
        at += len;
    }
    let out = nibbles.bytes_mut();
    let results = map_pieces_mut(out, CHUNK_BYTES, |i, dst| {
        let (len, crc) = h.chunks[i];
        decompress_chunk("pruning table", &data[starts[i]..starts[i] + len], dst, crc, i)
    });
    results.into_iter().collect::<Result<Vec<()>>>()?;
    table.nibbles = nibbles;
    table.filled = h.filled;
    table.unset = h.filled as u8 + 1;
    table.depths = h.depths;
    table.work = h.work;
    table.prefaulted = true;
    Ok(())
}

/// Reads and checks the header against the fingerprint expected.
fn header(data: &[u8], expected: &Fingerprint) -> Result<Header> {
    let corrupt = |why: &str| Error::new(format!("not a valid saved pruning table: {why}"));
    if data.len() < 8 || data[..8] != MAGIC {
        return Err(corrupt("it does not start with the TWSPRUNE mark"));
    }
    if data.len() < FIXED + 4 {
        return Err(corrupt(&format!("truncated: {} bytes, shorter than the header", data.len())));
    }
    let mut r = Reader::new(data, 8, "pruning table");
    let version = r.u32()?;
    if version != FORMAT_VERSION {
        return Err(Error::new(format!(
            "the saved pruning table has format version {version}; this build reads version {FORMAT_VERSION}"
        )));
    }
    let found =
        Fingerprint { puzzle: r.u64()?, moves: r.u64()?, automaton: r.u64()?, target: r.u64()?, symmetry: r.u64()? };
    let (entries, filled, ndepths, work) = (r.u64()?, r.u32()?, r.u32()? as usize, r.u64()?);
    let (chunk_bytes, nchunks) = (r.u32()? as usize, r.u32()? as usize);
    if ndepths > MAX_DEPTH as usize + 2 || nchunks > data.len() / CHUNK_RECORD {
        return Err(corrupt("impossible record counts in the header"));
    }
    let header_len = FIXED + ndepths * DEPTH_RECORD + nchunks * CHUNK_RECORD;
    if data.len() < header_len + 4 {
        return Err(corrupt(&format!(
            "truncated: {} bytes, shorter than its {}-byte header",
            data.len(),
            header_len + 4
        )));
    }
    let stored_crc = u32::from_le_bytes(data[header_len..header_len + 4].try_into().expect("4 bytes"));
    if crc32fast::hash(&data[..header_len]) != stored_crc {
        return Err(corrupt("the header's checksum does not match (the file is damaged)"));
    }
    check_fingerprint(&found, expected)?;
    let entries = usize::try_from(entries).map_err(|_| corrupt("more entries than this machine can address"))?;
    let bytes = entries / 2;
    if entries == 0 || entries % 2 != 0 || chunk_bytes != CHUNK_BYTES || nchunks != bytes.div_ceil(CHUNK_BYTES) {
        return Err(corrupt("inconsistent table size, chunk size or chunk count"));
    }
    if filled > MAX_DEPTH || ndepths < filled as usize + 1 {
        return Err(corrupt("inconsistent filled depth"));
    }
    let mut depths = Vec::with_capacity(ndepths);
    for i in 0..ndepths {
        let d = DepthStats { depth: r.u32()?, leaves: r.u64()?, entries_set: r.u64()? };
        if d.depth != i as u32 {
            return Err(corrupt("depth records out of order"));
        }
        depths.push(d);
    }
    let mut chunks = Vec::with_capacity(nchunks);
    let mut body_len = 0usize;
    for _ in 0..nchunks {
        let (len, crc) = (r.u32()? as usize, r.u32()?);
        body_len = body_len.saturating_add(len);
        chunks.push((len, crc));
    }
    let body = header_len + 4;
    let have = data.len() - body;
    if have != body_len {
        let what = if have < body_len { "truncated" } else { "trailing bytes" };
        return Err(corrupt(&format!("{what}: the body has {have} bytes, the header says {body_len}")));
    }
    Ok(Header { entries, filled, depths, work, chunks, body })
}

/// Refuses a table made for something else, saying what.
fn check_fingerprint(found: &Fingerprint, expected: &Fingerprint) -> Result<()> {
    let what = if found.puzzle != expected.puzzle {
        "another puzzle"
    } else if found.moves != expected.moves {
        "another move set"
    } else if found.automaton != expected.automaton {
        "another metric or canonical automaton"
    } else if found.target != expected.target {
        "another target state"
    } else if found.symmetry != expected.symmetry {
        match (found.symmetry, expected.symmetry) {
            (0, _) => "no symmetry reduction (a plain table), but a reduced one is expected",
            (_, 0) => "a symmetry reduction, but a plain table is expected",
            _ => "another symmetry reduction",
        }
    } else {
        return Ok(());
    };
    Err(Error::new(format!("the saved pruning table was built for {what}")))
}

/// Compresses chunk `i` of the entries: the compressed bytes and the CRC-32 of the uncompressed ones.
fn compress_nibbles(nibbles: &Nibbles, i: usize) -> (Vec<u8>, u32) {
    let cells = nibbles.cells();
    let range = i * CHUNK_BYTES..((i + 1) * CHUNK_BYTES).min(cells.len());
    let raw: Vec<u8> = cells[range].iter().map(|c| c.load(Ordering::Relaxed)).collect();
    compress_chunk(&raw)
}
