//! `solve` and `scramble`: optimal solutions with IDA* and the pruning table, and random-state scrambles.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{json, Value};

use crate::progress::Bar;
use crate::shell::{emit, fail, json_text, move_set, parse_alg, read, too_many_for_json, Failure, MAX_BUFFERED};
use crate::tables::{Entry, TableCache};
use twistsearch::group::{puzzle_chain, rng_from_seed};
use twistsearch::kpuzzle::parse_pattern;
use twistsearch::model::moveset::Metric;
use twistsearch::phase::DEFAULT_BOUND_MEMORY;
use twistsearch::search::{
    random_position, random_scramble, solve_up_to, OpenParts, Position, SolveOptions, Solver, SolverOptions, Target,
    Toggle, UpTo,
};
use twistsearch::solvers::bounds::{BoundRequest, MadeBound};
use twistsearch::solvers::cube3::{CubeBound, CubeTable, SearchedBy};
use twistsearch::tws::{parse_scrambles, ScrambleKind};
use twistsearch::{Puzzle, State};

/// Options shared by `solve` and `scramble`.
pub struct SearchArgs<'a> {
    /// `--moves` list.
    pub moves: Option<&'a str>,
    /// Quarter-turn metric.
    pub qtm: bool,
    /// Table memory budget in MiB.
    pub memory_mb: usize,
    /// Pattern to reach instead of solved (a state file or KPattern JSON).
    pub target: Option<&'a str>,
    /// JSON output.
    pub json: bool,
    /// Progress on stderr even when it is not a terminal (`--progress`).
    pub progress: bool,
    /// Saved tables (`--cache-dir`, `--write-tables`).
    pub cache: Option<TableCache>,
    /// `--symmetry`: reduce the table by the definition's rotations.
    pub symmetry: Toggle,
    /// `--inverse`: also look up each position's inverse.
    pub inverse: Toggle,
}

