//! [`Control`]: how long-running work (pruning-table fills, searches, enumerations) reports progress and
//! notices that it was cancelled. Shells pass a callback (CLI progress bar, JS `onProgress`) and a flag
//! (Ctrl-C, an `AbortSignal`); the core checks the flag often and returns [`Error::cancelled`]. A shell
//! whose cancellation request lives outside the core's memory (a JS `SharedArrayBuffer` read by a
//! single-threaded WebAssembly build) passes a poll function instead, asked at the same points.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Error, Result};

/// A progress report.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// What is being done: `"table"` (filling a pruning table), `"search"`, `"god"`.
    pub phase: &'static str,
    /// The depth being worked on.
    pub depth: u32,
    /// Units of work done in this phase and depth (positions, nodes).
    pub done: u64,
    /// Units expected, when known.
    pub total: Option<u64>,
}

/// Progress callback and cancellation flag for one piece of work. Cheap to copy; both parts optional.
#[derive(Clone, Copy, Default)]
pub struct Control<'a> {
    cancel: Option<&'a AtomicBool>,
    poll: Option<&'a (dyn Fn() -> bool + Sync)>,
    progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    clock: Option<&'a (dyn Fn() -> f64 + Sync)>,
}

impl std::fmt::Debug for Control<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("cancel", &self.cancel)
            .field("poll", &self.poll.is_some())
            .field("progress", &self.progress.is_some())
            .field("clock", &self.clock.is_some())
            .finish()
    }
}

impl<'a> Control<'a> {
    /// No progress reports and no cancellation.
    pub fn none() -> Self {
        Control::default()
    }

    /// With a cancellation flag: work stops soon after it becomes true.
    pub fn with_cancel(mut self, flag: &'a AtomicBool) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// With a cancellation poll: work stops soon after it returns true. It is asked where the flag is read
    /// (every few thousand nodes, on whichever thread does the work), so it must be quick.
    pub fn with_poll(mut self, poll: &'a (dyn Fn() -> bool + Sync)) -> Self {
        self.poll = Some(poll);
        self
    }

    /// With a progress callback (called from worker threads; keep it quick).
    pub fn with_progress(mut self, f: &'a (dyn Fn(&Progress) + Sync)) -> Self {
        self.progress = Some(f);
        self
    }

    /// With a clock: seconds since any fixed origin (the shell's monotonic clock: `Instant` natively,
    /// `performance.now()` in a page). The core has no clock of its own; with one, it times its work
    /// (pruning-table fills, say) for its reports.
    pub fn with_clock(mut self, clock: &'a (dyn Fn() -> f64 + Sync)) -> Self {
        self.clock = Some(clock);
        self
    }

    /// The clock's reading in seconds, or `None` without a clock.
    #[inline]
    pub fn now(&self) -> Option<f64> {
        self.clock.map(|c| c())
    }

    /// Seconds since `start` (a reading of [`Control::now`]), 0 without a clock.
    pub fn seconds_since(&self, start: Option<f64>) -> f64 {
        match (start, self.now()) {
            (Some(a), Some(b)) if b > a => b - a,
            _ => 0.0,
        }
    }

    /// Whether cancellation was requested.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) || self.poll.is_some_and(|f| f())
    }

    /// `Err(Error::cancelled())` once cancellation was requested.
    #[inline]
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(Error::cancelled())
        } else {
            Ok(())
        }
    }

    /// Sends a progress report, if anyone listens.
    pub fn report(&self, p: Progress) {
        if let Some(f) = self.progress {
            f(&p);
        }
    }

    /// Whether anyone listens to progress reports.
    pub fn wants_progress(&self) -> bool {
        self.progress.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn flag_and_poll_both_cancel() {
        assert!(Control::none().check().is_ok());
        let flag = AtomicBool::new(false);
        let asked = AtomicUsize::new(0);
        let poll = || asked.fetch_add(1, Ordering::Relaxed) >= 2;
        let c = Control::none().with_cancel(&flag).with_poll(&poll);
        assert!(c.check().is_ok());
        assert!(c.check().is_ok());
        assert!(c.check().unwrap_err().is_cancelled());
        let c = Control::none().with_cancel(&flag);
        flag.store(true, Ordering::Relaxed);
        assert!(c.is_cancelled());
    }

    #[test]
    fn clock_is_optional_and_times_intervals() {
        let none = Control::none();
        assert_eq!(none.now(), None);
        assert_eq!(none.seconds_since(Some(1.0)), 0.0);
        let ticks = AtomicUsize::new(0);
        let clock = || ticks.fetch_add(1, Ordering::Relaxed) as f64 * 0.5;
        let c = Control::none().with_clock(&clock);
        let start = c.now();
        assert_eq!(start, Some(0.0));
        assert_eq!(c.seconds_since(start), 0.5);
        assert_eq!(c.seconds_since(None), 0.0);
    }
}
