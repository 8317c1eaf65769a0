//! The sequence tools (twsearch's `-u`, `-U`, `--cancelseqs`, `--unrotateseqs`, `--shortenseqs`, `-si`,
//! `--showsymmetry`, `--showconjugacy`, `--showmoves`, `--maxwrong`, `--totalvar`, `-S`): read algs one
//! a line from a file or standard input and print, line for line, what twsearch prints.

use std::fmt::Write as _;
use std::io::Read as _;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::shell::{fail, json_text, move_set, read, Failure};
use twistsearch::control::Control;
use twistsearch::model::move_ref::MoveRef;
use twistsearch::search::{SolveOptions, Solver, SolverOptions};
use twistsearch::seq::{
    self, conjugacy, move_def, self_test, shorten, symmetry, total_variation, unique, unrotate, wrong,
};
use twistsearch::{MoveSet, Puzzle};

/// Where the algs come from, and the output format.
#[derive(clap::Args)]
pub struct SeqInput {
    /// A file of algs, one a line (default, or `-`: standard input).
    pub file: Option<String>,
    #[arg(long)]
    pub json: bool,
}

/// Which tool, with its own options.
pub enum Tool {
    Unique { symmetry: bool, limit: Option<usize> },
    Cancel,
    Unrotate,
    Shorten { max_depth: Option<u32>, memory_mb: usize },
    Improve { memory_mb: usize },
    ShowSymmetry,
    Conjugacy,
    ShowMoves,
    MaxWrong { max: usize, orientation_group: usize },
}

/// The input's lines (a final line without a newline included; a final empty line not).
fn lines(input: &SeqInput) -> Result<Vec<String>, Failure> {
    let text = match input.file.as_deref() {
        None | Some("-") => {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map_err(|e| fail("standard input", e))?;
            twistsearch::text::decode(&bytes).map(str::to_string).map_err(|e| fail("standard input", e))?
        }
        Some(path) => read(path)?,
    };
    Ok(text.lines().map(|l| l.trim_end_matches('\r').to_string()).collect())
}

/// The name of the input, for errors.
fn source(input: &SeqInput) -> &str {
    input.file.as_deref().filter(|f| *f != "-").unwrap_or("standard input")
}

/// A line's moves, an error naming the line.
fn moves_of(puzzle: &Puzzle, input: &SeqInput, n: usize, line: &str) -> Result<Vec<MoveRef>, Failure> {
    seq::read_moves(puzzle, line).map_err(|e| fail(&format!("{} line {}", source(input), n + 1), e))
}

fn names(puzzle: &Puzzle, moves: &[MoveRef]) -> String {
    moves.iter().map(|&m| puzzle.move_name(m)).collect::<Vec<_>>().join(" ")
}