/// Options of `solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// A ksolve/twsearch scramble file (every scramble in it is solved; RandomScramble draws one).
    scrambles: Option<String>,
    /// Solve the position this alg reaches from solved.
    #[arg(long)]
    scramble: Option<String>,
    /// Solve a position from a file: a StartState/ScrambleState block or KPattern JSON.
    #[arg(long)]
    state: Option<String>,
    /// Number of solutions.
    #[arg(short = 'c', long = "count")]
    count: Option<usize>,
    /// Every optimal solution.
    #[arg(long)]
    all: bool,
    /// Shortest solution length to consider.
    #[arg(long, default_value_t = 0)]
    min_depth: u32,
    /// Longest solution length to consider.
    #[arg(long)]
    max_depth: Option<u32>,
    /// Also solutions up to this many moves longer than optimal.
    #[arg(long)]
    slack: Option<u32>,
    /// Seed for RandomScramble entries.
    #[arg(long)]
    seed: Option<u64>,
    /// Also bound the optimal search by the distance to this subgroup along every axis the definition's
    /// rotations give, e.g. `U,D,F2,B2,R2,L2` on the 3x3x3 (Kociemba's phase-1 table as the heuristic of
    /// an optimal solver; its full table needs 529 MiB: --phase-bound-memory 600).
    #[arg(long, value_name = "MOVES")]
    phase_bound: Option<String>,
    /// Memory for the --phase-bound table in MiB: the exact (full) table where it fits, else projections.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_BOUND_MEMORY >> 20, requires = "phase_bound")]
    phase_bound_memory: usize,
    /// On a 3x3x3 (orbits CORNERS and EDGES, face turns U R F D L B and the rotations), to solved: also bound the optimal search by
    /// the cube's own table of the distance to Kociemba's phase-1 subgroup along the three axes, as
    /// Kociemba's optimal solver does. `phase1`: 70 MB, seconds to build; `huge`: the E slice's edges in
    /// order too (Cube Explorer's huge table), 1.7 GB and 0.2 GB of maps, minutes to build (keep it
    /// with --cache-dir): about seven times fewer nodes than `phase1` on deep positions; `huge-exact`:
    /// the same table holding distances instead of residues (3.3 GB), so the cube's own search also
    /// bounds by the position's inverse: about 1.5 times fewer nodes than `huge`, 1.15 times faster;
    /// `layers`: phase 1's subgroup with the corners kept in their layers too (Rokicki's nxopt's), 19.5
    /// billion entries in trits, 3.9 GB (4.9 GB while it is built: give --cube-bound-memory 4660 once);
    /// `layers-parity`: that subgroup with the corners' permutation even too, reduced by the mirrors as
    /// well (16 symmetries), 19.7 billion entries, 3.9 GB (4.9 GB while it is built: give
    /// --cube-bound-memory 4720 once): about 1.8 times fewer nodes than `layers`; `phase1-parity`: phase 1
    /// with the parity, 16 symmetries, 70 MB, 1.8 times fewer nodes than `phase1`.
    #[arg(long, value_name = "TABLE", value_parser = ["phase1", "phase1-parity", "huge", "huge-exact", "layers", "layers-parity"], conflicts_with = "phase_bound")]
    cube_bound: Option<String>,
    /// Memory for the --cube-bound table in MiB (`phase1` holds 85 MiB, `phase1-parity` 81 MiB, `huge`
    /// 2,020 MiB, `huge-exact` 3,608 MiB, `layers` 3,732 MiB loaded and 4,660 MiB while built,
    /// `layers-parity` 3,777 MiB loaded and 4,718 MiB while built): a table
    /// that needs more is refused before anything is allocated.
    #[arg(long, value_name = "MB", default_value_t = 4096, requires = "cube_bound")]
    cube_bound_memory: usize,
    /// Solved in any orientation of the whole puzzle: a position reached with rotations or slices is
    /// solved by the moves up to a rotation (cubing.js's `ignorePuzzleOrientation`).
    #[arg(long)]
    ignore_puzzle_orientation: bool,
    /// The orientation of the center orbits (named CENTER…) is not asked for (cubing.js's
    /// `ignoreCenterOrientation`).
    #[arg(long)]
    ignore_center_orientation: bool,
    /// A solution (not optimal) by beam search instead, keeping WIDTH states per level: over the moves
    /// and the pure 3-cycles their commutators make, ranked by the slots still wrong; for puzzles too
    /// large to solve optimally (a 5x5x5). Checked by applying it.
    #[arg(long, value_name = "WIDTH", conflicts_with_all = ["phases", "phase_bound", "cube_bound"])]
    pub beam: Option<u16>,
    /// With --beam: give up after this many levels (operators applied).
    #[arg(long = "beam-depth", value_name = "N", requires = "beam")]
    pub beam_depth: Option<u16>,
}

impl SolveArgs {
    /// What the solve may leave unsolved (`--ignore-puzzle-orientation`, `--ignore-center-orientation`).
    pub fn up_to(&self) -> UpTo {
        UpTo { puzzle_orientation: self.ignore_puzzle_orientation, center_orientation: self.ignore_center_orientation }
    }

    /// The inputs: scramble file, `--scramble` alg, `--state` file (for `solve --phases`).
    pub fn inputs(&self) -> (Option<&str>, Option<&str>, Option<&str>) {
        (self.scrambles.as_deref(), self.scramble.as_deref(), self.state.as_deref())
    }
}

/// A state from a file: a KPattern JSON file, or the first position block of a scramble/state file.
pub fn state_file(puzzle: &Puzzle, path: &str) -> Result<State, Failure> {
    let text = read(path)?;
    if text.trim_start().starts_with('{') {
        return parse_pattern(puzzle, &text).map_err(|e| fail(path, e));
    }
    let file = parse_scrambles(puzzle, &text).map_err(|e| fail(path, e))?;
    file.scrambles
        .into_iter()
        .find_map(|s| s.state)
        .ok_or_else(|| fail(path, "no position (StartState, ScrambleState, Scramble or ScrambleAlg block) in the file"))
}

/// Solvers by metric and target, built on first use (a scramble file may switch metric, and positions
/// with open parts have targets of their own).
struct Solvers<'p> {
    puzzle: &'p Arc<Puzzle>,
    args: &'p SearchArgs<'p>,
    /// `--phase-bound` moves and memory (MiB), for `solve`.
    bound: Option<(&'p str, usize)>,
    /// `--cube-bound`'s table and memory (MiB), and the bound once made, with its report (its table
    /// shared by every solver).
    cube: Option<(CubeTable, usize)>,
    cube_bound: Option<(MadeBound, Value)>,
    built: Vec<Built>,
    bar: &'p Bar,
}

