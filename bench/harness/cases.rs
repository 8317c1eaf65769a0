//! The benchmark cases. Each is a function run on the run's thread pool that measures `ctx.repeat`
//! times and checks what it computed (table depths against the canonical counts, solutions by applying
//! them, optimal lengths against the scramble lengths and across repeats).
//!
//! The puzzle definitions are compiled in (`data`), so the harness runs from any directory; the short
//! scrambles are canonical random walks from fixed seeds (`walk`), the same on every run.
//!
//! A case that is not available yet has `run: Err(reason)`: it is listed and says so, with no figures.
//! Making it available takes a function `fn(&Ctx) -> Result<CaseOutput, Failure>` and `run: Ok(it)`.

use std::sync::Arc;
use std::time::Instant;

use num_bigint::BigUint;

use crate::case::{checked_solution, Case, CaseOutput, Ctx, SolveInfo, TableInfo, Timing};
use crate::data::{load, CUBE_2, CUBE_2_SYMM, CUBE_3, CUBE_3_SYMM, CUBE_4, MEGAMINX, TPERM};
use crate::failure::{fail, Failure};
use crate::walk::canonical_walk;
use crate::{deep, random};
use twistsearch::canon::{canonical_counts, CanonFsm};
use twistsearch::control::Control;
use twistsearch::model::moveset::Metric;
use twistsearch::prune::{PruneTable, TableOptions};
use twistsearch::search::{SolveOptions, Solver, SolverOptions};
use twistsearch::solvers::cube3::CubeTable;
use twistsearch::tws::{parse_scrambles, ScrambleKind};
use twistsearch::{MoveRef, MoveSet, State};

const MIB: usize = 1 << 20;

/// Every case, in the order a plain `twistsearch-bench` runs them.
pub const CASES: &[Case] = &[
    Case { name: "table-3x3x3", about: table_about, scaling: true, run: Ok(table_3x3x3) },
    Case { name: "table-3x3x3-symmetry", about: table_symmetry_about, scaling: true, run: Ok(table_3x3x3_symmetry) },
    Case { name: "tperm", about: tperm_about, scaling: false, run: Ok(tperm) },
    Case { name: "3x3x3-short", about: |q| short_about(&SHORT_3, q), scaling: false, run: Ok(|c| short(&SHORT_3, c)) },
    Case { name: "4x4x4-short", about: |q| short_about(&SHORT_4, q), scaling: false, run: Ok(|c| short(&SHORT_4, c)) },
    Case {
        name: "megaminx-short",
        about: |q| short_about(&SHORT_MEGAMINX, q),
        scaling: false,
        run: Ok(|c| short(&SHORT_MEGAMINX, c)),
    },
    Case {
        name: "3x3x3-deep",
        about: |q| deep::about(&deep::CUBE_3, q),
        scaling: false,
        run: Ok(|c| deep::run(&deep::CUBE_3, c)),
    },
    Case {
        name: "4x4x4-deep",
        about: |q| deep::about(&deep::CUBE_4, q),
        scaling: false,
        run: Ok(|c| deep::run(&deep::CUBE_4, c)),
    },
    Case {
        name: "megaminx-deep",
        about: |q| deep::about(&deep::MEGAMINX, q),
        scaling: false,
        run: Ok(|c| deep::run(&deep::MEGAMINX, c)),
    },
    Case {
        name: "3x3x3-random",
        about: |q| random::about(CubeTable::Huge, q),
        scaling: false,
        run: Ok(|c| random::run(CubeTable::Huge, c)),
    },
    Case {
        name: "3x3x3-random-exact",
        about: |q| random::about(CubeTable::HugeExact, q),
        scaling: false,
        run: Ok(|c| random::run(CubeTable::HugeExact, c)),
    },
    Case {
        name: "3x3x3-random-layers",
        about: |q| random::about(CubeTable::Layers, q),
        scaling: false,
        run: Ok(|c| random::run(CubeTable::Layers, c)),
    },
    Case {
        name: "3x3x3-random-parity",
        about: |q| random::about(CubeTable::LayersParity, q),
        scaling: false,
        run: Ok(|c| random::run(CubeTable::LayersParity, c)),
    },
    Case { name: "god-2x2x2", about: god_about, scaling: true, run: Ok(|c| god_2x2x2("god-2x2x2", CUBE_2, c)) },
    Case {
        name: "god-2x2x2-symmetry",
        about: god_symmetry_about,
        scaling: true,
        run: Ok(|c| god_2x2x2("god-2x2x2-symmetry", CUBE_2_SYMM, c)),
    },
    Case { name: "god-edges-cosets", about: edges_about, scaling: true, run: Ok(god_edges_cosets) },
];

