//! 4x4x4 random-state scrambles by reduction: a uniformly random state (the stabilizer chain over
//! cubing.js's `U D F B R L Uw Rw Fw`), solved in five phases and inverted.
//!
//! Phases 1–4 ([`coords`](self)) bring the position into smaller and smaller subgroups: the `R`/`L`
//! centers onto their axis; the other centers onto theirs and the wings into two classes of twelve; the
//! corners untwisted and the middle layer's wings into it; the centers solved and the wings paired into
//! edges, with the edges' permutation parity matching the corners'. What is left is a 3x3x3 in the
//! `U,D,F2,B2,R2,L2` group, solved by the 3x3x3 scrambler's two-phase search (phase 5: its phase 2 at
//! its longest, so optimally in that group, then a few thousand nodes looking for shorter through its
//! phase 1; a first solution of at most 20 moves, with phase 2 capped at 12, was 1.5 moves longer on
//! average). Each phase is a depth-first search over distance tables of its coordinates (17 MB in all,
//! built on first use in under a second natively, or loaded from saved bytes), run from the ends the
//! phase before kept, in order of total length; its own ends are kept where the next phase's tables can
//! go on. The reduced cubes left are solved as 3x3x3s and the shortest whole solution wins. Pairing the
//! wings is what no relabelling of pieces expresses, so the generic phase solver cannot do this: phase 4
//! has its own coordinate (which wing slot holds each wing's partner) and move tables.
//!
//! Every solution is checked on the compact model and the scramble again on the definition itself.

mod coords;
mod cube3;
mod model;
mod nodes;
mod persist;
mod phase_tables;
mod search;
mod tables;

use rand::Rng;

use self::coords::Coords;
use self::cube3::Cube3Map;
use self::model::Model;
use self::phase_tables::Tables;
use self::search::Search;
use crate::alg::Alg;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::group::random::random_position;
use crate::group::StabilizerChain;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// What the tables take at most (17.0 MB are built; the 3x3x3 scrambler's tables come on top): a
/// scrambler with a smaller memory budget refuses the event before building anything.
pub const TABLE_BYTES: usize = 17 << 20;

/// Search nodes one solve may visit before it is an error (never a hang).
pub const MAX_NODES: u64 = 200_000_000;

/// The last phase's solver: solves states of a 3x3x3 definition (cubing.js's `3x3x3`), as the 333
/// event's scrambler does.
pub trait Cube3Solver: Send + Sync {
    /// The 3x3x3 definition its states and moves belong to.
    fn puzzle(&self) -> &Puzzle;
    /// Moves that solve `state`.
    fn solve_moves(&self, state: &State, control: Control) -> Result<Vec<MoveRef>>;
    /// The shortest moves that solve `state` found within about `soft_nodes` search nodes (the reduced
    /// cubes' finish); by default [`Cube3Solver::solve_moves`]'s.
    fn solve_short(&self, state: &State, soft_nodes: u64, control: Control) -> Result<Vec<MoveRef>> {
        let _ = soft_nodes;
        self.solve_moves(state, control)
    }
}

/// The 4x4x4 reduction solver: the model, its tables and the 3x3x3 solver for the last phase.
pub struct Cube4Solver {
    model: Model,
    coords: Coords,
    tables: Tables,
    cube3: Box<dyn Cube3Solver>,
    map: Cube3Map,
}

/// A solution and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cube4Solution {
    /// The moves (of the definition), verified.
    pub moves: Vec<MoveRef>,
    /// Their names in cubing.js's notation.
    pub names: Vec<String>,
    /// Moves found by each of the five phases (before the seams between them are merged).
    pub phase_lengths: [usize; 5],
    /// Search nodes of phases 1–4.
    pub nodes: u64,
    /// Per phase 1–4: search nodes.
    pub phase_nodes: [u64; 4],
    /// Per phase 1–4: how many of its ends went on to the next phase.
    pub phase_ends: [usize; 4],
}

impl Cube4Solver {
    /// Builds the solver for a 4x4x4 definition (cubing.js's `4x4x4` with its `Uw`, `Rw`, `Fw` notation
    /// moves), with `cube3` for the reduced cube; about 17 MB of tables ([`TABLE_BYTES`]).
    pub fn new(puzzle: &Puzzle, cube3: Box<dyn Cube3Solver>, control: Control) -> Result<Self> {
        let model = Model::new(puzzle)?;
        let coords = Coords::new(&model);
        let tables = Tables::new(&model, &coords, control)?;
        let map = Cube3Map::new(&model, cube3.puzzle())?;
        Ok(Cube4Solver { model, coords, tables, cube3, map })
    }

