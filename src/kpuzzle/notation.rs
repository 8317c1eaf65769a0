//! The notation cubing.js users read and type for a cubing.js puzzle, where its KPuzzle definition lacks
//! the moves: the pyraminx's `U`, `L`, `R`, `B` (two layers: `u 2u`), the cubes' wide turns (`Uw`). They
//! are the moves the event scramblers print (the registry's notation moves, checked against cubing.js by
//! the event tests), added to a definition of that name when it loads ([`BaseMove::notation`]: accepted in
//! algs and move lists, not among the default moves, not written out).
//!
//! [`BaseMove::notation`]: crate::model::puzzle::BaseMove::notation

/// The 4x4x4's wide turns (no 4x4x4 event scrambler lists them yet).
const WIDE_444: &[(&str, &str)] =
    &[("Uw", "U 2U"), ("Dw", "D 2D"), ("Fw", "F 2F"), ("Bw", "B 2B"), ("Rw", "R 2R"), ("Lw", "L 2L")];

/// The megaminx's Pochmann moves (its random-move scrambles' `R++`, `D--`): everything but the left face
/// (the top face) turned two fifths about the R (D) axis, as cubing.js maps them (checked against
/// cubing.js: `R++` is `Lv2' L2`).
const POCHMANN: &[(&str, &str)] = &[("R_PLUSPLUS_", "Lv2' L2"), ("D_PLUSPLUS_", "Uv2' U2")];

/// Wide turns of the 3x3x3 (cubing.js's `Rw` = `R M'`).
pub(crate) const WIDE_333: &[(&str, &str)] = &[("Fw", "F S"), ("Rw", "R M'"), ("Uw", "U E'")];
/// Wide turns of the 5x5x5.
pub(crate) const WIDE_555: &[(&str, &str)] =
    &[("Uw", "U 2U"), ("Dw", "D 2D"), ("Fw", "F 2F"), ("Bw", "B 2B"), ("Rw", "R 2R"), ("Lw", "L 2L")];
/// Wide turns of the 6x6x6 and 7x7x7 (two and three layers).
pub(crate) const WIDE_666: &[(&str, &str)] = &[
    ("Uw", "U 2U"),
    ("Dw", "D 2D"),
    ("Fw", "F 2F"),
    ("Bw", "B 2B"),
    ("Rw", "R 2R"),
    ("Lw", "L 2L"),
    ("3Uw", "U 2U 3U"),
    ("3Dw", "D 2D 3D"),
    ("3Fw", "F 2F 3F"),
    ("3Bw", "B 2B 3B"),
    ("3Rw", "R 2R 3R"),
    ("3Lw", "L 2L 3L"),
];
/// The pyraminx's big corners: a tip and the layer below it.
pub(crate) const PYRAMINX_BIG: &[(&str, &str)] = &[("U", "u 2u"), ("L", "l 2l"), ("R", "r 2r"), ("B", "b 2b")];
/// The master tetraminx's wide vertex turns as cubing.js reads them: `u` is `U 2U` (its `U` turns the
/// vertex's corner and three wings, `2U` the layer below).
pub(crate) const MASTER_TETRAMINX_WIDE: &[(&str, &str)] = &[("u", "U 2U"), ("l", "L 2L"), ("r", "R 2R"), ("b", "B 2B")];

/// The notation moves for a cubing.js puzzle ID (`pyraminx`, `4x4x4`), as `(name, alg)` pairs. The
/// event registry prints its scrambles with these lists (its events name them), so what the scramblers
/// write is what a definition of that name reads.
pub fn notation_moves(puzzle: &str) -> Vec<(&'static str, &'static str)> {
    let list: &[(&str, &str)] = match puzzle {
        "3x3x3" => WIDE_333,
        "4x4x4" => WIDE_444,
        "5x5x5" => WIDE_555,
        "6x6x6" | "7x7x7" => WIDE_666,
        "pyraminx" => PYRAMINX_BIG,
        "master_tetraminx" => MASTER_TETRAMINX_WIDE,
        "megaminx" => POCHMANN,
        _ => &[],
    };
    list.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pyraminx_and_cubes_have_their_notation() {
        let names = |p: &str| notation_moves(p).iter().map(|m| m.0).collect::<Vec<_>>();
        assert_eq!(names("pyraminx"), ["U", "L", "R", "B"]);
        assert!(names("4x4x4").contains(&"Uw"));
        assert!(names("3x3x3").contains(&"Rw"));
        assert!(names("skewb").is_empty());
        assert_eq!(names("megaminx"), ["R_PLUSPLUS_", "D_PLUSPLUS_"]);
    }

    #[test]
    fn megaminx_pochmann_moves_read_and_print() {
        let p = crate::load_puzzle(crate::events::embedded_definition("megaminx").unwrap()).unwrap();
        let alg = parse_alg(&p, "R++ D-- R-- D++ U").unwrap();
        let moves = alg.expand(&p).unwrap();
        assert_eq!(format_moves(&p, &moves), "R++ D-- R-- D++ U");
        let same = parse_alg(&p, "Lv2' L2 Uv2 U2' Lv2 L2' Uv2' U2 U").unwrap();
        assert_eq!(p.position(&alg).unwrap(), p.position(&same).unwrap());
    }
}

/// cubing.js's Square-1 move names: the top and bottom layer turns (in twelfths) and the slash.
const SQ1: [&str; 3] = ["U_SQ_", "D_SQ_", "_SLASH_"];

