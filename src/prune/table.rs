//! The table's storage: packed entries in one zeroed allocation of atomic bytes that several threads may
//! fill at once, in one of two packings ([`Packing`]).
//!
//! Entries are only ever changed from unset to a value, and a fill of one depth writes one value only,
//! so concurrent writers agree: a write is an atomic OR of the entry's bits into an unset entry.

use std::alloc::Layout;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::bytes::describe_bytes;
use crate::error::{Error, Result};

/// The largest depth an entry can hold (values 1..=15 store depths 0..=14).
pub const MAX_DEPTH: u32 = 14;

/// How the entries are packed into bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packing {
    /// 4-bit entries, two a byte: 0 unset, `v > 0` a state at depth `v - 1` hashes there. Every entry
    /// exact.
    Nibbles,
    /// 2-bit entries, four a byte, twice as many entries for the memory: 0 unset, 1 the deepest depth
    /// written so far (the table's "top"), 2 the depth above it, 3 shallower still, read as the smallest
    /// depth written into the entry's 64-byte line, which the line keeps in its first four bits (so a
    /// line holds 254 entries). A fill of a new top first moves every 1 to 2 and every 2 to 3.
    Crumbs,
}

/// The line of [`Packing::Crumbs`]: its first byte's low four bits hold the smallest depth written into
/// the line, plus one (0: none yet).
const LINE: usize = 64;

/// Tables of at least this many bytes whose entries are limited by memory (not by the number of
/// states) use [`Packing::Crumbs`]: twice the entries, so half the collisions, for the price of inexact
/// shallow entries, which a big table's searches rarely meet.
pub const CRUMBS_MIN_BYTES: usize = 64 << 20;

/// Entries stored packed in a zeroed, atomically updated byte array.
pub(crate) struct Cells {
    /// The allocation: `start` bytes of padding (crumbs: to a line boundary), then the table's bytes.
    cells: Box<[AtomicU8]>,
    start: usize,
    bytes: usize,
    entries: usize,
    packing: Packing,
}

impl std::fmt::Debug for Cells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cells").field("entries", &self.entries).field("packing", &self.packing).finish()
    }
}

