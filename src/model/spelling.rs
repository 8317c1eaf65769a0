//! How a move is printed so that every reader of the alg reads it back as the same move, when move
//! names end in digits (`M1` … `M12`: `M12` is also a spelling of `M1` turned twice).
//!
//! Three readers matter:
//! - twistsearch ([`Puzzle::resolve_name`]): a token that is exactly a move's name is that move;
//!   otherwise a name followed by a power (`M1` turned twice is written `M1 M1` then, not `M12`).
//! - the C++ twsearch: a token is the first move, in definition order (each base move followed by its
//!   powers, rotations after the moves), whose name or generated power name (`M12` for `M1` turned
//!   twice, `M1'`) it is. With `M1` defined before `M12`, it reads `M12` as `M1` turned twice, and the
//!   move `M12` only as one of its other powers (`M12'`, `M122`). It reads no brackets.
//! - cubing.js: a move family is letters and `_` only (after an optional layer prefix such as `2` or
//!   `3-4`); trailing digits are the amount. It applies `M12` as the KPuzzle move `M` turned 12 times
//!   when `M` is a move, else as the KPuzzle move named `M12`, and `M12'` as nothing (its lookup of the
//!   inverse never matches); it cannot read a move named `M1` at all (`M1` is `M` turned once, printed
//!   `M`), nor `M122`. It reads `(M12)2`, which twsearch does not.
//!
//! A move is printed as one power token when no reader reads that token as another move, else as the
//! fewest repetitions of one power token that no reader misreads (`M1 M1`, `M12' M12' M12'`): every
//! reader that can read the printed alg at all reads the same moves. A definition with a move that has
//! no such spelling is refused, naming the move another reader takes its spellings for.

use std::collections::HashMap;

use crate::alg::Alg;
use crate::error::{Error, Location, Result};
use crate::model::move_names::{canonical_amount, power_name};
use crate::model::move_ref::MoveRef;
use crate::model::puzzle::Puzzle;

/// Which readers a spelling must satisfy, best first: all three; twistsearch and twsearch; twistsearch
/// and cubing.js (a reader left out may misread it: no spelling of the move is right for it).
const TIERS: [Readers; 3] = [
    Readers { twsearch: true, cubing: true },
    Readers { twsearch: true, cubing: false },
    Readers { twsearch: false, cubing: true },
];

/// Which readers besides twistsearch (which must always read a spelling right) are asked.
#[derive(Clone, Copy)]
struct Readers {
    twsearch: bool,
    cubing: bool,
}

/// The printed spellings that differ from the single power token `Puzzle::move_name` would print: empty
/// for a puzzle whose move names no reader can take for another move's powers (every puzzle whose names
/// carry no trailing digits).
pub(super) fn spellings(puzzle: &Puzzle) -> Result<HashMap<MoveRef, String>> {
    let twsearch = TwsearchNames::new(puzzle);
    let mut out = HashMap::new();
    for (base, b) in puzzle.base_moves.iter().enumerate() {
        for k in 1..b.order.max(1) as i64 {
            let m = MoveRef { base, amount: canonical_amount(k, b.order) };
            let token = puzzle.default_move_name(m);
            if misreader(puzzle, &twsearch, TIERS[0], &token, m).is_none() {
                continue;
            }
            let Some(spelling) = TIERS.iter().find_map(|&r| repeated_spelling(puzzle, &twsearch, r, m)) else {
                let (reader, other) = misreader(puzzle, &twsearch, TIERS[0], &token, m).expect("a misread token");
                let reason = format!(
                    "move {} turned {} times has no spelling that twistsearch and another reader (twsearch or \
                     cubing.js) both read back: {reader} reads {token} as {other} (rename one of them)",
                    b.name, m.amount
                );
                return Err(Error {
                    kind: crate::error::ErrorKind::Input,
                    location: crate::error::Location::Nowhere,
                    token: Some(b.name.clone()),
                    reason,
                });
            };
            if spelling != token {
                out.insert(m, spelling);
            }
        }
    }
    Ok(out)
}

/// The shortest run of one power token of `m`'s base that the `readers` read as `m`: `count` copies
/// of the token for `j` turns, `count * j` congruent to `m`'s amount.
fn repeated_spelling(puzzle: &Puzzle, twsearch: &TwsearchNames, readers: Readers, m: MoveRef) -> Option<String> {
    let order = puzzle.base_moves[m.base].order.max(1) as i64;
    let want = m.amount.rem_euclid(order);
    let mut best: Option<(i64, String)> = None;
    // The move's own power first, so a tie keeps the single token.
    let mut steps: Vec<i64> = vec![want];
    steps.extend((1..order).filter(|&j| j != want));
    for j in steps {
        let step = MoveRef { base: m.base, amount: canonical_amount(j, order as u32) };
        let token = puzzle.default_move_name(step);
        if misreader(puzzle, twsearch, readers, &token, step).is_some() {
            continue;
        }
        let Some(count) = (1..order).find(|c| (c * j) % order == want) else { continue };
        if best.as_ref().is_none_or(|(c, _)| count < *c) {
            best = Some((count, vec![token; count as usize].join(" ")));
        }
    }
    best.map(|(_, s)| s)
}

