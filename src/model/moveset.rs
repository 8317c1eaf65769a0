//! [`MoveSet`]: the moves a search, a count or a group computation may use — by default every base move
//! that is not a whole-puzzle rotation, or a list such as `U,R,F` or `R2,U2`.
//!
//! Each entry of the list is a *generator*: a base move and the cyclic group of powers it generates. `R`
//! (or `R'`) allows `R`, `R2`, `R'`; `R2` allows only `R2`; on the megaminx `U2` allows every power, since
//! 2 generates the integers mod 5. Entries naming the same base move are merged (`U,U2` is `U`).

use num_integer::Integer;

use crate::error::{Error, Result};
use crate::model::puzzle::{MoveRef, Puzzle};

/// The turn metric: how moves are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Metric {
    /// Half (face) turn metric: any power of a move counts one.
    #[default]
    Htm,
    /// Quarter turn metric: a power counts its number of turns (`qtm_cost`); canonical sequences use only
    /// single turns.
    Qtm,
}

impl Metric {
    /// The quarter-turn metric when `qtm`, else the half-turn metric (the shells' `qtm` flags).
    pub fn from_qtm(qtm: bool) -> Metric {
        if qtm {
            Metric::Qtm
        } else {
            Metric::Htm
        }
    }

    /// The metric's name as definitions, scramble files and reports spell it: `"HTM"` or `"QTM"`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "HTM",
            Metric::Qtm => "QTM",
        }
    }
}

/// One generator: the powers of `base` that are multiples of `step`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generator {
    /// The base move's name (for `R2` given alone, still `R`).
    pub name: String,
    /// Index into [`Puzzle::base_moves`].
    pub base: usize,
    /// The smallest positive power allowed; every allowed power is a multiple of it.
    pub step: u32,
    /// The generator's order: the number of distinct allowed powers, identity included.
    pub order: u32,
}

/// One move the set allows: the `twist`-th power of its generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetMove {
    /// The move itself.
    pub mv: MoveRef,
    /// Index into [`MoveSet::generators`].
    pub generator: usize,
    /// `1..order`: how many generator steps the move is.
    pub twist: u32,
    /// Its quarter-turn cost: `min(twist, order - twist)`.
    pub qtm_cost: u32,
}

/// The moves a computation may use, in a fixed order: generators in the order given (or definition order),
/// each generator's powers by increasing twist (`U`, `U2`, `U'`).
#[derive(Debug, Clone)]
pub struct MoveSet {
    generators: Vec<Generator>,
    moves: Vec<SetMove>,
}

impl MoveSet {
    /// Every base move that is not a rotation, not the identity and not added for notation
    /// ([`BaseMove::notation`](crate::model::puzzle::BaseMove::notation)), in definition order.
    pub fn all(puzzle: &Puzzle) -> Result<MoveSet> {
        let entries: Vec<(usize, u32)> = (0..puzzle.base_moves().len())
            .filter(|&b| {
                let m = &puzzle.base_moves()[b];
                !m.rotation && !m.notation && m.order > 1
            })
            .map(|b| (b, 1))
            .collect();
        if entries.is_empty() {
            return Err(Error::new("the puzzle has no moves other than rotations (name some with --moves)"));
        }
        Ok(Self::build(puzzle, entries))
    }

    /// The moves named in a list separated by commas and/or spaces (`U,R,F`, `R2 U2`). Each name may be a
    /// base move, a power (`R2`, `U'`) or an alias; rotations are allowed when named. An empty name (two
    /// commas with nothing but spaces between them, or a comma at either end: `U,,R`, `U,R,`) is an error
    /// quoting the list, not skipped.
    pub fn parse(puzzle: &Puzzle, list: &str) -> Result<MoveSet> {
        let names: Vec<&str> = list.split([',', ' ', '\t']).filter(|s| !s.is_empty()).collect();
        if list.contains(',') && list.split(',').any(|piece| piece.trim().is_empty()) {
            let e = empty_name(&format!("{list:?}"));
            if names.is_empty() {
                // Commas alone: the list is empty, and says why.
                return Err(Error::new(format!("the move list is empty ({e})")));
            }
            return Err(e);
        }
        Self::from_names(puzzle, &names)
    }

    /// The moves named in `names` (see [`MoveSet::parse`]).
    pub fn from_names(puzzle: &Puzzle, names: &[&str]) -> Result<MoveSet> {
        if names.is_empty() {
            return Err(Error::new("the move list is empty"));
        }
        if names.iter().any(|name| name.trim().is_empty()) {
            return Err(empty_name(&format!("{names:?}")));
        }
        let mut entries: Vec<(usize, u32)> = Vec::new();
        for &name in names {
            let Some(m) = puzzle.resolve_name(name) else {
                return Err(Error::new("no such move in this puzzle").with_token(name));
            };
            let order = puzzle.base_moves()[m.base].order;
            let twist = m.amount.rem_euclid(order as i64) as u32;
            if twist == 0 {
                return Err(Error::new("this move does nothing (it is the identity)").with_token(name));
            }
            let step = twist.gcd(&order);
            match entries.iter_mut().find(|(b, _)| *b == m.base) {
                Some(entry) => entry.1 = entry.1.gcd(&step),
                None => entries.push((m.base, step)),
            }
        }
        Ok(Self::build(puzzle, entries))
    }

