//! [`DepthBits`]: two bits per position, shared by the threads of a breadth-first search. A position
//! holds [`UNSEEN`] until it is reached at depth `d`, then `d mod 3`: during a sweep from depth `d` the
//! values `d mod 3` (the frontier), `(d + 1) mod 3` (just reached) and `(d - 1) mod 3` (older) are all
//! different, and a move changes the depth by at most one, so neighbours are never ambiguous.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::error::{Error, Result};

/// The value of a position not reached yet.
pub(crate) const UNSEEN: u8 = 3;
const LOW: u64 = 0x5555_5555_5555_5555;

/// Two bits per position, 32 positions per atomic word.
pub(crate) struct DepthBits {
    words: Vec<AtomicU64>,
}

impl DepthBits {
    /// Bytes needed for `n` positions.
    pub(crate) fn bytes_for(n: u64) -> u64 {
        n.div_ceil(32) * 8
    }

    /// `n` positions, all [`UNSEEN`]; an error (not an abort) when the memory cannot be had.
    pub(crate) fn new(n: u64) -> Result<DepthBits> {
        let words = usize::try_from(n.div_ceil(32)).map_err(|_| Error::new("the position count is too large"))?;
        let mut v: Vec<AtomicU64> = Vec::new();
        v.try_reserve_exact(words).map_err(|_| {
            Error::new(format!("could not allocate {} MiB for the depth table", Self::bytes_for(n) >> 20))
        })?;
        crate::memory::advise_huge_pages(v.as_ptr() as *const u8, words * 8);
        v.extend((0..words).map(|_| AtomicU64::new(u64::MAX)));
        Ok(DepthBits { words: v })
    }

    /// The positions of saved words (32 per word, as [`DepthBits::word`] gives them).
    pub(crate) fn from_words(words: Vec<u64>) -> DepthBits {
        DepthBits { words: words.into_iter().map(AtomicU64::new).collect() }
    }

    /// The number of words.
    pub(crate) fn words(&self) -> usize {
        self.words.len()
    }

    /// Word `i` (positions `32 i ..`, two bits each from the lowest).
    pub(crate) fn word(&self, i: usize) -> u64 {
        self.words[i].load(Relaxed)
    }

    /// Prefetches position `i`'s word into the cache (a hint: nothing on other targets than x86-64).
    #[inline(always)]
    pub(crate) fn prefetch(&self, i: u64) {
        if let Some(w) = self.words.get((i >> 5) as usize) {
            crate::memory::prefetch(w.as_ptr());
        }
    }

    /// Prefetches the words of positions `start .. start + len` (a hint, as [`DepthBits::prefetch`]).
    #[inline]
    pub(crate) fn prefetch_range(&self, start: u64, len: u64) {
        prefetch_words(&self.words, (start >> 5) as usize, (start + len).div_ceil(32) as usize);
    }

    /// Settles the marks of the positions in `positions` (which start on a multiple of 64; only this
    /// thread touches their words now): every marked position still [`UNSEEN`] takes the value `v`, and
    /// the marks are cleared. Returns how many positions took `v`; the first `keep` of them (the
    /// smallest) are appended to `kept`.
    pub(crate) fn settle(
        &self,
        marks: &MarkBits,
        positions: std::ops::Range<u64>,
        v: u8,
        keep: usize,
        kept: &mut Vec<u64>,
    ) -> u64 {
        debug_assert_eq!(positions.start % 64, 0);
        let clear = LOW * (UNSEEN ^ v) as u64;
        let mut found = 0u64;
        let mut left = keep;
        let (first, end) =
            ((positions.start >> 6) as usize, (positions.end.div_ceil(64) as usize).min(marks.words.len()));
        for (k, mark) in marks.words[first..end].iter().enumerate().map(|(k, m)| (k + first, m)) {
            let m = mark.load(Relaxed);
            if m == 0 {
                continue;
            }
            mark.store(0, Relaxed);
            for half in 0..2 {
                let r = spread(m >> (32 * half));
                if r == 0 {
                    continue;
                }
                // Marks lie below the position count, so this word exists.
                let w = &self.words[2 * k + half];
                let x = w.load(Relaxed);
                let new = r & x & (x >> 1);
                if new == 0 {
                    continue;
                }
                w.store(x & !((new | new << 1) & clear), Relaxed);
                found += new.count_ones() as u64;
                let mut n = new;
                while left > 0 && n != 0 {
                    kept.push((((2 * k + half) as u64) << 5) | (n.trailing_zeros() as u64 / 2));
                    n &= n - 1;
                    left -= 1;
                }
            }
        }
        found
    }

