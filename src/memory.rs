//! Hints to the processor and the operating system about big tables: [`prefetch`] (a cache line the
//! code will read soon) and [`advise_huge_pages`]. Searches read pruning and phase tables of hundreds
//! of MiB at random: with 4 KiB pages nearly every lookup also misses the TLB (a page walk before the
//! cache miss), so on Linux the tables ask for transparent huge pages (`madvise(MADV_HUGEPAGE)`, which
//! machines set to `madvise` mode honour) before they are first written. Elsewhere, and where the kernel
//! declines, nothing changes.

/// The huge-page size the hint is aligned to.
#[cfg(target_os = "linux")]
const HUGE: usize = 2 << 20;

/// Asks for huge pages for the bytes `[ptr, ptr + len)` (the aligned 2 MiB blocks inside them); call it
/// before the memory is first written. A hint only: failures are ignored.
pub(crate) fn advise_huge_pages(ptr: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        if len < 2 * HUGE {
            return;
        }
        let start = (ptr as usize).next_multiple_of(HUGE);
        let end = (ptr as usize + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: madvise with MADV_HUGEPAGE only changes how the kernel backs the range, which lies
            // inside the caller's allocation; it neither reads nor invalidates its contents.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

/// Asks the processor to bring the cache line holding `ptr` into the cache (x86-64 `prefetcht0`; a
/// hint: nothing on other targets). Never faults, whatever `ptr` is.
#[inline(always)]
pub(crate) fn prefetch<T>(ptr: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that never faults and does not access memory architecturally.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(ptr as *const i8)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = ptr;
}
