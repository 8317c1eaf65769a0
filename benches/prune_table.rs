//! The pruning table: filling the 3x3x3 table (all moves, half-turn metric, 256 MiB) to a fixed depth on
//! one and on two threads (throughput: leaves per second), and lookups of random states (hash and lookup
//! per second, with and without prefetching a batch first).
//!
//! Under `cargo bench` the fill goes to depth 7 (111 million leaves); when the benchmark runs once as a
//! test (`cargo test --all-targets`) it goes to depth 5.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use twistsearch::canon::CanonFsm;
use twistsearch::control::Control;
use twistsearch::model::moveset::Metric;
use twistsearch::prune::{PruneTable, TableOptions};
use twistsearch::{MoveSet, Puzzle};

/// Random states looked up per iteration.
const LOOKUPS: usize = 1 << 20;
/// States hashed and prefetched before they are looked up.
const BATCH: usize = 8;

fn load(rel: &str) -> Puzzle {
    let path = format!("{}/tests/data/puzzles/{rel}", env!("CARGO_MANIFEST_DIR"));
    twistsearch::load_puzzle(&std::fs::read_to_string(&path).expect("sample puzzle")).expect("loads")
}

/// Whether criterion measures (`cargo bench` passes `--bench`) rather than running each benchmark once.
fn measuring() -> bool {
    std::env::args().any(|a| a == "--bench")
}

fn options(depth: Option<u32>) -> TableOptions {
    TableOptions { memory_bytes: 256 << 20, state_count_hint: None, depth, symmetry: false }
}

fn bench_fill(c: &mut Criterion) {
    let p = load("main/3x3x3.tws");
    let set = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &set, Metric::Htm).unwrap();
    let depth = if measuring() { 7 } else { 5 };
    let build = || PruneTable::new(&p, &set, &fsm, p.solved().as_bytes(), &options(Some(depth)), Control::none());
    let leaves: u64 = build().unwrap().stats().iter().map(|d| d.leaves).sum();
    let mut group = c.benchmark_group("prune_fill/3x3x3");
    group.sample_size(10);
    group.throughput(Throughput::Elements(leaves));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        group.bench_function(format!("depth{depth}/threads{threads}"), |b| {
            b.iter(|| pool.install(|| black_box(build().unwrap().filled_depth())))
        });
    }
    group.finish();
}

/// `n` states along a pseudo-random walk (a small LCG: no quality randomness needed), flattened.
fn random_states(p: &Puzzle, set: &MoveSet, n: usize) -> Vec<u8> {
    let size = p.state_size();
    let mut out = vec![0u8; n * size];
    let mut cur = p.solved().as_bytes().to_vec();
    let mut next = cur.clone();
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for i in 0..n {
        for _ in 0..3 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = set.moves()[(x >> 33) as usize % set.moves().len()];
            p.apply_into(&cur, m.mv, &mut next);
            std::mem::swap(&mut cur, &mut next);
        }
        out[i * size..(i + 1) * size].copy_from_slice(&cur);
    }
    out
}

fn bench_lookup(c: &mut Criterion) {
    let p = load("main/3x3x3.tws");
    let set = MoveSet::all(&p).unwrap();
    let fsm = CanonFsm::new(&p, &set, Metric::Htm).unwrap();
    let depth = if measuring() { None } else { Some(4) };
    let table = PruneTable::new(&p, &set, &fsm, p.solved().as_bytes(), &options(depth), Control::none()).unwrap();
    let size = p.state_size();
    let states = random_states(&p, &set, LOOKUPS);
    let mut group = c.benchmark_group("prune_lookup/3x3x3");
    group.sample_size(10);
    group.throughput(Throughput::Elements(LOOKUPS as u64));
    group.bench_function("hash_lookup", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for s in states.chunks_exact(size) {
                sum += table.lookup(black_box(s)) as u64;
            }
            black_box(sum)
        })
    });
    group.bench_function("hash_prefetch_lookup", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            let mut hashes = [0u64; BATCH];
            for batch in states.chunks_exact(size * BATCH) {
                for (h, s) in hashes.iter_mut().zip(batch.chunks_exact(size)) {
                    *h = table.hash(black_box(s));
                    table.prefetch(*h);
                }
                for &h in &hashes {
                    sum += table.lookup_hash(h) as u64;
                }
            }
            black_box(sum)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_fill, bench_lookup);
criterion_main!(benches);