/// A built solver.
struct Built {
    metric: Metric,
    solver: Solver,
    /// Its table seconds already reported.
    reported: f64,
    /// Its table's file, with a cache directory.
    file: Option<Entry>,
    /// What its `--phase-bound` is (axes, exact or not, bytes, build seconds), for `--json`.
    bound: Option<Value>,
    /// Its `--cube-bound`, for the cube's own search.
    cube: Option<CubeBound>,
}

impl Built {
    /// The table seconds since the last call, and the seconds the table took to load (once).
    fn table_report(&mut self) -> (f64, Option<f64>) {
        let total = self.solver.table_seconds();
        let seconds = total - self.reported;
        self.reported = total;
        (seconds, self.file.as_mut().and_then(|f| f.loaded_seconds.take()))
    }

    /// Writes the table to the cache directory when the policy asks for it.
    fn save(&mut self, cache: Option<&TableCache>) {
        if let (Some(cache), Some(file)) = (cache, self.file.as_mut()) {
            cache.save(&self.solver, file);
        }
    }
}

impl Solvers<'_> {
    /// The solver for a metric and target (`None`: solved).
    fn get(&mut self, metric: Metric, target: Option<&State>) -> Result<&mut Built, Failure> {
        let wanted = Target::new(self.puzzle.layout(), target.unwrap_or(self.puzzle.solved()).as_bytes())
            .map_err(|e| fail("--target", e))?;
        if let Some(i) =
            self.built.iter().position(|b| b.metric == metric && b.solver.target().bytes() == wanted.bytes())
        {
            return Ok(&mut self.built[i]);
        }
        let options = SolverOptions {
            moves: Some(move_set(self.puzzle, self.args.moves)?),
            metric,
            target: target.cloned(),
            memory_bytes: self.args.memory_mb.saturating_mul(1 << 20),
            initial_memory_bytes: None,
            symmetry: self.args.symmetry,
            inverse: self.args.inverse,
        };
        let mut solver =
            Solver::new(Arc::clone(self.puzzle), options, self.bar.control()).map_err(|e| fail("table", e))?;
        let file = self
            .args
            .cache
            .as_ref()
            .map(|c| c.open(&mut solver, self.puzzle.name(), self.args.memory_mb, self.bar.control()));
        let mut bound = None;
        let mut cube = None;
        if let Some((moves, mb)) = self.bound {
            let request = BoundRequest::phase(self.puzzle, moves, mb.saturating_mul(1 << 20), solver.moves(), target)
                .map_err(|e| fail("--phase-bound", e))?;
            let (b, written) =
                crate::tables::bound(self.args.cache.as_ref(), self.puzzle, &request, &solver, self.bar.control())
                    .map_err(|e| fail("--phase-bound", e))?;
            bound = Some(bound_report(&b, written));
            solver.set_bound(Some(b.search_bound()));
        }
        if let Some((kind, mb)) = self.cube {
            if target.is_some() {
                return Err(fail(
                    "--cube-bound",
                    "bounds searches to the solved cube only (no --target or open parts)",
                ));
            }
            let (b, report) = match &self.cube_bound {
                // The table made for the first solver, for this one's moves.
                Some((made, report)) => {
                    let b = made.for_solver(&solver).ok_or_else(|| fail("--cube-bound", "not the cube's bound"))?;
                    (b.map_err(|e| fail("--cube-bound", e))?, report.clone())
                }
                None => {
                    let request = BoundRequest::cube(kind, mb.saturating_mul(1 << 20));
                    let (b, written) = crate::tables::bound(
                        self.args.cache.as_ref(),
                        self.puzzle,
                        &request,
                        &solver,
                        self.bar.control(),
                    )
                    .map_err(|e| fail("--cube-bound", e))?;
                    let r = bound_report(&b, written);
                    self.cube_bound = Some((b.clone(), r.clone()));
                    (b, r)
                }
            };
            bound = Some(report);
            cube = b.cube().cloned();
            solver.set_bound(Some(b.search_bound()));
        }
        self.built.push(Built { metric, solver, reported: 0.0, file, bound, cube });
        Ok(self.built.last_mut().expect("just pushed"))
    }
}

