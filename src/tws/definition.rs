//! Parsing a ksolve / twsearch puzzle definition into a [`Puzzle`].

use super::block::{read_block, BlockKind};
use super::lines::{block_body, number, Line, Lines};
use crate::error::{Error, Location, Result};
use crate::model::builder::PuzzleBuilder;
use crate::model::ksolve_plus::{Block, IgnoreMask};
use crate::model::layout::{Layout, MAX_ORIENTATIONS, MAX_PIECES};
use crate::model::puzzle::{Illegal, Puzzle};

/// Parses definition text (the `.tws` / ksolve `.def` format) into a puzzle.
///
/// Errors name the line, the token and the reason; nothing panics on malformed input.
pub fn parse_definition(text: &str) -> Result<Puzzle> {
    crate::text::check_characters(text)?;
    let mut lines = Lines::new(text.strip_prefix('\u{feff}').unwrap_or(text));
    let mut name: Option<String> = None;
    let mut sets: Vec<(String, usize, u8)> = Vec::new();
    let mut builder: Option<PuzzleBuilder> = None;
    let mut seen_anything = false;

    while let Some(line) = lines.next() {
        let head = line.head();
        match head {
            "Name" => {
                if seen_anything {
                    return Err(line.error("Name must be the first command of a definition"));
                }
                if line.tokens.len() < 2 {
                    return Err(line.error("Name needs a puzzle name"));
                }
                name = Some(line.tokens[1..].iter().map(|t| t.text).collect::<Vec<_>>().join(" "));
            }
            "Set" => {
                if builder.is_some() {
                    return Err(line.error("Set must come before Solved / StartState"));
                }
                let set = read_set(&line, &sets)?;
                sets.push(set);
            }
            "Solved" | "StartState" => {
                if builder.is_some() {
                    return Err(line.error("the puzzle already has a Solved / StartState block"));
                }
                line.expect_tokens(1, head)?;
                if sets.is_empty() {
                    return Err(line.error(format!("{head} before any Set")));
                }
                let layout = Layout::new(sets.iter().map(|(n, c, o)| (n.as_str(), *c, *o)));
                let identity = layout.identity();
                let kind = BlockKind::State { zero_based: head == "StartState" };
                let solved = read_block(&mut lines, &line, &layout, kind, &identity)?.bytes;
                builder = Some(PuzzleBuilder::new(name.clone().unwrap_or_else(|| "Unnamed".into()), layout, solved));
            }
            _ => {
                let Some(b) = builder.as_mut() else {
                    return Err(match head {
                        "Move" | "MoveTransformation" | "Symmetry" | "MoveSequence" | "MoveAlias" | "Illegal"
                        | "Ignore" | "Block" | "ForbiddenPairs" | "ForbiddenGroups" | "MoveLimits"
                        | "Multiplicators" | "ParallelMoves" | "SwizzleSet" => {
                            line.error(format!("{head} must come after the Solved / StartState block"))
                        }
                        _ => unknown_command(&line),
                    });
                };
                command(&mut lines, &line, b)?;
            }
        }
        seen_anything = true;
    }
    let Some(builder) = builder else {
        return Err(Error::at_line(
            lines.last_number().max(1),
            if sets.is_empty() {
                "the definition has no Set (is this a puzzle definition?)"
            } else {
                "the definition has no Solved / StartState block"
            },
        ));
    };
    builder.build()
}

/// A `Set NAME PIECES ORIENTATIONS` line: a new set's name, piece count and orientation count.
fn read_set(line: &Line<'_>, sets: &[(String, usize, u8)]) -> Result<(String, usize, u8)> {
    line.expect_tokens(4, "Set NAME PIECES ORIENTATIONS")?;
    let set_name = line.tokens[1].text;
    if sets.iter().any(|s| s.0 == set_name) {
        return Err(line.token_error(&line.tokens[1], format!("set {set_name} is defined twice")));
    }
    if set_name.starts_with(|c: char| c.is_ascii_digit() || c == '?') || set_name == "End" {
        return Err(line.token_error(&line.tokens[1], "a set name must not start with a digit or ? nor be End"));
    }
    let count = number(line, &line.tokens[2], "the piece count", u64::MAX)?;
    if !(1..=MAX_PIECES as u64).contains(&count) {
        return Err(line.token_error(&line.tokens[2], format!("the piece count must be 1..{MAX_PIECES}")));
    }
    let oris = number(line, &line.tokens[3], "the orientation count", u64::MAX)?;
    if !(1..=MAX_ORIENTATIONS as u64).contains(&oris) {
        return Err(line.token_error(&line.tokens[3], format!("the orientation count must be 1..{MAX_ORIENTATIONS}")));
    }
    Ok((set_name.to_string(), count as usize, oris as u8))
}

