//! The walk over canonical sequences that the finder's modes share: depth first, each node visited once,
//! the subtrees below short prefixes shared out to threads; cancellation checked and nodes counted for
//! progress as it goes.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::canon::fsm::REFUSED;
use crate::canon::CanonFsm;
use crate::control::{Control, Progress};
use crate::error::Result;
use crate::model::move_ref::MoveRef;
use crate::Puzzle;

/// Nodes a thread walks between two looks at the cancellation flag (and additions to the shared count).
const FLUSH: u64 = 1 << 14;
/// At least this many tasks when the tree is deep enough: several per thread, so that threads finishing
/// early find work left.
const MIN_TASKS: usize = 64;
/// The most sequences [`Walk::first_of_class`] looks through.
const MAX_CLASS: usize = 100_000;

/// The canonical sequences over a move set.
pub(super) struct Walk<'a> {
    pub(super) puzzle: &'a Puzzle,
    pub(super) fsm: &'a CanonFsm,
    /// The set's moves, by index.
    pub(super) moves: &'a [MoveRef],
}

/// What the walk calls at each node: the sequence (move indices), the automaton state after it and the
/// state it reaches.
pub(super) trait Visitor {
    fn visit(&mut self, walk: &Walk, seq: &[u16], fsm_state: u32, state: &[u8], ticker: &mut Ticker) -> Result<()>;

    /// Whether the walk goes into `seq` (visits it and what lies below it). A visitor that prunes must
    /// refuse every extension of a sequence it refuses. By default every sequence is entered.
    #[inline]
    fn enters(&self, _seq: &[u16]) -> bool {
        true
    }

    /// Whether the child by move `m` of a node in state `state`, at the walk's last level, needs a visit:
    /// a visitor that can tell from the parent's state and the move (without the child's state being made)
    /// that the visit would do nothing says `false`. By default every child is visited.
    #[inline]
    fn wants_last(&self, _walk: &Walk, _state: &[u8], _m: MoveRef) -> bool {
        true
    }
}

/// The progress of one run: nodes walked by all threads.
pub(super) struct Counter<'c> {
    done: AtomicU64,
    control: Control<'c>,
    depth: u32,
    total: Option<u64>,
    phase: &'static str,
}

impl<'c> Counter<'c> {
    /// `total`: the nodes the run will walk, when known; `depth` is reported with each count, as phase
    /// `"find-algs"`.
    pub(super) fn new(control: Control<'c>, depth: u32, total: Option<u64>) -> Self {
        Counter { done: AtomicU64::new(0), control, depth, total, phase: "find-algs" }
    }

    /// The same counter reporting another phase.
    pub(super) fn with_phase(self, phase: &'static str) -> Self {
        Counter { phase, ..self }
    }

    /// Nodes walked so far (all of them once every ticker was flushed).
    pub(super) fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// A ticker for one task.
    pub(super) fn ticker(&self) -> Ticker<'_, 'c> {
        Ticker { local: 0, counter: self }
    }
}

/// One thread's node count, added to the shared count every [`FLUSH`] nodes.
pub(super) struct Ticker<'a, 'c> {
    local: u64,
    counter: &'a Counter<'c>,
}

impl Ticker<'_, '_> {
    /// Counts a node; every [`FLUSH`] nodes, checks for cancellation.
    #[inline]
    pub(super) fn tick(&mut self) -> Result<()> {
        self.local += 1;
        if self.local >= FLUSH {
            self.flush()?;
        }
        Ok(())
    }

    /// Adds the nodes counted to the shared count, reports progress about every million nodes, and
    /// checks for cancellation.
    pub(super) fn flush(&mut self) -> Result<()> {
        let c = self.counter;
        let done = c.done.fetch_add(self.local, Ordering::Relaxed) + self.local;
        let crossed = (done >> 20) != ((done - self.local) >> 20);
        self.local = 0;
        if crossed && c.control.wants_progress() {
            c.control.report(Progress { phase: c.phase, depth: c.depth, done, total: c.total });
        }
        c.control.check()
    }
}

