//! Completing one coset: its positions at each distance, as products `ζ = τ · σ` of stored positions
//! (`τ` in `P[b]`, `σ` in `P[a]`, `a + b` the distance; `ζ[i] = τ[σ[i]]` letter by letter), one bit
//! per position of the coset.
//!
//! Every position at distance `d` is such a product for any split `d = a + b` (cut one of its optimal
//! algs after `b` moves), and every product lies within distance `d`; so with the bits of the nearer
//! positions already set, the products that set a new bit are exactly the positions at distance `d`.
//!
//! The products are formed digit by digit of the coset's numbering ([`Alphabet::steps`]), many at once
//! (the seed's Algorithm 3): `T` is bucketed by the prefix of `σ` that puts `τ · σ` in the coset, and
//! `S` (sorted by coset, then by number) is taken a range at a time. Fixing the next digit of `σ`
//! splits the range of `S` into consecutive groups; each group names the letter of `τ` that gives the
//! product's digit, and the `τ`s are partitioned by that letter. Every pair of an `S` group and a `T`
//! part lands in one nested sub-coset of the product, so a sub-coset already complete ([`Cover`]) leaves
//! every such product out at once; and a coset stops as soon as all its positions are visited.

use super::chain::WordChain;
use super::cover::Cover;
use super::levels::Level;
use super::sym::{Candidate, MarkScratch, Reduced, WordSymmetry};
use super::unplaced::{Mask, Nibbles, Unplaced, NIBBLE_PIECES};
use super::word::{Alphabet, Step};
use crate::control::Control;
use crate::error::{Error, Result};

/// What every coset shares: the numbering, the stored levels and the positions per reachable coset.
pub(crate) struct Shared<'a> {
    pub(crate) alphabet: &'a Alphabet,
    /// `levels[d]`: every position at distance `d`, sorted by coset.
    pub(crate) levels: &'a [Level],
    /// Positions in each reachable coset.
    pub(crate) full: u64,
    /// The digits of the numbering within a coset.
    pub(crate) steps: &'a [Step],
    /// The symmetries the enumeration is reduced by, with the chain their pre-calculation walks.
    pub(crate) sym: Option<(&'a WordSymmetry, &'a WordChain)>,
    /// Whether every number of a reachable coset is a reachable word.
    pub(crate) tight: bool,
    /// The size of the sub-cosets the symmetry pre-calculation leaves undecided (chosen per coset by
    /// [`coset_cutoff`] unless asked).
    pub(crate) mark_cutoff: Option<u64>,
}

/// Counts per distance: positions (with symmetry, each representative weighted by its class size),
/// classes up to symmetry, classes up to symmetry and inverse (the last two only with symmetry); and
/// where the time went, by the control's clock (0 without one).
#[derive(Debug, Clone, Default)]
pub(crate) struct Tally {
    pub(crate) positions: Vec<u64>,
    pub(crate) classes: Vec<u64>,
    pub(crate) inverse: Vec<u64>,
    /// Seconds forming each distance's products (0 through the stored depth).
    pub(crate) seconds: Vec<f64>,
    /// Seconds of the symmetry pre-calculation.
    pub(crate) marking: f64,
}

impl Tally {
    /// Zero counts through distance `limit`.
    pub(crate) fn new(limit: usize) -> Tally {
        Tally {
            positions: vec![0; limit + 1],
            classes: vec![0; limit + 1],
            inverse: vec![0; limit + 1],
            seconds: vec![0.0; limit + 1],
            marking: 0.0,
        }
    }

