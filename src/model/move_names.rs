//! Move naming rules shared with twsearch: which names are rotations, how powers of a base move are
//! named (`F2`, `F'`, on the megaminx `U2'`), and which sets of names a definition may use.
//!
//! The rule for names ([`check_move_names`]), the same for `.tws` and KPuzzle definitions: a move name is
//! one alg token of letters, digits, `_` and `-` (with a letter or `_`), and no name may be spelled like
//! cubing.js clock notation of another move: not `UR2-` beside the clock move `UR_PLUS_`. Names spelled
//! like a power of another move (`M12` beside `M1`, as generated definitions number their moves) are
//! loaded as the C++ twsearch loads them: a token that is exactly a move's name is that move, otherwise a
//! name followed by a power; such moves are printed so that every reader reads them back (`model::spelling`).

use std::collections::HashMap;

use crate::error::{Error, Location, Result};

/// Whether a move name denotes a whole-puzzle rotation: one or more upper-case letters or underscores
/// followed by a lower-case `v` (`Uv`, `FRBv`, `Z_Av`), or `x`, `y`, `z` optionally followed by `2` or `'`.
pub fn is_rotation_name(name: &str) -> bool {
    if let Some(stem) = name.strip_suffix('v') {
        return !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_uppercase() || b == b'_');
    }
    matches!(name, "x" | "y" | "z" | "x2" | "y2" | "z2" | "x'" | "y'" | "z'")
}

/// The rotation rule of cubing.js KPuzzle definitions: twsearch's rule, and also letters in either case
/// (or underscores) followed by a lower-case `v`. cubing.js names its pyraminx's whole-puzzle rotations
/// about a vertex `uv`, `rv`, `lv`, `bv`, which twsearch's rule would count as moves.
pub fn is_cubing_rotation_name(name: &str) -> bool {
    if let Some(stem) = name.strip_suffix('v') {
        return !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_');
    }
    is_rotation_name(name)
}

/// Which naming rule tells rotations from moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RotationNames {
    /// twsearch's rule ([`is_rotation_name`]), for `.tws`/`.def` definitions.
    #[default]
    Twsearch,
    /// cubing.js's rule ([`is_cubing_rotation_name`]), for KPuzzle definitions.
    Cubing,
}

impl RotationNames {
    /// Whether `name` is a rotation under this rule.
    pub fn is_rotation(self, name: &str) -> bool {
        match self {
            RotationNames::Twsearch => is_rotation_name(name),
            RotationNames::Cubing => is_cubing_rotation_name(name),
        }
    }
}

/// The signed amount twsearch uses to name the power `amount` of a move of order `order`: clockwise up to
/// and including half a turn, counter-clockwise below half a turn. Returns 0 for the identity power.
pub fn canonical_amount(amount: i64, order: u32) -> i64 {
    let order = order as i64;
    if order <= 1 {
        return 0;
    }
    let tw = amount.rem_euclid(order);
    if tw == 0 {
        0
    } else if order - tw < tw {
        tw - order
    } else {
        tw
    }
}

/// The name of `base` raised to a signed (canonical) amount: `R`, `R2`, `R'`, `R2'`.
pub fn power_name(base: &str, amount: i64) -> String {
    let mut s = String::from(base);
    if amount.abs() != 1 {
        s.push_str(&amount.abs().to_string());
    }
    if amount < 0 {
        s.push('\'');
    }
    s
}

/// The suffix that marks a cubing.js clock move: `UR_PLUS_` turned 3 times prints as `UR3+`.
pub const CLOCK_SUFFIX: &str = "_PLUS_";

/// The suffix that marks a megaminx Pochmann move (cubing.js's family for `R++`): `R_PLUSPLUS_` prints as
/// `R++`, its inverse as `R--`.
pub const POCHMANN_SUFFIX: &str = "_PLUSPLUS_";

/// Why `name` cannot be a move name, if it cannot: it must be one alg token (ASCII letters, digits, `_`,
/// `-`) with at least one letter or `_`. A `'` would read as an inverse and `+` as a clock turn.
pub fn name_syntax_problem(name: &str) -> Option<&'static str> {
    if name.contains('\'') {
        Some("a move name must not contain ' (in an alg it marks an inverse: R' is R turned back)")
    } else if !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-') {
        Some("a move name uses letters, digits, _ and - (and needs a letter or _)")
    } else if !name.bytes().any(|c| c.is_ascii_alphabetic() || c == b'_') {
        Some("a move name needs a letter or _ besides its digits and -")
    } else {
        None
    }
}

