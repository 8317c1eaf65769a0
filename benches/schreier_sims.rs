//! Building a stabilizer chain (deterministic Schreier–Sims) of the group of every move of the 3x3x3,
//! 4x4x4, 7x7x7, megaminx and gigaminx. Small sample counts: the big puzzles take a good fraction of a second.

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use twistsearch::group::StabilizerChain;
use twistsearch::{MoveSet, Puzzle};

fn load(rel: &str) -> Puzzle {
    let path = format!("{}/tests/data/puzzles/{rel}", env!("CARGO_MANIFEST_DIR"));
    twistsearch::load_puzzle(&std::fs::read_to_string(&path).expect("sample puzzle")).expect("loads")
}

fn bench_puzzle(c: &mut Criterion, name: &str, rel: &str) {
    let p = load(rel);
    let set = MoveSet::all(&p).expect("the puzzle has moves");
    let gens = set.generator_transforms(&p);
    let mut group = c.benchmark_group("schreier_sims");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    group.bench_function(name, |b| {
        b.iter(|| StabilizerChain::new(p.layout(), black_box(&gens)).expect("builds").order())
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_puzzle(c, "3x3x3", "main/3x3x3.tws");
    bench_puzzle(c, "4x4x4", "main/4x4x4.tws");
    bench_puzzle(c, "megaminx", "main/megaminx.tws");
    bench_puzzle(c, "7x7x7", "main/7x7x7.tws");
    bench_puzzle(c, "gigaminx", "main/gigaminx.tws");
}

criterion_group!(schreier_sims, benches);
criterion_main!(schreier_sims);
