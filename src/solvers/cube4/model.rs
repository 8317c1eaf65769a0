//! The 4x4x4 as the reduction sees it, read from the cubing.js KPuzzle definition: 27 moves (the outer
//! faces and `Uw`, `Rw`, `Fw`, each in three amounts), compact states, and the structure the phases need
//! (edge slots, wing classes, center faces), all worked out from the moves rather than written down.

use crate::coord::perm::is_odd;
use crate::coord::rank::BitPerm;
use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::solvers::corners::corners_then;
use crate::solvers::identical::registry_orbit;

/// The base moves, in the order move indices use (`3 * base + amount - 1`, amounts 1, 2, 3).
pub(super) const BASES: [&str; 9] = ["U", "D", "F", "B", "R", "L", "Uw", "Rw", "Fw"];
/// The axis of each base move: moves of one axis commute.
pub(super) const AXIS: [u8; 9] = [0, 0, 1, 1, 2, 2, 0, 2, 1];
/// Number of moves.
pub(super) const MOVES: usize = 27;
/// Faces (center colours), in [`BASES`] order.
pub(super) const FACES: usize = 6;

/// A 4x4x4 state: corners (permutation, twist), wings (permutation) and the face (colour) of the
/// center at each center slot. Permutations are passive, as in the crate's states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cube4 {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub wp: [u8; 24],
    pub ce: [u8; 24],
}

/// One move: its effect on each part, and what the phases precompute from it.
pub(super) struct Move {
    pub name: String,
    pub mref: MoveRef,
    pub step: Cube4,
    /// The move on masks of wing slots and of center slots.
    pub wing_bits: BitPerm,
    pub center_bits: BitPerm,
    /// Whether it permutes the wings (corners) oddly.
    pub wings_odd: bool,
    pub corners_odd: bool,
}

/// The 4x4x4 model.
pub(super) struct Model {
    pub moves: Vec<Move>,
    /// Each wing's slot-mate: the wing whose home is the other wing slot of the same edge.
    pub partner: [u8; 24],
    /// The other wing slot of the same edge, by wing slot.
    pub mate: [u8; 24],
    /// Each wing's home slot.
    pub home: [u8; 24],
    /// Center slots of each face, as masks.
    pub face_slots: [u32; FACES],
    /// The solved state.
    pub solved: Cube4,
    /// Where the compact state's parts lie in the puzzle's state bytes: corners, wings, centers
    /// (piece offsets; orientations follow each orbit's pieces).
    offsets: [usize; 3],
    /// Face of each center piece id of the definition.
    face_of_piece: [u8; 256],
}

impl Cube4 {
    /// The state after `m` (passive composition, as `Puzzle::apply`).
    #[inline]
    pub(super) fn then(&self, m: &Cube4) -> Cube4 {
        let mut out = *self;
        (out.cp, out.co) = corners_then(&self.cp, &self.co, &m.cp, &m.co);
        for i in 0..24 {
            out.wp[i] = self.wp[m.wp[i] as usize];
            out.ce[i] = self.ce[m.ce[i] as usize];
        }
        out
    }
}

