//! Near-optimal solving for the `Puzzle` class: `solve(position, {phases: ["U,D,F2,B2,R2,L2"],
//! targetLength: 20})` solves by the core's multi-phase search ([`crate::phase::PhaseSolver`]) instead
//! of the optimal one. The phase solver (its tables) is kept for the next call with the same moves,
//! phases, metric, target and memory budget.

use std::sync::Arc;

use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::moveset::Metric;
use crate::phase::{PhaseSolveOptions, PhaseSolver, PhaseSolverOptions};
use crate::search::Position;
use crate::{Error, MoveSet};

use super::options::SolveOptions;
use super::run::{error, run, Hooks};

/// What a phase solver was built for.
#[derive(Debug, Clone, PartialEq)]
struct PhaseKey {
    generators: Vec<(usize, u32)>,
    phases: Vec<String>,
    metric: Metric,
    target: Option<Vec<u8>>,
    memory_bytes: usize,
}

/// The kept phase solver.
pub(super) struct Cached {
    key: PhaseKey,
    solver: PhaseSolver,
}

/// Refuses the optimal solver's options that a multi-phase solve does not take.
fn check_options(o: &SolveOptions) -> Result<(), Error> {
    let refused = [
        ("maxSolutions", o.max_solutions.is_some()),
        ("allOptimal", o.all_optimal),
        ("minDepth", o.min_depth != 0),
        ("maxDepth", o.max_depth.is_some()),
        ("slack", o.slack != 0),
        ("initialMemoryMB", o.initial_memory_mb.is_some()),
    ];
    match refused.iter().find(|(_, given)| *given) {
        Some((name, _)) => Err(Error::new(format!("solve options: {name} is for optimal solves, not with phases"))),
        None => Ok(()),
    }
}

/// Solves `position` by the phases of `o` (`o.phases` is `Some`): `{solutions: [alg], lengths: [n],
/// phaseLengths, nodes, tableBytes, metric}`, the solution verified by the core.
pub(super) fn solve(
    puzzle: &Arc<crate::Puzzle>,
    cache: &mut Option<Cached>,
    position: Position,
    set: MoveSet,
    o: &SolveOptions,
    hooks: &Hooks,
) -> Result<JsValue, JsValue> {
    let err = |e: Error| error(&e);
    check_options(o).map_err(err)?;
    let p = &**puzzle;
    let phases: Vec<String> = o.phases.clone().unwrap_or_default();
    let sets = phases.iter().map(|s| MoveSet::parse(p, s)).collect::<crate::Result<Vec<_>>>().map_err(err)?;
    let metric = Metric::from_qtm(o.qtm);
    let key = PhaseKey {
        generators: set.generators().iter().map(|g| (g.base, g.step)).collect(),
        phases,
        metric,
        target: position.target.as_ref().map(|t| t.as_bytes().to_vec()),
        memory_bytes: super::options::memory_bytes(o.memory_mb).map_err(err)?,
    };
    let solve_options = PhaseSolveOptions { target_length: o.target_length, max_nodes: o.max_nodes };
    let (alg, length, phase_lengths, nodes, bytes) = run(hooks, |control| {
        if cache.as_ref().is_none_or(|c| c.key != key) {
            *cache = None;
            let options = PhaseSolverOptions {
                moves: Some(set.clone()),
                phases: sets.clone(),
                metric,
                memory_bytes: key.memory_bytes,
                target: position.target.clone(),
                projection_entries: None,
                ..PhaseSolverOptions::default()
            };
            let solver = PhaseSolver::new(Arc::clone(puzzle), options, control)?;
            *cache = Some(Cached { key: key.clone(), solver });
        }
        let solver = &cache.as_ref().expect("built above").solver;
        let r = crate::search::orient::solve_phases_up_to(
            p,
            &position,
            &set,
            o.up_to(),
            |s| solver.reaches(s),
            |s| solver.solve(s, &solve_options, control),
            |r| &mut r.solution,
        )?;
        Ok((
            crate::kpuzzle::notation::format_moves(p, &r.solution),
            r.solution.len(),
            r.phase_lengths,
            r.nodes,
            solver.table_bytes(),
        ))
    })?;
    super::puzzle::to_js(&json!({
        "solutions": [alg],
        "lengths": [length],
        "phaseLengths": phase_lengths,
        "nodes": nodes,
        "tableBytes": bytes,
        "metric": metric.name(),
    }))
}
