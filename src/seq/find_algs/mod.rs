//! An algorithm finder (twsearch's `-A`): short move sequences whose net effect leaves only a few
//! pieces wrong, grouped by [`Signature`] (which sets, how many pieces, moved or only twisted), the
//! shortest of each signature kept.
//!
//! Three modes, as twsearch has them:
//! - [`FindMode::Basic`]: every canonical sequence of 1 to `depth` moves, judged as it is;
//! - [`FindMode::Repeated`]: every canonical sequence `s` of 1 to `depth` moves, judged after repeating
//!   it `o/2` or `o/3` times (`o` its order, when 2 or 3 divides it): `(R U)^…` kinds of algs, whose
//!   length is the repeated total;
//! - [`FindMode::Commutator`]: every commutator `[X, Y] = X Y X' Y'` of canonical sequences with
//!   `1 ≤ |Y| ≤ |X|` and `|X| + |Y| ≤ depth`, of length `2(|X| + |Y|)`.
//!
//! For each signature the finder keeps the shortest length found and up to
//! [`FindAlgsOptions::keep`] algs of that length (1: twsearch's strict `s`), the first in move order,
//! and counts them all. In the first two modes a sequence counts once with its conjugates by rotation
//! (its first moves taken to the end) and by swaps of commuting neighbours: of such a class only the
//! canonical sequence first in move order is kept, unless [`FindAlgsOptions::all_rotations`]. The walk
//! is shared out to threads by prefix (feature `parallel`); results do not depend on the thread count.
//!
//! The same walk lists the shortest sequence of each element order ([`order_tree`], twsearch's
//! `--ordertree`).

pub mod order_tree;
mod signature;
mod walk;

use std::collections::HashMap;

use num_traits::ToPrimitive;
use serde_json::{json, Value};

use crate::canon::{canonical_counts, CanonFsm};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::move_ref::MoveRef;
use crate::model::moveset::{Metric, MoveSet};
use crate::Puzzle;
use signature::{invert_into, order, power_into, Judge};
pub use signature::{SetChange, Signature};
use walk::{Counter, Ticker, Visitor, Walk};

/// The deepest search accepted.
pub const MAX_DEPTH: u32 = 40;

/// Which algs the finder builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FindMode {
    /// Plain sequences (twsearch `-A1`).
    Basic,
    /// A sequence repeated a part of its order (twsearch `-A2`).
    Repeated,
    /// Commutators of two sequences (twsearch `-A3`).
    Commutator,
}

impl FindMode {
    /// Every mode, in twsearch's order.
    pub const ALL: [FindMode; 3] = [FindMode::Basic, FindMode::Repeated, FindMode::Commutator];

    /// The mode's name: `basic`, `repeated` or `commutator`.
    pub fn name(self) -> &'static str {
        match self {
            FindMode::Basic => "basic",
            FindMode::Repeated => "repeated",
            FindMode::Commutator => "commutator",
        }
    }

    /// The mode of a name ([`FindMode::name`]).
    pub fn from_name(name: &str) -> Option<FindMode> {
        FindMode::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// What to search.
#[derive(Debug, Clone)]
pub struct FindAlgsOptions {
    /// The mode.
    pub mode: FindMode,
    /// The longest sequence walked: the alg (basic), the repeated sequence (repeated), `X` and `Y`
    /// together (commutator).
    pub depth: u32,
    /// The most pieces an alg may leave wrong (at least one).
    pub max_pieces: usize,
    /// The metric of the canonical sequences (quarter turns: single turns only).
    pub metric: Metric,
    /// Algs kept per signature (the count covers them all); 1 is twsearch's strict mode.
    pub keep: usize,
    /// Keep every rotation (and reordering of commuting moves) of a sequence rather than one (basic and
    /// repeated modes).
    pub all_rotations: bool,
}

impl Default for FindAlgsOptions {
    fn default() -> Self {
        FindAlgsOptions {
            mode: FindMode::Basic,
            depth: 6,
            max_pieces: 4,
            metric: Metric::Htm,
            keep: 20,
            all_rotations: false,
        }
    }
}

/// An alg the finder found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FoundAlg {
    /// A sequence of moves.
    Moves(Vec<MoveRef>),
    /// A sequence of moves done `times` times.
    Repeated {
        /// The sequence.
        moves: Vec<MoveRef>,
        /// How many times.
        times: u64,
    },
    /// The commutator `[a, b] = a b a' b'`.
    Commutator {
        /// The first sequence.
        a: Vec<MoveRef>,
        /// The second.
        b: Vec<MoveRef>,
    },
}

impl FoundAlg {
    /// The moves done, as written (before any cancellation between the parts).
    pub fn length(&self) -> u64 {
        match self {
            FoundAlg::Moves(m) => m.len() as u64,
            FoundAlg::Repeated { moves, times } => moves.len() as u64 * times,
            FoundAlg::Commutator { a, b } => 2 * (a.len() + b.len()) as u64,
        }
    }

