//! `find-algs PUZZLE`: short algs that leave few pieces wrong, grouped by what they do (twsearch `-A`);
//! `order-tree PUZZLE`: the shortest sequence of each element order (twsearch `--ordertree`).

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::{json, Value};

use crate::progress::Bar;
use crate::shell::{fail, json_text, move_set, Failure};
use twistsearch::model::moveset::Metric;
use twistsearch::seq::find_algs::order_tree::order_tree as orders;
use twistsearch::seq::find_algs::{find_algs, FindAlgsOptions, FindAlgsReport, FindMode};
use twistsearch::Puzzle;

/// Options of `find-algs`.
#[derive(clap::Args)]
pub struct FindArgs {
    /// The longest sequence searched: the alg (basic), the repeated sequence (repeated), X and Y together
    /// (commutator: the alg has twice as many moves).
    #[arg(long)]
    depth: u32,
    /// The most pieces an alg may leave wrong.
    #[arg(long = "max-pieces", default_value_t = 4, value_name = "K")]
    max_pieces: usize,
    /// basic (plain sequences, twsearch `-A1`), repeated (a sequence done a part of its order, `-A2`),
    /// commutator (`[X, Y]`, `-A3`), or all three in turn.
    #[arg(long, value_enum, default_value_t = ModeArg::Basic)]
    mode: ModeArg,
    /// One alg per signature (twsearch's `s`).
    #[arg(long, conflicts_with = "keep")]
    strict: bool,
    /// Algs printed per signature (all of the shortest length are counted).
    #[arg(long, default_value_t = 20, value_name = "N")]
    keep: usize,
    /// Keep every rotation of a sequence (each is a conjugate), not only the first.
    #[arg(long = "all-rotations")]
    all_rotations: bool,
    #[command(flatten)]
    walk: WalkArgs,
}

/// `--mode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ModeArg {
    Basic,
    Repeated,
    Commutator,
    All,
}

/// Runs `find-algs`.
pub fn run(puzzle: &Puzzle, args: &FindArgs) -> Result<String, Failure> {
    let threads = crate::set_threads(args.walk.threads)?;
    let set = move_set(puzzle, args.walk.moves.as_deref())?;
    let modes = match args.mode {
        ModeArg::Basic => vec![FindMode::Basic],
        ModeArg::Repeated => vec![FindMode::Repeated],
        ModeArg::Commutator => vec![FindMode::Commutator],
        ModeArg::All => FindMode::ALL.to_vec(),
    };
    let metric = Metric::from_qtm(args.walk.qtm);
    let bar = Bar::with_flag(!args.walk.json, args.walk.progress);
    let mut runs = Vec::new();
    for mode in modes {
        let options = FindAlgsOptions {
            mode,
            depth: args.depth,
            max_pieces: args.max_pieces,
            metric,
            keep: if args.strict { 1 } else { args.keep },
            all_rotations: args.all_rotations,
        };
        let t = Instant::now();
        let report = find_algs(puzzle, &set, &options, bar.control()).map_err(|e| fail("find-algs", e));
        bar.clear();
        runs.push((report?, t.elapsed().as_secs_f64()));
    }
    let moves = set.describe(puzzle);
    if args.walk.json {
        let runs: Vec<Value> = runs.iter().map(|(r, s)| run_json(puzzle, r, *s)).collect();
        return Ok(json_text(json!({
            "puzzle": puzzle.name(),
            "moves": moves,
            "metric": metric.name(),
            "depth": args.depth,
            "maxPieces": args.max_pieces,
            "threads": threads,
            "runs": runs,
        })));
    }
    let mut out = String::new();
    for (r, seconds) in &runs {
        let _ = writeln!(
            out,
            "# {} ({}, moves {moves}): {} algs, depth {}, 1 to {} pieces wrong: {} signatures, {} sequences, {threads} thread{}, {seconds:.3} s",
            puzzle.name(),
            metric.name(),
            r.mode.name(),
            args.depth,
            args.max_pieces,
            r.groups.len(),
            r.sequences,
            if threads == 1 { "" } else { "s" },
        );
        for g in &r.groups {
            let _ = writeln!(out, "{}: {} moves, {} algs", g.signature.describe(puzzle), g.length, g.count);
            for a in &g.algs {
                let _ = writeln!(out, "  {}", a.text(puzzle));
            }
            if g.count > g.algs.len() as u64 {
                let _ = writeln!(out, "  … {} more", g.count - g.algs.len() as u64);
            }
        }
    }
    Ok(out)
}

/// One mode's results as JSON.
fn run_json(puzzle: &Puzzle, r: &FindAlgsReport, seconds: f64) -> Value {
    let groups: Vec<Value> = r.groups.iter().map(|g| g.report(puzzle)).collect();
    json!({ "mode": r.mode.name(), "groups": groups, "sequences": r.sequences, "seconds": seconds })
}

/// Options of `order-tree`.
#[derive(clap::Args)]
pub struct OrderTreeArgs {
    /// The longest sequences walked.
    #[arg(long)]
    depth: u32,
    #[command(flatten)]
    walk: WalkArgs,
}

/// What `find-algs` and `order-tree` share: the moves walked, the metric, threads, progress, output.
#[derive(clap::Args)]
pub struct WalkArgs {
    /// Moves to build sequences from, e.g. `U,R,F` (default: every move that is not a rotation).
    #[arg(long)]
    moves: Option<String>,
    /// Quarter-turn metric (single turns only).
    #[arg(long)]
    qtm: bool,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Progress on stderr even when it is not a terminal (a line a second), and with --json.
    #[arg(long)]
    progress: bool,
    #[arg(long)]
    json: bool,
}

/// Runs `order-tree`: a line `ORDER MOVES` per order, as twsearch prints them (`1` alone for the
/// identity).
pub fn order_tree(puzzle: &Puzzle, args: &OrderTreeArgs) -> Result<String, Failure> {
    crate::set_threads(args.walk.threads)?;
    let set = move_set(puzzle, args.walk.moves.as_deref())?;
    let metric = Metric::from_qtm(args.walk.qtm);
    let bar = Bar::with_flag(!args.walk.json, args.walk.progress);
    let found = orders(puzzle, &set, metric, args.depth, bar.control()).map_err(|e| fail("order-tree", e));
    bar.clear();
    let found = found?;
    let names = |moves: &[twistsearch::model::move_ref::MoveRef]| {
        moves.iter().map(|&m| puzzle.move_name(m)).collect::<Vec<_>>().join(" ")
    };
    if args.walk.json {
        let orders: Vec<Value> = found
            .iter()
            .map(|f| json!({ "order": f.order, "alg": names(&f.moves), "length": f.moves.len() }))
            .collect();
        return Ok(json_text(json!({
            "puzzle": puzzle.name(),
            "moves": set.describe(puzzle),
            "metric": metric.name(),
            "depth": args.depth,
            "orders": orders,
        })));
    }
    let mut out = String::new();
    for f in &found {
        let _ = writeln!(out, "{}", format!("{} {}", f.order, names(&f.moves)).trim_end());
    }
    Ok(out)
}
