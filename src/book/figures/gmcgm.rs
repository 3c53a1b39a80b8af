//! `gmcgm`: GM (paper 000, Figure 4) and CGM (Figure 6) on the same
//! matrix, stepped by one player on one work clock (`core::algo::duel`):
//! each step moves whichever algorithm has made fewer probes so far, so at
//! every position the two have done the same work and the counters compare
//! what that work bought.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::{FLIP, Matrix, MatrixBuild, N_TABLE, SEED, SHUFFLE, SWAP};
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::ccom::RowOrder;
use crate::core::algo::duel::{self, Duel, DuelConfig};
use crate::core::algo::gm::Scan;
use crate::core::com::Com;
use crate::core::com::fig7::SwapMode;
use crate::core::step::{Immediate, Stepper, then};
use std::rc::Rc;

/// d for this figure: GM's trace at n = 128, d = 64 has 226 000 steps.
pub const D_GM: ParamSpec = ParamSpec {
    key: "d",
    label: "messages per processor d",
    kind: ParamKind::Int {
        min: 1,
        max: 64,
        default: 4,
    },
};
/// Where GM's scan of row x starts.
pub const SCAN: ParamSpec = ParamSpec {
    key: "scan",
    label: "GM scans row x from",
    kind: ParamKind::Choice {
        options: Scan::WORDS,
        default: "zero",
    },
};

crate::settings! {
    /// The matrix, GM's scan and CCOM's row order.
    pub struct GmcgmSettings {
        pub n: usize = N_TABLE => "at most 128 here: GM's trace grows with n²",
        pub d: usize = D_GM => "at most 64 here: GM takes 226 000 steps at n = 128, d = 64",
        pub seed: u64 = SEED,
        pub swap: SwapMode = SWAP,
        pub scan: Scan = SCAN,
        pub shuffle: RowOrder = SHUFFLE,
        pub flip: String = FLIP,
    }
}

/// The GM/CGM figure.
pub struct Gmcgm;

/// Both runs on one matrix.
pub struct DuelRun {
    pub com: Rc<Com>,
    pub matrix: Matrix,
    pub duel: Duel,
}

impl Figure for Gmcgm {
    const TITLE: &'static str = "GM and CGM on one matrix, on one clock";
    type Settings = GmcgmSettings;
    type Key = (Matrix, Scan, RowOrder);
    type Output = DuelRun;

    fn key(s: &GmcgmSettings) -> (Self::Key, Vec<Notice>) {
        let (m, notices) = Matrix::check(s.n, s.d, s.seed, s.swap, &s.flip);
        ((m, s.scan, s.shuffle), notices)
    }

    /// Builds the matrix, then runs both.
    fn compute(k: &Self::Key) -> Box<dyn Stepper<Output = DuelRun>> {
        let (matrix, scan, order) = k.clone();
        Box::new(then(MatrixBuild::new(matrix.clone()), move |built| {
            Immediate::new(move || {
                let cfg = DuelConfig {
                    seed: matrix.seed,
                    scan,
                    order,
                };
                DuelRun {
                    duel: duel::run(&built.com, &cfg),
                    com: Rc::new(built.com),
                    matrix,
                }
            })
        }))
    }

    /// Steps on the shared clock.
    fn steps(r: &DuelRun) -> usize {
        r.duel.len()
    }
}