    /// Every move, written out.
    pub fn expand(&self, puzzle: &Puzzle) -> Vec<MoveRef> {
        match self {
            FoundAlg::Moves(m) => m.clone(),
            FoundAlg::Repeated { moves, times } => {
                moves.iter().copied().cycle().take(moves.len() * *times as usize).collect()
            }
            FoundAlg::Commutator { a, b } => {
                let mut out = a.clone();
                out.extend_from_slice(b);
                out.extend(puzzle.invert_moves(a));
                out.extend(puzzle.invert_moves(b));
                out
            }
        }
    }

    /// In the puzzle's notation, as cubing.js reads it: `R U R' U'`, `(R U)35`, `[R U R', D]`.
    pub fn text(&self, puzzle: &Puzzle) -> String {
        let names = |m: &[MoveRef]| m.iter().map(|&x| puzzle.move_name(x)).collect::<Vec<_>>().join(" ");
        match self {
            FoundAlg::Moves(m) => names(m),
            FoundAlg::Repeated { moves, times: 1 } => names(moves),
            FoundAlg::Repeated { moves, times } => format!("({}){times}", names(moves)),
            FoundAlg::Commutator { a, b } => format!("[{}, {}]", names(a), names(b)),
        }
    }
}

/// The algs of one signature.
#[derive(Debug, Clone)]
pub struct AlgGroup {
    /// What they do.
    pub signature: Signature,
    /// The shortest length found ([`FoundAlg::length`]).
    pub length: u64,
    /// How many algs of that length were found (conjugates by rotation counted once unless asked
    /// otherwise).
    pub count: u64,
    /// The first [`FindAlgsOptions::keep`] of them, in move order.
    pub algs: Vec<FoundAlg>,
}

impl AlgGroup {
    /// What the shells report of it (an entry of their `groups`): `{signature, sets: [{set, pieces,
    /// permuted}], pieces, length, count, algs}`, the algs in [`FoundAlg::text`]'s notation.
    pub fn report(&self, puzzle: &Puzzle) -> Value {
        json!({
            "signature": self.signature.describe(puzzle),
            "sets": self.signature.sets.iter().map(|s| json!({
                "set": puzzle.orbits()[s.orbit].name, "pieces": s.pieces, "permuted": s.permuted,
            })).collect::<Vec<_>>(),
            "pieces": self.signature.pieces(),
            "length": self.length,
            "count": self.count,
            "algs": self.algs.iter().map(|a| a.text(puzzle)).collect::<Vec<_>>(),
        })
    }
}

/// What [`find_algs`] found.
#[derive(Debug, Clone)]
pub struct FindAlgsReport {
    /// The mode searched.
    pub mode: FindMode,
    /// Per signature, by fewest pieces, then set by set.
    pub groups: Vec<AlgGroup>,
    /// Sequences walked (in commutator mode, `X` and `Y` sequences together).
    pub sequences: u64,
}

/// Finds the short algs of one mode that leave between 1 and `max_pieces` pieces wrong, over the moves
/// of `moves` (see the module documentation). Cancellable; reports progress as phase `"find-algs"` with
/// the sequences walked.
pub fn find_algs(
    puzzle: &Puzzle,
    moves: &MoveSet,
    options: &FindAlgsOptions,
    control: Control,
) -> Result<FindAlgsReport> {
    let depth = options.depth;
    let least = if options.mode == FindMode::Commutator { 2 } else { 1 };
    if depth < least || depth > MAX_DEPTH {
        return Err(Error::limit(format!(
            "depth {depth}: the {} mode needs a depth from {least} to {MAX_DEPTH}",
            options.mode.name()
        )));
    }
    if options.max_pieces == 0 || options.keep == 0 {
        return Err(Error::new("the most pieces and the algs kept per signature must be at least 1"));
    }
    let fsm = CanonFsm::new(puzzle, moves, options.metric)?;
    let list: Vec<MoveRef> = moves.moves().iter().map(|m| m.mv).collect();
    let walk = Walk { puzzle, fsm: &fsm, moves: &list };
    let judge = Judge::new(puzzle, options.max_pieces);
    let n = depth as usize;
    let counter = Counter::new(control, depth, total_nodes(&fsm, options.mode, n));
    let size = puzzle.state_size();
    let fresh = || Found::new(options.keep);
    let tasks_found: Vec<Found> = match options.mode {
        FindMode::Basic => {
            let new = || Basic { judge: &judge, found: fresh(), all_rotations: options.all_rotations };
            walk.visit_all(puzzle.solved().as_bytes(), n, &new, &counter)?.into_iter().map(|v| v.found).collect()
        }
        FindMode::Repeated => {
            let new = || Repeated {
                judge: &judge,
                found: fresh(),
                all_rotations: options.all_rotations,
                power: vec![0; size],
                scratch: vec![0; size],
            };
            walk.visit_all(puzzle.identity().as_bytes(), n, &new, &counter)?.into_iter().map(|v| v.found).collect()
        }
        FindMode::Commutator => {
            let new = || Commutator {
                judge: &judge,
                found: fresh(),
                depth: n,
                x_inv: vec![0; size],
                identity: puzzle.identity().as_bytes().to_vec(),
                y_states: vec![0; size * (n + 1)],
                bufs: [vec![0; size], vec![0; size], vec![0; size]],
            };
            walk.visit_all(puzzle.identity().as_bytes(), n - 1, &new, &counter)?.into_iter().map(|v| v.found).collect()
        }
    };
    let mut all = Found::new(options.keep);
    for f in tasks_found {
        all.merge(f);
    }
    Ok(FindAlgsReport { mode: options.mode, groups: all.groups(options.mode, &list), sequences: counter.done() })
}

