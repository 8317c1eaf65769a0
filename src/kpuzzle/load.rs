//! Loading a KPuzzle definition: `orbits`, `defaultPattern`, `moves` (permutation / orientationDelta, the
//! same passive state convention twistsearch uses) and `derivedMoves` (algs over other moves).

use serde_json::Value;

use super::json::{self, array, field, integer, integers, join, object, orbit_object};
use super::pattern::pattern_bytes;
use crate::error::{Error, Location, Result};
use crate::model::builder::PuzzleBuilder;
use crate::model::layout::{Layout, MAX_ORIENTATIONS, MAX_PIECES};
use crate::model::move_names::RotationNames;
use crate::model::puzzle::Puzzle;

/// Parses KPuzzle definition JSON text.
pub fn parse_kpuzzle(text: &str) -> Result<Puzzle> {
    kpuzzle_from_value(&json::parse(text)?)
}

/// Builds a puzzle from a KPuzzle definition value. Unknown fields (such as cubing.js's experimental
/// ones) are ignored.
pub fn kpuzzle_from_value(def: &Value) -> Result<Puzzle> {
    let notation = match def.get("name") {
        Some(Value::String(name)) => super::notation::notation_moves(name),
        _ => Vec::new(),
    };
    if notation.is_empty() {
        return build(def, &[]);
    }
    // A definition of that name that cannot take them (other moves, a name taken) loads without them.
    build(def, &notation).or_else(|_| build(def, &[]))
}

/// [`kpuzzle_from_value`] with `notation` moves added where the definition has no move of that name.
fn build(def: &Value, notation: &[(&str, &str)]) -> Result<Puzzle> {
    let root = object(def, "")?;
    let name = match root.get("name") {
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(Error::at_json("name", "expected a string")),
        None => "Unnamed".to_string(),
    };
    let orbits_v = array(field(root, "", "orbits")?, "orbits")?;
    if orbits_v.is_empty() {
        return Err(Error::at_json("orbits", "a puzzle needs at least one orbit"));
    }
    let mut sets: Vec<(String, usize, u8)> = Vec::new();
    for (i, o) in orbits_v.iter().enumerate() {
        let path = format!("orbits[{i}]");
        let obj = object(o, &path)?;
        let orbit_name = field(obj, &path, "orbitName")?
            .as_str()
            .ok_or_else(|| Error::at_json(join(&path, "orbitName"), "expected a string"))?;
        if orbit_name.is_empty() || orbit_name.chars().any(char::is_whitespace) {
            return Err(Error::at_json(join(&path, "orbitName"), "an orbit name must be non-empty without spaces"));
        }
        if sets.iter().any(|s| s.0 == orbit_name) {
            return Err(Error::at_json(join(&path, "orbitName"), format!("orbit {orbit_name} is defined twice")));
        }
        let n = integer(field(obj, &path, "numPieces")?, &join(&path, "numPieces"), 1, MAX_PIECES as i64)?;
        let m = integer(
            field(obj, &path, "numOrientations")?,
            &join(&path, "numOrientations"),
            1,
            MAX_ORIENTATIONS as i64,
        )?;
        sets.push((orbit_name.to_string(), n as usize, m as u8));
    }
    let layout = Layout::new(sets.iter().map(|(n, c, o)| (n.as_str(), *c, *o)));
    let solved = pattern_bytes(&layout, field(root, "", "defaultPattern")?, "defaultPattern")?;
    let mut builder = PuzzleBuilder::new(name, layout, solved);
    builder.rotation_names(RotationNames::Cubing);

    let moves = object(field(root, "", "moves")?, "moves")?;
    for (move_name, t) in moves {
        let path = join("moves", move_name);
        let bytes = transformation_bytes(builder.layout(), t, &path)?;
        builder.add_move(move_name.clone(), bytes, Location::Json(path));
    }
    if let Some(derived) = root.get("derivedMoves") {
        if !derived.is_null() {
            for (move_name, alg) in object(derived, "derivedMoves")? {
                let path = join("derivedMoves", move_name);
                let alg = alg.as_str().ok_or_else(|| Error::at_json(&path, "expected an alg string"))?;
                builder.add_sequence(move_name.clone(), alg, Location::Json(path));
            }
        }
    }
    let derived = root.get("derivedMoves").and_then(Value::as_object);
    for &(name, alg) in notation {
        if !moves.contains_key(name) && !derived.is_some_and(|d| d.contains_key(name)) {
            builder.add_notation_sequence(name, alg);
        }
    }
    builder.build()
}

/// A KTransformation (`{ORBIT: {permutation, orientationDelta}}`) as state-convention bytes. Orbits left
/// out are the identity; orientation deltas lie within `1-m..=m-1` for an orbit of `m` orientations
/// (negative ones, as cubing.js's clock uses, are reduced).
pub(crate) fn transformation_bytes(layout: &Layout, v: &Value, path: &str) -> Result<Vec<u8>> {
    let obj = object(v, path)?;
    let mut bytes = layout.identity();
    for (orbit_name, ov) in obj {
        let (opath, orbit, oobj) = orbit_object(layout, orbit_name, ov, path)?;
        let n = orbit.size;
        let ppath = join(&opath, "permutation");
        let perm = integers(field(oobj, &opath, "permutation")?, &ppath, n, 0, n as i64 - 1)?;
        let mut seen = vec![false; n];
        for (i, &p) in perm.iter().enumerate() {
            if std::mem::replace(&mut seen[p as usize], true) {
                return Err(Error::at_json(
                    format!("{ppath}[{i}]"),
                    format!("not a permutation: {p} appears more than once"),
                ));
            }
            bytes[orbit.offset + i] = p as u8;
        }
        if let Some(d) = oobj.get("orientationDelta") {
            let dpath = join(&opath, "orientationDelta");
            // Within a turn either way, as a `.tws` move's orientations are (cubing.js's clock uses -1).
            let m = orbit.orientations as i64;
            let deltas = integers(d, &dpath, n, 1 - m, m - 1)?;
            for (i, &d) in deltas.iter().enumerate() {
                bytes[orbit.offset + n + i] = d.rem_euclid(orbit.orientations as i64) as u8;
            }
        }
    }
    Ok(bytes)
}
