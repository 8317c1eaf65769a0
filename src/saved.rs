//! The form every saved table takes on its way to a file or IndexedDB: bytes cut into chunks of
//! [`CHUNK_BYTES`], each LZ4 block-compressed (lz4_flex, which builds for wasm32 too) with the CRC-32 of
//! its uncompressed bytes (the seed `kociemba-phase1-pruning-table.txt`'s integrity check: a checksum of
//! the table's memory), little-endian numbers around them, and [`Container`]: a whole saved file of
//! several such sections behind one checked header. Chunks compress and decompress on rayon's pool
//! with the `parallel` feature.
//!
//! Container layout (little-endian):
//!
//! | field | bytes |
//! | --- | --- |
//! | magic (the caller's) | 8 |
//! | format version (the caller's) | 4 |
//! | key parts: count, then each | 4 + 8 each |
//! | meta numbers: count, then each | 4 + 8 each |
//! | sections: count, then per section its length, chunk count and per chunk compressed length, CRC-32 | 4 + (8 + 4 + 8 per chunk) each |
//! | CRC-32 of everything above | 4 |
//! | the sections' chunks, in order | rest |
//!
//! Nothing is trusted before it checks: the magic, the version, the header's checksum, the key (what the
//! reader is building tables for; the first part that differs is named), the sizes, the body's length,
//! and each chunk's checksum after decompression.

use crate::error::{Error, Result};

/// Uncompressed bytes per chunk.
pub(crate) const CHUNK_BYTES: usize = 4 << 20;

/// Chunks read and decompressed together by [`Container::words_in_order`] (64 MiB uncompressed).
const BATCH_CHUNKS: usize = 16;

/// First bytes of a container that hold any header [`Container::open_explained`] reads (the header of a
/// 3.3 GB table is under 7 KB).
pub(crate) const HEAD_BYTES: usize = 1 << 20;

/// Compresses one chunk: the compressed bytes and the CRC-32 of `raw`.
pub(crate) fn compress_chunk(raw: &[u8]) -> (Vec<u8>, u32) {
    (lz4_flex::block::compress(raw), crc32fast::hash(raw))
}

/// Decompresses chunk `i` of a saved `what` into `dst` (exactly its length) and checks its checksum.
pub(crate) fn decompress_chunk(what: &str, src: &[u8], dst: &mut [u8], crc: u32, i: usize) -> Result<()> {
    let bad = |why: String| Error::new(format!("not a valid saved {what}: chunk {i} {why}"));
    let n = lz4_flex::block::decompress_into(src, dst).map_err(|e| bad(format!("does not decompress ({e})")))?;
    if n != dst.len() {
        return Err(bad(format!("decompresses to {n} bytes instead of {}", dst.len())));
    }
    if crc32fast::hash(dst) != crc {
        return Err(bad("fails its checksum (the file is damaged)".to_string()));
    }
    Ok(())
}

/// `f(i)` for each chunk index of `len` bytes, in order (on rayon's pool with `parallel`).
pub(crate) fn map_chunks<T: Send>(len: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let n = len.div_ceil(CHUNK_BYTES);
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map(&f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    (0..n).map(f).collect()
}

/// `f(i, piece)` for each piece of `out` of `per` elements, in order (on rayon's pool with `parallel`).
pub(crate) fn map_pieces_mut<E: Send, T: Send>(
    out: &mut [E],
    per: usize,
    f: impl Fn(usize, &mut [E]) -> T + Sync,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let f = &f;
        out.par_chunks_mut(per).enumerate().map(|(i, c)| f(i, c)).collect()
    }
    #[cfg(not(feature = "parallel"))]
    out.chunks_mut(per).enumerate().map(|(i, c)| f(i, c)).collect()
}

/// Appends a little-endian `u32`.
pub(crate) fn put32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Appends a little-endian `u64`.
pub(crate) fn put64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Reads little-endian numbers; past the end of the data each read is an error naming the `what`.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    at: usize,
    what: &'a str,
}

