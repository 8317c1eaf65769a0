//! `solve --beam WIDTH`: a solution (not optimal) of each given position by beam search over the moves
//! and their 3-cycles ([`twistsearch::search::beam_solve`]), for puzzles too large to solve optimally.
//! Each solution is checked by applying it (by the library, and here once more from the printed alg).

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::{json, Value};

use crate::phases::jobs;
use crate::progress::Bar;
use crate::shell::{fail, json_text, move_set, Failure};
use crate::solve::{state_file, SearchArgs, SolveArgs};
use twistsearch::alg::Alg;
use twistsearch::search::beam::BeamOptions;
use twistsearch::search::beam_solve::{beam_solve, matches};
use twistsearch::Puzzle;

/// Runs `solve --beam`.
pub fn solve(p: &Puzzle, search: &SearchArgs, args: &SolveArgs) -> Result<String, Failure> {
    let defaults = BeamOptions::default();
    let options = BeamOptions {
        width: args.beam.map_or(defaults.width, usize::from),
        max_depth: args.beam_depth.map_or(defaults.max_depth, usize::from),
    };
    let target = match search.target {
        Some(path) => state_file(p, path)?,
        None => p.solved().clone(),
    };
    let moves = move_set(p, search.moves)?;
    let bar = Bar::new(!search.json);
    let (mut out, mut rows) = (String::new(), Vec::<Value>::new());
    for (name, state) in jobs(p, args)? {
        let t = Instant::now();
        let s = beam_solve(p, &state, &target, &moves, &options, bar.control()).map_err(|e| fail(&name, e))?;
        let seconds = t.elapsed().as_secs_f64();
        bar.clear();
        let alg = twistsearch::kpuzzle::notation::format_moves(p, &s.moves);
        // Read back from the printed text and applied once more.
        let parsed = Alg::parse(&alg).map_err(|e| fail(&name, e))?;
        let end = p.apply_alg(&state, &parsed).map_err(|e| fail(&name, e))?;
        if !matches(p, &end, &target) {
            return Err(fail(&name, format!("the beam search's solution {alg} does not solve it")));
        }
        if search.json {
            rows.push(json!({
                "name": name,
                "alg": alg,
                "length": s.moves.len(),
                "operators": s.operators,
                "seconds": seconds,
            }));
        } else {
            let _ = writeln!(out, "{name}: {alg} ({})", s.moves.len());
        }
    }
    if search.json {
        return Ok(json_text(json!({
            "puzzle": p.name(),
            "beam": { "width": options.width, "maxDepth": options.max_depth },
            "results": rows,
        })));
    }
    Ok(out)
}
