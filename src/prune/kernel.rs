//! Applying the move set's moves during a fill, faster than a full composition: a move usually displaces
//! few of the puzzle's pieces (a 3x3x3 face turn moves 8 of 20), so the child state is the parent copied,
//! then the moved slots rewritten.
//!
//! This gives exactly what [`Layout::compose_into`] gives for *well-formed* states: every orientation is
//! below its orbit's modulus or the wildcard `2m`, and orbits without orientation hold 0 (these stay
//! well-formed under moves; the composition would rewrite the slots a move leaves alone otherwise). For any other target the kernel falls back to the full composition, so the
//! table always holds the states [`crate::Puzzle::apply_into`] produces.

use crate::error::{Error, Result};
use crate::model::layout::Layout;

/// Where a move's piece copies and orientation rewrites start in [`Kernel`]'s lists.
#[derive(Debug, Clone, Copy, Default)]
struct Span {
    pieces: u32,
    twists: u32,
}

/// The moves of a move set, ready to apply.
#[derive(Debug)]
pub(crate) struct Kernel {
    size: usize,
    /// Sparse form (used when `sparse` is set): move `i` copies `out[d] = in[s]` for each `[d, s]` of
    /// `pieces[spans[i].pieces..spans[i + 1].pieces]`, and sets `out[d] = twist[t + in[s]]` for each
    /// `[d, s, t]` of `twists[spans[i].twists..spans[i + 1].twists]`.
    pieces: Vec<[u16; 2]>,
    twists: Vec<[u16; 3]>,
    spans: Vec<Span>,
    /// 256-byte tables: an orientation byte plus a twist, as the orbit's addition gives it (so any byte
    /// gives what the full composition gives).
    twist: Vec<u8>,
    /// Full form: `moves × size` bytes of transformations, composed with the layout.
    transforms: Vec<u8>,
    layout: Layout,
    sparse: bool,
}

impl Kernel {
    /// Prepares `transforms` (each a transformation of `layout`, checked here) for states derived from
    /// `target`.
    pub(crate) fn new(layout: &Layout, transforms: &[&[u8]], target: &[u8]) -> Result<Kernel> {
        let size = layout.state_size();
        if target.len() != size {
            return Err(Error::new(format!(
                "the target state has {} bytes, but a state of this puzzle has {size}",
                target.len()
            )));
        }
        let mut flat = Vec::with_capacity(size * transforms.len());
        let (mut pieces, mut twists) = (Vec::new(), Vec::new());
        let mut spans = vec![Span::default()];
        let mut twist: Vec<u8> = Vec::new();
        // The table of (orbit, twist), made on first use.
        let mut table_of: std::collections::HashMap<(usize, u8), u16> = std::collections::HashMap::new();
        for t in transforms {
            if !layout.is_transformation(t) {
                return Err(Error::new("the move set does not belong to this puzzle"));
            }
            flat.extend_from_slice(t);
            for (k, o) in layout.orbits().iter().enumerate() {
                let n = o.size;
                for i in 0..n {
                    let j = t[o.offset + i] as usize;
                    let tw = t[o.offset + n + i];
                    if j != i {
                        pieces.push([(o.offset + i) as u16, (o.offset + j) as u16]);
                    }
                    if o.orientations > 1 && (j != i || tw != 0) {
                        let base = *table_of.entry((k, tw)).or_insert_with(|| {
                            let base = twist.len() as u16;
                            twist.extend((0..=255u8).map(|x| o.add(x, tw)));
                            base
                        });
                        twists.push([(o.offset + n + i) as u16, (o.offset + n + j) as u16, base]);
                    }
                }
            }
            spans.push(Span { pieces: pieces.len() as u32, twists: twists.len() as u32 });
        }
        // Offsets and table bases must fit in 16 bits (every puzzle in practice); otherwise compose.
        let small = size <= u16::MAX as usize && twist.len() <= u16::MAX as usize;
        let sparse = small && well_formed(layout, target);
        Ok(Kernel { size, pieces, twists, spans, twist, transforms: flat, layout: layout.clone(), sparse })
    }

