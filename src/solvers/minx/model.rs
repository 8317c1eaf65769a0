//! The megaminx as the staged search sees it, read from cubing.js's `megaminx` KPuzzle definition: its
//! twelve face turns in four amounts each, every piece (20 corners, 30 edges) by where it is and how it
//! is turned, and which faces each piece and each move touch — all worked out from the moves.
//!
//! A piece's *location* is `slot * orientations + orientation` (60 values for a corner, 3 × 20, as for
//! an edge, 2 × 30): the search follows the pieces it needs, not the slots. The centers only turn in
//! place under face turns (checked here), so they are no part of the model: a position is solved when
//! its corners and edges are (what `ignoreCenterOrientation` means to cubing.js, whose
//! `experimentalIsSolved` does not take the megaminx).

use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::solvers::identical::registry_orbit;

/// The face turns, in the order face indices use (cubing.js's names).
pub(super) const FACES: [&str; 12] = ["U", "D", "F", "B", "L", "DR", "BL", "FR", "BR", "FL", "R", "DL"];
/// Amounts of each face's moves, in move-index order (`4 * face + k`).
pub(super) const AMOUNTS: [i64; 4] = [1, -1, 2, -2];
/// Number of moves.
pub(super) const MOVES: usize = 48;
/// Corners, then edges: piece `p < 20` is corner `p`, piece `p >= 20` edge `p - 20`.
pub(super) const CORNERS: usize = 20;
/// Number of pieces.
pub(super) const PIECES: usize = 50;
/// Locations of one piece (both kinds).
pub(super) const LOCS: usize = 60;

/// One move.
pub(super) struct Move {
    /// Its name as cubing.js reads it (`BR2'`).
    pub name: String,
    pub mref: MoveRef,
    /// The face it turns.
    pub face: usize,
    /// Where a piece goes from each location: `[corner, edge][location]`.
    pub to: [[u8; LOCS]; 2],
}

/// The megaminx model.
pub(super) struct Model {
    pub moves: Vec<Move>,
    /// The faces touching each piece's home slot (a mask of face indices).
    pub piece_faces: [u16; PIECES],
    /// Whether two faces' turns commute (they share no piece).
    pub commute: [[bool; 12]; 12],
    /// Where each piece is at home (location of the solved state).
    pub home: [u8; PIECES],
    /// The slots each face turns: `[face][corner, edge]`, masks of slots.
    pub face_slots: [[u32; 2]; 12],
    /// Offsets of the corner and edge orbits in the puzzle's state bytes.
    offsets: [usize; 2],
}

impl Model {
    /// The model of a megaminx definition (cubing.js's `megaminx`). Errors when the definition is
    /// not that puzzle (an orbit or face turn missing or of another shape).
    pub(super) fn new(puzzle: &Puzzle) -> Result<Self> {
        let orbit = |name: &str, size: usize, ori: u8| -> Result<usize> {
            let o = registry_orbit(puzzle, name)?;
            if o.size != size || o.orientations != ori {
                return Err(Error::internal(format!("megaminx: orbit {name} is not {size} pieces × {ori}")));
            }
            Ok(o.offset)
        };
        let offsets = [orbit("CORNERS", 20, 3)?, orbit("EDGES", 30, 2)?];
        let centers = registry_orbit(puzzle, "CENTERS")?;
        let sizes = [20usize, 30];
        let ori = [3usize, 2];
        let solved = puzzle.solved().as_bytes();
        let mut home = [0u8; PIECES];
        for k in 0..2 {
            for slot in 0..sizes[k] {
                let piece = solved[offsets[k] + slot] as usize;
                if solved[offsets[k] + sizes[k] + slot] != 0 || piece >= sizes[k] {
                    return Err(Error::internal("megaminx: the solved state is not plain"));
                }
                home[k * CORNERS + piece] = (slot * ori[k]) as u8;
            }
        }
        let mut moves = Vec::with_capacity(MOVES);
        let mut face_slots = [[0u32; 2]; 12];
        for (face, name) in FACES.iter().enumerate() {
            let base = puzzle.lookup(name).ok_or_else(|| Error::internal(format!("megaminx: no move {name}")))?;
            for amount in AMOUNTS {
                let mref = puzzle.move_ref(base.base, amount * base.amount);
                let t = puzzle.transform(mref);
                if (0..centers.size).any(|i| t[centers.offset + i] as usize != i) {
                    return Err(Error::internal(format!("megaminx: {name} moves a center")));
                }
                let mut to = [[0u8; LOCS]; 2];
                for k in 0..2 {
                    let (n, o) = (sizes[k], ori[k]);
                    for i in 0..n {
                        // Passive: slot i receives what was in slot t[i], turned by the delta at i.
                        let j = t[offsets[k] + i] as usize;
                        let d = t[offsets[k] + n + i] as usize;
                        if j != i {
                            face_slots[face][k] |= 1 << j;
                        }
                        for x in 0..o {
                            to[k][j * o + x] = (i * o + (x + d) % o) as u8;
                        }
                    }
                }
                moves.push(Move { name: puzzle.move_name(mref), mref, face, to });
            }
        }
        let mut piece_faces = [0u16; PIECES];
        for (p, faces) in piece_faces.iter_mut().enumerate() {
            let k = usize::from(p >= CORNERS);
            let slot = home[p] as usize / ori[k];
            *faces = (0..12).filter(|&f| face_slots[f][k] >> slot & 1 == 1).fold(0, |a, f| a | 1 << f);
            let want = if k == 0 { 3 } else { 2 };
            if faces.count_ones() != want {
                return Err(Error::internal("megaminx: a piece on the wrong number of faces"));
            }
        }
        let mut commute = [[false; 12]; 12];
        for a in 0..12 {
            for b in 0..12 {
                commute[a][b] = a != b && (0..2).all(|k| face_slots[a][k] & face_slots[b][k] == 0);
            }
        }
        Ok(Model { moves, piece_faces, commute, home, face_slots, offsets })
    }

