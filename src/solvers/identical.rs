//! Pieces a real puzzle cannot tell apart ([`Event::identical`](crate::events::Event::identical)): a byte map
//! that gives every piece of a group one label (the group's smallest piece number), applied to the
//! solver's target and to each drawn random state, so that the state is solved up to them.

use crate::error::{Error, Result};
use crate::model::puzzle::Puzzle;
use crate::model::state::State;

/// The labelling of a puzzle's state bytes for some groups of identical pieces.
#[derive(Debug, Clone)]
pub(crate) struct Identical {
    /// Per orbit with groups: where its piece bytes start, and per piece number its label.
    orbits: Vec<(usize, Vec<u8>)>,
}

impl Identical {
    /// The labelling of `groups` (per orbit name, groups of piece numbers) on `puzzle`; `None` when there
    /// are none. Errors (internal: the registry is wrong) for an unknown orbit, a piece number out of
    /// range or a piece in two groups.
    pub(crate) fn new(puzzle: &Puzzle, groups: &[(&str, &[&[u8]])]) -> Result<Option<Self>> {
        if groups.is_empty() {
            return Ok(None);
        }
        let mut orbits = Vec::new();
        for &(name, sets) in groups {
            let o = registry_orbit(puzzle, name)?;
            let mut label: Vec<u8> = (0..o.size as u8).collect();
            let mut seen = vec![false; o.size];
            for set in sets {
                let least = *set.iter().min().ok_or_else(|| Error::internal("an empty group of identical pieces"))?;
                for &piece in *set {
                    let slot = seen
                        .get_mut(piece as usize)
                        .ok_or_else(|| Error::internal(format!("{name}: no piece {piece}")))?;
                    if std::mem::replace(slot, true) {
                        return Err(Error::internal(format!("{name}: piece {piece} in two groups")));
                    }
                    label[piece as usize] = least;
                }
            }
            orbits.push((o.offset, label));
        }
        Ok(Some(Identical { orbits }))
    }

    /// `state` with each piece replaced by its group's label (orientations unchanged).
    pub(crate) fn apply(&self, state: &State) -> State {
        let mut bytes = state.as_bytes().to_vec();
        for (offset, label) in &self.orbits {
            for b in &mut bytes[*offset..offset + label.len()] {
                *b = label[*b as usize];
            }
        }
        State::from_vec(bytes)
    }
}

/// The orbit `name` of an event's puzzle; an internal error (the registry is wrong) where there is none.
pub(crate) fn registry_orbit<'p>(puzzle: &'p Puzzle, name: &str) -> Result<&'p crate::model::layout::Orbit> {
    let layout = puzzle.layout();
    let i = layout.orbit_index(name).ok_or_else(|| Error::internal(format!("{}: no orbit {name}", puzzle.name())))?;
    Ok(&layout.orbits()[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alg::Alg;

    fn fto() -> Puzzle {
        let def = crate::events::embedded_definition("fto").unwrap();
        crate::kpuzzle::parse_kpuzzle(def).unwrap()
    }

    #[test]
    fn groups_share_a_label_and_moves_commute_with_labelling() {
        let p = fto();
        let id = Identical::new(&p, &[("CENTERS", crate::events::FTO_CENTERS)]).unwrap().unwrap();
        let solved = id.apply(p.solved());
        let centers = p.layout().orbits().iter().find(|o| o.name == "CENTERS").unwrap();
        let labels = &solved.as_bytes()[centers.offset..centers.offset + 24];
        let mut distinct: Vec<u8> = labels.to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8, "{labels:?}");
        // Labelling then moving is moving then labelling.
        let alg = Alg::parse("R U' BL F2 D").unwrap();
        let moved = p.apply_alg(p.solved(), &alg).unwrap();
        assert_eq!(id.apply(&moved), p.apply_alg(&solved, &alg).unwrap());
        // A face's own turn leaves its (identical) centers looking solved only together with the rest:
        // U moves other faces' centers too.
        assert_ne!(id.apply(&p.apply_alg(p.solved(), &Alg::parse("U").unwrap()).unwrap()), solved);
    }

    #[test]
    fn bad_groups_are_internal_errors() {
        let p = fto();
        assert!(Identical::new(&p, &[("NOPE", &[&[0, 1]])]).is_err());
        assert!(Identical::new(&p, &[("CENTERS", &[&[0, 99]])]).is_err());
        assert!(Identical::new(&p, &[("CENTERS", &[&[0, 1], &[1, 2]])]).is_err());
        assert!(Identical::new(&p, &[]).unwrap().is_none());
    }
}
