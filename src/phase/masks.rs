//! [`MoveMasks`]: beside a projection table, per entry, which moves take the projection's distance up
//! and which keep it (the seed's per-move "closer, same, further" information). With `r` moves left and
//! the entry at distance `d`, a move that goes up when `d + 1 > r - 1`, or stays when `d > r - 1`, leads
//! to a position the table prunes: the search skips it without computing where it goes. Most of a
//! phase search's nodes are such pruned children (nine in ten on the 3x3x3's phases), so this saves
//! most of the move-table and table reads, for eight bytes per entry.

/// The most moves a phase may have for masks (the bits of one half-word).
pub(crate) const MAX_MASKED_MOVES: usize = 32;

/// The largest projection table that gets masks: eight bytes per entry beside its one are worth it only
/// while they stay in cache (measured on the 3x3x3: its 4.5-million-entry twist × flip table with masks
/// made the search slower).
pub(crate) const MAX_MASKED_ENTRIES: u64 = 1 << 21;

/// Per table entry: bits of the moves that take the distance up (low half) and of those that keep it
/// (high half).
#[derive(Debug)]
pub(crate) struct MoveMasks {
    words: Vec<u64>,
}

impl MoveMasks {
    /// Bytes per entry.
    pub(crate) const ENTRY_BYTES: u64 = 8;

    /// Masks from their words (`up | same << 32` per entry).
    pub(crate) fn from_words(words: Vec<u64>) -> Self {
        MoveMasks { words }
    }

    /// One entry's word.
    pub(crate) fn word(up: u32, same: u32) -> u64 {
        (same as u64) << 32 | up as u64
    }

    /// Prefetches entry `i`'s word.
    #[inline(always)]
    pub(crate) fn prefetch(&self, i: usize) {
        if let Some(w) = self.words.get(i) {
            crate::memory::prefetch(w);
        }
    }

    /// Entry `i`'s word (`up | same << 32`).
    pub(crate) fn word_at(&self, i: usize) -> u64 {
        self.words[i]
    }

    /// The moves that take entry `i`'s distance up.
    #[inline(always)]
    pub(crate) fn up(&self, i: usize) -> u32 {
        self.words[i] as u32
    }

    /// The moves that keep entry `i`'s distance.
    #[inline(always)]
    pub(crate) fn same(&self, i: usize) -> u32 {
        (self.words[i] >> 32) as u32
    }

    /// The moves worth trying from an entry at distance `d` with `remaining` moves left: those whose
    /// result the table does not prune (`d + delta <= remaining - 1`).
    #[inline(always)]
    pub(crate) fn allowed(d: u8, remaining: u32, up: u32, same: u32) -> u32 {
        match remaining as i64 - 1 - d as i64 {
            s if s >= 1 => u32::MAX,
            0 => !up,
            -1 => !(up | same),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_allowed_moves() {
        let m = MoveMasks::from_words(vec![0, MoveMasks::word(0b0101, (1 << 31) | 0b0010)]);
        assert_eq!((m.up(1), m.same(1)), (0b0101, (1 << 31) | 0b0010));
        assert_eq!((m.up(0), m.same(0)), (0, 0));
        // Slack of one move or more: everything; none: not the ones going up; behind by one: only those
        // going down; further behind: nothing.
        assert_eq!(MoveMasks::allowed(3, 5, 0b01, 0b10), u32::MAX);
        assert_eq!(MoveMasks::allowed(3, 4, 0b01, 0b10), !0b01);
        assert_eq!(MoveMasks::allowed(3, 3, 0b01, 0b10), !0b11);
        assert_eq!(MoveMasks::allowed(3, 2, 0b01, 0b10), 0);
    }
}
