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
//!   phase 2 with shape-keeping turns and slashes, bounded by a corner and an edge table (orders of 8
//!   pieces × layer starts × middle: 322,560 entries each);
//! - [`scramble`] — a drawn position, its solution inverted, checked, written in cubing.js's notation
//!   (`(1, 0) / (-3, 3) / … / (4, 0)`).

mod search;
mod state;
mod tables;

use rand::seq::SliceRandom;
use rand::Rng;

pub use search::Square1Solver;
pub use state::{Kind, Square1, Square1Alg, KIND};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::random::rng_from_seed;

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