/// The nodes a run walks, for progress (`None` past `u64`).
fn total_nodes(fsm: &CanonFsm, mode: FindMode, n: usize) -> Option<u64> {
    let counts: Vec<u64> = canonical_counts(fsm, n as u32).ok()?.iter().map(|c| c.to_u64()).collect::<Option<_>>()?;
    let upto = |k: usize| counts[1..=k].iter().try_fold(0u64, |a, &c| a.checked_add(c));
    match mode {
        FindMode::Basic | FindMode::Repeated => upto(n),
        FindMode::Commutator => (1..n).try_fold(0u64, |acc, a| {
            let per_x = upto(a.min(n - a))?.checked_add(1)?;
            acc.checked_add(counts[a].checked_mul(per_x)?)
        }),
    }
}

/// A found alg before it is turned into moves: ordered by length, then move indices, for a choice that
/// does not depend on the order threads finish in.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    length: u64,
    a: Vec<u16>,
    b: Vec<u16>,
    times: u64,
}

/// The best of one signature so far.
#[derive(Debug)]
struct Best {
    length: u64,
    count: u64,
    /// The first algs of that length, sorted, at most `keep`.
    algs: Vec<Candidate>,
}

/// The signatures found by one task (or merged from several), with their best algs.
#[derive(Debug)]
struct Found {
    keep: usize,
    map: HashMap<Signature, Best>,
}

impl Found {
    fn new(keep: usize) -> Found {
        Found { keep, map: HashMap::new() }
    }

    /// Whether an alg of this signature and length would count (no shorter one known).
    fn wants(&self, signature: &Signature, length: u64) -> bool {
        self.map.get(signature).is_none_or(|b| length <= b.length)
    }

    fn offer(&mut self, signature: Signature, c: Candidate) {
        let best = self.map.entry(signature).or_insert(Best { length: c.length, count: 0, algs: Vec::new() });
        if c.length < best.length {
            *best = Best { length: c.length, count: 0, algs: Vec::new() };
        }
        if c.length == best.length {
            best.count += 1;
            insert_kept(&mut best.algs, c, self.keep);
        }
    }

    fn merge(&mut self, other: Found) {
        for (signature, theirs) in other.map {
            match self.map.get_mut(&signature) {
                None => {
                    self.map.insert(signature, theirs);
                }
                Some(ours) if theirs.length < ours.length => *ours = theirs,
                Some(ours) if theirs.length == ours.length => {
                    ours.count += theirs.count;
                    for c in theirs.algs {
                        insert_kept(&mut ours.algs, c, self.keep);
                    }
                }
                Some(_) => {}
            }
        }
    }

    /// The report's groups: by fewest pieces, then signature.
    fn groups(self, mode: FindMode, moves: &[MoveRef]) -> Vec<AlgGroup> {
        let refs = |s: &[u16]| s.iter().map(|&m| moves[m as usize]).collect::<Vec<_>>();
        let mut groups: Vec<AlgGroup> = self
            .map
            .into_iter()
            .map(|(signature, best)| AlgGroup {
                signature,
                length: best.length,
                count: best.count,
                algs: best
                    .algs
                    .iter()
                    .map(|c| match mode {
                        FindMode::Basic => FoundAlg::Moves(refs(&c.a)),
                        FindMode::Repeated => FoundAlg::Repeated { moves: refs(&c.a), times: c.times },
                        FindMode::Commutator => FoundAlg::Commutator { a: refs(&c.a), b: refs(&c.b) },
                    })
                    .collect(),
            })
            .collect();
        groups.sort_by(|x, y| (x.signature.pieces(), &x.signature).cmp(&(y.signature.pieces(), &y.signature)));
        groups
    }
}