impl<'a> Reader<'a> {
    /// Reads `data` from `at`.
    pub(crate) fn new(data: &'a [u8], at: usize, what: &'a str) -> Self {
        Reader { data, at, what }
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N]> {
        let end = self.at.checked_add(N).filter(|&e| e <= self.data.len()).ok_or_else(|| {
            Error::new(format!("not a valid saved {}: truncated ({} bytes, in its header)", self.what, self.data.len()))
        })?;
        let v = self.data[self.at..end].try_into().expect("N bytes");
        self.at = end;
        Ok(v)
    }

    /// The next `u32`.
    pub(crate) fn u32(&mut self) -> Result<u32> {
        self.take::<4>().map(u32::from_le_bytes)
    }

    /// The next `u64`.
    pub(crate) fn u64(&mut self) -> Result<u64> {
        self.take::<8>().map(u64::from_le_bytes)
    }

    /// Where the next read starts.
    pub(crate) fn position(&self) -> usize {
        self.at
    }
}

/// One section of a container, compressed: its length and chunks.
pub(crate) struct Section {
    len: u64,
    chunks: Vec<(Vec<u8>, u32)>,
}

impl Section {
    /// A section of `len` bytes whose chunk at byte range `r` is `raw(r)` (called once per chunk, on
    /// several threads with `parallel`).
    pub(crate) fn new(len: usize, raw: impl Fn(std::ops::Range<usize>) -> Vec<u8> + Sync) -> Section {
        let chunks = map_chunks(len, |i| compress_chunk(&raw(i * CHUNK_BYTES..((i + 1) * CHUNK_BYTES).min(len))));
        Section { len: len as u64, chunks }
    }

    /// A section of plain bytes.
    pub(crate) fn bytes(data: &[u8]) -> Section {
        Section::new(data.len(), |r| data[r].to_vec())
    }

    /// A section of words, little-endian.
    pub(crate) fn words(len: usize, word: impl Fn(usize) -> u64 + Sync) -> Section {
        Section::new(len * 8, |r| (r.start / 8..r.end / 8).flat_map(|i| word(i).to_le_bytes()).collect())
    }
}

/// A container's header up to its sections: magic, version, the key's values and the meta numbers, each
/// list after its length.
fn put_head(out: &mut Vec<u8>, magic: &[u8; 8], version: u32, key: &[(&str, u64)], meta: &[u64]) {
    out.extend_from_slice(magic);
    put32(out, version);
    put32(out, key.len() as u32);
    for &(_, v) in key {
        put64(out, v);
    }
    put32(out, meta.len() as u32);
    for &v in meta {
        put64(out, v);
    }
}

/// Where a chunk's compressed bytes start, their length, and the CRC-32 of its uncompressed bytes.
type Chunk = (usize, usize, u32);

/// A saved file: a named key, meta numbers and sections (see the module documentation).
pub(crate) struct Container<'a> {
    data: &'a [u8],
    what: &'a str,
    meta: Vec<u64>,
    /// Per section: its length, and per chunk where its compressed bytes start, their length, checksum.
    sections: Vec<(u64, Vec<Chunk>)>,
}

impl<'a> Container<'a> {
    /// The bytes of a container.
    pub(crate) fn write(
        magic: &[u8; 8],
        version: u32,
        key: &[(&str, u64)],
        meta: &[u64],
        sections: Vec<Section>,
    ) -> Vec<u8> {
        let body: usize = sections.iter().flat_map(|s| &s.chunks).map(|c| c.0.len()).sum();
        let mut out = Vec::with_capacity(body + 1024);
        put_head(&mut out, magic, version, key, meta);
        put32(&mut out, sections.len() as u32);
        for s in &sections {
            put64(&mut out, s.len);
            put32(&mut out, s.chunks.len() as u32);
            for (data, crc) in &s.chunks {
                put32(&mut out, data.len() as u32);
                put32(&mut out, *crc);
            }
        }
        let crc = crc32fast::hash(&out);
        put32(&mut out, crc);
        // Each chunk is freed once copied: the compressed sections and the file are not held twice.
        for (data, _) in sections.into_iter().flat_map(|s| s.chunks) {
            out.extend_from_slice(&data);
        }
        out
    }

