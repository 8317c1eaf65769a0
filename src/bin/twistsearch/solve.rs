//! `solve` and `scramble`: optimal solutions with IDA* and the pruning table, and random-state scrambles.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{json, Value};

use crate::progress::Bar;
use crate::shell::{emit, fail, json_text, move_set, parse_alg, read, too_many_for_json, Failure, MAX_BUFFERED};
use twistsearch::group::{random_state, rng_from_seed};
use twistsearch::kpuzzle::parse_pattern;
use twistsearch::moveset::Metric;
use twistsearch::search::relax::relaxed as relaxed_pair;
use twistsearch::search::{SolveOptions, Solver, SolverOptions};
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
}

impl SolveArgs {
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

/// Solvers by metric, built on first use (a scramble file may switch metric).
struct Solvers<'p> {
    puzzle: &'p Arc<Puzzle>,
    args: &'p SearchArgs<'p>,
    /// Built solvers: metric, the target they were built for (`None`: the default), solver, seconds the
    /// build took (reported once).
    built: Vec<Built>,
    bar: &'p Bar,
}

impl<'p> Solvers<'p> {
    fn get(&mut self, metric: Metric, relaxed: Option<&State>) -> Result<&mut Built, Failure> {
        // An explicit --target wins over a target relaxed for a scramble's `?` entries.
        let relaxed = if self.args.target.is_some() { None } else { relaxed };
        let key = relaxed.map(|t| t.as_bytes().to_vec());
        if let Some(i) = self.built.iter().position(|b| b.0 == metric && b.1 == key) {
            return Ok(&mut self.built[i]);
        }
        let moves = move_set(self.puzzle, self.args.moves)?;
        let target = match (self.args.target, relaxed) {
            (Some(path), _) => Some(state_file(self.puzzle, path)?),
            (None, Some(t)) => Some(t.clone()),
            (None, None) => None,
        };
        let options = SolverOptions {
            moves: Some(moves),
            metric,
            target,
            memory_bytes: self.args.memory_mb.saturating_mul(1 << 20),
            initial_memory_bytes: None,
        };
        let t = Instant::now();
        let solver = Solver::new(Arc::clone(self.puzzle), options, self.bar.control()).map_err(|e| fail("table", e))?;
        self.built.push((metric, key, solver, t.elapsed().as_secs_f64()));
        Ok(self.built.last_mut().expect("just pushed"))
    }
}

/// A built solver with its metric, target key and build time.
type Built = (Metric, Option<Vec<u8>>, Solver, f64);

/// One position to solve.
struct Job {
    /// The target a scramble with `?` entries asks for (and `state` relabeled for it).
    relaxed: Option<State>,
    /// Made from solved by moves of the set: no membership test needed.
    known_reachable: bool,
    name: String,
    state: State,
    metric: Metric,
    max_depth: Option<u32>,
    slack: u32,
}

/// Whether a position leaves an orientation open (`?`) where the solved state does not.
fn has_open_orientation(puzzle: &Puzzle, state: &State) -> bool {
    puzzle.orbits().iter().any(|o| {
        o.orientations_range()
            .any(|i| o.is_wildcard(state.as_bytes()[i]) && !o.is_wildcard(puzzle.solved().as_bytes()[i]))
    })
}