impl Cells {
    /// `entries` unset entries packed as `packing` (`entries` positive; even for nibbles, a multiple of
    /// `4 × 64` for crumbs). The memory comes zeroed from the allocator, so untouched pages cost nothing
    /// until a fill writes there.
    pub(crate) fn zeroed(entries: usize, packing: Packing) -> Result<Self> {
        let (bytes, pad) = match packing {
            Packing::Nibbles => (entries / 2, 0),
            Packing::Crumbs => (entries / 4, LINE),
        };
        let too_big = || Error::new(format!("cannot allocate {} for the pruning table", describe_bytes(bytes as u64)));
        let shape_ok = match packing {
            Packing::Nibbles => entries % 2 == 0,
            Packing::Crumbs => entries % (4 * LINE) == 0,
        };
        if bytes == 0 || !shape_ok {
            return Err(Error::new("a pruning table needs a positive number of entries that fills its bytes"));
        }
        let len = bytes.checked_add(pad).ok_or_else(too_big)?;
        let layout = Layout::array::<AtomicU8>(len).map_err(|_| too_big())?;
        // SAFETY: the layout has a non-zero size. The allocation is checked for null before use; zeroed
        // memory is a valid array of `AtomicU8` (same size, alignment and bit validity as `u8`), and the
        // box frees it with the same layout (`Layout::array::<AtomicU8>(len)`).
        let cells = unsafe {
            let ptr = zeroed_bytes(layout) as *mut AtomicU8;
            if ptr.is_null() {
                return Err(too_big());
            }
            crate::memory::advise_huge_pages(ptr as *const u8, len);
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len))
        };
        let start = if pad > 0 { (LINE - cells.as_ptr() as usize % LINE) % LINE } else { 0 };
        Ok(Cells { cells, start, bytes, entries, packing })
    }

    /// Number of entries.
    #[inline(always)]
    pub(crate) fn entries(&self) -> usize {
        self.entries
    }

    /// How the entries are packed.
    #[inline(always)]
    pub(crate) fn packing(&self) -> Packing {
        self.packing
    }

    /// Bytes of storage.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// The table's byte `i` (`i < bytes`).
    #[inline(always)]
    fn byte(&self, i: usize) -> &AtomicU8 {
        debug_assert!(i < self.bytes);
        // SAFETY: i < bytes and start + bytes <= cells.len() (the padding comes first).
        unsafe { self.cells.get_unchecked(self.start + i) }
    }

    /// The byte holding entry `slot`, the entry's shift in it and its mask (`slot < entries`). Crumbs:
    /// the first two entries of a line (the line's minimum) stand for the next two.
    #[inline(always)]
    fn cell(&self, slot: usize) -> (&AtomicU8, u32, u8) {
        debug_assert!(slot < self.entries);
        // Every caller passes a slot from `hash::slot(h, entries)`, which is below `entries`, so the byte
        // is below `bytes` (`entries` is 2 or 4 times `bytes`).
        match self.packing {
            Packing::Nibbles => (self.byte(slot >> 1), ((slot & 1) as u32) << 2, 15),
            Packing::Crumbs => {
                let slot = slot | (usize::from(slot & 254 == 0) << 1);
                (self.byte(slot >> 2), ((slot & 3) as u32) << 1, 3)
            }
        }
    }

    /// The raw value of an entry (0 = unset; see [`Packing`]).
    #[inline(always)]
    pub(crate) fn get(&self, slot: usize) -> u8 {
        let (cell, shift, mask) = self.cell(slot);
        (cell.load(Ordering::Relaxed) >> shift) & mask
    }

    /// Crumbs: the smallest depth written into the line of entry `slot`, plus one (0: none).
    #[inline(always)]
    pub(crate) fn line_min(&self, slot: usize) -> u8 {
        self.byte((slot >> 2) & !(LINE - 1)).load(Ordering::Relaxed) & 15
    }

    /// Asks the processor to fetch an entry's cache line (a hint; no effect on other targets).
    #[inline(always)]
    pub(crate) fn prefetch(&self, slot: usize) {
        let (cell, _, _) = self.cell(slot);
        crate::memory::prefetch(cell.as_ptr());
    }

    /// Writes depth `value - 1` (`value` in 1..=15) into an unset entry; returns whether this call set
    /// it. Nibbles hold `value`; crumbs hold 1 (the top: the caller demoted the others first) and the
    /// line's minimum is set to `value` if it had none. With `SHARED`, other threads may write the same
    /// byte at the same time (an atomic OR: every writer of one fill writes the same bits); without, the
    /// caller is the only writer (a plain load and store).
    #[inline(always)]
    pub(crate) fn set_if_unset<const SHARED: bool>(&self, slot: usize, value: u8) -> bool {
        let (cell, shift, mask) = self.cell(slot);
        let cur = cell.load(Ordering::Relaxed);
        if (cur >> shift) & mask != 0 {
            return false;
        }
        let bits = match self.packing {
            Packing::Nibbles => value << shift,
            Packing::Crumbs => 1 << shift,
        };
        let set = if SHARED {
            (cell.fetch_or(bits, Ordering::Relaxed) >> shift) & mask == 0
        } else {
            cell.store(cur | bits, Ordering::Relaxed);
            true
        };
        if set && self.packing == Packing::Crumbs {
            let first = self.byte((slot >> 2) & !(LINE - 1));
            if first.load(Ordering::Relaxed) & 15 == 0 {
                if SHARED {
                    first.fetch_or(value, Ordering::Relaxed);
                } else {
                    first.store(first.load(Ordering::Relaxed) | value, Ordering::Relaxed);
                }
            }
        }
        set
    }

    /// Crumbs: before a fill of a new top depth, every 1 (the old top) becomes 2 and every 2 becomes 3
    /// (read through the line's minimum); the lines' minima stay. On rayon's current pool with the
    /// `parallel` feature. Nibbles: nothing to do.
    pub(crate) fn demote(&mut self) {
        if self.packing != Packing::Crumbs {
            return;
        }
        let demote_line = |line: &mut [u8]| {
            for (i, b) in line.iter_mut().enumerate() {
                // Per 2-bit entry: add one to the entries holding 1 or 2 (their two bits differ).
                let x = *b;
                let mut step = (x ^ (x >> 1)) & 0x55;
                if i == 0 {
                    step &= 0x50; // the low four bits are the line's minimum
                }
                *b = x + step;
            }
        };
        let bytes = self.bytes_mut();
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            bytes.par_chunks_mut(1 << 16).for_each(|c| c.chunks_mut(LINE).for_each(demote_line));
        }
        #[cfg(not(feature = "parallel"))]
        bytes.chunks_mut(LINE).for_each(demote_line);
    }

    /// Memory pages the entries span (counting [`PAGE`]-byte pages).
    pub(crate) fn pages(&self) -> usize {
        self.bytes.div_ceil(PAGE)
    }

    /// Touches every page with a write that changes nothing (a compare-exchange of 0 with 0, which the
    /// processor performs as a write), on rayon's current pool with the `parallel` feature.
    ///
    /// Fresh zeroed memory is mapped on first touch. A fill reads an entry before writing it, so each page
    /// would first be mapped to the shared zero page and then replaced on the write; with several threads
    /// running, each replacement interrupts the others to flush their address translations, which costs
    /// more than the fill itself. Touching every page once with a write before a big fill avoids both.
    pub(crate) fn prefault(&self) {
        let touch = |page: &[AtomicU8]| {
            let _ = page[0].compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            self.cells().par_chunks(PAGE).for_each(touch);
        }
        #[cfg(not(feature = "parallel"))]
        self.cells().chunks(PAGE).for_each(touch);
    }

    /// The table's bytes, for reading them out.
    pub(crate) fn cells(&self) -> &[AtomicU8] {
        &self.cells[self.start..self.start + self.bytes]
    }

    /// The table's bytes as plain bytes, for filling them in at once (a table being loaded).
    pub(crate) fn bytes_mut(&mut self) -> &mut [u8] {
        let (start, len) = (self.start, self.bytes);
        let cells = &mut self.cells[start..start + len];
        // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`, and `&mut self` rules out
        // any other access to the cells for the slice's lifetime.
        unsafe { std::slice::from_raw_parts_mut(cells.as_mut_ptr() as *mut u8, len) }
    }

    /// A copy of the raw bytes (tests compare tables).
    #[cfg(test)]
    pub(crate) fn snapshot(&self) -> Vec<u8> {
        self.cells().iter().map(|c| c.load(Ordering::Relaxed)).collect()
    }
}