impl Model {
    /// The model of a 4x4x4 definition (cubing.js's `4x4x4`, with the `Uw`, `Rw`, `Fw` notation moves).
    pub(super) fn new(puzzle: &Puzzle) -> Result<Self> {
        let orbit = |name: &str, size: usize| -> Result<usize> {
            let o = registry_orbit(puzzle, name)?;
            if o.size != size {
                return Err(Error::internal(format!("4x4x4: orbit {name} has {} pieces, not {size}", o.size)));
            }
            Ok(o.offset)
        };
        let offsets = [orbit("CORNERS", 8)?, orbit("EDGES", 24)?, orbit("CENTERS", 24)?];
        let solved_bytes = puzzle.solved().as_bytes();
        // Faces: the center slots each outer face turn moves.
        let mut face_slots = [0u32; FACES];
        let mut face_of_piece = [u8::MAX; 256];
        for (f, slots) in face_slots.iter_mut().enumerate() {
            let m = lookup(puzzle, BASES[f])?;
            let t = puzzle.transform(m);
            for i in 0..24 {
                if t[offsets[2] + i] as usize != i {
                    *slots |= 1 << i;
                    let piece = solved_bytes[offsets[2] + i];
                    if face_of_piece[piece as usize] != u8::MAX && face_of_piece[piece as usize] != f as u8 {
                        return Err(Error::internal("4x4x4: a center piece id on two faces"));
                    }
                    face_of_piece[piece as usize] = f as u8;
                }
            }
            if slots.count_ones() != 4 {
                return Err(Error::internal(format!("4x4x4: {} turns {} centers", BASES[f], slots.count_ones())));
            }
        }
        let mut moves = Vec::with_capacity(MOVES);
        for (b, name) in BASES.iter().enumerate() {
            let base = lookup(puzzle, name)?;
            for amount in 1..=3 {
                let mref = puzzle.move_ref(base.base, amount);
                let t = puzzle.transform(mref);
                let mut step = Cube4 { cp: [0; 8], co: [0; 8], wp: [0; 24], ce: [0; 24] };
                step.cp.copy_from_slice(&t[offsets[0]..offsets[0] + 8]);
                step.co.copy_from_slice(&t[offsets[0] + 8..offsets[0] + 16]);
                step.wp.copy_from_slice(&t[offsets[1]..offsets[1] + 24]);
                step.ce.copy_from_slice(&t[offsets[2]..offsets[2] + 24]);
                let suffix = ["", "2", "'"][amount as usize - 1];
                moves.push(Move {
                    name: format!("{name}{suffix}"),
                    mref,
                    wing_bits: BitPerm::new(&step.wp),
                    center_bits: BitPerm::new(&step.ce),
                    wings_odd: is_odd(&step.wp),
                    corners_odd: is_odd(&step.cp),
                    step,
                });
                debug_assert_eq!(moves.len() - 1, 3 * b + amount as usize - 1);
            }
        }
        // Edge slots: two wing slots are one edge's when the same outer faces turn them.
        let faces_turning = |w: usize| -> u32 {
            (0..FACES).filter(|&f| moves[3 * f].step.wp[w] as usize != w).fold(0, |a, f| a | 1 << f)
        };
        let mut mate = [u8::MAX; 24];
        for (w, mate) in mate.iter_mut().enumerate() {
            let same: Vec<usize> = (0..24).filter(|&v| v != w && faces_turning(v) == faces_turning(w)).collect();
            if same.len() != 1 || faces_turning(w).count_ones() != 2 {
                return Err(Error::internal("4x4x4: wing slots do not pair into edges"));
            }
            *mate = same[0] as u8;
        }
        let solved = Model::read(offsets, &face_of_piece, solved_bytes)?;
        let mut partner = [0u8; 24];
        let mut home = [0u8; 24];
        for w in 0..24 {
            home[solved.wp[w] as usize] = w as u8;
            // The wing at home in slot w is solved.wp[w]; its partner is the one at home in the mate.
            partner[solved.wp[w] as usize] = solved.wp[mate[w] as usize];
        }
        Ok(Model { moves, partner, mate, home, face_slots, solved, offsets, face_of_piece })
    }

