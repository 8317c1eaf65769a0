//! The `Puzzle` class's algorithm finder and sequence tools (twsearch's `-A`, `-u`/`-U`,
//! `--cancelseqs`, `--unrotateseqs`, `--shortenseqs`, `--showmoves`, `--showconjugacy`,
//! `--showsymmetry`, `--maxwrong`): the core's [`crate::seq`] functions, an alg string (or a list of them)
//! in, strings and numbers out. Algs come back as move names separated by single spaces (`""`: no
//! moves).

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use crate::model::move_ref::MoveRef;
use crate::model::moveset::Metric;
use crate::model::omit::{apply_set_options, SetOptions};
use crate::search::{Solver, SolverOptions};
use crate::seq::find_algs::{self, FindAlgsOptions as CoreFindOptions, FindMode};
use crate::seq::{cancel, conjugacy, move_def, shorten, symmetry, unique, unrotate, wrong};
use crate::{Error, MoveSet};

use super::options::{self, MovesOption};
use super::plain::to_js;
use super::puzzle::Puzzle;
use super::run::{error, run, Hooks};

/// Options of `findAlgs` (the CLI's `find-algs` flags, camelCase).
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct FindAlgsOptions {
    /// The longest sequence walked (required).
    pub depth: Option<u32>,
    /// The most pieces an alg may leave wrong (default 4).
    pub max_pieces: Option<usize>,
    /// `basic` (default), `repeated` or `commutator`.
    pub mode: Option<String>,
    /// One alg per signature (twsearch's `s`); not with `keep`.
    pub strict: bool,
    /// Algs kept per signature (default 20).
    pub keep: Option<usize>,
    /// Every rotation of a sequence, not only the first.
    pub all_rotations: bool,
    pub generator_moves: Option<MovesOption>,
    pub qtm: bool,
}

/// Options of `uniqueAlgs`.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct UniqueOptions {
    /// Positions compared up to the definition's rotations (twsearch's `-U`).
    pub symmetry: bool,
    /// Stop after this many unique algs.
    pub limit: Option<usize>,
}

/// Options of `shortenAlgs`.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ShortenOptions {
    /// Solve windows within this many moves at most.
    pub max_depth: Option<u32>,
    #[serde(rename = "memoryMB")]
    pub memory_mb: Option<f64>,
}

fn js<T>(r: crate::Result<T>) -> Result<T, JsValue> {
    r.map_err(|e| error(&e))
}

/// Move names separated by single spaces.
fn names(puzzle: &crate::Puzzle, moves: &[MoveRef]) -> String {
    moves.iter().map(|&m| puzzle.move_name(m)).collect::<Vec<_>>().join(" ")
}

