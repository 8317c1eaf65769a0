//! [`Cover`]: the positions of one coset already visited, one bit each, and above them the nested
//! sub-cosets already *complete*. The numbering of a coset ([`Alphabet::within`](super::word::Alphabet::within))
//! is a mixed-radix number whose digits are [`Step`]s; fixing the first `l` digits names a sub-coset of
//! `weight[l]` consecutive numbers (level `l`). Every level whose sub-cosets hold at least
//! [`MIN_BLOCK`] positions has one bit per sub-coset, set once all its positions are visited: when a
//! position completes its finest tracked sub-coset, the bit is set and the completion climbs while the
//! siblings are complete too (the seed's Algorithm 1). The enumeration tests these bits as it fixes the
//! digits of a product and leaves whole ranges of products out.

use super::word::Step;

/// The fewest positions of a tracked sub-coset (finer ones are tested bit by bit).
pub(crate) const MIN_BLOCK: u64 = 64;

/// Positions set since the last clear, remembered while few (a sparse coset clears cheaply).
const LOG_LIMIT: usize = 1 << 16;

/// The visited positions and complete sub-cosets of one coset.
pub(crate) struct Cover {
    /// One bit per position.
    bits: Vec<u64>,
    log: Vec<u64>,
    /// Word ranges of `bits` filled since the last clear, and their words in all.
    fills: Vec<(usize, usize)>,
    filled: usize,
    overflow: bool,
    /// `levels[l]` for tracked levels `1..=deepest`: one bit per sub-coset (`levels[0]` is unused).
    levels: Vec<Vec<u64>>,
    /// Complete sub-cosets per level (a level with none is not tested).
    complete: Vec<u64>,
    /// `weight[l]`: positions of a level-`l` sub-coset.
    weight: Vec<u64>,
    /// `radix[l]`: the radix of step `l` (children of a level-`l` sub-coset).
    radix: Vec<u64>,
    /// The finest tracked level (0: none).
    pub(crate) deepest: usize,
}

#[inline(always)]
fn test(bits: &[u64], i: u64) -> bool {
    bits[(i >> 6) as usize] >> (i & 63) & 1 != 0
}

#[inline(always)]
fn set(bits: &mut [u64], i: u64) {
    bits[(i >> 6) as usize] |= 1 << (i & 63);
}

/// Sets bits `start..start + len`.
fn set_range(bits: &mut [u64], start: u64, len: u64) {
    let (mut i, end) = (start, start + len);
    while i < end {
        let (w, b) = ((i >> 6) as usize, i & 63);
        let n = (64 - b).min(end - i);
        bits[w] |= if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << b };
        i += n;
    }
}

/// Whether bits `start..start + len` are all set.
fn all_set(bits: &[u64], start: u64, len: u64) -> bool {
    let (mut i, end) = (start, start + len);
    while i < end {
        let (w, b) = ((i >> 6) as usize, i & 63);
        let n = (64 - b).min(end - i);
        let mask = if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << b };
        if bits[w] & mask != mask {
            return false;
        }
        i += n;
    }
    true
}

impl Cover {
    /// A clear cover of a coset numbered by `steps`.
    pub(crate) fn new(steps: &[Step]) -> Cover {
        let n = steps.len();
        let mut weight = vec![1u64; n + 1];
        for l in (0..n).rev() {
            weight[l] = weight[l + 1] * steps[l].radix;
        }
        let capacity = weight[0];
        let deepest = (1..=n).take_while(|&l| weight[l] >= MIN_BLOCK).last().unwrap_or(0);
        let levels = (0..=deepest)
            .map(|l| if l == 0 { Vec::new() } else { vec![0u64; (capacity / weight[l]).div_ceil(64) as usize] })
            .collect();
        Cover {
            bits: vec![0; capacity.div_ceil(64) as usize],
            log: Vec::new(),
            fills: Vec::new(),
            filled: 0,
            overflow: false,
            levels,
            complete: vec![0; deepest + 1],
            weight,
            radix: steps.iter().map(|s| s.radix).collect(),
            deepest,
        }
    }

    /// Bytes a cover of `steps` holds.
    pub(crate) fn bytes(steps: &[Step]) -> u64 {
        let capacity: u64 = steps.iter().map(|s| s.radix).product();
        let mut w = capacity;
        let mut bytes = capacity.div_ceil(64) * 8;
        for s in steps {
            w /= s.radix;
            if w < MIN_BLOCK {
                break;
            }
            bytes += (capacity / w).div_ceil(64) * 8;
        }
        bytes
    }

    /// Clears every bit.
    pub(crate) fn clear(&mut self) {
        if self.overflow {
            self.bits.fill(0);
        } else {
            for &i in &self.log {
                self.bits[(i >> 6) as usize] = 0;
            }
            for &(a, b) in &self.fills {
                self.bits[a..b].fill(0);
            }
        }
        self.log.clear();
        self.fills.clear();
        self.filled = 0;
        self.overflow = false;
        for (l, c) in self.complete.iter_mut().enumerate() {
            if *c > 0 {
                self.levels[l].fill(0);
                *c = 0;
            }
        }
    }

