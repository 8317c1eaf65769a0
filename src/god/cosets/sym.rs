//! Symmetry and anti-symmetry in the coset enumeration (the seed's second half). The symmetries `M` are
//! the definition's rotations that keep the move set ([`symmetries`](crate::group::symmetry::symmetries));
//! conjugation `ζ ↦ μ⁻¹ζμ` keeps distances, so only one *representative* per class `ζ^M` is enumerated:
//! the first of the class in the order of the numbering (the coset key, then the position within the
//! coset: the [`Digit`]s of the [`WordChain`] compared one by one), counted with the class size
//! `|M| / |Symm(ζ)|`.
//!
//! Conjugation works letter by letter: letter `i` of `μ⁻¹ζμ` is a fixed map of letter `src(i)` of `ζ`
//! (its piece from the piece alone). So a partial word already decides some comparisons: once a
//! conjugate is smaller on the digits known, no word of that sub-coset is a representative. Before the
//! products of a coset are formed, [`WordSymmetry::mark`] walks the coset's reachable words digit by
//! digit along the chain (the seed's pre-calculation of symmetry) and visits, at the first digit where
//! it is decided, every sub-coset that holds no representative (and every unreachable one); a sub-coset
//! whose conjugates are all larger is all representatives with no symmetry, and is left as it is. Only
//! words that equal some conjugate reach the last digit: those with `|Symm(ζ)| > 1` go to a short
//! sorted table for their class sizes. The products then only ever visit representatives; cosets with
//! none ([`WordSymmetry::candidates`] decides it from the prefix) are not enumerated at all. Walking
//! every sub-coset down to single words costs more than a shallow enumeration of the coset, so the
//! walk stops at sub-cosets of a cutoff size: the words of those left open are classified as the
//! products visit them (non-representatives visited, not counted).
//!
//! Anti-symmetry: `ζ⁻¹` is at the distance of `ζ`, and `ζ^M`, `(ζ⁻¹)^M` are equal or disjoint. A
//! representative `ζ` also represents its class up to inverse unless some `μ⁻¹ζ⁻¹μ` comes before it
//! ([`WordSymmetry::inverse_case`]; the seed's cases: smaller, not a representative; equal,
//! `ζ⁻¹ ∈ ζ^M`; all larger, the two classes are disjoint).

use std::cmp::Ordering;

use super::chain::{Digit, Part, WordChain};
use super::cover::Cover;
use super::word::{Alphabet, Step};
use crate::error::{Error, Result};
use crate::group::symmetry::Symmetry;
use crate::model::layout::Layout;

/// A comparison state: the next digit to compare, or one of these outcomes.
type State = u16;

/// An open comparison: the conjugate, the next digit to compare (or [`EQUAL`]), and what it waits for:
/// a letter to become known, or one of the pieces `watch` of block `block` to be placed.
#[derive(Debug, Clone, Copy)]
struct Open {
    c: u16,
    j: State,
    letter: u8,
    block: u8,
    watch: u32,
}
/// The conjugate is larger, whatever the digits not yet known.
const GREATER: State = u16::MAX;
/// The conjugate is the word itself.
const EQUAL: State = u16::MAX - 1;
/// The conjugate is smaller.
const LESS: State = u16::MAX - 2;

/// Sub-cosets of at most this many words are pre-calculated word by word, each compared whole.
const FOLD: u64 = 8;

/// What the digits known so far decide.
enum Verdict {
    /// Some conjugate is smaller: no representative.
    Cut,
    /// Every conjugate is larger: all representatives, with no symmetry but the identity.
    Greater,
    /// Not decided yet (or, with every digit known, the conjugates equal to the word are its symmetries).
    Open,
}

/// The symmetries as conjugations of words, and the order they compare words in.
pub(crate) struct WordSymmetry {
    /// `|M|`, the identity included.
    pub(crate) order: u64,
    /// Whether the moves are closed under inverse (then `ζ⁻¹` is at the distance of `ζ`): a
    /// representative also counts the class of its inverse, whose own representative is then left out
    /// ([`Reduced::pair`]).
    paired: bool,
    len: usize,
    /// The conjugations other than the identity.
    count: usize,
    /// `src[c · len + i]`: the letter of `ζ` that letter `i` of the `c`-th conjugate comes from.
    src: Vec<u8>,
    /// `map[c · len + i][l]`: letter `i` of the conjugate when that letter of `ζ` is `l`.
    map: Vec<[u8; 256]>,
    digits: Vec<Digit>,
    /// Per letter: the digits to fix before its piece, and its whole letter, are known.
    piece_at: Vec<usize>,
    whole_at: Vec<usize>,
    /// Per letter: its block; per block: the mask of its pieces.
    block_of: Vec<usize>,
    pieces: Vec<u32>,
    /// `below[(c · len + i) · 32 + p]`: the pieces of letter `src(i)` that give the `c`-th conjugate a
    /// piece below `p` at letter `i`; `at[…]`: the piece that gives it piece `p`. With the source letter
    /// not yet known, the pieces its block has left decide the comparison when they all fall on one side.
    below: Vec<u32>,
    at: Vec<u32>,
    /// Per block: the twist of each letter value.
    twists: Vec<[u8; 256]>,
}

