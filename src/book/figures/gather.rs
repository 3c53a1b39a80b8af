//! `gather`: an all-to-one algorithm of paper 001 (§4) beside the scatter
//! whose supersteps it reverses, with the Delta model's time for each.

use crate::book::figure::Figure;
use crate::book::inputs::collective::{
    BYTES, COLS, GATHER_ALGO, GATHER_GAMMA, COLS_NOTE, GAMMA_NOTE, ROOT_NOTE, ROWS_NOTE, ROOT, ROWS, CollectiveRequest,
};
use crate::book::params::Notice;
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Algo, Op, Spec};
use crate::core::mesh::view::{CollState, record};
use crate::core::mesh::{self, Collective, scatter};
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;

crate::settings! {
    /// A gather on a mesh.
    pub struct GatherSettings {
        pub algo: Algo = GATHER_ALGO,
        pub rows: usize = ROWS => ROWS_NOTE,
        pub cols: usize = COLS => COLS_NOTE,
        pub root: usize = ROOT => ROOT_NOTE,
        pub gamma: Option<f64> = GATHER_GAMMA => GAMMA_NOTE,
        pub bytes: u64 = BYTES,
    }
}

/// The gather figure.
pub struct Gather;

/// One side of the comparison.
pub struct GatherSide {
    pub spec: Spec,
    pub trace: Trace<CollState>,
    pub setups: usize,
    pub predicted_us: f64,
}

fn side(c: Collective) -> GatherSide {
    GatherSide {
        trace: record(&c.spec, &c.supersteps),
        setups: c.setups(),
        predicted_us: DeltaCost::delta().collective_us(&c),
        spec: c.spec,
    }
}

impl Figure for Gather {
    const TITLE: &'static str = "All-to-one: the mirror image of a scatter";
    const UNIT: &'static str = "superstep";
    type Settings = GatherSettings;
    type Key = Spec;
    /// The gather, then its mirror.
    type Output = [GatherSide; 2];

    fn key(s: &GatherSettings) -> (Spec, Vec<Notice>) {
        CollectiveRequest {
            algo: Some(s.algo),
            rows: s.rows,
            cols: s.cols,
            root: s.root,
            gamma: s.gamma,
            bytes: s.bytes,
        }
        .read(Op::Gather)
    }

    /// Runs the gather and its mirror: the scatter supersteps it reverses
    /// (for γ < 0.5 a scatter the paper would not run, but the same cuts).
    fn compute(spec: &Spec) -> Box<dyn Stepper<Output = [GatherSide; 2]>> {
        let spec = *spec;
        Box::new(Immediate::new(move || {
            let forward = Collective {
                spec: Spec {
                    op: Op::Scatter,
                    ..spec
                },
                supersteps: scatter::supersteps(&spec),
            };
            [side(mesh::run_rooted(&spec)), side(forward)]
        }))
    }

    fn steps(sides: &[GatherSide; 2]) -> usize {
        sides[0].trace.len()
    }
}
