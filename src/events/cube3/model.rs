//! The 3x3x3 as the two-phase search sees it, read from the cubing.js KPuzzle definition (or any
//! definition with `CORNERS`, `EDGES`, the face turns `U R F D L B` and the rotations `x y z`): the 18
//! face turns as cubies, the symmetries of the phase tables (the rotations that keep the U/D axis), the
//! rotations that turn the other two axes onto U/D, and which edge slots form the E slice. Everything is
//! worked out from the definition's moves and checked, nothing is written down.

use super::cubie::Cubie;
use crate::error::{Error, Result};
use crate::events::identical::registry_orbit;
use crate::puzzle::{MoveRef, Puzzle};
use crate::state::State;

/// The faces, in the order move indices use (`3 * face + amount - 1`); opposite faces are three apart.
pub(super) const FACES: [&str; 6] = ["U", "R", "F", "D", "L", "B"];
/// Number of face turns.
pub(super) const MOVES: usize = 18;
/// The face turns of phase 2 (the group `<U, D, R2, F2, L2, B2>`), by move index.
pub(super) const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
/// Symmetries of the phase tables: the rotations that keep the U/D axis.
pub(super) const SYMS: usize = 8;

/// The face of move `m`.
#[inline(always)]
pub(super) const fn face(m: u8) -> u8 {
    m / 3
}

/// The move undoing `m`.
#[inline(always)]
pub(super) fn inverse_move(m: u8) -> u8 {
    m - m % 3 + (2 - m % 3)
}

/// Whether move `m` may follow move `last` in a canonical sequence (`last` ≥ 18: nothing before): not on
/// the same face, and of two opposite faces (which commute) the one with the smaller index first.
#[inline(always)]
pub(super) const fn may_follow(last: u8, m: u8) -> bool {
    if last as usize >= MOVES {
        return true;
    }
    let (f, g) = (face(m), face(last));
    f != g && f + 3 != g
}

/// The model.
pub(super) struct Model {
    /// The face turns as cubies, by move index.
    pub moves: [Cubie; MOVES],
    /// The definition's move of each move index.
    pub mrefs: [MoveRef; MOVES],
    /// The symmetries (identity first) and, by index, each one's inverse's index.
    pub syms: [Cubie; SYMS],
    pub sym_inv: [u8; SYMS],
    /// The three axes: a rotation `r` such that `r⁻¹ · position · r` sees the axis as U/D (identity for
    /// U/D itself), its inverse, and per move index of the turned position, the move it is in the
    /// position's own frame.
    pub axes: [(Cubie, Cubie, [u8; MOVES]); 3],
    /// Edge slots of the E slice (untouched by `U` and `D`) and the others, in increasing order; the
    /// solved pieces are numbered as their slots.
    pub e_slots: [u8; 4],
    pub ud_slots: [u8; 8],
    /// Per edge piece, its index among the E slice's pieces or the others.
    pub local: [u8; 12],
    /// Bits of the E slice's edge slots.
    pub e_mask: u32,
    /// Bits of the U layer's corner slots (untouched by `D`); the solved pieces are numbered as their
    /// slots, so these are the U layer's pieces too.
    pub u_corners: u32,
    /// Where the corners and edges lie in the definition's state bytes, and its solved bytes (every
    /// other orbit must stay as solved: the face turns do not move the centers).
    corners: usize,
    edges: usize,
    solved: Vec<u8>,
}

