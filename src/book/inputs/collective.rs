//! The mesh collectives' inputs (chapters 6 and 7): algorithm, mesh,
//! root, γ and L, checked together by the core's
//! `CollectiveConfig::validate`, and the settings the figures share.
//!
//! Each value is already in range when it arrives (the parameter specs see
//! to that); what a single parameter cannot check is how they combine: a
//! root past the last processor of the mesh, or a 1×1 mesh. Those fall back
//! with a notice saying what was used instead.

use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::mesh::config::{Algo, CollectiveConfig, CollectiveError, Op, Spec};
use crate::core::net::mesh::Mesh;

// Meshes stop at 16×32, the Intel Delta's own shape: 512 processors keep
// every trace and drawing of these figures well under a tenth of a second.
/// Rows of the mesh.
/// The scatter algorithms of paper 001 §3 (gather has all but the two
/// broadcasts), in the paper's order.
pub const ROOTED_ALGOS: &[&str] = &[
    Algo::Dir.word(),
    Algo::SysBr.word(),
    Algo::OurBr.word(),
    Algo::TwoLevRec.word(),
    Algo::ThreeLevSq.word(),
    Algo::LogpLevSq.word(),
    Algo::LogpLevRec.word(),
];

pub const ROWS: ParamSpec = ParamSpec {
    key: "rows",
    label: "rows R",
    kind: ParamKind::Int {
        min: 1,
        max: 16,
        default: 4,
    },
};
/// Columns of the mesh.
pub const COLS: ParamSpec = ParamSpec {
    key: "cols",
    label: "columns C",
    kind: ParamKind::Int {
        min: 1,
        max: 32,
        default: 4,
    },
};
/// The source of a scatter, the destination of a gather.
pub const ROOT: ParamSpec = ParamSpec {
    key: "root",
    label: "root processor",
    kind: ParamKind::Int {
        min: 0,
        max: 511,
        default: 0,
    },
};
/// Bytes of each processor's own message.
pub const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "message size L (bytes)",
    kind: ParamKind::Int {
        min: 1,
        max: 1_048_576,
        default: 1024,
    },
};
/// The one-to-all algorithms.
pub const SCATTER_ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "algorithm",
    kind: ParamKind::Choice {
        options: ROOTED_ALGOS,
        default: Algo::LogpLevRec.word(),
    },
};
/// The all-to-one algorithms.
pub const GATHER_ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "algorithm",
    kind: ParamKind::Choice {
        options: &[
            Algo::Dir.word(),
            Algo::TwoLevRec.word(),
            Algo::ThreeLevSq.word(),
            Algo::LogpLevSq.word(),
            Algo::LogpLevRec.word(),
        ],
        default: Algo::LogpLevRec.word(),
    },
};
/// γ of a scatter by logp-lev-rec (the paper's 0.75 by default).
pub const SCATTER_GAMMA: ParamSpec = ParamSpec {
    key: "gamma",
    label: "γ (logp-lev-rec)",
    kind: ParamKind::Number {
        min: 0.5,
        max: 0.99,
        default: Some(0.75),
    },
};
/// γ of a gather by logp-lev-rec (the paper's 0.60 by default).
pub const GATHER_GAMMA: ParamSpec = ParamSpec {
    key: "gamma",
    label: "γ (logp-lev-rec)",
    kind: ParamKind::Number {
        min: 0.01,
        max: 0.99,
        default: Some(0.6),
    },
};
/// The notes under the mesh, the root and γ, the same in every figure
/// of a collective.
pub const ROWS_NOTE: &str = "at most 16";
pub const COLS_NOTE: &str = "at most 32: 16×32 is the Delta itself";
pub const ROOT_NOTE: &str = "or click a processor";
pub const GAMMA_NOTE: &str = "used by logp-lev-rec only";

/// A collective as the settings describe it, before the checks that need
/// several of them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollectiveRequest {
    /// `None`: the operation's first algorithm (a figure without the setting).
    pub algo: Option<Algo>,
    pub rows: usize,
    pub cols: usize,
    pub root: usize,
    pub gamma: Option<f64>,
    pub bytes: u64,
}