/// Depth of `god-edges-cosets` (`--quick`: 5) and the known count at its last distance (the seed's
/// figures).
fn edges_case(quick: bool) -> (u32, u64) {
    if quick {
        (5, 555_866)
    } else {
        (7, 87_801_812)
    }
}

fn edges_about(quick: bool) -> String {
    let (depth, _) = edges_case(quick);
    format!(
        "God's algorithm by cosets on the 3x3x3 edges group (--omit CORNER, HTM) through distance {depth}: levels \
         stored through {}, the rest as products coset by coset; positions per second",
        depth - 2
    )
}

/// `god-edges-cosets`: checks P[4] = 42,807 and the count at the last distance.
fn god_edges_cosets(ctx: &Ctx) -> Result<CaseOutput, Failure> {
    let name = "god-edges-cosets";
    let e = |e: twistsearch::Error| fail(name, e);
    let p = twistsearch::model::omit::omit_sets(&load(name, CUBE_3)?, &["CORNER".to_string()]).map_err(e)?;
    let set = MoveSet::all(&p).map_err(e)?;
    let (depth, last) = edges_case(ctx.quick);
    let (mut samples, mut work) = (Vec::new(), Vec::new());
    for _ in 0..ctx.repeat {
        let options = twistsearch::god::cosets::CosetOptions {
            max_depth: Some(depth),
            cosets: twistsearch::god::CosetUnit { store_depth: Some(depth - 2), ..Default::default() },
            ..Default::default()
        };
        let t = Instant::now();
        let r = twistsearch::god::cosets::coset_enumeration(&p, &set, &options, Control::none()).map_err(e)?;
        samples.push(t.elapsed().as_secs_f64());
        if r.counts.len() != depth as usize + 1 || r.counts[4] != 42_807 || r.counts[depth as usize] != last {
            return Err(fail(name, format!("counts {:?}: expected P[4] = 42807 and P[{depth}] = {last}", r.counts)));
        }
        work.push(r.counts.iter().sum());
    }
    let time = Timing::with_work(samples, &work, "states/s");
    Ok(CaseOutput { time, table: None, warm: None, solves: Vec::new(), peer_total: None })
}

/// Moves of `god-2x2x2` (all six faces; `--quick`: three, with one corner fixed) and the known totals.
fn god_case(quick: bool) -> (&'static str, u64, usize) {
    if quick {
        ("U,F,R", 3_674_160, 12)
    } else {
        ("U,D,F,B,R,L", 88_179_840, 12)
    }
}

fn god_about(quick: bool) -> String {
    let (moves, total, _) = god_case(quick);
    format!("God's algorithm on the 2x2x2 with {moves} (HTM): all {total} positions by distance, dense 2-bit table")
}

fn god_symmetry_about(quick: bool) -> String {
    let (moves, total, _) = god_case(quick);
    format!(
        "God's algorithm on the 2x2x2 with {moves} (HTM) from a definition with rotations: all {total} positions \
         by distance, the search reduced by the rotations that keep the moves"
    )
}

/// `god-2x2x2` and `god-2x2x2-symmetry`: the full enumeration; checks the total and the number of
/// distances (and, with rotations, that the search was reduced).
fn god_2x2x2(name: &'static str, definition: &str, ctx: &Ctx) -> Result<CaseOutput, Failure> {
    let e = |e: twistsearch::Error| fail(name, e);
    let p = load(name, definition)?;
    let rotations = p.base_moves().iter().any(|b| b.rotation);
    let (moves, total, levels) = god_case(ctx.quick);
    let set = MoveSet::parse(&p, moves).map_err(e)?;
    let (mut samples, mut work) = (Vec::new(), Vec::new());
    for _ in 0..ctx.repeat {
        let t = Instant::now();
        let options = twistsearch::god::GodOptions::default();
        let r = twistsearch::god::gods_algorithm(&p, &set, &options, Control::none()).map_err(e)?;
        samples.push(t.elapsed().as_secs_f64());
        if r.total != total || r.counts.len() != levels {
            return Err(fail(
                name,
                format!("{} positions in {} distances; expected {total} in {levels}", r.total, r.counts.len()),
            ));
        }
        if r.reduced.is_some() != rotations {
            return Err(fail(name, format!("reduced by symmetry: {:?}, rotations: {rotations}", r.reduced)));
        }
        work.push(r.total);
    }
    // The depth table's size shows in the run's peak memory; `table` describes pruning tables.
    let time = Timing::with_work(samples, &work, "states/s");
    Ok(CaseOutput { time, table: None, warm: None, solves: Vec::new(), peer_total: None })
}

