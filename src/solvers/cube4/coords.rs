//! The coordinates of the reduction's phases, each a number for what a phase's subgroup cannot change
//! back, with its move function (for the tables) and its value in a state (for the search).
//!
//! The chain of subgroups, in cubing.js's moves:
//! 1. `U,D,F,B,R,L,Uw2,Rw,Fw2` — the `R`/`L` centers on their axis: which 8 of the 24 center slots hold
//!    them (735,471 values);
//! 2. `U,D,F2,B2,R,L,Uw2,Rw2,Fw2` — the `U`/`D` centers on theirs, the `F`/`B` ones two by two in the two
//!    orbits these moves leave them (900,900 values; its table is joint with the wings' parity), and every wing in its class of 12, with the
//!    wings' permutation even (2,704,156 × 2 values);
//! 3. `U,D,F2,B2,R2,L2,Uw2,Rw2,Fw2` — the corners untwisted, the middle-layer edges' wings in the middle
//!    layer, and the centers as this group can solve them (twist × either half of the middle layer's
//!    wings: 2 × 2187 × 495; both halves: 495 × 495; centers: 70 × 70 × 70 values);
//! 4. the centers solved and the wings paired into edges, with the edges' permutation as even as the
//!    corners' (centers 70 × 70 × 70; pairing 8! × 4! × 2; and two joint tables): a 3x3x3 in the
//!    `U,D,F2,B2,R2,L2` group, solved as one.
//!
//! Each phase's targets are the values its next group's moves reach from the solved value, so the
//! structure (slots, classes, orbits) is read from the moves, not written down.

use super::model::{Cube4, Model, FACES};
use crate::coord::perm::{is_odd, perm_rank, perm_unrank};
use crate::coord::rank::{binomial, compress, expand, unrank_mask, MaskRank, Pext};

/// A search node: the state and the parities of its wing and corner permutations.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    pub c: Cube4,
    pub wings_odd: bool,
    pub corners_odd: bool,
}

impl Node {
    pub(super) fn new(c: Cube4) -> Self {
        Node { c, wings_odd: is_odd(&c.wp), corners_odd: is_odd(&c.cp) }
    }

    #[inline]
    pub(super) fn then(&self, model: &Model, m: usize) -> Node {
        let mv = &model.moves[m];
        Node {
            c: self.c.then(&mv.step),
            wings_odd: self.wings_odd ^ mv.wings_odd,
            corners_odd: self.corners_odd ^ mv.corners_odd,
        }
    }
}

/// Moves of each phase and the structure the coordinates use.
pub(super) struct Coords {
    pub rank: MaskRank,
    /// Move sets: every move, then the groups 1–3 above.
    pub all: Vec<usize>,
    pub h1: Vec<usize>,
    pub k2: Vec<usize>,
    pub g3: Vec<usize>,
    /// Faces of the `R`/`L` centers, the `U`/`D` ones, and the `U`, `L`, `F` faces (as face masks).
    rl_faces: u32,
    ud_faces: u32,
    u_face: u32,
    l_face: u32,
    f_face: u32,
    /// Center slots: not on the `R`/`L` axis (16); on the `U`/`D`, `R`/`L`, `F`/`B` axes (8 each).
    non_rl: u32,
    ud_slots: u32,
    rl_slots: u32,
    fb_slots: u32,
    /// Wing slots of class 1 and 2 (12 each), and the middle-layer ones of each class (4 each).
    class1: u32,
    class2: u32,
    /// Wings (ids) at home in class 1; the middle-layer ones of class 1 and of class 2.
    x1: u32,
    e1: u32,
    e2: u32,
    /// Phase 4: the `U`/`D`-layer edges by their class-1 slot (`a`), the middle-layer ones by theirs
    /// (`d`); the class-2 slot's index of each class-2 wing slot (`b_index`, `c_index`).
    a_slots: [u8; 8],
    d_slots: [u8; 4],
    a_index: [u8; 24],
    b_index: [u8; 24],
    d_index: [u8; 4 * 6],
    c_index: [u8; 24],
    /// Phase 4 moves (by position in `g3`) on the pairings: `ud_move[τ * n + k]`, `e_move[τ * n + k]`,
    /// and whether each flips the parity bit.
    ud_move: Vec<u16>,
    e_move: Vec<u8>,
    parity_flip: Vec<bool>,
    /// The masks of each size over 8 and 16 slots, by rank.
    sets_8_4: Vec<u32>,
    sets_16_8: Vec<u32>,
    /// Compressions onto the fixed slot sets above.
    pext_non_rl: Pext,
    pext_class1: Pext,
    pext_class2: Pext,
    pext_ud: Pext,
    pext_rl: Pext,
    pext_fb: Pext,
    /// Corner twist by move: `twist_move[t * 27 + m]`.
    pub twist_moves: Vec<u16>,
    /// Moves on where half the middle layer's wings are (`[which][rank * 27 + m]`, 495 ranks).
    half_moves: [Vec<u16>; 2],
    /// Moves on the U, L and F centers' arrangements on their axes (`[axis][rank * 27 + m]`, 70 ranks).
    axis_moves: [Vec<u8>; 3],
    /// Each move's position in `g3` (`usize::MAX` if none).
    pub g3_index: [usize; super::model::MOVES],
}

