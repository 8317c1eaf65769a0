//! Saved pruning tables: a saved table loads to the same table (same bytes, same lookups); damaged,
//! truncated, foreign or too large ones are refused with a reason, never trusted; a solver that loads a
//! table solves as one that filled it.

mod common;

use twistsearch::canon::CanonFsm;
use twistsearch::control::Control;
use twistsearch::model::moveset::Metric;
use twistsearch::prune::persist::{CHUNK_BYTES, FORMAT_VERSION, MAGIC};
use twistsearch::prune::{PruneTable, TableOptions};
use twistsearch::search::{SolveOptions, Solver, SolverOptions};
use twistsearch::{Alg, MoveSet, Puzzle};

const MIB: usize = 1 << 20;

/// What a table is built for.
struct For {
    puzzle: Puzzle,
    moves: MoveSet,
    fsm: CanonFsm,
    target: Vec<u8>,
}

fn setup(path: &str, moves: Option<&str>, metric: Metric) -> For {
    let puzzle = common::puzzle(path);
    let moves = match moves {
        Some(m) => MoveSet::parse(&puzzle, m).unwrap(),
        None => MoveSet::all(&puzzle).unwrap(),
    };
    let fsm = CanonFsm::new(&puzzle, &moves, metric).unwrap();
    let target = puzzle.solved().as_bytes().to_vec();
    For { puzzle, moves, fsm, target }
}

fn build(f: &For, memory_bytes: usize, depth: u32) -> PruneTable {
    let options = TableOptions { memory_bytes, state_count_hint: None, depth: Some(depth), symmetry: false };
    PruneTable::new(&f.puzzle, &f.moves, &f.fsm, &f.target, &options, Control::none()).unwrap()
}

fn load(f: &For, bytes: &[u8], max: usize) -> Result<PruneTable, String> {
    PruneTable::from_bytes(&f.puzzle, &f.moves, &f.fsm, &f.target, bytes, max, false).map_err(|e| e.to_string())
}

/// States along a random walk, to compare lookups.
fn walk_states(f: &For, n: usize) -> Vec<Vec<u8>> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut s = f.target.clone();
    let mut out = Vec::new();
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = f.moves.moves()[(x % f.moves.moves().len() as u64) as usize].mv;
        s = f.puzzle.apply_moves(&f.puzzle.state_from_bytes(s).unwrap(), &[m]).as_bytes().to_vec();
        out.push(s.clone());
    }
    out
}

#[test]
fn a_saved_table_loads_to_the_same_table() {
    let f = setup("puzzles/main/3x3x3.tws", None, Metric::Htm);
    // 9 MiB: three chunks, the last one partial.
    let t = build(&f, 9 * MIB, 5);
    let bytes = t.to_bytes();
    assert_eq!(&bytes[..8], &MAGIC);
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), FORMAT_VERSION);
    assert!(t.bytes() > 2 * CHUNK_BYTES);
    // Depth 5 sets a few hundred thousand of 18 M entries: the file is far smaller than the table.
    assert!(bytes.len() < t.bytes() / 4, "{} bytes for a {}-byte table", bytes.len(), t.bytes());
    let u = load(&f, &bytes, 9 * MIB).unwrap();
    assert_eq!(u.to_bytes(), bytes);
    assert_eq!((u.entries(), u.filled_depth(), u.stats(), u.fill_work()), (t.entries(), 5, t.stats(), t.fill_work()));
    assert_eq!(u.fingerprint(), t.fingerprint());
    for s in walk_states(&f, 2000) {
        assert_eq!(u.lookup(&s), t.lookup(&s));
    }
    // A loaded table deepens like a filled one.
    let (mut t, mut u) = (t, u);
    assert!(t.deepen(Control::none()).unwrap());
    assert!(u.deepen(Control::none()).unwrap());
    assert_eq!(u.to_bytes(), t.to_bytes());
}