    fn build(puzzle: &Puzzle, entries: Vec<(usize, u32)>) -> MoveSet {
        let mut generators = Vec::with_capacity(entries.len());
        let mut moves = Vec::new();
        for (g, (base, step)) in entries.into_iter().enumerate() {
            let b = &puzzle.base_moves()[base];
            let order = b.order / step;
            for twist in 1..order {
                moves.push(SetMove {
                    mv: puzzle.move_ref(base, (twist * step) as i64),
                    generator: g,
                    twist,
                    qtm_cost: twist.min(order - twist),
                });
            }
            generators.push(Generator { name: b.name.clone(), base, step, order });
        }
        MoveSet { generators, moves }
    }

    /// The generators, in order.
    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }

    /// Every allowed move, in order.
    pub fn moves(&self) -> &[SetMove] {
        &self.moves
    }

    /// Whether a move is one of the set's moves (or the identity power of one of its base moves).
    pub fn contains(&self, puzzle: &Puzzle, m: MoveRef) -> bool {
        let order = puzzle.base_moves()[m.base].order as i64;
        self.generators.iter().any(|g| g.base == m.base && m.amount.rem_euclid(order) % g.step as i64 == 0)
    }

    /// The transformation of one step of each generator (what generates the group).
    pub fn generator_transforms<'p>(&self, puzzle: &'p Puzzle) -> Vec<&'p [u8]> {
        self.generators.iter().map(|g| puzzle.transform(puzzle.move_ref(g.base, g.step as i64))).collect()
    }

    /// The moves' names joined by commas, as a user would pass them back (`U,R2`).
    pub fn describe(&self, puzzle: &Puzzle) -> String {
        let names: Vec<String> =
            self.generators.iter().map(|g| puzzle.move_name(puzzle.move_ref(g.base, g.step as i64))).collect();
        names.join(",")
    }
}

/// The error for a move list (`quoted` as the caller gave it) with an empty move name.
fn empty_name(quoted: &str) -> Error {
    Error::new(format!(
        "move list {quoted}: an empty move name is not allowed (a comma at an end, or two commas together)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_puzzles::cube3 as cube;

    #[test]
    fn default_set_is_every_face_with_all_powers() {
        let p = cube();
        let s = MoveSet::all(&p).unwrap();
        assert_eq!(s.generators().len(), 6);
        assert_eq!(s.moves().len(), 18);
        let names: Vec<String> = s.moves()[..3].iter().map(|m| p.move_name(m.mv)).collect();
        assert_eq!(names, ["F", "F2", "F'"]);
        assert_eq!(s.moves()[1].qtm_cost, 2);
    }

    #[test]
    fn powers_generate_subgroups_and_merge() {
        let p = cube();
        let s = MoveSet::parse(&p, "R2,U2").unwrap();
        assert_eq!(s.moves().len(), 2);
        assert_eq!(s.generators()[0].order, 2);
        assert_eq!(s.describe(&p), "R2,U2");
        let r2 = p.lookup("R2").unwrap();
        assert!(s.contains(&p, r2) && !s.contains(&p, p.lookup("R").unwrap()));
        let s = MoveSet::parse(&p, "U2, U'").unwrap();
        assert_eq!(s.generators().len(), 1);
        assert_eq!(s.moves().len(), 3);
    }

    #[test]
    fn bad_lists_are_errors() {
        let p = cube();
        assert!(MoveSet::parse(&p, "U,Q").unwrap_err().to_string().contains("\"Q\""));
        assert!(MoveSet::parse(&p, " , ").unwrap_err().to_string().contains("empty"));
        assert!(MoveSet::parse(&p, "U4").unwrap_err().to_string().contains("identity"));
    }

    #[test]
    fn empty_move_names_are_errors_quoting_the_list() {
        let p = cube();
        for list in ["U,,R", "U,R,", ",U", " , ", "U, ,R"] {
            let e = MoveSet::parse(&p, list).unwrap_err().to_string();
            assert!(e.contains(&format!("{list:?}")) && e.contains("an empty move name is not allowed"), "{list}: {e}");
        }
        let e = MoveSet::from_names(&p, &["U", ""]).unwrap_err().to_string();
        assert!(e.contains(r#"["U", ""]"#) && e.contains("empty move name"), "{e}");
        // Separators alone are still fine: commas with spaces, and spaces.
        assert_eq!(MoveSet::parse(&p, "U, R").unwrap().generators().len(), 2);
        assert_eq!(MoveSet::parse(&p, " R2  U2 ").unwrap().generators().len(), 2);
        assert!(MoveSet::parse(&p, "  ").unwrap_err().to_string().contains("the move list is empty"));
        let e = MoveSet::parse(&p, " , ").unwrap_err().to_string();
        assert!(e.starts_with(r#"the move list is empty (move list " , ": an empty move name"#), "{e}");
    }
}