impl Model {
    /// The model of a 3x3x3 definition.
    pub(super) fn new(puzzle: &Puzzle) -> Result<Self> {
        let bad = |why: String| Error::internal(format!("3x3x3 model: {why}"));
        let corners = registry_orbit(puzzle, "CORNERS")?;
        let edges = registry_orbit(puzzle, "EDGES")?;
        if corners.size != 8 || edges.size != 12 {
            return Err(bad("not 8 corners and 12 edges".into()));
        }
        let (co, eo) = (corners.offset, edges.offset);
        let solved = puzzle.solved().as_bytes().to_vec();
        let cubie_of_move = |m: MoveRef| -> Cubie {
            let t = puzzle.transform(m);
            let mut c = Cubie::SOLVED;
            c.cp.copy_from_slice(&t[co..co + 8]);
            c.co.copy_from_slice(&t[co + 8..co + 16]);
            c.ep.copy_from_slice(&t[eo..eo + 12]);
            c.eo.copy_from_slice(&t[eo + 12..eo + 24]);
            c
        };
        if solved[co..co + 16] != Cubie::SOLVED.cp.iter().chain(&Cubie::SOLVED.co).copied().collect::<Vec<_>>()
            || solved[eo..eo + 24] != Cubie::SOLVED.ep.iter().chain(&Cubie::SOLVED.eo).copied().collect::<Vec<_>>()
        {
            return Err(bad("the solved pieces are not numbered as their slots".into()));
        }
        let lookup = |name: &str| puzzle.lookup(name).ok_or_else(|| bad(format!("no move {name}")));
        let mut moves = [Cubie::SOLVED; MOVES];
        let mut mrefs = [MoveRef { base: 0, amount: 0 }; MOVES];
        for (f, name) in FACES.iter().enumerate() {
            let base = lookup(name)?;
            for a in 0..3 {
                let m = puzzle.move_ref(base.base, a as i64 + 1);
                mrefs[3 * f + a] = m;
                moves[3 * f + a] = cubie_of_move(m);
            }
            let q = moves[3 * f];
            if q.then(&q) != moves[3 * f + 1] || q.then(&q).then(&q) != moves[3 * f + 2] {
                return Err(bad(format!("{name}'s amounts are not its powers")));
            }
        }
        // Phase 2's moves keep every orientation: the phase-1 goal is then orientations zero.
        for &m in &PHASE2_MOVES {
            let c = &moves[m as usize];
            if c.co != [0; 8] || c.eo != [0; 12] {
                return Err(bad("the moves of <U, D, R2, F2, L2, B2> change orientations".into()));
            }
        }
        let e_mask: u32 = (0..12)
            .filter(|&i| moves[0].ep[i] as usize == i && moves[9].ep[i] as usize == i)
            .fold(0, |a, i| a | 1 << i);
        if e_mask.count_ones() != 4 {
            return Err(bad("U and D leave not four edges".into()));
        }
        let u_corners: u32 = (0..8).filter(|&i| moves[9].cp[i] as usize == i).fold(0, |a, i| a | 1 << i);
        if u_corners.count_ones() != 4 {
            return Err(bad("D leaves not four corners".into()));
        }
        let mut e_slots = [0u8; 4];
        let mut ud_slots = [0u8; 8];
        let mut local = [0u8; 12];
        let (mut ne, mut nu) = (0, 0);
        for i in 0..12u8 {
            if e_mask >> i & 1 == 1 {
                e_slots[ne] = i;
                local[i as usize] = ne as u8;
                ne += 1;
            } else {
                ud_slots[nu] = i;
                local[i as usize] = nu as u8;
                nu += 1;
            }
        }
        // The rotations: the closure of the definition's (cubing.js's x, y, z; PuzzleGeometry's named
        // rotations in a twsearch file), 24 of them.
        let gens: Vec<Cubie> = (puzzle.base_moves().iter().enumerate())
            .filter(|(_, b)| b.rotation && b.order > 1)
            .map(|(i, _)| cubie_of_move(puzzle.move_ref(i, 1)))
            .collect();
        let mut rotations = vec![Cubie::SOLVED];
        let mut i = 0;
        while i < rotations.len() {
            for g in &gens {
                let r = rotations[i].then(g);
                if !rotations.contains(&r) {
                    rotations.push(r);
                }
            }
            i += 1;
        }
        if rotations.len() != 24 {
            return Err(bad(format!("x, y and z make {} rotations, not 24", rotations.len())));
        }
        let move_index = |c: &Cubie| moves.iter().position(|m| m == c).map(|i| i as u8);
        // Per rotation, where conjugation takes each face turn (a face turn, or it is no rotation).
        let mut conj_moves = Vec::with_capacity(24);
        for r in &rotations {
            let ri = r.inverse();
            let mut map = [0u8; MOVES];
            for (m, slot) in map.iter_mut().enumerate() {
                *slot = move_index(&moves[m].conj(r, &ri))
                    .ok_or_else(|| bad("a rotation that turns a face turn into no face turn".into()))?;
            }
            conj_moves.push(map);
        }
        // Symmetries: the rotations that take U to U or D.
        let mut syms = [Cubie::SOLVED; SYMS];
        let mut n = 0;
        for (r, map) in rotations.iter().zip(&conj_moves) {
            if face(map[0]) % 3 == 0 {
                if n == SYMS {
                    return Err(bad("more than eight rotations keep the U/D axis".into()));
                }
                syms[n] = *r;
                n += 1;
            }
        }
        if n != SYMS {
            return Err(bad(format!("{n} rotations keep the U/D axis, not eight")));
        }
        let mut sym_inv = [0u8; SYMS];
        for (a, inv) in sym_inv.iter_mut().enumerate() {
            *inv = (0..SYMS)
                .find(|&b| syms[a].then(&syms[b]) == Cubie::SOLVED)
                .ok_or_else(|| bad("symmetries not a group".into()))? as u8;
        }
        // Axes: conjugation by r takes the axis's face turns to U/D turns; a move of the turned position
        // is read back by the inverse conjugation.
        let axis_rotation = |want: u8| -> Result<(Cubie, Cubie, [u8; MOVES])> {
            let (r, _) = rotations
                .iter()
                .zip(&conj_moves)
                .find(|(_, map)| face(map[3 * want as usize]) == 0)
                .ok_or_else(|| bad("no rotation turns an axis onto U/D".into()))?;
            let ri = r.inverse();
            let mut back = [0u8; MOVES];
            for (m, slot) in back.iter_mut().enumerate() {
                *slot = move_index(&moves[m].conj(&ri, r)).ok_or_else(|| bad("axis".into()))?;
            }
            Ok((*r, ri, back))
        };
        let axes = [axis_rotation(0)?, axis_rotation(1)?, axis_rotation(2)?];
        Ok(Model {
            moves,
            mrefs,
            syms,
            sym_inv,
            axes,
            e_slots,
            ud_slots,
            local,
            e_mask,
            u_corners,
            corners: co,
            edges: eo,
            solved,
        })
    }