fn unknown_command(line: &Line<'_>) -> Error {
    line.token_error(&line.tokens[0], format!("unknown command {}", line.head()))
}

/// A command after the solved state.
fn command(lines: &mut Lines<'_>, line: &Line<'_>, b: &mut PuzzleBuilder) -> Result<()> {
    // Where the move name is: the builder checks names for both formats (`move_names::check_move_names`).
    let name_at = || Location::Line { line: line.number, column: line.tokens.get(1).map(|t| t.column) };
    match line.head() {
        "Move" | "MoveTransformation" => {
            line.expect_tokens(2, &format!("{} NAME", line.head()))?;
            let name = line.tokens[1].text;
            let kind = BlockKind::Move { zero_based: line.head() == "MoveTransformation" };
            let identity = b.layout().identity();
            let t = read_block(lines, line, b.layout(), kind, &identity)?.bytes;
            b.add_move(name, t, name_at());
        }
        "Symmetry" => {
            // twistsearch's extension: a symmetry that is not a move (a mirror), in a `Move` block's form.
            line.expect_tokens(2, "Symmetry NAME")?;
            let name = line.tokens[1].text;
            let identity = b.layout().identity();
            let t = read_block(lines, line, b.layout(), BlockKind::Move { zero_based: false }, &identity)?.bytes;
            b.add_symmetry(name, t, name_at());
        }
        "MoveSequence" => {
            if line.tokens.len() < 3 {
                return Err(line.error("expected `MoveSequence NAME MOVES...`"));
            }
            let seq = line.tokens[2..].iter().map(|t| t.text).collect::<Vec<_>>().join(" ");
            b.add_sequence(line.tokens[1].text, seq, name_at());
        }
        "MoveAlias" => {
            line.expect_tokens(3, "MoveAlias NEW EXISTING")?;
            b.add_alias(line.tokens[1].text, line.tokens[2].text, name_at());
        }
        "Illegal" => {
            if line.tokens.len() < 4 {
                return Err(line.error("expected `Illegal SET POSITION PIECE...`"));
            }
            let Some(orbit) = b.layout().orbit_index(line.tokens[1].text) else {
                return Err(line.token_error(&line.tokens[1], "unknown set"));
            };
            let n = b.layout().orbits()[orbit].size as u64;
            let slot = number(line, &line.tokens[2], "the position", u64::MAX)?;
            if !(1..=n).contains(&slot) {
                return Err(line.token_error(&line.tokens[2], format!("position out of range 1..{n}")));
            }
            for tok in &line.tokens[3..] {
                let piece = number(line, tok, "the piece", u64::MAX)?;
                if !(1..=n).contains(&piece) {
                    return Err(line.token_error(tok, format!("piece out of range 1..{n}")));
                }
                b.add_illegal(Illegal { orbit, slot: slot as usize - 1, piece: (piece - 1) as u8 });
            }
        }
        "SwizzleSet" => {
            if line.tokens.len() < 3 {
                return Err(line.error("expected `SwizzleSet NAME NAME...`"));
            }
            b.add_swizzle_set(line.tokens[1..].iter().map(|t| t.text.to_string()).collect());
        }
        "Ignore" => read_ignore(lines, line, b)?,
        "Block" => read_bandage(lines, line, b)?,
        "ForbiddenPairs" | "ForbiddenGroups" | "MoveLimits" => read_move_lists(lines, line, b)?,
        "Multiplicators" | "ParallelMoves" => {
            line.expect_tokens(1, line.head())?;
            block_body(lines, line)?;
            b.extras_mut().deprecated.push((line.head().to_string(), line.number));
        }
        _ => return Err(unknown_command(line)),
    }
    Ok(())
}

/// The orbit a set-name line of an `Ignore` / `Block` body names.
fn set_line(line: &Line<'_>, b: &PuzzleBuilder) -> Result<usize> {
    line.expect_tokens(1, "SETNAME")?;
    b.layout().orbit_index(line.head()).ok_or_else(|| line.token_error(&line.tokens[0], "unknown set"))
}

