//! Why a redistribution request was refused.

use std::fmt;

/// A redistribution input that cannot be used. Each message says what was
/// wrong and what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RedistError {
    /// A count that must be at least 1 was 0 (K, P, x, y or N).
    Zero { name: &'static str },
    /// A parameter above the core's limit.
    TooLarge {
        name: &'static str,
        value: u64,
        max: u64,
    },
    /// The superblock tables (K × P cells) would be too large to draw or list.
    TooManyCells { k: usize, p: usize, max: usize },
    /// The array length is not a multiple of the unit the blocks are made of.
    NotMultiple {
        n: u64,
        unit: u64,
        unit_name: &'static str,
    },
    /// The array, padded to whole superblocks, would not fit the simulator.
    ArrayTooLarge { elements: u64, max: u64 },
    /// A hybrid degree above the number of shift steps of the indirect schedule.
    BadDegree {
        d: usize,
        max: usize,
        k: usize,
        p: usize,
    },
    /// A schedule name the core does not know.
    UnknownScheme(String),
    /// A direction name the core does not know.
    UnknownDirection(String),
}

impl fmt::Display for RedistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RedistError::Zero { name } => write!(f, "{name} must be at least 1 (got {name} = 0)"),
            RedistError::TooLarge { name, value, max } => write!(
                f,
                "{name} = {value} is above the limit of {max}; choose {name} ≤ {max}"
            ),
            RedistError::TooManyCells { k, p, max } => write!(
                f,
                "a superblock of K × P = {k} × {p} = {} blocks is above the limit of {max}; \
                 choose a smaller K or P",
                k * p
            ),
            RedistError::NotMultiple { n, unit, unit_name } => {
                let below = n / unit * unit;
                let above = below + unit;
                if below == 0 {
                    write!(
                        f,
                        "N must be a multiple of {unit_name} = {unit} (got N = {n}); try N = {above}"
                    )
                } else {
                    write!(
                        f,
                        "N must be a multiple of {unit_name} = {unit} (got N = {n}); \
                         try N = {below} or N = {above}"
                    )
                }
            }
            RedistError::ArrayTooLarge { elements, max } => write!(
                f,
                "the array padded to whole superblocks needs {elements} element slots, above \
                 the limit of {max}; choose a smaller N, K, P or x"
            ),
            RedistError::BadDegree { d, max, k, p } => write!(
                f,
                "hybrid degree d must be at most {max} (the shift steps of the indirect \
                 schedule) for K = {k}, P = {p} (got d = {d})"
            ),
            RedistError::UnknownScheme(s) => write!(
                f,
                "unknown schedule '{s}'; use direct, indirect, hybrid:D (D a whole number) or \
                 multiphase"
            ),
            RedistError::UnknownDirection(s) => write!(
                f,
                "unknown direction '{s}'; use up (cyclic(x) → cyclic(Kx)) or down \
                 (cyclic(Kx) → cyclic(x))"
            ),
        }
    }
}

impl std::error::Error for RedistError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_would_work() {
        assert_eq!(
            RedistError::Zero { name: "K" }.to_string(),
            "K must be at least 1 (got K = 0)"
        );
        assert_eq!(
            RedistError::NotMultiple {
                n: 100,
                unit: 3,
                unit_name: "x"
            }
            .to_string(),
            "N must be a multiple of x = 3 (got N = 100); try N = 99 or N = 102"
        );
        assert_eq!(
            RedistError::NotMultiple {
                n: 2,
                unit: 3,
                unit_name: "x"
            }
            .to_string(),
            "N must be a multiple of x = 3 (got N = 2); try N = 3"
        );
        let e = RedistError::BadDegree {
            d: 5,
            max: 3,
            k: 6,
            p: 9,
        };
        assert!(e.to_string().contains("at most 3"), "{e}");
    }
}