/// The first of the `readers` that reads `token` as a move other than `m`, and that move in words.
fn misreader(
    puzzle: &Puzzle,
    twsearch: &TwsearchNames,
    readers: Readers,
    token: &str,
    m: MoveRef,
) -> Option<(&'static str, String)> {
    let describe = |r: MoveRef| describe(puzzle, r);
    match puzzle.resolve_name(token) {
        Some(r) if r == m => {}
        Some(r) => return Some(("twistsearch", describe(r))),
        None => return Some(("twistsearch", "no move".to_string())),
    }
    if let Some(r) = twsearch.read(token).filter(|&r| readers.twsearch && r != m) {
        return Some(("twsearch", describe(r)));
    }
    if let Some(r) = cubing_reading(puzzle, token).filter(|&r| readers.cubing && r != m) {
        return Some(("cubing.js", describe(r)));
    }
    None
}

/// A move in words: `the move M12`, `M1 turned 2 times`.
fn describe(puzzle: &Puzzle, r: MoveRef) -> String {
    let b = &puzzle.base_moves[r.base];
    if r.amount == 1 {
        format!("the move {}", b.name)
    } else {
        format!("{} turned {} times", b.name, r.amount)
    }
}

/// Refuses a move sequence or alias (`name`, its alg, where it is defined) with a token that the
/// definition format's own reader (cubing.js for KPuzzle definitions, else the C++ twsearch) reads as
/// another move than twistsearch does (`U5` beside the moves `U` and `U5`: cubing.js turns `U` five
/// times): the definition would describe another puzzle there. The error names both moves.
pub(super) fn check_sequence_tokens(puzzle: &Puzzle, cubing: bool, uses: &[(&str, &str, &Location)]) -> Result<()> {
    let twsearch = TwsearchNames::new(puzzle);
    for &(name, alg, at) in uses {
        let Ok(alg) = Alg::parse(alg) else { continue };
        let mut found = None;
        alg.for_each_move(&mut |token, _| {
            if found.is_some() {
                return;
            }
            let Some(ours) = puzzle.resolve_name(token) else { return };
            let (reader, theirs) =
                if cubing { ("cubing.js", cubing_reading(puzzle, token)) } else { ("twsearch", twsearch.read(token)) };
            if let Some(theirs) = theirs.filter(|&t| t != ours) {
                let reason = format!(
                    "in {name}, {token} is {} (a move's exact name first) but {reader} reads it as {}: rename one of them",
                    describe(puzzle, ours),
                    describe(puzzle, theirs)
                );
                found = Some((token.to_string(), reason));
            }
        });
        if let Some((token, reason)) = found {
            return Err(Error::input_at(at.clone(), Some(token), reason));
        }
    }
    Ok(())
}

/// The C++ twsearch's reading of a token: the first move, in its order, with that name.
struct TwsearchNames {
    first: HashMap<String, MoveRef>,
}

impl TwsearchNames {
    fn new(puzzle: &Puzzle) -> Self {
        let mut first = HashMap::new();
        // Moves first, rotations after (twsearch keeps them in separate lists and searches moves first).
        for rotations in [false, true] {
            for (base, b) in puzzle.base_moves.iter().enumerate() {
                if b.rotation != rotations || b.notation {
                    continue;
                }
                for k in 1..b.order.max(1) as i64 {
                    let amount = canonical_amount(k, b.order);
                    first.entry(power_name(&b.name, amount)).or_insert(MoveRef { base, amount });
                }
            }
        }
        TwsearchNames { first }
    }

    fn read(&self, token: &str) -> Option<MoveRef> {
        self.first.get(token).copied()
    }
}

