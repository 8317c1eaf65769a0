//! The coset method of God's algorithm against the dense one (2x2x2 ⟨U,F,R⟩ HTM and QTM, pyraminx,
//! skewb, the 3x3x3 ⟨U,R⟩ group), with few and many stored levels and several coset sizes; work units
//! that merge to the one-process counts and refuse to merge when one is missing, doubled or foreign;
//! cancellation; `max_depth`; the enumeration reduced by symmetry against a brute-force count of classes
//! (up to the rotations, and up to rotations and inverse) on 2x2x2 subgroups, the pyraminx, the 3x3x3
//! <U,R> and the edges group; and (ignored, release) the full 2x2x2 and the 3x3x3 edges group's figures.
//! A block of 17 pieces (a 17-gon turned and flipped) takes the bit-mask ranking of the pieces. A clock
//! times each distance.
#![cfg(feature = "cosets")]

mod common;

use std::sync::atomic::AtomicBool;

use twistsearch::control::Control;
use twistsearch::god::cosets::{coset_enumeration, merge_units, CosetOptions, UnitCounts};
use twistsearch::god::{gods_algorithm, CosetUnit, GodOptions, Method, Reduce};
use twistsearch::model::moveset::Metric;
use twistsearch::{MoveSet, Puzzle};

fn set(p: &Puzzle, moves: Option<&str>) -> MoveSet {
    match moves {
        Some(l) => MoveSet::parse(p, l).unwrap(),
        None => MoveSet::all(p).unwrap(),
    }
}

fn dense(p: &Puzzle, moves: Option<&str>, metric: Metric) -> Vec<u64> {
    let o = GodOptions { metric, method: Method::Dense, ..GodOptions::default() };
    gods_algorithm(p, &set(p, moves), &o, Control::none()).unwrap().counts
}

fn cosets(p: &Puzzle, moves: Option<&str>, f: impl FnOnce(&mut CosetOptions)) -> UnitCounts {
    let mut o = CosetOptions::default();
    f(&mut o);
    coset_enumeration(p, &set(p, moves), &o, Control::none()).unwrap()
}

/// The coset counts equal the dense ones for each (letters, stored depth).
fn agree(path: &str, moves: Option<&str>, metric: Metric, runs: &[(usize, u32)]) {
    let p = common::puzzle(path);
    let want = dense(&p, moves, metric);
    for &(letters, store) in runs {
        let r = cosets(&p, moves, |o| {
            o.metric = metric;
            o.cosets.letters = Some(letters);
            o.cosets.store_depth = Some(store);
        });
        assert_eq!(r.counts, want, "{path} {moves:?} {metric:?} letters {letters} stored {store}");
        assert!(r.complete);
        assert_eq!(r.counts.iter().sum::<u64>(), r.group_order);
        assert_eq!(r.stored_depth, store.min(want.len() as u32 - 1));
    }
}