    /// The bytes of a container of one section of `len` little-endian words (`word(i)`), as
    /// [`Container::write`] makes them, handed to `write(at, bytes)` at their offsets in the container
    /// (the body first, a batch of [`BATCH_CHUNKS`] chunks at a time, compressed on all threads; the
    /// header last): a shell writes a file this way without holding its bytes beside the table.
    pub(crate) fn write_words_in_order(
        magic: &[u8; 8],
        version: u32,
        key: &[(&str, u64)],
        meta: &[u64],
        len: usize,
        word: impl Fn(usize) -> u64 + Sync,
        mut write: impl FnMut(u64, &[u8]) -> Result<()>,
    ) -> Result<()> {
        let bytes = len * 8;
        let nchunks = bytes.div_ceil(CHUNK_BYTES);
        let header = 8 + 4 + 4 + 8 * key.len() + 4 + 8 * meta.len() + 4 + 8 + 4 + 8 * nchunks + 4;
        let mut at = header as u64;
        let mut lens = Vec::with_capacity(nchunks);
        for first in (0..nchunks).step_by(BATCH_CHUNKS) {
            let last = (first + BATCH_CHUNKS).min(nchunks);
            let batch = map_pieces_mut(&mut vec![(); last - first], 1, |k, _| {
                let r = (first + k) * CHUNK_BYTES..((first + k + 1) * CHUNK_BYTES).min(bytes);
                let raw: Vec<u8> = (r.start / 8..r.end / 8).flat_map(|i| word(i).to_le_bytes()).collect();
                compress_chunk(&raw)
            });
            for (data, crc) in batch {
                write(at, &data)?;
                at += data.len() as u64;
                lens.push((data.len() as u32, crc));
            }
        }
        let mut out = Vec::with_capacity(header);
        put_head(&mut out, magic, version, key, meta);
        put32(&mut out, 1);
        put64(&mut out, bytes as u64);
        put32(&mut out, nchunks as u32);
        for (clen, crc) in lens {
            put32(&mut out, clen);
            put32(&mut out, crc);
        }
        let crc = crc32fast::hash(&out);
        put32(&mut out, crc);
        debug_assert_eq!(out.len(), header);
        write(0, &out)
    }

    /// Reads and checks a container's header: `magic` and `version` must be the writer's, `key` the same
    /// parts (the first that differs is named: "was built for another {name}"). `what` names the file
    /// kind in messages ("phase tables").
    pub(crate) fn open(
        data: &'a [u8],
        what: &'a str,
        magic: &[u8; 8],
        version: u32,
        key: &[(&str, u64)],
    ) -> Result<Self> {
        Self::open_explained(data, data.len() as u64, what, magic, version, key, &|_, _, _| None)
    }

