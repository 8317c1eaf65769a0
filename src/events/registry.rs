//! The event registry: every event cubing.js 0.63.4 scrambles, with how twistsearch scrambles it.

use crate::kpuzzle::notation::{MASTER_TETRAMINX_WIDE, PYRAMINX_BIG, WIDE_333, WIDE_555, WIDE_666};

/// How an event's scrambles are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScrambleKind {
    /// A uniformly random state (the stabilizer chain), solved and inverted.
    RandomState {
        /// The moves the scramble is written in (comma-separated cubing.js names).
        moves: &'static str,
        /// The subgroup chain of the multi-phase solver (each comma-separated); empty: one phase.
        phases: &'static [&'static str],
        /// Moves that only turn a tip (pyraminx): written after the others, as cubing.js does, and not
        /// counted by the minimum-length filter.
        tips: &'static str,
        /// Orbits (comma-separated names) whose orientations follow from where their pieces are (the redi
        /// cube's edges): the solver's target leaves them out, so no phase spends a coordinate on them.
        /// The scramble is still checked to reach the drawn state exactly.
        implied_orientations: &'static str,
        /// The WCA minimum: states solvable in fewer moves (tips excluded) are drawn again.
        min_length: u32,
        /// Stop searching at a solution this short (`None`: the shortest the phases give).
        target_length: Option<u32>,
        /// The largest projection table of the solver (entries); `None`: the scramblers' default (2^21,
        /// `scrambler::PROJECTION_ENTRIES`).
        projection_entries: Option<u64>,
    },
    /// Random moves in cubing.js's notation: `moves` turns of the `layers` outermost blocks (`R`,
    /// `Rw`, `3Rw`) of a cube, no two consecutive on one face, at most two in a row on one axis.
    BigCube {
        /// Number of moves.
        moves: usize,
        /// How many outer blocks are turned (2: `R`, `Rw`; 3: also `3Rw`).
        layers: u32,
    },
    /// The WCA megaminx scramble: 7 lines of 10 `R±±`/`D±±` turns and a `U`/`U'`.
    Megaminx,
    /// The WCA clock scramble.
    Clock,
    /// A Square-1 random state ([`square1`](crate::solvers::square1)), in cubing.js's `(top, bottom) /` notation.
    Square1,
    /// A 3x3x3 random state (the stabilizer chain of the face turns) solved by the cube's own two-phase
    /// search ([`cube3`](crate::solvers::cube3)), in cubing.js's face turns.
    Cube3 {
        /// The WCA minimum: states solvable in fewer moves are drawn again.
        min_length: u32,
        /// Stop searching at a solution this short (it takes one move more past a node budget).
        target_length: u32,
    },
    /// A 4x4x4 random state solved by reduction ([`cube4`](crate::solvers::cube4)), in cubing.js's outer and
    /// `Uw`/`Rw`/`Fw` turns.
    Cube4,
    /// Not scrambled by twistsearch yet (the reason).
    Unsupported(&'static str),
}

/// What follows the scramble.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suffix {
    /// Nothing.
    None,
    /// A random orientation for blindfolded events (`Fw`/`Rw`/`Uw` turns).
    Orientation,
    /// Fewest moves: `R' U' F` before and after.
    FewestMoves,
}

/// One event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    /// The cubing.js event ID (`333`, `pyram`).
    pub id: &'static str,
    /// The event's name.
    pub name: &'static str,
    /// The cubing.js puzzle ID whose KPuzzle definition the scrambler needs (`3x3x3`).
    pub puzzle: &'static str,
    /// How scrambles are made.
    pub kind: ScrambleKind,
    /// What follows the scramble.
    pub suffix: Suffix,
    /// Moves added to the KPuzzle definition so scrambles can be written in cubing.js's notation:
    /// (name, alg over the definition's moves).
    pub derived: &'static [(&'static str, &'static str)],
    /// Orbits of the KPuzzle definition that are no pieces of the real puzzle (cubing.js draws them grey
    /// or not at all): left out before scrambling, so random states and solutions ignore them.
    pub omit: &'static [&'static str],
    /// Pieces of the definition that the real puzzle cannot tell apart (the FTO's three center triangles
    /// of a face, which cubing.js draws in one colour): per orbit, groups of piece numbers. A random
    /// state is solved up to them (the solver's target gives each group one label), so no phase spends a
    /// coordinate on which of them is where.
    pub identical: &'static [(&'static str, &'static [&'static [u8]])],
}

