//! Symmetry classes of a coordinate, and its conjugation table. A coordinate is a number `0..n` that
//! conjugating by a symmetry maps to another (`conj(x, s)`, a group action: conjugating by `s` then by
//! `t` is conjugating by `s` then `t`). Values that conjugation maps onto each other share a class,
//! represented by its smallest value, so a table over (class, other coordinate) is smaller by about the
//! number of symmetries (min2phase's and Kociemba's pruning tables, God's algorithm's rows). Each value
//! keeps its class and a symmetry that takes it to the representative; each class keeps the symmetries
//! that fix its representative (its "self-symmetries", a mask), which the table fills use to set the
//! entries that class's symmetries make equal.

use super::table::Inverses;

/// A set of symmetries as bits (symmetry `s` is bit `s`), the type of a class's self-symmetries.
pub(crate) trait Mask: Copy + Eq + std::fmt::Debug {
    /// How many symmetries the mask can hold.
    const BITS: u32;
    /// No symmetry.
    const EMPTY: Self;
    /// The mask with symmetry `s` added.
    fn with(self, s: usize) -> Self;
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const BITS: u32 = <$t>::BITS;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn with(self, s: usize) -> Self {
                self | 1 << s
            }
        }
    )*};
}
mask!(u16, u64, u128);

/// The classes of one coordinate under the symmetries of a mask (a subgroup).
#[derive(Debug)]
pub(crate) struct SymClasses<M> {
    /// Per value: its class and the symmetry `s` whose conjugation takes it to the class's representative.
    pub class: Vec<u32>,
    pub sym: Vec<u8>,
    /// Per class: its representative (the smallest value) and the symmetries that fix it, the identity
    /// included (bits).
    pub reps: Vec<u32>,
    pub stab: Vec<M>,
}

impl<M: Mask> SymClasses<M> {
    /// The classes of a coordinate of `n` values under the symmetries whose bit is set in `syms` (a
    /// subgroup of `group`), from its conjugation `conj(x, s)` (called for the representatives only).
    pub(crate) fn new(
        n: usize,
        syms: impl Into<u128>,
        group: &impl Inverses,
        mut conj: impl FnMut(u32, usize) -> u32,
    ) -> Self {
        SymClasses::try_new(n, syms.into(), group, |x, s| Some(conj(x, s))).expect("every conjugate has a value")
    }

    /// [`SymClasses::new`] with a conjugation that may fail (a conjugate without a value, or work
    /// cancelled): `None` when it does.
    pub(crate) fn try_new(
        n: usize,
        syms: u128,
        group: &impl Inverses,
        mut conj: impl FnMut(u32, usize) -> Option<u32>,
    ) -> Option<Self> {
        assert!(M::BITS == 128 || syms >> M::BITS == 0, "the symmetries fit the mask");
        let list: Vec<usize> = (0..128).filter(|&s| syms >> s & 1 == 1).collect();
        let mut class = vec![u32::MAX; n];
        let mut sym = vec![0u8; n];
        let (mut reps, mut stab) = (Vec::new(), Vec::new());
        for x in 0..n {
            if class[x] != u32::MAX {
                continue;
            }
            let c = reps.len() as u32;
            let mut fixed = M::EMPTY;
            for &s in &list {
                let y = conj(x as u32, s)? as usize;
                if y == x {
                    fixed = fixed.with(s);
                }
                if class[y] == u32::MAX {
                    // x is y conjugated by the inverse of s.
                    class[y] = c;
                    sym[y] = group.inverse_of(s) as u8;
                }
            }
            reps.push(x as u32);
            stab.push(fixed);
        }
        Some(SymClasses { class, sym, reps, stab })
    }

    /// The number of classes.
    pub(crate) fn len(&self) -> usize {
        self.reps.len()
    }
}

/// The conjugation table of a coordinate of `n` values (below 2^16): `out[x · count + s]` is `conj(x, s)`
/// for the symmetries whose bit is set in `syms` (`count` of them in all); the others' entries are left
/// zero (conjugating by them may not determine the coordinate).
pub(crate) fn conjugation_table(n: usize, count: usize, syms: u64, conj: impl Fn(u32, usize) -> u32) -> Vec<u16> {
    assert!(n <= 1 << 16 && count <= 64, "conjugation tables hold 16-bit values");
    let mut out = vec![0u16; n * count];
    for x in 0..n {
        for s in (0..count).filter(|&s| syms >> s & 1 == 1) {
            out[x * count + s] = conj(x as u32, s) as u16;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::table::SymmetryTable;
    use super::*;

    /// The values `0..12` as positions on a clock, conjugated by the rotations by 0, 3, 6 and 9 hours
    /// and the reflections through 0 and 6.
    #[test]
    fn classes_of_a_clock() {
        // The symmetries: rotation by 3k hours (k < 4), then those followed by x ↦ −x.
        let act = |x: u32, s: usize| -> u32 {
            let r = (x + 3 * (s as u32 % 4)) % 12;
            if s < 4 {
                r
            } else {
                (12 - r) % 12
            }
        };
        let maps: Vec<Vec<u16>> = (0..8).map(|s| (0..12).map(|x| act(x, s) as u16).collect()).collect();
        let group = SymmetryTable::of_move_maps(&maps).unwrap();
        let c = SymClasses::<u16>::new(12, 0xffu16, &group, act);
        // Rotations by quarters: x mod 3 is the class, then x and −x join: {0,3,6,9}, {1,2,4,5,7,8,10,11}.
        assert_eq!(c.reps, [0, 1]);
        for x in 0..12u32 {
            let (k, s) = (c.class[x as usize], c.sym[x as usize] as usize);
            assert_eq!(act(x, s), c.reps[k as usize], "{x}");
        }
        // 0 is fixed by the identity and by −x.
        let fix0: Vec<usize> = (0..8).filter(|&s| c.stab[0] >> s & 1 == 1).collect();
        assert_eq!(fix0, (0..8).filter(|&s| act(0, s) == 0).collect::<Vec<_>>());
        assert_eq!(c.stab[1], 1);
        // Only the rotations: three classes of four.
        let rot = SymClasses::<u64>::new(12, 0x0fu16, &group, act);
        assert_eq!(rot.reps, [0, 1, 2]);
        // The conjugation table agrees with the action.
        let t = conjugation_table(12, 8, 0xff, act);
        assert!((0..12).all(|x| (0..8).all(|s| t[x * 8 + s] as u32 == act(x as u32, s))));
        // A failing conjugation fails the classes.
        assert!(SymClasses::<u16>::try_new(12, 0xff, &group, |x, s| Some(act(x, s)).filter(|&y| y < 11)).is_none());
    }
}