    /// As [`Container::open`], from the first bytes `data` of a container of `total` bytes (at least its
    /// header; [`HEAD_BYTES`] hold any header): its sections are then read with
    /// [`Container::words_in_order`], so a large table loads without its file's bytes held beside it.
    /// `explain(i, found, expected)` says what a key part `i` that differs means (`None`: "was built for
    /// another {name}", as [`Container::open`] says).
    pub(crate) fn open_explained(
        data: &'a [u8],
        total: u64,
        what: &'a str,
        magic: &[u8; 8],
        version: u32,
        key: &[(&str, u64)],
        explain: &dyn Fn(usize, u64, u64) -> Option<String>,
    ) -> Result<Self> {
        let corrupt = |why: String| Error::new(format!("not a valid saved {what}: {why}"));
        if data.len() < 8 || data[..8] != *magic {
            return Err(corrupt(format!("it does not start with the {} mark", String::from_utf8_lossy(magic))));
        }
        let mut r = Reader::new(data, 8, what);
        let found = r.u32()?;
        if found != version {
            return Err(Error::new(format!(
                "the saved {what} has format version {found}; this build reads version {version}"
            )));
        }
        let nkey = r.u32()? as usize;
        let found_key: Vec<u64> = (0..nkey.min(data.len() / 8)).map(|_| r.u64()).collect::<Result<_>>()?;
        let nmeta = r.u32()? as usize;
        if nmeta > data.len() / 8 {
            return Err(corrupt("impossible record counts in the header".to_string()));
        }
        let meta: Vec<u64> = (0..nmeta).map(|_| r.u64()).collect::<Result<_>>()?;
        let nsections = r.u32()? as usize;
        if nsections > data.len() / 12 {
            return Err(corrupt("impossible record counts in the header".to_string()));
        }
        let mut sections = Vec::with_capacity(nsections);
        let mut at = 0usize;
        for _ in 0..nsections {
            let (len, nchunks) = (r.u64()?, r.u32()? as usize);
            if nchunks != usize::try_from(len).map_or(usize::MAX, |l| l.div_ceil(CHUNK_BYTES)) {
                return Err(corrupt("a section's chunk count does not match its length".to_string()));
            }
            let mut chunks = Vec::with_capacity(nchunks.min(data.len() / 8));
            for _ in 0..nchunks {
                let (clen, crc) = (r.u32()? as usize, r.u32()?);
                chunks.push((at, clen, crc));
                at = at.saturating_add(clen);
            }
            sections.push((len, chunks));
        }
        let header_len = r.position();
        let stored = r.u32()?;
        if crc32fast::hash(&data[..header_len]) != stored {
            return Err(corrupt("the header's checksum does not match (the file is damaged)".to_string()));
        }
        if found_key.len() != key.len() {
            return Err(Error::new(format!("the saved {what} was built for other tables (another key layout)")));
        }
        if let Some((i, (&(name, expected), &found))) =
            key.iter().zip(&found_key).enumerate().find(|(_, ((_, v), f))| v != *f)
        {
            let why = explain(i, found, expected).unwrap_or_else(|| format!("another {name}"));
            return Err(Error::new(format!("the saved {what} was built for {why}")));
        }
        let body = r.position();
        let have = usize::try_from(total).unwrap_or(usize::MAX).saturating_sub(body);
        if have != at {
            let why = if have < at { "truncated" } else { "trailing bytes" };
            return Err(corrupt(format!("{why}: the body has {have} bytes, the header says {at}")));
        }
        for (_, chunks) in &mut sections {
            for c in chunks.iter_mut() {
                c.0 += body;
            }
        }
        Ok(Container { data, what, meta, sections })
    }

    /// The meta numbers.
    pub(crate) fn meta(&self) -> &[u64] {
        &self.meta
    }

    /// The number of sections.
    pub(crate) fn sections(&self) -> usize {
        self.sections.len()
    }

    /// Section `i`'s length in bytes.
    pub(crate) fn len(&self, i: usize) -> u64 {
        self.sections.get(i).map_or(0, |s| s.0)
    }

    /// Decompresses section `i` into `out` (exactly its length), checking every chunk.
    pub(crate) fn read_into(&self, i: usize, out: &mut [u8]) -> Result<()> {
        let (len, chunks) = self.section(i, out.len() as u64)?;
        let _ = len;
        map_pieces_mut(out, CHUNK_BYTES, |k, dst| {
            let (at, clen, crc) = chunks[k];
            decompress_chunk(self.what, &self.data[at..at + clen], dst, crc, k)
        })
        .into_iter()
        .collect()
    }

    /// Section `i` as bytes (at most `max` of them: more is refused before allocating).
    pub(crate) fn bytes(&self, i: usize, max: u64) -> Result<Vec<u8>> {
        let len = self.len(i);
        self.check_size(len, max)?;
        let mut out = vec![0u8; len as usize];
        crate::memory::advise_huge_pages(out.as_ptr(), out.len());
        self.read_into(i, &mut out)?;
        Ok(out)
    }

    /// Section `i` as little-endian words (at most `max` bytes of them), from the container's bytes.
    pub(crate) fn words(&self, i: usize, max: u64) -> Result<Vec<u64>> {
        self.words_in_order(i, max, |at, buf| {
            let src = self.data.get(at as usize..at as usize + buf.len()).ok_or_else(|| self.truncated())?;
            buf.copy_from_slice(src);
            Ok(())
        })
    }

