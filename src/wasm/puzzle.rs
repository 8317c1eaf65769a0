//! The `Puzzle` class: a loaded puzzle and the solvers it keeps across calls, whose tables go to and come
//! from bytes for a JS cache (`tablesKey`, `tablesStatus`, `saveTables`, `loadTables`; their `part`
//! `"phaseBound"`: the tables of the optimal solver's phase bound, see the `bound` module).

use std::sync::Arc;

use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use crate::group::{puzzle_chain, rng_from_seed};
use crate::kpuzzle::{kpuzzle_value, pattern_from_value, pattern_value};
use crate::model::moveset::Metric;
use crate::search::{random_scramble, solve_up_to, OpenParts, Position};
use crate::search::{SolveOptions as CoreSolveOptions, Solver, SolverOptions};
use crate::solvers::cube3::SearchedBy;
use crate::{Error, MoveSet, State};

use super::bound::{BoundKey, Made, Request};
use super::options::{self, GodOptions, MovesOptions, PatternOption, ScrambleOptions, SolveOptions};
use super::plain::to_js;
use super::run::{bytes_arg, error, run, Hooks};

/// What a solver was built for: generators (base move, step), metric, target, memory budget, and its
/// phase bound's subgroup and budget (another bound: another solver).
#[derive(Debug, Clone, PartialEq)]
struct SolverKey {
    generators: Vec<(usize, u32)>,
    metric: Metric,
    target: Option<Vec<u8>>,
    memory_bytes: usize,
    initial_memory_bytes: Option<usize>,
    bound: Option<BoundKey>,
}

/// The kept solver.
struct Cached {
    key: SolverKey,
    solver: Solver,
    /// Which solver of the puzzle this is (`tablesStatus`).
    serial: u32,
    /// Its phase bound, once made (where the key asks for one).
    bound: Option<Made>,
    /// How many times it was given a bound (made or loaded): the bound tables' `changes`.
    bound_changes: u64,
}

impl Cached {
    /// Makes `made` the solver's second bound (replacing any).
    fn set_bound(&mut self, made: Made) {
        self.solver.set_bound(Some(made.search_bound()));
        self.bound = Some(made);
        self.bound_changes += 1;
    }
}

/// The solver a `solve` or `randomScramble` call uses: the optimal one (with the phase bound its options
/// ask for) or the multi-phase one.
enum Need {
    Optimal { key: SolverKey, moves: MoveSet, target: Option<State>, bound: Option<Request> },
    Phases(super::phases::Need),
}

/// Which tables the tables methods (`tablesKey`, `tablesStatus`, `saveTables`, `loadTables`) mean: the
/// solver's own (`undefined` or `"solver"`: the optimal solver's pruning table, the multi-phase
/// solver's tables) or its bound's (`"phaseBound"` or `"cubeBound"`, the same part: the bound the
/// options ask for).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Part {
    Solver,
    Bound,
}

impl Part {
    /// The part a tables method's `part` argument names.
    fn of(part: Option<String>) -> Result<Part, Error> {
        match part.as_deref() {
            None | Some("solver") => Ok(Part::Solver),
            Some("phaseBound" | "cubeBound") => Ok(Part::Bound),
            Some(other) => Err(Error::new(format!("tables part {other:?}: 'solver', 'phaseBound' or 'cubeBound'"))),
        }
    }
}

/// The bound that tables `"phaseBound"` (or `"cubeBound"`) asks for, from a call's need.
fn bound_of(need: Need) -> Result<(SolverKey, MoveSet, Option<State>, Request), Error> {
    match need {
        Need::Optimal { key, moves, target, bound: Some(bound) } => Ok((key, moves, target, bound)),
        _ => Err(Error::new(
            "tables 'phaseBound' or 'cubeBound': the options ask for no bound (an optimal solve's phaseBound or \
             cubeBound)",
        )),
    }
}

/// A loaded puzzle (from `.tws` text or KPuzzle JSON text). It keeps the last solver it built (automaton,
/// group, pruning table, phase bound) and reuses it while moves, metric, target, memory budget and phase
/// bound stay the same.
#[wasm_bindgen]
pub struct Puzzle {
    pub(super) puzzle: Arc<crate::Puzzle>,
    cache: Option<Cached>,
    /// The kept multi-phase solver (`solve` with `phases`).
    phase_cache: Option<super::phases::Cached>,
    /// The serial of the last solver made (optimal or multi-phase, built or loaded).
    serial: u32,
}

