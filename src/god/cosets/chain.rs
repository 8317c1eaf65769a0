//! [`WordChain`]: a stabilizer chain of the move group along the digits of the coset numbering, so that
//! the reachable words can be walked digit by digit: level `L` holds one element `u` of `G_L` (the
//! elements whose first `L` digits are the identity's) for each value of digit `L` that `G_L` reaches,
//! and the children of a reachable word `g` with `L` digits fixed are the words `g · u`. A sub-coset
//! reached this way holds exactly `|G_{L+1}|` reachable words ([`WordChain::below`]).
//!
//! The digits are the coset's prefix letters (whole letters), then the [`Step`]s of the numbering
//! (letter by letter, block by block: the piece, then the twist). The chain is built by sifting uniformly random elements of the
//! group until the product of its levels' sizes is the group's order, so it is exact.

use rand::Rng;

use super::word::{Alphabet, Step};
use crate::control::Control;
use crate::error::{Error, Result};

/// What a digit reads of its letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// The whole letter (a prefix letter: piece and twist).
    Whole,
    /// The piece.
    Piece,
    /// The twist.
    Twist,
}

/// One digit of the numbering of the whole group: a prefix letter, then the coset's [`Step`]s.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Digit {
    pub(crate) letter: usize,
    pub(crate) part: Part,
    /// The letter's twist modulus.
    pub(crate) m: u8,
}

impl Digit {
    /// The part of letter value `l` this digit reads.
    #[inline(always)]
    pub(crate) fn of(&self, l: u8) -> u8 {
        match self.part {
            Part::Whole => l,
            Part::Piece => l / self.m,
            Part::Twist => l % self.m,
        }
    }
}

/// The digits of the numbering: the `prefix` letters, then `steps`.
pub(crate) fn digits(alphabet: &Alphabet, steps: &[Step]) -> Vec<Digit> {
    let lead_m = alphabet.block_letters()[0].2;
    let mut out: Vec<Digit> = (0..alphabet.prefix).map(|i| Digit { letter: i, part: Part::Whole, m: lead_m }).collect();
    out.extend(steps.iter().map(|s| Digit {
        letter: s.letter,
        part: if s.twist { Part::Twist } else { Part::Piece },
        m: s.m,
    }));
    out
}

/// No element for this value.
const NONE: u16 = u16::MAX;

/// One level: an element of `G_L` per value of the level's digit that `G_L` reaches.
struct Level {
    /// The elements' words, one after the other.
    words: Vec<u8>,
    /// Their inverses.
    inverses: Vec<u8>,
    /// Per digit value: the element's index, or [`NONE`].
    index: [u16; 256],
}

/// The chain.
pub(crate) struct WordChain {
    pub(crate) digits: Vec<Digit>,
    len: usize,
    levels: Vec<Level>,
    /// `below[L]`: the order of `G_L` (`below[0]` is the group's).
    below: Vec<u64>,
}

/// The most random elements sifted before giving up.
const MAX_SAMPLES: usize = 1 << 20;

impl WordChain {
    /// The chain of the group of `order` elements along `digits`; `sample` draws uniformly random elements
    /// of the group as words.
    pub(crate) fn new(
        alphabet: &Alphabet,
        digits: Vec<Digit>,
        order: u64,
        mut sample: impl FnMut() -> Vec<u8>,
        control: Control,
    ) -> Result<WordChain> {
        let len = alphabet.len;
        let identity = alphabet.identity();
        let mut levels: Vec<Level> = digits
            .iter()
            .map(|d| {
                let mut index = [NONE; 256];
                index[d.of(identity[d.letter]) as usize] = 0;
                Level { words: identity.clone(), inverses: identity.clone(), index }
            })
            .collect();
        let mut chain = WordChain { digits, len, levels: Vec::new(), below: Vec::new() };
        let size = |levels: &[Level]| levels.iter().map(|l| (l.words.len() / len) as u128).product::<u128>();
        let (mut inv, mut next) = (vec![0u8; len], vec![0u8; len]);
        let mut samples = 0;
        while size(&levels) < order as u128 {
            samples += 1;
            if samples > MAX_SAMPLES {
                return Err(Error::internal("the coset numbering's stabilizer chain did not reach the group order"));
            }
            if samples % 256 == 0 {
                control.check()?;
            }
            let mut x = sample();
            for (d, level) in chain.digits.iter().zip(levels.iter_mut()) {
                let v = d.of(x[d.letter]) as usize;
                let k = level.index[v];
                if k == NONE {
                    alphabet.inverse(&x, &mut inv);
                    level.index[v] = (level.words.len() / len) as u16;
                    level.words.extend_from_slice(&x);
                    level.inverses.extend_from_slice(&inv);
                    break;
                }
                let k = k as usize;
                alphabet.product(&level.inverses[k * len..(k + 1) * len], &x, len, &mut next);
                std::mem::swap(&mut x, &mut next);
            }
        }
        if size(&levels) != order as u128 {
            return Err(Error::internal("the coset numbering's stabilizer chain exceeds the group order"));
        }
        let mut below = vec![1u64; levels.len() + 1];
        for l in (0..levels.len()).rev() {
            below[l] = below[l + 1] * (levels[l].words.len() / len) as u64;
        }
        chain.levels = std::mem::take(&mut levels);
        chain.below = below;
        Ok(chain)
    }

    /// Elements at level `l`.
    #[inline]
    pub(crate) fn size(&self, l: usize) -> usize {
        self.levels[l].words.len() / self.len
    }

    /// Element `k` of level `l`.
    #[inline]
    pub(crate) fn word(&self, l: usize, k: usize) -> &[u8] {
        &self.levels[l].words[k * self.len..(k + 1) * self.len]
    }

    /// The order of `G_l`: the reachable words of a sub-coset with `l` digits fixed.
    #[inline]
    pub(crate) fn below(&self, l: usize) -> u64 {
        self.below[l]
    }
}

/// A source of uniformly random words of the group: the puzzle's stabilizer chain's elements.
pub(crate) fn sampler<'a>(
    alphabet: &'a Alphabet,
    layout: &'a crate::model::layout::Layout,
    chain: &'a crate::group::StabilizerChain,
    rng: &'a mut impl Rng,
) -> impl FnMut() -> Vec<u8> + 'a {
    move || {
        let t = chain.random_element(rng);
        let mut w = vec![0u8; alphabet.len];
        alphabet.word_of(layout, &t, &mut w);
        w
    }
}