    /// A solver whose tables come from bytes of [`Cube4Solver::save_tables`] instead of being built.
    /// Refused (an error) when they were saved for another definition or version, or are damaged.
    pub fn with_saved_tables(puzzle: &Puzzle, cube3: Box<dyn Cube3Solver>, bytes: &[u8]) -> Result<Self> {
        let model = Model::new(puzzle)?;
        let coords = Coords::new(&model);
        let tables = Tables::from_parts(persist::load(&model, bytes, &Tables::sizes())?)?;
        let map = Cube3Map::new(&model, cube3.puzzle())?;
        Ok(Cube4Solver { model, coords, tables, cube3, map })
    }

    /// The tables as bytes: versioned, checksummed, compressed (the crate's container of saved tables).
    pub fn save_tables(&self) -> Vec<u8> {
        persist::save(&self.model, &self.tables)
    }

    /// The key of the tables a solver for `puzzle` uses (16 hex digits: what a shell keeps their saved
    /// bytes under).
    pub fn tables_key(puzzle: &Puzzle) -> Result<String> {
        Ok(persist::key_string(&Model::new(puzzle)?))
    }

    /// The bytes of the tables (the 3x3x3's not included).
    pub fn table_bytes(&self) -> usize {
        self.tables.bytes()
    }

    /// Solves a position of the puzzle (a state of the definition the solver was built from),
    /// verified on that definition. A state that is no position of the 4x4x4 (a twisted corner, a
    /// wing turned in place, centers miscounted) is an error saying so.
    pub fn solve(&self, puzzle: &Puzzle, state: &State, control: Control) -> Result<Cube4Solution> {
        let start = self.model.compact(state)?;
        let search = Search::new(&self.model, &self.coords, &self.tables, &*self.cube3, &self.map, control, MAX_NODES);
        let found = search.solve(&start)?;
        let moves = search::puzzle_moves(&self.model, &found.moves);
        if puzzle.apply_moves(state, &moves) != *puzzle.solved() {
            // The compact model solved it, so what differs is what it does not hold: wings turned in place.
            return Err(Error::new("4x4x4: the position is not solvable (a wing is turned in place)"));
        }
        let names = found.moves.iter().map(|&m| self.model.moves[m].name.clone()).collect();
        Ok(Cube4Solution {
            moves,
            names,
            phase_lengths: found.phase_lengths,
            nodes: found.nodes,
            phase_nodes: found.phase_nodes,
            phase_ends: found.phase_ends,
        })
    }
}

/// A random-state scramble: a uniformly random position (`chain`: the definition's group under its
/// scramble moves), solved, inverted and checked to reach the position. Returns the scramble and its
/// number of moves.
pub fn scramble<R: Rng + ?Sized>(
    solver: &Cube4Solver,
    puzzle: &Puzzle,
    chain: &StabilizerChain,
    rng: &mut R,
    control: Control,
) -> Result<(String, usize)> {
    control.check()?;
    let state = random_position(puzzle, chain, rng)?;
    let solution = solver.solve(puzzle, &state, control)?;
    let names: Vec<String> = solution.names.iter().rev().map(|n| invert_name(n)).collect();
    let alg = names.join(" ");
    // Checked as written: the names read back by the definition reach the drawn state.
    if puzzle.position(&Alg::parse(&alg)?)? != state {
        return Err(Error::new("event 444: the scramble does not reach the state"));
    }
    Ok((alg, names.len()))
}

