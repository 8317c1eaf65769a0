//! Applying moves to states: the inner loop of every search. Reports time per move on the 3x3x3 and the
//! megaminx (criterion prints throughput as elements = moves per second).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use twistsearch::{MoveRef, Puzzle};

const SEQUENCE: usize = 1000;

fn load(rel: &str) -> Puzzle {
    let path = format!("{}/tests/data/puzzles/{rel}", env!("CARGO_MANIFEST_DIR"));
    twistsearch::load_puzzle(&std::fs::read_to_string(&path).expect("sample puzzle")).expect("loads")
}

/// A fixed pseudo-random sequence of moves (a small LCG: the benchmark needs no quality randomness).
fn sequence(p: &Puzzle) -> Vec<MoveRef> {
    let moves: Vec<MoveRef> = p
        .base_moves()
        .iter()
        .enumerate()
        .filter(|(_, b)| !b.rotation)
        .flat_map(|(i, b)| (1..b.order as i64).map(move |k| (i, k)))
        .map(|(i, k)| p.move_ref(i, k))
        .collect();
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    (0..SEQUENCE)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            moves[(x >> 33) as usize % moves.len()]
        })
        .collect()
}

fn bench_puzzle(c: &mut Criterion, name: &str, rel: &str) {
    let p = load(rel);
    let seq = sequence(&p);
    let mut group = c.benchmark_group(format!("apply_move/{name}"));
    group.throughput(Throughput::Elements(SEQUENCE as u64));
    group.bench_function("state_bytes", |b| {
        let mut cur = p.solved().as_bytes().to_vec();
        let mut next = cur.clone();
        b.iter(|| {
            for &m in &seq {
                p.apply_into(black_box(&cur), m, &mut next);
                std::mem::swap(&mut cur, &mut next);
            }
            black_box(&cur);
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_puzzle(c, "3x3x3", "main/3x3x3.tws");
    bench_puzzle(c, "megaminx", "main/megaminx.tws");
    bench_puzzle(c, "5x5x5", "main/5x5x5.tws");
}

criterion_group!(apply, benches);
criterion_main!(apply);
