//! Why a communication matrix (or the parameters that generate one) was refused.

use std::fmt;

/// A communication matrix or generator input that cannot be used. Each
/// message says what was wrong and what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComError {
    /// n = 0.
    Empty,
    /// More processors than the core accepts.
    TooLarge { n: usize, max: usize },
    /// A row of a dense matrix whose length is not n.
    Ragged { row: usize, len: usize, n: usize },
    /// A message whose source or destination is not a processor.
    OutOfRange { src: usize, dst: usize, n: usize },
    /// The same (source, destination) given twice.
    Duplicate { src: usize, dst: usize },
    /// A message larger than [`super::MAX_BYTES`].
    TooManyBytes { src: usize, dst: usize, bytes: u64 },
    /// The density d of a generator is not in 1..n.
    BadDensity { d: usize, n: usize },
    /// A parameter outside its range, named, with the accepted range.
    BadParam {
        name: &'static str,
        value: String,
        expected: String,
    },
    /// Text that could not be read as a matrix (CSV or JSON), with the place.
    Parse { line: usize, message: String },
}

impl fmt::Display for ComError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComError::Empty => write!(f, "n must be at least 1 (got n = 0)"),
            ComError::TooLarge { n, max } => write!(
                f,
                "n = {n} is above the limit of {max} processors; choose n ≤ {max}"
            ),
            ComError::Ragged { row, len, n } => write!(
                f,
                "row {row} has {len} entries but the matrix has {n} rows; every row needs exactly {n} entries"
            ),
            ComError::OutOfRange { src, dst, n } => {
                write!(f, "message {src} → {dst} names a processor outside 0..{n}")
            }
            ComError::Duplicate { src, dst } => {
                write!(
                    f,
                    "message {src} → {dst} is given twice; give each pair once"
                )
            }
            ComError::TooManyBytes { src, dst, bytes } => write!(
                f,
                "message {src} → {dst} has {bytes} bytes, above the limit of {} bytes",
                super::MAX_BYTES
            ),
            ComError::BadDensity { d: 0, n } => {
                write!(f, "d must be at least 1 (got d = 0, n = {n})")
            }
            ComError::BadDensity { d, n } => write!(
                f,
                "d must be below n (got d = {d}, n = {n}); try d = {}",
                n.saturating_sub(1).max(1)
            ),
            ComError::BadParam {
                name,
                value,
                expected,
            } => write!(f, "{name} = {value} is not allowed; expected {expected}"),
            ComError::Parse { line, message } => write!(f, "line {line}: {message}"),
        }
    }
}

impl std::error::Error for ComError {}
