//! Hashing: the pruning table's hash of a state (and the slot it picks), and [`Hasher`], the one
//! fingerprint every saved table and work unit is keyed by.
//!
//! The hash of a state is a 64-bit value from the state's bytes, mixed well enough that
//! the table index taken from its high bits spreads states evenly, and cheap enough for the search's inner
//! loop on every target, WebAssembly included (a 40-byte 3x3x3 state costs five 64-bit multiplications
//! and a final avalanche; no 128-bit products, which wasm32 has no instruction for).
//!
//! Bytes are read as little-endian 64-bit words. Each word is xored into the running value, which is
//! then multiplied by an odd constant (a different one for each word position, so that permuting words
//! changes the hash) and xor-shifted, so that the high bits the multiplication fills feed the low bits
//! the next word meets. For a given word each step is a bijection of the running value, and for a given
//! running value a bijection of the word. A final avalanche (xor-shift-multiply) makes every output bit
//! depend on every input bit.

/// Starting value: a constant mixed with the length.
const SEED: u64 = 0x6a09_e667_f3bc_c909;
/// Per-word constants (odd, with well-spread bits), used in turn.
const BLOCK: [u64; 4] = [0x9e37_79b9_7f4a_7c15, 0xd1b5_4a32_d192_ed03, 0xa076_1d64_78bd_642f, 0xe703_7ed1_a0b4_28db];
/// Avalanche multipliers.
const MIX1: u64 = 0xff51_afd7_ed55_8ccd;
const MIX2: u64 = 0xc4ce_b9fe_1a85_ec53;

/// One word's step: `x` (the running value xor the word) times `k`, xor-shifted.
#[inline(always)]
fn step(x: u64, k: u64) -> u64 {
    let y = x.wrapping_mul(k);
    y ^ (y >> 29)
}

/// Eight bytes as a little-endian word (`bytes` has at least eight).
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(w)
}

/// Up to eight bytes as a little-endian word, zero-padded.
#[inline(always)]
fn partial_word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    let n = bytes.len().min(8);
    w[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(w)
}

/// The final avalanche: every output bit depends on every input bit.
#[inline(always)]
fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(MIX1);
    h ^= h >> 33;
    h = h.wrapping_mul(MIX2);
    h ^ (h >> 33)
}

/// The hash of a byte string (a state). Deterministic: the same bytes always give the same value, on
/// every platform.
#[inline]
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = SEED ^ (bytes.len() as u64).wrapping_mul(BLOCK[0]);
    let mut words = bytes.chunks_exact(8);
    let mut k = 0;
    for w in &mut words {
        h = step(h ^ word(w), BLOCK[k & 3]);
        k += 1;
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        h = step(h ^ partial_word(rest), BLOCK[k & 3]);
    }
    avalanche(h)
}

/// The table slot of a hash for a table of `entries` slots: the high bits of `h · entries` (of the hash's
/// high 32 bits times `entries` when `entries` fits in 32 bits, a 64-bit product, so that wasm32 needs no
/// 128-bit one), so any table size works and every slot receives the same share of hash values (to
/// within one).
#[inline(always)]
pub fn slot(h: u64, entries: usize) -> usize {
    if entries <= u32::MAX as usize {
        (((h >> 32) * entries as u64) >> 32) as usize
    } else {
        ((h as u128 * entries as u128) >> 64) as usize
    }
}

/// A fingerprint over a sequence of numbers and byte strings (each string with its length, so that no two
/// sequences run together): what every saved table's key parts and every work unit's run are hashed
/// with, [`hash_bytes`] of the sequence's bytes.
#[derive(Debug, Default, Clone)]
pub struct Hasher(Vec<u8>);

impl Hasher {
    /// An empty sequence.
    pub fn new() -> Self {
        Hasher(Vec::new())
    }

    /// Adds a number.
    pub fn number(&mut self, n: u64) -> &mut Self {
        self.0.extend_from_slice(&n.to_le_bytes());
        self
    }

    /// Adds a byte string.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.number(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }

    /// The fingerprint of the sequence so far.
    pub fn finish(&self) -> u64 {
        hash_bytes(&self.0)
    }

    /// One number for the named parts of a saved table's key (the parts' values in order: what a shell
    /// names a file or a cache entry by).
    pub fn of_key(key: &[(&str, u64)]) -> u64 {
        let mut h = Hasher::new();
        for &(_, v) in key {
            h.number(v);
        }
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_deterministic_and_length_sensitive() {
        let a: Vec<u8> = (0..40).collect();
        assert_eq!(hash_bytes(&a), hash_bytes(&a.clone()));
        assert_ne!(hash_bytes(&a[..39]), hash_bytes(&a));
        assert_ne!(hash_bytes(&[]), hash_bytes(&[0]));
        assert_ne!(hash_bytes(&[0; 8]), hash_bytes(&[0; 16]));
    }

    #[test]
    fn swapping_blocks_or_bytes_changes_the_hash() {
        let a: Vec<u8> = (0..48).collect();
        let mut b = a.clone();
        b[..16].copy_from_slice(&a[16..32]);
        b[16..32].copy_from_slice(&a[..16]);
        assert_ne!(hash_bytes(&a), hash_bytes(&b));
        let mut c = a.clone();
        c.swap(3, 4);
        assert_ne!(hash_bytes(&a), hash_bytes(&c));
    }

    #[test]
    fn single_byte_changes_flip_about_half_the_bits() {
        let base = [7u8; 40];
        let h0 = hash_bytes(&base);
        let mut total = 0u32;
        let mut trials = 0u32;
        for i in 0..40 {
            for bit in 0..8 {
                let mut s = base;
                s[i] ^= 1 << bit;
                let d = (hash_bytes(&s) ^ h0).count_ones();
                assert!((12..=52).contains(&d), "byte {i} bit {bit}: {d} bits changed");
                total += d;
                trials += 1;
            }
        }
        let mean = total as f64 / trials as f64;
        assert!((30.0..34.0).contains(&mean), "mean {mean}");
    }

    #[test]
    fn slots_are_in_range_and_even() {
        let entries = 1000;
        let mut counts = vec![0u32; entries];
        for i in 0u32..100_000 {
            let s = slot(hash_bytes(&i.to_le_bytes()), entries);
            counts[s] += 1;
        }
        // 100 per slot on average; a uniform spread keeps every slot well within (40, 170).
        assert!(counts.iter().all(|&c| (40..170).contains(&c)), "{:?}", counts.iter().max());
        assert_eq!(slot(u64::MAX, entries), entries - 1);
        assert_eq!(slot(0, entries), 0);
        // Beyond 32 bits of entries the wide product serves, with the same bounds.
        #[cfg(target_pointer_width = "64")]
        {
            let huge = (1usize << 33) + 5;
            assert_eq!(slot(u64::MAX, huge), huge - 1);
            assert_eq!(slot(0, huge), 0);
            assert_eq!(slot(1 << 63, huge), huge / 2);
        }
    }
}