    /// The cubie of a state of the definition, or why it is no position of the face turns (a piece twice,
    /// a twisted corner, a flipped edge, two pieces swapped, the centers turned).
    pub(super) fn cubie(&self, state: &State) -> Result<Cubie> {
        let b = state.as_bytes();
        let unsolvable = |why: &str| Error::new(format!("3x3x3: the position is not solvable ({why})"));
        if b.len() != self.solved.len() {
            return Err(Error::new("3x3x3: a state of another puzzle"));
        }
        let (co, eo) = (self.corners, self.edges);
        for (i, (&x, &s)) in b.iter().zip(&self.solved).enumerate() {
            let ours = (co..co + 16).contains(&i) || (eo..eo + 24).contains(&i);
            if !ours && x != s {
                return Err(unsolvable("the centers are turned"));
            }
        }
        let mut c = Cubie::SOLVED;
        c.cp.copy_from_slice(&b[co..co + 8]);
        c.co.copy_from_slice(&b[co + 8..co + 16]);
        c.ep.copy_from_slice(&b[eo..eo + 12]);
        c.eo.copy_from_slice(&b[eo + 12..eo + 24]);
        let is_perm = |p: &[u8]| {
            let mut seen = 0u32;
            p.iter().all(|&x| {
                (x as usize) < p.len() && seen & 1 << x == 0 && {
                    seen |= 1 << x;
                    true
                }
            })
        };
        if !is_perm(&c.cp) || !is_perm(&c.ep) || c.co.iter().any(|&o| o > 2) || c.eo.iter().any(|&o| o > 1) {
            return Err(unsolvable("a piece twice or an orientation out of range"));
        }
        if c.co.iter().map(|&o| o as u32).sum::<u32>() % 3 != 0 {
            return Err(unsolvable("a twisted corner"));
        }
        if c.eo.iter().map(|&o| o as u32).sum::<u32>() % 2 != 0 {
            return Err(unsolvable("a flipped edge"));
        }
        if !c.parities_match() {
            return Err(unsolvable("two pieces swapped"));
        }
        Ok(c)
    }

    /// The state of the definition a cubie stands for (the other orbits solved).
    #[cfg(test)]
    pub(super) fn state(&self, c: &Cubie) -> State {
        let mut b = self.solved.clone();
        let (co, eo) = (self.corners, self.edges);
        b[co..co + 8].copy_from_slice(&c.cp);
        b[co + 8..co + 16].copy_from_slice(&c.co);
        b[eo..eo + 12].copy_from_slice(&c.ep);
        b[eo + 12..eo + 24].copy_from_slice(&c.eo);
        State::from_vec(b)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::kpuzzle::kpuzzle_from_value;

    pub(crate) fn puzzle() -> Puzzle {
        let def = crate::events::embedded_definition("3x3x3").unwrap();
        kpuzzle_from_value(&serde_json::from_str(def).unwrap()).unwrap()
    }

    #[test]
    fn read_from_cubing_js() {
        let m = Model::new(&puzzle()).unwrap();
        assert_eq!(m.e_mask.count_ones(), 4);
        // U turns the U layer's corners among themselves; D leaves them.
        assert!((0..8).all(|i| m.u_corners >> i & 1 == m.u_corners >> m.moves[0].cp[i] & 1));
        assert_eq!(m.syms[0], Cubie::SOLVED);
        // Every symmetry maps phase 2's moves onto themselves and the E slice onto itself.
        for (s, &si) in m.syms.iter().zip(&m.sym_inv) {
            let s_inv = m.syms[si as usize];
            for &p in &PHASE2_MOVES {
                let c = m.moves[p as usize].conj(s, &s_inv);
                assert!(PHASE2_MOVES.iter().any(|&q| m.moves[q as usize] == c));
            }
            for &e in &m.e_slots {
                assert!(m.e_mask >> s.ep[e as usize] & 1 == 1);
            }
        }
        // The axes: R/L (or F/B) turns of the position are U/D turns of the turned one.
        for (a, (r, ri, back)) in m.axes.iter().enumerate() {
            for mv in 0..MOVES as u8 {
                assert_eq!(m.moves[mv as usize].conj(r, ri), m.moves[back.iter().position(|&b| b == mv).unwrap()]);
            }
            let up = back[0];
            assert_eq!(face(up) % 3, [0, 1, 2][a]);
        }
        assert!(may_follow(0, 9) && !may_follow(9, 0) && !may_follow(1, 2) && may_follow(18, 5));
        assert_eq!(inverse_move(0), 2);
        assert_eq!(inverse_move(4), 4);
    }
}
