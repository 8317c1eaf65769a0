//! Exact distance tables of small groups of pieces: for a few pieces and a stage's moves, the fewest
//! of those moves that bring the pieces to their goal from each joint location (a breadth-first search
//! from the goal; one byte per entry, [`FAR`] where the moves cannot reach). A piece's location is
//! numbered among those the stage's moves reach ([`Compact`]: all 60 with most faces, 24 for a corner
//! and 9 for an edge under `U` and `R`), so a table of few moves holds more pieces.

use super::model::{Model, CORNERS, LOCS};
use crate::control::Control;
use crate::coord::fill::{fill, Bytes, FillOptions, Packing, Space};
use crate::error::Result;

/// The locations a stage's moves reach from its goals, numbered: per kind (corner, edge).
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct Compact {
    /// Location → number (`u8::MAX` where unreached).
    pub index: [[u8; LOCS]; 2],
    /// Number → location.
    pub loc: [[u8; LOCS]; 2],
    /// How many of each kind.
    pub radix: [usize; 2],
}

impl Compact {
    /// The locations `moves` reach from `goals` (a mask of locations per kind).
    pub(super) fn new(model: &Model, moves: &[u8], goals: [u64; 2]) -> Compact {
        let mut c = Compact { index: [[u8::MAX; LOCS]; 2], loc: [[0; LOCS]; 2], radix: [0; 2] };
        for (k, &goal) in goals.iter().enumerate() {
            let piece = k * CORNERS;
            let mut reached = goal;
            let mut frontier: Vec<u8> = (0..LOCS as u8).filter(|&l| reached >> l & 1 == 1).collect();
            while let Some(l) = frontier.pop() {
                for &m in moves {
                    let to = model.step(m as usize, piece, l);
                    if reached >> to & 1 == 0 {
                        reached |= 1 << to;
                        frontier.push(to);
                    }
                }
            }
            for l in 0..LOCS {
                if reached >> l & 1 == 1 {
                    c.index[k][l] = c.radix[k] as u8;
                    c.loc[k][c.radix[k]] = l as u8;
                    c.radix[k] += 1;
                }
            }
        }
        c
    }

    /// The number of a piece's kind's locations.
    #[inline(always)]
    pub(super) fn radix_of(&self, piece: u8) -> usize {
        self.radix[usize::from(piece as usize >= CORNERS)]
    }
}

/// A joint location the moves do not reach.
pub(super) const FAR: u8 = Bytes::UNSEEN;

/// The distance table of a few pieces under some moves.
pub(super) struct PieceTable {
    /// `dist[index]`, index = the pieces' numbered locations in mixed radix (the first piece the most
    /// significant).
    pub dist: Vec<u8>,
}

impl PieceTable {
    /// The table of `pieces` under `moves`: distances to `goal` (per piece, in `pieces` order, a mask of
    /// the locations it may end at, all within `compact`).
    pub(super) fn build(
        model: &Model,
        compact: &Compact,
        pieces: &[u8],
        goal: &[u64],
        moves: &[u8],
        control: Control,
    ) -> Result<Self> {
        let k = pieces.len();
        let kind: Vec<usize> = pieces.iter().map(|&p| usize::from(p as usize >= CORNERS)).collect();
        let radix: Vec<usize> = kind.iter().map(|&k| compact.radix[k]).collect();
        // Every joint goal location (two pieces of one kind in one slot too: a smaller bound, still one).
        let mut starts = vec![0usize];
        for (i, &g) in goal.iter().enumerate() {
            let locs: Vec<usize> =
                (0..LOCS).filter(|&l| g >> l & 1 == 1).map(|l| compact.index[kind[i]][l] as usize).collect();
            let r = radix[i];
            starts = starts.iter().flat_map(|&a| locs.iter().map(move |&l| a * r + l)).collect();
        }
        // Each kind's numbered locations after each move, and each piece's place value.
        let steps: [Vec<u32>; 2] = [0, 1].map(|kd| {
            let r = compact.radix[kd];
            let mut t = vec![0u32; moves.len() * r];
            for (mi, &m) in moves.iter().enumerate() {
                for c in 0..r {
                    let to = model.step(m as usize, kd * CORNERS, compact.loc[kd][c]);
                    t[mi * r + c] = u32::from(compact.index[kd][to as usize]);
                }
            }
            t
        });
        let mut place = vec![1usize; k];
        for i in (0..k.saturating_sub(1)).rev() {
            place[i] = place[i + 1] * radix[i + 1];
        }
        let space = JointSpace { k, radix, kind, place, steps, moves: moves.len() };
        let goals: Vec<u64> = starts.into_iter().map(|x| x as u64).collect();
        // Each face turns by all four amounts, so the moves are closed under inverses.
        let (dist, _) = fill::<_, Bytes>(&space, &goals, &FillOptions::undirected(), control)?;
        Ok(PieceTable { dist: dist.into_vec() })
    }

    /// The table's bytes.
    pub(super) fn bytes(&self) -> usize {
        self.dist.len()
    }
}

/// The joint locations of a table's pieces as a [`Space`]: an entry is the pieces' numbered locations in
/// mixed radix, decoded into digits once per entry.
struct JointSpace {
    /// Pieces.
    k: usize,
    /// Per piece: its kind's number of locations, its kind, its place value.
    radix: Vec<usize>,
    kind: Vec<usize>,
    place: Vec<usize>,
    /// Per kind: the numbered location after each move (`steps[kind][move * radix + location]`).
    steps: [Vec<u32>; 2],
    moves: usize,
}

impl Space for JointSpace {
    type Row = [usize; 16];

    fn rows(&self) -> u64 {
        self.radix.iter().product::<usize>() as u64
    }

    fn row_len(&self) -> u64 {
        1
    }

    fn moves(&self) -> u64 {
        self.moves as u64
    }

    fn row(&self) -> [usize; 16] {
        [0; 16]
    }

    #[inline(always)]
    fn enter(&self, x: u64, digits: &mut [usize; 16]) {
        let mut rest = x as usize;
        for i in (0..self.k).rev() {
            digits[i] = rest % self.radix[i];
            rest /= self.radix[i];
        }
    }

    #[inline(always)]
    fn neighbours(&self, digits: &[usize; 16], _: u64, mut visit: impl FnMut(usize, u64) -> bool) -> bool {
        (0..self.moves).any(|mi| {
            let mut y = 0usize;
            for (i, &d) in digits[..self.k].iter().enumerate() {
                y += self.steps[self.kind[i]][mi * self.radix[i] + d] as usize * self.place[i];
            }
            visit(mi, y as u64)
        })
    }
}