#[test]
fn two_by_two_three_generators_htm_and_qtm() {
    assert_eq!(
        dense(&common::puzzle("puzzles/main/2x2x2.tws"), Some("U,F,R"), Metric::Htm),
        [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    agree("puzzles/main/2x2x2.tws", Some("U,F,R"), Metric::Htm, &[(1, 10), (2, 9), (3, 11)]);
    agree("puzzles/main/2x2x2.tws", Some("U,F,R"), Metric::Qtm, &[(2, 12), (1, 13)]);
}

/// Subgroups small enough for CI (the whole puzzles: the ignored test below).
#[test]
fn pyraminx_skewb_and_cube_subgroups() {
    agree("puzzles/main/pyraminx.tws", Some("L,R,F"), Metric::Htm, &[(1, 13), (2, 12)]);
    agree("puzzles/main/skewb.tws", Some("DFR,ULB,DLF"), Metric::Htm, &[(1, 15), (2, 14)]);
    agree("puzzles/main/3x3x3.tws", Some("U,R2"), Metric::Htm, &[(1, 10), (2, 12), (3, 16)]);
}

#[test]
fn units_merge_to_the_whole_and_refuse_gaps_doubles_and_strangers() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let whole = cosets(&p, Some("U,F,R"), |o| {
        o.cosets.letters = Some(2);
        o.cosets.store_depth = Some(10);
    });
    let run = |unit| {
        cosets(&p, Some("U,F,R"), |o| {
            o.cosets.letters = Some(2);
            o.cosets.store_depth = Some(10);
            o.cosets.units = 5;
            o.cosets.unit = unit;
        })
    };
    let units: Vec<UnitCounts> = (0..5).map(run).collect();
    assert!(units.iter().all(|u| u.cosets > 0 && u.cosets_total == units[0].cosets_total));
    let merged = merge_units(&units).unwrap();
    assert_eq!(merged.counts, whole.counts);
    assert!(merged.complete);
    // Units reordered merge the same; a missing, doubled or foreign unit is refused.
    let mut shuffled = units.clone();
    shuffled.reverse();
    assert_eq!(merge_units(&shuffled).unwrap(), merged);
    let e = merge_units(&units[..4]).unwrap_err().to_string();
    assert!(e.contains("1 of 5 units are missing: 4"), "{e}");
    let mut doubled = units.clone();
    doubled[4] = units[3].clone();
    assert!(merge_units(&doubled).unwrap_err().to_string().contains("unit 3 is given twice"));
    let mut foreign = units.clone();
    foreign[2] = cosets(&p, Some("U,F,R"), |o| {
        o.cosets.letters = Some(2);
        o.cosets.units = 5;
        o.cosets.unit = 2;
        o.max_depth = Some(5);
    });
    assert!(merge_units(&foreign).unwrap_err().to_string().contains("belongs to another run"));
    // A unit out of range is refused before any work.
    let e = coset_enumeration(
        &p,
        &set(&p, Some("U,F,R")),
        &CosetOptions { cosets: CosetUnit { units: 3, unit: 3, ..Default::default() }, ..Default::default() },
        Control::none(),
    );
    assert!(e.unwrap_err().to_string().contains("unit 3 is not one of units 0..3"));
}

#[test]
fn max_depth_stops_and_cancel_gives_no_counts() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let want = dense(&p, Some("U,F,R"), Metric::Htm);
    for (depth, store) in [(4u32, 2u32), (8, 5), (11, 10)] {
        let r = cosets(&p, Some("U,F,R"), |o| {
            o.max_depth = Some(depth);
            o.cosets.store_depth = Some(store);
        });
        assert_eq!(r.counts, want[..=depth as usize], "max depth {depth}");
        assert_eq!(r.complete, depth == 11);
    }
    // The dense and hash methods stop there too.
    for (method, depth) in [(Method::Dense, 5u32), (Method::Hash, 4), (Method::Auto, 0)] {
        let o = GodOptions { method, max_depth: Some(depth), antipodes: 2, ..GodOptions::default() };
        let r = gods_algorithm(&p, &set(&p, Some("U,F,R")), &o, Control::none()).unwrap();
        assert_eq!(r.counts, want[..=depth as usize], "{method:?}");
        assert!(r.antipodes.iter().all(|a| a.moves.len() == depth as usize));
    }
    // Through the God's-algorithm entry point too.
    let o = GodOptions { method: Method::Cosets, max_depth: Some(6), ..GodOptions::default() };
    assert_eq!(gods_algorithm(&p, &set(&p, Some("U,F,R")), &o, Control::none()).unwrap().counts, want[..=6]);
    // Stored levels that cannot reach the diameter are an error, not short counts.
    let e = coset_enumeration(
        &p,
        &set(&p, Some("U,F,R")),
        &CosetOptions { cosets: CosetUnit { store_depth: Some(4), ..Default::default() }, ..Default::default() },
        Control::none(),
    );
    assert!(e.unwrap_err().to_string().contains("reach distance 8 only"));
    let cancel = AtomicBool::new(true);
    let e =
        coset_enumeration(&p, &set(&p, Some("U,F,R")), &CosetOptions::default(), Control::none().with_cancel(&cancel));
    assert!(e.unwrap_err().is_cancelled());
}

