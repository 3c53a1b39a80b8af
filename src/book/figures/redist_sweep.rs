//! `redist_sweep`: step counts and GDM-predicted times of the direct,
//! indirect, best hybrid and multiphase plans for every K from 2 to P
//! (paper 003, §5, Figures 14-15), prime K marked.

use crate::book::figure::Figure;
use crate::book::inputs::redist::{ELEMENT_BYTES, MACHINE, MAX_PRICED, int};
use crate::book::params::Notice;
use crate::core::cost::gdm::Gdm;
use crate::core::redist::sweep::{KSweep, KSweepConfig, KSweeping};
use crate::core::step::{Immediate, Stepper};

crate::settings! {
    /// P, the array's size and the machine.
    pub struct RedistSweepSettings {
        pub p: usize = int("p", "processors P", 2, MAX_PRICED, 64) => "at most 128 here: every K prices every schedule's exact plan",
        pub n: usize = int("n", "array elements N (4 bytes each)", 1, 1_000_000_000, 400_000) => "Figure 14: 1.6 MB, i.e. 400 000 elements",
        pub machine: Gdm = MACHINE => "GDM parameters T_d and τ_d of §5 (modern: an assumed order of magnitude)",
    }
}

/// The sweep figure.
pub struct RedistSweep;

impl Figure for RedistSweep {
    const TITLE: &'static str = "Steps and predicted times as K varies (GDM model)";
    const UNIT: &'static str = "K";
    const START_AT_END: bool = true;
    type Settings = RedistSweepSettings;
    type Key = KSweepConfig;
    type Output = KSweep;

    fn key(s: &RedistSweepSettings) -> (KSweepConfig, Vec<Notice>) {
        let config = KSweepConfig {
            p: s.p.max(2),
            n: s.n.max(1),
            b: ELEMENT_BYTES,
            gdm: s.machine,
        };
        (config, Vec::new())
    }

    // The settings' ranges keep K, P and N valid; should they not be, an
    // empty result says so rather than a failure.
    fn compute(config: &KSweepConfig) -> Box<dyn Stepper<Output = KSweep>> {
        let config = *config;
        match KSweeping::new(config) {
            Ok(s) => Box::new(s),
            Err(_) => Box::new(Immediate::new(move || KSweep {
                config,
                rows: Vec::new(),
            })),
        }
    }

    fn steps(s: &KSweep) -> usize {
        s.rows.len()
    }
}