fn js<T>(r: crate::Result<T>) -> Result<T, JsValue> {
    r.map_err(|e| error(&e))
}

#[wasm_bindgen]
impl Puzzle {
    /// Loads a puzzle from `.tws` text or KPuzzle definition JSON text (told apart by content).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<Puzzle, JsValue> {
        let puzzle = js(crate::load_puzzle(text))?;
        Ok(Puzzle { puzzle: Arc::new(puzzle), cache: None, phase_cache: None, serial: 0 })
    }

    /// `{name, orbits: [{orbitName, numPieces, numOrientations}], moves, notationMoves, rotations,
    /// stateSize}` (`notationMoves`: added for a cubing.js puzzle's notation, e.g. the pyraminx's `U`).
    pub fn info(&self) -> Result<JsValue, JsValue> {
        let p = &*self.puzzle;
        let orbits: Vec<Value> = p
            .orbits()
            .iter()
            .map(|o| json!({ "orbitName": o.name, "numPieces": o.size, "numOrientations": o.orientations }))
            .collect();
        let names = |rotation: bool, notation: bool| -> Vec<&str> {
            (p.base_moves().iter())
                .filter(|b| b.rotation == rotation && b.notation == notation)
                .map(|b| b.name.as_str())
                .collect()
        };
        to_js(&json!({
            "name": p.name(),
            "orbits": orbits,
            "moves": names(false, false),
            "notationMoves": names(false, true),
            "rotations": names(true, false),
            "stateSize": p.state_size(),
        }))
    }

    /// The puzzle as a KPuzzle definition (plain object).
    pub fn definition(&self) -> Result<JsValue, JsValue> {
        to_js(&kpuzzle_value(&self.puzzle))
    }

    /// The position an alg reaches from the solved state, as KPattern data.
    pub fn position(&self, alg: &str) -> Result<JsValue, JsValue> {
        let p = &*self.puzzle;
        let state = js(options::parse_alg(p, alg).and_then(|a| p.position(&a)))?;
        to_js(&pattern_value(p, &state))
    }

    /// The inverse of an alg.
    pub fn invert(&self, alg: &str) -> Result<String, JsValue> {
        let p = &*self.puzzle;
        js(options::parse_alg(p, alg).and_then(|a| a.invert(p))).map(|a| a.to_string())
    }

    /// An alg with same-grip moves merged and cancelled and commuting moves in canonical order.
    pub fn simplify(&self, alg: &str) -> Result<String, JsValue> {
        let p = &*self.puzzle;
        js(options::parse_alg(p, alg).and_then(|a| a.simplify(p))).map(|a| a.to_string())
    }

    /// How many repetitions of an alg give the identity (decimal string).
    #[wasm_bindgen(js_name = algOrder)]
    pub fn alg_order(&self, alg: &str) -> Result<String, JsValue> {
        let p = &*self.puzzle;
        js(options::parse_alg(p, alg).and_then(|a| p.alg_order(&a))).map(|n| n.to_string())
    }

    /// The order of the group the moves generate (decimal string). Options: `{generatorMoves}`.
    pub fn order(&self, options: JsValue) -> Result<String, JsValue> {
        let o: MovesOptions = js(options::read(options, "order options"))?;
        let p = &*self.puzzle;
        let set = js(options::move_set(p, o.generator_moves.as_ref()))?;
        js(puzzle_chain(p, &set)).map(|c| c.order().to_string())
    }

    /// How many positions the moves reach, as users count them (decimal strings): `{groupOrder, positions,
    /// orientations, upToOrientation, note}` (see [`crate::group::positions`]; `note`: what the counts
    /// leave out on a definition with `Illegal` placements, else null). Options: `{generatorMoves}`.
    pub fn positions(&self, options: JsValue) -> Result<JsValue, JsValue> {
        let o: MovesOptions = js(options::read(options, "positions options"))?;
        let p = &*self.puzzle;
        let set = js(options::move_set(p, o.generator_moves.as_ref()))?;
        let c = js(crate::group::positions(p, &set))?;
        to_js(&json!({
            "groupOrder": c.group_order.to_string(),
            "positions": c.positions.to_string(),
            "orientations": c.orientations.to_string(),
            "upToOrientation": c.up_to_orientation.to_string(),
            "note": crate::group::illegal_placements_note(p),
        }))
    }

    /// Canonical sequences of each length `0..=depth` (decimal strings). Options: `{generatorMoves, qtm}`.
    #[wasm_bindgen(js_name = canonicalCounts)]
    pub fn canonical_counts(&self, depth: u32, options: JsValue) -> Result<Vec<String>, JsValue> {
        let o: MovesOptions = js(options::read(options, "canonicalCounts options"))?;
        if depth > crate::canon::MAX_COUNT_DEPTH {
            return Err(error(&Error::new(format!(
                "depth {depth} is too large (the most is {})",
                crate::canon::MAX_COUNT_DEPTH
            ))));
        }
        let p = &*self.puzzle;
        let set = js(options::move_set(p, o.generator_moves.as_ref()))?;
        let fsm = js(crate::canon::CanonFsm::new(p, &set, Metric::from_qtm(o.qtm)))?;
        let counts = js(crate::canon::canonical_counts(&fsm, depth))?;
        Ok(counts.iter().map(|c| c.to_string()).collect())
    }

    /// Solves a position (an alg from solved, or KPattern data): `{solutions, lengths, nodes, tableDepth,
    /// tableBytes, symmetries, inverseLookup, phaseBound, searchedBy, metric}` (`phaseBound`: `null`, or
    /// the bound's `{moves, axes, exact, tableBytes, buildSeconds, tablesLoaded}`, with `table` for
    /// `moves` with `cubeBound`; `searchedBy`: `"states"`, or `"3x3x3 coordinates"` where the cube's own
    /// search answered). Options: `{maxSolutions, allOptimal, minDepth, maxDepth, slack, generatorMoves,
    /// targetPattern, memoryMB, qtm, phaseBound, phaseBoundMemoryMB, cubeBound, cubeBoundMemoryMB,
    /// ignorePuzzleOrientation, ignoreCenterOrientation}`; hooks: see the `run` module.
    pub fn solve(&mut self, start: JsValue, options: JsValue, hooks: JsValue) -> Result<JsValue, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let o: SolveOptions = js(options::read(options, "solve options"))?;
        let (set, position) = js(self.prepare(start, &o))?;
        let up_to = o.up_to();
        if o.phases.is_some() {
            let serial = self.next_serial();
            return super::phases::solve(&self.puzzle, &mut self.phase_cache, serial, position, set, &o, &hooks);
        }
        let (key, bound) = js(optimal(&self.puzzle, &set, position.target.as_ref(), &o))?;
        let solve_options = CoreSolveOptions {
            max_solutions: o.max_solutions,
            all_optimal: o.all_optimal,
            min_depth: o.min_depth,
            max_depth: o.max_depth,
            slack: o.slack,
            known_reachable: false,
        };
        let serial = self.next_serial();
        let (puzzle, cache) = (&self.puzzle, &mut self.cache);
        let (solutions, lengths, nodes, table, table_bytes, bound, searched_by) = run(&hooks, |control| {
            let kept = solver(puzzle, cache, serial, key, set, position.target.clone(), control)?;
            if let (Some(request), true) = (&bound, kept.bound.is_none()) {
                let made = request.make(puzzle, &kept.solver, None, control)?;
                kept.set_bound(made);
            }
            let bound = kept.bound.as_ref().map(Made::report);
            let cube = kept.bound.as_ref().and_then(Made::cube).cloned();
            let solver = &mut kept.solver;
            // A plain request to the cube's own search where the bound is the cube's (the core chooses).
            let (report, searched_by) = match cube {
                Some(cube) => cube.solve_request(solver, &position, up_to, &solve_options, control)?,
                None => (
                    solve_up_to(solver, &position, up_to, &solve_options, control)
                        .map_err(|e| orientation_hint(solver, &position, up_to, e))?,
                    SearchedBy::States,
                ),
            };
            let algs: Vec<String> = report.solutions.iter().map(|s| solver.alg_string(s)).collect();
            let lengths: Vec<usize> = report.solutions.iter().map(Vec::len).collect();
            let table = (report.table_depth, report.symmetries, report.inverse);
            Ok((algs, lengths, report.nodes, table, solver.table().bytes(), bound, searched_by))
        })?;
        to_js(&json!({
            "solutions": solutions,
            "lengths": lengths,
            "nodes": nodes,
            "tableDepth": table.0,
            "tableBytes": table_bytes,
            "symmetries": table.1,
            "inverseLookup": table.2,
            "phaseBound": bound,
            "searchedBy": searched_by.name(),
            "metric": Metric::from_qtm(o.qtm).name(),
        }))
    }

    /// A random-state scramble: a uniformly random position, solved optimally, returned as the inverse of
    /// the solution (an alg that reaches it from solved). Options: `{generatorMoves, qtm, memoryMB,
    /// seed}`.
    #[wasm_bindgen(js_name = randomScramble)]
    pub fn random_scramble(&mut self, options: JsValue, hooks: JsValue) -> Result<String, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let o: ScrambleOptions = js(options::read(options, "randomScramble options"))?;
        let mut rng = js(rng_from_seed(o.seed))?;
        let set = js(options::move_set(&self.puzzle, o.generator_moves.as_ref()))?;
        let key = js(key(&set, o.qtm, None, o.memory_mb, o.initial_memory_mb, None))?;
        let serial = self.next_serial();
        let (puzzle, cache) = (&self.puzzle, &mut self.cache);
        run(&hooks, |control| {
            let solver = &mut solver(puzzle, cache, serial, key, set, None, control)?.solver;
            let scramble = random_scramble(solver, &mut rng, control)?;
            Ok(solver.alg_string(&scramble))
        })
    }

    /// God's algorithm: `{counts, total, depth, antipodes: [{alg, pattern}], symmetryCounts, symmetries,
    /// method, indexed, memoryBytes}` with counts as decimal strings. Options: `{generatorMoves, qtm,
    /// antipodes, symmetry, memoryMB}`; hooks: see the `run` module.
    #[wasm_bindgen(js_name = godsAlgorithm)]
    pub fn gods_algorithm(&self, options: JsValue, hooks: JsValue) -> Result<JsValue, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let o: GodOptions = js(options::read(options, "godsAlgorithm options"))?;
        let p = &*self.puzzle;
        let set = js(options::move_set(p, o.generator_moves.as_ref()))?;
        let memory_bytes = match o.memory_mb {
            None => crate::god::DEFAULT_MEMORY,
            Some(mb) => js(options::memory_bytes(Some(mb)))? as u64,
        };
        let core = crate::god::GodOptions {
            metric: Metric::from_qtm(o.qtm),
            memory_bytes,
            antipodes: o.antipodes,
            symmetry: o.symmetry,
            reduce: o.reduce.into(),
            ..crate::god::GodOptions::default()
        };
        let r = run(&hooks, |control| crate::god::gods_algorithm(p, &set, &core, control))?;
        let strings = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>();
        let antipodes: Vec<Value> = r
            .antipodes
            .iter()
            .map(|a| {
                let alg: Vec<String> = a.moves.iter().map(|&m| p.move_name(m)).collect();
                json!({ "alg": alg.join(" "), "pattern": pattern_value(p, &a.state) })
            })
            .collect();
        to_js(&json!({
            "counts": strings(&r.counts),
            "total": r.total.to_string(),
            "depth": r.counts.len() - 1,
            "antipodes": antipodes,
            "symmetryCounts": r.symmetry.as_ref().map(|s| strings(&s.counts)),
            "symmetries": r.symmetry.as_ref().map(|s| s.symmetries),
            "method": r.method.name(),
            "indexed": r.indexed.map(|n| n.to_string()),
            "reducedBy": r.reduced.map(|(n, stored)| json!({ "symmetries": n, "storedPositions": stored.to_string() })),
            "memoryBytes": r.memory_bytes,
            "metric": Metric::from_qtm(o.qtm).name(),
        }))
    }

    /// The key of the tables of the solver that `solve(start, options)` uses (`start` `undefined`: a
    /// `randomScramble`'s, whose options are then taken as `solve`'s without `seed`), for a cache to keep
    /// their bytes under: `prune-<the table's fingerprint>-<memory budget in bytes>` for the optimal
    /// solver, which is made now as `solve` would make it (the key needs its table), or
    /// `phase-<key>` for the multi-phase one (`phases`), whose tables are planned but not built. `part`
    /// `"phaseBound"`: the key of the optimal solver's phase bound (`phaseBound`), `phase-<key>`, made
    /// without building anything. Hooks: see the `run` module.
    #[wasm_bindgen(js_name = tablesKey)]
    pub fn tables_key(
        &mut self,
        options: JsValue,
        start: JsValue,
        hooks: JsValue,
        part: Option<String>,
    ) -> Result<String, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let (need, part) = (js(self.need(options, start))?, js(Part::of(part))?);
        match (need, part) {
            (need, Part::Bound) => js(bound_of(need).and_then(|(.., bound)| bound.tables_key(&self.puzzle))),
            (Need::Phases(need), Part::Solver) => js(need.tables_key(&self.puzzle)),
            (Need::Optimal { key, moves, target, .. }, Part::Solver) => {
                let serial = self.next_serial();
                let budget = key.memory_bytes;
                let (puzzle, cache) = (&self.puzzle, &mut self.cache);
                run(&hooks, |control| {
                    let solver = &solver(puzzle, cache, serial, key, moves, target, control)?.solver;
                    Ok(format!("prune-{:016x}-{budget}", solver.table().fingerprint().combined()))
                })
            }
        }
    }

    /// `{serial, changes, seconds}` of the kept solver that `solve(start, options)` uses, or `undefined`
    /// where none is kept for them: `serial` tells solvers apart (a new one is made when the options
    /// change, or from saved tables), `changes` counts its table's changes (fills, growth, a load;
    /// always 0 for a multi-phase solver), `seconds` its table work (the build and every fill; 0 for
    /// tables loaded from bytes). `part` `"phaseBound"`: of the optimal solver's phase bound
    /// (`undefined` until it is made; `changes` counts the bounds the solver was given, made or loaded;
    /// `seconds` the bound's build, 0 when loaded).
    #[wasm_bindgen(js_name = tablesStatus)]
    pub fn tables_status(&self, options: JsValue, start: JsValue, part: Option<String>) -> Result<JsValue, JsValue> {
        let (need, part) = (js(self.need(options, start))?, js(Part::of(part))?);
        let status = match (need, part) {
            (need, Part::Bound) => {
                let (key, ..) = js(bound_of(need))?;
                (self.cache.as_ref().filter(|c| c.key == key))
                    .and_then(|c| c.bound.as_ref().map(|b| (c.serial, c.bound_changes, b.build_seconds())))
            }
            (Need::Phases(need), Part::Solver) => {
                need.status(&self.phase_cache).map(|(serial, seconds)| (serial, 0, seconds))
            }
            (Need::Optimal { key, .. }, Part::Solver) => (self.cache.as_ref().filter(|c| c.key == key))
                .map(|c| (c.serial, c.solver.table_changes(), c.solver.table_seconds())),
        };
        match status {
            None => Ok(JsValue::UNDEFINED),
            Some((serial, changes, seconds)) => {
                to_js(&json!({ "serial": serial, "changes": changes, "seconds": seconds }))
            }
        }
    }

    /// The tables of the kept solver that `solve(start, options)` uses (`part` `"phaseBound"`: of its
    /// phase bound), as versioned, checksummed, compressed bytes (`Uint8Array`); `undefined` where none
    /// is kept for them.
    #[wasm_bindgen(js_name = saveTables)]
    pub fn save_tables(
        &self,
        options: JsValue,
        start: JsValue,
        part: Option<String>,
    ) -> Result<Option<Vec<u8>>, JsValue> {
        let (need, part) = (js(self.need(options, start))?, js(Part::of(part))?);
        let kept = |key: SolverKey| self.cache.as_ref().filter(|c| c.key == key);
        Ok(match (need, part) {
            (need, Part::Bound) => kept(js(bound_of(need))?.0).and_then(|c| c.bound.as_ref().map(Made::save)),
            (Need::Phases(need), Part::Solver) => need.save(&self.phase_cache),
            (Need::Optimal { key, .. }, Part::Solver) => kept(key).map(|c| c.solver.save_table()),
        })
    }

    /// Gives the solver that `solve(start, options)` uses the tables of `bytes` (a `Uint8Array` of
    /// `saveTables`), instead of building them: the optimal solver is made (as `solve` would) and its
    /// table replaced (`part` `"phaseBound"`: its phase bound made from them); the multi-phase one is
    /// made from them. Bytes saved for another puzzle, moves, target or budget, or damaged, are refused
    /// with an `Error`, and the puzzle keeps the solvers (and bound) it had (anything but a
    /// `Uint8Array`: a `TypeError`). Hooks: see the `run` module.
    #[wasm_bindgen(js_name = loadTables)]
    pub fn load_tables(
        &mut self,
        bytes: JsValue,
        options: JsValue,
        start: JsValue,
        hooks: JsValue,
        part: Option<String>,
    ) -> Result<(), JsValue> {
        let bytes = bytes_arg(&bytes, "loadTables")?;
        let hooks = Hooks::from_js(&hooks)?;
        let (need, part) = (js(self.need(options, start))?, js(Part::of(part))?);
        let serial = self.next_serial();
        let (puzzle, cache, phase_cache) = (&self.puzzle, &mut self.cache, &mut self.phase_cache);
        match (need, part) {
            (need, Part::Bound) => {
                let (key, moves, target, bound) = js(bound_of(need))?;
                run(&hooks, |control| {
                    let kept = solver(puzzle, cache, serial, key, moves, target, control)?;
                    let made = bound.make(puzzle, &kept.solver, Some(&bytes), control)?;
                    kept.set_bound(made);
                    Ok(())
                })
            }
            (Need::Phases(need), Part::Solver) => {
                run(&hooks, |control| need.load(puzzle, phase_cache, serial, &bytes, control))
            }
            (Need::Optimal { key, moves, target, .. }, Part::Solver) => run(&hooks, |control| {
                solver(puzzle, cache, serial, key, moves, target, control)?.solver.load_table(&bytes, control)
            }),
        }
    }

    /// Drops the kept solvers, the optimal one's pruning table and the multi-phase one's tables (memory
    /// stays with the module for reuse).
    #[wasm_bindgen(js_name = releaseSolver)]
    pub fn release_solver(&mut self) {
        self.cache = None;
        self.phase_cache = None;
    }
}