/// Depth and memory of `table-3x3x3`.
fn table_size(quick: bool) -> (u32, usize) {
    if quick {
        (5, 16 * MIB)
    } else {
        (7, 256 * MIB)
    }
}

fn table_about(quick: bool) -> String {
    let (depth, mem) = table_size(quick);
    format!("3x3x3 pruning table (all moves, HTM, {} MiB) filled to depth {depth}", mem / MIB)
}

/// `table-3x3x3`: fills the 3x3x3 table to a fixed depth; checks the fill generated exactly the
/// canonical sequences of each length.
fn table_3x3x3(ctx: &Ctx) -> Result<CaseOutput, Failure> {
    const NAME: &str = "table-3x3x3";
    let e = |e: twistsearch::Error| fail(NAME, e);
    let p = load(NAME, CUBE_3)?;
    let set = MoveSet::all(&p).map_err(e)?;
    let fsm = CanonFsm::new(&p, &set, Metric::Htm).map_err(e)?;
    let (depth, memory_bytes) = table_size(ctx.quick);
    let expected: BigUint = canonical_counts(&fsm, depth).map_err(e)?.iter().sum();
    let options = TableOptions { memory_bytes, state_count_hint: None, depth: Some(depth), symmetry: false };
    let (mut samples, mut work) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..ctx.repeat {
        let t = Instant::now();
        let table = PruneTable::new(&p, &set, &fsm, p.solved().as_bytes(), &options, Control::none()).map_err(e)?;
        samples.push(t.elapsed().as_secs_f64());
        let leaves: u64 = table.stats().iter().map(|d| d.leaves).sum();
        if table.filled_depth() != depth || BigUint::from(leaves) != expected {
            return Err(fail(
                NAME,
                format!(
                    "the table was filled to depth {} with {leaves} states; expected depth {depth} with {expected}",
                    table.filled_depth()
                ),
            ));
        }
        work.push(leaves);
        let entries_set = table.stats().iter().map(|d| d.entries_set).sum();
        last = Some((table.bytes(), table.entries(), entries_set));
    }
    let (bytes, entries, entries_set) = last.expect("at least one repetition");
    let time = Timing::with_work(samples, &work, "states/s");
    let table =
        TableInfo { depth, build_depth: depth, bytes, entries, entries_set, build: time.clone(), complete: false };
    Ok(CaseOutput { time, table: Some(table), warm: None, solves: Vec::new(), peer_total: None })
}

/// Depth and memory of `table-3x3x3-symmetry`.
fn table_symmetry_size(quick: bool) -> (u32, usize) {
    if quick {
        (6, 16 * MIB)
    } else {
        (8, 256 * MIB)
    }
}

fn table_symmetry_about(quick: bool) -> String {
    let (depth, mem) = table_symmetry_size(quick);
    format!(
        "3x3x3 pruning table reduced by its 24 rotations (all moves, HTM, {} MiB) filled to depth {depth}",
        mem / MIB
    )
}

/// The 3x3x3's positions at each distance in the half-turn metric, up to 8.
const CUBE_3_DISTANCES: [u64; 9] = [1, 18, 243, 3240, 43239, 574908, 7618438, 100803036, 1332343288];