    /// `out = state · move` (`state` and `out` of the layout's size, derived from the target).
    #[inline(always)]
    pub(crate) fn apply(&self, state: &[u8], mv: usize, out: &mut [u8]) {
        if !self.sparse {
            let t = &self.transforms[mv * self.size..(mv + 1) * self.size];
            // SAFETY: every stored transformation passed `Layout::is_transformation` in `Kernel::new`.
            unsafe { self.layout.compose_into_unchecked(state, t, out) };
            return;
        }
        let (state, out) = (&state[..self.size], &mut out[..self.size]);
        copy(state, out);
        let (from, to) = (self.spans[mv], self.spans[mv + 1]);
        let pieces = &self.pieces[from.pieces as usize..to.pieces as usize];
        let twists = &self.twists[from.twists as usize..to.twists as usize];
        let twist = &self.twist[..];
        // SAFETY: every `d` and `s` is a byte of an orbit of the layout, so below `size`, the length of
        // `state` and `out`; every `t` is the start of a 256-byte table inside `twist`, and a byte is
        // below 256.
        unsafe {
            for &[d, s] in pieces {
                *out.get_unchecked_mut(d as usize) = *state.get_unchecked(s as usize);
            }
            for &[d, s, t] in twists {
                let x = *state.get_unchecked(s as usize) as usize;
                *out.get_unchecked_mut(d as usize) = *twist.get_unchecked(t as usize + x);
            }
        }
    }
}

/// `out = state` (same lengths), in 16-byte pieces where possible.
#[inline(always)]
fn copy(state: &[u8], out: &mut [u8]) {
    let mut src = state.chunks_exact(16);
    let mut dst = out.chunks_exact_mut(16);
    for (d, s) in (&mut dst).zip(&mut src) {
        d.copy_from_slice(s);
    }
    dst.into_remainder().copy_from_slice(src.remainder());
}

/// Whether every orientation of `state` is below its modulus or the wildcard (0 in unoriented orbits).
fn well_formed(layout: &Layout, state: &[u8]) -> bool {
    layout.orbits().iter().all(|o| {
        state[o.orientations_range()].iter().all(|&x| {
            if o.orientations == 1 {
                x == 0
            } else {
                x < o.orientations || x == o.wildcard()
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::model::moveset::MoveSet;

    /// Random walks: the kernel and the layout's composition agree, from a plain, a wildcard and an
    /// ill-formed start.
    #[test]
    fn kernel_matches_composition() {
        for text in [
            include_str!("../../tests/data/puzzles/main/3x3x3.tws"),
            include_str!("../../tests/data/puzzles/main/4x4x4.tws"),
            include_str!("../../tests/data/puzzles/main/megaminx.tws"),
            include_str!("../../tests/data/puzzles/main/squareone.tws"),
        ] {
            let p = load_puzzle(text).unwrap();
            let set = MoveSet::all(&p).unwrap();
            let transforms: Vec<&[u8]> = set.moves().iter().map(|m| p.transform(m.mv)).collect();
            let mut wild = p.solved().as_bytes().to_vec();
            let o = p.orbits().iter().find(|o| o.orientations > 1).unwrap();
            wild[o.offset + o.size] = o.wildcard();
            let mut bad = p.solved().as_bytes().to_vec();
            bad[o.offset + o.size] = o.orientations;
            for (start, sparse) in [(p.solved().as_bytes().to_vec(), true), (wild, true), (bad, false)] {
                let k = Kernel::new(p.layout(), &transforms, &start).unwrap();
                assert_eq!(k.sparse, sparse);
                let (mut a, mut b) = (start.clone(), start.clone());
                let mut out = start.clone();
                let mut x = 12345u64;
                for _ in 0..200 {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let mv = (x >> 33) as usize % transforms.len();
                    k.apply(&a, mv, &mut out);
                    std::mem::swap(&mut a, &mut out);
                    b = p.layout().compose(&b, transforms[mv]);
                    assert_eq!(a, b);
                }
            }
        }
    }

    #[test]
    fn foreign_moves_and_targets_are_refused() {
        let p = load_puzzle(include_str!("../../tests/data/puzzles/main/2x2x2.tws")).unwrap();
        let t = vec![0u8; p.state_size()];
        assert!(Kernel::new(p.layout(), &[&t], p.solved().as_bytes()).is_err());
        assert!(Kernel::new(p.layout(), &[], &t[1..]).is_err());
    }
}
