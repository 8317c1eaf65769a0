//! [`Control`]: how long-running work (pruning-table fills, searches, enumerations) reports progress and
//! notices that it was cancelled. Shells pass a callback (CLI progress bar, JS `onProgress`) and a flag
//! (Ctrl-C, an `AbortSignal`); the core checks the flag often and returns [`Error::cancelled`].

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
    progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
}

impl std::fmt::Debug for Control<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control").field("cancel", &self.cancel).field("progress", &self.progress.is_some()).finish()
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

    /// With a progress callback (called from worker threads; keep it quick).
    pub fn with_progress(mut self, f: &'a (dyn Fn(&Progress) + Sync)) -> Self {
        self.progress = Some(f);
        self
    }

    /// Whether cancellation was requested.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
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