/// One coset that may hold representatives: its key, a reachable word of it and the comparisons its
/// prefix leaves open.
pub(crate) struct Candidate {
    pub(crate) key: u64,
    word: Vec<u8>,
    open: Vec<Open>,
}

/// How a representative `ζ` stands to the class of its inverse (the seed's three cases).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InverseCase {
    /// Some `μ⁻¹ζ⁻¹μ` comes before `ζ`: `ζ` does not represent its class up to inverse.
    Before,
    /// `ζ⁻¹ ∈ ζ^M`: one class up to symmetry, and up to symmetry and inverse.
    Same,
    /// `ζ^M` and `(ζ⁻¹)^M` are disjoint: two classes up to symmetry, one up to symmetry and inverse.
    Disjoint,
}

/// What one visited position adds to a coset's counts: positions, classes up to symmetry, and classes
/// up to symmetry and inverse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Tallied {
    pub(crate) positions: u64,
    pub(crate) classes: u64,
    pub(crate) inverse: u64,
}

/// What the pre-calculation leaves for a coset's products: how many reachable representatives it has,
/// and the class sizes that are not `|M|` (by position, sorted).
pub(crate) struct Marked {
    pub(crate) reps: u64,
    pub(crate) special: Vec<(u64, u64)>,
    /// The sub-cosets left undecided (see [`WordSymmetry::mark`]'s `cutoff`), as a bit per finest
    /// tracked sub-coset of the cover that meets one (empty: none): `reps` counts their reachable words
    /// too, and the visits within those sub-cosets must be classified.
    pub(crate) undecided: Vec<u64>,
}

/// Working memory of [`WordSymmetry::mark`]: the words and the open comparisons per digit.
#[derive(Default)]
pub(crate) struct MarkScratch {
    words: Vec<Vec<u8>>,
    open: Vec<Vec<Open>>,
}

