//! Solving up to the whole puzzle's orientation and its centers' orientation, as cubing.js's
//! `experimentalIsSolved({ignorePuzzleOrientation, ignoreCenterOrientation})` judges a pattern solved.
//!
//! - Center orientation ([`UpTo::center_orientation`]): the target leaves the orientation of the center
//!   orbits open (the `?` wildcard), so the solver is built for that target ([`UpTo::position`]).
//! - Puzzle orientation ([`UpTo::puzzle_orientation`]): a position `P` reached with rotations or slices
//!   (`x`, `M` on a 3x3x3 solved with face turns) is solved up to a rotation `R⁻¹` when `P·R` can reach the
//!   target with the moves ([`reorientations`]: each element `R` of the group the definition's rotations
//!   generate, kept when the moves can bring `P·R` home). A solution `S` of `P·R` gives `P·R·S` = target,
//!   so `P · (R S R⁻¹)` is the target turned by `R⁻¹`: each move of `S` conjugated by `R` is again a move of
//!   the set when the rotations permute the moves (face turns under cube rotations), and the solution is
//!   printed without rotations; otherwise it is `R` followed by `S`. With several candidates (a 2x2x2,
//!   whose turns reach every rotation) the shortest solution over all of them is returned.

use std::collections::HashMap;

use crate::control::Control;
use crate::error::{Error, Result};
pub use crate::group::symmetry::{rotation_group, MAX_ORIENTATIONS};
use crate::model::moveset::MoveSet;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

use super::job::Position;
use super::solver::{SolveOptions, SolveReport, Solver};
use super::target::Target;

/// What a solve may leave unsolved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UpTo {
    /// Solved in any orientation of the whole puzzle (cubing.js `ignorePuzzleOrientation`).
    pub puzzle_orientation: bool,
    /// The centers' orientation is not asked for (cubing.js `ignoreCenterOrientation`).
    pub center_orientation: bool,
}

/// The orbits whose orientation [`UpTo::center_orientation`] leaves open: those named `CENTER…`
/// (cubing.js's `CENTERS`; any case), with more than one orientation.
pub fn center_orbits(puzzle: &Puzzle) -> Vec<usize> {
    (puzzle.orbits().iter().enumerate())
        .filter(|(_, o)| o.orientations > 1 && o.name.to_ascii_uppercase().starts_with("CENTER"))
        .map(|(i, _)| i)
        .collect()
}

impl UpTo {
    /// Whether anything is left open.
    pub fn any(self) -> bool {
        self.puzzle_orientation || self.center_orientation
    }

    /// The position with the target the solver must be built for: with `center_orientation`, the
    /// position's target (or solved) with the center orbits' orientations open.
    pub fn position(self, puzzle: &Puzzle, position: Position) -> Result<Position> {
        let centers = center_orbits(puzzle);
        if !self.center_orientation || centers.is_empty() {
            return Ok(position);
        }
        let mut target = position.target.as_ref().unwrap_or(puzzle.solved()).as_bytes().to_vec();
        for &oi in &centers {
            let o = &puzzle.orbits()[oi];
            for i in o.orientations_range() {
                target[i] = o.wildcard();
            }
        }
        // Reaching solved reaches the relaxed target: known reachability stays.
        Ok(Position { target: Some(puzzle.state_from_bytes(target)?), ..position })
    }
}

/// A position turned by a rotation `R`: `P·R`, to be solved by the moves.
#[derive(Debug, Clone)]
pub struct Reoriented {
    /// `P·R` with the original position's target.
    pub position: Position,
    /// `R`, as rotation moves.
    pub rotation: Vec<MoveRef>,
}

/// The orbits whose pieces no move of the set moves (the 3x3x3's centers under face turns).
fn fixed_orbits(puzzle: &Puzzle, moves: &MoveSet) -> Vec<usize> {
    let transforms = moves.generator_transforms(puzzle);
    (puzzle.orbits().iter().enumerate())
        .filter(|(_, o)| transforms.iter().all(|t| o.pieces_range().all(|i| t[i] as usize == i - o.offset)))
        .map(|(i, _)| i)
        .collect()
}