/// Runs a per-line tool.
pub fn run(puzzle: &Arc<Puzzle>, tool: &Tool, input: &SeqInput) -> Result<String, Failure> {
    let lines = lines(input)?;
    let mut out = String::new();
    let mut results: Vec<Value> = Vec::new();
    let all = MoveSet::all(puzzle).map_err(|e| fail("moves", e))?;
    let at_solved = |m: &[MoveRef]| puzzle.apply_moves(puzzle.solved(), m);
    let transform = |m: &[MoveRef]| puzzle.apply_moves(&puzzle.identity(), m);
    match tool {
        Tool::Unique { symmetry: sym, limit } => {
            let mut seen = if *sym {
                unique::Unique::up_to(symmetry::Conjugates::new(puzzle, &all).map_err(|e| fail("symmetry", e))?)
            } else {
                unique::Unique::new()
            };
            for (n, line) in lines.iter().enumerate() {
                if limit.is_some_and(|l| seen.len() >= l) {
                    break;
                }
                if seen.insert(at_solved(&moves_of(puzzle, input, n, line)?).as_bytes()) {
                    let _ = writeln!(out, "{line}");
                    results.push(json!(line));
                }
            }
            if input.json {
                return Ok(json_text(json!({ "read": lines.len(), "unique": results })));
            }
        }
        Tool::Cancel | Tool::Unrotate => {
            let unrotator = matches!(tool, Tool::Unrotate).then(|| unrotate::Unrotate::new(puzzle));
            for (n, line) in lines.iter().enumerate() {
                let moves = moves_of(puzzle, input, n, line)?;
                let done = match &unrotator {
                    Some(u) => u.unrotate(&moves),
                    None => seq::cancel::cancel_moves(puzzle, &moves),
                };
                let _ = writeln!(out, "{}", seq::moves_text(puzzle, &done));
                results.push(json!({ "alg": line, "result": names(puzzle, &done), "moves": done.len() }));
            }
        }
        Tool::Shorten { max_depth, memory_mb } => {
            let reason = "shortening";
            let distinct = twistsearch::model::omit::apply_set_options(
                puzzle,
                &twistsearch::model::omit::SetOptions { distinguish_all: true, ..Default::default() },
            )
            .map_err(|e| fail(reason, e))?;
            let mut solver = solver(Arc::new(distinct), *memory_mb)?;
            let mut s = shorten::Shortener::new(&mut solver, *max_depth).map_err(|e| fail(reason, e))?;
            for (n, line) in lines.iter().enumerate() {
                let moves = moves_of(puzzle, input, n, line)?;
                let done = s.shorten(&moves, Control::none()).map_err(|e| fail(reason, e))?;
                let _ = writeln!(out, "{}", seq::moves_text(puzzle, &done));
                results.push(json!({
                    "alg": line, "result": names(puzzle, &done), "from": moves.len(), "to": done.len()
                }));
            }
        }
        Tool::Improve { memory_mb } => {
            let mut solver = solver(Arc::clone(puzzle), *memory_mb)?;
            for (n, line) in lines.iter().enumerate() {
                let moves = moves_of(puzzle, input, n, line)?;
                if moves.is_empty() {
                    continue;
                }
                let options = SolveOptions { max_depth: Some(moves.len() as u32 - 1), ..Default::default() };
                let found = solver.solve_within(&at_solved(&moves), &options, Control::none());
                let found = found.map_err(|e| fail(&format!("{} line {}", source(input), n + 1), e))?;
                if let Some(solution) = found.and_then(|r| r.solutions.into_iter().next()) {
                    let better = puzzle.invert_moves(&solution);
                    let _ = writeln!(out, "{} {} -> {}", moves.len(), better.len(), names(puzzle, &better));
                    results.push(json!({
                        "alg": line, "from": moves.len(), "to": better.len(), "result": names(puzzle, &better)
                    }));
                }
            }
        }
        Tool::ShowSymmetry => {
            let c = symmetry::Conjugates::new(puzzle, &all).map_err(|e| fail("symmetry", e))?;
            for (n, line) in lines.iter().enumerate() {
                let order = c.symmetry_order(at_solved(&moves_of(puzzle, input, n, line)?).as_bytes());
                let _ = writeln!(out, "{line}: {order}");
                results.push(json!({ "alg": line, "symmetry": order }));
            }
        }
        Tool::Conjugacy => {
            for (n, line) in lines.iter().enumerate() {
                let text = conjugacy::cycle_type_text(&conjugacy::cycle_type(
                    puzzle,
                    &transform(&moves_of(puzzle, input, n, line)?),
                ));
                let _ = writeln!(out, "{text} {line}");
                results.push(json!({ "alg": line, "class": text }));
            }
        }
        Tool::ShowMoves => {
            for (n, line) in lines.iter().enumerate() {
                let block = move_def::move_definition(puzzle, &transform(&moves_of(puzzle, input, n, line)?), "noname");
                out.push_str(&block);
                results.push(json!({ "alg": line, "definition": block }));
            }
        }
        Tool::MaxWrong { max, orientation_group } => {
            for (n, line) in lines.iter().enumerate() {
                let w = wrong::wrong_pieces(puzzle, &at_solved(&moves_of(puzzle, input, n, line)?), *orientation_group);
                if w <= *max {
                    let _ = writeln!(out, "{w} {line}");
                    results.push(json!({ "alg": line, "wrong": w }));
                }
            }
        }
    }
    if input.json {
        return Ok(json_text(json!({ "results": results })));
    }
    Ok(out)
}