    /// Whether sub-coset `node` of level `l` is known complete (always false for untracked levels).
    #[inline(always)]
    pub(crate) fn done(&self, l: usize, node: u64) -> bool {
        l <= self.deepest && self.complete[l] > 0 && test(&self.levels[l], node)
    }

    /// The finest tracked sub-coset (the `block` of [`Cover::visit`]) of position `i`.
    #[inline]
    pub(crate) fn block_of(&self, i: u64) -> u64 {
        if self.deepest > 0 {
            i / self.weight[self.deepest]
        } else {
            0
        }
    }

    /// How many positions the coset has.
    pub(crate) fn positions(&self) -> u64 {
        self.weight[0]
    }

    /// How many finest tracked sub-cosets there are (one when none is tracked: the coset).
    pub(crate) fn blocks(&self) -> u64 {
        self.weight[0] / self.weight[self.deepest]
    }

    /// The finest tracked sub-cosets that meet sub-coset `node` of level `l`.
    pub(crate) fn blocks_meeting(&self, l: usize, node: u64) -> std::ops::Range<u64> {
        let (w, wd) = (self.weight[l], self.weight[self.deepest]);
        node * w / wd..((node + 1) * w).div_ceil(wd)
    }

    /// Whether position `i` is visited.
    #[cfg(test)]
    pub(crate) fn visited(&self, i: u64) -> bool {
        test(&self.bits, i)
    }

    /// The word holding position `i`'s bit.
    #[inline(always)]
    pub(crate) fn word(&self, i: u64) -> u64 {
        self.bits[(i >> 6) as usize]
    }

    /// Visits position `i`, whose level-`deepest` sub-coset is `block`; whether it was new.
    #[inline(always)]
    pub(crate) fn visit(&mut self, i: u64, block: u64) -> bool {
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
        if self.deepest > 0 {
            let wd = self.weight[self.deepest];
            if all_set(&self.bits, block * wd, wd) {
                self.climb(block);
            }
        }
        true
    }

    /// Visits position `i` (its sub-coset found by division: for the stored levels).
    pub(crate) fn visit_index(&mut self, i: u64) -> bool {
        self.visit(i, self.block_of(i))
    }

    /// Visits every position of sub-coset `node` of level `l` at once (positions that cannot be counted:
    /// not representatives, or not reachable), with the completion bits of its tracked sub-cosets and of
    /// the ancestors it completes.
    pub(crate) fn fill(&mut self, l: usize, node: u64) {
        let w = self.weight[l];
        let (mut i, end) = (node * w, (node + 1) * w);
        if !self.overflow {
            let range = ((i >> 6) as usize, (end.div_ceil(64) as usize).min(self.bits.len()));
            self.filled += range.1 - range.0;
            if self.filled > self.bits.len() / 4 || self.fills.len() >= LOG_LIMIT {
                self.overflow = true;
            } else {
                self.fills.push(range);
            }
        }
        while i < end {
            let (word, b) = ((i >> 6) as usize, i & 63);
            let n = (64 - b).min(end - i);
            if n == 64 {
                let last = ((end >> 6) as usize).min(self.bits.len());
                self.bits[word..last].fill(u64::MAX);
                i = (last as u64) << 6;
            } else {
                self.bits[word] |= ((1u64 << n) - 1) << b;
                i += n;
            }
        }
        if self.deepest == 0 {
            return;
        }
        if l > self.deepest {
            // Within one finest tracked sub-coset: complete if its other positions are visited.
            let wd = self.weight[self.deepest];
            let block = node * w / wd;
            if !test(&self.levels[self.deepest], block) && all_set(&self.bits, block * wd, wd) {
                self.climb(block);
            }
            return;
        }
        // Every tracked sub-coset within it, at every finer level.
        for k in l.max(1)..=self.deepest {
            let per = w / self.weight[k];
            set_range(&mut self.levels[k], node * per, per);
            self.complete[k] += per;
        }
        // The ancestors it completes.
        let (mut level, mut node) = (l, node);
        while level > 1 {
            let r = self.radix[level - 1];
            let parent = node / r;
            if test(&self.levels[level - 1], parent) || !all_set(&self.levels[level], parent * r, r) {
                return;
            }
            set(&mut self.levels[level - 1], parent);
            self.complete[level - 1] += 1;
            node = parent;
            level -= 1;
        }
    }

    /// Sets the completion bits from the positions' bits (for checks: [`Cover::fill`] keeps them).
    #[cfg(test)]
    pub(crate) fn rebuild(&mut self) {
        let capacity = self.weight[0];
        for l in (1..=self.deepest).rev() {
            let nodes = capacity / self.weight[l];
            let (upper, lower) = self.levels.split_at_mut(l + 1);
            let bits = &mut upper[l];
            bits.fill(0);
            let mut count = 0;
            for n in 0..nodes {
                let full = if l == self.deepest {
                    let w = self.weight[l];
                    all_set(&self.bits, n * w, w)
                } else {
                    let r = self.radix[l];
                    all_set(&lower[0], n * r, r)
                };
                if full {
                    set(bits, n);
                    count += 1;
                }
            }
            self.complete[l] = count;
        }
    }

