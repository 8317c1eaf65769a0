//! The eight corners of a cube as the 3x3x3's cubies and the 4x4x4's model both hold them: a permutation
//! (passive, as the crate's states: the piece in each slot) and each slot's twist (0, 1 or 2).

/// Corners `(cp, co)` followed by the move `(m_cp, m_co)` (the composition of `Puzzle::apply`): each slot
/// takes the piece of the slot the move brings to it, the two twists added.
#[inline]
pub(crate) fn corners_then(cp: &[u8; 8], co: &[u8; 8], m_cp: &[u8; 8], m_co: &[u8; 8]) -> ([u8; 8], [u8; 8]) {
    let (mut p, mut o) = ([0; 8], [0; 8]);
    for i in 0..8 {
        let j = m_cp[i] as usize;
        p[i] = cp[j];
        let t = co[j] + m_co[i];
        o[i] = if t >= 3 { t - 3 } else { t };
    }
    (p, o)
}
