//! Uniform random density: every processor sends d messages to d distinct
//! destinations drawn uniformly at random.
//!
//! This is the setting of paper 000's average-case analysis (§4,
//! assumption 1: "the destinations to which each node will send data are
//! random"), whereas the Figure 7 generator ([`super::fig7`]) also fixes
//! every column at exactly d. Here only the rows are regular: a processor
//! receives d messages on average, some more, some fewer, which is what a
//! real irregular application looks like and what makes the lower bound
//! (the busiest receiver) exceed d.
//!
//! Choices, and why:
//! - No self-messages: each row draws from the n − 1 other processors, so
//!   1 ≤ d < n, the same range as Figure 7's d. (A local copy is no
//!   communication; the Figure 7 generator keeps its diagonal only because
//!   the figure prints it.)
//! - Each row is an independent sample of d of the n − 1 others, by
//!   Floyd's algorithm: d draws from the seeded [`Rng`], whatever n.
//! - Every message has the same size, `bytes` (paper 000 assumes uniform
//!   messages).
//!
//! ```
//! use commbook_core::com::random::RandomConfig;
//! let com = RandomConfig::new(8, 3, 42).generate().unwrap();
//! assert!(com.out_degrees().iter().all(|&d| d == 3));
//! assert!((0..8).all(|i| com.get(i, i) == 0));       // nobody sends to itself
//! assert_eq!(com.in_degrees().iter().sum::<usize>(), 24);
//! assert!(RandomConfig::new(8, 8, 1).generate().is_err()); // d must be below n
//! ```

use super::{Com, ComError, MAX_BYTES, Message};
use crate::rng::Rng;

/// Most messages a generator call may produce (n·d): about 50 MB of matrix,
/// and a few hundred milliseconds of scheduling for the slowest algorithm.
pub const MAX_MESSAGES: usize = 1 << 22;

/// Parameters of the uniform random generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomConfig {
    /// Number of processors.
    pub n: usize,
    /// Messages per processor, 1 ≤ d < n.
    pub d: usize,
    /// Size of every message, in bytes.
    pub bytes: u64,
    /// Seed of the [`Rng`] that draws the destinations.
    pub seed: u64,
}

impl RandomConfig {
    /// d random destinations per processor, 1024 bytes each.
    pub fn new(n: usize, d: usize, seed: u64) -> Self {
        RandomConfig {
            n,
            d,
            bytes: 1024,
            seed,
        }
    }

    /// Checks the parameters; `generate` then cannot fail.
    pub fn validate(&self) -> Result<(), ComError> {
        Com::check_n(self.n)?;
        if self.d == 0 || self.d >= self.n {
            return Err(ComError::BadDensity {
                d: self.d,
                n: self.n,
            });
        }
        check_messages(self.n, self.d)?;
        if self.bytes == 0 || self.bytes > MAX_BYTES {
            return Err(ComError::BadParam {
                name: "bytes",
                value: self.bytes.to_string(),
                expected: format!("1 to {MAX_BYTES}"),
            });
        }
        Ok(())
    }

    /// Generates the matrix.
    pub fn generate(&self) -> Result<Com, ComError> {
        self.validate()?;
        let (n, d) = (self.n, self.d);
        let mut rng = Rng::new(self.seed);
        let mut chosen = vec![false; n - 1];
        let mut picks = Vec::with_capacity(d);
        let mut messages = Vec::with_capacity(n * d);
        for src in 0..n {
            // Floyd: a uniform d-subset of 0..n−1 in d draws.
            picks.clear();
            for j in (n - 1 - d)..(n - 1) {
                let t = rng.below(j + 1);
                let pick = if chosen[t] { j } else { t };
                chosen[pick] = true;
                picks.push(pick);
            }
            for &p in &picks {
                chosen[p] = false;
                // Skip over the sender itself.
                let dst = if p >= src { p + 1 } else { p };
                messages.push(Message {
                    src,
                    dst,
                    bytes: self.bytes,
                });
            }
        }
        Com::from_messages(n, messages)
    }
}

/// Refuses a generator call that would produce more than [`MAX_MESSAGES`].
pub fn check_messages(n: usize, d: usize) -> Result<(), ComError> {
    if n.saturating_mul(d) > MAX_MESSAGES {
        return Err(ComError::BadParam {
            name: "d",
            value: d.to_string(),
            expected: format!(
                "n·d ≤ {MAX_MESSAGES} messages, so d ≤ {} for n = {n}",
                MAX_MESSAGES / n.max(1)
            ),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_regular_and_destinations_uniform() {
        let com = RandomConfig::new(20, 7, 5).generate().unwrap();
        assert!(com.out_degrees().iter().all(|&d| d == 7));
        assert!((0..20).all(|i| com.get(i, i) == 0));
        // Over many rows every destination is used about equally often.
        let big = RandomConfig::new(50, 10, 3).generate().unwrap();
        let inn = big.in_degrees();
        assert_eq!(inn.iter().sum::<usize>(), 500);
        assert!(inn.iter().all(|&c| (2..=22).contains(&c)), "{inn:?}");
        // d = n − 1 sends to everybody else.
        let full = RandomConfig::new(6, 5, 1).generate().unwrap();
        assert_eq!(full.len(), 30);
    }

    #[test]
    fn seeds_reproduce() {
        let a = RandomConfig::new(30, 4, 9).generate().unwrap();
        assert_eq!(a, RandomConfig::new(30, 4, 9).generate().unwrap());
        assert_ne!(a, RandomConfig::new(30, 4, 10).generate().unwrap());
    }

    #[test]
    fn rejects_bad_parameters() {
        assert_eq!(
            RandomConfig::new(8, 8, 0).validate(),
            Err(ComError::BadDensity { d: 8, n: 8 })
        );
        assert!(RandomConfig::new(8, 0, 0).validate().is_err());
        assert!(RandomConfig::new(0, 1, 0).validate().is_err());
        let e = RandomConfig::new(8192, 1000, 0).validate().unwrap_err();
        assert_eq!(
            e.to_string(),
            "d = 1000 is not allowed; expected n·d ≤ 4194304 messages, so d ≤ 512 for n = 8192"
        );
        let zero = RandomConfig {
            bytes: 0,
            ..RandomConfig::new(8, 1, 0)
        };
        assert!(zero.validate().is_err());
    }
}
