//! `scramble --event ID`: scrambles for a cubing.js event, in cubing.js's notation (WCA's for the clock),
//! from the cubing.js KPuzzle definitions embedded in the binary.

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::json;

use crate::progress::Bar;
use crate::shell::{fail, json_text, Failure};
use twistsearch::events::{event, EventScrambler, EVENTS};
use twistsearch::group::random::rng_from_seed;

/// The cubing.js KPuzzle definition of a puzzle the events use.
fn definition(puzzle: &str) -> Option<&'static str> {
    macro_rules! defs {
        ($($name:literal),*) => {
            match puzzle {
                $($name => Some(include_str!(concat!("../../../tests/data/puzzles/cubing-kpuzzle/", $name, ".kpuzzle.json"))),)*
                _ => None,
            }
        };
    }
    defs!(
        "2x2x2",
        "3x3x3",
        "4x4x4",
        "5x5x5",
        "6x6x6",
        "7x7x7",
        "clock",
        "megaminx",
        "pyraminx",
        "skewb",
        "square1",
        "fto",
        "master_tetraminx",
        "kilominx",
        "redi_cube",
        "baby_fto"
    )
}

/// Runs `scramble --event`: `count` scrambles (reproducible with `seed`); with `json` each one's time
/// and length.
pub fn scramble(id: &str, count: usize, seed: Option<u64>, json: bool) -> Result<String, Failure> {
    let ev = event(id).ok_or_else(|| {
        let ids: Vec<&str> = EVENTS.iter().map(|e| e.id).collect();
        fail("--event", format!("unknown event {id:?}: expected one of {}", ids.join(", ")))
    })?;
    let def = definition(ev.puzzle).ok_or_else(|| fail("--event", format!("no definition of {}", ev.puzzle)))?;
    let scrambler = EventScrambler::new(id, def).map_err(|e| fail("--event", e))?;
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
