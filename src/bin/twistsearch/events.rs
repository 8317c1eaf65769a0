//! `scramble --event ID`: scrambles for a cubing.js event, in cubing.js's notation (WCA's for the clock),
//! from the cubing.js KPuzzle definitions the core embeds.

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::json;

use crate::progress::Bar;
use crate::shell::{fail, json_text, Failure};
use twistsearch::events::EventScrambler;
use twistsearch::group::random::rng_from_seed;

/// Runs `scramble --event`: `count` scrambles (reproducible with `seed`); with `json` each one's time
/// and length.
pub fn scramble(id: &str, count: usize, seed: Option<u64>, json: bool) -> Result<String, Failure> {
    let scrambler = EventScrambler::for_event(id).map_err(|e| fail("--event", e))?;
    let ev = scrambler.event();
    let mut rng = rng_from_seed(seed).map_err(|e| fail("--seed", e))?;
    let bar = Bar::new(!json);
    let mut out = String::new();
    let mut rows = Vec::new();
    for _ in 0..count {
        let t = Instant::now();
        let s = scrambler.scramble(&mut rng, bar.control()).map_err(|e| fail("scramble", e))?;
        bar.clear();
        if json {
            rows.push(json!({ "alg": s.alg, "length": s.length, "ms": t.elapsed().as_secs_f64() * 1e3 }));
        } else {
            let _ = writeln!(out, "{}", s.alg);
        }
    }
    if json {
        return Ok(json_text(json!({ "event": id, "puzzle": ev.puzzle, "seed": seed, "scrambles": rows })));
    }
    Ok(out)
}
