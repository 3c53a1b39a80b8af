//! Which communication schedule performs the row transformations, and in
//! which direction the redistribution runs.
//!
//! The schedules of paper 003 (§3.4, Theorem 3, Figure 12):
//! - **direct**: one step per row of Ps; every block goes straight to its
//!   owner (K steps when K < P);
//! - **indirect**: rows are shifted in ⌈log K′⌉ + ⌈log G⌉ combine-and-forward
//!   steps until every column holds blocks for one processor, then whole
//!   columns move (one more step);
//! - **hybrid:d**: the first d steps of the indirect schedule, then a direct
//!   schedule on the rows those steps made identical;
//! - **multiphase**: the baseline of Kaushik et al. (ref. 7): K = k₁k₂⋯ (prime
//!   factors, ascending) and one direct redistribution per factor,
//!   Σ kᵢ steps.
//!
//! ```
//! use commbook_core::redist::{scheme::DegreeSplit, Scheme, Shape};
//! let sh = Shape::new(6, 9).unwrap();
//! assert_eq!(Scheme::parse("hybrid:1").unwrap(), Scheme::Hybrid(1));
//! assert!(Scheme::Hybrid(4).validate(&sh).is_err()); // at most ⌈log 2⌉ + ⌈log 3⌉ = 3
//! assert_eq!(DegreeSplit::best(&sh, 1).steps(), 4);  // 1 + ⌈6/2⌉
//! ```

use super::error::RedistError;
use super::shape::{Shape, ceil_log2};

/// A communication schedule for the row transformations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Theorem 3 (i).
    Direct,
    /// Theorem 3 (ii).
    Indirect,
    /// Theorem 3 (iii) with degree of indirection d.
    Hybrid(usize),
    /// The multiphase baseline, one phase per prime factor of K.
    Multiphase,
}

impl Scheme {
    /// Reads `direct`, `indirect`, `hybrid:D` or `multiphase`.
    pub fn parse(s: &str) -> Result<Scheme, RedistError> {
        match s.trim() {
            "direct" => Ok(Scheme::Direct),
            "indirect" => Ok(Scheme::Indirect),
            "multiphase" => Ok(Scheme::Multiphase),
            other => other
                .strip_prefix("hybrid:")
                .and_then(|d| d.trim().parse::<usize>().ok())
                .map(Scheme::Hybrid)
                .ok_or_else(|| RedistError::UnknownScheme(s.to_string())),
        }
    }

    /// Checks the hybrid degree against the shape.
    pub fn validate(self, sh: &Shape) -> Result<Scheme, RedistError> {
        match self {
            Scheme::Hybrid(d) if d > sh.max_degree() => Err(RedistError::BadDegree {
                d,
                max: sh.max_degree(),
                k: sh.k,
                p: sh.p,
            }),
            ok => Ok(ok),
        }
    }

    /// The name the CLI prints (`hybrid:2` etc.).
    pub fn name(self) -> String {
        match self {
            Scheme::Direct => "direct".into(),
            Scheme::Indirect => "indirect".into(),
            Scheme::Hybrid(d) => format!("hybrid:{d}"),
            Scheme::Multiphase => "multiphase".into(),
        }
    }

    /// The degree of indirection this scheme uses on `sh` (multiphase: 0).
    pub fn degree(self, sh: &Shape) -> usize {
        match self {
            Scheme::Direct | Scheme::Multiphase => 0,
            Scheme::Indirect => sh.max_degree(),
            Scheme::Hybrid(d) => d.min(sh.max_degree()),
        }
    }
}

crate::keyword_enum! {
    /// Which way the blocks travel.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Direction {
        /// cyclic(x) → cyclic(Kx), the problem ℜ_x(K, P) of the paper.
        Up = "up",
        /// cyclic(Kx) → cyclic(x), the dual (§3.1): S and R swap roles.
        Down = "down",
    }
}

impl Direction {
    /// Reads `up` or `down`.
    pub fn parse(s: &str) -> Result<Direction, RedistError> {
        <Direction as crate::keyword::Keyword>::from_keyword(s.trim())
            .ok_or_else(|| RedistError::UnknownDirection(s.to_string()))
    }

    /// `up` or `down`.
    pub const fn name(self) -> &'static str {
        self.word()
    }
}

/// How a hybrid of degree d splits its d indirect steps between the
/// submatrix level (a) and the within-submatrix level (b), and how many
/// delivery steps follow.
///
/// Choice: Theorem 3 counts d + ⌈K/2^d⌉ steps, which presumes that d shift
/// steps make 2^d rows identical. With a steps at the submatrix level and b
/// within submatrices, ⌈A/2^a⌉·⌈G/2^b⌉ distinct rows remain
/// (A = min(K′, P′)); this equals ⌈K/2^d⌉ when K′ or G is a power of two
/// (or d = 0, or d is the maximum) and can exceed it otherwise (K = 9,
/// P = 12, d = 1: 6 instead of 5). We take the split with the fewest
/// remaining rows, preferring submatrix steps first as the paper does
/// (Figure 10); the steps run in the paper's order either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DegreeSplit {
    /// Shift steps at the submatrix level.
    pub a: usize,
    /// Shift steps within submatrices.
    pub b: usize,
    /// Delivery steps that follow: distinct rows after the shifts.
    pub deliveries: usize,
}