/// Sizes of the coordinates.
pub(super) const P1: usize = binomial(24, 8) as usize;
pub(super) const P2_CENTERS: usize = binomial(16, 8) as usize * 70;
pub(super) const P2_WINGS: usize = binomial(24, 12) as usize * 2;
pub(super) const MIDDLE: usize = 495 * 495;
pub(super) const TWIST: usize = 2187 * 495;
pub(super) const CENTERS: usize = 70 * 70 * 70;
pub(super) const PAIRING: usize = 40320 * 24 * 2;
/// Center values group 3 reaches from solved.
pub(super) const G3_CENTERS: usize = 10_080;

fn faces_mask(model: &Model, faces: u32) -> u32 {
    (0..FACES).filter(|f| faces >> f & 1 == 1).fold(0, |a, f| a | model.face_slots[f])
}

fn sets(n: u32, k: u32) -> Vec<u32> {
    (0..binomial(n, k)).map(|r| unrank_mask(r, k)).collect()
}

impl Coords {
    pub(super) fn new(model: &Model) -> Self {
        let all: Vec<usize> = (0..super::model::MOVES).collect();
        let h1 = Model::move_set("U,D,F,B,R,L,Uw2,Rw,Fw2");
        let k2 = Model::move_set("U,D,F2,B2,R,L,Uw2,Rw2,Fw2");
        let g3 = Model::move_set("U,D,F2,B2,R2,L2,Uw2,Rw2,Fw2");
        // Faces in `BASES` order: U D F B R L.
        let (u_face, d_face, f_face, b_face, r_face, l_face) = (1, 2, 4, 8, 16, 32);
        let rl_faces = r_face | l_face;
        let ud_faces = u_face | d_face;
        let non_rl = !faces_mask(model, rl_faces) & 0xff_ffff;
        let ud_slots = faces_mask(model, ud_faces);
        let rl_slots = faces_mask(model, rl_faces);
        let fb_slots = faces_mask(model, f_face | b_face);
        let k2_wings = model.orbits(&k2, true);
        assert_eq!(k2_wings.len(), 2, "4x4x4: two wing classes under group 2");
        let class1 = k2_wings.iter().copied().find(|m| m & 1 == 1).unwrap();
        let class2 = !class1 & 0xff_ffff;
        let g3_wings = model.orbits(&g3, true);
        let middle = g3_wings.iter().filter(|m| m.count_ones() == 4).fold(0, |a, m| a | m);
        assert_eq!(middle.count_ones(), 8, "4x4x4: middle-layer wing slots under group 3");
        let home = |slots: u32| (0..24).filter(|s| slots >> s & 1 == 1).fold(0u32, |a, s| a | 1 << model.solved.wp[s]);
        let (x1, e1, e2) = (home(class1), home(class1 & middle), home(class2 & middle));
        // Phase 4's slots: each edge by its class-1 wing slot.
        let list = |m: u32| (0..24u8).filter(|s| m >> s & 1 == 1).collect::<Vec<u8>>();
        let a_slots: [u8; 8] = list(class1 & !middle).try_into().expect("8 U/D-layer edges");
        let d_slots: [u8; 4] = list(class1 & middle).try_into().expect("4 middle-layer edges");
        let mut a_index = [u8::MAX; 24];
        let mut b_index = [u8::MAX; 24];
        let mut d_index = [u8::MAX; 24];
        let mut c_index = [u8::MAX; 24];
        for (i, &s) in a_slots.iter().enumerate() {
            a_index[s as usize] = i as u8;
            b_index[model.mate[s as usize] as usize] = i as u8;
        }
        for (i, &s) in d_slots.iter().enumerate() {
            d_index[s as usize] = i as u8;
            c_index[model.mate[s as usize] as usize] = i as u8;
        }
        let mut c = Coords {
            rank: MaskRank::new(),
            all,
            h1,
            k2,
            g3,
            rl_faces,
            ud_faces,
            u_face,
            l_face,
            f_face,
            non_rl,
            ud_slots,
            rl_slots,
            fb_slots,
            class1,
            class2,
            x1,
            e1,
            e2,
            a_slots,
            d_slots,
            a_index,
            b_index,
            d_index,
            c_index,
            ud_move: Vec::new(),
            e_move: Vec::new(),
            parity_flip: Vec::new(),
            sets_8_4: sets(8, 4),
            sets_16_8: sets(16, 8),
            pext_non_rl: Pext::new(non_rl),
            pext_class1: Pext::new(class1),
            pext_class2: Pext::new(class2),
            pext_ud: Pext::new(ud_slots),
            pext_rl: Pext::new(rl_slots),
            pext_fb: Pext::new(fb_slots),
            twist_moves: Vec::new(),
            half_moves: [Vec::new(), Vec::new()],
            axis_moves: [Vec::new(), Vec::new(), Vec::new()],
            g3_index: [usize::MAX; super::model::MOVES],
        };
        for (k, &m) in c.g3.iter().enumerate() {
            c.g3_index[m] = k;
        }
        c.pairing_moves(model);
        const M: usize = super::model::MOVES;
        c.half_moves = [0, 1].map(|which| {
            let (_, slots) = c.middle_half(which);
            (0..495 * M)
                .map(|x| {
                    let mask = expand(unrank_mask((x / M) as u32, 4), slots);
                    c.rank.rank(compress(model.moves[x % M].wing_bits.apply(mask), slots)) as u16
                })
                .collect()
        });
        c.axis_moves = [c.ud_slots, c.rl_slots, c.fb_slots].map(|slots| {
            (0..70 * M)
                .map(|x| {
                    let mask = expand(c.sets_8_4[x / M], slots);
                    c.rank.rank(compress(model.moves[x % M].center_bits.apply(mask), slots)) as u8
                })
                .collect()
        });
        c.twist_moves = (0..2187)
            .flat_map(|t| (0..super::model::MOVES).map(move |m| (t, m)))
            .map(|(t, m)| Self::twist_step(model, t, m) as u16)
            .collect();
        c
    }