impl Puzzle {
    /// A serial for the next solver made.
    fn next_serial(&mut self) -> u32 {
        self.serial = self.serial.wrapping_add(1);
        self.serial
    }

    /// The move set and the position of a solve (with its target as the solve options ask).
    fn prepare(&self, start: JsValue, o: &SolveOptions) -> Result<(MoveSet, Position), Error> {
        let p: &crate::Puzzle = &self.puzzle;
        let set = options::move_set(p, o.generator_moves.as_ref())?;
        let position = self.to_solve(start, &set, o.target_pattern.as_ref()).and_then(|x| o.up_to().position(p, x))?;
        Ok((set, position))
    }

    /// The solver `solve(start, options)` uses (`start` undefined: a scramble's, no position; a
    /// `targetPattern` still counts).
    fn need(&self, options: JsValue, start: JsValue) -> Result<Need, Error> {
        let o: SolveOptions = options::read(options, "tables options")?;
        let p: &crate::Puzzle = &self.puzzle;
        let (set, target) = if start.is_undefined() {
            let set = options::move_set(p, o.generator_moves.as_ref())?;
            let target = o.target_pattern.as_ref().map(|t| options::pattern_state(p, t)).transpose()?;
            let position = Position { start: p.solved().clone(), target, known_reachable: false };
            (set, o.up_to().position(p, position)?.target)
        } else {
            let (set, position) = self.prepare(start, &o)?;
            (set, position.target)
        };
        if o.phases.is_some() {
            return Ok(Need::Phases(super::phases::need(p, &set, target, &o)?));
        }
        let (key, bound) = optimal(p, &set, target.as_ref(), &o)?;
        Ok(Need::Optimal { key, moves: set, target, bound })
    }

