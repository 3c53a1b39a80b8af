//! `scatter`: one one-to-all algorithm of paper 001 (§3) on an R×C mesh,
//! superstep by superstep, with the tree its sends draw.

use crate::book::figure::Figure;
use crate::book::inputs::collective::{
    BYTES, COLS, COLS_NOTE, GAMMA_NOTE, ROOT_NOTE, ROWS_NOTE, ROOT, ROWS, CollectiveRequest, SCATTER_ALGO, SCATTER_GAMMA,
};
use crate::book::params::Notice;
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Algo, Op, Spec};
use crate::core::mesh::tree::SendTree;
use crate::core::mesh::view::CollState;
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;

crate::settings! {
    /// A scatter on a mesh.
    pub struct ScatterSettings {
        pub algo: Algo = SCATTER_ALGO,
        pub rows: usize = ROWS => ROWS_NOTE,
        pub cols: usize = COLS => COLS_NOTE,
        pub root: usize = ROOT => ROOT_NOTE,
        pub gamma: Option<f64> = SCATTER_GAMMA => GAMMA_NOTE,
        pub bytes: u64 = BYTES,
    }
}

/// The scatter figure.
pub struct Scatter;

/// A scatter, its trace and what the view shows beside it.
pub struct ScatterRun {
    pub spec: Spec,
    pub trace: Trace<CollState>,
    pub tree: Option<SendTree>,
    pub setups: usize,
    pub predicted_us: f64,
}

impl Figure for Scatter {
    const TITLE: &'static str = "One-to-all on a mesh, superstep by superstep";
    const UNIT: &'static str = "superstep";
    type Settings = ScatterSettings;
    type Key = Spec;
    type Output = ScatterRun;

    fn key(s: &ScatterSettings) -> (Spec, Vec<Notice>) {
        CollectiveRequest {
            algo: Some(s.algo),
            rows: s.rows,
            cols: s.cols,
            root: s.root,
            gamma: s.gamma,
            bytes: s.bytes,
        }
        .read(Op::Scatter)
    }

    // Every figure of the mesh chapters is quick at the sizes its settings
    // allow (at most 16×32 processors: under a tenth of a second).
    fn compute(spec: &Spec) -> Box<dyn Stepper<Output = ScatterRun>> {
        let spec = *spec;
        Box::new(Immediate::new(move || {
            let (c, trace) = crate::core::mesh::trace_rooted(&spec);
            ScatterRun {
                tree: SendTree::of(&c),
                setups: c.setups(),
                predicted_us: DeltaCost::delta().collective_us(&c),
                spec,
                trace,
            }
        }))
    }

    fn steps(r: &ScatterRun) -> usize {
        r.trace.len()
    }
}
