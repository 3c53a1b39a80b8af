//! Non-uniform message sizes: NICE's test set 1 (paper 002, §6).
//!
//! NICE's first test set holds matrices in which every row and every column
//! has about d entries, each entry a positive integer, and the message
//! length is that integer times a variable `msg_unit`, so that one pattern
//! can be run at several message sizes. For the pattern the paper points to
//! a companion report by Ranka and Wang (its reference 10); the book uses
//! the generator the same authors print in paper 000 (Figure 7), which
//! makes every row and column hold exactly d entries.
//!
//! Choices the text leaves open, and what the book does:
//! - The pattern comes from [`super::fig7`] with the same seed, so
//!   `nonuniform` and `fig7` with one seed share their pattern and differ
//!   only in sizes. Like Figure 7, it may contain `COM(j, j)` (a local copy).
//! - The integers are drawn uniformly from `1..=max` (default 10) by a second
//!   stream, `Rng::new(seed ^ SIZE_STREAM)`, so the largest message is up to
//!   `max` times the smallest.
//!
//! ```
//! use commbook_core::com::nonuniform::NonuniformConfig;
//! let cfg = NonuniformConfig { unit: 16, ..NonuniformConfig::new(8, 3, 1) };
//! let com = cfg.generate().unwrap();
//! assert!(com.out_degrees().iter().all(|&d| d == 3));
//! assert!(com.messages().all(|m| m.bytes % 16 == 0 && (16..=160).contains(&m.bytes)));
//! ```

use super::fig7::Fig7Config;
use super::{Com, ComError, MAX_BYTES, Message};
use crate::rng::Rng;

/// Mixed into the seed for the size stream, so sizes and pattern are
/// independent draws.
pub const SIZE_STREAM: u64 = 0x4E49_4345; // "NICE"

/// Largest multiplier accepted.
pub const MAX_MULTIPLIER: u64 = 1 << 20;

/// Parameters of NICE test set 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NonuniformConfig {
    /// Number of processors.
    pub n: usize,
    /// Messages per processor, 1 ≤ d < n.
    pub d: usize,
    /// `msg_unit`: bytes per unit of `COM(i, j)`.
    pub unit: u64,
    /// Entries are drawn from `1..=max`.
    pub max: u64,
    /// Seeds the pattern and, through [`SIZE_STREAM`], the sizes.
    pub seed: u64,
}

impl NonuniformConfig {
    /// d messages per processor of 1 to 10 units of 64 bytes.
    pub fn new(n: usize, d: usize, seed: u64) -> Self {
        NonuniformConfig {
            n,
            d,
            unit: 64,
            max: 10,
            seed,
        }
    }

    /// Checks the parameters; `generate` then cannot fail.
    pub fn validate(&self) -> Result<(), ComError> {
        self.pattern().validate()?;
        if self.max == 0 || self.max > MAX_MULTIPLIER {
            return Err(ComError::BadParam {
                name: "max",
                value: self.max.to_string(),
                expected: format!("1 to {MAX_MULTIPLIER}"),
            });
        }
        let largest_unit = MAX_BYTES / self.max;
        if self.unit == 0 || self.unit > largest_unit {
            return Err(ComError::BadParam {
                name: "unit",
                value: self.unit.to_string(),
                expected: format!("1 to {largest_unit} bytes (so that max × unit ≤ {MAX_BYTES})"),
            });
        }
        Ok(())
    }

    fn pattern(&self) -> Fig7Config {
        Fig7Config {
            bytes: 1,
            ..Fig7Config::new(self.n, self.d, self.seed)
        }
    }

    /// Generates the matrix.
    pub fn generate(&self) -> Result<Com, ComError> {
        self.validate()?;
        let pattern = self.pattern().generate()?;
        let mut rng = Rng::new(self.seed ^ SIZE_STREAM);
        let messages = pattern
            .messages()
            .map(|m| Message {
                bytes: (1 + rng.below(self.max as usize) as u64) * self.unit,
                ..m
            })
            .collect();
        Com::from_messages(self.n, messages)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_vary_over_the_whole_range_and_keep_the_pattern() {
        let cfg = NonuniformConfig::new(32, 6, 5);
        let com = cfg.generate().unwrap();
        let plain = Fig7Config::new(32, 6, 5).generate().unwrap();
        assert!(
            com.messages()
                .zip(plain.messages())
                .all(|(a, b)| (a.src, a.dst) == (b.src, b.dst))
        );
        let sizes: std::collections::BTreeSet<u64> = com.messages().map(|m| m.bytes).collect();
        assert_eq!(sizes.first(), Some(&64));
        assert_eq!(sizes.last(), Some(&640));
        assert_eq!(sizes.len(), 10);
        assert_eq!(com, cfg.generate().unwrap());
    }

    #[test]
    fn rejects_bad_parameters() {
        assert!(NonuniformConfig::new(8, 8, 0).validate().is_err());
        let e = NonuniformConfig {
            max: 0,
            ..NonuniformConfig::new(8, 2, 0)
        };
        assert!(e.validate().unwrap_err().to_string().starts_with("max = 0"));
        let e = NonuniformConfig {
            unit: MAX_BYTES,
            ..NonuniformConfig::new(8, 2, 0)
        };
        assert!(e.validate().unwrap_err().to_string().contains("max × unit"));
    }
}