impl CollectiveRequest {
    /// The core's configuration for operation `op`. γ is passed to
    /// *logp-lev-rec* only (other algorithms have none); an algorithm that
    /// is not one of `op`'s gives the first of them.
    pub fn config(&self, op: Op) -> CollectiveConfig {
        let algo = self
            .algo
            .filter(|a| op.algos().contains(a))
            .unwrap_or(op.algos()[0]);
        let mut cfg = CollectiveConfig::new(op, algo, self.rows.max(1), self.cols.max(1));
        cfg.root = Some(self.root);
        cfg.gamma = (algo == Algo::LogpLevRec).then_some(self.gamma).flatten();
        cfg.bytes = self.bytes.max(1);
        cfg
    }

    /// The validated collective for `op`, with notices for what was fixed.
    pub fn read(&self, op: Op) -> (Spec, Vec<Notice>) {
        validate(self.config(op))
    }
}

/// Validates `cfg`, fixing what can be fixed: a root outside the mesh
/// becomes P0, a single processor becomes a 1×2 mesh; anything else falls
/// back to 1-lev-dir on a 2×2 mesh. Each fix comes with a notice.
pub fn validate(mut cfg: CollectiveConfig) -> (Spec, Vec<Notice>) {
    let mut notices = Vec::new();
    // Each fix below removes one reason to refuse, so three rounds suffice.
    for _ in 0..3 {
        match cfg.validate() {
            Ok(spec) => return (spec, notices),
            Err(CollectiveError::BadRoot { root, p }) => {
                notices.push(Notice(format!(
                    "root {root} is not a processor of the {}×{} mesh (0 to {}); using 0",
                    cfg.rows,
                    cfg.cols,
                    p - 1
                )));
                cfg.root = None;
            }
            Err(CollectiveError::TooSmall { .. }) => {
                notices.push(Notice(format!(
                    "a {}×{} mesh has a single processor; using 1×2",
                    cfg.rows, cfg.cols
                )));
                (cfg.rows, cfg.cols) = (1, 2);
            }
            Err(e) => {
                notices.push(Notice(format!("{e}; using 1-lev-dir on 2×2")));
                cfg = CollectiveConfig::new(cfg.op, Algo::Dir, 2, 2);
            }
        }
    }
    let fallback = Spec {
        op: cfg.op,
        algo: Algo::Dir,
        mesh: Mesh::new(2, 2),
        root: 0,
        gamma: 0.0,
        bytes: 1024,
    };
    (fallback, notices)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(
        algo: Option<Algo>,
        rows: usize,
        cols: usize,
        root: usize,
        bytes: u64,
    ) -> CollectiveRequest {
        CollectiveRequest {
            algo,
            rows,
            cols,
            root,
            gamma: Some(0.75),
            bytes,
        }
    }

    #[test]
    fn good_settings_pass_through() {
        let v = request(Some(Algo::LogpLevRec), 16, 16, 17, 16);
        let (spec, notes) = v.read(Op::Scatter);
        assert!(notes.is_empty());
        assert_eq!(
            (spec.root, spec.gamma, spec.bytes, spec.p()),
            (17, 0.75, 16, 256)
        );
        // γ is dropped for algorithms without one.
        let mut w = v;
        w.algo = Some(Algo::TwoLevRec);
        assert_eq!(w.read(Op::Scatter).0.gamma, 0.0);
        // A scatter algorithm a gather lacks gives the gather's first.
        w.algo = Some(Algo::OurBr);
        assert_eq!(w.read(Op::Gather).0.algo, Algo::Dir);
    }

    #[test]
    fn combinations_fall_back_with_notices() {
        let (spec, notes) = request(None, 2, 2, 9, 8).read(Op::Scatter);
        assert_eq!(spec.root, 0);
        assert_eq!(
            notes[0].0,
            "root 9 is not a processor of the 2×2 mesh (0 to 3); using 0"
        );
        let (spec, notes) = request(None, 1, 1, 0, 8).read(Op::Gather);
        assert_eq!(spec.p(), 2);
        assert_eq!(notes[0].0, "a 1×1 mesh has a single processor; using 1×2");
        let mut cfg = CollectiveConfig::new(Op::Scatter, Algo::LogpLevRec, 2, 2);
        cfg.gamma = Some(0.2);
        let (spec, notes) = validate(cfg);
        assert_eq!(spec.algo, Algo::Dir);
        assert!(
            notes[0].0.starts_with("gamma must be at least 0.5"),
            "{notes:?}"
        );
    }
}