/// A zeroed allocation (null on failure), from the allocator.
///
/// # Safety
/// `layout` must have a non-zero size.
#[cfg(not(wasm_threads))]
unsafe fn zeroed_bytes(layout: Layout) -> *mut u8 {
    std::alloc::alloc_zeroed(layout)
}

/// A zeroed allocation (null on failure). In the threaded WebAssembly build the allocator would clear
/// it byte by byte on one thread (it cannot know that memory fresh from `memory.grow` is zero: about a
/// quarter of a second for 256 MiB, all of it serial); the threads clear it instead.
///
/// # Safety
/// `layout` must have a non-zero size.
#[cfg(wasm_threads)]
unsafe fn zeroed_bytes(layout: Layout) -> *mut u8 {
    use rayon::prelude::*;
    const CHUNK: usize = 1 << 20;
    let ptr = std::alloc::alloc(layout);
    if ptr.is_null() {
        return ptr;
    }
    let (addr, len) = (ptr as usize, layout.size());
    (0..len.div_ceil(CHUNK)).into_par_iter().for_each(|i| {
        let start = i * CHUNK;
        // SAFETY: the chunks are disjoint ranges inside the new allocation of `len` bytes.
        unsafe { std::ptr::write_bytes((addr + start) as *mut u8, 0, CHUNK.min(len - start)) };
    });
    ptr
}