impl WordSymmetry {
    /// The conjugations of words by `syms` (rotations with their relabelling, for the identity start);
    /// `None` when there is only the identity. `move_words` (the moves as words) check the tables: each
    /// conjugation must map the moves onto themselves.
    pub(crate) fn new(
        alphabet: &Alphabet,
        layout: &Layout,
        syms: &[Symmetry],
        digits: Vec<Digit>,
        move_words: &[Vec<u8>],
    ) -> Result<Option<WordSymmetry>> {
        let len = alphabet.len;
        let blocks = alphabet.block_letters();
        let mut block_of = vec![0usize; len];
        for (b, &(first, n, _, _)) in blocks.iter().enumerate() {
            block_of[first..first + n].fill(b);
        }
        let broken = || Error::internal("a symmetry does not map the words' letters onto letters");
        let (mut src, mut map, mut count) = (Vec::new(), Vec::new(), 0);
        for sym in syms.iter().filter(|s| !s.is_identity(layout)) {
            for i in 0..len {
                let (orbit, slot) = alphabet.slot_of(i);
                let o = &layout.orbits()[orbit];
                let from = sym.s[o.offset + slot] as usize;
                let s = alphabet.letter_of(orbit, from).ok_or_else(broken)?;
                let (s_first, s_n, s_m, _) = blocks[block_of[s]];
                let (first, _, m, _) = blocks[block_of[i]];
                let mut table = [0u8; 256];
                for lp in 0..s_n {
                    let (_, p) = alphabet.slot_of(s_first + lp);
                    let np = sym.label[orbit][p] as usize;
                    let nl =
                        alphabet.letter_of(orbit, np).filter(|&l| block_of[l] == block_of[i]).ok_or_else(broken)?;
                    for tw in 0..s_m {
                        let twist = (tw as u32 + sym.offset[orbit][p] as u32 + sym.s[o.offset + o.size + slot] as u32)
                            % o.orientations as u32
                            % m as u32;
                        table[lp * s_m as usize + tw as usize] = (nl - first) as u8 * m + twist as u8;
                    }
                }
                src.push(s as u8);
                map.push(table);
            }
            count += 1;
        }
        if count == 0 {
            return Ok(None);
        }
        let (mut piece_at, mut twist_at) = (vec![0usize; len], vec![0usize; len]);
        for (k, d) in digits.iter().enumerate() {
            match d.part {
                Part::Whole => (piece_at[d.letter], twist_at[d.letter]) = (k + 1, k + 1),
                Part::Piece => piece_at[d.letter] = k + 1,
                Part::Twist => twist_at[d.letter] = k + 1,
            }
        }
        for &(first, n, m, constrained) in &blocks {
            if m == 1 {
                twist_at[first..first + n].copy_from_slice(&piece_at[first..first + n]);
            } else if constrained {
                // The last twist is implied by the others.
                twist_at[first + n - 1] = twist_at[first..first + n - 1].iter().copied().max().unwrap_or(0);
            }
        }
        let whole_at = piece_at.iter().zip(&twist_at).map(|(&p, &t)| p.max(t)).collect();
        let pieces = blocks.iter().map(|&(_, n, _, _)| if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }).collect();
        let (mut below, mut at) = (vec![0u32; count * len * 32], vec![0u32; count * len * 32]);
        for ci in 0..count * len {
            let s = src[ci] as usize;
            let (s_first, s_n, s_m, _) = blocks[block_of[s]];
            let m = blocks[block_of[ci % len]].2;
            let _ = s_first;
            for p in 0..s_n {
                let q = (map[ci][p * s_m as usize] / m) as usize;
                at[ci * 32 + q] |= 1 << p;
                for v in q + 1..32 {
                    below[ci * 32 + v] |= 1 << p;
                }
            }
        }
        let mut inverse = vec![0u8; len];
        let paired = move_words.iter().all(|w| {
            alphabet.inverse(w, &mut inverse);
            move_words.contains(&inverse)
        });
        let ws = WordSymmetry {
            order: count as u64 + 1,
            paired,
            len,
            count,
            src,
            map,
            digits,
            piece_at,
            whole_at,
            block_of,
            pieces,
            below,
            at,
            twists: blocks.iter().map(|&(_, _, m, _)| std::array::from_fn(|l| (l % m as usize) as u8)).collect(),
        };
        let mut out = vec![0u8; len];
        for c in 0..count {
            for w in move_words {
                ws.conjugate(c, w, &mut out);
                if !move_words.contains(&out) {
                    return Err(Error::internal("a symmetry's conjugation of words does not keep the move set"));
                }
            }
        }
        Ok(Some(ws))
    }

    /// `out` = the `c`-th conjugate of the whole word `z`.
    pub(crate) fn conjugate(&self, c: usize, z: &[u8], out: &mut [u8]) {
        let base = c * self.len;
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.map[base + i][z[self.src[base + i] as usize] as usize];
        }
    }

    /// The conjugations other than the identity.
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Compares the `c`-th conjugate with `g` from digit `j` on, with `fixed` digits of `g` known (the
    /// last of them in block `block`, whose pieces `used` are placed): [`LESS`], [`GREATER`], or the
    /// open comparison, waiting for what could decide it.
    #[inline]
    fn advance(
        &self,
        c: usize,
        mut j: State,
        fixed: usize,
        g: &[u8],
        block: usize,
        used: u64,
    ) -> std::result::Result<Open, State> {
        let base = c * self.len;
        let wait = |j: State, letter: usize| Ok(Open { c: c as u16, j, letter: letter as u8, block: 0, watch: 0 });
        loop {
            let k = j as usize;
            if k == self.digits.len() {
                return Ok(Open { c: c as u16, j: EQUAL, letter: u8::MAX, block: 0, watch: 0 });
            }
            let d = self.digits[k];
            if k >= fixed {
                return wait(j, d.letter);
            }
            let s = self.src[base + d.letter] as usize;
            if self.piece_at[s] > fixed {
                if d.part == Part::Twist {
                    return wait(j, s);
                }
                // The source letter's piece is one of those its block has left.
                let sb = self.block_of[s];
                let left = if sb == block { self.pieces[sb] & !(used as u32) } else { self.pieces[sb] };
                let i = (base + d.letter) * 32 + (g[d.letter] / d.m) as usize;
                let (below, at) = (self.below[i], self.at[i]);
                if left & below == 0 && left & at == 0 {
                    return Err(GREATER);
                }
                if left & !below == 0 {
                    return Err(LESS);
                }
                return Ok(Open { c: c as u16, j, letter: s as u8, block: sb as u8, watch: below | at });
            }
            if d.part == Part::Twist && self.whole_at[s] > fixed {
                return wait(j, s);
            }
            let c = self.map[base + d.letter][g[s] as usize];
            if d.part == Part::Whole && self.whole_at[s] > fixed {
                // Only the piece of the source letter is known: the pieces may already differ.
                return match (c / d.m).cmp(&(g[d.letter] / d.m)) {
                    Ordering::Less => Err(LESS),
                    Ordering::Greater => Err(GREATER),
                    Ordering::Equal => wait(j, s),
                };
            }
            let (a, b) = (d.of(c), d.of(g[d.letter]));
            match a.cmp(&b) {
                Ordering::Less => return Err(LESS),
                Ordering::Greater => return Err(GREATER),
                Ordering::Equal => j += 1,
            }
        }
    }

    /// Advances the open comparisons `from` into `to` (those still open, or equal) for word `g` with
    /// `fixed` digits known, the last one at letter `letter` (a piece step placing `piece` of block
    /// `block`, whose pieces `used` are placed; `piece` 32 for a twist step): only the comparisons that
    /// wait for it are taken up again (all with `letter` out of range).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &self,
        from: &[Open],
        to: &mut Vec<Open>,
        fixed: usize,
        g: &[u8],
        letter: usize,
        block: usize,
        piece: u32,
        used: u64,
    ) -> Verdict {
        to.clear();
        let placed = if piece < 32 { 1u32 << piece } else { 0 };
        for e in from {
            let woken = e.j != EQUAL
                && (e.letter as usize == letter
                    || letter > u8::MAX as usize
                    || (e.watch & placed != 0 && e.block as usize == block));
            if !woken {
                to.push(*e);
                continue;
            }
            match self.advance(e.c as usize, e.j, fixed, g, block, used) {
                Ok(o) => to.push(o),
                Err(LESS) => return Verdict::Cut,
                Err(_) => {}
            }
        }
        if to.is_empty() {
            Verdict::Greater
        } else {
            Verdict::Open
        }
    }

    /// The cosets that may hold representatives, by key: the reachable cosets whose prefix no conjugate
    /// beats.
    pub(crate) fn candidates(&self, alphabet: &Alphabet, chain: &WordChain) -> Vec<Candidate> {
        let mut out = Vec::new();
        let mut words = vec![vec![0u8; self.len]; alphabet.prefix + 1];
        let mut open = vec![Vec::new(); alphabet.prefix + 1];
        words[0] = alphabet.identity();
        open[0] = (0..self.count as u16).map(|c| Open { c, j: 0, letter: 0, block: 0, watch: 0 }).collect();
        self.prefix_node(alphabet, chain, 0, 0, 0, &mut words, &mut open, &mut out);
        out.sort_unstable_by_key(|c| c.key);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn prefix_node(
        &self,
        alphabet: &Alphabet,
        chain: &WordChain,
        l: usize,
        key: u64,
        used: u64,
        words: &mut [Vec<u8>],
        open: &mut [Vec<Open>],
        out: &mut Vec<Candidate>,
    ) {
        if l == alphabet.prefix {
            out.push(Candidate { key, word: words[l].clone(), open: open[l].clone() });
            return;
        }
        let (_, n, m, _) = alphabet.block_letters()[0];
        let radix = ((n - l) * m as usize) as u64;
        for k in 0..chain.size(l) {
            {
                let (lo, hi) = words.split_at_mut(l + 1);
                alphabet.product(&lo[l], chain.word(l, k), self.len, &mut hi[0]);
            }
            let letter = words[l + 1][l];
            let p = letter / m;
            let digit = (p as u32 - (used & ((1u64 << p) - 1)).count_ones()) as u64 * m as u64 + (letter % m) as u64;
            let verdict = {
                let (lo, hi) = open.split_at_mut(l + 1);
                self.decide(&lo[l], &mut hi[0], l + 1, &words[l + 1], usize::MAX, 0, 32, used | 1 << p)
            };
            if !matches!(verdict, Verdict::Cut) {
                self.prefix_node(alphabet, chain, l + 1, key * radix + digit, used | 1 << p, words, open, out);
            }
        }
    }

    /// The pre-calculation of symmetry for coset `cand` (numbered by `steps`): visits in `cover` every
    /// sub-coset with no reachable representative, at the first digit that decides it; returns the
    /// representatives left and their class sizes other than `|M|`. With `tight` (every number of the
    /// coset is a reachable word) the digits are enumerated directly, else along the chain. Sub-cosets
    /// of at most `cutoff` reachable words still open are left undecided (counted in `reps`, listed in
    /// `undecided`): the products' visits are then classified one by one ([`Reduced::count`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn mark(
        &self,
        alphabet: &Alphabet,
        chain: &WordChain,
        steps: &[Step],
        tight: bool,
        cand: &Candidate,
        cutoff: u64,
        cover: &mut Cover,
        scratch: &mut MarkScratch,
    ) -> Marked {
        let prefix = alphabet.prefix;
        let mut out = Marked { reps: 0, special: Vec::new(), undecided: Vec::new() };
        if cand.open.is_empty() {
            out.reps = chain.below(prefix);
            return out;
        }
        scratch.words.resize(steps.len() + 1, Vec::new());
        scratch.open.resize(steps.len() + 1, Vec::new());
        for w in scratch.words.iter_mut() {
            w.resize(self.len, 0);
        }
        scratch.words[0].copy_from_slice(&cand.word);
        scratch.open[0].clone_from(&cand.open);
        let used = alphabet.prefix_pieces(&cand.word[..prefix]);
        let blocks = alphabet.block_letters();
        let mut m = Mark { sym: self, alphabet, chain, steps, blocks: &blocks, cutoff, cover, scratch, out: &mut out };
        if tight {
            let lead = &self.twists[0];
            m.direct(0, 0, used, cand.word[..prefix].iter().map(|&l| lead[l as usize] as u32).sum());
        } else {
            m.node(0, 0, used);
        }
        out.special.sort_unstable();
        out
    }

    /// Compares the `c`-th conjugate of the whole word `z` with `z` from digit `j` on.
    #[inline]
    fn finish(&self, c: usize, j: State, z: &[u8]) -> Ordering {
        if j == EQUAL {
            return Ordering::Equal;
        }
        let base = c * self.len;
        for d in &self.digits[j as usize..] {
            let i = base + d.letter;
            match d.of(self.map[i][z[self.src[i] as usize] as usize]).cmp(&d.of(z[d.letter])) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }

    /// Compares the `c`-th conjugate (`None`: the identity) of the whole word `x` with the whole word `z`.
    fn compare(&self, c: Option<usize>, x: &[u8], z: &[u8]) -> Ordering {
        for d in &self.digits {
            let l = match c {
                None => x[d.letter],
                Some(c) => {
                    let i = c * self.len + d.letter;
                    self.map[i][x[self.src[i] as usize] as usize]
                }
            };
            match d.of(l).cmp(&d.of(z[d.letter])) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }

    /// How the representative `z` stands to the class of its inverse (written to `inv`): whether some
    /// conjugate of `z⁻¹` comes before it, equals it, or none does.
    pub(crate) fn inverse_case(&self, alphabet: &Alphabet, z: &[u8], inv: &mut [u8]) -> InverseCase {
        alphabet.inverse(z, inv);
        // The first digit decides almost every comparison: it is read for every conjugate in one tight
        // loop, and only a tie compares the whole words (this test runs for every representative).
        let d0 = self.digits[0];
        let z0 = d0.of(z[d0.letter]);
        let mut same = false;
        let mut tie = |c: Option<usize>| match self.compare(c, inv, z) {
            Ordering::Less => true,
            Ordering::Equal => {
                same = true;
                false
            }
            Ordering::Greater => false,
        };
        let first = d0.of(inv[d0.letter]);
        if first < z0 || (first == z0 && tie(None)) {
            return InverseCase::Before;
        }
        for c in 0..self.count {
            let i = c * self.len + d0.letter;
            let v = d0.of(self.map[i][inv[self.src[i] as usize] as usize]);
            if v < z0 || (v == z0 && tie(Some(c))) {
                return InverseCase::Before;
            }
        }
        if same {
            InverseCase::Same
        } else {
            InverseCase::Disjoint
        }
    }

    /// The number of symmetries of the whole word `z` when it is the representative of its class (the
    /// first of its conjugates), else `None`.
    pub(crate) fn symmetries(&self, z: &[u8]) -> Option<u64> {
        let mut symm = 1;
        for c in 0..self.count {
            match self.compare(Some(c), z, z) {
                Ordering::Less => return None,
                Ordering::Equal => symm += 1,
                Ordering::Greater => {}
            }
        }
        Some(symm)
    }

    /// Whether the whole word `z` is the representative of its class, and its number of symmetries: for
    /// checks.
    #[cfg(test)]
    pub(crate) fn classify(&self, z: &[u8]) -> (bool, u64) {
        self.symmetries(z).map_or((false, 0), |s| (true, s))
    }
}

/// One coset's pre-calculation.
struct Mark<'a> {
    sym: &'a WordSymmetry,
    alphabet: &'a Alphabet,
    chain: &'a WordChain,
    steps: &'a [Step],
    /// The blocks' letters (first, size, twist modulus, last twist implied).
    blocks: &'a [(usize, usize, u8, bool)],
    /// Sub-cosets of at most this many reachable words are left undecided (0: every one decided).
    cutoff: u64,
    cover: &'a mut Cover,
    scratch: &'a mut MarkScratch,
    out: &'a mut Marked,
}

