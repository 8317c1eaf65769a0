//! The native command-line shell: reads files and arguments, calls the core, prints. Every subcommand
//! takes `--json` for machine-readable output. Errors go to stderr as `error: <input>: <message>` with
//! exit code 1 — usage errors the argument parser finds (an unknown option, a missing argument, a value
//! that is not a number) too; `--help` and `--version` exit 0.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;

mod beam;
mod canon;
mod cosets;
mod event_solve;
mod events;
#[path = "../common/failure.rs"]
mod failure;
mod find_algs;
mod god;
mod god_args;
mod group;
mod info;
mod phases;
mod progress;
mod seqs;
mod shell;
mod solve;
#[path = "../common/tables.rs"]
mod tables;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::json;

use shell::{fail, json_text, parse_alg, read, state_text, Failure, PositionFormat, SetArgs};
use twistsearch::kpuzzle::{kpuzzle_json, pattern_value};
use twistsearch::tws::{parse_scrambles, write_definition, ScrambleKind};

#[derive(Parser)]
#[command(name = "twistsearch", version, about = "Load twisty puzzles (.tws / KPuzzle JSON) and work with algs")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    sets: SetArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Sets, moves with their orders, rotations and state size of a puzzle.
    Info {
        /// A .tws / .def definition or a KPuzzle .json file.
        puzzle: String,
        /// Also a table of which moves move each piece (twsearch's `--describesets`).
        #[arg(long = "describe-sets", alias = "describesets")]
        describe_sets: bool,
        #[arg(long)]
        json: bool,
    },
    /// The position an alg reaches from the solved state.
    Position {
        puzzle: String,
        alg: String,
        /// Output block: 0-based StartState, 1-based Solved (ksolve), or KPattern JSON.
        #[arg(long, value_enum, default_value_t = PositionFormat::Startstate)]
        format: PositionFormat,
        #[arg(long)]
        json: bool,
    },
    /// The inverse of an alg.
    Invert {
        puzzle: String,
        alg: String,
        #[arg(long)]
        json: bool,
    },
    /// An alg with same-grip moves merged and cancelled and commuting moves in canonical order.
    Simplify {
        puzzle: String,
        alg: String,
        #[arg(long)]
        json: bool,
    },
    /// The order of an alg (how many repetitions give the identity), or without an alg the order of the
    /// group the moves generate (Schreier–Sims).
    Order {
        puzzle: String,
        alg: Option<String>,
        /// Moves generating the group, e.g. `U,R,F` or `R2,U2` (default: every move that is not a rotation).
        #[arg(long)]
        moves: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Uniformly random positions reachable from the solved state.
    RandomState {
        puzzle: String,
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Seed for reproducible output (default: from the operating system).
        #[arg(long)]
        seed: Option<u64>,
        /// Moves generating the group (default: every move that is not a rotation).
        #[arg(long)]
        moves: Option<String>,
        #[arg(long, value_enum, default_value_t = PositionFormat::Startstate)]
        format: PositionFormat,
        #[arg(long)]
        json: bool,
    },
    /// Whether each position of a scramble file (or a KPattern JSON file) can be reached from solved.
    Reachable {
        puzzle: String,
        file: String,
        /// Moves generating the group (default: every move that is not a rotation).
        #[arg(long)]
        moves: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Writes the puzzle in the other format (or the same one, normalized).
    Convert {
        puzzle: String,
        #[arg(long, value_enum)]
        to: ConvertTarget,
        #[arg(long)]
        json: bool,
    },
    /// Canonical sequences of each length 0..=depth, the automaton's state count and branching factor.
    Canon {
        puzzle: String,
        #[arg(long)]
        depth: u32,
        /// Quarter-turn metric (single turns only; `U U` allowed, `U U U` not).
        #[arg(long)]
        qtm: bool,
        /// Moves to use, e.g. `U,R,F` or `R2,U2` (default: every move that is not a rotation).
        #[arg(long)]
        moves: Option<String>,
        /// Also refuse every sequence with a window of up to n+1 moves that is not the first to reach its
        /// effect.
        #[arg(long)]
        newcanon: Option<u32>,
        #[arg(long)]
        json: bool,
    },
    /// Optimal solutions (IDA* over canonical sequences with an in-memory pruning table), or with
    /// `--phases` near-optimal ones by multi-phase search.
    Solve {
        puzzle: String,
        #[command(flatten)]
        args: solve::SolveArgs,
        #[command(flatten)]
        phases: phases::PhaseArgs,
        #[command(flatten)]
        search: SearchFlags,
    },
    /// Random-state scrambles: uniformly random positions, solved optimally, printed as the inverse. A
    /// puzzle too large to solve optimally in seconds that is an event's puzzle (by its structure) is
    /// scrambled by that event's scrambler instead (said on stderr).
    Scramble {
        #[arg(required_unless_present = "event")]
        puzzle: Option<String>,
        /// A cubing.js event ID (`333`, `pyram`, `clock`, …) instead of a puzzle: scrambles in the
        /// event's notation (WCA filters, random-move events as cubing.js).
        #[arg(long, conflicts_with = "puzzle")]
        event: Option<String>,
        #[arg(long, default_value_t = 1)]
        count: usize,
        #[arg(long)]
        seed: Option<u64>,
        #[command(flatten)]
        search: SearchFlags,
    },
    /// God's algorithm: the number of positions at each distance from solved, antipodes with algs, and
    /// counts up to symmetry.
    God {
        puzzle: String,
        #[command(flatten)]
        args: god_args::GodArgs,
    },
    /// Merges the JSON results of the work units of `god --method cosets --units N`: checks that every
    /// unit is there exactly once (same puzzle and options) and adds their counts.
    GodMerge {
        /// The units' result files.
        #[arg(required = true)]
        files: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Echoes each alg whose position no earlier line reached (twsearch `-u`); with `--symmetry`, whose
    /// position is not even a conjugate by the puzzle's symmetry of an earlier one (`-U`).
    Unique {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
        /// Compare positions up to the definition's rotations (and declared symmetries).
        #[arg(long)]
        symmetry: bool,
        /// Stop after this many unique algs (twsearch's `-u N`).
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Each alg with moves of the same grip merged across commuting moves, the order otherwise kept
    /// (twsearch `--cancelseqs`).
    Cancel {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
    },
    /// Each alg with its rotations moved to the end (twsearch `--unrotateseqs`).
    Unrotate {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
    },
    /// Each alg shortened by optimally solving ever longer windows of it (twsearch `--shortenseqs`).
    Shorten {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
        /// Solve windows within this many moves at most.
        #[arg(long)]
        max_depth: Option<u32>,
        /// Memory budget of the pruning table, in MiB.
        #[arg(long, default_value_t = twistsearch::search::DEFAULT_MEMORY >> 20)]
        memory: usize,
    },
    /// For each alg, an optimal alg with the same position that is shorter, where there is one (twsearch
    /// `-si`).
    Improve {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
        /// Memory budget of the pruning table, in MiB.
        #[arg(long, default_value_t = twistsearch::search::DEFAULT_MEMORY >> 20)]
        memory: usize,
    },
    /// Each alg's symmetry order: how many of the puzzle's symmetries keep its position (twsearch
    /// `--showsymmetry`).
    ShowSymmetry {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
    },
    /// Each alg's conjugacy class: per set, its cycles and their twists (twsearch `--showconjugacy`).
    Conjugacy {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
    },
    /// Each alg as a `.tws` move definition (twsearch `--showmoves`).
    ShowMoves {
        puzzle: String,
        #[command(flatten)]
        input: seqs::SeqInput,
    },
    /// The algs leaving at most MAX pieces wrong, each after its count (twsearch `--maxwrong`).
    MaxWrong {
        puzzle: String,
        max: usize,
        #[command(flatten)]
        input: seqs::SeqInput,
        /// Count every N consecutive slots of a set as one piece (twsearch `--orientationgroup`).
        #[arg(long = "orientation-group", alias = "orientationgroup", default_value_t = 0, value_name = "N")]
        orientation_group: usize,
    },
    /// The total variation distance from uniform after 0, 1, … random moves (twsearch `--totalvar`).
    TotalVar {
        puzzle: String,
        /// How many lengths (0 to STEPS-1).
        #[arg(long, default_value_t = 100)]
        steps: usize,
        /// Moves to walk with (default: every move that is not a rotation).
        #[arg(long)]
        moves: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Optimal solves after ever more random moves, each checked (twsearch `-S`).
    SelfTest {
        puzzle: String,
        /// Random moves added before each solve (twsearch's `-S N`).
        #[arg(long, default_value_t = 1)]
        step: usize,
        /// How many solves.
        #[arg(long, default_value_t = 20)]
        rounds: usize,
        #[arg(long)]
        seed: Option<u64>,
        /// Memory budget of the pruning table, in MiB.
        #[arg(long, default_value_t = twistsearch::search::DEFAULT_MEMORY >> 20)]
        memory: usize,
        #[arg(long)]
        json: bool,
    },
    /// Short algs that leave at most K pieces wrong, grouped by signature (which sets, how many
    /// pieces, moved or only twisted), shortest first (twsearch `-A`).
    FindAlgs {
        puzzle: String,
        #[command(flatten)]
        args: find_algs::FindArgs,
    },
    /// For each element order, the first of the shortest sequences with it: a line `ORDER MOVES` each,
    /// shortest first (twsearch `--ordertree`, which walks on without end; here up to --depth).
    #[command(alias = "ordertree")]
    OrderTree {
        puzzle: String,
        #[command(flatten)]
        args: find_algs::OrderTreeArgs,
    },
    /// Solves positions of a cubing.js event's puzzle by the event's own solver (as `solveForEvent`): the
    /// clock optimally, the 5x5x5-7x7x7 in stages ending in a beam search (`--beam WIDTH`), each answer
    /// checked, with its length and time.
    SolveEvent {
        #[command(flatten)]
        args: event_solve::EventSolveArgs,
    },
    /// Reads a ksolve/twsearch scramble file and prints each scramble's position.
    Scrambles {
        puzzle: String,
        scrambles: String,
        #[arg(long, value_enum, default_value_t = PositionFormat::Startstate)]
        format: PositionFormat,
        #[arg(long)]
        json: bool,
    },
}

/// Options of the searching subcommands.
#[derive(clap::Args)]
struct SearchFlags {
    /// Moves to solve with, e.g. `U,R,F` (default: every move that is not a rotation).
    #[arg(long)]
    moves: Option<String>,
    /// Quarter-turn metric.
    #[arg(long)]
    qtm: bool,
    /// Memory budget of the pruning table, in MiB.
    #[arg(long, default_value_t = twistsearch::search::DEFAULT_MEMORY >> 20)]
    memory: usize,
    /// The pattern to reach instead of solved: a StartState block file or KPattern JSON.
    #[arg(long)]
    target: Option<String>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long)]
    json: bool,
    /// Progress on stderr even when it is not a terminal (a line a second), and with --json.
    #[arg(long)]
    progress: bool,
    /// Keep pruning tables in this directory: read one for the same puzzle, moves, metric, target and
    /// --memory when it is there (a damaged or foreign file is refused and the table rebuilt).
    #[arg(long, value_name = "DIR")]
    cache_dir: Option<String>,
    /// When to write tables to --cache-dir: never, auto (when filling took a second or more; the
    /// default) or always (whenever the table changed).
    #[arg(long, value_enum, value_name = "WHEN")]
    write_tables: Option<tables::WriteTables>,
    /// Reduce the pruning table by the definition's rotations (conjugate positions share an entry):
    /// auto (where rotations keep the moves and target and the table cannot hold every state), on, off.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    symmetry: ToggleArg,
    /// Also look up each position's inverse in the table (target solved, distinct pieces): auto, on, off.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    inverse: ToggleArg,
}

/// `auto`, `on` or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ToggleArg {
    /// Where it is measured to pay.
    Auto,
    /// Wherever it applies (an error where it cannot).
    On,
    /// Never.
    Off,
}

impl From<ToggleArg> for twistsearch::search::Toggle {
    fn from(t: ToggleArg) -> Self {
        match t {
            ToggleArg::Auto => Self::Auto,
            ToggleArg::On => Self::On,
            ToggleArg::Off => Self::Off,
        }
    }
}

impl SearchFlags {
    fn args(&self) -> Result<solve::SearchArgs<'_>, Failure> {
        set_threads(self.threads)?;
        Ok(solve::SearchArgs {
            moves: self.moves.as_deref(),
            qtm: self.qtm,
            memory_mb: self.memory,
            target: self.target.as_deref(),
            json: self.json,
            progress: self.progress,
            cache: tables::TableCache::new(self.cache_dir.as_deref(), self.write_tables)?,
            symmetry: self.symmetry.into(),
            inverse: self.inverse.into(),
        })
    }
}