    /// Marks `node` of the finest tracked level complete, and its ancestors while their children are.
    #[cold]
    fn climb(&mut self, mut node: u64) {
        let mut l = self.deepest;
        loop {
            set(&mut self.levels[l], node);
            self.complete[l] += 1;
            if l == 1 {
                return;
            }
            let r = self.radix[l - 1];
            let parent = node / r;
            if !all_set(&self.levels[l], parent * r, r) {
                return;
            }
            node = parent;
            l -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(radices: &[u64]) -> Vec<Step> {
        radices
            .iter()
            .map(|&radix| Step { letter: 0, base: 0, m: 1, twist: false, radix, reset: false, block: 0 })
            .collect()
    }

    #[test]
    fn completion_climbs_exactly_when_every_position_is_visited() {
        // 3 · 5 · 2 · 64: levels 1 (128·5 positions), 2 (128), 3 (64) are tracked.
        let s = steps(&[3, 5, 2, 64]);
        let mut c = Cover::new(&s);
        assert_eq!(c.deepest, 3);
        assert_eq!(Cover::bytes(&s), (1920 / 64 + 1 + 1 + 1) * 8);
        // Finest tracked sub-cosets: 30 of 64 positions.
        assert_eq!(c.blocks(), 30);
        assert_eq!((c.block_of(130), c.blocks_meeting(1, 1), c.blocks_meeting(4, 130)), (2, 10..20, 2..3));
        // Fill sub-coset 1 of level 1 (positions 640..1280) in a scattered order.
        let mut order: Vec<u64> = (640..1280).collect();
        order.sort_by_key(|&i| (i * 7919) % 641);
        for (n, &i) in order.iter().enumerate() {
            assert!(!c.done(1, 1), "complete after {n} of 640");
            assert!(c.visit_index(i));
            assert!(!c.visit_index(i));
        }
        assert!(c.done(1, 1) && !c.done(1, 0) && !c.done(1, 2));
        assert!((5..10).all(|n| c.done(2, n)) && !c.done(2, 4) && !c.done(2, 10));
        assert!(c.done(3, 10) && c.done(3, 19) && !c.done(3, 20));
        // One position short of sub-coset 0 of level 2: not complete.
        for i in 0..127 {
            c.visit_index(i);
        }
        assert!(c.done(3, 0) && !c.done(3, 1) && !c.done(2, 0));
        c.visit_index(127);
        assert!(c.done(2, 0));
        c.clear();
        assert!(!c.done(1, 1) && !c.done(3, 0) && !c.visited(700));
    }

    /// Filled sub-cosets (at tracked levels, finer ones, completing their ancestors or not) keep the
    /// completion bits that [`Cover::rebuild`] finds from the positions.
    #[test]
    fn fill_keeps_the_completion_bits() {
        let s = steps(&[3, 5, 2, 8, 64]);
        let mut c = Cover::new(&s);
        assert_eq!(c.deepest, 4);
        let fills: &[(usize, u64)] =
            &[(2, 3), (5, 7), (4, 0), (3, 4), (4, 11), (3, 5), (2, 4), (5, 1281), (1, 2), (4, 9), (4, 8), (5, 160)];
        for (n, &(l, node)) in fills.iter().enumerate() {
            c.fill(l, node);
            if n == 5 {
                // Visits completing a block beside fills.
                for i in (1280..1344).filter(|&i| i != 1281) {
                    c.visit_index(i);
                }
            }
            let kept: Vec<Vec<u64>> = c.levels.clone();
            let flags: Vec<bool> = c.complete.iter().map(|&x| x > 0).collect();
            c.rebuild();
            assert_eq!(kept, c.levels, "after fill {n}");
            for (l, f) in flags.iter().enumerate().skip(1) {
                assert!(*f || c.complete[l] == 0, "after fill {n}: level {l} not flagged");
            }
        }
        assert!(c.done(1, 2) && c.done(2, 2) && c.done(2, 3) && c.done(2, 4) && c.done(3, 8) && c.done(4, 9));
        assert!(c.done(4, 20) && !c.done(3, 2) && !c.done(3, 1) && !c.done(1, 1));
        let clean = |c: &Cover| c.bits.iter().all(|&w| w == 0) && c.levels.iter().flatten().all(|&w| w == 0);
        c.clear();
        assert!(clean(&c));
        // Few fills: cleared range by range.
        for &(l, node) in &[(4, 3), (5, 1000), (3, 7)] {
            c.fill(l, node);
        }
        c.visit_index(5000);
        assert!(!c.overflow && c.fills.len() == 3);
        c.clear();
        assert!(clean(&c));
    }

    #[test]
    fn unaligned_blocks_complete() {
        // Sub-coset of 81 positions, not aligned to words.
        let s = steps(&[4, 81]);
        let mut c = Cover::new(&s);
        assert_eq!(c.deepest, 1);
        for i in 81..162 {
            assert!(!c.done(1, 1));
            c.visit_index(i);
        }
        assert!(c.done(1, 1) && !c.done(1, 0) && !c.done(1, 2));
    }
}
