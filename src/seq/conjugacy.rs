//! The conjugacy class of a transformation (twsearch's `--showconjugacy`): per set, its cycles' lengths
//! with the orientation twist each cycle accumulates. Two transformations of a set are conjugate in the
//! set's full wreath product exactly when these agree.

use crate::model::state::State;
use crate::Puzzle;

/// One cycle of a set's permutation: its length and the sum of the orientation changes along it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cycle {
    /// Pieces in the cycle (1 for a piece that stays).
    pub len: usize,
    /// The total twist of the cycle, modulo the set's orientations.
    pub twist: u8,
}

/// The cycles of `transform` (an alg's transformation, from the identity), per set, sorted, pieces that
/// stay untwisted left out.
pub fn cycle_type(puzzle: &Puzzle, transform: &State) -> Vec<Vec<Cycle>> {
    let t = transform.as_bytes();
    puzzle
        .orbits()
        .iter()
        .map(|o| {
            let (perm, ori) = (&t[o.pieces_range()], &t[o.orientations_range()]);
            let mut done = vec![false; o.size];
            let mut cycles = Vec::new();
            for start in 0..o.size {
                let (mut len, mut twist, mut k) = (0, 0usize, start);
                while !done[k] {
                    done[k] = true;
                    len += 1;
                    twist += ori[k] as usize;
                    k = perm[k] as usize;
                }
                let twist = (twist % o.orientations as usize) as u8;
                if len > 0 && (len, twist) != (1, 0) {
                    cycles.push(Cycle { len, twist });
                }
            }
            cycles.sort();
            cycles
        })
        .collect()
}

/// The cycle type as twsearch prints it: `[4,4],[4:1,4:2]` (a set per bracket, `len:twist` where the
/// twist is not 0).
pub fn cycle_type_text(cycles: &[Vec<Cycle>]) -> String {
    let set = |c: &Vec<Cycle>| {
        let parts: Vec<String> = (c.iter())
            .map(|c| if c.twist == 0 { c.len.to_string() } else { format!("{}:{}", c.len, c.twist) })
            .collect();
        format!("[{}]", parts.join(","))
    };
    cycles.iter().map(set).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::seq::read_moves;

    #[test]
    fn a_quarter_turn_is_two_four_cycles() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/3x3x3.tws")).unwrap();
        let class =
            |alg: &str| cycle_type_text(&cycle_type(&p, &p.apply_moves(&p.identity(), &read_moves(&p, alg).unwrap())));
        assert_eq!(class("U"), "[4],[4]");
        assert_eq!(class(""), "[],[]");
        // The superflip: every edge flipped in place, the corners solved.
        let flips = ["1:1"; 12].join(",");
        assert_eq!(class("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"), format!("[{flips}],[]"));
        // The T-perm swaps two edges and two corners.
        assert_eq!(class("R U R' U' R' F R2 U' R' U' R U R' F'"), "[2],[2]");
    }
}