    /// Phase 4's moves on the pairings: new slot `s` gets what was at `src[s]`, so the partner index
    /// `τ(s)` becomes `bsrc⁻¹(τ(asrc(s)))`.
    fn pairing_moves(&mut self, model: &Model) {
        let n = self.g3.len();
        let mut ud_move = vec![0u16; 40320 * n];
        let mut e_move = vec![0u8; 24 * n];
        let mut parity_flip = vec![false; n];
        for (k, &m) in self.g3.iter().enumerate() {
            let t = &model.moves[m].step.wp;
            let src = |slots: &[u8], index: &[u8; 24], by: &dyn Fn(u8) -> u8| -> Vec<u8> {
                slots.iter().map(|&s| index[t[by(s) as usize] as usize]).collect()
            };
            let asrc = src(&self.a_slots, &self.a_index, &|s| s);
            let bsrc = src(&self.a_slots, &self.b_index, &|s| model.mate[s as usize]);
            let dsrc = src(&self.d_slots, &self.d_index, &|s| s);
            let csrc = src(&self.d_slots, &self.c_index, &|s| model.mate[s as usize]);
            assert!(
                asrc.iter().chain(&bsrc).chain(&dsrc).chain(&csrc).all(|&x| x != u8::MAX),
                "4x4x4: group 3 keeps classes"
            );
            let inverse = |p: &[u8]| {
                let mut q = vec![0u8; p.len()];
                for (i, &x) in p.iter().enumerate() {
                    q[x as usize] = i as u8;
                }
                q
            };
            let (binv, cinv) = (inverse(&bsrc), inverse(&csrc));
            for r in 0..40320 {
                let tau = perm_unrank(r, 8);
                let next: Vec<u8> = (0..8).map(|s| binv[tau[asrc[s] as usize] as usize]).collect();
                ud_move[r * n + k] = perm_rank(&next) as u16;
            }
            for r in 0..24 {
                let tau = perm_unrank(r, 4);
                let next: Vec<u8> = (0..4).map(|s| cinv[tau[dsrc[s] as usize] as usize]).collect();
                e_move[r * n + k] = perm_rank(&next) as u8;
            }
            parity_flip[k] = model.moves[m].corners_odd ^ is_odd(&asrc) ^ is_odd(&dsrc);
        }
        self.ud_move = ud_move;
        self.e_move = e_move;
        self.parity_flip = parity_flip;
    }