    /// The position to solve (an alg or KPattern data), prepared by the core as every shell's is.
    fn to_solve(&self, start: JsValue, set: &MoveSet, target: Option<&PatternOption>) -> Result<Position, Error> {
        let p = &*self.puzzle;
        let target = target.map(|t| options::pattern_state(p, t)).transpose()?;
        if let Some(text) = start.as_string() {
            return Position::from_alg(p, &options::parse_alg(p, &text)?, set, target);
        }
        if !start.is_object() {
            return Err(Error::new("the position to solve must be an alg (string) or KPattern data (object)"));
        }
        let v: Value = options::read(start, "pattern")?;
        Position::from_state(p, pattern_from_value(p, &v)?, OpenParts::default(), target)
    }
}

/// A solve's "not reachable with these moves" error `e`, with a hint where a rotation of the whole puzzle
/// (one of the definition's) makes the position reachable: solving it up to orientation
/// (`ignorePuzzleOrientation`) then answers (a position reached with `M U` on cubing.js's 3x3x3, solved
/// with face turns). Any other error as it is.
fn orientation_hint(solver: &Solver, position: &Position, up_to: crate::search::UpTo, mut e: Error) -> Error {
    if up_to.puzzle_orientation || !e.reason.contains("not reachable with these moves") {
        return e;
    }
    let puzzle = Arc::clone(solver.puzzle());
    let rotated = crate::search::orient::reorientations(&puzzle, position, solver.moves(), |s| solver.reaches(s));
    if rotated.is_ok_and(|found| found.iter().any(|r| !r.rotation.is_empty())) {
        e.reason.push_str(
            "; it is reachable after a rotation of the whole puzzle: pass ignorePuzzleOrientation: true to solve it \
             up to the puzzle's orientation (as cubing.js's experimentalIsSolved with that option judges)",
        );
    }
    e
}