/// The ways to split `s` into a non-empty head and a non-empty all-digit tail, longest head first.
fn digit_splits(s: &str) -> impl Iterator<Item = (&str, &str)> {
    let digits = s.bytes().rev().take_while(u8::is_ascii_digit).count();
    (s.len() - digits..s.len()).rev().filter(|&i| i > 0 && i < s.len()).map(move |i| s.split_at(i))
}

/// If `name` is spelled like cubing.js clock notation of another name that `is_name` accepts, that other
/// name and the reading in words (`the clock move UR_PLUS_ turned -2 times`). A name spelled like a plain
/// power of another (`F2` beside `F`) is no such reading: the exact name wins.
pub fn power_reading(name: &str, is_name: impl Fn(&str) -> bool) -> Option<(String, String)> {
    if let Some(body) = name.strip_suffix('-') {
        for (dial, amount) in digit_splits(body) {
            let clock = format!("{dial}{CLOCK_SUFFIX}");
            if is_name(&clock) {
                return Some((clock.clone(), format!("the clock move {clock} turned -{amount} times")));
            }
        }
    }
    let dial = name.strip_suffix(CLOCK_SUFFIX).filter(|d| !d.is_empty())?;
    for (head, _) in digit_splits(dial) {
        let clock = format!("{head}{CLOCK_SUFFIX}");
        if is_name(&clock) {
            let tail = &dial[head.len()..];
            return Some((
                clock.clone(),
                format!("the clock move {clock} ({dial}1+ is also {clock} turned {tail}1 times)"),
            ));
        }
    }
    None
}

/// The name, among those `is_name` accepts, that the alg token `token` denotes or a power of which it
/// denotes: the token itself, a clock dial (`UR3+`, `UR2-` of `UR_PLUS_`), the token without its `'`, or
/// its longest head before trailing digits (`R2'` of `R`). The order `Puzzle::resolve_name` tries.
pub fn power_family(token: &str, is_name: impl Fn(&str) -> bool) -> Option<String> {
    if is_name(token) {
        return Some(token.to_string());
    }
    if let Some(body) = token.strip_suffix(['+', '-']) {
        let mut dials = digit_splits(body).map(|(dial, _)| format!("{dial}{CLOCK_SUFFIX}"));
        if let Some(clock) = dials.find(|c| is_name(c)) {
            return Some(clock);
        }
    }
    let body = token.strip_suffix('\'').unwrap_or(token);
    if is_name(body) {
        return Some(body.to_string());
    }
    digit_splits(body).map(|(head, _)| head).find(|h| is_name(h)).map(str::to_string)
}

/// Checks every move name a definition gives (base moves, sequences, aliases, each with where it is
/// defined): each is used once, is a valid alg token ([`name_syntax_problem`]) and is not spelled like
/// clock notation of another ([`power_reading`]). The error is at the offending name and names the other move.
pub fn check_move_names(names: &[(&str, &Location)]) -> Result<()> {
    let mut first_seen: HashMap<&str, &Location> = HashMap::with_capacity(names.len());
    for &(name, at) in names {
        if let Some(reason) = name_syntax_problem(name) {
            return Err(Error::input_at(at.clone(), Some(name.to_string()), reason));
        }
        if let Some(prev) = first_seen.insert(name, at) {
            let reason = format!("move {name} is defined twice (first at {})", line_only(prev));
            return Err(Error::input_at(at.clone(), Some(name.to_string()), reason));
        }
    }
    for &(name, at) in names {
        if let Some((other, reading)) = power_reading(name, |n| first_seen.contains_key(n)) {
            let reason = format!(
                "move {name} could be read as {reading} (move {other} is defined at {}): rename one of them",
                line_only(first_seen[other.as_str()])
            );
            return Err(Error::input_at(at.clone(), Some(name.to_string()), reason));
        }
    }
    Ok(())
}