/// The rotations `R` of the definition for which `P·R` may reach the target with `moves`: pieces the
/// moves never move must already be home, and `reaches` (group membership; `true` where undecided) must
/// allow it. Distinct `P·R` only; the identity first when it qualifies.
pub fn reorientations(
    puzzle: &Puzzle,
    position: &Position,
    moves: &MoveSet,
    mut reaches: impl FnMut(&State) -> Result<bool>,
) -> Result<Vec<Reoriented>> {
    let target = position.target.as_ref().unwrap_or(puzzle.solved()).as_bytes();
    let fixed = fixed_orbits(puzzle, moves);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for rotation in rotation_group(puzzle)? {
        let start = puzzle.apply_moves(&position.start, &rotation);
        let home = fixed.iter().all(|&oi| {
            let r = puzzle.orbits()[oi].pieces_range();
            start.as_bytes()[r.clone()] == target[r]
        });
        if !home || !seen.insert(start.as_bytes().to_vec()) {
            continue;
        }
        let known = position.known_reachable && rotation.is_empty();
        if !known && !reaches(&start)? {
            continue;
        }
        out.push(Reoriented {
            position: Position { start, target: position.target.clone(), known_reachable: known },
            rotation,
        });
    }
    Ok(out)
}

impl Reoriented {
    /// A solution of `P·R` made a solution of `P` up to orientation: each move conjugated by `R` (`R m R⁻¹`,
    /// a move of `moves` when the rotation permutes them), else `R` followed by the solution.
    pub fn solution(&self, puzzle: &Puzzle, moves: &MoveSet, solution: &[MoveRef]) -> Vec<MoveRef> {
        if self.rotation.is_empty() {
            return solution.to_vec();
        }
        let layout = puzzle.layout();
        let r = puzzle.apply_moves(&puzzle.identity(), &self.rotation);
        let r_inv = layout.invert(r.as_bytes());
        let by_transform: HashMap<&[u8], MoveRef> =
            moves.moves().iter().map(|m| (puzzle.transform(m.mv), m.mv)).collect();
        let mapped: Option<Vec<MoveRef>> = solution
            .iter()
            .map(|&m| {
                let t = layout.compose(&layout.compose(r.as_bytes(), puzzle.transform(m)), &r_inv);
                by_transform.get(t.as_slice()).copied()
            })
            .collect();
        mapped.unwrap_or_else(|| self.rotation.iter().chain(solution).copied().collect())
    }
}

/// Whether `end` is the target turned by some rotation of the definition.
fn solved_up_to_rotation(puzzle: &Puzzle, target: &Target, end: &State, rotations: &[Vec<MoveRef>]) -> bool {
    rotations.iter().any(|r| target.matches(puzzle.layout(), puzzle.apply_moves(end, r).as_bytes()))
}

/// Checks solutions of the original position (verified up to a rotation).
fn verify(puzzle: &Puzzle, position: &Position, solutions: &[Vec<MoveRef>]) -> Result<()> {
    let target = Target::new(puzzle.layout(), position.target.as_ref().unwrap_or(puzzle.solved()).as_bytes())?;
    let rotations = rotation_group(puzzle)?;
    for s in solutions {
        let end = puzzle.apply_moves(&position.start, s);
        if !solved_up_to_rotation(puzzle, &target, &end, &rotations) {
            return Err(Error::internal("a solution up to orientation failed verification"));
        }
    }
    Ok(())
}

fn unreachable() -> Error {
    Error::new(
        "this position cannot be solved: it is not reachable with these moves in any orientation of the puzzle \
         (group membership)",
    )
}