impl Walk<'_> {
    /// Whether a sequence of move indices is canonical.
    pub(super) fn accepts(&self, seq: &[u16]) -> bool {
        let mut s = 0;
        for &m in seq {
            match self.fsm.next(s, m as usize) {
                Some(n) => s = n,
                None => return false,
            }
        }
        true
    }

    /// Whether `seq` comes first, in move order, among the canonical sequences it can be turned into by
    /// rotating it (its first move taken to the end) and swapping neighbours that commute, again and again:
    /// all conjugates of it, with its signature, of which the walk keeps one. (A class larger than
    /// [`MAX_CLASS`] sequences is kept whole.)
    pub(super) fn first_of_class(&self, seq: &[u16]) -> bool {
        let mut seen: HashSet<Vec<u16>> = HashSet::from([seq.to_vec()]);
        let mut queue = vec![seq.to_vec()];
        while let Some(w) = queue.pop() {
            if w.as_slice() < seq && self.accepts(&w) {
                return false;
            }
            if seen.len() > MAX_CLASS {
                return true;
            }
            let mut rotated = w[1..].to_vec();
            rotated.push(w[0]);
            if seen.insert(rotated.clone()) {
                queue.push(rotated);
            }
            for i in 1..w.len() {
                if self.commute(w[i - 1], w[i]) {
                    let mut swapped = w.clone();
                    swapped.swap(i - 1, i);
                    if seen.insert(swapped.clone()) {
                        queue.push(swapped);
                    }
                }
            }
        }
        true
    }

    /// Whether two moves (indices) of different grips commute.
    fn commute(&self, a: u16, b: u16) -> bool {
        let (x, y) = (self.moves[a as usize].base, self.moves[b as usize].base);
        x != y && self.puzzle.commutes(x, y)
    }

    /// Visits every canonical extension of `seq` by 1 to `more` moves, depth first, moves in index order.
    /// `fsm_state` is the automaton state after `seq`; `states` holds the state `seq` reaches in its first
    /// [`Puzzle::state_size`] bytes and has room for `more` more.
    pub(super) fn below<V: Visitor>(
        &self,
        seq: &mut Vec<u16>,
        fsm_state: u32,
        states: &mut [u8],
        more: usize,
        v: &mut V,
        ticker: &mut Ticker,
    ) -> Result<()> {
        if more == 0 {
            return Ok(());
        }
        let size = self.puzzle.state_size();
        let (cur, rest) = states.split_at_mut(size);
        for (m, &next) in self.fsm.row(fsm_state).iter().enumerate() {
            if next == REFUSED {
                continue;
            }
            if more == 1 && !v.wants_last(self, cur, self.moves[m]) {
                ticker.tick()?;
                continue;
            }
            seq.push(m as u16);
            if !v.enters(seq) {
                seq.pop();
                continue;
            }
            self.puzzle.apply_into(cur, self.moves[m], &mut rest[..size]);
            ticker.tick()?;
            v.visit(self, seq, next, &rest[..size], ticker)?;
            self.below(seq, next, rest, more - 1, v, ticker)?;
            seq.pop();
        }
        Ok(())
    }

    /// Visits every canonical sequence of 1 to `max_len` moves from `start`, shared out to threads: one
    /// task walks the sequences shorter than a prefix length, one task per canonical prefix of that length
    /// the prefix and everything below it. Returns the tasks' visitors, in task order, to merge.
    pub(super) fn visit_all<V: Visitor + Send>(
        &self,
        start: &[u8],
        max_len: usize,
        new_visitor: &(dyn Fn() -> V + Sync),
        counter: &Counter,
    ) -> Result<Vec<V>> {
        let prefix_len = self.prefix_length(max_len);
        let mut tasks: Vec<Option<(Vec<u16>, u32)>> = vec![None];
        self.prefixes(&mut Vec::new(), 0, prefix_len, &mut tasks);
        let size = self.puzzle.state_size();
        let run = |task: &Option<(Vec<u16>, u32)>| -> Result<V> {
            let mut v = new_visitor();
            let mut ticker = counter.ticker();
            let mut states = vec![0u8; size * (max_len + 1)];
            states[..size].copy_from_slice(start);
            match task {
                None => self.below(&mut Vec::new(), 0, &mut states, prefix_len - 1, &mut v, &mut ticker)?,
                Some((prefix, _)) if !v.enters(prefix) => {}
                Some((prefix, fsm_state)) => {
                    for &m in prefix {
                        let (cur, next) = states.split_at_mut(size);
                        self.puzzle.apply_into(cur, self.moves[m as usize], &mut next[..size]);
                        cur.copy_from_slice(&next[..size]);
                    }
                    ticker.tick()?;
                    v.visit(self, prefix, *fsm_state, &states[..size], &mut ticker)?;
                    let mut seq = prefix.clone();
                    self.below(&mut seq, *fsm_state, &mut states, max_len - prefix_len, &mut v, &mut ticker)?;
                }
            }
            ticker.flush()?;
            Ok(v)
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            tasks.par_iter().map(run).collect()
        }
        #[cfg(not(feature = "parallel"))]
        {
            tasks.iter().map(run).collect()
        }
    }

    /// The prefix length the tasks split at: the shortest with [`MIN_TASKS`] prefixes, at most `max_len`.
    fn prefix_length(&self, max_len: usize) -> usize {
        let mut count = 1usize;
        let mut states = vec![0u32];
        for len in 1..=max_len {
            let mut next = Vec::new();
            for &s in &states {
                next.extend(self.fsm.row(s).iter().filter(|&&n| n != REFUSED));
            }
            count = next.len();
            if count >= MIN_TASKS || len == max_len || count == 0 {
                return len;
            }
            states = next;
        }
        debug_assert!(count > 0);
        max_len.max(1)
    }

    /// Appends every canonical sequence of `len` more moves after `seq` (in `fsm_state`) to `out`.
    fn prefixes(&self, seq: &mut Vec<u16>, fsm_state: u32, len: usize, out: &mut Vec<Option<(Vec<u16>, u32)>>) {
        if len == 0 {
            out.push(Some((seq.clone(), fsm_state)));
            return;
        }
        for (m, &next) in self.fsm.row(fsm_state).iter().enumerate() {
            if next != REFUSED {
                seq.push(m as u16);
                self.prefixes(seq, next, len - 1, out);
                seq.pop();
            }
        }
    }
}
