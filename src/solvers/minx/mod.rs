//! Megaminx solving by stages, for any position of cubing.js's `megaminx`: a face at a time, the
//! last layer in small steps, in the face turns cubing.js reads (`BR2'`).
//!
//! The WCA scrambles the megaminx by random moves, and no chain of move subgroups suits the generic
//! multi-phase solver (the hemisphere subgroup alone fixes 15 pieces), so this module has its own
//! staged search ([`stages`](self)): the `D` face and the lower ring first, then the upper ring's faces
//! one by one, each stage with the faces not yet finished, down to `U`, `F`, `R` for the last two
//! faces of the second layer and the last layer's edge orientation, and `U`, `R` alone for the rest of
//! the last layer (its edges, then its corners). Each stage is an IDA* ([`search`](self)) over the
//! locations of the pieces it must leave at their goal, bounded by exact distance tables of groups of
//! them under the stage's moves ([`tables`](self): a piece's locations numbered among those the moves
//! reach, at most 512 KiB a table; about 7 MB in all, built on first use in well under a second
//! natively). A stage whose moves disturb pieces of earlier stages holds those pieces in its tables too,
//! so it brings them back.
//!
//! The centers only turn in place under face turns (checked by [`model`](self)), and a position is
//! solved when its corners and edges are (cubing.js's `ignoreCenterOrientation`). Every solution is
//! checked on the definition itself.

mod model;
mod search;
mod stages;
mod tables;

use std::collections::HashMap;

use self::model::{Model, AMOUNTS, PIECES};
use self::search::StageSearch;
use self::stages::{stages, Stage};
use self::tables::{Compact, PieceTable};
use crate::control::{Control, Progress};
use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// What the tables take at most (about 7 MB are built): a scrambler with a smaller memory budget
/// refuses the event before building anything.
pub const TABLE_BYTES: usize = 8 << 20;

/// Search nodes one solve may visit before it is an error (never a hang).
pub const MAX_NODES: u64 = 100_000_000;

/// The megaminx solver: the model, the stages and their tables.
pub struct MinxSolver {
    model: Model,
    stages: Vec<Stage>,
    tables: Vec<PieceTable>,
    /// Per stage, per group: the index of its table.
    stage_tables: Vec<Vec<usize>>,
}

/// A solution and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinxSolution {
    /// The moves (of the definition), verified.
    pub moves: Vec<MoveRef>,
    /// Their names in cubing.js's notation.
    pub names: Vec<String>,
    /// Moves found by each stage (before the seams between them are merged).
    pub stage_lengths: Vec<usize>,
    /// Search nodes.
    pub nodes: u64,
    /// Search nodes of each stage.
    pub stage_nodes: Vec<u64>,
}

impl MinxSolver {
    /// Builds the solver for a megaminx definition (cubing.js's `megaminx`), its tables included.
    pub fn new(puzzle: &Puzzle, control: Control) -> Result<Self> {
        let model = Model::new(puzzle)?;
        let stages = stages(&model);
        let mut tables: Vec<PieceTable> = Vec::new();
        let mut known: HashMap<(u16, Vec<u8>, Vec<u64>, Compact), usize> = HashMap::new();
        let mut stage_tables = Vec::with_capacity(stages.len());
        for (s, stage) in stages.iter().enumerate() {
            control.report(Progress { phase: "table", depth: 0, done: s as u64, total: Some(stages.len() as u64) });
            let mut ids = Vec::with_capacity(stage.groups.len());
            for g in &stage.groups {
                let pieces: Vec<u8> = g.iter().map(|&i| stage.pieces[i as usize]).collect();
                let goal: Vec<u64> = g.iter().map(|&i| stage.goal[i as usize]).collect();
                let key = (stage.faces, pieces, goal, stage.compact.clone());
                let id = match known.get(&key) {
                    Some(&id) => id,
                    None => {
                        tables.push(PieceTable::build(&model, &stage.compact, &key.1, &key.2, &stage.moves, control)?);
                        known.insert(key, tables.len() - 1);
                        tables.len() - 1
                    }
                };
                ids.push(id);
            }
            stage_tables.push(ids);
        }
        Ok(MinxSolver { model, stages, tables, stage_tables })
    }