    // Phase 1: where the R/L centers are.

    pub(super) fn p1(&self, c: &Cube4) -> usize {
        self.rank.rank(Model::center_mask(c, self.rl_faces))
    }

    pub(super) fn p1_move(&self, model: &Model, sets_24_8: &[u32], x: usize, m: usize) -> usize {
        self.rank.rank(model.moves[m].center_bits.apply(sets_24_8[x]))
    }

    // Phase 2: the U/D and F/B centers off the R/L axis; the wing classes and parity.

    /// The phase-2 center value of the masks of the U/D and the F centers.
    #[inline]
    pub(super) fn p2c_from_masks(&self, ud: u32, f: u32) -> usize {
        let r1 = self.rank.rank(self.pext_non_rl.apply(ud));
        let r2 = self.rank.rank(compress(f, self.non_rl & !ud));
        r1 * 70 + r2
    }

    /// The masks phase 2 follows: U/D centers, F centers, class-1 wings.
    pub(super) fn p2_masks(&self, c: &Cube4) -> (u32, u32, u32) {
        (Model::center_mask(c, self.ud_faces), Model::center_mask(c, self.f_face), Model::wing_mask(c, self.x1))
    }

    pub(super) fn p2_centers(&self, c: &Cube4) -> usize {
        let (ud, f, _) = self.p2_masks(c);
        self.p2c_from_masks(ud, f)
    }

    /// The mask of the R/L centers.
    pub(super) fn p1_mask(&self, c: &Cube4) -> u32 {
        Model::center_mask(c, self.rl_faces)
    }

    /// A phase-2 center value as its masks (U/D centers, F centers).
    pub(super) fn p2_centers_decode(&self, x: usize) -> (u32, u32) {
        let ud = expand(self.sets_16_8[x / 70], self.non_rl);
        (ud, expand(self.sets_8_4[x % 70], self.non_rl & !ud))
    }

