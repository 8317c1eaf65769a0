//! Uniformly random states ([`random_state`]) and positions of a puzzle ([`random_position`]), and the
//! random-number generator they draw from ([`rng_from_seed`]).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::StabilizerChain;
use crate::error::{Error, Result};
use crate::model::puzzle::Puzzle;
use crate::model::state::State;

/// A generator of random numbers for scrambles: seeded with `seed` when given (reproducible), otherwise
/// from the operating system (or the browser's `crypto.getRandomValues` on WebAssembly).
pub fn rng_from_seed(seed: Option<u64>) -> Result<ChaCha8Rng> {
    match seed {
        Some(s) => Ok(ChaCha8Rng::seed_from_u64(s)),
        None => {
            let mut key = [0u8; 32];
            getrandom::getrandom(&mut key)
                .map_err(|e| Error::new(format!("no random seed from the operating system: {e}")))?;
            Ok(ChaCha8Rng::from_seed(key))
        }
    }
}

/// A uniformly random state of the group: `start` followed by a uniformly random element of the chain's
/// group (`start` may hold identical pieces and orientation wildcards).
///
/// Errors if `start` does not have the layout's state size.
pub fn random_state<R: Rng + ?Sized>(chain: &StabilizerChain, start: &[u8], rng: &mut R) -> Result<Vec<u8>> {
    let layout = chain.layout();
    if start.len() != layout.state_size() {
        return Err(Error::new(format!(
            "a state of this puzzle has {} bytes, got {}",
            layout.state_size(),
            start.len()
        )));
    }
    Ok(layout.compose(start, &chain.random_element(rng)))
}

/// A uniformly random position of `puzzle`: its solved state followed by a uniformly random element of
/// `chain`'s group (built over the puzzle's moves, as by [`super::puzzle_chain`]).
///
/// Refuses a puzzle that declares `Illegal` placements: the group's elements include positions the
/// definition forbids, and the legal ones are not a group that could be drawn from uniformly.
pub fn random_position<R: Rng + ?Sized>(puzzle: &Puzzle, chain: &StabilizerChain, rng: &mut R) -> Result<State> {
    if !puzzle.illegal().is_empty() {
        return Err(Error::new(format!(
            "random positions are not supported for a puzzle that declares Illegal placements ({} here): \
             uniformly random legal positions cannot be drawn from the group",
            puzzle.illegal().len()
        )));
    }
    puzzle.state_from_bytes(random_state(chain, puzzle.solved().as_bytes(), rng)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{load_puzzle, MoveSet};

    #[test]
    fn seeded_generators_repeat_and_unseeded_ones_work() {
        let a: Vec<u32> = (0..4).map(|_| rng_from_seed(Some(5)).unwrap().gen()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let mut r = rng_from_seed(None).unwrap();
        let _: u64 = r.gen();
    }

    #[test]
    fn random_states_are_reachable_and_checked() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/2x2x2.tws")).unwrap();
        let set = MoveSet::parse(&p, "U,R").unwrap();
        let chain = StabilizerChain::new(p.layout(), &set.generator_transforms(&p)).unwrap();
        let mut rng = rng_from_seed(Some(3)).unwrap();
        let s = random_state(&chain, p.solved().as_bytes(), &mut rng).unwrap();
        let g = p.layout().compose(&p.layout().invert(p.solved().as_bytes()), &s);
        assert!(chain.contains(&g));
        assert!(random_state(&chain, &[0, 1], &mut rng).is_err());
    }
}