/// The memory page size assumed by [`Cells::prefault`] (touching more often than needed is harmless).
const PAGE: usize = 4096;

/// The smallest memory budget accepted: 64 KiB (131,072 entries). Anything smaller could hold only a few
/// depths of any real puzzle.
pub const MIN_MEMORY_BYTES: usize = 64 << 10;

/// Entries for a memory budget and an optional bound on the number of states: two per byte of the
/// budget (rounded down to a multiple of 64), but no more than four per state when the bound is known
/// (rounded up to a multiple of 64). Errors when the budget is below [`MIN_MEMORY_BYTES`].
pub(crate) fn entries_for(memory_bytes: usize, state_count_hint: Option<f64>) -> Result<usize> {
    if memory_bytes < MIN_MEMORY_BYTES {
        return Err(Error::new(format!(
            "memory budget of {} is too small: a pruning table needs at least {}",
            describe_bytes(memory_bytes as u64),
            describe_bytes(MIN_MEMORY_BYTES as u64)
        )));
    }
    let by_memory = memory_bytes.saturating_mul(2) & !63;
    let by_hint = match state_count_hint {
        Some(n) if n.is_finite() && n > 0.0 => {
            let want = (4.0 * n / 64.0).ceil() * 64.0;
            if want < by_memory as f64 {
                want as usize
            } else {
                by_memory
            }
        }
        _ => by_memory,
    };
    Ok(by_memory.min(by_hint).max(64))
}