    /// Section `i` as little-endian words (at most `max` bytes of them), its compressed chunks handed
    /// over in order, a batch of [`BATCH_CHUNKS`] at a time, by `read(at, buf)`: fill `buf` with the
    /// container's bytes from offset `at` (a file read by a shell, or [`Container::words`]'s copy).
    /// Each batch is decompressed on all threads, each chunk checked.
    pub(crate) fn words_in_order(
        &self,
        i: usize,
        max: u64,
        mut read: impl FnMut(u64, &mut [u8]) -> Result<()>,
    ) -> Result<Vec<u64>> {
        let len = self.len(i);
        self.check_size(len, max)?;
        if len % 8 != 0 {
            return Err(Error::new(format!("not a valid saved {}: section {i} is not whole words", self.what)));
        }
        let mut out = vec![0u64; (len / 8) as usize];
        crate::memory::advise_huge_pages(out.as_ptr() as *const u8, len as usize);
        let (_, chunks) = self.section(i, len)?;
        let mut compressed = Vec::new();
        for (b, dst) in out.chunks_mut(BATCH_CHUNKS * CHUNK_BYTES / 8).enumerate() {
            let first = b * BATCH_CHUNKS;
            let batch = &chunks[first..(first + BATCH_CHUNKS).min(chunks.len())];
            // The batch's chunks lie one after the other.
            let (start, end) = (batch[0].0, batch[batch.len() - 1].0 + batch[batch.len() - 1].1);
            compressed.resize(end - start, 0);
            read(start as u64, &mut compressed)?;
            map_pieces_mut(dst, CHUNK_BYTES / 8, |k, dst| {
                let (at, clen, crc) = batch[k];
                let mut raw = vec![0u8; dst.len() * 8];
                decompress_chunk(self.what, &compressed[at - start..at - start + clen], &mut raw, crc, first + k)?;
                for (w, b) in dst.iter_mut().zip(raw.chunks_exact(8)) {
                    *w = u64::from_le_bytes(b.try_into().expect("8 bytes"));
                }
                Ok(())
            })
            .into_iter()
            .collect::<Result<()>>()?;
        }
        Ok(out)
    }

    fn truncated(&self) -> Error {
        Error::new(format!("not a valid saved {}: truncated", self.what))
    }

    fn section(&self, i: usize, want: u64) -> Result<(u64, &[Chunk])> {
        let (len, chunks) = self
            .sections
            .get(i)
            .ok_or_else(|| Error::new(format!("not a valid saved {}: section {i} is missing", self.what)))?;
        if *len != want {
            return Err(Error::new(format!(
                "not a valid saved {}: section {i} has {len} bytes where {want} are expected",
                self.what
            )));
        }
        Ok((*len, chunks))
    }

