//! Which event's puzzle a definition is, whatever its file, its orbit names or its piece numbering: the
//! event scrambler can then scramble it (`scramble 3x3x3.tws` as `scramble --event 333`).
//!
//! The fingerprint: the definition's moves, by name, must be moves of the event's cubing.js puzzle, and
//! a fixed list of words over them (each move, then pseudo-random words) must have, on each of the
//! definition's orbits, the same cycle type ([`cycle_type`]: cycle lengths and their twists, a
//! transformation's conjugacy class in the orbit's wreath product) as on one orbit of the event's
//! puzzle of the same size and orientations (or, where the definition leaves orientations out, the same
//! cycle lengths), each orbit matched once. Orbits of the event's puzzle left
//! over (the 3x3x3's centers, which a `.tws` 3x3x3 leaves out) are what the definition does not track.

use crate::events::definitions::embedded_definition;
use crate::events::registry::{Event, EVENTS};
use crate::model::move_ref::MoveRef;
use crate::model::state::State;
use crate::seq::conjugacy::{cycle_type, Cycle};
use crate::Puzzle;

/// Words in the fingerprint besides the single moves.
const WORDS: usize = 48;
/// The longest of them.
const WORD_LENGTH: usize = 24;

/// The event whose puzzle `puzzle` is, by the fingerprint above: of those that match, the one whose
/// puzzle has the fewest orbits left over (a 2x2x2 is the 2x2x2's, not the 3x3x3's corners), then the
/// first in cubing.js's order; `None` when none matches, or the definition has no moves besides
/// rotations.
pub fn event_for_puzzle(puzzle: &Puzzle) -> Option<&'static Event> {
    let moves: Vec<(&str, MoveRef)> = (puzzle.base_moves().iter().enumerate())
        .filter(|(_, b)| !b.rotation && !b.notation && b.order > 1)
        .map(|(base, b)| (b.name.as_str(), puzzle.move_ref(base, 1)))
        .collect();
    if moves.is_empty() {
        return None;
    }
    let words = words(moves.len());
    let ours = signatures(puzzle, &words, |i| moves[i].1);
    let mut tried: Vec<&str> = Vec::new();
    let mut best: Option<(usize, &'static Event)> = None;
    for event in EVENTS {
        if tried.contains(&event.puzzle) {
            continue;
        }
        tried.push(event.puzzle);
        let Some(text) = embedded_definition(event.puzzle) else { continue };
        // Cheap first: every move name is a key of the definition.
        if !moves.iter().all(|(name, _)| text.contains(&format!("\"{name}\""))) {
            continue;
        }
        let Ok(theirs) = crate::load_puzzle(text) else { continue };
        let Some(refs) = moves.iter().map(|(name, _)| theirs.resolve_name(name)).collect::<Option<Vec<_>>>() else {
            continue;
        };
        let their_signatures = signatures(&theirs, &words, |i| refs[i]);
        if orbits_match(puzzle, &ours, &theirs, &their_signatures) {
            let left_over = theirs.orbits().len() - puzzle.orbits().len();
            if best.is_none_or(|(b, _)| left_over < b) {
                best = Some((left_over, event));
            }
        }
    }
    best.map(|(_, e)| e)
}

/// Each move alone, then [`WORDS`] pseudo-random words (a fixed generator: the same words every run).
fn words(moves: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..moves).map(|i| vec![i]).collect();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) % n as u64) as usize
    };
    for _ in 0..WORDS {
        let len = 2 + next(WORD_LENGTH - 1);
        out.push((0..len).map(|_| next(moves)).collect());
    }
    out
}

/// Per orbit, its cycle type under each word.
fn signatures(puzzle: &Puzzle, words: &[Vec<usize>], step: impl Fn(usize) -> MoveRef) -> Vec<Vec<Vec<Cycle>>> {
    let mut per_orbit = vec![Vec::with_capacity(words.len()); puzzle.orbits().len()];
    for word in words {
        let moves: Vec<MoveRef> = word.iter().map(|&i| step(i)).collect();
        let t: State = puzzle.apply_moves(&puzzle.identity(), &moves);
        for (o, cycles) in cycle_type(puzzle, &t).into_iter().enumerate() {
            per_orbit[o].push(cycles);
        }
    }
    per_orbit
}

/// Whether each of `ours`' orbits matches a distinct orbit of `theirs` (same size, orientations and
/// signature; or the same size and cycle lengths where ours has no orientations).
fn orbits_match(
    puzzle: &Puzzle,
    ours: &[Vec<Vec<Cycle>>],
    theirs: &Puzzle,
    their_signatures: &[Vec<Vec<Cycle>>],
) -> bool {
    let mut used = vec![false; theirs.orbits().len()];
    for (o, orbit) in puzzle.orbits().iter().enumerate() {
        let found = (0..theirs.orbits().len()).find(|&t| {
            let other = &theirs.orbits()[t];
            !used[t]
                && other.size == orbit.size
                && match (orbit.orientations, other.orientations) {
                    (a, b) if a == b => their_signatures[t] == ours[o] || their_signatures[t] == mirrored(&ours[o], a),
                    // A definition may leave out orientations the event's puzzle tracks (a .tws 4x4x4's
                    // wing edges): their cycles' lengths must agree.
                    (1, _) => unoriented(&their_signatures[t]) == ours[o],
                    _ => false,
                }
        });
        match found {
            Some(t) => used[t] = true,
            None => return false,
        }
    }
    true
}

/// The signature with twists left out (pieces that only twist in place then stay).
fn unoriented(signature: &[Vec<Cycle>]) -> Vec<Vec<Cycle>> {
    (signature.iter())
        .map(|cycles| cycles.iter().filter(|c| c.len > 1).map(|c| Cycle { len: c.len, twist: 0 }).collect())
        .collect()
}

/// The signature with every twist counted the other way round (a definition may number orientations
/// in the other direction).
fn mirrored(signature: &[Vec<Cycle>], orientations: u8) -> Vec<Vec<Cycle>> {
    let m = orientations.max(1);
    (signature.iter())
        .map(|cycles| {
            let mut c: Vec<Cycle> = cycles.iter().map(|c| Cycle { len: c.len, twist: (m - c.twist % m) % m }).collect();
            crate::sort::sort(&mut c);
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_puzzles_are_recognised_by_structure_not_by_names_of_orbits() {
        for id in ["333", "222", "pyram", "skewb"] {
            let e = crate::events::event(id).unwrap();
            let p = crate::load_puzzle(embedded_definition(e.puzzle).unwrap()).unwrap();
            assert_eq!(event_for_puzzle(&p).map(|e| e.id), Some(id));
        }
    }
}
