//! `solve --phases`: near-optimal solutions by multi-phase (Kociemba-style) search, each phase's moves
//! generating a subgroup of the previous phase's group (the 3x3x3's `U,D,F2,B2,R2,L2`).

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{json, Value};

use crate::progress::Bar;
use crate::shell::{fail, json_text, move_set, parse_alg, read, Failure};
use crate::solve::{state_file, SearchArgs, SolveArgs};
use twistsearch::model::moveset::Metric;
use twistsearch::phase::{PhaseSolveOptions, PhaseSolver, PhaseSolverOptions};
use twistsearch::search::orient::solve_phases_up_to;
use twistsearch::search::Position;
use twistsearch::tws::parse_scrambles;
use twistsearch::{MoveSet, Puzzle, State};

/// Options of `solve` for multi-phase search.
#[derive(clap::Args)]
pub struct PhaseArgs {
    /// Moves of a phase's subgroup, e.g. `U,D,F2,B2,R2,L2`; repeat for more phases (each inside the
    /// previous). The last phase goes to solved (or the --target).
    #[arg(long = "phases")]
    phases: Vec<String>,
    /// With --phases: stop at the first solution this short (default: search until the best through the
    /// phases is proven, which may take long).
    #[arg(long)]
    target_length: Option<u32>,
    /// With --phases: give up past this many search nodes (printing the best found so far, if any).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// With --phases: projection tables only, even where a phase's whole coset space (two bits per
    /// coset) fits --memory (the 3x3x3's phase 1 needs 529 MiB: --memory 600).
    #[arg(long)]
    compact_tables: bool,
    /// With --phases and --target-length: search only the position as it is (and its inverse), not also
    /// turned by the definition's rotations onto the other axes.
    #[arg(long)]
    no_turns: bool,
    /// With --phases: only print what each phase would be (its coordinates, its cosets against the group
    /// index |G_i|/|H_i|, whether it is exact, its table bytes, or why it cannot be built), without
    /// building tables or solving: for trying chains out.
    #[arg(long)]
    plan: bool,
}

impl PhaseArgs {
    /// Whether `--phases` was given.
    pub fn active(&self) -> bool {
        !self.phases.is_empty()
    }
}

/// The positions to solve: from a scramble file, `--scramble` and `--state`.
pub fn jobs(puzzle: &Puzzle, args: &SolveArgs) -> Result<Vec<(String, State)>, Failure> {
    let (file, alg, state) = args.inputs();
    let mut jobs = Vec::new();
    if let Some(path) = file {
        let parsed = parse_scrambles(puzzle, &read(path)?).map_err(|e| fail(path, e))?;
        for s in parsed.scrambles {
            let st = s
                .state
                .ok_or_else(|| fail(path, format!("{}: --phases and --beam solve given positions only", s.name)))?;
            jobs.push((s.name, st));
        }
    }
    if let Some(alg) = alg {
        let st = puzzle.position(&parse_alg(puzzle, alg)?).map_err(|e| fail("--scramble", e))?;
        jobs.push((alg.to_string(), st));
    }
    if let Some(path) = state {
        jobs.push((path.to_string(), state_file(puzzle, path)?));
    }
    if jobs.is_empty() {
        return Err(fail("solve", "nothing to solve: give a scramble file, --scramble ALG or --state FILE"));
    }
    Ok(jobs)
}