/// `table-3x3x3-symmetry`: fills the symmetry-reduced 3x3x3 table to a fixed depth; checks it was
/// reduced by 24 rotations and holds at least the classes' share of each distance, less collisions.
fn table_3x3x3_symmetry(ctx: &Ctx) -> Result<CaseOutput, Failure> {
    const NAME: &str = "table-3x3x3-symmetry";
    let e = |e: twistsearch::Error| fail(NAME, e);
    let p = load(NAME, CUBE_3_SYMM)?;
    let set = MoveSet::all(&p).map_err(e)?;
    let fsm = CanonFsm::new(&p, &set, Metric::Htm).map_err(e)?;
    let (depth, memory_bytes) = table_symmetry_size(ctx.quick);
    let options = TableOptions { memory_bytes, state_count_hint: None, depth: Some(depth), symmetry: true };
    let (mut samples, mut work) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..ctx.repeat {
        let t = Instant::now();
        let table = PruneTable::new(&p, &set, &fsm, p.solved().as_bytes(), &options, Control::none()).map_err(e)?;
        samples.push(t.elapsed().as_secs_f64());
        let leaves: u64 = table.stats().iter().map(|d| d.leaves).sum();
        let entries_set: u64 = table.stats().iter().map(|d| d.entries_set).sum();
        let classes: u64 = CUBE_3_DISTANCES[..=depth as usize].iter().map(|n| n / 24).sum();
        if table.filled_depth() != depth || table.symmetries() != 24 || entries_set < classes * 9 / 10 {
            return Err(fail(
                NAME,
                format!(
                    "the table was filled to depth {} by {} symmetries with {entries_set} entries; expected depth \
                     {depth} by 24 with about {classes}",
                    table.filled_depth(),
                    table.symmetries()
                ),
            ));
        }
        work.push(leaves);
        last = Some((table.bytes(), table.entries(), entries_set));
    }
    let (bytes, entries, entries_set) = last.expect("at least one repetition");
    let time = Timing::with_work(samples, &work, "states/s");
    let table =
        TableInfo { depth, build_depth: depth, bytes, entries, entries_set, build: time.clone(), complete: false };
    Ok(CaseOutput { time, table: Some(table), warm: None, solves: Vec::new(), peer_total: None })
}

/// Memory budget of the tperm case's table (the CLI's default).
const TPERM_MEMORY: usize = twistsearch::search::DEFAULT_MEMORY;

/// Warm calls after each first call of `tperm`.
const WARM_CALLS: usize = 3;

fn tperm_about(quick: bool) -> String {
    format!(
        "T-perm (tperm.scr) solved optimally on the 3x3x3 (HTM, {} MiB table, membership test included as \
         in `solve`): first call with a new solver (table build included), then {} warm calls (table kept)",
        TPERM_MEMORY / MIB,
        warm_calls(quick)
    )
}

fn warm_calls(quick: bool) -> usize {
    if quick {
        1
    } else {
        WARM_CALLS
    }
}

