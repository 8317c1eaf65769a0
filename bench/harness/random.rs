//! `3x3x3-random`: optimal solutions of uniformly random 3x3x3 positions (17–18 moves for most), by
//! the cube's own IDA* with Kociemba's huge table along the three axes ([`CubeBound`], `--cube-bound
//! huge`); `3x3x3-random-exact`: the same positions with the table's distances (`huge-exact`, so the
//! inverses are looked up too); `3x3x3-random-layers`: the same positions with the table that keeps the
//! corners in their layers too (`layers`, 3.9 GB in trits); `3x3x3-random-parity`: with the table that
//! also keeps the corners' permutation even, reduced by the mirrors too (`layers-parity`, 3.9 GB in
//! trits); `--quick`: random walks of 10 moves with the phase-1 table. The positions are drawn from a
//! fixed seed, so every run solves the same ones; each is solved once (the positions are the samples:
//! the headline median is the median position). The table is built once per run (minutes) or read from
//! `--cache-dir`, where it is written after a build.

use std::sync::Arc;
use std::time::Instant;

use crate::case::{checked_solution, CaseOutput, Ctx, SolveInfo, TableInfo, Timing};
use crate::data::{load, CUBE_3_SYMM};
use crate::failure::{fail, Failure};
use crate::tables::TableCache;
use crate::walk::canonical_walk;
use twistsearch::canon::CanonFsm;
use twistsearch::control::Control;
use twistsearch::group::{puzzle_chain, rng_from_seed};
use twistsearch::model::moveset::Metric;
use twistsearch::search::random_position;
use twistsearch::solvers::cube3::CubeTable;
use twistsearch::{MoveSet, State};

/// The case's name for the huge table `kind`.
fn name(kind: CubeTable) -> &'static str {
    match kind {
        CubeTable::HugeExact => "3x3x3-random-exact",
        CubeTable::Layers => "3x3x3-random-layers",
        CubeTable::LayersParity => "3x3x3-random-parity",
        _ => "3x3x3-random",
    }
}

/// A position: its name, how it was made (an alg, or a draw), the alg's length, the state, and the
/// longest a solution may be.
type Drawn = (String, String, usize, State, usize);
/// Random positions solved (`--quick`: walks).
const POSITIONS: usize = 10;
const QUICK_POSITIONS: usize = 2;
const SEED: u64 = 0x3a3a;

pub fn about(kind: CubeTable, quick: bool) -> String {
    if quick {
        let table = if kind == CubeTable::LayersParity {
            "phase-1 table with the parity (16 symmetries)"
        } else {
            "phase-1 table"
        };
        format!("{QUICK_POSITIONS} random walks of 10 moves on the 3x3x3 solved optimally by the cube's own search with the {table} along three axes")
    } else {
        let table = match kind {
            CubeTable::HugeExact => "Kociemba's huge table (3.3 GB of distances; the inverses looked up too)",
            CubeTable::Layers => "the table of phase 1 with the corners kept in their layers (3.9 GB of trits)",
            CubeTable::LayersParity => {
                "the table of phase 1 with the corners kept in their layers and their permutation even, reduced by \
                 16 symmetries (3.9 GB of trits)"
            }
            _ => "Kociemba's huge table (1.7 GB of residues)",
        };
        format!(
            "{POSITIONS} uniformly random 3x3x3 positions (fixed seed) solved optimally (HTM) by the cube's own \
             search with {table} along three axes, each once: the median is the median position; the table \
             built once (minutes) or read from --cache-dir"
        )
    }
}

pub fn run(huge: CubeTable, ctx: &Ctx) -> Result<CaseOutput, Failure> {
    let name = name(huge);
    let e = |e: twistsearch::Error| fail(name, e);
    let p = Arc::new(load(name, CUBE_3_SYMM)?);
    let set = MoveSet::all(&p).map_err(e)?;
    let alg = |m: &[twistsearch::MoveRef]| m.iter().map(|&x| p.move_name(x)).collect::<Vec<_>>().join(" ");
    let (kind, positions): (CubeTable, Vec<Drawn>) = if ctx.quick {
        let fsm = CanonFsm::new(&p, &set, Metric::Htm).map_err(e)?;
        let walks = (0..QUICK_POSITIONS as u64)
            .map(|i| {
                let moves = canonical_walk(&set, &fsm, 10, SEED + i).ok_or_else(|| fail(name, "no walk"))?;
                let state = p.apply_moves(p.solved(), &moves);
                Ok((format!("walk-{}", i + 1), alg(&moves), moves.len(), state, moves.len()))
            })
            .collect::<Result<_, Failure>>()?;
        // The small table of the same family: with the parity, the sixteen symmetries' path too.
        let small = if huge == CubeTable::LayersParity { CubeTable::Phase1Parity } else { CubeTable::Phase1 };
        (small, walks)
    } else {
        let chain = puzzle_chain(&p, &set).map_err(e)?;
        let mut rng = rng_from_seed(Some(SEED)).map_err(e)?;
        let states = (0..POSITIONS)
            .map(|i| {
                let state = random_position(&p, &chain, &mut rng).map_err(e)?;
                Ok((format!("random-{}", i + 1), "a random state".to_string(), 0, state, 20))
            })
            .collect::<Result<_, Failure>>()?;
        (huge, states)
    };
    let cache = ctx.cache_dir.as_deref().map(|d| TableCache::new(Some(d), None)).transpose()?.flatten();
    let t = Instant::now();
    let (bound, _) = crate::tables::cube_bound(cache.as_ref(), &p, kind, usize::MAX, Control::none()).map_err(e)?;
    let build = t.elapsed().as_secs_f64();
    let mut seconds = Vec::new();
    let mut solves = Vec::new();
    for (name, made, made_length, state, longest) in &positions {
        let t = Instant::now();
        let s = bound.solve(state, Control::none()).map_err(e)?;
        let secs = t.elapsed().as_secs_f64();
        let sol = checked_solution(name, &p, state, std::slice::from_ref(&s.moves), *longest)?;
        seconds.push(secs);
        solves.push(SolveInfo {
            name: name.clone(),
            scramble: made.clone(),
            scramble_length: *made_length,
            solution: alg(&sol),
            solution_length: sol.len(),
            time: Timing::with_work(vec![secs], &[s.nodes], "nodes/s"),
            peer: None,
        });
    }
    let entries = kind.entries();
    let table = TableInfo {
        depth: 0,
        build_depth: 0,
        bytes: bound.table_bytes(),
        entries: entries as usize,
        entries_set: entries,
        build: Timing::plain(vec![build]),
        complete: true,
    };
    Ok(CaseOutput { time: Timing::plain(seconds), table: Some(table), warm: None, solves, peer_total: None })
}