/// The packing and entry count of a table for a memory budget and an optional bound on the number of
/// states: [`Packing::Crumbs`] (four entries a byte, the budget rounded down to whole lines) for a budget
/// of at least [`CRUMBS_MIN_BYTES`] that the bound does not limit, else [`Packing::Nibbles`] with
/// [`entries_for`]'s count.
pub(crate) fn layout_for(memory_bytes: usize, state_count_hint: Option<f64>) -> Result<(Packing, usize)> {
    let nibbles = entries_for(memory_bytes, state_count_hint)?;
    if memory_bytes >= CRUMBS_MIN_BYTES && nibbles == entries_for(memory_bytes, None)? {
        if let Some(entries) = (memory_bytes & !(LINE - 1)).checked_mul(4) {
            return Ok((Packing::Crumbs, entries));
        }
    }
    Ok((Packing::Nibbles, nibbles))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_follow_budget_and_hint() {
        assert_eq!(entries_for(256 << 20, None).unwrap(), 512 << 20);
        assert_eq!(entries_for((1 << 20) + 5, None).unwrap(), 2 << 20);
        assert_eq!(entries_for(256 << 20, Some(1000.0)).unwrap(), 4032);
        assert_eq!(entries_for(256 << 20, Some(3_674_160.0)).unwrap(), 14_696_640);
        assert_eq!(entries_for(1 << 20, Some(1e30)).unwrap(), 2 << 20);
        assert_eq!(entries_for(1 << 20, Some(f64::NAN)).unwrap(), 2 << 20);
        assert_eq!(entries_for(1 << 20, Some(1.0)).unwrap(), 64);
        assert_eq!(entries_for(usize::MAX, None).unwrap() % 64, 0);
    }

    #[test]
    fn small_budgets_are_refused_before_allocating() {
        let e = entries_for(0, None).unwrap_err().to_string();
        assert_eq!(e, "memory budget of 0 MiB is too small: a pruning table needs at least 64 KiB");
        let e = entries_for(1000, None).unwrap_err().to_string();
        assert!(e.contains("1000 bytes"), "{e}");
        assert!(entries_for(MIN_MEMORY_BYTES, None).is_ok());
    }

    #[test]
    fn huge_tables_are_an_error_not_an_abort() {
        assert!(Cells::zeroed(usize::MAX - 1, Packing::Nibbles).is_err());
        assert!(Cells::zeroed(0, Packing::Nibbles).is_err());
        assert!(Cells::zeroed(3, Packing::Nibbles).is_err());
        assert!(Cells::zeroed(usize::MAX - 255, Packing::Crumbs).is_err());
        assert!(Cells::zeroed(128, Packing::Crumbs).is_err());
    }

    #[test]
    fn nibbles_set_once() {
        let t = Cells::zeroed(128, Packing::Nibbles).unwrap();
        assert_eq!(t.bytes(), 64);
        assert!(t.set_if_unset::<true>(5, 3));
        assert!(!t.set_if_unset::<true>(5, 4));
        assert!(t.set_if_unset::<false>(4, 15));
        assert!(!t.set_if_unset::<false>(4, 1));
        assert_eq!((t.get(4), t.get(5), t.get(6)), (15, 3, 0));
        t.prefetch(127);
        t.prefault();
        assert_eq!(t.snapshot()[2], 0x3f);
        assert_eq!(t.pages(), 1);
    }

    #[test]
    fn big_unbounded_tables_take_crumbs() {
        assert_eq!(layout_for(256 << 20, None).unwrap(), (Packing::Crumbs, 1 << 30));
        assert_eq!(layout_for(CRUMBS_MIN_BYTES + 100, None).unwrap(), (Packing::Crumbs, CRUMBS_MIN_BYTES * 4 + 256));
        assert_eq!(layout_for(CRUMBS_MIN_BYTES - 64, None).unwrap(), (Packing::Nibbles, 2 * CRUMBS_MIN_BYTES - 128));
        // A bound on the states that limits the table keeps nibbles (every entry exact).
        assert_eq!(layout_for(256 << 20, Some(3_674_160.0)).unwrap(), (Packing::Nibbles, 14_696_640));
        assert_eq!(layout_for(256 << 20, Some(1e30)).unwrap().0, Packing::Crumbs);
    }

    #[test]
    fn crumbs_keep_the_top_two_depths_and_a_line_minimum() {
        let mut t = Cells::zeroed(4 * 128, Packing::Crumbs).unwrap();
        assert_eq!((t.bytes(), t.entries(), t.pages()), (128, 512, 1));
        assert_eq!(t.cells().as_ptr() as usize % LINE, 0);
        // Depth 0 into entry 10 (line 0), then depth 1 into 11 and 300 (line 1).
        assert!(t.set_if_unset::<false>(10, 1));
        assert!(!t.set_if_unset::<true>(10, 1));
        assert_eq!((t.get(10), t.line_min(10)), (1, 1));
        t.demote();
        assert!(t.set_if_unset::<true>(11, 2));
        assert!(t.set_if_unset::<true>(300, 2));
        assert_eq!((t.get(10), t.get(11), t.get(300)), (2, 1, 1));
        assert_eq!((t.line_min(11), t.line_min(300)), (1, 2));
        t.demote();
        assert_eq!((t.get(10), t.get(11), t.get(300), t.get(12)), (3, 2, 2, 0));
        assert_eq!((t.line_min(10), t.line_min(300)), (1, 2));
        // A line's first two entries stand for the next two.
        assert!(t.set_if_unset::<false>(256, 3));
        assert!(!t.set_if_unset::<false>(258, 3));
        assert!(t.set_if_unset::<false>(257, 3));
        assert_eq!((t.get(256), t.get(259)), (1, 1));
        assert_eq!(t.line_min(256), 2);
        t.prefetch(511);
        t.prefault();
    }
}