impl Mark<'_> {
    /// Child `child` of a sub-coset with `t` steps fixed (its word in `scratch.words[w]`): decided, or
    /// walked on with `walk`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn child(&mut self, t: usize, w: usize, child: u64, piece: u32, next: u64, walk: impl FnOnce(&mut Self, u64, u64)) {
        let st = self.steps[t];
        let l = self.alphabet.prefix + t;
        let verdict = {
            let (lo, hi) = self.scratch.open.split_at_mut(t + 1);
            self.sym.decide(&lo[t], &mut hi[0], l + 1, &self.scratch.words[w], st.letter, st.block, piece, next)
        };
        match verdict {
            Verdict::Cut => self.cover.fill(t + 1, child),
            Verdict::Greater => self.out.reps += self.chain.below(l + 1),
            Verdict::Open if t + 1 == self.steps.len() => {
                self.out.reps += 1;
                let open = &self.scratch.open[t + 1];
                debug_assert!(open.iter().all(|o| o.j == EQUAL));
                let symm = 1 + open.len() as u64;
                if symm > 1 {
                    self.out.special.push((child, symm));
                }
            }
            Verdict::Open => walk(self, child, next),
        }
    }

    /// The children of sub-coset `node` (`t` steps fixed; `used`: the pieces of its block placed so far)
    /// where every number is a reachable word: the digits set one letter at a time in one word (letters
    /// not yet fixed are never read).
    fn direct(&mut self, t: usize, node: u64, used: u64, twists: u32) {
        if self.undecided(t, node) {
            return;
        }
        if self.chain.below(self.alphabet.prefix + t) <= FOLD {
            self.leaves(t, node, used, twists, t);
            return;
        }
        let st = self.steps[t];
        let (used, twists) = if st.reset { (0, 0) } else { (used, twists) };
        let m = st.m;
        let i = st.letter;
        if st.twist {
            let piece = self.scratch.words[0][i] - self.scratch.words[0][i] % m;
            for tw in 0..m {
                self.scratch.words[0][i] = piece + tw;
                self.child(t, 0, node * st.radix + tw as u64, 32, used, |s, c, n| {
                    s.direct(t + 1, c, n, twists + tw as u32)
                });
            }
            return;
        }
        let (first, n, _, constrained) = self.blocks[st.block];
        // The last twist of a block whose moves keep the twist sum: implied by the others.
        let implied = ((m as u32 - twists % m as u32) % m as u32) as u8;
        let mut free = self.sym.pieces[st.block] & !(used as u32);
        let mut digit = 0;
        while free != 0 {
            let p = free.trailing_zeros() as u8;
            free &= free - 1;
            let mut letter = p * m;
            if constrained && i == first + n - 1 {
                letter += implied;
            }
            self.scratch.words[0][i] = letter;
            self.child(t, 0, node * st.radix + digit, p as u32, used | 1 << p, |s, c, n| s.direct(t + 1, c, n, twists));
            digit += 1;
        }
    }

    /// Every word of the small sub-coset `node` (`t` steps fixed, as in [`Mark::direct`]), each compared
    /// whole with the conjugates still open at step `at`.
    fn leaves(&mut self, t: usize, node: u64, used: u64, twists: u32, at: usize) {
        if t == self.steps.len() {
            let mut symm = 1;
            for &o in &self.scratch.open[at] {
                match self.sym.finish(o.c as usize, o.j, &self.scratch.words[0]) {
                    Ordering::Less => {
                        self.cover.fill(t, node);
                        return;
                    }
                    Ordering::Equal => symm += 1,
                    Ordering::Greater => {}
                }
            }
            self.out.reps += 1;
            if symm > 1 {
                self.out.special.push((node, symm));
            }
            return;
        }
        let st = self.steps[t];
        let (used, twists) = if st.reset { (0, 0) } else { (used, twists) };
        let (m, i) = (st.m, st.letter);
        if st.twist {
            let piece = self.scratch.words[0][i] - self.scratch.words[0][i] % m;
            for tw in 0..m {
                self.scratch.words[0][i] = piece + tw;
                self.leaves(t + 1, node * st.radix + tw as u64, used, twists + tw as u32, at);
            }
            return;
        }
        let implied = ((m as u32 - twists % m as u32) % m as u32) as u8;
        let (first, n, _, constrained) = self.blocks[st.block];
        let mut free = self.sym.pieces[st.block] & !(used as u32);
        let mut digit = 0;
        while free != 0 {
            let p = free.trailing_zeros() as u8;
            free &= free - 1;
            self.scratch.words[0][i] = p * m + if constrained && i == first + n - 1 { implied } else { 0 };
            self.leaves(t + 1, node * st.radix + digit, used | 1 << p, twists, at);
            digit += 1;
        }
    }

    /// The children of sub-coset `node` (`t` steps fixed; `used`: the pieces of its block placed so far)
    /// along the chain: the reachable ones only.
    fn node(&mut self, t: usize, node: u64, used: u64) {
        if self.undecided(t, node) {
            return;
        }
        let st = self.steps[t];
        let l = self.alphabet.prefix + t;
        let used = if st.reset { 0 } else { used };
        let mut seen = 0u64;
        let len = self.sym.len;
        for k in 0..self.chain.size(l) {
            {
                let (lo, hi) = self.scratch.words.split_at_mut(t + 1);
                self.alphabet.product(&lo[t], self.chain.word(l, k), len, &mut hi[0]);
            }
            let letter = self.scratch.words[t + 1][st.letter];
            let (digit, piece, next) = if st.twist {
                ((letter % st.m) as u64, 32, used)
            } else {
                let p = letter / st.m;
                ((p as u32 - (used & ((1u64 << p) - 1)).count_ones()) as u64, p as u32, used | 1 << p)
            };
            if st.radix <= 64 {
                seen |= 1 << digit;
            }
            self.child(t, t + 1, node * st.radix + digit, piece, next, |s, c, n| s.node(t + 1, c, n));
        }
        // Sub-cosets no reachable word leads to.
        if st.radix <= 64 {
            for d in 0..st.radix {
                if seen >> d & 1 == 0 {
                    self.cover.fill(t + 1, node * st.radix + d);
                }
            }
        }
    }

    /// Whether sub-coset `node` with `t` steps fixed is small enough to be left undecided: its reachable
    /// words are then classified one by one as the products visit them.
    #[inline(always)]
    fn undecided(&mut self, t: usize, node: u64) -> bool {
        let below = self.chain.below(self.alphabet.prefix + t);
        if below > self.cutoff {
            return false;
        }
        self.out.reps += below;
        let bits = &mut self.out.undecided;
        if bits.is_empty() {
            bits.resize(self.cover.blocks().div_ceil(64) as usize, 0);
        }
        for b in self.cover.blocks_meeting(t, node) {
            bits[(b >> 6) as usize] |= 1 << (b & 63);
        }
        true
    }
}

