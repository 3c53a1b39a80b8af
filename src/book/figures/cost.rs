//! `cost`: the τ + Mφ model of paper 000 against Table 1's measured CM-5
//! permutations. Stepping adds Table 1's rows one at a time and refits, so
//! the reader sees τ settle from the small messages and φ from the large
//! ones; τ and the bandwidth can also be set by hand (drawn, not fitted).

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::perm::PermCost;
use crate::core::published::ranka94::TABLE1;
use crate::core::step::{Immediate, Stepper};

/// τ in µs (blank: the fit's).
pub const TAU: ParamSpec = ParamSpec {
    key: "tau",
    label: "τ (µs)",
    kind: ParamKind::Number {
        min: 0.0,
        max: 5000.0,
        default: None,
    },
};
/// The bandwidth 1/φ in MB/s (blank: the fit's).
pub const BW: ParamSpec = ParamSpec {
    key: "bw",
    label: "bandwidth 1/φ (MB/s)",
    kind: ParamKind::Number {
        min: 0.01,
        max: 100_000.0,
        default: None,
    },
};

crate::settings! {
    /// The reader's own τ and bandwidth, when set.
    pub struct CostSettings {
        pub tau: Option<f64> = TAU,
        pub bw: Option<f64> = BW,
    }
}

impl CostSettings {
    /// Whether the reader set either.
    pub fn custom(&self) -> bool {
        self.tau.is_some() || self.bw.is_some()
    }

    /// `fit` with the reader's values in place of the fitted ones.
    pub fn over(&self, fit: PermCost) -> PermCost {
        PermCost {
            tau_us: self.tau.unwrap_or(fit.tau_us),
            phi_us_per_byte: self.bw.map_or(fit.phi_us_per_byte, |b| 1.0 / b),
        }
    }
}

/// The cost-model figure.
pub struct Cost;

/// The fit after each prefix of Table 1 (`fits[k]` uses the first k rows).
pub struct Fits {
    pub fits: Vec<Option<PermCost>>,
}

impl Figure for Cost {
    const TITLE: &'static str = "The τ + Mφ model against the CM-5 (Table 1 of paper 000)";
    const UNIT: &'static str = "row";
    const START_AT_END: bool = true;
    type Settings = CostSettings;
    /// The fits do not depend on the settings, which are only drawn.
    type Key = ();
    type Output = Fits;

    fn key(_: &CostSettings) -> ((), Vec<Notice>) {
        ((), Vec::new())
    }

    fn compute(_: &()) -> Box<dyn Stepper<Output = Fits>> {
        Box::new(Immediate::new(|| {
            let pts: Vec<(u64, f64)> = TABLE1
                .iter()
                .map(|r| (r.bytes, r.ave_ms * 1000.0))
                .collect();
            Fits {
                fits: (0..=pts.len()).map(|k| PermCost::fit(&pts[..k])).collect(),
            }
        }))
    }

    /// One step per row of Table 1.
    fn steps(f: &Fits) -> usize {
        f.fits.len() - 1
    }
}
