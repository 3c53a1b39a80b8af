//! Why a collective request was refused.

use super::algo::{Algo, Op};
use super::config::{MAX_ALLTOALL_PROCS, MAX_BYTES};
use std::fmt;

/// Why a request was refused; each message says what would be accepted.
#[derive(Clone, Debug, PartialEq)]
pub enum CollectiveError {
    /// An operation name that is not scatter, gather or alltoall.
    UnknownOp(String),
    /// An algorithm name the paper does not have.
    UnknownAlgo(String),
    /// An algorithm of another operation.
    AlgoNotForOp { algo: Algo, op: Op },
    /// Fewer than two processors.
    TooSmall { rows: usize, cols: usize },
    /// More processors than the operation (or a broadcast) allows.
    TooLarge {
        rows: usize,
        cols: usize,
        max: usize,
        algo: Algo,
    },
    /// A root that is not a processor.
    BadRoot { root: usize, p: usize },
    /// A root given for all-to-all.
    RootNotUsed,
    /// γ out of range for the operation.
    BadGamma { gamma: f64, op: Op },
    /// γ given for an algorithm other than *logp-lev-rec*.
    GammaNotUsed { algo: Algo },
    /// L outside 1..=[`MAX_BYTES`].
    BadBytes { bytes: u64 },
    /// A mesh that is not written RxC.
    BadMesh(String),
}

fn names(algos: &[Algo]) -> String {
    algos
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for CollectiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CollectiveError::*;
        match self {
            UnknownOp(s) => write!(f, "unknown op '{s}'; choose scatter, gather or alltoall"),
            UnknownAlgo(s) => write!(
                f,
                "unknown algorithm '{s}'; scatter: {}; gather: {}; alltoall: {}",
                names(Op::Scatter.algos()),
                names(Op::Gather.algos()),
                names(Op::AllToAll.algos())
            ),
            AlgoNotForOp { algo, op } => write!(
                f,
                "{} is not a {} algorithm; choose one of {}",
                algo.name(),
                op.name(),
                names(op.algos())
            ),
            TooSmall { rows, cols } => write!(
                f,
                "a collective needs at least 2 processors (got a {rows}x{cols} mesh); try 1x2 or larger"
            ),
            TooLarge {
                rows,
                cols,
                max,
                algo,
            } => write!(
                f,
                "a {rows}x{cols} mesh has {} processors; {} allows at most {max} (e.g. {})",
                rows.saturating_mul(*cols),
                algo.name(),
                if *max == MAX_ALLTOALL_PROCS {
                    "32x32"
                } else {
                    "64x64"
                }
            ),
            BadRoot { root, p } => write!(
                f,
                "root must be a processor 0..{} in row-major order (got {root})",
                p - 1
            ),
            RootNotUsed => write!(
                f,
                "root does not apply to alltoall (every processor sends to every other)"
            ),
            BadGamma {
                gamma,
                op: Op::Scatter,
            } => write!(
                f,
                "gamma must be at least 0.5 and below 1 for scatter (got {gamma:?}): the part holding the source keeps γ·p processors"
            ),
            BadGamma { gamma, .. } => write!(
                f,
                "gamma must be above 0 and below 1 for gather (got {gamma:?})"
            ),
            GammaNotUsed { algo } => {
                write!(f, "gamma applies only to logp-lev-rec, not {}", algo.name())
            }
            BadBytes { bytes } => write!(
                f,
                "bytes (the message size L) must be between 1 and {MAX_BYTES} (got {bytes})"
            ),
            BadMesh(s) => write!(f, "mesh '{s}' is not RxC, e.g. 16x16 or 4x8"),
        }
    }
}

impl std::error::Error for CollectiveError {}
