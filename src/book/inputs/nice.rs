//! What NICE's figures share (chapter 4, paper 002): a matrix of NICE's
//! test set 1 (about d messages per processor, sizes 1 to `max` units of
//! `unit` bytes; `core::com::nonuniform`), and the scheduler chosen among
//! RS_N, RS_NL, RS_NH and RS_NLH.

use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::Algo;
use crate::core::algo::rs::{RsConfig, RsVariant};
use crate::core::com::Com;
use crate::core::com::nonuniform::NonuniformConfig;

/// Processors: at most 64, so that CCOM can be printed.
pub const N: ParamSpec = ParamSpec {
    key: "n",
    label: "processors n",
    kind: ParamKind::Int {
        min: 2,
        max: 64,
        default: 16,
    },
};
/// Messages per processor.
pub const D: ParamSpec = ParamSpec {
    key: "d",
    label: "messages per processor d",
    kind: ParamKind::Int {
        min: 1,
        max: 63,
        default: 4,
    },
};
/// The largest size, in units.
pub const MAX: ParamSpec = ParamSpec {
    key: "max",
    label: "sizes 1 … max units",
    kind: ParamKind::Int {
        min: 1,
        max: 100,
        default: 10,
    },
};
/// `msg_unit`, in bytes.
pub const UNIT: ParamSpec = ParamSpec {
    key: "unit",
    label: "msg_unit (bytes)",
    kind: ParamKind::Int {
        min: 1,
        max: 4096,
        default: 64,
    },
};
/// NICE's four schedulers.
pub const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "scheduler",
    kind: ParamKind::Choice {
        options: &[
            crate::core::algo::Algo::RsN.word(),
            crate::core::algo::Algo::RsNl.word(),
            crate::core::algo::Algo::RsNh.word(),
            crate::core::algo::Algo::RsNlh.word(),
        ],
        default: crate::core::algo::Algo::RsN.word(),
    },
};

/// The RS variant an algorithm names (RS_N for any other).
pub fn variant(algo: Algo) -> RsVariant {
    match algo {
        Algo::RsNl => RsVariant::Nl,
        Algo::RsNh => RsVariant::Nh,
        Algo::RsNlh => RsVariant::Nlh,
        _ => RsVariant::N,
    }
}

/// A matrix of test set 1, its settings checked together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NiceMatrix(pub NonuniformConfig);

impl NiceMatrix {
    /// d must be below n: a larger d is lowered, with a notice.
    pub fn check(n: usize, d: usize, max: u64, unit: u64, seed: u64) -> (NiceMatrix, Vec<Notice>) {
        let n = n.max(2);
        let mut notices = Vec::new();
        let mut d = d.max(1);
        if d >= n {
            let fixed = (n - 1).min(4);
            notices.push(Notice(format!(
                "d = {d} must be below n = {n}; using d = {fixed}"
            )));
            d = fixed;
        }
        let cfg = NonuniformConfig {
            unit: unit.max(1),
            max: max.max(1),
            ..NonuniformConfig::new(n, d, seed)
        };
        (NiceMatrix(cfg), notices)
    }

    /// The matrix (the settings' ranges keep it valid; should they not,
    /// a matrix without messages stands in).
    pub fn generate(&self) -> Com {
        self.0.generate().unwrap_or_else(|_| Com::none(self.0.n))
    }

    /// The scheduler's configuration (RS_NL and RS_NLH on the fat tree of
    /// n processors, NICE's CM-5).
    pub fn config(&self, variant: RsVariant) -> RsConfig {
        RsConfig::new(variant, self.0.seed)
    }
}

crate::core::number_words! {
    /// The simulated CM-5's sizes the figures offer: NICE's 32 first, then
    /// a half and a double.
    pub const CM5_SIZES: [usize; 3], CM5_SIZE_WORDS = [32, 16, 64];
}

/// Nodes of the simulated CM-5 (NICE's was 32).
pub const CM5_NODES: ParamSpec = ParamSpec {
    key: "p",
    label: "nodes",
    kind: ParamKind::Choice {
        options: &CM5_SIZE_WORDS,
        default: "32",
    },
};

/// Messages per processor of a test-set-1 matrix on the whole machine.
pub const MACHINE_D: ParamSpec = ParamSpec {
    key: "d",
    label: "messages per processor d",
    kind: ParamKind::Int {
        min: 1,
        max: 31,
        default: 8,
    },
};
