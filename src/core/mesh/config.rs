//! What to run: the operation, the algorithm, the mesh and its parameters,
//! validated once so that the algorithms cannot fail.
//!
//! ```
//! use commbook::core::mesh::config::{Algo, CollectiveConfig, Op};
//! let mut cfg = CollectiveConfig::new(Op::Scatter, Algo::LogpLevRec, 16, 16);
//! cfg.gamma = Some(0.4);
//! assert_eq!(
//!     cfg.validate().unwrap_err().to_string(),
//!     "gamma must be at least 0.5 and below 1 for scatter (got 0.4): the part holding the source keeps γ·p processors"
//! );
//! ```

use crate::core::net::mesh::Mesh;
use std::fmt;

/// The three operations of paper 001.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// One-to-all personalised communication (§3).
    Scatter,
    /// All-to-one (§4).
    Gather,
    /// All-to-all personalised communication (§5).
    AllToAll,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 3] = [Op::Scatter, Op::Gather, Op::AllToAll];

    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Op::Scatter => "scatter",
            Op::Gather => "gather",
            Op::AllToAll => "alltoall",
        }
    }

    /// Looks an operation up by its CLI name.
    pub fn parse(s: &str) -> Result<Op, CollectiveError> {
        Op::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| CollectiveError::UnknownOp(s.to_string()))
    }

    /// The algorithms the paper gives for this operation.
    pub fn algos(self) -> &'static [Algo] {
        use Algo::*;
        match self {
            Op::Scatter => &[
                Dir, SysBr, OurBr, TwoLevRec, ThreeLevSq, LogpLevSq, LogpLevRec,
            ],
            Op::Gather => &[Dir, TwoLevRec, ThreeLevSq, LogpLevSq, LogpLevRec],
            Op::AllToAll => &[
                Dir,
                Lin,
                Xor,
                Bal,
                TwoLevSq,
                TwoLevCr,
                TwoLevCrInt,
                LogpLevBfly,
            ],
        }
    }
}

/// The algorithms of paper 001, by the names it prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Algo {
    /// *1-lev-dir*: direct sends.
    Dir,
    /// *1-lev-sys-br*: the system's broadcast of the concatenated message.
    SysBr,
    /// *1-lev-our-br*: broadcast of the concatenation by a binomial-heap tree.
    OurBr,
    /// *2-lev-rec*: rows as submachines, leaders in the source's column.
    TwoLevRec,
    /// *3-lev-sq*: square submeshes, then *2-lev-rec* inside each.
    ThreeLevSq,
    /// *logp-lev-sq*: halving by alternating vertical and horizontal cuts.
    LogpLevSq,
    /// *logp-lev-rec(γ)*: γ-splits of the snake order.
    LogpLevRec,
    /// *1-lev-lin*: linear permutations.
    Lin,
    /// *1-lev-xor*: exclusive-or permutations.
    Xor,
    /// *1-lev-bal*: balanced permutations from round-robin tournaments.
    Bal,
    /// *2-lev-sq*: the 3-step algorithm on square submeshes.
    TwoLevSq,
    /// *2-lev-c,r*: the 2-step algorithm, columns then rows.
    TwoLevCr,
    /// *2-lev-c,r-int*: *2-lev-c,r* with the two steps interleaved.
    TwoLevCrInt,
    /// *logp-lev-bfly*: the butterfly pattern.
    LogpLevBfly,
}

impl Algo {
    /// Every algorithm, one-to-all first.
    pub const ALL: [Algo; 14] = [
        Algo::Dir,
        Algo::SysBr,
        Algo::OurBr,
        Algo::TwoLevRec,
        Algo::ThreeLevSq,
        Algo::LogpLevSq,
        Algo::LogpLevRec,
        Algo::Lin,
        Algo::Xor,
        Algo::Bal,
        Algo::TwoLevSq,
        Algo::TwoLevCr,
        Algo::TwoLevCrInt,
        Algo::LogpLevBfly,
    ];

