//! Three-cycles found automatically: the beam search's macros for big puzzles.
//!
//! The commutator `[A, B] = A B A⁻¹ B⁻¹` of two sequences whose supports (the slots each changes) meet in
//! exactly one slot is a 3-cycle of that slot's orbit (twists aside). `A` ranges over the given moves and
//! their conjugates `X Y X⁻¹`, `B` over the moves; those that change three slots (or two) of one orbit
//! and nothing else are kept, then conjugated by each move (`S C S⁻¹`), one operator per distinct effect
//! (the shortest), sequences simplified where a move follows its own base.

use std::collections::HashMap;

use super::beam::{changes_of, Change, Operator};
use crate::control::Control;
use crate::error::Result;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;

/// A sequence with its transformation and support.
struct Seq {
    moves: Vec<MoveRef>,
    t: State,
    support: Vec<u64>,
}

/// The pure 3-cycles (and 2-slot twists) of single orbits that commutators of `moves` make, with their
/// conjugates by each move: one operator per effect, the shortest.
pub fn three_cycles(puzzle: &Puzzle, moves: &[MoveRef], control: Control) -> Result<Vec<Operator>> {
    let layout = puzzle.layout();
    let slots: usize = puzzle.orbits().iter().map(|o| o.size).sum();
    let words = slots.div_ceil(64);
    let seq = |moves: Vec<MoveRef>| {
        let t = puzzle.apply_moves(&puzzle.identity(), &moves);
        let mut support = vec![0u64; words];
        let mut g = 0;
        for o in puzzle.orbits() {
            for i in 0..o.size {
                let b = t.as_bytes();
                if b[o.offset + i] as usize != i || b[o.offset + o.size + i] != 0 {
                    support[g / 64] |= 1 << (g % 64);
                }
                g += 1;
            }
        }
        Seq { moves, t, support }
    };
    let singles: Vec<Seq> = moves.iter().map(|&m| seq(vec![m])).collect();
    let mut inserts: Vec<Seq> = moves.iter().map(|&m| seq(vec![m])).collect();
    for &x in moves {
        for &y in moves {
            if x.base != y.base && !puzzle.commutes(x.base, y.base) {
                inserts.push(seq(vec![x, y, puzzle.invert_move(x)]));
            }
        }
    }
    let mut found: HashMap<Vec<Change>, Vec<MoveRef>> = HashMap::new();
    let keep = |found: &mut HashMap<Vec<Change>, Vec<MoveRef>>, changes: Vec<Change>, moves: Vec<MoveRef>| {
        let pure = (2..=3).contains(&changes.len()) && changes.iter().all(|c| c.orbit == changes[0].orbit);
        if pure && found.get(&changes).is_none_or(|m| m.len() > moves.len()) {
            found.insert(changes, moves);
        }
    };
    for a in &inserts {
        control.check()?;
        for b in &singles {
            let meet: u32 = a.support.iter().zip(&b.support).map(|(x, y)| (x & y).count_ones()).sum();
            if meet != 1 {
                continue;
            }
            let ai = layout.invert(a.t.as_bytes());
            let bi = layout.invert(b.t.as_bytes());
            let c = layout.compose(&layout.compose(&layout.compose(a.t.as_bytes(), b.t.as_bytes()), &ai), &bi);
            let moves: Vec<MoveRef> =
                [a.moves.clone(), b.moves.clone(), puzzle.invert_moves(&a.moves), puzzle.invert_moves(&b.moves)]
                    .concat();
            keep(&mut found, changes_of(puzzle, &c), simplify(puzzle, &moves));
        }
    }
    let base: Vec<Operator> = found.into_iter().map(|(changes, moves)| Operator { moves, changes }).collect();
    conjugates(puzzle, &base, moves, control)
}

