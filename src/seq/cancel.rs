//! Cancelling moves (twsearch's `--cancelseqs`): moves of the same grip that meet, perhaps across moves
//! of other grips that commute with them, merge into one (or vanish). The order of the other moves is
//! kept: unlike [`Alg::simplify`](crate::Alg::simplify), the result need not be canonical.

use crate::model::move_ref::MoveRef;
use crate::Puzzle;

/// `moves` with every move merged into the next move of its grip that it can reach across commuting
/// moves of other grips, repeated until nothing merges.
pub fn cancel_moves(puzzle: &Puzzle, moves: &[MoveRef]) -> Vec<MoveRef> {
    let mut seq = moves.to_vec();
    loop {
        let mut merged = false;
        let mut i = 0;
        while i < seq.len() {
            let a = seq[i];
            let mut j = i + 1;
            while j < seq.len() && seq[j].base != a.base && puzzle.commutes(a.base, seq[j].base) {
                j += 1;
            }
            if j < seq.len() && seq[j].base == a.base {
                let m = puzzle.move_ref(a.base, a.amount + seq[j].amount);
                seq.remove(j);
                if m.amount == 0 {
                    seq.remove(i);
                } else {
                    seq[i] = m;
                }
                merged = true;
                // Look at the same place again: the merged move (or the one after) may merge further.
                continue;
            }
            i += 1;
        }
        if !merged {
            return seq;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::seq::{moves_text, read_moves};

    #[test]
    fn merges_across_commuting_moves_without_reordering() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/3x3x3.tws")).unwrap();
        let cancel = |alg: &str| moves_text(&p, &cancel_moves(&p, &read_moves(&p, alg).unwrap()));
        assert_eq!(cancel("R U U' R'"), " ");
        assert_eq!(cancel("R L R"), " R2 L");
        assert_eq!(cancel("U D U2 D' F"), " U' F");
        assert_eq!(cancel("R U R"), " R U R");
        assert_eq!(cancel("L R U R' R L'"), " L R U L'");
    }
}