/// Sizes the global thread pool (`--threads`) and returns the number of threads work will use.
fn set_threads(threads: Option<usize>) -> Result<usize, Failure> {
    if let Some(n) = threads {
        if n == 0 {
            return Err(fail("--threads", "needs at least 1 thread"));
        }
        #[cfg(feature = "parallel")]
        rayon::ThreadPoolBuilder::new().num_threads(n).build_global().map_err(|e| fail("--threads", e))?;
    }
    #[cfg(feature = "parallel")]
    return Ok(rayon::current_num_threads());
    #[cfg(not(feature = "parallel"))]
    return Ok(1);
}

#[derive(Clone, Copy, ValueEnum)]
enum ConvertTarget {
    Json,
    Tws,
}

fn run(cli: Cli) -> Result<String, Failure> {
    let mut out = String::new();
    let sets = cli.sets.options();
    let load = |path: &str| shell::load(path, &sets);
    if !sets.is_empty()
        && matches!(
            cli.command,
            Command::GodMerge { .. } | Command::SolveEvent { .. } | Command::Scramble { event: Some(_), .. }
        )
    {
        return Err(fail("set options", "they change a loaded puzzle, and this command loads none"));
    }
    match cli.command {
        Command::Info { puzzle, describe_sets, json } => out = info::info(&load(&puzzle)?, describe_sets, json),
        Command::Position { puzzle, alg, format, json } => {
            let p = load(&puzzle)?;
            let a = parse_alg(&p, &alg)?;
            let state = p.position(&a).map_err(|e| fail("alg", e))?;
            if json {
                out += &json_text(json!({ "alg": alg, "pattern": pattern_value(&p, &state) }));
            } else {
                out.push_str(&state_text(&p, &state, format, ("StartState", "Solved")));
            }
        }
        Command::Invert { puzzle, alg, json } => {
            let p = load(&puzzle)?;
            let inv = parse_alg(&p, &alg)?.invert(&p).map_err(|e| fail("alg", e))?;
            if json {
                out += &json_text(json!({ "alg": alg, "inverse": inv.to_string() }));
            } else {
                let _ = writeln!(out, "{inv}");
            }
        }
        Command::Simplify { puzzle, alg, json } => {
            let p = load(&puzzle)?;
            let s = parse_alg(&p, &alg)?.simplify(&p).map_err(|e| fail("alg", e))?;
            if json {
                out += &json_text(json!({ "alg": alg, "simplified": s.to_string(), "moves": s.nodes.len() }));
            } else {
                let _ = writeln!(out, "{s}");
            }
        }
        Command::Order { puzzle, alg, moves, json } => {
            out = group::order(&load(&puzzle)?, alg.as_deref(), moves.as_deref(), json)?;
        }
        Command::RandomState { puzzle, count, seed, moves, format, json } => {
            let args = group::RandomArgs { count, seed, moves: moves.as_deref(), format, json };
            out = group::random_states(&load(&puzzle)?, &args)?;
        }
        Command::Reachable { puzzle, file, moves, json } => {
            out = group::reachable_cmd(&load(&puzzle)?, &file, moves.as_deref(), json)?;
        }
        Command::Convert { puzzle, to, json } => out = convert(&load(&puzzle)?, to, json),
        Command::Canon { puzzle, depth, qtm, moves, newcanon, json } => {
            let p = load(&puzzle)?;
            out = canon::canon(&p, &canon::CanonArgs { depth, qtm, moves: moves.as_deref(), newcanon, json })?;
        }
        Command::Solve { puzzle, args, search, .. } if args.beam.is_some() => {
            out = beam::solve(&load(&puzzle)?, &search.args()?, &args)?;
        }
        Command::Solve { puzzle, args, phases, search } if phases.active() => {
            out = phases::solve(load(&puzzle)?, &search.args()?, &args, &phases)?;
        }
        Command::Solve { puzzle, args, search, .. } => {
            out = solve::solve(&Arc::new(load(&puzzle)?), &search.args()?, &args)?;
        }
        Command::Scramble { event: Some(id), count, seed, search, .. } => {
            let a = search.args()?;
            let args = events::EventArgs {
                id: &id,
                count,
                seed,
                json: a.json,
                memory_mb: a.memory_mb,
                cache: a.cache.as_ref(),
                check: None,
            };
            out = events::scramble(&args)?;
        }
        Command::Scramble { puzzle, count, seed, search, .. } => {
            let puzzle = puzzle.ok_or_else(|| fail("scramble", "give a puzzle or --event"))?;
            let p = Arc::new(load(&puzzle)?);
            let a = search.args()?;
            let plain = a.moves.is_none() && a.target.is_none() && !a.qtm;
            out = match plain.then(|| events::event_for_large_puzzle(&p)).transpose()?.flatten() {
                Some(event) => events::scramble(&events::EventArgs {
                    id: event.id,
                    count,
                    seed,
                    json: a.json,
                    memory_mb: a.memory_mb,
                    cache: a.cache.as_ref(),
                    check: Some(&p),
                })?,
                None => solve::scramble(&p, &a, count, seed)?,
            };
        }
        Command::God { puzzle, args } => out = god::god(&load(&puzzle)?, &args)?,
        Command::GodMerge { files, json } => out = cosets::merge(&files, json)?,
        Command::Unique { puzzle, input, symmetry, limit } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::Unique { symmetry, limit }, &input)?;
        }
        Command::Cancel { puzzle, input } => out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::Cancel, &input)?,
        Command::Unrotate { puzzle, input } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::Unrotate, &input)?
        }
        Command::Shorten { puzzle, input, max_depth, memory } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::Shorten { max_depth, memory_mb: memory }, &input)?;
        }
        Command::Improve { puzzle, input, memory } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::Improve { memory_mb: memory }, &input)?;
        }
        Command::ShowSymmetry { puzzle, input } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::ShowSymmetry, &input)?;
        }
        Command::Conjugacy { puzzle, input } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::Conjugacy, &input)?
        }
        Command::ShowMoves { puzzle, input } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::ShowMoves, &input)?
        }
        Command::MaxWrong { puzzle, max, input, orientation_group } => {
            out = seqs::run(&Arc::new(load(&puzzle)?), &seqs::Tool::MaxWrong { max, orientation_group }, &input)?;
        }
        Command::TotalVar { puzzle, steps, moves, json } => {
            out = seqs::total_var(&load(&puzzle)?, steps, moves.as_deref(), json)?;
        }
        Command::SelfTest { puzzle, step, rounds, seed, memory, json } => {
            out = seqs::self_test(&Arc::new(load(&puzzle)?), step, rounds, seed, memory, json)?;
        }
        Command::FindAlgs { puzzle, args } => out = find_algs::run(&load(&puzzle)?, &args)?,
        Command::OrderTree { puzzle, args } => out = find_algs::order_tree(&load(&puzzle)?, &args)?,
        Command::SolveEvent { args } => out = event_solve::run(&args)?,
        Command::Scrambles { puzzle, scrambles, format, json } => {
            out = scrambles_cmd(&load(&puzzle)?, &scrambles, format, json)?;
        }
    }
    Ok(out)
}