/// The full 2x2x2 (HTM and QTM; HTM also reduced by its 24 rotations) and the 3x3x3 <U,R> group, with
/// every level stored (4 GiB):
/// `cargo test --release --test god_cosets -- --ignored whole`.
#[test]
#[ignore]
fn whole_two_by_two_and_two_generator_cube() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let big = |o: &mut CosetOptions| o.memory_bytes = 4 << 30;
    let htm = cosets(&p, None, big);
    let known = [1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736];
    assert_eq!(htm.counts, known);
    // Reduced by its 24 rotations, with the dense method's counts up to symmetry.
    let s = common::puzzle("puzzles/symm/2x2x2.tws");
    let reduced = cosets(&s, None, |o| {
        o.memory_bytes = 400 << 20;
        o.reduce = Reduce::Always;
    });
    assert_eq!(reduced.counts, known);
    let o = GodOptions { method: Method::Dense, symmetry: true, ..GodOptions::default() };
    let by_dense = gods_algorithm(&s, &MoveSet::all(&s).unwrap(), &o, Control::none()).unwrap();
    assert_eq!(reduced.classes, Some(by_dense.symmetry.unwrap().counts));
    let qtm = cosets(&p, None, |o| {
        big(o);
        o.metric = Metric::Qtm;
    });
    assert_eq!(qtm.counts, dense(&p, None, Metric::Qtm));
    let c = common::puzzle("puzzles/main/3x3x3.tws");
    assert_eq!(cosets(&c, Some("U,R"), big).counts, dense(&c, Some("U,R"), Metric::Htm));
}

/// With a clock the unit says where its time went: each distance formed from products (none through
/// the stored depth), the symmetry pre-calculation, the levels and the cosets. The clock here ticks one
/// second per reading, so every timed piece of work shows. Without a clock there are no times.
#[test]
fn a_clock_times_each_distance_formed() {
    let p = common::puzzle("puzzles/symm/2x2x2.tws");
    let moves = set(&p, Some("U,F,R"));
    let ticks = std::sync::atomic::AtomicU64::new(0);
    let clock = || ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed) as f64;
    let o = CosetOptions {
        reduce: Reduce::Always,
        cosets: CosetUnit { store_depth: Some(6), ..Default::default() },
        ..CosetOptions::default()
    };
    let r = coset_enumeration(&p, &moves, &o, Control::none().with_clock(&clock)).unwrap();
    assert_eq!(r.counts.len(), 12);
    assert_eq!(r.stored_depth, 6);
    assert_eq!(r.distance_ms.len(), r.counts.len());
    assert!(r.distance_ms[..=6].iter().all(|&m| m == 0), "{:?}", r.distance_ms);
    assert!(r.distance_ms[7..].iter().all(|&m| m >= 1000), "{:?}", r.distance_ms);
    assert!(r.symmetry_ms.unwrap() >= 1000 && r.store_ms >= 1000 && r.cosets_ms >= 1000);
    let untimed = coset_enumeration(&p, &moves, &o, Control::none()).unwrap();
    assert_eq!(untimed.counts, r.counts);
    assert!(untimed.distance_ms.is_empty() && untimed.symmetry_ms.is_none());
    assert_eq!((untimed.store_ms, untimed.cosets_ms), (0, 0));
    let json = serde_json::to_string(&untimed).unwrap();
    assert!(!json.contains("distance_ms") && !json.contains("symmetry_ms"));
}

