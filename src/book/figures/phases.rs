//! `phases`: Table 4 of paper 000 recomputed live. A sliced job
//! (`core::sweep`) schedules Figure-7 matrices for every density of the
//! table with CGM and, for n = 32 and 128, GM with either row scan; the
//! player steps through the samples, so the averages can be watched as
//! they settle against the published points and d + log₂ d.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::step::Stepper;
use crate::core::sweep::{GmRuns, PhaseSweep, PhaseSweepConfig, PhaseSweepResult};

/// Largest n at which GM is run: one GM run at n = 512 takes up to a few
/// hundred milliseconds in the browser, too long for one slice.
pub const GM_MAX_N: usize = 128;

crate::core::keyword_enum! {
    /// What the chart plots.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Plot {
        /// Permutations against density, with d + log₂ d.
        Phases = "phases",
        /// Permutations beyond d, with log₂ d.
        Extra = "extra",
        /// CGM's probes per processor against d · ln d.
        Work = "work",
    }
}

crate::keyword_settings!(whole: Plot);

/// Processors: the table's three sizes.
pub const N: ParamSpec = ParamSpec {
    key: "n",
    label: "processors n",
    kind: ParamKind::Choice {
        options: &crate::core::published::ranka94::TABLE4_N_WORDS,
        default: "32",
    },
};
/// Matrices per density.
pub const SAMPLES: ParamSpec = ParamSpec {
    key: "samples",
    label: "matrices per density",
    kind: ParamKind::Int {
        min: 1,
        max: 300,
        default: 20,
    },
};
/// Which GM variants run beside CGM.
pub const GM: ParamSpec = ParamSpec {
    key: "gm",
    label: "also run GM",
    kind: ParamKind::Choice {
        options: GmRuns::WORDS,
        default: "both",
    },
};
/// What the chart plots.
pub const PLOT: ParamSpec = ParamSpec {
    key: "plot",
    label: "plot",
    kind: ParamKind::Choice {
        options: Plot::WORDS,
        default: "phases",
    },
};

crate::settings! {
    /// The sweep and what to plot of it.
    pub struct PhasesSettings {
        pub n: usize = N,
        pub samples: usize = SAMPLES => "up to 300, the paper's count (n = 512 then takes about 15 s)",
        pub gm: GmRuns = GM => "for n = 32 and 128",
        pub plot: Plot = PLOT,
    }
}

/// The Table 4 figure.
pub struct Phases;

impl Figure for Phases {
    const TITLE: &'static str = "Permutations against density: Table 4 recomputed";
    const UNIT: &'static str = "matrix";
    const START_AT_END: bool = true;
    type Settings = PhasesSettings;
    type Key = PhaseSweepConfig;
    type Output = PhaseSweepResult;

    fn key(s: &PhasesSettings) -> (PhaseSweepConfig, Vec<Notice>) {
        let mut notes = Vec::new();
        let mut gm = s.gm;
        if s.n > GM_MAX_N && gm != GmRuns::Off {
            notes.push(Notice(format!(
                "GM is run for n = 32 and 128 only (at n = {} one GM run is too slow for the page); showing CGM alone",
                s.n
            )));
            gm = GmRuns::Off;
        }
        (PhaseSweepConfig::table4(s.n, s.samples.max(1), gm), notes)
    }

    fn compute(c: &PhaseSweepConfig) -> Box<dyn Stepper<Output = PhaseSweepResult>> {
        Box::new(PhaseSweep::new(c.clone()))
    }

    fn steps(r: &PhaseSweepResult) -> usize {
        r.samples()
    }
}
