//! How fast random moves mix (twsearch's `--totalvar`): the total variation distance between the
//! distribution after `n` uniformly random moves from solved and the uniform distribution on the
//! positions the moves reach, for `n = 0, 1, 2, …`.

use std::collections::HashMap;

use crate::control::Control;
use crate::error::{Error, Result};
use crate::model::moveset::MoveSet;
use crate::Puzzle;

/// The most (position, move) pairs the transition table may hold.
pub const MAX_TRANSITIONS: usize = 1 << 26;

/// The total variation distance after `0..steps` random moves, each move of `moves` (every power
/// counted as a move) equally likely. Errors when the positions times the moves pass
/// [`MAX_TRANSITIONS`].
pub fn total_variation(puzzle: &Puzzle, moves: &MoveSet, steps: usize, control: Control) -> Result<Vec<f64>> {
    let list: Vec<_> = moves.moves().iter().map(|m| m.mv).collect();
    if list.is_empty() {
        return Err(Error::new("no moves to walk with"));
    }
    // Every position reachable from solved, and where each move takes it.
    let mut index: HashMap<Box<[u8]>, u32> = HashMap::new();
    let mut positions: Vec<Box<[u8]>> = vec![puzzle.solved().as_bytes().into()];
    index.insert(positions[0].clone(), 0);
    let mut next: Vec<u32> = Vec::new();
    let mut out = vec![0u8; puzzle.state_size()];
    let mut k = 0;
    while k < positions.len() {
        if k % 65_536 == 0 {
            control.check()?;
        }
        for &m in &list {
            puzzle.apply_into(&positions[k], m, &mut out);
            let n = positions.len() as u32;
            let to = *index.entry(out.as_slice().into()).or_insert(n);
            if to == n {
                if (to as usize + 1) * list.len() > MAX_TRANSITIONS {
                    return Err(Error::limit(format!(
                        "more than {} positions: too many to walk exactly",
                        MAX_TRANSITIONS / list.len()
                    )));
                }
                positions.push(out.as_slice().into());
            }
            next.push(to);
        }
        k += 1;
    }
    drop(index);
    let n = positions.len();
    let uniform = 1.0 / n as f64;
    let per_move = 1.0 / list.len() as f64;
    let mut dist = vec![0.0f64; n];
    dist[0] = 1.0;
    let mut out = Vec::with_capacity(steps);
    for _ in 0..steps {
        control.check()?;
        out.push(0.5 * dist.iter().map(|p| (p - uniform).abs()).sum::<f64>());
        let mut new = vec![0.0f64; n];
        for (i, &p) in dist.iter().enumerate() {
            if p != 0.0 {
                for &to in &next[i * list.len()..][..list.len()] {
                    new[to as usize] += p * per_move;
                }
            }
        }
        dist = new;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;

    #[test]
    fn one_generator_cycles_never_mix() {
        // A single 4-cycle with one quarter turn: a walk alternates parity, so it never gets closer than
        // 1/2 to uniform (at even steps it sits on the two even positions).
        let p = load_puzzle("Name c4\nSet P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove A\nP\n2 3 4 1\nEnd\n").unwrap();
        let set = MoveSet::parse(&p, "A").unwrap();
        let tv = total_variation(&p, &set, 4, Control::none()).unwrap();
        assert_eq!(tv[0], 0.75);
        // A, A2, A' equally likely: after one move each non-solved position has 1/3.
        assert!((tv[1] - 0.25).abs() < 1e-12, "{tv:?}");
        assert!(tv.iter().all(|&t| (0.0..=1.0).contains(&t)));
    }
}