/// `tperm`: `twistsearch solve 3x3x3.tws tperm.scr` in-process, then the same solve again and again.
fn tperm(ctx: &Ctx) -> Result<CaseOutput, Failure> {
    const NAME: &str = "tperm";
    let e = |e: twistsearch::Error| fail(NAME, e);
    let p = Arc::new(load(NAME, CUBE_3)?);
    let file = parse_scrambles(&p, TPERM).map_err(|err| fail("tperm.scr", err))?;
    let entry = file.scrambles.first().ok_or_else(|| fail("tperm.scr", "no scramble"))?;
    let (ScrambleKind::Alg(alg), Some(state)) = (&entry.kind, &entry.state) else {
        return Err(fail("tperm.scr", "expected a ScrambleAlg block"));
    };
    let scramble_length = alg.expand(&p).map_err(e)?.len();
    let (mut first, mut build, mut build_work, mut solve, mut solve_nodes) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut warm, mut warm_nodes) = (Vec::new(), Vec::new());
    let mut result: Option<(String, usize, TableDepths)> = None;
    let options = SolveOptions::default();
    for _ in 0..ctx.repeat {
        let t0 = Instant::now();
        let mut solver = Solver::new(
            Arc::clone(&p),
            SolverOptions {
                memory_bytes: TPERM_MEMORY,
                initial_memory_bytes: Some(TPERM_MEMORY),
                ..SolverOptions::default()
            },
            Control::none(),
        )
        .map_err(e)?;
        build.push(t0.elapsed().as_secs_f64());
        build_work.push(solver.table().stats().iter().map(|d| d.leaves).sum());
        let build_depth = solver.table().filled_depth();
        let t1 = Instant::now();
        let report = solver.solve(state, &options, Control::none()).map_err(e)?;
        solve.push(t1.elapsed().as_secs_f64());
        first.push(t0.elapsed().as_secs_f64());
        solve_nodes.push(report.nodes);
        let sol = checked_solution(NAME, &p, state, &report.solutions, scramble_length)?;
        let alg = solver.alg_string(&sol);
        for _ in 0..warm_calls(ctx.quick) {
            let t = Instant::now();
            let again = solver.solve(state, &options, Control::none()).map_err(e)?;
            warm.push(t.elapsed().as_secs_f64());
            warm_nodes.push(again.nodes);
            let s = checked_solution(NAME, &p, state, &again.solutions, scramble_length)?;
            if s.len() != sol.len() {
                return Err(fail(NAME, "a warm call found a solution of another length"));
            }
        }
        let depths = TableDepths::of(solver.table(), build_depth);
        if let Some((_, len, _)) = &result {
            if *len != sol.len() {
                return Err(fail(NAME, "repetitions found optimal solutions of different lengths"));
            }
        }
        result = Some((alg, sol.len(), depths));
    }
    let (solution, solution_length, d) = result.expect("at least one repetition");
    let table = d.info(Timing::with_work(build, &build_work, "states/s"));
    let first_solve = SolveInfo {
        name: format!("{} (first call's solve)", entry.name),
        scramble: alg.to_string(),
        scramble_length,
        solution,
        solution_length,
        time: Timing::with_work(solve, &solve_nodes, "nodes/s"),
        peer: None,
    };
    Ok(CaseOutput {
        time: Timing::plain(first),
        table: Some(table),
        warm: Some(Timing::with_work(warm, &warm_nodes, "nodes/s")),
        solves: vec![first_solve],
        peer_total: None,
    })
}

/// A table's depths and size at the end of a run.
struct TableDepths {
    build: u32,
    end: u32,
    bytes: usize,
    entries: usize,
    entries_set: u64,
}

impl TableDepths {
    /// A table as it is now, first filled to `build` when built.
    fn of(table: &PruneTable, build: u32) -> TableDepths {
        TableDepths {
            build,
            end: table.filled_depth(),
            bytes: table.bytes(),
            entries: table.entries(),
            entries_set: table.stats().iter().map(|d| d.entries_set).sum(),
        }
    }

    /// The report of the table, with its build's timing.
    fn info(self, build: Timing) -> TableInfo {
        let TableDepths { build: build_depth, end, bytes, entries, entries_set } = self;
        TableInfo { depth: end, build_depth, bytes, entries, entries_set, build, complete: false }
    }
}

/// A short-scramble case: a puzzle and the scrambles solved on it.
pub struct Short {
    name: &'static str,
    puzzle: &'static str,
    /// Scramble lengths, and scrambles of each length (full size).
    lengths: &'static [usize],
    per_length: usize,
    /// The same with `--quick`.
    quick_lengths: &'static [usize],
    quick_per_length: usize,
    /// Table memory budget in MiB (full size; `--quick` uses 16 MiB).
    memory_mb: usize,
    /// Seed of the scramble walks.
    seed: u64,
}

const SHORT_3: Short = Short {
    name: "3x3x3-short",
    puzzle: CUBE_3,
    lengths: &[8, 10, 12],
    per_length: 2,
    quick_lengths: &[6],
    quick_per_length: 2,
    memory_mb: 256,
    seed: 0x3333,
};

const SHORT_4: Short = Short {
    name: "4x4x4-short",
    puzzle: CUBE_4,
    lengths: &[5, 7, 9],
    per_length: 2,
    quick_lengths: &[4],
    quick_per_length: 1,
    memory_mb: 256,
    seed: 0x4444,
};

const SHORT_MEGAMINX: Short = Short {
    name: "megaminx-short",
    puzzle: MEGAMINX,
    lengths: &[5, 7, 9],
    per_length: 2,
    quick_lengths: &[4],
    quick_per_length: 1,
    memory_mb: 256,
    seed: 0x5555,
};

impl Short {
    /// Lengths, scrambles per length and memory budget in bytes.
    fn size(&self, quick: bool) -> (&'static [usize], usize, usize) {
        if quick {
            (self.quick_lengths, self.quick_per_length, 16 * MIB)
        } else {
            (self.lengths, self.per_length, self.memory_mb * MIB)
        }
    }
}

