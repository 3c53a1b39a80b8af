//! `links`: the i-th linear, exclusive-or and balanced permutation of
//! all-to-all side by side as link-load heat maps, with each scheme's
//! max_load and sum_load (paper 001, §5.1).

use crate::book::figure::Figure;
use crate::book::inputs::collective::{COLS, ROWS};
use crate::book::params::Notice;
use crate::core::mesh::load_view::{LoadState, record};
use crate::core::net::mesh::Mesh;
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;

crate::settings! {
    /// The mesh.
    pub struct LinksSettings {
        pub rows: usize = ROWS => "at most 16",
        pub cols: usize = COLS => "at most 32: 16×32 is the Delta",
    }
}

/// The link-load figure.
pub struct Links;

/// The trace and its final state (each scheme's totals).
pub struct LoadRun {
    pub trace: Trace<LoadState>,
    pub end: LoadState,
}

impl Figure for Links {
    const TITLE: &'static str = "Link loads of linear, XOR and balanced permutations";
    const UNIT: &'static str = "permutation";
    type Settings = LinksSettings;
    type Key = Mesh;
    type Output = LoadRun;

    fn key(s: &LinksSettings) -> (Mesh, Vec<Notice>) {
        let (r, c) = (s.rows.max(1), s.cols.max(1));
        if r * c < 2 {
            let note = Notice("a 1×1 mesh has nothing to send; using 1×2".into());
            return (Mesh::new(1, 2), vec![note]);
        }
        (Mesh::new(r, c), Vec::new())
    }

    /// Records the three schemes.
    fn compute(m: &Mesh) -> Box<dyn Stepper<Output = LoadRun>> {
        let m = *m;
        Box::new(Immediate::new(move || {
            let trace = record(&m);
            LoadRun {
                end: trace.final_state(),
                trace,
            }
        }))
    }

    fn steps(r: &LoadRun) -> usize {
        r.trace.len()
    }
}
