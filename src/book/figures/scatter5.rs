//! `scatter5`: 1-lev-dir and the four combining scatters of paper 001 at
//! the same superstep on one mesh, with their set-ups, largest effective
//! message and time on the Delta model.

use crate::book::figure::Figure;
use crate::book::inputs::collective::{BYTES, COLS, COLS_NOTE, GAMMA_NOTE, ROOT_NOTE, ROWS_NOTE, ROOT, ROWS, CollectiveRequest, SCATTER_GAMMA};
use crate::book::params::Notice;
use crate::core::mesh::compare::{self, Run, five};
use crate::core::mesh::config::{CollectiveConfig, Op};
use crate::core::step::{Immediate, Stepper};

crate::settings! {
    /// The mesh, root, γ and L the five share.
    pub struct Scatter5Settings {
        pub rows: usize = ROWS => ROWS_NOTE,
        pub cols: usize = COLS => COLS_NOTE,
        pub root: usize = ROOT => ROOT_NOTE,
        pub gamma: Option<f64> = SCATTER_GAMMA => GAMMA_NOTE,
        pub bytes: u64 = BYTES,
    }
}

/// The five-scatters figure.
pub struct Scatter5;

impl Figure for Scatter5 {
    const TITLE: &'static str = "Five scatters side by side";
    const UNIT: &'static str = "superstep";
    type Settings = Scatter5Settings;
    type Key = CollectiveConfig;
    type Output = Vec<Run>;

    /// Checks the mesh and root as one scatter would (γ goes to
    /// logp-lev-rec).
    fn key(s: &Scatter5Settings) -> (CollectiveConfig, Vec<Notice>) {
        let (spec, notices) = CollectiveRequest {
            algo: None,
            rows: s.rows,
            cols: s.cols,
            root: s.root,
            gamma: s.gamma,
            bytes: s.bytes,
        }
        .read(Op::Scatter);
        let mut cfg = CollectiveConfig::new(Op::Scatter, spec.algo, spec.mesh.rows, spec.mesh.cols);
        cfg.root = Some(spec.root);
        cfg.gamma = s.gamma;
        cfg.bytes = spec.bytes;
        (cfg, notices)
    }

    /// Runs the five (the settings are checked by `key`, so they run).
    fn compute(cfg: &CollectiveConfig) -> Box<dyn Stepper<Output = Vec<Run>>> {
        let cfg = *cfg;
        Box::new(Immediate::new(move || five(&cfg).unwrap_or_default()))
    }

    fn steps(runs: &Vec<Run>) -> usize {
        compare::len(runs)
    }
}