/// A bound's `phaseBound` in `--json`: the core's report and whether its tables were written to the
/// cache directory (`tablesWritten`).
fn bound_report(bound: &MadeBound, written: bool) -> Value {
    let mut r = bound.report();
    r["tablesWritten"] = json!(written);
    r
}

/// One position to solve, with its name and the search settings its source gives.
struct Job {
    name: String,
    position: Position,
    metric: Metric,
    max_depth: Option<u32>,
    slack: u32,
}

/// The jobs of a scramble file: its positions (open parts relaxed) and RandomScramble draws.
fn file_jobs(
    puzzle: &Puzzle,
    search: &SearchArgs,
    args: &SolveArgs,
    target: Option<&State>,
) -> Result<Vec<Job>, Failure> {
    let Some(path) = args.scrambles.as_deref() else { return Ok(Vec::new()) };
    let file = parse_scrambles(puzzle, &read(path)?).map_err(|e| fail(path, e))?;
    // The group and generator for RandomScramble entries, made on first use.
    let mut random = None;
    let mut jobs = Vec::new();
    for s in file.scrambles {
        let open = match &s.kind {
            ScrambleKind::Position { ignored_permutation, ignored_orientation } => {
                OpenParts { permutation: ignored_permutation, orientation: ignored_orientation }
            }
            _ => OpenParts::default(),
        };
        let state = match s.state {
            Some(st) => st,
            None => {
                let (chain, rng) = match random.as_mut() {
                    Some(c) => c,
                    None => {
                        let set = move_set(puzzle, search.moves)?;
                        let chain = puzzle_chain(puzzle, &set).map_err(|e| fail("group", e))?;
                        random.insert((chain, rng_from_seed(args.seed).map_err(|e| fail("--seed", e))?))
                    }
                };
                random_position(puzzle, chain, rng).map_err(|e| fail("random", e))?
            }
        };
        jobs.push(Job {
            position: Position::from_state(puzzle, state, open, target.cloned()).map_err(|e| fail(path, e))?,
            name: s.name,
            metric: if search.qtm { Metric::Qtm } else { s.settings.metric },
            max_depth: args.max_depth.or(s.settings.max_depth),
            slack: args.slack.unwrap_or(s.settings.slack),
        });
    }
    Ok(jobs)
}

/// Every job `solve` is given: the scramble file's, `--scramble`'s and `--state`'s, in that order.
fn jobs(puzzle: &Puzzle, search: &SearchArgs, args: &SolveArgs) -> Result<Vec<Job>, Failure> {
    let target = search.target.map(|t| state_file(puzzle, t)).transpose()?;
    let mut jobs = file_jobs(puzzle, search, args, target.as_ref())?;
    let job = |name: &str, position| Job {
        name: name.to_string(),
        position,
        metric: Metric::from_qtm(search.qtm),
        max_depth: args.max_depth,
        slack: args.slack.unwrap_or(0),
    };
    if let Some(alg) = args.scramble.as_deref() {
        let parsed = parse_alg(puzzle, alg)?;
        let set = move_set(puzzle, search.moves)?;
        let position = Position::from_alg(puzzle, &parsed, &set, target.clone()).map_err(|e| fail("--scramble", e))?;
        jobs.push(job(alg, position));
    }
    if let Some(path) = args.state.as_deref() {
        let state = state_file(puzzle, path)?;
        let position =
            Position::from_state(puzzle, state, OpenParts::default(), target.clone()).map_err(|e| fail(path, e))?;
        jobs.push(job(path, position));
    }
    if jobs.is_empty() {
        return Err(fail("solve", "nothing to solve: give a scramble file, --scramble ALG or --state FILE"));
    }
    let up_to = args.up_to();
    for j in &mut jobs {
        j.position = up_to.position(puzzle, j.position.clone()).map_err(|e| fail(&j.name, e))?;
    }
    Ok(jobs)
}

