//! Cross-check against the real cubing.js: `tests/cubing/gen-fixtures.mjs` (npm `cubing` 0.63.4) wrote,
//! per puzzle, the KPuzzle definition and the KPattern cubing.js computes for 100 random algs. twistsearch
//! must compute the same patterns from the same definition.

mod common;

use serde_json::Value;
use twistsearch::kpuzzle::{kpuzzle_from_value, pattern_value};
use twistsearch::Alg;

/// A pattern orbit normalized for comparison: pieces, and orientations reduced modulo the orbit's modulus
/// with `None` where the orientation is unknown (`orientationMod` 1). cubing.js keeps negative remainders
/// (its clock `z` has an orientation delta of -1), so values are compared modulo `numOrientations`.
fn normalize(pattern: &Value, orbit: &str, n_ori: i64) -> (Vec<i64>, Vec<Option<i64>>) {
    let o = &pattern[orbit];
    let pieces = o["pieces"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    let oris = o["orientation"].as_array().unwrap();
    let mods = o.get("orientationMod").and_then(Value::as_array);
    let oris = oris
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let m = mods.map_or(0, |m| m[i].as_i64().unwrap());
            if m == 1 || n_ori == 1 {
                None
            } else {
                Some(v.as_i64().unwrap().rem_euclid(n_ori))
            }
        })
        .collect();
    (pieces, oris)
}

#[test]
fn twistsearch_matches_cubing_js_patterns() {
    let index: Value = serde_json::from_str(&common::read("cubing-fixtures/INDEX.json")).unwrap();
    let entries = index.as_array().unwrap();
    assert!(entries.len() >= 5, "at least five puzzles");
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in entries {
        let file = entry["file"].as_str().unwrap();
        let fixture: Value = serde_json::from_str(&common::read(&format!("cubing-fixtures/{file}"))).unwrap();
        let name = fixture["puzzle"].as_str().unwrap();
        let puzzle = kpuzzle_from_value(&fixture["definition"]).unwrap_or_else(|e| panic!("{name}: {e}"));
        let cases = fixture["cases"].as_array().unwrap();
        assert!(cases.len() >= 100, "{name}: {} cases", cases.len());
        for case in cases {
            let alg_text = case["alg"].as_str().unwrap();
            let got = Alg::parse(alg_text).and_then(|a| puzzle.position(&a));
            let got = match got {
                Ok(s) => pattern_value(&puzzle, &s),
                Err(e) => {
                    failures.push(format!("{name} {alg_text:?}: {e}"));
                    continue;
                }
            };
            for orbit in puzzle.orbits() {
                let m = orbit.orientations as i64;
                let want = normalize(&case["pattern"], &orbit.name, m);
                let have = normalize(&got, &orbit.name, m);
                if want != have {
                    failures.push(format!(
                        "{name} {alg_text:?} orbit {}: cubing.js {want:?}, twistsearch {have:?}",
                        orbit.name
                    ));
                }
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
    assert!(checked >= 500);
}

#[test]
fn kpuzzle_definitions_round_trip_through_tws() {
    use twistsearch::kpuzzle::kpuzzle_value;
    use twistsearch::tws::{parse_definition, write_definition};
    let index: Value = serde_json::from_str(&common::read("cubing-fixtures/INDEX.json")).unwrap();
    for entry in index.as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let fixture: Value = serde_json::from_str(&common::read(&format!("cubing-fixtures/{file}"))).unwrap();
        let from_json = kpuzzle_from_value(&fixture["definition"]).unwrap();
        let tws = write_definition(&from_json);
        let from_tws = parse_definition(&tws).unwrap_or_else(|e| panic!("{file}: {e}\n{tws}"));
        let back = kpuzzle_from_value(&kpuzzle_value(&from_tws)).unwrap();
        for p in [&from_tws, &back] {
            // The ksolve format needs contiguous ids; cubing.js skips some (4x4x4 centers are 0, 4, 8, …).
            let ids = |q: &twistsearch::Puzzle| q.layout().contiguous_ids(q.solved().as_bytes());
            assert_eq!(ids(p), ids(&from_json), "{file}");
            // The definition's own moves (not those added for cubing.js notation, which are not written out).
            let own =
                |q: &twistsearch::Puzzle| q.base_moves().iter().filter(|b| !b.notation).cloned().collect::<Vec<_>>();
            assert_eq!(own(p).len(), own(&from_json).len(), "{file}");
            for (a, b) in own(p).iter().zip(&own(&from_json)) {
                assert_eq!(a.name, b.name, "{file}");
                assert_eq!(a.transform(), b.transform(), "{file}: move {}", a.name);
            }
        }
    }
}

#[test]
fn clock_moves_print_in_cubing_notation() {
    let fixture: Value = serde_json::from_str(&common::read("cubing-fixtures/clock.json")).unwrap();
    let p = kpuzzle_from_value(&fixture["definition"]).unwrap();
    let alg = Alg::parse("UR3+ DL2- UR1+").unwrap();
    assert_eq!(alg.invert(&p).unwrap().to_string(), "UR1- DL2+ UR3-");
    assert_eq!(alg.simplify(&p).unwrap().to_string(), "UR4+ DL2-");
}
