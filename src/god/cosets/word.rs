//! [`Alphabet`]: group elements as *words*, one letter per slot the moves act on (`piece · m + twist`,
//! the piece numbered within its block of slots), products of words letter by letter, and the numbering
//! of words that the coset enumeration uses: the first `prefix` letters of the *lead* block (the largest)
//! name a coset of the stabilizer of those slots, and the rest of the word a position inside it.
//!
//! Words are elements of the move group (transformations), so the positions are those of a start with
//! distinct pieces; the letters of a block follow the slot order of the block.

use crate::coord::blocks::blocks;
use crate::error::{Error, Result};
use crate::model::layout::Layout;

/// One block of slots the moves connect.
#[derive(Debug, Clone)]
struct Block {
    /// The orbit.
    orbit: usize,
    /// Slots of the orbit, ascending.
    slots: Vec<usize>,
    /// The twist modulus (1 when no move twists the block).
    m: u8,
    /// Whether every move keeps the block's twist sum (then the last twist is implied).
    constrained: bool,
    /// Index of the block's first letter in a word.
    first: usize,
}

/// One digit of the numbering within a coset (see [`Alphabet::steps`]): the piece or the twist of one
/// letter. Fixing the first steps of a word names a nested sub-coset, a contiguous range of numbers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    /// The letter (index in a word).
    pub(crate) letter: usize,
    /// The first letter of its block.
    pub(crate) base: usize,
    /// Its block's twist modulus.
    pub(crate) m: u8,
    /// A twist digit (else a piece digit).
    pub(crate) twist: bool,
    /// The digit's radix: the pieces left in the block, or the twist modulus.
    pub(crate) radix: u64,
    /// The first piece digit of a block after the lead one (its used pieces start empty).
    pub(crate) reset: bool,
    /// The index of its block (the lead block is 0).
    pub(crate) block: usize,
}

/// Words of a puzzle's move group and their numbering.
#[derive(Debug, Clone)]
pub(crate) struct Alphabet {
    blocks: Vec<Block>,
    /// Letters in a word.
    pub(crate) len: usize,
    /// Per letter: the first letter of its block.
    base: Vec<u8>,
    /// Per letter: its block's twist modulus.
    modulus: Vec<u8>,
    /// Letters of the lead block that name a coset.
    pub(crate) prefix: usize,
    /// Coset keys: `0..keys` (reachable or not).
    pub(crate) keys: u64,
    /// Positions a coset's numbering spans (reachable or not).
    pub(crate) capacity: u64,
}

/// The most slots a block may have (piece sets are bit masks).
const MAX_BLOCK: usize = 32;