    /// The bytes of the tables.
    pub fn table_bytes(&self) -> usize {
        self.tables.iter().map(PieceTable::bytes).sum()
    }

    /// Solves a position of the puzzle (a state of the definition the solver was built from), verified
    /// on that definition: solved up to the centers' orientations. A state that is no position of the
    /// megaminx (a twisted corner, a flipped edge, an odd permutation) is an error saying so, before any
    /// search.
    pub fn solve(&self, puzzle: &Puzzle, state: &State, control: Control) -> Result<MinxSolution> {
        let mut locs = self.model.locations(state)?;
        self.model.check_solvable(&locs)?;
        let mut found: Vec<u8> = Vec::new();
        let mut stage_lengths = Vec::with_capacity(self.stages.len());
        let mut nodes = 0u64;
        let mut stage_nodes = Vec::with_capacity(self.stages.len());
        for (stage, ids) in self.stages.iter().zip(&self.stage_tables) {
            control.check()?;
            let tables = ids.iter().map(|&i| &self.tables[i]).collect();
            let mut search = StageSearch::new(&self.model, stage, tables, control, MAX_NODES.saturating_sub(nodes));
            let moves = search.solve(&locs)?;
            nodes += search.nodes;
            stage_nodes.push(search.nodes);
            self.apply(&mut locs, &moves);
            stage_lengths.push(moves.len());
            found.extend(moves);
        }
        if locs != self.model.home {
            return Err(Error::new("megaminx: the position is not solvable (the last pieces are not home)"));
        }
        let merged = self.merge(&found);
        let moves: Vec<MoveRef> = merged.iter().map(|&m| self.model.moves[m].mref).collect();
        if !solved_but_centers(puzzle, &puzzle.apply_moves(state, &moves)) {
            return Err(Error::internal("megaminx: the solution does not solve the position"));
        }
        let names = merged.iter().map(|&m| self.model.moves[m].name.clone()).collect();
        Ok(MinxSolution { moves, names, stage_lengths, nodes, stage_nodes })
    }

    /// Applies moves to every piece's location.
    fn apply(&self, locs: &mut [u8; PIECES], moves: &[u8]) {
        for &m in moves {
            for (p, l) in locs.iter_mut().enumerate() {
                *l = self.model.step(m as usize, p, *l);
            }
        }
    }

    /// The moves with turns of one face merged where only commuting turns lie between them (a seam
    /// between stages: `U` then `U2` is `U2'`), dropping those that cancel.
    fn merge(&self, moves: &[u8]) -> Vec<usize> {
        let model = &self.model;
        let mut out: Vec<usize> = Vec::with_capacity(moves.len());
        for &m in moves {
            let m = m as usize;
            let face = model.moves[m].face;
            let mut at = None;
            for (i, &o) in out.iter().enumerate().rev() {
                let f = model.moves[o].face;
                if f == face {
                    at = Some(i);
                    break;
                }
                if !model.commute[f][face] {
                    break;
                }
            }
            match at {
                None => out.push(m),
                Some(i) => {
                    let sum = (AMOUNTS[out[i] % 4] + AMOUNTS[m % 4]).rem_euclid(5);
                    match AMOUNTS.iter().position(|&a| a.rem_euclid(5) == sum) {
                        Some(k) => out[i] = 4 * face + k,
                        None => {
                            out.remove(i);
                        }
                    }
                }
            }
        }
        out
    }
}

/// The megaminx's face turns (cubing.js's names): the moves of its group.
pub const FACE_MOVES: &str = "U,D,F,B,L,DR,BL,FR,BR,FL,R,DL";

/// The puzzle without its centers: what the solvability of a position is judged on, as the centers'
/// orientations do not count.
pub fn without_centers(puzzle: &Puzzle) -> Result<Puzzle> {
    crate::model::omit::omit_sets(puzzle, &["CENTERS".to_string()])
}

