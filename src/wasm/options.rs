//! Options objects from JS (camelCase fields; unknown fields are an error, so a misspelt option is
//! reported rather than ignored) and what they mean to the core.

// The events part reads its options with `read` only; the rest is the `Puzzle` part's.
#![cfg_attr(not(feature = "wasm-puzzle"), allow(dead_code))]

use serde::Deserialize;
use serde_json::Value;
use wasm_bindgen::JsValue;

use crate::solvers::cube3::CubeTable;
use crate::{Alg, Error, MoveSet, Puzzle, State};

/// `generatorMoves`: a list such as `"U,R,F"` / `"R2 U2"`, or an array of names.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub enum MovesOption {
    /// Names separated by commas or spaces.
    List(String),
    /// One name per entry.
    Names(Vec<String>),
}

/// A pattern given as an alg (the position it reaches from solved) or as KPattern data.
#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub enum PatternOption {
    /// An alg.
    Alg(String),
    /// KPattern data: `{ORBIT: {pieces, orientation, orientationMod?}}`.
    Pattern(Value),
}

/// Options of `solve`.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct SolveOptions {
    pub max_solutions: Option<usize>,
    pub all_optimal: bool,
    pub min_depth: u32,
    pub max_depth: Option<u32>,
    pub slack: u32,
    pub generator_moves: Option<MovesOption>,
    pub target_pattern: Option<PatternOption>,
    #[serde(rename = "memoryMB")]
    pub memory_mb: Option<f64>,
    /// The size the pruning table starts at (default 2 MiB; at most `memoryMB`).
    #[serde(rename = "initialMemoryMB")]
    pub initial_memory_mb: Option<f64>,
    pub qtm: bool,
    /// Near-optimal solving: the moves of each phase's subgroup (`["U,D,F2,B2,R2,L2"]`).
    pub phases: Option<Vec<String>>,
    /// With `phases`: stop at the first solution this short.
    pub target_length: Option<u32>,
    /// With `phases`: give up past this many search nodes.
    pub max_nodes: Option<u64>,
    /// Optimal solves: also bound the search by the distance to this subgroup along every axis
    /// (`"U,D,F2,B2,R2,L2"`: Kociemba's phase-1 table as the heuristic; see [`crate::phase::PhaseBound`]).
    pub phase_bound: Option<String>,
    /// With `phaseBound`: its tables' budget in MiB (default [`crate::phase::DEFAULT_BOUND_MEMORY`]).
    #[serde(rename = "phaseBoundMemoryMB")]
    pub phase_bound_memory_mb: Option<f64>,
    /// Optimal solves of a 3x3x3: also bound the search by the cube's own table (`"phase1"` or
    /// `"huge"`, see [`crate::solvers::cube3::CubeBound`]); a request of the face turns to solved is
    /// answered by the cube's own search.
    pub cube_bound: Option<String>,
    /// With `cubeBound`: its table's budget in MiB (default [`DEFAULT_CUBE_BOUND_MB`]).
    #[serde(rename = "cubeBoundMemoryMB")]
    pub cube_bound_memory_mb: Option<f64>,
    /// Solved in any orientation of the whole puzzle (cubing.js's `experimentalIsSolved` option).
    pub ignore_puzzle_orientation: bool,
    /// The centers' orientation is not asked for (cubing.js's `experimentalIsSolved` option).
    pub ignore_center_orientation: bool,
}

impl SolveOptions {
    /// What the solve may leave unsolved.
    pub fn up_to(&self) -> crate::search::UpTo {
        crate::search::UpTo {
            puzzle_orientation: self.ignore_puzzle_orientation,
            center_orientation: self.ignore_center_orientation,
        }
    }
}

/// Options of `randomScramble`.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ScrambleOptions {
    pub generator_moves: Option<MovesOption>,
    #[serde(rename = "memoryMB")]
    pub memory_mb: Option<f64>,
    /// As for `solve`.
    #[serde(rename = "initialMemoryMB")]
    pub initial_memory_mb: Option<f64>,
    pub qtm: bool,
    /// A seed for a reproducible scramble (a safe integer).
    pub seed: Option<u64>,
}

