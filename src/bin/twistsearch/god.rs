//! `god PUZZLE`: God's algorithm — positions at each distance, antipodes, counts up to symmetry.

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::json;

use crate::god_args::{reduce, DirectionArg, GodArgs, MethodArg};
use crate::progress::Bar;
use crate::shell::{fail, json_text, move_set, state_text, Failure, PositionFormat};
use twistsearch::bytes::describe_bytes;
use twistsearch::god::{gods_algorithm, Direction, GodOptions, GodReport, Method};
use twistsearch::model::moveset::Metric;
use twistsearch::Puzzle;

/// Runs `god`.
pub fn god(puzzle: &Puzzle, args: &GodArgs) -> Result<String, Failure> {
    let threads = crate::set_threads(args.threads)?;
    if matches!(args.method, MethodArg::Cosets) {
        return crate::cosets::run(puzzle, args, threads);
    }
    let set = move_set(puzzle, args.moves.as_deref())?;
    let options = god_options(args);
    let bar = Bar::new(!args.json);
    let t = Instant::now();
    let report = gods_algorithm(puzzle, &set, &options, bar.control()).map_err(|e| fail("god", e));
    bar.clear();
    let run = Run { puzzle, moves: set.describe(puzzle), metric: options.metric, report: report?, threads };
    let seconds = t.elapsed().as_secs_f64();
    if args.json {
        return Ok(run.json(seconds));
    }
    Ok(run.text(args.format, seconds))
}

/// The core's options from the flags.
fn god_options(args: &GodArgs) -> GodOptions {
    GodOptions {
        metric: Metric::from_qtm(args.qtm),
        memory_bytes: args.memory.saturating_mul(1 << 20),
        antipodes: args.antipodes,
        symmetry: args.symmetry,
        direction: match args.direction {
            DirectionArg::Auto => Direction::Auto,
            DirectionArg::Forward => Direction::Forward,
            DirectionArg::Backward => Direction::Backward,
        },
        method: match args.method {
            MethodArg::Auto => Method::Auto,
            MethodArg::Dense => Method::Dense,
            MethodArg::Hash => Method::Hash,
            MethodArg::Cosets => Method::Cosets,
        },
        reduce: reduce(args.reduce),
        max_depth: args.max_depth,
        cosets: Default::default(),
    }
}

/// A finished enumeration, as `god` reports it.
struct Run<'p> {
    puzzle: &'p Puzzle,
    /// The move set in words.
    moves: String,
    metric: Metric,
    report: GodReport,
    threads: usize,
}

impl Run<'_> {
    /// An antipode's moves as an alg.
    fn alg(&self, moves: &[twistsearch::MoveRef]) -> String {
        moves.iter().map(|&x| self.puzzle.move_name(x)).collect::<Vec<_>>().join(" ")
    }

    /// The `--json` document.
    fn json(&self, seconds: f64) -> String {
        let (puzzle, report) = (self.puzzle, &self.report);
        let antipodes: Vec<_> = report
            .antipodes
            .iter()
            .map(|a| json!({ "alg": self.alg(&a.moves), "pattern": twistsearch::kpuzzle::pattern_value(puzzle, &a.state) }))
            .collect();
        json_text(json!({
            "puzzle": puzzle.name(),
            "moves": self.moves,
            "metric": self.metric.name(),
            "counts": report.counts,
            "total": report.total,
            "depth": report.counts.len() - 1,
            "antipodes": antipodes,
            "symmetry": report.symmetry.as_ref().map(|s| json!({
                "symmetries": s.symmetries, "counts": s.counts, "total": s.total,
            })),
            "method": report.method.name(),
            "indexed": report.indexed,
            "memoryBytes": report.memory_bytes,
            "backward": report.backward,
            "reducedBy": report.reduced.map(|(n, stored)| json!({ "symmetries": n, "storedPositions": stored })),
            "threads": self.threads,
            "seconds": seconds,
        }))
    }

    /// The text report: a summary line, the counts by distance, the antipodes as position blocks.
    fn text(&self, format: PositionFormat, seconds: f64) -> String {
        let (puzzle, report, threads) = (self.puzzle, &self.report, self.threads);
        let mut out = String::new();
        let storage = match (report.indexed, report.reduced) {
            (Some(n), Some((k, stored))) => {
                format!("dense index of {n} positions, reduced by {k} symmetries to {stored} stored")
            }
            (Some(n), None) => format!("dense index of {n} positions"),
            (None, _) => "hash map".to_string(),
        };
        let _ = writeln!(
            out,
            "# {} ({}, moves {}): {storage}, {}, {threads} thread{}",
            puzzle.name(),
            self.metric.name(),
            self.moves,
            describe_bytes(report.memory_bytes),
            if threads == 1 { "" } else { "s" }
        );
        match &report.symmetry {
            Some(s) => {
                let _ = writeln!(out, "distance positions up-to-symmetry({})", s.symmetries);
                for (d, (c, k)) in report.counts.iter().zip(&s.counts).enumerate() {
                    let _ = writeln!(out, "{d} {c} {k}");
                }
                let _ = writeln!(out, "total {} {}", report.total, s.total);
            }
            None => {
                let _ = writeln!(out, "distance positions");
                for (d, c) in report.counts.iter().enumerate() {
                    let _ = writeln!(out, "{d} {c}");
                }
                let _ = writeln!(out, "total {}", report.total);
            }
        }
        for (k, a) in report.antipodes.iter().enumerate() {
            let _ = writeln!(out, "# antipode {} at distance {}: {}", k + 1, a.moves.len(), self.alg(&a.moves));
            let header = format!("antipode-{}", k + 1);
            let headers = (format!("ScrambleState {header}"), format!("Scramble {header}"));
            out.push_str(&state_text(puzzle, &a.state, format, (&headers.0, &headers.1)));
        }
        let _ = writeln!(out, "# {seconds:.3} s");
        out
    }
}
