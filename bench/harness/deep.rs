//! The deep cases: optimal solves of canonical random walks on definitions with rotations, with
//! everything the optimal solver has for them — the pruning table reduced by the rotations with the
//! inverse looked up too, and on the 3x3x3 the phase-1 table (`U,D,F2,B2,R2,L2`, full where it fits)
//! along the three axes as a second bound:
//!
//! - `3x3x3-deep`: walks of 12, 13, 14 and 15 moves (`symm/3x3x3.tws`);
//! - `4x4x4-deep`, `megaminx-deep`: walks of 8 and 9 moves (`symm/4x4x4.tws`, `symm/megaminx.tws`).
//!
//! With `--twsearch PATH` the C++ twsearch solves the same positions in the same run (one process per
//! repetition, all positions in one scramble file of the same definition, the same threads and at least
//! our table memory, its own tables neither read nor written), and each position gets the ratio of the
//! two medians.

use std::sync::Arc;
use std::time::Instant;

use crate::case::{checked_solution, CaseOutput, Ctx, PeerSolve, SolveInfo, TableInfo, Timing};
use crate::data::{load, CUBE_3_SYMM, CUBE_4_SYMM, MEGAMINX_SYMM};
use crate::failure::{fail, Failure};
use crate::walk::canonical_walk;
use twistsearch::canon::CanonFsm;
use twistsearch::control::Control;
use twistsearch::model::moveset::Metric;
use twistsearch::phase::PhaseBound;
use twistsearch::search::{SolveOptions, Solver, SolverOptions};
use twistsearch::{MoveRef, MoveSet, State};

const MIB: usize = 1 << 20;

/// A deep case.
pub struct Deep {
    name: &'static str,
    puzzle: &'static str,
    definition: &'static str,
    /// Walk lengths (one walk each) at full size and with `--quick`.
    lengths: &'static [usize],
    quick_lengths: &'static [usize],
    /// Pruning-table budget in MiB (`--quick`: 16).
    table_mb: usize,
    /// A phase bound: its subgroup's moves and budget in MiB (`--quick`: 16).
    phase: Option<(&'static str, usize)>,
    seed: u64,
}

pub const CUBE_3: Deep = Deep {
    name: "3x3x3-deep",
    puzzle: "3x3x3",
    definition: CUBE_3_SYMM,
    lengths: &[12, 13, 14, 15],
    quick_lengths: &[8],
    table_mb: 256,
    phase: Some(("U,D,F2,B2,R2,L2", 600)),
    seed: 0x3d3d,
};

pub const CUBE_4: Deep = Deep {
    name: "4x4x4-deep",
    puzzle: "4x4x4",
    definition: CUBE_4_SYMM,
    lengths: &[8, 9],
    quick_lengths: &[5],
    table_mb: 256,
    phase: None,
    seed: 0x4d4d,
};

pub const MEGAMINX: Deep = Deep {
    name: "megaminx-deep",
    puzzle: "megaminx",
    definition: MEGAMINX_SYMM,
    lengths: &[8, 9],
    quick_lengths: &[5],
    table_mb: 256,
    phase: None,
    seed: 0x5d5d,
};

impl Deep {
    /// Walk lengths, pruning-table MiB, phase bound (moves, MiB).
    fn size(&self, quick: bool) -> (&'static [usize], usize, Option<(&'static str, usize)>) {
        if quick {
            (self.quick_lengths, 16, self.phase.map(|(m, _)| (m, 16)))
        } else {
            (self.lengths, self.table_mb, self.phase)
        }
    }
}

pub fn about(d: &Deep, quick: bool) -> String {
    let (lengths, table, phase) = d.size(quick);
    let lengths: Vec<String> = lengths.iter().map(usize::to_string).collect();
    let phase =
        phase.map_or(String::new(), |(m, mb)| format!(", plus the {m} phase table ({mb} MiB) along every axis"));
    format!(
        "a fixed random walk of each of {} moves on the {} with rotations solved optimally (HTM): {table} MiB \
         pruning table reduced by symmetry with inverse lookups{phase}; tables built once per run; with \
         --twsearch, the C++ twsearch on the same positions",
        lengths.join(", "),
        d.puzzle
    )
}

