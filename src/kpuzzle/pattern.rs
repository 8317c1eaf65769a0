//! KPattern data (`{ORBIT: {pieces, orientation, orientationMod?}}`) to and from states.
//!
//! `orientationMod` 1 means the orientation is unknown: twistsearch's `?` wildcard. 0 (or the orbit's
//! modulus) means fully known. Other divisors are refused with a clear error.

use serde_json::{json, Map, Value};

use super::json::{self, field, integers, join, object, orbit_object};
use crate::error::{Error, Result};
use crate::model::layout::Layout;
use crate::model::puzzle::Puzzle;
use crate::model::state::State;

/// Parses KPattern JSON text as a state of `puzzle` (every orbit must be given).
pub fn parse_pattern(puzzle: &Puzzle, text: &str) -> Result<State> {
    pattern_from_value(puzzle, &json::parse(text)?)
}

/// A KPattern value as a state of `puzzle`.
pub fn pattern_from_value(puzzle: &Puzzle, v: &Value) -> Result<State> {
    let bytes = pattern_bytes(puzzle.layout(), v, "")?;
    Ok(puzzle.state_from_bytes(bytes).expect("pattern_bytes validates against the layout"))
}

/// KPattern data as state bytes. Every orbit of the layout must be given: a pattern that leaves one out
/// is refused, naming it (it would otherwise be taken as solved without saying so).
pub(crate) fn pattern_bytes(layout: &Layout, v: &Value, path: &str) -> Result<Vec<u8>> {
    let obj = object(v, path)?;
    let mut bytes = layout.identity();
    for (orbit_name, ov) in obj {
        let (opath, orbit, oobj) = orbit_object(layout, orbit_name, ov, path)?;
        let (n, m) = (orbit.size, orbit.orientations as i64);
        let pieces = integers(field(oobj, &opath, "pieces")?, &join(&opath, "pieces"), n, 0, n as i64 - 1)?;
        let opath_o = join(&opath, "orientation");
        let oris = integers(field(oobj, &opath, "orientation")?, &opath_o, n, 1 - m, m - 1)?;
        let mods = match oobj.get("orientationMod") {
            Some(mv) => integers(mv, &join(&opath, "orientationMod"), n, 0, m)?,
            None => vec![0; n],
        };
        for i in 0..n {
            let wild = match mods[i] {
                0 => false,
                1 => m > 1,
                d if d == m => false,
                d => {
                    return Err(Error::at_json(
                        format!("{opath}.orientationMod[{i}]"),
                        format!(
                            "orientationMod {d} is not supported: use 0 (orientation known) or 1 (orientation ignored)"
                        ),
                    ))
                }
            };
            bytes[orbit.offset + i] = pieces[i] as u8;
            bytes[orbit.offset + n + i] = if wild { orbit.wildcard() } else { oris[i].rem_euclid(m) as u8 };
        }
        for i in 0..n {
            for j in i + 1..n {
                let (pi, pj) = (bytes[orbit.offset + i], bytes[orbit.offset + j]);
                let (wi, wj) =
                    (orbit.is_wildcard(bytes[orbit.offset + n + i]), orbit.is_wildcard(bytes[orbit.offset + n + j]));
                if pi == pj && wi != wj {
                    return Err(Error::at_json(
                        format!("{opath}.orientationMod[{j}]"),
                        format!("inconsistent orientation wildcards: identical pieces {pi} in slots {i} and {j} must all have orientationMod 1 or none"),
                    ));
                }
            }
        }
    }
    if let Some(missing) = layout.orbits().iter().find(|o| !obj.contains_key(&o.name)) {
        return Err(Error::at_json(
            path,
            format!("missing orbit {}: a pattern gives the pieces and orientations of every orbit", missing.name),
        ));
    }
    Ok(bytes)
}

/// A state as KPattern data (orbits in definition order; `orientationMod: 1` marks wildcards).
pub fn pattern_value(puzzle: &Puzzle, state: &State) -> Value {
    let s = state.as_bytes();
    let mut out = Map::new();
    for orbit in puzzle.orbits() {
        let pieces: Vec<u8> = s[orbit.pieces_range()].to_vec();
        let oris = &s[orbit.orientations_range()];
        let any_wild = oris.iter().any(|&o| orbit.is_wildcard(o));
        let orientation: Vec<u8> = oris.iter().map(|&o| if orbit.is_wildcard(o) { 0 } else { o }).collect();
        let mut o = json!({ "pieces": pieces, "orientation": orientation });
        if any_wild {
            let mods: Vec<u8> = oris.iter().map(|&o| u8::from(orbit.is_wildcard(o))).collect();
            o["orientationMod"] = json!(mods);
        }
        out.insert(orbit.name.clone(), o);
    }
    Value::Object(out)
}