impl DegreeSplit {
    /// The best split of degree `d` (clamped to the maximum) on `sh`.
    pub fn best(sh: &Shape, d: usize) -> DegreeSplit {
        let d = d.min(sh.max_degree());
        let rows_a = sh.kp.min(sh.pp);
        let lo = d.saturating_sub(sh.b_bits());
        let hi = d.min(sh.a_bits());
        (lo..=hi)
            .rev()
            .map(|a| DegreeSplit {
                a,
                b: d - a,
                deliveries: rows_a.div_ceil(1 << a) * sh.g.div_ceil(1 << (d - a)),
            })
            .min_by_key(|s| s.deliveries)
            .unwrap_or(DegreeSplit {
                a: 0,
                b: 0,
                deliveries: rows_a * sh.g,
            })
    }

    /// Total communication steps: d + deliveries.
    pub fn steps(&self) -> usize {
        self.a + self.b + self.deliveries
    }
}

/// Theorem 3's idealised count for the hybrid, d + ⌈K/2^d⌉ (K < P).
pub fn theorem3_hybrid_steps(k: usize, d: usize) -> usize {
    d + k.div_ceil(1usize << d.min(usize::BITS as usize - 1))
}

/// Theorem 3's count for the indirect schedule, ⌈log K′⌉ + ⌈log G⌉ + 1.
pub fn theorem3_indirect_steps(sh: &Shape) -> usize {
    ceil_log2(sh.kp) + ceil_log2(sh.g) + 1
}

/// Theorem 3's step count for `scheme` (the multiphase baseline: Σ kᵢ),
/// or `None` when K ≥ P, which the theorem leaves out (§3.1: an
/// all-to-all). The plans reach it except for the hybrid cases described
/// at [`DegreeSplit`].
pub fn theorem3_steps(sh: &Shape, scheme: Scheme) -> Option<usize> {
    if sh.k >= sh.p {
        return None;
    }
    Some(match scheme {
        Scheme::Direct => sh.k,
        Scheme::Indirect => theorem3_indirect_steps(sh),
        Scheme::Hybrid(d) => theorem3_hybrid_steps(sh.k, d.min(sh.max_degree())),
        Scheme::Multiphase => multiphase_factors(sh.k).iter().sum(),
    })
}

/// The prime factors of K in ascending order, the multiphase baseline's
/// phases (`[1]` for K = 1, so that it still takes one step like direct).
pub fn multiphase_factors(k: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let (mut rest, mut f) = (k, 2);
    while f * f <= rest {
        while rest.is_multiple_of(f) {
            out.push(f);
            rest /= f;
        }
        f += 1;
    }
    if rest > 1 || out.is_empty() {
        out.push(rest);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names() {
        assert_eq!(Scheme::parse("hybrid:2"), Ok(Scheme::Hybrid(2)));
        assert_eq!(Scheme::parse("direct"), Ok(Scheme::Direct));
        assert!(Scheme::parse("hybrid:").is_err());
        assert!(Scheme::parse("hybrid:-1").is_err());
        let sh = Shape::new(6, 9).unwrap();
        assert!(Scheme::Hybrid(4).validate(&sh).is_err());
        assert_eq!(Scheme::Hybrid(3).validate(&sh), Ok(Scheme::Hybrid(3)));
        assert_eq!(Direction::parse("down"), Ok(Direction::Down));
        assert!(Direction::parse("sideways").is_err());
    }

    #[test]
    fn factors() {
        assert_eq!(multiphase_factors(1), [1]);
        assert_eq!(multiphase_factors(12), [2, 2, 3]);
        assert_eq!(multiphase_factors(31), [31]);
        assert_eq!(multiphase_factors(49), [7, 7]);
    }

    #[test]
    fn splits_follow_the_paper_when_they_can() {
        let sh = Shape::new(6, 9).unwrap();
        // Figure 10: d = 1 shifts the lower submatrix row, then 3 direct steps.
        assert_eq!(
            DegreeSplit::best(&sh, 1),
            DegreeSplit {
                a: 1,
                b: 0,
                deliveries: 3
            }
        );
        assert_eq!(DegreeSplit::best(&sh, 3).steps(), 4);
        // K = 9, P = 12: K′ = G = 3, so 2^d rows never pair up exactly.
        let odd = Shape::new(9, 12).unwrap();
        assert_eq!(DegreeSplit::best(&odd, 1).steps(), 7);
        assert_eq!(theorem3_hybrid_steps(9, 1), 6);
        assert_eq!(theorem3_steps(&odd, Scheme::Hybrid(1)), Some(6));
        assert_eq!(theorem3_steps(&sh, Scheme::Indirect), Some(4));
        assert_eq!(theorem3_steps(&sh, Scheme::Multiphase), Some(5));
        assert_eq!(
            theorem3_steps(&Shape::new(9, 9).unwrap(), Scheme::Direct),
            None
        );
    }
}