/// A state of `puzzle` as a state of `pieces` (the same puzzle with orbits left out): each orbit of
/// `pieces` copied from the one of that name.
pub fn project(puzzle: &Puzzle, pieces: &Puzzle, state: &State) -> Result<State> {
    let from = state.as_bytes();
    let mut bytes = vec![0u8; pieces.state_size()];
    for o in pieces.orbits() {
        let src = crate::solvers::identical::registry_orbit(puzzle, &o.name)?;
        let n = 2 * o.size;
        bytes[o.offset..o.offset + n].copy_from_slice(&from[src.offset..src.offset + n]);
    }
    pieces.state_from_bytes(bytes)
}

/// Whether a state is solved but for its centers' orientations.
pub(crate) fn solved_but_centers(puzzle: &Puzzle, state: &State) -> bool {
    let solved = puzzle.solved().as_bytes();
    let s = state.as_bytes();
    puzzle.orbits().iter().filter(|o| !o.name.starts_with("CENTER")).all(|o| {
        let r = o.offset..o.offset + 2 * o.size;
        s[r.clone()] == solved[r]
    })
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    use super::*;
    use crate::events::embedded_definition;
    use crate::kpuzzle::parse_kpuzzle;

    fn minx() -> Puzzle {
        parse_kpuzzle(embedded_definition("megaminx").unwrap()).unwrap()
    }

    fn check(p: &Puzzle, solver: &MinxSolver, state: &State) -> MinxSolution {
        let s = solver.solve(p, state, Control::none()).unwrap();
        let alg = crate::alg::Alg::parse(&s.names.join(" ")).unwrap();
        assert!(solved_but_centers(p, &p.apply_alg(state, &alg).unwrap()), "{}", s.names.join(" "));
        for n in &s.names {
            let face = n.trim_end_matches(['2', '\'']);
            assert!(model::FACES.contains(&face), "{n}");
        }
        s
    }

    #[test]
    fn random_states_are_solved_and_checked() {
        let p = minx();
        let solver = MinxSolver::new(&p, Control::none()).unwrap();
        assert!(solver.table_bytes() <= TABLE_BYTES, "{} bytes", solver.table_bytes());
        let chain =
            crate::group::puzzle_chain(&p, &crate::model::moveset::MoveSet::parse(&p, FACE_MOVES).unwrap()).unwrap();
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..20 {
            let state = crate::group::random::random_position(&p, &chain, &mut rng).unwrap();
            let s = check(&p, &solver, &state);
            assert!(s.moves.len() < 250, "{} moves", s.moves.len());
            assert_eq!(solver.solve(&p, &state, Control::none()).unwrap(), s, "deterministic");
        }
        assert!(solver.solve(&p, p.solved(), Control::none()).unwrap().moves.is_empty());
        // One turn, and its centre's twist left as it is: one turn back.
        let u = p.apply(p.solved(), p.lookup("BR2'").unwrap());
        assert_eq!(check(&p, &solver, &u).names, ["BR2"]);
    }

    #[test]
    fn building_and_solving_can_be_cancelled() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let p = minx();
        let stop = AtomicBool::new(true);
        assert!(MinxSolver::new(&p, Control::none().with_cancel(&stop)).is_err(), "cancelled while building");
        let solver = MinxSolver::new(&p, Control::none()).unwrap();
        let state = p.position(&crate::alg::Alg::parse("R U F BR2' DL L2 FR D' B U2 R' F2 BL").unwrap()).unwrap();
        let err = solver.solve(&p, &state, Control::none().with_cancel(&stop)).err().unwrap();
        assert!(err.is_cancelled(), "{err}");
        stop.store(false, Ordering::Relaxed);
        check(&p, &solver, &state);
    }

    #[test]
    fn seams_merge() {
        let p = minx();
        let solver = MinxSolver::new(&p, Control::none()).unwrap();
        let m = |name: &str| solver.model.moves.iter().position(|x| x.name == name).unwrap() as u8;
        let names = |v: Vec<usize>| v.iter().map(|&i| solver.model.moves[i].name.clone()).collect::<Vec<_>>();
        assert_eq!(names(solver.merge(&[m("U"), m("U2")])), ["U2'"]);
        assert_eq!(names(solver.merge(&[m("U"), m("D"), m("U'")])), ["D"]);
        assert_eq!(names(solver.merge(&[m("U"), m("R"), m("U'")])), ["U", "R", "U'"]);
    }

    #[test]
    fn unsolvable_positions_are_refused_before_searching() {
        let p = minx();
        let solver = MinxSolver::new(&p, Control::none()).unwrap();
        let orbit = |name: &str| p.orbits().iter().find(|o| o.name == name).unwrap().clone();
        let (corners, edges) = (orbit("CORNERS"), orbit("EDGES"));
        let with = |changes: &[(usize, u8)]| {
            let mut b = p.solved().as_bytes().to_vec();
            for &(at, v) in changes {
                b[at] = v;
            }
            p.state_from_bytes(b).unwrap()
        };
        let err = |s: &State| solver.solve(&p, s, Control::none()).err().unwrap().to_string();
        assert!(err(&with(&[(corners.orientations_range().start, 1)])).contains("twists"));
        assert!(err(&with(&[(edges.orientations_range().start, 1)])).contains("flipped"));
        let c = corners.pieces_range().start;
        assert!(err(&with(&[(c, 1), (c + 1, 0)])).contains("odd permutation"));
        assert!(err(&with(&[(c, 1)])).contains("a piece twice"));
    }

    /// Figures: `cargo test --release --lib minx::tests::figures -- --ignored --nocapture` (100 WCA
    /// scrambles: table time and bytes, solve time and length).
    #[test]
    #[ignore]
    fn figures() {
        let ev = crate::events::EventScrambler::for_event("minx").unwrap();
        let p = ev.puzzle().clone();
        let t = std::time::Instant::now();
        ev.solve(p.solved(), Control::none()).unwrap();
        println!("first EventScrambler::solve (group and tables) {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
        let t = std::time::Instant::now();
        let solver = MinxSolver::new(&p, Control::none()).unwrap();
        println!(
            "tables {:.0} ms, {} bytes, {} tables",
            t.elapsed().as_secs_f64() * 1e3,
            solver.table_bytes(),
            solver.tables.len()
        );
        let mut rng = StdRng::seed_from_u64(1);
        let mut times = Vec::new();
        let mut lengths = Vec::new();
        let mut stage_nodes = vec![0u64; solver.stages.len()];
        for _ in 0..100 {
            let sc = ev.scramble(&mut rng, Control::none()).unwrap();
            let state = p.position(&crate::alg::Alg::parse(&sc.alg).unwrap()).unwrap();
            let t = std::time::Instant::now();
            let s = solver.solve(&p, &state, Control::none()).unwrap();
            times.push(t.elapsed().as_secs_f64() * 1e3);
            lengths.push(s.moves.len());
            for (a, b) in stage_nodes.iter_mut().zip(&s.stage_nodes) {
                *a = (*a).max(*b);
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        lengths.sort();
        let q = |v: &[f64], f: f64| v[((v.len() - 1) as f64 * f) as usize];
        println!(
            "time ms: mean {:.1} median {:.1} p90 {:.1} max {:.1}",
            times.iter().sum::<f64>() / 100.0,
            q(&times, 0.5),
            q(&times, 0.9),
            times[99]
        );
        println!(
            "length: mean {:.1} median {} max {} min {}",
            lengths.iter().sum::<usize>() as f64 / 100.0,
            lengths[50],
            lengths[99],
            lengths[0]
        );
        let names: Vec<&str> = solver.stages.iter().map(|s| s.name).collect();
        println!("most nodes per stage: {:?}", names.iter().zip(&stage_nodes).collect::<Vec<_>>());
    }
}