/// The name of the inverse of a move named `X`, `X2` or `X'`.
fn invert_name(name: &str) -> String {
    if let Some(base) = name.strip_suffix('\'') {
        base.to_string()
    } else if name.ends_with('2') {
        name.to_string()
    } else {
        format!("{name}'")
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    use super::coords::Node;
    use super::*;
    use crate::events::embedded_definition;
    use crate::kpuzzle::parse_kpuzzle;

    fn cube4() -> Puzzle {
        parse_kpuzzle(embedded_definition("4x4x4").unwrap()).unwrap()
    }

    /// The 4x4x4's pruning tables.
    fn tables() -> Tables {
        let model = Model::new(&cube4()).unwrap();
        Tables::new(&model, &Coords::new(&model), Control::none()).unwrap()
    }

    /// A 4x4x4 solver whose 3x3x3 stage is the `333` event's.
    fn solver(p: &Puzzle) -> Cube4Solver {
        Cube4Solver::new(p, Box::new(crate::events::EventScrambler::for_event("333").unwrap()), Control::none())
            .unwrap()
    }

    /// Each coordinate's move function agrees with the coordinate of the moved state, on random walks in
    /// the coordinate's own group.
    #[test]
    fn coordinates_follow_their_moves() {
        let p = cube4();
        let model = Model::new(&p).unwrap();
        let co = Coords::new(&model);
        let mut rng = StdRng::seed_from_u64(7);
        let sets8 = phase_tables::all_sets(8);
        let sets12 = phase_tables::all_sets(12);
        let walk = |moves: &[usize], rng: &mut StdRng, n: usize| {
            let mut node = Node::new(model.solved);
            for _ in 0..n {
                node = node.then(&model, moves[rng.gen_range(0..moves.len())]);
            }
            node
        };
        for _ in 0..200 {
            let n = walk(&co.all, &mut rng, 40);
            for &m in &co.all {
                assert_eq!(co.p1(&n.then(&model, m).c), co.p1_move(&model, &sets8, co.p1(&n.c), m));
            }
            let n = walk(&co.h1, &mut rng, 40);
            for &m in &co.h1 {
                let next = n.then(&model, m);
                assert_eq!(co.p2_centers(&next.c), co.p2_centers_move(&model, co.p2_centers(&n.c), m));
                assert_eq!(co.p2_wings(&next), co.p2_wings_move(&model, &sets12, co.p2_wings(&n), m));
            }
            let n = walk(&co.k2, &mut rng, 40);
            for &m in &co.k2 {
                let next = n.then(&model, m);
                assert_eq!(co.middle(&next.c), co.middle_move(co.middle(&n.c), m));
                for which in 0..2 {
                    assert_eq!(co.twist(&next.c, which), co.twist_move(co.twist(&n.c, which), m, which));
                }
                assert_eq!(co.centers(&next.c), co.centers_move(co.centers(&n.c), m));
            }
            let n = walk(&co.g3, &mut rng, 40);
            for (k, &m) in co.g3.iter().enumerate() {
                let next = n.then(&model, m);
                assert_eq!(co.pairing(&model, &next), Some(co.pairing_move(co.pairing(&model, &n).unwrap(), k)));
            }
        }
    }

    #[test]
    fn building_reports_progress_and_can_be_cancelled() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Mutex;
        let p = cube4();
        let stop = AtomicBool::new(false);
        let seen = Mutex::new(Vec::new());
        let report = |pr: &crate::control::Progress| {
            seen.lock().unwrap().push((pr.phase, pr.done));
            stop.store(true, Ordering::Relaxed);
        };
        let control = Control::none().with_progress(&report).with_cancel(&stop);
        let cube3 = Box::new(crate::events::EventScrambler::for_event("333").unwrap());
        assert!(Cube4Solver::new(&p, cube3, control).is_err(), "cancelled after the first table");
        assert_eq!(seen.lock().unwrap().as_slice(), [("table", 1)]);
    }

    #[test]
    fn unsolvable_states_are_refused_by_name() {
        let p = cube4();
        let solver = solver(&p);
        let corners = p.layout().orbits().iter().find(|o| o.name == "CORNERS").unwrap().clone();
        let edges = p.layout().orbits().iter().find(|o| o.name == "EDGES").unwrap().clone();
        let with = |at: usize, v: u8| {
            let mut b = p.solved().as_bytes().to_vec();
            b[at] = v;
            p.state_from_bytes(b).unwrap()
        };
        let err = |s: &State| solver.solve(&p, s, Control::none()).err().unwrap().to_string();
        assert!(err(&with(corners.orientations_range().start, 1)).contains("twists"));
        assert!(err(&with(edges.orientations_range().start, 1)).contains("turned in place"));
        assert!(err(&with(corners.pieces_range().start, 1)).contains("a piece twice"));
    }

    #[test]
    fn saved_tables_load_and_damaged_ones_are_refused() {
        let p = cube4();
        let cube3 = || Box::new(crate::events::EventScrambler::for_event("333").unwrap());
        let solver = Cube4Solver::new(&p, cube3(), Control::none()).unwrap();
        let bytes = solver.save_tables();
        assert!(bytes.len() < solver.table_bytes() / 2, "{} bytes saved", bytes.len());
        let loaded = Cube4Solver::with_saved_tables(&p, cube3(), &bytes).unwrap();
        assert_eq!(loaded.tables.named(), solver.tables.named());
        assert_eq!(loaded.tables.compact_centers, solver.tables.compact_centers);
        let mut damaged = bytes.clone();
        let at = damaged.len() - 100;
        damaged[at] ^= 0x40;
        let err = Cube4Solver::with_saved_tables(&p, cube3(), &damaged).err().unwrap().to_string();
        assert!(err.contains("4x4x4 table file"), "{err}");
        let err = Cube4Solver::with_saved_tables(&p, cube3(), &bytes[..bytes.len() / 2]).err().unwrap().to_string();
        assert!(err.contains("truncated"), "{err}");
        assert_eq!(Cube4Solver::tables_key(&p).unwrap().len(), 16);
    }

    #[test]
    fn random_states_are_solved_and_scrambles_reach_them() {
        let p = cube4();
        let solver = solver(&p);
        let moves = crate::model::moveset::MoveSet::parse(&p, "U,D,F,B,R,L,Uw,Rw,Fw").unwrap();
        let chain = crate::group::puzzle_chain(&p, &moves).unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        let mut total = 0;
        for _ in 0..5 {
            let (alg, n) = scramble(&solver, &p, &chain, &mut rng, Control::none()).unwrap();
            assert!(n > 30 && n < 80, "{n} moves: {alg}");
            total += n;
        }
        // Issue 41 asks for 46 on average (230 here): not met. These five take 263 moves, and took 271
        // before the reduced cubes were finished optimally in `U,D,F2,B2,R2,L2` (phase 2 capped at 12
        // moves, a first solution of at most 20).
        assert!(total <= 265, "{total} moves in five scrambles");
    }

    /// Figures: `cargo test --release --lib cube4::tests::figures -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn figures() {
        let p = cube4();
        let t = std::time::Instant::now();
        let solver = solver(&p);
        println!("tables {:.0} ms, {} bytes", t.elapsed().as_secs_f64() * 1e3, solver.table_bytes());
        let moves = crate::model::moveset::MoveSet::parse(&p, "U,D,F,B,R,L,Uw,Rw,Fw").unwrap();
        let t = std::time::Instant::now();
        let chain = crate::group::puzzle_chain(&p, &moves).unwrap();
        println!("chain {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
        let mut rng = StdRng::seed_from_u64(1);
        let mut times = Vec::new();
        for _ in 0..30 {
            let state = random_position(&p, &chain, &mut rng).unwrap();
            let t = std::time::Instant::now();
            let s = match solver.solve(&p, &state, Control::none()) {
                Ok(s) => s,
                Err(e) => {
                    println!("{e}");
                    continue;
                }
            };
            let ms = t.elapsed().as_secs_f64() * 1e3;
            times.push(ms);
            println!(
                "{:.1} ms {} moves {:?} nodes {:?} ends {:?}",
                ms,
                s.moves.len(),
                s.phase_lengths,
                s.phase_nodes,
                s.phase_ends
            );
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("median {:.1} ms max {:.1}", times[times.len() / 2], times[times.len() - 1]);
    }

    #[test]
    #[ignore]
    fn table_depths() {
        let t = tables();
        for (name, table) in t.named() {
            let mut counts = [0usize; 256];
            for &d in table {
                counts[d as usize] += 1;
            }
            let shown: Vec<String> =
                counts.iter().enumerate().filter(|(_, &c)| c > 0).map(|(d, c)| format!("{d}:{c}")).collect();
            println!("{name}: {}", shown.join(" "));
        }
    }

    /// What the tables reach: the facts the phase chain rests on. Phase 4's group pairs the wings only
    /// with an even permutation of the U/D-layer edges and a Klein four-group one of the middle layer's
    /// (161,280 of 8! × 4! × 2 pairing values), and reaches 10,080 center values; phase 3's reaches
    /// 70 × 70 × 12 center values (a product: no coupling for phase 2's center coordinate to miss).
    #[test]
    fn tables_reach_what_the_chain_needs() {
        let t = tables();
        let reached = |table: &[u8]| table.iter().filter(|&&d| d != tables::FAR).count();
        let named: std::collections::HashMap<_, _> = t.named().into_iter().collect();
        assert_eq!(reached(named["p1"]), coords::P1);
        assert_eq!(reached(named["p2 wings"]), coords::P2_WINGS);
        assert_eq!(reached(named["p4 pairing"]), 161_280);
        assert_eq!(reached(named["p4 centers"]), 10_080);
        assert_eq!(reached(named["p3 centers"]), 58_800);
        let mut fb: Vec<usize> =
            (0..coords::CENTERS).filter(|&x| t.p3_centers[x] != tables::FAR).map(|x| x % 70).collect();
        fb.sort();
        fb.dedup();
        assert_eq!(fb.len(), 12);
        // Phase 2's center table is joint with the wings' parity, and that bounds better: some center
        // values are further from the targets with one parity than with the other.
        let p2 = named["p2 centers"];
        assert_eq!(p2.len(), 2 * coords::P2_CENTERS);
        let split = p2.chunks_exact(2).filter(|d| d[0] != d[1]).count();
        assert!(split > coords::P2_CENTERS / 10, "{split} center values whose distance depends on the parity");
        assert!(t.bytes() <= TABLE_BYTES, "{} bytes", t.bytes());
    }
}
