//! The 3x3x3 as the two-phase search sees it, read from the cubing.js KPuzzle definition (or any
//! definition with `CORNERS`, `EDGES`, the face turns `U R F D L B` and the rotations `x y z`): the 18
//! face turns as cubies, the symmetries of the phase tables (the rotations that keep the U/D axis), the
//! rotations that turn the other two axes onto U/D, and which edge slots form the E slice. Everything is
//! worked out from the definition's moves and checked, nothing is written down.

use super::cubie::Cubie;
use crate::error::{Error, Result};
use crate::group::symmetry::SymmetryTable;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::solvers::identical::registry_orbit;

/// The faces, in the order move indices use (`3 * face + amount - 1`); opposite faces are three apart.
pub(super) const FACES: [&str; 6] = ["U", "R", "F", "D", "L", "B"];
/// Number of face turns.
pub(super) const MOVES: usize = 18;
/// The face turns of phase 2 (the group `<U, D, R2, F2, L2, B2>`), by move index.
pub(super) const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
/// Symmetries of the phase tables: the rotations that keep the U/D axis (the first eight), then each
/// of them followed by the mirror that swaps R and L.
pub(super) const SYMS: usize = 16;
/// The rotations among [`SYMS`] (the two-phase tables use these only).
pub(super) const ROTATIONS: usize = 8;
/// The bits of the rotations among the symmetries (a mask of [`SYMS`]).
pub(super) const ROTATION_MASK: u16 = (1 << ROTATIONS) - 1;
/// The bits of all sixteen symmetries.
pub(super) const ALL_SYMS: u16 = u16::MAX;

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
    /// The rotations among the symmetries (identity first); by index of a symmetry, its inverse's
    /// index.
    pub syms: [Cubie; ROTATIONS],
    pub sym_inv: [u8; SYMS],
    /// The [`SYMS`] symmetries as a group table (the symmetry engine's): inverses, products and where
    /// each takes the face turns.
    pub symmetries: SymmetryTable,
    /// The mirror that swaps R and L, as the cubie `g` of `c ↦ neg(g⁻¹ · c · g)`, where `neg` turns
    /// every corner's twist the other way (a mirror reverses the order of a corner's stickers); and
    /// `g⁻¹`.
    mirror: (Cubie, Cubie),
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
        let mut syms = [Cubie::SOLVED; ROTATIONS];
        let mut n = 0;
        for (r, map) in rotations.iter().zip(&conj_moves) {
            if face(map[0]) % 3 == 0 {
                if n == ROTATIONS {
                    return Err(bad("more than eight rotations keep the U/D axis".into()));
                }
                syms[n] = *r;
                n += 1;
            }
        }
        if n != ROTATIONS {
            return Err(bad(format!("{n} rotations keep the U/D axis, not eight")));
        }
        let mirror = find_mirror(&moves).ok_or_else(|| bad("no mirror takes the face turns to face turns".into()))?;
        let mut model_syms = Model::sym_parts(syms, mirror);
        let maps: Vec<[u8; MOVES]> = (0..SYMS)
            .map(|s| {
                let mut map = [0u8; MOVES];
                for (m, slot) in map.iter_mut().enumerate() {
                    *slot = move_index(&model_syms.conj_sym(&moves[m], s))
                        .ok_or_else(|| bad("a symmetry that turns a face turn into no face turn".into()))?;
                }
                Ok(map)
            })
            .collect::<Result<_>>()?;
        // A symmetry is known by where it takes the face turns: sixteen maps, a group.
        let maps: Vec<Vec<u16>> = maps.iter().map(|m| m.iter().map(|&x| x as u16).collect()).collect();
        let symmetries =
            SymmetryTable::of_move_maps(&maps).map_err(|e| bad(format!("the sixteen symmetries as move maps: {e}")))?;
        for (s, inv) in model_syms.sym_inv.iter_mut().enumerate() {
            *inv = symmetries.inverse(s) as u8;
        }
        let Model { syms, sym_inv, mirror, .. } = model_syms;
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
            symmetries,
            mirror,
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

    /// A stand-in holding the symmetries only (while the model is read: what [`Model::conj_sym`] needs).
    fn sym_parts(syms: [Cubie; ROTATIONS], mirror: (Cubie, Cubie)) -> Self {
        let mut sym_inv = [0u8; SYMS];
        for (a, inv) in sym_inv.iter_mut().enumerate().take(ROTATIONS) {
            *inv = (0..ROTATIONS).find(|&b| syms[a].then(&syms[b]) == Cubie::SOLVED).unwrap_or(0) as u8;
        }
        Model {
            moves: [Cubie::SOLVED; MOVES],
            mrefs: [MoveRef { base: 0, amount: 0 }; MOVES],
            syms,
            sym_inv,
            symmetries: SymmetryTable::of_move_maps(&[Vec::new()]).expect("the trivial group"),
            mirror,
            axes: [(Cubie::SOLVED, Cubie::SOLVED, [0; MOVES]); 3],
            e_slots: [0; 4],
            ud_slots: [0; 8],
            local: [0; 12],
            e_mask: 0,
            u_corners: 0,
            corners: 0,
            edges: 0,
            solved: Vec::new(),
        }
    }

    /// `c` mirrored (R and L swapped): `neg(g⁻¹ · c · g)`. A homomorphism that takes each face turn to
    /// the inverse turn of the mirrored face.
    pub(super) fn mirror(&self, c: &Cubie) -> Cubie {
        let mut x = c.conj(&self.mirror.0, &self.mirror.1);
        x.co = x.co.map(|o| (3 - o) % 3);
        x
    }

    /// `c` conjugated by symmetry `s`: by rotation `s % 8`, then (`s ≥ 8`) mirrored.
    pub(super) fn conj_sym(&self, c: &Cubie, s: usize) -> Cubie {
        let r = s % ROTATIONS;
        let x = c.conj(&self.syms[r], &self.syms[self.sym_inv[r] as usize]);
        if s < ROTATIONS {
            x
        } else {
            self.mirror(&x)
        }
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

/// The mirror that swaps R and L (see [`Model::mirror`]), from the face turns alone: slots go to the
/// slots of the mirrored faces, and the orientations' offsets (which depend on how the definition
/// numbers each slot's stickers) are those under which every face turn's image is the inverse turn of
/// the mirrored face. `None` if there are none.
fn find_mirror(moves: &[Cubie; MOVES]) -> Option<(Cubie, Cubie)> {
    // The faces each slot lies on (bit per face), and the mirrored faces (R, index 1, and L, 4, swapped).
    let on = |slot: usize, corner: bool| -> u32 {
        (0..6)
            .filter(|&f| {
                if corner {
                    moves[3 * f].cp[slot] as usize != slot
                } else {
                    moves[3 * f].ep[slot] as usize != slot
                }
            })
            .fold(0, |a, f| a | 1 << f)
    };
    let swap = |faces: u32| faces & !0b10010 | (faces >> 1 & 1) << 4 | (faces >> 4 & 1) << 1;
    let mut g = Cubie::SOLVED;
    for i in 0..8 {
        g.cp[i] = (0..8).find(|&j| on(j, true) == swap(on(i, true)))? as u8;
    }
    for i in 0..12 {
        g.ep[i] = (0..12).find(|&j| on(j, false) == swap(on(i, false)))? as u8;
    }
    // Face turn m's image: the mirrored face's turn the other way.
    let image = |m: usize| {
        let f = [0, 4, 2, 3, 1, 5][m / 3];
        &moves[3 * f + 2 - m % 3]
    };
    let mirrored = |g: &Cubie, c: &Cubie| {
        let mut x = c.conj(g, &g.inverse());
        x.co = x.co.map(|o| (3 - o) % 3);
        x
    };
    let alpha = (0..6561u32).find(|&k| {
        let mut h = g;
        h.co = std::array::from_fn(|i| (k / 3u32.pow(i as u32) % 3) as u8);
        (0..MOVES).all(|m| {
            let x = mirrored(&h, &moves[m]);
            x.cp == image(m).cp && x.co == image(m).co
        })
    })?;
    g.co = std::array::from_fn(|i| (alpha / 3u32.pow(i as u32) % 3) as u8);
    let beta = (0..4096u32).find(|&k| {
        let mut h = g;
        h.eo = std::array::from_fn(|i| (k >> i & 1) as u8);
        (0..MOVES).all(|m| {
            let x = mirrored(&h, &moves[m]);
            x.ep == image(m).ep && x.eo == image(m).eo
        })
    })?;
    g.eo = std::array::from_fn(|i| (beta >> i & 1) as u8);
    (0..MOVES).all(|m| mirrored(&g, &moves[m]) == *image(m)).then(|| (g, g.inverse()))
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
        // Every symmetry maps phase 2's moves onto themselves and the E slice onto itself; the mirrors
        // too, and each inverse undoes it.
        let cube = [4, 0, 7, 11, 14, 3, 8, 15, 1, 5].iter().fold(Cubie::SOLVED, |c, &i| c.then(&m.moves[i]));
        for s in 0..SYMS {
            let back = m.conj_sym(&m.conj_sym(&cube, s), m.sym_inv[s] as usize);
            assert_eq!(back, cube, "symmetry {s}");
            let mirrored = m.conj_sym(&cube, s);
            assert!(mirrored.parities_match() && mirrored.co.iter().map(|&o| o as u32).sum::<u32>() % 3 == 0);
            for &p in &PHASE2_MOVES {
                let c = m.conj_sym(&m.moves[p as usize], s);
                assert!(PHASE2_MOVES.iter().any(|&q| m.moves[q as usize] == c));
            }
            let e = m.conj_sym(&Cubie::SOLVED, s);
            assert_eq!(e, Cubie::SOLVED);
        }
        // The mirror: U to U', R to L', a homomorphism.
        assert_eq!(m.mirror(&m.moves[0]), m.moves[2]);
        assert_eq!(m.mirror(&m.moves[3]), m.moves[14]);
        let other = [2, 9, 13, 6].iter().fold(Cubie::SOLVED, |c, &i| c.then(&m.moves[i]));
        assert_eq!(m.mirror(&cube.then(&other)), m.mirror(&cube).then(&m.mirror(&other)));
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