/// The key of the solver a call needs.
fn key(
    set: &MoveSet,
    qtm: bool,
    target: Option<&State>,
    memory_mb: Option<f64>,
    initial_mb: Option<f64>,
    bound: Option<&Request>,
) -> crate::Result<SolverKey> {
    Ok(SolverKey {
        initial_memory_bytes: options::initial_memory_bytes(initial_mb)?,
        generators: set.generators().iter().map(|g| (g.base, g.step)).collect(),
        metric: Metric::from_qtm(qtm),
        target: target.map(|t| t.as_bytes().to_vec()),
        memory_bytes: options::memory_bytes(memory_mb)?,
        bound: bound.map(Request::key),
    })
}

/// The key of the optimal solver a solve with options `o` needs (moves `set`, towards `target`), and the
/// phase bound they ask for.
fn optimal(
    puzzle: &crate::Puzzle,
    set: &MoveSet,
    target: Option<&State>,
    o: &SolveOptions,
) -> crate::Result<(SolverKey, Option<Request>)> {
    let bound = Request::of(puzzle, set, target, o)?;
    let key = key(set, o.qtm, target, o.memory_mb, o.initial_memory_mb, bound.as_ref())?;
    Ok((key, bound))
}

/// The kept solver if it fits `key`, else a new one (which replaces it, without a bound yet).
fn solver<'c>(
    puzzle: &Arc<crate::Puzzle>,
    cache: &'c mut Option<Cached>,
    serial: u32,
    key: SolverKey,
    moves: MoveSet,
    target: Option<State>,
    control: crate::control::Control,
) -> crate::Result<&'c mut Cached> {
    if cache.as_ref().is_some_and(|c| c.key == key) {
        return Ok(cache.as_mut().expect("checked"));
    }
    // Free the old table before building the next.
    *cache = None;
    let options = SolverOptions {
        moves: Some(moves),
        metric: key.metric,
        target,
        memory_bytes: key.memory_bytes,
        initial_memory_bytes: key.initial_memory_bytes,
        ..SolverOptions::default()
    };
    let solver = Solver::new(Arc::clone(puzzle), options, control)?;
    Ok(cache.insert(Cached { key, solver, serial, bound: None, bound_changes: 0 }))
}
