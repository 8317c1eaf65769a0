//! The coset method of God's algorithm against the dense one (2x2x2 ⟨U,F,R⟩ HTM and QTM, pyraminx,
//! skewb, the 3x3x3 ⟨U,R⟩ group), with few and many stored levels and several coset sizes; work units
//! that merge to the one-process counts and refuse to merge when one is missing, doubled or foreign;
//! cancellation; `max_depth`; and (ignored, release) the full 2x2x2 and the 3x3x3 edges group's figures.

mod common;

use std::sync::atomic::AtomicBool;

use twistsearch::control::Control;
use twistsearch::god::cosets::{coset_enumeration, merge_units, CosetOptions, UnitCounts};
use twistsearch::god::{gods_algorithm, GodOptions, Method};
use twistsearch::moveset::Metric;
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
            o.letters = Some(letters);
            o.store_depth = Some(store);
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
    agree("puzzles/main/2x2x2.tws", Some("U,F,R"), Metric::Htm, &[(1, 6), (2, 6), (3, 7), (4, 11)]);
    agree("puzzles/main/2x2x2.tws", Some("U,F,R"), Metric::Qtm, &[(2, 7), (1, 9)]);
}

#[test]
fn pyraminx_skewb_and_the_two_generator_cube() {
    agree("puzzles/main/pyraminx.tws", None, Metric::Htm, &[(1, 6), (2, 7)]);
    agree("puzzles/main/skewb.tws", None, Metric::Htm, &[(1, 6), (2, 8)]);
    agree("puzzles/main/3x3x3.tws", Some("U,R"), Metric::Htm, &[(2, 8)]);
}

#[test]
fn units_merge_to_the_whole_and_refuse_gaps_doubles_and_strangers() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let whole = cosets(&p, Some("U,F,R"), |o| o.letters = Some(2));
    let run = |unit| {
        cosets(&p, Some("U,F,R"), |o| {
            o.letters = Some(2);
            o.store_depth = Some(6);
            o.units = 5;
            o.unit = unit;
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
        o.letters = Some(2);
        o.units = 5;
        o.unit = 2;
        o.max_depth = Some(9);
    });
    assert!(merge_units(&foreign).unwrap_err().to_string().contains("belongs to another run"));
    // A unit out of range is refused before any work.
    let e = coset_enumeration(
        &p,
        &set(&p, Some("U,F,R")),
        &CosetOptions { units: 3, unit: 3, ..Default::default() },
        Control::none(),
    );
    assert!(e.unwrap_err().to_string().contains("unit 3 is not one of units 0..3"));
}

#[test]
fn max_depth_stops_and_cancel_gives_no_counts() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let want = dense(&p, Some("U,F,R"), Metric::Htm);
    for (depth, store) in [(4u32, 2u32), (9, 5), (11, 6)] {
        let r = cosets(&p, Some("U,F,R"), |o| {
            o.max_depth = Some(depth);
            o.store_depth = Some(store);
        });
        assert_eq!(r.counts, want[..=depth as usize], "max depth {depth}");
        assert_eq!(r.complete, depth == 11);
    }
    // Through the God's-algorithm entry point too.
    let o = GodOptions { method: Method::Cosets, max_depth: Some(7), ..GodOptions::default() };
    assert_eq!(gods_algorithm(&p, &set(&p, Some("U,F,R")), &o, Control::none()).unwrap().counts, want[..=7]);
    // Stored levels that cannot reach the diameter are an error, not short counts.
    let e = coset_enumeration(
        &p,
        &set(&p, Some("U,F,R")),
        &CosetOptions { store_depth: Some(4), ..Default::default() },
        Control::none(),
    );
    assert!(e.unwrap_err().to_string().contains("reach distance 8 only"));
    let cancel = AtomicBool::new(true);
    let e =
        coset_enumeration(&p, &set(&p, Some("U,F,R")), &CosetOptions::default(), Control::none().with_cancel(&cancel));
    assert!(e.unwrap_err().is_cancelled());
}

/// The full 2x2x2 (HTM and QTM): `cargo test --release --test god_cosets -- --ignored full_two`.
#[test]
#[ignore]
fn full_two_by_two_htm_and_qtm() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let htm = cosets(&p, None, |_| {});
    assert_eq!(htm.counts, [1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736]);
    let qtm = cosets(&p, None, |o| o.metric = Metric::Qtm);
    assert_eq!(qtm.counts, dense(&p, None, Metric::Qtm));
}
