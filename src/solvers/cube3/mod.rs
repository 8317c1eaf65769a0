//! The 3x3x3's own two-phase solver (Kociemba's algorithm with min2phase's small symmetry-reduced
//! tables), for the 3x3x3 events' random-state scrambles, `solveForEvent('333')` and the 4x4x4
//! reduction's last phase.
//!
//! The generic [`PhaseSolver`](crate::phase::PhaseSolver) solves the same chain on any definition, with
//! projection tables of a million entries each that take about 120 ms to build natively; this one reads
//! the cube's structure off the definition once ([`model`](self)), keeps only pairs of coordinates
//! reduced by the rotations that keep the U/D axis (3.7 MB, built in tens of milliseconds natively), and searches
//! with coordinates moved by small tables. Natively it can also hold the exact tables (the seed's phase-1
//! table and a phase-2 one, 177 MB, seconds to build, [`TwoPhase::build_full_tables`]), with which a
//! scramble of at most 20 moves takes about 1.5 ms.
//!
//! - `cubie` — corners and edges, composition, inverse, conjugation;
//! - `model` — the face turns, symmetries and axes read from the definition, and states as cubies;
//! - `coords` — the phases' coordinates with their move and conjugation tables;
//! - `symmetry` — symmetry classes and the small pruning tables over (class, coordinate) pairs;
//! - `tables` — the small tables of both phases;
//! - `symtable` — large (class, coordinate) tables of two or four bits an entry, filled on all threads;
//! - `full` — the exact tables, and their saved form;
//! - `search` — the six interleaved searches (three axes, and the inverse);
//! - `optimal` — [`CubeBound`]: the distance to phase 1's subgroup (or Kociemba's "huge" one with the
//!   E slice sorted) along the three axes, as the bound of the crate's optimal search;
//! - `optimal_search` — the cube's own optimal IDA* on that bound's coordinates, on all threads;
//! - `packed` — cubies in bytes, multiplied by byte shuffles: the inverses that search looks up.
//!
//! ```
//! use twistsearch::control::Control;
//! use twistsearch::solvers::cube3::TwoPhase;
//! use twistsearch::events::EventScrambler;
//!
//! let scrambler = EventScrambler::for_event("333").unwrap();
//! let puzzle = scrambler.puzzle();
//! let solver = TwoPhase::new(puzzle, Control::none()).unwrap();
//! let alg = twistsearch::alg::Alg::parse("R U R' U' F2 D L' B").unwrap();
//! let state = puzzle.position(&alg).unwrap();
//! let solution = solver.solve(&state, None, Control::none()).unwrap();
//! assert_eq!(solution.moves.len(), 8);
//! assert_eq!(puzzle.apply_moves(&state, &solution.moves), *puzzle.solved());
//! ```

mod coords;
mod cubie;
mod full;
mod model;
mod optimal;
mod optimal_search;
mod packed;
mod search;
mod symmetry;
mod symtable;
mod tables;

use std::sync::OnceLock;

pub use self::optimal::{CubeBound, CubeTable};
pub use self::optimal_search::{CubeSolution, SearchedBy};

use self::full::FullTables;
use self::model::Model;
use self::search::{Goal, Search};
use self::tables::Tables;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// Nodes one solve may visit before it is an error (never a hang); a solve at 20 moves takes tens of
/// thousands.
pub const MAX_NODES: u64 = 500_000_000;
/// Nodes after which a solve without a target settles for the best it found.
pub const SOFT_NODES: u64 = 2_000_000;
/// Nodes after which a solve with a target settles for one move more (and starts again from the
/// shortest phase 1): 300,000 leave fewer than 1 % of random states at 21 moves for a target of 20.
/// With the exact tables the budget is [`SOFT_NODES`].
pub const TARGET_SOFT_NODES: u64 = 300_000;

/// The longest solution a solve without a target looks for at first (every position has one of at most
/// 20 moves; the two phases give one of at most 30 at once).
const LONGEST: u32 = 30;

