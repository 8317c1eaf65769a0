//! The stages: which moves each may use and which pieces it brings home. The `D` face and the lower
//! ring come first, then the upper ring's faces one by one, each with the faces not yet finished, so the
//! moves shrink to `U`, `F`, `R` for the last two faces of the second layer and the orientation of the
//! last layer's edges (the `U` face's five corners and five edges), and to `U`, `R` for the rest: the
//! last layer's edges while its corners are free, then its corners. (`U`, `R` turns keep the edges'
//! orientation. The corners go last: over 100 scrambles, placing the corners while the edges must stay
//! took at most 1.2 million search nodes, placing the edges while the corners must stay up to 9 million.)
//!
//! A face is finished once every piece on it and on faces finished before is home; a stage that
//! finishes a face uses the faces not finished before it, so the pieces it finishes are all the earlier
//! stages' moves ever touch again — until `U`, `F`, `R` are all that is left and every stage must also
//! bring back what it disturbs (the stage's tables hold those pieces too).

use super::model::{Model, CORNERS, LOCS, PIECES};
use super::tables::Compact;

/// One stage: its faces and the pieces it brings home (each by the faces it lies on).
pub(super) struct StagePlan {
    pub name: &'static str,
    pub faces: &'static [&'static str],
    pub pieces: &'static [&'static [&'static str]],
    /// Whether the pieces need only be oriented on the `U` face (anywhere on it), not home.
    pub oriented: bool,
}

const ALL: &[&str] = &["U", "D", "F", "B", "L", "DR", "BL", "FR", "BR", "FL", "R", "DL"];
const NOT_DB: &[&str] = &["U", "F", "L", "DR", "BL", "FR", "BR", "FL", "R", "DL"];
const NOT_DBDR: &[&str] = &["U", "F", "L", "BL", "FR", "BR", "FL", "R", "DL"];
const NOT_LOWER3: &[&str] = &["U", "F", "L", "BL", "BR", "FL", "R", "DL"];
const NOT_LOWER4: &[&str] = &["U", "F", "L", "BL", "BR", "R", "DL"];
const UPPER: &[&str] = &["U", "F", "L", "BL", "BR", "R"];
const UPPER4: &[&str] = &["U", "F", "BL", "BR", "R"];
const UPPER3: &[&str] = &["U", "F", "BR", "R"];
const URF: &[&str] = &["U", "F", "R"];
const UR: &[&str] = &["U", "R"];

/// The stages, in order.
pub(super) const PLAN: &[StagePlan] = &[
    StagePlan { name: "D-B", faces: ALL, pieces: &[&["D", "B"]], oriented: false },
    StagePlan { name: "DR", faces: NOT_DB, pieces: &[&["D", "DR"], &["B", "DR"], &["D", "B", "DR"]], oriented: false },
    StagePlan {
        name: "FR",
        faces: NOT_DBDR,
        pieces: &[&["D", "FR"], &["DR", "FR"], &["D", "DR", "FR"]],
        oriented: false,
    },
    StagePlan {
        name: "FL",
        faces: NOT_LOWER3,
        pieces: &[&["D", "FL"], &["FR", "FL"], &["D", "FR", "FL"]],
        oriented: false,
    },
    StagePlan {
        name: "DL 1",
        faces: NOT_LOWER4,
        pieces: &[&["D", "DL"], &["FL", "DL"], &["D", "FL", "DL"]],
        oriented: false,
    },
    StagePlan { name: "DL 2", faces: NOT_LOWER4, pieces: &[&["DL", "B"], &["D", "DL", "B"]], oriented: false },
    StagePlan { name: "L", faces: UPPER, pieces: &[&["L", "FL"], &["L", "DL"], &["L", "FL", "DL"]], oriented: false },
    StagePlan {
        name: "BL",
        faces: UPPER4,
        pieces: &[&["BL", "DL"], &["BL", "B"], &["BL", "B", "DL"], &["L", "BL"], &["L", "BL", "DL"]],
        oriented: false,
    },
    StagePlan {
        name: "BR",
        faces: UPPER3,
        pieces: &[&["BR", "B"], &["BR", "DR"], &["BR", "B", "DR"], &["BL", "BR"], &["BL", "BR", "B"]],
        oriented: false,
    },
    StagePlan {
        name: "R",
        faces: URF,
        pieces: &[&["R", "DR"], &["R", "FR"], &["R", "DR", "FR"], &["R", "BR"], &["R", "BR", "DR"]],
        oriented: false,
    },
    StagePlan { name: "F 1", faces: URF, pieces: &[&["F", "FR"], &["F", "FL"], &["F", "FL", "FR"]], oriented: false },
    StagePlan { name: "F 2", faces: URF, pieces: &[&["F", "L"], &["F", "L", "FL"]], oriented: false },
    StagePlan { name: "F 3", faces: URF, pieces: &[&["F", "R"], &["F", "R", "FR"]], oriented: false },
    StagePlan {
        name: "U edges oriented",
        faces: URF,
        pieces: &[&["U", "F"], &["U", "R"], &["U", "L"], &["U", "BL"], &["U", "BR"]],
        oriented: true,
    },
    StagePlan { name: "U edges 1", faces: UR, pieces: &[&["U", "F"], &["U", "R"]], oriented: false },
    StagePlan { name: "U edges 2", faces: UR, pieces: &[&["U", "L"], &["U", "BL"], &["U", "BR"]], oriented: false },
    StagePlan { name: "U corners 1", faces: UR, pieces: &[&["U", "F", "R"], &["U", "F", "L"]], oriented: false },
    StagePlan { name: "U corners 2", faces: UR, pieces: &[&["U", "R", "BR"]], oriented: false },
    StagePlan { name: "U corners 3", faces: UR, pieces: &[&["U", "L", "BL"], &["U", "BL", "BR"]], oriented: false },
];