/// Moves as an alg in the puzzle's notation: their names separated by spaces, except on cubing.js's
/// Square-1, whose layer turns between slashes are written as cubing.js writes them: `(1, 0) / (-3, 3) /`
/// (each layer's twelfths in -5..=6).
pub fn format_moves(puzzle: &crate::Puzzle, moves: &[crate::MoveRef]) -> String {
    let bases: Vec<Option<usize>> = SQ1.iter().map(|n| puzzle.base_moves().iter().position(|b| b.name == *n)).collect();
    let (Some(u), Some(d), Some(slash)) = (bases[0], bases[1], bases[2]) else {
        return moves.iter().map(|&m| puzzle.move_name(m)).collect::<Vec<_>>().join(" ");
    };
    let mut out: Vec<String> = Vec::new();
    let mut turn: Option<(i64, i64)> = None;
    let twelfths = |a: i64| {
        let a = a.rem_euclid(12);
        if a > 6 {
            a - 12
        } else {
            a
        }
    };
    let flush = |turn: &mut Option<(i64, i64)>, out: &mut Vec<String>| {
        if let Some((a, b)) = turn.take() {
            let (a, b) = (twelfths(a), twelfths(b));
            if (a, b) != (0, 0) {
                out.push(format!("({a}, {b})"));
            }
        }
    };
    for &m in moves {
        if m.base == u || m.base == d {
            let t = turn.get_or_insert((0, 0));
            if m.base == u {
                t.0 += m.amount;
            } else {
                t.1 += m.amount;
            }
        } else {
            flush(&mut turn, &mut out);
            out.push(if m.base == slash { "/".to_string() } else { puzzle.move_name(m) });
        }
    }
    flush(&mut turn, &mut out);
    out.join(" ")
}

/// Parses an alg over a puzzle's moves, checking every name, in the puzzle's notation: on cubing.js's
/// Square-1 also cubing.js's `(1, 0) / (-3, 3) /` (a `(top, bottom)` pair turns the layers, `/` is the
/// slash; `//` still starts a comment).
pub fn parse_alg(puzzle: &crate::Puzzle, text: &str) -> crate::Result<crate::Alg> {
    let is_sq1 = SQ1.iter().all(|n| puzzle.base_moves().iter().any(|b| b.name == *n));
    let alg = if is_sq1 { crate::Alg::parse(&square1_names(text))? } else { crate::Alg::parse(text)? };
    alg.check_names(puzzle)?;
    Ok(alg)
}

/// cubing.js's Square-1 pairs and slashes as the KPuzzle's move names; anything else as it is.
fn square1_names(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    let amount = |name: &str, a: i64| match a {
        0 => String::new(),
        a if a < 0 => format!(" {name}{}' ", if a == -1 { String::new() } else { (-a).to_string() }),
        a => format!(" {name}{} ", if a == 1 { String::new() } else { a.to_string() }),
    };
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                // A comment: to the end of the line, as it is.
                while i < chars.len() && chars[i] != '\n' {
                    out.push(chars[i]);
                    i += 1;
                }
            }
            '/' => {
                out.push_str(" _SLASH_ ");
                i += 1;
            }
            '(' => match pair(&chars[i + 1..]) {
                Some((a, b, used)) => {
                    out.push_str(&amount("U_SQ_", a));
                    out.push_str(&amount("D_SQ_", b));
                    i += 1 + used;
                }
                None => {
                    out.push('(');
                    i += 1;
                }
            },
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// `a, b)` at the start of `chars` (spaces allowed): the two integers and the characters read.
fn pair(chars: &[char]) -> Option<(i64, i64, usize)> {
    let mut i = 0;
    let number = |i: &mut usize| -> Option<i64> {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
        let start = *i;
        if chars.get(*i) == Some(&'-') {
            *i += 1;
        }
        while chars.get(*i).is_some_and(char::is_ascii_digit) {
            *i += 1;
        }
        let s: String = chars[start..*i].iter().collect();
        let n = s.parse().ok()?;
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
        Some(n)
    };
    let a = number(&mut i)?;
    if chars.get(i) != Some(&',') {
        return None;
    }
    i += 1;
    let b = number(&mut i)?;
    if chars.get(i) != Some(&')') {
        return None;
    }
    if a.abs() > 12 || b.abs() > 12 {
        return None;
    }
    Some((a, b, i + 1))
}

#[cfg(test)]
mod square1_tests {
    use super::*;

    #[test]
    fn square1_pairs_and_slashes_read_and_print_as_cubing_js_writes_them() {
        let text = crate::events::embedded_definition("square1").expect("embedded");
        let p = crate::load_puzzle(text).unwrap();
        let alg = parse_alg(&p, "(1, 0) / (-3, 3) / (0,-1) // a comment / (2, 2)").unwrap();
        let moves = alg.expand(&p).unwrap();
        assert_eq!(format_moves(&p, &moves), "(1, 0) / (-3, 3) / (0, -1)");
        let named = parse_alg(&p, "U_SQ_ _SLASH_ U_SQ_3' D_SQ_3 _SLASH_ D_SQ_'").unwrap();
        assert_eq!(p.position(&named).unwrap(), p.position(&alg).unwrap());
        // Elsewhere `/` is no move.
        let cube = crate::load_puzzle(crate::events::embedded_definition("3x3x3").unwrap()).unwrap();
        assert!(parse_alg(&cube, "R / U").is_err());
    }
}
