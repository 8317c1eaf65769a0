//! Keeping the first sequence to reach each position (twsearch's `-u`), or each position up to the
//! puzzle's symmetry (`-U`, by [`Conjugates`]).

use std::collections::HashSet;

use crate::seq::symmetry::Conjugates;

/// The positions seen so far.
pub struct Unique<'p> {
    seen: HashSet<Box<[u8]>>,
    /// With symmetries, positions are stored as their least conjugate.
    conjugates: Option<Conjugates<'p>>,
}

impl<'p> Unique<'p> {
    /// Positions compared as they are.
    pub fn new() -> Self {
        Unique { seen: HashSet::new(), conjugates: None }
    }

    /// Positions compared up to these symmetries.
    pub fn up_to(conjugates: Conjugates<'p>) -> Self {
        Unique { seen: HashSet::new(), conjugates: Some(conjugates) }
    }

    /// Records `position`; true when neither it (nor, up to symmetry, a conjugate of it) was seen before.
    pub fn insert(&mut self, position: &[u8]) -> bool {
        let key = match &self.conjugates {
            Some(c) => c.least(position).0,
            None => position.to_vec(),
        };
        self.seen.insert(key.into_boxed_slice())
    }

    /// How many distinct positions (or classes) were seen.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether nothing was seen yet.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

impl Default for Unique<'_> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::seq::read_moves;
    use crate::MoveSet;

    #[test]
    fn positions_and_classes_are_counted_once() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/symm/3x3x3.tws")).unwrap();
        let lines = ["R U", "U F", "R U", "R U'", "L D", "R L R'", "L", "R", "U2 D2", "D2 U2"];
        let at = |alg: &str| p.apply_moves(p.solved(), &read_moves(&p, alg).unwrap()).as_bytes().to_vec();
        let mut plain = Unique::new();
        let kept: Vec<&str> = lines.iter().copied().filter(|l| plain.insert(&at(l))).collect();
        assert_eq!(kept, ["R U", "U F", "R U'", "L D", "R L R'", "R", "U2 D2"]);
        let mut sym = Unique::up_to(Conjugates::new(&p, &MoveSet::all(&p).unwrap()).unwrap());
        let kept: Vec<&str> = lines.iter().copied().filter(|l| sym.insert(&at(l))).collect();
        assert_eq!(kept, ["R U", "R U'", "R L R'", "U2 D2"]);
    }
}