/// The longest phase 2 a solve with a target tries (min2phase's): longer ones cost more than trying
/// other phase-1 solutions.
const PHASE2_CAP: u32 = 12;
/// The longest phase 2 there is (the subgroup's diameter in its own moves).
const PHASE2_LONGEST: u32 = 18;

/// The two-phase solver of one 3x3x3 definition: its model and tables.
pub struct TwoPhase {
    model: Model,
    tables: Tables,
    /// The exact tables, once built or loaded ([`TwoPhase::build_full_tables`]).
    full: OnceLock<FullTables>,
}

/// A solution and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoPhaseSolution {
    /// The moves (face turns of the definition), verified.
    pub moves: Vec<MoveRef>,
    /// Search nodes visited.
    pub nodes: u64,
}

impl TwoPhase {
    /// The solver of a 3x3x3 definition with `CORNERS`, `EDGES`, the face turns `U R F D L B` and the
    /// rotations `x y z` (cubing.js's `3x3x3`); an error for anything else.
    /// The build (tens of milliseconds) reports its steps to `control` (phase `"table"`) and can be
    /// cancelled between them.
    pub fn new(puzzle: &Puzzle, control: Control) -> Result<Self> {
        let model = Model::new(puzzle)?;
        let tables = Tables::new(&model, control)?;
        Ok(TwoPhase { model, tables, full: OnceLock::new() })
    }

    /// Bytes of the tables.
    pub fn table_bytes(&self) -> usize {
        self.tables.bytes()
    }

    /// Solves `state` (a state of the definition); verified. With a `target`, the first solution of at
    /// most that many moves (the scramblers' 20: one move more where none turns up within
    /// [`TARGET_SOFT_NODES`] nodes, searched for again from the shortest phase 1); without, the
    /// shortest the search finds within [`SOFT_NODES`] (or proves shortest through the two phases
    /// before). Positions the face turns cannot reach are refused by name; cancelled through `control`.
    pub fn solve(&self, state: &State, target: Option<u32>, control: Control) -> Result<TwoPhaseSolution> {
        control.check()?;
        let cube = self.model.cubie(state)?;
        let (target, cap, phase2_cap, soft_nodes) = match target {
            // The exact tables' search is fast enough to look longer for the target.
            Some(t) if self.full.get().is_some() => (t, t, PHASE2_CAP, SOFT_NODES),
            Some(t) => (t, t, PHASE2_CAP, TARGET_SOFT_NODES),
            None => (0, LONGEST, PHASE2_LONGEST, SOFT_NODES),
        };
        let goal = Goal { target, cap, soft_nodes, max_nodes: MAX_NODES, phase2_cap };
        let mut search = Search::new(&self.model, &self.tables, self.full.get(), &cube, goal, control);
        let moves = search.run(&cube)?;
        let moves: Vec<MoveRef> = moves.iter().map(|&m| self.model.mrefs[m as usize]).collect();
        Ok(TwoPhaseSolution { moves, nodes: search.nodes })
    }

    /// The shortest solution of `state` the search finds within about `soft_nodes` search nodes: phase 2
    /// may take its longest (so a position of phase 2's subgroup, such as a reduced 4x4x4's, is solved
    /// at once within it, and optimally there), then shorter totals through phase 1 are looked for
    /// until the budget is spent. Verified; refused and cancelled as [`TwoPhase::solve`].
    pub fn solve_within(&self, state: &State, soft_nodes: u64, control: Control) -> Result<TwoPhaseSolution> {
        control.check()?;
        let cube = self.model.cubie(state)?;
        let goal = Goal { target: 0, cap: LONGEST, soft_nodes, max_nodes: MAX_NODES, phase2_cap: PHASE2_LONGEST };
        let mut search = Search::new(&self.model, &self.tables, self.full.get(), &cube, goal, control);
        let moves = search.run(&cube)?;
        let moves: Vec<MoveRef> = moves.iter().map(|&m| self.model.mrefs[m as usize]).collect();
        Ok(TwoPhaseSolution { moves, nodes: search.nodes })
    }