/// Runs `solve`.
pub fn solve(puzzle: &Arc<Puzzle>, search: &SearchArgs, args: &SolveArgs) -> Result<String, Failure> {
    let default_metric = if search.qtm { Metric::Qtm } else { Metric::Htm };
    let mut jobs = Vec::new();
    // The group and generator for RandomScramble entries, made on first use.
    let mut random = None;
    if let Some(path) = args.scrambles.as_deref() {
        let file = parse_scrambles(puzzle, &read(path)?).map_err(|e| fail(path, e))?;
        for s in file.scrambles {
            let mut relaxed = None;
            let state = match (&s.kind, s.state) {
                (ScrambleKind::Position { ignored_permutation, ignored_orientation }, Some(st))
                    if !ignored_permutation.is_empty()
                        || !ignored_orientation.is_empty()
                        || has_open_orientation(puzzle, &st) =>
                {
                    let (target, start) = relaxed_pair(puzzle, &st, ignored_permutation, ignored_orientation)
                        .map_err(|e| fail(path, e))?;
                    relaxed = Some(target);
                    start
                }
                (_, Some(st)) => st,
                (ScrambleKind::Random, None) | (_, None) => {
                    let (chain, r) = match random.as_mut() {
                        Some(c) => c,
                        None => {
                            let set = move_set(puzzle, search.moves)?;
                            let chain = twistsearch::group::puzzle_chain(puzzle, &set).map_err(|e| fail("group", e))?;
                            let rng = rng_from_seed(args.seed).map_err(|e| fail("--seed", e))?;
                            random.insert((chain, rng))
                        }
                    };
                    let bytes = random_state(chain, puzzle.solved().as_bytes(), r).map_err(|e| fail("random", e))?;
                    puzzle.state_from_bytes(bytes).map_err(|e| fail("random", e))?
                }
            };
            let metric = if search.qtm { Metric::Qtm } else { s.settings.metric };
            jobs.push(Job {
                relaxed,
                known_reachable: false,
                name: s.name,
                state,
                metric,
                max_depth: args.max_depth.or(s.settings.max_depth),
                slack: args.slack.unwrap_or(s.settings.slack),
            });
        }
    }
    if let Some(alg) = args.scramble.as_deref() {
        let parsed = parse_alg(puzzle, alg)?;
        let state = puzzle.position(&parsed).map_err(|e| fail("--scramble", e))?;
        let set = move_set(puzzle, search.moves)?;
        let expanded = parsed.expand(puzzle).map_err(|e| fail("--scramble", e))?;
        let known_reachable = search.target.is_none() && expanded.iter().all(|&m| set.contains(puzzle, m));
        jobs.push(Job {
            relaxed: None,
            known_reachable,
            name: alg.to_string(),
            state,
            metric: default_metric,
            max_depth: args.max_depth,
            slack: args.slack.unwrap_or(0),
        });
    }
    if let Some(path) = args.state.as_deref() {
        let (mut state, mut relaxed) = (state_file(puzzle, path)?, None);
        if search.target.is_none() && has_open_orientation(puzzle, &state) {
            let (target, start) = relaxed_pair(puzzle, &state, &[], &[]).map_err(|e| fail(path, e))?;
            (state, relaxed) = (start, Some(target));
        }
        jobs.push(Job {
            relaxed,
            known_reachable: false,
            name: path.to_string(),
            state,
            metric: default_metric,
            max_depth: args.max_depth,
            slack: args.slack.unwrap_or(0),
        });
    }
    if jobs.is_empty() {
        return Err(fail("solve", "nothing to solve: give a scramble file, --scramble ALG or --state FILE"));
    }
    let bar = Bar::new(!search.json);
    let mut solvers = Solvers { puzzle, args: search, built: Vec::new(), bar: &bar };
    let mut out = String::new();
    let mut rows: Vec<Value> = Vec::new();
    for job in &jobs {
        let entry = solvers.get(job.metric, job.relaxed.as_ref())?;
        let options = SolveOptions {
            max_solutions: args.count,
            all_optimal: args.all,
            min_depth: args.min_depth,
            max_depth: job.max_depth,
            slack: job.slack,
            known_reachable: job.known_reachable,
        };
        let t = Instant::now();
        let report = entry.2.solve(&job.state, &options, bar.control()).map_err(|e| fail(&job.name, e))?;
        let seconds = t.elapsed().as_secs_f64();
        bar.clear();
        let solver = &entry.2;
        let algs: Vec<(String, usize)> = report.solutions.iter().map(|s| (solver.alg_string(s), s.len())).collect();
        if search.json {
            rows.push(json!({
                "name": job.name,
                "metric": if job.metric == Metric::Qtm { "QTM" } else { "HTM" },
                "solutions": algs.iter().map(|(a, n)| json!({ "alg": a, "length": n })).collect::<Vec<_>>(),
                "nodes": report.nodes,
                "seconds": seconds,
                "tableSeconds": entry.3,
                "tableBytes": solver.table().bytes(),
                "tableDepth": report.table_depth,
            }));
        } else {
            for (a, n) in &algs {
                let _ = writeln!(out, "{}: {a} ({n})", job.name);
            }
        }
        entry.3 = 0.0;
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
    let bar = Bar::new(!search.json);
    let mut solvers = Solvers { puzzle, args: search, built: Vec::new(), bar: &bar };
    let metric = if search.qtm { Metric::Qtm } else { Metric::Htm };
    let out = String::new();
    let mut rows = Vec::new();
    for _ in 0..count {
        let entry = solvers.get(metric, None)?;
        let chain = entry.2.chain().map_err(|e| fail("group", e))?;
        let bytes = random_state(chain, puzzle.solved().as_bytes(), &mut rng).map_err(|e| fail("random", e))?;
        let state = puzzle.state_from_bytes(bytes).map_err(|e| fail("random", e))?;
        // A random element of the group: reachable by construction.
        let options = SolveOptions { known_reachable: search.target.is_none(), ..SolveOptions::default() };
        let report = entry.2.solve(&state, &options, bar.control()).map_err(|e| fail("scramble", e))?;
        bar.clear();
        let solution = &report.solutions[0];
        let inverse = puzzle.invert_moves(solution);
        let alg = entry.2.alg_string(&inverse);
        if search.json {
            rows.push(json!({ "alg": alg, "length": inverse.len() }));
        } else {
            // Streamed, as each scramble is found.
            if !emit(&format!("{alg}\n")) {
                break;
            }
        }
    }
    if search.json {
        return Ok(json_text(json!({ "puzzle": puzzle.name(), "seed": seed, "scrambles": rows })));
    }
    Ok(out)
}
