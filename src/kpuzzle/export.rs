//! Exporting a puzzle as a KPuzzle definition.

use serde_json::{json, Map, Value};

use super::pattern::pattern_value;
use crate::model::puzzle::{MoveSource, Puzzle};

/// The puzzle as a KPuzzle definition value: defined moves (and rotations) under `moves`, moves defined by
/// algs under `derivedMoves`. Definition-file extras with no KPuzzle equivalent (`Illegal`, ksolve+ blocks)
/// are not part of it.
pub fn kpuzzle_value(puzzle: &Puzzle) -> Value {
    let orbits: Vec<Value> = puzzle
        .orbits()
        .iter()
        .map(|o| json!({ "orbitName": o.name, "numPieces": o.size, "numOrientations": o.orientations }))
        .collect();
    let mut moves = Map::new();
    let mut derived = Map::new();
    for b in puzzle.base_moves().iter().filter(|b| !b.notation) {
        match &b.source {
            MoveSource::Defined => {
                let mut t = Map::new();
                let bytes = b.transform();
                for o in puzzle.orbits() {
                    t.insert(
                        o.name.clone(),
                        json!({ "permutation": &bytes[o.pieces_range()], "orientationDelta": &bytes[o.orientations_range()] }),
                    );
                }
                moves.insert(b.name.clone(), Value::Object(t));
            }
            MoveSource::Sequence(alg) => {
                derived.insert(b.name.clone(), Value::String(alg.clone()));
            }
        }
    }
    let mut def = json!({
        "name": puzzle.name(),
        "orbits": orbits,
        "defaultPattern": pattern_value(puzzle, puzzle.solved()),
        "moves": moves,
    });
    if !derived.is_empty() {
        def["derivedMoves"] = Value::Object(derived);
    }
    def
}

/// The KPuzzle definition as pretty-printed JSON text.
pub fn kpuzzle_json(puzzle: &Puzzle) -> String {
    serde_json::to_string_pretty(&kpuzzle_value(puzzle)).expect("a JSON value always serializes")
}
