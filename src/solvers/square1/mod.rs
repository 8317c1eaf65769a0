//! Square-1 random-state scrambles, as the WCA's tnoodle and cubing.js 0.63.4 (twips) make them.
//!
//! - [`Square1`] — the puzzle: 24 wedge slots and the middle layer, numbered as cubing.js's `square1`
//!   KPuzzle numbers them, with the slash blocked while a corner straddles the cut (which the KPuzzle
//!   does not know);
//! - [`random_state`] — a uniformly random position among those where a slash can be made (tnoodle's
//!   3,678 shapes, each with the same 8! × 8! × 2 arrangements of corners, edges and middle layer, so a
//!   uniform shape then uniform pieces is uniform over positions);
//! - [`Square1Solver`] — the two-phase search in the twist metric: phase 1 to the cube shape (with the
//!   corner and edge order parities phase 2 can solve) by a distance table over shapes × parities
//!   (14,712 entries),
//!   phase 2 with shape-keeping turns and slashes, bounded by two tables over positions up to turns
//!   (one kind's order of 8 pieces × which slots hold the other kind's top-layer pieces × middle:
//!   352,800 entries each);
//! - [`scramble`] — a drawn position, its solution inverted, checked, written in cubing.js's notation
//!   (`(1, 0) / (-3, 3) / … / (4, 0)`).

mod search;
mod state;
mod tables;

use rand::seq::SliceRandom;
use rand::Rng;

pub use search::Square1Solver;
pub use state::{normalize, Kind, Square1, Square1Alg, KIND};

use crate::control::Control;
use crate::error::{Error, Result};

/// The WCA minimum (regulation 4b3d: the random state must need at least 11 moves), in tnoodle's
/// metric (`wcaMinScrambleDistance = 11`, a `(top, bottom)` turn and a slash each one move; twips
/// filters at 11 too). A state whose scramble is shorter is drawn again. The search is not optimal, so
/// this checks the scramble found, not the state's optimum, as the crate's other random-state events do.
pub const MIN_MOVES: usize = 11;

/// The shape of a uniformly random sliceable position: four half layers (six 30° slots each, filled
/// with edges and corners in one of 13 ways), drawn again until they hold eight corners in all.
fn random_shape<R: Rng + ?Sized>(rng: &mut R) -> [Kind; 24] {
    let halves = tables::halves();
    loop {
        let kinds: Vec<Kind> = (0..4).flat_map(|_| halves[rng.gen_range(0..halves.len())].iter().copied()).collect();
        if kinds.iter().filter(|&&k| k == Kind::CornerFirst).count() == 8 {
            return kinds.try_into().expect("24 slots");
        }
    }
}

/// A uniformly random Square-1 position where a slash can be made (as tnoodle and twips draw them).
pub fn random_state<R: Rng + ?Sized>(rng: &mut R) -> Square1 {
    let kinds = random_shape(rng);
    let mut corners: Vec<u8> = (0..24u8).filter(|&w| KIND[w as usize] == Kind::CornerFirst).collect();
    let mut edges: Vec<u8> = (0..24u8).filter(|&w| KIND[w as usize] == Kind::Edge).collect();
    corners.shuffle(rng);
    edges.shuffle(rng);
    let (mut c, mut e) = (corners.into_iter(), edges.into_iter());
    let mut wedges = [0u8; 24];
    for i in 0..24 {
        wedges[i] = match kinds[i] {
            Kind::Edge => e.next(),
            Kind::CornerFirst => c.next(),
            Kind::CornerSecond => Some(wedges[i - 1] + 1),
        }
        .expect("eight corners and eight edges");
    }
    Square1 { wedges, middle: rng.gen_bool(0.5) }
}

/// One Square-1 scramble: a random position (drawn again while its scramble is under [`MIN_MOVES`]) and
/// the scramble that reaches it from solved, checked on the model (every slash legal, the position
/// reached).
pub fn scramble<R: Rng + ?Sized>(
    solver: &Square1Solver,
    rng: &mut R,
    control: Control,
) -> Result<(Square1, Square1Alg)> {
    loop {
        control.check()?;
        let state = random_state(rng);
        let solution = solver.solve(&state, control)?;
        if state.apply(&solution) != Some(Square1::solved()) {
            return Err(Error::internal("square-1: the solution does not solve the state"));
        }
        let scramble = solution.invert();
        if scramble.moves() < MIN_MOVES {
            continue;
        }
        if Square1::solved().apply(&scramble) != Some(state) {
            return Err(Error::internal("square-1: the scramble does not reach the state"));
        }
        return Ok((state, scramble));
    }
}