    /// Bytes of the exact tables ([`TwoPhase::build_full_tables`]): 70 MB for phase 1, 107 MB for phase
    /// 2, and their class maps.
    pub const FULL_TABLE_BYTES: usize = FullTables::BYTES;

    /// Builds the exact tables on all threads, reporting each depth to `control`: phase 1's (the seed's:
    /// the distance of each of the 2,217,093,120 cosets mod 3, reduced by the eight symmetries of the U/D
    /// axis) and phase 2's (corner × U/D edge permutations, reduced alike), [`Self::FULL_TABLE_BYTES`];
    /// later solves read exact phase-1 distances and a near-exact phase-2 bound from them (several times
    /// faster at 20 moves). Seconds natively; nothing when they are there already.
    pub fn build_full_tables(&self, control: Control) -> Result<()> {
        if self.full.get().is_none() {
            let t = FullTables::build(&self.model, &self.tables, control)?;
            let _ = self.full.set(t);
        }
        Ok(())
    }

    /// The key of the exact tables' saved bytes (16 hex digits; it changes with the definition's face
    /// turns and the tables' version).
    pub fn full_tables_key(&self) -> String {
        FullTables::key_string(&self.model)
    }

    /// Whether the exact tables are there.
    pub fn has_full_tables(&self) -> bool {
        self.full.get().is_some()
    }

    /// The exact tables as bytes (versioned, checksummed, compressed), once built or loaded.
    pub fn save_full_tables(&self) -> Option<Vec<u8>> {
        self.full.get().map(|t| t.save(&self.model))
    }

    /// Takes the exact tables from bytes of [`TwoPhase::save_full_tables`]; refused (an error, nothing
    /// changed) when they were saved for another definition or version, or are damaged.
    pub fn load_full_tables(&self, bytes: &[u8]) -> Result<()> {
        let t = FullTables::load(&self.model, &self.tables, bytes)?;
        let _ = self.full.set(t);
        Ok(())
    }