fn short_about(s: &Short, quick: bool) -> String {
    let (lengths, per, mem) = s.size(quick);
    let name = s.name.trim_end_matches("-short");
    let lengths: Vec<String> = lengths.iter().map(|l| l.to_string()).collect();
    format!(
        "{per} fixed scramble(s) of each of {} moves on the {name} solved optimally (HTM, {} MiB table built \
         once per run, then every repetition solves them all)",
        lengths.join(", "),
        mem / MIB
    )
}

/// A short-scramble case: builds the solver, then each repetition solves every scramble.
fn short(spec: &Short, ctx: &Ctx) -> Result<CaseOutput, Failure> {
    let name = spec.name;
    let e = |e: twistsearch::Error| fail(name, e);
    let p = Arc::new(load(name, spec.puzzle)?);
    let set = MoveSet::all(&p).map_err(e)?;
    let fsm = CanonFsm::new(&p, &set, Metric::Htm).map_err(e)?;
    let (lengths, per, memory_bytes) = spec.size(ctx.quick);
    let mut scrambles: Vec<(String, Vec<MoveRef>, State)> = Vec::new();
    for &len in lengths {
        for i in 0..per {
            let seed = spec.seed.wrapping_mul(1_000_003).wrapping_add((len * 1000 + i) as u64);
            let moves = canonical_walk(&set, &fsm, len, seed)
                .ok_or_else(|| fail(name, format!("no canonical sequence of {len} moves")))?;
            let state = p.apply_moves(p.solved(), &moves);
            scrambles.push((format!("{len}-moves #{}", i + 1), moves, state));
        }
    }
    let t = Instant::now();
    let mut solver = Solver::new(
        Arc::clone(&p),
        SolverOptions {
            moves: Some(set),
            memory_bytes,
            initial_memory_bytes: Some(memory_bytes),
            ..SolverOptions::default()
        },
        Control::none(),
    )
    .map_err(e)?;
    let build = t.elapsed().as_secs_f64();
    let build_leaves: u64 = solver.table().stats().iter().map(|d| d.leaves).sum();
    let build_depth = solver.table().filled_depth();
    // Made by moves of the set: reachable, as `solve --scramble` knows too.
    let options = SolveOptions { known_reachable: true, ..SolveOptions::default() };
    let n = scrambles.len();
    let (mut seconds, mut nodes) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    let mut solutions: Vec<Option<Vec<MoveRef>>> = vec![None; n];
    let (mut totals, mut total_nodes) = (Vec::new(), Vec::new());
    for _ in 0..ctx.repeat {
        let (mut total, mut total_n) = (0.0, 0u64);
        for (i, (_, moves, state)) in scrambles.iter().enumerate() {
            let t = Instant::now();
            let report = solver.solve(state, &options, Control::none()).map_err(e)?;
            let s = t.elapsed().as_secs_f64();
            let sol = checked_solution(name, &p, state, &report.solutions, moves.len())?;
            match &solutions[i] {
                Some(prev) if prev.len() != sol.len() => {
                    return Err(fail(name, "repetitions found optimal solutions of different lengths"));
                }
                Some(_) => {}
                None => solutions[i] = Some(sol),
            }
            seconds[i].push(s);
            nodes[i].push(report.nodes);
            total += s;
            total_n += report.nodes;
        }
        totals.push(total);
        total_nodes.push(total_n);
    }
    let solves = scrambles
        .iter()
        .enumerate()
        .map(|(i, (label, moves, _))| {
            let sol = solutions[i].as_ref().expect("solved at least once");
            SolveInfo {
                name: label.clone(),
                scramble: solver.alg_string(moves),
                scramble_length: moves.len(),
                solution: solver.alg_string(sol),
                solution_length: sol.len(),
                time: Timing::with_work(seconds[i].clone(), &nodes[i], "nodes/s"),
                peer: None,
            }
        })
        .collect();
    let table = solver.table();
    let table = TableDepths::of(table, build_depth).info(Timing::with_work(vec![build], &[build_leaves], "states/s"));
    Ok(CaseOutput {
        time: Timing::with_work(totals, &total_nodes, "nodes/s"),
        table: Some(table),
        warm: None,
        solves,
        peer_total: None,
    })
}