    /// The value of position `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: u64) -> u8 {
        ((self.words[(i >> 5) as usize].load(Relaxed) >> ((i & 31) * 2)) & 3) as u8
    }

    /// [`DepthBits::get`] without the bounds check, for the sweeps' inner loops.
    ///
    /// # Safety
    /// `i` must be below the position count given to [`DepthBits::new`].
    #[inline(always)]
    pub(crate) unsafe fn get_unchecked(&self, i: u64) -> u8 {
        debug_assert!(((i >> 5) as usize) < self.words.len());
        // SAFETY: the caller guarantees `i` is a position of the table.
        let w = unsafe { self.words.get_unchecked((i >> 5) as usize) };
        ((w.load(Relaxed) >> ((i & 31) * 2)) & 3) as u8
    }

    /// Sets an [`UNSEEN`] position to `v`; true when this call did it (another thread may have first).
    #[inline(always)]
    pub(crate) fn claim(&self, i: u64, v: u8) -> bool {
        let shift = (i & 31) * 2;
        let old = self.words[(i >> 5) as usize].fetch_and(!(((UNSEEN ^ v) as u64) << shift), Relaxed);
        (old >> shift) & 3 == UNSEEN as u64
    }

    /// [`DepthBits::claim`] for an [`UNSEEN`] position when no other thread writes: a plain load and
    /// store, without the locked operation that stalls other memory accesses.
    #[inline(always)]
    pub(crate) fn claim_alone(&self, i: u64, v: u8) {
        let w = &self.words[(i >> 5) as usize];
        w.store(w.load(Relaxed) & !(((UNSEEN ^ v) as u64) << ((i & 31) * 2)), Relaxed);
    }

    /// Sets position `i` to `v` if it is [`UNSEEN`], when no other thread writes, without a branch (whether
    /// a forward step finds a new position is unpredictable); returns 1 when it did, else 0.
    ///
    /// # Safety
    /// `i` must be below the position count given to [`DepthBits::new`].
    #[inline(always)]
    pub(crate) unsafe fn claim_alone_if_unseen(&self, i: u64, v: u8) -> u64 {
        debug_assert!(((i >> 5) as usize) < self.words.len());
        // SAFETY: the caller guarantees `i` is a position of the table.
        let w = unsafe { self.words.get_unchecked((i >> 5) as usize) };
        let shift = (i & 31) * 2;
        let x = w.load(Relaxed);
        // Whole-word bit arithmetic (which positions of the word are UNSEEN), not a comparison of this
        // position's value: the compiler turns a selection on that comparison into a branch.
        let unseen = x & (x >> 1) & LOW;
        w.store(x & !((unseen | unseen << 1) & (((UNSEEN ^ v) as u64) << shift)), Relaxed);
        (unseen >> shift) & 1
    }

    /// Sets the positions `base + i` for `offsets` (all [`UNSEEN`], only this thread writes them, any
    /// order) to `v`, one atomic operation per word; `masks` is scratch space of at least
    /// `max(offsets) / 32 + 2` words, left zeroed.
    pub(crate) fn claim_all(&self, base: u64, offsets: &[u32], v: u8, masks: &mut [u64]) {
        if offsets.is_empty() {
            return;
        }
        let clear = (UNSEEN ^ v) as u64;
        let first = base >> 5;
        let (mut lo, mut hi) = (usize::MAX, 0usize);
        for &off in offsets {
            let i = base + off as u64;
            let w = ((i >> 5) - first) as usize;
            masks[w] |= clear << ((i & 31) * 2);
            lo = lo.min(w);
            hi = hi.max(w);
        }
        for (w, mask) in masks[lo..=hi].iter_mut().enumerate() {
            if *mask != 0 {
                self.words[first as usize + lo + w].fetch_and(!*mask, Relaxed);
                *mask = 0;
            }
        }
    }

    /// Appends to `out` the offsets `i` in `0..len` whose position `start + i` holds `v`.
    pub(crate) fn collect(&self, start: u64, len: u64, v: u8, out: &mut Vec<u32>) {
        let end = start + len;
        let pattern = LOW * v as u64;
        let mut w = start >> 5;
        while w << 5 < end {
            let x = self.words[w as usize].load(Relaxed) ^ pattern;
            let mut m = !(x | (x >> 1)) & LOW;
            let first = w << 5;
            if first < start {
                m &= u64::MAX << ((start - first) * 2);
            }
            if first + 32 > end {
                m &= !(u64::MAX << ((end - first) * 2));
            }
            while m != 0 {
                let bit = m.trailing_zeros() as u64 / 2;
                out.push((first + bit - start) as u32);
                m &= m - 1;
            }
            w += 1;
        }
    }
}

/// One bit per position: the targets of a forward sweep, set without looking at them (a plain load, OR
/// and store: no read of the target's depth, no condition), then settled into the [`DepthBits`] by
/// [`DepthBits::settle`], which also clears them. 64 positions per word.
pub(crate) struct MarkBits {
    words: Vec<AtomicU64>,
}

