//! Near-optimal solving for the `Puzzle` class: `solve(position, {phases: ["U,D,F2,B2,R2,L2"],
//! targetLength: 20})` solves by the core's multi-phase search ([`crate::phase::PhaseSolver`]) instead
//! of the optimal one. The phase solver (its tables) is kept for the next call with the same moves,
//! phases, metric, target and memory budget; its tables go to and come from bytes for a JS cache
//! ([`PhaseSolver::save_tables`], [`PhaseSolver::with_saved_tables`]).

use std::sync::Arc;

use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::control::Control;
use crate::model::moveset::Metric;
use crate::phase::{PhaseSolveOptions, PhaseSolver, PhaseSolverOptions};
use crate::search::Position;
use crate::{Error, MoveSet, State};

use super::options::SolveOptions;
use super::plain::to_js;
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
    /// Which solver of the puzzle this is (`tablesStatus`).
    serial: u32,
    /// Seconds building its tables took (0: loaded from bytes).
    seconds: f64,
}

/// The phase solver a call needs: what it is built for, and the core's options to build it.
pub(super) struct Need {
    key: PhaseKey,
    options: PhaseSolverOptions,
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
        ("phaseBound", o.phase_bound.is_some()),
        ("phaseBoundMemoryMB", o.phase_bound_memory_mb.is_some()),
        ("cubeBound", o.cube_bound.is_some()),
        ("cubeBoundMemoryMB", o.cube_bound_memory_mb.is_some()),
    ];
    match refused.iter().find(|(_, given)| *given) {
        Some((name, _)) => Err(Error::new(format!("solve options: {name} is for optimal solves, not with phases"))),
        None => Ok(()),
    }
}

/// The phase solver the options `o` (with `o.phases`) ask for, to reach `target`.
pub(super) fn need(
    puzzle: &crate::Puzzle,
    set: &MoveSet,
    target: Option<State>,
    o: &SolveOptions,
) -> Result<Need, Error> {
    check_options(o)?;
    let phases: Vec<String> = o.phases.clone().unwrap_or_default();
    let sets = phases.iter().map(|s| MoveSet::parse(puzzle, s)).collect::<crate::Result<Vec<_>>>()?;
    let metric = Metric::from_qtm(o.qtm);
    let key = PhaseKey {
        generators: set.generators().iter().map(|g| (g.base, g.step)).collect(),
        phases,
        metric,
        target: target.as_ref().map(|t| t.as_bytes().to_vec()),
        memory_bytes: super::options::memory_bytes(o.memory_mb)?,
    };
    let options = PhaseSolverOptions {
        moves: Some(set.clone()),
        phases: sets,
        metric,
        memory_bytes: key.memory_bytes,
        target,
        projection_entries: None,
        ..PhaseSolverOptions::default()
    };
    Ok(Need { key, options })
}

impl Need {
    /// The key of the tables ([`PhaseSolver::tables_key`]), as `phase-<16 hex digits>`.
    pub(super) fn tables_key(&self, puzzle: &crate::Puzzle) -> Result<String, Error> {
        PhaseSolver::tables_key(puzzle, &self.options).map(|k| format!("phase-{k}"))
    }

    /// The kept solver, if it is the one this asks for.
    fn kept<'c>(&self, cache: &'c Option<Cached>) -> Option<&'c Cached> {
        cache.as_ref().filter(|c| c.key == self.key)
    }

    /// `(serial, seconds)` of the kept solver, if it is the one this asks for.
    pub(super) fn status(&self, cache: &Option<Cached>) -> Option<(u32, f64)> {
        self.kept(cache).map(|c| (c.serial, c.seconds))
    }

    /// The kept solver's tables as bytes, if it is the one this asks for.
    pub(super) fn save(&self, cache: &Option<Cached>) -> Option<Vec<u8>> {
        self.kept(cache).map(|c| c.solver.save_tables())
    }

    /// Makes the solver from saved tables and keeps it (refused bytes: an error, the kept solver stays).
    pub(super) fn load(
        self,
        puzzle: &Arc<crate::Puzzle>,
        cache: &mut Option<Cached>,
        serial: u32,
        bytes: &[u8],
        control: Control,
    ) -> crate::Result<()> {
        let solver = PhaseSolver::with_saved_tables(Arc::clone(puzzle), self.options, bytes, control)?;
        *cache = Some(Cached { key: self.key, solver, serial, seconds: 0.0 });
        Ok(())
    }
}

/// Solves `position` by the phases of `o` (`o.phases` is `Some`): `{solutions: [alg], lengths: [n],
/// phaseLengths, nodes, tableBytes, metric}`, the solution verified by the core. `serial` numbers a
/// solver built here.
pub(super) fn solve(
    puzzle: &Arc<crate::Puzzle>,
    cache: &mut Option<Cached>,
    serial: u32,
    position: Position,
    set: MoveSet,
    o: &SolveOptions,
    hooks: &Hooks,
) -> Result<JsValue, JsValue> {
    let p = &**puzzle;
    let Need { key, options } = need(p, &set, position.target.clone(), o).map_err(|e| error(&e))?;
    let metric = key.metric;
    let solve_options =
        PhaseSolveOptions { target_length: o.target_length, max_nodes: o.max_nodes, ..Default::default() };
    let (alg, length, phase_lengths, nodes, bytes) = run(hooks, |control| {
        if cache.as_ref().is_none_or(|c| c.key != key) {
            *cache = None;
            let started = control.now();
            let solver = PhaseSolver::new(Arc::clone(puzzle), options, control)?;
            let seconds = control.seconds_since(started);
            *cache = Some(Cached { key: key.clone(), solver, serial, seconds });
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
    to_js(&json!({
        "solutions": [alg],
        "lengths": [length],
        "phaseLengths": phase_lengths,
        "nodes": nodes,
        "tableBytes": bytes,
        "metric": metric.name(),
    }))
}