    /// The name as the paper prints it (and the CLI accepts).
    pub fn name(self) -> &'static str {
        match self {
            Algo::Dir => "1-lev-dir",
            Algo::SysBr => "1-lev-sys-br",
            Algo::OurBr => "1-lev-our-br",
            Algo::TwoLevRec => "2-lev-rec",
            Algo::ThreeLevSq => "3-lev-sq",
            Algo::LogpLevSq => "logp-lev-sq",
            Algo::LogpLevRec => "logp-lev-rec",
            Algo::Lin => "1-lev-lin",
            Algo::Xor => "1-lev-xor",
            Algo::Bal => "1-lev-bal",
            Algo::TwoLevSq => "2-lev-sq",
            Algo::TwoLevCr => "2-lev-c,r",
            Algo::TwoLevCrInt => "2-lev-c,r-int",
            Algo::LogpLevBfly => "logp-lev-bfly",
        }
    }

    /// Parses a name; `logp-lev-rec(0.75)` also gives its γ.
    pub fn parse(s: &str) -> Result<(Algo, Option<f64>), CollectiveError> {
        let unknown = || CollectiveError::UnknownAlgo(s.to_string());
        if let Some(g) = s
            .strip_prefix("logp-lev-rec(")
            .and_then(|r| r.strip_suffix(')'))
        {
            let gamma = g.trim().parse::<f64>().map_err(|_| unknown())?;
            return Ok((Algo::LogpLevRec, Some(gamma)));
        }
        let algo = Algo::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(unknown)?;
        Ok((algo, None))
    }

    /// The k of a k-level algorithm, as the name says (`None` for log p).
    pub fn levels(self) -> Option<usize> {
        match self {
            Algo::TwoLevRec | Algo::TwoLevSq | Algo::TwoLevCr | Algo::TwoLevCrInt => Some(2),
            Algo::ThreeLevSq => Some(3),
            Algo::LogpLevSq | Algo::LogpLevRec | Algo::LogpLevBfly => None,
            _ => Some(1),
        }
    }
}

/// Most processors for scatter and gather.
pub const MAX_PROCS: usize = 4096;
/// Most processors for all-to-all, which moves p·(p − 1) messages.
pub const MAX_ALLTOALL_PROCS: usize = 1024;
/// Largest actual message size L, in bytes (the paper stops at 16 384).
pub const MAX_BYTES: u64 = 1 << 20;
/// The γ the paper found best for one-to-all on the Delta (§3.2).
pub const SCATTER_GAMMA: f64 = 0.75;
/// The γ of the paper's all-to-one table, Figure 6 (§4.1).
pub const GATHER_GAMMA: f64 = 0.60;

/// A request, as the CLI or a widget states it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollectiveConfig {
    pub op: Op,
    pub algo: Algo,
    pub rows: usize,
    pub cols: usize,
    /// Source of a scatter, destination of a gather (row-major id); 0 if
    /// not given. Not allowed for all-to-all.
    pub root: Option<usize>,
    /// γ of *logp-lev-rec*; the paper's 0.75 (scatter) or 0.60 (gather) if
    /// not given. Not allowed for other algorithms.
    pub gamma: Option<f64>,
    /// The actual message size L in bytes.
    pub bytes: u64,
}

impl CollectiveConfig {
    /// A request with no root, no γ and L = 1024 bytes.
    pub fn new(op: Op, algo: Algo, rows: usize, cols: usize) -> Self {
        CollectiveConfig {
            op,
            algo,
            rows,
            cols,
            root: None,
            gamma: None,
            bytes: 1024,
        }
    }

    /// Checks every parameter and returns the validated [`Spec`].
    pub fn validate(&self) -> Result<Spec, CollectiveError> {
        use CollectiveError::*;
        let (op, algo) = (self.op, self.algo);
        if !op.algos().contains(&algo) {
            return Err(AlgoNotForOp { algo, op });
        }
        let p = self.rows.saturating_mul(self.cols);
        // All-to-all and the broadcasts move p·(p − 1) actual messages.
        let max = match (op, algo) {
            (Op::AllToAll, _) | (_, Algo::SysBr | Algo::OurBr) => MAX_ALLTOALL_PROCS,
            _ => MAX_PROCS,
        };
        if p < 2 {
            return Err(TooSmall {
                rows: self.rows,
                cols: self.cols,
            });
        }
        if p > max {
            return Err(TooLarge {
                rows: self.rows,
                cols: self.cols,
                max,
                algo,
            });
        }
        let root = match (op, self.root) {
            (Op::AllToAll, Some(_)) => return Err(RootNotUsed),
            (_, Some(r)) if r >= p => return Err(BadRoot { root: r, p }),
            (_, r) => r.unwrap_or(0),
        };
        let gamma = match (algo, self.gamma) {
            (Algo::LogpLevRec, g) => {
                let g = g.unwrap_or(if op == Op::Scatter {
                    SCATTER_GAMMA
                } else {
                    GATHER_GAMMA
                });
                let low = if op == Op::Scatter { 0.5 } else { 0.0 };
                let ok = g.is_finite() && g < 1.0 && (g > low || (op == Op::Scatter && g == low));
                if !ok {
                    return Err(BadGamma { gamma: g, op });
                }
                g
            }
            (_, Some(_)) => return Err(GammaNotUsed { algo }),
            (_, None) => 0.0,
        };
        if !(1..=MAX_BYTES).contains(&self.bytes) {
            return Err(BadBytes { bytes: self.bytes });
        }
        Ok(Spec {
            op,
            algo,
            mesh: Mesh::new(self.rows, self.cols),
            root,
            gamma,
            bytes: self.bytes,
        })
    }
}