/// `ops` and their conjugates `S C S⁻¹` by each of `moves` (computed from the changes alone: slot `j` of
/// `C` becomes slot `S[j]`): one operator per effect, the shortest, sorted by length. Applied to its own
/// output, conjugates by two moves.
pub fn conjugates(puzzle: &Puzzle, ops: &[Operator], moves: &[MoveRef], control: Control) -> Result<Vec<Operator>> {
    let mut found: HashMap<Vec<Change>, Vec<MoveRef>> = HashMap::new();
    let keep = |found: &mut HashMap<Vec<Change>, Vec<MoveRef>>, changes: Vec<Change>, moves: Vec<MoveRef>| {
        if found.get(&changes).is_none_or(|m| m.len() > moves.len()) {
            found.insert(changes, moves);
        }
    };
    for op in ops {
        keep(&mut found, op.changes.clone(), op.moves.clone());
    }
    let orbits = puzzle.orbits();
    for &s in moves {
        control.check()?;
        let t = puzzle.apply(&puzzle.identity(), s);
        let st = t.as_bytes();
        for op in ops {
            let mut conj: Vec<Change> = op
                .changes
                .iter()
                .map(|c| {
                    let o = &orbits[c.orbit as usize];
                    let (p, ori) = (&st[o.pieces_range()], &st[o.orientations_range()]);
                    let (j, src) = (c.dst as usize, c.src as usize);
                    let m = o.orientations;
                    let twist = (ori[src] + c.twist + m - ori[j] % m) % m;
                    Change { orbit: c.orbit, dst: p[j], src: p[src], twist }
                })
                .collect();
            conj.sort_unstable();
            if found.get(&conj).is_some_and(|m| m.len() + 2 <= op.moves.len()) {
                continue;
            }
            let seq = [vec![s], op.moves.clone(), vec![puzzle.invert_move(s)]].concat();
            keep(&mut found, conj, simplify(puzzle, &seq));
        }
    }
    let mut out: Vec<Operator> = found.into_iter().map(|(changes, moves)| Operator { moves, changes }).collect();
    out.sort_by(|a, b| (a.moves.len(), &a.changes).cmp(&(b.moves.len(), &b.changes)));
    Ok(out)
}

/// `moves` with each run of turns of one base merged (and dropped where they cancel).
pub fn simplify(puzzle: &Puzzle, moves: &[MoveRef]) -> Vec<MoveRef> {
    let mut out: Vec<MoveRef> = Vec::with_capacity(moves.len());
    for &m in moves {
        match out.last() {
            Some(last) if last.base == m.base => {
                let merged = puzzle.move_ref(m.base, last.amount + m.amount);
                out.pop();
                if merged.amount != 0 {
                    out.push(merged);
                }
            }
            _ => out.push(m),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles;

    #[test]
    fn the_3x3x3_face_turns_make_corner_three_cycles_each_checked() {
        let p = test_puzzles::cube3();
        let moves: Vec<MoveRef> = ["U", "D", "F", "B", "R", "L"]
            .iter()
            .flat_map(|f| [1, 2, -1].map(|k| p.move_ref(p.lookup(f).unwrap().base, k)))
            .collect();
        let ops = three_cycles(&p, &moves, Control::none()).unwrap();
        let corners = p.orbits().iter().position(|o| o.size == 8).unwrap() as u16;
        assert!(ops.iter().any(|o| o.changes[0].orbit == corners && o.moves.len() == 8), "[R U R', D]");
        for op in &ops {
            let t = p.apply_moves(&p.identity(), &op.moves);
            assert_eq!(changes_of(&p, t.as_bytes()), op.changes);
            assert!(op.changes.len() <= 3 && op.changes.iter().all(|c| c.orbit == op.changes[0].orbit));
        }
    }

    #[test]
    fn simplify_merges_and_cancels() {
        let p = test_puzzles::cube3();
        let r = p.lookup("R").unwrap();
        let u = p.lookup("U").unwrap();
        assert_eq!(simplify(&p, &[r, r, u, p.invert_move(u), r]), vec![p.move_ref(r.base, 3)]);
    }
}