/// A coset's representatives as the products reach them: their class sizes and whether they also
/// represent their class up to inverse.
pub(crate) struct Reduced<'a> {
    sym: &'a WordSymmetry,
    alphabet: &'a Alphabet,
    key: u64,
    special: Vec<(u64, u64)>,
    /// The finest tracked sub-cosets whose visits are classified (see [`Marked::undecided`]).
    undecided: Vec<u64>,
    word: Vec<u8>,
    inv: Vec<u8>,
}

impl<'a> Reduced<'a> {
    pub(crate) fn new(sym: &'a WordSymmetry, alphabet: &'a Alphabet, key: u64, marked: Marked) -> Self {
        let Marked { special, undecided, .. } = marked;
        Reduced { sym, alphabet, key, special, undecided, word: vec![0; alphabet.len], inv: vec![0; alphabet.len] }
    }

    /// Anti-symmetry before the products (where the moves are closed under inverse and the
    /// pre-calculation decided every sub-coset): every representative `ζ` that some conjugate of `ζ⁻¹`
    /// comes before is visited now, uncounted; the representative of its class up to inverse counts its
    /// class ([`Reduced::classify`]), at the same distance. The products then have about half as many
    /// positions to find. Returns how many were visited.
    pub(crate) fn pair(&mut self, cover: &mut Cover) -> u64 {
        if !self.sym.paired || !self.undecided.is_empty() {
            return 0;
        }
        let positions = cover.positions();
        let mut visited = 0;
        for w in 0..positions.div_ceil(64) {
            let first = w * 64;
            let mut open = !cover.word(first);
            if positions - first < 64 {
                open &= (1u64 << (positions - first)) - 1;
            }
            while open != 0 {
                let i = first + open.trailing_zeros() as u64;
                open &= open - 1;
                let block = cover.block_of(i);
                self.alphabet.word(self.key, i, &mut self.word);
                if self.sym.inverse_case(self.alphabet, &self.word, &mut self.inv) == InverseCase::Before {
                    cover.visit(i, block);
                    visited += 1;
                }
            }
        }
        visited
    }