/// `Ignore`: per set, a line of 0/1 permutation flags and an optional line of 0/1 orientation flags.
fn read_ignore(lines: &mut Lines<'_>, header: &Line<'_>, b: &mut PuzzleBuilder) -> Result<()> {
    header.expect_tokens(1, "Ignore")?;
    let body = block_body(lines, header)?;
    let mut masks: Vec<IgnoreMask> = Vec::new();
    for line in &body {
        let head = line.head();
        if !head.starts_with(|c: char| c.is_ascii_digit()) {
            masks.push(IgnoreMask { orbit: set_line(line, b)?, permutation: Vec::new(), orientation: Vec::new() });
            continue;
        }
        let Some(mask) = masks.last_mut() else {
            return Err(line.error("a flag line must follow a set name"));
        };
        let n = b.layout().orbits()[mask.orbit].size;
        if line.tokens.len() != n {
            return Err(line.error(format!("expected {n} flags (0 or 1), found {}", line.tokens.len())));
        }
        let mut flags = Vec::with_capacity(n);
        for t in &line.tokens {
            match t.text {
                "0" => flags.push(false),
                "1" => flags.push(true),
                _ => return Err(line.token_error(t, "an Ignore flag must be 0 or 1")),
            }
        }
        if mask.permutation.is_empty() {
            mask.permutation = flags;
        } else if mask.orientation.is_empty() {
            mask.orientation = flags;
        } else {
            return Err(line.error("a set in Ignore has at most two flag lines"));
        }
    }
    for m in &mut masks {
        let n = b.layout().orbits()[m.orbit].size;
        m.permutation.resize(n, false);
        m.orientation.resize(n, false);
    }
    b.extras_mut().ignore.extend(masks);
    Ok(())
}

/// `Block`: set names each followed by a line of 1-based pieces bandaged together.
fn read_bandage(lines: &mut Lines<'_>, header: &Line<'_>, b: &mut PuzzleBuilder) -> Result<()> {
    header.expect_tokens(1, "Block")?;
    let body = block_body(lines, header)?;
    let mut parts: Vec<(usize, Vec<usize>)> = Vec::new();
    for line in &body {
        let head = line.head();
        if !head.starts_with(|c: char| c.is_ascii_digit()) {
            parts.push((set_line(line, b)?, Vec::new()));
            continue;
        }
        let Some((orbit, pieces)) = parts.last_mut() else {
            return Err(line.error("a piece line must follow a set name"));
        };
        let n = b.layout().orbits()[*orbit].size as u64;
        for t in &line.tokens {
            let p = number(line, t, "a piece", u64::MAX)?;
            if !(1..=n).contains(&p) {
                return Err(line.token_error(t, format!("piece out of range 1..{n}")));
            }
            pieces.push(p as usize - 1);
        }
    }
    if parts.is_empty() || parts.iter().any(|p| p.1.is_empty()) {
        return Err(header.error("a Block needs a set name followed by the pieces joined"));
    }
    b.extras_mut().blocks.push(Block { parts });
    Ok(())
}

