//! What to run: the operation, the algorithm, the mesh and its parameters,
//! validated once so that the algorithms cannot fail.
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! let mut cfg = CollectiveConfig::new(Op::Scatter, Algo::LogpLevRec, 16, 16);
//! cfg.gamma = Some(0.4);
//! assert_eq!(
//!     cfg.validate().unwrap_err().to_string(),
//!     "gamma must be at least 0.5 and below 1 for scatter (got 0.4): the part holding the source keeps γ·p processors"
//! );
//! ```

pub use super::algo::{Algo, Op};
pub use super::error::CollectiveError;
use crate::net::mesh::Mesh;

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

/// A request, as the CLI or a figure states it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollectiveConfig {
    /// The operation.
    pub op: Op,
    /// One of `op.algos()`.
    pub algo: Algo,
    /// Mesh rows R.
    pub rows: usize,
    /// Mesh columns C.
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
    /// The operation.
    pub op: Op,
    /// An algorithm of `op`.
    pub algo: Algo,
    /// The R×C mesh, 2 ≤ p within the operation's limit.
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
            Algo::LogpLevRec => format!("logp-lev-rec({:?})", self.gamma),
            a => a.name().to_string(),
        }
    }
}

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
    fn meshes_are_written_rxc() {
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