/// Options of `godsAlgorithm`.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct GodOptions {
    pub generator_moves: Option<MovesOption>,
    pub qtm: bool,
    /// How many antipodes to return, with algs.
    pub antipodes: usize,
    /// Also count positions up to symmetry (needs rotations in the definition).
    pub symmetry: bool,
    /// Memory budget in MiB (default: the core's, 1 GiB).
    #[serde(rename = "memoryMB")]
    pub memory_mb: Option<f64>,
    /// Reducing the search by the definition's rotations (threaded build only).
    pub reduce: ReduceOption,
}

/// `"auto"` (where it pays), `"always"` (where the rotations allow it) or `"never"`.
#[derive(Deserialize, Debug, Default, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ReduceOption {
    #[default]
    Auto,
    Always,
    Never,
}

impl From<ReduceOption> for crate::god::Reduce {
    fn from(r: ReduceOption) -> Self {
        match r {
            ReduceOption::Auto => crate::god::Reduce::Auto,
            ReduceOption::Always => crate::god::Reduce::Always,
            ReduceOption::Never => crate::god::Reduce::Never,
        }
    }
}

/// Options of `canonicalCounts` and `order`.
#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct MovesOptions {
    pub generator_moves: Option<MovesOption>,
    pub qtm: bool,
}

/// Reads an options object (`undefined` / `null`: every default). It goes through a JSON value so that
/// unknown (misspelt) fields are refused: reading a struct straight from JS looks up known fields only.
pub fn read<T: for<'de> Deserialize<'de> + Default>(v: JsValue, what: &str) -> Result<T, Error> {
    if v.is_undefined() || v.is_null() {
        return Ok(T::default());
    }
    let value: Value = serde_wasm_bindgen::from_value(v).map_err(|e| Error::new(format!("{what}: {e}")))?;
    serde_json::from_value(value).map_err(|e| Error::new(format!("{what}: {e}")))
}

/// The move set (default: every move that is not a rotation).
pub fn move_set(puzzle: &Puzzle, moves: Option<&MovesOption>) -> Result<MoveSet, Error> {
    match moves {
        None => MoveSet::all(puzzle),
        Some(MovesOption::List(list)) => MoveSet::parse(puzzle, list),
        Some(MovesOption::Names(names)) => {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            MoveSet::from_names(puzzle, &names)
        }
    }
}

/// The largest memory option accepted, in MiB (64 GiB: more than a WebAssembly instance can address).
const MAX_MEMORY_MB: f64 = 65536.0;

/// `mb` MiB in bytes, or an error naming the option `name`.
fn mib(name: &str, mb: f64) -> Result<usize, Error> {
    if mb.is_finite() && mb > 0.0 && mb <= MAX_MEMORY_MB {
        return Ok((mb * (1u64 << 20) as f64) as usize);
    }
    Err(Error::new(format!("{name} {mb}: must be a number of MiB above 0 and at most {MAX_MEMORY_MB}")))
}

/// The table's memory budget in bytes (default: the core's).
pub fn memory_bytes(mb: Option<f64>) -> Result<usize, Error> {
    mb.map_or(Ok(crate::search::DEFAULT_MEMORY), |mb| mib("memoryMB", mb))
}

/// What a wasm32 build can address: the 4 GiB that its tables share with everything else.
const ADDRESS_SPACE_MIB: f64 = 4096.0;

/// The phase bound `phaseBound` and `phaseBoundMemoryMB` ask for: the subgroup's moves (as given: the
/// core parses them, [`crate::solvers::bounds::BoundRequest::phase`]) and the budget of its tables in
/// bytes (`None` without `phaseBound`). Refused before anything is allocated where the two
/// budgets, the pruning table's (`memoryMB`) and the bound's, do not fit the wasm32 address space
/// together (a `limit` error: a `RangeError` in JS).
pub fn phase_bound(o: &SolveOptions) -> Result<Option<(&str, usize)>, Error> {
    let Some(moves) = o.phase_bound.as_deref() else {
        if o.phase_bound_memory_mb.is_some() {
            return Err(Error::new("phaseBoundMemoryMB is the memory of a phaseBound: give phaseBound too"));
        }
        return Ok(None);
    };
    let default_mb = (crate::phase::DEFAULT_BOUND_MEMORY >> 20) as f64;
    let mb = bound_budget_mb("phaseBoundMemoryMB", o.phase_bound_memory_mb, default_mb, o.memory_mb)?;
    Ok(Some((moves, (mb * (1u64 << 20) as f64) as usize)))
}

