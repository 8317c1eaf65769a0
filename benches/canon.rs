//! Canonical-sequence automata: building them and counting sequences by dynamic programming.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use twistsearch::canon::{branching_factor, canonical_counts, CanonFsm};
use twistsearch::model::moveset::Metric;
use twistsearch::{MoveSet, Puzzle};

fn load(rel: &str) -> Puzzle {
    let path = format!("{}/tests/data/puzzles/{rel}", env!("CARGO_MANIFEST_DIR"));
    twistsearch::load_puzzle(&std::fs::read_to_string(&path).expect("sample puzzle")).expect("loads")
}

fn bench_canon(c: &mut Criterion) {
    let mut group = c.benchmark_group("canon");
    group.sample_size(10);
    for (name, rel) in
        [("3x3x3", "main/3x3x3.tws"), ("megaminx", "main/megaminx.tws"), ("20x20x20", "main/20x20x20.tws")]
    {
        let p = load(rel);
        let set = MoveSet::all(&p).unwrap();
        group.bench_function(format!("build/{name}/htm"), |b| {
            b.iter(|| black_box(CanonFsm::new(&p, &set, Metric::Htm).unwrap().states()))
        });
        group.bench_function(format!("build/{name}/qtm"), |b| {
            b.iter(|| black_box(CanonFsm::new(&p, &set, Metric::Qtm).unwrap().states()))
        });
        let fsm = CanonFsm::new(&p, &set, Metric::Htm).unwrap();
        group.bench_function(format!("counts_depth30/{name}"), |b| {
            b.iter(|| black_box(canonical_counts(&fsm, 30).unwrap().len()))
        });
        group.bench_function(format!("branching_factor/{name}"), |b| b.iter(|| black_box(branching_factor(&fsm))));
    }
    let p = load("main/2x2x2.tws");
    let set = MoveSet::all(&p).unwrap();
    group.bench_function("newcanon3/2x2x2", |b| {
        b.iter(|| black_box(CanonFsm::newcanon(&p, &set, Metric::Htm, 3).unwrap().states()))
    });
    group.finish();
}

criterion_group!(benches, bench_canon);
criterion_main!(benches);