/// Solves a prepared position (its target already relaxed by [`UpTo::position`]) with a solver built for
/// that target, up to the puzzle's orientation when `up_to` asks for it: the shortest solutions over every
/// orientation the moves can bring home, searched depth by depth across them.
pub fn solve_up_to(
    solver: &mut Solver,
    position: &Position,
    up_to: UpTo,
    options: &SolveOptions,
    control: Control,
) -> Result<SolveReport> {
    if !up_to.puzzle_orientation {
        return super::job::solve_position(solver, position, options, control);
    }
    let puzzle = std::sync::Arc::clone(solver.puzzle());
    let moves = solver.moves().clone();
    let candidates = reorientations(&puzzle, position, &moves, |s| solver.reaches(s))?;
    let mut report = match candidates.as_slice() {
        [] => return Err(unreachable()),
        [one] => {
            let mut r = super::job::solve_position(solver, &one.position, options, control)?;
            r.solutions = r.solutions.iter().map(|s| one.solution(&puzzle, &moves, s)).collect();
            r
        }
        many => solve_many(solver, &puzzle, &moves, many, options, control)?,
    };
    crate::sort::sort_by_key(&mut report.solutions, Vec::len);
    verify(&puzzle, position, &report.solutions)?;
    Ok(report)
}

/// Several orientations: depth by depth, each candidate's iteration at that depth; solutions of the first
/// depth any reaches (and up to `slack` more), as the solver's own loop would.
fn solve_many(
    solver: &mut Solver,
    puzzle: &Puzzle,
    moves: &MoveSet,
    candidates: &[Reoriented],
    options: &SolveOptions,
    control: Control,
) -> Result<SolveReport> {
    let (max_depth, limit) = super::solver::solve_limits(options)?;
    let open_ended = options.all_optimal || options.slack > 0;
    let mut out = SolveReport {
        solutions: Vec::new(),
        nodes: 0,
        table_depth: 0,
        table_seconds: 0.0,
        symmetries: solver.table().symmetries(),
        inverse: false,
    };
    let mut last = max_depth;
    let mut depth = options.min_depth;
    while depth <= last && out.solutions.len() < limit {
        for c in candidates {
            let want = limit - out.solutions.len();
            if want == 0 {
                break;
            }
            let one = SolveOptions {
                max_solutions: Some(want),
                all_optimal: false,
                min_depth: depth,
                max_depth: Some(depth),
                slack: 0,
                known_reachable: true,
            };
            if let Some(r) = solver.solve_within(&c.position.start, &one, control)? {
                out.solutions.extend(r.solutions.iter().map(|s| c.solution(puzzle, moves, s)));
                out.nodes += r.nodes;
                out.table_seconds += r.table_seconds;
                out.inverse |= r.inverse;
            }
        }
        if !out.solutions.is_empty() {
            if !open_ended || options.all_optimal {
                break;
            }
            last = last.min(out.solutions[0].len() as u32 + options.slack);
        }
        depth += 1;
    }
    if out.solutions.is_empty() {
        return Err(Error::new(format!("no solution within depth {max_depth}")));
    }
    out.table_depth = solver.table().filled_depth();
    Ok(out)
}

/// Solves by phases up to the puzzle's orientation: each orientation the moves can bring home is solved by
/// `solve` (a phase solver built for the position's target) and the shortest solution kept.
pub fn solve_phases_up_to<R>(
    puzzle: &Puzzle,
    position: &Position,
    moves: &MoveSet,
    up_to: UpTo,
    reaches: impl FnMut(&State) -> Result<bool>,
    mut solve: impl FnMut(&State) -> Result<R>,
    solution_of: impl Fn(&mut R) -> &mut Vec<MoveRef>,
) -> Result<R> {
    if !up_to.puzzle_orientation {
        return solve(&position.start);
    }
    let mut best: Option<R> = None;
    for c in reorientations(puzzle, position, moves, reaches)? {
        let mut r = solve(&c.position.start)?;
        let s = solution_of(&mut r);
        *s = c.solution(puzzle, moves, s);
        let better = match &mut best {
            None => true,
            Some(b) => s.len() < solution_of(b).len(),
        };
        if better {
            best = Some(r);
        }
    }
    let mut best = best.ok_or_else(unreachable)?;
    verify(puzzle, position, std::slice::from_ref(solution_of(&mut best)))?;
    Ok(best)
}
