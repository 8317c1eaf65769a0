//! Writing a puzzle as a ksolve / twsearch definition, and a state as a position block.

use std::fmt::Write;

use crate::model::layout::Orbit;
use crate::model::puzzle::{BaseMove, MoveSource, Puzzle};
use crate::model::state::State;

/// How piece ids are numbered in a written position block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateNumbering {
    /// ksolve's 1-based `Solved` / `Scramble` numbering.
    OneBased,
    /// twsearch's 0-based `StartState` / `ScrambleState` numbering.
    ZeroBased,
}

fn join<T: ToString>(v: impl IntoIterator<Item = T>) -> String {
    v.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

fn orientation_line(orbit: &Orbit, oris: &[u8]) -> String {
    join(oris.iter().map(|&o| if orbit.is_wildcard(o) { "?".to_string() } else { o.to_string() }))
}

/// A position block: `header` line, then each set's name, piece line and orientation line, then `End`.
pub fn write_state_block(puzzle: &Puzzle, state: &State, header: &str, numbering: StateNumbering) -> String {
    let s = puzzle.layout().contiguous_ids(state.as_bytes());
    let base = if numbering == StateNumbering::OneBased { 1 } else { 0 };
    let mut out = format!("{header}\n");
    for orbit in puzzle.orbits() {
        let _ = writeln!(out, "{}", orbit.name);
        let _ = writeln!(out, "{}", join(s[orbit.pieces_range()].iter().map(|&p| p as u32 + base)));
        let _ = writeln!(out, "{}", orientation_line(orbit, &s[orbit.orientations_range()]));
    }
    out.push_str("End\n");
    out
}

/// The puzzle as definition text that parses back to the same orbits, solved state and move effects.
/// Moves defined by algs are written as `Move` blocks of their effect (with the alg in a comment), so the
/// file also works with ksolve and twsearch.
pub fn write_definition(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Written by twistsearch");
    let name: String = puzzle.name().split_whitespace().collect::<Vec<_>>().join("_");
    let _ = writeln!(out, "Name {}\n", if name.is_empty() { "Unnamed" } else { &name });
    for o in puzzle.orbits() {
        let _ = writeln!(out, "Set {} {} {}", o.name, o.size, o.orientations);
    }
    out.push('\n');
    out.push_str(&write_state_block(puzzle, puzzle.solved(), "Solved", StateNumbering::OneBased));
    for b in puzzle.base_moves().iter().filter(|b| !b.notation) {
        out.push('\n');
        write_move(&mut out, puzzle, b);
    }
    for s in puzzle.declared_symmetries() {
        out.push('\n');
        write_transform(&mut out, puzzle, &format!("Symmetry {}", s.name), s.transform());
    }
    let extra = write_extras(puzzle);
    if !extra.is_empty() {
        out.push('\n');
        out.push_str(&extra);
    }
    out
}

/// One base move as a `Move` block (an alg-defined one with its alg in a comment).
fn write_move(out: &mut String, puzzle: &Puzzle, b: &BaseMove) {
    if let MoveSource::Sequence(alg) = &b.source {
        let _ = writeln!(out, "# {} is defined by the alg: {}", b.name, alg.replace('\n', " "));
    }
    write_transform(out, puzzle, &format!("Move {}", b.name), b.transform());
}

/// A transformation as a block headed `header` (`Move U`, `Symmetry MIRROR`): the sets it changes.
fn write_transform(out: &mut String, puzzle: &Puzzle, header: &str, t: &[u8]) {
    let _ = writeln!(out, "{header}");
    for o in puzzle.orbits() {
        let perm = &t[o.pieces_range()];
        let oris = &t[o.orientations_range()];
        if perm.iter().enumerate().all(|(i, &p)| p as usize == i) && oris.iter().all(|&x| x == 0) {
            continue;
        }
        // ksolve moves give each piece's twist by piece: move.o[p[i]] = state.o[i].
        let mut by_piece = vec![0u8; o.size];
        for i in 0..o.size {
            by_piece[perm[i] as usize] = oris[i];
        }
        let _ = writeln!(out, "{}\n{}\n{}", o.name, join(perm.iter().map(|&p| p as u32 + 1)), join(by_piece));
    }
    out.push_str("End\n");
}

/// The ksolve+ extras, aliases, illegal placements and swizzle sets, as definition lines.
fn write_extras(puzzle: &Puzzle) -> String {
    let mut extra = String::new();
    for il in puzzle.illegal() {
        let _ = writeln!(extra, "Illegal {} {} {}", puzzle.orbits()[il.orbit].name, il.slot + 1, il.piece as u32 + 1);
    }
    for (new, old) in puzzle.aliases() {
        let _ = writeln!(extra, "MoveAlias {new} {old}");
    }
    for names in puzzle.swizzle_sets() {
        let _ = writeln!(extra, "SwizzleSet {}", names.join(" "));
    }
    let x = puzzle.extras();
    if !x.ignore.is_empty() {
        extra.push_str("Ignore\n");
        for m in &x.ignore {
            let flags = |v: &[bool]| join(v.iter().map(|&b| u8::from(b)));
            let _ = writeln!(
                extra,
                "{}\n{}\n{}",
                puzzle.orbits()[m.orbit].name,
                flags(&m.permutation),
                flags(&m.orientation)
            );
        }
        extra.push_str("End\n");
    }
    for b in &x.blocks {
        extra.push_str("Block\n");
        for (orbit, pieces) in &b.parts {
            let _ = writeln!(extra, "{}\n{}", puzzle.orbits()[*orbit].name, join(pieces.iter().map(|p| p + 1)));
        }
        extra.push_str("End\n");
    }
    if !x.forbidden_pairs.is_empty() {
        extra.push_str("ForbiddenPairs\n");
        for (a, b) in &x.forbidden_pairs {
            let _ = writeln!(extra, "{} {}", puzzle.move_name(*a), puzzle.move_name(*b));
        }
        extra.push_str("End\n");
    }
    if !x.forbidden_groups.is_empty() {
        extra.push_str("ForbiddenGroups\n");
        for g in &x.forbidden_groups {
            let _ = writeln!(extra, "{}", join(g.iter().map(|m| puzzle.move_name(*m))));
        }
        extra.push_str("End\n");
    }
    if !x.move_limits.is_empty() {
        extra.push_str("MoveLimits\n");
        for (base, limit) in &x.move_limits {
            let _ = writeln!(extra, "{} {limit}", puzzle.base_moves()[*base].name);
        }
        extra.push_str("End\n");
    }
    extra
}
