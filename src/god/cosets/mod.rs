//! God's algorithm beyond memory, by coset enumeration: the positions at the first distances `P[0..=k]`
//! are stored (as compact words sorted by coset, built by the enumeration itself, as many levels as the
//! memory budget allows), then each coset of the stabilizer of the first slots of the largest block is
//! completed on its own, with one bit per position of the coset, by the products `P[b] · P[a]` that lie
//! in it (see the `engine` submodule). The cosets split into independent work units (`units`, `unit`): each unit's
//! [`UnitCounts`] can run on another machine, and [`merge_units`] checks that every unit is there once
//! and adds them up.
//!
//! With the definition's rotations (and declared symmetries, such as a mirror) that keep the move set,
//! the enumeration is reduced by symmetry (`sym`): only one representative per class of conjugate
//! positions is visited, counted with its class size; the classes up to symmetry, and up to symmetry and
//! inverse, are counted too. With moves closed under inverse, a representative also counts the class of
//! its inverse when that class is another (same distance), and a representative whose inverse's class
//! comes first counts nothing: in a run to the end those are visited before the products (anti-symmetry,
//! `Reduced::pair`). So a unit's counts are those of the classes its cosets represent up to symmetry and
//! inverse, not of its cosets' positions; the units still add up to the whole.
//!
//! Needs a start with distinct pieces (every position is then one element of the move group), whose
//! group order fits 64 bits; the depth it reaches is twice the stored depth.

mod chain;
mod cover;
mod engine;
mod levels;
mod sym;
mod units;
mod unplaced;
mod word;

pub use units::{merge_units, MergedCounts, UnitCounts};

use std::sync::atomic::{AtomicU64, Ordering};

use num_traits::ToPrimitive;

use self::chain::WordChain;
use self::cover::Cover;
use self::engine::next_level;
use self::engine::{run_coset, Scratch, Shared, Tally};
use self::levels::Level;
use self::sym::{Candidate, WordSymmetry};
use self::word::{Alphabet, Step};
use super::{CosetUnit, Reduce};
use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::group::{puzzle_chain, rng_from_seed};
use crate::model::layout::Layout;
use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::Puzzle;

/// What a coset enumeration computes.
#[derive(Debug, Clone)]
pub struct CosetOptions {
    /// HTM counts every move of the set as one; QTM uses only the moves of quarter-turn cost 1.
    pub metric: Metric,
    /// The most memory the stored levels and the coset bitmaps (one per thread) may use, in bytes.
    pub memory_bytes: u64,
    /// Count positions through this distance only.
    pub max_depth: Option<u32>,
    /// Whether to reduce the enumeration by the definition's rotations that keep the move set (`Auto`:
    /// wherever there are such rotations; `Always`: an error where there are none). The counts are the
    /// same; the classes up to symmetry and inverse come only with the reduction.
    pub reduce: Reduce,
    /// The work unit to run, and the letters, stored levels and sub-coset size (by default the whole
    /// enumeration as one unit, each setting chosen by the method).
    pub cosets: CosetUnit,
}

impl Default for CosetOptions {
    fn default() -> Self {
        CosetOptions {
            metric: Metric::Htm,
            memory_bytes: super::DEFAULT_MEMORY,
            max_depth: None,
            reduce: Reduce::Auto,
            cosets: CosetUnit::default(),
        }
    }
}

/// Largest coset-key space (the reachable cosets are found with one flag per key).
const MAX_KEYS: u64 = 1 << 24;

/// The largest cover (bytes per thread) chosen by default when a smaller one exists: small enough to
/// stay mostly in the caches of current processors.
const CACHE_COVER: u64 = 16 << 20;

/// The most cosets chosen by default for the sake of a smaller cover (each coset repeats the work of
/// sorting `T` by coset).
const CACHE_KEYS: u64 = 1 << 15;

/// Runs `f` on every coset of `cosets` (in parallel where threads are available), each thread with its
/// own working memory for cosets numbered by `steps`; the results in coset order.
fn map_cosets<I: Sync, T: Send>(
    cosets: &[I],
    steps: &[Step],
    f: impl Fn(&mut Scratch, &I) -> T + Sync + Send,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        cosets.par_iter().map_init(|| Scratch::new(steps), |b, c| f(b, c)).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut b = Scratch::new(steps);
        cosets.iter().map(|c| f(&mut b, c)).collect()
    }
}

