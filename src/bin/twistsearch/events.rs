//! `scramble --event ID`: scrambles for a cubing.js event, in cubing.js's notation (WCA's for the clock),
//! from the cubing.js KPuzzle definitions the core embeds. With `--threads`, scrambles are made in
//! parallel (each from its own seed drawn from `--seed`, so the output does not depend on the threads);
//! the 3x3x3 events use the exact tables (phase 1 and 2) where they are kept in `--cache-dir` or the count makes
//! building it pay.

use std::time::Instant;

use serde_json::json;

use crate::progress::Bar;
use crate::shell::{emit, fail, json_text, too_many_for_json, Failure, MAX_BUFFERED};
use crate::tables::TableCache;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use twistsearch::control::Control;
use twistsearch::events::{Event, EventScrambler};
use twistsearch::group::random::rng_from_seed;
use twistsearch::solvers::cube3::TwoPhase;
use twistsearch::{MoveSet, Puzzle};

/// From this many 3x3x3 scrambles on, the exact two-phase tables are built even without a cache directory
/// (its seconds are won back by scrambles several milliseconds faster).
pub const FULL_TABLES_COUNT: usize = 5000;

/// Above this many positions a puzzle is too large to scramble by solving random states optimally in
/// seconds (the 2x2x2 has 3.7 million, the 3x3x3 4.3 * 10^19; an optimal random-state solve of a group
/// of 10^12 already takes minutes).
pub const OPTIMAL_SCRAMBLE_POSITIONS: u64 = 1 << 36;

/// For `scramble PUZZLE` on a puzzle too large to solve optimally in seconds
/// ([`OPTIMAL_SCRAMBLE_POSITIONS`]): the event whose puzzle it is, recognised by its structure
/// ([`event_for_puzzle`](twistsearch::events::event_for_puzzle)), whose scrambler then scrambles it. Says
/// on stderr which path it chose; `None` (and an optimal search) for a small puzzle or one no event has.
pub fn event_for_large_puzzle(p: &Puzzle) -> Result<Option<&'static Event>, Failure> {
    let moves = MoveSet::all(p).map_err(|e| fail("scramble", e))?;
    let positions = twistsearch::group::positions(p, &moves).map_err(|e| fail("scramble", e))?.positions;
    if positions <= BigUint::from(OPTIMAL_SCRAMBLE_POSITIONS) {
        return Ok(None);
    }
    let name = p.name();
    // The event's scrambles must read on the definition: one made with a fixed seed is tried.
    let usable = |e: &&'static Event| {
        let Ok(scrambler) = EventScrambler::for_event(e.id) else { return false };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        scrambler.scramble(&mut rng, Control::none()).is_ok_and(|s| readable(p, &s.alg).is_ok())
    };
    let advice = "searching optimally anyway (this may take long; solve --phases gives near-optimal solutions of \
                  a random-state position)";
    match twistsearch::events::event_for_puzzle(p) {
        Some(e) if usable(&e) => {
            eprintln!(
                "scramble: {name} has {positions} positions, too many to solve optimally in seconds; its structure is \
                 the {} of event {}: scrambling with that event's random-state scrambler (as scramble --event {})",
                e.puzzle, e.id, e.id
            );
            Ok(Some(e))
        }
        Some(e) => {
            eprintln!(
                "scramble: {name} has {positions} positions, too many to solve optimally in seconds; its structure is \
                 the {} of event {}, but its moves cannot write that event's scrambles: {advice}",
                e.puzzle, e.id
            );
            Ok(None)
        }
        None => {
            eprintln!(
                "scramble: {name} has {positions} positions, too many to solve optimally in seconds, and its \
                 structure is no event's puzzle: {advice}"
            );
            Ok(None)
        }
    }
}

/// An error unless `alg` reads on `p` (every move known).
fn readable(p: &Puzzle, alg: &str) -> Result<(), Failure> {
    let read = twistsearch::Alg::parse(alg).and_then(|a| a.expand(p));
    read.map(|_| ())
        .map_err(|e| fail("scramble", format!("the event's scramble {alg} does not read on {}: {e}", p.name())))
}

/// What `scramble --event` is asked for.
pub struct EventArgs<'a> {
    pub id: &'a str,
    pub count: usize,
    pub seed: Option<u64>,
    pub json: bool,
    /// `--memory` in MiB: the exact tables are used only within it.
    pub memory_mb: usize,
    pub cache: Option<&'a TableCache>,
    /// `scramble PUZZLE` on a definition recognised as the event's puzzle: each scramble is read on it
    /// before it is written (an error, not a scramble it would misread, if it could not be).
    pub check: Option<&'a Puzzle>,
}

