//! `info`: sets, moves, rotations, declared symmetries and state size.

use std::fmt::Write as _;

use serde_json::{json, Value};

use crate::shell::json_text;
use twistsearch::Puzzle;

/// Per set and piece (slot), the base moves that move it or change its orientation: `SET slot move …`
/// lines with 1-based slots, as twsearch's `--describesets` prints them.
fn describe_sets(puzzle: &Puzzle) -> Vec<(String, usize, Vec<String>)> {
    let mut rows = Vec::new();
    for o in puzzle.orbits() {
        for j in 0..o.size {
            let moved: Vec<String> = (puzzle.base_moves().iter())
                .filter(|b| {
                    let t = b.transform();
                    t[o.offset + j] as usize != j || t[o.offset + o.size + j] != 0
                })
                .map(|b| b.name.clone())
                .collect();
            rows.push((o.name.clone(), j + 1, moved));
        }
    }
    rows
}

/// The `info` report as text or JSON, with the `--describe-sets` table where asked.
pub fn info(puzzle: &Puzzle, describe: bool, json_out: bool) -> String {
    let mut out = String::new();
    let orbits: Vec<Value> = puzzle
        .orbits()
        .iter()
        .map(|o| json!({ "name": o.name, "pieces": o.size, "orientations": o.orientations }))
        .collect();
    let moves = |rot: bool| -> Vec<Value> {
        puzzle
            .base_moves()
            .iter()
            .enumerate()
            .filter(|(_, b)| b.rotation == rot)
            .map(|(i, b)| {
                let names: Vec<String> = (1..b.order as i64).map(|k| puzzle.move_name(puzzle.move_ref(i, k))).collect();
                let mut v = json!({ "name": b.name, "order": b.order, "powers": names });
                if let twistsearch::model::puzzle::MoveSource::Sequence(alg) = &b.source {
                    v["sequence"] = json!(alg);
                }
                v
            })
            .collect()
    };
    let (mv, rot) = (moves(false), moves(true));
    let symmetries: Vec<&str> = puzzle.declared_symmetries().iter().map(|s| s.name.as_str()).collect();
    if json_out {
        let mut v = json!({
            "name": puzzle.name(),
            "orbits": orbits,
            "stateSize": puzzle.state_size(),
            "moves": mv,
            "rotations": rot,
            "symmetries": symmetries,
            "illegal": puzzle.illegal().len(),
            "ksolvePlus": !puzzle.extras().is_empty(),
        });
        if describe {
            let rows = describe_sets(puzzle).into_iter();
            v["describeSets"] =
                rows.map(|(set, slot, moves)| json!({ "set": set, "slot": slot, "moves": moves })).collect();
        }
        return json_text(v);
    }
    let _ = writeln!(out, "Puzzle {}", puzzle.name());
    let _ = writeln!(out, "State size {} bytes", puzzle.state_size());
    let _ = writeln!(out, "Sets:");
    for o in puzzle.orbits() {
        let _ = writeln!(out, "  {:<12} {:>4} pieces {:>4} orientations", o.name, o.size, o.orientations);
    }
    for (title, list) in [("Moves", &mv), ("Rotations", &rot)] {
        let _ = writeln!(out, "{title} ({}):", list.len());
        for m in list {
            let powers: Vec<&str> = m["powers"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            let seq = m.get("sequence").and_then(Value::as_str).map(|s| format!("  = {s}")).unwrap_or_default();
            let _ = writeln!(
                out,
                "  {:<10} order {:<4} {}{seq}",
                m["name"].as_str().unwrap(),
                m["order"],
                powers.join(" ")
            );
        }
    }
    if !symmetries.is_empty() {
        let _ = writeln!(out, "Declared symmetries: {}", symmetries.join(" "));
    }
    if !puzzle.illegal().is_empty() {
        let _ = writeln!(out, "Illegal placements: {}", puzzle.illegal().len());
    }
    if describe {
        for (set, slot, moves) in describe_sets(puzzle) {
            let _ = writeln!(out, "{set} {slot}{}", moves.iter().map(|m| format!(" {m}")).collect::<String>());
        }
    }
    out
}
