//! `canon`: canonical sequences of each length, the automaton's size and the branching factor.

use std::fmt::Write as _;

use serde_json::json;

use crate::shell::{fail, json_text, move_set, Failure};
use twistsearch::canon::{branching_factor, canonical_counts, CanonFsm};
use twistsearch::model::moveset::Metric;
use twistsearch::Puzzle;

/// Options of `canon`.
pub struct CanonArgs<'a> {
    /// Deepest length counted.
    pub depth: u32,
    /// Quarter-turn metric.
    pub qtm: bool,
    /// `--moves` list.
    pub moves: Option<&'a str>,
    /// `--newcanon n`.
    pub newcanon: Option<u32>,
    /// JSON output.
    pub json: bool,
}

/// Runs `canon`.
pub fn canon(puzzle: &Puzzle, args: &CanonArgs) -> Result<String, Failure> {
    let set = move_set(puzzle, args.moves)?;
    let metric = Metric::from_qtm(args.qtm);
    // Check the depth before building anything.
    if args.depth > twistsearch::canon::MAX_COUNT_DEPTH {
        return Err(fail(
            "--depth",
            format!("{} is too large (the most is {})", args.depth, twistsearch::canon::MAX_COUNT_DEPTH),
        ));
    }
    let fsm = match args.newcanon {
        Some(n) => CanonFsm::newcanon(puzzle, &set, metric, n).map_err(|e| fail("--newcanon", e))?,
        None => CanonFsm::new(puzzle, &set, metric).map_err(|e| fail("canon", e))?,
    };
    let counts = canonical_counts(&fsm, args.depth).map_err(|e| fail("--depth", e))?;
    let bf = branching_factor(&fsm);
    let metric_name = metric.name();
    if args.json {
        let mut total = num_bigint::BigUint::default();
        let rows: Vec<_> = counts
            .iter()
            .enumerate()
            .map(|(d, c)| {
                total += c;
                json!({ "depth": d, "count": c.to_string(), "total": total.to_string() })
            })
            .collect();
        return Ok(json_text(json!({
            "puzzle": puzzle.name(),
            "moves": set.describe(puzzle),
            "moveCount": set.moves().len(),
            "metric": metric_name,
            "newcanon": args.newcanon,
            "states": fsm.states(),
            "branchingFactor": bf,
            "counts": rows,
        })));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Puzzle {}: {} moves ({}), {metric_name}{}",
        puzzle.name(),
        set.moves().len(),
        set.describe(puzzle),
        args.newcanon.map(|n| format!(", newcanon {n}")).unwrap_or_default()
    );
    let _ = writeln!(out, "Automaton states {}, branching factor {bf:.4}", fsm.states());
    let mut total = num_bigint::BigUint::default();
    for (d, c) in counts.iter().enumerate() {
        total += c;
        let _ = writeln!(out, "{d:>4} {c:>30} {total:>30}");
    }
    Ok(out)
}