    /// Checks a solution on the definition itself.
    pub fn check(&self, puzzle: &Puzzle, state: &State, moves: &[MoveRef]) -> Result<()> {
        if puzzle.apply_moves(state, moves) != *puzzle.solved() {
            return Err(Error::internal("3x3x3: a solution does not solve the position on the definition"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::cubie::{odd, Cubie};
    use super::model::tests::puzzle;
    use super::search::{Goal, Search};
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    /// A uniformly random position of the face turns.
    pub(super) fn random_cubie(rng: &mut impl Rng) -> Cubie {
        let mut c = Cubie::SOLVED;
        c.cp.shuffle(rng);
        c.ep.shuffle(rng);
        if odd(&c.cp) != odd(&c.ep) {
            c.ep.swap(0, 1);
        }
        for i in 0..7 {
            c.co[i] = rng.gen_range(0..3);
        }
        c.co[7] = (3 - c.co[..7].iter().sum::<u8>() % 3) % 3;
        for i in 0..11 {
            c.eo[i] = rng.gen_range(0..2);
        }
        c.eo[11] = c.eo[..11].iter().sum::<u8>() % 2;
        c
    }

    #[test]
    fn tables_have_the_known_sizes() {
        let solver = TwoPhase::new(&puzzle(), Control::none()).unwrap();
        let t = &solver.tables;
        // Classes under the rotations that keep the U/D axis (8; 4 keep the edges' orientations).
        assert_eq!(
            [t.twist.len(), t.flip.len(), t.twist4.len(), t.cperm.len(), t.udperm.len()],
            [291, 560, 567, 5288, 5288]
        );
        let depths = |v: &[u8]| {
            let mut h = vec![0usize; 1 + *v.iter().max().unwrap() as usize];
            v.iter().for_each(|&d| h[d as usize] += 1);
            h
        };
        // Every entry reached; the deepest of each pair as Kociemba's coordinates have them.
        for v in [&t.twist_slice, &t.flip_slice, &t.twist_flip, &t.cperm_mperm, &t.udperm_mperm] {
            assert!(!v.contains(&u8::MAX));
        }
        // Phase 1's small tables are capped at 8 (their deepest entries are at 9), twist × flip at 7 (the
        // uncapped fill has 628,853 entries at 7, 368,868 at 8 and 2,232 at 9).
        assert_eq!(depths(&t.twist_slice), [1, 1, 11, 95, 894, 7358, 39443, 76934, 19220 + 88]);
        assert_eq!(depths(&t.flip_slice), [1, 3, 28, 235, 1513, 11416, 64103, 151320, 48450 + 131]);
        assert_eq!(depths(&t.twist_flip), [1, 2, 16, 152, 1547, 16087, 143458, 628853 + 368868 + 2232]);
        assert_eq!(depths(&t.cperm_mperm).len() - 1, 14);
        assert_eq!(depths(&t.udperm_mperm).len() - 1, 12);
        assert!(solver.table_bytes() < 6 << 20, "{}", solver.table_bytes());
    }

    /// 1,000 uniformly random positions, each solved in at most 20 moves (with a node budget large enough
    /// that no solve settles for 21) and verified on the cubie and on the definition.
    #[test]
    fn random_states_solved_in_twenty_moves() {
        let p = puzzle();
        let solver = TwoPhase::new(&p, Control::none()).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let goal = Goal { target: 20, cap: 20, soft_nodes: 1 << 40, max_nodes: 1 << 40, phase2_cap: PHASE2_CAP };
        let mut lengths = [0usize; 21];
        for _ in 0..1000 {
            let cube = random_cubie(&mut rng);
            let state = solver.model.state(&cube);
            let mut search = Search::new(&solver.model, &solver.tables, None, &cube, goal, Control::none());
            let moves = search.run(&cube).unwrap();
            lengths[moves.len()] += 1;
            let moves: Vec<MoveRef> = moves.iter().map(|&m| solver.model.mrefs[m as usize]).collect();
            solver.check(&p, &state, &moves).unwrap();
        }
        assert_eq!(lengths.iter().sum::<usize>(), 1000);
        assert!(lengths[20] > 500 && lengths[..16].iter().sum::<usize>() == 0, "{lengths:?}");
    }

    /// The scrambler's search effort on 1,000 random positions (target 20 and its soft budget, the small
    /// tables): nodes (mean, median, 99th percentile, maximum) and lengths, figures that do not depend
    /// on the machine's load, for comparing changes to the search. Opt-in:
    /// `cargo test --release --lib cube3::tests::tail_nodes -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn tail_nodes() {
        let p = puzzle();
        let solver = TwoPhase::new(&p, Control::none()).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let (mut nodes, mut lengths) = (Vec::new(), [0usize; 23]);
        let t0 = std::time::Instant::now();
        for _ in 0..1000 {
            let cube = random_cubie(&mut rng);
            let s = solver.solve(&solver.model.state(&cube), Some(20), Control::none()).unwrap();
            nodes.push(s.nodes);
            lengths[s.moves.len()] += 1;
        }
        let ms = t0.elapsed().as_secs_f64();
        nodes.sort_unstable();
        let mean = nodes.iter().sum::<u64>() as f64 / 1000.0;
        println!(
            "nodes mean {mean:.0} p50 {} p99 {} max {} | {ms:.2} ms a solve | 19 moves: {}, 20: {}, 21: {}",
            nodes[499], nodes[989], nodes[999], lengths[19], lengths[20], lengths[21]
        );
        assert!(lengths[22] == 0 && lengths[21] <= 15, "{lengths:?}");
    }

    /// Positions of phase 2's subgroup (a reduced 4x4x4's): [`TwoPhase::solve_within`] solves each in
    /// at most 18 moves (phase 2 at its longest), never longer than a solve for 20 moves, and in all
    /// shorter (that stops at a phase 2 of at most 12 moves, going through phase 1 past it).
    #[test]
    fn subgroup_positions_solved_short_within_a_budget() {
        let p = puzzle();
        let solver = TwoPhase::new(&p, Control::none()).unwrap();
        let g1: Vec<MoveRef> =
            ["U", "U'", "D", "D'", "R2", "L2", "F2", "B2"].iter().map(|n| p.lookup(n).unwrap()).collect();
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let (mut within, mut for_twenty) = (0, 0);
        for _ in 0..40 {
            let walk: Vec<MoveRef> = (0..40).map(|_| g1[rng.gen_range(0..g1.len())]).collect();
            let state = p.apply_moves(p.solved(), &walk);
            let short = solver.solve_within(&state, 10_000, Control::none()).unwrap().moves;
            solver.check(&p, &state, &short).unwrap();
            let twenty = solver.solve(&state, Some(20), Control::none()).unwrap().moves;
            assert!(short.len() <= 18 && short.len() <= twenty.len(), "{} against {}", short.len(), twenty.len());
            within += short.len();
            for_twenty += twenty.len();
        }
        assert!(within < for_twenty, "{within} moves against {for_twenty}");
    }

    #[test]
    fn impossible_positions_are_refused_and_short_ones_solved_short() {
        let p = puzzle();
        let solver = TwoPhase::new(&p, Control::none()).unwrap();
        let state = p.position(&crate::alg::Alg::parse("R U F'").unwrap()).unwrap();
        assert_eq!(solver.solve(&state, None, Control::none()).unwrap().moves.len(), 3);
        // The solved cube: nothing to do, with or without a target.
        assert!(solver.solve(p.solved(), None, Control::none()).unwrap().moves.is_empty());
        assert!(solver.solve(p.solved(), Some(20), Control::none()).unwrap().moves.is_empty());
        // A target shorter than any solution: the shortest one there is.
        let state = p.position(&crate::alg::Alg::parse("R U F' L2 D B'").unwrap()).unwrap();
        let s = solver.solve(&state, Some(2), Control::none()).unwrap();
        assert_eq!(s.moves.len(), 6);
        solver.check(&p, &state, &s.moves).unwrap();
        let mut c = Cubie::SOLVED;
        c.co[0] = 1;
        let err = solver.solve(&solver.model.state(&c), None, Control::none()).unwrap_err();
        assert!(err.to_string().contains("a twisted corner"), "{err}");
        c = Cubie::SOLVED;
        c.ep.swap(0, 1);
        let err = solver.solve(&solver.model.state(&c), None, Control::none()).unwrap_err();
        assert!(err.to_string().contains("two pieces swapped"), "{err}");
        let flag = std::sync::atomic::AtomicBool::new(true);
        let state = solver.model.state(&random_cubie(&mut rand::rngs::StdRng::seed_from_u64(1)));
        assert!(solver.solve(&state, Some(20), Control::none().with_cancel(&flag)).is_err());
    }
}

#[cfg(test)]
mod full_tests {
    use super::coords::{Coordinate, CornerPerm, Flip, Slice, SlicePerm, Twist, UdPerm};
    use super::cubie::Cubie;
    use super::model::tests::puzzle;
    use super::model::{MOVES, PHASE2_MOVES};
    use super::tests::random_cubie;
    use super::*;
    use rand::SeedableRng;

    /// The shortest phase-1 solution's length by iterative deepening over the projections (slow but
    /// independent of the full table).
    fn phase1_optimal(t: &Tables, tw: u16, fl: u16, sl: u16) -> u32 {
        fn dfs(t: &Tables, c: [u16; 3], togo: u32) -> bool {
            if togo == 0 {
                return c == [0, 0, t.slice_goal];
            }
            (0..MOVES).any(|m| {
                let n = [
                    t.twist_move[c[0] as usize * MOVES + m],
                    t.flip_move[c[1] as usize * MOVES + m],
                    t.slice_move[c[2] as usize * MOVES + m],
                ];
                (t.phase1_bound(n[0], n[1], n[2]) as u32) < togo && dfs(t, n, togo - 1)
            })
        }
        (0..).find(|&d| dfs(t, [tw, fl, sl], d)).unwrap()
    }

    /// The shortest phase-2 solution's length (phase-2 positions), by iterative deepening over the small
    /// tables.
    fn phase2_optimal(t: &Tables, cp: u16, ud: u16, mp: u16) -> u32 {
        fn dfs(t: &Tables, c: [u16; 3], togo: u32) -> bool {
            if togo == 0 {
                return c == [0, 0, 0];
            }
            (0..PHASE2_MOVES.len()).any(|j| {
                let n = [
                    t.cperm_move[c[0] as usize * 10 + j],
                    t.udperm_move[c[1] as usize * 10 + j],
                    t.mperm_move[c[2] as usize * 10 + j],
                ];
                (t.phase2_bound(n[0], n[1], n[2]) as u32) < togo && dfs(t, n, togo - 1)
            })
        }
        (0..).find(|&d| dfs(t, [cp, ud, mp], d)).unwrap()
    }

    /// The exact tables: phase 1's distances are the shortest phase-1 solutions' lengths, phase 2's bound
    /// is at most the shortest phase-2 solution's (and mostly equal), solves read them, and the saved
    /// bytes load back (damaged ones refused).
    #[test]
    fn full_tables() {
        let p = puzzle();
        let solver = TwoPhase::new(&p, Control::none()).unwrap();
        solver.build_full_tables(Control::none()).unwrap();
        let full = solver.full.get().unwrap();
        let t = &solver.tables;
        let slice = Slice { model: &solver.model, ranks: &t.ranks };
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut depths = [0usize; 13];
        for _ in 0..40 {
            let c = random_cubie(&mut rng);
            let (tw, fl, sl) = (Twist.get(&c) as u16, Flip.get(&c) as u16, slice.get(&c) as u16);
            let d = full.distance(t, fl, sl, tw);
            assert_eq!(d, phase1_optimal(t, tw, fl, sl));
            depths[d as usize] += 1;
        }
        assert!(depths[9..=11].iter().sum::<usize>() > 30, "{depths:?}");
        // Phase-2 positions: random walks of phase-2 moves.
        let (mut equal, mut walks) = (0, 0);
        for w in 0..40 {
            let mut c = Cubie::SOLVED;
            for k in 0..(4 + w % 9) {
                let m = PHASE2_MOVES[(k * 7 + w * 3 + k * k) % PHASE2_MOVES.len()];
                c = c.then(&solver.model.moves[m as usize]);
            }
            let (cp, ud, mp) = (
                CornerPerm.get(&c) as u16,
                UdPerm(&solver.model).get(&c) as u16,
                SlicePerm(&solver.model).get(&c) as u16,
            );
            let (bound, optimal) = (full.phase2_bound(cp, ud) as u32, phase2_optimal(t, cp, ud, mp));
            assert!(bound <= optimal, "{bound} > {optimal}");
            equal += (bound == optimal) as usize;
            walks += 1;
        }
        assert!(equal * 2 > walks, "the phase-2 bound is exact for {equal} of {walks}");
        for _ in 0..100 {
            let state = solver.model.state(&random_cubie(&mut rng));
            let s = solver.solve(&state, Some(20), Control::none()).unwrap();
            assert!(s.moves.len() <= 20);
            solver.check(&p, &state, &s.moves).unwrap();
        }
        let bytes = solver.save_full_tables().unwrap();
        let fresh = TwoPhase::new(&p, Control::none()).unwrap();
        let mut damaged = bytes.clone();
        let n = damaged.len();
        damaged[n / 2] ^= 0x10;
        assert!(fresh.load_full_tables(&damaged).is_err());
        assert!(!fresh.has_full_tables());
        fresh.load_full_tables(&bytes).unwrap();
        assert_eq!(fresh.full.get().unwrap().words(), full.words());
        assert_eq!(fresh.full_tables_key(), solver.full_tables_key());
    }
}