/// Runs `solve --phases`.
pub fn solve(puzzle: Puzzle, search: &SearchArgs, args: &SolveArgs, phase: &PhaseArgs) -> Result<String, Failure> {
    let puzzle = Arc::new(puzzle);
    let p = &*puzzle;
    let phases: Vec<MoveSet> =
        phase.phases.iter().map(|s| MoveSet::parse(p, s).map_err(|e| fail("--phases", e))).collect::<Result<_, _>>()?;
    let target = search.target.map(|path| state_file(p, path)).transpose()?;
    let up_to = args.up_to();
    let at = |start: State, target| Position { start, target, known_reachable: false };
    let target = up_to.position(p, at(p.solved().clone(), target)).map_err(|e| fail("target", e))?.target;
    let moves = move_set(p, search.moves)?;
    let options = PhaseSolverOptions {
        moves: Some(moves.clone()),
        phases,
        metric: Metric::from_qtm(search.qtm),
        memory_bytes: search.memory_mb.saturating_mul(1 << 20),
        target: target.clone(),
        projection_entries: None,
        full_tables: !phase.compact_tables,
        turned_searches: !phase.no_turns,
        ..PhaseSolverOptions::default()
    };
    if phase.plan {
        return plan(p, &options, search.json);
    }
    let jobs = jobs(p, args)?;
    let bar = Bar::new(!search.json);
    let (solver, tables) = crate::tables::phase_solver(search.cache.as_ref(), &puzzle, options, bar.control())
        .map_err(|e| fail("tables", e))?;
    let table_seconds = tables.seconds;
    bar.clear();
    let solve_options =
        PhaseSolveOptions { target_length: phase.target_length, max_nodes: phase.max_nodes, ..Default::default() };
    let (mut out, mut rows) = (String::new(), Vec::<Value>::new());
    // Positions are solved side by side (each search also splits over the threads, which helps deep
    // ones; short ones gain more from running together).
    let solve_one = |(name, state): &(String, State)| {
        let t = Instant::now();
        let r = solve_phases_up_to(
            p,
            &at(state.clone(), target.clone()),
            &moves,
            up_to,
            |s| solver.reaches(s),
            |s| solver.solve(s, &solve_options, bar.control()),
            |r| &mut r.solution,
        )
        .map_err(|e| fail(name, e));
        r.map(|r| (r, t.elapsed().as_secs_f64()))
    };
    let wall = Instant::now();
    #[cfg(feature = "parallel")]
    let results: Vec<_> = {
        use rayon::prelude::*;
        jobs.par_iter().map(solve_one).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let results: Vec<_> = jobs.iter().map(solve_one).collect();
    let wall_seconds = wall.elapsed().as_secs_f64();
    bar.clear();
    for ((name, _), result) in jobs.iter().zip(results) {
        let (r, seconds) = result?;
        let alg = twistsearch::kpuzzle::notation::format_moves(p, &r.solution);
        let lengths: Vec<String> = r.phase_lengths.iter().map(u32::to_string).collect();
        if search.json {
            rows.push(json!({
                "name": name,
                "alg": alg,
                "length": r.phase_lengths.iter().sum::<u32>(),
                "phaseLengths": r.phase_lengths,
                "nodes": r.nodes,
                "phaseNodes": r.phase_nodes,
                "phaseStarts": r.phase_starts,
                "inverse": r.inverse,
                "seconds": seconds,
            }));
        } else {
            let total: u32 = r.phase_lengths.iter().sum();
            let _ = writeln!(out, "{name}: {alg} ({total}; phases {})", lengths.join("+"));
        }
    }
    if search.json {
        return Ok(json_text(json!({
            "puzzle": p.name(),
            "tableSeconds": table_seconds,
            "solveSeconds": wall_seconds,
            "tablesLoaded": tables.loaded,
            "tablesWritten": tables.written,
            "tableBytes": solver.table_bytes(),
            "results": rows,
        })));
    }
    Ok(out)
}

/// Runs `solve --phases --plan`: one line (or JSON object) per phase.
fn plan(p: &Puzzle, options: &PhaseSolverOptions, json: bool) -> Result<String, Failure> {
    let plans = PhaseSolver::plan(p, options).map_err(|e| fail("--phases", e))?;
    let num = |x: Option<u128>| x.map_or(Value::Null, |v| Value::String(v.to_string()));
    if json {
        let rows: Vec<Value> = plans
            .iter()
            .map(|pl| {
                json!({
                    "cosets": num(pl.cosets),
                    "groupIndex": num(pl.group_index),
                    "exact": pl.exact,
                    "coordinateSizes": pl.coordinate_sizes,
                    "projections": pl.projections,
                    "tableBytes": pl.table_bytes,
                    "error": pl.error,
                })
            })
            .collect();
        return Ok(json_text(json!({ "puzzle": p.name(), "phases": rows })));
    }
    let mut out = String::new();
    let show = |x: Option<u128>| x.map_or_else(|| "?".to_string(), |v| v.to_string());
    for (i, pl) in plans.iter().enumerate() {
        let index = show(pl.group_index);
        match &pl.error {
            Some(e) => {
                let _ = writeln!(out, "phase {}: index {index}; cannot be built: {e}", i + 1);
            }
            None => {
                let _ = writeln!(
                    out,
                    "phase {}: cosets {} (coordinates {:?}), index {index}, {}; projections {:?}; {} table bytes",
                    i + 1,
                    show(pl.cosets),
                    pl.coordinate_sizes,
                    if pl.exact { "exact" } else { "not exact" },
                    pl.projections,
                    pl.table_bytes.unwrap_or(0),
                );
            }
        }
    }
    Ok(out)
}
