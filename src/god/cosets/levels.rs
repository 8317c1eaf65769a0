//! [`Level`]: the positions at one distance, stored as words sorted by coset, with the range of each
//! coset's words; built by the coset enumeration itself (`P[d]` from `P[d-1]` and `P[1]`, [`next_level`](super::engine::next_level)).

use super::word::Alphabet;

/// The positions at one distance.
#[derive(Debug, Clone)]
pub(crate) struct Level {
    words: Vec<u8>,
    /// `starts[key]`: the first byte of coset `key`'s words (`keys + 1` entries).
    starts: Vec<usize>,
    len: usize,
}

impl Level {
    /// A level from words already sorted by coset key.
    pub(crate) fn from_sorted(alphabet: &Alphabet, words: Vec<u8>) -> Level {
        let len = alphabet.len;
        let mut starts = vec![0usize; alphabet.keys as usize + 1];
        for w in words.chunks_exact(len) {
            starts[alphabet.key(w) as usize + 1] += len;
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        Level { words, starts, len }
    }

    /// A level from words in any order (sorted here; duplicates removed).
    pub(crate) fn from_words(alphabet: &Alphabet, words: Vec<u8>) -> Level {
        let mut keyed: Vec<(u64, u64)> =
            words.chunks_exact(alphabet.len).map(|w| (alphabet.key(w), alphabet.within(w))).collect();
        keyed.sort_unstable();
        keyed.dedup();
        let mut sorted = vec![0u8; keyed.len() * alphabet.len];
        for (w, &(key, idx)) in sorted.chunks_exact_mut(alphabet.len).zip(&keyed) {
            alphabet.word(key, idx, w);
        }
        Level::from_sorted(alphabet, sorted)
    }

    /// Positions stored.
    pub(crate) fn len(&self) -> usize {
        self.words.len() / self.len.max(1)
    }

    /// Every word, by coset.
    pub(crate) fn words(&self) -> &[u8] {
        &self.words
    }

    /// The words of coset `key`.
    #[inline]
    pub(crate) fn range(&self, key: u64) -> &[u8] {
        &self.words[self.starts[key as usize]..self.starts[key as usize + 1]]
    }

    /// The words of coset `key`, as a range of word indices.
    #[inline]
    pub(crate) fn span(&self, key: u64) -> std::ops::Range<usize> {
        self.starts[key as usize] / self.len..self.starts[key as usize + 1] / self.len
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> u64 {
        (self.words.len() + self.starts.len() * std::mem::size_of::<usize>()) as u64
    }
}