pub fn run(d: &Deep, ctx: &Ctx) -> Result<CaseOutput, Failure> {
    let name = d.name;
    let e = |e: twistsearch::Error| fail(name, e);
    let p = Arc::new(load(name, d.definition)?);
    let set = MoveSet::all(&p).map_err(e)?;
    let fsm = CanonFsm::new(&p, &set, Metric::Htm).map_err(e)?;
    let (lengths, table_mb, phase) = d.size(ctx.quick);
    let mut scrambles: Vec<(String, Vec<MoveRef>, State)> = Vec::new();
    for &len in lengths {
        let moves = canonical_walk(&set, &fsm, len, d.seed.wrapping_mul(1_000_003).wrapping_add(len as u64))
            .ok_or_else(|| fail(name, format!("no canonical sequence of {len} moves")))?;
        let state = p.apply_moves(p.solved(), &moves);
        scrambles.push((format!("{len}-moves"), moves, state));
    }
    let t = Instant::now();
    let mut solver = Solver::new(
        Arc::clone(&p),
        SolverOptions {
            moves: Some(set),
            memory_bytes: table_mb * MIB,
            initial_memory_bytes: Some(table_mb * MIB),
            ..SolverOptions::default()
        },
        Control::none(),
    )
    .map_err(e)?;
    if let Some((moves, phase_mb)) = phase {
        let h = MoveSet::parse(&p, moves).map_err(e)?;
        let bound = PhaseBound::new(
            Arc::clone(&p),
            solver.moves(),
            h,
            solver.move_list(),
            None,
            phase_mb * MIB,
            Control::none(),
        )
        .map_err(e)?;
        solver.set_bound(Some(Arc::new(bound)));
    }
    let build = t.elapsed().as_secs_f64();
    let build_depth = solver.table().filled_depth();
    let options = SolveOptions { known_reachable: true, ..SolveOptions::default() };
    let n = scrambles.len();
    let (mut seconds, mut nodes) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    let mut solutions: Vec<Option<Vec<MoveRef>>> = vec![None; n];
    let mut totals = Vec::new();
    let mut peer_runs: Vec<PeerSolves> = Vec::new();
    let mut peer_walls = Vec::new();
    let algs: Vec<String> = scrambles.iter().map(|(_, m, _)| solver.alg_string(m)).collect();
    for _ in 0..ctx.repeat {
        let mut total = 0.0;
        for (i, (_, moves, state)) in scrambles.iter().enumerate() {
            let t = Instant::now();
            let report = solver.solve(state, &options, Control::none()).map_err(e)?;
            let s = t.elapsed().as_secs_f64();
            let sol = checked_solution(name, &p, state, &report.solutions, moves.len())?;
            if solutions[i].as_ref().is_some_and(|prev| prev.len() != sol.len()) {
                return Err(fail(name, "repetitions found optimal solutions of different lengths"));
            }
            solutions[i] = Some(sol);
            seconds[i].push(s);
            nodes[i].push(report.nodes);
            total += s;
        }
        totals.push(total);
        if let Some(bin) = &ctx.twsearch {
            let memory_mb = table_mb + phase.map_or(0, |(_, mb)| mb);
            let (solves, wall) = twsearch(bin, d, &algs, ctx.threads, memory_mb)?;
            peer_runs.push(solves);
            peer_walls.push(wall);
        }
    }
    let solves = scrambles
        .iter()
        .enumerate()
        .map(|(i, (label, moves, _))| {
            let sol = solutions[i].as_ref().expect("solved at least once");
            let time = Timing::with_work(seconds[i].clone(), &nodes[i], "nodes/s");
            let peer = (!peer_runs.is_empty()).then(|| {
                let secs: Vec<f64> = peer_runs.iter().map(|r| r[i].0).collect();
                let work: Vec<u64> = peer_runs.iter().map(|r| r[i].1).collect();
                let t = Timing::with_work(secs, &work, "nodes/s");
                let ratio = t.median_seconds / time.median_seconds.max(1e-9);
                PeerSolve { peer: "twsearch", time: t, solution_length: peer_runs[0][i].2, ratio }
            });
            SolveInfo {
                name: label.clone(),
                scramble: algs[i].clone(),
                scramble_length: moves.len(),
                solution: solver.alg_string(sol),
                solution_length: sol.len(),
                time,
                peer,
            }
        })
        .collect::<Vec<_>>();
    if let Some(bad) = solves.iter().find(|s| s.peer.as_ref().is_some_and(|p| p.solution_length != s.solution_length)) {
        return Err(fail(name, format!("{}: twsearch's optimal solution has another length than ours", bad.name)));
    }
    let table = solver.table();
    let info = TableInfo {
        depth: table.filled_depth(),
        build_depth,
        bytes: table.bytes(),
        entries: table.entries(),
        entries_set: table.stats().iter().map(|d| d.entries_set).sum(),
        build: Timing::plain(vec![build]),
        complete: false,
    };
    // Whole runs: our table builds and the first repetition's solves, against each twsearch process.
    let peer_total = (!peer_walls.is_empty()).then(|| Timing::plain(peer_walls));
    let first_total = build + seconds.iter().map(|v| v[0]).sum::<f64>();
    Ok(CaseOutput {
        time: Timing::plain(totals),
        table: Some(info),
        warm: None,
        solves,
        peer_total: peer_total.map(|t| (Timing::plain(vec![first_total]), t)),
    })
}

