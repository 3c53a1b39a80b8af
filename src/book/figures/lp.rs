//! `lp`: the linear permutation schedule of paper 000 §3.2, one
//! pairwise-exchange step at a time, on a matrix the reader can generate
//! or edit.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::{Matrix, MatrixBuild, MatrixSettings};
use crate::book::params::Notice;
use crate::core::algo::lp::{self as lp_algo, LpOutcome};
use crate::core::com::Com;
use crate::core::step::{Stepper, map, then};
use std::rc::Rc;

/// The LP figure.
pub struct Lp;

/// An LP run on a matrix, with what the view reads at every step.
pub struct LpRun {
    pub com: Rc<Com>,
    pub out: LpOutcome,
    pub matrix: Matrix,
    /// Phase (0-based) in which each cell's message travels, row-major.
    pub phase_of: Vec<Option<u32>>,
}

impl Figure for Lp {
    const TITLE: &'static str = "Linear permutation (LP), step by step";
    type Settings = MatrixSettings;
    type Key = Matrix;
    type Output = LpRun;

    fn key(s: &MatrixSettings) -> (Matrix, Vec<Notice>) {
        s.matrix()
    }

    /// Builds the matrix, then runs LP on it.
    fn compute(m: &Matrix) -> Box<dyn Stepper<Output = LpRun>> {
        let matrix = m.clone();
        Box::new(then(MatrixBuild::new(m.clone()), move |built| {
            let com = Rc::new(built.com);
            let keep = com.clone();
            map(lp_algo::Lp::new(com, true), move |out: LpOutcome| {
                let phase_of = out.schedule.phase_of();
                LpRun {
                    com: keep,
                    out,
                    matrix,
                    phase_of,
                }
            })
        }))
    }

    fn steps(r: &LpRun) -> usize {
        r.out.trace.as_ref().map_or(0, |t| t.len())
    }
}
