//! The table's storage: 4-bit entries, two to a byte, in one zeroed allocation of atomic bytes that
//! several threads may fill at once.
//!
//! Entry value 0 means unset; `v > 0` means a state at depth `v - 1` hashes there. Entries are only ever
//! changed from unset to a value, and a fill of depth `d` only writes `d + 1`, so concurrent writers agree.

use std::alloc::Layout;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::bytes::describe_bytes;
use crate::error::{Error, Result};

/// The largest depth an entry can hold (values 1..=15 store depths 0..=14).
pub const MAX_DEPTH: u32 = 14;

/// Entries stored as nibbles in a zeroed, atomically updated byte array.
pub(crate) struct Nibbles {
    cells: Box<[AtomicU8]>,
    entries: usize,
}

impl std::fmt::Debug for Nibbles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Nibbles").field("entries", &self.entries).finish()
    }
}

impl Nibbles {
    /// `entries` unset entries (`entries` even and positive). The memory comes zeroed from the allocator,
    /// so untouched pages cost nothing until a fill writes there.
    pub(crate) fn zeroed(entries: usize) -> Result<Self> {
        let bytes = entries / 2;
        let too_big = || Error::new(format!("cannot allocate {} for the pruning table", describe_bytes(bytes as u64)));
        if bytes == 0 || entries % 2 != 0 {
            return Err(Error::new("a pruning table needs a positive, even number of entries"));
        }
        let layout = Layout::array::<AtomicU8>(bytes).map_err(|_| too_big())?;
        // SAFETY: the layout has a non-zero size. The allocation is checked for null before use; zeroed
        // memory is a valid array of `AtomicU8` (same size, alignment and bit validity as `u8`), and the
        // box frees it with the same layout (`Layout::array::<AtomicU8>(bytes)`).
        let cells = unsafe {
            let ptr = zeroed_bytes(layout) as *mut AtomicU8;
            if ptr.is_null() {
                return Err(too_big());
            }
            crate::memory::advise_huge_pages(ptr as *const u8, bytes);
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, bytes))
        };
        Ok(Nibbles { cells, entries })
    }

    /// Number of entries.
    #[inline(always)]
    pub(crate) fn entries(&self) -> usize {
        self.entries
    }

    /// Bytes of storage.
    pub(crate) fn bytes(&self) -> usize {
        self.cells.len()
    }

    /// The byte holding entry `slot` and the nibble's shift (`slot < entries`).
    #[inline(always)]
    fn cell(&self, slot: usize) -> (&AtomicU8, u32) {
        debug_assert!(slot < self.entries);
        // SAFETY: slot < entries = 2 · cells.len(), so slot / 2 < cells.len(). Every caller passes a slot
        // from `hash::slot(h, entries)`, which is below `entries`.
        let cell = unsafe { self.cells.get_unchecked(slot >> 1) };
        (cell, ((slot & 1) as u32) << 2)
    }

    /// The raw value of an entry (0 = unset).
    #[inline(always)]
    pub(crate) fn get(&self, slot: usize) -> u8 {
        let (cell, shift) = self.cell(slot);
        (cell.load(Ordering::Relaxed) >> shift) & 15
    }

    /// Asks the processor to fetch an entry's cache line (a hint; no effect on other targets).
    #[inline(always)]
    pub(crate) fn prefetch(&self, slot: usize) {
        let (cell, _) = self.cell(slot);
        crate::memory::prefetch(cell.as_ptr());
    }

    /// Sets an unset entry to `value` (1..=15); returns whether this call set it. With `SHARED`, other
    /// threads may write the same byte at the same time (a compare-exchange loop); without, the caller
    /// is the only writer (a plain load and store).
    #[inline(always)]
    pub(crate) fn set_if_unset<const SHARED: bool>(&self, slot: usize, value: u8) -> bool {
        let (cell, shift) = self.cell(slot);
        let mut cur = cell.load(Ordering::Relaxed);
        if (cur >> shift) & 15 != 0 {
            return false;
        }
        let bits = value << shift;
        if !SHARED {
            cell.store(cur | bits, Ordering::Relaxed);
            return true;
        }
        loop {
            match cell.compare_exchange_weak(cur, cur | bits, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(now) => {
                    if (now >> shift) & 15 != 0 {
                        return false;
                    }
                    cur = now;
                }
            }
        }
    }

    /// Memory pages the entries span (counting [`PAGE`]-byte pages).
    pub(crate) fn pages(&self) -> usize {
        self.cells.len().div_ceil(PAGE)
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
            self.cells.par_chunks(PAGE).for_each(touch);
        }
        #[cfg(not(feature = "parallel"))]
        self.cells.chunks(PAGE).for_each(touch);
    }

    /// The cells (two entries each), for reading them out.
    pub(crate) fn cells(&self) -> &[AtomicU8] {
        &self.cells
    }

    /// The cells as plain bytes, for filling them in at once (a table being loaded).
    pub(crate) fn bytes_mut(&mut self) -> &mut [u8] {
        let len = self.cells.len();
        // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`, and `&mut self` rules out
        // any other access to the cells for the slice's lifetime.
        unsafe { std::slice::from_raw_parts_mut(self.cells.as_mut_ptr() as *mut u8, len) }
    }

    /// A copy of the raw bytes (tests compare tables).
    #[cfg(test)]
    pub(crate) fn snapshot(&self) -> Vec<u8> {
        self.cells.iter().map(|c| c.load(Ordering::Relaxed)).collect()
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

/// The memory page size assumed by [`Nibbles::prefault`] (touching more often than needed is harmless).
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
        assert!(Nibbles::zeroed(usize::MAX - 1).is_err());
        assert!(Nibbles::zeroed(0).is_err());
        assert!(Nibbles::zeroed(3).is_err());
    }

    #[test]
    fn nibbles_set_once() {
        let t = Nibbles::zeroed(128).unwrap();
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
}
