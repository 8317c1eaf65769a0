//! The Square-1 model: 24 wedge slots and the middle layer, numbered as in cubing.js's `square1`
//! KPuzzle (slots 0–11 the top ring, 12–23 the bottom ring; a corner is two wedges, an edge one).

/// What a wedge is: an edge, or the first or second half of a corner (in slot order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A 30° edge.
    Edge,
    /// The first wedge of a 60° corner.
    CornerFirst,
    /// The second wedge of a 60° corner.
    CornerSecond,
}

use Kind::{CornerFirst as C1, CornerSecond as C2, Edge as E};

/// The kind of each wedge of the solved puzzle (wedge numbers are the solved slots):
/// top `C E C E C E C E` from slot 0, bottom `E C E C E C E C` from slot 12.
pub const KIND: [Kind; 24] = [C1, C2, E, C1, C2, E, C1, C2, E, C1, C2, E, E, C1, C2, E, C1, C2, E, C1, C2, E, C1, C2];

/// The slots a slash cuts before: a slash is blocked when a corner's second wedge is in one of them.
pub const CUT_SLOTS: [usize; 4] = [0, 6, 12, 18];

/// A Square-1 position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square1 {
    /// The wedge in each slot.
    pub wedges: [u8; 24],
    /// Whether the middle layer is flipped (cubing.js: `EQUATOR` piece 1 with orientation 3).
    pub middle: bool,
}

/// Turns a ring of 12 slots so that the wedge in slot `i` goes to slot `i + amount`, as cubing.js's
/// `U_SQ_` and `D_SQ_` do.
pub fn rotate<T: Copy>(ring: &mut [T], amount: i32) {
    let k = amount.rem_euclid(12) as usize;
    ring.rotate_right(k);
}

/// Whether a slash can be made with these kinds in the slots (no corner straddles the cut).
pub fn sliceable(kinds: &[Kind; 24]) -> bool {
    CUT_SLOTS.iter().all(|&s| kinds[s] != C2)
}

/// The two halves a slash exchanges: slots 6–11 and 12–17.
pub fn slash_slots<T: Copy>(slots: &mut [T; 24]) {
    let (a, b) = slots.split_at_mut(12);
    a[6..12].swap_with_slice(&mut b[0..6]);
}

impl Square1 {
    /// The solved puzzle.
    pub fn solved() -> Self {
        let mut wedges = [0u8; 24];
        for (i, w) in wedges.iter_mut().enumerate() {
            *w = i as u8;
        }
        Square1 { wedges, middle: false }
    }

    /// The kind of wedge in each slot.
    pub fn kinds(&self) -> [Kind; 24] {
        self.wedges.map(|w| KIND[w as usize])
    }

    /// The position after the turn `(top, bottom)` (cubing.js `U_SQ_top D_SQ_bottom`).
    pub fn turn(&self, top: i32, bottom: i32) -> Self {
        let mut next = *self;
        rotate(&mut next.wedges[..12], top);
        rotate(&mut next.wedges[12..], bottom);
        next
    }

    /// Whether a slash can be made now.
    pub fn can_slash(&self) -> bool {
        sliceable(&self.kinds())
    }

    /// The position after a slash (cubing.js `_SLASH_`), or `None` when a corner blocks it.
    pub fn slash(&self) -> Option<Self> {
        if !self.can_slash() {
            return None;
        }
        let mut next = *self;
        slash_slots(&mut next.wedges);
        next.middle = !next.middle;
        Some(next)
    }

    /// The position after `alg` (turns and slashes), or `None` when one of its slashes is blocked.
    pub fn apply(&self, alg: &Square1Alg) -> Option<Self> {
        let mut s = *self;
        for (i, &(top, bottom)) in alg.turns.iter().enumerate() {
            s = s.turn(top, bottom);
            if i + 1 < alg.turns.len() {
                s = s.slash()?;
            }
        }
        Some(s)
    }
}

/// A Square-1 alg: turns `(top, bottom)` with a slash between each two (`t0 / t1 / … / tn`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Square1Alg {
    /// The turns, one more than the slashes (a `(0, 0)` where nothing is turned).
    pub turns: Vec<(i32, i32)>,
}

/// A turn amount in cubing.js's range, -5 to 6.
pub fn normalize(amount: i32) -> i32 {
    (amount + 5).rem_euclid(12) - 5
}

impl Square1Alg {
    /// The number of slashes (the twist metric's length).
    pub fn slashes(&self) -> usize {
        self.turns.len().saturating_sub(1)
    }

    /// The length in tnoodle's metric (the WCA minimum's): each slash and each nonzero turn is one move.
    pub fn moves(&self) -> usize {
        self.slashes() + self.turns.iter().filter(|&&(t, b)| normalize(t) != 0 || normalize(b) != 0).count()
    }

    /// The inverse alg.
    pub fn invert(&self) -> Self {
        Square1Alg { turns: self.turns.iter().rev().map(|&(t, b)| (-t, -b)).collect() }
    }

    /// The alg in cubing.js's notation, as its own scrambles are written: `(1, 0) / (-3, 3) / (0, 3)`,
    /// amounts from -5 to 6, `(0, 0)` turns left out.
    pub fn notation(&self) -> String {
        let mut tokens = Vec::new();
        for (i, &(t, b)) in self.turns.iter().enumerate() {
            let (t, b) = (normalize(t), normalize(b));
            if t != 0 || b != 0 {
                tokens.push(format!("({t}, {b})"));
            }
            if i + 1 < self.turns.len() {
                tokens.push("/".to_string());
            }
        }
        tokens.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_match_cubing_kpuzzle() {
        // cubing.js: `(1, 0)` sends wedge 11 to slot 0; `/` swaps slots 6–11 and 12–17.
        let s = Square1::solved().turn(1, 0);
        assert_eq!(s.wedges[0], 11);
        assert_eq!(s.wedges[1], 0);
        assert!(s.can_slash());
        let d = Square1::solved().turn(0, 1);
        assert_eq!(d.wedges[12], 23);
        let t = s.slash().unwrap();
        assert_eq!(&t.wedges[6..12], &[12, 13, 14, 15, 16, 17]);
        assert!(t.middle);
        assert!(Square1::solved().turn(2, 0).slash().is_none());
    }

    #[test]
    fn notation_and_inverse() {
        let alg = Square1Alg { turns: vec![(1, 0), (-3, 3), (0, 0), (7, 12)] };
        assert_eq!(alg.notation(), "(1, 0) / (-3, 3) / / (-5, 0)");
        assert_eq!(alg.slashes(), 3);
        assert_eq!(alg.moves(), 6);
        let s = Square1::solved().apply(&alg).unwrap();
        assert_eq!(s.apply(&alg.invert()).unwrap(), Square1::solved());
    }
}