/// cubing.js's reading of a token as one move of the puzzle's KPuzzle (its moves are the base moves),
/// or `None` when cubing.js cannot read it as a move of this puzzle.
fn cubing_reading(puzzle: &Puzzle, token: &str) -> Option<MoveRef> {
    let bytes = token.as_bytes();
    let mut i = 0;
    // An optional layer prefix: `N` or `N-N`.
    let digits = |from: usize| from + bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let after = digits(0);
    if after > 0 {
        i = after;
        if bytes.get(i) == Some(&b'-') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i = digits(i + 1);
        }
    }
    let family_start = i;
    while i < bytes.len() && (bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') {
        i += 1;
    }
    if i == family_start {
        return None;
    }
    let quantum = &token[..i];
    let amount_end = digits(i);
    let amount_text = &token[i..amount_end];
    if amount_text.len() > 1 && amount_text.starts_with('0') {
        return None;
    }
    let mut amount: i64 = if amount_text.is_empty() { 1 } else { amount_text.parse().ok()? };
    let mut rest = &token[amount_end..];
    if let Some(r) = rest.strip_prefix('\'') {
        amount = -amount;
        rest = r;
    }
    // Clock (`+`, `-`) and Pochmann (`++`, `--`) suffixes name other families.
    let (family, amount) = match rest {
        "" => (quantum.to_string(), amount),
        "+" if !amount_text.is_empty() => (format!("{quantum}_PLUS_"), amount),
        "-" if !amount_text.is_empty() => (format!("{quantum}_PLUS_"), -amount),
        "++" if amount_text.is_empty() => (format!("{quantum}_PLUSPLUS_"), amount),
        "--" if amount_text.is_empty() => (format!("{quantum}_PLUSPLUS_"), -amount),
        _ => return None,
    };
    let base_named = |name: &str| puzzle.base_moves.iter().position(|b| b.name == name);
    if let Some(base) = base_named(&family) {
        return Some(puzzle.move_ref(base, amount));
    }
    if !rest.is_empty() {
        return None;
    }
    // Then the move as cubing.js prints it, as a KPuzzle move name (cubing.js 0.63.4 also means to try
    // its inverse, but passes the method `invert` rather than the inverted move, so that never matches).
    base_named(&format!("{quantum}{}", crate::alg::amount_suffix(amount))).map(|base| puzzle.move_ref(base, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves `names` on a set of 14 pieces, each a 4-cycle (orders 4), in the given order.
    fn puzzle(names: &[&str]) -> Result<Puzzle> {
        let mut def = String::from("Name T\nSet P 14 1\nSolved\nP\n1 2 3 4 5 6 7 8 9 10 11 12 13 14\nEnd\n");
        for (i, name) in names.iter().enumerate() {
            let mut p: Vec<usize> = (1..=14).collect();
            let cycle = [i % 12 + 1, (i + 1) % 12 + 1, 13, 14];
            for w in 0..4 {
                p[cycle[(w + 1) % 4] - 1] = cycle[w];
            }
            let p: Vec<String> = p.iter().map(|x| x.to_string()).collect();
            def.push_str(&format!("Move {name}\nP\n{}\nEnd\n", p.join(" ")));
        }
        crate::load_puzzle(&def)
    }

    #[test]
    fn names_with_digits_print_so_that_every_reader_reads_them_back() {
        let p = puzzle(&["M1", "M2", "M12"]).unwrap();
        let m = |base: usize, amount: i64| p.move_name(MoveRef { base, amount });
        // `M12` is the move M12 for twistsearch and cubing.js, M1 turned twice for twsearch.
        assert_eq!(m(0, 2), "M1 M1");
        assert_eq!(m(0, 1), "M1");
        assert_eq!(m(0, -1), "M1'");
        assert_eq!(m(1, 2), "M22");
        // twsearch reads `M12` as M1 twice: the move M12 is three of its inverse.
        assert_eq!(m(2, 1), "M12' M12' M12'");
        assert_eq!(m(2, -1), "M12'");
        // Defined first, M12 keeps its name; M1 turned twice is still written out.
        let p = puzzle(&["M12", "M1"]).unwrap();
        assert_eq!(p.move_name(MoveRef { base: 0, amount: 1 }), "M12");
        assert_eq!(p.move_name(MoveRef { base: 1, amount: 2 }), "M1 M1");
    }

    #[test]
    fn cubing_reads_families_of_letters() {
        let p = puzzle(&["M", "M12", "R2x"]).unwrap();
        let read = |t: &str| cubing_reading(&p, t);
        assert_eq!(read("M12"), Some(MoveRef { base: 0, amount: 0 }));
        assert_eq!(read("M2'"), Some(MoveRef { base: 0, amount: 2 }));
        assert_eq!(read("R2x"), None);
        assert_eq!(read("M01"), None);
        let p = puzzle(&["M12", "M3"]).unwrap();
        let read = |t: &str| cubing_reading(&p, t);
        assert_eq!(read("M12"), Some(MoveRef { base: 0, amount: 1 }));
        assert_eq!(read("M12'"), None);
        assert_eq!(read("M122"), None);
        assert_eq!(read("M1"), None);
    }
}