/// `ForbiddenPairs`, `ForbiddenGroups` and `MoveLimits`: move names checked once all moves are known.
fn read_move_lists(lines: &mut Lines<'_>, header: &Line<'_>, b: &mut PuzzleBuilder) -> Result<()> {
    header.expect_tokens(1, header.head())?;
    let body = block_body(lines, header)?;
    for line in &body {
        let names = |range: std::ops::Range<usize>| -> Vec<(String, Location)> {
            line.tokens[range]
                .iter()
                .map(|t| (t.text.to_string(), Location::Line { line: line.number, column: Some(t.column) }))
                .collect()
        };
        match header.head() {
            "ForbiddenPairs" => {
                line.expect_tokens(2, "MOVE MOVE")?;
                let mut v = names(0..2);
                let second = v.pop().expect("two names");
                b.add_forbidden_pair(v.pop().expect("two names"), second);
            }
            "ForbiddenGroups" => {
                if line.tokens.len() < 2 {
                    return Err(line.error("a forbidden group needs at least two moves"));
                }
                b.add_forbidden_group(names(0..line.tokens.len()));
            }
            _ => {
                line.expect_tokens(2, "MOVE LIMIT")?;
                let limit = number(line, &line.tokens[1], "the limit", u32::MAX as u64)?;
                b.add_move_limit(names(0..1).pop().expect("one name"), limit as u32);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alg::Alg;
    use crate::tws::write_definition;

    /// A small definition using every command, in both numberings.
    const FULL: &str = "\
# every feature
Name Tiny puzzle
Set A 4 3
Set B 3 1

StartState
A
0 0 1 2
? ? 0 0
End

Move X
A
2 1 3 4
1 2 0 0
End

MoveTransformation Y
A
0 2 3 1
0 0 1 2
B
1 2 0
End

MoveSequence Z X Y X'
MoveAlias W Y
Illegal A 2 3 4
SwizzleSet A B

Ignore
A
0 0 1 1
1 0 0 0
End

Block
A
1 2
B
3
End

ForbiddenPairs
X Y'
End

ForbiddenGroups
X Y Z
End

MoveLimits
X 2
End

Multiplicators
X 2
End

Symmetry S
A
2 1 4 3
End
";

    #[test]
    fn every_command_is_parsed_and_kept() {
        let p = parse_definition(FULL).unwrap();
        assert_eq!(p.name(), "Tiny puzzle");
        assert_eq!(p.solved().as_bytes(), &[0, 0, 1, 2, 6, 6, 0, 0, 0, 1, 2, 0, 0, 0]);
        // ksolve move orientation (by piece) became state orientation (by slot): slot 0 holds piece 1.
        let x = p.lookup("X").unwrap();
        assert_eq!(p.transform(x), &[1, 0, 2, 3, 2, 1, 0, 0, 0, 1, 2, 0, 0, 0]);
        let y = p.lookup("Y").unwrap();
        assert_eq!(p.transform(y), &[0, 2, 3, 1, 0, 0, 1, 2, 1, 2, 0, 0, 0, 0]);
        assert_eq!(p.lookup("W"), Some(y));
        let z = p.lookup("Z").unwrap();
        let expect = p.alg_transform(&Alg::parse("X Y X'").unwrap()).unwrap();
        assert_eq!(p.transform(z), expect.as_bytes());
        assert_eq!(p.illegal().len(), 2);
        assert_eq!(p.swizzle_sets(), &[vec!["A".to_string(), "B".to_string()]]);
        let x = p.extras();
        assert_eq!(x.ignore[0].permutation, vec![false, false, true, true]);
        assert_eq!(x.ignore[0].orientation, vec![true, false, false, false]);
        assert_eq!(x.blocks[0].parts, vec![(0, vec![0, 1]), (1, vec![2])]);
        assert_eq!(x.forbidden_pairs.len(), 1);
        assert_eq!(x.forbidden_groups[0].len(), 3);
        assert_eq!(x.move_limits, vec![(0, 2)]);
        assert_eq!(x.deprecated, vec![("Multiplicators".to_string(), 56)]);
        let s = p.declared_symmetries();
        assert_eq!((s.len(), s[0].name.as_str()), (1, "S"));
        assert_eq!(s[0].transform(), &[1, 0, 3, 2, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0]);
        assert!(p.lookup("S").is_none(), "a symmetry is not a move");

        // Written out and read back: the same puzzle.
        let q = parse_definition(&write_definition(&p)).unwrap();
        assert_eq!(q.solved(), p.solved());
        for b in p.base_moves() {
            assert_eq!(q.transform(q.lookup(&b.name).unwrap()), b.transform(), "{}", b.name);
        }
        assert_eq!(q.illegal(), p.illegal());
        assert_eq!(q.lookup("W"), q.lookup("Y"));
        let (a, b) = (q.extras(), p.extras());
        assert_eq!((&a.ignore, &a.blocks, &a.move_limits), (&b.ignore, &b.blocks, &b.move_limits));
        assert_eq!(a.forbidden_pairs.len(), 1);
        assert_eq!(a.forbidden_groups.len(), 1);
        assert_eq!(q.declared_symmetries()[0].transform(), p.declared_symmetries()[0].transform());
    }

    /// A declared symmetry must be a transformation, declared once, and not named like a move.
    #[test]
    fn a_symmetry_is_checked() {
        let def = "Set A 3 1\nSolved\nA\n1 2 3\nEnd\nMove M\nA\n2 3 1\nEnd\n";
        let with = |block: &str| parse_definition(&format!("{def}{block}")).map(|_| ()).unwrap_err().to_string();
        let bad = with("Symmetry S\nA\n1 1 3\nEnd\n");
        assert!(bad.starts_with("line 12, column 1: token \"1\": not a permutation"), "{bad}");
        let twice = with("Symmetry S\nA\n2 1 3\nEnd\nSymmetry S\nA\n1 3 2\nEnd\n");
        assert!(twice.contains("symmetry S is declared twice"), "{twice}");
        let named = with("Symmetry M\nA\n2 1 3\nEnd\n");
        assert!(named.contains("symmetry M has the name of a move"), "{named}");
        assert!(with("Symmetry\n").contains("Symmetry NAME"));
    }

    #[test]
    fn solved_is_one_based_and_identical_pieces_must_be_contiguous() {
        let def = "Set A 3 2\nSolved\nA\n1 1 2\n0 0 1\nEnd\nMove M\nA\n2 3 1\nEnd\n";
        let p = parse_definition(def).unwrap();
        assert_eq!(p.name(), "Unnamed");
        assert_eq!(p.solved().as_bytes(), &[0, 0, 1, 0, 0, 1]);
        let e = parse_definition(&def.replace("1 1 2\n", "1 1 3\n")).unwrap_err();
        assert_eq!(e.to_string(), "line 4: piece ids of set A must be contiguous from 1: 2 is missing");
    }
}
