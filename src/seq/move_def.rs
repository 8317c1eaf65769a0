//! A transformation as a `.tws` move definition (twsearch's `--showmoves`): `Move noname`, then per set
//! its name, the 1-based permutation and (where the set has orientations) the orientation changes, then
//! `End`; the block twsearch prints, which reads back as a move with the same effect.

use std::fmt::Write as _;

use crate::model::state::State;
use crate::Puzzle;

/// The move definition of `transform` (an alg's transformation, from the identity), named `name`.
pub fn move_definition(puzzle: &Puzzle, transform: &State, name: &str) -> String {
    let t = transform.as_bytes();
    let mut out = format!("Move {name}\n");
    for o in puzzle.orbits() {
        let (perm, ori) = (&t[o.pieces_range()], &t[o.orientations_range()]);
        let _ = writeln!(out, "   {}", o.name);
        out.push_str("  ");
        for &p in perm {
            let _ = write!(out, " {}", p as usize + 1);
        }
        out.push('\n');
        if o.orientations > 1 {
            // A move block gives each piece's orientation change where the piece lands: slot i's
            // change belongs to the piece that came from slot perm[i].
            let mut moved = vec![0u8; o.size];
            for i in 0..o.size {
                moved[perm[i] as usize] = ori[i];
            }
            out.push_str("  ");
            for v in moved {
                let _ = write!(out, " {v}");
            }
            out.push('\n');
        }
    }
    out.push_str("End\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::seq::read_moves;

    #[test]
    fn a_sequence_reads_back_as_a_move_with_its_effect() {
        let text = include_str!("../../tests/data/puzzles/main/3x3x3.tws");
        let p = load_puzzle(text).unwrap();
        let alg = "R U R' U' R' F R2 U' R' U' R U R' F'";
        let t = p.apply_moves(&p.identity(), &read_moves(&p, alg).unwrap());
        let block = move_definition(&p, &t, "TPERM");
        let q = load_puzzle(&format!("{text}\n{block}")).unwrap();
        let m = q.lookup("TPERM").unwrap();
        assert_eq!(q.transform(m), t.as_bytes());
        // A quarter turn's block is the definition's own U block, numbers for numbers.
        let u = move_definition(&p, &p.apply_moves(&p.identity(), &read_moves(&p, "U").unwrap()), "U");
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let start = text.find("Move U").unwrap();
        let end = start + text[start..].find("End").unwrap() + 3;
        assert_eq!(words(&u), words(&text[start..end]));
    }
}