/// Per position: twsearch's seconds, nodes and solution length.
type PeerSolves = Vec<(f64, u64, usize)>;

/// Runs twsearch once on all `algs` (a scramble file of its format, on `d`'s definition), with
/// `threads` threads and `memory_mb` MiB: per position, its seconds and nodes (its `Found` lines) and
/// its solution's length.
fn twsearch(
    bin: &std::path::Path,
    d: &Deep,
    algs: &[String],
    threads: usize,
    memory_mb: usize,
) -> Result<(PeerSolves, f64), Failure> {
    let dir = std::env::temp_dir().join(format!("twistsearch-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| fail("--twsearch", e))?;
    let (def, scr) = (dir.join(format!("{}.tws", d.puzzle)), dir.join("deep.scr"));
    let text: String = algs.iter().enumerate().map(|(i, a)| format!("ScrambleAlg p{i}\n{a}\nEnd\n")).collect();
    std::fs::write(&def, d.definition).and_then(|_| std::fs::write(&scr, text)).map_err(|e| fail("--twsearch", e))?;
    let t = Instant::now();
    let out = std::process::Command::new(bin)
        .args(["-M", &memory_mb.to_string(), "-t", &threads.to_string(), "--writeprunetables", "never"])
        .arg(&def)
        .arg(&scr)
        .output()
        .map_err(|e| fail("--twsearch", e))?;
    let wall = t.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(fail(
            "--twsearch",
            format!("exited with {}: {}", out.status, String::from_utf8_lossy(&out.stderr)),
        ));
    }
    let solves = parse_twsearch(&stdout, algs.len())
        .ok_or_else(|| fail("--twsearch", format!("unexpected output:\n{stdout}")))?;
    Ok((solves, wall))
}

/// twsearch's per-position lines: ` SOLUTION` then `Found 1 solution max depth D probes P nodes N in S
/// rate R` (or `… lookups N in S …`), once per scramble, in order.
fn parse_twsearch(stdout: &str, n: usize) -> Option<PeerSolves> {
    let mut out = Vec::new();
    let mut last_solution = 0usize;
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("Found ").filter(|r| r.contains(" solution")) {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let after = |w: &str| words.iter().position(|x| *x == w).and_then(|i| words.get(i + 1));
            // `nodes N` (or `lookups N` where it reports only those).
            let nodes = after("nodes").or_else(|| after("lookups"))?.parse().ok()?;
            let secs = after("in")?.parse().ok()?;
            out.push((secs, nodes, last_solution));
        } else if line.starts_with(' ') {
            last_solution = line.split_whitespace().count();
        }
    }
    (out.len() == n).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_twsearch_output() {
        let text =
            "Solving p0\nFilling depth 4 val 0 saw 1845 (7938) in 0.009 rate 0.84\n L2 D' F2 U2 R2 B' L' D' F' U' R'\n\
                    Found 1 solution max depth 11 probes 684336 nodes 684304 in 1.88657 rate 0.362741\nSolving p1\n \
                    L' D' F' U2 R2\nFound 1 solution max depth 5 probes 30 nodes 25 in 4.79221e-05 rate 0.626016\n";
        let r = parse_twsearch(text, 2).unwrap();
        assert_eq!(r[0], (1.88657, 684304, 11));
        assert_eq!((r[1].1, r[1].2), (25, 5));
        assert!(parse_twsearch(text, 3).is_none());
    }
}