/// `MAGIC[d]` = ⌈2⁶⁴ / d⌉ for `2 ≤ d ≤ 256`: `n / d` is `(n · MAGIC[d]) >> 64` for `n < 2⁵⁶`.
const MAGIC: [u64; 257] = {
    let mut t = [0u64; 257];
    let mut d = 2;
    while d <= 256 {
        t[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    t
};

/// `(n / d, n % d)` for `1 ≤ d ≤ 256` and `n < 2⁵⁶` (positions within a coset), by multiplication.
#[inline(always)]
fn divmod(n: u64, d: u64) -> (u64, u64) {
    debug_assert!((1..=256).contains(&d) && n < 1 << 56);
    if d == 1 {
        return (n, 0);
    }
    let q = ((n as u128 * MAGIC[d as usize] as u128) >> 64) as u64;
    (q, n - q * d)
}

impl Alphabet {
    /// The alphabet of the group `moves` generate, or an error when the positions cannot be numbered
    /// (too many, or a block larger than 32 slots). `prefix` letters name a coset (at most the lead
    /// block's size minus one).
    pub(crate) fn new(layout: &Layout, moves: &[&[u8]], prefix: usize) -> Result<Alphabet> {
        let mut found: Vec<Block> = Vec::new();
        for (orbit, bl) in blocks(layout, moves).into_iter().enumerate() {
            let o = &layout.orbits()[orbit];
            for slots in bl {
                let twist = |t: &[u8], s: usize| t[o.offset + o.size + s] % o.orientations;
                let twisted = moves.iter().any(|t| slots.iter().any(|&s| twist(t, s) != 0));
                let m = if twisted { o.orientations } else { 1 };
                let sum = |t: &[u8]| slots.iter().map(|&s| twist(t, s) as u32).sum::<u32>() % m as u32;
                let constrained = m > 1 && moves.iter().all(|t| sum(t) == 0);
                if slots.len() > 1 || m > 1 {
                    if slots.len() > MAX_BLOCK {
                        return Err(Error::new(format!(
                            "the coset method numbers blocks of at most {MAX_BLOCK} slots; set {} has a block of {}",
                            o.name,
                            slots.len()
                        )));
                    }
                    found.push(Block { orbit, slots, m, constrained, first: 0 });
                }
            }
        }
        if found.is_empty() {
            return Err(Error::new("the moves move nothing: there is only one position"));
        }
        // The lead block: the most slots, then the largest twist modulus.
        let lead = (0..found.len()).max_by_key(|&b| (found[b].slots.len(), found[b].m, usize::MAX - b)).unwrap_or(0);
        let first = found.remove(lead);
        found.insert(0, first);
        let n = found[0].slots.len();
        if prefix >= n {
            return Err(Error::new(format!("a coset can be named by at most {} letters (the largest block)", n - 1)));
        }
        let (mut len, mut base, mut modulus) = (0, Vec::new(), Vec::new());
        for b in &mut found {
            b.first = len;
            len += b.slots.len();
            base.extend(std::iter::repeat_n(b.first as u8, b.slots.len()));
            modulus.extend(std::iter::repeat_n(b.m, b.slots.len()));
        }
        let mut alphabet = Alphabet { blocks: found, len, base, modulus, prefix, keys: 1, capacity: 1 };
        let too_many = || Error::new("the coset method cannot number these positions in 64 bits");
        let lead = &alphabet.blocks[0];
        for i in 0..prefix {
            alphabet.keys = alphabet.keys.checked_mul(((n - i) * lead.m as usize) as u64).ok_or_else(too_many)?;
        }
        for (k, b) in alphabet.blocks.iter().enumerate() {
            let start = if k == 0 { prefix } else { 0 };
            for i in start..b.slots.len() {
                alphabet.capacity = alphabet.capacity.checked_mul((b.slots.len() - i) as u64).ok_or_else(too_many)?;
            }
            let twists = b.slots.len() - start - usize::from(b.constrained);
            for _ in 0..twists {
                alphabet.capacity = alphabet.capacity.checked_mul(b.m as u64).ok_or_else(too_many)?;
            }
        }
        Ok(alphabet)
    }

    /// The letters of each block: its first letter, its size, its twist modulus and whether its last
    /// twist is implied by the others.
    pub(crate) fn block_letters(&self) -> Vec<(usize, usize, u8, bool)> {
        self.blocks.iter().map(|b| (b.first, b.slots.len(), b.m, b.constrained)).collect()
    }

    /// The orbit and slot of letter `letter`.
    pub(crate) fn slot_of(&self, letter: usize) -> (usize, usize) {
        let b = self.blocks.iter().rev().find(|b| b.first <= letter).unwrap_or(&self.blocks[0]);
        (b.orbit, b.slots[letter - b.first])
    }

    /// The letter of slot `slot` of orbit `orbit`, if the words have one.
    pub(crate) fn letter_of(&self, orbit: usize, slot: usize) -> Option<usize> {
        self.blocks
            .iter()
            .filter(|b| b.orbit == orbit)
            .find_map(|b| b.slots.binary_search(&slot).ok().map(|k| b.first + k))
    }

    /// `out = w⁻¹` (`w · w⁻¹` is the identity).
    #[inline]
    pub(crate) fn inverse(&self, w: &[u8], out: &mut [u8]) {
        for (i, &l) in w.iter().enumerate() {
            let (base, m) = (self.base[i], self.modulus[i]);
            let (piece, twist) = (l / m, l % m);
            out[base as usize + piece as usize] = (i as u8 - base) * m + (m - twist) % m;
        }
    }

    /// The size of the lead block.
    pub(crate) fn lead_size(&self) -> usize {
        self.blocks[0].slots.len()
    }

    /// The digits of [`Alphabet::within`], most significant first: per block, letter by letter, the
    /// piece (its rank among the pieces not yet used), then the twist (left out when implied: the last
    /// letter of a block whose moves keep the twist sum). Whole letters come one after the other, as in
    /// the seed's numbering, so a word's first letters decide a sub-coset.
    pub(crate) fn steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        for (k, b) in self.blocks.iter().enumerate() {
            let start = if k == 0 { self.prefix } else { 0 };
            let n = b.slots.len();
            let last = n - usize::from(b.constrained);
            for i in start..n {
                let reset = k > 0 && i == start;
                let step = Step {
                    letter: b.first + i,
                    base: b.first,
                    m: b.m,
                    twist: false,
                    radix: (n - i) as u64,
                    reset,
                    block: k,
                };
                steps.push(step);
                if b.m > 1 && i < last {
                    steps.push(Step { twist: true, radix: b.m as u64, reset: false, ..step });
                }
            }
        }
        steps
    }

    /// The pieces (bit mask, within the lead block) of a coset's prefix letters.
    pub(crate) fn prefix_pieces(&self, coset: &[u8]) -> u64 {
        let m = self.blocks[0].m;
        coset.iter().fold(0u64, |used, &l| used | 1 << (l / m))
    }

    /// The word of a transformation of the layout (a move or a product of moves).
    pub(crate) fn word_of(&self, layout: &Layout, t: &[u8], out: &mut [u8]) {
        for b in &self.blocks {
            let o = &layout.orbits()[b.orbit];
            for (k, &s) in b.slots.iter().enumerate() {
                let from = t[o.offset + s] as usize;
                let local = b.slots.binary_search(&from).unwrap_or(0);
                let twist = if b.m > 1 { t[o.offset + o.size + s] % b.m } else { 0 };
                out[b.first + k] = local as u8 * b.m + twist;
            }
        }
    }

    /// The identity word.
    pub(crate) fn identity(&self) -> Vec<u8> {
        let mut w = vec![0u8; self.len];
        for b in &self.blocks {
            for k in 0..b.slots.len() {
                w[b.first + k] = k as u8 * b.m;
            }
        }
        w
    }

    /// `out = a · b` (`a` followed by `b`) on the first `letters` letters; `a` must be whole.
    #[inline(always)]
    pub(crate) fn product(&self, a: &[u8], b: &[u8], letters: usize, out: &mut [u8]) {
        for i in 0..letters {
            let m = self.modulus[i];
            let bl = b[i];
            let (piece, twist) = if m == 1 { (bl, 0) } else { (bl / m, bl % m) };
            let al = a[self.base[i] as usize + piece as usize];
            out[i] = if m == 1 {
                al
            } else {
                let s = al % m + twist;
                al - al % m + if s >= m { s - m } else { s }
            };
        }
    }

    /// The prefix of the `b` with `a · b` having the coset prefix `coset` (its first letters): unique.
    #[inline]
    pub(crate) fn needed_prefix(&self, a: &[u8], coset: &[u8], out: &mut [u8]) {
        let lead = &self.blocks[0];
        let m = lead.m;
        for (i, &c) in coset.iter().enumerate() {
            let (piece, twist) = (c / m, c % m);
            // The slot of `a` (within the lead block) holding `piece`.
            let slot = a[..lead.slots.len()].iter().position(|&l| l / m == piece).unwrap_or(0);
            let have = a[slot] % m;
            out[i] = slot as u8 * m + (twist + m - have) % m;
        }
    }

    /// The key of a prefix (the first `prefix` letters of a word): its coset.
    #[inline]
    pub(crate) fn key(&self, word: &[u8]) -> u64 {
        let lead = &self.blocks[0];
        let (n, m) = (lead.slots.len() as u64, lead.m);
        let (mut key, mut used) = (0u64, 0u64);
        for (i, &l) in word[..self.prefix].iter().enumerate() {
            let p = l / m;
            let rank = (used & ((1u64 << p) - 1)).count_ones() as u64;
            let digit = p as u64 - rank;
            used |= 1 << p;
            key = key * ((n - i as u64) * m as u64) + digit * m as u64 + (l % m) as u64;
        }
        key
    }

    /// The position of a word within its coset, in `0..capacity`.
    #[inline]
    pub(crate) fn within(&self, word: &[u8]) -> u64 {
        let mut idx = 0u64;
        for (k, b) in self.blocks.iter().enumerate() {
            let start = if k == 0 { self.prefix } else { 0 };
            let (n, m) = (b.slots.len(), b.m);
            let letters = &word[b.first..b.first + n];
            let mut used = 0u64;
            for &l in &letters[..start] {
                used |= 1 << (l / m);
            }
            let last = n - usize::from(b.constrained);
            for (i, &l) in letters.iter().enumerate().skip(start) {
                let p = l / m;
                let digit = p as u64 - (used & ((1u64 << p) - 1)).count_ones() as u64;
                used |= 1 << p;
                idx = idx * (n - i) as u64 + digit;
                if m > 1 && i < last {
                    idx = idx * m as u64 + (l % m) as u64;
                }
            }
        }
        idx
    }

    /// The word of coset `key` and position `idx` (the inverse of [`Alphabet::key`] and
    /// [`Alphabet::within`]).
    pub(crate) fn word(&self, key: u64, mut idx: u64, out: &mut [u8]) {
        let mut digits = [0u8; MAX_BLOCK];
        for (k, b) in self.blocks.iter().enumerate().rev() {
            let start = if k == 0 { self.prefix } else { 0 };
            let (n, m) = (b.slots.len(), b.m);
            let mut twists = [0u8; MAX_BLOCK];
            let last = n - usize::from(b.constrained);
            for i in (start..n).rev() {
                if m > 1 && i < last {
                    let (q, r) = divmod(idx, m as u64);
                    twists[i] = r as u8;
                    idx = q;
                }
                let (q, r) = divmod(idx, (n - i) as u64);
                digits[i] = r as u8;
                idx = q;
            }
            if k == 0 {
                let mut key = key;
                for i in (0..start).rev() {
                    let radix = ((n - i) * m as usize) as u64;
                    let d = key % radix;
                    key /= radix;
                    digits[i] = (d / m as u64) as u8;
                    twists[i] = (d % m as u64) as u8;
                }
            }
            let mut used = 0u64;
            let mut sum = 0u32;
            for i in 0..n {
                // The digits[i]-th unused piece.
                let mut free = !used;
                for _ in 0..digits[i] {
                    free &= free - 1;
                }
                let p = free.trailing_zeros() as u8;
                used |= 1 << p;
                if b.constrained && i == n - 1 {
                    twists[i] = ((m as u32 - sum % m as u32) % m as u32) as u8;
                }
                sum += twists[i] as u32;
                out[b.first + i] = p * m + twists[i];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load_puzzle;
    use crate::model::moveset::MoveSet;

    const CUBE3: &str = include_str!("../../../tests/data/puzzles/main/3x3x3.tws");

    #[test]
    fn numbering_round_trips_and_products_match_composition() {
        let p = load_puzzle(CUBE3).unwrap();
        let set = MoveSet::parse(&p, "U,R,F").unwrap();
        let gens = set.generator_transforms(&p);
        let layout = p.layout();
        for prefix in [1, 2, 3] {
            let a = Alphabet::new(layout, &gens, prefix).unwrap();
            assert_eq!(a.len, 16); // U,R,F fix one corner and three edges
                                   // A walk of products: each word numbers and unnumbers to itself, and the letterwise product
                                   // equals the layout's composition.
            let mut t = layout.identity();
            let (mut w, mut back, mut mw, mut prod) = (vec![0; 16], vec![0; 16], vec![0; 16], vec![0; 16]);
            for step in 0..200 {
                let mv = gens[step * 7 % gens.len()];
                let next = layout.compose(&t, mv);
                a.word_of(layout, &t, &mut w);
                a.word_of(layout, mv, &mut mw);
                a.product(&w, &mw, a.len, &mut prod);
                t = next;
                a.word_of(layout, &t, &mut w);
                assert_eq!(prod, w);
                let (key, idx) = (a.key(&w), a.within(&w));
                assert!(key < a.keys && idx < a.capacity);
                a.word(key, idx, &mut back);
                assert_eq!(back, w, "prefix {prefix} step {step}");
                // The prefix the second factor needs for the product's coset.
                let (mut need, mut old) = (vec![0; prefix], vec![0; 16]);
                a.word_of(layout, &layout.compose(&t, &layout.invert(mv)), &mut old);
                a.needed_prefix(&old, &prod[..prefix], &mut need);
                assert_eq!(&need[..], &mw[..prefix]);
            }
        }
    }
}