    /// A phase-2 center value (decoded) after move `m`.
    pub(super) fn p2_centers_step(&self, model: &Model, &(ud, f): &(u32, u32), m: usize) -> usize {
        let bits = &model.moves[m].center_bits;
        self.p2c_from_masks(bits.apply(ud), bits.apply(f))
    }

    pub(super) fn p2_centers_move(&self, model: &Model, x: usize, m: usize) -> usize {
        self.p2_centers_step(model, &self.p2_centers_decode(x), m)
    }

    pub(super) fn p2_wings(&self, n: &Node) -> usize {
        self.rank.rank(Model::wing_mask(&n.c, self.x1)) * 2 + n.wings_odd as usize
    }

    pub(super) fn p2_wings_move(&self, model: &Model, sets_24_12: &[u32], x: usize, m: usize) -> usize {
        let mv = &model.moves[m];
        self.rank.rank(mv.wing_bits.apply(sets_24_12[x / 2])) * 2 + ((x & 1 == 1) ^ mv.wings_odd) as usize
    }

    // Phase 3: corner twist and the middle-layer edges' wings; phases 3 and 4: the centers by axis.

    /// The masks of the middle layer's class-1 and class-2 wings.
    pub(super) fn middle_masks(&self, c: &Cube4) -> (u32, u32) {
        (Model::wing_mask(c, self.e1), Model::wing_mask(c, self.e2))
    }

    /// The ranks of the middle layer's wings within their classes.
    #[inline]
    pub(super) fn middle_from_masks(&self, m1: u32, m2: u32) -> (usize, usize) {
        (self.rank.rank(self.pext_class1.apply(m1)), self.rank.rank(self.pext_class2.apply(m2)))
    }

    pub(super) fn middle(&self, c: &Cube4) -> usize {
        let (a, b) = self.middle_from_masks(Model::wing_mask(c, self.e1), Model::wing_mask(c, self.e2));
        a * 495 + b
    }

    pub(super) fn middle_move(&self, x: usize, m: usize) -> usize {
        const M: usize = super::model::MOVES;
        self.half_moves[0][x / 495 * M + m] as usize * 495 + self.half_moves[1][x % 495 * M + m] as usize
    }

    pub(super) fn twist_of(co: &[u8; 8]) -> usize {
        co[..7].iter().rev().fold(0, |a, &o| a * 3 + o as usize)
    }

    /// The wings and slots of the middle layer's class-1 (`which` 0) or class-2 (1) wings.
    fn middle_half(&self, which: usize) -> (u32, u32) {
        if which == 0 {
            (self.e1, self.class1)
        } else {
            (self.e2, self.class2)
        }
    }

    /// Corner twist × where half the middle layer's wings are (`which`: [`Coords::middle_half`]).
    pub(super) fn twist(&self, c: &Cube4, which: usize) -> usize {
        let (wings, slots) = self.middle_half(which);
        Self::twist_of(&c.co) * 495 + self.rank.rank(compress(Model::wing_mask(c, wings), slots))
    }

    pub(super) fn twist_move(&self, x: usize, m: usize, which: usize) -> usize {
        const M: usize = super::model::MOVES;
        let (tw, mid) = (x / 495, x % 495);
        self.twist_moves[tw * M + m] as usize * 495 + self.half_moves[which][mid * M + m] as usize
    }

    /// Corner twist `tw` after move `m`.
    fn twist_step(model: &Model, tw: usize, m: usize) -> usize {
        let mut co = [0u8; 8];
        let mut t = tw;
        for o in co.iter_mut().take(7) {
            *o = (t % 3) as u8;
            t /= 3;
        }
        co[7] = ((3 - co[..7].iter().map(|&o| o as usize).sum::<usize>() % 3) % 3) as u8;
        let step = &model.moves[m].step;
        let mut next = [0u8; 8];
        for i in 0..8 {
            next[i] = (co[step.cp[i] as usize] + step.co[i]) % 3;
        }
        Self::twist_of(&next)
    }