    /// Whether the visits in finest tracked sub-coset `block` are classified one by one.
    #[inline(always)]
    fn is_undecided(&self, block: u64) -> bool {
        self.undecided.get((block >> 6) as usize).is_some_and(|w| w >> (block & 63) & 1 != 0)
    }

    /// What position `i` (just visited; `block` its finest tracked sub-coset) adds to the counts:
    /// nothing when it is no representative. Outside the undecided sub-cosets every visit is a
    /// representative, its symmetries from the pre-calculation's table; within them they are found here.
    #[inline]
    pub(crate) fn count(&mut self, i: u64, block: u64) -> Tallied {
        self.alphabet.word(self.key, i, &mut self.word);
        self.classify(i, block)
    }

    /// [`Reduced::count`] for the position `τ · σ` (its word formed from the two words, letter by letter,
    /// instead of decoded from its number: a fifth of a deep reduced run's time went to decoding).
    #[inline]
    pub(crate) fn count_product(&mut self, i: u64, block: u64, tau: &[u8], sigma: &[u8]) -> Tallied {
        self.alphabet.product(tau, sigma, self.alphabet.len, &mut self.word);
        debug_assert_eq!(self.alphabet.within(&self.word), i, "the product is the position visited");
        self.classify(i, block)
    }

    /// Classifies position `i` (in finest tracked sub-coset `block`), whose word is in `self.word`. With
    /// moves closed under inverse, a representative whose inverse's class comes first adds nothing (that
    /// class's representative counts both), and one whose inverse's class is another counts both classes.
    #[inline]
    fn classify(&mut self, i: u64, block: u64) -> Tallied {
        let symm = if self.is_undecided(block) {
            match self.sym.symmetries(&self.word) {
                Some(s) => s,
                None => return Tallied::default(),
            }
        } else if self.special.is_empty() {
            1
        } else {
            self.special.binary_search_by_key(&i, |&(p, _)| p).map_or(1, |k| self.special[k].1)
        };
        let size = self.sym.order / symm;
        match (self.sym.paired, self.sym.inverse_case(self.alphabet, &self.word, &mut self.inv)) {
            (false, case) => Tallied { positions: size, classes: 1, inverse: u64::from(case != InverseCase::Before) },
            (true, InverseCase::Before) => Tallied::default(),
            (true, InverseCase::Same) => Tallied { positions: size, classes: 1, inverse: 1 },
            (true, InverseCase::Disjoint) => Tallied { positions: 2 * size, classes: 2, inverse: 1 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::chain::{digits, sampler};
    use super::*;
    use crate::control::Control;
    use crate::group::{puzzle_chain, rng_from_seed};
    use crate::load_puzzle;
    use crate::model::moveset::MoveSet;

    const CUBE3: &str = include_str!("../../../tests/data/puzzles/symm/3x3x3.tws");

    /// The edges group with cosets of `prefix` letters: its alphabet, symmetries, chain and candidates.
    fn edges(prefix: usize) -> (crate::Puzzle, Alphabet, WordSymmetry, WordChain, Vec<Candidate>) {
        let p = crate::model::omit::omit_sets(&load_puzzle(CUBE3).unwrap(), &["CORNERS".to_string()]).unwrap();
        let set = MoveSet::all(&p).unwrap();
        let transforms: Vec<&[u8]> = set.moves().iter().map(|m| p.transform(m.mv)).collect();
        let layout = p.layout();
        let a = Alphabet::new(layout, &transforms, prefix).unwrap();
        let move_words: Vec<Vec<u8>> = transforms
            .iter()
            .map(|t| {
                let mut w = vec![0; a.len];
                a.word_of(layout, t, &mut w);
                w
            })
            .collect();
        let syms = crate::group::symmetry::symmetries(&p, &transforms, &layout.identity()).unwrap();
        let sym = WordSymmetry::new(&a, layout, &syms, digits(&a, &a.steps()), &move_words).unwrap().unwrap();
        let group = puzzle_chain(&p, &set).unwrap();
        let mut rng = rng_from_seed(Some(7)).unwrap();
        let order = 980_995_276_800;
        let chain =
            WordChain::new(&a, digits(&a, &a.steps()), order, sampler(&a, layout, &group, &mut rng), Control::none())
                .unwrap();
        let cands = sym.candidates(&a, &chain);
        (p, a, sym, chain, cands)
    }

    #[test]
    fn conjugating_words_is_conjugating_transformations() {
        let (p, a, sym, _, _) = edges(2);
        assert_eq!(sym.order, 24);
        let layout = p.layout();
        let set = MoveSet::all(&p).unwrap();
        let transforms: Vec<&[u8]> = set.moves().iter().map(|m| p.transform(m.mv)).collect();
        let syms: Vec<Symmetry> = crate::group::symmetry::symmetries(&p, &transforms, &layout.identity())
            .unwrap()
            .into_iter()
            .filter(|s| !s.is_identity(layout))
            .collect();
        let (mut t, mut w, mut c, mut x) = (layout.identity(), vec![0; a.len], vec![0; a.len], vec![0; a.len]);
        let mut conj = layout.identity();
        for step in 0..60 {
            t = layout.compose(&t, p.transform(set.moves()[step * 7 % set.moves().len()].mv));
            a.word_of(layout, &t, &mut w);
            assert_eq!(syms.len(), sym.count());
            for (k, s) in syms.iter().enumerate() {
                s.conjugate(layout, &t, &mut conj);
                a.word_of(layout, &conj, &mut x);
                sym.conjugate(k, &w, &mut c);
                assert_eq!(c, x, "step {step} symmetry {k}");
            }
        }
    }

    /// Every position of some cosets: the pre-calculation leaves exactly the representatives unvisited,
    /// with their symmetries; cosets that are no candidates hold none.
    #[test]
    fn the_pre_calculation_leaves_exactly_the_representatives() {
        let (_, a, sym, chain, cands) = edges(5);
        let steps = a.steps();
        let mut cover = Cover::new(&steps);
        let mut scratch = MarkScratch::default();
        let mut word = vec![0; a.len];
        let keys: Vec<u64> = cands.iter().map(|c| c.key).collect();
        let picks = [0, 1, cands.len() / 3, cands.len() / 2, cands.len() - 1];
        for &k in &picks {
            let cand = &cands[k];
            cover.clear();
            let marked = sym.mark(&a, &chain, &steps, true, cand, 0, &mut cover, &mut scratch);
            cover.rebuild();
            let (mut reps, mut special) = (0, Vec::new());
            for i in 0..a.capacity {
                a.word(cand.key, i, &mut word);
                let (rep, symm) = sym.classify(&word);
                assert_eq!(cover.visited(i), !rep, "coset {} position {i}", cand.key);
                if rep {
                    reps += 1;
                    if symm > 1 {
                        special.push((i, symm));
                    }
                }
            }
            assert_eq!(marked.reps, reps, "coset {}", cand.key);
            assert_eq!(marked.special, special, "coset {}", cand.key);
            assert!(reps > 0);
        }
        // Cosets that are not candidates: no representative.
        let mut checked = 0;
        for key in (0..a.keys).step_by(997).filter(|k| keys.binary_search(k).is_err()) {
            for i in (0..a.capacity).step_by(13) {
                a.word(key, i, &mut word);
                assert!(!sym.classify(&word).0, "coset {key} position {i}");
            }
            checked += 1;
        }
        assert!(checked > 10);
    }
}
