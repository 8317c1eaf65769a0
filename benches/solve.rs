//! End-to-end solving: T-perm optimal (table included) at 256 MiB, and solves with a prebuilt table of
//! fixed short scrambles (3x3x3 8 and 10 moves, 4x4x4 and megaminx 5 and 6 moves) and of random states
//! (2x2x2, skewb, pyraminx). Threads: rayon's default (one per core).

use std::sync::Arc;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use twistsearch::control::Control;
use twistsearch::group::{random_state, rng_from_seed};
use twistsearch::search::{SolveOptions, Solver, SolverOptions};
use twistsearch::tws::parse_scrambles;
use twistsearch::{MoveRef, MoveSet, Puzzle, State};

fn load(rel: &str) -> Puzzle {
    let path = format!("{}/tests/data/puzzles/{rel}", env!("CARGO_MANIFEST_DIR"));
    twistsearch::load_puzzle(&std::fs::read_to_string(&path).expect("sample puzzle")).expect("loads")
}

/// A fixed pseudo-random walk of `len` moves without immediate same-move repeats.
fn walk(p: &Puzzle, len: usize, seed: u64) -> State {
    let set = MoveSet::all(p).unwrap();
    let mut x = seed;
    let mut moves: Vec<MoveRef> = Vec::new();
    while moves.len() < len {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = set.moves()[(x >> 33) as usize % set.moves().len()].mv;
        if moves.last().is_none_or(|l| l.base != m.base) {
            moves.push(m);
        }
    }
    p.apply_moves(p.solved(), &moves)
}

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    let cube = Arc::new(load("main/3x3x3.tws"));
    let tperm = parse_scrambles(
        &cube,
        &std::fs::read_to_string(format!("{}/tests/data/puzzles/main/tperm.scr", env!("CARGO_MANIFEST_DIR"))).unwrap(),
    )
    .unwrap()
    .scrambles[0]
        .state
        .clone()
        .unwrap();
    group.bench_function("tperm_with_table_256MiB", |b| {
        b.iter(|| {
            let mut s = Solver::new(Arc::clone(&cube), SolverOptions::default(), Control::none()).unwrap();
            black_box(s.solve(&tperm, &SolveOptions::default(), Control::none()).unwrap().solutions.len())
        })
    });
    let cases: Vec<(&str, &str, Vec<usize>)> = vec![
        ("3x3x3", "main/3x3x3.tws", vec![8, 10]),
        ("4x4x4", "main/4x4x4.tws", vec![5, 6]),
        ("megaminx", "main/megaminx.tws", vec![5, 6]),
    ];
    for (name, rel, lengths) in cases {
        let p = Arc::new(load(rel));
        let mut s = Solver::new(Arc::clone(&p), SolverOptions::default(), Control::none()).unwrap();
        for len in lengths {
            let states: Vec<State> = (0..3).map(|i| walk(&p, len, 17 + i)).collect();
            group.bench_function(format!("{name}/{len}_moves_x3"), |b| {
                b.iter(|| {
                    for st in &states {
                        let o = SolveOptions { known_reachable: true, ..SolveOptions::default() };
                        black_box(s.solve(st, &o, Control::none()).unwrap().solutions.len());
                    }
                })
            });
        }
    }
    for (name, rel) in [("2x2x2", "main/2x2x2.tws"), ("skewb", "main/skewb.tws"), ("pyraminx", "main/pyraminx.tws")] {
        let p = Arc::new(load(rel));
        let mut s = Solver::new(Arc::clone(&p), SolverOptions::default(), Control::none()).unwrap();
        let mut rng = rng_from_seed(Some(7)).unwrap();
        let states: Vec<State> = (0..5)
            .map(|_| {
                let bytes = random_state(s.chain().unwrap(), p.solved().as_bytes(), &mut rng).unwrap();
                p.state_from_bytes(bytes).unwrap()
            })
            .collect();
        group.bench_function(format!("{name}/random_state_x5"), |b| {
            b.iter(|| {
                for st in &states {
                    let o = SolveOptions { known_reachable: true, ..SolveOptions::default() };
                    black_box(s.solve(st, &o, Control::none()).unwrap().solutions.len());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