/// A validated request: every algorithm accepts it and cannot fail.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    pub op: Op,
    pub algo: Algo,
    pub mesh: Mesh,
    /// Source (scatter) or destination (gather); 0 for all-to-all.
    pub root: usize,
    /// γ of *logp-lev-rec* (0 for other algorithms).
    pub gamma: f64,
    /// The actual message size L.
    pub bytes: u64,
}

impl Spec {
    /// Number of processors p.
    pub fn p(&self) -> usize {
        self.mesh.rows * self.mesh.cols
    }

    /// The algorithm's name with its γ where it has one, e.g.
    /// `logp-lev-rec(0.75)`.
    pub fn title(&self) -> String {
        match self.algo {
            Algo::LogpLevRec => format!("logp-lev-rec({})", self.gamma),
            a => a.name().to_string(),
        }
    }
}

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
                "gamma must be at least 0.5 and below 1 for scatter (got {gamma}): the part holding the source keeps γ·p processors"
            ),
            BadGamma { gamma, .. } => write!(
                f,
                "gamma must be above 0 and below 1 for gather (got {gamma})"
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

/// Parses `RxC` (e.g. `16x32`) into rows and columns.
pub fn parse_mesh(s: &str) -> Result<(usize, usize), CollectiveError> {
    let bad = || CollectiveError::BadMesh(s.to_string());
    let (r, c) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let rows = r.trim().parse().map_err(|_| bad())?;
    let cols = c.trim().parse().map_err(|_| bad())?;
    Ok((rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in Algo::ALL {
            assert_eq!(Algo::parse(a.name()), Ok((a, None)));
        }
        assert_eq!(
            Algo::parse("logp-lev-rec(0.75)"),
            Ok((Algo::LogpLevRec, Some(0.75)))
        );
        assert!(Algo::parse("2-lev-foo").is_err());
        assert_eq!(parse_mesh("16x32"), Ok((16, 32)));
        assert!(parse_mesh("16").is_err());
    }

    #[test]
    fn refuses_bad_requests_with_a_reason() {
        let cfg = |op, algo, r, c| CollectiveConfig::new(op, algo, r, c);
        let err = |c: CollectiveConfig| c.validate().unwrap_err().to_string();
        assert_eq!(
            err(cfg(Op::Gather, Algo::OurBr, 4, 4)),
            "1-lev-our-br is not a gather algorithm; choose one of 1-lev-dir, 2-lev-rec, 3-lev-sq, logp-lev-sq, logp-lev-rec"
        );
        assert!(err(cfg(Op::Scatter, Algo::Dir, 1, 1)).starts_with("a collective needs"));
        assert!(err(cfg(Op::AllToAll, Algo::Xor, 64, 64)).contains("at most 1024"));
        let mut c = cfg(Op::Gather, Algo::LogpLevRec, 4, 4);
        c.gamma = Some(0.3);
        assert_eq!(c.validate().unwrap().gamma, 0.3);
        c.gamma = Some(1.0);
        assert!(err(c).starts_with("gamma must be above 0"));
        c.gamma = None;
        c.root = Some(16);
        assert_eq!(
            err(c),
            "root must be a processor 0..15 in row-major order (got 16)"
        );
        let mut d = cfg(Op::Scatter, Algo::Dir, 4, 4);
        d.gamma = Some(0.5);
        assert_eq!(err(d), "gamma applies only to logp-lev-rec, not 1-lev-dir");
        d.gamma = None;
        d.bytes = 0;
        assert!(err(d).starts_with("bytes (the message size L)"));
        let mut s = cfg(Op::Scatter, Algo::LogpLevRec, 4, 4);
        s.gamma = Some(0.5);
        assert!(s.validate().is_ok());
        assert_eq!(
            cfg(Op::Gather, Algo::LogpLevRec, 4, 4)
                .validate()
                .unwrap()
                .gamma,
            GATHER_GAMMA
        );
    }
}