impl Event {
    /// The event with the definition's orbits `omit` left out ([`Event::omit`]).
    const fn omitting(self, omit: &'static [&'static str]) -> Event {
        Event { omit, ..self }
    }

    /// The event with pieces the real puzzle cannot tell apart ([`Event::identical`]).
    const fn with_identical(self, identical: &'static [(&'static str, &'static [&'static [u8]])]) -> Event {
        Event { identical, ..self }
    }
}

const CUBE_333: ScrambleKind = ScrambleKind::Cube3 { min_length: 2, target_length: 20 };

/// The 5x5x5's random-move scramble (its event and the blindfolded one).
const CUBE_555: ScrambleKind = ScrambleKind::BigCube { moves: 60, layers: 2 };

/// The FTO's center triangles by face (cubing.js 0.63.4's `fto`, by the colour its SVG gives each).
pub(crate) const FTO_CENTERS: &[&[u8]] =
    &[&[3, 16, 19], &[6, 8, 17], &[2, 4, 15], &[10, 12, 13], &[5, 7, 11], &[0, 1, 14], &[9, 18, 21], &[20, 22, 23]];

#[allow(clippy::too_many_arguments)]
const fn ev(
    id: &'static str,
    name: &'static str,
    puzzle: &'static str,
    kind: ScrambleKind,
    suffix: Suffix,
    derived: &'static [(&'static str, &'static str)],
) -> Event {
    Event { id, name, puzzle, kind, suffix, derived, omit: &[], identical: &[] }
}

const fn optimal(moves: &'static str, min_length: u32) -> ScrambleKind {
    ScrambleKind::RandomState {
        moves,
        phases: &[],
        tips: "",
        implied_orientations: "",
        min_length,
        target_length: None,
        projection_entries: None,
    }
}

