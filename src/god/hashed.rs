//! The fallback breadth-first search for positions that have no dense index (some but not all
//! orientations of a block are wildcards) or whose dense index is much larger than the group: a hash map
//! from each position's bytes to its depth, level by level, in one thread.

use rustc_hash::FxHashMap;

use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::model::layout::Layout;

/// Bytes a stored position takes beyond its own bytes (map slot, box header, allocator rounding).
pub(crate) const ENTRY_OVERHEAD: u64 = 48;

/// What a finished search holds.
pub(crate) struct HashRun {
    /// Positions at each depth.
    pub(crate) counts: Vec<u64>,
    /// Up to the requested number of positions at the last depth, in byte order.
    pub(crate) last: Vec<Box<[u8]>>,
    depths: FxHashMap<Box<[u8]>, u32>,
}

/// Runs the search from `start` with `moves` (transformations), refusing to store more positions than
/// `memory_bytes` allows.
pub(crate) fn search(
    layout: &Layout,
    start: &[u8],
    moves: &[&[u8]],
    keep: usize,
    memory_bytes: u64,
    max_depth: Option<u32>,
    control: Control,
) -> Result<HashRun> {
    let per_entry = layout.state_size() as u64 + ENTRY_OVERHEAD;
    let limit = memory_bytes / per_entry;
    let mut depths: FxHashMap<Box<[u8]>, u32> = FxHashMap::default();
    depths.insert(start.into(), 0);
    let mut frontier: Vec<Box<[u8]>> = vec![start.into()];
    let mut counts = vec![1u64];
    let mut next_state = vec![0u8; start.len()];
    loop {
        let depth = counts.len() as u32;
        if max_depth.is_some_and(|m| depth > m) {
            break;
        }
        let mut next: Vec<Box<[u8]>> = Vec::new();
        for (k, s) in frontier.iter().enumerate() {
            if k % 4096 == 0 {
                control.check()?;
                control.report(Progress { phase: "god", depth, done: k as u64, total: Some(frontier.len() as u64) });
            }
            for t in moves {
                layout.compose_into(s, t, &mut next_state);
                if !depths.contains_key(&next_state[..]) {
                    if depths.len() as u64 >= limit {
                        return Err(Error::new(format!(
                            "more than {limit} positions: the memory budget of {} MiB is not enough for the \
                             positions ({per_entry} bytes each); raise it",
                            memory_bytes >> 20
                        )));
                    }
                    let b: Box<[u8]> = next_state.as_slice().into();
                    depths.insert(b.clone(), depth);
                    next.push(b);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        counts.push(next.len() as u64);
        frontier = next;
    }
    let mut last = frontier;
    crate::sort::sort(&mut last);
    last.truncate(keep);
    Ok(HashRun { counts, last, depths })
}

impl HashRun {
    /// The distance of a position, when reached.
    pub(crate) fn depth(&self, state: &[u8]) -> Option<u32> {
        self.depths.get(state).copied()
    }

    /// The moves (indices into `moves`) that take `from` back to the start, one depth at a time.
    pub(crate) fn path_to_start(&self, layout: &Layout, moves: &[&[u8]], from: &[u8]) -> Result<Vec<usize>> {
        let mut at: Vec<u8> = from.to_vec();
        let mut depth = *self.depths.get(from).ok_or_else(|| Error::internal("position not enumerated"))?;
        let mut path = Vec::new();
        let mut next = vec![0u8; at.len()];
        while depth > 0 {
            let step = moves.iter().position(|t| {
                layout.compose_into(&at, t, &mut next);
                self.depths.get(&next[..]) == Some(&(depth - 1))
            });
            let Some(mv) = step else {
                return Err(Error::internal("no move leads closer to the start"));
            };
            layout.compose_into(&at, moves[mv], &mut next);
            std::mem::swap(&mut at, &mut next);
            path.push(mv);
            depth -= 1;
        }
        Ok(path)
    }
}