/// A location as a place to point back to: the line without the column, or the JSON path.
fn line_only(at: &Location) -> Location {
    match at {
        Location::Line { line, .. } => Location::Line { line: *line, column: None },
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_rule() {
        for r in ["Uv", "FRBv", "Z_Av", "x'", "y", "z2", "BLv", "U_F_Rv"] {
            assert!(is_rotation_name(r), "{r}");
        }
        for m in ["X", "F", "xx", "T", "v", "Fv2", "fv", "2Uv", "x3"] {
            assert!(!is_rotation_name(m), "{m}");
        }
    }

    #[test]
    fn cubing_rotation_rule() {
        for r in ["Uv", "uv", "rv", "BLv", "x'", "y", "z2"] {
            assert!(is_cubing_rotation_name(r), "{r}");
            assert!(RotationNames::Cubing.is_rotation(r), "{r}");
        }
        for m in ["u", "2u", "BL", "v", "Fv2", "2Uv", "x3", "U2v"] {
            assert!(!is_cubing_rotation_name(m), "{m}");
        }
        assert!(!RotationNames::Twsearch.is_rotation("uv"));
    }

    fn check(names: &[&str]) -> Result<()> {
        let at: Vec<Location> = (1..=names.len()).map(|line| Location::Line { line, column: None }).collect();
        let list: Vec<(&str, &Location)> = names.iter().copied().zip(&at).collect();
        check_move_names(&list)
    }

    #[test]
    fn names_spelled_like_clock_powers_of_others_are_refused() {
        for ok in [
            &["R", "U", "F2x", "2R", "Rw", "R-", "x", "x2y"][..],
            &["F", "F2"],
            &["A12", "A1"],
            &["A", "A1"],
            &["x", "x2"],
            &["R-", "R-2"],
            &["R2", "L2", "U"],
            &["UR_PLUS_", "UR", "DR_PLUS_"],
            &["A1_PLUS_", "B_PLUS_"],
        ] {
            assert_eq!(check(ok), Ok(()), "{ok:?}");
        }
        let refused = |names: &[&str], token: &str, reason: &str| {
            let e = check(names).unwrap_err();
            assert_eq!(e.token.as_deref(), Some(token), "{names:?}: {e}");
            assert!(e.reason.contains(reason), "{names:?}: {e}");
        };
        refused(&["UR_PLUS_", "UR2-"], "UR2-", "the clock move UR_PLUS_ turned -2 times");
        refused(&["A1_PLUS_", "A_PLUS_"], "A1_PLUS_", "the clock move A_PLUS_ (A11+ is also A_PLUS_ turned 11 times)");
        refused(&["R", "R'"], "R'", "must not contain '");
        refused(&["R", "R(2)"], "R(2)", "letters, digits, _ and -");
        refused(&["R", "12"], "12", "needs a letter or _");
        refused(&["R", "U", "R"], "R", "move R is defined twice (first at line 1)");
    }

    #[test]
    fn power_family_follows_the_resolution_order() {
        let names = ["R", "B12", "UR_PLUS_", "X-"];
        let family = |t: &str| power_family(t, |n| names.contains(&n));
        for (token, want) in [
            ("R", Some("R")),
            ("R2'", Some("R")),
            ("R'", Some("R")),
            ("R12", Some("R")),
            ("B123", Some("B12")),
            ("B1", None),
            ("UR3+", Some("UR_PLUS_")),
            ("UR11-", Some("UR_PLUS_")),
            ("X-", Some("X-")),
            ("X-2", Some("X-")),
            ("Q", None),
        ] {
            assert_eq!(family(token).as_deref(), want, "{token}");
        }
    }

    #[test]
    fn the_place_pointed_back_to_is_the_line() {
        let (a, b) = (Location::Line { line: 3, column: Some(6) }, Location::Line { line: 9, column: Some(6) });
        let e = check_move_names(&[("UR_PLUS_", &a), ("UR2-", &b)]).unwrap_err();
        assert_eq!(e.location, b);
        assert!(e.reason.contains("(move UR_PLUS_ is defined at line 3)"), "{e}");
    }

    #[test]
    fn power_naming_matches_twsearch() {
        let names = |order: u32| -> Vec<String> {
            (1..order as i64).map(|k| power_name("U", canonical_amount(k, order))).collect()
        };
        assert_eq!(names(4), ["U", "U2", "U'"]);
        assert_eq!(names(5), ["U", "U2", "U2'", "U'"]);
        assert_eq!(names(2), ["U"]);
        assert_eq!(names(6), ["U", "U2", "U3", "U2'", "U'"]);
        assert_eq!(canonical_amount(-2, 4), 2);
        assert_eq!(canonical_amount(8, 4), 0);
    }
}