impl MarkBits {
    /// Bytes needed for `n` positions.
    pub(crate) fn bytes_for(n: u64) -> u64 {
        n.div_ceil(64) * 8
    }

    /// `n` positions, none marked; `None` when the memory cannot be had.
    pub(crate) fn new(n: u64) -> Option<MarkBits> {
        let words = usize::try_from(n.div_ceil(64)).ok()?;
        let mut v: Vec<AtomicU64> = Vec::new();
        v.try_reserve_exact(words).ok()?;
        crate::memory::advise_huge_pages(v.as_ptr() as *const u8, words * 8);
        v.extend((0..words).map(|_| AtomicU64::new(0)));
        Some(MarkBits { words: v })
    }

    /// Marks position `i`, when no other thread writes its word during the sweep.
    ///
    /// # Safety
    /// `i` must be below the position count given to [`MarkBits::new`].
    #[inline(always)]
    pub(crate) unsafe fn mark_alone(&self, i: u64) {
        debug_assert!(((i >> 6) as usize) < self.words.len());
        // SAFETY: the caller guarantees `i` is a position of the table.
        let w = unsafe { self.words.get_unchecked((i >> 6) as usize) };
        w.store(w.load(Relaxed) | 1 << (i & 63), Relaxed);
    }

    /// Prefetches the words of positions `start .. start + len` (a hint, as [`DepthBits::prefetch`]).
    #[inline]
    pub(crate) fn prefetch_range(&self, start: u64, len: u64) {
        prefetch_words(&self.words, (start >> 6) as usize, (start + len).div_ceil(64) as usize);
    }
}

/// One prefetch hint per 64-byte line of `words[first..end]`.
#[inline]
fn prefetch_words(words: &[AtomicU64], first: usize, end: usize) {
    let end = end.min(words.len());
    for w in (first..end).step_by(8) {
        crate::memory::prefetch(words[w].as_ptr());
    }
    if end > first {
        crate::memory::prefetch(words[end - 1].as_ptr());
    }
}

/// The 32 low bits of `x` moved to the even bits (bit `k` to bit `2 k`).
#[inline(always)]
fn spread(x: u64) -> u64 {
    let x = x & 0xFFFF_FFFF;
    let x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    let x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    let x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    let x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & LOW
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_collects_and_counts() {
        let b = DepthBits::new(100).unwrap();
        assert!(b.claim(3, 0));
        assert!(!b.claim(3, 0));
        let mut masks = vec![0u64; 4];
        b.claim_all(30, &[40, 1, 0, 2], 2, &mut masks);
        assert!(masks.iter().all(|&m| m == 0));
        assert_eq!(b.get(3), 0);
        assert_eq!(b.get(31), 2);
        assert_eq!(b.get(70), 2);
        assert_eq!(b.get(71), UNSEEN);
        let mut out = Vec::new();
        b.collect(29, 50, 2, &mut out);
        assert_eq!(out, vec![1, 2, 3, 41]);
        out.clear();
        b.collect(0, 100, UNSEEN, &mut out);
        assert_eq!(out.len(), 95);
        // SAFETY: positions below 100.
        unsafe {
            assert_eq!(b.claim_alone_if_unseen(71, 1), 1);
            assert_eq!(b.claim_alone_if_unseen(71, 2), 0);
            assert_eq!(b.claim_alone_if_unseen(31, 0), 0);
        }
        assert_eq!((b.get(71), b.get(31), b.get(72)), (1, 2, UNSEEN));
    }

    #[test]
    fn marks_settle_into_unseen_positions_only() {
        let b = DepthBits::new(200).unwrap();
        assert!(b.claim(5, 0));
        assert!(b.claim(130, 2));
        let m = MarkBits::new(200).unwrap();
        // SAFETY: positions below 200.
        unsafe {
            for i in [5, 6, 63, 64, 130, 131, 199, 6] {
                m.mark_alone(i);
            }
        }
        let mut kept = Vec::new();
        assert_eq!(b.settle(&m, 0..128, 1, 2, &mut kept), 3);
        assert_eq!(kept, vec![6, 63]);
        kept.clear();
        assert_eq!(b.settle(&m, 128..200, 1, 5, &mut kept), 2);
        assert_eq!(kept, vec![131, 199]);
        let values: Vec<u8> = [5, 6, 63, 64, 130, 131, 199, 7].iter().map(|&i| b.get(i)).collect();
        assert_eq!(values, vec![0, 1, 1, 1, 2, 1, 1, UNSEEN]);
        // The marks were cleared: settling again finds nothing.
        assert_eq!(b.settle(&m, 0..200, 0, 5, &mut kept), 0);
        assert_eq!(spread(0b1011), 0b0100_0101);
    }
}
