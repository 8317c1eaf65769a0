//! Shortening a sequence (twsearch's `--shortenseqs`): for ever longer depths `d`, every window of the
//! sequence longer than `d` is solved optimally within `d` moves; a window that has such a solution is
//! replaced by the solution's inverse and the search starts over. Windows already known to need more
//! than `d` moves are not solved again.

use std::collections::HashMap;

use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::move_ref::MoveRef;
use crate::search::{SolveOptions, Solver};

/// What is known of a window's effect.
enum Known {
    /// Needs more moves than this.
    MoreThan(u32),
    /// This many moves do it (the shortest).
    Within(Vec<MoveRef>),
}

/// Shortens sequences with one solver (its pruning table shared by every window and sequence).
pub struct Shortener<'s> {
    solver: &'s mut Solver,
    known: HashMap<Vec<u8>, Known>,
    /// The deepest window solve tried (`None`: up to the sequence's length).
    max_depth: Option<u32>,
}

impl<'s> Shortener<'s> {
    /// A shortener solving windows with `solver`, whose puzzle must tell every piece apart (no identical
    /// pieces, no orientation wildcards in its solved state: a window must be undone as a transformation,
    /// not only on the solved state). `max_depth` caps the window solves (twsearch's `--maxdepth`).
    pub fn new(solver: &'s mut Solver, max_depth: Option<u32>) -> Result<Self> {
        let puzzle = solver.puzzle();
        let solved = puzzle.solved().as_bytes();
        for o in puzzle.orbits() {
            let mut pieces: Vec<u8> = solved[o.pieces_range()].to_vec();
            pieces.sort_unstable();
            pieces.dedup();
            if pieces.len() != o.size || solved[o.orientations_range()].iter().any(|&x| o.is_wildcard(x)) {
                return Err(Error::new(format!(
                    "shortening needs every piece told apart, and set {} has identical pieces or open \
                     orientations (load the puzzle with --distinguishall)",
                    o.name
                )));
            }
        }
        Ok(Shortener { solver, known: HashMap::new(), max_depth })
    }

    /// `moves` shortened: never longer, with the same effect. Every move must be one of the solver's.
    pub fn shorten(&mut self, moves: &[MoveRef], control: Control) -> Result<Vec<MoveRef>> {
        let puzzle = std::sync::Arc::clone(self.solver.puzzle());
        if let Some(&m) = moves.iter().find(|&&m| !self.solver.moves().contains(&puzzle, m)) {
            return Err(Error::new(format!("{} is not one of the moves solved with", puzzle.move_name(m))));
        }
        let mut seq = moves.to_vec();
        'again: loop {
            for depth in 1..seq.len() as u32 {
                if self.max_depth.is_some_and(|m| depth > m) {
                    break;
                }
                for len in (depth as usize + 1..=seq.len()).rev() {
                    for start in 0..=seq.len() - len {
                        control.check()?;
                        if let Some(better) = self.within(&seq[start..start + len], depth, control)? {
                            seq.splice(start..start + len, better);
                            continue 'again;
                        }
                    }
                }
            }
            return Ok(seq);
        }
    }

    /// A sequence of at most `depth` moves with the effect of `window`, if there is one.
    fn within(&mut self, window: &[MoveRef], depth: u32, control: Control) -> Result<Option<Vec<MoveRef>>> {
        let puzzle = std::sync::Arc::clone(self.solver.puzzle());
        let state = puzzle.apply_moves(puzzle.solved(), window);
        match self.known.get(state.as_bytes()) {
            Some(Known::Within(s)) => return Ok((s.len() as u32 <= depth).then(|| s.clone())),
            Some(Known::MoreThan(d)) if *d >= depth => return Ok(None),
            _ => {}
        }
        let options = SolveOptions {
            max_depth: Some(depth),
            known_reachable: true,
            max_solutions: Some(1),
            ..Default::default()
        };
        let found = self.solver.solve_within(&state, &options, control)?;
        let entry = match found.and_then(|r| r.solutions.into_iter().next()) {
            // The solution undoes the window: its inverse does what the window does.
            Some(s) => Known::Within(puzzle.invert_moves(&s)),
            None => Known::MoreThan(depth),
        };
        let answer = match &entry {
            Known::Within(s) => Some(s.clone()),
            Known::MoreThan(_) => None,
        };
        self.known.insert(state.as_bytes().to_vec(), entry);
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seq::{moves_text, read_moves};
    use crate::test_puzzles::cube2_solver;

    #[test]
    fn windows_are_replaced_by_shorter_ones() {
        let (p, mut solver) = cube2_solver();
        let mut s = Shortener::new(&mut solver, None).unwrap();
        let mut run = |alg: &str| {
            let moves = read_moves(&p, alg).unwrap();
            let out = s.shorten(&moves, Control::none()).unwrap();
            assert!(out.len() <= moves.len());
            assert_eq!(p.apply_moves(&p.identity(), &out), p.apply_moves(&p.identity(), &moves), "{alg}");
            moves_text(&p, &out)
        };
        assert_eq!(run("R R"), " R2");
        assert_eq!(run("R U R' R U' R'"), " ");
        assert_eq!(run("R U F"), " R U F");
        // The commutator's sixth power is the identity.
        let out = run("R U R' U' R U R' U' R U R' U' R U R' U' R U R' U' R U R' U'");
        assert_eq!(out, " ");
    }
}