#[wasm_bindgen]
impl Puzzle {
    /// The algorithm finder (the CLI's `find-algs`): `{mode, depth, maxPieces, metric, moves, sequences,
    /// groups: [{signature, sets: [{set, pieces, permuted}], pieces, length, count, algs}]}`, groups by
    /// fewest pieces, `algs` in cubing.js notation (`R U R'`, `(R U)35`, `[R U R', D]`). Options: `{depth,
    /// maxPieces, mode, strict, keep, allRotations, generatorMoves, qtm}`; hooks: see the `run` module.
    #[wasm_bindgen(js_name = findAlgs)]
    pub fn find_algs(&self, options: JsValue, hooks: JsValue) -> Result<JsValue, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let o: FindAlgsOptions = js(options::read(options, "findAlgs options"))?;
        let p = &*self.puzzle;
        let depth =
            js(o.depth.ok_or_else(|| Error::new("findAlgs: depth is required (the longest sequence searched)")))?;
        let mode = match o.mode.as_deref() {
            None => FindMode::Basic,
            Some(name) => js(FindMode::from_name(name)
                .ok_or_else(|| Error::new(format!("findAlgs: mode {name:?}: 'basic', 'repeated' or 'commutator'"))))?,
        };
        if o.strict && o.keep.is_some() {
            return Err(error(&Error::new(
                "findAlgs: strict keeps one alg per signature: give strict or keep, not both",
            )));
        }
        let set = js(options::move_set(p, o.generator_moves.as_ref()))?;
        let metric = Metric::from_qtm(o.qtm);
        let defaults = CoreFindOptions::default();
        let core = CoreFindOptions {
            mode,
            depth,
            max_pieces: o.max_pieces.unwrap_or(defaults.max_pieces),
            metric,
            keep: if o.strict { 1 } else { o.keep.unwrap_or(defaults.keep) },
            all_rotations: o.all_rotations,
        };
        let r = run(&hooks, |control| find_algs::find_algs(p, &set, &core, control))?;
        let groups: Vec<Value> = r.groups.iter().map(|g| g.report(p)).collect();
        to_js(&json!({
            "mode": r.mode.name(),
            "depth": depth,
            "maxPieces": core.max_pieces,
            "metric": metric.name(),
            "moves": set.describe(p),
            "sequences": r.sequences,
            "groups": groups,
        }))
    }

    /// The algs whose position (from solved) no earlier alg of the list reached (twsearch's `-u`); with
    /// `symmetry`, not even a conjugate of it by the definition's rotations (`-U`). Options: `{symmetry,
    /// limit}`.
    #[wasm_bindgen(js_name = uniqueAlgs)]
    pub fn unique_algs(&self, algs: Vec<String>, options: JsValue) -> Result<Vec<String>, JsValue> {
        let o: UniqueOptions = js(options::read(options, "uniqueAlgs options"))?;
        let p = &*self.puzzle;
        let mut seen = if o.symmetry {
            let all = js(MoveSet::all(p))?;
            unique::Unique::up_to(js(symmetry::Conjugates::new(p, &all))?)
        } else {
            unique::Unique::new()
        };
        let mut kept = Vec::new();
        for (n, alg) in algs.into_iter().enumerate() {
            if o.limit.is_some_and(|l| seen.len() >= l) {
                break;
            }
            let moves = js(read_moves(p, &alg, n))?;
            if seen.insert(p.apply_moves(p.solved(), &moves).as_bytes()) {
                kept.push(alg);
            }
        }
        Ok(kept)
    }

    /// An alg with moves of the same grip merged across commuting moves of other grips, the order
    /// otherwise kept (twsearch's `--cancelseqs`).
    #[wasm_bindgen(js_name = cancelMoves)]
    pub fn cancel_moves(&self, alg: &str) -> Result<String, JsValue> {
        let p = &*self.puzzle;
        let moves = js(crate::seq::read_moves(p, alg))?;
        Ok(names(p, &cancel::cancel_moves(p, &moves)))
    }

    /// An alg with its rotations moved to the end (twsearch's `--unrotateseqs`).
    pub fn unrotate(&self, alg: &str) -> Result<String, JsValue> {
        let p = &*self.puzzle;
        let moves = js(crate::seq::read_moves(p, alg))?;
        Ok(names(p, &unrotate::Unrotate::new(p).unrotate(&moves)))
    }

    /// Each alg shortened by optimally solving ever longer windows of it (twsearch's `--shortenseqs`):
    /// never longer, the same effect. One solver (every move but the rotations, every piece told apart)
    /// serves the whole list. Options: `{maxDepth, memoryMB}`; hooks: see the `run` module.
    #[wasm_bindgen(js_name = shortenAlgs)]
    pub fn shorten_algs(&self, algs: Vec<String>, options: JsValue, hooks: JsValue) -> Result<Vec<String>, JsValue> {
        let hooks = Hooks::from_js(&hooks)?;
        let o: ShortenOptions = js(options::read(options, "shortenAlgs options"))?;
        let p = &*self.puzzle;
        let memory_bytes = js(options::memory_bytes(o.memory_mb))?;
        let lists: Vec<Vec<MoveRef>> = js(algs.iter().enumerate().map(|(n, a)| read_moves(p, a, n)).collect())?;
        run(&hooks, |control| {
            let distinct = apply_set_options(p, &SetOptions { distinguish_all: true, ..Default::default() })?;
            let solver_options = SolverOptions { memory_bytes, ..SolverOptions::default() };
            let mut solver = Solver::new(Arc::new(distinct), solver_options, control)?;
            let mut shortener = shorten::Shortener::new(&mut solver, o.max_depth)?;
            lists.iter().map(|moves| Ok(names(p, &shortener.shorten(moves, control)?))).collect()
        })
    }

    /// An alg's effect as a `.tws` move definition named `name` (default `noname`; twsearch's
    /// `--showmoves`), which reads back as a move with that effect.
    #[wasm_bindgen(js_name = moveDefinition)]
    pub fn move_definition(&self, alg: &str, name: Option<String>) -> Result<String, JsValue> {
        let p = &*self.puzzle;
        let moves = js(crate::seq::read_moves(p, alg))?;
        let name = name.unwrap_or_else(|| "noname".to_string());
        if name.is_empty() || name.chars().any(char::is_whitespace) {
            return Err(error(&Error::new(format!("moveDefinition: name {name:?} must be one word"))));
        }
        Ok(move_def::move_definition(p, &p.apply_moves(&p.identity(), &moves), &name))
    }

    /// An alg's conjugacy class (twsearch's `--showconjugacy`): per set, its cycles' lengths with their
    /// twists, `[2],[2]` for the T-perm.
    #[wasm_bindgen(js_name = conjugacyClass)]
    pub fn conjugacy_class(&self, alg: &str) -> Result<String, JsValue> {
        let p = &*self.puzzle;
        let moves = js(crate::seq::read_moves(p, alg))?;
        Ok(conjugacy::cycle_type_text(&conjugacy::cycle_type(p, &p.apply_moves(&p.identity(), &moves))))
    }

    /// How many of the definition's symmetries keep the position an alg reaches (twsearch's
    /// `--showsymmetry`; 1 where the definition has none).
    #[wasm_bindgen(js_name = symmetryOrder)]
    pub fn symmetry_order(&self, alg: &str) -> Result<usize, JsValue> {
        let p = &*self.puzzle;
        let moves = js(crate::seq::read_moves(p, alg))?;
        let c = js(MoveSet::all(p).and_then(|all| symmetry::Conjugates::new(p, &all)))?;
        Ok(c.symmetry_order(p.apply_moves(p.solved(), &moves).as_bytes()))
    }

    /// How many pieces the position an alg reaches leaves wrong (twsearch's `--maxwrong`); with
    /// `orientation_group` k > 0, every k consecutive slots of a set count as one piece
    /// (`--orientationgroup`).
    #[wasm_bindgen(js_name = wrongPieces)]
    pub fn wrong_pieces(&self, alg: &str, orientation_group: usize) -> Result<usize, JsValue> {
        let p = &*self.puzzle;
        let moves = js(crate::seq::read_moves(p, alg))?;
        Ok(wrong::wrong_pieces(p, &p.apply_moves(p.solved(), &moves), orientation_group))
    }
}

/// The moves of the `n`th alg of a list, an error naming it.
fn read_moves(puzzle: &crate::Puzzle, alg: &str, n: usize) -> crate::Result<Vec<MoveRef>> {
    crate::seq::read_moves(puzzle, alg).map_err(|e| Error::new(format!("alg {} ({alg:?}): {e}", n + 1)))
}
