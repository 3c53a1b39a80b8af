//! `ccom`: Figure 5 of paper 000 turning COM into CCOM row by row, each
//! copy followed by its `Random_Swap`, on a generated matrix or one the
//! reader edits; beside it, what CGM then costs with and without the
//! shuffle.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::{D, FLIP, Matrix, MatrixBuild, N_TABLE, SEED, SHUFFLE, SWAP};
use crate::book::params::Notice;
use crate::core::algo::Run;
use crate::core::algo::ccom::{self, CcomState, RowOrder};
use crate::core::algo::cgm;
use crate::core::com::Com;
use crate::core::com::fig7::SwapMode;
use crate::core::rng::Rng;
use crate::core::step::{Immediate, Stepper, then};
use crate::core::trace::Trace;
use std::rc::Rc;

crate::settings! {
    /// A matrix small enough to print CCOM, and the row order.
    pub struct CcomSettings {
        pub n: usize = N_TABLE => "at most 128 here: CCOM is printed as numbers",
        pub d: usize = D,
        pub seed: u64 = SEED,
        pub swap: SwapMode = SWAP,
        pub shuffle: RowOrder = SHUFFLE,
        pub flip: String = FLIP,
    }
}

/// The compaction figure.
pub struct Ccom;

/// The compaction of one matrix, and CGM's cost after it.
pub struct CompactionRun {
    pub com: Rc<Com>,
    pub matrix: Matrix,
    pub order: RowOrder,
    pub trace: Trace<CcomState>,
    /// CGM after compacting with and without `Random_Swap`.
    pub shuffled: Run,
    pub sorted: Run,
}

impl Figure for Ccom {
    const TITLE: &'static str = "COM → CCOM: the compaction of Figure 5";
    type Settings = CcomSettings;
    type Key = (Matrix, RowOrder);
    type Output = CompactionRun;

    fn key(s: &CcomSettings) -> ((Matrix, RowOrder), Vec<Notice>) {
        let (m, notices) = Matrix::check(s.n, s.d, s.seed, s.swap, &s.flip);
        ((m, s.shuffle), notices)
    }

    /// Builds the matrix, compacts it and runs CGM both ways.
    fn compute(k: &(Matrix, RowOrder)) -> Box<dyn Stepper<Output = CompactionRun>> {
        let (matrix, order) = k.clone();
        Box::new(then(MatrixBuild::new(matrix.clone()), move |built| {
            Immediate::new(move || {
                let com = built.com;
                let seed = matrix.seed;
                // The same draws as CGM's own compaction with this seed.
                let (_, trace) = ccom::trace_ordered(&com, &mut Rng::new(seed), order);
                CompactionRun {
                    shuffled: cgm::run_ordered(&com, seed, RowOrder::Shuffled),
                    sorted: cgm::run_ordered(&com, seed, RowOrder::Sorted),
                    com: Rc::new(com),
                    matrix,
                    order,
                    trace,
                }
            })
        }))
    }

    fn steps(r: &CompactionRun) -> usize {
        r.trace.len()
    }
}
