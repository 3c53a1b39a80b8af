//! `com`: Figure 7 of paper 000 building a communication matrix (its
//! diagonals, then the row and column swaps), which the reader can then
//! edit by hand. Opens on the finished matrix.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::{Built, Matrix, MatrixBuild, MatrixSettings};
use crate::book::params::Notice;
use crate::core::step::Stepper;

/// The matrix figure.
pub struct Com;

impl Figure for Com {
    const TITLE: &'static str = "The communication matrix COM (Figure 7 generator)";
    const START_AT_END: bool = true;
    type Settings = MatrixSettings;
    type Key = Matrix;
    type Output = Built;

    fn key(s: &MatrixSettings) -> (Matrix, Vec<Notice>) {
        s.matrix()
    }

    fn compute(m: &Matrix) -> Box<dyn Stepper<Output = Built>> {
        Box::new(MatrixBuild::new(m.clone()))
    }

    fn steps(b: &Built) -> usize {
        b.trace.as_ref().map_or(0, |t| t.len())
    }
}
