//! [`State`]: one puzzle position (or transformation) as a contiguous byte array, laid out by
//! [`crate::model::layout::Layout`].

/// A position or transformation of a puzzle: per orbit, `n` piece bytes then `n` orientation bytes.
///
/// Equality, ordering and hashing are those of the bytes, so identical pieces (equal ids) and wildcards
/// (stored as `2m`) compare as the puzzle means them.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct State(Box<[u8]>);

impl State {
    /// Wraps bytes that already follow the puzzle's layout.
    pub(crate) fn from_vec(bytes: Vec<u8>) -> Self {
        State(bytes.into_boxed_slice())
    }

    /// The raw bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The raw bytes, mutably (crate-internal: callers keep the layout's invariants).
    pub(crate) fn as_mut_bytes(&mut self) -> &mut [u8] {
        &mut self.0
    }

    /// Number of bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the state has no bytes (never, for a loaded puzzle).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
