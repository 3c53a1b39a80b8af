//! `breakeven`: where CGM beats LP over message size and density (paper
//! 000, §5.1, equations 5 and 6). The player adds the layers one at a
//! time: Tables 2-3's measured winners, the model's break-even line, then
//! the two approximations. τ, φ, C1, C2, C3, n and the number of times a
//! schedule is reused can be changed; the constants default to the fits of
//! `core::cost::breakeven`.

use super::cost::{BW, TAU};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::breakeven::{self, Lines, LpCgmModel};
use crate::core::step::{Immediate, Stepper};

/// A model constant that defaults to its fitted value.
const fn constant(key: &'static str, label: &'static str, min: f64, max: f64) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Number {
            min,
            max,
            default: None,
        },
    }
}

/// Processors.
pub const N: ParamSpec = ParamSpec {
    key: "n",
    label: "processors n",
    kind: ParamKind::Int {
        min: 2,
        max: 4096,
        default: 32,
    },
};
/// C1, LP's data term.
pub const C1: ParamSpec = constant("c1", "C1 (LP's data term)", 0.0, 100.0);
/// C2, µs per d·n·ln d of scheduling.
pub const C2: ParamSpec = constant("c2", "C2 (µs per d·n·ln d)", 0.001, 10_000.0);
/// C3, CGM's permutations.
pub const C3: ParamSpec = constant("c3", "C3 (CGM's permutations)", 0.0, 100.0);
/// How many times one schedule is used.
pub const REUSE: ParamSpec = ParamSpec {
    key: "reuse",
    label: "schedule used r times",
    kind: ParamKind::Int {
        min: 1,
        max: 1_000_000,
        default: 1,
    },
};

crate::settings! {
    /// The model's constants; blank ones take their fitted values.
    pub struct BreakevenSettings {
        pub n: usize = N,
        pub tau: Option<f64> = TAU,
        pub bw: Option<f64> = BW,
        pub c1: Option<f64> = C1,
        pub c2: Option<f64> = C2,
        pub c3: Option<f64> = C3,
        pub reuse: u64 = REUSE,
    }
}

/// The break-even figure.
pub struct Breakeven;

/// The model and its lines.
pub struct BreakevenRun {
    pub model: LpCgmModel,
    pub lines: Lines,
}

/// Layers the player adds: the measured winners, the break-even line, the
/// two approximations.
pub const LAYERS: usize = 3;

impl Figure for Breakeven {
    const TITLE: &'static str = "When CGM beats LP: equations 5 and 6";
    const UNIT: &'static str = "layer";
    const START_AT_END: bool = true;
    type Settings = BreakevenSettings;
    type Key = LpCgmModel;
    type Output = BreakevenRun;

    /// The fitted model with the reader's overrides; every value is
    /// range-checked by its spec, so nothing here can fail.
    fn key(s: &BreakevenSettings) -> (LpCgmModel, Vec<Notice>) {
        let fit = LpCgmModel::fitted();
        let mut cost = fit.cost;
        if let Some(t) = s.tau {
            cost.tau_us = t;
        }
        if let Some(bw) = s.bw {
            cost.phi_us_per_byte = 1.0 / bw;
        }
        let model = LpCgmModel {
            n: s.n.max(2),
            cost,
            c1: s.c1.unwrap_or(fit.c1),
            c2_us: s.c2.unwrap_or(fit.c2_us),
            c3: s.c3.unwrap_or(fit.c3),
            reuse: s.reuse.max(1) as f64,
        };
        (model, Vec::new())
    }

    fn compute(m: &LpCgmModel) -> Box<dyn Stepper<Output = BreakevenRun>> {
        let model = *m;
        Box::new(Immediate::new(move || BreakevenRun {
            lines: breakeven::lines(&model),
            model,
        }))
    }

    fn steps(_: &BreakevenRun) -> usize {
        LAYERS
    }
}