#[test]
fn damaged_and_truncated_tables_are_refused() {
    let f = setup("puzzles/main/2x2x2.tws", None, Metric::Htm);
    let bytes = build(&f, 5 * MIB, 6).to_bytes();
    // Every byte of the header and a spread of the body's, each flipped in turn.
    let head = bytes.len().min(300);
    let step = (bytes.len() / 200).max(1);
    let positions: Vec<usize> = (0..head).chain((head..bytes.len()).step_by(step)).collect();
    // A flipped byte is refused, or (a match offset of the compression inside a run of zeros: the same
    // bytes come out) loads to exactly the saved table: the checksums are of the entries themselves.
    let mut refused = 0;
    for &i in &positions {
        let mut bad = bytes.clone();
        bad[i] ^= 0x5a;
        match load(&f, &bad, 8 * MIB) {
            Err(e) => {
                assert!(e.contains("not a valid saved pruning table") || e.contains("format version"), "byte {i}: {e}");
                refused += 1;
            }
            Ok(t) => {
                assert!(i >= 250, "a header byte ({i}) flipped was accepted");
                assert_eq!(t.to_bytes(), bytes, "byte {i} flipped loaded another table");
            }
        }
    }
    assert!(refused * 10 >= positions.len() * 9, "{refused} of {} refused", positions.len());
    for len in [0, 7, 8, 60, 120, bytes.len() / 2, bytes.len() - 1] {
        let e = load(&f, &bytes[..len], 8 * MIB).unwrap_err();
        assert!(e.contains("not a valid saved pruning table"), "{len} bytes: {e}");
    }
    let e = load(&f, &bytes[..bytes.len() - 1], 8 * MIB).unwrap_err();
    assert!(e.contains("truncated"), "{e}");
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(load(&f, &longer, 8 * MIB).unwrap_err().contains("trailing bytes"));
    let mut other = bytes.clone();
    other[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    let e = load(&f, &other, 8 * MIB).unwrap_err();
    assert!(e.contains(&format!("format version {}", FORMAT_VERSION + 1)), "{e}");
    let e = load(&f, b"not a table at all", 8 * MIB).unwrap_err();
    assert!(e.contains("TWSPRUNE"), "{e}");
    // Intact, but larger than the budget.
    let e = load(&f, &bytes, 4 * MIB).unwrap_err();
    assert!(e.contains("5 MiB, more than the memory budget of 4 MiB"), "{e}");
}

#[test]
fn tables_of_anything_else_are_refused_saying_what_differs() {
    let cube = setup("puzzles/main/3x3x3.tws", None, Metric::Htm);
    let bytes = build(&cube, MIB, 4).to_bytes();
    let cases = [
        (setup("puzzles/main/2x2x2.tws", None, Metric::Htm), "another puzzle"),
        (setup("puzzles/main/3x3x3.tws", Some("U,R,F"), Metric::Htm), "another move set"),
        // The same moves in the quarter-turn metric: another automaton (half turns refused).
        (setup("puzzles/main/3x3x3.tws", None, Metric::Qtm), "another metric or canonical automaton"),
    ];
    for (other, why) in &cases {
        let e = load(other, &bytes, MIB).unwrap_err();
        assert_eq!(e, format!("the saved pruning table was built for {why}"));
    }
    let mut elsewhere = setup("puzzles/main/3x3x3.tws", None, Metric::Htm);
    let p = &elsewhere.puzzle;
    elsewhere.target = p.position(&Alg::parse("R U").unwrap()).unwrap().as_bytes().to_vec();
    let e = load(&elsewhere, &bytes, MIB).unwrap_err();
    assert_eq!(e, "the saved pruning table was built for another target state");
}

#[test]
fn a_solver_with_a_loaded_table_solves_as_one_that_filled_it() {
    let p = std::sync::Arc::new(common::puzzle("puzzles/main/3x3x3.tws"));
    let options = || SolverOptions { memory_bytes: 4 * MIB, ..SolverOptions::default() };
    let start = p.position(&Alg::parse("B2 L B U' R2 B' L' U' R' F").unwrap()).unwrap();
    let mut a = Solver::new(p.clone(), options(), Control::none()).unwrap();
    let ra = a.solve(&start, &SolveOptions::default(), Control::none()).unwrap();
    let saved = a.save_table();
    let mut b = Solver::new(p.clone(), options(), Control::none()).unwrap();
    let changes = b.table_changes();
    b.load_table(&saved, Control::none()).unwrap();
    assert_eq!(b.table_changes(), changes + 1);
    assert_eq!(b.save_table(), saved);
    let rb = b.solve(&start, &SolveOptions::default(), Control::none()).unwrap();
    assert_eq!(rb.solutions[0].len(), ra.solutions[0].len());
    assert_eq!(rb.table_depth, ra.table_depth);
    // A damaged table is refused and the solver keeps its own.
    let mut damaged = saved.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let mut c = Solver::new(p.clone(), options(), Control::none()).unwrap();
    let before = c.save_table();
    assert!(c.load_table(&damaged, Control::none()).is_err());
    assert_eq!(c.save_table(), before);
    // Too large for this solver's budget.
    let mut small =
        Solver::new(p.clone(), SolverOptions { memory_bytes: MIB, ..SolverOptions::default() }, Control::none())
            .unwrap();
    assert!(small.load_table(&saved, Control::none()).unwrap_err().to_string().contains("memory budget"));
}

/// The symmetry reduction is part of the fingerprint: a reduced table is never loaded as a plain one,
/// nor a plain one as reduced; a reduced table loads back as itself.
#[test]
fn reduced_and_plain_tables_are_told_apart() {
    let f = setup("puzzles/symm/2x2x2.tws", None, Metric::Htm);
    let options = TableOptions { memory_bytes: MIB, state_count_hint: None, depth: Some(5), symmetry: true };
    let reduced = PruneTable::new(&f.puzzle, &f.moves, &f.fsm, &f.target, &options, Control::none()).unwrap();
    assert_eq!(reduced.symmetries(), 24);
    let plain = build(&f, MIB, 5);
    let (rb, pb) = (reduced.to_bytes(), plain.to_bytes());
    let e = load(&f, &rb, MIB).unwrap_err();
    assert!(e.contains("a plain table is expected"), "{e}");
    let load_reduced = |bytes: &[u8]| PruneTable::from_bytes(&f.puzzle, &f.moves, &f.fsm, &f.target, bytes, MIB, true);
    let e = load_reduced(&pb).unwrap_err().to_string();
    assert!(e.contains("no symmetry reduction"), "{e}");
    let back = load_reduced(&rb).unwrap();
    assert_eq!(back.symmetries(), 24);
    assert_eq!(back.to_bytes(), rb);
    for s in walk_states(&f, 200) {
        assert_eq!(back.lookup(&s), reduced.lookup(&s));
    }
}