/// Every event, in cubing.js's order.
pub const EVENTS: &[Event] = &[
    ev("333", "3x3x3 Cube", "3x3x3", CUBE_333, Suffix::None, WIDE_333),
    ev("222", "2x2x2 Cube", "2x2x2", optimal("U,F,R", 4), Suffix::None, &[]),
    ev("444", "4x4x4 Cube", "4x4x4", ScrambleKind::Cube4, Suffix::None, &[]),
    ev("555", "5x5x5 Cube", "5x5x5", CUBE_555, Suffix::None, WIDE_555),
    ev("666", "6x6x6 Cube", "6x6x6", ScrambleKind::BigCube { moves: 80, layers: 3 }, Suffix::None, WIDE_666),
    ev("777", "7x7x7 Cube", "7x7x7", ScrambleKind::BigCube { moves: 100, layers: 3 }, Suffix::None, WIDE_666),
    ev("333bf", "3x3x3 Blindfolded", "3x3x3", CUBE_333, Suffix::Orientation, WIDE_333),
    ev("333fm", "3x3x3 Fewest Moves", "3x3x3", CUBE_333, Suffix::FewestMoves, WIDE_333),
    ev("333oh", "3x3x3 One-Handed", "3x3x3", CUBE_333, Suffix::None, WIDE_333),
    ev("clock", "Clock", "clock", ScrambleKind::Clock, Suffix::None, &[]),
    ev("minx", "Megaminx", "megaminx", ScrambleKind::Megaminx, Suffix::None, &[]),
    ev(
        "pyram",
        "Pyraminx",
        "pyraminx",
        ScrambleKind::RandomState {
            moves: "U,L,R,B,u,l,r,b",
            // The core first, then the tips. Tips commute with every move, and what is left of them once the
            // core is solved does not depend on how it was solved: the first solution is optimal.
            phases: &["u,l,r,b"],
            tips: "u,l,r,b",
            implied_orientations: "",
            min_length: 6,
            target_length: Some(u32::MAX),
            projection_entries: None,
        },
        Suffix::None,
        PYRAMINX_BIG,
    ),
    ev("skewb", "Skewb", "skewb", optimal("U,L,R,B", 7), Suffix::None, &[]),
    ev("sq1", "Square-1", "square1", ScrambleKind::Square1, Suffix::None, &[]),
    ev("444bf", "4x4x4 Blindfolded", "4x4x4", ScrambleKind::Cube4, Suffix::Orientation, &[]),
    ev("555bf", "5x5x5 Blindfolded", "5x5x5", CUBE_555, Suffix::Orientation, WIDE_555),
    ev("333mbf", "3x3x3 Multi-Blind", "3x3x3", CUBE_333, Suffix::Orientation, WIDE_333),
    ev("333ft", "3x3x3 With Feet", "3x3x3", CUBE_333, Suffix::None, WIDE_333),
    // The FTO: its eight face turns, solved up to the identical center triangles (three per face: the
    // groups are cubing.js's colours, checked against its SVG by the Node tests). Into `U,L,F,R` (the four
    // faces around one corner), then into `U,R`, then solved, with projection tables. Target 40: 38.5 moves on average
    // in 13 ms natively (20 states); 36 leaves some states searching for seconds. cubing.js's (xyzzy's)
    // scrambles are shorter, about 27 moves.
    ev(
        "fto",
        "Face-Turning Octahedron",
        "fto",
        ScrambleKind::RandomState {
            moves: "U,L,F,R,B,BR,D,BL",
            phases: &["U,L,F,R", "U,R"],
            tips: "",
            implied_orientations: "",
            min_length: 2,
            target_length: Some(40),
            projection_entries: None,
        },
        Suffix::None,
        &[],
    )
    .with_identical(&[("CENTERS", FTO_CENTERS)]),
    // The master tetraminx in cubing.js's moves: `U L R B` turn a vertex's corner and three wings (they
    // commute: 81 positions), `u l r b` the two layers below a vertex too. The vertex turns of U and L
    // with their wide turns generate a subgroup of index 114,960,384 (the whole group, without
    // rotations: 72,408,487,624,704,000): the first phase goes there (1,796,256 cosets as the
    // relabelling sees them), the second solves within it (629,856,000 positions) with projection
    // tables. Projections of up to 2^22 entries (not the scramblers' 2^21) make scrambles about three
    // times faster and the first call (which builds the tables) no slower: natively, one thread, 40
    // random states at seed 9, target 24, a 2^22 cap gave a warm mean of 81–88 ms against 195–246 ms
    // and a first call of 1.6–1.8 s against 3.5–3.7 s (a loaded machine, runs alternated). Target 24:
    // 23.3 moves on average. 23 gives 22.4 moves (19–23) but a tail: in Node's single-threaded wasm, 200
    // states had a mean of 701 ms, a 99th percentile of 7.4 s and one of 31 s (cubing.js: 561 ms mean,
    // 3 s at most); 22 leaves some states searching for seconds natively. cubing.js's (xyzzy's)
    // scrambles, which pair the wings with the midges first (a subgroup the relabelling cannot express:
    // its cosets are where the wings are relative to the midges), are shorter, about 18 moves.
    ev(
        "master_tetraminx",
        "Master Tetraminx",
        "master_tetraminx",
        ScrambleKind::RandomState {
            moves: "U,L,R,B,u,l,r,b",
            phases: &["U,L,u,l"],
            tips: "",
            implied_orientations: "",
            min_length: 2,
            target_length: Some(24),
            projection_entries: Some(1 << 22),
        },
        Suffix::None,
        MASTER_TETRAMINX_WIDE,
    ),
    // The kilominx is cubing.js's `d f 0.56`: its EDGES and EDGES2 orbits are tiny pieces the cut leaves
    // along each edge, which cubing.js does not show (it builds the puzzle without edge or center orbits
    // and draws only CORNERS), and the CENTERS are hidden: only the 20 corners are scrambled and solved.
    // The chain fixes corners a face at a time (the groups are all the even corner permutations and
    // twists of the corners they touch): 8 faces (2 corners fixed), the 6 upper faces (the 5 D corners),
    // U,F,R,L (8 corners), U,R (12 corners fixed; its 44,089,920 cosets in a full table). The phases
    // before the last are not exact (the relabelling makes every corner's twist a wildcard, as a phase
    // coordinate needs all or none of a block's orientations), so a target much under 36 leaves rare
    // states searching for seconds (33: some pass the node limit): 36 gives 28-36 moves (mean 33.3), 1.1 ms
    // median natively.
    ev(
        "kilominx",
        "Kilominx",
        "kilominx",
        ScrambleKind::RandomState {
            moves: "U,F,R,L,BL,BR,D,B,DR,DL,FR,FL",
            phases: &["U,F,R,L,BL,BR,DL,FL", "U,F,R,L,BL,BR", "U,F,R,L", "U,R"],
            tips: "",
            implied_orientations: "",
            min_length: 2,
            target_length: Some(36),
            projection_entries: None,
        },
        Suffix::None,
        &[],
    )
    .omitting(&["EDGES", "EDGES2", "CENTERS"]),
    ev(
        "redi_cube",
        "Redi Cube",
        "redi_cube",
        ScrambleKind::RandomState {
            // The eight corner turns (cubing.js's derived moves, in the order of its scrambler). Phase 1
            // solves the four bottom corners' twists and the four edges only bottom turns move (962,280
            // cosets), phase 2 the rest with the four top turns (8!/2 edge permutations times 3^4 twists,
            // 1,632,960), as cubing.js's scrambler does; the edges' orientations follow from their
            // places. 17 moves: with 16, a few states in a thousand have no such solution through the
            // phases and search long before the longer one is taken.
            moves: "UL,U,UR,F,L,B,R,D",
            phases: &["UL,U,UR,F"],
            tips: "",
            implied_orientations: "EDGES",
            min_length: 2,
            target_length: Some(17),
            projection_entries: None,
        },
        Suffix::None,
        &[],
    ),
    ev("baby_fto", "Baby FTO", "baby_fto", optimal("U,F,L,R,B,D,BL,BR", 2), Suffix::None, &[]),
];

/// The event with this cubing.js event ID.
pub fn event(id: &str) -> Option<&'static Event> {
    EVENTS.iter().find(|e| e.id == id)
}

/// The event with this cubing.js event ID, or an input error listing the IDs there are.
pub fn lookup(id: &str) -> crate::error::Result<&'static Event> {
    event(id).ok_or_else(|| {
        let ids: Vec<&str> = EVENTS.iter().map(|e| e.id).collect();
        crate::error::Error::new(format!("unknown event {id:?}: expected one of {}", ids.join(", ")))
    })
}

#[cfg(test)]
mod notation_tests {
    use super::EVENTS;
    use crate::kpuzzle::notation::notation_moves;

    /// The moves an event's scrambles are written with are the notation a definition of its puzzle reads.
    #[test]
    fn every_event_writes_its_puzzles_notation() {
        for e in EVENTS {
            let reads = notation_moves(e.puzzle);
            for m in e.derived {
                assert!(reads.contains(m), "{}: {m:?} is not {}'s notation", e.id, e.puzzle);
            }
        }
    }
}