/// A bound's budget in MiB from its option `name` (`given`, else `default_mb`), refused unless a
/// positive size, or where it and the pruning table's (`memoryMB`) do not fit the wasm32 address space
/// together (a `limit` error).
fn bound_budget_mb(name: &str, given: Option<f64>, default_mb: f64, memory_mb: Option<f64>) -> Result<f64, Error> {
    let mb = match given {
        None => default_mb,
        Some(mb) if mb.is_finite() && mb > 0.0 => mb,
        Some(mb) => return Err(Error::new(format!("{name} {mb} is not a size in MiB"))),
    };
    let table_mb = memory_bytes(memory_mb)? as f64 / (1u64 << 20) as f64;
    if mb + table_mb >= ADDRESS_SPACE_MIB {
        return Err(Error::limit(format!(
            "{name} {mb} with memoryMB {table_mb}: the two tables' budgets must stay below the \
             {ADDRESS_SPACE_MIB} MiB a wasm32 build can address"
        )));
    }
    Ok(mb)
}

/// `cubeBoundMemoryMB`'s default: room for the `phase1` table (85 MiB). (`huge`, 2,020 MiB, is refused
/// on wasm32 whatever the budget: its entries cannot be indexed in 32 bits.)
pub const DEFAULT_CUBE_BOUND_MB: f64 = 256.0;

/// The 3x3x3 bound `cubeBound` and `cubeBoundMemoryMB` ask for: its table and budget in bytes (`None`
/// without `cubeBound`). Refused before anything is allocated with `phaseBound` beside it, where the table
/// needs more than the budget, or where the budget and the pruning table's (`memoryMB`) do not fit the
/// wasm32 address space together (`limit` errors: `RangeError`s in JS).
pub fn cube_bound(o: &SolveOptions) -> Result<Option<(CubeTable, usize)>, Error> {
    let Some(name) = o.cube_bound.as_deref() else {
        if o.cube_bound_memory_mb.is_some() {
            return Err(Error::new("cubeBoundMemoryMB is the memory of a cubeBound: give cubeBound too"));
        }
        return Ok(None);
    };
    if o.phase_bound.is_some() {
        return Err(Error::new("cubeBound and phaseBound: give one bound, not both"));
    }
    let kind = CubeTable::parse(name).map_err(|e| Error::new(format!("cubeBound: {}", e.reason)))?;
    let mb = bound_budget_mb("cubeBoundMemoryMB", o.cube_bound_memory_mb, DEFAULT_CUBE_BOUND_MB, o.memory_mb)?;
    let bytes = (mb * (1u64 << 20) as f64) as usize;
    kind.check_budget(bytes).map_err(|e| Error::limit(format!("{} (cubeBoundMemoryMB)", e.reason)))?;
    Ok(Some((kind, bytes)))
}

/// The table's starting size in bytes (`None`: the core's choice).
pub fn initial_memory_bytes(mb: Option<f64>) -> Result<Option<usize>, Error> {
    mb.map(|mb| mib("initialMemoryMB", mb)).transpose()
}

/// An alg, with its move names checked against the puzzle.
pub fn parse_alg(puzzle: &Puzzle, text: &str) -> Result<Alg, Error> {
    crate::kpuzzle::notation::parse_alg(puzzle, text)
}

/// The position a pattern option stands for.
pub fn pattern_state(puzzle: &Puzzle, pattern: &PatternOption) -> Result<State, Error> {
    match pattern {
        PatternOption::Alg(text) => puzzle.position(&parse_alg(puzzle, text)?),
        PatternOption::Pattern(v) => crate::kpuzzle::pattern_from_value(puzzle, v),
    }
}