    /// The face index of a face name.
    pub(super) fn face(name: &str) -> usize {
        FACES.iter().position(|&f| f == name).expect("a megaminx face")
    }

    /// A mask of faces by name.
    pub(super) fn faces(names: &[&str]) -> u16 {
        names.iter().fold(0, |a, n| a | 1 << Model::face(n))
    }

    /// The piece whose home lies on exactly the faces named (an edge for two, a corner for three).
    pub(super) fn piece(&self, names: &[&str]) -> usize {
        let mask = Model::faces(names);
        self.piece_faces.iter().position(|&f| f == mask).expect("a megaminx piece")
    }

    /// The locations of every piece in a state of the puzzle. Errors for what is no arrangement of the
    /// pieces (a piece twice, an orientation wildcard).
    pub(super) fn locations(&self, state: &State) -> Result<[u8; PIECES]> {
        let b = state.as_bytes();
        let sizes = [20usize, 30];
        let ori = [3u8, 2];
        let mut loc = [u8::MAX; PIECES];
        for k in 0..2 {
            let n = sizes[k];
            for slot in 0..n {
                let piece = b[self.offsets[k] + slot] as usize;
                let o = b[self.offsets[k] + n + slot];
                if piece >= n || o >= ori[k] {
                    return Err(Error::new(
                        "megaminx: a piece or orientation out of range (wildcards are not solvable)",
                    ));
                }
                let p = k * CORNERS + piece;
                if loc[p] != u8::MAX {
                    return Err(Error::new("megaminx: not a position of the puzzle (a piece twice)"));
                }
                loc[p] = slot as u8 * ori[k] + o;
            }
        }
        Ok(loc)
    }

    /// The orientations of a piece's kind (3 for corners, 2 for edges).
    pub(super) fn orientations(piece: usize) -> usize {
        if piece < CORNERS {
            3
        } else {
            2
        }
    }

    /// The locations (a mask) in a slot of one of `faces`, unturned: where a piece of those faces'
    /// kind shows its home colour on them (for the `U` face's pieces and `U`: oriented).
    pub(super) fn oriented_on(&self, piece: usize, faces: u16) -> u64 {
        let k = usize::from(piece >= CORNERS);
        let o = Model::orientations(piece);
        (0..12).filter(|&f| faces >> f & 1 == 1).fold(0u64, |a, f| {
            (0..32).filter(|&s| self.face_slots[f][k] >> s & 1 == 1).fold(a, |a, s| a | 1 << (s * o))
        })
    }

    /// Refuses locations that no face turns reach: the megaminx's turns are 5-cycles, so both
    /// permutations are even, and keep the corners' twists summing to 0 mod 3 and the edges' flips to 0
    /// mod 2 (and reach everything else).
    pub(super) fn check_solvable(&self, loc: &[u8; PIECES]) -> Result<()> {
        let mut twist = 0;
        let mut flip = 0;
        let mut parity = [false; 2];
        for (k, range) in [(0usize, 0..CORNERS), (1, CORNERS..PIECES)] {
            let o = Model::orientations(range.start);
            let n = range.len();
            // The permutation home slot -> slot, its parity by cycles.
            let slots: Vec<usize> = range.clone().map(|p| loc[p] as usize / o).collect();
            let homes: Vec<usize> = range.clone().map(|p| self.home[p] as usize / o).collect();
            let mut perm = vec![0usize; n];
            for i in 0..n {
                perm[homes[i]] = slots[i];
            }
            let mut seen = vec![false; n];
            let mut transpositions = 0;
            for i in 0..n {
                let mut j = i;
                let mut len = 0usize;
                while !seen[j] {
                    seen[j] = true;
                    j = perm[j];
                    len += 1;
                }
                transpositions += len.saturating_sub(1);
            }
            parity[k] = transpositions % 2 == 1;
            let sum: usize = range.map(|p| loc[p] as usize % o).sum();
            if k == 0 {
                twist = sum % 3;
            } else {
                flip = sum % 2;
            }
        }
        if twist != 0 || flip != 0 || parity[0] || parity[1] {
            return Err(Error::new(format!(
                "megaminx: the position is not solvable ({})",
                if twist != 0 {
                    "the corners' twists do not add up"
                } else if flip != 0 {
                    "an edge is flipped"
                } else {
                    "an odd permutation"
                }
            )));
        }
        Ok(())
    }

    /// Where a piece goes under move `m` from location `l`.
    #[inline(always)]
    pub(super) fn step(&self, m: usize, piece: usize, l: u8) -> u8 {
        self.moves[m].to[usize::from(piece >= CORNERS)][l as usize]
    }
}
