//! `solve-event ID`: positions of a cubing.js event's puzzle (a given scramble, or the event's own random
//! scrambles) solved by the event's own solver, as `solveForEvent` solves them: the clock optimally, the
//! big cubes in stages with a beam search (`--beam WIDTH`, `--beam-depth N`), the others by their
//! scramblers' solvers. Each solution is checked by applying it; its length and time are printed.

use std::time::Instant;

use serde_json::json;

use crate::progress::Bar;
use crate::shell::{fail, json_text, Failure};
use twistsearch::alg::Alg;
use twistsearch::events::EventScrambler;
use twistsearch::group::random::rng_from_seed;
use twistsearch::search::beam::BeamOptions;

/// Options of `solve-event`.
#[derive(clap::Args)]
pub struct EventSolveArgs {
    /// The cubing.js event ID (`clock`, `555`, `777`, `333`, `sq1`, …).
    event: String,
    /// The position: this alg applied to solved, in the event's notation; else `--count` of the event's
    /// own scrambles.
    #[arg(long)]
    scramble: Option<String>,
    /// How many random scrambles to solve (without `--scramble`).
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// The scrambles' seed.
    #[arg(long)]
    seed: Option<u64>,
    /// The big cubes' beam width (states kept per level).
    #[arg(long, value_name = "WIDTH")]
    beam: Option<usize>,
    /// The big cubes' beam depth limit (3-cycles applied).
    #[arg(long = "beam-depth", value_name = "N")]
    beam_depth: Option<usize>,
    #[arg(long)]
    json: bool,
}

/// Runs `solve-event`.
pub fn run(a: &EventSolveArgs) -> Result<String, Failure> {
    let mut scrambler = EventScrambler::for_event(&a.event).map_err(|e| fail("event", e))?;
    let defaults = BeamOptions::default();
    scrambler.set_beam(BeamOptions {
        width: a.beam.unwrap_or(defaults.width),
        max_depth: a.beam_depth.unwrap_or(defaults.max_depth),
    });
    let p = scrambler.puzzle().clone();
    let mut rng = rng_from_seed(a.seed).map_err(|e| fail("--seed", e))?;
    let scrambles: Vec<String> = match &a.scramble {
        Some(s) => vec![s.clone()],
        None => (0..a.count)
            .map(|_| scrambler.scramble(&mut rng, twistsearch::control::Control::none()).map(|s| s.alg))
            .collect::<Result<_, _>>()
            .map_err(|e| fail("scramble", e))?,
    };
    let bar = Bar::new(!a.json);
    let mut rows = Vec::new();
    let mut text = String::new();
    for scramble in scrambles {
        let alg = Alg::parse(&scramble).map_err(|e| fail("--scramble", e))?;
        let state = p.position(&alg).map_err(|e| fail("--scramble", e))?;
        let t = Instant::now();
        let s = scrambler.solve(&state, bar.control()).map_err(|e| fail("solve-event", e))?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        bar.clear();
        // The solvers check their answers; read back from the printed text, it is checked once more.
        let end = p
            .apply_alg(&state, &Alg::parse(&s.alg).map_err(|e| fail("solve-event", e))?)
            .map_err(|e| fail("solve-event", e))?;
        let solved = end == *p.solved()
            || p.orbits().iter().all(|o| {
                let (x, y) = (end.as_bytes(), p.solved().as_bytes());
                // The big cubes' fixed centers are solved up to their orientation.
                x[o.pieces_range()] == y[o.pieces_range()]
                    && (o.size == 6 || x[o.orientations_range()] == y[o.orientations_range()])
            });
        if !solved {
            return Err(fail("solve-event", format!("the solution {} does not solve {scramble}", s.alg)));
        }
        if a.json {
            rows.push(json!({ "scramble": scramble, "alg": s.alg, "length": s.length, "ms": ms }));
        } else {
            text.push_str(&format!("scramble: {scramble}\nsolution ({} moves, {ms:.0} ms): {}\n", s.length, s.alg));
        }
    }
    if a.json {
        return Ok(json_text(json!({ "event": a.event, "solves": rows })));
    }
    Ok(text)
}