/// Inserts `c` into the sorted `algs` when it is among the first `keep`.
fn insert_kept(algs: &mut Vec<Candidate>, c: Candidate, keep: usize) {
    if algs.len() >= keep && algs.last().is_some_and(|last| &c >= last) {
        return;
    }
    if let Err(at) = algs.binary_search(&c) {
        algs.insert(at, c);
        algs.truncate(keep);
    }
}

/// The basic mode: each sequence's position, judged as it is.
struct Basic<'j> {
    judge: &'j Judge,
    found: Found,
    all_rotations: bool,
}

impl Visitor for Basic<'_> {
    /// The last level's children (most of the walk) are judged from their parent and move, and only
    /// those within the pieces asked for are made.
    #[inline]
    fn wants_last(&self, walk: &Walk, state: &[u8], m: MoveRef) -> bool {
        self.judge.may_judge(walk.puzzle, state, walk.puzzle.transform(m))
    }

    #[inline]
    fn visit(&mut self, walk: &Walk, seq: &[u16], _: u32, state: &[u8], _: &mut Ticker) -> Result<()> {
        if let Some(signature) = self.judge.of_state(state) {
            let length = seq.len() as u64;
            if self.found.wants(&signature, length) && (self.all_rotations || walk.first_of_class(seq)) {
                let c = Candidate { length, a: seq.to_vec(), b: Vec::new(), times: 1 };
                self.found.offer(signature, c);
            }
        }
        Ok(())
    }
}

/// The repeated-execution mode: each sequence's transformation raised to its order over 2 and over 3.
struct Repeated<'j> {
    judge: &'j Judge,
    found: Found,
    all_rotations: bool,
    power: Vec<u8>,
    scratch: Vec<u8>,
}

impl Visitor for Repeated<'_> {
    fn visit(&mut self, walk: &Walk, seq: &[u16], _: u32, t: &[u8], _: &mut Ticker) -> Result<()> {
        let Some(o) = order(walk.puzzle, t) else { return Ok(()) };
        for p in [2, 3] {
            if o % p != 0 {
                continue;
            }
            let times = o / p;
            power_into(walk.puzzle, t, times, &mut self.power);
            let Some(signature) = self.judge.of_transform(walk.puzzle, &self.power, &mut self.scratch) else {
                continue;
            };
            let length = (seq.len() as u64).saturating_mul(times);
            if self.found.wants(&signature, length) && (self.all_rotations || walk.first_of_class(seq)) {
                self.found.offer(signature, Candidate { length, a: seq.to_vec(), b: Vec::new(), times });
            }
        }
        Ok(())
    }
}

/// The commutator mode: at each `X` (visited by the outer walk), every `Y` short enough.
struct Commutator<'j> {
    judge: &'j Judge,
    found: Found,
    depth: usize,
    x_inv: Vec<u8>,
    identity: Vec<u8>,
    y_states: Vec<u8>,
    bufs: [Vec<u8>; 3],
}

impl Visitor for Commutator<'_> {
    fn visit(&mut self, walk: &Walk, x_seq: &[u16], _: u32, x: &[u8], ticker: &mut Ticker) -> Result<()> {
        let y_max = x_seq.len().min(self.depth - x_seq.len());
        if y_max == 0 {
            return Ok(());
        }
        invert_into(walk.puzzle, x, &mut self.x_inv);
        let size = walk.puzzle.state_size();
        self.y_states[..size].copy_from_slice(&self.identity);
        let mut inner =
            Pair { judge: self.judge, found: &mut self.found, x_seq, x, x_inv: &self.x_inv, bufs: &mut self.bufs };
        walk.below(&mut Vec::with_capacity(y_max), 0, &mut self.y_states, y_max, &mut inner, ticker)
    }
}

/// The inner walk of the commutator mode: `[X, Y]` for one `X`.
struct Pair<'a> {
    judge: &'a Judge,
    found: &'a mut Found,
    x_seq: &'a [u16],
    x: &'a [u8],
    x_inv: &'a [u8],
    bufs: &'a mut [Vec<u8>; 3],
}

impl Visitor for Pair<'_> {
    #[inline]
    fn visit(&mut self, walk: &Walk, y_seq: &[u16], _: u32, y: &[u8], _: &mut Ticker) -> Result<()> {
        let layout = walk.puzzle.layout();
        let [xy, xyx, c] = &mut *self.bufs;
        layout.compose_into(self.x, y, xy);
        layout.compose_into(xy, self.x_inv, xyx);
        invert_into(walk.puzzle, y, xy);
        layout.compose_into(xyx, xy, c);
        if let Some(signature) = self.judge.of_transform(walk.puzzle, c, xy) {
            let length = 2 * (self.x_seq.len() + y_seq.len()) as u64;
            if self.found.wants(&signature, length) {
                let cand = Candidate { length, a: self.x_seq.to_vec(), b: y_seq.to_vec(), times: 1 };
                self.found.offer(signature, cand);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
