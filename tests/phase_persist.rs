//! Saved phase tables (`PhaseSolver::save_tables` / `with_saved_tables` / `tables_key`): they load to a
//! solver whose tables save to the same bytes and which solves as well, with projection tables and move
//! masks (the 3x3x3's compact tables) and with a full table (the 2x2x2 with tiny projections); damaged or
//! foreign bytes are refused, naming what differs.

mod common;

use std::sync::Arc;

use twistsearch::control::Control;
use twistsearch::model::moveset::Metric;
use twistsearch::phase::{PhaseSolveOptions, PhaseSolver, PhaseSolverOptions};
use twistsearch::{Alg, MoveSet, Puzzle};

fn cube(path: &str) -> Arc<Puzzle> {
    Arc::new(common::puzzle(path))
}

fn options(p: &Puzzle, phase: &str, cap: u64) -> PhaseSolverOptions {
    PhaseSolverOptions {
        phases: vec![MoveSet::parse(p, phase).unwrap()],
        projection_entries: Some(cap),
        move_masks: true,
        ..Default::default()
    }
}

#[test]
fn saved_tables_load_to_the_same_bytes_and_solutions() {
    let c333 = cube("puzzles/main/3x3x3.tws");
    let c222 = cube("puzzles/main/2x2x2.tws");
    let cases = [
        (c333, "U,D,F2,B2,R2,L2", 1u64 << 21, "R U2 F' L D B2 R' F2 U L'", false),
        (c222, "U,F2,R2", 64, "R U2 F' R U' F2 R'", true),
    ];
    for (p, phase, cap, alg, full) in cases {
        let options = options(&p, phase, cap);
        let built = PhaseSolver::new(p.clone(), options.clone(), Control::none()).unwrap();
        // A full table shows as a last table over every coordinate of its phase (the cap keeps projections
        // smaller; the masked ones stay beside a full table).
        let info = built.phase_info();
        let has_full = info.iter().any(|ph| {
            ph.tables.last().is_some_and(|(c, _)| c.len() == ph.coordinate_sizes.len() && ph.coordinate_sizes.len() > 1)
        });
        assert_eq!(has_full, full, "{phase}");
        let bytes = built.save_tables();
        assert_eq!(&bytes[..8], b"TWSPHASE");
        let loaded = PhaseSolver::with_saved_tables(p.clone(), options.clone(), &bytes, Control::none()).unwrap();
        assert_eq!(loaded.save_tables(), bytes);
        assert_eq!(loaded.phase_info(), info);
        let state = p.position(&Alg::parse(alg).unwrap()).unwrap();
        let solve = |s: &PhaseSolver| s.solve(&state, &PhaseSolveOptions::default(), Control::none()).unwrap();
        let (a, b) = (solve(&built), solve(&loaded));
        // Threads may find another solution of the same length first.
        assert_eq!(a.solution.len(), b.solution.len());
        assert_eq!(p.apply_moves(&state, &b.solution), *p.solved());
        assert_eq!(PhaseSolver::tables_key(&p, &options).unwrap().len(), 16);
    }
}

#[test]
fn damaged_and_foreign_tables_are_refused() {
    let p = cube("puzzles/main/2x2x2.tws");
    let bytes = PhaseSolver::new(p.clone(), options(&p, "U,F2,R2", 64), Control::none()).unwrap().save_tables();
    let load = |o: PhaseSolverOptions, b: &[u8]| {
        PhaseSolver::with_saved_tables(p.clone(), o, b, Control::none()).map(|_| ()).unwrap_err().to_string()
    };
    assert!(load(options(&p, "U,F2", 64), &bytes).contains("another chain of subgroups"));
    let mut qtm = options(&p, "U,F2,R2", 64);
    qtm.metric = Metric::Qtm;
    assert!(load(qtm, &bytes).contains("another metric"));
    let mut projections = options(&p, "U,F2,R2", 64);
    projections.full_tables = false;
    assert!(load(projections, &bytes).contains("another table plan"));
    let n = bytes.len();
    let mut damaged = bytes.clone();
    damaged[n - 5] ^= 0x10;
    let e = load(options(&p, "U,F2,R2", 64), &damaged);
    assert!(e.contains("chunk") || e.contains("checksum") || e.contains("inconsistent"), "{e}");
    assert!(load(options(&p, "U,F2,R2", 64), &bytes[..n - 1]).contains("truncated"));
    let other = cube("puzzles/main/3x3x3.tws");
    let e = PhaseSolver::with_saved_tables(
        other.clone(),
        options(&other, "U,D,F2,B2,R2,L2", 1 << 21),
        &bytes,
        Control::none(),
    )
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(e.contains("another puzzle"), "{e}");
}
