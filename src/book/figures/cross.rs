//! `cross`: balanced permutations of an R×C mesh as cross products
//! Πᵢ × Π′ⱼ of the arrays' balanced permutations (paper 001, §5.1), one
//! product at a time, with the link loads of each.

use crate::book::figure::Figure;
use crate::book::inputs::collective::ROWS;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::mesh::cross_view::{CrossState, record};
use crate::core::net::mesh::Mesh;
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;

/// Columns: at most 16 here, so that every product stays readable.
pub const COLS: ParamSpec = ParamSpec {
    key: "cols",
    label: "columns C",
    kind: ParamKind::Int {
        min: 2,
        max: 16,
        default: 8,
    },
};

crate::settings! {
    /// The mesh.
    pub struct CrossSettings {
        pub rows: usize = ROWS => "at most 16",
        pub cols: usize = COLS => "at most 16",
    }
}

/// The cross-product figure.
pub struct Cross;

/// The products' trace and the largest load of any of them (the heat map's
/// fixed scale).
pub struct CrossRun {
    pub trace: Trace<CrossState>,
    pub max_load: u32,
}

impl Figure for Cross {
    const TITLE: &'static str = "The cross product of balanced permutations on a mesh";
    const UNIT: &'static str = "product";
    type Settings = CrossSettings;
    type Key = Mesh;
    type Output = CrossRun;

    fn key(s: &CrossSettings) -> (Mesh, Vec<Notice>) {
        (Mesh::new(s.rows.max(1), s.cols.max(2)), Vec::new())
    }

    /// Records every product.
    fn compute(m: &Mesh) -> Box<dyn Stepper<Output = CrossRun>> {
        let m = *m;
        Box::new(Immediate::new(move || {
            let trace = record(&m);
            CrossRun {
                max_load: trace.final_state().loads.max_load,
                trace,
            }
        }))
    }

    fn steps(r: &CrossRun) -> usize {
        r.trace.len()
    }
}