/// How the 3x3x3's exact tables were had.
enum Full {
    None,
    Built(f64, bool),
    Loaded(f64),
}

/// Runs `scramble --event`: `count` scrambles (reproducible with `seed`); with `json` each one's time
/// and length. Text is written as scrambles are found (any count, in constant memory, stopped when the
/// reader is gone); one JSON document holds at most [`MAX_BUFFERED`] scrambles.
pub fn scramble(a: &EventArgs) -> Result<String, Failure> {
    let scrambler = EventScrambler::for_event(a.id).map_err(|e| fail("--event", e))?;
    if a.json && a.count > MAX_BUFFERED {
        return Err(fail("--count", too_many_for_json(a.count)));
    }
    let ev = scrambler.event();
    let mut rng = rng_from_seed(a.seed).map_err(|e| fail("--seed", e))?;
    let bar = Bar::new(!a.json);
    let full = full_tables(&scrambler, a, bar.control()).map_err(|e| fail("scramble", e))?;
    bar.clear();
    let mut rows = Vec::new();
    // Large enough batches that one slow scramble does not leave the other threads idle.
    let batch = 128 * rayon::current_num_threads();
    let mut left = a.count;
    while left > 0 {
        let seeds: Vec<u64> = (0..batch.min(left)).map(|_| rng.gen()).collect();
        left -= seeds.len();
        let control = bar.control();
        let one = |&seed: &u64| {
            let t = Instant::now();
            let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            scrambler.scramble(&mut r, control).map(|s| (s, t.elapsed().as_secs_f64() * 1e3))
        };
        let done: Vec<_> = if seeds.len() > 1 && rayon::current_num_threads() > 1 {
            use rayon::prelude::*;
            seeds.par_iter().map(one).collect()
        } else {
            seeds.iter().map(one).collect()
        };
        bar.clear();
        for r in done {
            let (s, ms) = r.map_err(|e| fail("scramble", e))?;
            if let Some(p) = a.check {
                readable(p, &s.alg)?;
            }
            if a.json {
                rows.push(json!({ "alg": s.alg, "length": s.length, "ms": ms }));
            } else if !emit(&format!("{}\n", s.alg)) {
                return Ok(String::new());
            }
        }
    }
    if a.json {
        let mut doc = json!({ "event": a.id, "puzzle": ev.puzzle, "seed": a.seed, "scrambles": rows });
        let (how, seconds) = match full {
            Full::None => ("none", 0.0),
            Full::Built(s, written) => (if written { "built, written" } else { "built" }, s),
            Full::Loaded(s) => ("loaded", s),
        };
        if !matches!(full, Full::None) {
            doc["fullTables"] = json!({ "how": how, "seconds": seconds });
        }
        return Ok(json_text(doc));
    }
    Ok(String::new())
}

/// The 3x3x3 events' exact tables: read from the cache directory, or built (and written there
/// when the policy asks for it) when there is a cache directory or the count makes it pay, within the
/// memory budget. Other events: nothing.
fn full_tables(scrambler: &EventScrambler, a: &EventArgs, control: Control) -> twistsearch::Result<Full> {
    let wanted = a.cache.is_some() || a.count >= FULL_TABLES_COUNT;
    if !wanted || a.memory_mb << 20 < TwoPhase::FULL_TABLE_BYTES {
        return Ok(Full::None);
    }
    let Some(solver) = scrambler.two_phase(control)? else { return Ok(Full::None) };
    let t = Instant::now();
    let path = a.cache.map(|c| c.path(&format!("3x3x3-two-phase-{}.tables", solver.full_tables_key())));
    if let (Some(cache), Some(path)) = (a.cache, &path) {
        if let Some(bytes) = cache.read(path) {
            match solver.load_full_tables(&bytes) {
                Ok(()) => return Ok(Full::Loaded(t.elapsed().as_secs_f64())),
                Err(e) => cache.refused(path, &e),
            }
        }
    }
    solver.build_full_tables(control)?;
    let seconds = t.elapsed().as_secs_f64();
    let written = match (a.cache, &path) {
        (Some(cache), Some(path)) => cache.write(path, seconds, || solver.save_full_tables().unwrap_or_default()),
        _ => false,
    };
    Ok(Full::Built(seconds, written))
}