    /// The phases-3 and 4 center value of the masks of the U, L and F centers.
    #[inline]
    pub(super) fn centers_from_masks(&self, u: u32, l: u32, f: u32) -> usize {
        let (u, l, f) = (self.pext_ud.apply(u), self.pext_rl.apply(l), self.pext_fb.apply(f));
        (self.rank.rank(u) * 70 + self.rank.rank(l)) * 70 + self.rank.rank(f)
    }

    /// The masks of the U, L and F centers.
    pub(super) fn center_masks(&self, c: &Cube4) -> (u32, u32, u32) {
        (Model::center_mask(c, self.u_face), Model::center_mask(c, self.l_face), Model::center_mask(c, self.f_face))
    }

    pub(super) fn centers(&self, c: &Cube4) -> usize {
        let (u, l, f) = self.center_masks(c);
        self.centers_from_masks(u, l, f)
    }

    pub(super) fn centers_move(&self, x: usize, m: usize) -> usize {
        const M: usize = super::model::MOVES;
        let t = &self.axis_moves;
        let (u, l, f) = (x / 4900, x / 70 % 70, x % 70);
        (t[0][u * M + m] as usize * 70 + t[1][l * M + m] as usize) * 70 + t[2][f * M + m] as usize
    }

    // Phase 4: which wing pairs with which.

    /// The pairing value of a state in group 3 (`None` when a wing is outside its phase-4 class).
    pub(super) fn pairing(&self, model: &Model, n: &Node) -> Option<usize> {
        let c = &n.c;
        let mut at = [0u8; 24];
        for (s, &w) in c.wp.iter().enumerate() {
            at[w as usize] = s as u8;
        }
        // Per class-1 slot of a group: the partner's slot (as its class-2 index) and the wing's home
        // (as its class-1 index).
        let part = |slots: &[u8], partner_index: &[u8; 24], home_index: &[u8; 24]| -> Option<(Vec<u8>, Vec<u8>)> {
            let mut tau = Vec::with_capacity(slots.len());
            let mut order = Vec::with_capacity(slots.len());
            for &s in slots {
                let w = c.wp[s as usize] as usize;
                let j = partner_index[at[model.partner[w] as usize] as usize];
                let home = home_index[model.home[w] as usize];
                if j == u8::MAX || home == u8::MAX {
                    return None;
                }
                tau.push(j);
                order.push(home);
            }
            Some((tau, order))
        };
        let (tau, order) = part(&self.a_slots, &self.b_index, &self.a_index)?;
        let (tau_e, order_e) = part(&self.d_slots, &self.c_index, &self.d_index)?;
        let parity = n.corners_odd ^ is_odd(&order) ^ is_odd(&order_e);
        Some((perm_rank(&tau) * 24 + perm_rank(&tau_e)) * 2 + parity as usize)
    }

    /// The U/D layers' pairing `ud` (a rank of 8!) after the `k`-th move of `g3`.
    #[inline]
    pub(super) fn ud_pairing_move(&self, ud: usize, k: usize) -> usize {
        self.ud_move[ud * self.g3.len() + k] as usize
    }

    /// An axis's center arrangement `r` (of 70; axis 0: U/D, 1: R/L, 2: F/B) after move `m`.
    #[inline]
    pub(super) fn axis_move(&self, axis: usize, r: usize, m: usize) -> usize {
        self.axis_moves[axis][r * super::model::MOVES + m] as usize
    }

    /// `k`: the move's position in `g3`.
    pub(super) fn pairing_move(&self, x: usize, k: usize) -> usize {
        let n = self.g3.len();
        let (ud, e, p) = (x / 48, x / 2 % 24, x & 1);
        let p = p ^ self.parity_flip[k] as usize;
        (self.ud_move[ud * n + k] as usize * 24 + self.e_move[e * n + k] as usize) * 2 + p
    }
}
