//! The goal of a search: a target pattern (by default the solved state) and how a start state is brought
//! to the same representation, so that "solved" is byte equality and table lookups hash alike.
//!
//! Pieces are compared by label (identical pieces share one). An orientation the target leaves open (the
//! `?` wildcard) is made a wildcard in the start state too, for every piece with that label; wildcards
//! then travel with their pieces under moves, so reaching the target is byte equality.

use crate::error::{Error, Result};
use crate::model::layout::Layout;

/// A normalized target and the per-label wildcard mask derived from it.
#[derive(Debug, Clone)]
pub struct Target {
    bytes: Vec<u8>,
    /// Per orbit, per label: whether the target ignores that label's orientation.
    wild: Vec<Vec<bool>>,
}

impl Target {
    /// Builds the target from a pattern state. Errors when identical pieces are given both a fixed and an
    /// ignored orientation (which of them is where cannot be told apart).
    pub fn new(layout: &Layout, target: &[u8]) -> Result<Target> {
        if target.len() != layout.state_size() {
            return Err(Error::new("the target pattern does not fit this puzzle"));
        }
        let mut wild = Vec::with_capacity(layout.orbits().len());
        for o in layout.orbits() {
            let mut label_wild = vec![None::<bool>; o.size];
            for slot in 0..o.size {
                let label = target[o.offset + slot] as usize;
                let w = o.is_wildcard(target[o.offset + o.size + slot]);
                match label_wild[label] {
                    None => label_wild[label] = Some(w),
                    Some(prev) if prev != w => {
                        return Err(Error::new(format!(
                            "the target gives identical pieces of set {} both fixed and ignored orientations",
                            o.name
                        )))
                    }
                    _ => {}
                }
            }
            wild.push(label_wild.into_iter().map(|w| w.unwrap_or(false)).collect());
        }
        Ok(Target { bytes: target.to_vec(), wild })
    }

    /// The target's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// A start state in the target's representation: orientations the target ignores become wildcards.
    /// Errors when the start leaves an orientation open that the target needs.
    pub fn normalize(&self, layout: &Layout, state: &[u8]) -> Result<Vec<u8>> {
        if state.len() != layout.state_size() {
            return Err(Error::new("the position does not fit this puzzle"));
        }
        let mut out = state.to_vec();
        for (oi, o) in layout.orbits().iter().enumerate() {
            for slot in 0..o.size {
                let label = state[o.offset + slot] as usize;
                let at = o.offset + o.size + slot;
                if self.wild[oi][label] {
                    out[at] = o.wildcard();
                } else if o.is_wildcard(state[at]) {
                    return Err(Error::new(format!(
                        "the position leaves an orientation of set {} open (?) that the target needs",
                        o.name
                    )));
                }
            }
        }
        Ok(out)
    }

    /// Whether a state in the puzzle's own representation (not normalized) matches the target pattern:
    /// the same piece labels everywhere, and the same orientations where neither leaves them open.
    pub fn matches(&self, layout: &Layout, state: &[u8]) -> bool {
        state.len() == self.bytes.len()
            && layout.orbits().iter().all(|o| {
                (0..o.size).all(|i| {
                    let (a, b) = (o.offset + i, o.offset + o.size + i);
                    state[a] == self.bytes[a]
                        && (o.is_wildcard(state[b]) || o.is_wildcard(self.bytes[b]) || state[b] == self.bytes[b])
                })
            })
    }
}