/// An optimal solver with every non-rotation move.
fn solver(puzzle: Arc<Puzzle>, memory_mb: usize) -> Result<Solver, Failure> {
    let options = SolverOptions { memory_bytes: memory_mb << 20, ..Default::default() };
    Solver::new(puzzle, options, Control::none()).map_err(|e| fail("solver", e))
}

/// `total-var`: the total variation distance after 0, 1, … random moves, a line each (`n tv`).
pub fn total_var(puzzle: &Puzzle, steps: usize, moves: Option<&str>, json_out: bool) -> Result<String, Failure> {
    let set = move_set(puzzle, moves)?;
    let tv =
        total_variation::total_variation(puzzle, &set, steps, Control::none()).map_err(|e| fail("total-var", e))?;
    if json_out {
        return Ok(json_text(json!({ "totalVariation": tv })));
    }
    Ok(tv.iter().enumerate().map(|(n, t)| format!("{n} {}\n", general(*t))).collect())
}

/// `self-test`: solves after ever more random moves, a line each (`moves-applied length solution`).
pub fn self_test(
    puzzle: &Arc<Puzzle>,
    step: usize,
    rounds: usize,
    seed: Option<u64>,
    memory_mb: usize,
    json_out: bool,
) -> Result<String, Failure> {
    use rand::SeedableRng;
    let mut rng = match seed {
        Some(s) => rand_chacha::ChaCha8Rng::seed_from_u64(s),
        None => rand_chacha::ChaCha8Rng::from_entropy(),
    };
    let mut solver = solver(Arc::clone(puzzle), memory_mb)?;
    let mut out = String::new();
    let mut results = Vec::new();
    let each = |s: &self_test::SelfTestSolve| {
        let alg = names(puzzle, &s.solution);
        if json_out {
            results.push(json!({ "applied": s.applied, "length": s.solution.len(), "solution": alg }));
        } else {
            let _ = writeln!(out, "{} {} {alg}", s.applied, s.solution.len());
        }
    };
    self_test::self_test(&mut solver, step, rounds, &mut rng, each, Control::none())
        .map_err(|e| fail("self-test", e))?;
    if json_out {
        return Ok(json_text(json!({ "solves": results })));
    }
    Ok(out)
}

/// A number as C++'s default stream output (`%g`, 6 significant digits) writes it, as twsearch prints.
fn general(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let trim = |s: String| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    // Rounding to 6 digits may carry into the next power of ten: decide by the rounded value.
    let sci = format!("{v:.5e}");
    let (mantissa, e) = sci.split_once('e').expect("exponent");
    let e: i32 = e.parse().expect("exponent");
    if !(-5..6).contains(&e) {
        return format!("{}e{}{:02}", trim(mantissa.to_string()), if e < 0 { '-' } else { '+' }, e.abs());
    }
    trim(format!("{v:.*}", (5 - e).max(0) as usize))
}

#[cfg(test)]
mod tests {
    use super::general;

    #[test]
    fn numbers_print_as_cpp_streams_do() {
        assert_eq!(general(1.0), "1");
        assert_eq!(general(0.5), "0.5");
        assert_eq!(general(0.999_999_7), "1");
        assert_eq!(general(0.123_456_78), "0.123457");
        assert_eq!(general(1.5e-7), "1.5e-07");
        assert_eq!(general(0.0), "0");
    }
}
