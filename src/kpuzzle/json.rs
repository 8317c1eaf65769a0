//! Small helpers for walking a JSON value with errors that name the path.

use serde_json::{Map, Value};

use crate::error::{Error, Location, Result};
use crate::model::layout::{Layout, Orbit};

/// Parses JSON text; syntax errors carry serde_json's line and column.
pub fn parse(text: &str) -> Result<Value> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str(text).map_err(|e| {
        // At end of input serde reports the line after a final newline, column 0: point at the last
        // line instead (columns are 1-based).
        let last_line = text.lines().count().max(1);
        let (line, column) = if e.column() == 0 && e.line() > last_line {
            (last_line, text.lines().last().map_or(1, |l| l.chars().count() + 1))
        } else {
            (e.line(), e.column().max(1))
        };
        Error {
            kind: crate::error::ErrorKind::Input,
            location: Location::Line { line, column: Some(column) },
            token: None,
            reason: {
                // serde's message ends with its own position; ours is in the location.
                let msg = e.to_string();
                let msg = msg.rfind(" at line ").map_or(msg.as_str(), |i| &msg[..i]).to_string();
                format!("invalid JSON: {msg}")
            },
        }
    })
}

/// `path.key`, or `key` at the root.
pub fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

pub fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>> {
    v.as_object().ok_or_else(|| Error::at_json(path, "expected a JSON object"))
}

/// One entry `orbit_name: ov` of an object keyed by orbit names (a KTransformation's, a KPattern's): its
/// path, the layout's orbit of that name and the entry's object; an unknown name is an error.
pub(crate) fn orbit_object<'l, 'v>(
    layout: &'l Layout,
    orbit_name: &str,
    ov: &'v Value,
    path: &str,
) -> Result<(String, &'l Orbit, &'v Map<String, Value>)> {
    let opath = join(path, orbit_name);
    let Some(oi) = layout.orbit_index(orbit_name) else {
        return Err(Error::at_json(opath, format!("unknown orbit {orbit_name}")));
    };
    let oobj = object(ov, &opath)?;
    Ok((opath, &layout.orbits()[oi], oobj))
}

pub fn field<'a>(obj: &'a Map<String, Value>, path: &str, key: &str) -> Result<&'a Value> {
    obj.get(key).ok_or_else(|| Error::at_json(path, format!("missing field {key:?}")))
}

pub fn array<'a>(v: &'a Value, path: &str) -> Result<&'a Vec<Value>> {
    v.as_array().ok_or_else(|| Error::at_json(path, "expected an array"))
}

/// An integer within `min..=max`.
pub fn integer(v: &Value, path: &str, min: i64, max: i64) -> Result<i64> {
    match v.as_i64() {
        Some(x) if (min..=max).contains(&x) => Ok(x),
        Some(x) => Err(Error::at_json(path, format!("{x} is out of range {min}..{max}"))),
        None => Err(Error::at_json(path, format!("expected an integer, found {v}"))),
    }
}

/// An array of integers of exactly `len` entries, each within `min..=max`.
pub fn integers(v: &Value, path: &str, len: usize, min: i64, max: i64) -> Result<Vec<i64>> {
    let a = array(v, path)?;
    if a.len() != len {
        return Err(Error::at_json(path, format!("expected {len} entries, found {}", a.len())));
    }
    a.iter().enumerate().map(|(i, x)| integer(x, &format!("{path}[{i}]"), min, max)).collect()
}