    fn read(offsets: [usize; 3], face_of_piece: &[u8; 256], b: &[u8]) -> Result<Cube4> {
        let mut c = Cube4 { cp: [0; 8], co: [0; 8], wp: [0; 24], ce: [0; 24] };
        c.cp.copy_from_slice(&b[offsets[0]..offsets[0] + 8]);
        c.co.copy_from_slice(&b[offsets[0] + 8..offsets[0] + 16]);
        c.wp.copy_from_slice(&b[offsets[1]..offsets[1] + 24]);
        for i in 0..24 {
            let f = face_of_piece[b[offsets[2] + i] as usize];
            if f == u8::MAX {
                return Err(Error::new("4x4x4: a center piece of no face"));
            }
            c.ce[i] = f;
        }
        if c.co.iter().any(|&o| o > 2) || c.cp.iter().any(|&p| p > 7) || c.wp.iter().any(|&p| p > 23) {
            return Err(Error::new("4x4x4: corner or wing out of range (orientation wildcards are not solvable here)"));
        }
        let distinct = |p: &[u8]| (0..p.len()).all(|i| !p[..i].contains(&p[i]));
        let mut per_face = [0u8; FACES];
        c.ce.iter().for_each(|&f| per_face[f as usize] += 1);
        if !distinct(&c.cp) || !distinct(&c.wp) || per_face.iter().any(|&n| n != 4) {
            return Err(Error::new(
                "4x4x4: not a position of the puzzle (a piece twice, or not four centers of each face)",
            ));
        }
        if c.co.iter().map(|&o| o as u32).sum::<u32>() % 3 != 0 {
            return Err(Error::new("4x4x4: the position is not solvable (the corners' twists do not add up)"));
        }
        Ok(c)
    }

    /// The compact state of a state of the puzzle.
    pub(super) fn compact(&self, s: &State) -> Result<Cube4> {
        Model::read(self.offsets, &self.face_of_piece, s.as_bytes())
    }

    /// Move indices of a move list such as `U,D,F2,B2,R,L,Uw2`: a bare base name stands for its three
    /// amounts, `X2` for the half turn only.
    pub(super) fn move_set(spec: &str) -> Vec<usize> {
        let mut out = Vec::new();
        for tok in spec.split(',') {
            let (base, half) = match tok.strip_suffix('2') {
                Some(b) => (b, true),
                None => (tok, false),
            };
            let b = BASES.iter().position(|&x| x == base).expect("a 4x4x4 base move");
            if half {
                out.push(3 * b + 1);
            } else {
                out.extend([3 * b, 3 * b + 1, 3 * b + 2]);
            }
        }
        out
    }

    /// The mask of wing slots holding wings of `set` (a mask of wing ids).
    #[inline]
    pub(super) fn wing_mask(c: &Cube4, set: u32) -> u32 {
        let mut m = 0;
        for (i, &w) in c.wp.iter().enumerate() {
            m |= (set >> w & 1) << i;
        }
        m
    }

    /// The mask of center slots holding centers of the faces in `faces` (a mask of faces).
    #[inline]
    pub(super) fn center_mask(c: &Cube4, faces: u32) -> u32 {
        let mut m = 0;
        for (i, &f) in c.ce.iter().enumerate() {
            m |= (faces >> f & 1) << i;
        }
        m
    }

    /// The orbits (as masks of slots) of the wing slots (`wings`) or center slots under the moves given.
    pub(super) fn orbits(&self, moves: &[usize], wings: bool) -> Vec<u32> {
        let mut parent: Vec<usize> = (0..24).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for &m in moves {
            let t = if wings { &self.moves[m].step.wp } else { &self.moves[m].step.ce };
            for (i, &j) in t.iter().enumerate() {
                let (a, b) = (find(&mut parent, i), find(&mut parent, j as usize));
                parent[a] = b;
            }
        }
        let mut out: Vec<u32> = Vec::new();
        let mut root_mask = [0u32; 24];
        for i in 0..24 {
            let r = find(&mut parent, i);
            root_mask[r] |= 1 << i;
        }
        for m in root_mask {
            if m != 0 {
                out.push(m);
            }
        }
        crate::sort::sort(&mut out);
        out
    }
}

fn lookup(puzzle: &Puzzle, name: &str) -> Result<MoveRef> {
    puzzle.lookup(name).ok_or_else(|| Error::internal(format!("4x4x4: no move {name}")))
}