/// Runs `solve`.
pub fn solve(puzzle: &Arc<Puzzle>, search: &SearchArgs, args: &SolveArgs) -> Result<String, Failure> {
    let jobs = jobs(puzzle, search, args)?;
    let bar = Bar::with_flag(!search.json, search.progress);
    let bound = args.phase_bound.as_deref().map(|m| (m, args.phase_bound_memory));
    let cube = args.cube_bound.as_deref().map(CubeTable::parse).transpose().map_err(|e| fail("--cube-bound", e))?;
    let cube = cube.map(|kind| (kind, args.cube_bound_memory));
    let mut solvers = Solvers { puzzle, args: search, bound, cube, cube_bound: None, built: Vec::new(), bar: &bar };
    let mut out = String::new();
    let mut rows: Vec<Value> = Vec::new();
    for job in &jobs {
        let entry = solvers.get(job.metric, job.position.target.as_ref())?;
        let options = SolveOptions {
            max_solutions: args.count,
            all_optimal: args.all,
            min_depth: args.min_depth,
            max_depth: job.max_depth,
            slack: job.slack,
            known_reachable: false,
        };
        let t = Instant::now();
        let (report, searched_by) = match entry.cube.clone() {
            Some(b) => b.solve_request(&mut entry.solver, &job.position, args.up_to(), &options, bar.control()),
            None => solve_up_to(&mut entry.solver, &job.position, args.up_to(), &options, bar.control())
                .map(|r| (r, SearchedBy::States)),
        }
        .map_err(|e| fail(&job.name, e))?;
        let seconds = t.elapsed().as_secs_f64();
        bar.clear();
        entry.save(search.cache.as_ref());
        let (table_seconds, load_seconds) = entry.table_report();
        let solver = &entry.solver;
        let algs: Vec<(String, usize)> = report.solutions.iter().map(|s| (solver.alg_string(s), s.len())).collect();
        if search.json {
            rows.push(json!({
                "name": job.name,
                "metric": job.metric.name(),
                "solutions": algs.iter().map(|(a, n)| json!({ "alg": a, "length": n })).collect::<Vec<_>>(),
                "nodes": report.nodes,
                "seconds": seconds,
                "tableSeconds": table_seconds,
                "tableLoadSeconds": load_seconds,
                "tableBytes": solver.table().bytes(),
                "tableDepth": report.table_depth,
                "phaseBound": entry.bound,
                "symmetries": report.symmetries,
                "inverseLookup": report.inverse,
                "searchedBy": searched_by.name(),
            }));
        } else {
            for (a, n) in &algs {
                let _ = writeln!(out, "{}: {a} ({n})", job.name);
            }
        }
    }
    if search.json {
        return Ok(json_text(json!({ "puzzle": puzzle.name(), "results": rows })));
    }
    Ok(out)
}

/// Runs `scramble`: uniformly random positions, each solved optimally and printed as the inverse of
/// the solution (an alg that reaches the random position from solved).
pub fn scramble(puzzle: &Arc<Puzzle>, search: &SearchArgs, count: usize, seed: Option<u64>) -> Result<String, Failure> {
    if search.json && count > MAX_BUFFERED {
        return Err(fail("--count", too_many_for_json(count)));
    }
    let mut rng = rng_from_seed(seed).map_err(|e| fail("--seed", e))?;
    let bar = Bar::with_flag(!search.json, search.progress);
    let mut solvers =
        Solvers { puzzle, args: search, bound: None, cube: None, cube_bound: None, built: Vec::new(), bar: &bar };
    let target = search.target.map(|t| state_file(puzzle, t)).transpose()?;
    let mut rows = Vec::new();
    for _ in 0..count {
        let entry = solvers.get(Metric::from_qtm(search.qtm), target.as_ref())?;
        let scramble = random_scramble(&mut entry.solver, &mut rng, bar.control()).map_err(|e| fail("scramble", e))?;
        bar.clear();
        entry.save(search.cache.as_ref());
        let alg = entry.solver.alg_string(&scramble);
        if search.json {
            rows.push(json!({ "alg": alg, "length": scramble.len() }));
        } else if !emit(&format!("{alg}\n")) {
            // Streamed as each scramble is found; stopped when the reader is gone.
            break;
        }
    }
    if search.json {
        return Ok(json_text(json!({ "puzzle": puzzle.name(), "seed": seed, "scrambles": rows })));
    }
    Ok(String::new())
}
