//! A fixed-size set of small integers, read a word (64 members) at a time.
//!
//! The simulator keeps the inputs that hold a flit, and the processors that
//! may start a message or fill their injection port, in such sets, so a
//! cycle visits only what can act, always in the same (increasing) order.

/// A set of integers below a fixed bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitSet {
    words: Box<[u64]>,
}

impl BitSet {
    /// An empty set for `0..n`.
    pub fn new(n: usize) -> BitSet {
        BitSet {
            words: vec![0; n.div_ceil(64)].into(),
        }
    }

    /// The full set `0..n`.
    pub fn full(n: usize) -> BitSet {
        let mut s = BitSet::new(n);
        for i in 0..n {
            s.insert(i);
        }
        s
    }

    /// Adds `i`.
    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Removes `i`.
    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// Removes `i` if `yes`, without a branch (the fast loop's buffers
    /// empty at no pattern a predictor learns).
    #[inline(always)]
    pub fn remove_if(&mut self, i: usize, yes: bool) {
        self.words[i / 64] &= !((yes as u64) << (i % 64));
    }

    /// True if `i` is in the set.
    #[inline(always)]
    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// The members of word `w` (bits 64·w … 64·w + 63). To walk the set in
    /// increasing order while changing other state, copy each word and
    /// visit its bits.
    #[inline(always)]
    pub fn word(&self, w: usize) -> u64 {
        self.words[w]
    }

    /// Sets the members of word `w` (a checkpoint being restored).
    pub fn set_word(&mut self, w: usize, bits: u64) {
        self.words[w] = bits;
    }

    /// Removes every member.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Number of words.
    pub fn words(&self) -> usize {
        self.words.len()
    }

    /// True if the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_in_order() {
        let mut s = BitSet::new(200);
        for i in [3, 64, 199, 0, 65] {
            s.insert(i);
        }
        s.remove(64);
        let mut seen = Vec::new();
        for w in 0..s.words() {
            let mut bits = s.word(w);
            while bits != 0 {
                seen.push(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        assert_eq!(seen, vec![0, 3, 65, 199]);
        assert!(s.contains(199) && !s.contains(64));
        assert!(!s.is_empty() && BitSet::new(5).is_empty());
        assert!(BitSet::full(70).contains(69));
    }
}