/// A stage resolved against the model: move indices, the pieces that must be home at its end and that
/// its moves touch (its own first), and the groups of them (indices into `pieces`) its tables cover.
pub(super) struct Stage {
    pub name: &'static str,
    pub faces: u16,
    pub moves: Vec<u8>,
    pub pieces: Vec<u8>,
    /// Where each of `pieces` may end: a mask of locations (home, or oriented on the `U` face).
    pub goal: Vec<u64>,
    pub groups: Vec<Vec<u8>>,
    /// The locations the moves reach from the goals, numbered.
    pub compact: Compact,
}

/// The most entries a stage's table may have (bytes).
pub(super) const MAX_ENTRIES: usize = 1 << 19;

impl Stage {
    /// A stage of `faces` that must leave `pieces` at `goal`. Pieces that may end anywhere the moves
    /// take them are left out; the others are grouped in order, corners first, as many to a table as
    /// [`MAX_ENTRIES`] allows.
    pub(super) fn new(model: &Model, name: &'static str, faces: u16, pieces: Vec<u8>, goal: Vec<u64>) -> Stage {
        let moves: Vec<u8> =
            (0..model.moves.len()).filter(|&m| faces >> model.moves[m].face & 1 == 1).map(|m| m as u8).collect();
        let mut goals = [0u64; 2];
        for (&p, &g) in pieces.iter().zip(&goal) {
            goals[usize::from(p as usize >= CORNERS)] |= g;
        }
        let compact = Compact::new(model, &moves, goals);
        let free = |p: u8, g: u64| {
            let k = usize::from(p as usize >= CORNERS);
            (0..compact.radix[k]).all(|i| g >> compact.loc[k][i] & 1 == 1)
        };
        // Corners, then edges (each in order): a table of one kind holds more of them.
        let mut kept: Vec<(u8, u64)> = pieces.into_iter().zip(goal).filter(|&(p, g)| !free(p, g)).collect();
        crate::sort::sort_by_key(&mut kept, |&(p, _)| p as usize >= CORNERS);
        let (pieces, goal): (Vec<u8>, Vec<u64>) = kept.into_iter().unzip();
        let mut groups: Vec<Vec<u8>> = Vec::new();
        let mut entries = usize::MAX;
        for (i, &p) in pieces.iter().enumerate() {
            let r = compact.radix_of(p);
            match groups.last_mut() {
                Some(g) if entries * r <= MAX_ENTRIES && g.len() < 16 => {
                    g.push(i as u8);
                    entries *= r;
                }
                _ => {
                    groups.push(vec![i as u8]);
                    entries = r;
                }
            }
        }
        Stage { name, faces, moves, pieces, goal, groups, compact }
    }
}

/// The stages of [`PLAN`] over `model`: each stage's pieces are its own and every earlier stage's that
/// its faces turn, grouped by three in that order.
pub(super) fn stages(model: &Model) -> Vec<Stage> {
    // What each piece must be at the end of the stages so far (a mask of locations; 0: anything).
    let mut goal = [0u64; PIECES];
    // The pieces with a goal, most recent first: they lie nearest the new ones.
    let mut done: Vec<u8> = Vec::new();
    let mut out = Vec::with_capacity(PLAN.len());
    let u = Model::faces(&["U"]);
    for plan in PLAN {
        let faces = Model::faces(plan.faces);
        let own: Vec<u8> = plan.pieces.iter().map(|p| model.piece(p) as u8).collect();
        for &p in &own {
            let p = p as usize;
            goal[p] = if plan.oriented { model.oriented_on(p, u) } else { 1 << model.home[p] };
            done.retain(|&q| q as usize != p);
        }
        let moved = |p: usize| {
            let k = usize::from(p >= CORNERS);
            let o = Model::orientations(p);
            (0..LOCS).any(|l| {
                goal[p] >> l & 1 == 1
                    && (0..12).any(|f| faces >> f & 1 == 1 && model.face_slots[f][k] >> (l / o) & 1 == 1)
            })
        };
        let mut pieces = own.clone();
        pieces.extend(done.iter().rev().filter(|&&p| moved(p as usize)));
        let g = pieces.iter().map(|&p| goal[p as usize]).collect();
        done.extend(&own);
        out.push(Stage::new(model, plan.name, faces, pieces, g));
    }
    out
}
