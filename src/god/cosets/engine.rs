//! Completing one coset: its positions at each distance, as products `ζ = τ · σ` of stored positions
//! (`τ` in `P[b]`, then `σ` in `P[a]`, `a + b` the distance), one bit per position of the coset.
//!
//! Every position at distance `d` is such a product for any split `d = a + b` (cut one of its optimal
//! algs after `b` moves), and every product lies within distance `d`; so with the bits of the nearer
//! positions already set, the products that set a new bit are exactly the positions at distance `d`.
//! For each `τ`, the coset fixes the first letters of `σ` (see [`Alphabet::needed_prefix`]), and the
//! stored levels are sorted by those letters, so every product formed lies in the coset: `T` is
//! partitioned by where it sends the coset and whole ranges of `S` sharing a prefix are taken at once.

use super::levels::Level;
use super::word::Alphabet;
use crate::control::Control;
use crate::error::Result;

/// One bit per position of a coset, cleared cheaply after a sparse coset.
pub(crate) struct Bitmap {
    bits: Vec<u64>,
    /// Positions set since the last clear, while few.
    log: Vec<u64>,
    overflow: bool,
}

/// Set positions remembered for a sparse clear.
const LOG_LIMIT: usize = 1 << 16;

impl Bitmap {
    /// A clear bitmap of `capacity` positions.
    pub(crate) fn new(capacity: u64) -> Bitmap {
        Bitmap { bits: vec![0; capacity.div_ceil(64) as usize], log: Vec::new(), overflow: false }
    }

    /// Sets position `i`; whether it was clear.
    #[inline(always)]
    pub(crate) fn test_and_set(&mut self, i: u64) -> bool {
        let (w, b) = ((i >> 6) as usize, 1u64 << (i & 63));
        if self.bits[w] & b != 0 {
            return false;
        }
        self.bits[w] |= b;
        if !self.overflow {
            if self.log.len() < LOG_LIMIT {
                self.log.push(i);
            } else {
                self.overflow = true;
            }
        }
        true
    }

    /// Clears every bit.
    pub(crate) fn clear(&mut self) {
        if self.overflow {
            self.bits.fill(0);
        } else {
            for &i in &self.log {
                self.bits[(i >> 6) as usize] = 0;
            }
        }
        self.log.clear();
        self.overflow = false;
    }
}

/// What every coset shares: the numbering, the stored levels and the positions per reachable coset.
pub(crate) struct Shared<'a> {
    pub(crate) alphabet: &'a Alphabet,
    /// `levels[d]`: every position at distance `d`, sorted by coset.
    pub(crate) levels: &'a [Level],
    /// Positions in each reachable coset.
    pub(crate) full: u64,
}

/// The split `d = a + b` (`σ` from `P[a]`, `τ` from `P[b]`) with the fewest products.
fn split(levels: &[Level], d: usize) -> Option<(usize, usize)> {
    let k = levels.len() - 1;
    (d.saturating_sub(k).max(1)..=k.min(d - 1))
        .map(|a| (a, d - a))
        .min_by_key(|&(a, b)| ((levels[a].len() as u128) * (levels[b].len() as u128), levels[b].len()))
}

/// Counts the positions of coset `key` at distances `0..=limit` into `counts` (which has `limit + 1`
/// entries), pushing those beyond the stored levels to `found` when given. Returns whether the coset
/// was completed (every position found); `false` when the limit or the stored levels stopped it.
pub(crate) fn run_coset(
    shared: &Shared,
    key: u64,
    limit: usize,
    bitmap: &mut Bitmap,
    counts: &mut [u64],
    mut found: Option<&mut Vec<u64>>,
    control: Control,
) -> Result<bool> {
    let alphabet = shared.alphabet;
    let len = alphabet.len;
    let k = shared.levels.len() - 1;
    bitmap.clear();
    let mut total = 0u64;
    for (d, level) in shared.levels.iter().enumerate().take(limit + 1) {
        for w in level.range(key).chunks_exact(len) {
            bitmap.test_and_set(alphabet.within(w));
            counts[d] += 1;
            total += 1;
        }
    }
    let mut word = vec![0u8; len];
    alphabet.word(key, 0, &mut word);
    let coset = word[..alphabet.prefix].to_vec();
    let (mut need, mut z) = (vec![0u8; len], vec![0u8; len]);
    for (d, count) in counts.iter_mut().enumerate().take(limit + 1).skip(k + 1) {
        if total == shared.full {
            break;
        }
        let Some((a, b)) = split(shared.levels, d) else { return Ok(false) };
        let (s, t) = (&shared.levels[a], &shared.levels[b]);
        for (n, tau) in t.words().chunks_exact(len).enumerate() {
            if n % 4096 == 0 {
                control.check()?;
            }
            alphabet.needed_prefix(tau, &coset, &mut need);
            for sigma in s.range(alphabet.key(&need)).chunks_exact(len) {
                alphabet.product(tau, sigma, len, &mut z);
                let i = alphabet.within(&z);
                if bitmap.test_and_set(i) {
                    *count += 1;
                    total += 1;
                    if let Some(f) = found.as_deref_mut() {
                        f.push(i);
                    }
                }
            }
            if total == shared.full {
                break;
            }
        }
    }
    Ok(total == shared.full)
}

/// `P[d]` for `d = levels.len()`, from the stored levels (through `d - 1`), over the reachable cosets.
pub(crate) fn next_level(
    alphabet: &Alphabet,
    levels: &[Level],
    full: u64,
    cosets: &[u64],
    control: Control,
) -> Result<Level> {
    let d = levels.len();
    let shared = Shared { alphabet, levels, full };
    let per_coset = super::map_cosets(cosets, alphabet.capacity, |bitmap, key| {
        let mut counts = vec![0u64; d + 1];
        let mut found = Vec::new();
        run_coset(&shared, key, d, bitmap, &mut counts, Some(&mut found), control)?;
        found.sort_unstable();
        let mut words = vec![0u8; found.len() * alphabet.len];
        for (w, &i) in words.chunks_exact_mut(alphabet.len).zip(&found) {
            alphabet.word(key, i, w);
        }
        Ok(words)
    });
    let mut words = Vec::new();
    for w in per_coset {
        words.extend_from_slice(&w?);
    }
    Ok(Level::from_sorted(alphabet, words))
}