/// `convert`: the puzzle written in a format.
fn convert(p: &twistsearch::Puzzle, to: ConvertTarget, json: bool) -> String {
    let text = match to {
        ConvertTarget::Json => kpuzzle_json(p) + "\n",
        ConvertTarget::Tws => write_definition(p),
    };
    if json {
        return json_text(
            json!({ "format": match to { ConvertTarget::Json => "json", ConvertTarget::Tws => "tws" }, "text": text }),
        );
    }
    text
}

/// `scrambles`: the entries of a scramble file, as position blocks (or JSON).
fn scrambles_cmd(p: &twistsearch::Puzzle, path: &str, format: PositionFormat, json: bool) -> Result<String, Failure> {
    let file = parse_scrambles(p, &read(path)?).map_err(|e| fail(path, e))?;
    let mut out = String::new();
    let mut entries = Vec::new();
    for s in &file.scrambles {
        let kind = match &s.kind {
            ScrambleKind::Position { .. } => "position",
            ScrambleKind::Alg(_) => "alg",
            ScrambleKind::Random => "random",
        };
        if json {
            let mut v = json!({ "name": s.name, "line": s.line, "kind": kind });
            if let ScrambleKind::Alg(a) = &s.kind {
                v["alg"] = json!(a.to_string());
            }
            if let Some(st) = &s.state {
                v["pattern"] = pattern_value(p, st);
            }
            entries.push(v);
            continue;
        }
        match &s.state {
            Some(st) => {
                let headers = (format!("ScrambleState {}", s.name), format!("Scramble {}", s.name));
                out.push_str(&state_text(p, st, format, (&headers.0, &headers.1)));
            }
            None => {
                let _ = writeln!(out, "RandomScramble {}\nEnd", s.name);
            }
        }
    }
    if json {
        out += &json_text(json!({ "scrambles": entries }));
    }
    Ok(out)
}

fn main() -> ExitCode {
    match failure::parse_args::<Cli>() {
        Ok(cli) => failure::finish(run(cli)),
        Err(code) => code,
    }
}
