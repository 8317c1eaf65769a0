//! `order` (of an alg or of the group), `random-state` and `reachable`: the group-theory subcommands.

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::{json, Value};

use crate::shell::{
    emit, fail, json_text, move_set, parse_alg, read, state_text, too_many_for_json, Failure, PositionFormat,
    MAX_BUFFERED,
};
use twistsearch::group::{
    illegal_placements_note, puzzle_chain, random_position, reachable, rng_from_seed, Membership, StabilizerChain,
};
use twistsearch::kpuzzle::{parse_pattern, pattern_value};
use twistsearch::tws::parse_scrambles;
use twistsearch::{Puzzle, State};

fn chain(puzzle: &Puzzle, moves: Option<&str>) -> Result<(StabilizerChain, String), Failure> {
    let set = move_set(puzzle, moves)?;
    let chain = puzzle_chain(puzzle, &set).map_err(|e| fail("group", e))?;
    Ok((chain, set.describe(puzzle)))
}

/// `order PUZZLE [ALG] [--moves …]`: the order of an alg, or of the group the moves generate.
pub fn order(puzzle: &Puzzle, alg: Option<&str>, moves: Option<&str>, json_out: bool) -> Result<String, Failure> {
    let mut out = String::new();
    if let Some(alg) = alg {
        if moves.is_some() {
            return Err(fail("--moves", "applies to the group order, not to an alg's order"));
        }
        let order = puzzle.alg_order(&parse_alg(puzzle, alg)?).map_err(|e| fail("alg", e))?;
        if json_out {
            return Ok(json_text(json!({ "alg": alg, "order": order.to_string() })));
        }
        let _ = writeln!(out, "{order}");
        return Ok(out);
    }
    let t = Instant::now();
    let (chain, names) = chain(puzzle, moves)?;
    let seconds = t.elapsed().as_secs_f64();
    let order = chain.order();
    // With Illegal placements the group order is not what the puzzle reaches: said beside the number
    // (on stderr in text, so that standard output stays the number).
    let note = illegal_placements_note(puzzle);
    if json_out {
        let set = move_set(puzzle, moves)?;
        let sizes = twistsearch::group::positions(puzzle, &set).map_err(|e| fail("group", e))?;
        return Ok(json_text(json!({
            "puzzle": puzzle.name(),
            "moves": names,
            "order": order.to_string(),
            "positions": sizes.positions.to_string(),
            "orientations": sizes.orientations.to_string(),
            "positionsUpToOrientation": sizes.up_to_orientation.to_string(),
            "levels": chain.orbit_sizes().len(),
            "seconds": seconds,
            "illegalPlacements": puzzle.illegal().len(),
            "note": note,
        })));
    }
    if let Some(note) = note {
        eprintln!("note: {note}");
    }
    let _ = writeln!(out, "{order}");
    Ok(out)
}

/// Options of `random-state`.
pub struct RandomArgs<'a> {
    /// How many states.
    pub count: usize,
    /// Seed for reproducible output.
    pub seed: Option<u64>,
    /// `--moves` list.
    pub moves: Option<&'a str>,
    /// Output format of each state.
    pub format: PositionFormat,
    /// JSON output.
    pub json: bool,
}

/// `random-state PUZZLE`: uniformly random positions reachable from the solved state.
pub fn random_states(puzzle: &Puzzle, args: &RandomArgs) -> Result<String, Failure> {
    let (chain, _) = chain(puzzle, args.moves)?;
    if args.json && args.count > MAX_BUFFERED {
        return Err(fail("--count", too_many_for_json(args.count)));
    }
    let mut rng = rng_from_seed(args.seed).map_err(|e| fail("--seed", e))?;
    let out = String::new();
    let mut patterns = Vec::new();
    for i in 1..=args.count {
        let state = random_position(puzzle, &chain, &mut rng).map_err(|e| fail("random-state", e))?;
        if args.json {
            patterns.push(pattern_value(puzzle, &state));
        } else {
            let headers = (format!("ScrambleState random-{i}"), format!("Scramble random-{i}"));
            // Streamed: a count of 10^12 prints for as long as asked, in constant memory.
            if !emit(&state_text(puzzle, &state, args.format, (&headers.0, &headers.1))) {
                break;
            }
        }
    }
    if args.json {
        return Ok(json_text(json!({ "seed": args.seed, "states": patterns })));
    }
    Ok(out)
}

/// `reachable PUZZLE FILE`: for each position in a scramble file (or one KPattern JSON file), whether the
/// moves can reach it from the solved state.
pub fn reachable_cmd(puzzle: &Puzzle, file: &str, moves: Option<&str>, json_out: bool) -> Result<String, Failure> {
    let text = read(file)?;
    let states: Vec<(String, State)> = if text.trim_start().starts_with('{') {
        vec![(file.to_string(), parse_pattern(puzzle, &text).map_err(|e| fail(file, e))?)]
    } else {
        let scrambles = parse_scrambles(puzzle, &text).map_err(|e| fail(file, e))?;
        scrambles.scrambles.into_iter().filter_map(|s| Some((s.name, s.state?))).collect()
    };
    let (chain, _) = chain(puzzle, moves)?;
    let mut out = String::new();
    let mut rows: Vec<Value> = Vec::new();
    for (name, state) in &states {
        // A placement the definition declares Illegal is never reached, whatever the group says.
        let illegal = puzzle.illegal_placement(state.as_bytes());
        let answer = match illegal {
            Some(_) => Membership::Unreachable,
            None => reachable(&chain, puzzle.solved().as_bytes(), state.as_bytes()).map_err(|e| fail(name, e))?,
        };
        let word = match (answer, &illegal) {
            (_, Some(why)) => format!("unreachable (it has {why}, which the definition declares Illegal)"),
            (Membership::Reachable(_), _) => "reachable".to_string(),
            (Membership::Unreachable, _) => "unreachable".to_string(),
            (Membership::Unknown, _) => "unknown (search budget exhausted)".to_string(),
        };
        rows.push(json!({ "name": name, "answer": word.split(' ').next() }));
        let _ = writeln!(out, "{name}: {word}");
    }
    if json_out {
        return Ok(json_text(json!({ "positions": rows })));
    }
    Ok(out)
}