    fn check_size(&self, len: u64, max: u64) -> Result<()> {
        if len > max {
            return Err(Error::limit(format!(
                "the saved {} needs {}, more than the memory budget of {}",
                self.what,
                crate::bytes::describe_bytes(len),
                crate::bytes::describe_bytes(max)
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAGIC: [u8; 8] = *b"TWSTESTS";

    fn sample() -> Vec<u8> {
        let big: Vec<u8> = (0..CHUNK_BYTES + 1000).map(|i| (i % 7) as u8).collect();
        Container::write(
            &MAGIC,
            3,
            &[("puzzle", 1), ("target", 2)],
            &[10, 20],
            vec![Section::bytes(&big), Section::words(5, |i| i as u64 * 0x0101_0101_0101), Section::bytes(&[])],
        )
    }

    #[test]
    fn sections_round_trip() {
        let data = sample();
        let c = Container::open(&data, "tests", &MAGIC, 3, &[("puzzle", 1), ("target", 2)]).unwrap();
        assert_eq!(c.meta(), [10, 20]);
        assert_eq!(c.sections(), 3);
        let big = c.bytes(0, u64::MAX).unwrap();
        assert_eq!(big.len(), CHUNK_BYTES + 1000);
        assert!(big.iter().enumerate().all(|(i, &b)| b == (i % 7) as u8));
        assert_eq!(c.words(1, 40).unwrap(), (0..5).map(|i| i * 0x0101_0101_0101).collect::<Vec<u64>>());
        assert!(c.bytes(2, 0).unwrap().is_empty());
        assert!(c.words(1, 39).unwrap_err().to_string().contains("memory budget"));
    }

    /// A one-section container written in order and read in order: the same bytes as
    /// [`Container::write`]'s, the same words back, damage refused.
    #[test]
    fn words_in_order_round_trip() {
        let n = (BATCH_CHUNKS + 3) * CHUNK_BYTES / 8 + 5;
        let word = |i: usize| (i as u64).wrapping_mul(0x9e37_79b9) >> 7;
        let key = [("puzzle", 1)];
        let whole = Container::write(&MAGIC, 3, &key, &[7], vec![Section::words(n, word)]);
        let mut file = Vec::new();
        Container::write_words_in_order(&MAGIC, 3, &key, &[7], n, word, |at, b| {
            let end = at as usize + b.len();
            if file.len() < end {
                file.resize(end, 0);
            }
            file[at as usize..end].copy_from_slice(b);
            Ok(())
        })
        .unwrap();
        assert!(file == whole);
        let head = &file[..HEAD_BYTES];
        let c = Container::open_explained(head, file.len() as u64, "tests", &MAGIC, 3, &key, &|_, _, _| None).unwrap();
        let read = |at: u64, buf: &mut [u8]| {
            buf.copy_from_slice(&file[at as usize..at as usize + buf.len()]);
            Ok(())
        };
        let words = c.words_in_order(0, u64::MAX, read).unwrap();
        assert!(words.iter().enumerate().all(|(i, &w)| w == word(i)));
        let mut bad = file.clone();
        let at = bad.len() - 10;
        bad[at] ^= 1;
        let c =
            Container::open_explained(&bad[..HEAD_BYTES], bad.len() as u64, "tests", &MAGIC, 3, &key, &|_, _, _| None)
                .unwrap();
        let read = |at: u64, buf: &mut [u8]| {
            buf.copy_from_slice(&bad[at as usize..at as usize + buf.len()]);
            Ok(())
        };
        assert!(c.words_in_order(0, u64::MAX, read).is_err());
        // A file shorter or longer than its header says is refused before any chunk is read.
        assert!(
            Container::open_explained(head, file.len() as u64 - 1, "tests", &MAGIC, 3, &key, &|_, _, _| None).is_err()
        );
    }

    #[test]
    fn damage_and_other_keys_are_refused() {
        let data = sample();
        let open = |d: &[u8], key: &[(&str, u64)]| {
            Container::open(d, "tests", &MAGIC, 3, key).map(|_| ()).unwrap_err().to_string()
        };
        let key = [("puzzle", 1), ("target", 2)];
        assert!(open(&data, &[("puzzle", 1), ("target", 3)]).contains("built for another target"));
        assert!(open(&data[..data.len() - 1], &key).contains("truncated"));
        assert!(open(&data[..30], &key).contains("truncated"));
        assert!(open(b"TWSPRUNE", &key).contains("mark"));
        let mut v = data.clone();
        v[8] = 9;
        assert!(open(&v, &key).contains("format version 9"));
        let mut v = data.clone();
        v[20] ^= 1;
        assert!(open(&v, &key).contains("checksum"));
        // A damaged chunk opens (its header is fine) but is refused when read.
        let mut v = data.clone();
        let n = v.len();
        v[n - 3] ^= 0x40;
        let c = Container::open(&v, "tests", &MAGIC, 3, &key).unwrap();
        let e = (0..3).find_map(|i| c.bytes(i, u64::MAX).err()).unwrap().to_string();
        assert!(e.contains("chunk") || e.contains("checksum"), "{e}");
    }
}
