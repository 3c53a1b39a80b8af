//! The one source of randomness in the core.
//!
//! Every generator and randomised algorithm takes a `&mut Rng` built from a
//! seed, so a seed reproduces a run bit for bit natively and in the browser.
//! The generator is xoshiro256** (Blackman and Vigna) seeded through
//! SplitMix64; it is small, fast, and needs no platform entropy, which keeps
//! the wasm build free of `getrandom`.

/// A seeded pseudo-random number generator (xoshiro256**).
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole future is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// The generator's whole state (a film's checkpoints carry it).
    pub fn state(&self) -> [u64; 4] {
        self.s
    }

    /// The generator whose state is `s` ([`Rng::state`]).
    pub fn from_state(s: [u64; 4]) -> Self {
        Rng { s }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..bound` (Lemire's multiply-and-reject, so no
    /// modulo bias). `bound` must be positive.
    pub fn below(&mut self, bound: usize) -> usize {
        debug_assert!(bound > 0, "Rng::below(0)");
        let bound = bound.max(1) as u64;
        let mut m = (self.next_u64() as u128) * (bound as u128);
        // The rejection threshold (2^64 mod bound) is below `bound`, so a
        // low word at or above `bound` is accepted without computing it:
        // the same draws and results as testing every draw against it,
        // without a 64-bit division on almost every call (the simulator's
        // random up-routing draws one per packet and hop).
        if (m as u64) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (bound as u128);
            }
        }
        (m >> 64) as usize
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `below` as first written: every draw tested against the threshold.
    fn below_reference(r: &mut Rng, bound: usize) -> usize {
        let bound = bound.max(1) as u64;
        loop {
            let m = (r.next_u64() as u128) * (bound as u128);
            if m as u64 >= bound.wrapping_neg() % bound {
                return (m >> 64) as usize;
            }
        }
    }

    #[test]
    fn below_draws_what_it_always_drew() {
        // Small bounds (the simulator's 2 and 4 up-links among them), and
        // bounds so large that draws are rejected often.
        let huge = [usize::MAX / 2 + 3, usize::MAX - 5, (1usize << 63) + 1];
        for bound in (1..70).chain([1000, 1 << 20]).chain(huge) {
            let (mut a, mut b) = (Rng::new(bound as u64), Rng::new(bound as u64));
            for _ in 0..2000 {
                assert_eq!(
                    a.below(bound),
                    below_reference(&mut b, bound),
                    "bound {bound}"
                );
            }
            assert_eq!(
                a.next_u64(),
                b.next_u64(),
                "bound {bound}: the streams parted"
            );
        }
    }

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        // Each bucket expects 1000; a fair generator lands well inside ±200.
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = Rng::new(3);
        let mut v: Vec<usize> = (0..50).collect();
        rng.shuffle(&mut v);
        let mut sorted = v.clone();
        crate::sorting::sort_usizes(&mut sorted);
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
