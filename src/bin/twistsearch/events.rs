//! `scramble --event ID`: scrambles for a cubing.js event, in cubing.js's notation (WCA's for the clock),
//! from the cubing.js KPuzzle definitions the core embeds.

use std::time::Instant;

use serde_json::json;

use crate::progress::Bar;
use crate::shell::{emit, fail, json_text, too_many_for_json, Failure, MAX_BUFFERED};
use twistsearch::events::EventScrambler;
use twistsearch::group::random::rng_from_seed;

/// Runs `scramble --event`: `count` scrambles (reproducible with `seed`); with `json` each one's time
/// and length. Text is written as each scramble is found (any count, in constant memory, stopped when
/// the reader is gone); one JSON document holds at most [`MAX_BUFFERED`] scrambles.
pub fn scramble(id: &str, count: usize, seed: Option<u64>, json: bool) -> Result<String, Failure> {
    let scrambler = EventScrambler::for_event(id).map_err(|e| fail("--event", e))?;
    if json && count > MAX_BUFFERED {
        return Err(fail("--count", too_many_for_json(count)));
    }
    let ev = scrambler.event();
    let mut rng = rng_from_seed(seed).map_err(|e| fail("--seed", e))?;
    let bar = Bar::new(!json);
    let mut rows = Vec::new();
    for _ in 0..count {
        let t = Instant::now();
        let s = scrambler.scramble(&mut rng, bar.control()).map_err(|e| fail("scramble", e))?;
        bar.clear();
        if json {
            rows.push(json!({ "alg": s.alg, "length": s.length, "ms": t.elapsed().as_secs_f64() * 1e3 }));
        } else if !emit(&format!("{}\n", s.alg)) {
            break;
        }
    }
    if json {
        return Ok(json_text(json!({ "event": id, "puzzle": ev.puzzle, "seed": seed, "scrambles": rows })));
    }
    Ok(String::new())
}