fn threads() -> u64 {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads() as u64
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// The reachable cosets (sorted keys): the orbit of the start's prefix under the moves applied first.
fn reachable_cosets(alphabet: &Alphabet, moves: &[Vec<u8>], control: Control) -> Result<Vec<u64>> {
    let mut seen = vec![false; alphabet.keys as usize];
    let mut word = alphabet.identity();
    let first = alphabet.key(&word);
    seen[first as usize] = true;
    let (mut queue, mut at) = (vec![first], 0);
    let mut z = vec![0u8; alphabet.len];
    while at < queue.len() {
        control.check()?;
        alphabet.word(queue[at], 0, &mut word);
        at += 1;
        for m in moves {
            alphabet.product(m, &word, alphabet.prefix, &mut z);
            let key = alphabet.key(&z);
            if !seen[key as usize] {
                seen[key as usize] = true;
                queue.push(key);
            }
        }
    }
    queue.sort_unstable();
    Ok(queue)
}

/// The alphabet with the letters that name a coset: as asked, else the fewest (at least one when the
/// lead block has two slots) whose covers, one per thread, fit half the budget and stay within
/// [`CACHE_COVER`] (random visits to a cover that large stay mostly in cache), else the fewest that fit
/// half the budget.
fn choose_alphabet(layout: &Layout, transforms: &[&[u8]], options: &CosetOptions) -> Result<Alphabet> {
    if let Some(l) = options.cosets.letters {
        return Alphabet::new(layout, transforms, l);
    }
    let n = Alphabet::new(layout, transforms, 0)?.lead_size();
    let mut fits = None;
    for l in 1.min(n - 1)..n {
        let a = Alphabet::new(layout, transforms, l)?;
        let cover = Cover::bytes(&a.steps());
        if cover * threads() <= options.memory_bytes / 2 && a.keys <= MAX_KEYS {
            if a.keys > CACHE_KEYS {
                return Ok(fits.unwrap_or(a));
            }
            if cover <= CACHE_COVER {
                return Ok(a);
            }
            fits.get_or_insert(a);
        }
    }
    fits.ok_or_else(|| {
        Error::new(format!(
            "no coset size fits the memory budget of {} with one bitmap per thread",
            crate::bytes::describe_bytes(options.memory_bytes)
        ))
    })
}

/// Checks the start: distinct pieces and no orientation wildcards in every set.
fn check_start(puzzle: &Puzzle) -> Result<()> {
    let s = puzzle.solved().as_bytes();
    for o in puzzle.layout().orbits() {
        let mut pieces: Vec<u8> = s[o.pieces_range()].to_vec();
        pieces.sort_unstable();
        pieces.dedup();
        if pieces.len() != o.size || s[o.orientations_range()].iter().any(|&x| o.is_wildcard(x)) {
            return Err(Error::new(format!(
                "the coset method needs distinct pieces and known orientations in every set; set {} has identical \
                 pieces or orientation wildcards (leave it out with --omit {})",
                o.name, o.name
            )));
        }
    }
    Ok(())
}

/// The stored levels `P[0..=k]`: as many as fit half the budget (estimated from the growth of the last
/// two), through `max_depth` at most, or until the whole group is stored.
fn store_levels(
    alphabet: &Alphabet,
    edge_words: Vec<u8>,
    order: u64,
    full: u64,
    cosets: &[u64],
    options: &CosetOptions,
    control: Control,
) -> Result<Vec<Level>> {
    let mut levels = vec![Level::from_sorted(alphabet, alphabet.identity())];
    let p1 = Level::from_words(alphabet, edge_words);
    levels.push(p1);
    let budget = options.memory_bytes / 2;
    loop {
        let stored: u64 = levels.iter().map(|l| l.len() as u64).sum();
        let d = levels.len();
        let cap = |m: Option<u32>| m.is_some_and(|m| d as u64 > m as u64);
        if stored >= order || cap(options.max_depth) || cap(options.cosets.store_depth) {
            break;
        }
        let (last, before) = (levels[d - 1].len() as u128, levels[d - 2].len().max(1) as u128);
        let guess = (last * last / before).min((order - stored) as u128);
        let bytes: u64 = levels.iter().map(Level::bytes).sum();
        if bytes as u128 + guess * alphabet.len as u128 + (alphabet.keys as u128 + 1) * 8 > budget as u128 {
            break;
        }
        control.report(Progress { phase: "cosets: storing levels", depth: d as u32, done: stored, total: Some(order) });
        let level = next_level(alphabet, &levels, full, &alphabet.steps(), cosets, control)?;
        if level.len() == 0 {
            break;
        }
        levels.push(level);
    }
    Ok(levels)
}

/// The bytes of the threads' coset bitmaps; an error when the alphabet names too many cosets or the
/// bitmaps exceed the memory budget.
fn bitmap_bytes(alphabet: &Alphabet, options: &CosetOptions) -> Result<u64> {
    let letters = alphabet.prefix;
    if alphabet.keys > MAX_KEYS {
        return Err(Error::new(format!("{letters} letters name too many cosets ({}); use fewer", alphabet.keys)));
    }
    let need = Cover::bytes(&alphabet.steps()) * threads();
    if need > options.memory_bytes {
        return Err(Error::new(format!(
            "cosets of {letters} letters need {} of bitmaps ({} threads), more than the memory budget of {}",
            crate::bytes::describe_bytes(need),
            threads(),
            crate::bytes::describe_bytes(options.memory_bytes)
        )));
    }
    Ok(need)
}

/// Completes the cosets `work` (keys, with their candidates when reduced by symmetry) through distance
/// `limit`: the counts at each distance, summed, and whether every coset was complete by then.
fn count_cosets(
    shared: &Shared,
    work: &[(u64, Option<&Candidate>)],
    limit: usize,
    control: Control,
) -> Result<(Tally, bool)> {
    let done = AtomicU64::new(0);
    let results = map_cosets(work, shared.steps, |scratch, &(key, cand)| {
        let mut tally = Tally::new(limit);
        let complete = run_coset(shared, key, limit, scratch, &mut tally, None, cand, control)?;
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        control.report(Progress { phase: "cosets", depth: limit as u32, done: n, total: Some(work.len() as u64) });
        Ok((tally, complete))
    });
    let mut tally = Tally::new(limit);
    let mut complete = true;
    for r in results {
        let (t, done): (Tally, bool) = r?;
        complete &= done;
        tally.add(&t);
    }
    Ok((tally, complete))
}

/// The symmetries the enumeration is reduced by (`None`: not reduced), as `options.reduce` asks.
fn word_symmetry(
    puzzle: &Puzzle,
    alphabet: &Alphabet,
    transforms: &[&[u8]],
    move_words: &[Vec<u8>],
    options: &CosetOptions,
) -> Result<Option<WordSymmetry>> {
    // `auto` reduces wherever there are symmetries: measured faster than the plain enumeration (3x3x3
    // edges through distance 7: 12.0-12.4 s plain, 7.4-7.7 s reduced user CPU).
    if options.reduce == Reduce::Never {
        return Ok(None);
    }
    let layout = puzzle.layout();
    let syms = match crate::group::symmetry::symmetries(puzzle, transforms, &layout.identity()) {
        Ok(syms) => syms,
        Err(e) if options.reduce == Reduce::Auto && !e.is_cancelled() => return Ok(None),
        Err(e) => return Err(e),
    };
    let digits = chain::digits(alphabet, &alphabet.steps());
    match WordSymmetry::new(alphabet, layout, &syms, digits, move_words)? {
        None if options.reduce == Reduce::Always => {
            Err(Error::new("no rotation of the definition but the identity keeps the move set: nothing to reduce by"))
        }
        found => Ok(found),
    }
}

/// Runs work unit `options.cosets.unit` of `options.cosets.units` of the coset enumeration of the positions `moves`
/// reach from the solved state.
pub fn coset_enumeration(
    puzzle: &Puzzle,
    moves: &MoveSet,
    options: &CosetOptions,
    control: Control,
) -> Result<UnitCounts> {
    let CosetUnit { units, unit, .. } = options.cosets;
    if units == 0 || unit >= units {
        return Err(Error::new(format!("unit {unit} is not one of units 0..{units}")));
    }
    check_start(puzzle)?;
    let layout = puzzle.layout();
    let edge_moves = super::edges(moves, options.metric);
    let transforms: Vec<&[u8]> = edge_moves.iter().map(|&m| puzzle.transform(m)).collect();
    let alphabet = choose_alphabet(layout, &transforms, options)?;
    let letters = alphabet.prefix;
    let need = bitmap_bytes(&alphabet, options)?;
    let group = puzzle_chain(puzzle, moves)?;
    let order = group
        .order()
        .to_u64()
        .ok_or_else(|| Error::new("the coset method needs a group of fewer than 2^64 positions"))?;
    let move_words: Vec<Vec<u8>> = transforms
        .iter()
        .map(|t| {
            let mut w = vec![0u8; alphabet.len];
            alphabet.word_of(layout, t, &mut w);
            w
        })
        .collect();
    let identity = alphabet.identity();
    let cosets = reachable_cosets(&alphabet, &move_words, control)?;
    let full = order / cosets.len() as u64;
    if full * cosets.len() as u64 != order || full > alphabet.capacity {
        return Err(Error::new("internal: the cosets do not divide the group evenly"));
    }
    let steps = alphabet.steps();
    // With symmetry: the chain the pre-calculation walks, and the cosets that hold representatives.
    let sym = word_symmetry(puzzle, &alphabet, &transforms, &move_words, options)?;
    let reduced = match &sym {
        Some(sym) => {
            let mut rng = rng_from_seed(Some(0x636f_7365_7473))?;
            let sample = chain::sampler(&alphabet, layout, &group, &mut rng);
            let chain = WordChain::new(&alphabet, chain::digits(&alphabet, &steps), order, sample, control)?;
            let candidates = sym.candidates(&alphabet, &chain);
            Some((sym, chain, candidates))
        }
        None => None,
    };
    let edge_words: Vec<u8> = move_words.iter().filter(|w| **w != identity).flatten().copied().collect();
    let clock = control.now();
    let ms = |seconds: f64| (seconds * 1e3).round() as u64;
    let levels = store_levels(&alphabet, edge_words, order, full, &cosets, options, control)?;
    let store_ms = ms(control.seconds_since(clock));
    let work: Vec<(u64, Option<&Candidate>)> = match &reduced {
        Some((_, _, candidates)) => candidates.iter().map(|c| (c.key, Some(c))).collect(),
        None => cosets.iter().map(|&c| (c, None)).collect(),
    };
    let enumerated = work.len() as u64;
    let mine: Vec<(u64, Option<&Candidate>)> =
        work.into_iter().enumerate().filter(|(p, _)| *p as u64 % units == unit).map(|(_, c)| c).collect();
    let k = levels.len() - 1;
    let stored: u64 = levels.iter().map(|l| l.len() as u64).sum();
    let reach = if stored == order { k } else { 2 * k };
    let limit = options.max_depth.map_or(reach, |m| (m as usize).min(reach));
    let shared = Shared {
        alphabet: &alphabet,
        levels: &levels,
        full,
        steps: &steps,
        sym: reduced.as_ref().map(|(s, c, _)| (*s, c)),
        tight: full == alphabet.capacity,
        mark_cutoff: options.cosets.mark_cutoff,
    };
    let (mut tally, complete) = count_cosets(&shared, &mine, limit, control)?;
    let cosets_ms = ms(control.seconds_since(clock)).saturating_sub(store_ms);
    if !complete && options.max_depth.is_none_or(|m| m as usize > limit) {
        return Err(Error::new(format!(
            "the stored levels (through distance {k}) reach distance {reach} only, and some cosets have positions \
             farther away: raise the memory budget so that more levels are stored"
        )));
    }
    while tally.positions.len() > 1 && tally.positions.last() == Some(&0) {
        tally.positions.pop();
    }
    let depths = tally.positions.len();
    let symmetries = sym.as_ref().map(|s| s.order);
    let bytes = levels.iter().map(Level::bytes).sum::<u64>() + need;
    let timed = clock.is_some();
    let mut distance_ms: Vec<u64> = if timed { tally.seconds.iter().map(|&s| ms(s)).collect() } else { Vec::new() };
    while distance_ms.len() > depths && distance_ms.last() == Some(&0) {
        distance_ms.pop();
    }
    Ok(UnitCounts {
        format: units::FORMAT.to_string(),
        puzzle: puzzle.name().to_string(),
        sets: layout.orbits().iter().map(|o| o.name.clone()).collect(),
        metric: options.metric.name().to_string(),
        fingerprint: units::fingerprint(puzzle, &move_words, options, letters, symmetries),
        units,
        unit,
        letters,
        cosets: mine.len() as u64,
        cosets_total: cosets.len() as u64,
        group_order: order,
        stored_depth: k as u32,
        max_depth: options.max_depth,
        complete,
        memory_bytes: bytes,
        counts: tally.positions,
        store_ms,
        cosets_ms,
        distance_ms,
        symmetry_ms: (timed && symmetries.is_some()).then(|| ms(tally.marking)),
        symmetries,
        cosets_enumerated: symmetries.map(|_| enumerated),
        classes: symmetries.map(|_| tally.classes[..depths].to_vec()),
        inverse_classes: symmetries.map(|_| tally.inverse[..depths].to_vec()),
    })
}