    /// Adds `other` (same length).
    pub(crate) fn add(&mut self, other: &Tally) {
        for (x, y) in self.seconds.iter_mut().zip(&other.seconds) {
            *x += y;
        }
        self.marking += other.marking;
        for (a, b) in [
            (&mut self.positions, &other.positions),
            (&mut self.classes, &other.classes),
            (&mut self.inverse, &other.inverse),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

/// One thread's working memory: the coset's cover and the `T` bucketing.
pub(crate) struct Scratch {
    pub(crate) cover: Cover,
    mark: MarkScratch,
    order: Vec<u32>,
    starts: Vec<u32>,
    pairs: Vec<(u64, u32)>,
    /// Per key with `τ`s: the key and its range of `order`.
    groups: Vec<(u64, u32, u32)>,
}

impl Scratch {
    pub(crate) fn new(steps: &[Step]) -> Scratch {
        Scratch {
            cover: Cover::new(steps),
            mark: MarkScratch::default(),
            order: Vec::new(),
            starts: Vec::new(),
            pairs: Vec::new(),
            groups: Vec::new(),
        }
    }
}

/// The piece and the twist of every letter byte, per twist modulus.
struct Letters {
    piece: Vec<[u8; 256]>,
    twist: Vec<[u8; 256]>,
}

impl Letters {
    fn new(steps: &[Step]) -> Letters {
        let top = steps.iter().map(|s| s.m as usize).max().unwrap_or(1);
        let table = |f: fn(usize, usize) -> usize| -> Vec<[u8; 256]> {
            (0..=top).map(|m| std::array::from_fn(|l| if m == 0 { 0 } else { f(l, m) as u8 })).collect()
        };
        Letters { piece: table(|l, m| l / m), twist: table(|l, m| l % m) }
    }
}

/// The split `d = a + b` (`σ` from `P[a]`, `τ` from `P[b]`) with the fewest products.
fn split(levels: &[Level], d: usize) -> Option<(usize, usize)> {
    let k = levels.len() - 1;
    (d.saturating_sub(k).max(1)..=k.min(d - 1))
        .map(|a| (a, d - a))
        .min_by_key(|&(a, b)| ((levels[a].len() as u128) * (levels[b].len() as u128), levels[b].len()))
}

/// The products of one distance within one coset.
struct Walk<'a, 'r> {
    steps: &'a [Step],
    letters: &'a Letters,
    len: usize,
    /// The words of `S` and `T`.
    s: &'a [u8],
    t: &'a [u8],
    cover: &'a mut Cover,
    /// Positions of the coset not yet visited.
    left: u64,
    /// Positions new at this distance (with symmetry: the class sizes of the new representatives).
    new: u64,
    /// With symmetry: new representatives, and those that represent their class up to inverse too.
    classes: u64,
    inverse: u64,
    reduced: Option<&'a mut Reduced<'r>>,
    found: Option<&'a mut Vec<u64>>,
    /// Positions waiting to be visited: the position, its finest tracked sub-coset and the `σ` and `τ`
    /// whose product it is.
    queue: Vec<(u64, u64, u32, u32)>,
    /// Per block: its first letter, its letters and its twist modulus.
    blocks: &'a [(usize, usize, u8)],
    /// The `τ` that [`Walk::zp`] and [`Walk::zt`] compose with (`u32::MAX`: none yet).
    composed: u32,
    /// For that `τ`, at `256 · block + l`: the piece and the twist of the product's letter where `σ`
    /// has letter `l` (one load per digit instead of two dependent ones and a sum).
    zp: Vec<u8>,
    zt: Vec<u8>,
}

/// Positions visited together.
const QUEUE: usize = 64;

/// The fewest `σ`s for one `τ` that compose `τ` first ([`Walk::compose`]).
const COMPOSE_FROM: usize = 8;

/// The numbering methods are generic over `R`, the ranking of the unplaced pieces ([`Unplaced`]).
impl Walk<'_, '_> {
    /// Visits position `node` = `τ · σ` (its finest tracked sub-coset `block`): queued, and the queue
    /// visited once full, its words loaded first all together (independent loads overlap their cache
    /// misses).
    #[inline(always)]
    fn leaf(&mut self, node: u64, block: u64, sigma: usize, tau: usize) {
        self.queue.push((node, block, sigma as u32, tau as u32));
        if self.queue.len() == QUEUE {
            self.flush();
        }
    }

    /// Visits the queued positions.
    fn flush(&mut self) {
        let mut touch = 0u64;
        for &(node, ..) in &self.queue {
            touch ^= self.cover.word(node);
        }
        std::hint::black_box(touch);
        for i in 0..self.queue.len() {
            let (node, block, sigma, tau) = self.queue[i];
            if self.cover.visit(node, block) {
                self.left -= 1;
                match self.reduced.as_deref_mut() {
                    None => self.new += 1,
                    Some(r) => {
                        let len = self.len;
                        let (s, t) = (sigma as usize * len, tau as usize * len);
                        let add = r.count_product(node, block, &self.t[t..t + len], &self.s[s..s + len]);
                        self.new += add.positions;
                        self.classes += add.classes;
                        self.inverse += add.inverse;
                    }
                }
                if let Some(f) = self.found.as_deref_mut() {
                    f.push(node);
                }
            }
        }
        self.queue.clear();
    }

    /// The digit of step `st` for `σ`'s letter `sl` and `τ`'s letter `v` at the slot `sl` names, and
    /// the pieces unplaced after it.
    #[inline(always)]
    fn digit<R: Unplaced>(&self, st: &Step, sl: u8, v: u8, unplaced: R) -> (u64, R) {
        let m = st.m as usize;
        if st.twist {
            let z = self.letters.twist[m][v as usize] + self.letters.twist[m][sl as usize];
            ((if z >= st.m { z - st.m } else { z }) as u64, unplaced)
        } else {
            unplaced.place(self.letters.piece[m][v as usize] as u64)
        }
    }

    /// Composes `τ` (see [`Walk::zp`]).
    fn compose(&mut self, tau: u32) {
        let t = &self.t[tau as usize * self.len..];
        for (k, &(first, n, m)) in self.blocks.iter().enumerate() {
            let m = m as usize;
            for l in 0..n * m {
                let v = t[first + l / m] as usize;
                self.zp[256 * k + l] = (v / m) as u8;
                self.zt[256 * k + l] = ((v % m + l % m) % m) as u8;
            }
        }
        self.composed = tau;
    }

    /// The remaining digits of the one product `τ · σ` from step `l`, from `τ` composed where it is
    /// ([`Walk::zp`]: one load per digit), else from the two words.
    #[inline(always)]
    fn finish<R: Unplaced>(&mut self, from: usize, sigma: usize, tau: usize, node: u64, unplaced: R, block: u64) {
        let (s, t, len) = (self.s, self.t, self.len);
        let s = &s[sigma * len..];
        if tau as u32 == self.composed {
            return self.finish_by(from, sigma, tau, node, unplaced, block, |w, st, unplaced| {
                let at = 256 * st.block + s[st.letter] as usize;
                if st.twist {
                    (w.zt[at] as u64, unplaced)
                } else {
                    unplaced.place(w.zp[at] as u64)
                }
            });
        }
        let t = &t[tau * len..];
        self.finish_by(from, sigma, tau, node, unplaced, block, |w, st, unplaced| {
            let sl = s[st.letter];
            let v = t[st.base + w.letters.piece[st.m as usize][sl as usize] as usize];
            w.digit(st, sl, v, unplaced)
        })
    }

    /// [`Walk::finish`] with each step's digit (and the pieces unplaced after it) from `digit`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn finish_by<R: Unplaced>(
        &mut self,
        from: usize,
        sigma: usize,
        tau: usize,
        mut node: u64,
        mut unplaced: R,
        mut block: u64,
        digit: impl Fn(&Self, &Step, R) -> (u64, R),
    ) {
        let deepest = self.cover.deepest;
        for (l, st) in self.steps.iter().enumerate().skip(from) {
            if st.reset {
                unplaced = R::from_used(0);
            }
            let (d, u) = digit(self, st, unplaced);
            unplaced = u;
            node = node * st.radix + d;
            if l + 1 == deepest {
                block = node;
            }
            if self.cover.done(l + 1, node) {
                return;
            }
        }
        self.leaf(node, block, sigma, tau);
    }

    /// The products of `σ` in `S[lo..hi]` (sharing their first `l` digits) and `τ` in `ts` (sharing the
    /// letters those digits read), all in sub-coset `node` of level `l`.
    #[allow(clippy::too_many_arguments)]
    fn walk<R: Unplaced>(
        &mut self,
        l: usize,
        lo: usize,
        hi: usize,
        ts: &mut [u32],
        node: u64,
        unplaced: R,
        block: u64,
    ) {
        if self.left == 0 {
            return;
        }
        if l == self.steps.len() {
            // Every pair left forms this one position.
            self.leaf(node, block, lo, ts[0] as usize);
            return;
        }
        if ts.len() == 1 {
            let tau = ts[0];
            if hi - lo >= COMPOSE_FROM && self.composed != tau {
                self.compose(tau);
            }
            if self.composed == tau {
                // One τ: each σ's product digit by digit, with no grouping (a sub-coset complete
                // is still left at its first digit).
                for sigma in lo..hi {
                    if self.left == 0 {
                        return;
                    }
                    self.finish(l, sigma, tau as usize, node, unplaced, block);
                }
                return;
            }
            if hi - lo == 1 {
                self.finish(l, lo, tau as usize, node, unplaced, block);
                return;
            }
        }
        let st = self.steps[l];
        let unplaced = if st.reset { R::from_used(0) } else { unplaced };
        let (s, t, len) = (self.s, self.t, self.len);
        let m = st.m as usize;
        let piece = &self.letters.piece[m];
        let table = if st.twist { &self.letters.twist[m] } else { piece };
        let deepest = self.cover.deepest;
        let mut g = lo;
        while g < hi {
            let sl = s[g * len + st.letter];
            let sd = table[sl as usize];
            let mut e = g + 1;
            while e < hi && table[s[e * len + st.letter] as usize] == sd {
                e += 1;
            }
            // The letter of τ this group of σ reads, and τ's parts by its value.
            let at = st.base + piece[sl as usize] as usize;
            let key = |tau: u32| table[t[tau as usize * len + at] as usize];
            let mut r = 0;
            while r < ts.len() {
                let v = t[ts[r] as usize * len + at];
                let kv = table[v as usize];
                let mut j = r + 1;
                for x in r + 1..ts.len() {
                    if key(ts[x]) == kv {
                        ts.swap(j, x);
                        j += 1;
                    }
                }
                let (digit, u) = self.digit(&st, sl, v, unplaced);
                let child = node * st.radix + digit;
                let b = if l + 1 == deepest { child } else { block };
                if !self.cover.done(l + 1, child) {
                    self.walk(l + 1, g, e, &mut ts[r..j], child, u, b);
                }
                r = j;
            }
            g = e;
        }
    }
}

/// Walks every group of `T` (with the range of `S` its key names) until the coset is complete.
fn walk_groups<R: Unplaced>(
    walk: &mut Walk<'_, '_>,
    unplaced: R,
    s: &Level,
    groups: &[(u64, u32, u32)],
    order: &mut [u32],
    control: Control,
) -> Result<()> {
    for (g, &(kk, t0, t1)) in groups.iter().enumerate() {
        let (span, ts) = (s.span(kk), &mut order[t0 as usize..t1 as usize]);
        if span.is_empty() {
            continue;
        }
        if g % 64 == 0 {
            control.check()?;
        }
        walk.walk(0, span.start, span.end, ts, 0, unplaced, 0);
        walk.flush();
        if walk.left == 0 {
            break;
        }
    }
    Ok(())
}

/// The size of the sub-cosets the symmetry pre-calculation leaves undecided (see
/// [`WordSymmetry::mark`](super::sym::WordSymmetry::mark)): their positions are classified one by one
/// when the products visit them. Deciding every sub-coset down to single positions walked about
/// 3 M sub-cosets per coset of the 3x3x3 edges group (0.36 s per coset, most of a shallow run's time);
/// [`CosetUnit::mark_cutoff`](crate::god::CosetUnit::mark_cutoff) sets another.
pub(crate) const MARK_CUTOFF: u64 = 1 << 16;

/// The cutoff between the two where the deepest distance's products are as many as a tenth of a
/// coset's positions to all of them.
pub(crate) const MID_CUTOFF: u64 = 512;

/// The cutoff for coset `key` through distance `limit`, from the products of the deepest distance that
/// reach it (`T` bucketed as the enumeration does) against its positions (`full`): [`MARK_CUTOFF`] while
/// they are under a tenth, [`MID_CUTOFF`] up to as many, 0 (every sub-coset decided up front) beyond.
/// The pre-calculation costs a time per coset that grows as the cutoff falls (about 0.25 s on the 3x3x3
/// edges at 0); each visit within an undecided sub-coset is classified (its conjugates compared). Through
/// distance 10 on the 3x3x3 edges (2.9e7 products in a typical coset of 9.3e7 positions, 1.7e8 in the
/// heaviest), the middle cutoff took 7 % off a typical unit and 0 suits the heaviest coset; through 8
/// (1.6e5 products) the full pre-calculation cost five times the unit's time.
fn coset_cutoff(shared: &Shared, key: u64, limit: usize) -> u64 {
    let (levels, alphabet) = (shared.levels, shared.alphabet);
    let k = levels.len() - 1;
    let Some((a, b)) = (limit > k).then(|| split(levels, limit)).flatten() else { return MARK_CUTOFF };
    let len = alphabet.len;
    let mut word = vec![0u8; len];
    alphabet.word(key, 0, &mut word);
    let mut need = vec![0u8; len];
    let full = shared.full as u128;
    let mut products = 0u128;
    for tau in levels[b].words().chunks_exact(len) {
        alphabet.needed_prefix(tau, &word[..alphabet.prefix], &mut need);
        products += levels[a].span(alphabet.key(&need)).len() as u128;
        if products > full {
            // Decided. A run to the end asks about `P[k] × P[k]`, whose full count took seconds
            // per coset.
            return 0;
        }
    }
    if products * 10 <= full {
        MARK_CUTOFF
    } else if products <= full {
        MID_CUTOFF
    } else {
        0
    }
}

/// Counts the positions of coset `key` at distances `0..=limit` into `tally` (whose vectors have
/// `limit + 1` entries), pushing those beyond the stored levels to `found` when given. With symmetry
/// (`shared.sym`, and `cand` the coset's candidate), only representatives are visited and counted.
/// Returns whether the coset was completed (every position, or every representative, found); `false`
/// when the limit or the stored levels stopped it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_coset(
    shared: &Shared,
    key: u64,
    limit: usize,
    scratch: &mut Scratch,
    tally: &mut Tally,
    mut found: Option<&mut Vec<u64>>,
    cand: Option<&Candidate>,
    control: Control,
) -> Result<bool> {
    let alphabet = shared.alphabet;
    let len = alphabet.len;
    let k = shared.levels.len() - 1;
    let cover = &mut scratch.cover;
    cover.clear();
    // With symmetry: the pre-calculation visits every non-representative first.
    let (target, mut reduced) = match (shared.sym, cand) {
        (Some((sym, chain)), Some(cand)) => {
            let started = control.now();
            let cutoff = shared.mark_cutoff.unwrap_or_else(|| coset_cutoff(shared, key, limit));
            let marked = sym.mark(alphabet, chain, shared.steps, shared.tight, cand, cutoff, cover, &mut scratch.mark);
            let reps = marked.reps;
            let mut reduced = Reduced::new(sym, alphabet, key, marked);
            // Only where the products will reach most of the coset (the cutoff 0 of a deep run): it
            // costs a pass over the coset's representatives. And only where every number is a position
            // (`tight`): elsewhere an unvisited number may be no position at all.
            let paired = if cutoff == 0 && shared.tight { reduced.pair(cover) } else { 0 };
            tally.marking += control.seconds_since(started);
            (reps - paired, Some(reduced))
        }
        _ => (shared.full, None),
    };
    let mut total = 0u64;
    for (d, level) in shared.levels.iter().enumerate().take(limit + 1) {
        for w in level.range(key).chunks_exact(len) {
            let i = alphabet.within(w);
            if !cover.visit_index(i) {
                continue;
            }
            total += 1;
            match reduced.as_mut() {
                None => tally.positions[d] += 1,
                Some(r) => {
                    let add = r.count(i, cover.block_of(i));
                    tally.positions[d] += add.positions;
                    tally.classes[d] += add.classes;
                    tally.inverse[d] += add.inverse;
                }
            }
        }
    }
    let mut word = vec![0u8; len];
    alphabet.word(key, 0, &mut word);
    let coset = word[..alphabet.prefix].to_vec();
    let used = alphabet.prefix_pieces(&coset);
    let letters = Letters::new(shared.steps);
    let blocks: Vec<(usize, usize, u8)> = alphabet.block_letters().iter().map(|&(f, n, m, _)| (f, n, m)).collect();
    let nibbles = blocks.iter().all(|&(_, n, _)| n <= NIBBLE_PIECES);
    let mut need = vec![0u8; len];
    for d in (k + 1)..=limit {
        if total == target {
            break;
        }
        let started = control.now();
        let Some((a, b)) = split(shared.levels, d) else { return Ok(false) };
        let (s, t) = (&shared.levels[a], &shared.levels[b]);
        if t.len() > u32::MAX as usize {
            return Err(Error::new("the coset method stores at most 2^32 positions per distance"));
        }
        // T bucketed by the key of the σ prefix that puts τ · σ in the coset: a counting sort when the
        // keys are fewer than the τs, else a sort of (key, τ) pairs.
        let key_of = |tau: &[u8], need: &mut [u8]| {
            alphabet.needed_prefix(tau, &coset, need);
            alphabet.key(need)
        };
        let keys = alphabet.keys as usize;
        let (order, groups) = (&mut scratch.order, &mut scratch.groups);
        order.clear();
        groups.clear();
        if keys <= t.len() {
            let starts = &mut scratch.starts;
            starts.clear();
            starts.resize(keys + 1, 0);
            for tau in t.words().chunks_exact(len) {
                starts[key_of(tau, &mut need) as usize + 1] += 1;
            }
            for i in 1..starts.len() {
                starts[i] += starts[i - 1];
            }
            order.resize(t.len(), 0);
            let mut at = starts.clone();
            for (n, tau) in t.words().chunks_exact(len).enumerate() {
                let kk = key_of(tau, &mut need) as usize;
                order[at[kk] as usize] = n as u32;
                at[kk] += 1;
            }
            groups.extend(
                (0..keys).filter(|&kk| starts[kk] < starts[kk + 1]).map(|kk| (kk as u64, starts[kk], starts[kk + 1])),
            );
        } else {
            let pairs = &mut scratch.pairs;
            pairs.clear();
            pairs.extend(t.words().chunks_exact(len).enumerate().map(|(n, tau)| (key_of(tau, &mut need), n as u32)));
            pairs.sort_unstable();
            order.extend(pairs.iter().map(|&(_, n)| n));
            let mut i = 0;
            while i < pairs.len() {
                let j = i + pairs[i..].iter().take_while(|p| p.0 == pairs[i].0).count();
                groups.push((pairs[i].0, i as u32, j as u32));
                i = j;
            }
        }
        let mut walk = Walk {
            steps: shared.steps,
            letters: &letters,
            len,
            s: s.words(),
            t: t.words(),
            cover: &mut *cover,
            left: target - total,
            new: 0,
            classes: 0,
            inverse: 0,
            reduced: reduced.as_mut(),
            found: found.as_deref_mut(),
            queue: Vec::with_capacity(QUEUE),
            blocks: &blocks,
            composed: u32::MAX,
            zp: vec![0; 256 * blocks.len()],
            zt: vec![0; 256 * blocks.len()],
        };
        if nibbles {
            walk_groups(&mut walk, Nibbles::from_used(used), s, groups, order, control)?;
        } else {
            walk_groups(&mut walk, Mask::from_used(used), s, groups, order, control)?;
        }
        total = target - walk.left;
        tally.seconds[d] += control.seconds_since(started);
        tally.positions[d] += walk.new;
        tally.classes[d] += walk.classes;
        tally.inverse[d] += walk.inverse;
    }
    Ok(total == target)
}

/// `P[d]` for `d = levels.len()`, from the stored levels (through `d - 1`), over the reachable cosets.
pub(crate) fn next_level(
    alphabet: &Alphabet,
    levels: &[Level],
    full: u64,
    steps: &[Step],
    cosets: &[u64],
    control: Control,
) -> Result<Level> {
    let d = levels.len();
    let shared = Shared { alphabet, levels, full, steps, sym: None, tight: false, mark_cutoff: None };
    let per_coset = super::map_cosets(cosets, steps, |scratch, &key| {
        let mut tally = Tally::new(d);
        let mut found = Vec::new();
        run_coset(&shared, key, d, scratch, &mut tally, Some(&mut found), None, control)?;
        found.sort_unstable();
        let mut words = vec![0u8; found.len() * alphabet.len];
        for (w, &i) in words.chunks_exact_mut(alphabet.len).zip(&found) {
            alphabet.word(key, i, w);
        }
        Ok(words)
    });
    let mut words = Vec::new();
    for w in per_coset {
        words.extend_from_slice(&w?);
    }
    Ok(Level::from_sorted(alphabet, words))
}