/// A unit process killed halfway leaves no result file; run again, the units merge (through the CLI)
/// to the one-process table.
#[test]
fn a_killed_unit_leaves_nothing_and_its_rerun_merges() {
    let dir = std::env::temp_dir().join(format!("god-cosets-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let puzzle = common::data("puzzles/main/2x2x2.tws");
    let bin = env!("CARGO_BIN_EXE_twistsearch");
    let unit = |i: u32, store: &str| {
        let mut c = std::process::Command::new(bin);
        c.arg("god").arg(&puzzle).args(["--method", "cosets", "--moves", "U,F,R", "--letters", "2", "--threads", "1"]);
        c.args(["--units", "2", "--store-depth", store, "--json", "--out"]).arg(dir.join(format!("unit-{i}.json")));
        c.env("SLURM_ARRAY_TASK_ID", i.to_string());
        c
    };
    // Stored through distance 5 only, the unit takes many seconds: kill it after one.
    let mut slow = unit(0, "5").stdout(std::process::Stdio::null()).spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1000));
    slow.kill().unwrap();
    slow.wait().unwrap();
    assert!(!dir.join("unit-0.json").exists(), "a killed unit left a result");
    for i in [0, 1] {
        assert!(unit(i, "10").output().unwrap().status.success());
    }
    let (unit_0, unit_1) = (dir.join("unit-0.json"), dir.join("unit-1.json"));
    let (unit_0, unit_1) = (unit_0.to_str().unwrap(), unit_1.to_str().unwrap());
    let (code, merged, err) = common::cli_run(&["god-merge", unit_0, unit_1, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&merged).unwrap();
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let want = dense(&p, Some("U,F,R"), Metric::Htm);
    assert_eq!(v["counts"], serde_json::json!(want));
    assert_eq!(v["complete"], true);
    // A unit given twice is refused.
    let (code, _, err) = common::cli_run(&["god-merge", unit_0, unit_0, unit_1]);
    assert_ne!(code, 0);
    assert!(err.contains("given twice"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What a brute force finds: positions, classes up to the symmetries that keep the moves (the rotations
/// and declared symmetries generate them), and classes up to those symmetries and inverse, per distance;
/// and how many such symmetries there are.
struct Brute {
    counts: Vec<u64>,
    classes: Vec<u64>,
    inverse: Vec<u64>,
    symmetries: u64,
}

/// Every position through `depth` by breadth-first search over transformations; each canonicalized as
/// the smallest of its conjugates `r⁻¹ x r` by the elements the definition's rotations and declared
/// symmetries generate that map the moves onto themselves, and as the smaller of that and its inverse's.
fn brute(p: &Puzzle, moves: Option<&str>, metric: Metric, depth: usize) -> Brute {
    use std::collections::HashSet;
    let layout = p.layout();
    let set = set(p, moves);
    let edges: Vec<Vec<u8>> = set
        .moves()
        .iter()
        .filter(|m| metric == Metric::Htm || m.qtm_cost == 1)
        .map(|m| p.transform(m.mv).to_vec())
        .collect();
    let edge_set: HashSet<Vec<u8>> = edges.iter().cloned().collect();
    let mut rotations: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    for t in twistsearch::group::symmetry::symmetry_group(p).unwrap() {
        let inv = layout.invert(&t);
        if edges.iter().all(|e| edge_set.contains(&layout.compose(&layout.compose(&inv, e), &t))) {
            rotations.push((inv, t));
        }
    }
    let canon = |x: &[u8]| rotations.iter().map(|(inv, t)| layout.compose(&layout.compose(inv, x), t)).min().unwrap();
    let start = layout.identity();
    let mut seen: HashSet<Vec<u8>> = HashSet::from([start.clone()]);
    let mut frontier = vec![start];
    let mut out =
        Brute { counts: Vec::new(), classes: Vec::new(), inverse: Vec::new(), symmetries: rotations.len() as u64 };
    for _ in 0..=depth {
        let classes: HashSet<Vec<u8>> = frontier.iter().map(|x| canon(x)).collect();
        let inverse: HashSet<Vec<u8>> = frontier.iter().map(|x| canon(x).min(canon(&layout.invert(x)))).collect();
        out.counts.push(frontier.len() as u64);
        out.classes.push(classes.len() as u64);
        out.inverse.push(inverse.len() as u64);
        let mut next = Vec::new();
        for x in &frontier {
            for e in &edges {
                let y = layout.compose(x, e);
                if seen.insert(y.clone()) {
                    next.push(y);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    out
}

/// The coset method reduced by symmetry against the brute force, the plain coset method and (where it
/// fits) the dense method: positions, classes, classes up to inverse, through `depth` (`None`: the whole
/// group), for each (letters, stored depth).
fn agree_by_symmetry(p: &Puzzle, moves: Option<&str>, metric: Metric, depth: Option<u32>, runs: &[(usize, u32)]) {
    let b = brute(p, moves, metric, depth.map_or(usize::MAX, |d| d as usize));
    let o = GodOptions { metric, method: Method::Dense, max_depth: depth, ..GodOptions::default() };
    if let Ok(r) = gods_algorithm(p, &set(p, moves), &o, Control::none()) {
        assert_eq!(b.counts, r.counts, "{moves:?}: the brute force and the dense method");
    }
    let dense = b.counts.clone();
    for &(letters, store) in runs {
        let run = |reduce, cutoff| {
            cosets(p, moves, |o| {
                o.metric = metric;
                o.cosets.letters = Some(letters);
                o.cosets.store_depth = Some(store);
                o.max_depth = depth;
                o.reduce = reduce;
                o.cosets.mark_cutoff = cutoff;
            })
        };
        let (plain, reduced) = (run(Reduce::Never, None), run(Reduce::Always, None));
        let what = format!("{moves:?} {metric:?} letters {letters} stored {store}");
        // The pre-calculation deciding every sub-coset up front (cutoff 0), down to small ones (50), or
        // leaving sub-cosets of up to 65,536 positions (all of these small groups' cosets) to the
        // products, whichever the default picks: the same counts and classes.
        for cutoff in [0, 50, 1 << 16] {
            let other = run(Reduce::Always, Some(cutoff));
            assert_eq!(other.counts, reduced.counts, "{what}: cutoff {cutoff}");
            assert_eq!(other.classes, reduced.classes, "{what}: cutoff {cutoff}");
            assert_eq!(other.inverse_classes, reduced.inverse_classes, "{what}: cutoff {cutoff}");
        }
        assert_eq!(plain.counts, dense, "{what}: plain");
        assert_eq!(reduced.counts, dense, "{what}: weighted representatives");
        assert_eq!(reduced.symmetries, Some(b.symmetries), "{what}");
        assert_eq!(reduced.classes.as_deref(), Some(&b.classes[..]), "{what}: classes");
        assert_eq!(reduced.inverse_classes.as_deref(), Some(&b.inverse[..]), "{what}: classes with inverse");
        assert_eq!(plain.symmetries, None);
        assert!(reduced.cosets <= plain.cosets);
        assert_eq!(reduced.complete, plain.complete);
    }
}

/// The 2x2x2 with its rotations: <U,R> (the half turn about the UR edge swaps U and R) whole, in HTM
/// and QTM; <U,R,F> (the third turns about the URF corner) and all faces (24 rotations) through a few
/// distances.
#[test]
fn symmetry_classes_on_two_by_two_subgroups() {
    let p = common::puzzle("puzzles/symm/2x2x2.tws");
    agree_by_symmetry(&p, Some("U,R"), Metric::Htm, None, &[(1, 7), (2, 8), (3, 14)]);
    agree_by_symmetry(&p, Some("U,R"), Metric::Qtm, None, &[(2, 9)]);
    agree_by_symmetry(&p, Some("U,R,F"), Metric::Htm, Some(7), &[(2, 4), (1, 7)]);
    agree_by_symmetry(&p, None, Metric::Htm, Some(5), &[(1, 3), (2, 5)]);
    agree_by_symmetry(&p, None, Metric::Qtm, Some(5), &[(2, 3)]);
}

/// Pyraminx (tips and all) and the 3x3x3 <U,R> (numberings with unreachable numbers: the chain decides
/// which sub-cosets hold positions), through a few distances.
#[test]
fn symmetry_classes_on_pyraminx_and_cube_subgroup() {
    let p = common::puzzle("puzzles/symm/pyraminx.tws");
    agree_by_symmetry(&p, None, Metric::Htm, Some(5), &[(1, 3), (2, 5)]);
    let c = common::puzzle("puzzles/symm/3x3x3.tws");
    agree_by_symmetry(&c, Some("U,R"), Metric::Htm, Some(8), &[(1, 4), (2, 8)]);
}

/// A declared mirror (`Symmetry MIRROR` in `symm/3x3x3-mirror.tws`, edges only): on the edges' <U,F>
/// and <U,R> groups a rotation and a mirror keep the moves (4 symmetries against the rotations' 2), and
/// the classes still equal the brute force's. With the corners, a mirror keeps no move set: the same
/// symmetries and classes as without it.
#[test]
fn a_declared_mirror_on_edges_subgroups() {
    let c = common::puzzle("puzzles/symm/3x3x3-mirror.tws");
    assert_eq!(c.declared_symmetries().len(), 1);
    let edges = twistsearch::model::omit::omit_sets(&c, &["CORNERS".to_string()]).unwrap();
    assert_eq!(edges.declared_symmetries()[0].name, "MIRROR");
    assert_eq!(brute(&edges, Some("U,F"), Metric::Htm, 2).symmetries, 4);
    assert_eq!(brute(&edges, None, Metric::Htm, 1).symmetries, 48, "the rotations and the mirror");
    agree_by_symmetry(&edges, Some("U,F"), Metric::Htm, None, &[(1, 6), (2, 7), (3, 9)]);
    agree_by_symmetry(&edges, Some("U,R"), Metric::Qtm, None, &[(2, 7)]);
    let plain = common::puzzle("puzzles/symm/3x3x3.tws");
    let plain_edges = twistsearch::model::omit::omit_sets(&plain, &["CORNERS".to_string()]).unwrap();
    assert_eq!(brute(&plain_edges, Some("U,F"), Metric::Htm, 2).symmetries, 2);
    let with_corners = |p: &Puzzle| {
        cosets(p, Some("U,R"), |o| {
            o.max_depth = Some(6);
            o.reduce = Reduce::Always;
        })
    };
    let (a, b) = (with_corners(&c), with_corners(&plain));
    assert_eq!((a.symmetries, a.classes.clone()), (Some(2), b.classes.clone()));
    assert_eq!(a.counts, b.counts);
}

/// Anti-symmetry before the products: where every number is a position (a tight numbering, as on the
/// 3x3x3 edges) and every sub-coset is decided up front (cutoff 0), the representatives whose inverse's
/// class comes first are visited before the products and counted by that class's representative. A
/// small tight puzzle with a declared symmetry (`fliprow.tws`, 23,040 positions), whole, against the
/// brute force, at every cutoff.
#[test]
fn anti_symmetry_on_a_tight_puzzle() {
    let p = common::puzzle("puzzles/fliprow.tws");
    agree_by_symmetry(&p, None, Metric::Htm, None, &[(1, 9), (2, 10), (3, 12)]);
    agree_by_symmetry(&p, None, Metric::Htm, Some(12), &[(2, 6)]);
}

/// The 3x3x3 edges group through distance 5 (P[4] = 42,807): the pre-calculation covers every
/// representative of the group whatever the depth (minutes), so not in CI; the pre-calculation itself is
/// checked position by position on edges cosets by the `sym` module's unit tests.
/// `cargo test --release --test god_cosets -- --ignored edges`.
#[test]
#[ignore]
fn symmetry_classes_on_the_edges_group() {
    let c = common::puzzle("puzzles/symm/3x3x3.tws");
    let edges = twistsearch::model::omit::omit_sets(&c, &["CORNERS".to_string()]).unwrap();
    agree_by_symmetry(&edges, None, Metric::Htm, Some(5), &[(3, 3)]);
    assert_eq!(brute(&edges, None, Metric::Htm, 4).counts[4], 42_807);
}

/// The same with the mirror (`symm/3x3x3-mirror.tws`): the cube's 48 symmetries, with the cutoff the
/// run picks (a forced cutoff 0 would pair every coset's representatives with their inverses'
/// classes, about 5 s a coset: anti-symmetry is checked on `fliprow.tws` above).
/// `cargo test --release --test god_cosets -- --ignored edges_group_with`.
#[test]
#[ignore]
fn symmetry_classes_on_the_edges_group_with_the_mirror() {
    let m = common::puzzle("puzzles/symm/3x3x3-mirror.tws");
    let edges = twistsearch::model::omit::omit_sets(&m, &["CORNERS".to_string()]).unwrap();
    let b = brute(&edges, None, Metric::Htm, 5);
    assert_eq!(b.symmetries, 48);
    let r = cosets(&edges, None, |o| {
        o.cosets.letters = Some(3);
        o.cosets.store_depth = Some(3);
        o.max_depth = Some(5);
        o.reduce = Reduce::Always;
    });
    assert_eq!((r.counts, r.symmetries), (b.counts, Some(48)));
    assert_eq!(r.classes.as_deref(), Some(&b.classes[..]));
    assert_eq!(r.inverse_classes.as_deref(), Some(&b.inverse[..]));
}

/// Units of a run reduced by symmetry merge to its counts and classes.
#[test]
fn units_reduced_by_symmetry_merge_to_the_whole() {
    let p = common::puzzle("puzzles/symm/2x2x2.tws");
    let run = |units, unit| {
        cosets(&p, Some("U,R,F"), |o| {
            o.cosets.letters = Some(2);
            o.cosets.store_depth = Some(4);
            o.max_depth = Some(8);
            o.cosets.units = units;
            o.cosets.unit = unit;
            o.reduce = Reduce::Always;
        })
    };
    let whole = run(1, 0);
    let units: Vec<UnitCounts> = (0..4).map(|u| run(4, u)).collect();
    let merged = merge_units(&units).unwrap();
    assert_eq!(merged.counts, whole.counts);
    assert_eq!(merged.symmetries, Some(3));
    assert_eq!(merged.classes, whole.classes);
    assert_eq!(merged.inverse_classes, whole.inverse_classes);
    assert!(units.iter().all(|u| u.cosets_enumerated == whole.cosets_enumerated));
    // A unit of a plain run belongs to another run.
    let mut mixed = units.clone();
    mixed[1] = cosets(&p, Some("U,R,F"), |o| {
        o.cosets.letters = Some(2);
        o.cosets.store_depth = Some(4);
        o.max_depth = Some(8);
        o.cosets.units = 4;
        o.cosets.unit = 1;
        o.reduce = Reduce::Never;
    });
    assert!(merge_units(&mixed).unwrap_err().to_string().contains("belongs to another run"));
    // A definition without rotations: nothing to reduce by.
    let plain = common::puzzle("puzzles/main/2x2x2.tws");
    let o = CosetOptions { reduce: Reduce::Always, ..CosetOptions::default() };
    assert!(coset_enumeration(&plain, &set(&plain, Some("U,F,R")), &o, Control::none()).is_err());
}

/// A block of more than 16 pieces (a 17-gon turned and flipped: the dihedral group of order 34) ranks
/// its pieces by bit mask, not in nibbles: the coset counts still equal the dense ones, with the last
/// distance formed by products.
#[test]
fn a_block_of_seventeen_pieces() {
    let cycle: Vec<String> = (0..17).map(|i| ((i + 1) % 17 + 1).to_string()).collect();
    let flip: Vec<String> = (0..17).map(|i| (17 - i).to_string()).collect();
    let ident: Vec<String> = (1..=17).map(|i| i.to_string()).collect();
    let text = format!(
        "Name Gon17\nSet RING 17 1\nSolved\nRING\n{}\nEnd\nMove A\nRING\n{}\nEnd\nMove B\nRING\n{}\nEnd\n",
        ident.join(" "),
        cycle.join(" "),
        flip.join(" ")
    );
    let p = twistsearch::load_puzzle(&text).unwrap();
    // The dense index numbers all 17! arrangements: the hash method is the oracle here.
    let o = GodOptions { method: Method::Hash, ..GodOptions::default() };
    let want = gods_algorithm(&p, &set(&p, None), &o, Control::none()).unwrap().counts;
    assert_eq!(want.iter().sum::<u64>(), 34);
    let r = cosets(&p, None, |o| {
        o.cosets.letters = Some(6);
        o.cosets.store_depth = Some(1);
    });
    assert_eq!(r.counts, want);
    assert!(r.complete && r.stored_depth == 1 && want.len() > 2);
}

/// `gods_algorithm` is the coset method's one entry too: the reduction, the classes up to symmetry and
/// the work unit pass through it, and its report holds the unit's whole counts, the same as the coset
/// enumeration's own; the classes up to symmetry are the dense search's, and they need the reduction.
#[test]
fn gods_algorithm_runs_a_coset_unit_with_symmetry() {
    let p = common::puzzle("puzzles/symm/2x2x2.tws");
    let moves = set(&p, Some("U,F,R"));
    let cosets = twistsearch::god::CosetUnit { units: 2, unit: 1, ..Default::default() };
    let o = GodOptions { method: Method::Cosets, symmetry: true, cosets: cosets.clone(), ..GodOptions::default() };
    let r = gods_algorithm(&p, &moves, &o, Control::none()).unwrap();
    let own = CosetOptions { reduce: Reduce::Always, cosets: cosets.clone(), ..CosetOptions::default() };
    let unit = coset_enumeration(&p, &moves, &own, Control::none()).unwrap();
    assert_eq!(r.cosets.as_ref(), Some(&unit));
    assert_eq!((r.counts.as_slice(), r.total), (unit.counts.as_slice(), unit.counts.iter().sum()));
    let s = r.symmetry.unwrap();
    assert_eq!(Some(s.symmetries as u64), unit.symmetries);
    assert_eq!(Some(&s.counts), unit.classes.as_ref());
    // Both units together: the dense search's classes.
    let other = GodOptions { cosets: twistsearch::god::CosetUnit { unit: 0, ..cosets }, ..o.clone() };
    let first = gods_algorithm(&p, &moves, &other, Control::none()).unwrap().symmetry.unwrap();
    let dense = gods_algorithm(&p, &moves, &GodOptions { symmetry: true, ..GodOptions::default() }, Control::none())
        .unwrap()
        .symmetry
        .unwrap();
    let sum: Vec<u64> =
        (0..dense.counts.len()).map(|d| first.counts.get(d).unwrap_or(&0) + s.counts.get(d).unwrap_or(&0)).collect();
    assert_eq!((sum, first.symmetries), (dense.counts, dense.symmetries));
    // Without the reduction there are no classes: refused.
    let never = GodOptions { reduce: Reduce::Never, ..o };
    let e = gods_algorithm(&p, &moves, &never, Control::none()).unwrap_err();
    assert!(e.to_string().contains("only when reduced by symmetry"), "{e}");
}