/// A solution of any position, a slash blocked at the start or not: where a slash can be made, the
/// solver's (as for a scramble's state); else the solver's from each first turn that allows a slash, the
/// one with the fewest slashes (then moves) kept, that first turn merged into it.
pub fn solve_any(solver: &Square1Solver, s: &Square1, control: Control) -> Result<Square1Alg> {
    if s.can_slash() {
        let alg = solver.solve(s, control)?;
        if s.apply(&alg) != Some(Square1::solved()) {
            return Err(Error::internal("square-1: the solution does not solve the position"));
        }
        return Ok(alg);
    }
    let mut best: Option<Square1Alg> = None;
    for top in 0..12 {
        for bottom in 0..12 {
            let t = s.turn(top, bottom);
            if !t.can_slash() {
                continue;
            }
            control.check()?;
            let mut alg = solver.solve(&t, control)?;
            alg.turns[0] = (alg.turns[0].0 + top, alg.turns[0].1 + bottom);
            let key = |a: &Square1Alg| (a.slashes(), a.moves());
            if best.as_ref().is_none_or(|b| key(&alg) < key(b)) {
                best = Some(alg);
            }
        }
    }
    let alg =
        best.ok_or_else(|| Error::new("square-1: no turn of the layers allows a slash (not a Square-1 position)"))?;
    if s.apply(&alg) != Some(Square1::solved()) {
        return Err(Error::internal("square-1: the solution does not solve the position"));
    }
    Ok(alg)
}

/// The model's position from a state of cubing.js's `square1` KPuzzle (with `WEDGES` and `EQUATOR`
/// orbits): its wedges (each corner's two wedges side by side in one layer), and the middle layer
/// flipped where `EQUATOR` is as a slash leaves it. Wedge orientations are not looked at (the model has
/// none).
pub fn from_kpuzzle(puzzle: &crate::Puzzle, state: &crate::State) -> Result<Square1> {
    let bad = |why: &str| Error::new(format!("not a Square-1 position: {why}"));
    let layout = puzzle.layout();
    let (Some(w), Some(e)) = (layout.orbit_index("WEDGES"), layout.orbit_index("EQUATOR")) else {
        return Err(bad("the puzzle has no WEDGES and EQUATOR orbits (cubing.js's square1)"));
    };
    let (w, e) = (&layout.orbits()[w], &layout.orbits()[e]);
    if w.size != 24 {
        return Err(bad("WEDGES must have 24 pieces"));
    }
    let bytes = state.as_bytes();
    let wedges: [u8; 24] = bytes[w.pieces_range()].try_into().expect("24 wedges");
    let mut seen = [false; 24];
    for &x in &wedges {
        if x >= 24 || std::mem::replace(&mut seen[x as usize], true) {
            return Err(bad("the wedges are not 24 distinct pieces"));
        }
    }
    for (i, &x) in wedges.iter().enumerate() {
        let next = wedges[i / 12 * 12 + (i + 1) % 12];
        if KIND[x as usize] == Kind::CornerFirst && next != x + 1 {
            return Err(bad("a corner's two wedges are apart"));
        }
    }
    let equator = |s: &[u8]| [&s[e.pieces_range()], &s[e.orientations_range()]].concat();
    let solved = puzzle.solved().as_bytes();
    let slash = puzzle.lookup("_SLASH_").ok_or_else(|| bad("the puzzle has no _SLASH_ move"))?;
    let flipped = puzzle.apply(puzzle.solved(), slash);
    let middle = if equator(bytes) == equator(solved) {
        false
    } else if equator(bytes) == equator(flipped.as_bytes()) {
        true
    } else {
        return Err(bad("the middle layer is neither as solved nor as a slash leaves it"));
    };
    Ok(Square1 { wedges, middle })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::random::rng_from_seed;

    #[test]
    fn any_position_is_solved_blocked_slash_or_not() {
        let solver = Square1Solver::new();
        let mut rng = rng_from_seed(Some(4)).unwrap();
        for i in 0..10 {
            let state = random_state(&mut rng).turn(i, 2 * i + 1);
            let alg = solve_any(&solver, &state, Control::none()).unwrap();
            assert_eq!(state.apply(&alg), Some(Square1::solved()));
        }
        // A corner across the cut blocks the slash; turning the top back solves it, no slash needed.
        let top = (1..12).find(|&t| !Square1::solved().turn(t, 0).can_slash()).expect("a blocking turn");
        let alg = solve_any(&solver, &Square1::solved().turn(top, 0), Control::none()).unwrap();
        assert_eq!(alg.notation(), format!("({}, 0)", normalize(-top)));
    }

    #[test]
    fn scrambles_reach_their_states() {
        let solver = Square1Solver::new();
        let mut rng = rng_from_seed(Some(3)).unwrap();
        for _ in 0..20 {
            let (state, alg) = scramble(&solver, &mut rng, Control::none()).unwrap();
            assert_eq!(Square1::solved().apply(&alg), Some(state));
            assert!(alg.moves() >= MIN_MOVES && alg.slashes() <= 20, "{}", alg.notation());
        }
    }
}
